"""Calls from other threads (the CPU pool's reader threads, the store's judge) carried to the UI thread by one
relay that lives as long as the program.

A thread must never emit a signal of a window's object: the UI thread may be destroying that object at the same
moment (a closed window is deleted later, from the event loop), and a Qt object used by one thread while another
deletes it is undefined behaviour (seen as "Fatal Python error: Aborted" in a test run, once a CPU's answer or a
skill judgement outlived the window that asked for it). The relay is never deleted, so emitting on it is safe
from any thread; what it carries runs on the UI thread, and only while its owner is still alive, checked there.

    post = poster(self)            # on the UI thread, in the owner's constructor
    future.add_done_callback(lambda done: post(lambda: self._answer(done)))   # from any thread

With the relay, Python's cyclic garbage is collected on the UI thread only (`_Collector`). Left to itself, the
collector runs on whichever thread allocates past its threshold: often the pool's reader thread, unpickling an
answer. It then freed, there, the Qt objects of a closed window that only a reference cycle still held (a table's
scene with its running animations, a controller, a label): a Qt object destroyed off its thread leaves its timers
and animations registered on the UI thread's loop, which may then touch freed memory. (Seen in session 13 while
chasing the UI suite's rare abort in test_fair_deal; that crash still came once with this in place, so it has
another cause too.)
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, QTimer, Signal

from ...session.post import Post

__all__ = ["COLLECT_EVERY_MS", "Post", "poster"]

COLLECT_EVERY_MS = 100  # how often the UI thread looks whether Python's cyclic garbage is due for collection


class _Relay(QObject):
    carried = Signal(object)  # (owner, call): emitted from any thread, run on the UI thread


def _run(carried: tuple[QObject, Callable[[], None]]) -> None:
    owner, call = carried
    if shiboken6.isValid(owner):  # on the UI thread: the owner cannot be deleted while this runs
        call()


class _Collector(QObject):
    """Python's cyclic garbage collector, run on the UI thread only: automatic collection is turned off, and a
    timer collects each generation whose count has passed the threshold it had (what the interpreter would have
    done at an allocation, on any thread). A Qt object is then always destroyed on the UI thread that owns it."""

    def __init__(self, relay: QObject) -> None:
        super().__init__(relay)  # lives as long as the relay: the program
        self.thresholds = gc.get_threshold()
        self.timer = QTimer(self)
        self.timer.setInterval(COLLECT_EVERY_MS)
        self.timer.timeout.connect(self.collect_due)

    def start(self) -> None:
        """On the UI thread: from now on, garbage is collected here only."""
        gc.disable()
        self.timer.start()

    def collect_due(self) -> None:
        counts = gc.get_count()
        due = [generation for generation in range(3) if counts[generation] > self.thresholds[generation]]
        if due:
            gc.collect(max(due))


_RELAY: list[_Relay] = []
_MAKING = threading.Lock()


def _relay() -> _Relay:
    with _MAKING:
        if not _RELAY:
            relay = _Relay()  # no parent: it lives as long as the program
            app = QCoreApplication.instance()
            if app is not None and relay.thread() is not app.thread():
                relay.moveToThread(app.thread())
            # Queued, always: the call runs on the relay's thread (the UI's), and never inside the code that
            # posted it (a future already done runs its callback at once, on the thread that asked).
            relay.carried.connect(_run, Qt.ConnectionType.QueuedConnection)
            _RELAY.append(relay)
            if app is not None and QThread.currentThread() == app.thread():
                # At once: a worker started right after (the coach's judging) could otherwise collect, on its own
                # thread, a cycle holding a window before the UI thread turned automatic collection off.
                _Collector(relay).start()
            else:
                relay.carried.emit((relay, lambda: _Collector(relay).start()))  # on the UI thread, whoever made it
        return _RELAY[0]


def poster(owner: QObject) -> Post:
    """A function any thread may call with a call to run on the UI thread, as long as `owner` is alive then
    (a call for an owner that was deleted meanwhile is dropped). Make it on the UI thread."""
    relay = _relay()

    def post(call: Callable[[], None]) -> None:
        relay.carried.emit((owner, call))

    return post
