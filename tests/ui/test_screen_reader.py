"""A screen reader plays a whole match: the game under Xvfb with Qt's AT-SPI bridge on, and a driver in Debian's
own Python with pyatspi (what Orca uses) that finds everything through the accessibility tree, listens to what
the game says, and answers with keys and actions as a blind player would.

Needs the system packages python3-pyatspi, at-spi2-core, dbus-x11 and xvfb (scripts/test.sh installs them on
Debian and Ubuntu); skipped, saying which is missing, only when they are absent.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
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
        pytest.skip(
            "the screen-reader test needs the system packages "
            + ", ".join(missing)
            + " (scripts/test.sh installs them)"
        )
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
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
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


def test_a_screen_reader_plays_a_whole_match(desktop: dict[str, str], tmp_path: Path) -> None:
    """Jamaican partners to two hands, played by keys and button actions found through AT-SPI alone; what the
    player heard is kept in transcript.json beside the test's files."""
    out = run_match(desktop, tmp_path / "data")
    (tmp_path / "transcript.json").write_text(json.dumps(out, indent=1))
    heard: list[str] = out["heard"]  # type: ignore[assignment]
    done: list[str] = out["done"]  # type: ignore[assignment]
    seen: dict[str, list[str]] = out["seen"]  # type: ignore[assignment]
    said = [line.removeprefix("announce: ") for line in heard if line.startswith("announce: ")]
    assert out["problem"] == "", out["problem"]
    assert out["hands"] >= 2, "the match went on past its first hand"
    assert seen["unnamed controls"] == [], "every control on the lobby, the table and the sheets has a name"
    # The sealed deal: announced whole, four groups of the fingerprint; its panel and deck in the tree.
    assert any(re.search(r"Deal sealed: ([0-9a-f]{4} ){4}…", line) for line in said), said[:3]
    # Issue 34: Start cuts the first deal (its seal said above); the deck is shown for a redeal, if one comes.
    if "cut panel" in seen:
        assert "push button: Cut the deck" in seen["cut panel"]
    # Whose turn, the rack tile by tile, the ends and the score on request, the others' tiles, passes.
    assert any(line.startswith("You, your turn") for line in said)
    assert any(re.fullmatch(r"focus: Domino table \| [a-z]+ [a-z]+, playable", line) for line in heard)
    assert any(re.fullmatch(r"Open ends: \d+ and \d+", line) for line in said), "E speaks the open ends"
    assert sum(line.startswith("Score · ") for line in said) >= 2, "S speaks the score, at the start and the end"
    # C, pressed at the person's first turn: every player's tiles, as many as the plays heard so far leave them
    # (the 6-6 leads the first hand, so the CPUs before the person may have played already; nobody draws).
    asked = [i for i, line in enumerate(said) if line.startswith("Tiles in hand: ")]
    assert asked, "C speaks every player's tiles"
    counts = re.fullmatch(r"Tiles in hand: You (\d+); CPU 1 (\d+); CPU 2 (\d+); CPU 3 (\d+)\.", said[asked[0]])
    assert counts is not None, f"C speaks every player's tiles: {said[asked[0]]!r}"
    before = said[: asked[0]]
    players = ("You", "CPU 1", "CPU 2", "CPU 3")
    expected = tuple(str(7 - sum(line.startswith(f"{who} played ") for line in before)) for who in players)
    assert counts.groups() == expected, (said[asked[0]], before)
    assert any(re.fullmatch(r"\d+ tiles? left for CPU \d\.", line) for line in said)
    assert any(line.endswith(" passed") for line in said)
    plays = [entry.split("(play ")[1].rstrip(")") for entry in done if "(play " in entry]
    assert len(plays) >= 4 and sum(line.startswith("You played ") for line in said) == len(plays)
    # The hand-end sheet: its whole text spoken and in the tree with its buttons.
    first = seen["hand-end sheet 1"]
    assert "push button: Next hand" in first and "push button: Review the hand" in first
    assert any("pips" in text for text in first if text.startswith("label: "))
    assert any(re.search(r"\d+ pips?\.", line) for line in said), "the sheet's pip table is spoken"
    last = seen[f"hand-end sheet {out['hands']}"]
    assert "push button: Play again" in last and "push button: Next hand" not in last
    assert any(line.startswith("Match over.") for line in said)
