"""The Expert's win bonus (session 22): each world's points margin v counted v + K * sign(v), the exact value of
the position under "win first, points second" for a large K, from the same search."""

from __future__ import annotations

import random

import pytest

from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.cpu import expert
from dominoes_desktop.engine.knowledge import weighted_worlds
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView

from .test_expert import late_positions

WORLDS = 16  # fewer than expert.SETTLED_AFTER: exact_pimc searches all of them, the same as drawn here


def plays_of(view: PlayerView) -> list[Move]:
    return [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]


def means_of(view: PlayerView, bonus: float, monkeypatch: pytest.MonkeyPatch) -> dict[Move, float]:
    monkeypatch.setattr(expert, "WIN_BONUS", bonus)
    means = expert.exact_pimc(view, plays_of(view), 3, expert.now() + 60.0, max_worlds=WORLDS)
    assert means is not None
    return means


def test_the_bonus_is_added_to_a_hand_won_and_taken_from_a_hand_lost() -> None:
    assert expert.win_first(12.0, 30.0) == 42.0
    assert expert.win_first(-5.0, 30.0) == -35.0
    assert expert.win_first(0.0, 30.0) == 0.0, "a blocked hand with no winner keeps its 0"
    assert expert.win_first(-7.0, 0.0) == -7.0


def test_the_bonus_applies_only_where_the_hand_is_scored_in_points_at_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    assert expert.WIN_BONUS == 0.0, "off as shipped"
    assert expert.win_bonus(build_rules("puerto_rican")) == 0.0
    monkeypatch.setattr(expert, "WIN_BONUS", 30.0)
    assert expert.win_bonus(build_rules("puerto_rican")) == 30.0
    # Jamaican counts hands already (a hand's value is +-1); the fives games score during the hand.
    assert expert.win_bonus(build_rules("jamaican")) == 0.0
    assert expert.win_bonus(build_rules("all_fives")) == 0.0


def test_the_means_are_the_weighted_mean_of_each_worlds_margin_with_the_bonus(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same worlds, drawn from the same seed in the same order, valued here by hand: with the switch off the
    shipped means (the points margin), with it on the margin plus the bonus signed by the hand's winner."""
    view = late_positions("puerto_rican", 2, seed=1, tiles_left=4)[1]
    plays = plays_of(view)
    side = view.rules.side_of(view.seat)
    weigh = expert.world_weigher(view)
    margins, signs, weights = dict.fromkeys(plays, 0.0), dict.fromkeys(plays, 0.0), 0.0
    for world, _ in weighted_worlds(view, random.Random(3), WORLDS):
        judge = Judge(view.rules, world, 10**8)
        weight = weigh(world.hands)
        for move in plays:
            value = judge.option_value(world, move, side, True, 0)
            margins[move] += weight * value
            signs[move] += weight * ((value > 0) - (value < 0))
        weights += weight
    assert means_of(view, 0.0, monkeypatch) == pytest.approx({m: t / weights for m, t in margins.items()})
    with_bonus = means_of(view, 30.0, monkeypatch)
    assert with_bonus == pytest.approx({m: (margins[m] + 30.0 * signs[m]) / weights for m in plays})
    assert any(0 < abs(signs[m]) < weights for m in plays), "some option wins some worlds and loses others"


def test_a_likelier_win_by_fewer_points_is_chosen_over_a_likelier_loss_by_fewer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On this position (found among Puerto Rican hands of heavy-first play; since session 27's sampler, which
    draws other worlds, not the one before) the points margin prefers 5-0, which loses by less on average, and
    win-first 3-3, which wins more of the worlds."""
    view = late_positions("puerto_rican", 4, seed=2, tiles_left=4)[3]
    points, wins = means_of(view, 0.0, monkeypatch), means_of(view, 1000.0, monkeypatch)
    by_points = expert.near_best(view.rules, points)
    by_wins = expert.near_best(view.rules, wins, bonus=1000.0)
    assert [str(m) for m in by_points] == ["5-0@0"] and [str(m) for m in by_wins] == ["3-3@3"]


def test_in_games_counted_in_hands_the_bonus_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    view = late_positions("jamaican", 1, seed=2, tiles_left=4)[0]
    assert means_of(view, 1000.0, monkeypatch) == means_of(view, 0.0, monkeypatch)


def test_the_tie_margin_counts_the_bonus_share_of_a_hand() -> None:
    """TIE_POINTS of the margin and TIE_HANDS of a hand won: with a bonus of 30 points, 0.5 + 0.6 points."""
    rules = build_rules("puerto_rican")
    six_four, three_two = Move.play(Tile(6, 4), 6), Move.play(Tile(3, 2), 3)
    margin = expert.TIE_POINTS + 30.0 * expert.TIE_HANDS
    assert expert.near_best(rules, {three_two: 40.0, six_four: 40.0 - margin}, bonus=30.0) == [three_two, six_four]
    assert expert.near_best(rules, {three_two: 40.0, six_four: 40.0 - margin - 0.01}, bonus=30.0) == [three_two]
    assert expert.near_best(rules, {three_two: 40.0, six_four: 40.0 - margin}) == [three_two], "no bonus: 0.5"
