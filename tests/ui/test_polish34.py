"""Issue 34, three loose ends on the real window: the hint and the focus ring seen together, the "pass for me"
setting reaching a room, and a side panel that says each thing once in few words."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QTextDocumentFragment
from PySide6.QtWidgets import QAbstractButton, QLabel
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.play.controller import AUTO_PASS_MS
from dominoes_desktop.ui.room.room_window import RoomWindow
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.tile_item import TileItem

from .conftest import start
from .driving import idle, my_turn, play_to_a_choice_of_tiles, play_turn_by_keys
from .test_room_table import offline_ben, request, view

SHOTS = os.environ.get("DOMINOES_SHOTS")  # a folder: the tests save what they looked at there


def _shot(window: MainWindow, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        window.grab().save(str(Path(SHOTS) / f"{name}.png"))


def _ring_colours(window: MainWindow, item: TileItem) -> list[QColor]:
    """The colours on the screen in a band left of the tile and above it, where its rings are drawn."""
    view = window.game.table
    image: QImage = view.viewport().grab().toImage()
    body = item.body_rect()
    colours: list[QColor] = []
    steps = 40
    for k in range(steps + 1):
        d = 7.0 * k / steps  # from 8 units out to 1 short of the tile's edge (its face may be white)
        for point in (
            QPointF(body.left() - 8.0 + d, body.center().y()),
            QPointF(body.center().x(), body.top() - 8.0 + d),
            QPointF(body.right() + 8.0 - d, body.center().y()),
        ):
            at = view.mapFromScene(item.mapToScene(point))
            x, y = at.x(), at.y()
            if 0 <= x < image.width() and 0 <= y < image.height():
                colours.append(image.pixelColor(x, y))
    return colours


def _white(c: QColor) -> bool:
    return c.red() > 225 and c.green() > 225 and c.blue() > 225


def _cyan(c: QColor) -> bool:
    return c.red() < 90 and c.green() > 190 and c.blue() > 200


def test_the_hinted_tile_shows_its_focus_ring_and_its_hint(qtbot: QtBot, window: MainWindow) -> None:
    """H asks a hint; the hinted tile takes the keys: on the screen its white focus ring and the hint's cyan
    ring are both there, at 1024x700 and 1920x1080."""
    for size in ((1024, 700), (1920, 1080)):
        window.resize(*size)
        start(window, "jamaican", seed=8)
        view = window.game.table
        play_to_a_choice_of_tiles(qtbot, window)
        with qtbot.waitSignal(window.controller.hintReady, timeout=10_000):
            qtbot.keyClick(view, Qt.Key.Key_H)
        idle(window)
        qtbot.wait(window.look.animation_ms + 50)
        item = view.table.items_for_rack()[view.focus_index]
        assert item.hinted and item.focused, "the hinted tile has the keys"
        colours = _ring_colours(window, item)
        _shot(window, f"hint-focus-{size[0]}x{size[1]}")
        assert any(_white(c) for c in colours), f"the focus ring is hidden at {size}"
        assert any(_cyan(c) for c in colours), f"the hint's ring is hidden at {size}"


def _ben_in_a_room(qtbot: QtBot, window: MainWindow) -> tuple[RoomWindow, list[dict[str, Any]]]:
    """Ben's room window opened from the game window (as an invite opens it), its connection going nowhere."""

    def disconnected(room: RoomWindow) -> None:
        qtbot.waitUntil(lambda: "Disconnected" in room.status.text(), timeout=5000)  # the port is nobody's

    return offline_ben(qtbot, disconnected, parent=window)


def test_the_pass_for_me_setting_reaches_a_guest_s_room_when_it_opens_and_when_it_changes(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The View menu's "Pass for me when nothing fits": unticked before the room opens, the room's seat waits
    for P; ticked while the room is open (by the menu, even after the menus were built again), the room passes
    for Ben when only a pass fits; unticked again, it waits again."""
    window.auto_pass_action.trigger()  # unticked, as a player does in the View menu
    assert not window.settings.auto_pass()
    room, sent = _ben_in_a_room(qtbot, window)
    assert not room.controller.auto_pass, "the room opens with the setting as it is"
    stuck = request()
    stuck["hand"] = ["4-4", "1-0", "5-5", "1-1", "5-0", "5-4"]  # nothing on 3 or 2
    room.controller.receive(view(7, ["pass"], stuck))
    qtbot.wait(AUTO_PASS_MS + 400)
    assert not sent and room.controller.human_turn() == 1, "unticked: the pass is his to press"
    window.auto_pass_action.trigger()  # ticked while the room is open
    assert room.controller.auto_pass, "the tick reached the open room"
    room.controller.receive(view(8, ["pass"], stuck))
    qtbot.waitUntil(lambda: bool(sent), timeout=AUTO_PASS_MS + 3000)
    assert sent == [{"t": "act", "d": 8, "action": "pass"}]
    window.menuBar().clear()  # the menus built again (as a change of language does): still followed
    window._build_menu()
    window.auto_pass_action.trigger()
    assert not window.settings.auto_pass() and not room.controller.auto_pass


def _side_panel_texts(window: MainWindow) -> list[str]:
    """What the side panel shows in words (labels and buttons; not the move list, the match's record), plain."""
    side = window.game.side
    texts: list[str] = []
    for widget in side.findChildren(QLabel) + side.findChildren(QAbstractButton):
        if widget.isVisible() and widget.window() is window:
            plain = QTextDocumentFragment.fromHtml(widget.text()).toPlainText()
            texts.extend(line.strip() for line in plain.splitlines() if line.strip())
    return texts


SIDE_PANEL_WORDS = 34  # words (runs of letters or digits) at most, on a turn after the first play (was 41 and 44)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_side_panel_says_little_and_nothing_twice_on_a_turn(
    qtbot: QtBot, window: MainWindow, language: str
) -> None:
    """At 1024x700, a turn after the person's first play: the side panel's words number at most
    SIDE_PANEL_WORDS, no line is shown twice, and the turn line is a few words (how to play is said on the
    first turn, and the screen reader still hears whose turn it is)."""
    if language == "es":
        window.set_language("es")
    window.resize(1024, 700)
    start(window, "jamaican", seed=8)
    first = window.game.turn.text()
    assert my_turn(window) and len(first.split()) > 8, "the first turn says how to play"
    play_turn_by_keys(qtbot, window)
    idle(window)
    assert my_turn(window)
    qtbot.wait(window.look.animation_ms + 100)
    _shot(window, f"side-panel-turn-{language}")
    texts = _side_panel_texts(window)
    words = sum(len(re.findall(r"\w+", t)) for t in texts)
    turn = window.game.turn.text()
    assert turn == ("Your turn." if language == "en" else "Te toca.")  # spoken to, not named too (audit24b)
    assert words <= SIDE_PANEL_WORDS, f"{words} words: {texts}"
    assert len(set(texts)) == len(texts), f"said twice: {texts}"
    last_move = window.game.log.lines()[-1]
    assert last_move not in texts, "the last move is in the move list, not said again"
    LANGUAGE.install("en")
