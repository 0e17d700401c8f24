"""Zheng Shangyou (48-card Run Fast): move classification/generation and the game."""

from .moves import Move, classify, moves

__all__ = ["Move", "classify", "moves"]
