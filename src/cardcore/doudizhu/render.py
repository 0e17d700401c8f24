"""The terminal view of doudizhu: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view)."""

from __future__ import annotations

from ..cards import render as render_cards
from ..engines.shedding import seat_lines, table_line
from .state import DouDizhuState, sort_cards


def render(state: DouDizhuState, player: int | None = None) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view)."""
    def cards(cs):
        return render_cards(sort_cards(cs)) if cs else "-"

    def role(s):
        if state.landlord is None:
            return ""
        return " (landlord)" if s == state.landlord else " (farmer)"

    lines = [f"Dou Dizhu  bid {state.bid or '-'}  multiplier x{state.multiplier}"
             + (f"  redeals {state.redeals}" if state.redeals else "")]
    if state.phase == "bid":
        said = ", ".join(f"seat {s}: {'bid ' + str(n) if n else 'pass'}"
                         for s, n in state.bid_log) or "none yet"
        lines.append(f"Bidding (first bidder seat {state.first_bidder}): {said}")
    else:
        lines.append(f"Landlord: seat {state.landlord}   bottom: {cards(state.bottom)}")
    lines += seat_lines(state, player, cards, role)
    if state.phase != "bid":
        if state.table is not None:
            lines.append(table_line(state, cards))
        elif state.phase == "play":
            lines.append(f"Table: empty, seat {state.turn} leads")
    if state.phase == "over":
        extra = (" (spring)" if state.spring else
                 (" (reverse spring)" if state.reverse_spring else ""))
        side = "the landlord wins" if state.winner_seat == state.landlord else "the farmers win"
        stake = state.bid * state.multiplier
        lines.append(f"Over: seat {state.winner_seat} went out first{extra}: {side}")
        won = state.winner_seat == state.landlord
        lines.append(f"  stake: bid {state.bid} x multiplier {state.multiplier} = {stake}; "
                     f"each farmer {'pays' if won else 'gets'} {stake}, the landlord "
                     f"{'gets' if won else 'pays'} {2 * stake}")
    return "\n".join(lines)
