"""Does the window stay responsive while hard CPUs think? A timer probe on the UI thread.

A 5 ms QTimer records the gap between its ticks while a whole hand is played by four hard CPUs in the
real main window (offscreen), at the game's normal pace and at no pace at all. The CPUs think in the
controller's worker process. Prints JSON with the p50, p99 and largest gap (anything over 50 ms would
be a stall a player could feel), and the largest gap once the dealt table is drawn (the first second
holds building and first painting the table, which no CPU thinking causes). "busy" is the UI thread's own CPU
time within a gap: on a loaded machine a gap also holds time the thread waited for a core, which busy leaves out.

    python benchmarks/ui_stall.py
    python benchmarks/ui_stall.py --against REV [--rounds 3]   # before (REV) and after (this tree), one run

With --against, the same probe runs alternately on REV's code (exported by `git archive` into a temporary
folder) and on this tree's, in fresh processes, so both see the same machine load; it prints each side's
median, p99 and largest gap per round and the median of the rounds side by side, with `uptime` before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# --source DIR: measure the game's code in DIR (an exported older revision) instead of this tree's.
sys.path.insert(
    0, sys.argv[sys.argv.index("--source") + 1] if "--source" in sys.argv else str(Path(__file__).resolve().parents[1])
)

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.play.controller import SeatConfig
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings

ROOT = Path(__file__).resolve().parents[1]


def probe(app: QApplication, pace_ms: int) -> dict[str, float]:
    window = MainWindow(Settings(open_settings(Path(tempfile.mkdtemp()))), pace_ms=pace_ms, threaded=True)
    window.resize(1280, 800)
    window.show()
    window.stack.setCurrentWidget(window.game)
    gaps: list[float] = []
    busy: list[float] = []  # the UI thread's own CPU time within each gap: the stall it caused, not the machine
    later: list[float] = []  # gaps after the first second
    started = time.perf_counter()
    last = [started]
    cpu = [time.thread_time()]
    worst = [0.0, 0.0]  # the longest gap and when it ended (seconds into the hand)
    busiest = [0.0, 0.0]  # the busiest gap and when it ended

    def tick() -> None:
        now = time.perf_counter()
        gap = (now - last[0]) * 1000
        gaps.append(gap)
        spent = time.thread_time()
        busy.append((spent - cpu[0]) * 1000)
        cpu[0] = spent
        if busy[-1] > busiest[0]:
            busiest[:] = [busy[-1], now - started]
        if now - started > 1.0:
            later.append(gap)
        if gap > worst[0]:
            worst[:] = [gap, now - started]
        last[0] = now

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(5)
    window.controller.handEnded.connect(lambda _result: app.quit())
    seats = [SeatConfig(f"CPU {i}", False, os.environ.get("STALL_LEVEL", "hard")) for i in range(4)]
    window.controller.new_match(build_rules("jamaican"), seats, 11)
    app.exec()
    timer.stop()
    window.controller.runner.wait(10_000)
    ordered = sorted(gaps)
    return {
        "pace_ms": pace_ms,
        "ticks": len(gaps),
        "p50_ms": round(statistics.median(ordered), 1),
        "p99_ms": round(ordered[int(len(ordered) * 0.99)], 1),
        "max_ms": round(ordered[-1], 1),
        "max_at_s": round(worst[1], 2),
        "max_after_first_second_ms": round(max(later, default=0.0), 1),
        "busy_p99_ms": round(sorted(busy)[int(len(busy) * 0.99)], 1),
        "busy_max_ms": round(max(busy), 1),
        "busy_max_at_s": round(busiest[1], 2),
        "ui_cpu_s": round(sum(busy) / 1000, 2),
        "hand_seconds": round(time.perf_counter() - started, 2),
    }


def measure() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    print(json.dumps([probe(app, 700), probe(app, 0)]))
    sys.stdout.flush()
    os._exit(0)


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def run_tree(source: Path | None) -> list[dict[str, float]]:
    command = [sys.executable, str(Path(__file__).resolve())]
    if source is not None:
        command += ["--source", str(source)]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=900)
    result: list[dict[str, float]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare(revision: str, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        print("before:", uptime())
        sides: dict[str, list[list[dict[str, float]]]] = {"before": [], "after": []}
        for n in range(rounds):
            for side, source in (("before", Path(folder)), ("after", None)):
                result = run_tree(source)
                sides[side].append(result)
                cells = "  ".join(
                    f"pace {r['pace_ms']:>3.0f}: p50 {r['p50_ms']:5.1f} p99 {r['p99_ms']:6.1f} max {r['max_ms']:6.1f}"
                    f" busy max {r.get('busy_max_ms', float('nan')):5.1f} cpu {r.get('ui_cpu_s', float('nan')):4.2f}s"
                    for r in result
                )
                print(f"round {n + 1} {side:6s} {cells}", flush=True)
        print("after: ", uptime())
        print(f"median of {rounds} rounds (ms)      before ({revision})        after (this tree)")
        for i, pace in enumerate((700, 0)):
            for key in ("p50_ms", "p99_ms", "max_ms", "busy_p99_ms", "busy_max_ms", "ui_cpu_s"):
                old = statistics.median(r[i].get(key, float("nan")) for r in sides["before"])
                new = statistics.median(r[i].get(key, float("nan")) for r in sides["after"])
                print(f"  pace {pace:>3} {key:11s} {old:8.2f} {new:26.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--against", metavar="REV", help="also measure this git revision, alternately")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--source", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.against:
        compare(args.against, max(1, args.rounds))
    else:
        measure()


if __name__ == "__main__":
    main()
