"""Engine throughput against the PyPI package `dominoes` 6.1.0, side by side in one run.

Both play random legal 4-player double-six hands (Puerto Rican rules for ours, with full match
scoring). The run is many short rounds; in each, the engines take turns (which goes first alternates),
so a busy spell on a shared machine hits both alike. Each round gives a ratio; the medians of the rates
and of the per-round ratios are printed as JSON, for ours on one process and on one process per core
(the simulate command's default).

    python benchmarks/engine_speed.py [--rounds 31] [--seconds 0.5]

With `--before DIR` (an older commit's package: `git archive COMMIT dominoes_desktop | tar -x -C DIR`), it measures
the engine before and after a change side by side on one process, each round running dominoes, the older
engine and this one in fresh processes in turn (alternating the order), and prints the median ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
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


OURS_IN_A_PROCESS = """
import sys; sys.path.insert(0, {root!r})
from dominoes_desktop.cli.simulate import run_hands
from dominoes_desktop.engine.presets import build_rules
rules = build_rules("puerto_rican"); run_hands(rules, ["random"] * 4, 300, 0, None, 1)
print(run_hands(rules, ["random"] * 4, {hands}, {seed}, None, 1)["hands_per_second"])
"""
THEIRS_IN_A_PROCESS = """
import sys; sys.path.insert(0, {root!r})
from benchmarks.engine_speed import theirs
print(theirs({hands}, {seed}))
"""


def in_a_process(code: str, root: Path, hands: int, seed: int) -> float:
    done = subprocess.run(
        [sys.executable, "-c", code.format(root=str(root), hands=hands, seed=seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.split()[-1])


def before_and_after(before: Path, rounds: int, seconds: float) -> dict[str, object]:
    """dominoes, the engine in `before` and this one, each in a fresh process per round, on one core."""
    here = Path(__file__).resolve().parents[1]
    runs: dict[str, Callable[[int, int], float]] = {
        "dominoes_6_1_0": lambda n, s: in_a_process(THEIRS_IN_A_PROCESS, here, n, s),
        "before": lambda n, s: in_a_process(OURS_IN_A_PROCESS, before, n, s),
        "after": lambda n, s: in_a_process(OURS_IN_A_PROCESS, here, n, s),
    }
    hands = {name: sized(run(200, 0), seconds) for name, run in runs.items()}
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(rounds):
        for name in list(runs) if r % 2 == 0 else list(reversed(runs)):
            rates[name].append(runs[name](hands[name], r + 1))
    base = rates["dominoes_6_1_0"]
    ratios = {name: [a / b for a, b in zip(rates[name], base, strict=True)] for name in ("before", "after")}
    return {
        "rounds": rounds,
        "median_hands_per_second": {name: round(statistics.median(v)) for name, v in rates.items()},
        "median_ratio_to_dominoes": {name: round(statistics.median(v), 2) for name, v in ratios.items()},
        "ratio_quartiles": {name: [round(q, 2) for q in statistics.quantiles(v)] for name, v in ratios.items()},
        "after_over_before_median": round(
            statistics.median(a / b for a, b in zip(rates["after"], rates["before"], strict=True)), 3
        ),
    }


def sized(rate: float, seconds: float) -> int:
    """Hands that take about `seconds` at `rate`."""
    return max(50, int(rate * seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=31)
    parser.add_argument("--seconds", type=float, default=0.5, help="about how long each engine runs per round")
    parser.add_argument("--before", type=Path, help="an older checkout to measure side by side (one process)")
    args = parser.parse_args()
    if args.before is not None:
        print(json.dumps(before_and_after(args.before.resolve(), args.rounds, args.seconds)))
        return
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
