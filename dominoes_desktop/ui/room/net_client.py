"""The desktop side of a room connection, on Qt's own sockets so messages arrive on the UI thread."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QAbstractSocket, QTcpSocket

from ...net import protocol


class RoomSocket(QObject):
    """One connection to a room server: `send` a message; `received` each message; `closed` at the end."""

    received = Signal(dict)
    closed = Signal(str)  # why, in the socket's words ('' when the server closed it)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.socket = QTcpSocket(self)
        self._lines = protocol.LineBuffer(limit=1 << 20)
        self._open = False
        self.socket.connected.connect(self._connected)
        self.socket.readyRead.connect(self._read)
        self.socket.disconnected.connect(self._disconnected)  # a method, not a lambda: dropped with this object
        self.socket.errorOccurred.connect(self._error)
        self._first: dict[str, Any] | None = None

    def open(self, host: str, port: int, first: dict[str, Any]) -> None:
        """Connect, say hello, then send `first` (create, join or rejoin)."""
        self._first = first
        self._open = True
        self.socket.connectToHost(host, port)

    def send(self, message: dict[str, Any]) -> None:
        if self.socket.state() is QAbstractSocket.SocketState.ConnectedState:
            self.socket.write(protocol.encode(message))

    def drop(self) -> None:
        """Cut the connection at once, as a lost network would."""
        self.socket.abort()
        self._end("")

    def silence(self) -> None:
        """Say nothing more: the window has moved on to another connection (or is closing)."""
        self._open = False
        self.socket.readyRead.disconnect(self._read)

    def _connected(self) -> None:
        self.send({"t": "hello", "v": protocol.PROTOCOL_VERSION})
        if self._first is not None:
            self.send(self._first)

    def _read(self) -> None:
        data = bytes(self.socket.readAll().data())
        for line in self._lines.feed(data):
            if line is None:
                continue
            try:
                message = protocol.decode(line)
            except protocol.ProtocolError:
                continue  # the server only sends JSON objects; anything else is not worth a crash
            self.received.emit(message)

    def _disconnected(self) -> None:
        self._end("")

    def _error(self, _error: QAbstractSocket.SocketError) -> None:
        if self.socket.state() is not QAbstractSocket.SocketState.ConnectedState:
            self._end(self.socket.errorString())

    def _end(self, why: str) -> None:
        if self._open:
            self._open = False
            self.closed.emit(why)
