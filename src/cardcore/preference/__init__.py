"""Preference (Vienna, 32 cards): the rules (``state``) and the terminal view (``render``).

The rules this package implements: ``docs/rules/preference.md``.
"""

from .state import (
    PreferenceState,
    legal_cards,
    trick_winner,
    beats,
    sort_hand,
    SUIT_NAMES,
    SUIT_LEVEL,
    RANKS,
)

__all__ = [
    "PreferenceState",
    "legal_cards",
    "trick_winner",
    "beats",
    "sort_hand",
    "SUIT_NAMES",
    "SUIT_LEVEL",
    "RANKS",
]
