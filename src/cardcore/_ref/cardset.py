"""Plain-Python twin of ``cardcore._fast.cardset`` (same functions, same results)."""

from __future__ import annotations

import numpy as np

NCARDS = 54


def _ids(ids) -> list[int]:
    arr = np.asarray(ids)
    if arr.ndim != 1:
        raise ValueError(f"card ids: expected a 1-d sequence, got shape {arr.shape}")
    out = [int(x) for x in arr.astype(np.uint8)]
    for i, c in enumerate(out):
        if c >= NCARDS:
            raise ValueError(f"card id {c} at index {i}: out of range 0..53")
    return out


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def mask(ids) -> int:
    m = 0
    for c in _ids(ids):
        m |= 1 << c
    return m


def from_mask(mask: int) -> np.ndarray:
    if mask >> NCARDS:
        raise ValueError(f"mask {mask:#x}: bits above 53 are set")
    return np.array([b for b in range(NCARDS) if mask >> b & 1], dtype=np.uint8)


def card_counts(ids) -> np.ndarray:
    out = np.zeros(NCARDS, dtype=np.uint8)
    for c in _ids(ids):
        out[c] += 1
    return out


def rank_counts(ids) -> np.ndarray:
    out = np.zeros(15, dtype=np.uint8)
    for c in _ids(ids):
        out[c >> 2 if c < 52 else c - 39] += 1
    return out


def suit_masks(mask: int) -> tuple[int, int, int, int]:
    return tuple(sum(1 << r for r in range(13) if mask >> (r * 4 + s) & 1) for s in range(4))


def same_multiset(a, b) -> bool:
    return sorted(_ids(a)) == sorted(_ids(b))
