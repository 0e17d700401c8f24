"""Text for the terminal: the screen width and lines fitted to it.

Every line the ``cardcore`` command prints goes through :func:`fit`: a line wider than the
screen is broken between the entries of its list (at ``" | "``, ``"; "``, ``", "``, two spaces,
in that order of preference, else between words), never inside an entry, and the rest goes on
indented lines. The width is the terminal's where it is known, else 80 columns; the height
(:func:`height`, for lists that must leave the board and the prompt on screen) the terminal's,
else 24 lines.
"""

from __future__ import annotations

import re
import shutil
import textwrap

#: the width used when the terminal's is not known (output to a file or a pipe)
DEFAULT_WIDTH = 80
#: the height used when the terminal's is not known
DEFAULT_HEIGHT = 24
#: list separators, the preferred break first
SEPARATORS = (" | ", "; ", ", ", "  ", " ")

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def width() -> int:
    """The terminal's width in columns where it is known (``COLUMNS`` or the terminal of
    standard output), else 80; never under 40."""
    return max(40, shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns)


def height() -> int:
    """The terminal's height in lines where it is known (``LINES`` or the terminal of
    standard output), else 24; never under 10."""
    return max(10, shutil.get_terminal_size((DEFAULT_WIDTH, DEFAULT_HEIGHT)).lines)


def visible_len(text: str) -> int:
    """The columns ``text`` takes on screen (colour codes take none)."""
    return len(_ANSI.sub("", text))


def fit(text: str, columns: int | None = None) -> str:
    """``text`` with every line at most ``columns`` wide (default: :func:`width`), broken
    between list entries (see the module docstring)."""
    columns = width() if columns is None else columns
    out: list[str] = []
    for line in text.split("\n"):
        out.extend(fit_line(line, columns))
    return "\n".join(out)


def fit_line(line: str, columns: int) -> list[str]:
    """One line as one or more lines of at most ``columns`` (a single word wider than the
    screen, which no game prints, stays whole)."""
    if visible_len(line) <= columns:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    indent = " " * min(lead + 4, columns // 2)
    out: list[str] = []
    rest = line
    while visible_len(rest) > columns:
        cut = _cut(rest, columns, len(indent))
        if cut is None:
            break
        head, tail = cut
        out.append(head)
        rest = indent + tail
    out.append(rest)
    return out


def _cut(line: str, columns: int, indent: int) -> tuple[str, str] | None:
    """The line split at its best break: the last separator of the most preferred kind
    that leaves the first part within ``columns`` and at least half the width long."""
    for k, sep in enumerate(SEPARATORS):
        shortest = indent + 1 if k == len(SEPARATORS) - 1 else max(indent + 1, columns // 2)
        best = None
        i = line.find(sep, indent)
        while i >= 0:
            head = line[:i] + sep.rstrip()
            if visible_len(head) > columns:
                break
            if visible_len(head) >= shortest and line[:i].strip():
                best = (head, line[i + len(sep):].lstrip(" "))
            i = line.find(sep, i + 1)
        if best is not None and best[1]:
            return best
    return None


def prose(text: str, columns: int | None = None, hang: int = 2) -> str:
    """Sentences (a help text) wrapped word by word to ``columns``, each line's continuation
    indented ``hang`` spaces more than the line."""
    columns = width() if columns is None else columns
    out: list[str] = []
    for line in text.split("\n"):
        lead = " " * (len(line) - len(line.lstrip(" ")))
        out += textwrap.wrap(line, columns, initial_indent="", subsequent_indent=lead + " " * hang,
                             break_long_words=False, break_on_hyphens=False) or [""]
    return "\n".join(out)


def pack(items: list[str], columns: int | None = None, first: str = "",
         indent: int | None = None, gap: str = "  ") -> str:
    """``items`` packed into lines of at most ``columns``, ``gap`` between them, never
    splitting one: the first line starts with ``first``, the others with ``indent`` spaces
    (default: as many as ``first`` is long)."""
    columns = width() if columns is None else columns
    pad = " " * (visible_len(first) if indent is None else indent)
    lines: list[str] = []
    line, start = first, True
    for item in items:
        if not start and visible_len(line) + len(gap) + visible_len(item) > columns:
            lines.append(line + gap.rstrip())
            line, start = pad + item, False
        else:
            line = line + item if start else f"{line}{gap}{item}"
            start = False
    lines.append(line)
    return "\n".join(lines)
