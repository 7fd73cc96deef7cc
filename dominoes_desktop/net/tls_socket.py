"""A server's TLS connection on the event loop's selector: a non-blocking ssl.SSLSocket, which OpenSSL reads
and writes in place, as an asyncio transport for a Connection.

asyncio's own TLS (sslproto) passes every byte through two memory BIOs and a dozen Python calls a write; at
100 rooms a move is four writes and a read on the server, and that path was about a sixth of its work. Here a
write is one `send` (encrypted and sent by OpenSSL in one call), a read one `recv`. The transport does what the
server asks of one and no more: writes buffered while the socket is full (with pause_writing and
resume_writing at its limits), reading paused and resumed, close (after what is buffered, with TLS's
close_notify) and abort. The handshake runs here too, within its time limit, before the protocol hears of
the connection at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import socket
import ssl
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

READ_SIZE = 16 * 1024  # one TLS record at the most
_AGAIN = (ssl.SSLWantReadError, ssl.SSLWantWriteError, BlockingIOError, InterruptedError)


class _State(enum.Enum):
    HANDSHAKE = 1
    OPEN = 2
    CLOSING = 3  # what is buffered is being written; nothing more is read
    CLOSED = 4


class TLSTransport(asyncio.Transport):
    """One accepted connection: its TLS handshake within `handshake_s` seconds, then `protocol` hears of it
    (connection_made, data_received, eof_received, connection_lost). `shaken(self, True)` is called as the
    handshake ends, before connection_made; a handshake that fails or is late closes the socket and calls
    `shaken(self, False)` instead: the protocol never hears of that connection."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        sock: ssl.SSLSocket,
        protocol: asyncio.Protocol,
        handshake_s: float,
        shaken: Callable[[TLSTransport, bool], None],
    ) -> None:
        super().__init__()
        self._loop = loop
        self._sock = sock
        self._fd = sock.fileno()
        self._protocol = protocol
        self._shaken = shaken
        self._state = _State.HANDSHAKE
        self._out = bytearray()  # what the socket could not take yet
        self._high = 64 * 1024
        self._low = 16 * 1024
        self._protocol_paused = False
        self._reading_paused = False
        self._writer_on = False
        try:
            peer = sock.getpeername()
        except OSError:
            peer = None
        self._extra: dict[str, Any] = {"peername": peer, "socket": sock, "ssl_object": sock}
        self._late = loop.call_later(handshake_s, self._handshake_late)
        loop.add_reader(self._fd, self._shake)

    # ---- the handshake -------------------------------------------------------------------------

    def _shake(self) -> None:
        if self._state is not _State.HANDSHAKE:
            return
        try:
            self._sock.do_handshake()
        except ssl.SSLWantReadError:
            self._write_when_ready(None)
            return
        except ssl.SSLWantWriteError:
            self._write_when_ready(self._shake)
            return
        except (OSError, ValueError):  # not TLS, a bad hello, the peer gone
            self._give_up()
            return
        self._late.cancel()
        self._write_when_ready(None)
        self._state = _State.OPEN
        self._shaken(self, True)
        self._loop.add_reader(self._fd, self._read_ready)
        self._protocol.connection_made(self)
        if self._sock.pending() and self._state is _State.OPEN:  # what came with the handshake's end
            self._loop.call_soon(self._read_ready)

    def _handshake_late(self) -> None:
        if self._state is _State.HANDSHAKE:
            self._give_up()

    def _give_up(self) -> None:
        self._late.cancel()
        self._state = _State.CLOSED
        self._loop.remove_reader(self._fd)
        self._write_when_ready(None)
        # What the peer sent that OpenSSL did not read (a plain client's line): read and dropped, or the
        # close would be a reset rather than an end (and the peer would not read OpenSSL's alert).
        with contextlib.suppress(OSError):
            for _ in range(16):
                if not socket.socket.recv(self._sock, READ_SIZE):
                    break
        self._sock.close()
        self._shaken(self, False)

    def _write_when_ready(self, callback: Callable[[], None] | None) -> None:
        """Call `callback` when the socket can be written to; None: no longer."""
        if callback is not None:
            self._loop.add_writer(self._fd, callback)
            self._writer_on = True
        elif self._writer_on:
            self._loop.remove_writer(self._fd)
            self._writer_on = False

    # ---- reading -------------------------------------------------------------------------------

    def _read_ready(self) -> None:
        # OpenSSL may hold more of a record it read than the socket shows the selector: read that too.
        while self._state is _State.OPEN and not self._reading_paused:
            try:
                data = self._sock.recv(READ_SIZE)
            except _AGAIN:
                return
            except (OSError, ValueError) as exc:
                self._fatal(exc)
                return
            if not data:  # the peer closed (with close_notify, or without)
                self._protocol.eof_received()
                self.close()
                return
            self._protocol.data_received(data)
            if not self._sock.pending():
                return

    def pause_reading(self) -> None:
        if self._state is _State.OPEN and not self._reading_paused:
            self._reading_paused = True
            self._loop.remove_reader(self._fd)

    def resume_reading(self) -> None:
        if self._state is _State.OPEN and self._reading_paused:
            self._reading_paused = False
            self._loop.add_reader(self._fd, self._read_ready)
            if self._sock.pending():
                self._loop.call_soon(self._read_ready)

    def is_reading(self) -> bool:
        return self._state is _State.OPEN and not self._reading_paused

    # ---- writing -------------------------------------------------------------------------------

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if self._state is not _State.OPEN or not data:
            return
        if self._out:  # behind what waits: in order
            self._out += data
        else:
            try:
                self._sock.send(data)  # all of it, or none (OpenSSL's writes are not partial here)
                return
            except _AGAIN:
                # OpenSSL keeps what it encrypted of it: the same bytes are given again (more may follow).
                self._out += data
                self._write_when_ready(self._write_ready)
            except (OSError, ValueError) as exc:
                self._fatal(exc)
                return
        if not self._protocol_paused and len(self._out) > self._high:
            self._protocol_paused = True
            self._protocol.pause_writing()

    def _write_ready(self) -> None:
        if self._state not in (_State.OPEN, _State.CLOSING):
            return
        try:
            sent = self._sock.send(self._out)
        except _AGAIN:
            return
        except (OSError, ValueError) as exc:
            self._fatal(exc)
            return
        del self._out[:sent]
        if self._out:
            return
        self._write_when_ready(None)
        if self._protocol_paused and self._state is _State.OPEN:
            self._protocol_paused = False
            self._protocol.resume_writing()
        if self._state is _State.CLOSING:
            self._end(None)

    def get_write_buffer_size(self) -> int:
        return len(self._out)

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._low, self._high

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._high = 64 * 1024 if high is None else high
        self._low = self._high // 4 if low is None else low

    def can_write_eof(self) -> bool:
        return False

    def write_eof(self) -> None:
        raise NotImplementedError("a TLS connection is closed whole")

    # ---- closing -------------------------------------------------------------------------------

    def is_closing(self) -> bool:
        return self._state is not _State.OPEN

    def close(self) -> None:
        """Write what is buffered, then close (TLS's close_notify first) and tell the protocol."""
        if self._state is _State.HANDSHAKE:
            self._give_up()
            return
        if self._state is not _State.OPEN:
            return
        self._state = _State.CLOSING
        self._loop.remove_reader(self._fd)
        if not self._out:
            self._loop.call_soon(self._end, None)

    def abort(self) -> None:
        if self._state is _State.HANDSHAKE:
            self._give_up()
        elif self._state is not _State.CLOSED:
            self._out.clear()
            self._end(None, polite=False)

    def _fatal(self, exc: Exception) -> None:
        log.debug("TLS connection %s: %s", self._extra["peername"], exc)
        self._out.clear()
        self._end(exc, polite=False)

    def _end(self, exc: Exception | None, polite: bool = True) -> None:
        if self._state is _State.CLOSED:
            return
        self._state = _State.CLOSED
        self._loop.remove_reader(self._fd)
        self._write_when_ready(None)
        if polite:
            with contextlib.suppress(OSError, ValueError):
                self._sock.unwrap()  # sends close_notify; the peer's answer is not waited for
        self._sock.close()
        self._loop.call_soon(self._protocol.connection_lost, exc)

    # ---- the rest of a transport ---------------------------------------------------------------

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._extra.get(name, default)

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        assert isinstance(protocol, asyncio.Protocol)
        self._protocol = protocol

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._protocol


def listen(host: str, port: int, backlog: int) -> list[socket.socket]:
    """Non-blocking listening sockets on every address `host` names (as asyncio's create_server binds them)."""
    listeners: list[socket.socket] = []
    infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    try:
        for family, kind, proto, _, address in dict.fromkeys(infos):
            address = (address[0], port, *address[2:])  # once the first is bound, its port
            listener = socket.socket(family, kind, proto)
            listeners.append(listener)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            listener.bind(address)
            listener.listen(backlog)
            listener.setblocking(False)
            if not port:  # one port for all: the first one's
                port = listener.getsockname()[1]
    except BaseException:
        for listener in listeners:
            listener.close()
        raise
    return listeners
