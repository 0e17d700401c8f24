"""The one table of Bridge seats, directions, suits and strains, and the converters between them.

Two seat numberings meet in Bridge code:

* the **game seats** ``S, W, N, E = 0, 1, 2, 3`` (clockwise; North-South are the even seats):
  ``BridgeState``, its agents, LIN's hand order and the scoring's ``declarer`` as a number;
* the **directions** ``N, E, S, W`` (also clockwise): ``Deal``, PBN and the double-dummy solver,
  where a direction's index in ``DIRECTIONS`` is its seat.

Suit ids follow :mod:`cardcore.cards` (c, d, h, s = 0..3); a strain is a suit letter or ``N``
(no trump), its index in ``STRAINS`` is the suit id or 4.

>>> SEATS[0], DIRECTIONS[0], seat_of("n"), direction_of_seat(seat_of("N"))
('S', 'N', 2, 'N')
>>> strain_index("NT"), strain_index("s"), strain_index("x")
(4, 3, None)
"""

from __future__ import annotations

SEATS = "SWNE"
"""Game seat ``i`` -> its compass letter (S, W, N, E = 0..3, clockwise)."""
SEAT_NAMES: tuple[str, ...] = tuple(SEATS)
SEAT_LONG: tuple[str, ...] = ("South", "West", "North", "East")
DIRECTIONS = "NESW"
"""The directions clockwise from North: the order of ``Deal``, PBN and the solver."""
SUITS = "CDHS"
"""Suit letters by suit id (clubs, diamonds, hearts, spades = 0..3)."""
STRAINS = "CDHSN"
"""Strain letters: index 0..3 is the trump suit id, 4 is no trump."""
BID_STRAINS: tuple[str, ...] = ("C", "D", "H", "S", "NT")
"""The strains as written in bids (``"1NT"``), in rank order."""
HAND_SUITS = "SHDC"
"""The order a hand is written in (PBN, LIN, diagrams): spades, hearts, diamonds, clubs."""
HAND_SUIT_IDS: tuple[int, ...] = tuple(SUITS.index(s) for s in HAND_SUITS)


def _letter(text: object) -> str | None:
    if not isinstance(text, str):
        return None
    t = text.strip().upper()
    return t if len(t) == 1 else None


def seat_of(direction: object) -> int | None:
    """Compass letter (``N E S W``, either case) -> game seat; ``None`` when it is not one."""
    d = _letter(direction)
    return SEATS.index(d) if d is not None and d in SEATS else None


def direction_index(direction: object) -> int | None:
    """Compass letter -> its index in ``DIRECTIONS`` (the solver's seat); else ``None``."""
    d = _letter(direction)
    return DIRECTIONS.index(d) if d is not None and d in DIRECTIONS else None


def direction_of_seat(seat: int) -> str:
    """Game seat (0..3) -> compass letter."""
    return SEATS[seat]


def seat_to_direction_index(seat: int) -> int:
    """Game seat -> index in ``DIRECTIONS`` (S, W, N, E = 0..3 -> 2, 3, 0, 1)."""
    return DIRECTIONS.index(SEATS[seat])


def direction_index_to_seat(index: int) -> int:
    """Index in ``DIRECTIONS`` -> game seat."""
    return SEATS.index(DIRECTIONS[index])


def suit_index(letter: object) -> int | None:
    """Suit letter (``C D H S``, either case) -> suit id; else ``None``."""
    s = _letter(letter)
    return SUITS.index(s) if s is not None and s in SUITS else None


def strain_index(strain: object) -> int | None:
    """Strain (``C D H S N``, ``NT``, either case) -> 0..4; else ``None``."""
    if not isinstance(strain, str):
        return None
    t = strain.strip().upper()
    if t == "NT":
        t = "N"
    return STRAINS.index(t) if len(t) == 1 and t in STRAINS else None


def trump_suit(strain: str) -> int | None:
    """The trump suit id of a strain letter (``None`` for no trump)."""
    i = STRAINS.index(strain)
    return i if i < 4 else None


def side_of(seat: int) -> str:
    """``"NS"`` for the even game seats, ``"EW"`` for the odd ones."""
    return "NS" if seat % 2 == 0 else "EW"


__all__ = [
    "SEATS", "SEAT_NAMES", "SEAT_LONG", "DIRECTIONS", "SUITS", "STRAINS", "BID_STRAINS",
    "HAND_SUITS", "HAND_SUIT_IDS", "seat_of", "direction_index", "direction_of_seat",
    "seat_to_direction_index", "direction_index_to_seat", "suit_index", "strain_index",
    "trump_suit", "side_of",
]
