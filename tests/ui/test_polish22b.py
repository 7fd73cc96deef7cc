"""The screen-reader audit's last small items at the table (session 22): K says every key, the viewport has a name,
the claim box gives the focus back to the table."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import ClaimWindow
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import idle, saying, start
from .driving import my_turn, play_turn_by_keys
from .test_pass_and_play import SOLO, _play_until, begin
from .test_polish22 import focused_table


def test_k_says_every_key_the_table_answers(qtbot: QtBot, window: MainWindow) -> None:
    """K left out F, Ctrl+Z, Esc, F1 and Ctrl+Shift+Tab, which the table answers and docs/ACCESSIBILITY.md lists
    (a11y audit, session 22). The take-back and rules keys are read from their real shortcuts."""
    start(window, "jamaican", seed=1)
    view = focused_table(qtbot, window)
    with saying() as lines:
        qtbot.keyClick(view, Qt.Key.Key_K)
    assert lines, "K said nothing"
    keys = lines[-1]
    undo = window.game.undo_shortcut.key().toString(QKeySequence.SequenceFormat.NativeText)
    rules = [
        action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        for action in window.findChildren(type(window.panel_action))
        if action.shortcut().toString() == "F1"
    ]
    assert undo == "Ctrl+Z" and rules == ["F1"], (undo, rules)
    for key in (undo, rules[0], "Esc", "F turns", "Ctrl+Tab", "Ctrl+Shift+Tab", "D draws", "P passes", "H gives"):
        assert key in keys, (key, keys)


def test_the_tables_viewport_has_a_name(qtbot: QtBot, window: MainWindow) -> None:
    """The viewport is focused together with the table: it was a nameless "filler" to AT-SPI (a11y audit, A18)."""
    start(window, "jamaican", seed=1)
    view = focused_table(qtbot, window)
    viewport = view.viewport()
    accessible = QAccessible.queryAccessibleInterface(viewport)
    assert accessible is not None
    assert accessible.text(QAccessible.Text.Name) == view.accessibleName() == "Domino table"


def test_the_claim_box_gives_the_focus_back_to_the_table(qtbot: QtBot, window: MainWindow) -> None:
    """Claimed by the keyboard, the claim box hid with the focus and Qt gave it to the move log, which a screen
    reader then began to read (a11y audit, session 22): the focus goes back to the table."""
    for seed in range(1, 40):
        begin(window, "all_fives", seats=SOLO, seed=seed)
        _play_until(qtbot, window, lambda: window.controller.waiting is not None)
        if isinstance(window.controller.waiting, ClaimWindow):
            break
    else:
        raise AssertionError("no scoring play for the person")
    game = window.game
    window.activateWindow()
    qtbot.waitUntil(lambda: game.claim_button.hasFocus(), timeout=2000)
    # Every widget the focus passes through: the table took it back later anyway (the next turn), after the move
    # log had had it, and been read.
    passed: list[QWidget] = []

    def focused(_old: QWidget | None, new: QWidget | None) -> None:
        if new is not None:
            passed.append(new)

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.focusChanged.connect(focused)
    try:
        qtbot.keyClick(game.claim_button, Qt.Key.Key_Space)
    finally:
        app.focusChanged.disconnect(focused)
    assert not game.claim_box.isVisible()
    assert passed and all(widget is game.table for widget in passed), passed
    assert QApplication.focusWidget() is game.table, QApplication.focusWidget()


def test_ctrl_z_says_the_move_was_taken_back_before_the_turn_it_brings(qtbot: QtBot, window: MainWindow) -> None:
    """The second Ctrl+Z said "Your turn …" first and "Your move was taken back …" after it (a11y audit, session
    22): the why comes first, then the turn the person is back at."""
    start(window, "jamaican", seed=8)
    game = window.game
    window.activateWindow()
    game.table.setFocus()
    for _ in range(2):
        play_turn_by_keys(qtbot, window)
        idle(window)
    assert my_turn(window)
    qtbot.keyClick(game.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # says it makes practice
    with saying() as lines:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        idle(window)
    taken = "Your move was taken back: this match is practice."
    assert taken in lines, lines
    turns = [i for i, line in enumerate(lines) if line.startswith("Your turn")]
    assert turns, lines
    assert lines.index(taken) < turns[0], lines
