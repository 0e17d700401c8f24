"""The terminal view of preference: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view)."""

from __future__ import annotations

from ..cards import format as fmt
from .state import PreferenceState, SUIT_NAMES, _c, _hand_text


def render(state: PreferenceState, player: int | None = None) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view)."""
    p = player
    lines = [f"Preference - deal {state.deal_no} of {state.deals}, dealer seat {state.dealer}"
             + (" (match over)" if state.phase == "over" else "")]
    lines.append(f"  pot {state.pot}; balances: "
                 + ", ".join(f"seat {s} {state.balances[s]:+d}" for s in range(3)))
    if state.past:
        r = state.past[-1]
        if r["void"]:
            lines.append(f"  last deal {r['deal']}: all passed (void)")
        else:
            lines.append(f"  last deal {r['deal']}: seat {r['contract']['declarer']} "
                         f"{_contract_text(r['contract'])}, tricks {r['tricks']}, "
                         f"{'made' if r['made'] else 'failed'}, change {r['delta']}")
    if state.phase == "over":
        lines.append("  final balances: " + ", ".join(
            f"seat {s} {state.balances[s]:+d}" for s in range(3)))
        return "\n".join(lines)
    if state.auction:
        lines.append("  auction: " + ", ".join(f"seat {s} {t}" for s, t in state.auction))
    if state.contract:
        c = state.contract
        lines.append(f"  contract: seat {c['declarer']} {_contract_text(c)}"
                     + (", No Aces announced" if state.no_aces else ""))
        roles = [f"seat {s} {state.defence[s]}" for s in range(3) if state.defence[s]]
        if roles:
            lines.append("  defence: " + ", ".join(roles))
    if state.phase == "play" or state.tricks:
        lines.append("  tricks taken: " + ", ".join(
            f"seat {s} {state.won[s]}" for s in range(3)))
        if state.trick:
            lines.append("  on the table: " + ", ".join(
                f"seat {s} {_c(x)}" for s, x in state.trick))
    for s in range(3):
        if s == p:
            lines.append(f"  seat {s} (you): {_hand_text(state.hands[s])}")
            if state.discards and s == state.declarer:
                lines.append(f"    your discards: {fmt(state.discards)}")
        else:
            lines.append(f"  seat {s}: {len(state.hands[s])} cards")
    lines.append(f"  seat {state._current_player()} to act ({state.phase})")
    return "\n".join(lines)


def _contract_text(c: dict) -> str:
    if c["kind"] == "number":
        t = c.get("trump")
        return f"bid {c['level']}" + (f", trumps {SUIT_NAMES[t]}" if t is not None else "")
    if c["kind"] == "game":
        return f"game {SUIT_NAMES[c['trump']]}"
    return "hearts"
