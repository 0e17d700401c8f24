"""cardcore.parallel: the worker pools shared by simulate and dd_tables, used directly."""

from __future__ import annotations

import operator

import pytest

from cardcore import CardcoreError
from cardcore.parallel import (LocalPool, ParallelError, Progress, cores, map_tasks,
                               progress_hook, run_pool)
from cardcore.simulate import SimulationError


def _square_plus(job: int, x: int) -> int:
    return x * x + job


def _fail_on_three(job: None, x: int) -> int:
    if x == 3:
        raise ValueError(f"no threes ({x})")
    return x


def test_two_local_workers_give_the_results_in_order():
    items = list(range(12))
    assert map_tasks(_square_plus, items, job=5, workers=2) == [x * x + 5 for x in items]
    assert map_tasks(operator.add, [], job=1, workers=2) == []


def test_a_pool_used_by_hand_runs_every_task():
    pool = LocalPool(_square_plus, 1, 2)
    assert pool.capacity == 2 and pool.target > 0
    out: list = [None] * 6
    run_pool(pool, [5, 4, 3, 2, 1, 0], out)
    assert out == [26, 17, 10, 5, 2, 1]


def test_an_error_in_a_worker_raises_parallel_error_naming_it():
    with pytest.raises(ParallelError, match=r"item 3: ValueError: no threes \(3\)") as info:
        map_tasks(_fail_on_three, range(6), workers=2)
    assert "ValueError" in info.value.worker_traceback
    assert "_fail_on_three" in info.value.worker_traceback
    assert isinstance(info.value, CardcoreError)


def test_simulation_error_is_a_parallel_error():
    assert issubclass(SimulationError, ParallelError)
    err = SimulationError("m", seed=3, worker_traceback="tb")
    assert (err.seed, err.worker_traceback, str(err)) == (3, "tb", "m")


def test_the_progress_callback_is_called_after_each_item():
    got: list[Progress] = []
    assert map_tasks(_square_plus, range(5), job=0, workers=2, progress=got.append) == [
        0, 1, 4, 9, 16]
    assert [p.done for p in got] == [1, 2, 3, 4, 5]
    assert all(p.total == 5 and p.new == p.done for p in got)
    assert got[-1].eta == 0.0


def test_bad_arguments_say_what_is_wrong():
    with pytest.raises(CardcoreError, match="cannot be sent to worker processes"):
        map_tasks(lambda job, x: x, [1, 2], workers=2)
    with pytest.raises(CardcoreError, match="engine 'spark'"):
        map_tasks(_square_plus, [1], job=0, engine="spark")
    with pytest.raises(CardcoreError, match="workers 0"):
        map_tasks(_square_plus, [1], job=0, workers=0)
    with pytest.raises(CardcoreError, match="progress"):
        progress_hook(3)
    assert progress_hook(None)[0] is None


def test_the_old_names_still_import_from_simulate():
    import cardcore.parallel as parallel
    import cardcore.simulate as simulate

    assert simulate.Progress is parallel.Progress
    assert simulate.progress_hook is parallel.progress_hook
    assert cores() >= 1
