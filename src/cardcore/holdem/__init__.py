"""No-limit Texas Hold'em match: the rules (``state``), hand histories in PHH (``phh``) and the terminal view (``render``).

The rules this package implements: ``docs/rules/holdem.md``.
"""

from .state import *  # noqa: F403
from .state import __all__ as _state_all
from .phh import dumps, loads, hand_record

__all__ = [*_state_all, "dumps", "loads", "hand_record"]
