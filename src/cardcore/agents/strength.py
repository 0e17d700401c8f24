"""AI strengths: ``"easy"``, ``"normal"`` (the default) and ``"strong"``.

A strength is a named set of an AI's options: its budget in work (samples, search nodes,
depth) and, where it helps, its policy. It never changes what the AI may see. Every built-in
AI class declares its table as the class attribute ``STRENGTHS`` and takes ``strength=`` in
its constructor; options given explicitly override the table's::

    class SomeAI:
        STRENGTHS = {"easy": {"samples": 2}, "normal": {"samples": 16}, "strong": {"samples": 64}}

        def __init__(self, game=None, seed=None, *, strength="normal", samples=None):
            opts = strength_options(self, strength, samples=samples)
            self.samples = opts["samples"]

``cardcore.agents.get("ai", game, strength="strong")``, ``cardcore play GAME --ai strong``
and the agent string ``"ai:strength=strong"`` (``simulate``, ``--agents``) all reach it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import CardcoreError

STRENGTHS: tuple[str, ...] = ("easy", "normal", "strong")
DEFAULT = "normal"


def check_strength(strength: object, who: str = "ai") -> str:
    """``strength`` if it is one of :data:`STRENGTHS`; ``CardcoreError`` naming it otherwise."""
    if not isinstance(strength, str) or strength not in STRENGTHS:
        raise CardcoreError(f"{who}: strength {strength!r}: expected one of "
                            f"{', '.join(STRENGTHS)}")
    return strength


def strength_options(agent: object, strength: object, **given: Any) -> dict[str, Any]:
    """The options of ``agent`` (an AI instance or class with a ``STRENGTHS`` table) at
    ``strength``: the table's entry, with every option in ``given`` that is not ``None``
    taking precedence. Sets ``agent.strength`` when ``agent`` is an instance."""
    cls = agent if isinstance(agent, type) else type(agent)
    who = cls.__name__
    table: Mapping[str, Mapping[str, Any]] = getattr(cls, "STRENGTHS", {})
    name = check_strength(strength, who)
    if name not in table:
        raise CardcoreError(f"{who}: strength {name!r} is not defined for this agent")
    out = dict(table[name])
    out.update({k: v for k, v in given.items() if v is not None})
    if not isinstance(agent, type):
        agent.strength = name  # type: ignore[attr-defined]
    return out


__all__ = ["STRENGTHS", "DEFAULT", "check_strength", "strength_options"]
