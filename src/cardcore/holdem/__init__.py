"""No-limit Texas Hold'em match: the rules (``state``), hand histories in PHH (``phh``) and the
terminal view (``render``).

The rules this package implements: ``docs/rules/holdem.md``.
"""

from .state import (
    HoldemState,
    hand_value,
    START_STACK,
    SMALL_BLIND,
    BIG_BLIND,
)
from .phh import dumps, loads, hand_record

__all__ = [
    "HoldemState",
    "hand_value",
    "START_STACK",
    "SMALL_BLIND",
    "BIG_BLIND",
    "dumps",
    "loads",
    "hand_record",
]
