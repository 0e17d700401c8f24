"""The terminal view of holdem: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view); ``events`` for the hand and street separators
printed between actions."""

from __future__ import annotations

from ..engines import betting as bt
from ..cards import render as render_cards
from .state import STREETS, HoldemState, NUM


def fmt(cards) -> str:
    """Cards as shown (coloured where the terminal allows), in the order given."""
    return render_cards(cards) if cards else ""


def hole_text(cards) -> str:
    """Hole cards, the higher first."""
    return fmt(sorted(cards, reverse=True))


def render(state: HoldemState, player: int | None = None, you: bool = True) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view); ``you=False``
    (a game the AI plays alone) names ``player``'s seat without "you"."""
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
            f"seat {i} {v:+d}" for i, v in enumerate(last["net"]) if last["stacks"][i] > 0)
            + f" ({why(last)})")
    if over:
        final = [state.start_stacks[i] + int(v) for i, v in enumerate(state.scores())]
        lines.append("  final stacks: " + ", ".join(f"seat {i} {v}" for i, v in enumerate(final)))
        if state.single_deal:
            lines.append("  over: one hand played (single deal), settled as shown above")
        else:
            left = [i for i, v in enumerate(final) if v > 0]
            lines.append(f"  match over: seat {left[0]} holds all {sum(final)} chips"
                         if len(left) == 1 else "  match over")
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
        cards = hole_text(state.holes[s]) if s == p else "?? ??"
        mark = ">" if s == state.bet["actor"] else " "
        who = " (you)" if s == p and you else ""
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


def why(last: dict) -> str:
    """How a finished hand was decided: by folds, or at the showdown by which hands."""
    from ..poker import category

    takers = [s for s, v in enumerate(last["won"]) if v > 0]
    if not last.get("showdown"):
        return (f"seat {takers[0]} takes the pot: the others folded" if len(takers) == 1
                else "the others folded")
    values = last.get("values", {})
    return "showdown: " + ", ".join(
        f"seat {s} wins {last['won'][s]} with "
        + (category(values[str(s)]) if str(s) in values else "the best hand")
        for s in takers)


def _streets(first: int, board: list[int]) -> list[str]:
    """Separator lines for the streets from ``first`` on that ``board`` has dealt."""
    last = {0: 0, 3: 1, 4: 2, 5: 3}[len(board)]
    return [f"-- {STREETS[k]}: {fmt(board[:k + 2])}" for k in range(first, last + 1)]


def events(before: HoldemState, after: HoldemState, player: int | None,
           you: bool = True) -> list[str]:
    """Separators: each street dealt (with the board), a hand's end (showdown, result) and
    the next hand's start (button, blinds, the viewer's hole cards)."""
    last = after.last_hand
    if last is None or last["hand"] != before.hand_no or before.phase == "over":
        if after.street > before.street:  # the same hand goes on
            return [f"{x}  (pot {after.pot})" for x in _streets(before.street + 1, after.board)]
        return []
    out = _streets(before.street + 1, last["board"])
    out.append(f"-- hand {last['hand']} over"
               + (f", board {fmt(last['board'])}" if last["board"] else ""))
    for s in last["shown"]:
        out.append(f"   seat {s} shows {fmt(last['holes'][s])}")
    out.append("   result: " + ", ".join(f"seat {i} {v:+d}" for i, v in enumerate(last["net"])
                                         if last["stacks"][i] > 0) + f" ({why(last)})")
    if after.phase != "over":
        mine = ""
        if player is not None and after.holes[player]:
            whose = "your" if you else f"seat {player}'s"
            mine = f"; {whose} cards {hole_text(after.holes[player])}"
        out.append(f"== hand {after.hand_no}: button seat {after.button}, blinds seats "
                   f"{after.sb}/{after.bb}{mine}")
    return out
