"""The desktop side of a room connection, on Qt's own sockets so messages arrive on the UI thread.

Every line the server sends is checked (net.messages.parse_server) before anyone sees it: a hostile or
buggy server gets its message refused in one line (`refused`, and the log), never a traceback in a slot."""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QAbstractSocket, QTcpSocket

from ...net import messages, protocol

log = logging.getLogger(__name__)
MAX_SERVER_LINE = 1 << 20  # a server's message may be longer than a client's (a view of a long hand)


class RoomSocket(QObject):
    """One connection to a room server: `send` a message; `received` each message; `closed` at the end."""

    received = Signal(dict)  # the message as sent, once checked
    arrived = Signal(object)  # the same, as a typed message (net.messages.ServerMessage)
    refused = Signal(str)  # a server message that broke the protocol, in one line
    closed = Signal(str)  # why, in the socket's words ('' when the server closed it)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.socket = QTcpSocket(self)
        self._lines = protocol.LineBuffer(limit=MAX_SERVER_LINE)
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
        self.feed(bytes(self.socket.readAll().data()))

    def feed(self, data: bytes) -> None:
        """Bytes from the server: each whole line checked, then handed on (or refused in one line)."""
        for line in self._lines.feed(data):
            try:
                if line is None:
                    raise protocol.ProtocolError(protocol.E_TOO_BIG, f"a line longer than {MAX_SERVER_LINE} bytes")
                raw = protocol.decode(line)
                message = messages.parse_server(raw)
            except protocol.ProtocolError as exc:
                self._refuse(f"{exc.code}: {exc}")
                continue
            except Exception as exc:  # a check of ours that failed: still one line, never a crash in a slot
                self._refuse(f"internal: {type(exc).__name__}: {exc}")
                continue
            self.received.emit(raw)
            self.arrived.emit(message)

    def _refuse(self, why: str) -> None:
        line = " ".join(messages.text_preview(why, 300).split())
        log.warning("the room server sent a message that breaks the protocol: %s", line)
        self.refused.emit(line)

    def _disconnected(self) -> None:
        self._end("")

    def _error(self, _error: QAbstractSocket.SocketError) -> None:
        if self.socket.state() is not QAbstractSocket.SocketState.ConnectedState:
            self._end(self.socket.errorString())

    def _end(self, why: str) -> None:
        if self._open:
            self._open = False
            self.closed.emit(why)
