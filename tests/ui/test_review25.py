"""Session 25's review of the merged change: what it found in the duplicate match's results sheet."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.duplicate import DuplicateMatch
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.play.controller import default_seats
from dominoes_desktop.ui.play.duplicate_sheet import DuplicateResults

from ..engine.test_duplicate import play_through


def _results(qtbot: QtBot, finished: bool) -> DuplicateResults:
    duplicate = DuplicateMatch.create(build_rules("jamaican"), 2, 3, sealed_by=3)
    if finished:
        play_through(duplicate, level="easy", seed=3, person="random")
        assert duplicate.is_over
    sheet = DuplicateResults(duplicate, default_seats(duplicate.rules.players), None)
    qtbot.addWidget(sheet)
    sheet.show()
    return sheet


def test_tab_leaves_the_duplicate_results_table(qtbot: QtBot) -> None:
    """Tab walked the results table cell by cell (14 Tabs over its 12 cells left the focus in it), as audit25b
    found of the statistics' tables: Tab leaves it, the arrows move among its cells."""
    sheet = _results(qtbot, finished=True)
    table = sheet.table
    table.setFocus()
    table.setCurrentCell(0, 0)
    qtbot.waitUntil(table.hasFocus, timeout=2000)
    QTest.keyClick(table, Qt.Key.Key_Tab)
    assert not table.hasFocus()
    table.setFocus()
    table.setCurrentCell(0, 0)
    QTest.keyClick(table, Qt.Key.Key_Right)
    assert (table.currentRow(), table.currentColumn()) == (0, 1)


def test_the_heading_under_way_is_named_in_two_sentences(qtbot: QtBot) -> None:
    """Before the match's end a screen reader read "Duplicate match so far Every deal is played …" as one."""
    sheet = _results(qtbot, finished=False)
    assert sheet.heading.accessibleName().startswith("Duplicate match so far. Every deal is played 2 times")
