"""The fair coach: decisions judged over the worlds the deciding seat could not tell apart."""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import multiprocessing
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import shared_memory
from pathlib import Path

import pytest

from dominoes_desktop.engine.analysis import fair as fair_module
from dominoes_desktop.engine.analysis.coach import (
    THRESHOLDS,
    Grade,
    Judge,
    RecordedHand,
    budget_for,
    decisions_to_judge,
    hands_of_case,
    judge_hand,
)
from dominoes_desktop.engine.analysis.fair import (
    FIRST_WORLDS,
    FairJudged,
    WorldJudged,
    close_to,
    fair_grade,
    forced_moves,
    judge_hand_view,
    loss_and_margin,
    near_tie_line,
    settled,
)
from dominoes_desktop.engine.analysis.reasons import explain_fair, position_before
from dominoes_desktop.engine.analysis.solver import OutOfBudget, side_value
from dominoes_desktop.engine.analysis.worlds import (
    SampledWorld,
    consistent,
    count_worlds,
    every_world,
    sample_worlds,
    view_at,
)
from dominoes_desktop.engine.knowledge import evidence_weight, play_evidence
from dominoes_desktop.engine.moves import MoveKind, parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView

from .test_coach import _case, brute_force

ROOT = Path(__file__).resolve().parents[2]


def _recorded(preset: str, seed: int) -> RecordedHand:
    (recorded,) = hands_of_case(_case(preset, seed))
    return recorded


@pytest.mark.parametrize(("preset", "seed"), [("jamaican", 3), ("all_fives", 2), ("cutthroat", 5)])
def test_every_world_fits_the_view_and_the_values_are_their_weighted_mean(preset: str, seed: int) -> None:
    recorded = _recorded(preset, seed)
    found = judge_hand_view(recorded, seats=(0,), seed=7)
    assert found
    for fair in found:
        judged = fair.judged
        view = view_at(position_before(recorded, judged.ply), judged.seat, recorded.index)
        pose = position_before(recorded, judged.ply).layout.empty
        if fair.whole:
            assert len(fair.worlds) == count_worlds(view)
        else:
            assert len(fair.worlds) >= (fair_module.POSE_WORLDS if pose else FIRST_WORLDS)
        assert sum(w.weight for w in fair.worlds) == pytest.approx(1.0)
        for world in fair.worlds:
            assert consistent(view, world.hands, world.stock)
        for o, value in enumerate(judged.values):
            assert value == pytest.approx(sum(w.weight * w.values[o] for w in fair.worlds), abs=1e-9)
        assert judged.loss == pytest.approx(max(judged.values) - judged.value_of(judged.played))


@pytest.mark.parametrize(("preset", "seed"), [("jamaican", 11), ("cutthroat", 4)])
def test_each_worlds_values_are_exact_late_in_the_hand(preset: str, seed: int) -> None:
    """Late decisions: each world's values equal a brute-force minimax over that very world (in cutthroat
    the worlds differ in the tiles asleep, and share one table all the same)."""
    recorded = _recorded(preset, seed)
    rules = recorded.rules
    last_seat = decisions_to_judge(recorded, None)[-1][1].turn
    found = judge_hand_view(recorded, seats=(last_seat,), seed=1)
    late = [f for f in found if sum(len(h) for h in position_before(recorded, f.judged.ply).hands) <= 9]
    assert late
    for fair in late:
        judged = fair.judged
        view = view_at(position_before(recorded, judged.ply), judged.seat, recorded.index)
        side = rules.teams[judged.seat]
        for world in fair.worlds[:4]:
            assert world.exact
            hand = view.world(world.hands, world.stock)
            for o, option in enumerate(judged.options):
                child = hand.copy()
                child.apply_legal(option)
                assert world.values[o] == brute_force(child, side)


def test_the_judgement_never_reads_the_hidden_tiles() -> None:
    """Two deals that differ only in tiles the seat cannot see give it the same worlds."""
    recorded = _recorded("jamaican", 3)
    position = position_before(recorded, 9)
    seat = position.turn
    others = [s for s in range(4) if s != seat]
    twin = position.copy()
    a, b = others[0], others[1]
    twin.hands[a][0], twin.hands[b][0] = twin.hands[b][0], twin.hands[a][0]
    assert twin.hands != position.hands
    first = sample_worlds(view_at(position, seat), 12, 5)
    second = sample_worlds(view_at(twin, seat), 12, 5)
    assert [w.hand.hands for w in first] == [w.hand.hands for w in second]
    assert [w.weight for w in first] == [w.weight for w in second]


def test_a_seed_gives_the_same_verdict_and_another_seed_other_worlds() -> None:
    recorded = _recorded("jamaican", 4)
    once = judge_hand_view(recorded, seats=(0,), seed=3)
    again = judge_hand_view(recorded, seats=(0,), seed=3)
    other = judge_hand_view(recorded, seats=(0,), seed=4)
    assert [f.as_json(True) for f in once] == [f.as_json(True) for f in again]
    assert once and [f.worlds[0].hands for f in once] != [f.worlds[0].hands for f in other]


def test_worker_lanes_give_the_same_verdict_as_one_process() -> None:
    """However the lanes are run (here in reverse order), the worlds and values are the same."""
    recorded = _recorded("all_fives", 2)

    def backwards(work, tasks):  # type: ignore[no-untyped-def]
        return reversed([work(t) for t in reversed(list(tasks))])

    plain = judge_hand_view(recorded, seats=(0,), seed=2)
    shuffled = judge_hand_view(recorded, seats=(0,), seed=2, map_lanes=backwards)
    assert [f.as_json(True) for f in plain] == [f.as_json(True) for f in shuffled]


def test_a_loss_is_graded_by_the_least_its_margin_allows_and_a_straddled_threshold_is_a_close_call() -> None:
    pips = build_rules("block")
    fine, loose = THRESHOLDS["pips"]
    assert fair_grade(pips, 0.0, 0.0) is Grade.BEST and close_to(pips, 0.0, 0.0) is None
    assert fair_grade(pips, fine + 1, 0.5) is Grade.LOOSE and close_to(pips, fine + 1, 0.5) is None
    assert fair_grade(pips, 2.0, 3.0) is Grade.BEST and close_to(pips, 2.0, 3.0) is Grade.FINE
    assert fair_grade(pips, 0.5, 1.0) is Grade.BEST and close_to(pips, 0.5, 1.0) is None  # at most 1.5: no word
    assert fair_grade(pips, 4.0, 1.0) is Grade.FINE and close_to(pips, 4.0, 1.0) is None
    assert fair_grade(pips, 2.0, 1.0) is Grade.BEST and close_to(pips, 2.0, 1.0) is Grade.FINE  # a near tie
    # Near a threshold the kinder grade, said to be a close call, whichever side of it the sample fell.
    for loss in (loose - 0.5, loose + 0.5):
        assert fair_grade(pips, loss, 1.0) is Grade.LOOSE and close_to(pips, loss, 1.0) is Grade.BLUNDER
    assert fair_grade(pips, loose + 2, 1.0) is Grade.BLUNDER and close_to(pips, loose + 2, 1.0) is None
    hands = build_rules("jamaican")
    assert fair_grade(hands, 0.6, 0.2) is Grade.FINE and close_to(hands, 0.6, 0.2) is Grade.LOOSE


def test_a_loss_under_the_near_tie_line_is_best_and_called_a_near_tie() -> None:
    """Over sampled worlds a small loss is no loss worth a word: Best, a near tie, with the loss and its
    margin in the JSON; at exactly no loss it is plainly best, and over the line it is a loss again."""
    for preset, family_name in (("jamaican", "hands"), ("block", "pips"), ("all_fives", "fives")):
        rules = build_rules(preset)
        line = near_tie_line(rules)
        assert line == THRESHOLDS[family_name][0] / 2
        assert fair_grade(rules, line * 0.8, 0.0) is Grade.BEST and close_to(rules, line * 0.8, 0.0) is None
        assert fair_grade(rules, line * 1.2, 0.0) is Grade.FINE
        assert fair_grade(rules, line * 1.2, line * 0.4) is Grade.BEST  # the least loss allowed is under it
        assert close_to(rules, line * 1.2, line * 0.4) is Grade.FINE
    fair = judge_hand_view(_recorded("jamaican", 4), seats=(0,), seed=0)[0]

    def verdict(loss: float, grade: Grade) -> FairJudged:
        return dataclasses.replace(fair, judged=dataclasses.replace(fair.judged, loss=loss, grade=grade), margin=0.1)

    tie = verdict(0.2, Grade.BEST)
    assert tie.near_tie and tie.as_json()["near_tie"] == {"loss": 0.2, "margin": 0.1}
    plain = verdict(0.0, Grade.BEST)
    assert not plain.near_tie and "near_tie" not in plain.as_json()
    assert not verdict(0.6, Grade.FINE).near_tie


def test_few_worlds_that_agree_leave_a_margin_of_three_in_n() -> None:
    """Four worlds that all say the move lost 6 could still be wrong in up to three in four of the others:
    the margin is 3/4 of the loss, and the grade that of the least loss left (6 - 4.5 = 1.5, under the
    near-tie line of 2.5: Best, a near tie, said to be a close call with Loose)."""
    played, best = parse_move("6-4@6"), parse_move("6-5@6")
    alike = [WorldJudged((), (), 0.25, (6.0, 0.0), True) for _ in range(4)]
    loss, margin = loss_and_margin(alike, [best, played], played)
    assert (loss, margin) == (6.0, 4.5)
    assert fair_grade(build_rules("block"), loss, margin) is Grade.BEST
    assert close_to(build_rules("block"), loss, margin) is Grade.LOOSE  # it could be as much as 10.5
    many = [WorldJudged((), (), 1 / 64, (6.0, 0.0), True) for _ in range(64)]
    assert loss_and_margin(many, [best, played], played) == (6.0, 6.0 * 3 / 64)


def _first(fair: FairJudged, count: int) -> list[WorldJudged]:
    """The first `count` worlds of a decision, their weights summing to 1 again."""
    total = sum(w.weight for w in fair.worlds[:count])
    return [dataclasses.replace(w, weight=w.weight / total) for w in fair.worlds[:count]]


def test_more_worlds_go_to_close_calls_while_the_hand_can_afford_them(monkeypatch: pytest.MonkeyPatch) -> None:
    recorded = _recorded("jamaican", 4)
    rules = recorded.rules
    found = judge_hand_view(recorded, seats=(0,), seed=0)
    assert any(len(f.worlds) > FIRST_WORLDS for f in found)
    for fair in found:
        count = len(fair.worlds)
        if fair.whole:
            continue  # judged over every world at once (test_few_worlds_are_judged_all_and_alike_for_any_seed)
        assert count in [size * 2**k for k in range(8) for size in (FIRST_WORLDS, fair_module.POSE_WORLDS)]
        assert count <= fair_module.EVERY_WORLDS
        while count > fair_module.FULL_WORLDS:  # each round doubled a decision not settled by what it had
            count //= 2
            assert not settled(rules, _first(fair, count), fair.judged.options, fair.judged.played)
    monkeypatch.setattr(fair_module, "MAX_WORLDS", 4 * FIRST_WORLDS)
    monkeypatch.setattr(fair_module, "HAND_NODES", 10**12)
    for fair in judge_hand_view(recorded, seats=(0,), seed=0):  # as much as it takes: settled, or the most
        worlds = list(fair.worlds)
        if fair.whole:
            continue
        assert len(worlds) >= fair_module.FULL_WORLDS
        assert len(worlds) == 4 * FIRST_WORLDS or settled(rules, worlds, fair.judged.options, fair.judged.played)
    monkeypatch.setattr(fair_module, "HAND_NODES", 0)
    for fair in judge_hand_view(recorded, seats=(0,), seed=0):
        pose = position_before(recorded, fair.judged.ply).layout.empty
        if not fair.whole:
            assert len(fair.worlds) == (fair_module.POSE_WORLDS if pose else FIRST_WORLDS)


def _deals_by_brute_force(view) -> set[tuple[tuple[Tile, ...], ...]]:  # type: ignore[no-untyped-def]
    """Every deal of the unseen tiles to the other seats and the stock that `consistent` accepts."""
    from dominoes_desktop.engine.knowledge import infer

    unseen = infer(view).unseen
    others = [s for s in range(view.rules.players) if s != view.seat]
    found = set()

    def deal(rest: tuple[Tile, ...], place: int, lots: list[tuple[Tile, ...]]) -> None:
        if place == len(others):
            hands = [view.tiles if s == view.seat else lots[others.index(s)] for s in range(view.rules.players)]
            if consistent(view, hands, rest):
                found.add((*(tuple(sorted(h)) for h in hands), tuple(sorted(rest))))
            return
        for lot in itertools.combinations(rest, view.hand_sizes[others[place]]):
            deal(tuple(t for t in rest if t not in lot), place + 1, [*lots, lot])

    deal(tuple(unseen), 0, [])
    return found


@pytest.mark.parametrize(("preset", "seed", "seat_tiles"), [("jamaican", 11, 4), ("cutthroat", 4, 4), ("block", 3, 3)])
def test_every_world_is_every_deal_that_fits_the_view(preset: str, seed: int, seat_tiles: int) -> None:
    """Late in a hand (the seat holding `seat_tiles`), the worlds counted and listed are exactly the deals a
    brute force finds consistent (passes ruling numbers out, tiles asleep in cutthroat), each weighed by the
    plays seen."""
    recorded = _recorded(preset, seed)
    checked = 0
    for _, position, _, _ in decisions_to_judge(recorded, None):
        if len(position.hands[position.turn]) > seat_tiles:
            continue
        view = view_at(position, position.turn, recorded.index)
        expected = _deals_by_brute_force(view)
        worlds = every_world(view)
        assert count_worlds(view) == len(worlds) == len(expected) > 0
        found = {(*(tuple(sorted(h)) for h in w.hand.hands), tuple(sorted(w.hand.stock))) for w in worlds}
        assert found == expected
        evidence = play_evidence(view)
        assert [w.weight for w in worlds] == [evidence_weight(evidence, w.hand.hands) for w in worlds]
        checked += 1
    assert checked


def test_a_stock_still_to_draw_from_has_no_list_of_worlds() -> None:
    recorded = _recorded("all_fives", 2)
    position = decisions_to_judge(recorded, None)[0][1]
    view = view_at(position, position.turn, recorded.index)
    assert view.stock > 0
    assert count_worlds(view) is None
    with pytest.raises(ValueError, match="stock"):
        every_world(view)


def test_a_close_call_with_few_worlds_is_judged_over_all_of_them_alike_for_any_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A close call whose seat could tell apart no more than `EVERY_WORLDS` worlds gets every one of
    them: the same verdict for every seed, with no margin of error. (Every decision a close call here, and
    the hand's allowance unbounded; the others stop at 16 worlds.)"""
    monkeypatch.setattr(fair_module, "_steady", lambda rules, loss, margin: False)
    monkeypatch.setattr(fair_module, "HAND_NODES", 10**12)
    monkeypatch.setattr(fair_module, "MAX_WORLDS", 16)
    recorded = _recorded("block", 3)
    once = judge_hand_view(recorded, seed=3)
    other = judge_hand_view(recorded, seed=4)
    checked = 0
    for a, b in zip(once, other, strict=True):
        view = view_at(position_before(recorded, a.judged.ply), a.judged.seat, recorded.index)
        count = count_worlds(view)
        assert count is not None
        if count > fair_module.EVERY_WORLDS:
            assert not a.whole and len(a.worlds) == 16
            continue
        assert a.whole and len(a.worlds) == count
        assert a.as_json() == b.as_json()
        assert sorted(w.values for w in a.worlds) == sorted(w.values for w in b.worlds)
        assert a.margin == 0.0 and a.close is None
        assert a.judged.grade is fair_grade(recorded.rules, a.judged.loss, 0.0)
        checked += 1
    assert checked and not all(a.whole for a in once)


def test_when_no_deal_fits_the_passes_the_worlds_are_sampled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat that drew may hold a number it lacked when it drew: where no deal fits the passes as read, the
    decision is judged over the sampler's worlds (which then read no passes), not over an empty list."""
    monkeypatch.setattr(fair_module, "count_worlds", lambda view: 0)
    recorded = _recorded("cutthroat", 4)
    found = judge_hand_view(recorded, seats=(0,), seed=2)
    assert found and all(len(f.worlds) >= fair_module.POSE_WORLDS and not f.whole for f in found)


def test_worlds_drawn_from_the_list_of_every_world_are_each_drawn_once() -> None:
    recorded = _recorded("cutthroat", 4)
    checked = 0
    for fair in judge_hand_view(recorded, seats=(0,), seed=2):
        view = view_at(position_before(recorded, fair.judged.ply), 0, recorded.index)
        count = count_worlds(view)
        if count is not None and count <= fair_module.EVERY_WORLDS:
            drawn = [(w.hands, w.stock) for w in fair.worlds]
            assert len(set(drawn)) == len(drawn)
            assert fair.whole == (len(drawn) == count)
            assert fair.whole or count > fair_module.AT_ONCE_WORLDS  # few worlds: all of them at once
            checked += count <= fair_module.AT_ONCE_WORLDS
    assert checked


def test_every_world_of_a_decision_is_listed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision judged over every world lists them once, not again in each lane and round."""
    listed: list[tuple[int, ...]] = []

    def counted(view: PlayerView) -> list[SampledWorld]:
        listed.append((len(view.moves), view.seat))
        return every_world(view)

    monkeypatch.setattr(fair_module, "every_world", counted)
    found = judge_hand_view(_recorded("cutthroat", 4), seats=(0,), seed=2)
    assert any(f.whole for f in found)
    assert listed and len(listed) == len(set(listed))


def test_decisions_and_only_moves_cover_every_move_of_the_seat() -> None:
    recorded = _recorded("jamaican", 3)
    judged = {f.judged.ply for f in judge_hand_view(recorded, seats=(0,), seed=0)}
    forced = {ply for ply, seat, move, ends in forced_moves(recorded, (0,))}
    hand = recorded.start.copy()
    mine = set()
    for ply, move in enumerate(recorded.moves):
        if move.kind not in (MoveKind.CLAIM, MoveKind.MUGGINS) and hand.turn == 0:
            mine.add(ply)
        hand.apply(move)
    assert judged | forced == mine and not judged & forced
    for ply, seat, move, ends in forced_moves(recorded, (0,)):
        assert seat == 0
        position = position_before(recorded, ply)
        assert position.legal_moves() == [move] and tuple(position.layout.open_ends()) == ends


def test_reasons_see_the_passes_and_hindsight_names_a_hidden_tile() -> None:
    recorded = _recorded("jamaican", 3)
    face_up = {j.ply: j for j in judge_hand(recorded, seats=(0,))}
    for fair in judge_hand_view(recorded, seats=(0,), seed=0):
        reasons = explain_fair(recorded, fair, face_up[fair.judged.ply])
        position = position_before(recorded, fair.judged.ply)
        after = position.copy()
        after.apply_legal(fair.judged.played)
        assert reasons.played.ends == (() if after.is_over else tuple(after.layout.open_ends()))
        for seat in reasons.played.stuck:
            assert all(e in reasons.voids[seat] for e in reasons.played.ends)
        if face_up[fair.judged.ply].loss > 0:
            assert reasons.hindsight_best is not None and reasons.hidden_tile is not None
            assert reasons.hidden_tile not in position.hands[fair.judged.seat]


def test_the_command_prints_the_worlds_that_make_each_value(tmp_path: Path) -> None:
    case = _case("jamaican", 3)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    out = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.coach", str(path), "--judge", "view", "--worlds"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    (recorded,) = hands_of_case(case)
    assert lines and len(lines) == len(judge_hand(recorded))
    for line in lines:
        position = position_before(recorded, line["ply"])
        view = view_at(position, line["seat"])
        assert sum(w["weight"] for w in line["worlds"]) == pytest.approx(1.0)
        for world in line["worlds"]:
            hands = [
                [Tile.parse(t) for t in world["hands"][str(s)]] if s != line["seat"] else list(view.tiles)
                for s in range(recorded.rules.players)
            ]
            assert str(line["seat"]) not in world["hands"]
            assert consistent(view, hands, [Tile.parse(t) for t in world["stock"]])
            assert set(world["values"]) == set(line["values"])
        for option, value in line["values"].items():
            mean = sum(w["weight"] * w["values"][option] for w in line["worlds"])
            assert mean == pytest.approx(value, abs=0.01)
        assert parse_move(line["played"]).notation() in line["values"]


def test_worlds_need_the_view_judge(tmp_path: Path) -> None:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(_case("jamaican", 3)))
    out = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.coach", str(path), "--worlds"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2 and "--worlds needs --judge view" in out.stderr


def test_a_decision_whose_scouting_worlds_are_dear_is_judged_over_them_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    recorded = _recorded("cutthroat", 4)
    usual = judge_hand_view(recorded, seats=(0,), seed=0)
    monkeypatch.setattr(fair_module, "DEAR_SHARE", 10**12)  # every search is dear
    dear = judge_hand_view(recorded, seats=(0,), seed=0)
    assert [f.judged.ply for f in dear] == [f.judged.ply for f in usual]
    few = [f.whole and len(f.worlds) <= fair_module.AT_ONCE_WORLDS for f in usual]
    assert few.count(False) > 0
    assert any(f.whole and len(f.worlds) > fair_module.SCOUT_WORLDS for f, a in zip(usual, few, strict=True) if a)
    for alone, fair, all_at_once in zip(dear, usual, few, strict=True):
        if all_at_once:  # so few worlds that they all come at once: never dear, judged as ever
            assert [(w.hands, w.values) for w in alone.worlds] == [(w.hands, w.values) for w in fair.worlds]
            continue
        # The seed's first worlds, searched as ever: exact, and a margin that says how few they are.
        assert len(fair.worlds) > fair_module.SCOUT_WORLDS
        assert len(alone.worlds) == fair_module.SCOUT_WORLDS and alone.judged.exact and not alone.whole
        assert [(w.hands, w.values) for w in alone.worlds] == [
            (w.hands, w.values) for w in fair.worlds[: fair_module.SCOUT_WORLDS]
        ]
        assert alone.margin == loss_and_margin(alone.worlds, alone.judged.options, alone.judged.played)[1]


def test_what_is_dear_is_a_share_of_the_budget_the_searches_are_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """A larger budget (the command line's --budget) makes fewer decisions dear: it lets each search run on."""
    recorded = _recorded("jamaican", 4)
    usual = judge_hand_view(recorded, seats=(0,), seed=0)
    monkeypatch.setattr(fair_module, "DEAR_SHARE", 10**12)
    roomy = judge_hand_view(recorded, seats=(0,), seed=0, budget=10**12 * budget_for(recorded.rules))
    assert [[(w.hands, w.values) for w in f.worlds] for f in roomy] == [
        [(w.hands, w.values) for w in f.worlds] for f in usual
    ]


def test_later_worlds_past_the_budget_are_left_out_and_the_decision_stays_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Worlds beyond a decision's scouting ones that a search cannot finish are left out, not estimated: the
    decision keeps the seed's first worlds, exact, as a budget that lets every search finish judges them (the
    old rule estimated the whole decision, and every earlier one of its lane, for a world it need not have
    had)."""
    recorded = _recorded("block", 2)
    monkeypatch.setattr(fair_module, "dear_nodes", lambda budget: 10**18)  # nothing judged on its scouts alone
    monkeypatch.setattr(fair_module, "HAND_NODES", 10**12)  # worlds until settled: none cut for the allowance
    roomy = judge_hand_view(recorded, seats=(0,), seed=0, budget=10**9)
    assert all(f.judged.exact for f in roomy)
    left_out = 0
    for budget in (3_000, 1_000):
        for tight, fair in zip(judge_hand_view(recorded, seats=(0,), seed=0, budget=budget), roomy, strict=True):
            count = len(tight.worlds)
            if count > fair_module.SCOUT_WORLDS or len(fair.worlds) <= fair_module.SCOUT_WORLDS:
                assert tight.judged.exact, (budget, tight.judged.ply)
            if tight.judged.exact:
                assert [(w.hands, w.values) for w in tight.worlds] == [(w.hands, w.values) for w in fair.worlds[:count]]
                left_out += count < len(fair.worlds)
    assert left_out > 0


def test_a_poses_options_are_shared_out_over_the_lanes_and_its_values_are_as_searched_whole() -> None:
    """A pose's worlds are the hand's dearest searches: each lane judges every one of them, option `o` of world
    `k` in lane `(k + o) % LANES`, and the values are each option's own search of the world. Out of budget,
    every option of the world is estimated, by whichever lane ran out, as a world judged whole would be."""
    recorded = _recorded("all_fives", 6)
    rules = recorded.rules
    ply, position, _, before = decisions_to_judge(recorded, (0,))[0]
    assert position.layout.empty
    options = position.legal_moves()
    side = rules.teams[position.turn]
    view = view_at(position, position.turn, recorded.index)
    so_far = side_value(before, side)
    calls: list[list[list[tuple[int, bool, tuple[int, ...]]]]] = []  # by round, by lane: the pose's worlds found

    def recording(work, tasks):  # type: ignore[no-untyped-def]
        results = [work(t) for t in tasks]
        calls.append([[(e[1], e[6], e[8]) for e in lane if e[0] == 0] for lane in results])
        return results

    for budget, exact in ((budget_for(rules), True), (10, False)):
        calls.clear()
        fair = judge_hand_view(recorded, seats=(0,), seed=5, budget=budget, map_lanes=recording)[0]
        assert fair.judged.ply == ply and fair.judged.exact is exact
        assert len(fair.worlds) >= fair_module.POSE_WORLDS
        assert sum(len(lanes[0]) for lanes in calls) == len(fair.worlds)
        for lanes in calls:
            assert len(lanes) == fair_module.LANES
            for lane, entries in enumerate(lanes):
                assert [k for k, _, _ in entries] == [k for k, _, _ in lanes[0]]  # every world in every lane
                for k, was_exact, of in entries:
                    mine = tuple(o for o in range(len(options)) if (k + o) % fair_module.LANES == lane)
                    assert of == (mine if was_exact else tuple(range(len(options))))
        for k, world in enumerate(fair.worlds):
            hand = view.world(world.hands, world.stock)
            if exact:
                judge = Judge(rules, hand, budget)
                expected = [so_far + judge.option_value(hand, m, side, True, 0) for m in options]
            else:
                rough = Judge(rules, hand, 0)
                seed = fair_module.world_seed(5, ply, k)
                expected = [
                    so_far + rough.option_value(hand, m, side, False, seed, fair_module.WORLD_ROLLOUTS) for m in options
                ]
            assert world.exact is exact and list(world.values) == pytest.approx(expected, abs=1e-9)


def test_a_lane_skips_the_pose_worlds_another_lane_no_longer_judges_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lane whose search of a pose's world runs past the budget estimates that world and every later one whole,
    so the other lane's half of them would be searched for nothing: told so on the board, it skips them. The
    verdict (every world, value and weight) is the same whenever the word arrives, and as with no board."""
    recorded = _recorded("all_fives", 6)
    # Lane 1 runs out in the pose's first world; lane 0 searches its half of every world (the worlds of seed 7
    # since session 27's sampler; seed 5 and a budget of 30,000 before).
    budget = 50_000
    found: list[list[list[tuple[int, bool]]]] = []  # by lane: the pose's worlds it reported, and whether exact

    def lanes_in(order: list[int]):  # type: ignore[no-untyped-def]
        def run(work, tasks):  # type: ignore[no-untyped-def]
            results = {lane: work(tasks[lane]) for lane in order}
            found.append([[(e[1], e[6]) for e in results[lane] if e[0] == 0] for lane in range(len(tasks))])
            return [results[lane] for lane in range(len(tasks))]

        return run

    def verdict(order: list[int]) -> list[dict[str, object]]:
        found.clear()
        judged = judge_hand_view(recorded, seats=(0,), seed=7, budget=budget, map_lanes=lanes_in(order))
        assert decisions_to_judge(recorded, (0,))[0][1].layout.empty and judged[0].judged.exact is False
        return [f.as_json(True) for f in judged]

    first_lane_first = verdict([0, 1])
    assert found[0] == [[(k, True) for k in range(4)], [(k, False) for k in range(4)]]  # nothing said yet
    second_lane_first = verdict([1, 0])
    assert found[0] == [[], [(k, False) for k in range(4)]]  # lane 0 searched none of the pose's worlds
    with monkeypatch.context() as patched:

        @contextlib.contextmanager
        def no_board(lanes: int, decisions: int, here: bool = False) -> Iterator[None]:
            yield None

        patched.setattr(fair_module, "new_board", no_board)
        without = verdict([1, 0])
        assert found[0] == [[(k, True) for k in range(4)], [(k, False) for k in range(4)]]
    assert first_lane_first == second_lane_first == without
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        in_workers = judge_hand_view(recorded, seats=(0,), seed=7, budget=budget, map_lanes=pool.map)
    assert [f.as_json(True) for f in in_workers] == without


def test_later_pose_worlds_past_the_budget_are_left_out_alike_when_the_other_lane_skips_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a round of later worlds (`more`), a pose's world past the budget leaves the round's worlds out; the
    other lane, told so on the board, skips its half of them, and the verdict is as with no board."""
    recorded = _recorded("all_fives", 6)
    monkeypatch.setattr(fair_module, "dear_nodes", lambda budget: 10**18)  # the pose gets more worlds
    monkeypatch.setattr(fair_module, "HAND_NODES", 10**9)
    rounds: list[tuple[bool, list[int]]] = []  # each round's `more`, and how many pose worlds each lane reported

    def second_lane_first(work, tasks):  # type: ignore[no-untyped-def]
        results = {lane: work(tasks[lane]) for lane in (1, 0)}
        rounds.append((tasks[0].more, [sum(e[0] == 0 for e in results[lane]) for lane in range(len(tasks))]))
        return [results[lane] for lane in range(len(tasks))]

    # Seed 1 and a budget of 50,000 make it happen on the worlds drawn since the lead's tile is drawn by its count
    # (session 29; seed 2 on session 27's sampler, 5 and 100,000 before).
    with_board = [f.as_json(True) for f in judge_hand_view(recorded, (0,), 1, 50_000, second_lane_first)]
    assert any(more and reported[0] < reported[1] for more, reported in rounds)  # lane 0 skipped worlds

    @contextlib.contextmanager
    def no_board(lanes: int, decisions: int, here: bool = False) -> Iterator[None]:
        yield None

    monkeypatch.setattr(fair_module, "new_board", no_board)
    rounds.clear()
    without = [f.as_json(True) for f in judge_hand_view(recorded, (0,), 1, 50_000, second_lane_first)]
    assert all(reported[0] == reported[1] for _, reported in rounds)
    assert with_board == without


def test_a_lane_that_gave_up_before_the_pose_says_nothing_and_the_verdict_is_the_same_in_any_lane_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A lane that ran past the budget on an earlier decision of a round estimates the pose's worlds without a
    search; had it said so on the board, the other lane would skip its search of them or not by which lane
    came first, and whether the pose counts as capped (and gets more rounds) with it. Made to happen here by
    a judge that runs out by lane, not by clock: lane 0 on its first search of the round of later worlds, lane
    1 on every pose world of it."""
    recorded = _recorded("all_fives", 6)
    monkeypatch.setattr(fair_module, "dear_nodes", lambda budget: 10**18)  # the pose gets later worlds
    monkeypatch.setattr(fair_module, "HAND_NODES", 10**9)
    state = {"round": -1, "lane": -1}

    class RunsOutByLane(fair_module.Judge):  # type: ignore[misc, name-defined]
        def option_value(self, hand, move, side, exact, seed, playouts=64, guess=None):  # type: ignore[no-untyped-def]
            if exact and state["round"] == 2 and (state["lane"] == 0 or hand.layout.empty):
                self.searched += self.budget + 1
                raise OutOfBudget
            return super().option_value(hand, move, side, exact, seed, playouts, guess)

    monkeypatch.setattr(fair_module, "Judge", RunsOutByLane)

    def verdict(order: list[int]) -> tuple[list[object], list[dict[str, object]]]:
        rounds: list[object] = []

        def run(work, tasks):  # type: ignore[no-untyped-def]
            state["round"] += 1
            rounds.append(tasks[0].worlds)
            results = {}
            for lane in order:
                state["lane"] = lane
                results[lane] = work(tasks[lane])
            return [results[lane] for lane in range(len(tasks))]

        state["round"] = -1
        judged = judge_hand_view(recorded, (0,), 5, None, run)
        return rounds, [f.as_json(True) for f in judged]

    rounds_01, first_lane_first = verdict([0, 1])
    rounds_10, second_lane_first = verdict([1, 0])
    assert len(rounds_01) > 2, "the case needs a third round"
    assert rounds_01 == rounds_10
    assert first_lane_first == second_lane_first


def test_lanes_run_here_share_a_board_in_this_process_and_leave_no_shared_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lanes run in this process (no `map_lanes`: the rating's judge in a pool worker that may be killed) get a
    board in this process's memory, gone with the round; the verdict is the one lanes in processes give."""
    made: list[str] = []
    real = shared_memory.SharedMemory

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        memory = real(*args, **kwargs)
        made.append(memory.name)
        return memory

    monkeypatch.setattr(fair_module.shared_memory, "SharedMemory", counted)
    recorded = _recorded("all_fives", 6)
    here = [f.as_json(True) for f in judge_hand_view(recorded, seats=(0,), seed=5, budget=30_000)]
    assert made == [] and fair_module._HERE == {}
    in_lanes = [
        f.as_json(True) for f in judge_hand_view(recorded, (0,), 5, 30_000, lambda work, tasks: map(work, tasks))
    ]
    assert made, "lanes given as a map use shared memory"
    assert here == in_lanes
