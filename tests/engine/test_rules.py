"""Sets, presets and host options."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_desktop.cli.soak import play_checked_match
from dominoes_desktop.engine.errors import RulesError
from dominoes_desktop.engine.match import heaviest_tile_holder, highest_double_holder
from dominoes_desktop.engine.presets import PRESETS, build_rules
from dominoes_desktop.engine.rules import (
    AfterNoWinner,
    AfterWin,
    BlockedRule,
    EndScoring,
    LayoutKind,
    Opening,
    Scoring,
    Style,
)
from dominoes_desktop.engine.tiles import Tile, full_set, heaviness


def test_set_sizes() -> None:
    assert len(full_set(6)) == 28
    assert len(full_set(9)) == 55
    assert len(full_set(12)) == 91
    assert len(full_set(6, (Tile(0, 0),))) == 27


def test_tiles_are_the_same_value_in_either_order() -> None:
    assert Tile.parse("4-6") == Tile.parse("6-4") == Tile(6, 4)
    assert str(Tile.of(2, 5)) == "5-2"
    assert Tile(5, 5).is_double and Tile(5, 5).pips == 10


def test_all_eighteen_presets() -> None:
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
        "room",
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
        # The friends' room: 7 each on double-6, 5 in a draw game of 3-4 players, 10 each on double-9.
        ("room", {}, 7),
        ("room", {"players": 2}, 7),
        ("room", {"players": 3}, 7),
        ("room", {"style": "draw"}, 5),
        ("room", {"style": "draw", "players": 3}, 5),
        ("room", {"style": "draw", "players": 2}, 7),
        ("room", {"set": 9}, 10),
        ("room", {"set": 9, "players": 2}, 10),
        ("room", {"set": 9, "style": "draw"}, 10),
        ("room", {"set": 9, "style": "draw", "players": 3}, 10),
        ("room", {"style": "block"}, 7),
        # A block preset switched to draw takes classic_draw's size for its seats (RULES.md §9b).
        ("jamaican", {"style": "draw"}, 4),
        ("block", {"style": "draw"}, 4),
        ("six_love", {"style": "draw", "set": 9}, 4),
        ("cutthroat", {"style": "draw"}, 5),
        ("cutthroat", {"style": "draw", "players": 2}, 7),
        ("classic_block", {"style": "draw", "players": 5}, 3),
        ("classic_block", {"style": "draw", "set": 9}, 4),
        ("cuban", {"style": "draw"}, 4),
        # A drawing preset keeps its own table whatever style it is switched to.
        ("draw", {"style": "block"}, 5),
        ("classic_draw", {"style": "block", "players": 3}, 5),
        ("cross_9", {"style": "block", "players": 2}, 7),
        ("all_fives", {"style": "draw"}, 5),
        ("fives_threes", {"style": "draw", "players": 2}, 5),
        # The host's own size wins over the table.
        ("jamaican", {"style": "draw", "deal_size": 6}, 6),
        ("room", {"style": "draw", "deal_size": 6}, 6),
        # Cuban on double-6 gets a deal that fits the set instead of a refusal.
        ("cuban", {"set": 6}, 7),
        ("cuban", {"set": 12}, 10),
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


def test_the_room_preset() -> None:
    room = build_rules("room")
    assert room.name == "Friends' room" and room.set_top == 6 and room.players == 4
    assert not room.partners and room.teams == (0, 1, 2, 3), "partners are off by default"
    assert room.style is Style.BLOCK and room.layout is LayoutKind.LINE and not room.claims
    assert room.opening is Opening.HIGHEST_DOUBLE_ANY and not room.opening.must_pose_double
    assert not room.opening.redeals_without_double
    assert room.after_win is AfterWin.WINNER and room.after_no_winner is AfterNoWinner.FIRST_HAND_RULE
    assert room.blocked is BlockedRule.LOWEST_SIDE and room.scoring is Scoring.OPPONENTS_PIPS
    assert room.target == 100 and not room.scoring.counts_hands and not room.single_round
    assert room.end_scoring is EndScoring.NONE and room.removed_tiles == ()
    assert not (room.capicua_bonus or room.key_bone_bonus or room.six_love_reset or room.cutthroat_reset)
    assert not room.target_needs_zero_opponent and room.redeal_doubles == 0
    preset = PRESETS["room"]
    assert (preset.min_players, preset.max_players, preset.partners_allowed) == (2, 4, True)
    assert preset.sets == (6, 9) and preset.symbol == "room"
    assert build_rules("room", {"single_round": True}).single_round
    assert build_rules("room", {"players": 4, "partners": True}).teams == (0, 1, 0, 1)
    assert build_rules("room", {"players": 2}).teams == (0, 1)


def test_partners_are_on_or_off_and_always_sit_opposite() -> None:
    assert build_rules("jamaican").teams == (0, 1, 0, 1)
    assert build_rules("jamaican", {"partners": False}).teams == (0, 1, 2, 3)
    assert build_rules("jamaican", {"partners": True}).teams == (0, 1, 0, 1)
    assert build_rules("classic_block").teams == (0, 1, 2, 3)
    assert build_rules("classic_block", {"partners": True}).teams == (0, 1, 0, 1)
    assert build_rules("room", {"partners": True}).seats_of(0) == (0, 2)
    assert build_rules("room", {"partners": True}).seats_of(1) == (1, 3)


@pytest.mark.parametrize(
    "pairs",
    [[[0, 1], [2, 3]], [[0, 3], [1, 2]], [[0, 2], [1, 3]], [(1, 3), (0, 2)], []],
)
def test_pairs_of_seats_are_refused(pairs: object) -> None:
    with pytest.raises(RulesError, match=r"true or false, not pairs of seats: partners always sit opposite"):
        build_rules("jamaican", {"partners": pairs})


@pytest.mark.parametrize("teams", [(0, 0, 1, 1), (0, 1, 1, 0), (1, 0, 1, 0), (0, 1, 2, 0), (0, 1, 0)])
def test_no_rule_object_pairs_neighbouring_seats(teams: tuple[int, ...]) -> None:
    with pytest.raises(RulesError, match="partners sit opposite"):
        replace(build_rules("jamaican"), teams=teams)


@pytest.mark.parametrize("value", ["yes", 1, 0, {"on": True}])
def test_partners_must_be_a_boolean(value: object) -> None:
    with pytest.raises(RulesError, match=r"option 'partners' must be true or false"):
        build_rules("classic_block", {"partners": value})


@pytest.mark.parametrize(
    ("preset", "options", "message"),
    [
        ("jamaican", {"players": 3}, "played by 4 players"),
        ("cutthroat", {"players": 4}, "2 to 3 players"),
        ("classic_block", {"players": 3, "partners": True}, "partners need exactly 4 players"),
        ("cross", {"partners": True}, "every player for themselves"),
        (
            "jamaican",
            {"deal_size": 8},
            "4 players can each be dealt 1 to 7 tiles from a double-6 set of 28 tiles, not 8",
        ),
        (
            "jamaican",
            {"deal_size": -1},
            "4 players can each be dealt 1 to 7 tiles from a double-6 set of 28 tiles, not -1",
        ),
        ("jamaican", {"deal_size": 0}, "can each be dealt 1 to 7 tiles"),
        ("cutthroat", {"deal_size": 10}, "3 players can each be dealt 1 to 9 tiles from a double-6 set of 27 tiles"),
        ("jamaican", {"set": 7}, "double-6, double-9 or double-12"),
        ("room", {"set": 12}, "Friends' room is played with a double-6 or double-9 set, not double-12"),
        ("room", {"players": 5}, "played by 2 to 4 players, not 5"),
        ("room", {"players": 3, "partners": True}, "partners need exactly 4 players"),
        ("jamaican", {"target": 0}, "at least 1"),
        ("jamaican", {"colour": "red"}, "unknown option"),
        ("nowhere", {}, "unknown preset"),
        # Draw games keep a stock: an empty one is refused, and the all-fives draw needs three tiles.
        (
            "jamaican",
            {"style": "draw", "deal_size": 7},
            "a draw game must leave tiles in the stock: 4 players can "
            "each be dealt 1 to 6 tiles from a double-6 set of 28 tiles, not 7",
        ),
        ("room", {"style": "draw", "deal_size": 7}, "a draw game must leave tiles in the stock"),
        ("room", {"style": "draw", "players": 2, "deal_size": 14}, "1 to 13 tiles"),
        ("cutthroat", {"style": "draw", "deal_size": 9}, "1 to 8 tiles from a double-6 set of 27 tiles, not 9"),
        ("classic_draw", {"players": 5, "deal_size": 6}, "a draw game must leave tiles in the stock"),
        (
            "all_fives",
            {"players": 4, "deal_size": 7},
            "the all-fives draw must leave at least three tiles in the "
            "stock (two sleep, one can be drawn): 4 players can each be dealt 1 to 6 tiles",
        ),
        ("fives_threes", {"players": 2, "deal_size": 13}, "1 to 12 tiles"),
        ("fives_threes", {"style": "draw", "deal_size": 7}, "at least three tiles in the stock"),
        # RULES.md §9b: the all-fives draw is how the fives family draws, not a style a host types.
        ("all_fives", {"style": "all_fives_draw"}, 'not "all_fives_draw": the fives presets keep their own draw'),
        ("jamaican", {"style": "all_fives_draw"}, 'style must be "block" or "draw", not "all_fives_draw"'),
    ],
)
def test_impossible_options_are_refused_readably(preset: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        build_rules(preset, options)


@pytest.mark.parametrize("style", ["sideways", "Draw", "", 3, "block ", ["draw"]])
def test_the_style_error_lists_every_accepted_value(style: object) -> None:
    with pytest.raises(RulesError) as caught:
        build_rules("jamaican", {"style": style})
    assert str(caught.value) == f'style must be "block" or "draw", not {json.dumps(style)}'  # JSON's words


@pytest.mark.parametrize("style", ["block", "draw"])
def test_every_style_the_error_names_is_accepted(style: str) -> None:
    assert build_rules("room", {"style": style}).style.value == style


@pytest.mark.parametrize("preset_id", ["all_fives", "fives_threes"])
def test_the_fives_family_keeps_its_own_draw_under_style_draw(preset_id: str) -> None:
    """RULES.md §9b: draw one tile, the turn ends if it does not fit, two tiles sleep; only 'block' changes it."""
    switched = build_rules(preset_id, {"style": "draw"})
    assert switched.style is Style.ALL_FIVES_DRAW and switched.hand_size == 5
    assert build_rules(preset_id, {"style": "block"}).style is Style.BLOCK


def test_draw_over_any_other_preset_is_the_plain_draw() -> None:
    for preset_id in sorted(PRESETS):
        if PRESETS[preset_id].rules.style is not Style.ALL_FIVES_DRAW:
            assert build_rules(preset_id, {"style": "draw"}).style is Style.DRAW, preset_id


def test_cuban_on_a_double_6_set_deals_7_each() -> None:
    cuban = build_rules("cuban", {"set": 6})
    assert (cuban.set_top, cuban.hand_size, cuban.style) == (6, 7, Style.BLOCK)


def test_a_deal_of_exactly_the_stock_limit_is_played() -> None:
    assert build_rules("jamaican", {"style": "draw", "deal_size": 6}).hand_size == 6  # 4 tiles in the stock
    assert build_rules("classic_draw", {"players": 5, "deal_size": 5}).hand_size == 5  # 3 in the stock
    assert build_rules("all_fives", {"deal_size": 6}).hand_size == 6  # 28 - 24 = 4 in the stock
    assert build_rules("all_fives", {"set": 9, "deal_size": 13}).hand_size == 13  # 55 - 52: exactly three left
    assert build_rules("fives_threes", {"set": 12, "deal_size": 22}).hand_size == 22  # 91 - 88 = 3
    with pytest.raises(RulesError, match="1 to 13 tiles"):
        build_rules("all_fives", {"set": 9, "deal_size": 14})


def test_changed_options_are_recorded() -> None:
    assert build_rules("jamaican").customised == ()
    assert build_rules("jamaican", {"target": 3, "set": 9}).customised == ("target", "set")


STOCK_KEPT = {Style.BLOCK: 0, Style.DRAW: 1, Style.ALL_FIVES_DRAW: 3}


@st.composite
def host_choices(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A preset and the options a lobby could offer over it: a set it allows, seats in range, any style."""
    preset_id = draw(st.sampled_from(sorted(PRESETS)))
    preset = PRESETS[preset_id]
    options: dict[str, object] = {
        "set": draw(st.sampled_from(preset.sets)),
        "players": draw(st.integers(preset.min_players, preset.max_players)),
        "style": draw(st.sampled_from(["block", "draw"])),
    }
    if options["players"] == 4 and preset.partners_allowed:
        options["partners"] = draw(st.booleans())
    return preset_id, options


@settings(max_examples=300, deadline=None)
@given(choice=host_choices())
def test_the_default_deal_always_fits_and_a_drawing_game_keeps_a_stock(choice: tuple[str, dict[str, object]]) -> None:
    preset_id, options = choice
    rules = build_rules(preset_id, options)  # no host mix of set, seats and style is refused by its default deal
    stock = len(full_set(rules.set_top, rules.removed_tiles)) - rules.hand_size * rules.players
    assert stock >= STOCK_KEPT[rules.style]
    if rules.style is not Style.BLOCK:
        assert stock >= 1, "a draw game never plays as a block game for want of a stock"


@settings(max_examples=300, deadline=None)
@given(choice=host_choices(), size=st.integers(-3, 50))
def test_a_typed_deal_is_played_exactly_when_it_fits(choice: tuple[str, dict[str, object]], size: int) -> None:
    preset_id, options = choice
    rules = build_rules(preset_id, options)
    style = rules.style
    set_size = len(full_set(rules.set_top, rules.removed_tiles))
    fits = size >= 1 and set_size - size * rules.players >= STOCK_KEPT[style]
    try:
        typed = build_rules(preset_id, options | {"deal_size": size})
    except RulesError as exc:
        assert not fits
        text = str(exc)
        most = (set_size - STOCK_KEPT[style]) // rules.players
        assert f"can each be dealt 1 to {most} tiles" in text and text.endswith(f"not {size}"), text
    else:
        assert fits and typed.hand_size == size and "deal_size" in typed.customised


@settings(max_examples=200, deadline=None)
@given(choice=host_choices())
def test_partners_always_alternate_with_the_turn(choice: tuple[str, dict[str, object]]) -> None:
    rules = build_rules(*choice)
    if rules.partners:
        assert rules.teams == (0, 1, 0, 1)
        assert all(rules.side_of(s) != rules.side_of((s + 1) % 4) for s in range(4)), "turns alternate sides"
    else:
        assert rules.teams == tuple(range(rules.players))


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    set_top=st.sampled_from([6, 9]),
    style=st.sampled_from(["block", "draw"]),
    partners=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_who_opens_a_room_hand(players: int, set_top: int, style: str, partners: bool, seed: int) -> None:
    """The first hand, and any hand after a tie: the highest double's holder (else the heaviest tile's) leads,
    free to pose any tile; after a win, the winner leads. Random legal play over whole matches."""
    options: dict[str, object] = {"players": players, "set": set_top, "style": style, "target": 40}
    if players == 4:
        options["partners"] = partners
    rules = build_rules("room", options)
    match, _ = play_checked_match(rules, seed)
    assert len(match.archive) == len(match.results)
    for index, (result, (deal, hand)) in enumerate(zip(match.results, match.archive, strict=True)):
        previous = match.results[index - 1].winner_seat if index else None
        if previous is not None:
            assert result.leader == previous
            continue
        holder = highest_double_holder(deal.hands)
        expected = holder if holder is not None else heaviest_tile_holder(deal.hands)
        assert result.leader == expected[0]
        assert hand.forced_pose is None, f"any tile may open, not only {expected[1]}"
        assert all(heaviness(t) <= heaviness(expected[1]) for t in deal.hands[expected[0]] if holder is None)
