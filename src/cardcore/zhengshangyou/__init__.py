"""Zheng Shangyou (48-card Run Fast): move classification/generation (``moves``, ``move_ids``)
and the game."""

from .state import ZhengShangyouState
from .moves import Move, classify, move_ids, moves

__all__ = ["ZhengShangyouState", "Move", "classify", "moves", "move_ids"]
