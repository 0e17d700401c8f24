"""Type stub for the poker evaluation kernel (``cardcore._fast.poker``)."""

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

CATEGORIES: tuple[str, ...]
CATEGORY_BASES: tuple[int, ...]
NUM_VALUES: int
MAX_PLAYERS: int
SHARE_UNIT: int
TABLE_SIZE: int

def evaluate(cards: Iterable[int]) -> int: ...
def evaluate_many(cards: npt.ArrayLike, check: bool = True) -> npt.NDArray[np.uint16]: ...

class _Wrappers:
    @staticmethod
    def evaluate(fallback: Callable[[Any], int]) -> Callable[[Any], int]: ...

def category(value: int) -> str: ...
def category_index(value: int) -> int: ...
def splitmix_stream(seed: int, n: int) -> npt.NDArray[np.uint64]: ...
def value_histogram(k: int = 7) -> npt.NDArray[np.int64]: ...
def category_histogram(k: int = 7) -> dict[str, int]: ...
def category_histogram7() -> dict[str, int]: ...

_Tally = tuple[list[int], list[int], list[int], int]

def equity_exact(
    holes: npt.ArrayLike, board: npt.ArrayLike, dead: npt.ArrayLike
) -> _Tally: ...
def equity_sample(
    holes: npt.ArrayLike,
    board: npt.ArrayLike,
    dead: npt.ArrayLike,
    samples: int,
    seed: int,
) -> _Tally: ...
def equity_ranges(
    combos: npt.ArrayLike,
    cumw: npt.ArrayLike,
    offsets: npt.ArrayLike,
    board: npt.ArrayLike,
    dead: npt.ArrayLike,
    samples: int,
    seed: int,
    max_tries: int = 1000,
) -> _Tally: ...
