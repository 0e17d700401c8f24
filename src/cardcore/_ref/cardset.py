"""Plain-Python twin of ``cardcore._fast.cardset`` (same functions, same results, same errors).

Argument checks are the kernel's: card ids are a 1-d sequence (or array) of ints 0..53, each
checked before any conversion (no id wraps modulo 256); a mask is an int (or numpy integer,
not a bool) without bits above the function's width. Bad input raises ``CardError`` naming
the argument.
"""

from __future__ import annotations

import operator

import numpy as np

from cardcore.errors import CardError, quote

NCARDS = 54


def _r(x) -> str:
    """``repr(x)`` as the kernel's messages show it (``quote`` where repr fails: an int too
    large to print in decimal)."""
    try:
        return repr(x)
    except ValueError:
        return quote(x)


def _ids(ids) -> list[int]:
    """Card ids as a list of ints, each checked to be 0..53 (the kernel's ``_as_ids``)."""
    if isinstance(ids, (str, bytes)):
        raise CardError(f"card ids {_r(ids)}: expected a 1-d sequence of ints")
    try:
        arr = np.asarray(ids)
    except (TypeError, ValueError, OverflowError):
        raise CardError(f"card ids {_r(ids)}: expected a 1-d sequence of ints") from None
    if arr.ndim != 1:
        raise CardError(f"card ids: expected a 1-d sequence, got shape {arr.shape}")
    if arr.size == 0:
        return []
    if arr.dtype.kind not in "iu":
        raise CardError(f"card ids: expected ints, got dtype {arr.dtype}")
    out = arr.tolist()
    for i, c in enumerate(out):
        if not 0 <= c < NCARDS:
            raise CardError(f"card id {c} at index {i}: out of range 0..53")
    return out


def _mask(mask, bits: int) -> int:
    """A card mask: an int (or numpy integer, not a bool) of at most ``bits`` bits."""
    if isinstance(mask, (bool, np.bool_)) or not isinstance(mask, (int, np.integer)):
        raise CardError(f"mask {_r(mask)}: expected an int")
    v = operator.index(mask)
    if v < 0:
        raise CardError(f"mask {_r(mask)}: negative")
    if v >> bits:
        raise CardError(f"mask {v:#x}: bits above {bits - 1} are set")
    return v


def popcount(mask) -> int:
    return bin(_mask(mask, 64)).count("1")


def mask(ids) -> int:
    m = 0
    for c in _ids(ids):
        m |= 1 << c
    return m


def from_mask(mask) -> np.ndarray:
    m = _mask(mask, NCARDS)
    return np.array([b for b in range(NCARDS) if m >> b & 1], dtype=np.uint8)


def _wrapped(counts: list[int]) -> np.ndarray:
    # the kernel counts in uint8 (a count above 255 wraps there too)
    return np.array([x & 0xFF for x in counts], dtype=np.uint8)


def card_counts(ids) -> np.ndarray:
    out = [0] * NCARDS
    for c in _ids(ids):
        out[c] += 1
    return _wrapped(out)


def rank_counts(ids) -> np.ndarray:
    out = [0] * 15
    for c in _ids(ids):
        out[c >> 2 if c < 52 else c - 39] += 1
    return _wrapped(out)


def suit_masks(mask) -> tuple[int, int, int, int]:
    m = _mask(mask, NCARDS)
    c, d, h, s = (sum(1 << r for r in range(13) if m >> (r * 4 + su) & 1) for su in range(4))
    return c, d, h, s


def same_multiset(a, b) -> bool:
    va, vb = _ids(a), _ids(b)
    return len(va) == len(vb) and sorted(va) == sorted(vb)


def shuffle(seq: list, state: int) -> int:
    """Fisher-Yates shuffle of ``seq`` in place with the SplitMix64 generator whose state is
    ``state`` (the draws of ``cardcore.rng.Rng.shuffle``); returns the new state."""
    from cardcore.errors import CardcoreError
    from cardcore.rng import Rng

    if type(seq) is not list:
        raise CardcoreError(f"seq: expected a list, got {type(seq).__name__}")
    if isinstance(state, (bool, np.bool_)) or not isinstance(state, (int, np.integer)):
        raise CardcoreError(f"state {_r(state)}: expected an int")
    rng = Rng(operator.index(state) & ((1 << 64) - 1))
    for i in range(len(seq) - 1, 0, -1):
        j = rng.below(i + 1)
        seq[i], seq[j] = seq[j], seq[i]
    return rng.state
