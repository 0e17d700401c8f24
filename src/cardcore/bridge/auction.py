"""The bridge auction: calls and the rules that order them.

Calls are strings in canonical form: ``"pass"``, ``"X"`` (double), ``"XX"`` (redouble) and the
35 bids ``"1C" .. "7NT"`` (strains ``C < D < H < S < NT``). ``parse_call`` accepts the usual
aliases (``"p"``, ``"dbl"``, ``"rdbl"``, ``"1N"``, lower case).

An ``Auction`` holds the dealer's seat and the calls made so far; seats are numbered clockwise
0..3 and partners are two apart (in the game S, W, N, E = 0, 1, 2, 3, so N-S are the even seats).
This module reads and writes the calls' notation; the rules are the Bridge step core's
(``cardcore._fast.bridge_step``, twin ``cardcore._ref.bridge_step``), which ``Auction`` asks:

* a bid must be higher than the previous highest bid;
* only an opponent of the last bidder may double, and only an undoubled bid;
* only the side of the last bidder may redouble, and only a doubled bid;
* a higher bid cancels a double or redouble;
* four passes with no bid pass the deal out; three passes in a row after a bid, double or
  redouble end the auction (a double or redouble restarts the count of passes);
* the declarer is the first player of the winning side to have named the contract's strain.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import IllegalAction, quote
from .seats import BID_STRAINS, SUITS

STRAIN_NAMES = BID_STRAINS
BIDS: tuple[str, ...] = tuple(f"{lvl}{s}" for lvl in range(1, 8) for s in STRAIN_NAMES)
CALLS: tuple[str, ...] = ("pass", "X", "XX") + BIDS
_BID_INDEX = {b: i for i, b in enumerate(BIDS)}
#: a call's action id in the step core (``CALLS`` is in id order: pass, X, XX, 1C .. 7NT)
_CALL_INDEX = {c: i for i, c in enumerate(CALLS)}
_AUCTION = 0    # the step core's auction phase

_ALIASES = {
    "pass": "pass", "p": "pass", "-": "pass", "passe": "pass",
    "x": "X", "dbl": "X", "double": "X", "d": "X",
    "xx": "XX", "rdbl": "XX", "redouble": "XX", "r": "XX", "redbl": "XX",
}
_SUIT_SYMBOLS = dict(zip("\u2663\u2666\u2665\u2660", SUITS))  # the symbols of clubs .. spades


def parse_call(text: str) -> str:
    """The canonical form of a call (``"1n"`` -> ``"1NT"``, ``"dbl"`` -> ``"X"``); raises
    ``IllegalAction`` for anything that is not a call."""
    if not isinstance(text, str):
        raise IllegalAction(f"call {quote(text, 120)}: expected a string such as '1NT', 'X', "
                            "'pass'")
    key = "".join(text.split())
    low = key.lower()
    if low in _ALIASES:
        return _ALIASES[low]
    for sym, letter in _SUIT_SYMBOLS.items():
        key = key.replace(sym, letter)
    up = key.upper()
    if up.endswith("N") and len(up) == 2:
        up += "T"
    if up in _BID_INDEX:
        return up
    raise IllegalAction(
        f"call {text!r}: not a bridge call (expected pass, X, XX or a bid 1C..7NT)"
    )


def bid_index(bid: str) -> int:
    """Rank of a bid, 0 (1C) .. 34 (7NT)."""
    return _BID_INDEX[bid]


def bid_level(bid: str) -> int:
    return int(bid[0])


def bid_strain(bid: str) -> str:
    """``"C" "D" "H" "S"`` or ``"N"`` (the solver's strain letters)."""
    return bid[1]


def is_bid(call: str) -> bool:
    return call in _BID_INDEX


class Auction:
    """An auction in progress: ``Auction(dealer, calls)``. Cheap to rebuild from its calls.

    ``calls`` is the list of canonical call texts; every fact read from it (the last bid, the
    status, who declares, which calls are legal) comes from the Bridge step core's auction
    (``cardcore._fast.bridge_step.auction``), the one definition of the rules above."""

    __slots__ = ("dealer", "calls", "_memo")

    def __init__(self, dealer: int = 0, calls: Iterable[str] = ()) -> None:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise IllegalAction(f"dealer {dealer!r}: expected a seat 0..3")
        self.dealer = dealer
        self.calls: list[str] = []
        self._memo: tuple[list[str], Any] | None = None
        for c in calls:
            self.add(c)

    def _core(self) -> Any:
        """The step core holding ``calls`` (kept while the calls only grow)."""
        calls = self.calls
        memo = self._memo
        if memo is not None:
            known, core = memo
            n = len(known)
            if len(calls) >= n and calls[:n] == known:
                for c in calls[n:]:
                    i = _call_id(c)
                    if not core.is_legal(i):
                        break
                    core.apply(i)
                    known.append(c)
                else:
                    return core
        core = _k().auction(self.dealer, [_call_id(c) for c in calls])
        self._memo = (list(calls), core)
        return core

    # ---------------------------------------------------------------- derived facts
    def seat_of(self, i: int) -> int:
        """The seat that made call number ``i``."""
        return (self.dealer + i) % 4

    @property
    def next_seat(self) -> int | None:
        return None if self.is_over else self.seat_of(len(self.calls))

    @property
    def last_bid(self) -> str | None:
        b = self._core().last_bid
        return None if b < 0 else BIDS[b]

    @property
    def last_bidder(self) -> int | None:
        s = self._core().last_bidder
        return None if s < 0 else s

    @property
    def doubled(self) -> int:
        """0, 1 (doubled) or 2 (redoubled): the status of the current highest bid."""
        return self._core().doubled_now

    @property
    def passes_at_end(self) -> int:
        return self._core().passes

    @property
    def is_over(self) -> bool:
        return self._core().phase != _AUCTION

    @property
    def passed_out(self) -> bool:
        return self._core().passed_out

    @property
    def contract(self) -> str | None:
        """``"4S"``, ``"3NTX"``, ``"2CXX"`` once the auction is over with a bid, else ``None``."""
        c = self._core().contract()
        return None if c is None else BIDS[5 * (c[0] - 1) + c[1]] + "X" * c[2]

    @property
    def declarer(self) -> int | None:
        """The seat of the declarer once the auction has ended with a contract."""
        d = self._core().declarer
        return None if d < 0 else d

    # ---------------------------------------------------------------- legality
    def legal_calls(self) -> list[str]:
        """Legal calls now, in the order pass, X, XX, then the bids upward."""
        core = self._core()
        if core.phase != _AUCTION:
            return []
        return [CALLS[i] for i in core.legal_ids()]

    def why_illegal(self, call: str) -> str | None:
        """``None`` if ``call`` (canonical) is legal now, else the reason (in words; the core
        decides what is legal)."""
        core = self._core()
        if core.phase != _AUCTION:
            return "the auction is over"
        if call not in _CALL_INDEX:
            return "not a call"
        if core.is_legal(_CALL_INDEX[call]):
            return None
        last = self.last_bid
        if call in _BID_INDEX:
            return f"a bid must be higher than {last}"
        if last is None:
            return f"there is no bid to {'double' if call == 'X' else 'redouble'}"
        status = core.doubled_now
        own = core.current_player % 2 == core.last_bidder % 2
        if call == "X":
            if own:
                return "only an opponent of the last bidder may double"
            return f"{last} is already {'doubled' if status == 1 else 'redoubled'}"
        if status != 1:
            return f"{last} is not doubled" if status == 0 else f"{last} is already redoubled"
        return "only the side that made the bid may redouble"

    def add(self, call: str) -> str:
        """Make ``call`` (any accepted spelling) for the seat to act; returns its canonical form.
        Raises ``IllegalAction`` (and changes nothing) when it is not legal."""
        c = parse_call(call)
        why = self.why_illegal(c)
        if why:
            raise IllegalAction(f"call {call!r}: illegal now: {why}")
        self.calls.append(c)
        return c

    def copy(self) -> Auction:
        new = Auction(self.dealer)
        new.calls = list(self.calls)
        return new

    def __repr__(self) -> str:
        return f"Auction(dealer={self.dealer}, calls={self.calls!r})"


def _call_id(call: str) -> int:
    """The step core's id of a canonical call text."""
    try:
        return _CALL_INDEX[call]
    except (KeyError, TypeError):
        raise IllegalAction(f"call {call!r}: not a canonical call (pass, X, XX, 1C..7NT)") \
            from None


def _k() -> Any:
    """The Bridge step kernel (compiled, or its twin under ``CARDCORE_BACKEND=ref``)."""
    from .._backend import kernel

    return kernel("bridge_step")


__all__ = ["Auction", "BIDS", "CALLS", "STRAIN_NAMES", "parse_call", "bid_index", "bid_level",
           "bid_strain", "is_bid"]
