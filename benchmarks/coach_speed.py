"""How long the coach takes to judge a whole hand: every seat, every decision from the pose on.

Hands come from matches played by medium CPUs (so later hands have a free pose, the costliest decision).
Prints JSON per preset: hands, median and worst seconds per hand (wall clock and CPU), decisions judged, and how many were
estimated (approximate) because the exact search ran past its node budget.

    python benchmarks/coach_speed.py [--presets jamaican,cuban] [--hands 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.engine.coach import judge_hand, recorded_from_archive
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.simulate import Table


def measure(preset: str, hands: int, seed: int, budget: int | None) -> dict[str, object]:
    rules = build_rules(preset)
    seconds: list[float] = []
    cpu: list[float] = []
    decisions = approximate = 0
    match_seed = seed
    while len(seconds) < hands:
        table = Table(rules, [make_player("medium", match_seed * 10 + s) for s in range(rules.players)], match_seed)
        table.play_match(max_hands=hands - len(seconds))
        for index, (deal, played) in enumerate(table.match.archive):
            recorded = recorded_from_archive(rules, index, deal, played)
            started, started_cpu = time.perf_counter(), time.process_time()
            judged = judge_hand(recorded, budget=budget)
            seconds.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            decisions += len(judged)
            approximate += sum(not j.exact for j in judged)
            if len(seconds) >= hands:
                break
        match_seed += 1
    return {
        "preset": preset,
        "hands": len(seconds),
        "median_s": round(statistics.median(seconds), 3),
        "worst_s": round(max(seconds), 3),
        "mean_s": round(statistics.fmean(seconds), 3),
        "cpu_median_s": round(statistics.median(cpu), 3),  # what the machine's load does not inflate
        "cpu_worst_s": round(max(cpu), 3),
        "decisions": decisions,
        "approximate": approximate,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default="jamaican,cuban")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget", type=int, default=None, help="nodes per search before estimating (default: the coach's)"
    )
    args = parser.parse_args()
    for preset in args.presets.split(","):
        print(json.dumps(measure(preset, args.hands, args.seed, args.budget)), flush=True)


if __name__ == "__main__":
    main()
