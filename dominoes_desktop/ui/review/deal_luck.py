# The minus sign (−) and sigma (σ) are the typography the player reads, not look-alikes of - and o:
# ruff: noqa: RUF001, RUF002, RUF003
"""The statistics screen's "Deal luck" tab: what each person (and the CPUs together) was dealt against what
chance gives, and a chart of the running difference inside chance's ±2σ band.

Every figure comes from the engine (engine/luck.py works out chance exactly, per hand) through the store; this
module only words and draws it. Matches finished before deals were recorded are counted as such and never
drawn: the chart starts with the first recorded hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QDateTime, QLocale, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from ...engine.analysis.luck import Measure, Step, Tally, Verdict
from ..learn.rules_page import preset_name
from ..look.look_style import contrast
from ..shell.i18n import number
from ..shell.store_service import CPU_GROUP, DealLuck, LuckHand, PlayerLuck

CONTEXT = "DealLuckPanel"
CPUS = QT_TRANSLATE_NOOP("DealLuckPanel", "CPUs (all levels)")
# The statistics keep players as the game named them, in English: "You" (the person's default name) and
# "CPU (level)". They are shown in the player's language.
YOU = QT_TRANSLATE_NOOP("DealLuckPanel", "You")
CPU_LEVEL = QT_TRANSLATE_NOOP("DealLuckPanel", "CPU ({level})")
LEVEL_WORDS = {
    "random": QT_TRANSLATE_NOOP("DealLuckPanel", "random"),
    "easy": QT_TRANSLATE_NOOP("DealLuckPanel", "easy"),
    "medium": QT_TRANSLATE_NOOP("DealLuckPanel", "medium"),
    "hard": QT_TRANSLATE_NOOP("DealLuckPanel", "hard"),
    "expert": QT_TRANSLATE_NOOP("DealLuckPanel", "expert"),
}
MEASURES = {
    Measure.DOUBLES: QT_TRANSLATE_NOOP("DealLuckPanel", "Doubles"),
    Measure.PIPS: QT_TRANSLATE_NOOP("DealLuckPanel", "Pips"),
}
AXIS = {
    Measure.DOUBLES: QT_TRANSLATE_NOOP("DealLuckPanel", "Doubles dealt − chance"),
    Measure.PIPS: QT_TRANSLATE_NOOP("DealLuckPanel", "Pips dealt − chance"),
}
VERDICTS = {
    (Measure.DOUBLES, Verdict.TOO_FEW): QT_TRANSLATE_NOOP("DealLuckPanel", "too few hands to tell yet"),
    (Measure.DOUBLES, Verdict.WITHIN): QT_TRANSLATE_NOOP("DealLuckPanel", "well within what chance gives"),
    (Measure.DOUBLES, Verdict.MORE): QT_TRANSLATE_NOOP("DealLuckPanel", "more doubles than chance usually gives"),
    (Measure.DOUBLES, Verdict.FAR_MORE): QT_TRANSLATE_NOOP("DealLuckPanel", "far more doubles than chance gives"),
    (Measure.DOUBLES, Verdict.FEWER): QT_TRANSLATE_NOOP("DealLuckPanel", "fewer doubles than chance usually gives"),
    (Measure.DOUBLES, Verdict.FAR_FEWER): QT_TRANSLATE_NOOP("DealLuckPanel", "far fewer doubles than chance gives"),
    (Measure.PIPS, Verdict.TOO_FEW): QT_TRANSLATE_NOOP("DealLuckPanel", "too few hands to tell yet"),
    (Measure.PIPS, Verdict.WITHIN): QT_TRANSLATE_NOOP("DealLuckPanel", "well within what chance gives"),
    (Measure.PIPS, Verdict.MORE): QT_TRANSLATE_NOOP("DealLuckPanel", "heavier hands than chance usually gives"),
    (Measure.PIPS, Verdict.FAR_MORE): QT_TRANSLATE_NOOP("DealLuckPanel", "far heavier hands than chance gives"),
    (Measure.PIPS, Verdict.FEWER): QT_TRANSLATE_NOOP("DealLuckPanel", "lighter hands than chance usually gives"),
    (Measure.PIPS, Verdict.FAR_FEWER): QT_TRANSLATE_NOOP("DealLuckPanel", "far lighter hands than chance gives"),
}
COLUMN_HEADERS = (
    QT_TRANSLATE_NOOP("DealLuckPanel", "Player"),
    QT_TRANSLATE_NOOP("DealLuckPanel", "Hands"),
    QT_TRANSLATE_NOOP("DealLuckPanel", "Dealt a hand"),
    QT_TRANSLATE_NOOP("DealLuckPanel", "Chance gives"),
    QT_TRANSLATE_NOOP("DealLuckPanel", "Difference in all"),
    QT_TRANSLATE_NOOP("DealLuckPanel", "σ from chance"),
    QT_TRANSLATE_NOOP("DealLuckPanel", "Verdict"),
)


def translate(text: object, n: int = -1) -> str:
    """A string marked with QT_TRANSLATE_NOOP in this module's context, in the player's language."""
    return QCoreApplication.translate(CONTEXT, str(text), None, n)


def player_name(player: str) -> str:
    """A player of the statistics in the player's language: "CPU (medium)" reads "CPU (media)" in Spanish."""
    if player == CPU_GROUP:
        return translate(CPUS)
    if player == "You":
        return translate(YOU)
    level = player.removeprefix("CPU (").removesuffix(")")
    if player == f"CPU ({level})" and level in LEVEL_WORDS:
        return translate(CPU_LEVEL).format(level=translate(LEVEL_WORDS[level]))
    return player


def verdict_text(measure: Measure, found: Tally) -> str:
    return translate(VERDICTS[(measure, found.verdict)])


def nice_step(span: float, ticks: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` divisions of `span`."""
    raw = max(span, 1e-9) / max(1, ticks)
    power = 10.0 ** math.floor(math.log10(raw))
    return next(k * power for k in (1, 2, 5, 10) if k * power >= raw)


@dataclass(frozen=True)
class Run:
    """What the chart draws: one player's running difference for one measure, hand by hand."""

    player: str
    measure: Measure
    steps: tuple[Step, ...]
    hands: tuple[LuckHand, ...]  # the same hands, in the same order

    @property
    def first(self) -> float | None:
        """When the first counted match finished (seconds since the epoch)."""
        return self.hands[0].finished_at if self.hands else None

    @property
    def last(self) -> float | None:
        return self.hands[-1].finished_at if self.hands else None


def short_date(when: float) -> str:
    return QLocale().toString(QDateTime.fromSecsSinceEpoch(int(when)).date(), QLocale.FormatType.ShortFormat)


class LuckChart(QWidget):
    """The running total of dealt − chance over the hands in the order played, inside the band where 95% of
    fair runs stay (±2σ, widening with every hand as chance's spread adds up). Colours come from the palette,
    so it reads on every theme."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(200)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(self.tr("Deal luck over time"))
        self.run: Run | None = None
        self.empty_text = ""
        self.area = QRectF()  # the plot, as last drawn: where the mouse points at a hand
        self.words_scale = 1.0  # its words: larger in a larger dialog (the statistics' scale)
        self.setMouseTracking(True)

    def show_run(self, run: Run | None, empty_text: str = "") -> None:
        self.run = run
        self.empty_text = empty_text
        if run is not None and run.steps:
            last = run.steps[-1]
            self.setAccessibleDescription(
                self.tr(
                    "{measure} of {player}: after {hands} hands, {difference} against chance; the band is ±{band}"
                ).format(
                    measure=translate(MEASURES[run.measure]),
                    player=player_name(run.player),
                    hands=len(run.steps),
                    difference=number(last.difference, 1, signed=True),
                    band=number(2 * last.sigma, 1),
                )
            )
        else:
            self.setAccessibleDescription(empty_text)
        self.update()

    def tip_at(self, x: float) -> str:
        """What the chart says about the hand under `x` (a tooltip): empty outside the plot."""
        run = self.run
        if run is None or not run.steps or self.area.width() <= 0 or not self.area.left() <= x <= self.area.right():
            return ""
        index = min(len(run.steps), max(1, round((x - self.area.left()) / self.area.width() * len(run.steps)))) - 1
        hand, step = run.hands[index], run.steps[index]
        draw = hand.draw(run.measure)
        return self.tr(
            "Hand {number} ({date}, {preset}): dealt {dealt}, chance gives {chance}.\n"
            "Running total {difference}; 95% of fair runs stay within ±{band}."
        ).format(
            number=QLocale().toString(index + 1),
            date=short_date(hand.finished_at),
            preset=preset_name(hand.preset),
            dealt=QLocale().toString(draw.observed),
            chance=number(draw.expected),
            difference=number(step.difference, 1, signed=True),
            band=number(2 * step.sigma, 1),
        )

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        tip = self.tip_at(event.position().x())
        if tip:
            QToolTip.showText(event.globalPosition().toPoint(), tip, self)
        else:
            QToolTip.hideText()
        super().mouseMoveEvent(event)

    def points(self) -> int:
        """How many hands the chart draws (tests, and the accessible description, read it)."""
        return 0 if self.run is None else len(self.run.steps)

    def colors(self) -> tuple[QColor, QColor, QColor]:
        """Background, text, and the line: whichever of the theme's accents stands out most on the background."""
        pal = self.palette()
        back = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.Text)
        candidates = [pal.color(role) for role in (QPalette.ColorRole.Link, QPalette.ColorRole.Highlight)]
        line = max(candidates, key=lambda c: contrast(c.name(), back.name()))
        if contrast(line.name(), back.name()) < 3.0:
            line = text
        return back, text, line

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        back, text, line = self.colors()
        painter.fillRect(self.rect(), back)
        font = QFont(self.font())
        font.setPixelSize(round(max(11, min(14, self.height() // 22)) * self.words_scale))
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        row = metrics.height()
        run = self.run
        if run is None or not run.steps:
            painter.setPen(text)
            painter.drawText(
                QRectF(self.rect()).adjusted(12, 12, -12, -12),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self.empty_text or self.tr("No recorded deals yet"),
            )
            painter.end()
            return
        steps = run.steps
        reach = max(max(abs(s.difference), 2 * s.sigma) for s in steps)
        reach = max(reach, 1.0 if run.measure is Measure.DOUBLES else 5.0) * 1.12
        y_step = nice_step(2 * reach, 6)
        y_ticks = [k * y_step for k in range(-math.floor(reach / y_step), math.floor(reach / y_step) + 1)]
        y_labels = [number(v, 0 if y_step >= 1 else 1, signed=True) for v in y_ticks]
        left = 10 + row + 6 + max(metrics.horizontalAdvance(t) for t in y_labels) + 6
        # The legend's entries, wrapped onto as many rows as the width needs (a narrow window, a long language).
        band = QColor(text)
        band.setAlpha(38)
        entries = [
            ("line", self.tr("dealt − chance, running total")),
            ("band", self.tr("where 95% of fair deals stay (±2σ)")),
            ("chance", self.tr("chance")),
        ]
        placed: list[tuple[str, str, float, int]] = []  # (kind, label, x, legend row)
        x, legend_row = left, 0
        for kind, label in entries:
            width = 28 + metrics.horizontalAdvance(label)
            if x > left and x + width > self.width() - 8:
                x, legend_row = left, legend_row + 1
            placed.append((kind, label, x, legend_row))
            x += width + 22
        top = 8 + (2 + legend_row) * row + 8
        bottom = 8 + 2 * row + 6
        area = QRectF(left, top, max(10.0, self.width() - left - 16), max(10.0, self.height() - top - bottom))
        self.area = area
        hands = len(steps)

        def x_of(hand: float) -> float:
            return area.left() + area.width() * hand / hands

        def y_of(value: float) -> float:
            return area.center().y() - value / reach * area.height() / 2

        faint = QColor(text)
        faint.setAlpha(45)
        # The title and the legend, above the plot.
        painter.setPen(text)
        title = self.tr("{measure}: {player}").format(
            measure=translate(MEASURES[run.measure]), player=player_name(run.player)
        )
        bold = QFont(font)
        bold.setBold(True)
        painter.setFont(bold)
        painter.drawText(QRectF(left, 6, area.width(), row), Qt.AlignmentFlag.AlignLeft, title)
        painter.setFont(font)
        for kind, label, x, legend_row in placed:
            legend_y = 6 + (1 + legend_row) * row + 2
            if kind == "line":
                painter.setPen(QPen(line, 2.5))
                painter.drawLine(QPointF(x, legend_y + row / 2), QPointF(x + 22, legend_y + row / 2))
            elif kind == "band":
                painter.fillRect(QRectF(x, legend_y + 2, 22, row - 4), band)
            else:
                painter.setPen(QPen(text, 1.2))
                painter.drawLine(QPointF(x, legend_y + row / 2), QPointF(x + 22, legend_y + row / 2))
            painter.setPen(text)
            painter.drawText(QRectF(x + 28, legend_y, max(0.0, self.width() - x - 28), row), label)
        # Grid and the y axis.
        for value, label in zip(y_ticks, y_labels, strict=True):
            y = y_of(value)
            painter.setPen(QPen(faint, 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(text)
            painter.drawText(
                QRectF(0, y - row / 2, area.left() - 6, row),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
        painter.save()
        painter.translate(10, area.center().y())
        painter.rotate(-90)
        painter.drawText(
            QRectF(-area.height() / 2, 0, area.height(), row),
            Qt.AlignmentFlag.AlignCenter,
            metrics.elidedText(translate(AXIS[run.measure]), Qt.TextElideMode.ElideRight, area.height()),
        )
        painter.restore()
        # Years of hands are more points than pixels: every `stride`-th is drawn (and always the last).
        stride = max(1, math.ceil(hands / max(1.0, 2 * area.width())))
        shown = [(i, steps[i]) for i in range(stride - 1, hands, stride)]
        if shown[-1][0] != hands - 1:
            shown.append((hands - 1, steps[-1]))
        # The band of chance: ±2σ after each hand, from nothing before the first.
        upper = [QPointF(x_of(0), y_of(0))] + [QPointF(x_of(i + 1), y_of(2 * s.sigma)) for i, s in shown]
        lower = [QPointF(x_of(i + 1), y_of(-2 * s.sigma)) for i, s in reversed(shown)]
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(band)
        painter.drawPolygon(QPolygonF(upper + lower))
        edge = QColor(text)
        edge.setAlpha(110)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(edge, 1, Qt.PenStyle.DashLine))
        painter.drawPolyline(QPolygonF(upper))
        painter.drawPolyline(QPolygonF([QPointF(x_of(0), y_of(0)), *reversed(lower)]))
        # Chance itself: the zero line.
        painter.setPen(QPen(text, 1.2))
        painter.drawLine(QPointF(area.left(), y_of(0)), QPointF(area.right(), y_of(0)))
        # The run.
        path = [QPointF(x_of(0), y_of(0))] + [QPointF(x_of(i + 1), y_of(s.difference)) for i, s in shown]
        painter.setPen(QPen(line, 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        painter.drawPolyline(QPolygonF(path))
        painter.setBrush(line)
        painter.drawEllipse(path[-1], 3.5, 3.5)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        # The x axis: hands in the order played, the first and last dates under its ends.
        painter.setPen(QPen(text, 1))
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        x_step = max(1, int(nice_step(hands, 8)))
        for hand in range(0, hands + 1, x_step):
            x = x_of(hand)
            painter.drawLine(QPointF(x, area.bottom()), QPointF(x, area.bottom() + 4))
            painter.drawText(
                QRectF(x - 30, area.bottom() + 4, 60, row), Qt.AlignmentFlag.AlignHCenter, QLocale().toString(hand)
            )
        below = area.bottom() + 4 + row
        painter.drawText(
            QRectF(area.left(), below, area.width(), row),
            Qt.AlignmentFlag.AlignHCenter,
            self.tr("hands, in the order played"),
        )
        for when, align in ((run.first, Qt.AlignmentFlag.AlignLeft), (run.last, Qt.AlignmentFlag.AlignRight)):
            if when is not None:
                painter.drawText(QRectF(area.left(), below, area.width(), row), align, short_date(when))
        painter.end()


class DealLuckPanel(QWidget):
    """The tab: a player and a measure to look at, a sentence for that player, the chart, and every player's
    figures side by side."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.luck = DealLuck(())
        self.player = QComboBox()
        self.player.setAccessibleName(self.tr("Whose deals"))
        self.measure = QComboBox()
        self.measure.setAccessibleName(self.tr("What to count"))
        for measure in Measure:
            self.measure.addItem(self.tr(str(MEASURES[measure])), measure.value)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Named by its sentences ("12 hands recorded for You. …"): a fixed name hid them from a screen reader.
        self.chart = LuckChart()
        self.table = QTableWidget()
        self.table.setAccessibleName(self.tr("Deal luck of every player"))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setTabKeyNavigation(False)  # Tab leaves it, the arrows move among its cells (a keyboard trap)
        self.note = QLabel()
        self.note.setWordWrap(True)
        choose = QHBoxLayout()
        for text, field, stretch in ((self.tr("Player"), self.player, 2), (self.tr("Count"), self.measure, 1)):
            label = QLabel(text)
            label.setBuddy(field)  # screen readers name the field by its label
            choose.addWidget(label)
            choose.addWidget(field, stretch)
            choose.addSpacing(12)
        choose.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(choose)
        layout.addWidget(self.summary)
        layout.addWidget(self.chart, 1)
        layout.addWidget(self.table)
        layout.addWidget(self.note)
        self.player.currentIndexChanged.connect(lambda _i: self._show())
        self.measure.currentIndexChanged.connect(lambda _i: self._show())
        self.table.itemSelectionChanged.connect(self._pick_from_table)

    def current_measure(self) -> Measure:
        return Measure(self.measure.currentData() or Measure.DOUBLES.value)

    def show_luck(self, luck: DealLuck) -> None:
        """Fill the tab from what the store read; keeps the chosen player when they are still there."""
        chosen = self.player.currentData()
        self.luck = luck
        self.player.blockSignals(True)
        self.player.clear()
        for found in luck.players:
            self.player.addItem(player_name(found.player), found.player)
        people = [p for p in luck.players if p.player != CPU_GROUP]
        default = max(people, key=lambda p: len(p.hands)).player if people else CPU_GROUP
        index = self.player.findData(chosen if chosen is not None and luck.of(chosen) else default)
        self.player.setCurrentIndex(max(0, index))
        self.player.setEnabled(bool(luck.players))
        self.player.blockSignals(False)
        self._show()

    def _pick_from_table(self) -> None:
        items = self.table.selectedItems()
        if items:
            index = self.player.findData(items[0].data(Qt.ItemDataRole.UserRole))
            if index >= 0 and index != self.player.currentIndex():
                self.player.setCurrentIndex(index)

    def _show(self) -> None:
        measure = self.current_measure()
        chosen = self.player.currentData()
        found = self.luck.of(chosen) if isinstance(chosen, str) else None
        self._fill_table(measure, chosen)
        if found is None:
            self.summary.setText(self.tr("No deals recorded in this group yet."))
            self.chart.show_run(None, self.tr("No recorded deals yet: every hand finished from now on is counted."))
            self.note.setText(self._explanation())
            return
        self.summary.setText(self._sentence(found))
        if found.hands:
            run = Run(found.player, measure, found.runs[measure], found.hands)
            self.chart.show_run(run)
        else:
            self.chart.show_run(
                None,
                self.tr("{player} has no recorded deals yet: the chart starts with the first hand recorded.").format(
                    player=player_name(found.player)
                ),
            )
        notes = []
        if found.unrecorded:
            notes.append(
                self.tr(
                    "%n earlier match(es) of {player} finished before deals were recorded: they are not counted, "
                    "and the chart starts with the first recorded hand.",
                    "",
                    found.unrecorded,
                ).format(player=player_name(found.player))
            )
        notes.append(self._explanation())
        self.note.setText(" ".join(notes))

    def _explanation(self) -> str:
        return self.tr(
            "Chance is what a fair shuffle deals on average, worked out exactly for each hand's set and deal size. "
            "Even fair deals stray from it; 95% of fair runs stay inside the band."
        )

    def _sentence(self, found: PlayerLuck) -> str:
        if not found.hands:
            return self.tr("{player}: no recorded deals yet.").format(player=player_name(found.player))
        lines = [
            self.tr("%n hand(s) recorded for {player}.", "", len(found.hands)).format(player=player_name(found.player))
        ]
        for measure in Measure:
            counted = found.tallies[measure]
            dealt, chance = counted.per_hand()
            lines.append(
                self.tr(
                    "{measure}: {dealt} a hand, chance gives {chance} ({difference} in all, {z} σ): {verdict}."
                ).format(
                    measure=translate(MEASURES[measure]),
                    dealt=number(dealt),
                    chance=number(chance),
                    difference=number(counted.difference, 1, signed=True),
                    z=number(counted.z, 1, signed=True),
                    verdict=verdict_text(measure, counted),
                )
            )
        return "\n".join(lines)

    def _fill_table(self, measure: Measure, chosen: object) -> None:
        self.table.blockSignals(True)
        self.table.clear()
        self.table.setColumnCount(len(COLUMN_HEADERS))
        self.table.setHorizontalHeaderLabels([self.tr(str(h)) for h in COLUMN_HEADERS])
        shown = [p for p in self.luck.players if p.hands]
        self.table.setRowCount(len(shown))
        for r, found in enumerate(shown):
            counted = found.tallies[measure]
            dealt, chance = counted.per_hand()
            cells = [
                player_name(found.player),
                QLocale().toString(counted.hands),
                number(dealt),
                number(chance),
                number(counted.difference, 1, signed=True),
                number(counted.z, 1, signed=True),
                verdict_text(measure, counted),
            ]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, found.player)
                if 0 < c < len(cells) - 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
            if found.player == chosen:
                self.table.selectRow(r)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(len(COLUMN_HEADERS) - 1, QHeaderView.ResizeMode.Stretch)
        # As tall as its rows (a few players), so the chart gets the room; a long list scrolls.
        rows = sum(self.table.rowHeight(r) for r in range(min(self.table.rowCount(), 6)))
        frame = (
            2 * self.table.frameWidth() + 2 + self.table.horizontalScrollBar().sizeHint().height()
        )  # narrow: it scrolls
        self.table.setMaximumHeight(self.table.horizontalHeader().sizeHint().height() + max(rows, 30) + frame)
        self.table.blockSignals(False)
