"""Tractor (Shengji): the rule helpers (``cardcore.tractor.rules``); the game is built on them."""

from .rules import deal_result, is_legal_follow, trick_winner

__all__ = ["trick_winner", "is_legal_follow", "deal_result"]
