"""The terminal view of zhengshangyou: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view)."""

from __future__ import annotations

from ..cards import render as render_cards
from ..engines.shedding import seat_lines, table_line
from .state import ZhengShangyouState, sort_cards


#: the rule every follower meets (the board shows it while a play is to be beaten)
MUST_BEAT = "  (must beat: who can beat this, a bomb included, must play; pass only with no answer)"


def help_text(state: ZhengShangyouState, player: int | None) -> str:
    """The decision at hand explained."""
    if state.table is None:
        return ("you lead: any play of yours ('?' lists them)"
                + ("; the opening play includes the 3 of hearts" if state.opening else ""))
    return MUST_BEAT.strip()[1:-1] + "; beat it with a higher play of its kind, or a bomb"


def _payment(state: ZhengShangyouState, seat: int) -> str:
    """What a seat pays at the end: a point a card (doubled if it never played), and 10 for
    the 2 of spades and each unplayed bomb it still holds."""
    n = len(state.hands[seat])
    never = state.num_plays[seat] == 0
    base = n * (2 if never else 1)
    pay = state.penalties()[seat]
    parts = [f"{n} card{'' if n == 1 else 's'}" + (" doubled (never played)" if never else "")]
    if pay > base:
        parts.append(f"{pay - base} for the 2 of spades or bombs held")
    return f"seat {seat} pays {pay} (" + " + ".join(parts) + ")"


def render(state: ZhengShangyouState, player: int | None = None) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view)."""
    def cards(cs):
        return render_cards(sort_cards(cs)) if cs else "-"

    lines = ["Zheng Shangyou" + (f"  bomb bonuses {state.bonus}" if any(state.bonus) else "")]
    lines += seat_lines(state, player, cards)
    if state.table is not None:
        lines.append(table_line(state, cards))
        if not state.over:
            lines.append(MUST_BEAT)
    elif not state.over:
        lines.append(f"Table: empty, seat {state.turn} leads"
                     + (" (the opening play includes the 3 of hearts)" if state.opening else ""))
    if state.pending_bomb is not None and not state.over:
        lines.append(f"Bomb bonus pending for seat {state.pending_bomb}")
    if state.over:
        lines.append(f"Over: seat {state.winner_seat} went out first; the others pay for the "
                     "cards they still hold:")
        lines.append("  " + "; ".join(_payment(state, s) for s in range(3)
                                      if s != state.winner_seat))
        if any(state.bonus):
            lines.append("  bomb bonuses: " + ", ".join(f"seat {s} {b:+d}"
                                                       for s, b in enumerate(state.bonus)))
    return "\n".join(lines)
