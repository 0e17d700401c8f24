# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Bridge step kernel, compiled: one deal (the auction and the play) as a C struct.

``Core`` holds the state of a deal; it is a step core of the one core contract
(``cardcore._fast.core.Core``: ``legal_ids``, ``apply``, ``returns``, ``observation_tensor``,
``copy`` and pickling come from the base, over the C methods filled here) and the step path of
``cardcore.bridge.BridgeState``. ``from_seed(seed)`` is the core ``new_game("bridge",
seed=seed)`` starts with. The plain-Python twin ``cardcore._ref.bridge_step`` documents the
encoding (seats, card and action ids, ``export`` fields, the observation layout); both give the
same answers and raise the same errors.
"""

from libc.stdint cimport int32_t, uint64_t
from libc.string cimport memset

from cardcore._fast.bits cimport cc_popcount, cc_pop_lowest, deck_shuffle
from cardcore._fast.args cimport card_mask, int_arg, list_arg, mask_cards, or_none, seq_arg
from cardcore._fast.stepcore cimport export_fields, made, shuffled_ids


from cardcore.errors import CardcoreError, CardError, IllegalAction, quote

NUM_ACTIONS = BS_NUM_ACTIONS
PASS = BS_PASS
DOUBLE = BS_DOUBLE
REDOUBLE = BS_REDOUBLE
BID0 = BS_BID0
CARD0 = BS_CARD0
AUCTION = BS_AUCTION
PLAY = BS_PLAY
OVER = BS_OVER
MAX_CALLS = BS_MAX_CALLS

cdef enum:
    O_PHASE = 0
    O_VUL = 3
    O_DEALER = 5
    O_TO_ACT = 9
    O_HAND = 13
    O_DUMMY = 65
    O_BIDS = 117
    O_OPENING_PASSES = 537
    O_TRAILING_PASSES = 541
    O_LEVEL = 545
    O_STRAIN = 552
    O_DOUBLED = 557
    O_DECLARER = 560
    O_TRICK = 564
    O_LEADER = 772
    O_PLAYED = 776
    O_WON_US = 828
    O_WON_THEM = 842
    O_SIZE = 856

OBS_PHASE = O_PHASE
OBS_VUL = O_VUL
OBS_DEALER = O_DEALER
OBS_TO_ACT = O_TO_ACT
OBS_HAND = O_HAND
OBS_DUMMY = O_DUMMY
OBS_BIDS = O_BIDS
OBS_OPENING_PASSES = O_OPENING_PASSES
OBS_TRAILING_PASSES = O_TRAILING_PASSES
OBS_LEVEL = O_LEVEL
OBS_STRAIN = O_STRAIN
OBS_DOUBLED = O_DOUBLED
OBS_DECLARER = O_DECLARER
OBS_TRICK = O_TRICK
OBS_LEADER = O_LEADER
OBS_PLAYED = O_PLAYED
OBS_WON_US = O_WON_US
OBS_WON_THEM = O_WON_THEM
OBS_SIZE = O_SIZE

EXPORT_FIELDS = (
    "dealer", "vul", "phase", "player", "playing", "ncalls", "last_bid", "last_bidder",
    "doubled_now", "passes", "level", "strain", "doubled", "declarer", "nplayed", "leader",
    "won_ns", "won_ew",
    "hand_s", "hand_w", "hand_n", "hand_e", "dealt_s", "dealt_w", "dealt_n", "dealt_e",
    *(f"first_{side}{strain}" for side in ("ns", "ew") for strain in "CDHSN"),
    *(f"winner_{k}" for k in range(13)),
)
EXPORT_HEAD = len(EXPORT_FIELDS)

#: the parts of a score (``score_parts``), in order: trick points, game bonus, part-score
#: bonus, slam bonus, the bonus for making a doubled (50) or redoubled (100) contract,
#: overtricks, undertricks (negative); the order of the ``BS_SP_*`` indices
SCORE_PARTS = ("trick_points", "game_bonus", "partscore_bonus", "slam_bonus", "insult",
               "overtricks", "undertricks")

cdef uint64_t FULL = (<uint64_t>1 << 52) - 1
_U64 = 2 ** 64 - 1
# the cards of suit s (bits s, s + 4, ..., s + 48)
cdef uint64_t SUIT_BITS = 0x1111111111111


# ---------------------------------------------------------------------------- rules

cdef void bs_init(BState* s, const uint64_t* hands, int dealer, int vul) noexcept nogil:
    cdef int i
    memset(s, 0, sizeof(BState))
    for i in range(4):
        s.hand[i] = hands[i]
        s.dealt[i] = hands[i]
    s.dealer = dealer
    s.vul = vul
    s.phase = BS_AUCTION
    s.player = dealer
    s.playing = -1
    s.last_bid = -1
    s.last_bidder = -1
    for i in range(10):
        s.first[i] = -1
    s.strain = -1
    s.declarer = -1
    s.leader = -1
    for i in range(13):
        s.winners[i] = -1


cdef uint64_t bs_follows(uint64_t hand, uint64_t led_suit) noexcept nogil:
    """The cards of ``hand`` (a mask) that may go on a trick led in the suit whose cards are
    ``led_suit`` (a mask; empty while the hand leads): follow suit where possible, else any
    card."""
    cdef uint64_t follow = hand & led_suit
    return follow if follow else hand


cdef uint64_t bs_legal_cards(const BState* s) noexcept nogil:
    """The legal cards of the seat to play (a mask; the caller checks the phase)."""
    cdef int k = s.nplayed & 3
    return bs_follows(s.hand[s.playing], SUIT_BITS << (s.played[s.nplayed - k] & 3) if k else 0)


cdef inline bint _own_side(const BState* s) noexcept nogil:
    return (s.player & 1) == (s.last_bidder & 1)


# The step core's own copy of ``cardcore._ref.tricks.trick_winner`` (the rule's one
# definition; ``trump`` 4 is no trump there ``None``), compiled for the step path; the
# double-dummy search keeps a third (``dds.trick_winner_index``). ``tests/test_trick_winner.py``
# checks that the three agree.
cdef int bs_trick_winner_index(const uint8_t* cards, int trump) noexcept nogil:
    cdef int best = 0, i
    cdef int c, b
    for i in range(1, 4):
        c = cards[i]
        b = cards[best]
        if (c & 3) == (b & 3):
            if c > b:
                best = i
        elif (c & 3) == trump:
            best = i
    return best


cdef inline void _contract(BState* s) noexcept nogil:
    cdef int b = s.last_bid
    s.level = b // 5 + 1
    s.strain = b % 5
    s.doubled = s.doubled_now
    s.declarer = s.first[(s.last_bidder & 1) * 5 + s.strain]
    s.phase = BS_PLAY
    s.leader = (s.declarer + 1) & 3
    s.playing = s.leader
    s.player = s.leader


cdef void bs_score_parts(int level, int strain, int doubled, int tricks, bint vulnerable,
                         int* parts) noexcept nogil:
    """The declaring side's duplicate score in its ``BS_NPARTS`` parts (``SCORE_PARTS``;
    arguments in range): the one definition of Bridge scoring, which ``cardcore.bridge.scoring``
    reads. A defeated contract has only ``undertricks`` (negative); a made one the others."""
    cdef int result = tricks - 6 - level
    cdef int down, pen, j, base, tp
    memset(parts, 0, BS_NPARTS * sizeof(int))
    if result < 0:
        down = -result
        if doubled == 0:
            pen = down * (100 if vulnerable else 50)
        elif vulnerable:
            pen = (200 + 300 * (down - 1)) * doubled       # redoubled: twice the doubled
        else:
            pen = 0
            for j in range(1, down + 1):
                pen += 100 if j == 1 else (200 if j <= 3 else 300)
            pen *= doubled
        parts[BS_SP_UNDERTRICKS] = -pen
        return
    if strain < 2:
        base = 20 * level
    elif strain < 4:
        base = 30 * level
    else:
        base = 40 + 30 * (level - 1)
    tp = base << doubled            # x1, x2, x4
    parts[BS_SP_TRICK_POINTS] = tp
    if tp >= 100:
        parts[BS_SP_GAME] = 500 if vulnerable else 300
    else:
        parts[BS_SP_PARTSCORE] = 50
    if level == 6:
        parts[BS_SP_SLAM] = 750 if vulnerable else 500
    elif level == 7:
        parts[BS_SP_SLAM] = 1500 if vulnerable else 1000
    parts[BS_SP_INSULT] = 50 * doubled
    if doubled == 0:
        parts[BS_SP_OVERTRICKS] = result * (20 if strain < 2 else 30)
    else:
        parts[BS_SP_OVERTRICKS] = result * (200 if vulnerable else 100) * doubled


cdef int bs_score(int level, int strain, int doubled, int tricks, bint vulnerable) noexcept nogil:
    """The declaring side's duplicate score (arguments in range): the sum of its parts."""
    cdef int parts[BS_NPARTS]
    cdef int j, total = 0
    bs_score_parts(level, strain, doubled, tricks, vulnerable, parts)
    for j in range(BS_NPARTS):
        total += parts[j]
    return total


cdef int bs_ns_score(const BState* s) noexcept nogil:
    cdef int side, total
    if s.phase != BS_OVER or s.declarer < 0:
        return 0
    side = s.declarer & 1
    total = bs_score(s.level, s.strain, s.doubled, s.won[side], (s.vul >> side) & 1)
    return total if side == 0 else -total


# ---------------------------------------------------------------------------- arguments

cdef inline object _int_arg(object x, str what, long lo, long hi, type err=CardcoreError):
    return int_arg(x, what, lo, hi, err)


cdef uint64_t _mask_arg(object x, str what) except? 0:
    return <uint64_t>int_arg(x, what, 0, FULL, CardError)


cdef inline void _bits(float* out, int base, uint64_t m) noexcept nogil:
    while m:
        out[base + cc_pop_lowest(&m)] = 1


# ---------------------------------------------------------------------------- the core

include "bridge_step_fields.pxi"  # _Fields: the record, the stored reads


cdef class Core(_Fields):
    """One deal: ``Core(hands, dealer, vul)`` with ``hands`` the four 13-card masks of the game
    seats S, W, N, E (disjoint, all 52 cards), ``dealer`` 0..3, ``vul`` 0..3.

    A step core of the one core contract (``cardcore._fast.core.Core``): ids, legality,
    ``apply``, ``observation_tensor`` and pickling come from the base. ``returns()`` is the
    deal's raw duplicate score for each seat as ``BridgeState.scores()`` gives it: North-South's
    score ``ns`` for seats S and N, ``-ns`` for W and E, i.e. ``(ns, -ns, ns, -ns)`` (zeros
    until the deal is over, and for a deal passed out)."""

    def __init__(self, hands, dealer, vul):
        self._ready = False
        cdef uint64_t hs[4]
        cdef uint64_t seen = 0
        cdef int i, n
        items = list_arg(hands, "hands", 4, "4 card masks (seats S, W, N, E)", CardError)
        for i in range(4):
            hs[i] = _mask_arg(items[i], f"hand of seat {i}")
        for i in range(4):
            n = cc_popcount(hs[i])
            if n != 13:
                raise CardError(f"hand of seat {i}: {n} cards; expected 13")
            if seen & hs[i]:
                raise CardError(f"hand of seat {i}: shares cards with another hand")
            seen |= hs[i]
        d = _int_arg(dealer, "dealer", 0, 3, CardError)
        v = _int_arg(vul, "vul", 0, 3)
        bs_init(&self.s, hs, <int>d, <int>v)
        _made(self)

    # ------------------------------------------------------------------ the C contract
    cdef int c_player(self) noexcept nogil:
        return self.s.player

    cdef bint c_over(self) noexcept nogil:
        return self.s.phase == BS_OVER

    cdef int c_legal(self, int32_t* out) noexcept nogil:
        """The legal ids, ascending, into ``out`` (room for ``BS_MAX_LEGAL``); returns how many."""
        cdef const BState* s = &self.s
        cdef int n = 0, b
        cdef uint64_t m
        if s.phase == BS_AUCTION:
            out[n] = BS_PASS
            n += 1
            if s.last_bid >= 0:
                if s.doubled_now == 0 and not _own_side(s):
                    out[n] = BS_DOUBLE
                    n += 1
                elif s.doubled_now == 1 and _own_side(s):
                    out[n] = BS_REDOUBLE
                    n += 1
            for b in range(BS_BID0 + s.last_bid + 1, BS_CARD0):
                out[n] = b
                n += 1
        elif s.phase == BS_PLAY:
            m = bs_legal_cards(s)
            while m:
                out[n] = BS_CARD0 + cc_pop_lowest(&m)
                n += 1
        return n

    cdef bint c_is_legal(self, long i) noexcept nogil:
        cdef const BState* s = &self.s
        if i < 0 or i >= BS_NUM_ACTIONS:
            return False
        if s.phase == BS_AUCTION:
            if i >= BS_CARD0:
                return False
            if i == BS_PASS:
                return True
            if i >= BS_BID0:
                return i - BS_BID0 > s.last_bid
            if s.last_bid < 0:
                return False
            if i == BS_DOUBLE:
                return s.doubled_now == 0 and not _own_side(s)
            return s.doubled_now == 1 and _own_side(s)
        if s.phase == BS_PLAY:
            return i >= BS_CARD0 and (bs_legal_cards(s) >> (i - BS_CARD0)) & 1
        return False

    cdef void c_apply(self, int i) noexcept nogil:
        """Make legal id ``i`` (the caller checked it)."""
        cdef BState* s = &self.s
        cdef int seat = s.player
        cdef int b, k, p, w, n, c
        if s.phase == BS_AUCTION:
            s.calls[s.ncalls] = <uint8_t>i
            s.ncalls += 1
            if i == BS_PASS:
                s.passes += 1
                if s.last_bid < 0:
                    if s.ncalls == 4:
                        s.phase = BS_OVER
                        s.player = -1
                        return
                elif s.passes == 3:
                    _contract(s)
                    return
            elif i == BS_DOUBLE:
                s.doubled_now = 1
                s.passes = 0
            elif i == BS_REDOUBLE:
                s.doubled_now = 2
                s.passes = 0
            else:
                b = i - BS_BID0
                s.last_bid = b
                s.last_bidder = seat
                s.doubled_now = 0
                s.passes = 0
                k = (seat & 1) * 5 + b % 5
                if s.first[k] < 0:
                    s.first[k] = seat
            s.player = (seat + 1) & 3
            return
        c = i - BS_CARD0
        p = s.playing
        s.hand[p] &= ~((<uint64_t>1) << c)
        s.played[s.nplayed] = <uint8_t>c
        s.nplayed += 1
        n = s.nplayed
        if (n & 3) == 0:
            w = (s.leader + bs_trick_winner_index(&s.played[n - 4], s.strain)) & 3
            s.winners[n // 4 - 1] = w
            s.won[w & 1] += 1
            s.leader = w
            p = w
            if n == 52:
                s.phase = BS_OVER
                s.player = -1
                s.playing = -1
                return
        else:
            p = (p + 1) & 3
        s.playing = p
        s.player = s.declarer if p == ((s.declarer + 2) & 3) else p

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int ns = bs_ns_score(&self.s)
        out[0] = ns
        out[1] = -ns
        out[2] = ns
        out[3] = -ns

    cdef void c_observe(self, int seat, float* out) noexcept nogil:
        cdef const BState* s = &self.s
        cdef int me = seat & 1, k, c, rel, last = -1, trailing = 0, n, lead
        cdef bint opening = True
        out[O_PHASE + s.phase] = 1
        out[O_VUL] = (s.vul >> me) & 1
        out[O_VUL + 1] = (s.vul >> (1 - me)) & 1
        out[O_DEALER + ((s.dealer - seat) & 3)] = 1
        if s.player >= 0:
            out[O_TO_ACT + ((s.player - seat) & 3)] = 1
        _bits(out, O_HAND, s.hand[seat])
        if s.declarer >= 0 and s.nplayed > 0:
            _bits(out, O_DUMMY, s.hand[(s.declarer + 2) & 3])
        for k in range(s.ncalls):
            c = s.calls[k]
            rel = (s.dealer + k - seat) & 3
            if c >= BS_BID0:
                last = c - BS_BID0
                opening = False
                out[O_BIDS + 12 * last + rel] = 1
                trailing = 0
            elif c == BS_DOUBLE:
                out[O_BIDS + 12 * last + 4 + rel] = 1
                trailing = 0
            elif c == BS_REDOUBLE:
                out[O_BIDS + 12 * last + 8 + rel] = 1
                trailing = 0
            else:
                trailing += 1
                if opening:
                    out[O_OPENING_PASSES + rel] = 1
        out[O_TRAILING_PASSES + (trailing if trailing < 3 else 3)] = 1
        if s.declarer >= 0:
            out[O_LEVEL + s.level - 1] = 1
            out[O_STRAIN + s.strain] = 1
            out[O_DOUBLED + s.doubled] = 1
            out[O_DECLARER + ((s.declarer - seat) & 3)] = 1
        n = s.nplayed
        k = n & 3
        if k:
            lead = s.leader
            for c in range(k):
                out[O_TRICK + 52 * ((lead + c - seat) & 3) + s.played[n - k + c]] = 1
            out[O_LEADER + ((lead - seat) & 3)] = 1
        for c in range(n):
            out[O_PLAYED + s.played[c]] = 1
        out[O_WON_US + s.won[me]] = 1
        out[O_WON_THEM + s.won[1 - me]] = 1

    cdef void c_copy_into(self, CoreBase new) noexcept:
        (<Core>new).s = self.s

    # ------------------------------------------------------------------ computed reads
    @property
    def passed_out(self):
        self.live()
        return self.s.phase == BS_OVER and self.s.declarer < 0

    def trick_winners(self):
        """The winner of each finished trick."""
        self.live()
        return [self.s.winners[k] for k in range(self.s.nplayed // 4)]

    def contract(self):
        """``(level, strain, doubled, declarer)`` once the auction ended with a bid."""
        self.live()
        if self.s.declarer < 0:
            return None
        return (self.s.level, self.s.strain, self.s.doubled, self.s.declarer)

    def ns_score(self):
        """North-South's score (0 when passed out or not over)."""
        self.live()
        return bs_ns_score(&self.s)

    def export(self):
        """The whole state as a list of ints (see ``EXPORT_FIELDS``)."""
        self.live()
        cdef const BState* s = &self.s
        out = [s.dealer, s.vul, s.phase, s.player, s.playing, s.ncalls, s.last_bid,
               s.last_bidder, s.doubled_now, s.passes, s.level, s.strain, s.doubled, s.declarer,
               s.nplayed, s.leader, s.won[0], s.won[1]]
        out += [s.hand[k] for k in range(4)]
        out += [s.dealt[k] for k in range(4)]
        out += [s.first[k] for k in range(10)]
        out += [s.winners[k] for k in range(13)]
        out += [s.calls[k] for k in range(s.ncalls)]
        out += [s.played[k] for k in range(s.nplayed)]
        return out


cdef inline void _made(Core core):
    """``core`` ready (sizes set, marked as holding a deal)."""
    made(core, 4, BS_NUM_ACTIONS, O_SIZE, BS_MAX_LEGAL)


# ---------------------------------------------------------------------------- functions

cdef int _score_args(object level, object strain, object doubled, object tricks,
                     object vulnerable, int* out) except -1:
    out[0] = <int>_int_arg(level, "level", 1, 7)
    out[1] = <int>_int_arg(strain, "strain", 0, 4)
    out[2] = <int>_int_arg(doubled, "doubled", 0, 2)
    out[3] = <int>_int_arg(tricks, "tricks", 0, 13)
    out[4] = 1 if vulnerable is True else 0 if vulnerable is False else \
        <int>_int_arg(vulnerable, "vulnerable", 0, 1)
    return 0


def score(level, strain, doubled, tricks, vulnerable):
    """The duplicate score of the declaring side: contract ``level`` 1..7, ``strain`` 0..4
    (C D H S NT), ``doubled`` 0..2, ``tricks`` 0..13 taken by the declaring side,
    ``vulnerable`` 0/1 (that side's vulnerability)."""
    cdef int a[5]
    _score_args(level, strain, doubled, tricks, vulnerable, a)
    return bs_score(a[0], a[1], a[2], a[3], a[4] != 0)


def score_parts(level, strain, doubled, tricks, vulnerable):
    """``score``'s arguments; the score in parts, a tuple of ints named by ``SCORE_PARTS``
    (their sum is ``score``)."""
    cdef int a[5]
    cdef int parts[BS_NPARTS]
    cdef int j
    _score_args(level, strain, doubled, tricks, vulnerable, a)
    bs_score_parts(a[0], a[1], a[2], a[3], a[4] != 0, parts)
    return tuple([parts[j] for j in range(BS_NPARTS)])


def trick_winner_index(cards, trump):
    """Index (in play order) of the card winning a full trick; ``trump`` 0..3 or 4 (none)."""
    cdef uint8_t cs[4]
    cdef int i
    cdef long t = _int_arg(trump, "trump", 0, 4)
    items = list_arg(cards, "cards", 4, "4 card ids", CardError)
    for i in range(4):
        cs[i] = <uint8_t>_int_arg(items[i], "card", 0, 51, CardError)
    return bs_trick_winner_index(cs, <int>t)


def legal_follows(hand, trick):
    """The cards of ``hand`` (card ids) that may go on ``trick`` (its cards so far, lead
    first, at most three), ascending: the Bridge core's follow rule (follow suit where
    possible, else any card), for a hand the caller holds, a sampled one say."""
    cdef uint64_t h = card_mask(hand, "hand", 0, 13)
    cdef uint64_t t = card_mask(trick, "trick", 0, 3)
    if h & t:
        raise CardError(f"hand {quote(hand)} and trick {quote(trick)}: a card in both")
    cdef uint64_t led_suit = 0
    if len(trick):
        led_suit = SUIT_BITS << (<int>_int_arg(trick[0], "trick: card", 0, 51, CardError) & 3)
    return mask_cards(bs_follows(h, led_suit))


cdef Core _dealt(const uint64_t* hs, int dealer, int vul):
    cdef Core core = Core.__new__(Core)
    bs_init(&core.s, hs, dealer, vul)
    _made(core)
    return core


def shuffled_deck(seed):
    """The 52 card ids shuffled as ``cardcore.rng.Rng(seed).shuffle(list(range(52)))`` does
    (the same draws), and the generator's state after them: ``(cards, state)``."""
    return shuffled_ids(seed, 52, 0)


def from_seed(seed, dealer=0, vul=0):
    """The core ``cardcore.new_game("bridge", seed=seed)`` starts with (for ``dealer`` 0 South
    and ``vul`` 0, the game's defaults): the 52 cards shuffled from the generator state
    ``seed`` (``shuffled_deck``) and dealt one card at a time clockwise, starting with the
    seat left of ``dealer``."""
    cdef uint64_t st = <uint64_t>int_arg(seed, "seed", 0, _U64, CardcoreError)
    cdef int d = <int>_int_arg(dealer, "dealer", 0, 3, CardError)
    cdef int v = <int>_int_arg(vul, "vul", 0, 3)
    cdef uint8_t deck[52]
    cdef uint64_t hs[4]
    cdef int i
    deck_shuffle(deck, 52, 0, &st)
    memset(hs, 0, sizeof(hs))
    for i in range(52):
        hs[(d + 1 + i) & 3] |= (<uint64_t>1) << deck[i]
    return _dealt(hs, d, v)


def auction(dealer, calls):
    """The rules of the auction alone (``cardcore.bridge.Auction`` reads them here): a core in
    which ``dealer`` called first and the call ids ``calls`` (0 pass, 1 double, 2 redouble,
    3.. the bids) were made in order, each legal where it stands (else ``IllegalAction`` naming
    it). Its hands are a placeholder (seat ``s`` holds the cards of ids ``s``, ``s + 4``, ...),
    which the auction's rules never read."""
    cdef uint64_t hs[4]
    cdef int i, d = <int>_int_arg(dealer, "dealer", 0, 3, CardError)
    cdef long c
    cdef Core core
    items = seq_arg(calls, "calls", "a list of call ids", IllegalAction)
    for i in range(4):
        hs[i] = SUIT_BITS << i
    core = _dealt(hs, d, 0)
    for i in range(len(items)):
        c = _int_arg(items[i], "call id", 0, BS_CARD0 - 1, IllegalAction)
        if not core.c_is_legal(c):
            raise IllegalAction(f"call id {c} (call {i + 1}): not legal where it stands")
        core.c_apply(<int>c)
    return core


def from_export(values):
    """The ``Core`` whose ``export()`` is ``values`` (checked field by field)."""
    v, f = export_fields(values, EXPORT_FIELDS)

    def get(name, lo, hi):
        return _int_arg(f[name], f"values: {name}", lo, hi)

    core = Core([f[f"dealt_{s}"] for s in "swne"], get("dealer", 0, 3), get("vul", 0, 3))
    ncalls = get("ncalls", 0, MAX_CALLS)
    nplayed = get("nplayed", 0, 52)
    if len(v) != EXPORT_HEAD + ncalls + nplayed:
        raise CardcoreError(f"values: expected {EXPORT_HEAD + ncalls + nplayed} ints "
                            f"({ncalls} calls, {nplayed} cards), got {len(v)}")
    calls = [_int_arg(x, "values: call", 0, CARD0 - 1) for x in v[EXPORT_HEAD:EXPORT_HEAD + ncalls]]
    played = [_int_arg(x, "values: card", 0, 51) for x in v[EXPORT_HEAD + ncalls:]]
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
