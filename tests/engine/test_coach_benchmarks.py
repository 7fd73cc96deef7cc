"""The search-work benchmark's helpers (benchmarks/coach_nodes.py): what a search stopped by its budget had found."""

from __future__ import annotations

import itertools
import random

from benchmarks.coach_nodes import BRACKET, bracketing
from dominoes_desktop.engine.analysis.solver import ArmsSolver, OutOfBudget, PureArmsSolver
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
