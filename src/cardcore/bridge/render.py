"""The terminal view of bridge: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view)."""

from __future__ import annotations

from ..cards import RANKS, Card
from .seats import HAND_SUIT_IDS, HAND_SUITS, SEAT_LONG
from .state import BridgeState, _auction_table, _sort_hand


def render(state: BridgeState, player: int | None = None) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view)."""
    p = 0 if player is None else player
    out = [f"Bridge -- you are {SEAT_LONG[p]}; dealer {SEAT_LONG[state.dealer]}; "
           f"vulnerable: {state.vulnerability}"]
    out += _auction_table(state.calls, state.dealer)
    if state.contract:
        out.append(f"Contract: {state.contract} by {SEAT_LONG[state.declarer]}   "
                   f"tricks NS {state.won[0]}, EW {state.won[1]}")
    dummy = state.dummy
    if state.dummy_visible and dummy is not None and dummy != p:
        out.append(f"Dummy ({SEAT_LONG[dummy]}):")
        out += ["  " + x for x in _hand_lines(state.hands[dummy])]
    out.append(f"Your hand ({SEAT_LONG[p]}):")
    out += ["  " + x for x in _hand_lines(state.hands[p])]
    t = state._trick()
    if t is not None:
        shown = ", ".join(f"{SEAT_LONG[(t['leader'] + k) % 4]} {Card(c)}"
                          for k, c in enumerate(t["cards"]))
        out.append(f"Trick {len(state.tricks)}: {shown}")
    elif state.tricks and state.phase == "play":
        last = state.tricks[-1]
        shown = ", ".join(f"{SEAT_LONG[(last['leader'] + k) % 4]} {Card(c)}"
                          for k, c in enumerate(last["cards"]))
        out.append(f"Last trick: {shown} -- won by {SEAT_LONG[last['winner']]}")
    if state.phase == "over":
        if state.passed_out:
            out.append("Passed out: 0 for both sides.")
        else:
            b = state.score_breakdown()
            out.append(f"Result: {b.result_text} ({state.declarer_tricks} tricks)")
            out += ["  " + x for x in b.lines()]
            out.append(f"Score: NS {state.ns_score():+d}, EW {-state.ns_score():+d}")
    else:
        cp = state._current_player()
        ph = state.playing_hand
        if ph is not None and ph != cp:
            out.append(f"To play: {SEAT_LONG[cp]}, from dummy ({SEAT_LONG[ph]})")
        else:
            out.append(f"To {'call' if state.phase == 'auction' else 'play'}: "
                       f"{SEAT_LONG[cp]}")
    return "\n".join(out)


def _hand_lines(cards: list[int]) -> list[str]:
    out = []
    for suit, sym in zip(HAND_SUIT_IDS, HAND_SUITS):
        ranks = [RANKS[c >> 2] for c in _sort_hand([c for c in cards if c & 3 == suit])]
        out.append(f"{sym}: {' '.join(ranks) if ranks else '-'}")
    return out
