"""The test run ends through the interpreter's own teardown, so what goes wrong there is seen.

tests/conftest.py once left with os._exit after the last test, against a PySide6 crash at interpreter teardown
that the whole UI suite, run without it, does not show. That exit hid every later failure: a run that left a
Qt thread running, which aborts the interpreter at exit, still ended with 0. Each check below runs pytest on
a small test file with this project's conftest, in a process of its own.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WINDOW = """
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings


def test_a_window(qtbot, tmp_path):
    window = MainWindow(Settings(open_settings(tmp_path / "config")), pace_ms=0, threaded=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
"""

FAILING_FINALISER = """
import pytest


@pytest.fixture
def tidy():
    yield
    raise RuntimeError("the fixture could not tidy up")


def test_with_the_fixture(tidy):
    pass
"""

THREAD_LEFT_RUNNING = """
from PySide6.QtCore import QThread


class Sleeper(QThread):
    def run(self):
        self.msleep(60_000)


LEFT = []


def test_leaves_a_thread_running(qtbot):
    sleeper = Sleeper()
    sleeper.start()
    LEFT.append(sleeper)  # still running when the interpreter ends
"""


def run_tests(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    test_file = tmp_path / "test_probe.py"
    test_file.write_text(source)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "tests.conftest",
            "--rootdir",
            str(tmp_path),
            str(test_file),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def crashed(run: subprocess.CompletedProcess[str]) -> bool:
    output = run.stdout + run.stderr
    return run.returncode < 0 or "Fatal Python error" in output or "Segmentation fault" in output


def test_a_qt_test_run_ends_cleanly_through_the_interpreters_teardown(tmp_path: Path) -> None:
    run = run_tests(tmp_path, WINDOW)
    assert run.returncode == 0 and not crashed(run), run.stdout[-2000:] + run.stderr[-2000:]
    assert "1 passed" in run.stdout


def test_an_error_in_a_fixtures_finaliser_fails_the_run(tmp_path: Path) -> None:
    run = run_tests(tmp_path, FAILING_FINALISER)
    assert run.returncode == 1, run.stdout[-2000:] + run.stderr[-2000:]
    assert "1 passed, 1 error" in run.stdout and "the fixture could not tidy up" in run.stdout


def test_a_crash_at_interpreter_teardown_fails_the_run(tmp_path: Path) -> None:
    run = run_tests(tmp_path, THREAD_LEFT_RUNNING)
    assert "1 passed" in run.stdout, run.stdout[-2000:] + run.stderr[-2000:]
    assert run.returncode != 0, "the test passed, but the run aborted at exit: that must not read as success"
    assert "QThread: Destroyed while thread" in run.stderr
