"""What the shedding games (Dou Dizhu, Zheng Shangyou) share on the game side.

``SheddingState`` turns kernel moves into actions, resolves a play written as exact cards
(any suits from the hand, one legal reading) and gives the public table view. A subclass sets
``RANK`` (its rank order of a card id), keeps ``hands``, ``turn``, ``table``, ``passes``,
``plays``, ``played`` and ``passes_on``, and may add a check on written plays
(``_check_written_play``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ..cards import Card, parse
from ..errors import CardError, IllegalAction
from ..game import Action, State

PASS = Action("pass", "pass")


def move_action(m: Any) -> Action:
    """The action of a kernel move (built without the dataclass ``__init__``: this is the hot
    path of random play)."""
    a = object.__new__(Action)
    a.__dict__.update(kind=m.kind, text=str(m), cards=m.cards, amount=None, data=())
    return a


def ambiguous(text: str, hits: list[Action]) -> IllegalAction:
    return IllegalAction(
        f"action {text!r} is ambiguous: it can be read as "
        + ", ".join(f"{a.kind} ({a.text})" for a in hits) + "; name the reading")


class SheddingState(State):
    """Base of the shedding game states (not registered itself)."""

    RANK: ClassVar[Callable[[int], int]]

    def _sort(self, cards) -> list[int]:
        rank = type(self).RANK
        return sorted((int(c) for c in cards), key=lambda c: (rank(c), c))

    def _check_written_play(self, text: str, cards: list[int]) -> None:
        """Extra rule on a play written as cards (e.g. a required card); raise if broken."""

    def _resolve_foreign(self, action: Action | str) -> Action | None:
        """An ``Action`` built elsewhere, with cards, not among the listed ones: honour its
        exact cards (any suits from the hand) when they make a legal play of its kind."""
        if (isinstance(action, Action) and action.cards and self._current_player() is not None
                and action not in self._legal_actions()):
            legal = [a for a in self._legal_actions() if a.kind == action.kind]
            return self._resolve_cards(action.text, [int(c) for c in action.cards], legal)
        return None

    def _written_cards(self, text: str, legal: list[Action]) -> list[int] | None:
        """The cards of a play written as cards, unless the text is a listed action's text."""
        key = " ".join(text.strip().lower().split())
        if any(a.text.lower() == key for a in legal):
            return None
        try:
            cards = parse(text)
        except CardError:
            return None
        return [int(c) for c in cards] or None

    def _resolve_cards(self, text: str, cards: list[int], legal: list[Action]) -> Action:
        """A play written as exact cards: any suits from the hand, one legal reading."""
        hand = list(self.hands[self.turn])
        for c in cards:
            if c not in hand:
                raise IllegalAction(f"action {text!r}: {Card(c)} is not in seat {self.turn}'s hand")
            hand.remove(c)
        self._check_written_play(text, cards)
        rank = type(self).RANK
        shape = sorted(rank(c) for c in cards)
        hits = [a for a in legal if a.cards and sorted(rank(c) for c in a.cards) == shape]
        if not hits:
            return self._no_such(text, legal)
        if len(hits) > 1:
            raise ambiguous(text, hits)
        a = hits[0]
        return Action(a.kind, a.text, tuple(Card(c) for c in self._sort(cards)), a.amount, a.data)

    def _table_view(self) -> dict:
        """The public record of the play: the table, passes, every play and pass."""
        return {
            "table": None if self.table is None else {
                "seat": self.table[0], "kind": self.table[1], "text": self.table[2],
                "cards": list(self.table[3])},
            "passes": self.passes,
            "plays": [{"seat": p[0], "kind": p[1], "text": p[2], "cards": list(p[3])}
                      for p in self.plays],
            "passes_on": [list(p) for p in self.passes_on],
            "played": [list(p) for p in self.played],
        }
