"""Build script: cythonizes every kernel in ``src/cardcore/_fast``.

Metadata lives in ``pyproject.toml``. Set ``CARDCORE_EXT=name1,name2`` to build only some
kernels (handy while working on one of them), and ``CARDCORE_DEBUG=1`` for a debug build.
On x86-64 the kernels use the CPU's bit-count instruction when the building machine has one
(``-mpopcnt``), and its bit gathers (``-mbmi2``: pext/pdep) where those are fast (Intel, and
AMD from Zen 3); the bit helpers shared by the kernels are in ``_fast/bits.pxd``.
``CARDCORE_PORTABLE=1`` builds for any x86-64 CPU instead (slower bit counts and gathers).

``CARDCORE_STATS=1`` builds the profiling counters into the kernels (the C macro
``CARDCORE_STATS``; ``cardcore._fast.dds.search_stats`` reports them, ``dds.STATS`` says
whether a build has them). The default build compiles them out. The macro changes only the C
compilation, so switch a built tree with ``--force``:
``CARDCORE_STATS=1 CARDCORE_EXT=dds python setup.py build_ext --inplace --force``.
"""

import os
import platform
from glob import glob
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
sources = sorted(glob(str(Path("src") / "cardcore" / "_fast" / "*.pyx")))
only = {n.strip() for n in os.environ.get("CARDCORE_EXT", "").split(",") if n.strip()}
debug = os.environ.get("CARDCORE_DEBUG") == "1"
stats = os.environ.get("CARDCORE_STATS") == "1"


def _cpu_flags():
    """Extra compiler flags for this machine's CPU (on x86-64: the bit-count instruction, and
    the bit gathers where they are fast)."""
    if os.name == "nt" or debug or os.environ.get("CARDCORE_PORTABLE") == "1":
        return []
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return []
    try:
        info = Path("/proc/cpuinfo").read_text()
    except OSError:
        return []
    flags: list[str] = []
    vendor, family = "", 0
    for line in info.splitlines():
        key, _, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if key == "vendor_id":
            vendor = value
        elif key == "cpu family" and value.isdigit():
            family = int(value)
        elif key == "flags":
            have = value.split()
            if "popcnt" in have:
                flags.append("-mpopcnt")
            # the bit gathers (pext/pdep) are single fast instructions on Intel CPUs and on
            # AMD from Zen 3 (family 0x19); earlier AMD CPUs run them as slow microcode
            if "bmi2" in have and (vendor == "GenuineIntel"
                                   or (vendor == "AuthenticAMD" and family >= 0x19)):
                flags.append("-mbmi2")
            return flags
    return flags


cpu_flags = _cpu_flags()
extensions = []
for src in sources:
    name = Path(src).stem
    if only and name not in only:
        continue
    extensions.append(
        Extension(
            f"cardcore._fast.{name}",
            [src],
            include_dirs=[numpy.get_include()],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"),
                           ("CARDCORE_STATS", "1" if stats else "0")],
            extra_compile_args=(
                (["-O0", "-g"] if debug else ["-O3"]) + cpu_flags if os.name != "nt" else ["/O2"]
            ),
        )
    )


class build_py_with_rules(build_py):
    """Also ships the rules pages: ``docs/rules/<game>.md`` -> ``cardcore/rules/<game>.md``
    (one copy of the text, read by ``cardcore rules GAME``)."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "cardcore" / "rules"
        target.mkdir(parents=True, exist_ok=True)
        for page in sorted((HERE / "docs" / "rules").glob("*.md")):
            self.copy_file(str(page), str(target / page.name))


setup(
    cmdclass={"build_py": build_py_with_rules},
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={"embedsignature": True},
        include_path=[str(Path("src"))],
    ),
)
