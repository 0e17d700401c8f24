"""Many games between agents, in parallel: worker processes on this machine, or a Ray cluster.

    >>> import cardcore
    >>> res = cardcore.simulate("onepoker", ["ai", "random"], 200, single_deal=True,
    ...                         duplicate=True, workers=2)
    >>> res["ai"].mean, res["ai"].ci95, res["ai"].win_rate        # doctest: +SKIP
    >>> print(res.table())                                         # doctest: +SKIP

Seeds and seats
    Game ``k`` (``k = 0 .. games-1``, at most ``MAX_GAMES``, ten million, in one call: their
    results are kept) is dealt from seed ``seed + k``: the same shuffle that
    ``cardcore.new_game(game, seed=seed + k, **options)`` gives. The agent in seat ``s`` of that
    game is built with seed :func:`agent_seed` ``(seed + k, s)``. A game's result therefore
    depends only on the game, its options, its seed and who sits where: the same on the local
    engine and on Ray, with any number of workers, in any order.

Agents
    Each agent is a string: a name that ``cardcore.agents.get`` knows (``"ai"``, ``"random"``,
    ``"first"``, ``"greedy"``, ``"rule"``, ...), or an importable class as ``"pkg.mod:Class"``
    (built as ``Class(game, seed=..., **options)``, the way ``register_agent`` targets are);
    either may be followed by options, ``"ai:samples=4,cheap=true"`` (values read as int,
    float, ``true``/``false``, ``none`` or else text; a name the agent does not take is an
    error). Agents registered with ``cardcore.agents.register_agent`` before the call are
    registered in the workers too.

    ``agents`` gives one agent per seat (``["ai", "random", "random", "random"]`` at a Hold'em
    table), one agent for every seat (``["ai"]``), or, in the partnership games (Bridge,
    Guandan, Tractor: seats 0+2 against 1+3), one agent per side: ``["ai", "random"]`` seats
    the AI in 0 and 2 and random players in 1 and 3.

Duplicate
    ``duplicate=True`` replays every deal once per rotation of the agents, so that each agent
    holds each seat's cards equally often and card luck cancels: with ``m`` entries in
    ``agents`` (``m`` seats, or the two sides of a partnership game) deal ``k`` is played ``m``
    times with the same seed (the same shuffle), rotation ``r`` putting entry ``i`` in seat
    ``(i + r) % m`` (for sides: side ``(i + r) % 2``, i.e. the sides swap). A two-seat game
    swaps the players. ``games`` counts deals, so ``games * m`` games are played.

Results
    Per agent (agents with the same string are one agent): the mean score per game (an agent
    holding several seats scores the mean of their scores: a side's score in a partnership
    game), its 95% confidence interval (normal approximation, mean +- 1.96 standard errors;
    with ``duplicate`` the unit is the deal, the mean over its rotations, which is what makes
    the interval narrow), the win rate (games in which that score is > 0), games played,
    decisions and thinking time. Also games/s of this run, and the time spent inside the games
    as two sums over them: ``cpu_seconds`` (CPU time) and ``game_seconds`` (wall time). Each
    game's CPU time is measured where it is played: in a worker process of the local engine,
    which plays one game at a time, the process's CPU time (all its threads, so threads an
    agent starts count); in the calling process (``workers=1``) and on Ray, where other
    threads share the process, the CPU time of the thread that plays the game. Waiting (an
    agent that sleeps or waits on I/O, a worker that gets no core on a loaded machine) is wall
    time, not CPU time; ``wall_seconds x workers`` against ``cpu_seconds`` shows how much of
    the run the workers spent computing.

Output and resuming (``out=``)
    One row per game, appended as soon as the game's chunk comes back, with ``game``,
    ``seed``, ``rotation``, ``agents`` (the agent string per seat), ``seats`` (per entry of
    ``agents``, the seats it held), ``scores`` (per seat), ``length`` (actions), ``seconds``
    (wall time of the game), ``cpu`` (its CPU time, see Results), ``think`` (wall seconds)
    and ``decisions`` (per seat), ``options`` (JSON), and ``history`` (the finished
    game's ``State.to_json()``, with ``history=True``), ``stats`` (with ``stats=``) and
    ``times`` (per-decision seconds per seat, with ``timings=True``). Missing directories above
    ``out`` are made (``out="runs/g.jsonl"``). The file (or the Parquet directory and its
    journal) is opened before the first game: a path that cannot be written is refused then,
    with a ``CardcoreError`` naming it.

    - ``*.jsonl``: JSON Lines, one line per game, flushed per chunk. A line cut short by a kill
      is dropped when the file is read back.
    - ``*.parquet``: a *directory* of Parquet part files (``pyarrow``; read it whole with
      ``pyarrow.parquet.read_table(path)`` or ``pandas.read_parquet(path)``). Rows are first
      appended to the journal ``_journal.jsonl`` inside it (ignored by Parquet readers), and
      every 2,000 rows and at the end the journal becomes a new ``part-NNNNN.parquet``, written
      to a temporary name and renamed into place (atomic), then the journal is emptied.

    Running again with the same ``out`` resumes: the games already in the file (same game,
    options and seating) are not played again and count in the results. A killed run loses at
    most the games in flight (the chunks being played, a fraction of a second of work each).

Engines
    ``engine="local"``: ``workers`` processes (default: one per core this process may use),
    started as ``python -m cardcore._worker`` and fed over pipes: they never import your main
    script, so a script may call ``simulate`` at top level without an ``if __name__ ==
    "__main__":`` guard (or come from standard input). They import what the work names (agent
    classes ``"pkg.mod:Class"``, a ``stats`` function) with this process's ``sys.path``; a
    ``stats`` function defined in the main script goes by value when ``cloudpickle`` is
    installed, else it, like an agent class of the main script, is refused before any game
    saying what to do (move it into a module next to the script, or ``workers=1``).
    ``workers=1``, or one core, plays in this process. ``engine="ray"``: the same chunks as Ray
    tasks (``pip install ray``): on the Ray already initialised in this process,
    else ``ray.init(address=address)`` (a cluster) or, without ``address``, a local Ray of
    ``workers`` CPUs; one started here is shut down at the end. Every node needs cardcore
    installed. Chunks are sized from the measured time per game (about 0.3 s of work each
    locally, 1 s on Ray; ``chunk=`` fixes the size).

Errors and interrupts
    Bad input (an unknown game, agent or option, a wrong number of agents) raises a
    ``CardcoreError`` before any game is played. A game that raises in a worker (an agent's
    bug, an illegal action) stops the run: the games already finished are kept (in ``out``,
    and in the ``results`` of the :class:`SimulationError` raised, which names the seed, seat,
    agent and the worker's traceback). So does a worker process that ends while it plays (the
    error says how: its exit code, or the signal that killed it) or that cannot start (the
    error says why, e.g. a module it cannot import). Ctrl-C raises :class:`SimulationInterrupted` (a
    ``KeyboardInterrupt``) with the finished games in ``.results``; workers are stopped.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import inspect
import json
import math
import os
import pickle
import sys
import time
import traceback
import types
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from .errors import CardcoreError, flag_arg, quote
from .parallel import LocalPool, ParallelError, Progress, RayPool, cores, progress_hook

_MASK = (1 << 64) - 1
#: the most games one call plays (their results are kept in memory: play more in parts)
MAX_GAMES = 10_000_000

#: partnership games: seats s and s + 2 are partners (sides 0 = seats 0+2, 1 = seats 1+3)
TEAM_GAMES = frozenset({"bridge", "guandan", "tractor"})

#: the row fields, in the order they are written
FIELDS = ("game", "seed", "rotation", "agents", "seats", "scores", "length", "seconds", "cpu",
          "think", "decisions", "options", "history", "stats", "times")

_JOURNAL = "_journal.jsonl"
_PART_ROWS = 2000


class SimulationError(ParallelError):
    """A game failed in a worker (or a worker died). ``results`` holds the finished games;
    ``seed``, ``rotation``, ``seat``, ``agent`` and ``worker_traceback`` say where. A
    :class:`cardcore.parallel.ParallelError` (and so a ``CardcoreError``)."""

    def __init__(self, message: str, *, results: Results | None = None, seed: int | None = None,
                 rotation: int | None = None, seat: int | None = None, agent: str | None = None,
                 worker_traceback: str = "") -> None:
        super().__init__(message, worker_traceback=worker_traceback)
        self.results = results
        self.seed, self.rotation, self.seat, self.agent = seed, rotation, seat, agent


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate`: ``results`` holds the games that finished."""

    def __init__(self, results: Results) -> None:
        super().__init__(f"interrupted after {results.total_games} games")
        self.results = results


# ---------------------------------------------------------------------------- agents

def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game dealt from ``game_seed`` (a 63-bit int)."""
    z = (game_seed * 0x2545F4914F6CDD1D + (seat + 1) * 0x9E3779B97F4A7C15 + 0x5EED) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 1


def _value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(low)
        except ValueError:
            pass
    return text.strip()


def parse_agent(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ai:samples=4,cheap=true"`` -> ``("ai", {"samples": 4, "cheap": True})``;
    ``"pkg.mod:Class:x=1"`` -> ``("pkg.mod:Class", {"x": 1})``."""
    if not isinstance(spec, str) or not spec.strip():
        raise CardcoreError(f"agent {quote(spec)}: expected a name such as 'ai' or 'random' "
                            "(agents are given as strings so that workers can build them)")
    parts = spec.strip().split(":")
    if len(parts) == 1:
        name, opts = parts[0], ""
    elif len(parts) == 2:
        if "=" in parts[1] or not parts[1].strip():
            name, opts = parts
        else:
            name, opts = f"{parts[0]}:{parts[1]}", ""
    elif len(parts) == 3:
        name, opts = f"{parts[0]}:{parts[1]}", parts[2]
    else:
        raise CardcoreError(f"agent {spec!r}: expected NAME, NAME:KEY=VALUE,... or "
                            "module:Class[:KEY=VALUE,...]")
    options: dict[str, Any] = {}
    for item in opts.split(","):
        if not item.strip():
            continue
        key, eq, val = item.partition("=")
        if not eq or not key.strip():
            raise CardcoreError(f"agent {spec!r}: option {item!r} is not KEY=VALUE")
        options[key.strip().replace("-", "_")] = _value(val)
    return name.strip(), options


def split_agents(text: str) -> list[str]:
    """The CLI's ``--agents`` list: ``"ai:samples=4,cheap=true,random"`` -> ``["ai:samples=4,
    cheap=true", "random"]`` (an item with ``=`` and no ``:`` is an option of the agent before
    it)."""
    out: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        if "=" in item and ":" not in item:
            if not out:
                raise CardcoreError(f"--agents {text!r}: option {item!r} before any agent")
            out[-1] += "," + item
        else:
            out.append(item)
    if not out:
        raise CardcoreError(f"--agents {text!r}: no agent given")
    return out


def _accepted(cls: Any) -> set[str] | None:
    """Keyword options the agent class takes (``None``: anything, unknown)."""
    names: set[str] = set()
    for klass in getattr(cls, "__mro__", (cls,)):
        init = klass.__dict__.get("__init__") if isinstance(klass, type) else klass
        if init is None or klass is object:
            continue
        try:
            params = inspect.signature(init).parameters.values()
        except (TypeError, ValueError):
            return None
        for p in params:
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
                names.add(p.name)
    return names - {"self", "game", "seed"}


def _declares_options(cls: Any) -> bool:
    """Whether ``cls`` is an agent class whose ``OPTIONS`` table (``agents.strength``) names
    every option its constructor takes: the table is declared by the class whose ``__init__``
    it is built with, or by a subclass of that class (a subclass that writes its own
    ``__init__`` and no table of its own is read from its signature)."""
    if not isinstance(cls, type) or not isinstance(getattr(cls, "OPTIONS", None), dict):
        return False
    init_owner = next((k for k in cls.__mro__ if "__init__" in vars(k)), object)
    table_owner = next(k for k in cls.__mro__ if "OPTIONS" in vars(k))
    return issubclass(table_owner, init_owner)


_FACTORIES: dict[tuple[str, str], tuple[Callable[..., Any], dict[str, Any]]] = {}


def _factory(spec: str, game: str) -> tuple[Callable[..., Any], dict[str, Any]]:
    """The callable building agent ``spec`` for ``game``, and its options (checked)."""
    key = (spec, game)
    if key in _FACTORIES:
        return _FACTORIES[key]
    from . import agents as _agents
    from .agents.strength import declared_options, strength_options
    from .game import game_class

    name, options = parse_agent(spec)
    game_class(game)            # (an unknown game first: GameNotAvailable)
    if ":" in name:
        mod, _, attr = name.partition(":")
        if not mod.strip() or mod.strip().startswith("."):  # (importlib: ValueError, TypeError)
            raise CardcoreError(f"agent {spec!r}: {mod!r} is not a module name; expected "
                                "module:Class with the module's full dotted name, e.g. "
                                "mypkg.agents:MyAgent")
        try:
            module = importlib.import_module(mod)
        except ImportError as exc:
            hint = ("; an agent's options are written NAME:KEY=VALUE,..." if "." not in mod
                    else "")
            raise CardcoreError(f"agent {spec!r}: cannot import module {mod!r} "
                                f"({exc}){hint}") from None
        except Exception as exc:  # noqa: BLE001 - the module raises as it is imported
            raise CardcoreError(f"agent {spec!r}: cannot import module {mod!r} "
                                f"({type(exc).__name__}: {exc})") from None
        try:
            target = getattr(module, attr)
        except AttributeError:
            raise CardcoreError(f"agent {spec!r}: module {mod!r} has no {attr!r}") from None
    else:
        target = _agents.agent_class(name, game, hint=", or module:Class")
    if not callable(target):
        raise CardcoreError(f"agent {spec!r}: {name} is not a class or function")
    if options and _declares_options(target):
        # (a built-in AI declares its options: each is checked here, before any game)
        # (by the reading its constructor makes: strength_options, or declared_options)
        try:
            if hasattr(target, "STRENGTHS"):      # (an empty table: the default only)
                given = {k: v for k, v in options.items() if k != "strength"}
                strength = options.get("strength")
                strength_options(target, "normal" if strength is None else strength, **given)
            else:
                declared_options(target, **options)
        except CardcoreError as exc:
            raise CardcoreError(f"agent {spec!r}: {exc}") from None
    elif options:
        known = _accepted(target)
        if known is not None:
            bad = sorted(set(options) - known)
            if bad:
                raise CardcoreError(
                    f"agent {spec!r}: unknown option(s) {', '.join(bad)}; "
                    f"{getattr(target, '__name__', name)} takes "
                    f"{', '.join(sorted(known)) or 'no options'}")
    _FACTORIES[key] = (target, options)
    return target, options


def make_agent(spec: str, game: str, seed: int | None = None) -> Any:
    """Build agent ``spec`` (see the module docstring) for ``game`` with ``seed``."""
    target, options = _factory(spec, game)
    try:
        agent = target(game, seed=seed, **options)
    except CardcoreError as exc:
        raise CardcoreError(f"agent {spec!r}: {exc}") from None
    except (TypeError, ValueError, OverflowError) as exc:  # (its options of the wrong kind)
        raise CardcoreError(f"agent {spec!r}: cannot be built ({type(exc).__name__}: "
                            f"{exc})") from None
    if not callable(getattr(agent, "act", None)):
        raise CardcoreError(f"agent {spec!r}: the object built has no act(state) method")
    return agent


# ---------------------------------------------------------------------------- plan

class _Plan:
    """Who sits where: ``slot(seat, rotation)`` is the index into ``agents``."""

    def __init__(self, game: str, num_players: int, agents: Sequence[str], duplicate: bool):
        if isinstance(agents, str):
            agents = split_agents(agents)
        if not isinstance(agents, (list, tuple)):
            raise CardcoreError(f"agents {quote(agents)}: expected a list of agent names (or "
                                "one string of them)")
        agents = list(agents)
        n, m = num_players, len(agents)
        for a in agents:
            if not isinstance(a, str):
                raise CardcoreError(
                    f"agent {quote(a)}: pass agents as strings ('ai', 'random', "
                    "'module:Class', ...) so that every worker can build them")
        if m == n:
            self.mode = "seat"
        elif m == 1:
            self.mode = "all"
        elif m == 2 and game in TEAM_GAMES:
            self.mode = "side"
        else:
            sides = " or one per side (2)" if game in TEAM_GAMES else ""
            raise CardcoreError(f"{game}: {m} agents given; expected one per seat ({n}), "
                                f"one for every seat (1){sides}")
        self.agents = agents
        self.n = n
        self.rotations = (1 if self.mode == "all" else m) if duplicate else 1
        self.seating = [[agents[self.slot(s, r)] for s in range(n)]
                        for r in range(self.rotations)]
        self.seats_of = [[[s for s in range(n) if self.slot(s, r) == i] for i in range(m)]
                         for r in range(self.rotations)]
        self.names = list(dict.fromkeys(agents))  # distinct agents, in order of appearance
        self.agent_seats = [{a: [s for s in range(n) if self.seating[r][s] == a]
                             for a in self.names} for r in range(self.rotations)]

    def slot(self, seat: int, rotation: int) -> int:
        if self.mode == "all":
            return 0
        m = len(self.agents)
        if self.mode == "side":
            return (seat % 2 - rotation) % 2
        return (seat - rotation) % m


# ---------------------------------------------------------------------------- the worker side

class _GameFailed(Exception):
    def __init__(self, info: dict[str, Any]) -> None:
        super().__init__(info["message"])
        self.info = info


def _play(job: dict[str, Any], seed: int, rotation: int) -> dict[str, Any]:
    from .game import new_game

    game = job["game"]
    seating = job["seating"][rotation]
    seat, spec = None, None
    # CPU time: the whole process's in a worker process (it plays one game at a time), else
    # (the caller's process, a Ray worker) the thread's, as other threads share the process
    cpu_clock = time.process_time if job.get("cpu_clock") == "process" else time.thread_time
    t0 = time.perf_counter()
    c0 = cpu_clock()
    try:
        state = new_game(game, seed=seed, **job["options"])
        agents = []
        for seat, spec in enumerate(seating):
            agents.append(make_agent(spec, game, agent_seed(seed, seat)))
        n = len(seating)
        think = [0.0] * n
        decisions = [0] * n
        times: list[list[float]] | None = [[] for _ in range(n)] if job["timings"] else None
        length = 0
        clock = time.perf_counter
        while True:
            p = state.current_player
            if p is None:
                break
            if length >= job["max_actions"]:
                raise CardcoreError(f"no end after {length} actions")
            seat, spec = p, seating[p]
            a0 = clock()
            action = agents[p].act(state)
            dt = clock() - a0
            state.apply(action)
            think[p] += dt
            decisions[p] += 1
            if times is not None:
                times[p].append(dt)
            length += 1
        seat, spec = None, None
        scores = list(state.scores())
        row: dict[str, Any] = {
            "game": game, "seed": seed, "rotation": rotation, "agents": list(seating),
            "seats": job["seats_of"][rotation], "scores": scores, "length": length,
            "seconds": 0.0, "cpu": 0.0, "think": think, "decisions": decisions,
            "options": job["options_json"],
            "history": state.to_json() if job["history"] else None,
            "stats": None, "times": times,
        }
        if job["stats"] is not None:
            value = job["stats"](state)
            try:      # (a value the rows can hold and any JSON reader read back)
                json.dumps(value, allow_nan=False)
            except (TypeError, ValueError, RecursionError) as exc:
                raise CardcoreError(f"stats returned {quote(value)}: not JSON ({exc}); "
                                    "return numbers (finite), strings, lists, dicts or "
                                    "None") from None
            row["stats"] = value
        row["seconds"] = time.perf_counter() - t0
        row["cpu"] = cpu_clock() - c0
        return row
    except Exception as exc:  # noqa: BLE001 - reported to the driver with the traceback
        where = f"seed {seed}" + (f" rotation {rotation}" if len(job["seating"]) > 1 else "")
        if seat is not None:
            where += f", seat {seat} (agent {spec!r})"
        raise _GameFailed({
            "seed": seed, "rotation": rotation, "seat": seat, "agent": spec,
            "message": f"{game} {where}: {type(exc).__name__}: {exc}",
            "traceback": traceback.format_exc(),
        }) from None


def _register(job: dict[str, Any]) -> None:
    if job["registry"]:
        from . import agents as _agents

        for name, game, target in job["registry"]:
            _agents._EXTRA.setdefault((name, game), target)


_WARM: set[tuple[str, str, tuple[str, ...]]] = set()


def _warm(job: dict[str, Any]) -> None:
    """Deal a game and import the agents' modules once per process before the first game, so
    that a new worker's imports (the kernels, numpy, an agent's module) are not timed as that
    game's. Errors are left to the games, which report them with their seed and seat."""
    from .game import new_game

    specs = tuple(dict.fromkeys(s for seating in job["seating"] for s in seating))
    key = (job["game"], job["options_json"], specs)
    if key in _WARM:
        return
    _WARM.add(key)
    with contextlib.suppress(Exception):
        new_game(job["game"], seed=0, **job["options"])
    for spec in specs:
        with contextlib.suppress(Exception):
            _factory(spec, job["game"])


def run_chunk(job: dict[str, Any], keys: Sequence[tuple[int, int]]
              ) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Play the games ``keys`` (``(seed, rotation)`` pairs) of ``job``: the finished rows, and
    the failure (or ``None``) that stopped the chunk. This is the task both engines run."""
    _register(job)
    _warm(job)
    rows: list[dict[str, Any]] = []
    for seed, rotation in keys:
        try:
            rows.append(_play(job, seed, rotation))
        except _GameFailed as exc:
            return rows, exc.info
    return rows, None


# ---------------------------------------------------------------------------- results

@dataclass(frozen=True)
class AgentResult:
    """One agent's results. ``mean`` score per game with its ``ci95`` (low, high);
    ``win_rate`` the share of games with a score > 0 (``wins`` of them); ``games`` played;
    ``units`` the samples the interval is taken over (games, or deals with ``duplicate``);
    ``think`` mean seconds per decision."""

    agent: str
    games: int
    mean: float
    ci95: tuple[float, float]
    sd: float
    units: int
    win_rate: float
    wins: int
    decisions: int
    think: float


class _Rec(NamedTuple):
    seed: int
    rotation: int
    scores: tuple[float, ...]
    length: int
    seconds: float
    cpu: float | None  # None: a row written before rows had a CPU time
    think: tuple[float, ...]
    decisions: tuple[int, ...]


def _mean_half(xs: list[float]) -> tuple[float, float, float]:
    """Mean, half-width of the 95% interval (normal approximation) and standard deviation."""
    n = len(xs)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = math.fsum(xs) / n
    if n == 1:
        return mean, math.inf, math.nan
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    return mean, 1.96 * sd / math.sqrt(n), sd


class Results:
    """What :func:`simulate` returns. ``results["ai"]`` is an :class:`AgentResult`;
    ``mean``, ``ci95``, ``win_rate`` and ``games`` are the same numbers as dicts by agent.
    ``total_games`` games in all, ``new_games`` of them played by this call (the rest read
    back from ``out``) in ``wall_seconds`` (``games_per_second``). ``cpu_seconds`` is the CPU
    time spent inside the games, summed over them (a row read back from a file written before
    rows had a CPU time adds none), ``game_seconds`` the wall time inside them, summed: see
    the module docstring for how each game's CPU time is measured. ``rows`` holds one dict
    per game (``keep_rows=True``), sorted by seed and rotation. ``complete`` is False when the
    run stopped early."""

    def __init__(self, *, game: str, agents: list[str], options: dict[str, Any], seed: int,
                 deals: int, duplicate: bool, plan: _Plan, records: dict[tuple[int, int], _Rec],
                 rows: dict[tuple[int, int], dict[str, Any]] | None,
                 new_games: int, wall_seconds: float, workers: int, engine: str,
                 complete: bool, out: str | None, startup_seconds: float = 0.0) -> None:
        self.game = game
        self.agents = list(agents)
        self.options = dict(options)
        self.seed = seed
        self.deals = deals
        self.duplicate = duplicate
        self.rotations = plan.rotations
        self.engine = engine
        self.workers = workers
        self.out = out
        self.complete = complete
        self.new_games = new_games
        self.wall_seconds = wall_seconds
        self.startup_seconds = startup_seconds
        keys = sorted(records)
        self._records = [records[k] for k in keys]
        self.rows = [rows[k] for k in keys if k in rows] if rows is not None else None
        self.total_games = len(self._records)
        self.resumed_games = self.total_games - new_games
        self.cpu_seconds = math.fsum(r.cpu for r in self._records if r.cpu is not None)
        self.game_seconds = math.fsum(r.seconds for r in self._records)
        busy = wall_seconds - startup_seconds
        self.games_per_second = new_games / busy if busy > 0 else math.nan
        #: each agent's result, by its name (``results[name]`` reads it too)
        self.per_agent: dict[str, AgentResult] = {}
        for name in plan.names:
            values: list[float] = []
            units: dict[int, list[float]] = {}
            wins = decisions = 0
            think = 0.0
            for rec in self._records:
                seats = plan.agent_seats[rec.rotation][name]
                v = math.fsum(float(rec.scores[s]) for s in seats) / len(seats)
                values.append(v)
                units.setdefault(rec.seed, []).append(v)
                wins += v > 0
                decisions += sum(rec.decisions[s] for s in seats)
                think += math.fsum(rec.think[s] for s in seats)
            samples = ([math.fsum(u) / len(u) for u in units.values()] if duplicate
                       else values)
            _, half, sd = _mean_half(samples)
            mean = math.fsum(values) / len(values) if values else math.nan
            ci = (mean - half, mean + half)
            self.per_agent[name] = AgentResult(
                agent=name, games=len(values), mean=mean, ci95=ci, sd=sd, units=len(samples),
                win_rate=wins / len(values) if values else math.nan, wins=wins,
                decisions=decisions,
                think=think / decisions if decisions else math.nan)

    # -- per agent, as dicts
    def __getitem__(self, agent: str) -> AgentResult:
        try:
            return self.per_agent[agent]
        except KeyError:
            raise KeyError(f"{agent!r}: the agents are {', '.join(self.per_agent)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.per_agent)

    def __len__(self) -> int:
        return self.total_games

    @property
    def mean(self) -> dict[str, float]:
        return {a: r.mean for a, r in self.per_agent.items()}

    @property
    def ci95(self) -> dict[str, tuple[float, float]]:
        return {a: r.ci95 for a, r in self.per_agent.items()}

    @property
    def win_rate(self) -> dict[str, float]:
        return {a: r.win_rate for a, r in self.per_agent.items()}

    @property
    def games(self) -> dict[str, int]:
        return {a: r.games for a, r in self.per_agent.items()}

    def scores(self) -> list[tuple[float, ...]]:
        """The scores per seat of every game, sorted by seed and rotation."""
        return [tuple(r.scores) for r in self._records]

    def keys(self) -> list[tuple[int, int]]:
        """``(seed, rotation)`` of every game, sorted."""
        return [(r.seed, r.rotation) for r in self._records]

    def summary(self) -> dict[str, Any]:
        """A JSON-friendly summary (per agent and the run's totals)."""
        return {
            "game": self.game, "agents": self.agents, "options": self.options,
            "seed": self.seed, "deals": self.deals, "duplicate": self.duplicate,
            "games": self.total_games, "new_games": self.new_games,
            "wall_seconds": self.wall_seconds, "cpu_seconds": self.cpu_seconds,
            "game_seconds": self.game_seconds,
            "games_per_second": self.games_per_second, "complete": self.complete,
            "per_agent": {a: {"games": r.games, "mean": r.mean, "ci95": list(r.ci95),
                              "win_rate": r.win_rate, "decisions": r.decisions,
                              "think": r.think} for a, r in self.per_agent.items()},
        }

    def table(self) -> str:
        """The summary table the CLI prints."""
        head = f"{'agent':<24} {'games':>7} {'mean':>10} {'95% CI':>23} {'win rate':>9} " \
               f"{'ms/decision':>12}"
        lines = [head, "-" * len(head)]
        for a, r in self.per_agent.items():
            ci = f"[{r.ci95[0]:+.3f}, {r.ci95[1]:+.3f}]" if r.units > 1 else "-"
            ms = f"{1e3 * r.think:.2f}" if r.decisions else "-"
            wr = f"{r.win_rate:.1%}" if r.games else "-"
            mean = f"{r.mean:+.3f}" if r.games else "-"
            lines.append(f"{a[:24]:<24} {r.games:>7} {mean:>10} {ci:>23} {wr:>9} {ms:>12}")
        how = (f"{self.deals} deals x {self.rotations} seatings" if self.duplicate
               else f"{self.deals} games")
        done = f"{self.total_games} games" + (f" ({how})" if self.duplicate else "")
        if self.resumed_games:
            done += f", {self.resumed_games} read back from {self.out}"
        if not self.complete:
            done += " [incomplete]"
        start = (f" (Ray start {self.startup_seconds:.1f} s)" if self.startup_seconds >= 0.05
                 else "")
        rate = ((f"{self.new_games} played in {self.wall_seconds:.1f} s{start}: "
                 f"{self.games_per_second:.1f} games/s on {self.workers} "
                 f"{'worker' if self.workers == 1 else 'workers'} ({self.engine}), "
                 f"time in games {self.cpu_seconds:.1f} s CPU, {self.game_seconds:.1f} s wall")
                if self.new_games else "none played now")
        lines.append(f"{done}; {rate}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        parts = ", ".join(f"{a}: {r.mean:+.3f} [{r.ci95[0]:+.3f}, {r.ci95[1]:+.3f}]"
                          for a, r in self.per_agent.items())
        return f"<Results {self.game} {self.total_games} games; {parts}>"


# ---------------------------------------------------------------------------- output files

def _dumps(row: dict[str, Any]) -> str:
    return json.dumps({k: row.get(k) for k in FIELDS}, separators=(",", ":"))


def _read_jsonl(path: Path, *, repair: bool) -> list[dict[str, Any]]:
    """Rows of a JSON Lines file; a last line cut short (a killed writer) is dropped, and with
    ``repair`` cut off the file so that appending starts on a fresh line."""
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data) and repair:
        with open(path, "r+b") as f:
            f.truncate(end)
    rows = []
    for i, line in enumerate(data[:end].splitlines()):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise CardcoreError(f"{path}: line {i + 1} is not JSON; not a simulate output "
                                "file") from None
        if not isinstance(row, dict) or "seed" not in row or "rotation" not in row:
            raise CardcoreError(f"{path}: line {i + 1} is not a simulate row")
        rows.append(row)
    return rows


def _cannot(what: str, out: Path, exc: OSError) -> CardcoreError:
    """``CardcoreError`` for an output ``out`` that cannot be read or written (``what``)."""
    if isinstance(exc, FileExistsError) and exc.filename is not None:
        reason = f"{str(exc.filename)!r} is a file, not a directory"  # mkdir of a parent
    else:
        reason = exc.strerror or str(exc)
    return CardcoreError(f"{str(out)!r}: cannot {what} ({reason})")


class _JsonlSink:
    """A JSON Lines file, opened for appending (its missing parent directories made) when it is
    loaded, so that a path that cannot be written is refused before any game is played.
    ``name`` is the output the errors name (a Parquet directory, for its journal)."""

    def __init__(self, path: Path, name: Path | None = None) -> None:
        self.path = path
        self.name = path if name is None else name
        self._f: TextIO | None = None

    def load(self) -> list[dict[str, Any]]:
        if self.path.is_dir():
            raise CardcoreError(f"{str(self.name)!r}: cannot write "
                                f"({os.strerror(errno.EISDIR)})")
        try:
            rows = _read_jsonl(self.path, repair=True) if self.path.exists() else []
        except OSError as exc:  # e.g. no permission to read it
            raise _cannot("read", self.name, exc) from None
        self._open()
        return rows

    def _open(self) -> TextIO:
        if self._f is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._f = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - kept open
            except OSError as exc:
                raise _cannot("write", self.name, exc) from None
        return self._f

    def write(self, rows: list[dict[str, Any]]) -> None:
        f = self._open()
        try:
            for row in rows:
                f.write(_dumps(row) + "\n")
            f.flush()
        except OSError as exc:  # a full disk: the file is let go (what it holds is kept)
            self._f = None
            with contextlib.suppress(OSError):
                f.close()
            raise _cannot("write", self.name, exc) from None

    def close(self) -> None:
        if self._f is not None:
            f, self._f = self._f, None
            try:
                f.close()
            except OSError as exc:
                raise _cannot("write", self.name, exc) from None


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise CardcoreError("out=*.parquet needs pyarrow: pip install pyarrow "
                            "(or use a .jsonl file)") from None
    return pyarrow


def _schema(pa: Any) -> Any:
    return pa.schema([
        ("game", pa.string()), ("seed", pa.int64()), ("rotation", pa.int32()),
        ("agents", pa.list_(pa.string())), ("seats", pa.list_(pa.list_(pa.int32()))),
        ("scores", pa.list_(pa.float64())), ("length", pa.int64()), ("seconds", pa.float64()),
        ("cpu", pa.float64()),
        ("think", pa.list_(pa.float64())), ("decisions", pa.list_(pa.int64())),
        ("options", pa.string()), ("history", pa.string()), ("stats", pa.string()),
        ("times", pa.list_(pa.list_(pa.float64()))),
    ])


class _ParquetSink:
    """A directory of part files plus a JSON Lines journal of the rows not yet in a part."""

    def __init__(self, path: Path) -> None:
        self.pa = _pyarrow()
        self.path = path
        self.journal = path / _JOURNAL
        self._log = _JsonlSink(self.journal, path)    # (what appends to the journal)
        self._pending = 0
        if path.exists() and not path.is_dir():
            raise CardcoreError(f"out {str(path)!r}: simulate writes Parquet as a directory of "
                                "part files, and this is a file; choose another name")

    def _parts(self) -> list[Path]:
        return sorted(p for p in self.path.glob("part-*.parquet"))

    def _part_rows(self) -> list[dict[str, Any]]:
        """The rows of the part files, in file order (``stats`` read back from its JSON)."""
        import pyarrow.parquet as pq

        rows: list[dict[str, Any]] = []
        for part in self._parts():
            for row in pq.read_table(part).to_pylist():
                if row.get("stats") is not None:
                    row["stats"] = json.loads(row["stats"])
                rows.append(row)
        return rows

    def load(self) -> list[dict[str, Any]]:
        if not self.path.exists():
            self._log.load()  # makes the directory and its journal (or says why it cannot)
            return []
        rows = self._part_rows()
        if self.journal.exists():
            # rows of a run that stopped before compacting; a row already in a part (a stop
            # between the rename and emptying the journal) is not written twice
            done = {(r["seed"], r["rotation"]) for r in rows}
            pending = [r for r in self._log.load() if (r["seed"], r["rotation"]) not in done]
            rows += pending
            self._compact(pending)
            with open(self.journal, "w", encoding="utf-8"):
                pass
        self._log.load()  # the journal, open for this run's rows
        return rows

    def write(self, rows: list[dict[str, Any]]) -> None:
        self._log.write(rows)
        self._pending += len(rows)
        if self._pending >= _PART_ROWS:
            self._compact(_read_jsonl(self.journal, repair=False))

    def _compact(self, rows: list[dict[str, Any]]) -> None:
        """Journal rows -> a new part file (atomic rename), then an empty journal."""
        if not rows:
            return
        import pyarrow.parquet as pq

        table_rows = []
        for row in rows:
            r = {k: row.get(k) for k in FIELDS}
            if r["stats"] is not None:
                r["stats"] = json.dumps(r["stats"], separators=(",", ":"))
            table_rows.append(r)
        table = self.pa.Table.from_pylist(table_rows, schema=_schema(self.pa))
        parts = self._parts()
        n = int(parts[-1].stem.split("-")[1]) + 1 if parts else 0
        tmp = self.path / f"_tmp-{os.getpid()}.parquet"
        try:
            pq.write_table(table, tmp)
            os.replace(tmp, self.path / f"part-{n:05d}.parquet")
        except OSError as exc:  # the rows stay in the journal, for the next run
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise _cannot("write", self.path, exc) from None
        self._log.close()
        with open(self.journal, "w", encoding="utf-8"):
            pass
        self._pending = 0

    def close(self) -> None:
        self._log.close()
        if self.journal.exists():
            self._compact(_read_jsonl(self.journal, repair=False))
            with contextlib.suppress(OSError):
                self.journal.unlink()


def _sink(out: str | os.PathLike[str]) -> _JsonlSink | _ParquetSink:
    path = Path(out)
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return _JsonlSink(path)
    if suffix == ".parquet":
        return _ParquetSink(path)
    raise CardcoreError(f"out {str(out)!r}: expected a .jsonl or .parquet name")


def read_rows(out: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The rows of a :func:`simulate` output (``.jsonl`` file or ``.parquet`` directory),
    sorted by seed and rotation (a row repeated by an interrupted compaction counts once)."""
    path = Path(out)
    if not path.exists():
        raise CardcoreError(f"{str(out)!r}: no such file")
    if path.suffix.lower() == ".jsonl":
        rows = _read_jsonl(path, repair=False)
    else:
        sink = _ParquetSink(path)
        rows = sink._part_rows()
        if sink.journal.exists():
            rows += _read_jsonl(sink.journal, repair=False)
    seen: dict[tuple[int, int], dict[str, Any]] = {}
    for row in rows:
        seen.setdefault((row["seed"], row["rotation"]), row)
    return [seen[k] for k in sorted(seen)]


# ---------------------------------------------------------------------------- engines

class _ByValue:
    """A function of the main script, carried to the workers by value (``cloudpickle``)."""

    def __init__(self, func: Callable[..., Any]) -> None:
        import cloudpickle

        self.data = cloudpickle.dumps(func)

    def __reduce__(self) -> tuple[Callable[[bytes], Any], tuple[bytes]]:
        return (pickle.loads, (self.data,))


def _portable(job: Any) -> Any:
    """``job`` ready for worker processes, which do not import the main script: a ``stats``
    function defined there goes by value when ``cloudpickle`` is installed; otherwise, and for
    an agent class of the main script, ``CardcoreError`` says what to do."""
    if not isinstance(job, dict):
        return job
    stats = job.get("stats")
    if stats is not None and getattr(stats, "__module__", None) == "__main__":
        try:
            job = dict(job, stats=_ByValue(stats))
        except ImportError:
            name = getattr(stats, "__name__", "the function")
            raise CardcoreError(
                f"stats {name}: it is defined in the main script, which worker processes do "
                "not import; move it into a module of its own (e.g. mystats.py next to the "
                "script, then 'from mystats import " + name + "'), install cloudpickle, or pass "
                "workers=1") from None
    specs = [s for seating in job.get("seating", ()) for s in seating]
    specs += [t for _, _, t in job.get("registry", ())]
    for spec in specs:
        if isinstance(spec, str) and spec.strip().startswith("__main__:"):
            cls = spec.strip().split(":")[1]
            raise CardcoreError(
                f"agent {spec!r}: the class is in the main script, which worker processes do "
                f"not import; move it into a module (e.g. myagents.py next to the script) and "
                f"name it 'myagents:{cls}', or pass workers=1")
    return job


class _Sizer:
    """Chunk sizes from the measured seconds per game: about ``target`` seconds of work per
    chunk, the first ``capacity`` chunks one game each, smaller chunks near the end."""

    def __init__(self, target: float, capacity: int, fixed: int | None) -> None:
        self.target, self.capacity, self.fixed = target, capacity, fixed
        self.seconds = 0.0
        self.games = 0
        self.issued = 0

    def observe(self, rows: list[dict[str, Any]]) -> None:
        self.games += len(rows)
        self.seconds += math.fsum(r["seconds"] for r in rows)

    def next(self, remaining: int) -> int:
        if self.fixed:
            return min(self.fixed, remaining)
        self.issued += 1
        if not self.games:
            return 1
        per = max(self.seconds / self.games, 1e-6)
        size = max(1, min(1000, int(self.target / per)))
        tail = max(1, -(-remaining // (2 * self.capacity)))
        return min(size, tail, remaining)


# ---------------------------------------------------------------------------- simulate

def _check_int(name: str, value: Any, low: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardcoreError(f"{name} {quote(value)}: expected an int")
    if low is not None and value < low:
        raise CardcoreError(f"{name} {value}: expected an int >= {low}")
    return value


def simulate(game: str, agents: Sequence[str] | str, games: int, *, seed: int = 0,
             duplicate: bool = False, workers: int | None = None, engine: str = "local",
             address: str | None = None, out: str | os.PathLike[str] | None = None,
             history: bool = False, stats: Callable[[Any], Any] | None = None,
             timings: bool = False, keep_rows: bool = True, chunk: int | None = None,
             progress: Callable[[Progress], Any] | bool | None = None,
             max_actions: int = 1_000_000, **options: Any) -> Results:
    """Play ``games`` games (deals, with ``duplicate``) of ``game`` between ``agents`` and
    return their :class:`Results`. See the module docstring for seeds, seating, duplicate,
    output files, resuming and engines.

    ``history=True`` stores each finished game's JSON in the rows; ``stats=f`` calls ``f(state)``
    on each finished state in the worker and stores its value (JSON: finite numbers, strings,
    lists, dicts, None) as the row's ``stats`` (a module-level function for the local engine:
    it is pickled by reference);
    ``timings=True`` keeps every decision's seconds; ``progress=f`` is called with a
    :class:`Progress` after every chunk, ``progress=True`` prints the progress line of
    ``cardcore simulate`` on stderr (what this run measures: games/s and the time left);
    ``**options`` are the game's options."""
    from . import agents as _agents
    from .game import game_class, new_game

    cls = game_class(game)  # GameNotAvailable (a CardcoreError) for an unknown game
    games = _check_int("games", games, 0)
    seed = _check_int("seed", seed)
    duplicate = flag_arg(duplicate, "duplicate")
    if out is not None and (not isinstance(out, (str, os.PathLike)) or isinstance(out, bytes)):
        raise CardcoreError(f"out {quote(out)}: expected a path (a str or a Path) or None")
    if games > MAX_GAMES:
        raise CardcoreError(f"games {games}: at most {MAX_GAMES:,} in one call (every game's "
                            "result is kept in memory); play more in parts, each with its "
                            "first seed and out= to keep and resume them")
    if games and 0 <= seed <= 2**64 - 1 < seed + games - 1:    # (a bad seed: new_game says)
        raise CardcoreError(f"seed {seed}, games {games}: game k is dealt from seed seed + k, "
                            f"expected seeds 0..2**64-1 (the last is {seed + games - 1})")
    max_actions = _check_int("max_actions", max_actions, 1)
    if engine not in ("local", "ray"):
        raise CardcoreError(f"engine {quote(engine)}: expected 'local' or 'ray'")
    if workers is not None:
        workers = _check_int("workers", workers, 1)
    if chunk is not None:
        chunk = _check_int("chunk", chunk, 1)
    if stats is not None and not callable(stats):
        raise CardcoreError(f"stats {quote(stats)}: expected a function of the final state")
    new_game(game, seed=seed, **options)  # OptionError for a bad option, before any work
    show, end_line = progress_hook(progress, "games")
    plan = _Plan(game, cls.NUM_PLAYERS, agents, duplicate)
    for spec in plan.names:  # unknown agents and options fail here, in this process
        make_agent(spec, game, 0)
    try:
        options_json = json.dumps(options, sort_keys=True, separators=(",", ":"), default=str)
    except (TypeError, ValueError):
        options_json = repr(sorted(options.items()))
    job = {
        "game": game, "options": options, "options_json": options_json,
        "seating": plan.seating, "seats_of": plan.seats_of, "history": bool(history),
        "timings": bool(timings), "stats": stats, "max_actions": max_actions,
        "registry": [(n, g, t) for (n, g), t in _agents._EXTRA.items() if g == game],
    }
    todo_all = [(seed + k, r) for k in range(games) for r in range(plan.rotations)]
    wanted = set(todo_all)

    records: dict[tuple[int, int], _Rec] = {}
    rows: dict[tuple[int, int], dict[str, Any]] | None = {} if keep_rows else None

    def record(row: dict[str, Any]) -> None:
        key = (row["seed"], row["rotation"])
        records[key] = _Rec(row["seed"], row["rotation"], tuple(row["scores"]), row["length"],
                            row["seconds"], row.get("cpu"), tuple(row["think"]),
                            tuple(row["decisions"]))
        if rows is not None:
            rows[key] = row

    sink = _sink(out) if out is not None else None
    if sink is not None:
        for row in sink.load():
            key = (row.get("seed"), row.get("rotation"))
            if key not in wanted or key in records:
                continue
            expect = plan.seating[key[1]]
            if row.get("game") != game or list(row.get("agents") or []) != expect:
                raise CardcoreError(
                    f"out {str(out)!r} holds {row.get('game')} seed {key[0]} played by "
                    f"{row.get('agents')}, but this run seats {expect} there: use another "
                    "out file (or the same game, agents and duplicate setting to resume)")
            if row.get("options") != options_json:
                raise CardcoreError(
                    f"out {str(out)!r} was written with options {row.get('options')}, this "
                    f"run has {options_json}: use another out file")
            record(row)
    todo = deque(k for k in todo_all if k not in records)

    if engine == "local":
        n_workers = workers if workers is not None else cores()
        n_workers = max(1, min(n_workers, len(todo) or 1))
    else:
        n_workers = workers or 0

    if stats is not None and (engine == "local" and n_workers > 1):
        try:
            pickle.dumps(stats)
        except Exception:  # noqa: BLE001
            raise CardcoreError(f"stats {quote(stats)}: cannot be sent to worker processes "
                                "(use a module-level function)") from None

    new = 0
    startup = 0.0
    t_run = time.perf_counter()

    def results(complete: bool) -> Results:
        return Results(game=game, agents=plan.agents, options=options, seed=seed, deals=games,
                       duplicate=duplicate, plan=plan, records=records, rows=rows,
                       new_games=new, wall_seconds=time.perf_counter() - t_run,
                       workers=n_workers, engine=engine, complete=complete,
                       out=None if out is None else str(out), startup_seconds=startup)

    def report() -> None:
        if show is not None:
            show(Progress.measure(len(records), len(todo_all), new,
                                  time.perf_counter() - t_run))

    def take(chunk_rows: list[dict[str, Any]]) -> None:
        nonlocal new
        if sink is not None and chunk_rows:
            sink.write(chunk_rows)
        for row in chunk_rows:
            record(row)
        new += len(chunk_rows)

    def failed(info: dict[str, Any]) -> SimulationError:
        kept = f"; {len(records)} finished games kept" + (f" in {str(out)!r}" if out else "")
        return SimulationError(info["message"] + kept, results=results(False),
                               seed=info.get("seed"), rotation=info.get("rotation"),
                               seat=info.get("seat"), agent=info.get("agent"),
                               worker_traceback=info.get("traceback", ""))

    report()
    try:
        if not todo:
            pass
        elif engine == "local" and n_workers == 1:
            _register(job)
            while todo:
                key = todo.popleft()
                try:
                    row = _play(job, *key)
                except _GameFailed as exc:
                    raise failed(exc.info) from None
                take([row])
                report()
        else:
            runner: LocalPool | RayPool = (
                LocalPool(run_chunk, _portable(dict(job, cpu_clock="process")), n_workers,
                          error=SimulationError)
                if engine == "local" else RayPool(run_chunk, job, workers, address,
                                                  error=SimulationError))
            n_workers = runner.workers
            if engine == "ray":
                startup = time.perf_counter() - t_run
            _drive(runner, todo, take, report, failed, chunk)
    except KeyboardInterrupt:
        end_line()
        if sink is not None:
            sink.close()
        raise SimulationInterrupted(results(False)) from None
    except BaseException:
        end_line()
        if sink is not None:
            sink.close()
        raise
    end_line()
    if sink is not None:
        sink.close()
    return results(True)


def _drive(runner: LocalPool | RayPool, todo: deque[tuple[int, int]],
           take: Callable[[list[dict[str, Any]]], None], report: Callable[[], None],
           failed: Callable[[dict[str, Any]], SimulationError], chunk: int | None) -> None:
    """Keep ``2 x capacity`` chunks in flight; take rows as chunks finish. On a failure,
    stop submitting, keep what the chunks in flight finish, then raise."""
    sizer = _Sizer(runner.target, runner.capacity, chunk)
    inflight: dict[Any, int] = {}
    failure: dict[str, Any] | None = None
    try:
        while todo or inflight:
            while todo and failure is None and len(inflight) < 2 * runner.capacity:
                n = sizer.next(len(todo))
                keys = [todo.popleft() for _ in range(n)]
                inflight[runner.submit(keys)] = n
            for handle in runner.wait(list(inflight), 0.5):
                inflight.pop(handle)
                try:
                    chunk_rows, info = runner.result(handle)
                except SimulationError as exc:
                    chunk_rows, info = [], {"message": str(exc),
                                            "traceback": exc.worker_traceback}
                take(chunk_rows)
                sizer.observe(chunk_rows)
                report()
                if info is not None and failure is None:
                    failure = info
                    todo.clear()
        if failure is not None:
            raise failed(failure)
    except BaseException:
        runner.abort(list(inflight))
        raise
    runner.close()


# ``cardcore.simulate`` is this module (Python binds a package's submodule as its attribute),
# made callable: ``cardcore.simulate(...)`` is ``cardcore.simulate.simulate(...)``.
class _CallableModule(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> Results:
        return simulate(*args, **kwargs)


__signature__ = inspect.signature(simulate)
sys.modules[__name__].__class__ = _CallableModule

__all__ = ["simulate", "Results", "AgentResult", "Progress", "SimulationError",
           "SimulationInterrupted", "agent_seed", "make_agent", "parse_agent", "split_agents",
           "read_rows", "run_chunk", "TEAM_GAMES", "FIELDS", "progress_hook"]
