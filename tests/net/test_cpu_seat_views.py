"""What a seat a CPU plays is sent, driven through a real server and client: the views of a guest who timed out
(a CPU plays for them while they watch) are the same at every deal, and a seat the host handed to a CPU gets
none (docs/PROTOCOL.md, "The turn clock")."""

from __future__ import annotations

import asyncio
from typing import Any

from dominoes_desktop.net.client import play_seat, random_chooser
from dominoes_desktop.net.room import Room
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run
from .test_turn_clock import silent


async def watched_hands(server: Server, hands: int, handed: bool) -> tuple[list[dict[str, Any]], Room]:
    """A guest who never acts (a CPU takes the seat after its timeouts; `handed`: then the host's CPU) reads the
    table while `hands` more hands are played; what it read from the commit of a deal sealed well after that (the
    views already on their way were the seat's before), and the room."""
    host, code, room = await open_room(
        server, ["host", "friend", "cpu:random", "cpu:random"], turn_s=1, options={"target": 100_000}
    )
    guest, _ = await join(server, code, "Idle")
    seen: list[dict[str, Any]] = []
    idle = asyncio.create_task(silent(guest, seen))  # it cuts, until its CPU does
    host.send({"t": "start"})
    playing = asyncio.create_task(play_seat(host, random_chooser(3)))
    try:
        while not room.seats[1].cpu_playing:
            await asyncio.sleep(0.02)
        if handed:
            host.send({"t": "cpu_seat", "seat": 1})
            while room.seats[1].cpu_why != "host":
                await asyncio.sleep(0.02)
        assert room.match is not None
        # The deal two on from the hand in play: whatever was on its way to the guest before has been read.
        settled = room.match.hand_index + 2
        ended = sum(1 for e in room.log if e["e"] == "hand_end")
        while sum(1 for e in room.log if e["e"] == "hand_end") < ended + hands:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)  # the last views on their way
    finally:
        idle.cancel()
        playing.cancel()
    first = next(i for i, m in enumerate(seen) if m.get("e") == "commit" and m["hand"] >= settled)
    return seen[first:], room


def by_deal(seen: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The messages read, cut at each deal's `commit`: one list a deal (its commit first)."""
    deals: list[list[dict[str, Any]]] = []
    for message in seen:
        if message.get("e") == "commit":
            deals.append([])
        if deals:
            deals[-1].append(message)
    return deals[:-1]  # the last deal may not be over


def test_a_watching_seat_gets_the_cut_view_at_every_deal() -> None:
    """A guest who timed out still sees its tiles while its CPU plays. Around a cut it got a view only when its
    CPU had played the hand's last tile (the view of that move, sent once the next deal waited for its cuts):
    no view in one hand, one with `legal: []` the next. Now at every deal it gets the `cut` view once, with the
    deal's `commit` and `legal: []` (its CPU has cut), then the dealt hand's view with its tiles."""

    async def body(server: Server) -> list[dict[str, Any]]:
        seen, room = await watched_hands(server, hands=6, handed=False)
        assert room.seats[1].cpu_why == "timeouts"
        return seen

    deals = by_deal(run(body, timeout=120))
    assert len(deals) >= 3, len(deals)
    for deal in deals:
        commit = deal[0]
        cuts = [m for m in deal if m["t"] == "view" and m["decision"] == "cut"]
        assert len(cuts) == 1, [(m["d"], m["decision"], m["legal"]) for m in deal if m["t"] == "view"]
        (cut,) = cuts
        assert cut["legal"] == [] and cut["commit"] == commit["digest"]
        assert cut["view"]["hand"] == [] and cut["view"]["hand_index"] == commit["hand"]
        dealt = [m for m in deal if m["t"] == "view" and m["view"]["hand"]]
        assert dealt and dealt[0]["view"]["hand_index"] == commit["hand"], "then its new tiles"


def test_a_seat_the_host_handed_to_a_cpu_gets_no_views() -> None:
    """The host's CPU plays the seat until the host gives it back: its guest, still connected, reads the events
    and the room's state but gets no view at all, around a cut or otherwise."""

    async def body(server: Server) -> list[dict[str, Any]]:
        seen, room = await watched_hands(server, hands=4, handed=True)
        assert room.seats[1].cpu_why == "host"
        return seen

    seen = run(body, timeout=120)
    assert any(m.get("e") == "commit" for m in seen) and any(m.get("e") == "move" for m in seen)
    assert [m for m in seen if m["t"] == "view"] == []
