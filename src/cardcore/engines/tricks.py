"""The trick-taking rules of single-card tricks: who may follow with what, which card beats
which, who wins a trick.

Used by Schnapsen's and Preference's rules (``schnapsen/rules.py``, ``preference/state.py``),
by the Bridge AI's card play (``agents/bridge.py``) and, for the trick winner, by the plain-Python
twins of the Bridge step core and the double-dummy solver (``_ref/bridge_step.py``,
``_ref/dds.py``). The compiled Bridge step core and solver keep their own inner trick routine
for speed (``_fast/bridge_step.pyx``, ``_fast/dds.pyx``), each with a comment naming
:func:`trick_winner` as the rule it must agree with (``tests/test_trick_winner.py`` checks they
do). Tractor, whose tricks are of card groups, has its own rules in ``tractor/`` and its step
core and does not call this module.

A card is an int; a caller may give its own ``suit_of`` (the effective suit) and ``strength``
(the order inside a suit: Schnapsen's card points, a rank elsewhere) when they differ from the
defaults (suit ``card & 3``, strength ``card >> 2``). ``trump`` is a suit of the same kind, or
``None`` for no trumps.

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


__all__ = ["beats", "trick_winner", "legal_follows", "default_suit", "default_strength"]
