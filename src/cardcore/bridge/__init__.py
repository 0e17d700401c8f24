"""Contract Bridge: deals (PBN/LIN), auction, play, duplicate scoring, double-dummy solver.

Seats in the game are S, W, N, E = 0, 1, 2, 3; ``Deal`` and the solver speak directions
N, E, S, W. The one table of seats, directions, suits and strains (and the converters between
them) is :mod:`cardcore.bridge.seats`.
"""

from .auction import Auction, parse_call
from .deal import Deal
from .state import BridgeState, legal_cards
from .scoring import breakdown, parse_contract, score
from .tables import dd_tables

try:  # the double-dummy solver
    from .solver import dd_table, solve, solve_cards, solve_position, trick_winner
except ModuleNotFoundError as _exc:  # pragma: no cover - only in a tree without the solver
    if _exc.name != f"{__name__}.solver":
        raise

__all__ = ["Deal", "trick_winner", "solve", "dd_table", "solve_cards", "solve_position",
           "score", "breakdown", "parse_contract", "Auction", "parse_call", "BridgeState",
           "legal_cards", "dd_tables"]
