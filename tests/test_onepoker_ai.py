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
