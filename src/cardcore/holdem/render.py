"""The terminal view of holdem: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view)."""

from __future__ import annotations

from ..engines import betting as bt
from ..cards import format as fmt
from .state import HoldemState, NUM


def render(state: HoldemState, player: int | None = None) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view)."""
    p = player  # None: the public view, no hole cards shown
    h = state.bet
    over = state.phase == "over"
    lines = [f"Texas Hold'em - hand {state.hand_no}, {state.street_name}"]
    last = state.last_hand
    if last is not None and (over or last["hand"] == state.hand_no - 1):
        lines.append(f"  last hand: board {fmt(last['board']) or '-'}")
        for s in last["shown"]:
            lines.append(f"    seat {s} shows {fmt(last['holes'][s])}")
        lines.append("    result: " + ", ".join(
            f"seat {i} {v:+d}" for i, v in enumerate(last["net"]) if last["stacks"][i] > 0))
    if over:
        sc = state._scores()
        lines.append("  match over: " + ", ".join(f"seat {i} {v:+g}" for i, v in enumerate(sc)))
        return "\n".join(lines)
    lines.append(f"  board: {fmt(state.board) or '-'}")
    for s in range(NUM):
        tags = []
        if s == state.button:
            tags.append("button")
        if s == state.sb:
            tags.append("SB")
        if s == state.bb:
            tags.append("BB")
        if not state.holes[s]:
            lines.append(f"  seat {s}: out")
            continue
        if h["folded"][s]:
            tags.append("folded")
        elif h["stacks"][s] == 0:
            tags.append("all-in")
        cards = fmt(state.holes[s]) if s == p else "?? ??"
        mark = ">" if s == state.bet["actor"] else " "
        who = " (you)" if s == p else ""
        lines.append(f" {mark}seat {s}{who}: {cards}  stack {h['stacks'][s]}  bet "
                     f"{h['bets'][s]}" + (f"  [{', '.join(tags)}]" if tags else ""))
    pots = state.pots
    line = f"  pot: {state.pot} in all"
    if len(pots) > 1:
        line += "; pots " + ", ".join(
            f"{pt['amount']} (seats {','.join(map(str, pt['eligible']))})" for pt in pots)
    lines.append(line)
    actor = state.bet["actor"]
    if actor is not None:
        owed = bt.owed(h, actor)
        lo, hi = state.min_raise_to, state.max_raise_to
        rng = f"; raise to {lo}..{hi}" if lo is not None else "; no raise possible"
        lines.append(f"  seat {actor} to act: {min(owed, h['stacks'][actor])} to call{rng}")
    return "\n".join(lines)
