"""The statistics screen's deal luck, on the real dialog: the figures shown are the recorded deals against
chance, the chart draws every hand, the reads run on the store's worker (the screen says "Loading…" first)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.analysis.luck import Draw, Measure, tally
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.store.stats import (
    CPU_GROUP,
    DB_NAME,
    DealLuck,
    LuckHand,
    PlayerLuck,
    Statistics,
    StatsSnapshot,
    match_record,
)
from dominoes_desktop.ui.review.deal_luck import DealLuckPanel
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE, number
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings
from dominoes_desktop.ui.shell.store_service import StoreService

PLAYERS = [("Ana", True, "medium"), ("CPU 1", False, "hard"), ("Beto", True, "medium"), ("CPU 3", False, "easy")]


def record_matches(folder: Path, count: int, group: str = "Home") -> Statistics:
    stats = Statistics(folder)
    for seed in range(count):
        rules = build_rules("jamaican", {"target": 2})
        table = CpuTable(rules, [make_player("easy", seed * 10 + s) for s in range(4)], seed)
        table.play_match()
        stats.write(match_record(group, table.match, PLAYERS))
    return stats


def open_dialog(qtbot: QtBot, store: StoreService, group: str = "Home") -> StatsDialog:
    dialog = StatsDialog(store, group)
    qtbot.addWidget(dialog)
    dialog.resize(1000, 680)
    dialog.show()
    loading = dialog.status.text()  # "Loading…", in the language installed
    qtbot.waitUntil(lambda: not dialog.loading or dialog.status.text() != loading, timeout=10_000)
    dialog.tabs.setCurrentWidget(dialog.luck)
    return dialog


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Callable[[], StoreService]]:
    """Starts the store service on the folder when called (after the test has recorded what it needs)."""
    started: list[StoreService] = []

    def start() -> StoreService:
        service = StoreService(tmp_path, threaded=True)
        service.start()
        started.append(service)
        return service

    yield start
    for service in started:
        service.close()


def test_the_screen_loads_off_the_ui_thread_then_shows_the_recorded_figures(
    qtbot: QtBot, tmp_path: Path, store: Callable[[], StoreService], monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = record_matches(tmp_path, 3).deal_luck("Home")
    readers: list[threading.Thread] = []
    snapshot = Statistics.snapshot

    def watched(self: Statistics, group: str) -> StatsSnapshot:
        readers.append(threading.current_thread())
        return snapshot(self, group)

    monkeypatch.setattr(Statistics, "snapshot", watched)
    service = store()
    service.wait_idle()
    gate = threading.Event()
    service._submit(gate.wait)  # the worker is busy (as with a slow disk) while the screen opens
    dialog = StatsDialog(service, "Home")
    qtbot.addWidget(dialog)
    assert dialog.loading and dialog.status.text() == "Loading…" and not dialog.tabs.isEnabled()
    assert dialog.status.objectName() == "", "loading is not a problem"
    gate.set()
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    assert readers and all(t is not threading.main_thread() for t in readers), "read on the store's worker"
    assert dialog.status.isHidden() and dialog.tabs.isEnabled()

    ana = expected.of("Ana")
    assert ana is not None and len(ana.hands) >= 3
    panel = dialog.luck
    assert panel.player.currentData() in ("Ana", "Beto")  # the person with the most hands (a tie here)
    panel.player.setCurrentIndex(panel.player.findData("Ana"))
    assert panel.chart.points() == len(ana.hands)
    counted = tally(h.doubles for h in ana.hands)
    dealt, chance = counted.per_hand()
    summary = panel.summary.text()
    assert f"{len(ana.hands)} hands recorded for Ana." in summary
    assert f"Doubles: {number(dealt)} a hand, chance gives {number(chance)}" in summary
    assert number(chance) == "1.75", "seven of double-six's 28 tiles: 7 * 7/28"
    assert f"({number(counted.difference, 1, signed=True)} in all, {number(counted.z, 1, signed=True)} σ)" in summary  # noqa: RUF001 (the sigma shown)
    rows = {panel.table.item(r, 0).text(): r for r in range(panel.table.rowCount())}
    assert set(rows) == {"Ana", "Beto", "CPUs (all levels)"}
    row = rows["Ana"]
    assert panel.table.item(row, 1).text() == str(len(ana.hands))
    assert panel.table.item(row, 2).text() == number(dealt) and panel.table.item(row, 3).text() == "1.75"


def test_measure_and_player_choose_what_the_chart_draws(
    qtbot: QtBot, tmp_path: Path, store: Callable[[], StoreService]
) -> None:
    luck = record_matches(tmp_path, 2).deal_luck("Home")
    dialog = open_dialog(qtbot, store())
    panel = dialog.luck
    cpus = luck.of(CPU_GROUP)
    assert cpus is not None
    row = next(r for r in range(panel.table.rowCount()) if panel.table.item(r, 0).text() == "CPUs (all levels)")
    panel.table.selectRow(row)
    assert panel.player.currentData() == CPU_GROUP
    run = panel.chart.run
    assert run is not None and run.measure is Measure.DOUBLES and len(run.steps) == len(cpus.hands)
    # Two CPU seats a hand: chance gives them 3.5 doubles together, with one draw's variance.
    assert run.steps[0].difference == pytest.approx(cpus.hands[0].doubles.observed - 3.5)
    panel.measure.setCurrentIndex(panel.measure.findData(Measure.PIPS.value))
    run = panel.chart.run
    assert run is not None and run.measure is Measure.PIPS
    assert run.steps[-1].difference == pytest.approx(tally(h.pips for h in cpus.hands).difference)
    assert panel.table.item(row, 3).text() == "84.00", "two seats of seven tiles, 6 pips a tile"
    image = panel.chart.grab().toImage()
    _back, _text, line = panel.chart.colors()
    assert any(
        image.pixelColor(x, y) == line for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
    ), "the run is drawn"


def test_matches_from_before_are_counted_as_such_never_drawn(
    qtbot: QtBot, tmp_path: Path, store: Callable[[], StoreService]
) -> None:
    stats = Statistics(tmp_path)
    rules = build_rules("jamaican", {"target": 2})
    table = CpuTable(rules, [make_player("easy", s) for s in range(4)], 3)
    table.play_match()
    record = match_record("Home", table.match, PLAYERS)
    stats.write(
        type(record)(
            *[
                getattr(record, f)
                for f in ("group", "preset", "finished_at", "winner_side", "hands", "six_love", "rows")
            ]
        )
    )
    dialog = open_dialog(qtbot, store())
    panel = dialog.luck
    assert panel.player.currentData() == "Ana"
    assert panel.chart.points() == 0 and panel.table.rowCount() == 0
    assert "Ana: no recorded deals yet." in panel.summary.text()
    assert "1 earlier match of Ana finished before deals were recorded" in panel.note.text()
    assert "the chart starts with the first hand recorded" in panel.chart.empty_text


def test_an_empty_group_and_an_unreadable_database_say_so(
    qtbot: QtBot, tmp_path: Path, store: Callable[[], StoreService], monkeypatch: pytest.MonkeyPatch
) -> None:
    service = store()
    dialog = open_dialog(qtbot, service, "Nobody")
    assert dialog.luck.chart.points() == 0 and dialog.luck.player.count() == 0
    assert dialog.luck.summary.text() == "No deals recorded in this group yet."
    service.close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("UPDATE schema_version SET version = 99")
    db.commit()
    db.close()
    dialog = open_dialog(qtbot, store())
    assert dialog.status.text() == (
        "The statistics were made by a newer version of the game; this version leaves them as they are."
    )
    assert dialog.luck.chart.points() == 0 and dialog.status.objectName() == "problem"
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Yes)
    offline = StoreService(tmp_path, threaded=False)  # answers at once, before the request returns
    offline.start()
    dialog = StatsDialog(offline, "Home")
    qtbot.addWidget(dialog)
    assert dialog.status.objectName() == "problem" and warnings == []
    dialog._reset()
    assert warnings == [
        "Could not reset: The statistics were made by a newer version of the game; this version leaves them as they are."
    ]


def test_a_match_played_in_the_window_shows_its_deals(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(Settings(open_settings(tmp_path)), pace_ms=0, threaded=False, data_dir=tmp_path)
    qtbot.addWidget(window)
    window.show()
    window.store.start()
    window.quick_start(build_rules("dominican", {"single_round": True}), "medium", 11)
    assert window.controller.cut_deck("click", 10, 20)  # the person cuts the sealed deal: chance's deal
    window.controller.autoplay(10_000)
    match = window.controller.match
    assert match is not None and match.is_over
    dialog = open_dialog(qtbot, window.store, window.game.setup.stats_group if window.game.setup else "Home")
    panel = dialog.luck
    you = panel.luck.of(panel.player.currentData())
    assert you is not None and panel.player.currentData() != CPU_GROUP
    deal, _ = match.archive[0]
    seat = next(s for s, seat in enumerate(window.controller.seats) if seat.human)
    assert [h.doubles.observed for h in you.hands] == [sum(t.is_double for t in deal.hands[seat])]
    assert panel.chart.points() == 1


def test_spanish_numbers_and_words(qtbot: QtBot, tmp_path: Path, store: Callable[[], StoreService]) -> None:
    record_matches(tmp_path, 1)
    LANGUAGE.install("es")
    try:
        dialog = open_dialog(qtbot, store())
        assert dialog.tabs.tabText(1) == "Suerte en el reparto"
        assert "el azar da 1,75" in dialog.luck.summary.text()
        assert dialog.luck.measure.itemText(1) == "Tantos"  # pips (issue 34: "puntos" are the score)
    finally:
        LANGUAGE.install("en")


@pytest.mark.parametrize("size", [(320, 200), (1900, 1000)])
def test_the_chart_draws_at_any_size_in_the_themes_colours(
    qtbot: QtBot, tmp_path: Path, store: Callable[[], StoreService], size: tuple[int, int]
) -> None:
    record_matches(tmp_path, 1)
    dialog = open_dialog(qtbot, store())
    chart = dialog.luck.chart
    chart.setMinimumSize(0, 0)
    chart.resize(*size)
    image = chart.grab().toImage()
    back, _text, _line = chart.colors()
    assert image.pixelColor(1, 1) == back
    assert QColor(back).name() == chart.palette().base().color().name()


def test_reset_and_export_go_through_the_worker(
    qtbot: QtBot, tmp_path: Path, store: Callable[[], StoreService], monkeypatch: pytest.MonkeyPatch
) -> None:
    record_matches(tmp_path, 1, "Home")
    record_matches(tmp_path, 1, "Friday").close()
    service = store()
    dialog = open_dialog(qtbot, service)
    assert dialog.table.rowCount() == 4 and dialog.luck.chart.points() > 0
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    out = tmp_path / "out.csv"
    with qtbot.waitSignal(service.statisticsExported, timeout=10_000):
        dialog.export_csv(out)
    assert out.read_text().startswith("group,player,preset") and warnings == []
    with qtbot.waitSignal(service.statisticsExported, timeout=10_000):
        dialog.export_csv(tmp_path / "no such folder" / "out.csv")
    assert len(warnings) == 1 and "Could not write out.csv" in warnings[0]
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Yes)
    dialog.reset.click()
    assert dialog.loading
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    assert dialog.table.rowCount() == 0 and dialog.luck.chart.points() == 0
    assert [dialog.group.itemText(i) for i in range(dialog.group.count())] == ["Friday", "Home"]
    dialog.group.setCurrentText("Friday")
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    assert dialog.table.rowCount() == 4 and dialog.luck.chart.points() > 0


def test_years_of_hands_draw_within_the_widget(qtbot: QtBot) -> None:
    hands = tuple(
        LuckHand(1.7e9 + i, i // 10, i % 10, "jamaican", Draw(i % 4, 1.75, 1.02), Draw(40 + i % 7, 42.0, 49.0))
        for i in range(5000)
    )
    panel = DealLuckPanel()
    qtbot.addWidget(panel)
    panel.resize(500, 500)
    panel.show_luck(DealLuck((PlayerLuck.of("Ana", hands, 0),)))
    assert panel.chart.points() == 5000
    assert panel.table.item(0, 1).text() == "5,000" and panel.table.item(0, 3).text() == "1.75"
    image = panel.chart.grab().toImage()
    _back, _text, line = panel.chart.colors()
    found = [x for x in range(image.width()) for y in range(image.height()) if image.pixelColor(x, y) == line]
    assert found and max(found) > image.width() * 0.9, "the run reaches the right end"


def test_pointing_at_a_hand_tells_its_figures(qtbot: QtBot) -> None:
    hands = (
        LuckHand(1.7e9, 1, 0, "jamaican", Draw(3, 1.75, 1.0), Draw(40, 42.0, 49.0)),
        LuckHand(1.7e9 + 60, 1, 1, "jamaican", Draw(0, 1.75, 1.0), Draw(50, 42.0, 49.0)),
    )
    panel = DealLuckPanel()
    qtbot.addWidget(panel)
    panel.resize(700, 500)
    panel.show_luck(DealLuck((PlayerLuck.of("Ana", hands, 0),)))
    chart = panel.chart
    chart.grab()  # lays the plot out
    assert chart.tip_at(chart.area.left() - 5) == ""
    tip = chart.tip_at(chart.area.right())
    assert tip.startswith("Hand 2 (") and "Jamaican partners): dealt 0, chance gives 1.75." in tip
    assert "Running total −0.5; 95% of fair runs stay within ±2.8." in tip  # noqa: RUF001 (the minus sign shown)
    assert chart.tip_at(chart.area.left() + chart.area.width() * 0.4).startswith("Hand 1 (")
