"""Does the window stay responsive while hard CPUs think? A timer probe on the UI thread.

A 5 ms QTimer records the gap between its ticks while a whole hand is played by four hard CPUs in the
real main window (offscreen), at the game's normal pace and at no pace at all. The CPUs think in the
controller's worker process. Prints JSON with the p50, p99 and largest gap (anything over 50 ms would
be a stall a player could feel), and the largest gap once the dealt table is drawn (the first second
holds building and first painting the table, which no CPU thinking causes).

    python benchmarks/ui_stall.py
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.controller import SeatConfig
from dominoes_desktop.ui.main_window import MainWindow
from dominoes_desktop.ui.settings import Settings, open_settings


def probe(app: QApplication, pace_ms: int) -> dict[str, float]:
    window = MainWindow(Settings(open_settings(Path(tempfile.mkdtemp()))), pace_ms=pace_ms, threaded=True)
    window.resize(1280, 800)
    window.show()
    window.stack.setCurrentWidget(window.game)
    gaps: list[float] = []
    later: list[float] = []  # gaps after the first second
    started = time.perf_counter()
    last = [started]
    worst = [0.0, 0.0]  # the longest gap and when it ended (seconds into the hand)

    def tick() -> None:
        now = time.perf_counter()
        gap = (now - last[0]) * 1000
        gaps.append(gap)
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
        "hand_seconds": round(time.perf_counter() - started, 2),
    }


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    print(json.dumps([probe(app, 700), probe(app, 0)]))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
