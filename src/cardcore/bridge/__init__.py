"""Contract Bridge: deals (PBN/LIN), auction, play, duplicate scoring, double-dummy solver."""

from .scoring import breakdown, score

__all__ = ["score", "breakdown"]
