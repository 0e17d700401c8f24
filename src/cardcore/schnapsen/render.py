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
    """A finished deal: who won how many game points, why, and the card points."""
    gp = d["game_points"]
    return (f"deal {d['deal']}: seat {d['winner']} wins {gp} game point{'' if gp == 1 else 's'}"
            f" ({why(d)})")


def why(d: dict) -> str:
    """Why a deal ended and scored what it did, with the card points that decided it."""
    w, gp = d["winner"], d["game_points"]
    pts = d["points"]
    score = f"card points seat 0 {pts[0]}, seat 1 {pts[1]}"
    closer = d.get("closer")
    if closer is not None and closer != w:
        lost = ("the opponent reached 66 first" if d["reason"].startswith("66")
                else f"reached {pts[closer]} of 66")
        more = (f" (3: seat {w} had no trick when the stock was closed)" if gp == 3
                else "")
        return f"seat {closer} closed the stock and failed, {lost}; {score}{more}"
    if closer is not None:
        head = f"seat {w} closed the stock and reached 66"
    elif d["reason"] == "last trick":
        return f"nobody reached 66, seat {w} took the last trick: 1 point; {score}"
    elif d["reason"] == "66 by a marriage":
        head = f"seat {w} reached 66 with a marriage"
    else:
        head = f"seat {w} reached 66"
    scale = ("the loser took no trick" if gp == 3 else
             "the loser had under 33" if gp == 2 else "the loser had 33 or more")
    if closer is not None:
        scale = scale.replace("the loser", "at the close the loser")
    return f"{head}, {scale}; {score}"


def help_text(state: SchnapsenState, player: int | None) -> str:
    """The current decision explained."""
    if state.phase == "lead":
        return ("lead a card; 'marry Kh' leads a K or Q announcing the marriage (20, trumps "
                "40); 'exchange' swaps the trump J for the trump card; 'close' closes the stock "
                "(then strict rules: follow suit and beat if you can, else trump)")
    if state.strict:
        return "follow suit and beat if you can, else follow, else trump, else any card"
    return "any card may follow while the stock is open"


def render(state: SchnapsenState, player: int | None = None, you: bool = True) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view); ``you=False``
    (a game the AI plays alone) names ``player``'s seat without "you"."""
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
        if state.single_deal:
            lines.append(f"  over (single deal): seat {state.match_winner} wins the deal")
        else:
            lines.append(f"  over: seat {state.match_winner} counted down from 7 to 0 and "
                         "wins the match")
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
        me = f"you (seat {p})" if you else f"seat {p}"
        lines.append(f"  {me}: {_cards(sort_hand(state.hands[p]))}; "
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


def events(before: SchnapsenState, after: SchnapsenState, player: int | None,
           you: bool = True) -> list[str]:
    """A finished trick, and a finished deal with its last trick (the next board starts a new
    deal, so this is where that trick is seen)."""
    if len(after.past) > len(before.past):
        d = after.past[-1]
        ended_by_trick = d.get("last_trick") and before.trick  # not by a marriage's 66
        out = [f"-- trick {len(before.tricks) + 1}: {_trick(d['last_trick'])}"
               ] if ended_by_trick else []
        out.append(f"-- {_deal(d)}")
        if after.phase != "over":
            whose = "your" if you else f"seat {player}'s"
            mine = (f"; {whose} cards {_cards(sort_hand(after.hands[player]))}"
                    if player is not None else "")
            out.append(f"== deal {after.deal_no}: dealer seat {after.dealer}, trump card "
                       f"{render_cards([after.trump_card])}{mine}")
        return out
    if len(after.tricks) > len(before.tricks):
        return [f"-- trick {len(after.tricks)}: {_trick(after.tricks[-1])}"]
    return []
