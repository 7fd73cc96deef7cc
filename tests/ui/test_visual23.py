"""What the session-23 look at the running game (under Xvfb, at 1024x700 and 1920x1080, English and Spanish) found
wrong and mended, each checked on the real widgets."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.look.grows import FRAME_ROOM
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import finish_hand_by_keys, reviewed_hand
from .test_grows_with_the_window import at_size

SMALL_SCREEN = QRect(0, 0, 1024, 700)  # a 1024x700 laptop's free area


class SmallScreen:
    """The screen a window reports: only its free area is read (look/grows.opening_size)."""

    def availableGeometry(self) -> QRect:  # Qt's name
        return SMALL_SCREEN


def test_the_hand_review_fits_a_1024x700_screen_with_its_title_bar(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a 1024x700 screen the review opened 1000x700 below its title bar: its row of buttons (First ... Coach) lay
    under the screen's bottom edge (seen at Xvfb 1024x700, Spanish). It now opens within the screen's free area,
    its title bar included, every button whole inside it."""
    monkeypatch.setattr(MainWindow, "screen", lambda _self: SmallScreen())
    at_size(qtbot, window, (SMALL_SCREEN.width(), SMALL_SCREEN.height() - FRAME_ROOM // 2))
    start(window)
    finish_hand_by_keys(qtbot, window)
    review = reviewed_hand(qtbot, window)
    assert review.height() + FRAME_ROOM <= SMALL_SCREEN.height(), review.size()
    buttons = [b for b in review.findChildren(QPushButton) if b.isVisible()]
    assert len(buttons) >= 6, [b.text() for b in buttons]
    for button in buttons:
        place = QRect(button.mapTo(review, button.rect().topLeft()), button.size())
        assert review.rect().contains(place), (button.text(), place, review.size())
    # The board still has the room between the hand list and the buttons.
    assert review.view.viewport().height() >= SMALL_SCREEN.height() // 2, review.view.viewport().size()
