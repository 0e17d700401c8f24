"""Poker hands: evaluation, categories, equity and hand ranges (backed by ``cardcore._fast``).

>>> from cardcore import poker
>>> poker.category(poker.evaluate("As Ks Qs Js Ts 2c 3d"))
'straight flush'
>>> poker.evaluate("Ah Kh Qh Jh 9h") > poker.evaluate("Ad Ac Ah As Kd")
False
>>> [round(e, 8) for e in poker.equity(["AhKh", "QsQd"])]
[0.46214457, 0.53785543]

Hand values are ints 1..7462: a higher value is a stronger hand and equal values are exactly
the ties (the sixth and seventh cards never break a tie). Cards are ids ``rank * 4 + suit``
(see ``cardcore.cards``); every function also takes card strings such as ``"As Kd 7h"``.
"""

from __future__ import annotations

import math

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from ._backend import kernel
from .cards import RANKS, Card, CardsLike, parse
from .errors import CardError, quote
from .rng import fresh_seed

if TYPE_CHECKING:
    from ._fast import poker as _k
else:
    _k = kernel("poker")

CATEGORIES: tuple[str, ...] = tuple(_k.CATEGORIES)
"""Category names from the weakest (``"high card"``) to the strongest."""
NUM_VALUES: int = _k.NUM_VALUES
MAX_PLAYERS: int = _k.MAX_PLAYERS
_SHARE_UNIT: int = _k.SHARE_UNIT


def _card_ids(cards: CardsLike, what: str = "cards") -> list[int]:
    if not isinstance(cards, (str, Card, Iterable)):
        raise CardError(f"{what} {quote(cards)}: expected a string or an iterable of cards")
    if isinstance(cards, str):
        out = parse(cards)
    elif isinstance(cards, np.ndarray):
        out = parse([int(x) for x in cards.ravel()]) if cards.dtype.kind in "iu" else parse(
            cards.tolist())
    else:
        out = parse(cards)
    ids = [int(c) for c in out]
    for c in ids:
        if c > 51:
            raise CardError(f"{what} {format_cards(ids)!r}: {Card(c)} is not a poker card")
    return ids


def format_cards(ids: Iterable[int]) -> str:
    return " ".join(str(Card(c)) for c in ids)


# ---------------------------------------------------------------- evaluation

def _evaluate_parsed(cards: CardsLike) -> int:
    """``evaluate`` for what the kernel's first test does not read: card strings, numpy
    arrays, other iterables, card-string items; and the error messages."""
    if type(cards) is str:
        ids = _str_ids(cards)
        if ids is not None:
            return _k.evaluate(ids)
    elif type(cards) is list or type(cards) is tuple:
        # numpy ints and errors: the kernel reads them and its CardError is final unless some
        # item is not an id (a card string, say), which the kernel does not parse
        try:
            return _k.evaluate(cards)
        except CardError:
            if _all_ids(cards):
                raise
    elif isinstance(cards, np.ndarray) and cards.dtype.kind in "iu" and cards.ndim == 1:
        return _k.evaluate(cards.tolist())
    return _k.evaluate(_card_ids(cards))


def _str_ids(text: str) -> list[int] | None:
    """The ids of a card string written in two-character tokens (``"As Kd 7h"``,
    ``"AsKd7h"``), or None when some token is not one (``"10h"``, a joker, a typo): then the
    full parser reads it and names what is wrong."""
    toks = text.split()
    if len(toks) == 1 and len(toks[0]) % 2 == 0:  # no spaces: "AsKd7h"
        one = toks[0]
        toks = [one[i:i + 2] for i in range(0, len(one), 2)]
    try:
        return [_TOKEN_IDS[t] for t in toks]
    except KeyError:
        return None


# every two-character token of a 52-card card (either case, suit letters or symbols), read
# by the card parser itself so that both always agree
_TOKEN_IDS: dict[str, int] = {
    r + s: int(parse(r + s)[0]) for r in "23456789TJQKAtjqka"
    for s in "cdhsCDHS\u2663\u2667\u2666\u2662\u2665\u2661\u2660\u2664"
}


def _all_ids(items: Sequence) -> bool:
    """Whether every item is an int card id type (int, numpy integer, ``Card``; not a bool)."""
    for x in items:  # noqa: SIM110 - a plain loop: faster than all() on a generator
        if not isinstance(x, _ID_TYPES) or isinstance(x, _BOOL_TYPES):
            return False
    return True


_ID_TYPES = (int, np.integer)
_BOOL_TYPES = (bool, np.bool_)

evaluate: Callable[[CardsLike], int] = _k._Wrappers.evaluate(_evaluate_parsed)
evaluate.__name__ = evaluate.__qualname__ = "evaluate"
evaluate.__module__ = __name__
evaluate.__doc__ = """Value (1..7462) of a 5, 6 or 7-card hand; higher is stronger, equal values
    tie.

    ``cards`` is a string (``"As Kd 7h 7c 2s"``) or an iterable of ``Card``/ids/card strings.
    Raises ``CardError`` on a wrong count, an unknown or joker card, or a repeated card.

    A list or tuple of int ids or ``Card`` objects is read in C with no Python frame (about
    the cost of one builtin call); strings and other iterables are parsed first.
    """


def evaluate_many(array, *, check: bool = True) -> np.ndarray:
    """Values of every row of an ``(n, k)`` array of card ids, k = 5, 6 or 7.

    Returns a ``uint16`` array of length n. Any integer dtype is read in place, without a
    converted copy (uint8 is the most compact and the fastest on large arrays). The loop runs
    in C without the GIL. A row with an id outside 0..51 or a repeated card raises
    ``CardError`` naming the row and the id; ``check=False`` skips that per-row test for more
    throughput (such rows then get meaningless values).
    """
    return _k.evaluate_many(array, check)


def category(value: int) -> str:
    """``"straight flush"``, ``"four of a kind"``, ``"full house"``, ``"flush"``,
    ``"straight"``, ``"three of a kind"``, ``"two pair"``, ``"pair"`` or ``"high card"``."""
    return _k.category(value)


def category_index(value: int) -> int:
    """0 (high card) .. 8 (straight flush)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise CardError(f"hand value {value!r}: expected an int")
    return _k.category_index(value)


def category_histogram(k: int = 7) -> dict[str, int]:
    """Number of hands of each category among all k-card hands (k = 5 or 7), strongest first.

    k = 7 visits all 133,784,560 hands in C (a fraction of a second)."""
    return _k.category_histogram(k)


def category_histogram7() -> dict[str, int]:
    """``category_histogram(7)``."""
    return _k.category_histogram(7)


def value_histogram(k: int = 7) -> np.ndarray:
    """Number of k-card hands (k = 5 or 7) of each value, indexed by value."""
    return _k.value_histogram(k)


_RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
               "queen", "king", "ace")
_PLURAL = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces")


def best_five(cards: CardsLike) -> list[Card]:
    """The five cards (of 5..7) that make the hand's value, strongest first."""
    from itertools import combinations

    ids = _card_ids(cards)
    value = evaluate(ids)
    for sub in combinations(ids, 5):
        if _k.evaluate(list(sub)) == value:
            counts: dict[int, int] = {}
            for c in sub:
                counts[c >> 2] = counts.get(c >> 2, 0) + 1
            order = sorted(sub, key=lambda c: (counts[c >> 2], c >> 2, c & 3), reverse=True)
            if category(value) in ("straight", "straight flush") and order[0] >> 2 == 12 and \
                    order[1] >> 2 == 3:
                order = order[1:] + order[:1]  # the wheel: the ace plays low
            return [Card(c) for c in order]
    raise AssertionError("unreachable: some five cards make the value")  # pragma: no cover


def describe(cards: CardsLike) -> str:
    """A short English name of the hand, e.g. ``"full house, kings full of twos"``."""
    five = best_five(cards)
    cat = category(evaluate(five))
    r = [int(c) >> 2 for c in five]
    if cat in ("straight", "straight flush"):
        if cat == "straight flush" and r[0] == 12:
            return "royal flush"
        return f"{cat}, {_RANK_NAMES[r[0]]} high"
    if cat == "four of a kind":
        return f"four of a kind, {_PLURAL[r[0]]}"
    if cat == "full house":
        return f"full house, {_PLURAL[r[0]]} full of {_PLURAL[r[3]]}"
    if cat == "three of a kind":
        return f"three of a kind, {_PLURAL[r[0]]}"
    if cat == "two pair":
        return f"two pair, {_PLURAL[r[0]]} and {_PLURAL[r[2]]}"
    if cat == "pair":
        return f"pair of {_PLURAL[r[0]]}"
    return f"{cat}, {_RANK_NAMES[r[0]]} high"


# ---------------------------------------------------------------- equity

@dataclass(frozen=True)
class EquityResult:
    """Outcome counts per hand over ``total`` boards (exact) or samples (Monte Carlo).

    ``wins[i]``: boards hand i wins alone; ``ties[i]``: boards it shares the best hand;
    ``losses[i]``: the rest; ``equity[i]``: its expected share of the pot (ties split).
    """

    equity: tuple[float, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    losses: tuple[int, ...]
    total: int
    exact: bool

    @property
    def win_rate(self) -> tuple[float, ...]:
        return tuple(w / self.total for w in self.wins) if self.total else ()

    @property
    def tie_rate(self) -> tuple[float, ...]:
        return tuple(t / self.total for t in self.ties) if self.total else ()


def _prepare(hands, board, dead) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise CardError(f"equity: hands {hands!r}: expected a list of two-card hands")
    hand_ids = [_card_ids(h, "hand") for h in hands]
    if not 2 <= len(hand_ids) <= MAX_PLAYERS:
        raise CardError(f"equity: expected 2..{MAX_PLAYERS} hands, got {len(hand_ids)}")
    for h in hand_ids:
        if len(h) != 2:
            raise CardError(f"equity: hand {format_cards(h)!r} must have exactly 2 cards")
    b = _card_ids(board, "board")
    d = _card_ids(dead, "dead cards")
    if len(b) not in (0, 3, 4, 5):
        raise CardError(f"equity: board {format_cards(b)!r} must have 0, 3, 4 or 5 cards, "
                        f"got {len(b)}")
    _check_disjoint([(f"hand {i + 1}", h) for i, h in enumerate(hand_ids)]
                    + [("board", b), ("dead cards", d)])
    if 52 - 2 * len(hand_ids) - len(b) - len(d) < 5 - len(b):
        raise CardError("equity: not enough cards left to complete the board")
    return (np.array(hand_ids, dtype=np.uint8).reshape(-1, 2), np.array(b, dtype=np.uint8),
            np.array(d, dtype=np.uint8))


def _check_disjoint(groups: Sequence[tuple[str, list[int]]]) -> None:
    seen: dict[int, str] = {}
    for what, ids in groups:
        for c in ids:
            if c in seen:
                where = seen[c] if seen[c] != what else f"the same {what}"
                raise CardError(f"equity: card {Card(c)} appears twice ({where} and {what})")
            seen[c] = what


def _check_samples(samples, seed) -> tuple[int | None, int]:
    if samples is not None:
        if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)):
            raise CardError(f"equity: samples={samples!r}: expected a positive int or None")
        if samples < 1:
            raise CardError(f"equity: samples={samples!r}: must be at least 1")
    if seed is None:
        seed = fresh_seed()
    elif isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise CardError(f"equity: seed={seed!r}: expected an int or None")
    return (None if samples is None else int(samples)), int(seed) & ((1 << 64) - 1)


def _finish(raw, exact: bool) -> EquityResult:
    wins, ties, shares, total = raw
    losses = tuple(total - w - t for w, t in zip(wins, ties))
    eq = tuple(s / (_SHARE_UNIT * total) if total else 0.0 for s in shares)
    return EquityResult(eq, tuple(wins), tuple(ties), losses, int(total), exact)


def equity_detail(hands, board: CardsLike = (), dead: CardsLike = (), *,
                  samples: int | None = None, seed: int | None = None) -> EquityResult:
    """Win/tie/loss counts and equity of each two-card hand (see ``equity``)."""
    h, b, d = _prepare(hands, board, dead)
    samples, seed = _check_samples(samples, seed)
    if samples is None:
        return _finish(_k.equity_exact(h, b, d), True)
    return _finish(_k.equity_sample(h, b, d, samples, seed), False)


def equity(hands, board: CardsLike = (), dead: CardsLike = (), *,
           samples: int | None = None, seed: int | None = None) -> list[float]:
    """Each hand's share of the pot: exact over every board when ``samples`` is None, else a
    seeded Monte Carlo estimate over ``samples`` random boards. Ties share the pot.

    ``hands`` is a list of 2..10 two-card hands (``["AhKh", "QsQd"]``); ``board`` 0, 3, 4 or
    5 known cards; ``dead`` cards that are out of play. Exact AhKh vs QsQd preflop (1,712,304
    boards) takes a few milliseconds.
    """
    return list(equity_detail(hands, board, dead, samples=samples, seed=seed).equity)


# ---------------------------------------------------------------- hand ranges

_TOKEN = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$")
_SPAN = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)$")


def _combos_of(hi: int, lo: int, kind: str) -> list[tuple[int, int]]:
    """Combos of ranks hi, lo (hi >= lo); kind 's', 'o' or '' (both)."""
    out = []
    if hi == lo:
        for s1 in range(4):
            for s2 in range(s1 + 1, 4):
                out.append((hi * 4 + s2, hi * 4 + s1))
        return out
    for s1 in range(4):
        for s2 in range(4):
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append((hi * 4 + s1, lo * 4 + s2))
    return out


def _rank_pair(a: str, b: str, token: str) -> tuple[int, int]:
    r1, r2 = RANKS.index(a), RANKS.index(b)
    if r1 < r2:
        raise CardError(f"range token {token!r}: write the higher rank first")
    return r1, r2


def _parse_token(token: str) -> list[tuple[int, int]]:
    t = token.strip()
    if not t:
        return []
    norm = t[:2].upper() + t[2:].lower() if len(t) >= 2 else t.upper()
    norm = norm.replace("10", "T")
    if t.lower() in ("any", "random", "*"):
        return [(a, b) for a in range(51, -1, -1) for b in range(a - 1, -1, -1)]
    if t.endswith("%"):
        try:
            pct = float(t[:-1])
        except ValueError:
            raise CardError(f"range token {token!r}: bad percentage") from None
        if not 0 < pct <= 100:
            raise CardError(f"range token {token!r}: percentage must be in (0, 100]")
        return top_fraction(pct / 100.0)
    m = _TOKEN.match(norm)
    if m:
        hi, lo = _rank_pair(m.group(1), m.group(2), token)
        kind, plus = m.group(3), m.group(4)
        if hi == lo and kind:
            raise CardError(f"range token {token!r}: a pair is neither suited nor offsuit")
        if not plus:
            return _combos_of(hi, lo, kind)
        out = []
        if hi == lo:
            for r in range(hi, 13):
                out += _combos_of(r, r, "")
        else:
            for r in range(lo, hi):
                out += _combos_of(hi, r, kind)
        return out
    m = _SPAN.match(norm.upper().replace("S", "s").replace("O", "o")) if "-" in norm else None
    if m:
        h1, l1 = _rank_pair(m.group(1), m.group(2), token)
        h2, l2 = _rank_pair(m.group(4), m.group(5), token)
        k1, k2 = m.group(3), m.group(6)
        if k1 != k2:
            raise CardError(f"range token {token!r}: both ends must have the same suitedness")
        if h1 == l1 and h2 == l2:  # pairs "22-55"
            lo_r, hi_r = sorted((h1, h2))
            return [c for r in range(lo_r, hi_r + 1) for c in _combos_of(r, r, "")]
        if h1 == h2:  # same top card: "A5s-A2s"
            lo_r, hi_r = sorted((l1, l2))
            if hi_r >= h1:
                raise CardError(f"range token {token!r}: kicker must be below the top rank")
            return [c for r in range(lo_r, hi_r + 1) for c in _combos_of(h1, r, k1)]
        if h1 - l1 == h2 - l2:  # same gap: "T9s-76s"
            lo_r, hi_r = sorted((l1, l2))
            gap = h1 - l1
            return [c for r in range(lo_r, hi_r + 1) for c in _combos_of(r + gap, r, k1)]
        raise CardError(f"range token {token!r}: the two ends must share the top rank or the gap")
    # an explicit combo such as "AhKh"
    try:
        ids = _card_ids(t, "range combo")
    except CardError:
        ids = []
    if len(ids) == 2 and ids[0] != ids[1]:
        return [(max(ids), min(ids))]
    raise CardError(f"range token {token!r}: expected e.g. 'QQ+', 'AKs', 'AJo+', 'T9s-76s', "
                    "'22-55', 'AhKh', '15%' or 'any'")


def parse_range(text: str | Iterable) -> list[tuple[Card, Card]]:
    """The two-card combos of a range such as ``"QQ+, AKs, T9s-76s, AJo+, 22-55, AhKh, 10%"``.

    Each combo is (higher card, lower card); duplicates are listed once. ``"any"`` is all 1,326
    combos and ``"N%"`` the strongest N% of starting hands (by equity against a random hand).
    An iterable of two-card hands is accepted as well.
    """
    combos: list[tuple[int, int]] = []
    if isinstance(text, str):
        for token in re.split(r"[,\s]+", text.strip()):
            combos += _parse_token(token)
    else:
        for item in text:
            ids = _card_ids(item, "range combo")
            if len(ids) != 2 or ids[0] == ids[1]:
                raise CardError(f"range combo {item!r}: expected two different cards")
            combos.append((max(ids), min(ids)))
    seen: set[tuple[int, int]] = set()
    out = []
    for c in combos:
        if c not in seen:
            seen.add(c)
            out.append((Card(c[0]), Card(c[1])))
    if not out:
        raise CardError(f"range {text!r}: no combos")
    return out


def hand_class(c1: int, c2: int) -> str:
    """The 169-class name of a two-card hand: ``"AA"``, ``"AKs"``, ``"T9o"``."""
    r1, r2 = sorted((int(c1) >> 2, int(c2) >> 2), reverse=True)
    if r1 == r2:
        return RANKS[r1] * 2
    return RANKS[r1] + RANKS[r2] + ("s" if (int(c1) & 3) == (int(c2) & 3) else "o")


# Equity of each starting-hand class against one random hand, heads-up to the river, from
# ``compute_preflop_strength(samples=60000)`` (Monte Carlo, standard error about 0.002).
_PREFLOP_EQUITY: dict[str, float] = {
    "AA": 0.8511, "AKs": 0.6666, "AKo": 0.6538, "AQs": 0.6646, "AQo": 0.6478, "AJs": 0.6573,
    "AJo": 0.6378, "ATs": 0.6450, "ATo": 0.6282, "A9s": 0.6268, "A9o": 0.6074, "A8s": 0.6196,
    "A8o": 0.5957, "A7s": 0.6076, "A7o": 0.5897, "A6s": 0.6009, "A6o": 0.5789, "A5s": 0.6004,
    "A5o": 0.5750, "A4s": 0.5906, "A4o": 0.5657, "A3s": 0.5842, "A3o": 0.5587, "A2s": 0.5756,
    "A2o": 0.5493, "KK": 0.8255, "KQs": 0.6359, "KQo": 0.6146, "KJs": 0.6288, "KJo": 0.6053,
    "KTs": 0.6191, "KTo": 0.5991, "K9s": 0.5994, "K9o": 0.5808, "K8s": 0.5843, "K8o": 0.5606,
    "K7s": 0.5721, "K7o": 0.5532, "K6s": 0.5692, "K6o": 0.5424, "K5s": 0.5575, "K5o": 0.5295,
    "K4s": 0.5480, "K4o": 0.5229, "K3s": 0.5395, "K3o": 0.5173, "K2s": 0.5289, "K2o": 0.5034,
    "QQ": 0.8039, "QJs": 0.6014, "QJo": 0.5840, "QTs": 0.5976, "QTo": 0.5739, "Q9s": 0.5774,
    "Q9o": 0.5537, "Q8s": 0.5621, "Q8o": 0.5388, "Q7s": 0.5452, "Q7o": 0.5157, "Q6s": 0.5381,
    "Q6o": 0.5085, "Q5s": 0.5281, "Q5o": 0.5004, "Q4s": 0.5199, "Q4o": 0.4932, "Q3s": 0.5079,
    "Q3o": 0.4820, "Q2s": 0.4983, "Q2o": 0.4759, "JJ": 0.7737, "JTs": 0.5776, "JTo": 0.5533,
    "J9s": 0.5575, "J9o": 0.5341, "J8s": 0.5422, "J8o": 0.5161, "J7s": 0.5262, "J7o": 0.4964,
    "J6s": 0.5038, "J6o": 0.4752, "J5s": 0.4983, "J5o": 0.4711, "J4s": 0.4901, "J4o": 0.4647,
    "J3s": 0.4854, "J3o": 0.4560, "J2s": 0.4756, "J2o": 0.4424, "TT": 0.7503, "T9s": 0.5382,
    "T9o": 0.5164, "T8s": 0.5218, "T8o": 0.4972, "T7s": 0.5064, "T7o": 0.4768, "T6s": 0.4877,
    "T6o": 0.4594, "T5s": 0.4698, "T5o": 0.4433, "T4s": 0.4681, "T4o": 0.4367, "T3s": 0.4543,
    "T3o": 0.4265, "T2s": 0.4485, "T2o": 0.4168, "99": 0.7193, "98s": 0.5057, "98o": 0.4811,
    "97s": 0.4879, "97o": 0.4629, "96s": 0.4743, "96o": 0.4442, "95s": 0.4572, "95o": 0.4249,
    "94s": 0.4373, "94o": 0.4052, "93s": 0.4346, "93o": 0.4010, "92s": 0.4262, "92o": 0.3907,
    "88": 0.6897, "87s": 0.4798, "87o": 0.4501, "86s": 0.4646, "86o": 0.4336, "85s": 0.4486,
    "85o": 0.4152, "84s": 0.4249, "84o": 0.3938, "83s": 0.4087, "83o": 0.3743, "82s": 0.4026,
    "82o": 0.3695, "77": 0.6639, "76s": 0.4552, "76o": 0.4227, "75s": 0.4351, "75o": 0.4039,
    "74s": 0.4204, "74o": 0.3829, "73s": 0.4016, "73o": 0.3655, "72s": 0.3807, "72o": 0.3428,
    "66": 0.6349, "65s": 0.4307, "65o": 0.3990, "64s": 0.4105, "64o": 0.3796, "63s": 0.3918,
    "63o": 0.3634, "62s": 0.3775, "62o": 0.3405, "55": 0.6046, "54s": 0.4136, "54o": 0.3820,
    "53s": 0.3986, "53o": 0.3599, "52s": 0.3816, "52o": 0.3465, "44": 0.5690, "43s": 0.3887,
    "43o": 0.3498, "42s": 0.3663, "42o": 0.3311, "33": 0.5369, "32s": 0.3582, "32o": 0.3216,
    "22": 0.5026,
}


def preflop_strength() -> dict[str, float]:
    """Equity of each of the 169 starting-hand classes (``"AA"``, ``"AKs"``, ``"72o"``)
    against one random hand (a stored table; see ``compute_preflop_strength``)."""
    return dict(_PREFLOP_EQUITY)


def compute_preflop_strength(samples: int = 4000, seed: int = 12345) -> dict[str, float]:
    """Recompute the ``preflop_strength`` table by Monte Carlo (``samples`` per class)."""
    out = {}
    any_hand = np.array([(a, b) for a in range(52) for b in range(a)], dtype=np.uint8)
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            for kind in (("",) if hi == lo else ("s", "o")):
                a, b = _combos_of(hi, lo, kind)[0]
                combos = np.concatenate([np.array([[a, b]], dtype=np.uint8), any_hand])
                cum = np.concatenate([[1.0], np.arange(1, len(any_hand) + 1, dtype=np.float64)])
                off = np.array([0, 1, len(combos)], dtype=np.int64)
                w, t, s, tot = _k.equity_ranges(combos, cum, off, np.zeros(0, np.uint8),
                                                np.zeros(0, np.uint8), samples,
                                                seed + hi * 13 + lo)
                name = RANKS[hi] + RANKS[lo] + kind if hi != lo else RANKS[hi] * 2
                out[name] = s[0] / (_SHARE_UNIT * tot)
    return out


@cache
def _ranked_classes() -> tuple[tuple[str, int], ...]:
    st = preflop_strength()
    order = sorted(st, key=lambda n: -st[n])
    return tuple((n, 6 if len(n) == 2 else (4 if n[2] == "s" else 12)) for n in order)


def top_fraction(fraction: float) -> list[tuple[int, int]]:
    """Combos of the strongest ``fraction`` (0..1] of starting hands (at least one class)."""
    target = fraction * 1326
    out: list[tuple[int, int]] = []
    for name, n in _ranked_classes():
        if out and len(out) + n / 2 > target:
            break
        hi, lo = RANKS.index(name[0]), RANKS.index(name[1])
        out += _combos_of(hi, lo, name[2:] if len(name) == 3 else "")
    return out


def range_equity(players, board: CardsLike = (), dead: CardsLike = (), *,
                 samples: int = 20000, seed: int | None = None,
                 weights: Sequence[Sequence[float] | None] | None = None) -> EquityResult:
    """Monte Carlo equity of players who each hold a known hand or a range.

    Each player is a two-card hand (``"AhKh"``), a range text (``"QQ+, AKs"``), or a list of
    combos. ``weights`` (optional, one list per player or None) weights that player's combos.
    Each sample deals every player a combo consistent with the cards already out, then the
    board. Raises ``CardError`` when the ranges cannot be dealt together.
    """
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise CardError(f"range_equity: players {players!r}: expected a list")
    players = list(players)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise CardError(f"range_equity: expected 2..{MAX_PLAYERS} players, got {len(players)}")
    b = _card_ids(board, "board")
    d = _card_ids(dead, "dead cards")
    if len(b) not in (0, 3, 4, 5):
        raise CardError(f"range_equity: board must have 0, 3, 4 or 5 cards, got {len(b)}")
    _check_disjoint([("board", b), ("dead cards", d)])
    out_cards = set(b) | set(d)
    samples_i, seed_i = _check_samples(samples, seed)
    if samples_i is None:
        raise CardError("range_equity: samples must be a positive int")
    rows: list[tuple[int, int]] = []
    cum: list[float] = []
    offsets = [0]
    for i, p in enumerate(players):
        combos = _player_combos(p)
        w = None if weights is None else weights[i]
        if w is not None and len(w) != len(combos):
            raise CardError(f"range_equity: player {i}: {len(w)} weights for {len(combos)} "
                            "combos")
        acc = 0.0
        n0 = len(rows)
        scale = 1.0 if w is None else _weight_scale(w, i)
        for j, (c0, c1) in enumerate(combos):
            if c0 in out_cards or c1 in out_cards:
                continue
            wt = 1.0 if w is None else float(w[j]) / scale
            if wt == 0.0:
                continue
            acc += wt
            rows.append((c0, c1))
            cum.append(acc)
        if len(rows) == n0:
            raise CardError(f"range_equity: player {i} has no combo left given the board and "
                            "dead cards")
        offsets.append(len(rows))
    raw = _k.equity_ranges(np.array(rows, dtype=np.uint8), np.array(cum, dtype=np.float64),
                           np.array(offsets, dtype=np.int64), np.array(b, dtype=np.uint8),
                           np.array(d, dtype=np.uint8), samples_i, seed_i)
    if raw[3] < samples_i:
        raise CardError("range_equity: the ranges conflict too often to be dealt together")
    return _finish(raw, False)


def _weight_scale(weights, player: int) -> float:
    """The largest of one player's weights (they are divided by it, so that sums stay finite);
    non-numbers, negative and non-finite weights raise ``CardError``."""
    top = 0.0
    for x in weights:
        try:
            v = float(x)
        except (TypeError, ValueError):
            raise CardError(f"range_equity: player {player}: weight {x!r} is not a "
                            "number") from None
        if not (math.isfinite(v) and v >= 0.0):
            raise CardError(f"range_equity: player {player}: weight {x!r}: weights must be "
                            "finite and >= 0")
        top = max(top, v)
    if top == 0.0:
        raise CardError(f"range_equity: player {player}: every weight is 0")
    return top


def _player_combos(p) -> list[tuple[int, int]]:
    if isinstance(p, str):
        try:
            ids = _card_ids(p, "hand")
        except CardError:
            ids = []
        if len(ids) == 2 and ids[0] != ids[1]:
            return [(ids[0], ids[1])]
        return [(int(a), int(b)) for a, b in parse_range(p)]
    items = list(p)
    if len(items) == 2 and all(isinstance(x, (int, Card, np.integer)) for x in items):
        ids = _card_ids(items, "hand")
        if ids[0] == ids[1]:
            raise CardError(f"hand {items!r}: repeated card")
        return [(ids[0], ids[1])]
    return [(int(a), int(b)) for a, b in parse_range(items)]


__all__ = [
    "CATEGORIES", "NUM_VALUES", "EquityResult", "best_five", "category", "category_histogram",
    "category_histogram7", "category_index", "describe", "equity", "equity_detail",
    "evaluate", "evaluate_many", "hand_class", "parse_range", "preflop_strength",
    "range_equity", "top_fraction", "value_histogram", "compute_preflop_strength",
]
