"""Guandan step core: one deal, its tribute included, on the one core contract
(``cardcore._fast.core.Core``); the plain-Python twin ``cardcore._ref.guandan_step`` documents
the encoding."""

from collections.abc import Sequence
from typing import Final

from cardcore._fast.guandan_step_fields import _Fields as _Fields

NUM_ACTIONS: int
FIRST_PLAY: int
OBS_SIZE: int
SEED_MAX: int
KINDS: tuple[str, ...]
PHASES: tuple[str, ...]
EXPORT_FIELDS: tuple[str, ...]
EXPORT_HEAD: int

class Core(_Fields):
    def __init__(self, hands: Sequence[Sequence[int]], level: int, turn: int | None,
                 places: Sequence[int] = (),
                 table: tuple[int, int, Sequence[int]] | None = None,
                 passes: int = 0, *, previous: Sequence[int] | None = None,
                 levels: Sequence[int] | None = None, rng_state: int = 0) -> None: ...
    def apply_cards(self, i: int, cards: Sequence[int]) -> None: ...
    turn: Final[int]
    level: Final[int]
    levels: Final[list[int]]
    new_levels: Final[list[int]]
    advance: Final[int]
    phase: Final[str]
    passes: Final[int]
    def tribute(self) -> list[list]: ...
    def hand(self, seat: int) -> list[int]: ...
    def hands(self) -> list[list[int]]: ...
    def hand_sizes(self) -> list[int]: ...
    def table(self) -> list | None: ...
    def plays(self) -> list[list]: ...
    def played(self) -> list[list[int]]: ...
    def passes_on(self) -> list[list[int]]: ...
    def places(self) -> list[int]: ...

def from_export(values: Sequence[int]) -> Core: ...
def deal(rng_state: int, level: int, *, deck: Sequence[int] | None = None,
         first: int | None = None, previous: Sequence[int] | None = None,
         levels: Sequence[int] | None = None) -> Core: ...
def from_seed(seed: int, *, level: str | int = "2", first: int | None = None,
              single_deal: bool = False) -> Core: ...
