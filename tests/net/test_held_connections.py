"""One address holds at most the per-address number of connections at any moment, counted from the accept:
connections still shaking hands (TLS) or not yet greeted count too (issue 35 item 2)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

from dominoes_desktop.net import protocol, tls
from dominoes_desktop.net.client import Client
from dominoes_desktop.net.server import Server

CAP = 5
OPENED = 30


@pytest.fixture(scope="module")
def identity(tmp_path_factory: pytest.TempPathFactory) -> tls.Identity:
    return tls.own_identity(Path(tmp_path_factory.mktemp("tls")))


async def still_open(reader: asyncio.StreamReader) -> bool:
    """True if the server holds the connection: nothing arrives and it is not closed within a moment."""
    try:
        got = await asyncio.wait_for(reader.read(1 << 16), 1.0)
    except TimeoutError:
        return True
    except ConnectionError:
        return False
    if got:  # a plain server's refusal, then its close
        assert protocol.decode(got.splitlines()[0])["code"] == protocol.E_TOO_MANY_CONNECTIONS
        return await still_open(reader)
    return False


async def flood_and_count(server: Server) -> int:
    """Open OPENED bare TCP connections that never say anything (no TLS handshake, no hello); how many the
    server keeps, watching its count of them all the while."""
    most = 0
    opened = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(OPENED)]
    for _ in range(20):
        most = max(most, server._per_address.get("127.0.0.1", 0))
        await asyncio.sleep(0.02)
    held = sum(await asyncio.gather(*(still_open(reader) for reader, _ in opened)))
    most = max(most, server._per_address.get("127.0.0.1", 0))
    assert most <= CAP
    for _, writer in opened:
        writer.close()
    return held


def serve(body, identity: tls.Identity | None) -> None:  # type: ignore[no-untyped-def]
    async def main() -> None:
        server = Server(connections_per_address=CAP, handshake_s=30)
        await server.start("127.0.0.1", 0, identity)
        try:
            async with asyncio.timeout(60):
                await body(server)
        finally:
            await server.stop()

    asyncio.run(main())


def test_tls_connections_still_shaking_hands_count_against_the_address(identity: tls.Identity) -> None:
    async def body(server: Server) -> None:
        assert await flood_and_count(server) == CAP
        while server._per_address:  # the flood closed: its places are free again
            await asyncio.sleep(0.02)
        guest = Client()
        await guest.connect("127.0.0.1", server.port, pin=identity.fingerprint)
        guest.send({"t": "ping", "n": 1})
        assert (await guest.expect("pong"))["n"] == 1
        await guest.close()

    serve(body, identity)


def test_plain_connections_not_yet_greeted_count_against_the_address() -> None:
    async def body(server: Server) -> None:
        assert await flood_and_count(server) == CAP

    serve(body, None)


def test_a_connection_that_never_finishes_its_handshake_is_let_go(identity: tls.Identity) -> None:
    async def main() -> None:
        server = Server(connections_per_address=CAP, handshake_s=0.5)
        await server.start("127.0.0.1", 0, identity)
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            assert await asyncio.wait_for(reader.read(), 5) == b""  # closed at the handshake's limit
            assert not server._per_address
            writer.close()
        finally:
            await server.stop()

    asyncio.run(main())


def test_stopping_the_server_closes_connections_still_shaking_hands(identity: tls.Identity) -> None:
    async def main() -> None:
        server = Server(connections_per_address=CAP, handshake_s=30)
        await server.start("127.0.0.1", 0, identity)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        while not server._per_address:
            await asyncio.sleep(0.01)
        await server.stop()
        with contextlib.suppress(ConnectionResetError):  # closed by a reset, or:
            assert await asyncio.wait_for(reader.read(), 5) == b""
        writer.close()

    asyncio.run(main())
