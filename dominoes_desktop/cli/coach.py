"""Judge every decision of a replay case, one JSON line each.

python -m dominoes_desktop.engine.coach CASE.json [--workers N] [--judge face-up|view] [--worlds] [--seed N]
    [--seat N] [--hands A-B]

--judge face-up (the default here, as before): every tile known, the exact value of each option.
--judge view (the Coach window's way): each option's mean exact value over the worlds the deciding seat could
not tell apart at that moment, weighted by the plays seen; --seed picks the sample, --worlds adds the sample
to each line ("worlds": every seat's tiles but the decider's, the stock, the weight and each option's value
in that world; the weighted mean of those values is the line's "values").

--seat N judges only that seat's decisions (give it again for more seats); --hands A-B (or A) only those hands,
numbered as the lines number them (the first hand is 0). Face-up, a decision is judged the same whatever else
is (under --judge view, --seat may give a decision more worlds: docs/COACH.md).

docs/COACH.md says what each line's fields and values are, exactly enough to check them with another solver.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..engine.analysis.coach import LANES, Judged, hands_of_case, judge_hand
from ..engine.analysis.fair import judge_hand_view
from ..engine.cases import CaseError, error_line, read_case
from ..engine.inputs import limit_int_conversion
from .exits import quiet_exits, quiet_worker

MAX_WORKERS = 32  # more processes than lanes only wait; Windows refuses more than 61
MAX_BUDGET = 10**9  # nodes per search: far past any search that ends in this lifetime


# ---- the command ------------------------------------------------------------------------------------


def coach_case(case: Any, budget: int | None = None) -> list[Judged]:
    found = []
    for recorded in hands_of_case(case):
        found += judge_hand(recorded, budget=budget)
    return found


@quiet_exits
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.engine.coach", description=__doc__)
    parser.add_argument("case", type=Path)
    parser.add_argument("--budget", type=int, default=None, help="nodes per search before estimating")
    parser.add_argument("--timing", action="store_true", help="print each hand's seconds to stderr")
    parser.add_argument(
        "--workers", type=int, default=LANES, help=f"processes for the searches (default {LANES}; 1: this one)"
    )
    parser.add_argument(
        "--judge",
        choices=("face-up", "view"),
        default="face-up",
        help="face-up: every tile known (default); view: by what the deciding seat could know",
    )
    parser.add_argument("--worlds", action="store_true", help="with --judge view: print the worlds sampled")
    parser.add_argument("--seed", type=int, default=0, help="with --judge view: the sampling seed (default 0)")
    parser.add_argument(
        "--seat", type=int, action="append", default=None, help="judge only this seat's decisions (repeatable)"
    )
    parser.add_argument("--hands", type=hand_range, default=None, help="judge only hands A to B (A-B, or A), from 0")
    limit_int_conversion()  # also for --budget, --workers and --seed: a 5,000-digit number is refused, not converted
    args = parser.parse_args(argv)
    if not 1 <= args.workers <= MAX_WORKERS:
        parser.error(f"--workers must be from 1 to {MAX_WORKERS}, not {args.workers}")
    if args.budget is not None and not 1 <= args.budget <= MAX_BUDGET:
        parser.error(f"--budget must be from 1 to {MAX_BUDGET}, not {args.budget}")
    if args.worlds and args.judge != "view":
        parser.error("--worlds needs --judge view")
    try:
        hands = read_case(args.case, hands_of_case)
    except CaseError as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    seats = None if args.seat is None else tuple(sorted(set(args.seat)))
    players = hands[0].rules.players if hands else 0
    outside = [s for s in args.seat or () if not 0 <= s < players]
    if outside and not hands:  # no hand, so no seats to name ("from 0 to -1")
        parser.error(f"--seat {outside[0]}: this case has no hands")
    if outside:  # the seat given, not the list argparse collected
        parser.error(f"--seat must be from 0 to {players - 1} in this case, not {outside[0]}")
    if args.hands is not None:
        first, last = args.hands
        if not hands:
            parser.error(f"--hands {first}-{last}: this case has no hands")
        if last >= len(hands):
            parser.error(f"--hands {first}-{last}: this case has hands 0 to {len(hands) - 1}")
        hands = hands[first : last + 1]
    with worker_pool(args.workers) as pool:
        for recorded in hands:
            started = time.perf_counter()
            lanes = pool.map if pool is not None else None
            if args.judge == "view":
                lines = [
                    fair.as_json(args.worlds)
                    for fair in judge_hand_view(recorded, seats, args.seed, args.budget, lanes)
                ]
            else:
                lines = [one.as_json() for one in judge_hand(recorded, seats, args.budget, map_lanes=lanes)]
            if args.timing:
                print(f"hand {recorded.index}: {time.perf_counter() - started:.2f} s", file=sys.stderr)
            for line in lines:
                print(json.dumps(line))
    return 0


def hand_range(text: str) -> tuple[int, int]:
    """`A-B` or `A` (hands from 0) as (first, last); argparse's error for anything else."""
    first, dash, last = text.partition("-")
    try:
        low, high = int(first), int(last) if dash else int(first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected A-B or A (hand numbers from 0), not {text!r}") from None
    if not 0 <= low <= high:
        raise argparse.ArgumentTypeError(f"expected 0 <= A <= B, not {text!r}")
    return low, high


@contextmanager
def worker_pool(workers: int) -> Iterator[Executor | None]:
    """Worker processes for `judge_hand`'s lanes (None for one: everything in this process). Spawned, not
    forked, so that a window's threads are never copied; for the command line and the window only, the
    engine itself never starts a process."""
    if workers <= 1:
        yield None
        return
    # The workers end with this process, even when it is killed in the middle of a search.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=quiet_worker) as pool:
        yield pool


if __name__ == "__main__":
    sys.exit(main())
