# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Schnapsen step kernel, compiled: one deal of Schnapsen as a C struct.

The one place of Schnapsen's rules of a deal (``docs/rules/schnapsen.md``), with its
plain-Python twin ``cardcore._ref.schnapsen_step``, which documents the encoding (action ids,
the constructor, the export) and gives the same answers: the card points, who wins a trick,
what may follow under the strict rules, closing, exchanging the trump Jack, marriages, the 66
and the game points of a deal. The rule functions below are what ``cardcore.schnapsen.rules``
re-exports for the game and the AI's search; ``Core`` plays a deal by the same C functions.

``Core.returns()`` is the deal's game points: ``+g`` for the deal's winner and ``-g`` for the
loser (``g`` 1, 2 or 3, what a single-deal game's ``scores()`` gives), zeros until over.
"""

from libc.string cimport memset, memcpy
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint64_t

from cardcore._fast.args cimport flag_arg, int_arg, mask_cards, or_none
from cardcore._fast.stepcore cimport id_among, made
from cardcore._fast.bits cimport cc_pop_lowest, deck_shuffle

from cardcore.errors import CardcoreError, CardError, quote

NUM_ACTIONS = SCH_NUM_ACTIONS
PLAY0 = 0
MARRY0 = SCH_MARRY0
EXCHANGE = SCH_EXCHANGE
CLOSE = SCH_CLOSE
MAX_ACTIONS = SCH_MAX_ACTIONS
OBS_SIZE = SCH_OBS_SIZE
TARGET = SCH_TARGET
MATCH_POINTS = SCH_MATCH_POINTS
#: card points by rank index (T=8, J=9, Q=10, K=11, A=12); also the order of strength
POINTS = {8: 10, 9: 2, 10: 3, 11: 4, 12: 11}
JACK, QUEEN, KING = 9, 10, 11
REASONS = ("66", "66 by a marriage", "last trick")
LEAD, FOLLOW, OVER = SCH_LEAD, SCH_FOLLOW, SCH_OVER

FIRST_CARD = SCH_FIRST_CARD
DECK_SIZE = SCH_DECK
HAND_SIZE = SCH_HAND
STOCK_SIZE = SCH_STOCK
REASON_66, REASON_MARRIAGE, REASON_LAST = SCH_REASON_66, SCH_REASON_MARRIAGE, SCH_REASON_LAST

cdef enum:
    JACK_RANK = 9
    QUEEN_RANK = 10
    KING_RANK = 11

# the observation (``docs/actions/schnapsen.md``): nine 20-card planes (slot ``card - 32``,
# the play-id order), then the scalars
cdef enum:
    OB_HAND = 0
    OB_OPP_KNOWN = 20
    OB_TRUMP_CARD = 40
    OB_TABLE = 60
    OB_PLAYED_ME = 80
    OB_PLAYED_OPP = 100
    OB_WON_ME = 120
    OB_WON_OPP = 140
    OB_UNSEEN = 160
    OB_TRUMP_SUIT = 180     # 4: c, d, h, s
    OB_PHASE = 184          # 3: lead, follow, over
    OB_MY_TURN = 187
    OB_I_LEAD = 188
    OB_STOCK = 189
    OB_CLOSED = 190
    OB_CLOSED_BY_ME = 191
    OB_CLOSED_BY_OPP = 192
    OB_STRICT = 193
    OB_POINTS_ME = 194
    OB_PENDING_ME = 195
    OB_POINTS_OPP = 196
    OB_PENDING_OPP = 197
    OB_TRICKS_ME = 198
    OB_TRICKS_OPP = 199
    OB_MARRIED_ME = 200     # 4 each: c, d, h, s
    OB_MARRIED_OPP = 204
    OB_CLOSE_POINTS = 208
    OB_CLOSE_TRICK = 209
    OB_COUNT_ME = 210
    OB_COUNT_OPP = 211
    OB_DEALER = 212

HAND, OPP_KNOWN, TRUMP_CARD, TABLE = OB_HAND, OB_OPP_KNOWN, OB_TRUMP_CARD, OB_TABLE
PLAYED_ME, PLAYED_OPP, WON_ME, WON_OPP, UNSEEN = (OB_PLAYED_ME, OB_PLAYED_OPP, OB_WON_ME,
                                                 OB_WON_OPP, OB_UNSEEN)
TRUMP_SUIT, PHASE = OB_TRUMP_SUIT, OB_PHASE
MY_TURN, I_LEAD, STOCK, CLOSED, CLOSED_BY_ME, CLOSED_BY_OPP, STRICT = range(187, 194)
POINTS_ME, PENDING_ME, POINTS_OPP, PENDING_OPP, TRICKS_ME, TRICKS_OPP = range(194, 200)
MARRIED_ME, MARRIED_OPP = OB_MARRIED_ME, OB_MARRIED_OPP
CLOSE_POINTS, CLOSE_TRICK, COUNT_ME, COUNT_OPP, DEALER = range(208, 213)

EXPORT_FIELDS = ("dealer", "count_0", "count_1", "rng", *(f"card_{k}" for k in range(20)))
EXPORT_HEAD = len(EXPORT_FIELDS)

_U64 = (1 << 64) - 1
_MAX_POINTS = 255                   # card points and marriages of a deal stay below
# the Vienna cards of a suit: bits 32 + s, 36 + s, ..., 48 + s
cdef uint64_t _SUIT_BITS = 0x11111


# ---------------------------------------------------------------- the rules in C

cdef int sch_points(int card) noexcept nogil:
    """Card points of a card id: A 11, T 10, K 4, Q 3, J 2 (0 outside the Vienna deck)."""
    cdef int r = card >> 2
    if r == 12:
        return 11
    if r == 8:
        return 10
    if r == 11:
        return 4
    if r == 10:
        return 3
    if r == 9:
        return 2
    return 0


cdef inline uint64_t _suit_mask(int suit) noexcept nogil:
    return _SUIT_BITS << (SCH_FIRST_CARD + suit)


cdef bint sch_beats(int lead, int follow, int trump) noexcept nogil:
    """Whether ``follow`` wins the trick over ``lead``: a higher card of the led suit (by card
    points), or a trump on a card of another suit."""
    if (follow & 3) == (lead & 3):
        return sch_points(follow) > sch_points(lead)
    return (follow & 3) == trump


cdef uint64_t sch_strict_mask(uint64_t hand, int lead, int trump) noexcept nogil:
    """The cards of ``hand`` legal on ``lead`` under the strict rules: follow suit and head the
    trick where possible, else follow lower, else trump, else any card."""
    cdef uint64_t pool = hand & _suit_mask(lead & 3)
    cdef uint64_t heads = 0, m = pool
    cdef int c
    if pool:
        while m:
            c = cc_pop_lowest(&m)
            if sch_points(c) > sch_points(lead):
                heads |= (<uint64_t>1) << c
        return heads if heads else pool
    pool = hand & _suit_mask(trump)
    return pool if pool else hand


cdef inline int _partner(int card) noexcept nogil:
    """The other card of a K's or Q's marriage, -1 for another rank."""
    cdef int r = card >> 2
    if r == KING_RANK:
        return QUEEN_RANK * 4 + (card & 3)
    if r == QUEEN_RANK:
        return KING_RANK * 4 + (card & 3)
    return -1


cdef inline int _game_points(int loser_points, bint loser_has_trick) noexcept nogil:
    if not loser_has_trick:
        return 3
    return 1 if loser_points >= 33 else 2


cdef int sch_deal_game_points(int winner, int closer, int close_points, int close_tricks,
                              bint last_trick, int loser_points, int loser_tricks) noexcept nogil:
    """The game points ``winner`` wins the deal for (``closer`` -1: not closed); see
    ``deal_game_points``."""
    if closer >= 0:
        if winner == closer:
            return _game_points(close_points, close_tricks > 0)
        return 2 if close_tricks > 0 else 3
    if last_trick:
        return 1
    return _game_points(loser_points, loser_tricks > 0)


# ---------------------------------------------------------------- the deal in C

cdef inline bint _strict(const SchState* s) noexcept nogil:
    return s.closed or s.pos == SCH_STOCK


cdef inline int _player(const SchState* s) noexcept nogil:
    if s.phase == SCH_LEAD:
        return s.leader
    if s.phase == SCH_FOLLOW:
        return 1 - s.leader
    return -1


cdef void sch_init(SchState* s, const uint8_t* deck, int dealer, const uint8_t* counts,
                   uint64_t rng) noexcept nogil:
    """A deal from ``deck`` (20 distinct Vienna card ids in dealing order)."""
    cdef int k
    memset(s, 0, sizeof(SchState))
    memcpy(s.deal, deck, SCH_DECK)
    memcpy(s.stock, &deck[2 * SCH_HAND], SCH_STOCK)
    for k in range(SCH_HAND):
        s.hand[0] |= (<uint64_t>1) << deck[k]
        s.hand[1] |= (<uint64_t>1) << deck[SCH_HAND + k]
    s.rng = rng
    s.trump = deck[SCH_DECK - 1] & 3
    s.dealer = dealer
    s.leader = 1 - dealer
    s.phase = SCH_LEAD
    s.lead = -1
    s.closer = -1
    s.start_counts[0] = s.counts[0] = counts[0]
    s.start_counts[1] = s.counts[1] = counts[1]
    s.winner = -1
    s.reason = -1


cdef int sch_legal(const SchState* s, int32_t* out) noexcept nogil:
    """The legal ids, ascending, into ``out`` (room for ``SCH_NUM_ACTIONS``); their number."""
    cdef uint64_t hand, m, announced = 0
    cdef int n = 0, c, q, k, p, left
    if s.phase == SCH_FOLLOW:
        hand = s.hand[1 - s.leader]
        if _strict(s):
            hand = sch_strict_mask(hand, s.lead, s.trump)
        while hand:
            out[n] = cc_pop_lowest(&hand) - SCH_FIRST_CARD
            n += 1
        return n
    if s.phase != SCH_LEAD:
        return 0
    p = s.leader
    hand = s.hand[p]
    m = hand
    while m:
        out[n] = cc_pop_lowest(&m) - SCH_FIRST_CARD
        n += 1
    for k in range(s.nmarried[p]):
        announced |= 1 << s.married[p][k]
    m = hand
    while m:                    # the Queens' ids (20..23) come before the Kings' (24..27)
        c = cc_pop_lowest(&m)
        q = _partner(c)
        if q >= 0 and not (announced >> (c & 3)) & 1 and (hand >> q) & 1:
            out[n] = c - SCH_MARRY0
            n += 1
    left = SCH_STOCK - s.pos
    if not s.closed and left >= 3 and (hand >> (JACK_RANK * 4 + s.trump)) & 1:
        out[n] = SCH_EXCHANGE
        n += 1
    if not s.closed and left >= 2:
        out[n] = SCH_CLOSE
        n += 1
    return n


cdef void _end(SchState* s, int winner, int reason) noexcept nogil:
    cdef int loser = 1 - winner
    cdef int gp = sch_deal_game_points(winner, s.closer, s.close_points, s.close_tricks,
                                       reason == SCH_REASON_LAST, s.points[loser],
                                       s.won[loser])
    s.counts[winner] = s.counts[winner] - gp if s.counts[winner] > gp else 0
    s.winner = winner
    s.game_points = gp
    s.reason = reason
    s.phase = SCH_OVER


cdef void _play(SchState* s, int p, int card) noexcept nogil:
    cdef uint64_t bit = (<uint64_t>1) << card
    cdef int ls, lc, w, last
    s.hand[p] &= ~bit
    s.known[p] &= ~bit
    if s.phase == SCH_LEAD:
        s.lead = card
        s.phase = SCH_FOLLOW
        return
    ls = s.leader
    lc = s.lead
    w = 1 - ls if sch_beats(lc, card, s.trump) else ls
    s.tricks[s.ntricks][0] = ls
    s.tricks[s.ntricks][1] = lc
    s.tricks[s.ntricks][2] = card
    s.tricks[s.ntricks][3] = w
    s.ntricks += 1
    s.lead = -1
    if not s.won[w]:                        # the first trick makes pending marriages count
        s.points[w] += s.pending[w]
        s.pending[w] = 0
    s.points[w] += sch_points(lc) + sch_points(card)
    s.won[w] += 1
    s.leader = w
    s.phase = SCH_LEAD
    if s.points[w] >= SCH_TARGET:
        _end(s, w, SCH_REASON_66)
        return
    if not _strict(s):                      # the winner draws first, then the loser
        s.hand[w] |= (<uint64_t>1) << s.stock[s.pos]
        last = s.stock[s.pos + 1]
        s.pos += 2
        if s.pos == SCH_STOCK:              # the loser takes the trump card
            s.known[1 - w] |= (<uint64_t>1) << last
        s.hand[1 - w] |= (<uint64_t>1) << last
    if not s.hand[w]:                       # the last trick: its winner, or the closer failed
        _end(s, w if s.closer < 0 else 1 - s.closer, SCH_REASON_LAST)


cdef inline void _plane(float* out, int base, uint64_t m) noexcept nogil:
    while m:
        out[base + cc_pop_lowest(&m) - SCH_FIRST_CARD] = 1.0


# ---------------------------------------------------------------- the rules as Python names

#: the card points of each card id (0 for cards outside the Vienna deck)
CARD_POINTS = [sch_points(c) for c in range(52)]
#: ``FOLLOW_WINS[trump][lead * 52 + follow]``: ``beats(lead, follow, trump)`` for every pair
#: of Vienna cards, asked once (the AI's search asks it at every trick)
FOLLOW_WINS = [[(32 <= l < 52 and 32 <= f < 52 and sch_beats(l, f, t))
                for l in range(52) for f in range(52)] for t in range(4)]


cdef inline int _card(object x, str what) except -1:
    return <int>int_arg(x, what, 32, 51, CardError)


cdef inline int _suit(object x, str what) except -1:
    return <int>int_arg(x, what, 0, 3, CardcoreError)


cdef inline int _seat(object x, str what) except -1:
    return <int>int_arg(x, what, 0, 1, CardcoreError)


cdef inline int _opt_seat(object x, str what) except -2:
    """A seat, or ``None`` (-1)."""
    return -1 if x is None else <int>int_arg(x, what, 0, 1, CardcoreError)


cdef inline int _amount(object x, str what) except -1:
    return <int>int_arg(x, what, 0, _MAX_POINTS, CardcoreError)


cdef inline int _tricks(object x, str what) except -1:
    return <int>int_arg(x, what, 0, 10, CardcoreError)


cdef inline int _stock_size(object x) except -1:
    return <int>int_arg(x, "stock_size", 0, SCH_STOCK, CardcoreError)


cdef list _hand(object x, str what):
    """A list or tuple of distinct Vienna card ids, as ints."""
    if type(x) is not list and type(x) is not tuple:
        raise CardError(f"{what} {quote(x)}: expected a list of card ids")
    cdef list out = []
    cdef uint64_t seen = 0
    cdef int v
    for c in x:
        v = _card(c, f"{what}: card")
        if (seen >> v) & 1:
            raise CardError(f"{what}: card {v} appears twice")
        seen |= (<uint64_t>1) << v
        out.append(v)
    return out


cdef uint64_t _mask(list cards):
    cdef uint64_t m = 0
    for c in cards:
        m |= (<uint64_t>1) << <int>c
    return m


def card_points(card):
    """Card points of ``card``: A 11, T 10, K 4, Q 3, J 2."""
    return sch_points(_card(card, "card"))


def beats(lead, follow, trump):
    """True when ``follow`` wins the trick over ``lead`` with trump suit ``trump``: a higher
    card of the led suit (by card points), or a trump on a card of another suit."""
    cdef int lc = _card(lead, "lead"), fc = _card(follow, "follow")
    return sch_beats(lc, fc, _suit(trump, "trump"))


def trick_winner(leader, lead, follow, trump):
    """The seat that wins the trick ``leader`` led with ``lead`` and the other seat followed
    with ``follow``."""
    cdef int p = _seat(leader, "leader")
    cdef int lc = _card(lead, "lead"), fc = _card(follow, "follow")
    return 1 - p if sch_beats(lc, fc, _suit(trump, "trump")) else p


def strict(closed, stock_size):
    """Whether the strict rules hold: once the stock is closed or exhausted (then no card is
    drawn either)."""
    cdef bint c = flag_arg(closed, "closed")
    cdef int n = _stock_size(stock_size)
    return c or not n


def strict_follows(hand, lead, trump):
    """The cards of ``hand`` legal on ``lead`` under the strict rules (follow suit and head
    the trick where possible, else trump, else any card), in the hand's order."""
    cdef list cards = _hand(hand, "hand")
    cdef int lc = _card(lead, "lead")
    cdef uint64_t ok = sch_strict_mask(_mask(cards), lc, _suit(trump, "trump"))
    return [c for c in cards if (ok >> <int>c) & 1]


def may_close(closed, stock_size):
    """Whether the seat on lead may close the stock (before leading): while it is open and
    holds two cards or more."""
    cdef bint c = flag_arg(closed, "closed")
    cdef int n = _stock_size(stock_size)
    return not c and n >= 2


def trump_jack(trump):
    """The card the exchange takes from the hand: the Jack of trumps."""
    return JACK_RANK * 4 + _suit(trump, "trump")


def may_exchange(closed, stock_size, hand, trump):
    """Whether the seat on lead holding ``hand`` may exchange the trump Jack for the trump card
    (before leading): while the stock is open and holds three cards or more."""
    cdef bint c = flag_arg(closed, "closed")
    cdef int n = _stock_size(stock_size)
    cdef uint64_t m = _mask(_hand(hand, "hand"))
    cdef int t = _suit(trump, "trump")
    return not c and n >= 3 and bool((m >> (JACK_RANK * 4 + t)) & 1)


def marriage_partner(card):
    """The other card of ``card``'s marriage (the Queen of a King, the King of a Queen), or
    ``None`` for a card of another rank."""
    cdef int p = _partner(_card(card, "card"))
    return or_none(p)


def may_marry(card, hand, announced):
    """Whether ``card`` may be led announcing a marriage from ``hand``: a K or Q whose partner
    is in the hand, of a suit not announced yet (``announced``: a bit mask of suits)."""
    cdef int c = _card(card, "card")
    cdef uint64_t m = _mask(_hand(hand, "hand"))
    cdef int a = <int>int_arg(announced, "announced", 0, 15, CardcoreError)
    cdef int p = _partner(c)
    return p >= 0 and not (a >> (c & 3)) & 1 and bool((m >> p) & 1)


def marriage_points(suit, trump):
    """A marriage (K and Q of one suit) announced: 40 in trumps, else 20."""
    cdef int s = _suit(suit, "suit")
    return 40 if s == _suit(trump, "trump") else 20


def announce(points, pending, tricks_won, amount):
    """A seat with ``points``, ``pending`` marriage points and ``tricks_won`` tricks announces a
    marriage worth ``amount``: its ``(points, pending)`` after. The points count at once once
    the seat has won a trick; before that they wait for its first trick."""
    cdef int pts = _amount(points, "points")
    cdef int pend = _amount(pending, "pending")
    cdef int won = _tricks(tricks_won, "tricks_won")
    cdef int amt = _amount(amount, "amount")
    if won:
        return pts + amt, pend
    return pts, pend + amt


def take_trick(points, pending, tricks_won, lead, follow):
    """The seat with ``points``, ``pending`` and ``tricks_won`` wins the trick of ``lead`` and
    ``follow``: its ``(points, pending, tricks_won)`` after (its first trick makes its pending
    marriages count)."""
    cdef int pts = _amount(points, "points")
    cdef int pend = _amount(pending, "pending")
    cdef int won = _tricks(tricks_won, "tricks_won")
    cdef int lc = _card(lead, "lead"), fc = _card(follow, "follow")
    if not won:
        pts += pend
        pend = 0
    return pts + sch_points(lc) + sch_points(fc), pend, won + 1


def last_trick_winner(trick_winner, closer):
    """The deal's winner when the hands run out with nobody at ``TARGET``: the last trick's
    winner, or when the stock was closed the closer's opponent (the closer failed)."""
    cdef int w = _seat(trick_winner, "trick_winner")
    cdef int c = _opt_seat(closer, "closer")
    return w if c < 0 else 1 - c


def game_points(loser_points, loser_has_trick):
    """The 1/2/3 scale by the loser's points and whether they won a trick."""
    cdef int pts = _amount(loser_points, "loser_points")
    return _game_points(pts, flag_arg(loser_has_trick, "loser_has_trick"))


def deal_game_points(winner, closer, close_points, close_tricks, last_trick, loser_points,
                     loser_tricks):
    """The game points ``winner`` wins the deal for. ``closer``: the seat that closed the stock
    (``None``: not closed), ``close_points`` and ``close_tricks`` its opponent's points and
    tricks when it closed; ``last_trick``: the deal ended by its last trick (nobody at
    ``TARGET``); ``loser_points``, ``loser_tricks``: the loser's at the end.

    A successful closer scores on the 1/2/3 scale with its opponent's points and tricks at the
    close; a failing closer gives 2, or 3 if the opponent had no trick at the close. Not
    closed: the last trick wins 1, else the 1/2/3 scale by the loser's points and tricks."""
    cdef int w = _seat(winner, "winner")
    cdef int c = _opt_seat(closer, "closer")
    cdef int cp = _amount(close_points, "close_points")
    cdef int ct = _tricks(close_tricks, "close_tricks")
    cdef bint last = flag_arg(last_trick, "last_trick")
    cdef int lp = _amount(loser_points, "loser_points")
    cdef int lt = _tricks(loser_tricks, "loser_tricks")
    return sch_deal_game_points(w, c, cp, ct, last, lp, lt)


# ---------------------------------------------------------------- the core

cdef tuple _counts(object x):
    if type(x) is not list and type(x) is not tuple or len(x) != 2:
        raise CardcoreError(f"counts {quote(x)}: expected the two match counts")
    return tuple([int_arg(v, "counts: count", 1, SCH_MATCH_POINTS, CardcoreError) for v in x])


include "schnapsen_step_fields.pxi"  # _Fields: the record, the stored reads


cdef class Core(_Fields):
    """One deal of Schnapsen (the twin's module docstring gives the encoding).

    ``Core(seed, deck=None, dealer=1, counts=(7, 7))``; ``returns()`` is the deal's game
    points: ``+g`` for the deal's winner and ``-g`` for the loser (``g`` 1, 2 or 3, what a
    single-deal game's ``scores()`` gives), zeros until the deal is over."""

    def __init__(self, seed=0, deck=None, dealer=1, counts=(SCH_MATCH_POINTS, SCH_MATCH_POINTS)):
        self._ready = False
        cdef uint64_t rng = <uint64_t>int_arg(seed, "seed", 0, _U64, CardcoreError)
        cdef uint8_t cards[20]
        cdef uint8_t cnt[2]
        cdef int k
        cdef list given
        if deck is None:
            deck_shuffle(cards, SCH_DECK, SCH_FIRST_CARD, &rng)     # ``cardset.shuffle``
        else:
            given = _hand(deck, "deck")
            if len(given) != SCH_DECK:
                raise CardError(f"deck: expected {SCH_DECK} card ids, got {len(given)}")
            for k in range(SCH_DECK):
                cards[k] = given[k]
        cdef int d = <int>int_arg(dealer, "dealer", 0, 1, CardcoreError)
        cdef tuple c = _counts(counts)
        cnt[0] = c[0]
        cnt[1] = c[1]
        sch_init(&self.s, cards, d, cnt, rng)
        made(self, 2, SCH_NUM_ACTIONS, SCH_OBS_SIZE, SCH_NUM_ACTIONS)

    # ------------------------------------------------------------ the C contract
    cdef int c_player(self) noexcept nogil:
        return _player(&self.s)

    cdef bint c_over(self) noexcept nogil:
        return self.s.phase == SCH_OVER

    cdef int c_legal(self, int32_t* out) noexcept nogil:
        return sch_legal(&self.s, out)

    cdef bint c_is_legal(self, long i) noexcept nogil:
        cdef int32_t ids[SCH_NUM_ACTIONS]
        if i < 0 or i >= SCH_NUM_ACTIONS:
            return False
        return id_among(i, ids, sch_legal(&self.s, ids))

    cdef void c_apply(self, int i) noexcept nogil:
        """Make the legal id ``i``."""
        cdef SchState* s = &self.s
        cdef int p = _player(s)
        cdef int card, suit, amount, jack, old
        s.ids[s.nids] = i
        s.nids += 1
        if i < SCH_MARRY0:
            _play(s, p, i + SCH_FIRST_CARD)
        elif i < SCH_EXCHANGE:
            card = i + SCH_MARRY0
            suit = card & 3
            s.married[p][s.nmarried[p]] = suit
            s.nmarried[p] += 1
            s.known[p] |= (<uint64_t>1) << _partner(card)
            amount = 40 if suit == s.trump else 20
            if s.won[p]:
                s.points[p] += amount
            else:
                s.pending[p] += amount
            if s.points[p] >= SCH_TARGET:   # at once, before the card is played
                _end(s, p, SCH_REASON_MARRIAGE)
                return
            _play(s, p, card)
        elif i == SCH_EXCHANGE:
            jack = JACK_RANK * 4 + s.trump
            old = s.stock[SCH_STOCK - 1]
            s.hand[p] = (s.hand[p] & ~((<uint64_t>1) << jack)) | ((<uint64_t>1) << old)
            s.known[p] |= (<uint64_t>1) << old
            s.stock[SCH_STOCK - 1] = jack
        else:
            s.closed = 1
            s.closer = p
            s.close_points = s.points[1 - p]
            s.close_tricks = s.won[1 - p]

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef double g = self.s.game_points
        if self.s.phase != SCH_OVER:
            out[0] = 0.0
            out[1] = 0.0
        elif self.s.winner == 0:
            out[0] = g
            out[1] = -g
        else:
            out[0] = -g
            out[1] = g

    cdef void c_observe(self, int seat, float* out) noexcept nogil:
        """What ``seat`` sees into ``out`` (``SCH_OBS_SIZE`` zeros;
        ``docs/actions/schnapsen.md``)."""
        cdef const SchState* s = &self.s
        cdef int opp = 1 - seat
        cdef uint64_t seen = s.hand[seat] | s.known[opp]
        cdef uint64_t bit
        cdef int k, ls, lc, fc, c
        _plane(out, OB_HAND, s.hand[seat])
        _plane(out, OB_OPP_KNOWN, s.known[opp])
        if s.pos < SCH_STOCK:
            out[OB_TRUMP_CARD + s.stock[SCH_STOCK - 1] - SCH_FIRST_CARD] = 1.0
            seen |= (<uint64_t>1) << s.stock[SCH_STOCK - 1]
        if s.lead >= 0:
            out[OB_TABLE + s.lead - SCH_FIRST_CARD] = 1.0
            seen |= (<uint64_t>1) << s.lead
        for k in range(s.ntricks):
            ls = s.tricks[k][0]
            lc = s.tricks[k][1] - SCH_FIRST_CARD
            fc = s.tricks[k][2] - SCH_FIRST_CARD
            out[(OB_PLAYED_ME if ls == seat else OB_PLAYED_OPP) + lc] = 1.0
            out[(OB_PLAYED_OPP if ls == seat else OB_PLAYED_ME) + fc] = 1.0
            c = OB_WON_ME if s.tricks[k][3] == seat else OB_WON_OPP
            out[c + lc] = 1.0
            out[c + fc] = 1.0
            seen |= (<uint64_t>1) << s.tricks[k][1]
            seen |= (<uint64_t>1) << s.tricks[k][2]
        for k in range(SCH_DECK):
            bit = (<uint64_t>1) << (SCH_FIRST_CARD + k)
            if not seen & bit:
                out[OB_UNSEEN + k] = 1.0
        out[OB_TRUMP_SUIT + s.trump] = 1.0
        out[OB_PHASE + s.phase] = 1.0
        if _player(s) == seat:
            out[OB_MY_TURN] = 1.0
        if s.phase != SCH_OVER and s.leader == seat:
            out[OB_I_LEAD] = 1.0
        out[OB_STOCK] = <float>((SCH_STOCK - s.pos) / 10.0)
        if s.closed:
            out[OB_CLOSED] = 1.0
            out[OB_CLOSED_BY_ME if s.closer == seat else OB_CLOSED_BY_OPP] = 1.0
            out[OB_CLOSE_POINTS] = <float>(s.close_points / <double>SCH_TARGET)
            out[OB_CLOSE_TRICK] = 1.0 if s.close_tricks else 0.0
        if _strict(s):
            out[OB_STRICT] = 1.0
        out[OB_POINTS_ME] = <float>(s.points[seat] / <double>SCH_TARGET)
        out[OB_PENDING_ME] = <float>(s.pending[seat] / <double>SCH_TARGET)
        out[OB_POINTS_OPP] = <float>(s.points[opp] / <double>SCH_TARGET)
        out[OB_PENDING_OPP] = <float>(s.pending[opp] / <double>SCH_TARGET)
        out[OB_TRICKS_ME] = <float>(s.won[seat] / 10.0)
        out[OB_TRICKS_OPP] = <float>(s.won[opp] / 10.0)
        for k in range(s.nmarried[seat]):
            out[OB_MARRIED_ME + s.married[seat][k]] = 1.0
        for k in range(s.nmarried[opp]):
            out[OB_MARRIED_OPP + s.married[opp][k]] = 1.0
        out[OB_COUNT_ME] = <float>(s.counts[seat] / <double>SCH_MATCH_POINTS)
        out[OB_COUNT_OPP] = <float>(s.counts[opp] / <double>SCH_MATCH_POINTS)
        if s.dealer == seat:
            out[OB_DEALER] = 1.0

    cdef void c_copy_into(self, CoreBase new) noexcept:
        (<Core>new).s = self.s

    # ------------------------------------------------------------ computed reads
    @property
    def trump_card(self):
        """The trump card turned up under the stock (the trump Jack after an exchange; the
        card the loser of the last draw took once the stock is exhausted)."""
        self.live()
        return self.s.stock[SCH_STOCK - 1]

    @property
    def stock_size(self):
        self.live()
        return SCH_STOCK - self.s.pos

    @property
    def stock(self):
        """The cards left in the stock, top first (the trump card last)."""
        self.live()
        return [self.s.stock[k] for k in range(self.s.pos, SCH_STOCK)]

    @property
    def strict(self):
        self.live()
        return bool(_strict(&self.s))

    @property
    def marriages(self):
        """The suits each seat announced, in order."""
        self.live()
        return [[self.s.married[p][k] for k in range(self.s.nmarried[p])] for p in range(2)]

    @property
    def tricks(self):
        """The finished tricks: ``[leader, lead, follow, winner]`` each."""
        self.live()
        return [[self.s.tricks[k][j] for j in range(4)] for k in range(self.s.ntricks)]

    # ------------------------------------------------------------ exports
    def export(self):
        """``[dealer, count_0, count_1, rng, *deck, *ids]`` (the twin's module docstring)."""
        self.live()
        cdef int k
        out = [self.s.dealer, self.s.start_counts[0], self.s.start_counts[1], self.s.rng]
        out += [self.s.deal[k] for k in range(SCH_DECK)]
        out += [self.s.ids[k] for k in range(self.s.nids)]
        return out


def from_seed(seed):
    """The core ``cardcore.new_game("schnapsen", seed=seed)`` starts with: the first deal,
    dealt by seat 1, from the Vienna deck shuffled with the generator state ``seed``."""
    return Core(seed)


def from_export(values):
    """The ``Core`` whose ``export()`` is ``values``: the constructor's arguments checked, then
    each action id replayed (``CardcoreError`` for one that is not legal there)."""
    if type(values) is not list and type(values) is not tuple:
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    v = list(values)
    if not EXPORT_HEAD <= len(v) <= EXPORT_HEAD + SCH_MAX_ACTIONS:
        raise CardcoreError(f"values: expected {EXPORT_HEAD} to "
                            f"{EXPORT_HEAD + SCH_MAX_ACTIONS} ints, got {len(v)}")
    dealer = int_arg(v[0], "values: dealer", 0, 1, CardcoreError)
    counts = [int_arg(x, "values: count", 1, SCH_MATCH_POINTS, CardcoreError) for x in v[1:3]]
    rng = int_arg(v[3], "values: rng", 0, _U64, CardcoreError)
    cdef Core core
    try:
        core = Core(rng, v[4:EXPORT_HEAD], dealer, counts)
    except CardcoreError as e:
        raise CardcoreError(f"values: {e}") from None
    cdef int i
    for k, x in enumerate(v[EXPORT_HEAD:]):
        i = <int>int_arg(x, "values: action id", 0, SCH_NUM_ACTIONS - 1, CardcoreError)
        if core.c_over() or not core.c_is_legal(i):
            raise CardcoreError(f"values: action id {i} (action {k}) is not legal there")
        core.c_apply(i)
    return core
