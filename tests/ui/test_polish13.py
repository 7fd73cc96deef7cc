"""Session 13's table polish on the real window: the side panel's words grow with the window, as the table and the
hand-end sheet do (at 1920x1080 they were the 13-15 px of 1024x700)."""

from __future__ import annotations

from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start


def pixels(widget: QWidget) -> int:
    widget.ensurePolished()
    return QFontInfo(widget.font()).pixelSize()


def side_sizes(window: MainWindow) -> dict[str, int]:
    page = window.game
    return {
        "score": pixels(page.scores.body),
        "title": pixels(page.log_title),
        "turn": pixels(page.turn),
        "log": pixels(page.log),
        "button": pixels(page.undo_button),
    }


def test_the_side_panel_grows_with_the_window_and_its_buttons_keep_their_words(
    qtbot: QtBot, window: MainWindow
) -> None:
    start(window)
    page = window.game
    window.resize(1024, 700)
    qtbot.wait(50)
    small, small_width = side_sizes(window), page.side.width()
    window.resize(1920, 1080)
    qtbot.wait(50)
    large, large_width = side_sizes(window), page.side.width()
    for part, size in small.items():
        assert large[part] >= round(size * 1.4), (
            f"the {part}'s words: {size} px at 1024x700, {large[part]} at 1920x1080"
        )
    assert large_width > small_width * 1.4, "the panel widens with its words"
    for button in (page.draw_button, page.pass_button, page.hint_button, page.undo_button, page.rules_button):
        if button.isVisible():
            assert button.width() >= button.fontMetrics().horizontalAdvance(button.text()), button.text()
    window.resize(1024, 700)
    qtbot.wait(50)
    assert side_sizes(window) == small, "back to a small window: the words as they were"
