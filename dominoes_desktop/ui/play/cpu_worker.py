"""CPU decisions off the UI thread: a thin Qt adapter over session.cpu_pool, so that a thinking CPU never
competes with the window for Python's interpreter lock. The pool's reader thread resolves each answer's
future; the answer reaches the UI thread through the program's relay (ui/shell/ui_thread.py), never as a signal
of the runner's own: the window that asked may be gone by then.

The program has one pool (`desktop_pool`): the CPUs' turns and quick decisions, hints, and the coach's
searches share its workers, CPU questions first."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from concurrent.futures import Future

from PySide6.QtCore import QObject

from ...engine.cpu import Decision
from ...engine.view import PlayerView
from ...session.cpu_pool import CpuPool
from ..shell.ui_thread import poster

log = logging.getLogger(__name__)

Done = Callable[[int, Decision], None]
Failed = Callable[[int, str], None]

_owners = itertools.count(1)
_DESKTOP: list[CpuPool] = []  # the program's one pool, once made or given
_GIVEN: list[CpuPool] = []  # the pool a caller gave, if it is the program's: its closing is the caller's
COACH_WORKERS = 2  # the coach shares its searches over two lanes (engine/analysis/coach.py's LANES)


def desktop_pool(given: CpuPool | None = None) -> CpuPool:
    """The program's one pool of worker processes: `given` (a test's, a window's) becomes it; otherwise the
    one made on first use: one worker for the CPUs, started with the game, and two kept for the coach's two
    lanes, started with its first verdict (as many processes as the CPU worker and the coach's own pool were
    before), so that a CPU's turn never waits behind the coach's searches."""
    if given is not None:
        _DESKTOP[:] = _GIVEN[:] = [given]
        return given
    if not _DESKTOP or _DESKTOP[0].closed:
        _DESKTOP[:] = [CpuPool(workers=1 + COACH_WORKERS, job_workers=COACH_WORKERS)]
        _GIVEN.clear()
    return _DESKTOP[0]


def desktop_pool_if_made() -> CpuPool | None:
    """The program's pool if there is one open (nothing is started for asking)."""
    return _DESKTOP[0] if _DESKTOP and not _DESKTOP[0].closed else None


class CpuRunner(QObject):
    """Asks the CPU pool for decisions; calls back on the UI thread with the caller's token. Without a
    `pool` of the caller's choosing it uses the program's one pool (`desktop_pool`), started by `start` or
    at the first question, and closes it when stopped (the program is ending)."""

    def __init__(self, parent: QObject | None = None, pool: CpuPool | None = None) -> None:
        super().__init__(parent)
        self._own_pool = pool is None
        self._pool = pool
        self.owner = f"window-{next(_owners)}"  # this runner's CPUs in the pool, apart from any other's
        self._requests = itertools.count(1)
        self._waiting: dict[int, tuple[int, Done, Failed]] = {}
        self._post = poster(self)  # the pool's answers, carried to the UI thread while this runner lives

    @property
    def pool(self) -> CpuPool:
        if self._pool is None or (self._own_pool and self._pool.closed):
            self._pool = desktop_pool()
        else:
            desktop_pool(self._pool)  # the caller's pool is the program's: the coach thinks there too
        return self._pool

    def start(self) -> None:
        """Start the worker now rather than at the first CPU turn: starting a process takes a moment."""
        self.pool.start()

    def ask(
        self,
        token: int,
        view: PlayerView,
        player: tuple[int, str, int] | None,
        movetime_ms: float | None,
        done: Done,
        failed: Failed,
    ) -> None:
        """Ask for the move of `view`'s seat by the CPU `player` (seat, level, seed), kept in the worker
        between questions; None asks a one-off hard search."""
        request = next(self._requests)
        self._waiting[request] = (token, done, failed)
        key = None if player is None else (self.owner, *player)
        future = self.pool.think(key, view, movetime_ms)
        future.add_done_callback(lambda answered: self._post(lambda: self._answer(request, answered)))

    def _answer(self, request: int, future: Future[Decision]) -> None:
        waiting = self._waiting.pop(request, None)
        if waiting is None:
            return
        token, done, failed = waiting
        error = future.exception()
        if error is not None:
            log.error("CPU decision failed: %s", error)
            failed(token, str(error))
        else:
            done(token, future.result())

    def wait(self, msecs: int = 30_000) -> bool:
        """Wait until the pool has answered everything asked (tests, benchmarks)."""
        return self._pool is None or self._pool.wait_idle(msecs / 1000.0)

    def stop(self) -> None:
        """Stop the program's pool if this runner's own made it (the program is ending), or drop this runner's
        CPUs from a pool someone else gave (they close it)."""
        self._waiting.clear()
        if self._pool is None:
            return
        if self._own_pool and not any(self._pool is given for given in _GIVEN):
            self._pool.close()
        else:
            self._pool.forget(self.owner)
