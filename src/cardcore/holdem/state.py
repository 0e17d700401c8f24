"""Texas Hold'em: 4 players, no-limit, blinds 10/20, a chip match until one player has it all.

Rules: ``docs/rules/holdem.md``. Betting uses the shared engine ``cardcore.engines.betting``
unchanged; hands are compared with ``cardcore.poker.evaluate``.

Actions: ``fold``, ``check``, ``call``, ``raise N`` (N = the total bet for this betting round,
blinds included preflop; the first bet of a round is also written ``raise N``; ``bet N`` is
accepted as an alias) and ``all-in``. ``legal_actions()`` lists the minimum raise, half pot,
pot and all-in; ``apply`` takes any ``raise N`` from ``min_raise_to`` to ``max_raise_to``.

Seats are numbered clockwise. Dealing of a stacked ``deck=`` (first hand only): seat 0's two
hole cards, then seat 1's, seat 2's, seat 3's (players with no chips are skipped), then the
burn card, the 3 flop cards, a burn, the turn, a burn, the river. Later hands shuffle with the
game's seeded generator and deal the same way.

Decisions (pinned by tests):

* A blind short of its full amount is posted all-in; the minimum raise preflop is still a full
  big blind (20) above the highest blind posted, and the minimum opening bet on later streets
  is 20.
* A player with nothing to decide (owes nothing and may not raise) is skipped; when at most one
  player can still bet, the board is run out without further actions.
* ``scores()``: chips won or lost over the match (final stack minus starting stack).

Options: ``stacks=[...]`` (4 chip counts, 0 = not playing), ``single_deal=True`` (one hand),
``button=seat`` (who holds the button in the first hand; default seat 0), ``hand_no=N`` (the
number of the first hand, default 1: a record of a hand from a longer session keeps its
number).

Hand histories: ``cardcore.holdem.phh.dumps(state)`` writes the current or last hand in the
PHH format and ``cardcore.holdem.phh.loads(text)`` replays one into a state (the notation
module imports this one, never the reverse).

Integer actions (``docs/actions/holdem.md``): ids 0..6 = fold, check, call, raise min,
raise 1/2 pot, raise pot, all-in (the listed sizes; other amounts only as ``raise N`` text);
``observation_tensor`` is a flat vector of ``OBS_SIZE`` floats laid out there.

The hand lives in the step kernel ``cardcore._fast.holdem_step`` (betting state, cards,
streets and showdown as a C struct; plain-Python twin ``cardcore._ref.holdem_step`` on the
shared betting engine): ``legal_ids``/``apply_id`` build no ``Action``. The attributes the
views read (``bet``, ``holes``, ``board``, ``stacks``, ``last_hand``, ...) are read from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._backend import kernel
from ..engines import betting as bt
from ..engines.step import StepApply
from ..cards import Card, check_deck, deck52
from ..errors import OptionError
from ..options import Option, single_deal
from ..game import Action, CoreView, State, core_field, register
from ..poker import evaluate

if TYPE_CHECKING:
    from .._fast import holdem_step as _k
else:
    _k = kernel("holdem_step")

NUM = _k.SEATS
#: the match's defaults, the step core's (``from_seed``)
START_STACK = _k.START_STACK
SMALL_BLIND = _k.SMALL_BLIND
BIG_BLIND = _k.BIG_BLIND
MAX_STACK = 10 ** 15
STREETS = ("preflop", "flop", "turn", "river")
#: the size of the id space (ids 0..6, see ``docs/actions/holdem.md``)
NUM_ACTIONS = _k.NUM_ACTIONS
#: the observation tensor's size (the step core writes it; ``docs/actions/holdem.md``)
OBS_SIZE = _k.OBS_SIZE

_KIND_ID = {"fold": bt.FOLD, "check": bt.CHECK, "call": bt.CALL, "raise": bt.RAISE_MIN,
            "all-in": bt.ALL_IN}
_BOARD_SLICES = ((0, 0), (0, 3), (3, 4), (4, 5))


@register
class HoldemState(StepApply, CoreView, State):
    GAME = "holdem"
    CORE = "holdem_step"
    core: _k.Core  # (``State.core``: this game's core type)
    NUM_PLAYERS = NUM
    AI_AGENT = "cardcore.agents.holdem:HoldemAI"
    PUBLIC = ("min_raise_to", "max_raise_to", "pot", "pots", "street_name")
    OPTIONS = {
        "stacks": Option("ints", [START_STACK] * NUM, "chips per seat (0: the seat sits out; "
                         "at most 10**15)", low=0, length=NUM),
        "single_deal": single_deal(),
        "button": Option("seat", None, "the seat on the button in the first hand "
                         "(default: seat 0)", low=0, high=NUM - 1, none=True),
        "hand_no": Option("int", 1, "the number of the first hand", low=1),
    }

    _core: Any  # the hand in the step kernel (``cardcore._fast.holdem_step.Core``)

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, stacks: Any = None,
               single_deal: bool = False, button: Any = None, hand_no: int = 1) -> None:
        if stacks is None:
            stacks = [START_STACK] * NUM
        elif (not isinstance(stacks, (list, tuple)) or len(stacks) != NUM
                or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= MAX_STACK
                       for s in stacks)
                or sum(1 for s in stacks if s > 0) < 2):
            raise OptionError(f"option stacks={stacks!r}: expected {NUM} whole chip counts "
                              f"(0..{MAX_STACK}), at least two players with chips")
        else:
            stacks = [int(s) for s in stacks]
        if not isinstance(single_deal, bool):
            raise OptionError(f"option single_deal={single_deal!r}: expected True or False")
        if button is not None and (isinstance(button, bool) or not isinstance(button, int)
                                   or not 0 <= button < NUM or stacks[button] <= 0):
            raise OptionError(f"option button={button!r}: expected the seat (0..3) of a player "
                              "with chips")
        cards = None
        if deck is not None:
            cards = [int(c) for c in check_deck(deck, deck52(), "holdem")]
        self.start_stacks = stacks
        self.single_deal = single_deal
        self.hand_no = hand_no
        #: where the current hand's actions start in ``log``
        self.hand_log = 0
        #: the record of the last finished hand while the match goes on (``last_hand``)
        self.last_record: dict | None = None
        self._core = _k.Core(self.start_stacks, -1 if button is None else button,
                             SMALL_BLIND, BIG_BLIND)
        self.rng_state = self._core.start_hand(cards, self.rng_state)
        if self._core.hand_over:
            self._hand_done(None)

    # ------------------------------------------------------------ copying
    def __reduce__(self) -> tuple:
        # pickle and copy by replay: the saved game is its JSON (the kernel state is rebuilt)
        from ..game import from_json

        return (from_json, (self.to_json(),))

    def __deepcopy__(self, memo: dict) -> HoldemState:
        return self.clone()

    # ------------------------------------------------------------ flow
    def _hand_done(self, pending: list | None) -> None:
        """The hand is settled (``pending``: its last log entry when not in ``log`` yet): the
        match ends, or the next hand starts (and may be settled at once: blinds all-in)."""
        core = self._core
        next_log = len(self.log) + (pending is not None)
        while core.hand_over:
            if self.single_deal or sum(1 for s in core.stacks() if s > 0) <= 1:
                return
            self.last_record = self._record(pending)
            self.hand_no += 1
            self.hand_log = next_log
            pending = None
            self.rng_state = core.start_hand(None, self.rng_state)

    def _events(self, pending: list | None = None) -> list[list]:
        """This hand's events in order: ``[seat, text, raise_to]`` per action and
        ``[None, "board", cards]`` per street dealt."""
        core = self._core
        entries = self.log[self.hand_log:]
        if pending is not None:
            entries.append(pending)
        at = core.street_at
        board = core.board
        out: list[list] = []
        k = 1
        for n, e in enumerate(entries):
            while k <= 3 and at[k] == n:
                out.append([None, "board", board[_BOARD_SLICES[k][0]:_BOARD_SLICES[k][1]]])
                k += 1
            out.append([e[0], e[2], e[4]])
        while k <= 3 and at[k] >= 0:
            out.append([None, "board", board[_BOARD_SLICES[k][0]:_BOARD_SLICES[k][1]]])
            k += 1
        return out

    def _record(self, pending: list | None) -> dict:
        """The record of the hand the core has settled."""
        core = self._core
        h = core.bet_view()
        live = [s for s in range(NUM) if not h["folded"][s]]
        showdown = core.showdown
        values = core.values
        final = core.stacks()
        hand_stacks = core.hand_stacks
        pots = bt.pots({"contrib": core.pot_contrib, "folded": h["folded"], "bets": [0] * NUM})
        return {
            "hand": self.hand_no, "button": core.button, "sb": core.sb, "bb": core.bb,
            "stacks": hand_stacks, "holes": core.holes, "board": core.board,
            "burns": core.burns, "actions": self._events(pending), "showdown": showdown,
            "shown": live if showdown else [],
            "values": {str(s): values[s] for s in live} if showdown else {},
            "pots": pots, "won": core.won, "final": final,
            "net": [final[i] - hand_stacks[i] for i in range(NUM)],
        }

    # ------------------------------------------------------------ protocol hooks
    def _legal_actions(self) -> list[Action]:
        return [bt.action_of(bt.ID_KINDS[i], a) for i, a in self._core.legal]

    def _resolve(self, action: Action | str) -> Action:
        return bt.resolve(self._core.bet_view(), action)

    def _apply(self, action: Action) -> None:
        core = self._core
        seat = core.current_player
        core.perform(_KIND_ID[action.kind], action.amount)
        if core.current_player is None:
            self._hand_done([seat, *action.to_list()])

    def _scores(self) -> tuple[float, ...]:
        final = self._core.stacks()
        return tuple([float(a - b) for a, b in zip(final, self.start_stacks)])

    # ------------------------------------------------------------ integer actions
    def _id_of(self, action: Action) -> int:
        kind = action.kind
        if kind != "raise":
            return _KIND_ID[kind]
        for i, a in self._core.legal:
            if a == action.amount and i != bt.ALL_IN:
                return i
        return bt.id_of(self._core.bet_view(), kind, action.amount)  # raises: not listed

    def _action_of_id(self, i: int) -> Action:
        return bt.action_of(bt.ID_KINDS[i], self._core.amount(i))

    def _apply_id(self, i: int) -> None:
        core = self._core
        seat = core.current_player
        if i < bt.RAISE_MIN:
            core.apply(i)
            kind = bt.ID_KINDS[i]
            self.log.append([seat, kind, kind, [], None, []])
        else:
            a = core.amount(i)  # the chips this id puts in, read before it is applied
            core.apply(i)
            if i == bt.ALL_IN:
                self.log.append([seat, "all-in", "all-in", [], a, []])
            else:
                self.log.append([seat, "raise", f"raise {a}", [], a, []])
        if core.is_over:
            self._hand_done(None)

    def _describe_id(self, i: int) -> str:
        return bt.ID_NAMES[i]

    # ------------------------------------------------------------ views of the core
    @property
    def phase(self) -> str:
        """``"bet"`` while a hand is played, ``"over"`` once the game is over."""
        return "over" if self._core.current_player is None else "bet"

    bet: Final[dict] = core_field(
        "bet_view", "The betting state of the hand in the engine's dict form (a copy).",
        call=True)
    button: Final[int] = core_field("button", "The button's seat in this hand.")
    sb: Final[int] = core_field("sb", "The seat that posted the small blind in this hand.")
    bb: Final[int] = core_field("bb", "The seat that posted the big blind in this hand.")
    street: Final[int] = core_field("street", "The street: 0 preflop, 1 flop, 2 turn, 3 river.")
    holes: Final[list[list[int]]] = core_field(
        "holes", "Each seat's hole cards in this hand (``[]``: not dealt in).")
    board: Final[list[int]] = core_field("board", "The board cards dealt so far.")
    burns: Final[list[int]] = core_field("burns", "The cards burnt so far in this hand.")
    deck: Final[list[int]] = core_field(
        "deck", "The cards of this hand not dealt yet, in dealing order.", call=True)

    @property
    def stacks(self) -> list[int]:
        """The chips per seat at the start of this hand (the final chips once over)."""
        return self._core.stacks() if self._core.current_player is None else self._core.hand_stacks

    hand_stacks: Final[list[int]] = core_field("hand_stacks",
                                               "The chips per seat at the start of this hand.")

    @property
    def hand_actions(self) -> list[list]:
        """This hand's events: ``[seat, text, raise_to]`` per action, ``[None, "board",
        cards]`` per street dealt."""
        return self._events()

    @property
    def last_hand(self) -> dict | None:
        """The record of the last finished hand (``None`` before one has finished)."""
        if self._core.current_player is None:
            return self._record(None)
        return self.last_record

    min_raise_to: Final[int | None] = core_field(
        "min_raise_to", "The smallest legal ``raise N`` of the seat to act, or ``None``.",
        call=True)
    max_raise_to: Final[int | None] = core_field(
        "max_raise_to", "The largest legal ``raise N`` of the seat to act (all-in), or ``None``.",
        call=True)

    @property
    def pots(self) -> list[dict]:
        """The main pot and side pots collected so far (``amount``, ``eligible`` seats); the
        bets of the open round are in ``observation()["bets"]`` until the round ends."""
        if self._core.current_player is None:
            return []
        return bt.pots(self._core.bet_view(), collected=True)

    @property
    def pot(self) -> int:
        return 0 if self._core.current_player is None else sum(self._core.bet_view()["contrib"])

    @property
    def street_name(self) -> str:
        return "over" if self._core.current_player is None else STREETS[self._core.street]

    def _observation(self, player: int) -> dict:
        core = self._core
        over = core.current_player is None
        h = core.bet_view()
        last = self.last_hand
        shown_last = None
        if last is not None:
            shown_last = {
                "hand": last["hand"], "board": list(last["board"]),
                "shown": {str(s): list(last["holes"][s]) for s in last["shown"]},
                "won": list(last["won"]), "net": list(last["net"]),
                "pots": [dict(p, eligible=list(p["eligible"])) for p in last["pots"]],
            }
        holes = core.holes
        return {
            "hand": self.hand_no,
            "street": self.street_name,
            "button": core.button, "small_blind": core.sb, "big_blind": core.bb,
            "hole": [] if over else list(holes[player]),
            "board": [] if over else core.board,
            "stacks": h["stacks"],
            "bets": h["bets"],
            "folded": [False] * NUM if over else h["folded"],
            "in_hand": [False] * NUM if over else [bool(x) for x in holes],
            "pot": 0 if over else sum(h["contrib"]),
            "pots": [] if over else bt.pots(h, collected=True),
            "to_act": core.current_player,
            "min_raise_to": core.min_raise_to(),
            "max_raise_to": core.max_raise_to(),
            "can_raise": [False] * NUM if over else [bt.can_raise(h, s) for s in range(NUM)],
            "actions": [] if over else self._events(),
            "last_hand": shown_last,
            "scores": list(self._scores()) if over else None,
        }


def hand_value(cards: Any) -> int:
    """The comparable value of a 5-7 card hand (``cardcore.poker.evaluate``)."""
    return int(evaluate([int(Card(c)) for c in cards]))


__all__ = ["HoldemState", "hand_value", "START_STACK", "SMALL_BLIND", "BIG_BLIND", "MAX_STACK",
           "NUM_ACTIONS", "OBS_SIZE"]
