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
from .args import list_arg as _list_arg


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
    if isinstance(counts, bytes):         # (bytes are counts, as the compiled twin reads them)
        if len(counts) != n:
            raise CardError(f"{what}: expected {n} {noun} counts, got {len(counts)}")
        seq = list(counts)
    else:
        seq = _list_arg(counts, what, n, f"{n} {noun} counts", CardError)
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
    t = _list_arg(key, what, 3, "(kind, rank, length)", CardcoreError)
    k, r, n = index_or_none(t[0]), index_or_none(t[1]), index_or_none(t[2])
    if k is None or r is None or n is None:
        raise CardcoreError(f"{what} {quote(key)}: expected three ints (kind, rank, length)")
    return k, r, n


__all__ = ["index_or_none", "count_vector", "key_arg"]
