"""The rules pages of the games, shipped with the package, and their terminal form.

The pages are the files ``docs/rules/<game>.md`` of the source tree: a build copies them into
this package (``cardcore/rules/<game>.md``), and a source checkout reads them where they are.
:func:`text` shows a page as plain terminal text: headings underlined, paragraphs and list
items wrapped to the screen, tables as aligned columns, every Decision marked ``DECISION:``,
and no markdown markup left.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from ..errors import CardcoreError
from ..screen import width as screen_width

_HERE = Path(__file__).resolve().parent


def _folders() -> list[Path]:
    # the installed pages beside this module; in a source tree, docs/rules at its root
    return [_HERE, _HERE.parents[2] / "docs" / "rules"]


def page(game: str) -> str:
    """The rules page of ``game`` as written (markdown)."""
    for folder in _folders():
        path = folder / f"{game}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise CardcoreError(f"rules of {game!r}: no rules page is installed for this game")


# ---------------------------------------------------------------- markdown -> terminal text

_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_CODE = re.compile(r"`([^`]*)`")
_STRONG = re.compile(r"\*\*([^*]+)\*\*")
_EM = re.compile(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])")
_ITEM = re.compile(r"^(\s*)([-*]|\d+\.)\s+(.*)$")
_DECISION = re.compile(r"\*\*Decisions?:\*\*\s*")


def inline(text: str) -> str:
    """One paragraph's markup removed: links keep their words, code its text, and a bold
    ``Decision:`` reads ``DECISION:``."""
    text = _DECISION.sub("DECISION: ", text)
    text = _LINK.sub(r"\1", text)
    text = _CODE.sub(r"\1", text)
    text = _STRONG.sub(r"\1", text)
    return _EM.sub(r"\1", text)


def _wrap(text: str, columns: int, first: str, rest: str) -> list[str]:
    return textwrap.wrap(inline(text), columns, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False) or [first.rstrip()]


def _table(rows: list[list[str]], columns: int) -> list[str]:
    cells = [[inline(c) for c in row] for row in rows]
    head, body = cells[0], cells[1:]
    widths = [max(len(r[i]) if i < len(r) else 0 for r in cells) for i in range(len(head))]
    if sum(widths) + 2 * (len(widths) - 1) + 2 <= columns:
        out = []
        for k, r in enumerate(cells):
            out.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
            if k == 0:
                out.append("  " + "  ".join("-" * w for w in widths))
        return out
    out = []  # too wide for the screen: one entry per row, "heading: value" parts
    for r in body:
        parts = [f"{h}: {c}" if h else c for h, c in zip(head, r) if c]
        out += textwrap.wrap("; ".join(parts), columns, initial_indent="  - ",
                             subsequent_indent="    ", break_long_words=False)
    return out


def to_text(markdown: str, columns: int | None = None) -> str:
    """A markdown rules page as plain text of at most ``columns`` (default: the screen)."""
    columns = screen_width() if columns is None else columns
    out: list[str] = []
    blocks: list[tuple[str, list[str]]] = []  # (kind, lines) with kind para/item/table/head
    for raw in markdown.splitlines():
        line = raw.rstrip()
        if not line.strip():
            blocks.append(("blank", []))
            continue
        if line.startswith("#"):
            blocks.append(("head", [line]))
            continue
        if line.lstrip().startswith("|"):
            if blocks and blocks[-1][0] == "table":
                blocks[-1][1].append(line)
            else:
                blocks.append(("table", [line]))
            continue
        if _ITEM.match(line):
            blocks.append(("item", [line]))
            continue
        if blocks and blocks[-1][0] in ("para", "item"):
            blocks[-1][1].append(line)  # a paragraph's or an item's next line
        else:
            blocks.append(("para", [line]))
    for kind, lines in blocks:
        if kind == "blank":
            if out and out[-1] != "":
                out.append("")
        elif kind == "head":
            level = len(lines[0]) - len(lines[0].lstrip("#"))
            title = inline(lines[0].lstrip("#").strip())
            if out and out[-1] != "":
                out.append("")
            if level == 1:
                out += [title.upper(), "=" * min(len(title), columns)]
            elif level == 2:
                out += [title, "-" * min(len(title), columns)]
            else:
                out.append(title + ":")
        elif kind == "table":
            rows = [[c.strip() for c in ln.strip().strip("|").split("|")] for ln in lines]
            rows = [r for r in rows if not all(set(c) <= set("-: ") for c in r)]
            out += _table(rows, columns)
        elif kind == "item":
            m = _ITEM.match(lines[0])
            assert m is not None
            depth = len(m.group(1)) // 2
            mark = "-" if m.group(2) in "-*" else m.group(2)
            first = "  " * depth + mark + " "
            body = " ".join([m.group(3)] + [ln.strip() for ln in lines[1:]])
            out += _wrap(body, columns, first, " " * len(first))
        else:
            out += _wrap(" ".join(ln.strip() for ln in lines), columns, "", "")
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out)


def text(game: str, columns: int | None = None) -> str:
    """The rules of ``game`` as the terminal shows them (``cardcore rules GAME``, ``?rules``)."""
    return to_text(page(game), columns)
