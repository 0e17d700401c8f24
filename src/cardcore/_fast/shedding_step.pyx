# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""The step of the shedding games (Dou Dizhu, Zheng Shangyou) on integer action ids, compiled.

A deal is a typed C record (``Deal`` in ``shedding_step.pxd``: hands and the bottom as card
masks, the auction, the plays and passes in order, the play on the table, bombs, bonuses, the
generator of the redeals) behind the class ``Core``, a subclass of the one core contract
(``cardcore._fast.core.Core``: ``current_player``, ``is_over``, ``legal_ids``, ``legal_mask``,
``is_legal``, ``apply``, ``returns``, ``observation_tensor``, ``copy`` and pickling come from the
base, on top of this core's C methods). The legal ids come straight from the move kernel's id
generator for the hand and the table play; three passes that end a Dou Dizhu auction without a
bid redeal inside the core, from its generator; ``apply_cards`` makes a play with its exact
cards. The plain-Python twin ``cardcore._ref.shedding_step`` documents the API and the export.

The scoring rules the step applies are written here once (``shedding_step.pxd`` declares them)
and exported for the games' states and the AI: Zheng Shangyou's bomb bonus (``BOMB_BONUS``,
``ZSY_BONUS_KINDS``, ``zsy_claims_bonus``, ``zsy_bonus_share``, ``zsy_settle_bonus``) and end
penalties (``zsy_count_bombs``, ``zsy_penalty``, ``zsy_deal_scores``), Dou Dizhu's spring,
multiplier and scores (``ddz_spring``, ``ddz_multiplier``, ``ddz_deal_scores``).
"""

from libc.stdint cimport uint8_t, int32_t, uint64_t
from libc.string cimport memset
from cpython.ref cimport PyObject, Py_INCREF
from cpython.list cimport PyList_New, PyList_SET_ITEM, PyList_GET_ITEM, PyList_GET_SIZE
from cpython.unicode cimport PyUnicode_DecodeASCII
from cpython.long cimport PyLong_Check, PyLong_AsLongAndOverflow, PyLong_FromLong

from cardcore._fast.bits cimport cc_popcount, cc_ctz, rng_below, rng_shuffle
from cardcore._fast.args cimport action_id, flag_arg, int_arg, int_list, list_arg, or_none, seq_arg
from cardcore._fast.stepcore cimport export_fields
from cardcore._fast.shedding cimport (
    SHED_NRANKS, DDZ_FIRST_PLAY, ZSY_FIRST_PLAY, DDZ_NPLAYS, ZSY_NPLAYS,
    ddz_gen_ids, zsy_gen_ids, ddz_beats_c, zsy_beats_c, ddz_id_row, zsy_id_row,
    shed_rank_mask, shed_counts, shed_pick, shed_order, shed_text)

cdef extern from "Python.h":
    PyObject* PyTuple_GET_ITEM(object t, Py_ssize_t i)

from math import comb as _comb

from cardcore.errors import CardcoreError, CardError, IllegalAction, quote

DDZ_KINDS = ("single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_run",
             "airplane", "airplane_singles", "airplane_pairs", "four_two_singles",
             "four_two_pairs", "bomb", "rocket")
ZSY_KINDS = ("single", "pair", "trio", "straight", "pair_run", "bomb", "ace_bomb",
             "heavenly_bomb")
#: Zheng Shangyou's bomb bonus (``ZSY_BOMB_BONUS`` in ``shedding_step.pxd``): the bomber wins it,
#: each opponent pays half of it
BOMB_BONUS = ZSY_BOMB_BONUS

cdef tuple _DDZ_K = DDZ_KINDS
cdef tuple _ZSY_K = ZSY_KINDS
cdef tuple _BID_TEXT = ("pass", "bid 1", "bid 2", "bid 3")

cdef enum:
    D_BOMB = 12
    D_ROCKET = 13
    Z_BOMB = 5
    Z_ACE_BOMB = 6
    Z_HEAVENLY_BOMB = 7
    THREE_HEARTS = 6
    ACE = 11
    TWO = 12

#: the Zheng Shangyou kinds that claim the bomb bonus when played as an answer
ZSY_BONUS_KINDS = tuple([k for i, k in enumerate(ZSY_KINDS) if zsy_claims_bonus_c(i, True)])


# ------------------------------------------------------------------ scoring rules
#
# The one definition of each scoring rule the step applies (declared in ``shedding_step.pxd``);
# the games' states and the AI read them through the ``def`` functions below.

cdef bint zsy_claims_bonus_c(int kind, bint answering) noexcept nogil:
    return answering and (kind == Z_BOMB or kind == Z_ACE_BOMB)


cdef int zsy_bonus_share_c(int bomber, int s) noexcept nogil:
    return ZSY_BOMB_BONUS if s == bomber else -(ZSY_BOMB_BONUS // 2)


cdef int ddz_spring_c(int landlord, int winner, const long* num_plays) noexcept nogil:
    cdef int s
    if winner == landlord:
        for s in range(3):
            if s != landlord and num_plays[s] != 0:
                return DDZ_NO_SPRING
        return DDZ_SPRING
    if num_plays[landlord] == 1:
        return DDZ_REVERSE_SPRING
    return DDZ_NO_SPRING


cdef long ddz_multiplier_c(int bombs, bint doubled) noexcept nogil:
    return (<long>1) << (bombs + (1 if doubled else 0))


cdef void ddz_scores_c(int landlord, int winner, long stake, double* out) noexcept nogil:
    cdef long sign = 1 if winner == landlord else -1
    cdef int s
    for s in range(3):
        out[s] = <double>(2 * sign * stake if s == landlord else -sign * stake)


cdef long zsy_count_bombs_c(const long* counts, int n) noexcept nogil:
    cdef long b = 0
    cdef int r
    for r in range(13):
        if counts[r] == 4:
            b += 1
    return b + (1 if counts[ACE] == 3 else 0)


cdef long zsy_penalty_c(const long* counts, int n, bint played) noexcept nogil:
    cdef long cards = 0
    cdef int r
    for r in range(n):
        cards += counts[r]
    return (cards * ZSY_CARD_PENALTY * (1 if played else 2)
            + (ZSY_TWO_PENALTY if counts[TWO] else 0)
            + ZSY_BOMB_PENALTY * zsy_count_bombs_c(counts, n))


cdef void zsy_scores_c(int winner, const long* penalties, const long* bonus,
                       double* out) noexcept nogil:
    cdef long total = penalties[0] + penalties[1] + penalties[2]
    cdef int s
    for s in range(3):
        out[s] = <double>(bonus[s] - penalties[s] + (total if s == winner else 0))


cdef tuple _SPRING_NAME = (None, "spring", "reverse")


def zsy_claims_bonus(kind, answering) -> bool:
    """Whether a Zheng Shangyou play of ``kind`` (a name of ``ZSY_KINDS`` or its index) claims
    the bomb bonus: a bomb or an ace bomb played as an answer (``answering``), never a lead and
    never the heavenly bomb. A later bomb of the same round takes the claim over."""
    cdef int k
    if isinstance(kind, str):
        if kind not in _ZSY_K:
            raise CardcoreError(f"kind {quote(kind)}: expected a Zheng Shangyou kind")
        k = _ZSY_K.index(kind)
    else:
        k = int_arg(kind, "kind", 0, len(_ZSY_K) - 1, CardcoreError)
    return zsy_claims_bonus_c(k, flag_arg(answering, "answering"))


def zsy_bonus_share(seat) -> tuple:
    """The score changes of seats 0, 1, 2 when seat ``seat``'s bomb bonus is settled: the
    bomber wins ``BOMB_BONUS``, each opponent pays half of it."""
    cdef int b = int_arg(seat, "seat", 0, 2, CardError)
    return (zsy_bonus_share_c(b, 0), zsy_bonus_share_c(b, 1), zsy_bonus_share_c(b, 2))


cdef int _settle_into(object bonus, object seat) except -1:
    cdef int b = int_arg(seat, "seat", 0, 2, CardError)
    cdef int s
    if type(bonus) is not list or PyList_GET_SIZE(bonus) != 3:
        raise CardcoreError(f"bonus {quote(bonus)}: expected a list of the 3 seats' bonuses")
    for s in range(3):
        if type((<list>bonus)[s]) is not int:
            raise CardcoreError(f"bonus {quote(bonus)}: expected a list of the 3 seats' bonuses")
    for s in range(3):
        (<list>bonus)[s] = (<list>bonus)[s] + zsy_bonus_share_c(b, s)
    return 0


def zsy_settle_bonus(bonus, seat) -> None:
    """Settle seat ``seat``'s bomb bonus into ``bonus`` (a list of the 3 seats' bonuses,
    updated in place by ``zsy_bonus_share(seat)``)."""
    _settle_into(bonus, seat)


cdef int _num_plays(object num_plays, long* out) except -1:
    cdef int s
    if not isinstance(num_plays, (list, tuple)) or len(num_plays) != 3:
        raise CardcoreError(f"num_plays {quote(num_plays)}: expected the plays of seats 0, 1, 2")
    for s in range(3):
        out[s] = int_arg(num_plays[s], "num_plays", 0, 20, CardcoreError)
    return 0


def ddz_spring(landlord, winner, num_plays):
    """How a finished Dou Dizhu deal doubles: ``"spring"`` (the landlord went out before
    either farmer played a card), ``"reverse"`` (a farmer went out while the landlord had played
    only the opening lead) or ``None``. ``num_plays``: the plays of seats 0, 1, 2."""
    cdef int ll = int_arg(landlord, "landlord", 0, 2, CardError)
    cdef int w = int_arg(winner, "winner", 0, 2, CardError)
    cdef long n[3]
    _num_plays(num_plays, n)
    return _SPRING_NAME[ddz_spring_c(ll, w, n)]


def ddz_multiplier(bombs, spring=False) -> int:
    """A Dou Dizhu deal's multiplier: doubled on every bomb and rocket played (``bombs``,
    0..14) and once more for a spring or reverse spring (``spring``)."""
    return ddz_multiplier_c(int_arg(bombs, "bombs", 0, 14, CardcoreError),
                            flag_arg(spring, "spring"))


cdef int _counts_arg(object counts, long* out) except -1:
    # 13 or 15 rank counts 0..4 into ``out``; returns their number
    cdef int r, n
    if isinstance(counts, (str, bytes)) or not hasattr(counts, "__len__") \
            or len(counts) not in (13, 15):
        raise CardcoreError(f"counts {quote(counts)}: expected 13 or 15 rank counts")
    n = len(counts)
    for r in range(n):
        out[r] = int_arg(counts[r], "counts", 0, 4, CardcoreError)
    return n


cdef int _three_ints(object x, str what, long lo, long hi, long* out) except -1:
    cdef int s
    if isinstance(x, (str, bytes)) or not hasattr(x, "__len__") or len(x) != 3:
        raise CardcoreError(f"{what} {quote(x)}: expected 3 values, one a seat")
    for s in range(3):
        out[s] = int_arg(x[s], what, lo, hi, CardcoreError)
    return 0


def ddz_deal_scores(landlord, winner, stake) -> tuple:
    """The scores of a finished Dou Dizhu deal of ``stake`` (bid x multiplier): each farmer
    wins or loses the stake, the landlord twice that."""
    cdef double out[3]
    ddz_scores_c(int_arg(landlord, "landlord", 0, 2, CardError),
                 int_arg(winner, "winner", 0, 2, CardError),
                 int_arg(stake, "stake", 0, 3 << 16, CardcoreError), out)
    return (out[0], out[1], out[2])


def zsy_count_bombs(counts) -> int:
    """Bombs in a Zheng Shangyou hand given as rank counts (13 or 15 long): ranks held four
    times, plus the three aces."""
    cdef long c[15]
    cdef int n = _counts_arg(counts, c)
    return zsy_count_bombs_c(c, n)


def zsy_penalty(counts, played) -> int:
    """What a Zheng Shangyou seat left with a hand of these rank counts (13 or 15 long) pays at
    the end: one per card, doubled if it never played a card (``played`` false), plus 10 for
    the 2 of spades and 10 per bomb in hand (the doubling applies to the card count only)."""
    cdef long c[15]
    cdef int n = _counts_arg(counts, c)
    return zsy_penalty_c(c, n, flag_arg(played, "played"))


def zsy_deal_scores(winner, penalties, bonus) -> tuple:
    """The scores of a finished Zheng Shangyou deal: the settled bonuses, minus each loser's
    penalty, and the winner collects all the penalties."""
    cdef long pen[3]
    cdef long bon[3]
    cdef double out[3]
    cdef int w = int_arg(winner, "winner", 0, 2, CardError)
    _three_ints(penalties, "penalties", 0, 1000, pen)
    _three_ints(bonus, "bonus", -10**6, 10**6, bon)
    zsy_scores_c(w, pen, bon, out)
    return (out[0], out[1], out[2])


# ------------------------------------------------------------------ helpers

cdef list _sorted_list(uint64_t m):
    """The cards of a mask in the games' order: by rank, then by id."""
    cdef list out = PyList_New(cc_popcount(m))
    cdef Py_ssize_t k = 0
    cdef int r
    cdef uint64_t mm
    cdef object x
    for r in range(SHED_NRANKS):
        mm = m & shed_rank_mask(r)
        while mm:
            x = PyLong_FromLong(cc_ctz(mm))
            PyList_SET_ITEM(out, k, x)
            Py_INCREF(x)
            k += 1
            mm &= mm - 1
    return out


def sort_cards(cards) -> list:
    """Card ids in the shedding games' order: by rank (3 .. A, 2, BJ, RJ), then by id."""
    cdef uint64_t m = 0, bit
    cdef long v
    cdef int overflow = 0
    cdef list extra = []
    for c in cards:
        if not PyLong_Check(c) or isinstance(c, bool):
            raise CardcoreError(f"cards: {quote(c)} is not a card id 0..53")
        v = PyLong_AsLongAndOverflow(c, &overflow)
        if overflow or v < 0 or v > 53:
            raise CardcoreError(f"cards: {quote(c)} is not a card id 0..53")
        bit = (<uint64_t>1) << v
        if m & bit:
            extra.append(v)
        m |= bit
    if extra:   # (a multiset: not a state's hand, but sorted all the same)
        from cardcore._ref.shedding_step import sort_cards as slow
        return slow(cards)
    return _sorted_list(m)



# ------------------------------------------------------------------ the deal

DOUDIZHU = 0
ZHENGSHANGYOU = 1
#: the games' names, as ``from_seed`` takes them (``GAMES[game]``)
GAMES = ("doudizhu", "zhengshangyou")
#: the phases of a deal (Zheng Shangyou has no auction)
BIDDING = PH_BID
PLAYING = PH_PLAY
OVER = PH_OVER
#: the action ids of each game (``NUM_ACTIONS[game]``)
NUM_ACTIONS = (DDZ_FIRST_PLAY + DDZ_NPLAYS, ZSY_FIRST_PLAY + ZSY_NPLAYS)
#: the most legal ids a position can list (``MAX_LEGAL[game]``). Zheng Shangyou: every id.
#: Dou Dizhu: the pass and the plays a hand of ``_HAND`` cards can lead (an answer is one of
#: them), bounded kind by kind: singles (15 ranks), pairs and trios and bombs (as many as the
#: cards make), the rocket; a trio with a single (a trio rank, one of 15 ranks) or a pair (one of
#: the pairs the other cards make); runs by position (straights of 5.. ranks, pair runs of 3..10
#: pairs, airplanes: the runs of 2.. among the 6 trio ranks at most); and the plays with wings:
#: a core (a run of ``L`` trios, or a four) times the sets of wing cards (singles) or wing
#: pairs chosen among the cards the core leaves (a set of wing ranks is at least one such
#: choice). 2,531 plays in all (a hill-climbing search finds hands of about 520).
_HAND = 20                      # the most cards a Dou Dizhu hand holds (the landlord's)
_TRIOS, _FOURS = _HAND // 3, _HAND // 4
DDZ_MAX_LEADS = (
    15 + _HAND // 2 + _TRIOS + _FOURS + 1
    + _TRIOS * 15 + _TRIOS * ((_HAND - 3) // 2)
    + sum([16 - n for n in range(5, 16)]) + sum([14 - n for n in range(3, _HAND // 2 + 1)])
    + _comb(_TRIOS, 2)
    + sum([(_TRIOS - n + 1) * _comb(_HAND - 3 * n, n) for n in range(2, _HAND // 4 + 1)])
    + sum([(_TRIOS - n + 1) * _comb((_HAND - 3 * n) // 2, n) for n in range(2, _HAND // 5 + 1)])
    + _FOURS * _comb(_HAND - 4, 2) + _FOURS * _comb((_HAND - 4) // 2, 2))
MAX_LEGAL = (1 + DDZ_MAX_LEADS, NUM_ACTIONS[1])
cdef int _DDZ_MAX_LEGAL = MAX_LEGAL[0]
_U64 = 2**64 - 1
_MAX_REDEALS = 2**31 - 1
_NDEALT = (54, 48)
#: the fields an export starts with (the game, the first bidder or -1, the generator state,
#: the redeals), then the first dealt card: an export is at least that long
_EXPORT_HEAD = ("game", "first", "rng_state", "redeals", "dealt")
_NHAND = (17, 16)
_ZSY_DECK = frozenset([c for c in range(52) if c != 50 and (c >> 2 != 0 or c == 3)])

# ------------------------------------------------------------------ the observation
#
# One float32 vector a seat (``docs/actions/doudizhu.md``, ``docs/actions/zhengshangyou.md``).
# Seats are relative to the observer (0 = itself, 1 = the next seat, 2 = the one before); a
# card count vector takes 4 cells a rank (cell ``4 r + k`` is 1 when rank ``r`` has more than
# ``k`` cards). The twin ``_ref/shedding_step.py`` names the same offsets.
cdef enum:
    DDZ_OBS_SIZE = 399
    DDZ_OBS_HAND = 0            # 15 ranks x 4
    DDZ_OBS_PLAYED = 60         # 3 relative seats x 60: the cards each seat played
    DDZ_OBS_TABLE = 240         # the play to beat
    DDZ_OBS_TABLE_SEAT = 300    # its seat
    DDZ_OBS_BOTTOM = 303        # the bottom cards once the auction is over
    DDZ_OBS_LANDLORD = 363
    DDZ_OBS_TO_ACT = 366
    DDZ_OBS_BID = 369           # the highest bid 0..3, one-hot
    DDZ_OBS_BIDDER = 373
    DDZ_OBS_AUCTION = 376       # 3 relative seats x 5: each seat's last word (none, pass, 1..3)
    DDZ_OBS_CARDS_LEFT = 391    # cards in each hand / 20
    DDZ_OBS_PHASE = 394         # bidding, playing, over
    DDZ_OBS_PASSES = 397        # passes on the table / 2
    DDZ_OBS_BOMBS = 398         # bombs and rockets played / 4
    DDZ_OBS_RANKS = 15
    ZSY_OBS_SIZE = 281
    ZSY_OBS_HAND = 0            # 13 ranks x 4
    ZSY_OBS_PLAYED = 52         # 3 relative seats x 52
    ZSY_OBS_TABLE = 208
    ZSY_OBS_TABLE_SEAT = 260
    ZSY_OBS_TO_ACT = 263
    ZSY_OBS_CARDS_LEFT = 266    # cards in each hand / 16
    ZSY_OBS_HAS_PLAYED = 269
    ZSY_OBS_OPENING = 272
    ZSY_OBS_PENDING = 273       # the seat of the bomb bonus to settle
    ZSY_OBS_BONUS = 276         # settled bonuses / 20
    ZSY_OBS_PASSES = 279
    ZSY_OBS_OVER = 280
    ZSY_OBS_RANKS = 13

#: the observation's length (``OBS_SIZE[game]``)
OBS_SIZE = (DDZ_OBS_SIZE, ZSY_OBS_SIZE)
#: the observation's parts in order, ``(name, first cell)`` each (``OBS_PARTS[game]``): a part
#: ends where the next one starts, the last at ``OBS_SIZE[game]``
OBS_PARTS = (
    (("hand", DDZ_OBS_HAND), ("played", DDZ_OBS_PLAYED), ("table", DDZ_OBS_TABLE),
     ("table_seat", DDZ_OBS_TABLE_SEAT), ("bottom", DDZ_OBS_BOTTOM),
     ("landlord", DDZ_OBS_LANDLORD), ("to_act", DDZ_OBS_TO_ACT), ("bid", DDZ_OBS_BID),
     ("bidder", DDZ_OBS_BIDDER), ("auction", DDZ_OBS_AUCTION),
     ("cards_left", DDZ_OBS_CARDS_LEFT), ("phase", DDZ_OBS_PHASE), ("passes", DDZ_OBS_PASSES),
     ("bombs", DDZ_OBS_BOMBS)),
    (("hand", ZSY_OBS_HAND), ("played", ZSY_OBS_PLAYED), ("table", ZSY_OBS_TABLE),
     ("table_seat", ZSY_OBS_TABLE_SEAT), ("to_act", ZSY_OBS_TO_ACT),
     ("cards_left", ZSY_OBS_CARDS_LEFT), ("has_played", ZSY_OBS_HAS_PLAYED),
     ("opening", ZSY_OBS_OPENING), ("pending_bomb", ZSY_OBS_PENDING), ("bonus", ZSY_OBS_BONUS),
     ("passes", ZSY_OBS_PASSES), ("over", ZSY_OBS_OVER)),
)


cdef inline const uint8_t* _row_of(int game, int i) noexcept nogil:
    return ddz_id_row(i) if game == 0 else zsy_id_row(i)


cdef inline bint _is_play(int game, long i) noexcept nogil:
    if game == 0:
        return DDZ_FIRST_PLAY <= i < DDZ_FIRST_PLAY + DDZ_NPLAYS
    return ZSY_FIRST_PLAY <= i < ZSY_FIRST_PLAY + ZSY_NPLAYS


cdef inline int _num_actions(int game) noexcept nogil:
    return DDZ_FIRST_PLAY + DDZ_NPLAYS if game == 0 else ZSY_FIRST_PLAY + ZSY_NPLAYS


cdef inline const uint8_t* _table_row(const Deal* s) noexcept nogil:
    # the kernel row of the play on the table, NULL for an empty table
    if s.table < 0:
        return NULL
    return _row_of(s.game, s.ev_id[s.play_ev[s.table]])


cdef inline bint _covers(const uint8_t* row, const uint8_t* h) noexcept nogil:
    # the hand's rank counts ``h`` hold the play of ``row``
    cdef int r
    for r in range(SHED_NRANKS):
        if row[3 + r] > h[r]:
            return False
    return True


cdef inline Py_ssize_t _at_most(Py_ssize_t n, Py_ssize_t cap) noexcept nogil:
    # the ids written (the generators count past ``cap`` without writing; ``MAX_LEGAL`` is a
    # bound, so they never do here)
    return n if n <= cap else cap


cdef void _event(Deal* s, int seat, int i) noexcept nogil:
    s.ev_seat[s.nev] = seat
    s.ev_id[s.nev] = i
    s.nev += 1


cdef void _settle(Deal* s) noexcept nogil:
    # Zheng Shangyou: settle the pending bomb bonus
    cdef int b = s.pending, k
    if b < 0:
        return
    for k in range(3):
        s.bonus[k] += zsy_bonus_share_c(b, k)
    s.bomb_seat[s.nbomblog] = b
    s.nbomblog += 1
    s.pending = -1


cdef void _deal(Deal* s, const uint8_t* deck) noexcept nogil:
    # a fresh deal of the cards ``deck`` (checked): the game, the first bidder, the generator
    # and the redeals stay; the auction (Dou Dizhu) or the play (Zheng Shangyou) starts
    cdef int g = s.game, first = s.first, redeals = s.redeals
    cdef uint64_t rng = s.rng, bit
    cdef int nh = 17 if g == 0 else 16
    cdef int nd = 54 if g == 0 else 48
    cdef int k, seat
    memset(s, 0, sizeof(Deal))
    s.game = g
    s.first = first
    s.rng = rng
    s.redeals = redeals
    for k in range(nd):
        s.dealt[k] = deck[k]
        bit = (<uint64_t>1) << deck[k]
        if k < 3 * nh:
            s.hand[k // nh] |= bit
        else:
            s.bottom |= bit
    if g == 0:
        s.phase = PH_BID
    else:
        for seat in range(3):
            if (s.hand[seat] >> THREE_HEARTS) & 1:
                s.first = seat
        s.phase = PH_PLAY
        s.opening = True
    s.turn = s.first
    s.bidder = -1
    s.landlord = -1
    s.winner = -1
    s.pending = -1
    s.table = -1


cdef void _redeal(Deal* s) noexcept nogil:
    # three passes and no bid: the 54 cards shuffled anew from the deal's generator, the same
    # first bidder
    cdef uint8_t deck[54]
    cdef int k
    for k in range(54):
        deck[k] = k
    rng_shuffle(deck, 54, &s.rng)
    s.redeals += 1
    _deal(s, deck)


cdef void _start_play(Deal* s) noexcept nogil:
    s.landlord = s.bidder
    s.hand[s.landlord] |= s.bottom
    s.phase = PH_PLAY
    s.turn = s.landlord
    s.table = -1
    s.passes = 0


cdef void deal_apply(Deal* s, int i, uint64_t pick, const uint8_t* order, int n) noexcept nogil:
    """Make the legal id ``i`` for the seat to act; a play takes the cards ``pick`` (a mask of
    the hand) in the order ``order`` (``n`` cards). Three passes that end the auction without a
    bid redeal the cards (``_redeal``)."""
    cdef int seat = s.turn
    cdef int nxt = (seat + 1) % 3
    cdef const uint8_t* row
    cdef bint answering
    cdef int k
    cdef long nplays[3]
    _event(s, seat, i)
    if s.phase == PH_BID:
        s.nauction += 1
        if i == 0:
            s.bid_passes += 1
            if s.bidder < 0 and s.bid_passes == 3:
                _redeal(s)
                return
            if s.bidder >= 0 and s.bid_passes == 2:
                _start_play(s)
                return
        else:
            s.bid = i
            s.bidder = seat
            s.bid_passes = 0
            if i == 3:
                _start_play(s)
                return
        s.turn = nxt
        return
    if i == 0:
        s.turn = nxt
        if s.passes == 1:          # the round ends; the last player leads
            if s.game == 1:
                _settle(s)
            s.table = -1
            s.passes = 0
        else:
            s.passes += 1
        return
    row = _row_of(s.game, i)
    answering = s.table >= 0
    s.hand[seat] &= ~pick
    for k in range(n):
        s.played[seat][s.nplayed[seat] + k] = order[k]
    s.nplayed[seat] += n
    s.num_plays[seat] += 1
    s.play_ev[s.nplays] = s.nev - 1
    s.play_mask[s.nplays] = pick
    s.table = s.nplays
    s.nplays += 1
    s.passes = 0
    if s.game == 0:
        if row[0] == D_BOMB or row[0] == D_ROCKET:
            s.bombs += 1
        if s.hand[seat] == 0:
            for k in range(3):
                nplays[k] = s.num_plays[k]
            s.spring = ddz_spring_c(s.landlord, seat, nplays)
            s.winner = seat
            s.phase = PH_OVER
            return
    else:
        s.opening = False
        if zsy_claims_bonus_c(row[0], answering):
            s.pending = seat          # a beaten earlier bomb loses its claim
        if s.hand[seat] == 0:
            if s.pending == seat:
                _settle(s)
            s.winner = seat
            s.phase = PH_OVER
            return
    s.turn = nxt


cdef void _thermo(float* out, uint64_t m, int nranks) noexcept nogil:
    # the card count vector of the mask ``m`` (4 cells a rank) at ``out``
    cdef uint8_t h[15]
    cdef int r, k
    shed_counts(m, h)
    for r in range(nranks):
        for k in range(h[r]):
            out[4 * r + k] = 1.0


cdef inline int _rel(int seat, int p) noexcept nogil:
    return (seat - p + 3) % 3


cdef uint64_t _played_mask(const Deal* s, int seat) noexcept nogil:
    cdef uint64_t m = 0
    cdef int k
    for k in range(s.nplayed[seat]):
        m |= (<uint64_t>1) << s.played[seat][k]
    return m


cdef inline void _observe_cards(const Deal* s, int p, float* out, int ranks) noexcept nogil:
    # the part both games' observations open with (``*_OBS_HAND`` .. ``*_OBS_TABLE_SEAT``,
    # sized by the game's ``ranks``): ``p``'s hand, the cards each seat played, the play to
    # beat and its seat
    cdef int r
    _thermo(out, s.hand[p], ranks)
    for r in range(3):
        _thermo(out + 4 * ranks * (1 + r), _played_mask(s, (p + r) % 3), ranks)
    if s.table >= 0:
        _thermo(out + 16 * ranks, s.play_mask[s.table], ranks)
        out[20 * ranks + _rel(s.ev_seat[s.play_ev[s.table]], p)] = 1.0


cdef void _observe_ddz(const Deal* s, int p, float* out) noexcept nogil:
    cdef int r, k
    _observe_cards(s, p, out, DDZ_OBS_RANKS)
    if s.phase != PH_BID:
        _thermo(out + DDZ_OBS_BOTTOM, s.bottom, DDZ_OBS_RANKS)
    if s.landlord >= 0:
        out[DDZ_OBS_LANDLORD + _rel(s.landlord, p)] = 1.0
    if s.phase != PH_OVER:
        out[DDZ_OBS_TO_ACT + _rel(s.turn, p)] = 1.0
    out[DDZ_OBS_BID + s.bid] = 1.0
    if s.bidder >= 0:
        out[DDZ_OBS_BIDDER + _rel(s.bidder, p)] = 1.0
    # the last word of each seat (three words back cover the three seats)
    for k in range(s.nauction - 3 if s.nauction > 3 else 0, s.nauction):
        out[DDZ_OBS_AUCTION + 5 * _rel(s.ev_seat[k], p) + 1 + s.ev_id[k]] = 1.0
    for r in range(3):
        out[DDZ_OBS_CARDS_LEFT + r] = <float>(cc_popcount(s.hand[(p + r) % 3]) / 20.0)
    out[DDZ_OBS_PHASE + s.phase] = 1.0
    out[DDZ_OBS_PASSES] = <float>(s.passes / 2.0)
    out[DDZ_OBS_BOMBS] = <float>(s.bombs / 4.0)


cdef void _observe_zsy(const Deal* s, int p, float* out) noexcept nogil:
    cdef int r, q
    _observe_cards(s, p, out, ZSY_OBS_RANKS)
    if s.phase != PH_OVER:
        out[ZSY_OBS_TO_ACT + _rel(s.turn, p)] = 1.0
    for r in range(3):
        q = (p + r) % 3
        out[ZSY_OBS_CARDS_LEFT + r] = <float>(cc_popcount(s.hand[q]) / 16.0)
        out[ZSY_OBS_HAS_PLAYED + r] = 1.0 if s.num_plays[q] else 0.0
        out[ZSY_OBS_BONUS + r] = <float>(s.bonus[q] / 20.0)
    out[ZSY_OBS_OPENING] = 1.0 if s.opening else 0.0
    if s.pending >= 0:
        out[ZSY_OBS_PENDING + _rel(s.pending, p)] = 1.0
    out[ZSY_OBS_PASSES] = <float>(s.passes / 2.0)
    out[ZSY_OBS_OVER] = 1.0 if s.phase == PH_OVER else 0.0


cdef int _default_pick(const Deal* s, int i, uint64_t* pick, uint8_t* order) noexcept nogil:
    # the cards a play id takes from the hand: the lowest ids of each rank (the 3 of hearts
    # first among Zheng Shangyou's 3s), in the play's order; returns their number
    cdef const uint8_t* row
    pick[0] = 0
    if s.phase != PH_PLAY or i == 0:
        return 0
    row = _row_of(s.game, i)
    pick[0] = shed_pick(s.hand[s.turn], row + 3, s.game)
    return shed_order(pick[0], s.game, row[0], row[1], row[2], order)


include "shedding_step_fields.pxi"  # _Fields: the record, the stored reads


cdef class Core(_Fields):
    """One deal of Dou Dizhu (``game`` 0) or Zheng Shangyou (``game`` 1) on the one core
    contract (``cardcore._fast.core.Core``).

    ``Core(game, cards, first, rng_state=0)``: ``cards`` the dealt cards, distinct card ids
    (Dou Dizhu: 54, seats 0, 1, 2 take 17 each in turn and the last 3 are the bottom; Zheng
    Shangyou: the 48 of its deck, 16 a seat); ``first`` the seat that bids first in Dou Dizhu,
    ``None`` in Zheng Shangyou (the holder of the 3 of hearts leads); ``rng_state`` the
    SplitMix64 state the Dou Dizhu redeals draw from.

    ``returns()``: the deal's scores as ``state.scores()`` gives them (zeros until over). Dou
    Dizhu: the stake is the bid times the multiplier (``ddz_deal_scores``): each farmer wins or
    loses it, the landlord twice it. Zheng Shangyou (``zsy_deal_scores``): each seat's settled
    bomb bonuses, minus each loser's penalty (``zsy_penalty``), the winner collecting all the
    penalties."""

    def __init__(self, game, cards, first, rng_state=0):
        self._ready = False
        cdef int g = int_arg(game, "game", 0, 1, CardcoreError)
        cdef int k, c, f = 0
        cdef uint64_t seen = 0, bit
        cdef uint64_t rng
        cdef int nd = _NDEALT[g]
        cdef uint8_t deck[54]
        cs = list_arg(cards, "cards", nd, f"{nd} card ids", CardcoreError)
        for k in range(nd):
            c = int_arg(cs[k], "cards", 0, 53, CardcoreError)
            if g == 1 and c not in _ZSY_DECK:
                raise CardcoreError(f"cards: card id {c} is not in the Zheng Shangyou deck")
            bit = (<uint64_t>1) << c
            if seen & bit:
                raise CardcoreError(f"cards: card id {c} twice")
            seen |= bit
            deck[k] = c
        if g == 0:
            f = int_arg(first, "first", 0, 2, CardError)
        elif first is not None:
            raise CardcoreError(f"first {quote(first)}: Zheng Shangyou takes None (the holder "
                                "of the 3 of hearts leads)")
        rng = int_arg(rng_state, "rng_state", 0, _U64, CardcoreError)
        memset(&self.s, 0, sizeof(Deal))
        self.s.game = g
        self.s.first = f
        self.s.rng = rng
        _deal(&self.s, deck)
        self._sizes()
        self._ready = True

    cdef int _sizes(self) except -1:
        cdef int g = self.s.game
        self.num_players = 3
        self.num_distinct_actions = _num_actions(g)
        self.obs_size = DDZ_OBS_SIZE if g == 0 else ZSY_OBS_SIZE
        self.observation_shape = (self.obs_size,)
        self.max_legal = _DDZ_MAX_LEGAL if g == 0 else _num_actions(g)   # (``MAX_LEGAL``)
        return 0

    # ------------------------------------------------------------ the contract in C
    cdef int c_player(self) noexcept nogil:
        return -1 if self.s.phase == PH_OVER else self.s.turn

    cdef bint c_over(self) noexcept nogil:
        return self.s.phase == PH_OVER

    cdef int c_legal(self, int32_t* out) noexcept nogil:
        """The legal ids of the seat to act, ascending, into ``out`` (room for ``max_legal``, the
        game's ``MAX_LEGAL``); returns their number."""
        cdef const Deal* s = &self.s
        cdef Py_ssize_t cap = self.max_legal
        cdef uint8_t h[15]
        cdef uint64_t m
        cdef Py_ssize_t n
        cdef const uint8_t* t
        cdef int b
        if s.phase == PH_BID:
            out[0] = 0
            n = 1
            for b in range(s.bid + 1, 4):
                out[n] = b
                n += 1
            return n
        if s.phase != PH_PLAY:
            return 0
        m = s.hand[s.turn]
        shed_counts(m, h)
        t = _table_row(s)
        if s.game == 0:
            if t == NULL:
                return _at_most(ddz_gen_ids(h, -1, 0, 0, out, cap), cap)
            out[0] = 0
            return 1 + _at_most(ddz_gen_ids(h, t[0], t[1], t[2], out + 1, cap - 1), cap - 1)
        if t == NULL:
            if s.opening and not (m >> THREE_HEARTS) & 1:
                return 0
            return _at_most(zsy_gen_ids(h, -1, 0, 0, s.opening, out, cap), cap)
        n = _at_most(zsy_gen_ids(h, t[0], t[1], t[2], False, out, cap), cap)
        if n == 0:
            out[0] = 0
            return 1
        return n

    cdef bint c_is_legal(self, long i) noexcept nogil:
        """Whether action id ``i`` is legal for the seat to act."""
        cdef const Deal* s = &self.s
        cdef uint8_t h[15]
        cdef uint64_t m
        cdef const uint8_t* row
        cdef const uint8_t* t
        if not 0 <= i < _num_actions(s.game):
            return False
        if s.phase == PH_BID:
            return i == 0 or s.bid < i <= 3
        if s.phase != PH_PLAY:
            return False
        t = _table_row(s)
        m = s.hand[s.turn]
        if i == 0:
            if s.game == 0:
                return t != NULL
            if t == NULL:
                return False
            shed_counts(m, h)
            return zsy_gen_ids(h, t[0], t[1], t[2], False, NULL, 0) == 0
        if not _is_play(s.game, i):
            return False
        row = _row_of(s.game, <int>i)
        shed_counts(m, h)
        if not _covers(row, h):
            return False
        if s.game == 0:
            return t == NULL or ddz_beats_c(row[0], row[1], row[2], t[0], t[1], t[2])
        if t != NULL:
            return zsy_beats_c(row[0], row[1], row[2], t[0], t[1], t[2])
        if s.opening:
            return bool((m >> THREE_HEARTS) & 1) and row[3] > 0 and row[0] != Z_BOMB
        return row[0] != Z_HEAVENLY_BOMB

    cdef void c_apply(self, int i) noexcept nogil:
        cdef uint64_t pick
        cdef uint8_t order[54]
        cdef int n = _default_pick(&self.s, i, &pick, order)
        deal_apply(&self.s, i, pick, order, n)

    cdef void c_returns(self, double* out) noexcept nogil:
        """The deal's scores (``Core``'s docstring), zeros until over."""
        cdef const Deal* s = &self.s
        cdef uint8_t h[15]
        cdef long counts[15]
        cdef long pen[3]
        cdef long bonus[3]
        cdef int k, r
        for k in range(3):
            out[k] = 0.0
        if s.phase != PH_OVER:
            return
        if s.game == 0:
            ddz_scores_c(s.landlord, s.winner,
                         s.bid * ddz_multiplier_c(s.bombs, s.spring != DDZ_NO_SPRING), out)
            return
        for k in range(3):
            bonus[k] = s.bonus[k]
            pen[k] = 0
            if k != s.winner:
                shed_counts(s.hand[k], h)
                for r in range(SHED_NRANKS):
                    counts[r] = h[r]
                pen[k] = zsy_penalty_c(counts, SHED_NRANKS, s.num_plays[k] > 0)
        zsy_scores_c(s.winner, pen, bonus, out)

    cdef void c_observe(self, int seat, float* out) noexcept nogil:
        if self.s.game == 0:
            _observe_ddz(&self.s, seat, out)
        else:
            _observe_zsy(&self.s, seat, out)

    cdef void c_copy_into(self, CoreBase new) noexcept:
        (<Core>new).s = self.s

    # ------------------------------------------------------------ playing given cards
    def apply_cards(self, i, cards):
        """Make the legal id ``i`` as ``apply(i)`` does, a play taking from the hand the exact
        ``cards`` given (card ids of the play's ranks, any suits, in the order played;
        ``apply(i)`` takes the lowest ids of each rank, the 3 of hearts first among Zheng
        Shangyou's 3s). A pass or a bid takes no cards (``cards`` empty). An id that is not
        legal raises ``IllegalAction``, cards that are not the play's ``CardcoreError``; either
        changes nothing."""
        self.live()
        cdef Deal* s = &self.s
        cdef long x = action_id(i)
        cdef const uint8_t* row
        cdef uint64_t pick = 0, bit
        cdef uint8_t order[54]
        cdef uint8_t h[15]
        cdef int n = 0, c
        if self.c_over():
            raise IllegalAction(f"action id {quote(i)}: the deal is over")
        if not self.c_is_legal(x):
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        cs = seq_arg(cards, "cards", "card ids", CardcoreError)
        if len(cs) > 20:
            raise CardcoreError(f"cards {quote(cards)}: not the cards of the play")
        for v in cs:
            c = int_arg(v, "cards", 0, 53, CardcoreError)
            bit = (<uint64_t>1) << c
            if not s.hand[s.turn] & bit or pick & bit:
                raise CardcoreError(f"cards: card id {c} is not in the hand")
            pick |= bit
            order[n] = c
            n += 1
        if s.phase != PH_PLAY or x == 0:
            if n:
                raise CardcoreError(f"cards {quote(cards)}: a pass or a bid takes no cards")
        else:
            row = _row_of(s.game, <int>x)
            shed_counts(pick, h)
            for c in range(SHED_NRANKS):
                if h[c] != row[3 + c]:
                    raise CardcoreError(f"cards {quote(cards)}: not the cards of action "
                                        f"id {x}")
        deal_apply(s, <int>x, pick, order, n)

    def last_entry(self):
        """The log entry ``[seat, kind, text, cards, amount, data]`` of the last action applied
        (after a redeal: the third pass, by the seat before the first bidder; ``None`` before
        any action)."""
        self.live()
        cdef const Deal* s = &self.s
        cdef int seat, i, n
        if s.nev == 0:
            if s.redeals:
                return [(s.first + 2) % 3, "pass", "pass", [], None, []]
            return None
        seat = s.ev_seat[s.nev - 1]
        i = s.ev_id[s.nev - 1]
        if i == 0:
            return [seat, "pass", "pass", [], None, []]
        if s.nev <= s.nauction:
            return [seat, "bid", _BID_TEXT[i], [], i, []]
        n = cc_popcount(s.play_mask[s.nplays - 1])
        kind, txt = self._kind_text(i)
        return [seat, kind, txt, int_list(&s.played[seat][s.nplayed[seat] - n], n), None, []]

    cdef tuple _kind_text(self, int i):
        cdef char text[128]
        cdef const uint8_t* row = _row_of(self.s.game, i)
        cdef int n = shed_text(self.s.game, row[0], row[1], row[2], row + 3, text)
        kind = <object>PyTuple_GET_ITEM(_DDZ_K if self.s.game == 0 else _ZSY_K, row[0])
        return kind, PyUnicode_DecodeASCII(text, n, NULL)

    # ------------------------------------------------------------ accessors
    @property
    def multiplier(self):
        """Dou Dizhu's multiplier (``ddz_multiplier``), with the spring once over."""
        self.live()
        return ddz_multiplier_c(self.s.bombs, self.s.spring != DDZ_NO_SPRING)

    def hand(self, seat):
        """Seat ``seat``'s cards, sorted (``sort_cards``)."""
        self.live()
        return _sorted_list(self.s.hand[<int>int_arg(seat, "seat", 0, 2, CardError)])

    def hand_sizes(self):
        self.live()
        return [cc_popcount(self.s.hand[k]) for k in range(3)]

    def played(self):
        """The cards each seat played, in the order played."""
        self.live()
        return [int_list(self.s.played[k], self.s.nplayed[k]) for k in range(3)]

    def bomb_log(self):
        """Zheng Shangyou: ``[seat, amount won]`` per settled bomb bonus."""
        self.live()
        return [[self.s.bomb_seat[k], BOMB_BONUS] for k in range(self.s.nbomblog)]

    def bid_log(self):
        """Dou Dizhu: ``[seat, level or 0 for a pass]`` per word of the auction."""
        self.live()
        return [[self.s.ev_seat[k], self.s.ev_id[k]] for k in range(self.s.nauction)]

    cdef list _play(self, int k):
        cdef int e = self.s.play_ev[k]
        kind, txt = self._kind_text(self.s.ev_id[e])
        return [self.s.ev_seat[e], kind, txt, _sorted_list(self.s.play_mask[k])]

    def plays(self):
        """``[seat, kind, text, cards sorted]`` of every play, in order."""
        self.live()
        return [self._play(k) for k in range(self.s.nplays)]

    def passes_on(self):
        """``[seat, index in plays]`` of every pass of the play, in order."""
        self.live()
        cdef const Deal* s = &self.s
        cdef int k, np = 0
        out = []
        for k in range(s.nauction, s.nev):
            if s.ev_id[k] == 0:
                out.append([s.ev_seat[k], np - 1])
            else:
                np += 1
        return out

    def table(self):
        """The play to beat, ``None`` when the seat to act leads: Dou Dizhu ``[seat, kind,
        text, cards, rank, length, id]``, Zheng Shangyou ``[seat, kind, text, cards, id]``."""
        self.live()
        cdef int i
        cdef const uint8_t* row
        if self.s.table < 0:
            return None
        rec = self._play(self.s.table)
        i = self.s.ev_id[self.s.play_ev[self.s.table]]
        if self.s.game == 0:
            row = ddz_id_row(i)
            rec += [row[1], row[2], i]
        else:
            rec.append(i)
        return rec

    def table_id(self):
        """The action id of the play to beat, 0 when the seat to act leads."""
        self.live()
        if self.s.table < 0:
            return 0
        return self.s.ev_id[self.s.play_ev[self.s.table]]

    # ------------------------------------------------------------ other hands
    def with_hands(self, hands):
        """A copy of this deal with other cards in the hands: ``hands`` gives 3 entries, one a
        seat, each ``None`` (the seat keeps its hand) or the card ids the seat holds instead.
        Everything else is kept (the auction, the plays, the table, the turn, bombs and
        bonuses, the bottom, the generator); the copy's dealt cards (its ``export``) become
        each seat's new hand and the cards it played. The new hands must hold the same cards
        as the old ones between them, each seat as many as before: no card twice, none that
        was played or is outside the hands; in Dou Dizhu the bottom cards the landlord has not
        played stay in the landlord's hand, in Zheng Shangyou's opening the 3 of hearts stays
        with the seat to lead. Anything else raises ``CardcoreError`` (this deal unchanged).
        The hands need not agree with the passes: a Zheng Shangyou copy whose new hands could
        have answered a play some seat passed on plays on, but its ``export`` does not replay
        (``from_export`` refuses the pass), so it does not pickle."""
        self.live()
        cdef const Deal* s = &self.s
        cdef uint64_t masks[3]
        cdef uint64_t allowed = s.hand[0] | s.hand[1] | s.hand[2]
        cdef uint64_t played = (_played_mask(s, 0) | _played_mask(s, 1)
                                | _played_mask(s, 2))
        cdef uint64_t seen = 0, m, bit, keep
        cdef int seat, c, n, k, nh
        cdef Core new
        if not isinstance(hands, (list, tuple)) or len(hands) != 3:
            raise CardcoreError(f"hands {quote(hands)}: expected a list of 3 entries, one a "
                                "seat (None or card ids)")
        for seat in range(3):
            h = hands[seat]
            if h is None:
                m = s.hand[seat]
            else:
                if isinstance(h, (str, bytes)):
                    raise CardcoreError(f"hands: seat {seat}: {quote(h)} is not a list of "
                                        "card ids")
                try:
                    cs = list(h)
                except TypeError:
                    raise CardcoreError(f"hands: seat {seat}: {quote(h)} is not a list of "
                                        "card ids") from None
                n = cc_popcount(s.hand[seat])
                if len(cs) != n:
                    raise CardcoreError(f"hands: seat {seat} holds {n} cards, got {len(cs)}")
                m = 0
                for v in cs:
                    c = int_arg(v, "hands", 0, 53, CardcoreError)
                    bit = (<uint64_t>1) << c
                    if m & bit:
                        raise CardcoreError(f"hands: card id {c} twice")
                    if played & bit:
                        raise CardcoreError(f"hands: card id {c} was played")
                    if not allowed & bit:
                        raise CardcoreError(f"hands: card id {c} is not in the hands")
                    m |= bit
            if seen & m:
                raise CardcoreError(f"hands: card id {cc_ctz(seen & m)} twice")
            seen |= m
            masks[seat] = m
        if s.landlord >= 0:
            keep = s.bottom & ~_played_mask(s, s.landlord)
            if keep & ~masks[s.landlord]:
                raise CardcoreError("hands: the bottom cards the landlord has not played stay "
                                    f"in seat {s.landlord}'s hand")
        if s.game == 1 and s.opening and not (masks[s.first] >> THREE_HEARTS) & 1:
            raise CardcoreError("hands: the 3 of hearts stays with the seat to lead "
                                f"(seat {s.first}) until the opening play")
        new = <Core>self.c_copy()
        nh = 17 if s.game == 0 else 16
        for seat in range(3):
            new.s.hand[seat] = masks[seat]
            m = masks[seat] | _played_mask(s, seat)
            if seat == s.landlord:
                m &= ~s.bottom
            k = seat * nh
            for c in range(54):
                if (m >> c) & 1:
                    new.s.dealt[k] = c
                    k += 1
        return new

    # ------------------------------------------------------------ export
    def export(self):
        """The deal as a list of ints: ``game``, ``first`` (-1 in Zheng Shangyou), the
        generator state, the redeals so far, the cards as dealt, the number of actions, then
        per action its id, its number of cards and its cards in the order played (see
        ``from_export``)."""
        self.live()
        cdef const Deal* s = &self.s
        cdef int k, seat, n, j
        cdef int taken[3]
        cdef int np = 0
        out = [s.game, s.first if s.game == 0 else -1, s.rng, s.redeals]
        out += [s.dealt[k] for k in range(_NDEALT[s.game])]
        out.append(s.nev)
        taken[0] = taken[1] = taken[2] = 0
        for k in range(s.nev):
            out.append(s.ev_id[k])
            if k >= s.nauction and s.ev_id[k] != 0:
                seat = s.ev_seat[k]
                n = cc_popcount(s.play_mask[np])
                np += 1
                out.append(n)
                out += [s.played[seat][taken[seat] + j] for j in range(n)]
                taken[seat] += n
            else:
                out.append(0)
        return out


def from_export(values):
    """The ``Core`` whose ``export()`` is ``values`` (the deal rebuilt, its actions replayed:
    anything that is no such list raises ``CardcoreError``)."""
    v, _ = export_fields(values, _EXPORT_HEAD)
    g = int_arg(v[0], "values: game", 0, 1, CardcoreError)
    nd = _NDEALT[g]
    head = 4
    if len(v) < head + nd + 1:
        raise CardcoreError(f"values: expected at least {head + nd + 1} ints, got {len(v)}")
    first = int_arg(v[1], "values: first", -1 if g else 0, -1 if g else 2, CardcoreError)
    rng = int_arg(v[2], "values: rng_state", 0, _U64, CardcoreError)
    redeals = int_arg(v[3], "values: redeals", 0, 0 if g else _MAX_REDEALS, CardcoreError)
    cdef Core core = Core(g, v[head:head + nd], or_none(first), rng)
    core.s.redeals = redeals
    n = int_arg(v[head + nd], "values: actions", 0, MAX_EVENTS, CardcoreError)
    p = head + nd + 1
    for _ in range(n):
        if p + 2 > len(v):
            raise CardcoreError("values: the actions end early")
        i = v[p]
        k = int_arg(v[p + 1], "values: cards of an action", 0, 20, CardcoreError)
        if p + 2 + k > len(v):
            raise CardcoreError("values: the actions end early")
        cards = v[p + 2:p + 2 + k]
        p += 2 + k
        if type(i) is not int or core.c_over() or not core.c_is_legal(action_id(i)):
            raise CardcoreError(f"values: action id {quote(i)} is not legal where it stands")
        if core.s.phase == PH_PLAY and i != 0 and not k:
            raise CardcoreError(f"values: action id {i}: a play without its cards")
        core.apply_cards(i, cards)
        if core.s.redeals != redeals:
            raise CardcoreError("values: the actions end in a redeal (an export starts after "
                                "it)")
    if p != len(v):
        raise CardcoreError(f"values: {len(v) - p} ints after the actions")
    return core


def from_seed(seed, game="doudizhu", first=None):
    """The deal ``cardcore.new_game(game, seed=seed).core`` starts with: the cards shuffled by
    the SplitMix64 generator of state ``seed`` (Dou Dizhu: the 54 ids, then the first bidder
    drawn, unless ``first`` gives it; Zheng Shangyou: the 48 ids of its deck, ascending; no
    ``first``), the generator carried on for the redeals. ``game``: ``"doudizhu"`` or
    ``"zhengshangyou"``."""
    cdef uint64_t st = <uint64_t>int_arg(seed, "seed", 0, _U64, CardcoreError)
    cdef uint8_t deck[54]
    cdef int g, k, nd = 0, f = -1
    if type(game) is not str or game not in GAMES:
        raise CardcoreError(f"game {quote(game)}: expected 'doudizhu' or 'zhengshangyou'")
    g = GAMES.index(game)
    if g == 0:
        if first is not None:
            f = int_arg(first, "first", 0, 2, CardcoreError)
        for k in range(54):
            deck[nd] = k
            nd += 1
    else:
        if first is not None:
            raise CardcoreError(f"first {quote(first)}: Zheng Shangyou takes None (the holder "
                                "of the 3 of hearts leads)")
        for k in range(52):
            if k in _ZSY_DECK:
                deck[nd] = k
                nd += 1
    rng_shuffle(deck, nd, &st)
    if g == 0 and f < 0:
        f = <int>rng_below(&st, 3)
    return Core(g, [deck[k] for k in range(nd)], f if g == 0 else None, st)
