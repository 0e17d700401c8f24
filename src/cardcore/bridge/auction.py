"""The bridge auction: calls and the rules that order them.

Calls are strings in canonical form: ``"pass"``, ``"X"`` (double), ``"XX"`` (redouble) and the
35 bids ``"1C" .. "7NT"`` (strains ``C < D < H < S < NT``). ``parse_call`` accepts the usual
aliases (``"p"``, ``"dbl"``, ``"rdbl"``, ``"1N"``, lower case).

An ``Auction`` holds the dealer's seat and the calls made so far; seats are numbered clockwise
0..3 and partners are two apart (in the game S, W, N, E = 0, 1, 2, 3, so N-S are the even seats).
The rules it enforces:

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

from ..errors import IllegalAction
from .seats import BID_STRAINS, SUITS

STRAIN_NAMES = BID_STRAINS
BIDS: tuple[str, ...] = tuple(f"{lvl}{s}" for lvl in range(1, 8) for s in STRAIN_NAMES)
CALLS: tuple[str, ...] = ("pass", "X", "XX") + BIDS
_BID_INDEX = {b: i for i, b in enumerate(BIDS)}

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
        raise IllegalAction(f"call {text!r}: expected a string such as '1NT', 'X', 'pass'")
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
    """An auction in progress: ``Auction(dealer, calls)``. Cheap to rebuild from its calls."""

    __slots__ = ("dealer", "calls")

    def __init__(self, dealer: int = 0, calls: Iterable[str] = ()) -> None:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise IllegalAction(f"dealer {dealer!r}: expected a seat 0..3")
        self.dealer = dealer
        self.calls: list[str] = []
        for c in calls:
            self.add(c)

    # ---------------------------------------------------------------- derived facts
    def seat_of(self, i: int) -> int:
        """The seat that made call number ``i``."""
        return (self.dealer + i) % 4

    @property
    def next_seat(self) -> int | None:
        return None if self.is_over else self.seat_of(len(self.calls))

    def _last_bid_pos(self) -> int | None:
        for i in range(len(self.calls) - 1, -1, -1):
            if self.calls[i] in _BID_INDEX:
                return i
        return None

    @property
    def last_bid(self) -> str | None:
        i = self._last_bid_pos()
        return None if i is None else self.calls[i]

    @property
    def last_bidder(self) -> int | None:
        i = self._last_bid_pos()
        return None if i is None else self.seat_of(i)

    @property
    def doubled(self) -> int:
        """0, 1 (doubled) or 2 (redoubled): the status of the current highest bid."""
        i = self._last_bid_pos()
        if i is None:
            return 0
        status = 0
        for c in self.calls[i + 1:]:
            if c == "X":
                status = 1
            elif c == "XX":
                status = 2
        return status

    @property
    def passes_at_end(self) -> int:
        n = 0
        for c in reversed(self.calls):
            if c != "pass":
                break
            n += 1
        return n

    @property
    def is_over(self) -> bool:
        if self._last_bid_pos() is None:
            return len(self.calls) >= 4
        return self.passes_at_end >= 3

    @property
    def passed_out(self) -> bool:
        return self.is_over and self._last_bid_pos() is None

    @property
    def contract(self) -> str | None:
        """``"4S"``, ``"3NTX"``, ``"2CXX"`` once the auction is over with a bid, else ``None``."""
        bid = self.last_bid
        if not self.is_over or bid is None:
            return None
        return bid + "X" * self.doubled

    @property
    def declarer(self) -> int | None:
        """The seat of the declarer once the auction has ended with a contract."""
        if not self.is_over or self.passed_out:
            return None
        i = self._last_bid_pos()
        assert i is not None
        side = self.seat_of(i) % 2
        strain = bid_strain(self.calls[i])
        for j, c in enumerate(self.calls):
            if c in _BID_INDEX and bid_strain(c) == strain and self.seat_of(j) % 2 == side:
                return self.seat_of(j)
        raise AssertionError("unreachable: the last bid names the strain")

    # ---------------------------------------------------------------- legality
    def legal_calls(self) -> list[str]:
        """Legal calls now, in the order pass, X, XX, then the bids upward."""
        if self.is_over:
            return []
        out = ["pass"]
        i = self._last_bid_pos()
        me = self.seat_of(len(self.calls))     # the seat to call (the auction is not over)
        if i is not None:
            status = self.doubled
            bidder_side = self.seat_of(i) % 2
            if status == 0 and me % 2 != bidder_side:
                out.append("X")
            if status == 1 and me % 2 == bidder_side:
                out.append("XX")
            out.extend(BIDS[_BID_INDEX[self.calls[i]] + 1:])
        else:
            out.extend(BIDS)
        return out

    def why_illegal(self, call: str) -> str | None:
        """``None`` if ``call`` (canonical) is legal now, else the reason."""
        if self.is_over:
            return "the auction is over"
        i = self._last_bid_pos()
        me = self.seat_of(len(self.calls))     # the seat to call (the auction is not over)
        if call == "pass":
            return None
        if call in _BID_INDEX:
            if i is not None and _BID_INDEX[call] <= _BID_INDEX[self.calls[i]]:
                return f"a bid must be higher than {self.calls[i]}"
            return None
        if i is None:
            return f"there is no bid to {'double' if call == 'X' else 'redouble'}"
        status = self.doubled
        own = me % 2 == self.seat_of(i) % 2
        if call == "X":
            if own:
                return "only an opponent of the last bidder may double"
            if status:
                return f"{self.calls[i]} is already {'doubled' if status == 1 else 'redoubled'}"
            return None
        if call == "XX":
            if status != 1:
                return f"{self.calls[i]} is not doubled" if status == 0 else \
                    f"{self.calls[i]} is already redoubled"
            if not own:
                return "only the side that made the bid may redouble"
            return None
        return "not a call"

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


__all__ = ["Auction", "BIDS", "CALLS", "STRAIN_NAMES", "parse_call", "bid_index", "bid_level",
           "bid_strain", "is_bid"]
