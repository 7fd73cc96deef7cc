"""Each preset's distinctive rules at match level: bonuses, resets, openers, the target."""

from __future__ import annotations

import pytest

from dominoes_desktop.engine.deal import Deal
from dominoes_desktop.engine.decisions import (
    AnswerRedeal,
    DealHand,
    Dealt,
    HandScored,
    Lead,
    NextHand,
    RedealAnswered,
    RedealOffer,
)
from dominoes_desktop.engine.errors import IllegalMove
from dominoes_desktop.engine.hand import HandEnd, HandOutcome
from dominoes_desktop.engine.match import HandResult, Match
from dominoes_desktop.engine.moves import parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.scoring import blocked_winner, hand_points, is_capicua, is_key_bone
from dominoes_desktop.engine.tiles import Tile, full_set

from .helpers import tiles


def play_deal(match: Match, deal: list[str], moves: str, leader: int | None = None) -> HandResult:
    match.apply(None, DealHand(deal=Deal(tuple(tuple(tiles(h)) for h in deal), (), (), None), leader=leader))
    for text in moves.split():
        for event in match.apply(None, parse_move(text)):
            if isinstance(event, HandScored):
                return event.result
    raise AssertionError("the hand is not over")


def deal_next(match: Match, seed: int | None = None) -> Deal:
    match.apply(None, DealHand(seed))
    assert match.deal is not None
    return match.deal


# Side 1 dominoes: seat 1 goes out with 5-4 after everybody else passes.
SIDE_ONE_DOMINOES = (["6-6 0-0", "6-5 5-4", "1-1 2-2", "3-3 3-0"], "6-6 6-5 pass pass pass 5-4")


def test_capicua_pays_thirty() -> None:
    match = Match(build_rules("dominican", {"deal_size": 2}))
    result = play_deal(match, ["6-6 5-1", "6-5 0-0", "6-1 4-4", "3-3 2-0"], "6-6 6-5 6-1 pass 5-1@5")
    assert result.bonus == ("capicua",)
    assert result.points == 0 + 8 + 30, "the opponents' pips plus the capicua"


def test_no_capicua_when_the_ends_matched_each_other_or_on_a_double() -> None:
    rules = build_rules("dominican")
    base = dict(
        end=HandEnd.DOMINO,
        leader=0,
        last_seat=0,
        joined=5,
        joined_exhausted=False,
        pips=(0, 1, 2, 3),
        remaining=((), (), (), ()),
        end_points=(0, 0),
    )
    assert is_capicua(rules, HandOutcome(last_tile=Tile(5, 1), ends_before=(5, 1), **base))  # type: ignore[arg-type]
    assert not is_capicua(rules, HandOutcome(last_tile=Tile(5, 5), ends_before=(5, 5), **base))  # type: ignore[arg-type]
    assert not is_capicua(rules, HandOutcome(last_tile=Tile(5, 1), ends_before=(5, 2), **base))  # type: ignore[arg-type]
    blocked = base | {"end": HandEnd.BLOCKED}
    assert not is_capicua(rules, HandOutcome(last_tile=Tile(5, 1), ends_before=(5, 1), **blocked))  # type: ignore[arg-type]


def test_key_bone_needs_a_domino_that_locks_its_number() -> None:
    base = dict(
        leader=0,
        last_seat=0,
        last_tile=Tile(5, 4),
        joined=5,
        ends_before=(5, 2),
        pips=(0, 1, 2, 3),
        remaining=((), (), (), ()),
        end_points=(0, 0),
    )
    assert is_key_bone(HandOutcome(end=HandEnd.DOMINO, joined_exhausted=True, **base))  # type: ignore[arg-type]
    assert not is_key_bone(HandOutcome(end=HandEnd.DOMINO, joined_exhausted=False, **base))  # type: ignore[arg-type]
    assert not is_key_bone(HandOutcome(end=HandEnd.BLOCKED, joined_exhausted=True, **base))  # type: ignore[arg-type]


def test_six_love_reply_resets_both_scores_and_adds_nothing() -> None:
    match = Match(build_rules("six_love", {"deal_size": 2}))
    match.scores = [2, 0]
    result = play_deal(match, *SIDE_ONE_DOMINOES)
    assert result.reset and result.points == 0 and result.bonus == ()
    assert match.scores == [0, 0]
    fresh = Match(build_rules("six_love", {"deal_size": 2}))
    result = play_deal(fresh, *SIDE_ONE_DOMINOES)
    assert not result.reset and fresh.scores == [0, 1], "a win from 0-0 scores"


def test_a_win_while_the_others_are_on_zero_scores_normally_in_jamaican() -> None:
    match = Match(build_rules("jamaican", {"deal_size": 2}))
    match.scores = [2, 0]
    result = play_deal(match, *SIDE_ONE_DOMINOES)
    assert not result.reset and match.scores == [2, 1]


def test_cutthroat_resets_once_every_seat_has_scored() -> None:
    match = Match(build_rules("cutthroat", {"deal_size": 2}))
    match.scores = [1, 0, 2]
    result = play_deal(match, ["6-6 0-1", "6-5 5-4", "3-3 3-2"], "6-6 6-5 pass pass 5-4")
    assert result.reset and match.scores == [0, 0, 0]


def test_target_needs_a_zero_opponent_in_six_love() -> None:
    match = Match(build_rules("cutthroat", {"deal_size": 2}))
    match.scores = [5, 0, 0]
    play_deal(match, ["6-6 6-0", "5-5 5-4", "3-3 3-2"], "6-6 pass pass 6-0")
    assert match.winner == 0
    loose = Match(build_rules("six_love", {"deal_size": 2}))
    loose.scores = [0, 5]
    play_deal(loose, *SIDE_ONE_DOMINOES)
    assert loose.winner == 1


def test_a_tie_over_the_target_plays_on() -> None:
    match = Match(build_rules("block", {"deal_size": 2, "target": 10}))
    match.scores = [14, 10]
    result = play_deal(match, *SIDE_ONE_DOMINOES)
    assert result.points == 6, "the opponents' pips: 0-0, 1-1 and 2-2"
    assert match.scores == [14, 16] and match.winner == 1
    tied = Match(build_rules("block", {"deal_size": 2, "target": 10}))
    tied.scores = [20, 14]
    play_deal(tied, *SIDE_ONE_DOMINOES)
    assert tied.scores == [20, 20] and tied.winner is None
    with pytest.raises(IllegalMove, match="match is over"):
        deal_next(match)


def test_single_round_is_one_hand_unless_tied() -> None:
    match = Match(build_rules("jamaican", {"deal_size": 2, "single_round": True}))
    play_deal(match, *SIDE_ONE_DOMINOES)
    assert match.winner == 1


def test_blocked_lowest_player() -> None:
    rules = build_rules("jamaican")
    assert blocked_winner(rules, [5, 9, 7, 8], leader=1) == 0
    assert blocked_winner(rules, [5, 5, 7, 8], leader=1) is None, "tied lowest across sides: nobody"
    assert blocked_winner(rules, [5, 9, 5, 8], leader=1) == 0, "partners tied lowest still win"


def test_blocked_lowest_side() -> None:
    rules = build_rules("puerto_rican")
    assert blocked_winner(rules, [5, 1, 7, 20], leader=1) == 0
    assert blocked_winner(rules, [5, 4, 7, 8], leader=1) is None
    assert blocked_winner(rules, [9, 4, 2, 8], leader=1) == 2, "the side's lightest seat wins it"


def test_dominican_starter_wins_ties() -> None:
    rules = build_rules("dominican")
    assert blocked_winner(rules, [5, 4, 7, 8], leader=1) == 1
    assert blocked_winner(rules, [5, 4, 7, 8], leader=2) == 0
    assert blocked_winner(rules, [5, 1, 7, 20], leader=1) == 0, "no tie: the lower side"


@pytest.mark.parametrize(
    ("preset", "end", "pips", "points"),
    [
        ("jamaican", HandEnd.DOMINO, [0, 5, 6, 7], 1),
        ("dominican", HandEnd.DOMINO, [0, 5, 6, 7], 12),
        ("puerto_rican", HandEnd.DOMINO, [0, 5, 6, 7], 18),
        ("puerto_rican", HandEnd.BLOCKED, [1, 5, 6, 7], 19),
        ("classic_block", HandEnd.DOMINO, [0, 5, 6, 7], 18),
        ("classic_block", HandEnd.BLOCKED, [2, 5, 6, 7], 3 + 4 + 5),
        ("all_fives", HandEnd.DOMINO, [0, 12, 13, 17], 10 + 15 + 15),
        ("all_fives", HandEnd.BLOCKED, [2, 14, 15, 19], 10 + 15 + 15),
    ],
)
def test_hand_points(preset: str, end: HandEnd, pips: list[int], points: int) -> None:
    assert hand_points(build_rules(preset), end, 0, pips) == points


def test_porch_combines_partners() -> None:
    rules = build_rules("classic_block", {"partners": True})
    assert hand_points(rules, HandEnd.BLOCKED, 0, [2, 5, 3, 7]) == (5 + 7) - (2 + 3)


def test_winning_side_chooses_its_leader() -> None:
    match = Match(build_rules("jamaican", {"deal_size": 2}))
    play_deal(match, *SIDE_ONE_DOMINOES)
    deal_next(match)
    assert match.plan is not None and match.plan.seats == (1, 3) and match.plan.pose is None
    with pytest.raises(IllegalMove, match="may not lead"):
        match.apply(None, Lead(0))
    match.apply(None, Lead(3))
    assert match.hand is not None and match.hand.leader == 3


def test_the_winner_leads_in_house_block() -> None:
    match = Match(build_rules("block", {"deal_size": 2}))
    play_deal(match, *SIDE_ONE_DOMINOES)
    deal_next(match)
    assert match.plan is not None and match.plan.seats == (1,)


def test_cuban_rotates_the_opener_after_a_tied_block() -> None:
    match = Match(build_rules("cuban", {"deal_size": 2}))
    result = play_deal(match, ["9-9 1-0", "8-8 0-0", "7-7 2-0", "6-6 3-0"], "9-9 pass pass pass pass", leader=0)
    assert result.pips == (1, 16, 16, 15) and result.winner_seat == 0
    tie = Match(build_rules("cuban", {"deal_size": 2}))
    result = play_deal(tie, ["9-9 2-0", "1-1 0-0", "7-7 3-0", "6-6 4-0"], "9-9 pass pass pass pass", leader=0)
    assert result.winner_seat is None
    deal_next(tie)
    assert tie.plan is not None and tie.plan.seats == (1,) and tie.plan.pose is None


def test_after_a_tied_block_the_first_hand_rule_applies_again() -> None:
    match = Match(build_rules("jamaican", {"deal_size": 2}))
    result = play_deal(match, ["6-6 1-1", "2-0 0-0", "4-4 3-0", "3-3 4-0"], "6-6 pass pass pass pass")
    assert result.winner_seat is None
    deal = deal_next(match)
    assert match.plan is not None and match.plan.pose is not None and match.plan.pose.is_double
    assert match.plan.pose in deal.hands[match.plan.seats[0]]


def test_highest_double_must_without_doubles_poses_the_heaviest_tile() -> None:
    match = Match(build_rules("jamaican", {"deal_size": 2}))
    match.apply(
        None,
        DealHand(deal=Deal(tuple(tuple(tiles(h)) for h in ["6-5 1-0", "6-4 2-1", "5-4 3-0", "6-3 3-1"]), (), (), None)),
    )
    plan = match.plan
    assert plan is not None and plan.seats == (0,) and plan.pose == Tile(6, 5)


def test_redeal_rules_refuse_a_deal_without_doubles() -> None:
    match = Match(build_rules("classic_block", {"deal_size": 2}))
    with pytest.raises(IllegalMove, match="no double"):
        match.apply(
            None,
            DealHand(
                deal=Deal(tuple(tuple(tiles(h)) for h in ["6-5 1-0", "6-4 2-1", "5-4 3-0", "6-3 3-1"]), (), (), None)
            ),
        )


def test_dealing_always_finds_a_double_under_redeal_rules() -> None:
    rules = build_rules("classic_draw", {"players": 5})
    for seed in range(200):
        match = Match(rules, seed)
        assert deal_next(match).doubles_dealt()


def test_a_deal_seed_deals_the_same_hand_again() -> None:
    rules = build_rules("jamaican")
    first = deal_next(Match(rules, 7))
    assert first.seed is not None
    again = deal_next(Match(rules, 99), seed=first.seed)
    assert again.hands == first.hands


def test_cuban_five_doubles_redeal_once() -> None:
    rules = build_rules("cuban")
    for seed in range(5000):
        match = Match(rules, seed)
        match.apply(None, DealHand())
        offer = match.pending()
        if isinstance(offer, RedealOffer):
            break
    else:
        pytest.fail("no seed dealt five doubles")
    before = match.deal
    with pytest.raises(IllegalMove) as refused:
        match.apply((offer.seat + 1) % 4, AnswerRedeal(True))
    assert refused.value.code == "not_your_decision"
    events = match.apply(offer.seat, AnswerRedeal(True))
    assert events == [RedealAnswered(offer.seat, True)]
    assert match.pending() == NextHand(0, redeal_by=offer.seat), "the redeal is dealt like any deal"
    assert Dealt(0, offer.seat) in match.apply(None, DealHand())
    assert match.deal != before
    assert not isinstance(match.pending(), RedealOffer), "a redeal is granted once a hand"
    with pytest.raises(IllegalMove):
        match.apply(offer.seat, AnswerRedeal(True))


def test_shuffles_are_uniform() -> None:
    """Over many deal seeds, every tile lands in the first hand about a quarter of the time."""
    rules = build_rules("jamaican")
    counts: dict[Tile, int] = {}
    deals = 4000
    for seed in range(deals):
        for tile in deal_next(Match(rules, 0), seed=seed).hands[0]:
            counts[tile] = counts.get(tile, 0) + 1
    expected = deals * 7 / 28
    chi_square = sum((counts.get(t, 0) - expected) ** 2 / expected for t in full_set(6))
    assert chi_square < 55.5, f"chi-square {chi_square:.1f} with 27 degrees of freedom (p < 0.002 above 55.5)"
