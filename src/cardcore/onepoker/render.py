"""The terminal view of onepoker: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view)."""

from __future__ import annotations

from ..cards import Card
from ..cards import format as fmt
from .state import OnePokerState


def render(state: OnePokerState, player: int | None = None) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view)."""
    p = player  # None: the public view, no hand shown
    h = state.bet
    lines = [f"One Poker - deal {state.deal_no}"
             + (" (match over)" if state.phase == "over" else "")]
    for d in state.past[-3:]:
        a, b = d["locked"]
        res = ("tie" if d["winner"] is None else f"seat {d['winner']} wins {d['pot']}")
        how = f" (seat {d['folded']} folded)" if d["folded"] is not None else ""
        lines.append(f"  deal {d['deal']}: {Card(a)} vs {Card(b)} -> {res}{how}")
    chips = state.chips if state.phase == "over" else h["stacks"]
    for seat in ((1 - p, p) if p is not None else (0, 1)):
        who = "you" if seat == p else ("opponent" if p is not None else "player")
        sig = state.signals[seat]
        if seat == p:
            cards = fmt(state.hands[seat]) if state.hands[seat] else "-"
            lk = state.locked[seat]
            lock = f", locked {Card(lk)}" if lk is not None and state.phase != "over" else ""
        else:
            cards = "?? " * len(state.hands[seat])
            lock = (", locked a card" if state.locked[seat] is not None
                    and state.phase != "over" else "")
        bet = f", bet {h['bets'][seat]}" if state.phase == "bet" else ""
        lines.append(f"  seat {seat} ({who}): {cards.strip()}  [UP {sig['up']} / DOWN "
                     f"{sig['down']}]  chips {chips[seat]}{bet}{lock}")
    if state.phase != "over":
        lines.append(f"  pot {state.pot}; first player seat {state.first}; "
                     f"deck {len(state.pile)} cards")
        cp = state._current_player()
        if state.phase == "lock":
            lines.append(f"  seat {cp} to lock a card")
        else:
            owed = max(h["bets"]) - h["bets"][cp]
            lo, hi = state.min_raise_to, state.max_raise_to
            rng = f"; raise to {lo}..{hi}" if lo is not None else "; no raise possible"
            lines.append(f"  seat {cp} to act: {min(owed, h['stacks'][cp])} to call{rng}")
    else:
        s = state._scores()
        lines.append(f"  final scores: seat 0 {s[0]:+g}, seat 1 {s[1]:+g}")
    return "\n".join(lines)
