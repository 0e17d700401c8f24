"""Schnapsen step kernel: Schnapsen's rules of a deal written once (the rule functions that
``cardcore.schnapsen.rules`` re-exports) and one deal as a compact state, the step core of the
one core contract; the plain-Python twin ``cardcore._ref.schnapsen_step`` documents the
encoding."""

from collections.abc import Sequence
from typing import Final

from cardcore._fast.schnapsen_step_fields import _Fields as _Fields

NUM_ACTIONS: int
PLAY0: int
MARRY0: int
EXCHANGE: int
CLOSE: int
MAX_ACTIONS: int
OBS_SIZE: int
TARGET: int
MATCH_POINTS: int
POINTS: dict[int, int]
JACK: int
QUEEN: int
KING: int
REASONS: tuple[str, ...]
LEAD: int
FOLLOW: int
OVER: int
FIRST_CARD: int
DECK_SIZE: int
HAND_SIZE: int
STOCK_SIZE: int
REASON_66: int
REASON_MARRIAGE: int
REASON_LAST: int
HAND: int
OPP_KNOWN: int
TRUMP_CARD: int
TABLE: int
PLAYED_ME: int
PLAYED_OPP: int
WON_ME: int
WON_OPP: int
UNSEEN: int
TRUMP_SUIT: int
PHASE: int
MY_TURN: int
I_LEAD: int
STOCK: int
CLOSED: int
CLOSED_BY_ME: int
CLOSED_BY_OPP: int
STRICT: int
POINTS_ME: int
PENDING_ME: int
POINTS_OPP: int
PENDING_OPP: int
TRICKS_ME: int
TRICKS_OPP: int
MARRIED_ME: int
MARRIED_OPP: int
CLOSE_POINTS: int
CLOSE_TRICK: int
COUNT_ME: int
COUNT_OPP: int
DEALER: int
EXPORT_FIELDS: tuple[str, ...]
EXPORT_HEAD: int
CARD_POINTS: list[int]
FOLLOW_WINS: list[list[bool]]

def card_points(card: int) -> int: ...
def beats(lead: int, follow: int, trump: int) -> bool: ...
def trick_winner(leader: int, lead: int, follow: int, trump: int) -> int: ...
def strict(closed: bool, stock_size: int) -> bool: ...
def strict_follows(hand: Sequence[int], lead: int, trump: int) -> list[int]: ...
def may_close(closed: bool, stock_size: int) -> bool: ...
def trump_jack(trump: int) -> int: ...
def may_exchange(closed: bool, stock_size: int, hand: Sequence[int], trump: int) -> bool: ...
def marriage_partner(card: int) -> int | None: ...
def may_marry(card: int, hand: Sequence[int], announced: int) -> bool: ...
def marriage_points(suit: int, trump: int) -> int: ...
def announce(points: int, pending: int, tricks_won: int, amount: int) -> tuple[int, int]: ...
def take_trick(points: int, pending: int, tricks_won: int, lead: int,
               follow: int) -> tuple[int, int, int]: ...
def last_trick_winner(trick_winner: int, closer: int | None) -> int: ...
def game_points(loser_points: int, loser_has_trick: bool) -> int: ...
def deal_game_points(winner: int, closer: int | None, close_points: int, close_tricks: int,
                     last_trick: bool, loser_points: int, loser_tricks: int) -> int: ...

class Core(_Fields):
    """One deal. ``returns()``: the deal's game points, ``+g`` for the deal's winner and ``-g``
    for the loser (``g`` 1, 2 or 3), zeros until the deal is over."""
    def __init__(self, seed: int = 0, deck: Sequence[int] | None = None, dealer: int = 1,
                 counts: Sequence[int] = (7, 7)) -> None: ...
    trump_card: Final[int]
    stock_size: Final[int]
    stock: Final[list[int]]
    strict: Final[bool]
    marriages: Final[list[list[int]]]
    tricks: Final[list[list[int]]]

def from_seed(seed: int) -> Core: ...
def from_export(values: Sequence[int]) -> Core: ...
