"""Guandan combination kernel, plain-Python reference twin.

Same public functions, signatures and results (row for row, in the same order) as the
compiled ``cardcore._fast.guandan``, and the same errors (``CardError`` for bad card counts or
a hand lacking the cards a row takes, ``CardcoreError`` for a bad level, key or rows; ints are
ints or numpy integers, never bools, floats or strings). The two are written differently on
purpose: the compiled kernel walks count vectors with hand-written loops; this twin lists every
*shape* of the level as a pattern of needed cards and fills each pattern with natural cards and
wild cards in every possible way (``moves``), and reads a set of cards by trying every
substitution of its wild cards (``classify``). The tests compare the two on thousands of
hands.

Cards and hands
---------------
Card ids are those of :mod:`cardcore.cards`: ``0..51 = rank * 4 + suit`` (ranks 2..A = 0..12,
suits c d h s = 0..3), ``52`` the Black Joker (BJ), ``53`` the Red Joker (RJ). Guandan uses two
decks, so a hand (or a set of cards) is given as a **count vector**: 54 small ints, one per
card id, each 0..2 (a list, a ``bytes`` of length 54 or a uint8 array). ``level`` is the level
rank as a rank index 0..12 (2..A). The two copies of the heart of the level rank
(card id ``level * 4 + 2``) are the **wild cards**; every other card is *natural*.

Level-aware rank values
-----------------------
Singles, pairs, trios, full houses and bombs compare by a rank *value*: the natural rank index
``r`` (0..12) for every rank except the level rank, whose value is ``13`` (``LEVEL_VALUE``);
BJ is ``14``, RJ ``15``. (The value equal to the level's own index is therefore never used.)
Sequences (straight, tube, plate, straight flush) use natural ranks: their rank is the natural
rank index of the highest card, an ace-low sequence ending on its top card (A-2-3-4-5 has rank
3, A-A-2-2-3-3 rank 1, A-A-A-2-2-2 rank 0); no wrap-around.

Rows
----
A play (or a reading of a set of cards) is a row of ``ROW`` = 23 uint8:

====  ==========  ===========================================================================
col   name        meaning
====  ==========  ===========================================================================
0     kind        index into ``KINDS``
1     rank        comparison rank: a level-aware value (single, pair, trio, full house: its
                  trio, bomb, joker bomb = 15) or a natural top rank (sequences)
2     length      number of cards (bomb size 4..10; 1, 2, 3, 5, 6, 6, 5, 4 for the others)
3     suit        straight flush suit 0..3; ``NONE`` (255) for every other kind
4     nwild       number of wild cards used (0..2)
5     aux         full house: value of its pair (0..15); ``NONE`` otherwise
6, 7  wild1/2     the natural rank index (0..12) each wild card stands for, ascending,
                  ``NONE`` when unused (for a straight flush the suit is column 3; a lone wild
                  card or two stand for the level rank, i.e. for themselves)
8-20  c0..c12     natural cards used per rank index 0..12 (never counting the wild cards)
21    bj          Black Jokers used (0..2)
22    rj          Red Jokers used (0..2)
====  ==========  ===========================================================================

The *key* of a row (what ``beat=`` and ``beats`` take) is ``(kind, rank, length)``.

Distinct plays
--------------
A play is identified by ``(kind, rank, length, suit, nwild, c0..c12, bj, rj)``: which reading,
how many wild cards and how many natural cards of each rank. Suits of natural cards are not
part of a play except for a straight flush (whose natural cards are all of its suit). So

- plays differing only in the suits of natural cards are one play;
- a play using a wild card where the hand also holds the natural card is a separate play
  (two natural 7s + a wild vs three natural 7s), since different cards leave the hand;
- the same cards read two ways (a straight flush and a straight; a 5-card set read as two
  different straights; a full house with either of two trios) are separate plays.

The remaining columns (aux, wild1, wild2) follow from the identity, with one choice: a full
house whose pair is made of the two wild cards alone (e.g. 8 8 8 + both wilds) is one play
whatever pair the wilds stand for; its pair is then the level rank itself, or, when the trio is
the level rank, the lowest other rank (2, or 3 at level 2).

Rows come sorted lexicographically (every row differs within its first eight columns), so the
order is: kind, rank, length, suit, nwild, aux, wild stand-ins. ``moves(..., beat=key)`` is
exactly the sub-list of ``moves(...)`` whose keys beat ``key``.

Rules (``docs/rules/guandan.md``)
-----------------------------------------
- single; pair (two natural cards of one rank, a natural card + a wild, two identical jokers,
  or the two wild cards as a level pair); trio (no jokers); full house = trio + pair of a
  different rank (the pair may be BJ BJ or RJ RJ), compared by its trio; straight of 5, tube of
  3 consecutive pairs, plate of 2 consecutive trios (no jokers, ace low or high, no wrap);
  bombs of 4..10 cards of one rank; straight flush of 5; the four-joker bomb.
- A wild card stands for any non-joker card (a card the hand also holds included), but wild
  cards played without any other card are the level single / level pair.
- Five or more cards of one rank are a bomb only (a full house needs two different ranks).
- Bomb order: 4 < 5 < straight flush < 6 < 7 < 8 < 9 < 10 < four jokers; bombs of one size by
  rank, straight flushes by top rank; every bomb beats every non-bomb. Other plays beat only
  the same kind (and length) with a higher rank.
"""

from __future__ import annotations

import itertools
import operator
from functools import lru_cache

import numpy as np

from cardcore.cards import Card as _Card
from cardcore.errors import CardcoreError, CardError, quote

from .shedargs import count_vector as _count_vector
from .shedargs import index_or_none as _index_or_none
from .shedargs import key_arg as _key_arg

ROW = 23
NCARDS = 54
#: the most of each card a hand holds (the double deck)
_CAPS = (2,) * NCARDS
NONE = 255
KINDS = ("single", "pair", "trio", "full_house", "straight", "tube", "plate", "bomb",
         "straight_flush", "joker_bomb")
(SINGLE, PAIR, TRIO, FULL_HOUSE, STRAIGHT, TUBE, PLATE, BOMB, STRAIGHT_FLUSH,
 JOKER_BOMB) = range(10)
COL_KIND, COL_RANK, COL_LENGTH, COL_SUIT, COL_NWILD, COL_AUX, COL_WILD1, COL_WILD2 = range(8)
COL_COUNTS = 8
COL_BJ = 21
COL_RJ = 22
LEVEL_VALUE = 13
BJ_VALUE = 14
RJ_VALUE = 15

_BJ = 52
_RJ = 53
# (lowest, highest) rank of a key per kind, and its length range
_KEY_RANK = ((0, 15), (0, 15), (0, 13), (0, 13), (3, 12), (1, 12), (0, 12), (0, 13), (3, 12),
             (15, 15))
_KEY_LEN = ((1, 1), (2, 2), (3, 3), (5, 5), (5, 5), (6, 6), (6, 6), (4, 10), (5, 5), (4, 4))


# ------------------------------------------------------------------ validation

def _level(level) -> int:
    x = _index_or_none(level)
    if x is None or not 0 <= x <= 12:
        raise CardcoreError(f"level {quote(level)}: expected a rank index 0..12")
    return x


def _key(key, what: str) -> tuple[int, int, int]:
    k, r, n = _key_arg(key, what)
    if not 0 <= k < len(KINDS):
        raise CardcoreError(f"{what} {quote(key)}: kind outside 0..{len(KINDS) - 1}")
    lo, hi = _KEY_RANK[k]
    nlo, nhi = _KEY_LEN[k]
    if not (lo <= r <= hi and nlo <= n <= nhi):
        raise CardcoreError(f"{what} {quote(key)}: rank or length impossible for a {KINDS[k]}")
    return k, r, n


def _rows_arg(rows, one_row_ok: bool) -> np.ndarray:
    """Rows as a uint8 array: (n, 23), or (23,) when ``one_row_ok``; values ints 0..255 (any
    dtype of ints; an empty array of any dtype)."""
    try:
        arr = np.asarray(rows)
    except (TypeError, ValueError, OverflowError):
        arr = None
    if arr is None or not (arr.ndim == 2 and arr.shape[1] == ROW
                           or one_row_ok and arr.ndim == 1 and arr.shape[0] == ROW):
        raise CardcoreError("rows: expected a row of 23 ints or an (n, 23) array" if one_row_ok
                            else "rows: expected an (n, 23) array")
    if arr.dtype != np.uint8 and arr.size:
        if arr.dtype.kind not in "iu":
            raise CardcoreError(f"rows: expected ints, got dtype {arr.dtype}")
        if arr.min() < 0 or arr.max() > 255:
            raise CardcoreError("rows: values outside 0..255")
    return arr.astype(np.uint8)


def _value(r: int, level: int) -> int:
    return LEVEL_VALUE if r == level else r


def _power(kind: int, length: int) -> int:
    """The bomb order, written once: 0 for an ordinary play; else the bomb class (4-bomb 1,
    5-bomb 2, straight flush 3, 6-bomb 4 ... 10-bomb 8, four jokers 9)."""
    if kind == BOMB:
        return length - 3 if length <= 5 else length - 2
    if kind == STRAIGHT_FLUSH:
        return 3
    if kind == JOKER_BOMB:
        return 9
    return 0


def _beats(a, b) -> bool:
    ak, ar, al = a
    bk, br, bl = b
    pa, pb = _power(ak, al), _power(bk, bl)
    if pa:
        return pa > pb or (pa == pb and ar > br)
    return pb == 0 and ak == bk and al == bl and ar > br


def beats(a, b) -> bool:
    """Whether the play with key ``a = (kind, rank, length)`` beats the play with key ``b``."""
    return _beats(_key(a, "a"), _key(b, "b"))


def power(key) -> tuple[int, int]:
    """The strength of the play with key ``(kind, rank, length)`` across kinds, as a sort key
    ``(bomb class, rank)``: bomb class 0 for an ordinary play (which beats only its own kind),
    else 4-bomb 1, 5-bomb 2, straight flush 3, 6-bomb 4 ... 10-bomb 8, four jokers 9; a higher
    class beats a lower one, and within a class the higher rank wins."""
    k, r, n = _key(key, "key")
    return (_power(k, n), r)


# ------------------------------------------------------------------ moves: shape patterns

def _windows(width: int):
    """(top, ranks ascending) of every sequence window of ``width`` natural ranks."""
    out = []
    for low in range(-1, 14 - width):  # -1: the ace played low
        ranks = [12 if p == -1 else p for p in range(low, low + width)]
        out.append((low + width - 1, sorted(ranks)))
    return out


@lru_cache(maxsize=13)
def _patterns(level: int) -> tuple:
    """Every shape of the level: (kind, rank, length, suit, aux, need, jokers) where ``need``
    lists (rank, count) of non-joker cards and ``jokers`` is (BJ count, RJ count)."""
    pats: list[tuple] = []
    ranks = range(13)
    for r in ranks:
        v = _value(r, level)
        pats.append((SINGLE, v, 1, NONE, NONE, ((r, 1),), (0, 0)))
        pats.append((PAIR, v, 2, NONE, NONE, ((r, 2),), (0, 0)))
        pats.append((TRIO, v, 3, NONE, NONE, ((r, 3),), (0, 0)))
        for size in range(4, 11):
            pats.append((BOMB, v, size, NONE, NONE, ((r, size),), (0, 0)))
        for p in ranks:
            if p != r:
                pats.append((FULL_HOUSE, v, 5, NONE, _value(p, level), ((r, 3), (p, 2)), (0, 0)))
        pats.append((FULL_HOUSE, v, 5, NONE, BJ_VALUE, ((r, 3),), (2, 0)))
        pats.append((FULL_HOUSE, v, 5, NONE, RJ_VALUE, ((r, 3),), (0, 2)))
    pats.append((SINGLE, BJ_VALUE, 1, NONE, NONE, (), (1, 0)))
    pats.append((SINGLE, RJ_VALUE, 1, NONE, NONE, (), (0, 1)))
    pats.append((PAIR, BJ_VALUE, 2, NONE, NONE, (), (2, 0)))
    pats.append((PAIR, RJ_VALUE, 2, NONE, NONE, (), (0, 2)))
    pats.append((JOKER_BOMB, RJ_VALUE, 4, NONE, NONE, (), (2, 2)))
    for kind, width, each in ((STRAIGHT, 5, 1), (TUBE, 3, 2), (PLATE, 2, 3)):
        for top, rs in _windows(width):
            pats.append((kind, top, width * each, NONE, NONE, tuple((r, each) for r in rs),
                         (0, 0)))
    for top, rs in _windows(5):
        for s in range(4):
            pats.append((STRAIGHT_FLUSH, top, 5, s, NONE, tuple((r, 1) for r in rs), (0, 0)))
    return tuple(pats)


def _fills(need, avail, w: int):
    """Every way to take each (rank, count) of ``need`` as ``u`` natural cards (at most the
    ``avail[rank]`` held) and ``count - u`` wild cards, using at most ``w`` wild cards; yields
    the list of natural counts taken per entry."""
    options = []
    for r, c in need:
        a = avail(r)
        lo = max(0, c - w)
        hi = min(c, a)
        if lo > hi:
            return
        options.append(range(lo, hi + 1))
    total = sum(c for _, c in need)
    for us in itertools.product(*options):
        if total - sum(us) <= w:
            yield us


def _identity(row) -> tuple:
    return (row[0], row[1], row[2], row[3], row[4], *row[COL_COUNTS:])


def _canonical(rows: list, level: int) -> list:
    """One row per play: among readings of one play that differ only in what the wild cards
    stand for (a full house whose pair is both wild cards), the one where they stand for the
    level rank, else for the lowest rank."""
    if len(rows) == 1:
        return rows[0]
    return min(rows, key=lambda r: (any(x != level for x in r[COL_WILD1:COL_WILD2 + 1]),
                                    r[COL_WILD1:COL_WILD2 + 1]))


def _gen(h: list[int], level: int) -> list:
    wid = level * 4 + 2
    w = h[wid]
    nat = [sum(h[r * 4 + s] for s in range(4) if r * 4 + s != wid) for r in range(13)]
    bj, rj = h[_BJ], h[_RJ]
    groups: dict[tuple, list] = {}
    for kind, rank, length, suit, aux, need, (nbj, nrj) in _patterns(level):
        if nbj > bj or nrj > rj:
            continue
        def avail(r: int, s: int = suit) -> int:
            if s == NONE:
                return nat[r]
            return 1 if r * 4 + s != wid and h[r * 4 + s] else 0

        for us in _fills(need, avail, w):
            k = length - sum(us) - nbj - nrj
            if sum(us) + nbj + nrj == 0 and not (
                    kind in (SINGLE, PAIR) and rank == LEVEL_VALUE):
                continue  # wild cards on their own are only the level single / pair
            stand = []
            row = [kind, rank, length, suit, k, aux, NONE, NONE] + [0] * 13 + [nbj, nrj]
            for (r, c), u in zip(need, us):
                row[COL_COUNTS + r] += u
                stand += [r] * (c - u)
            stand.sort()
            for i, r in enumerate(stand):
                row[COL_WILD1 + i] = r
            groups.setdefault(_identity(row), []).append(row)
    rows = [_canonical(g, level) for g in groups.values()]
    rows.sort()
    return rows


def _array(rows: list) -> np.ndarray:
    if not rows:
        return np.zeros((0, ROW), dtype=np.uint8)
    return np.array(rows, dtype=np.uint8)


def moves(hand, level, beat=None) -> np.ndarray:
    """Every distinct play from ``hand`` (54 card counts) at ``level`` (rank index 0..12), as an
    (n, 23) uint8 array of rows sorted lexicographically; with ``beat`` a key
    ``(kind, rank, length)``, only the plays that beat it."""
    h = _count_vector(hand, _CAPS, "hand", "card", "card id")
    lv = _level(level)
    b = None if beat is None else _key(beat, "beat")
    rows = _gen(h, lv)
    if b is not None:
        rows = [r for r in rows if _beats((r[0], r[1], r[2]), b)]
    return _array(rows)


def count(hand, level, beat=None) -> int:
    """The number of rows ``moves`` returns."""
    return len(moves(hand, level, beat))


# ------------------------------------------------------------------ classify: brute force

def _read_natural(cards: list[tuple[int, int]], jokers: tuple[int, int], level: int):
    """Readings of a set of natural cards ``cards`` [(rank, suit)] plus ``jokers`` (BJ, RJ):
    yields (kind, rank, length, suit, aux)."""
    n = len(cards) + jokers[0] + jokers[1]
    cnt = [0] * 13
    for r, _ in cards:
        cnt[r] += 1
    nz = [r for r in range(13) if cnt[r]]
    bj, rj = jokers
    if n == 1:
        yield (SINGLE, _value(nz[0], level) if nz else (BJ_VALUE if bj else RJ_VALUE), 1,
               NONE, NONE)
    if n == 2:
        if len(nz) == 1 and cnt[nz[0]] == 2:
            yield (PAIR, _value(nz[0], level), 2, NONE, NONE)
        elif bj == 2 or rj == 2:
            yield (PAIR, BJ_VALUE if bj else RJ_VALUE, 2, NONE, NONE)
    if n == 3 and len(nz) == 1 and cnt[nz[0]] == 3:
        yield (TRIO, _value(nz[0], level), 3, NONE, NONE)
    if 4 <= n <= 10 and len(nz) == 1 and cnt[nz[0]] == n:
        yield (BOMB, _value(nz[0], level), n, NONE, NONE)
    if n == 4 and bj == 2 and rj == 2:
        yield (JOKER_BOMB, RJ_VALUE, 4, NONE, NONE)
    if n == 5:
        for t in nz:
            if cnt[t] != 3:
                continue
            rest = [r for r in nz if r != t]
            if len(rest) == 1 and cnt[rest[0]] == 2:
                yield (FULL_HOUSE, _value(t, level), 5, NONE, _value(rest[0], level))
            elif not rest and (bj == 2 or rj == 2):
                yield (FULL_HOUSE, _value(t, level), 5, NONE, BJ_VALUE if bj else RJ_VALUE)
    if bj or rj or n not in (5, 6):
        return
    for kind, width, each in ((STRAIGHT, 5, 1), (TUBE, 3, 2), (PLATE, 2, 3)):
        if width * each != n:
            continue
        for top, rs in _windows(width):
            if all(cnt[r] == each for r in rs):
                yield (kind, top, n, NONE, NONE)
                suits = {s for _, s in cards}
                if kind == STRAIGHT and len(suits) == 1:
                    yield (STRAIGHT_FLUSH, top, n, suits.pop(), NONE)


def classify(cards, level) -> np.ndarray:
    """Every reading of exactly the cards ``cards`` (54 card counts) at ``level``, as rows
    (empty when the cards form no combination); a row's counts and nwild are those of
    ``cards``."""
    h = _count_vector(cards, _CAPS, "cards", "card", "card id")
    lv = _level(level)
    wid = lv * 4 + 2
    w = h[wid]
    naturals = [(c >> 2, c & 3) for c in range(52) if c != wid for _ in range(h[c])]
    jokers = (h[_BJ], h[_RJ])
    if len(naturals) + w + sum(jokers) > 10:
        return _array([])
    base = [0] * 13
    for r, _ in naturals:
        base[r] += 1
    groups: dict[tuple, list] = {}
    if not naturals and not any(jokers):
        subs = [(lv,) * w] if w else []  # the wild cards alone: what they are
    else:
        subs = list(itertools.combinations_with_replacement(range(13), w))
    suits = {s for _, s in naturals}
    suit = suits.pop() if len(suits) == 1 else 0
    for sub in subs:
        for kind, rank, length, s, aux in _read_natural(
                naturals + [(r, suit) for r in sub], jokers, lv):
            row = [kind, rank, length, s, w, aux, NONE, NONE] + base + list(jokers)
            for i, r in enumerate(sorted(sub)):
                row[COL_WILD1 + i] = r
            groups.setdefault(_identity(row), []).append(row)
    rows = [_canonical(g, lv) for g in groups.values()]
    rows.sort()
    return _array(rows)


# ------------------------------------------------------------------ rows -> physical cards

def _pick_row(h: list[int], wid: int, i: int, row: list[int], joint: bool) -> list[int]:
    """The 54 counts row ``i`` takes from ``h`` (``joint``: ``pick_ids``'s single message for
    a missing wild card or joker)."""
    o = [0] * NCARDS
    suit = row[COL_SUIT]
    if suit != NONE and not 0 <= suit < 4:
        raise CardcoreError(f"row {i}: bad suit {suit}")
    for r in range(13):
        need = row[COL_COUNTS + r]
        order = [suit] if suit != NONE else range(4)
        for s in order:
            c = r * 4 + s
            if c == wid or not need:
                continue
            take = min(need, h[c])
            o[c] = take
            need -= take
        if need:
            raise CardError(f"row {i}: the hand lacks natural cards of rank index {r}")
    for c, x in ((wid, row[COL_NWILD]), (_BJ, row[COL_BJ]), (_RJ, row[COL_RJ])):
        if x > h[c]:
            raise CardError(f"row {i}: the hand lacks a wild card or a joker" if joint
                            else f"row {i}: the hand lacks card id {c}")
        o[c] = x
    return o


def pick(hand, level, rows) -> np.ndarray:
    """The physical cards a row takes from ``hand``: 54 card counts (an (n, 54) array for an
    (n, 23) array of rows). Natural cards of each rank are taken by suit c, d, h, s (the heart of
    the level rank is never natural), a straight flush's from its suit; then ``nwild`` wild
    cards and the jokers. Raises ``CardError`` when the hand lacks a card the row needs,
    ``CardcoreError`` for a malformed row."""
    h = _count_vector(hand, _CAPS, "hand", "card", "card id")
    lv = _level(level)
    arr = _rows_arg(rows, True)
    if arr.ndim == 1:
        return pick(h, lv, arr[None, :])[0]
    wid = lv * 4 + 2
    out = np.zeros((arr.shape[0], NCARDS), dtype=np.uint8)
    for i, row in enumerate(arr.tolist()):
        out[i] = _pick_row(h, wid, i, row, False)
    return out


def pick_ids(hand, level, rows) -> tuple[np.ndarray, np.ndarray]:
    """The physical cards of each row as card ids, flat: ``(ids, ends)`` where row ``i``'s
    cards are ``ids[ends[i-1]:ends[i]]`` (ascending ids; the same cards as ``pick``). Raises
    like ``pick`` (and ``CardcoreError`` for a row of more than 10 cards)."""
    h = _count_vector(hand, _CAPS, "hand", "card", "card id")
    lv = _level(level)
    arr = _rows_arg(rows, False)
    wid = lv * 4 + 2
    ids: list[int] = []
    ends: list[int] = []
    for i, row in enumerate(arr.tolist()):
        o = _pick_row(h, wid, i, row, True)
        if sum(o) > 10:
            raise CardcoreError(f"row {i}: more than 10 cards")
        for c, n in enumerate(o):
            ids += [c] * n
        ends.append(len(ids))
    return np.array(ids, dtype=np.uint8), np.array(ends, dtype=np.int64)


# ------------------------------------------------------------------ action ids
#
# A play's level-independent identity is its *natural row*: its row with the rank (but a
# sequence's, already a natural top) and a full house's pair value written as natural indexes
# (0..12 the ranks 2..A, 13 BJ, 14 RJ). Its first eight columns are unique per play (the
# counts follow from them). The plays of the full two-deck hand at each of the 13 levels,
# sorted by those eight columns and deduplicated, are the table of plays: play index ``p`` is
# action id ``FIRST_PLAY + p`` (0 is pass, 1..54 return card ``id - 1``).

FIRST_PLAY = 55


def _seq(kind: int) -> bool:
    return kind in (STRAIGHT, TUBE, PLATE, STRAIGHT_FLUSH)


def _to_nat(v: int, level: int) -> int:
    """A level-aware value as a natural index (the level rank 13 -> level; BJ 13, RJ 14)."""
    if v == LEVEL_VALUE:
        return level
    return v - 1 if v > LEVEL_VALUE else v


def _to_val(n: int, level: int) -> int:
    """A natural index as the level-aware value."""
    if n == level:
        return LEVEL_VALUE
    return n + 1 if n >= 13 else n


def _converted(row: list[int], level: int, convert) -> list[int]:
    """A copy of ``row`` with its rank (unless the kind is a sequence) and its aux column, when
    set, through ``convert(value, level)``."""
    out = list(row)
    if not _seq(out[COL_KIND]):
        out[COL_RANK] = convert(out[COL_RANK], level)
    if out[COL_AUX] != NONE:
        out[COL_AUX] = convert(out[COL_AUX], level)
    return out


def _natural(row: list[int], level: int) -> list[int]:
    """``row`` (level-aware values) with natural indexes."""
    return _converted(row, level, _to_nat)


def _level_row(nat: list[int], level: int) -> list[int]:
    """``nat`` (natural indexes) with level-aware values."""
    return _converted(nat, level, _to_val)


def _build_table() -> tuple[list[list[int]], dict[tuple, int], list[frozenset[int]]]:
    found: dict[tuple, tuple[list[int], set[int]]] = {}
    for level in range(13):
        for row in _gen([2] * NCARDS, level):
            nat = _natural(row, level)
            key = tuple(nat[:8])
            if key in found:
                if found[key][0] != nat:
                    raise RuntimeError("guandan: one play key with two natural rows")
                found[key][1].add(level)
            else:
                found[key] = (nat, {level})
    keys = sorted(found)
    return ([found[k][0] for k in keys], {k: i for i, k in enumerate(keys)},
            [frozenset(found[k][1]) for k in keys])


_ROWS, _INDEX, _LEVELS = _build_table()
#: the number of distinct plays (play ids ``FIRST_PLAY .. FIRST_PLAY + NUM_PLAYS - 1``)
NUM_PLAYS = len(_ROWS)
#: the size of the action id space
NUM_ACTIONS = FIRST_PLAY + NUM_PLAYS


def _row_index(row: list[int], level: int) -> int:
    if row[COL_KIND] >= len(KINDS):
        return -1
    return _INDEX.get(tuple(_natural(row, level)[:8]), -1)


def _hand_list(hand, what: str) -> list[int]:
    """54 counts from a list of card ids (each id 0..53, at most twice)."""
    if type(hand) is not list:
        raise CardError(f"{what} {quote(hand)}: expected a list of card ids")
    out = [0] * NCARDS
    for c in hand:
        if isinstance(c, bool) or not isinstance(c, int):
            raise CardError(f"{what}: {quote(c)} is not a card id")
        if not 0 <= c <= 53:
            raise CardError(f"{what}: card id {quote(c)} out of range 0..53")
        if out[c] >= 2:
            raise CardError(f"{what}: card id {c} three or more times (two decks)")
        out[c] += 1
    return out


def _play_index(i) -> int:
    x = _index_or_none(i)
    if x is None or not FIRST_PLAY <= x < NUM_ACTIONS:
        raise CardcoreError(f"action id {quote(i)}: not a play id "
                            f"({FIRST_PLAY}..{NUM_ACTIONS - 1})")
    return x - FIRST_PLAY


def id_rows() -> np.ndarray:
    """The table of plays: an (NUM_PLAYS, 23) uint8 array of natural rows in play id order."""
    return np.array(_ROWS, dtype=np.uint8)


def id_levels() -> np.ndarray:
    """A (13, NUM_PLAYS) bool array: whether play index ``p`` is a play at level ``L``."""
    out = np.zeros((13, NUM_PLAYS), dtype=np.bool_)
    for p, levels in enumerate(_LEVELS):
        for lv in levels:
            out[lv, p] = True
    return out


def _ids_of(rows: list, level: int) -> list[int]:
    return sorted({FIRST_PLAY + _row_index(r, level) for r in rows})


def move_ids(hand, level, beat=None) -> np.ndarray:
    """The action ids of ``moves(hand, level, beat)``: an ascending int32 array."""
    h = _count_vector(hand, _CAPS, "hand", "card", "card id")
    lv = _level(level)
    b = None if beat is None else _key(beat, "beat")
    rows = [r for r in _gen(h, lv) if b is None or _beats((r[0], r[1], r[2]), b)]
    return np.array(_ids_of(rows, lv), dtype=np.int32)


def move_ids_of(hand, level, beat=None) -> np.ndarray:
    """``move_ids`` of a hand given as a list of card ids (each id 0..53, at most twice)."""
    return move_ids(_hand_list(hand, "hand"), level, beat)


def row_ids(rows, level):
    """The action id of each level-aware row at ``level`` (an int32 array; -1 for a row that is
    no play); one row of 23 gives an int."""
    arr = _rows_arg(rows, True)
    lv = _level(level)
    if arr.ndim == 1:
        p = _row_index(arr.tolist(), lv)
        return -1 if p < 0 else FIRST_PLAY + p
    out = [_row_index(r, lv) for r in arr.tolist()]
    return np.array([-1 if p < 0 else FIRST_PLAY + p for p in out], dtype=np.int32)


def id_row(i, level) -> np.ndarray:
    """The level-aware row (23 uint8) of play id ``i`` at ``level``; ``CardcoreError`` when
    ``i`` is no play id or names no play at that level."""
    p = _play_index(i)
    lv = _level(level)
    if lv not in _LEVELS[p]:
        raise CardcoreError(f"action id {quote(i)}: no such play at level index {lv}")
    return np.array(_level_row(_ROWS[p], lv), dtype=np.uint8)


def hand_ids(hand, level, beat=None) -> list[int]:
    """The game's legal ids of a hand (a list of card ids) at ``level``: the ascending list of
    the plays' action ids, led by 0 (pass) when ``beat`` (the key on the table) is given."""
    h = _hand_list(hand, "hand")
    lv = _level(level)
    b = None if beat is None else _key(beat, "beat")
    rows = [r for r in _gen(h, lv) if b is None or _beats((r[0], r[1], r[2]), b)]
    return ([0] if b is not None else []) + _ids_of(rows, lv)


def id_ok(hand, level, beat, i) -> bool:
    """Whether play id ``i`` is among ``hand_ids(hand, level, beat)``; False for any other
    value of ``i``."""
    h = _hand_list(hand, "hand")
    lv = _level(level)
    b = None if beat is None else _key(beat, "beat")
    x = _index_or_none(i)
    if x is None or not FIRST_PLAY <= x < NUM_ACTIONS:
        return False
    p = x - FIRST_PLAY
    if lv not in _LEVELS[p]:
        return False
    row = _level_row(_ROWS[p], lv)
    if b is not None and not _beats((row[0], row[1], row[2]), b):
        return False
    try:
        _pick_row(h, lv * 4 + 2, 0, row, True)
    except CardError:
        return False
    return True


def take(hand, level, i) -> tuple[list[int], list[int]]:
    """``(cards, key)`` of play id ``i`` from ``hand`` (a list of card ids) at ``level``: the
    physical cards (ascending ids, as ``pick_ids``) and the key ``[kind, rank, length]``."""
    h = _hand_list(hand, "hand")
    lv = _level(level)
    p = _play_index(i)
    if lv not in _LEVELS[p]:
        raise CardcoreError(f"action id {quote(i)}: no such play at level index {lv}")
    row = _level_row(_ROWS[p], lv)
    try:
        o = _pick_row(h, lv * 4 + 2, 0, row, True)
    except CardError:
        raise CardError(f"action id {quote(i)}: the hand lacks a card of this play") from None
    return [c for c in range(NCARDS) for _ in range(o[c])], row[:3]


# ------------------------------------------------------------------ play records

_CARD_OBJ = tuple(_Card(i) for i in range(NCARDS))


def _slot(attr: str, doc: str | None = None):
    """A read-only field of a play, documented ``doc``: its attribute ``attr`` (untyped: the
    class annotates the field)."""
    return property(operator.attrgetter(attr), doc=doc)


class Play:
    """A Guandan play (``cardcore.guandan.Move``): the kernel's row, the level, the kind's name
    and the physical cards, a tuple of ``table`` items built with the record (``None`` for a
    record made from a row alone). Built by ``Play.build`` or ``Play(row, level, cards=None)``
    (or ``Play.make``);
    ``suit``, ``power``, ``wilds``, ``is_bomb``, ``beats(other)`` and ``str()`` (the notation)
    read the row. Equal (and hashed) by row and level."""

    __slots__ = ("_row", "_level", "_kind", "_cards")

    _row: bytes
    _level: int
    _kind: str
    _cards: tuple | None

    def __init__(self, row, level, cards=None):
        if isinstance(row, (bytes, bytearray)):
            row = np.frombuffer(row, dtype=np.uint8)
        arr = _rows_arg(row, True)
        lv = _level(level)
        if arr.ndim != 1:
            raise CardcoreError("rows: expected a row of 23 ints")
        raw = arr.tobytes()
        if raw[0] >= len(KINDS):
            raise CardcoreError(f"row: kind {raw[0]} outside 0..{len(KINDS) - 1}")
        self._row, self._level, self._kind = raw, lv, KINDS[raw[0]]
        self._cards = None if cards is None else tuple(cards)

    @classmethod
    def make(cls, row, level, cards=None):
        """A record for one row (23 ints, or 23 bytes) at ``level``, with ``cards`` (any
        tuple) or without (then ``cards`` is ``None``)."""
        return cls(row, level, cards)

    level: int = _slot("_level")
    kind: str = _slot("_kind")
    cards: tuple | None = _slot("_cards", "The physical cards played (wild cards as themselves), "
                                "ascending by card id; ``None`` for a record made from a row "
                                "alone.")
    row: bytes = _slot("_row", "The kernel's row (23 bytes).")

    @property
    def rank(self) -> int:
        return self._row[1]

    @property
    def length(self) -> int:
        return self._row[2]

    @property
    def key(self) -> tuple[int, int, int]:
        """``(kind index, rank, length)``."""
        return (self._row[0], self._row[1], self._row[2])

    @property
    def suit(self):
        """A straight flush's suit (``"c" "d" "h" "s"``), else ``None``."""
        s = self._row[3]
        return None if s == NONE else _SUITS[s]

    @property
    def power(self) -> tuple[int, int]:
        """``power(self.key)``: ``(bomb class, rank)``, a sort key in the order of strength
        across kinds (bombs by size, the straight flush between 5- and 6-card bombs, the
        four-joker bomb on top; ordinary plays, class 0, by their own rank only)."""
        kind, rank, length = self.key
        return (_power(kind, length), rank)

    @property
    def wilds(self) -> tuple:
        """What each wild card stands for: ``(wild card, the card it stands for)`` pairs."""
        wild = _CARD_OBJ[self._level * 4 + 2]
        out = []
        for col in (6, 7):
            r = self._row[col]
            if r == NONE:
                continue
            suit = self._row[3] if self._row[3] != NONE else 2
            out.append((wild, _CARD_OBJ[r * 4 + suit]))
        return tuple(out)

    @property
    def is_bomb(self) -> bool:
        return _power(self._row[0], self._row[2]) != 0

    def beats(self, other) -> bool:
        """True when this play beats ``other`` (a ``Move`` or a key) on the table."""
        key = other.key if isinstance(other, Play) else tuple(other)
        return bool(beats(self.key, key))

    def __str__(self) -> str:
        return _notation(self._row)

    @staticmethod
    def row_text(row) -> str:
        """The text of a kernel row (23 ints or bytes): its ranks in reading order, ``B``/``R``
        for the jokers, a wild card as what it stands for in brackets, a straight flush with
        its suits."""
        return _notation(row)

    def __repr__(self) -> str:
        return f"Move({self._kind}, {str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self._row == other._row \
            and self._level == other._level

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self._row, self._level))

    def __reduce__(self):
        return (Play, (self._row, self._level, self._cards))

    @classmethod
    def build(cls, hand, level, rows, table) -> list:
        """A record of ``cls`` for each row of ``rows`` (from ``moves`` of ``hand`` at
        ``level``), holding the cards ``pick_ids`` gives it; ``table`` is a tuple of 54 card
        objects (``cards`` is a tuple of its items). Raises like ``pick_ids``."""
        h = _count_vector(hand, _CAPS, "hand", "card", "card id")
        lv = _level(level)
        if type(table) is not tuple or len(table) not in (NCARDS, 2 * NCARDS,
                                                          2 * NCARDS + NCARDS * NCARDS):
            raise CardcoreError("table: expected a tuple of 54 cards (optionally then their "
                                "1-tuples, then the 2-tuples of card a and card b at 54 * a + b)")
        arr = _rows_arg(rows, False)
        wid = lv * 4 + 2
        out = []
        for i, row in enumerate(arr.tolist()):
            if row[0] >= len(KINDS):
                raise CardcoreError(f"row {i}: kind {row[0]} outside 0..{len(KINDS) - 1}")
            o = _pick_row(h, wid, i, row, True)
            if sum(o) > 10:
                raise CardcoreError(f"row {i}: more than 10 cards")
            p = object.__new__(cls)
            p._row, p._level, p._kind = bytes(row), lv, KINDS[row[0]]
            p._cards = tuple(table[c] for c, n in enumerate(o) for _ in range(n))
            out.append(p)
        return out

    @classmethod
    def of_hand(cls, hand, level, beat, table) -> list:
        """``build`` of the rows ``moves`` gives for ``hand``, a list of card ids (each id
        0..53, at most twice), at ``level``, with ``beat`` (a key, or ``None``)."""
        h = _hand_list(hand, "hand")
        lv = _level(level)
        rows = moves(h, lv, beat)
        return cls.build(h, lv, rows, table)


# ------------------------------------------------------------------ notation

_NAT = "23456789TJQKA"
_SUITS = "cdhs"


def _notation(row):
    """The text of a row (23 ints or bytes): its ranks in reading order, ``B``/``R`` for the
    jokers, a wild card as what it stands for in brackets, a straight flush with its suits."""
    kind = row[0]
    nat = row[COL_COUNTS:COL_COUNTS + 13]
    wild = [r for r in (row[6], row[7]) if r != NONE]
    jokers = "B" * row[21] + "R" * row[22]
    if kind == JOKER_BOMB:
        return jokers
    if kind == STRAIGHT_FLUSH:
        s = _SUITS[row[3]]
        top = row[1]
        out = []
        for r in _seq_ranks(top, 5):
            out.append(f"[{_NAT[r]}{s}]" if r in wild and nat[r] == 0 else f"{_NAT[r]}{s}")
        return "".join(out)
    if kind in (STRAIGHT, TUBE, PLATE):
        width = {STRAIGHT: 5, TUBE: 3, PLATE: 2}[kind]
        out = []
        for r in _seq_ranks(row[1], width):
            out.append(_NAT[r] * nat[r] + "".join(f"[{_NAT[r]}]" for w in wild if w == r))
        return "".join(out)
    if kind == FULL_HOUSE:
        trio = _trio_rank(row[1], row)
        pair_nat = [r for r in range(13) if nat[r] and r != trio]
        parts = [_NAT[trio] * nat[trio] + "".join(f"[{_NAT[w]}]" for w in wild if w == trio)]
        pair_w = [w for w in wild if w != trio]
        if jokers:
            parts.append(jokers)
        else:
            pr = pair_nat[0] if pair_nat else (pair_w[0] if pair_w else None)
            if pr is not None:
                parts.append(_NAT[pr] * nat[pr] + "".join(f"[{_NAT[w]}]" for w in pair_w))
        return "".join(parts)
    # single, pair, trio, bomb: one rank (or jokers, or wild cards alone)
    if jokers:
        return jokers
    text = "".join(_NAT[r] * nat[r] for r in range(13))
    return text + "".join(f"[{_NAT[w]}]" for w in wild)


def id_texts() -> list[str]:
    """Twin of the compiled kernel's ``id_texts``: the text of every action id, in id order."""
    return ["pass"] + [f"return {c}" for c in _CARD_OBJ] + [_notation(row) for row in _ROWS]


def _seq_ranks(top, width):
    """The natural rank indexes of a sequence ending at ``top`` (an ace-low one starts on A)."""
    lo = top - width + 1
    return [12 if r < 0 else r for r in range(lo, top + 1)]


def _trio_rank(value, row):
    """The natural rank index behind a level-aware value (the level rank is 13)."""
    if value != 13:
        return value
    nat = row[COL_COUNTS:COL_COUNTS + 13]
    # the level rank: the rank whose cards (natural or stood for) make the trio
    counts = [nat[r] + sum(1 for w in (row[6], row[7]) if w == r) for r in range(13)]
    return max(range(13), key=lambda r: counts[r])
