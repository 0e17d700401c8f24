# The no-limit betting rule of the poker step cores, compiled (``betting.pyx``; the plain-Python
# twin ``cardcore._ref.betting`` documents the rule): one betting state of up to four seats as
# a C struct, which the Hold'em and One Poker step cores hold inside their own states.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t

cdef enum:
    BT_MAX_SEATS = 4
    BT_NUM_IDS = 7
    BT_FOLD = 0
    BT_CHECK = 1
    BT_CALL = 2
    BT_RAISE_MIN = 3
    BT_RAISE_HALF_POT = 4
    BT_RAISE_POT = 5
    BT_ALL_IN = 6
    BT_MAX_POTS = 5         # main pot and side pots of four seats (at most one a seat, + rest)

cdef struct Bet:
    int64_t stacks[4]       # chips behind per seat
    int64_t bets[4]         # chips put in this betting round
    int64_t contrib[4]      # chips put in this hand
    int64_t faced[4]        # the highest bet when the seat last acted this round; -1: not yet
    int64_t amounts[7]      # raise-to total per listed id (ids 3..6)
    int64_t max_bet
    int64_t last_inc        # last full bet or raise increment
    int64_t min_bet         # the increment a round starts with
    uint8_t folded[4]
    uint8_t pending[4]      # still has to act this round
    int8_t n                # seats at the table (2..4)
    int8_t actor            # -1: none
    uint8_t legal           # bit i: id i is listed for the actor

cdef int64_t bt_owed(const Bet* b, int seat) noexcept nogil
cdef int bt_n_live(const Bet* b) noexcept nogil
cdef bint bt_can_raise(const Bet* b, int seat) noexcept nogil
cdef bint bt_has_decision(const Bet* b, int seat) noexcept nogil
cdef int64_t bt_min_raise_to(const Bet* b) noexcept nogil
cdef int64_t bt_max_raise_to(const Bet* b) noexcept nogil
cdef int64_t bt_post(Bet* b, int seat, int64_t amount, bint as_bet) noexcept nogil
cdef void bt_advance(Bet* b, int start) noexcept nogil
cdef void bt_start_round(Bet* b, int first, bint keep_bets) noexcept nogil
cdef void bt_list_sizes(Bet* b) noexcept nogil
cdef void bt_perform(Bet* b, int i, int64_t amount) noexcept nogil
cdef int64_t bt_return_uncalled(Bet* b) noexcept nogil
cdef int bt_pots(const Bet* b, int64_t* amount, uint8_t* elig) noexcept nogil
cdef void bt_award(Bet* b, const int32_t* strength, int odd_from, int64_t* won) noexcept nogil
cdef dict bt_view(const Bet* b)
