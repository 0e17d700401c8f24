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

from collections.abc import Iterable, Sequence
from operator import attrgetter

from .._backend import kernel
from ..cards import Card, CardsLike, parse
from ..errors import CardError, CardcoreError

__all__ = ["Move", "classify", "moves", "KINDS", "RANK_NAMES", "rank_index", "hand_counts"]

_k = kernel("shedding")

KINDS: tuple[str, ...] = tuple(_k.DDZ_KINDS)
_KIND_CODE = {k: i for i, k in enumerate(KINDS)}
RANK_NAMES: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2",
                               "BJ", "RJ")
_CARDS = [Card(i) for i in range(54)]
_new = object.__new__
# card id -> index in the 15-rank order
_R15 = [((i >> 2) - 1) if (i >> 2) else 12 for i in range(52)] + [13, 14]

_SEQ = frozenset({"straight", "pair_run", "airplane", "airplane_singles", "airplane_pairs"})
_CORE_PER = {"single": 1, "pair": 2, "trio": 3, "trio_single": 3, "trio_pair": 3,
             "straight": 1, "pair_run": 2, "airplane": 3, "airplane_singles": 3,
             "airplane_pairs": 3, "four_two_singles": 4, "four_two_pairs": 4, "bomb": 4,
             "rocket": 1}
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


def _text(kind: str, core: Sequence[int], counts: Sequence[int]) -> str:
    chars: list[str] = []
    jokers: list[str] = []
    wings = [r for r in range(15) if counts[r] and r not in core]
    for r in list(core) + wings:
        if r >= 13:
            jokers.append(RANK_NAMES[r])
        else:
            chars.append(RANK_NAMES[r] * counts[r])
    parts = ["".join(chars)] if chars else []
    return " ".join(parts + jokers)


class _MoveBase:
    """Shared machinery of the shedding games' moves (immutable, hashable)."""

    __slots__ = ("_kind", "_rank", "_length", "_cards", "_counts", "_text")
    KINDS: tuple[str, ...] = ()

    def __init__(self, kind: str, rank: int, length: int, cards: Iterable[int]) -> None:
        """Build a move from its reading and its cards; raises ``CardError`` unless the cards
        really read as (``kind``, ``rank``, ``length``)."""
        cs = tuple(Card(c) for c in parse(cards))
        key = (kind, rank, length)
        for m in self._readings(cs):
            if m.key == key:
                self._set(m._kind, m._rank, m._length, m._cards, m._counts)
                return
        raise CardError(f"{_fmt(cs)!r} is no {type(self).__module__.split('.')[1]} "
                        f"{kind} of rank {rank} and length {length}")

    @classmethod
    def _readings(cls, cards) -> list:
        raise NotImplementedError

    def _set(self, kind, rank, length, cards, counts) -> None:
        self._kind = kind
        self._rank = rank
        self._length = length
        self._cards = cards
        self._counts = counts
        self._text = None

    @classmethod
    def _make(cls, kind, rank, length, cards, counts):
        m = _new(cls)
        m._kind = kind
        m._rank = rank
        m._length = length
        m._cards = cards
        m._counts = counts
        m._text = None
        return m

    kind = property(attrgetter("_kind"), doc="The kind of play (see ``KINDS``).")
    rank = property(attrgetter("_rank"), doc="The main rank, an index in the 15-rank order.")
    length = property(attrgetter("_length"),
                      doc="Number of core ranks of a sequence; 1 for other kinds.")
    cards = property(attrgetter("_cards"), doc="The cards played (a tuple of Card).")
    counts = property(attrgetter("_counts"),
                      doc="The rank count vector of the cards (15 ints, 15-rank order).")

    def __reduce__(self):
        return (self.__class__._make,
                (self._kind, self._rank, self._length, self._cards, self._counts))

    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (self._kind == other._kind and self._rank == other._rank
                and self._length == other._length and self._cards == other._cards)

    def __hash__(self) -> int:
        return hash((self._kind, self._rank, self._length, self._cards))

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
        t = self._text
        if t is None:
            t = _text(self._kind, self.core_ranks, self._counts)
            self._text = t
        return t

    def __repr__(self) -> str:
        from ..cards import format as fmt

        return f"{type(self).__name__}({self.kind} {self} [{fmt(self.cards)}])"


class Move(_MoveBase):
    """A Dou Dizhu play: ``kind``, ``rank``, ``length``, ``cards``, ``counts`` (see module doc)."""

    __slots__ = ()
    KINDS = KINDS

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

def _hand(cards: CardsLike, what: str) -> list[Card]:
    cs = parse(cards)
    seen = set()
    for c in cs:
        if c in seen:
            raise CardError(f"{what}: card {c} appears twice (Dou Dizhu uses one 54-card deck)")
        seen.add(c)
    return cs


def hand_counts(cards: CardsLike) -> list[int]:
    """The 15-rank count vector of a Dou Dizhu hand."""
    cnt = [0] * 15
    for c in _hand(cards, "hand"):
        cnt[_R15[c]] += 1
    return cnt


def _by_rank(cs: Iterable[Card]) -> list[list[Card]]:
    by = [[] for _ in range(15)]
    for c in sorted(cs):
        by[_R15[c]].append(c)
    return by


def _build(cls, kinds, rows, by) -> list:
    """Moves from kernel rows, cards taken from ``by`` (cards per rank, preferred first)."""
    pre = [[tuple(b[:x]) for x in range(len(b) + 1)] for b in by]
    out = []
    append = out.append
    seq, wing = _SEQ, _WING
    for row in rows.tolist():
        kind = kinds[row[0]]
        rank = row[1]
        length = row[2]
        cnt = tuple(row[3:])
        if kind in seq:
            lo = rank - length + 1
            cards = ()
            for r in range(lo, rank + 1):
                cards += pre[r][cnt[r]]
        elif kind == "rocket":
            lo = 13
            cards = pre[13][1] + pre[14][1]
        else:
            lo = rank
            cards = pre[rank][cnt[rank]]
        if kind in wing:
            for r in range(15):
                x = cnt[r]
                if x and not lo <= r <= rank:
                    cards += pre[r][x]
        m = _new(cls)
        m._kind = kind
        m._rank = rank
        m._length = length
        m._cards = cards
        m._counts = cnt
        m._text = None
        append(m)
    return out


def classify(cards: CardsLike) -> list[Move]:
    """Every legal reading of exactly these cards (empty if they form no play)."""
    cs = _hand(cards, "cards")
    if not cs:
        return []
    cnt = [0] * 15
    for c in cs:
        cnt[_R15[c]] += 1
    return _build(Move, KINDS, _k.ddz_classify(cnt), _by_rank(cs))


def moves(hand: CardsLike, beat: Move | None = None) -> list[Move]:
    """Every distinct legal play from ``hand`` (plays differing only in suits listed once, with
    cards from the hand); with ``beat`` (the Move on the table) only the plays that beat it."""
    cs = _hand(hand, "hand")
    cnt = [0] * 15
    for c in cs:
        cnt[_R15[c]] += 1
    if beat is None:
        rows = _k.ddz_moves(cnt)
    else:
        if not isinstance(beat, Move):
            raise CardcoreError(f"beat={beat!r}: expected a Dou Dizhu Move (or None)")
        rows = _k.ddz_moves(cnt, (_KIND_CODE[beat.kind], beat.rank, beat.length))
    return _build(Move, KINDS, rows, _by_rank(cs))
