"""Shedding-game move kernel (Dou Dizhu, Zheng Shangyou); see the module docstring.

Counts: 15 rank counts (3 4 5 6 7 8 9 T J Q K A 2 BJ RJ) as a list, bytes or a uint8 array.
Rows: (n, 18) uint8 arrays ``[kind, rank, length, c0 .. c14]``. ``*_build`` turns rows into
records ``cls((kind_name, rank, length, cards, counts, text))`` of a tuple subclass ``cls``.
"""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

_Counts = Sequence[int] | bytes | npt.NDArray[np.uint8]
_Key = tuple[int, int, int] | Sequence[int] | npt.NDArray[np.uint8]

ROW: int
NRANKS: int
DDZ_KINDS: tuple[str, ...]
ZSY_KINDS: tuple[str, ...]
DDZ_CAPS: tuple[int, ...]
ZSY_CAPS: tuple[int, ...]

def ddz_moves(counts: _Counts, beat: _Key | None = None) -> npt.NDArray[np.uint8]: ...
def ddz_count(counts: _Counts, beat: _Key | None = None) -> int: ...
def ddz_classify(counts: _Counts) -> npt.NDArray[np.uint8]: ...
def ddz_beats(a: _Key, b: _Key) -> bool: ...
def zsy_moves(
    counts: _Counts, beat: _Key | None = None, first_play: bool = False
) -> npt.NDArray[np.uint8]: ...
def zsy_can_beat(counts: _Counts, beat: _Key) -> bool: ...
def zsy_classify(counts: _Counts, first_play: bool = False) -> npt.NDArray[np.uint8]: ...
def zsy_beats(a: _Key, b: _Key) -> bool: ...
def ddz_build(
    rows: npt.NDArray[np.uint8], by: list[list[object]], cls: type[tuple]
) -> list[tuple]: ...
def zsy_build(
    rows: npt.NDArray[np.uint8], by: list[list[object]], cls: type[tuple]
) -> list[tuple]: ...
