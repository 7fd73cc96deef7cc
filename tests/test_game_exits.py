"""The game ends in silence when the terminal or the desktop ends it (issue 35 item 5, the game's part).

A terminal sends its signal to the whole process group, the game's worker processes included: Ctrl+C
(SIGINT) printed a traceback from every worker and from the coach (`_RemoteTraceback`), closing the terminal
(SIGHUP) printed `KeyError: '/mp-…'` tracebacks while the coach fell back to "judging in one process", and a
logout's SIGTERM to the group killed the workers under the coach. Here the game runs as a real process
(offscreen) in a group of its own, a CPU match playing and the coach judging a finished hand, and the signal
goes to the group: the game must end with 128 + the signal, print no traceback, warning or error, leave no
process behind, and keep the match (the autosave loads, as after a normal quit).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_lifecycle import (
    DRIVER,
    ROOT,
    alive,
    check_the_autosave,
    children_of,
    end_what_is_left,
    spawned,
    wait_until,
)

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or not hasattr(os, "killpg"), reason="process groups, read from /proc"
)

# What the game may not print on any of these exits (the Qt offscreen plugin's own notices are not ours).
NEVER = ("Traceback", "Error", "ERROR", "WARNING", "leaked", "one process")


@pytest.mark.parametrize("ending", ["SIGINT", "SIGHUP", "SIGTERM"])
def test_a_signal_to_the_process_group_ends_the_game_in_silence_and_keeps_the_match(
    tmp_path: Path, ending: str
) -> None:
    number = getattr(signal, ending)
    driver = tmp_path / "game.py"
    driver.write_text(DRIVER)
    folder = tmp_path / "data"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    command = [sys.executable, str(driver), "--config", str(folder), "--watch", "--pace-ms", "0", "--seed", "5"]
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with out.open("wb") as out_file, err.open("wb") as err_file:
        # A group of its own, as a terminal gives the job it starts.
        game = subprocess.Popen(
            command, env=env, stdout=out_file, stderr=err_file, cwd=tmp_path, start_new_session=True
        )
    workers: dict[int, bytes] = {}
    try:
        wait_until(lambda: b"coach open" in out.read_bytes() or game.poll() is not None, 120, "the coach")
        assert b"coach open" in out.read_bytes(), err.read_text(errors="replace")[-3000:]
        wait_until(lambda: len(spawned(game.pid)) >= 3, 60, "the CPU worker and the coach's two")
        workers = {pid: Path(f"/proc/{pid}/cmdline").read_bytes() for pid in children_of(game.pid)}
        time.sleep(0.5)  # the coach is searching, the CPUs are playing
        os.killpg(game.pid, number)
        game.wait(30)
        # Workers end with their pipe (the game closed the pool) or with the game: none outlives it.
        wait_until(lambda: not any(alive(pid, cmd) for pid, cmd in workers.items()), 10, "the workers to end")
        time.sleep(0.3)  # anything a worker would print on its way out has reached the file
        errors = err.read_text(errors="replace")
        assert game.returncode == 128 + number, errors[-3000:]
        said = [word for word in NEVER if word in errors]
        assert not said, f"{said} on stderr:\n{errors[-3000:]}"
    finally:
        end_what_is_left(game, workers, group=True)
    check_the_autosave(folder)
