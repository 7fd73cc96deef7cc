"""One pool of CPU worker processes for every table: the desktop's games, the rooms a server hosts, hints.

A CPU that searches never holds the caller's interpreter lock: each decision is made in a worker process
(engine.cpu.worker.serve), started lazily with the "spawn" context (never fork: the caller may run Qt or
asyncio threads). Pure Python: no Qt, no asyncio.

    pool = CpuPool(workers=2)
    future = pool.think(("room K7Q-2MX", 2, "expert", 1234), view)   # concurrent.futures.Future[Decision]
    decision = future.result()                                       # or asyncio.wrap_future(future)

A `player` key (owner id, seat, level, seed) names a CPU kept between requests; every request for one key
goes to the same worker, so a seeded CPU decides as it would in-process. None asks a one-off hard search.
Futures are resolved on the pool's reader threads: callers marshal them onto their own loop. A worker that
dies fails its outstanding futures with CpuWorkerDied, and the next request starts a new one.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import queue
import threading
import time
import weakref
from concurrent.futures import Future
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from ..engine.cpu.players import Decision
from ..engine.cpu.worker import Answer, Ask, Forget, PlayerKey, serve
from ..engine.view import PlayerView

log = logging.getLogger(__name__)

__all__ = [
    "CpuError",
    "CpuPool",
    "CpuPoolClosed",
    "CpuWorkerDied",
    "PlayerKey",
    "default_workers",
    "end_with_parent",
]


class CpuError(RuntimeError):
    """The CPU could not decide (a fault in the CPU code, reported by its worker)."""


class CpuWorkerDied(CpuError):
    """The worker process ended before it answered."""


class CpuPoolClosed(CpuError):
    """The pool was closed before the answer came."""


def default_workers(most: int = 2) -> int:
    """A server's pool: min(most, CPUs of this machine), at least 1."""
    return max(1, min(most, os.cpu_count() or 1))


_Item = Ask | Forget | None


def end_with_parent() -> None:
    """In a worker process (multiprocessing's spawn): end this process as soon as the process that started it
    is gone, however it went (killed, crashed, or left with os._exit): a worker that waits on a queue its
    dead parent shared, or is deep in a search, would otherwise run on as an orphan. The parent's sentinel
    is a pipe the parent holds open while it lives, so no polling is needed. Use as a pool's initializer."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()  # returns when the parent's end of the sentinel pipe closes
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def _serve_until_parent_ends(conn: Connection) -> None:
    """A CPU worker's life: engine.cpu.worker.serve, ended with its parent even in the middle of a search."""
    end_with_parent()
    serve(conn)


class _Worker:
    """One process, a writer thread that starts it and feeds its pipe, and a reader thread that resolves
    the futures of its answers. All its bookkeeping is under the shared state's lock."""

    def __init__(self, shared: _Shared, index: int) -> None:
        self.shared = shared
        self.index = index
        self.queue: queue.SimpleQueue[_Item] = queue.SimpleQueue()
        self.pending: dict[int, Future[Decision]] = {}
        self.dead = False
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None
        self.writer = threading.Thread(target=self._write, name=f"cpu-pool-writer-{index}", daemon=True)
        self.writer.start()

    def _write(self) -> None:
        # The process starts here, not in `think`: the caller's thread (a UI, an event loop) never waits on it.
        try:
            context = multiprocessing.get_context("spawn")
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_serve_until_parent_ends, args=(theirs,), name=f"dominoes-cpu-{self.index}", daemon=True
            )
            process.start()
            theirs.close()
        except Exception as exc:
            self.shared.died(self, f"the CPU worker could not start: {exc}")
            return
        self.conn, self.process = ours, process
        threading.Thread(target=self._read, args=(ours,), name=f"cpu-pool-reader-{self.index}", daemon=True).start()
        while True:
            item = self.queue.get()
            try:
                ours.send(item)
            except (OSError, ValueError, EOFError) as exc:  # the pipe is gone: the reader reports the death
                if item is not None:
                    self.shared.died(self, f"the CPU worker is gone: {exc}")
                return
            except Exception as exc:  # this one request could not be sent (pickling): fail it alone
                if isinstance(item, Ask):
                    self.shared.resolve(self, Answer(item.request, None, f"{type(exc).__name__}: {exc}"))
                continue
            if item is None:
                return

    def _read(self, conn: Connection) -> None:
        while True:
            try:
                answer = conn.recv()
            except (EOFError, OSError):
                break
            except Exception as exc:  # an unreadable answer: the pipe can no longer be trusted
                log.error("CPU worker %d sent something unreadable: %s", self.index, exc)
                break
            if isinstance(answer, Answer):
                self.shared.resolve(self, answer)
        process = self.process
        code = None
        if process is not None:
            process.join(1.0)
            code = process.exitcode
        self.shared.died(self, f"the CPU worker process ended (exit code {code})")

    def stop(self, timeout_s: float) -> None:
        """Ask the process to end, wait for it, and end it if it will not."""
        self.queue.put(None)
        self.writer.join(timeout_s)
        process = self.process
        if process is not None:
            process.join(timeout_s)
            if process.is_alive():
                process.terminate()
                process.join(1.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)
        if self.conn is not None:
            self.conn.close()


class _Shared:
    """The pool's state, apart from the pool object so that collecting the pool can stop the workers."""

    def __init__(self, workers: int) -> None:
        self.lock = threading.Condition()
        self.slots: list[_Worker | None] = [None] * workers
        self.assigned: dict[PlayerKey, int] = {}
        self.outstanding = 0
        self.closed = False
        self.requests = itertools.count(1)

    def submit(self, player: PlayerKey | None, view: PlayerView, movetime_ms: float | None) -> Future[Decision]:
        future: Future[Decision] = Future()
        future.set_running_or_notify_cancel()  # a running future cannot be cancelled: its answer always lands
        with self.lock:
            if self.closed:
                future.set_exception(CpuPoolClosed("the CPU pool is closed"))
                return future
            slot = self._slot(player)
            worker = self.slots[slot]
            if worker is None or worker.dead:
                worker = self.slots[slot] = _Worker(self, slot)
            request = next(self.requests)
            worker.pending[request] = future
            self.outstanding += 1
            worker.queue.put(Ask(request, player, movetime_ms, view))
        return future

    def _slot(self, player: PlayerKey | None) -> int:
        """The worker for a request: a player's own (chosen once, where fewest players are), or for a one-off
        search the worker with the fewest requests waiting."""
        if player is not None:
            slot = self.assigned.get(player)
            if slot is None:
                counts = [0] * len(self.slots)
                for taken in self.assigned.values():
                    counts[taken] += 1
                slot = self.assigned[player] = min(range(len(self.slots)), key=lambda i: (counts[i], i))
            return slot

        def load(i: int) -> int:
            worker = self.slots[i]
            return len(worker.pending) if worker is not None and not worker.dead else 0

        return min(range(len(self.slots)), key=lambda i: (load(i), i))

    def resolve(self, worker: _Worker, answer: Answer) -> None:
        with self.lock:
            future = worker.pending.pop(answer.request, None)
        if future is None:
            return
        if answer.decision is None:
            future.set_exception(CpuError(answer.error or "the CPU gave no decision"))
        else:
            future.set_result(answer.decision)
        self._answered(1)

    def died(self, worker: _Worker, why: str) -> None:
        with self.lock:
            if worker.dead:
                return
            worker.dead = True
            futures = list(worker.pending.values())
            worker.pending.clear()
            closed = self.closed
        worker.queue.put(None)  # the writer, if it still waits for work, stops
        if futures and not closed:
            log.error("%s; %d decision(s) failed", why, len(futures))
        for future in futures:
            future.set_exception(CpuPoolClosed(why) if closed else CpuWorkerDied(why))
        self._answered(len(futures))

    def _answered(self, count: int) -> None:
        if count:
            with self.lock:
                self.outstanding -= count
                if self.outstanding <= 0:
                    self.lock.notify_all()

    def forget(self, owner: str) -> None:
        with self.lock:
            for key in [key for key in self.assigned if key[0] == owner]:
                del self.assigned[key]
            for worker in self.slots:
                if worker is not None and not worker.dead:
                    worker.queue.put(Forget(owner))

    def wait_idle(self, timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        with self.lock:
            while self.outstanding > 0:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.lock.wait(left)
            return True

    def close(self, timeout_s: float = 2.0) -> None:
        with self.lock:
            if self.closed:
                return
            self.closed = True
            workers = [w for w in self.slots if w is not None]
        for worker in workers:
            worker.queue.put(None)
        for worker in workers:
            worker.stop(timeout_s)
            self.died(worker, "the CPU pool was closed")


class CpuPool:
    """CPU decisions in `workers` processes (see the module's doc)."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError("a CPU pool needs at least one worker")
        self.workers = workers
        self._shared = _Shared(workers)
        # Closed when collected or at the interpreter's exit, whichever comes first: the workers never
        # outlive this process (they are daemons too, and end when their pipe closes).
        self._finalizer = weakref.finalize(self, self._shared.close)

    def start(self) -> None:
        """Start every worker now rather than at its first request (starting a process takes a moment)."""
        with self._shared.lock:
            if self._shared.closed:
                return
            for slot, worker in enumerate(self._shared.slots):
                if worker is None or worker.dead:
                    self._shared.slots[slot] = _Worker(self._shared, slot)

    def think(self, player: PlayerKey | None, view: PlayerView, movetime_ms: float | None = None) -> Future[Decision]:
        """The move for `view`'s seat by the CPU `player` (owner id, seat, level, seed), or by a one-off hard
        search when None. Never blocks; the future fails with CpuError if the CPU cannot answer."""
        return self._shared.submit(player, view, movetime_ms)

    def forget(self, owner: str) -> None:
        """Drop the CPUs of `owner` (its game or room is over): their memory, and their place in a worker."""
        self._shared.forget(owner)

    def wait_idle(self, timeout_s: float) -> bool:
        """Wait until every request asked has been answered (or failed); False if `timeout_s` ran out."""
        return self._shared.wait_idle(timeout_s)

    @property
    def closed(self) -> bool:
        return self._shared.closed

    def close(self) -> None:
        """Stop the workers and wait for them; outstanding futures fail with CpuPoolClosed. Idempotent."""
        self._finalizer()

    def __enter__(self) -> CpuPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
