"""Sphinx configuration of cardcore's documentation site.

Build it from the repository's root (the README names the command)::

    pip install ".[docs]" && sphinx-build -W -b html docs docs/_build/html

The pages are the Markdown files under ``docs/`` as they are (read by myst-parser), the API
reference is written by autodoc from the docstrings of the installed package (the compiled
kernels included: they are built with ``embedsignature``, so their signatures show too), and
``-W`` turns every warning into an error.
"""

from __future__ import annotations

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
