"""Bridge step kernel, plain-Python reference twin of ``cardcore._fast.bridge_step``.

One deal of Contract Bridge (the auction and the play) as a compact state ``Core``: the same
class, methods, results and errors as the compiled kernel, written over Python ints.

Encoding
--------
- Seats are the game seats S, W, N, E = 0, 1, 2, 3 (clockwise; North-South are the even seats).
- Card ids as in ``cardcore.cards``: ``rank * 4 + suit`` (ranks 2..A = 0..12, suits c d h s =
  0..3); a hand is a 52-bit mask (bit ``c`` for card ``c``).
- Action ids (``NUM_ACTIONS`` = 90): ``0`` pass, ``1`` double, ``2`` redouble, ``3 + 5 * (level
  - 1) + strain`` the bid (strains C D H S NT = 0..4, so 1C = 3 .. 7NT = 37), ``CARD0 + c`` =
  ``38 + c`` the card ``c``. A bid's index is ``id - 3`` (0 = 1C .. 34 = 7NT).
- ``phase``: ``AUCTION`` 0, ``PLAY`` 1, ``OVER`` 2. ``player`` is the seat that chooses (the
  declarer chooses dummy's cards), ``playing`` the seat whose cards are played next.
- ``vul``: bit 0 set when North-South are vulnerable, bit 1 when East-West are.

``export()`` lists the whole state as ints (``EXPORT_HEAD`` fixed fields, then the calls and the
cards played); ``from_export`` rebuilds a ``Core`` from such a list (checking it).

``Core`` is a step core of the one core contract (``cardcore._ref.core.Core``):
``observation_tensor(seat)`` is a float32 vector of ``OBS_SIZE`` with what ``seat`` may see;
the offsets ``OBS_*`` name its parts (``docs/actions/bridge.md`` describes them).
``returns()`` is ``(ns, -ns, ns, -ns)`` with ``ns`` North-South's score once the deal is over.
``from_seed(seed)`` is the core ``cardcore.new_game("bridge", seed=seed)`` starts with.
"""

from __future__ import annotations

from collections.abc import Callable

from cardcore.errors import CardcoreError, CardError, IllegalAction, quote
from cardcore.errors import int_arg as _int_arg
from .args import card_mask as _card_mask
from .args import mask_cards as _mask_cards
from .args import list_arg as _list_arg, seq_arg as _seq_arg

from ..rng import Rng
from . import tricks as _tricks
from .core import Core as _CoreContract
from .core import export_fields
from .core import field, reader, seat_or_none
from .core import live as _live

NUM_ACTIONS = 90
PASS, DOUBLE, REDOUBLE = 0, 1, 2
BID0 = 3
CARD0 = 38
AUCTION, PLAY, OVER = 0, 1, 2
MAX_CALLS = 319  # the longest legal auction

FULL = (1 << 52) - 1
_U64 = 2 ** 64 - 1
SUIT_MASK = tuple(sum(1 << (r * 4 + s) for r in range(13)) for s in range(4))

OBS_PHASE = 0
OBS_VUL = 3
OBS_DEALER = 5
OBS_TO_ACT = 9
OBS_HAND = 13
OBS_DUMMY = 65
OBS_BIDS = 117
OBS_OPENING_PASSES = 537
OBS_TRAILING_PASSES = 541
OBS_LEVEL = 545
OBS_STRAIN = 552
OBS_DOUBLED = 557
OBS_DECLARER = 560
OBS_TRICK = 564
OBS_LEADER = 772
OBS_PLAYED = 776
OBS_WON_US = 828
OBS_WON_THEM = 842
OBS_SIZE = 856

#: the fixed fields at the head of ``export()`` (then the calls, then the cards played)
EXPORT_FIELDS = (
    "dealer", "vul", "phase", "player", "playing", "ncalls", "last_bid", "last_bidder",
    "doubled_now", "passes", "level", "strain", "doubled", "declarer", "nplayed", "leader",
    "won_ns", "won_ew",
    "hand_s", "hand_w", "hand_n", "hand_e", "dealt_s", "dealt_w", "dealt_n", "dealt_e",
    *(f"first_{side}{strain}" for side in ("ns", "ew") for strain in "CDHSN"),
    *(f"winner_{k}" for k in range(13)),
)
EXPORT_HEAD = len(EXPORT_FIELDS)


def _popcount(m: int) -> int:
    return bin(m).count("1")


def trick_winner_index(cards, trump) -> int:
    """Index (in play order) of the card winning a full trick; ``trump`` 0..3 or 4 (none)."""
    t = _int_arg(trump, "trump", 0, 4)
    items = _list_arg(cards, "cards", 4, "4 card ids", CardError)
    return _winner([_int_arg(c, "card", 0, 51, CardError) for c in items], t)


def _winner(cards, trump: int) -> int:
    """The trick rule's one definition, ``cardcore._ref.tricks.trick_winner`` (4: no trump)."""
    return _tricks.trick_winner(cards, None if trump == 4 else trump)


#: the parts of a score (``score_parts``), in order: trick points, game bonus, part-score
#: bonus, slam bonus, the bonus for making a doubled (50) or redoubled (100) contract,
#: overtricks, undertricks (negative)
SCORE_PARTS = ("trick_points", "game_bonus", "partscore_bonus", "slam_bonus", "insult",
               "overtricks", "undertricks")


def _score_parts(level: int, strain: int, doubled: int, tricks: int,
                 vulnerable: bool) -> tuple[int, ...]:
    """The declaring side's duplicate score in its parts (``SCORE_PARTS``; arguments in range):
    the one definition of Bridge scoring (twin of the kernel's ``bs_score_parts``). A defeated
    contract has only ``undertricks`` (negative); a made one the others."""
    result = tricks - 6 - level
    if result < 0:
        down = -result
        if doubled == 0:
            pen = down * (100 if vulnerable else 50)
        elif vulnerable:
            pen = (200 + 300 * (down - 1)) * doubled        # redoubled: twice the doubled
        else:
            pen = sum(100 if j == 1 else 200 if j <= 3 else 300 for j in range(1, down + 1))
            pen *= doubled
        return (0, 0, 0, 0, 0, 0, -pen)
    if strain < 2:
        base = 20 * level
    elif strain < 4:
        base = 30 * level
    else:
        base = 40 + 30 * (level - 1)
    tp = base * (1, 2, 4)[doubled]
    game = (500 if vulnerable else 300) if tp >= 100 else 0
    part = 0 if tp >= 100 else 50
    slam = 0
    if level == 6:
        slam = 750 if vulnerable else 500
    elif level == 7:
        slam = 1500 if vulnerable else 1000
    if doubled == 0:
        over = result * (20 if strain < 2 else 30)
    else:
        over = result * (200 if vulnerable else 100) * doubled
    return (tp, game, part, slam, 50 * doubled, over, 0)


def _score(level: int, strain: int, doubled: int, tricks: int, vulnerable: bool) -> int:
    return sum(_score_parts(level, strain, doubled, tricks, vulnerable))


def _score_args(level, strain, doubled, tricks, vulnerable) -> tuple[int, int, int, int, bool]:
    lv = _int_arg(level, "level", 1, 7)
    st = _int_arg(strain, "strain", 0, 4)
    db = _int_arg(doubled, "doubled", 0, 2)
    tr = _int_arg(tricks, "tricks", 0, 13)
    vu = _int_arg(vulnerable, "vulnerable", 0, 1) if not isinstance(vulnerable, bool) \
        else int(vulnerable)
    return lv, st, db, tr, bool(vu)


def score(level, strain, doubled, tricks, vulnerable) -> int:
    """The duplicate score of the declaring side: contract ``level`` 1..7, ``strain`` 0..4
    (C D H S NT), ``doubled`` 0..2, ``tricks`` 0..13 taken by the declaring side,
    ``vulnerable`` 0/1 (that side's vulnerability)."""
    return _score(*_score_args(level, strain, doubled, tricks, vulnerable))


def score_parts(level, strain, doubled, tricks, vulnerable) -> tuple[int, ...]:
    """``score``'s arguments; the score in parts, a tuple of ints named by ``SCORE_PARTS``
    (their sum is ``score``)."""
    return _score_parts(*_score_args(level, strain, doubled, tricks, vulnerable))


class Core(_CoreContract):
    """One deal: ``Core(hands, dealer, vul)`` with ``hands`` the four 13-card masks of the game
    seats S, W, N, E (disjoint, all 52 cards), ``dealer`` 0..3, ``vul`` 0..3.

    A step core of the one core contract (``cardcore._ref.core.Core``): ids, legality,
    ``apply``, ``observation_tensor`` and pickling come from the base. ``returns()`` is the
    deal's raw duplicate score for each seat as ``BridgeState.scores()`` gives it: North-South's
    score ``ns`` for seats S and N, ``-ns`` for W and E, i.e. ``(ns, -ns, ns, -ns)`` (zeros
    until the deal is over, and for a deal passed out)."""

    __slots__ = ("hand", "dealt", "dealer", "vul", "phase", "cur", "cur_hand", "calls",
                 "last_bid", "last_bidder", "doubled_now", "passes", "first", "level", "strain",
                 "doubled", "declarer", "played", "leader", "won", "winners", "_ready")

    num_players = 4
    num_distinct_actions = NUM_ACTIONS
    observation_shape = (OBS_SIZE,)

    def __init__(self, hands, dealer, vul) -> None:
        self._ready = False
        hs = _list_arg(hands, "hands", 4, "4 card masks (seats S, W, N, E)", CardError)
        masks = [_int_arg(h, f"hand of seat {i}", 0, FULL, CardError) for i, h in enumerate(hs)]
        seen = 0
        for i, m in enumerate(masks):
            if _popcount(m) != 13:
                raise CardError(f"hand of seat {i}: {_popcount(m)} cards; expected 13")
            if seen & m:
                raise CardError(f"hand of seat {i}: shares cards with another hand")
            seen |= m
        d = _int_arg(dealer, "dealer", 0, 3, CardError)
        v = _int_arg(vul, "vul", 0, 3)
        self.hand = list(masks)
        self.dealt = list(masks)
        self.dealer = d
        self.vul = v
        self.phase = AUCTION
        self.cur = d
        self.cur_hand = -1
        self.calls: list[int] = []
        self.last_bid = -1
        self.last_bidder = -1
        self.doubled_now = 0
        self.passes = 0
        self.first = [-1] * 10
        self.level = 0
        self.strain = -1
        self.doubled = 0
        self.declarer = -1
        self.played: list[int] = []
        self.leader = -1
        self.won = [0, 0]
        self.winners = [-1] * 13
        self._ready = True

    # ------------------------------------------------------------------ the contract's hooks
    def _player(self) -> int | None:
        return None if self.cur < 0 else self.cur

    def _over(self) -> bool:
        return self.phase == OVER

    def _legal(self) -> list[int]:
        if self.phase == AUCTION:
            out = [PASS]
            lb = self.last_bid
            if lb >= 0:
                own = (self.cur & 1) == (self.last_bidder & 1)
                if self.doubled_now == 0 and not own:
                    out.append(DOUBLE)
                if self.doubled_now == 1 and own:
                    out.append(REDOUBLE)
            out.extend(range(BID0 + lb + 1, CARD0))
            return out
        if self.phase == PLAY:
            m = self._legal_mask()
            return [CARD0 + c for c in range(52) if m >> c & 1]
        return []

    def _legal_mask(self) -> int:
        k = len(self.played) & 3
        return _follows(self.hand[self.cur_hand], SUIT_MASK[self.played[-k] & 3] if k else 0)

    def _is_legal(self, i: int) -> bool:
        if not 0 <= i < NUM_ACTIONS:
            return False
        if self.phase == AUCTION:
            if i >= CARD0:
                return False
            if i == PASS:
                return True
            lb = self.last_bid
            if i >= BID0:
                return i - BID0 > lb
            if lb < 0:
                return False
            own = (self.cur & 1) == (self.last_bidder & 1)
            if i == DOUBLE:
                return self.doubled_now == 0 and not own
            return self.doubled_now == 1 and own
        if self.phase == PLAY:
            return i >= CARD0 and bool(self._legal_mask() >> (i - CARD0) & 1)
        return False

    def _apply(self, i: int) -> None:
        if self.phase == AUCTION:
            self._call(i, self.cur)
        else:
            self._card(i - CARD0)

    def _returns(self) -> list[float]:
        ns = self._ns_score()
        return [ns, -ns, ns, -ns]

    def _call(self, i: int, seat: int) -> None:
        self.calls.append(i)
        if i == PASS:
            self.passes += 1
            if self.last_bid < 0:
                if len(self.calls) == 4:
                    self.phase = OVER
                    self.cur = -1
                    return
            elif self.passes == 3:
                self._contract()
                return
        elif i == DOUBLE:
            self.doubled_now = 1
            self.passes = 0
        elif i == REDOUBLE:
            self.doubled_now = 2
            self.passes = 0
        else:
            b = i - BID0
            self.last_bid = b
            self.last_bidder = seat
            self.doubled_now = 0
            self.passes = 0
            k = (seat & 1) * 5 + b % 5
            if self.first[k] < 0:
                self.first[k] = seat
        self.cur = (seat + 1) & 3

    def _contract(self) -> None:
        b = self.last_bid
        self.level = b // 5 + 1
        self.strain = b % 5
        self.doubled = self.doubled_now
        self.declarer = self.first[(self.last_bidder & 1) * 5 + self.strain]
        self.phase = PLAY
        self.leader = (self.declarer + 1) & 3
        self.cur_hand = self.leader
        self.cur = self.leader

    def _card(self, c: int) -> None:
        p = self.cur_hand
        self.hand[p] &= ~(1 << c)
        self.played.append(c)
        n = len(self.played)
        if n & 3 == 0:
            w = (self.leader + _winner(self.played[-4:], self.strain)) & 3
            self.winners[n // 4 - 1] = w
            self.won[w & 1] += 1
            self.leader = w
            p = w
            if n == 52:
                self.phase = OVER
                self.cur = -1
                self.cur_hand = -1
                return
        else:
            p = (p + 1) & 3
        self.cur_hand = p
        self.cur = self.declarer if p == (self.declarer + 2) & 3 else p

    # ------------------------------------------------------------------ reading
    playing: int | None = field("cur_hand", seat_or_none,
                                "The seat whose card is played next, ``None`` outside the play.")

    @property
    def passed_out(self) -> bool:
        _live(self)
        return self.phase == OVER and self.declarer < 0

    ncalls: int = field("calls", len)
    nplayed: int = field("played", len)
    call_ids: Callable[[], list[int]] = reader("calls", list)
    played_cards: Callable[[], list[int]] = reader("played", list)

    def trick_winners(self) -> list[int]:
        """The winner of each finished trick."""
        _live(self)
        return self.winners[: len(self.played) // 4]

    hands: Callable[[], list[int]] = reader("hand", list)
    dealt_hands: Callable[[], list[int]] = reader("dealt", list)
    tricks_won: Callable[[], list[int]] = reader("won", list)

    def contract(self) -> tuple[int, int, int, int] | None:
        """``(level, strain, doubled, declarer)`` once the auction ended with a bid."""
        _live(self)
        if self.declarer < 0:
            return None
        return (self.level, self.strain, self.doubled, self.declarer)

    def ns_score(self) -> int:
        """North-South's score (0 when passed out or not over)."""
        _live(self)
        return self._ns_score()

    def _ns_score(self) -> int:
        if self.phase != OVER or self.declarer < 0:
            return 0
        side = self.declarer & 1
        total = _score(self.level, self.strain, self.doubled, self.won[side],
                       bool(self.vul >> side & 1))
        return total if side == 0 else -total

    def copy(self) -> Core:
        _live(self)
        new = object.__new__(type(self))
        for name in Core.__slots__:
            v = getattr(self, name)
            setattr(new, name, list(v) if type(v) is list else v)
        return new

    def export(self) -> list[int]:
        """The whole state as a list of ints (see ``EXPORT_FIELDS``)."""
        _live(self)
        head = [self.dealer, self.vul, self.phase, self.cur, self.cur_hand, len(self.calls),
                self.last_bid, self.last_bidder, self.doubled_now, self.passes, self.level,
                self.strain, self.doubled, self.declarer, len(self.played), self.leader,
                self.won[0], self.won[1], *self.hand, *self.dealt, *self.first, *self.winners]
        return head + self.calls + self.played

    # ------------------------------------------------------------------ the observation
    def _observe(self, p: int, out) -> None:
        """What seat ``p`` sees into ``out`` (``OBS_SIZE`` float32 zeros; the layout of
        ``docs/actions/bridge.md``)."""
        out[OBS_PHASE + self.phase] = 1
        me = p & 1
        out[OBS_VUL] = self.vul >> me & 1
        out[OBS_VUL + 1] = self.vul >> (1 - me) & 1
        out[OBS_DEALER + ((self.dealer - p) & 3)] = 1
        if self.cur >= 0:
            out[OBS_TO_ACT + ((self.cur - p) & 3)] = 1
        _bits(out, OBS_HAND, self.hand[p])
        if self.declarer >= 0 and self.played:
            _bits(out, OBS_DUMMY, self.hand[(self.declarer + 2) & 3])
        last = -1
        opening = True
        for k, c in enumerate(self.calls):
            rel = ((self.dealer + k) - p) & 3
            if c >= BID0:
                last = c - BID0
                opening = False
                out[OBS_BIDS + 12 * last + rel] = 1
            elif c == DOUBLE:
                out[OBS_BIDS + 12 * last + 4 + rel] = 1
            elif c == REDOUBLE:
                out[OBS_BIDS + 12 * last + 8 + rel] = 1
            elif opening:
                out[OBS_OPENING_PASSES + rel] = 1
        out[OBS_TRAILING_PASSES + min(self._trailing_passes(), 3)] = 1
        if self.declarer >= 0:
            out[OBS_LEVEL + self.level - 1] = 1
            out[OBS_STRAIN + self.strain] = 1
            out[OBS_DOUBLED + self.doubled] = 1
            out[OBS_DECLARER + ((self.declarer - p) & 3)] = 1
        n = len(self.played)
        k = n & 3
        if k:
            lead = self.leader
            for j in range(k):
                out[OBS_TRICK + 52 * ((lead + j - p) & 3) + self.played[n - k + j]] = 1
            out[OBS_LEADER + ((lead - p) & 3)] = 1
        for c in self.played:
            out[OBS_PLAYED + c] = 1
        out[OBS_WON_US + self.won[me]] = 1
        out[OBS_WON_THEM + self.won[1 - me]] = 1

    def _trailing_passes(self) -> int:
        n = 0
        for c in reversed(self.calls):
            if c != PASS:
                break
            n += 1
        return n


def _bits(out, base: int, m: int) -> None:
    c = 0
    while m:
        if m & 1:
            out[base + c] = 1
        m >>= 1
        c += 1


def _follows(hand: int, led_suit: int) -> int:
    """The cards of ``hand`` (a mask) that may go on a trick led in the suit whose cards are
    ``led_suit`` (a mask; empty while the hand leads): follow suit where possible, else any
    card."""
    return hand & led_suit or hand


def legal_follows(hand, trick) -> list[int]:
    """The cards of ``hand`` (card ids) that may go on ``trick`` (its cards so far, lead
    first, at most three), ascending: the Bridge core's follow rule (follow suit where
    possible, else any card), for a hand the caller holds, a sampled one say."""
    h = _card_mask(hand, "hand", 0, 13)
    t = _card_mask(trick, "trick", 0, 3)
    if h & t:
        raise CardError(f"hand {quote(hand)} and trick {quote(trick)}: a card in both")
    return _mask_cards(_follows(h, SUIT_MASK[trick[0] & 3] if trick else 0))


def shuffled_deck(seed) -> tuple[list[int], int]:
    """The 52 card ids shuffled as ``cardcore.rng.Rng(seed).shuffle(list(range(52)))`` does
    (the same draws), and the generator's state after them: ``(cards, state)``."""
    rng = Rng(_int_arg(seed, "seed", 0, _U64))
    cards = list(range(52))
    for i in range(51, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards, rng.state


def from_seed(seed, dealer=0, vul=0) -> Core:
    """The core ``cardcore.new_game("bridge", seed=seed)`` starts with (for ``dealer`` 0 South
    and ``vul`` 0, the game's defaults): the 52 cards shuffled from the generator state
    ``seed`` (``shuffled_deck``) and dealt one card at a time clockwise, starting with the
    seat left of ``dealer``."""
    s = _int_arg(seed, "seed", 0, _U64)
    d = _int_arg(dealer, "dealer", 0, 3, CardError)
    v = _int_arg(vul, "vul", 0, 3)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(shuffled_deck(s)[0]):
        hands[(d + 1 + i) & 3] |= 1 << c
    return Core(hands, d, v)


def auction(dealer, calls) -> Core:
    """The rules of the auction alone (``cardcore.bridge.Auction`` reads them here): a core in
    which ``dealer`` called first and the call ids ``calls`` (0 pass, 1 double, 2 redouble,
    3.. the bids) were made in order, each legal where it stands (else ``IllegalAction`` naming
    it). Its hands are a placeholder (seat ``s`` holds the cards of ids ``s``, ``s + 4``, ...),
    which the auction's rules never read."""
    d = _int_arg(dealer, "dealer", 0, 3, CardError)
    items = _seq_arg(calls, "calls", "a list of call ids", IllegalAction)
    core = Core([SUIT_MASK[s] for s in range(4)], d, 0)
    for i, x in enumerate(items):
        c = _int_arg(x, "call id", 0, CARD0 - 1, IllegalAction)
        if not core._is_legal(c):
            raise IllegalAction(f"call id {c} (call {i + 1}): not legal where it stands")
        core._apply(c)
    return core


def from_export(values) -> Core:
    """The ``Core`` whose ``export()`` is ``values`` (checked field by field)."""
    v, f = export_fields(values, EXPORT_FIELDS)

    def get(name: str, lo: int, hi: int) -> int:
        return _int_arg(f[name], f"values: {name}", lo, hi)

    core = Core([f[f"dealt_{s}"] for s in "swne"], get("dealer", 0, 3), get("vul", 0, 3))
    ncalls = get("ncalls", 0, MAX_CALLS)
    nplayed = get("nplayed", 0, 52)
    if len(v) != EXPORT_HEAD + ncalls + nplayed:
        raise CardcoreError(f"values: expected {EXPORT_HEAD + ncalls + nplayed} ints "
                            f"({ncalls} calls, {nplayed} cards), got {len(v)}")
    calls = [_int_arg(x, "values: call", 0, CARD0 - 1) for x in v[EXPORT_HEAD:EXPORT_HEAD + ncalls]]
    played = [_int_arg(x, "values: card", 0, 51) for x in v[EXPORT_HEAD + ncalls:]]
    # replay: only reachable states load, and the replay rebuilds every derived field
    for c in calls:
        if not core.is_legal(c):
            raise CardcoreError(f"values: call id {c} is not legal where it stands")
        core.apply(c)
    for c in played:
        if not core.is_legal(CARD0 + c):
            raise CardcoreError(f"values: card {c} is not legal where it stands")
        core.apply(CARD0 + c)
    if core.export() != v:
        raise CardcoreError("values: the fields do not match the calls and cards they list")
    return core


__all__ = ["Core", "auction", "from_export", "from_seed", "shuffled_deck", "score",
           "score_parts", "SCORE_PARTS",
           "trick_winner_index", "legal_follows", "NUM_ACTIONS", "CARD0",
           "BID0", "PASS", "DOUBLE", "REDOUBLE", "AUCTION", "PLAY", "OVER", "OBS_SIZE"]
