"""What the package and its sdist carry: the licence, and every file the tests read."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_installed_distribution_carries_the_mit_licence():
    dist = importlib.metadata.distribution("cardcore")
    assert dist.metadata["License-Expression"] == "MIT"
    licences = [f for f in dist.files or () if f.name == "LICENSE"]
    assert licences, "the installed distribution has no LICENSE file"
    text = licences[0].read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text


def _tree(folder: Path, patterns: tuple[str, ...]) -> set[str]:
    return {p.relative_to(ROOT).as_posix() for pat in patterns for p in folder.rglob(pat)
            if "__pycache__" not in p.parts}


@pytest.mark.slow
def test_sdist_ships_the_licence_and_what_the_tests_read(tmp_path):
    """The sdist holds the licence, the tests and every file they read beside them (the docs'
    pages, the bench scripts and their records, the README), so its tests pass from it."""
    if not (ROOT / "setup.py").exists():
        pytest.skip("not a source tree (no setup.py beside the tests)")
    pytest.importorskip("build")
    run = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path),
                          str(ROOT)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    (sdist,) = tmp_path.glob("cardcore-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    wanted = ({"LICENSE", "README.md", "CHANGELOG.md", "CONTRIBUTING.md", "pyproject.toml",
               "setup.py", "MANIFEST.in"}
              | _tree(ROOT / "docs", ("*.md",))
              | _tree(ROOT / "tests", ("*.py", "*.json"))
              | _tree(ROOT / "bench", ("*.py", "*.md", "*.jsonl")))
    assert not wanted - names, sorted(wanted - names)
