"""Type stub for the One Poker step kernel (``cardcore._fast.onepoker_step``; plain-Python twin
``cardcore._ref.onepoker_step``)."""

from collections.abc import Sequence
from typing import Final

from cardcore._fast.onepoker_step_fields import _Fields as _Fields

LOCK0: int
NUM_ACTIONS: int
OBS_SIZE: int
ANTE: int
UP_MIN_RANK: int
MAX_CHIPS: int
EXPORT_FIELDS: tuple[str, ...]
EXPORT_HEAD: int

class Core(_Fields):
    def __init__(self, hands: Sequence[Sequence[int]], pile: Sequence[int],
                 discards: Sequence[int], chips: Sequence[int], first: int, rng: int) -> None: ...
    phase: Final[str]
    def hand(self, seat: int) -> list[int]: ...
    locked: Final[list[int | None]]
    signals: Final[list[dict[str, int]]]
    def stacks(self) -> list[int]: ...
    def bet_view(self) -> dict: ...
    min_raise_to: Final[int | None]
    max_raise_to: Final[int | None]
    pot: Final[int]
    def amount(self, i: int) -> int | None: ...
    def raise_to(self, amount: int) -> None: ...
    folder: Final[int | None]
    winner: Final[int | None]
    def next_deal(self) -> Core: ...

def from_seed(seed: int, stacks: Sequence[int] | None = None) -> Core: ...
def from_export(values: list[int]) -> Core: ...
