# Bit helpers shared by the kernels: ``from cardcore._fast.bits cimport cc_popcount, ...``.
#
# Everything here is inline (C ``static inline`` or Cython ``cdef inline``): no module of its
# own is built for this file. On x86-64 ``setup.py`` compiles every kernel twice (see its
# docstring): the baseline copy, where ``cc_popcount`` is a short bit trick and ``cc_pext`` /
# ``cc_pdep`` are loops, and the copy with the C macro ``CARDCORE_CPU_BMI2`` (``-mpopcnt -mbmi
# -mbmi2 -mlzcnt`` on GCC and Clang, the intrinsics on MSVC), where they are single
# instructions. ``cardcore._fast`` loads that copy only on a CPU that has those instructions.
# ``CC_FAST_PEXT`` says whether ``pext``/``pdep`` are single fast instructions: in the BMI2 copy
# it asks the CPU once (Intel, and AMD from Zen 3, family 0x19; earlier AMD CPUs run them as slow
# microcode), elsewhere it is 0.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t

cdef extern from *:
    """
    #ifndef CARDCORE_BITS_H
    #define CARDCORE_BITS_H
    #if defined(_MSC_VER)
    #include <intrin.h>
    #if defined(CARDCORE_CPU_BMI2)
    static __inline int cc_popcount(unsigned long long x) { return (int)__popcnt64(x); }
    #else
    static __inline int cc_popcount(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    #endif
    static __inline int cc_ctz(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static __inline int cc_msb(unsigned long long x) { unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
    #else
    static inline int cc_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int cc_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int cc_msb(unsigned long long x) { return 63 - __builtin_clzll(x); }
    #endif
    #if defined(__GNUC__)
    #define cc_prefetch(p) __builtin_prefetch(p)
    #else
    #define cc_prefetch(p) ((void)0)
    #endif
    #if defined(CARDCORE_CPU_BMI2) && (defined(__x86_64__) || defined(_M_X64)) && (defined(__BMI2__) || defined(_MSC_VER))
    #include <immintrin.h>
    #if defined(_MSC_VER)
    #define cc_cpuid(leaf, r) __cpuidex((int*)(r), (leaf), 0)
    #else
    #include <cpuid.h>
    #define cc_cpuid(leaf, r) __cpuid_count((leaf), 0, (r)[0], (r)[1], (r)[2], (r)[3])
    #endif
    /* 1 on Intel CPUs and on AMD from family 0x19 (Zen 3), where pext/pdep are single fast
       instructions; 0 elsewhere (microcode taking tens of cycles): asked once, then kept */
    static int cc_fast_pext_known = -1;
    static inline int cc_fast_pext_ask(void) {
        unsigned int r[4] = {0, 0, 0, 0};
        unsigned int family;
        cc_cpuid(0, r);
        if (r[1] == 0x756e6547u && r[3] == 0x49656e69u && r[2] == 0x6c65746eu)   /* GenuineIntel */
            return 1;
        if (!(r[1] == 0x68747541u && r[3] == 0x69746e65u && r[2] == 0x444d4163u))  /* AuthenticAMD */
            return 0;
        cc_cpuid(1, r);
        family = (r[0] >> 8) & 0xF;
        if (family == 0xF)
            family += (r[0] >> 20) & 0xFF;
        return family >= 0x19;
    }
    static inline int cc_fast_pext(void) {
        if (cc_fast_pext_known < 0)
            cc_fast_pext_known = cc_fast_pext_ask();
        return cc_fast_pext_known;
    }
    #define CC_FAST_PEXT (cc_fast_pext())
    static inline unsigned long long cc_pext(unsigned long long x, unsigned long long m) { return _pext_u64(x, m); }
    static inline unsigned long long cc_pdep(unsigned long long x, unsigned long long m) { return _pdep_u64(x, m); }
    #else
    #define CC_FAST_PEXT 0
    static inline unsigned long long cc_pext(unsigned long long x, unsigned long long m) {
        unsigned long long r = 0, bit = 1;
        for (; m; m &= m - 1, bit <<= 1) if (x & m & (~m + 1)) r |= bit;
        return r;
    }
    static inline unsigned long long cc_pdep(unsigned long long x, unsigned long long m) {
        unsigned long long r = 0, bit = 1;
        for (; m; m &= m - 1, bit <<= 1) if (x & bit) r |= m & (~m + 1);
        return r;
    }
    #endif
    #endif
    """
    # number of set bits
    int cc_popcount(unsigned long long x) noexcept nogil
    # index of the lowest set bit; ``x`` must not be 0
    int cc_ctz(unsigned long long x) noexcept nogil
    # index of the highest set bit; ``x`` must not be 0
    int cc_msb(unsigned long long x) noexcept nogil
    # a hint to fetch the cache line holding ``p`` (no effect where unsupported)
    void cc_prefetch(const void* p) noexcept nogil
    # the bits of ``x`` at the set bits of ``m``, packed into the low bits (``pext``)
    unsigned long long cc_pext(unsigned long long x, unsigned long long m) noexcept nogil
    # the low bits of ``x`` spread to the set bits of ``m`` (``pdep``)
    unsigned long long cc_pdep(unsigned long long x, unsigned long long m) noexcept nogil
    # 1 when the two above are single fast instructions (BMI2 copy on a CPU where they
    # are fast), 0 when they are loops or slow microcode
    bint CC_FAST_PEXT


cdef inline int cc_msb_or(uint64_t x, int none) noexcept nogil:
    """Index of the highest set bit, or ``none`` when ``x`` is 0."""
    return cc_msb(x) if x else none


cdef inline uint64_t cc_lowest(uint64_t x) noexcept nogil:
    """The lowest set bit of ``x`` as a mask (0 for 0)."""
    return x & (~x + 1)


cdef inline uint64_t cc_drop_lowest(uint64_t x) noexcept nogil:
    """``x`` without its lowest set bit."""
    return x & (x - 1)


cdef inline int cc_pop_lowest(uint64_t* x) noexcept nogil:
    """Bit iteration: the index of the lowest set bit of ``x[0]``, which is cleared
    (``while m: b = cc_pop_lowest(&m)``); ``x[0]`` must not be 0."""
    cdef int b = cc_ctz(x[0])
    x[0] &= x[0] - 1
    return b


cdef inline int cc_bit_ids(const uint64_t* bits, int words, int first, int32_t* out) noexcept nogil:
    """The set bits of the ``words`` words at ``bits`` (bit ``b`` of word ``w`` is number
    ``64 w + b``) as ids, ``first`` + their number, ascending into ``out``; returns how many."""
    cdef int w, n = 0
    cdef uint64_t m
    for w in range(words):
        m = bits[w]
        while m:
            out[n] = first + 64 * w + cc_pop_lowest(&m)
            n += 1
    return n


cdef inline uint64_t cc_top_bits(uint64_t x, int n) noexcept nogil:
    """The ``n`` highest set bits of ``x`` (all of them when it has fewer)."""
    cdef uint64_t out = 0
    cdef int b
    while n > 0 and x:
        b = cc_msb(x)
        x ^= (<uint64_t>1) << b
        out |= (<uint64_t>1) << b
        n -= 1
    return out


ctypedef fused small_value:
    uint8_t
    int
    int64_t


cdef inline void insert_ascending(small_value* a, int n, small_value x) noexcept nogil:
    """``x`` put into the ``n`` ascending values at ``a`` (room for one more): one step of an
    insertion sort."""
    while n > 0 and a[n - 1] > x:
        a[n] = a[n - 1]
        n -= 1
    a[n] = x


# SplitMix64 (Steele, Lea & Flood): the generator of ``cardcore.rng.Rng``, which is its
# definition; ``tests/test_kernel_rng.py`` pins that the two give the same stream.
cdef inline uint64_t splitmix64_next(uint64_t* state) noexcept nogil:
    """The next output of the SplitMix64 stream whose state is ``state[0]`` (advanced)."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)


# Bounded draws on that stream, ``n`` > 0. Two rules, each kept because pinned games and
# published results depend on its numbers:
# - ``rng_below``: rejection, exactly ``cardcore.rng.Rng.below`` (the Python definition): the
#   shuffles (``cardset.shuffle``, the Hold'em deal);
# - ``rng_below_mulshift``: multiply-shift ``((x >> 32) * n) >> 32`` without rejection (a bias
#   under n / 2**32), exactly ``cardcore.rng.Rng.below_mulshift``: the poker Monte Carlo.
cdef inline uint64_t rng_below(uint64_t* state, uint64_t n) noexcept nogil:
    """A uniform draw in ``[0, n)`` by rejection (``Rng.below``); ``state[0]`` is advanced."""
    # 2**64 - (2**64 % n): with 64-bit wrap-around, (2**64 % n) == ((0 - n) % n); 0 stands
    # for 2**64 (n a power of two: every output is accepted)
    cdef uint64_t limit = <uint64_t>0 - ((<uint64_t>0 - n) % n)
    cdef uint64_t x
    while True:
        x = splitmix64_next(state)
        if limit == 0 or x < limit:
            return x % n


cdef inline uint32_t rng_below_mulshift(uint64_t* state, uint32_t n) noexcept nogil:
    """A draw in ``[0, n)`` by multiply-shift (``Rng.below_mulshift``); ``state[0]`` is
    advanced by one output."""
    return <uint32_t>(((splitmix64_next(state) >> 32) * n) >> 32)


cdef inline void rng_shuffle(uint8_t* a, int n, uint64_t* state) noexcept nogil:
    """Fisher-Yates over the ``n`` bytes at ``a``, the draws of ``Rng.shuffle`` (``rng_below``
    from the last place down); ``state[0]`` is advanced."""
    cdef int i, j
    cdef uint8_t t
    for i in range(n - 1, 0, -1):
        j = <int>rng_below(state, <uint64_t>(i + 1))
        t = a[i]
        a[i] = a[j]
        a[j] = t


cdef inline void deck_shuffle(uint8_t* deck, int n, int first, uint64_t* state) noexcept nogil:
    """The ``n`` ids ``first, first + 1, ...`` into ``deck``, shuffled by ``rng_shuffle`` (the
    draws of ``Rng.shuffle(list(range(first, first + n)))``); ``state[0]`` is advanced."""
    cdef int i
    for i in range(n):
        deck[i] = <uint8_t>(first + i)
    rng_shuffle(deck, n, state)
