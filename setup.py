"""Build script: cythonizes every kernel in ``src/cardcore/_fast``.

Metadata lives in ``pyproject.toml``. Building needs a C compiler (GCC or Clang; MSVC on
Windows); the wheels need none.

CPU paths. The default build, the sdist build and the wheels run on any CPU of their platform:

- every kernel is compiled once for the platform's baseline (on x86-64: SSE2, no ``popcnt``,
  no BMI, no ``lzcnt``), into ``cardcore/_fast/``;
- on x86-64 every kernel is compiled a second time, from the same generated C file, with
  ``popcnt``, BMI1, BMI2 (``pext``/``pdep``) and ``lzcnt`` (``-mpopcnt -mbmi -mbmi2 -mlzcnt``,
  the macro ``CARDCORE_CPU_BMI2``), into ``cardcore/_fast/_bmi2/`` under the same module names.
  ``cardcore._fast`` loads that copy at import when the CPU reports all four instructions
  (cpuid, read by the small baseline module ``cardcore._cpu``), unless ``CARDCORE_CPU=baseline``.
  ``cardcore.build_info()`` and ``cardcore --version`` say which path runs.

Environment switches:

- ``CARDCORE_PORTABLE=1``: the baseline kernels only (no second copy; half the compile time).
- ``CARDCORE_NATIVE=1``: one copy of the kernels compiled for the building machine
  (``-march=native``), for a local build that never leaves it; not portable.
- ``CARDCORE_EXT=name1,name2``: build only some kernels (handy while working on one of them).
- ``CARDCORE_DEBUG=1``: a debug build (``-O0 -g``; baseline kernels only).
- ``CARDCORE_SYMBOLS=1``: keep the C debug information in an optimised build (``-O3 -g``,
  e.g. for a profiler's source lines). The default optimised build leaves it out (``-g0``,
  after the interpreter's own ``-g``): the same machine code, compiled in about 40% less time,
  and smaller modules; the function names stay (callgrind and perf read them without it).
- ``CARDCORE_BUILD_JOBS=N``: cythonize and compile N extensions at once (default: the CPUs
  this process may use, at most 4).
- ``CARDCORE_STATS=1`` builds the profiling counters into the kernels (the C macro
  ``CARDCORE_STATS``; ``cardcore._fast.dds.search_stats`` reports them, ``dds.STATS`` says
  whether a build has them). The default build compiles them out. The macro changes only the C
  compilation, so switch a built tree with ``--force``:
  ``CARDCORE_STATS=1 CARDCORE_EXT=dds python setup.py build_ext --inplace --force``.
"""

import json
import os
import platform
import runpy
import sys
import sysconfig
from glob import glob
from pathlib import Path

import numpy
from Cython import __version__ as cython_version
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent.resolve()
GEN = HERE / "build" / "cardcore_gen"          # files generated at build time (never committed)
sources = sorted(glob(str(Path("src") / "cardcore" / "_fast" / "*.pyx")))
only = {n.strip() for n in os.environ.get("CARDCORE_EXT", "").split(",") if n.strip()}
debug = os.environ.get("CARDCORE_DEBUG") == "1"
stats = os.environ.get("CARDCORE_STATS") == "1"
native = os.environ.get("CARDCORE_NATIVE") == "1"
portable = os.environ.get("CARDCORE_PORTABLE") == "1"
symbols = os.environ.get("CARDCORE_SYMBOLS") == "1"
msvc = os.name == "nt"

#: the second copy of the kernels: its directory under ``cardcore/_fast``, the flags that make
#: it and the macro ``_fast/bits.pxd`` reads (MSVC needs no flag for the intrinsics).
VARIANT = "bmi2"
VARIANT_FLAGS = [] if msvc else ["-mpopcnt", "-mbmi", "-mbmi2", "-mlzcnt"]
VARIANT_MACRO = ("CARDCORE_CPU_BMI2", "1")


def _target_is_x86_64() -> bool:
    """Whether the extensions are built for x86-64 (the target, which a cross build on macOS
    names in ``ARCHFLAGS`` and ``_PYTHON_HOST_PLATFORM``, not the building machine)."""
    archflags = os.environ.get("ARCHFLAGS", "")
    if "arm64" in archflags:
        return False
    plat = sysconfig.get_platform().lower()
    if plat.startswith("macosx") and "universal2" in plat:
        return False     # one compile for two architectures: no x86-only flags
    if any(a in plat for a in ("x86_64", "amd64", "win-amd64")):
        return True
    if plat.startswith("macosx"):
        return "x86_64" in archflags or platform.machine().lower() == "x86_64"
    return platform.machine().lower() in ("x86_64", "amd64") and "arm" not in plat


def _paths():
    """The CPU paths this build makes, and the compile flags of each."""
    opt = ["/O2"] if msvc else (["-O0", "-g"] if debug else ["-O3", "-g" if symbols else "-g0"])
    if native and not msvc:
        return {"native": opt + ["-march=native"]}
    paths = {"baseline": opt}
    if not (portable or debug) and _target_is_x86_64():
        paths[VARIANT] = opt + VARIANT_FLAGS
    return paths


def _write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` unless it holds it already (keeps incremental builds)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


PATHS = _paths()
MACROS = [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"),
          ("CARDCORE_STATS", "1" if stats else "0")]
first_path = next(iter(PATHS))

# the build's description, compiled into ``cardcore._cpu`` (``cardcore.build_info()``)
_write_if_changed(GEN / "cardcore_build.h", "".join(
    f"#define {name} {json.dumps(value)}\n" for name, value in (
        ("CARDCORE_BUILD_PATHS", ",".join(PATHS)),
        ("CARDCORE_BUILD_FLAGS", json.dumps({p: f + ([f"-D{VARIANT_MACRO[0]}"] if p == VARIANT
                                                     else []) for p, f in PATHS.items()})),
        ("CARDCORE_BUILD_CYTHON", cython_version),
        ("CARDCORE_BUILD_NUMPY", numpy.__version__),
        ("CARDCORE_BUILD_PLATFORM", sysconfig.get_platform()),
        ("CARDCORE_BUILD_STATS", "1" if stats else "0"),
    )))

# the fields of the step cores that read as their C record stores them: ``_fast/core_fields.py``
# declares them; each kernel includes the ``_Fields`` class written here from it, and its stub
# imports that class's types from the ``<kernel>_fields.pyi`` written beside it (never committed)
_fields = runpy.run_path(str(HERE / "src" / "cardcore" / "_fast" / "core_fields.py"))
for _kernel in _fields["FIELDS"]:
    _write_if_changed(GEN / f"{_kernel}_fields.pxi", _fields["pxi"](_kernel))
_fields["write_stubs"]()

extensions = [
    Extension(
        "cardcore._cpu",
        [str(Path("src") / "cardcore" / "_cpu.pyx")],
        include_dirs=[str(GEN)],
        depends=[str(GEN / "cardcore_build.h")],
        extra_compile_args=PATHS["baseline"] if "baseline" in PATHS else PATHS[first_path],
    )
]
for src in sources:
    name = Path(src).stem
    if only and name not in only:
        continue
    extensions.append(
        Extension(
            f"cardcore._fast.{name}",
            [src],
            include_dirs=[numpy.get_include()],
            define_macros=list(MACROS),
            extra_compile_args=PATHS[first_path],
        )
    )


def build_jobs() -> int:
    """How many extensions to cythonize and compile at once: ``CARDCORE_BUILD_JOBS``, else the
    CPUs this process may use, at most 4 (each compiler process takes a few hundred MB)."""
    jobs = os.environ.get("CARDCORE_BUILD_JOBS", "").strip()
    if jobs:
        if not jobs.isdigit() or int(jobs) < 1:
            sys.exit(f"CARDCORE_BUILD_JOBS={jobs!r}: expected a whole number >= 1")
        return int(jobs)
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:          # (no affinity call on macOS and Windows)
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 4))


#: the Cython directives of every kernel. ``binding=False``: a method of a compiled type is a
#: method descriptor, which checks the object it is called on (``Core.apply(5)`` raises
#: ``TypeError``; Cython's binding functions do not check it, and the method would read the
#: object as a core); a class method's descriptor checks the class alike. The signatures go
#: into each docstring in the ``clinic`` format, from which ``inspect.signature`` reads them.
#: ``auto_pickle=False``: a compiled type pickles only as it says (the cores through their
#: ``export``), with no generated ``__reduce_cython__``.
DIRECTIVES = {"binding": False, "embedsignature": True, "embedsignature.format": "clinic",
              "auto_pickle": False}


def cythonized(extensions: list) -> list:
    """The extensions with their ``.pyx`` sources turned into C (cythonize), plus the second
    copy of each kernel where this build makes one."""
    jobs = build_jobs()
    extensions = cythonize(
        extensions,
        nthreads=jobs if jobs > 1 else 0,
        language_level=3,
        compiler_directives=DIRECTIVES,
        include_path=[str(Path("src")), str(GEN)],
    )
    # the second copy: the same generated C file, included from a small file of its own (so
    # that its object file does not collide with the first copy's), built under
    # ``_fast/<variant>/`` with the same module name (``PyInit_<name>``), which
    # ``cardcore._fast`` loads by its path
    if VARIANT in PATHS:
        for ext in list(extensions):
            if not ext.name.startswith("cardcore._fast."):
                continue
            name = ext.name.rsplit(".", 1)[1]
            c_file = (HERE / ext.sources[0]).resolve()
            wrapper = GEN / VARIANT / f"{name}.c"
            _write_if_changed(wrapper, f"/* the {VARIANT} copy of cardcore._fast.{name} */\n"
                                       f'#include "{c_file.as_posix()}"\n')
            extensions.append(
                Extension(
                    f"cardcore._fast._{VARIANT}.{name}",
                    [str(wrapper.relative_to(HERE))],
                    include_dirs=list(ext.include_dirs),
                    define_macros=list(MACROS) + [VARIANT_MACRO],
                    extra_compile_args=PATHS[VARIANT],
                    depends=[str(c_file)],
                )
            )
    return extensions


#: the commands that make an sdist or the metadata only: they need no C, so the kernels are
#: not cythonized for them (a build or an install compiles them)
METADATA_ONLY = {"sdist", "egg_info", "dist_info"}
if not METADATA_ONLY.intersection(sys.argv[1:]):
    extensions = cythonized(extensions)


class build_py_with_rules(build_py):
    """Also ships the rules pages: ``docs/rules/<game>.md`` -> ``cardcore/rules/<game>.md``
    (one copy of the text, read by ``cardcore rules GAME``)."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "cardcore" / "rules"
        target.mkdir(parents=True, exist_ok=True)
        for page in sorted((HERE / "docs" / "rules").glob("*.md")):
            self.copy_file(str(page), str(target / page.name))


class BuildExt(build_ext):
    """``build_ext`` compiling ``build_jobs()`` extensions at once (``--parallel`` given on
    the command line wins)."""

    def finalize_options(self):
        super().finalize_options()
        jobs = build_jobs()
        if jobs > 1 and not self.parallel:
            self.parallel = jobs

    def copy_extensions_to_source(self):
        # an in-place (editable) build puts the second copy in ``src/cardcore/_fast/<variant>``,
        # a folder that is no package, which setuptools does not create by itself
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:
            inplace_file, _regular = self._get_inplace_equivalent(build_py, ext)
            os.makedirs(os.path.dirname(inplace_file) or ".", exist_ok=True)
        super().copy_extensions_to_source()


setup(ext_modules=extensions, cmdclass={"build_ext": BuildExt, "build_py": build_py_with_rules})
