"""Chooses the kernel implementation: compiled ``_fast`` or the plain-Python ``_ref`` twin.

Set the environment variable ``CARDCORE_BACKEND=ref`` before importing cardcore to run every
game on the reference kernels (slow, but a second opinion for the whole game suite).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from .errors import CardcoreError, quote

BACKEND = os.environ.get("CARDCORE_BACKEND", "fast").strip().lower() or "fast"


def _check(which: str) -> str:
    if which not in ("fast", "ref"):
        raise CardcoreError(f"CARDCORE_BACKEND={quote(which)}: expected 'fast' or 'ref'")
    return which


def kernel(name: str, backend: str | None = None) -> ModuleType:
    """Return the kernel module ``name`` from the chosen backend (``"fast"`` or ``"ref"``)."""
    which = _check(backend or BACKEND)
    if which == "ref":
        return importlib.import_module(f"cardcore._ref.{name}")
    try:
        return importlib.import_module(f"cardcore._fast.{name}")
    except ImportError as exc:  # pragma: no cover - a broken install, not a user error
        raise ImportError(
            f"cardcore's compiled kernel {name!r} is missing ({exc}); reinstall the package "
            "(pip install .) or set CARDCORE_BACKEND=ref to use the pure-Python reference"
        ) from exc
