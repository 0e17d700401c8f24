"""Hold'em hands in the poker hand history (PHH) format: ``dumps`` and ``loads``.

PHH is a small TOML document. What we write for one hand (variant ``'NT'``, no-limit Texas
Hold'em):

``variant``, ``ante_trimming_status``, ``antes``, ``blinds_or_straddles`` (``[10, 20, 0, 0]``),
``min_bet`` (20), ``starting_stacks``, ``actions``, plus the optional ``hand`` (hand number),
``seats`` (our seat + 1 of each player), ``seat_count``, ``players`` and ``finishing_stacks``.

Players are listed in PHH order: clockwise from the button's left, so ``p1`` is the small
blind (heads-up: the big blind) and the last player holds the button. Actions:
``d dh pK AsKd`` (hole cards), ``d db Qh8c4d`` (board), ``pK f`` (fold), ``pK cc``
(check or call), ``pK cbr N`` (bet or raise to N this round), ``pK sm AsKd`` (shown at the
showdown).

``loads`` replays a PHH hand into a one-hand ``HoldemState`` (blinds 10/20, no ante) through
public means only: the state is built with its declared options (the stacks, the button, the
stacked deck built from the hole and board cards, ``hand_no`` from the ``hand`` field) and
every action is applied through ``apply`` under the normal rules, so an illegal history raises
``FormatError`` naming the line. The players' seats come from ``seats`` when present (else the
button is seat 0 and ``p1`` sits on its left). A ``cc`` where our engine has nothing to decide
(the player owes nothing and may not raise) is accepted and skipped.

This module imports the state; the state never imports it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..cards import Card, parse
from ..errors import CardError, FormatError, IllegalAction, OptionError, quote
from .state import HoldemState

NUM = 4
#: the most digits a number of a PHH file may have (chip counts fit in 18)
_MAX_DIGITS = 30


# ---------------------------------------------------------------- writing

def _order(button: int, holes: list[list[int]]) -> list[int]:
    dealt = [i for i in range(NUM) if holes[i]]
    return sorted(dealt, key=lambda i: (i - button - 1) % NUM)


def _cards(cards: list[int]) -> str:
    return "".join(str(Card(c)) for c in cards)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return "'" + v + "'"
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return str(int(v))


def hand_record(state: HoldemState, hand: str = "auto") -> dict:
    """The record of the chosen hand: ``"current"`` (the hand being played), ``"last"`` (the
    last finished hand) or ``"auto"`` (the current hand if any action was taken in it, else the
    last finished one)."""
    if hand not in ("auto", "current", "last"):
        raise IllegalAction(f"hand {quote(hand, 80)}: expected 'auto', 'current' or 'last'")
    current_ok = state.phase != "over"
    if hand == "auto":
        hand = "current" if current_ok and (state.hand_actions or state.last_hand is None) \
            else "last"
    if hand == "last":
        if state.last_hand is None:
            raise IllegalAction("PHH: no hand has finished yet")
        rec = dict(state.last_hand)
        rec["finished"] = True
        return rec
    if not current_ok:
        raise IllegalAction("PHH: the match is over; there is no current hand")
    return {
        "hand": state.hand_no, "button": state.button, "stacks": list(state.hand_stacks),
        "holes": [list(h) for h in state.holes], "actions": state.hand_actions,
        "finished": False, "shown": [], "final": None,
    }


def dumps(state: HoldemState, hand: str = "auto") -> str:
    """One hand of ``state`` as PHH text (``hand``: see ``hand_record``)."""
    rec = hand_record(state, hand)
    order = _order(rec["button"], rec["holes"])
    n = len(order)
    idx = {seat: k + 1 for k, seat in enumerate(order)}
    actions = [f"d dh p{idx[s]} {_cards(rec['holes'][s])}" for s in order]
    for seat, text, amount in rec["actions"]:
        if seat is None:
            actions.append(f"d db {_cards(amount)}")
        elif text == "fold":
            actions.append(f"p{idx[seat]} f")
        elif text in ("check", "call"):
            actions.append(f"p{idx[seat]} cc")
        else:
            actions.append(f"p{idx[seat]} cbr {amount}")
    for s in rec.get("shown", []):
        actions.append(f"p{idx[s]} sm {_cards(rec['holes'][s])}")
    fields: list[tuple[str, Any]] = [
        ("variant", "NT"),
        ("ante_trimming_status", True),
        ("antes", [0] * n),
        ("blinds_or_straddles", [10, 20] + [0] * (n - 2)),
        ("min_bet", 20),
        ("starting_stacks", [rec["stacks"][s] for s in order]),
        ("actions", actions),
        ("hand", rec["hand"]),
        ("seats", [s + 1 for s in order]),
        ("seat_count", NUM),
        ("players", [f"seat {s}" for s in order]),
    ]
    if rec.get("final") is not None:
        fields.append(("finishing_stacks", [rec["final"][s] for s in order]))
    lines = []
    for k, v in fields:
        if k == "actions":
            lines.append("actions = [\n" + "".join(f"  {_value(a)},\n" for a in v) + "]")
        else:
            lines.append(f"{k} = {_value(v)}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- reading

_TOKEN = re.compile(r"""\s*(?:(\[)|(\])|(,)|'([^']*)'|"((?:[^"\\]|\\.)*)"|(true|false)|"""
                    r"""([-+]?\d[\d_]*)|(#[^\n]*))""")


_SKIP = re.compile(r"\s+|#[^\n]*")


def _parse_toml(text: str) -> dict[str, Any]:
    """The subset of TOML that PHH files use: ``key = value`` with ints, booleans, strings
    and (nested, multi-line) arrays; comments; no tables."""
    out: dict[str, Any] = {}
    pos, n = 0, len(text)
    while pos < n:
        while True:  # blank lines and comments
            m = _SKIP.match(text, pos)
            if not m or m.end() == pos:
                break
            pos = m.end()
        if pos >= n:
            break
        m = re.compile(r"([A-Za-z_][A-Za-z0-9_\-]*|'[^']*')\s*=").match(text, pos)
        if not m:
            line = text[pos:].split("\n", 1)[0]
            raise FormatError(f"PHH: cannot read {quote(line, 80)} (expected key = value)")
        key = m.group(1).strip("'")
        if key in out:
            raise FormatError(f"PHH: the field {quote(key)} twice")
        pos = m.end()
        value, pos = _parse_value(text, pos)
        out[key] = value
    return out


def _tokens(text: str, pos: int) -> Iterator[tuple[str, Any, int]]:
    while True:
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            rest = text[pos:].split("\n", 1)[0].strip()
            if not rest:
                yield ("end", None, pos)
                return
            raise FormatError(f"PHH: cannot read value {quote(rest, 80)}")
        pos = m.end()
        if m.group(1):
            yield ("[", None, pos)
        elif m.group(2):
            yield ("]", None, pos)
        elif m.group(3):
            yield (",", None, pos)
        elif m.group(4) is not None:
            yield ("val", m.group(4), pos)
        elif m.group(5) is not None:
            yield ("val", m.group(5).replace('\\"', '"').replace("\\\\", "\\"), pos)
        elif m.group(6):
            yield ("val", m.group(6) == "true", pos)
        elif m.group(7):
            digits = m.group(7).replace("_", "")
            if len(digits) > _MAX_DIGITS:
                raise FormatError(f"PHH: the number {quote(digits, 30)} has more than "
                                  f"{_MAX_DIGITS} digits")
            yield ("val", int(digits), pos)
        # comments are skipped


def _parse_value(text: str, pos: int) -> tuple[Any, int]:
    # an array's items are separated by commas (one after the last is allowed): ``after[-1]``
    # says whether the innermost array's last token was an item, which a comma must follow
    stack: list[list] = []
    after: list[bool] = []
    for kind, val, p in _tokens(text, pos):
        if kind in ("[", "val") and after and after[-1]:
            raise FormatError("PHH: array items must be separated by commas")
        if kind == "[":
            stack.append([])
            after.append(False)
        elif kind == "]":
            if not stack:
                raise FormatError("PHH: unbalanced ']'")
            done = stack.pop()
            after.pop()
            if not stack:
                return done, p
            stack[-1].append(done)
            after[-1] = True
        elif kind == ",":
            if not stack:
                raise FormatError("PHH: ',' outside an array")
            if not after[-1]:
                raise FormatError("PHH: a ',' with no array item before it")
            after[-1] = False
        elif kind == "val":
            if not stack:
                return val, p
            stack[-1].append(val)
            after[-1] = True
        else:
            break
    raise FormatError("PHH: a value or array is not finished")


def _card_list(text: str, line: str) -> list[int]:
    if "?" in text:
        raise FormatError(f"PHH action {quote(line, 80)}: unknown cards cannot be replayed")
    try:
        return [int(c) for c in parse(text)]
    except CardError as exc:
        raise FormatError(f"PHH action {quote(line, 80)}: {exc}") from None


def loads(text: str, *, seed: int = 0) -> HoldemState:
    """Replay one PHH hand into a single-hand ``HoldemState`` (see the module docstring)."""
    if not isinstance(text, str):
        raise FormatError(f"PHH: expected text, got {type(text).__name__}")
    data = _parse_toml(text)
    for key in ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks",
                "actions"):
        if key not in data:
            raise FormatError(f"PHH: missing field {key!r}")
    if data["variant"] != "NT":
        raise FormatError(f"PHH variant {quote(data['variant'], 80)}: only 'NT' (no-limit Texas "
                          "Hold'em) is supported")
    stacks = data["starting_stacks"]
    if (not isinstance(stacks, list) or not 2 <= len(stacks) <= NUM
            or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in stacks)):
        raise FormatError(f"PHH starting_stacks {quote(stacks, 80)}: expected 2 to 4 positive "
                          "chip counts")
    n = len(stacks)
    antes = data["antes"]
    if not (antes == 0 or (isinstance(antes, list) and antes == [0] * n)):
        raise FormatError(f"PHH antes {quote(data['antes'], 80)}: cardcore Hold'em has no ante")
    if data["blinds_or_straddles"] != [10, 20] + [0] * (n - 2):
        raise FormatError(f"PHH blinds_or_straddles {quote(data['blinds_or_straddles'], 80)}: "
                          f"cardcore Hold'em plays blinds 10/20 ({[10, 20] + [0] * (n - 2)})")
    if data["min_bet"] != 20:
        raise FormatError(f"PHH min_bet {quote(data['min_bet'], 80)}: cardcore Hold'em uses 20")
    seats_f = data.get("seats")
    if seats_f is None:
        seats = [k + 1 for k in range(n - 1)] + [0]
    else:
        if (not isinstance(seats_f, list) or len(seats_f) != n
                or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= NUM
                           for x in seats_f)
                or len(set(seats_f)) != n):
            raise FormatError(f"PHH seats {quote(seats_f, 80)}: expected {n} distinct seats "
                              f"1..{NUM}")
        seats = [x - 1 for x in seats_f]
    count = data.get("seat_count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool)
                              or not max(seats) + 1 <= count <= NUM):
        raise FormatError(f"PHH seat_count {quote(count, 80)}: expected {max(seats) + 1}..{NUM} "
                          "(the table's seats, every player's among them)")
    button = seats[-1]
    if sorted(seats, key=lambda i: (i - button - 1) % NUM) != seats:
        raise FormatError(f"PHH seats {quote(seats_f, 80)}: players must sit clockwise from the "
                          "button's left, the button last")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise FormatError("PHH actions: expected a list of strings")
    # cards
    holes: dict[int, list[int]] = {}
    board: list[int] = []
    steps: list[tuple[str, int | None, str, str]] = []
    shows: list[tuple[int, str, str]] = []      # (seat, the cards it shows, the line)
    for line in actions:
        parts = line.split("#", 1)[0].split()
        if not parts:
            continue
        if parts[0] == "d":
            if len(parts) == 4 and parts[1] == "dh":
                k = _player(parts[2], n, line)
                if seats[k] in holes:
                    raise FormatError(f"PHH action {quote(line, 80)}: p{k + 1}'s hole cards "
                                      "are dealt twice")
                holes[seats[k]] = _card_list(parts[3], line)
                if len(holes[seats[k]]) != 2:
                    raise FormatError(f"PHH action {quote(line, 80)}: expected 2 hole cards")
            elif len(parts) == 3 and parts[1] == "db":
                cards = _card_list(parts[2], line)
                if len(cards) != (3 if not board else 1):
                    raise FormatError(f"PHH action {quote(line, 80)}: expected "
                                      f"{'3 cards (the flop)' if not board else '1 card'}")
                board.extend(cards)
                steps.append(("board", None, line, ""))
            else:
                raise FormatError(f"PHH action {quote(line, 80)}: unknown dealing action")
            continue
        k = _player(parts[0], n, line)
        if len(parts) >= 2 and parts[1] in ("f", "cc") and len(parts) == 2:
            steps.append((parts[1], seats[k], line, ""))
        elif len(parts) == 3 and parts[1] == "cbr":
            steps.append(("cbr", seats[k], line, parts[2]))
        elif len(parts) == 3 and parts[1] == "sm":
            shows.append((seats[k], parts[2], line))
        else:
            raise FormatError(f"PHH action {quote(line, 80)}: not a Hold'em action")
    if sorted(holes) != sorted(seats):
        raise FormatError("PHH: every player's hole cards must be dealt ('d dh pK ...')")
    for who, shown, said in shows:      # (cards written as '?' are unknown: nothing to check)
        if "?" not in shown and sorted(_card_list(shown, said)) != sorted(holes[who]):
            raise FormatError(f"PHH action {quote(said, 80)}: those are not the cards dealt "
                              f"to p{seats.index(who) + 1}")
    if len(board) > 5:
        raise FormatError(f"PHH: {len(board)} board cards (at most 5)")
    used = [c for s in sorted(holes) for c in holes[s]] + board
    if len(set(used)) != len(used):
        raise FormatError("PHH: a card is dealt twice")
    rest = [c for c in range(52) if c not in set(used)]
    filler = iter(rest)
    streets = board + [next(filler) for _ in range(5 - len(board))]
    burns = [next(filler) for _ in range(3)]
    deck = [c for s in sorted(holes) for c in holes[s]]
    deck += [burns[0], *streets[:3], burns[1], streets[3], burns[2], streets[4]]
    deck += list(filler)
    chips = [0] * NUM
    for k, s in enumerate(seats):
        chips[s] = stacks[k]
    options: dict[str, Any] = {"stacks": chips, "single_deal": True, "button": button}
    num = data.get("hand")
    if num is not None:
        if not isinstance(num, int) or isinstance(num, bool) or num < 1:
            raise FormatError(f"PHH hand {quote(num, 80)}: expected a hand number >= 1")
        options["hand_no"] = num
    try:
        state = HoldemState(seed=seed, deck=deck, **options)
    except (IllegalAction, OptionError) as exc:
        raise FormatError(f"PHH: {exc}") from None
    dealt = 0
    folded: set[int] = set()
    for kind, seat, line, arg in steps:
        if kind == "board":
            dealt += len(_card_list(line.split()[2], line))
            if len(_board(state)) < dealt:
                raise FormatError(f"PHH action {quote(line, 80)}: the betting round is not over")
            continue
        assert seat is not None  # every non-board step names its seat
        if not state.is_over and len(_board(state)) != dealt:
            raise FormatError(f"PHH action {quote(line, 80)}: the board cards of this betting "
                              "round are not dealt before it ('d db ...')")
        if state.is_over or state.current_player != seat:
            obs = state.observation(seat)
            if (kind == "cc" and seat not in folded and obs["bets"][seat] == max(obs["bets"])
                    and not obs["can_raise"][seat]):
                continue  # a check that decides nothing: our engine skips it
            raise FormatError(f"PHH action {quote(line, 80)}: it is not "
                              f"p{seats.index(seat) + 1}'s turn (seat {state.current_player} "
                              "acts)")
        try:
            if kind == "f":
                state.apply("fold")
                folded.add(seat)
            elif kind == "cc":
                kinds = {a.kind for a in state.legal_actions()}
                state.apply("check" if "check" in kinds else "call")
            else:
                state.apply(f"raise {arg}")
        except IllegalAction as exc:
            raise FormatError(f"PHH action {quote(line, 80)}: {exc}") from None
    return state


def _board(state: HoldemState) -> list[int]:
    """The board cards dealt so far (the last hand's once the state is over)."""
    obs = state.observation(0)
    if state.is_over:
        return list(obs["last_hand"]["board"]) if obs["last_hand"] else []
    return list(obs["board"])


def _player(tok: str, n: int, line: str) -> int:
    m = re.fullmatch(r"p(\d{1,3})", tok)
    if not m or not 1 <= int(m.group(1)) <= n:
        raise FormatError(f"PHH action {quote(line, 80)}: {quote(tok, 80)} is not a player "
                          f"p1..p{n}")
    return int(m.group(1)) - 1


__all__ = ["dumps", "loads", "hand_record"]
