"""One Poker step core, plain Python (twin of ``cardcore._fast.onepoker_step``).

A core holds one deal of One Poker (``docs/rules/onepoker.md``): the two players' hands, the
draw pile and the discards, the locks, the one no-limit betting round (the betting rule of
``cardcore._ref.betting``) and the showdown. A match of deals is a chain of cores:
``core.next_deal()`` starts the deal that follows a settled one (the kept cards, the reshuffle
when fewer than two cards are left, one draw each, the antes); the match itself (its deals'
records, when it ends) is kept by ``cardcore.onepoker.OnePokerState``.

Action ids (``docs/actions/onepoker.md``): ``0..6`` the betting ids (fold, check, call, raise
min, raise 1/2 pot, raise pot, all-in), ``LOCK0 + c`` locks card ``c``. The observation is the
flat vector of ``OBS_SIZE`` floats documented there.

``returns()``: once the deal is settled, each seat's chips after the deal minus its chips
before the deal (antes included: what ``OnePokerState.scores()`` gives for one deal with
``single_deal=True``); zeros before.

The generator state the core carries (``rng``, SplitMix64) shuffles the pile when a later deal
needs a reshuffle; ``from_seed(seed)`` shuffles the double deck with it first, as the state does.

``export()``: a flat list of ints, ``EXPORT_FIELDS`` then seat 0's hand, seat 1's hand, the
pile (top first) and the discards (oldest first), their lengths among the fields; an absent
seat, card or bet is ``-1``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import CardcoreError, CardError, IllegalAction, int_arg, quote
from ..rng import Rng
from . import betting as bt
from .core import copy_fields
from .core import Core as CoreBase
from .core import field, live

LOCK0 = bt.NUM_IDS
NUM_ACTIONS = LOCK0 + 52
ANTE = 1
#: ranks 6.. (8, 9, 10, J, Q, K, A) are UP, 0..5 (2..7) DOWN
UP_MIN_RANK = 6
#: the most chips a seat may hold
MAX_CHIPS = 10 ** 15
DECK_CARDS = 104
MAX_LEGAL = 7
#: observation_tensor layout: the first slot of each part (``docs/actions/onepoker.md``)
OBS_HAND, OBS_LOCKED, OBS_DISCARDS, OBS_PHASE, OBS_PLAYER, OBS_FIRST, OBS_TO_ACT = (
    0, 52, 104, 156, 158, 160, 162)
OBS_HAS_LOCKED, OBS_SIGNALS, OBS_CHIPS, OBS_BETS, OBS_POT, OBS_TO_CALL = (
    164, 166, 170, 172, 174, 175)
OBS_MIN_RAISE, OBS_MAX_RAISE, OBS_PILE, OBS_SIZE = 176, 177, 178, 179

_U64 = (1 << 64) - 1
_SEATED = ("start", "stack", "bet", "contrib", "faced", "pending", "folded", "locked", "won",
           "nhand")
EXPORT_FIELDS = (
    "first", "settled", "reshuffled", "actor", "max_bet", "last_inc", "pot", "rng", "npile",
    "ndiscards", *(f"{name}_{s}" for name in _SEATED for s in range(2)),
)
EXPORT_HEAD = len(EXPORT_FIELDS)
#: each field's range (``from_export``)
_RANGES = {
    "first": (0, 1), "settled": (0, 1), "reshuffled": (0, 1), "actor": (-1, 1),
    "max_bet": (0, MAX_CHIPS), "last_inc": (1, MAX_CHIPS), "pot": (0, 2 * MAX_CHIPS),
    "rng": (0, _U64), "npile": (0, DECK_CARDS), "ndiscards": (0, DECK_CARDS),
    "start": (1, MAX_CHIPS), "stack": (0, 2 * MAX_CHIPS), "bet": (0, MAX_CHIPS),
    "contrib": (0, MAX_CHIPS), "faced": (-1, MAX_CHIPS), "pending": (0, 1), "folded": (0, 1),
    "locked": (-1, 51), "won": (0, 2 * MAX_CHIPS), "nhand": (1, 2),
}


def compare_ranks(ra: int, rb: int) -> int:
    """+1 if rank ``ra`` (0..12: 2..A) beats ``rb``, -1 if it loses, 0 for equal ranks; the 2
    beats the ace."""
    if ra == rb:
        return 0
    if ra == 0 and rb == 12:
        return 1
    if ra == 12 and rb == 0:
        return -1
    return 1 if ra > rb else -1


def _cards_arg(x: object, what: str, length: int | None = None) -> list[int]:
    """A list of card ids 0..51 (``length`` of them when given), else ``CardError``."""
    if isinstance(x, (str, bytes)) or not isinstance(x, Sequence):
        raise CardError(f"{what} {quote(x)}: expected a list of card ids")
    if length is not None and len(x) != length:
        raise CardError(f"{what} {quote(x)}: expected {length} card ids")
    return [int_arg(c, f"{what}: card", 0, 51, CardError) for c in x]


def _shuffle(cards: list[int], rng: int) -> int:
    """Fisher-Yates in place with the SplitMix64 state ``rng`` (``Rng.shuffle``'s draws);
    returns the new state."""
    r = Rng(rng)
    for i in range(len(cards) - 1, 0, -1):
        j = r.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return r.state


class Core(CoreBase):
    """One deal of One Poker (see the module docstring). ``Core(hands, pile, discards, chips,
    first, rng)``: the two players' two cards each, the draw pile (top first), the discards
    (oldest first), each seat's chips before the deal (1..``MAX_CHIPS``), the seat that locks
    and bets first, the generator state; every card of the double deck twice among them. The
    antes are posted at once."""

    __slots__ = ("num_players", "num_distinct_actions", "observation_shape", "_ready",
                 "_hands", "_pile", "_discards", "_start", "_first", "_rng", "_h", "_locked",
                 "_settled", "_reshuffled", "_won", "_pot")

    def __init__(self, hands: object, pile: object, discards: object, chips: object,
                 first: object, rng: object) -> None:
        self._ready = False  # (a core whose constructor raises holds no deal)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != 2:
            raise CardError(f"hands {quote(hands)}: expected two hands of two card ids")
        hs = [_cards_arg(hands[s], f"hands[{s}]", 2) for s in range(2)]
        pl = _cards_arg(pile, "pile")
        ds = _cards_arg(discards, "discards")
        if isinstance(chips, (str, bytes)) or not isinstance(chips, Sequence) or len(chips) != 2:
            raise CardcoreError(f"chips {quote(chips)}: expected two chip counts")
        cs = [int_arg(c, "chips", 1, MAX_CHIPS) for c in chips]
        f = int_arg(first, "first", 0, 1)
        r = int_arg(rng, "rng", 0, _U64)
        counts = [0] * 52
        for c in hs[0] + hs[1] + pl + ds:
            counts[c] += 1
        if any(n != 2 for n in counts):
            raise CardError(f"hands, pile and discards {quote([hs, pl, ds], 200)}: expected "
                            "every card of the double deck twice")
        self._init(hs, pl, ds, cs, f, r, False)

    def _init(self, hands: list[list[int]], pile: list[int], discards: list[int],
              chips: list[int], first: int, rng: int, reshuffled: bool) -> None:
        self.num_players = 2
        self.num_distinct_actions = NUM_ACTIONS
        self.observation_shape = (OBS_SIZE,)
        self._hands = hands
        self._pile = pile
        self._discards = discards
        self._start = list(chips)
        self._first = first
        self._rng = rng
        self._reshuffled = reshuffled
        self._locked: list[int | None] = [None, None]
        self._settled = False
        self._won = [0, 0]
        self._pot = 0
        h = bt.new_hand(chips, min_bet=1)
        for seat in (first, 1 - first):
            bt.post(h, seat, ANTE, as_bet=False)
        self._h = h
        self._ready = True

    # ------------------------------------------------------------------ the hooks
    def _phase(self) -> str:
        if self._settled:
            return "over"
        return "bet" if self._locked[1 - self._first] is not None else "lock"

    def _locker(self) -> int:
        return self._first if self._locked[self._first] is None else 1 - self._first

    def _player(self) -> int | None:
        phase = self._phase()
        if phase == "lock":
            return self._locker()
        if phase == "bet":
            return self._h["actor"]
        return None

    def _over(self) -> bool:
        return self._settled

    def _legal(self) -> list[int]:
        phase = self._phase()
        if phase == "lock":
            return sorted({LOCK0 + c for c in self._hands[self._locker()]})
        if phase == "bet":
            return [i for i, _ in bt.sized(self._h)]
        return []

    def _is_legal(self, i: int) -> bool:
        phase = self._phase()
        if phase == "lock":
            return LOCK0 <= i < NUM_ACTIONS and i - LOCK0 in self._hands[self._locker()]
        return phase == "bet" and 0 <= i < LOCK0 and any(j == i for j, _ in bt.sized(self._h))

    def _apply(self, i: int) -> None:
        if i >= LOCK0:
            self._lock(i - LOCK0)
            return
        self._act(bt.ID_KINDS[i], bt.amount_of(self._h, i))

    def _lock(self, card: int) -> None:
        self._locked[self._locker()] = card
        if self._locked[0] is not None and self._locked[1] is not None:
            bt.start_round(self._h, self._first)
            if bt.round_over(self._h):  # a player is all-in from the ante
                self._settle()

    def _act(self, kind: str, amount: int | None) -> None:
        bt.perform(self._h, kind, amount)
        if bt.round_over(self._h):
            self._settle()

    def _settle(self) -> None:
        h = self._h
        bt.return_uncalled(h)
        self._pot = bt.pot_total(h)
        a, b = self._locked
        assert a is not None and b is not None
        folder = self.folder
        if folder is not None:
            strength = [0, 0]
            strength[1 - folder] = 1
        else:
            c = compare_ranks(a >> 2, b >> 2)
            strength = [max(c, 0), max(-c, 0)]
        self._won = bt.award(h, strength, odd_from=self._first)
        h["pending"] = [False, False]
        h["faced"] = [None, None]
        h["last_inc"] = h["min_bet"]
        for seat, played in ((0, a), (1, b)):
            self._hands[seat].remove(played)
            self._discards.append(played)
        self._settled = True

    def _returns(self) -> list[float]:
        if not self._settled:
            return [0.0, 0.0]
        return [float(self._h["stacks"][s] - self._start[s]) for s in range(2)]

    def _observe(self, seat: int, out) -> None:
        h = self._h
        unit = (self._start[0] + self._start[1]) / 2
        for c in self._hands[seat]:
            out[OBS_HAND + c] += 1.0
        for c in self._discards:
            out[OBS_DISCARDS + c] += 1.0
        out[OBS_PLAYER + seat] = 1.0
        out[OBS_PILE] = len(self._pile) / DECK_CARDS
        ups = self._ups()
        for s in range(2):
            out[OBS_CHIPS + s] = h["stacks"][s] / unit
            out[OBS_SIGNALS + 2 * s] = ups[s]
            out[OBS_SIGNALS + 2 * s + 1] = 2 - ups[s]
        phase = self._phase()
        if phase == "over":
            return
        out[OBS_FIRST + self._first] = 1.0
        mine = self._locked[seat]
        if mine is not None:
            out[OBS_LOCKED + mine] = 1.0
        for s in range(2):
            if self._locked[s] is not None:
                out[OBS_HAS_LOCKED + s] = 1.0
        to_act = self._player()
        assert to_act is not None
        out[OBS_TO_ACT + to_act] = 1.0
        out[OBS_POT] = bt.pot_total(h) / unit
        if phase == "lock":
            out[OBS_PHASE] = 1.0
            return
        out[OBS_PHASE + 1] = 1.0
        for s in range(2):
            out[OBS_BETS + s] = h["bets"][s] / unit
        out[OBS_TO_CALL] = min(bt.owed(h, seat), h["stacks"][seat]) / unit
        lo, hi = bt.min_raise_to(h), bt.max_raise_to(h)
        if lo is not None and hi is not None:
            out[OBS_MIN_RAISE] = lo / unit
            out[OBS_MAX_RAISE] = hi / unit

    def _ups(self) -> list[int]:
        """Each seat's UP count among the two cards it holds this deal (the played card
        counted after the showdown)."""
        out = []
        for s in range(2):
            cards = list(self._hands[s])
            played = self._locked[s]
            if self._settled and played is not None:
                cards.append(played)
            out.append(sum(1 for c in cards if (c >> 2) >= UP_MIN_RANK))
        return out

    # ------------------------------------------------------------------ reading
    @property
    def phase(self) -> str:
        """``"lock"``, ``"bet"`` or ``"over"`` (settled)."""
        live(self)
        return self._phase()

    first: int = field("_first", doc="The seat that locks and bets first this deal.")

    def hand(self, seat: object) -> list[int]:
        """The cards ``seat`` holds (two; after the showdown the kept one)."""
        live(self)
        return list(self._hands[int_arg(seat, "seat", 0, 1)])

    locked: list[int | None] = field("_locked", list,
                                     "Each seat's locked card (``None`` before its lock).")
    pile: list[int] = field("_pile", list, "The draw pile, top first.")
    discards: list[int] = field("_discards", list,
                                "The played cards since the last reshuffle, oldest first.")

    @property
    def signals(self) -> list[dict[str, int]]:
        """Each seat's public signal: how many of its two cards are UP and DOWN."""
        live(self)
        return [{"up": u, "down": 2 - u} for u in self._ups()]

    deal_chips: list[int] = field("_start", list,
                                  "Each seat's chips before this deal (before the antes).")

    def stacks(self) -> list[int]:
        """Each seat's chips behind now (after the showdown: its chips after the deal)."""
        live(self)
        return list(self._h["stacks"])

    def bet_view(self) -> dict:
        """The betting state as the betting rule's hand dict (``cardcore._ref.betting``)."""
        live(self)
        h = self._h
        view = {k: (list(v) if isinstance(v, list) else v) for k, v in h.items()}
        return view

    @property
    def min_raise_to(self) -> int | None:
        """The smallest legal ``raise N`` of the seat to act (``None``: no raise now)."""
        live(self)
        return bt.min_raise_to(self._h) if self._phase() == "bet" else None

    @property
    def max_raise_to(self) -> int | None:
        """The largest legal ``raise N`` (all-in) of the seat to act, or ``None``."""
        live(self)
        return bt.max_raise_to(self._h) if self._phase() == "bet" else None

    @property
    def pot(self) -> int:
        """The chips in the pot (antes and bets; 0 once settled)."""
        live(self)
        return bt.pot_total(self._h)

    def amount(self, i: object) -> int | None:
        """The raise-to total of the betting id ``i`` (``None`` for fold, check and call);
        ``IllegalAction`` unless ``i`` is a legal betting id now."""
        live(self)
        v = int_arg(i, "action id", -(1 << 63), (1 << 63) - 1, IllegalAction)
        if self._phase() != "bet" or not 0 <= v < LOCK0:
            raise IllegalAction(f"action id {quote(i)}: no betting id is legal now")
        return bt.amount_of(self._h, v)

    def raise_to(self, amount: object) -> None:
        """Raise (or bet) to ``amount``, the total bet of the round: any legal amount, from
        ``min_raise_to`` to ``max_raise_to``; otherwise ``IllegalAction`` and no change."""
        live(self)
        if self._phase() != "bet":
            raise IllegalAction(f"raise {quote(amount)}: no betting round is open")
        v = int_arg(amount, "raise", -(1 << 63), (1 << 63) - 1, IllegalAction)
        lo, hi = bt.min_raise_to(self._h), bt.max_raise_to(self._h)
        if lo is None or hi is None or not lo <= v <= hi:
            raise IllegalAction(f"raise {quote(amount)}: expected a raise to {lo}..{hi}"
                                if lo is not None else f"raise {quote(amount)}: no raise now")
        self._act("raise", v)

    @property
    def folder(self) -> int | None:
        """The seat that folded this deal, or ``None``."""
        live(self)
        folded = self._h["folded"]
        return 0 if folded[0] else 1 if folded[1] else None

    @property
    def winner(self) -> int | None:
        """The seat that won the settled deal (``None``: a tie, or not settled)."""
        live(self)
        if not self._settled:
            return None
        folder = self.folder
        if folder is not None:
            return 1 - folder
        return _showdown(self._locked[0], self._locked[1])  # type: ignore[arg-type]

    won: list[int] = field("_won", list,
                           "The chips each seat took from the pot (settled deal; zeros before).")
    final_pot: int = field("_pot",
                           doc="The pot that was shared out (settled deal: the uncalled chips "
                               "returned; 0 before).")
    reshuffled: bool = field("_reshuffled",
                             doc="Whether the pile was reshuffled with the discards before this "
                                 "deal's draws.")
    rng: int = field("_rng",
                     doc="The generator state the core carries (for the next deal's reshuffle).")

    # ------------------------------------------------------------------ the next deal
    def next_deal(self) -> Core:
        """The deal after this settled deal (both players still have chips): the winner
        (after a tie: the other player than this deal's first) goes first; when fewer than two
        cards are left the discards are shuffled into the pile (with the generator state the
        core carries); the first player draws first, then the other; the antes are posted.
        This core is left as it is."""
        live(self)
        if not self._settled:
            raise CardcoreError("next_deal: the deal is not settled yet")
        chips = list(self._h["stacks"])
        if min(chips) <= 0:
            raise CardcoreError(f"next_deal: a player has no chips left ({chips}): the match "
                                "is over")
        winner = self.winner
        nxt = winner if winner is not None else 1 - self._first
        hands = [list(self._hands[0]), list(self._hands[1])]
        pile, discards = list(self._pile), list(self._discards)
        rng = self._rng
        reshuffled = len(pile) < 2
        if reshuffled:
            pile = pile + discards
            discards = []
            rng = _shuffle(pile, rng)
        for seat in (nxt, 1 - nxt):
            hands[seat].append(pile.pop(0))
        new = Core.__new__(Core)
        new._init(hands, pile, discards, chips, nxt, rng, reshuffled)
        return new

    # ------------------------------------------------------------------ copying
    def copy(self) -> Core:
        return copy_fields(self)

    def export(self) -> list[int]:
        live(self)
        h = self._h
        head = {
            "first": self._first, "settled": int(self._settled),
            "reshuffled": int(self._reshuffled),
            "actor": -1 if h["actor"] is None else h["actor"], "max_bet": h["max_bet"],
            "last_inc": h["last_inc"], "pot": self._pot, "rng": self._rng,
            "npile": len(self._pile), "ndiscards": len(self._discards),
        }
        seated = {
            "start": self._start, "stack": h["stacks"], "bet": h["bets"],
            "contrib": h["contrib"], "faced": [-1 if f is None else f for f in h["faced"]],
            "pending": [int(p) for p in h["pending"]], "folded": [int(f) for f in h["folded"]],
            "locked": [-1 if c is None else c for c in self._locked], "won": self._won,
            "nhand": [len(x) for x in self._hands],
        }
        out = [head[k] for k in EXPORT_FIELDS[:len(head)]]
        for name in _SEATED:
            out += [int(v) for v in seated[name]]
        return out + self._hands[0] + self._hands[1] + self._pile + self._discards


# ---------------------------------------------------------------------- module functions

def from_seed(seed: object, stacks: object = None) -> Core:
    """The first deal of ``new_game("onepoker", seed=seed, stacks=stacks)``: the double deck
    shuffled with the SplitMix64 generator of ``seed``, two cards to seat 0, two to seat 1, the
    rest the pile; seat 0 first; each seat's ``stacks`` (default 20 and 20) before the antes."""
    s = int_arg(seed, "seed", 0, _U64)
    chips = [20, 20] if stacks is None else stacks
    cards = list(range(52)) * 2
    rng = _shuffle(cards, s)
    return Core([cards[0:2], cards[2:4]], cards[4:], [], chips, 0, rng)


def from_export(values: object) -> Core:
    """The core whose ``export()`` is ``values``: every field's range checked, then the fields
    against each other (``CardcoreError`` for anything a deal cannot reach)."""
    if not isinstance(values, list):
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    if len(values) < EXPORT_HEAD:
        raise CardcoreError(f"values: expected at least {EXPORT_HEAD} ints, got {len(values)}")
    f: dict[str, int] = {}
    for k, name in enumerate(EXPORT_FIELDS):
        lo, hi = _RANGES[name[:-2] if name[-2:] in ("_0", "_1") else name]
        f[name] = int_arg(values[k], f"values[{k}] ({name})", lo, hi)
    n = EXPORT_HEAD + f["nhand_0"] + f["nhand_1"] + f["npile"] + f["ndiscards"]
    if len(values) != n:
        raise CardcoreError(f"values: expected {n} ints (the fields and the cards they count), "
                            f"got {len(values)}")
    cards = [int_arg(values[k], f"values[{k}] (a card)", 0, 51, CardError)
             for k in range(EXPORT_HEAD, n)]
    a = f["nhand_0"]
    b = a + f["nhand_1"]
    c = b + f["npile"]
    hands, pile, discards = [cards[:a], cards[a:b]], cards[b:c], cards[c:]
    seat = {name: [f[f"{name}_0"], f[f"{name}_1"]] for name in _SEATED}
    why = _contradiction(f, seat, hands, cards)
    if why:
        raise CardcoreError(f"values {quote(values, 200)}: {why}")
    core = Core.__new__(Core)
    core._init(hands, pile, discards, seat["start"], f["first"], f["rng"], bool(f["reshuffled"]))
    core._settled = bool(f["settled"])
    core._locked = [None if x < 0 else x for x in seat["locked"]]
    core._won = seat["won"]
    core._pot = f["pot"]
    h = core._h
    h.update(stacks=seat["stack"], bets=seat["bet"], contrib=seat["contrib"],
             folded=[bool(x) for x in seat["folded"]], pending=[bool(x) for x in seat["pending"]],
             faced=[None if x < 0 else x for x in seat["faced"]], max_bet=f["max_bet"],
             last_inc=f["last_inc"], actor=None if f["actor"] < 0 else f["actor"],
             rounds=0 if core._phase() == "lock" else 1)
    return core


def _contradiction(f: dict[str, int], seat: dict[str, list[int]], hands: list[list[int]],
                   cards: list[int]) -> str:
    """What in an export's fields contradicts the rest (``""``: nothing)."""
    counts = [0] * 52
    for x in cards:
        counts[x] += 1
    if any(k != 2 for k in counts):
        return "the hands, the pile and the discards must hold every card twice"
    first, locked, start = f["first"], seat["locked"], seat["start"]
    stack, bet, contrib = seat["stack"], seat["bet"], seat["contrib"]
    if f["settled"]:
        if seat["nhand"] != [1, 1] or min(locked) < 0:
            return "a settled deal has both locks and one card in each hand"
        if (f["actor"] >= 0 or f["max_bet"] or f["last_inc"] != 1 or any(bet) or any(contrib)
                or any(seat["pending"]) or max(seat["faced"]) >= 0):
            return "a settled deal has no betting state left"
        if sum(seat["folded"]) > 1:
            return "both players folded"
        if sum(seat["won"]) != f["pot"] or sum(stack) != sum(start):
            return "the pot and the chips do not add up"
        put = [start[s] - stack[s] + seat["won"][s] for s in range(2)]
        if put[0] != put[1] or put[0] < ANTE:
            return "the players' contributions to the pot differ"
        winner = (1 - seat["folded"].index(1) if any(seat["folded"])
                  else _showdown(locked[0], locked[1]))
        share = [f["pot"] // 2] * 2 if winner is None else [f["pot"] * (s == winner)
                                                              for s in range(2)]
        if seat["won"] != share:
            return "the pot went to the wrong player"
        return ""
    if seat["nhand"] != [2, 2] or any(seat["won"]) or f["pot"]:
        return "a deal in play has two cards in each hand and no result"
    for s in range(2):
        if locked[s] >= 0 and locked[s] not in hands[s]:
            return f"seat {s} locked a card it does not hold"
        if contrib[s] != ANTE + bet[s] or stack[s] != start[s] - contrib[s]:
            return f"seat {s}'s chips do not add up"
    if locked[1 - first] >= 0 and locked[first] < 0:
        return "the second player locked before the first"
    if any(seat["folded"]):
        return "a fold ends the deal"
    if locked[1 - first] < 0:
        if (f["actor"] >= 0 or f["max_bet"] or f["last_inc"] != 1 or any(bet)
                or any(seat["pending"]) or max(seat["faced"]) >= 0):
            return "no betting before both locks"
        return ""
    if f["max_bet"] != max(bet) or any(x > f["max_bet"] for x in seat["faced"]):
        return "the bets do not match the highest bet"
    h = {"stacks": stack, "bets": bet, "contrib": contrib, "folded": [False, False],
         "pending": [bool(x) for x in seat["pending"]],
         "faced": [None if x < 0 else x for x in seat["faced"]], "max_bet": f["max_bet"],
         "last_inc": f["last_inc"], "min_bet": 1}
    actor = f["actor"]
    if actor < 0 or not bt._has_decision(h, actor):
        return "the betting round is open but nobody has a decision"
    return ""


def _showdown(a: int, b: int) -> int | None:
    """The seat whose locked card wins (``None``: equal ranks)."""
    c = compare_ranks(a >> 2, b >> 2)
    return None if c == 0 else (0 if c > 0 else 1)


__all__ = ["Core", "from_seed", "from_export", "compare_ranks", "LOCK0",
           "NUM_ACTIONS", "OBS_SIZE", "MAX_CHIPS", "EXPORT_FIELDS"]
