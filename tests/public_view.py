"""A stand-in for a game state that shows an agent only the public API.

``PublicView(state, allow=())`` wraps a state and lets an agent read only

- ``observation(player)`` -- and only for ``player == state.current_player``,
- ``legal_actions()``, ``current_player``, ``num_players``, ``game``, ``is_over``,
- the names in ``allow`` (a per-game allow-list of further public, read-only names).

Anything else (``hands``, ``history``, ``clone``, ``seed``, ``apply``, any ``_private`` name,
setting an attribute) raises ``AssertionError`` naming what was read. ``view.reads`` collects the
names the agent used.

``play_public(game, agents, seed=..., allow=...)`` plays a whole game with every agent acting on
a fresh ``PublicView`` of the real state, and returns the final state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import cardcore

PUBLIC = frozenset({"observation", "legal_actions", "current_player", "num_players", "game",
                    "is_over"})


class PublicView:
    """The public face of ``state`` (see the module docstring)."""

    __slots__ = ("_state", "_allowed", "reads")

    def __init__(self, state, allow: Iterable[str] = ()) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_allowed", PUBLIC | frozenset(allow))
        object.__setattr__(self, "reads", set())

    def __getattribute__(self, name: str):
        if name == "reads":
            return object.__getattribute__(self, "reads")
        if name == "__class__":
            return PublicView
        allowed = object.__getattribute__(self, "_allowed")
        state = object.__getattribute__(self, "_state")
        if name not in allowed:
            raise AssertionError(f"an agent read state.{name} of {state.game}: not public "
                                 f"(allowed: {', '.join(sorted(allowed))})")
        object.__getattribute__(self, "reads").add(name)
        if name == "observation":
            def observation(player: int) -> dict:
                if player != state.current_player:
                    raise AssertionError(f"an agent asked for seat {player}'s observation; "
                                         f"seat {state.current_player} is to act")
                return state.observation(player)
            return observation
        return getattr(state, name)

    def __setattr__(self, name: str, value) -> None:
        raise AssertionError(f"an agent set state.{name}")

    def __delattr__(self, name: str) -> None:
        raise AssertionError(f"an agent deleted state.{name}")

    def __repr__(self) -> str:
        return "PublicView(...)"


def play_public(game: str, agents: Sequence, *, seed: int, allow: Iterable[str] = (),
                max_actions: int = 100_000, **options) -> tuple[object, set]:
    """Play one whole game, each agent acting on a ``PublicView``; returns (final state, names
    the agents read)."""
    allow = frozenset(allow)
    state = cardcore.new_game(game, seed=seed, **options)
    reads: set = set()
    for _ in range(max_actions):
        p = state.current_player
        if p is None:
            return state, reads
        view = PublicView(state, allow)
        action = agents[p].act(view)
        reads |= view.reads
        state.apply(action)
    raise AssertionError(f"{game}: no end after {max_actions} actions")
