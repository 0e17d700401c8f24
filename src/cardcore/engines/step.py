"""The step path of ``apply_id`` for the games whose ids are applied without the generic layer
(Hold'em, One Poker): a legal id goes straight to the state's ``_apply_id``, on the core's
legality (``StepApply``). The seat to act and the legal ids of every state over a core are
``game.CoreView``'s.

Put the mixin before ``CoreView`` and the ``State`` base: ``class HoldemState(StepApply,
CoreView, State)``.
"""

from __future__ import annotations

from typing import Any

from ..game import _MEMO, State


class StepApply:
    """The step path of ``apply_id``: a legal id goes straight to the state's ``_apply_id``
    (the same behaviour as ``State.apply_id``)."""

    _core: Any

    def apply_id(self, i: int) -> None:
        """Apply the action with id ``i``. An id that is not legal now raises ``IllegalAction``
        and leaves the state unchanged."""
        if type(i) is not int or not self._core.is_legal(i):
            State.apply_id(self, i)  # type: ignore[arg-type]  # other int types; the errors
            return
        self._apply_id(i)  # type: ignore[attr-defined]
        self.__dict__.pop(_MEMO, None)


__all__ = ["StepApply"]
