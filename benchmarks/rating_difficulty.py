"""Why a level's hand ratings correlate with its deal luck: each calibration hand played and judged as a
person's is, with what the rating alone does not keep (issue 33 item 3).

    nice -n 10 python benchmarks/rating_difficulty.py --preset all_fives --levels hard --hands 1000 \
        --rows ROWS.jsonl [--max-minutes 40]                                    # resumable, appends
    python benchmarks/rating_difficulty.py --report ROWS.jsonl [--markdown]

Hand i of a level is the calibration's hand i (rating_calibration.py: seed S x 1000003 + i, the level in
seat 0, Medium in the others; the same judging seed). For every hand a row: the result, the luck split into
the deal's term (`hand_luck` with no draws) and the total (deal and draws, the rating's definition), and for
every non-forced decision of seat 0 the options' values as the fair coach found them (the judge's own
numbers: the loss is the best value less the chosen one's), the loss, and the loss of the option a Medium CPU
picks from the same view (the reference's loss on the same decision).

The report gives, per level, the correlation of a hand's error rate with the deal's luck and with the total
(Fisher's 95% intervals); how the deal's luck goes with the decisions' difficulty (the number of non-forced
decisions, the options' spread, the reference's loss); the correlation within hands of the same number of
decisions (pooled within strata); and the same for two difficulty-relative ratings: the loss less the
reference's on the same decision, and the loss as a share of the options' spread.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.cli.rate import PLAYER_SEEDS, RATED_SEAT, SEED_STRIDE
from dominoes_desktop.engine.analysis.coach import recorded_from_archive
from dominoes_desktop.engine.analysis.fair import judge_hand_view
from dominoes_desktop.engine.analysis.hand_luck import hand_luck
from dominoes_desktop.engine.analysis.rating import HAND_UNIT, family_of, ratio_and_error, stock_draws
from dominoes_desktop.engine.analysis.solver import hand_gains, side_value
from dominoes_desktop.engine.analysis.worlds import view_at
from dominoes_desktop.engine.cpu import make_player, search
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable

OPPOSITION = "medium"
REFERENCE = "medium"  # the level whose choice on the same decision is the difficulty's yardstick


def play_row(preset: str, level: str, index: int, seed: int) -> dict[str, Any]:
    """Hand `index` of the calibration played, judged, and its luck split (see the module's docstring)."""
    rules = build_rules(preset)
    deal_seed = seed * SEED_STRIDE + index
    players = [
        make_player(level if s == RATED_SEAT else OPPOSITION, deal_seed * PLAYER_SEEDS + s)
        for s in range(rules.players)
    ]
    table = CpuTable(rules, players, deal_seed)
    table.play_hand(deal_seed=deal_seed)
    match = table.match
    deal, played = match.archive[0]
    recorded = recorded_from_archive(rules, 0, deal, played)
    side = rules.teams[RATED_SEAT]
    facts = played.outcome_facts()
    result = side_value(hand_gains(rules, facts, facts.end_points), side)
    draws = stock_draws(recorded, played)
    deal_luck = hand_luck(recorded.start, True, None)[side]
    total_luck = hand_luck(recorded.start, True, draws)[side]
    decisions = []
    reference = make_player(REFERENCE, deal_seed * PLAYER_SEEDS + 7)
    for fair in judge_hand_view(recorded, (RATED_SEAT,), seed):
        judged = fair.judged
        before = recorded.before(judged.ply)
        pick = reference.decide(view_at(before, RATED_SEAT)).move
        texts = [m.notation() for m in judged.options]
        ref_value = (
            judged.values[judged.options.index(pick)]
            if pick in judged.options
            else (judged.values[texts.index(pick.notation())] if pick.notation() in texts else None)
        )
        top = max(judged.values)
        decisions.append(
            {
                "ply": judged.ply,
                "values": [float(v) for v in judged.values],
                "loss": max(0.0, float(judged.loss)),
                "ref_loss": None if ref_value is None else max(0.0, top - float(ref_value)),
            }
        )
    return {
        "level": level,
        "hand": index,
        "result": float(result),
        "deal_luck": deal_luck,
        "luck": total_luck,
        "draws": len(draws),
        "decisions": decisions,
    }


def play(args: argparse.Namespace) -> None:
    search.use_clock(time.process_time)  # the CPUs think on this process's CPU time, as in the calibration
    path: Path = args.rows
    done = set()
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                done.add((row["level"], row["hand"]))
    stop_at = time.time() + args.max_minutes * 60 if args.max_minutes > 0 else math.inf
    for index in range(args.hands):
        for level in args.levels.split(","):
            if (level, index) in done:
                continue
            if time.time() > stop_at:
                return
            row = play_row(args.preset, level, index, args.seed)
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(row | {"preset": args.preset}) + "\n")
        if index % 20 == 19:
            print(f"{time.strftime('%H:%M:%S')} hand {index + 1}", file=sys.stderr, flush=True)


# ---- the report ---------------------------------------------------------------------------------------


def _ranks(values: list[float]) -> list[float]:
    """Each value's rank (from 1; ties get their mean rank)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            ranks[i] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def _corr(xs: list[float], ys: list[float], ranked: bool = False) -> float | None:
    """Pearson's correlation, or Spearman's (of the ranks) when `ranked`."""
    try:
        return statistics.correlation(_ranks(xs), _ranks(ys)) if ranked else statistics.correlation(xs, ys)
    except statistics.StatisticsError:
        return None


def _with_ci(xs: list[float], ys: list[float], n_strata: int = 0, ranked: bool = False) -> dict[str, Any]:
    """The correlation (Pearson's, or Spearman's when `ranked`) with its 95% interval (Fisher's z, `n_strata`
    degrees more lost when pooled within groups or with controls held fixed)."""
    r = _corr(xs, ys, ranked)
    n = len(xs) - n_strata
    if r is None or n < 4 or abs(r) >= 1:
        return {"r": r, "ci95": [None, None], "n": len(xs)}
    z, half = math.atanh(r), 1.959964 / math.sqrt(n - 3)
    return {"r": round(r, 3), "ci95": [round(math.tanh(z - half), 3), round(math.tanh(z + half), 3)], "n": len(xs)}


def _within(groups: dict[Any, list[tuple[float, float]]]) -> dict[str, Any]:
    """The correlation pooled within groups: each group's pairs less the group's means."""
    xs, ys = [], []
    kept = 0
    for pairs in groups.values():
        if len(pairs) < 2:
            continue
        kept += 1
        mx = statistics.fmean(p[0] for p in pairs)
        my = statistics.fmean(p[1] for p in pairs)
        xs.extend(p[0] - mx for p in pairs)
        ys.extend(p[1] - my for p in pairs)
    return _with_ci(xs, ys, kept)


def _residuals(ys: list[float], controls: list[list[float]]) -> list[float]:
    """`ys` less their least-squares fit on `controls` (with an intercept): normal equations, solved by
    Gaussian elimination (a handful of columns)."""
    columns = [[1.0] * len(ys), *controls]
    k = len(columns)
    a = [[sum(x * y for x, y in zip(columns[i], columns[j], strict=True)) for j in range(k)] for i in range(k)]
    b = [sum(x * y for x, y in zip(columns[i], ys, strict=True)) for i in range(k)]
    for i in range(k):
        pivot = max(range(i, k), key=lambda r: abs(a[r][i]))
        a[i], a[pivot], b[i], b[pivot] = a[pivot], a[i], b[pivot], b[i]
        for r in range(k):
            if r != i and a[i][i]:
                f = a[r][i] / a[i][i]
                a[r] = [x - f * y for x, y in zip(a[r], a[i], strict=True)]
                b[r] -= f * b[i]
    coef = [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]
    return [y - sum(c * col[n] for c, col in zip(coef, columns, strict=True)) for n, y in enumerate(ys)]


def _partial(xs: list[float], ys: list[float], controls: list[list[float]]) -> dict[str, Any]:
    """The correlation of `xs` and `ys` with `controls` held fixed (each less its fit on them)."""
    return _with_ci(_residuals(xs, controls), _residuals(ys, controls), len(controls))


def _by_fifth(luck: list[float], values: list[float]) -> list[float] | None:
    """The mean of `values` over each fifth of the hands by `luck`, the unluckiest first."""
    if len(values) < 5:
        return None
    order = sorted(range(len(values)), key=lambda i: luck[i])
    size = len(order) // 5
    return [round(statistics.fmean(values[i] for i in order[k * size : (k + 1) * size]), 3) for k in range(5)]


def _half_width(clusters: list[tuple[float, int]]) -> float | None:
    """The 95% half-width of a rating over these hands (each its summed loss and decisions: rating.py's)."""
    if len(clusters) < 2:
        return None
    _, error = ratio_and_error(clusters)
    return round(1.959964 * error, 3)


def _by_half(luck: list[float], values: list[float]) -> list[float] | None:
    """The mean of `values` over the unluckier and over the luckier half of the hands (by `luck`)."""
    if len(values) < 2:
        return None
    order = sorted(range(len(values)), key=lambda i: luck[i])
    half = len(order) // 2
    return [
        round(statistics.fmean(values[i] for i in order[:half]), 3),
        round(statistics.fmean(values[i] for i in order[half:]), 3),
    ]


def report(path: Path) -> dict[str, Any]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    out: dict[str, Any] = {}
    for level in sorted({r["level"] for r in rows}, key=["easy", "medium", "hard", "expert"].index):
        mine = [r for r in rows if r["level"] == level and r["decisions"]]
        unit = HAND_UNIT[family_of(build_rules(mine[0]["preset"]))]
        scale = 100.0 / unit

        rate_h = [scale * statistics.fmean(d["loss"] for d in r["decisions"]) for r in mine]
        deal = [r["deal_luck"] for r in mine]
        total = [r["luck"] for r in mine]
        count = [float(len(r["decisions"])) for r in mine]
        spread = [statistics.fmean(max(d["values"]) - min(d["values"]) for d in r["decisions"]) for r in mine]
        with_ref = [r for r in mine if all(d["ref_loss"] is not None for d in r["decisions"])]
        ref_rate = [scale * statistics.fmean(d["ref_loss"] for d in r["decisions"]) for r in with_ref]
        excess = [scale * statistics.fmean(d["loss"] - d["ref_loss"] for d in r["decisions"]) for r in with_ref]
        share = [
            statistics.fmean(d["loss"] / s if (s := max(d["values"]) - min(d["values"])) > 1e-9 else 0.0 for d in ds)
            for ds in (r["decisions"] for r in mine)
        ]
        by_count: dict[int, list[tuple[float, float]]] = {}
        for r, x, y in zip(mine, rate_h, deal, strict=True):
            by_count.setdefault(min(len(r["decisions"]), 7), []).append((x, y))
        half = sorted(range(len(mine)), key=lambda i: deal[i])
        low, high = half[: len(half) // 2], half[len(half) // 2 :]
        out[level] = {
            "hands": len(mine),
            "rating": round(scale * statistics.fmean(d["loss"] for r in mine for d in r["decisions"]), 3),
            "corr_rate_deal_luck": _with_ci(rate_h, deal),
            "corr_rate_total_luck": _with_ci(rate_h, total),
            "ranked_corr_rate_deal_luck": _with_ci(rate_h, deal, ranked=True),
            "ranked_corr_rate_total_luck": _with_ci(rate_h, total, ranked=True),
            "hands_with_a_loss": sum(1 for x in rate_h if x > 0),
            "corr_deal_luck_decisions": _with_ci(deal, count),
            "corr_deal_luck_spread": _with_ci(deal, spread),
            "corr_rate_spread": _with_ci(rate_h, spread),
            "corr_deal_luck_reference_rate": _with_ci([r["deal_luck"] for r in with_ref], ref_rate),
            "corr_rate_deal_luck_same_decisions": _within(by_count),
            "corr_excess_deal_luck": _with_ci([r["deal_luck"] for r in with_ref], excess),
            "corr_excess_total_luck": _with_ci([r["luck"] for r in with_ref], excess),
            "corr_share_deal_luck": _with_ci(share, deal),
            "corr_rate_deal_luck_given_decisions_spread": _partial(rate_h, deal, [count, spread]),
            "corr_rate_deal_luck_given_reference_rate": _partial(
                [rate_h[i] for i, r in enumerate(mine) if r in with_ref], [r["deal_luck"] for r in with_ref], [ref_rate]
            ),
            "corr_rate_reference_rate": _with_ci([rate_h[i] for i, r in enumerate(mine) if r in with_ref], ref_rate),
            "rate_by_deal_fifth": _by_fifth(deal, rate_h),
            "corr_decision_loss_deal_luck_by_ply": {
                f"{low}-{high - 1}": _with_ci(
                    [d["loss"] for r in mine for d in r["decisions"] if low <= d["ply"] < high],
                    [r["deal_luck"] for r in mine for d in r["decisions"] if low <= d["ply"] < high],
                )
                for low, high in ((0, 8), (8, 16), (16, 999))
            },
            "half_width_95": _half_width(
                [(scale * sum(d["loss"] for d in r["decisions"]), len(r["decisions"])) for r in mine]
            ),
            "excess_half_width_95": _half_width(
                [
                    (scale * sum(d["loss"] - d["ref_loss"] for d in r["decisions"]), len(r["decisions"]))
                    for r in with_ref
                ]
            ),
            "reference_hands": len(with_ref),
            "excess_rating": round(statistics.fmean(excess), 3) if excess else None,
            "decisions_unluckier_half": round(statistics.fmean(count[i] for i in low), 3),
            "decisions_luckier_half": round(statistics.fmean(count[i] for i in high), 3),
            "spread_unluckier_half": round(statistics.fmean(spread[i] for i in low), 3),
            "spread_luckier_half": round(statistics.fmean(spread[i] for i in high), 3),
            "reference_rate_by_deal_half": _by_half([r["deal_luck"] for r in with_ref], ref_rate),
            "rate_by_deal_half": _by_half(deal, rate_h),
            "excess_by_deal_half": _by_half([r["deal_luck"] for r in with_ref], excess),
        }
    return out


def markdown(found: dict[str, Any]) -> str:
    """docs/RATING.md's table: per level, a hand's error rate against the deal's luck and the total luck."""

    def cell(c: dict[str, Any]) -> str:
        return f"{c['r']:+.3f} [{c['ci95'][0]:+.3f}, {c['ci95'][1]:+.3f}]"

    lines = [
        "| level | hands | rating | corr(rate, deal's luck) | corr(rate, total luck) | ranks: deal's | ranks: total |",
        "|---|---:|---:|---|---|---|---|",
    ]
    for level, c in found.items():
        lines.append(
            f"| {level} | {c['hands']} | {c['rating']} | {cell(c['corr_rate_deal_luck'])} "
            f"| {cell(c['corr_rate_total_luck'])} | {cell(c['ranked_corr_rate_deal_luck'])} "
            f"| {cell(c['ranked_corr_rate_total_luck'])} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="all_fives")
    parser.add_argument("--levels", default="hard")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-minutes", type=float, default=0.0)
    parser.add_argument("--rows", type=Path, help="the rows file to append to")
    parser.add_argument("--report", type=Path, help="only report on a rows file")
    parser.add_argument("--markdown", action="store_true", help="--report: docs/RATING.md's table")
    args = parser.parse_args()
    if args.report is not None:
        found = report(args.report)
        print(markdown(found) if args.markdown else json.dumps(found, indent=1))
        return
    if args.rows is None:
        parser.error("give --rows FILE (or --report FILE)")
    play(args)


if __name__ == "__main__":
    main()
