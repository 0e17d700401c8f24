"""Schnapsen, the 7-point match: the rules of a deal on plain values (``rules``, which the
AI's search plays by too), the game (``state``) and the terminal view (``render``).

The rules this package implements: ``docs/rules/schnapsen.md``.
"""

from .state import (
    SchnapsenState,
    card_points,
    marriage_points,
    beats,
    strict_follows,
    game_points,
    sort_hand,
    MATCH_POINTS,
    TARGET,
    RANKS,
)

__all__ = [
    "SchnapsenState",
    "card_points",
    "marriage_points",
    "beats",
    "strict_follows",
    "game_points",
    "sort_hand",
    "MATCH_POINTS",
    "TARGET",
    "RANKS",
]
