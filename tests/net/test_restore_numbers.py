"""A room opened again from its save goes on with the table's numbers: its decision numbers carry on from the
last one sent (they only grow at a table, docs/PROTOCOL.md "Playing") and `match` still counts the matches
played. Before, both started again from 0: a returning guest could be sent a number it had answered, and the
room said `match: 0` in its second match."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from dominoes_desktop.net.client import Client, play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run


def test_a_room_opened_again_numbers_on_from_where_it_stood() -> None:
    saved: list[dict[str, Any] | None] = []
    seen: list[int] = []

    def note(message: dict[str, Any]) -> None:
        if message["t"] == "view":
            seen.append(message["d"])

    async def first_session(server: Server) -> str:
        server.room_saver = saved.append
        seats = ["host", "friend", "cpu:easy", "cpu:easy"]
        host, code, room = await open_room(server, seats, "draw", options={"single_round": True}, wait_s=5)
        guest, joined = await join(server, code, "Ben")
        host.send({"t": "start"})
        done = await asyncio.gather(
            play_seat(host, random_chooser(1)), play_seat(guest, random_chooser(2), on_message=note)
        )
        assert done == ["over", "over"]
        host.send({"t": "start"})  # a second match, saved part-way
        applied = room.moves_applied
        players = [
            asyncio.create_task(play_seat(host, random_chooser(3))),
            asyncio.create_task(play_seat(guest, random_chooser(4), on_message=note)),
        ]
        while room.moves_applied < applied + 4:
            await asyncio.sleep(0.005)
        for task in players:
            task.cancel()
        room.save()
        return str(joined["token"])

    guest_token = run(first_session)
    snapshot = json.loads(json.dumps(saved[-1]))
    assert seen

    async def second_session(server: Server) -> None:
        room = server.restore_room(snapshot)
        assert room.match_number == 1
        host = Client()
        await host.connect("127.0.0.1", server.port)
        host.send({"t": "rejoin", "code": room.code, "token": snapshot["seats"][0]["token"]})
        assert (await host.expect("room"))["match"] == 1
        guest = Client()
        await guest.connect("127.0.0.1", server.port)
        guest.send({"t": "rejoin", "code": room.code, "token": guest_token})
        view = await guest.expect("view")
        assert view["d"] > max(seen), (view["d"], max(seen))  # numbered from 0 again, it was below

    run(second_session)
    older = {key: value for key, value in snapshot.items() if key not in ("d", "match")}

    async def older_save(server: Server) -> None:  # a room saved before the numbers were kept opens as it did
        room = server.restore_room(older)
        assert room.match_number == 0 and room.code == snapshot["code"]

    run(older_save)
