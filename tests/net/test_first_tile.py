"""mends26 2: an impossible '@x' on a hand's first tile (nothing on the table yet) is refused in the empty table's
words by the room, not as if an end existed ("tile 6-6 cannot join an end showing 1")."""

from __future__ import annotations

from typing import Any

import pytest

from dominoes_desktop.engine.decisions import PlayTurn
from dominoes_desktop.engine.moves import Move
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.net import codec, protocol
from dominoes_desktop.net.client import play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import open_room, run

FIRST_WORDS = "nothing is on the table yet, so the first tile takes no end"


def test_the_codec_words_a_first_tiles_impossible_end_for_the_empty_table() -> None:
    pose = PlayTurn(0, (Move.play(Tile(6, 6)), Move.play(Tile(5, 4))))
    with pytest.raises(codec.ActionError) as refused:
        codec.parse(pose, 0, "6-6@1")
    assert str(refused.value) == f"'6-6@1': {FIRST_WORDS}: send 6-6"
    assert "join an end" not in str(refused.value)
    later = PlayTurn(0, (Move.play(Tile(6, 5), 6),))  # a tile on the table: an end exists, the old words hold
    with pytest.raises(codec.ActionError, match="cannot join an end showing 1"):
        codec.parse(later, 0, "6-5@1")


def _bad_end(tile: str) -> str:
    high, low = (int(n) for n in tile.split("-"))
    return f"{tile}@{next(n for n in range(7) if n not in (high, low))}"


def test_a_room_refuses_a_poses_impossible_end_in_the_empty_tables_words() -> None:
    async def body(server: Server) -> None:
        host, _, _ = await open_room(server, ["host", "cpu:random"], preset="room", options={"players": 2})
        refusals: list[dict[str, Any]] = []
        base = random_chooser(3)

        async def try_a_bad_pose_first(message: dict[str, Any]) -> str:
            poses = [a for a in message["legal"] if "-" in a and "@" not in a]
            if message["decision"] == "turn" and poses and not refusals:
                host.send({"t": "act", "d": message["d"], "action": _bad_end(poses[0])})
            return await base(message)

        def heard(message: dict[str, Any]) -> None:
            if message["t"] == "error":
                refusals.append(message)

        host.send({"t": "start"})
        assert await play_seat(host, try_a_bad_pose_first, on_message=heard) == "over"
        assert refusals, "the host posed at least once in the match"
        refused = refusals[0]
        assert (refused["code"], refused["re"]) == (protocol.E_ILLEGAL, "act")
        assert FIRST_WORDS in refused["msg"] and "join an end" not in refused["msg"]

    run(body, timeout=120)
