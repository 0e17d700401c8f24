# cython: language_level=3
"""What the compiled step cores share around the one core contract (``core.pxd``): their sizes
and readiness, the search of a legal id, the first read of an export (inline: compiled into each
core that cimports them)."""

from libc.stdint cimport int32_t, uint8_t, uint64_t

from cardcore._fast.args cimport int_arg, int_list, seq_arg
from cardcore._fast.bits cimport deck_shuffle
from cardcore._fast.core cimport Core


cdef inline void set_sizes(Core core, int players, int actions, int obs_size,
                           int max_legal):
    """The contract's sizes of ``core``: its seats, its ids, one observation of ``obs_size``
    floats, the most legal ids a position can have."""
    core.num_players = players
    core.num_distinct_actions = actions
    core.observation_shape = (obs_size,)
    core.obs_size = obs_size
    core.max_legal = max_legal


cdef inline void made(Core core, int players, int actions, int obs_size,
                      int max_legal):
    """``core`` ready: its sizes set (``set_sizes``), then marked as holding a deal (what a
    constructor does last)."""
    set_sizes(core, players, actions, obs_size, max_legal)
    core._ready = True


cdef inline tuple export_fields(object values, tuple fields):
    """An export read back by a core's ``from_export``: ``values`` (any iterable of values but
    a string) as a list of at least ``len(fields)`` values, and a dict of its first values by
    the names ``fields``; else ``CardcoreError``."""
    from cardcore.errors import CardcoreError

    v = seq_arg(values, "values", "a list of ints", CardcoreError)
    if len(v) < len(fields):
        raise CardcoreError(f"values: expected at least {len(fields)} ints, got {len(v)}")
    return v, dict(zip(fields, v))


cdef inline tuple shuffled_ids(object seed, int n, int first):
    """A step module's ``shuffled_deck(seed)``: the ``n`` (at most 64) card ids from ``first``
    shuffled from the generator state ``seed`` (an int 0 .. 2**64 - 1, else ``CardcoreError``)
    as ``cardcore.rng.Rng(seed).shuffle(list(range(first, first + n)))`` does, and the state
    after the draws: ``(cards, state)``."""
    from cardcore.errors import CardcoreError

    cdef uint64_t st = <uint64_t>int_arg(seed, "seed", 0, (1 << 64) - 1, CardcoreError)
    cdef uint8_t deck[64]
    deck_shuffle(deck, n, first, &st)
    return int_list(deck, n), st


cdef inline bint id_among(long i, const int32_t* ids, int n) noexcept nogil:
    """Whether ``i`` is one of the ``n`` ids (a core's ``c_is_legal`` where the rule has no
    quicker test than listing the legal ids)."""
    cdef int k
    for k in range(n):
        if ids[k] == i:
            return True
    return False
