"""Smoke tests of the AI benchmark scripts in bench/ (Dou Dizhu / Zheng Shangyou, Tractor,
Bridge): tiny runs on ``cardcore.simulate`` in this process, checking the rows they report."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

import cardcore

BENCH = Path(__file__).resolve().parents[1] / "bench"
if not BENCH.is_dir():
    pytest.skip("the bench/ scripts are not next to the tests (installed wheel)",
                allow_module_level=True)
sys.path.insert(0, str(BENCH))

import bench_bridge_ai  # noqa: E402
import bench_shedding_ai  # noqa: E402
import bench_tractor_ai  # noqa: E402


def _interval_ok(rate: float, lo: float, hi: float) -> None:
    assert 0.0 <= lo <= rate <= hi <= 1.0


# ---------------------------------------------------------------- shedding


def test_bid_three_makes_seat_0_the_landlord():
    st = cardcore.new_game("doudizhu", seed=3, first=0)
    agents = [bench_shedding_ai.BidThree("doudizhu", seed=s, agent="random") for s in range(3)]
    st.apply(agents[0].act(st))
    assert st.landlord == 0 and st.bid == 3 and st.phase == "play"


def test_shedding_ddz_rows():
    rows = bench_shedding_ai.ddz_rows("random", 3, 0, {"rollouts": 2}, workers=1)
    assert [r["role"] for r in rows] == ["landlord", "farmers", "both"]
    landlord, farmers, both = rows
    for r in (landlord, farmers):
        assert r["plays"] == 3 and 0 <= r["wins"] <= 3
        assert r["rate"] == r["wins"] / 3
        _interval_ok(r["rate"], r["lo"], r["hi"])
        assert r["sec"] > 0
    assert both["plays"] == 6 and both["wins"] == landlord["wins"] + farmers["wins"]
    assert both["rate"] == pytest.approx(both["wins"] / 6)
    _interval_ok(both["rate"], both["lo"], both["hi"])
    assert both["even"] == 0.5
    # the same seeds give the same games
    again = bench_shedding_ai.ddz_rows("random", 3, 0, {"rollouts": 2}, workers=1)
    assert [(r["wins"], r["rate"]) for r in again] == [(r["wins"], r["rate"]) for r in rows]


def test_shedding_zsy_row():
    r = bench_shedding_ai.zsy_row("greedy", 2, 5, {"rollouts": 2}, workers=1)
    assert r["plays"] == 6 and 0 <= r["wins"] <= 6  # 2 deals x 3 seats
    _interval_ok(r["rate"], r["lo"], r["hi"])
    lo, hi = r["score_ci"]
    assert lo <= r["score"] <= hi and math.isfinite(r["score"])


def test_shedding_main_prints_the_table(capsys):
    code = bench_shedding_ai.main(["--deals", "2", "--rollouts", "2", "--only", "greedy",
                                   "--workers", "1"])
    out = capsys.readouterr().out.splitlines()
    assert code in (0, 1)
    body = [line.split() for line in out[2:]]
    assert [(b[0], b[1]) for b in body] == [("doudizhu", "landlord"), ("doudizhu", "farmers"),
                                           ("doudizhu", "both"), ("zhengshangyou", "any")]
    assert "mean score" in out[-1]


# ---------------------------------------------------------------- tractor


def test_tractor_run():
    r = bench_tractor_ai.run("random", 3, 1, {}, workers=1)
    assert r["deals"] == 4  # rounded up to whole duplicate pairs
    assert 0 <= r["wins"] <= 4 and r["rate"] == r["wins"] / 4
    _interval_ok(r["rate"], r["lo"], r["hi"])
    lo, hi = r["score_ci"]
    assert lo <= r["score"] <= hi
    assert r["defended"] in (0.0, 0.25, 0.5, 0.75, 1.0)
    assert 0 < r["median_ms"] <= r["p95_ms"] <= r["max_ms"]


def test_tractor_main(capsys):
    code = bench_tractor_ai.main(["--deals", "2", "--opponents", "random,greedy",
                                  "--workers", "1"])
    out = capsys.readouterr().out.splitlines()
    assert code in (0, 1)
    assert [line.split()[0] for line in out[2:]] == ["random", "greedy"]
    assert all(line.split()[1] == "2" for line in out[2:])


# ---------------------------------------------------------------- bridge


def test_bridge_auctions_and_play():
    cache: dict = {}
    st = bench_bridge_ai.run_auctions(5, 1, cache, workers=1)
    assert st["deals"] == 5 and len(st["score_gap"]) == 5
    assert 0 <= st["exact_hit"] <= st["level_hit"] <= 5
    assert len(cache) == 5 and len(st["dd_time"]) == 5
    # the tables are the deals' (keys are the deals dealt from seeds 1..5)
    deal = cardcore.new_game("bridge", seed=1).deal()
    assert cache[deal.to_pbn()] == bench_bridge_ai.dd_table_by_seat(deal)
    # a second run takes the tables from the cache
    assert bench_bridge_ai.run_auctions(5, 1, cache, workers=1)["dd_time"] == []

    pl = bench_bridge_ai.run_play(2, 1, None, 2, cache, workers=1)
    assert pl["complete"] and pl["played"] == 2  # neither deal is passed out
    assert len(pl["lost"]) == 2 and all(isinstance(x, int) for x in pl["lost"])
    assert len(pl["card_times"]) == 52 * pl["played"]  # every card, none of the calls
    assert pl["samples"] and all(1 <= n <= 2 for n in pl["samples"])
    assert pl["made"] <= pl["played"] and pl["dd_made"] <= pl["played"]


def test_bridge_main(capsys):
    code = bench_bridge_ai.main(["--deals", "2", "--play-deals", "1", "--samples", "2",
                                 "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "deals bid                  " in out and "declarer tricks lost" in out


# ---------------------------------------------------------------- seconds a move


def test_position_times_time_every_strength_on_the_same_positions(capsys):
    from cardcore.bench.ai import position_times, print_position_times, summary

    times = position_times("onepoker", 5, seed=3)
    assert set(times) == {"easy", "normal", "strong"}
    assert all(len(ts) == 5 and min(ts) >= 0.0 for ts in times.values())
    r = summary([0.3, 0.1, 0.2])
    assert (r["n"], r["median"], r["max"]) == (3, 0.2, 0.3)
    assert summary([])["n"] == 0
    import bench_holdem_ai  # noqa: E402
    import bench_onepoker_ai  # noqa: E402

    bench_onepoker_ai.print_positions(3, 1)
    bench_holdem_ai.print_positions(2, 1)
    out = capsys.readouterr().out
    assert "onepoker: AI CPU seconds per decision over 3" in out
    assert "holdem: AI CPU seconds per decision over 2" in out
    assert out.count("strong") == 2
    print_position_times("onepoker", 2, 5)
    assert "over 2 reachable positions (seed 5)" in capsys.readouterr().out


def test_move_times_of_the_trick_game_benches(capsys):
    from cardcore.bench.ai import move_times, print_move_times

    for game in ("schnapsen", "preference"):
        r = move_times(game, "easy", 4)
        assert r["n"] == 4 and 0.0 <= r["median"] <= r["p99"] <= r["max"]
    print_move_times("schnapsen", ["easy", "normal"], 3, "Schnapsen")
    out = capsys.readouterr().out
    assert out.startswith("Schnapsen AI CPU seconds a decision (forced ones left out), 3 ")
    assert "easy    median" in out and "normal  median" in out
