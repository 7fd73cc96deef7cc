"""Sound: what is heard when, volume and mute kept in the settings, quiet while minimised."""

from __future__ import annotations

import logging
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.resources import resources_dir
from dominoes_desktop.ui.look.look_style import contrast
from dominoes_desktop.ui.play import sound
from dominoes_desktop.ui.play.sound import SOUND_FILES, SOUNDS, SoundBoard
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings

from .conftest import start


def test_every_sound_is_a_small_wav_with_its_licence() -> None:
    folder = resources_dir() / "sounds"
    assert (folder / "LICENSE.txt").read_text().strip()
    for name in SOUNDS:
        path = folder / f"{SOUND_FILES.get(name, name)}.wav"
        with wave.open(str(path)) as wav:
            assert wav.getnchannels() == 1 and wav.getsampwidth() == 2
            assert 0.05 < wav.getnframes() / wav.getframerate() < 2.0
        assert path.stat().st_size < 100_000


def test_the_table_sounds_as_it_is_played(qtbot: QtBot, window: MainWindow) -> None:
    window.sound.set_muted(False)
    window.sound.set_volume(60)
    start(window, "jamaican", seed=3)
    assert "shuffle" in window.sound.played
    kinds = []
    for _ in range(40):
        hand = window.controller.hand
        if hand is None or hand.is_over:
            break
        before = len(hand.history)
        window.controller.autoplay(1)
        new = [t.move for t in hand.history[before:]]
        if new and new[-1].kind is MoveKind.PASS:
            assert window.sound.played[-1] == "knock", "a pass knocks at once"
        kinds += new
    qtbot.wait(window.look.animation_ms + 250)  # clacks come as the tiles land
    played = window.sound.played
    assert "clack" in played or "clack_double" in played
    last_play = next(m for m in reversed(kinds) if m.kind is MoveKind.PLAY)
    assert last_play.tile is not None
    assert [p for p in played if p.startswith("clack")][-1] == ("clack_double" if last_play.tile.is_double else "clack")


def test_a_domino_is_called(qtbot: QtBot, window: MainWindow) -> None:
    for seed in range(1, 20):
        start(window, "jamaican", seed=seed)
        window.controller.autoplay(10_000)
        result = window.controller.last_result
        if result is not None and result.end.value == "domino":
            break
    qtbot.waitUntil(lambda: "domino" in window.sound.played, timeout=3000)


def test_mute_and_volume_are_kept_and_silence_the_table(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.mute_action.trigger()
    assert window.sound.muted
    window.volume_slider.setValue(35)
    again = Settings(open_settings(tmp_path / "config"))
    assert again.sound() == (35, True)
    window.sound.played.clear()
    start(window, "jamaican", seed=3)
    window.controller.autoplay(4)
    qtbot.wait(window.look.animation_ms + 100)
    assert window.sound.played == []


def test_quiet_while_minimised(qtbot: QtBot, window: MainWindow) -> None:
    window.setWindowState(Qt.WindowState.WindowMinimized)
    qtbot.waitUntil(lambda: window.sound.suspended, timeout=2000)
    assert not window.sound.play("knock")
    window.setWindowState(Qt.WindowState.WindowNoState)
    qtbot.waitUntil(lambda: not window.sound.suspended, timeout=2000)
    assert window.sound.play("knock")


def test_unknown_sounds_are_refused() -> None:
    board = SoundBoard(50, False)
    try:
        board.play("trumpet")
    except ValueError as exc:
        assert "trumpet" in str(exc)
    else:
        raise AssertionError("an unknown sound must be refused")


def test_without_qt_multimedia_the_game_plays_silently(
    qtbot: QtBot, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A system without Qt Multimedia (or the audio libraries it links, such as libpulse) still plays."""
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)  # `import` of it now raises ImportError
    board = SoundBoard(70, False)
    assert not board.available and board.effects == {}
    win = MainWindow(settings, pace_ms=0, threaded=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    assert not win.sound.available
    win.sound.set_muted(False)
    win.sound.set_volume(60)
    start(win, "jamaican", seed=3)
    win.controller.autoplay(10_000)
    assert win.controller.last_result is not None, "a whole hand was played without sound"
    assert "shuffle" in win.sound.played  # the sound was asked for; nothing could play it
    win.controller.runner.wait(5000)


def test_without_an_audio_device_the_board_is_quiet_and_says_so_once(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(sound, "audio_output_present", lambda: False)
    with caplog.at_level(logging.INFO, logger=sound.__name__):
        board = SoundBoard(70, False)
        assert board.play("clack") and board.play("knock")  # asked for, as the tests of the table expect
    assert not board.available and board.effects == {}
    assert [r.getMessage() for r in caplog.records] == ["no sound: no audio output device"]


def test_starting_the_sound_prints_no_warning_per_sound() -> None:
    """On this machine's audio (a device or none), making the board and playing every sound prints no
    QSoundEffect warning and no audio server complaint: at most the board's one log line."""
    script = (
        "import os; os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from dominoes_desktop.ui.play.sound import SOUNDS, SoundBoard\n"
        "board = SoundBoard(50, False)\n"
        "for name in SOUNDS: board.play(name)\n"
        "app.processEvents()\n"
        "print('available', board.available)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert "available" in done.stdout
    noise = [line for line in done.stderr.splitlines() if "QSoundEffect" in line or "pa_context" in line]
    assert noise == []


def test_the_volume_slider_shows_its_groove(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 34: the volume slider's groove was dark on the dark menu (a handle floating on nothing). The groove's
    outline, and its part up to the handle filled in, stand out from the menu by WCAG's 3:1 for controls."""
    slider = window.volume_slider
    slider.setValue(60)
    row = slider.parentWidget()
    row.resize(300, 40)
    row.show()
    qtbot.waitExposed(row)
    image = slider.grab().toImage()
    middle = image.height() // 2
    ground = image.pixelColor(image.width() - 1, 0).name()
    filled = image.pixelColor(image.width() // 5, middle).name()
    assert contrast(filled, ground) >= 3.0, (filled, ground)
    edge = max(contrast(image.pixelColor(image.width() * 9 // 10, y).name(), ground) for y in range(image.height()))
    assert edge >= 3.0, "the groove's outline past the handle shows"
