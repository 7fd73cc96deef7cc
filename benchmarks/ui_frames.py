"""UI frame times during a hand at 1920x1080: how long the UI thread is busy between two chances to paint.

A 2 ms QTimer records the gap between its ticks while a hand is played with tiles sliding (full motion,
normal speed): one person (played by a stand-in CPU at once when it is their turn) and three medium CPUs
at the game's own pace. Each gap covers whatever ran in between (layout, animation steps, painting), so its
p99 is the frame time a player would feel. Run it on a real display for real painting:

    Xvfb :15 -screen 0 1920x1080x24 &  DISPLAY=:15 python benchmarks/ui_frames.py
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.play.controller import MatchSetup, default_seats
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings


def probe(app: QApplication, preset: str, options: dict[str, object]) -> dict[str, object]:
    window = MainWindow(Settings(open_settings(Path(tempfile.mkdtemp()))), threaded=True)
    window.ask_before_leaving = False
    window.resize(1920, 1080)
    window.show()
    rules = build_rules(preset, options)
    stand_in = make_player("medium", 1)
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append((now - last[0]) * 1000)
        last[0] = now

    def person_turn(seat: int, moves: list[object]) -> None:
        if window.controller.is_human(seat):
            view = window.controller.view_for(seat)
            assert view is not None
            move = stand_in.decide(view).move
            QTimer.singleShot(window.look.animation_ms + 50, lambda: window.controller.play(move))

    window.controller.turnStarted.connect(person_turn)
    window.controller.claimOffered.connect(lambda seat, points: QTimer.singleShot(50, window.controller.claim))
    window.controller.mugginsOffered.connect(lambda seats, points: QTimer.singleShot(50, window.controller.play_on))
    window.controller.leaderChoiceNeeded.connect(
        lambda seats: QTimer.singleShot(50, lambda: window.controller.choose_leader(seats[0]))
    )
    window.controller.redealOffered.connect(
        lambda seat: QTimer.singleShot(50, lambda: window.controller.answer_redeal(False))
    )
    window.controller.handEnded.connect(lambda _result: QTimer.singleShot(300, app.quit))
    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(2)
    started = time.perf_counter()
    window.start_match(MatchSetup(rules, tuple(default_seats(rules.players, "medium"))), 11)
    app.exec()
    timer.stop()
    window.controller.runner.wait(10_000)
    ordered = sorted(gaps[5:])  # the first ticks include the window's first show
    window.close()
    return {
        "preset": preset,
        "options": options,
        "ticks": len(ordered),
        "p50_ms": round(statistics.median(ordered), 1),
        "p99_ms": round(ordered[int(len(ordered) * 0.99)], 1),
        "max_ms": round(ordered[-1], 1),
        "hand_seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    runs = [probe(app, "jamaican", {}), probe(app, "all_fives", {}), probe(app, "cross_12", {"players": 5})]
    print(json.dumps(runs, indent=1))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
