"""Bridge step kernel: one deal (auction and play) as a compact state; the plain-Python twin
``cardcore._ref.bridge_step`` documents the encoding."""

from collections.abc import Sequence
from typing import Final

from cardcore._fast.bridge_step_fields import _Fields as _Fields

NUM_ACTIONS: int
PASS: int
DOUBLE: int
REDOUBLE: int
BID0: int
CARD0: int
AUCTION: int
PLAY: int
OVER: int
MAX_CALLS: int
OBS_PHASE: int
OBS_VUL: int
OBS_DEALER: int
OBS_TO_ACT: int
OBS_HAND: int
OBS_DUMMY: int
OBS_BIDS: int
OBS_OPENING_PASSES: int
OBS_TRAILING_PASSES: int
OBS_LEVEL: int
OBS_STRAIN: int
OBS_DOUBLED: int
OBS_DECLARER: int
OBS_TRICK: int
OBS_LEADER: int
OBS_PLAYED: int
OBS_WON_US: int
OBS_WON_THEM: int
OBS_SIZE: int
EXPORT_FIELDS: tuple[str, ...]
EXPORT_HEAD: int
SCORE_PARTS: tuple[str, ...]

class Core(_Fields):
    """One deal; ``returns()`` is ``(ns, -ns, ns, -ns)``, ``ns`` North-South's score."""
    def __init__(self, hands: Sequence[int], dealer: int, vul: int) -> None: ...
    passed_out: Final[bool]
    def trick_winners(self) -> list[int]: ...
    def contract(self) -> tuple[int, int, int, int] | None: ...
    def ns_score(self) -> int: ...
def shuffled_deck(seed: int) -> tuple[list[int], int]: ...
def from_seed(seed: int, dealer: int = 0, vul: int = 0) -> Core: ...

def score(level: int, strain: int, doubled: int, tricks: int, vulnerable: int | bool) -> int: ...
def score_parts(level: int, strain: int, doubled: int, tricks: int,
                vulnerable: int | bool) -> tuple[int, ...]: ...
def trick_winner_index(cards: Sequence[int], trump: int) -> int: ...
def legal_follows(hand: Sequence[int], trick: Sequence[int]) -> list[int]: ...
def from_export(values: Sequence[int]) -> Core: ...
def auction(dealer: int, calls: Sequence[int]) -> Core: ...
