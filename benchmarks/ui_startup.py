"""Start-up to the first paint, side by side with a bare PySide6 window (issue 31 item 7: at most 2x).

Each run is a fresh process that ends as soon as its window's first frame is painted: the game as a player
starts it (`dominoes-desktop --config DIR`: the lobby, a returning player's folder), and a bare QLabel. Runs
alternate, game then bare; the medians, the median of the pair-by-pair ratios (wall clock, and the processes'
CPU time, which other work on the machine disturbs less) and the load average are printed as JSON.

"First paint" is the first paint pass of the top-level window (the game's MainWindow, showing the lobby with
every widget in it; the bare QLabel): the window's paintEvent posts the exit, which runs once the whole pass
(the window and all its children) has been painted and flushed, before anything the game defers to after its
first paint. The window's own paintEvent is watched, not every widget's events: an application-wide event
filter in Python is called for each event of each widget (thousands before the lobby shows, a handful for a
bare label), and would weigh on the window with more widgets for a cost no player pays.

    python benchmarks/ui_startup.py [--runs 9] [--compare DIR]
    python benchmarks/ui_startup.py --child game --config DIR [--frame PATH]   # one run of the game, as timed
    python benchmarks/ui_startup.py --child bare [--frame PATH]                # one run of the bare window
    python benchmarks/ui_startup.py --child game --config DIR --settled PATH    # the lobby 3 s later
    python benchmarks/ui_startup.py --child game --config DIR --frame A --settled B   # both, from one run
    python benchmarks/ui_startup.py --child game --config DIR --size 1920x1080 ...    # the window at that size

--compare DIR times a second copy of the game too, from another source tree (DIR holds its dominoes_desktop
package, e.g. a checkout of main), in the same alternation: game, the other game, bare.

The child mode is what an outside timer should run (the two commands differ only in what they show). --frame
saves the first frame as it was flushed (the screen's copy of the window), to look at what was timed; --settled
saves the window once the work deferred to after the first paint is done, to compare with it. Both are the
screen's copy, as flushed: a frame drawn again with grab() shows the widgets as they stand by then (the seat
choices' first frame, drawn short and stretched a moment later, looked settled redrawn).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SETTLE_MS = 3000


def end_at_first_paint(
    window_class: Any, frame: str | None, settled: str | None, size: tuple[int, int] | None = None
) -> None:
    """The first paint of a `window_class` window ends the process (after saving its frame, if asked). With
    `size`, the window is shown at that size (as a player's screen would have it; the offscreen one is small)."""
    from PySide6.QtCore import QTimer

    paint = window_class.paintEvent
    done: list[bool] = []
    if size is not None:
        show = window_class.show

        def sized_show(self: Any) -> None:
            self.resize(*size)
            show(self)

        window_class.show = sized_show

    def save(window: Any, path: str | None) -> None:
        if path:  # the screen's copy of the window: what was flushed, not the widgets drawn again
            window.screen().grabWindow(window.winId()).save(path)

    def leave(window: Any, path: str | None) -> None:
        save(window, path)
        os._exit(0)

    def painted(self: Any, event: Any) -> None:
        if not done:
            done.append(True)
            # Posted before the paint itself, so before whatever the window posts from its own paintEvent:
            # after this pass reaches the screen, nothing more is timed.
            if settled:
                QTimer.singleShot(0, lambda: save(self, frame))  # both asked: the first frame, then the settled
                QTimer.singleShot(SETTLE_MS, lambda: leave(self, settled))
            else:
                QTimer.singleShot(0, lambda: leave(self, frame))
        paint(self, event)

    window_class.paintEvent = painted


def child(kind: str, config: str | None, frame: str | None, settled: str | None, size: str | None = None) -> None:
    from PySide6.QtWidgets import QApplication

    QApplication(sys.argv[:1])
    if kind == "bare":
        from PySide6.QtWidgets import QLabel

        class BareWindow(QLabel):
            pass

        end_at_first_paint(BareWindow, frame, settled)
        window = BareWindow("bare PySide6 window")
        window.resize(1280, 800)
        window.show()
        QApplication.exec()
        return
    from dominoes_desktop.app import main as game
    from dominoes_desktop.ui.shell.main_window import MainWindow

    width, height = (int(n) for n in size.split("x")) if size else (0, 0)
    end_at_first_paint(MainWindow, frame, settled, (width, height) if size else None)
    game(["--config", config] if config else [])


def timed(command: list[str], source: str | None = None) -> tuple[float, float]:
    """Wall-clock seconds and CPU seconds (user and system) of one run (the game from `source`, if given)."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    if source:
        env["PYTHONPATH"] = os.pathsep.join([source, env.get("PYTHONPATH", "")])
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed game starts from its compiled bytecode
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, env=env, capture_output=True, timeout=120)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--child", choices=("game", "bare"), help=argparse.SUPPRESS)
    parser.add_argument("--config", help="the game's data folder (--child game)")
    parser.add_argument("--frame", help="save the first frame to this PNG (--child)")
    parser.add_argument("--settled", help=f"save the window {SETTLE_MS} ms after its first paint (--child)")
    parser.add_argument("--size", help="the game's window size, WxH (--child game; else the screen's first size)")
    parser.add_argument("--compare", help="also time the game from this source tree (holding dominoes_desktop)")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.config, args.frame, args.settled, args.size)
        return
    ours, bare, other = [], [], []
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        me = [sys.executable, str(Path(__file__).resolve()), "--child"]
        game = [*me, "game", "--config", str(Path(folder) / "cfg")]
        timed(game)  # warm-up: the folder of a returning player, the disk cache warm
        timed([*me, "bare"])
        if args.compare:
            timed([*me, "game", "--config", str(Path(folder) / "other")], args.compare)
        for _ in range(args.runs):
            ours.append(timed(game))
            if args.compare:
                other.append(timed([*me, "game", "--config", str(Path(folder) / "other")], args.compare))
            bare.append(timed([*me, "bare"]))
    wall_ratios = sorted(o[0] / b[0] for o, b in zip(ours, bare, strict=True))
    cpu_ratios = sorted(o[1] / b[1] for o, b in zip(ours, bare, strict=True))
    compared = {}
    if other:
        other_wall = sorted(o[0] / b[0] for o, b in zip(other, bare, strict=True))
        other_cpu = sorted(o[1] / b[1] for o, b in zip(other, bare, strict=True))
        compared = {
            "compared_source": args.compare,
            "compared_median": round(statistics.median(x[0] for x in other), 3),
            "compared_ratio_median": round(statistics.median(other_wall), 2),
            "compared_ratio_quartiles": [round(x, 2) for x in statistics.quantiles(other_wall, n=4)[::2]],
            "compared_cpu_ratio_median": round(statistics.median(other_cpu), 2),
        }
    print(
        json.dumps(
            {
                "runs": args.runs,
                "ours_seconds": [round(x[0], 3) for x in ours],
                "bare_pyside6_seconds": [round(x[0], 3) for x in bare],
                "ours_median": round(statistics.median(x[0] for x in ours), 3),
                "bare_median": round(statistics.median(x[0] for x in bare), 3),
                "ratio_median": round(statistics.median(wall_ratios), 2),
                "ratio_range": [round(wall_ratios[0], 2), round(wall_ratios[-1], 2)],
                "ratio_quartiles": [round(x, 2) for x in statistics.quantiles(wall_ratios, n=4)[::2]],
                "cpu_ours_median": round(statistics.median(x[1] for x in ours), 3),
                "cpu_bare_median": round(statistics.median(x[1] for x in bare), 3),
                "cpu_ratio_median": round(statistics.median(cpu_ratios), 2),
                "cpu_ratio_quartiles": [round(x, 2) for x in statistics.quantiles(cpu_ratios, n=4)[::2]],
                "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
                **compared,
            }
        )
    )


if __name__ == "__main__":
    main()
