"""Argument checks shared by the plain-Python kernels (the twin of ``cardcore._fast.args``):
every bad argument raises the library's error naming the argument."""

from __future__ import annotations

from typing import Any

from ..errors import CardError, IllegalAction, int_arg, quote

#: the C long range of the compiled kernels' ids: an int outside it reads as -1 (never legal)
_LONG = 2**63


def action_id(i: Any) -> int:
    """An action id as an int: -1 for an int outside every id range (never legal). An int or a
    numpy integer (read as its value); a bool, numpy's included, or anything else raises
    ``IllegalAction``."""
    if type(i) is not int:
        import operator

        import numpy as np

        if isinstance(i, (bool, np.bool_)):
            raise IllegalAction(f"action id {quote(i)}: expected an int, not a bool")
        if not isinstance(i, (int, np.integer)):
            raise IllegalAction(f"action id {quote(i)}: expected an int")
        i = operator.index(i)   # (an int subclass's value as stored: no method of it runs)
    return i if -_LONG <= i < _LONG else -1


def seq_arg(x: Any, what: str, expected: str, err: type[Exception]) -> list[Any]:
    """``x`` (any iterable but a string) as a list, else ``err`` naming ``what`` and saying it
    ``expected`` that."""
    if isinstance(x, (str, bytes)):
        raise err(f"{what} {quote(x)}: expected {expected}")
    try:
        return list(x)
    except TypeError:
        raise err(f"{what} {quote(x)}: expected {expected}") from None


def list_arg(x: Any, what: str, n: int, expected: str, err: type[Exception]) -> list[Any]:
    """``x`` as ``seq_arg`` reads it, of exactly ``n`` items, else ``err`` naming ``what`` and
    saying it ``expected`` that."""
    items = seq_arg(x, what, expected, err)
    if len(items) != n:
        raise err(f"{what}: expected {expected}, got {len(items)}")
    return items


def card_mask(cards: Any, what: str, first: int, most: int) -> int:
    """``cards`` (a list or tuple of at most ``most`` distinct card ids ``first..51``) as a
    mask, else ``CardError`` naming ``what``."""
    if not isinstance(cards, (list, tuple)) or len(cards) > most:
        raise CardError(f"{what} {quote(cards)}: expected a list of at most {most} card ids")
    m = 0
    for c in cards:
        bit = 1 << int_arg(c, f"{what}: card", first, 51, CardError)
        if m & bit:
            raise CardError(f"{what} {quote(cards)}: card {c} twice")
        m |= bit
    return m


def mask_cards(m: int) -> list[int]:
    """The card ids of the mask ``m``, ascending."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


__all__ = ["action_id", "list_arg", "card_mask", "mask_cards"]
