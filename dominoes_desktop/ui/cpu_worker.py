"""CPU decisions off the UI thread: one QRunnable per decision, its own signals object, kept alive until done."""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from ..engine.cpu import CpuPlayer, Decision
from ..engine.view import PlayerView

log = logging.getLogger(__name__)


class CpuSignals(QObject):
    # token, Decision; or token, error text. `finished` is always emitted last.
    decided = Signal(int, object)
    failed = Signal(int, str)
    finished = Signal(int)


class CpuTask(QRunnable):
    """Asks one CPU player for one decision, given only that seat's view."""

    def __init__(self, token: int, player: CpuPlayer, view: PlayerView) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the pool owner keeps it until `finished`
        self.token = token
        self.player = player
        self.view = view
        self.signals = CpuSignals()

    def run(self) -> None:
        try:
            decision: Decision = self.player.decide(self.view)
        except Exception as exc:  # a CPU bug must not take the game down with it
            log.exception("CPU decision failed")
            self.signals.failed.emit(self.token, str(exc))
        else:
            self.signals.decided.emit(self.token, decision)
        finally:
            self.signals.finished.emit(self.token)


class CpuRunner(QObject):
    """Starts CpuTasks on a thread pool and holds them until they finish."""

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        self.pool = pool or QThreadPool.globalInstance()
        self._running: dict[int, CpuTask] = {}

    def start(self, task: CpuTask) -> None:
        self._running[task.token] = task
        task.signals.finished.connect(self._forget)
        self.pool.start(task)

    def _forget(self, token: int) -> None:
        self._running.pop(token, None)

    def wait(self, msecs: int = 30_000) -> bool:
        return self.pool.waitForDone(msecs)
