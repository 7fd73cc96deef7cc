"""The compiled search core against the pure-Python one, side by side in one process, on the same positions.

Solver: for each preset, positions part-way through seeded hands (random legal play until a few tiles are
left in the hands), each searched for every side by a fresh `PureLineSolver` and a fresh `LineSolver`
(compiled; `PureArmsSolver` and `ArmsSolver` in the cross and spinner games), taking turns, until the position is solved (again, with fresh solvers, until 30 ms were
spent); nodes per second over the searches of one position, and the values, which must be equal. A position
too big for the pure search is searched by both up to CAPPED_NODES nodes instead ("capped": the rate of the long
searches the coach gives up on, where the compiled search's fixed cost a call weighs least). Playouts: `play_out` with the Hard player's noise (3.0) and
uniform (random players), pure `Kernel` against `CompiledKernel`, the same seeded draws for both, taking
turns in short rounds; the outcomes must be equal. Printed as JSON: per preset the median rates and the
median of the per-position (per-round) ratios, and over all presets the medians. Times are the measuring
thread's CPU time (time.thread_time): on a shared machine, the time other processes took is not counted.

    python benchmarks/core_speed.py [--positions 12] [--seed 1] [--presets jamaican,cuban,...]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.engine.analysis.core import core_name
from dominoes_desktop.engine.analysis.playout import CompiledKernel, Kernel
from dominoes_desktop.engine.analysis.solver import (
    ArmsSolver,
    LineSolver,
    MaskSolver,
    OutOfBudget,
    PureArmsSolver,
    PureLineSolver,
    supports_arms,
)
from dominoes_desktop.engine.decisions import AnswerRedeal, DealHand, Lead, RedealOffer
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import CLAIM
from dominoes_desktop.engine.presets import build_rules

# Tiles left in the hands when a position is taken: searches of some 5,000 to 50,000 nodes (the pure
# search solves them in a fraction of a second), the size of the coach's late decisions.
PRESETS = {
    "jamaican": 24,
    "puerto_rican": 22,
    "dominican": 22,
    "block": 23,
    "cutthroat": 24,
    "classic_draw": 13,
    "all_fives": 16,
    "fives_threes": 16,
    "cuban": 28,
    # Cross and spinner games (`ArmsSolver`): solver only, the playout kernel plays line games alone.
    "cross": 13,
    "cross_9": 12,
    "cross_12": 16,  # two 64-bit words a hand in the compiled search
}
PURE_BUDGET = 400_000  # a position the pure search cannot solve within this is left out (for both)
CAPPED_NODES = 200_000  # a position too big for the pure search: each searches this many nodes, then stops
MIN_SECONDS = 0.03  # each solver's searches of a position, repeated until they took this long
PLAYOUT_ROUNDS = 15
# Playouts a round (one position), each kernel for some 30 ms: long enough to time well.
PURE_PLAYOUTS = 1000
COMPILED_PLAYOUTS = 10_000  # the first PURE_PLAYOUTS of them, drawn alike, are compared with the pure ones


def position(preset: str, seed: int, tiles_left: int, most_moves: int = 1000) -> Hand | None:
    """A seeded hand played at random until `tiles_left` tiles are in the hands or `most_moves` moves were
    made (None if it ended)."""
    rules = build_rules(preset)
    match = Match(rules, seed)
    match.apply(None, DealHand())  # dealt from the match's shuffle; no redeal asked, the rules' leader leads
    while match.hand is None:
        pending = match.pending()
        match.apply(None, AnswerRedeal(False) if isinstance(pending, RedealOffer) else Lead(match.default_leader()))
    hand = match.hand
    rng = random.Random(seed)
    moves = 0
    while not hand.is_over and (
        (sum(len(h) for h in hand.hands) > tiles_left and moves < most_moves) or hand.pending is not None
    ):
        hand.apply(CLAIM if hand.pending is not None else rng.choice(hand.legal_moves()))
        moves += 1
    return None if hand.is_over or not hand.layout.placements else hand


def solve(cls: type[MaskSolver], hand: Hand) -> tuple[list[int], int, float]:
    """The values for every side, the nodes and the CPU seconds (searches only, not the set-up), the whole
    solved again with fresh solvers until it took MIN_SECONDS: one search of a millisecond is too short to
    time."""
    values: list[int] = []
    nodes, seconds = 0, 0.0
    gc.collect()  # the last position's garbage is not this one's to collect
    while seconds < MIN_SECONDS:
        values = []
        for side in range(hand.rules.sides):
            solver = cls(hand.rules, list(hand.stock), hand.leader, side)
            solver.budget = PURE_BUDGET
            started = time.thread_time()
            values.append(solver.value(hand, len(hand.stock)))
            seconds += time.thread_time() - started
            nodes += solver.nodes
    return values, nodes, seconds


def capped_rate(cls: type[MaskSolver], hand: Hand) -> float:
    """Nodes per CPU second of a search of side 0 stopped at CAPPED_NODES (or finished sooner)."""
    gc.collect()
    solver = cls(hand.rules, list(hand.stock), hand.leader, 0)
    solver.budget = CAPPED_NODES
    started = time.thread_time()
    with contextlib.suppress(OutOfBudget):
        solver.value(hand, len(hand.stock))
    return solver.nodes / (time.thread_time() - started)


def solver_rates(preset: str, positions: int, seed: int) -> dict[str, object]:
    pure_rates, compiled_rates, ratios = [], [], []
    capped: list[tuple[float, float]] = []  # (pure, compiled) nodes per second on positions too big for pure
    skipped = 0
    for k in range(positions * 3):
        if len(ratios) >= positions:
            break
        hand = position(preset, seed * 10_000 + k, PRESETS[preset])
        if hand is None:
            continue
        pure_cls, fast_cls = (PureArmsSolver, ArmsSolver) if supports_arms(hand.rules) else (PureLineSolver, LineSolver)
        try:
            order: list[type[MaskSolver]] = [pure_cls, fast_cls] if k % 2 == 0 else [fast_cls, pure_cls]
            found = {cls: solve(cls, hand) for cls in order}
        except OutOfBudget:
            skipped += 1
            if len(capped) < positions:
                pair = {cls: capped_rate(cls, hand) for cls in order}
                capped.append((pair[pure_cls], pair[fast_cls]))
            continue
        (pure_values, pure_nodes, pure_s), (fast_values, fast_nodes, fast_s) = found[pure_cls], found[fast_cls]
        if pure_values != fast_values:
            raise SystemExit(f"{preset} seed {seed * 10_000 + k}: pure {pure_values} != compiled {fast_values}")
        pure_rates.append(pure_nodes / pure_s)
        compiled_rates.append(fast_nodes / fast_s)
        ratios.append(compiled_rates[-1] / pure_rates[-1])
    return {
        "positions": len(ratios),
        "too_big_for_pure": skipped,
        "pure_nodes_per_s": round(statistics.median(pure_rates)),
        "compiled_nodes_per_s": round(statistics.median(compiled_rates)),
        "ratio_median": round(statistics.median(ratios), 1),
        **(
            {
                "capped_pure_nodes_per_s": round(statistics.median(p for p, _ in capped)),
                "capped_compiled_nodes_per_s": round(statistics.median(c for _, c in capped)),
                "capped_ratio_median": round(statistics.median(c / p for p, c in capped), 1),
            }
            if capped
            else {}
        ),
    }


def playout_rates(preset: str, seed: int, noise: float | None) -> dict[str, object]:
    rules = build_rules(preset)
    pure, fast = Kernel(rules.set_top, rules.removed_tiles), CompiledKernel(rules.set_top, rules.removed_tiles)
    pure_rates, compiled_rates, ratios = [], [], []
    for round_ in range(PLAYOUT_ROUNDS):
        hand = position(preset, seed * 10_000 + round_, 0, round_ % 8 + 1)  # early to mid-hand, as Hard plays out
        if hand is None:
            continue
        rates = {}
        outcomes = {}
        for kernel in [pure, fast] if round_ % 2 == 0 else [fast, pure]:
            draws = random.Random(round_).random
            count = PURE_PLAYOUTS if kernel is pure else COMPILED_PLAYOUTS
            gc.collect()
            started = time.thread_time()
            outcomes[kernel] = [kernel.run(hand, draws, noise) for _ in range(PURE_PLAYOUTS)]
            for _ in range(count - PURE_PLAYOUTS):  # not kept: as many live outcomes as the pure kernel's
                kernel.run(hand, draws, noise)
            rates[kernel] = count / (time.thread_time() - started)
        if outcomes[pure] != outcomes[fast]:
            raise SystemExit(f"{preset} round {round_}: the kernels' outcomes differ")
        pure_rates.append(rates[pure])
        compiled_rates.append(rates[fast])
        ratios.append(rates[fast] / rates[pure])
    return {
        "pure_playouts_per_s": round(statistics.median(pure_rates)),
        "compiled_playouts_per_s": round(statistics.median(compiled_rates)),
        "ratio_median": round(statistics.median(ratios), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=12, help="solver positions per preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args()
    if core_name() != "compiled":
        raise SystemExit("the compiled search core is not built: nothing to compare (see README, set-up)")
    presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    unknown = [p for p in presets if p not in PRESETS]
    if unknown:
        raise SystemExit(f"unknown preset(s) {', '.join(unknown)}; choose from {', '.join(PRESETS)}")
    report: dict[str, object] = {}
    solver_ratios, hard_ratios, random_ratios = [], [], []
    for preset in presets:
        solver = solver_rates(preset, args.positions, args.seed)
        solver_ratios.append(solver["ratio_median"])
        if supports_arms(build_rules(preset)):
            report[preset] = {"solver": solver}
            print(json.dumps({preset: report[preset]}), file=sys.stderr, flush=True)
            continue
        hard = playout_rates(preset, args.seed, 3.0)
        uniform = playout_rates(preset, args.seed, None)
        report[preset] = {"solver": solver, "playouts_noise_3": hard, "playouts_uniform": uniform}
        hard_ratios.append(hard["ratio_median"])
        random_ratios.append(uniform["ratio_median"])
        print(json.dumps({preset: report[preset]}), file=sys.stderr, flush=True)
    report["median_over_presets"] = {
        "solver_nodes_ratio": statistics.median(solver_ratios),
        "playouts_noise_3_ratio": statistics.median(hard_ratios) if hard_ratios else None,
        "playouts_uniform_ratio": statistics.median(random_ratios) if random_ratios else None,
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
