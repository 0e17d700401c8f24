"""The no-limit betting rule of the poker games (Hold'em and One Poker), in plain Python.

Kernel layer: the one definition of the rule. The betting engine (``cardcore.engines.betting``)
re-exports every name here and adds the game's ``Action`` objects (``action_of``, ``actions``,
``resolve``); the plain-Python twin of the Hold'em step core (``cardcore._ref.holdem_step``)
calls it directly.

The whole betting state of one hand is a plain dict of JSON-native values (see ``new_hand``),
so a game ``State`` can keep it as an attribute and ``clone``/``to_json`` work unchanged. The
functions below read and update that dict; nothing else is stored anywhere.

Actions (``legal``/``act``; as ``Action`` objects in the engine):

``fold``       give up the hand (only when something is owed: folding for free is refused);
``check``      nothing owed;
``call``       match the highest bet of the round, or put in every chip left when that is less
               (a call for less is an all-in call);
``raise N``    make the total bet for this round ``N`` (the first bet of a round is also written
               ``raise N``; the games accept ``bet N`` as an alias). ``N`` runs from
               ``min_raise_to`` to ``max_raise_to``;
``all-in``     raise with every chip left (it may be below the minimum raise: a "short" all-in).

Rules the engine applies (both games' rules pages say the same):

* a raise must add at least the last full bet or raise increment (the round starts with
  ``min_bet`` as that increment); the minimum is capped only by the actor's own chips
  (``min_raise_to`` is at most the actor's all-in total);
* a short all-in does not reopen raising for a player who already acted this round: such a
  player may raise again only when the total increase over the bet they last acted on reaches
  the last full increment (several short all-ins can add up to it);
* nobody may raise when no other player still in the hand can bet, that is, put in more than
  the highest bet (so facing an all-in opponent heads-up you may only call or fold, and a raise
  nobody could call is refused), nor with no chips beyond the call;
* a player who owes nothing and may not raise has no decision and is skipped;
* the uncalled part of the largest contribution is returned (``return_uncalled``);
* pots are built from the contribution levels of the players not folded (``pots``), folded
  chips stay in, and ``award`` pays each pot to its best eligible hands, odd chips one by one
  clockwise from a given seat.

Action ids (``sized``, ``id_of``, ``act_id``), the same in every game on this engine:
``0`` fold, ``1`` check, ``2`` call, ``3`` raise min, ``4`` raise 1/2 pot, ``5`` raise pot,
``6`` all-in. Ids 3..5 stand for the representative sizes ``legal`` lists (half pot and pot
count the pot after the actor's call: ``raise to`` the highest bet plus that much); a size
equal to an earlier one is listed once, under the earlier id. Other raise amounts have no id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import IllegalAction, quote

Hand = dict  # the betting state of one hand, JSON-native

# Action ids (``sized``, ``id_of``): the same numbers in every game that uses this engine,
# documented in docs/actions/holdem.md and docs/actions/onepoker.md.
FOLD, CHECK, CALL, RAISE_MIN, RAISE_HALF_POT, RAISE_POT, ALL_IN = range(7)
NUM_IDS = 7
#: the kind of each id
ID_KINDS = ("fold", "check", "call", "raise", "raise", "raise", "all-in")
#: what each id stands for
ID_NAMES = ("fold", "check", "call", "raise min", "raise 1/2 pot", "raise pot", "all-in")
_KIND_IDS = {"fold": FOLD, "check": CHECK, "call": CALL, "all-in": ALL_IN}


def new_hand(stacks: Sequence[int], dealt: Sequence[bool] | None = None, min_bet: int = 1) -> Hand:
    """A new hand: ``stacks`` chips behind per seat; seats with ``dealt`` False sit out
    (they count as folded and never act)."""
    n = len(stacks)
    if dealt is None:
        dealt = [True] * n
    return {
        "stacks": [int(s) for s in stacks],
        "bets": [0] * n,          # chips put in this betting round
        "contrib": [0] * n,       # chips put in this hand (antes, blinds, bets)
        "folded": [not d for d in dealt],
        "pending": [False] * n,   # still has to act this round
        "faced": [None] * n,      # the highest bet when the seat last acted this round
        "max_bet": 0,
        "last_inc": min_bet,      # last full bet or raise increment
        "min_bet": min_bet,
        "actor": None,
        "rounds": 0,
    }


# ---------------------------------------------------------------- chips in

def post(h: Hand, seat: int, amount: int, *, as_bet: bool) -> int:
    """Seat puts ``amount`` in before the round (ante: ``as_bet=False``; blind: ``True``).
    A seat that cannot cover it puts in what it has (and is all-in). Returns the chips posted."""
    paid = min(amount, h["stacks"][seat])
    h["stacks"][seat] -= paid
    h["contrib"][seat] += paid
    if as_bet:
        h["bets"][seat] += paid
        if h["bets"][seat] > h["max_bet"]:
            h["max_bet"] = h["bets"][seat]
    return paid


def start_round(h: Hand, first: int, *, keep_bets: bool = False) -> None:
    """Open a betting round; ``first`` is the first seat to consider clockwise.

    ``keep_bets`` keeps posted blinds as this round's bets (Hold'em preflop)."""
    n = len(h["stacks"])
    if not keep_bets:
        h["bets"] = [0] * n
        h["max_bet"] = 0
    h["last_inc"] = h["min_bet"]
    h["faced"] = [None] * n
    h["pending"] = [not h["folded"][i] and h["stacks"][i] > 0 for i in range(n)]
    h["rounds"] += 1
    h["actor"] = None
    _advance(h, first)


# ---------------------------------------------------------------- queries

def live(h: Hand) -> list[int]:
    """Seats still in the hand (not folded)."""
    return [i for i, f in enumerate(h["folded"]) if not f]


def owed(h: Hand, seat: int) -> int:
    """Chips ``seat`` needs to match the highest bet (before capping by its stack)."""
    return h["max_bet"] - h["bets"][seat]


def pot_total(h: Hand) -> int:
    return sum(h["contrib"])


def can_raise(h: Hand, seat: int) -> bool:
    """Whether ``seat`` may bet or raise now (see the module docstring)."""
    if h["folded"][seat] or h["stacks"][seat] <= owed(h, seat):
        return False
    if not _others_can_bet(h, seat):
        return False
    faced = h["faced"][seat]
    return faced is None or h["max_bet"] - faced >= h["last_inc"]


def _others_can_bet(h: Hand, seat: int) -> bool:
    """Whether another live player could still put in more than the highest bet."""
    m = h["max_bet"]
    return any(h["bets"][j] + h["stacks"][j] > m for j in live(h) if j != seat)


def min_raise_to(h: Hand, seat: int | None = None) -> int | None:
    """The smallest legal ``raise N`` for ``seat`` (default: the actor), or None."""
    seat = h["actor"] if seat is None else seat
    if seat is None or not can_raise(h, seat):
        return None
    return min(h["max_bet"] + h["last_inc"], h["bets"][seat] + h["stacks"][seat])


def max_raise_to(h: Hand, seat: int | None = None) -> int | None:
    """The largest legal ``raise N`` (all-in), or None."""
    seat = h["actor"] if seat is None else seat
    if seat is None or not can_raise(h, seat):
        return None
    return h["bets"][seat] + h["stacks"][seat]


def _has_decision(h: Hand, i: int) -> bool:
    return (h["pending"][i] and not h["folded"][i] and h["stacks"][i] > 0
            and (owed(h, i) > 0 or can_raise(h, i)))


def _advance(h: Hand, start: int) -> None:
    """Set the actor: the first seat from ``start`` clockwise with a decision, else None."""
    n = len(h["stacks"])
    h["actor"] = None
    if len(live(h)) <= 1:
        h["pending"] = [False] * n
        return
    for k in range(n):
        i = (start + k) % n
        if _has_decision(h, i):
            h["actor"] = i
            return
        h["pending"][i] = False  # nothing to decide: the seat is done for the round


def round_over(h: Hand) -> bool:
    return h["actor"] is None


def hand_decided(h: Hand) -> bool:
    """One player left: the hand ends at once."""
    return len(live(h)) <= 1


def betting_closed(h: Hand) -> bool:
    """No further betting this hand: at most one live player still has chips."""
    return sum(1 for i in live(h) if h["stacks"][i] > 0) <= 1


def sized(h: Hand) -> list[tuple[int, int | None]]:
    """The actor's listed legal actions as ``(id, raise_to)`` pairs, ids ascending (the action
    ids of the module docstring): fold, check or call, then the representative raises (the
    minimum raise, half the pot, the pot; each only when it is a legal raise below the all-in
    total, a size equal to an earlier one listed once under the earlier id) and all-in.
    ``raise_to`` is ``None`` for fold, check and call."""
    seat = h["actor"]
    if seat is None:
        return []
    out: list[tuple[int, int | None]] = []
    o = h["max_bet"] - h["bets"][seat]
    if o > 0:
        out.append((FOLD, None))
        out.append((CALL, None))
    else:
        out.append((CHECK, None))
    lo, hi = min_raise_to(h, seat), max_raise_to(h, seat)
    if lo is not None and hi is not None:
        stack = h["stacks"][seat]
        pot_after_call = sum(h["contrib"]) + (o if o < stack else stack)
        half = h["max_bet"] + pot_after_call // 2
        full = h["max_bet"] + pot_after_call
        if lo < hi:
            out.append((RAISE_MIN, lo))
        if lo <= half < hi and half != lo:
            out.append((RAISE_HALF_POT, half))
        if lo <= full < hi and full != lo and full != half:
            out.append((RAISE_POT, full))
        out.append((ALL_IN, hi))
    return out


def legal(h: Hand, sizes: bool = True) -> list[tuple[str, int | None]]:
    """The actor's legal actions as ``(kind, raise_to)`` pairs, deterministic order:
    fold, check/call, then representative raises (minimum, half pot, pot) and all-in
    (``sizes=False``: no representative raises)."""
    return [(ID_KINDS[i], a) for i, a in sized(h)
            if sizes or not RAISE_MIN <= i <= RAISE_POT]


def id_of(h: Hand, kind: str, amount: int | None = None) -> int:
    """The id of a normalised legal action (``check_action``'s result) for the actor. A raise
    to an amount that is not one of the listed sizes has no id: ``IllegalAction`` says so."""
    if kind == "raise":
        listed = sized(h)
        for i, a in listed:
            if a == amount and RAISE_MIN <= i <= RAISE_POT:
                return i
        shown = ", ".join(f"{ID_NAMES[i]} {a}" for i, a in listed if i >= RAISE_MIN)
        raise IllegalAction(f"raise {amount}: the action ids cover only the listed sizes "
                            f"({shown or 'no raise now'}); apply('raise {amount}') still "
                            "plays it")
    try:
        return _KIND_IDS[kind]
    except KeyError:
        raise IllegalAction(f"{kind!r}: unknown betting action (fold, check, call, raise N, "
                            "all-in)") from None


def amount_of(h: Hand, i: int) -> int | None:
    """The raise-to total of listed id ``i`` (``None`` for fold, check, call); ``IllegalAction``
    when ``i`` is not listed now."""
    for j, a in sized(h):
        if j == i:
            return a
    raise IllegalAction(f"action id {i} ({ID_NAMES[i] if 0 <= i < NUM_IDS else '?'}) is not "
                        "legal now")


def check_action(h: Hand, kind: str, amount: int | None = None) -> tuple[str, int | None]:
    """Validate an action for the actor; returns the normalised ``(kind, raise_to)``.

    ``raise N`` equal to the all-in total is normalised to ``all-in``; ``all-in`` that cannot
    raise but is a call for everything is normalised to ``call``. Raises ``IllegalAction``."""
    seat = h["actor"]
    if seat is None:
        raise IllegalAction(f"{kind}: no betting round is open")
    o = owed(h, seat)
    if kind == "fold":
        if o <= 0:
            raise IllegalAction("fold: nothing is owed; check instead")
        return ("fold", None)
    if kind == "check":
        if o > 0:
            raise IllegalAction(f"check: {o} chips owed to call; call, raise or fold")
        return ("check", None)
    if kind == "call":
        if o <= 0:
            raise IllegalAction("call: nothing is owed; check instead")
        return ("call", None)
    hi = h["bets"][seat] + h["stacks"][seat]
    if kind == "all-in":
        if can_raise(h, seat):
            return ("all-in", hi)
        if o > 0 and h["stacks"][seat] <= o:
            return ("call", None)
        raise IllegalAction("all-in: " + _why_no_raise(h, seat))
    if kind == "raise":
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalAction(f"raise {quote(amount)}: expected a whole number of chips "
                                "(total bet)")
        if not can_raise(h, seat):
            raise IllegalAction(f"raise {quote(amount)}: " + _why_no_raise(h, seat))
        lo = min_raise_to(h, seat)
        if amount > hi:
            raise IllegalAction(f"raise {quote(amount)}: above the maximum raise to {hi} "
                                f"(all of seat {seat}'s chips)")
        if amount < lo:  # type: ignore[operator]
            raise IllegalAction(f"raise {quote(amount)}: below the minimum raise to {lo}")
        return ("all-in", hi) if amount == hi else ("raise", amount)
    raise IllegalAction(f"{kind!r}: unknown betting action (fold, check, call, raise N, all-in)")


def _why_no_raise(h: Hand, seat: int) -> str:
    if h["stacks"][seat] <= owed(h, seat):
        return "no chips left beyond the call; call or fold"
    if not _others_can_bet(h, seat):
        return "no other player can still bet; " + ("call or fold" if owed(h, seat) else "check")
    return ("raising is not reopened: the increase since your last action is below a full "
            f"raise of {h['last_inc']}; call or fold")


def act(h: Hand, kind: str, amount: int | None = None) -> None:
    """Apply a validated action for the actor and move the turn on."""
    kind, amount = check_action(h, kind, amount)
    perform(h, kind, amount)


def act_id(h: Hand, i: int, amount: int | None = None) -> None:
    """Apply listed id ``i`` (``amount``: its raise-to, see ``sized``) without checking it
    again: the caller took ``i`` from ``sized(h)``."""
    perform(h, ID_KINDS[i], amount)


def perform(h: Hand, kind: str, amount: int | None = None) -> None:
    """Apply a normalised legal action (``check_action``'s result) without checking it."""
    seat = h["actor"]
    n = len(h["stacks"])
    if kind == "fold":
        h["folded"][seat] = True
    elif kind == "call":
        _pay(h, seat, min(owed(h, seat), h["stacks"][seat]))
    elif kind in ("raise", "all-in"):
        assert amount is not None
        inc = amount - h["max_bet"]
        _pay(h, seat, amount - h["bets"][seat])
        if inc >= h["last_inc"]:
            h["last_inc"] = inc
        h["max_bet"] = amount
        for j in range(n):
            if j != seat and not h["folded"][j] and h["stacks"][j] > 0:
                h["pending"][j] = True
    h["pending"][seat] = False
    h["faced"][seat] = h["max_bet"]
    _advance(h, (seat + 1) % n)


def _pay(h: Hand, seat: int, chips: int) -> None:
    h["stacks"][seat] -= chips
    h["bets"][seat] += chips
    h["contrib"][seat] += chips


# ---------------------------------------------------------------- settling

def return_uncalled(h: Hand) -> int:
    """Give the largest contributor back what no one else matched; returns the chips."""
    c = h["contrib"]
    if len(c) < 2:
        return 0
    top = max(range(len(c)), key=lambda i: (c[i], -i))
    second = max(c[i] for i in range(len(c)) if i != top)
    extra = c[top] - second
    if extra > 0:
        c[top] -= extra
        h["stacks"][top] += extra
        h["bets"][top] = max(0, h["bets"][top] - extra)
        h["max_bet"] = max(h["bets"])
    return extra


def pots(h: Hand, *, collected: bool = False) -> list[dict[str, Any]]:
    """Main pot then side pots: ``{"amount": chips, "eligible": [seats]}`` built from the
    contribution levels of live players; folded chips stay in the pots they reach.

    ``collected=True`` leaves out the bets of the open betting round (the pots as they stand
    on the table while those bets are still in front of the players)."""
    c = h["contrib"]
    if collected:
        c = [x - b for x, b in zip(c, h["bets"])]
    alive = live(h)
    levels = sorted({c[i] for i in alive if c[i] > 0})
    out: list[dict[str, Any]] = []
    prev = 0
    for lv in levels:
        amount = sum(min(x, lv) - min(x, prev) for x in c)
        elig = [i for i in alive if c[i] >= lv]
        if out and out[-1]["eligible"] == elig:
            out[-1]["amount"] += amount
        else:
            out.append({"amount": amount, "eligible": elig})
        prev = lv
    rest = sum(x - min(x, prev) for x in c)  # folded chips above every live level
    if rest:
        if out:
            out[-1]["amount"] += rest
        else:
            out.append({"amount": rest, "eligible": alive})
    return out


def award(h: Hand, strength: Sequence[Any], odd_from: int) -> list[int]:
    """Pay every pot to its eligible seats with the highest ``strength`` (comparable values;
    ignored for a lone eligible seat). A split pot gives its odd chips one by one to the tied
    winners clockwise starting at seat ``odd_from``. Returns the chips won per seat (also
    added to the stacks); the contributions are cleared."""
    n = len(h["stacks"])
    won = [0] * n
    for p in pots(h):
        elig = p["eligible"]
        if len(elig) == 1:
            winners = elig
        else:
            best = max(strength[i] for i in elig)
            winners = [i for i in elig if strength[i] == best]
        share, odd = divmod(p["amount"], len(winners))
        for i in winners:
            won[i] += share
        order = [(odd_from + k) % n for k in range(n)]
        for i in [s for s in order if s in winners][:odd]:
            won[i] += 1
    for i in range(n):
        h["stacks"][i] += won[i]
    h["contrib"] = [0] * n
    h["bets"] = [0] * n
    h["max_bet"] = 0
    return won


__all__ = [
    "new_hand", "post", "start_round", "live", "owed", "pot_total", "can_raise", "min_raise_to",
    "max_raise_to", "round_over", "hand_decided", "betting_closed", "legal", "check_action",
    "act", "act_id", "perform", "sized", "id_of", "amount_of", "return_uncalled", "pots",
    "award", "FOLD", "CHECK", "CALL", "RAISE_MIN", "RAISE_HALF_POT", "RAISE_POT", "ALL_IN",
    "NUM_IDS", "ID_KINDS", "ID_NAMES", "Hand",
]
