# cython: language_level=3
"""Dou Dizhu's and Zheng Shangyou's move records, compiled: ``DdzMove`` and ``ZsyMove``.

They are the games' ``Move`` classes (``cardcore.doudizhu.moves.Move`` is ``DdzMove``,
``cardcore.zhengshangyou.moves.Move`` is ``ZsyMove``). Each is a final subtype of the shedding
kernel's ``ShedRecord`` (``cardcore._fast.shedding``: the fields ``kind``, ``rank``,
``length``, ``cards`` and ``_code``, read-only), which the kernel fills in C when it builds
moves.

What a move does is not written here: it is written once, in Python, in the rules classes
(``cardcore.engines.shedding.MoveRules``, ``cardcore.engines.shedding_moves.ShedMove`` and each
game's rules on it), which each game's moves module hands over once with ``set_rules(game,
rules)``. The types' methods and properties call the rules with the record as ``self`` (or the
type as ``cls``); their class attributes (``KINDS``, ``KEY_BEATS``...) are the kernel's own
exports. The plain-Python twin is ``cardcore._ref.shedding_moves``.
"""

cimport cython

from cardcore._fast.shedding cimport ShedRecord

from cardcore._fast import shedding as _k
from cardcore.errors import CardcoreError, quote

# the rules of each game (set once by its moves module)
cdef object _DDZ_RULES = None
cdef object _ZSY_RULES = None


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


cdef inline object _rules(object rules):
    # a game's rules, once its moves module has set them
    if rules is None:
        raise CardcoreError("no rules set for this record type (importing the game's moves "
                            "module sets them)")
    return rules


# (each type has its own copy of the delegations below: a base type between the kernel's
# ``ShedRecord`` and these would add a step to every record's allocation and release)

@cython.final
@cython.auto_pickle(False)
cdef class DdzMove(ShedRecord):
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


    def __init__(self, kind, rank, length, cards):
        """The move these cards make when read as (``kind``, ``rank``, ``length``)
        (``keyed_reading``: ``CardError`` unless the cards have that reading)."""
        cdef ShedRecord m
        if self.kind is not None:
            raise AttributeError(f"{type(self).__name__} is immutable")
        m = DdzMove.keyed_reading(kind, rank, length, cards)
        self.kind, self.rank, self.length, self.cards, self._code = \
            m.kind, m.rank, m.length, m.cards, m._code

    def __setattr__(self, name, value):
        _rules(_DDZ_RULES).__setattr__(self, name, value)

    def __delattr__(self, name):
        _rules(_DDZ_RULES).__delattr__(self, name)

    def __str__(self):
        return _rules(_DDZ_RULES).__str__(self)

    def __repr__(self):
        return _rules(_DDZ_RULES).__repr__(self)

    def __eq__(self, other):
        return _rules(_DDZ_RULES).__eq__(self, other)

    def __ne__(self, other):
        return _rules(_DDZ_RULES).__ne__(self, other)

    def __hash__(self):
        return _rules(_DDZ_RULES).__hash__(self)

    def __reduce__(self):
        return _rules(_DDZ_RULES).__reduce__(self)

    def __len__(self):
        return _rules(_DDZ_RULES).__len__(self)

    def __getitem__(self, i):
        return _rules(_DDZ_RULES).__getitem__(self, i)

    def __iter__(self):
        return _rules(_DDZ_RULES).__iter__(self)

    def _as_tuple(self):
        """``(kind, rank, length, cards, counts, text)``."""
        return _rules(_DDZ_RULES)._as_tuple(self)

    def beats(self, other):
        """Whether this play beats ``other`` (a move of the same game)."""
        return _rules(_DDZ_RULES).beats(self, other)

    @property
    def mask(self):
        """The cards as a bit mask (bit ``i`` for card id ``i``)."""
        return _rules(_DDZ_RULES).mask.fget(self)

    @property
    def counts(self):
        """The rank count vector of the cards (cards per rank index)."""
        return _rules(_DDZ_RULES).counts.fget(self)

    @property
    def id(self):
        """The play's action id (``None`` for a play with more cards than any hand)."""
        return _rules(_DDZ_RULES).id.fget(self)

    @property
    def kernel_key(self):
        """``(kind code, rank, length)``: the key the game's kernel takes (``KINDS`` order)."""
        return _rules(_DDZ_RULES).kernel_key.fget(self)

    @property
    def core_ranks(self):
        """The rank indices of the core."""
        return _rules(_DDZ_RULES).core_ranks.fget(self)

    @property
    def rank_name(self):
        """The main rank's name (``"3"`` .. ``"A"``, ``"2"``, ``"BJ"``, ``"RJ"``)."""
        return _rules(_DDZ_RULES).rank_name.fget(self)

    @property
    def size(self):
        """The number of cards played."""
        return _rules(_DDZ_RULES).size.fget(self)

    @property
    def key(self):
        """``(kind, rank, length)``: all that decides what this move beats."""
        return _rules(_DDZ_RULES).key.fget(self)

    @classmethod
    def _make(cls, kind, rank, length, mask):
        """The reading (``kind`` code, ``rank``, ``length``) of the cards of bit mask ``mask``
        (how a pickled move is rebuilt)."""
        return _rules(_DDZ_RULES)._make.__func__(cls, kind, rank, length, mask)

    @classmethod
    def _readings(cls, cards):
        """Every reading of exactly these cards."""
        return _rules(_DDZ_RULES)._readings.__func__(cls, cards)

    @classmethod
    def _one_reading(cls, readings, cards, kind):
        return _rules(_DDZ_RULES)._one_reading.__func__(cls, readings, cards, kind)

    @classmethod
    def reading(cls, kind, cards, text=None):
        """The move a play of ``kind`` with these exact cards stands for (``text``, the action
        text, picks one of two readings of that kind)."""
        return _rules(_DDZ_RULES).reading.__func__(cls, kind, cards, text)

    @classmethod
    def keyed_reading(cls, kind, rank, length, cards):
        """The move these cards make when read as (``kind``, ``rank``, ``length``)."""
        return _rules(_DDZ_RULES).keyed_reading.__func__(cls, kind, rank, length, cards)

    @classmethod
    def from_action(cls, action):
        """The move a listed play action (kind, text, cards) stands for."""
        return _rules(_DDZ_RULES).from_action.__func__(cls, action)

    @classmethod
    def key_beats(cls, a, b):
        """Whether play ``a`` beats play ``b`` (moves or sequences starting ``(kind, rank,
        length)``)."""
        return _rules(_DDZ_RULES).key_beats.__func__(cls, a, b)

    @property
    def wing(self):
        """The attachment kind: ``"none"``, ``"single"`` or ``"pair"``."""
        return _rules(_DDZ_RULES).wing.fget(self)

    @property
    def wing_counts(self):
        """The rank count vector of the attachments only (all zero without attachments)."""
        return _rules(_DDZ_RULES).wing_counts.fget(self)

    @classmethod
    def from_cards(cls, cards, kind=None):
        """The move these exact cards make; ``kind`` picks a reading when there are several."""
        return _rules(_DDZ_RULES).from_cards.__func__(cls, cards, kind)


@cython.final
@cython.auto_pickle(False)
cdef class ZsyMove(ShedRecord):
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


    def __init__(self, kind, rank, length, cards):
        """The move these cards make when read as (``kind``, ``rank``, ``length``)
        (``keyed_reading``: ``CardError`` unless the cards have that reading)."""
        cdef ShedRecord m
        if self.kind is not None:
            raise AttributeError(f"{type(self).__name__} is immutable")
        m = ZsyMove.keyed_reading(kind, rank, length, cards)
        self.kind, self.rank, self.length, self.cards, self._code = \
            m.kind, m.rank, m.length, m.cards, m._code

    def __setattr__(self, name, value):
        _rules(_ZSY_RULES).__setattr__(self, name, value)

    def __delattr__(self, name):
        _rules(_ZSY_RULES).__delattr__(self, name)

    def __str__(self):
        return _rules(_ZSY_RULES).__str__(self)

    def __repr__(self):
        return _rules(_ZSY_RULES).__repr__(self)

    def __eq__(self, other):
        return _rules(_ZSY_RULES).__eq__(self, other)

    def __ne__(self, other):
        return _rules(_ZSY_RULES).__ne__(self, other)

    def __hash__(self):
        return _rules(_ZSY_RULES).__hash__(self)

    def __reduce__(self):
        return _rules(_ZSY_RULES).__reduce__(self)

    def __len__(self):
        return _rules(_ZSY_RULES).__len__(self)

    def __getitem__(self, i):
        return _rules(_ZSY_RULES).__getitem__(self, i)

    def __iter__(self):
        return _rules(_ZSY_RULES).__iter__(self)

    def _as_tuple(self):
        """``(kind, rank, length, cards, counts, text)``."""
        return _rules(_ZSY_RULES)._as_tuple(self)

    def beats(self, other):
        """Whether this play beats ``other`` (a move of the same game)."""
        return _rules(_ZSY_RULES).beats(self, other)

    @property
    def mask(self):
        """The cards as a bit mask (bit ``i`` for card id ``i``)."""
        return _rules(_ZSY_RULES).mask.fget(self)

    @property
    def counts(self):
        """The rank count vector of the cards (cards per rank index)."""
        return _rules(_ZSY_RULES).counts.fget(self)

    @property
    def id(self):
        """The play's action id (``None`` for a play with more cards than any hand)."""
        return _rules(_ZSY_RULES).id.fget(self)

    @property
    def kernel_key(self):
        """``(kind code, rank, length)``: the key the game's kernel takes (``KINDS`` order)."""
        return _rules(_ZSY_RULES).kernel_key.fget(self)

    @property
    def core_ranks(self):
        """The rank indices of the core."""
        return _rules(_ZSY_RULES).core_ranks.fget(self)

    @property
    def rank_name(self):
        """The main rank's name (``"3"`` .. ``"A"``, ``"2"``, ``"BJ"``, ``"RJ"``)."""
        return _rules(_ZSY_RULES).rank_name.fget(self)

    @property
    def size(self):
        """The number of cards played."""
        return _rules(_ZSY_RULES).size.fget(self)

    @property
    def key(self):
        """``(kind, rank, length)``: all that decides what this move beats."""
        return _rules(_ZSY_RULES).key.fget(self)

    @classmethod
    def _make(cls, kind, rank, length, mask):
        """The reading (``kind`` code, ``rank``, ``length``) of the cards of bit mask ``mask``
        (how a pickled move is rebuilt)."""
        return _rules(_ZSY_RULES)._make.__func__(cls, kind, rank, length, mask)

    @classmethod
    def _readings(cls, cards):
        """Every reading of exactly these cards."""
        return _rules(_ZSY_RULES)._readings.__func__(cls, cards)

    @classmethod
    def _one_reading(cls, readings, cards, kind):
        return _rules(_ZSY_RULES)._one_reading.__func__(cls, readings, cards, kind)

    @classmethod
    def reading(cls, kind, cards, text=None):
        """The move a play of ``kind`` with these exact cards stands for (``text``, the action
        text, picks one of two readings of that kind)."""
        return _rules(_ZSY_RULES).reading.__func__(cls, kind, cards, text)

    @classmethod
    def keyed_reading(cls, kind, rank, length, cards):
        """The move these cards make when read as (``kind``, ``rank``, ``length``)."""
        return _rules(_ZSY_RULES).keyed_reading.__func__(cls, kind, rank, length, cards)

    @classmethod
    def from_action(cls, action):
        """The move a listed play action (kind, text, cards) stands for."""
        return _rules(_ZSY_RULES).from_action.__func__(cls, action)

    @classmethod
    def key_beats(cls, a, b):
        """Whether play ``a`` beats play ``b`` (moves or sequences starting ``(kind, rank,
        length)``)."""
        return _rules(_ZSY_RULES).key_beats.__func__(cls, a, b)

    @classmethod
    def from_cards(cls, cards, kind=None, first_play=False):
        """The move these exact cards make (``kind`` picks a reading if there are several)."""
        return _rules(_ZSY_RULES).from_cards.__func__(cls, cards, kind, first_play)


#: the record type of each game (0 Dou Dizhu, 1 Zheng Shangyou)
RECORD_TYPES = (DdzMove, ZsyMove)
