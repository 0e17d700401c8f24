# Bit helpers shared by the kernels: ``from cardcore._fast.bits cimport cc_popcount, ...``.
#
# Everything here is inline (C ``static inline`` or Cython ``cdef inline``): no module of its
# own is built for this file. On x86-64 ``setup.py`` builds with ``-mpopcnt`` when the building
# machine has the instruction (``CARDCORE_PORTABLE=1`` turns that off), so ``cc_popcount`` is
# one instruction there and a short bit trick elsewhere; likewise ``-mbmi2`` for ``cc_pext`` and
# ``cc_pdep`` on CPUs where those are fast.

from libc.stdint cimport uint64_t

cdef extern from *:
    """
    #ifndef CARDCORE_BITS_H
    #define CARDCORE_BITS_H
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int cc_popcount(unsigned long long x) { return (int)__popcnt64(x); }
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
    #if defined(__BMI2__) && defined(__x86_64__) && defined(__GNUC__)
    #include <immintrin.h>
    #define CC_FAST_PEXT 1
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
    # 1 when the two above are single instructions (BMI2), 0 when they are loops
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


# SplitMix64 (Steele, Lea & Flood): the generator of ``cardcore.rng.Rng``, which is its
# definition; ``tests/test_kernel_rng.py`` pins that the two give the same stream.
cdef inline uint64_t splitmix64_next(uint64_t* state) noexcept nogil:
    """The next output of the SplitMix64 stream whose state is ``state[0]`` (advanced)."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)
