"""Worker pools: the parallelism of :func:`cardcore.simulate` and :func:`cardcore.bridge.dd_tables`.

A pool runs ``func(job, args)`` for every submitted ``args`` on several cores and hands the
results back as they finish. ``func`` must be importable (a module-level function) and ``job``
must pickle: it is sent to each worker once, the ``args`` of each task after it.

- :class:`LocalPool`: worker processes started as ``python -m cardcore._worker``, fed over
  pipes. They never import the caller's main script, so a script may use a pool at top level,
  with no ``if __name__ == "__main__":`` guard (the frames are described in
  :mod:`cardcore._worker`).
- :class:`RayPool`: the same tasks as Ray tasks of one CPU each (``pip install ray``, or the
  extra ``ray``: ``pip install ".[ray]"`` in a cardcore checkout).

Both have one interface: ``submit(args)`` returns a handle, ``wait(handles, timeout)`` the
handles that are done, ``result(handle)`` the value or raises the pool's error (a
:class:`ParallelError` by default: the task raised, a worker could not start or a worker
process ended, with its exit code or signal), ``abort(handles)`` stops everything now and
``close()`` lets the workers finish. ``capacity`` is the number of tasks that run at once and
``target`` the seconds of work a task should hold to keep the overhead small.

:func:`map_tasks` runs a list of items through a pool, one task each, and returns the results
in order; :func:`cores` counts the cores this process may use; :class:`Progress` and
:func:`progress_hook` are the ``progress=`` argument of the functions that use a pool, and
:class:`ProgressLine` the line that shows it on stderr (also ``cardcore simulate``'s).

>>> from cardcore.parallel import map_tasks
>>> map_tasks(divmod, [7, 9, 11], job=4, workers=2)  # divmod(4, 7), ...
[(0, 4), (0, 4), (0, 4)]
"""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, TextIO

from .errors import CardcoreError, quote


class ParallelError(CardcoreError):
    """A task failed in a worker, or a worker could not start or died. The message names the
    error (``"ValueError: ..."``) or how the worker ended; ``worker_traceback`` is the
    traceback printed in the worker (empty when there is none).
    :class:`cardcore.simulate.SimulationError` is a ``ParallelError``."""

    def __init__(self, message: str, *, worker_traceback: str = "") -> None:
        super().__init__(message)
        self.worker_traceback = worker_traceback


def cores() -> int:
    """The number of cores this process may run on (its CPU affinity where the system says)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class LocalPool:
    """``workers`` worker processes of this machine running ``func(job, args)``.

    ``error(message, worker_traceback=...)`` builds the exception ``result`` raises
    (:class:`ParallelError` by default). ``CardcoreError`` says so at once when ``func`` or
    ``job`` cannot be sent to the workers (a lambda, a function of the main script, ...)."""

    target = 0.3  # seconds of work per task

    def __init__(self, func: Callable[[Any, Any], Any], job: Any, workers: int, *,
                 error: Callable[..., Exception] = ParallelError) -> None:
        from ._worker import Pool

        try:
            pickle.dumps((func, job))
        except Exception as exc:  # noqa: BLE001
            raise CardcoreError(f"the work cannot be sent to worker processes ({exc}); pass "
                                "workers=1 to run it in this process") from None
        self.workers = workers
        self.capacity = workers
        self.pool = Pool(func, job, workers, error)

    def submit(self, args: Any) -> Any:
        return self.pool.submit(args)

    def wait(self, handles: Sequence[Any], timeout: float) -> list[Any]:
        return self.pool.wait(handles, timeout)

    def result(self, handle: Any) -> Any:
        return self.pool.result(handle)

    def abort(self, handles: Iterable[Any] = ()) -> None:
        self.pool.abort()

    def close(self) -> None:
        self.pool.close()


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise CardcoreError('engine="ray" needs Ray: pip install ray (the extra "ray": '
                            'pip install ".[ray]" in a cardcore checkout)') from None
    return ray


class RayPool:
    """The tasks as Ray tasks, one CPU each: on the Ray of this process if it runs, else
    ``ray.init(address=address)`` (a local Ray of ``workers`` CPUs when ``address`` is
    ``None``), shut down by ``close``/``abort`` when this pool started it. ``workers`` caps the
    tasks in flight (default: the cluster's CPUs)."""

    target = 1.0  # seconds of work per task

    def __init__(self, func: Callable[[Any, Any], Any], job: Any, workers: int | None = None,
                 address: str | None = None, *,
                 error: Callable[..., Exception] = ParallelError) -> None:
        ray = _ray()
        self.ray = ray
        self.started = False
        self._error = error
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "logging_level": "warning",
                                      "configure_logging": True}
            if address is None:
                kwargs["num_cpus"] = workers
            try:
                ray.init(address=address, **kwargs)
            except Exception as exc:  # noqa: BLE001 - e.g. no cluster at that address
                raise CardcoreError(f"Ray: cannot start or connect"
                                    f"{f' to {address!r}' if address else ''}: {exc}") from None
            self.started = True
        cpus = int(ray.cluster_resources().get("CPU", 1) or 1)
        self.workers = min(workers, cpus) if workers else cpus
        self.capacity = self.workers
        self.task = ray.remote(num_cpus=1, max_retries=0)(func)
        self.job_ref = ray.put(job)

    def submit(self, args: Any) -> Any:
        return self.task.remote(self.job_ref, args)

    def wait(self, handles: Sequence[Any], timeout: float) -> list[Any]:
        ready, _ = self.ray.wait(list(handles), num_returns=1, timeout=timeout)
        if ready and len(handles) > 1:  # every other task that is done too, in one call
            ready, _ = self.ray.wait(list(handles), num_returns=len(handles), timeout=0)
        return ready

    def result(self, handle: Any) -> Any:
        try:
            return self.ray.get(handle)
        except Exception as exc:  # noqa: BLE001 - a Ray task or worker failure
            text = str(exc).strip()
            raise self._error(f"a Ray task failed: {type(exc).__name__}: "
                              f"{text.splitlines()[-1] if text else ''}") from None

    def abort(self, handles: Iterable[Any] = ()) -> None:
        for ref in handles:  # tasks in flight (on a cluster that outlives this call)
            with contextlib.suppress(Exception):
                self.ray.cancel(ref, force=True)
        self.close()

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()
            self.started = False


class Progress(NamedTuple):
    """What ``progress=`` is called with as work finishes: items (games, deals, ...) ``done``
    of ``total`` (read back from an output file included), ``new`` ones done by this call in
    ``elapsed`` seconds, ``rate`` (new ones/s) and ``eta`` (seconds left at that rate)."""

    done: int
    total: int
    new: int
    elapsed: float
    rate: float
    eta: float

    @classmethod
    def measure(cls, done: int, total: int, new: int, elapsed: float) -> Progress:
        rate = new / elapsed if elapsed > 0 else 0.0
        return cls(done, total, new, elapsed, rate,
                   (total - done) / rate if rate > 0 else (0.0 if done >= total else math.inf))


def _duration(seconds: float) -> str:
    """``seconds`` as ``1h02m``, ``3m07s`` or ``42s`` (``?`` when unknown or endless)."""
    if not seconds < 1e9:
        return "?"
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m" if h else (f"{m}m{s:02d}s" if m else f"{s}s")


class ProgressLine:
    """A progress line on ``stream`` (stderr): redrawn in place on a terminal (at most 5 times
    a second), else one line every ``every`` seconds."""

    def __init__(self, what: str, stream: TextIO | None = None, every: float = 10.0) -> None:
        self.what = what
        self.stream = sys.stderr if stream is None else stream
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = 0.2 if self.tty else every
        self.last = -1e9
        self.width = 0

    def show(self, done: int, total: int, rate: float, eta: float, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self.last < self.every and done < total:
            return
        self.last = now
        pct = 100.0 * done / total if total else 100.0
        text = (f"{done}/{total} {self.what} ({pct:.0f}%)  {rate:.1f} {self.what}/s  "
                f"{_duration(eta) if done < total else '0s'} left")
        if self.tty:
            self.stream.write("\r" + text.ljust(self.width))
            self.width = len(text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.width:
            self.stream.write("\n")
            self.stream.flush()
            self.width = 0


def progress_hook(progress: Any, what: str = "games"
                  ) -> tuple[Callable[[Progress], Any] | None, Callable[[], None]]:
    """``progress=`` as a callable of :class:`Progress` and a function to call at the end:
    ``None``/``False`` nothing; ``True`` the progress line of ``cardcore simulate`` on stderr
    (``312/1000 games (31%)  7.1 games/s  1m37s left``: ``what`` names the items; redrawn in
    place on a terminal, a line every 10 s otherwise); a callable is called as it is."""
    if progress is None or progress is False:
        return None, lambda: None
    if progress is True:
        line = ProgressLine(what)

        def show(p: Progress) -> None:
            if p.done:
                line.show(p.done, p.total, p.rate, p.eta, force=p.done >= p.total)

        return show, line.close
    if callable(progress):
        return progress, lambda: None
    raise CardcoreError(f"progress {quote(progress)}: expected True, False, None or a "
                        "function of a Progress")


def map_tasks(func: Callable[[Any, Any], Any], items: Iterable[Any], *, job: Any = None,
              workers: int | None = None, engine: str = "local", address: str | None = None,
              progress: Any = None, what: str = "items") -> list[Any]:
    """``[func(job, item) for item in items]``, computed on a pool, one task per item, with
    ``2 x capacity`` tasks in flight; the results come back in the order of ``items``.

    ``engine="local"``: a :class:`LocalPool` of ``workers`` processes (default :func:`cores`,
    at most one per item); ``engine="ray"``: a :class:`RayPool`. ``progress`` as
    :func:`progress_hook` takes it, called after each item. A failed item raises
    :class:`ParallelError` naming the item's index and the error; the pool is stopped."""
    todo_items = list(items)
    n = len(todo_items)
    if engine not in ("local", "ray"):
        raise CardcoreError(f"engine {quote(engine)}: expected 'local' or 'ray'")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise CardcoreError(f"workers {quote(workers)}: expected an int >= 1")
    if n == 0:
        return []
    show, end_line = progress_hook(progress, what)
    t0 = time.perf_counter()
    try:
        pool: LocalPool | RayPool
        if engine == "local":
            pool = LocalPool(func, job, max(1, min(workers or cores(), n)))
        else:
            pool = RayPool(func, job, workers, address)
        out: list[Any] = [None] * n

        def report(done: int) -> None:
            if show is not None:
                show(Progress.measure(done, n, done, time.perf_counter() - t0))

        run_pool(pool, todo_items, out, report)
    finally:
        end_line()
    return out


def run_pool(pool: LocalPool | RayPool | Any, items: Sequence[Any], out: list[Any],
             report: Callable[[int], Any] | None = None) -> None:
    """Put ``func(job, items[i])`` into ``out[i]`` for every ``i`` on ``pool`` (one task per
    item, ``2 x capacity`` in flight), calling ``report(done)`` after each, then close the
    pool. On a failure or an interrupt the pool is aborted and the error raised (a
    :class:`ParallelError` of the pool gets ``"item i: "`` before its message)."""
    cap = pool.capacity
    todo = deque(range(len(items)))
    inflight: dict[Any, int] = {}
    done = 0
    try:
        while todo or inflight:
            while todo and len(inflight) < 2 * cap:
                i = todo.popleft()
                inflight[pool.submit(items[i])] = i
            for handle in pool.wait(list(inflight), 0.5):
                i = inflight.pop(handle)
                try:
                    out[i] = pool.result(handle)
                except ParallelError as exc:
                    exc.args = (f"item {i}: {exc}",) + exc.args[1:]
                    raise
                done += 1
                if report is not None:
                    report(done)
    except BaseException:
        pool.abort(list(inflight))
        raise
    pool.close()


__all__ = ["ParallelError", "LocalPool", "RayPool", "Progress", "ProgressLine", "progress_hook",
           "cores", "map_tasks", "run_pool"]
