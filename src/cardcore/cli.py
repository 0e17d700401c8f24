"""The ``cardcore`` command: play a game in the terminal, run the benchmarks.

    cardcore play GAME [--seed N] [--auto] [-o KEY=VALUE ...]
    cardcore bench [NAME] [--full]
    cardcore games [GAME]
    cardcore rules GAME
    cardcore simulate GAME --agents A,B --games N [...]
    cardcore dd FILE [...]
    cardcore --version | --help

Every line it prints fits the terminal's width (80 columns where the width is not known):
``cardcore.screen.fit`` breaks a long line between the entries of its list.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import inspect
import io
import json
import math
import os
import pkgutil
import re
import sys
import time
from typing import Any, TextIO

from . import __version__, screen
from ._backend import version_detail as _version_detail
from .errors import CardcoreError, IllegalAction, OptionError
from .agents.strength import STRENGTHS
from .game import GAMES, Action, State, available_games, game_class, get_game, new_game
from .parallel import ProgressLine

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
    if opt.kind == "number":
        try:
            return float(low)
        except ValueError:
            return _bad(key, text, opt)
    if opt.kind == "ints":
        try:
            return [int(t) for t in low.split(",") if t.strip()]
        except ValueError:
            return _bad(key, text, opt)
    if opt.parse is not None and opt.choices is None:  # a text the game reads: Bridge's deal
        try:
            opt.parse(text.strip())
        except (TypeError, ValueError, KeyError, AttributeError) as exc:  # as Option.check
            raise OptionError(f"option {key}={text!r}: could not be read ({exc})") from None
        return text.strip()
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

#: what leaves a game (no game writes a move this way; ``Q`` and ``QUIT`` are game input)
QUIT = ("quit", ":q")
#: what answers "yes, leave" when asked to confirm
_LEAVE = ("y", "yes", "quit", ":q")
PROMPT = "your move (#N, ? help, quit)> "
#: the longest line read as an answer: a longer one (a file piped in by mistake, endless input
#: such as /dev/zero) is read on to its end and dropped, so that input never fills the memory
MAX_LINE = 4096


def _width() -> int:
    return screen.width()


def say(out: TextIO, text: str) -> None:
    """Write ``text`` and a newline, every line fitted to the screen."""
    out.write(screen.fit(text) + "\n")


def format_actions(legal: list[Action], width: int | None = None, first: str = "",
                   labels: list[str] | None = None) -> str:
    """Legal actions as ``#N text`` items (``#N`` is what picks one), packed into lines of the
    terminal width without ever splitting an item; ``first`` starts the first line, the
    others are indented as far."""
    texts = labels if labels is not None else [a.text for a in legal]
    return screen.pack([f"#{i} {t}" for i, t in enumerate(texts)], width or _width(), first)


def list_text(legal: list[Action], labels: list[str], room: int,
              width: int | None = None) -> str:
    """The legal actions as the screen lists them before the prompt, in at most ``room``
    lines: all of them (:func:`format_actions`) where they fit, else grouped by kind, one or
    more lines a kind, each cut short with how many more it has (``... 35 more, #20-#59``),
    under a line saying that ``?`` lists them all. ``#N`` is the same number either way."""
    width = width or _width()
    full = format_actions(legal, width, first="legal: ", labels=labels)
    if len(full.split("\n")) <= room:
        return full
    groups: dict[str, list[int]] = {}
    for i, a in enumerate(legal):
        groups.setdefault(a.kind, []).append(i)
    head = f"legal: {len(legal)} moves by kind ('?' lists them all, #N picks any)"
    lines = [head]
    budget = max(1, room - 1)
    names = list(groups)
    if len(names) > budget:  # more kinds than lines: the last line names the rest
        shown, rest = names[:budget - 1], names[budget - 1:]
    else:
        shown, rest = names, []
    items = {k: [f"#{i} {labels[i]}" for i in groups[k]] for k in shown}
    need = {k: len(screen.pack(items[k], width, first=f"  {k.replace('_', ' ')}: ",
                               indent=4).split("\n")) for k in shown}
    given = dict.fromkeys(shown, 1)
    spare = budget - len(shown) - (1 if rest else 0)
    while spare > 0:  # spare lines go one at a time to the kinds that need more, in turn
        wanting = [k for k in shown if given[k] < need[k]]
        for k in wanting[:spare]:
            given[k] += 1
            spare -= 1
        if not wanting:
            break
    for k in shown:
        lines += _group_lines(k.replace("_", " "), groups[k], items[k], given[k], width)
    if rest:
        also = "  also:"
        for n, k in enumerate(rest):
            entry = f" {k.replace('_', ' ')} ({len(groups[k])})" + ("," if n < len(rest) - 1
                                                                    else "")
            if screen.visible_len(also + entry) > width - 4:
                also += " ..."
                break
            also += entry
        lines.append(also)
    return "\n".join(lines)


def _group_lines(name: str, index: list[int], items: list[str], room: int,
                 width: int) -> list[str]:
    """One kind's moves in at most ``room`` lines: all of them, or as many as fit followed by
    how many more there are and their numbers."""
    packed = screen.pack(items, width, first=f"  {name}: ", indent=4).split("\n")
    if len(packed) <= room:
        return packed
    first = f"  {name} ({len(items)}): "
    for k in range(len(items) - 1, 0, -1):
        left = index[k:]
        span = (f"#{left[0]}-#{left[-1]}" if left[-1] - left[0] == len(left) - 1
                else "'?' lists them")
        tail = f"... {len(left)} more, {span}"
        lines = screen.pack(items[:k] + [tail], width, first=first, indent=4).split("\n")
        if len(lines) <= room:
            return lines
    return [f"{first}{len(items)} moves, #{index[0]}..#{index[-1]}"][:room]


def _agent_for(game: str, seed: int | None, name: str = "ai", strength: str | None = None):
    from . import agents

    if name == "ai" and not game_class(game).AI_AGENT:
        return agents.get("random", game, seed=seed), "random"
    return agents.get(name, game, seed=seed, strength=strength), name


def _view_module(state: State) -> Any:
    """The game's ``render`` module (``None`` if it has none): besides ``render`` it may give
    ``seat_name(seat)``, ``events(before, after, viewer)``, ``help_text(state, viewer)``,
    ``list_order(state, legal)`` (the order the list shows) and ``action_label(text)`` (an
    action as the screen writes it); ``render`` and ``events`` may take ``you=False``, which
    names the viewer's seat without "you" (``--auto``)."""
    package = type(state).__module__.rpartition(".")[0]
    if not package:
        return None
    try:
        return importlib.import_module(f"{package}.render")
    except ModuleNotFoundError:
        return None


def seat_label(state: State, seat: int) -> str:
    """How the game names ``seat`` (``"West"`` in Bridge, else ``"seat 1"``)."""
    name = getattr(_view_module(state), "seat_name", None)
    return name(seat) if name is not None else f"seat {seat}"


def rules_text(game: str, width: int | None = None) -> str:
    """The rules of ``game`` as plain terminal text: its rules page (shipped with the
    package), headings, wrapped paragraphs and marked Decisions, no markup."""
    from . import rules

    get_game(game)  # an unknown game: the library's error
    return rules.text(game, width)


def help_text(state: State, viewer: int) -> str:
    """What ``?`` prints besides the list: the current decision explained, if the game says."""
    explain = getattr(_view_module(state), "help_text", None)
    text = explain(state, viewer) if explain is not None else ""
    return ((text + "\n") if text else "") + (
        "type a move as the list writes it; a bare number where it fits one move (a rank, "
        "a bid, a bet); #N for the move listed as #N; ?rules prints the rules; quit leaves")


def shown_order(state: State, legal: list[Action]) -> list[Action]:
    """The legal actions in the order the list shows them (the game's view may group them as
    the hand is grouped, e.g. by suit); ``#N`` picks the N-th one shown."""
    order = getattr(_view_module(state), "list_order", None)
    return list(order(state, legal)) if order is not None else list(legal)


def action_label(state: State, text: str) -> str:
    """An action's text as the screen writes it (the game's view may write it as the hand
    does, e.g. Guandan's jokers ``BJ``/``RJ``); every label is also accepted as input."""
    label = getattr(_view_module(state), "action_label", None)
    return label(text) if label is not None else text


def _reading(state: State, text: str) -> Action:
    probe = state.clone()
    probe.apply(text)
    return probe.history[-1].action


_WORD_NUMBER = re.compile(r"([a-z][a-z-]*) \d+")


def read_text(state: State, legal: list[Action], text: str, out: TextIO) -> Action | None:
    """The action ``text`` names, or ``None`` (said why on ``out``). A bare number is read as
    the one legal action it fits: as written (a rank, a Preference bid), or after a word the
    listed actions put before a number (``bid 2``, ``raise 30``); where two fit, both are
    listed and the player is asked again."""
    try:
        direct: Action | None = _reading(state, text)
        error: IllegalAction | None = None
    except IllegalAction as exc:
        direct, error = None, exc
    if text.isdigit():
        fits = [direct] if direct is not None else []
        words = sorted({m.group(1) for a in legal if (m := _WORD_NUMBER.fullmatch(a.text))})
        refused: list[tuple[str, IllegalAction]] = []
        for word in words:
            try:
                action = _reading(state, f"{word} {text}")
            except IllegalAction as exc:
                refused.append((f"{word} {text}", exc))
                continue
            if all(str(action) != str(f) for f in fits):
                fits.append(action)
        if len(fits) > 1:
            say(out, f"  {text!r} fits more than one move: "
                + " or ".join(repr(action_label(state, str(a))) for a in fits)
                + "; type the one you mean")
            return None
        if fits:
            return fits[0]
        if _number_refused(state, legal, text, refused, out):
            return None
    if direct is not None:
        return direct
    hint = ("; quit leaves the game" if text.lower() in ("q", "quit", "exit", "leave") else "")
    say(out, f"  not accepted: {error}{hint}")
    return None


def _number_refused(state: State, legal: list[Action], text: str,
                    refused: list[tuple[str, IllegalAction]], out: TextIO) -> bool:
    """Say why the bare number ``text`` is no move, where more can be said than the game's
    "not legal": the moves it starts (Bridge's ``2``: the 2-level bids), or the reason its
    reading with a word was refused, with the legal range (Hold'em's ``25`` under a minimum
    raise of 40: ``raise 25`` is below it, raises go to 40..1000). False when neither fits."""
    starts = re.compile(rf"{re.escape(text)}(?!\d)\S")
    labels = [action_label(state, a.text) for a in legal]
    begun = [label for a, label in zip(legal, labels)
             if starts.match(a.text) or starts.match(label)]
    if begun:
        more = f", and {len(begun) - 12} more" if len(begun) > 12 else ""
        say(out, f"  not accepted: {text!r} is not a legal move by itself; the legal moves it "
            "starts: " + ", ".join(begun[:12]) + more + "; type the one you mean")
        return True
    if not refused:
        return False
    reading, exc = refused[0]
    lo, hi = getattr(state, "min_raise_to", None), getattr(state, "max_raise_to", None)
    span = (f"; a raise is to {lo}..{hi} (raise N, or just N)" if isinstance(lo, int)
            and isinstance(hi, int) else "")
    others = [label for a, label in zip(legal, labels) if not _WORD_NUMBER.fullmatch(a.text)]
    why = str(exc) if str(exc).startswith(reading) else f"{reading}: {exc}"
    say(out, f"  not accepted: {text!r} as {why}{span}"
        + (f"; or {', '.join(others)}" if others else ""))
    return True


def read_line(inp: TextIO, out: TextIO) -> str | None:
    """The next line of ``inp``, ``None`` at the end of input. A line longer than
    :data:`MAX_LINE` characters is read on to its end (or the end of input) a piece at a time
    and dropped, said on ``out``, and given as an empty line."""
    line = inp.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) <= MAX_LINE or line.endswith("\n"):
        return line
    while True:
        rest = inp.readline(MAX_LINE)
        if not rest or rest.endswith("\n"):
            break
    say(out, f"  not accepted: a line longer than {MAX_LINE} characters")
    return ""


def confirm_quit(inp: TextIO, out: TextIO) -> bool:
    """Ask before leaving an unfinished game: ``y`` (or ``quit`` again) leaves; end of input
    leaves too."""
    out.write("leave this game unfinished? (y leaves, anything else plays on)> ")
    out.flush()
    line = read_line(inp, out)
    if line is None:
        out.write("\n")
        return True
    if line.strip() in _LEAVE:
        return True
    say(out, "  playing on")
    return False


def read_human_action(state: State, legal: list[Action], inp: TextIO, out: TextIO) -> Action | None:
    """Prompt until the human gives a legal action; ``None`` on a confirmed quit or EOF.
    ``#N`` picks the N-th action of ``legal`` (N in ASCII digits)."""
    while True:
        out.write(PROMPT)
        out.flush()
        line = read_line(inp, out)
        if line is None:
            out.write("\n")
            return None
        text = line.strip()
        if not text:
            continue
        if text in QUIT:
            if confirm_quit(inp, out):
                return None
            continue
        if text in ("?", "?help", "help"):
            labels = [action_label(state, a.text) for a in legal]
            say(out, format_actions(legal, first="legal: ", labels=labels))
            out.write(screen.prose(help_text(state, HUMAN)) + "\n")
            continue
        if text in ("?rules", "?r"):
            say(out, rules_text(state.game))
            continue
        if text.startswith("#"):  # a pick from the list
            index = text[1:].strip()
            if index.isascii() and index.isdigit() and int(index) < len(legal):
                return legal[int(index)]
            say(out, f"  not accepted: {text!r} is not one of #0..#{len(legal) - 1}")
            continue
        action = read_text(state, legal, text, out)
        if action is not None:
            return action


def board(state: State, you: bool = True) -> str:
    """The board drawn for seat 0; ``you=False`` (``--auto``) names seat 0 as a seat, not as
    "you"."""
    render = getattr(_view_module(state), "render", None)
    if render is not None and "you" in inspect.signature(render).parameters:
        return render(state, HUMAN, you=you)
    return state.render(HUMAN)


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
    if inp is None and not auto:  # started with standard input closed (<&-)
        raise CardcoreError("standard input is closed: there is nothing to read your moves "
                            "from (--auto lets the AI play every seat)")
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
    banner = (f"cardcore {__version__}: {game}, seed {state.seed}"
              + (" (all seats played by the AI)" if auto else
                 f", you are {you}{'' if you == 'seat 0' else ' (seat 0)'}")
              + ("" if auto else "\n'?' explains your moves, '?rules' prints the rules, "
                 "'quit' leaves"))
    say(out, banner)
    start_board = board(state, not auto)
    say(out, start_board)
    # the lines on screen above the list at a human turn (the list leaves them and the prompt
    # on screen): the banner and the first board, later a blank line and the board again
    used = len(screen.fit(banner).split("\n")) + len(screen.fit(start_board).split("\n"))
    event_args = {}
    if events is not None and "you" in inspect.signature(events).parameters:
        event_args = {"you": not auto}
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
            say(out, f"{names[p]}{who}: "
                + action_label(state, state.action_view(p, action, HUMAN)))
        else:
            if not fresh:
                drawn = board(state)
                say(out, "\n" + drawn)
                used = 1 + len(screen.fit(drawn).split("\n"))
            legal = shown_order(state, state.legal_actions())
            labels = [action_label(state, a.text) for a in legal]
            say(out, list_text(legal, labels, room=screen.height() - used - 1))
            action = read_human_action(state, legal, inp, out)
            if action is None:
                say(out, "game left unfinished.")
                return state
            state.apply(action)
            say(out, f"you{who}: " + action_label(state, state.action_view(p, action, HUMAN)))
        fresh = False
        if before is not None and events is not None:
            for line in events(before, state, HUMAN, **event_args):
                say(out, line)
        if delay and p in agents:
            out.flush()
            time.sleep(delay)
    else:
        say(out, f"stopped after {max_actions} actions")
        return state
    say(out, "\n" + board(state, not auto))
    scores = state.scores()
    say(out, screen.pack([f"{names[i]} {s:+g}" for i, s in enumerate(scores)],
                         first="final scores: ", gap=", "))
    return state


# ---------------------------------------------------------------- bench

def bench_modules() -> list[str]:
    """The benchmarks ``cardcore bench`` runs: the modules of :mod:`cardcore.bench` that define
    ``run(quick)`` (helper modules there, such as the AI move timer, are not benchmarks)."""
    from . import bench as pkg

    names = []
    for m in pkgutil.iter_modules(pkg.__path__):
        if m.name.startswith("_"):
            continue
        if callable(getattr(importlib.import_module(f"cardcore.bench.{m.name}"), "run", None)):
            names.append(m.name)
    return sorted(names)


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



class _Version(argparse.Action):
    """``--version``: the version and the kernels that run; a bad ``CARDCORE_BACKEND`` or
    ``CARDCORE_CPU`` is refused as every command refuses it (the error, exit code 2)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        try:
            detail = _version_detail()
        except CardcoreError as exc:
            parser.exit(2, f"cardcore: error: {exc}\n")
        sys.stdout.write(f"cardcore {__version__}, {detail}\n")
        sys.stdout.flush()  # an error writing it is reported here, as every command's
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cardcore",
        description="Nine card games with fast kernels and AI opponents.",
        epilog="examples: cardcore play onepoker | cardcore play holdem --auto --seed 3 | "
               "cardcore bench poker",
    )
    p.add_argument("--version", action=_Version, help="show the version and the kernels "
                   "that run, and exit")
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
    names = bench_modules()
    be = sub.add_parser("bench", help="run cardcore's own benchmarks and print a table",
                        description="Run cardcore's own benchmarks (cardcore alone, no other "
                        "library) and print a table. The benchmarks: " + ", ".join(names) + ".")
    be.add_argument("name", nargs="?", default=None, metavar="NAME",
                    help="one benchmark (default: all): " + ", ".join(names))
    be.add_argument("--full", action="store_true", help="longer runs (default: quick)")
    ga = sub.add_parser("games", help="list the games, or one game's options",
                        description="List the games and whether they are available; with "
                        "GAME, list that game's options (name, allowed values, default, help), "
                        "then its agents and the options each takes.")
    ga.add_argument("game", nargs="?", default=None, choices=GAMES, metavar="GAME",
                    help="one of: " + ", ".join(GAMES))
    ru = sub.add_parser("rules", help="print a game's rules",
                        description="Print the rules of GAME as plain text (also '?rules' in "
                        "a game).")
    ru.add_argument("game", choices=GAMES, metavar="GAME", help="one of: " + ", ".join(GAMES))
    si = sub.add_parser(
        "simulate", help="many games between agents, in parallel, with a summary table",
        description="Play many games of GAME between agents on worker processes (or Ray) and "
        "print each agent's mean score with a 95% confidence interval and its win rate, then the "
        "run's wall time and the CPU and wall time spent in its games. Game "
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
                    help="write one row per game to FILE.jsonl or FILE.parquet (a directory; "
                    "missing directories above it are made); an existing FILE is resumed")
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


#: the errors of writing to a stream that the CLI reports as "cannot write the output"
_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS,
                           errno.EBADF})


def _tell(text: str) -> None:
    """Write ``text`` and a newline on standard error, if there is one that takes it."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(text + "\n")
            sys.stderr.flush()


def _drop_output() -> None:
    """Point standard output at /dev/null: what is still buffered for it is then dropped at
    exit, quietly, instead of failing a second time."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _replace_unencodable() -> None:
    """Let standard output and error write what their encoding cannot (the rules' dashes under
    ``PYTHONIOENCODING=ascii`` or on a Latin-1 terminal) as ``?``, their encoding kept,
    instead of failing in the middle of a page."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    if sys.stdout is None:  # started with standard output closed (>&-)
        _tell("cardcore: error: standard output is closed: cardcore writes what it shows there")
        return 2
    _replace_unencodable()
    parser = build_parser()
    try:
        return _run(parser, argv)
    except KeyboardInterrupt:
        _tell("\ninterrupted")
        return 130
    except BrokenPipeError:  # the reader stopped reading (e.g. piped into head): quietly stop
        _drop_output()
        return 0
    except CardcoreError as exc:
        _tell(f"cardcore: error: {exc}")
        return 2
    except OSError as exc:
        if exc.filename is not None or exc.errno not in _WRITE_ERRORS:
            raise  # not the output's: no error the CLI knows how to explain
        _drop_output()
        _tell(f"cardcore: error: cannot write the output ({exc.strerror or exc})")
        return 1


def _run(parser: argparse.ArgumentParser, argv: list[str] | None) -> int:
    """Parse ``argv`` and run its command. Standard output is flushed before returning (and
    after ``--help``), so that an error writing it is raised here, where :func:`main`
    reports it, not at exit."""
    try:
        args = parser.parse_args(argv)
    except SystemExit:  # --help and --version printed, or a usage error (on stderr)
        sys.stdout.flush()
        raise
    code = _command(parser, args)
    sys.stdout.flush()
    return code


def _command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "play":
        play(args.game, seed=args.seed, auto=args.auto, strength=args.ai,
             options=parse_options(args.option, args.game), delay=args.delay)
        return 0
    if args.command == "bench":
        return run_bench(args.name, quick=not args.full)
    if args.command == "games":
        if args.game is not None:
            from . import agents

            print(screen.prose(get_game(args.game).describe(), hang=4))
            print(screen.prose(agents.describe(args.game), hang=4))
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


# ---------------------------------------------------------------- simulate, dd

def _json_numbers(value: Any) -> Any:
    """``value`` with every float that JSON has no number for (NaN: the mean of no games;
    infinity: the interval of one) as ``None``, which JSON writes ``null``."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _json_numbers(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_numbers(v) for v in value]
    return value


def run_simulate(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``cardcore simulate``: run, show progress on stderr, print the summary table."""
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
            out.write(json.dumps(_json_numbers(res.summary()), indent=2, default=str,
                                 allow_nan=False) + "\n")
        else:
            out.write(simulate_table(res) + "\n")

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
        _tell(f"\ninterrupted: {res.total_games} finished games {kept}")
        summary(res)
        return 130
    finally:
        if line is not None:
            line.close()
    summary(res)
    return 0


def simulate_table(res, width: int | None = None) -> str:
    """The summary table of a simulation, fitted to the screen: one row per agent (mean score,
    95% interval, win rate, time per decision), then the run's summary lines."""
    width = _width() if width is None else width
    rows = []
    for a, r in res.per_agent.items():
        ci = f"[{r.ci95[0]:+.3f}, {r.ci95[1]:+.3f}]" if r.units > 1 else "-"
        rows.append((a, str(r.games), f"{r.mean:+.3f}" if r.games else "-", ci,
                     f"{r.win_rate:.1%}" if r.games else "-",
                     f"{1e3 * r.think:.2f}" if r.decisions else "-"))
    head = ("agent", "games", "mean", "95% CI", "win rate", "ms/decision")
    sizes = [max(len(head[i]), *(len(r[i]) for r in rows)) for i in range(1, 6)]
    room = width - sum(sizes) - 5
    na = max(8, min(room, max([len(head[0])] + [len(r[0]) for r in rows])))

    def line(r) -> str:
        name = r[0] if len(r[0]) <= na else r[0][:na - 1] + "~"
        return " ".join([f"{name:<{na}}"] + [f"{c:>{w}}" for c, w in zip(r[1:], sizes)])

    lines = [line(head), "-" * len(line(head))] + [line(r) for r in rows]
    rest = res.table().splitlines()[2 + len(rows):]  # the run's summary, as the results say it
    return screen.fit("\n".join(lines + rest), width)


def _cannot_write(path: str, exc: OSError) -> CardcoreError:
    return CardcoreError(f"{path!r}: cannot write ({exc.strerror or exc})")


def _temp_beside(path: str) -> str:
    """A new empty file beside ``path``, to be written and then renamed over it (a reader never
    sees half a file). Made before the work, so that a path that cannot be written (a
    directory, a missing directory, no permission) is refused at once."""
    if not path:
        raise CardcoreError("'': cannot write (the path is empty)")
    if os.path.isdir(path):
        raise CardcoreError(f"{path!r}: cannot write ({os.strerror(errno.EISDIR)})")
    tmp = f"{path}.tmp-{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8"):
            pass
    except OSError as exc:
        raise _cannot_write(path, exc) from None
    return tmp


def run_dd(args: argparse.Namespace) -> int:
    """``cardcore dd``: the double-dummy tables of a deal file, as PBN."""
    from .bridge.tables import dd_tables, read_deal_file, to_pbn

    if not args.file:
        raise CardcoreError("'': cannot read (the path is empty)")
    records = read_deal_file(args.file)
    tmp = None if args.out is None else _temp_beside(args.out)
    line = None if args.quiet else ProgressLine("deals")
    t0 = time.perf_counter()

    def progress(p) -> None:  # a cardcore.simulate.Progress, as simulate's progress line
        if line is not None and p.done:
            line.show(p.done, p.total, p.rate, p.eta)

    try:
        try:
            tables = dd_tables([r.deal for r in records], workers=args.workers,
                               engine="local" if args.ray is None else "ray",
                               address=args.ray or None, progress=progress)
        finally:
            if line is not None:
                line.close()
        text = to_pbn(records, tables)
        if tmp is None:
            sys.stdout.write(text)
        else:
            try:
                with open(tmp, "w", encoding="utf-8") as f:
                    f.write(text)
                os.replace(tmp, args.out)
            except OSError as exc:
                raise _cannot_write(args.out, exc) from None
            tmp = None
    finally:
        if tmp is not None:  # not renamed into place: the temporary file goes
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    if not args.quiet:
        _tell(f"{len(records)} deals solved in {time.perf_counter() - t0:.1f} s"
             + (f", written to {args.out}" if args.out else ""))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
