"""Statistics that tell the truth (issue 27): the screen opens on the group the last match went to, says why a
match is practice, counts a CPU level once per match, and reads in Spanish ("Tú", "CPU (media)", "Práctica")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.store.stats import Statistics
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.store_service import StoreService
from tests.store.test_stats import scripted_match

PLAYERS = [("You", True, "medium"), ("CPU 1", False, "medium"), ("CPU 2", False, "medium"), ("CPU 3", False, "medium")]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A match in Home, then one where Undo was used: the last went to Practice."""
    stats = Statistics(tmp_path)
    stats.record("Home", scripted_match(), PLAYERS)
    practice = scripted_match()
    practice.practice = True
    stats.record("Home", practice, PLAYERS)
    stats.close()
    return tmp_path


@pytest.fixture
def store(qtbot: QtBot, folder: Path) -> Iterator[StoreService]:
    service = StoreService(folder, threaded=False)
    service.start()
    yield service
    service.close()


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def opened(qtbot: QtBot, store: StoreService) -> StatsDialog:
    dialog = StatsDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    return dialog


def cells(dialog: StatsDialog) -> dict[str, list[str]]:
    table = dialog.table
    return {
        table.item(r, 0).text(): [table.item(r, c).text() for c in range(2, table.columnCount())]
        for r in range(table.rowCount())
    }


def test_it_opens_on_the_last_matchs_group_and_says_why_it_is_practice(qtbot: QtBot, store: StoreService) -> None:
    dialog = opened(qtbot, store)
    assert dialog.current_group() == "Practice" and dialog.group.currentText() == "Practice"
    assert dialog.why.isVisible() and "you used Undo" in dialog.why.text()
    rows = cells(dialog)
    assert set(rows) == {"You", "CPU (medium)"}
    assert rows["CPU (medium)"][0] == "1", "three CPU (medium) seats, one match"
    dialog.group.setCurrentIndex(dialog.group.findData("Home"))
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    assert not dialog.why.isVisible() and cells(dialog)["You"][0] == "1"


def test_the_statistics_read_in_spanish(qtbot: QtBot, store: StoreService) -> None:
    LANGUAGE.install("es")
    dialog = opened(qtbot, store)
    assert dialog.group.currentText() == "Práctica"
    assert [dialog.group.itemText(i) for i in range(dialog.group.count())] == ["Casa", "Práctica"]
    assert set(cells(dialog)) == {"Tú", "CPU (media)"}
    assert "Deshacer" in dialog.why.text()


def test_the_default_group_has_one_stored_name_for_the_store_and_the_views(tmp_path: Path) -> None:
    """The views keep their own copy of the default group's stored name (they may not import the store): the
    two must agree, and a group left empty is stored under it."""
    from dominoes_desktop.store import HOME_GROUP as STORED
    from dominoes_desktop.ui.shell.groups import HOME_GROUP as SHOWN_FROM
    from dominoes_desktop.ui.shell.groups import stored_group

    assert SHOWN_FROM == STORED == stored_group("  ")
    stats = Statistics(tmp_path)
    assert stats.snapshot("").group == STORED
    stats.close()
