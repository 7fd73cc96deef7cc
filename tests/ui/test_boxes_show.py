"""A check box shows its square on every theme: in the lobby an unticked "Tile tracker" or "Duplicate match" was a
square of the field colour without a border, on a panel a shade away (contrast 1.2 on green felt): the words read as
a label, with nothing to tick. The square grows with the lobby's words at 1920x1080."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QCheckBox, QStyle, QStyleOptionButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.look.look_style import PAGE_SCALE_MAX, contrast
from dominoes_desktop.ui.look.looks import themes
from dominoes_desktop.ui.shell.main_window import MainWindow

from .test_grows_with_the_window import LARGE, SMALL, at_size


def square_of(box: QCheckBox) -> tuple[float, int]:
    """The most a pixel of the box's square stands out from the panel round it (WCAG contrast), and its width."""
    option = QStyleOptionButton()
    box.initStyleOption(option)
    rect = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
    image = box.grab().toImage()
    panel = box.window().palette().color(box.window().backgroundRole()).name()
    shown = max(
        contrast(image.pixelColor(x, y).name(), panel)
        for x in range(rect.left(), rect.right() + 1)
        for y in range(rect.top(), rect.bottom() + 1)
    )
    return shown, rect.width()


@pytest.mark.parametrize("theme", sorted(themes()))
def test_an_unticked_box_shows_its_square(qtbot: QtBot, window: MainWindow, theme: str) -> None:
    window.apply_look(replace(window.look, theme=themes()[theme]))
    at_size(qtbot, window, SMALL)
    for box in (window.lobby.tracker, window.lobby.duplicate):
        box.setChecked(False)
        qtbot.wait(20)
        shown, _width = square_of(box)
        assert shown >= 3.0, f"{box.text()}: its square stands out {shown:.1f}:1 from the panel"


def test_a_box_s_square_grows_with_the_lobby(qtbot: QtBot, window: MainWindow) -> None:
    box = window.lobby.tracker
    at_size(qtbot, window, SMALL)
    _shown, small = square_of(box)
    at_size(qtbot, window, LARGE)
    _shown, large = square_of(box)
    assert abs(large - small * PAGE_SCALE_MAX) <= 2, (small, large)
