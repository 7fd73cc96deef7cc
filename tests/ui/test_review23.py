"""What the table reads as it takes the focus when the next deal does not come at once from this page's Next hand
(a room: the deal comes when every cut is in, or by the clock while the hand-end sheet still has the focus)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.shell.announce import ANNOUNCER
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.view import describe_tile

from .conftest import idle, read_at_focus, recording, start
from .driving import finish_hand_by_keys, known_deals_from

NBSP = "\u00a0"


def _rack_words(window: MainWindow) -> set[str]:
    return {describe_tile(tile) for tile in window.controller.rack(window.game.table.bottom)}


@pytest.mark.parametrize("describe", [False, True])
def test_a_deal_still_to_come_leaves_no_last_hand_tile_for_the_table_to_read(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, describe: bool
) -> None:
    if describe:
        window.describe_action.trigger()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        start(window, "jamaican", seed=2)
        finish_hand_by_keys(qtbot, window)
        view = window.game.table
        last_rack = _rack_words(window)
        controller = window.controller
        waiting: list[tuple[object, ...]] = []
        real_cut = controller.cut_deck
        monkeypatch.setattr(controller, "cut_deck", lambda *gesture: waiting.append(gesture))  # a room's cut
        with read_at_focus(view) as seen:
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Next hand
            idle(window)
            assert waiting and len(seen) == 1
            assert seen[0].rstrip(NBSP) == "", f"the last hand's tile read as the table takes the focus: {seen[0]}"
            assert not any(seen[0].startswith(tile) for tile in last_rack)
            real_cut(*waiting[0])  # every cut in: the deal
            idle(window)
        if not describe:  # the new rack's focused tile, read as its words come (the focus is already here)
            words = view.accessibleDescription().rstrip(NBSP)
            assert words.partition(", ")[0] in _rack_words(window), words
    finally:
        if ANNOUNCER.describe:
            window.describe_action.trigger()


def test_a_deal_that_comes_while_the_sheet_has_the_focus_is_read_once_with_the_new_tile(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The next deal known too: cut at random, its focused tile now and then read as the last hand's did (3-1,
    # not playable now), and the words were the same though the rack was new.
    known_deals_from(monkeypatch, 20)
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    view = window.game.table
    assert window.game.hand_end.isAncestorOf(QApplication.focusWidget())
    stale = view.accessibleDescription().rstrip(NBSP)
    changes = recording(monkeypatch, view)
    with read_at_focus(view) as seen:
        window.controller.cut_deck("clock")  # the deal, without the sheet's Next hand
        idle(window)
    seen = [text.rstrip(NBSP) for text in seen]
    assert len(seen) == 1 and seen[0] != stale, (stale, seen)
    # The first words set are the new rack's (later ones follow the play: a tile becomes playable on the turn).
    assert changes and changes[0].rstrip(NBSP).partition(", ")[0] in _rack_words(window), changes
    assert seen[0].partition(", ")[0] in _rack_words(window), seen
