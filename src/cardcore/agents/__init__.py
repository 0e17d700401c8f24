"""Agents: ``get(name, game)`` returns an object with ``act(state) -> Action``.

Built in: ``"random"`` (uniform over the legal actions, seeded) and ``"ai"`` (the game's best
built-in AI, named by the game's ``State.AI_AGENT``). A game module may register more names.
The AI comes in three strengths (:mod:`cardcore.agents.strength`):
``get("ai", game, strength="easy" | "normal" | "strong")``, ``"normal"`` by default.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ..errors import CardcoreError, IllegalAction, int_arg, quote
from ..game import Action, State, game_class, new_game
from ..rng import Rng, fresh_seed
from .strength import STRENGTHS, check_options, check_strength


@runtime_checkable
class Agent(Protocol):
    def act(self, state: State) -> Action: ...


def check_state(state: Any, game: str | None) -> int:
    """The seat to act in ``state``, which an agent of ``game`` (``None``: of any game) is
    asked to act in: ``IllegalAction`` unless it is a game state (a ``State``, or any object
    with its public reading names: ``legal_actions``, ``observation``, ``current_player``) of
    that game (where it names its ``game``) that is not over."""
    if not (callable(getattr(state, "legal_actions", None))
            and callable(getattr(state, "observation", None))
            and hasattr(state, "current_player")):
        raise IllegalAction(f"state {quote(state)}: expected a game state (a cardcore State)")
    named = getattr(state, "game", None)
    if game is not None and isinstance(named, str) and named != game:
        raise IllegalAction(f"a {named} state: this agent plays {game}")
    return seat_to_act(state)


def view(state: State, game: str | None) -> tuple[list[Action], int, dict]:
    """What an agent of ``game`` reads in ``state`` before it acts: the legal actions, the seat
    to act and that seat's observation (``check_state``'s errors first)."""
    seat = check_state(state, game)
    return state.legal_actions(), seat, state.observation(seat)


class RandomAgent:
    """Picks uniformly among ``state.legal_actions()`` with its own seeded generator."""

    name = "random"
    #: it takes no options
    OPTIONS: dict = {}

    def __init__(self, game: str | None = None, seed: int | None = None,
                 **unknown: Any) -> None:
        check_options(self, {}, unknown)
        self.rng = Rng(fresh_seed() if seed is None else seed)
        #: the game it plays (``None``: any)
        self.GAME = game

    def act(self, state: State) -> Action:
        check_state(state, self.GAME)
        legal = state.legal_actions()
        if not legal:
            raise IllegalAction(f"{state.GAME}: no legal action (the game is over)")
        return legal[self.rng.below(len(legal))]


class RuleAgent:
    """Base of the rule-of-thumb agents: no options (an option given is ``CardcoreError``),
    no generator of their own. ``GAME``: the
    game a subclass plays (``None``: the game it is made for, any)."""

    GAME: str | None = None
    #: a rule of thumb takes no options
    OPTIONS: dict = {}

    def __init__(self, game: str | None = None, seed: int | None = None,
                 **unknown: Any) -> None:
        check_options(self, {}, unknown)
        if self.GAME is None:
            self.GAME = game

    def view(self, state: State) -> tuple[list[Action], int, dict]:
        """What a rule reads: the legal actions, the seat to act and its observation (a state
        of another game, or one that is over, raises ``IllegalAction``)."""
        return view(state, self.GAME)


class SearchAgent:
    """Base of the AIs that think only when there is a choice: ``act`` plays a forced action at
    once, else returns ``choose(state, legal, seat, obs)`` (the legal actions, the seat to act
    and its observation). ``GAME``: the game a subclass plays."""

    GAME: str | None = None

    def act(self, state: State) -> Action:
        seat = check_state(state, self.GAME)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.choose(state, legal, seat, state.observation(seat))

    def choose(self, state: State, legal: list[Action], seat: int,
               obs: dict) -> Action:  # pragma: no cover
        raise NotImplementedError


def alpha_beta_step(maximizing: bool, v: float, best: float, alpha: float,
                    beta: float) -> tuple[float, float, float]:
    """One child's value ``v`` taken into an alpha-beta node of the maximising or the
    minimising side: the node's ``best`` value so far and its window, updated."""
    if maximizing:
        if v > best:
            best = v
        if best > alpha:
            alpha = best
    else:
        if v < best:
            best = v
        if best < beta:
            beta = best
    return best, alpha, beta


class FirstAgent(RuleAgent):
    """Always the first legal action (a deterministic baseline)."""

    name = "first"

    def act(self, state: State) -> Action:
        check_state(state, self.GAME)
        return state.legal_actions()[0]


def seat_to_act(state: State) -> int:
    """The seat to act in ``state`` (what an agent observes); ``IllegalAction`` once the game
    is over."""
    seat = state.current_player
    if seat is None:
        raise IllegalAction(f"{getattr(state, 'game', 'the game')}: the game is over, no "
                            "action to take")
    return seat


_EXTRA: dict[tuple[str, str], str] = {}


def register_agent(name: str, game: str, target: str) -> None:
    """Register agent ``name`` for ``game`` as ``"module:Class"`` (constructed with
    ``(game, seed=..., **options)``)."""
    _EXTRA[(name, game)] = target


def _load(target: str) -> Callable[..., Agent]:
    mod, _, cls = target.partition(":")
    return getattr(importlib.import_module(mod), cls)


def _register_game_agents(cls) -> None:
    """Import the game's AI module, where a game registers its extra agents."""
    if cls.AI_AGENT:
        importlib.import_module(cls.AI_AGENT.partition(":")[0])


def names(game: str) -> list[str]:
    """Agent names available for ``game``."""
    cls = game_class(game)
    _register_game_agents(cls)
    out = ["random", "first"]
    if cls.AI_AGENT:
        out.append("ai")
    out += [n for (n, g) in _EXTRA if g == game]
    return out


def agent_class(name: str, game: str, hint: str = "") -> Any:
    """The class (or factory) ``get(name, game)`` builds: ``RandomAgent``, ``FirstAgent``, the
    game's AI or a registered agent; ``CardcoreError`` for a name that is none of them (with
    ``hint`` after the names it knows)."""
    cls = game_class(game)
    if not isinstance(name, str):
        raise CardcoreError(f"agent {quote(name)}: expected an agent name such as 'ai'")
    if name == "random":
        return RandomAgent
    if name == "first":
        return FirstAgent
    if name == "ai":
        if not cls.AI_AGENT:
            raise CardcoreError(f"agent 'ai': {game} has no built-in AI yet")
        return _load(cls.AI_AGENT)
    _register_game_agents(cls)
    if (name, game) in _EXTRA:
        return _load(_EXTRA[(name, game)])
    raise CardcoreError(f"agent {name!r}: unknown for {game}; known: "
                        f"{', '.join(names(game))}{hint}")


def describe(game: str) -> str:
    """The agents of ``game`` and the options each takes (``OPTIONS``), a line an option, as
    ``cardcore games GAME`` prints them after the game's options."""
    lines = [f"agents of {game} (as get(name, game, **options), or NAME:KEY=VALUE,... in "
             "simulate's --agents):"]
    for name in names(game):
        target = agent_class(name, game)
        strengths = ", ".join(getattr(target, "STRENGTHS", {}))
        head = f"  {name} ({getattr(target, '__name__', name)})"
        options: dict = getattr(target, "OPTIONS", {}) or {}
        lines.append(head + (f": strength {strengths} (default normal)" if strengths else "")
                     + ("" if options or strengths else ": no options"))
        for key, option in options.items():
            lines.append(f"    {key}: {option.describe()}")
    return "\n".join(lines)


def get(name: str, game: str, *, seed: int | None = None, strength: str | None = None,
        **options: Any) -> Agent:
    """The agent ``name`` for ``game``: ``"random"``, ``"first"``, ``"ai"`` or a registered one.
    ``strength`` (``"easy"``, ``"normal"``, ``"strong"``) picks the AI's budget; an agent
    without strengths refuses it."""
    target = agent_class(name, game)
    if seed is not None:     # (as new_game reads a seed; an agent draws from it alone)
        seed = int_arg(seed, "agent seed", 0, 2**64 - 1)
    if strength is not None:
        check_strength(strength, f"agent {name!r}")
        if "normal" not in getattr(target, "STRENGTHS", {}):
            raise CardcoreError(f"agent {name!r} ({game}): has no strengths; only the AI "
                                f"takes strength= ({', '.join(STRENGTHS)})")
        options["strength"] = strength
    if name in ("random", "first") and options:
        raise CardcoreError(f"agent {name!r}: takes no options (got "
                            f"{', '.join(sorted(options))})")
    return target(game, seed=seed, **options)


def play_match(name: str, agents: Sequence[Agent | str], *, seed: int | None = None,
               max_actions: int = 1_000_000, **options: Any) -> State:
    """Play one whole game or match of ``name`` with ``agents`` (one per seat, or agent names)
    and return the final state. String agents are seeded from ``seed``."""
    state = new_game(name, seed=seed, **options)
    if len(agents) != state.num_players:
        raise CardcoreError(
            f"play_match({name!r}): {len(agents)} agents for {state.num_players} seats"
        )
    base = Rng(fresh_seed() if seed is None else seed ^ 0x5EED)
    seats: list[Agent] = [
        get(a, name, seed=base.next_u64() >> 1) if isinstance(a, str) else a for a in agents
    ]
    for _ in range(max_actions):
        p = state.current_player
        if p is None:
            return state
        state.apply(seats[p].act(state))
    raise CardcoreError(f"play_match({name!r}): no end after {max_actions} actions")


__all__ = ["STRENGTHS", "Agent", "RandomAgent", "FirstAgent", "agent_class", "describe", "get",
           "names", "play_match", "register_agent"]
