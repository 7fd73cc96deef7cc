"""Private rooms: the host's own certificate, made once and reused, pinned by the fingerprint in the invite."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import ssl
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from dominoes_desktop.net import invite, tls
from dominoes_desktop.net.client import Client, play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import run


def tls_run(identity: tls.Identity, body, timeout: float = 60.0):  # type: ignore[no-untyped-def]
    async def main():  # type: ignore[no-untyped-def]
        server = Server()
        await server.start("127.0.0.1", 0, identity)
        try:
            async with asyncio.timeout(timeout):
                return await body(server)
        finally:
            await server.stop()

    return asyncio.run(main())


@pytest.fixture(scope="module")
def identity(tmp_path_factory: pytest.TempPathFactory) -> tls.Identity:
    return tls.own_identity(tmp_path_factory.mktemp("tls"))


def test_the_certificate_is_made_once_and_reused(tmp_path: Path) -> None:
    first = tls.own_identity(tmp_path)
    cert_bytes = first.cert.read_bytes()
    again = tls.own_identity(tmp_path)
    assert again.fingerprint == first.fingerprint
    assert first.cert.read_bytes() == cert_bytes
    assert len(first.fingerprint) == 64 and int(first.fingerprint, 16) >= 0
    if sys.platform != "win32":
        assert stat.S_IMODE(first.key.stat().st_mode) == 0o600  # the key is the secret: this user's only
    # The fingerprint is the one openssl prints for the file, so an administrator can check it by hand.
    der = ssl.PEM_cert_to_DER_cert(first.cert.read_text())
    assert tls.fingerprint_of(der) == first.fingerprint


def test_a_damaged_certificate_is_made_again(tmp_path: Path) -> None:
    first = tls.own_identity(tmp_path)
    first.cert.write_text("not a certificate")
    second = tls.own_identity(tmp_path)
    assert second.fingerprint != first.fingerprint
    assert tls.load_identity(second.cert, second.key).fingerprint == second.fingerprint


def test_a_guest_with_the_right_pin_plays_a_whole_match(identity: tls.Identity) -> None:
    async def body(server: Server) -> None:
        host = Client()
        await host.connect("127.0.0.1", server.port, pin=identity.fingerprint)
        assert host.fingerprint == identity.fingerprint
        seats = ["host", "friend", "cpu:easy", "cpu:easy"]
        host.send({"t": "create", "name": "Host", "preset": "block", "seats": seats, "cpu_delay_ms": 0})
        code = (await host.expect("joined"))["code"]
        guest = Client()
        await guest.connect("127.0.0.1", server.port, pin=identity.fingerprint.upper())
        guest.send({"t": "join", "code": code, "name": "Ana"})
        await guest.expect("joined")
        host.send({"t": "start"})
        results = await asyncio.gather(play_seat(host, random_chooser(1)), play_seat(guest, random_chooser(2)))
        assert results == ["over", "over"]
        await host.close()
        await guest.close()

    tls_run(identity, body)


def test_a_wrong_pin_refuses_before_anything_is_sent(identity: tls.Identity) -> None:
    async def body(server: Server) -> None:
        guest = Client()
        wrong = "0" * 64
        with pytest.raises(tls.PinMismatch) as refused:
            await guest.connect("127.0.0.1", server.port, pin=wrong)
        line = str(refused.value)
        assert "not the host the invite names" in line and "\n" not in line
        assert tls.short_fingerprint(identity.fingerprint) in line
        await asyncio.sleep(0.05)
        assert not server.clients  # the server never heard a hello from it

    tls_run(identity, body)


def test_a_plain_tcp_client_cannot_talk_to_a_private_server(identity: tls.Identity) -> None:
    async def body(server: Server) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b'{"t": "hello", "v": 1}\n')
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(1000), 5)
        assert b"welcome" not in answer and b"{" not in answer  # no message in clear; the handshake fails
        writer.close()
        assert not server.rooms

    tls_run(identity, body)


def test_a_tls_client_against_a_plain_server_does_not_connect() -> None:
    async def body(server: Server) -> None:
        guest = Client()
        with pytest.raises((ssl.SSLError, ConnectionError, OSError)):
            await guest.connect("127.0.0.1", server.port, pin="a" * 64)

    run(body)


def test_discovery_announces_the_fingerprint(identity: tls.Identity) -> None:
    async def body(server: Server) -> None:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        assert await server.start_discovery(port)
        host = Client()
        await host.connect("127.0.0.1", server.port, pin=identity.fingerprint)
        host.send(
            {
                "t": "create",
                "name": "Host",
                "preset": "block",
                "seats": ["host", "friend", "cpu:easy", "cpu:easy"],
                "lan": True,
            }
        )
        await host.expect("joined")
        loop = asyncio.get_running_loop()
        heard: asyncio.Future[bytes] = loop.create_future()

        class Ask(asyncio.DatagramProtocol):
            def datagram_received(self, data: bytes, addr: object) -> None:
                if not heard.done():
                    heard.set_result(data)

        transport, _ = await loop.create_datagram_endpoint(Ask, local_addr=("127.0.0.1", 0))
        transport.sendto(b"DOMINOES-DESKTOP-ROOMS?", ("127.0.0.1", port))
        reply = json.loads(await asyncio.wait_for(heard, 5))
        transport.close()
        assert reply["fp"] == identity.fingerprint and reply["port"] == server.port
        await host.close()

    tls_run(identity, body)


@pytest.mark.parametrize(
    ("text", "ok"),
    [("AB:" * 31 + "AB", True), ("ab" * 32, True), ("ab" * 31, False), ("zz" * 32, False), ("", False)],
)
def test_fingerprints_are_read_in_openssl_form_or_plain_hex(text: str, ok: bool) -> None:
    if ok:
        assert tls.normalise_fingerprint(text) == "ab" * 32
    else:
        with pytest.raises(ValueError, match="64 hex digits"):
            tls.normalise_fingerprint(text)


def test_the_headless_server_serves_tls_with_given_files_and_prints_the_fingerprint(
    identity: tls.Identity, tmp_path: Path
) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    command = [sys.executable, "-m", "dominoes_desktop.net.serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--cert", str(identity.cert), "--key", str(identity.key), "--cpu-workers", "1"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline(), server.stdout.readline()]
        assert lines[1].strip() == f"TLS fingerprint: {identity.fingerprint}"

        async def talk() -> None:
            guest = Client()
            welcome = await guest.connect("127.0.0.1", port, pin=identity.fingerprint)
            assert welcome["t"] == "welcome"
            await guest.close()
            with pytest.raises(tls.PinMismatch):
                await Client().connect("127.0.0.1", port, pin="1" * 64)

        asyncio.run(talk())
    finally:
        server.terminate()
        server.wait(10)


def test_the_headless_server_makes_its_own_certificate_once(tmp_path: Path) -> None:
    from dominoes_desktop.net.serve import server_identity

    first = server_identity(None, None, tmp_path / "tls")
    assert server_identity(None, None, tmp_path / "tls").fingerprint == first.fingerprint
    with pytest.raises(ValueError, match="cannot be used"):
        server_identity(tmp_path / "missing.pem", tmp_path / "missing-key.pem", tmp_path / "tls")


def test_the_bot_bridge_joins_from_a_link_and_refuses_a_wrong_one(identity: tls.Identity) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}

    async def bridge(link: str) -> asyncio.subprocess.Process:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "dominoes_desktop.net.bridge", link, "--name", "Botty", "--",
            sys.executable, "-m", "dominoes_desktop.engine.bot", "--level", "easy",
            cwd=root, env=env, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip

    async def body(server: Server) -> None:
        host = Client()
        await host.connect("127.0.0.1", server.port, pin=identity.fingerprint)
        seats = ["host", "friend", "cpu:easy", "cpu:easy"]
        host.send({"t": "create", "name": "Host", "preset": "draw", "seats": seats, "cpu_delay_ms": 0})
        code = (await host.expect("joined"))["code"]
        wrong = await bridge(invite.Invite("127.0.0.1", server.port, code, "1" * 64).link())
        assert await asyncio.wait_for(wrong.wait(), 30) == 2
        assert wrong.stderr is not None
        assert "not connected" in (await wrong.stderr.read()).decode()
        room = server.rooms[code]
        assert not room.seats[1].connected
        right = await bridge(invite.Invite("127.0.0.1", server.port, code, identity.fingerprint).link())
        while not room.seats[1].connected:
            await asyncio.sleep(0.05)
        assert room.seats[1].name == "Botty"
        host.send({"t": "start"})
        assert await play_seat(host, random_chooser(3)) == "over"
        await host.close()
        assert await asyncio.wait_for(right.wait(), 30) == 0

    tls_run(identity, body, timeout=120)
