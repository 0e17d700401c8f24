"""Hold'em step kernel, plain-Python twin of ``cardcore._fast.holdem_step``.

``Core`` holds one hand of no-limit Texas Hold'em at a table of four seats (and what a match
carries from hand to hand: the stacks, the button, the last big blind): the betting state, the
cards, the streets, the showdown. ``legal_ids`` and ``apply`` are the step path of
``cardcore.holdem.HoldemState``. This twin keeps the betting state as the shared engine's dict
(``cardcore.engines.betting``) and calls the engine, so the compiled kernel, which must give the
same answers, is checked against the engine itself (``tests/test_holdem_ids.py``).

Encoding (both implementations):

* action ids ``0`` fold, ``1`` check, ``2`` call, ``3`` raise min, ``4`` raise 1/2 pot,
  ``5`` raise pot, ``6`` all-in (the engine's ``sized``); ``apply(i)`` returns the raise-to
  total of ids 3..6 (``None`` for 0..2); ``perform(i, amount)`` applies id 0, 1, 2 or 6, or a
  raise to any ``amount`` (``i`` = 3), checked by the caller;
* seats 0..3 clockwise; cards are ids 0..51 (``rank * 4 + suit``); a hand's cards are dealt from
  ``cards`` in order: the hole cards of the seats with chips in seat order, then burn, flop,
  burn, turn, burn, river;
* ``button`` for the first hand: the seat, or -1 for the first seat with chips from seat 0;
* ``street_at[k]``: the number of actions of the hand taken before street ``k`` (1 flop,
  2 turn, 3 river) was dealt, ``-1`` while it is not;
* after the hand is settled (``hand_over``): ``values`` the showdown value per seat (0 for
  seats not shown), ``won`` the chips each seat won, ``pot_contrib`` the contributions the pots
  were built from (the uncalled part returned), ``showdown`` whether hands were shown.
"""

from __future__ import annotations

from typing import Any

from ..engines import betting as bt
from ..errors import CardcoreError, CardError, IllegalAction, quote
from ..errors import int_arg as _int_arg
from ..rng import Rng
from .core import CoreBase
from .core import live as _live
from .poker import evaluate

NUM_ACTIONS = bt.NUM_IDS
SEATS = 4
FOLD, CHECK, CALL, RAISE_MIN, RAISE_HALF_POT, RAISE_POT, ALL_IN = range(7)
MAX_CHIPS = 10 ** 15
MAX_RAISE_TO = 4 * 10 ** 15
_U64 = (1 << 64) - 1

EXPORT_FIELDS = (
    "bet", "button", "sb", "bb", "hands", "last_bb", "last_players", "small", "big", "street",
    "cards", "pos", "holes", "board", "burns", "hand_stacks", "nact", "street_at", "hand_over",
    "showdown", "values", "won", "pot_contrib", "legal",
)


def shuffled_deck(state: int) -> tuple[list[int], int]:
    """Card ids 0..51 shuffled as ``cardcore.rng.Rng(state).shuffle`` does; the new state."""
    cards = list(range(52))
    rng = Rng(state)
    for i in range(51, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards, rng.state


def _action_id(i: Any) -> int:
    """An action id as an int (any int; ``IllegalAction`` for anything else)."""
    if type(i) is not int and (isinstance(i, bool) or not isinstance(i, int)):
        raise IllegalAction(f"action id {quote(i)}: expected an int")
    return int(i)


def _next_alive(stacks: list[int], seat: int) -> int:
    for k in range(1, SEATS + 1):
        s = (seat + k) % SEATS
        if stacks[s] > 0:
            return s
    return seat


class Core(CoreBase):
    """One hand of Hold'em and the match state between hands (see the module docstring)."""

    def __init__(self, stacks: Any, button: int, small: int, big: int) -> None:
        self._ready = False
        try:
            items = list(stacks)
        except TypeError:
            raise CardcoreError(f"stacks {quote(stacks)}: expected {SEATS} chip counts") \
                from None
        if len(items) != SEATS:
            raise CardcoreError(f"stacks {quote(stacks)}: expected {SEATS} chip counts")
        st = [_int_arg(x, "stack", 0, MAX_CHIPS) for x in items]
        if sum(1 for x in st if x > 0) < 2:
            raise CardcoreError(f"stacks {quote(stacks)}: at least two seats need chips")
        b = _int_arg(button, "button", -1, SEATS - 1)
        if b >= 0 and st[b] == 0:
            raise CardcoreError(f"button {b}: the seat has no chips")
        self.small = _int_arg(small, "small blind", 0, MAX_CHIPS)
        self.big = _int_arg(big, "big blind", 1, MAX_CHIPS)
        self.button = b
        self.sb = -1
        self.bb = -1
        self.hands = 0
        self.last_bb = -1
        self.last_players = 0
        self.bet: dict = bt.new_hand(st, min_bet=self.big)
        self.bet["folded"] = [True] * SEATS
        self._clear_hand()
        self.hand_over = True
        self._ready = True

    def _clear_hand(self) -> None:
        self.street = 0
        self._cards: list[int] = []
        self.pos = 0
        self._holes: list[list[int]] = [[] for _ in range(SEATS)]
        self._board: list[int] = []
        self._burns: list[int] = []
        self._hand_stacks = list(self.bet["stacks"])
        self.nact = 0
        self._street_at = [0, -1, -1, -1]
        self.hand_over = False
        self.showdown = False
        self._values = [0] * SEATS
        self._won = [0] * SEATS
        self._pot_contrib = [0] * SEATS
        self._legal: list[tuple[int, int | None]] = []

    # ------------------------------------------------------------ a hand
    def start_hand(self, cards: list[int] | None, rng_state: int) -> int:
        """Start the next hand (``cards``: the 52 ids in dealing order, else a shuffle drawn
        from ``rng_state``); returns the generator state after the shuffle. The hand may be
        settled at once (blinds all-in and nobody left to act): see ``hand_over``."""
        _live(self)
        rng_state = _int_arg(rng_state, "rng_state", 0, _U64)
        if sum(1 for x in self.bet["stacks"] if x > 0) < 2:
            raise IllegalAction("start_hand: fewer than two seats have chips")
        if cards is not None:
            try:
                items = list(cards)
            except TypeError:
                raise CardError(f"cards {quote(cards)}: expected 52 card ids") from None
            if len(items) != 52:
                raise CardError(f"cards {quote(cards)}: expected 52 card ids")
            cards = []
            for x in items:
                c = _int_arg(x, "card id", 0, 51, CardError)
                if c in cards:
                    raise CardError(f"cards: card id {c} appears twice")
                cards.append(c)
        stacks = list(self.bet["stacks"])
        alive = [s > 0 for s in stacks]
        n_alive = sum(alive)
        if self.hands == 0:
            if self.button < 0:
                self.button = 0 if alive[0] else _next_alive(stacks, 0)
        else:
            self.button = _next_alive(stacks, self.button)
        self.hands += 1
        if n_alive == 2:
            sb = self.button
            bb = _next_alive(stacks, sb)
            if self.last_players > 2 and bb == self.last_bb:
                self.button, sb, bb = bb, bb, sb
        else:
            sb = _next_alive(stacks, self.button)
            bb = _next_alive(stacks, sb)
        self.sb, self.bb = sb, bb
        if cards is None:
            cards, rng_state = shuffled_deck(rng_state)
        self._clear_hand()
        self._cards = [int(c) for c in cards]
        pos = 0
        for s in range(SEATS):
            if alive[s]:
                self._holes[s] = self._cards[pos:pos + 2]
                pos += 2
        self.pos = pos
        h = self.bet = bt.new_hand(stacks, dealt=alive, min_bet=self.big)
        bt.post(h, sb, self.small, as_bet=True)
        bt.post(h, bb, self.big, as_bet=True)
        self.last_bb = bb
        self.last_players = n_alive
        bt.start_round(h, _next_alive(stacks, bb) if n_alive > 2 else sb, keep_bets=True)
        self._progress()
        return rng_state

    def _progress(self) -> None:
        h = self.bet
        while bt.round_over(h):
            if bt.hand_decided(h):
                self._settle(False)
                return
            if self.street == 3:
                self._settle(True)
                return
            self._burns.append(self._cards[self.pos])
            k = 3 if self.street == 0 else 1
            self._board.extend(self._cards[self.pos + 1:self.pos + 1 + k])
            self.pos += 1 + k
            self.street += 1
            self._street_at[self.street] = self.nact
            bt.start_round(h, (self.button + 1) % SEATS)
        self._legal = bt.sized(h)

    def _settle(self, showdown: bool) -> None:
        h = self.bet
        bt.return_uncalled(h)
        self._pot_contrib = list(h["contrib"])
        strength = [0] * SEATS
        if showdown:
            for s in bt.live(h):
                strength[s] = evaluate(self._holes[s] + self._board)
        self._values = list(strength)
        self.showdown = showdown
        self._won = bt.award(h, strength, odd_from=(self.button + 1) % SEATS)
        self.hand_over = True
        self._legal = []

    # ------------------------------------------------------------ the step path
    @property
    def actor(self) -> int | None:
        _live(self)
        return self.bet["actor"]

    def legal_ids(self) -> list[int]:
        _live(self)
        return [i for i, _ in self._legal]

    def is_legal(self, i: Any) -> bool:
        """Whether ``i`` (any int) is a listed id now."""
        _live(self)
        k = _action_id(i)
        return any(j == k for j, _ in self._legal)

    def amount(self, i: Any) -> int | None:
        """The raise-to total of listed id ``i`` (``None`` for fold, check, call or an id not
        listed)."""
        _live(self)
        k = _action_id(i)
        for j, a in self._legal:
            if j == k:
                return a
        return None

    def apply(self, i: Any) -> int | None:
        """Apply listed id ``i``; returns its raise-to total (``None`` for fold, check, call).
        An id not listed raises ``IllegalAction`` and changes nothing."""
        _live(self)
        if not self.is_legal(i):
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        amount = self.amount(i)
        self._perform(int(i), amount)
        return amount

    def perform(self, i: Any, amount: Any) -> None:
        """Apply id 0, 1, 2 or 6, or (``i`` = 3) a raise to any legal ``amount`` below all-in
        (``amount`` is ignored for the other ids). Anything else raises ``IllegalAction`` and
        changes nothing."""
        _live(self)
        k = _action_id(i)
        if k == RAISE_MIN:
            a = _int_arg(amount, "raise to", 0, MAX_RAISE_TO, IllegalAction)
            lo, hi = bt.min_raise_to(self.bet), bt.max_raise_to(self.bet)
            if lo is None or hi is None:
                raise IllegalAction(f"raise {a}: no raise is possible now")
            if not lo <= a < hi:
                raise IllegalAction(f"raise {a}: expected {lo}..{hi - 1} (all-in is id 6)")
            self._perform(k, a)
        elif k in (FOLD, CHECK, CALL, ALL_IN) and self.is_legal(k):
            self._perform(k, self.amount(k))
        else:
            raise IllegalAction(f"action id {quote(i)}: not legal now")

    def _perform(self, i: int, amount: int | None) -> None:
        bt.act_id(self.bet, i, amount)
        self.nact += 1
        self._progress()

    # ------------------------------------------------------------ reading
    # ------------------------------------------------------------ lists (copies)
    @property
    def cards(self) -> list[int]:
        _live(self)
        return list(self._cards)

    @property
    def holes(self) -> list[list[int]]:
        _live(self)
        return [list(x) for x in self._holes]

    @property
    def board(self) -> list[int]:
        _live(self)
        return list(self._board)

    @property
    def burns(self) -> list[int]:
        _live(self)
        return list(self._burns)

    @property
    def hand_stacks(self) -> list[int]:
        _live(self)
        return list(self._hand_stacks)

    @property
    def street_at(self) -> list[int]:
        _live(self)
        return list(self._street_at)

    @property
    def values(self) -> list[int]:
        _live(self)
        return list(self._values)

    @property
    def won(self) -> list[int]:
        _live(self)
        return list(self._won)

    @property
    def pot_contrib(self) -> list[int]:
        _live(self)
        return list(self._pot_contrib)

    @property
    def legal(self) -> list[tuple[int, int | None]]:
        _live(self)
        return list(self._legal)

    def min_raise_to(self) -> int | None:
        _live(self)
        return bt.min_raise_to(self.bet)

    def max_raise_to(self) -> int | None:
        _live(self)
        return bt.max_raise_to(self.bet)

    def stacks(self) -> list[int]:
        _live(self)
        return list(self.bet["stacks"])

    def deck(self) -> list[int]:
        """The cards not dealt yet this hand, in dealing order."""
        _live(self)
        return self._cards[self.pos:]

    def bet_view(self) -> dict:
        """The betting state in the engine's dict form (a copy)."""
        _live(self)
        h = self.bet
        return {"stacks": list(h["stacks"]), "bets": list(h["bets"]),
                "contrib": list(h["contrib"]), "folded": list(h["folded"]),
                "pending": list(h["pending"]), "faced": list(h["faced"]),
                "max_bet": h["max_bet"], "last_inc": h["last_inc"], "min_bet": h["min_bet"],
                "actor": h["actor"], "rounds": h["rounds"]}

    def export(self) -> dict:
        """Everything the core holds, JSON-native (``EXPORT_FIELDS``)."""
        _live(self)
        out: dict[str, Any] = {}
        for name in EXPORT_FIELDS:
            if name == "bet":
                out[name] = self.bet_view()
            elif name == "legal":
                out[name] = [[i, a] for i, a in self._legal]
            else:
                out[name] = getattr(self, name)
        return out

    def copy(self) -> Core:
        _live(self)
        new = object.__new__(Core)
        for k, v in self.__dict__.items():
            if isinstance(v, dict):
                v = {kk: list(vv) if isinstance(vv, list) else vv for kk, vv in v.items()}
            elif isinstance(v, list):
                v = [list(x) if isinstance(x, (list, tuple)) else x for x in v]
            new.__dict__[k] = v
        return new


__all__ = ["Core", "NUM_ACTIONS", "SEATS", "EXPORT_FIELDS", "shuffled_deck", "FOLD", "CHECK",
           "CALL", "RAISE_MIN", "RAISE_HALF_POT", "RAISE_POT", "ALL_IN"]
