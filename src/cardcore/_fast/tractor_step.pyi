"""Tractor step kernel: one deal (the deal, the declaration, the kitty, the play) as a compact
state, the step core of the one core contract; the plain-Python twin
``cardcore._ref.tractor_step`` documents the encoding."""

from collections.abc import Sequence
from typing import Final

from typing_extensions import disjoint_base

from cardcore._fast.core import Core as CoreBase

NUM_ACTIONS: int
DECLARING: int
BURYING: int
PLAYING: int
OVER: int
MAX_ACTIONS: int
OBS_SIZE: int
EXPORT_FIELDS: tuple[str, ...]
EXPORT_HEAD: int

@disjoint_base
class _Fields(CoreBase):
    """The C record and the reads that show its members as stored (``core_fields``)."""
    kitty_bonus: Final[int]
    rng: Final[int]
    phase: Final[int]
    turn: Final[int]
    speaker: Final[int]
    dealer: Final[int | None]
    level: Final[int]
    trump: Final[int | None]
    passes: Final[int]
    first_declarer: Final[int | None]
    leader: Final[int]
    points: Final[int]
    size: Final[int]
    ntricks: Final[int]
    nplays: Final[int]
    npicked: Final[int]
    levels: Final[list[int]]
    def buried(self) -> list[int]: ...
    def picked(self) -> list[int]: ...
    def played(self) -> list[int]: ...
    def trick_winners(self) -> list[int]: ...
    def history(self) -> list[int]: ...

class Core(_Fields):
    def __init__(self, cards: Sequence[int], speaker: int, dealer: int | None,
                 levels: int | Sequence[int], rng: int = 0) -> None: ...
    def result(self) -> tuple[int, int, bool] | None: ...
    def levels_after(self) -> list[int]: ...
    revealed: Final[bool]
    def hand(self, seat: int) -> list[int]: ...
    def hands(self) -> list[list[int]]: ...
    def hand_sizes(self) -> list[int]: ...
    def kitty(self) -> list[int]: ...
    def trick(self) -> list[list]: ...
    def tricks(self) -> list[dict]: ...
    def decl(self) -> list | None: ...
    def decls(self) -> list[list]: ...

def from_export(values: Sequence[int]) -> Core: ...
def deal(rng: int, speaker: int, dealer: int | None, levels: int | Sequence[int]) -> Core: ...
def from_seed(seed: int, level: int = 0, first: int | None = None) -> Core: ...
