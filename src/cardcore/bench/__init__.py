"""``cardcore bench``: each module here exposes
``run(quick=True) -> list[(label, value, unit)]``.

A win rate over a few deals says little by itself: :func:`won` makes its row carry the count
and the 95% Wilson interval, so that "0 % won" of 5 deals reads as what it is (0 of 5, and
anything from 0 to 43% is consistent with it)."""

from __future__ import annotations

import math


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for ``z = 1.96``) of a rate of ``wins`` in ``n``, as
    fractions; ``(0.0, 1.0)`` when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def won(label: str, wins: int, n: int) -> tuple[str, float, str]:
    """A bench row for ``wins`` won of ``n``: the rate in % as the value, and a unit that
    says the count and the 95% Wilson interval (``% won (0 of 5; 95% interval 0-43%)``)."""
    lo, hi = wilson(wins, n)
    return (label, 100.0 * wins / n if n else math.nan,
            f"% won ({wins} of {n}; 95% interval {100 * lo:.0f}-{100 * hi:.0f}%)")
