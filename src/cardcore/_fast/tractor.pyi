"""Tractor (Shengji) rule kernel; the plain-Python twin ``cardcore._ref.tractor`` documents it.

Cards are sequences of card ids (``Card`` is an int; two decks, each id at most twice);
``trump`` 0..3 (c d h s) or ``NO_TRUMP`` = 4; ``level`` the level rank 0..12 (2..A).
Effective suits 0..3, ``TRUMP`` = 4. A shape is ``(kind, suit, size, top)`` with ``kind`` one
of ``NONE SINGLE PAIR TRACTOR``. ``next_mask`` answers a 54-bit mask of card ids.

Action ids (``docs/actions/tractor.md``): 0 pass, ``DECLARE_ID`` 1..10 declarations, ``BURY_ID``
11..64 bury a card, ``PLAY_ID`` 65..118 play one card, ``PAIR_ID`` 119..172 lead a pair,
``TRACTOR_ID`` 173.. lead a tractor of the table built at import (``tractor_masks``: pair masks,
by number of pairs, then card ids).
"""

from collections.abc import Iterable, Sequence

_Cards = Iterable[int]

__all__ = ["NO_TRUMP", "TRUMP", "NONE", "SINGLE", "PAIR", "TRACTOR", "KINDS", "CARD_POINTS",
           "table", "effective_suit", "strength", "masks", "shape", "is_legal_follow", "next_mask",
           "trick_winner", "lead_plays", "DECLARE_ID", "BURY_ID", "PLAY_ID", "PAIR_ID",
           "TRACTOR_ID", "NUM_TRACTORS", "NUM_ACTIONS", "tractor_masks", "lead_ids", "follow_ids",
           "play_ok", "play_cards", "lead_id"]

NO_TRUMP: int
TRUMP: int
NONE: int
SINGLE: int
PAIR: int
TRACTOR: int
KINDS: tuple[str, ...]
CARD_POINTS: tuple[int, ...]

def table(trump: int, level: int) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
def effective_suit(card: int, trump: int, level: int) -> int: ...
def strength(card: int, trump: int, level: int) -> int: ...
def masks(cards: _Cards) -> tuple[int, int]: ...
def shape(cards: _Cards, trump: int, level: int) -> tuple[int, int, int, int]: ...
def is_legal_follow(hand: _Cards, lead: _Cards, play: _Cards, trump: int, level: int) -> bool: ...
def next_mask(hand: _Cards, lead: _Cards, chosen: _Cards, trump: int, level: int) -> int: ...
def trick_winner(plays: Sequence[_Cards], trump: int, level: int) -> int: ...
def lead_plays(hand: _Cards, trump: int, level: int) -> list[tuple[int, ...]]: ...

DECLARE_ID: int
BURY_ID: int
PLAY_ID: int
PAIR_ID: int
TRACTOR_ID: int
NUM_TRACTORS: int
NUM_ACTIONS: int

def tractor_masks() -> list[int]: ...
def lead_ids(hand: _Cards, trump: int, level: int) -> list[int]: ...
def follow_ids(rest: _Cards, lead: _Cards, picked: _Cards, trump: int, level: int) -> list[int]: ...
def play_ok(rest: _Cards, lead: Sequence[int] | None, picked: _Cards, trump: int, level: int,
            i: object) -> bool: ...
def play_cards(i: int) -> list[int]: ...
def lead_id(cards: _Cards) -> int: ...
