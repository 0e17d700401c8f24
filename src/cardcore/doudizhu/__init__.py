"""Dou Dizhu: move classification/generation (``moves``, ``move_ids``) and the game (``state``)."""

from .state import DouDizhuState
from .moves import Move, classify, move_ids, moves

__all__ = ["DouDizhuState", "Move", "classify", "moves", "move_ids"]
