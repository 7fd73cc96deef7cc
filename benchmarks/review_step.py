"""Hand review's step time: a long match (played by walker_golden's seeded random driver, All Fives to a
high target), then every step of a late hand asked of `Match.position` in turn, as the review window steps
through it. Prints JSON: the first step (it walks the record), and the median and the slowest of the others.

    python benchmarks/review_step.py [--hands 60] [--rounds 3]"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from walker_golden import played_record

from dominoes_desktop.engine.match import Match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3, help="hands reviewed, from the last one back")
    args = parser.parse_args()
    record = played_record("all_fives", {"target": 5000}, 7, args.hands)
    firsts: list[float] = []
    others: list[float] = []
    for round_ in range(args.rounds):
        match = Match.from_record(record)  # a fresh match: nothing walked yet
        index = len(match.archive) - 1 - round_
        moves = len(match.archive[index][1].history)
        for steps in range(moves + 1):
            began = time.perf_counter()
            match.position(index, steps)
            took = (time.perf_counter() - began) * 1000
            (firsts if steps == 0 else others).append(took)
    print(
        json.dumps(
            {
                "hands": len(Match.from_record(record).archive),
                "actions": len(record.actions),
                "first_step_ms": round(statistics.median(firsts), 2),
                "step_ms_median": round(statistics.median(others), 3),
                "step_ms_max": round(max(others), 3),
                "steps": len(others),
            }
        )
    )


if __name__ == "__main__":
    main()
