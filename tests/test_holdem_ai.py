"""Hold'em AI: legal play, reproducibility, and a clear win against a calling station."""

import pytest

import cardcore
from cardcore import IllegalAction
from cardcore.agents import RandomAgent, get
from cardcore.agents.holdem import CallingStation, HoldemAI


def test_ai_is_the_registered_holdem_agent():
    ai = get("ai", "holdem", seed=1)
    assert isinstance(ai, HoldemAI)
    assert isinstance(get("calling-station", "holdem"), CallingStation)


def test_plays_only_legal_actions_in_a_full_match():
    state = cardcore.new_game("holdem", seed=11)
    agents = [HoldemAI(seed=s, samples=600) for s in range(2)] + [
        RandomAgent("holdem", seed=5), CallingStation()]
    n = 0
    while not state.is_over and n < 3000:
        p = state.current_player
        action = agents[p].act(state)
        legal_texts = {a.text for a in state.legal_actions()}
        if action.kind == "raise":
            assert state.min_raise_to <= action.amount <= state.max_raise_to
        else:
            assert action.text in legal_texts
        before = state.to_json()
        state.apply(action)
        assert state.to_json() != before
        n += 1
    assert n > 20


def test_seeded_ai_is_reproducible_and_leaves_the_state_alone():
    state = cardcore.new_game("holdem", seed=3, single_deal=True)
    snapshot = state.to_json()
    a = HoldemAI(seed=9, samples=800).act(state)
    b = HoldemAI(seed=9, samples=800).act(state)
    assert a == b
    assert state.to_json() == snapshot


def test_strong_and_weak_hands():
    # button seat 0, blinds seats 1 and 2: seat 3 acts first preflop
    aces = cardcore.new_game("holdem", single_deal=True, seed=1,
                             deck="2c 3d 4h 5s 6c 7d As Ad" + _rest("2c3d4h5s6c7dAsAd"))
    assert aces.current_player == 3
    assert HoldemAI(seed=1).act(aces).kind in ("raise", "all-in")
    trash = cardcore.new_game("holdem", single_deal=True, seed=1,
                              deck="7c 2d As Ad Ks Kd Qs Qd" + _rest("7c2dAsAdKsKdQsQd"))
    trash.apply("raise 200")  # seat 3
    assert trash.current_player == 0
    assert HoldemAI(seed=2).act(trash).kind == "fold"


def _rest(used: str) -> str:
    from cardcore.cards import deck52, parse

    taken = set(parse(used))
    return " " + " ".join(str(c) for c in deck52() if c not in taken)


def test_beats_calling_station():
    total = 0.0
    for h in range(48):
        me = h % 4
        deal = h // 4
        state = cardcore.new_game("holdem", seed=500 + deal, single_deal=True, button=deal % 4)
        ai = HoldemAI(seed=h, samples=1500)
        station = CallingStation()
        while not state.is_over:
            p = state.current_player
            state.apply((ai if p == me else station).act(state))
        total += state.scores()[me]
    assert total > 0


def test_bad_options():
    with pytest.raises(IllegalAction):
        HoldemAI(samples=5)
    with pytest.raises(IllegalAction):
        HoldemAI(time_budget=0)


def test_raises_tighten_the_opponent_range():
    """Against an opponent who re-raised, a medium hand's estimated equity drops."""
    deck = "Jc Td 9s 9h 8c 8d 2s 3s" + _rest("JcTd9s9h8c8d2s3s")

    def equity_after(action):
        state = cardcore.new_game("holdem", single_deal=True, seed=1, deck=deck)
        state.apply(action)  # seat 3 (2s 3s) acts first
        assert state.current_player == 0  # Jc Td
        obs = state.observation(0)
        return HoldemAI(seed=4, samples=20_000)._equity(obs, 0, [3], 1.0)

    passive = equity_after("call")
    aggressive = equity_after("raise 200")
    assert aggressive < passive - 0.05
