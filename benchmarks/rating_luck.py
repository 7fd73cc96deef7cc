"""How well other definitions of a hand's luck would predict its result, on the calibration's hands.

    python benchmarks/rating_luck.py [--dir benchmarks/out/rating] [--presets jamaican,puerto_rican,all_fives]
        [--seed 1] [--playouts 256]

For every hand benchmarks/rating_calibration.py played (its deal rebuilt from the run's seed), the result of
the rated seat's side is set against four measures of the deal's worth to that side:
- `luck`: hand_luck's luck (the reference team, four Medium CPUs, eight plays of the hand exactly as dealt,
  seeded from the deal), the definition used;
- `playouts`: the definition used before: the mean result over 256 playouts of the hand exactly as dealt by
  the playout policy (the heaviest tile that fits, doubles first, with noise), seeded from the deal;
- `own_tiles`: the same, but only the side's own tiles known: the other seats' tiles and the stock shuffled
  anew for every playout (the tile a leader of the other side must pose stays with it);
- `face_up`: the exact value of the deal with every tile known, both sides playing perfectly (double dummy),
  where the solver reaches it within its budget;
(the calibration's hands are each a match's first: the deal decided the lead, so the luck is the centred R).
Prints, per family and measure, the correlation with the result, the measure's spread, and the spread of the
result less the measure (what the luck-adjusted result's spread would be).

    python benchmarks/rating_luck.py --replays 3 --hands 64 [--levels easy,medium,hard] [--presets ...]

instead plays each of the first `--hands` calibration deals `--replays` times with the same CPUs (the level in
seat 0, Medium elsewhere; replay k seeds the players anew), and prints per rules and level: the spread of the
result, the spread of the same deal's results between replays (`within_deal_sd`: what no measure of the deal
alone can take out, since it is the same deal), the deal's share of the result's variance (1 - within/total:
the most any luck of the deal can explain), and for `luck` and `playouts` their correlation with the
first replay's result and the spread of the result less the measure (and less `beta` x the measure, the best
multiple); and, per rules, the correlation between two levels of a deal's worth to each (its mean result over
the replays): whether a deal is worth the same whoever plays it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.rating_calibration import load, playout, start_of
from dominoes_desktop.cli.rate import PLAYER_SEEDS, RATED_SEAT, SEED_STRIDE
from dominoes_desktop.engine.analysis.coach import Judge, budget_for
from dominoes_desktop.engine.analysis.hand_luck import deal_seed, hand_luck
from dominoes_desktop.engine.analysis.playout import play_out
from dominoes_desktop.engine.analysis.solver import OutOfBudget, hand_gains, side_value
from dominoes_desktop.engine.cpu import make_player, search
from dominoes_desktop.engine.cpu.search import ROLLOUT_NOISE
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import Rules
from dominoes_desktop.session.cpu_table import CpuTable

LEVELS = ("easy", "medium", "hard", "expert")


def own_tiles(start: Hand, side: int, playouts: int, rng: random.Random) -> float:
    rules = start.rules
    mine = [s for s in range(rules.players) if rules.teams[s] == side]
    pose = start.forced_pose
    kept = {start.leader: pose} if pose is not None and start.leader not in mine else {}
    pool = [t for s in range(rules.players) if s not in mine for t in start.hands[s] if t != kept.get(s)]
    pool += list(start.stock)
    total = 0.0
    for _ in range(playouts):
        rng.shuffle(pool)
        tiles = iter(pool)
        hands = []
        for s in range(rules.players):
            if s in mine:
                hands.append(tuple(start.hands[s]))
                continue
            fixed = [kept[s]] if s in kept else []
            hands.append(tuple(fixed + [next(tiles) for _ in range(len(start.hands[s]) - len(fixed))]))
        world = Hand(rules, hands, tuple(tiles), start.leader, pose)
        facts = play_out(world, rng.random, ROLLOUT_NOISE)
        total += side_value(hand_gains(rules, facts, facts.end_points), side)
    return total / playouts


def face_up(start: Hand, side: int) -> float | None:
    rules = start.rules
    judge = Judge(rules, start, budget_for(rules))
    leader_side = rules.teams[start.leader]
    try:
        best = max(judge.option_value(start, m, leader_side, True, 0) for m in start.legal_moves())
    except OutOfBudget:
        return None
    return best if leader_side == side else (-best if rules.sides == 2 else None)


def playouts(start: Hand, side: int, count: int) -> float:
    """The playout policy's mean result for `side` over `count` playouts of `start`, seeded from its deal."""
    rules = start.rules
    rng = random.Random(deal_seed(start))
    total = 0.0
    for _ in range(count):
        facts = playout(start, rng)
        total += side_value(hand_gains(rules, facts, facts.end_points), side)
    return total / count


def replayed(rules: Rules, level: str, seed: int, index: int, salt: int) -> float:
    """Calibration hand `index` played again, the players seeded with `salt` added: seat 0's side's result."""
    deal_seed = seed * SEED_STRIDE + index
    players = [
        make_player(level if s == RATED_SEAT else "medium", deal_seed * PLAYER_SEEDS + s + salt)
        for s in range(rules.players)
    ]
    table = CpuTable(rules, players, deal_seed)
    table.play_hand(deal_seed=deal_seed)
    _, played = table.match.archive[0]
    facts = played.outcome_facts()
    return side_value(hand_gains(rules, facts, facts.end_points), rules.teams[RATED_SEAT])


def replays(args: argparse.Namespace) -> dict[str, Any]:
    search.use_clock(time.process_time)  # as the calibration: the CPUs think on this process's CPU time
    report: dict[str, Any] = {}
    for preset in args.presets.split(","):
        rules = build_rules(preset)
        side = rules.teams[RATED_SEAT]
        worth: dict[str, list[float]] = {}
        for level in args.levels.split(","):
            runs: list[list[float]] = []
            measures: dict[str, list[float | None]] = {"luck": [], "playouts": []}
            for index in range(args.hands):
                runs.append([replayed(rules, level, args.seed, index, 7919 * k) for k in range(args.replays)])
                start = start_of(rules, level, args.seed, index)
                measures["luck"].append(hand_luck(start, True)[side])
                measures["playouts"].append(playouts(start, side, args.playouts))
            every = [r for run in runs for r in run]
            within = statistics.fmean(statistics.variance(run) for run in runs)
            first = [run[0] for run in runs]
            cell: dict[str, Any] = {
                "hands": len(runs),
                "replays": args.replays,
                "result_sd": round(statistics.stdev(every), 3),
                "within_deal_sd": round(math.sqrt(within), 3),
                "deal_share": round(1.0 - within / statistics.variance(every), 3),
            }
            for name, values in measures.items():
                ys = [v for v in values if v is not None]
                beta = statistics.covariance(first, ys) / statistics.variance(ys)
                cell[name] = _row(first, values) | {
                    "beta": round(beta, 3),
                    "result_less_beta_measure_sd": round(
                        statistics.stdev([x - beta * y for x, y in zip(first, ys, strict=True)]), 3
                    ),
                }
            report[f"{preset}/{level}"] = cell
            worth[level] = [statistics.fmean(run) for run in runs]
            print(json.dumps({f"{preset}/{level}": cell}), file=sys.stderr, flush=True)
        # Whether a deal is worth the same to different players: its mean result over the replays, level by level.
        report[f"{preset}/deal_worth_corr"] = {
            f"{a}/{b}": round(statistics.correlation(worth[a], worth[b]), 3)
            for a, b in itertools.combinations(worth, 2)
        }
        print(json.dumps({preset: report[f"{preset}/deal_worth_corr"]}), file=sys.stderr, flush=True)
    return report


def _row(results: list[float], measure: list[float | None]) -> dict[str, Any]:
    pairs = [(r, m) for r, m in zip(results, measure, strict=True) if m is not None]
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    return {
        "hands": len(pairs),
        "corr": round(statistics.correlation(xs, ys), 3),
        "measure_sd": round(statistics.stdev(ys), 3),
        "result_sd": round(statistics.stdev(xs), 3),
        "result_less_measure_sd": round(statistics.stdev([x - y for x, y in pairs]), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=Path("benchmarks/out/rating"))
    parser.add_argument("--presets", default="jamaican,puerto_rican,all_fives")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=256)
    parser.add_argument("--replays", type=int, default=0, help="play each deal this many times (see above)")
    parser.add_argument("--hands", type=int, default=64, help="with --replays: the first HANDS deals")
    parser.add_argument("--levels", default="easy,medium,hard", help="with --replays: the levels in seat 0")
    args = parser.parse_args()
    if args.replays:
        if args.replays < 2:
            parser.error("--replays needs at least 2 plays of a deal")
        print(json.dumps(replays(args)))
        return
    report = {}
    for preset in args.presets.split(","):
        rules = build_rules(preset)
        results: list[float] = []
        measures: dict[str, list[float | None]] = {"luck": [], "playouts": [], "own_tiles": [], "face_up": []}
        for level in LEVELS:
            for judged in load(args.dir, preset, level):
                start = start_of(rules, level, args.seed, judged.hand)
                side = rules.teams[RATED_SEAT]
                results.append(judged.result)
                measures["luck"].append(hand_luck(start, True)[side])
                measures["playouts"].append(playouts(start, side, args.playouts))
                measures["own_tiles"].append(own_tiles(start, side, args.playouts, random.Random(judged.hand)))
                measures["face_up"].append(face_up(start, side))
        report[preset] = {name: _row(results, values) for name, values in measures.items()}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
