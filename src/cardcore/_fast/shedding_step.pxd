# The step of the shedding games on integer action ids: C-level declarations.
#
# The functions of ``shedding_step.pyx`` work on the game state's attribute dict; the C-level
# helpers others may use read a hand kept by a state (a list of distinct card ids) as a card mask
# (bit ``id`` for card id ``id``) and state the scoring rules the step applies (their one
# definition; the plain-Python twin ``_ref.shedding_step`` keeps the same).

from libc.stdint cimport uint64_t

cdef int _mask_of(object hand, uint64_t* out) except -1

cdef enum:
    # Zheng Shangyou's bomb bonus: the bomber wins it, each opponent pays half of it
    ZSY_BOMB_BONUS = 20
    # Dou Dizhu's ways a finished deal doubles (``ddz_spring_c``)
    DDZ_NO_SPRING = 0
    DDZ_SPRING = 1
    DDZ_REVERSE_SPRING = 2

# Zheng Shangyou: whether a play of kind ``kind`` (an index of ``ZSY_KINDS``) claims the bomb
# bonus: a bomb or an ace bomb played as an answer (``answering``), never a lead
cdef bint zsy_claims_bonus_c(int kind, bint answering) noexcept nogil
# Zheng Shangyou: the score change of seat ``s`` when seat ``bomber``'s bomb bonus is settled
cdef int zsy_bonus_share_c(int bomber, int s) noexcept nogil
# Dou Dizhu: how a finished deal doubles (DDZ_*): a spring when the landlord went out before
# either farmer played a card, a reverse spring when a farmer went out while the landlord had
# played only the opening lead; ``num_plays``: the plays of seats 0, 1, 2
cdef int ddz_spring_c(int landlord, int winner, const long* num_plays) noexcept nogil
# Dou Dizhu: the multiplier, doubled on every bomb and rocket played and once more for a spring
# or reverse spring
cdef long ddz_multiplier_c(int bombs, bint doubled) noexcept nogil
