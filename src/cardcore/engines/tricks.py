"""Which card beats which and who wins a single-card trick, for the game packages and the AIs.

The trick rule (``beats``, ``trick_winner``, ``default_suit``, ``default_strength``) is defined
once in the kernel layer, ``cardcore._ref.tricks``, and re-exported here; the plain-Python twins
of the Bridge step core and the double-dummy solver call it there, and the compiled ones keep
their own inner trick routine for speed, each with a comment naming it
(``tests/test_trick_winner.py`` checks they agree). Who may follow with what is each game's
core's rule, exported by its kernel for hands a caller holds: ``cardcore.bridge.legal_cards``
and ``cardcore.preference.legal_cards`` (``bridge_step.legal_follows``,
``preference_step.legal_follows``); Schnapsen's is in its core. Tractor, whose tricks are of
card groups, has its own rules in its step core and does not call this module.

Cards, ``suit_of``, ``strength`` and ``trump`` are as ``cardcore._ref.tricks`` describes them
(a card an int; by default suit ``card & 3`` and strength ``card >> 2``; ``None``: no trumps).

>>> from cardcore.cards import parse
>>> lead, follow = (int(c) for c in parse("Kh Ah"))
>>> beats(follow, lead, trump=0)
True
>>> trick_winner([int(c) for c in parse("Kh 2c Ah 3h")], trump=0)
1
"""

from __future__ import annotations

from .._ref.tricks import (Strength, SuitOf, beats, default_strength, default_suit,
                           trick_winner)


__all__ = ["beats", "trick_winner", "default_suit", "default_strength",
           "SuitOf", "Strength"]
