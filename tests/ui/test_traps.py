"""No traps: leaving a match asks first and keeps it, focus returns to the rack, a chosen tile looks chosen."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QMessageBox, QStyleOptionGraphicsItem
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import ClaimWindow
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import hand_over, idle, my_turn, play_turn_by_keys, settle
from .test_pass_and_play import SOLO, _play_until, begin


def _answer(qtbot: QtBot, button_text: str, asked: list[str]) -> None:
    """Click `button_text` in the question box when it comes up (the real QMessageBox, run modally)."""

    def click() -> None:
        boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
        if not boxes:
            QTimer.singleShot(20, click)
            return
        box = boxes[0]
        asked.append(box.text())
        target = next(b for b in box.buttons() if b.text() == button_text)
        target.click()

    QTimer.singleShot(20, click)


@contextmanager
def asking(window: MainWindow) -> Iterator[None]:
    """The window asks before leaving a match; switched off again before pytest-qt closes it at teardown
    (which happens before fixtures are finalised)."""
    window.ask_before_leaving = True
    try:
        yield
    finally:
        window.ask_before_leaving = False


def test_new_match_mid_hand_asks_and_keeps_the_match(qtbot: QtBot, window: MainWindow) -> None:
    with asking(window):
        start(window, "jamaican", seed=4)
        window.controller.autoplay(3)
        match = window.controller.match
        asked: list[str] = []
        _answer(qtbot, "Stay at the table", asked)
        qtbot.mouseClick(window.game.lobby_button, Qt.MouseButton.LeftButton)
        assert asked, "asked"
        assert window.stack.currentWidget() is window.game
        _answer(qtbot, "Go to the lobby", asked)
        qtbot.mouseClick(window.game.lobby_button, Qt.MouseButton.LeftButton)
        assert len(asked) == 2 and window.stack.currentWidget() is window.lobby
        assert window.back_button.isVisible()
        qtbot.mouseClick(window.back_button, Qt.MouseButton.LeftButton)
        assert window.stack.currentWidget() is window.game
        assert window.controller.match is match and window.focusWidget() is window.game.table


def test_closing_mid_hand_asks_and_staying_keeps_the_window(qtbot: QtBot, window: MainWindow) -> None:
    with asking(window):
        start(window, "jamaican", seed=4)
        asked: list[str] = []
        _answer(qtbot, "Stay", asked)
        window.close()
        assert asked and window.isVisible()


def test_after_a_finished_match_leaving_does_not_ask(qtbot: QtBot, window: MainWindow) -> None:
    with asking(window):
        start(window, "jamaican", seed=4, target=1)
        window.controller.autoplay(10_000)
        assert window.controller.match is not None and window.controller.match.is_over
        window.leave_for_lobby()  # would wait for an answer if it asked
        assert window.stack.currentWidget() is window.lobby and not window.back_button.isVisible()


def test_focus_returns_to_the_rack_after_claiming(qtbot: QtBot, window: MainWindow) -> None:
    for seed in range(1, 40):
        begin(window, "all_fives", seats=SOLO, seed=seed)
        _play_until(qtbot, window, lambda: window.controller.waiting is not None)
        waiting = window.controller.waiting
        if isinstance(waiting, ClaimWindow):
            break
    else:
        raise AssertionError("no scoring play for the person")
    assert window.focusWidget() is window.game.claim_button
    qtbot.mouseClick(window.game.claim_button, Qt.MouseButton.LeftButton)
    assert window.focusWidget() is window.game.table


def test_a_tile_for_two_ends_is_raised_marked_and_named(qtbot: QtBot, window: MainWindow) -> None:
    view = window.game.table
    for seed in range(1, 60):
        start(window, "jamaican", seed=seed)
        while not hand_over(window):
            idle(window)
            settle(qtbot, window)
            if my_turn(window):
                double = next(
                    (i for i in view.table.items_for_rack() if i.legal and len(view.moves_for(i.tile)) > 1), None
                )
                if double is not None:
                    break
                play_turn_by_keys(qtbot, window)
        else:
            continue
        break
    else:
        raise AssertionError("no tile fitting two ends")
    resting = double.pos().y()
    others = [i for i in view.table.items_for_rack() if i is not double]
    view.tile_clicked(double.tile)
    settle(qtbot, window)
    assert double.selected_for_play and double.pos().y() < resting - 10
    assert all(not i.selected_for_play for i in others)
    assert len(view.table.markers) == 2
    assert "choose an end" in window.game.turn.text()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    settle(qtbot, window)
    assert not double.selected_for_play and not view.table.markers
    assert "choose an end" not in window.game.turn.text()


def test_playable_tiles_answer_the_pointer(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=2)
    view = window.game.table
    for _ in range(20):
        if my_turn(window) and view.controller.legal_moves()[0].kind is MoveKind.PLAY:
            break
        window.controller.autoplay(1)
    legal = next(i for i in view.table.items_for_rack() if i.legal)

    def drawn() -> QImage:
        image = QImage(160, 160, QImage.Format.Format_ARGB32)
        image.fill(0)
        painter = QPainter(image)
        painter.translate(80, 80)
        legal.paint(painter, QStyleOptionGraphicsItem(), None)
        painter.end()
        return image

    before = drawn()
    qtbot.mouseMove(view.viewport(), view.mapFromScene(legal.sceneBoundingRect().center() + QPointF(0, 5)))
    qtbot.waitUntil(lambda: legal.hovered, timeout=2000)
    assert drawn() != before
