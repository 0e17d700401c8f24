"""What Dou Dizhu's and Zheng Shangyou's ``Move`` do: the rules class ``ShedMove``.

Each game's ``Move`` is a record type of the record module (``cardcore._fast.shedding_moves``'s
``DdzMove`` / ``ZsyMove``, compiled, or their twins in ``cardcore._ref.shedding_moves``), which
the shedding kernel builds in bulk with every field set up front. What a move does is written
here, once, in Python: ``ShedMove`` (on ``engines.shedding.MoveRules``) and each game's rules
class on it are never instantiated; the record types' methods and properties call them with a
record as ``self`` (class methods with the record type as ``cls``). A game's moves module hands
its rules over with ``register(game, rules)``, which also makes its record type the one both
kernels build.

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

__all__ = ["ShedMove", "register", "RANK_NAMES"]


if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import shedding as _k
else:
    _k = kernel("shedding")


class ShedMove(MoveRules):
    """What a Dou Dizhu or Zheng Shangyou record does (see the module docstring): a rules
    class, never instantiated; ``self`` is a record, ``cls`` a record type, which carries
    ``KINDS``, ``SEQUENCE_KINDS``, ``GAME``, ``KEY_BEATS`` (the kernel's key comparison) and
    ``_GAME_CODE``. A game's rules class on it adds ``_readings`` and ``from_cards``. Reading
    written cards and comparing keys come from ``engines.shedding.MoveRules``, shared with the
    tuple record ``MoveBase``; the games also register their ``Move`` as a virtual subclass of
    ``MoveBase``, the interface every shedding game's moves share."""

    __slots__ = ()
    _code: int
    _GAME_CODE: ClassVar[int] = 0

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


def register(game: int, rules: type) -> type:
    """Make ``rules`` what the record type of game ``game`` (0 Dou Dizhu, 1 Zheng Shangyou)
    does, in the reference record module and, where it is built, the compiled one, and make
    the backend's record type (the game's ``Move``, returned) the type both shedding kernels
    build: the reference kernel and the compiled one can be in use at once (the differential
    tests compare them), and their moves are then of one type and compare equal."""
    kernel("shedding_moves", "ref").set_rules(game, rules)
    try:
        fast = kernel("shedding_moves", "fast")
    except ImportError:
        pass
    else:
        fast.set_rules(game, rules)
    cls: type = kernel("shedding_moves").RECORD_TYPES[game]
    kernel("shedding", "ref").set_move_type(game, cls)
    try:
        fast_k = kernel("shedding", "fast")
    except ImportError:
        return cls
    fast_k.set_move_type(game, cls)
    return cls
