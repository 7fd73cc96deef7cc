"""The error rate (engine/analysis/rating.py) and a hand's luck in points (hand_luck.py)."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from dominoes_desktop.engine.analysis import hand_luck as hand_luck_module
from dominoes_desktop.engine.analysis import rating as rating_module
from dominoes_desktop.engine.analysis.coach import Judge, budget_for
from dominoes_desktop.engine.analysis.hand_luck import (
    DRAW_SHARE,
    DRAWING_DEAL_SHARE,
    LUCK_SHARE,
    LUCK_TEAMS,
    LUCK_VERSION,
    PANEL_TEAMS,
    deal_seed,
    draw_luck,
    hand_luck,
    lead_from_deal,
    panel_result,
    prior,
    reference_result,
    shuffled_value,
    team_play,
)
from dominoes_desktop.engine.analysis.rating import (
    HAND_UNIT,
    PROVISIONAL_BELOW,
    RATING_NAME_EN,
    RATING_NAME_ES,
    DecisionJudgement,
    Family,
    HandJudgement,
    RatingError,
    calibration,
    family_of,
    judge_hand,
    judge_hands,
    last_hands,
    nearest_level,
    rate,
    ratio_and_error,
    relucked,
)
from dominoes_desktop.engine.analysis.solver import hand_gains, side_value
from dominoes_desktop.engine.analysis.worlds import view_at
from dominoes_desktop.engine.cpu import TABLE_LEVELS, Decision, make_player
from dominoes_desktop.engine.deal import Dealer
from dominoes_desktop.engine.hand import Hand, Turn
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import CLAIM, Move, MoveKind
from dominoes_desktop.engine.presets import PRESETS, build_rules
from dominoes_desktop.engine.record import Record
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_table import CpuTable

# ---- rate() -------------------------------------------------------------------------------------------


def _decision(loss: float, forced: bool = False, hand: int = 0, ply: int = 0) -> DecisionJudgement:
    return DecisionJudgement(hand, ply, ("a", "b"), "a", ("b",) if loss else ("a",), loss, "best", forced)


def _hand(losses: list[float], family: Family = Family.POINTS, index: int = 0, forced: int = 0) -> HandJudgement:
    decisions = [_decision(x, hand=index, ply=p) for p, x in enumerate(losses)]
    decisions += [_decision(0.0, True, index, len(losses) + p) for p in range(forced)]
    return HandJudgement(index, 0, family, tuple(decisions), 10.0, 4.0)


def test_rate_is_the_scaled_mean_loss_per_counted_decision() -> None:
    hands = [_hand([0.0, 4.0], forced=3), _hand([2.0, 0.0, 0.0, 6.0])]
    found = rate(hands)
    assert found.decisions == 6 and found.hands == 2
    assert found.value == pytest.approx(100 * 12.0 / 6 / HAND_UNIT[Family.POINTS])
    low, high = found.ci95
    assert 0.0 <= low <= found.value <= high
    assert found.provisional and found.family is Family.POINTS


def test_rate_rejects_mixed_families() -> None:
    with pytest.raises(ValueError, match="mixed"):
        rate([_hand([1.0]), _hand([1.0], Family.HANDS)])


def test_rate_of_nothing_counted_is_not_a_number() -> None:
    found = rate([_hand([], forced=4)])
    assert found.decisions == 0 and found.hands == 1 and math.isnan(found.value)
    assert math.isnan(rate([]).value)


def test_one_hand_leaves_the_interval_open() -> None:
    found = rate([_hand([1.0, 3.0])])
    assert found.ci95[0] == 0.0 and found.ci95[1] == math.inf


def test_rate_is_monotone_in_the_losses() -> None:
    rng = random.Random(3)
    hands = [_hand([rng.choice([0.0, 0.0, 0.0, 2.0, 9.0]) for _ in range(6)], index=h) for h in range(30)]
    base = rate(hands).value
    worse = [*hands[:-1], _hand([x + 1.0 for x in (d.loss for d in hands[-1].decisions)], index=29)]
    assert rate(worse).value > base


def test_provisional_below_the_threshold_only() -> None:
    few = [_hand([1.0] * 10, index=h) for h in range(PROVISIONAL_BELOW // 10 - 1)]
    enough = [_hand([1.0] * 10, index=h) for h in range(PROVISIONAL_BELOW // 10)]
    assert rate(few).provisional and not rate(enough).provisional


def test_the_interval_covers_the_true_rate_about_95_times_in_100() -> None:
    """Clustered losses (each hand has its own difficulty, so its decisions are correlated): the interval
    built on 60 hands covers the population's rate in about 95% of 300 runs, where one that treated the
    decisions as independent would cover far fewer."""
    rng = random.Random(11)

    def sample_hand(index: int) -> HandJudgement:
        hard = rng.random() < 0.3  # a hard hand: every decision in it is likelier to lose
        losses = [rng.expovariate(1 / 6.0) if rng.random() < (0.5 if hard else 0.1) else 0.0 for _ in range(8)]
        return _hand(losses, index=index)

    truth = 100 * (0.3 * 0.5 + 0.7 * 0.1) * 6.0 / HAND_UNIT[Family.POINTS]
    covered = naive_covered = 0
    runs = 300
    for _ in range(runs):
        hands = [sample_hand(h) for h in range(60)]
        low, high = rate(hands).ci95
        covered += low <= truth <= high
        losses = [d.loss for h in hands for d in h.decisions]
        mean = sum(losses) / len(losses)
        sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (len(losses) - 1) / len(losses))
        scale = 100 / HAND_UNIT[Family.POINTS]
        naive_covered += (mean - 1.96 * sd) * scale <= truth <= (mean + 1.96 * sd) * scale
    assert 0.90 * runs <= covered <= 0.99 * runs
    assert naive_covered < covered


def test_ratio_and_error_matches_the_independent_case() -> None:
    """With one decision per hand the cluster error is the plain standard error of the mean."""
    values = [0.0, 1.0, 4.0, 2.0, 0.0, 3.0]
    mean, error = ratio_and_error([(v, 1) for v in values])
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    assert mean == pytest.approx(sum(values) / 6) and error == pytest.approx(sd / math.sqrt(6))


def test_the_recent_rating_is_of_the_last_hands() -> None:
    hands = [_hand([float(h)], index=h) for h in range(150)]
    recent = last_hands(hands)
    assert [h.hand for h in recent] == list(range(50, 150))
    assert rate(recent).value > rate(hands).value and last_hands(hands, 0) == []


def test_names_in_both_languages() -> None:
    assert RATING_NAME_EN and RATING_NAME_ES and RATING_NAME_EN != RATING_NAME_ES


def test_every_preset_has_a_family() -> None:
    families = {name: family_of(build_rules(name)) for name in PRESETS}
    assert families["jamaican"] is Family.HANDS
    assert families["puerto_rican"] is Family.POINTS and families["block"] is Family.POINTS
    assert families["all_fives"] is Family.FIVES
    assert set(families.values()) == set(Family)


# ---- JSON ---------------------------------------------------------------------------------------------


def test_json_round_trip() -> None:
    judged = HandJudgement(
        3,
        1,
        Family.FIVES,
        (
            DecisionJudgement(3, 0, ("5-5@5",), "5-5@5", ("5-5@5",), 0.0, "best", True),
            DecisionJudgement(3, 4, ("6-1@6", "4-4@4"), "4-4@4", ("6-1@6",), 7.123456789, "loose", False, False, 1.5),
        ),
        -15.0,
        3.3333333333,
    )
    assert [d.ply for d in judged.slips()] == [4] and judged.loss() == pytest.approx(7.123456789)
    text = json.dumps(judged.to_json())
    assert HandJudgement.from_json(json.loads(text)) == judged
    assert judged.adjusted() == pytest.approx(-18.3333333333)
    assert judged.luck_version == LUCK_VERSION and judged.luck_current


def test_a_judgement_kept_before_the_luck_s_version_was_is_of_an_unknown_luck() -> None:
    """Judgements written before the luck's version was kept (no 'luck_version'): their luck is of a definition
    nobody can tell now (version 0), never taken for today's; another version's is kept as it says."""
    raw = _hand([2.5]).to_json()
    del raw["luck_version"]
    old = HandJudgement.from_json(raw)
    assert old.luck_version == 0 and not old.luck_current and old.decisions == _hand([2.5]).decisions
    newer = HandJudgement.from_json(_hand([2.5]).to_json() | {"luck_version": LUCK_VERSION + 1})
    assert newer.luck_version == LUCK_VERSION + 1 and not newer.luck_current
    with pytest.raises(RatingError, match="'luck_version'"):
        HandJudgement.from_json(_hand([2.5]).to_json() | {"luck_version": "1"})


# Each hand's luck by the definition of each version (deal 500, seat 1 leading; a fives hand with its first
# draw): a change of hand_luck that changes one fails here, and must raise LUCK_VERSION (so that the luck kept
# by the skill record is worked out again) and add the new version's figures.
LUCK_OF_VERSION = {
    1: {
        ("jamaican", True): (-0.28125, 0.28125),
        ("jamaican", False): (-0.09625, 0.09625),
        ("cutthroat", True): (-0.3125, 0.21875, 0.09375),
        ("all_fives", True): (-7.96875, 13.59375, -13.59375, 7.96875),
        ("all_fives", "first draw"): (-16.96875, -27.84375, -15.84375, 60.65625),
    }
}


def test_the_luck_is_its_version_s() -> None:
    found = {}
    for preset, from_deal in (("jamaican", True), ("jamaican", False), ("cutthroat", True), ("all_fives", True)):
        rules = build_rules(preset)
        deal = Dealer(rules).deal(500)
        found[preset, from_deal] = hand_luck(Hand(rules, deal.hands, deal.stock, 1, None), from_deal, None)
    start, played = _first_draw("all_fives", 3)
    found["all_fives", "first draw"] = hand_luck(start, True, _draws(start, played.history))
    expected = LUCK_OF_VERSION[LUCK_VERSION]
    assert found.keys() == expected.keys()
    for key, luck in found.items():
        assert luck == pytest.approx(expected[key], abs=1e-9), key


def test_relucked_works_out_the_luck_alone_and_refuses_another_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    record = _played("jamaican", make_player("medium", 2), 2, 6)
    judged = judge_hand(record, 1, 2)
    old = HandJudgement(1, 2, judged.family, judged.decisions, judged.result, 123.0, 0)
    monkeypatch.setattr(rating_module, "judge_hand_view", _no_coach)
    assert relucked(record, old) == judged
    for wrong in (replace(old, hand=5), replace(old, seat=4), replace(old, family=Family.FIVES)):
        with pytest.raises(RatingError):
            relucked(record, wrong)


def _no_coach(*_args: object, **_kwargs: object) -> object:
    raise AssertionError("the decisions were judged again")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda raw: raw.update(version=9), "version"),
        (lambda raw: raw.update(family="chess"), "'family'"),
        (lambda raw: raw.update(luck="lots"), "'luck'"),
        (lambda raw: raw.update(hand=-1), "'hand'"),
        (lambda raw: raw["decisions"][0].update(chosen="9-9@9"), "decision 1: 'chosen'"),
        (lambda raw: raw["decisions"][0].update(loss=-1), "decision 1: 'loss'"),
        (lambda raw: raw["decisions"][0].update(grade="great"), "decision 1: 'grade'"),
        (lambda raw: raw.update(decisions={}), "'decisions'"),
    ],
)
def test_bad_json_is_one_line(change: object, message: str) -> None:
    raw = _hand([2.5]).to_json()
    assert callable(change)
    change(raw)
    with pytest.raises(RatingError, match=message) as caught:
        HandJudgement.from_json(raw)
    assert "\n" not in str(caught.value)
    with pytest.raises(RatingError):
        HandJudgement.from_json([1, 2])


# ---- judging a record -----------------------------------------------------------------------------------


class WorstPlayer:
    """Not a fair player: sees every tile and plays the option worth least to its side (face-up exact values)."""

    level = "worst"

    def __init__(self) -> None:
        self.match: Match | None = None

    def decide(self, view: PlayerView) -> Decision:
        assert self.match is not None and self.match.hand is not None
        hand = self.match.hand
        rules = hand.rules
        options, values, _ = Judge(rules, hand, budget_for(rules)).judge(hand, rules.teams[view.seat])
        return Decision(options[values.index(min(values))], "worst")

    def claim(self, view: PlayerView) -> Move | None:
        return next(iter(view.public.claim_moves(view.seat)), None)


def _played(preset: str, first: object, hands: int, seed: int) -> Record:
    rules = build_rules(preset)
    players = [first] + [make_player("medium", seed + s) for s in range(1, rules.players)]
    table = CpuTable(rules, players, seed)  # type: ignore[arg-type]
    if isinstance(first, WorstPlayer):
        first.match = table.match
    for h in range(hands):
        table.play_hand(deal_seed=seed * 100 + h)
    return table.match.record


def test_judge_hand_flags_forced_decisions_and_counts_the_others() -> None:
    record = _played("jamaican", make_player("medium", 5), 2, 5)
    found = judge_hands(record, 0, seed=1)
    assert [h.hand for h in found] == [0, 1]
    every = [d for h in found for d in h.decisions]
    assert any(d.forced for d in every) and any(not d.forced for d in every)
    for d in every:
        assert d.chosen in d.options and d.loss >= 0.0
        if d.forced:
            assert len(d.options) == 1 and d.loss == 0.0
        else:
            assert len(d.options) > 1 and set(d.best) <= set(d.options)
    plies = [d.ply for d in found[0].decisions]
    assert plies == sorted(plies)
    assert found[0] == judge_hand(record, 0, 0, seed=1)  # one hand judged alone is judged the same


def test_a_deliberately_bad_player_loses_points() -> None:
    worst = judge_hands(_played("jamaican", WorstPlayer(), 2, 8), 0, seed=1)
    sound = judge_hands(_played("jamaican", make_player("medium", 8), 2, 8), 0, seed=1)
    bad = [d for h in worst for d in h.counted if d.loss > 0]
    assert bad and any(d.chosen not in d.best for d in bad)
    assert rate(worst).value > rate(sound).value


def test_result_and_luck_are_the_sides() -> None:
    record = _played("jamaican", make_player("easy", 2), 1, 2)
    match = Match.from_record(record)
    found = {seat: judge_hands(record, seat, seed=0) for seat in (0, 1)}
    for seat, judged_hands in found.items():
        for judged in judged_hands:
            gains = match.results[judged.hand].side_points()
            side = match.rules.teams[seat]
            assert judged.result == gains[side] - sum(g for s, g in enumerate(gains) if s != side)
            other = found[1 - seat][judged.hand]
            assert other.luck == pytest.approx(-judged.luck) and other.result == -judged.result
    partner = judge_hand(record, 0, 2, seed=0)
    assert partner.luck == found[0][0].luck and partner.result == found[0][0].result


def test_bad_hand_or_seat_is_one_line() -> None:
    record = _played("jamaican", make_player("medium", 2), 1, 2)
    with pytest.raises(RatingError, match="no finished hand 1"):
        judge_hand(record, 1, 0)
    with pytest.raises(RatingError, match="no seat 4"):
        judge_hand(record, 0, 4)


# ---- luck ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["jamaican", "all_fives", "cutthroat"])
def test_luck_is_zero_sum(preset: str) -> None:
    """Two sides or more: a hand's lucks add up to 0, whoever leads and however the lead was decided."""
    rules = build_rules(preset)
    for seed in range(2):
        deal = Dealer(rules).deal(seed)
        for leader, from_deal in ((seed % rules.players, False), ((seed + 1) % rules.players, True)):
            luck = hand_luck(Hand(rules, deal.hands, deal.stock, leader, None), from_deal, None)
            assert sum(luck) == pytest.approx(0.0, abs=1e-9)
            assert any(abs(x) > 1e-9 for x in luck)


def test_luck_is_the_deal_s_wherever_it_is_dealt() -> None:
    """The same deal, leader and pose: the same luck (a duplicate match's two tables)."""
    rules = build_rules("puerto_rican")
    deal = Dealer(rules).deal(4)
    one = Hand(rules, deal.hands, deal.stock, 1, None)
    two = Hand(rules, deal.hands, deal.stock, 1, None)
    assert deal_seed(one) == deal_seed(two) and hand_luck(one, False, None) == hand_luck(two, False, None)
    assert deal_seed(one) != deal_seed(Hand(rules, deal.hands, deal.stock, 2, None))


def test_luck_is_what_the_panel_makes_of_the_deal() -> None:
    """Where nothing is drawn, the panel: R is the mean result of four Medium CPUs playing the deal as dealt,
    eight times, and of four Easy CPUs, PANEL_TEAMS times; the luck is LUCK_SHARE of each team's centred
    margin when the deal decided the lead."""
    rules = build_rules("jamaican")
    deal = Dealer(rules).deal(6)
    start = Hand(rules, deal.hands, deal.stock, 0, None)

    def centred_side0(level: str, seeds: list[int]) -> float:
        results = [team_play(start, seed, level) for seed in seeds]
        return sum(side_value(hand_gains(rules, f, f.end_points), 0) for f in results) / len(seeds)

    medium = centred_side0("medium", [deal_seed(start) * LUCK_TEAMS + k for k in range(LUCK_TEAMS)])
    easy = centred_side0("easy", [deal_seed(start) * PANEL_TEAMS + k for k in range(PANEL_TEAMS)])
    assert reference_result(start)[0] == pytest.approx(medium)
    assert panel_result(start)[0] == pytest.approx(easy)
    # Two sides: side 0's margin less the mean of both sides' is its margin itself (they are opposite).
    assert hand_luck(start, True, None)[0] == pytest.approx(LUCK_SHARE * (medium + easy))
    assert easy != pytest.approx(medium)  # the two teams make different things of the deal: both count
    assert start.outcome is None and not start.history  # the plays leave the hand as dealt


def test_luck_follows_the_tiles() -> None:
    """Turning the deal one seat round the table (the leader with it) turns one side's luck into the other's."""
    rules = build_rules("puerto_rican")
    deal = Dealer(rules).deal(6)
    turned = deal.hands[1:] + deal.hands[:1]
    one = hand_luck(Hand(rules, deal.hands, deal.stock, 1, None), False, None)
    two = hand_luck(Hand(rules, turned, deal.stock, 0, None), False, None)
    # The prior turns exactly; the team's plays are seeded by the deal as dealt, so their tie-breaks differ.
    assert prior(rules, 1) == pytest.approx(tuple(reversed(prior(rules, 0))))
    assert one[1] == pytest.approx(two[0], abs=12.0)


def test_the_prior_is_the_mean_luck_is_centred() -> None:
    """Over many shuffles with a known leader, the luck averages about 0 (the prior is what a hand is worth
    before its deal), and the side that leads is worth more before the deal than the other."""
    rules = build_rules("jamaican")
    dealer = Dealer(rules)
    lucks = [hand_luck(Hand(rules, dealer.deal(10_000 + s).hands, (), 0, None), False, None)[0] for s in range(40)]
    mean = sum(lucks) / len(lucks)
    sd = math.sqrt(sum((x - mean) ** 2 for x in lucks) / (len(lucks) - 1))
    assert abs(mean) < 3 * sd / math.sqrt(len(lucks))
    assert prior(rules, None) == (0.0, 0.0)
    assert prior(rules, 0)[0] > 0 > prior(rules, 0)[1]
    assert prior(rules, 0, "easy")[0] > 0 > prior(rules, 0, "easy")[1]  # the panel's Easy team's own prior
    assert prior(rules, 0, "easy") != prior(rules, 0)


_LUCK_ELSEWHERE = """
import sys
from dominoes_desktop.engine.analysis.hand_luck import hand_luck
from dominoes_desktop.engine.deal import Dealer
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.presets import build_rules
for preset in sys.argv[1:]:
    rules = build_rules(preset)
    deal = Dealer(rules).deal(500)
    print(repr(hand_luck(Hand(rules, deal.hands, deal.stock, 0, None), True, None)))
"""


def test_a_deal_s_luck_is_the_same_in_another_process() -> None:
    """The luck a saved match shows must not change with the process that works it out: the panel's plays
    (Medium and Easy teams) and the stock's orders are seeded from the deal alone, never from a string's
    hash or a set's order (another PYTHONHASHSEED here), and the sums run in one order."""
    presets = ["jamaican", "cutthroat", "all_fives"]  # two and three sides where nothing is drawn; a draw game
    here = []
    for preset in presets:
        rules = build_rules(preset)
        deal = Dealer(rules).deal(500)
        here.append(repr(hand_luck(Hand(rules, deal.hands, deal.stock, 0, None), True, None)))
    elsewhere = subprocess.run(
        [sys.executable, "-c", _LUCK_ELSEWHERE, *presets],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "PYTHONHASHSEED": "12345"},
    )
    assert elsewhere.stdout.split("\n")[:-1] == here


def test_the_prior_is_worked_out_once_per_rules_and_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asking for one leader's prior and then another's (as a match's hands do) plays the prior's deals once
    per level: the level left to its default and the level passed on are one cache entry."""
    played: list[str] = []
    mean_results = hand_luck_module.mean_results

    def counted(start: Hand, seeds: list[int], level: str = "medium") -> tuple[float, ...]:
        played.append(level)
        return mean_results(start, seeds, level)

    monkeypatch.setattr(hand_luck_module, "mean_results", counted)
    monkeypatch.setattr(hand_luck_module, "PRIOR_DEALS", 3)  # a few deals: the count is what is tested
    rules = build_rules("jamaican")
    hand_luck_module._prior.cache_clear()
    try:
        prior(rules, 1)
        prior(rules, 0)
        prior(rules, 1, "easy")
        prior(rules, 0, "easy")
        assert played == ["medium"] * 3 + ["easy"] * 3
    finally:
        hand_luck_module._prior.cache_clear()  # not to leave 3-deal priors to the other tests


def _first_draw(preset: str, seed: int) -> tuple[Hand, Hand]:
    """A hand of four Medium CPUs dealt from `seed`, as dealt and played up to its first draw from the stock
    (included)."""
    rules = build_rules(preset)
    deal = Dealer(rules).deal(seed)
    start = Hand(rules, deal.hands, deal.stock, seed % rules.players, None)
    players = [make_player("medium", seed * 4 + s) for s in range(rules.players)]
    hand = start.copy()
    while not any(t.move.kind is MoveKind.DRAW for t in hand.history):
        assert hand.outcome is None, "no draw in this hand: pick another seed"
        if hand.pending is not None:
            hand.apply(CLAIM)
            continue
        hand.apply_legal(players[hand.turn].decide(view_at(hand, hand.turn)).move)
    return start, hand


def test_a_draw_s_luck_is_the_tile_s_worth_less_the_mean_over_the_tiles_it_could_have_been() -> None:
    """GNU Backgammon's luck of a roll, for a draw from the stock: over the tiles the stock could have given
    (each put first in turn, all else the same), the draw's lucks average exactly 0, and each is zero-sum."""
    start, played = _first_draw("all_fives", 3)
    # Each ordering of the stock with another tile first comes to the same position (nobody drew before) with
    # that tile drawn.
    lucks = []
    for first in range(len(start.stock)):
        stock = [start.stock[first], *start.stock[:first], *start.stock[first + 1 :]]
        other = Hand(start.rules, start.hands, stock, start.leader, None)
        luck = draw_luck(other, _draws(other, played.history))
        assert sum(luck) == pytest.approx(0.0, abs=1e-9)
        lucks.append(luck)
    assert any(abs(luck[0]) > 1e-9 for luck in lucks)
    for side in range(start.rules.sides):
        assert sum(luck[side] for luck in lucks) == pytest.approx(0.0, abs=1e-9)


def _draws(start: Hand, history: list[Turn]) -> list[tuple[int, Hand]]:
    """Each draw of `history` played from `start`: its ply and the hand just before it."""
    hand, found = start.copy(), []
    for ply, turn in enumerate(history):
        if turn.move.kind is MoveKind.DRAW:
            found.append((ply, hand.copy()))
        if turn.move.kind is MoveKind.CLAIM:
            hand.apply(turn.move, turn.seat)
        elif turn.move.kind is MoveKind.MUGGINS:
            hand.apply(turn.move)
        else:
            hand.apply_legal(turn.move)
    return found


def test_where_tiles_are_drawn_the_luck_is_the_deal_s_over_every_stock_order_and_the_draws() -> None:
    """In a game that draws from the stock, the deal's worth is the reference team's over shuffled stocks (the
    stock's order is the draws' luck, counted draw by draw), and a hand's luck adds its draws' luck."""
    start, played = _first_draw("all_fives", 3)
    dealt = shuffled_value(start, deal_seed(start), LUCK_TEAMS)
    draws = draw_luck(start, _draws(start, played.history))
    found = hand_luck(start, True, _draws(start, played.history))
    assert found == pytest.approx(
        tuple(DRAWING_DEAL_SHARE * d + DRAW_SHARE * w for d, w in zip(dealt, draws, strict=True))
    )
    assert hand_luck(start, True, None) == pytest.approx(tuple(DRAWING_DEAL_SHARE * d for d in dealt))
    assert sum(found) == pytest.approx(0.0, abs=1e-9) and found != hand_luck(start, True, None)


def test_a_hand_with_many_draws_weighs_a_sample_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MAX_DRAWS draws a hand weighs a seeded sample of its draws (each as it would alone), not more."""
    record = _played("all_fives", make_player("medium", 4), 1, 4)
    deal, played = Match.from_record(record).archive[0]
    start = Hand(played.rules, deal.hands, deal.stock, played.leader, played.forced_pose)
    draws = _draws(start, played.history)
    assert len(draws) >= 2
    each = [draw_luck(start, [one])[0] for one in draws]  # one draw's luck, alone
    assert draw_luck(start, draws)[0] == pytest.approx(sum(each))
    monkeypatch.setattr(hand_luck_module, "MAX_DRAWS", 1)
    sampled = draw_luck(start, draws)[0]
    assert any(sampled == pytest.approx(one) for one in each)
    assert sampled == draw_luck(start, draws)[0]  # the same sample every time


def test_a_judged_hand_s_luck_counts_its_draws() -> None:
    """The rating's judge gives the hand's luck with the draws the table made (not the deal's alone)."""
    record = _played("all_fives", make_player("medium", 4), 1, 4)
    match = Match.from_record(record)
    deal, played = match.archive[0]
    assert any(t.move.kind is MoveKind.DRAW for t in played.history)
    start = Hand(match.rules, deal.hands, deal.stock, played.leader, played.forced_pose)
    (judged,) = judge_hands(record, 0, seed=0)
    assert judged.luck == pytest.approx(hand_luck(start, True, _draws(start, played.history))[0])
    assert judged.luck != pytest.approx(hand_luck(start, True, None)[0])


def test_who_decided_the_lead() -> None:
    rules = build_rules("jamaican")  # the winner leads the next hand; after a block, the first hand's rule
    match = Match(rules, 3)
    table = CpuTable(rules, [make_player("medium", s) for s in range(4)], 3, match=match)
    results = [table.play_hand(deal_seed=40 + h) for h in range(6)]
    assert lead_from_deal(rules, 0, None)
    for h in range(1, 6):
        won = results[h - 1].winner_seat is not None
        assert lead_from_deal(rules, h, results[h - 1]) is (not won)


# ---- the calibration table ------------------------------------------------------------------------------


def test_the_calibration_table_parses_and_matches_the_families() -> None:
    table = calibration()
    assert set(table) == set(Family)
    for family, levels in table.items():
        assert levels and [lv.level for lv in levels] == [lv for lv in TABLE_LEVELS if lv in {x.level for x in levels}]
        for level in levels:
            assert level.family is family and family_of(build_rules(level.preset)) is family
            assert level.ci95[0] <= level.value <= level.ci95[1] and level.hands > 0 and level.decisions > 0


def test_a_bad_calibration_table_is_one_line() -> None:
    for text, message in (
        ("{", "not JSON"),
        ('{"families": {"chess": {}}}', "'chess'"),
        ('{"families": {"hands": {"preset": "jamaican", "levels": {"wizard": {}}}}}', "not a CPU level"),
        ('{"families": {"hands": {"preset": "jamaican", "levels": {"easy": {"rating": 1, "ci95": [0]}}}}}', "ci95"),
    ):
        with pytest.raises(RatingError, match=message):
            calibration(text)


def test_the_nearest_level() -> None:
    levels = calibration()[Family.HANDS]
    assert nearest_level(math.nan, levels) is None and nearest_level(1.0, ()) is None
    for level in levels:
        assert nearest_level(level.value, levels) == level


def test_what_a_hand_gave_away_counts_no_forced_move_nor_a_best_one() -> None:
    """A near tie graded Best keeps its small loss (the rating counts it) but gives nothing away, as the coach's
    Loss column shows it; a forced move gives nothing; any other grade gives its loss."""
    near_tie = DecisionJudgement(0, 1, ("a", "b"), "a", ("b",), 0.2, "best", False)
    fine = DecisionJudgement(0, 3, ("a", "b"), "a", ("b",), 1.5, "fine", False)
    forced = DecisionJudgement(0, 5, ("a",), "a", ("a",), 0.0, "best", True)
    hand = HandJudgement(0, 0, Family.POINTS, (near_tie, fine, forced), 10.0, 2.0)
    assert (near_tie.given_away, fine.given_away, forced.given_away) == (0.0, 1.5, 0.0)
    assert hand.given_away() == 1.5 and hand.loss() == pytest.approx(1.7)
