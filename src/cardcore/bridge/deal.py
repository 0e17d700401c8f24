"""A Bridge deal: four 13-card hands by direction N, E, S, W, with PBN input and output.

Card ids follow :mod:`cardcore.cards` (``rank * 4 + suit``, ranks 2..A = 0..12, suits
c, d, h, s = 0..3), and a hand's *mask* is the 52-bit int with bit ``id`` set for each card.

PBN deal strings name the first hand's direction, then give four hands clockwise from it,
each hand as ``spades.hearts.diamonds.clubs`` with ranks ``AKQJT98765432`` (``10`` is also
read as the ten; a void is an empty group, ``-`` is also read as a void)::

    >>> d = Deal.from_pbn("N:AKQ2.T98.76.5432 JT9.AKQ.AKQ.AKQJ 8765.765.5432.T9 43.J432.JT98.876")
    >>> d.to_pbn(first="E")
    'E:JT9.AKQ.AKQ.AKQJ 8765.765.5432.T9 43.J432.JT98.876 AKQ2.T98.76.5432'

This module speaks directions N/E/S/W only. (The Bridge *game* numbers its seats S, W, N, E =
0, 1, 2, 3 and maps them onto directions itself.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..cards import RANKS, Card, CardsLike, parse
from ..errors import CardError, FormatError, quote
from .._ref.args import list_arg
from ..rng import Rng
from . import seats
from .seats import DIRECTIONS, HAND_SUITS

PBN_SUITS = seats.HAND_SUIT_IDS
"""Suit ids in PBN order within a hand: spades, hearts, diamonds, clubs."""

_RANK_OF = {ch: i for i, ch in enumerate(RANKS)}
_FULL = (1 << 52) - 1


def direction_index(direction: str) -> int:
    """``"N"``, ``"E"``, ``"S"``, ``"W"`` (either case) -> 0, 1, 2, 3; else ``FormatError``."""
    i = seats.direction_index(direction)
    if i is not None:
        return i
    raise FormatError(f"direction {direction!r}: expected one of N, E, S, W")


def _parse_pbn_hand(text: str, where: str) -> list[Card]:
    groups = text.split(".")
    if len(groups) != 4:
        raise FormatError(
            f"PBN hand {text!r} ({where}): expected 4 suit groups S.H.D.C separated by '.', "
            f"got {len(groups)}"
        )
    cards: list[Card] = []
    for suit, group in zip(PBN_SUITS, groups):
        g = group.upper().replace("10", "T")
        if g == "-":
            continue
        for ch in g:
            r = _RANK_OF.get(ch)
            if r is None:
                raise FormatError(
                    f"PBN hand {text!r} ({where}): bad rank character {ch!r} in suit group "
                    f"{group!r}; expected ranks AKQJT98765432"
                )
            cards.append(Card(r * 4 + suit))
    return cards


def _order(c: int) -> tuple[int, int]:
    """Sort key of a card within a hand: by suit (spades first when reversed), then rank."""
    return (int(c) & 3, int(c) >> 2)


def _hand_mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def _four(items: Any, what: str, kind: str) -> list[Any]:
    """``items`` (any iterable but a string or a deal) as a list of four, else ``CardError``
    naming ``what``."""
    if isinstance(items, Deal):
        raise CardError(f"{what} {quote(items)}: expected 4 {kind} (N, E, S, W)")
    return list_arg(items, what, 4, f"4 {kind} (N, E, S, W)", CardError)


class Deal:
    """An immutable Bridge deal: four 13-card hands by direction N, E, S, W.

    Build it from PBN (``Deal("N:AKQ2.T98.76.5432 ...")``, the same as :meth:`from_pbn`),
    at random (:meth:`random`), or from the hands:
    ``Deal({"N": "As Ks ...", "E": ..., "S": ..., "W": ...})`` or ``Deal([n, e, s, w])``
    where each hand is a card string or an iterable of cards/ids. Every hand must hold
    13 distinct cards and the four hands the whole deck (``CardError`` otherwise; a malformed
    PBN string raises ``FormatError``).
    """

    __slots__ = ("_hands", "_masks")
    _hands: tuple[tuple[Card, ...], ...]
    _masks: tuple[int, ...]

    def __init__(self, hands: Mapping[str, CardsLike] | Iterable[CardsLike]) -> None:
        if isinstance(hands, Deal):
            seq: list[CardsLike] = [hands.hand(d) for d in DIRECTIONS]
        elif isinstance(hands, Mapping):
            keys = {direction_index(k): v for k, v in hands.items()}
            if sorted(keys) != [0, 1, 2, 3]:
                raise CardError(
                    f"deal hands {sorted(hands)!r}: expected exactly the directions N, E, S, W"
                )
            seq = [keys[i] for i in range(4)]
        elif isinstance(hands, str):  # a PBN deal string, as endplay's Deal takes it
            pbn = Deal.from_pbn(hands)
            self._hands, self._masks = pbn._hands, pbn._masks
            return
        else:
            seq = _four(hands, "deal", "hands")
        parsed = [tuple(sorted(parse(h), key=_order, reverse=True)) for h in seq]
        self._hands, self._masks = _validate(parsed)

    # ------------------------------------------------------------------ construction
    @classmethod
    def _trusted(cls, hands: list[tuple[Card, ...]]) -> Deal:
        d = object.__new__(cls)
        d._hands, d._masks = _validate(hands)
        return d

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN deal string ``"N:AKQ2.T98.76.5432 ..."`` (any of N/E/S/W first)."""
        if not isinstance(text, str):
            raise FormatError(f"PBN deal {text!r}: expected a string")
        s = text.strip()
        if s.startswith("[") or s.lower().startswith("deal "):
            # Accept the PBN tag form: [Deal "N:..."]
            inner = s.strip("[]").strip()
            if inner.lower().startswith("deal"):
                inner = inner[4:].strip().strip('"')
                s = inner
        if len(s) < 2 or s[1] != ":":
            raise FormatError(
                f"PBN deal {text!r}: expected '<first direction>:' then four hands, "
                "e.g. 'N:AKQ2.T98.76.5432 ...'"
            )
        first = direction_index(s[0])
        parts = s[2:].split()
        if len(parts) != 4:
            raise FormatError(
                f"PBN deal {text!r}: expected 4 hands separated by spaces, got {len(parts)}"
            )
        hands: list[tuple[Card, ...]] = [()] * 4
        for k, part in enumerate(parts):
            seat = (first + k) % 4
            if part == "-":
                raise FormatError(
                    f"PBN deal {text!r}: hand {DIRECTIONS[seat]} is unknown ('-'); "
                    "a full deal is required"
                )
            hands[seat] = tuple(
                sorted(_parse_pbn_hand(part, f"{DIRECTIONS[seat]} in {text!r}"), key=_order,
                       reverse=True)
            )
        try:
            return cls._trusted(hands)
        except CardError as exc:
            raise CardError(f"PBN deal {text!r}: {exc}") from None

    @classmethod
    def random(cls, seed: int | Rng | None = None) -> Deal:
        """A uniformly random deal from ``seed`` (an int or a :class:`cardcore.rng.Rng`)."""
        if isinstance(seed, Rng):
            rng = seed
        else:
            from ..rng import fresh_seed

            rng = Rng(fresh_seed() if seed is None else seed)
        deck = list(range(52))
        rng.shuffle(deck)
        return cls._trusted(
            [tuple(sorted((Card(c) for c in deck[13 * i: 13 * i + 13]), key=_order, reverse=True))
             for i in range(4)]
        )

    @classmethod
    def from_masks(cls, masks: Iterable[int]) -> Deal:
        """Build a deal from four 52-bit masks in N, E, S, W order."""
        ms = _four(masks, "deal masks", "masks")
        hands = []
        for d, m in zip(DIRECTIONS, ms):
            if isinstance(m, bool) or not isinstance(m, int) or m < 0 or m > _FULL:
                raise CardError(f"deal mask for {d} {quote(m)}: expected an int in 0..2**52-1")
            hands.append(tuple(sorted((Card(c) for c in range(52) if m >> c & 1), key=_order,
                                     reverse=True)))
        return cls._trusted(hands)

    # ------------------------------------------------------------------ access
    def hand(self, direction: str) -> tuple[Card, ...]:
        """The 13 cards of ``direction`` (``"N"``, ``"E"``, ``"S"``, ``"W"``): spades, hearts,
        diamonds, clubs, high cards first in each suit."""
        return self._hands[direction_index(direction)]

    def mask(self, direction: str) -> int:
        """The 52-bit mask of ``direction``'s hand."""
        return self._masks[direction_index(direction)]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The four hands in N, E, S, W order."""
        return self._hands

    @property
    def masks(self) -> tuple[int, int, int, int]:
        """The four 52-bit hand masks in N, E, S, W order."""
        return self._masks  # type: ignore[return-value]

    def holder(self, card: Card | int | str) -> str:
        """The direction holding ``card``."""
        c = parse(card)[0] if isinstance(card, str) else Card(card)
        if c >= 52:
            raise CardError(f"card {str(c)!r}: Bridge uses no jokers")
        for d, m in zip(DIRECTIONS, self._masks):
            if m >> c & 1:
                return d
        raise AssertionError("unreachable: a deal holds every card")  # pragma: no cover

    # ------------------------------------------------------------------ output
    def to_pbn(self, first: str = "N") -> str:
        """The PBN deal string, hands clockwise from ``first``."""
        f = direction_index(first)
        parts = []
        for k in range(4):
            seat = (f + k) % 4
            m = self._masks[seat]
            groups = []
            for suit in PBN_SUITS:
                groups.append("".join(RANKS[r] for r in range(12, -1, -1)
                                      if m >> (r * 4 + suit) & 1))
            parts.append(".".join(groups))
        return f"{DIRECTIONS[f]}:" + " ".join(parts)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._masks == other._masks

    def __hash__(self) -> int:
        return hash(self._masks)

    def __setattr__(self, name: str, value) -> None:
        if hasattr(self, "_masks"):
            raise AttributeError("Deal is immutable")
        object.__setattr__(self, name, value)

    def __reduce__(self):
        return (Deal.from_pbn, (self.to_pbn(),))

    def diagram(self) -> str:
        """A plain-text compass diagram of the deal (N on top)."""
        def lines(seat: int) -> list[str]:
            m = self._masks[seat]
            out = []
            for suit, sym in zip(PBN_SUITS, HAND_SUITS):
                ranks = "".join(RANKS[r] for r in range(12, -1, -1) if m >> (r * 4 + suit) & 1)
                out.append(f"{sym} {ranks or '-'}")
            return out

        n, e, s, w = (lines(i) for i in range(4))
        pad = " " * 20
        rows = [pad + "N"] + [pad + x for x in n]
        rows.append("W" + " " * 38 + "E")
        for a, b in zip(w, e):
            rows.append(f"{a:<38} {b}")
        rows += [pad + "S"] + [pad + x for x in s]
        return "\n".join(rows)


def _validate(hands: list[tuple[Card, ...]]) -> tuple[tuple, tuple]:
    masks = []
    seen: dict[int, str] = {}
    for d, h in zip(DIRECTIONS, hands):
        if len(h) != 13:
            raise CardError(f"hand {d} has {len(h)} cards: expected 13")
        for c in h:
            if c >= 52:
                raise CardError(f"hand {d}: card {str(c)!r} is a joker; Bridge uses no jokers")
            if c in seen:
                where = "twice in hand " + d if seen[c] == d else f"in hands {seen[c]} and {d}"
                raise CardError(f"card {str(c)!r} appears {where}")
            seen[c] = d
        masks.append(_hand_mask(h))
    return tuple(tuple(h) for h in hands), tuple(masks)


__all__ = ["DIRECTIONS", "Deal", "direction_index"]
