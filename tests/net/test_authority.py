"""The host's engine is the only authority, and a client learns only what its seat may see."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.net.client import DealChecker, play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run

TILE = re.compile(rb"(?<![\w.-])(\d{1,2})-(\d{1,2})(?![\w-])")


def tiles_in(line: bytes) -> set[Tile]:
    return {Tile.of(int(a), int(b)) for a, b in TILE.findall(line)}


@pytest.mark.parametrize("preset", ["draw", "cuban", "all_fives"])
def test_a_client_never_receives_a_tile_its_seat_cannot_see(preset: str) -> None:
    """Every byte the guest receives in a whole match, read in order against the host's record of each hand:
    before a hand ends, a tile may only be one the guest held (dealt or drawn) or one already played."""

    async def body(server: Server) -> None:
        seats = ["host", "friend", "cpu:easy", "cpu:medium"]
        host, code, room = await open_room(server, seats, preset)
        guest, joined = await join(server, code, record=True)
        seat = joined["seat"]
        host.send({"t": "start"})
        checks = [DealChecker(), DealChecker()]
        results = await asyncio.gather(
            play_seat(host, random_chooser(1), checks[0]), play_seat(guest, random_chooser(2), checks[1])
        )
        assert results == ["over", "over"]
        assert all(c.verified == len(room.match.results) and not c.failures for c in checks)  # type: ignore[union-attr]
        assert guest.raw is not None
        archive = room.match.archive  # type: ignore[union-attr]
        assert len(archive) >= 2

        own: list[set[Tile]] = []
        for deal, hand in archive:
            held = set(deal.hands[seat])
            for index, dealt in room.deals:
                if index == len(own):  # a deal dealt again (Cuban): its tiles were this seat's too, for a while
                    held |= set(dealt.hands[seat])
            stock = list(deal.stock)
            for turn in hand.history:  # the i-th draw of the hand takes the stock's i-th tile
                if turn.move.kind is MoveKind.DRAW:
                    tile = stock.pop(0)
                    if turn.seat == seat:
                        held.add(tile)
            own.append(held)
        hand_index, ply, played, checked = 0, 0, set(), 0
        for line in bytes(guest.raw).split(b"\n"):
            if not line:
                continue
            message = json.loads(line)
            if message.get("e") == "move":  # every public move is the host's own record of it, in order
                _, hand = archive[message["hand"]]
                assert (message["hand"], message["seat"], message["move"]) == (
                    hand_index,
                    hand.history[ply].seat,
                    hand.history[ply].move.notation(),
                )
                ply += 1
                head = message["move"].split("@")[0]
                if "-" in head:
                    played.add(Tile.parse(head))
            if message.get("e") == "hand_end":  # from here on the hand is public: its reveal proves the deal
                assert ply == len(archive[hand_index][1].history)
                hand_index, ply, played = message["hand"] + 1, 0, set()
                continue
            if hand_index >= len(own):
                assert not tiles_in(line)
                continue
            leaked = tiles_in(line) - own[hand_index] - played
            assert not leaked, f"hand {hand_index}: {sorted(map(str, leaked))} reached seat {seat} in {line[:200]!r}"
            checked += 1
        assert checked > 50 and hand_index == len(archive)

    run(body)
