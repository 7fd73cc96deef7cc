"""Engine throughput against the PyPI package `dominoes` 6.1.0, side by side in one run.

Both play random legal 4-player double-six hands (Puerto Rican rules for ours, with full match
scoring). Rounds alternate between the engines so machine noise hits both; the medians and their
ratios are printed as JSON, for ours on one process and on one process per core.

    python benchmarks/engine_speed.py [--hands 2000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.simulate import run_hands


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    rates: dict[str, list[float]] = {
        "ours_1_process": [],
        f"ours_{cores}_processes": [],
        "dominoes_6_1_0": [],
    }
    for r in range(args.rounds):
        rates["ours_1_process"].append(ours(args.hands, r, 1))
        rates[f"ours_{cores}_processes"].append(ours(args.hands, r, cores))
        rates["dominoes_6_1_0"].append(theirs(args.hands, r))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    base = medians["dominoes_6_1_0"]
    print(
        json.dumps(
            {
                "hands_per_round": args.hands,
                "rounds": args.rounds,
                "hands_per_second": {name: [round(x) for x in values] for name, values in rates.items()},
                "median_hands_per_second": {name: round(m) for name, m in medians.items()},
                "ratio_to_dominoes": {name: round(m / base, 2) for name, m in medians.items()},
            }
        )
    )


if __name__ == "__main__":
    main()
