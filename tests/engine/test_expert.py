"""The Expert CPU: the coach's expected value over the worlds its seat cannot tell apart, under a clock."""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
import time

import pytest

from benchmarks.ladder import fit_elo
from benchmarks.strength import GreedyPlayer, greedy_weight
from dominoes_desktop.engine.analysis import core
from dominoes_desktop.engine.analysis.coach import Grade, Judge, grade, recorded_from_archive
from dominoes_desktop.engine.analysis.fair import judge_hand_view
from dominoes_desktop.engine.cpu import ANALYSIS_LEVELS, FAST_EXPERT, LEVELS, expert, make_player
from dominoes_desktop.engine.cpu.expert import exact_pimc, expert_choice, settled
from dominoes_desktop.engine.cpu.players import FAST_EXPERT_AIM, FAST_EXPERT_MS, ExpertPlayer
from dominoes_desktop.engine.cpu.worker import Ask, answer
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import evidence_weight, infer, play_evidence, weighted_worlds
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.play_model import fitted_weight, seen_plays
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import Rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_table import CpuTable

from .helpers import start_hand


def late_positions(preset: str, count: int, seed: int, tiles_left: int) -> list[PlayerView]:
    """Views of the seat to move once it holds `tiles_left` tiles or fewer, with a choice to make; the hands
    played so far by heavy-first players (plays the evidence can read)."""
    rules = build_rules(preset)
    rng = random.Random(seed)
    views: list[PlayerView] = []
    while len(views) < count:
        match = Match(rules, rng.getrandbits(32))
        hand = start_hand(match)
        while not hand.is_over:
            plays = [m for m in hand.legal_moves() if m.kind is MoveKind.PLAY]
            if len(hand.hands[hand.turn]) <= tiles_left and len(plays) > 1:
                views.append(PlayerView.of(match, hand.turn))
                break
            moves = hand.legal_moves()
            hand.apply(max(moves, key=lambda m: (m.tile.pips if m.tile else -1) + rng.random() * 4))
    return views


def expected_values(view: PlayerView, plays: list[Move], worlds: int, seed: int) -> dict[Move, float]:
    """A thorough judge: the mean over many sampled worlds of each play's exact value, each world weighed as
    the Expert weighs it (expert.world_weigher)."""
    side = view.rules.side_of(view.seat)
    totals = dict.fromkeys(plays, 0.0)
    weights = 0.0
    weigh = expert.world_weigher(view)
    for world, _ in weighted_worlds(view, random.Random(seed), worlds):
        weight = weigh(world.hands)
        judge = Judge(view.rules, world, 10**7)
        for move in plays:
            totals[move] += weight * judge.option_value(world, move, side, True, 0)
        weights += weight
    return {m: t / weights for m, t in totals.items()}


def test_the_expert_plays_the_thorough_judges_best_or_a_fine_move() -> None:
    """Under its clock the Expert picks what a judge with ten times the worlds grades Best or Fine."""
    graded = []
    for view in late_positions("puerto_rican", 6, seed=4, tiles_left=3):
        plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
        chosen = expert_choice(view, plays, 7, 300.0)
        values = expected_values(view, plays, 150, seed=99)
        graded.append(grade(view.rules, max(values.values()) - values[chosen]))
    assert all(g in (Grade.BEST, Grade.FINE) for g in graded), graded


def test_exact_values_are_the_weighted_mean_over_the_worlds() -> None:
    view = late_positions("puerto_rican", 1, seed=8, tiles_left=3)[0]
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    means = exact_pimc(view, plays, 5, time.perf_counter() + 5.0, max_worlds=20)
    assert means is not None and set(means) == set(plays)
    # The same worlds, drawn from the same seed in the same order, averaged here by hand.
    assert means == expected_values(view, plays, 20, seed=5)


def test_near_ties_are_the_options_within_the_margin_of_the_best() -> None:
    six_four, five_five, three_two = (Move.play(Tile(6, 4), 6), Move.play(Tile(5, 5), 5), Move.play(Tile(3, 2), 3))
    hands, points = build_rules("jamaican"), build_rules("puerto_rican")
    means = {three_two: -1.0, six_four: -1.0, five_five: -1.0 - expert.TIE_HANDS / 2}
    assert expert.near_best(hands, means) == [six_four, three_two, five_five], "best mean, then the heaviest"
    assert expert.near_best(hands, {three_two: 0.5, six_four: 0.4}) == [three_two]
    assert expert.near_best(points, {three_two: 12.0, six_four: 12.0 - expert.TIE_POINTS}) == [three_two, six_four]
    assert expert.near_best(points, {three_two: 12.0, six_four: 11.0}) == [three_two]


def test_playouts_choose_among_the_options_perfect_play_cannot_tell_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand lost whatever the seat plays (every option -1 in every world) is still played for the win: the
    tie goes to playouts against players who err, on the tied options only and within the clock."""
    view = next(v for v in late_positions("jamaican", 6, seed=3, tiles_left=5) if len(v.legal_moves()) >= 3)
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    losing = {m: -1.0 for m in plays[:-1]} | {plays[-1]: -1.5}  # the last loses by more: not in the tie
    monkeypatch.setattr(expert, "exact_pimc", lambda *args: losing)
    asked: list[tuple[list[Move], float]] = []

    def played_out(view: PlayerView, options: list[Move], rng: random.Random, until: float, **kw: object) -> Move:
        asked.append((options, until))
        return min(options, key=lambda m: m.tile.pips if m.tile else 0)  # say the lightest wins most often

    monkeypatch.setattr(expert, "monte_carlo", played_out)
    started = time.perf_counter()
    chosen = expert_choice(view, plays, 1, 100.0)
    assert len(asked) == 1 and sorted(asked[0][0]) == sorted(plays[:-1])
    assert asked[0][1] <= started + 0.1 + 0.01, "the playouts keep to the clock"
    assert chosen == min(plays[:-1], key=lambda m: m.tile.pips if m.tile else 0)
    # Without the tie break (the plain PIMC Expert) the heaviest of the tied options is played, no playouts.
    asked.clear()
    assert expert_choice(view, plays, 1, 100.0, tie_share=0.0) == expert.near_best(view.rules, losing)[0]
    assert not asked


def test_a_hand_too_big_for_the_clock_is_played_out_not_searched() -> None:
    rules = build_rules("puerto_rican")
    match = Match(rules, 3)
    hand = start_hand(match)
    hand.apply(hand.legal_moves()[0])  # the pose: 27 tiles still in the hands
    view = PlayerView.of(match, hand.turn)
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    assert exact_pimc(view, plays, 1, time.perf_counter() + 0.005) is None
    assert expert_choice(view, plays, 1, 20.0) in plays


def test_a_worlds_node_budget_follows_the_core_that_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled core searches some 25 times the nodes a millisecond: its worlds get that many more."""
    rules = build_rules("puerto_rican")
    budgets: list[int] = []

    class Recording(Judge):
        def __init__(self, rules: Rules, start: Hand, budget: int) -> None:
            budgets.append(budget)
            super().__init__(rules, start, budget)

    monkeypatch.setattr(expert, "Judge", Recording)
    view = late_positions("puerto_rican", 1, seed=8, tiles_left=3)[0]
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    span = 0.4
    exact_pimc(view, plays, 5, time.perf_counter() + span, max_worlds=1)
    rate = expert.COMPILED_NODE_RATE if core.CompiledSearch is not None else expert.PURE_NODE_RATE
    assert expert.node_rate(rules) == rate
    assert (
        budgets and rate * 1000 * span / expert.MIN_WORLDS * 0.9 <= budgets[0] <= rate * 1000 * span / expert.MIN_WORLDS
    )
    # Double-12 is past the compiled core's 64 tiles, and without the core everything is pure Python.
    assert expert.node_rate(dataclasses.replace(rules, set_top=12)) == expert.PURE_NODE_RATE
    monkeypatch.setattr(core, "CompiledSearch", None)
    assert expert.node_rate(rules) == expert.PURE_NODE_RATE


def test_the_clock_stops_early_only_when_the_best_option_is_clear() -> None:
    clear = [(1.0, [10.0 + (i % 3), 0.0 + (i % 2)]) for i in range(24)]
    assert settled(clear)
    assert not settled(clear[:23]), "too few worlds to tell"
    noisy = [(1.0, [float(i % 5), float((i + 2) % 5)]) for i in range(24)]
    assert not settled(noisy)


def test_expert_decisions_keep_to_their_clock() -> None:
    rules = build_rules("puerto_rican")
    players = [ExpertPlayer(s, movetime_ms=150.0) for s in range(4)]
    table = CpuTable(rules, players, 2)
    table.play_hand(deal_seed=2)
    times = table.decision_ms["expert"]
    thinking = [t for t in times if t > 1.0]  # forced turns take no thought
    assert thinking and max(thinking) < 3 * 150.0 + 200.0, max(thinking)
    assert statistics.median(thinking) <= 150.0 * 1.2


def test_the_expert_decides_in_a_worker_as_at_the_table() -> None:
    view = late_positions("puerto_rican", 1, seed=2, tiles_left=5)[0]
    reply = answer({}, Ask(1, ("owner", view.seat, "expert", 3), 60.0, view))
    assert reply.error == "" and reply.decision is not None
    assert reply.decision.move in view.legal_moves()


def test_worlds_weigh_a_partners_signal_of_a_number_it_holds() -> None:
    """Seat 1 played 5-2 rather than the equally heavy 4-3 on the ends 2 and 3 (both fitted): it opened the
    5s, so worlds where it holds another 5 weigh more than worlds where it holds none."""
    evidence = ((1, Tile(5, 2), (2, 3)),)
    holds_a_five = [[], [Tile(4, 3), Tile(5, 0)], [], []]
    holds_no_five = [[], [Tile(4, 3), Tile(1, 0)], [], []]
    assert evidence_weight(evidence, holds_a_five) > evidence_weight(evidence, holds_no_five)


def test_weighted_worlds_fit_the_view() -> None:
    for view in late_positions("jamaican", 5, seed=6, tiles_left=5):
        knowledge = infer(view)
        evidence = play_evidence(view)
        for world, weight in weighted_worlds(view, random.Random(1), 20):
            assert 0.0 < weight <= 1.0
            assert weight == evidence_weight(evidence, world.hands)
            assert list(world.hands[view.seat]) == list(view.tiles)
            for seat, void in enumerate(knowledge.voids):
                assert len(world.hands[seat]) == view.hand_sizes[seat]
                assert not any(t.high in void or t.low in void for t in world.hands[seat])


def test_the_greedy_benchmark_team_plays_the_heaviest_tile_a_double_half_a_pip_lighter() -> None:
    def play(tile: Tile) -> Move:
        return Move.play(tile, tile.high)

    assert max([play(Tile(5, 5)), play(Tile(6, 4))], key=greedy_weight).tile == Tile(6, 4)  # 10 against 9.5
    assert max([play(Tile(6, 5)), play(Tile(6, 6))], key=greedy_weight).tile == Tile(6, 6)  # 11.5 against 11
    rules = build_rules("puerto_rican")
    table = CpuTable(rules, [GreedyPlayer() for _ in range(4)], 5)
    table.play_hand(deal_seed=5)  # the match raises on an illegal move
    assert table.decision_ms["greedy"]


def test_the_fair_coach_grades_the_experts_own_late_moves_best_or_fine() -> None:
    """The fair coach (the worlds the seat cannot tell apart, weighted as the Expert weighs them) grades the
    Expert's own decisions Best or Fine once the hand is small enough to search exactly: all but at most one
    of a small sample (the Expert plays under a clock, so its sample of worlds, and now and then its move,
    varies from run to run, and with it how many decisions are left to grade: deals are added until eight
    are). The whole-hand figure comes from the strength benchmark's consistency run."""
    rules = build_rules("puerto_rican")
    graded: list[Grade] = []
    for deal_seed in range(8):
        if deal_seed >= 4 and len(graded) >= 8:
            break
        table = CpuTable(rules, [ExpertPlayer(s, movetime_ms=300.0) for s in range(4)], deal_seed)
        hand = table.start_hand(deal_seed=deal_seed)
        while hand.outcome is None and sum(len(h) for h in hand.hands) > 14:
            table.step()
        late = hand.copy()  # the coach judges from here: the plays so far are in its history
        table.play_hand()
        recorded = recorded_from_archive(rules, 0, *table.match.archive[-1], first_ply=len(late.history))
        graded += [f.judged.grade for f in judge_hand_view(recorded, seed=1)]
    below = [g for g in graded if g not in (Grade.BEST, Grade.FINE)]
    assert len(graded) >= 8 and len(below) <= len(graded) // 8, graded


def test_the_fast_expert_keeps_to_its_50_ms() -> None:
    rules = build_rules("puerto_rican")
    table = CpuTable(rules, [make_player(FAST_EXPERT, s) for s in range(4)], 5)
    table.play_hand(deal_seed=5)
    thinking = [t for t in table.decision_ms[FAST_EXPERT] if t > 1.0]  # forced turns take no thought
    assert thinking, "the hand had decisions to think about"
    # It plans to use FAST_EXPERT_AIM of its clock, so that what overruns still keeps to FAST_EXPERT_MS.
    assert FAST_EXPERT_AIM * FAST_EXPERT_MS * 0.5 < statistics.median(thinking) <= FAST_EXPERT_MS
    assert max(thinking) < 3 * FAST_EXPERT_MS + 100.0, max(thinking)  # a loaded CI machine's allowance


def test_the_fast_expert_is_for_analysis_not_a_table_level() -> None:
    assert FAST_EXPERT in ANALYSIS_LEVELS and FAST_EXPERT not in LEVELS
    view = late_positions("jamaican", 1, seed=4, tiles_left=5)[0]
    reply = answer({}, Ask(1, ("ratings", view.seat, FAST_EXPERT, 3), None, view))
    assert reply.error == "" and reply.decision is not None and reply.decision.move in view.legal_moves()
    try:
        make_player("seer")  # the benchmark's all-seeing player is never a CPU level
    except ValueError as error:
        assert "expert_fast" in str(error)
    else:
        raise AssertionError("make_player made an unknown level")


def test_the_ladder_turns_hands_won_into_elo() -> None:
    even = fit_elo({("a", "b"): (30, 30), ("b", "c"): (30, 30)}, ["a", "b", "c"])
    assert all(abs(v) < 1e-6 for v in even.values())
    # 64% of the hands decided is about 100 Elo; the prior pulls a little towards even.
    gap = fit_elo({("a", "b"): (640, 360)}, ["a", "b"])
    assert 95 < gap["a"] - gap["b"] < 101
    # Beating every hand gives a large but finite gap, and strength carries through a chain.
    chain = fit_elo({("a", "b"): (20, 0), ("b", "c"): (15, 5)}, ["a", "b", "c"])
    assert chain["a"] > chain["b"] > chain["c"] and math.isfinite(chain["a"])


@pytest.mark.parametrize("fitted", [False, True])
def test_the_experts_worlds_are_weighed_by_the_model_of_play_chosen(
    fitted: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fitted model (play_model) reads the plays the habit player reads; the Expert weighs each world by
    the model chosen, the same weight for the same hands however often they are dealt."""
    monkeypatch.setattr(expert, "FITTED_WORLDS", fitted)
    for view in late_positions("puerto_rican", 4, seed=6, tiles_left=4):
        evidence = play_evidence(view)
        seen = seen_plays(view)
        assert [(s.seat, s.tile, s.ends) for s in seen] == list(evidence)
        weigh = expert.world_weigher(view)
        for world, _ in weighted_worlds(view, random.Random(2), 30):
            plain = fitted_weight(seen, world.hands) if fitted else evidence_weight(evidence, world.hands)
            assert 0.0 < weigh(world.hands) == plain
