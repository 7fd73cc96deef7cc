"""A screen reader plays a whole match: the game under Xvfb with Qt's AT-SPI bridge on, and a driver in Debian's
own Python with pyatspi (what Orca uses) that finds everything through the accessibility tree, listens to what
the game says, and answers with keys and actions as a blind player would.

Needs the system packages python3-pyatspi, at-spi2-core, dbus-x11 and xvfb (scripts/test.sh installs them on
Debian and Ubuntu); skipped, saying which is missing, only when they are absent.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

DRIVER = Path(__file__).with_name("screen_reader_driver.py")
SYSTEM_PYTHON = "/usr/bin/python3"
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"


def missing_system_packages() -> list[str]:
    missing = []
    if shutil.which("Xvfb") is None:
        missing.append("xvfb")
    if shutil.which("dbus-launch") is None:
        missing.append("dbus-x11")
    if not Path(BUS_LAUNCHER).exists():
        missing.append("at-spi2-core")
    if (
        not Path(SYSTEM_PYTHON).exists()
        or subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, timeout=60).returncode != 0
    ):
        missing.append("python3-pyatspi")
    return missing


def stop(process: subprocess.Popen[bytes] | subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[dict[str, str]]:
    """An X display, a session bus and the accessibility bus on it: the environment a screen reader meets."""
    missing = missing_system_packages()
    if missing:
        pytest.skip("the screen-reader test needs the system packages " + ", ".join(missing) + " (scripts/test.sh installs them)")
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    started: list[int] = []
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number.isdigit(), "Xvfb did not start"
        env = dict(os.environ, DISPLAY=f":{number}", HOME=str(tmp_path), XDG_RUNTIME_DIR=str(runtime))
        env.pop("WAYLAND_DISPLAY", None)
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        bus = subprocess.run(["dbus-launch", "--sh-syntax"], env=env, capture_output=True, text=True, check=True)
        for line in bus.stdout.splitlines():
            key, _, value = line.partition("=")
            if key in ("DBUS_SESSION_BUS_ADDRESS", "DBUS_SESSION_BUS_PID"):
                env[key] = value.rstrip(";").strip("'")
        started.append(int(env["DBUS_SESSION_BUS_PID"]))
        launcher = subprocess.Popen([BUS_LAUNCHER, "--launch-immediately"], env=env, stderr=subprocess.DEVNULL)
        time.sleep(1)
        yield env
        stop(launcher)
    finally:
        for pid in started:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        stop(xvfb)


def run_match(env: dict[str, str], config: Path, mode: str = "play") -> dict[str, object]:
    config.mkdir(parents=True, exist_ok=True)
    # A screen reader's player's saved view: no motion, CPUs at the quick pace.
    (config / "settings.ini").write_text("[view]\nmotion=reduced\nspeed=fast\nlanguage=en\n")
    game_env = dict(env, QT_QPA_PLATFORM="xcb", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
    game = subprocess.Popen(
        [sys.executable, "-m", "dominoes_desktop", "--config", str(config)],
        env=game_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        driver = subprocess.run(
            [SYSTEM_PYTHON, str(DRIVER), mode], env=env, capture_output=True, text=True, timeout=400
        )
    finally:
        stop(game)
    assert driver.returncode == 0, driver.stderr[-3000:]
    return json.loads(driver.stdout)


def test_explore(desktop: dict[str, str], tmp_path: Path) -> None:
    out = run_match(desktop, tmp_path / "data")
    Path("/tmp/words/explore.json").write_text(json.dumps(out, indent=1))


def test_probe(desktop: dict[str, str], tmp_path: Path) -> None:
    game_env = dict(desktop, QT_QPA_PLATFORM="xcb", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
    game = subprocess.Popen([sys.executable, "-m", "dominoes_desktop", "--config", str(tmp_path / "d")], env=game_env)
    try:
        out = subprocess.run([SYSTEM_PYTHON, str(DRIVER), "probe"], env=desktop, capture_output=True, text=True, timeout=100)
    finally:
        stop(game)
    Path("/tmp/words/probe.txt").write_text(out.stdout + out.stderr)
