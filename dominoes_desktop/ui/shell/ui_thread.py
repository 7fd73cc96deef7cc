"""Calls from other threads (the CPU pool's reader threads, the store's judge) carried to the UI thread by one
relay that lives as long as the program.

A thread must never emit a signal of a window's object: the UI thread may be destroying that object at the same
moment (a closed window is deleted later, from the event loop), and a Qt object used by one thread while another
deletes it is undefined behaviour (seen as "Fatal Python error: Aborted" in a test run, once a CPU's answer or a
skill judgement outlived the window that asked for it). The relay is never deleted, so emitting on it is safe
from any thread; what it carries runs on the UI thread, and only while its owner is still alive, checked there.

    post = poster(self)            # on the UI thread, in the owner's constructor
    future.add_done_callback(lambda done: post(lambda: self._answer(done)))   # from any thread
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal

from ...session.post import Post

__all__ = ["Post", "poster"]


class _Relay(QObject):
    carried = Signal(object)  # (owner, call): emitted from any thread, run on the UI thread


def _run(carried: tuple[QObject, Callable[[], None]]) -> None:
    owner, call = carried
    if shiboken6.isValid(owner):  # on the UI thread: the owner cannot be deleted while this runs
        call()


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
        return _RELAY[0]


def poster(owner: QObject) -> Post:
    """A function any thread may call with a call to run on the UI thread, as long as `owner` is alive then
    (a call for an owner that was deleted meanwhile is dropped). Make it on the UI thread."""
    relay = _relay()

    def post(call: Callable[[], None]) -> None:
        relay.carried.emit((owner, call))

    return post
