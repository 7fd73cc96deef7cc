"""mends26 2: a hand's first tile refused in the empty table's words, by the engine's move checks and by the bot
(they named open ends that did not exist: "5-4 does not fit any open end (no tile on the table yet)", "'6-6@1':
tile 6-6 cannot join an end showing 1")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.cli.bot import reply_to
from dominoes_desktop.engine.cases import CaseError, replay
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.errors import IllegalMove, NotationError
from dominoes_desktop.engine.moves import Move, parse_first_move, parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile

from .helpers import make_hand
from .test_hand import JAMAICAN_DEAL

FIRST_WORDS = "nothing is on the table yet, so the first tile takes no end"
POSE: dict[str, Any] = {
    "preset": "puerto_rican",
    "seat": 0,
    "hand": ["6-6", "5-4", "3-2", "1-0", "2-2", "4-1", "6-3"],
    "leader": 0,
    "moves": [],
}


def test_a_forced_pose_refuses_another_tile_by_naming_the_pose_not_open_ends() -> None:
    hand = make_hand(build_rules("jamaican"), JAMAICAN_DEAL, pose="6-6")
    for written in ("6-5", "6-5@5"):
        with pytest.raises(IllegalMove) as refused:
            hand.apply(parse_move(written))
        assert str(refused.value) == "6-5 cannot be the first tile: this hand's first tile must be 6-6, send 6-6"
        assert refused.value.code == "pose_must_be" and refused.value.params["pose"] == Tile(6, 6)
        assert "open end" not in str(refused.value)


def test_a_pose_that_must_be_a_double_says_so() -> None:
    rules = build_rules("cross", {"players": 2, "deal_size": 6})
    hand = make_hand(rules, ["6-6 6-5 6-4 5-5 5-1 0-0", "6-3 6-2 3-3 2-1 4-4 1-0"], stock="6-1 6-0")
    with pytest.raises(IllegalMove) as refused:
        hand.apply(parse_move("6-5"))
    assert str(refused.value) == "6-5 cannot be the first tile: the first tile must be a double"
    assert refused.value.code == "pose_double"


def test_an_impossible_end_on_the_first_tile_is_worded_for_the_empty_table() -> None:
    with pytest.raises(NotationError) as refused:
        parse_first_move("6-6@1")
    assert str(refused.value) == f"'6-6@1': {FIRST_WORDS}: send 6-6"
    assert parse_first_move("6-6") == Move.play(Tile(6, 6))
    with pytest.raises(NotationError, match="cannot join an end showing 1"):
        parse_move("6-6@1")  # where the table is not known, the notation's own words
    with pytest.raises(NotationError, match=FIRST_WORDS):
        parse_first_move("6-6@x")  # no end can be named yet, a number or not
    with pytest.raises(NotationError) as unread:
        parse_first_move("9-x@1")  # a tile that cannot be read: the notation's own words
    assert FIRST_WORDS not in str(unread.value)


def ask(request: dict[str, Any]) -> dict[str, Any]:
    return reply_to(make_player("random", 0, 50), json.dumps(request))


def test_the_bot_words_a_first_tiles_impossible_end_in_legal_and_in_moves_for_the_empty_table() -> None:
    assert ask({**POSE, "legal": ["6-6@1"]}) == {"error": f"legal: '6-6@1': {FIRST_WORDS}: send 6-6"}
    answer = ask({**POSE, "seat": 1, "hand": ["6-5", "6-4", "6-2", "6-1", "6-0", "5-5", "5-3"],
                  "moves": [{"seat": 0, "move": "6-6@1"}]})  # fmt: skip
    assert answer == {"error": f"'6-6@1': {FIRST_WORDS}: send 6-6"}
    after = ask({**POSE, "seat": 1, "hand": ["6-5", "6-4", "6-2", "6-1", "6-0", "5-5", "5-3"],
                 "moves": [{"seat": 0, "move": "6-6"}], "legal": ["6-5@1"]})  # fmt: skip
    assert "cannot join an end showing 1" in after["error"], "a tile on the table: its ends exist"


def test_a_replay_cases_first_move_with_an_impossible_end_is_worded_for_the_empty_table() -> None:
    case = json.loads((Path(__file__).parents[1] / "data" / "rule-cases" / "puerto_rican-match-1.json").read_text())
    first = case["hands"][0]["moves"][0]
    tile = first if isinstance(first, str) else first["move"]
    high, low = (int(n) for n in tile.split("-"))
    wrong = f"{tile}@{next(n for n in range(7) if n not in (high, low))}"
    if isinstance(first, str):
        case["hands"][0]["moves"][0] = wrong
    else:
        first["move"] = wrong
    with pytest.raises(CaseError) as refused:
        replay(case)
    assert f"'{wrong}': {FIRST_WORDS}: send {tile}" in str(refused.value)


@pytest.mark.parametrize("written", ["muggins:x@1", "muggins:@6", "clam@2", "6-4-1@4", "@3", "6-@6"])
def test_a_bad_move_that_is_not_a_tile_play_keeps_parse_moves_own_words(written: str) -> None:
    """review26 6: "muggins:x@1" before the pose read "'muggins:x' is not a tile", the tile reader's words on a cut
    string, where parse_move says it must name the calling seat."""
    with pytest.raises(NotationError) as own:
        parse_move(written)
    with pytest.raises(NotationError) as first:
        parse_first_move(written)
    assert str(first.value) == str(own.value)
    assert FIRST_WORDS not in str(first.value)
