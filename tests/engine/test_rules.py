"""Sets, presets and host options."""

from __future__ import annotations

import pytest

from dominoes_desktop.engine.errors import RulesError
from dominoes_desktop.engine.presets import PRESETS, build_rules
from dominoes_desktop.engine.rules import EndScoring, LayoutKind, Style
from dominoes_desktop.engine.tiles import Tile, full_set


def test_set_sizes() -> None:
    assert len(full_set(6)) == 28
    assert len(full_set(9)) == 55
    assert len(full_set(12)) == 91
    assert len(full_set(6, (Tile(0, 0),))) == 27


def test_tiles_are_the_same_value_in_either_order() -> None:
    assert Tile.parse("4-6") == Tile.parse("6-4") == Tile(6, 4)
    assert str(Tile.of(2, 5)) == "5-2"
    assert Tile(5, 5).is_double and Tile(5, 5).pips == 10


def test_all_seventeen_presets() -> None:
    assert set(PRESETS) == {
        "jamaican",
        "six_love",
        "trinidad",
        "barbados",
        "puerto_rican",
        "dominican",
        "cuban",
        "cutthroat",
        "block",
        "draw",
        "classic_block",
        "classic_draw",
        "cross",
        "cross_9",
        "cross_12",
        "all_fives",
        "fives_threes",
    }


@pytest.mark.parametrize(
    ("preset", "options", "hand_size"),
    [
        ("jamaican", {}, 7),
        ("cuban", {}, 10),
        ("cutthroat", {}, 9),
        ("cutthroat", {"players": 2}, 9),
        ("draw", {}, 5),
        ("classic_block", {"players": 2}, 8),
        ("classic_block", {"players": 3}, 6),
        ("classic_block", {}, 6),
        ("classic_block", {"players": 5}, 5),
        ("classic_block", {"set": 9}, 9),
        ("classic_block", {"set": 12}, 12),
        ("classic_draw", {"players": 2}, 7),
        ("classic_draw", {"players": 3}, 5),
        ("classic_draw", {}, 4),
        ("classic_draw", {"players": 5}, 3),
        ("cross", {"players": 2}, 7),
        ("cross_9", {"players": 3}, 7),
        ("cross_9", {}, 5),
        ("cross_12", {"players": 5}, 5),
        ("all_fives", {"players": 2}, 5),
        ("fives_threes", {}, 5),
    ],
)
def test_deal_sizes_follow_the_table(preset: str, options: dict[str, int], hand_size: int) -> None:
    assert build_rules(preset, options).hand_size == hand_size


def test_preset_parameters_are_data() -> None:
    six_love = build_rules("six_love")
    assert six_love.six_love_reset and six_love.key_bone_bonus == 1 and six_love.target_needs_zero_opponent
    assert build_rules("dominican").capicua_bonus == 30
    assert build_rules("cuban").redeal_doubles == 5 and build_rules("cuban").set_top == 9
    assert build_rules("cutthroat").removed_tiles == (Tile(0, 0),)
    assert build_rules("cross_9").layout is LayoutKind.SPINNERS
    assert build_rules("cross").layout is LayoutKind.CROSS
    assert build_rules("cross", {"set": 9}).layout is LayoutKind.CROSS, "a cross keeps its layout"
    fives = build_rules("all_fives")
    assert fives.style is Style.ALL_FIVES_DRAW and fives.end_scoring is EndScoring.FIVES and fives.claims


def test_partners() -> None:
    assert build_rules("jamaican").teams == (0, 1, 0, 1)
    assert build_rules("jamaican", {"partners": False}).teams == (0, 1, 2, 3)
    assert build_rules("classic_block").teams == (0, 1, 2, 3)
    assert build_rules("classic_block", {"partners": True}).teams == (0, 1, 0, 1)
    assert build_rules("jamaican", {"partners": [[0, 1], [2, 3]]}).teams == (0, 0, 1, 1)


@pytest.mark.parametrize(
    ("preset", "options", "message"),
    [
        ("jamaican", {"players": 3}, "played by 4 players"),
        ("cutthroat", {"players": 4}, "2 to 3 players"),
        ("classic_block", {"players": 3, "partners": True}, "partners need exactly 4 players"),
        ("cross", {"partners": True}, "every player for themselves"),
        ("jamaican", {"deal_size": 8}, "cannot each be dealt 8 tiles"),
        ("jamaican", {"set": 7}, "double-6, double-9 or double-12"),
        ("jamaican", {"style": "sideways"}, "style must be"),
        ("jamaican", {"target": 0}, "at least 1"),
        ("jamaican", {"colour": "red"}, "unknown option"),
        ("all_fives", {"players": 4, "deal_size": 7}, "two tiles asleep"),
        ("nowhere", {}, "unknown preset"),
    ],
)
def test_impossible_options_are_refused_readably(preset: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        build_rules(preset, options)


def test_changed_options_are_recorded() -> None:
    assert build_rules("jamaican").customised == ()
    assert build_rules("jamaican", {"target": 3, "set": 9}).customised == ("target", "set")
