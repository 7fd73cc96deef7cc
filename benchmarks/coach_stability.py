"""How stable the fair coach's grades are: each person's decision judged twice, with two sampling seeds.

Hands come from matches played by medium CPUs (as coach_speed.py makes them); the person is seat 0 (with
only CPUs, the coach would judge every seat: judging one seat is what a player sees). Each hand is judged
by what seat 0 could know (`fair.judge_hand_view`) with --seed and --seed + 1, its searches shared by two
worker processes as in the window. Prints one JSON line per preset: decisions, how many got the same grade
both times (with a 95% Wilson interval), the grades that changed, the close calls (a threshold within the
loss's margin: the kinder grade, said in words) over both judgements, the decisions judged over every world
their seat could not rule out both times (the same verdict for any seed) and the machine's load, then one
line for all the presets together.

    python benchmarks/coach_stability.py [--presets jamaican] [--hands 50] [--seed 0]

The issue's figure (>= 200 decisions over three presets):

    nice -n 10 python benchmarks/coach_stability.py --presets jamaican,cutthroat,block --hands 18
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.coach_speed import recorded_hands  # noqa: E402
from benchmarks.confidence import wilson  # noqa: E402
from dominoes_desktop.engine.analysis.fair import judge_hand_view  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presets", default="jamaican")
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0, help="the first sampling seed (the second is one more)")
    parser.add_argument("--deals", type=int, default=1, help="the seed of the benchmark's matches")
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    kept = judged = 0
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        for preset in args.presets.split(","):
            load_before = round(os.getloadavg()[0], 2)
            same = total = approximate = close = whole = 0
            changed: Counter[str] = Counter()
            for number, hand in enumerate(recorded_hands(preset, args.hands, args.deals)):
                first = judge_hand_view(hand, (0,), seed=args.seed, map_lanes=pool.map)
                second = judge_hand_view(hand, (0,), seed=args.seed + 1, map_lanes=pool.map)
                for a, b in zip(first, second, strict=True):
                    total += 1
                    approximate += not a.judged.exact
                    close += (a.close is not None) + (b.close is not None)
                    whole += a.whole and b.whole
                    if a.judged.grade is b.judged.grade:
                        same += 1
                    else:
                        changed[f"{a.judged.grade.value}->{b.judged.grade.value}"] += 1
                        flip = {
                            "preset": preset,
                            "hand": number,
                            "ply": a.judged.ply,
                            "grades": [a.judged.grade.value, b.judged.grade.value],
                            "loss": [round(a.judged.loss, 3), round(b.judged.loss, 3)],
                            "margin": [round(a.margin, 3), round(b.margin, 3)],
                            "worlds": [len(a.worlds), len(b.worlds)],
                            "whole": [a.whole, b.whole],
                            "exact": [a.judged.exact, b.judged.exact],
                        }
                        print("flip " + json.dumps(flip), file=sys.stderr, flush=True)
                print(f"{preset} hand {number + 1}: {same} of {total} the same", file=sys.stderr, flush=True)
            low, high = wilson(same, total)
            row = {
                "preset": preset,
                "hands": args.hands,
                "decisions": total,
                "same_grade": same,
                "same_pct": round(100 * same / max(1, total), 1),
                "interval_95": [round(100 * low, 1), round(100 * high, 1)],
                "changed": dict(changed),
                "approximate": approximate,
                "close_calls_of_both_judgements": close,
                "every_world_both_times": whole,
                "load": [load_before, round(os.getloadavg()[0], 2)],
            }
            print(json.dumps(row), flush=True)
            kept, judged = kept + same, judged + total
    low, high = wilson(kept, judged)
    every = {
        "presets": args.presets,
        "decisions": judged,
        "same_grade": kept,
        "same_pct": round(100 * kept / max(1, judged), 1),
    }
    print(json.dumps(every | {"interval_95": [round(100 * low, 1), round(100 * high, 1)]}), flush=True)


if __name__ == "__main__":
    main()
