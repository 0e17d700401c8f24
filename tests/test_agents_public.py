"""The agents of every game use only the public API, and think by counted work: the same seed
gives the same game on any machine.

* Every registered agent of these games (the ``"ai"`` and the extra ones) plays whole games on a
  ``PublicView`` of the state (``tests/public_view.py``): only ``observation`` of the seat to
  act, ``legal_actions``, ``current_player``, ``num_players``, ``game``, ``is_over`` and the
  game's declared ``PUBLIC`` read-only properties may be read; anything else fails the test.

That the default AIs think by counted work (the same game under a clock a thousand times too
fast) is ``test_transcripts.test_the_same_seed_gives_the_same_transcript``'s.
"""

from __future__ import annotations

import pytest

import cardcore
from cardcore import agents
from public_view import play_public

GAMES = tuple(cardcore.available_games())

#: cheap options per (game, agent) so that the proxy games stay quick
CHEAP = {
    ("bridge", "ai"): {"cheap": True},
    ("schnapsen", "ai"): {"samples": 4},
    ("preference", "ai"): {"nodes": 1500, "samples": 4},
    ("holdem", "ai"): {"samples": 300},
    ("doudizhu", "ai"): {"rollouts": 8},
    ("zhengshangyou", "ai"): {"rollouts": 8},
    ("guandan", "ai"): {"samples": 2},
}

#: game options and seeds of the proxy games
PROXY_GAMES = {
    "bridge": ({}, (1, 2)),
    "schnapsen": ({}, (1,)),
    "preference": ({"deals": 2}, (1, 2)),
    "holdem": ({"single_deal": True}, (5, 17, 22)),
    "onepoker": ({}, (1, 2)),
    "doudizhu": ({}, (1, 2)),
    "zhengshangyou": ({}, (1,)),
    "guandan": ({"single_deal": True}, (1,)),
    "tractor": ({"single_deal": True}, (1,)),
}


def _agent_names(game: str) -> list[str]:
    return [n for n in agents.names(game) if n not in ("random", "first")]


def _cases():
    for game in GAMES:
        for name in _agent_names(game):
            yield pytest.param(game, name, id=f"{game}-{name}")


def test_every_game_is_covered():
    assert set(GAMES) == set(PROXY_GAMES)
    assert len(GAMES) == 9


def test_every_game_declares_its_public_names():
    for game in GAMES:
        cls = cardcore.game.game_class(game)
        assert isinstance(cls.PUBLIC, tuple)
        state = cardcore.new_game(game, seed=1)
        for name in cls.PUBLIC:
            assert not name.startswith("_")
            getattr(state, name)          # exists and reads without error
    assert cardcore.State.PUBLIC == ()
    assert cardcore.game.game_class("holdem").PUBLIC[:2] == ("min_raise_to", "max_raise_to")
    assert cardcore.game.game_class("onepoker").PUBLIC[:2] == ("min_raise_to", "max_raise_to")


@pytest.mark.parametrize("game,name", list(_cases()))
def test_agent_plays_whole_games_through_the_public_api(game, name):
    options, seeds = PROXY_GAMES[game]
    allow = cardcore.game.game_class(game).PUBLIC
    opts = CHEAP.get((game, name), {})
    n = cardcore.game.game_class(game).NUM_PLAYERS
    for seed in seeds:
        # the agent under test in every seat, then in one seat against random players
        tables = [
            [agents.get(name, game, seed=seed * 10 + k, **opts) for k in range(n)],
            [agents.get(name, game, seed=seed, **opts)]
            + [agents.get("random", game, seed=seed * 10 + k) for k in range(1, n)],
        ]
        for seats in tables:
            state, reads = play_public(game, seats, seed=seed, allow=allow, **options)
            assert state.is_over
            assert "legal_actions" in reads or "observation" in reads


@pytest.mark.parametrize("game", ["doudizhu", "zhengshangyou"])
def test_a_search_world_never_hands_back_a_hidden_hand(game):
    # (``world``, public in the shedding games: the deal's core with every hand but the seat
    # to act's given by the caller; it refuses to keep another seat's real cards)
    import random

    state = cardcore.new_game(game, seed=4)
    rng = random.Random(4)
    for _ in range(12):
        ids = state.legal_ids()
        state.apply_id(ids[rng.randrange(len(ids))])
    me = state.current_player
    hands = state.core.hands()                # (the test may look; an agent may not)
    # the landlord's unplayed bottom cards are known to all and stay in its hand
    lord = state.core.landlord if game == "doudizhu" else None
    kept = {s: [c for c in state.core.bottom() if c in hands[s]] if s == lord else []
            for s in range(3)}
    others = [c for s in range(3) if s != me for c in hands[s] if c not in kept[s]]
    rng.shuffle(others)
    mixed, k = [], 0
    for s in range(3):
        if s == me:
            mixed.append(None)
        else:
            n = len(hands[s]) - len(kept[s])
            mixed.append(sorted(kept[s] + others[k:k + n]))
            k += n
    world = state.world(mixed)
    assert [sorted(world.hand(s)) for s in range(3)] == [
        sorted(hands[me]) if s == me else mixed[s] for s in range(3)]
    assert world.current_player == me and state.core.hands() == hands
    for bad in ([None, None, None], [h if s != me else None for s, h in enumerate(hands)][:2],
                "abc", None):
        if bad == [None, None, None] or not isinstance(bad, list) or len(bad) != 3:
            with pytest.raises(cardcore.CardcoreError):
                state.world(bad)
