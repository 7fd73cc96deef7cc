"""An edited seal in an autosave or a match file is shown to the player (issue 24): the game resumes, the
status line names the hand, and hand review marks it and says it cannot be verified."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from dominoes_desktop.store.autosave import CURRENT
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.shell.main_window import MainWindow
from tests.store.test_tampered_seals import flip, saved_match, seal

from .driving import make_window

WORDS = "This hand's seal does not match: it cannot be verified."


def review_of(qtbot: QtBot, window: MainWindow) -> ReviewDialog:
    match = window.controller.match
    assert match is not None and len(match.archive) == 2
    dialog = ReviewDialog(match, window.controller.seats, window.look, window)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_an_autosave_with_an_edited_seal_resumes_and_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    data = saved_match()
    seal(data, 0)["fingerprint"] = flip(seal(data, 0)["fingerprint"])
    (tmp_path / CURRENT).write_text(json.dumps(data))
    window = make_window(qtbot, tmp_path)
    window.offer_resume(assume_yes=True)
    qtbot.waitUntil(lambda: window.controller.match is not None, timeout=10_000)
    assert "The seal of hand 1 does not match: that hand cannot be verified." in window.statusBar().currentMessage()
    dialog = review_of(qtbot, window)
    assert "cannot be verified" in dialog.hands.itemText(0) and "cannot be verified" not in dialog.hands.itemText(1)
    assert not dialog.seal_warning.isVisible(), "the last hand, shown first, is sealed as it should be"
    dialog.hands.setCurrentIndex(0)
    assert dialog.seal_warning.isVisible() and WORDS in dialog.seal_warning.text()


def test_a_match_file_with_an_edited_sealed_next_deal_opens_and_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    data = saved_match()
    seal(data, 2)["fingerprint"] = flip(seal(data, 2)["fingerprint"])
    path = tmp_path / "edited.domino"
    path.write_text(json.dumps(data))
    window = make_window(qtbot, tmp_path / "data")
    window.store.open_match_file(path)
    qtbot.waitUntil(lambda: window.controller.match is not None, timeout=10_000)
    assert "The seal of hand 3 does not match" in window.statusBar().currentMessage()
    dialog = review_of(qtbot, window)
    assert not dialog.seal_warning.isVisible(), "the two hands played were sealed as they should be"
