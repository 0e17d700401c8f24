"""The terminal view of bridge: ``render(state, player)``, text built only from what
``player`` may see (``None``: the public view: the auction, the played cards and dummy once it
is down, never a closed hand); ``seat_name`` (the compass names the log uses) and ``events``
for the lines between boards (the contract, each trick)."""

from __future__ import annotations

from ..cards import RANKS, use_color
from ..cards import render as render_cards
from .seats import HAND_SUIT_IDS, HAND_SUITS, SEAT_LONG
from .state import BridgeState, _auction_table, _sort_hand

_RED, _RESET = "\x1b[31m", "\x1b[0m"


def seat_name(seat: int) -> str:
    """The compass name of game seat ``seat`` (S, W, N, E = 0..3)."""
    return SEAT_LONG[seat]


def help_text(state: BridgeState, player: int | None) -> str:
    """The decision at hand explained."""
    if state.phase == "auction":
        return ("call: pass, X (double), XX (redouble) or a bid 1C..7NT above the last one "
                "(C < D < H < S < NT)")
    return "play a card: follow the suit led if you can, else any card"


def render(state: BridgeState, player: int | None = None, you: bool = True) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view); ``you=False``
    (a game the AI plays alone) names ``player``'s seat without "you"."""
    p = player
    view = ("public view" if p is None else
            ("you are " if you else "seen from ") + SEAT_LONG[p])
    out = [f"Bridge -- {view}; "
           f"dealer {SEAT_LONG[state.dealer]}; vulnerable: {state.vulnerability}"]
    out += _auction_table(state.calls, state.dealer)
    if state.contract:
        assert state.declarer is not None
        out.append(f"Contract: {state.contract} by {SEAT_LONG[state.declarer]}   "
                   f"tricks NS {state.won[0]}, EW {state.won[1]}")
    dummy = state.dummy
    if state.dummy_visible and dummy is not None and dummy != p:
        out.append(f"Dummy ({SEAT_LONG[dummy]}):")
        out += ["  " + x for x in _hand_lines(state.hands[dummy])]
    if p is not None:
        out.append(f"Your hand ({SEAT_LONG[p]}):" if you else f"{SEAT_LONG[p]}'s hand:")
        out += ["  " + x for x in _hand_lines(state.hands[p])]
    t = state._trick()
    if t is not None:
        out.append(f"Trick {len(state.tricks)}: {_played(t)}")
    elif state.tricks and state.phase == "play":
        last = state.tricks[-1]
        out.append(f"Last trick: {_played(last)} -- won by {SEAT_LONG[last['winner']]}")
    if state.phase == "over":
        if state.passed_out:
            out.append("Passed out: 0 for both sides.")
        else:
            b = state.score_breakdown()
            out.append(f"Result: {b.result_text} ({state.declarer_tricks} tricks)")
            out += ["  " + x for x in b.lines()]
            out.append(f"Score: NS {state.ns_score():+d}, EW {-state.ns_score():+d}")
    else:
        cp = state._current_player()
        assert cp is not None
        ph = state.playing_hand
        if ph is not None and ph != cp:
            out.append(f"To play: {SEAT_LONG[cp]}, from dummy ({SEAT_LONG[ph]})")
        else:
            out.append(f"To {'call' if state.phase == 'auction' else 'play'}: "
                       f"{SEAT_LONG[cp]}")
    return "\n".join(out)


def _played(t: dict) -> str:
    return ", ".join(f"{SEAT_LONG[(t['leader'] + k) % 4]} {render_cards([c])}"
                     for k, c in enumerate(t["cards"]))


def _hand_lines(cards: list[int], color: bool | None = None) -> list[str]:
    """One line per suit, spades first: ``S: A K 4`` (hearts and diamonds red where the
    terminal shows colour)."""
    color = use_color() if color is None else color
    out = []
    for suit, sym in zip(HAND_SUIT_IDS, HAND_SUITS):
        ranks = [RANKS[c >> 2] for c in _sort_hand([c for c in cards if c & 3 == suit])]
        line = f"{sym}: {' '.join(ranks) if ranks else '-'}"
        out.append(f"{_RED}{line}{_RESET}" if color and suit in (1, 2) else line)
    return out


def events(before: BridgeState, after: BridgeState, player: int | None) -> list[str]:
    """The auction's end, and each finished trick with the running count."""
    if after.contract and not before.contract:
        assert after.declarer is not None
        return [f"-- contract {after.contract} by {SEAT_LONG[after.declarer]}; "
                f"{SEAT_LONG[(after.declarer + 1) % 4]} leads"]
    if after.passed_out and not before.passed_out:
        return ["-- passed out"]
    done = [t for t in after.tricks if t["winner"] is not None]
    if len(done) > sum(1 for t in before.tricks if t["winner"] is not None):
        t = done[-1]
        return [f"-- trick {len(done)}: {_played(t)} -- won by {SEAT_LONG[t['winner']]} "
                f"(NS {after.won[0]}, EW {after.won[1]})"]
    return []
