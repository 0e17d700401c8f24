"""The changelog document: CHANGELOG.md at the root keeps the Keep a Changelog shape.

It starts with ``# Changelog``; its first section is ``## [Unreleased]``; every released
section is ``## [x.y.z] - YYYY-MM-DD``, newest first, and none is newer than the version in
``pyproject.toml``; each section's subsections are among the six kinds of change.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHANGELOG = ROOT / "CHANGELOG.md"
KINDS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
UNRELEASED = "## [Unreleased]"
RELEASE = re.compile(r"## \[(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)\] - (\d{4}-\d{2}-\d{2})")


def _lines() -> list[str]:
    assert CHANGELOG.is_file(), "CHANGELOG.md is missing from the repository root"
    return CHANGELOG.read_text(encoding="utf-8").splitlines()


def _sections(lines: list[str]) -> list[tuple[str, list[str]]]:
    """Each ``## `` heading with the lines under it, outside fenced code."""
    sections: list[tuple[str, list[str]]] = []
    fenced = False
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        if line.startswith("## "):
            sections.append((line.rstrip(), []))
        elif sections:
            sections[-1][1].append(line)
    return sections


def _project_version() -> tuple[int, int, int]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    found = re.search(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)', project, re.M)
    assert found, "pyproject.toml's [project] table names no x.y.z version"
    major, minor, patch = (int(g) for g in found.groups())
    return major, minor, patch


def test_changelog_starts_with_its_title():
    lines = _lines()
    assert lines and lines[0] == "# Changelog"


def test_unreleased_comes_first_and_once():
    headings = [h for h, _ in _sections(_lines())]
    assert headings and headings[0] == UNRELEASED, headings[:1]
    assert headings.count(UNRELEASED) == 1


def test_release_headings_are_versions_newest_first_and_not_above_the_package():
    versions = []
    for heading, _ in _sections(_lines())[1:]:
        match = RELEASE.fullmatch(heading)
        assert match, f"not '## [x.y.z] - YYYY-MM-DD': {heading!r}"
        datetime.date.fromisoformat(match.group(4))
        versions.append(tuple(int(g) for g in match.groups()[:3]))
    assert versions == sorted(set(versions), reverse=True), "releases not newest first"
    if versions:
        assert versions[0] <= _project_version(), (
            f"newest release {versions[0]} is above pyproject.toml's {_project_version()}")


def test_subsections_are_kinds_of_change():
    for heading, body in _sections(_lines()):
        kinds = [line[4:].strip() for line in body if line.startswith("### ")]
        assert set(kinds) <= KINDS, (heading, sorted(set(kinds) - KINDS))
        assert len(kinds) == len(set(kinds)), (heading, kinds)
        assert not any(line.startswith(("#### ", "# ")) for line in body), heading


def test_the_package_version_is_the_changelogs():
    """``cardcore.__version__`` is ``pyproject.toml``'s version, and the changelog names it:
    as a release heading once it is released, else in its opening lines as the version the
    ``[Unreleased]`` changes make up."""
    import cardcore

    version = ".".join(str(v) for v in _project_version())
    assert cardcore.__version__ == version, (cardcore.__version__, version)
    lines = _lines()
    released = [RELEASE.fullmatch(h) for h, _ in _sections(lines)[1:]]
    if any(m and ".".join(m.groups()[:3]) == version for m in released):
        return
    opening = "\n".join(lines[:lines.index(UNRELEASED)])
    assert re.search(rf"(?<![\d.]){re.escape(version)}(?![\d])", opening), (
        f"CHANGELOG.md names version {version} neither as a release nor in its opening lines")


def test_changes_are_list_items_under_a_kind():
    """Under ``[Unreleased]`` and each release, every change is a list item (``- ...``) inside
    one of the six kinds; a plain line may only head a group of items (no line ending in a
    full stop, which would be a change written as a paragraph)."""
    for heading, body in _sections(_lines()):
        kind = None
        for line in body:
            if line.startswith("### "):
                kind = line[4:].strip()
            elif line.startswith("- "):
                assert kind, f"{heading}: a change outside a kind of change: {line[:60]!r}"
            elif line.strip() and not line.startswith("  "):
                assert kind and not line.rstrip().endswith("."), (
                    f"{heading}: a line that is no list item: {line[:60]!r}")
