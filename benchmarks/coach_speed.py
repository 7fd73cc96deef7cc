"""How long the coach takes to judge a whole hand: every seat, every decision from the pose on.

Hands come from matches played by medium CPUs (so later hands have a free pose, the costliest decision).
Each hand is judged, one after the other and in a rotating order so that the machine's load falls on all
alike, by:

    old       the coach as it was at git revision --baseline (in a process of its own, one core)
    new-1     this coach in this process (one core)
    new-2     this coach with its searches shared by two worker processes (the command line's and the
              window's way; the pool is started once, as the window keeps it)
    view-1    the fair coach (`fair.judge_hand_view`: by what the seat could know, over sampled worlds) on
              the person's decisions (seat 0), in this process
    view-2    the same with the two worker processes: what the Coach window does
    every-2   the fair coach on every seat's decisions, two worker processes (`coach --judge view`)

With --case FILE the hands are a replay case's (a whole match: "total_s" is the whole match's time).

Prints JSON per preset and way: hands, median and worst seconds per hand (wall clock and CPU, the CPU of the
workers included, and "busy": the wall time it would take on an idle machine, the CPU of this process plus
that of the slowest worker of each round of searches; on two cores shared by other jobs, with this run under
`nice`, the wall clock mostly measures the others) with a 95% interval for the median (order statistics), decisions judged, how many were
estimated (approximate), and the machine's load average before and after. Then, per preset, the ratio of the medians, and whether every decision judged exactly by
both the old and the new coach got the same values (it must).

    python benchmarks/coach_speed.py [--presets jamaican,cuban|all] [--hands 20] [--seed 1]
        [--ways old,new-1,new-2,view-2] [--baseline 8ed8c9a] [--table]

The issue's table (the Coach window's way, every preset):

    nice -n 10 python benchmarks/coach_speed.py --presets all --ways view-2 --hands 5 --table
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dominoes_desktop.engine.analysis.coach import (  # noqa: E402
    RecordedHand,
    hands_of_case,
    judge_hand,
    recorded_from_archive,
)
from dominoes_desktop.engine.analysis.fair import judge_hand_view  # noqa: E402
from dominoes_desktop.engine.cpu import make_player  # noqa: E402
from dominoes_desktop.engine.presets import PRESETS, build_rules  # noqa: E402
from dominoes_desktop.session.cpu_table import CpuTable  # noqa: E402

BASELINE = "8ed8c9a"  # the coach before issue 17's speed work: one table for the hand, one process


def recorded_hands(preset: str, hands: int, seed: int) -> list[RecordedHand]:
    """The benchmark's hands (the old coach's process makes the same ones with its own engine)."""
    rules = build_rules(preset)
    found: list[RecordedHand] = []
    match_seed = seed
    while len(found) < hands:
        table = CpuTable(rules, [make_player("medium", match_seed * 10 + s) for s in range(rules.players)], match_seed)
        table.play_match(max_hands=hands - len(found))
        for index, (deal, played) in enumerate(table.match.archive):
            found.append(recorded_from_archive(rules, index, deal, played))
        match_seed += 1
    return found[:hands]


# The old coach's side: reads "preset hands seed index budget" lines, answers one JSON line per hand.
OLD_SERVER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from dominoes_desktop.engine.analysis.coach import judge_hand, recorded_from_archive
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
made = {}
def hands(preset, n, seed):
    if (preset, n, seed) not in made:
        rules = build_rules(preset)
        found = []
        match_seed = seed
        while len(found) < n:
            players = [make_player("medium", match_seed * 10 + s) for s in range(rules.players)]
            table = CpuTable(rules, players, match_seed)
            table.play_match(max_hands=n - len(found))
            for index, (deal, played) in enumerate(table.match.archive):
                found.append(recorded_from_archive(rules, index, deal, played))
            match_seed += 1
        made[preset, n, seed] = found[:n]
    return made[preset, n, seed]
for line in sys.stdin:
    preset, n, seed, index, budget = line.split()
    recorded = hands(preset, int(n), int(seed))[int(index)]
    started, started_cpu = time.perf_counter(), time.process_time()
    judged = judge_hand(recorded, budget=None if budget == "-" else int(budget))
    wall, cpu = time.perf_counter() - started, time.process_time() - started_cpu
    print(json.dumps({"wall": wall, "cpu": cpu, "judged": [j.as_json() for j in judged]}), flush=True)
"""


class OldCoach:
    """The coach at a git revision, in a process of its own."""

    def __init__(self, revision: str) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="coach-baseline-")
        archive = subprocess.run(
            ["git", "archive", revision, "dominoes_desktop"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        archive_path = Path(self.folder.name) / "old.tar"
        archive_path.write_bytes(archive)
        with tarfile.open(archive_path) as tar:
            tar.extractall(self.folder.name, filter="data")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", OLD_SERVER, self.folder.name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=self.folder.name,
        )

    def judge(self, preset: str, hands: int, seed: int, index: int, budget: int | None) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{preset} {hands} {seed} {index} {'-' if budget is None else budget}\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)
        self.folder.cleanup()


def timed(task: Any, work: Callable[[Any], Any]) -> tuple[Any, float]:
    """Runs one lane's work in a worker and says how much CPU it took there."""
    started = time.process_time()
    result = work(task)
    return result, time.process_time() - started


class TimedPool:
    """A worker pool's `map` for `judge_hand` that adds up the CPU its workers spent, and the CPU of the
    slowest task of each call (what the call would take, were every worker given a core of its own)."""

    def __init__(self, pool: Executor) -> None:
        self.pool = pool
        self.cpu = 0.0
        self.critical = 0.0

    def map(self, work: Callable[[Any], Any], tasks: Sequence[Any]) -> Iterable[Any]:
        results = list(self.pool.map(timed, tasks, [work] * len(tasks)))
        self.cpu += sum(cpu for _, cpu in results)
        self.critical += max((cpu for _, cpu in results), default=0.0)
        return [result for result, _ in results]


def load() -> float:
    return round(os.getloadavg()[0], 2)


def median_interval(values: Sequence[float]) -> list[float]:
    """A 95% interval for the median from order statistics (the normal approximation of the binomial)."""
    ordered = sorted(values)
    n = len(ordered)
    half = 1.96 * (n**0.5) / 2
    low = max(0, int(n / 2 - half))
    high = min(n - 1, int(n / 2 + half + 0.999))
    return [round(ordered[low], 3), round(ordered[high], 3)]


def summary(seconds: list[float], cpu: list[float], busy: list[float]) -> dict[str, Any]:
    return {
        "busy_median_s": round(statistics.median(busy), 3),
        "busy_worst_s": round(max(busy), 3),
        "median_s": round(statistics.median(seconds), 3),
        "median_interval_95": median_interval(seconds),
        "worst_s": round(max(seconds), 3),
        "mean_s": round(statistics.fmean(seconds), 3),
        "total_s": round(sum(seconds), 3),
        "busy_total_s": round(sum(busy), 3),
        "cpu_median_s": round(statistics.median(cpu), 3),
        "cpu_worst_s": round(max(cpu), 3),
    }


def measure(
    preset: str,
    hands: int,
    seed: int,
    budget: int | None,
    ways: Sequence[str],
    old: OldCoach | None,
    pool: TimedPool,
    case: list[RecordedHand] | None = None,
) -> list[dict[str, Any]]:
    recorded = case if case is not None else recorded_hands(preset, hands, seed)
    wall: dict[str, list[float]] = {way: [] for way in ways}
    cpu: dict[str, list[float]] = {way: [] for way in ways}
    busy: dict[str, list[float]] = {way: [] for way in ways}  # the wall time on an idle machine (see TimedPool)
    decisions = dict.fromkeys(ways, 0)
    approximate = dict.fromkeys(ways, 0)
    compared = differing = 0
    load_before = load()
    for index, hand in enumerate(recorded):
        lines: dict[str, list[dict[str, Any]]] = {}
        order = [ways[(index + k) % len(ways)] for k in range(len(ways))]  # rotate who goes first
        for way in order:
            if way == "old":
                assert old is not None
                answer = old.judge(preset, hands, seed, index, budget)
                wall[way].append(answer["wall"])
                cpu[way].append(answer["cpu"])
                busy[way].append(answer["cpu"])
                lines[way] = answer["judged"]
                continue
            started, started_cpu, pool_cpu, critical = time.perf_counter(), time.process_time(), pool.cpu, pool.critical
            lanes = pool.map if way.endswith("-2") else None
            if way.startswith(("view", "every")):
                seats = None if way.startswith("every") else (0,)
                lines[way] = [f.as_json() for f in judge_hand_view(hand, seats, budget=budget, map_lanes=lanes)]
            else:
                lines[way] = [j.as_json() for j in judge_hand(hand, budget=budget, map_lanes=lanes)]
            wall[way].append(time.perf_counter() - started)
            own_cpu = time.process_time() - started_cpu
            cpu[way].append(own_cpu + pool.cpu - pool_cpu)
            busy[way].append(own_cpu + (pool.critical - critical if way.endswith("-2") else 0.0))
        for way, judged_lines in lines.items():
            decisions[way] += len(judged_lines)
            approximate[way] += sum("approximate" in line for line in judged_lines)
        # Exact values are the same whatever the search: compare every decision both judged exactly.
        face_up = [way for way in ways if not way.startswith("view")]
        reference = lines[face_up[0]] if face_up else []
        for way in face_up[1:]:
            for a, b in zip(reference, lines[way], strict=True):
                if "approximate" not in a and "approximate" not in b:
                    compared += 1
                    differing += a != b
    load_after = load()
    rows: list[dict[str, Any]] = []
    for way in ways:
        row: dict[str, Any] = {"preset": preset, "way": way, "hands": len(wall[way])}
        row.update(summary(wall[way], cpu[way], busy[way]))
        row.update(decisions=decisions[way], approximate=approximate[way], load=[load_before, load_after])
        rows.append(row)
    base = rows[0]
    ratios = {
        f"{row['way']}_vs_{base['way']}": {
            "median_wall": round(row["median_s"] / base["median_s"], 3),
            "median_cpu": round(row["cpu_median_s"] / base["cpu_median_s"], 3),
        }
        for row in rows[1:]
    }
    rows.append({"preset": preset, "ratios": ratios, "exact_decisions_compared": compared, "differing": differing})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presets", default="jamaican,cuban", help="comma-separated, or all (the 18 presets)")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ways", default="old,new-1,new-2")
    parser.add_argument("--baseline", default=BASELINE, help="git revision of the old coach")
    parser.add_argument(
        "--budget", type=int, default=None, help="nodes per search before estimating (default: the coach's)"
    )
    parser.add_argument("--case", type=Path, default=None, help="judge this replay case's hands instead")
    parser.add_argument("--table", action="store_true", help="end with a Markdown table of every preset and way")
    args = parser.parse_args()
    ways = args.ways.split(",")
    presets = list(PRESETS) if args.presets == "all" else args.presets.split(",")
    table: list[dict[str, Any]] = []
    old = OldCoach(args.baseline) if "old" in ways else None
    context = multiprocessing.get_context("spawn")
    try:
        with ProcessPoolExecutor(max_workers=2, mp_context=context) as executor:
            pool = TimedPool(executor)
            list(executor.map(abs, [0, 0]))  # started before the clock runs, as the window's pool is
            case = None
            if args.case is not None:
                case = hands_of_case(json.loads(args.case.read_text()))
                presets = [case[0].rules.preset]
            for preset in presets:
                for row in measure(preset, args.hands, args.seed, args.budget, ways, old, pool, case):
                    print(json.dumps(row), flush=True)
                    table += [row] if "way" in row else []
    finally:
        if old is not None:
            old.close()
    if args.table:
        print(markdown(table))


def markdown(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a table: wall seconds per hand as measured, and as they would be on an idle machine."""
    lines = [
        "| preset | way | hands | median s | worst s | idle median s | idle worst s | approximate | load |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        share = f"{r['approximate']}/{r['decisions']} ({100 * r['approximate'] / max(1, r['decisions']):.0f}%)"
        lines.append(
            f"| {r['preset']} | {r['way']} | {r['hands']} | {r['median_s']} | {r['worst_s']} | {r['busy_median_s']} "
            f"| {r['busy_worst_s']} | {share} | {r['load'][0]}-{r['load'][1]} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
