"""A guest's ask for another match is a message of the protocol (`again`, PROTOCOL.md), not table talk in the
asker's language: the room tells every seat by the event `again`, once per guest and match, and refuses it in one
line from the host, before the match's end or a second time."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from dominoes_desktop.net import messages, protocol
from dominoes_desktop.net.client import Client, play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run


async def _refused(client: Client) -> dict[str, Any]:
    client.send({"t": "again"})
    error = await client.expect("error")
    assert (error["code"], error["re"]) == (protocol.E_STATE, "again"), error
    return error


def test_again_is_a_client_message_of_the_protocol() -> None:
    assert "again" in protocol.CLIENT_TYPES
    assert isinstance(messages.parse_client({"t": "again", "unknown": 1}), messages.Again)
    event = messages.parse_server({"t": "event", "e": "again", "seat": 1, "name": "Ben"})
    assert isinstance(event, messages.Event) and event.fields == {"seat": 1, "name": "Ben"}


def test_a_guest_asks_once_after_the_match_and_everyone_hears_it_as_an_event() -> None:
    async def body(server: Server) -> None:
        seats = ["host", "friend", "cpu:random", "cpu:random"]
        host, code, room = await open_room(server, seats, options={"single_round": True}, wait_s=0)
        guest, joined = await join(server, code, "Ben")
        assert "over" in (await _refused(guest))["msg"]  # in the lobby: no match has ended
        host.send({"t": "start"})
        await guest.expect("view")
        await _refused(guest)  # mid-match: nothing to play again yet
        await guest.close()  # a CPU plays his seat (wait_s 0)
        assert await play_seat(host, random_chooser(3)) == "over"
        back = Client()
        await back.connect("127.0.0.1", server.port)
        back.send({"t": "rejoin", "code": code, "token": joined["token"]})
        await back.expect("joined")
        back.send({"t": "again"})
        heard = await host.expect("event")
        while heard["e"] != "again":
            heard = await host.expect("event")
        assert heard == {"t": "event", "e": "again", "seat": 1, "name": "Ben"}
        echo = await back.expect("event")
        while echo["e"] != "again":
            echo = await back.expect("event")
        assert echo["seat"] == 1
        assert "already" in (await _refused(back))["msg"]  # once a match
        assert "host" in (await _refused(host))["msg"]  # the host sends start instead
        host.send({"t": "start"})  # another match: Ben may ask again after it
        while room.state.value != "playing":
            await asyncio.sleep(0.01)
        assert room.seats[1].asked_again == 0 and room.match_number == 1

    run(body, timeout=120)


def test_a_guest_sending_again_over_and_over_is_refused_and_then_dropped_never_a_crash() -> None:
    async def body(server: Server) -> None:
        seats = ["host", "friend", "cpu:random", "cpu:random"]
        host, code, room = await open_room(server, seats, options={"single_round": True}, wait_s=0)
        guest, _ = await join(server, code, "Ben")
        for _ in range(40):
            guest.send({"t": "again"})
        codes: list[str] = []
        while (message := await guest.recv()) is not None:
            if message["t"] == "error":
                codes.append(message["code"])
        assert codes and set(codes) <= {protocol.E_STATE, protocol.E_RATE, protocol.E_DROPPED}
        assert protocol.E_DROPPED in codes, "the strikes added up: the connection was closed"
        host.send({"t": "ping", "n": 5})
        assert (await host.expect("pong"))["n"] == 5, "the room goes on"
        assert not any(e["e"] == "again" for e in room.log)

    run(body)


def _document_exchange() -> list[tuple[str, dict[str, Any]]]:
    """The example exchange of PROTOCOL.md's "Another match": (direction, message) in order."""
    text = (Path(__file__).parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    section = text.split("## Another match", 1)[1].split("\n## ", 1)[0]
    block = section.split("```json", 1)[1].split("```", 1)[0]
    return [(line[0], json.loads(line[1:])) for line in block.strip().splitlines()]


def test_the_documents_example_exchange_is_what_the_room_does() -> None:
    exchange = _document_exchange()
    assert [way for way, _ in exchange] == ["←", "→", "←", "→", "←"]

    async def body(server: Server) -> None:
        seats = ["host", "friend", "cpu:random", "cpu:random"]
        host, code, _ = await open_room(server, seats, options={"single_round": True}, wait_s=0)
        ben, joined = await join(server, code, "Ben")
        assert joined["seat"] == 1
        host.send({"t": "start"})
        await ben.expect("view")
        await ben.close()
        assert await play_seat(host, random_chooser(7)) == "over"
        back = Client()
        await back.connect("127.0.0.1", server.port)
        back.send({"t": "rejoin", "code": code, "token": joined["token"]})
        for way, message in exchange:
            if way == "→":
                back.send(message)
                continue
            got = await back.recv()
            while got is not None and (got["t"], got.get("e")) != (message["t"], message.get("e")):
                # joined, room, rejoined: the rejoin's own answers
                got = await back.recv()
            assert got is not None and messages.parse_server(got)
            if message.get("e") == "match_end":  # who won, and by how much, is this match's
                assert got["e"] == "match_end" and set(got) == set(message)
            else:
                assert got == message

    run(body, timeout=120)
