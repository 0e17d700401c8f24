"""The terminal view of preference: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view); ``events`` for the lines between boards
(each trick, a deal's result); ``help_text`` explains the decision at hand (hold, game,
invite, alone...)."""

from __future__ import annotations

from ..cards import render as render_cards
from .state import DISPLAY_SUITS, SUIT_NAMES, PreferenceState, sort_hand, suit

#: what each decision means (``?`` prints the one at hand; the board shows it to the seat to act)
HELP = {
    "auction": (
        "auction: a number 1-4 bids for the talon (take it, discard two, name trumps: clubs 1 < "
        "spades 2 < diamonds 3 < hearts 4, no lower than the bid); 'hold' claims the number "
        "just bid over you (the earlier seat has priority at equal numbers); 'game <suit>' "
        "plays that trump suit without the talon and 'hearts' plays hearts without it (both "
        "only at your first turn; hearts ends the auction); 'pass' leaves the auction. Six "
        "tricks make any contract."),
    "discard": "put two cards away face down (e.g. 'discard 7c 8d'); only you see them",
    "trump": "name trumps, no lower than your bid (clubs 1 < spades 2 < diamonds 3 < hearts 4)",
    "announce": ("'no aces', offered when you hold no ace and put none away: announced, it "
                 "brings 10 from each opponent if you make the contract and costs 10 each if "
                 "you fail; 'no announcement' otherwise (every declarer is asked, so the "
                 "question tells the defenders nothing)"),
    "defence": ("'stay' defends: you undertake to take 2 tricks (else you pay 10 into the pot) "
                "and are paid 1 per trick; 'drop' sits this deal out (both drop: the declarer "
                "is credited all ten tricks)"),
    "invite": ("'invite' makes the other defender play too as your guest: you collect all the "
               "defence's trick payments and answer for 4 tricks together; 'alone' plays you "
               "against the declarer, two cards a trick"),
    "play": ("follow suit, else trump, else any card; and beat the winning card if you can "
             "(after the declarer's lead, the first of two defenders plays the lowest such)"),
}


#: the one-line reminder under the board of the seat to act ('?' gives the whole of ``HELP``)
HINT = {
    "auction": "number: bid for the talon; hold: take the number bid over you; game/hearts: "
               "no talon",
    "discard": "put two cards away face down; only you see them",
    "trump": "no lower than your bid: clubs 1 < spades 2 < diamonds 3 < hearts 4",
    "announce": "no aces: +10 from each opponent if you make it, -10 each if you fail",
    "defence": "stay: defend and take 2 tricks (else pay 10); drop: sit the deal out",
    "invite": "invite: the other defender plays as your guest (4 tricks between you); "
              "alone: just you",
}


def help_text(state: PreferenceState, player: int | None) -> str:
    """The decision at hand explained."""
    return HELP.get(state.phase, "")


def _cards(cards) -> str:
    return render_cards(cards) if cards else "-"


def list_order(state: PreferenceState, legal: list) -> list:
    """The legal actions as the list shows them: the cards in the order of the hand (by suit:
    clubs, spades, diamonds, hearts; high to low), after the other actions."""
    seat = state.current_player
    hand = sort_hand(state.hands[seat]) if seat is not None else []
    place = {c: i for i, c in enumerate(hand)}

    def key(item):
        i, a = item
        if a.kind == "play" and len(a.cards) == 1 and int(a.cards[0]) in place:
            return (1, place[int(a.cards[0])])
        return (0, i)

    return [a for _, a in sorted(enumerate(legal), key=key)]


def hand_text(cards: list[int]) -> str:
    """A hand by suit (clubs, spades, diamonds, hearts), high to low, suits two spaces apart."""
    parts = []
    for s in DISPLAY_SUITS:
        cs = [c for c in sort_hand(cards) if suit(c) == s]
        if cs:
            parts.append(render_cards(cs))
    return "  ".join(parts) if parts else "-"


def _trick(t: dict) -> str:
    return (", ".join(f"seat {s} {render_cards([c])}" for s, c in t["cards"])
            + f" -- won by seat {t['winner']}")


def _deal(r: dict) -> str:
    if r["void"]:
        return f"deal {r['deal']}: all passed (void)"
    d = r["contract"]["declarer"]
    return (f"deal {r['deal']}: seat {d} {_contract_text(r['contract'])}, tricks {r['tricks']}, "
            f"{'made' if r['made'] else 'failed'} (seat {d} took {r['tricks'][d]} of the 6 "
            f"needed), change {r['delta']}")


def render(state: PreferenceState, player: int | None = None, you: bool = True) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view); ``you=False``
    (a game the AI plays alone) names ``player``'s seat without "you"."""
    p = player
    lines = [f"Preference - deal {state.deal_no} of {state.deals}, dealer seat {state.dealer}"
             + (" (match over)" if state.phase == "over" else "")]
    lines.append(f"  pot {state.pot}; balances: "
                 + ", ".join(f"seat {s} {state.balances[s]:+d}" for s in range(3)))
    if state.past:
        r = state.past[-1]
        lines.append("  last " + _deal(r))
        if r.get("last_trick") and not state.tricks:
            lines.append(f"    its last trick: {_trick(r['last_trick'])}")
    if state.phase == "over":
        lines.append(f"  over: all {state.deals} deal{'' if state.deals == 1 else 's'} played; "
                     "the balances above are final")
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
                f"seat {s} {render_cards([x])}" for s, x in state.trick))
        elif state.tricks:
            lines.append(f"  last trick: {_trick(state.tricks[-1])}")
    for s in range(3):
        if s == p:
            lines.append(f"  seat {s}{' (you)' if you else ''}: {hand_text(state.hands[s])}")
            if state.discards and s == state.declarer:
                lines.append(f"    {'your' if you else 'its'} discards: "
                             f"{_cards(state.discards)}")
        else:
            n = len(state.hands[s])
            lines.append(f"  seat {s}: {n} card{'' if n == 1 else 's'}")
    cp = state._current_player()
    lines.append(f"  seat {cp} to act ({state.phase})")
    if p is not None and cp == p and you and state.phase in HINT:
        lines.append(f"  ({HINT[state.phase]})")
    return "\n".join(lines)


def events(before: PreferenceState, after: PreferenceState, player: int | None,
           you: bool = True) -> list[str]:
    """A finished trick; a finished deal (its last trick, its result) and the next deal."""
    if len(after.past) > len(before.past):
        r = after.past[-1]
        out = []
        if r.get("last_trick") and before.phase == "play":
            out.append(f"-- trick {len(before.tricks) + 1}: {_trick(r['last_trick'])}")
        out.append(f"-- {_deal(r)}")
        if after.phase != "over":
            whose = "your" if you else f"seat {player}'s"
            mine = (f"; {whose} cards {hand_text(after.hands[player])}" if player is not None
                    else "")
            out.append(f"== deal {after.deal_no}: dealer seat {after.dealer}{mine}")
        return out
    if len(after.tricks) > len(before.tricks):
        return [f"-- trick {len(after.tricks)}: {_trick(after.tricks[-1])}"]
    if after.contract and not before.contract:
        return [f"-- contract: seat {after.contract['declarer']} "
                f"{_contract_text(after.contract)}"]
    return []


def _contract_text(c: dict) -> str:
    if c["kind"] == "number":
        t = c.get("trump")
        return f"bid {c['level']}" + (f", trumps {SUIT_NAMES[t]}" if t is not None else "")
    if c["kind"] == "game":
        return f"game {SUIT_NAMES[c['trump']]}"
    return "hearts"
