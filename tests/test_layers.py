"""The layers of the package: no import cycle through the command line, and the kernels below the
games.

- Every module of ``cardcore`` is imported in a fresh interpreter: none but the command line
  itself (``cardcore.cli``, ``cardcore.__main__``) may bring ``cardcore.cli`` in, and none
  names it in an import statement, not even inside a function.
- Every kernel module (``cardcore._fast.*``, ``cardcore._ref.*``) is read, not run: none of its
  import statements may name a game package (``cardcore.<game>``), ``cardcore.engines`` or a
  layer above them (agents, the command line, simulation).
"""

from __future__ import annotations

import ast
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardcore
from cardcore.game import GAMES

PKG = Path(cardcore.__file__).parent
#: the modules that are the command line (all others are below it)
CLI = {"cardcore.cli", "cardcore.__main__"}
#: what no kernel may import: the game packages, the engines and the layers above them
ABOVE_KERNELS = ({f"cardcore.{g}" for g in GAMES}
                 | {"cardcore.engines", "cardcore.agents", "cardcore.cli", "cardcore.simulate",
                    "cardcore.parallel", "cardcore.rl", "cardcore.bench"})
#: kernel modules that still import from above, each with what it imports; the list may only
#: shrink (a module that no longer does must leave it); none is left
STILL_ABOVE: dict[str, set[str]] = {}


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages([str(PKG)], "cardcore."))


_PROBE = """
import importlib, sys
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except ImportError as e:          # an optional dependency that is not installed
        missing = getattr(e, "name", None) or ""
        if missing.split(".")[0] in ("cardcore", ""):
            raise
        print(name, "skip", missing)
        continue
    print(name, "cli" if "cardcore.cli" in sys.modules else "ok")
"""


def test_no_module_below_the_command_line_imports_it():
    # One fresh interpreter imports every module below the command line in turn: the command
    # line is not among the modules loaded after any of them (the first that brings it in is
    # named), and none fails to import.
    mods = [m for m in _modules() if m not in CLI]
    assert "cardcore.parallel" in mods and "cardcore.simulate" in mods
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(PKG.parent)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    res = subprocess.run([sys.executable, "-c", _PROBE, *mods], capture_output=True, text=True,
                         timeout=300, env=env)
    assert res.returncode == 0, res.stderr.strip().splitlines()[-1:]
    results = dict(line.split(" ", 1) for line in res.stdout.strip().splitlines())
    assert sorted(results) == sorted(mods)
    assert [m for m in mods if results[m] == "cli"][:1] == []


def _imports(path: Path) -> set[str]:
    """The absolute names of the modules that ``path``'s import statements name (with a
    package's, the modules imported from it)."""
    rel = path.relative_to(PKG.parent).with_suffix("")
    package = ".".join(rel.parts[:-1])
    out: set[str] = set()
    if path.suffix == ".py":
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                out.add(base)
                out.update(f"{base}.{a.name}" for a in node.names
                           if _is_module(f"{base}.{a.name}"))
        return out
    # Cython (.pyx, .pxd): its import statements, read line by line
    for line in path.read_text().splitlines():
        m = re.match(r"\s*(?:from\s+(\.*)([\w.]*)\s+c?import\s+(.+)|c?import\s+([\w.]+))", line)
        if not m:
            continue
        if m.group(4):
            out.add(m.group(4))
            continue
        dots, name = m.group(1), m.group(2)
        if dots:
            up = package.split(".")[:len(package.split(".")) - len(dots) + 1]
            name = ".".join(up + ([name] if name else []))
        out.add(name)
        out.update(f"{name}.{a.strip()}" for a in m.group(3).strip("()").split(",")
                   if a.strip().isidentifier() and _is_module(f"{name}.{a.strip()}"))
    return out


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of cardcore (not a name inside one)."""
    path = PKG.parent.joinpath(*name.split("."))
    return path.is_dir() or any(path.with_suffix(s).exists() for s in (".py", ".pyx"))


def test_no_module_below_the_command_line_names_it_in_an_import():
    """Also the imports made inside a function (which a fresh import does not run)."""
    bad = []
    for path in sorted(PKG.rglob("*.py")):
        name = ".".join(path.relative_to(PKG.parent).with_suffix("").parts)
        if name not in CLI and "build" not in path.parts and any(
                n == "cardcore.cli" or n.startswith("cardcore.cli.") for n in _imports(path)):
            bad.append(name)
    assert bad == []


def _above(names: set[str]) -> set[str]:
    return {n for n in names
            if any(n == a or n.startswith(a + ".") for a in ABOVE_KERNELS)}


def _kernel_files() -> list[Path]:
    return sorted([*PKG.glob("_ref/*.py"), *PKG.glob("_fast/*.py"), *PKG.glob("_fast/*.pyx"),
                   *PKG.glob("_fast/*.pxd")])


@pytest.mark.parametrize("path", _kernel_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_kernel_imports_a_game_or_an_engine(path):
    key = f"{path.parent.name}/{path.name}"
    found = _above(_imports(path))
    # a dotted name also names its parents (``cardcore.guandan.moves``: ``cardcore.guandan``)
    found = {n for n in found if not any(o.startswith(n + ".") for o in found)}
    assert found == STILL_ABOVE.get(key, set()), key


def test_the_import_reader_sees_what_it_should():
    names = _imports(PKG / "_ref" / "holdem_step.py")
    assert "cardcore.errors" in names and "cardcore._ref.betting" in names
    assert "cardcore.engines.shedding" in _imports(PKG / "engines" / "shedding_moves.py")
    assert "cardcore.errors" in _imports(PKG / "_fast" / "guandan.pyx")
