"""Tractor (Shengji) the game: every line of ``docs/rules/tractor.md`` pinned through the public
``State`` API with stacked decks (declaring, burying, leading, following, winning, scoring,
the result table and its boundaries, the kitty bonus, who deals next, levels and the match),
the options, the observation and the view, and piecewise play that never reaches an illegal
play or a dead end."""

from __future__ import annotations

import json

import pytest

import cardcore
from cardcore import CardError, IllegalAction, OptionError
from cardcore.agents import RandomAgent
from cardcore.cards import deck108, parse
from cardcore.rng import Rng
from cardcore.tractor import TractorState, rules


def ids(text: str) -> list[int]:
    return [int(c) for c in parse(text)]


def rs(ranks: str, suits: str) -> str:
    return " ".join(r + s for s in suits for r in ranks)


def stack(spec: dict, level: str = "2", first_suits: str = "") -> list[int]:
    """A stacked deck: each seat's listed cards (and the kitty's), filled up to 25 (8) from the
    rest of the two decks in id order -- the cards of ``first_suits`` first (so seat 0 gets
    them), level cards and jokers last."""
    lv = rules.LEVELS.index(level)
    pool = [int(c) for c in deck108()]
    given = {k: ids(v) for k, v in spec.items()}
    for cs in given.values():
        for c in cs:
            pool.remove(c)
    pool.sort(key=lambda c: (c >= 52 or (c >> 2) == lv, "cdhs"[c & 3] not in first_suits, c))
    out = []
    for key, size in ((0, 25), (1, 25), (2, 25), (3, 25), ("kitty", 8)):
        cs = given.get(key, [])
        need = size - len(cs)
        assert need >= 0, key
        out += cs + pool[:need]
        pool = pool[need:]
    assert not pool
    return out


def new(deck=None, **options) -> TractorState:
    options.setdefault("single_deal", True)
    return cardcore.new_game("tractor", seed=1, deck=deck, **options)


def texts(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


def run(state, actions) -> None:
    for a in actions.split(",") if isinstance(actions, str) else actions:
        state.apply(a.strip())


def full(state) -> str:
    return json.dumps(state._state_dict(), sort_keys=True)


def to_play(state, bury=None) -> None:
    """Bury ``bury`` (or the dealer's first offered cards) and reach the first lead."""
    if bury is not None:
        for c in bury.split():
            state.apply(f"bury {c}")
    while state.phase == "bury":
        state.apply(state.legal_actions()[0])


def strength_key(obs):
    t = obs["trump"]
    t = None if t == "nt" else t
    lv = obs["level"]
    return lambda c: (rules.is_trump(c, t, lv), rules.strength(c, t, lv), c)


def drive(state, strong: int, last_size: int = 1) -> None:
    """Play the deal out: the ``strong`` team leads its strongest single card (its whole hand
    once that is a legal lead of at most ``last_size`` cards) and follows high unless its
    partner is winning; the other team leads and follows low."""
    deal = state.deal_no
    while not state.is_over and state.deal_no == deal:
        seat = state.current_player
        obs = state.observation(seat)
        legal = state.legal_actions()
        key = strength_key(obs)
        mine = (seat & 1) == strong
        if not obs["trick"]:
            hand = sorted(obs["hand"])
            whole = [a for a in legal if sorted(int(c) for c in a.cards) == hand]
            if mine and 2 <= len(hand) <= last_size and whole:
                a = whole[0]
            else:
                singles = [a for a in legal if len(a.cards) == 1]
                a = (max if mine else min)(singles, key=lambda a: key(int(a.cards[0])))
        else:
            t = obs["trump"]
            plays = [cs for _, cs in obs["trick"]]
            w = obs["trick"][rules.trick_winner(plays, None if t == "nt" else t,
                                                obs["level"])][0]
            high = mine and (w & 1) != strong
            a = (max if high else min)(legal, key=lambda a: key(int(a.cards[0])))
        state.apply(a)


# ---------------------------------------------------------------- constructed deals

#: the attackers (seats 0 & 2) hold every high card: seat 1 declares 2d first (so it deals),
#: seat 2 overcalls with 2c 2c (trumps clubs). Seat 2 wins every trick.
ATTACK = {
    1: rs("345678", "dhsc") + " 2d",
    3: rs("345678", "dhsc") + " 9c",
    2: "RJ RJ BJ BJ 2c 2c 2d 2h 2h 2s 2s Ac Ac Kc Kc Ad Ad Ah Ah As As 9d 9d Td Td",
    0: "9h 9h 9s 9s 9c Th Th Ts Ts Tc Tc Jc Jc Jh Jh Js Js Qc Qc Kd Kd Kh Kh Ks Ks",
    "kitty": "Qd Qd Qh Qh Qs Qs Jd Jd",
}
#: the same with a King in the kitty (seat 0 holds a Jd instead): 10 kitty points
ATTACK_K = {**ATTACK, "kitty": "Qd Qd Qh Qh Qs Qs Jd Kd", 0: ATTACK[0].replace("Kd Kd", "Kd Jd")}
#: the defenders (dealer seat 0 and seat 2) hold every high card: the attackers win nothing
DEFEND = {
    0: "Ad Ad Kd Kd Qd Qd Ah Ah Kh Kh Qh Qh As As Ks Ks Qs Qs RJ RJ BJ BJ 2c 2c 2d",
    2: "2d 2h 2h 2s 2s Ac Ac Jd Jd Td Td 5d 5d Jh Jh Th Th 5h 5h Js Js Ts Ts 5s 5s",
    1: rs("346789", "dhsc") + " Jc",
    3: rs("346789", "dhsc") + " Jc",
    "kitty": "Kc Kc Qc Qc Tc Tc 5c 5c",
}


def deck_of(spec: dict) -> list[int]:
    out = sum((ids(spec[i]) for i in range(4)), []) + ids(spec["kitty"])
    assert sorted(out) == sorted(int(c) for c in deck108())
    return out


def attack_deal(spec=ATTACK, last_size=1, **options):
    s = new(deck_of(spec), first=1, **options)
    run(s, "declare 2d, declare 2c 2c, pass, pass, pass")
    to_play(s, spec["kitty"])
    drive(s, strong=0, last_size=last_size)
    return s


def defend_deal(**options):
    s = new(deck_of(DEFEND), first=0, **options)
    run(s, "declare 2c, pass, pass, pass")
    to_play(s, DEFEND["kitty"])
    drive(s, strong=0)
    return s


# ---------------------------------------------------------------- the deal

def test_deal_stacks_25_each_then_the_kitty_and_the_dealer_takes_it():
    deck = stack({0: "2h", 1: "Ac", "kitty": "3d 4d 5d 6d 7d 8d 9d Td"})
    s = new(deck, first=0)
    for seat in range(4):
        assert sorted(s.observation(seat)["hand"]) == sorted(deck[seat * 25:(seat + 1) * 25])
        assert s.observation(seat)["kitty"] is None
    assert s.observation(0)["hand_sizes"] == [25, 25, 25, 25]
    run(s, "declare 2h, pass, pass, pass")
    assert s.phase == "bury" and s.current_player == 0 and s.dealer == 0
    obs = s.observation(0)
    assert len(obs["hand"]) == 33
    assert sorted(obs["kitty"]) == sorted(deck[100:])
    for seat in (1, 2, 3):
        assert s.observation(seat)["kitty"] is None
        assert s.observation(seat)["buried"] is None


def test_bad_decks():
    with pytest.raises(CardError, match="108"):
        new(ids("As Kd"))
    deck = [int(c) for c in deck108()]
    deck[0] = deck[1]
    with pytest.raises(CardError, match="wrong content"):
        new(deck)


# ---------------------------------------------------------------- declaring

LADDER = stack({0: "2h", 1: "2s 2s", 2: "BJ BJ 2c", 3: "RJ RJ 2h", "kitty": "2c 2d 2d 3c"})


def test_declaration_ladder_and_overcalls():
    s = new(LADDER, first=0)
    assert texts(s) == ["pass", "declare 2h"]
    s.apply("declare 2h")
    # seat 1: a single may not overcall a single, the pair may
    assert texts(s) == ["pass", "declare 2s 2s"]
    s.apply("2s 2s")                      # the bare cards are read as the declaration
    assert s.history[-1].action.text == "declare 2s 2s"
    # seat 2: nothing at the level of a pair; two Black Jokers overcall it
    assert texts(s) == ["pass", "declare BJ BJ"]
    s.apply("declare BJ BJ")
    assert texts(s) == ["pass", "declare RJ RJ"]
    s.apply("declare RJ RJ")
    # seat 0: nothing beats two Red Jokers
    assert texts(s) == ["pass"]
    with pytest.raises(IllegalAction):
        s.apply("declare 2h")
    run(s, "pass, pass, pass")
    assert s.trump == 4 and s.observation(0)["trump"] == "nt"
    # the first declarer deals the first deal, however often it was overcalled
    assert s.dealer == 0 and s.phase == "bury"
    d = s.observation(2)["declaration"]
    assert d == {"seat": 3, "rung": 4, "trump": "nt", "cards": [53, 53]}
    assert [a for _, a in s.observation(1)["declarations"]] == [
        "declare 2h", "declare 2s 2s", "declare BJ BJ", "declare RJ RJ", "pass", "pass", "pass"]


def test_equal_overcalls_are_not_allowed():
    deck = stack({0: "2h 2h", 1: "2s 2s", 2: "2c", 3: "2d", "kitty": "2c 2d BJ BJ RJ RJ"})
    s = new(deck, first=0)
    s.apply("declare 2h 2h")
    assert texts(s) == ["pass"]              # a pair of 2s does not overcall a pair of 2h
    with pytest.raises(IllegalAction):
        s.apply("declare 2s 2s")
    s.apply("pass")
    assert texts(s) == ["pass"]              # nor does a single


def test_no_declaring_out_of_turn_nor_without_the_cards():
    s = new(LADDER, first=2)
    assert s.current_player == 2
    before = full(s)
    for bad in ("declare 2h", "declare RJ RJ", "declare 2s 2s", "declare 7h", "bury 3c"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert full(s) == before
    s.apply("pass")
    assert s.current_player == 3


def test_three_passes_settle_and_a_passed_player_may_declare_later():
    deck = stack({0: "2h", 1: "2s 2s", "kitty": "2c 2c 2d 2d 2h BJ BJ RJ"})
    s = new(deck, first=1)
    run(s, "pass, pass, pass")              # seats 1, 2, 3
    s.apply("declare 2h")                   # seat 0
    run(s, "declare 2s 2s")                 # seat 1 passed before and may still overcall
    run(s, "pass, pass")
    assert s.phase == "declare"             # two passes do not settle
    s.apply("pass")
    assert s.phase == "bury" and s.observation(3)["trump"] == "s"
    assert s.dealer == 0                    # the first declarer, not the speaker (seat 1)


def test_four_passes_reveal_the_kitty_first_non_joker_suit_first_speaker_deals():
    deck = stack({"kitty": "BJ RJ 7h 3c 4d 5s 6s 8s"})
    s = new(deck, first=2)
    run(s, "pass, pass, pass, pass")
    assert s.phase == "bury" and s.dealer == 2 and s.current_player == 2
    for seat in range(4):
        obs = s.observation(seat)
        assert obs["trump"] == "h"
        assert obs["revealed_kitty"] == ids("BJ RJ 7h 3c 4d 5s 6s 8s")
    assert s.observation(2)["kitty"] == ids("BJ RJ 7h 3c 4d 5s 6s 8s")


def test_four_passes_keep_the_dealer_in_a_later_deal_and_the_dealer_speaks_first():
    # deal 1 (DEFEND): seat 0 deals and the attackers score nothing, so the dealer's partner
    # (seat 2) deals deal 2 and speaks first there
    s = cardcore.new_game("tractor", seed=4, deck=deck_of(DEFEND), first=0)
    run(s, "declare 2c, pass, pass, pass")
    to_play(s, DEFEND["kitty"])
    drive(s, strong=0)
    assert s.deal_no == 2 and s.dealer == 2
    assert s.current_player == 2 and s.observation(0)["first_speaker"] == 2
    assert s.level == rules.LEVELS.index("5")        # the dealing team's level
    run(s, "pass, pass, pass, pass")
    obs = s.observation(1)
    first = next(c for c in obs["revealed_kitty"] if c < 52)
    assert obs["trump"] == "cdhs"[first & 3]
    assert s.dealer == 2 and s.current_player == 2   # the dealer is kept


def test_a_declaration_in_a_later_deal_fixes_trumps_not_the_dealer():
    s = cardcore.new_game("tractor", seed=4, deck=deck_of(DEFEND), first=0)
    run(s, "declare 2c, pass, pass, pass")
    to_play(s, DEFEND["kitty"])
    drive(s, strong=0)
    assert s.dealer == 2
    lv = s.level
    for _ in range(8):
        legal = s.legal_actions()
        decl = [a for a in legal if a.kind == "declare"]
        if decl:
            seat = s.current_player
            s.apply(decl[0])
            run(s, "pass, pass, pass")
            assert s.dealer == 2 and s.phase == "bury"
            assert s.observation(0)["declaration"]["seat"] == seat
            assert int(decl[0].cards[0]) >> 2 == lv or int(decl[0].cards[0]) >= 52
            return
        s.apply("pass")
    pytest.skip("nobody could declare in this deal")  # pragma: no cover


def test_first_speaker_is_random_by_default_and_fixed_by_the_option():
    seen = {cardcore.new_game("tractor", seed=s).current_player for s in range(40)}
    assert seen == {0, 1, 2, 3}
    for seat in range(4):
        s = cardcore.new_game("tractor", seed=7, first=seat)
        assert s.current_player == seat and s.observation(0)["first_speaker"] == seat
    assert (cardcore.new_game("tractor", seed=7).current_player
            == cardcore.new_game("tractor", seed=7).current_player)
    for bad in (4, -1, "1", 1.0, True):
        with pytest.raises(OptionError, match="first"):
            cardcore.new_game("tractor", seed=1, first=bad)


# ---------------------------------------------------------------- burying

def test_burying_one_card_at_a_time_hidden_from_the_others():
    s = new(stack({0: "2h 5h 5h Kh", "kitty": "3c 3c 4c 4c 6c 6c 7c 7c"}), first=0)
    run(s, "declare 2h, pass, pass, pass")
    legal = s.legal_actions()
    assert all(a.kind == "bury" for a in legal)
    assert len(legal) == len(set(s.observation(0)["hand"]))     # one per distinct card
    assert "bury 5h" in texts(s)
    run(s, "bury 5h, 5h, bury Kh")          # a bare card is read as bury
    assert s.observation(0)["buried"] == ids("5h 5h Kh")
    assert s.observation(1)["buried"] is None
    with pytest.raises(IllegalAction):
        s.apply("bury 5h")                  # both 5h are gone
    run(s, "bury 3c, bury 3c, bury 4c, bury 4c")
    assert s.phase == "bury"
    s.apply("bury 6c")
    assert s.phase == "play" and s.current_player == 0 and s.observation(0)["leader"] == 0
    assert len(s.observation(0)["hand"]) == 25
    assert sorted(s.observation(0)["buried"]) == ids("3c 3c 4c 4c 5h 5h 6c Kh")
    for seat in (1, 2, 3):
        obs = json.dumps(s.observation(seat))
        assert '"buried": null' in obs and '"kitty": null' in obs


# ---------------------------------------------------------------- leading

def test_leads_are_singles_pairs_and_tractors_of_one_effective_suit_no_throws():
    s = new(stack({0: "2h 5d 5d 6d 6d 7d 7d 9d As Ks", "kitty": rs("3", "cdhs") + " 3c 3d 3h 3s"}),
            first=0)
    run(s, "declare 2h, pass, pass, pass")
    to_play(s, "3c 3c 3d 3d 3h 3h 3s 3s")
    legal = texts(s)
    for lead in ("5d", "5d 5d", "5d 5d 6d 6d", "6d 6d 7d 7d", "5d 5d 6d 6d 7d 7d", "As"):
        assert lead in legal, lead
    assert "9d 9d" not in legal
    before = full(s)
    for bad in ("As Ks", "5d 5d 7d 7d", "5d 6d", "5d 5d As", "As As"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert full(s) == before
    s.apply("6d 5d 6d 5d")                   # the exact cards in any order
    assert s.observation(1)["trick"] == [[0, ids("5d 5d 6d 6d")]]


def test_tractor_across_the_removed_level_rank():
    # level 7: 66-88 is a tractor (the 7s are trumps), in either plain suit
    s = new(stack({0: "7c 6d 6d 8d 8d 6h 6h 8h 8h", 1: "7d 7d"}, level="7"), first=0,
            level="7")
    run(s, "declare 7c, pass, pass, pass")
    to_play(s)
    legal = texts(s)
    assert "6d 6d 8d 8d" in legal and "6h 6h 8h 8h" in legal


def test_tractors_through_the_trump_level_cards_and_jokers():
    s = new(stack({0: "7h Ah Ah 7s 7s 7h 7c 7c BJ BJ RJ RJ Kh Kh", 1: "7d 7d"}, level="7"),
            first=0, level="7")
    run(s, "declare 7h, pass, pass, pass")
    to_play(s)
    legal = texts(s)
    for lead in ("Kh Kh Ah Ah", "Ah Ah 7s 7s", "Ah Ah 7c 7c", "7s 7s 7h 7h", "7h 7h BJ BJ",
                 "BJ BJ RJ RJ", "Kh Kh Ah Ah 7s 7s 7h 7h BJ BJ RJ RJ"):
        assert lead in legal, lead
    # two pairs of other-suit level cards are equal: never a tractor
    for bad in ("7c 7c 7s 7s", "Ah Ah 7h 7h"):
        assert bad not in legal
        with pytest.raises(IllegalAction):
            s.apply(bad)


def test_at_level_a_the_trump_k_joins_the_other_suit_aces_no_trump_level_pairs_do_not():
    s = new(stack({0: "Ah Kh Kh Ac Ac Ah", 1: "Ad Ad"}, level="A"), first=0, level="A")
    run(s, "declare Ah, pass, pass, pass")
    to_play(s)
    assert {"Kh Kh Ac Ac", "Ac Ac Ah Ah", "Kh Kh Ac Ac Ah Ah"} <= set(texts(s))
    s = new(stack({0: "BJ BJ Ac Ac Ah Ah"}, level="A"), first=0, level="A")
    run(s, "declare BJ BJ, pass, pass, pass")
    to_play(s)
    legal = texts(s)
    assert "Ac Ac BJ BJ" in legal and "Ah Ah BJ BJ" in legal
    assert "Ac Ac Ah Ah" not in legal


# ---------------------------------------------------------------- following

def test_following_suit_pairs_short_and_void():
    deck = stack({0: "2h Ac Ac Kc Kc 9c 9c", 1: "3c 3c 4c 6c", 2: "5c 8c", 3: "Jd Jd",
                  "kitty": "3d 4d 6d 7d 8d 9d Td Qd"}, first_suits="c")
    s = new(deck, first=0)
    run(s, "declare 2h, pass, pass, pass")
    to_play(s, "3d 4d 6d 7d 8d 9d Td Qd")
    s.apply("Ac Ac")
    # seat 1: holds a club pair: must play it (one card at a time)
    assert texts(s) == ["3c"]
    before = full(s)
    with pytest.raises(IllegalAction):
        s.apply("4c")
    with pytest.raises(IllegalAction):
        s.apply("4c 6c")                    # several cards at once, but not legal
    assert full(s) == before
    s.apply("3c")
    assert texts(s) == ["3c"]
    assert s.observation(2)["picking"] == [1, ids("3c")]
    s.apply("3c")
    assert s.observation(2)["trick"][1] == [1, ids("3c 3c")]
    # seat 2: two clubs, no pair: both
    assert sorted(texts(s)) == ["5c", "8c"]
    s.apply("8c 5c")                         # the whole answer at once
    assert s.history[-1].action.text == "5c 8c" and len(s.history[-1].action.cards) == 2
    # seat 3: void in clubs: anything
    assert len(texts(s)) == len(set(s.observation(3)["hand"]))


def test_short_in_the_led_suit_plays_all_of_it_and_fills_freely():
    deck = stack({0: "2h Ac Ac", 1: "3c", "kitty": "3d 4d 6d 7d 8d 9d Td Qd"}, first_suits="c")
    s = new(deck, first=0)
    run(s, "declare 2h, pass, pass, pass")
    to_play(s, "3d 4d 6d 7d 8d 9d Td Qd")
    hand1 = s.observation(1)["hand"]
    clubs = [c for c in hand1 if rules.effective_suit(c, "h", "2") == "c"]
    assert len(clubs) == 1
    s.apply("Ac Ac")
    # the one club and any card to fill, in either order
    assert len(texts(s)) == len(set(s.observation(1)["hand"])) and "3c" in texts(s)
    filler = next(a for a in s.legal_actions() if a.text != "3c")
    s.apply(filler)
    assert texts(s) == ["3c"]
    s.apply("3c")
    assert s.observation(0)["trick"][1] == [1, sorted([int(filler.cards[0]), ids("3c")[0]])]


def test_the_game_offers_exactly_the_rules_next_cards():
    rng = Rng(5)
    for seed in range(30):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        agent = RandomAgent(seed=seed)
        while not s.is_over:
            if s.phase == "play" and s.trick:
                obs = s.observation(s.current_player)
                picked = obs["picking"][1] if obs["picking"] else []
                t = obs["trump"]
                want = rules.follow_next_cards(obs["hand"] + picked, obs["trick"][0][1], picked,
                                               None if t == "nt" else t, obs["level"])
                assert [int(a.cards[0]) for a in s.legal_actions()] == [int(c) for c in want]
            s.apply(agent.act(s) if rng.below(2) else s.legal_actions()[-1])


def test_piecewise_play_never_reaches_an_illegal_play_nor_a_dead_end():
    """Random play, card by card and sometimes several cards at once: there is always a legal
    action, and every finished answer is a legal follow of the hand it was taken from."""
    rng = Rng(11)
    answers = multi = 0
    for seed in range(60):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        agent = RandomAgent(seed=seed)
        pending = None
        while not s.is_over:
            legal = s.legal_actions()
            assert legal
            seat = s.current_player
            obs = s.observation(seat)
            t = None if obs["trump"] == "nt" else obs["trump"]
            if s.phase == "play" and obs["trick"] and obs["picking"] is None:
                pending = (seat, list(obs["hand"]), list(obs["trick"][0][1]), len(s.tricks))
                n = len(obs["trick"][0][1])
                if n > 1 and rng.below(3) == 0:
                    chosen: list[int] = []           # a whole legal answer at once
                    while len(chosen) < n:
                        nxt = rules.follow_next_cards(obs["hand"], obs["trick"][0][1], chosen,
                                                      t, obs["level"])
                        chosen.append(int(nxt[rng.below(len(nxt))]))
                    s.apply(" ".join(str(c) for c in parse(chosen)))
                    multi += 1
                else:
                    s.apply(agent.act(s))
            else:
                s.apply(agent.act(s))
            if pending is not None and (s.is_over or s.current_player != pending[0]):
                who, hand, lead, k = pending
                plays = s.tricks[k]["plays"] if len(s.tricks) > k else s.trick
                play = next(cs for p, cs in plays if p == who)
                assert len(play) == len(lead)
                assert rules.is_legal_follow(hand, lead, play, t, obs["level"])
                answers += 1
                pending = None
    assert answers > 3000 and multi > 20


def test_piecewise_answers_checked_at_every_trick():
    """The same with a check of every finished trick: each follower's play was legal for the
    hand it held, and each play has as many cards as the lead."""
    for seed in range(40):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        agent = RandomAgent(seed=seed + 99)
        hands_at_lead = None
        n_tricks = 0
        while not s.is_over:
            if s.phase == "play" and not s.trick:
                hands_at_lead = [list(h) for h in s.hands]
                n_tricks = len(s.tricks)
            s.apply(agent.act(s))
            if s.phase != "over" and len(s.tricks) > n_tricks and hands_at_lead is not None:
                t = s.tricks[-1]
                lead = t["plays"][0][1]
                for seat, play in t["plays"][1:]:
                    assert len(play) == len(lead)
                    tr = rules.SUITS[s.trump] if s.trump < 4 else None
                    assert rules.is_legal_follow(hands_at_lead[seat], lead, play, tr,
                                                 rules.LEVELS[s.level])
                hands_at_lead = None


# ---------------------------------------------------------------- winning tricks

def test_trick_winner_rules_the_game_uses():
    t = rules.trick_winner
    # a void player trumps; a higher trump overtrumps; equal cards: the earlier one wins
    assert t([ids("Ac"), ids("3h"), ids("Ac"), ids("4h")], "h", "2") == 3
    assert t([ids("Ac"), ids("Kc"), ids("Ac"), ids("3d")], "h", "2") == 0
    assert t([ids("2d"), ids("2s"), ids("Ah"), ids("2c")], "h", "2") == 0
    # only the same shape: two unequal trumps do not beat a pair; a trump pair does
    assert t([ids("5c 5c"), ids("Ac Kc"), ids("3h 4h"), ids("6h 6h")], "h", "2") == 3
    # loose pairs do not beat a tractor; a trump tractor does
    assert t([ids("5c 5c 6c 6c"), ids("Ah Ah Kh Kh"), ids("3h 3h 5h 5h"), ids("8c 8c 9c 9c")],
             "h", "2") == 1
    assert t([ids("5c 5c 6c 6c"), ids("Ah Ah Qh Qh"), ids("8c 8c 9c 9c"), ids("3d 3d 4d 4d")],
             "h", "2") == 2
    # no-trump: only jokers and level cards are trumps
    assert t([ids("Ah"), ids("3h"), ids("2c"), ids("Kh")], None, "2") == 2


def test_trick_winner_in_play_and_winner_leads_next():
    # DEFEND: seat 0 leads RJ, seat 0 wins; everyone follows trumps
    s = new(deck_of(DEFEND), first=0)
    run(s, "declare 2c, pass, pass, pass")
    to_play(s, DEFEND["kitty"])
    run(s, "RJ, 3c, Ac, 3c")
    assert s.tricks[-1]["winner"] == 0 and s.current_player == 0
    run(s, "2d, 4c, 2d, Jc")                 # equal strength: the earlier 2d keeps the trick
    assert s.tricks[-1]["winner"] == 0
    run(s, "Ad, 3d, 5d, 3d")
    assert s.tricks[-1]["winner"] == 0 and s.tricks[-1]["points"] == 5


def test_tricks_in_play_pair_lead_short_and_void_answers():
    # ATTACK: seat 1 (dealer) leads 3d; later tricks are the construction's
    s = new(deck_of(ATTACK), first=1)
    run(s, "declare 2d, declare 2c 2c, pass, pass, pass")
    to_play(s, ATTACK["kitty"])
    run(s, "3d, Ad, 3d, Kd")                # a plain single beaten by a higher one
    assert s.tricks[-1]["winner"] == 2 and s.points == 10
    s.apply("Td Td")                        # seat 2 leads a pair: seat 3 has no pair
    run(s, "4d, 5d")
    run(s, "Kd, Jc")                        # seat 0 void in diamonds: discards
    run(s, "4d, 5d")                        # seat 1
    assert s.tricks[-1]["winner"] == 2
    assert s.points == 10 + 10 + 10 + 5 + 5 + 10


# ---------------------------------------------------------------- scoring and the result

def test_counters_200_in_all():
    assert rules.card_points([int(c) for c in deck108()]) == 200


def test_zero_points_defenders_rise_three_partner_deals_no_bonus_for_the_defenders():
    s = defend_deal()
    rec = s.past[-1]
    assert rec["points"] == 0 and rec["card_points"] == 0
    assert rec["kitty_points"] == 50 and rec["kitty_bonus"] == 0 and rec["last_winner"] == 0
    assert rec["result"] == ["defenders", 3] and rec["levels"] == ["5", "2"]
    assert rec["next_dealer"] == 2
    assert s.scores() == (3.0, -3.0, 3.0, -3.0) and s.winners == (0, 2)


def test_200_points_attackers_take_over_three_levels_next_seat_deals():
    s = attack_deal()
    rec = s.past[-1]
    assert rec["dealer"] == 1 and rec["attackers"] == [0, 2]
    assert rec["points"] == 200 and rec["card_points"] == 200 and rec["kitty_points"] == 0
    assert rec["result"] == ["attackers", 3] and rec["levels"] == ["5", "2"]
    assert rec["next_dealer"] == 2
    assert s.scores() == (3.0, -3.0, 3.0, -3.0)


@pytest.mark.parametrize("last,mult", [(1, 2), (2, 4), (4, 8)])
def test_kitty_bonus_single_pair_tractor(last, mult):
    s = attack_deal(ATTACK_K, last_size=last)
    rec = s.past[-1]
    assert rec["last_winner"] == 2 and rec["last_cards"] == last
    assert rec["kitty_points"] == 10 and rec["kitty_bonus"] == 10 * mult
    assert rec["card_points"] == 190 and rec["points"] == 190 + 10 * mult
    # the rise stops at 3 levels above 200
    assert rec["result"] == ["attackers", 3]
    assert s.observation(3)["past"][-1]["kitty"] == sorted(ids(ATTACK_K["kitty"]))


def _random_totals():
    """Single deals played by random agents, by the attackers' total (kitty bonus in)."""
    found: dict[int, cardcore.State] = {}
    want = {5, 35, 40, 75, 80, 115, 120, 155, 160, 195}
    for seed in range(6000):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        agent = RandomAgent(seed=seed)
        while not s.is_over:
            s.apply(agent.act(s))
        p = s.past[-1]["points"]
        if p in want and p not in found:
            found[p] = s
            if len(found) == len(want):
                break
    return found


@pytest.fixture(scope="module")
def by_total():
    return _random_totals()


@pytest.mark.parametrize("points,result", [
    (5, ("defenders", 2)), (35, ("defenders", 2)), (40, ("defenders", 1)),
    (75, ("defenders", 1)), (80, ("attackers", 0)), (115, ("attackers", 0)),
    (120, ("attackers", 1)), (155, ("attackers", 1)), (160, ("attackers", 2)),
    (195, ("attackers", 2)),
])
def test_result_table_boundaries_through_the_game(by_total, points, result):
    s = by_total[points]
    rec = s.past[-1]
    d = rec["dealer"]
    assert rec["points"] == points == rec["card_points"] + rec["kitty_bonus"]
    assert tuple(rec["result"]) == result
    side, rise = result
    team = (d & 1) if side == "defenders" else 1 - (d & 1)
    assert rec["winner_team"] == team and s.winners == (team, team + 2)
    assert rec["levels"][team] == rules.LEVELS[rise] and rec["levels"][1 - team] == "2"
    assert rec["next_dealer"] == ((d + 2) % 4 if side == "defenders" else (d + 1) % 4)
    assert s.scores()[team] == float(rise) and s.scores()[1 - team] == -float(rise)
    # the bonus: twice the cards per player in the last trick, only for the attackers
    if (rec["last_winner"] & 1) != (d & 1):
        assert rec["kitty_bonus"] == rec["kitty_points"] * 2 * rec["last_cards"]
    else:
        assert rec["kitty_bonus"] == 0


def test_80_to_115_all_scores_zero_but_the_attackers_win_the_deal(by_total):
    s = by_total[80]
    rec = s.past[-1]
    team = 1 - (rec["dealer"] & 1)
    assert s.scores() == (0.0, 0.0, 0.0, 0.0)
    assert s.winners == (team, team + 2)


def test_the_end_screen_says_why_a_won_single_deal_scores_zero():
    s = cardcore.new_game("tractor", seed=2, single_deal=True)
    agent = RandomAgent(seed=2)
    while not s.is_over:
        s.apply(agent.act(s))
    rec = s.past[-1]
    assert rec["points"] == 90 and rec["result"] == ["attackers", 0]
    assert s.scores() == (0, 0, 0, 0) and s.winners == (0, 2)
    end = " ".join(s.render(1).split())
    assert ("over (single deal): seats 0 & 2 win the deal; the attackers' 90 points (80-115) "
            "take the deal over without rising a level; a single deal scores the levels the "
            "winners rise, so every score is 0") in end


def test_every_random_deal_is_scored_by_the_table():
    """Whole matches: each deal's record agrees with deal_result, the levels, who deals next,
    the level rank of the next deal, and the attackers' card points."""
    for seed in range(6):
        s = cardcore.new_game("tractor", seed=seed)
        agent = RandomAgent(seed=seed)
        levels = [0, 0]
        seen = 0
        while not s.is_over:
            s.apply(agent.act(s))
            if len(s.past) > seen:
                rec = s.past[-1]
                seen += 1
                side, rise = rules.deal_result(rec["points"])
                assert rec["result"] == [side, rise]
                d = rec["dealer"]
                team = (d & 1) if side == "defenders" else 1 - (d & 1)
                new_level = levels[team] + rise
                levels[team] = min(new_level, 12)
                assert rec["levels"] == [rules.LEVELS[x] for x in levels]
                if new_level > 12:
                    assert s.is_over and rec["match_winner"] == team
                    assert s.scores() == tuple(1.0 if i & 1 == team else -1.0 for i in range(4))
                else:
                    assert not s.is_over
                    nxt = (d + 2) % 4 if side == "defenders" else (d + 1) % 4
                    assert s.dealer == nxt == rec["next_dealer"]
                    assert s.level == levels[nxt & 1]
                    assert s.current_player == nxt          # the dealer speaks first
        assert s.match_winner is not None and seen == s.deal_no


# ---------------------------------------------------------------- match, options

def test_the_match_is_won_by_rising_past_a():
    s = cardcore.new_game("tractor", seed=3, level="K")
    agent = RandomAgent(seed=3)
    while not s.is_over:
        s.apply(agent.act(s))
    rec = s.past[-1]
    team = rec["match_winner"]
    assert rec["levels"][team] == "A"
    side, rise = rec["result"]
    assert rise >= 1 and rec["winner_team"] == team
    before = s.past[-2]["levels"][team] if len(s.past) > 1 else "K"
    assert rules.LEVELS.index(before) + rise > 12
    assert s.scores() == tuple(1.0 if (i & 1) == team else -1.0 for i in range(4))
    assert s.winners == (team, team + 2) and s.current_player is None


def test_at_level_a_any_rise_wins_the_match_and_a_take_over_without_rise_does_not():
    seen = set()
    for seed in range(200):
        s = cardcore.new_game("tractor", seed=seed, level="A")
        agent = RandomAgent(seed=seed)
        while s.deal_no == 1 and not s.is_over:
            s.apply(agent.act(s))
        rec = s.past[0]
        rise = rec["result"][1]
        if rise >= 1:
            assert s.is_over and s.match_winner == rec["winner_team"]
            assert rec["levels"][rec["winner_team"]] == "A"
        else:
            assert not s.is_over and s.dealer == rec["next_dealer"] and s.deal_no == 2
        seen.add(rise >= 1)
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_single_deal_stops_after_one_deal():
    s = defend_deal()
    assert s.is_over and s.deal_no == 1 and s.current_player is None
    s = cardcore.new_game("tractor", seed=1, deck=deck_of(DEFEND), first=0)
    run(s, "declare 2c, pass, pass, pass")
    to_play(s, DEFEND["kitty"])
    drive(s, strong=0)
    assert not s.is_over and s.deal_no == 2


@pytest.mark.parametrize("given,stored", [("2", "2"), ("T", "T"), ("10", "T"), (10, "T"),
                                          ("t", "T"), ("q", "Q"), (7, "7"), ("A", "A")])
def test_level_option(given, stored):
    s = cardcore.new_game("tractor", seed=2, level=given)
    assert json.loads(s.to_json())["options"]["level"] == stored
    obs = s.observation(0)
    assert obs["level"] == stored and obs["team_levels"] == [stored, stored]
    lv = rules.LEVELS.index(stored)
    decl = [a for seat in range(1) for a in s.legal_actions() if a.kind == "declare"]
    assert all(int(a.cards[0]) >> 2 == lv or int(a.cards[0]) >= 52 for a in decl)


@pytest.mark.parametrize("bad", ["1", "11", "B", 1, 11, 14, True, 2.0, None])
def test_bad_level_option(bad):
    with pytest.raises(OptionError, match="level"):
        cardcore.new_game("tractor", seed=1, level=bad)


def test_declared_options():
    g = cardcore.get_game("tractor")
    assert set(g.options) == {"single_deal", "level", "first"}
    assert g.options["level"].default == "2" and g.options["first"].default is None
    assert g.num_players == 4


def test_level_rank_of_later_deals_is_the_dealing_teams_level():
    assert cardcore.new_game("tractor", seed=1, level="3").level == 1
    s2 = cardcore.new_game("tractor", seed=9, level="5")
    agent = RandomAgent(seed=9)
    while s2.deal_no < 3 and not s2.is_over:
        s2.apply(agent.act(s2))
    if not s2.is_over:
        assert s2.level == s2.levels[s2.dealer & 1]
        assert s2.observation(1)["level"] == rules.LEVELS[s2.levels[s2.dealer & 1]]


# ---------------------------------------------------------------- observation, view, JSON

def test_observation_never_shows_hidden_cards():
    a = stack({0: "2h Ah Ah", "kitty": "3c 3c 4c 4c 6c 6c 7c 7c"})
    # the same seat-0 hand, the other hands and the kitty shuffled among themselves
    rest = a[25:]
    b = a[:25] + rest[::-1]
    sa, sb = new(a, first=1), new(b, first=1)
    assert sa.observation(0) == sb.observation(0)
    assert sa.render(0) == sb.render(0)
    # and through a played deal: seat 0's view never holds the other hands
    s = cardcore.new_game("tractor", seed=3, single_deal=True)
    agent = RandomAgent(seed=3)
    while not s.is_over:
        for p in range(4):
            obs = s.observation(p)
            assert sorted(obs["hand"]) == sorted(s.hands[p])
            text = json.dumps(obs)
            if s.phase == "play" and p != s.dealer:
                assert obs["kitty"] is None and obs["buried"] is None
            assert "hands" not in text
        s.apply(agent.act(s))


def test_observation_fields():
    s = new(stack({0: "2h"}), first=0)
    obs = s.observation(1)
    for key in ("game", "player", "team", "deal", "phase", "to_act", "first_speaker", "dealer",
                "defenders", "attackers", "level", "team_levels", "trump", "declaration",
                "declarations", "revealed_kitty", "hand", "hand_sizes", "kitty", "buried",
                "leader", "trick", "picking", "tricks", "attacker_points", "attacker_tricks",
                "played", "past", "match_winner", "scores"):
        assert key in obs, key
    assert obs["dealer"] is None and obs["trump"] is None and obs["phase"] == "declare"
    run(s, "declare 2h, pass, pass, pass")
    obs = s.observation(1)
    assert obs["defenders"] == [0, 2] and obs["attackers"] == [1, 3] and obs["team"] == 1


def test_render_shows_levels_trump_points_kitty_and_the_hand_by_suit():
    s = new(deck_of(DEFEND), first=0)
    run(s, "declare 2c, pass, pass, pass")
    view = s.render(0)
    assert "levels: seats 0 & 2 at 2 (defending); seats 1 & 3 at 2 (attacking)" in view
    assert "trumps clubs" in view and "kitty you took" in view
    assert "trumps:" in view and "diamonds:" in view
    assert "kitty you took" not in s.render(1)
    to_play(s, DEFEND["kitty"])
    run(s, "RJ, 3c")
    view = s.render(2)
    assert "trick: seat 0 RJ; seat 1 3c; seat 2 ...; seat 3 ..." in view
    assert "attackers' points 0" in view
    assert "your hand" not in s.render(None) and "kitty you took" not in s.render(None)


def test_json_round_trip_with_multi_card_answers():
    s = new(deck_of(ATTACK), first=1)
    run(s, "declare 2d, declare 2c 2c, pass, pass, pass")
    to_play(s, ATTACK["kitty"])
    run(s, "3d, Ad, 3d, Kd, Td Td, 4d 5d")
    back = cardcore.from_json(s.to_json())
    assert back._state_dict() == s._state_dict()
    assert back.legal_actions() == s.legal_actions()
    data = json.loads(s.to_json())
    data["actions"][-1][3] = ids("4d 6d")
    with pytest.raises(cardcore.FormatError):
        cardcore.from_json(json.dumps(data))


def test_a_buried_card_is_shown_only_to_the_dealer():
    state = cardcore.new_game("tractor", seed=4, single_deal=True)
    agent = cardcore.agents.get("random", "tractor", seed=1)
    while state.phase != "bury":
        state.apply(agent.act(state))
    dealer = state.current_player
    action = state.legal_actions()[0]
    assert state.action_view(dealer, action, dealer) == action.text
    for viewer in range(4):
        if viewer != dealer:
            assert state.action_view(dealer, action, viewer) == "bury a card"
    assert state.action_view(dealer, action, None) == "bury a card"


def test_the_kitty_may_be_buried_in_one_action_with_the_ids_unchanged():
    deck = stack({0: "2h 5h 5h Kh", "kitty": "3c 3c 4c 4c 6c 6c 7c 7c"})
    s = new(deck, first=0)
    run(s, "declare 2h, pass, pass, pass")
    ids_before = s.legal_ids()
    assert "seat 0 to bury 8 more cards (one at a time, or several at once:" in s.render(0)
    assert "seat 0 to bury a card" in s.render(1)
    for bad, why in (("bury 3c 3c 3c", "does not hold another 3c"),
                     ("3c 3c 4c 4c 6c 6c 7c 7c 5h", "9 cards, but seat 0 has 8 left to bury"),
                     ("bury 3c zz", "not legal")):
        with pytest.raises(IllegalAction, match=why):
            s.apply(bad)
    assert s.legal_ids() == ids_before and len(s.history) == 4
    with pytest.raises(IllegalAction, match="several cards buried at once have no id"):
        s.action_to_id("bury 3c 3c 4c 4c 6c 6c 7c 7c")
    one = s.clone()
    s.apply("bury 7c 3c 4c 4c 6c 6c 7c 3c")      # all eight in one action
    action = s.history[-1].action
    assert action.kind == "bury" and action.text == "bury 3c 3c 4c 4c 6c 6c 7c 7c"
    assert s.phase == "play" and len(s.history) == 5
    assert sorted(s.buried) == ids("3c 3c 4c 4c 6c 6c 7c 7c")
    assert s.action_view(0, action, 0) == action.text
    assert s.action_view(0, action, 1) == "bury 8 cards"   # no card shown to another seat
    assert cardcore.from_json(s.to_json()).to_json() == s.to_json()
    # the same as eight one-card actions; the ids still take one card at a time
    for c in ["3c", "3c", "4c", "4c", "6c", "6c", "7c", "7c"]:
        one.apply_id(one.action_to_id(f"bury {c}"))
    assert len(one.history) == 12 and one.legal_ids() == s.legal_ids()
    assert all(one.observation(p) == s.observation(p) for p in range(4))
    part = new(deck, first=0)
    run(part, "declare 2h, pass, pass, pass, bury 5h")
    with pytest.raises(IllegalAction, match="8 cards, but seat 0 has 7 left to bury"):
        part.apply("3c 3c 4c 4c 6c 6c 7c 7c")
    part.apply("3c 3c 4c 4c 6c 6c 7c")
    assert part.phase == "play"
