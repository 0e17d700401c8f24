"""The self-play comparison script (bench/bench_selfplay.py): cardcore's loops finish their
games with valid scores, and a missing library is reported, not raised."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
if not BENCH.is_dir():
    pytest.skip("the bench/ scripts are not next to the tests (installed wheel)",
                allow_module_level=True)
sys.path.insert(0, str(BENCH))

import bench_selfplay  # noqa: E402

PLAYERS = {"doudizhu": 3, "bridge": 4, "holdem": 4, "schnapsen": 2}


@pytest.mark.parametrize("game", bench_selfplay.GAMES)
def test_cardcore_loop_finishes_games_with_valid_scores(game):
    play = bench_selfplay.cardcore_play(game)
    results, decisions = play(2, 7)
    assert len(results) == 2
    assert decisions >= 2 * 2  # every game takes several decisions
    for scores in results:
        assert len(scores) == PLAYERS[game]
        assert sum(scores) == 0  # every game here is zero-sum
    # the same seeds and the same choices give the same games
    assert play(2, 7) == (results, decisions)


def test_holdem_scores_move_chips():
    """A hand always moves chips (the blinds at least), and no seat loses more than its
    stack."""
    results, _ = bench_selfplay.cardcore_play("holdem")(2, 3)
    for scores in results:
        assert any(scores)
        assert all(x >= -bench_selfplay.HOLDEM_STACK for x in scores)


def test_missing_peer_is_reported_not_raised(monkeypatch):
    # a None entry in sys.modules makes ``import`` raise ImportError, as for a missing package
    for name in ("pyspiel", "rlcard", "pokerkit"):
        monkeypatch.setitem(sys.modules, name, None)
    out = io.StringIO()
    report = bench_selfplay.run(games=1, rounds=1, only=["holdem"], out=out)
    rows = {r["contender"]: r for r in report["results"]["holdem"]}
    ours = rows["cardcore (legal_ids/apply_id)"]
    assert ours["status"] == "ok" and ours["games_per_s"] > 0
    for name in ("OpenSpiel universal_poker fcpa", "RLCard NolimitholdemGame",
                 "pokerkit NoLimitTexasHoldem"):
        assert rows[name]["status"].startswith("not installed"), rows[name]
        assert "games_per_s" not in rows[name]
    text = out.getvalue()
    assert text.count("not installed") == 3 and "cardcore" in text


def test_failing_peer_is_reported_not_raised(monkeypatch):
    def broken():
        def play(n, base):
            raise RuntimeError("boom")
        return play

    real = bench_selfplay.contenders

    def with_broken(game):
        cs = real(game)
        return cs[:1] + [bench_selfplay.Contender(game, "broken", broken)]

    monkeypatch.setattr(bench_selfplay, "contenders", with_broken)
    report = bench_selfplay.run(games=1, rounds=1, only=["schnapsen"], out=io.StringIO())
    rows = report["results"]["schnapsen"]
    assert rows[0]["status"] == "ok"
    assert rows[1]["status"] == "failed: RuntimeError: boom"


def test_options(tmp_path):
    path = tmp_path / "out.json"
    assert bench_selfplay.main(["--games", "1", "--rounds", "1", "--only", "schnapsen",
                                "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    assert list(data["results"]) == ["schnapsen"]
    assert data["rounds"] == 1 and data["games_per_round"] == 1
    assert data["results"]["schnapsen"][0]["status"] == "ok"
    with pytest.raises(SystemExit):
        bench_selfplay.main(["--only", "chess"])
