"""Sphinx configuration of cardcore's documentation site.

Build it from the repository's root (the README names the command)::

    pip install ".[docs]" && sphinx-build -W -b html docs docs/_build/html

The pages are the Markdown files under ``docs/`` as they are (read by myst-parser), the API
reference is written by autodoc from the docstrings of the installed package (the compiled
kernels included: they are built with ``embedsignature``, so their signatures show too), and
``-W`` turns every warning into an error.
"""

from __future__ import annotations

import inspect
import operator
from typing import Any

from sphinx.ext.autodoc import PropertyDocumenter

import cardcore

project = "cardcore"
author = "cardcore developers"
copyright = "cardcore developers"
release = version = cardcore.__version__

# No napoleon: the docstrings are reStructuredText prose with no Google or NumPy sections
# ("Args:", "Returns:", "Parameters" over dashes: none in src/), and napoleon reads the first
# line of every property's docstring as "type: description", which would turn a prose line
# such as "The play to beat: ``[seat, kind, ...]``" into a type.
extensions = [
    "sphinx.ext.autodoc",
    "myst_parser",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "**/__pycache__"]

# myst: the pages are GitHub Markdown; ``#anchor`` links reach headings down to level 3
myst_heading_anchors = 3

# autodoc: members in each module's own order, signatures in the header, type hints there too
autodoc_member_order = "bysource"
# the class-based documenters: the core fields below need one of their own (Sphinx 9 keeps them)
autodoc_use_legacy_class_based = True
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
autoclass_content = "both"
# annotations written with names imported only for type checking, by their full names
autodoc_type_aliases = {"Core": "cardcore._fast.core.Core"}
# the API objects are not entries of the pages' tables of contents (the sidebar's tree is built
# for every page: with them the build takes a third longer); the index and search list them
toc_object_entries = False

html_theme = "furo"
html_title = f"cardcore {release}"
html_static_path: list[str] = []


# ------------------------------------------------------------------ states' core fields
def core_field_type(cls: type, name: str) -> str | None:
    """The type a state's ``core_field`` property reads as: the class annotation it is declared
    with (``bid: Final[int] = core_field(...)``), without ``Final``; ``None`` for a property
    that is not a core field or has no annotation."""
    prop = inspect.getattr_static(cls, name, None)
    get = getattr(prop, "fget", None)
    if get is None or not isinstance(inspect.unwrap(get), operator.attrgetter):
        return None
    for klass in cls.__mro__:
        written = vars(klass).get("__annotations__", {}).get(name)
        if written is not None:
            text = str(written)
            return text[len("Final["):-1] if text.startswith("Final[") else text
    return None


class CoreFieldDocumenter(PropertyDocumenter):
    """A state's ``core_field`` (``cardcore.game.core_field``) with its type: its getter is an
    ``operator.attrgetter``, which carries no annotation, so the type comes from the class's."""

    objtype = "corefield"               # its own directive name: ``autocorefield``
    directivetype = "property"
    priority = PropertyDocumenter.priority + 1

    @classmethod
    def can_document_member(cls, member: Any, membername: str, isattr: bool,
                            parent: Any) -> bool:
        return (PropertyDocumenter.can_document_member(member, membername, isattr, parent)
                and core_field_type(parent.object, membername) is not None)

    def add_directive_header(self, sig: str) -> None:
        super().add_directive_header(sig)
        written = core_field_type(self.parent, self.objpath[-1])
        if written is not None:
            self.add_line("   :type: " + written, self.get_sourcename())


def setup(app: Any) -> dict[str, bool]:
    app.add_autodocumenter(CoreFieldDocumenter)
    return {"parallel_read_safe": True}
