"""One pool of worker processes for every table and the coach: the desktop's games, the rooms a server hosts,
hints, and the coach's searches.

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

Besides its turns (`think`), a CPU's quick decisions are made in its worker too (`decide`: a redeal, its
side's leader, a claim or Muggins), from what its seat may see. Background work (`run`, `map`: the coach's
searches) comes last: a worker takes a job only when no CPU question waits for it and it has nothing in
hand, and the `job_workers` last workers are kept for jobs (no CPU is placed there), so with one of them a
CPU never waits behind a job. Low-priority jobs (`run(..., low=True)`: the skill rating's judge, issue 33) come
after every other job, one at a time in the whole pool, and only on a worker kept for jobs when the pool keeps
any: the coach always finds a lane free, and a CPU's worker never holds one. Workers kept for jobs run at a
lower operating-system priority (`JOB_WORKER_NICENESS`): on a busy machine the window's frames and the CPUs' turns
get the cores first, and the coach and the judge take what is left.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, NamedTuple, TypeVar

from ..engine.cpu import choose_leader, make_player, wants_redeal
from ..engine.cpu.players import CpuPlayer, Decision
from ..engine.cpu.worker import Answer, Ask, Forget, PlayerKey, answer
from ..engine.moves import Move
from ..engine.tiles import Tile
from ..engine.view import PlayerView

log = logging.getLogger(__name__)

__all__ = [
    "ChooseLead",
    "ClaimNow",
    "CpuError",
    "CpuPool",
    "CpuPoolClosed",
    "CpuWorkerDied",
    "PlayerKey",
    "Redeal",
    "default_workers",
    "end_with_parent",
]

T = TypeVar("T")
R = TypeVar("R")


class CpuError(RuntimeError):
    """The CPU could not decide (a fault in the CPU code, reported by its worker)."""


class CpuWorkerDied(CpuError):
    """The worker process ended before it answered."""


class CpuPoolClosed(CpuError):
    """The pool was closed before the answer came."""


def default_workers(most: int = 2) -> int:
    """A server's pool: min(most, CPUs of this machine), at least 1."""
    return max(1, min(most, os.cpu_count() or 1))


class ChooseLead(NamedTuple):
    """Which partner of a CPU side leads: each partner's own tiles, as partners at a table tell each other."""

    hands: dict[int, tuple[Tile, ...]]


class Redeal(NamedTuple):
    """Whether the CPU asks for the table to be dealt again, from its own tiles."""

    tiles: tuple[Tile, ...]
    doubles_needed: int


class ClaimNow(NamedTuple):
    """The claim or Muggins call the CPU makes now, if any (None: it lets the points go), from its seat's view."""

    view: PlayerView


Question = ChooseLead | Redeal | ClaimNow


class Quick(NamedTuple):
    """A CPU's quick decision, asked of the CPU `player` (kept in its worker, as its turns are)."""

    request: int
    player: PlayerKey
    question: Question


class Job(NamedTuple):
    """Background work: `function(argument)` in a worker (both picklable: a module's function, plain data)."""

    request: int
    function: Callable[[Any], Any]
    argument: Any


class Done(NamedTuple):
    """The answer to a Quick or a Job: its value, or why it failed."""

    request: int
    value: Any
    error: str  # empty when it worked


_Item = Ask | Quick | Job | Forget | None
_CPU_ITEMS = (Ask, Quick)


def quick_answer(player: CpuPlayer, question: Question) -> Any:
    """A CPU's quick decision: the leading seat, whether it asks for a redeal, or its claim (None: none)."""
    if isinstance(question, ChooseLead):
        return choose_leader(question.hands)
    if isinstance(question, Redeal):
        return wants_redeal(question.tiles, question.doubles_needed)
    claim: Move | None = player.claim(question.view)
    return claim


def _answer_item(players: dict[PlayerKey, CpuPlayer], item: Ask | Quick | Job) -> Answer | Done:
    if isinstance(item, Ask):
        return answer(players, item)
    try:
        if isinstance(item, Quick):
            key = item.player
            player = players.get(key) or players.setdefault(key, make_player(key[2], key[3]))
            return Done(item.request, quick_answer(player, item.question), "")
        return Done(item.request, item.function(item.argument), "")
    except Exception as exc:  # a fault in the work must not end the worker
        return Done(item.request, None, f"{type(exc).__name__}: {exc}")


def serve(conn: Connection) -> None:
    """A worker's loop: answer each CPU question and job until the pipe closes or None arrives."""
    players: dict[PlayerKey, CpuPlayer] = {}
    while True:
        try:
            item = conn.recv()
        except (EOFError, OSError):
            return
        if item is None:
            return
        if isinstance(item, Forget):
            for key in [key for key in players if key[0] == item.owner]:
                del players[key]
            continue
        try:
            conn.send(_answer_item(players, item))
        except (EOFError, OSError):
            return


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


# What a terminal or a desktop session sends the whole process group (Ctrl+C, the terminal closed, a logout):
# the program that owns the pool decides how to end, and its workers end with their pipe, never on their own
# in the middle of a question (a worker killed by it would print a traceback, fail its requests, and send the
# coach to judge in the window's process while the game closes).
_GROUP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGHUP", "SIGTERM") if hasattr(signal, name))


# How much a worker kept for jobs yields to the program and its CPUs' workers (POSIX nice steps; on Windows,
# the "below normal" priority class).
JOB_WORKER_NICENESS = 5


def lower_this_process_priority() -> None:
    """Run this process below normal priority; where the system refuses, it runs as it was."""
    try:
        if sys.platform == "win32":
            import ctypes

            below_normal_priority_class = 0x4000
            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), below_normal_priority_class)
        elif hasattr(os, "nice"):
            os.nice(JOB_WORKER_NICENESS)
    except OSError:
        pass


def _serve_until_parent_ends(conn: Connection, kept_for_jobs: bool = False) -> None:
    """A worker's life: `serve`, ended with its parent even in the middle of a search; deaf to the group's
    signals (they were blocked from before the process began, see `_Worker._write`: now ignored, then let in).
    A worker kept for jobs yields the machine to the window and the CPUs' workers."""
    if kept_for_jobs:
        lower_this_process_priority()
    for number in _GROUP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _GROUP_SIGNALS)
    end_with_parent()
    serve(conn)


class _Worker:
    """One process, a writer thread that starts it and feeds its pipe, and a reader thread that resolves
    the futures of its answers. All its bookkeeping is under the shared state's lock: the writer sends the
    CPU questions queued for this worker first, and a job only when it has nothing else in hand."""

    def __init__(self, shared: _Shared, index: int) -> None:
        self.shared = shared
        self.index = index
        self.queue: deque[_Item] = deque()  # CPU questions, forget and stop: in order, before any job
        self.pending: dict[int, Future[Any]] = {}  # sent, or queued here, and not yet answered
        self.in_hand = 0  # sent and not yet answered
        self.kept_for_jobs = index >= len(shared.slots) - shared.job_workers
        self.dead = False
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None
        self.writer = threading.Thread(target=self._write, name=f"cpu-pool-writer-{index}", daemon=True)
        self.writer.start()

    def _write(self) -> None:
        # The process starts here, not in `think`: the caller's thread (a UI, an event loop) never waits on it.
        if hasattr(signal, "pthread_sigmask"):
            # Blocked on this thread, and so in the process it starts (a signal mask outlives exec): a Ctrl+C
            # while the worker is still importing cannot interrupt it before it ignores the group's signals.
            # The program's own thread still gets them.
            signal.pthread_sigmask(signal.SIG_BLOCK, _GROUP_SIGNALS)
        try:
            context = multiprocessing.get_context("spawn")
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_serve_until_parent_ends,
                args=(theirs, self.kept_for_jobs),
                name=f"dominoes-cpu-{self.index}",
                daemon=True,
            )
            process.start()
            theirs.close()
        except Exception as exc:
            self.shared.died(self, f"the CPU worker could not start: {exc}")
            return
        self.conn, self.process = ours, process
        threading.Thread(target=self._read, args=(ours,), name=f"cpu-pool-reader-{self.index}", daemon=True).start()
        while True:
            item = self._next()
            try:
                ours.send(item)
            except (OSError, ValueError, EOFError) as exc:  # the pipe is gone: the reader reports the death
                if item is not None:
                    self.shared.died(self, f"the CPU worker is gone: {exc}")
                return
            except Exception as exc:  # this one request could not be sent (pickling): fail it alone
                if isinstance(item, Ask | Quick | Job):
                    self.shared.resolve(self, Done(item.request, None, f"{type(exc).__name__}: {exc}"))
                continue
            if item is None:
                return

    def _next(self) -> _Item:
        """What to send next: a queued CPU question (or forget, or stop) first; a job only with nothing in hand."""
        shared = self.shared
        with shared.lock:
            while True:
                if self.queue:
                    item = self.queue.popleft()
                    break
                if self.dead:
                    return None
                if self.in_hand == 0 and shared.jobs and self._takes_jobs():
                    job, future = shared.jobs.popleft()
                    if not shared.take(future):
                        continue
                    self.pending[job.request] = future
                    item = job
                    break
                if self.in_hand == 0 and not shared.jobs and shared.low_jobs and self._takes_low_jobs():
                    job, future = shared.low_jobs.popleft()
                    if not shared.take(future):
                        continue
                    self.pending[job.request] = future
                    shared.low_running.add(job.request)
                    item = job
                    break
                shared.lock.wait()
            if isinstance(item, Ask | Quick | Job):
                self.in_hand += 1
            return item

    def _takes_jobs(self) -> bool:
        """A worker kept for jobs takes them; a CPU's worker only while no CPU is placed on it, or when the
        pool keeps no worker for jobs (then a CPU may wait for the job in hand, never for one queued)."""
        shared = self.shared
        return self.kept_for_jobs or not shared.job_workers or self.index not in shared.assigned.values()

    def _takes_low_jobs(self) -> bool:
        """A low-priority job: one at a time in the pool, and on a worker kept for jobs when there are any."""
        shared = self.shared
        if shared.low_running:
            return False
        return self.kept_for_jobs if shared.job_workers else self._takes_jobs()

    def _read(self, conn: Connection) -> None:
        while True:
            try:
                answer = conn.recv()
            except (EOFError, OSError):
                break
            except Exception as exc:  # an unreadable answer: the pipe can no longer be trusted
                log.error("CPU worker %d sent something unreadable: %s", self.index, exc)
                break
            if isinstance(answer, Answer | Done):
                self.shared.resolve(self, answer)
        process = self.process
        code = None
        if process is not None:
            process.join(1.0)
            code = process.exitcode
        self.shared.died(self, f"the CPU worker process ended (exit code {code})")

    def put(self, item: _Item) -> None:
        """Queue for the writer (under the shared lock)."""
        self.queue.append(item)
        self.shared.lock.notify_all()

    def stop(self, timeout_s: float) -> None:
        """Ask the process to end, wait for it, and end it if it will not (SIGKILL: it ignores SIGTERM)."""
        with self.shared.lock:
            self.put(None)
        self.writer.join(timeout_s)
        process = self.process
        if process is not None:
            process.join(timeout_s)
            if process.is_alive():
                process.kill()
            # A killed process always ends, but on a loaded machine the system may take seconds to reap it; polled,
            # not one long join: the reader thread may reap it first, and a join that loses that race returns at once.
            deadline = time.monotonic() + 30.0
            while process.is_alive() and time.monotonic() < deadline:
                process.join(0.5)
        if self.conn is not None:
            self.conn.close()


class _Shared:
    """The pool's state, apart from the pool object so that collecting the pool can stop the workers."""

    def __init__(self, workers: int, job_workers: int = 0) -> None:
        self.lock = threading.Condition()
        self.slots: list[_Worker | None] = [None] * workers
        self.job_workers = job_workers
        self.jobs: deque[tuple[Job, Future[Any]]] = deque()  # waiting for a worker with nothing in hand
        self.low_jobs: deque[tuple[Job, Future[Any]]] = deque()  # waiting for no job to wait, and no low job to run
        self.low_running: set[int] = set()  # the low job in a worker (its request), if any
        self.assigned: dict[PlayerKey, int] = {}
        self.outstanding = 0
        self.closed = False
        self.requests = itertools.count(1)

    def submit(self, player: PlayerKey | None, make: Callable[[int], Ask | Quick]) -> Future[Any]:
        """A CPU question (`make` numbers it) for `player`'s worker, or a one-off search's."""
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()  # a running future cannot be cancelled: its answer always lands
        with self.lock:
            if self.closed:
                future.set_exception(CpuPoolClosed("the CPU pool is closed"))
                return future
            slot = self._slot(player)
            worker = self._worker(slot)
            request = next(self.requests)
            worker.pending[request] = future
            self.outstanding += 1
            worker.put(make(request))
        return future

    def submit_job(self, function: Callable[[Any], Any], argument: Any, low: bool = False) -> Future[Any]:
        """A job's future stays pending until a worker takes it: `future.cancel()` drops a job not yet begun."""
        future: Future[Any] = Future()
        with self.lock:
            if self.closed:
                future.set_running_or_notify_cancel()
                future.set_exception(CpuPoolClosed("the CPU pool is closed"))
                return future
            waiting = self.low_jobs if low else self.jobs
            entry = (Job(next(self.requests), function, argument), future)
            waiting.append(entry)
            self.outstanding += 1

            def dropped(done: Future[Any]) -> None:
                if done.cancelled():
                    self._drop(waiting, entry)

            future.add_done_callback(dropped)
            for slot in range(len(self.slots) - self.job_workers, len(self.slots)):
                self._worker(slot)  # the workers kept for jobs; a CPU's worker is started by its CPUs
            if not self.job_workers:
                self._worker(0)
            self.lock.notify_all()
        return future

    def take(self, future: Future[Any]) -> bool:
        """A worker takes a job it popped (under the lock): False if the job was cancelled (counted done here)."""
        if future.set_running_or_notify_cancel():
            return True
        self.outstanding -= 1
        self.lock.notify_all()
        return False

    def _drop(self, waiting: deque[tuple[Job, Future[Any]]], entry: tuple[Job, Future[Any]]) -> None:
        """A job cancelled before a worker took it leaves its queue (whoever removes a job counts it done)."""
        with self.lock:
            try:
                waiting.remove(entry)
            except ValueError:
                return  # a worker, `cancel_jobs` or `close` removed it first, and counted it
            self.outstanding -= 1
            self.lock.notify_all()

    @staticmethod
    def fail_waiting(future: Future[Any], error: CpuError) -> None:
        """Fail a job no worker took (the pool closes, the jobs are cancelled), unless it was cancelled."""
        if future.set_running_or_notify_cancel():
            future.set_exception(error)

    def _worker(self, slot: int) -> _Worker:
        worker = self.slots[slot]
        if worker is None or worker.dead:
            worker = self.slots[slot] = _Worker(self, slot)
        return worker

    def _slot(self, player: PlayerKey | None) -> int:
        """The worker for a request: a player's own (chosen once, where fewest players are), or for a one-off
        search the worker with the fewest requests waiting; never one kept for jobs."""
        cpu_slots = range(max(1, len(self.slots) - self.job_workers))
        if player is not None:
            slot = self.assigned.get(player)
            if slot is None:
                counts = [0] * len(self.slots)
                for taken in self.assigned.values():
                    counts[taken] += 1
                slot = self.assigned[player] = min(cpu_slots, key=lambda i: (counts[i], i))
            return slot

        def load(i: int) -> int:
            worker = self.slots[i]
            return len(worker.pending) if worker is not None and not worker.dead else 0

        return min(cpu_slots, key=lambda i: (load(i), i))

    def resolve(self, worker: _Worker, answer: Answer | Done) -> None:
        with self.lock:
            future = worker.pending.pop(answer.request, None)
            self.low_running.discard(answer.request)
            if future is not None:
                worker.in_hand = max(0, worker.in_hand - 1)
                self.lock.notify_all()  # the writer may send a job now
        if future is None:
            return
        if isinstance(answer, Done):
            if answer.error:
                future.set_exception(CpuError(answer.error))
            else:
                future.set_result(answer.value)
        elif answer.decision is None:
            future.set_exception(CpuError(answer.error or "the CPU gave no decision"))
        else:
            future.set_result(answer.decision)
        self._answered(1)

    def died(self, worker: _Worker, why: str) -> None:
        with self.lock:
            if worker.dead:
                return
            worker.dead = True
            self.low_running.difference_update(worker.pending)
            futures = list(worker.pending.values())
            worker.pending.clear()
            worker.in_hand = 0
            worker.queue.clear()
            closed = self.closed
            waiting: list[Future[Any]] = []
            if closed:
                waiting = [future for _, future in (*self.jobs, *self.low_jobs)]
                self.jobs.clear()
                self.low_jobs.clear()
            self.lock.notify_all()  # the writer, if it still waits for work, stops
        if futures and not closed:
            log.error("%s; %d decision(s) failed", why, len(futures))
        for future in futures:
            future.set_exception(CpuPoolClosed(why) if closed else CpuWorkerDied(why))
        for future in waiting:
            self.fail_waiting(future, CpuPoolClosed(why))
        self._answered(len(futures) + len(waiting))

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
                    worker.put(Forget(owner))

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
            jobs = [future for _, future in (*self.jobs, *self.low_jobs)]
            self.jobs.clear()
            self.low_jobs.clear()
            for worker in workers:
                worker.put(None)
        for future in jobs:
            self.fail_waiting(future, CpuPoolClosed("the CPU pool was closed"))
        self._answered(len(jobs))
        for worker in workers:
            worker.stop(timeout_s)
            self.died(worker, "the CPU pool was closed")


class CpuPool:
    """CPU decisions in `workers` processes (see the module's doc)."""

    def __init__(self, workers: int = 1, job_workers: int = 0) -> None:
        if workers < 1:
            raise ValueError("a CPU pool needs at least one worker")
        if not 0 <= job_workers < workers:
            raise ValueError("a pool keeps at least one worker for CPUs: job_workers must be below workers")
        self.workers = workers
        self._shared = _Shared(workers, job_workers)
        # Closed when collected or at the interpreter's exit, whichever comes first: the workers never
        # outlive this process (they are daemons too, and end when their pipe closes).
        self._finalizer = weakref.finalize(self, self._shared.close)

    def start(self) -> None:
        """Start the CPUs' workers now rather than at their first request (starting a process takes a moment);
        a worker kept for jobs starts with the first job."""
        shared = self._shared
        with shared.lock:
            if shared.closed:
                return
            for slot in range(len(shared.slots) - shared.job_workers):
                shared._worker(slot)

    def think(self, player: PlayerKey | None, view: PlayerView, movetime_ms: float | None = None) -> Future[Decision]:
        """The move for `view`'s seat by the CPU `player` (owner id, seat, level, seed), or by a one-off hard
        search when None. Never blocks; the future fails with CpuError if the CPU cannot answer."""
        return self._shared.submit(player, lambda request: Ask(request, player, movetime_ms, view))

    def decide(self, player: PlayerKey, question: Question) -> Future[Any]:
        """A CPU's quick decision (see `quick_answer`), made by the CPU `player` in its worker, before any job."""
        return self._shared.submit(player, lambda request: Quick(request, player, question))

    def run(self, function: Callable[[T], R], argument: T, *, low: bool = False) -> Future[R]:
        """Background work, after every CPU question: `function(argument)` in a worker (both picklable). `low`:
        after every other job too, one at a time (see the module's doc). Until a worker takes it, the job can be
        dropped with the future's `cancel()`."""
        return self._shared.submit_job(function, argument, low)

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Sequence[R]:
        """`function` over `items` in the workers, as jobs; blocks until all are done (never on a UI thread).
        Raises the first failure (CpuError when the pool is closed or a worker died)."""
        futures = [self.run(function, item) for item in items]
        return [future.result() for future in futures]

    def cancel_jobs(self) -> int:
        """Fail the jobs that no worker has begun (the program is closing); how many."""
        with self._shared.lock:
            waiting = [future for _, future in (*self._shared.jobs, *self._shared.low_jobs)]
            self._shared.jobs.clear()
            self._shared.low_jobs.clear()
        for future in waiting:
            self._shared.fail_waiting(future, CpuPoolClosed("the work was cancelled"))
        self._shared._answered(len(waiting))
        return len(waiting)

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
