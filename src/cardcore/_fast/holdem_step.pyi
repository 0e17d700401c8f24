"""Type stub for the Hold'em step kernel (``cardcore._fast.holdem_step``)."""

from collections.abc import Sequence
from typing import Final

from cardcore._fast.holdem_step_fields import _Fields as _Fields

NUM_ACTIONS: int
SEATS: int
FOLD: int
CHECK: int
CALL: int
RAISE_MIN: int
RAISE_HALF_POT: int
RAISE_POT: int
ALL_IN: int
START_STACK: int
SMALL_BLIND: int
BIG_BLIND: int
MAX_CHIPS: int
MAX_RAISE_TO: int
OBS_HOLE: int
OBS_BOARD: int
OBS_STREET: int
OBS_PLAYER: int
OBS_BUTTON: int
OBS_SB: int
OBS_BB: int
OBS_TO_ACT: int
OBS_STACKS: int
OBS_BETS: int
OBS_CONTRIB: int
OBS_POT: int
OBS_FOLDED: int
OBS_ALL_IN: int
OBS_IN_HAND: int
OBS_TO_CALL: int
OBS_MIN_RAISE: int
OBS_MAX_RAISE: int
OBS_SIZE: int
EXPORT_FIELDS: tuple[str, ...]
EXPORT_HEAD: int

class Core(_Fields):
    """One hand (and the match's carry-over); ``returns()`` is the hand's chip result."""
    def __init__(self, stacks: Sequence[int], button: int, small: int, big: int) -> None: ...
    def start_hand(self, cards: Sequence[int] | None, rng_state: int) -> int: ...
    def amount(self, i: int) -> int | None: ...
    def perform(self, i: int, amount: int | None) -> None: ...
    cards: Final[list[int]]
    holes: Final[list[list[int]]]
    legal: Final[list[tuple[int, int | None]]]
    def min_raise_to(self) -> int | None: ...
    def max_raise_to(self) -> int | None: ...
    def deck(self) -> list[int]: ...
    def bet_view(self) -> dict: ...

def from_export(values: Sequence[int]) -> Core: ...
def from_seed(seed: int, stacks: Sequence[int] | None = None, button: int = -1) -> Core: ...
