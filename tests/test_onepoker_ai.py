"""One Poker AI: card counting, the opponent model, the choice of card, and match strength."""

from collections import Counter

import cardcore
from cardcore import agents
from cardcore.agents import RandomAgent
from cardcore.agents.onepoker import (
    OnePokerAI, RuleOfThumbAgent, equity, opponent_lock_dist, unseen_counts,
)
from cardcore.cards import deck104, parse


def stacked(first4, pile=""):
    head = [int(c) for c in parse(first4)] + [int(c) for c in parse(pile)]
    rest = Counter(int(c) for c in deck104()) - Counter(head)
    return head + sorted(rest.elements())


def test_equity_two_beats_only_ace():
    dist = [0.0] * 13
    dist[12] = 1.0                      # surely an ace
    assert equity(0, dist) == 1.0 and equity(11, dist) == 0.0 and equity(12, dist) == 0.5
    dist = [0.0] * 13
    dist[5] = 1.0                       # surely a 7
    assert equity(0, dist) == 0.0 and equity(6, dist) == 1.0


def test_counting_removes_own_and_discarded_cards():
    s = cardcore.new_game("onepoker", seed=1, deck=stacked("Ac Ad 2c 3c", "Ah Kd"))
    obs = s.observation(0)
    cnt = unseen_counts(obs)
    assert cnt[12] == 6 and sum(cnt) == 102
    s.apply("Ac"), s.apply("2c"), s.apply("check"), s.apply("check")
    cnt = unseen_counts(s.observation(0))
    # own hand Ad + drawn card, discards Ac 2c
    assert sum(cnt) == 104 - 2 - 2
    assert cnt[0] == 7                  # the 2c is seen


def test_opponent_signal_restricts_the_locked_card():
    cnt = [8] * 13
    down = opponent_lock_dist(cnt, 0, 0.6)
    assert all(w == 0 for w in down[6:]) and all(w > 0 for w in down[:6])
    up = opponent_lock_dist(cnt, 2, 0.6)
    assert all(w == 0 for w in up[:6])
    mixed = opponent_lock_dist(cnt, 1, 0.5)
    assert abs(sum(mixed[:6]) - sum(mixed[6:])) < 1e-9


def test_locks_nine_over_ace_against_two_down_cards():
    # opponent shows DOWN/DOWN: an ace could lose to a 2, a 9 beats every DOWN card
    s = cardcore.new_game("onepoker", seed=2, deck=stacked("As 9h 2c 5c"))
    a = OnePokerAI(seed=1).act(s)
    assert a.text == "lock 9h"


def test_locks_ace_over_two_against_two_up_cards():
    s = cardcore.new_game("onepoker", seed=2, deck=stacked("As 2h Kc Qc"))
    assert OnePokerAI(seed=1).act(s).text == "lock As"


def test_bets_strong_folds_weak_to_big_bet():
    s = cardcore.new_game("onepoker", seed=2, deck=stacked("Ks Kh 3c 4c"))
    ai = OnePokerAI(seed=1)
    s.apply(ai.act(s))
    s.apply("lock 3c")
    a = ai.act(s)                       # K against DOWN/DOWN: a value bet
    assert a.kind in ("raise", "all-in")
    s = cardcore.new_game("onepoker", seed=2, deck=stacked("3c 4c Ks Kh"))
    s.apply("lock 3c")
    s.apply("lock Ks")
    s.apply("check")
    s.apply("all-in")
    assert OnePokerAI(seed=1).act(s).text == "fold"   # a 3 against UP/UP facing all-in


def test_registered_as_the_game_ai():
    ai = agents.get("ai", "onepoker", seed=3)
    assert isinstance(ai, OnePokerAI)


def _match(seed, ai_seat, opp):
    s = cardcore.new_game("onepoker", seed=seed)
    seats = [OnePokerAI(seed=seed), opp] if ai_seat == 0 else [opp, OnePokerAI(seed=seed)]
    while not s.is_over:
        s.apply(seats[s.current_player].act(s))
    return s.scores()[ai_seat]


def test_beats_random_clearly():
    n = 60
    wins = sum(_match(1000 + i, i % 2, RandomAgent(seed=i)) > 0 for i in range(n))
    assert wins >= 0.8 * n, wins


def test_beats_rule_of_thumb():
    n = 30
    wins = sum(_match(2000 + i, i % 2, RuleOfThumbAgent()) > 0 for i in range(n))
    assert wins >= 0.75 * n, wins


# ---------------------------------------------------------------- strengths and rare branches
import json  # noqa: E402
import os  # noqa: E402

import pytest  # noqa: E402

from cardcore.agents.strength import STRENGTHS  # noqa: E402

REF = os.environ.get("CARDCORE_BACKEND") == "ref"


def _answers(state, seed):
    """Every strength and the rule of thumb answer one of the legal actions and leave the
    state as it was."""
    before = json.dumps(state._state_dict(), sort_keys=True)
    legal = state.legal_actions()
    for bot in [OnePokerAI(seed=seed, strength=s) for s in STRENGTHS] + [RuleOfThumbAgent()]:
        a = bot.act(state)
        assert a in legal, (getattr(bot, "strength", "rule"), a, legal)
        assert json.dumps(state._state_dict(), sort_keys=True) == before
    return legal


def _sweep(matches, seed0, max_actions=3000, **options):
    """Whole matches with mixed seats, every strength asked at every decision; returns tags
    of the branches met."""
    seen = set()
    for m in range(matches):
        state = cardcore.new_game("onepoker", seed=seed0 + m, **options)
        seats = [RandomAgent(seed=seed0 + m), OnePokerAI(seed=m, strength="easy"),
                 RuleOfThumbAgent()]
        k = 0
        while not state.is_over and k < max_actions:
            p = state.current_player
            obs = state.observation(p)
            legal = _answers(state, seed0 + 7 * m + k)
            seen.add(obs["phase"])
            seen.add(("up", obs["signals"][1 - p]["up"]))
            if obs["phase"] == "bet":
                owed = max(obs["bets"]) - obs["bets"][p]
                if owed > obs["chips"][p]:
                    seen.add("call for less")
                if owed and obs["min_raise_to"] is None:
                    seen.add("no raise")
            if obs["deck_size"] < 6:
                seen.add("reshuffle near")
            state.apply(seats[(p + m + k // 7) % 3].act(state))
            k += 1
    return seen, legal


def test_strength_tables_and_options():
    easy, normal, strong = (OnePokerAI(strength=s) for s in STRENGTHS)
    assert not easy.counting and not easy.reads and easy.bluff == 0 and easy.lock_bias == 0.5
    assert normal.counting and normal.reads and normal.lock_bias == 0.75
    assert (normal.value, normal.strong, normal.reraise, normal.margin, normal.risk_margin,
            normal.bluff) == (0.64, 0.8, 0.85, 0.06, 0.35, 0.06)   # the defaults of before
    assert (strong.honesty_prior, strong.lock_bias, strong.margin) == (1.8, 0.9, 0.12)
    assert OnePokerAI(strength="easy", bluff=0.5).bluff == 0.5       # explicit wins
    assert OnePokerAI(seed=1, lock_bias=0.6).lock_bias == 0.6         # positional names kept
    with pytest.raises(cardcore.CardcoreError, match="strength"):
        OnePokerAI(strength="hard")


def test_lock_and_up_down_phases_every_signal():
    seen, _ = _sweep(2 if REF else 8, 3100)
    assert {"lock", "bet", ("up", 0), ("up", 1), ("up", 2)} <= seen


def test_short_stacks_all_in_for_less_and_antes_not_covered():
    # 1 chip: the ante takes it all; 2 and 3 chips: any bet puts a seat all-in for less
    for stacks in ([1, 20], [20, 1], [2, 3], [3, 39]):
        seen, _ = _sweep(1 if REF else 4, 3200 + stacks[0] * 10 + stacks[1], stacks=stacks)
    seen, _ = _sweep(2 if REF else 8, 3300, stacks=[4, 30])
    assert "call for less" in seen


class _Passive:
    def act(self, state):
        legal = state.legal_actions()
        return next((a for a in legal if a.kind in ("check", "call")), legal[0])


def test_long_matches_through_reshuffles():
    # big stacks and two seats that only check or call: the deck runs out and the discards
    # are shuffled back
    state = cardcore.new_game("onepoker", seed=3400, stacks=[1000, 1000])
    seats = [_Passive(), _Passive()]
    sizes = []
    for k in range(260 if REF else 400):
        if state.is_over:
            break
        sizes.append(state.observation(0)["deck_size"])
        if k % 4 == 0 or k > 180:
            _answers(state, k)
        state.apply(seats[state.current_player].act(state))
    assert any(b > a for a, b in zip(sizes, sizes[1:]))  # the deck grew: a reshuffle


def test_facing_all_in_only_call_or_fold():
    s = cardcore.new_game("onepoker", seed=2, deck=stacked("3c 4c Ks Kh"), stacks=[20, 20])
    s.apply("lock 3c")
    s.apply("lock Ks")
    s.apply("check")
    s.apply("all-in")
    kinds = {a.kind for a in s.legal_actions()}
    assert kinds == {"call", "fold"}
    for st in STRENGTHS:
        assert OnePokerAI(seed=1, strength=st).act(s).kind in kinds


def test_easy_does_not_count_cards():
    # the easy AI assumes a full deck: its belief does not change with the discards
    s = cardcore.new_game("onepoker", seed=1, deck=stacked("Ac Ad 2c 3c", "Ah Kd"))
    s.apply("Ac"), s.apply("2c"), s.apply("check"), s.apply("check")
    easy = OnePokerAI(seed=1, strength="easy")
    normal = OnePokerAI(seed=1)
    obs = s.observation(s.current_player)
    assert easy.opponent_dist(obs) != normal.opponent_dist(obs)
    fresh = dict(obs, hand=[], discards=[], locked=None)
    assert easy.opponent_dist(obs) == easy.opponent_dist(fresh)


def test_strong_reads_a_bet_more_than_normal_before_the_match_shows_honesty():
    s = cardcore.new_game("onepoker", seed=2, deck=stacked("3c 4c 9s 5h"))
    s.apply("lock 3c")
    s.apply("lock 9s")
    s.apply("check")
    s.apply("raise 2")                   # a pot-sized bet by seat 1 (UP/DOWN signal)
    obs = s.observation(0)

    def high_share(ai):
        d = ai.opponent_dist(obs)
        return sum(d[8:12]) / sum(d)     # T, J, Q, K

    easy, normal, strong = (OnePokerAI(seed=1, strength=x) for x in STRENGTHS)
    assert high_share(easy) < high_share(normal) < high_share(strong)
