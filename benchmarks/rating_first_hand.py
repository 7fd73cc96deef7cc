"""How long a fresh worker takes to judge its first hand whose leader was known before the deal (what the skill
judge's first hand after the match's first pays: the priors of hand_luck, unless shipped in luck_priors).

    nice -n 10 python benchmarks/rating_first_hand.py [--runs 7] [--presets jamaican,draw] [--tree PATH]

Each run is a new Python process (as a new pool worker is) that imports the judge, then judges hand 1 of a
seeded CPU match for seat 0 (`session.judging.judge_task`, the background judge's own call), and says the
wall and CPU seconds of that call; then the same process judges it again (the priors cached: what any later
hand pays). `--tree` judges with another checkout's code (the same matches), to set before beside after.
Prints one JSON object: per preset the median and the range of the runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.record import record_to_json
from dominoes_desktop.session.cpu_table import CpuTable

CHILD = """
import json, sys, time
from dominoes_desktop.session.judging import JudgeTask, judge_task
task = JudgeTask(sys.stdin.read(), 1, 0)
found = {}
for name in ("first", "again"):
    wall, cpu = time.perf_counter(), time.process_time()
    judge_task(task)
    found[name] = {"wall_s": time.perf_counter() - wall, "cpu_s": time.process_time() - cpu}
print(json.dumps(found))
"""


def match_text(preset: str, seed: int) -> str:
    """A match of four Medium CPUs, two hands played (hand 1 led by a seat known before its deal where the rules
    say so), as the codec writes it."""
    rules = build_rules(preset)
    table = CpuTable(rules, [make_player("medium", seed + s) for s in range(rules.players)], seed)
    for hand in range(2):
        table.play_hand(deal_seed=seed * 100 + hand)
    return json.dumps(record_to_json(table.match.record))


def one_run(tree: Path, text: str) -> dict[str, dict[str, float]]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        input=text,
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    found: dict[str, dict[str, float]] = json.loads(done.stdout)
    return found


def summary(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3), "max": round(max(values), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--presets", default="jamaican,draw")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args()
    report: dict[str, object] = {"tree": str(args.tree), "runs": args.runs, "load": os.getloadavg()}
    for preset in args.presets.split(","):
        text = match_text(preset, args.seed)
        runs = [one_run(args.tree, text) for _ in range(args.runs)]
        report[preset] = {
            f"{name}_{what}": summary([r[name][what] for r in runs])
            for name in ("first", "again")
            for what in ("wall_s", "cpu_s")
        }
        print(preset, json.dumps(report[preset]), file=sys.stderr, flush=True)
    report["load_after"] = os.getloadavg()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
