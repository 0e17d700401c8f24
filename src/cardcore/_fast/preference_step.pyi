"""Preference step kernel: the play of one deal as a C struct; the plain-Python twin
``cardcore._ref.preference_step`` documents the encoding."""

from collections.abc import Sequence
from typing import Final

from cardcore._fast.preference_step_fields import _Fields as _Fields

NUM_PLAYERS: int
N_ACTIONS: int
PLAY0: int
DISCARD0: int
BID0: int
HOLD: int
GAME0: int
HEARTS_BID: int
PASS: int
TRUMP0: int
NO_ACES: int
NO_ANNOUNCEMENT: int
STAY: int
DROP: int
INVITE: int
ALONE: int
PHASES: tuple[str, ...]
KINDS: tuple[str, ...]
DEFENCES: tuple[str | None, ...]
BONUSES: tuple[str, ...]
FIRST_DEALER: int
DEFAULT_DEALS: int
MAX_LEGAL: int
MAX_HISTORY: int
HAND_PLANE: int
DISCARD_PLANE: int
PLAYED_PLANE: int
TRICK_PLANE: int
PHASE_SLOT: int
TO_ACT_SLOT: int
DEALER_SLOT: int
NUMBER_SLOT: int
NUMBER_HOLDER_SLOT: int
GAME_SUIT_SLOT: int
GAME_HOLDER_SLOT: int
PASSED_SLOT: int
SPOKEN_SLOT: int
KIND_SLOT: int
DECLARER_SLOT: int
LEVEL_SLOT: int
TRUMP_SLOT: int
NO_ACES_SLOT: int
DEFENCE_SLOT: int
HOST_SLOT: int
ACTIVE_SLOT: int
LEADER_SLOT: int
WON_SLOT: int
TRICKS_SLOT: int
POT_SLOT: int
BALANCE_SLOT: int
DEAL_SLOT: int
OBS_SIZE: int
EXPORT_FIELDS: tuple[str, ...]
EXPORT_HEAD: int
EXPORT_SIZE: int
EXPORT_BALANCES: int
EXPORT_POT: int
EXPORT_WON: int
EXPORT_CARDS: int
EXPORT_ACTIONS: int
MONEY_MAX: int
MAX_DEALS: int
EXPORT_MONEY_MAX: int

class Core(_Fields):
    """One deal; ``returns()`` is each seat's balance once the deal is over."""
    def __init__(self, deck: Sequence[int], dealer: int, balances: Sequence[int], pot: int,
                 deal_no: int, deals: int) -> None: ...
    phase_name: Final[str]
    passed: Final[list[bool]]
    spoken: Final[list[bool]]
    active: Final[list[int]]
    def trick(self) -> list[list[int]]: ...
    def tricks(self) -> list[list]: ...
    def history(self) -> list[list[int]]: ...
    def settlement(self) -> tuple[bool, list[int], int, list[int], int, bool]: ...
    def set_money(self, balances: Sequence[int], pot: int) -> None: ...
    def set_won(self, won: Sequence[int]) -> None: ...

def shuffled_deck(seed: int) -> tuple[list[int], int]: ...
def legal_follows(hand: Sequence[int], trick: Sequence[int], trump: int | None,
                  lowest_beat: bool = False) -> list[int]: ...
def from_seed(seed: int, dealer: int = 2, deals: int = 9) -> Core: ...
def from_export(values: Sequence[int]) -> Core: ...
