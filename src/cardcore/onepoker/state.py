"""One Poker: two players, a 104-card double deck, one locked card each, no-limit betting.

Rules: ``docs/rules/onepoker.md``. A match runs deal after deal until a player has no chips
(``single_deal=True`` plays one deal). Each deal: both pay a 1-chip ante, the first player
locks one of their two cards, then the other; then one no-limit betting round (shared engine,
``cardcore.engines.betting``) starts with the first player; then the locked cards are compared.

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
locks that card; ``observation_tensor`` is a flat vector of ``OBS_SIZE`` floats laid out there.
"""

from __future__ import annotations

from typing import Any

from ..engines import betting as bt
from ..cards import RANKS, Card, check_deck, deck104
from ..cards import format as fmt
from ..errors import IllegalAction, OptionError
from ..engines import match
from ..options import Option, single_deal
from ..game import _MEMO, Action, State, register

START_CHIPS = 20
ANTE = 1
UP_MIN_RANK = 6  # 8 and above are UP; 2..7 are DOWN
#: action ids: 0..6 the betting ids of ``cardcore.engines.betting`` (fold, check, call, raise
#: min, raise 1/2 pot, raise pot, all-in), then ``LOCK0 + card`` = lock that card (card ids
#: 0..51); see ``docs/actions/onepoker.md``
LOCK0 = bt.NUM_IDS
NUM_ACTIONS = LOCK0 + 52
#: observation_tensor layout: the first slot of each part (see ``docs/actions/onepoker.md``)
OBS_HAND, OBS_LOCKED, OBS_DISCARDS, OBS_PHASE, OBS_PLAYER, OBS_FIRST, OBS_TO_ACT = (
    0, 52, 104, 156, 158, 160, 162)
OBS_HAS_LOCKED, OBS_SIGNALS, OBS_CHIPS, OBS_BETS, OBS_POT, OBS_TO_CALL = (
    164, 166, 170, 172, 174, 175)
OBS_MIN_RAISE, OBS_MAX_RAISE, OBS_PILE, OBS_SIZE = 176, 177, 178, 179


def is_up(card: int) -> bool:
    """True for 8, 9, 10, J, Q, K, A (the UP group)."""
    return (card >> 2) >= UP_MIN_RANK


def compare(a: int, b: int) -> int:
    """+1 if card ``a`` beats ``b``, -1 if it loses, 0 for equal ranks. A > K > ... > 2,
    except that 2 beats A."""
    return compare_ranks(a >> 2, b >> 2)


def compare_ranks(ra: int, rb: int) -> int:
    """``compare`` on ranks 0..12 (2..A)."""
    if ra == rb:
        return 0
    if ra == 0 and rb == 12:
        return 1
    if ra == 12 and rb == 0:
        return -1
    return 1 if ra > rb else -1


def signal(cards: list[int]) -> dict[str, int]:
    up = sum(1 for c in cards if is_up(c))
    return {"up": up, "down": len(cards) - up}


@register
class OnePokerState(State):
    GAME = "onepoker"
    NUM_PLAYERS = 2
    ZERO_SUM = True
    AI_AGENT = "cardcore.agents.onepoker:OnePokerAI"
    PUBLIC = ("min_raise_to", "max_raise_to", "pot")
    #: the listed betting actions of this position (``bt.sized``), computed once
    TRANSIENT = ("_sized",)
    _sized: list[tuple[int, int | None]] | None
    OPTIONS = {
        "stacks": Option("ints", [START_CHIPS] * 2, "chips per seat at the start", low=1,
                         length=2),
        "single_deal": single_deal(),
    }

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, stacks: Any = None,
               single_deal: bool = False) -> None:
        if stacks is None:
            stacks = [START_CHIPS, START_CHIPS]
        if (not isinstance(stacks, (list, tuple)) or len(stacks) != 2
                or any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in stacks)):
            raise OptionError(f"option stacks={stacks!r}: expected two positive whole chip counts")
        if not isinstance(single_deal, bool):
            raise OptionError(f"option single_deal={single_deal!r}: expected True or False")
        if deck is not None:
            cards = [int(c) for c in check_deck(deck, deck104(), "onepoker")]
        else:
            cards = list(range(52)) * 2  # deck104() as plain ids
            self.rng().shuffle(cards)
        self.start_chips = [int(s) for s in stacks]
        self.chips = list(self.start_chips)
        self.single_deal: bool
        self.deal_no: int
        self.past: list[dict]
        match.start_match(self, single_deal=single_deal)
        self.hands = [cards[0:2], cards[2:4]]
        self.pile = cards[4:]           # draw pile, top first
        self.discards: list[int] = []
        self.reshuffles = 0
        self._start_deal(0)

    def _start_deal(self, first: int) -> None:
        match.begin_deal(self)
        self.first = first
        self.locked: list[int | None] = [None, None]
        self.signals = [signal(self.hands[0]), signal(self.hands[1])]
        self.phase = "lock"
        self.bet = bt.new_hand(self.chips, min_bet=1)
        for seat in (first, 1 - first):
            bt.post(self.bet, seat, ANTE, as_bet=False)

    # ------------------------------------------------------------ protocol hooks
    def _current_player(self) -> int | None:
        if self.phase == "lock":
            return self.first if self.locked[self.first] is None else 1 - self.first
        if self.phase == "bet":
            return self.bet["actor"]
        return None

    def _legal_actions(self) -> list[Action]:
        if self.phase == "lock":
            seat = self._current_player()
            assert seat is not None
            out, seen = [], set()
            for c in self.hands[seat]:
                if c not in seen:
                    seen.add(c)
                    out.append(Action("lock", f"lock {Card(c)}", cards=(Card(c),)))
            return out
        return bt.actions(self.bet)

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
                f"action {str(action)!r}: now seat {seat} must lock one of its own cards "
                f"({choices}); it holds {fmt(self.hands[seat])}"
            ) from None

    def _apply(self, action: Action) -> None:
        if self.phase == "lock":
            seat = self._current_player()
            assert seat is not None
            self._lock(seat, int(action.cards[0]))
            return
        seat = self.bet["actor"]
        bt.act(self.bet, action.kind, action.amount)
        if bt.round_over(self.bet):
            self._settle(seat if action.kind == "fold" else None)

    def _lock(self, seat: int, card: int) -> None:
        self.locked[seat] = card
        if all(c is not None for c in self.locked):
            self.phase = "bet"
            bt.start_round(self.bet, self.first)
            if bt.round_over(self.bet):  # e.g. a player is all-in from the ante
                self._settle(None)

    def _settle(self, folder: int | None) -> None:
        h = self.bet
        bt.return_uncalled(h)
        pot = bt.pot_total(h)
        a, b = self.locked
        assert a is not None and b is not None
        if folder is not None:
            taker = 1 - folder
            winner: int | None = taker
            strength = [0, 0]
            strength[taker] = 1
        else:
            c = compare(a, b)
            winner = None if c == 0 else (0 if c > 0 else 1)
            strength = [max(c, 0), max(-c, 0)]
        won = bt.award(h, strength, odd_from=self.first)
        delta = [h["stacks"][i] - self.chips[i] for i in range(2)]
        record = {
            "deal": self.deal_no, "first": self.first, "locked": [a, b],
            "folded": folder, "winner": winner, "pot": pot, "won": won,
            "net": delta,
        }
        self.chips = list(h["stacks"])
        # next deal: played cards out, the other card kept
        for seat, played in ((0, a), (1, b)):
            hand = self.hands[seat]
            hand.remove(played)
            self.discards.append(played)
        nxt = winner if winner is not None else 1 - self.first
        if match.end_deal(self, record, decided=min(self.chips) == 0):
            self.next_first = nxt
            return
        if len(self.pile) < 2:
            self._reshuffle()
        for seat in (nxt, 1 - nxt):
            self.hands[seat].append(self.pile.pop(0))
        self._start_deal(nxt)

    def _reshuffle(self) -> None:
        # the held cards stay aside: only the discards and the rest of the pile are shuffled
        self.pile = self.pile + self.discards
        self.discards = []
        self.rng().shuffle(self.pile)
        self.reshuffles += 1

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(self.chips[i] - self.start_chips[i]) for i in range(2))

    # ------------------------------------------------------------ integer actions
    def _num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def _id_of(self, action: Action) -> int:
        if action.kind == "lock":
            return LOCK0 + int(action.cards[0])
        if action.kind == "raise":
            for i, a in self._listed():
                if a == action.amount and i != bt.ALL_IN:
                    return i
        return bt.id_of(self.bet, action.kind, action.amount)

    def _action_of_id(self, i: int) -> Action:
        if i >= LOCK0:
            c = Card(i - LOCK0)
            return Action("lock", f"lock {c}", cards=(c,))
        return bt.action_of(bt.ID_KINDS[i], self._amount(i))

    def _listed(self) -> list[tuple[int, int | None]]:
        """The listed betting actions ``(id, raise_to)`` of this position (``bt.sized``)."""
        listed = self._sized
        if listed is None:
            listed = self._sized = bt.sized(self.bet)
        return listed

    def _amount(self, i: int) -> int | None:
        for j, a in self._listed():
            if j == i:
                return a
        return None

    def _legal_ids(self) -> list[int]:
        if self.phase == "lock":
            seat = self.first if self.locked[self.first] is None else 1 - self.first
            a, b = self.hands[seat]
            return [LOCK0 + a] if a == b else [LOCK0 + a, LOCK0 + b] if a < b else \
                [LOCK0 + b, LOCK0 + a]
        return [i for i, _ in self._listed()]

    def _id_is_legal(self, i: int) -> bool:
        if self.phase == "lock":
            seat = self.first if self.locked[self.first] is None else 1 - self.first
            return i - LOCK0 in self.hands[seat]
        return 0 <= i < LOCK0 and any(j == i for j, _ in self._listed())

    def _apply_id(self, i: int) -> None:
        if i >= LOCK0:
            seat = self.first if self.locked[self.first] is None else 1 - self.first
            c = i - LOCK0
            self.log.append([seat, "lock", f"lock {Card(c)}", [c], None, []])
            self._lock(seat, c)
            return
        h = self.bet
        seat = h["actor"]
        a = self._amount(i)
        bt.act_id(h, i, a)
        kind = bt.ID_KINDS[i]
        self.log.append([seat, kind, f"raise {a}" if kind == "raise" else kind, [], a, []])
        if bt.round_over(h):
            self._settle(seat if i == bt.FOLD else None)

    def _describe_id(self, i: int) -> str:
        return f"lock {Card(i - LOCK0)}" if i >= LOCK0 else bt.ID_NAMES[i]

    def apply_id(self, i: int) -> None:
        """Apply the action with id ``i`` (see ``State.apply_id``)."""
        if type(i) is not int or self.phase == "over" or not self._id_is_legal(i):
            State.apply_id(self, i)  # other int types; the errors
            return
        self._apply_id(i)
        self.__dict__.pop(_MEMO, None)
        self._sized = None

    # ------------------------------------------------------------ tensors
    def _observation_shape(self) -> tuple[int, ...]:
        return (OBS_SIZE,)

    def _observation_tensor(self, player: int, out: Any) -> None:
        unit = sum(self.start_chips) / 2
        for c in self.hands[player]:
            out[OBS_HAND + c] += 1.0
        for c in self.discards:
            out[OBS_DISCARDS + c] += 1.0
        out[OBS_PLAYER + player] = 1.0
        out[OBS_PILE] = len(self.pile) / 104
        over = self.phase == "over"
        h = self.bet
        chips = self.chips if over else h["stacks"]
        for s in range(2):
            out[OBS_CHIPS + s] = chips[s] / unit
            sig = self.signals[s]
            out[OBS_SIGNALS + 2 * s] = sig["up"]
            out[OBS_SIGNALS + 2 * s + 1] = sig["down"]
        if over:
            return
        out[OBS_FIRST + self.first] = 1.0
        mine = self.locked[player]
        if mine is not None:
            out[OBS_LOCKED + mine] = 1.0
        for s in range(2):
            if self.locked[s] is not None:
                out[OBS_HAS_LOCKED + s] = 1.0
        seat = self._current_player()
        assert seat is not None
        out[OBS_TO_ACT + seat] = 1.0
        out[OBS_POT] = bt.pot_total(h) / unit
        if self.phase == "lock":
            out[OBS_PHASE] = 1.0
            return
        out[OBS_PHASE + 1] = 1.0
        for s in range(2):
            out[OBS_BETS + s] = h["bets"][s] / unit
        out[OBS_TO_CALL] = min(bt.owed(h, player), h["stacks"][player]) / unit
        lo, hi = bt.min_raise_to(h), bt.max_raise_to(h)
        if lo is not None and hi is not None:
            out[OBS_MIN_RAISE] = lo / unit
            out[OBS_MAX_RAISE] = hi / unit

    # ------------------------------------------------------------ extras
    @property
    def min_raise_to(self) -> int | None:
        return bt.min_raise_to(self.bet) if self.phase == "bet" else None

    @property
    def max_raise_to(self) -> int | None:
        return bt.max_raise_to(self.bet) if self.phase == "bet" else None

    @property
    def pot(self) -> int:
        return bt.pot_total(self.bet) if self.phase != "over" else 0

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
            "game": self.GAME,
            "player": player,
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
