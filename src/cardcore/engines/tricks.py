"""The trick-taking rules of single-card tricks: who may follow with what, which card beats
which, who wins a trick.

Used by Schnapsen's and Preference's rules (``schnapsen/rules.py``, ``preference/state.py``)
and by the Bridge AI's card play (``agents/bridge.py``). The trick rule itself (``beats``,
``trick_winner``, ``default_suit``, ``default_strength``) is defined once in the kernel layer,
``cardcore._ref.tricks``, and re-exported here; the plain-Python twins of the Bridge step core and
the double-dummy solver call it there, and the compiled ones keep their own inner trick routine
for speed, each with a comment naming it (``tests/test_trick_winner.py`` checks they agree).
This module adds who may follow with what (:func:`legal_follows`). Tractor, whose tricks are of
card groups, has its own rules in ``tractor/`` and its step core and does not call this module.

Cards, ``suit_of``, ``strength`` and ``trump`` are as ``cardcore._ref.tricks`` describes them
(a card an int; by default suit ``card & 3`` and strength ``card >> 2``; ``None``: no trumps).

>>> from cardcore.cards import parse
>>> lead, follow = (int(c) for c in parse("Kh Ah"))
>>> beats(follow, lead, trump=0)
True
>>> trick_winner([int(c) for c in parse("Kh 2c Ah 3h")], trump=0)
1
>>> legal_follows([int(c) for c in parse("2h 5s 9c")], [int(c) for c in parse("Kh")], trump=None)
[2]
"""

from __future__ import annotations

from collections.abc import Sequence

from .._ref.tricks import (Strength, SuitOf, beats, default_strength, default_suit,
                           trick_winner)


def legal_follows(hand: Sequence[int], trick: Sequence[int], trump: int | None, *,
                  must_trump: bool = False, must_head: bool = False,
                  suit_of: SuitOf = default_suit,
                  strength: Strength = default_strength) -> list[int]:
    """The cards of ``hand`` that may go on ``trick`` (the cards so far, lead first), in the
    hand's order.

    Follow the led suit where possible, else any card; ``must_trump``: a player void in the led
    suit must trump if they can; ``must_head``: among the cards allowed so far, one that beats
    the card winning the trick must be played where the hand has one. On an empty trick every
    card is legal."""
    if not trick:
        return list(hand)
    led = suit_of(trick[0])
    pool = [c for c in hand if suit_of(c) == led]
    if not pool and must_trump and trump is not None:
        pool = [c for c in hand if suit_of(c) == trump]
    if not pool:
        pool = list(hand)
    if must_head:
        best = trick[trick_winner(trick, trump, suit_of=suit_of, strength=strength)]
        heads = [c for c in pool if beats(c, best, trump, suit_of=suit_of, strength=strength)]
        if heads:
            return heads
    return pool


__all__ = ["beats", "trick_winner", "legal_follows", "default_suit", "default_strength",
           "SuitOf", "Strength"]
