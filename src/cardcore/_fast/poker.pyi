"""Type stub for the poker evaluation kernel (``cardcore._fast.poker``)."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

CATEGORIES: tuple[str, ...]
CATEGORY_BASES: tuple[int, ...]
NUM_VALUES: int
MAX_PLAYERS: int
SHARE_UNIT: int
TABLE_SIZE: int

def evaluate(cards: Sequence[int]) -> int: ...
def evaluate_many(cards: npt.ArrayLike, check: bool = True) -> npt.NDArray[np.uint16]: ...
def category(value: int) -> str: ...
def category_index(value: int) -> int: ...
def value_histogram(k: int = 7) -> npt.NDArray[np.int64]: ...
def category_histogram(k: int = 7) -> dict[str, int]: ...
def category_histogram7() -> dict[str, int]: ...

_Tally = tuple[list[int], list[int], list[int], int]

def equity_exact(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], dead: npt.NDArray[np.uint8]
) -> _Tally: ...
def equity_sample(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    samples: int,
    seed: int,
) -> _Tally: ...
def equity_ranges(
    combos: npt.NDArray[np.uint8],
    cumw: npt.NDArray[np.float64],
    offsets: npt.NDArray[np.int64],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    samples: int,
    seed: int,
    max_tries: int = 1000,
) -> _Tally: ...
