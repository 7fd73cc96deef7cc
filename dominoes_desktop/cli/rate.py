"""The error rate of a CPU level, or of a seat of a saved match, through the path a person's hands take.

    python -m dominoes_desktop.cli.rate --level LEVEL --preset PRESET --hands N --seed S [--jobs J]
        [--opposition medium] [--movetime-ms MS] [--budget NODES] [--out FILE]
    python -m dominoes_desktop.cli.rate --match FILE --seat N [--seed S] [--jobs J] [--out FILE]

--level: hand i (from 0) is dealt from seed S x 1000003 + i to a fresh match, LEVEL in seat 0 and the
--opposition level (default medium) in every other seat, partner included; each hand is then judged as a
person's is (`rating.judge_hand`: the fair coach on seat 0's decisions, with the judging seed S, and the
hand's luck). The CPUs think on their process's CPU time, so a machine busy with other work weakens no level.
--match: every finished hand of a saved match (.domino, or a replay case) is judged for seat N.

Prints one JSON line: the error rate (`rating`, lower is better; docs/RATING.md), its 95% interval `ci95`,
the `decisions` counted (non-forced) and `forced`, `hands`, the mean luck `luck_mean` and luck-adjusted result
`adjusted_mean` of the seat's side (points of the rules, per hand) with the raw `result_mean`, the spreads
`result_sd` and `adjusted_sd`, and the CPU seconds a hand took to play and to judge. --out writes each hand's
judgement (rating.HandJudgement.to_json), one JSON line each, to FILE.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..engine.analysis.rating import (
    HAND_UNIT,
    RATING_NAME_EN,
    HandJudgement,
    RatingError,
    finished_match,
    judge_hands,
    rate,
)
from ..engine.cases import CaseError, case_record, error_line, read_case
from ..engine.cpu import ANALYSIS_LEVELS, LEVELS, make_player, search
from ..engine.errors import DominoError
from ..engine.inputs import limit_int_conversion
from ..engine.presets import build_rules
from ..engine.record import Record
from ..engine.rules import Rules
from ..session.cpu_table import CpuTable
from .exits import quiet_exits, quiet_worker

MAX_HANDS = 100_000
MAX_JOBS = 32
MAX_SEED = 2**63 - 1
MAX_BUDGET = 10**9
MAX_MOVETIME_MS = 60_000.0
RATED_SEAT = 0
SEED_STRIDE = 1_000_003  # hand i of seed S is dealt from S x SEED_STRIDE + i (as the strength benchmarks do)
PLAYER_SEEDS = 8  # seat s of the hand dealt from D is seeded D x PLAYER_SEEDS + s
RATED_LEVELS = LEVELS + ANALYSIS_LEVELS


@dataclass(frozen=True)
class CpuHands:
    """Some hands of a CPU rating run, for one worker."""

    preset: str
    level: str
    opposition: str
    indexes: tuple[int, ...]
    seed: int
    movetime_ms: float | None
    budget: int | None


@dataclass(frozen=True)
class Rated:
    """One hand rated, and the CPU seconds it took to play and to judge."""

    judged: HandJudgement
    play_seconds: float
    judge_seconds: float


def play_and_judge(task: CpuHands) -> list[Rated]:
    """Play each hand of `task` at a fresh table and judge the rated seat's decisions."""
    search.use_clock(time.process_time)  # the CPUs think on this process's CPU time
    rules = build_rules(task.preset)
    found = []
    for index in task.indexes:
        deal_seed = task.seed * SEED_STRIDE + index
        players = [
            make_player(
                task.level if seat == RATED_SEAT else task.opposition, deal_seed * PLAYER_SEEDS + seat, task.movetime_ms
            )
            for seat in range(rules.players)
        ]
        started = time.process_time()
        table = CpuTable(rules, players, deal_seed)
        table.play_hand(deal_seed=deal_seed)
        played = time.process_time()
        (judged,) = judge_hands(table.match.record, RATED_SEAT, (0,), task.seed, budget=task.budget)
        # The hand's number in the run, not in its one-hand match, so that the hands of a run are told apart.
        judged = renumbered(judged, index)
        found.append(Rated(judged, played - started, time.process_time() - played))
    return found


def renumbered(judged: HandJudgement, index: int) -> HandJudgement:
    return replace(judged, hand=index, decisions=tuple(replace(d, hand=index) for d in judged.decisions))


@dataclass(frozen=True)
class MatchHands:
    record: Record
    seat: int
    hands: tuple[int, ...]
    seed: int
    budget: int | None


def judge_saved(task: MatchHands) -> list[Rated]:
    """Judge some finished hands of a saved match for one seat (the record replayed once)."""
    started = time.process_time()
    judged = judge_hands(task.record, task.seat, task.hands, task.seed, budget=task.budget)
    each = (time.process_time() - started) / max(1, len(judged))
    return [Rated(one, 0.0, each) for one in judged]


def summary(rated: Sequence[Rated]) -> dict[str, Any]:
    """The run's JSON line (without what the caller adds: the level, the preset...)."""
    hands = [r.judged for r in rated]
    rating = rate(hands)
    results = [h.result for h in hands]
    lucks = [h.luck for h in hands]
    adjusted = [h.adjusted() for h in hands]
    family = rating.family
    return {
        "rating": _round(rating.value),
        "ci95": [_round(rating.ci95[0]), _round(rating.ci95[1])],
        "decisions": rating.decisions,
        "forced": sum(d.forced for h in hands for d in h.decisions),
        "hands": rating.hands,
        "provisional": rating.provisional,
        "family": None if family is None else family.value,
        "name": RATING_NAME_EN,
        "hand_unit": None if family is None else HAND_UNIT[family],
        "approximate_share": _round(_share([not d.exact for h in hands for d in h.counted])),
        "result_mean": _round(_mean(results)),
        "luck_mean": _round(_mean(lucks)),
        "adjusted_mean": _round(_mean(adjusted)),
        "result_sd": _round(_sd(results)),
        "luck_sd": _round(_sd(lucks)),
        "adjusted_sd": _round(_sd(adjusted)),
        "play_cpu_s_per_hand": _round(_mean([r.play_seconds for r in rated]), 3),
        "judge_cpu_s_per_hand": _round(_mean([r.judge_seconds for r in rated]), 3),
    }


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else math.nan


def _sd(values: Sequence[float]) -> float:
    return statistics.stdev(values) if len(values) > 1 else math.nan


def _share(flags: Sequence[bool]) -> float:
    return sum(flags) / len(flags) if flags else math.nan


def _round(value: float, places: int = 4) -> float | None:
    """A number for the JSON line (None where there is none: no decision counted, one hand's interval)."""
    return round(value, places) if math.isfinite(value) else None


@contextmanager
def _pool(jobs: int) -> Iterator[ProcessPoolExecutor | None]:
    if jobs <= 1:
        yield None
        return
    context = multiprocessing.get_context("spawn")  # as the coach's tool: no window's threads copied
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=quiet_worker) as pool:
        yield pool


def _parts(count: int, jobs: int, chunk: int = 4) -> list[tuple[int, ...]]:
    """Hand indexes in small interleaved chunks, so that the workers finish together."""
    size = max(1, min(chunk, count // max(1, jobs * 4)))
    return [tuple(range(start, min(count, start + size))) for start in range(0, count, size)]


def run_level(
    rules: Rules,
    level: str,
    opposition: str,
    hands: int,
    seed: int,
    jobs: int,
    movetime_ms: float | None,
    budget: int | None,
) -> list[Rated]:
    tasks = [CpuHands(rules.preset, level, opposition, part, seed, movetime_ms, budget) for part in _parts(hands, jobs)]
    return _run(play_and_judge, tasks, jobs)


def _run(work: Any, tasks: Sequence[Any], jobs: int) -> list[Rated]:
    found: list[Rated] = []
    with _pool(jobs) as pool:
        for part in pool.map(work, tasks) if pool is not None else map(work, tasks):
            found.extend(part)
    return found


def _bounded(parser: argparse.ArgumentParser, name: str, value: float | None, low: float, high: float) -> None:
    if value is not None and not low <= value <= high:
        parser.error(f"{name} must be from {low:g} to {high:g}, not {value:g}")


@quiet_exits
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.cli.rate", description=__doc__)
    parser.add_argument("--level", help=f"the CPU level to rate ({', '.join(RATED_LEVELS)})")
    parser.add_argument("--preset", help="the rules (a preset's name)")
    parser.add_argument("--hands", type=int, help="hands to play and judge")
    parser.add_argument("--opposition", default="medium", help="the level in every other seat (default medium)")
    parser.add_argument("--movetime-ms", type=float, default=None, help="the rated level's thinking time a move")
    parser.add_argument("--match", type=Path, help="a saved match (.domino) or replay case to rate a seat of")
    parser.add_argument("--seat", type=int, help="with --match: the seat to rate (from 0)")
    parser.add_argument("--seed", type=int, default=0, help="deals and judging seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--budget", type=int, default=None, help="the judge's nodes per search (default: the coach's)")
    parser.add_argument("--out", type=Path, help="write each hand's judgement to FILE, one JSON line each")
    limit_int_conversion()
    args = parser.parse_args(argv)
    _bounded(parser, "--jobs", args.jobs, 1, MAX_JOBS)
    _bounded(parser, "--seed", args.seed, 0, MAX_SEED)
    _bounded(parser, "--budget", args.budget, 1, MAX_BUDGET)
    _bounded(parser, "--movetime-ms", args.movetime_ms, 1, MAX_MOVETIME_MS)
    report: dict[str, Any]
    started = time.perf_counter()
    if args.match is not None:
        if args.level is not None or args.preset is not None or args.hands is not None:
            parser.error("--match rates a saved match: leave out --level, --preset and --hands")
        if args.seat is None:
            parser.error("--match needs --seat")
        try:
            record = read_case(args.match, case_record)
        except CaseError as exc:
            print(error_line(exc), file=sys.stderr)
            return 2
        players = record.rules.players
        if not 0 <= args.seat < players:
            parser.error(f"--seat must be from 0 to {players - 1} in this match, not {args.seat}")
        try:
            finished = len(finished_match(record).results)
        except RatingError as exc:
            print(error_line(exc), file=sys.stderr)
            return 2
        parts = [tuple(range(h, finished, args.jobs)) for h in range(min(args.jobs, finished))]
        rated = _run(judge_saved, [MatchHands(record, args.seat, p, args.seed, args.budget) for p in parts], args.jobs)
        rated.sort(key=lambda r: r.judged.hand)
        report = {"match": str(args.match), "seat": args.seat, "preset": record.rules.preset} | summary(rated)
    else:
        if args.seat is not None:
            parser.error("--seat goes with --match")
        if args.level is None or args.preset is None or args.hands is None:
            parser.error("give --level, --preset and --hands (or --match and --seat)")
        for name, level in (("--level", args.level), ("--opposition", args.opposition)):
            if level not in RATED_LEVELS:
                parser.error(f"{name}: unknown level {level!r} (choose {', '.join(RATED_LEVELS)})")
        _bounded(parser, "--hands", args.hands, 1, MAX_HANDS)
        try:
            rules = build_rules(args.preset)
        except DominoError as exc:
            parser.error(str(exc))
        rated = run_level(
            rules, args.level, args.opposition, args.hands, args.seed, args.jobs, args.movetime_ms, args.budget
        )
        report = {
            "level": args.level,
            "preset": rules.preset,
            "opposition": args.opposition,
            "seed": args.seed,
        } | summary(rated)
    report["seconds"] = round(time.perf_counter() - started, 1)
    if args.out is not None:
        try:
            args.out.write_text("".join(json.dumps(r.judged.to_json()) + "\n" for r in rated), encoding="utf-8")
        except OSError as exc:
            print(f"error: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
