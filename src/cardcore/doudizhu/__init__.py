"""Dou Dizhu: move classification/generation (``moves``) and the game (``game``)."""

from .game import DouDizhuState
from .moves import Move, classify, moves

__all__ = ["DouDizhuState", "Move", "classify", "moves"]
