"""Engine throughput against the PyPI package `dominoes` 6.1.0, side by side in one run.

Both play random legal 4-player double-six hands (Puerto Rican rules for ours, with full match
scoring). The run is many short rounds; in each, the engines take turns (which goes first alternates),
so a busy spell on a shared machine hits both alike. Each round gives a ratio; the medians of the rates
and of the per-round ratios are printed as JSON, for ours on one process and on one process per core
(the simulate command's default).

    python benchmarks/engine_speed.py [--rounds 31] [--seconds 0.5]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.cli.simulate import run_hands
from dominoes_desktop.engine.presets import build_rules


def theirs(hands: int, seed: int) -> float:
    import dominoes  # a benchmark dependency only

    random.seed(seed)
    started = time.perf_counter()
    for _ in range(hands):
        game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
        while game.result is None:
            game.make_move(*random.choice(game.valid_moves))
    return hands / (time.perf_counter() - started)


def ours(hands: int, seed: int, jobs: int) -> float:
    rules = build_rules("puerto_rican")
    report = run_hands(rules, ["random"] * 4, hands, seed, None, jobs)
    return float(report["hands_per_second"])


def sized(rate: float, seconds: float) -> int:
    """Hands that take about `seconds` at `rate`."""
    return max(50, int(rate * seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=31)
    parser.add_argument("--seconds", type=float, default=0.5, help="about how long each engine runs per round")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    many = f"ours_{cores}_processes"
    # A first short run of each sizes the rounds so that every engine runs for about the same time.
    first = {"dominoes_6_1_0": theirs(200, 0), "ours_1_process": ours(1000, 0, 1), many: ours(4000, 0, cores)}
    runs: dict[str, Callable[[int, int], float]] = {
        "dominoes_6_1_0": theirs,
        "ours_1_process": lambda n, s: ours(n, s, 1),
        many: lambda n, s: ours(n, s, cores),
    }
    hands = {name: sized(rate, args.seconds) for name, rate in first.items()}
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(args.rounds):
        order = list(runs) if r % 2 == 0 else list(reversed(runs))
        for name in order:
            rates[name].append(runs[name](hands[name], r + 1))
    base = rates["dominoes_6_1_0"]
    print(
        json.dumps(
            {
                "rounds": args.rounds,
                "hands_per_round": hands,
                "median_hands_per_second": {name: round(statistics.median(v)) for name, v in rates.items()},
                "median_ratio_to_dominoes": {
                    name: round(statistics.median(a / b for a, b in zip(v, base, strict=True)), 2)
                    for name, v in rates.items()
                    if name != "dominoes_6_1_0"
                },
                "ratio_quartiles": {
                    name: [round(q, 2) for q in statistics.quantiles([a / b for a, b in zip(v, base, strict=True)])]
                    for name, v in rates.items()
                    if name != "dominoes_6_1_0"
                },
            }
        )
    )


if __name__ == "__main__":
    main()
