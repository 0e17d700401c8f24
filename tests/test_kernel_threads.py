"""The double-dummy kernel releases the GIL for its searches and keeps no shared state, so
``cardcore.bridge.solver.dd_table`` can run strains in parallel threads."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from cardcore.bridge.deal import Deal

fast = pytest.importorskip("cardcore._fast.dds", reason="compiled kernel not built")

HEAVY = Deal.random(9)      # about 0.5 s per strain in one thread on the reference machine


def test_python_code_runs_while_a_search_runs():
    """While one thread is inside ``dd_strain``, another thread keeps running Python code.

    With the GIL held for the search, the main thread would stop for the whole call (it would
    not run during the call at all, or pause for its whole length). With the GIL released it
    runs alongside, pausing for a scheduling slice at most."""
    masks = list(HEAVY.masks)
    done = threading.Event()
    result, call = [], []

    def work():
        t0 = time.perf_counter()
        result.append(fast.dd_strain(masks, 3))
        call.append(time.perf_counter() - t0)
        done.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)      # hand the GIL over quickly once the worker wants it
    try:
        t = threading.Thread(target=work)
        t.start()
        first = last = time.perf_counter()
        gap = 0.0
        while not done.is_set():
            now = time.perf_counter()
            gap = max(gap, now - last)
            last = now
        t.join()
        span = last - first          # how long the main thread ran while the worker searched
    finally:
        sys.setswitchinterval(old)
    assert result and len(result[0]) == 4
    if call[0] < 0.2:
        pytest.skip(f"search too short to judge ({call[0]:.3f} s)")
    assert span > 0.5 * call[0] and gap < 0.5 * call[0], (span, gap, call[0])


def test_threads_give_the_same_results_as_one_thread():
    from concurrent.futures import ThreadPoolExecutor

    deals = [list(Deal.random(s).masks) for s in (1, 2, 3)]
    one = [[fast.dd_strain(m, s) for s in range(5)] for m in deals]
    with ThreadPoolExecutor(4) as pool:
        many = [list(pool.map(lambda s, m=m: fast.dd_strain(m, s), range(5))) for m in deals]
    assert many == one == [fast.dd_table(m) for m in deals]
