"""Worker processes (``cardcore.simulate(..., workers=2)``, ``bridge.dd_tables``) start as
``python -m cardcore._worker`` and never import the caller's main script: a script without an
``if __name__ == "__main__":`` guard works, with the same games as in one process; what the
main script defines goes by value (cloudpickle) or is refused up front saying what to do; and
"a worker process ended" appears only when one did, saying how."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

import cardcore
from cardcore import CardcoreError
from cardcore.simulate import SimulationError


def run_script(tmp_path, body: str, name: str = "script.py", timeout: float = 240):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=timeout)


def test_an_unguarded_script_runs_simulate_with_two_workers(tmp_path):
    p = run_script(tmp_path, """
        import json
        import cardcore
        print("top of the script")
        res = cardcore.simulate("schnapsen", ["greedy", "random"], 10, workers=2, chunk=2,
                                duplicate=True, single_deal=True, seed=5)
        print(json.dumps({"workers": res.workers, "scores": res.scores(),
                          "mean": res.mean}))
    """)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines.count("top of the script") == 1          # the workers did not import it
    got = json.loads(lines[-1])
    ref = cardcore.simulate("schnapsen", ["greedy", "random"], 10, workers=1, duplicate=True,
                            single_deal=True, seed=5)
    assert got["workers"] == 2
    assert [tuple(x) if isinstance(x, list) else x for x in map(tuple, got["scores"])] == [
        tuple(tuple(y) if isinstance(y, list) else y for y in s) for s in ref.scores()]
    assert got["mean"] == pytest.approx(ref.mean)
    assert "died" not in p.stderr and "Traceback" not in p.stderr


def test_an_unguarded_script_runs_dd_tables_with_two_workers(tmp_path):
    p = run_script(tmp_path, """
        from cardcore.bridge import Deal, dd_tables
        deals = [Deal.random(k) for k in range(4)]
        print(dd_tables(deals, workers=2) == dd_tables(deals, workers=1))
    """)
    assert p.returncode == 0 and p.stdout.split() == ["True"], p.stderr


def test_a_stats_function_of_the_main_script(tmp_path):
    body = """
        import sys
        {block}
        import cardcore

        def length(state):
            return len(state.history)

        res = cardcore.simulate("onepoker", ["random", "random"], 6, workers=2,
                                single_deal=True, stats=length)
        print(all(r["stats"] == r["length"] for r in res.rows), len(res.rows))
    """
    p = run_script(tmp_path, body.format(block=""))
    assert p.returncode == 0 and p.stdout.split() == ["True", "6"], p.stderr
    # without cloudpickle: refused before any game, saying what to do
    p = run_script(tmp_path, body.format(block="sys.modules['cloudpickle'] = None"))
    assert p.returncode != 0
    assert "stats length: it is defined in the main script" in p.stderr
    assert "mystats.py" in p.stderr and "workers=1" in p.stderr and "died" not in p.stderr


def test_an_agent_class_of_the_main_script_is_refused_saying_what_to_do(tmp_path):
    p = run_script(tmp_path, """
        import cardcore
        from cardcore.agents import RandomAgent

        class Mine(RandomAgent):
            pass

        cardcore.simulate("onepoker", ["__main__:Mine", "random"], 4, workers=2,
                          single_deal=True)
    """)
    assert p.returncode != 0
    assert "'__main__:Mine': the class is in the main script" in p.stderr
    assert "'myagents:Mine'" in p.stderr and "workers=1" in p.stderr


def test_a_worker_killed_mid_run_is_reported_as_killed(tmp_path):
    (tmp_path / "killer.py").write_text(textwrap.dedent("""
        import os, signal
        from cardcore.agents import RandomAgent

        class KillOnSeed(RandomAgent):
            def __init__(self, game=None, seed=None, *, bad=-1, **_):
                super().__init__(game, seed=seed)
                self.bad = bad

            def act(self, state):
                if state.seed == self.bad:
                    os.kill(os.getpid(), signal.SIGKILL)
                return super().act(state)
    """))
    p = run_script(tmp_path, """
        import cardcore
        from cardcore.simulate import SimulationError
        try:
            cardcore.simulate("onepoker", ["killer:KillOnSeed:bad=9", "random"], 30, workers=2,
                              chunk=1, single_deal=True)
        except SimulationError as e:
            print("ERROR", e)
            print("KEPT", sorted(r["seed"] for r in e.results.rows))
    """)
    assert p.returncode == 0, p.stderr
    err = next(ln for ln in p.stdout.splitlines() if ln.startswith("ERROR"))
    assert "a worker process ended (killed by SIGKILL)" in err and "finished games kept" in err
    kept = json.loads(next(ln for ln in p.stdout.splitlines() if ln.startswith("KEPT"))[5:])
    assert 9 not in kept and set(range(9)) <= set(kept) | {9}


def test_a_worker_that_cannot_start_says_why(tmp_path, monkeypatch):
    import types

    # a stats function of a module this process has but the workers cannot import
    mod = types.ModuleType("h7_only_here")
    exec("def stats(state):\n    return 0\n", mod.__dict__)
    mod.stats.__module__ = "h7_only_here"
    monkeypatch.setitem(sys.modules, "h7_only_here", mod)
    with pytest.raises(SimulationError) as info:
        cardcore.simulate("onepoker", ["random", "random"], 4, workers=2, single_deal=True,
                          stats=mod.stats)
    msg = str(info.value)
    assert "worker processes cannot start" in msg and "h7_only_here" in msg
    assert "died" not in msg and "ended" not in msg
    assert "ModuleNotFoundError" in info.value.worker_traceback


def test_what_the_work_prints_does_not_disturb_the_workers(tmp_path):
    (tmp_path / "loud.py").write_text(textwrap.dedent("""
        from cardcore.agents import RandomAgent

        class Loud(RandomAgent):
            def act(self, state):
                print("thinking" * 1000)
                return super().act(state)
    """))
    p = run_script(tmp_path, """
        import cardcore
        a = cardcore.simulate("onepoker", ["loud:Loud", "random"], 6, workers=2,
                              single_deal=True)
        b = cardcore.simulate("onepoker", ["random", "random"], 6, workers=1,
                              single_deal=True)
        print("SAME", a.scores() == b.scores())
    """)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.splitlines()[-1] == "SAME True"
    assert "thinking" in p.stderr                     # the prints went to standard error


def test_the_in_process_checks_still_come_first():
    with pytest.raises(CardcoreError, match="unknown for onepoker"):
        cardcore.simulate("onepoker", ["nobody", "random"], 4, workers=2, single_deal=True)


def test_simulate_progress_true_prints_the_line(capsys):
    cardcore.simulate("onepoker", ["random", "random"], 6, workers=1, single_deal=True,
                      progress=True)
    err = capsys.readouterr().err
    assert "6/6 games (100%)" in err and "games/s" in err and "left" in err
    with pytest.raises(CardcoreError, match="progress"):
        cardcore.simulate("onepoker", ["random", "random"], 2, single_deal=True, progress=3)
