"""The ``cardcore`` command: play a game in the terminal, run the benchmarks.

    cardcore play GAME [--seed N] [--auto] [-o KEY=VALUE ...]
    cardcore bench [NAME] [--full]
    cardcore games [GAME]
    cardcore rules GAME
    cardcore --version | --help
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import shutil
import sys
import time
from typing import Any, TextIO

from . import __version__
from ._backend import version_detail as _version_detail
from .errors import CardcoreError, IllegalAction, OptionError
from .agents.strength import STRENGTHS
from .game import GAMES, Action, State, available_games, game_class, get_game, new_game

HUMAN = 0  # the human seat (docs/rules/README.md: seat 0 is "you")


# ---------------------------------------------------------------- option parsing

_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def option_value(game: str, key: str, text: str) -> Any:
    """The value of ``-o KEY=TEXT`` for ``game``, typed by the option's declaration."""
    declared = get_game(game).options
    opt = declared.get(key)
    if opt is None:
        raise OptionError(f"option {key!r}: {game} has no such option "
                          f"(its options: {', '.join(declared) or 'none'})")
    low = text.strip().lower()
    if opt.none and low in ("none", "null", ""):
        return None
    if opt.kind == "bool":
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise OptionError(f"option {key}={text!r}: expected {opt.allowed()}")
    if opt.kind in ("int", "seat"):
        try:
            return int(low)
        except ValueError:
            return text.strip() if opt.parse else _bad(key, text, opt)
    if opt.kind == "ints":
        try:
            return [int(t) for t in low.split(",") if t.strip()]
        except ValueError:
            return _bad(key, text, opt)
    try:  # a str option that also takes a number (e.g. Bridge's dealer seat)
        return int(low) if opt.parse else text.strip()
    except ValueError:
        return text.strip()


def _bad(key: str, text: str, opt: Any) -> Any:
    raise OptionError(f"option {key}={text!r}: expected {opt.allowed()}")


def parse_options(items: list[str], game: str) -> dict[str, Any]:
    """``-o KEY=VALUE`` items as typed options of ``game`` (checked again by ``new_game``)."""
    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"option {item!r}: expected KEY=VALUE (e.g. single_deal=true)")
        key = key.strip().replace("-", "_")
        out[key] = option_value(game, key, value)
    return out


# ---------------------------------------------------------------- play

def _width() -> int:
    return max(40, min(shutil.get_terminal_size((100, 24)).columns, 120))


def format_actions(legal: list[Action], width: int | None = None) -> str:
    """Legal actions as ``#N text`` items (``#N`` is what picks one), packed into lines of the
    terminal width without ever splitting an item."""
    width = width or _width()
    lines: list[str] = []
    line = ""
    for i, a in enumerate(legal):
        item = f"#{i} {a.text}"
        if line and len(line) + 2 + len(item) > width:
            lines.append(line)
            line = item
        else:
            line = f"{line}  {item}" if line else item
    if line:
        lines.append(line)
    return "\n".join(lines)


def _agent_for(game: str, seed: int | None, name: str = "ai", strength: str | None = None):
    from . import agents

    if name == "ai" and not game_class(game).AI_AGENT:
        return agents.get("random", game, seed=seed), "random"
    return agents.get(name, game, seed=seed, strength=strength), name


def _view_module(state: State) -> Any:
    """The game's ``render`` module (``None`` if it has none): besides ``render`` it may give
    ``seat_name(seat)``, ``events(before, after, viewer)`` and ``help_text(state, viewer)``."""
    package = type(state).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.render")
    except ModuleNotFoundError:
        return None


def seat_label(state: State, seat: int) -> str:
    """How the game names ``seat`` (``"West"`` in Bridge, else ``"seat 1"``)."""
    name = getattr(_view_module(state), "seat_name", None)
    return name(seat) if name is not None else f"seat {seat}"


def rules_text(game: str) -> str:
    """The rules summary of ``game``: the docstring of its state module (the full rules are
    ``docs/rules/<game>.md`` in the cardcore repository)."""
    cls = game_class(game)
    doc = (sys.modules[cls.__module__].__doc__ or "").strip()
    return (f"{doc}\n\n(The full rules: docs/rules/{game}.md in the cardcore source "
            "repository.)")


def help_text(state: State, viewer: int) -> str:
    """What ``?`` prints besides the list: the current decision explained, if the game says."""
    explain = getattr(_view_module(state), "help_text", None)
    text = explain(state, viewer) if explain is not None else ""
    return ((text + "\n") if text else "") + ("type a move as written in the game (a bare "
                                              "number is game notation), #N for the N-th "
                                              "listed move, ?rules for the rules, q to quit")


def read_human_action(state: State, legal: list[Action], inp: TextIO, out: TextIO) -> Action | None:
    """Prompt until the human gives a legal action; ``None`` on quit/EOF."""
    while True:
        out.write("your move (as written, or #N from the list; ? help, ?rules, q quits)> ")
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            return None
        text = line.strip()
        if not text:
            continue
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text in ("?", "help", "h"):
            out.write(format_actions(legal) + "\n" + help_text(state, HUMAN) + "\n")
            continue
        if text.lower() in ("?rules", "rules", "?r"):
            out.write(rules_text(state.game) + "\n")
            continue
        if text.startswith("#"):  # a pick from the list; a bare number is game notation
            index = text[1:].strip()
            if index.isdigit() and int(index) < len(legal):
                return legal[int(index)]
            out.write(f"  not accepted: {text!r} is not one of #0..#{len(legal) - 1}\n")
            continue
        try:
            probe = state.clone()
            probe.apply(text)
        except IllegalAction as exc:
            out.write(f"  not accepted: {exc}\n")
            continue
        return probe.history[-1].action


def play(game: str, *, seed: int | None, auto: bool, options: dict[str, Any],
         inp: TextIO | None = None, out: TextIO | None = None, delay: float = 0.0,
         max_actions: int = 200_000, strength: str | None = None) -> State | None:
    """Play ``game`` in the terminal: the human is seat 0 (``auto``: the AI plays every seat).
    ``strength`` is the AI seats' strength (``easy``, ``normal``, ``strong``).

    Everything printed is what seat 0 may see: the board drawn for seat 0, and each action in
    the form seat 0 sees it (``State.action_view``: a One Poker lock, Preference's discards
    and a Tractor burial show no card to the other seats)."""
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    state = new_game(game, seed=seed, **options)
    n = state.num_players
    view = _view_module(state)
    events = getattr(view, "events", None)
    agents = {}
    for p in range(n):
        if auto or p != HUMAN:
            agents[p] = _agent_for(game, None if seed is None else seed * 7919 + p,
                                   strength=strength)
    names = {p: ("you" if p not in agents else f"{seat_label(state, p)} ({agents[p][1]})")
             for p in range(n)}
    you = seat_label(state, HUMAN)
    out.write(f"cardcore {__version__}: {game}, seed {state.seed}"
              + (" (all seats played by the AI)" if auto else
                 f", you are {you}{'' if you == 'seat 0' else ' (seat 0)'}; "
                 "'?' explains your moves, '?rules' prints the rules")
              + "\n")
    out.write(state.render(HUMAN) + "\n")
    fresh = True  # the board on screen is the current one
    for _ in range(max_actions):
        current = state.current_player
        if current is None:
            break
        p = current
        before = state.clone() if events is not None else None
        hand = getattr(state, "playing_hand", None)  # e.g. a declarer playing dummy
        who = f" (from {seat_label(state, hand)}'s hand)" if hand is not None and hand != p else ""
        if p in agents:
            action = agents[p][0].act(state)
            state.apply(action)
            out.write(f"{names[p]}{who}: {state.action_view(p, action, HUMAN)}\n")
        else:
            if not fresh:
                out.write("\n" + state.render(HUMAN) + "\n")
            legal = state.legal_actions()
            out.write("legal: " + format_actions(legal) + "\n")
            action = read_human_action(state, legal, inp, out)
            if action is None:
                out.write("game left unfinished.\n")
                return state
            state.apply(action)
            out.write(f"you{who}: {state.action_view(p, action, HUMAN)}\n")
        fresh = False
        if before is not None and events is not None:
            for line in events(before, state, HUMAN):
                out.write(line + "\n")
        if delay and p in agents:
            out.flush()
            time.sleep(delay)
    else:
        out.write(f"stopped after {max_actions} actions\n")
        return state
    out.write("\n" + state.render(HUMAN) + "\n")
    scores = state.scores()
    out.write("final scores: " + ", ".join(f"{names[i]} {s:+g}" for i, s in enumerate(scores))
              + "\n")
    return state


# ---------------------------------------------------------------- bench

def bench_modules() -> list[str]:
    from . import bench as pkg

    return sorted(m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_"))


def run_bench(name: str | None, quick: bool, out: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out
    mods = bench_modules()
    if name is not None and name not in mods:
        raise CardcoreError(f"bench {name!r}: unknown; available: {', '.join(mods) or 'none'}")
    rows: list[tuple[str, str, float, str]] = []
    for m in ([name] if name else mods):
        mod = importlib.import_module(f"cardcore.bench.{m}")
        for label, value, unit in mod.run(quick=quick):
            rows.append((m, label, value, unit))
    w1 = max([len("bench")] + [len(r[0]) for r in rows])
    w2 = max([len("measure")] + [len(r[1]) for r in rows])
    out.write(f"{'bench':<{w1}}  {'measure':<{w2}}  {'value':>14}  unit\n")
    out.write(f"{'-' * w1}  {'-' * w2}  {'-' * 14}  ----\n")
    for m, label, value, unit in rows:
        out.write(f"{m:<{w1}}  {label:<{w2}}  {value:>14.4g}  {unit}\n")
    return 0


# ---------------------------------------------------------------- main

def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of seconds >= 0")
    return value



def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cardcore",
        description="Nine card games with fast kernels and AI opponents.",
        epilog="examples: cardcore play onepoker | cardcore play holdem --auto --seed 3 | "
               "cardcore bench poker",
    )
    p.add_argument("--version", action="version",
                   version=f"cardcore {__version__}, {_version_detail()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    pl = sub.add_parser("play", help="play a game as seat 0 against the built-in AI",
                        description="Play GAME as seat 0 against the built-in AI in the terminal.")
    pl.add_argument("game", choices=GAMES, metavar="GAME", help="one of: " + ", ".join(GAMES))
    pl.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    pl.add_argument("--auto", action="store_true", help="the AI plays every seat (a demo)")
    pl.add_argument("--ai", choices=STRENGTHS, default=None, metavar="STRENGTH",
                    help="the AI's strength: easy, normal (default) or strong")
    pl.add_argument("--delay", type=_seconds, default=0.0,
                    help="seconds to pause after AI moves (>= 0)")
    pl.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option, e.g. -o single_deal=true -o stacks=50,50,50,50 "
                    "('cardcore games GAME' lists them)")
    be = sub.add_parser("bench", help="run cardcore's own benchmarks and print a table")
    be.add_argument("name", nargs="?", default=None, help="one benchmark (default: all)")
    be.add_argument("--full", action="store_true", help="longer runs (default: quick)")
    ga = sub.add_parser("games", help="list the games, or one game's options",
                        description="List the games and whether they are available; with "
                        "GAME, list that game's options (name, allowed values, default, help).")
    ga.add_argument("game", nargs="?", default=None, choices=GAMES, metavar="GAME",
                    help="one of: " + ", ".join(GAMES))
    ru = sub.add_parser("rules", help="print a game's rules summary",
                        description="Print the rules summary of GAME (also '?rules' in a game).")
    ru.add_argument("game", choices=GAMES, metavar="GAME", help="one of: " + ", ".join(GAMES))
    si = sub.add_parser(
        "simulate", help="many games between agents, in parallel, with a summary table",
        description="Play many games of GAME between agents on worker processes (or Ray) and "
        "print each agent's mean score with a 95%% confidence interval and its win rate. Game "
        "k is dealt from seed SEED+k. With --out the games are written as they finish, and "
        "the same command resumes an interrupted run. Ctrl-C stops and keeps what finished.",
        epilog="examples: cardcore simulate onepoker --agents ai,random --games 1000 "
        "--duplicate -o single_deal=true | cardcore simulate guandan --agents "
        "ai:samples=2,greedy --games 200 -o single_deal=true --out runs/g.parquet")
    si.add_argument("game", metavar="GAME", help="one of: " + ", ".join(GAMES))
    si.add_argument("--agents", required=True, metavar="A,B[,...]",
                    help="comma-separated agents: one per seat, one for every seat, or one per "
                    "side in bridge/guandan/tractor (seats 0+2, 1+3); an agent is a name "
                    "(ai, random, first, greedy, ...) or module:Class, with options as "
                    "ai:samples=4,cheap=true")
    si.add_argument("--games", type=int, required=True, metavar="N",
                    help="games (deals with --duplicate) to play")
    si.add_argument("--duplicate", action="store_true",
                    help="replay every deal with the agents' seats rotated (card luck cancels)")
    si.add_argument("--workers", type=int, default=None, metavar="K",
                    help="worker processes (default: one per core; 1: in this process)")
    si.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray: a cluster ADDRESS (e.g. ray://head:10001 or auto), or "
                    "without ADDRESS a local Ray")
    si.add_argument("--out", default=None, metavar="FILE",
                    help="write one row per game to FILE.jsonl or FILE.parquet (a directory); "
                    "an existing FILE is resumed")
    si.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    si.add_argument("--history", action="store_true",
                    help="store every game's JSON (its actions) in --out")
    si.add_argument("--json", action="store_true", help="print the summary as JSON")
    si.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    si.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option, e.g. -o single_deal=true ('cardcore games GAME' "
                    "lists them)")
    dd = sub.add_parser(
        "dd", help="double-dummy tables of a PBN or LIN deal file, written as PBN",
        description="Solve the double-dummy table of every deal in FILE (PBN games or LIN "
        "md| deals) in parallel and write PBN with an OptimumResultTable section per game.")
    dd.add_argument("file", metavar="FILE", help="a .pbn or .lin file")
    dd.add_argument("--out", default=None, metavar="FILE",
                    help="write the PBN here (default: standard output)")
    dd.add_argument("--workers", type=int, default=None, metavar="K",
                    help="worker processes (default: one per core)")
    dd.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="solve on Ray (a cluster ADDRESS, or a local Ray without one)")
    dd.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "play":
            play(args.game, seed=args.seed, auto=args.auto, strength=args.ai,
                 options=parse_options(args.option, args.game), delay=args.delay)
            return 0
        if args.command == "bench":
            return run_bench(args.name, quick=not args.full)
        if args.command == "games":
            if args.game is not None:
                print(get_game(args.game).describe())
                return 0
            have = set(available_games())
            for g in GAMES:
                print(f"{g:<14} {'available' if g in have else 'not implemented yet'}")
            return 0
        if args.command == "rules":
            print(rules_text(args.game))
            return 0
        if args.command == "simulate":
            return run_simulate(args)
        if args.command == "dd":
            return run_dd(args)
        parser.print_help()
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped reading (e.g. piped into head): quietly stop
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except CardcoreError as exc:
        print(f"cardcore: error: {exc}", file=sys.stderr)
        return 2


# ---------------------------------------------------------------- simulate, dd

def _duration(seconds: float) -> str:
    if not seconds < 1e9:
        return "?"
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m" if h else (f"{m}m{s:02d}s" if m else f"{s}s")


class ProgressLine:
    """A progress line on ``stream`` (stderr): redrawn in place on a terminal (at most 5 times
    a second), else one line every ``every`` seconds."""

    def __init__(self, what: str, stream: TextIO | None = None, every: float = 10.0) -> None:
        self.what = what
        self.stream = sys.stderr if stream is None else stream
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = 0.2 if self.tty else every
        self.last = -1e9
        self.width = 0

    def show(self, done: int, total: int, rate: float, eta: float, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self.last < self.every and done < total:
            return
        self.last = now
        pct = 100.0 * done / total if total else 100.0
        text = (f"{done}/{total} {self.what} ({pct:.0f}%)  {rate:.1f} {self.what}/s  "
                f"{_duration(eta) if done < total else '0s'} left")
        if self.tty:
            self.stream.write("\r" + text.ljust(self.width))
            self.width = len(text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.width:
            self.stream.write("\n")
            self.stream.flush()
            self.width = 0


def run_simulate(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``cardcore simulate``: run, show progress on stderr, print the summary table."""
    import json

    from .simulate import SimulationInterrupted, simulate, split_agents

    out = sys.stdout if out is None else out
    get_game(args.game)  # an unknown game: a clear error before anything else
    options = parse_options(args.option, args.game)
    line = None if args.quiet else ProgressLine("games")

    def progress(p) -> None:
        if line is not None and p.done:
            line.show(p.done, p.total, p.rate, p.eta)

    def summary(res) -> None:
        if args.json:
            out.write(json.dumps(res.summary(), indent=2, default=str) + "\n")
        else:
            out.write(res.table() + "\n")

    try:
        res = simulate(args.game, split_agents(args.agents), args.games, seed=args.seed,
                       duplicate=args.duplicate, workers=args.workers,
                       engine="local" if args.ray is None else "ray",
                       address=args.ray or None, out=args.out, history=args.history,
                       progress=progress, keep_rows=False, **options)
    except SimulationInterrupted as exc:
        res = exc.results
        kept = (f"kept in {args.out}; run the same command again to resume" if args.out
                else "not saved (use --out to keep games and resume)")
        if line is not None:
            line.close()
        print(f"\ninterrupted: {res.total_games} finished games {kept}", file=sys.stderr)
        summary(res)
        return 130
    finally:
        if line is not None:
            line.close()
    summary(res)
    return 0


def run_dd(args: argparse.Namespace) -> int:
    """``cardcore dd``: the double-dummy tables of a deal file, as PBN."""
    from .bridge.tables import dd_tables, read_deal_file, to_pbn

    records = read_deal_file(args.file)
    line = None if args.quiet else ProgressLine("deals")
    t0 = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if line is not None:
            el = time.perf_counter() - t0
            rate = done / el if el > 0 else 0.0
            line.show(done, total, rate, (total - done) / rate if rate > 0 else float("inf"))

    try:
        tables = dd_tables([r.deal for r in records], workers=args.workers,
                           engine="local" if args.ray is None else "ray",
                           address=args.ray or None, progress=progress)
    finally:
        if line is not None:
            line.close()
    text = to_pbn(records, tables)
    if args.out is None:
        sys.stdout.write(text)
    else:
        tmp = f"{args.out}.tmp-{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, args.out)
    if not args.quiet:
        print(f"{len(records)} deals solved in {time.perf_counter() - t0:.1f} s"
              + (f", written to {args.out}" if args.out else ""), file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
