"""The Python examples of the documentation site's pages, run as written.

The site (``docs/index.md``) shows the README's tour, the AI page, the cores page, the action-id
overview and the simulation guide, whose examples no other test runs; they run here (docs/rl.md's
run in tests/test_rl.py and docs/vector.md's in tests/test_vector.py). docs/scale.md's examples
play hundreds of AI games and solve a thousand double-dummy tables: they run here as written but
for those two counts and the output file's place (see ``SCALED``). The last test is a document
check that no guide page's example is left out: each page the site's guide lists with a
```python block is run here or names the test that runs it.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def python_blocks(path: Path) -> list[str]:
    """The fenced ```python blocks of a Markdown page, in order."""
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


def tour_blocks() -> list[str]:
    """The README's tour (the part docs/guide/tour.md includes), its Python blocks."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tour = readme.split("## A short tour", 1)[1].split("## Command line", 1)[0]
    return re.findall(r"```python\n(.*?)```", tour, flags=re.S)


def run(blocks: list[str], where: str) -> tuple[dict, str]:
    """Run ``blocks`` one after the other in one namespace; the namespace and what they print."""
    namespace: dict = {"__name__": "docs_example"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in blocks:
            exec(compile(block, where, "exec"), namespace)  # noqa: S102 - the page's own code
    return namespace, out.getvalue()


def test_the_tour_of_the_readme_runs_document():
    blocks = tour_blocks()
    assert len(blocks) == 1
    ns, printed = run(blocks, "README.md")
    state, again, copy = ns["state"], ns["again"], ns["copy"]
    assert state.is_over and sum(state.scores()) == 0
    assert printed.strip() == str(state.scores())
    assert again.to_json() == state.to_json() and copy.to_json() == state.to_json()
    assert state.history and again.history == state.history


def test_the_ai_page_example_runs_document():
    first, options = python_blocks(DOCS / "guide" / "ai.md")
    ns, printed = run([first], "docs/guide/ai.md")
    assert ns["state"].is_over and ns["final"].is_over
    lines = printed.splitlines()
    assert lines == [str(ns["state"].scores()), str(ns["final"].scores())]
    assert ns["state"].game == "schnapsen" and ns["final"].game == "onepoker"
    # the options example: one line an option, and the AI built with an option given
    ns, printed = run([options], "docs/guide/ai.md")
    cls, ai = ns["cls"], ns["ai"]
    assert printed.splitlines() == [f"{k}: {o.describe()}" for k, o in cls.OPTIONS.items()]
    assert printed.startswith("samples: a whole number 100..10000000 (default 4000): ")
    assert ai.strength == "strong" and ai.samples == 8000 and ai.call_fold_equity is False


def test_the_cores_page_example_runs_document():
    (block,) = python_blocks(DOCS / "api" / "cores.md")
    ns, printed = run([block], "docs/api/cores.md")
    core, state = ns["core"], ns["state"]
    assert core.is_over and not state.is_over        # the copy played on, the state did not
    returns = core.returns()
    assert len(returns) == core.num_players and sum(returns) == 0
    assert printed.strip() == str(returns)


def test_the_action_id_overview_example_runs_document():
    (block,) = python_blocks(DOCS / "actions" / "README.md")
    ns, printed = run([block], "docs/actions/README.md")
    assert ns["state"].is_over and printed.strip() == str(ns["state"].scores())


#: docs/scale.md's examples, scaled: (text in the page, what runs instead). Everything else of
#: the blocks runs as written.
SCALED = (
    ('["ai", "greedy"], 500,', '["ai", "greedy"], 3,'),
    ('out="runs/schnapsen.jsonl"', 'out=OUT'),
    ("range(1000)", "range(3)"),
)


def test_the_simulation_guide_examples_run_scaled_down_document(tmp_path):
    blocks = python_blocks(DOCS / "scale.md")
    assert len(blocks) == 2
    text = "\n".join(blocks)
    for old, new in SCALED:
        assert text.count(old) == 1, old                # the page still says what is replaced
        text = text.replace(old, new)
    namespace: dict = {"__name__": "docs_example", "OUT": str(tmp_path / "schnapsen.jsonl")}
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        exec(compile(text, "docs/scale.md", "exec"), namespace)  # noqa: S102
    res, tables = namespace["res"], namespace["tables"]
    assert res["ai"].games == res.games["greedy"] == 6   # 3 deals, each played twice
    assert res["ai"].units == 3 and res["ai"].ci95 == res.ci95["ai"]
    assert "ai" in out.getvalue() and "greedy" in out.getvalue()   # the printed table
    assert len((tmp_path / "schnapsen.jsonl").read_text().splitlines()) == 6
    from cardcore.bridge import Deal, dd_table
    assert tables == [dd_table(Deal.random(k)) for k in range(3)]     # in order


#: the guide's pages with Python examples run by another test file (page -> test file)
RUN_ELSEWHERE = {"rl.md": "test_rl.py", "vector.md": "test_vector.py"}
#: the guide's pages with Python examples run above
RUN_HERE = {"guide/tour.md", "guide/ai.md", "scale.md"}


def test_every_guide_page_with_examples_is_run_somewhere_document():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    guide = index.split(":caption: User guide", 1)[1].split("```", 1)[0]
    pages = [line.strip() + ".md" for line in guide.splitlines()[1:]
             if line.strip() and not line.strip().startswith(":")]
    assert "guide/tour.md" in pages and "scale.md" in pages
    for page in pages:
        if page == "guide/tour.md":
            assert tour_blocks(), "the README's tour lost its example"
            assert "README.md" in (DOCS / page).read_text(encoding="utf-8")
            continue
        if not python_blocks(DOCS / page):
            continue
        if page in RUN_ELSEWHERE:
            test = (ROOT / "tests" / RUN_ELSEWHERE[page]).read_text(encoding="utf-8")
            assert f'"{page}"' in test or f"/{page}" in test, (page, RUN_ELSEWHERE[page])
        else:
            assert page in RUN_HERE, f"{page}: its examples are run by no test"


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(pytest.main([__file__, "-q"]))
