"""The coach's solver against an independent brute force, its move generator against Hand's, and the CLI."""

from __future__ import annotations

import json
import multiprocessing
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_desktop.cli.coach import coach_case
from dominoes_desktop.engine.analysis.coach import (
    LANES,
    THRESHOLDS,
    Grade,
    LaneTask,
    RecordedHand,
    family,
    grade,
    hands_of_case,
    judge_hand,
    judge_lane,
)
from dominoes_desktop.engine.analysis.solver import GenericSolver, LineSolver
from dominoes_desktop.engine.decisions import ChooseLeader, DealHand, Lead
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import EndScoring, LayoutKind, Rules, Style
from dominoes_desktop.engine.scoring import bonuses, hand_points, winner_seat
from dominoes_desktop.engine.tiles import full_set

ROOT = Path(__file__).resolve().parents[2]


def brute_force(hand: Hand, side: int) -> int:
    """Plain minimax over Hand copies, no pruning, no table: `side`'s points in the rest of the hand minus
    everyone else's, end points credited to whoever made them, the finished hand scored by scoring.py."""
    rules = hand.rules
    if hand.is_over:
        facts = hand.outcome_facts()
        winner = winner_seat(rules, facts)
        if winner is None:
            return 0
        points = hand_points(rules, facts.end, winner, facts.pips) + sum(v for _, v in bonuses(rules, facts))
        return points if rules.teams[winner] == side else -points
    values = []
    for move in hand.legal_moves():
        child = hand.copy()
        seat = child.turn
        child.apply_legal(move)
        made = 0
        if move.kind is MoveKind.PLAY and rules.end_scoring is not EndScoring.NONE:
            made = rules.end_scoring.points(child.layout.end_total())
        made = made if rules.teams[seat] == side else -made
        values.append(made + brute_force(child, side))
    return max(values) if rules.teams[hand.turn] == side else min(values)


def small_rules(preset: str, players: int, size: int, top: int) -> Rules:
    """A preset's rules on a small set, so that the brute force finishes."""
    base = build_rules(preset, {"players": players} if players != build_rules(preset).players else {})
    teams = base.teams if len(base.teams) == players else tuple(range(players))
    return replace(base, set_top=top, players=players, teams=teams, hand_size=size, removed_tiles=())


def random_position(rules: Rules, rng: random.Random, plies: int) -> Hand:
    tiles = list(full_set(rules.set_top))
    rng.shuffle(tiles)
    dealt = rules.players * rules.hand_size
    hands = [tiles[i * rules.hand_size : (i + 1) * rules.hand_size] for i in range(rules.players)]
    stock = tiles[dealt:] if rules.style.value != "block" else []
    hand = Hand(rules, hands, stock, rng.randrange(rules.players))
    for _ in range(plies):
        if hand.is_over:
            break
        hand.apply_legal(rng.choice(hand.legal_moves()))
        if hand.pending is not None:
            hand.apply(Move(MoveKind.CLAIM))
    return hand


CASES = [
    ("jamaican", 4, 3, 4),
    ("jamaican", 4, 4, 5),
    ("six_love", 4, 3, 4),
    ("dominican", 4, 3, 4),
    ("puerto_rican", 4, 3, 4),
    ("cuban", 4, 3, 4),
    ("cutthroat", 3, 3, 4),
    ("classic_draw", 2, 3, 4),
    ("classic_draw", 3, 2, 4),
    ("classic_block", 3, 3, 4),
    ("all_fives", 2, 3, 4),
    ("fives_threes", 3, 2, 4),
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.integers(0, 2**32), st.integers(1, 4))
def test_line_solver_agrees_with_brute_force(case: tuple[str, int, int, int], seed: int, plies: int) -> None:
    preset, players, size, top = case
    rules = small_rules(preset, players, size, top)
    rng = random.Random(seed)
    hand = random_position(rules, rng, plies)
    if hand.is_over:
        return
    for side in range(rules.sides):
        # The stock from here on stands for the stock as dealt: the tiles drawn already are never looked at.
        solver = LineSolver(rules, list(hand.stock), hand.leader, side)
        solver.budget = 10**7
        assert solver.value(hand, len(hand.stock)) == brute_force(hand, side), (preset, side)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["jamaican", "all_fives", "fives_threes", "classic_draw", "dominican"]), st.integers(0, 2**32))
def test_line_solver_moves_are_hands_moves(preset: str, seed: int) -> None:
    """Move for move along a random hand, the search's plays are exactly Hand's."""
    rules = build_rules(preset)
    rng = random.Random(seed)
    hand = random_position(rules, rng, 1)
    solver = LineSolver(rules, list(hand.stock), hand.leader, 0)
    compared = 0
    while not hand.is_over:
        legal = hand.legal_moves()
        plays = [m for m in legal if m.kind is MoveKind.PLAY]
        assert sorted(solver.moves(hand)) == sorted(plays)
        compared += 1
        hand.apply_legal(rng.choice(legal))
        if hand.pending is not None:
            hand.apply(Move(MoveKind.CLAIM))
    assert compared > 0  # one ply in, a hand is never over: every example compares


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(["cross", "cross_9"]))
def test_generic_solver_agrees_with_brute_force(seed: int, preset: str) -> None:
    rules = replace(small_rules(preset, 2, 3, 3), layout=LayoutKind.CROSS if preset == "cross" else LayoutKind.SPINNERS)
    hand = random_position(rules, random.Random(seed), 2)
    if hand.is_over:
        return
    for side in range(rules.sides):
        solver = GenericSolver(rules, side)
        solver.budget = 10**7
        assert solver.value(hand) == brute_force(hand, side)


def test_grades_follow_the_documented_thresholds() -> None:
    hands, pips, fives = build_rules("jamaican"), build_rules("dominican"), build_rules("all_fives")
    assert (family(hands), family(pips), family(fives)) == ("hands", "pips", "fives")
    assert grade(hands, 0) is Grade.BEST
    assert grade(hands, 1) is Grade.LOOSE
    assert grade(hands, 2) is Grade.BLUNDER
    assert grade(pips, THRESHOLDS["pips"][0]) is Grade.FINE
    assert grade(pips, THRESHOLDS["pips"][1]) is Grade.LOOSE
    assert grade(pips, THRESHOLDS["pips"][1] + 1) is Grade.BLUNDER
    assert grade(fives, 10) is Grade.LOOSE


def _case(preset: str, seed: int, levels: str = "medium") -> dict[str, object]:
    """A whole recorded hand in replay format, played by CPUs."""
    from dominoes_desktop.engine.cpu import make_player
    from dominoes_desktop.session.cpu_table import CpuTable

    rules = build_rules(preset)
    table = CpuTable(rules, [make_player(levels, seed + s) for s in range(rules.players)], seed)
    table.play_hand(deal_seed=seed)
    deal, hand = table.match.archive[-1]
    return {
        "preset": preset,
        "hands": [
            {
                "deal": [[str(t) for t in h] for h in deal.hands],
                "stock": [str(t) for t in deal.stock],
                "leader": hand.leader,
                "moves": [t.move.notation() for t in hand.history],
            }
        ],
    }


@pytest.mark.parametrize("preset", ["jamaican", "dominican", "all_fives"])
def test_whole_hand_values_match_brute_force_late_in_the_hand(preset: str) -> None:
    """On a real hand, every judged decision from the last eight tiles on equals the brute force."""
    case = _case(preset, 11)
    (recorded,) = hands_of_case(case)
    judged = judge_hand(recorded)
    hand = recorded.start.copy()
    total = len([m for m in recorded.moves if m.kind is MoveKind.PLAY])
    played = 0
    checked = 0
    tally = [0] * recorded.rules.sides
    by_ply = {j.ply: j for j in judged}
    for ply, move in enumerate(recorded.moves):
        if move.kind in (MoveKind.CLAIM, MoveKind.MUGGINS):
            hand.apply(move)
            continue
        seat = hand.turn
        move = hand.resolve(move)
        if ply in by_ply and total - played <= 8:
            side = recorded.rules.teams[seat]
            so_far = 2 * tally[side] - sum(tally)
            for option, value in zip(by_ply[ply].options, by_ply[ply].values, strict=True):
                child = hand.copy()
                child.apply_legal(option)
                made = recorded.rules.end_scoring.points(child.layout.end_total())
                made = made if recorded.rules.teams[seat] == side else -made
                assert value == so_far + made + brute_force(child, side)
                checked += 1
        hand.apply(move)
        if move.kind is MoveKind.PLAY:
            played += 1
            tally[recorded.rules.teams[seat]] += recorded.rules.end_scoring.points(hand.layout.end_total())
    assert checked > 0  # this hand's last eight tiles hold judged choices


def test_judged_decisions_cover_every_choice_and_only_choices() -> None:
    case = _case("jamaican", 5)
    (recorded,) = hands_of_case(case)
    judged = judge_hand(recorded)
    hand = recorded.start.copy()
    choices = []
    for ply, move in enumerate(recorded.moves):
        if len(hand.legal_moves()) > 1:
            choices.append(ply)
        hand.apply(move)
    assert [j.ply for j in judged] == choices
    for j in judged:
        assert j.played in j.options
        assert j.loss == max(j.values) - j.value_of(j.played)
        assert j.exact


def test_command_prints_one_line_per_decision(tmp_path: Path) -> None:
    case = _case("jamaican", 3)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    out = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.coach", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines == [j.as_json() for j in coach_case(case)]
    assert lines and set(lines[0]) == {"hand", "ply", "seat", "played", "values", "loss", "grade"}
    assert all(len(line["values"]) > 1 and line["played"] in line["values"] for line in lines)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps({"preset": "nope", "hands": []}), "unknown preset"),
        (json.dumps({"preset": "jamaican", "hands": [{"deal": [], "moves": []}]}), "hand 0"),
    ],
)
def test_command_refuses_a_bad_case_with_one_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    out = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.coach", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and message in out.stderr


def test_recorded_hand_round_trip() -> None:
    case = _case("all_fives", 9)
    (recorded,) = hands_of_case(case)
    assert isinstance(recorded, RecordedHand)
    assert recorded.rules.end_scoring is EndScoring.FIVES


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_expert_plays_an_exactly_best_move_when_the_world_is_known(seed: int) -> None:
    """Two players share the whole double-3 set: the unseen tiles are the opponent's, so every sampled world
    is the true one and the expert must pick a move of the best exact value."""
    from dominoes_desktop.engine.analysis.coach import Judge
    from dominoes_desktop.engine.cpu.players import ExpertPlayer
    from dominoes_desktop.engine.match import Match
    from dominoes_desktop.engine.view import PlayerView

    rules = replace(build_rules("classic_block", {"players": 2}), set_top=3, hand_size=5)
    rng = random.Random(seed)
    match = Match(rules, seed)
    match.apply(None, DealHand(seed))
    choice = match.pending()
    if isinstance(choice, ChooseLeader):
        match.apply(None, Lead(match.default_leader()))
    hand = match.hand
    assert hand is not None
    for _ in range(rng.randrange(3)):
        if hand.is_over:
            return
        hand.apply_legal(rng.choice(hand.legal_moves()))
    if hand.is_over or len(hand.legal_moves()) < 2:
        return
    seat = hand.turn
    view = PlayerView.of(match, seat)
    choice = ExpertPlayer(seed, movetime_ms=5000).decide(view).move  # ample: exact, never playouts
    side = rules.teams[seat]
    judge = Judge(rules, hand, 10**7)
    values = {m: judge.option_value(hand, m, side, True, 0) for m in hand.legal_moves()}
    assert values[choice] == max(values.values())


def _spawned_pool() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"))


@pytest.mark.parametrize(
    ("preset", "seed", "budget"),
    [("jamaican", 21, None), ("all_fives", 22, None), ("cuban", 23, 2_000), ("dominican", 24, 400)],
)
def test_worker_processes_give_the_same_judgement(preset: str, seed: int, budget: int | None) -> None:
    """The lanes run in two spawned processes or one after the other here: the same decisions, values,
    grades and approximate marks (small budgets make some decisions estimated, the costliest case)."""
    (recorded,) = hands_of_case(_case(preset, seed))
    here = judge_hand(recorded, budget=budget)
    with _spawned_pool() as pool:
        there = judge_hand(recorded, budget=budget, map_lanes=pool.map)
    assert [j.as_json() for j in there] == [j.as_json() for j in here]
    if budget is not None:
        assert any(not j.exact for j in here), "the budget should be small enough to estimate some decisions"


def test_lanes_share_out_every_option_once() -> None:
    (recorded,) = hands_of_case(_case("jamaican", 25))
    found = [judge_lane(LaneTask(recorded, None, 10**7, lane, LANES)) for lane in range(LANES)]
    units = [(d, o) for lane in found for d, o, _ in lane]
    assert len(units) == len(set(units))
    judged = judge_hand(recorded)
    assert sorted(units) == sorted((d, o) for d, j in enumerate(judged) for o in range(len(j.options)))
    assert all(len(lane) >= len(units) // LANES for lane in found)  # each lane gets its share


def test_an_estimated_decision_makes_every_earlier_one_estimated() -> None:
    (recorded,) = hands_of_case(_case("cuban", 26))
    judged = judge_hand(recorded, budget=3_000)
    exact = [j.exact for j in judged]
    assert not all(exact) and exact == sorted(exact), exact  # False first, then True: no exact before an estimate
    for j in judged:
        if not j.exact:
            assert j.as_json()["approximate"] is True


def test_the_command_gives_the_same_lines_with_one_or_two_processes(tmp_path: Path) -> None:
    case = _case("jamaican", 27)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    outputs = [
        subprocess.run(
            [sys.executable, "-m", "dominoes_desktop.engine.coach", str(path), "--workers", workers],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        ).stdout
        for workers in ("1", "2")
    ]
    assert outputs[0] == outputs[1] and outputs[0]


def test_worlds_are_weighted_by_the_plays_seen() -> None:
    """A seat that played a light tile when a heavy one fitted: worlds where it held the heavy one weigh less."""
    from dominoes_desktop.engine.cpu.expert import evidence_weight
    from dominoes_desktop.engine.tiles import Tile

    evidence = ((1, Tile(2, 1), (1, 6)),)  # seat 1 played 2-1 on the ends 1 and 6
    with_heavy = [[], [Tile(6, 6), Tile(3, 0)], [], []]  # it kept 6-6, which fitted
    without = [[], [Tile(3, 0), Tile(4, 0)], [], []]  # nothing else fitted: no choice, no evidence
    assert evidence_weight(evidence, without) == 1.0
    assert 0 < evidence_weight(evidence, with_heavy) < 0.5
    # A heavier tile played when a lighter one fitted is the expected choice: weighs more than the opposite.
    played_heavy = ((1, Tile(6, 6), (1, 6)),)
    assert evidence_weight(played_heavy, [[], [Tile(2, 1)], [], []]) > 0.5


def test_play_evidence_reads_the_ends_each_play_was_chosen_on() -> None:
    from dominoes_desktop.engine.cpu.expert import play_evidence
    from dominoes_desktop.engine.match import Match
    from dominoes_desktop.engine.tiles import Tile
    from dominoes_desktop.engine.view import PlayerView

    rules = build_rules("jamaican")
    match = Match(rules, 3)
    match.apply(None, DealHand(3))
    if isinstance(match.pending(), ChooseLeader):
        match.apply(None, Lead(match.default_leader()))
    hand = match.hand
    assert hand is not None
    rng = random.Random(3)
    for _ in range(6):
        hand.apply_legal(rng.choice(hand.legal_moves()))
    view = PlayerView.of(match, hand.turn)
    evidence = play_evidence(view)
    placements = hand.layout.placements
    others = [p for p in placements[1:] if p.seat != view.seat]
    assert [(seat, tile) for seat, tile, _ in evidence] == [(p.seat, p.tile) for p in others]
    for _, tile, ends in evidence:
        assert len(ends) == 2 and (tile.high in ends or tile.low in ends)
    first = placements[1]
    if first.seat != view.seat:
        assert evidence[0][2] == (placements[0].tile.high, placements[0].tile.low)
    assert all(isinstance(t, Tile) for _, t, _ in evidence)


def test_command_judges_one_seat_in_some_hands(tmp_path: Path) -> None:
    path = ROOT / "tests" / "data" / "rule-cases" / "jamaican-match-1.json"
    out = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.coach", str(path), "--seat", "2", "--hands", "3-4"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    hands = hands_of_case(json.loads(path.read_text()))
    assert lines == [j.as_json() for h in (3, 4) for j in judge_hand(hands[h], seats=(2,))]
    assert lines and {line["seat"] for line in lines} == {2} and {line["hand"] for line in lines} == {3, 4}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--hands", "4-2"], "0 <= A <= B"),
        (["--hands", "two"], "A-B or A"),
        (["--hands", "11"], "hands 0 to 10"),
        (["--seat", "4"], "--seat must be from 0 to 3"),
    ],
)
def test_command_refuses_a_bad_seat_or_hands_with_one_line(options: list[str], message: str) -> None:
    path = ROOT / "tests" / "data" / "rule-cases" / "jamaican-match-1.json"
    out = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.coach", str(path), *options],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2 and out.stdout == ""
    assert message in out.stderr.strip().splitlines()[-1]


def test_searches_the_compiled_core_runs_get_scaled_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled core searches far more nodes a second, so its games get `COMPILED_SCALE` times the
    pure-Python budgets (per search and per hand), and its line games of the big sets (Cuban) a bigger budget
    (`BIG_LINE_BUDGET`); a game it cannot run keeps the pure-Python ones."""
    from dominoes_desktop.engine.analysis import coach as coach_module
    from dominoes_desktop.engine.analysis import fair as fair_module
    from dominoes_desktop.engine.analysis.solver import DEFAULT_BUDGET

    line, big_line, cross = build_rules("jamaican"), build_rules("cuban"), build_rules("cross")
    big_cross = build_rules("cross_12")
    monkeypatch.setattr(coach_module, "solver_fits", lambda rules, tiles: True)
    monkeypatch.setattr(
        coach_module, "arms_fit", lambda rules, tiles: rules.set_top <= 9
    )  # as if double-12 did not fit
    scale = coach_module.COMPILED_SCALE
    assert scale > 1
    assert coach_module.budget_for(line) == DEFAULT_BUDGET * scale
    assert coach_module.budget_for(big_line) == coach_module.BIG_LINE_BUDGET * scale  # Cuban, the compiled line search
    assert coach_module.BIG_LINE_BUDGET > coach_module.BIG_SET_BUDGET
    big_draw = replace(big_line, style=Style.DRAW)  # a double-9 line game with a stock: not measured with more
    assert coach_module.budget_for(big_draw) == coach_module.BIG_SET_BUDGET * scale
    assert fair_module.hand_nodes(line) == fair_module.HAND_NODES * scale
    assert coach_module.budget_for(cross) == DEFAULT_BUDGET * scale  # the compiled cross search
    assert fair_module.hand_nodes(cross) == fair_module.HAND_NODES * scale
    assert coach_module.budget_for(big_cross) == coach_module.BIG_SET_BUDGET  # a game searched in pure Python
    monkeypatch.undo()
    assert coach_module.budget_for(big_cross) == coach_module.BIG_SET_BUDGET * scale  # the wide compiled search
    line_12 = replace(big_line, set_top=12)  # a line game of double-12: searched in pure Python
    assert coach_module.budget_for(line_12) == coach_module.BIG_SET_BUDGET
    monkeypatch.setattr(coach_module, "solver_fits", lambda rules, tiles: False)  # no compiler at install
    monkeypatch.setattr(coach_module, "arms_fit", lambda rules, tiles: False)
    assert coach_module.budget_for(line) == DEFAULT_BUDGET
    assert coach_module.budget_for(big_line) == coach_module.BIG_SET_BUDGET
    assert fair_module.hand_nodes(line) == fair_module.HAND_NODES
    assert coach_module.budget_for(cross) == DEFAULT_BUDGET
