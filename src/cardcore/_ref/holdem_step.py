"""Hold'em step kernel, plain-Python twin of ``cardcore._fast.holdem_step``.

``Core`` holds one hand of no-limit Texas Hold'em at a table of four seats (and what a match
carries from hand to hand: the stacks, the button, the last big blind): the betting state, the
cards, the streets, the showdown. ``legal_ids`` and ``apply`` are the step path of
``cardcore.holdem.HoldemState``. This twin keeps the betting state as the betting rule's dict
(``cardcore._ref.betting``, which the shared engine ``cardcore.engines.betting`` re-exports) and
calls that rule, so the compiled kernel, which must give the same answers, is checked against
the engine's own rule (``tests/test_holdem_ids.py``).

Encoding (both implementations):

* action ids ``0`` fold, ``1`` check, ``2`` call, ``3`` raise min, ``4`` raise 1/2 pot,
  ``5`` raise pot, ``6`` all-in (the engine's ``sized``); ``amount(i)`` is the raise-to total
  of a listed id 3..6 (``None`` for 0..2); ``apply(i)`` (the core contract's) makes a listed
  id; ``perform(i, amount)`` applies id 0, 1, 2 or 6, or a raise to any ``amount`` (``i`` = 3),
  checked by the caller;
* seats 0..3 clockwise; cards are ids 0..51 (``rank * 4 + suit``); a hand's cards are dealt from
  ``cards`` in order: the hole cards of the seats with chips in seat order, then burn, flop,
  burn, turn, burn, river;
* ``button`` for the first hand: the seat, or -1 for the first seat with chips from seat 0;
* ``street_at[k]``: the number of actions of the hand taken before street ``k`` (1 flop,
  2 turn, 3 river) was dealt, ``-1`` while it is not;
* after the hand is settled (``hand_over``): ``values`` the showdown value per seat (0 for
  seats not shown), ``won`` the chips each seat won, ``pot_contrib`` the contributions the pots
  were built from (the uncalled part returned), ``showdown`` whether hands were shown;
* ``seated``: the seats with chips when the match began; the observation (``observation_tensor``,
  laid out in ``docs/actions/holdem.md``) counts chips in units of the chips at the table over
  ``seated``;
* ``returns()``: once the hand is settled, each seat's stack minus its stack at the hand's start
  (zeros before);
* ``from_seed(seed)``: ``new_game("holdem", seed=seed)``'s core, its first hand started with
  ``start_hand(None, seed)``;
* ``export()``: the whole state as a list of ints, the fields of ``EXPORT_FIELDS`` then the
  ``ncards`` card ids of the hand (52 once a hand has started, none before). Flags are 0 or 1;
  a value that may be absent has a flag or a count beside it, and reads 0 when absent:
  ``button`` (``button_set``: 0 before the first hand when the constructor was given -1),
  ``sb``, ``bb``, ``last_bb`` (0 while ``hands`` is 0), ``actor`` (``actor_set``: 0 once the
  hand is settled), ``faced_k`` (``faced_set_k``: 0 while seat ``k`` has not acted this
  round), ``street_at_k`` (0 while ``street`` < ``k``). ``legal`` is the bit mask of the listed
  ids and ``amount_3`` .. ``amount_6`` their raise-to totals (0 when not listed). The board,
  the burns and the hole cards follow from the cards, the seats dealt in (``hand_stack_k`` > 0)
  and the street. ``from_export`` checks the range of every field, the seats, blinds, streets,
  chips and betting state against each other (a hand in play: a live actor with a decision;
  a settled hand: its pots and winnings), then rebuilds the core and refuses the list unless
  the rebuilt core exports it unchanged (the listed actions, the showdown values, the
  winnings and the cards dealt follow from the rest).
"""

from __future__ import annotations

from typing import Any

from ..errors import CardcoreError, CardError, IllegalAction, quote
from ..errors import int_arg as _int_arg
from ..rng import Rng
from . import betting as bt
from .args import action_id
from .core import copy_fields
from .core import Core as _CoreContract
from .core import each, field
from .core import live as _live
from .poker import evaluate

NUM_ACTIONS = bt.NUM_IDS
SEATS = 4
FOLD, CHECK, CALL, RAISE_MIN, RAISE_HALF_POT, RAISE_POT, ALL_IN = range(7)
#: the match's defaults (``HoldemState``): chips per seat, the blinds
START_STACK = 1000
SMALL_BLIND = 10
BIG_BLIND = 20
#: the observation (``docs/actions/holdem.md``): the first slot of each part
OBS_HOLE, OBS_BOARD, OBS_STREET, OBS_PLAYER, OBS_BUTTON, OBS_SB, OBS_BB, OBS_TO_ACT = (
    0, 52, 104, 108, 112, 116, 120, 124)
OBS_STACKS, OBS_BETS, OBS_CONTRIB, OBS_POT, OBS_FOLDED, OBS_ALL_IN, OBS_IN_HAND = (
    128, 132, 136, 140, 141, 145, 149)
OBS_TO_CALL, OBS_MIN_RAISE, OBS_MAX_RAISE, OBS_SIZE = 153, 154, 155, 156
MAX_CHIPS = 10 ** 15
MAX_RAISE_TO = 4 * 10 ** 15
_U64 = (1 << 64) - 1

_I32 = (1 << 31) - 1
_I64 = (1 << 63) - 1
_SEATED = ("stack", "bet", "contrib", "folded", "pending", "faced_set", "faced", "hand_stack",
           "value", "won", "pot_contrib")
EXPORT_FIELDS = (
    "hands", "button_set", "button", "sb", "bb", "last_bb", "last_players", "seated", "small",
    "big",
    "street", "pos", "nact", "rounds", "hand_over", "showdown", "actor_set", "actor", "max_bet",
    "last_inc", "min_bet", "legal", "amount_3", "amount_4", "amount_5", "amount_6",
    "street_at_1", "street_at_2", "street_at_3", "ncards",
    *(f"{name}_{k}" for name in _SEATED for k in range(SEATS)),
)
EXPORT_HEAD = len(EXPORT_FIELDS)
#: the range of every field of ``EXPORT_FIELDS`` (flags 0..1, seats 0..3, chips 0..4 * 10**15)
_FLAGS = ("button_set", "hand_over", "showdown", "actor_set", "folded", "pending", "faced_set")
_SEAT_FIELDS = ("button", "sb", "bb", "last_bb", "actor")
_RANGES = {"hands": _I32, "last_players": SEATS, "seated": SEATS, "small": MAX_CHIPS,
           "big": MAX_CHIPS, "street": 3, "pos": 52, "nact": _I64, "rounds": 4,
           "min_bet": MAX_CHIPS,
           "legal": (1 << NUM_ACTIONS) - 1, "street_at": _I64, "ncards": 52, "value": _I32,
           **dict.fromkeys(_FLAGS, 1), **dict.fromkeys(_SEAT_FIELDS, SEATS - 1)}


def shuffled_deck(state: int) -> tuple[list[int], int]:
    """Card ids 0..51 shuffled as ``cardcore.rng.Rng(state).shuffle`` does; the new state."""
    cards = list(range(52))
    rng = Rng(state)
    for i in range(51, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards, rng.state


def _next_alive(stacks: list[int], seat: int) -> int:
    for k in range(1, SEATS + 1):
        s = (seat + k) % SEATS
        if stacks[s] > 0:
            return s
    return seat


class Core(_CoreContract):
    """One hand of Hold'em and the match state between hands (see the module docstring).

    A step core of the one core contract (``cardcore._ref.core.Core``): ids, legality,
    ``apply`` (ids 0..6 as listed; ``amount(i)`` is the raise-to total of a listed raise),
    ``observation_tensor`` and pickling come from the base. The core is over when its hand is
    settled (``hand_over``); ``start_hand`` starts the match's next hand in it. ``returns()`` is
    the hand's chip result per seat: the stacks once the hand is settled minus the stacks it
    started with (``hand_stacks``), as floats (zeros until the hand is settled); for a
    single-hand game that is ``HoldemState.scores()``."""

    num_players = SEATS
    num_distinct_actions = NUM_ACTIONS
    observation_shape = (OBS_SIZE,)

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
        self.seated = sum(1 for x in st if x > 0)
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
        self._listed: list[tuple[int, int | None]] = []

    # ------------------------------------------------------------ a hand
    def start_hand(self, cards: list[int] | None, rng_state: int) -> int:
        """Start the next hand (``cards``: the 52 ids in dealing order, else a shuffle drawn
        from ``rng_state``); returns the generator state after the shuffle. The hand may be
        settled at once (blinds all-in and nobody left to act): see ``hand_over``."""
        _live(self)
        rng_state = _int_arg(rng_state, "rng_state", 0, _U64)
        if not self.hand_over:
            raise IllegalAction("start_hand: a hand is in progress (the next starts once it is "
                                "settled: hand_over)")
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
        self._listed = bt.sized(h)

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
        self._listed = []

    # ------------------------------------------------------------ the contract's hooks
    def _player(self) -> int | None:
        return self.bet["actor"]

    def _over(self) -> bool:
        return self.hand_over

    def _legal(self) -> list[int]:
        return [i for i, _ in self._listed]

    def _is_legal(self, i: int) -> bool:
        return any(j == i for j, _ in self._listed)

    def _apply(self, i: int) -> None:
        self._perform(i, self.amount(i))

    def _returns(self) -> list[float]:
        if not self.hand_over:
            return [0.0] * SEATS
        return [float(x - y) for x, y in zip(self.bet["stacks"], self._hand_stacks)]

    def _observe(self, p: int, out: Any) -> None:
        """What seat ``p`` sees (``docs/actions/holdem.md``): chips in units of the chips at
        the table over the seats that began the match (``seated``)."""
        h = self.bet
        unit = sum(self._hand_stacks) / self.seated  # every chip of the match
        out[OBS_PLAYER + p] = 1.0
        if self.hands:
            out[OBS_BUTTON + self.button] = 1.0
            out[OBS_SB + self.sb] = 1.0
            out[OBS_BB + self.bb] = 1.0
        stacks, bets = h["stacks"], h["bets"]
        for s in range(SEATS):
            out[OBS_STACKS + s] = stacks[s] / unit
        actor = h["actor"]
        if actor is None:
            return
        for c in self._holes[p]:
            out[OBS_HOLE + c] = 1.0
        for c in self._board:
            out[OBS_BOARD + c] = 1.0
        out[OBS_STREET + self.street] = 1.0
        out[OBS_TO_ACT + actor] = 1.0
        contrib, folded = h["contrib"], h["folded"]
        for s in range(SEATS):
            out[OBS_BETS + s] = bets[s] / unit
            out[OBS_CONTRIB + s] = contrib[s] / unit
            if self._holes[s]:
                out[OBS_IN_HAND + s] = 1.0
                if folded[s]:
                    out[OBS_FOLDED + s] = 1.0
                elif stacks[s] == 0:
                    out[OBS_ALL_IN + s] = 1.0
        out[OBS_POT] = sum(contrib) / unit
        out[OBS_TO_CALL] = min(h["max_bet"] - bets[p], stacks[p]) / unit
        lo, hi = bt.min_raise_to(h), bt.max_raise_to(h)
        if lo is not None and hi is not None:
            out[OBS_MIN_RAISE] = lo / unit
            out[OBS_MAX_RAISE] = hi / unit

    # ------------------------------------------------------------ the step path
    def amount(self, i: Any) -> int | None:
        """The raise-to total of listed id ``i`` (``None`` for fold, check, call or an id not
        listed)."""
        _live(self)
        k = action_id(i)
        for j, a in self._listed:
            if j == k:
                return a
        return None

    def perform(self, i: Any, amount: Any) -> None:
        """Apply id 0, 1, 2 or 6, or (``i`` = 3) a raise to any legal ``amount`` below all-in
        (``amount`` is ignored for the other ids). Anything else raises ``IllegalAction`` and
        changes nothing."""
        _live(self)
        k = action_id(i)
        if k == RAISE_MIN:
            a = _int_arg(amount, "raise to", 0, MAX_RAISE_TO, IllegalAction)
            lo, hi = bt.min_raise_to(self.bet), bt.max_raise_to(self.bet)
            if lo is None or hi is None:
                raise IllegalAction(f"raise {a}: no raise is possible now")
            if not lo <= a < hi:
                raise IllegalAction(f"raise {a}: expected {lo}..{hi - 1} (all-in is id 6)")
            self._perform(k, a)
        elif k in (FOLD, CHECK, CALL, ALL_IN) and self._is_legal(k):
            self._perform(k, self.amount(k))
        else:
            raise IllegalAction(f"action id {quote(i)}: not legal now")

    def _perform(self, i: int, amount: int | None) -> None:
        bt.act_id(self.bet, i, amount)
        self.nact += 1
        self._progress()

    # ------------------------------------------------------------ reading
    # ------------------------------------------------------------ lists (copies)
    cards: list[int] = field("_cards", list)
    holes: list[list[int]] = field("_holes", each(list))
    board: list[int] = field("_board", list)
    burns: list[int] = field("_burns", list)
    hand_stacks: list[int] = field("_hand_stacks", list)
    street_at: list[int] = field("_street_at", list)
    values: list[int] = field("_values", list)
    won: list[int] = field("_won", list)
    pot_contrib: list[int] = field("_pot_contrib", list)
    legal: list[tuple[int, int | None]] = field("_listed", list)

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

    def export(self) -> list[int]:
        """The whole state as a list of ints: ``EXPORT_FIELDS``, then the hand's cards."""
        _live(self)
        h = self.bet
        legal, amounts = 0, [0] * 4
        for i, a in self._listed:
            legal |= 1 << i
            if i >= RAISE_MIN:
                amounts[i - RAISE_MIN] = 0 if a is None else a
        started = self.hands > 0
        actor = h["actor"]
        out = [self.hands, int(self.button >= 0), max(self.button, 0),
               self.sb if started else 0, self.bb if started else 0,
               self.last_bb if started else 0, self.last_players, self.seated, self.small,
               self.big,
               self.street, self.pos, self.nact, h["rounds"], int(self.hand_over),
               int(self.showdown), int(actor is not None), 0 if actor is None else actor,
               h["max_bet"], h["last_inc"], h["min_bet"], legal, *amounts,
               *(max(x, 0) for x in self._street_at[1:]), len(self._cards)]
        out += h["stacks"] + h["bets"] + h["contrib"]
        out += [int(x) for x in h["folded"]] + [int(x) for x in h["pending"]]
        out += [int(x is not None) for x in h["faced"]]
        out += [0 if x is None else x for x in h["faced"]]
        out += self._hand_stacks + self._values + self._won + self._pot_contrib + self._cards
        return out

    def copy(self) -> Core:
        return copy_fields(self)


def _field_range(name: str) -> tuple[int, int]:
    """The range of an export field (chips unless ``_RANGES`` says otherwise)."""
    base = name.rstrip("0123456789_")      # the seat or street number dropped
    return ((1 if base in ("big", "min_bet") else 2 if base == "seated" else 0),
            _RANGES.get(base, MAX_RAISE_TO))


def _read_export(values: Any) -> tuple[list[Any], dict[str, Any], list[int]]:
    """An export as a list, its fields (each in its range) and its cards (52 distinct ids or
    none)."""
    if not isinstance(values, (list, tuple)):
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    v = list(values)
    if len(v) < EXPORT_HEAD:
        raise CardcoreError(f"values: expected at least {EXPORT_HEAD} ints, got {len(v)}")
    f: dict[str, Any] = {}
    for name, x in zip(EXPORT_FIELDS, v):
        lo, hi = _field_range(name)
        f[name] = _int_arg(x, f"values: {name}", lo, hi)
    n = f["ncards"]
    if n != (52 if f["hands"] else 0):
        raise CardcoreError(f"values: ncards {n}: expected 52 once a hand has started, else 0")
    if len(v) != EXPORT_HEAD + n:
        raise CardcoreError(f"values: expected {EXPORT_HEAD + n} ints ({n} cards), "
                            f"got {len(v)}")
    cards: list[int] = []
    seen = 0
    for x in v[EXPORT_HEAD:]:
        c = _int_arg(x, "values: card id", 0, 51)
        if (seen >> c) & 1:
            raise CardcoreError(f"values: card id {c} appears twice")
        seen |= 1 << c
        cards.append(c)
    for name in _SEATED:
        f[name] = [f[f"{name}_{k}"] for k in range(SEATS)]
    f["street_at"] = [0, f["street_at_1"], f["street_at_2"], f["street_at_3"]]
    return v, f, cards


def _check_hand(f: dict[str, Any]) -> None:
    """Refuse the fields of a started hand that no play reaches (the seats dealt in, the
    blinds, the streets, the chips and the betting state; the derived fields are compared
    after the rebuild)."""
    hs, folded, pending = f["hand_stack"], f["folded"], f["pending"]
    stack, bet, contrib = f["stack"], f["bet"], f["contrib"]
    dealt = [x > 0 for x in hs]
    n = sum(dealt)
    if n < 2:
        raise CardcoreError(f"values: hand stacks {hs}: fewer than two seats dealt in")
    if f["seated"] < n or (f["hands"] == 1 and f["seated"] != n):
        raise CardcoreError(f"values: seated {f['seated']}: fewer seats than the {n} dealt in, "
                            "or not the seats dealt in the first hand")
    b = f["button"]
    if not f["button_set"] or not dealt[b]:
        raise CardcoreError(f"values: button {b}: not a seat dealt in")
    sb = b if n == 2 else _next_alive(hs, b)
    bb = _next_alive(hs, sb)
    if (f["sb"], f["bb"], f["last_bb"], f["last_players"]) != (sb, bb, bb, n):
        raise CardcoreError(f"values: sb {f['sb']}, bb {f['bb']}, last_bb {f['last_bb']}, "
                            f"last_players {f['last_players']}: expected {sb}, {bb}, {bb}, "
                            f"{n} from the button and the hand stacks")
    street, nact = f["street"], f["nact"]
    prev = 0
    for k in range(1, 4):
        at = f["street_at"][k]
        if (k <= street and not prev <= at <= nact) or (k > street and at):
            raise CardcoreError(f"values: street_at_{k} {at}: not the action count at which "
                                f"street {k} was dealt (street {street}, {nact} actions)")
        prev = at
    for i in range(SEATS):
        if (pending[i] and (folded[i] or not stack[i])) or (not dealt[i] and not folded[i]):
            raise CardcoreError(f"values: seat {i}: folded {folded[i]}, pending "
                                f"{pending[i]}, stack {stack[i]}, hand stack {hs[i]}")
        if not f["faced_set"][i] and f["faced"][i]:
            raise CardcoreError(f"values: faced_{i} {f['faced'][i]}: faced_set_{i} is 0")
    n_live = SEATS - sum(folded)
    if n_live < 1:
        raise CardcoreError("values: every seat folded")
    if f["hand_over"]:
        _check_settled(f, n_live)
        return
    if f["actor_set"] == 0 or n_live < 2 or f["showdown"] or any(
            f["value"] + f["won"] + f["pot_contrib"]):
        raise CardcoreError(f"values: hand_over 0: the hand has {n_live} seats in, actor_set "
                            f"{f['actor_set']}, no showdown, values, winnings or pots yet")
    for i in range(SEATS):
        if (stack[i] + contrib[i] != hs[i] or bet[i] > contrib[i]
                or (street == 0 and bet[i] != contrib[i])
                or (f["faced_set"][i] and f["faced"][i] > f["max_bet"])):
            raise CardcoreError(f"values: seat {i}: stack {stack[i]}, bet {bet[i]}, contrib "
                                f"{contrib[i]}, faced {f['faced'][i]} do not add up to its hand "
                                f"stack {hs[i]} on street {street}")
    big, last_inc, max_bet = f["big"], f["last_inc"], f["max_bet"]
    if max_bet != max(bet) or not (last_inc == big or big <= last_inc <= max_bet):
        raise CardcoreError(f"values: max_bet {max_bet}, last_inc {last_inc}: expected the "
                            f"highest bet and a raise increment of at least {big}")
    if contrib[sb] < min(f["small"], hs[sb]) or contrib[bb] < min(big, hs[bb]):
        raise CardcoreError(f"values: contrib {contrib}: the blinds are not in")
    a = f["actor"]
    owed = max_bet - bet[a]
    others = False              # another seat in the hand could still call a raise
    for j in range(SEATS):
        if j != a and not folded[j] and bet[j] + stack[j] > max_bet:
            others = True
    can_raise = (stack[a] > owed and others
                 and (not f["faced_set"][a] or max_bet - f["faced"][a] >= last_inc))
    if not pending[a] or not (owed > 0 or can_raise):
        raise CardcoreError(f"values: actor {a}: the seat has no decision to make")


def _check_settled(f: dict[str, Any], n_live: int) -> None:
    hs, pc = f["hand_stack"], f["pot_contrib"]
    if (f["actor_set"] or f["max_bet"] or any(f["pending"] + f["bet"] + f["contrib"])
            or (f["showdown"] and (f["street"] != 3 or n_live < 2))
            or (not f["showdown"] and n_live != 1)):
        raise CardcoreError(f"values: hand_over 1: no actor, pending seat, bet or contribution "
                            f"left, and a showdown (street 3) exactly when {n_live} seats "
                            "are in")
    for i in range(SEATS):
        if pc[i] > hs[i] or f["stack"][i] != hs[i] - pc[i] + f["won"][i]:
            raise CardcoreError(f"values: seat {i}: stack {f['stack'][i]}, pot contribution "
                                f"{pc[i]}, won {f['won'][i]} do not add up to its hand stack "
                                f"{hs[i]}")
    top = sorted(pc)
    if top[SEATS - 1] != top[SEATS - 2]:
        raise CardcoreError(f"values: pot contributions {pc}: the uncalled chips were not "
                            "returned")


def from_export(values: Any) -> Core:
    """The ``Core`` whose ``export()`` is ``values`` (every field checked; see the module
    docstring)."""
    v, f, cards = _read_export(values)
    if not f["hands"]:
        try:
            core = Core(f["stack"], f["button"] if f["button_set"] else -1, f["small"],
                        f["big"])
        except CardcoreError as e:
            raise CardcoreError(f"values: {e}") from None
    else:
        _check_hand(f)
        core = _rebuild(f, cards)
    if core.export() != v:
        raise CardcoreError("values: the fields do not match the cards and the betting state "
                            "they list")
    return core


def from_seed(seed: Any, stacks: Any = None, button: Any = -1) -> Core:
    """The core ``cardcore.new_game("holdem", seed=seed)`` starts with (``stacks`` default
    ``START_STACK`` a seat, ``button`` -1 the first seat with chips from seat 0, blinds
    ``SMALL_BLIND``/``BIG_BLIND``): its first hand dealt from a shuffle drawn from the
    generator state ``seed``, as ``start_hand(None, seed)`` deals it."""
    st = _int_arg(seed, "seed", 0, _U64)
    core = Core([START_STACK] * SEATS if stacks is None else stacks, button, SMALL_BLIND,
                BIG_BLIND)
    core.start_hand(None, st)
    return core


def _rebuild(f: dict[str, Any], cards: list[int]) -> Core:
    """A core holding the checked fields of a started hand; the board, the burns, the listed
    actions, the showdown values and the winnings derived from them."""
    core = object.__new__(Core)
    core.small, core.big, core.button = f["small"], f["big"], f["button"]
    core.sb, core.bb, core.hands = f["sb"], f["bb"], f["hands"]
    core.last_bb, core.last_players = f["last_bb"], f["last_players"]
    core.seated = f["seated"]
    core.bet = {"stacks": list(f["stack"]), "bets": list(f["bet"]),
                "contrib": list(f["contrib"]), "folded": [bool(x) for x in f["folded"]],
                "pending": [bool(x) for x in f["pending"]],
                "faced": [x if on else None for x, on in zip(f["faced"], f["faced_set"])],
                "max_bet": f["max_bet"], "last_inc": f["last_inc"], "min_bet": f["big"],
                "actor": f["actor"] if f["actor_set"] else None, "rounds": f["street"] + 1}
    core._clear_hand()
    core._cards = cards
    pos = 0
    for s in range(SEATS):
        if f["hand_stack"][s] > 0:
            core._holes[s] = cards[pos:pos + 2]
            pos += 2
    for street in range(1, f["street"] + 1):
        k = 3 if street == 1 else 1
        core._burns.append(cards[pos])
        core._board.extend(cards[pos + 1:pos + 1 + k])
        pos += 1 + k
    core.pos, core.street, core.nact = pos, f["street"], f["nact"]
    core._street_at = [0] + [x if k <= f["street"] else -1
                             for k, x in enumerate(f["street_at"]) if k]
    core._hand_stacks = list(f["hand_stack"])
    core.hand_over, core.showdown = bool(f["hand_over"]), bool(f["showdown"])
    core._pot_contrib = list(f["pot_contrib"])
    if core.hand_over:
        if core.showdown:
            core._values = [0 if f["folded"][s] else evaluate(core._holes[s] + core._board)
                            for s in range(SEATS)]
        pots = {"stacks": [0] * SEATS, "bets": [0] * SEATS, "contrib": list(f["pot_contrib"]),
                "folded": core.bet["folded"], "max_bet": 0}
        core._won = bt.award(pots, core._values, (core.button + 1) % SEATS)
    else:
        core._listed = bt.sized(core.bet)
    core._ready = True
    return core


__all__ = ["Core", "from_export", "from_seed", "START_STACK", "SMALL_BLIND", "BIG_BLIND",
           "NUM_ACTIONS", "SEATS", "EXPORT_FIELDS", "EXPORT_HEAD",
           "shuffled_deck", "FOLD", "CHECK", "CALL", "RAISE_MIN", "RAISE_HALF_POT", "RAISE_POT",
           "ALL_IN"]
