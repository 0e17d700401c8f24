"""The deal loop of the match games (Hold'em, One Poker, Schnapsen, Preference, Guandan,
Tractor): written once here, called by each game.

A match state keeps ``deal_no`` (the deal being played, from 1), ``past`` (one public record
per finished deal, oldest first), ``single_deal`` (the option: stop after one deal) and
``phase`` (``"over"`` once the match ends). The game decides what a deal record holds and when
its match is decided; this module does the bookkeeping the same way for all of them.

>>> class Demo:
...     pass
>>> m = Demo()
>>> start_match(m, single_deal=False)
>>> begin_deal(m)
1
>>> end_deal(m, {"winner": 0}, decided=False)
False
>>> begin_deal(m), m.past
(2, [{'winner': 0}])
>>> end_deal(m, {"winner": 1}, decided=True), m.phase
(True, 'over')
"""

from __future__ import annotations

from typing import Any


def start_match(state: Any, *, single_deal: bool) -> None:
    """Set up the match bookkeeping of ``state`` (no deal started yet)."""
    state.single_deal = single_deal
    state.deal_no = 0
    state.past = []


def begin_deal(state: Any) -> int:
    """Count a new deal; returns its number (1 for the first)."""
    state.deal_no += 1
    return state.deal_no


def end_deal(state: Any, record: dict | None, *, decided: bool) -> bool:
    """Close the current deal: keep its public ``record`` (if any) in ``state.past``. Returns
    True, with ``state.phase = "over"``, when the match ends here: ``decided`` (the game's own
    end, e.g. a player out of chips or the last scheduled deal) or ``single_deal``. (A state
    whose phase is read from its deal's core, over by then, says so itself: its phase is not
    written.)"""
    if record is not None:
        state.past.append(record)
    if decided or state.single_deal:
        if getattr(state, "phase", None) != "over":
            state.phase = "over"
        return True
    return False


def next_seat(seat: int, num_players: int, step: int = 1) -> int:
    """The seat ``step`` places after ``seat`` in turn order (dealer rotation)."""
    return (seat + step) % num_players


__all__ = ["start_match", "begin_deal", "end_deal", "next_seat"]
