"""A no-limit betting engine shared by the poker games (Hold'em and One Poker).

The betting rule (the betting state of a hand as a plain dict, the actions, the action ids, the
pots and their award) is defined once in the kernel layer, ``cardcore._ref.betting``, whose
docstring gives the rules; this module re-exports every name of it and adds the game's
``Action`` objects: ``action_of`` (the ``Action`` of a normalised betting action), ``actions``
(the actor's listed legal actions) and ``resolve`` (an action or its text to the normalised
legal ``Action``, or ``IllegalAction`` saying why).
"""

from __future__ import annotations

import re

from .._ref.betting import (
    ALL_IN, CALL, CHECK, FOLD, ID_KINDS, ID_NAMES, NUM_IDS, RAISE_HALF_POT, RAISE_MIN,
    RAISE_POT, Hand, act, act_id, amount_of, award, betting_closed, can_raise, check_action,
    hand_decided, id_of, legal, live, max_raise_to, min_raise_to, new_hand, owed, perform, post,
    pot_total, pots, return_uncalled, round_over, sized, start_round,
)
from ..errors import IllegalAction, quote
from ..game import Action


# ---------------------------------------------------------------- Action objects

def action_of(kind: str, amount: int | None = None) -> Action:
    """The ``Action`` for a normalised betting action (``raise`` text: ``"raise N"``)."""
    if kind == "raise":
        return Action("raise", f"raise {amount}", amount=amount)
    if kind == "all-in":
        return Action("all-in", "all-in", amount=amount)
    return Action(kind, kind)


def actions(h: Hand) -> list[Action]:
    """The actor's listed legal actions as ``Action`` objects (see ``legal``)."""
    return [action_of(k, a) for k, a in legal(h)]


_RAISE_RE = re.compile(r"^(?:raise|bet)(?: to)?\s+(\S+)$")
_ALLIN = {"all-in", "allin", "all in", "all_in", "shove"}


def resolve(h: Hand, action: Action | str) -> Action:
    """Turn an action or its text into the normalised legal ``Action``, or raise
    ``IllegalAction`` saying why. Accepts ``fold``, ``check``, ``call``, ``raise N``,
    ``bet N`` (alias of ``raise N``), ``raise to N`` and ``all-in``."""
    if isinstance(action, Action):
        if action.kind == "raise" and action.amount is None:
            return resolve(h, action.text)
        if action.kind == "raise":
            kind, amount = "raise", action.amount
        elif action.kind in ("fold", "check", "call", "all-in"):
            kind, amount = action.kind, None
        else:
            return resolve(h, action.text)
    else:
        key = " ".join(str(action).strip().lower().split())
        m = _RAISE_RE.match(key)
        if key in _ALLIN:
            kind, amount = "all-in", None
        elif key in ("fold", "check", "call"):
            kind, amount = key, None
        elif m:
            try:
                if not re.fullmatch(r"[+-]?[0-9]+", m.group(1)):
                    raise ValueError(m.group(1))
                amount = int(m.group(1))
            except ValueError:
                raise IllegalAction(f"action {quote(action, 120)}: the amount must be a whole "
                                    "number of chips (the total bet for this round)") from None
            kind = "raise"
        else:
            raise IllegalAction(f"action {quote(action, 120)}: not a betting action (fold, check, "
                                "call, raise N, bet N, all-in)")
    k, a = check_action(h, kind, amount)  # its messages start with the action ("raise 5: ...")
    return action_of(k, a)


__all__ = [
    "new_hand", "post", "start_round", "live", "owed", "pot_total", "can_raise", "min_raise_to",
    "max_raise_to", "round_over", "hand_decided", "betting_closed", "legal", "check_action",
    "act", "act_id", "perform", "sized", "id_of", "amount_of", "return_uncalled", "pots",
    "award", "action_of", "actions", "resolve", "FOLD", "CHECK", "CALL", "RAISE_MIN",
    "RAISE_HALF_POT", "RAISE_POT", "ALL_IN", "NUM_IDS", "ID_KINDS", "ID_NAMES",
]
