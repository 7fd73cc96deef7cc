"""Decision numbers (`d`, docs/PROTOCOL.md "Playing") grow through every match at a table: another match's
decisions are numbered on from the last one's, so a client that answers each number once (as the text lets it)
answers the next match's first cut too. Found by a client written from the document alone: the second match's
first cut came as `d: 1` again, the client took it for the cut it had made, and the room waited for the cut
timer."""

from __future__ import annotations

import asyncio
from typing import Any

from dominoes_desktop.net.client import Client, play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run


async def _numbers_until_over(client: Client, seed: int) -> list[int]:
    seen: list[int] = []

    def note(message: dict[str, Any]) -> None:
        if message["t"] == "view":
            seen.append(message["d"])

    assert await play_seat(client, random_chooser(seed), on_message=note) == "over"
    return seen


async def _first_view(client: Client) -> dict[str, Any]:
    return await client.expect("view")


def test_the_next_matchs_decisions_are_numbered_on_from_the_last_ones() -> None:
    async def body(server: Server) -> None:
        seats = ["host", "friend", "cpu:random", "cpu:random"]
        host, code, room = await open_room(server, seats, preset="draw", options={"single_round": True}, wait_s=5)
        guest, _ = await join(server, code, "Ben")
        host.send({"t": "start"})
        first_host, first_guest = await asyncio.gather(_numbers_until_over(host, 1), _numbers_until_over(guest, 2))
        assert first_host and first_guest and room.match_number == 0
        last = max(first_host + first_guest)
        host.send({"t": "start"})
        cut_host, cut_guest = await asyncio.gather(_first_view(host), _first_view(guest))
        assert room.match_number == 1
        for cut in (cut_host, cut_guest):
            assert cut["decision"] == "cut" and cut["legal"] == ["cut:HEX"]
            assert cut["d"] > last, (cut["d"], last)  # was 1 again, a number this seat had answered
        # The first match's last number is an old one now: `stale` (it was "not asked yet"), not a strike.
        guest.send({"t": "act", "d": last, "action": "cut:0a"})
        error = await guest.expect("error")
        assert (error["code"], error["re"]) == ("stale", "act"), error
        # The new numbers are the room's: the cuts sent with them are taken, and the match is played to its end.
        second = await asyncio.gather(_cut_and_play(host, cut_host, 3), _cut_and_play(guest, cut_guest, 4))
        assert min(second[0] + second[1]) >= cut_host["d"]

    run(body, timeout=120)


async def _cut_and_play(client: Client, cut: dict[str, Any], seed: int) -> list[int]:
    client.send({"t": "act", "d": cut["d"], "action": "cut:0a"})
    return await _numbers_until_over(client, seed)
