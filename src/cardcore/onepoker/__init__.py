"""One Poker: the rules (``state``) and the terminal view (``render``).

The rules this package implements: ``docs/rules/onepoker.md``.
"""

from .state import *  # noqa: F403
from .state import __all__
