"""The worker processes of :class:`cardcore.parallel.LocalPool` (``simulate``, ``dd_tables``).

A worker is started as ``python -m cardcore._worker``: it never imports the caller's main
script, so a script may call ``simulate(..., workers=2)`` at top level, without an
``if __name__ == "__main__":`` guard, or be read from standard input.

The driver and a worker talk over the worker's standard input and output, in frames: an
8-byte little-endian length, then that many bytes of pickle. The driver sends the module
search path (``sys.path``) first, then ``(func, job)``, then one ``(task, args)`` frame per
task; the worker answers each task with ``(task, "ok", func(job, args))``, or ``(task,
"error", message, traceback)`` when ``func`` raises, and ends when its input closes. A
``(None, "error", ...)`` answer means the worker could not start (``func`` or ``job`` could not
be unpickled). Whatever the work prints goes to the worker's standard error, never into the
frames. Ctrl-C is left to the driver, which stops its workers.

:class:`Pool` is the driver's side: ``submit(args)`` returns a handle, ``wait(handles,
timeout)`` the handles that are done, ``result(handle)`` the value (or the error it was given,
saying what went wrong: the task raised, a worker could not start, or a worker process ended,
with its exit code or signal), ``abort()`` kills the workers and ``close()`` lets them finish.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import signal
import struct
import subprocess
import sys
import threading
import traceback
from collections import deque
from collections.abc import Callable, Iterable
from typing import IO, Any

_HEAD = struct.Struct("<Q")


def _read(stream: IO[bytes]) -> bytes | None:
    """One frame, or None at the end of the stream (a frame cut short counts as the end)."""
    head = stream.read(_HEAD.size)
    if len(head) < _HEAD.size:
        return None
    (n,) = _HEAD.unpack(head)
    data = stream.read(n)
    return data if len(data) == n else None


def _write(stream: IO[bytes], data: bytes) -> None:
    stream.write(_HEAD.pack(len(data)) + data)
    stream.flush()


# ---------------------------------------------------------------------------- the worker

def main() -> int:
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    # the frames get private copies of stdin and stdout; what the work prints goes to stderr
    rd = os.fdopen(os.dup(0), "rb")
    wr = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    path = _read(rd)
    if path is None:
        return 0
    sys.path[:] = pickle.loads(path)
    first = _read(rd)
    if first is None:
        return 0
    try:
        func, job = pickle.loads(first)
    except Exception as exc:  # noqa: BLE001 - reported to the driver
        _write(wr, pickle.dumps((None, "error", f"{type(exc).__name__}: {exc}",
                                 traceback.format_exc())))
        return 1
    while True:
        frame = _read(rd)
        if frame is None:
            return 0
        task, args = pickle.loads(frame)
        try:
            data = pickle.dumps((task, "ok", func(job, args)), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - reported to the driver
            data = pickle.dumps((task, "error", f"{type(exc).__name__}: {exc}",
                                 traceback.format_exc()))
        try:
            _write(wr, data)
        except OSError:                     # the driver is gone: nobody wants the result
            return 0


# ---------------------------------------------------------------------------- the driver

def _how_it_ended(code: int | None) -> str:
    if code is None:
        return "its output closed"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"killed by {name}"
    return f"exit code {code}"


class Pool:
    """``workers`` worker processes running ``func(job, args)`` for each submitted ``args``."""

    def __init__(self, func: Callable[[Any, Any], Any], job: Any, workers: int,
                 error: Callable[..., Exception]) -> None:
        """``error(message, worker_traceback=...)`` builds the exception ``result`` raises.
        ``func`` and ``job`` must pickle (by reference for functions and classes: the workers
        import their modules, with this process's ``sys.path``)."""
        self._error = error
        payload = pickle.dumps((func, job), pickle.HIGHEST_PROTOCOL)
        path = pickle.dumps(list(sys.path))
        env = dict(os.environ)
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env["PYTHONPATH"] = os.pathsep.join([here] + [p for p in
                                                      env.get("PYTHONPATH", "").split(os.pathsep)
                                                      if p])
        self.workers = workers
        self._events: queue.Queue = queue.Queue()
        self._procs: list[subprocess.Popen] = []
        self._busy: list[int | None] = []   # the task each worker runs
        self._alive: list[bool] = []
        self._why: list[str] = []           # a worker's own report of why it could not start
        self._pending: deque[tuple[int, bytes]] = deque()
        self._done: dict[int, tuple] = {}
        self._next = 0
        try:
            for w in range(workers):
                p = subprocess.Popen([sys.executable, "-m", "cardcore._worker"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
                self._procs.append(p)
                self._busy.append(None)
                self._alive.append(True)
                self._why.append("")
                threading.Thread(target=self._listen, args=(w, p), daemon=True).start()
                if self._send(w, path):
                    self._send(w, payload)
        except BaseException:
            self.abort()
            raise

    # -------------------------------------------------------------- plumbing
    def _listen(self, w: int, p: subprocess.Popen) -> None:
        assert p.stdout is not None
        while True:
            try:
                frame = _read(p.stdout)
            except (OSError, ValueError):
                frame = None
            if frame is None:
                with contextlib.suppress(Exception):
                    p.stdout.close()
                self._events.put((w, None))
                return
            self._events.put((w, frame))

    def _send(self, w: int, data: bytes) -> bool:
        stdin = self._procs[w].stdin
        try:
            assert stdin is not None
            _write(stdin, data)
            return True
        except (OSError, ValueError):       # it ended: its output closing says how
            return False

    def _dispatch(self) -> None:
        for w in range(len(self._procs)):
            if not self._pending:
                return
            if self._alive[w] and self._busy[w] is None:
                task, frame = self._pending.popleft()
                self._busy[w] = task
                self._send(w, frame)

    def _handle(self, w: int, frame: bytes | None) -> None:
        if frame is None:
            self._ended(w)
            return
        try:
            msg = pickle.loads(frame)
        except Exception as exc:  # noqa: BLE001 - e.g. a result class that cannot be imported
            task = self._busy[w]
            if task is not None:
                self._done[task] = ("error", f"its result cannot be read here: "
                                             f"{type(exc).__name__}: {exc}", "")
            self._busy[w] = None
            return
        task, status = msg[0], msg[1]
        if task is None:                    # it could not start
            self._why[w] = msg[2]
            self._done.setdefault(-1, ("error", f"worker processes cannot start: {msg[2]}",
                                       msg[3]))
            return
        self._busy[w] = None
        self._done[task] = ("ok", msg[2]) if status == "ok" else ("error", msg[2], msg[3])

    def _ended(self, w: int) -> None:
        p = self._procs[w]
        self._alive[w] = False
        try:
            code = p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            code = None
        task = self._busy[w]
        self._busy[w] = None
        if task is not None:
            if self._why[w]:
                self._done[task] = ("error", f"worker processes cannot start: {self._why[w]}",
                                    "")
            else:
                self._done[task] = ("error", f"a worker process ended ({_how_it_ended(code)}) "
                                             "while it played", "")
        if not any(self._alive):
            why = self._why[w] and f"worker processes cannot start: {self._why[w]}"
            while self._pending:
                task, _ = self._pending.popleft()
                self._done[task] = ("error", why or "no worker process is left "
                                    f"(the last one ended: {_how_it_ended(code)})", "")

    def _pump(self, timeout: float | None) -> bool:
        """Handle one event (waiting up to ``timeout``); False when none came."""
        try:
            w, frame = self._events.get(timeout=timeout)
        except queue.Empty:
            return False
        self._handle(w, frame)
        while True:                          # and every other one already there
            try:
                w, frame = self._events.get_nowait()
            except queue.Empty:
                break
            self._handle(w, frame)
        self._dispatch()
        return True

    # -------------------------------------------------------------- the interface
    @property
    def capacity(self) -> int:
        return self.workers

    def submit(self, args: Any) -> int:
        task = self._next
        self._next += 1
        frame = pickle.dumps((task, args), pickle.HIGHEST_PROTOCOL)
        if not any(self._alive):
            self._done[task] = ("error", "no worker process is left", "")
        else:
            self._pending.append((task, frame))
            self._dispatch()
        return task

    def wait(self, handles: Iterable[int], timeout: float) -> list[int]:
        import time

        wanted = list(handles)
        end = time.monotonic() + timeout
        while True:
            ready = [h for h in wanted if h in self._done]
            if ready:
                return ready
            left = end - time.monotonic()
            if left <= 0:
                return []
            self._pump(left)

    def result(self, handle: int) -> Any:
        got = self._done.pop(handle)
        if got[0] == "ok":
            return got[1]
        start = self._done.get(-1)
        if start is not None:               # a worker could not start: that is the news
            raise self._error(start[1], worker_traceback=start[2])
        raise self._error(got[1], worker_traceback=got[2])

    def abort(self, handles: Iterable[Any] = ()) -> None:
        for p in self._procs:
            with contextlib.suppress(Exception):
                p.kill()
        for p in self._procs:
            with contextlib.suppress(Exception):
                p.wait(timeout=5)
            self._close_pipes(p)

    def close(self) -> None:
        for p in self._procs:
            with contextlib.suppress(Exception):
                assert p.stdin is not None
                p.stdin.close()
        for p in self._procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
            self._close_pipes(p)

    @staticmethod
    def _close_pipes(p: subprocess.Popen) -> None:
        with contextlib.suppress(Exception):    # (its output is closed by its listener)
            if p.stdin is not None:
                p.stdin.close()


if __name__ == "__main__":
    sys.exit(main())
