"""The terminal view of schnapsen: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view)."""

from __future__ import annotations

from ..cards import SUITS, Card
from ..cards import format as fmt
from .state import SchnapsenState, sort_hand


def render(state: SchnapsenState, player: int | None = None) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view)."""
    p = 0 if player is None else player
    title = "Schnapsen" + (" (single deal)" if state.single_deal else " (seven-point match)")
    lines = [f"{title} - deal {state.deal_no}, dealer seat {state.dealer}"]
    for d in state.past[-3:]:
        lines.append(f"  deal {d['deal']}: seat {d['winner']} wins {d['game_points']} "
                     f"game point(s) ({d['reason']})")
    lines.append(f"  match count (7 down to 0): seat 0 {state.counts[0]}, "
                 f"seat 1 {state.counts[1]}")
    if state.phase == "over":
        s = state._scores()
        lines.append(f"  over: seat {state.match_winner} wins; "
                     f"scores seat 0 {s[0]:+g}, seat 1 {s[1]:+g}")
        return "\n".join(lines)
    tc = f"trump card {Card(state.trump_card)}" if state.stock else "trump card taken"
    stock = (f"stock closed by seat {state.closer} ({len(state.stock)} cards)"
             if state.closed else f"stock {len(state.stock)} cards")
    lines.append(f"  trumps {SUITS[state.trump]}: {tc}; {stock}")
    if player is None:               # the public view: no hand shown
        for seat in (0, 1):
            lines.append(f"  seat {seat}: {len(state.hands[seat])} cards; "
                         f"tricks {state.tricks_won[seat]}")
    else:
        lines.append(f"  you (seat {p}): {fmt(sort_hand(state.hands[p])) or '-'}; "
                     f"points {state.points[p]}"
                     + (f" (+{state.pending[p]} pending)" if state.pending[p] else "")
                     + f"; tricks {state.tricks_won[p]}")
        known = state.known[1 - p]
        lines.append(f"  opponent (seat {1 - p}): {len(state.hands[1 - p])} cards"
                     + (f", known {fmt(sort_hand(known))}" if known else "")
                     + f"; tricks {state.tricks_won[1 - p]}")
    for seat in (0, 1):
        if state.marriages[seat]:
            lines.append(f"  seat {seat} announced: "
                         + ", ".join(f"K{SUITS[s]}-Q{SUITS[s]}" for s in state.marriages[seat]))
    if state.tricks:
        t = state.tricks[-1]
        lines.append(f"  last trick: {fmt(t['cards'])} won by seat {t['winner']}")
    if state.trick:
        lines.append(f"  on the table: {Card(state.trick[0][1])} led by seat {state.trick[0][0]}")
    lines.append(f"  seat {state._current_player()} to "
                 + ("lead" if state.phase == "lead" else "follow"))
    return "\n".join(lines)
