"""A connection the server closes itself (dropped for abuse) leaves its seat at once, as after a drop ("Limits
and abuse": "a seat is kept as after a drop"): the others get `dropped` and, after `wait_s`, a CPU plays it.
Over TLS the transport waits up to 30 s for the client's close_notify, which a client that stops reading
never sends: the room heard of the drop only then, and the seat stayed "connected" meanwhile."""

from __future__ import annotations

import asyncio
import socket
import ssl
import time
from typing import Any

import pytest

from dominoes_desktop.net import protocol, tls
from dominoes_desktop.net.client import Client
from dominoes_desktop.net.server import Server


@pytest.fixture(scope="module")
def identity(tmp_path_factory: pytest.TempPathFactory) -> tls.Identity:
    return tls.own_identity(tmp_path_factory.mktemp("tls"))


def _guest(port: int, code: str) -> ssl.SSLSocket:
    """A guest that joins and never reads (nor closes): blocking, run in a thread."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    sock = context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=10))
    sock.sendall(protocol.encode({"t": "hello", "v": 2}) + protocol.encode({"t": "join", "code": code, "name": "Mal"}))
    return sock


def _flood(sock: ssl.SSLSocket) -> None:
    sock.sendall(protocol.encode({"t": "ping"}) * 300)


def test_a_guest_dropped_for_abuse_over_tls_leaves_its_seat_at_once(identity: tls.Identity) -> None:
    async def body(server: Server) -> None:
        host = Client()
        await host.connect("127.0.0.1", server.port, pin=identity.fingerprint)
        seats = ["host", "friend", "cpu:random", "cpu:random"]
        host.send({"t": "create", "name": "Host", "preset": "draw", "seats": seats, "wait_s": 1})
        code = (await host.expect("joined"))["code"]
        flooder = await asyncio.to_thread(_guest, server.port, code)
        try:
            room = server.rooms[code]
            while not room.seats[1].taken:
                await asyncio.sleep(0.05)
            host.send({"t": "start"})
            await asyncio.to_thread(_flood, flooder)
            started = time.monotonic()
            heard: list[dict[str, Any]] = []
            async with asyncio.timeout(8):  # was 30 s (the TLS shutdown's wait) and more
                while not any(m.get("e") == "cpu_takeover" for m in heard):
                    message = await host.recv()
                    assert message is not None
                    heard.append(message)
                    if message["t"] == "view" and message["legal"]:  # the host plays on meanwhile
                        answer = "cut:ab" if message["decision"] == "cut" else message["legal"][0]
                        host.send({"t": "act", "d": message["d"], "action": answer})
            events = [(m["e"], m["seat"]) for m in heard if m.get("e") in ("dropped", "cpu_takeover")]
            assert events == [("dropped", 1), ("cpu_takeover", 1)], events
            assert time.monotonic() - started < 8
            assert room.seats[1].peer is None and room.seats[1].taken  # kept for its token, as after a drop
        finally:
            flooder.close()
        await host.close()

    async def main() -> None:
        server = Server()
        await server.start("127.0.0.1", 0, identity)
        try:
            async with asyncio.timeout(30):
                await body(server)
        finally:
            await server.stop()

    asyncio.run(main())
