"""`decisions_to_judge` (run in every coach worker lane) against the walk it had before the record's walkers
became one, side by side in one process on the same hands: the baseline below is the old code, kept
verbatim (a hand walked move by move on a `Hand`), the other the package's. Prints JSON: median
milliseconds a hand of each, and the median of the per-hand ratios (new / old), alternating which runs first.

    python benchmarks/walker_speed.py [--hands 50] [--repeats 5]"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from walker_golden import played_record

from dominoes_desktop.engine.analysis.coach import claimed_so_far, decisions_to_judge, recorded_from_archive
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.rules import Rules


# ---- the baseline: the hand walk before (engine/record.py hand_steps, coach.decisions_to_judge) ----------
class _Step(NamedTuple):
    ply: int
    seat: int
    before: Hand
    move: Move


def _old_steps(start: Hand, moves: Iterable[Move]) -> Iterator[_Step]:
    hand = start.copy()
    for ply, move in enumerate(moves):
        if move.kind is MoveKind.CLAIM or move.kind is MoveKind.MUGGINS:
            pending = hand.pending
            claimer = move.caller
            if claimer is None:
                claimer = pending.seat if pending is not None else hand.turn
            yield _Step(ply, claimer, hand, move)
            hand.apply(move, None)
            continue
        resolved = hand.resolve(move)
        yield _Step(ply, hand.turn, hand, resolved)
        hand.apply(resolved)


def old_decisions(
    rules: Rules, start: Hand, moves: Sequence[Move], seats: Sequence[int] | None
) -> list[tuple[int, Hand, Move, list[int]]]:
    tally = [0] * rules.sides
    todo: list[tuple[int, Hand, Move, list[int]]] = []
    played: _Step | None = None
    for step in _old_steps(start, moves):
        if played is not None:
            claimed_so_far(rules, step.before, tally, played.move, played.seat)
            played = None
        if step.move.kind in (MoveKind.CLAIM, MoveKind.MUGGINS):
            continue
        hand = step.before
        if (seats is None or step.seat in seats) and len(hand.legal_moves()) > 1:
            todo.append((step.ply, hand.copy(), step.move, list(tally)))
        played = step
    return todo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    hands = []
    for preset, options in (("jamaican", {}), ("all_fives", {}), ("draw", {}), ("cuban", {}), ("cross", {})):
        record = played_record(preset, {**options, "target": 5000}, 3, args.hands // 5)
        match = Match.from_record(record)
        hands += [recorded_from_archive(match.rules, i, d, h) for i, (d, h) in enumerate(match.archive)]
    old_ms: list[float] = []
    new_ms: list[float] = []
    ratios: list[float] = []
    for n, recorded in enumerate(hands):
        start, moves = recorded.start, recorded.moves
        expected = [(p, h.layout.placements, m, t) for p, h, m, t in old_decisions(recorded.rules, start, moves, None)]
        found = [(p, h.layout.placements, m, t) for p, h, m, t in decisions_to_judge(recorded, None)]
        assert found == expected, f"hand {n}: the walks disagree"
        old: list[float] = []
        new: list[float] = []
        for r in range(args.repeats):
            for which in (0, 1) if (n + r) % 2 else (1, 0):
                began = time.perf_counter()
                if which == 0:
                    old_decisions(recorded.rules, start, moves, None)
                    old.append(time.perf_counter() - began)
                else:
                    decisions_to_judge(recorded, None)
                    new.append(time.perf_counter() - began)
        old_ms.append(statistics.median(old) * 1000)
        new_ms.append(statistics.median(new) * 1000)
        ratios.append(new_ms[-1] / old_ms[-1])
    ratios.sort()
    print(
        json.dumps(
            {
                "hands": len(hands),
                "old_ms_median": round(statistics.median(old_ms), 3),
                "new_ms_median": round(statistics.median(new_ms), 3),
                "ratio_median": round(statistics.median(ratios), 3),
                "ratio_p10_p90": [round(ratios[len(ratios) // 10], 3), round(ratios[len(ratios) * 9 // 10], 3)],
            }
        )
    )


if __name__ == "__main__":
    main()
