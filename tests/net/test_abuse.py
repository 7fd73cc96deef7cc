"""Abuse limits that never lock out the right player (issue 26, item 2): wrong codes are limited per
connection and slowed per address, a right code or a seat's token always works, silent connections are
closed, one address holds only so many connections, and every text field is checked."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from dominoes_desktop.net import protocol
from dominoes_desktop.net import server as server_module
from dominoes_desktop.net.client import Client
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run

SEATS = ["host", "friend", "friend", "cpu"]


async def connected(server: Server) -> Client:
    client = Client()
    await client.connect("127.0.0.1", server.port)
    return client


async def guess(client: Client, code: str) -> str:
    client.send({"t": "join", "code": code, "name": "G"})
    return str((await client.expect("error", timeout=30))["code"])


def test_a_right_code_is_never_refused_for_the_wrong_guesses_of_its_address() -> None:
    async def body(server: Server) -> None:
        _host, code, room = await open_room(server, SEATS)
        guesser = await connected(server)
        for wrong in ("AAA-AAA", "BBB-BBB", "CCC-CCC", "DDD-DDD", "EEE-EEE"):
            assert await guess(guesser, wrong) == protocol.E_WRONG_CODE
        started = time.monotonic()
        _friend, joined = await join(server, code, "Ben")  # same address (loopback), right code: at once
        assert joined["seat"] == 1 and room.seats[1].name == "Ben"
        assert time.monotonic() - started < 0.5

    run(body)


def test_one_connection_may_try_only_a_few_wrong_codes() -> None:
    async def body(server: Server) -> None:
        await open_room(server, SEATS)
        guesser = await connected(server)
        answers = [await guess(guesser, f"{c}{c}{c}-{c}{c}{c}") for c in "ABCDEF"]
        assert answers == [protocol.E_WRONG_CODE] * 5 + [protocol.E_TOO_MANY_GUESSES]
        assert await guesser.recv() is None  # and it is let go

    run(body, timeout=90)


def test_wrong_codes_from_one_address_are_answered_ever_more_slowly() -> None:
    async def body(server: Server) -> None:
        await open_room(server, SEATS)
        waits = []
        for c in "ABCDEF":  # each from its own connection: more connections do not guess faster
            guesser = await connected(server)
            started = time.monotonic()
            assert await guess(guesser, f"{c}{c}{c}-{c}{c}{c}") == protocol.E_WRONG_CODE
            waits.append(time.monotonic() - started)
            await guesser.close()
        free = server_module.GUESS_FREE
        assert all(w < server_module.GUESS_DELAY_S for w in waits[:free])
        assert waits[free] >= server_module.GUESS_DELAY_S * 0.9
        assert waits[free + 1] >= 2 * server_module.GUESS_DELAY_S * 0.9  # doubling

    run(body, timeout=90)


def test_a_rejoin_by_token_is_not_a_guess_and_a_wrong_one_says_nothing_of_the_room() -> None:
    async def body(server: Server) -> None:
        host, code, room = await open_room(server, SEATS)
        friend, joined = await join(server, code, "Ben")
        host.send({"t": "start"})
        await friend.close()
        while room.seats[1].connected:
            await asyncio.sleep(0.01)
        prober = await connected(server)
        prober.send({"t": "rejoin", "code": code, "token": "not-a-token"})
        wrong_token = await prober.expect("error")
        prober.send({"t": "rejoin", "code": "ZZZ-ZZZ", "token": "not-a-token"})
        wrong_code = await prober.expect("error")
        assert wrong_token["code"] == wrong_code["code"] == protocol.E_BAD_TOKEN  # no room revealed
        for c in "ABC":  # five wrong in all from this address: the next ones would wait
            assert await guess(prober, f"{c}{c}{c}-{c}{c}{c}") == protocol.E_WRONG_CODE
        back = await connected(server)  # the dropped player behind the same router: straight back in
        started = time.monotonic()
        back.send({"t": "rejoin", "code": code, "token": joined["token"]})
        assert (await back.expect("joined"))["seat"] == 1
        assert time.monotonic() - started < 0.5

    run(body, timeout=90)


def test_a_connection_that_never_says_hello_is_closed() -> None:
    async def body(server: Server) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        line = await asyncio.wait_for(reader.readline(), 5)
        assert protocol.decode(line)["code"] == protocol.E_TIMEOUT
        assert await asyncio.wait_for(reader.read(), 5) == b""
        writer.close()

    run(body, handshake_s=0.3)


def test_an_idle_connection_outside_a_room_is_closed_but_a_seated_one_is_not() -> None:
    async def body(server: Server) -> None:
        host, _code, room = await open_room(server, SEATS)
        idle = await connected(server)
        assert (await idle.expect("error"))["code"] == protocol.E_TIMEOUT
        assert await idle.recv() is None
        await asyncio.sleep(0.5)
        host.send({"t": "ping", "n": 3})
        assert (await host.expect("pong"))["n"] == 3  # the host, silent in its lobby as long, is still there
        assert room.seats[0].connected

    run(body, idle_s=0.3)


def test_one_address_may_hold_only_so_many_connections() -> None:
    async def body(server: Server) -> None:
        kept = [await connected(server) for _ in range(3)]
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        refused = protocol.decode(await asyncio.wait_for(reader.readline(), 5))
        assert refused["code"] == protocol.E_TOO_MANY_CONNECTIONS
        writer.close()
        await kept[0].close()
        while len(server.clients) > 2:
            await asyncio.sleep(0.01)
        assert (await connected(server)) is not None  # a place freed is a place again

    run(body, connections_per_address=3)


def test_ping_before_hello_is_refused() -> None:
    async def body(server: Server) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(protocol.encode({"t": "ping", "n": 1}))
        answer = protocol.decode(await asyncio.wait_for(reader.readline(), 5))
        assert answer["t"] == "error" and answer["code"] == protocol.E_HELLO_FIRST
        writer.close()

    run(body)


def send_escaped(client: Client, message: dict[str, Any]) -> None:
    """As JSON with \\u escapes: the only way a lone surrogate travels (UTF-8 cannot hold one)."""
    client.send_raw(json.dumps(message).encode() + b"\n")


def test_every_text_field_is_checked_and_a_bad_one_changes_nothing() -> None:
    async def body(server: Server) -> None:
        client = await connected(server)
        base = {"t": "create", "name": "Ana", "preset": "puerto_rican", "seats": SEATS}
        bad = [
            {**base, "title": "\ud800"},  # a lone surrogate in a room's title
            {**base, "options": {"\ud800": 1}},  # ...in an option's name
            {**base, "options": {"target": "\udfff"}},  # ...in an option's value
            {**base, "name": "Ana\x00"},  # a control character
            {**base, "title": "right\u202eto left"},  # a bidirectional override
            {**base, "title": "x" * 41},  # too long
            {**base, "name": "A" * 101},
        ]
        for message in bad:
            send_escaped(client, message)
            error = await client.expect("error")
            assert error["code"] in (protocol.E_BAD_MESSAGE, protocol.E_BAD_ROOM), error
            assert error["re"] == "create"
            protocol.encode(error)  # the answer itself always encodes
        assert not server.rooms
        client.send({**base, "title": "Ana's table ☀"})
        assert (await client.expect("joined"))["seat"] == 0
        send_escaped(client, {"t": "chat", "text": "\ud83c"})
        assert (await client.expect("error"))["code"] == protocol.E_BAD_MESSAGE
        client.send({"t": "chat", "text": "hola\n"})
        assert (await client.expect("error"))["code"] == protocol.E_BAD_MESSAGE
        client.send({"t": "chat", "text": "x" * (protocol.MAX_CHAT + 1)})
        assert (await client.expect("error"))["code"] == protocol.E_BAD_MESSAGE
        guest = Client()
        await guest.connect("127.0.0.1", server.port)
        guest.send({"t": "join", "code": next(iter(server.rooms)), "name": "\x1b[2J"})
        assert (await guest.expect("error"))["code"] == protocol.E_BAD_MESSAGE

    run(body)
