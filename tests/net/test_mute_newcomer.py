"""`mute` is by seat (docs/PROTOCOL.md "Table talk"), but a mute is a person's word about a person: a guest who
takes a seat freed by a removal or a lobby `leave` starts with nobody muted and muted by nobody. Before, the
newcomer inherited the mutes of the one who sat there and the others' mutes of them."""

from __future__ import annotations

from typing import Any

from dominoes_desktop.net.client import Client
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run


async def _chat_heard(client: Client, seat: int) -> dict[str, Any]:
    """The next chat from `seat` (a muted seat's would never come: expect times out)."""
    message = await client.expect("chat", timeout=5)
    while message["seat"] != seat:
        message = await client.expect("chat", timeout=5)
    return message


def test_a_newcomer_in_a_freed_seat_is_neither_muted_nor_deaf() -> None:
    async def body(server: Server) -> None:
        host, code, room = await open_room(server, ["host", "friend", "friend"], preset="room", options={"players": 3})
        ben, _ = await join(server, code, "Ben")
        cy, _ = await join(server, code, "Cy")
        host.send({"t": "mute", "seat": 1})  # `on` left out: true
        ben.send({"t": "mute", "seat": 0, "on": True})
        cy.send({"t": "mute", "seat": 2, "on": True})  # muting itself: no echo of its own talk
        ben.send({"t": "leave"})  # in the lobby: the seat is free
        await ben.expect("bye")
        cy.send({"t": "leave"})
        await cy.expect("bye")
        dan, joined = await join(server, code, "Dan")
        eve, joined_eve = await join(server, code, "Eve")
        assert (joined["seat"], joined_eve["seat"]) == (1, 2)
        assert [s.muted for s in room.seats] == [set(), set(), set()]
        dan.send({"t": "chat", "text": "hello from Dan"})
        heard = await _chat_heard(host, 1)
        assert (heard["seat"], heard["text"]) == (1, "hello from Dan")  # the host had muted Ben, not Dan
        assert (await _chat_heard(eve, 1))["text"] == "hello from Dan"
        assert (await _chat_heard(dan, 1))["text"] == "hello from Dan"  # echoed: Dan muted nobody
        host.send({"t": "chat", "phrase": "hello"})
        assert (await _chat_heard(dan, 0))["phrase"] == "hello"  # Ben had muted the host, Dan did not
        eve.send({"t": "chat", "phrase": "thanks"})
        assert (await _chat_heard(eve, 2))["phrase"] == "thanks"  # Cy's mute of its own seat was Cy's
        host.send({"t": "mute", "seat": 1, "on": False})  # unmuting someone not muted: nothing to say
        host.send({"t": "ping", "n": 3})
        assert (await host.expect("pong"))["n"] == 3

    run(body)
