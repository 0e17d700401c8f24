"""The terminal view of onepoker: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view); ``events`` for the lines between boards."""

from __future__ import annotations

from ..cards import render as render_cards
from .state import OnePokerState

#: what the UP/DOWN counts mean, shown under the seats
SIGNALS = "  (UP = 8..A, DOWN = 2..7, public counts per hand; high card wins, 2 beats A)"


def _cards(cards) -> str:
    return render_cards(sorted(cards)) if cards else "-"


def help_text(state: OnePokerState, player: int | None) -> str:
    """The current decision explained."""
    if state.phase == "lock":
        return ("lock one of your two cards face down (lock Xx); the other stays for the next "
                "deal. " + SIGNALS.strip())
    return ("one betting round: fold, check, call, raise N (N = your total bet this round, "
            "antes not counted) or all-in; then the locked cards are compared")


def render(state: OnePokerState, player: int | None = None, you: bool = True) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view); ``you=False``
    (a game the AI plays alone) names ``player``'s seat without "you"."""
    p = player  # None: the public view, no hand shown
    h = state.bet
    over = state.phase == "over"
    lines = [f"One Poker - deal {state.deal_no}"
             + ((" (single deal over)" if state.single_deal else " (match over)") if over
                else "")]
    for d in state.past[-3:]:
        lines.append("  " + _deal_result(d))
    chips = state.chips if over else h["stacks"]
    if over:  # the deal's cards are gone: no UP/DOWN counts, only the chips that decided it
        lines.append("  final chips: " + ", ".join(f"seat {s} {chips[s]}" for s in (0, 1))
                     + " (each began with " + " and ".join(map(str, state.start_chips)) + ")")
        if state.single_deal:
            lines.append("  over: one deal played (single deal), decided as shown above")
        else:
            broke = [s for s in (0, 1) if chips[s] == 0]
            lines.append(f"  over: seat {broke[0] if broke else '?'} has no chips left; "
                         f"seat {1 - broke[0] if broke else '?'} wins the match")
        return "\n".join(lines)
    for seat in ((1 - p, p) if p is not None else (0, 1)):
        who = (("you" if you else "") if seat == p
               else ("opponent" if p is not None else "player"))
        sig = state.signals[seat]
        if seat == p:
            cards = _cards(state.hands[seat])
            lk = state.locked[seat]
            lock = (f", locked {render_cards([lk])}" if lk is not None and state.phase != "over"
                    else "")
        else:
            cards = " ".join(["??"] * len(state.hands[seat])) or "-"
            lock = (", locked a card" if state.locked[seat] is not None
                    and state.phase != "over" else "")
        bet = f", bet {h['bets'][seat]}" if state.phase == "bet" else ""
        label = f"seat {seat} ({who})" if who else f"seat {seat}"
        lines.append(f"  {label}: {cards}  [UP {sig['up']} / DOWN "
                     f"{sig['down']}]  chips {chips[seat]}{bet}{lock}")
    lines.append(SIGNALS)
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
    return "\n".join(lines)


def _deal_result(d: dict) -> str:
    a, b = d["locked"]
    res = "tie, the pot is shared" if d["winner"] is None else f"seat {d['winner']} wins {d['pot']}"
    how = (f" (seat {d['folded']} folded)" if d["folded"] is not None else
           " (the higher card)" if d["winner"] is not None else "")
    return f"deal {d['deal']}: {render_cards([a])} vs {render_cards([b])} -> {res}{how}"


def events(before: OnePokerState, after: OnePokerState, player: int | None,
           you: bool = True) -> list[str]:
    """Lines to print after an action: a deal's result and the next deal's start."""
    out = []
    if len(after.past) > len(before.past):
        out.append(f"-- {_deal_result(after.past[-1])}")
        if after.phase != "over":
            whose = "your" if you else f"seat {player}'s"
            mine = (f"; {whose} cards {_cards(after.hands[player])}" if player is not None
                    else "")
            out.append(f"-- deal {after.deal_no}: chips {after.bet['stacks'][0]} / "
                       f"{after.bet['stacks'][1]}, seat {after.first} locks first{mine}")
    return out
