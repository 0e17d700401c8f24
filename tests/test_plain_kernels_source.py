"""The compiled kernels' source text keeps to plain designs: read, not built or run.

Every ``src/cardcore/_fast/*.pyx`` and ``*.pxd`` is read line by line; none may

- name a type's dict (``tp_dict``) or mark a type changed (``PyType_Modified``): nothing writes
  into a type after Cython made it;
- make member descriptors by hand (``PyDescr_NewMember``): fields are read through Cython's own
  descriptors;
- define a speed ``__getattribute__``;
- give a free list (``@cython.freelist``) to a class that is not ``@cython.final``: a free list
  belongs to one type, never shared with its subtypes.

A failure names the file and the line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

FAST = Path(__file__).resolve().parents[1] / "src" / "cardcore" / "_fast"

#: (pattern, what it is), each matched on every line
BANNED = (
    (re.compile(r"\btp_dict\b"), "a type's dict"),
    (re.compile(r"\bPyType_Modified\b"), "a type changed after it was made"),
    (re.compile(r"\bPyDescr_NewMember\b"), "a hand-made member descriptor"),
    (re.compile(r"\bdef\s+__getattribute__\b"), "a speed __getattribute__"),
)
DECORATOR = re.compile(r"\s*@")
FREELIST = re.compile(r"\s*@\s*(?:cython\s*\.\s*)?freelist\b")
FINAL = re.compile(r"\s*@\s*(?:cython\s*\.\s*)?final\b")
CLASS = re.compile(r"\s*(?:cdef\s+)?class\b")


def problems(name: str, text: str) -> list[str]:
    """What in ``text`` (the source of the file ``name``) breaks the plain designs, one
    ``name:line: what: the line`` entry each."""
    lines = text.splitlines()
    out = []
    for no, line in enumerate(lines, 1):
        for pattern, what in BANNED:
            if pattern.search(line):
                out.append(f"{name}:{no}: {what}: {line.strip()}")
        if FREELIST.match(line):
            # the decorator block the free list is in, and what it decorates
            first = no - 1
            while first > 0 and DECORATOR.match(lines[first - 1]):
                first -= 1
            last = no - 1
            while last + 1 < len(lines) and DECORATOR.match(lines[last + 1]):
                last += 1
            block = lines[first:last + 1]
            target = lines[last + 1] if last + 1 < len(lines) else ""
            if not CLASS.match(target) or not any(FINAL.match(x) for x in block):
                out.append(f"{name}:{no}: a free list on a class that is not @cython.final: "
                           f"{line.strip()}")
    return out


def _sources() -> list[Path]:
    return sorted([*FAST.glob("*.pyx"), *FAST.glob("*.pxd")])


def test_the_kernels_sources_keep_to_plain_designs():
    files = _sources()
    if not files:   # pragma: no cover - an installed package without its source tree
        pytest.skip("no kernel sources next to the tests")
    assert any(f.name == "guandan.pyx" for f in files)
    found = []
    for f in files:
        found += problems(f"src/cardcore/_fast/{f.name}", f.read_text(encoding="utf-8"))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("text, line", [
    ("x = 1\n(<dict>tp.tp_dict)['kind'] = d\n", 2),
    ("    PyType_Modified(tp)\n", 1),
    ("a\nb\n    object PyDescr_NewMember(PyTypeObject* t, PyMemberDef* m)\n", 3),
    ("cdef class R:\n    def __getattribute__(self, name):\n", 2),
    ("@cython.freelist(8)\ncdef class R:\n    pass\n", 1),
    ("@cython.internal\n@cython.freelist(8)\n@cython.no_gc\ncdef class R:\n", 2),
])
def test_the_check_names_the_file_and_line(text, line):
    assert [p.split(": ")[0] for p in problems("k.pyx", text)] == [f"k.pyx:{line}"]


@pytest.mark.parametrize("text", [
    "@cython.final\n@cython.freelist(256)\ncdef class Play:\n",
    "@cython.freelist(256)\n@cython.final\ncdef class Play:\n",
    "    if tp.tp_dictoffset == 0:\n",
    "# a free list of its own\ncdef class R:\n    def __getattr__(self, name):\n",
])
def test_the_check_lets_plain_designs_pass(text):
    assert problems("k.pyx", text) == []
