"""The Guandan AI: legal, deterministic per seed, reads only the public API, plans its hand,
respects its partner, and beats random and greedy play."""

from __future__ import annotations

import pytest

import cardcore
from cardcore import agents
from cardcore._backend import kernel
from cardcore.agents.guandan import GuandanAI, choose, plan_cost
from cardcore.cards import parse
from cardcore.guandan.moves import counts_of

from public_view import play_public


def ids(text: str) -> list[int]:
    return [int(c) for c in parse(text)]


def test_plan_cost_prefers_whole_combinations():
    straight = counts_of(ids("3c 4d 5s 6h 7c"))
    loose = counts_of(ids("3c 5d 7s 9h Jc"))
    assert plan_cost(straight, 0) < plan_cost(loose, 0)
    full = counts_of(ids("8c 8d 8s 4h 4c"))
    assert plan_cost(full, 0) < plan_cost(counts_of(ids("8c 8d 8s 4h 5c")), 0)


def _plays(hand: str, level: str = "2", beat=None):
    s = cardcore.new_game("guandan", seed=1, level=level, single_deal=True, first=0)
    s.hands = [s._sort(ids(hand)), ids("3c"), ids("3d"), ids("3s")]
    if beat is not None:
        s.table = [1, beat[0], beat[1], ids(beat[2]), list(beat[3])]
        s.passes = 0
    return [a for a in s.legal_actions() if a.kind != "pass"]


def test_leads_a_weak_combination_and_keeps_the_bomb():
    hand = "3c 4d 5s 6h 7c 9c 9d 9s 9h Kd"
    plays = _plays(hand)
    m = choose(list(counts_of(ids(hand))), 0, plays, leading=True, table_by_partner=False,
               opponent_min=20, partner_left=20)
    assert m is not None and m.kind == "straight"


def test_does_not_beat_a_partner_holding_the_table():
    hand = "Ac Ad 5c 9h"
    plays = _plays(hand, beat=("pair", "77", "7c 7d", (1, 5, 2)))
    assert any(a.kind == "pair" for a in plays)
    m = choose(list(counts_of(ids(hand))), 0, plays, leading=False, table_by_partner=True,
               opponent_min=20, partner_left=20)
    assert m is None


def test_feeds_a_partner_with_one_card_left():
    hand = "3c 8d 8s Kc Kd Ks"
    plays = _plays(hand)
    m = choose(list(counts_of(ids(hand))), 0, plays, leading=True, table_by_partner=False,
               opponent_min=10, partner_left=1)
    assert m is not None and m.kind == "single" and m.text == "3"


def test_goes_out_when_it_can():
    hand = "Qc Qd"
    plays = _plays(hand)
    m = choose(list(counts_of(ids(hand))), 0, plays, leading=True, table_by_partner=False,
               opponent_min=10, partner_left=10)
    assert m is not None and m.text == "QQ"


def test_same_seed_same_game_with_ai_seats():
    a = cardcore.play_match("guandan", ["ai"] * 4, seed=3, single_deal=True)
    b = cardcore.play_match("guandan", ["ai"] * 4, seed=3, single_deal=True)
    assert a.history == b.history and a.scores() == b.scores()


def test_reads_only_the_public_api_through_a_whole_match():
    seats = [agents.get("ai", "guandan", seed=i) for i in range(2)] * 2
    seats = [seats[0], agents.get("greedy", "guandan"), seats[1],
             agents.get("random", "guandan", seed=9)]
    state, reads = play_public("guandan", seats, seed=5, level="Q")
    assert state.is_over
    assert reads <= {"observation", "legal_actions", "current_player", "num_players", "game",
                     "is_over"}


def test_returns_the_card_its_plan_misses_least():
    s = _after_deal([0, 1, 2, 3], [ids("3c 4c 5c 6c 7c 9d Ac"), ids("Kc"), ids("Qc"),
                                   ids("As Ks Kd")], 0)
    action = agents.get("ai", "guandan", seed=1).act(s)
    assert action.kind == "return" and action.text == "return 9d"


def test_bad_options_are_clear():
    with pytest.raises(cardcore.CardcoreError, match="samples"):
        GuandanAI(samples=-1)


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_the_ai_team_wins_most_deals(opponent):
    wins = 0
    for k in range(8):
        team = k % 2
        seats = [agents.get("ai", "guandan", seed=k * 4 + s, samples=0) if s % 2 == team
                 else agents.get(opponent, "guandan", seed=k * 4 + s) for s in range(4)]
        state = cardcore.new_game("guandan", seed=k, single_deal=True)
        while not state.is_over:
            state.apply(seats[state.current_player].act(state))
        wins += state.scores()[team] > 0
    assert wins >= 6


# ---------------------------------------------------------------- every tribute case

from itertools import permutations  # noqa: E402

from cardcore.agents.strength import STRENGTHS  # noqa: E402
from cardcore.cards import deck108  # noqa: E402
from cardcore.guandan import team_of  # noqa: E402
from cardcore.rng import Rng  # noqa: E402

RJ = ids("RJ")[0]


def _full_hands(seed: int) -> list[list[int]]:
    cards = [int(c) for c in deck108()]
    Rng(seed).shuffle(cards)
    return [cards[27 * s:27 * (s + 1)] for s in range(4)]


def _give(hands: list[list[int]], seat: int, card: int, k: int) -> None:
    """Move ``k`` copies of ``card`` into ``hands[seat]``, swapping out its non-``card`` cards."""
    for _ in range(k - hands[seat].count(card)):
        src = next(s for s in range(4) if s != seat and card in hands[s]
                   and hands[seat].count(card) < k)
        out = next(c for c in hands[seat] if c != card)
        hands[src].remove(card)
        hands[src].append(out)
        hands[seat].remove(out)
        hands[seat].append(card)


def _after_deal(places: list[int], hands: list[list[int]], level: int):
    """A later deal of a match whose previous deal ended in ``places``, dealt ``hands``: the
    tribute is paid (or refused) by the rules."""
    s = cardcore.new_game("guandan", seed=4, single_deal=False)
    s._core = kernel("guandan_step").Core(hands, level, None, previous=places)
    s.deal_no = 2
    return s


def _tribute_cases():
    """(name, places, hands, level): single and double tribute, refused by one payer holding
    both red jokers or by two payers holding one each, paid by a payer with one red joker."""
    for i, places in enumerate(permutations(range(4))):
        places = list(places)
        double = team_of(places[0]) == team_of(places[1])
        payers = places[2:] if double else places[3:]
        level = (0, 5, 12)[i % 3]
        kind = "double" if double else "single"
        yield f"{kind}-{i}", places, _full_hands(i), level
        hands = _full_hands(100 + i)
        _give(hands, payers[0], RJ, 2)
        yield f"{kind}-refused-{i}", places, hands, level
        if double:
            hands = _full_hands(200 + i)
            for p in payers:
                _give(hands, p, RJ, 1)
            yield f"double-refused-together-{i}", places, hands, level
        else:
            hands = _full_hands(300 + i)
            _give(hands, payers[0], RJ, 1)
            yield f"single-one-red-joker-{i}", places, hands, level


def test_every_tribute_case_the_ai_answers_legally_at_every_strength():
    seen = {"single": 0, "double": 0, "refused": 0, "returns": 0}
    for name, places, hands, level in _tribute_cases():
        s = _after_deal(places, hands, level)
        if s.tribute_cancelled:
            seen["refused"] += 1
            assert s.phase == "play" and s.current_player == places[0], name
        else:
            seen["double" if len(s.tribute) == 2 else "single"] += 1
        # every return (first place's, then second's) and the first lead after it
        while s.phase == "return" or not s.plays:
            for k, strength in enumerate(STRENGTHS):
                a = agents.get("ai", "guandan", seed=k, strength=strength).act(s)
                assert a in s.legal_actions(), (name, strength, a)
            a = agents.get("ai", "guandan", seed=7).act(s)
            if s.phase == "return":
                seen["returns"] += 1
                assert a.kind == "return"
            s.apply(a)
    assert seen["single"] >= 12 and seen["double"] >= 8 and seen["refused"] >= 24
    assert seen["returns"] == seen["single"] + 2 * seen["double"]


@pytest.mark.parametrize("strength", [pytest.param(s, marks=[pytest.mark.slow] if s == "strong"
                                                   else []) for s in STRENGTHS])
def test_whole_matches_with_tributes_at_every_strength(strength):
    # (strong takes about 13 s here: a slow sweep)
    s = cardcore.new_game("guandan", seed=11, level="5")
    seats = [agents.get("ai", "guandan", seed=p, strength=strength) if p % 2 == 0
             else agents.get("greedy", "guandan") for p in range(4)]
    returns = 0
    while not s.is_over and s.deal_no <= 2:         # two whole deals, into the third
        a = seats[s.current_player].act(s)
        assert a in s.legal_actions()
        returns += a.kind == "return"
        s.apply(a)
    assert s.deal_no > 2 and returns >= 1


def test_strength_options_and_bad_mistakes():
    assert GuandanAI(seed=1, strength="easy").samples == 0
    assert GuandanAI(seed=1, strength="easy").mistakes == 0.2
    normal = GuandanAI(seed=1)
    assert (normal.samples, normal.search_cards, normal.candidates, normal.mistakes) == (
        6, 5, 3, 0.0)
    assert GuandanAI(seed=1, strength="strong", samples=2).samples == 2
    for bad in (-0.1, 1.5, "x", True):
        with pytest.raises(cardcore.CardcoreError, match="mistakes"):
            GuandanAI(seed=1, mistakes=bad)


def test_does_not_lead_a_low_single_to_an_opponent_with_one_card():
    hand = "3c 9d 9s"
    plays = _plays(hand)
    args = {"leading": True, "table_by_partner": False, "partner_left": 20}
    m = choose(list(counts_of(ids(hand))), 0, plays, opponent_min=10, **args)
    assert m is not None and m.text == "3"
    m = choose(list(counts_of(ids(hand))), 0, plays, opponent_min=1, **args)
    assert m is not None and m.kind == "pair"
