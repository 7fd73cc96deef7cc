"""The desktop side of a room connection, on Qt's own sockets so messages arrive on the UI thread.

The connection is private: TLS done by Python's `ssl` over the socket's bytes (an SSLObject on memory
buffers, so no Qt TLS backend is needed and nothing blocks the UI thread). The server's certificate is
pinned by the fingerprint the invite carries (net.tls): one that does not match ends the connection before
anything is sent, with one line saying so.

Every line the server sends is checked (net.messages.parse_server) before anyone sees it: a hostile or
buggy server gets its message refused in one line (`refused`, and the log), never a traceback in a slot."""

from __future__ import annotations

import logging
import ssl
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QAbstractSocket, QTcpSocket

from ...net import messages, protocol, tls
from ..shell.i18n import translate

log = logging.getLogger(__name__)
MAX_SERVER_LINE = 1 << 20  # a server's message may be longer than a client's (a view of a long hand)


class RoomSocket(QObject):
    """One connection to a room server: `send` a message; `received` each message; `closed` at the end."""

    received = Signal(dict)  # the message as sent, once checked
    refused = Signal(str)  # a server message that broke the protocol, in one line
    closed = Signal(str)  # why, in the socket's words ('' when the server closed it)
    secured = Signal(str)  # the TLS handshake is done: the fingerprint of the server's certificate

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
        self._tls: ssl.SSLObject | None = None
        self._incoming = ssl.MemoryBIO()
        self._outgoing = ssl.MemoryBIO()
        self._ready = False  # hello may go: connected, and (when private) the handshake done and the pin checked
        self.pin: str | None = None
        self.fingerprint = ""  # of the certificate the server showed
        self.pin_refused = False  # the server was not the one the invite names: not connected

    def open(self, host: str, port: int, first: dict[str, Any], pin: str | None = None, private: bool = True) -> None:
        """Connect, say hello, then send `first` (create, join or rejoin). The connection is TLS unless
        `private` is False; with a `pin` the server's certificate must have that fingerprint."""
        self._first = first
        self._open = True
        self.pin = pin
        if private or pin is not None:
            self._tls = tls.client_context().wrap_bio(self._incoming, self._outgoing, server_side=False)
        self.socket.connectToHost(host, port)

    def send(self, message: dict[str, Any]) -> None:
        if self._ready and self.socket.state() is QAbstractSocket.SocketState.ConnectedState:
            data = protocol.encode(message)
            if self._tls is not None:
                self._tls.write(data)
                self._push()
            else:
                self.socket.write(data)

    def _push(self) -> None:
        """What TLS has to send, onto the socket."""
        pending = self._outgoing.read()
        if pending:
            self.socket.write(pending)

    def live(self) -> bool:
        """Open or still opening: not yet ended (nor silenced)."""
        return self._open

    def connected(self) -> bool:
        return self.socket.state() is QAbstractSocket.SocketState.ConnectedState

    def drop(self) -> None:
        """Cut the connection at once, as a lost network would."""
        self.socket.abort()
        self._end("")

    def silence(self) -> None:
        """Say nothing more: the window has moved on to another connection (or is closing)."""
        self._open = False
        self.socket.readyRead.disconnect(self._read)

    def _connected(self) -> None:
        if self._tls is None:
            self._greet()
        else:
            self._handshake()

    def _greet(self) -> None:
        self._ready = True
        self.send(messages.Hello(protocol.PROTOCOL_VERSION).to_json())
        if self._first is not None:
            self.send(self._first)

    def _handshake(self) -> None:
        assert self._tls is not None
        try:
            self._tls.do_handshake()
        except ssl.SSLWantReadError:
            self._push()
            return
        except ssl.SSLError as exc:
            self._fail(translate("RoomSocket", "The private connection failed: {why}").format(why=exc.reason or exc))
            return
        self._push()
        try:
            self.fingerprint = tls.check_pin(self._tls.getpeercert(binary_form=True), self.pin)
        except tls.PinMismatch:
            seen = tls.fingerprint_of(self._tls.getpeercert(binary_form=True) or b"")
            self.pin_refused = True
            self._fail(
                translate(
                    "RoomSocket",
                    "Not connected: this is not the host the invite names (its fingerprint is {seen}…, "
                    "the invite says {pin}…).",
                ).format(seen=tls.short_fingerprint(seen), pin=tls.short_fingerprint(self.pin or ""))
            )
            return
        self.secured.emit(self.fingerprint)
        self._greet()

    def _fail(self, why: str) -> None:
        log.warning("room connection refused: %s", why)
        self._end(why)  # first: aborting says "disconnected" at once, which would end it without the reason
        self.socket.abort()

    def _read(self) -> None:
        data = bytes(self.socket.readAll().data())
        if self._tls is None:
            self.feed(data)
            return
        self._incoming.write(data)
        if not self._ready:
            self._handshake()
            if not self._ready:
                return
        plain = bytearray()
        try:
            while chunk := self._tls.read(65536):
                plain += chunk
        except ssl.SSLWantReadError:
            pass
        except ssl.SSLZeroReturnError:  # the server closed the private connection
            pass
        except ssl.SSLError as exc:
            self._fail(translate("RoomSocket", "The private connection failed: {why}").format(why=exc.reason or exc))
            return
        self._push()
        if plain:
            self.feed(bytes(plain))

    def feed(self, data: bytes) -> None:
        """Bytes from the server: each whole line checked, then handed on (or refused in one line)."""
        for line in self._lines.feed(data):
            try:
                if line is None:
                    raise protocol.ProtocolError(protocol.E_TOO_BIG, f"a line longer than {MAX_SERVER_LINE} bytes")
                raw = protocol.decode(line)
                messages.parse_server(raw)
            except protocol.ProtocolError as exc:
                self._refuse(f"{exc.code}: {exc}")
                continue
            except Exception as exc:  # a check of ours that failed: still one line, never a crash in a slot
                self._refuse(f"internal: {type(exc).__name__}: {exc}")
                continue
            self.received.emit(raw)

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
