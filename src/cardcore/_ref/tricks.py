"""The trick rule of single-card tricks: which card beats which, who wins a trick.

The one definition of the trick winner. The plain-Python twins of the Bridge step core and the
double-dummy solver call it (``_ref/bridge_step.py``, ``_ref/dds.py``); the compiled Bridge step
core and solver keep their own inner trick routine for speed (``_fast/bridge_step.pyx``,
``_fast/dds.pyx``), each with a comment naming :func:`trick_winner` as the rule it must agree
with (``tests/test_trick_winner.py`` checks they do). The trick-taking engine
(``cardcore.engines.tricks``, which adds who may follow with what) re-exports these functions.

A card is an int; a caller may give its own ``suit_of`` (the effective suit) and ``strength``
(the order inside a suit: Schnapsen's card points, a rank elsewhere) when they differ from the
defaults (suit ``card & 3``, strength ``card >> 2``). ``trump`` is a suit of the same kind, or
``None`` for no trumps.

>>> beats(48, 44, trump=0)          # Ac on Kc
True
>>> trick_winner([46, 0, 50, 6], trump=0)   # Kh 2c Ah 3h, clubs trump
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

SuitOf = Callable[[int], int]
Strength = Callable[[int], int]


def default_suit(card: int) -> int:
    """The suit of a card id (c, d, h, s = 0..3)."""
    return card & 3


def default_strength(card: int) -> int:
    """The rank of a card id (2..A = 0..12)."""
    return card >> 2


def beats(card: int, best: int, trump: int | None, *, suit_of: SuitOf = default_suit,
          strength: Strength = default_strength) -> bool:
    """True when ``card`` beats ``best``, the card winning the trick so far: a higher card of
    the same suit, or a trump on a card of another suit. Equal cards do not beat: the earlier
    one wins."""
    s = suit_of(card)
    if s == suit_of(best):
        return strength(card) > strength(best)
    return trump is not None and s == trump


def trick_winner(cards: Sequence[int], trump: int | None, *, suit_of: SuitOf = default_suit,
                 strength: Strength = default_strength) -> int:
    """The index, in play order, of the card that wins a trick (the lead first)."""
    win = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[win], trump, suit_of=suit_of, strength=strength):
            win = i
    return win


__all__ = ["beats", "trick_winner", "default_suit", "default_strength", "SuitOf", "Strength"]
