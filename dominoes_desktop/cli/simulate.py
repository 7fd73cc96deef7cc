"""Play CPU against CPU and print JSON: throughput (--hands), or match results (--matches).

Example: --preset jamaican --players hard,medium,hard,medium --matches 50 --seed 1 --duplicate
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import signal
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.pool import Pool
from typing import Any

from ..engine.cpu import LEVELS, make_player
from ..engine.errors import DominoError
from ..engine.presets import build_rules
from ..engine.rules import Rules
from ..session.cpu_table import CpuTable
from .exits import quiet_exits


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _play_hands(job: tuple[Rules, list[str], int, int, float | None]) -> int:
    rules, levels, hands, seed, movetime = job
    players = [make_player(level, seed + i, movetime) for i, level in enumerate(levels)]
    played = 0
    match_seed = seed
    rng = random.Random(seed ^ 0x5EED)
    while played < hands:
        table = CpuTable(rules, players, match_seed, rng)
        while played < hands and not table.match.is_over:
            table.play_hand()
            played += 1
        match_seed += 1
    return played


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl+C held back on this thread, and so in the processes and threads it starts (a signal mask is
    inherited), until the block ends: then a Ctrl+C that came meanwhile is raised here."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _deaf_worker() -> None:
    """A worker's start: Ctrl+C ignored (it was held back since before the process began, now let in), and
    the end of the tool, however it ends, is the worker's end."""
    from ..session.cpu_pool import end_with_parent  # only in a worker: the tool's start-up stays light

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    end_with_parent()


@contextmanager
def worker_pool(jobs: int) -> Iterator[Pool]:
    """`jobs` worker processes, ended when the block ends, a Ctrl+C's KeyboardInterrupt included. Ctrl+C reaches
    the whole process group, and a worker killed by it while it waits for work dies holding the pool's queue
    lock: the pool's terminate then waits for that lock for ever. So the workers never hear it (deaf from
    before they begin, their replacements too: the pool's threads start with it held back); the tool ends them."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool: Pool | None = None
    try:
        with _interrupts_held():
            pool = multiprocessing.get_context(method).Pool(jobs, initializer=_deaf_worker)
        yield pool
    finally:
        if pool is not None:
            pool.terminate()


def run_hands(
    rules: Rules, levels: list[str], hands: int, seed: int, movetime: float | None, jobs: int = 1
) -> dict[str, Any]:
    """Play `hands` hands (whole matches back to back), split over `jobs` processes."""
    shares = [hands // jobs + (1 if k < hands % jobs else 0) for k in range(jobs)]
    work = [(rules, levels, share, seed + k * 1_000_003, movetime) for k, share in enumerate(shares)]
    started = time.perf_counter()
    if jobs == 1:
        played = _play_hands(work[0])
    else:
        with worker_pool(jobs) as pool:
            played = sum(pool.map(_play_hands, work))
    elapsed = time.perf_counter() - started
    return {
        "hands": played,
        "jobs": jobs,
        "seconds": round(elapsed, 3),
        "hands_per_second": round(played / elapsed, 1),
    }


def run_matches(
    rules: Rules, levels: list[str], matches: int, seed: int, duplicate: bool, movetime: float | None
) -> dict[str, Any]:
    """Whole matches; with `duplicate`, each deal sequence again with the line-up moved round one seat
    per side, so every side of the listing sits in every position on the same deals."""
    sides = rules.sides
    rotations = range(sides if duplicate else 1)
    matches_won = [0] * sides
    hands_won = [0] * sides
    points = [0] * sides
    hands_played = 0
    timings: dict[str, list[float]] = {}
    started = time.perf_counter()
    for m in range(matches):
        for shift in rotations:
            # Entry i of the listing sits at seat (i + shift); its results count for its listed side.
            seat_level = [""] * rules.players
            listed_side = [0] * rules.players
            for i, level in enumerate(levels):
                seat = (i + shift) % rules.players
                seat_level[seat] = level
                listed_side[seat] = rules.teams[i]
            players = [make_player(seat_level[s], seed * 1000 + m * 10 + s, movetime) for s in range(rules.players)]
            table = CpuTable(rules, players, seed * 100_003 + m)
            results = table.play_match()
            for result in results:
                hands_played += 1
                if result.winner_seat is not None:
                    hands_won[listed_side[result.winner_seat]] += 1
                for side, gain in enumerate(result.side_points()):
                    seat = rules.seats_of(side)[0]
                    points[listed_side[seat]] += gain
            winner = table.match.winner
            if winner is not None:
                matches_won[listed_side[rules.seats_of(winner)[0]]] += 1
            for level, values in table.decision_ms.items():
                timings.setdefault(level, []).extend(values)
    elapsed = time.perf_counter() - started
    per_hand = [p / max(1, hands_played) for p in points]
    report: dict[str, Any] = {
        "matches": matches * len(rotations),
        "hands": hands_played,
        "matches_won": matches_won,
        "hands_won": hands_won,
        "mean_points_per_hand": [round(p, 3) for p in per_hand],
        "seconds": round(elapsed, 2),
        "decision_ms": {
            level: {
                "n": len(values),
                "p50": round(statistics.median(values), 3),
                "p95": round(percentile(values, 0.95), 3),
            }
            for level, values in sorted(timings.items())
        },
    }
    if sides == 2:
        report["mean_margin_per_hand"] = round(per_hand[0] - per_hand[1], 3)
    return report


@quiet_exits
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.cli.simulate", description=__doc__)
    parser.add_argument("--preset", required=True)
    parser.add_argument("--players", required=True, help="levels by seat, e.g. hard,medium,hard,medium")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON", help="a host option")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--hands", type=int, help="play this many hands and report throughput")
    group.add_argument("--matches", type=int, help="play this many whole matches")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--duplicate", action="store_true", help="replay every deal with the sides swapped")
    parser.add_argument("--movetime-ms", type=float, default=None, help="hard's thinking time per move")
    parser.add_argument(
        "--jobs", type=int, default=0, help="processes for --hands (default: one per core; 1 = this one)"
    )
    args = parser.parse_args(argv)
    levels = [p.strip() for p in args.players.split(",")]
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        print(f"error: unknown level '{bad[0]}' (choose {', '.join(LEVELS)})", file=sys.stderr)
        return 2
    try:
        options = {}
        for item in args.option:
            key, _, value = item.partition("=")
            options[key] = json.loads(value)
        options.setdefault("players", len(levels))
        rules = build_rules(args.preset, options)
    except (DominoError, json.JSONDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report: dict[str, Any] = {"preset": rules.preset, "players": levels, "seed": args.seed}
    if args.hands is not None:
        jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
        report |= run_hands(rules, levels, args.hands, args.seed, args.movetime_ms, jobs)
    else:
        report |= run_matches(rules, levels, args.matches, args.seed, args.duplicate, args.movetime_ms)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
