"""The record behind Dou Dizhu's and Zheng Shangyou's ``Move``: ``ShedMove``.

Each game's moves module defines its ``Move`` on ``ShedMove`` (the game's kinds, its key
comparison, where its readings come from) and hands the class to the shedding kernel with
``register``; the kernel (``cardcore._fast.shedding`` or its twin ``cardcore._ref.shedding``)
works on ints and card masks and builds records of that class with every field set up front.

Fields (slots, set once): ``kind`` (the kind's name), ``rank`` (main rank, an index into
``RANK_NAMES``; the highest core rank of a sequence), ``length`` (core ranks of a sequence,
else 1), ``cards`` (a tuple of ``Card``: core first, then attachments, each ascending). ``mask``
(the cards as a bit mask, bit ``i`` for card id ``i``), ``counts``, ``id``, the text
(``str(move)``) and the rest are computed from those when read. Immutable and hashable; equal
when kind, rank, length and cards are equal; it also reads as the tuple ``(kind, rank, length,
cards, counts, text)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from .._backend import kernel
from ..errors import CardcoreError, quote
from .shedding import RANK_NAMES, MoveRules

__all__ = ["ShedMove", "register", "RANK_NAMES"]


if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import shedding as _k
else:
    _k = kernel("shedding")


class ShedMove(MoveRules):
    """A Dou Dizhu or Zheng Shangyou play (see the module docstring). Subclasses set ``KINDS``,
    ``SEQUENCE_KINDS``, ``GAME``, ``KEY_BEATS`` (the kernel's key comparison), ``_GAME_CODE``
    and ``_readings``. Reading written cards and comparing keys come from
    ``engines.shedding.MoveRules``, shared with the tuple record ``MoveBase``; the games also
    register their ``Move`` as a virtual subclass of ``MoveBase``, the interface every shedding
    game's moves share."""

    # (the kernel's ``MOVE_FIELDS``; ``_code`` is the kind code)
    __slots__ = ("kind", "rank", "length", "cards", "_code")
    kind: str
    rank: int
    length: int
    cards: tuple
    _code: int

    _GAME_CODE: ClassVar[int] = 0

    def __init__(self, kind, rank, length, cards):
        """The move these cards make when read as (``kind``, ``rank``, ``length``)
        (:meth:`MoveRules.keyed_reading`)."""
        m = type(self).keyed_reading(kind, rank, length, cards)
        for name in ShedMove.__slots__:
            object.__setattr__(self, name, getattr(m, name))

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} is immutable")

    @classmethod
    def _make(cls, kind, rank, length, mask):
        """The reading (``kind`` code, ``rank``, ``length``) of the cards of bit mask ``mask``
        (``CardcoreError`` unless the cards have it): how a pickled move is rebuilt."""
        return _k.make_move(cls._GAME_CODE, kind, rank, length, mask)

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
        return _k.move_text(self._GAME_CODE, self._code, self.rank, self.length, self.cards)

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
        # (pickled as the class's ``_make``: unpickling imports the game's moves module)
        return (type(self)._make, (self._code, self.rank, self.length, self.mask))

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

def register(game: int, cls: type) -> None:
    """Make ``cls`` the record type game ``game`` (0 Dou Dizhu, 1 Zheng Shangyou) builds, in
    the reference kernel and, where it is built, the compiled one (both can be in use at
    once: the differential tests compare them)."""
    kernel("shedding", "ref").set_move_type(game, cls)
    try:
        fast = kernel("shedding", "fast")
    except ImportError:
        return
    fast.set_move_type(game, cls)
