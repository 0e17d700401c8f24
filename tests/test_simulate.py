"""cardcore.simulate: seeds and seating, the local and Ray engines give the same games, output
files, resuming after a kill or Ctrl-C, bad input and failing workers.

Cheap settings throughout (random or cheap agents, single deals, a few dozen games). The Ray
tests start a local Ray of 2 CPUs (Ray is in the ``test`` extra; nothing here is skipped)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import cardcore
from cardcore import CardcoreError, OptionError
from cardcore.agents import RandomAgent
from cardcore.simulate import (SimulationError, SimulationInterrupted, agent_seed, parse_agent,
                               read_rows, simulate, split_agents)



class RaiseOnSeed(RandomAgent):
    """A test agent (built in the workers from ``"<this module>:RaiseOnSeed:bad=N"``): plays at
    random, and raises in the game whose seed is ``bad``."""

    def __init__(self, game=None, seed=None, *, bad: int = -1, **_):
        super().__init__(game, seed=seed)
        self.bad = bad

    def act(self, state):
        if state.seed == self.bad:
            raise RuntimeError(f"deliberate failure in seed {state.seed}")
        return super().act(state)


class SleepyAgent(RandomAgent):
    """A test agent that waits 20 ms before each random move: wall time, no CPU time."""

    def act(self, state):
        time.sleep(0.02)
        return super().act(state)


def game_length(state) -> dict:
    """A ``stats=`` function (module level, so worker processes can unpickle it)."""
    return {"actions": len(state.history), "winner": state.winner}


FAULTY = f"{__name__}:RaiseOnSeed"
CHEAP = {"single_deal": True}


def _strip(rows):
    """Rows without what depends on the clock."""
    drop = {"seconds", "cpu", "think", "times"}
    return [{k: v for k, v in r.items() if k not in drop} for r in rows]


# ---------------------------------------------------------------------------- seeds and seats

def test_game_k_uses_seed_plus_k_and_agent_seeds_from_the_game_seed():
    res = cardcore.simulate("onepoker", ["random", "random"], 3, seed=40, workers=1,
                            history=True, **CHEAP)
    assert [r["seed"] for r in res.rows] == [40, 41, 42]
    for row in res.rows:
        state = cardcore.from_json(row["history"])
        assert state.seed == row["seed"] and list(state.scores()) == row["scores"]
        # the same game by hand: seat s's agent is seeded with agent_seed(seed, s)
        again = cardcore.new_game("onepoker", seed=row["seed"], **CHEAP)
        agents = [RandomAgent(seed=agent_seed(row["seed"], s)) for s in range(2)]
        while not again.is_over:
            again.apply(agents[again.current_player].act(again))
        assert again.to_json() == row["history"]


def test_duplicate_rotates_seats_and_sides_over_the_same_deal():
    # two seats: the players swap
    res = cardcore.simulate("onepoker", ["ai", "random"], 2, duplicate=True, workers=1,
                            history=True, **CHEAP)
    assert [(r["seed"], r["rotation"], r["agents"]) for r in res.rows] == [
        (0, 0, ["ai", "random"]), (0, 1, ["random", "ai"]),
        (1, 0, ["ai", "random"]), (1, 1, ["random", "ai"])]
    deck = [json.loads(r["history"])["deck"] for r in res.rows]
    assert deck[0] == deck[1] and deck[2] == deck[3]
    # a partnership game, one agent per side: seats 0+2 and 1+3, then the sides swap
    res = cardcore.simulate("guandan", ["greedy", "random"], 1, duplicate=True, workers=1,
                            **CHEAP)
    assert [r["agents"] for r in res.rows] == [["greedy", "random"] * 2, ["random", "greedy"] * 2]
    assert [r["seats"] for r in res.rows] == [[[0, 2], [1, 3]], [[1, 3], [0, 2]]]
    assert res.games == {"greedy": 2, "random": 2}
    assert res.mean["greedy"] == pytest.approx(-res.mean["random"])
    # one agent per seat at a 4-seat table: four rotations, the AI in every seat once
    res = cardcore.simulate("holdem", ["calling-station", "random", "random", "random"], 1,
                            duplicate=True, workers=1, **CHEAP)
    assert [r["agents"].index("calling-station") for r in res.rows] == [0, 1, 2, 3]
    assert res["calling-station"].games == 4 and res["random"].games == 4
    # per agent: the mean of its seats' scores
    row = res.rows[0]
    assert res["calling-station"].mean == pytest.approx(
        sum(r["scores"][r["agents"].index("calling-station")] for r in res.rows) / 4)
    assert len(row["scores"]) == 4


def test_results_fields():
    res = cardcore.simulate("onepoker", ["ai", "random"], 30, duplicate=True, workers=1,
                            timings=True, **CHEAP)
    assert isinstance(res, cardcore.Results)
    ai = res["ai"]
    assert ai.games == 60 and ai.units == 30 and res.total_games == 60 == len(res)
    lo, hi = ai.ci95
    assert lo <= ai.mean <= hi and res.ci95["ai"] == ai.ci95
    assert 0 <= res.win_rate["ai"] <= 1 and res.mean["ai"] == ai.mean
    assert res.games_per_second > 0 and res.cpu_seconds > 0 and ai.decisions > 0
    assert all(len(r["times"]) == 2 for r in res.rows)
    table = res.table()
    assert "ai" in table and "random" in table and "95% CI" in table
    json.dumps(res.summary())


@pytest.mark.parametrize("workers", [1, 2])
def test_cpu_seconds_are_cpu_time_and_game_seconds_wall_time(workers):
    """An agent that sleeps makes games that take wall time and little CPU time: in the
    calling process (the playing thread's CPU time) and in worker processes (theirs)."""
    res = cardcore.simulate("onepoker", [f"{__name__}:SleepyAgent", "random"], 4,
                            workers=workers, chunk=2, **CHEAP)
    slept = 0.02 * res[f"{__name__}:SleepyAgent"].decisions
    assert res.game_seconds >= slept > 0
    assert 0 < res.cpu_seconds < 0.5 * slept
    assert all(0 < r["cpu"] < r["seconds"] for r in res.rows)
    assert res.summary()["cpu_seconds"] == res.cpu_seconds
    assert f"{res.cpu_seconds:.1f} s CPU, {res.game_seconds:.1f} s wall" in res.table()


# ---------------------------------------------------------------------------- engines

def test_local_engine_with_2_workers_gives_the_same_games_as_in_process():
    kwargs = dict(duplicate=True, stats=game_length, **CHEAP)
    one = cardcore.simulate("schnapsen", ["greedy", "random"], 12, workers=1, **kwargs)
    two = cardcore.simulate("schnapsen", ["greedy", "random"], 12, workers=2, chunk=3, **kwargs)
    assert two.workers == 2 and two.engine == "local"
    assert _strip(one.rows) == _strip(two.rows)
    assert one.mean == two.mean and one.ci95 == two.ci95 and one.win_rate == two.win_rate
    assert all(r["stats"]["actions"] == r["length"] for r in two.rows)


@pytest.fixture(scope="module")
def local_ray():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, logging_level="warning")
    yield ray
    ray.shutdown()


def test_ray_engine_gives_the_same_games_as_local(local_ray):
    kwargs = dict(duplicate=True, **CHEAP)
    ref = cardcore.simulate("onepoker", ["ai", "random"], 20, workers=1, **kwargs)
    ray_res = cardcore.simulate("onepoker", ["ai", "random"], 20, engine="ray", chunk=4,
                                **kwargs)
    assert ray_res.engine == "ray" and local_ray.is_initialized()  # left running: not ours
    assert _strip(ray_res.rows) == _strip(ref.rows)
    assert ray_res.mean == ref.mean and ray_res.ci95 == ref.ci95
    two = cardcore.simulate("onepoker", ["ai", "random"], 20, workers=2, **kwargs)
    assert _strip(two.rows) == _strip(ref.rows)


def test_ray_engine_writes_and_resumes_the_same_file(local_ray, tmp_path):
    out = tmp_path / "ray.parquet"
    first = cardcore.simulate("holdem", ["random"], 6, engine="ray", out=out, **CHEAP)
    assert first.new_games == 6
    again = cardcore.simulate("holdem", ["random"], 10, engine="ray", out=out, **CHEAP)
    assert again.resumed_games == 6 and again.new_games == 4
    ref = cardcore.simulate("holdem", ["random"], 10, workers=1, **CHEAP)
    assert again.scores() == ref.scores()


def test_ray_missing_is_a_clear_error(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(CardcoreError, match=r"needs Ray: pip install ray"):
        cardcore.simulate("onepoker", ["random", "random"], 2, engine="ray", **CHEAP)


# ---------------------------------------------------------------------------- output, resume

@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_out_file_rows_and_resume(tmp_path, suffix):
    out = tmp_path / f"run{suffix}"
    part = cardcore.simulate("onepoker", ["ai", "random"], 5, duplicate=True, workers=1,
                             out=out, history=True, **CHEAP)
    assert part.new_games == 10 and part.resumed_games == 0
    whole = cardcore.simulate("onepoker", ["ai", "random"], 12, duplicate=True, workers=2,
                              out=out, history=True, **CHEAP)
    assert whole.resumed_games == 10 and whole.new_games == 14
    fresh = cardcore.simulate("onepoker", ["ai", "random"], 12, duplicate=True, workers=1,
                              history=True, **CHEAP)
    assert _strip(read_rows(out)) == _strip(fresh.rows)
    assert whole.mean == pytest.approx(fresh.mean) and whole.scores() == fresh.scores()
    row = read_rows(out)[0]
    assert set(row) >= {"game", "seed", "rotation", "agents", "seats", "scores", "length",
                        "seconds", "cpu", "history"}
    if suffix == ".parquet":
        import pyarrow.parquet as pq

        assert out.is_dir() and pq.read_table(out).num_rows == 24
    # a different run may not resume this file
    with pytest.raises(CardcoreError, match="another out file"):
        cardcore.simulate("onepoker", ["random", "ai"], 12, duplicate=True, workers=1, out=out,
                          **CHEAP)
    with pytest.raises(CardcoreError, match="another out file"):
        cardcore.simulate("onepoker", ["ai", "random"], 12, duplicate=True, workers=1, out=out)


def test_a_line_cut_short_by_a_kill_is_dropped(tmp_path):
    out = tmp_path / "cut.jsonl"
    cardcore.simulate("onepoker", ["random", "random"], 4, workers=1, out=out, **CHEAP)
    with open(out, "a") as f:
        f.write('{"game": "onepoker", "seed": 4, "rot')
    res = cardcore.simulate("onepoker", ["random", "random"], 6, workers=1, out=out, **CHEAP)
    assert res.resumed_games == 4 and res.new_games == 2
    assert [r["seed"] for r in read_rows(out)] == [0, 1, 2, 3, 4, 5]


#: The interrupted runs play Hold'em with one paced seat: a random agent that waits 4 ms before
#: each action (``pacedagent:Paced``, a module the workers import from PYTHONPATH), so a run
#: of LONG games takes about two seconds on two workers however fast the machine is, and the
#: signal sent after the first 40 rows always lands mid-run (unpaced games, 6,000 a second,
#: could all finish between the 40th row and the signal).
LONG = 200
PACED = ["pacedagent:Paced", "calling-station", "random", "random"]
PACED_MODULE = """
import time
from cardcore.agents import RandomAgent


class Paced(RandomAgent):
    def act(self, state):
        time.sleep(0.004)
        return super().act(state)
"""

KILL_SCRIPT = f"""
import sys, cardcore
if __name__ == "__main__":
    cardcore.simulate("holdem", {PACED!r}, {LONG}, workers=2, out=sys.argv[1],
                      single_deal=True)
"""


def _paced(tmp_path: Path, monkeypatch) -> dict:
    """Write the paced agent's module; this process and the subprocesses (and their workers)
    import it: the environment to run them with."""
    (tmp_path / "pacedagent.py").write_text(PACED_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    return {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])])}


def _wait_rows(path: Path, n: int, proc: subprocess.Popen, limit: float = 120.0) -> int:
    t0 = time.time()
    while time.time() - t0 < limit:
        if path.exists():
            rows = path.read_bytes().count(b"\n")
            if rows >= n:
                return rows
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.01)
    raise AssertionError(f"no {n} rows in {limit} s")


def test_resume_after_a_kill_equals_an_uninterrupted_run(tmp_path, monkeypatch):
    out = tmp_path / "killed.jsonl"
    script = tmp_path / "run.py"
    script.write_text(KILL_SCRIPT)
    env = _paced(tmp_path, monkeypatch)
    proc = subprocess.Popen([sys.executable, str(script), str(out)], start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        _wait_rows(out, 40, proc)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the driver and its workers, mid-run
        proc.wait()
    kept = read_rows(out)
    assert 40 <= len(kept) < LONG
    agents = PACED
    resumed = cardcore.simulate("holdem", agents, LONG, workers=2, out=out, **CHEAP)
    assert resumed.resumed_games == len(kept) and resumed.new_games == LONG - len(kept)
    ref = cardcore.simulate("holdem", agents, LONG, workers=1, **CHEAP)
    assert resumed.scores() == ref.scores() and resumed.mean == pytest.approx(ref.mean)
    assert _strip(read_rows(out)) == _strip(ref.rows)


def test_cli_ctrl_c_keeps_what_finished_and_the_same_command_resumes(tmp_path, monkeypatch):
    out = tmp_path / "cli.jsonl"
    env = _paced(tmp_path, monkeypatch)
    cmd = [sys.executable, "-m", "cardcore", "simulate", "holdem", "--agents", ",".join(PACED),
           "--games", str(LONG), "--workers", "2", "--out", str(out), "-o", "single_deal=true"]
    # SIGINT at its default in the child, as in a terminal's foreground job: a test run started
    # in the background (``cmd &`` with no job control) ignores SIGINT, and children inherit that
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_rows(out, 40, proc)
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, stderr
    assert "interrupted" in stderr and "resume" in stderr and "Traceback" not in stderr
    assert "calling-station" in stdout  # the summary of what finished
    kept = read_rows(out)
    assert 40 <= len(kept) < LONG
    done = subprocess.run(cmd + ["-q"], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert f"{len(kept)} read back" in done.stdout
    ref = cardcore.simulate("holdem", PACED, LONG, workers=1, **CHEAP)
    assert _strip(read_rows(out)) == _strip(ref.rows)


# ---------------------------------------------------------------------------- bad input

def test_bad_input_is_a_clear_error_before_any_game(tmp_path):
    with pytest.raises(CardcoreError, match="unknown"):
        cardcore.simulate("gin-rummy", ["ai", "random"], 2)
    with pytest.raises(CardcoreError, match="'nobody': unknown for onepoker"):
        cardcore.simulate("onepoker", ["ai", "nobody"], 2, **CHEAP)
    with pytest.raises(CardcoreError, match="unknown option.*samplez"):
        cardcore.simulate("guandan", ["ai:samplez=2", "random"], 2, **CHEAP)
    with pytest.raises(CardcoreError, match="cannot import"):
        cardcore.simulate("onepoker", ["no_such_module_xyz:Agent", "random"], 2, **CHEAP)
    with pytest.raises(CardcoreError, match="3 agents"):
        cardcore.simulate("onepoker", ["ai", "random", "random"], 2, **CHEAP)
    with pytest.raises(CardcoreError, match="strings"):
        cardcore.simulate("onepoker", [RandomAgent(), "random"], 2, **CHEAP)
    with pytest.raises(OptionError):
        cardcore.simulate("onepoker", ["ai", "random"], 2, single_deal="maybe")
    with pytest.raises(CardcoreError, match="engine"):
        cardcore.simulate("onepoker", ["ai", "random"], 2, engine="spark", **CHEAP)
    with pytest.raises(CardcoreError, match="games"):
        cardcore.simulate("onepoker", ["ai", "random"], -1, **CHEAP)
    with pytest.raises(CardcoreError, match="jsonl or .parquet"):
        cardcore.simulate("onepoker", ["ai", "random"], 2, out=tmp_path / "x.csv", **CHEAP)
    assert not list(tmp_path.iterdir())


def test_agent_strings():
    assert parse_agent("ai") == ("ai", {})
    assert parse_agent("ai:samples=4,cheap=true,bluff=0.5,name=x") == (
        "ai", {"samples": 4, "cheap": True, "bluff": 0.5, "name": "x"})
    assert parse_agent("pkg.mod:Cls") == ("pkg.mod:Cls", {})
    assert parse_agent("pkg.mod:Cls:depth=2") == ("pkg.mod:Cls", {"depth": 2})
    assert split_agents("ai:samples=4,cheap=true,random") == ["ai:samples=4,cheap=true",
                                                             "random"]
    with pytest.raises(CardcoreError):
        parse_agent("a:b:c:d")
    with pytest.raises(CardcoreError, match="KEY=VALUE"):
        parse_agent("ai:samples=1,cheap")
    with pytest.raises(CardcoreError, match="NAME:KEY=VALUE"):
        cardcore.simulate("onepoker", ["ai:samples", "random"], 1, **CHEAP)
    res = cardcore.simulate("guandan", ["ai:samples=1,search_cards=0", "greedy"], 1,
                            workers=1, **CHEAP)
    assert res.games == {"ai:samples=1,search_cards=0": 1, "greedy": 1}


@pytest.mark.parametrize("workers", [1, 2])
def test_a_worker_that_raises_stops_the_run_and_keeps_every_finished_game(tmp_path, workers):
    out = tmp_path / "fail.jsonl"
    with pytest.raises(SimulationError) as info:
        cardcore.simulate("onepoker", [f"{FAULTY}:bad=7", "random"], 20, workers=workers,
                          out=out, **CHEAP)
    exc = info.value
    assert isinstance(exc, CardcoreError)
    assert exc.seed == 7 and exc.seat in (0, 1) and exc.agent.startswith(FAULTY)
    assert "seed 7" in str(exc) and "deliberate failure" in str(exc)
    assert "RuntimeError" in exc.worker_traceback
    kept = {r["seed"] for r in read_rows(out)}
    assert set(range(7)) <= kept and 7 not in kept
    assert {r["seed"] for r in exc.results.rows} == kept
    # the same out file then finishes the run once the agent is fixed... by skipping seed 7
    res = cardcore.simulate("onepoker", [f"{FAULTY}:bad=7", "random"], 7, workers=1, out=out,
                            **CHEAP)
    assert res.resumed_games == 7 and res.new_games == 0


def nan_stats(state) -> dict:
    """A ``stats=`` function whose value is no JSON (NaN)."""
    return {"ratio": float("nan")}


def test_a_stats_value_that_is_no_json_stops_the_run_naming_it(tmp_path):
    out = tmp_path / "nan.jsonl"
    with pytest.raises(SimulationError, match=r"seed 0.*stats returned \{'ratio': nan\}: not "
                       "JSON") as info:
        cardcore.simulate("onepoker", ["random", "random"], 3, workers=1, out=out,
                          stats=nan_stats, **CHEAP)
    assert info.value.seed == 0
    assert not out.exists() or read_rows(out) == []


def test_registered_agents_reach_the_workers():
    from cardcore import agents

    agents.register_agent("faulty-test", "onepoker", FAULTY)
    try:
        with pytest.raises(SimulationError, match="seed 3"):
            cardcore.simulate("onepoker", ["faulty-test:bad=3", "random"], 6, workers=2,
                              **CHEAP)
    finally:
        agents._EXTRA.pop(("faulty-test", "onepoker"), None)


# ---------------------------------------------------------------------------- API, CLI

def test_simulate_and_results_are_exported_lazily():
    code = textwrap.dedent("""
        import inspect, cardcore
        from cardcore import simulate, Results
        r = cardcore.simulate("onepoker", ["random", "random"], 2, workers=1, single_deal=True)
        assert isinstance(r, Results) and r.total_games == 2
        r = simulate("onepoker", ["random", "random"], 2, workers=1, single_deal=True)
        import cardcore.simulate as sim
        assert sim.Results is Results and cardcore.simulate is sim
        assert "duplicate" in inspect.signature(cardcore.simulate).parameters
        print("ok")
    """)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr


def test_cli_simulate_prints_a_table_and_errors_cleanly(capsys, tmp_path):
    from cardcore.cli import main

    assert main(["simulate", "onepoker", "--agents", "ai,random", "--games", "4",
                 "--duplicate", "--workers", "1", "-o", "single_deal=true", "-q"]) == 0
    out = capsys.readouterr().out
    assert "ai" in out and "95% CI" in out and "8 games (4 deals x 2 seatings)" in out
    assert main(["simulate", "onepoker", "--agents", "ai,random", "--games", "2", "--workers",
                 "1", "-o", "single_deal=true", "--json", "-q"]) == 0
    assert json.loads(capsys.readouterr().out)["per_agent"]["ai"]["games"] == 2
    assert main(["simulate", "onepoker", "--agents", "ai,nobody", "--games", "2"]) == 2
    assert "'nobody': unknown" in capsys.readouterr().err
    assert main(["simulate", "nogame", "--agents", "ai", "--games", "2"]) == 2
    assert "unknown" in capsys.readouterr().err
    assert main(["simulate", "onepoker", "--agents", "ai,random", "--games", "2", "-o",
                 "stacks=x"]) == 2
    assert "stacks" in capsys.readouterr().err
    out_file = tmp_path / "f.jsonl"
    assert main(["simulate", "onepoker", "--agents", f"{FAULTY}:bad=1,random", "--games", "3",
                 "--workers", "1", "--out", str(out_file), "-o", "single_deal=true",
                 "-q"]) == 2
    err = capsys.readouterr().err
    assert "seed 1" in err and "1 finished games kept" in err
    assert [r["seed"] for r in read_rows(out_file)] == [0]


def test_interrupt_in_process_keeps_the_finished_games(monkeypatch):
    import importlib

    sim = importlib.import_module("cardcore.simulate")
    calls = {"n": 0}
    real = sim._play

    def play(job, seed, rotation):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(job, seed, rotation)

    monkeypatch.setattr(sim, "_play", play)
    with pytest.raises(SimulationInterrupted) as info:
        cardcore.simulate("onepoker", ["random", "random"], 10, workers=1, **CHEAP)
    assert isinstance(info.value, KeyboardInterrupt)
    assert info.value.results.total_games == 3 and not info.value.results.complete


def test_a_script_read_from_standard_input_can_use_workers():
    # the workers never import the main script, so it need not be a file
    code = ('import cardcore\nr = cardcore.simulate("onepoker", ["random", "random"], 4, '
            'workers=2, single_deal=True)\nprint(r.total_games, r.workers)\n')
    p = subprocess.run([sys.executable, "-"], input=code, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0 and p.stdout.split() == ["4", "2"], p.stderr


def test_cli_out_paths_that_cannot_be_written_are_refused_before_any_game(tmp_path, capsys):
    import importlib.util

    from cardcore.cli import main

    (tmp_path / "file").write_text("x")
    (tmp_path / "d.jsonl").mkdir()
    cases = {str(tmp_path / "file" / "x.jsonl"): f"{str(tmp_path / 'file')!r} is a file, "
             "not a directory",
             str(tmp_path / "d.jsonl"): "Is a directory"}
    proc = "No such file or directory", "Permission denied"  # (not root: no permission)
    if os.path.isdir("/proc"):
        cases["/proc/x.jsonl"] = proc
    if importlib.util.find_spec("pyarrow") is not None:
        cases[str(tmp_path / "file" / "x.parquet")] = "Not a directory"
        if os.path.isdir("/proc"):
            cases["/proc/x.parquet"] = proc
    before = sorted(p.name for p in tmp_path.iterdir())
    for out, reasons in cases.items():
        assert main(["simulate", "onepoker", "--agents", "ai,random", "--games", "2", "-q",
                     "--out", out]) == 2, out
        captured = capsys.readouterr()
        assert captured.err in {f"cardcore: error: {out!r}: cannot write ({reason})\n"
                                for reason in ([reasons] if isinstance(reasons, str)
                                               else reasons)}, captured.err
        assert captured.out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    # missing directories are made, as the examples' runs/g.parquet needs
    out = tmp_path / "runs" / "new" / "g.jsonl"
    assert main(["simulate", "onepoker", "--agents", "ai,random", "--games", "2", "-q",
                 "--workers", "1", "--out", str(out), "-o", "single_deal=true"]) == 0
    assert [r["seed"] for r in read_rows(out)] == [0, 1]


def test_cli_agent_module_names_importlib_refuses_are_agent_errors(capsys, tmp_path,
                                                                   monkeypatch):
    from cardcore.cli import main

    (tmp_path / "brokenagentmod.py").write_text("raise RuntimeError('broken at import')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for spec, why in ((":x", "'' is not a module name"), (".x:Y", "'.x' is not a module name"),
                      ("..:x", "'..' is not a module name"),
                      ("brokenagentmod:A", "cannot import module 'brokenagentmod' "
                       "(RuntimeError: broken at import)")):
        assert main(["simulate", "onepoker", "--games", "2", "-q", "--agents", spec]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"cardcore: error: agent {spec!r}: {why}"), err


def test_cli_json_summary_is_json_and_the_last_seed_must_fit(capsys):
    from cardcore.cli import main

    def strict(text):  # NaN and Infinity are no JSON
        return json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} in the JSON"))

    for games in ("0", "1"):  # the mean of no games; the interval of one game
        assert main(["simulate", "onepoker", "--agents", "random,random", "--games", games,
                     "--workers", "1", "--json", "-q", "-o", "single_deal=true"]) == 0
        agent = strict(capsys.readouterr().out)["per_agent"]["random"]
        assert agent["ci95"] == [None, None] and agent["games"] == int(games)
        assert (agent["mean"] is None) == (games == "0")
    # game k is dealt from seed SEED+k: the last must be a seed, checked before any game
    top = 2**64 - 1
    assert main(["simulate", "onepoker", "--agents", "random,random", "--games", "3",
                 "--seed", str(top - 1), "-q"]) == 2
    err = capsys.readouterr().err
    assert err == (f"cardcore: error: seed {top - 1}, games 3: game k is dealt from seed "
                   f"seed + k, expected seeds 0..2**64-1 (the last is {top + 1})\n"), err
    with pytest.raises(CardcoreError, match="the last is"):   # (the library's own check)
        simulate("onepoker", "random,random", 3, seed=top - 1)
    assert main(["simulate", "onepoker", "--agents", "random,random", "--games", "2",
                 "--seed", str(top - 1), "--workers", "1", "-q", "-o",
                 "single_deal=true"]) == 0
    assert "2 games" in capsys.readouterr().out
    assert main(["simulate", "onepoker", "--agents", "random", "--games", "1", "--seed",
                 str(top + 1), "-q"]) == 2
    assert "expected a whole number 0..2**64-1" in capsys.readouterr().err


def test_simulate_refuses_arguments_of_the_wrong_kind_before_any_game():
    base = {"game": "onepoker", "agents": ["random", "random"], "games": 2, "workers": 1,
            "single_deal": True}
    for key, bad, why in [("agents", {"ai": 1}, "a list of agent names"),
                          ("duplicate", "no", "duplicate"), ("duplicate", 2, "duplicate"),
                          ("out", 5, "expected a path"), ("games", 10**8, "at most")]:
        with pytest.raises(CardcoreError, match=why):
            simulate(**{**base, key: bad})
    for spec, why in [("ai:bluff=abc", "option bluff='abc': expected a number 0..1"),
                      ("ai:bluf=0.1", r"unknown option\(s\) 'bluf'; it takes bluff, "),
                      ("builtins:dict", "cannot be built")]:   # options it cannot take
        with pytest.raises(CardcoreError, match=why):
            simulate(**{**base, "agents": [spec, "random"]})
