"""The statistics screen: tables per stats group, a win-rate chart, reset and CSV export."""

from __future__ import annotations

import itertools
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..store.stats import COLUMNS, Statistics, StatsUnavailable
from .look import PIP_COLORS
from .rules_page import preset_name

HEADERS = {
    "matches": QT_TRANSLATE_NOOP("StatsDialog", "Matches"),
    "matches_won": QT_TRANSLATE_NOOP("StatsDialog", "Won"),
    "matches_lost": QT_TRANSLATE_NOOP("StatsDialog", "Lost"),
    "hands_won": QT_TRANSLATE_NOOP("StatsDialog", "Hands won"),
    "hands_lost": QT_TRANSLATE_NOOP("StatsDialog", "Hands lost"),
    "dominoes": QT_TRANSLATE_NOOP("StatsDialog", "Dominoes"),
    "blocks_won": QT_TRANSLATE_NOOP("StatsDialog", "Blocks won"),
    "points_for": QT_TRANSLATE_NOOP("StatsDialog", "Points for"),
    "points_against": QT_TRANSLATE_NOOP("StatsDialog", "Points against"),
    "six_love_given": QT_TRANSLATE_NOOP("StatsDialog", "Six-loves given"),
    "six_love_taken": QT_TRANSLATE_NOOP("StatsDialog", "Six-loves taken"),
    "capicuas": QT_TRANSLATE_NOOP("StatsDialog", "Capicúas"),
    "key_bones": QT_TRANSLATE_NOOP("StatsDialog", "Key bones"),
    "best_streak": QT_TRANSLATE_NOOP("StatsDialog", "Best streak"),
}


class WinRateChart(QWidget):
    """Win rate after each match, one line per preset, for one player."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(180)
        self.setAccessibleName(self.tr("Win rate over time"))
        self.lines: dict[str, list[float]] = {}
        self.player = ""

    def show_player(self, player: str, lines: dict[str, list[float]]) -> None:
        self.player = player
        self.lines = lines
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(self.rect()).adjusted(46, 24, -140, -26)
        painter.fillRect(self.rect(), QColor("#10301d"))
        painter.setPen(QPen(QColor("#cfd8cf"), 1))
        font = QFont("DejaVu Sans")
        font.setPixelSize(12)
        painter.setFont(font)
        painter.drawText(
            QRectF(area.left(), 2, area.width(), 20),
            Qt.AlignmentFlag.AlignLeft,
            self.tr("Win rate over time: {player}").format(player=self.player)
            if self.player
            else self.tr("Win rate over time"),
        )
        for fraction in (0.0, 0.5, 1.0):
            y = area.bottom() - fraction * area.height()
            painter.setPen(QPen(QColor(255, 255, 255, 60), 1, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(QColor("#cfd8cf"))
            painter.drawText(QRectF(0, y - 8, 40, 16), Qt.AlignmentFlag.AlignRight, f"{int(fraction * 100)}%")
        longest = max((len(v) for v in self.lines.values()), default=0)
        for k, (preset, rates) in enumerate(sorted(self.lines.items())):
            color = QColor(PIP_COLORS[1 + k % (len(PIP_COLORS) - 1)]).lighter(130)
            painter.setPen(QPen(color, 2.2))
            points = [
                QPointF(area.left() + area.width() * (i / max(1, longest - 1)), area.bottom() - rate * area.height())
                for i, rate in enumerate(rates)
            ]
            for a, b in itertools.pairwise(points):
                painter.drawLine(a, b)
            for point in points:
                painter.drawEllipse(point, 2.5, 2.5)
            painter.drawText(
                QRectF(area.right() + 10, area.top() + 18 * k, 130, 16),
                Qt.AlignmentFlag.AlignLeft,
                preset_name(preset),
            )
        if not self.lines:
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.tr("No finished matches yet"))
        painter.end()


class StatsDialog(QDialog):
    def __init__(self, stats: Statistics, group: str = "Home", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stats = stats
        self.setWindowTitle(self.tr("Statistics"))
        self.resize(980, 620)
        self.group = QComboBox()
        self.group.setAccessibleName(self.tr("Stats group"))
        self.table = QTableWidget()
        self.table.setAccessibleName(self.tr("Statistics table"))
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.chart = WinRateChart()
        self.reset = QPushButton(self.tr("Reset this group…"))
        self.reset.setAccessibleName(self.tr("Reset this stats group"))
        self.export = QPushButton(self.tr("Export CSV…"))
        self.export.setAccessibleName(self.tr("Export the statistics as CSV"))
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.accept)
        self.reset.clicked.connect(self._reset)
        self.export.clicked.connect(lambda: self.export_csv())
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Stats group")))
        top.addWidget(self.group, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.reset)
        buttons.addWidget(self.export)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 2)
        layout.addWidget(self.chart, 1)
        layout.addLayout(buttons)
        try:
            groups = stats.groups() or [group]
        except StatsUnavailable:
            groups = [group]  # the table below says why it is empty
        self.group.addItems(groups)
        self.group.setCurrentIndex(max(0, groups.index(group) if group in groups else 0))
        self.group.currentTextChanged.connect(lambda _text: self.refresh())
        self.table.itemSelectionChanged.connect(self._chart_for_selection)
        self.refresh()

    def refresh(self) -> None:
        group = self.group.currentText()
        try:
            rows = self.stats.table(group)
        except StatsUnavailable as exc:
            rows = []
            self.chart.show_player(self.tr("statistics unavailable ({reason})").format(reason=exc), {})
        self.table.setColumnCount(2 + len(COLUMNS))
        self.table.setHorizontalHeaderLabels(
            [self.tr("Player"), self.tr("Preset"), *(self.tr(str(HEADERS[c])) for c in COLUMNS)]
        )
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            name = preset_name(row.preset)
            cells = [row.player, name, *(str(row.values[c]) for c in COLUMNS)]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, (row.player, row.preset))
                if c >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        if rows:
            self.table.selectRow(0)
        else:
            self.chart.show_player("", {})

    def _chart_for_selection(self) -> None:
        items = self.table.selectedItems()
        if not items:
            return
        player, _preset = items[0].data(Qt.ItemDataRole.UserRole)
        group = self.group.currentText()
        lines = {}
        try:
            rows = self.stats.table(group)
            histories = {
                row.preset: self.stats.history(group, player, row.preset) for row in rows if row.player == player
            }
        except StatsUnavailable:
            return
        for row in rows:
            if row.player == player:
                history = histories[row.preset]
                wins = 0
                rates = []
                for i, won in enumerate(history, start=1):
                    wins += won
                    rates.append(wins / i)
                lines[row.preset] = rates
        self.chart.show_player(player, lines)

    def _reset(self) -> None:
        group = self.group.currentText()
        answer = QMessageBox.question(
            self,
            self.tr("Reset statistics"),
            self.tr("Delete every recorded match of the group “{group}”? This cannot be undone.").format(group=group),
        )
        if answer == QMessageBox.StandardButton.Yes:
            try:
                self.stats.reset(group)
            except StatsUnavailable as exc:
                QMessageBox.warning(
                    self, self.tr("Reset statistics"), self.tr("Could not reset: {reason}").format(reason=exc)
                )
            self.refresh()

    def export_csv(self, path: Path | None = None) -> None:
        if path is None:
            name, _ = QFileDialog.getSaveFileName(
                self, self.tr("Export statistics"), "statistics.csv", self.tr("CSV files (*.csv)")
            )
            if not name:
                return
            path = Path(name)
        try:
            path.write_text(self.stats.csv(self.group.currentText()), encoding="utf-8")
        except StatsUnavailable as exc:
            QMessageBox.warning(
                self,
                self.tr("Export statistics"),
                self.tr("Could not write {file}: {reason}").format(file=path.name, reason=exc),
            )
        except OSError as exc:
            QMessageBox.warning(
                self,
                self.tr("Export statistics"),
                self.tr("Could not write {file}: {reason}").format(file=path.name, reason=exc.strerror or exc),
            )
