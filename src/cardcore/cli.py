"""The ``cardcore`` command: play a game in the terminal, run the benchmarks.

    cardcore play GAME [--seed N] [--auto] [-o KEY=VALUE ...]
    cardcore bench [NAME] [--full]
    cardcore games [GAME]
    cardcore --version | --help
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import shutil
import sys
import textwrap
import time
from typing import Any, TextIO

from . import __version__
from .errors import CardcoreError, IllegalAction, OptionError
from .game import GAMES, Action, State, available_games, get_game, new_game

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


def _agent_for(game: str, seed: int | None, name: str = "ai"):
    from . import agents

    try:
        return agents.get(name, game, seed=seed), name
    except CardcoreError:
        return agents.get("random", game, seed=seed), "random"


def read_human_action(state: State, legal: list[Action], inp: TextIO, out: TextIO) -> Action | None:
    """Prompt until the human gives a legal action; ``None`` on quit/EOF."""
    while True:
        out.write("your move (as written in the game, or #N from the list; '?' lists, "
                  "'q' quits)> ")
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
            out.write(format_actions(legal) + "\n")
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
         max_actions: int = 200_000) -> State | None:
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    state = new_game(game, seed=seed, **options)
    n = state.num_players
    agents = {}
    for p in range(n):
        if auto or p != HUMAN:
            agents[p] = _agent_for(game, None if seed is None else seed * 7919 + p)
    names = {p: ("you" if p not in agents else f"seat {p} ({agents[p][1]})") for p in range(n)}
    out.write(f"cardcore {__version__}: {game}, seed {state.seed}"
              f"{' (all seats played by the AI)' if auto else ', you are seat 0'}\n")
    out.write(state.render(HUMAN) + "\n")
    for _ in range(max_actions):
        p = state.current_player
        if p is None:
            break
        if p in agents:
            hand = getattr(state, "playing_hand", None)  # e.g. a declarer playing dummy
            action = agents[p][0].act(state)
            state.apply(action)
            who = f" (from seat {hand}'s hand)" if hand is not None and hand != p else ""
            out.write(f"{names[p]}{who}: {action.text}\n")
            if delay:
                out.flush()
                time.sleep(delay)
        else:
            out.write("\n" + state.render(HUMAN) + "\n")
            legal = state.legal_actions()
            out.write("legal: " + format_actions(legal) + "\n")
            action = read_human_action(state, legal, inp, out)
            if action is None:
                out.write("game left unfinished.\n")
                return state
            state.apply(action)
            out.write(f"you: {action.text}\n")
    else:
        out.write(f"stopped after {max_actions} actions\n")
        return state
    out.write("\n" + state.render(HUMAN) + "\n")
    scores = state.scores()
    out.write("final scores: " + ", ".join(f"{names[i]} {s:+g}" for i, s in enumerate(scores)) + "\n")
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
    p.add_argument("--version", action="version", version=f"cardcore {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    pl = sub.add_parser("play", help="play a game as seat 0 against the built-in AI",
                        description="Play GAME as seat 0 against the built-in AI in the terminal.")
    pl.add_argument("game", choices=GAMES, metavar="GAME", help="one of: " + ", ".join(GAMES))
    pl.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    pl.add_argument("--auto", action="store_true", help="the AI plays every seat (a demo)")
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
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "play":
            play(args.game, seed=args.seed, auto=args.auto, options=parse_options(args.option, args.game),
                 delay=args.delay)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
