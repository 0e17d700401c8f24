"""The terminal view of schnapsen: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view); ``events`` for the lines between boards
(each trick, and a deal's last trick and result)."""

from __future__ import annotations

from ..cards import SUITS
from ..cards import render as render_cards
from .state import SchnapsenState, sort_hand


def _cards(cards) -> str:
    return render_cards(cards) if cards else "-"


def _n(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _trick(t: dict) -> str:
    return f"{_cards(t['cards'])} won by seat {t['winner']}"


def _deal(d: dict) -> str:
    return (f"deal {d['deal']}: seat {d['winner']} wins {d['game_points']} "
            f"game point{'' if d['game_points'] == 1 else 's'} ({d['reason']})")


def help_text(state: SchnapsenState, player: int | None) -> str:
    """The current decision explained."""
    if state.phase == "lead":
        return ("lead a card; 'marry Kh' leads a K or Q announcing the marriage (20, trumps "
                "40); 'exchange' swaps the trump J for the trump card; 'close' closes the stock "
                "(then strict rules: follow suit and beat if you can, else trump)")
    if state.strict:
        return "follow suit and beat if you can, else follow, else trump, else any card"
    return "any card may follow while the stock is open"


def render(state: SchnapsenState, player: int | None = None) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view)."""
    p = 0 if player is None else player
    title = "Schnapsen" + (" (single deal)" if state.single_deal else " (seven-point match)")
    lines = [f"{title} - deal {state.deal_no}, dealer seat {state.dealer}"]
    for d in state.past[-3:]:
        lines.append("  " + _deal(d))
    if state.past and state.past[-1].get("last_trick") and not state.tricks:
        lines.append(f"    its last trick: {_trick(state.past[-1]['last_trick'])}")
    lines.append(f"  match count (7 down to 0): seat 0 {state.counts[0]}, "
                 f"seat 1 {state.counts[1]}")
    if state.phase == "over":
        lines.append(f"  over: seat {state.match_winner} wins")
        return "\n".join(lines)
    tc = (f"trump card {render_cards([state.trump_card])}" if state.stock
          else "trump card taken")
    stock = (f"stock closed by seat {state.closer} ({_n(len(state.stock))})"
             if state.closed else f"stock {_n(len(state.stock))}")
    lines.append(f"  trumps {SUITS[state.trump]}: {tc}; {stock}")
    if player is None:               # the public view: no hand shown
        for seat in (0, 1):
            lines.append(f"  seat {seat}: {_n(len(state.hands[seat]))}; "
                         f"tricks {state.tricks_won[seat]}")
    else:
        lines.append(f"  you (seat {p}): {_cards(sort_hand(state.hands[p]))}; "
                     f"points {state.points[p]}"
                     + (f" (+{state.pending[p]} pending)" if state.pending[p] else "")
                     + f"; tricks {state.tricks_won[p]}")
        known = state.known[1 - p]
        lines.append(f"  opponent (seat {1 - p}): {_n(len(state.hands[1 - p]))}"
                     + (f", known {_cards(sort_hand(known))}" if known else "")
                     + f"; tricks {state.tricks_won[1 - p]}")
    for seat in (0, 1):
        if state.marriages[seat]:
            lines.append(f"  seat {seat} announced: "
                         + ", ".join(f"K{SUITS[s]}-Q{SUITS[s]}" for s in state.marriages[seat]))
    if state.tricks:
        lines.append(f"  last trick: {_trick(state.tricks[-1])}")
    if state.trick:
        lines.append(f"  on the table: {render_cards([state.trick[0][1]])} led by seat "
                     f"{state.trick[0][0]}")
    lines.append(f"  seat {state._current_player()} to "
                 + ("lead" if state.phase == "lead" else "follow"))
    return "\n".join(lines)


def events(before: SchnapsenState, after: SchnapsenState, player: int | None) -> list[str]:
    """A finished trick, and a finished deal with its last trick (the next board starts a new
    deal, so this is where that trick is seen)."""
    if len(after.past) > len(before.past):
        d = after.past[-1]
        ended_by_trick = d.get("last_trick") and before.trick  # not by a marriage's 66
        out = [f"-- trick {len(before.tricks) + 1}: {_trick(d['last_trick'])}"
               ] if ended_by_trick else []
        out.append(f"-- {_deal(d)}")
        if after.phase != "over":
            mine = (f"; your cards {_cards(sort_hand(after.hands[player]))}"
                    if player is not None else "")
            out.append(f"== deal {after.deal_no}: dealer seat {after.dealer}, trump card "
                       f"{render_cards([after.trump_card])}{mine}")
        return out
    if len(after.tricks) > len(before.tricks):
        return [f"-- trick {len(after.tricks)}: {_trick(after.tricks[-1])}"]
    return []
