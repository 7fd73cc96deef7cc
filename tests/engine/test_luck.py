"""Deal luck: chance's exact mean and variance, checked against enumeration and against the real dealer."""

from __future__ import annotations

import itertools
import math
import statistics
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_desktop.engine.analysis.luck import (
    MIN_HANDS,
    DealSet,
    Draw,
    Measure,
    Step,
    Tally,
    Verdict,
    exact_chance,
    match_deals,
    running,
    tally,
)
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.deal import Dealer
from dominoes_desktop.engine.decisions import AnswerRedeal, DealHand, RedealOffer
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import Opening, Rules
from dominoes_desktop.engine.tiles import Tile, full_set
from dominoes_desktop.session.cpu_table import CpuTable


def enumerated(
    measure: Measure, tiles: tuple[Tile, ...], drawn: int, dealt: int, needs_double: bool
) -> tuple[Fraction, Fraction]:
    """Mean and variance by brute force: every set of `dealt` tiles the table could get (all equally likely),
    every `drawn` of them the seat could hold; the deals without a double left out when they are dealt again."""
    values: list[int] = []
    for table in itertools.combinations(tiles, dealt):
        if needs_double and not any(t.is_double for t in table):
            continue
        for seat in itertools.combinations(table, drawn):
            values.append(sum(measure.of(t) for t in seat))
    mean = Fraction(sum(values), len(values))
    return mean, sum(((v - mean) * (v - mean) for v in values), Fraction(0)) / len(values)


@st.composite
def small_deals(draw: st.DrawFn) -> tuple[Measure, tuple[Tile, ...], int, int, bool]:
    top = draw(st.integers(1, 3))
    every = full_set(top)
    removed = tuple(draw(st.lists(st.sampled_from(every), max_size=2, unique=True)))
    tiles = full_set(top, removed)
    needs_double = draw(st.booleans()) and any(t.is_double for t in tiles)
    dealt = draw(st.integers(1, min(len(tiles), 7)))
    drawn = draw(st.integers(1, dealt))
    return draw(st.sampled_from(Measure)), tiles, drawn, dealt, needs_double


@settings(max_examples=150, deadline=None)
@given(small_deals())
def test_chance_is_exactly_what_enumerating_every_deal_gives(
    case: tuple[Measure, tuple[Tile, ...], int, int, bool],
) -> None:
    assert exact_chance(*case) == enumerated(*case)


def test_the_textbook_formulas_for_a_double_six_deal() -> None:
    n, big_n, doubles = 7, 28, 7
    p = Fraction(doubles, big_n)
    assert exact_chance(Measure.DOUBLES, full_set(6), n, 28, False) == (
        n * p,
        n * p * (1 - p) * Fraction(big_n - n, big_n - 1),
    )
    # Pips: every tile averages 6 pips, with a population variance of 9.
    assert exact_chance(Measure.PIPS, full_set(6), n, 28, False) == (Fraction(42), 7 * 9 * Fraction(21, 27))
    # Dealing the whole set leaves nothing to chance.
    assert exact_chance(Measure.DOUBLES, full_set(6), 28, 28, False) == (Fraction(7), Fraction(0))


def test_conditioning_on_a_double_only_matters_when_a_deal_can_lack_one() -> None:
    four_players = DealSet.of(build_rules("jamaican"))  # 28 of 28 tiles dealt: a double always is
    assert four_players.chance(Measure.DOUBLES, 7).mean == 1.75
    two_players = DealSet.of(build_rules("classic_block", {"players": 2}))
    assert two_players.needs_double and two_players.dealt == 16  # 8 tiles each
    plain = exact_chance(Measure.DOUBLES, full_set(6), 8, 16, False)[0]
    assert plain == 2
    none = Fraction(math.comb(21, 16), math.comb(28, 16))
    assert exact_chance(Measure.DOUBLES, full_set(6), 8, 16, True)[0] == plain / (1 - none) > plain


@pytest.mark.parametrize("bad", [(0, 7), (8, 7), (7, 29)])
def test_impossible_draws_are_refused(bad: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="cannot draw"):
        exact_chance(Measure.PIPS, full_set(6), *bad, False)


def _dealer_check(rules: Rules, deals: int) -> None:
    """The real dealer over many seeded deals: seat 0's average lands within 4 standard errors of chance's
    mean, and its spread near chance's variance."""
    dealer = Dealer(rules)
    chance = DealSet.of(rules)
    for measure in Measure:
        seen = [sum(measure.of(t) for t in dealer.deal(seed).hands[0]) for seed in range(deals)]
        moments = chance.chance(measure, rules.hand_size)
        error = math.sqrt(moments.variance / deals)
        assert abs(statistics.fmean(seen) - moments.mean) < 4 * error, (rules.preset, measure)
        assert statistics.pvariance(seen) == pytest.approx(moments.variance, rel=0.12), (rules.preset, measure)


@pytest.mark.parametrize(
    ("preset", "options"),
    [("jamaican", {}), ("cuban", {}), ("cutthroat", {}), ("all_fives", {"players": 2}), ("cross_12", {})],
)
def test_the_real_dealer_deals_what_chance_says(preset: str, options: dict[str, object]) -> None:
    _dealer_check(build_rules(preset, options), 3000)


def test_the_real_dealer_deals_again_without_a_double_as_the_conditioning_says() -> None:
    """A double-4 set, two seats of two: 15% of shuffles deal no double and are dealt again, which raises a
    seat's doubles from 0.667 to 0.788 a hand; the dealer must agree with the conditioned figure."""
    rules = replace(build_rules("classic_draw"), set_top=4, players=2, teams=(0, 1), hand_size=2)
    assert rules.opening is Opening.HIGHEST_DOUBLE_REDEAL
    chance = DealSet.of(rules).chance(Measure.DOUBLES, 2)
    assert chance.mean == pytest.approx(float(Fraction(2, 3) / (1 - Fraction(math.comb(10, 4), math.comb(15, 4)))))
    _dealer_check(rules, 6000)
    dealer = Dealer(rules)
    seen = statistics.fmean(sum(t.is_double for t in dealer.deal(seed).hands[0]) for seed in range(6000))
    assert abs(seen - 2 / 3) > 0.08, "the unconditioned figure would be wrong"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["jamaican", "cuban", "all_fives", "cutthroat"]))
def test_the_facts_of_a_played_match_are_its_deals(seed: int, preset: str) -> None:
    rules = build_rules(preset, {"single_round": True})
    table = CpuTable(rules, [make_player("easy", seed + s) for s in range(rules.players)], seed)
    table.play_match()
    facts = match_deals(table.match.record)
    assert len(facts) == rules.players * len(table.match.results)
    for fact in facts:
        deal, _ = table.match.archive[fact.hand]
        dealt = deal.hands[fact.seat]
        assert (fact.tiles, fact.doubles, fact.pips) == (
            rules.hand_size,
            sum(t.is_double for t in dealt),
            sum(t.pips for t in dealt),
        )


def test_hands_played_out_by_the_kernel_give_their_recorded_deals() -> None:
    """The walker reads each deal from the record, so a hand kept without its moves (the playout kernel's) still
    says what was dealt; the archive, which keeps only hands played move by move, has none of them."""
    rules = build_rules("jamaican", {"single_round": True})
    table = CpuTable(rules, [make_player("random", s) for s in range(4)], 5)  # the playout kernel: no moves kept
    table.play_match()
    match = table.match
    assert match.results and not match.archive
    facts = match_deals(match.record)
    assert {fact.hand for fact in facts} == set(range(len(match.results))) and len(facts) == 4 * len(match.results)
    again = Match.from_record(match.record.truncated(1))  # the first deal alone, as the record dealt it
    assert again.deal is not None
    assert [(f.doubles, f.pips) for f in facts[:4]] == [
        (sum(t.is_double for t in tiles), sum(t.pips for t in tiles)) for tiles in again.deal.hands
    ]


def _offers_a_redeal(match: Match) -> bool:
    match.apply(None, DealHand())  # the match's own shuffle: chance's deal
    return isinstance(match.pending(), RedealOffer)


def test_a_deal_sent_back_by_a_redeal_is_not_counted() -> None:
    rules = build_rules("cuban", {"single_round": True})
    match = next(m for m in (Match(rules, seed) for seed in range(500)) if _offers_a_redeal(m))
    pending = match.pending()
    assert isinstance(pending, RedealOffer)
    match.apply(pending.seat, AnswerRedeal(True))
    match.apply(None, DealHand())
    played = match.deal
    assert played is not None
    table = CpuTable(rules, [make_player("easy", s) for s in range(4)], 3, match=match)
    table.play_hand()
    facts = match_deals(match.record)
    assert [f.pips for f in facts] == [sum(t.pips for t in tiles) for tiles in played.hands]


def test_a_tally_and_its_verdict() -> None:
    draws = [Draw(3, 1.75, 1.0)] * MIN_HANDS
    found = tally(draws)
    assert (found.hands, found.observed, found.expected, found.variance) == (10, 30, 17.5, 10.0)
    assert found.per_hand() == (3.0, 1.75)
    assert found.z == pytest.approx(12.5 / math.sqrt(10))
    assert found.verdict is Verdict.FAR_MORE
    assert tally(draws[:-1]).verdict is Verdict.TOO_FEW
    assert Tally(100, 180, 175.0, 100.0).verdict is Verdict.WITHIN
    assert Tally(100, 197, 175.0, 100.0).verdict is Verdict.MORE
    assert Tally(100, 150, 175.0, 100.0).verdict is Verdict.FEWER
    assert Tally(100, 140, 175.0, 100.0).verdict is Verdict.FAR_FEWER
    assert Tally(10, 70, 70.0, 0.0).z == 0.0
    assert tally([]).per_hand() == (0.0, 0.0)


def test_running_difference_and_band() -> None:
    steps = running([Draw(2, 1.5, 1.0), Draw(0, 1.5, 3.0), Draw(4, 1.0, 0.0)])
    assert steps == (Step(0.5, 1.0), Step(-1.0, 2.0), Step(2.0, 2.0))


def test_a_deal_played_again_is_not_counted_as_chance() -> None:
    rules = build_rules("jamaican", {"target": 2})
    table = CpuTable(rules, [make_player("easy", s) for s in range(4)], 9)
    table.play_hand(deal_seed=1234)  # "Play this deal again": the first hand from a chosen seed
    table.play_match()
    match = table.match
    assert match.chosen_deals == {0} and len(match.results) >= 2
    assert {fact.hand for fact in match_deals(match.record)} == set(range(1, len(match.results)))
