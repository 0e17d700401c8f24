"""One Poker: the rules (``state``) and the terminal view (``render``).

The rules this package implements: ``docs/rules/onepoker.md``.
"""

from .state import (
    OnePokerState,
    compare,
    compare_ranks,
    is_up,
    signal,
    START_CHIPS,
    ANTE,
    RANKS,
)

__all__ = [
    "OnePokerState",
    "compare",
    "compare_ranks",
    "is_up",
    "signal",
    "START_CHIPS",
    "ANTE",
    "RANKS",
]
