"""Type stub for the One Poker step kernel (``cardcore._fast.onepoker_step``; plain-Python twin
``cardcore._ref.onepoker_step``)."""

from collections.abc import Sequence
from typing import Final

from typing_extensions import disjoint_base

from cardcore._fast.core import Core as CoreBase

LOCK0: int
NUM_ACTIONS: int
OBS_SIZE: int
ANTE: int
UP_MIN_RANK: int
MAX_CHIPS: int
EXPORT_FIELDS: tuple[str, ...]
EXPORT_HEAD: int

@disjoint_base
class _Fields(CoreBase):
    """The C record and the reads that show its members as stored (``core_fields``)."""
    first: Final[int]
    final_pot: Final[int]
    reshuffled: Final[bool]
    rng: Final[int]
    deal_chips: Final[list[int]]
    won: Final[list[int]]
    pile: Final[list[int]]
    discards: Final[list[int]]

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
