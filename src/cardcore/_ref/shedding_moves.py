"""Dou Dizhu's and Zheng Shangyou's move records, plain-Python twin of
``cardcore._fast.shedding_moves``: ``DdzMove`` and ``ZsyMove``, the games' ``Move`` classes on
the reference backend, subclasses of the reference kernel's ``ShedRecord`` (``cardcore._ref.
shedding``: the fields as the items of an immutable tuple base, set once by
``ShedRecord._from_fields``; no record can be changed, ``object.__setattr__`` included, as in
the compiled module).

As in the compiled module, what a move does is written once, in the rules classes each game's
moves module hands over with ``set_rules(game, rules)``; the types' methods and properties call
them with the record as ``self`` (or the type as ``cls``), and their class attributes are the
reference kernel's exports.
"""

from __future__ import annotations

import threading
from typing import Any, final

from cardcore._ref import shedding as _k
from cardcore._ref.shedding import ShedRecord
from cardcore.errors import CardcoreError, quote

# the record ``_MoveRecord.__new__`` has just built in this thread (its ``__init__`` follows)
_FRESH = threading.local()

# the rules of each game (set once by its moves module)
_DDZ_RULES: Any = None
_ZSY_RULES: Any = None


def set_rules(game, rules) -> None:
    """Make the class ``rules`` what the record type of game ``game`` (0 Dou Dizhu, 1 Zheng
    Shangyou) does: its methods are called with a record as ``self`` (class methods with the
    record type as ``cls``). Set once (setting the same class again does nothing)."""
    global _DDZ_RULES, _ZSY_RULES
    if type(game) is not int or game not in (0, 1):
        raise CardcoreError(f"set_rules: game {quote(game)}: expected 0 or 1")
    if not isinstance(rules, type):
        raise CardcoreError(f"set_rules: {quote(rules)}: expected a class")
    current = _DDZ_RULES if game == 0 else _ZSY_RULES
    if current is not None:
        if rules is not current:
            raise CardcoreError(f"set_rules: game {game} already has its rules "
                                f"{quote(current)}")
        return
    if game == 0:
        _DDZ_RULES = rules
    else:
        _ZSY_RULES = rules


def _rules(cls: Any) -> Any:
    # the rules of a record type (``DdzMove`` or ``ZsyMove``)
    rules = _DDZ_RULES if cls is DdzMove else _ZSY_RULES
    if rules is None:
        raise CardcoreError(f"{cls.__name__} has no rules yet (importing the game's moves "
                            "module sets them)")
    return rules


class _MoveRecord(ShedRecord):
    """What ``DdzMove`` and ``ZsyMove`` share: each name calls the game's rules."""

    __slots__ = ()

    def __new__(cls, kind, rank, length, cards):
        """The move these cards make when read as (``kind``, ``rank``, ``length``)
        (``keyed_reading``: ``CardError`` unless the cards have that reading)."""
        m = cls.keyed_reading(kind, rank, length, cards)
        rec = cls._from_fields(m.kind, m.rank, m.length, m.cards, m._code)
        _FRESH.rec = rec
        return rec

    def __init__(self, kind, rank, length, cards):
        # (the fields were set by ``__new__``, just before, in this thread; called on a record
        # made before, ``__init__`` refuses, as the compiled type's does)
        if getattr(_FRESH, "rec", None) is not self:
            raise AttributeError(f"{type(self).__name__} is immutable")
        _FRESH.rec = None

    def __setattr__(self, name, value):
        _rules(type(self)).__setattr__(self, name, value)

    def __delattr__(self, name):
        _rules(type(self)).__delattr__(self, name)

    def __str__(self):
        return _rules(type(self)).__str__(self)

    def __repr__(self):
        return _rules(type(self)).__repr__(self)

    def __eq__(self, other):
        return _rules(type(self)).__eq__(self, other)

    def __ne__(self, other):
        return _rules(type(self)).__ne__(self, other)

    def __hash__(self):
        return _rules(type(self)).__hash__(self)

    def __reduce__(self):
        return _rules(type(self)).__reduce__(self)

    def __len__(self):
        return _rules(type(self)).__len__(self)

    def __getitem__(self, i):
        return _rules(type(self)).__getitem__(self, i)

    def __iter__(self):
        return _rules(type(self)).__iter__(self)

    def _as_tuple(self):
        """``(kind, rank, length, cards, counts, text)``."""
        return _rules(type(self))._as_tuple(self)

    def beats(self, other):
        """Whether this play beats ``other`` (a move of the same game)."""
        return _rules(type(self)).beats(self, other)

    @property
    def mask(self):
        """The cards as a bit mask (bit ``i`` for card id ``i``)."""
        return _rules(type(self)).mask.fget(self)

    @property
    def counts(self):
        """The rank count vector of the cards (cards per rank index)."""
        return _rules(type(self)).counts.fget(self)

    @property
    def id(self):
        """The play's action id (``None`` for a play with more cards than any hand)."""
        return _rules(type(self)).id.fget(self)

    @property
    def kernel_key(self):
        """``(kind code, rank, length)``: the key the game's kernel takes (``KINDS`` order)."""
        return _rules(type(self)).kernel_key.fget(self)

    @property
    def core_ranks(self):
        """The rank indices of the core."""
        return _rules(type(self)).core_ranks.fget(self)

    @property
    def rank_name(self):
        """The main rank's name (``"3"`` .. ``"A"``, ``"2"``, ``"BJ"``, ``"RJ"``)."""
        return _rules(type(self)).rank_name.fget(self)

    @property
    def size(self):
        """The number of cards played."""
        return _rules(type(self)).size.fget(self)

    @property
    def key(self):
        """``(kind, rank, length)``: all that decides what this move beats."""
        return _rules(type(self)).key.fget(self)

    @classmethod
    def _make(cls, kind, rank, length, mask):
        """The reading (``kind`` code, ``rank``, ``length``) of the cards of bit mask ``mask``
        (how a pickled move is rebuilt)."""
        return _rules(cls)._make.__func__(cls, kind, rank, length, mask)

    @classmethod
    def _readings(cls, cards):
        """Every reading of exactly these cards."""
        return _rules(cls)._readings.__func__(cls, cards)

    @classmethod
    def _one_reading(cls, readings, cards, kind):
        return _rules(cls)._one_reading.__func__(cls, readings, cards, kind)

    @classmethod
    def reading(cls, kind, cards, text=None):
        """The move a play of ``kind`` with these exact cards stands for (``text``, the action
        text, picks one of two readings of that kind)."""
        return _rules(cls).reading.__func__(cls, kind, cards, text)

    @classmethod
    def keyed_reading(cls, kind, rank, length, cards):
        """The move these cards make when read as (``kind``, ``rank``, ``length``)."""
        return _rules(cls).keyed_reading.__func__(cls, kind, rank, length, cards)

    @classmethod
    def from_action(cls, action):
        """The move a listed play action (kind, text, cards) stands for."""
        return _rules(cls).from_action.__func__(cls, action)

    @classmethod
    def key_beats(cls, a, b):
        """Whether play ``a`` beats play ``b`` (moves or sequences starting ``(kind, rank,
        length)``)."""
        return _rules(cls).key_beats.__func__(cls, a, b)


@final
class DdzMove(_MoveRecord):
    """A Dou Dizhu play: ``kind``, ``rank``, ``length``, ``cards`` (fields), and ``mask``,
    ``counts``, ``id`` (the action id), ``str(move)`` (the rank notation), ``key``,
    ``kernel_key``, ``rank_name``, ``size``, ``core_ranks``, ``wing``, ``wing_counts``,
    ``beats(other)``. ``Move(kind, rank, length, cards)`` checks that the cards have that
    reading; ``Move.from_cards(cards, kind=None)``, ``Move.reading(kind, cards, text)`` and
    ``Move.from_action(action)`` find the reading of given cards."""

    KINDS = _k.DDZ_KINDS
    RANK_NAMES = _k.RANK_NAMES
    GAME = "Dou Dizhu"
    SEQUENCE_KINDS = frozenset({"straight", "pair_run", "airplane", "airplane_singles",
                                "airplane_pairs"})
    KEY_BEATS = staticmethod(_k.ddz_beats)
    _KIND_CODE = {k: i for i, k in enumerate(_k.DDZ_KINDS)}
    _GAME_CODE = 0
    __slots__ = ()

    @property
    def wing(self):
        """The attachment kind: ``"none"``, ``"single"`` or ``"pair"``."""
        return _rules(DdzMove).wing.fget(self)

    @property
    def wing_counts(self):
        """The rank count vector of the attachments only (all zero without attachments)."""
        return _rules(DdzMove).wing_counts.fget(self)

    @classmethod
    def from_cards(cls, cards, kind=None):
        """The move these exact cards make; ``kind`` picks a reading when there are several."""
        return _rules(cls).from_cards.__func__(cls, cards, kind)


@final
class ZsyMove(_MoveRecord):
    """A Zheng Shangyou play: the record of Dou Dizhu's ``Move`` without ``wing``.
    ``Move(kind, rank, length, cards)`` checks that the cards have that reading;
    ``Move.from_cards(cards, kind=None, first_play=False)``, ``Move.reading(kind, cards,
    text)`` and ``Move.from_action(action)`` find the reading of given cards; ``beats`` (same
    kind and length and a higher rank; a bomb beats ordinary plays and lower bombs; the ace
    bomb beats every other play; nothing beats the heavenly bomb), ``key``, ``kernel_key``,
    ``id``."""

    KINDS = _k.ZSY_KINDS
    RANK_NAMES = _k.RANK_NAMES
    GAME = "Zheng Shangyou"
    SEQUENCE_KINDS = frozenset({"straight", "pair_run"})
    KEY_BEATS = staticmethod(_k.zsy_beats)
    _KIND_CODE = {k: i for i, k in enumerate(_k.ZSY_KINDS)}
    _GAME_CODE = 1
    __slots__ = ()

    @classmethod
    def from_cards(cls, cards, kind=None, first_play=False):
        """The move these exact cards make (``kind`` picks a reading if there are several)."""
        return _rules(cls).from_cards.__func__(cls, cards, kind, first_play)


#: the record type of each game (0 Dou Dizhu, 1 Zheng Shangyou)
RECORD_TYPES = (DdzMove, ZsyMove)
