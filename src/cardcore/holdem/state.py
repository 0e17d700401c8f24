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
"""

from __future__ import annotations

from typing import Any

from ..engines import betting as bt
from ..cards import Card, check_deck, deck52
from ..errors import OptionError
from ..options import Option, single_deal
from ..game import Action, State, register
from ..poker import evaluate

NUM = 4
START_STACK = 1000
SMALL_BLIND = 10
BIG_BLIND = 20
STREETS = ("preflop", "flop", "turn", "river")


def _copy_events(events: list[list]) -> list[list]:
    return [[e[0], e[1], list(e[2]) if isinstance(e[2], list) else e[2]] for e in events]


def _next_alive(stacks: list[int], seat: int) -> int:
    """The next seat clockwise after ``seat`` with chips."""
    for k in range(1, NUM + 1):
        s = (seat + k) % NUM
        if stacks[s] > 0:
            return s
    return seat


@register
class HoldemState(State):
    GAME = "holdem"
    NUM_PLAYERS = NUM
    ZERO_SUM = True
    AI_AGENT = "cardcore.agents.holdem:HoldemAI"
    PUBLIC = ("min_raise_to", "max_raise_to", "pot", "pots", "street_name")
    OPTIONS = {
        "stacks": Option("ints", [START_STACK] * NUM, "chips per seat (0: the seat sits out)",
                         low=0, length=NUM),
        "single_deal": single_deal(),
        "button": Option("seat", None, "the seat on the button in the first hand "
                         "(default: seat 0)", low=0, high=NUM - 1, none=True),
        "hand_no": Option("int", 1, "the number of the first hand", low=1),
    }

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, stacks: Any = None,
               single_deal: bool = False, button: Any = None, hand_no: int = 1) -> None:
        if stacks is None:
            stacks = [START_STACK] * NUM
        if (not isinstance(stacks, (list, tuple)) or len(stacks) != NUM
                or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in stacks)
                or sum(1 for s in stacks if s > 0) < 2):
            raise OptionError(f"option stacks={stacks!r}: expected {NUM} whole chip counts (>= 0), "
                                "at least two players with chips")
        if not isinstance(single_deal, bool):
            raise OptionError(f"option single_deal={single_deal!r}: expected True or False")
        if button is not None and (isinstance(button, bool) or not isinstance(button, int)
                                   or not 0 <= button < NUM or stacks[button] <= 0):
            raise OptionError(f"option button={button!r}: expected the seat (0..3) of a player "
                                "with chips")
        cards = None
        if deck is not None:
            cards = [int(c) for c in check_deck(deck, deck52(), "holdem")]
        self.start_stacks = [int(s) for s in stacks]
        self.stacks = list(self.start_stacks)
        self.single_deal = single_deal
        self.hand_no = hand_no - 1          # _start_hand counts the first hand
        self.button = -1 if button is None else -2 - button  # see _start_hand
        self.last_bb: int | None = None
        self.last_players = 0
        self.last_hand: dict | None = None
        self.phase = "bet"
        self._start_hand(cards)

    def _start_hand(self, cards: list[int] | None) -> None:
        self.hand_no += 1
        alive = [s > 0 for s in self.stacks]
        n_alive = sum(alive)
        if self.button <= -2:  # the ``button=`` option: that seat holds it in hand 1
            self.button = -2 - self.button
        elif self.button < 0:
            self.button = 0 if alive[0] else _next_alive(self.stacks, 0)
        else:
            self.button = _next_alive(self.stacks, self.button)
        if n_alive == 2:
            sb = self.button
            bb = _next_alive(self.stacks, sb)
            if self.last_players > 2 and bb == self.last_bb:
                # first heads-up hand: nobody posts the big blind twice in a row
                self.button, sb, bb = bb, bb, sb
        else:
            sb = _next_alive(self.stacks, self.button)
            bb = _next_alive(self.stacks, sb)
        self.sb, self.bb = sb, bb
        if cards is None:
            cards = [int(c) for c in deck52()]
            self.rng().shuffle(cards)
        self.holes: list[list[int]] = [[] for _ in range(NUM)]
        pos = 0
        for s in range(NUM):
            if alive[s]:
                self.holes[s] = cards[pos:pos + 2]
                pos += 2
        self.deck = cards[pos:]
        self.board: list[int] = []
        self.burns: list[int] = []
        self.street = 0
        self.hand_stacks = list(self.stacks)  # stacks at the start of this hand
        # this hand's events in order: [seat, text, raise_to] per action, [None, "board", cards]
        # per street dealt
        self.hand_actions: list[list] = []
        self.bet = bt.new_hand(self.stacks, dealt=alive, min_bet=BIG_BLIND)
        bt.post(self.bet, sb, SMALL_BLIND, as_bet=True)
        bt.post(self.bet, bb, BIG_BLIND, as_bet=True)
        self.last_bb = bb
        self.last_players = n_alive
        bt.start_round(self.bet, _next_alive(self.stacks, bb) if n_alive > 2 else sb,
                       keep_bets=True)
        self._progress()

    # ------------------------------------------------------------ flow
    def _progress(self) -> None:
        """After an action: next street, run-out, showdown or the next hand as due."""
        h = self.bet
        while bt.round_over(h):
            if bt.hand_decided(h):
                self._settle(showdown=False)
                return
            if self.street == 3:
                self._settle(showdown=True)
                return
            self._deal_street()
            bt.start_round(h, (self.button + 1) % NUM)

    def _deal_street(self) -> None:
        self.burns.append(self.deck.pop(0))
        k = 3 if self.street == 0 else 1
        new = [self.deck.pop(0) for _ in range(k)]
        self.board.extend(new)
        self.street += 1
        self.hand_actions.append([None, "board", new])

    def _settle(self, showdown: bool) -> None:
        h = self.bet
        bt.return_uncalled(h)
        pots = bt.pots(h)
        live = bt.live(h)
        strength = [0] * NUM
        values: dict[str, int] = {}
        if showdown:
            for s in live:
                strength[s] = int(evaluate(self.holes[s] + self.board))
                values[str(s)] = strength[s]
        won = bt.award(h, strength, odd_from=(self.button + 1) % NUM)
        self.stacks = list(h["stacks"])
        self.last_hand = {
            "hand": self.hand_no, "button": self.button, "sb": self.sb, "bb": self.bb,
            "stacks": list(self.hand_stacks), "holes": [list(x) for x in self.holes],
            "board": list(self.board), "burns": list(self.burns),
            "actions": _copy_events(self.hand_actions), "showdown": showdown,
            "shown": sorted(live) if showdown else [], "values": values,
            "pots": pots, "won": won, "final": list(self.stacks),
            "net": [self.stacks[i] - self.hand_stacks[i] for i in range(NUM)],
        }
        if self.single_deal or sum(1 for s in self.stacks if s > 0) <= 1:
            self.phase = "over"
            return
        self._start_hand(None)

    # ------------------------------------------------------------ protocol hooks
    def _current_player(self) -> int | None:
        return None if self.phase == "over" else self.bet["actor"]

    def _legal_actions(self) -> list[Action]:
        return bt.actions(self.bet)

    def _resolve(self, action: Action | str) -> Action:
        return bt.resolve(self.bet, action)

    def _apply(self, action: Action) -> None:
        seat = self.bet["actor"]
        self.hand_actions.append([seat, action.text, action.amount])
        bt.act(self.bet, action.kind, action.amount)
        self._progress()

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(self.stacks[i] - self.start_stacks[i]) for i in range(NUM))

    # ------------------------------------------------------------ extras
    @property
    def min_raise_to(self) -> int | None:
        return None if self.phase == "over" else bt.min_raise_to(self.bet)

    @property
    def max_raise_to(self) -> int | None:
        return None if self.phase == "over" else bt.max_raise_to(self.bet)

    @property
    def pots(self) -> list[dict]:
        """The main pot and side pots collected so far (``amount``, ``eligible`` seats); the
        bets of the open round are in ``observation()["bets"]`` until the round ends."""
        return [] if self.phase == "over" else bt.pots(self.bet, collected=True)

    @property
    def pot(self) -> int:
        return 0 if self.phase == "over" else bt.pot_total(self.bet)

    @property
    def street_name(self) -> str:
        return "over" if self.phase == "over" else STREETS[self.street]

    def _observation(self, player: int) -> dict:
        over = self.phase == "over"
        h = self.bet
        last = self.last_hand
        shown_last = None
        if last is not None:
            shown_last = {
                "hand": last["hand"], "board": list(last["board"]),
                "shown": {str(s): list(last["holes"][s]) for s in last["shown"]},
                "won": list(last["won"]), "net": list(last["net"]),
                "pots": [dict(p, eligible=list(p["eligible"])) for p in last["pots"]],
            }
        return {
            "game": self.GAME,
            "player": player,
            "hand": self.hand_no,
            "street": self.street_name,
            "button": self.button, "small_blind": self.sb, "big_blind": self.bb,
            "hole": [] if over else list(self.holes[player]),
            "board": [] if over else list(self.board),
            "stacks": list(self.stacks) if over else list(h["stacks"]),
            "bets": [0] * NUM if over else list(h["bets"]),
            "folded": [False] * NUM if over else list(h["folded"]),
            "in_hand": [False] * NUM if over else [bool(x) for x in self.holes],
            "pot": self.pot,
            "pots": [dict(p, eligible=list(p["eligible"])) for p in self.pots],
            "to_act": self._current_player(),
            "min_raise_to": self.min_raise_to,
            "max_raise_to": self.max_raise_to,
            "can_raise": [False] * NUM if over else [bt.can_raise(h, s) for s in range(NUM)],
            "actions": [] if over else _copy_events(self.hand_actions),
            "last_hand": shown_last,
            "scores": list(self._scores()) if over else None,
        }


def hand_value(cards: Any) -> int:
    """The comparable value of a 5-7 card hand (``cardcore.poker.evaluate``)."""
    return int(evaluate([int(Card(c)) for c in cards]))


__all__ = ["HoldemState", "hand_value", "START_STACK", "SMALL_BLIND", "BIG_BLIND"]
