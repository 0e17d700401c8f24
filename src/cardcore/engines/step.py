"""The protocol hooks every game state over a step core reads straight from the core: the seat
to act and the legal action ids (``StepHooks``), and, for the games whose ids are applied
without the generic layer, ``apply_id`` on the core's legality (``StepApply``).

Put the mixin before ``CoreView`` and the ``State`` base: ``class HoldemState(StepApply,
CoreView, State)``.
"""

from __future__ import annotations

from typing import Any

from ..game import _MEMO, State


class StepHooks:
    """``_current_player``, ``_legal_ids`` and ``_id_is_legal`` of a state whose deal lives in
    ``self._core``."""

    _core: Any

    def _current_player(self) -> int | None:
        return self._core.current_player

    def _legal_ids(self) -> list[int]:
        return self._core.legal_ids()

    def _id_is_legal(self, i: int) -> bool:
        return self._core.is_legal(i)


class StepApply(StepHooks):
    """``StepHooks`` and the step path of ``apply_id``: a legal id goes straight to the
    state's ``_apply_id`` (the same behaviour as ``State.apply_id``)."""

    def apply_id(self, i: int) -> None:
        """Apply the action with id ``i``. An id that is not legal now raises ``IllegalAction``
        and leaves the state unchanged."""
        if type(i) is not int or not self._core.is_legal(i):
            State.apply_id(self, i)  # type: ignore[arg-type]  # other int types; the errors
            return
        self._apply_id(i)  # type: ignore[attr-defined]
        self.__dict__.pop(_MEMO, None)


__all__ = ["StepHooks", "StepApply"]
