"""LIN, the pipe-separated deal format of online bridge rooms: deal, auction and play.

A LIN text is a flat sequence of ``tag|value|`` pairs. The tags read and written here:

``pn|S,W,N,E|``   player names (optional)
``md|<d><S>,<W>,<N>,<E>|``   the deal: ``<d>`` is the dealer (1 = South, 2 = West, 3 = North,
                  4 = East); each hand is ``S<ranks>H<ranks>D<ranks>C<ranks>``, South first,
                  clockwise. The last hand may be left empty: it is then the remaining cards.
``sv|o|``         vulnerability: ``o``/``0`` none, ``n`` North-South, ``e`` East-West, ``b`` both
``ah|Board 1|``   a board title (optional)
``mb|1N|``        one call: ``p`` pass, ``d`` double, ``r`` redouble, ``1C`` .. ``7N``; a trailing
                  ``!`` marks an alert (kept out of the call)
``an|text|``      the explanation of the previous call (ignored)
``pc|SA|``        one card played, suit letter then rank (``10`` also read as the ten)
``mc|10|``        a claim: the declarer's side ends with that many tricks in total
``pg||``          a page break (ignored); any other tag is ignored too.

``parse_lin(text)`` gives a :class:`LinRecord`; ``from_lin(text)`` replays it into a
:class:`~cardcore.bridge.state.BridgeState`; ``to_lin(state)`` writes a state (finished or not).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import RANKS, Card
from ..errors import CardcoreError, FormatError
from .auction import parse_call
from .deal import Deal
from .seats import HAND_SUITS, SEATS, SUITS, suit_index

_VUL_IN = {"o": "none", "0": "none", "-": "none", "n": "ns", "e": "ew", "b": "both"}
_VUL_OUT = {"none": "o", "ns": "n", "ew": "e", "both": "b"}


@dataclass
class LinRecord:
    """What a LIN text says about one deal."""

    deal: Deal
    dealer: int  # game seat, S, W, N, E = 0..3
    vulnerability: str = "none"
    calls: list[str] = field(default_factory=list)
    plays: list[int] = field(default_factory=list)  # card ids in play order
    claim: int | None = None
    names: list[str] = field(default_factory=list)
    board: str | None = None


def _tokens(text: str) -> list[tuple[str, str]]:
    return [(tag, value) for tag, value, _ in _tokens_at(text)]


def _tokens_at(text: str) -> list[tuple[str, str, int]]:
    """The ``tag|value|`` pairs of a LIN text, each with the line (1-based) its tag starts on
    (line breaks are not part of LIN: a value may run over several lines)."""
    if not isinstance(text, str):
        raise FormatError(f"LIN {text!r}: expected a string")
    parts: list[str] = []
    starts: list[int] = []
    buf: list[str] = []
    line, start = 1, 0
    for ch in text:
        if ch == "|":
            parts.append("".join(buf))
            starts.append(start or line)
            buf, start = [], 0
        elif ch == "\n":
            line += 1
        elif ch != "\r":
            buf.append(ch)
            if not start and not ch.isspace():
                start = line
    parts.append("".join(buf))
    starts.append(start or line)
    if parts and parts[-1].strip() == "":
        parts, starts = parts[:-1], starts[:-1]
    if len(parts) % 2:
        raise FormatError(f"LIN text: line {starts[-1]}: tag {parts[-1]!r} has no value (odd "
                          "number of '|' fields)")
    return [(parts[i].strip().lower(), parts[i + 1], starts[i]) for i in range(0, len(parts), 2)]


def _parse_hand(text: str, where: str) -> list[int]:
    out: list[int] = []
    suit = None
    t = text.strip().upper().replace("10", "T")
    for ch in t:
        if suit_index(ch) is not None:
            suit = suit_index(ch)
        elif ch in RANKS:
            if suit is None:
                raise FormatError(f"LIN md hand {text!r} ({where}): rank {ch!r} before a suit")
            out.append(RANKS.index(ch) * 4 + suit)
        elif not ch.isspace():
            raise FormatError(f"LIN md hand {text!r} ({where}): bad character {ch!r}")
    return out


def _parse_md(value: str) -> tuple[int, Deal]:
    v = value.strip()
    if not v or v[0] not in "1234":
        raise FormatError(f"LIN md {value!r}: expected a dealer digit 1-4 then four hands")
    dealer = int(v[0]) - 1
    hands_txt = v[1:].split(",")
    if len(hands_txt) not in (3, 4):
        raise FormatError(f"LIN md {value!r}: expected 3 or 4 hands separated by ','")
    while len(hands_txt) < 4:
        hands_txt.append("")
    hands = [_parse_hand(h, SEATS[i]) for i, h in enumerate(hands_txt)]  # LIN: S, W, N, E
    if not hands[3]:
        used = {c for h in hands[:3] for c in h}
        hands[3] = [c for c in range(52) if c not in used]
    try:
        return dealer, Deal({SEATS[i]: [Card(c) for c in hands[i]] for i in range(4)})
    except CardcoreError as exc:
        raise FormatError(f"LIN md {value!r}: {exc}") from None


def _parse_card(value: str) -> int:
    v = value.strip().upper().replace("10", "T")
    if len(v) == 2:
        suit = suit_index(v[0])
        if suit is not None and v[1] in RANKS:
            return RANKS.index(v[1]) * 4 + suit
        suit = suit_index(v[1])
        if suit is not None and v[0] in RANKS:  # rank first, tolerated
            return RANKS.index(v[0]) * 4 + suit
    raise FormatError(f"LIN pc {value!r}: expected a card such as SA, HT, D10")


def _parse_call(value: str) -> str:
    v = value.strip().rstrip("!").strip()
    low = v.lower()
    if low in ("p", "pass"):
        return "pass"
    if low in ("d", "x", "dbl"):
        return "X"
    if low in ("r", "xx", "rdbl"):
        return "XX"
    try:
        return parse_call(v)
    except CardcoreError:
        raise FormatError(f"LIN mb {value!r}: not a call") from None


def parse_lin(text: str) -> LinRecord:
    """Read the first deal of a LIN text (raises ``FormatError`` when it is malformed)."""
    md: tuple[int, Deal] | None = None     # the dealer and the deal
    names: list[str] = []
    vul = "none"
    board = None
    calls: list[str] = []
    plays: list[int] = []
    claim = None
    for tag, value in _tokens(text):
        if tag == "md":
            if md is not None:
                break  # a second deal: stop at the first one
            md = _parse_md(value)
        elif tag == "pn":
            names = [n.strip() for n in value.split(",")]
        elif tag == "sv":
            key = value.strip().lower()
            if key not in _VUL_IN:
                raise FormatError(f"LIN sv {value!r}: expected o, n, e or b")
            vul = _VUL_IN[key]
        elif tag == "ah":
            board = value.strip()
        elif tag == "mb":
            calls.append(_parse_call(value))
        elif tag == "pc":
            plays.append(_parse_card(value))
        elif tag == "mc":
            try:
                claim = int(value.strip())
            except ValueError:
                raise FormatError(f"LIN mc {value!r}: expected a number of tricks") from None
            if not 0 <= claim <= 13:
                raise FormatError(f"LIN mc {value!r}: expected 0..13 tricks")
    if md is None:
        raise FormatError("LIN text: no 'md|' deal found")
    dealer, deal = md
    return LinRecord(deal=deal, dealer=dealer, vulnerability=vul, calls=calls, plays=plays,
                     claim=claim, names=names, board=board)


def from_lin(text: str, **options):
    """Replay a LIN deal into a new ``BridgeState`` (calls and cards up to where the text ends;
    a claim is kept in ``state.claim`` but not played out). ``FormatError`` when the text is
    malformed or its calls/cards are not legal."""
    from ..game import new_game
    from .state import BridgeState

    rec = parse_lin(text)
    state = new_game("bridge", deal=rec.deal, dealer=rec.dealer,
                     vulnerability=rec.vulnerability, **options)
    assert isinstance(state, BridgeState)
    for i, call in enumerate(rec.calls):
        try:
            state.apply(call)
        except CardcoreError as exc:
            raise FormatError(f"LIN call {i + 1} ({call}): {exc}") from None
    if rec.plays and state.phase != "play":
        raise FormatError("LIN text: cards are played but the auction has not ended in a contract")
    for i, c in enumerate(rec.plays):
        try:
            state.apply(str(Card(c)))
        except CardcoreError as exc:
            raise FormatError(f"LIN card {i + 1} ({Card(c)}): {exc}") from None
    state.claim = rec.claim
    return state


def _hand_text(cards) -> str:
    out = []
    for s in HAND_SUITS:
        sid = suit_index(s)
        ranks = sorted((int(c) >> 2 for c in cards if int(c) & 3 == sid), reverse=True)
        out.append(s + "".join(RANKS[r] for r in ranks))
    return "".join(out)


def deal_to_md(deal: Deal, dealer: int = 0) -> str:
    """The value of an ``md|`` tag: dealer digit then the S, W, N, E hands."""
    return str(dealer + 1) + ",".join(_hand_text(deal.hand(s)) for s in SEATS)


def _call_out(call: str) -> str:
    return {"pass": "p", "X": "d", "XX": "r"}.get(call, call.replace("NT", "N"))


def to_lin(state, *, names: list[str] | None = None, board: str | None = None) -> str:
    """Write a ``BridgeState`` (at any point) as LIN: names, deal, vulnerability, the calls and
    the cards played, with a page break after the auction and after each trick."""
    parts = []
    if names:
        if len(names) != 4:
            raise CardcoreError(f"names {names!r}: expected 4 names (S, W, N, E)")
        parts.append("pn|" + ",".join(names) + "|")
    parts.append(f"md|{deal_to_md(state.deal(), state.dealer)}|")
    if board:
        parts.append(f"ah|{board}|")
    parts.append(f"sv|{_VUL_OUT[state.vulnerability]}|")
    for c in state.calls:
        parts.append(f"mb|{_call_out(c)}|")
    if state.tricks:
        parts.append("pg||")
    for t in state.tricks:
        for c in t["cards"]:
            card = Card(c)
            suit, rank = card.suit, card.rank
            assert suit is not None and rank is not None    # (no jokers in bridge)
            parts.append(f"pc|{SUITS[suit]}{RANKS[rank]}|")
        if t["winner"] is not None:
            parts.append("pg||")
    return "".join(parts)


__all__ = ["LinRecord", "parse_lin", "from_lin", "to_lin", "deal_to_md"]
