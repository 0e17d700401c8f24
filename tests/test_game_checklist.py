"""Every registered game has every piece a game must have: the checklist of ``CONTRIBUTING.md``.

``ITEMS`` is the checklist, one key a piece, in the order of ``CONTRIBUTING.md``'s section
"Adding a game". Each item that can be checked mechanically has a check here, run for every
registered game (``available_games()``); an item marked ``by review`` (what differs from game to
game, such as a moves module) is listed but not checked. A failure names the game, the item and
what is missing, so a tenth game that forgets a piece fails here, whichever it forgot.

- ``test_every_registered_game_has_every_piece``: the checks, one test a game;
- ``test_a_game_without_its_pieces_is_reported``: a made-up game registered for the test (a
  state class of its own, with no package, pages, tests or bench entries) is reported missing
  exactly those pieces, and one whose core kernel does not exist is reported missing the kernel,
  its twin and the core: the checks can fail;
- ``test_every_compiled_kernel_has_its_twin_and_its_stub``: the habit under the kernels;
- ``test_docs_contributing_lists_the_checklist_items``: a documents test, ``CONTRIBUTING.md``'s
  checklist names the same items as ``ITEMS``, in the same order.

The checks read the source tree beside the tests (docs, bench scripts, tests, ``setup.py``; the
sdist ships them all) and import the installed package.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.util
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import cardcore
from cardcore import agents
from cardcore import game as game_module
from cardcore._backend import kernel
from cardcore.game import available_games, game_class

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
DOCS = ROOT / "docs"
FAST_SRC = ROOT / "src" / "cardcore" / "_fast"
REF_SRC = ROOT / "src" / "cardcore" / "_ref"

#: the checklist: (key, what the game must have, checked here or ``by review``)
ITEMS: tuple[tuple[str, str, bool], ...] = (
    ("name", "its name in cardcore.game.GAMES and a package cardcore.<game> that registers its "
             "state class with @register", True),
    ("submodule", "its name in cardcore/__init__.py's _SUBMODULES (cardcore.<game> on first "
                  "access)", True),
    ("package", "src/cardcore/<game>/ with __init__.py, state.py and render.py (render(state, "
                "player))", True),
    ("state", "the state class in cardcore.<game>.state: a CoreView and State subclass naming "
              "its core kernel (CORE, CORE_OPTIONS), NUM_PLAYERS and PUBLIC", True),
    ("options", "its declared options (OPTIONS: Option objects with a help line)", True),
    ("moves", "the game's own modules where it needs them (moves, notation, scoring, file "
              "formats), reading the kernels' rules and writing none again", False),
    ("rules-page", "docs/rules/<game>.md, listed in docs/rules/README.md", True),
    ("actions-page", "docs/actions/<game>.md, listed in docs/actions/README.md", True),
    ("kernel", "the core kernel _fast/<core>.pyx, .pxd and .pyi, built by setup.py (every "
               "_fast/*.pyx) and importable", True),
    ("twin", "its plain-Python twin _ref/<core>.py", True),
    ("core", "a Core subclass of the base Core on both backends, from_seed on both, the "
             "same core from the same seed", True),
    ("agents", "State.AI_AGENT naming the AI class; agents.get('ai', game) at every strength "
               "and agents.get('random', game)", True),
    ("core-contract", "tests/test_core_contract.py parametrized over every registered game",
     True),
    ("conformance", "tests/test_conformance.py, test_integer_actions.py (a deck in DECKS) and "
                    "test_vector.py cover it", True),
    ("fuzz", "tests/test_fuzz.py: the game-wide fuzz over every game and its core in "
             "CORE_TEMPLATES (the constructor fuzz)", True),
    ("kernel-tests", "a test of the core kernel in a file listed in tests/kernel_tests.py (run "
                     "on the baseline CPU path), beside its entries in test_kernel_args.py",
     True),
    ("pinned", "tests/pinned_games.py cases and their hashes in tests/test_pinned_games.py",
     True),
    ("game-tests", "tests/test_<game>*.py with stacked-deck games (deck=) and "
                   "tests/test_<game>_ids.py pinning its action ids", True),
    ("public-agents", "tests/test_agents_public.py's PROXY_GAMES", True),
    ("screens", "tests/test_play_screens.py's WHY (what its end screen says)", True),
    ("bench", "bench/bench_vector.py's and bench/bench_ai_same.py's GAMES; a row in "
              "bench/README.md's AI table", True),
    ("vector", "cardcore.vector(game, n, seed=...) steps it", True),
    ("architecture", "docs/architecture.md names its core kernel in \"Where each rule lives\"",
     True),
    ("docs-mention", "README.md and CHANGELOG.md name it", True),
)

KEYS = tuple(key for key, _, _ in ITEMS)


# ---------------------------------------------------------------- reading the source tree

def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def _assigned(path: Path, name: str) -> ast.expr | None:
    """The value of the last top-level assignment to ``name`` in the Python file ``path``."""
    if not path.is_file():
        return None
    found = None
    for node in ast.parse(_text(path)).body:
        if isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                found = node.value
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
              and node.target.id == name):
            found = node.value
    return found


def _strings(node: ast.AST | None) -> set[str]:
    """Every string constant inside ``node``."""
    if node is None:
        return set()
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


def _every_game(node: ast.AST | None) -> bool:
    """Whether ``node`` is the list of every game: ``available_games()``, ``GAMES`` or
    ``cardcore.GAMES`` (under ``list``/``tuple``/``set``)."""
    if isinstance(node, ast.Call):
        func = node.func
        called = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else "")
        if called == "available_games":
            return True
        if called in ("list", "tuple", "set", "sorted") and len(node.args) == 1:
            return _every_game(node.args[0])
        return False
    if isinstance(node, ast.Name):
        return node.id == "GAMES"
    return isinstance(node, ast.Attribute) and node.attr == "GAMES"


def _covers(path: Path, name: str, game: str) -> bool:
    """Whether ``name`` in ``path`` is every game or names ``game``."""
    value = _assigned(path, name)
    return _every_game(value) or game in _strings(value)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _display_name(game: str) -> str | None:
    """The game's name in prose, from its row of docs/actions/README.md's table."""
    row = re.search(rf"^\|\s*([^|]+?)\s*\|\s*\[{re.escape(game)}\.md\]", _text(
        DOCS / "actions" / "README.md"), re.M)
    return row.group(1) if row else None


def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


# ---------------------------------------------------------------- the checks

Problems = list[str]


def check_name(game: str) -> Problems:
    out = []
    if game not in game_module.GAMES:
        out.append(f"{game!r} is not in cardcore.game.GAMES")
    if not _module_exists(f"cardcore.{game}"):
        out.append(f"no package cardcore.{game}")
    elif game_class(game).__module__.split(".")[:2] != ["cardcore", game]:
        out.append(f"its state class is registered from {game_class(game).__module__}, not "
                   f"from the package cardcore.{game}")
    return out


def check_submodule(game: str) -> Problems:
    return [] if game in cardcore._SUBMODULES else [
        f"{game!r} is not in cardcore/__init__.py's _SUBMODULES"]


def check_package(game: str) -> Problems:
    out = [f"no module cardcore.{game}.{m}" for m in ("state", "render")
           if not _module_exists(f"cardcore.{game}.{m}")]
    if not out and not callable(getattr(importlib.import_module(f"cardcore.{game}.render"),
                                        "render", None)):
        out.append(f"cardcore.{game}.render has no render(state, player)")
    return out


def check_state(game: str) -> Problems:
    cls = game_class(game)
    out = []
    if cls.__module__ != f"cardcore.{game}.state":
        out.append(f"the state class lives in {cls.__module__}, not cardcore.{game}.state")
    if not issubclass(cls, game_module.CoreView):
        out.append(f"{cls.__name__} is not a CoreView (a view of its core)")
    if not cls.CORE:
        out.append(f"{cls.__name__}.CORE names no core kernel")
    if not isinstance(cls.CORE_OPTIONS, dict):
        out.append(f"{cls.__name__}.CORE_OPTIONS is not a dict")
    if not (isinstance(cls.NUM_PLAYERS, int) and cls.NUM_PLAYERS >= 1):
        out.append(f"{cls.__name__}.NUM_PLAYERS is not a number of seats")
    if not isinstance(cls.PUBLIC, tuple):
        out.append(f"{cls.__name__}.PUBLIC is not a tuple of names")
    return out


def check_options(game: str) -> Problems:
    options = game_class(game).OPTIONS
    if not isinstance(options, dict):
        return ["OPTIONS is not a dict of Option"]
    return [f"option {name!r} is not an Option with a help line" for name, opt in options.items()
            if not (isinstance(opt, cardcore.Option) and opt.help)]


def _page(folder: str, game: str) -> Problems:
    out = []
    if not (DOCS / folder / f"{game}.md").is_file():
        out.append(f"no docs/{folder}/{game}.md")
    if f"]({game}.md)" not in _text(DOCS / folder / "README.md"):
        out.append(f"docs/{folder}/README.md does not list {game}.md")
    return out


def check_rules_page(game: str) -> Problems:
    return _page("rules", game)


def check_actions_page(game: str) -> Problems:
    return _page("actions", game)


def check_kernel(game: str) -> Problems:
    core = game_class(game).CORE
    out = [f"no src/cardcore/_fast/{core}{ext}" for ext in (".pyx", ".pxd", ".pyi")
           if not (FAST_SRC / f"{core}{ext}").is_file()]
    if "_fast" not in _text(ROOT / "setup.py") or '"*.pyx"' not in _text(ROOT / "setup.py"):
        out.append("setup.py no longer builds every _fast/*.pyx")
    try:
        module = kernel(core, "fast")
    except ImportError:
        out.append(f"the compiled kernel cardcore._fast.{core} does not import")
    else:
        if not str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            out.append(f"cardcore._fast.{core} is not a compiled module")
    return out


def check_twin(game: str) -> Problems:
    core = game_class(game).CORE
    out = [] if (REF_SRC / f"{core}.py").is_file() else [f"no src/cardcore/_ref/{core}.py"]
    if not _module_exists(f"cardcore._ref.{core}"):
        out.append(f"no module cardcore._ref.{core}")
    return out


def check_core(game: str) -> Problems:
    cls = game_class(game)
    out = []
    exports = []
    for backend in ("fast", "ref"):
        try:
            module = kernel(cls.CORE, backend)
        except ImportError:
            out.append(f"no {backend} kernel {cls.CORE!r}")
            continue
        base = kernel("core", backend).Core
        if not (isinstance(getattr(module, "Core", None), type)
                and issubclass(module.Core, base)):
            out.append(f"{backend}: {cls.CORE}.Core is not a subclass of the base Core")
        if not callable(getattr(module, "from_seed", None)):
            out.append(f"{backend}: {cls.CORE} has no from_seed")
            continue
        core = module.from_seed(1, **cls.CORE_OPTIONS)
        if not isinstance(core, base):
            out.append(f"{backend}: {cls.CORE}.from_seed does not make a core")
        else:
            exports.append(core.export())
    if len(exports) == 2 and exports[0] != exports[1]:
        out.append("the two backends' from_seed(1) make different cores")
    return out


def check_agents(game: str) -> Problems:
    cls = game_class(game)
    if not cls.AI_AGENT:
        return [f"{cls.__name__}.AI_AGENT names no AI"]
    out = []
    module, _, name = cls.AI_AGENT.partition(":")
    if not (module.startswith("cardcore.agents.") and _module_exists(module)
            and hasattr(importlib.import_module(module), name)):
        out.append(f"AI_AGENT {cls.AI_AGENT!r} is not a class in a cardcore.agents module")
        return out
    for strength in agents.STRENGTHS:      # each strength is made (the easy one plays below)
        agents.get("ai", game, seed=1, strength=strength)
    state = cardcore.new_game(game, seed=3)
    for agent in (agents.get("random", game, seed=1),
                  agents.get("ai", game, seed=1, strength="easy")):
        if agent.act(state) not in state.legal_actions():
            out.append(f"{type(agent).__name__} did not pick a legal action")
    return out


def check_core_contract(game: str) -> Problems:
    path = TESTS / "test_core_contract.py"
    return [] if _covers(path, "GAMES", game) else [f"{_rel(path)}'s GAMES leaves {game} out"]


def check_conformance(game: str) -> Problems:
    out = []
    for path, name in ((TESTS / "test_conformance.py", "BUILT"),
                       (TESTS / "test_integer_actions.py", "GAMES"),
                       (TESTS / "test_integer_actions.py", "DECKS"),
                       (TESTS / "test_vector.py", "GAMES")):
        if not _covers(path, name, game):
            out.append(f"{_rel(path)}'s {name} leaves {game} out")
    return out


def check_fuzz(game: str) -> Problems:
    path = TESTS / "test_fuzz.py"
    out = [] if _covers(path, "GAMES", game) else [f"{_rel(path)}'s GAMES leaves {game} out"]
    core = game_class(game).CORE
    if core not in _strings(_assigned(path, "CORE_TEMPLATES")) and (
            f'("{core}",' not in _text(path)):
        out.append(f"{_rel(path)}'s CORE_TEMPLATES has no constructor of {core}")
    return out


def check_kernel_tests(game: str) -> Problems:
    core = game_class(game).CORE
    listed = _strings(_assigned(TESTS / "kernel_tests.py", "KERNEL_TESTS"))
    args = "test_kernel_args.py"
    names = {name for name in listed
             if re.search(rf"\b{re.escape(core)}\b", _text(TESTS / name))}
    out = [] if args in names else [f"tests/{args} has no entry of {core} (or is not listed "
                                    "in tests/kernel_tests.py)"]
    if not names - {args}:
        out.append(f"no test of {core} beside tests/{args} is listed in tests/kernel_tests.py")
    return out


def check_pinned(game: str) -> Problems:
    out = []
    if game not in _strings(_assigned(TESTS / "pinned_games.py", "CASES")):
        out.append(f"tests/pinned_games.py has no case of {game}")
    if not any(k.startswith(f"{game}/")
               for k in _strings(_assigned(TESTS / "test_pinned_games.py", "PINNED"))):
        out.append(f"tests/test_pinned_games.py pins no hash of {game}")
    return out


def check_game_tests(game: str) -> Problems:
    own = sorted(TESTS.glob(f"test_{game}*.py"))
    out = []
    if not any("deck=" in _text(p) for p in own):
        out.append(f"no tests/test_{game}*.py plays a stacked deck (deck=)")
    if not (TESTS / f"test_{game}_ids.py").is_file():
        out.append(f"no tests/test_{game}_ids.py")
    return out


def check_public_agents(game: str) -> Problems:
    path = TESTS / "test_agents_public.py"
    return [] if _covers(path, "PROXY_GAMES", game) else [
        f"{_rel(path)}'s PROXY_GAMES leaves {game} out"]


def check_screens(game: str) -> Problems:
    path = TESTS / "test_play_screens.py"
    return [] if _covers(path, "WHY", game) else [f"{_rel(path)}'s WHY leaves {game} out"]


def check_bench(game: str) -> Problems:
    out = [f"bench/{script}'s GAMES leaves {game} out"
           for script in ("bench_vector.py", "bench_ai_same.py")
           if not _covers(ROOT / "bench" / script, "GAMES", game)]
    name = _display_name(game)
    table = _text(ROOT / "bench" / "README.md").partition("\n## The AI table")[2].partition(
        "\n## ")[0]
    rows = set(re.findall(r"^\| ([^|]+?) \|", table, re.M))
    # a row names the game as its docs do, or by the last words of that name ("Hold'em")
    if name is None or not any(name == row or name.endswith(" " + row) for row in rows):
        out.append(f"bench/README.md's AI table has no row of {name or game}")
    return out


def check_vector(game: str) -> Problems:
    try:
        batch = cardcore.vector(game, 2, seed=1)
        ids = batch.legal_ids
        first = [int(ids[batch.legal_offsets[i]]) for i in range(2)]
        batch.step(np.array(first))
    except Exception as exc:  # noqa: BLE001 - any failure is the finding
        return [f"cardcore.vector({game!r}, 2, seed=1) does not step: {exc}"]
    return []


def check_architecture(game: str) -> Problems:
    core = game_class(game).CORE
    page = _text(DOCS / "architecture.md")
    section = page.partition("## Where each rule lives")[2].partition("\n## ")[0]
    return [] if f"_fast/{core}.pyx" in section else [
        f"docs/architecture.md's \"Where each rule lives\" does not name _fast/{core}.pyx"]


def check_docs_mention(game: str) -> Problems:
    name = _display_name(game)
    if name is None:
        return [f"docs/actions/README.md gives no name of {game} (its table's row)"]
    return [f"{doc} does not name {name}" for doc in ("README.md", "CHANGELOG.md")
            if name not in _text(ROOT / doc)]


CHECKS: dict[str, Callable[[str], Problems]] = {
    key: globals()[f"check_{key.replace('-', '_')}"] for key, _, checked in ITEMS if checked}


def missing(game: str) -> dict[str, Problems]:
    """The checklist items ``game`` lacks, each with what is missing (empty: none)."""
    out: dict[str, Problems] = {}
    for key, check in CHECKS.items():
        try:
            problems = check(game)
        except Exception as exc:  # noqa: BLE001 - a check that cannot run is a missing piece
            problems = [f"the check failed: {type(exc).__name__}: {exc}"]
        if problems:
            out[key] = problems
    return out


# ---------------------------------------------------------------- the tests

@pytest.mark.parametrize("game", available_games())
def test_every_registered_game_has_every_piece(game):
    lacking = missing(game)
    assert not lacking, f"{game} lacks pieces of CONTRIBUTING.md's checklist: " + "; ".join(
        f"{key}: {', '.join(problems)}" for key, problems in lacking.items())


def test_every_item_is_checked_or_marked_by_review():
    assert len(set(KEYS)) == len(KEYS)
    for key, what, checked in ITEMS:
        assert what and (not checked or key in CHECKS), key
    assert set(CHECKS) <= set(KEYS)


def test_every_compiled_kernel_has_its_twin_and_its_stub():
    """Not a game's piece but the habit under them: every ``_fast/<x>.pyx`` has its
    plain-Python twin ``_ref/<x>.py`` and its stub ``_fast/<x>.pyi``."""
    kernels = sorted(p.stem for p in FAST_SRC.glob("*.pyx"))
    assert len(kernels) >= 9, kernels
    assert [k for k in kernels if not (REF_SRC / f"{k}.py").is_file()] == []
    assert [k for k in kernels if not (FAST_SRC / f"{k}.pyi").is_file()] == []


def _fake_state(core: str) -> type:
    """A state class of a made-up game ``tenth``: One Poker's rules, none of a game's pieces."""
    from cardcore.onepoker.state import OnePokerState

    return type("TenthState", (OnePokerState,), {"GAME": "tenth", "CORE": core,
                                                 "__module__": __name__})


def test_a_game_without_its_pieces_is_reported(monkeypatch):
    monkeypatch.setattr(game_module, "GAMES", (*game_module.GAMES, "tenth"))
    monkeypatch.setitem(game_module._REGISTRY, "tenth", _fake_state("onepoker_step"))
    assert "tenth" in available_games()
    lacking = missing("tenth")
    # what the made-up game has from One Poker's class (its core kernel, options) or from
    # suites that run over every registered game is not reported; the rest is (its AI too:
    # One Poker's, which acts only in One Poker's states)
    assert set(lacking) == {"name", "submodule", "package", "state", "rules-page",
                            "actions-page", "agents", "conformance", "pinned", "game-tests",
                            "public-agents", "screens", "bench", "docs-mention"}, lacking
    assert "this agent plays onepoker" in " ".join(lacking["agents"])
    assert "no package cardcore.tenth" in lacking["name"]
    assert "no docs/rules/tenth.md" in lacking["rules-page"]
    assert "tests/pinned_games.py has no case of tenth" in lacking["pinned"]

    monkeypatch.setitem(game_module._REGISTRY, "tenth", _fake_state("tenth_step"))
    lacking = missing("tenth")
    assert {"kernel", "twin", "core", "fuzz", "kernel-tests", "architecture"} <= set(lacking)
    assert "no src/cardcore/_fast/tenth_step.pyx" in lacking["kernel"]
    assert "no src/cardcore/_ref/tenth_step.py" in lacking["twin"]


def _checklist_keys(text: str) -> list[str]:
    """The item keys of CONTRIBUTING.md's checklist: its section "Adding a game", each item a
    list line starting with a bold key (``- **name**: ...``)."""
    section = text.partition("\n## Adding a game")[2].partition("\n## ")[0]
    return re.findall(r"^\s*(?:[-*]|\d+\.) \*\*([a-z-]+)\*\*", section, re.M)


def test_docs_contributing_lists_the_checklist_items():
    text = _text(ROOT / "CONTRIBUTING.md")
    assert text, "CONTRIBUTING.md is missing from the repository root"
    assert _checklist_keys(text) == list(KEYS)
    section = text.partition("\n## Adding a game")[2].partition("\n## ")[0]
    assert "tests/test_game_checklist.py" in section
    for key, _, checked in ITEMS:
        line = next(li for li in section.splitlines() if f"**{key}**" in li)
        assert ("by review" in line) == (not checked), line
