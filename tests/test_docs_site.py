"""The documentation site's API reference (docs/api/) has an entry for every public name.

The public names are each ``__all__`` of the modules the reference covers (``cardcore``, the
nine game packages, ``cardcore.cards``, ``agents``, ``poker``, ``vector``, ``simulate``,
``rl``) and the few public names outside those (``OUTSIDE_ALL``), the modules themselves, the
core contract ``cardcore._fast.core.Core`` with its names, and each game's core type
(``type(state.core)``).

Two checks. With a built site (``sphinx-build -b html docs docs/_build/html``, or the folder
named by ``CARDCORE_DOCS_SITE``) its inventory ``objects.inv`` must list every name: what the
build really documented. Without one, a document check reads the pages' autodoc directives:
a name has an entry when a page names it (``autoclass``, ``autofunction``, ``autodata``,
``py:data``, ...), or when a page runs ``automodule`` on its module and the name is a class, a
function or a module (autodoc documents those of ``__all__``; a plain value such as a constant
needs its own entry). Neither check needs Sphinx. A third document check compares the values
the pages write for the constants with the package's.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
import re
import zlib
from pathlib import Path

import pytest

import cardcore

ROOT = Path(__file__).resolve().parents[1]
API = ROOT / "docs" / "api"

#: the modules whose ``__all__`` the reference documents
MODULES = ("cardcore", "cardcore.cards", "cardcore.agents", "cardcore.poker", "cardcore.vector",
           "cardcore.simulate", "cardcore.rl") + tuple(f"cardcore.{g}" for g in cardcore.GAMES)

#: public names outside their module's ``__all__`` (the public contract names them)
OUTSIDE_ALL: tuple[str, ...] = ()

#: the names every game's core has (the one core contract)
CONTRACT = ("num_players", "num_distinct_actions", "observation_shape", "current_player",
            "is_over", "legal_ids", "legal_mask", "apply", "returns", "observation_tensor",
            "copy")


def core_types() -> set[str]:
    """Each game's core type as the compiled kernels name it (``cardcore._fast.<module>.Core``;
    on the reference kernels the twin's module has the same last name)."""
    out = set()
    for game in cardcore.GAMES:
        cls = type(cardcore.new_game(game, seed=1).core)
        out.add(f"cardcore._fast.{cls.__module__.rsplit('.', 1)[1]}.{cls.__name__}")
    return out


def public_names() -> dict[str, object]:
    """Every name the reference must list, with its object (None for the contract's names)."""
    names: dict[str, object] = {}
    for modname in MODULES:
        module = importlib.import_module(modname)
        names[modname] = module
        for name in module.__all__:
            names[f"{modname}.{name}"] = getattr(module, name)
    for name in OUTSIDE_ALL:
        modname, short = name.rsplit(".", 1)
        names[name] = getattr(importlib.import_module(modname), short)
    for core in core_types():
        names[core] = None
    names["cardcore._fast.core.Core"] = None
    for name in CONTRACT:
        names[f"cardcore._fast.core.Core.{name}"] = None
    return names


def test_the_public_names_are_what_the_contract_names():
    names = public_names()
    assert len(core_types()) == 8                   # Dou Dizhu and Zheng Shangyou share one
    for name in ("cardcore.new_game", "cardcore.State", "cardcore.vector.VectorGame",
                 "cardcore.simulate.simulate", "cardcore.poker.evaluate", "cardcore.bridge.solve",
                 "cardcore.agents.get", "cardcore._fast.core.Core.legal_mask",
                 "cardcore._fast.shedding_step.Core", "cardcore.tractor.deal_result"):
        assert name in names, name


# ------------------------------------------------------------------ the built site's inventory
def site_folder() -> Path | None:
    folder = os.environ.get("CARDCORE_DOCS_SITE")
    if folder:
        return Path(folder)
    built = ROOT / "docs" / "_build" / "html"
    return built if (built / "objects.inv").exists() else None


def inventory(path: Path) -> set[str]:
    """The object names of a Sphinx inventory (version 2: four header lines, then zlib)."""
    data = path.read_bytes()
    header, _, body = data.partition(b"\n")
    assert header == b"# Sphinx inventory version 2", header
    for _ in range(3):
        _, _, body = body.partition(b"\n")
    return {line.split(" ", 1)[0] for line in zlib.decompress(body).decode().splitlines()}


def test_the_built_site_lists_every_public_name():
    folder = site_folder()
    if folder is None:
        pytest.skip("no built site (sphinx-build -b html docs docs/_build/html builds one)")
    listed = inventory(folder / "objects.inv")
    missing = sorted(set(public_names()) - listed)
    assert not missing, (f"{folder} documents none of these (a new name needs an entry in "
                         f"docs/api/, or the site a rebuild): {missing}")


def test_the_built_site_gives_each_states_core_field_its_type():
    """A state's ``core_field`` property reads through an ``attrgetter``, which carries no
    annotation: the site shows the type the class declares it with (``docs/conf.py``), for
    every such property a game's state class declares."""
    import operator

    from cardcore.game import game_class

    folder = site_folder()
    if folder is None:
        pytest.skip("no built site (sphinx-build -b html docs docs/_build/html builds one)")
    text = re.sub(r"<[^>]+>", "", "".join(
        page.read_text(encoding="utf-8") for page in sorted((folder / "api").glob("*.html"))))
    shown = dict(re.findall(r"property (\w+(?:\.\w+)*): ([^¶]+)¶", text))
    typed = 0
    for game in cardcore.GAMES:
        cls = game_class(game)
        for name, prop in vars(cls).items():      # its own: the page documents those
            get = getattr(prop, "fget", None)
            if get is None or not isinstance(inspect.unwrap(get), operator.attrgetter):
                continue
            written = str(cls.__annotations__[name])
            want = written[len("Final["):-1] if written.startswith("Final[") else written
            assert re.search(rf"property {name}: {re.escape(want)}¶", text), (game, name, want)
            typed += 1
    assert typed > 50 and shown


# ------------------------------------------------------------------ the pages' directives
DIRECTIVE = re.compile(r"^\.\. (auto\w+|py:\w+):: (\S+)", re.M)


def entries() -> tuple[set[str], set[str], set[str]]:
    """The names docs/api/*.md give an entry of their own, the modules they automodule and the
    classes they autoclass (with their members: the site's default options)."""
    named: set[str] = set()
    automodules: set[str] = set()
    autoclasses: set[str] = set()
    for page in sorted(API.glob("*.md")):
        module = None
        for kind, target in DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            if kind in ("automodule", "py:module"):
                module = target
                named.add(target)
                if kind == "automodule":
                    automodules.add(target)
            elif kind in ("py:currentmodule",):
                module = target
            elif "." in target or module is None:
                named.add(target)
                if kind == "autoclass":
                    autoclasses.add(target)
            else:                                       # a short name in the current module
                named.add(f"{module}.{target}")
    return named, automodules, autoclasses


def documented_in_source(module: object, name: str) -> bool:
    """Whether ``name`` is defined in ``module``'s own source with a doc (``#:`` comment lines
    before it, or a string right after it): autodoc's ``automodule`` documents such a value."""
    try:
        source = inspect.getsource(module)                  # type: ignore[arg-type]
    except (OSError, TypeError):
        return False
    name = re.escape(name)
    return bool(re.search(rf"^#:[^\n]*\n(?:#:[^\n]*\n)*{name}\b", source, re.M)
                or re.search(rf"^{name}\b[^\n]*\n\"\"\"", source, re.M))


def missing_entries() -> list[str]:
    """The public names docs/api/ gives no entry (see the module's docstring)."""
    named, automodules, autoclasses = entries()
    missing = [m for m in MODULES if m not in automodules]
    for name, obj in public_names().items():
        if name in named:
            continue
        parent, short = name.rsplit(".", 1)
        if parent in autoclasses:                       # a member of an autoclass'd class
            continue
        if parent in automodules and (
                inspect.isclass(obj) or inspect.ismodule(obj) or callable(obj)
                or documented_in_source(importlib.import_module(parent), short)):
            continue
        missing.append(name)
    return missing


def test_the_api_pages_have_an_entry_for_every_public_name_document():
    missing = missing_entries()
    assert not missing, f"docs/api/ has no entry for: {missing}"
    named, _, _ = entries()
    assert core_types() <= named and "cardcore._fast.core.Core" in named


def test_a_new_public_name_without_an_entry_is_caught(monkeypatch):
    """A constant added to a module's ``__all__`` with no entry fails both checks; a new
    function is documented by the ``automodule`` already on its page."""
    import cardcore.poker as poker

    monkeypatch.setattr(poker, "__all__", [*poker.__all__, "NEW_LIMIT", "new_helper"])
    monkeypatch.setattr(poker, "NEW_LIMIT", 5, raising=False)
    monkeypatch.setattr(poker, "new_helper", lambda: None, raising=False)
    assert missing_entries() == ["cardcore.poker.NEW_LIMIT"]
    folder = site_folder()
    if folder is not None:
        unlisted = set(public_names()) - inventory(folder / "objects.inv")
        assert {"cardcore.poker.NEW_LIMIT", "cardcore.poker.new_helper"} <= unlisted


def test_the_api_pages_write_the_constants_values_document():
    """Each ``py:data`` entry's ``:value:`` is the repr of the package's value (an alias's
    value is its type expression as written in the source)."""
    checked = 0
    for page in sorted(API.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        module = re.search(r"\.\. automodule:: (\S+)", text)
        for name, value in re.findall(r"\.\. py:data:: (\w+)\n\s+:value: (.+)", text):
            assert module, page
            obj = getattr(importlib.import_module(module.group(1)), name)
            if name == "CardsLike":
                source = inspect.getsource(importlib.import_module(module.group(1)))
                assert f"CardsLike: TypeAlias = {value}\n" in source, value
            else:
                assert ast.literal_eval(value) == obj, (page.name, name, value, obj)
            checked += 1
    assert checked == sum(p.read_text(encoding="utf-8").count(".. py:data::")
                          for p in API.glob("*.md")) > 20


def test_the_site_is_built_by_the_readme_command_document():
    """The README names the build command, the ``docs`` extra installs what it needs, and the
    site's root page lists the user guide, the rules, the action ids and the API reference."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'pip install ".[docs]" && sphinx-build -W -b html docs docs/_build/html' in readme
    assert readme.index("sphinx-build") > len("\n".join(readme.splitlines()[:4]))
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extra = re.search(r"^docs = \[(.*)\]$", pyproject, re.M)
    assert extra and all(p in extra.group(1) for p in ('"sphinx', '"myst-parser', '"furo'))
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    pages = set(re.findall(r"^([\w/-]+)$", index, re.M))
    for folder in ("rules", "actions"):
        for page in (ROOT / "docs" / folder).glob("*.md"):
            assert f"{folder}/{page.stem}" in pages, page
    for page in ("guide/tour", "guide/terminal", "guide/ai", "rl", "vector", "scale",
                 "bridge-bidding", "architecture", "api/index"):
        assert page in pages, page
    api_index = (API / "index.md").read_text(encoding="utf-8")
    for page in API.glob("*.md"):
        if page.stem != "index":
            assert re.search(rf"^{page.stem}$", api_index, re.M), page
