"""The game on a real X display (Xvfb), through Qt's xcb platform plugin, as on a player's desktop.

The offscreen platform the other tests use loads none of the X11 libraries; a missing libxcb-icccm4 or
libxcb-keysyms1 only shows here (the game aborts at start, exit 134). scripts/test.sh installs Xvfb;
this test is skipped only when no Xvfb can be found at all.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

GRAB_ROOT = """
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(sys.argv[:1])
ok = app.primaryScreen().grabWindow(0).save(sys.argv[1])
sys.exit(0 if ok else 1)
"""


@pytest.fixture
def display() -> Iterator[str]:
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("Xvfb is not installed (scripts/test.sh installs it on Debian and Ubuntu)")
    read, write = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()  # Xvfb writes the display it chose once it accepts clients
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


def x_env(display: str, home: Path) -> dict[str, str]:
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", HOME=str(home), XDG_RUNTIME_DIR=str(home))
    env.pop("WAYLAND_DISPLAY", None)
    return env


def grab(display: str, home: Path, path: Path) -> QImage:
    subprocess.run([sys.executable, "-c", GRAB_ROOT, str(path)], env=x_env(display, home), check=True, timeout=60)
    return QImage(str(path))


def colours_and_lit(image: QImage) -> tuple[int, float]:
    """Distinct colours on a grid of samples, and the share of samples that are not black."""
    samples = [image.pixel(x, y) for x in range(0, image.width(), 16) for y in range(0, image.height(), 16)]
    lit = sum(1 for p in samples if p & 0xFFFFFF != 0)
    return len(set(samples)), lit / len(samples)


def test_the_game_opens_on_a_real_x_display(display: str, tmp_path: Path) -> None:
    empty = grab(display, tmp_path, tmp_path / "empty.png")
    assert colours_and_lit(empty)[0] <= 2, "an empty X screen is one colour"
    game = subprocess.Popen(
        [sys.executable, "-m", "dominoes_desktop", "--config", str(tmp_path / "data")],
        env=x_env(display, tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        colours, lit = 0, 0.0
        while time.monotonic() < deadline:
            assert game.poll() is None, f"the game stopped (exit {game.returncode}): {game.communicate()[1][-2000:]}"
            time.sleep(1.0)
            shot = grab(display, tmp_path, tmp_path / "game.png")
            colours, lit = colours_and_lit(shot)
            if colours > 20 and lit > 0.5:
                break
        assert colours > 20 and lit > 0.5, f"the window was not drawn: {colours} colours, {lit:.0%} lit"
        assert game.poll() is None, "and the game keeps running"
    finally:
        game.terminate()
        game.wait(20)
