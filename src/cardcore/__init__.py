"""cardcore: nine card games with Cython kernels, one API.

>>> import cardcore
>>> s = cardcore.new_game("onepoker", seed=1)
>>> s.current_player
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .errors import (CardcoreError, CardError, FormatError, GameNotAvailable, IllegalAction,
                     OptionError)
from .game import (GAMES, Action, Game, HistoryEntry, State, available_games, from_json,
                   get_game, new_game)
from .options import Option

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from .agents import Agent

__version__ = "0.1.0"


def build_info() -> dict[str, Any]:
    """How the compiled kernels were built and which CPU path runs in this process:
    ``cpu_path`` (``"bmi2"``: compiled with popcnt, BMI1/2 and lzcnt, chosen when the CPU has
    them; ``"baseline"``: any CPU of the platform, or forced by ``CARDCORE_CPU=baseline``;
    ``"native"``: a local ``CARDCORE_NATIVE=1`` build; ``None`` on the reference kernels),
    ``fast_path_available``, ``cpu`` (what cpuid reports), ``compile_flags`` per path,
    ``compiler``, ``cython``, ``backend`` and more.

    >>> import cardcore
    >>> cardcore.build_info()["cpu_path"] in ("bmi2", "baseline", "native", None)
    True
    """
    from ._backend import build_info as _build_info

    return _build_info()


def play_match(name: str, agents: Sequence[Agent | str], *, seed: int | None = None,
               **options: Any) -> State:
    """Play one whole game/match of ``name`` with ``agents`` and return the final ``State``."""
    from .agents import play_match as _pm

    return _pm(name, agents, seed=seed, **options)


#: submodules loaded on first attribute access (``cardcore.poker.evaluate(...)`` after a plain
#: ``import cardcore``).
_SUBMODULES = frozenset({
    "agents", "bridge", "cards", "doudizhu", "engines", "errors", "game", "guandan", "holdem",
    "onepoker", "options", "poker", "preference", "rng", "schnapsen", "tractor",
    "zhengshangyou", "cli", "bench",
})


#: names loaded on first access. ``cardcore.simulate`` is the module ``cardcore.simulate``,
#: which is callable: ``cardcore.simulate(game, agents, games, ...)`` runs its ``simulate``;
#: ``cardcore.vector(game, n, seed=...)`` likewise runs ``cardcore.vector.vector``.
_LAZY = {"simulate": ("simulate", None), "Results": ("simulate", "Results"), "env": ("rl", "env"),
         "vector": ("vector", None), "VectorGame": ("vector", "VectorGame")}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module_name, attr = _LAZY[name]
        module = importlib.import_module(f"{__name__}.{module_name}")
        value = module if attr is None else getattr(module, attr)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        import importlib

        module = importlib.import_module(f"{__name__}.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _SUBMODULES | set(_LAZY))


__all__ = [
    "GAMES", "Action", "Card", "CardError", "CardcoreError", "FormatError", "Game",
    "GameNotAvailable", "HistoryEntry", "IllegalAction", "Option", "OptionError", "State",
    "available_games", "from_json", "get_game", "new_game", "play_match", "__version__",
    "simulate", "Results", "env", "build_info",
]
