"""The server's own TLS transport (net/tls_socket.py), against asyncio's TLS client: what is written arrives
whole and in order however full the socket gets (the writer is paused and resumed at its limits), a burst
of lines read in one go arrives whole, a close sends what waits and then an end, a peer's close is heard,
and a handshake that does not come in time is given up without the protocol ever hearing of it."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from dominoes_desktop.net import server as server_module
from dominoes_desktop.net import tls
from dominoes_desktop.net.client import Client
from dominoes_desktop.net.server import Server
from dominoes_desktop.net.tls_socket import TLSTransport, listen


@pytest.fixture(scope="module")
def identity(tmp_path_factory: pytest.TempPathFactory) -> tls.Identity:
    return tls.own_identity(Path(tmp_path_factory.mktemp("tls")))


class Recorder(asyncio.Protocol):
    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.got = bytearray()
        self.made = asyncio.Event()
        self.lost: asyncio.Future[Exception | None] = asyncio.get_running_loop().create_future()
        self.paused = self.resumed = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.made.set()

    def data_received(self, data: bytes) -> None:
        self.got += data

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost.set_result(exc)

    def pause_writing(self) -> None:
        self.paused += 1

    def resume_writing(self) -> None:
        self.resumed += 1


Body = Callable[[Recorder, asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


def served(identity: tls.Identity, body: Body) -> None:
    """One connection: the server's end on a TLSTransport with a Recorder, the client's asyncio's own."""

    async def main() -> None:
        loop = asyncio.get_running_loop()
        (listener,) = listen("127.0.0.1", 0, 8)
        port = listener.getsockname()[1]
        recorder = Recorder()
        # Small socket buffers both ways: a few dozen KB fill them (loopback's own would take megabytes).
        near = socket.socket()
        near.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16 * 1024)
        near.setblocking(False)
        await loop.sock_connect(near, ("127.0.0.1", port))
        context = tls.client_context()
        client = asyncio.create_task(asyncio.open_connection(sock=near, ssl=context, server_hostname="localhost"))
        sock, _ = await loop.sock_accept(listener)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 16 * 1024)
        secure = identity.server_context().wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        shaken: list[bool] = []
        TLSTransport(loop, secure, recorder, 10.0, lambda _, through: shaken.append(through))
        async with asyncio.timeout(30):
            reader, writer = await client
            await recorder.made.wait()
            assert shaken == [True]
            await body(recorder, reader, writer)
        writer.close()
        listener.close()

    asyncio.run(main())


def test_what_is_written_to_a_full_socket_arrives_whole_and_in_order(identity: tls.Identity) -> None:
    async def body(server: Recorder, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        transport = server.transport
        assert transport is not None
        chunks = [bytes([i % 251]) * 10_007 for i in range(300)]  # 3 MB: far more than the socket holds
        for chunk in chunks:
            transport.write(chunk)  # most while OpenSSL still waits to finish an earlier write
        assert server.paused == 1 and transport.get_write_buffer_size() > 64 * 1024
        await asyncio.sleep(0.1)  # the client reads nothing meanwhile
        assert await reader.readexactly(sum(map(len, chunks))) == b"".join(chunks)
        while transport.get_write_buffer_size():
            await asyncio.sleep(0.01)
        assert server.resumed == 1
        transport.write(b"last\n")
        transport.close()
        assert await reader.read() == b"last\n"  # what waited, then the end
        assert await server.lost is None

    served(identity, body)


def test_a_burst_of_lines_arrives_whole_and_a_peer_s_close_is_heard(identity: tls.Identity) -> None:
    async def body(server: Recorder, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        lines = b"".join(b'{"t":"ping","n":%d}\n' % n for n in range(2000))  # many TLS records in one go
        writer.write(lines)
        await writer.drain()
        while len(server.got) < len(lines):
            await asyncio.sleep(0.01)
        assert server.got == lines
        writer.close()
        assert await server.lost is None

    served(identity, body)


def test_a_handshake_that_does_not_come_in_time_is_given_up(identity: tls.Identity) -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        (listener,) = listen("127.0.0.1", 0, 8)
        port = listener.getsockname()[1]
        opened = asyncio.create_task(asyncio.open_connection("127.0.0.1", port))  # TCP only: no hello
        sock, _ = await loop.sock_accept(listener)
        secure = identity.server_context().wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        recorder = Recorder()
        shaken: asyncio.Future[bool] = loop.create_future()
        TLSTransport(loop, secure, recorder, 0.3, lambda _, through: shaken.set_result(through))
        reader, writer = await opened
        async with asyncio.timeout(10):
            assert await shaken is False
            assert await reader.read() == b""  # closed
        assert not recorder.made.is_set() and not recorder.lost.done()  # the protocol never heard of it
        assert secure.fileno() == -1
        writer.close()
        listener.close()

    asyncio.run(main())


def test_listening_on_a_name_binds_one_port_for_all_its_addresses() -> None:
    listeners = listen("localhost", 0, 8)
    try:
        ports = {listener.getsockname()[1] for listener in listeners}
        assert len(ports) == 1
        assert all(listener.type == socket.SOCK_STREAM and not listener.getblocking() for listener in listeners)
    finally:
        for listener in listeners:
            listener.close()


def test_a_plain_line_to_the_tls_port_ends_in_an_end_not_a_reset(identity: tls.Identity) -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        (listener,) = listen("127.0.0.1", 0, 8)
        port = listener.getsockname()[1]
        opened = asyncio.create_task(asyncio.open_connection("127.0.0.1", port))
        sock, _ = await loop.sock_accept(listener)
        secure = identity.server_context().wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        shaken: asyncio.Future[bool] = loop.create_future()
        reader, writer = await opened
        writer.write(b'{"t": "hello", "v": 2, "name": "' + b"x" * 3000 + b'"}\n')  # more than a record header
        await writer.drain()
        await asyncio.sleep(0.05)
        TLSTransport(loop, secure, Recorder(), 5.0, lambda _, through: shaken.set_result(through))
        async with asyncio.timeout(10):
            assert await shaken is False
            answer = await reader.read()  # no ConnectionResetError: OpenSSL's alert, then the end
        assert b"{" not in answer
        writer.close()
        listener.close()

    asyncio.run(main())


@pytest.mark.parametrize("watches", [True, False], ids=["own-tls", "asyncio-tls"])
def test_a_server_plays_over_tls_whether_or_not_its_loop_can_watch_sockets(
    identity: tls.Identity, watches: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows' proactor loop cannot watch a socket: there the server's TLS is asyncio's own (start_tls),
    with the same limits (a silent connection let go at the handshake's limit, its place freed)."""
    monkeypatch.setattr(server_module, "watches_sockets", lambda loop: watches)

    async def main() -> None:
        server = Server(handshake_s=0.5)
        await server.start("127.0.0.1", 0, identity)
        try:
            async with asyncio.timeout(30):
                assert bool(server._listeners) is watches
                guest = Client()
                await guest.connect("127.0.0.1", server.port, pin=identity.fingerprint)
                guest.send({"t": "ping", "n": 7})
                assert (await guest.expect("pong"))["n"] == 7
                silent_reader, silent_writer = await asyncio.open_connection("127.0.0.1", server.port)
                assert await silent_reader.read() == b""  # no handshake: let go at its limit
                assert server._per_address == {"127.0.0.1": 1}  # the guest's place only
                silent_writer.close()
                await guest.close()
        finally:
            await server.stop()

    asyncio.run(main())
