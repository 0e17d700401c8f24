"""Plain-Python twin of ``cardcore._fast.poker`` (same functions, same results).

It shares no table with the kernel: five-card hands are classified directly into a tuple
(category, ranks in order of importance), the 7,462 distinct tuples are sorted once to number
them 1..7462, and a 6 or 7-card hand is the best of its five-card subsets. Slow, simple, and a
second opinion for the differential tests.
"""

from __future__ import annotations

import math
import operator
from itertools import combinations

import numpy as np

from cardcore.errors import CardcoreError, CardError, flag_arg, quote
from cardcore.rng import Rng

from .args import seq_arg as _seq_arg

CATEGORIES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush")
NUM_VALUES = 7462
SHARE_UNIT = 2520
MAX_PLAYERS = 10
_MASK64 = (1 << 64) - 1
_INT64_MAX = (1 << 63) - 1


# ---------------------------------------------------------------- argument checks (as the kernel's)

def _is_int(x) -> bool:
    return not isinstance(x, (bool, np.bool_)) and isinstance(x, (int, np.integer))


def _int_arg(x, what: str, lo: int, hi: int) -> int:
    if not _is_int(x):
        raise CardcoreError(f"{what} {quote(x)}: expected an int")
    v = operator.index(x)
    if not lo <= v <= hi:
        raise CardcoreError(f"{what} {quote(x)}: expected {lo}..{hi}")
    return v


def _seed_arg(seed) -> int:
    if not _is_int(seed):
        raise CardcoreError(f"seed {quote(seed)}: expected an int")
    return operator.index(seed) & _MASK64


def _id_array(x, what: str, ndim: int) -> np.ndarray:
    try:
        a = np.asarray(x)
    except (TypeError, ValueError, OverflowError):
        raise CardError(f"{what}: expected an array of card ids") from None
    if a.ndim != ndim:
        raise CardError(f"{what}: expected a {ndim}-d array of card ids, got shape {a.shape}")
    if a.size:
        if a.dtype.kind not in "iu":
            raise CardError(f"{what}: card ids must be integers, got dtype {a.dtype}")
        if a.min() < 0 or a.max() > 51:
            raise CardError(f"{what}: card ids must be in 0..51")
    return np.ascontiguousarray(a, dtype=np.uint8)


def _classify(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """(category index, ranks by importance) of five cards with these ranks."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    shape = tuple(c for _, c in groups)
    straight_top = None
    if len(counts) == 5:
        hi, lo = max(ranks), min(ranks)
        if hi - lo == 4:
            straight_top = hi
        elif sorted(ranks) == [0, 1, 2, 3, 12]:
            straight_top = 3  # the wheel: five high
    if straight_top is not None and flush:
        return (8, straight_top)
    if shape == (4, 1):
        return (7,) + order
    if shape == (3, 2):
        return (6,) + order
    if flush:
        return (5,) + order
    if straight_top is not None:
        return (4, straight_top)
    if shape == (3, 1, 1):
        return (3,) + order
    if shape == (2, 2, 1):
        return (2,) + order
    if shape == (2, 1, 1, 1):
        return (1,) + order
    return (0,) + order


def _number_classes() -> dict[tuple[int, ...], int]:
    classes = set()
    for ranks in combinations(range(13), 5):
        classes.add(_classify(ranks, True))
    # every rank multiset of 5 cards (each rank at most 4 times), without a flush
    def rec(r: int, left: int, acc: list[int]) -> None:
        if left == 0:
            classes.add(_classify(tuple(acc), False))
            return
        if r == 13:
            return
        for c in range(min(4, left), -1, -1):
            rec(r + 1, left - c, acc + [r] * c)
    rec(0, 5, [])
    ordered = sorted(classes)
    return {cls: i + 1 for i, cls in enumerate(ordered)}


_VALUE = _number_classes()
assert len(_VALUE) == NUM_VALUES
_CAT_OF = [0] * (NUM_VALUES + 1)
for _cls, _v in _VALUE.items():
    _CAT_OF[_v] = _cls[0]
CATEGORY_BASES = tuple(min(v for cls, v in _VALUE.items() if cls[0] == k) for k in range(9))
_CACHE5: dict[tuple, int] = {}


def _eval5(c: tuple[int, ...] | list[int]) -> int:
    ranks = tuple(sorted(x >> 2 for x in c))
    s = c[0] & 3
    flush = (c[1] & 3) == s and (c[2] & 3) == s and (c[3] & 3) == s and (c[4] & 3) == s
    key = (ranks, flush)
    v = _CACHE5.get(key)
    if v is None:
        v = _CACHE5[key] = _VALUE[_classify(ranks, flush)]
    return v


def _eval_ids(c: list[int]) -> int:
    if len(c) == 5:
        return _eval5(c)
    return max(_eval5(sub) for sub in combinations(c, 5))


_NAMES = tuple("23456789TJQKA"[i >> 2] + "cdhs"[i & 3] for i in range(52))


def _fmt(cards) -> str:
    """Card names for messages (ids outside 0..51 and non-ids shown quoted, cut short)."""
    out = []
    try:
        items = list(cards)
    except TypeError:
        return quote(cards)
    for x in items[:12]:
        if _is_int(x) and 0 <= x <= 51:
            out.append(_NAMES[operator.index(x)])
        else:
            out.append(quote(operator.index(x) if _is_int(x) else x, 24))
    if len(items) > 12:
        out.append("...")
    return "'" + " ".join(out) + "'"


def _fast_value(cards) -> int:
    """The value of a list or tuple of 5..7 distinct int ids in 0..51 (ints or int
    subclasses, not bools), else 0 (as the kernel's first test)."""
    if type(cards) is not list and type(cards) is not tuple or not 5 <= len(cards) <= 7:
        return 0
    ids: list[int] = []
    for x in cards:
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 51 or x in ids:
            return 0
        ids.append(int(x))
    return _eval_ids(ids)


def evaluate(cards) -> int:
    v = _fast_value(cards)
    if v:
        return v
    items = _seq_arg(cards, "cards", "a sequence of 5, 6 or 7 card ids", CardError)
    n = len(items)
    if n < 5 or n > 7:
        raise CardError(f"cards {_fmt(items)}: a poker hand has 5, 6 or 7 cards, got {n}")
    ids: list[int] = []
    for x in items:
        if not _is_int(x):
            raise CardError(f"card {quote(x)}: expected an int card id")
        if x < 0 or x > 51:
            raise CardError(f"cards {_fmt(items)}: card id {quote(operator.index(x))} is not "
                            "a card of the 52-card deck (ids 0..51)")
        v = int(x)
        if v in ids:
            raise CardError(f"cards {_fmt(items)}: {_NAMES[v]} appears twice")
        ids.append(v)
    return _eval_ids(ids)


class _Wrappers:
    """As the kernel's: builders of public functions that read their common case first."""

    @staticmethod
    def evaluate(fallback):
        """A function equal to ``fallback`` that reads a list or tuple of valid int ids itself
        first."""
        def evaluate(cards):
            v = _fast_value(cards)
            if v:
                return v
            return fallback(cards)
        return evaluate


def _row_problem(row: list[int]) -> str | None:
    """Why a row of ids is not a poker hand (the first bad id or repeated card), or None."""
    seen: set[int] = set()
    for x in row:
        if not 0 <= x <= 51:
            return f"card id {quote(x)} is not a card of the 52-card deck (ids 0..51)"
        if x in seen:
            return f"{_NAMES[x]} appears twice"
        seen.add(x)
    return None


def evaluate_many(cards, check: bool = True) -> np.ndarray:
    check = flag_arg(check, "check")
    try:
        a0 = np.asarray(cards)
    except (TypeError, ValueError, OverflowError):
        raise CardError("evaluate_many: expected an (n, 5|6|7) array of card ids") from None
    if a0.ndim != 2 or a0.shape[1] not in (5, 6, 7):
        raise CardError(f"evaluate_many: expected an (n, 5|6|7) array, got shape {a0.shape}")
    if a0.shape[0] == 0:
        return np.empty(0, dtype=np.uint16)
    if a0.dtype.kind not in "iu":
        raise CardError(f"evaluate_many: card ids must be integers, got dtype {a0.dtype}")
    rows = a0.tolist()
    if check:
        for i, row in enumerate(rows):
            why = _row_problem(row)
            if why is not None:
                raise CardError(f"evaluate_many: row {i} {_fmt(row)}: {why}")
        return np.array([_eval_ids(row) for row in rows], dtype=np.uint16)
    # unchecked: invalid rows give some value (here the value of the row's valid prefix
    # padded with the lowest free cards), never an error
    return np.array([_eval_ids(_patch(row)) for row in rows], dtype=np.uint16)


def _patch(row: list[int]) -> list[int]:
    if _row_problem(row) is None:
        return row
    seen: list[int] = []
    for c in row:
        if 0 <= c <= 51 and c not in seen:
            seen.append(c)
    free = (c for c in range(52) if c not in seen)
    while len(seen) < len(row):
        seen.append(next(free))
    return seen


def _value_arg(value) -> int:
    if not _is_int(value):
        raise CardError(f"hand value {quote(value)}: expected an int")
    if not 1 <= value <= NUM_VALUES:
        raise CardError(f"hand value {quote(value)}: out of range 1..{NUM_VALUES}")
    return int(value)


def category(value) -> str:
    return CATEGORIES[_CAT_OF[_value_arg(value)]]


def category_index(value) -> int:
    return _CAT_OF[_value_arg(value)]


def value_histogram(k: int = 7) -> np.ndarray:
    """As the kernel's; visits every hand in Python (minutes for k=5, hours for k=7)."""
    if not _is_int(k) or k not in (5, 7):
        raise CardcoreError(f"value_histogram: k must be 5 or 7, got {quote(k)}")
    out = np.zeros(NUM_VALUES + 1, dtype=np.int64)
    for hand in combinations(range(52), int(k)):
        out[_eval_ids(list(hand))] += 1
    return out


def category_histogram(k: int = 7) -> dict[str, int]:
    vals = value_histogram(k)
    out = {}
    for i in range(8, -1, -1):
        hi = CATEGORY_BASES[i + 1] if i < 8 else NUM_VALUES + 1
        out[CATEGORIES[i]] = int(vals[CATEGORY_BASES[i]:hi].sum())
    return out


def category_histogram7() -> dict[str, int]:
    return category_histogram(7)


# ---------------------------------------------------------------- equity

class _SplitMix:
    """The kernel's generator: ``cardcore.rng.Rng`` (SplitMix64, the one definition), with
    the kernel's bounded draw (``Rng.below_mulshift``) and unit float (``Rng.random``)."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed & _MASK64)
        self.next = self._rng.next_u64
        self.below = self._rng.below_mulshift
        self.unit = self._rng.random


def splitmix_stream(seed, n) -> np.ndarray:
    """The first ``n`` (0..2**26) outputs of the generator from ``seed`` (any int, modulo
    2**64), as a uint64 array (``cardcore.rng.Rng(seed).next_u64()``)."""
    rng = _SplitMix(_seed_arg(seed))
    count = _int_arg(n, "n", 0, 1 << 26)
    return np.array([rng.next() for _ in range(count)], dtype=np.uint64)


def _setup(holes, board, dead):
    h = _id_array(holes, "equity: holes", 2)
    b_arr = _id_array(board, "equity: board", 1)
    d_arr = _id_array(dead, "equity: dead", 1)
    if h.shape[1] != 2 or not 2 <= h.shape[0] <= MAX_PLAYERS:
        raise CardError(f"equity: 2..{MAX_PLAYERS} hands of 2 cards expected")
    hands = [[int(x) for x in row] for row in h.tolist()]
    b, d = b_arr.tolist(), d_arr.tolist()
    if len(b) > 5:
        raise CardError("equity: the board has at most 5 cards")
    used: set[int] = set()
    for what, group in (("in the hands", [c for x in hands for c in x]), ("on the board", b),
                        ("dead card", d)):
        for c in group:
            if c in used or not 0 <= c <= 51:
                raise CardError(f"equity: invalid or repeated card {what}")
            used.add(c)
    rem = [c for c in range(52) if c not in used]
    if len(rem) < 5 - len(b):
        raise CardError("equity: not enough cards left to complete the board")
    return hands, b, rem


class _Tally:
    def __init__(self, n: int) -> None:
        self.wins = [0] * n
        self.ties = [0] * n
        self.shares = [0] * n
        self.total = 0

    def score(self, hands, board) -> None:
        vals = [_eval_ids(h + board) for h in hands]
        best = max(vals)
        winners = [p for p, v in enumerate(vals) if v == best]
        self.total += 1
        for p in winners:
            if len(winners) == 1:
                self.wins[p] += 1
            else:
                self.ties[p] += 1
            self.shares[p] += SHARE_UNIT // len(winners)

    def result(self):
        return list(self.wins), list(self.ties), list(self.shares), self.total


def equity_exact(holes, board, dead):
    hands, b, rem = _setup(holes, board, dead)
    t = _Tally(len(hands))
    for extra in combinations(rem, 5 - len(b)):
        t.score(hands, b + list(extra))
    return t.result()


def equity_sample(holes, board, dead, samples, seed):
    samples = _int_arg(samples, "equity: samples", 0, _INT64_MAX)
    seed = _seed_arg(seed)
    hands, b, rem = _setup(holes, board, dead)
    rng = _SplitMix(seed)
    need = 5 - len(b)
    t = _Tally(len(hands))
    for _ in range(samples):
        for i in range(need):
            j = i + rng.below(len(rem) - i)
            rem[i], rem[j] = rem[j], rem[i]
        t.score(hands, b + rem[:need])
    return t.result()


def _pick(cum, lo: int, hi: int, u: float) -> int:
    hi -= 1
    while lo < hi:
        mid = (lo + hi) >> 1
        if cum[mid] > u:
            hi = mid
        else:
            lo = mid + 1
    return lo


def equity_ranges(combos, cumw, offsets, board, dead, samples, seed, max_tries=1000):
    samples = _int_arg(samples, "equity: samples", 0, _INT64_MAX)
    seed = _seed_arg(seed)
    max_tries = _int_arg(max_tries, "equity: max_tries", 0, _INT64_MAX)
    cv = _id_array(combos, "equity: combos", 2)
    b = _id_array(board, "equity: board", 1).tolist()
    d = _id_array(dead, "equity: dead", 1).tolist()
    try:
        cw_arr = np.asarray(cumw)
        off_arr = np.asarray(offsets)
    except (TypeError, ValueError, OverflowError):
        raise CardcoreError("equity: cumw must be floats and offsets ints") from None
    if cw_arr.size and cw_arr.dtype.kind not in "iuf":
        # (complex, bool, text or objects: never cast to float behind the caller's back)
        raise CardcoreError(f"equity: cumw of dtype {cw_arr.dtype}: expected real numbers")
    cw_arr = np.ascontiguousarray(cw_arr, dtype=np.float64)
    if cw_arr.ndim != 1 or off_arr.ndim != 1 or (off_arr.size and off_arr.dtype.kind not in "iu"):
        raise CardcoreError("equity: cumw and offsets must be 1-d (offsets of integers)")
    if off_arr.size and (off_arr.min() < 0 or off_arr.max() > cv.shape[0]):
        raise CardcoreError(f"equity: offsets must be in 0..{cv.shape[0]} (the number of combos)")
    cmb = [[int(x) for x in row] for row in cv.tolist()]
    cum = [float(x) for x in cw_arr]
    off = [int(x) for x in off_arr]
    n = len(off) - 1
    if not 2 <= n <= MAX_PLAYERS:
        raise CardError(f"equity: 2..{MAX_PLAYERS} players expected")
    if cv.shape[1] != 2 or len(cum) != len(cmb):
        raise CardError("equity: combos must be (n, 2) with one weight each")
    if len(b) > 5:
        raise CardError("equity: the board has at most 5 cards")
    for p in range(n):
        if off[p + 1] <= off[p] or off[p + 1] > len(cmb):
            raise CardError(f"equity: player {p} has an empty range")
    for c0, c1 in cmb:
        if c0 > 51 or c1 > 51 or c0 == c1:
            raise CardError("equity: invalid combo in a range")
    for p in range(n):
        for i in range(off[p], off[p + 1]):
            if not math.isfinite(cum[i]) or (i > off[p] and cum[i] < cum[i - 1]):
                raise CardcoreError(f"equity: player {p}: cumulative weights must be finite "
                                    "and nondecreasing")
        if not cum[off[p + 1] - 1] > 0.0:
            raise CardcoreError(f"equity: player {p}: the range's total weight must be > 0")
    base: set[int] = set()
    for what, group in (("on the board", b), ("dead card", d)):
        for c in group:
            if c in base or not 0 <= c <= 51:
                raise CardError(f"equity: invalid or repeated {what}")
            base.add(c)
    if 52 - len(base) - 2 * n < 5 - len(b):
        raise CardError("equity: not enough cards left to deal the hands and complete the board")
    rng = _SplitMix(seed)
    t = _Tally(n)
    tries = 0
    done = 0
    failed = False
    while done < samples and not failed:
        used = set(base)
        hands = []
        for p in range(n):
            lo, hi = off[p], off[p + 1]
            top = cum[hi - 1]
            while True:
                u = rng.unit() * top
                j = _pick(cum, lo, hi, u)
                c0, c1 = cmb[j]
                if c0 not in used and c1 not in used:
                    break
                tries += 1
                if tries > max_tries * (done + 1):
                    failed = True
                    break
            if failed:
                break
            used.update((c0, c1))
            hands.append([c0, c1])
        if failed:
            break
        extra = []
        for _ in range(5 - len(b)):
            while True:
                c = rng.below(52)
                if c not in used:
                    break
            used.add(c)
            extra.append(c)
        t.score(hands, b + extra)
        done += 1
    return t.result()
