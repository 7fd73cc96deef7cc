"""The Expert's worlds' weights raised to a power (expert.WEIGHT_POWER; session 26): 1 as shipped, 0 every world
alike, in between tempered, above 1 sharpened."""

from __future__ import annotations

import math
import random

import pytest

from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.cpu import expert
from dominoes_desktop.engine.knowledge import infer, sample_world, weighted_worlds
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.play_model import fitted_weight, seen_plays
from dominoes_desktop.engine.view import PlayerView

from .test_expert import late_positions

WORLDS = 16  # below expert.SETTLED_AFTER: exact_pimc takes every one of them, so a hand count can follow it


def test_the_switch_as_shipped_weighs_the_worlds_by_the_fitted_model_to_the_last_digit() -> None:
    assert expert.WEIGHT_POWER == 1.0
    for view in late_positions("puerto_rican", 3, seed=6, tiles_left=4):
        seen = seen_plays(view)
        weigh = expert.world_weigher(view)
        for world, _ in weighted_worlds(view, random.Random(2), 6):
            assert weigh(world.hands) == fitted_weight(seen, world.hands)


@pytest.mark.parametrize("power", [0.0, 0.5, 2.0])
def test_a_power_raises_each_worlds_weight_to_it(monkeypatch: pytest.MonkeyPatch, power: float) -> None:
    view = late_positions("puerto_rican", 1, seed=6, tiles_left=4)[0]
    seen = seen_plays(view)
    monkeypatch.setattr(expert, "WEIGHT_POWER", power)
    weigh = expert.world_weigher(view)
    found = []
    for world, _ in weighted_worlds(view, random.Random(3), 8):
        fitted = fitted_weight(seen, world.hands)
        assert weigh(world.hands) == pytest.approx(fitted**power)
        found.append((fitted, weigh(world.hands)))
    if power == 0.0:
        assert {w for _, w in found} == {1.0}
    else:  # the worlds keep their order: a tempered or sharpened model still prefers the same worlds
        ordered = sorted(found)
        assert [w for _, w in ordered] == sorted(w for _, w in ordered)
    assert len({f for f, _ in found}) > 1  # the plays seen tell these worlds apart: the power has work to do


def hand_means(view: PlayerView, plays: list[Move], seed: int, power: float) -> dict[Move, float]:
    """exact_pimc's means counted by hand: the same worlds (its seed), each play's exact value in each, weighed
    by the fitted model's weight to the power."""
    rng = random.Random(seed)
    knowledge = infer(view)
    side = view.rules.side_of(view.seat)
    seen = seen_plays(view)
    totals = dict.fromkeys(plays, 0.0)
    weights = 0.0
    for _ in range(WORLDS):
        world = sample_world(view, knowledge, rng)
        weight = fitted_weight(seen, world.hands) ** power
        judge = Judge(view.rules, world, 10**7)
        for move in plays:
            totals[move] += weight * judge.option_value(world, move, side, True, 0)
        weights += weight
    return {m: totals[m] / weights for m in plays}


def test_the_experts_means_are_the_worlds_mean_weighed_by_the_power(monkeypatch: pytest.MonkeyPatch) -> None:
    """On late Puerto Rican positions: shipped, the fitted weights' mean; at 0 the plain mean of the exact values
    over the same worlds; at 0.5 the mean by the square roots; the plain and the fitted means differ somewhere."""
    differ = 0
    for view in late_positions("puerto_rican", 4, seed=3, tiles_left=4):
        plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
        by_power: dict[float, dict[Move, float]] = {}
        for power in (1.0, 0.0, 0.5):
            monkeypatch.setattr(expert, "WEIGHT_POWER", power)
            means = expert.exact_pimc(view, plays, 5, expert.now() + 60.0, max_worlds=WORLDS)
            assert means is not None
            expected = hand_means(view, plays, 5, power)
            for move in plays:
                assert means[move] == pytest.approx(expected[move])
                assert math.isfinite(means[move])
            by_power[power] = means
        differ += by_power[0.0] != by_power[1.0]
    assert differ >= 1
