"""CPU decisions off the UI thread: in a worker process, so that a thinking CPU never competes with the
window for Python's interpreter lock. One process serves every seat, hints and timeouts; a reader thread
waits on its pipe and hands each answer to the UI thread as a queued signal."""

from __future__ import annotations

import contextlib
import itertools
import logging
import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from PySide6.QtCore import QObject, Signal

from ...engine.cpu import Decision
from ...engine.cpu.worker import Answer, Ask, serve
from ...engine.view import PlayerView

log = logging.getLogger(__name__)

Done = Callable[[int, Decision], None]
Failed = Callable[[int, str], None]


class CpuRunner(QObject):
    """Asks the worker process for decisions; calls back on the UI thread with the caller's token."""

    _arrived = Signal(object)  # Answer, from the reader thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._conn: Connection | None = None
        self._process: BaseProcess | None = None
        self._requests = itertools.count(1)
        self._waiting: dict[int, tuple[int, Done, Failed]] = {}
        self._outstanding = 0  # asked and not yet answered, counted by the reader thread
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._arrived.connect(self._answer)

    def start(self) -> Connection:
        if self._conn is not None and self._process is not None and self._process.is_alive():
            return self._conn
        # Spawned, not forked: a fork of a process running Qt threads is not safe.
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(target=serve, args=(theirs,), name="dominoes-cpu", daemon=True)
        process.start()
        theirs.close()
        self._conn, self._process = ours, process
        threading.Thread(target=self._read, args=(ours,), name="dominoes-cpu-reader", daemon=True).start()
        return ours

    def _read(self, conn: Connection) -> None:
        while True:
            try:
                answer = conn.recv()
            except (EOFError, OSError):
                return
            self._arrived.emit(answer)
            with self._lock:
                self._outstanding -= 1
                if not self._outstanding:
                    self._idle.set()

    def ask(
        self,
        token: int,
        view: PlayerView,
        player: tuple[int, str, int] | None,
        movetime_ms: float | None,
        done: Done,
        failed: Failed,
    ) -> None:
        """Ask for the move of `view`'s seat by the worker's CPU `player` (None: a one-off hard search)."""
        request = next(self._requests)
        self._waiting[request] = (token, done, failed)
        with self._lock:
            self._outstanding += 1
            self._idle.clear()
        try:
            self.start().send(Ask(request, player, movetime_ms, view))
        except (OSError, ValueError) as exc:
            self._waiting.pop(request, None)
            with self._lock:
                self._outstanding -= 1
                if not self._outstanding:
                    self._idle.set()
            failed(token, str(exc))

    def _answer(self, answer: Answer) -> None:
        waiting = self._waiting.pop(answer.request, None)
        if waiting is None:
            return
        token, done, failed = waiting
        if answer.decision is None:
            log.error("CPU decision failed: %s", answer.error)
            failed(token, answer.error)
        else:
            done(token, answer.decision)

    def wait(self, msecs: int = 30_000) -> bool:
        """Wait until the worker has answered everything asked (tests, benchmarks)."""
        return self._idle.wait(msecs / 1000.0)

    def stop(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(OSError, ValueError):  # the worker may be gone already
                self._conn.send(None)
            self._conn.close()
        if self._process is not None:
            self._process.join(2)
        self._conn = self._process = None
