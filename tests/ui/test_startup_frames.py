"""The lobby's first frame is the lobby as it stays: nothing the game does after its first paint (the controller,
the CPU worker, the statistics, the table page) fills in or moves what the player already sees (issue 31 item 7)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings_checked

from .test_startup import game_env

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "ui_startup.py"


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", ["1280x800", "1920x1080"])
def test_the_first_frame_is_the_settled_frame(tmp_path: Path, size: str, language: str) -> None:
    """The game as a player starts it, at the first window size and a full-HD one, in English and Spanish: the
    frame its first paint put on the screen and the screen's frame once the work deferred to after it is done
    are the same pixels. Both are the screen's copy as flushed (drawn again with grab(), a frame shows the
    widgets as they stand later). Before, the coming deal's seal line appeared under Start afterwards, and the
    Player 1-4 choices were drawn at their own width, then stretched across their column."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.ini").write_text(f"[view]\nlanguage={language}\n", encoding="utf-8")
    first, settled = tmp_path / "first.png", tmp_path / "settled.png"
    child = [sys.executable, str(BENCHMARK), "--child", "game", "--config", str(data), "--size", size]
    run = subprocess.run(
        [*child, "--frame", str(first), "--settled", str(settled)],
        env=game_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    before, after = QImage(str(first)), QImage(str(settled))
    assert not before.isNull() and before.size() == after.size()
    assert (before.width(), before.height()) == tuple(int(n) for n in size.split("x"))
    assert before == after, "the lobby changed after its first paint"


def test_the_seal_line_is_there_from_the_first_paint_and_moves_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    """At 1024x700 in Spanish (the longest line, in the narrowest column): the coming deal's fingerprint is under
    Start before the window is first painted, and the controller made afterwards keeps that seal; Start and the
    line stay where they were."""
    LANGUAGE.install("es")
    window = MainWindow(Settings(open_settings_checked(tmp_path)[0]), pace_ms=0, data_dir=tmp_path)
    qtbot.addWidget(window)
    try:
        lobby = window.lobby
        assert window._controller is None and lobby.seal_note.text(), "the seal line, before the controller"
        window.resize(1024, 700)
        window.show()
        qtbot.waitUntil(lambda: window._painted, timeout=10_000)
        shown = lobby.seal_note.text(), lobby.start.geometry(), lobby.seal_note.geometry()
        qtbot.waitUntil(lambda: window._controller is not None, timeout=10_000)
        qtbot.wait(50)  # a layout change would be applied by now
        assert window.controller.coming_seal.fingerprint in lobby.seal_note.toolTip(), "the seal Start cuts"
        assert (lobby.seal_note.text(), lobby.start.geometry(), lobby.seal_note.geometry()) == shown
    finally:
        window.store.close()
        if window._controller is not None:
            window._controller.runner.stop()
        LANGUAGE.install("en")
