"""The search-work benchmark's helpers (benchmarks/coach_nodes.py): what a search stopped by its budget had found."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

from benchmarks.coach_nodes import BRACKET, bracketing
from dominoes_desktop.engine.analysis.solver import ArmsSolver, OutOfBudget, PureArmsSolver
from dominoes_desktop.engine.cases import replayed
from dominoes_desktop.engine.presets import build_rules

from .test_search_core import hands_of, late_positions


def test_a_search_stopped_by_its_budget_keeps_a_range_that_holds_the_value() -> None:
    """Double-nine cross positions with a stock: a value search stopped after a few dozen nodes has narrowed the
    value to a range that holds the exact one (the pure search's), narrower than the value bound on at least half of those stopped;
    searched again with room, it finds that value."""
    rules = build_rules("cross_9")
    rng = random.Random("brackets")
    checked = narrowed = stops = 0
    for seed in range(100):
        if checked >= 40:
            break
        start = next(hands_of(rules, seed))
        dealt = list(start.stock)
        pure = PureArmsSolver(rules, dealt, start.leader, 0)
        pure.budget = 200_000  # a position the pure search takes longer over is left out
        stopped = bracketing(ArmsSolver)(rules, dealt, start.leader, 0)
        for hand in itertools.islice(late_positions(start, 16, rng), 0, 3):
            if not hand.stock:
                continue
            try:
                expected = pure.value(hand, len(dealt))
            except OutOfBudget:
                continue
            stopped.budget = 40
            try:
                stopped.value(hand, len(dealt))
            except OutOfBudget:
                stops += 1
                narrowed += [-stopped.bound, stopped.bound] != BRACKET
            low, high = BRACKET
            assert low <= expected <= high, (seed, hand.history, low, high, expected)
            stopped.budget = 10**8
            assert stopped.value(hand, len(dealt)) == expected, (seed, hand.history)
            assert [expected, expected] == BRACKET
            checked += 1
    assert checked >= 40
    assert stops >= checked // 2, (checked, stops, narrowed)
    assert narrowed >= stops // 2, (checked, stops, narrowed)


def test_a_match_written_for_timing_the_coach_is_a_whole_match_the_coach_reads(tmp_path: Path) -> None:
    """benchmarks/match_case.py: the match file replays to a finished match of the hands asked, and the coach's
    command line judges every hand of it."""
    out = tmp_path / "match.json"
    written = subprocess.run(
        [sys.executable, "benchmarks/match_case.py", "--preset", "cutthroat", "--hands", "6", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    said = json.loads(written.stdout)
    match = replayed(json.loads(out.read_text()))
    assert said["hands"] == said["asked"] == 6 and match.is_over and len(match.results) == 6
    judged = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.coach", str(out), "--workers", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    hands = {json.loads(line)["hand"] for line in judged.stdout.splitlines()}
    assert hands == set(range(6))
