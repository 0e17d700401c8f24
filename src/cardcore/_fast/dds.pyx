# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Double-dummy Bridge solver kernel.

Seats are 0..3 clockwise; seats 0 and 2 form one side ("side 0"), 1 and 3 the other.
Public functions take hands as 52-bit masks of card ids (``rank * 4 + suit``); inside, a hand
is a u64 with each suit in its own 16-bit lane (bit ``16 * suit + rank``).

The search is split the way classic double-dummy solvers are:

* trick resolution: :c:func:`trick_winner_index`;
* move generation with equivalent-card merging, move ordering (killer lead, stored best lead,
  position heuristics): :c:func:`gen_moves`; the lowest-win rule skips cards inside
  :c:func:`search`;
* quick tricks (sure tricks of the side on lead, a ruff by partner), top-trump bounds, the
  defence's sure trick when the side on lead needs (nearly) every trick, and the second hand's
  sure trick: :c:func:`quick_tricks`, :c:func:`ruff_trick`, :c:func:`sure_trumps`,
  :c:func:`defence_trick`, :c:func:`second_hand_wins`;
* transposition table at trick boundaries: one group per suit lengths and leader, holding any
  number of entries keyed on the relative-rank layout of the top cards that matter (which
  hand holds the 1st, 2nd, ... highest card still out), each with bounds on the tricks still
  to come: ``tt_probe`` / ``tt_store``;
* zero-window alpha-beta ("can side 0 take ``target`` more tricks?"): :c:func:`search`, driven
  by an MTD-style loop of zero-window searches: :c:func:`solve_ns`.
"""

from libc.stdlib cimport calloc, malloc, realloc, free
from libc.string cimport memset
from libc.stdint cimport uint64_t, uint32_t, int8_t, uint8_t, uint16_t, int64_t, INT64_MAX

from cardcore._fast.bits cimport (cc_popcount, cc_ctz, cc_msb, cc_prefetch, cc_lowest,
                                  cc_pop_lowest, cc_top_bits, cc_pext, cc_pdep, CC_FAST_PEXT)
from cardcore._fast.args cimport flag_arg, int_arg, seq_arg

import operator

from cardcore.errors import CardcoreError, CardError, quote

cdef extern from *:
    """
    #ifndef CARDCORE_STATS
    #define CARDCORE_STATS 0
    #endif
    """
    # 1 in a profiling build (``CARDCORE_STATS=1`` when building, see setup.py): the search
    # then keeps the counters of ``Pos.st`` (``search_stats``); 0 compiles them out.
    enum: CARDCORE_STATS

STATS = bool(CARDCORE_STATS)
"""Whether this build keeps the profiling counters that ``search_stats`` reports."""

cdef enum:
    NT = 4
    SUIT_BITS = 0x1FFF

# ----------------------------------------------------------------------------- helpers

cdef inline u64 suit_of(u64 h, int s) noexcept nogil:
    return (h >> (16 * s)) & SUIT_BITS


cdef inline u64 to_lanes(u64 m52) noexcept nogil:
    cdef u64 out = 0
    cdef int c
    while m52:
        c = cc_ctz(m52)
        m52 &= m52 - 1
        out |= (<u64>1) << (16 * (c & 3) + (c >> 2))
    return out


cdef inline int lane_to_id(int b) noexcept nogil:
    return (b & 15) * 4 + (b >> 4)


cdef inline int id_to_lane(int c) noexcept nogil:
    return 16 * (c & 3) + (c >> 2)


# ----------------------------------------------------------------------------- trick resolution

# The search keeps its own trick routine, on lane bits and inlined, for speed. The rule it must
# agree with is ``cardcore._ref.tricks.trick_winner`` (the one definition); the Bridge step
# kernel's ``bs_trick_winner_index`` (card ids) is the other compiled copy, and
# ``tests/test_trick_winner.py`` checks that the three agree.
cdef inline bint _takes(int c, int w, int trump) noexcept nogil:
    """Whether the card ``c`` takes the trick from ``w``, the card winning it so far (lane bits:
    the suit is ``>> 4``)."""
    if (c >> 4) == (w >> 4):
        return c > w
    return (c >> 4) == trump


cdef int trick_winner_index(int c0, int c1, int c2, int c3, int trump) noexcept nogil:
    """Index (0..3, in play order) of the card that wins the trick; cards as lane bits."""
    cdef int best = 0
    cdef int bc = c0
    cdef int c, i
    cdef int cs[4]
    cs[0] = c0; cs[1] = c1; cs[2] = c2; cs[3] = c3
    for i in range(1, 4):
        c = cs[i]
        if _takes(c, bc, trump):
            best = i
            bc = c
    return best


# ----------------------------------------------------------------------------- quick tricks

cdef inline u64 top_held(const Pos* P, int s, int k) noexcept nogil:
    """The ``k`` highest cards of suit ``s`` still held (as lane bits)."""
    return cc_top_bits(suit_of(P.hand[0] | P.hand[1] | P.hand[2] | P.hand[3], s), k) << (16 * s)


cdef int qt_hand(const Pos* P, int leader, int need, u64* win, u64* reach) noexcept nogil:
    """Tricks the leader's side surely takes by cashing the leader's top cards at once.

    A card counts when it outranks every card of the suit held by the three other hands.
    In a suit contract a non-trump suit counts only as long as each opponent who holds a trump
    still has to follow suit, and only if partner (holding trumps) can always play a non-trump.
    ``win`` receives the cards whose rank ``need`` of the counted tricks rely on: the fewer
    ranks a cutoff names, the more positions its table entries match. A suit nobody else
    holds names no rank at all (the suit lengths already say its cards win).
    """
    cdef int ks[4]
    cdef int tops[4]
    cdef int s, j, k, t = P.trump, rem
    cdef u64 me, others, w = 0
    cdef u64 lho = P.hand[(leader + 1) & 3]
    cdef u64 pd = P.hand[(leader + 2) & 3]
    cdef u64 rho = P.hand[(leader + 3) & 3]
    cdef int total = 0, side_suits = 0, lim, free_suits = 0, counted
    cdef int lho_tr = 0, rho_tr = 0, pd_tr = 0
    if t != NT:
        lho_tr = suit_of(lho, t) != 0
        rho_tr = suit_of(rho, t) != 0
        pd_tr = suit_of(pd, t) != 0
    for s in range(4):
        ks[s] = 0
        me = suit_of(P.hand[leader], s)
        if me == 0:
            continue
        others = suit_of(lho | pd | rho, s)
        if others == 0:
            k = cc_popcount(me)
            free_suits |= 1 << s
            tops[s] = k
        else:
            k = cc_popcount(me >> (cc_msb(others) + 1))
            tops[s] = k
            # length winners: once the top cards have exhausted the other hands, every card
            # of the suit left in this hand wins (unless an opponent can ruff)
            if k and (t == NT or s == t or not (lho_tr or rho_tr)) and \
                    k >= cc_popcount(suit_of(lho, s)) and k >= cc_popcount(suit_of(rho, s)) and \
                    k >= cc_popcount(suit_of(pd, s)):
                k = cc_popcount(me)
        if k and t != NT and s != t:
            if lho_tr:
                lim = cc_popcount(suit_of(lho, s))
                if lim < k:
                    k = lim
            if rho_tr:
                lim = cc_popcount(suit_of(rho, s))
                if lim < k:
                    k = lim
            side_suits += k
        if k:
            ks[s] = k
            reach[0] |= (<u64>1) << s
    if side_suits and pd_tr:
        if cc_popcount(pd) - cc_popcount(suit_of(pd, t)) < side_suits:
            for s in range(4):
                if s != t:
                    ks[s] = 0
    counted = (ks[0] != 0) | ((ks[1] != 0) << 1) | ((ks[2] != 0) << 2) | ((ks[3] != 0) << 3)
    if counted == 0:
        win[0] = 0
        return 0
    # the rank set: trumps first, then the other suits, until ``need`` tricks are named
    rem = need
    for j in range(5):
        s = t if j == 0 else j - 1
        if s == NT or not (counted >> s) & 1 or (j and s == t):
            continue
        total += ks[s]
        k = ks[s] if ks[s] < rem else rem
        if k > tops[s]:
            k = tops[s]
        if k > 0 and not (free_suits >> s) & 1:
            w |= top_held(P, s, k)
        rem -= k
    win[0] = w
    return total


cdef int sure_trumps(const Pos* P, int target, int left, u64* win) noexcept nogil:
    """Tricks the holders of the top trumps surely take, + for side 0, - for side 1.

    The side holding the highest trump holds a run of top trumps; each card of that run in
    one hand wins a trick of its own (one hand plays one card per trick), so the side takes
    at least as many tricks as the longer of its two hands' parts of the run.
    ``win`` names only what a cutoff at ``target`` (side-0 tricks of ``left``) needs.
    """
    cdef int t = P.trump
    cdef u64 all_ = suit_of(P.hand[0] | P.hand[1] | P.hand[2] | P.hand[3], t)
    cdef u64 mine, theirs, run, h2
    cdef int side, a, b, t1, t2, need
    if all_ == 0:
        return 0
    side = 0 if (suit_of(P.hand[0] | P.hand[2], t) >> cc_msb(all_)) & 1 else 1
    mine = suit_of(P.hand[side] | P.hand[side + 2], t)
    theirs = all_ & ~mine
    if theirs:
        run = mine & ~((<u64>2 << cc_msb(theirs)) - 1)
    else:
        run = mine
    a = cc_popcount(run & suit_of(P.hand[side], t))
    b = cc_popcount(run & suit_of(P.hand[side + 2], t))
    h2 = run & suit_of(P.hand[side], t)
    if b > a:
        a = b
        h2 = run & suit_of(P.hand[side + 2], t)
    # the longer share's ``need``-th card and everything above it is all a cutoff relies on
    need = target if side == 0 else left - target + 1
    if 0 < need <= a:
        while cc_popcount(h2) > need:
            h2 &= h2 - 1
        win[0] = (<u64>1 << (16 * t + cc_ctz(h2)))
    else:
        win[0] = run << (16 * t)
    if theirs == 0:
        # the other side has no trump (the run is every trump): the suit lengths alone make
        # the bound, so no rank is named
        win[0] = 0
    elif a < 2 and cc_popcount(run) >= 2:
        # the top two trumps in different hands: both win when the second one's holder
        # has a trump to spare for the round the first one is played
        t1 = cc_msb(run)
        t2 = cc_msb(run ^ (<u64>1 << t1))
        if (suit_of(P.hand[side], t) >> t1) & 1:
            h2 = suit_of(P.hand[side + 2], t)
        else:
            h2 = suit_of(P.hand[side], t)
        if (h2 >> t2) & 1 and cc_popcount(h2) >= 2:
            a = 2
            win[0] = ((<u64>1 << t1) | (<u64>1 << t2)) << (16 * t)
    return a if side == 0 else -a


cdef bint defence_trick(const Pos* P, int leader, int need, int left, u64* win) noexcept nogil:
    """Whether the side not on lead surely takes a trick the side on lead cannot spare, the
    side on lead needing ``need`` of the ``left`` tricks still to play (no trumps, or none
    left: :c:func:`nt_defence_trick`; else :c:func:`trump_defence_trick`).
    ``win`` receives the cards whose ranks this relies on."""
    win[0] = 0
    if need < left - 1:
        return 0
    if P.trump == NT or suit_of(P.hand[0] | P.hand[1] | P.hand[2] | P.hand[3], P.trump) == 0:
        return need == left and nt_defence_trick(P, leader, left, win)
    return trump_defence_trick(P, leader, need, left, win)


cdef bint nt_defence_trick(const Pos* P, int leader, int left, u64* win) noexcept nogil:
    """No trumps, the side on lead needing every trick. It must keep the lead, and it can
    lead a suit only as many times as the longer of its two hands holds it, so the suits whose
    top card it holds must last ``left`` tricks; and when the other side heads every suit the
    leader holds, this very trick is theirs."""
    cdef int s, top, a, b, sum_ = 0
    cdef u64 mine = P.hand[leader] | P.hand[(leader + 2) & 3]
    cdef u64 all_ = mine | P.hand[(leader + 1) & 3] | P.hand[(leader + 3) & 3]
    cdef u64 w = 0, ms
    for s in range(4):
        ms = suit_of(all_, s)
        if ms == 0:
            continue
        top = cc_msb(ms)
        if (suit_of(mine, s) >> top) & 1:
            a = cc_popcount(suit_of(P.hand[leader], s))
            b = cc_popcount(suit_of(P.hand[(leader + 2) & 3], s))
            sum_ += a if a > b else b
        elif ms & (ms - 1):
            w |= (<u64>1) << (16 * s + top)
    if sum_ < left:
        win[0] = w
        return 1
    w = 0
    for s in range(4):
        if suit_of(P.hand[leader], s) == 0:
            continue
        if (suit_of(mine, s) >> cc_msb(suit_of(all_, s))) & 1:
            return 0
        w |= top_held(P, s, 1)
    win[0] = w
    return 1


cdef inline int trump_holder(const Pos* P, int leader, int rank) noexcept nogil:
    """The opponent of ``leader`` holding the trump of ``rank`` (one of them does)."""
    if (suit_of(P.hand[(leader + 1) & 3], P.trump) >> rank) & 1:
        return (leader + 1) & 3
    return (leader + 3) & 3


cdef bint trump_defence_trick(const Pos* P, int leader, int need, int left,
                              u64* win) noexcept nogil:
    """Trumps, the side on lead needing every trick or all but one: the other side's top
    trump, its top two trumps when one of them is guarded (all but one), a guarded second
    trump sitting over the top trump, or the second and third trumps against the top one."""
    cdef int t = P.trump, top, second, third, hh
    cdef u64 mine = P.hand[leader] | P.hand[(leader + 2) & 3]
    cdef u64 tall = suit_of(mine | P.hand[(leader + 1) & 3] | P.hand[(leader + 3) & 3], t)
    cdef u64 opp_tr = tall & ~suit_of(mine, t), rest
    top = cc_msb(tall)
    if tall == (<u64>1 << top):
        return 0
    second = cc_msb(tall ^ (<u64>1 << top))
    if (opp_tr >> top) & 1:
        if suit_of(mine, t) == 0:
            return 0               # the top-trump bound counts every trump of theirs
        if need == left:
            win[0] = (<u64>1) << (16 * t + top)
            return 1
        if (opp_tr >> second) & 1:
            hh = trump_holder(P, leader, second)
            if cc_popcount(suit_of(P.hand[hh], t)) > 1 or \
                    cc_popcount(suit_of(P.hand[(hh + 2) & 3], t)) > 1:
                win[0] = top_held(P, t, 2)
                return 1
        return 0
    if need < left or not (opp_tr >> second) & 1:
        return 0
    hh = trump_holder(P, leader, second)
    if cc_popcount(suit_of(P.hand[hh], t)) < 2:
        return 0
    if (suit_of(P.hand[(hh + 3) & 3], t) >> top) & 1:
        win[0] = top_held(P, t, 2)     # a guarded second trump over the top one
        return 1
    rest = tall ^ (<u64>1 << top) ^ (<u64>1 << second)
    if rest:
        third = cc_msb(rest)
        if (opp_tr >> third) & 1:
            win[0] = top_held(P, t, 3)
            return 1
    return 0


cdef int quick_tricks(const Pos* P, int leader, int need, u64* win) noexcept nogil:
    """Sure tricks of the side on lead: the leader cashing its own top cards, or the leader
    leading low to a suit where partner holds cashable top cards and partner cashing his.

    ``win`` receives the cards whose rank ``need`` of the counted tricks rely on.
    """
    cdef u64 w1 = 0, w2 = 0, r1 = 0, r2 = 0
    cdef int q1 = qt_hand(P, leader, need, &w1, &r1)
    cdef int q2 = 0, s
    cdef u64 me = P.hand[leader], pd = P.hand[(leader + 2) & 3], held, entries = 0
    win[0] = w1
    if q1 >= cc_popcount(me) or (P.flags & 1):
        return q1
    # partner's count is used only through an entry: a suit the leader holds whose top card
    # partner holds (so partner's own count is skipped when there is none)
    held = me | pd | P.hand[(leader + 1) & 3] | P.hand[(leader + 3) & 3]
    for s in range(4):
        if suit_of(me, s) and (suit_of(pd, s) >> cc_msb(suit_of(held, s))) & 1:
            entries = 1
            break
    if entries:
        q2 = qt_hand(P, (leader + 2) & 3, need, &w2, &r2)
    if q2 > q1:
        for s in range(4):
            if (r2 >> s) & 1 and suit_of(me, s):
                # the entry: partner's top card of a suit the leader holds
                win[0] = w2 | top_held(P, s, 1)
                return q2
    if q1 == 0:
        return ruff_trick(P, leader, win)
    return q1


cdef int ruff_trick(const Pos* P, int leader, u64* win) noexcept nogil:
    """1 when the leader can lead a side suit that partner ruffs and no opponent can beat:
    each opponent follows suit or holds no trump, or partner's top trump beats the trumps of
    those who are void. ``win`` receives partner's top trump when its rank matters."""
    cdef int t = P.trump, s, top
    cdef u64 pd = P.hand[(leader + 2) & 3], lho = P.hand[(leader + 1) & 3]
    cdef u64 rho = P.hand[(leader + 3) & 3], over
    win[0] = 0
    if t == NT or suit_of(pd, t) == 0:
        return 0
    top = cc_msb(suit_of(pd, t))
    for s in range(4):
        if s == t or suit_of(P.hand[leader], s) == 0 or suit_of(pd, s) != 0:
            continue
        over = 0
        if suit_of(lho, s) == 0:
            over |= suit_of(lho, t)
        if suit_of(rho, s) == 0:
            over |= suit_of(rho, t)
        if over == 0:
            return 1
        if (<u64>1 << top) > over:
            win[0] = (<u64>1) << (16 * t + top)
            return 1
    return 0


cdef int second_hand_wins(const Pos* P, int player, u64* win) noexcept nogil:
    """Whether the side of ``player``, second to play to the trick in progress, can surely win
    it: its top card of the led suit beats the card led and every card the third hand holds
    (who cannot ruff), or one of the two can ruff while the third hand cannot.
    ``win`` receives the cards whose rank this relies on."""
    cdef int ss = P.trick[0] >> 4, t = P.trump
    cdef u64 me = P.hand[player], pd = P.hand[(player + 2) & 3], third = P.hand[(player + 1) & 3]
    cdef u64 ours = suit_of(me | pd, ss), theirs = suit_of(third, ss)
    cdef int top
    cdef bint third_ruffs = t != NT and ss != t and theirs == 0 and suit_of(third, t) != 0
    win[0] = 0
    if third_ruffs:
        return 0
    if t != NT and ss != t and theirs != 0 and (
            (suit_of(me, ss) == 0 and suit_of(me, t) != 0) or
            (suit_of(pd, ss) == 0 and suit_of(pd, t) != 0)):
        return 1                   # a ruff the third hand (following suit) cannot beat
    if ours == 0:
        return 0
    top = cc_msb(ours)
    if top > (P.trick[0] & 15) and (<u64>1 << top) > theirs:
        win[0] = (<u64>1) << (16 * ss + top)
        return 1
    return 0


# ----------------------------------------------------------------------------- move generation

cdef enum:
    KILLER_BONUS = 100
    TT_MOVE_BONUS = 40
    LEAD_SIZE_W = 10
    LEAD_RHO_W = 25
    LEAD_THROUGH_W = 25
    LEAD_RUFFBACK_W = 20
    LEAD_DROP_W = 20
    NO_CARD = 64
    LEAD_PROMOTE_W = 20
    LEAD_SEQ_W = 15


cdef inline int run_top(const Pos* P, u64 hand, int c) noexcept nogil:
    """The highest card of the run of equivalent cards holding ``c``; NO_CARD when ``hand``
    does not hold ``c``."""
    cdef int s = c >> 4, g = c & 15
    cdef u64 hs = suit_of(hand, s)
    cdef u64 present = suit_of(~P.gone, s)
    cdef u64 above
    if not (hand >> c) & 1:
        return NO_CARD
    while True:
        above = present & ~((<u64>2 << g) - 1)
        if above == 0 or not (hs >> cc_ctz(above)) & 1:
            break
        g = cc_ctz(above)
    return 16 * s + g


cdef int gen_moves(Pos* P, int player, int pos, int prefer, int prefer2, int* out) noexcept nogil:
    """Legal cards of ``player`` (one per run of equivalent cards), best first.

    Cards are equivalent when only cards of completed tricks lie between them; each run is
    represented by its highest card. ``prefer`` (a lane bit, or a value >= 64 for none) is a
    card that refuted a sibling position before (the killer move): its run is tried first;
    ``prefer2`` (the same) the best move stored with a matching transposition-table entry.
    """
    cdef u64 h = P.hand[player]
    cdef int trump = P.trump
    cdef int lead_suit = -1
    cdef int s, s0, s1, r, n = 0, i, j, sc, b
    cdef u64 hs, present, above, m
    cdef int scores[16]
    cdef int win_idx, win_card, winner_is_partner, card_wins
    cdef u64 later, later_trumps = 0
    cdef int me_side = player & 1
    cdef u64 lho = P.hand[(player + 1) & 3]
    cdef u64 pd = P.hand[(player + 2) & 3]
    cdef u64 rho = P.hand[(player + 3) & 3]
    cdef u64 opp_s = 0, pd_s = 0, all_s = 0
    cdef int lho_tr = 0, rho_tr = 0, pd_tr = 0
    cdef int k1, k2, t1, t2, base = 0
    cdef bint partner_has = False
    cdef u64 m2
    cdef int left = cc_popcount(h)

    if pos > 0:
        # following suit with one run of equivalent cards (one card, or cards with only
        # cards of completed tricks between them): one move, its highest card, no ordering
        s = P.trick[0] >> 4
        hs = suit_of(h, s)
        if hs:
            r = cc_msb(hs)
            m = ((<u64>2 << r) - 1) & ~(cc_lowest(hs) - 1)      # from its lowest to its top
            if (suit_of(~P.gone, s) & m) == hs:
                out[0] = 16 * s + r
                return 1

    if trump != NT:
        lho_tr = suit_of(lho, trump) != 0
        rho_tr = suit_of(rho, trump) != 0
        pd_tr = suit_of(pd, trump) != 0

    if prefer < 64:
        prefer = run_top(P, h, prefer)
    if prefer2 < 64:
        prefer2 = run_top(P, h, prefer2)
    s0 = 0
    s1 = 4
    win_card = -1
    winner_is_partner = 0
    later = 0
    if pos > 0:
        lead_suit = P.trick[0] >> 4
        if suit_of(h, lead_suit):
            s0 = lead_suit
            s1 = lead_suit + 1
        win_idx = 0
        win_card = P.trick[0]
        for i in range(1, pos):
            b = P.trick[i]
            if _takes(b, win_card, trump):
                win_idx = i
                win_card = b
        winner_is_partner = ((P.leader + win_idx) & 1) == me_side
        # hands still to play after this one in the trick
        for i in range(pos + 1, 4):
            later |= P.hand[(P.leader + i) & 3]

    for s in range(s0, s1):
        hs = suit_of(h, s)
        if hs == 0:
            continue
        present = suit_of(~P.gone, s)
        # ---------------- the parts of the ordering score that depend on the suit only
        if pos == 0:
            opp_s = suit_of(lho | rho, s)
            pd_s = suit_of(pd, s)
            all_s = opp_s | pd_s | hs
            # suits where the opponents have few cards to choose from make small trees
            k1 = cc_popcount(suit_of(lho, s))
            k2 = cc_popcount(suit_of(rho, s))
            base = -((k1 if k1 else left) + (k2 if k2 else left)) * LEAD_SIZE_W
            # the top two cards: RHO holding one (and more cards) makes a poor lead;
            # LHO's top card over partner's second is a lead through strength
            t1 = cc_msb(all_s)
            t2 = cc_msb(all_s ^ (<u64>1 << t1)) if cc_popcount(all_s) > 1 else -1
            if (suit_of(rho, s) >> t1) & 1 or (t2 >= 0 and (suit_of(rho, s) >> t2) & 1):
                if k2 != 1:
                    base -= LEAD_RHO_W
            elif (suit_of(lho, s) >> t1) & 1 and t2 >= 0 and (pd_s >> t2) & 1 and cc_popcount(pd_s) != 1:
                base += LEAD_THROUGH_W
            # an opponent's top card bare: lead the suit to drop it
            if (k1 == 1 and (suit_of(lho, s) >> t1) & 1) or (k2 == 1 and (suit_of(rho, s) >> t1) & 1):
                base += LEAD_DROP_W
            # a singleton to partner's top card, to be ruffed on the way back
            if trump != NT and s != trump and cc_popcount(hs) == 1 and suit_of(h, trump) \
                    and (pd_s >> t1) & 1 and cc_popcount(pd_s) > 1:
                base += LEAD_RUFFBACK_W
            if trump != NT and s != trump:
                if (lho_tr and suit_of(lho, s) == 0) or (rho_tr and suit_of(rho, s) == 0):
                    base -= 40
                elif pd_tr and pd_s == 0 and opp_s:
                    base += 25
            elif trump != NT and s == trump and opp_s == 0:
                base -= 30                 # trumps only the own side holds: no hurry
        elif lead_suit == s:
            later_trumps = 0
            if trump != NT and trump != s:
                # a later hand void in the suit might ruff
                for i in range(pos + 1, 4):
                    if suit_of(P.hand[(P.leader + i) & 3], s) == 0:
                        later_trumps |= suit_of(P.hand[(P.leader + i) & 3], trump)
            # partner has the trick: play low
            partner_has = winner_is_partner and pos >= 2 and (
                pos == 3 or (win_card > (16 * (win_card >> 4) + (
                    cc_msb(suit_of(later, win_card >> 4)) if suit_of(later, win_card >> 4) else -1))
                    and (win_card >> 4 == trump or later_trumps == 0)))
        elif s != trump:
            base = 30 + 2 * cc_popcount(hs)
            all_s = suit_of(lho | pd | rho, s)
        m = hs
        while m:
            r = cc_pop_lowest(&m)
            above = present & ~((<u64>2 << r) - 1)
            if above and (hs & cc_lowest(above)):
                continue
            b = 16 * s + r
            # ---------------- ordering score
            if pos == 0:
                if (<u64>1 << r) > (opp_s | pd_s):
                    sc = 60 + r            # a winner: cash it
                    # ... later when cashing it promotes an opponent's guarded second card
                    m2 = all_s & ((<u64>1 << r) - 1)
                    if m2 and (opp_s >> cc_msb(m2)) & 1 and cc_popcount(opp_s) > 1:
                        sc -= LEAD_PROMOTE_W
                    if trump != NT and s == trump:
                        sc += 5
                elif pd_s and (opp_s == 0 or cc_msb(pd_s) > cc_msb(opp_s)):
                    sc = 75 - r            # lead low to partner's winner
                else:
                    sc = 20 - r
                    # the top of a sequence just below the top card: leading it sets up tricks
                    m2 = present & ((<u64>1 << r) - 1)
                    if m2 and (hs >> cc_msb(m2)) & 1 and cc_popcount(present >> (r + 1)) == 1:
                        sc += LEAD_SEQ_W
                sc += base
            elif lead_suit == s:
                card_wins = (win_card >> 4) == s and b > win_card
                if partner_has:
                    sc = 50 - r            # partner has the trick: play low
                elif card_wins:
                    if pos == 3 or ((<u64>1 << r) > suit_of(later, s) and later_trumps == 0):
                        sc = 80 - r        # cheapest sure winner
                    elif pos == 1:
                        sc = 35 - r
                    else:
                        sc = 30 + r
                else:
                    sc = 40 - r            # cannot win: play low
            else:
                # void in the led suit: ruff or discard
                if s == trump:
                    if winner_is_partner and (pos == 3 or pos == 2):
                        sc = 0 - r
                    elif (win_card >> 4) != trump or b > win_card:
                        sc = 70 - r
                    else:
                        sc = -10 - r
                else:
                    sc = base - r
                    if (<u64>1 << r) > all_s:
                        sc -= 30           # keep a winner
            if b == prefer:
                sc += KILLER_BONUS
            elif b == prefer2:
                sc += TT_MOVE_BONUS
            sc = sc * 64 + (P.hist[player][b] if P.hist[player][b] < 63 else 63)
            # insertion into the sorted list
            j = n
            while j > 0 and scores[j - 1] < sc:
                scores[j] = scores[j - 1]
                out[j] = out[j - 1]
                j -= 1
            scores[j] = sc
            out[j] = b
            n += 1
    return n


# ----------------------------------------------------------------------------- transposition table

# CHUNK (entries per chunk) is declared in dds.pxd, where it sizes the arrays of TTChunk.
cdef enum:
    GROUP_PROBES = 8     # group slots tried from a group's hash
    POOL_GROWTH = 4      # the chunk pool may grow to this many times its first size

cdef inline u64 lane_bits() noexcept nogil:
    """The 32 bits of one suit's lane in a key word."""
    return (<u64>1 << 32) - 1

cdef inline void layout_keys(u64 h1, u64 h2, u64 h3, u64 all_, bint gather,
                             u64* key) noexcept nogil:
    """Per suit, the holders of its cards (``all_``) from the top, as 2-bit seat numbers
    (seat 0 is the rest of ``all_``), the top card in the highest bits of the suit's 32-bit
    lane. ``gather``: by bit gathers (bit 0 of a code is "held by 1 or 3", bit 1 "by 2 or 3",
    each gathered over the suit's cards lowest first, then interleaved), else card by card;
    the two agree (``layout_key`` checks it)."""
    cdef int s, b, n
    cdef u64 c, m
    key[0] = 0
    key[1] = 0
    for s in range(4):
        m = suit_of(all_, s)
        n = cc_popcount(m)
        if gather:
            c = cc_pdep(cc_pext(suit_of(h1 | h3, s), m), <u64>0x5555555555555555) | \
                cc_pdep(cc_pext(suit_of(h2 | h3, s), m), <u64>0xAAAAAAAAAAAAAAAA)
        else:
            m <<= 16 * s
            c = 0
            while m:
                b = cc_msb(m)
                m ^= (<u64>1) << b
                c = (c << 2) | (((h1 >> b) & 1) | (((h2 >> b) & 1) << 1) | (((h3 >> b) & 1) * 3))
        key[s >> 1] |= (c << (32 - 2 * n)) << (32 * (s & 1))


cdef inline void layout(const Pos* P, u64* lens, u64* key) noexcept nogil:
    """Suit lengths of every hand and, per suit, the holders of its cards from the top
    (``layout_keys``: by bit gathers where those are single instructions)."""
    cdef int s, i
    cdef u64 L = 0
    for i in range(4):
        for s in range(4):
            L |= (<u64>cc_popcount(suit_of(P.hand[i], s))) << (4 * (4 * i + s))
    lens[0] = L
    layout_keys(P.hand[1], P.hand[2], P.hand[3], P.hand[0] | P.hand[1] | P.hand[2] | P.hand[3],
                CC_FAST_PEXT, key)


cdef inline u64 tt_hash(u64 lens, int leader) noexcept nogil:
    cdef u64 x = (lens + <u64>leader) * <u64>0x9E3779B97F4A7C15
    x ^= x >> 29
    x *= <u64>0xBF58476D1CE4E5B9
    x ^= x >> 32
    return x


cdef inline u64 lane_mask(int d) noexcept nogil:
    """The key bits of a suit's lane that name its top ``d`` cards."""
    return (lane_bits() << (32 - 2 * d)) & lane_bits()


cdef inline u64 named_mask(uint16_t named, int word) noexcept nogil:
    """The key bits of ``word`` (suits 2 * word and 2 * word + 1) an entry names."""
    return lane_mask((named >> (8 * word)) & 15) | (lane_mask((named >> (8 * word + 4)) & 15) << 32)


cdef inline u64 named_cards(const Pos* P, uint16_t named) noexcept nogil:
    """The cards still held whose holders an entry names (as lane bits)."""
    return top_held(P, 0, named & 15) | top_held(P, 1, (named >> 4) & 15) | \
        top_held(P, 2, (named >> 8) & 15) | top_held(P, 3, (named >> 12) & 15)


cdef inline TTGroup* find_group(TTable* T, u64 lens, int leader, bint make) noexcept nogil:
    """The group of these suit lengths and leader; with ``make``, created when missing (in an
    empty slot near its hash, else in place of the group in its first slot); else NULL."""
    cdef u64 h = tt_hash(lens, leader)
    cdef int j
    cdef TTGroup* g
    for j in range(GROUP_PROBES):
        g = T.g + ((h + <u64>j) & T.groups_mask)
        if g.gen != T.gen:
            break
        if g.lens == lens and g.leader == leader:
            return g
    else:
        g = T.g + (h & T.groups_mask)
    if not make:
        return NULL
    g.gen = T.gen
    g.lens = lens
    g.leader = <uint8_t> leader
    g.newest = 0
    return g


cdef inline int tt_probe(Pos* P, u64 lens, const u64* key, int target, u64* win,
                         int* best) noexcept nogil:
    """1 / 0 when a stored entry matching this position decides ``target``; -1 otherwise.

    ``best`` receives the best lead stored with a matching entry (a lane bit), if any.
    Entries are tried newest first.
    """
    cdef TTGroup* g = find_group(&P.tt, lens, P.leader, 0)
    cdef TTChunk* c
    cdef uint32_t ci
    cdef int i, r
    cdef u64 k0 = key[0], k1 = key[1]
    if g == NULL:
        return -1
    ci = g.newest
    while ci:
        c = P.tt.c + ci
        cc_prefetch(P.tt.c + c.older)
        for i in range(c.n - 1, -1, -1):
            if c.lb[i] < target <= c.ub[i] and c.best[i] == 0:
                continue
            if (k0 & c.mask[i][0]) != c.key[i][0] or (k1 & c.mask[i][1]) != c.key[i][1]:
                continue
            if c.lb[i] >= target or c.ub[i] < target:
                win[0] = named_cards(P, c.named[i])
                r = c.lb[i] >= target
                to_front(P.tt.c + g.newest, c, i)
                return r
            if best[0] == NO_CARD:
                best[0] = card_from_rel(P, c.best[i] - 1)
        ci = c.older
    return -1


cdef inline void to_front(TTChunk* h, TTChunk* c, int i) noexcept nogil:
    """Swap entry ``i`` of chunk ``c`` with the newest entry of its group (in chunk ``h``), so
    the entries that answer probes are the first ones probes look at."""
    cdef int j = h.n - 1
    cdef u64 k0, k1, m0, m1
    cdef uint16_t nm
    cdef int8_t lb, ub
    cdef uint8_t bs
    if h == c and i == j:
        return
    k0 = c.key[i][0]; k1 = c.key[i][1]; nm = c.named[i]; lb = c.lb[i]; ub = c.ub[i]
    bs = c.best[i]; m0 = c.mask[i][0]; m1 = c.mask[i][1]
    c.key[i][0] = h.key[j][0]; c.key[i][1] = h.key[j][1]; c.named[i] = h.named[j]
    c.lb[i] = h.lb[j]; c.ub[i] = h.ub[j]; c.best[i] = h.best[j]
    c.mask[i][0] = h.mask[j][0]; c.mask[i][1] = h.mask[j][1]
    h.key[j][0] = k0; h.key[j][1] = k1; h.named[j] = nm; h.lb[j] = lb; h.ub[j] = ub
    h.best[j] = bs; h.mask[j][0] = m0; h.mask[j][1] = m1


cdef inline int card_to_rel(const Pos* P, int b) noexcept nogil:
    """A card as (suit, number of cards still held above it): the same move in every
    position with the same relative layout."""
    cdef u64 all_ = suit_of(P.hand[0] | P.hand[1] | P.hand[2] | P.hand[3], b >> 4)
    return 16 * (b >> 4) + cc_popcount(all_ >> ((b & 15) + 1))


cdef inline int card_from_rel(const Pos* P, int rel) noexcept nogil:
    cdef int s = rel >> 4, k = rel & 15
    cdef u64 all_ = suit_of(P.hand[0] | P.hand[1] | P.hand[2] | P.hand[3], s)
    while all_ and k:
        all_ ^= (<u64>1) << cc_msb(all_)
        k -= 1
    if all_ == 0:
        return NO_CARD
    return 16 * s + cc_msb(all_)


cdef inline void tt_store(Pos* P, u64 lens, const u64* key, int lb, int ub, u64 win,
                          int best) noexcept nogil:
    """Store bounds for the positions that share this one's suit lengths, leader and the
    holders of every card down to the lowest card of each suit in ``win``."""
    cdef TTGroup* g
    cdef TTChunk* c
    cdef uint32_t ci
    cdef int i, s, d
    cdef uint16_t named = 0
    cdef u64 all_ = P.hand[0] | P.hand[1] | P.hand[2] | P.hand[3]
    cdef u64 ws, k0, k1, m0, m1
    for s in range(4):
        ws = suit_of(win, s)
        if ws:
            d = cc_popcount(suit_of(all_, s) >> cc_ctz(ws))
            named |= <uint16_t> (d << (4 * s))
    m0 = named_mask(named, 0)
    m1 = named_mask(named, 1)
    k0 = key[0] & m0
    k1 = key[1] & m1
    g = find_group(&P.tt, lens, P.leader, 1)
    ci = g.newest
    while ci:
        c = P.tt.c + ci
        for i in range(c.n):
            if c.named[i] == named and c.key[i][0] == k0 and c.key[i][1] == k1:
                if lb > c.lb[i]:
                    c.lb[i] = lb
                if ub < c.ub[i]:
                    c.ub[i] = ub
                if best < NO_CARD:
                    c.best[i] = <uint8_t> (1 + card_to_rel(P, best))
                return
        ci = c.older
    if g.newest == 0 or P.tt.c[g.newest].n == CHUNK:
        if P.tt.used == P.tt.chunks and not tt_grow(&P.tt):
            tt_clear(&P.tt)        # the pool is spent and at its largest: start over
            g = find_group(&P.tt, lens, P.leader, 1)
        ci = P.tt.used
        P.tt.used += 1
        c = P.tt.c + ci
        c.n = 0
        c.older = g.newest
        g.newest = ci
    c = P.tt.c + g.newest
    i = c.n
    c.n += 1
    c.named[i] = named
    c.key[i][0] = k0
    c.key[i][1] = k1
    c.mask[i][0] = m0
    c.mask[i][1] = m1
    c.lb[i] = <int8_t> lb
    c.ub[i] = <int8_t> ub
    c.best[i] = <uint8_t> (1 + card_to_rel(P, best)) if best < NO_CARD else 0


# ----------------------------------------------------------------------------- search

cdef inline u64 rank_winner(const int* trick, int wi) noexcept nogil:
    """The winning card as a lane bit if it beat another card of its own suit, else 0."""
    cdef int i, wc = trick[wi]
    for i in range(4):
        if i != wi and (trick[i] >> 4) == (wc >> 4):
            return (<u64>1) << wc
    return 0


cdef inline u64 run_bottom(const Pos* P, u64 hand, int c) noexcept nogil:
    """The lowest card of the run of equivalent cards that ``c`` (in ``hand``) heads."""
    cdef int s = c >> 4, g = c & 15
    cdef u64 hs = suit_of(hand, s)
    cdef u64 present = suit_of(~P.gone, s)
    cdef u64 below
    while True:
        below = present & (((<u64>1) << g) - 1)
        if below == 0:
            break
        if hs >> cc_msb(below) & 1:
            g = cc_msb(below)
        else:
            break
    return (<u64>1) << (16 * s + g)


cdef bint search(Pos* P, int pos, int target, u64* win) noexcept nogil:
    """Can side 0 (seats 0 and 2) take at least ``target`` of the tricks still to finish
    (the current trick included), with ``pos`` cards already played to the current trick?

    ``win`` receives the cards whose ranks the answer depends on: every position that has the
    same suit lengths and the same holders of those cards (and of every higher card) has the
    same answer; the transposition table stores positions in that generalised form.
    """
    cdef int player = (P.leader + pos) & 3
    cdef int left = cc_popcount(P.hand[(P.leader + 3) & 3])   # tricks still to finish
    cdef int n, i, c, w, wi, old_leader, qt, top, hit, need
    cdef int moves[16]
    cdef int tk[4]
    cdef int lw[4]
    cdef int lwset, low, ttbest = NO_CARD, best = NO_CARD
    cdef bint ns = (player & 1) == 0
    cdef bint r
    cdef u64 gone_add, tr, cw = 0, acc = 0, lens = 0
    cdef u64 key[2]
    if target <= 0:
        win[0] = 0
        return True
    if target > left:
        win[0] = 0
        return False
    P.nodes += 1
    if P.max_nodes and P.nodes > P.max_nodes:
        P.aborted = 1
        win[0] = 0
        return False
    if pos == 0:
        if left == 1:
            for i in range(4):
                P.trick[i] = cc_ctz(P.hand[(P.leader + i) & 3])
            wi = trick_winner_index(P.trick[0], P.trick[1], P.trick[2], P.trick[3], P.trump)
            win[0] = rank_winner(P.trick, wi)
            return ((P.leader + wi) & 1) == 0
        need = target if ns else left - target + 1     # what the side on lead needs
        qt = quick_tricks(P, P.leader, need, &cw)
        if P.flags & 2:
            qt = 0
        if ns:
            if qt >= target:
                win[0] = cw
                return True
        elif left - qt < target:
            win[0] = cw
            return False
        if P.trump != NT and not (P.flags & 8):
            top = sure_trumps(P, target, left, &cw)
            if top > 0:
                if target <= top:
                    win[0] = cw
                    return True
            elif top < 0:
                if target > left + top:
                    win[0] = cw
                    return False
        if not (P.flags & 8) and defence_trick(P, P.leader, need, left, &cw):
            win[0] = cw
            return not ns
        if CARDCORE_STATS:
            P.st.by_left[left] += 1
        layout(P, &lens, key)
        hit = tt_probe(P, lens, key, target, win, &ttbest) if not (P.flags & 4) else -1
        if CARDCORE_STATS:
            P.st.probes += 1
        if hit >= 0:
            if CARDCORE_STATS:
                P.st.hits += 1
            return hit == 1
    elif pos == 1 and not (P.flags & 2):
        # second hand: when its side surely wins the trick in progress, that is a trick
        if (target <= 1 if ns else target > left - 1) and second_hand_wins(P, player, &cw):
            win[0] = cw
            return ns
    n = gen_moves(P, player, pos, P.killer[left] if pos == 0 else NO_CARD, ttbest, moves)
    r = not ns
    lwset = 0
    for i in range(n):
        c = moves[i]
        if (lwset >> (c >> 4)) & 1 and (c & 15) < lw[c >> 4]:
            continue               # a lower card of a suit whose refutation ignored its rank
        P.hand[player] ^= (<u64>1) << c
        P.trick[pos] = c
        if pos == 3:
            wi = trick_winner_index(P.trick[0], P.trick[1], P.trick[2], P.trick[3], P.trump)
            w = (P.leader + wi) & 3
            gone_add = ((<u64>1) << P.trick[0]) | ((<u64>1) << P.trick[1]) | \
                ((<u64>1) << P.trick[2]) | ((<u64>1) << P.trick[3])
            P.gone |= gone_add
            if CARDCORE_STATS:
                P.st.tricks += 1
            old_leader = P.leader
            P.leader = w
            tk[0] = P.trick[0]; tk[1] = P.trick[1]; tk[2] = P.trick[2]; tk[3] = c
            r = search(P, 0, target - ((w & 1) == 0), &cw)
            P.trick[0] = tk[0]; P.trick[1] = tk[1]; P.trick[2] = tk[2]
            P.leader = old_leader
            P.gone ^= gone_add
            cw |= rank_winner(tk, wi)
        else:
            r = search(P, pos + 1, target, &cw)
        P.hand[player] ^= (<u64>1) << c
        if r == ns:
            best = c
            if pos == 0:
                P.killer[left] = c
            P.hist[player][c] += 1
            if CARDCORE_STATS:
                P.st.cut[pos][i if i < 3 else 3] += 1
            acc = cw
            break
        # Every move failed so far, so this card stands for its whole run of equivalent
        # cards: if its rank matters, the run's lowest card must keep its place too.
        tr = suit_of(cw, c >> 4)
        if tr and cc_ctz(tr) <= (c & 15):
            cw |= run_bottom(P, P.hand[player], c)
        acc |= cw
        # Lowest-win rule: when the refutations so far never compared this card's rank (every
        # rank they used in its suit is higher), the same refutations answer every lower card
        # of the suit in this hand, so those cards need no search.
        if not (lwset >> (c >> 4)) & 1:
            tr = suit_of(acc, c >> 4)
            low = cc_ctz(tr) if tr else 16
            if (c & 15) < low:
                lw[c >> 4] = low
                lwset |= 1 << (c >> 4)
    if CARDCORE_STATS and r != ns:
        P.st.nocut[pos] += 1
    win[0] = acc
    if pos == 0:
        if r:
            tt_store(P, lens, key, target, left, acc, best)
        else:
            tt_store(P, lens, key, 0, target - 1, acc, best)
    return r


cdef int solve_ns(Pos* P, int pos, int guess) noexcept nogil:
    """Side-0 tricks still to come (current trick included), by zero-window searches."""
    cdef int left = cc_popcount(P.hand[(P.leader + 3) & 3])
    cdef int lo = 0, hi = left, t
    cdef u64 w
    t = guess
    while lo < hi:
        if t <= lo:
            t = lo + 1
        if t > hi:
            t = hi
        if search(P, pos, t, &w):
            lo = t
            t = t + 1
        else:
            hi = t - 1
            t = t - 1
    return lo


# ----------------------------------------------------------------------------- Python entry points

cdef int tt_init(TTable* T, int bits) except -1:
    """A table of ``2 ** (bits + 2)`` group slots and ``4 * 2 ** bits`` chunks of entries, a
    pool that may grow to four times that when a search stores more."""
    if not 0 <= bits <= MAX_TT_BITS:
        raise CardcoreError(f"tt_bits {bits}: expected 0..{MAX_TT_BITS}")
    T.groups_mask = ((<u64>1) << (bits + 2)) - 1
    T.chunks = <uint32_t> (4 << bits)
    T.max_chunks = T.chunks * POOL_GROWTH
    T.g = <TTGroup*> calloc(T.groups_mask + 1, sizeof(TTGroup))
    T.c = <TTChunk*> malloc(T.chunks * sizeof(TTChunk))
    if T.g == NULL or T.c == NULL:
        free(T.g)
        free(T.c)
        raise MemoryError("double-dummy transposition table")
    T.gen = 1
    T.used = 1
    return 0


cdef bint tt_grow(TTable* T) noexcept nogil:
    """Double the chunk pool (chunks are addressed by index, so they survive the move);
    0 when it is at its largest or memory is short."""
    cdef TTChunk* c
    if T.chunks >= T.max_chunks:
        return 0
    c = <TTChunk*> realloc(T.c, 2 * <u64>T.chunks * sizeof(TTChunk))
    if c == NULL:
        return 0
    T.c = c
    T.chunks *= 2
    return 1


cdef void tt_free(TTable* T) noexcept nogil:
    free(T.g)
    free(T.c)


cdef void tt_clear(TTable* T) noexcept nogil:
    """Empty the table: a new generation (a real wipe of the group slots once every 255 of
    them) and a fresh chunk pool."""
    if T.gen == 255:
        memset(T.g, 0, (T.groups_mask + 1) * sizeof(TTGroup))
        T.gen = 1
    else:
        T.gen += 1
    T.used = 1


cdef enum:
    TABLE_BITS = 14     # a whole deal: 2 ** 16 group slots, 2 ** 16 chunks of 8 entries (about
                        # 21 MB), growing up to 2 ** 18 chunks (80 MB) when a search needs them
    MAX_TT_BITS = 18    # the largest table ``search_stats`` accepts (16 times the default)
    FIRST_GUESS = 7     # side-0 tricks the first search of each strain starts from


cdef int tt_bits_for(int tricks) noexcept nogil:
    if tricks >= 10:
        return TABLE_BITS
    if tricks >= 7:
        return TABLE_BITS - 3
    return TABLE_BITS - 6


# Argument checks: every ``def`` below validates what it is given and raises CardcoreError
# (CardError for cards, hands and seats) naming the argument; nothing reaches the search
# unchecked.

cdef inline object _int_arg(object x, str what, int64_t lo, int64_t hi, type err=CardcoreError):
    """``x`` as an int in ``lo..hi`` (or numpy integer, not a bool), else ``err``."""
    return int_arg(x, what, lo, hi, err)


cdef u64 _mask_arg(object x, str what) except? 0:
    """A 52-bit card-id mask."""
    if isinstance(x, bool):
        raise CardError(f"{what} {quote(x)}: expected a 52-bit card mask (an int), not a bool")
    try:
        v = operator.index(x)
    except TypeError:
        raise CardError(f"{what} {quote(x)}: expected a 52-bit card mask (an int)") from None
    if not 0 <= v < (1 << 52):
        raise CardError(f"{what} {quote(x)}: expected a 52-bit card mask (0 <= mask < 2**52)")
    return <u64> v


cdef u64 _hands_arg(object hands, u64* lanes) except? 0:
    """Four disjoint card-id masks (seats 0..3) into ``lanes`` (as lane bits); returns their
    union (card ids)."""
    cdef u64 all_ = 0, m
    cdef int i
    hs = seq_arg(hands, "hands", "a sequence of ints", CardcoreError)
    if len(hs) != 4:
        raise CardError(f"hands: expected 4 masks (seats 0..3), got {len(hs)}")
    for i in range(4):
        m = _mask_arg(hs[i], f"hand of seat {i}")
        if all_ & m:
            raise CardError(f"hand of seat {i}: shares cards with another hand")
        all_ |= m
        lanes[i] = to_lanes(m)
    return all_


cdef int pos_init(Pos* P, object hands, int trump, int leader, object played) except -1:
    """A position from checked ``trump`` / ``leader`` and unchecked ``hands`` / ``played``;
    returns the number of cards played to the current trick."""
    cdef int i, c, k, n
    cdef u64 all_ = 0
    memset(P, 0, sizeof(Pos))
    reset_move_memory(P)
    all_ = _hands_arg(hands, P.hand)
    pl = seq_arg(played, "played", "a sequence of ints", CardcoreError)
    if len(pl) > 3:
        raise CardError(f"played: at most 3 cards of the current trick, got {len(pl)}")
    k = len(pl)
    for i in range(k):
        c = <int> _int_arg(pl[i], "played card", 0, 51, CardError)
        if all_ >> c & 1:
            raise CardError(f"played card {c} is also in a hand or played twice")
        all_ |= (<u64>1) << c
        P.trick[i] = id_to_lane(c)
    n = cc_popcount(P.hand[(leader + 3) & 3])
    for i in range(4):
        if cc_popcount(P.hand[(leader + i) & 3]) != (n - 1 if i < k else n):
            raise CardError("hand sizes do not fit the leader and the cards played to the "
                            "current trick")
    if k and n == 0:
        raise CardError("no cards left to finish the current trick")
    P.gone = to_lanes((~all_) & (((<u64>1) << 52) - 1))
    P.trump = trump
    P.leader = leader
    return k


cdef inline int _trump_arg(object x) except -1:
    return <int> _int_arg(x, "trump", 0, 4)


cdef inline int _seat_arg(object x, str what) except -1:
    return <int> _int_arg(x, what, 0, 3, CardError)


def trick_winner(cards, trump, leader):
    """Seat winning a trick: ``cards`` are the 4 card ids in play order from ``leader``;
    ``trump`` 0..3 (c, d, h, s) or 4 (no trump); returns ``(leader + index) % 4``."""
    cdef int c[4]
    cdef int i, t = _trump_arg(trump), ld = _seat_arg(leader, "leader")
    cdef u64 seen = 0
    cs = seq_arg(cards, "cards", "a sequence of ints", CardcoreError)
    if len(cs) != 4:
        raise CardError(f"trick: expected 4 cards, got {len(cs)}")
    for i in range(4):
        c[i] = <int> _int_arg(cs[i], "card id", 0, 51, CardError)
        if seen >> c[i] & 1:
            raise CardError(f"trick: card id {c[i]} appears twice")
        seen |= (<u64>1) << c[i]
    return (ld + trick_winner_index(id_to_lane(c[0]), id_to_lane(c[1]), id_to_lane(c[2]),
                                    id_to_lane(c[3]), t)) % 4


cdef int _solve_position(Pos* P, int k) except -1:
    """Side-0 tricks from the position ``P`` (``k`` cards played to the current trick)."""
    cdef int left = cc_popcount(P.hand[(P.leader + 3) & 3])
    cdef int v
    tt_init(&P.tt, tt_bits_for(left))
    try:
        with nogil:
            v = solve_ns(P, k, (left + 1) // 2)
    finally:
        tt_free(&P.tt)
    return v


def solve_position(hands, trump, leader, played=()):
    """Tricks (current one included) the side of the player to move takes with best play.

    ``hands``: 4 masks of card ids for seats 0..3 clockwise (cards still held); ``leader``:
    the seat that led the current trick; ``played``: card ids already played to it, in order.
    """
    cdef Pos P
    cdef int t = _trump_arg(trump), ld = _seat_arg(leader, "leader")
    cdef int k = pos_init(&P, hands, t, ld, played)
    cdef int left = cc_popcount(P.hand[(ld + 3) & 3])
    cdef int v = _solve_position(&P, k)
    return v if ((ld + k) & 1) == 0 else left - v


def solve_cards(hands, trump, leader, played=(), max_nodes=0):
    """For each legal card of the player to move: ``(card id, tricks)`` where tricks are those
    the mover's side takes from the current trick on after playing that card, with best play.
    Sorted by card id. With ``max_nodes`` > 0 the search gives up after that many nodes and
    returns None (a budget for callers that solve many sampled positions)."""
    cdef Pos P
    cdef int t = _trump_arg(trump), ld = _seat_arg(leader, "leader")
    cdef int64_t budget = _int_arg(max_nodes, "max_nodes", 0, INT64_MAX)
    cdef int k = pos_init(&P, hands, t, ld, played)
    P.max_nodes = budget
    cdef int left = cc_popcount(P.hand[(ld + 3) & 3])
    cdef int mover = (ld + k) & 3
    cdef int lead_suit, s, r, b, v, guess, i
    cdef u64 h = P.hand[mover], hs, present, above, m, legal = 0
    cdef int rep[64]
    cdef int val[64]
    cdef int saved[4]
    for i in range(4):
        saved[i] = P.trick[i]
    if left == 0:
        return []
    if k > 0 and suit_of(h, P.trick[0] >> 4):
        lead_suit = P.trick[0] >> 4
        legal = suit_of(h, lead_suit) << (16 * lead_suit)
    else:
        legal = h
    tt_init(&P.tt, tt_bits_for(left))
    guess = (left + 1) // 2
    out = []
    try:
        for s in range(4):
            hs = suit_of(legal, s)
            present = suit_of(~P.gone, s)
            # walk from the top so each card can reuse its run's representative
            m = hs
            while m:
                r = cc_msb(m)
                m ^= (<u64>1) << r
                b = 16 * s + r
                above = present & ~((<u64>2 << r) - 1)
                if above and (hs & cc_lowest(above)):
                    rep[b] = rep[16 * s + cc_ctz(above)]
                    val[b] = val[rep[b]]
                else:
                    rep[b] = b
                    with nogil:
                        for i in range(k):
                            P.trick[i] = saved[i]
                        P.hand[mover] ^= (<u64>1) << b
                        P.trick[k] = b
                        if k == 3:
                            v = _after_last(&P, guess)
                        else:
                            v = solve_ns(&P, k + 1, guess)
                        P.hand[mover] ^= (<u64>1) << b
                    if P.aborted:
                        return None
                    guess = v
                    val[b] = v
                v = val[b]
                out.append((lane_to_id(b), v if (mover & 1) == 0 else left - v))
    finally:
        tt_free(&P.tt)
    out.sort()
    return out


cdef int _after_last(Pos* P, int guess) noexcept nogil:
    """Side-0 tricks when the 4th card of the current trick has just been put in P.trick[3]."""
    cdef int w = (P.leader + trick_winner_index(P.trick[0], P.trick[1], P.trick[2], P.trick[3],
                                                P.trump)) & 3
    cdef u64 gone_add = ((<u64>1) << P.trick[0]) | ((<u64>1) << P.trick[1]) | \
        ((<u64>1) << P.trick[2]) | ((<u64>1) << P.trick[3])
    cdef int old_leader = P.leader, v
    P.gone |= gone_add
    P.leader = w
    v = solve_ns(P, 0, guess) + ((w & 1) == 0)
    P.leader = old_leader
    P.gone ^= gone_add
    return v


cdef inline void reset_move_memory(Pos* P) noexcept nogil:
    """Forget the history counts and killer leads (they belong to one strain's search)."""
    cdef int i
    memset(P.hist, 0, sizeof(P.hist))
    for i in range(14):
        P.killer[i] = NO_CARD


cdef void strain_into(Pos* P, int strain, int* res) noexcept nogil:
    """The four entries of one strain (``res[declarer]``): one transposition table shared by
    the four opening leaders, each search starting from the previous leader's result."""
    cdef int decl, v, guess = FIRST_GUESS
    tt_clear(&P.tt)
    reset_move_memory(P)
    P.trump = strain
    for decl in range(4):
        P.leader = (decl + 1) & 3
        v = solve_ns(P, 0, guess)
        guess = v
        res[decl] = v if (decl & 1) == 0 else 13 - v


cdef void table_into(Pos* P, int res[5][4]) noexcept nogil:
    """The 20 entries of a full deal's table, strain by strain."""
    cdef int strain
    for strain in range(5):
        strain_into(P, strain, res[strain])


cdef int _full_deal(Pos* P, hands, str what) except -1:
    pos_init(P, hands, 0, 0, ())
    if cc_popcount(P.hand[0]) != 13:
        raise CardError(f"{what} needs four 13-card hands")
    return 0


cdef int _full_table(Pos* P, hands, str what, int res[5][4]) except -1:
    """The table of the full deal ``hands`` (``dd_table``'s) into ``res``, searched without the
    GIL with a transposition table of its own; ``P`` keeps the search's counts."""
    _full_deal(P, hands, what)
    tt_init(&P.tt, TABLE_BITS)
    try:
        with nogil:
            table_into(P, res)
    finally:
        tt_free(&P.tt)
    return 0


# The search state (Pos, with its transposition table) lives on the caller's stack and heap
# for one call; the module keeps no mutable state. So calls from different threads run
# independently, and each releases the GIL for its whole search: ``cardcore.bridge.solver``
# runs the strains of a table in a thread pool, one ``dd_strain`` call per strain.

def dd_strain(hands, strain):
    """One strain of :func:`dd_table`: tricks of each declarer's side (seats 0..3).

    The search runs without the GIL and with its own transposition table, so several strains
    can be solved in parallel threads."""
    cdef Pos P
    cdef int res[4]
    cdef int st = <int> _int_arg(strain, "strain", 0, 4)
    _full_deal(&P, hands, "dd_strain")
    tt_init(&P.tt, TABLE_BITS)
    try:
        with nogil:
            strain_into(&P, st, res)
    finally:
        tt_free(&P.tt)
    return [res[d] for d in range(4)]


def dd_table(hands):
    """Double-dummy table of a full deal: ``t[strain][declarer]`` = tricks of the declarer's
    side, strains 0..4 = clubs, diamonds, hearts, spades, no trump; declarers seats 0..3.
    The opening lead is made by the seat after the declarer. The five strains are solved one
    after the other in the calling thread (one transposition table, cleared between strains),
    without the GIL; for strains in parallel, call :func:`dd_strain` from several threads (as
    ``cardcore.bridge.solver.dd_table`` does)."""
    cdef Pos P
    cdef int res[5][4]
    _full_table(&P, hands, "dd_table", res)
    return [[res[s][d] for d in range(4)] for s in range(5)]


def solve(hands, trump, declarer):
    """Tricks of ``declarer``'s side (seat 0..3) in strain ``trump`` (0..3 suits, 4 NT); the
    seat after the declarer leads."""
    cdef Pos P
    cdef int t = _trump_arg(trump)
    cdef int ld = (_seat_arg(declarer, "declarer") + 1) & 3
    pos_init(&P, hands, t, ld, ())
    cdef int left = cc_popcount(P.hand[ld])
    cdef int v = _solve_position(&P, 0)          # side-0 tricks
    return left - v if (ld & 1) == 0 else v


def layout_key(hands, gather=True):
    """The transposition table's view of four hands (card-id masks, disjoint, of any sizes):
    ``(lengths, key0, key1)``, the suit lengths of every hand (4 bits each, seat-major) and,
    per suit, the holders of its cards from the top (2 bits each; suits 0 and 1 in ``key0``,
    2 and 3 in ``key1``, 32 bits a suit). ``gather`` picks the way the keys are computed: by
    bit gathers (``pext``/``pdep``, the search's way where they are single instructions) or
    card by card; both give the same words."""
    cdef Pos P
    cdef u64 lens
    cdef u64 key[2]
    cdef bint g = flag_arg(gather, "gather")
    memset(&P, 0, sizeof(Pos))
    _hands_arg(hands, P.hand)
    layout(&P, &lens, key)
    layout_keys(P.hand[1], P.hand[2], P.hand[3], P.hand[0] | P.hand[1] | P.hand[2] | P.hand[3],
                g, key)
    return (lens, key[0], key[1])


def node_count_table(hands):
    """Search nodes visited by :func:`dd_table` on the same deal (a profiling aid that every
    build keeps: the node count is also what ``solve_cards``' budget counts)."""
    cdef Pos P
    cdef int res[5][4]
    _full_table(&P, hands, "node_count_table", res)
    return P.nodes


def search_stats(hands, trump, leader, flags=0, tt_bits=14, guess=7, target=0):
    """``(side-0 tricks, nodes, probes, hits, cut, nocut, by_left, tricks)`` for a trick-start
    position (a profiling aid); ``flags`` (0..15) switches off search features (see
    ``Pos.flags``); ``tt_bits`` (0..18) sizes the transposition table (by default as the
    solver's whole-deal searches do, ``TABLE_BITS``); ``guess`` (0..13) is where the
    zero-window searches start (side-0 tricks; by default where the solver's do,
    ``FIRST_GUESS``). (The defaults are written as numbers so that the signature reads them.) With ``target`` (0..13) > 0 only one
    zero-window search runs, and the first item is whether side 0 takes ``target`` tricks.

    The first two items are there in every build. The others are the profiling counters
    (transposition-table probes and hits, cutoffs per position in the trick and move index,
    failing nodes per position, trick-start nodes per tricks left, completed tricks): they
    are counted only in a build made with ``CARDCORE_STATS=1`` (see ``STATS``) and are None
    otherwise."""
    cdef Pos P
    cdef int t = _trump_arg(trump), ld = _seat_arg(leader, "leader")
    cdef int fl = <int> _int_arg(flags, "flags", 0, 15)
    cdef int bits = <int> _int_arg(tt_bits, "tt_bits", 0, MAX_TT_BITS)
    cdef int g = <int> _int_arg(guess, "guess", 0, 13)
    cdef int tg = <int> _int_arg(target, "target", 0, 13)
    pos_init(&P, hands, t, ld, ())
    P.flags = fl
    tt_init(&P.tt, bits)
    cdef int v
    cdef u64 w
    try:
        with nogil:
            if tg > 0:
                v = search(&P, 0, tg, &w)
            else:
                v = solve_ns(&P, 0, g)
    finally:
        tt_free(&P.tt)
    if not CARDCORE_STATS:
        return v, P.nodes, None, None, None, None, None, None
    return (v, P.nodes, P.st.probes, P.st.hits,
            [[P.st.cut[i][j] for j in range(4)] for i in range(4)],
            [P.st.nocut[i] for i in range(4)], [P.st.by_left[i] for i in range(14)],
            P.st.tricks)
