"""Double-dummy tables of many deals in parallel, and deal files in and out.

``dd_tables(deals, workers=None, engine="local", address=None)`` solves the tables of a list of
deals (``Deal`` objects or PBN deal strings) on worker processes
(:class:`cardcore.parallel.LocalPool`: started as ``python -m cardcore._worker``, so no main
guard is needed) or on Ray, one single-threaded
``dd_table`` per deal, and returns them in the order of ``deals``.

``read_deal_file(path)`` reads a PBN file (games separated by blank lines, each with a
``[Deal "..."]`` tag; ``"#"`` repeats the previous game's value) or a LIN file (every ``md|``
deal in it; ``ah|Board N|`` and ``sv|`` are read), telling them apart by the suffix ``.lin`` /
``.pbn`` or else by the content. ``to_pbn(records, tables)`` writes PBN with each game's
``OptimumResultTable`` section (PBN 2.1)::

    [OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
    N NT  9
    N  S  8
    ...

one row per declarer N, S, E, W and strain NT, S, H, D, C: the tricks that declarer takes with
best play by all four hands. A PBN game keeps its own tags and sections (an old
``OptimumResultTable`` or ``DoubleDummyTricks`` is replaced); a LIN deal becomes the tags
``Event``, ``Board``, ``Dealer``, ``Vulnerable`` and ``Deal``.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import CardcoreError, FormatError, quote
from .deal import Deal

#: the PBN order of the table's rows
PBN_DECLARERS = ("N", "S", "E", "W")
PBN_STRAINS = (("NT", "N"), ("S", "S"), ("H", "H"), ("D", "D"), ("C", "C"))
TABLE_HEADER = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]'

_SEAT_DIR = ("S", "W", "N", "E")  # game seats S, W, N, E = 0..3
_LIN_VUL = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_TAG = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_REPLACED = {"optimumresulttable", "doubledummytricks"}


@dataclass
class DealRecord:
    """One deal of a deal file: the ``deal``, its board, dealer and vulnerability as PBN
    writes them (``None`` where the file does not say), and for PBN the game's own lines."""

    deal: Deal
    board: str | None = None
    dealer: str | None = None
    vulnerable: str | None = None
    lines: list[str] = field(default_factory=list)
    line: int = 0  # where the game starts in the file (1-based; 0 for LIN)


# ---------------------------------------------------------------------------- solving

def _solve_one(job: Any, deal: Deal) -> dict:
    """Worker task: the table of ``deal``, on one thread (the workers are the parallelism)."""
    from .solver import dd_table

    return dd_table(deal, threads=1)


def _as_deal(item: Any, i: int) -> Deal:
    if isinstance(item, Deal):
        return item
    if isinstance(item, str):
        try:
            return Deal.from_pbn(item)
        except CardcoreError as exc:
            raise FormatError(f"deal {i}: {exc}") from None
    raise FormatError(f"deal {i}: {quote(item)} is not a Deal or a PBN deal string")


def dd_tables(deals: Iterable[Deal | str], *, workers: int | None = None,
              engine: str = "local", address: str | None = None,
              progress: Callable[[Any], Any] | bool | None = None
              ) -> list[dict[str, dict[str, int]]]:
    """The double-dummy tables of ``deals`` (``Deal`` objects or PBN strings), in order: each
    ``table[declarer][strain]`` as :func:`cardcore.bridge.dd_table` gives it.

    ``engine="local"`` solves on ``workers`` processes (default one per core; ``workers=1``, a
    single core, or at most 2 deals: in this process, the five strains of a table in
    threads); ``engine="ray"`` as Ray tasks (the Ray of this process, else
    ``ray.init(address=address)``, or a local Ray of ``workers`` CPUs, shut down at the end).
    ``progress=True`` prints the progress line of ``cardcore simulate`` and ``cardcore dd`` on
    stderr (``37/1000 deals (4%)  1.8 deals/s  8m55s left``: the rate and time left this run
    measures); ``progress=f`` calls ``f`` with a :class:`cardcore.parallel.Progress` (``done``,
    ``total``, ``new``, ``elapsed``, ``rate``, ``eta``) as deals finish. A malformed deal raises
    ``FormatError`` naming its index before any work starts; a deal that fails in a worker
    raises :class:`cardcore.parallel.ParallelError` naming its index."""
    from ..parallel import LocalPool, Progress, RayPool, cores, progress_hook, run_pool
    from .solver import MAX_THREADS, dd_table

    items = [_as_deal(d, i) for i, d in enumerate(deals)]
    if engine not in ("local", "ray"):
        raise CardcoreError(f"engine {quote(engine)}: expected 'local' or 'ray'")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise CardcoreError(f"workers {quote(workers)}: expected an int >= 1")
    n = len(items)
    out: list[dict | None] = [None] * n
    if n == 0:
        return []
    show, end_line = progress_hook(progress, "deals")
    t0 = time.perf_counter()

    def report(done: int) -> None:
        if show is not None:
            show(Progress.measure(done, n, done, time.perf_counter() - t0))

    try:
        report(0)
        if engine == "local":
            w = max(1, min(workers or cores(), n))
            if w == 1 or n <= 2:
                for i, d in enumerate(items):
                    out[i] = dd_table(d, threads=min(workers, MAX_THREADS) if workers else None)
                    report(i + 1)
                return out  # type: ignore[return-value]
            pool: LocalPool | RayPool = LocalPool(_solve_one, None, w)
        else:
            pool = RayPool(_solve_one, None, workers, address)
        run_pool(pool, items, out, report)
    finally:
        end_line()
    return out  # type: ignore[return-value]


# ---------------------------------------------------------------------------- reading files

def _unquote(value: str) -> str:
    return value.replace('\\"', '"').replace("\\\\", "\\")


def parse_pbn_file(text: str, name: str = "<pbn>") -> list[DealRecord]:
    """The deals of a PBN text (see the module docstring). ``FormatError`` names the line of
    anything malformed: a line that is neither a tag, a comment nor section data, a game
    without a ``Deal`` tag (the game's first line), a ``Deal`` that is not a full 52-card deal
    or a ``"#"`` tag with no earlier value (that tag's own line)."""
    records: list[DealRecord] = []
    prev: dict[str, str] = {}
    game_lines: list[str] = []
    tags: dict[str, str] = {}
    tag_line: dict[str, int] = {}  # the line of each tag of the game
    start = 0
    in_section = False
    in_comment = False

    def finish() -> None:
        nonlocal game_lines, tags, tag_line, in_section
        if tags:
            for k, v in list(tags.items()):
                if v == "#":
                    if k not in prev:
                        raise FormatError(f"{name}: line {tag_line[k]}: tag {k} is '#' (as "
                                          "before) but no earlier game has it")
                    tags[k] = prev[k]
            deal_text = tags.get("deal")
            if deal_text is None:
                raise FormatError(f"{name}: line {start}: this game (lines {start}-{last}) has "
                                  "no [Deal \"...\"] tag")
            try:
                deal = Deal.from_pbn(deal_text)
            except CardcoreError as exc:
                raise FormatError(f"{name}: line {tag_line['deal']}: {exc}") from None
            records.append(DealRecord(deal=deal, board=tags.get("board"),
                                      dealer=tags.get("dealer"),
                                      vulnerable=tags.get("vulnerable"), lines=game_lines,
                                      line=start))
            prev.update(tags)
        game_lines, tags, tag_line, in_section = [], {}, {}, False

    last = 0
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if in_comment:
            game_lines.append(raw)
            if "}" in line:
                in_comment = False
            continue
        if not line:
            finish()
            continue
        if line.startswith("%"):
            continue  # escape / metadata lines (the header)
        if not game_lines:
            start = no
        last = no
        game_lines.append(raw)
        if line.startswith(";"):
            continue
        if line.startswith("{"):
            in_comment = "}" not in line
            continue
        m = _TAG.match(line)
        if m:
            key = m.group(1).lower()
            if key not in tags:  # PBN: a repeated tag is ignored
                tags[key] = _unquote(m.group(2))
                tag_line[key] = no
            in_section = key in ("auction", "play") or (key.endswith("table") and key != "table")
            continue
        if line.startswith("["):
            raise FormatError(f"{name}: line {no}: malformed tag {line[:60]!r} (expected "
                              '[Name "value"])')
        if not in_section:
            raise FormatError(f"{name}: line {no}: {line[:60]!r} is not a PBN tag "
                              '([Name "value"]), a comment or section data')
    finish()
    if not records:
        raise FormatError(f"{name}: no deal found (expected PBN games with [Deal \"...\"] tags "
                          "or LIN md| deals)")
    return records


def parse_lin_file(text: str, name: str = "<lin>") -> list[DealRecord]:
    """The deals of a LIN text: every ``md|`` deal, with the ``ah|`` board and ``sv|``
    vulnerability that follow it. ``FormatError`` names the line of the bad tag."""
    from .lin import _parse_md, _tokens_at

    try:
        tokens = _tokens_at(text)
    except FormatError as exc:
        raise FormatError(f"{name}: {exc}") from None
    records: list[DealRecord] = []
    qx: str | None = None
    for tag, value, no in tokens:
        if tag == "qx":
            qx = value.strip()
        elif tag == "md":
            try:
                dealer, deal = _parse_md(value)
            except CardcoreError as exc:
                raise FormatError(f"{name}: line {no}: deal {len(records) + 1}: {exc}") from None
            board = None
            if qx:
                digits = re.sub(r"\D", "", qx)
                board = digits or None
            records.append(DealRecord(deal=deal, board=board, dealer=_SEAT_DIR[dealer]))
        elif records and tag == "ah":
            digits = re.sub(r"\D", "", value)
            if digits:
                records[-1].board = digits
        elif records and tag == "sv":
            key = value.strip().lower()
            if key not in _LIN_VUL:
                raise FormatError(f"{name}: line {no}: deal {len(records)}: sv {value!r}: "
                                  "expected o, n, e or b")
            records[-1].vulnerable = _LIN_VUL[key]
    if not records:
        raise FormatError(f"{name}: no 'md|' deal found")
    return records


def read_deal_file(path: str | Path) -> list[DealRecord]:
    """The deals of a PBN or LIN file (``FormatError`` when it is malformed or has none; a
    ``path`` that is no path of a file that can be read, ``CardcoreError``)."""
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise CardcoreError(f"deal file {quote(path)}: expected a path (a str or a Path)")
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise CardcoreError(f"{str(path)!r}: cannot read ({exc.strerror or exc})") from None
    except ValueError as exc:   # a NUL in the path
        raise CardcoreError(f"deal file {quote(str(path))}: cannot read ({exc})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    suffix = p.suffix.lower()
    if suffix == ".lin" or (suffix != ".pbn" and re.search(r"(^|\|)\s*md\|", text)):
        return parse_lin_file(text, str(path))
    return parse_pbn_file(text, str(path))


# ---------------------------------------------------------------------------- writing PBN

def table_lines(table: dict[str, dict[str, int]]) -> list[str]:
    """The ``OptimumResultTable`` section of one table."""
    lines = [TABLE_HEADER]
    for d in PBN_DECLARERS:
        for pbn, strain in PBN_STRAINS:
            lines.append(f"{d} {pbn:>2} {table[d][strain]:>2}")
    return lines


def _strip_tables(lines: list[str]) -> list[str]:
    """A game's lines without the sections that ``to_pbn`` writes anew."""
    out: list[str] = []
    skipping = False
    for raw in lines:
        m = _TAG.match(raw.strip())
        if m:
            skipping = m.group(1).lower() in _REPLACED
        if not skipping:
            out.append(raw)
    return out


def to_pbn(records: Sequence[DealRecord], tables: Sequence[dict[str, dict[str, int]]]) -> str:
    """PBN text of ``records`` with their ``tables`` (see the module docstring)."""
    from .. import __version__

    parts = ["% PBN 2.1", "% EXPORT", f"% double-dummy tables by cardcore {__version__}", ""]
    for k, (rec, table) in enumerate(zip(records, tables), 1):
        if rec.lines:
            lines = _strip_tables(rec.lines)
            if rec.board is None:
                lines.insert(0, f'[Board "{k}"]')
        else:
            first = rec.dealer or "N"
            lines = ['[Event "?"]', f'[Board "{rec.board or k}"]', f'[Dealer "{first}"]',
                     f'[Vulnerable "{rec.vulnerable or "None"}"]',
                     f'[Deal "{rec.deal.to_pbn(first)}"]']
        parts.extend(lines)
        parts.extend(table_lines(table))
        parts.append("")
    return "\n".join(parts)


__all__ = ["dd_tables", "DealRecord", "read_deal_file", "parse_pbn_file", "parse_lin_file",
           "to_pbn", "table_lines", "TABLE_HEADER"]
