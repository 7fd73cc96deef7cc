"""Candidate measures of a hand's luck, side by side on the calibration's hands; and how much the deal decides.

    python benchmarks/rating_luck.py [--dir benchmarks/out/rating] [--presets jamaican,puerto_rican,all_fives]
        [--levels easy,medium,hard,expert] [--measures medium_team,face_up,hard_team] [--every 1]
        [--seed 1] [--hard-worlds 32] [--hard-plays 4] [--playouts 256] [--rows FILE]

For every hand benchmarks/rating_calibration.py played (every `--every`th; its deal rebuilt from the run's seed)
each measure gives the rated seat's side's centred worth of the deal as dealt (every seat's tiles and the stock
in its drawing order, the leader and the forced pose; the calibration's hands are each a match's first, so the
deal decided the lead and the luck is share x that worth):
- `medium_team`: hand_luck's reference, four Medium CPUs, eight plays of the hand seeded from the deal (the
  luck used is LUCK_SHARE of it);
- `face_up`: the exact value of the deal with every tile known and the stock order too, every side playing
  perfectly (double dummy, bridge's par): the compiled solver from the deal, the leader choosing its pose (with
  three sides or more, each side's paranoid value, centred). Deterministic, no playout noise;
- `hard_team`: four Hard CPUs on a fixed number of sampled worlds a decision (`--hard-worlds`, reproducible),
  `--hard-plays` plays seeded from the deal;
- `easy_team`: four Easy CPUs, `--easy-plays` plays seeded from the deal (Easy's worth of a deal agrees best
  with the other levels', benchmarks below);
- `playouts`: the measure used until December 2026: 256 playouts of the playout policy (the heaviest tile that
  fits, doubles first, with noise) seeded from the deal;
- `own_tiles`: the playout policy again, but only the side's own tiles known (the rest shuffled anew each
  playout).
Prints one JSON object: per family, level and measure, the spread (standard deviation) of the results and of
the results less share x the measure for shares 1/2 and 1 (what the luck-adjusted result's spread would be),
the correlation of measure and result, and the median CPU seconds the measure costs a hand. `--rows` writes each
hand's result and measures (one JSON line a hand).

    python benchmarks/rating_luck.py --replays 3 --hands 64 [--levels easy,medium,hard] [--presets ...]

instead plays each of the first `--hands` calibration deals `--replays` times with the same CPUs (the level in
seat 0, Medium elsewhere; replay k seeds the players anew), and prints per rules and level: the spread of the
result, the spread of the same deal's results between replays (`within_deal_sd`: what no measure of the deal
alone can take out, since it is the same deal), the deal's share of the result's variance (1 - within/total:
the most any luck of the deal can explain), and for `luck` and `playouts` their correlation with the
first replay's result and the spread of the result less the measure (and less `beta` x the measure, the best
multiple); and, per rules, the correlation between two levels of a deal's worth to each (its mean result over
the replays): whether a deal is worth the same whoever plays it.

    python benchmarks/rating_luck.py --floor --replays 2 --hands 100 --rows ROWS [--levels ...] [--presets ...]
    python benchmarks/rating_luck.py --floor-report ROWS [--markdown]

plays each of the first `--hands` calibration deals `--replays` times with every level in seat 0 and writes one
JSON line a play to ROWS (resumable): the result, the deal's worth by the Medium team (`medium_team`), an Easy
team (`easy_team`) and the Medium team over shuffled stocks (`medium_shuffled`), and the play's luck of its
draws from the stock (`draws`, hand_luck.draw_luck). The report gives per rules and level the spread of the
results, the floor (the spread between plays of the same deal: what no luck of the deal alone can take out)
and each candidate luck's adjusted spread, today's definition (`hand_luck`) among them; a share marked `fit` is
fitted on the other levels' hands of the same rules, not the level's own (docs/RATING.md).
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.rating_calibration import load, playout, start_of
from dominoes_desktop.cli.rate import PLAYER_SEEDS, RATED_SEAT, SEED_STRIDE
from dominoes_desktop.engine.analysis.coach import Judge, recorded_from_archive
from dominoes_desktop.engine.analysis.hand_luck import (
    DRAW_SHARE,
    DRAWING_DEAL_SHARE,
    LUCK_SHARE,
    LUCK_TEAMS,
    centred,
    deal_seed,
    draw_luck,
    draws_from_stock,
    hand_luck,
    mean_results,
    reference_result,
    shuffled_value,
)
from dominoes_desktop.engine.analysis.playout import play_out
from dominoes_desktop.engine.analysis.rating import family_of, stock_draws
from dominoes_desktop.engine.analysis.solver import OutOfBudget, hand_gains, side_value
from dominoes_desktop.engine.analysis.worlds import view_at
from dominoes_desktop.engine.cpu import make_player, search
from dominoes_desktop.engine.cpu.players import CpuPlayer, HardPlayer
from dominoes_desktop.engine.cpu.search import ROLLOUT_NOISE
from dominoes_desktop.engine.deal import Deal
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.moves import CLAIM
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


FACE_UP_BUDGET = 20_000_000  # solver nodes for the whole hand from the deal (a double-6 hand takes 10^4 to 10^6)


def face_up(start: Hand, side: int) -> float | None:
    """The double-dummy value of the deal for `side`, centred over the sides (None past the node budget)."""
    rules = start.rules
    judge = Judge(rules, start, FACE_UP_BUDGET)
    leader_side = rules.teams[start.leader]
    searched = [0] if rules.sides == 2 else list(range(rules.sides))
    values: list[float] = []
    try:
        for s in searched:
            options = [judge.option_value(start, m, s, True, 0) for m in start.legal_moves()]
            values.append(max(options) if leader_side == s else min(options))  # paranoid with 3 sides or more
    except OutOfBudget:
        return None
    if rules.sides == 2:
        values.append(-values[0])
    return values[side] - statistics.fmean(values)


def hard_team(start: Hand, side: int, worlds: int, plays: int) -> float:
    """Four Hard CPUs on `worlds` sampled worlds a decision: `side`'s centred mean result over `plays` plays
    seeded from the deal."""
    return _team(start, side, plays, lambda seed: HardPlayer(seed, worlds=worlds))


def easy_team(start: Hand, side: int, plays: int) -> float:
    """Four Easy CPUs: `side`'s centred mean result over `plays` plays seeded from the deal."""
    return _team(start, side, plays, lambda seed: make_player("easy", seed))


def _team(start: Hand, side: int, plays: int, player: Callable[[int], CpuPlayer]) -> float:
    return statistics.fmean(_team_plays(start, side, plays, player))


def _team_plays(start: Hand, side: int, plays: int, player: Callable[[int], CpuPlayer]) -> list[float]:
    """`side`'s margin over the sides' mean in each of `plays` plays of `start` by a team of `player`s."""
    rules = start.rules
    base = deal_seed(start)
    values = []
    for k in range(plays):
        seed = base * plays + k
        players = [player(seed * rules.players + s) for s in range(rules.players)]
        hand = start.copy()
        while hand.outcome is None:
            if hand.pending is not None:
                hand.apply(CLAIM)
                continue
            hand.apply_legal(players[hand.turn].decide(view_at(hand, hand.turn)).move)
        facts = hand.outcome_facts()
        gains = hand_gains(rules, facts, facts.end_points)
        sides = [side_value(gains, s) for s in range(rules.sides)]
        values.append(sides[side] - statistics.fmean(sides))
    return values


def playouts(start: Hand, side: int, count: int) -> float:
    """The playout policy's mean result for `side` over `count` playouts of `start`, seeded from its deal."""
    rules = start.rules
    rng = random.Random(deal_seed(start))
    total = 0.0
    for _ in range(count):
        facts = playout(start, rng)
        total += side_value(hand_gains(rules, facts, facts.end_points), side)
    return total / count


def replay_hand(rules: Rules, level: str, seed: int, index: int, salt: int) -> tuple[Deal, Hand]:
    """Calibration hand `index` played again with the players' seeds moved by `salt` (0: as the calibration
    played it): its deal and the hand as it ended."""
    deal_seed = seed * SEED_STRIDE + index
    players = [
        make_player(level if s == RATED_SEAT else "medium", deal_seed * PLAYER_SEEDS + s + salt)
        for s in range(rules.players)
    ]
    table = CpuTable(rules, players, deal_seed)
    table.play_hand(deal_seed=deal_seed)
    return table.match.archive[0]


def replayed(rules: Rules, level: str, seed: int, index: int, salt: int) -> float:
    """Calibration hand `index` played again, the players seeded with `salt` added: seat 0's side's result."""
    _, played = replay_hand(rules, level, seed, index, salt)
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
                measures["luck"].append(hand_luck(start, True, None)[side])
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
    parser.add_argument("--levels", default="easy,medium,hard,expert", help="the levels in seat 0")
    parser.add_argument("--measures", default="medium_team,face_up,hard_team", help=f"of {', '.join(MEASURES)}")
    parser.add_argument("--every", type=int, default=1, help="only every EVERY-th hand (by its index)")
    parser.add_argument("--hard-worlds", type=int, default=32, help="hard_team: sampled worlds a decision")
    parser.add_argument("--hard-plays", type=int, default=4, help="hard_team: plays of a deal")
    parser.add_argument("--easy-plays", type=int, default=32, help="easy_team: plays of a deal")
    parser.add_argument("--rows", type=Path, help="write each hand's result and measures here (JSON lines)")
    parser.add_argument("--floor", action="store_true", help="replay deals, with the luck of each draw (see above)")
    parser.add_argument("--floor-report", type=Path, help="only report on the rows a --floor run wrote")
    parser.add_argument("--markdown", action="store_true", help="--floor-report: docs/RATING.md's table")
    parser.add_argument("--columns", default="", help="--markdown: the candidate lucks shown (comma-separated)")
    args = parser.parse_args()
    if args.floor_report:
        found = floor_report(args.floor_report)
        columns = tuple(args.columns.split(",")) if args.columns else FLOOR_COLUMNS
        print(floor_markdown(found, columns) if args.markdown else json.dumps(found))
        return
    if args.floor:
        if args.replays < 2:
            parser.error("--floor needs --replays 2 or more")
        floor(args)
        print(json.dumps(floor_report(args.rows)))
        return
    if args.replays:
        if args.replays < 2:
            parser.error("--replays needs at least 2 plays of a deal")
        print(json.dumps(replays(args)))
        return
    print(json.dumps(candidates(args)))


def candidates(args: argparse.Namespace) -> dict[str, Any]:
    """Each measure's spreads per family and level (see the module's docstring)."""
    measures = args.measures.split(",")
    unknown = set(measures) - set(MEASURES)
    if unknown:
        raise SystemExit(f"error: unknown measure {sorted(unknown)[0]!r} (choose from {', '.join(MEASURES)})")
    rows_out = args.rows.open("w", encoding="utf-8") if args.rows else None
    report: dict[str, Any] = {}
    for preset in args.presets.split(","):
        rules = build_rules(preset)
        side = rules.teams[RATED_SEAT]
        family = family_of(rules).value
        for level in args.levels.split(","):
            results: list[float] = []
            values: dict[str, list[float | None]] = {m: [] for m in measures}
            seconds: dict[str, list[float]] = {m: [] for m in measures}
            for judged in load(args.dir, preset, level):
                if judged.hand % args.every:
                    continue
                start = start_of(rules, level, args.seed, judged.hand)
                results.append(judged.result)
                row: dict[str, Any] = {"preset": preset, "level": level, "hand": judged.hand, "result": judged.result}
                for m in measures:
                    began = time.process_time()
                    value = MEASURES[m](start, side, args)
                    seconds[m].append(time.process_time() - began)
                    values[m].append(value)
                    row[m] = value
                if rows_out:
                    rows_out.write(json.dumps(row) + "\n")
                    rows_out.flush()
            cell: dict[str, Any] = {"hands": len(results), "result_sd": round(statistics.stdev(results), 3)}
            for m in measures:
                cell[m] = _spreads(results, values[m]) | {"cpu_s_median": round(statistics.median(seconds[m]), 4)}
            report[f"{family}/{level}"] = cell
            print(time.strftime("%H:%M:%S"), json.dumps({f"{family}/{level}": cell}), file=sys.stderr, flush=True)
    return report


def _spreads(results: list[float], measure: list[float | None]) -> dict[str, Any]:
    pairs = [(r, m) for r, m in zip(results, measure, strict=True) if m is not None]
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    return {
        "hands": len(pairs),
        "corr": round(statistics.correlation(xs, ys), 3),
        "adjusted_sd_half": round(statistics.stdev([x - 0.5 * y for x, y in pairs]), 3),
        "adjusted_sd_whole": round(statistics.stdev([x - y for x, y in pairs]), 3),
    }


MEASURES: dict[str, Callable[[Hand, int, argparse.Namespace], float | None]] = {
    "medium_team": lambda start, side, args: centred(reference_result(start))[side],
    "face_up": lambda start, side, args: face_up(start, side),
    "hard_team": lambda start, side, args: hard_team(start, side, args.hard_worlds, args.hard_plays),
    "easy_team": lambda start, side, args: easy_team(start, side, args.easy_plays),
    "playouts": lambda start, side, args: playouts(start, side, args.playouts),
    "own_tiles": lambda start, side, args: own_tiles(start, side, args.playouts, random.Random(deal_seed(start))),
}


# ---- the floor, and luck by chance event (--floor) -------------------------------------------------------------


def _played(rules: Rules, level: str, seed: int, index: int, salt: int) -> tuple[Hand, Hand, Deal]:
    """`replay_hand`, with the hand as dealt."""
    deal, played = replay_hand(rules, level, seed, index, salt)
    return start_of(rules, level, seed, index), played, deal


def _draws(rules: Rules, deal: Deal, played: Hand) -> list[tuple[int, Hand]]:
    """The draws of `played` (dealt as `deal`): each one's ply and the hand just before it (the one walker)."""
    recorded = recorded_from_archive(rules, 0, deal, played)
    return stock_draws(recorded, played)


def floor(args: argparse.Namespace) -> None:
    """Writes one JSON line per replay of each of the first `--hands` calibration deals (see the module's
    docstring, --floor) to `--rows`."""
    search.use_clock(time.process_time)
    if args.rows is None:
        raise SystemExit("error: --floor needs --rows FILE")
    done = set()
    if args.rows.exists():
        for line in args.rows.read_text().splitlines():
            row = json.loads(line)
            done.add((row["preset"], row["level"], row["hand"], row["replay"]))
    with args.rows.open("a", encoding="utf-8") as out:
        for index in range(args.hands):
            for preset in args.presets.split(","):
                rules = build_rules(preset)
                side = rules.teams[RATED_SEAT]
                start = start_of(rules, "medium", args.seed, index)
                deal: dict[str, float] | None = None
                for level in args.levels.split(","):
                    for k in range(args.replays):
                        if (preset, level, index, k) in done:
                            continue
                        if deal is None:
                            deal = deal_measures(start, side, args.easy_plays)
                        dealt, played, deal_tiles = _played(rules, level, args.seed, index, 7919 * k)
                        facts = played.outcome_facts()
                        result = side_value(hand_gains(rules, facts, facts.end_points), side)
                        began = time.process_time()
                        draws = (
                            draw_luck(dealt, _draws(rules, deal_tiles, played))[side]
                            if draws_from_stock(rules)
                            else 0.0
                        )
                        row = {"preset": preset, "level": level, "hand": index, "replay": k, "result": result}
                        row |= deal | {"draws": draws, "draws_cpu_s": time.process_time() - began}
                        out.write(json.dumps(row) + "\n")
                        out.flush()
            print(time.strftime("%H:%M:%S"), f"deal {index} done", file=sys.stderr, flush=True)


MORE_MEDIUM_PLAYS = 24  # the Medium team's plays added to its eight (seeds after hand_luck's): 32 in all


def deal_measures(start: Hand, side: int, easy_plays: int) -> dict[str, float]:
    """A deal's worth to `side` by each reference the --floor rows compare, with the CPU seconds of each: the
    Medium team (hand_luck's eight plays, and 24 more), an Easy team (its mean over the first 8, 16 and all
    `easy_plays` plays), the playout policy, and the Medium team over shuffled stocks."""
    found: dict[str, float] = {}
    began = time.process_time()
    found["medium_team"] = centred(reference_result(start))[side]
    found["medium_team_cpu_s"] = time.process_time() - began
    began = time.process_time()
    base = deal_seed(start)
    more = mean_results(start, [base * LUCK_TEAMS + k for k in range(LUCK_TEAMS, LUCK_TEAMS + MORE_MEDIUM_PLAYS)])
    found["medium_team_32"] = (LUCK_TEAMS * found["medium_team"] + MORE_MEDIUM_PLAYS * centred(more)[side]) / (
        LUCK_TEAMS + MORE_MEDIUM_PLAYS
    )
    found["medium_more_cpu_s"] = time.process_time() - began
    began = time.process_time()
    easy = easy_plays_of(start, side, easy_plays)
    found["easy_cpu_s"] = time.process_time() - began
    found["easy_team"] = statistics.fmean(easy)
    found["easy_team_8"] = statistics.fmean(easy[:8])
    found["easy_team_16"] = statistics.fmean(easy[:16])
    began = time.process_time()
    found["playouts"] = playouts(start, side, 256) - playouts_mean_of_sides(start, 256)
    found["playouts_cpu_s"] = time.process_time() - began
    began = time.process_time()
    found["medium_shuffled"] = shuffled_value(start, deal_seed(start), LUCK_TEAMS)[side]
    found["deal_cpu_s"] = found["medium_team_cpu_s"] + found["easy_cpu_s"] + time.process_time() - began
    return found


def easy_plays_of(start: Hand, side: int, plays: int) -> list[float]:
    """`easy_team`'s plays one by one (the same seeds: their mean is `easy_team(start, side, plays)`)."""
    return _team_plays(start, side, plays, lambda seed: make_player("easy", seed))


def playouts_mean_of_sides(start: Hand, count: int) -> float:
    """The mean over the sides of `playouts` (to centre it as the other measures are)."""
    return statistics.fmean(playouts(start, s, count) for s in range(start.rules.sides))


# Candidate lucks from the --floor rows: (name, the row's measures, fixed shares or None to fit them); a
# candidate whose measures a row lacks (rows written before they were added) is left out.
FLOOR_CANDIDATES: tuple[tuple[str, tuple[str, ...], tuple[float, ...] | None], ...] = (
    ("medium_team_half", ("medium_team",), (0.5,)),
    ("medium_team_whole", ("medium_team",), (1.0,)),
    ("medium_team_fit", ("medium_team",), None),
    ("medium_32_half", ("medium_team_32",), (0.5,)),
    ("medium_32_fit", ("medium_team_32",), None),
    ("panel_whole", ("panel",), (1.0,)),
    ("panel_fit", ("panel",), None),
    ("panel_8_whole", ("panel_8",), (1.0,)),
    ("panel_16_whole", ("panel_16",), (1.0,)),
    ("panel_16_fit", ("panel_16",), None),
    ("medium_easy_fit", ("medium_team", "easy_team"), None),
    ("medium_playouts_fit", ("medium_team", "playouts"), None),
    ("shuffled_half_draws_half", ("medium_shuffled", "draws"), (0.5, 0.5)),
    ("shuffled_draws_fit", ("medium_shuffled", "draws"), None),
    ("panel_draws_fit", ("panel", "draws"), None),
)


def _fit(rows: list[dict[str, Any]], names: tuple[str, ...]) -> tuple[float, ...]:
    """Least-squares shares of `names` for the result (with an intercept), one or two measures."""
    ys = [r["result"] for r in rows]
    xs = [[r[n] for r in rows] for n in names]
    if len(names) == 1 or all(v == 0 for v in xs[1]):
        share = statistics.covariance(ys, xs[0]) / statistics.variance(xs[0])
        return (share,) + (0.0,) * (len(names) - 1)
    a, b, c = statistics.variance(xs[0]), statistics.covariance(xs[0], xs[1]), statistics.variance(xs[1])
    p, q = statistics.covariance(ys, xs[0]), statistics.covariance(ys, xs[1])
    det = a * c - b * b
    return ((c * p - b * q) / det, (a * q - b * p) / det)


def floor_report(path: Path) -> dict[str, Any]:
    """Per rules and level: the spread of the results, the spread between replays of the same deal (the floor
    of any luck of the deal alone) and each candidate luck's adjusted spread; a fitted share is fitted on the
    other levels' hands of the same rules (so a level's figure is not fitted to itself)."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for row in rows:
        row["panel"] = (row["medium_team"] + row["easy_team"]) / 2
        for plays in (8, 16):
            if f"easy_team_{plays}" in row:
                row[f"panel_{plays}"] = (row["medium_team"] + row[f"easy_team_{plays}"]) / 2
    report: dict[str, Any] = {}
    for preset in dict.fromkeys(r["preset"] for r in rows):
        of_preset = [r for r in rows if r["preset"] == preset]
        levels = list(dict.fromkeys(r["level"] for r in of_preset))
        candidates = [c for c in FLOOR_CANDIDATES if all(n in r for r in of_preset for n in c[1])]
        fitted = {
            name: {level: _fit([r for r in of_preset if r["level"] != level], names) for level in levels}
            for name, names, shares in candidates
            if shares is None
        }
        fitted_all = {name: _fit(of_preset, names) for name, names, shares in candidates if shares is None}
        for level in levels:
            cell_rows = [r for r in of_preset if r["level"] == level]
            results = [r["result"] for r in cell_rows]
            by_deal: dict[int, list[float]] = {}
            for r in cell_rows:
                by_deal.setdefault(r["hand"], []).append(r["result"])
            within = statistics.fmean(statistics.variance(v) for v in by_deal.values() if len(v) > 1)
            raw = statistics.stdev(results)
            cell: dict[str, Any] = {
                "deals": len(by_deal),
                "hands": len(results),
                "raw_sd": round(raw, 3),
                "floor_sd": round(math.sqrt(within), 3),
                "floor_change": round(math.sqrt(within) / raw - 1, 3),
                "draws_sd": round(statistics.stdev([r["draws"] for r in cell_rows]), 3),
            }
            # Today's definition (hand_luck): the deal's and the draws' shares where the stock is drawn from.
            today = (
                ("hand_luck", ("medium_shuffled", "draws"), (DRAWING_DEAL_SHARE, DRAW_SHARE))
                if draws_from_stock(build_rules(preset))
                else ("hand_luck", ("medium_team", "easy_team"), (LUCK_SHARE, LUCK_SHARE))
            )
            for name, names, shares in (today, *candidates):
                used = shares if shares is not None else fitted[name][level]
                adjusted = [r["result"] - sum(s * r[n] for s, n in zip(used, names, strict=True)) for r in cell_rows]
                sd = statistics.stdev(adjusted)
                cell[name] = {
                    "sd": round(sd, 3),
                    "change": round(sd / raw - 1, 3),
                    "shares": [round(s, 3) for s in used],
                }
            report[f"{preset}/{level}"] = cell
        report[f"{preset}/shares_fitted_on_every_level"] = {k: [round(s, 3) for s in v] for k, v in fitted_all.items()}
        costs = ("deal_cpu_s", "draws_cpu_s", "medium_team_cpu_s", "medium_more_cpu_s", "easy_cpu_s", "playouts_cpu_s")
        report[f"{preset}/cpu_s_median"] = {
            key.removesuffix("_cpu_s"): round(statistics.median(r[key] for r in of_preset), 4)
            for key in costs
            if all(key in r for r in of_preset)
        }
    return report


FLOOR_COLUMNS = ("medium_team_half", "hand_luck", "panel_whole", "medium_team_fit", "panel_fit", "shuffled_draws_fit")


def floor_markdown(report: dict[str, Any], columns: tuple[str, ...] = FLOOR_COLUMNS) -> str:
    """The floor report as docs/RATING.md's table: each cell's raw spread and its change with each luck (the
    `columns` every cell has)."""
    cells = [cell for cell in report.values() if "raw_sd" in cell]
    shown = tuple(n for n in columns if all(n in cell for cell in cells))
    lines = [
        "| rules | level | deals | raw sd | floor (deal alone) | "
        + " | ".join(n.replace("_", " ") for n in shown)
        + " |",
        "|---|---|---:|---:|---:|" + "---:|" * len(shown),
    ]
    for key, cell in report.items():
        if "raw_sd" not in cell:
            continue
        preset, level = key.split("/")
        changes = " | ".join(f"{100 * cell[n]['change']:+.0f}%" for n in shown)
        lines.append(
            f"| {preset} | {level} | {cell['deals']} | {cell['raw_sd']:.3g} | {100 * cell['floor_change']:+.0f}% | {changes} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
