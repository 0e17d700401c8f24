"""What Dou Dizhu's and Zheng Shangyou's ``Move`` do: the mixin ``ShedMove``.

Each game's ``Move`` is a plain Python class, ``class Move(ShedMove, ShedRecord)``: the storage
``ShedRecord`` is the shedding kernel's (``cardcore._fast.shedding``, or its twin
``cardcore._ref.shedding`` on the reference backend), which builds records in bulk with every
field set up front when it is handed the type (``ddz_hand_moves(Move, hand)``); what a move does
is written here, once, in Python, and in each game's moves module. No registry: a kernel builds
the record type it is given.

Fields (set once): ``kind`` (the kind's name), ``rank`` (main rank, an index into
``RANK_NAMES``; the highest core rank of a sequence), ``length`` (core ranks of a sequence,
else 1), ``cards`` (a tuple of ``Card``: core first, then attachments, each ascending). ``mask``
(the cards as a bit mask, bit ``i`` for card id ``i``), ``counts``, ``id``, the text
(``str(move)``) and the rest are computed from those when read. Immutable and hashable; equal
when kind, rank, length and cards are equal; it also reads as the tuple ``(kind, rank, length,
cards, counts, text)``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, ClassVar

from .._backend import kernel
from ..errors import CardcoreError, quote
from .shedding import RANK_NAMES, MoveRules

__all__ = ["ShedMove", "RANK_NAMES"]


if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import shedding as _k
else:
    _k = kernel("shedding")


class ShedMove(MoveRules):
    """What a Dou Dizhu or Zheng Shangyou move does (see the module docstring): the first base
    of each game's ``Move`` (its second is the kernel's ``ShedRecord``), which carries
    ``KINDS``, ``SEQUENCE_KINDS``, ``GAME``, ``KEY_BEATS`` (the kernel's key comparison) and
    ``_GAME_CODE``, and adds ``_readings`` and ``from_cards``. Reading
    written cards and comparing keys come from ``engines.shedding.MoveRules``, shared with the
    tuple record ``MoveBase``; the games also register their ``Move`` as a virtual subclass of
    ``MoveBase``, the interface every shedding game's moves share."""

    __slots__ = ()
    _code: int
    _GAME_CODE: ClassVar[int] = 0

    def __new__(cls, kind, rank, length, cards):
        """The move these cards make when read as (``kind``, ``rank``, ``length``)
        (``keyed_reading``: ``CardError`` unless the cards have that reading)."""
        return cls.keyed_reading(kind, rank, length, cards)

    def __init__(self, kind, rank, length, cards):
        # (the fields were set when the record was built; nothing is left to do, and nothing
        # can be changed)
        pass

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} is immutable")

    @classmethod
    def _make(cls, kind, rank, length, mask):
        """The reading (``kind`` code, ``rank``, ``length``) of the cards of bit mask ``mask``
        (``CardcoreError`` unless the cards have it): how a pickled move is rebuilt."""
        return _k.make_move(cls, cls._GAME_CODE, kind, rank, length, mask)

    @property
    def mask(self) -> int:
        """The cards as a bit mask (bit ``i`` for card id ``i``)."""
        return _k.cards_mask(self._GAME_CODE, self.cards)

    @property
    def counts(self) -> tuple:
        """The rank count vector of the cards (cards per rank index)."""
        return _k.mask_counts(self.mask)

    @property
    def id(self) -> int | None:
        """The play's action id (``None`` for a play with more cards than any hand)."""
        i = _k.move_id(self._GAME_CODE, self._code, self.rank, self.length, self.cards)
        return None if i < 0 else i

    @property
    def kernel_key(self) -> tuple:
        """``(kind code, rank, length)``: the key the game's kernel takes (``KINDS`` order)."""
        return (self._code, self.rank, self.length)

    @property
    def core_ranks(self) -> tuple:
        """The rank indices of the core (the run, the rank of a single/pair/trio/bomb and of the
        trio or four a play's attachments go with, both jokers of a rocket)."""
        lo, hi = _k.core_range(self._GAME_CODE, self._code, self.rank, self.length)
        return tuple(range(lo, hi + 1))

    def __str__(self) -> str:
        return _k.record_text(self)

    def __repr__(self) -> str:
        return f"Move({self.kind} {self} [{' '.join(map(str, self.cards))}])"

    def __eq__(self, other):
        if type(other) is type(self):
            # (a record's cards are in one order: the kernel's, for every reading)
            return (self.cards == other.cards and self._code == other._code
                    and self.rank == other.rank and self.length == other.length)
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash((self._GAME_CODE, self._code, self.rank, self.length, self.cards))

    def __reduce__(self):
        # (pickled as ``_remake``, which imports the game's moves module: the record type has
        # its rules once that module is imported)
        return (_remake, (self._GAME_CODE, self._code, self.rank, self.length, self.mask))

    def _as_tuple(self) -> tuple:
        """``(kind, rank, length, cards, counts, text)``."""
        return (self.kind, self.rank, self.length, self.cards, self.counts, str(self))

    def __len__(self):
        return 6

    def __getitem__(self, i):
        if type(i) is int and 0 <= i < 3:
            return (self.kind, self.rank, self.length)[i]
        return self._as_tuple()[i]

    def __iter__(self):
        return iter(self._as_tuple())

    def beats(self, other) -> bool:
        """Whether this play beats ``other`` (a move of the same game)."""
        if type(other) is not type(self):
            raise CardcoreError(f"beats({quote(other)}): expected a {self.GAME} Move")
        return bool(self.KEY_BEATS(self.kernel_key, other.kernel_key))

#: the moves module of each game (0 Dou Dizhu, 1 Zheng Shangyou)
_GAME_MODULES = ("cardcore.doudizhu.moves", "cardcore.zhengshangyou.moves")


def _remake(game: int, kind: int, rank: int, length: int, mask: int):
    """The reading (``kind`` code, ``rank``, ``length``) of the cards of bit mask ``mask`` in
    game ``game``: how a pickled move is rebuilt (the game's ``Move._make``, its moves module
    imported first)."""
    if type(game) is not int or game not in (0, 1):
        raise CardcoreError(f"game {quote(game)}: expected 0 or 1")
    return importlib.import_module(_GAME_MODULES[game]).Move._make(kind, rank, length, mask)
