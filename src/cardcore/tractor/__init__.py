"""Tractor (Shengji): the game (``TractorState``, ``cardcore.tractor.state``), its rule helpers
(``cardcore.tractor.rules``, on the tractor kernel) and the terminal view (``render``).

The rules this package implements: ``docs/rules/tractor.md``.
"""

from .rules import (KINDS, LEVELS, NO_TRUMP, POINTS, SUITS, TRUMP, Shape, card_points,
                    counters, deal_result, effective_suit, follow_next_cards, is_counter,
                    is_legal_follow, is_legal_lead, is_trump, kitty_bonus, kitty_multiplier,
                    lead_plays, parse_level, parse_trump, shape, strength, suit_order,
                    trick_winner, trump_order)
from .state import HAND, KITTY, TractorState, sort_hand, team_of, trump_name

__all__ = [
    "TractorState", "trick_winner", "is_legal_follow", "deal_result", "follow_next_cards",
    "lead_plays", "is_legal_lead", "shape", "Shape", "kitty_multiplier", "kitty_bonus",
    "card_points", "counters", "is_counter", "effective_suit", "is_trump", "strength",
    "trump_order", "suit_order", "parse_trump", "parse_level", "sort_hand", "team_of",
    "trump_name", "NO_TRUMP", "TRUMP", "SUITS", "LEVELS", "KINDS", "POINTS", "HAND", "KITTY",
]
