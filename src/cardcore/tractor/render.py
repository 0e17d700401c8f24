"""The terminal view of tractor: ``render(state, player)``, drawn only from
``state.observation(player)`` (``None``: the public view, no hand and no kitty), so it never
shows another seat's hidden cards."""

from __future__ import annotations

from ..cards import Card
from ..cards import render as render_cards
from .rules import SUITS
from .state import NO_TRUMP, TractorState, sort_hand

_SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_LEVEL = {"T": "10"}


def _lv(level: str) -> str:
    return _LEVEL.get(level, level)


def _cards(cards) -> str:
    return render_cards(cards) if cards else "-"


def _trump_text(obs: dict) -> str:
    t = obs["trump"]
    if t is None:
        return "not settled"
    if t == "nt":
        return f"no-trump (jokers and the {_lv(obs['level'])}s)"
    return f"{_SUIT_NAMES[t]} (with the jokers and the {_lv(obs['level'])}s)"


def _grouped(hand: list[int], obs: dict) -> list[str]:
    """The hand by effective suit (c, d, h, s, then all the trumps together), low to high."""
    from .rules import LEVELS

    level = LEVELS.index(obs["level"])
    t = obs["trump"]
    trump = None if t is None else (NO_TRUMP if t == "nt" else SUITS.index(t))
    ordered = sort_hand(hand, trump, level)
    groups: dict[str, list[int]] = {}
    for c in ordered:
        if c >= 52 or (c >> 2) == level or (trump is not None and (c & 3) == trump):
            key = "trumps" if trump is not None else "jokers/level"
        else:
            key = _SUIT_NAMES[SUITS[c & 3]]
        groups.setdefault(key, []).append(c)
    return [f"    {k + ':':<14}{_cards(v)}" for k, v in groups.items()]


def single_deal_result(record: dict) -> str:
    """Why a single deal scores what it does, from its deal record: the winning side's score
    is the levels it rises, so attackers who take 80-115 points win the deal (they take it
    over) and every score is 0."""
    side, rise = record["result"]
    points = record["points"]
    if not rise:
        return (f"the attackers' {points} points (80-115) take the deal over without rising a "
                "level; a single deal scores the levels the winners rise, so every score is 0")
    levels = f"{rise} level{'s' if rise > 1 else ''}"
    how = (f"the defenders kept the attackers to {points} points" if side == "defenders" else
           f"the attackers took {points} points")
    return f"{how} and rise {levels}: +{rise} to each of them, -{rise} to the others"


def render(state: TractorState, player: int | None = None, you: bool = True) -> str:
    """The terminal view of ``state`` for ``player`` (``None``: the public view); ``you=False``
    (a game the AI plays alone) names ``player``'s seat without "you"."""
    obs = state.observation(0 if player is None else player)
    lines = [f"Tractor{' (single deal)' if state.single_deal else ''} - deal {obs['deal']}, "
             f"level {_lv(obs['level'])}, trumps {_trump_text(obs)}"]
    lv = obs["team_levels"]
    dealer = obs["dealer"]
    roles = ["", ""]
    if dealer is not None and obs["phase"] != "over":
        roles[dealer & 1] = " (defending)"
        roles[1 - (dealer & 1)] = " (attacking)"
    lines.append(f"  levels: seats 0 & 2 at {_lv(lv[0])}{roles[0]}; "
                 f"seats 1 & 3 at {_lv(lv[1])}{roles[1]}")
    for r in obs["past"][-2:]:
        side, rise = r["result"]
        what = (f"the defenders rise {rise}" if side == "defenders" else
                "the attackers take over" + (f" and rise {rise}" if rise else ""))
        lines.append(f"  deal {r['deal']}: attackers {r['points']} points"
                     + (f" (kitty bonus {r['kitty_bonus']})" if r["kitty_bonus"] else "")
                     + f", {what}; kitty was {_cards(r['kitty'])}")
    if obs["phase"] == "over":
        w = state.winners
        if state.single_deal:
            lines.append(f"  over (single deal): seats {w[0]} & {w[1]} win the deal; "
                         + single_deal_result(obs["past"][-1]))
        else:
            lines.append(f"  over: seats {w[0]} & {w[1]} went up beyond A and win the match")
        return "\n".join(lines)
    lines.append(f"  dealer: {'seat ' + str(dealer) if dealer is not None else 'not known yet'}"
                 f"; attackers' points {obs['attacker_points']}")
    if obs["phase"] == "declare" or obs["declarations"]:
        said = ", ".join(f"seat {s} {t}" for s, t in obs["declarations"]) or "none yet"
        lines.append(f"  declarations (seat {obs['first_speaker']} first): {said}")
    if obs["revealed_kitty"] is not None:
        lines.append(f"  all passed: the kitty was turned up: {_cards(obs['revealed_kitty'])}")
    if player is not None:
        if obs["kitty"] is not None:
            lines.append(f"  kitty {'you' if you else 'seat ' + str(player)} took: "
                         f"{_cards(sorted(obs['kitty']))}; "
                         f"buried so far: {_cards(obs['buried'])}")
        n = len(obs["hand"])
        count = f"{n} card{'' if n == 1 else 's'}"
        lines.append(f"  your hand (seat {player}, {count}):" if you else
                     f"  seat {player}'s hand ({count}):")
        lines += _grouped(obs["hand"], obs)
    lines.append("  cards held: " + ", ".join(f"seat {i} {n}"
                                              for i, n in enumerate(obs["hand_sizes"])))
    if obs["tricks"]:
        t = obs["tricks"][-1]
        lines.append("  last trick: " + "; ".join(f"seat {s} {_cards(c)}" for s, c in t["plays"])
                     + f" - won by seat {t['winner']} ({t['points']} points)")
    if obs["phase"] == "play":
        plays = dict(obs["trick"])
        if obs["picking"] is not None:
            s, c = obs["picking"]
            plays[s] = c
        if plays:
            order = [(obs["leader"] + i) % 4 for i in range(4)]
            lines.append("  trick: " + "; ".join(
                f"seat {s} {_cards(plays[s]) if s in plays else '...'}" for s in order))
    verb = {"declare": "declare or pass", "bury": "bury a card", "play": "play"}[obs["phase"]]
    if obs["phase"] == "bury" and player == obs["to_act"] and obs["buried"] is not None:
        left = 8 - len(obs["buried"])
        some = " ".join(str(Card(c)) for c in obs["hand"][:3])  # the dealer's own cards
        verb = (f"bury {left} more card{'s' if left > 1 else ''}"
                + (f" (one at a time, or several at once: bury {some} ...)" if left > 1
                   else ""))
    lines.append(f"  seat {obs['to_act']} to {verb}")
    return "\n".join(lines)
