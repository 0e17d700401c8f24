"""Declared options: each game lists its options with a default, a type, the allowed values
or range and a one-line help; ``new_game`` checks every option against its declaration and
raises ``OptionError`` naming the option and what is allowed. The AIs declare theirs the same
way (``OPTIONS``, checked by ``cardcore.agents.strength.check_options``).

>>> first = Option("seat", None, "the seat that bids first", low=0, high=2, none=True)
>>> first.check("first", 2), first.check("first", None)
(2, None)
>>> first.check("first", 3)
Traceback (most recent call last):
...
cardcore.errors.OptionError: option first=3: expected a seat 0..2 or None
>>> first.describe()
'a seat 0..2 or None (default None): the seat that bids first'
"""

from __future__ import annotations

import itertools
import math
import numbers
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError, quote

KINDS = ("bool", "int", "seat", "str", "ints", "number")


def is_bool(value: Any) -> bool:
    """Whether ``value`` is a bool of any kind: Python's, or numpy's ``bool_`` (whatever the numpy
    version: before numpy 2.3 ``operator.index`` reads ``np.True_`` as 1 with only a
    deprecation warning). A bool is never read as an int action, option or seat."""
    if isinstance(value, bool):
        return True
    np = sys.modules.get("numpy")        # not loaded: no numpy value can exist
    return np is not None and isinstance(value, np.bool_)


def as_int(value: Any) -> int | None:
    """``value`` as a plain int when it is an integer (numpy integers included), else None
    (bools of every kind included)."""
    if type(value) is int:
        return value
    if is_bool(value) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


@dataclass(frozen=True)
class Option:
    """One declared option.

    ``kind``: ``"bool"``, ``"int"``, ``"seat"`` (an int seat number), ``"str"``, ``"ints"`` (a
    list of ints of ``length`` items) or ``"number"`` (a finite real number, stored as a
    float); ``low``/``high`` bound ints (each item of ``"ints"``) and numbers;
    ``choices`` the allowed strings (compared without case); ``none``: ``None`` is allowed
    (the game's own default behaviour, e.g. a seat drawn at random); ``parse`` turns other
    accepted forms into the declared one (e.g. Bridge's dealer given as ``"N"``); ``also``
    names those other forms in ``allowed()``.
    """

    kind: str
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] | None = None
    length: int | None = None
    none: bool = False
    parse: Callable[[Any], Any] | None = None
    also: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option kind {self.kind!r}: expected one of {KINDS}")

    # ------------------------------------------------------------ describing
    def allowed(self) -> str:
        """What is allowed, in words (used in error messages and listings)."""
        if self.kind == "bool":
            text = "true or false"
        elif self.kind in ("int", "seat"):
            word = "a seat" if self.kind == "seat" else "a whole number"
            text = f"{word} {self._range()}".rstrip()
        elif self.kind == "str":
            text = ("one of " + ", ".join(self.choices)) if self.choices else "a string"
        elif self.kind == "number":
            text = f"a number {self._range()}".rstrip()
        else:
            n = f"{self.length} " if self.length else ""
            text = f"a list of {n}whole numbers {self._range()}".rstrip()
        if self.also:
            text += f" ({self.also})"
        return text + (" or None" if self.none else "")

    def _range(self) -> str:
        low, high = (None if v is None else f"{v:g}" if isinstance(v, float) else str(v)
                     for v in (self.low, self.high))
        if low is not None and high is not None:
            return f"{low}..{high}"
        if low is not None:
            return f">= {low}"
        if high is not None:
            return f"<= {high}"
        return ""

    def describe(self) -> str:
        return f"{self.allowed()} (default {self.default!r}): {self.help}"

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "default": self.default, "allowed": self.allowed(),
                "help": self.help}

    # ------------------------------------------------------------ checking
    def check(self, name: str, value: Any) -> Any:
        """The value in its stored form, or ``OptionError`` naming ``name`` and what is
        allowed."""
        if value is None:
            if self.none:
                return None
            raise self._error(name, value)
        if self.parse is not None:
            try:
                value = self.parse(value)
            except (TypeError, ValueError, KeyError, AttributeError):  # OptionError included
                raise self._error(name, value) from None
        kind = self.kind
        if kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._error(name, value)
        if kind in ("int", "seat"):
            v = as_int(value)
            if v is None or not self._in_range(v):
                raise self._error(name, value)
            return v
        if kind == "number":
            if is_bool(value) or not isinstance(value, numbers.Real):
                raise self._error(name, value)
            try:
                x = float(value)
            except OverflowError:
                raise self._error(name, value) from None
            if not math.isfinite(x) or not self._in_range(x):
                raise self._error(name, value)
            return x
        if kind == "str":
            if not isinstance(value, str):
                raise self._error(name, value)
            if self.choices is None:
                return value
            low = value.strip().lower()
            for c in self.choices:
                if c.lower() == low:
                    return c
            raise self._error(name, value)
        # ints
        if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
            raise self._error(name, value)
        # (an object that says it iterates and does not, a 0-d array say, is refused; a list of
        # a fixed length is read one item past it, so an endless iterator is refused too)
        try:
            items = [as_int(v) for v in (value if self.length is None
                                         else itertools.islice(value, self.length + 1))]
        except TypeError:
            raise self._error(name, value) from None
        if (any(v is None or not self._in_range(v) for v in items)
                or (self.length is not None and len(items) != self.length)):
            raise self._error(name, value)
        return items

    def _in_range(self, v: float) -> bool:
        return (self.low is None or v >= self.low) and (self.high is None or v <= self.high)

    def _error(self, name: str, value: Any) -> OptionError:
        return OptionError(f"option {name}={quote(value)}: expected {self.allowed()}")


#: the level ranks of the games played by levels (Guandan, Tractor), in their stored form
LEVEL_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
_LEVEL_WORDS = {**{r: r for r in LEVEL_RANKS}, **{r.lower(): r for r in LEVEL_RANKS}, "10": "T"}
_LEVEL_ALLOWED = "a rank 2..9, T or 10, J, Q, K or A (a number names its rank)"


def level_rank(value: Any) -> str:
    """A level rank in its stored form ``"2".."9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``.

    Read: those texts in any case (``"10"`` for the ten), and a whole number 2..10 (numpy
    integers included) naming the rank it is: ``2`` is the two, ``10`` the ten, never an index.
    Anything else, bools included, raises ``OptionError`` naming the value.

    >>> [level_rank(v) for v in ("2", "t", "10", 10, 7, " q ")]
    ['2', 'T', 'T', 'T', '7', 'Q']
    >>> level_rank(11)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardcore.errors.OptionError: level 11: expected a rank 2..9, T or 10, J, Q, K or A (...)
    """
    n = as_int(value)
    if n is not None:
        if 2 <= n <= 10:
            return LEVEL_RANKS[n - 2]
    elif isinstance(value, str):
        rank = _LEVEL_WORDS.get(value.strip())
        if rank is not None:
            return rank
    raise OptionError(f"level {quote(value)}: expected {_LEVEL_ALLOWED}")


#: the exact ``str`` and ``int`` spellings of a level and their rank indexes, for one lookup
#: before ``parse_level`` (any other form goes through ``parse_level``, which reads the same)
LEVEL_INDEX: dict[Any, int] = {**{w: LEVEL_RANKS.index(r) for w, r in _LEVEL_WORDS.items()},
                               **{n: n - 2 for n in range(2, 11)}}


def parse_level(value: Any) -> int:
    """A level (as ``level_rank`` reads it) as its rank index 0..12 (``"2"`` -> 0, ``"T"`` ->
    8, ``"A"`` -> 12); ``OptionError`` naming the value for anything else. The one level reader
    of the games played by levels (Guandan, Tractor, their options and move functions).

    >>> [parse_level(v) for v in ("2", "t", "10", 10, " A ")]
    [0, 8, 8, 8, 12]
    """
    if type(value) is str or type(value) is int:
        lv = LEVEL_INDEX.get(value)
        if lv is not None:
            return lv
    return LEVEL_RANKS.index(level_rank(value))


def level_option(help: str) -> Option:
    """The ``level`` option of a game played by levels (default ``"2"``): every form
    ``level_rank`` reads, stored as the rank's letter."""
    return Option("str", "2", help, choices=LEVEL_RANKS, parse=level_rank,
                  also="10 for T; a number 2..10 names its rank")


def single_deal() -> Option:
    """The ``single_deal`` option every match game declares."""
    return Option("bool", False, "play one deal only instead of the whole match")


def check_options(game: str, declared: Mapping[str, Option], given: Mapping[str, Any]
                  ) -> dict[str, Any]:
    """Check ``given`` against ``declared``: unknown names and bad values raise
    ``OptionError``; returns the options in their stored form."""
    out = {}
    for name, value in given.items():
        opt = declared.get(name)
        if opt is None:
            known = ", ".join(declared) if declared else "none"
            raise OptionError(f"option {quote(name)}: {game} has no such option "
                              f"(its options: {known})")
        out[name] = opt.check(name, value)
    return out


__all__ = ["Option", "OptionError", "check_options", "single_deal", "as_int", "is_bool",
           "LEVEL_RANKS", "LEVEL_INDEX", "level_rank", "parse_level", "level_option"]
