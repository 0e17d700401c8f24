# cython: language_level=3
"""What this CPU can run, and how the kernels were built (``cardcore.build_info()``).

A small module compiled for the platform's baseline only: ``cardcore._fast`` asks it, before
loading any kernel, whether the CPU has the instructions of the kernels' second copy
(``popcnt``, BMI1, BMI2, ``lzcnt``; see ``setup.py``).
"""

import json

cdef extern from *:
    """
    #if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    #include <intrin.h>
    #define CC_X86 1
    static void cc_cpuid(unsigned int leaf, unsigned int r[4]) {
        int x[4]; __cpuidex(x, (int)leaf, 0);
        r[0] = (unsigned)x[0]; r[1] = (unsigned)x[1]; r[2] = (unsigned)x[2]; r[3] = (unsigned)x[3];
    }
    #elif (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    #include <cpuid.h>
    #define CC_X86 1
    static void cc_cpuid(unsigned int leaf, unsigned int r[4]) {
        __cpuid_count(leaf, 0, r[0], r[1], r[2], r[3]);
    }
    #else
    #define CC_X86 0
    static void cc_cpuid(unsigned int leaf, unsigned int r[4]) {
        (void)leaf; r[0] = r[1] = r[2] = r[3] = 0;
    }
    #endif
    #if defined(__clang__)
    #define CC_COMPILER "clang " __clang_version__
    #elif defined(__GNUC__)
    #define CC_COMPILER "gcc " __VERSION__
    #elif defined(_MSC_VER)
    #define CC_STR2(x) #x
    #define CC_STR(x) CC_STR2(x)
    #define CC_COMPILER "msvc " CC_STR(_MSC_FULL_VER)
    #else
    #define CC_COMPILER "unknown"
    #endif
    #include "cardcore_build.h"
    """
    bint CC_X86
    void cc_cpuid(unsigned int leaf, unsigned int r[4]) noexcept nogil
    const char* CC_COMPILER
    const char* CARDCORE_BUILD_PATHS
    const char* CARDCORE_BUILD_FLAGS
    const char* CARDCORE_BUILD_CYTHON
    const char* CARDCORE_BUILD_NUMPY
    const char* CARDCORE_BUILD_PLATFORM
    const char* CARDCORE_BUILD_STATS


def cpu_features():
    """The CPU's vendor, family and the instructions the kernels' second copy uses, from cpuid:
    ``{"x86": bool, "vendor": str, "family": int, "popcnt": bool, "bmi1": bool, "bmi2": bool,
    "lzcnt": bool, "pext_fast": bool}`` (all false off x86)."""
    cdef unsigned int r[4]
    cdef unsigned int top, family = 0
    out = {"x86": bool(CC_X86), "vendor": "", "family": 0, "popcnt": False, "bmi1": False,
           "bmi2": False, "lzcnt": False, "pext_fast": False}
    if not CC_X86:
        return out
    cc_cpuid(0, r)
    top = r[0]
    vendor = b"".join(int(w).to_bytes(4, "little") for w in (r[1], r[3], r[2]))
    out["vendor"] = vendor.decode("ascii", "replace").rstrip("\0")
    if top >= 1:
        cc_cpuid(1, r)
        family = (r[0] >> 8) & 0xF
        if family == 0xF:
            family += (r[0] >> 20) & 0xFF
        out["family"] = family
        out["popcnt"] = bool(r[2] & (1 << 23))
    if top >= 7:
        cc_cpuid(7, r)
        out["bmi1"] = bool(r[1] & (1 << 3))
        out["bmi2"] = bool(r[1] & (1 << 8))
    cc_cpuid(0x80000000, r)
    if r[0] >= 0x80000001:
        cc_cpuid(0x80000001, r)
        out["lzcnt"] = bool(r[2] & (1 << 5))
    # the same rule as ``CC_FAST_PEXT`` in ``_fast/bits.pxd``
    out["pext_fast"] = out["bmi2"] and (out["vendor"] == "GenuineIntel" or (
        out["vendor"] == "AuthenticAMD" and family >= 0x19))
    return out


def build():
    """How this build was made: ``{"paths": [...], "flags": {path: [...]}, "compiler": str,
    "cython": str, "numpy": str, "platform": str, "stats": bool}``."""
    return {
        "paths": CARDCORE_BUILD_PATHS.decode().split(","),
        "flags": json.loads(CARDCORE_BUILD_FLAGS.decode()),
        "compiler": CC_COMPILER.decode(errors="replace"),
        "cython": CARDCORE_BUILD_CYTHON.decode(),
        "numpy": CARDCORE_BUILD_NUMPY.decode(),
        "platform": CARDCORE_BUILD_PLATFORM.decode(),
        "stats": CARDCORE_BUILD_STATS.decode() == "1",
    }
