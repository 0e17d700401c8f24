"""One Poker: two players, a 104-card double deck, one locked card each, no-limit betting.

Rules: ``docs/rules/onepoker.md``. A match runs deal after deal until a player has no chips
(``single_deal=True`` plays one deal). Each deal: both pay a 1-chip ante, the first player
locks one of their two cards, then the other; then one no-limit betting round (the betting
rule of ``cardcore.engines.betting``) starts with the first player; then the locked cards are
compared. The play of a deal (the deal, the locks, the betting, the showdown, the draws for the
next deal) is the step core's (``cardcore._fast.onepoker_step``, ``state.core``); the state
keeps the match: the deals' records, when it ends, the scores.

Actions: ``lock As`` (or just the card, ``As``), then ``fold``, ``check``, ``call``,
``raise N`` (N = total bet for this round, antes not counted; the first bet is also written
``raise N`` and ``bet N`` is accepted as an alias) and ``all-in``. ``legal_actions()`` lists
the minimum raise, half pot, pot and all-in; ``apply`` takes any ``raise N`` between
``min_raise_to`` and ``max_raise_to``.

Decisions the rules page leaves open, pinned by tests:

* The next deal's first player draws first; the kept card stays first in the hand.
* A tie splits the pot exactly: both contributions are always matched (the uncalled excess is
  returned first), so every pot level holds an even number of chips and no odd chip can occur.
* Ante: a player who cannot pay the full ante pays what they have and is all-in (with whole
  chips and a 1-chip ante this is a player with exactly 1 chip: they ante it and are all-in).
* Scores: chips won or lost over the match (final chips minus starting chips), zero-sum.
* A ``deck=`` stacks the first deal: seat 0's 2 cards, seat 1's 2 cards, then the draw pile
  from the top. Later reshuffles use the game's seeded generator.

Integer actions (``docs/actions/onepoker.md``): ids 0..6 are the betting ids shared with
Hold'em (fold, check, call, raise min, raise 1/2 pot, raise pot, all-in), ``LOCK0 + card``
locks that card; ``observation_tensor`` is a flat vector of ``OBS_SIZE`` floats laid out there
(both come from the core).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._backend import kernel
from ..engines import betting as bt
from ..cards import RANKS, Card, check_deck, deck104
from ..cards import format as fmt
from ..errors import IllegalAction, OptionError, quote
from ..engines import match
from ..engines.step import StepApply
from ..options import Option, single_deal
from ..game import Action, CoreView, State, core_field, register
from .._ref.onepoker_step import compare_ranks  # (the rule, as the step kernel writes it)

if TYPE_CHECKING:
    from .._fast import onepoker_step as _k
else:
    _k = kernel("onepoker_step")

START_CHIPS = 20
ANTE = 1
UP_MIN_RANK = 6  # 8 and above are UP; 2..7 are DOWN
#: the most chips a seat may start with
MAX_CHIPS = _k.MAX_CHIPS
#: action ids: 0..6 the betting ids of ``cardcore.engines.betting`` (fold, check, call, raise
#: min, raise 1/2 pot, raise pot, all-in), then ``LOCK0 + card`` = lock that card (card ids
#: 0..51); see ``docs/actions/onepoker.md``
LOCK0 = bt.NUM_IDS
NUM_ACTIONS = LOCK0 + 52
#: the length of ``observation_tensor`` (its layout: ``docs/actions/onepoker.md``; the step
#: core writes it)
OBS_SIZE = _k.OBS_SIZE
_KIND_IDS = {"fold": bt.FOLD, "check": bt.CHECK, "call": bt.CALL, "all-in": bt.ALL_IN}


def is_up(card: int) -> bool:
    """True for 8, 9, 10, J, Q, K, A (the UP group)."""
    return (card >> 2) >= UP_MIN_RANK


def compare(a: int, b: int) -> int:
    """+1 if card ``a`` beats ``b``, -1 if it loses, 0 for equal ranks. A > K > ... > 2,
    except that 2 beats A."""
    return compare_ranks(a >> 2, b >> 2)


def signal(cards: list[int]) -> dict[str, int]:
    up = sum(1 for c in cards if is_up(c))
    return {"up": up, "down": len(cards) - up}


@register
class OnePokerState(StepApply, CoreView, State):
    GAME = "onepoker"
    NUM_PLAYERS = 2
    AI_AGENT = "cardcore.agents.onepoker:OnePokerAI"
    PUBLIC = ("min_raise_to", "max_raise_to", "pot")
    CORE = "onepoker_step"
    core: _k.Core  # (``State.core``: this game's core type)
    OPTIONS = {
        "stacks": Option("ints", [START_CHIPS] * 2, "chips per seat at the start (at most "
                         "10**15)", low=1, high=MAX_CHIPS, length=2),
        "single_deal": single_deal(),
    }

    _core: Any  # the deal in the step kernel (``cardcore._fast.onepoker_step.Core``)

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, stacks: Any = None,
               single_deal: bool = False) -> None:
        if stacks is None:
            stacks = [START_CHIPS, START_CHIPS]
        if (not isinstance(stacks, (list, tuple)) or len(stacks) != 2
                or any(isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= MAX_CHIPS
                       for s in stacks)):
            raise OptionError(f"option stacks={stacks!r}: expected two whole chip counts "
                              f"(1..{MAX_CHIPS})")
        if not isinstance(single_deal, bool):
            raise OptionError(f"option single_deal={single_deal!r}: expected True or False")
        self.start_chips = [int(s) for s in stacks]
        self.single_deal: bool
        self.deal_no: int
        self.past: list[dict]
        match.start_match(self, single_deal=single_deal)
        self.reshuffles = 0
        # the generator (the first shuffle, later reshuffles) is the core's from here on: the
        # core carries its state from deal to deal (``core.rng``)
        if deck is not None:
            cards = [int(c) for c in check_deck(deck, deck104(), "onepoker")]
            # a stacked first deal: later reshuffles draw from the game's seeded generator
            self._core = _k.Core([cards[0:2], cards[2:4]], cards[4:], [], self.start_chips, 0,
                                 self.rng_state)
        else:
            self._core = _k.from_seed(self.rng_state, self.start_chips)
        match.begin_deal(self)

    # ------------------------------------------------------------ the deal, read from the core
    phase: Final[str] = core_field(
        "phase", '``"lock"``, ``"bet"``, or ``"over"`` once the match is over.')
    first: Final[int] = core_field("first", "The seat that locks and bets first in this deal.")

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's cards (after the last deal of a match: the kept card)."""
        return [self._core.hand(0), self._core.hand(1)]

    locked: Final[list[int | None]] = core_field(
        "locked", "Each seat's locked card (``None`` before its lock).")
    signals: Final[list[dict[str, int]]] = core_field(
        "signals", "Each seat's public signal: how many of its two cards are UP and DOWN.")
    pile: Final[list[int]] = core_field("pile", "The draw pile, top first.")
    discards: Final[list[int]] = core_field(
        "discards", "The played cards since the last reshuffle, oldest first.")

    @property
    def chips(self) -> list[int]:
        """Each seat's chips before this deal's ante; once the match is over, the final chips."""
        core = self._core
        return core.stacks() if core.is_over else core.deal_chips

    bet: Final[dict] = core_field(
        "bet_view", "This deal's betting state as the betting engine's hand dict (a fresh copy).",
        call=True)

    # ------------------------------------------------------------ protocol hooks
    def _legal_actions(self) -> list[Action]:
        core = self._core
        if core.phase == "lock":
            seat = core.current_player
            out, seen = [], set()
            for c in core.hand(seat):
                if c not in seen:
                    seen.add(c)
                    out.append(Action("lock", f"lock {Card(c)}", cards=(Card(c),)))
            return out
        return [bt.action_of(bt.ID_KINDS[i], core.amount(i)) for i in core.legal_ids()]

    def _resolve(self, action: Action | str) -> Action:
        if self.phase == "bet":
            return bt.resolve(self.bet, action)
        text = action.text if isinstance(action, Action) else action
        key = " ".join(str(text).strip().lower().split())
        if key.startswith("lock "):
            text = text.strip()[5:]
        try:
            return super()._resolve(text)
        except IllegalAction:
            seat = self._current_player()
            assert seat is not None
            choices = ", ".join(a.text for a in self._legal_actions())
            raise IllegalAction(
                f"action {quote(str(action), 120)}: now seat {seat} must lock one of its own "
                f"cards ({choices}); it holds {fmt(self.hands[seat])}"
            ) from None

    def _apply(self, action: Action) -> None:
        core = self._core
        if action.kind == "lock":
            core.apply(LOCK0 + int(action.cards[0]))
        elif action.kind == "raise":
            core.raise_to(action.amount)
        else:
            core.apply(_KIND_IDS[action.kind])
        self._deal_moved()

    def _deal_moved(self) -> None:
        """After an action: once the core has settled the deal, keep its record and start the
        next deal, or end the match."""
        core = self._core
        if not core.is_over:
            return
        stacks, before = core.stacks(), core.deal_chips
        winner = core.winner
        record = {
            "deal": self.deal_no, "first": core.first, "locked": core.locked,
            "folded": core.folder, "winner": winner, "pot": core.final_pot, "won": core.won,
            "net": [stacks[i] - before[i] for i in range(2)],
        }
        if match.end_deal(self, record, decided=min(stacks) == 0):
            self.next_first = winner if winner is not None else 1 - core.first
            return
        self._core = core.next_deal()
        if self._core.reshuffled:
            self.reshuffles += 1
        match.begin_deal(self)

    def _scores(self) -> tuple[float, ...]:
        chips = self.chips
        return tuple(float(chips[i] - self.start_chips[i]) for i in range(2))

    # ------------------------------------------------------------ integer actions
    def _id_of(self, action: Action) -> int:
        if action.kind == "lock":
            return LOCK0 + int(action.cards[0])
        return bt.id_of(self.bet, action.kind, action.amount)

    def _action_of_id(self, i: int) -> Action:
        if i >= LOCK0:
            c = Card(i - LOCK0)
            return Action("lock", f"lock {c}", cards=(c,))
        return bt.action_of(bt.ID_KINDS[i], self._core.amount(i))

    def _apply_id(self, i: int) -> None:
        core = self._core
        seat = core.current_player
        if i >= LOCK0:
            c = i - LOCK0
            self.log.append([seat, "lock", f"lock {Card(c)}", [c], None, []])
        else:
            a = core.amount(i)
            kind = bt.ID_KINDS[i]
            self.log.append([seat, kind, f"raise {a}" if kind == "raise" else kind, [], a, []])
        core.apply(i)
        self._deal_moved()

    def _describe_id(self, i: int) -> str:
        return f"lock {Card(i - LOCK0)}" if i >= LOCK0 else bt.ID_NAMES[i]

    # ------------------------------------------------------------ extras
    min_raise_to: Final[int | None] = core_field(
        "min_raise_to", "The smallest legal ``raise N`` of the seat to act (``None``: no raise "
        "now).")
    max_raise_to: Final[int | None] = core_field(
        "max_raise_to", "The largest legal ``raise N`` (all-in) of the seat to act, or ``None``.")
    pot: Final[int] = core_field("pot", "The chips in the pot (antes and bets; 0 once settled).")

    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """A lock shows its card to the locker only (everyone else sees ``lock a card``)."""
        if action.kind == "lock" and viewer != seat:
            return "lock a card"
        return action.text

    def _public_actions(self) -> list[list[list]]:
        """Each deal's actions as everybody saw them, ``[seat, kind, amount]`` in order (a
        lock shows no card: ``[seat, "lock", None]``); a deal starts with its two locks."""
        deals: list[list[list]] = []
        locks = 0
        for entry in self.log:
            seat, kind, amount = entry[0], entry[1], entry[4]
            if kind == "lock":
                if locks % 2 == 0:
                    deals.append([])
                locks += 1
                amount = None
            deals[-1].append([seat, kind, amount])
        return deals

    def _observation(self, player: int) -> dict:
        h = self.bet
        over = self.phase == "over"
        actions = self._public_actions()
        n_past = len(self.past)
        return {
            "deal": self.deal_no,
            "phase": self.phase,
            "first": self.first,
            "to_act": self._current_player(),
            "hand": list(self.hands[player]),
            "locked": self.locked[player] if not over else None,
            "opponent_locked": (self.locked[1 - player] is not None) if not over else False,
            "signals": [dict(s) for s in self.signals],
            "chips": list(self.chips) if over else list(h["stacks"]),
            "bets": [0, 0] if over else list(h["bets"]),
            "pot": self.pot,
            "min_raise_to": self.min_raise_to,
            "max_raise_to": self.max_raise_to,
            "deck_size": len(self.pile),
            "discards": list(self.discards),
            "actions": actions[n_past] if len(actions) > n_past else [],
            "past": [dict(d, locked=list(d["locked"]), won=list(d["won"]), net=list(d["net"]),
                          actions=actions[i] if i < len(actions) else [])
                     for i, d in enumerate(self.past)],
            "scores": list(self._scores()) if over else None,
        }


__all__ = ["OnePokerState", "compare", "compare_ranks", "is_up", "signal", "START_CHIPS",
           "ANTE", "RANKS", "LOCK0", "NUM_ACTIONS", "OBS_SIZE"]
