"""Legal moves, layouts, drawing, end counts and claims within one hand."""

from __future__ import annotations

import dataclasses

import pytest

from dominoes_desktop.engine.errors import IllegalMove
from dominoes_desktop.engine.hand import HandEnd
from dominoes_desktop.engine.moves import DRAW, PASS, Move, parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile

from .helpers import make_hand, play

JAMAICAN_DEAL = [
    "6-6 6-5 0-0 1-1 2-2 3-3 4-4",
    "6-4 5-0 5-1 5-2 5-3 5-4 5-5",
    "6-3 4-0 4-1 4-2 4-3 3-0 3-1",
    "6-2 6-1 6-0 3-2 2-0 2-1 1-0",
]


def test_the_forced_pose_is_the_only_opening() -> None:
    hand = make_hand(build_rules("jamaican"), JAMAICAN_DEAL, pose="6-6")
    assert hand.legal_moves() == [Move.play(Tile(6, 6))]
    with pytest.raises(IllegalMove):
        hand.apply(parse_move("6-5"))


def test_a_line_offers_one_move_per_tile_when_both_ends_match() -> None:
    hand = play(make_hand(build_rules("jamaican"), JAMAICAN_DEAL, pose="6-6"), "6-6")
    assert hand.legal_moves() == [Move.play(Tile(6, 4), 6)]


def test_never_pass_with_a_playable_tile_and_pass_when_stuck() -> None:
    hand = play(make_hand(build_rules("jamaican"), JAMAICAN_DEAL, pose="6-6"), "6-6")
    with pytest.raises(IllegalMove, match="cannot pass"):
        hand.apply(PASS)


def test_a_tile_fitting_two_different_ends_needs_an_end() -> None:
    rules = build_rules("jamaican")
    hand = make_hand(rules, ["6-4 1-1", "4-1 2-2", "3-3 5-5", "0-0 5-0"], leader=0)
    play(hand, "6-4")
    moves = hand.legal_moves()
    assert moves == [Move.play(Tile(4, 1), 4)]
    hand = make_hand(rules, ["6-4 1-1", "6-3 2-2", "4-3 5-5", "0-0 5-0"])
    play(hand, "6-4", "6-3@6")  # ends 3 and 4
    assert {m.end for m in hand.legal_moves()} == {3, 4}
    with pytest.raises(IllegalMove, match="more than one end"):
        hand.apply(parse_move("4-3"))
    play(hand, "4-3@3")
    assert hand.layout.open_ends() == [4, 4]


def test_a_block_hand_ends_when_every_seat_has_passed_in_turn() -> None:
    rules = build_rules("jamaican", {"deal_size": 2})
    hand = make_hand(rules, ["6-6 0-0", "1-1 0-1", "2-2 2-0", "3-3 3-0"], pose="6-6")
    play(hand, "6-6", "pass", "pass", "pass")
    assert hand.history[-1].stuck_on == (6, 6), "a pass records the ends the seat could not match"
    assert not hand.is_over
    play(hand, "pass")
    assert hand.outcome is HandEnd.BLOCKED


def test_draw_style_draws_until_a_tile_fits_then_must_play() -> None:
    rules = build_rules("draw", {"deal_size": 2})
    hand = make_hand(rules, ["6-6 0-0", "1-1 1-0", "2-2 2-0", "3-3 3-0"], stock="5-1 4-4 6-2 5-5", pose="6-6")
    play(hand, "6-6")
    assert hand.legal_moves() == [DRAW]
    play(hand, "draw", "draw")
    assert hand.turn == 1, "drawing does not end the turn in draw games"
    play(hand, "draw")
    assert hand.legal_moves() == [Move.play(Tile(6, 2), 6)]
    with pytest.raises(IllegalMove, match="cannot draw"):
        hand.apply(DRAW)


def test_draw_style_passes_only_with_an_empty_stock() -> None:
    rules = build_rules("draw", {"deal_size": 2})
    hand = make_hand(rules, ["6-6 0-0", "1-1 1-0", "2-2 2-0", "3-3 3-0"], stock="5-1", pose="6-6")
    play(hand, "6-6")
    with pytest.raises(IllegalMove, match="must draw"):
        hand.apply(PASS)
    play(hand, "draw", "pass")
    assert hand.turn == 2


def test_all_fives_draw_takes_one_tile_and_leaves_two_asleep() -> None:
    rules = build_rules("all_fives", {"players": 2, "deal_size": 2})
    hand = make_hand(rules, ["6-6 0-0", "1-1 1-0"], stock="5-1 4-4 2-2", pose=None)
    play(hand, "6-6")
    assert hand.pending is None and hand.end_points == [0, 0], "a pose 6-6 counts 12: no points"
    assert hand.legal_moves() == [DRAW], "seat 1 holds no 6 and three tiles are in the stock"
    play(hand, "draw")
    assert hand.hands[1] == [Tile(1, 1), Tile(1, 0), Tile(5, 1)], "one tile drawn, from the top of the stock"
    assert hand.stock == [Tile(4, 4), Tile(2, 2)]
    assert hand.turn == 0, "the draw ends the turn"
    assert hand.legal_moves() == [PASS], "seat 0 holds 0-0, no 6, and may not draw the last two tiles"
    play(hand, "pass")
    assert hand.legal_moves() == [PASS], "two tiles stay asleep"
    with pytest.raises(IllegalMove, match="cannot draw"):
        hand.apply(DRAW)
    assert hand.stock == [Tile(4, 4), Tile(2, 2)] and len(hand.hands[1]) == 3


def test_cross_fills_all_four_arms_before_extending() -> None:
    rules = build_rules("cross", {"players": 2, "deal_size": 6})
    hand = make_hand(rules, ["6-6 6-5 6-4 5-5 5-1 0-0", "6-3 6-2 3-3 2-1 4-4 1-0"], stock="6-1 6-0")
    assert [m.tile for m in hand.legal_moves()] == [Tile(6, 6), Tile(5, 5), Tile(0, 0)], "the pose is a double"
    play(hand, "6-6", "6-3", "6-5")
    assert hand.layout.filling_pose_arms
    # Seat 1 holds 3-3 for the open 3 end, but the fourth arm must be started first.
    assert [m.tile for m in hand.legal_moves()] == [Tile(6, 2)]
    play(hand, "6-2", "6-4")
    assert not hand.layout.filling_pose_arms
    assert sorted(hand.layout.open_ends()) == [2, 3, 4, 5]


def test_spinners_open_two_branches_at_every_later_double() -> None:
    rules = build_rules("cross_9", {"players": 2, "deal_size": 6})
    hand = make_hand(rules, ["9-9 9-5 9-4 5-5 8-1 0-0", "9-3 9-2 3-3 2-1 4-4 1-0"])
    play(hand, "9-9", "9-3", "9-5", "9-2", "9-4")
    play(hand, "3-3")
    assert sorted(hand.layout.open_ends()) == [2, 3, 3, 3, 4, 5]
    plain = build_rules("cross", {"players": 2, "deal_size": 6})
    hand = make_hand(plain, ["6-6 6-5 6-4 5-5 5-1 0-0", "6-3 6-2 3-3 2-1 4-4 1-0"])
    play(hand, "6-6", "6-3", "6-5", "6-2", "6-4", "3-3")
    assert sorted(hand.layout.open_ends()) == [2, 3, 4, 5], "plain cross doubles add no ends"


def test_fives_counting() -> None:
    rules = build_rules("all_fives", {"players": 2, "deal_size": 5})
    hand = make_hand(rules, ["5-5 5-0 1-1 2-1 3-2", "4-1 6-6 3-3 0-0 6-2"], stock="6-5 6-4 6-3")
    play(hand, "5-5")
    assert hand.pending is not None and hand.pending.points == 10, "a pose 5-5 counts once: 10"
    play(hand, "claim", "draw", "5-0")
    # The pose double still lies at the other end: 10 + 0.
    assert hand.pending is not None and hand.pending.points == 10
    assert hand.end_points == [10, 0]


def test_a_double_at_an_end_counts_both_halves_and_is_its_own_end() -> None:
    rules = build_rules("all_fives", {"players": 2, "deal_size": 5})
    hand = make_hand(rules, ["3-2 2-2 6-6 1-1 0-0", "3-1 5-5 6-5 4-4 6-0"], stock="4-0 4-2 4-3 2-0")
    play(hand, "3-2", "3-1", "2-2")  # ends 1 and 2-2: 1 + 4 = 5
    assert hand.pending is not None and hand.pending.points == 5


def test_fives_and_threes() -> None:
    rules = build_rules("fives_threes", {"players": 2, "deal_size": 5})
    hand = make_hand(rules, ["6-3 1-1 2-2 0-0 4-4", "6-6 5-5 3-3 2-0 1-0"], stock="4-0 4-2 4-3 5-0")
    play(hand, "6-3")
    assert hand.pending is not None and hand.pending.points == 9
    rules5 = build_rules("all_fives", {"players": 2, "deal_size": 5})
    hand = make_hand(rules5, ["6-3 1-1 2-2 0-0 4-4", "6-6 5-5 3-3 2-0 1-0"], stock="4-0 4-2 4-3 5-0")
    play(hand, "6-3")
    assert hand.pending is None


def test_claims_and_muggins() -> None:
    rules = build_rules("all_fives", {"players": 2, "deal_size": 5})
    hand = make_hand(rules, ["5-5 5-0 1-1 2-1 3-2", "4-1 6-6 3-3 0-0 6-2"], stock="6-5 6-4 6-3")
    play(hand, "5-5")
    with pytest.raises(IllegalMove, match="own side"):
        hand.apply(Move(parse_move("muggins:0").kind, caller=0))
    play(hand, "muggins:1")
    assert hand.end_points == [0, 10]
    with pytest.raises(IllegalMove, match="no unclaimed points"):
        hand.apply(parse_move("claim"))


def test_unclaimed_points_are_lost_when_the_next_tile_is_played() -> None:
    rules = build_rules("all_fives", {"players": 2, "deal_size": 5})
    hand = make_hand(rules, ["5-5 5-0 1-1 2-1 3-2", "4-1 6-6 3-3 0-0 6-5"], stock="6-4 6-3 2-2")
    play(hand, "5-5", "6-5", "5-0")
    assert hand.end_points == [0, 0]


def test_claims_without_claims_rule_are_refused() -> None:
    """A game that scores no end points says so; one that scores them by itself says they are automatic."""
    hand = play(make_hand(build_rules("jamaican"), JAMAICAN_DEAL, pose="6-6"), "6-6")
    with pytest.raises(IllegalMove, match="scores no end points") as refused:
        hand.apply(parse_move("claim"))
    assert refused.value.code == "no_end_points"
    automatic = dataclasses.replace(build_rules("all_fives"), claims=False)
    hand = play(make_hand(automatic, JAMAICAN_DEAL, pose="6-6"), "6-6")
    with pytest.raises(IllegalMove, match="automatically") as refused:
        hand.apply(parse_move("claim"))
    assert refused.value.code == "no_claims"


def test_copies_are_independent() -> None:
    hand = play(make_hand(build_rules("jamaican"), JAMAICAN_DEAL, pose="6-6"), "6-6")
    twin = hand.copy()
    play(twin, "6-4")
    assert hand.layout.open_ends() == [6, 6] and len(hand.hands[1]) == 7
