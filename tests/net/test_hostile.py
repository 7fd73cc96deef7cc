"""A hostile client gets an error for every bad message, is dropped after repeated abuse, and the room
plays on: its seat goes to a CPU and the match ends normally for everyone else."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from dominoes_desktop.engine.tiles import Tile, full_set
from dominoes_desktop.net import protocol
from dominoes_desktop.net.client import Client, play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import open_room, run


def answer_fairly(client: Client, message: dict[str, Any]) -> None:
    """A decision of its own that comes while the client waits for something else gets a fair answer,
    so that the hostile client never stalls the game by mistake (only by abuse)."""
    if message["t"] == "view" and message["legal"]:
        action = "cut:1234" if message["decision"] == "cut" else message["legal"][0]
        client.send({"t": "act", "d": message["d"], "action": action})


async def next_error(client: Client, seen: list[dict[str, Any]]) -> dict[str, Any]:
    while True:
        message = await client.recv()
        assert message is not None, "the server closed the connection"
        seen.append(message)
        if message["t"] == "error":
            return message
        answer_fairly(client, message)


async def next_view(client: Client, seen: list[dict[str, Any]], mine: bool) -> dict[str, Any]:
    while True:
        message = await client.recv()
        assert message is not None
        seen.append(message)
        if message["t"] == "view" and message["decision"] != "cut" and bool(message["legal"]) == mine:
            return message
        answer_fairly(client, message)


def test_a_hostile_client_gets_errors_is_dropped_and_the_room_plays_on() -> None:
    async def body(server: Server) -> None:
        seats = ["host", "friend", "cpu:easy", "cpu:random"]
        options = {"target": 40}
        host, code, room = await open_room(server, seats, options=options, wait_s=0.3, cpu_delay_ms=60)
        hostile = Client()
        hostile.reader, hostile.writer = await asyncio.open_connection("127.0.0.1", server.port)
        seen: list[dict[str, Any]] = []

        async def expect_error(data: bytes) -> str:
            hostile.send_raw(data)
            return str((await next_error(hostile, seen))["code"])

        line = protocol.encode
        assert await expect_error(line({"t": "join", "code": code, "name": "X"})) == protocol.E_HELLO_FIRST
        assert await expect_error(line({"t": "hello", "v": 99})) == protocol.E_VERSION
        hostile.send({"t": "hello", "v": 1})
        hostile.send({"t": "join", "code": code, "name": "Mallory"})
        host.send({"t": "start"})
        host_play = asyncio.create_task(play_seat(host, random_chooser(3)))

        while True:  # the deal waits for this seat's cut: a bad one first, then an old decision, then a good one
            message = await hostile.recv()
            assert message is not None
            seen.append(message)
            if message["t"] == "view" and message["decision"] == "cut":
                break
        d = message["d"]
        assert await expect_error(line({"t": "act", "d": d, "action": "cut:NOT-HEX"})) == protocol.E_ILLEGAL
        assert await expect_error(line({"t": "act", "d": d - 1, "action": "cut:ab"})) == protocol.E_STALE
        assert await expect_error(line({"t": "act", "d": d + 7, "action": "cut:ab"})) == protocol.E_BAD_MESSAGE
        hostile.send({"t": "act", "d": d, "action": "cut:abcdef"})

        while True:  # another seat's decision: answering it is refused
            view = await next_view(hostile, seen, mine=False)
            own = view["view"]["hand"]
            code_back = await expect_error(line({"t": "act", "d": view["d"], "action": own[0]}))
            assert code_back in (protocol.E_NOT_YOUR_DECISION, protocol.E_STALE)
            if code_back == protocol.E_NOT_YOUR_DECISION:
                break
        view = await next_view(hostile, seen, mine=True)
        hand = {Tile.parse(t) for t in view["view"]["hand"]}
        played = {Tile.parse(m["move"].split("@")[0]) for m in view["view"]["moves"] if "-" in m["move"]}
        stranger = next(t for t in full_set(6) if t not in hand and t not in played)
        assert await expect_error(line({"t": "act", "d": view["d"], "action": str(stranger)})) == protocol.E_ILLEGAL
        assert await expect_error(line({"t": "act", "d": view["d"], "action": "muggins:0"})) == protocol.E_ILLEGAL
        assert await expect_error(line({"t": "act", "d": view["d"], "action": "teleport"})) == protocol.E_ILLEGAL
        assert view["view"]["seat"] in room.match.pending().seats  # the refused actions moved nothing
        hostile.send({"t": "act", "d": view["d"], "action": view["legal"][0]})  # a fair move: the game goes on

        assert await expect_error(b"this is not json\n") == protocol.E_BAD_JSON
        assert await expect_error(b"\xff\xfe\n") == protocol.E_BAD_JSON
        assert await expect_error(b"[1, 2, 3]\n") == protocol.E_BAD_MESSAGE
        assert await expect_error(line({"t": "make_me_host"})) == protocol.E_UNKNOWN_TYPE
        assert await expect_error(b'{"t": "chat", "text": "' + b"x" * 20000 + b'"}\n') == protocol.E_TOO_BIG
        assert await expect_error(line({"t": "chat", "text": "y" * 500})) == protocol.E_BAD_MESSAGE
        assert await expect_error(line({"t": "start"})) == protocol.E_NOT_HOST
        assert await expect_error(line({"t": "act", "d": "soon", "action": "6-6"})) == protocol.E_BAD_MESSAGE
        assert await expect_error(line({"t": "settings", "wait_s": 0})) == protocol.E_NOT_HOST
        assert await expect_error(b"[" * 5000 + b"\n") == protocol.E_BAD_JSON
        assert await expect_error(b'{"t": "ping", "n": ' + b"9" * 5000 + b"}\n") == protocol.E_BAD_JSON
        assert await expect_error(b'{"t": "act", "d": NaN, "action": "pass"}\n') == protocol.E_BAD_JSON

        hostile.send_raw(line({"t": "ping"}) * 400)  # a flood: limited, then the client is let go
        codes = []
        while True:
            message = await hostile.recv()
            if message is None:
                break
            if message["t"] == "error":
                codes.append(message["code"])
        assert protocol.E_RATE in codes and codes[-1] == protocol.E_DROPPED
        assert codes.count(protocol.E_RATE) <= 2  # told once a second, not once a line

        assert await host_play == "over"  # the room played on to the end of the match
        events = [e["e"] for e in room.log]
        assert "cpu_takeover" in events and room.log[events.index("cpu_takeover")]["seat"] == 1
        assert room.match is not None and room.match.is_over
        assert all(m.get("t") != "view" or m["view"]["seat"] == 1 for m in seen)

    run(body, timeout=90)


def test_an_oversized_line_does_not_wedge_the_connection() -> None:
    async def body(server: Server) -> None:
        client = Client()
        await client.connect("127.0.0.1", server.port)
        client.send_raw(b"z" * (protocol.MAX_LINE * 3))  # no newline yet: reported once, then skipped
        assert (await client.expect("error"))["code"] == protocol.E_TOO_BIG
        client.send_raw(b"zzz\n" + protocol.encode({"t": "ping", "n": 5}))
        assert (await client.expect("pong"))["n"] == 5

    run(body)


def test_a_bad_room_is_refused_with_a_reason() -> None:
    async def body(server: Server) -> None:
        client = Client()
        await client.connect("127.0.0.1", server.port)
        for seats, preset in [(["host", "friend"], "puerto_rican"), (["cpu"] * 4, "puerto_rican"), ([], "nope")]:
            client.send({"t": "create", "name": "A", "preset": preset, "seats": seats})
            error = await client.expect("error")
            assert error["code"] == protocol.E_BAD_ROOM and error["msg"]
        assert not server.rooms
        assert json.loads(protocol.encode({"t": "x"})) == {"t": "x"}

    run(body)


def test_one_address_may_hold_only_so_many_rooms_and_a_closed_one_frees_its_place() -> None:
    async def body(server: Server) -> None:
        server.rooms_per_address = 3
        hosts = [(await open_room(server, ["host", "friend", "cpu", "cpu"]))[0] for _ in range(3)]
        fourth = Client()
        await fourth.connect("127.0.0.1", server.port)
        fourth.send({"t": "create", "name": "D", "preset": "puerto_rican", "seats": ["host", "cpu", "cpu", "cpu"]})
        error = await fourth.expect("error")
        assert error["code"] == protocol.E_TOO_MANY_ROOMS and error["re"] == "create" and "3" in error["msg"]
        assert len(server.rooms) == 3 and server.rooms_held_by("127.0.0.1") == 3
        await hosts[0].close()  # the host leaving closes its room: the address may open another
        while len(server.rooms) > 2:
            await asyncio.sleep(0.01)
        fourth.send({"t": "create", "name": "D", "preset": "puerto_rican", "seats": ["host", "cpu", "cpu", "cpu"]})
        assert (await fourth.expect("joined"))["seat"] == 0
        assert len(server.rooms) == 3

    run(body)


def test_the_room_limit_per_address_can_be_lifted() -> None:
    async def body(server: Server) -> None:
        server.rooms_per_address = 0  # behind a proxy every client has the proxy's address
        hosts = [(await open_room(server, ["host", "friend", "cpu", "cpu"]))[0] for _ in range(12)]
        assert len(server.rooms) == len(hosts) == 12

    run(body)
