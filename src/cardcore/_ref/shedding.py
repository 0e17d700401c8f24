"""Shedding-game move kernel (Dou Dizhu, Zheng Shangyou), plain-Python reference twin.

Same public functions, signatures and results (row for row, in the same order) as the
compiled ``cardcore._fast.shedding``, and the same errors: ``CardError`` for a bad hand or set
of cards (15 ints or numpy integers, never bools or floats, within the per-rank caps),
``CardcoreError`` for a bad move key, ``first_play``, rows, ``by`` or ``cls``.

Representation
--------------
A hand or a play is a *rank count vector*: 15 small ints, one per rank in the order
``3 4 5 6 7 8 9 T J Q K A 2 BJ RJ`` (indices 0..14). A move is a row of ``ROW`` = 18 uint8:
``[kind, rank, length, c0 .. c14]`` where ``c`` is the move's count vector.

- ``kind``: an index into ``DDZ_KINDS`` / ``ZSY_KINDS``.
- ``rank``: the main rank (index in the 15-rank order). For runs and airplanes it is the
  highest core rank (the comparison key); for trio/four with attachments the rank of the
  trio/four; for the rocket 14 (RJ).
- ``length``: the number of consecutive core ranks of a sequence (straight: cards; pair run:
  pairs; airplane: trios); 1 for every other kind.

Generation order (the contract both twins follow): kinds in code order; inside a kind, ranks
ascending, sequences by lowest core rank then length, attachments as nondecreasing rank
sequences in lexicographic order. The moves that beat a table move are exactly the lead moves
that beat it, in the same relative order.

Action ids (``*_move_ids``, ``*_row_ids``, ``*_id_rows``, ``*_id_text``): the plays of at most
``DDZ_MAX`` / ``ZSY_MAX`` cards in that order on the whole deck, from ``DDZ_FIRST`` /
``ZSY_FIRST`` (Zheng Shangyou's heavenly bomb last); this twin keeps them as a list of rows and a
dict row -> id, the kernel ranks them in place. ``ShedRecord`` holds a move record's fields;
each game's ``Move`` is a plain Python subclass of it (or of the compiled kernel's), passed
as the first argument of the functions that build records, which set every field up front;
``*_hand_moves``, ``*_hand_ids``, ``*_hand_classify`` and ``*_cards_id`` work on a list
or tuple of card ids, ``make_move`` rebuilds a record (pickling), ``move_text`` and
``move_id`` answer on a move's ints and card tuple, ``mask_counts`` and ``core_range`` on its
ints.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from cardcore.errors import CardcoreError, CardError, quote

from .shedargs import count_vector as _count_vector
from .shedargs import index_or_none as _index_or_none
from .shedargs import key_arg as _key_arg

ROW = 18
NRANKS = 15
#: the names of the 15 rank indexes of the shedding games (Zheng Shangyou uses the first
#: 13); the games' ``RANK_NAMES`` and the move records' are this tuple
RANK_NAMES = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "BJ", "RJ")

DDZ_KINDS = ("single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_run",
             "airplane", "airplane_singles", "airplane_pairs", "four_two_singles",
             "four_two_pairs", "bomb", "rocket")
ZSY_KINDS = ("single", "pair", "trio", "straight", "pair_run", "bomb", "ace_bomb",
             "heavenly_bomb")

(D_SINGLE, D_PAIR, D_TRIO, D_TRIO_SINGLE, D_TRIO_PAIR, D_STRAIGHT, D_PAIR_RUN, D_AIRPLANE,
 D_AIRPLANE_SINGLES, D_AIRPLANE_PAIRS, D_FOUR_TWO_SINGLES, D_FOUR_TWO_PAIRS, D_BOMB,
 D_ROCKET) = range(14)
(Z_SINGLE, Z_PAIR, Z_TRIO, Z_STRAIGHT, Z_PAIR_RUN, Z_BOMB, Z_ACE_BOMB,
 Z_HEAVENLY_BOMB) = range(8)

_ACE = 11
_TWO = 12
_BJ = 13
_RJ = 14
# Per-rank caps of a hand: a 54-card deck for Dou Dizhu, the 48-card deck for Zheng Shangyou.
DDZ_CAPS = (4,) * 13 + (1, 1)
ZSY_CAPS = (4,) * 11 + (3, 1, 0, 0)


def _r(x) -> str:
    """``x`` as the kernel's messages show it (``errors.quote``: short, and never failing on an
    int too large to print in decimal)."""
    return quote(x)


# ------------------------------------------------------------------ validation
#
# The kernel's checks, in the kernel's order and with its error classes: a hand or a play is 15
# ints (or numpy integers, never bools or floats) within the per-rank caps, as a sequence,
# ``bytes`` or array (``CardError``); a move key is three ints in range, ``first_play`` a bool
# or 0/1, rows a C-contiguous uint8 (n, 18) array (``CardcoreError``).

def _beat(beat, nkinds: int, what: str = "beat") -> tuple[int, int, int]:
    k, r, n = _key_arg(beat, what)
    if not (0 <= k < nkinds and 0 <= r < NRANKS and 1 <= n <= NRANKS):
        raise CardcoreError(f"{what} {_r(beat)}: kind, rank or length out of range")
    return k, r, n


def _first_arg(first_play) -> bool:
    if not isinstance(first_play, (bool, np.bool_, int, np.integer)) or \
            first_play not in (0, 1):
        raise CardcoreError(f"first_play {_r(first_play)}: expected True or False")
    return bool(first_play)


def _rows(rows: list) -> np.ndarray:
    if not rows:
        return np.zeros((0, ROW), dtype=np.uint8)
    return np.array(rows, dtype=np.uint8)


class _Out:
    """Collects rows, optionally filtered by a table move to beat."""

    __slots__ = ("rows",)

    def __init__(self) -> None:
        self.rows: list[list[int]] = []

    def add(self, kind: int, rank: int, length: int, c: list[int]) -> None:
        self.rows.append([kind, rank, length, *c])


def _sets(h: list[int], kind: int, n: int, lo: int, hi: int,
          add: Callable[[int, int, int, list[int]], None]) -> None:
    """``add(kind, rank, 1, counts)`` for each rank ``lo..hi - 1`` of which the hand ``h`` holds
    ``n`` cards or more: the play of ``n`` of them (a single, a pair, a trio, a bomb)."""
    for r in range(lo, hi):
        if h[r] >= n:
            c = [0] * NRANKS
            c[r] = n
            add(kind, r, 1, c)


# ------------------------------------------------------------------ Dou Dizhu

def _ddz_runs(h, need: int, minlen: int, kind: int, out: _Out, only_len: int, min_rank: int,
              total: int, per: int) -> None:
    """Sequences of ``need``-of-a-rank, lowest rank first, then by length."""
    for s in range(12):
        for e in range(s, 12):
            if h[e] < need:
                break
            n = e - s + 1
            if n < minlen or (only_len and n != only_len) or e <= min_rank - 1:
                continue
            if n * per > total:
                break
            c = [0] * NRANKS
            for r in range(s, e + 1):
                c[r] = need
            if kind == D_AIRPLANE_SINGLES:
                _ddz_single_wings(h, c, s, e, n, out)
            elif kind == D_AIRPLANE_PAIRS:
                _ddz_pair_wings(h, c, s, e, n, out)
            else:
                out.add(kind, e, n, c)


def _ddz_single_wings(h, c, s, e, n, out: _Out) -> None:
    cap = [min(h[r], 2) for r in range(NRANKS)]
    cap[_BJ] = min(h[_BJ], 1)
    cap[_RJ] = min(h[_RJ], 1)
    for r in range(s, e + 1):
        cap[r] = 0

    def rec(lo: int, need: int) -> None:
        if need == 0:
            out.add(D_AIRPLANE_SINGLES, e, n, c)
            return
        for q in range(lo, NRANKS):
            if c[q] - (3 if s <= q <= e else 0) >= cap[q]:
                continue
            if q == _RJ and c[_BJ]:
                continue
            c[q] += 1
            rec(q, need - 1)
            c[q] -= 1

    rec(0, n)


def _ddz_pair_wings(h, c, s, e, n, out: _Out) -> None:
    elig = [r for r in range(13) if h[r] >= 2 and not s <= r <= e]

    def rec(i: int, need: int) -> None:
        if need == 0:
            out.add(D_AIRPLANE_PAIRS, e, n, c)
            return
        for j in range(i, len(elig) - need + 1):
            r = elig[j]
            c[r] = 2
            rec(j + 1, need - 1)
            c[r] = 0

    rec(0, n)


def _ddz_gen(h: list[int], bk: int, br: int, bl: int) -> list:
    """All plays of hand ``h``; with ``bk >= 0`` only those beating (bk, br, bl)."""
    out = _Out()
    total = sum(h)
    lead = bk < 0
    want = (lambda k: True) if lead else (lambda k: k == bk and bk not in (D_BOMB, D_ROCKET))
    rmin = 0 if lead else br + 1
    only_len = 0 if lead else bl

    for kind, n, top in ((D_SINGLE, 1, NRANKS), (D_PAIR, 2, 13), (D_TRIO, 3, 13)):
        if want(kind):
            _sets(h, kind, n, rmin, top, out.add)
    for kind, n, top in ((D_TRIO_SINGLE, 1, NRANKS), (D_TRIO_PAIR, 2, 13)):
        if want(kind):          # a trio with a single, or with a pair
            for t in range(rmin, 13):
                if h[t] >= 3:
                    for k in range(top):
                        if k != t and h[k] >= n:
                            c = [0] * NRANKS
                            c[t] = 3
                            c[k] = n
                            out.add(kind, t, 1, c)
    if want(D_STRAIGHT):
        _ddz_runs(h, 1, 5, D_STRAIGHT, out, only_len, rmin, total, 1)
    if want(D_PAIR_RUN):
        _ddz_runs(h, 2, 3, D_PAIR_RUN, out, only_len, rmin, total, 2)
    if want(D_AIRPLANE):
        _ddz_runs(h, 3, 2, D_AIRPLANE, out, only_len, rmin, total, 3)
    if want(D_AIRPLANE_SINGLES):
        _ddz_runs(h, 3, 2, D_AIRPLANE_SINGLES, out, only_len, rmin, total, 4)
    if want(D_AIRPLANE_PAIRS):
        _ddz_runs(h, 3, 2, D_AIRPLANE_PAIRS, out, only_len, rmin, total, 5)
    if want(D_FOUR_TWO_SINGLES):
        for f in range(rmin, 13):
            if h[f] == 4:
                for a in range(NRANKS):
                    if a == f or not h[a]:
                        continue
                    for b in range(a, NRANKS):
                        if b == f or not h[b]:
                            continue
                        if a == b and h[a] < 2:
                            continue
                        if a == _BJ and b == _RJ:
                            continue
                        c = [0] * NRANKS
                        c[f] = 4
                        c[a] += 1
                        c[b] += 1
                        out.add(D_FOUR_TWO_SINGLES, f, 1, c)
    if want(D_FOUR_TWO_PAIRS):
        for f in range(rmin, 13):
            if h[f] == 4:
                for a in range(13):
                    if a == f or h[a] < 2:
                        continue
                    for b in range(a + 1, 13):
                        if b == f or h[b] < 2:
                            continue
                        c = [0] * NRANKS
                        c[f] = 4
                        c[a] = 2
                        c[b] = 2
                        out.add(D_FOUR_TWO_PAIRS, f, 1, c)
    if bk != D_ROCKET:
        _sets(h, D_BOMB, 4, br + 1 if bk == D_BOMB else 0, 13, out.add)
        if h[_BJ] and h[_RJ]:
            c = [0] * NRANKS
            c[_BJ] = 1
            c[_RJ] = 1
            out.add(D_ROCKET, _RJ, 1, c)
    return out.rows


def ddz_moves(counts, beat=None) -> np.ndarray:
    """Every Dou Dizhu play of the hand ``counts`` (15 rank counts), as rows.

    ``beat`` is ``None`` (leading) or a table move ``(kind, rank, length)``; then only the plays
    that beat it are listed (never a pass).
    """
    h = _count_vector(counts, DDZ_CAPS, "hand", "rank", "rank index")
    if beat is None:
        return _rows(_ddz_gen(h, -1, 0, 0))
    k, r, n = _beat(beat, len(DDZ_KINDS))
    return _rows(_ddz_gen(h, k, r, n))


def ddz_classify(counts) -> np.ndarray:
    """Every Dou Dizhu reading of exactly the cards ``counts``, as rows (empty if none)."""
    h = _count_vector(counts, DDZ_CAPS, "cards", "rank", "rank index")
    n = sum(h)
    out = _Out()
    nz = [r for r in range(NRANKS) if h[r]]
    if n == 0:
        return _rows([])
    c = list(h)
    if n == 1:
        out.add(D_SINGLE, nz[0], 1, c)
    if n == 2 and len(nz) == 1 and nz[0] < 13:
        out.add(D_PAIR, nz[0], 1, c)
    if n == 3 and len(nz) == 1:
        out.add(D_TRIO, nz[0], 1, c)
    if n == 4 and len(nz) == 2:
        for t in nz:
            if h[t] == 3:
                out.add(D_TRIO_SINGLE, t, 1, c)
    if n == 5 and len(nz) == 2:
        for t in nz:
            if h[t] == 3:
                p = nz[0] + nz[1] - t
                if h[p] == 2:
                    out.add(D_TRIO_PAIR, t, 1, c)
    lo, hi = nz[0], nz[-1]
    consecutive = hi <= _ACE and hi - lo + 1 == len(nz)
    if consecutive:
        same = all(h[r] == h[lo] for r in nz)
        if same and h[lo] == 1 and n >= 5:
            out.add(D_STRAIGHT, hi, n, c)
        if same and h[lo] == 2 and n >= 6:
            out.add(D_PAIR_RUN, hi, n // 2, c)
        if same and h[lo] == 3 and n >= 6:
            out.add(D_AIRPLANE, hi, n // 3, c)
    for kind, per in ((D_AIRPLANE_SINGLES, 4), (D_AIRPLANE_PAIRS, 5)):
        if n % per or n // per < 2:
            continue
        k = n // per
        for s in range(12 - k + 1):
            e = s + k - 1
            if any(h[r] != 3 for r in range(s, e + 1)):
                continue
            rest = [0 if s <= r <= e else h[r] for r in range(NRANKS)]
            if kind == D_AIRPLANE_SINGLES:
                ok = all(x <= 2 for x in rest) and not (rest[_BJ] and rest[_RJ])
            else:
                ok = all(x in (0, 2) for x in rest)
            if ok:
                out.add(kind, e, k, c)
    if n == 6:
        for f in nz:
            if h[f] == 4 and f < 13 and not (h[_BJ] and h[_RJ]):
                out.add(D_FOUR_TWO_SINGLES, f, 1, c)
    if n == 8:
        for f in nz:
            if h[f] == 4 and f < 13:
                rest = [r for r in nz if r != f]
                if len(rest) == 2 and all(h[r] == 2 for r in rest):
                    out.add(D_FOUR_TWO_PAIRS, f, 1, c)
    if n == 4 and len(nz) == 1:
        out.add(D_BOMB, nz[0], 1, c)
    if n == 2 and h[_BJ] and h[_RJ]:
        out.add(D_ROCKET, _RJ, 1, c)
    return _rows(out.rows)


def ddz_beats(a, b) -> bool:
    """Whether Dou Dizhu move ``a = (kind, rank, length)`` beats ``b``."""
    ak, ar, al = _beat(a, len(DDZ_KINDS), "a")
    bk, br, bl = _beat(b, len(DDZ_KINDS), "b")
    if ak == D_ROCKET:
        return bk != D_ROCKET
    if bk == D_ROCKET:
        return False
    if ak == D_BOMB:
        return bk != D_BOMB or ar > br
    return ak == bk and al == bl and ar > br


# ------------------------------------------------------------------ Zheng Shangyou

def _zsy_gen(h: list[int], bk: int, br: int, bl: int, first: bool) -> list:
    out = _Out()
    lead = bk < 0
    rmin = 0 if lead else br + 1

    def emit(kind, rank, length, c):
        if not first or c[0]:
            out.add(kind, rank, length, c)

    ordinary = lead or bk <= Z_PAIR_RUN
    for kind, n, top in ((Z_SINGLE, 1, 13), (Z_PAIR, 2, 12), (Z_TRIO, 3, _ACE)):
        if ordinary and (lead or bk == kind):
            _sets(h, kind, n, rmin, top, emit)
    for kind, need, minlen in ((Z_STRAIGHT, 1, 5), (Z_PAIR_RUN, 2, 2)):
        if not (ordinary and (lead or bk == kind)):
            continue
        for s in range(12):
            if first and s > 0:
                break
            for e in range(s, 12):
                if h[e] < need:
                    break
                n = e - s + 1
                if n < minlen or (not lead and (n != bl or e <= br)):
                    continue
                c = [0] * NRANKS
                for r in range(s, e + 1):
                    c[r] = need
                emit(kind, e, n, c)
    if lead or bk in (Z_BOMB,) or ordinary:
        bomb_min = br + 1 if bk == Z_BOMB else 0
        for r in range(bomb_min, _ACE):
            if h[r] == 4 and not (first and r == 0):
                c = [0] * NRANKS
                c[r] = 4
                emit(Z_BOMB, r, 1, c)
        if h[_ACE] == 3:
            c = [0] * NRANKS
            c[_ACE] = 3
            emit(Z_ACE_BOMB, _ACE, 1, c)
    if first and h[0] == 4:
        c = [0] * NRANKS
        c[0] = 4
        emit(Z_HEAVENLY_BOMB, 0, 1, c)
    return out.rows


def zsy_moves(counts, beat=None, first_play: bool = False) -> np.ndarray:
    """Every Zheng Shangyou play of the hand ``counts``, as rows.

    ``beat``: ``None`` (leading) or a table move ``(kind, rank, length)``. ``first_play``: the
    opening play of the deal, so every move holds a 3 (the caller supplies the 3 of hearts) and
    four 3s are the heavenly bomb; it cannot be combined with ``beat``.
    """
    first = _first_arg(first_play)
    h = _count_vector(counts, ZSY_CAPS, "hand", "rank", "rank index")
    if beat is None:
        return _rows(_zsy_gen(h, -1, 0, 0, first))
    if first:
        raise CardcoreError("first_play: the opening play is a lead, it has no move to beat")
    k, r, n = _beat(beat, len(ZSY_KINDS))
    return _rows(_zsy_gen(h, k, r, n, False))


def zsy_can_beat(counts, beat) -> bool:
    """Whether the hand ``counts`` holds any play that beats ``beat`` (must-beat rule)."""
    h = _count_vector(counts, ZSY_CAPS, "hand", "rank", "rank index")
    k, r, n = _beat(beat, len(ZSY_KINDS))
    return len(_zsy_gen(h, k, r, n, False)) > 0


def zsy_classify(counts, first_play: bool = False) -> np.ndarray:
    """Every Zheng Shangyou reading of exactly the cards ``counts`` (empty if none)."""
    first_play = _first_arg(first_play)
    h = _count_vector(counts, ZSY_CAPS, "cards", "rank", "rank index")
    n = sum(h)
    out = _Out()
    if n == 0 or (first_play and not h[0]):
        return _rows([])
    nz = [r for r in range(NRANKS) if h[r]]
    c = list(h)
    if n == 1:
        out.add(Z_SINGLE, nz[0], 1, c)
    if n == 2 and len(nz) == 1:
        out.add(Z_PAIR, nz[0], 1, c)
    if n == 3 and len(nz) == 1 and nz[0] != _ACE:
        out.add(Z_TRIO, nz[0], 1, c)
    lo, hi = nz[0], nz[-1]
    if hi <= _ACE and hi - lo + 1 == len(nz) and all(h[r] == h[lo] for r in nz):
        if h[lo] == 1 and n >= 5:
            out.add(Z_STRAIGHT, hi, n, c)
        if h[lo] == 2 and n >= 4:
            out.add(Z_PAIR_RUN, hi, n // 2, c)
    if n == 4 and len(nz) == 1 and not (first_play and nz[0] == 0):
        out.add(Z_BOMB, nz[0], 1, c)
    if n == 3 and h[_ACE] == 3:
        out.add(Z_ACE_BOMB, _ACE, 1, c)
    if first_play and n == 4 and h[0] == 4:
        out.add(Z_HEAVENLY_BOMB, 0, 1, c)
    return _rows(out.rows)


def zsy_beats(a, b) -> bool:
    """Whether Zheng Shangyou move ``a = (kind, rank, length)`` beats ``b``."""
    ak, ar, al = _beat(a, len(ZSY_KINDS), "a")
    bk, br, bl = _beat(b, len(ZSY_KINDS), "b")
    if bk == Z_HEAVENLY_BOMB:
        return False
    if ak == Z_HEAVENLY_BOMB:
        return True
    if bk == Z_ACE_BOMB:
        return False
    if ak == Z_ACE_BOMB:
        return True
    if ak == Z_BOMB:
        return bk != Z_BOMB or ar > br
    if bk == Z_BOMB:
        return False
    return ak == bk and al == bl and ar > br


def ddz_count(counts, beat=None) -> int:
    """The number of rows ``ddz_moves`` would return."""
    return len(ddz_moves(counts, beat))


# ------------------------------------------------------------------ action ids
#
# Every play a hand of the game can make (at most ``DDZ_MAX`` / ``ZSY_MAX`` cards) has one id,
# in the generation order of the whole deck. Dou Dizhu: 0 = pass, 1..3 = bid 1..3, plays from
# ``DDZ_FIRST``; Zheng Shangyou: 0 = pass, plays from ``ZSY_FIRST``, the heavenly bomb last.
# The twin keeps the tables as a list of rows and a dict row -> id (built on first use).

DDZ_MAX = 20
ZSY_MAX = 16
DDZ_FIRST = 4
ZSY_FIRST = 1
_DDZ_NPLAYS = 24639
_ZSY_NPLAYS = 141
DDZ_NUM_ACTIONS = DDZ_FIRST + _DDZ_NPLAYS
ZSY_NUM_ACTIONS = ZSY_FIRST + _ZSY_NPLAYS
_TABLES: dict = {}


def _tables(game: int) -> tuple[list[tuple], dict]:
    if game not in _TABLES:
        if game == 0:
            rows = [tuple(r) for r in _ddz_gen(list(DDZ_CAPS), -1, 0, 0)
                    if sum(r[3:]) <= DDZ_MAX]
            first = DDZ_FIRST
        else:
            rows = [tuple(r) for r in _zsy_gen(list(ZSY_CAPS), -1, 0, 0, False)
                    if sum(r[3:]) <= ZSY_MAX]
            rows.append((Z_HEAVENLY_BOMB, 0, 1, 4) + (0,) * 14)
            first = ZSY_FIRST
        _TABLES[game] = (rows, {r: first + i for i, r in enumerate(rows)})
    return _TABLES[game]


def _row_id(game: int, row) -> int:
    return _tables(game)[1].get(tuple(int(x) for x in row), -1)


def _check_size(h, most: int, what: str) -> None:
    if sum(h) > most:
        raise CardError(f"{what}: {sum(h)} cards; action ids cover the plays of hands of at most "
                        f"{most} cards")


def _id_array(game: int, rows) -> np.ndarray:
    return np.array([_row_id(game, r) for r in rows], dtype=np.int32)


def ddz_move_ids(counts, beat=None) -> np.ndarray:
    """The action ids of every Dou Dizhu play of the hand ``counts`` (at most ``DDZ_MAX``
    cards), an ascending int32 array; with ``beat`` (a table move ``(kind, rank, length)``)
    only those of the plays that beat it."""
    h = _count_vector(counts, DDZ_CAPS, "hand", "rank", "rank index")
    _check_size(h, DDZ_MAX, "hand")
    k, r, n = (-1, 0, 0) if beat is None else _beat(beat, len(DDZ_KINDS))
    return _id_array(0, _ddz_gen(h, k, r, n))


def zsy_move_ids(counts, beat=None, first_play=False) -> np.ndarray:
    """The action ids of every Zheng Shangyou play of the hand ``counts`` (at most ``ZSY_MAX``
    cards), ascending; ``beat`` and ``first_play`` as in ``zsy_moves``."""
    first = _first_arg(first_play)
    h = _count_vector(counts, ZSY_CAPS, "hand", "rank", "rank index")
    _check_size(h, ZSY_MAX, "hand")
    if beat is None:
        return _id_array(1, _zsy_gen(h, -1, 0, 0, first))
    if first:
        raise CardcoreError("first_play: the opening play is a lead, it has no move to beat")
    k, r, n = _beat(beat, len(ZSY_KINDS))
    return _id_array(1, _zsy_gen(h, k, r, n, False))


def _rows_arg(rows) -> np.ndarray:
    if not isinstance(rows, np.ndarray):
        raise CardcoreError("rows: expected a uint8 array of shape (n, 18)")
    if rows.dtype != np.uint8 or rows.ndim != 2 or rows.shape[1] != ROW \
            or not (rows.flags.c_contiguous and rows.flags.aligned):
        raise CardcoreError("rows: expected a C-contiguous uint8 array of shape (n, 18)")
    return rows


def ddz_row_ids(rows) -> np.ndarray:
    """The action id of each Dou Dizhu row (int32; -1 for a row that is no play of at most
    ``DDZ_MAX`` cards)."""
    return _id_array(0, _rows_arg(rows).tolist())


def zsy_row_ids(rows) -> np.ndarray:
    """The action id of each Zheng Shangyou row (-1 for a row that is no play with an id; the
    heavenly bomb is ``(7, 0, 1, 4, 0, ...)``)."""
    return _id_array(1, _rows_arg(rows).tolist())


def ddz_id_rows() -> np.ndarray:
    """The row of every Dou Dizhu play in id order (row ``i`` is action id ``DDZ_FIRST + i``)."""
    return np.array(_tables(0)[0], dtype=np.uint8)


def zsy_id_rows() -> np.ndarray:
    """The row of every Zheng Shangyou play in id order (row ``i``: action id
    ``ZSY_FIRST + i``)."""
    return np.array(_tables(1)[0], dtype=np.uint8)


def _id_arg(i, game: int) -> int:
    x = _index_or_none(i)
    lo = DDZ_FIRST if game == 0 else ZSY_FIRST
    hi = lo + (_DDZ_NPLAYS if game == 0 else _ZSY_NPLAYS)
    if x is None or not lo <= x < hi:
        raise CardcoreError(f"play id {_r(i)}: expected an int {lo}..{hi - 1}")
    return x


def _core(game: int, kind: int, rank: int, length: int) -> tuple[int, int]:
    if (game == 0 and D_STRAIGHT <= kind <= D_AIRPLANE_PAIRS) or (
            game == 1 and kind in (Z_STRAIGHT, Z_PAIR_RUN)):
        return rank - length + 1, rank
    if game == 0 and kind == D_ROCKET:
        return _BJ, _RJ
    return rank, rank


_RANK_CHARS = "3456789TJQKA2"


def _text(game: int, kind: int, rank: int, length: int, c) -> str:
    lo, hi = _core(game, kind, rank, length)
    order = [r for r in range(_BJ) if lo <= r <= hi] + [r for r in range(_BJ) if not lo <= r <= hi]
    chars = "".join(_RANK_CHARS[r] * c[r] for r in order)
    jokers = [("BJ", "RJ")[r - _BJ] for r in (_BJ, _RJ) if c[r]]
    return " ".join(([chars] if chars else []) + jokers)


def ddz_id_text(i) -> str:
    """The rank notation of Dou Dizhu play id ``i`` (``"33344455"``, ``"BJ RJ"``)."""
    row = _tables(0)[0][_id_arg(i, 0) - DDZ_FIRST]
    return _text(0, row[0], row[1], row[2], row[3:])


def zsy_id_text(i) -> str:
    """The rank notation of Zheng Shangyou play id ``i``."""
    row = _tables(1)[0][_id_arg(i, 1) - ZSY_FIRST]
    return _text(1, row[0], row[1], row[2], row[3:])


# ------------------------------------------------------------------ card masks

_THREE_HEARTS = 6
_ZSY_DECK = ((1 << 52) - 1) & ~0x7 & ~(1 << 50)


def _rank_mask(r: int) -> int:
    if r < _TWO:
        return 0xF << ((r + 1) * 4)
    if r == _TWO:
        return 0xF
    return 1 << (39 + r)


def _mask_counts(mask: int) -> list[int]:
    return [bin(mask & _rank_mask(r)).count("1") for r in range(NRANKS)]


def _bits(m: int) -> list[int]:
    return [b for b in range(54) if m >> b & 1]


def _pick(hand: int, c, game: int) -> int:
    sel = 0
    for r in range(NRANKS):
        x = c[r]
        if not x:
            continue
        ids = _bits(hand & _rank_mask(r))
        if game == 1 and r == 0 and _THREE_HEARTS in ids:
            ids.remove(_THREE_HEARTS)
            ids.insert(0, _THREE_HEARTS)
        for b in ids[:x]:
            sel |= 1 << b
    return sel


def _order(mask: int, game: int, kind: int, rank: int, length: int) -> list[int]:
    lo, hi = _core(game, kind, rank, length)
    out: list[int] = []
    for core in (True, False):
        for r in range(NRANKS):
            if (lo <= r <= hi) != core:
                continue
            ids = _bits(mask & _rank_mask(r))
            if game == 1 and r == 0 and _THREE_HEARTS in ids:
                ids.remove(_THREE_HEARTS)
                ids.insert(0, _THREE_HEARTS)
            out += ids
    return out


# ------------------------------------------------------------------ Move records
#
# As the kernel: ``ShedRecord`` holds a record's fields (each game's ``Move`` derives from it);
# the functions that build records take the record type as their first argument and build
# each record with every field set up front, by the type's ``_from_fields``.

_CARD_OBJ: tuple = ()
_FIELDS = ("kind", "rank", "length", "cards", "_code")


def _card_obj() -> tuple:
    global _CARD_OBJ
    if not _CARD_OBJ:
        from cardcore.cards import Card
        _CARD_OBJ = tuple(Card(i) for i in range(54))
    return _CARD_OBJ


def _item(i: int) -> Any:
    """A read-only field of a record: item ``i`` of its tuple base (typed ``Any``: the class
    annotates the field)."""
    return property(lambda self: tuple.__getitem__(self, i))


def _unsupported(self: Any, other: Any) -> Any:
    """An order or arithmetic operator a record does not support."""
    return NotImplemented


class ShedRecord(tuple):
    """The fields of a Dou Dizhu or Zheng Shangyou play, read-only: ``kind`` (the kind's name),
    ``rank``, ``length``, ``cards`` (a tuple of ``Card``) and ``_code`` (the kind code), set
    once by ``_from_fields``. The storage of each game's ``Move``, a plain Python subclass that
    says what a move does.

    As the compiled type, a record cannot be changed by any means (``object.__setattr__``
    included): the fields are the items of an immutable tuple base, read by properties, and no
    instance has a ``__dict__``. The tuple is storage only: a bare record has no length, items,
    order or arithmetic, compares and hashes by identity and does not pickle, as the compiled
    type (each game's ``Move`` gives its own)."""

    __slots__ = ()

    def __new__(cls):
        """A record with no field set (``None`` each), as the compiled type's ``ShedRecord()``."""
        return tuple.__new__(cls, (None,) * len(_FIELDS))

    @classmethod
    def _from_fields(cls, kind, rank, length, cards, code):
        """A record of this type with these fields (unchecked as a reading of the cards; built
        by the tuple base, not by a ``__new__`` a subtype may override)."""
        if type(kind) is not str or type(rank) is not int or type(length) is not int \
                or type(cards) is not tuple or type(code) is not int:
            raise CardcoreError(f"_from_fields{quote((kind, rank, length, cards, code))}: "
                                "expected a kind name, two ints, a card tuple and a kind code")
        return tuple.__new__(cls, (kind, rank, length, cards, code))

    kind: str = _item(0)
    rank: int = _item(1)
    length: int = _item(2)
    cards: tuple = _item(3)
    _code: int = _item(4)

    # (what the tuple base would answer, answered as the compiled type does)
    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__
    __repr__ = object.__repr__

    def __bool__(self) -> bool:
        return True

    def __len__(self) -> int:
        raise TypeError(f"object of type {type(self).__name__!r} has no len()")

    def __getitem__(self, i):
        raise TypeError(f"{type(self).__name__!r} object is not subscriptable")

    def __iter__(self):
        raise TypeError(f"{type(self).__name__!r} object is not iterable")

    def __contains__(self, x) -> bool:
        return any(v is x or v == x for v in iter(self))

    __lt__ = __le__ = __gt__ = __ge__ = __add__ = __mul__ = __rmul__ = _unsupported

    def __reduce__(self):
        raise TypeError(f"cannot pickle {type(self).__name__!r} object")


def _record_type(cls, game: int, what: str) -> type:
    """``cls`` as the record type of ``game`` (0 Dou Dizhu, 1 Zheng Shangyou): a type whose
    ``_GAME_CODE`` is ``game``, with ``_from_fields``, else ``CardcoreError`` naming ``what``."""
    if not isinstance(cls, type) or getattr(cls, "_GAME_CODE", None) != game \
            or not callable(getattr(cls, "_from_fields", None)):
        raise CardcoreError(f"{what}: record type {quote(cls)}: expected the "
                            f"{('Dou Dizhu', 'Zheng Shangyou')[game]} Move type")
    return cls


def _record(cls: Any, game: int, mask: int, kind: int, rank: int, length: int):
    objs = _card_obj()
    cards = tuple(objs[i] for i in _order(mask, game, kind, rank, length))
    return cls._from_fields((DDZ_KINDS if game == 0 else ZSY_KINDS)[kind], rank, length, cards,
                            kind)


def _key_args(game, kind, rank, length, mask, what: str) -> tuple[int, int, int, int, int]:
    g, k, r, n, x = (_index_or_none(v) for v in (game, kind, rank, length, mask))
    if g is None or g not in (0, 1) or k is None or r is None or n is None or x is None \
            or not 0 <= x < (1 << 54) \
            or not 0 <= k < (len(DDZ_KINDS) if g == 0 else len(ZSY_KINDS)) \
            or not 0 <= r < NRANKS or not 1 <= n <= r + 1:
        raise CardcoreError(f"{what}{_r((game, kind, rank, length, mask))}: expected a game "
                            "0 or 1, a kind code, a rank, a length and a card mask")
    return g, k, r, n, x


def move_text(game, kind, rank, length, cards) -> str:
    """The rank notation of the play (``kind`` code, ``rank``, ``length``) of the cards
    ``cards`` (a list or tuple of card ids: a move's card tuple) in game ``game``
    (``"33344455"``, ``"333 BJ"``)."""
    return _text_of(game, kind, rank, length, cards, "move_text")


def _text_of(game, kind, rank, length, cards, what: str) -> str:
    # ``move_text`` of these fields, its errors named after ``what`` (the public function)
    g, k, r, n, _ = _key_args(game, kind, rank, length, 0, what)
    return _text(g, k, r, n, _mask_counts(_hand(cards, g, what)))


def record_text(rec) -> str:
    """The rank notation of the move record ``rec`` (``move_text`` of its fields: how
    ``str(move)`` is answered); its game is its type's ``_GAME_CODE``."""
    try:
        game = rec._GAME_CODE
        kind, rank, length, cards = rec._code, rec.rank, rec.length, rec.cards
    except AttributeError:
        raise CardcoreError(f"record_text({quote(rec)}): expected a move record") from None
    return _text_of(game, kind, rank, length, cards, "record_text")


def move_id(game, kind, rank, length, cards) -> int:
    """The action id of the play (``kind`` code, ``rank``, ``length``) of the cards ``cards``
    (a list or tuple of card ids) (-1 for a play with more cards than any hand, or when the
    cards do not have that reading)."""
    g, k, r, n, _ = _key_args(game, kind, rank, length, 0, "move_id")
    return _row_id(g, [k, r, n] + _mask_counts(_hand(cards, g, "move_id")))


def mask_counts(mask) -> tuple:
    """The rank count vector (15 ints) of the cards of bit mask ``mask``."""
    x = _index_or_none(mask)
    if x is None or not 0 <= x < (1 << 54):
        raise CardcoreError(f"mask {_r(mask)}: expected a card mask (an int below 2**54)")
    return tuple(_mask_counts(x))


def core_range(game, kind, rank, length) -> tuple:
    """``(lo, hi)``: the rank indices of the core of a play (``kind`` code, ``rank``,
    ``length``) of game ``game`` (the run, the rank of a single/pair/trio/bomb and of the trio
    or four the attachments go with, both jokers of a rocket)."""
    g, k, r, n, _ = _key_args(game, kind, rank, length, 0, "core_range")
    return _core(g, k, r, n)


def make_move(cls, game, kind, rank, length, mask):
    """The move of game ``game`` (0 Dou Dizhu, 1 Zheng Shangyou) reading the cards of bit mask
    ``mask`` as (``kind`` code, ``rank``, ``length``), a record of the record type ``cls`` (the
    game's ``Move``) -- how moves are rebuilt (pickling, ``Move(...)``). Raises
    ``CardcoreError`` unless the cards have that reading."""
    g, k, r, n, x = (_index_or_none(v) for v in (game, kind, rank, length, mask))
    if g is None or g not in (0, 1) or k is None or r is None or n is None or x is None \
            or not 0 <= x < (1 << 54):
        raise CardcoreError(f"make_move{quote((game, kind, rank, length, mask))}: expected a game "
                            "0 or 1, three small ints and a card mask")
    t = _record_type(cls, g, "make_move")
    if g == 1 and x & ~_ZSY_DECK:
        raise CardcoreError(f"make_move: mask {quote(mask)} holds cards outside the Zheng "
                            "Shangyou deck")
    h = _mask_counts(x)
    rows = (ddz_classify(h) if g == 0 else zsy_classify(h, k == Z_HEAVENLY_BOMB)).tolist()
    for row in rows:
        if row[0] == k and row[1] == r and row[2] == n:
            return _record(t, g, x, k, r, n)
    raise CardcoreError(f"make_move: the cards of mask {quote(mask)} have no reading "
                        f"{quote((kind, rank, length))}")


# ------------------------------------------------------------------ hands of cards

def _hand(cards, game: int, what: str) -> int:
    """The card mask of a list or tuple of card ids (``CardError`` naming a bad or repeated
    card, or a card outside the game's deck)."""
    if type(cards) not in (list, tuple):
        raise CardError(f"{what} {quote(cards)}: expected a list or tuple of card ids")
    m = 0
    dup = -1
    objs = _card_obj()
    for o in cards:
        if not isinstance(o, int) or isinstance(o, bool):
            raise CardError(f"{what}: {quote(o)} is not a card id")
        if not 0 <= o <= 53:
            raise CardError(f"{what}: card id {quote(o)} out of range 0..53")
        bit = 1 << int(o)
        if game == 1 and not _ZSY_DECK & bit:
            raise CardError(f"{what}: card {objs[o]} is not in the 48-card Zheng Shangyou deck")
        if m & bit and dup < 0:
            dup = int(o)
        m |= bit
    if dup >= 0:
        raise CardError(f"{what}: card {objs[dup]} appears twice"
                        + (" (Dou Dizhu uses one 54-card deck)" if game == 0 else ""))
    return m


def cards_mask(game, cards) -> int:
    """The bit mask of the cards ``cards`` (a list or tuple of card ids) of game ``game`` (0
    Dou Dizhu, 1 Zheng Shangyou): a move's ``mask``, from its card tuple. ``CardError`` names a
    bad or repeated card."""
    g = _index_or_none(game)
    if g is None or g not in (0, 1):
        raise CardcoreError(f"cards_mask: game {quote(game)}: expected 0 or 1")
    return _hand(cards, g, "cards_mask")


def _moves_of(cls: type, game: int, hand: int, rows: list, whole: bool) -> list:
    return [_record(cls, game, hand if whole else _pick(hand, row[3:], game),
                    row[0], row[1], row[2]) for row in rows]


def ddz_hand_moves(cls, cards, beat=None) -> list:
    """Every Dou Dizhu play of the hand ``cards`` (a list or tuple of card ids) as records of
    the record type ``cls`` (the game's ``Move``; cards taken from the hand, the lowest ids of
    each rank); ``beat`` as in ``ddz_moves``."""
    t = _record_type(cls, 0, "ddz_hand_moves")
    m = _hand(cards, 0, "hand")
    k, r, n = (-1, 0, 0) if beat is None else _beat(beat, len(DDZ_KINDS))
    return _moves_of(t, 0, m, _ddz_gen(_mask_counts(m), k, r, n), False)


def ddz_hand_ids(cards, beat=None) -> np.ndarray:
    """The action ids of ``ddz_hand_moves(cards, beat)``, an ascending int32 array (the hand
    holds at most ``DDZ_MAX`` cards)."""
    m = _hand(cards, 0, "hand")
    h = _mask_counts(m)
    _check_size(h, DDZ_MAX, "hand")
    k, r, n = (-1, 0, 0) if beat is None else _beat(beat, len(DDZ_KINDS))
    return _id_array(0, _ddz_gen(h, k, r, n))


def ddz_hand_classify(cls, cards) -> list:
    """Every Dou Dizhu reading of exactly the cards ``cards`` as records of type ``cls``."""
    t = _record_type(cls, 0, "ddz_hand_classify")
    m = _hand(cards, 0, "cards")
    if not m:
        return []
    return _moves_of(t, 0, m, ddz_classify(_mask_counts(m)).tolist(), True)


def ddz_cards_id(kind, cards) -> int:
    """The action id of the Dou Dizhu reading of kind code ``kind`` of exactly these cards
    (-1 when they have no such reading or it has no id)."""
    k = _index_or_none(kind)
    if k is None or not 0 <= k < len(DDZ_KINDS):
        raise CardcoreError(f"kind {_r(kind)}: expected a Dou Dizhu kind code 0..13")
    m = _hand(cards, 0, "cards")
    for row in ddz_classify(_mask_counts(m)).tolist():
        if row[0] == k:
            return _row_id(0, row)
    return -1


def _zsy_first(first_play, beat) -> bool:
    first = _first_arg(first_play)
    if first and beat is not None:
        raise CardcoreError("first_play: the opening play is a lead, it has no move to beat")
    return first


def zsy_hand_moves(cls, cards, beat=None, first_play=False) -> list:
    """Every Zheng Shangyou play of the hand ``cards`` as records of type ``cls`` (the 3 of
    hearts first among the 3s); ``beat`` / ``first_play`` as in ``zsy_moves`` (an opening hand
    without the 3 of hearts has no play)."""
    t = _record_type(cls, 1, "zsy_hand_moves")
    first = _zsy_first(first_play, beat)
    m = _hand(cards, 1, "hand")
    k, r, n = (-1, 0, 0) if beat is None else _beat(beat, len(ZSY_KINDS))
    if first and not m >> _THREE_HEARTS & 1:
        return []
    return _moves_of(t, 1, m, _zsy_gen(_mask_counts(m), k, r, n, first), False)


def zsy_hand_ids(cards, beat=None, first_play=False) -> np.ndarray:
    """The action ids of ``zsy_hand_moves(cards, beat, first_play)``, ascending int32 (the hand
    holds at most ``ZSY_MAX`` cards)."""
    first = _zsy_first(first_play, beat)
    m = _hand(cards, 1, "hand")
    h = _mask_counts(m)
    _check_size(h, ZSY_MAX, "hand")
    k, r, n = (-1, 0, 0) if beat is None else _beat(beat, len(ZSY_KINDS))
    if first and not m >> _THREE_HEARTS & 1:
        return np.zeros(0, dtype=np.int32)
    return _id_array(1, _zsy_gen(h, k, r, n, first))


def zsy_hand_classify(cls, cards, first_play=False) -> list:
    """Every Zheng Shangyou reading of exactly the cards ``cards`` as records of type ``cls``
    (with ``first_play`` the cards must hold the 3 of hearts)."""
    t = _record_type(cls, 1, "zsy_hand_classify")
    first = _first_arg(first_play)
    m = _hand(cards, 1, "cards")
    if not m or (first and not m >> _THREE_HEARTS & 1):
        return []
    return _moves_of(t, 1, m, zsy_classify(_mask_counts(m), first).tolist(), True)


def zsy_cards_id(kind, cards) -> int:
    """The action id of the Zheng Shangyou reading of kind code ``kind`` of exactly these cards
    (-1 when none; the heavenly bomb is read as the opening play's)."""
    k = _index_or_none(kind)
    if k is None or not 0 <= k < len(ZSY_KINDS):
        raise CardcoreError(f"kind {_r(kind)}: expected a Zheng Shangyou kind code 0..7")
    m = _hand(cards, 1, "cards")
    for row in zsy_classify(_mask_counts(m), k == Z_HEAVENLY_BOMB).tolist():
        if row[0] == k:
            return _row_id(1, row)
    return -1
