"""bench/bench_shedding_ai.py: the strength ladder (--strength, --versus), the per-move timing,
and long runs stored in pieces (--out) and added up (--aggregate)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import bench_shedding_ai  # noqa: E402


def test_versus_rows_stored_and_added_up(tmp_path, capsys):
    out = tmp_path / "deals.jsonl"
    for seed in (0, 2):          # two pieces over disjoint seeds, and the first one again
        bench_shedding_ai.main(["--deals", "2", "--seed", str(seed), "--strength", "normal",
                                "--rollouts", "2", "--versus", "easy", "--workers", "1",
                                "--out", str(out)])
    bench_shedding_ai.main(["--deals", "2", "--seed", "0", "--strength", "normal",
                            "--rollouts", "2", "--versus", "easy", "--workers", "1",
                            "--only", "ddz", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "ai easy" in printed
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    ddz = [r for r in rows if r["game"] == "doudizhu"]
    zsy = [r for r in rows if r["game"] == "zhengshangyou"]
    assert len(ddz) == 6 and len(zsy) == 12            # 3 + 3 Dou Dizhu deals, 4 x 3 plays
    assert {r["opponent"] for r in rows} == {"ai:strength=easy"}
    assert all(r["ai"] == "rollouts=2,strength=normal" for r in rows)
    lines = bench_shedding_ai.aggregate([str(out)])
    assert len(lines) == 2
    ddz_line = next(x for x in lines if x.startswith("doudizhu"))
    assert "4 deals" in ddz_line                        # seed 0's deals count once
    by_seed = {r["seed"]: r["landlord"] for r in ddz}   # (the same seed, the same result)
    assert sorted(by_seed) == [0, 1, 2, 3]
    k = sum(by_seed.values())
    assert f"landlord {k}/4" in ddz_line
    zsy_line = next(x for x in lines if x.startswith("zhengshangyou"))
    assert "4 deals, 12 plays" in zsy_line and "mean score a play" in zsy_line
    assert bench_shedding_ai.main(["--aggregate", str(out)]) == 0
    assert capsys.readouterr().out.count("\n") == 2


def test_timing_reports_median_p99_max():
    line = bench_shedding_ai.timing("zhengshangyou", 1, 4, {"strength": "easy"})
    assert line.startswith("zhengshangyou timing strength=easy: 1 deals")
    for part in ("cpu median", "p99", "max", "wall median"):
        assert part in line


def test_option_reaches_the_ai_and_bad_options_are_refused(tmp_path, capsys):
    out = tmp_path / "deals.jsonl"
    assert bench_shedding_ai.main(["--deals", "1", "--seed", "3", "--rollouts", "2",
                                   "--option", "top_k=2", "--option", "first_cut=1",
                                   "--versus", "easy", "--workers", "1", "--only", "ddz",
                                   "--out", str(out)]) in (0, 1)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["ai"] for r in rows] == ["rollouts=2,top_k=2,first_cut=1"]
    assert "top_k=2" in capsys.readouterr().out
    for bad in ("top_k", "top_k=two", "=3"):
        try:
            bench_shedding_ai.main(["--deals", "1", "--option", bad])
        except SystemExit as exc:
            assert exc.code == 2
        else:
            raise AssertionError(f"--option {bad!r} was accepted")
        assert "expected KEY=INT" in capsys.readouterr().err


def test_agreement_counts_searched_decisions():
    # easy never searches: nothing to count; normal searches some Zheng Shangyou plays
    line = bench_shedding_ai.agreement("doudizhu", 1, 7, {"rollouts": 8, "strength": "normal"},
                                       "easy")
    assert line.startswith("doudizhu agreement with easy: 1 deals, 0 searched decisions")
    line = bench_shedding_ai.agreement("zhengshangyou", 1, 7, {"strength": "easy"}, "normal")
    head, _, rest = line.partition("searched decisions")
    n = int(head.split(",")[-1])
    assert n > 0
    rates = [float(p.split("%")[0].split()[-1]) for p in rest.split(",")[-2:]]
    assert all(0.0 <= r <= 100.0 for r in rates)


def _stored(name: str, row_start: str) -> tuple[list[dict], str, str]:
    """The per-deal records ``bench/results/<name>.jsonl`` (``strong`` against ``normal``
    only), the line ``--aggregate`` makes of them, and the AI table's row starting so."""
    path = BENCH / "results" / f"{name}.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert {r["ai"] for r in rows} == {"strength=strong"}
    assert {r["opponent"] for r in rows} == {"ai:strength=normal"}
    (line,) = bench_shedding_ai.aggregate([str(path)])
    table = (BENCH / "README.md").read_text()
    row = next(x for x in table.splitlines() if x.startswith(row_start))
    return rows, line, row


def test_stored_strength_records_match_the_ai_table():
    """The AI table's Dou Dizhu ``strong`` against ``normal`` figures are what ``--aggregate``
    makes of the per-deal records kept in bench/results (every deal once, both roles)."""
    rows, line, row = _stored("doudizhu_strong_vs_normal",
                              "| Dou Dizhu | AI normal (duplicate, both roles) | strong |")
    seeds = [r["seed"] for r in rows]
    assert len(seeds) == len(set(seeds)) == 1200
    got = re.search(r"both (\d\.\d+) \[(\d\.\d+), (\d\.\d+)\]", line)
    assert got, line
    mean, lo, hi = (float(x) for x in got.groups())
    assert f"{100 * mean:.1f}% of plays [{100 * lo:.1f}, {100 * hi:.1f}]" in row
    assert lo > 0.5                                # the level beats the one below
    swings = [r for r in rows if r["landlord"] == r["farmers"]]
    won = sum(r["landlord"] for r in swings)
    assert f"Of the {len(swings)} deals where one strength won both plays, `strong` won {won}" \
        in row


def test_stored_zheng_shangyou_records_match_the_ai_table():
    """The same for Zheng Shangyou: ``strong`` in one seat against two ``normal`` seats, each
    deal played from every seat; the table gives the mean score a play over the deals."""
    rows, line, row = _stored("zhengshangyou_strong_vs_normal",
                              "| Zheng Shangyou | 2 AI normal seats | strong |")
    per_deal: dict[int, list[int]] = {}
    for r in rows:
        per_deal.setdefault(r["seed"], []).append(r["score"])
    assert len(per_deal) == 600 and all(len(v) == 3 for v in per_deal.values())
    got = re.search(r"mean score a play ([+-]\d\.\d\d) \[([+-]\d\.\d\d), ([+-]\d\.\d\d)\]", line)
    assert got, line
    assert "{} a play [{}, {}]".format(*got.groups()) in row
    assert float(got[2]) > 0                       # the level beats the one below
    wins = re.search(r"wins (\d+)/(\d+)", line)
    assert wins and f"wins {wins[1]} of {wins[2]} plays" in row
