"""Dou Dizhu: move classification/generation (``moves``) and the game (``state``)."""

from .state import DouDizhuState
from .moves import Move, classify, moves

__all__ = ["DouDizhuState", "Move", "classify", "moves"]
