"""Solver nodes a millisecond as the Expert spends them: every option of a seeded mid-hand position judged
in one world (coach.Judge.option_value, the Expert's call), a node budget per search as the Expert sets
it, compiled core and pure Python taking turns on the same positions, in one process. Rate = nodes the
searches visited (a search past its budget counts its budget) over the measuring thread's CPU time.
Prints JSON per preset: the median rate of each core over the positions and the median ratio.

    python benchmarks/expert_node_rate.py [--presets puerto_rican,jamaican] [--positions 10] [--budget 1000000]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core_speed import position

from dominoes_desktop.engine.analysis import solver as solver_module
from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.analysis.solver import OutOfBudget
from dominoes_desktop.engine.hand import Hand

TILES_LEFT = (27, 26, 25, 22, 18)  # the first plays of a 28-tile hand, where the budget decides, and later
PURE_BUDGET = 20_000  # the pure search's world budget at 700 ms (240 nodes/ms): it counts nodes to there


def rate(hand: Hand, budget: int, compiled: bool) -> tuple[int, float]:
    """Nodes and CPU seconds to judge every option of `hand` once with a fresh Judge."""
    saved = solver_module.CompiledSearch
    if not compiled:
        solver_module.CompiledSearch = None
    try:
        judge = Judge(hand.rules, hand, budget)
        side = hand.rules.side_of(hand.turn)
        seconds = 0.0
        for move in hand.legal_moves():
            started = time.thread_time()
            with contextlib.suppress(OutOfBudget):
                judge.option_value(hand, move, side, True, 0)
            seconds += time.thread_time() - started
        return judge.searched, seconds  # every search's nodes (one past its budget counts about its budget)
    finally:
        solver_module.CompiledSearch = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default="puerto_rican,jamaican")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--budget", type=int, default=1_000_000, help="the compiled search's")
    args = parser.parse_args()
    report: dict[str, object] = {}
    for preset in args.presets.split(","):
        by_core: dict[str, list[float]] = {"compiled": [], "pure": []}
        ratios = []
        for k in range(args.positions):
            hand = position(preset, k + 1, TILES_LEFT[k % len(TILES_LEFT)])
            if hand is None:
                continue
            compiled_nodes, compiled_s = rate(hand, args.budget, True)
            pure_nodes, pure_s = rate(hand, PURE_BUDGET, False)
            if compiled_s <= 0 or pure_s <= 0 or compiled_nodes < 1000 or pure_nodes < 1000:
                continue
            by_core["compiled"].append(compiled_nodes / compiled_s / 1000)
            by_core["pure"].append(pure_nodes / pure_s / 1000)
            ratios.append(by_core["compiled"][-1] / by_core["pure"][-1])
        report[preset] = {
            "positions": len(ratios),
            "compiled_nodes_per_ms_median": round(statistics.median(by_core["compiled"])),
            "compiled_nodes_per_ms_min": round(min(by_core["compiled"])),
            "pure_nodes_per_ms_median": round(statistics.median(by_core["pure"])),
            "ratio_median": round(statistics.median(ratios), 1),
        }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
