"""The error rate of each CPU level, per rating family, through the path a person's hands take; and whether
it measures skill rather than luck.

    nice -n 10 python benchmarks/rating_calibration.py [--presets jamaican,puerto_rican,all_fives]
        [--levels easy,medium,hard,expert] [--hands 300] [--seed 1] [--jobs 2] [--max-minutes 0]
        [--dir benchmarks/out/rating] [--write-table]
    python benchmarks/rating_calibration.py --analyse [--dir ...] [--write-table]
    python benchmarks/rating_calibration.py --reluck [--dir ...]     # the hands' luck again (a new definition)

Hand i of every level is the same deal (seed S x 1000003 + i: the levels meet the same deals), played with the
level in seat 0 and Medium in the other seats (`cli.rate.play_and_judge`), then judged as a person's hand is.
The hands are played in rounds of `ROUND` per level and family, so a run stopped by --max-minutes leaves
every cell with about as many hands; each hand's judgement is appended to DIR/PRESET-LEVEL.jsonl as it comes
(a run picks up where the last one stopped: the hands already in the files are not played again).

Prints one JSON object: per family and level the rating, its 95% interval, decisions and hands; whether
neighbouring levels' intervals overlap; for each level its rating on the luckiest and on the unluckiest half of
its hands (by the hand's luck) and the correlation between a hand's own error rate and its luck; the spread
(standard deviation) of raw and luck-adjusted results; and, from the levels' own spreads, the interval's
half-width for a number of decisions (what PROVISIONAL_BELOW is chosen from). --write-table writes the calibration table
the Skill page reads (dominoes_desktop/engine/analysis/rating_levels.py).
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
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.cli.rate import PLAYER_SEEDS, RATED_SEAT, SEED_STRIDE, CpuHands, Rated, play_and_judge
from dominoes_desktop.engine.analysis.hand_luck import LUCK_VERSION, draws_from_stock, hand_luck
from dominoes_desktop.engine.analysis.playout import play_out, supports
from dominoes_desktop.engine.analysis.rating import (
    HAND_UNIT,
    Family,
    HandJudgement,
    family_of,
    rate,
    ratio_and_error,
)
from dominoes_desktop.engine.analysis.solver import hand_gains, side_value
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.cpu.search import ROLLOUT_NOISE, _rollout_move
from dominoes_desktop.engine.deal import Dealer
from dominoes_desktop.engine.hand import Hand, HandOutcome
from dominoes_desktop.engine.match import heaviest_tile_holder, highest_double_holder
from dominoes_desktop.engine.moves import CLAIM
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import Opening, Rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.session.cpu_table import CpuTable

ROUND = 4  # hands per level and family in one round
OPPOSITION = "medium"
TABLE = Path(__file__).resolve().parents[1] / "dominoes_desktop" / "engine" / "analysis" / "rating_levels.py"


def _file(folder: Path, preset: str, level: str) -> Path:
    return folder / f"{preset}-{level}.jsonl"


def load(folder: Path, preset: str, level: str) -> list[HandJudgement]:
    path = _file(folder, preset, level)
    if not path.exists():
        return []
    hands = [HandJudgement.from_json(json.loads(line)) for line in path.read_text().splitlines() if line.strip()]
    return sorted({h.hand: h for h in hands}.values(), key=lambda h: h.hand)


def start_of(rules: Rules, level: str, seed: int, index: int) -> Hand:
    """Hand `index` of a calibration run as dealt (the same table cli.rate.play_and_judge seats)."""
    deal_seed = seed * SEED_STRIDE + index
    players = [
        make_player(level if s == RATED_SEAT else OPPOSITION, deal_seed * PLAYER_SEEDS + s)
        for s in range(rules.players)
    ]
    return CpuTable(rules, players, deal_seed).start_hand(deal_seed=deal_seed).copy()


def reluck(folder: Path, presets: list[str], levels: list[str], seed: int) -> None:
    """Each played hand's luck worked out again with today's hand_luck (its deal rebuilt from the run's seed;
    every calibration hand is a match's first, so the deal decided the lead), its file rewritten. Not for
    rules that draw from the stock (the draws' luck needs the moves played: play those hands again)."""
    for preset in presets:
        rules = build_rules(preset)
        side = rules.teams[RATED_SEAT]
        if draws_from_stock(rules):
            # The draws' luck needs the moves the table made, which the files do not keep (and Hard and the
            # Expert, thinking on the clock, may not play again alike).
            raise SystemExit(f"error: --reluck cannot redo {preset}'s luck (its draws): play its hands again")
        for level in levels:
            path = _file(folder, preset, level)
            if not path.exists():
                continue
            rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
            for row in rows:
                row["luck"] = hand_luck(start_of(rules, level, seed, row["hand"]), True, None)[side]
                row["luck_version"] = LUCK_VERSION
            path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
            print(f"{time.strftime('%H:%M:%S')} {preset}-{level}: {len(rows)} hands", file=sys.stderr, flush=True)


def play(args: argparse.Namespace, presets: list[str], levels: list[str]) -> None:
    folder: Path = args.dir
    folder.mkdir(parents=True, exist_ok=True)
    stop_at = time.time() + args.max_minutes * 60 if args.max_minutes > 0 else math.inf
    with ProcessPoolExecutor(args.jobs) as pool:
        while time.time() < stop_at:
            tasks = []
            for preset in presets:
                for level in levels:
                    done = {h.hand for h in load(folder, preset, level)}
                    todo = [i for i in range(args.hands) if i not in done][:ROUND]
                    for part in (todo[: ROUND // 2], todo[ROUND // 2 :]):
                        if part:
                            tasks.append(
                                (preset, level, CpuHands(preset, level, OPPOSITION, tuple(part), args.seed, None, None))
                            )
            if not tasks:
                break
            futures = [(preset, level, pool.submit(play_and_judge, task)) for preset, level, task in tasks]
            for preset, level, future in futures:
                rated: list[Rated] = future.result()
                with _file(folder, preset, level).open("a", encoding="utf-8") as out:
                    for one in rated:
                        out.write(
                            json.dumps(
                                one.judged.to_json() | {"play_s": one.play_seconds, "judge_s": one.judge_seconds}
                            )
                            + "\n"
                        )
            print(f"{time.strftime('%H:%M:%S')} round done: {len(tasks)} tasks", file=sys.stderr, flush=True)


def _costs(folder: Path, preset: str, level: str) -> tuple[float, float]:
    path = _file(folder, preset, level)
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []
    play_s = [r.get("play_s", 0.0) for r in rows]
    judge_s = [r.get("judge_s", 0.0) for r in rows]
    return (statistics.median(play_s) if play_s else math.nan, statistics.median(judge_s) if judge_s else math.nan)


def _r(value: float, places: int = 3) -> float | None:
    return round(value, places) if math.isfinite(value) else None


def _corr(xs: list[float], ys: list[float]) -> float | None:
    """Pearson's correlation, or None when it is not defined (fewer than two hands, or one side constant)."""
    try:
        return _r(statistics.correlation(xs, ys))
    except statistics.StatisticsError:
        return None


def _fisher(r: float | None, n: int) -> list[float | None]:
    """The 95% interval of a correlation `r` over `n` pairs (Fisher's z)."""
    if r is None or n < 4 or abs(r) >= 1:
        return [None, None]
    z, half = math.atanh(r), 1.959964 / math.sqrt(n - 3)
    return [_r(math.tanh(z - half)), _r(math.tanh(z + half))]


def _hand_rate(hand: HandJudgement) -> float | None:
    counted = hand.counted
    if not counted:
        return None
    return 100.0 * sum(d.loss for d in counted) / len(counted) / HAND_UNIT[hand.family]


def analyse(folder: Path, presets: list[str], levels: list[str]) -> dict[str, Any]:
    report: dict[str, Any] = {"opposition": OPPOSITION, "families": {}}
    pooled: dict[str, list[list[tuple[float, int]]]] = {}  # by family, each level's hands as clusters
    for preset in presets:
        family = family_of(build_rules(preset))
        cells: dict[str, Any] = {}
        every_pair: list[tuple[float, float]] = []  # (a hand's own error rate, its luck), every level
        luck_pairs: list[tuple[float, float]] = []  # (result, luck), every level
        for level in levels:
            hands = load(folder, preset, level)
            if not hands:
                continue
            found = rate(hands)
            results = [h.result for h in hands]
            adjusted = [h.adjusted() for h in hands]
            lucks = [h.luck for h in hands]
            by_luck = sorted(hands, key=lambda h: h.luck)
            half = len(by_luck) // 2
            unlucky, lucky = rate(by_luck[:half]), rate(by_luck[half:])
            pairs = [(r, h.luck) for h in hands if (r := _hand_rate(h)) is not None]
            play_s, judge_s = _costs(folder, preset, level)
            every_pair.extend(pairs)
            luck_pairs.extend((h.result, h.luck) for h in hands)
            counted = [d for h in hands for d in h.counted]
            cells[level] = {
                "rating": _r(found.value),
                "ci95": [_r(found.ci95[0]), _r(found.ci95[1])],
                "decisions": found.decisions,
                "hands": found.hands,
                "luckiest_half": {"rating": _r(lucky.value), "ci95": [_r(lucky.ci95[0]), _r(lucky.ci95[1])]},
                "unluckiest_half": {"rating": _r(unlucky.value), "ci95": [_r(unlucky.ci95[0]), _r(unlucky.ci95[1])]},
                "halves_agree": lucky.ci95[0] <= unlucky.ci95[1] and unlucky.ci95[0] <= lucky.ci95[1],
                "corr_hand_rating_luck": _corr([p[0] for p in pairs], [p[1] for p in pairs]),
                "corr_hand_rating_luck_ci95": _fisher(_corr([p[0] for p in pairs], [p[1] for p in pairs]), len(pairs)),
                "result_mean": _r(statistics.fmean(results)),
                "luck_mean": _r(statistics.fmean(lucks)),
                "adjusted_mean": _r(statistics.fmean(adjusted)),
                "result_sd": _r(statistics.stdev(results)) if len(results) > 1 else None,
                "adjusted_sd": _r(statistics.stdev(adjusted)) if len(adjusted) > 1 else None,
                "luck_sd": _r(statistics.stdev(lucks)) if len(lucks) > 1 else None,
                "corr_result_luck": _corr(results, lucks),
                "approximate_share": _r(sum(not d.exact for d in counted) / max(1, len(counted))),
                "play_cpu_s_median": _r(play_s),
                "judge_cpu_s_median": _r(judge_s),
            }
            pooled.setdefault(family.value, []).append(
                [(sum(d.loss for d in h.counted) * 100.0 / HAND_UNIT[family], len(h.counted)) for h in hands]
            )
        order = [lv for lv in levels if lv in cells]
        overlaps = {
            f"{a}/{b}": not (
                cells[a]["ci95"][1] is not None
                and cells[b]["ci95"][1] is not None
                and (cells[a]["ci95"][1] < cells[b]["ci95"][0] or cells[b]["ci95"][1] < cells[a]["ci95"][0])
            )
            for a, b in itertools.pairwise(order)
        }
        pooled_corr = _corr([p[0] for p in every_pair], [p[1] for p in every_pair])
        report["families"][family.value] = {
            "preset": preset,
            "levels": cells,
            "neighbours_overlap": overlaps,
            "corr_hand_rating_luck_all_levels": pooled_corr,
            "corr_hand_rating_luck_all_levels_ci95": _fisher(pooled_corr, len(every_pair)),
            "corr_result_luck_all_levels": _corr([p[0] for p in luck_pairs], [p[1] for p in luck_pairs]),
        }
    report["half_width_by_decisions"] = {family: _half_widths(levels_hands) for family, levels_hands in pooled.items()}
    return report


def _half_widths(levels: list[list[tuple[float, int]]]) -> dict[str, Any]:
    """The 95% half-width a rating has at n decisions, from each level's own hands: 1.96 x the level's
    per-decision cluster spread / sqrt(n) (the spread is sqrt(decisions) x the standard error of its rating);
    the widest level's (the weakest levels lose most, and most unevenly) and the median level's."""
    spreads, per_hand = [], []
    for clusters in levels:
        if len(clusters) < 3 or not sum(n for _, n in clusters):
            continue
        _, error = ratio_and_error(clusters)
        decisions = sum(n for _, n in clusters)
        spreads.append(error * math.sqrt(decisions))
        per_hand.append(decisions / len(clusters))
    if not spreads:
        return {}
    return {
        "decisions_per_hand": _r(statistics.fmean(per_hand)),
        "half_width_widest": {str(n): _r(1.959964 * max(spreads) / math.sqrt(n)) for n in HALF_WIDTH_AT},
        "half_width_median": {str(n): _r(1.959964 * statistics.median(spreads) / math.sqrt(n)) for n in HALF_WIDTH_AT},
    }


HALF_WIDTH_AT = (50, 100, 200, 300, 500, 1000, 2000)


def write_table(report: dict[str, Any]) -> None:
    """The calibration table as rating.calibration() reads it: per family, each level's rating."""
    table = {
        "opposition": report["opposition"],
        "families": {
            family: {
                "preset": found["preset"],
                "levels": {
                    level: {k: cell[k] for k in ("rating", "ci95", "decisions", "hands")}
                    for level, cell in found["levels"].items()
                },
            }
            for family, found in report["families"].items()
        },
    }
    text = json.dumps(table, indent=1, sort_keys=True)
    TABLE.write_text(
        '"""The CPU levels\' error rates per rating family (benchmarks/rating_calibration.py --write-table; '
        'docs/RATING.md). Read through rating.calibration()."""\n\n'
        f'CALIBRATION_JSON = r"""\n{text}\n"""\n',
        encoding="utf-8",
    )


def opening(rules: Rules, hands: tuple[tuple[Tile, ...], ...], number: int) -> tuple[int, Tile | None]:
    """Who leads a shuffle under the opening rule, and the tile they must pose (as `Match` picks them)."""
    if rules.opening is Opening.RANDOM_TEAM_ANY:
        return number % rules.players, None
    holder = highest_double_holder(hands)
    seat, tile = holder if holder is not None else heaviest_tile_holder(hands)
    return seat, tile if rules.opening.must_pose_double else None


def playout(start: Hand, rng: random.Random) -> HandOutcome:
    """One play of `start` (not changed) by the playout policy: the heaviest tile that fits, doubles first,
    with ROLLOUT_NOISE of noise (the compiled kernel; move by move where it leaves the layout to `Hand`)."""
    if supports(start.rules):
        return play_out(start, rng.random, ROLLOUT_NOISE)
    hand = start.copy()
    while hand.outcome is None:
        if hand.pending is not None:
            hand.apply(CLAIM)  # in playouts everybody claims at once
            continue
        hand.apply_legal(_rollout_move(hand, rng))
    return hand.outcome_facts()


def hand_units(presets: list[str], deals: int = 4000) -> dict[str, Any]:
    """What a hand is worth in each family (what HAND_UNIT rounds): the mean size of a hand's result for
    seat 0's side, every seat the playout policy, over `deals` shuffles, the first hand's opening rule
    picking the leader."""
    found: dict[str, Any] = {}
    for preset in presets:
        rules = build_rules(preset)
        dealer = Dealer(rules)
        rng = random.Random(7)
        sizes = []
        for number in range(deals):
            deal = dealer.deal(number)
            seat, pose = opening(rules, deal.hands, number)
            start = Hand(rules, deal.hands, deal.stock, seat, pose)
            facts = playout(start, rng)
            sizes.append(abs(side_value(hand_gains(rules, facts, facts.end_points), 0)))
        family = family_of(rules)
        found[preset] = {
            "family": family.value,
            "mean_size": _r(statistics.fmean(sizes)),
            "hand_unit": HAND_UNIT[family],
        }
    return found


def markdown(report: dict[str, Any]) -> str:
    """docs/RATING.md's tables from a report."""
    out = ["| family (rules) | level | error rate | 95% interval | decisions | hands |", "|---|---|---:|---|---:|---:|"]
    luck = [
        "| family | level | luckiest half | unluckiest half | agree | corr(hand's rate, luck) [95%] "
        "| raw sd | adjusted sd | corr(result, luck) |",
        "|---|---|---|---|---|---|---:|---:|---:|",
    ]
    cost = [
        "| family | level | play CPU s/hand (median) | judge CPU s/hand (median) | decisions estimated by playouts |",
        "|---|---|---:|---:|---:|",
    ]
    for family, found in report["families"].items():
        for level, c in found["levels"].items():
            out.append(
                f"| {family} ({found['preset']}) | {level} | {c['rating']} | [{c['ci95'][0]}, {c['ci95'][1]}] "
                f"| {c['decisions']} | {c['hands']} |"
            )
            lk, ul = c["luckiest_half"], c["unluckiest_half"]
            luck.append(
                f"| {family} | {level} | {lk['rating']} [{lk['ci95'][0]}, {lk['ci95'][1]}] "
                f"| {ul['rating']} [{ul['ci95'][0]}, {ul['ci95'][1]}] | {'yes' if c['halves_agree'] else 'no'} "
                f"| {c['corr_hand_rating_luck']} [{c['corr_hand_rating_luck_ci95'][0]}, {c['corr_hand_rating_luck_ci95'][1]}] "
                f"| {c['result_sd']} | {c['adjusted_sd']} | {c['corr_result_luck']} |"
            )
            cost.append(
                f"| {family} | {level} | {c['play_cpu_s_median']} | {c['judge_cpu_s_median']} | {c['approximate_share']} |"
            )
        out.append(f"| {family} | neighbours' intervals overlap | {found['neighbours_overlap']} | | | |")
        ci = found["corr_hand_rating_luck_all_levels_ci95"]
        luck.append(
            f"| {family} | all levels | | | | {found['corr_hand_rating_luck_all_levels']} [{ci[0]}, {ci[1]}] "
            f"| | | {found['corr_result_luck_all_levels']} |"
        )
    widths = ["| family | decisions a hand | level | " + " | ".join(f"n = {n}" for n in HALF_WIDTH_AT) + " |"]
    widths.append("|---|---:|---|" + "---:|" * len(HALF_WIDTH_AT))
    for family, w in report["half_width_by_decisions"].items():
        for which in ("widest", "median"):
            cells = " | ".join(str(v) for v in w[f"half_width_{which}"].values())
            widths.append(f"| {family} | {w['decisions_per_hand']} | {which} | {cells} |")
    return "\n\n".join("\n".join(t) for t in (out, luck, cost, widths))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presets", default="jamaican,puerto_rican,all_fives")
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-minutes", type=float, default=0.0)
    parser.add_argument("--dir", type=Path, default=Path("benchmarks/out/rating"))
    parser.add_argument("--analyse", action="store_true", help="only analyse the hands already played")
    parser.add_argument("--write-table", action="store_true")
    parser.add_argument("--markdown", action="store_true", help="print docs/RATING.md's tables instead of JSON")
    parser.add_argument("--hand-units", action="store_true", help="only measure what a hand is worth per family")
    parser.add_argument("--reluck", action="store_true", help="work out the played hands' luck again, then analyse")
    args = parser.parse_args()
    presets = args.presets.split(",")
    levels = args.levels.split(",")
    families = [family_of(build_rules(p)) for p in presets]
    if len(set(families)) != len(families) and not args.hand_units:
        parser.error("one preset a family")
    assert all(isinstance(f, Family) for f in families)
    if args.hand_units:
        print(json.dumps(hand_units(presets)))
        return
    if args.reluck:
        reluck(args.dir, presets, levels, args.seed)
    elif not args.analyse:
        play(args, presets, levels)
    report = analyse(args.dir, presets, levels)
    if args.write_table:
        write_table(report)
    print(markdown(report) if args.markdown else json.dumps(report))


if __name__ == "__main__":
    main()
