"""The benchmark helpers that compare Expert runs hand by hand (benchmarks/compare_hands.py) and fit the
worlds' model of play to the levels' plays (benchmarks/evidence_fit.py), the count of the worlds the
Expert judges (benchmarks/expert_worlds.py), and the strength benchmark's Expert variants."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from benchmarks.compare_hands import compare, load, sign_test, total
from benchmarks.evidence_fit import SHIPPED, Choice, fit, play_hands
from benchmarks.expert_worlds import Record, watch
from benchmarks.strength import _in_parts, make, told_careless
from dominoes_desktop.engine.cpu import expert
from dominoes_desktop.engine.knowledge import evidence_weight
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.tiles import Tile

from .test_expert import late_positions


def write(path: Path, hands: list[tuple[int, int, bool | None, float]]) -> Path:
    lines = [json.dumps({"deal": d, "strong_side": s, "strong_won": w, "margin": m}) for d, s, w, m in hands]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_two_runs_compare_on_the_hands_both_played(tmp_path: Path) -> None:
    first = load(write(tmp_path / "a", [(0, 0, True, 10.0), (0, 1, False, -5.0), (1, 0, None, 0.0)]).as_posix())
    second = load(write(tmp_path / "b", [(0, 0, False, -2.0), (0, 1, True, 7.0), (2, 0, True, 9.0)]).as_posix())
    found = compare(first, second)
    assert found["hands"] == 2, "deal 1 and deal 2 were played by one run only"
    assert (found["first_won"], found["second_won"]) == (1, 1)
    assert found["first_only"] == [(0, 0)] and found["second_only"] == [(0, 1)]
    assert found["margin_second_minus_first"] == pytest.approx(((-2.0 - 10.0) + (7.0 + 5.0)) / 2)
    assert found["sign_test_p"] == 1.0  # one hand won by each only


def test_the_sign_test_is_the_binomial_tail_both_ways() -> None:
    assert sign_test(0, 0) == 1.0
    assert sign_test(0, 5) == pytest.approx(2 / 32)
    assert sign_test(2, 8) == sign_test(8, 2) == pytest.approx(2 * (1 + 10 + 45) / 1024)
    assert sign_test(29, 45) == pytest.approx(0.081, abs=0.001)  # session 24's screen, quoted in STRENGTH.md


def test_runs_of_disjoint_deals_add_up_and_overlapping_ones_do_not(tmp_path: Path) -> None:
    early = load(write(tmp_path / "a", [(0, 0, True, 10.0), (0, 1, None, 0.0)]).as_posix())
    late = load(write(tmp_path / "b", [(1, 0, False, -4.0), (1, 1, True, 6.0)]).as_posix())
    found = total([early, late])
    assert (found["hands"], found["won"], found["decided"]) == (4, 2, 3)
    assert found["mean_margin_per_hand"] == pytest.approx(3.0)
    with pytest.raises(ValueError):
        total([early, early])


def test_a_run_can_go_on_from_the_deal_another_stopped_at() -> None:
    assert _in_parts(1, 3, first=80) == [range(80, 83)]
    assert [list(r) for r in _in_parts(2, 4, first=10)] == [[10, 12], [11, 13]]


def test_the_fits_shipped_model_is_the_worlds_weight_of_a_play() -> None:
    """The benchmark scores a play as evidence_weight does: seat 1 played 5-2 on the ends 2 and 3 holding 4-3
    (which fitted) and 5-0 (which did not)."""
    choice = Choice("hard", Tile(5, 2), (2, 3), frozenset({Tile(5, 2), Tile(4, 3), Tile(5, 0)}))
    weight = evidence_weight(((1, Tile(5, 2), (2, 3)),), [[], [Tile(4, 3), Tile(5, 0)], [], []])
    assert math.exp(SHIPPED.log_chance(choice)) == pytest.approx(weight)


def test_heavy_first_plays_fit_the_model_better_than_random_ones() -> None:
    choices = play_hands("puerto_rican", "greedy", "random", 4, seed=3)
    assert choices and all(c.tile in c.fitting() and len(c.fitting()) > 1 for c in choices)
    report = fit(choices)
    assert report["greedy"]["heaviest_share"] > report["random"]["heaviest_share"]
    assert report["greedy"]["shipped_gain"] > report["random"]["shipped_gain"]


def test_the_worlds_count_is_every_world_the_expert_weighed(monkeypatch: pytest.MonkeyPatch) -> None:
    """expert_worlds counts the worlds of each exact search by wrapping the Expert's weigher: it counted none
    when the Expert stopped calling the function it wrapped before (session 18's fitted model)."""
    monkeypatch.setattr(expert, "exact_pimc", expert.exact_pimc)  # watch() replaces it: put it back after
    monkeypatch.setattr(expert, "world_weigher", expert.world_weigher)
    records: list[Record] = []
    watch(records)
    view = late_positions("puerto_rican", 1, seed=5, tiles_left=3)[0]
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    means = expert.exact_pimc(view, plays, 1, expert.now() + 60.0, max_worlds=12)
    assert means is not None and [(tiles, exact, worlds) for tiles, exact, worlds, _ in records] == [(3, True, 12)]


def test_a_variant_seat_switches_the_expert_for_its_own_decisions_only(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[bool, int]] = []

    def choice(*args: object, **kwargs: object) -> object:
        seen.append((expert.WIN_OBJECTIVE, expert.ALPHA_MU_TILES))
        plays = args[1]
        assert isinstance(plays, list)
        return plays[0]

    monkeypatch.setattr(expert, "expert_choice", choice)
    view = late_positions("puerto_rican", 1, seed=2, tiles_left=4)[0]
    make("expert_amu", 1, 50.0).decide(view)
    make("expert", 1, 50.0).decide(view)
    assert seen == [(True, 5), (False, 0)]
    assert (expert.WIN_OBJECTIVE, expert.ALPHA_MU_TILES) == (False, 0)


def test_the_careless_reading_seats_switch_the_reply_and_the_worlds_for_their_decisions_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[str, bool, bool]] = []
    reading = expert.careless_chances

    def choice(*args: object, **kwargs: object) -> object:
        seen.append((expert.EXPERT_REPLY, expert.CARELESS_WORLDS, expert.careless_chances is told_careless))
        plays = args[1]
        assert isinstance(plays, list)
        return plays[0]

    monkeypatch.setattr(expert, "expert_choice", choice)
    view = late_positions("puerto_rican", 1, seed=2, tiles_left=4)[0]
    for level in ("expert_read_reply", "expert_read_worlds", "expert_told_careless", "expert"):
        make(level, 1, 50.0).decide(view)
    assert seen == [("careless", False, False), ("careless", True, False), ("careless", True, True), ("", False, False)]
    assert (expert.EXPERT_REPLY, expert.CARELESS_WORLDS, expert.careless_chances) == ("", False, reading)
    assert told_careless(view, [1, 3], random.Random(0)) == {1: 1.0, 3: 1.0}
