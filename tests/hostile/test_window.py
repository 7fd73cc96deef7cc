"""The window on hostile data folders: whatever the autosave holds, the game starts, resumed or in the lobby,
and a good previous save is what it resumes."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from dominoes_desktop.store.autosave import CURRENT, PREVIOUS
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings_checked

from .corpus import DATA, MATCH_FILES, SAVE, Maker, mutated_bytes, mutated_documents

GOOD_MOVES = sum(len(h["moves"]) for h in SAVE["hands"])


def start_window(qtbot: QtBot, folder: Path) -> MainWindow:
    store, _message = open_settings_checked(folder)
    window = MainWindow(Settings(store), pace_ms=0, threaded=False, data_dir=folder)
    qtbot.addWidget(window)
    window.controller.paused = True  # the CPUs wait: the test looks at the table as it was saved
    window.offer_resume(assume_yes=True)
    return window


@pytest.mark.parametrize(("name", "make"), MATCH_FILES, ids=[name for name, _ in MATCH_FILES])
def test_the_window_resumes_the_good_previous_save_past_a_hostile_one(
    qtbot: QtBot, tmp_path: Path, name: str, make: Maker
) -> None:
    make(tmp_path / CURRENT)
    shutil.copy(DATA / "autosave.domino", tmp_path / PREVIOUS)
    window = start_window(qtbot, tmp_path)
    match = window.controller.match
    assert match is not None and window.stack.currentWidget() is window.game
    assert sum(len(hand.history) for _, hand in match.played_hands()) == GOOD_MOVES
    assert "damaged" in window.statusBar().currentMessage()
    window.close()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    st.one_of(mutated_documents(SAVE).map(lambda d: json.dumps(d).encode()), mutated_bytes(json.dumps(SAVE).encode()))
)
def test_the_window_starts_on_any_mutated_autosave(qtbot: QtBot, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / CURRENT).write_bytes(data)
        window = start_window(qtbot, root)
        assert window.stack.currentWidget() in (window.game, window.lobby)
        if window.controller.match is None:
            assert window.stack.currentWidget() is window.lobby
        window.close()
