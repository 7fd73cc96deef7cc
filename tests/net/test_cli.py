"""The headless server and the bot bridge, as the commands a home server or a bot author would run."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from dominoes_desktop.net.client import Client, play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import open_room, run

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def test_the_app_serves_rooms_headless_and_stops_cleanly_on_a_signal() -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "dominoes_desktop", "serve", "--host", "127.0.0.1", "--port", "0",
         "--tls-dir", tempfile.mkdtemp()],
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("dominoes room server on 127.0.0.1:")
        port = int(line.split()[4].rsplit(":", 1)[1])
        fingerprint = server.stdout.readline().split()[-1]  # "TLS fingerprint: …", for invites

        async def body() -> str:
            client = Client()
            await client.connect("127.0.0.1", port, pin=fingerprint)
            client.send({"t": "create", "name": "A", "preset": "draw", "seats": ["host", "cpu", "cpu", "cpu"]})
            joined = await client.expect("joined")
            await client.close()
            return str(joined["code"])

        assert len(asyncio.run(body())) == 7
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(10) == 0


def test_a_bot_protocol_program_takes_a_remote_seat_through_the_bridge() -> None:
    async def body(server: Server) -> None:
        host, code, room = await open_room(server, ["host", "friend", "cpu:easy", "cpu:easy"], "draw")
        bridge = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "dominoes_desktop.net.bridge", f"127.0.0.1:{server.port}", code.lower(),
            "--name", "Botty", "--plain", "--", sys.executable, "-m", "dominoes_desktop.engine.bot", "--level", "medium",
            cwd=ROOT, env=ENV, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        while not room.seats[1].connected:
            await asyncio.sleep(0.05)
        assert room.seats[1].name == "Botty"
        host.send({"t": "start"})
        assert await play_seat(host, random_chooser(7)) == "over"
        await host.close()
        assert bridge.stderr is not None
        log = (await bridge.stderr.read()).decode()
        assert await bridge.wait() == 0, log
        hands = len(room.match.results)  # type: ignore[union-attr]
        assert f"deals verified {hands}, failed 0" in log
        moves_by_bot = [e for e in room.log if e.get("e") == "move" and e["seat"] == 1]
        assert moves_by_bot and not room.seats[1].cpu_playing

    run(body, timeout=120)


def test_the_bridge_refuses_an_unreadable_invite() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.net.bridge", "nowhere", "K7Q-2MX"],
        cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 2 and "bad invite" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_serve_with_workers_runs_one_server_a_port_and_each_holds_its_own_rooms() -> None:
    import socket

    with socket.socket() as probe:  # two free ports in a row, most likely
        probe.bind(("127.0.0.1", 0))
        base = probe.getsockname()[1]
    usage = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.net.serve", "--help"],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
    ).stdout
    plain = ["--plain"] if "--plain" in usage else []  # where TLS is the default: these clients speak plain TCP
    server = subprocess.Popen(
        [sys.executable, "-m", "dominoes_desktop.net.serve", "--host", "127.0.0.1", "--port", str(base),
         "--workers", "2", "--cpu-workers", "1", *plain],
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        ports: list[int] = []
        while len(ports) < 2:  # one "dominoes room server on HOST:PORT" line a worker (and maybe others)
            line = server.stdout.readline()
            assert line, "the workers stopped before they listened"
            if line.startswith("dominoes room server on"):
                ports.append(int(line.split()[4].rsplit(":", 1)[1]))
        ports.sort()
        assert ports == [base, base + 1]

        async def body() -> None:
            codes = []
            for port in ports:  # a room on each worker; its invite (address:port code) names where it lives
                host = Client()
                await host.connect("127.0.0.1", port)
                host.send({"t": "create", "name": "A", "preset": "draw", "seats": ["host", "friend", "cpu", "cpu"]})
                codes.append((await host.expect("joined"))["code"])
            guest = Client()
            await guest.connect("127.0.0.1", ports[1])
            guest.send({"t": "join", "code": codes[1], "name": "B"})
            assert (await guest.expect("joined"))["seat"] == 1

        asyncio.run(body())
        server.send_signal(signal.SIGTERM)
        assert server.wait(30) == 0
    finally:
        if server.poll() is None:
            server.kill()


def test_the_headless_server_collects_its_young_objects_seldom() -> None:
    """A move makes hundreds of short-lived objects: the server's collector runs every GC_YOUNG new objects,
    not Python's 700 (which moved what was in flight into the older generations, and their passes over every
    room paused the loop)."""
    code = """
import asyncio, gc, os, signal
from dominoes_desktop.net import serve

async def main():
    async def look():
        while signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:  # serving: its stop signal is in place
            await asyncio.sleep(0.05)
        print(gc.get_threshold()[0], serve.GC_YOUNG, flush=True)
        os.kill(os.getpid(), signal.SIGTERM)

    looking = asyncio.create_task(look())
    await serve.run("127.0.0.1", 0, False, 10, 60.0, cpu_workers=1)

asyncio.run(main())
"""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60, check=True
    )
    threshold, young = done.stdout.split()[-2:]
    assert threshold == young and int(young) > 700
    assert "Traceback" not in done.stderr
