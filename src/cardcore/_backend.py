"""Chooses the kernel implementation: compiled ``_fast`` or the plain-Python ``_ref`` twin, and
for ``_fast`` the CPU path.

Set the environment variable ``CARDCORE_BACKEND=ref`` before importing cardcore to run every
game on the reference kernels (slow, but a second opinion for the whole game suite).

CPU paths of the compiled kernels (see ``setup.py``): on x86-64 each kernel is built for any
CPU (``"baseline"``) and once more with ``popcnt``, BMI1, BMI2 and ``lzcnt`` (``"bmi2"``, in
``cardcore/_fast/_bmi2``). ``CARDCORE_CPU`` picks one before cardcore is imported: ``auto`` (the
default: ``bmi2`` when the CPU reports those four instructions and the build has that copy),
``baseline`` (forces the portable path, for tests and for users who need it) or ``bmi2``
(an error where the CPU or the build lacks it). A build made with ``CARDCORE_NATIVE=1`` has one
path, ``"native"``, which ``auto`` and ``native`` accept.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import platform
import sys
from types import ModuleType
from typing import Any

from .errors import CardcoreError, quote

BACKEND = os.environ.get("CARDCORE_BACKEND", "fast").strip().lower() or "fast"
CPU = os.environ.get("CARDCORE_CPU", "auto").strip().lower() or "auto"
CPU_CHOICES = ("auto", "baseline", "bmi2", "native")
#: the instructions the ``bmi2`` copy is compiled for (keys of ``cardcore._cpu.cpu_features``)
BMI2_NEEDS = ("popcnt", "bmi1", "bmi2", "lzcnt")

_FAST_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_fast")
_chosen: dict[str, Any] = {}


def _check(which: str) -> str:
    if which not in ("fast", "ref"):
        raise CardcoreError(f"CARDCORE_BACKEND={quote(which)}: expected 'fast' or 'ref'")
    return which


def _has_copy(path: str) -> bool:
    """Whether the compiled kernels of CPU path ``path`` are installed (one module is enough to
    tell: a build makes every kernel of a path)."""
    folder = _FAST_DIR if path in ("baseline", "native") else os.path.join(_FAST_DIR, "_" + path)
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return any(n.endswith(suffixes) for n in names)


def _describe() -> dict[str, Any]:
    """The build (from ``cardcore._cpu``) and the CPU, read once."""
    if "build" not in _chosen:
        try:
            cpu_mod = importlib.import_module("cardcore._cpu")
        except ImportError:  # pragma: no cover - a source tree without a build
            _chosen["build"] = {"paths": [], "flags": {}, "compiler": None, "cython": None,
                                "numpy": None, "platform": None, "stats": None}
            _chosen["cpu"] = {"x86": platform.machine().lower() in ("x86_64", "amd64")}
        else:
            _chosen["build"] = cpu_mod.build()
            _chosen["cpu"] = cpu_mod.cpu_features()
    return _chosen


def choose_path(requested: str, paths: list[str], cpu: dict[str, Any], built: bool) -> str:
    """The CPU path for ``CARDCORE_CPU=requested`` on a build of ``paths`` (``built``: its
    ``bmi2`` copy is installed) and a CPU described by ``cpu`` (``cardcore._cpu.cpu_features``);
    raises ``CardcoreError`` naming the setting when that path cannot run here."""
    if requested not in CPU_CHOICES:
        raise CardcoreError(f"CARDCORE_CPU={quote(requested)}: expected one of "
                            + ", ".join(repr(c) for c in CPU_CHOICES))
    if "native" in paths:
        if requested not in ("auto", "native"):
            raise CardcoreError(f"CARDCORE_CPU={quote(requested)}: this build has one path "
                                "only, 'native' (built with CARDCORE_NATIVE=1); rebuild without "
                                "it for the others")
        return "native"
    if requested == "native":
        raise CardcoreError("CARDCORE_CPU='native': this build has no native kernels (only a "
                            "build made with CARDCORE_NATIVE=1 has); use 'auto' or 'baseline'")
    if requested == "baseline":
        return "baseline"
    capable = all(cpu.get(k) for k in BMI2_NEEDS)
    built = built and "bmi2" in paths
    if requested == "bmi2":
        if not capable:
            missing = ", ".join(k for k in BMI2_NEEDS if not cpu.get(k))
            raise CardcoreError(f"CARDCORE_CPU='bmi2': this CPU lacks {missing}; use 'auto' "
                                "or 'baseline'")
        if not built:
            raise CardcoreError("CARDCORE_CPU='bmi2': this build has no bmi2 kernels (built "
                                "for one path, or not for x86-64); use 'auto' or 'baseline'")
    return "bmi2" if capable and built else "baseline"


def cpu_path() -> str:
    """The CPU path of the compiled kernels in this process (``"bmi2"``, ``"baseline"`` or
    ``"native"``), from ``CARDCORE_CPU``, the build and the CPU (``choose_path``)."""
    if "path" not in _chosen:
        info = _describe()
        _chosen["path"] = choose_path(CPU, info["build"]["paths"], info["cpu"],
                                      _has_copy("bmi2"))
    return _chosen["path"]


def version_detail() -> str:
    """The kernels that run, for ``cardcore --version``. A bad ``CARDCORE_BACKEND`` or
    ``CARDCORE_CPU`` raises ``CardcoreError`` naming the setting, as every command refuses it
    (the ``CARDCORE_CPU`` check holds with ``CARDCORE_BACKEND=ref`` too, since the CPU probe,
    ``cardcore._cpu``, is compiled on both backends)."""
    _check(BACKEND)
    path = cpu_path()
    if BACKEND == "ref":
        return "reference kernels (CARDCORE_BACKEND=ref)"
    why = {"bmi2": "popcnt, BMI1/2 and lzcnt",
           "baseline": "forced by CARDCORE_CPU=baseline" if CPU == "baseline"
           else "portable, any CPU",
           "native": "built with -march=native"}[path]
    return f"kernels: {path} path ({why})"


def fast_search_path(package_path: list[str]) -> list[str]:
    """The search path of the package ``cardcore._fast`` for the chosen CPU path: the
    ``_bmi2`` folder ahead of the baseline kernels when that path runs (same module names)."""
    path = cpu_path()
    if path in ("baseline", "native"):
        return list(package_path)
    return [os.path.join(p, "_" + path) for p in package_path] + list(package_path)


def build_info() -> dict[str, Any]:
    """What runs here and how it was built; see ``cardcore.build_info``."""
    info = _describe()
    build = info["build"]
    out: dict[str, Any] = {
        "backend": _check(BACKEND),
        "cpu_path": None,
        "cpu_requested": CPU,
        "paths_built": list(build["paths"]),
        "fast_path_available": "bmi2" in build["paths"] and _has_copy("bmi2"),
        "cpu": dict(info["cpu"]),
        "cpu_supports_fast_path": all(info["cpu"].get(k) for k in BMI2_NEEDS),
        "compile_flags": build["flags"],
        "compiler": build["compiler"],
        "cython": build["cython"],
        "numpy_built_against": build["numpy"],
        "build_platform": build["platform"],
        "stats": build["stats"],
        "machine": platform.machine(),
        "python": sys.version.split()[0],
    }
    if out["backend"] == "fast":
        out["cpu_path"] = cpu_path()
        if "cardcore._fast" in sys.modules:
            loaded = sorted({os.path.basename(os.path.dirname(m.__file__ or ""))
                             for n, m in list(sys.modules.items())
                             if n.startswith("cardcore._fast.") and n.count(".") == 2
                             and (m.__file__ or "").endswith(tuple(
                                 importlib.machinery.EXTENSION_SUFFIXES))})
            out["kernels_loaded_from"] = loaded
    return out


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
