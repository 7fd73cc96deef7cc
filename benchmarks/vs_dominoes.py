"""Our CPU against the PyPI package `dominoes` 6.1.0 in its own engine, with duplicate deals.

Its engine plays Puerto Rican rules: 4 players in partnerships, 6-6 poses the hand, a domino scores
every pip left, a locked hand goes to the lighter team for both teams' pips. Its strongest fair
player is `players.probabilistic_alphabeta`: it samples hidden hands consistent with the passes and
runs alpha-beta on each (`--opponent random`: its random player instead). Our side plays through the bot
protocol (`python -m dominoes_desktop.engine.bot --level hard`), seeing only what its seat may see. Every
deal is played twice, once from each side of the table, so deal luck cancels.

    python benchmarks/vs_dominoes.py [--deals 100] [--sample-size 2] [--movetime-ms 150] [--level hard]
        [--opponent alphabeta|random] [--jobs 2] [--max-minutes 0]

Their alpha-beta is pure Python and searches every sampled world to the end: early in a hand one decision
takes it seconds (about 5 s at the first turns on this machine, 10-15 s a hand), which is why a 100-deal
run takes most of an hour on one core. `--jobs` plays deals in that many processes (each with its own
bot), progress goes to stderr every ten deals, and `--max-minutes` stops starting new deals after that
long and reports the deals finished (both plays of each, so the duplicate pairing holds).

Prints JSON: decided hands won by each, our share with its 95% Wilson interval, points per hand for
each side, and the margin with its 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import multiprocessing.util
import random
import statistics
import subprocess
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.confidence import wilson
from dominoes_desktop.engine.cpu import LEVELS


def tile(d: Any) -> str:
    return f"{max(d.first, d.second)}-{min(d.first, d.second)}"


class Bot:
    """Our CPU over the bot protocol."""

    def __init__(self, seed: int, movetime: float | None, level: str = "hard") -> None:
        command = [sys.executable, "-m", "dominoes_desktop.engine.bot", "--level", level, "--seed", str(seed)]
        if movetime is not None:
            command += ["--movetime-ms", str(movetime)]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, request: dict[str, Any]) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"bot error: {answer['error']} for {request}")
        return str(answer["move"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def public_moves(game: Any) -> list[dict[str, Any]]:
    """Their move list (dominoes placed left or right, None for a pass) in replay notation, by seat."""
    import dominoes

    board = dominoes.Board()
    seat = game.starting_player
    moves = []
    for entry in game.moves:
        if entry is None:
            moves.append({"seat": seat, "move": "pass"})
        else:
            domino, left = entry
            if len(board) == 0:
                moves.append({"seat": seat, "move": tile(domino)})
            else:
                end = board.left_end() if left else board.right_end()
                moves.append({"seat": seat, "move": f"{tile(domino)}@{end}"})
            board.add(domino, left)
        seat = (seat + 1) % 4
    return moves


def our_move(bot: Bot, game: Any) -> tuple[Any, bool]:
    seat = game.turn
    request = {
        "preset": "puerto_rican",
        "options": {},
        "hand_index": 0,
        "seat": seat,
        "hand": [tile(d) for d in game.hands[seat]],
        "leader": game.starting_player,
        "moves": public_moves(game),
        "scores": [0, 0],
        "hand_sizes": [len(h) for h in game.hands],
        "stock": 0,
    }
    answer = bot.ask(request)
    text, _, end = answer.partition("@")
    for domino, left in game.valid_moves:
        if tile(domino) != text:
            continue
        if not end or len(game.board) == 0:
            return domino, left
        side_end = game.board.left_end() if left else game.board.right_end()
        if str(side_end) == end:
            return domino, left
    raise RuntimeError(f"bot answered {answer}, not among {game.valid_moves}")


def play(deal_seed: int, ours_team: int, bot: Bot, sample_size: int, opponent: str = "alphabeta") -> int:
    """One hand; returns its points from our team's point of view (positive: we won)."""
    import dominoes
    from dominoes import players

    random.seed(deal_seed)
    game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
    theirs = players.probabilistic_alphabeta(sample_size=sample_size) if opponent == "alphabeta" else players.random
    while game.result is None:
        if game.turn % 2 == ours_team:
            game.make_move(*our_move(bot, game))
        else:
            theirs(game)
            game.make_move(*game.valid_moves[0])
    points = int(game.result.points)  # positive when players 0 and 2 won
    return points if ours_team == 0 else -points


_BOT: list[Bot] = []  # one per worker process, for all the deals it plays


def _close_bot() -> None:
    for bot in _BOT:
        bot.close()


def play_deal(job: tuple[int, int, float | None, str, int, str]) -> tuple[int, list[int]]:
    """Both plays of one deal (our team on each side), in a worker process with its own bot."""
    seed, d, movetime, level, sample_size, opponent = job
    if not _BOT:
        _BOT.append(Bot(seed, movetime, level))
        # Closed when the worker ends (a bot also ends by itself when its input closes).
        multiprocessing.util.Finalize(None, _close_bot, exitpriority=10)
    deal_seed = seed * 100_000 + d
    return d, [play(deal_seed, ours_team, _BOT[0], sample_size, opponent) for ours_team in (0, 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--sample-size", type=int, default=2, help="their hidden-hand samples per decision")
    parser.add_argument("--movetime-ms", type=float, default=None)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--level", choices=LEVELS, default="hard", help="our CPU level")
    parser.add_argument("--opponent", choices=("alphabeta", "random"), default="alphabeta")
    parser.add_argument("--jobs", type=int, default=1, help="deals played at once, each job in its own process")
    parser.add_argument("--max-minutes", type=float, default=0.0, help="start no new deal after this (0: no limit)")
    args = parser.parse_args()
    started = time.perf_counter()
    jobs = [(args.seed, d, args.movetime_ms, args.level, args.sample_size, args.opponent) for d in range(args.deals)]
    by_deal: dict[int, list[int]] = {}
    stopped_early = False
    with ProcessPoolExecutor(max_workers=max(1, args.jobs), mp_context=multiprocessing.get_context("spawn")) as pool:
        pending = {pool.submit(play_deal, job) for job in jobs[: max(1, args.jobs)]}
        queued = len(pending)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                d, points = future.result()
                by_deal[d] = points
                if len(by_deal) % 10 == 0:
                    won = sum(1 for r in by_deal.values() for p in r if p > 0)
                    print(
                        f"{len(by_deal)} deals, {won} of {2 * len(by_deal)} hands won, "
                        f"{time.perf_counter() - started:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                out_of_time = args.max_minutes > 0 and time.perf_counter() - started > 60 * args.max_minutes
                stopped_early = stopped_early or (out_of_time and queued < len(jobs))
                if queued < len(jobs) and not out_of_time:
                    pending.add(pool.submit(play_deal, jobs[queued]))
                    queued += 1
    results = [p for d in sorted(by_deal) for p in by_deal[d]]
    won = sum(1 for r in results if r > 0)
    lost = sum(1 for r in results if r < 0)
    low, high = wilson(won, won + lost)
    ours = [max(r, 0) for r in results]
    theirs = [max(-r, 0) for r in results]
    mean = statistics.fmean(results)
    half = 1.96 * statistics.stdev(results) / math.sqrt(len(results)) if len(results) > 1 else 0.0
    theirs_name = "dominoes_probabilistic_alphabeta" if args.opponent == "alphabeta" else "dominoes_random"
    print(
        json.dumps(
            {
                "deals": len(by_deal),
                "stopped_early": stopped_early,
                "level": args.level,
                "opponent": args.opponent,
                "hands": len(results),
                "their_sample_size": args.sample_size,
                "hands_won": {
                    f"ours_{args.level}": won,
                    theirs_name: lost,
                    "ties": len(results) - won - lost,
                },
                "our_share_of_decided": round(won / max(1, won + lost), 4),
                "share_95ci": [round(low, 4), round(high, 4)],
                "points_per_hand": {
                    "ours": round(statistics.fmean(ours), 2),
                    "theirs": round(statistics.fmean(theirs), 2),
                },
                "margin_per_hand": round(mean, 2),
                "margin_95ci": [round(mean - half, 2), round(mean + half, 2)],
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
