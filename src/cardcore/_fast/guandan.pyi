"""Guandan combination kernel; see the module docstring (and ``cardcore._ref.guandan``).

Cards: 54 card counts (one per card id 0..53, each 0..2) as a list, bytes or a uint8 array.
``level``: the level rank index 0..12 (2..A); card id ``level * 4 + 2`` is the wild card.
Rows: (n, 23) uint8 arrays, sorted lexicographically, columns
``[kind, rank, length, suit, nwild, aux, wild1, wild2, c0 .. c12, bj, rj]``:

- ``kind`` indexes ``KINDS``; ``rank`` is a level-aware value (natural index 0..12, the level
  rank 13, BJ 14, RJ 15) for single / pair / trio / full house (its trio) / bomb / joker bomb,
  and the natural index of the top card for straight / tube / plate / straight flush
  (A-2-3-4-5 is 3); ``length`` is the number of cards;
- ``suit``: the straight flush's suit 0..3, else ``NONE`` (255); ``nwild``: wild cards used;
- ``aux``: a full house's pair value (0..15), else ``NONE``;
- ``wild1``, ``wild2``: the natural rank index each wild card stands for (ascending; ``NONE``
  when unused); a lone wild card (or both alone) stand for the level rank;
- ``c0 .. c12``: natural cards used per rank index (wild cards excluded); ``bj``, ``rj``:
  jokers used.

A key is ``(kind, rank, length)``; a play is identified by
``(kind, rank, length, suit, nwild, c0 .. c12, bj, rj)``.

Action ids (``docs/actions/guandan.md``): 0 pass, 1..54 return card ``id - 1``, plays from
``FIRST_PLAY`` = 55. The plays are a table built at import: every play of the full two-deck hand
at the 13 levels, once each, as *natural rows* (a row with its rank, but a sequence's, and a
full house's pair value as natural indexes 0..12, BJ 13, RJ 14), sorted by their first eight
columns; ``id_rows`` returns it, ``id_levels`` says at which levels each play exists and
``id_texts`` gives every action id's text (``"pass"``, ``"return 5c"``, a play's notation). The
game's step functions take a hand as a list of card ids: ``hand_ids``, ``id_ok``, ``take``.

Bad input raises ``CardError`` (card counts; a hand lacking the cards a row takes) or
``CardcoreError`` (level, key, rows, ids), as the twin ``cardcore._ref.guandan`` does.
"""

from collections.abc import Sequence
from typing import Any, Final, TypeVar, final

import numpy as np
import numpy.typing as npt

_Cards = Sequence[int] | bytes | npt.NDArray[np.uint8]
_Key = tuple[int, int, int] | Sequence[int] | npt.NDArray[np.uint8]
_Rows = Sequence[int] | Sequence[Sequence[int]] | npt.NDArray[np.uint8]
_P = TypeVar("_P", bound="Play")

ROW: int
NCARDS: int
NONE: int
KINDS: tuple[str, ...]
SINGLE: int
PAIR: int
TRIO: int
FULL_HOUSE: int
STRAIGHT: int
TUBE: int
PLATE: int
BOMB: int
STRAIGHT_FLUSH: int
JOKER_BOMB: int
COL_KIND: int
COL_RANK: int
COL_LENGTH: int
COL_SUIT: int
COL_NWILD: int
COL_AUX: int
COL_WILD1: int
COL_WILD2: int
COL_COUNTS: int
COL_BJ: int
COL_RJ: int
LEVEL_VALUE: int
BJ_VALUE: int
RJ_VALUE: int
FIRST_PLAY: int
NUM_PLAYS: int
NUM_ACTIONS: int

def moves(hand: _Cards, level: int, beat: _Key | None = None) -> npt.NDArray[np.uint8]: ...
def count(hand: _Cards, level: int, beat: _Key | None = None) -> int: ...
def classify(cards: _Cards, level: int) -> npt.NDArray[np.uint8]: ...
def beats(a: _Key, b: _Key) -> bool: ...
def power(key: _Key) -> tuple[int, int]: ...
def pick(hand: _Cards, level: int, rows: _Rows) -> npt.NDArray[np.uint8]: ...
def pick_ids(
    hand: _Cards, level: int, rows: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]: ...
def id_rows() -> npt.NDArray[np.uint8]: ...
def id_levels() -> npt.NDArray[np.bool_]: ...
def id_texts() -> list[str]: ...
def move_ids(hand: _Cards, level: int, beat: _Key | None = None) -> npt.NDArray[np.int32]: ...
def move_ids_of(hand: list[int], level: int, beat: _Key | None = None) -> npt.NDArray[np.int32]: ...
def row_ids(rows: _Rows, level: int) -> npt.NDArray[np.int32] | int: ...
def id_row(i: int, level: int) -> npt.NDArray[np.uint8]: ...
def hand_ids(hand: list[int], level: int, beat: _Key | None = None) -> list[int]: ...
def id_ok(hand: list[int], level: int, beat: _Key | None, i: object) -> bool: ...
def take(hand: list[int], level: int, i: int) -> tuple[list[int], list[int]]: ...

@final
class Play:
    def __init__(
        self, row: _Rows, level: int, cards: Sequence[object] | None = None
    ) -> None: ...
    @classmethod
    def make(
        cls: type[_P], row: _Rows, level: int, cards: Sequence[object] | None = None
    ) -> _P: ...
    @staticmethod
    def row_text(row: _Rows) -> str: ...
    level: Final[int]
    kind: Final[str]
    cards: Final[tuple[Any, ...] | None]
    row: Final[bytes]
    rank: Final[int]
    length: Final[int]
    key: Final[tuple[int, int, int]]
    suit: Final[str | None]
    power: Final[tuple[int, int]]
    wilds: Final[tuple[tuple[Any, Any], ...]]
    is_bomb: Final[bool]
    def beats(self, other: Play | Sequence[int]) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    @classmethod
    def build(
        cls: type[_P], hand: _Cards, level: int, rows: _Rows, table: tuple[Any, ...]
    ) -> list[_P]: ...
    @classmethod
    def of_hand(
        cls: type[_P], hand: list[int], level: int, beat: _Key | None, table: tuple[Any, ...]
    ) -> list[_P]: ...
