"""However the game ends, no process of it is left behind and the autosave is whole (issue 24).

The game runs as a real process (offscreen): a CPU match is watched, and the coach judges a finished hand, so
the CPU worker and the coach's two workers are running. Then the game gets SIGTERM (a desktop session's
logout), SIGINT (Ctrl+C) or SIGKILL (what a crash of the UI leaves: no chance to tidy up), or the player
closes the window. Every process it started must be gone, and the autosave must load. Processes are read
from /proc (Linux).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dominoes_desktop.store.autosave import CURRENT, FINISHED, Autosave

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")

# The game, started as `python -m dominoes_desktop` would, plus a timer that opens the coach on the first
# finished hand (as the hand-end sheet's Coach button does) and says so on stdout.
DRIVER = """
import os
import sys

from dominoes_desktop import app

started = app._play


def play(qapp, args, settings, message):
    from PySide6.QtCore import QTimer

    from dominoes_desktop.ui.play.coach_panel import CoachDialog, open_coach
    from dominoes_desktop.ui.shell.main_window import MainWindow

    timer = QTimer(qapp)

    def poll():
        for window in qapp.topLevelWidgets():
            if isinstance(window, MainWindow) and window.controller.match and window.controller.match.archive:
                timer.stop()
                window.controller.pace_ms = 250  # the match plays on, slowly, while the coach judges
                open_coach(window.game, window.controller.match, window.controller.seats, window.look)
                assert window.game.findChildren(CoachDialog)
                print("coach open", flush=True)
                if "--close-the-window" in sys.argv:  # as the player would, once the test says so ("Quit")
                    window.ask_before_leaving = False
                    closer = QTimer(window)
                    closer.timeout.connect(lambda: os.path.exists("close-now") and window.close())
                    closer.start(50)
                return

    timer.timeout.connect(poll)
    timer.start(20)
    return started(qapp, args, settings, message)


if __name__ == "__main__":
    app._play = play
    sys.exit(app.main([a for a in sys.argv[1:] if a != "--close-the-window"]))
"""


def children_of(pid: int) -> set[int]:
    """Every living descendant of `pid`."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def spawned(pid: int) -> list[int]:
    """The worker processes multiprocessing started for `pid` (not its resource tracker)."""
    found = []
    for child in children_of(pid):
        try:
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
        except OSError:
            continue
    return found


def alive(pid: int, cmdline: bytes) -> bool:
    """The same process still running (not a zombie, not a new process given the same id)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z" and Path(f"/proc/{pid}/cmdline").read_bytes() == cmdline
    except OSError:
        return False


def wait_until(condition: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def end_what_is_left(game: subprocess.Popen[bytes], workers: dict[int, bytes], *, group: bool = False) -> None:
    """Kill the game (its whole process group with `group`) and any worker of it still running: never left to
    the next test, pass or fail."""
    if game.poll() is None:
        if group:
            os.killpg(game.pid, signal.SIGKILL)
        else:
            game.kill()
        game.wait(10)
    for pid, cmd in workers.items():
        if alive(pid, cmd):
            os.kill(pid, signal.SIGKILL)


def check_the_autosave(folder: Path) -> None:
    """The match the coach judged is saved and loads, or it was won and kept as the last match."""
    if (folder / CURRENT).exists():
        loaded = Autosave(folder).load()
        assert loaded.message == "" and loaded.saved is not None, loaded.message
        assert loaded.saved.match.archive, "the save holds the finished hand the coach judged"
    else:
        assert (folder / FINISHED).exists(), "the match was won, and kept as the last match"


@pytest.mark.parametrize("ending", ["SIGTERM", "SIGINT", "SIGKILL", "close the window"])
def test_no_process_is_left_and_the_autosave_loads(tmp_path: Path, ending: str) -> None:
    driver = tmp_path / "game.py"
    driver.write_text(DRIVER)
    folder = tmp_path / "data"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    command = [sys.executable, str(driver), "--config", str(folder), "--watch", "--pace-ms", "0", "--seed", "5"]
    if ending == "close the window":
        command.append("--close-the-window")
    # Files, not pipes: a worker left running would hold a pipe open, and reading it would never end.
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with out.open("wb") as out_file, err.open("wb") as err_file:
        game = subprocess.Popen(command, env=env, stdout=out_file, stderr=err_file, cwd=tmp_path)
    workers: dict[int, bytes] = {}
    try:
        wait_until(lambda: b"coach open" in out.read_bytes() or game.poll() is not None, 120, "the coach")
        assert b"coach open" in out.read_bytes(), err.read_text(errors="replace")[-3000:]
        # The CPU worker and the coach's two workers (and multiprocessing's resource tracker) are running.
        wait_until(lambda: len(spawned(game.pid)) >= 3, 60, "the worker processes")
        workers = {pid: Path(f"/proc/{pid}/cmdline").read_bytes() for pid in children_of(game.pid)}
        time.sleep(0.5)  # the coach is searching, the CPUs are playing
        if ending.startswith("SIG"):
            game.send_signal(getattr(signal, ending))
        else:
            (tmp_path / "close-now").touch()  # the game's working folder
        game.wait(30)
        errors = err.read_text(errors="replace")
        if ending != "SIGKILL":
            expected = 128 + getattr(signal, ending) if ending.startswith("SIG") else 0
            assert game.returncode == expected, errors[-3000:]
            assert "Traceback" not in errors, errors[-3000:]
        # A killed game cannot end its workers: they see it gone and end themselves, at once.
        wait_until(lambda: not any(alive(pid, cmd) for pid, cmd in workers.items()), 10, "the workers to end")
    finally:
        end_what_is_left(game, workers)
    check_the_autosave(folder)
