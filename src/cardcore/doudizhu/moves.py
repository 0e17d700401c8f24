"""Dou Dizhu plays: classification (``classify``), generation (``moves``) and ``Move``.

Ranks
-----
``Move.rank`` is an int in the 15-rank order ``3 4 5 6 7 8 9 T J Q K A 2 BJ RJ`` (0..14),
``Move.rank_name`` its name. It is the *main* rank: the card of a single/pair/trio/bomb, the
trio or four of a play with attachments, and the **highest** core rank of a straight, pair run
or airplane (the rank plays are compared by). The rocket's rank is 14 (RJ).

``Move.length`` is the number of consecutive core ranks of a sequence (a straight's cards, a
pair run's pairs, an airplane's trios) and 1 for every other kind; ``len(move.cards)`` (also
``move.size``) is the number of cards.

``str(move)`` is the natural notation: the core ranks then the attachments, ascending, ten as
``T``, jokers as separate tokens (``33344455``, ``4443``, ``333 BJ``, ``BJ RJ``).

Identity: two moves are equal when kind, rank, length and cards are equal (cards are kept in a
canonical order: core ranks first, then attachments, each ascending, suits ascending). The same
cards can have two readings (two moves, the player picks one).
"""

from __future__ import annotations

from operator import itemgetter

from .._backend import kernel
from ..cards import Card, CardsLike, parse
from ..errors import CardError, CardcoreError

__all__ = ["Move", "classify", "moves", "KINDS", "RANK_NAMES", "rank_index", "hand_counts"]

_k = kernel("shedding")

KINDS: tuple[str, ...] = tuple(_k.DDZ_KINDS)
_KIND_CODE = {k: i for i, k in enumerate(KINDS)}
RANK_NAMES: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2",
                               "BJ", "RJ")
_tuple_new = tuple.__new__
_CARD_TYPE = {Card}
_tuple_eq = tuple.__eq__
# card id -> index in the 15-rank order
_R15 = [((i >> 2) - 1) if (i >> 2) else 12 for i in range(52)] + [13, 14]

_SEQ = frozenset({"straight", "pair_run", "airplane", "airplane_singles", "airplane_pairs"})
_WING = {"trio_single": "single", "trio_pair": "pair", "airplane_singles": "single",
         "airplane_pairs": "pair", "four_two_singles": "single", "four_two_pairs": "pair"}


def rank_index(card: int) -> int:
    """The index of a card's rank in the 15-rank order (3 = 0 ... 2 = 12, BJ = 13, RJ = 14)."""
    return _R15[int(card)]


def _core_ranks(kind: str, rank: int, length: int) -> tuple[int, ...]:
    if kind == "rocket":
        return (13, 14)
    if kind in _SEQ:
        return tuple(range(rank - length + 1, rank + 1))
    return (rank,)


def _record(cls, fields):
    return _tuple_new(cls, fields)


class _MoveBase(tuple):
    """Shared machinery of the shedding games' moves: an immutable, hashable record.

    (Stored as a tuple ``(kind, rank, length, cards, counts, text)`` so the kernel can build
    moves in bulk; use the attributes, not the tuple positions.)
    """

    __slots__ = ()
    KINDS: tuple[str, ...] = ()

    def __new__(cls, kind: str, rank: int, length: int, cards: CardsLike):
        """The move these cards make when read as (``kind``, ``rank``, ``length``); ``rank`` is
        a rank index or name (``"T"``, ``"BJ"``). Raises ``CardError`` unless the cards really
        have that reading."""
        cs = parse(cards)
        if isinstance(rank, str):
            name = "T" if rank == "10" else rank.upper()
            if name not in RANK_NAMES:
                raise CardError(f"rank {rank!r}: expected one of {' '.join(RANK_NAMES)}")
            rank = RANK_NAMES.index(name)
        key = (kind, rank, length)
        for m in cls._readings(cs):
            if m.key == key:
                return m
        raise CardError(f"{_fmt(cs)!r} is no {cls._GAME} {kind} of rank {rank} and "
                        f"length {length}")

    _GAME = "shedding game"

    @classmethod
    def _readings(cls, cards) -> list:
        raise NotImplementedError

    kind = property(itemgetter(0), doc="The kind of play (see ``KINDS``).")
    rank = property(itemgetter(1), doc="The main rank, an index in the 15-rank order.")
    length = property(itemgetter(2), doc="Number of core ranks of a sequence; 1 for other kinds.")
    cards = property(itemgetter(3), doc="The cards played (a tuple of Card).")
    counts = property(itemgetter(4),
                      doc="The rank count vector of the cards (15 ints, 15-rank order).")

    def __reduce__(self):
        return (_record, (type(self), tuple(self)))

    # equal only to a move of the same game, never to a plain tuple
    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return False if isinstance(other, tuple) else NotImplemented
        return _tuple_eq(self, other)

    def __ne__(self, other) -> bool:
        if type(other) is not type(self):
            return True if isinstance(other, tuple) else NotImplemented
        return not _tuple_eq(self, other)

    __hash__ = tuple.__hash__

    @property
    def rank_name(self) -> str:
        """The main rank's name (``"3"`` .. ``"A"``, ``"2"``, ``"BJ"``, ``"RJ"``)."""
        return RANK_NAMES[self.rank]

    @property
    def size(self) -> int:
        """The number of cards played."""
        return len(self.cards)

    @property
    def key(self) -> tuple[str, int, int]:
        """``(kind, rank, length)``: all that decides what this move beats."""
        return (self.kind, self.rank, self.length)

    @property
    def core_ranks(self) -> tuple[int, ...]:
        """The rank indices of the core (the run, the trio or four, both jokers of a rocket)."""
        return _core_ranks(self.kind, self.rank, self.length)

    def __str__(self) -> str:
        return self[5]

    def __repr__(self) -> str:
        from ..cards import format as fmt

        return f"{type(self).__name__}({self.kind} {self} [{fmt(self.cards)}])"


class Move(_MoveBase):
    """A Dou Dizhu play: ``kind``, ``rank``, ``length``, ``cards``, ``counts`` (see module doc)."""

    __slots__ = ()
    KINDS = KINDS
    _GAME = "Dou Dizhu"

    @classmethod
    def _readings(cls, cards) -> list:
        return classify(cards)

    @property
    def wing(self) -> str:
        """The attachment kind: ``"none"``, ``"single"`` or ``"pair"``."""
        return _WING.get(self.kind, "none")

    @property
    def wing_counts(self) -> tuple[int, ...]:
        """The rank count vector of the attachments only (all zero without attachments)."""
        core = self.core_ranks
        return tuple(0 if r in core else x for r, x in enumerate(self.counts))

    def beats(self, other: "Move") -> bool:
        """Whether this play beats ``other`` (same kind and length and a higher rank; bombs beat
        every ordinary play and lower bombs; the rocket beats everything)."""
        if not isinstance(other, Move):
            raise CardcoreError(f"beats({other!r}): expected a Dou Dizhu Move")
        return _beats(_KIND_CODE[self.kind], self.rank, self.length,
                      _KIND_CODE[other.kind], other.rank, other.length)

    @classmethod
    def from_cards(cls, cards: CardsLike, kind: str | None = None) -> "Move":
        """The move these exact cards make; ``kind`` picks a reading when there are several."""
        readings = classify(cards)
        if kind is not None:
            readings = [m for m in readings if m.kind == kind]
        if not readings:
            raise CardError(f"{_fmt(cards)!r} is no Dou Dizhu play"
                            + (f" of kind {kind!r}" if kind else ""))
        if len(readings) > 1:
            raise CardError(f"{_fmt(cards)!r} has several readings "
                            f"({', '.join(m.kind for m in readings)}); name the kind")
        return readings[0]


def _fmt(cards) -> str:
    from ..cards import format as fmt

    try:
        return fmt(cards)
    except CardError:
        return str(cards)


def _beats(ak, ar, al, bk, br, bl) -> bool:
    rocket, bomb = 13, 12
    if ak == rocket:
        return bk != rocket
    if bk == rocket:
        return False
    if ak == bomb:
        return bk != bomb or ar > br
    return ak == bk and al == bl and ar > br


# ------------------------------------------------------------------ hands

def _prep(cards: CardsLike, what: str):
    """Parse a Dou Dizhu hand: (cards per rank index ascending, rank counts as bytes)."""
    # (a list of Card objects, the common case, skips the general parser)
    cs = cards if type(cards) is list and set(map(type, cards)) <= _CARD_TYPE else parse(cards)
    if len(set(cs)) != len(cs):
        seen: set = set()
        dup = next(c for c in cs if c in seen or seen.add(c))
        raise CardError(f"{what}: card {dup} appears twice (Dou Dizhu uses one 54-card deck)")
    by: list[list[Card]] = [[] for _ in range(15)]
    for c in sorted(cs):
        by[_R15[c]].append(c)
    return by, bytes([len(b) for b in by])


def hand_counts(cards: CardsLike) -> list[int]:
    """The 15-rank count vector of a Dou Dizhu hand."""
    return list(_prep(cards, "hand")[1])


def classify(cards: CardsLike) -> list[Move]:
    """Every legal reading of exactly these cards (empty if they form no play)."""
    by, cnt = _prep(cards, "cards")
    return _k.ddz_build(_k.ddz_classify(cnt), by, Move)


def moves(hand: CardsLike, beat: Move | None = None) -> list[Move]:
    """Every distinct legal play from ``hand`` (plays differing only in suits listed once, with
    cards from the hand); with ``beat`` (the Move on the table) only the plays that beat it."""
    by, cnt = _prep(hand, "hand")
    if beat is None:
        rows = _k.ddz_moves(cnt)
    else:
        if not isinstance(beat, Move):
            raise CardcoreError(f"beat={beat!r}: expected a Dou Dizhu Move (or None)")
        rows = _k.ddz_moves(cnt, (_KIND_CODE[beat.kind], beat.rank, beat.length))
    return _k.ddz_build(rows, by, Move)
