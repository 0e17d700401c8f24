"""Contract Bridge: deals (PBN/LIN), auction, play, duplicate scoring, double-dummy solver.

Seats in the game are S, W, N, E = 0, 1, 2, 3; ``Deal`` and the solver speak directions
N, E, S, W.
"""

from .auction import Auction, parse_call
from .deal import Deal
from .game import BridgeState
from .scoring import breakdown, parse_contract, score

try:  # the double-dummy solver
    from .solver import dd_table, solve, trick_winner
except ImportError:  # pragma: no cover - only while the solver module is absent
    pass

__all__ = ["Deal", "trick_winner", "solve", "dd_table", "score", "breakdown", "parse_contract",
           "Auction", "parse_call", "BridgeState"]
