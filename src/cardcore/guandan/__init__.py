"""Guandan: the rules (``state``), the combination search (``moves``, ``move_ids``) and the
terminal view (``render``).

The rules this package implements: ``docs/rules/guandan.md``.

>>> from cardcore import guandan
>>> [m.kind for m in guandan.classify("7h 7s 7d", "7")]
['trio']
"""

from .moves import Move, beats, classify, move_ids, moves
from .state import GuandanState, parse_level, partner, return_choices, team_of, tribute_card

__all__ = ["GuandanState", "Move", "beats", "classify", "moves", "move_ids", "parse_level",
           "partner", "return_choices", "team_of", "tribute_card"]
