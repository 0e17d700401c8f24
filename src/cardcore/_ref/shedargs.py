"""Argument checks of the plain-Python shedding kernels (``shedding``: Dou Dizhu and Zheng
Shangyou; ``guandan``): a hand as a vector of small counts, a move's key ``(kind, rank,
length)``; the twin of ``cardcore._fast.shedargs``. Every bad argument raises the library's
error naming it."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import CardcoreError, CardError, quote


def index_or_none(x: Any) -> int | None:
    """``x`` as a Python int when it is an int or numpy integer (not a bool), else None."""
    if type(x) is int:
        return x
    if isinstance(x, (bool, np.bool_)):
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


def count_vector(counts: Any, caps: Sequence[int], what: str, noun: str,
                 item: str) -> list[int]:
    """``counts``: ``len(caps)`` small counts (the one at index ``i`` at most ``caps[i]``),
    any sequence of ints, as a list; else ``CardError`` naming ``what``. ``noun`` names the
    counts ("card", "rank"), ``item`` an index ("card id", "rank index")."""
    n = len(caps)
    if isinstance(counts, str):
        raise CardError(f"{what} {quote(counts)}: expected {n} {noun} counts")
    try:
        seq = list(counts)
    except TypeError:
        raise CardError(f"{what} {quote(counts)}: expected {n} {noun} counts") from None
    if len(seq) != n:
        raise CardError(f"{what}: expected {n} {noun} counts, got {len(seq)}")
    out = []
    for i, (v, cap) in enumerate(zip(seq, caps)):
        x = index_or_none(v)
        if x is None:
            raise CardError(f"{what}: count {quote(v)} at {item} {i}: expected an int")
        if not 0 <= x <= cap:
            raise CardError(f"{what}: count {quote(x)} at {item} {i} outside 0..{cap}")
        out.append(x)
    return out


def key_arg(key: Any, what: str) -> tuple[int, int, int]:
    """``key`` as three Python ints ``(kind, rank, length)``, else ``CardcoreError`` naming
    ``what`` (their ranges are the caller's to check)."""
    if isinstance(key, (str, bytes)):
        raise CardcoreError(f"{what} {quote(key)}: expected (kind, rank, length)")
    try:
        t = tuple(key)
    except TypeError:
        raise CardcoreError(f"{what} {quote(key)}: expected (kind, rank, length)") from None
    if len(t) != 3:
        raise CardcoreError(f"{what} {quote(key)}: expected (kind, rank, length)")
    k, r, n = index_or_none(t[0]), index_or_none(t[1]), index_or_none(t[2])
    if k is None or r is None or n is None:
        raise CardcoreError(f"{what} {quote(key)}: expected three ints (kind, rank, length)")
    return k, r, n


__all__ = ["index_or_none", "count_vector", "key_arg"]
