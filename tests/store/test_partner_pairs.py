"""Match files and bot requests that name pairs of seats as partners are refused on one readable line (RULES.md §9b)."""

from __future__ import annotations

import io
import json

import pytest

from dominoes_desktop.cli.bot import serve
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.store.matchfile import MatchFileError, SeatRecord, loads, match_to_json


def _saved_room_match(options: dict[str, object]) -> dict[str, object]:
    rules = build_rules("room", options)
    table = CpuTable(rules, [make_player("easy", i) for i in range(rules.players)], 3)
    table.play_hand()
    seats = [SeatRecord(f"P{i}", i == 0, "easy") for i in range(rules.players)]
    return match_to_json(table.match, options, seats, {"timer_seconds": 0, "stats_group": "Home"})


def test_a_room_match_with_partners_round_trips() -> None:
    data = _saved_room_match({"partners": True})
    restored = loads(json.dumps(data))
    assert restored.match.rules.teams == (0, 1, 0, 1) and restored.options == {"partners": True}


@pytest.mark.parametrize("pairs", [[[0, 1], [2, 3]], [[0, 2], [1, 3]]])
def test_a_match_file_with_pairs_of_seats_is_refused(pairs: list[list[int]]) -> None:
    data = _saved_room_match({"partners": True})
    data["options"] = {"partners": pairs}
    with pytest.raises(MatchFileError) as info:
        loads(json.dumps(data))
    message = str(info.value)
    assert "\n" not in message and "not pairs of seats: partners always sit opposite" in message


def test_a_bot_request_with_pairs_of_seats_gets_an_error() -> None:
    request = {
        "preset": "room",
        "options": {"partners": [[0, 1], [2, 3]]},
        "seat": 0,
        "leader": 0,
        "hand": ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"],
        "moves": [],
    }
    sink = io.StringIO()
    serve(make_player("easy", 0), io.StringIO(json.dumps(request) + "\n"), sink)
    reply = json.loads(sink.getvalue())
    assert set(reply) == {"error"} and "pairs of seats" in reply["error"]
