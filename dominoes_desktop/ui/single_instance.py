"""One game per data folder: a lock file, and a local socket that brings the first window forward.

Two copies of the game writing one folder would overwrite each other's autosave on every move. The first
copy holds `game.lock` (QLockFile: a lock left by a killed game is recognised by its process id and taken
over) and listens on a local socket named after the folder; a second copy finds the lock taken, asks the
first over the socket to show its window, and leaves.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, Signal

try:
    from PySide6.QtNetwork import QLocalServer, QLocalSocket
except ImportError:  # a Qt without its network module: the lock alone still keeps a second copy out
    QLocalServer = QLocalSocket = None  # type: ignore[assignment, misc]

log = logging.getLogger(__name__)

LOCK_NAME = "game.lock"
WAKE = b"show\n"


def server_name(folder: Path) -> str:
    """A socket name unique to the folder (and short: Unix socket paths are limited to about 100 bytes)."""
    try:
        key = str(folder.resolve())
    except OSError:
        key = str(folder.absolute())
    return "dominoes-desktop-" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:20]


class SingleInstance(QObject):
    """Hold the data folder for this process; `activated` fires when another copy asks for the window."""

    activated = Signal()

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.name = server_name(folder)
        self.lock = QLockFile(str(folder / LOCK_NAME))
        self.lock.setStaleLockTime(0)  # only a dead owner makes a lock stale, however long a match lasts
        self.server: Any = None  # a QLocalServer, when Qt has one

    def acquire(self) -> bool:
        """True when this process may use the folder (also when the folder cannot hold a lock at all: a
        read-only folder is shared by nobody's writes). False when another copy holds it: it was asked to
        come forward."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return True
        if not self.lock.tryLock(200):
            if self.lock.error() != QLockFile.LockError.LockFailedError:
                log.warning("cannot lock %s (%s); going on without the lock", self.folder, self.lock.error())
                return True
            self._wake_the_first()
            return False
        if QLocalServer is None:
            return True
        self.server = QLocalServer(self)
        QLocalServer.removeServer(self.name)  # a socket file a killed game left behind
        if not self.server.listen(self.name):
            log.warning("cannot listen on %s: %s", self.name, self.server.errorString())
        self.server.newConnection.connect(self._connected)
        return True

    def _wake_the_first(self) -> None:
        if QLocalSocket is None:
            return
        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if socket.waitForConnected(1500):
            socket.write(WAKE)
            socket.waitForBytesWritten(1500)
            socket.disconnectFromServer()

    def _connected(self) -> None:
        assert self.server is not None
        while self.server.hasPendingConnections():
            connection = self.server.nextPendingConnection()
            connection.readyRead.connect(lambda c=connection: self._read(c))
            connection.disconnected.connect(connection.deleteLater)

    def _read(self, connection: Any) -> None:
        if bytes(connection.readAll().data()).startswith(WAKE[:4]):
            self.activated.emit()

    def release(self) -> None:
        if self.server is not None:
            self.server.close()
        self.lock.unlock()
