"""The terminal view of Guandan: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view)."""

from __future__ import annotations

from ..cards import Card, use_color
from ..cards import render as render_cards
from .moves import strength, wild_card
from .state import LEVEL_NAMES, GuandanState, ambiguous_sets, reading_names, team_of

_WILD_ON, _WILD_OFF = "\x1b[1;33m", "\x1b[0m"


def hand_text(cards: list[int], level: int, *, color: bool | None = None) -> str:
    """A hand grouped by rank in play order (weakest first), the wild cards marked ``*``
    (and in bold yellow where the terminal shows colour)."""
    if not cards:
        return "-"
    color = use_color() if color is None else color
    wild = wild_card(level)
    groups: dict[int, list[int]] = {}
    for c in sorted(cards, key=lambda c: (strength(c, level), c)):
        groups.setdefault(strength(c, level), []).append(c)
    parts = []
    for group in groups.values():
        shown = []
        for c in group:
            if c == wild:
                text = f"{Card(c)}*"
                shown.append(f"{_WILD_ON}{text}{_WILD_OFF}" if color else text)
            else:
                shown.append(render_cards([c], color=color))
        parts.append(" ".join(shown))
    return " | ".join(parts)


def action_label(text: str) -> str:
    """A play's text as the hand writes it: the jokers ``BJ``/``RJ`` (the notation's ``B``
    and ``R``), e.g. ``BB`` -> ``BJ BJ``; either form is accepted as input."""
    if text and set(text) <= {"B", "R"}:
        return " ".join(f"{c}J" for c in text)
    return text


def help_text(state: GuandanState, player: int | None) -> str:
    """What ``?`` adds: how a play is written, and the card sets of the legal plays that have
    several readings, each with the ``= reading`` that names it."""
    lines = ["a play: as listed (a wild card in brackets, a straight flush with suits), its "
             "ranks in any order (kqjt9; where several plays stand for them, they are listed), "
             "or its exact cards (7h 7s 7d); cards with several readings: name one after '=' "
             "(3s 4s 5s 6s 7s = straight)"]
    if state.phase == "play" and player is not None and state.current_player == player:
        sets = ambiguous_sets(state.legal_actions())
        if sets:
            lines.append("these cards need '= reading' when written as cards:")
        for cards, readings in sets[:8]:
            names = " | ".join(action_label(n) for n in reading_names(readings))
            lines.append(f"  {' '.join(str(c) for c in cards)} = {names}")
        if len(sets) > 8:
            lines.append(f"  ... and {len(sets) - 8} more")
    return "\n".join(lines)


def render(state: GuandanState, player: int | None = None, you: bool = True) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view); ``you=False``
    (a game the AI plays alone) names ``player``'s seat without "you"."""
    level = state.level
    lines = [
        f"Guandan  deal {state.deal_no}  level {LEVEL_NAMES[level]}  "
        f"wild cards: {Card(wild_card(level))}*",
        f"  team 0 (seats 0+2) at {LEVEL_NAMES[state.levels[0]]}, team 1 (seats 1+3) at "
        f"{LEVEL_NAMES[state.levels[1]]}",
    ]
    if state.tribute_cancelled:
        lines.append("Tribute: cancelled (the payers hold both Red Jokers)")
    for r in state.tribute:
        back = (f", returned {render_cards([r['returned']])}" if r["returned"] is not None
                else ", return pending")
        lines.append(f"Tribute: seat {r['from']} gave seat {r['to']} "
                     f"{render_cards([r['card']])}{back}")
    for s in range(4):
        mark = ">" if s == state.current_player else " "
        who = "you" if s == player and you else f"seat {s}"
        place = f"  out #{state.places.index(s) + 1}" if s in state.places else ""
        n = len(state.hands[s])
        head = f"{mark} {who:<6} team {team_of(s)} [{n:2d} card{'' if n == 1 else 's'}]{place}"
        if player is not None and s == player:
            head += ": " + hand_text(state.hands[s], level)
        lines.append(head)
    if state.phase == "play":
        if state.table is not None:
            t = state.table
            passes = f", {state.passes} passed" if state.passes else ""
            lines.append(f"Table: seat {t[0]} played {action_label(t[2])} ({t[1]}){passes}")
        else:
            lines.append(f"Table: empty, seat {state.turn} leads")
    elif state.phase == "return":
        lines.append(f"Seat {state.turn} returns a card to its tribute payer")
    if state.phase == "over":
        assert state.winner_team is not None
        lines.append(f"Over: team {state.winner_team} (seats {state.winner_team} and "
                     f"{state.winner_team + 2}) wins the "
                     + ("deal (single deal)" if state.single_deal else "match"))
        if state.past:
            lines.append("  " + _deal_text(state.past[-1], state.single_deal))
    return "\n".join(lines)


def _deal_text(r: dict, single: bool = False) -> str:
    """A finished deal: the places, and why the winning team goes up as far as it does."""
    team = team_of(r["winners"][0])
    mates = sorted(i + 1 for i, s in enumerate(r["places"]) if team_of(s) == team)
    why = (f"places {mates[0]} and {mates[1]}" if len(mates) > 1 else f"place {mates[0]}")
    return (f"deal {r['deal']} over: places " + ", ".join(f"seat {s}" for s in r["places"])
            + f"; team {team} took {why}: up {r['advance']} "
            f"(levels: team 0 {r['levels'][0]}, team 1 {r['levels'][1]})")


def events(before: GuandanState, after: GuandanState, player: int | None,
           you: bool = True) -> list[str]:
    """A finished deal (places, levels) and the next deal's start (tribute, the viewer's
    cards)."""
    if len(after.past) <= len(before.past):
        return []
    r = after.past[-1]
    out = ["-- " + _deal_text(r)]
    if after.phase != "over":
        whose = "your" if you else f"seat {player}'s"
        mine = (f"; {whose} cards {hand_text(after.hands[player], after.level)}"
                if player is not None else "")
        out.append(f"== deal {after.deal_no} at level {LEVEL_NAMES[after.level]}{mine}")
        for t in after.tribute:
            out.append(f"   tribute: seat {t['from']} gives seat {t['to']} "
                       f"{render_cards([t['card']])}")
        if after.tribute_cancelled:
            out.append("   tribute cancelled (the payers hold both Red Jokers)")
    return out
