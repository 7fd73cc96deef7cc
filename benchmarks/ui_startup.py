"""Start-up to a painted table, offscreen, side by side with a bare PySide6 window.

Each run is a fresh process that paints its window, grabs it and saves a PNG, then exits: ours with
`dominoes-desktop --screenshot` (the table of a new Jamaican match), the bare one with a QWidget.
Runs alternate; medians and their difference are printed as JSON.

    python benchmarks/ui_startup.py [--runs 7]
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

BARE = """
import sys
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication(sys.argv[:1])
window = QLabel("bare PySide6 window")
window.resize(1280, 800)
window.show()
app.processEvents()
window.grab().save(sys.argv[1])
"""


def timed(command: list[str]) -> float:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    started = time.perf_counter()
    subprocess.run(command, check=True, env=env, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    ours, bare = [], []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for i in range(args.runs):
            ours.append(
                timed(
                    [
                        sys.executable,
                        "-m",
                        "dominoes_desktop",
                        "--screenshot",
                        str(out / f"t{i}.png"),
                        "--config",
                        str(out / "cfg"),
                    ]
                )
            )
            bare.append(timed([sys.executable, "-c", BARE, str(out / f"b{i}.png")]))
    print(
        json.dumps(
            {
                "runs": args.runs,
                "ours_seconds": [round(x, 3) for x in ours],
                "bare_pyside6_seconds": [round(x, 3) for x in bare],
                "ours_median": round(statistics.median(ours), 3),
                "bare_median": round(statistics.median(bare), 3),
                "difference_median": round(statistics.median(ours) - statistics.median(bare), 3),
            }
        )
    )


if __name__ == "__main__":
    main()
