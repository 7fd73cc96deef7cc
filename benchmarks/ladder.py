"""The CPU strength ladder: a round-robin on duplicate deals, as Elo with 95% intervals (docs/STRENGTH.md).

Every pair of players plays the same deals, each deal once from each side of the table (Puerto Rican: the
outside alpha-beta plays those rules only). The game's levels, the fast Expert and the greedy team play in
the game's engine (benchmarks/strength.py); the `dominoes` package's probabilistic alpha-beta (`alphabeta`)
plays in its own engine against our levels through the bot protocol (benchmarks/vs_dominoes.py), on that
engine's deals. Deals are played in rounds (deal 0 of every pair, then deal 1, ...), so a run stopped by
`--max-minutes` leaves every pair with about the same number of deals.

Elo comes from the hands won (a hand with no winner counts for neither): the Bradley-Terry fit of every
pair's hands at once, with half a win each way added to every pair played (so a pair won 40-0 gives a large
but finite gap). Its 95% intervals come from 400 refits on the deals drawn again with replacement within each
pair. Random is fixed at 0. The game's CPUs think on their process's CPU time (the machine is shared: a
loaded wall clock would weaken each level by a different share), and the decision times are CPU time; the
bot-protocol processes that meet alphabeta keep the wall's clock, as at a table.

    python benchmarks/ladder.py [--players random,easy,medium,hard,expert,expert_fast,greedy,alphabeta]
        [--deals 20] [--outside-deals 6] [--jobs 2] [--max-minutes 60] [--write docs/STRENGTH.md]
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import multiprocessing.util
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.confidence import wilson
from dominoes_desktop.cli.simulate import percentile
from dominoes_desktop.engine.cpu import ANALYSIS_LEVELS, LEVELS
from dominoes_desktop.engine.presets import build_rules

PRESET = "puerto_rican"
OUTSIDE = "alphabeta"  # the `dominoes` package's probabilistic alpha-beta, in its own engine
DEFAULT_PLAYERS = ("random", "easy", "medium", "hard", "expert", "expert_fast", "greedy", OUTSIDE)
ANCHOR = "random"
PRIOR_WINS = 0.5  # added each way to every pair played: keeps a one-sided pair's gap finite
BOOTSTRAPS = 400

# One deal of one pair: per hand (strong side first, then swapped), +1 when `first` won it, -1 when
# `second` did, 0 when nobody did; and the decision times by player.
DealResult = tuple[list[int], dict[str, list[float]]]


def play_deal(first: str, second: str, deal: int, seed: int) -> DealResult:
    """Both plays of one deal between `first` and `second` (in a worker process)."""
    if OUTSIDE in (first, second):
        return _outside_deal(second if first == OUTSIDE else first, deal, seed, first == OUTSIDE)
    from benchmarks.strength import make, seat_players, think_ms, use_clock

    use_clock("cpu")  # the CPUs think on their process's CPU time: the machine's other work weakens none
    rules = build_rules(PRESET)
    deal_seed = seed * 1_000_003 + deal
    outcomes: list[int] = []
    timings: dict[str, list[float]] = {}
    for first_side in range(rules.sides):
        levels = [first if rules.teams[s] == first_side else second for s in range(rules.players)]
        players = [make(level, deal_seed + s, None) for s, level in enumerate(levels)]
        table = seat_players(rules, players, deal_seed)
        result = table.play_hand(deal_seed=deal_seed)
        if result.winner_side is None:
            outcomes.append(0)
        else:
            outcomes.append(1 if result.winner_side == first_side else -1)
        for level, values in think_ms(table, players, "cpu").items():
            timings.setdefault(level, []).extend(values)
    return outcomes, timings


_BOTS: dict[str, object] = {}  # one bot-protocol process per level in each worker


def _outside_deal(level: str, deal: int, seed: int, outside_first: bool) -> DealResult:
    """Both plays of one of the `dominoes` engine's deals: our `level` through the bot protocol against
    their alpha-beta (two hidden-hand samples a decision, as in vs_dominoes.py)."""
    from benchmarks import vs_dominoes

    bot = _BOTS.get(level)
    if bot is None:
        bot = _BOTS[level] = vs_dominoes.Bot(seed, None, level)
        multiprocessing.util.Finalize(None, _close_bots, exitpriority=10)
    assert isinstance(bot, vs_dominoes.Bot)
    outcomes = []
    started = time.perf_counter()
    for ours_team in (0, 1):
        points = vs_dominoes.play(seed * 100_000 + deal, ours_team, bot, 2, "alphabeta")
        ours = (points > 0) - (points < 0)
        outcomes.append(-ours if outside_first else ours)
    return outcomes, {f"{level}+{OUTSIDE} (hand, s)": [time.perf_counter() - started]}


def _close_bots() -> None:
    for bot in _BOTS.values():
        bot.close()  # type: ignore[attr-defined]


def fit_elo(wins: Mapping[tuple[str, str], tuple[float, float]], players: Sequence[str]) -> dict[str, float]:
    """Elo of each player from hands won by pair ((a, b) -> (a's wins, b's wins)), Bradley-Terry by
    minorisation-maximisation, with PRIOR_WINS each way per pair; ANCHOR (or the first player) at 0."""
    won = dict.fromkeys(players, 0.0)
    games: dict[str, dict[str, float]] = {p: {} for p in players}
    for (a, b), (wa, wb) in wins.items():
        wa, wb = wa + PRIOR_WINS, wb + PRIOR_WINS
        won[a] += wa
        won[b] += wb
        games[a][b] = games[a].get(b, 0.0) + wa + wb
        games[b][a] = games[b].get(a, 0.0) + wa + wb
    strength = dict.fromkeys(players, 1.0)
    for _ in range(2000):
        new = {
            p: won[p] / sum(n / (strength[p] + strength[q]) for q, n in games[p].items()) if games[p] else 1.0
            for p in players
        }
        scale = math.exp(statistics.fmean(math.log(v) for v in new.values()))
        new = {p: v / scale for p, v in new.items()}
        change = max(abs(math.log(new[p] / strength[p])) for p in players)
        strength = new
        if change < 1e-10:
            break
    anchor = ANCHOR if ANCHOR in players else players[0]
    return {p: 400.0 * math.log10(strength[p] / strength[anchor]) for p in players}


def _tally(deals: Sequence[list[int]]) -> tuple[int, int]:
    first = sum(o == 1 for outcomes in deals for o in outcomes)
    second = sum(o == -1 for outcomes in deals for o in outcomes)
    return first, second


def ladder_table(
    by_pair: Mapping[tuple[str, str], Sequence[list[int]]], players: Sequence[str], seed: int
) -> dict[str, tuple[float, float, float]]:
    """Each player's Elo and its 95% interval, the deals of each pair drawn again BOOTSTRAPS times."""
    elo = fit_elo({pair: _tally(deals) for pair, deals in by_pair.items()}, players)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {p: [] for p in players}
    for _ in range(BOOTSTRAPS):
        again = {pair: _tally([rng.choice(deals) for _ in deals]) for pair, deals in by_pair.items() if deals}
        for p, value in fit_elo(again, players).items():
            draws[p].append(value)
    return {p: (elo[p], percentile(draws[p], 0.025), percentile(draws[p], 0.975)) for p in players}


def run(
    players: Sequence[str], deals: int, outside_deals: int, seed: int, jobs: int, max_minutes: float
) -> tuple[dict[tuple[str, str], list[list[int]]], dict[str, list[float]], float]:
    """Every pair's deals, in rounds, in `jobs` processes; no new deal after `max_minutes` (0: no limit)."""
    # The outside player meets only the game's own levels (they answer through the bot protocol).
    pairs = [
        (a, b)
        for a, b in itertools.combinations(players, 2)
        if OUTSIDE not in (a, b) or {a, b} - {OUTSIDE} <= set(LEVELS + ANALYSIS_LEVELS)
    ]
    tasks = [
        (a, b, d)
        for d in range(max(deals, outside_deals))
        for a, b in pairs
        if d < (outside_deals if OUTSIDE in (a, b) else deals)
    ]
    by_pair: dict[tuple[str, str], list[list[int]]] = {pair: [] for pair in pairs}
    timings: dict[str, list[float]] = {}
    started = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=max(1, jobs), mp_context=context) as pool:
        running: dict[Future[DealResult], tuple[str, str]] = {}
        queue = iter(tasks)
        for a, b, d in itertools.islice(queue, max(1, jobs)):
            running[pool.submit(play_deal, a, b, d, seed)] = (a, b)
        done_count = 0
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                pair = running.pop(future)
                outcomes, times = future.result()
                by_pair[pair].append(outcomes)
                for name, values in times.items():
                    timings.setdefault(name, []).extend(values)
                done_count += 1
                if done_count % 20 == 0:
                    print(
                        f"{done_count} of {len(tasks)} deals, {time.perf_counter() - started:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                if max_minutes <= 0 or time.perf_counter() - started < 60 * max_minutes:
                    task = next(queue, None)
                    if task is not None:
                        running[pool.submit(play_deal, *task, seed)] = (task[0], task[1])
    return by_pair, timings, time.perf_counter() - started


def markdown(
    by_pair: Mapping[tuple[str, str], Sequence[list[int]]],
    players: Sequence[str],
    timings: Mapping[str, Sequence[float]],
    command: str,
    seconds: float,
    seed: int,
) -> str:
    table = ladder_table(by_pair, players, seed)
    hands = {p: sum(len(o) for (a, b), deals in by_pair.items() if p in (a, b) for o in deals) for p in players}
    lines = [
        "# CPU strength ladder",
        "",
        "Made by one command (about an hour on two shared cores; `--max-minutes` bounds it, and the sample",
        "sizes below are the ones reached):",
        "",
        f"    {command}",
        "",
        "A round-robin on duplicate deals of Puerto Rican hands (every deal played once from each side), as Elo",
        "from the hands won, Random fixed at 0; 95% intervals from refits on the deals drawn again. `expert_fast`",
        "is the Expert on a 50 ms clock (analysis and ratings); `greedy` plays the heaviest tile that fits;",
        "`alphabeta` is the `dominoes` package's probabilistic alpha-beta, which plays in its own engine",
        "(benchmarks/ladder.py says how). A gap of 100 Elo is a 64% share of the hands decided between the two.",
        "",
        "| player | Elo | 95% interval | hands |",
        "|---|---:|---|---:|",
    ]
    for p in sorted(players, key=lambda p: -table[p][0]):
        elo, low, high = table[p]
        lines.append(f"| {p} | {elo:.0f} | [{low:.0f}, {high:.0f}] | {hands[p]} |")
    lines += [
        "",
        "## Pairs",
        "",
        "| pair | deals | hands won | first's share of decided hands, 95% interval |",
        "|---|---:|---|---|",
    ]
    for (a, b), deals in by_pair.items():
        if not deals:
            continue
        first, second = _tally(deals)
        low, high = wilson(first, first + second)
        share = first / max(1, first + second)
        lines.append(f"| {a} vs {b} | {len(deals)} | {first}-{second} | {share:.1%} [{low:.1%}, {high:.1%}] |")
    lines += [
        "",
        "## Decision times (CPU ms a decision, forced ones included; alphabeta's pairs are not timed)",
        "",
        "| player | decisions | p50 | p95 |",
    ]
    lines.append("|---|---:|---:|---:|")
    for name, values in sorted(timings.items()):
        if values and "(hand, s)" not in name:
            lines.append(
                f"| {name} | {len(values)} | {statistics.median(values):.1f} | {percentile(values, 0.95):.1f} |"
            )
    lines += ["", f"Run time: {seconds / 60:.0f} minutes.", ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", default=",".join(DEFAULT_PLAYERS))
    parser.add_argument("--deals", type=int, default=20, help="deals per pair in the game's engine")
    parser.add_argument("--outside-deals", type=int, default=6, help="deals per pair against alphabeta")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-minutes", type=float, default=0.0, help="start no new deal after this (0: no limit)")
    parser.add_argument("--write", default="", help="write the ladder (Markdown) to this file")
    args = parser.parse_args()
    players = args.players.split(",")
    from benchmarks.strength import OPPONENTS

    unknown = [p for p in players if p not in (*OPPONENTS, OUTSIDE) or p == "seer"]
    if unknown or len(set(players)) < 2:
        parser.error(f"--players: {', '.join(unknown) or 'two or more'} (choose from {', '.join(DEFAULT_PLAYERS)})")
    by_pair, timings, seconds = run(players, args.deals, args.outside_deals, args.seed, args.jobs, args.max_minutes)
    command = "python benchmarks/ladder.py " + " ".join(sys.argv[1:])
    table = ladder_table(by_pair, players, args.seed)
    print(json.dumps({"elo": {p: [round(v) for v in table[p]] for p in players}, "seconds": round(seconds)}))
    print(json.dumps({f"{a} vs {b}": _tally(d) for (a, b), d in by_pair.items()}))
    if args.write:
        write_ladder(Path(args.write), markdown(by_pair, players, timings, command, seconds, args.seed))


END_OF_LADDER = "<!-- the ladder ends here: benchmarks/ladder.py --write rewrites what is above -->"


def write_ladder(path: Path, ladder: str) -> None:
    """The ladder at the top of `path`, keeping what the file has after END_OF_LADDER (other figures)."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    _, marker, rest = old.partition(END_OF_LADDER)
    path.write_text(f"{ladder.rstrip()}\n\n{END_OF_LADDER}{rest if marker else chr(10)}", encoding="utf-8")


if __name__ == "__main__":
    main()
