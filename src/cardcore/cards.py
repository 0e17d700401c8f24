"""Cards: an int-backed ``Card``, parsing, formatting, deck builders and terminal rendering.

Card ids: ``0..51 = rank * 4 + suit`` with ranks 2..A = 0..12 and suits c, d, h, s = 0..3;
``52`` is the Black (small) Joker ``BJ`` and ``53`` the Red (big) Joker ``RJ``.
Multi-deck games hold the same ``Card`` twice: hands are multisets (lists), not sets.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import IO, Any, TypeAlias

from .errors import CardError as CardError  # (re-exported: modules read it from here too)
from .errors import quote

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # ♣ ♦ ♥ ♠
BJ_ID = 52
RJ_ID = 53
_UNICODE_SUITS = {"\u2663": 0, "\u2667": 0, "\u2666": 1, "\u2662": 1, "\u2665": 2, "\u2661": 2,
                  "\u2660": 3, "\u2664": 3}


class Card(int):
    """An immutable, hashable card; ``int(card)`` is its id (0..53)."""

    __slots__ = ()

    def __new__(cls, i: int | Card) -> Card:
        if isinstance(i, Card):
            return i
        if isinstance(i, bool) or not isinstance(i, int):
            raise CardError(f"card id {quote(i)}: expected an int in 0..53")
        if not 0 <= i <= 53:
            raise CardError(f"card id {quote(i)}: out of range 0..53")
        return _CARDS[i] if len(_CARDS) == 54 else int.__new__(cls, i)

    @property
    def rank(self) -> int | None:
        """0..12 for 2..A; ``None`` for a joker."""
        return None if self >= 52 else int(self) >> 2

    @property
    def suit(self) -> int | None:
        """0..3 for c, d, h, s; ``None`` for a joker."""
        return None if self >= 52 else int(self) & 3

    @property
    def is_joker(self) -> bool:
        return self >= 52

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card('{_NAMES[self]}')"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self


_NAMES = [RANKS[i >> 2] + SUITS[i & 3] for i in range(52)] + ["BJ", "RJ"]
_CARDS: list[Card] = []
for _i in range(54):
    _CARDS.append(Card(_i))
del _i

CardsLike: TypeAlias = str | Iterable[Card | int | str]


def card(text: str) -> Card:
    """Parse exactly one card token (``"As"``, ``"10h"``, ``"th"``, ``"BJ"``, ``"A♠"``)."""
    if not isinstance(text, str):
        raise CardError(f"card {quote(text)}: expected a card token such as 'As' (use Card(id) for "
                        "a card id)")
    cards = _parse_str(text)
    if len(cards) != 1:
        raise CardError(f"{text!r}: expected exactly one card, got {len(cards)}")
    return cards[0]


def _token_error(text: str, pos: int, why: str) -> CardError:
    end = pos + 3
    return CardError(f"bad card {text[pos:end].strip()!r} at position {pos} in {text!r}: {why}")


def _parse_str(text: str) -> list[Card]:
    out: list[Card] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch == ",":
            i += 1
            continue
        up = ch.upper()
        # jokers
        if up in "BRS" and i + 1 < n and text[i + 1].upper() == "J" and up != "S":
            out.append(_CARDS[BJ_ID if up == "B" else RJ_ID])
            i += 2
            continue
        if text[i:i + 2] == "10":
            rank, j = 8, i + 2
        elif up in RANKS:
            rank, j = RANKS.index(up), i + 1
        else:
            raise _token_error(text, i, "unknown rank (expected 2-9, T/10, J, Q, K, A, BJ or RJ)")
        if j >= n:
            raise _token_error(text, i, "missing suit (expected c, d, h, s or a suit symbol)")
        s = text[j]
        if s.lower() in SUITS:
            suit = SUITS.index(s.lower())
        elif s in _UNICODE_SUITS:
            suit = _UNICODE_SUITS[s]
        else:
            raise _token_error(text, i,
                               f"unknown suit {s!r} (expected c, d, h, s or a suit symbol)")
        out.append(_CARDS[rank * 4 + suit])
        i = j + 1
    return out


def parse(text: CardsLike | Card) -> list[Card]:
    """Parse cards from a string (``"As Kd 10h RJ"``, ``"AsKd"``), an iterable of cards or
    one ``Card``.

    Raises ``CardError`` naming the bad token.
    """
    if isinstance(text, Card):
        return [text]
    if isinstance(text, str):
        return _parse_str(text)
    if isinstance(text, (bytes, bytearray, memoryview)):  # (their items are ints: no card ids)
        raise CardError(f"cards {quote(text)}: expected a string or an iterable of cards, "
                        "not bytes")
    try:
        items = list(text)
    except TypeError:
        raise CardError(f"cards {quote(text)}: expected a string or an iterable of cards") from None
    out: list[Card] = []
    for item in items:
        if isinstance(item, str):
            out.append(card(item))
        else:
            out.append(Card(item))
    return out


def format(cards: CardsLike, sep: str = " ") -> str:  # noqa: A001 - public name per API
    """Format cards as text: ``"As Kd Th RJ"``."""
    return sep.join(_NAMES[c] for c in parse(cards))


# ---------------------------------------------------------------- decks

def deck52() -> list[Card]:
    """The 52-card French deck, ids 0..51."""
    return _CARDS[:52]


def deck54() -> list[Card]:
    """The 52-card deck plus BJ and RJ."""
    return _CARDS[:54]


def deck104() -> list[Card]:
    """Two 52-card decks (One Poker)."""
    return deck52() * 2


def deck108() -> list[Card]:
    """Two 54-card decks with jokers (Guandan, Tractor)."""
    return deck54() * 2


def deck_vienna20() -> list[Card]:
    """Schnapsen's 20 cards: A, T, K, Q, J of each suit."""
    return [c for c in _CARDS[:52] if RANKS[c >> 2] in "TJQKA"]


def deck_vienna32() -> list[Card]:
    """Preference's 32 cards: 7 up to A of each suit."""
    return [c for c in _CARDS[:52] if RANKS[c >> 2] in "789TJQKA"]


def _kernel() -> Any:
    from ._backend import kernel

    return kernel("cardset")


def same_multiset(a: CardsLike, b: CardsLike) -> bool:
    """True when ``a`` and ``b`` hold the same cards with the same multiplicities."""
    return bool(_kernel().same_multiset([int(c) for c in parse(a)], [int(c) for c in parse(b)]))


def mask(cards: CardsLike) -> int:
    """The 54-bit mask of a set of cards (bit ``id`` set for each card)."""
    return int(_kernel().mask([int(c) for c in parse(cards)]))


def from_mask(m: int) -> list[Card]:
    """The cards of a 54-bit mask, ascending by id."""
    if isinstance(m, bool) or not isinstance(m, int) or m < 0:
        raise CardError(f"mask {quote(m)}: expected a non-negative int")
    try:
        ids = _kernel().from_mask(m)
    except (ValueError, OverflowError) as exc:
        raise CardError(f"mask {m:#x}: {exc}") from None
    return [_CARDS[int(i)] for i in ids]


def counts(cards: CardsLike) -> list[int]:
    """Multiplicity of each card id 0..53 (a multi-deck hand as a count vector)."""
    return [int(x) for x in _kernel().card_counts([int(c) for c in parse(cards)])]


def check_deck(deck: CardsLike, expected: list[Card], game: str) -> list[Card]:
    """Parse a stacked deck and check it is a permutation of ``expected`` (else ``CardError``)."""
    cards = parse(deck)
    if len(cards) != len(expected):
        raise CardError(f"deck for {game}: expected {len(expected)} cards, got {len(cards)}")
    if not same_multiset(cards, expected):
        from collections import Counter

        have, want = Counter(cards), Counter(expected)
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        raise CardError(
            f"deck for {game}: wrong content (extra: {format(extra) or '-'}; "
            f"missing: {format(missing) or '-'})"
        )
    return cards


# ---------------------------------------------------------------- rendering

_RED = "\x1b[31m"
_RESET = "\x1b[0m"


def use_color(stream: IO[str] | None = None) -> bool:
    """Colour only on a tty and only when ``NO_COLOR`` is unset."""
    if os.environ.get("NO_COLOR"):
        return False
    stream = stream if stream is not None else sys.stdout
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def use_unicode(stream: IO[str] | None = None) -> bool:
    stream = stream if stream is not None else sys.stdout
    enc = (getattr(stream, "encoding", None) or "").lower()
    return "utf" in enc


def render(cards: CardsLike, *, color: bool | None = None, unicode: bool | None = None,
           sep: str = " ") -> str:
    """Cards for a terminal: suit symbols, red hearts/diamonds when colour is allowed.

    Falls back to plain ASCII (``As Kd``) when the stream is not a UTF tty or ``NO_COLOR`` is set.
    """
    color = use_color() if color is None else color
    unicode = (use_unicode() and color) if unicode is None else unicode
    parts = []
    for c in parse(cards):
        if c >= 52:
            txt = "BJ" if c == BJ_ID else "RJ"
            red = c == RJ_ID
        else:
            r, s = RANKS[c >> 2], c & 3
            txt = r + (SUIT_SYMBOLS[s] if unicode else SUITS[s])
            red = s in (1, 2)
        parts.append(f"{_RED}{txt}{_RESET}" if color and red else txt)
    return sep.join(parts)


__all__ = [
    "Card", "card", "parse", "format", "render", "deck52", "deck54", "deck104", "deck108",
    "deck_vienna20", "deck_vienna32", "check_deck", "same_multiset", "mask", "from_mask",
    "counts", "RANKS", "SUITS", "BJ_ID", "RJ_ID", "CardsLike",
]
