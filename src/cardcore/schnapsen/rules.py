"""Schnapsen's rules of a deal on plain values (card ids, seats, counts): the names the game and
the AI's search (``cardcore.agents.schnapsen``, ``cardcore.agents.rdeep``, which keeps its own
compact worlds built from what its seat may see) call.

The rules are written once, in the Schnapsen step kernel (``cardcore._fast.schnapsen_step``,
its plain-Python twin ``cardcore._ref.schnapsen_step``), which also plays the game's deals;
this module gives its rule functions and constants their public place. Rules:
``docs/rules/schnapsen.md``.

A card id is ``rank * 4 + suit`` (``cardcore.cards``); the Vienna deck holds the ranks
T, J, Q, K, A (ids 32..51). Seats are 0 and 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._backend import kernel

if TYPE_CHECKING:
    from .._ref import schnapsen_step as _k
else:
    _k = kernel("schnapsen_step")

#: the points that win a deal
TARGET = _k.TARGET
#: card points by rank index (T=8, J=9, Q=10, K=11, A=12); also the order of strength
POINTS = _k.POINTS
JACK, QUEEN, KING = _k.JACK, _k.QUEEN, _k.KING
#: the card points of each card id (0 for cards outside the Vienna deck)
CARD_POINTS = _k.CARD_POINTS
#: ``FOLLOW_WINS[trump][lead * 52 + follow]``: ``beats(lead, follow, trump)`` for every pair
#: of Vienna cards
FOLLOW_WINS = _k.FOLLOW_WINS

card_points = _k.card_points
beats = _k.beats
trick_winner = _k.trick_winner
strict = _k.strict
strict_follows = _k.strict_follows
may_close = _k.may_close
trump_jack = _k.trump_jack
may_exchange = _k.may_exchange
marriage_partner = _k.marriage_partner
may_marry = _k.may_marry
marriage_points = _k.marriage_points
announce = _k.announce
take_trick = _k.take_trick
last_trick_winner = _k.last_trick_winner
game_points = _k.game_points
deal_game_points = _k.deal_game_points

__all__ = ["TARGET", "POINTS", "JACK", "QUEEN", "KING", "CARD_POINTS", "FOLLOW_WINS",
           "card_points", "beats", "trick_winner", "strict", "strict_follows", "may_close",
           "trump_jack", "may_exchange", "marriage_partner", "may_marry", "marriage_points",
           "announce", "take_trick", "last_trick_winner", "game_points", "deal_game_points"]
