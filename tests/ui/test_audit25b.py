"""audit25b: the screens around the table, by keys and through a screen reader's eyes (session 25); each test on
the real widgets, failing on the code before its fix."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.store_service import StoreService

from .test_deal_luck import record_matches


@pytest.fixture
def stats_store(tmp_path: Path) -> Iterator[StoreService]:
    """Two finished Jamaican matches recorded: the statistics' tables have rows."""
    record_matches(tmp_path, 2).close()
    service = StoreService(tmp_path, threaded=False)
    service.start()
    yield service
    service.close()


def filled(qtbot: QtBot, table: QTableWidget) -> None:
    qtbot.waitUntil(lambda: table.rowCount() > 0, timeout=10_000)


def test_tab_leaves_the_statistics_tables(qtbot: QtBot, stats_store: StoreService) -> None:
    """Tab walked the Results and Deal luck tables cell by cell and wrapped round: Tab never left them, and the
    buttons and the other tabs were out of the keys' reach (only Escape, closing the dialog, got out)."""
    dialog = StatsDialog(stats_store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    for page, table in ((0, dialog.table), (dialog.tabs.indexOf(dialog.luck), dialog.luck.table)):
        dialog.tabs.setCurrentIndex(page)
        filled(qtbot, table)
        table.setFocus()
        table.setCurrentCell(0, 0)
        assert dialog.focusWidget() is table
        QTest.keyClick(table, Qt.Key.Key_Tab)
        assert dialog.focusWidget() is not table, table.accessibleName()
        # The arrows still go from cell to cell.
        table.setFocus()
        table.setCurrentCell(0, 0)
        QTest.keyClick(table, Qt.Key.Key_Right)
        assert (table.currentRow(), table.currentColumn()) == (0, 1)
