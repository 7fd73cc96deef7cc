"""The claim box's words whole in a short window: at 1024x700 in Spanish the box was squeezed to two lines of
four, its first and last lines cut, and the score panel's note lost its second line (visual23's finding 12)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .driving import idle, known_deal

SOLO = [SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("CPU 2", False), SeatConfig("CPU 3", False)]


def whole(label: QLabel) -> bool:
    """Whether a word-wrapped label is as tall as its words at its width."""
    return label.height() >= label.heightForWidth(label.width())


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1024, 700), (1920, 1055)])
def test_the_claim_box_and_the_score_note_show_their_words_whole(
    qtbot: QtBot, window: MainWindow, language: str, size: tuple[int, int]
) -> None:
    LANGUAGE.install(language)
    window.start_match(MatchSetup(build_rules("all_fives"), SOLO), 3, known_deal(3))
    idle(window)
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=3000)
    page = window.game
    page._claim_offered(0, 10)  # what the controller's claimOffered calls
    idle(window)
    qtbot.wait(50)
    assert page.claim_box.isVisible()
    assert whole(page.claim_text), (page.claim_text.height(), page.claim_text.heightForWidth(page.claim_text.width()))
    notes = [label for label in page.scores.findChildren(QLabel) if label.isVisible() and label.wordWrap()]
    for note in notes:
        assert whole(note), note.text()
    assert page.more_row.geometry().bottom() <= page.side.rect().bottom()
