"""Issue 34: the table's loose ends, driven as a player would (keys alone where a keyboard player would)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import ChooseLeader
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import idle, my_turn, play_turn_by_keys


def _to_a_won_hand_end(window: MainWindow) -> None:
    """Hands played through by a stand-in for the person until their side has won one, the sheet showing."""
    for _ in range(12):
        window.controller.autoplay(10_000)
        idle(window)
        result = window.controller.last_result
        if result is not None and result.winner_side == 0 and not window.controller.match_over:
            return
        window.game._next_hand()
        idle(window)
    raise AssertionError("the person's side never won a hand")


def _focused() -> QPushButton:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QPushButton), f"the focus is on {widget!r}, not a choice"
    return widget


def test_the_leader_choice_is_reached_and_answered_by_keys_alone(qtbot: QtBot, window: MainWindow) -> None:
    """From a won hand's end: Enter on Next hand, the leader panel's first choice has the focus, Tab and the
    arrows move among its choices only, Enter chooses, and the first play is made by keys (twice over: the
    panel is built again each hand)."""
    start(window, "jamaican", seed=2)
    game = window.game
    for _round in range(2):
        _to_a_won_hand_end(window)
        next_button = game.hand_end.next
        window.activateWindow()
        next_button.setFocus()
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        idle(window)
        assert isinstance(window.controller.pending, ChooseLeader)
        assert game.leader_choice.isVisible()
        choices = [b for b in game.leader_choice.findChildren(QPushButton) if b.isVisibleTo(game.leader_choice)]
        assert len(choices) == 2
        assert _focused() is choices[0] and choices[0].text() == "You lead"
        qtbot.keyClick(_focused(), Qt.Key.Key_Tab)
        assert _focused() is choices[1], "Tab goes to the partner's choice"
        qtbot.keyClick(_focused(), Qt.Key.Key_Tab)
        assert _focused() is choices[0], "and round within the panel, not into the rack"
        qtbot.keyClick(_focused(), Qt.Key.Key_Down)
        assert _focused() is choices[1]
        qtbot.keyClick(_focused(), Qt.Key.Key_Up)
        assert _focused() is choices[0]
        qtbot.keyClick(_focused(), Qt.Key.Key_Return)
        idle(window)
        hand = window.controller.hand
        assert hand is not None and hand.leader == 0 and not game.leader_choice.isVisible()
        assert game.table.hasFocus(), "the keys are back on the rack"
        assert my_turn(window)
        before = len(hand.history)
        play_turn_by_keys(qtbot, window)
        assert len(hand.history) > before, "the first play made by keys"
