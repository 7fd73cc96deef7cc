"""The next seat's reply valued as its own view would choose it (reply.py, expert.EXPERT_REPLY; session 23)."""

from __future__ import annotations

import math
import random

import pytest

from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.analysis.solver import after_play, hand_gains, side_value
from dominoes_desktop.engine.cpu import expert, reply
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import weighted_worlds
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.play_model import option_chances
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile

from .helpers import make_hand
from .test_expert import late_positions

RULES = build_rules("puerto_rican")
BUDGET = 10**8
WORLDS = 16  # fewer than expert.SETTLED_AFTER: exact_pimc searches all of them, the same as drawn here


def each_reply(world: Hand, move: Move) -> dict[Move, float]:
    """The exact value (seat 0's side's points to come) of `move` then each reply of the next seat, searched
    here with a judge of its own."""
    judge = Judge(RULES, world, BUDGET)
    child, gains = after_play(world, move)
    found: dict[Move, float] = {}
    for answer in child.legal_moves():
        grand, more = after_play(child, answer)
        both = [a + b for a, b in zip(gains, more, strict=True)]
        if grand.is_over:
            found[answer] = side_value(hand_gains(RULES, grand.outcome_facts(), both), 0)
        else:
            found[answer] = side_value(both, 0) + judge.to_come(grand, 0)
    return found


def pose_world(mine: str, theirs: str) -> Hand:
    """Seat 0 to pose the 2-1 holding `mine` besides; seat 1 (an opponent, next) holds `theirs`."""
    return make_hand(RULES, [f"2-1 {mine}", theirs, "5-4 6-4", "3-2 6-6"])


POSE = Move.play(Tile.parse("2-1"))


def test_a_forced_reply_or_a_pass_is_valued_exactly() -> None:
    for theirs in ("5-2 4-4", "5-5 4-4"):  # one tile that fits; none (a pass)
        world = pose_world("2-2 6-5", theirs)
        assert len(after_play(world, POSE)[0].legal_moves()) == 1
        judge = Judge(RULES, world, BUDGET)
        exact = judge.option_value(world, POSE, 0, True, 0)
        sighting = reply.reply_sighting(world, POSE)
        for mode in (reply.MODEL, reply.SOFTMIN):
            assert (
                reply.replied_value(reply.Points(Judge(RULES, world, BUDGET), 0), world, POSE, mode, sighting) == exact
            )


def test_on_late_positions_a_forced_reply_is_exact_and_a_choice_is_the_chances_mean() -> None:
    """Every option of every world of a few Puerto Rican positions: forced replies give PIMC's exact value; a
    choice gives the mean of the replies' exact values by the model's chances (or the softmin's), which lies
    at or above the exact value, the perfect reply's (the least of them)."""
    forced = chosen = 0
    for view in late_positions("puerto_rican", 3, seed=2, tiles_left=4):
        plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
        sightings = {m: reply.reply_sighting(view.public, m) for m in plays}
        for world, _ in weighted_worlds(view, random.Random(5), 4):
            side = RULES.side_of(view.seat)
            for move in plays:
                exact = Judge(RULES, world, BUDGET).option_value(world, move, side, True, 0)
                model = reply.replied_value(
                    reply.Points(Judge(RULES, world, BUDGET), side), world, move, reply.MODEL, sightings[move]
                )
                soft = reply.replied_value(reply.Points(Judge(RULES, world, BUDGET), side), world, move, reply.SOFTMIN)
                child = after_play(world, move)[0]
                if child.is_over or len(child.legal_moves()) == 1:
                    forced += 1
                    assert model == soft == exact
                    continue
                chosen += 1
                assert RULES.side_of(child.turn) != side
                values = each_reply(world, move) if side == 0 else {m: -v for m, v in each_reply(world, move).items()}
                assert min(values.values()) == exact, "minimax: the perfect reply's value"
                sighting = sightings[move]
                assert sighting is not None
                chances = option_chances(sighting, child.hands[child.turn])
                weights = {m: chances[(m.tile, m.end)] for m in values}
                total = sum(weights.values())
                assert model == pytest.approx(sum(weights[m] * v for m, v in values.items()) / total)
                soft_chances = reply.softmin_chances(list(values.values()), reply.SOFTMIN_POINTS)
                assert soft == pytest.approx(sum(p * v for p, v in zip(soft_chances, values.values(), strict=True)))
                assert model >= exact - 1e-9 and soft >= exact - 1e-9
    assert forced > 0 and chosen > 0


def test_the_perfect_reply_that_only_knowing_the_posers_hand_finds_is_not_the_modelled_one() -> None:
    """Seat 1 holds 5-2 and 1-0 against the pose 2-1 (hand-made; the other seats' tiles alike in both worlds).
    Where seat 0 holds 2-2 5-5 the perfect reply is 1-0 (seat 0's side -52 against -41 after 5-2); where it
    holds 6-3 4-4 it is 5-2 (-36 against +28). Seat 1 sees the same in both: the model gives it the same
    chances (5-2 the likelier, heavier), so the modelled value lies above minimax's by 5-2's share of the 11
    points in the first world, and equals the chances' mean in both."""
    first, second = pose_world("2-2 5-5", "5-2 1-0"), pose_world("6-3 4-4", "5-2 1-0")
    sighting = reply.reply_sighting(first, POSE)
    assert sighting is not None and sighting == reply.reply_sighting(second, POSE)
    five_two, one_nought = Move.play(first.hands[1][0], 2), Move.play(first.hands[1][1], 1)
    assert each_reply(first, POSE) == {five_two: -41, one_nought: -52}
    assert each_reply(second, POSE) == {five_two: -36, one_nought: 28}
    chances = reply.model_chances(sighting, first.hands[1], [five_two, one_nought])
    assert chances is not None and chances[0] > chances[1]
    modelled = [
        reply.replied_value(reply.Points(Judge(RULES, w, BUDGET), 0), w, POSE, reply.MODEL, sighting)
        for w in (first, second)
    ]
    exact = [Judge(RULES, w, BUDGET).option_value(w, POSE, 0, True, 0) for w in (first, second)]
    assert exact == [-52, -36]
    assert modelled[0] == pytest.approx(-52 + chances[0] * 11)
    assert modelled[1] == pytest.approx(-36 + chances[1] * 64)
    # The quantal response weighs the worse reply (for seat 1) e^(-11/5) as much as the perfect one.
    soft = reply.replied_value(reply.Points(Judge(RULES, first, BUDGET), 0), first, POSE, reply.SOFTMIN)
    odds = math.exp(-11 / reply.SOFTMIN_POINTS)
    assert soft == pytest.approx(-52 + 11 * odds / (1 + odds))
    assert -52 < soft < modelled[0]


def test_the_switch_off_leaves_the_experts_means_as_shipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off as shipped: exact_pimc's means are PIMC's (the replies never modelled); on, the same worlds give the
    modelled means, which differ on some option."""
    assert expert.EXPERT_REPLY == ""
    view = late_positions("puerto_rican", 2, seed=1, tiles_left=4)[1]
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    side = RULES.side_of(view.seat)
    weigh = expert.world_weigher(view)
    sightings = [reply.reply_sighting(view.public, m) for m in plays]
    pimc, modelled, weights = dict.fromkeys(plays, 0.0), dict.fromkeys(plays, 0.0), 0.0
    for world, _ in weighted_worlds(view, random.Random(3), WORLDS):
        weight = weigh(world.hands)
        for move, sighting in zip(plays, sightings, strict=True):
            pimc[move] += weight * Judge(RULES, world, BUDGET).option_value(world, move, side, True, 0)
            value = reply.replied_value(
                reply.Points(Judge(RULES, world, BUDGET), side), world, move, reply.MODEL, sighting
            )
            modelled[move] += weight * value
        weights += weight

    def never(*args: object) -> float:
        raise AssertionError("the reply is modelled with the switch off")

    with monkeypatch.context() as patch:
        patch.setattr(expert, "replied_value", never)
        off = expert.exact_pimc(view, plays, 3, expert.now() + 60.0, max_worlds=WORLDS)
    assert off == pytest.approx({m: t / weights for m, t in pimc.items()})
    monkeypatch.setattr(expert, "EXPERT_REPLY", reply.MODEL)
    on = expert.exact_pimc(view, plays, 3, expert.now() + 60.0, max_worlds=WORLDS)
    assert on == pytest.approx({m: t / weights for m, t in modelled.items()})
    assert on != off
