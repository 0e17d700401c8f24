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


def test_the_one_sampler_meets_caps_and_allowed_constraints():
    from cardcore.agents.sampling import deal_unseen
    from cardcore.rng import Rng

    rng = Rng(11)
    cards = list(range(16))            # ranks 0..3, four suits each
    for _ in range(200):
        caps = {0: [1, 4, 4, 4], 1: [4, 4, 4, 0]}
        dealt = deal_unseen(cards, {0: 8, 1: 8}, rng, caps=caps, key=lambda c: c >> 2,
                            tries=30)
        assert dealt is not None
        assert sorted(dealt[0] + dealt[1]) == cards
        assert sum(1 for c in dealt[0] if c >> 2 == 0) <= 1
        assert not any(c >> 2 == 3 for c in dealt[1])
    impossible = {0: [0, 0, 0, 0], 1: [4, 4, 4, 4]}
    assert deal_unseen(cards, {0: 8, 1: 8}, rng, caps=impossible, key=lambda c: c >> 2) is None
    fell_back = deal_unseen(cards, {0: 8, 1: 8}, rng, caps=impossible, key=lambda c: c >> 2,
                            fallback=True)
    assert fell_back is not None and len(fell_back[0]) == 8
    voids = deal_unseen(cards, {0: 8, 1: 8}, rng, allowed=lambda h, c: (c & 1) == h, tries=5)
    assert voids is not None and all(c & 1 == 0 for c in voids[0])


def test_an_agent_seed_is_a_seed_as_new_game_reads_one():
    import numpy as np

    a = agents.get("random", "onepoker", seed=np.int64(3))
    b = agents.get("random", "onepoker", seed=3)
    state = cardcore.new_game("onepoker", seed=1)
    assert a.act(state) == b.act(state)
    for name in ("random", "first", "ai"):
        for bad in (-1, 2**64, "x", 1.5, True, [1]):
            with pytest.raises(CardcoreError, match="agent seed"):
                agents.get(name, "onepoker", seed=bad)


@pytest.mark.parametrize("game", cardcore.available_games())
def test_an_agent_acts_only_in_a_state_of_its_game_with_a_seat_to_act(game):
    from cardcore.agents import RandomAgent

    other = "bridge" if game != "bridge" else "onepoker"
    foreign = cardcore.new_game(other, seed=1)
    finished = cardcore.play_match(game, ["random"] * cardcore.get_game(game).num_players,
                                   seed=1)
    made = [agents.get(name, game, seed=1) for name in agents.names(game)]
    made.append(RandomAgent(game, seed=1))
    for agent in made:
        for bad, why in ((None, "expected a game state"), (3, "expected a game state"),
                         (foreign, f"this agent plays {game}"), (finished, "over")):
            with pytest.raises(cardcore.IllegalAction, match=why):
                agent.act(bad)


def test_the_baselines_take_no_options():
    for name in ("random", "first"):
        with pytest.raises(CardcoreError, match="takes no options"):
            agents.get(name, "onepoker", seed=1, bogus=5)
