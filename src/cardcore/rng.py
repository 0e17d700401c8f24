"""A small deterministic random generator, identical on every platform and Python version.

SplitMix64 (Steele, Lea & Flood) with unbiased bounded draws by rejection. The whole generator
state is one 64-bit int, so game states can store it in their JSON.
"""

from __future__ import annotations

import os
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def fresh_seed() -> int:
    """A seed from the OS entropy pool (used when the caller passes ``seed=None``)."""
    return int.from_bytes(os.urandom(8), "little") >> 1


def _kernel_shuffle():
    """The card-set kernel's ``shuffle`` (compiled, or its twin under CARDCORE_BACKEND=ref)."""
    global _SHUFFLE
    if _SHUFFLE is None:
        from ._backend import kernel

        _SHUFFLE = kernel("cardset").shuffle
    return _SHUFFLE


_SHUFFLE = None


class Rng:
    """SplitMix64. ``Rng(seed)``; ``state`` is a plain int that can be stored and restored."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            from .errors import CardcoreError

            raise CardcoreError(f"seed {seed!r}: expected an int")
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``[0, n)`` by rejection (the kernels' copy: ``rng_below`` of
        ``_fast/bits.pxd``)."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def below_mulshift(self, n: int) -> int:
        """An int in ``[0, n)`` (``0 < n < 2**32``) by multiply-shift, ``((x >> 32) * n) >> 32``
        of one output: no rejection, a bias under ``n / 2**32``. The bounded draw of the poker
        Monte Carlo only (``rng_below_mulshift`` of ``_fast/bits.pxd``); everything else draws
        with ``below``, whose kernel copy is ``rng_below`` there."""
        return ((self.next_u64() >> 32) * n) >> 32

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (a list is shuffled by the kernel, same draws)."""
        if type(seq) is list:
            self.state = _kernel_shuffle()(seq, self.state)
            return
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next_u64())
