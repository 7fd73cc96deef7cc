"""One game per data folder: a lock file, and a local socket that brings the first window forward.

Two copies of the game writing one folder would overwrite each other's autosave on every move. The first
copy holds `game.lock` (QLockFile: a lock left by a killed game is recognised by its process id and taken
over) and listens on a local socket named after the folder; a second copy finds the lock taken, asks the
first over the socket to show its window (or, started with an invite link, to open it), and leaves.

The first copy listens only once its window is on the screen (at its first paint, or a second at the latest),
while the lock is taken at once: a second copy started in that gap (a link clicked while the game starts)
finds no socket yet, or one that refuses, and tries again for a few seconds (`ANSWER_WAIT_S`) before it says
that the running game did not answer.

The socket is the standard library's (`multiprocessing.connection`: a Unix socket, or a named pipe on
Windows) rather than QtNetwork's QLocalServer: the installers leave QtNetwork out to stay small.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, Signal

log = logging.getLogger(__name__)

LOCK_NAME = "game.lock"
WAKE = b"show"
OPEN = b"open "  # followed by an invite link (UTF-8)
MAX_REQUEST = 4096  # a link is a hundred bytes or so
# How long a second copy waits for the first to listen: its start-up to the first paint (or to the timer that
# listens without one), on a busy machine, with room to spare. Only a game that hangs makes anyone wait it out.
ANSWER_WAIT_S = 5.0
RETRY_S = 0.1


def folder_key(folder: Path) -> str:
    try:
        key = str(folder.resolve())
    except OSError:
        key = str(folder.absolute())
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:20]


def socket_address(folder: Path) -> tuple[str, str]:
    """(address, family) of the folder's socket; short, since Unix socket paths stop near 100 bytes."""
    name = f"dominoes-desktop-{folder_key(folder)}"
    if sys.platform == "win32":
        return rf"\\.\pipe\{name}", "AF_PIPE"
    base = os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()
    if not os.path.isdir(base) or len(base) > 60:
        base = "/tmp"
    return os.path.join(base, f"{name}.sock"), "AF_UNIX"


class SingleInstance(QObject):
    """Hold the data folder for this process; `activated` fires (on the UI thread, for connected widget
    slots) when another copy asks for the window."""

    activated = Signal()
    opened = Signal(str)  # another copy was started with this invite link

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.address, self.family = socket_address(folder)
        self.lock = QLockFile(str(folder / LOCK_NAME))
        self.lock.setStaleLockTime(0)  # only a dead owner makes a lock stale, however long a match lasts
        self.listener: Any = None
        self.answered = False  # a second copy: the first took its request

    def acquire(self, link: str = "", listen: bool = True) -> bool:
        """True when this process may use the folder (also when the folder cannot hold a lock at all: a
        read-only folder is shared by nobody's writes). False when another copy holds it: it was asked to
        come forward (and to open `link`, an invite, if given): `answered` says whether it took the request.
        With `listen` False, the holder listens for other copies once `listen()` is called (the game: after its
        first paint)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return True
        if not self.lock.tryLock(200):
            if self.lock.error() != QLockFile.LockError.LockFailedError:
                log.warning("cannot lock %s (%s); going on without the lock", self.folder, self.lock.error())
                return True
            request = OPEN + link.encode("utf-8", "replace")[: MAX_REQUEST - 8] if link else WAKE
            self.answered = self._wake_the_first(request)
            return False
        if listen:
            self.listen()
        return True

    def listen(self) -> None:
        """Answer other copies started on this folder (a thread waits for them). Once: later calls do nothing."""
        if self.listener is not None:
            return
        # multiprocessing's connections (a tenth of a bare window's start-up to import) only once the lock is ours.
        from multiprocessing.connection import Listener

        if self.family == "AF_UNIX":
            with contextlib.suppress(OSError):
                os.unlink(self.address)  # we hold the lock: a socket left here is a killed game's
        try:
            self.listener = Listener(self.address, self.family)
        except OSError as exc:
            log.warning("cannot listen on %s: %s", self.address, exc)
            return
        threading.Thread(target=self._serve, name="single-instance", daemon=True).start()

    def _serve(self) -> None:
        while self.listener is not None:
            try:
                connection = self.listener.accept()
            except OSError:
                return  # closed
            try:
                if connection.poll(2):
                    request = connection.recv_bytes(MAX_REQUEST)
                    if request == WAKE:
                        self.activated.emit()
                    elif request.startswith(OPEN):
                        self.activated.emit()
                        self.opened.emit(request[len(OPEN) :].decode("utf-8", "replace"))
            except (OSError, EOFError):
                pass
            finally:
                connection.close()

    def _wake_the_first(self, request: bytes) -> bool:
        """Send `request` to the copy holding the lock; True once it is sent. No socket yet, or one that refuses
        (the first copy is still starting, or a killed game's socket is left), is tried again for `ANSWER_WAIT_S`."""
        from multiprocessing.connection import Client

        deadline = time.monotonic() + ANSWER_WAIT_S
        while True:
            try:
                connection = Client(self.address, self.family)
            except OSError as exc:  # FileNotFoundError, ConnectionRefusedError (a pipe: not there yet, or busy)
                if time.monotonic() >= deadline:
                    log.info("the running game did not answer on %s: %s", self.address, exc)
                    return False
                time.sleep(RETRY_S)
                continue
            try:
                with contextlib.closing(connection):
                    connection.send_bytes(request)
            except OSError as exc:
                log.info("the running game did not take the request on %s: %s", self.address, exc)
                return False
            return True

    def release(self) -> None:
        listener, self.listener = self.listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.close()
        self.lock.unlock()
