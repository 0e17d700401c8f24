"""AI strengths: ``"easy"``, ``"normal"`` (the default) and ``"strong"``.

A strength is a named set of an AI's options: its budget in work (samples, search nodes,
depth) and, where it helps, its policy. It never changes what the AI may see. Every built-in
AI class declares its table as the class attribute ``STRENGTHS`` and takes ``strength=`` in
its constructor; options given explicitly override the table's::

    class SomeAI:
        STRENGTHS = {"easy": {"samples": 2}, "normal": {"samples": 16}, "strong": {"samples": 64}}
        OPTIONS = {"samples": Option("int", 16, "worlds a decision", low=1, high=MAX_SAMPLES)}

        def __init__(self, game=None, seed=None, *, strength="normal", samples=None,
                     **unknown):
            opts = strength_options(self, strength, unknown, samples=samples)
            self.samples = opts["samples"]

``cardcore.agents.get("ai", game, strength="strong")``, ``cardcore play GAME --ai strong``
and the agent string ``"ai:strength=strong"`` (``simulate``, ``--agents``) all reach it.

Every option an AI takes is declared once, in its class attribute ``OPTIONS`` (a name ->
``cardcore.options.Option``, as the games declare theirs: its kind, its range, its default
at ``normal`` strength, whether ``None`` is one of its values, and a line of help), and
checked when the AI is built: a value of the wrong kind or out of range, and a name the AI
does not take, are ``OptionError`` naming the AI, the option and what it expects, never an
error in the middle of a game. ``tests/test_agent_options.py`` holds every AI's constructor
and strength tables to its ``OPTIONS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import CardcoreError, OptionError, quote
from ..options import Option

STRENGTHS: tuple[str, ...] = ("easy", "normal", "strong")
DEFAULT = "normal"


#: the largest count an option takes unless it says otherwise (a C int's)
MAX_COUNT = 2**31 - 1
#: the most sampled worlds or playouts an option asks for (hours a move in every game)
MAX_SAMPLES = 100_000
#: the longest clock an option takes, in seconds (a day)
MAX_SECONDS = 86_400.0


def check_options(agent: object, values: Mapping[str, Any],
                  unknown: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``values`` checked against the ``OPTIONS`` of ``agent`` (an AI instance or class: a name
    -> ``cardcore.options.Option``), each in its stored form; ``OptionError`` naming the AI and
    the first value that is none of its option's, any name in ``unknown`` (the keywords the
    AI's constructor did not name) or in ``values`` that it does not declare."""
    cls = agent if isinstance(agent, type) else type(agent)
    who = cls.__name__
    declared: Mapping[str, Option] = getattr(cls, "OPTIONS", {})
    extra = sorted(map(str, unknown or ())) + sorted(k for k in values if k not in declared)
    if extra:
        known = sorted(declared) + (["strength"] if getattr(cls, "STRENGTHS", None) else [])
        raise OptionError(f"{who}: unknown option(s) {', '.join(map(quote, extra))}; "
                          f"it takes {', '.join(known) or 'no options'}")
    out: dict[str, Any] = {}
    for name, value in values.items():
        try:
            out[name] = declared[name].check(name, value)
        except OptionError as exc:
            raise OptionError(f"{who}: {exc}") from None
    return out


def check_strength(strength: object, who: str = "ai") -> str:
    """``strength`` if it is one of :data:`STRENGTHS`; ``CardcoreError`` naming it otherwise."""
    if not isinstance(strength, str) or strength not in STRENGTHS:
        raise CardcoreError(f"{who}: strength {strength!r}: expected one of "
                            f"{', '.join(STRENGTHS)}")
    return strength


def declared_options(agent: object, unknown: Mapping[str, Any] | None = None,
                     base: Mapping[str, Any] | None = None, **given: Any) -> dict[str, Any]:
    """Every option of ``agent`` (an AI instance or class with ``OPTIONS``): its declared
    default, or ``base``'s value (a strength's), or the value in ``given`` when that is not
    ``None``, each checked (``check_options``; ``unknown``: the keywords its constructor did
    not name)."""
    cls = agent if isinstance(agent, type) else type(agent)
    out = {k: o.default for k, o in getattr(cls, "OPTIONS", {}).items()}
    out.update(base or {})
    out.update({k: v for k, v in given.items() if v is not None})
    return check_options(cls, out, unknown)


def strength_options(agent: object, strength: object,
                     unknown: Mapping[str, Any] | None = None, **given: Any) -> dict[str, Any]:
    """The options of ``agent`` (an AI instance or class with a ``STRENGTHS`` table and
    ``OPTIONS``) at ``strength``: ``declared_options`` with the strength's table as ``base``.
    An empty table (a baseline built on an AI's class) takes only the default strength, and
    its options' declared defaults. Sets ``agent.strength`` when ``agent`` is an instance."""
    cls = agent if isinstance(agent, type) else type(agent)
    who = cls.__name__
    table: Mapping[str, Mapping[str, Any]] = getattr(cls, "STRENGTHS", {})
    name = check_strength(strength, who)
    if not table and name != DEFAULT:
        raise CardcoreError(f"{who}: has no strengths (its options' defaults are all it has)")
    if table and name not in table:
        raise CardcoreError(f"{who}: strength {name!r} is not defined for this agent")
    out = declared_options(cls, unknown, table.get(name), **given)
    if not isinstance(agent, type):
        agent.strength = name  # type: ignore[attr-defined]
    return out


__all__ = ["STRENGTHS", "DEFAULT", "MAX_COUNT", "MAX_SAMPLES", "MAX_SECONDS", "Option",
           "check_options", "check_strength", "declared_options", "strength_options"]
