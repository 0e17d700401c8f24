"""Zheng Shangyou (48-card Run Fast): move classification/generation and the game."""

from .state import ZhengShangyouState
from .moves import Move, classify, moves

__all__ = ["ZhengShangyouState", "Move", "classify", "moves"]
