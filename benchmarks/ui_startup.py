"""Start-up to the first paint, side by side with a bare PySide6 window (issue 31 item 7: at most 2x).

Each run is a fresh process that ends as soon as its first window has painted once: the game as a player starts
it (`dominoes-desktop --config DIR`, the lobby, a returning player's folder), and a bare QLabel. Runs alternate,
game then bare; the medians and the median of the pair-by-pair ratios are printed as JSON.

    python benchmarks/ui_startup.py [--runs 9]
    python benchmarks/ui_startup.py --child game --config DIR    # one run of the game, as timed
    python benchmarks/ui_startup.py --child bare                  # one run of the bare window

The child mode is what an outside timer should run (the two commands differ only in what they show).
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


def first_paint_ends_the_process() -> None:
    """Create the QApplication with a filter that leaves the process once a window has painted."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and isinstance(watched, QWidget) and watched.window().isVisible():
                # After this paint and what it posted: the window as the person first sees it.
                QTimer.singleShot(0, lambda: os._exit(0))
            return False

    app = QApplication(sys.argv[:1])
    painted = FirstPaint(app)
    app.installEventFilter(painted)


def child(kind: str, config: str | None) -> None:
    first_paint_ends_the_process()
    if kind == "bare":
        from PySide6.QtWidgets import QApplication, QLabel

        window = QLabel("bare PySide6 window")
        window.resize(1280, 800)
        window.show()
        QApplication.exec()
        return
    from dominoes_desktop.app import main as game

    game(["--config", config] if config else [])


def timed(command: list[str]) -> float:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed game starts from its compiled bytecode
    started = time.perf_counter()
    subprocess.run(command, check=True, env=env, capture_output=True, timeout=120)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--child", choices=("game", "bare"), help=argparse.SUPPRESS)
    parser.add_argument("--config", help="the game's data folder (--child game)")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.config)
        return
    ours, bare = [], []
    with tempfile.TemporaryDirectory() as folder:
        me = [sys.executable, str(Path(__file__).resolve()), "--child"]
        game = [*me, "game", "--config", str(Path(folder) / "cfg")]
        timed(game)  # warm-up: the folder of a returning player, the disk cache warm
        timed([*me, "bare"])
        for _ in range(args.runs):
            ours.append(timed(game))
            bare.append(timed([*me, "bare"]))
    ratios = [o / b for o, b in zip(ours, bare, strict=True)]
    print(
        json.dumps(
            {
                "runs": args.runs,
                "ours_seconds": [round(x, 3) for x in ours],
                "bare_pyside6_seconds": [round(x, 3) for x in bare],
                "ours_median": round(statistics.median(ours), 3),
                "bare_median": round(statistics.median(bare), 3),
                "ratio_median": round(statistics.median(ratios), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
