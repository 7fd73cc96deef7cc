"""The benchmark helpers that compare Expert runs hand by hand (benchmarks/compare_hands.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.compare_hands import compare, load, total
from benchmarks.strength import _in_parts


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
