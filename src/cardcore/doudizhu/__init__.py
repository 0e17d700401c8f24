"""Dou Dizhu: move classification/generation (``moves``) and the game (``game``)."""

from .moves import Move, classify, moves

__all__ = ["Move", "classify", "moves"]
