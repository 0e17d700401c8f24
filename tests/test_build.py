"""The build: the CPU paths of the compiled kernels, ``cardcore.build_info()``, and that the
baseline kernels hold no instruction a baseline CPU lacks."""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import cardcore
from cardcore import _backend
from cardcore.errors import CardcoreError

INFO = cardcore.build_info()
FAST = INFO["backend"] == "fast"
X86 = bool(INFO["cpu"].get("x86"))
NATIVE = "native" in INFO["paths_built"]
EXT_SUFFIXES = (".so", ".pyd")

needs_fast = pytest.mark.skipif(not FAST, reason="compiled kernels only (CARDCORE_BACKEND=ref)")

#: instructions a baseline x86-64 CPU may lack: popcnt, BMI1, BMI2 and lzcnt (tzcnt is left
#: out: GCC writes ``rep bsf`` for every CPU, which objdump shows as tzcnt and older CPUs run
#: as bsf), and any AVX register
FORBIDDEN = {"popcnt", "pext", "pdep", "lzcnt", "andn", "bextr", "blsi", "blsmsk", "blsr",
             "bzhi", "mulx", "rorx", "sarx", "shlx", "shrx"}
FORBIDDEN_REGS = ("%ymm", "%zmm")


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    full = dict(os.environ)
    for key in ("CARDCORE_CPU", "CARDCORE_BACKEND"):
        full.pop(key, None)
    full.update(env)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=full, timeout=300)


def _kernel_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(EXT_SUFFIXES))


def _fast_dirs() -> tuple[Path, Path]:
    base = Path(cardcore.__file__).parent / "_fast"
    return base, base / "_bmi2"


# ---------------------------------------------------------------- choosing the path


def test_choose_path_rules():
    full = {"popcnt": True, "bmi1": True, "bmi2": True, "lzcnt": True}
    old = {"popcnt": True, "bmi1": False, "bmi2": False, "lzcnt": True}
    two = ["baseline", "bmi2"]
    assert _backend.choose_path("auto", two, full, True) == "bmi2"
    assert _backend.choose_path("auto", two, old, True) == "baseline"
    assert _backend.choose_path("auto", two, full, False) == "baseline"      # copy missing
    assert _backend.choose_path("auto", ["baseline"], full, True) == "baseline"
    assert _backend.choose_path("baseline", two, full, True) == "baseline"
    assert _backend.choose_path("bmi2", two, full, True) == "bmi2"
    assert _backend.choose_path("auto", ["native"], {}, False) == "native"
    assert _backend.choose_path("native", ["native"], {}, False) == "native"


@pytest.mark.parametrize("requested, paths, cpu, built, words", [
    ("fastest", ["baseline", "bmi2"], {}, True, ["CARDCORE_CPU='fastest'", "expected"]),
    ("bmi2", ["baseline", "bmi2"], {"popcnt": True, "lzcnt": True}, True,
     ["CARDCORE_CPU='bmi2'", "lacks bmi1, bmi2"]),
    ("bmi2", ["baseline"], {"popcnt": True, "bmi1": True, "bmi2": True, "lzcnt": True}, False,
     ["CARDCORE_CPU='bmi2'", "no bmi2 kernels"]),
    ("baseline", ["native"], {}, False, ["CARDCORE_CPU='baseline'", "CARDCORE_NATIVE=1"]),
    ("native", ["baseline", "bmi2"], {}, True, ["CARDCORE_CPU='native'", "no native"]),
])
def test_choose_path_errors_name_the_setting(requested, paths, cpu, built, words):
    with pytest.raises(CardcoreError) as err:
        _backend.choose_path(requested, paths, cpu, built)
    for word in words:
        assert word in str(err.value)


def test_bad_cpu_setting_fails_the_kernel_import_with_its_reason():
    out = _run("import cardcore\ncardcore.poker.evaluate(['As','Ks','Qs','Js','Ts'])",
               CARDCORE_CPU="turbo")
    assert out.returncode != 0
    assert "CARDCORE_CPU='turbo': expected one of" in out.stderr


# ---------------------------------------------------------------- build_info and --version


def test_build_info_describes_the_build_and_the_cpu():
    info = cardcore.build_info()
    assert info["backend"] in ("fast", "ref")
    assert info["cpu_requested"] == _backend.CPU
    assert info["python"] == ".".join(map(str, sys.version_info[:3]))
    for key in ("x86", "vendor", "family", "popcnt", "bmi1", "bmi2", "lzcnt", "pext_fast"):
        assert key in info["cpu"], key
    assert info["cpu_supports_fast_path"] == all(info["cpu"][k] for k in _backend.BMI2_NEEDS)
    if FAST:
        assert info["cpu_path"] in info["paths_built"]
        assert set(info["compile_flags"]) == set(info["paths_built"])
        assert info["cython"] and info["compiler"]
        if info["fast_path_available"]:
            assert "-DCARDCORE_CPU_BMI2" in info["compile_flags"]["bmi2"]
    else:
        assert info["cpu_path"] is None
    json.dumps(info)          # plain data


@needs_fast
def test_the_chosen_path_is_the_one_loaded():
    info = cardcore.build_info()
    expect = "bmi2" if (info["cpu_supports_fast_path"] and info["fast_path_available"]
                        and _backend.CPU != "baseline" and not NATIVE) else info["cpu_path"]
    assert info["cpu_path"] == expect
    from cardcore._fast import dds, shedding  # noqa: F401  (loaded by the games anyway)

    folder = Path(dds.__file__).parent.name
    assert folder == ("_bmi2" if info["cpu_path"] == "bmi2" else "_fast")
    assert cardcore.build_info()["kernels_loaded_from"] == [folder]
    assert dds.__name__ == "cardcore._fast.dds"


@needs_fast
@pytest.mark.parametrize("setting, path", [("baseline", "baseline"), ("auto", None)])
def test_cardcore_cpu_setting_and_version_line(setting, path):
    code = ("import cardcore, json, sys\n"
            "from cardcore._fast import dds, guandan_step\n"
            "from cardcore.cli import main\n"
            "print(json.dumps([cardcore.build_info()['cpu_path'], dds.__file__]))\n"
            "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n")
    out = _run(code, CARDCORE_CPU=setting)
    assert out.returncode == 0, out.stderr
    first, version = out.stdout.splitlines()[:2]
    chosen, dds_file = json.loads(first)
    want = path or INFO["cpu_path"] if _backend.CPU == "auto" else path
    if path is not None:
        assert chosen == path
        assert Path(dds_file).parent.name == "_fast"
    elif want is not None:
        assert chosen == want
    assert version.startswith(f"cardcore {cardcore.__version__}, kernels: {chosen} path")


# ---------------------------------------------------------------- both paths agree

_SAME_RESULTS = r"""
import json, cardcore
from cardcore import _backend
from cardcore.bridge import solver
from cardcore._fast import dds, shedding, guandan
hands = [cardcore.poker.evaluate(h) for h in (["As", "Ks", "Qs", "Js", "Ts"],
         ["2c", "2d", "5h", "9s", "Kc", "Qd", "3h"], ["7c", "8c", "9c", "Td", "Jh"])]
from cardcore.bridge import Deal
tables = [solver.dd_table(Deal.random(seed), threads=1) for seed in (11, 12)]
d = cardcore.new_game("doudizhu", seed=3)
g = cardcore.new_game("guandan", seed=5)
print(json.dumps({
    "path": cardcore.build_info()["cpu_path"],
    "poker": hands,
    "dd": tables,
    "ddz": [str(a) for a in d.legal_actions()],
    "gd": [str(a) for a in g.legal_actions()],
    "gd_ids": [int(a) for a in g.legal_ids()],
    "ddz_moves": [str(m) for m in cardcore.doudizhu.moves(d.observation(0)["hand"])],
    "gd_moves": [str(m) for m in cardcore.guandan.moves(g.observation(0)["hand"], 2)],
}))
"""


@needs_fast
def test_baseline_and_default_paths_give_the_same_results():
    base = _run(_SAME_RESULTS, CARDCORE_CPU="baseline")
    auto = _run(_SAME_RESULTS, CARDCORE_CPU="auto")
    assert base.returncode == 0, base.stderr
    assert auto.returncode == 0, auto.stderr
    b, a = json.loads(base.stdout), json.loads(auto.stdout)
    assert b.pop("path") == "baseline"
    a.pop("path")
    assert b == a
    assert len(b["ddz"]) > 1 and len(b["gd"]) > 1 and len(b["dd"]) == 2
    assert len(b["ddz_moves"]) > 10 and len(b["gd_moves"]) > 10


@needs_fast
def test_a_pickled_move_loads_on_the_other_path():
    code = ("import pickle, sys, cardcore\n"
            "d = cardcore.new_game('doudizhu', seed=3)\n"
            "ms = cardcore.doudizhu.moves(d.observation(0)['hand'])\n"
            "sys.stdout.write(pickle.dumps(ms, protocol=4).hex())\n")
    made = _run(code, CARDCORE_CPU="auto")
    assert made.returncode == 0, made.stderr
    read = _run("import pickle, sys, cardcore\n"
                f"ms = pickle.loads(bytes.fromhex({made.stdout!r}))\n"
                "print(cardcore.build_info()['cpu_path'], len(ms), type(ms[0]).__module__)\n",
                CARDCORE_CPU="baseline")
    assert read.returncode == 0, read.stderr
    path, count, module = read.stdout.split()
    assert path == "baseline" and int(count) > 5
    # (the game's Move, rebuilt by the baseline kernel)
    assert module == "cardcore.doudizhu.moves"
    ms = pickle.loads(bytes.fromhex(made.stdout))
    assert len(ms) == int(count)


# ---------------------------------------------------------------- baseline code


def _elf_sections(data: bytes) -> dict[bytes, bytes]:
    """The sections of a 64-bit little-endian ELF file, by name."""
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "not a 64-bit LE ELF"
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names_off = sections[shstrndx][4]
    found = {}
    for name, _type, _flags, _addr, offset, size in sections:
        end = data.index(b"\0", names_off + name)
        found[data[names_off + name:end]] = data[offset:offset + size]
    return found


def _elf_text(data: bytes) -> bytes:
    """The bytes of the ``.text`` section of a 64-bit little-endian ELF file."""
    text = _elf_sections(data).get(b".text")
    assert text is not None, "no .text section"
    return text


#: popcnt is F3 [REX] 0F B8 /r and lzcnt F3 [REX] 0F BD /r; pext and pdep are three-byte VEX
#: (C4), map 0F38 (low five bits of the second byte 00010), L=0 and the prefix F3 (pext) or F2
#: (pdep) in the low three bits of the third byte (010 or 011), then the opcode F5
_BYTE_PATTERNS = {
    "popcnt": re.compile(rb"\xf3[\x40-\x4f]?\x0f\xb8", re.S),
    "lzcnt": re.compile(rb"\xf3[\x40-\x4f]?\x0f\xbd", re.S),
}


def _byte_counts(path: Path) -> dict[str, int]:
    """Byte patterns of the instructions in the ``.text`` section (no disassembler needed; may
    overcount, never undercounts)."""
    text = _elf_text(path.read_bytes())
    counts = {name: len(pat.findall(text)) for name, pat in _BYTE_PATTERNS.items()}
    counts["pext/pdep"] = sum(
        1 for m in re.finditer(rb"\xc4..\xf5", text, re.S)
        if text[m.start() + 1] & 0x1F == 0x02 and text[m.start() + 2] & 0x07 in (0x02, 0x03))
    return counts


def _objdump_counts(path: Path) -> dict[str, int]:
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(path)],
                         capture_output=True, text=True, check=True).stdout
    counts: dict[str, int] = {}
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) < 2:
            continue
        insn = parts[-1].strip()
        mnemonic = insn.split(" ", 1)[0]
        if mnemonic in FORBIDDEN:
            counts[mnemonic] = counts.get(mnemonic, 0) + 1
        elif any(r in insn for r in FORBIDDEN_REGS):
            counts["avx-reg"] = counts.get("avx-reg", 0) + 1
    return counts


x86_elf = pytest.mark.skipif(
    not (FAST and X86 and sys.platform.startswith("linux") and not NATIVE),
    reason="checks x86-64 ELF kernels of a portable build")


@x86_elf
def test_baseline_kernels_hold_no_popcnt_bmi_or_lzcnt():
    base, fast = _fast_dirs()
    files = _kernel_files(base) + _kernel_files(base.parent)   # the kernels and cardcore._cpu
    assert len(files) >= 10
    have_objdump = shutil.which("objdump") is not None
    for f in files:
        found = _objdump_counts(f) if have_objdump else {}
        assert not found, f"{f.name}: {found}"
        assert _byte_counts(f) == {"popcnt": 0, "lzcnt": 0, "pext/pdep": 0}, f.name


@x86_elf
def test_the_bmi2_copy_does_use_the_instructions():
    """The check above can fail: the second copy holds what the baseline must not."""
    _base, fast = _fast_dirs()
    if not INFO["fast_path_available"]:
        pytest.skip("this build has no bmi2 copy (CARDCORE_PORTABLE=1 or CARDCORE_DEBUG=1)")
    files = {f.name.split(".")[0]: f for f in _kernel_files(fast)}
    assert {"dds", "shedding", "poker", "guandan"} <= set(files)
    assert _byte_counts(files["dds"])["pext/pdep"] > 0
    assert _byte_counts(files["shedding"])["popcnt"] > 0
    if shutil.which("objdump"):
        dds = _objdump_counts(files["dds"])
        assert dds.get("pext", 0) > 0 and dds.get("pdep", 0) > 0
        assert _objdump_counts(files["shedding"]).get("popcnt", 0) > 0


@pytest.mark.skipif(not (FAST and sys.platform.startswith("linux")),
                    reason="reads the ELF sections of compiled kernels")
def test_the_kernels_carry_debug_information_as_their_flags_say():
    """An optimised build leaves the C debug information out (``-g0`` after the interpreter's
    ``-g``) unless ``CARDCORE_SYMBOLS=1`` keeps it; a debug build keeps it."""
    base, fast = _fast_dirs()
    folders = {"baseline": base, "native": base, "bmi2": fast}
    for path, flags in INFO["compile_flags"].items():
        debug_flags = [f for f in flags if f in ("-g", "-g0")]
        assert debug_flags, f"{path}: {flags} says nothing of debug information"
        wanted = debug_flags[-1] == "-g"
        files = _kernel_files(folders[path])
        assert files, path
        for f in files:
            has = b".debug_info" in _elf_sections(f.read_bytes())
            assert has == wanted, f"{path} {f.name}: .debug_info {has}, flags {flags}"
