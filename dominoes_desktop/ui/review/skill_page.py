"""Statistics ▸ Skill (issue 33): the person's error rate per scoring family, all time and over the last 100
hands, with its 95% interval; the rating over time as a line in its interval's band, the CPU levels as reference
lines; the three costliest decisions of the last ten hands, each opening the coach; the records that mean skill;
practice apart; the record exported to one file or imported from one.

Everything is read through the store service's worker (skillRead); a screen reader hears the number, the
interval and the trend in words (the headline's and the chart's accessible descriptions)."""

from __future__ import annotations

import contextlib
import itertools
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...engine.analysis import rating
from ..learn.rules_page import preset_name
from ..look.look_style import readable_on
from ..look.looks import PIP_COLORS, Look
from ..shell.i18n import number
from ..shell.store_service import StoreService
from ..shell.wording import move_words
from .deal_luck import player_name

if TYPE_CHECKING:
    from ...store.skill import Costly, FamilySkill, Point
    from ..shell.store_service import SkillSnapshot

FAMILY_NAMES = {
    "fives": QT_TRANSLATE_NOOP("SkillPage", "Fives (end points)"),
    "points": QT_TRANSLATE_NOOP("SkillPage", "Points (block, draw and Caribbean games to points)"),
    "hands": QT_TRANSLATE_NOOP("SkillPage", "Hands (Caribbean games to hands)"),
}
LEVEL_NAMES = {
    "random": QT_TRANSLATE_NOOP("SkillPage", "Random"),
    "easy": QT_TRANSLATE_NOOP("SkillPage", "Easy"),
    "medium": QT_TRANSLATE_NOOP("SkillPage", "Medium"),
    "hard": QT_TRANSLATE_NOOP("SkillPage", "Hard"),
    "expert": QT_TRANSLATE_NOOP("SkillPage", "Expert"),
}


def rating_text(value: float) -> str:
    """A rating as the page writes it: one decimal in the player's language (a dash when there is none)."""
    return "\N{EN DASH}" if math.isnan(value) else number(value, 1)


class SkillCounts(QObject):
    """The page's words with plural forms ("1 hand", "2 hands"): a class of their own, as lupdate reads plural
    forms from tr() only."""

    def hands(self, n: int) -> str:
        return self.tr("%n hand(s)", "", n)

    def decisions_so_far(self, n: int) -> str:
        return self.tr("provisional: %n decision(s) so far", "", n)

    def not_placed(self, more: int, levels: str) -> str:
        return self.tr(
            "You are placed among the CPU levels after %n more decision(s); the CPU levels: {levels}.", "", more
        ).format(levels=levels)

    def practice(self, rating: str, n: int) -> str:
        return self.tr("Practice (hands with Undo or a hint), kept apart: {rating} over %n hand(s).", "", n).format(
            rating=rating
        )

    def judged(self, n: int, rating: str, trend: str) -> str:
        return self.tr("%n hand(s) judged; error rate now {rating}. {trend}", "", n).format(rating=rating, trend=trend)

    def waiting(self, n: int) -> str:
        return self.tr("%n of your hands are still being judged.", "", n)

    def exported(self, n: int, file: str) -> str:
        return self.tr("Exported %n judged hand(s) to {file}.", "", n).format(file=file)

    def imported(self, n: int, file: str) -> str:
        return self.tr("Imported %n new judged hand(s) from {file}.", "", n).format(file=file)


def cpu_levels(family: str) -> dict[str, tuple[float, float, float]]:
    """The CPU levels' error rates in a family, weakest first, as the rating's calibration measured them:
    level -> (value, low, high); empty when the table cannot be read (the page says so)."""
    try:
        table = rating.calibration()
    except rating.RatingError:
        return {}
    return {lv.level: (lv.value, lv.ci95[0], lv.ci95[1]) for lv in table.get(rating.Family(family), ())}


def placement(found: rating.Rating, family: str) -> str:
    """Where a rating sits among the CPU levels, in words: "You play like Hard: 5.9 ± 0.7; the CPU levels: Easy
    21.0, Medium 15.6, Hard 5.2, Expert 0.2.". A provisional rating is not placed: after two decisions it read
    "You play like Expert: 0.0 ± 0.0"; the page says how many more decisions until it is."""
    levels = cpu_levels(family)
    value = found.value
    if not levels:
        return ""
    # "Easy 21.0, Medium 15.6": in Spanish, whose decimals have commas, "Fácil 21,0; Media 15,6".
    shown = QCoreApplication.translate("SkillPage", ", ", "between the CPU levels' ratings").join(
        f"{QCoreApplication.translate('SkillPage', str(LEVEL_NAMES.get(level, level)))} {rating_text(v[0])}"
        for level, v in levels.items()
    )
    if found.provisional:
        return SkillCounts().not_placed(max(1, rating.PROVISIONAL_BELOW - found.decisions), shown)
    if not math.isfinite(value):
        return ""
    nearest = min(levels, key=lambda level: abs(levels[level][0] - value))
    low, high = found.ci95
    spread = f" ± {rating_text((high - low) / 2)}" if math.isfinite(high) else ""
    return QCoreApplication.translate("SkillPage", "You play like {level}: {value}; the CPU levels: {levels}.").format(
        level=QCoreApplication.translate("SkillPage", str(LEVEL_NAMES.get(nearest, nearest))),
        value=rating_text(value) + spread,
        levels=shown,
    )


def trend_words(skill: FamilySkill) -> str:
    """The trend in words: the last 100 hands against all of them, told apart only when the intervals say so."""
    recent, whole = skill.recent, skill.all_time
    if recent.hands >= whole.hands or math.isnan(recent.value):
        return QCoreApplication.translate("SkillPage", "Not enough hands yet to tell a trend.")
    if recent.ci95[1] < whole.value:
        return QCoreApplication.translate(
            "SkillPage", "Improving: the last 100 hands are better than the whole record."
        )
    if recent.ci95[0] > whole.value:
        return QCoreApplication.translate("SkillPage", "Slipping: the last 100 hands are worse than the whole record.")
    return QCoreApplication.translate("SkillPage", "Steady: the last 100 hands are in line with the whole record.")


def rating_words(found: rating.Rating) -> str:
    """ "5.9 (95% interval 5.2 to 6.6), provisional": what the headline shows and a screen reader hears."""
    if math.isnan(found.value):
        return QCoreApplication.translate("SkillPage", "no decision to rate yet")
    if math.isfinite(found.ci95[1]):
        text = QCoreApplication.translate("SkillPage", "{value} (95% interval {low} to {high})").format(
            value=rating_text(found.value), low=rating_text(found.ci95[0]), high=rating_text(found.ci95[1])
        )
    else:
        text = QCoreApplication.translate("SkillPage", "{value} (too few hands for an interval yet)").format(
            value=rating_text(found.value)
        )
    if found.provisional:
        text += ", " + SkillCounts().decisions_so_far(found.decisions)
    return text


LINE_CONTRAST = 3.0  # a chart's lines against its ground: WCAG's least for the parts of a graphic


def seen_on(colour: QColor, ground: QColor) -> QColor:
    """`colour` lightened or darkened as little as makes it stand out LINE_CONTRAST to 1 from `ground`: the Medium
    level's indigo and the Expert's brown stood 1.0 to 2.8 to 1 from the chart's dark ground on every theme."""
    return QColor(readable_on(colour.name(), ground.name(), LINE_CONTRAST))


class SkillChart(QWidget):
    """The rating over the last 100 hands after each hand, its interval as a band, the CPU levels as lines."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(170)
        self.setAccessibleName(QCoreApplication.translate("SkillPage", "Error rate over time"))
        self.points: tuple[Point, ...] = ()
        self.levels: dict[str, tuple[float, float, float]] = {}
        self.top = 1.0  # the error rate at the top of the chart
        self.words_scale = 1.0  # its words and margins: larger in a larger dialog (the statistics' scale)

    def show_series(self, points: tuple[Point, ...], levels: dict[str, tuple[float, float, float]]) -> None:
        self.points = points
        self.levels = levels
        # The scale from the finite figures only: a run of one hand has no interval (its top is infinite), and
        # scaled to it the band filled the whole chart under axis labels of "inf" for a player's first 80 hands.
        # A band without an end is drawn to the chart's top.
        shown = [v for p in points for v in (p.value, p.high)] + [v[0] for v in levels.values()]
        self.top = max(1.0, max((v for v in shown if math.isfinite(v)), default=0.0) * 1.1)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().color(QPalette.ColorRole.Text)
        ground = self.palette().color(QPalette.ColorRole.Base)
        painter.fillRect(self.rect(), ground)
        s = self.words_scale
        font = QFont("DejaVu Sans")
        font.setPixelSize(round(12 * s))
        painter.setFont(font)
        area = QRectF(self.rect()).adjusted(46 * s, 24 * s, -96 * s, -26 * s)
        painter.setPen(text)
        painter.drawText(
            QRectF(area.left(), 2 * s, area.width(), 20 * s),
            Qt.AlignmentFlag.AlignLeft,
            QCoreApplication.translate("SkillPage", "Error rate over the last 100 hands (lower is better)"),
        )
        points = self.points
        if not points:
            painter.drawText(
                area, Qt.AlignmentFlag.AlignCenter, QCoreApplication.translate("SkillPage", "No judged hands yet")
            )
            painter.end()
            return
        top = self.top
        last = max(p.hands for p in points)
        first = min(p.hands for p in points)

        def at(hands: int, value: float) -> QPointF:
            x = area.left() + area.width() * ((hands - first) / max(1, last - first))
            return QPointF(x, area.bottom() - area.height() * min(value, top) / top)

        grid = QColor(text)
        grid.setAlpha(60)
        for fraction in (0.0, 0.5, 1.0):
            y = area.bottom() - fraction * area.height()
            painter.setPen(QPen(grid, 1, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(text)
            painter.drawText(
                QRectF(0, y - 8 * s, 40 * s, 16 * s), Qt.AlignmentFlag.AlignRight, rating_text(top * fraction)
            )
        # The hands under the line's two ends: the first point's count at the left, the last's at the right.
        under = QRectF(area.left(), area.bottom() + 4 * s, area.width(), 18 * s)
        if last > first:
            painter.drawText(under, Qt.AlignmentFlag.AlignLeft, str(first))
        painter.drawText(
            under,
            Qt.AlignmentFlag.AlignRight if last > first else Qt.AlignmentFlag.AlignLeft,
            SkillCounts().hands(last),
        )
        color = seen_on(QColor(PIP_COLORS[3]).lighter(120), ground)
        band = QColor(color)
        band.setAlpha(70)
        polygon = QPolygonF([at(p.hands, p.high) for p in points] + [at(p.hands, p.low) for p in reversed(points)])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(band)
        painter.drawPolygon(polygon)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(color, 2.4))
        line = [at(p.hands, p.value) for p in points if math.isfinite(p.value)]
        for a, b in itertools.pairwise(line):
            painter.drawLine(a, b)
        if len(line) == 1:
            painter.drawEllipse(line[0], 3, 3)
        # Each level's line where it lies; its name beside it, moved up as far as needed to stay clear of the one
        # below (close levels would write over each other).
        label_at: dict[str, float] = {}
        floor = area.bottom() + 8.0 * s
        for level, (value, _low, _high) in sorted(self.levels.items(), key=lambda item: item[1][0]):
            floor = min(at(first, value).y(), floor - 15 * s)
            label_at[level] = floor
        for k, (level, (value, _low, _high)) in enumerate(self.levels.items()):
            shade = seen_on(QColor(PIP_COLORS[1 + (k + 4) % (len(PIP_COLORS) - 1)]), ground)
            # On a row's middle: a thin line between two rows blurs half away.
            y = math.floor(at(first, value).y()) + 0.5
            painter.setPen(QPen(shade, 1.4, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(text)
            painter.drawText(
                QRectF(area.right() + 6 * s, label_at[level] - 8 * s, 90 * s, 16 * s),
                Qt.AlignmentFlag.AlignLeft,
                f"{QCoreApplication.translate('SkillPage', str(LEVEL_NAMES.get(level, level)))} {rating_text(value)}",
            )
        painter.end()


class SkillPage(QWidget):
    """The Skill tab of the statistics screen (see the module's doc)."""

    def __init__(self, store: StoreService, look: Look | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.look = look or Look()
        self.snapshot: SkillSnapshot | None = None
        self._asked = 0
        self.note = ""  # what the last export or import did
        self.player = QComboBox()
        self.player.setAccessibleName(QCoreApplication.translate("SkillPage", "Whose skill"))
        self.family = QComboBox()
        self.family.setAccessibleName(QCoreApplication.translate("SkillPage", "Scoring family"))
        self.headline = QLabel()
        self.headline.setObjectName("skillHeadline")
        self.headline.setWordWrap(True)
        self.headline.setAccessibleName(QCoreApplication.translate("SkillPage", "Your error rate"))
        self.headline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.headline.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.explained = QLabel(
            QCoreApplication.translate(
                "SkillPage",
                "Error rate: the hundredths of a hand you give away per decision, judged by what you could see"
                " (luck left out). Lower is better; forced moves do not count.",
            )
        )
        self.explained.setWordWrap(True)
        self.place = QLabel()
        self.place.setWordWrap(True)
        self.place.setAccessibleName(QCoreApplication.translate("SkillPage", "Where you stand among the CPU levels"))
        self.chart = SkillChart()
        self.costly_title = QLabel(
            QCoreApplication.translate("SkillPage", "The costliest decisions of your last ten hands")
        )
        self.costly_title.setObjectName("panelTitle")
        self.costly_buttons = [QPushButton() for _ in range(3)]
        self.records = QLabel()
        self.records.setWordWrap(True)
        # Named by their texts ("Records: …", "Practice (…)"): AT-SPI reads a label's name alone, and a fixed
        # title hid what they say.
        self.practice = QLabel()
        self.practice.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.export = QPushButton(QCoreApplication.translate("SkillPage", "Export skill record…"))
        self.export.setAccessibleName(QCoreApplication.translate("SkillPage", "Export the skill record to one file"))
        self.import_ = QPushButton(QCoreApplication.translate("SkillPage", "Import skill record…"))
        self.import_.setAccessibleName(QCoreApplication.translate("SkillPage", "Import a skill record from a file"))
        self.export.clicked.connect(lambda: self.export_record())
        self.import_.clicked.connect(lambda: self.import_record())
        top = QHBoxLayout()
        self.choice_labels: dict[QComboBox, QLabel] = {}
        for text, field, stretch in (
            (QCoreApplication.translate("SkillPage", "Player"), self.player, 1),
            (QCoreApplication.translate("SkillPage", "Family"), self.family, 2),
        ):
            label = QLabel(text)
            label.setBuddy(field)  # on Linux a combo box is named by its value: its label says what it is for
            self.choice_labels[field] = label
            top.addWidget(label)
            top.addWidget(field, stretch)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.headline)
        layout.addWidget(self.explained)
        layout.addWidget(self.place)
        layout.addWidget(self.chart, 1)
        layout.addWidget(self.costly_title)
        costly = QVBoxLayout()  # one under another: their words fit the narrowest window
        costly.setSpacing(2)
        for k, button in enumerate(self.costly_buttons):
            button.clicked.connect(lambda _=False, k=k: self.open_costly(k))
            button.setStyleSheet("text-align: left; padding: 3px 8px;")
            button.setAccessibleName(
                QCoreApplication.translate("SkillPage", "A costly decision: opens the coach on it")
            )
            costly.addWidget(button)
        layout.addLayout(costly)
        layout.addWidget(self.records)
        layout.addWidget(self.practice)
        files = QHBoxLayout()
        files.addWidget(self.export)
        files.addWidget(self.import_)
        files.addStretch(1)
        layout.addLayout(files)
        self.player.currentIndexChanged.connect(lambda _i: self.refresh())
        self.family.currentIndexChanged.connect(lambda _i: self._show_family())
        store.skillRead.connect(self._answered)
        store.skillFile.connect(self._file_done)
        self._fill_empty(QCoreApplication.translate("SkillPage", "Loading…"))

    def disconnect_store(self) -> None:
        for signal, slot in ((self.store.skillRead, self._answered), (self.store.skillFile, self._file_done)):
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)

    def refresh(self) -> None:
        """Ask the store for the chosen person's skill record; shown when it comes."""
        number = self.store.read_skill(str(self.player.currentData() or ""))
        self._asked = max(self._asked, number)

    def _answered(self, number: int, answer: object) -> None:
        if number < self._asked:
            return
        self._asked = number
        if isinstance(answer, str):
            self._fill_empty(answer)
            return
        self.snapshot = answer  # type: ignore[assignment]
        self._fill()

    def _fill_empty(self, why: str) -> None:
        """Nothing to show, and `why` said where the error rate would be: the headline, the page's first Tab stop
        once the empty choices are hidden, so a screen reader reads it there (an empty headline was read as "Your
        error rate" and nothing more, beside two blank choices)."""
        self.snapshot = None
        self._say_in(self.status, self.note)
        self._say_in(self.headline, why)
        self.headline.setAccessibleDescription(why)
        self._say_in(self.place, "")  # hidden, not an empty label a screen reader still lists (audit26 F6)
        self.place.setAccessibleDescription("")
        self.export.setEnabled(False)  # nothing judged: nothing to export
        self.chart.show_series((), {})
        for button in self.costly_buttons:
            button.hide()
        self.costly_title.hide()
        self.records.setText("")
        self.practice.setText("")
        self._show_choices()

    def _say_in(self, label: QLabel, text: str) -> None:
        """`text` on `label`, which takes no room (and no Tab stop) while it has nothing to say."""
        label.setText(text)
        label.setVisible(bool(text))

    def _show_choices(self) -> None:
        """A choice of player or family only when there is one to make: empty, they were two blank boxes."""
        for combo, label in self.choice_labels.items():
            combo.setVisible(combo.count() > 0)
            label.setVisible(combo.count() > 0)

    def _fill(self) -> None:
        snapshot = self.snapshot
        assert snapshot is not None
        for combo, items in (
            # "Tú" in Spanish, as the Results and Deal luck pages name the person ("You" was left in English).
            (self.player, [(player_name(name), name) for name in snapshot.players]),
            (
                self.family,
                [
                    (QCoreApplication.translate("SkillPage", str(FAMILY_NAMES[f.family.value])), f.family.value)
                    for f in snapshot.families
                ],
            ),
        ):
            chosen = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for text, data in items:
                combo.addItem(text, data)
            at = combo.findData(chosen if combo is self.family else snapshot.player)
            combo.setCurrentIndex(max(0, at))
            combo.blockSignals(False)
        self._show_choices()
        waiting = SkillCounts().waiting(snapshot.waiting) if snapshot.waiting else ""
        if not snapshot.families:
            self._fill_empty(
                QCoreApplication.translate(
                    "SkillPage",
                    "Nothing judged yet. Finish a hand you play: your decisions in it are judged in the background,"
                    " and your error rate shows here. A skill record exported from another computer can be imported"
                    " below.",
                )
                + (" " + waiting if waiting else "")
            )
            self.snapshot = snapshot
            return
        self._say_in(self.status, " ".join(t for t in (self.note, waiting) if t))
        self._show_family()

    def current(self) -> FamilySkill | None:
        snapshot = self.snapshot
        if snapshot is None or not snapshot.families:
            return None
        chosen = self.family.currentData()
        return next((f for f in snapshot.families if f.family.value == chosen), snapshot.families[0])

    def _show_family(self) -> None:
        skill, snapshot = self.current(), self.snapshot
        if skill is None or snapshot is None:
            return
        family = skill.family.value
        whole = rating_words(skill.all_time)
        recent = rating_words(skill.recent)
        trend = trend_words(skill)
        headline = QCoreApplication.translate("SkillPage", "Error rate: {rating}").format(rating=whole)
        if math.isnan(skill.all_time.value):
            # Practice hands alone: the last 100 hands and the trend would say "nothing to rate" twice more.
            self.headline.setText("<big><b>" + headline + "</b></big>")
            self.headline.setAccessibleDescription(headline)
        elif skill.recent.hands == skill.all_time.hands:
            # Every hand is among the last 100: "Last 100 hands: 23.4 (…), provisional: 3 decisions so far" said the
            # headline's words again, word for word, on the next line (visual28).
            self.headline.setText("<big><b>" + headline + "</b></big><br>" + trend)
            self.headline.setAccessibleDescription(headline + ". " + trend)
        else:
            self.headline.setText(
                "<big><b>"
                + headline
                + "</b></big><br>"
                + QCoreApplication.translate("SkillPage", "Last 100 hands: {rating}").format(rating=recent)
                + "<br>"
                + trend
            )
            self.headline.setAccessibleDescription(
                QCoreApplication.translate("SkillPage", "Error rate {whole}. Last 100 hands {recent}. {trend}").format(
                    whole=whole, recent=recent, trend=trend
                )
            )
        placed = placement(skill.all_time, family) or QCoreApplication.translate(
            "SkillPage", "The CPU levels' ratings are not calibrated yet."
        )
        self._say_in(self.place, placed)
        self.export.setEnabled(True)
        self.place.setAccessibleDescription(placed)  # its accessible name is what it is: a screen reader says both
        self.chart.show_series(skill.series, cpu_levels(family))
        self.chart.setAccessibleDescription(SkillCounts().judged(skill.all_time.hands, recent, trend))
        costly = [c for c in snapshot.costly if c.family is skill.family]
        self.costly_title.setVisible(bool(costly))
        for k, button in enumerate(self.costly_buttons):
            if k < len(costly):
                found = costly[k]
                words = QCoreApplication.translate(
                    "SkillPage", "Hand {hand}, move {move}: you played {chosen}; best {best} (cost {loss})"
                ).format(
                    hand=found.hand + 1,
                    move=found.ply + 1,
                    chosen=move_words(found.chosen),
                    best=" / ".join(move_words(best) for best in found.best[:2]),
                    loss=number(found.loss, 1 if skill.family.value == "hands" else 0),
                )
                button.setText(words)
                button.setToolTip(preset_name(found.preset))
                button.setAccessibleName(
                    QCoreApplication.translate("SkillPage", "Open the coach on: {words}").format(words=words)
                )
                button.show()
            else:
                button.hide()
        best = (
            QCoreApplication.translate("SkillPage", "best over 100 hands in a row: {value}").format(
                value=rating_text(skill.best_recent)
            )
            if skill.best_recent is not None
            else QCoreApplication.translate("SkillPage", "best over 100 hands in a row: not yet, it takes 100 hands")
        )
        lines = [
            QCoreApplication.translate(
                "SkillPage", "Records: {best}; the most hands in a row without a slip: {run}."
            ).format(best=best, run=skill.clean_run)
        ]
        if snapshot.duplicate_deals:
            lines.append(
                QCoreApplication.translate(
                    "SkillPage", "Duplicate deals won against the other table: {won} of {n}."
                ).format(won=snapshot.duplicate_won, n=snapshot.duplicate_deals)
            )
        self.records.setText("<br>".join(lines))
        if skill.practice is None:
            self.practice.setText(
                QCoreApplication.translate(
                    "SkillPage", "Practice (hands with Undo or a hint): none. They are always kept apart."
                )
            )
        else:
            self.practice.setText(SkillCounts().practice(rating_words(skill.practice), skill.practice_hands))

    # ---- the coach on a costly decision ---------------------------------------------------------------

    def open_costly(self, index: int) -> None:
        """The coach on the hand of the costliest decision `index`, that decision's row chosen once judged."""
        snapshot, skill = self.snapshot, self.current()
        if snapshot is None or skill is None:
            return
        costly = [c for c in snapshot.costly if c.family is skill.family]
        if index >= len(costly):
            return
        self.open_coach(costly[index])

    def open_coach(self, found: Costly) -> QWidget | None:
        from ...engine.match import Match
        from ...engine.record import RecordError, record_from_json
        from ..play.coach_panel import CoachDialog  # the exact solver loads when the coach is asked for
        from ..play.controller import SeatConfig

        try:
            match = Match.from_record(record_from_json(json.loads(found.record)))
        except (RecordError, ValueError) as exc:
            QMessageBox.warning(
                self,
                QCoreApplication.translate("SkillPage", "Coach"),
                QCoreApplication.translate("SkillPage", "This hand cannot be shown: {why}").format(why=exc),
            )
            return None
        if found.hand >= len(match.archive):
            return None
        deal, played = match.archive[found.hand]
        # The person by their name, the others by their seats ("Player 2"): bare numbers read "17 · 1" and "with 3".
        person = player_name(self.snapshot.player if self.snapshot is not None else "You")
        seats = [
            SeatConfig(
                person
                if seat == found.seat
                else QCoreApplication.translate("SkillPage", "Player {n}").format(n=seat + 1),
                seat == found.seat,
            )
            for seat in range(match.rules.players)
        ]
        lead_by_rule = match.led_by_rule.get(found.hand)  # a room's hand is a match of its own, led freely
        dialog = CoachDialog(match.rules, seats, deal, played, found.hand, self.look, self, lead_by_rule=lead_by_rule)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def choose(_rows: object) -> None:
            rows = dialog.rows
            for k, row in enumerate(rows):
                item = dialog.tree.topLevelItem(k)
                if row.ply == found.ply and item is not None:
                    dialog.tree.setCurrentItem(item)

        dialog.task.signals.judged.connect(choose)
        dialog.setModal(False)
        dialog.show()
        return dialog

    # ---- one file to move the record --------------------------------------------------------------------

    def export_record(self, path: Path | None = None) -> None:
        if path is None:
            name, _ = QFileDialog.getSaveFileName(
                self,
                QCoreApplication.translate("SkillPage", "Export skill record"),
                "skill-record.json",
                QCoreApplication.translate("SkillPage", "Skill records (*.json)"),
            )
            if not name:
                return
            path = Path(name)
        self.store.export_skill(path)

    def import_record(self, path: Path | None = None) -> None:
        if path is None:
            name, _ = QFileDialog.getOpenFileName(
                self,
                QCoreApplication.translate("SkillPage", "Import skill record"),
                "",
                QCoreApplication.translate("SkillPage", "Skill records (*.json);;All files (*)"),
            )
            if not name:
                return
            path = Path(name)
        self.store.import_skill(path)

    def _file_done(self, kind: str, path: str, reason: str, hands: int) -> None:
        # Said on the page's status line (not in a box that waits for a click): one line, nothing was changed.
        name = Path(path).name
        if reason and kind == "export":
            self.note = QCoreApplication.translate("SkillPage", "Could not export to {file}: {reason}").format(
                file=name, reason=reason
            )
        elif reason:
            self.note = QCoreApplication.translate("SkillPage", "Could not import: {reason}").format(
                reason=reason
            )  # the reason names the file
        elif kind == "export":
            self.note = SkillCounts().exported(hands, name)
        else:
            self.note = SkillCounts().imported(hands, name)
            self.refresh()
        self._say_in(self.status, self.note)
