"""The cost of judging the skill record in the background (issue 33 item 1), measured side by side.

Rounds alternate without and with background judging, in one process and one desktop-shaped pool (one worker for
the CPUs, two kept for jobs, as ui/play/cpu_worker.desktop_pool makes it). In every round:

- the UI thread runs a 2 ms QTimer and records the gap between its ticks (what a frame would wait for), as
  benchmarks/ui_frames.py does, while the store service (its own thread) keeps the queue;
- a thread asks the pool for hard CPU moves on fixed positions, one after another, and records each latency;
- with judging, the statistics database holds queued hands and the store service's judge works through them
  as low-priority jobs in the same pool (session/judging.py).

    python benchmarks/skill_judging.py --rounds 6 --seconds 8

Prints one JSON line: UI gap p99 and CPU move latency (median, p90) without and with judging, their ratios, and
how many hands were judged.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from dominoes_desktop.engine.decisions import DealHand, NextHand, PlayTurn
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_pool import CpuPool
from dominoes_desktop.ui.shell import store_service
from dominoes_desktop.ui.shell.store_service import StoreService


def played(seed: int, hands: int) -> Match:
    """A draw game of `hands` hands played at random (no seals: deals from the match's seed)."""
    match = Match(build_rules("draw", {"target": 1000}), seed)
    rng = random.Random(seed)
    while len(match.results) < hands and not match.is_over:
        pending = match.pending()
        if isinstance(pending, NextHand):
            match.apply(None, DealHand())
        elif isinstance(pending, PlayTurn):
            match.apply(pending.seat, rng.choice(pending.moves))
        else:
            raise SystemExit(f"unexpected decision in a draw game: {pending!r}")
    return match


def positions(count: int) -> list[PlayerView]:
    """Views at a turn early in a hand, where a hard CPU searches longest."""
    found = []
    for seed in range(count):
        match = Match(build_rules("draw", {}), 1000 + seed)
        rng = random.Random(seed)
        turns = 0
        while True:
            pending = match.pending()
            if isinstance(pending, NextHand):
                match.apply(None, DealHand())
            elif isinstance(pending, PlayTurn):
                if turns == 3:
                    found.append(PlayerView.of(match, pending.seat))
                    break
                match.apply(pending.seat, rng.choice(pending.moves))
                turns += 1
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def one_round(
    app: QApplication, pool: CpuPool, views: list[PlayerView], seconds: float, judging: bool
) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="skill-bench-"))
    store = StoreService(folder, threaded=True)
    judged: list[object] = []
    store.handJudged.connect(judged.append)
    store.start()
    if judging:
        for seed in range(12):
            match = played(seed, 3)
            for hand in range(len(match.results)):
                store.queue_hand(
                    store_service.QueuedHand.of(match.record, hand, 0, "Ana", practice=False, duplicate=False)
                )
        store.judge_with(pool.run)
    latencies: list[float] = []
    done = threading.Event()

    def ask() -> None:
        k = 0
        while not done.is_set():
            view = views[k % len(views)]
            began = time.perf_counter()
            pool.think(("bench", view.seat, "hard", k), view).result(timeout=120)
            latencies.append(time.perf_counter() - began)
            k += 1

    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(2)
    timer.timeout.connect(tick)
    timer.start()
    asker = threading.Thread(target=ask, daemon=True)
    asker.start()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        app.processEvents()
        time.sleep(0.0005)
    done.set()
    timer.stop()
    asker.join(120)
    app.processEvents()
    store.close()
    pool.cancel_jobs()
    pool.wait_idle(120)
    return {
        "ui_p99_ms": 1000 * percentile(gaps[5:], 0.99),
        "cpu_median_ms": 1000 * statistics.median(latencies),
        "cpu_p90_ms": 1000 * percentile(latencies, 0.9),
        "moves": len(latencies),
        "judged": len(judged),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="rounds of each kind, alternating")
    parser.add_argument("--seconds", type=float, default=8.0, help="length of a round")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    views = positions(8)
    with CpuPool(workers=3, job_workers=2) as pool:
        pool.start()
        pool.map(time.sleep, [0.0, 0.0])  # the job workers are up before the first round
        rounds: dict[bool, list[dict[str, float]]] = {False: [], True: []}
        for k in range(2 * args.rounds):
            judging = k % 2 == 1
            rounds[judging].append(one_round(app, pool, views, args.seconds, judging))

    def summary(found: list[dict[str, float]]) -> dict[str, float]:
        return {key: round(statistics.median(r[key] for r in found), 2) for key in found[0]}

    without, with_judging = summary(rounds[False]), summary(rounds[True])
    print(
        json.dumps(
            {
                "without": without,
                "with_judging": with_judging,
                "ui_p99_ratio": round(with_judging["ui_p99_ms"] / without["ui_p99_ms"], 3),
                "cpu_median_ratio": round(with_judging["cpu_median_ms"] / without["cpu_median_ms"], 3),
                "cpu_p90_ratio": round(with_judging["cpu_p90_ms"] / without["cpu_p90_ms"], 3),
                "hands_judged_per_round": [r["judged"] for r in rounds[True]],
                "rounds": args.rounds,
                "seconds": args.seconds,
            }
        )
    )


if __name__ == "__main__":
    main()
