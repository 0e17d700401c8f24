"""Agent lookup and play_match."""

import pytest

import cardcore
from cardcore import CardcoreError, GameNotAvailable, agents


def test_builtin_and_registered_names():
    names = agents.names("onepoker")
    assert {"random", "first", "ai", "rule"} <= set(names)
    assert "calling-station" in agents.names("holdem")
    for name in names:
        agent = agents.get(name, "onepoker", seed=1)
        state = cardcore.new_game("onepoker", seed=2)
        assert agent.act(state) in state.legal_actions()


def test_unknown_agent_and_game():
    with pytest.raises(CardcoreError, match="unknown"):
        agents.get("grandmaster", "onepoker")
    with pytest.raises(GameNotAvailable):
        agents.get("random", "canasta")


def test_play_match_is_seeded_and_checks_seats():
    a = cardcore.play_match("onepoker", ["ai", "random"], seed=4)
    b = cardcore.play_match("onepoker", ["ai", "random"], seed=4)
    assert a.is_over and a.to_json() == b.to_json()
    with pytest.raises(CardcoreError, match="2 seats"):
        cardcore.play_match("onepoker", ["ai"], seed=1)


def test_random_agent_is_reproducible():
    s = cardcore.new_game("holdem", seed=3)
    picks = [agents.get("random", "holdem", seed=9).act(s) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
