"""The statistics screen: tables per stats group, a win-rate chart, deal luck, reset and CSV export.

It opens on the group the last finished match went to (Practice after an Undo, and says why), every group and
player shown in the player's language; the store keeps them in English ("Home", "CPU (medium)")."""

from __future__ import annotations

import contextlib
import itertools
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
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
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..learn.rules_page import preset_name
from ..look.grows import grows_with_window
from ..look.looks import PIP_COLORS, Look
from ..shell.groups import HOME_GROUP, shown_group
from ..shell.store_service import DUPLICATE_GROUP, PRACTICE_GROUP, DealLuck, StatsSnapshot, StoreService
from .deal_luck import DealLuckPanel, player_name
from .skill_page import SkillPage

GROUP_NAMES = {  # the groups the game names itself; a group a person typed is shown as typed
    PRACTICE_GROUP: QT_TRANSLATE_NOOP("StatsDialog", "Practice"),
    DUPLICATE_GROUP: QT_TRANSLATE_NOOP("StatsDialog", "Duplicate"),
}
# Why a match is practice: the one thing that makes it so (engine.match: a move was taken back).
PRACTICE_WHY = QT_TRANSLATE_NOOP(
    "StatsDialog",
    "Practice: you used Undo in these matches (a move was taken back), so they are kept apart and never count"
    " in your record.",
)


def is_cpu(player: str) -> bool:
    """A CPU level's row ("CPU (medium)", as the store labels every CPU seat), not a person's."""
    return player.startswith("CPU (") and player.endswith(")")


def group_name(group: str) -> str:
    """A stats group in the player's language (the default group's name: ui.shell.groups, which the lobby shares)."""
    return (
        QCoreApplication.translate("StatsDialog", str(GROUP_NAMES[group]))
        if group in GROUP_NAMES
        else shown_group(group)
    )


# The Results table's columns: a pair that belongs together ("won / lost") in one column, "3 / 1", so every column
# fits the dialog with its header's words whole (sixteen did not at 1024x700, in either language). The CSV export
# keeps one column a count (store.stats.COLUMNS).
SHOWN_COLUMNS: tuple[tuple[object, tuple[str, ...]], ...] = (
    (QT_TRANSLATE_NOOP("StatsDialog", "Matches"), ("matches",)),
    (QT_TRANSLATE_NOOP("StatsDialog", "Won / lost"), ("matches_won", "matches_lost")),
    (QT_TRANSLATE_NOOP("StatsDialog", "Hands won / lost"), ("hands_won", "hands_lost")),
    (QT_TRANSLATE_NOOP("StatsDialog", "Dominoes"), ("dominoes",)),
    (QT_TRANSLATE_NOOP("StatsDialog", "Blocks won"), ("blocks_won",)),
    (QT_TRANSLATE_NOOP("StatsDialog", "Points for / against"), ("points_for", "points_against")),
    (QT_TRANSLATE_NOOP("StatsDialog", "Six-loves given / taken"), ("six_love_given", "six_love_taken")),
    (QT_TRANSLATE_NOOP("StatsDialog", "Capicúas"), ("capicuas",)),
    (QT_TRANSLATE_NOOP("StatsDialog", "Key bones"), ("key_bones",)),
    (QT_TRANSLATE_NOOP("StatsDialog", "Best streak"), ("best_streak",)),
)


class WinRateChart(QWidget):
    """Win rate after each match, one line per preset, for one player."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(180)
        self.setAccessibleName(self.tr("Win rate over time"))
        self.lines: dict[str, list[float]] = {}
        self.player = ""
        self.words_scale = 1.0  # its words and margins: larger in a larger dialog (the dialog's scale)

    def show_player(self, player: str, lines: dict[str, list[float]]) -> None:
        self.player = player
        self.lines = lines
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = self.words_scale
        area = QRectF(self.rect()).adjusted(46 * s, 24 * s, -140 * s, -26 * s)
        text = self.palette().color(QPalette.ColorRole.Text)  # the theme's, so it reads on every theme
        grid = QColor(text)
        grid.setAlpha(60)
        painter.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Base))
        painter.setPen(QPen(text, 1))
        font = QFont("DejaVu Sans")
        font.setPixelSize(round(12 * s))
        painter.setFont(font)
        painter.drawText(
            QRectF(area.left(), 2 * s, area.width(), 20 * s),
            Qt.AlignmentFlag.AlignLeft,
            self.tr("Win rate over time: {player}").format(player=player_name(self.player))
            if self.player
            else self.tr("Win rate over time"),
        )
        for fraction in (0.0, 0.5, 1.0):
            y = area.bottom() - fraction * area.height()
            painter.setPen(QPen(grid, 1, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(text)
            painter.drawText(
                QRectF(0, y - 8 * s, 40 * s, 16 * s), Qt.AlignmentFlag.AlignRight, f"{int(fraction * 100)}%"
            )
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
                QRectF(area.right() + 10 * s, area.top() + 18 * s * k, 130 * s, 16 * s),
                Qt.AlignmentFlag.AlignLeft,
                preset_name(preset),
            )
        if not self.lines:
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.tr("No finished matches yet"))
        painter.end()


def _slash_kept(title: str) -> str:
    """A pair's header with its slash held to the word before it (a no-break space): "Ganadas / perdidas" wrapped
    at 1024x700 as three lines, the middle one a lone "/"."""
    return title.replace(" / ", "\N{NO-BREAK SPACE}/ ")


def _least_width(metrics: QFontMetrics, title: str, lines: int) -> int:
    """The narrowest a title's words go in `lines` lines or fewer, each line a run of its words (a no-break
    space joins two words into one)."""
    words = [word for word in title.split(" ") if word]
    if not words:
        return 0
    best = metrics.horizontalAdvance(title)
    for count in range(1, min(lines, len(words))):
        for cuts in itertools.combinations(range(1, len(words)), count):
            runs = [" ".join(words[i:j]) for i, j in itertools.pairwise((0, *cuts, len(words)))]
            best = min(best, max(metrics.horizontalAdvance(run) for run in runs))
    return best


class ColumnsFit(QObject):
    """Keeps a table's columns within its width, however wide their headers' words: the headers wrap, in as few
    lines as the width allows (every column at least as wide as its cells and its header's longest word), and the
    room left is shared out. At 1920x1080 in Spanish the Results table's columns, each as wide as its header on one
    line, ran past the dialog's edge."""

    def __init__(self, table: QTableWidget) -> None:
        super().__init__(table)
        self.table = table
        header = table.horizontalHeader()
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        header.setStyleSheet("QHeaderView::section { padding-left: 3px; padding-right: 3px; }")  # 6 px a side: 72
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.viewport().installEventFilter(self)  # its width changes with the dialog's and a vertical scroll bar

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.table.viewport():
            self.fit()
        return False

    def fit(self) -> None:
        table, header = self.table, self.table.horizontalHeader()
        count = table.columnCount()
        if count == 0:
            return
        bold = QFont(header.font())
        bold.setBold(True)  # as the look's style sheet draws a section's words
        words = QFontMetrics(bold)
        titles = [item.text() if (item := table.horizontalHeaderItem(c)) is not None else "" for c in range(count)]
        margins = [header.sectionSizeHint(c) - words.horizontalAdvance(titles[c]) for c in range(count)]
        cells = [table.sizeHintForColumn(c) for c in range(count)]
        room = table.viewport().width()
        most_lines = max(len(title.split(" ")) for title in titles) or 1
        for lines in range(1, most_lines + 1):  # the fewest lines whose columns fit (else a word a line)
            widths = [max(cells[c], margins[c] + _least_width(words, titles[c], lines)) for c in range(count)]
            if sum(widths) <= room:
                break
        spare = max(0, room - sum(widths))
        for c in range(count):
            widths[c] += spare // count + (1 if c < spare % count else 0)
            header.resizeSection(c, widths[c])
        wrapped = max(
            words.boundingRect(
                QRect(0, 0, max(1, widths[c] - margins[c]), 10_000), Qt.TextFlag.TextWordWrap, titles[c]
            ).height()
            for c in range(count)
        )
        header.setMinimumHeight(header.sizeHint().height() - words.height() + wrapped)


# The tabs in the theme's colours (the window's style sheet has no rules for tabs): palette roles, so every theme,
# high contrast included, gets its own readable pair of fill and text.
TABS_STYLE = """
QTabWidget::pane { background: palette(window); border: 1px solid palette(highlight); border-radius: 6px; top: -1px; }
QTabBar::tab { background: palette(button); color: palette(button-text); border: 1px solid palette(highlight);
    border-bottom: none; border-top-left-radius: 6px; border-top-right-radius: 6px; padding: 6px 16px;
    margin-right: 3px; }
QTabBar::tab:selected { background: palette(highlight); color: palette(highlighted-text); font-weight: bold; }
QTabBar::tab:focus { text-decoration: underline; }
"""


SIZE_AT_1 = QSize(980, 660)  # the dialog's size over a 1024x700 window


class StatsDialog(QDialog):
    """Tables per stats group (results and deal luck), a win-rate chart, reset and CSV export.

    Every read and write goes through the store service's worker: the screen opens at once saying "Loading…"
    and fills when the answer comes (statisticsRead), so a busy or slow database never freezes the window."""

    def __init__(self, store: StoreService, group: str = "", parent: QWidget | None = None) -> None:
        """`group` "" opens on the group the last finished match went to (Home before any)."""
        super().__init__(parent)
        self.store = store
        self.snapshot: StatsSnapshot | None = None
        self._asked = 0  # the newest request: answers to older ones are stale
        self._resetting = False  # the answer awaited is a reset's: a failure is told in a box
        self.setWindowTitle(self.tr("Statistics"))
        self.group = QComboBox()
        self.group.setAccessibleName(self.tr("Stats group"))
        self.group.addItem(group_name(group), group)
        self.status = QLabel()
        self.status.setWordWrap(True)  # named by its text ("Loading…", a problem): a fixed name hid it
        self.table = QTableWidget()
        self.table.setAccessibleName(self.tr("Statistics table"))
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()  # its row numbers said nothing and took a column's room
        # Tab leaves the table (the arrows move among its cells): it walked every cell and wrapped round, so Tab,
        # Shift+Tab and Ctrl+Tab never left it and the buttons and the other tabs were out of the keys' reach.
        self.table.setTabKeyNavigation(False)
        self.columns = ColumnsFit(self.table)
        self.chart = WinRateChart()
        self.luck = DealLuckPanel()
        results = QWidget()
        results_layout = QVBoxLayout(results)
        results_layout.addWidget(self.table, 2)
        results_layout.addWidget(self.chart, 1)
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName(self.tr("Statistics pages"))
        self.tabs.setStyleSheet(TABS_STYLE)
        self.tabs.addTab(results, self.tr("Results"))
        self.tabs.addTab(self.luck, self.tr("Deal luck"))
        # Issue 33: the person's skill, luck left out (read apart from the group: it is the person's whole record).
        look = getattr(parent, "look", None)
        self.skill = SkillPage(store, look if isinstance(look, Look) else None)
        self.tabs.addTab(self.skill, self.tr("Skill"))
        self.reset = QPushButton(self.tr("Reset this group…"))
        self.reset.setAccessibleName(self.tr("Reset this stats group"))
        self.export = QPushButton(self.tr("Export CSV…"))
        self.export.setAccessibleName(self.tr("Export the statistics as CSV"))
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.accept)
        self.reset.clicked.connect(self._reset)
        self.export.clicked.connect(lambda: self.export_csv())
        top = QHBoxLayout()
        group_label = QLabel(self.tr("Stats group"))
        # On Linux a combo box is named by its value ("Home"): only the label it is the buddy of says what it is for.
        group_label.setBuddy(self.group)
        top.addWidget(group_label)
        top.addWidget(self.group, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.reset)
        buttons.addWidget(self.export)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        self.why = QLabel(self.tr(str(PRACTICE_WHY)))  # shown on the Practice group
        self.why.setWordWrap(True)
        self.why.setAccessibleName(self.tr("Why these matches are practice"))
        self.why.hide()
        layout.addWidget(self.why)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(buttons)
        self.group.currentIndexChanged.connect(lambda _index: self.refresh())
        self.table.itemSelectionChanged.connect(self._chart_for_selection)
        store.statisticsRead.connect(self._answered)
        store.statisticsExported.connect(self._exported)
        # As large as the window it opens over, its words too (at 1920x1080 they were the 13 px of 1024x700).
        self.grows = grows_with_window(self, SIZE_AT_1, self._words_scaled)
        self.refresh()
        self.skill.refresh()

    def _words_scaled(self, scale: float) -> None:
        """The charts' own words at the dialog's scale; the tables' columns and rows fitted to their new words."""
        for chart in (self.chart, self.luck.chart, self.skill.chart):
            chart.words_scale = scale
            chart.update()
        self.luck.table.resizeColumnsToContents()
        for table in (self.table, self.luck.table):
            table.resizeRowsToContents()
        self.columns.fit()

    def done(self, result: int) -> None:
        for signal, slot in (
            (self.store.statisticsRead, self._answered),
            (self.store.statisticsExported, self._exported),
        ):
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)
        self.skill.disconnect_store()
        super().done(result)

    def current_group(self) -> str:
        """The group shown, as the store names it ("" before the store has said which the last one is)."""
        return str(self.group.currentData() or "")

    @property
    def loading(self) -> bool:
        return self.snapshot is None or self.snapshot.group != self.current_group()

    def refresh(self, *, reset: bool = False) -> None:
        """Ask the store for the group's statistics (deleting them first when `reset`); shows "Loading…" until
        they come."""
        self._say(self.tr("Loading…"), problem=False)
        for widget in (self.tabs, self.reset, self.export):
            widget.setEnabled(False)
        self.snapshot = None
        self._resetting = reset
        number = self.store.read_statistics(self.current_group(), reset=reset)
        self._asked = max(self._asked, number)

    def _say(self, text: str, *, problem: bool) -> None:
        """The status line: "Loading…" plainly, a problem in the theme's warning colour."""
        self.status.setObjectName("problem" if problem else "")
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def _answered(self, number: int, answer: object) -> None:
        # A store without a worker answers before read_statistics returns: any answer not older than the newest
        # request is the one wanted.
        if number < self._asked:
            return
        self._asked = number
        resetting, self._resetting = self._resetting, False
        if isinstance(answer, str):
            self._say(answer, problem=True)  # the store's sentence
            self.tabs.setEnabled(True)
            self._fill(StatsSnapshot(self.current_group() or HOME_GROUP, [], [], {}, DealLuck(())))
            self.snapshot = None
            if resetting:
                QMessageBox.warning(
                    self, self.tr("Reset statistics"), self.tr("Could not reset: {reason}").format(reason=answer)
                )
            return
        assert isinstance(answer, StatsSnapshot)
        self._say("", problem=False)
        for widget in (self.tabs, self.reset, self.export):
            widget.setEnabled(True)
        self._fill(answer)
        self.snapshot = answer

    def _fill(self, snapshot: StatsSnapshot) -> None:
        groups = snapshot.groups if snapshot.group in snapshot.groups else [*snapshot.groups, snapshot.group]
        self.group.blockSignals(True)
        self.group.clear()
        for group in sorted(groups):
            self.group.addItem(group_name(group), group)
        self.group.setCurrentIndex(self.group.findData(snapshot.group))
        self.group.blockSignals(False)
        self.why.setVisible(snapshot.group == PRACTICE_GROUP)
        self.snapshot = snapshot
        # People first, then the CPU levels (issue 34: "CPU (medium)" sorted above "You" by its letters alone).
        rows = sorted(snapshot.rows, key=lambda row: (is_cpu(row.player), row.player.casefold(), row.preset))
        self.table.clearSelection()
        self.table.setColumnCount(2 + len(SHOWN_COLUMNS))
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Player"),
                self.tr("Preset"),
                *(_slash_kept(self.tr(str(header))) for header, _keys in SHOWN_COLUMNS),
            ]
        )
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            name = preset_name(row.preset)
            counts = (" / ".join(str(row.values[key]) for key in keys) for _header, keys in SHOWN_COLUMNS)
            cells = [player_name(row.player), name, *counts]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, (row.player, row.preset))
                if c >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.columns.fit()
        # An empty table says so to a screen reader, as the chart under it says it in paint (audit25b).
        self.table.setAccessibleDescription("" if rows else self.tr("No finished matches yet"))
        if rows:
            self.table.selectRow(0)
            self._chart_for_selection()
        else:
            self.chart.show_player("", {})
        self.luck.show_luck(snapshot.luck)

    def _chart_for_selection(self) -> None:
        items = self.table.selectedItems()
        snapshot = self.snapshot
        if not items or snapshot is None:
            return
        player, _preset = items[0].data(Qt.ItemDataRole.UserRole)
        lines = {}
        for (who, preset), history in snapshot.histories.items():
            if who == player:
                wins = 0
                rates = []
                for i, won in enumerate(history, start=1):
                    wins += won
                    rates.append(wins / i)
                lines[preset] = rates
        self.chart.show_player(player, lines)

    def _reset(self) -> None:
        group = self.group.currentText()  # as the player reads it
        answer = QMessageBox.question(
            self,
            self.tr("Reset statistics"),
            self.tr("Delete every recorded match of the group “{group}”? This cannot be undone.").format(group=group),
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.refresh(reset=True)

    def export_csv(self, path: Path | None = None) -> None:
        """Write the group's table as CSV (on the store's worker; a failure is told when it comes back)."""
        if path is None:
            name, _ = QFileDialog.getSaveFileName(
                self, self.tr("Export statistics"), "statistics.csv", self.tr("CSV files (*.csv)")
            )
            if not name:
                return
            path = Path(name)
        self.store.export_statistics(self.current_group(), path)

    def _exported(self, path: str, reason: str) -> None:
        if reason:
            QMessageBox.warning(
                self,
                self.tr("Export statistics"),
                self.tr("Could not write {file}: {reason}").format(file=Path(path).name, reason=reason),
            )
