"""Host a match: a preset, the house-rule options over it, the seats, and the table's helpers; Start.

One click on Start plays the default: Jamaican partners, you and three CPUs at medium.
"""

from __future__ import annotations

import math
from html import escape
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QIcon,
    QPainter,
    QPixmap,
    QResizeEvent,
    QShowEvent,
    QStandardItemModel,
    QWheelEvent,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...engine.errors import RulesError
from ...engine.levels import DEFAULT_LEVEL, TABLE_LEVELS
from ...engine.presets import PRESETS, Preset, build_rules
from ...engine.rules import Rules, Style
from ...resources import resources_dir
from ..learn.rules_page import option_names, preset_blurb, preset_name, readable_by_keys, rules_html
from ..look.flags import flag_pixmap
from ..look.form_rows import level_label
from ..look.look_style import FIELD_PX, page_scale, scaled_lobby_style
from ..shell import store_service
from ..shell.groups import HOME_GROUP, shown_group, stored_group
from ..shell.i18n import translate

if TYPE_CHECKING:
    from ..play.controller import MatchSetup

# Texts in these tables are translated where they are shown; QT_TRANSLATE_NOOP lets lupdate find them.
GROUPS = (
    ("caribbean", QT_TRANSLATE_NOOP("LobbyPage", "Caribbean")),
    ("classic", QT_TRANSLATE_NOOP("LobbyPage", "Classic")),
    ("points", QT_TRANSLATE_NOOP("LobbyPage", "Point games")),
)
PAIRINGS = {
    "none": QT_TRANSLATE_NOOP("LobbyPage", "Every player for themselves"),
    "1-3": QT_TRANSLATE_NOOP("LobbyPage", "Players 1 & 3 against 2 & 4"),
    "1-2": QT_TRANSLATE_NOOP("LobbyPage", "Players 1 & 2 against 3 & 4"),
    "1-4": QT_TRANSLATE_NOOP("LobbyPage", "Players 1 & 4 against 2 & 3"),
}
# Who partners whom decides who sits where, never which seats are partners (RULES.md §9b): partners always
# sit opposite (seats 0 and 2 against 1 and 3). SEATINGS[pairing][seat] is the lobby's player (0-3) in that
# seat: "1 & 2 against 3 & 4" seats players 1, 3, 2, 4 in seats 0 to 3. Player 1 always keeps seat 0.
SEATINGS: dict[str, tuple[int, ...]] = {
    "1-3": (0, 1, 2, 3),
    "1-2": (0, 2, 1, 3),
    "1-4": (0, 1, 3, 2),
}
SEAT_KINDS = {
    "cpu": QT_TRANSLATE_NOOP("LobbyPage", "CPU"),
    "person": QT_TRANSLATE_NOOP("LobbyPage", "Person at this screen"),
    "friend": QT_TRANSLATE_NOOP("LobbyPage", "Friend (invited)"),
    "empty": QT_TRANSLATE_NOOP("LobbyPage", "Empty"),
}
LEVEL_NAMES = {  # the words for engine.cpu's levels; the lobby lists them in TABLE_LEVELS' order
    "easy": QT_TRANSLATE_NOOP("LobbyPage", "Easy"),
    "medium": QT_TRANSLATE_NOOP("LobbyPage", "Medium"),
    "hard": QT_TRANSLATE_NOOP("LobbyPage", "Hard"),
    "expert": QT_TRANSLATE_NOOP("LobbyPage", "Expert"),
}
# Each level's place on the strength ladder (docs/STRENGTH.md, made by benchmarks/ladder.py): its Elo above a
# player that picks at random, the Expert's above Hard, rounded to tens; the lobby says it in words beside the
# level. A test keeps them to the ladder: run the ladder again and the test says which to change.
LADDER_REFERENCE = {"easy": "random", "medium": "random", "hard": "random", "expert": "hard"}
LADDER_STEPS = {"easy": 20, "medium": 60, "hard": 170, "expert": 20}
LEVEL_STRENGTH = {
    "easy": QT_TRANSLATE_NOOP("LobbyPage", "Easy: about {elo} points of Elo above a player that picks at random."),
    "medium": QT_TRANSLATE_NOOP("LobbyPage", "Medium: about {elo} points of Elo above a player that picks at random."),
    "hard": QT_TRANSLATE_NOOP("LobbyPage", "Hard: about {elo} points of Elo above a player that picks at random."),
    "expert": QT_TRANSLATE_NOOP("LobbyPage", "Expert: about {elo} points of Elo above Hard."),
}


def level_strength(level: str) -> str:
    """The level's place on the strength ladder, in the player's language."""
    return translate("LobbyPage", LEVEL_STRENGTH[level]).format(elo=LADDER_STEPS[level])


FIT_SLACK = 8  # px a column keeps free before a box is moved into it (a layout's measure is not to the pixel)
ICON_WIDTH, ICON_HEIGHT = 32, 24  # a preset's flag or symbol in the list, at 1024x700
DEAL_COUNTS = (4, 8, 12)  # the duplicate match's lengths the lobby offers (engine.duplicate plays any)


class Placing(NamedTuple):
    """Where the side boxes go: the room they leave empty under the seats (the least is taken), the seats' form and
    the table's (the less packed of two as full), and the boxes under the seats."""

    left: int
    compact: bool
    table_form: int
    boxes: tuple[QGroupBox, ...]

    def order(self) -> tuple[bool, int, bool, int]:
        """Those that fit first, the fullest of them; where none fits (a long note shown), the one that overflows
        least, which may be the compact seats' form with no box moved."""
        return self.left < 0, abs(self.left), self.compact, self.table_form


DIGITS_MARGIN = 10  # px the target's box keeps beside its widest number: the line edit's margins and its cursor
BOX_MARGIN_Y = 5  # above and below the fields of the boxes beside the rules
BOX_ROW_GAP = 4  # between their rows
# Where "At the table" puts its hands, timeout, helpers and stats group (row, column, columns spanned), the clock
# always first at the top left. Each form is a row shorter than the one before; a row left empty takes no room.
TABLE_FORMS = (
    ((1, 0, 1), (1, 1, 1), (2, 0, 2), (3, 0, 2), (4, 0, 2), (5, 0, 1), (5, 1, 1)),  # beside the rules
    ((1, 0, 1), (1, 1, 1), (2, 0, 1), (2, 1, 1), (4, 0, 2), (5, 0, 1), (5, 1, 1)),  # the timeout beside its words
    ((0, 2, 1), (0, 3, 1), (2, 0, 1), (2, 1, 3), (4, 0, 4), (5, 0, 1), (5, 1, 3)),  # the hands beside the clock
    ((0, 2, 1), (0, 3, 1), (2, 0, 1), (2, 1, 3), (5, 0, 2), (5, 2, 1), (5, 3, 1)),  # the helpers beside the group
)

TIMEOUT_ACTIONS = {
    "best": QT_TRANSLATE_NOOP("LobbyPage", "Play the best move for them"),
    "first": QT_TRANSLATE_NOOP("LobbyPage", "Play their first legal tile"),
    "pass": QT_TRANSLATE_NOOP("LobbyPage", "Pass when allowed"),
}


def symbol_pixmap(name: str, width: int = 32, height: int = 24) -> QPixmap | None:
    """A preset's picture from resources/symbols, or None when it is missing or unreadable."""
    renderer = QSvgRenderer(str(resources_dir() / "symbols" / f"{name}.svg"))
    if not renderer.isValid():
        return None
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, width, height))
    painter.end()
    return pixmap


def preset_icon(preset: Preset, width: int = 32, height: int = 24) -> QPixmap:
    """The flag of the country a preset comes from, else its own symbol, else a drawn domino for its group."""
    pixmap = flag_pixmap(preset.flag, width, height) if preset.flag else None
    if pixmap is None and preset.symbol:
        pixmap = symbol_pixmap(preset.symbol, width, height)
    return pixmap if pixmap is not None else domino_symbol(preset.group, width, height)


def domino_symbol(group: str, width: int = 32, height: int = 24) -> QPixmap:
    """A small drawn domino for presets with no flag: classic games show 6-6, point games 5-5."""
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(width / 32, height / 24)  # drawn at 32x24, a larger lobby's icon drawn larger, not blown up
    painter.setPen(QColor("#6b5d3f"))
    painter.setBrush(QColor("#fbf6e6"))
    painter.drawRoundedRect(QRectF(1, 4, 30, 16), 3, 3)
    painter.drawLine(16, 6, 16, 18)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#1b1b1b"))
    spots = (
        [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)]
        if group == "points"
        else [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)]
    )
    for left in (2.0, 17.0):
        for fx, fy in spots:
            painter.drawEllipse(QPointF(left + fx * 13, 5 + fy * 14), 1.4, 1.4)
    painter.end()
    return pixmap


def show_whole_choices(box: QComboBox) -> None:
    """A combo narrower than its longest choice still lets every word be read: its list opens as wide as the
    longest choice, and the chosen text, if cut, is whole in its tooltip (kept up to date as the choice changes)."""
    widen_list(box)

    def tell() -> None:
        box.setToolTip(box.currentText())

    box.currentIndexChanged.connect(tell)
    tell()


def widen_list(box: QComboBox) -> None:
    """The combo's list as wide as its longest choice in the box's font (again when the font grows)."""
    metrics = box.fontMetrics()
    widest = max((metrics.horizontalAdvance(box.itemText(i)) for i in range(box.count())), default=0)
    box.view().setMinimumWidth(widest + box.iconSize().width() + 48)  # the list's item padding and scroll bar


def whole_length(box: QComboBox) -> int:
    """The minimum contents length that shows `box`'s longest choice whole: Qt counts it in Xs, and with
    AdjustToMinimumContentsLengthWithIcon adds the icon's room (an icon's width and 4) to them."""
    metrics = box.fontMetrics()
    widest = max((metrics.boundingRect(box.itemText(i)).width() for i in range(box.count())), default=0)
    return -(-max(0, widest - box.iconSize().width() - 4) // max(1, metrics.horizontalAdvance("X")))


def height_at(widget: QWidget, width: int) -> int:
    """The height `widget` takes at `width`: its words wrapped there, or its size hint's if none wrap."""
    height = widget.heightForWidth(width)
    return height if height >= 0 else widget.sizeHint().height()


def scroll_the_page(widget: QWidget, event: QWheelEvent) -> None:
    """Hand a wheel turn over `widget` to the scroll area around it, as if the pointer were over the page."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QAbstractScrollArea):
        parent = parent.parentWidget()
    if parent is None:
        event.ignore()
        return
    # Given to the page's scroll bar: Qt passes an ignored wheel turn on to the parents only when it came from
    # the system, and a scroll bar takes it the same way from either.
    QApplication.sendEvent(parent.verticalScrollBar(), event)


class PageComboBox(QComboBox):
    """A choice on a page that scrolls: the wheel turns it only once it has the focus (clicked or tabbed to).
    Otherwise the wheel scrolls the page: a player scrolling the lobby turned the seat the pointer passed over
    into "Empty" (issue 34)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel does not take the focus either

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            scroll_the_page(self, event)


class PresetList(QListWidget):
    """The presets, the chosen row kept in view as the list's height changes: the page settles after it is first
    laid out (a language switch builds it anew), and the last row, chosen and scrolled to while the list was
    taller, ended under its bottom edge, its last line cut ("de tres.")."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        item = self.currentItem()
        if item is not None:
            self.scrollToItem(item)


class PageSpinBox(QSpinBox):
    """A number on a page that scrolls: as PageComboBox, the wheel changes it only once it has the focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            scroll_the_page(self, event)


class WholeComboBox(PageComboBox):
    """A combo box that never shrinks below its longest choice (with AdjustToContents, the style's padding in)."""

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint().expandedTo(super().minimumSizeHint())


class RulesView(QTextBrowser):
    """The preset's rules, laid out whole whenever the width changes: Qt lays a long text out lazily, the part in
    view first and the rest a moment later, and the scroll bar's handle (shown since the rules were cut off with
    no sign of more, Spanish at 1024x700) shrank after the first paint as the text's height became known."""

    def __init__(self) -> None:
        super().__init__()
        self.document().documentLayout().documentSizeChanged.connect(lambda _size: self._whole_lines())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        document = self.document()
        document.documentLayout().blockBoundingRect(document.lastBlock())  # lays the text out to its end
        self._whole_lines()

    def line_bottoms(self) -> list[float]:
        """Where each line of the laid-out text ends, from the top of the text."""
        bottoms = []
        block = self.document().begin()
        while block.isValid():
            lines = block.layout()
            top = lines.position().y()
            bottoms += [top + lines.lineAt(i).y() + lines.lineAt(i).height() for i in range(lines.lineCount())]
            block = block.next()
        return bottoms

    def _whole_lines(self) -> None:
        """With more text than room, the view ends under its last whole line, not through the next one: a short
        window (the lobby maximized on a 1024x700 screen) showed the rules' third line cut in half. The strip
        left over stays blank; the scroll bar says there is more."""
        room = self.contentsRect().height()
        bottoms = self.line_bottoms()
        whole = [bottom for bottom in bottoms if bottom <= room]
        spare = room - math.ceil(max(whole)) if whole and max(bottoms) > room else 0
        if spare != self.viewportMargins().bottom():
            self.setViewportMargins(0, 0, 0, spare)


class NoteLabel(QLabel):
    """A line of words shown only while it has some: an empty one took a line's height and its row's spacing
    (the house rules' two notes left 44 px blank under the deal, and at 1024x700 the seats' column was short)."""

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setVisible(bool(text))


class WrappedNote(NoteLabel):
    """A note that wraps down to its longest word: beside a button its whole width would push the row's label
    above it, and given no width at all it showed a letter or two a line (Spanish at 1024x700)."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        metrics = self.fontMetrics()
        longest = max((metrics.horizontalAdvance(word) for word in self.text().split()), default=0)
        margins = self.contentsMargins()
        return QSize(longest + margins.left() + margins.right() + 2 * self.margin(), hint.height())

    def sizeHint(self) -> QSize:
        """Its words on one line (a wrapping label guesses a wider width, and the form put its row's label above)."""
        hint = super().sizeHint()
        margins = self.contentsMargins()
        one_line = self.fontMetrics().horizontalAdvance(self.text()) + margins.left() + margins.right()
        return QSize(min(hint.width(), one_line + 2 * self.margin()), hint.height())


# An invited friend's name box, greyed: two short words, whole in a box sized for "CPU 4" and "Player 5" ("Their
# own name" read "Their own na…" at 1024x700, Spanish "Su propio n…").
FRIEND_NAME = QT_TRANSLATE_NOOP("LobbyPage", "Their name")


class SeatRow:
    """One player's kind and name. The lobby lists players 1-5; the pairing decides which seat each takes."""

    def __init__(self, index: int) -> None:
        self.label = QLabel(translate("LobbyPage", "Player {n}").format(n=index + 1))
        self.kind = WholeComboBox()
        self.kind.setAccessibleName(translate("LobbyPage", "Player {n}").format(n=index + 1))
        for value, text in SEAT_KINDS.items():
            self.kind.addItem(translate("LobbyPage", text), value)
        self.index = index
        self.name = QLineEdit(translate("LobbyPage", "CPU {n}").format(n=index))
        self.name.setAccessibleName(translate("LobbyPage", "Player {n} name").format(n=index + 1))
        self.name.setMaxLength(24)
        # "Player 2" names the kind's box for a screen reader: on Linux Qt names a combo by its value, and a
        # listener heard "Players, CPU" four times (a11y audit, session 22).
        self.label.setBuddy(self.kind)
        self.kind.currentIndexChanged.connect(self._kind_changed)

    def default_name(self) -> str:
        """The name the seat gets for its kind, in the language in use ("" for a friend or an empty seat)."""
        kind = self.kind.currentData()
        if kind == "cpu":
            return translate("LobbyPage", "CPU {n}").format(n=self.index)
        if kind == "person":
            you = translate("LobbyPage", "You") if self.index == 0 else ""
            return you or translate("LobbyPage", "Player {n}").format(n=self.index + 1)
        return ""

    def _kind_changed(self) -> None:
        kind = self.kind.currentData()
        self.name.setEnabled(kind not in ("empty", "friend"))  # a friend brings their own name
        cpu_name = translate("LobbyPage", "CPU {n}").format(n=self.index)
        # A friend's seat showed the greyed "CPU 1" it had before: it now says whose name will be there.
        self.name.setPlaceholderText(translate("LobbyPage", FRIEND_NAME) if kind == "friend" else "")
        if kind == "friend":
            self.name.clear()
        elif kind == "person" and self.name.text() in (cpu_name, ""):
            self.name.setText(translate("LobbyPage", "Player {n}").format(n=self.index + 1))
        elif kind == "cpu" and self.name.text() != cpu_name:
            self.name.setText(cpu_name)


class LobbyPage(QWidget):
    """The start screen."""

    startRequested = Signal(object)  # MatchSetup
    roomRequested = Signal()  # Start with a friend's seat: the table becomes a network room (net_dialogs)

    def __init__(self, initial: str = "jamaican", level: str = DEFAULT_LEVEL, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lobby")
        title = QLabel(self.tr("Host a match"))
        title.setObjectName("title")
        subtitle = QLabel(self.tr("Invite players, choose your house rules, then press Start."))
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search presets"))
        self.search.setAccessibleName(self.tr("Search presets"))
        self.search.setClearButtonEnabled(True)
        self.presets = PresetList()
        self.presets.setAccessibleName(self.tr("Presets"))
        self.presets.setWordWrap(True)
        self.presets.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.presets.setIconSize(QSize(ICON_WIDTH, ICON_HEIGHT))
        # The preset the form shows: the list's row where the search shows it, kept while a search hides it (the
        # match once started as Jamaican when a search left no row chosen: audit26 F1).
        self._chosen, self._loaded = initial, False
        self._fill_presets()
        self.rules_view = RulesView()
        self.rules_view.setAccessibleName(self.tr("House rules"))
        self.rules_view.setOpenExternalLinks(False)
        readable_by_keys(self.rules_view)  # Down only scrolled: a listener heard nothing (a11y audit, session 22)

        # House-rule options over the preset.
        self.set_top = PageComboBox()
        self.set_top.setAccessibleName(self.tr("Domino set"))
        for top in (6, 9, 12):
            self.set_top.addItem(self.tr("Double-{n}").format(n=top), top)
        self.players = PageSpinBox()
        self.players.setAccessibleName(self.tr("Seats"))
        self.players.setRange(2, 5)
        self.pairing = PageComboBox()
        self.pairing.setAccessibleName(self.tr("Partners"))
        for value, text in PAIRINGS.items():
            self.pairing.addItem(translate("LobbyPage", text), value)
        self.style_box = PageComboBox()
        self.style_box.setAccessibleName(self.tr("Block or draw"))
        self.style_box.addItem(self.tr("Block (pass when stuck)"), "block")
        self.style_box.addItem(self.tr("Draw (from the stock)"), "draw")
        self.goal = PageComboBox()
        self.goal.setAccessibleName(self.tr("Goal"))
        self.goal.addItem(self.tr("Play to a target"), "target")
        self.goal.addItem(self.tr("Single round"), "single")
        self.target = PageSpinBox()
        self.target.setAccessibleName(self.tr("Target"))
        self.target.setRange(1, 1000)
        self.deal_size = PageSpinBox()
        self.deal_size.setAccessibleName(self.tr("Tiles dealt to each player"))
        self.deal_size.setRange(1, 40)
        # Set by the host changing the deal; until then the deal follows the table for the set, seats and style.
        self.deal_typed = False
        self.custom = WrappedNote("")
        self.custom.setObjectName("custom")
        self.custom.setWordWrap(True)
        self.reset = QPushButton(self.tr("Reset to preset"))
        self.reset.setAccessibleName(self.tr("Reset the options to the preset"))
        self.problem = NoteLabel("")
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setAccessibleName(self.tr("Why these options cannot be played"))
        self.rules_box = rules_box = QGroupBox(self.tr("House rules"))
        self.rules_form = rules_form = QFormLayout(rules_box)
        rules_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        # The set and the seats share a row (a few words and a digit): at 700 high the page keeps one row more.
        set_row = QHBoxLayout()
        set_row.addWidget(self.set_top, 1)
        seats_label = QLabel(self.tr("Seats"))
        seats_label.setBuddy(self.players)
        set_row.addWidget(seats_label)
        set_row.addWidget(self.players)
        rules_form.addRow(level_label(self.tr("Set"), self.set_top), set_row)
        rules_form.addRow(level_label(self.tr("Partners"), self.pairing), self.pairing)
        rules_form.addRow(level_label(self.tr("Style"), self.style_box), self.style_box)
        goal_row = QHBoxLayout()
        goal_row.addWidget(self.goal, 1)  # the goal's words need the room; the target is a few digits
        goal_row.addWidget(self.target)
        rules_form.addRow(level_label(self.tr("Goal"), self.goal), goal_row)
        # The deal and the way back to the preset share a row; what differs from the preset is said under them,
        # or in a larger window beside the button that undoes it (lay_custom_note).
        self.deal_row = deal_row = QHBoxLayout()
        deal_row.addWidget(self.deal_size)
        deal_row.addStretch(0)
        deal_row.addWidget(self.reset)
        rules_form.addRow(level_label(self.tr("Tiles each"), self.deal_size), deal_row)
        self.custom_row = QHBoxLayout()  # the note's own row (hidden while the note is beside the button)
        rules_form.addRow(self.custom_row)
        rules_form.addRow(self.problem)
        self.lay_custom_note(beside=False)

        # Seats and helpers.
        self.seat_rows = [SeatRow(i) for i in range(5)]
        self._preset_others = "cpu"  # who the preset shown last seated beside the host
        self.seat_rows[0].kind.setCurrentIndex(1)
        self.seat_rows[0].name.setText(self.tr("You"))
        for row in self.seat_rows:
            row.kind.currentIndexChanged.connect(self._seats_changed)
        self.level = PageComboBox()
        self.level.setAccessibleName(self.tr("CPU difficulty"))
        for value in TABLE_LEVELS:
            self.level.addItem(translate("LobbyPage", LEVEL_NAMES[value]), value)
            self.level.setItemData(self.level.count() - 1, level_strength(value), Qt.ItemDataRole.ToolTipRole)
        # What the chosen level means, on the screen under it (it was only a tooltip and a screen reader's words).
        self.level_note = QLabel("")
        self.level_note.setObjectName("levelNote")
        self.level_note.setWordWrap(True)
        self.level.currentIndexChanged.connect(self._level_changed)
        self.level.setCurrentIndex(max(0, self.level.findData(level)))
        self._level_changed()
        self.fill = QCheckBox(self.tr("CPUs fill empty seats"))
        self.fill.setChecked(True)
        self.seats_box = seats_box = QGroupBox(self.tr("Players"))
        self.seats_grid = seats_grid = QGridLayout(seats_box)
        for i, row in enumerate(self.seat_rows):
            seats_grid.addWidget(row.label, i, 0)
            seats_grid.addWidget(row.kind, i, 1)
            seats_grid.addWidget(row.name, i, 2)
        difficulty = QLabel(self.tr("CPU difficulty"))
        difficulty.setWordWrap(True)  # a long label in a narrow column takes two lines, not the fields' room
        difficulty.setBuddy(self.level)  # its name for a screen reader (heard as "Medium" alone)
        seats_grid.addWidget(difficulty, 5, 0)
        self.difficulty_row = QHBoxLayout()  # the level and, in the compact form, the fill tick beside it
        self.difficulty_row.addWidget(self.level, 1)
        seats_grid.addLayout(self.difficulty_row, 5, 1)
        self.lay_seats_form(compact=False)
        # The kind of player says more than a name: it gets the room, the names keep what a CPU's name needs.
        seats_grid.setColumnStretch(1, 1)
        for row in self.seat_rows:
            row.name.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            row.kind.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.timer = PageComboBox()
        self.timer.setAccessibleName(self.tr("Turn timer"))
        for seconds in (0, 15, 30, 60):
            self.timer.addItem(self.tr("Off") if seconds == 0 else self.tr("{n} seconds").format(n=seconds), seconds)
        self.on_timeout = PageComboBox()
        self.on_timeout.setAccessibleName(self.tr("When time runs out"))
        for value, text in TIMEOUT_ACTIONS.items():
            self.on_timeout.addItem(translate("LobbyPage", text), value)
        self.visibility = PageComboBox()
        self.visibility.setAccessibleName(self.tr("Hands"))
        self.visibility.addItem(self.tr("Hidden hands"), False)
        self.visibility.addItem(self.tr("Open hands (practice)"), True)
        self.tracker = QCheckBox(self.tr("Tile tracker"))
        self.tracker.setAccessibleName(self.tr("Tile tracker"))
        self.hints = QCheckBox(self.tr("Hints"))
        self.hints.setAccessibleName(self.tr("Hints"))
        self.hints.setChecked(True)
        self.stats_group = QLineEdit(shown_group(HOME_GROUP))
        self.stats_group.setAccessibleName(self.tr("Stats group"))
        self.stats_group.setMaxLength(40)
        self.table_box = table_box = QGroupBox(self.tr("At the table"))
        # Beside the rules, above Start (issue 34: at 1024x700 the clock and the duplicate match were below the
        # options' fold, behind a thin scroll bar): short labels beside their fields, the long one above its own.
        self.table_form = table_form = QGridLayout(table_box)
        self.timer_label = timer_label = QLabel(self.tr("Turn timer"))
        timer_label.setBuddy(self.timer)
        table_form.addWidget(timer_label, 0, 0)
        table_form.addWidget(self.timer, 0, 1)
        self.hands_label = QLabel(self.tr("Hands"))
        self.hands_label.setBuddy(self.visibility)
        self.timeout_label = QLabel(self.tr("When time runs out"))
        self.timeout_label.setBuddy(self.on_timeout)
        self.helpers = QWidget()  # a widget, not a layout: it moves between the box's narrow and wide forms
        helpers = QHBoxLayout(self.helpers)
        helpers.setContentsMargins(0, 0, 0, 0)
        helpers.addWidget(self.tracker)
        helpers.addWidget(self.hints)
        helpers.addStretch(1)
        self.group_label = QLabel(self.tr("Stats group"))
        self.group_label.setBuddy(self.stats_group)
        self.lay_table_form(0)

        # Duplicate match (issue 17): one person against CPUs, every deal played again from the CPUs' seats.
        self.duplicate = QCheckBox(self.tr("Duplicate match against the CPUs"))
        self.duplicate.setAccessibleName(self.tr("Duplicate match against the CPUs"))
        self.duplicate_deals = PageComboBox()
        self.duplicate_deals.setAccessibleName(self.tr("Deals in the duplicate match"))
        for count in DEAL_COUNTS:
            self.duplicate_deals.addItem(self.tr("%n deal(s)", "", count), count)
        self.duplicate_deals.setCurrentIndex(1)
        self.duplicate_note = QLabel("")
        self.duplicate_note.setObjectName("duplicateNote")
        self.duplicate_note.setWordWrap(True)
        self.duplicate_box = duplicate_box = QGroupBox(self.tr("Skill without luck"))
        duplicate_layout = QGridLayout(duplicate_box)
        duplicate_layout.addWidget(self.duplicate, 0, 0)  # the tick and its length on one row
        duplicate_layout.addWidget(self.duplicate_deals, 0, 1)
        duplicate_layout.addWidget(self.duplicate_note, 1, 0, 1, 2)
        duplicate_layout.setColumnStretch(0, 1)
        self.duplicate_grid = duplicate_layout

        self.start = QPushButton(self.tr("Start"))
        self.start.setObjectName("start")
        self.start.setAccessibleName(self.tr("Start the match"))
        self.start.setDefault(True)
        self.start.clicked.connect(self._start)

        options = QWidget()
        options.setObjectName("lobbyOptions")
        self.options_layout = options_layout = QVBoxLayout(options)
        options_layout.addWidget(rules_box)
        options_layout.addWidget(seats_box)
        options_layout.addStretch(1)
        # Named, not found: findChildren makes a Python object (and a Python class) of every widget under the page.
        # A new combo or tick box goes in these lists (a test compares them with findChildren).
        choices = [self.set_top, self.pairing, self.style_box, self.goal, *(row.kind for row in self.seat_rows)]
        choices += [self.level, self.duplicate_deals, self.timer, self.on_timeout, self.visibility]
        self.choice_boxes: tuple[QComboBox, ...] = tuple(choices)
        self.tick_boxes: tuple[QCheckBox, ...] = (self.fill, self.duplicate, self.tracker, self.hints)
        for box in choices:
            # A choice shows as much of its text as the column has room for: on a narrow window (1024 wide, or
            # Spanish words) the column narrows instead of scrolling sideways and hiding the fields' right edge.
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(9)
            show_whole_choices(box)
        for check in self.tick_boxes:
            # A tick box as wide as its words: in the wider column a click right of them toggled nothing.
            check.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.words_scale = 1.0  # the page's words: as large as at 1024x700, larger in a larger window
        self._fit_words()
        self.options_area = scroll = QScrollArea()
        scroll.setWidget(options)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        # Its fields are the Tab stops (and it scrolls to the one given the focus): the area itself was one more
        # between the presets and the first field, showing no focus anywhere.
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        left = QVBoxLayout()
        left.addWidget(self.search)
        left.addWidget(self.presets, 1)
        self.right_column = right = QVBoxLayout()
        right.addWidget(self.rules_view, 1)
        right.addWidget(duplicate_box)
        right.addWidget(table_box)
        # Start's row: while a match is open the window puts a normal-sized "Back to the table" beside it.
        self.start_row = QHBoxLayout()
        self.start_row.addWidget(self.start, 1)
        right.addLayout(self.start_row)
        # The first deal is sealed before Start is pressed, and Start cuts it (fair deals, issue 34).
        self.seal_note = QLabel("")
        self.seal_note.setObjectName("lobbySeal")
        self.seal_note.setWordWrap(True)
        self.seal_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        right.addWidget(self.seal_note)
        columns = QHBoxLayout()
        # The options column has the longest words to show whole (Spanish choices at 1024 wide): it gets the room.
        columns.addLayout(left, 2)
        columns.addWidget(scroll, 4)
        columns.addLayout(right, 3)
        subtitle.setWordWrap(True)
        self.heading = heading = QBoxLayout(QBoxLayout.Direction.TopToBottom)  # the words' size lays it (close_knit)
        heading.addWidget(title, 0, Qt.AlignmentFlag.AlignBottom)
        heading.addWidget(subtitle, 1, Qt.AlignmentFlag.AlignBottom)
        self.page_layout = layout = QVBoxLayout(self)
        layout.addLayout(heading)
        layout.addLayout(columns, 1)
        self.close_knit(True)

        self._loading = False
        self.presets.currentItemChanged.connect(self._preset_changed)
        self.presets.itemActivated.connect(lambda _item: self._start())
        self.search.textChanged.connect(self._fill_presets)
        self.reset.clicked.connect(self._load_preset_defaults)
        for widget in (self.set_top, self.pairing, self.style_box, self.goal):
            widget.currentIndexChanged.connect(self._options_changed)
        for spin in (self.players, self.target):
            spin.valueChanged.connect(self._options_changed)
        self.deal_size.valueChanged.connect(self._deal_changed)
        self.duplicate.toggled.connect(self._options_changed)
        self.fill.toggled.connect(self._options_changed)
        self.duplicate_deals.currentIndexChanged.connect(self._options_changed)
        self.select(initial)

    # ---- the page's size -------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.scale_words()
        # Once the columns are laid out again in the new size and words (decided at once, it measured the words
        # of the size before and, at 1366x768, took the box into a column without room for it).
        QTimer.singleShot(0, self, self.place_side_boxes)

    def place_side_boxes(self) -> None:
        """In a larger window the seats' column takes, under the seats, as much of the right column's boxes as it
        has room for whole ("Skill without luck", "At the table"; both, either or neither): at 1920x1080 a third
        of that column was empty, and once "Skill without luck" went there a well under it still was."""
        layout = self.options_layout
        # Measured at the column's width: its words wrap (a size hint guessed them a line short at 1366x768).
        # The room with no scroll bar, which a column that fits does not show. Not viewport(): its Python wrapper
        # has PySide make the QMessageBox and QFileDialog classes, which the lobby's first paint does without.
        room = self.options_area.maximumViewportSize()
        width = room.width()
        margins = layout.contentsMargins()
        movable = (self.duplicate_box, self.table_box)  # in the order either column shows them
        inner = width - margins.left() - margins.right()
        in_middle = tuple(box for box in movable if layout.indexOf(box) >= 0)
        self.lay_seats_form(compact=False)
        for rows in (self.rules_form, self.seats_grid):
            rows.activate()  # their rows as shown now (seats hidden, a note shown), not as they were a moment ago
        # The column's height without the boxes that move, from its boxes' own (the column's total was still the one
        # it measured before the seats' rows changed, and with two seats at 1920x1080 "At the table" came in a
        # scroll bar short).
        fixed = (self.rules_box, self.seats_box)
        others = margins.top() + margins.bottom() + sum(height_at(box, inner) for box in fixed) + layout.spacing()
        # Below 0 where the column is already too tall (a long note shown): nothing moves in, and the compact seats'
        # form counts from there (it counted from 0, as if the rows it saves were room under the seats).
        free = room.height() - others - FIT_SLACK if self.words_scale > 1.0 else 0
        # Every placing (the boxes in the seats' column, the table's form, the seats' form) by the room it leaves
        # empty there; the fullest that fits is taken, and of two as full the one with the words less packed.
        placings = self.side_box_placings(free, compact=False, inner=inner)
        if not min(placings, key=Placing.order).boxes and self.words_scale > 1.0:
            # No box fits under the seats: the fill tick beside the difficulty gives them a row more (at 1280x800
            # and 1366x768 with four seats, 126 px stayed empty there; "Skill without luck" missed it by 1-20 px).
            seats_height = height_at(self.seats_box, inner)
            self.lay_seats_form(compact=True)
            self.seats_grid.activate()
            if self.seats_box.minimumSizeHint().width() <= inner:
                compact_room = free + seats_height - height_at(self.seats_box, inner)
                placings += self.side_box_placings(compact_room, compact=True, inner=inner)
        _, compact, form, chosen = min(placings, key=Placing.order)
        self.lay_seats_form(compact)
        if self.table_box not in chosen:
            form = self.form_beside_rules()
        self.lay_table_form(form)
        if chosen == in_middle:
            return
        for box in movable:
            layout.removeWidget(box)
            self.right_column.removeWidget(box)
        middle_at, right_at = 2, 1  # under the seats (above the stretch); under the rules, as at 1024x700
        for box in movable:
            if box in chosen:
                layout.insertWidget(middle_at, box)
                middle_at += 1
            else:
                self.right_column.insertWidget(right_at, box)
                right_at += 1
            # Moved before the page was first shown, Qt's reparenting left it hidden (a layout shows a widget it
            # takes only if it was showing); the boxes are always shown.
            box.show()
        for moved in (layout, self.right_column):
            moved.activate()  # laid out now: the next frame shows the boxes where they went
        # Tab goes down the seats' column, then down the right one (a box moved kept its place in the focus chain:
        # at 1920x1080 Tab went from the seats to the rules, the duplicate match, then back to "At the table").
        table_fields = (self.timer, self.visibility, self.on_timeout, self.tracker, self.hints, self.stats_group)
        stops = {self.duplicate_box: (self.duplicate, self.duplicate_deals), self.table_box: table_fields}
        order = [self.fill, *(w for box in chosen for w in stops[box]), self.rules_view]
        order += [w for box in movable if box not in chosen for w in stops[box]]
        for before, after in pairwise(order):
            QWidget.setTabOrder(before, after)

    def close_knit(self, knit: bool) -> None:
        """At the smallest size (maximized on a 1024x700 screen the rules showed three lines beside the boxes under
        them) the rules are given what the page can spare: the subtitle on the title's line, and the boxes under
        the rules a little closer knit than the style's 9 px margins and 6 px rows. Larger, the rules have room
        (300 px and more) and the page keeps its airier lines, which the seats' column is fitted to."""
        self.heading.setDirection(QBoxLayout.Direction.LeftToRight if knit else QBoxLayout.Direction.TopToBottom)
        self.heading.setSpacing(12 if knit else self.page_layout.spacing())
        for grid in (self.duplicate_grid, self.table_form):
            if knit:
                grid.setContentsMargins(9, BOX_MARGIN_Y, 9, BOX_MARGIN_Y)
            else:
                grid.setContentsMargins(-1, -1, -1, -1)  # the style's again
            grid.setVerticalSpacing(BOX_ROW_GAP if knit else -1)

    def form_beside_rules(self) -> int:
        """ "At the table" beside the rules: the timeout's words beside its choice where both fit there whole (a
        row given back to the rules, which a 1024x700 screen left three lines of), else above it."""
        if self.words_scale > 1.0:
            return 0  # larger, the rules have room (close_knit) and the words stay above their choice
        # The choice as wide as Qt makes a combo box for its longest words (its few letters' size hint fell short of
        # "Play the best move for them", shown cut at 1280x800 until the next placing put the words above it).
        box = self.on_timeout
        policy = box.sizeAdjustPolicy()
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        choice = box.sizeHint().width()
        box.setSizeAdjustPolicy(policy)
        labels = (self.timer_label, self.hands_label, self.timeout_label, self.group_label)
        grid = self.table_form
        margins = self.table_box.contentsMargins() + grid.contentsMargins()
        needed = max(label.sizeHint().width() for label in labels) + grid.horizontalSpacing() + choice
        return 1 if needed + margins.left() + margins.right() <= self.rules_view.width() else 0

    def side_box_placings(self, room: int, compact: bool, inner: int) -> list[Placing]:
        """The placings of the side boxes under the seats (in their `compact` form or not) that fit in `room`, each
        with the room it leaves; the first moves nothing (kept where `room` is below 0: the column overflows)."""
        placings = [Placing(room, compact, 0, ())]
        if room <= 0:
            return placings
        spacing = self.options_layout.spacing()
        duplicate_height = height_at(self.duplicate_box, inner) + spacing
        placings.append(Placing(room - duplicate_height, compact, 0, (self.duplicate_box,)))
        # "At the table" in each of its forms but the narrowest (kept beside the rules), to the shortest.
        for form in range(1, len(TABLE_FORMS)):
            self.lay_table_form(form)
            if self.table_box.minimumSizeHint().width() > inner:
                continue
            table_height = height_at(self.table_box, inner) + spacing
            placings.append(Placing(room - table_height, compact, form, (self.table_box,)))
            both = (self.duplicate_box, self.table_box)
            placings.append(Placing(room - duplicate_height - table_height, compact, form, both))
        return placings[:1] + [placing for placing in placings[1:] if placing.left >= 0]

    def lay_seats_form(self, compact: bool) -> None:
        """The tick for CPUs filling empty seats on a row of its own under the difficulty, or (compact) beside the
        difficulty's choice, the two as wide as the kinds and names above them."""
        grid = self.seats_grid
        grid.removeWidget(self.fill)
        self.difficulty_row.removeWidget(self.fill)
        grid.removeItem(self.difficulty_row)
        grid.removeWidget(self.level_note)
        if compact:
            self.difficulty_row.addWidget(self.fill)
            grid.addLayout(self.difficulty_row, 5, 1, 1, 2)
            # The level's words under the label too: one line where under the choice alone they took two (five
            # seats at 1280x800 left "Skill without luck" a few pixels short of its place under the seats).
            grid.addWidget(self.level_note, 6, 0, 1, 3)
        else:
            grid.addLayout(self.difficulty_row, 5, 1)
            grid.addWidget(self.level_note, 6, 1, 1, 2)
            grid.addWidget(self.fill, 7, 0, 1, 3)

    def lay_custom_note(self, beside: bool) -> None:
        """What differs from the preset on a row of its own under the deal, or (`beside`) between the deal and
        "Reset to preset": on its own row it took the line "Skill without luck" lacked beside five seats at
        1280x800 and 1366x768; in the narrow column at 1024x700 beside the button it pushed "Tiles each" above
        its field. Hidden, the note leaves its room to the stretch."""
        self.deal_row.removeWidget(self.custom)
        self.custom_row.removeWidget(self.custom)
        if beside:
            self.deal_row.insertWidget(1, self.custom, 1)
            self.custom.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        else:
            self.custom_row.addWidget(self.custom)
            self.custom.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.rules_form.setRowVisible(self.custom_row, not beside)  # an empty row still took its spacing
        self.custom.setVisible(bool(self.custom.text()))  # showing the row showed the note, words or not

    def lay_table_form(self, form: int) -> None:
        """ "At the table" in one of its TABLE_FORMS: a field a row with the timeout's words above their choice in
        the narrow column beside the rules; in the seats' wide column as many rows fewer as make it fit there (at
        1920x1080 the box missed its place by a few pixels in Spanish, and by a row with five seats)."""
        table = self.table_form
        moved = (
            self.hands_label,
            self.visibility,
            self.timeout_label,
            self.on_timeout,
            self.helpers,
            self.group_label,
            self.stats_group,
        )
        for widget in moved:
            table.removeWidget(widget)
        for widget, (row, column, span) in zip(moved, TABLE_FORMS[form], strict=True):
            table.addWidget(widget, row, column, 1, span)
        # The room to the hands' choice once it is on the clock's row (the clock's few words need little): with
        # the two sharing it "Open hands (practice)" read "Open hands (practi" at 1920x1080.
        table.setColumnStretch(1, 0 if form >= 2 else 1)
        table.setColumnStretch(3, 1 if form >= 2 else 0)

    def scale_words(self) -> None:
        """The page's words, fields, lists and icons grow with the window as the table's side panel does (at
        1920x1080 they were the 13 px of 1024x700, and the seats' column was mostly empty)."""
        scale = round(page_scale(self.width(), self.height()), 2)
        if scale == self.words_scale:
            return
        self.words_scale = scale
        self.setStyleSheet(scaled_lobby_style(scale) if scale > 1.0 else "")
        self.close_knit(scale <= 1.0)
        if scale > 1.0 and self.right_column.indexOf(self.table_box) >= 0:
            # The timeout's words beside its choice are the smallest size's form (form_beside_rules): grown, they
            # go back above it now, not after the next placing (the first frame at 1280x800 showed the choice cut).
            self.lay_table_form(0)
        self.lay_custom_note(beside=scale > 1.0)
        self._fit_words()
        for row in range(self.presets.count()):  # the presets' icons drawn again at the list's new size
            item = self.presets.item(row)
            preset_id = item.data(Qt.ItemDataRole.UserRole)
            if preset_id:
                item.setIcon(self._icon(PRESETS[str(preset_id)]))

    def _fit_words(self) -> None:
        """What is sized to the words in the page's font: the names' fields, the seats' kinds, the lists' widths."""
        # At 1024 wide in Spanish the names shrank to "'U 1": a name field always shows a CPU's name whole.
        # The same for a person's default name ("Jugador 2" read "gador 2").
        longest = max(self.tr("CPU {n}").format(n=4), self.tr("Player {n}").format(n=5), key=len)
        for row in self.seat_rows:
            row.name.ensurePolished()
            row.name.setMinimumWidth(row.name.fontMetrics().horizontalAdvance(longest) + 24)
            # "Person at this screen" read "Person at this s…": the kinds are shown whole. As many Xs as the
            # longest kind is wide, not AdjustToContents: that policy has each box resize itself to its own width
            # 20 ms after its items are added (Qt's adjustSize), and the layout only stretched it back after the
            # first paint (at 1280x800 the first frame showed the boxes short).
            row.kind.ensurePolished()
            row.kind.setMinimumContentsLength(whole_length(row.kind))
        for box in self.choice_boxes:
            box.ensurePolished()
            widen_list(box)
        # The set's few words need fewer than a choice's nine Xs: its row then leaves the deal's words room beside
        # their field (Spanish at 1024x700 put "Fichas cada uno" on a row of its own, and the seats scrolled).
        self.set_top.setMinimumContentsLength(whole_length(self.set_top))
        # The target's box as wide as its widest number and its arrows (the look's FIELD_PX, grown with the words):
        # Qt's own width counts the arrows twice under the look's style sheet (its padding keeps their room, and the
        # style adds it again), ~110 px for "1000", and the goal's words beside it were cut in Spanish at 1024x700
        # ("Hasta un objetiv"). Measured with the style's sub-controls it would load QStyle before the first paint.
        self.target.ensurePolished()
        metrics = self.target.fontMetrics()
        digits = max(metrics.horizontalAdvance(self.target.textFromValue(v)) for v in (1, self.target.maximum()))
        self.target.setMaximumWidth(digits + DIGITS_MARGIN + round(FIELD_PX * self.words_scale))
        self.presets.setIconSize(QSize(round(ICON_WIDTH * self.words_scale), round(ICON_HEIGHT * self.words_scale)))

    def _icon(self, preset: Preset) -> QIcon:
        size = self.presets.iconSize()
        return QIcon(preset_icon(preset, size.width(), size.height()))

    # ---- presets ----------------------------------------------------------------------------

    def _fill_presets(self, text: str = "") -> None:
        needle = text.strip().casefold()
        self.presets.blockSignals(True)
        self.presets.clear()
        for group, heading in GROUPS:
            matches = [
                (pid, p)
                for pid, p in PRESETS.items()
                if p.group == group
                and (not needle or needle in preset_name(pid).casefold() or needle in preset_blurb(pid).casefold())
            ]
            if not matches:
                continue
            header = QListWidgetItem(translate("LobbyPage", heading))
            header.setFlags(Qt.ItemFlag.NoItemFlags)
            font = header.font()
            font.setBold(True)
            header.setFont(font)
            self.presets.addItem(header)
            for preset_id, preset in matches:
                item = QListWidgetItem(f"{preset_name(preset_id)}\n{preset_blurb(preset_id)}")
                item.setData(Qt.ItemDataRole.UserRole, preset_id)
                item.setToolTip(preset_blurb(preset_id))
                item.setIcon(self._icon(preset))
                self.presets.addItem(item)
        self.presets.blockSignals(False)
        self._highlight(self._chosen)  # a search leaves the form as it is: only the rows shown change

    def select(self, preset_id: str) -> None:
        """Choose a preset: the form shows its rules (its defaults loaded when it was not the one shown), its row
        highlighted where the search shows it."""
        changed = preset_id != self._chosen or not self._loaded
        self._chosen, self._loaded = preset_id, True
        self._highlight(preset_id)
        if changed:
            self._load_preset_defaults()
            self._seat_for_preset()

    def _highlight(self, preset_id: str) -> None:
        self.presets.blockSignals(True)
        self.presets.setCurrentRow(-1)
        for row in range(self.presets.count()):
            if self.presets.item(row).data(Qt.ItemDataRole.UserRole) == preset_id:
                self.presets.setCurrentRow(row)
                break
        self.presets.blockSignals(False)

    def current_preset(self) -> str:
        return self._chosen

    def _preset_changed(self) -> None:
        """The person chose a row (a heading or no row chooses nothing)."""
        item = self.presets.currentItem()
        value = item.data(Qt.ItemDataRole.UserRole) if item else None
        if value:
            self.select(str(value))

    def _seat_for_preset(self) -> None:
        """A room's preset seats invited friends beside the host, the others CPUs: the seats the last preset
        seated (not those the host set by hand) follow."""
        others = PRESETS[self.current_preset()].others
        before, self._preset_others = self._preset_others, others
        if others == before:
            return
        for row in self.seat_rows[1:]:
            if row.kind.currentData() == before:
                row.kind.setCurrentIndex(max(0, row.kind.findData(others)))

    def _load_preset_defaults(self) -> None:
        preset = PRESETS[self.current_preset()]
        rules = preset.rules
        self._loading = True
        sets = self.set_top.model()
        assert isinstance(sets, QStandardItemModel)  # a QComboBox's own model
        for row in range(self.set_top.count()):  # not every preset is played on every set
            sets.item(row).setEnabled(self.set_top.itemData(row) in preset.sets)
        self.set_top.setCurrentIndex(self.set_top.findData(rules.set_top))
        self.players.setRange(preset.min_players, preset.max_players)
        self.players.setValue(rules.players)
        self.pairing.setCurrentIndex(self.pairing.findData("1-3" if rules.partners else "none"))
        self.style_box.setCurrentIndex(self.style_box.findData("block" if rules.style.value == "block" else "draw"))
        self.goal.setCurrentIndex(1 if rules.single_round else 0)
        self.target.setValue(rules.target)
        self.deal_size.setValue(rules.hand_size)
        self.deal_typed = False
        self._loading = False
        self._options_changed()

    # ---- options -----------------------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The host options that differ from the preset."""
        preset = PRESETS[self.current_preset()]
        base = preset.rules
        options: dict[str, Any] = {}
        if self.set_top.currentData() != base.set_top:
            options["set"] = self.set_top.currentData()
        if self.players.value() != base.players:
            options["players"] = self.players.value()
        partners = self.players.value() == 4 and self.pairing.currentData() != "none"
        if partners != base.partners:
            options["partners"] = partners
        style = str(self.style_box.currentData())
        if style != ("block" if base.style.value == "block" else "draw"):
            options["style"] = style
        if (self.goal.currentData() == "single") != base.single_round:
            options["single_round"] = self.goal.currentData() == "single"
        if self.target.value() != base.target:
            options["target"] = self.target.value()
        if self.deal_size.value() != self._default_deal():
            options["deal_size"] = self.deal_size.value()
        return options

    def _options_refusal(self) -> str:
        """Why the options chosen cannot be played, in the player's language (the engine's reason is English, for
        command lines). Of the engine's refusals the lobby's controls reach one, a typed deal too large for the
        set, seats and style (Jamaican with 8 tiles each): said with the largest deal that plays."""
        options = self.options()
        for most in range(self.deal_size.value() - 1, 0, -1):
            try:
                rules = build_rules(self.current_preset(), {**options, "deal_size": most})
            except RulesError:
                continue
            if rules.style is Style.BLOCK:
                said = self.tr("a double-{top} set deals {players} players at most {most} tiles each")
            elif rules.style is Style.DRAW:
                said = self.tr(
                    "a draw game must leave tiles in the stock: a double-{top} set deals {players} players at most "
                    "{most} tiles each"
                )
            else:
                said = self.tr(
                    "this draw must leave three tiles in the stock (two sleep, one can be drawn): a double-{top} set "
                    "deals {players} players at most {most} tiles each"
                )
            return said.format(top=rules.set_top, players=rules.players, most=most)
        return self.tr("these options cannot be played together")

    def _default_deal(self) -> int:
        """The deal the table gives for the set, seats and style chosen (RULES.md §9b)."""
        style = Style.BLOCK if self.style_box.currentData() == "block" else Style.DRAW
        return PRESETS[self.current_preset()].deal_size(int(self.set_top.currentData()), self.players.value(), style)

    def seating(self) -> tuple[int, ...]:
        """The lobby's player (0-based) in each seat: the pairing seats partners opposite each other."""
        players = self.players.value()
        pairing = str(self.pairing.currentData())
        if players == 4 and pairing in SEATINGS and PRESETS[self.current_preset()].partners_allowed:
            return SEATINGS[pairing]
        return tuple(range(players))

    def current_rules(self) -> Rules:
        return build_rules(self.current_preset(), self.options())

    def _deal_changed(self) -> None:
        if not self._loading:
            self.deal_typed = True
        self._options_changed()

    def _options_changed(self) -> None:
        if self._loading:
            return
        # The boxes beside the seats placed again for the seats and notes shown now, once laid out (measured at
        # once, the seats' column still had the rows of the seats before: at 1920x1080 with two seats the well
        # under "At the table" was 124 px where both side boxes fit).
        QTimer.singleShot(0, self, self.place_side_boxes)
        preset = PRESETS[self.current_preset()]
        # Until the host types a deal, a new set, seat count or style brings the table's deal for it, so a
        # game switched to draw keeps a stock.
        if not self.deal_typed and self.deal_size.value() != self._default_deal():
            self._loading = True
            self.deal_size.setValue(self._default_deal())
            self._loading = False
        self.pairing.setEnabled(self.players.value() == 4 and preset.partners_allowed)
        # Only four seats can play as partners: with two, three or five the row was a greyed "Every player for
        # themselves" that took the room "Skill without luck" needed beside five seats (the rules say it).
        self.rules_form.setRowVisible(self.pairing, self.players.value() == 4)
        self.target.setEnabled(self.goal.currentData() == "target" and not self.duplicate_chosen())
        self.goal.setEnabled(not self.duplicate_chosen())
        for i, row in enumerate(self.seat_rows):
            for widget in (row.label, row.kind, row.name):
                widget.setVisible(i < self.players.value())
        self._duplicate_changed()
        try:
            rules = self.current_rules()
        except RulesError:
            self.problem.setText(self.tr("Cannot start: {reason}.").format(reason=self._options_refusal()))
            self.start.setEnabled(False)
            self.custom.setText(self.tr("Custom"))
            return
        self.problem.setText("")
        self.start.setEnabled(True)
        changes = ", ".join(option_names(rules.customised))
        self.custom.setText(self.tr("Custom: {changes}").format(changes=changes) if rules.customised else "")
        self.reset.setEnabled(bool(rules.customised) or self.deal_typed)
        self.rules_view.setHtml(
            self._duplicate_preface(rules) + rules_html(rules, self.seating() if rules.partners else None)
        )

    # ---- seats and start ------------------------------------------------------------------------

    def _level_changed(self) -> None:
        """The chosen level's place on the strength ladder, under the box and for a screen reader (each choice
        shows its own as a tooltip in the open list; the box's tooltip is the chosen name, whole:
        show_whole_choices)."""
        strength = level_strength(str(self.level.currentData()))
        self.level.setAccessibleDescription(strength)
        self.level_note.setText(strength)

    def _seats_changed(self) -> None:
        """Helpers that show what others hold start off once two people share the screen."""
        people = sum(1 for row in self.seat_rows[: self.players.value()] if row.kind.currentData() == "person")
        if people >= 2:
            self.hints.setChecked(False)
            self.tracker.setChecked(False)
            self.visibility.setCurrentIndex(0)
        self._options_changed()  # whether a duplicate match may be played, and the rules page that says so

    # ---- duplicate match --------------------------------------------------------------------------

    def duplicate_refusal(self) -> str:
        """Why this table cannot play a duplicate match, or "" when it can: one person, every other seat a CPU."""
        kinds = [row.kind.currentData() for row in self.seat_rows[: self.players.value()]]
        if "friend" in kinds:
            return self.tr("Not with friends invited: a duplicate match is you against CPUs at this screen.")
        people = kinds.count("person")
        if people >= 2:
            return self.tr("Not with pass-and-play: a duplicate match is one person against CPUs.")
        if people == 0:
            return self.tr("A duplicate match needs one person at this screen.")
        if "empty" in kinds and not self.fill.isChecked():
            return self.tr("Let CPUs fill the empty seats to play a duplicate match.")
        return ""

    def duplicate_chosen(self) -> bool:
        return self.duplicate.isChecked() and not self.duplicate_refusal()

    def _duplicate_preface(self, rules: Rules) -> str:
        """Above the house rules when a duplicate match is chosen: how it changes the match."""
        if not self.duplicate_chosen():
            return ""
        text = self.tr(
            "Every deal is played once per side, on the same tiles, with everyone moved one seat on each time. "
            "Each play is one hand under the first-hand rule, with no redeal and no target; at the end your "
            "points are set against the CPUs' with the same tiles."
        )
        head = self.tr("Duplicate match: %n deal(s)", "", int(self.duplicate_deals.currentData()))
        plays = self.tr("%n play(s) of one hand each.", "", int(self.duplicate_deals.currentData()) * rules.sides)
        return f"<h3>{escape(head)}</h3><p>{escape(text)} {escape(plays)}</p><hr>"

    def _duplicate_changed(self) -> None:
        refusal = self.duplicate_refusal()
        if refusal:
            self.duplicate.setChecked(False)  # not a choice this table can make: shown unticked, with the reason
        self.duplicate.setEnabled(not refusal)
        self.duplicate_deals.setEnabled(not refusal and self.duplicate.isChecked())
        if refusal:
            self.duplicate_note.setText(refusal)
        else:
            self.duplicate_note.setText(
                self.tr(
                    "Each deal is played again with you in a CPU's seat, on the same tiles: your score is set "
                    "against the CPUs', so the luck of the deal drops out."
                )
            )
        chosen = self.duplicate_chosen()
        self.stats_group.setEnabled(not chosen)
        self.stats_group.setToolTip(
            self.tr("A duplicate match is kept in the stats group Duplicate.") if chosen else ""
        )
        self.goal.setEnabled(not chosen)
        self.target.setEnabled(self.goal.currentData() == "target" and not chosen)

    def choices(self) -> dict[str, Any]:
        """Everything chosen on this page, to show again on a new page (the language changed): a name the
        host left as it came is kept as "their default" and comes back in the new language."""
        return {
            "preset": self.current_preset(),
            "search": self.search.text(),
            "options": {
                "set_top": self.set_top.currentData(),
                "players": self.players.value(),
                "pairing": self.pairing.currentData(),
                "style": self.style_box.currentData(),
                "goal": self.goal.currentData(),
                "target": self.target.value(),
                "deal_size": self.deal_size.value() if self.deal_typed else None,
            },
            "seats": [
                (row.kind.currentData(), None if row.name.text() == row.default_name() else row.name.text())
                for row in self.seat_rows
            ],
            "level": self.level.currentData(),
            "fill": self.fill.isChecked(),
            "hints": self.hints.isChecked(),
            "table": self.table_choices(),
            "duplicate": (self.duplicate.isChecked(), self.duplicate_deals.currentData()),
        }

    def restore(self, chosen: dict[str, Any]) -> None:
        """Show the choices `choices()` gave (the preset first, then what the host changed over it)."""
        self.search.setText(chosen["search"])
        self.select(chosen["preset"])
        options = chosen["options"]
        for box, key in ((self.set_top, "set_top"), (self.pairing, "pairing"), (self.style_box, "style")):
            box.setCurrentIndex(max(0, box.findData(options[key])))
        self.goal.setCurrentIndex(max(0, self.goal.findData(options["goal"])))
        self.players.setValue(options["players"])
        self.target.setValue(options["target"])
        if options["deal_size"] is not None:
            self.deal_size.setValue(options["deal_size"])  # typed by the host: kept as theirs
        for row, (kind, name) in zip(self.seat_rows, chosen["seats"], strict=True):
            row.kind.setCurrentIndex(max(0, row.kind.findData(kind)))
            row.name.setText(row.default_name() if name is None else name)
        self.level.setCurrentIndex(max(0, self.level.findData(chosen["level"])))
        self.fill.setChecked(chosen["fill"])
        self.show_table_choices(chosen["table"])
        self.hints.setChecked(chosen["hints"])
        checked, deals = chosen["duplicate"]
        self.duplicate_deals.setCurrentIndex(max(0, self.duplicate_deals.findData(deals)))
        self.duplicate.setChecked(checked)
        self._options_changed()

    def show_table_choices(self, choices: dict[str, Any]) -> None:
        self.timer.setCurrentIndex(max(0, self.timer.findData(choices.get("timer", 0))))
        self.on_timeout.setCurrentIndex(max(0, self.on_timeout.findData(choices.get("on_timeout", "best"))))
        self.visibility.setCurrentIndex(1 if choices.get("open_hands") else 0)
        self.tracker.setChecked(bool(choices.get("tracker")))
        self.stats_group.setText(shown_group(str(choices.get("stats_group", HOME_GROUP))))

    def table_choices(self) -> dict[str, Any]:
        return {
            "timer": int(self.timer.currentData()),
            "on_timeout": str(self.on_timeout.currentData()),
            "open_hands": bool(self.visibility.currentData()),
            "tracker": self.tracker.isChecked(),
            "stats_group": stored_group(self.stats_group.text()),
        }

    def setup(self) -> MatchSetup:
        """The match as set up here; raises RulesError with a readable reason if it cannot be played."""
        # The table's modules load once the lobby is on the screen (start-up, issue 31 item 7).
        from ..play.controller import MatchSetup, SeatConfig

        try:
            rules = self.current_rules()
        except RulesError:  # Enter on a preset's row starts, Start greyed or not: the reason in the player's words
            raise RulesError(self._options_refusal()) from None
        level = str(self.level.currentData())
        seats = []
        for i in self.seating():
            row = self.seat_rows[i]
            kind = row.kind.currentData()
            name = row.name.text().strip() or self.tr("Player {n}").format(n=i + 1)
            if kind == "empty":
                if not self.fill.isChecked():
                    raise RulesError(
                        self.tr("player {n} is empty: fill the place, or let CPUs fill empty seats").format(n=i + 1)
                    )
                seats.append(SeatConfig(self.tr("CPU {n}").format(n=i), False, level))
            else:
                seats.append(SeatConfig(name, kind == "person", level))
        if not any(s.human for s in seats):
            raise RulesError(  # in the player's language: the lobby shows it (it showed the English)
                self.tr("nobody plays at this screen: choose “{person}” for one of the players").format(
                    person=translate("LobbyPage", SEAT_KINDS["person"])
                )
            )
        return MatchSetup(
            rules=rules,
            seats=tuple(seats),
            timer_seconds=int(self.timer.currentData()),
            on_timeout=str(self.on_timeout.currentData()),
            open_hands=bool(self.visibility.currentData()),
            tracker=self.tracker.isChecked(),
            hints=self.hints.isChecked(),
            stats_group=store_service.DUPLICATE_GROUP
            if self.duplicate_chosen()
            else stored_group(self.stats_group.text()),
            options=self.options(),
            duplicate_deals=int(self.duplicate_deals.currentData()) if self.duplicate_chosen() else 0,
        )

    def has_friends(self) -> bool:
        return any(row.kind.currentData() == "friend" for row in self.seat_rows[: self.players.value()])

    def show_seal(self, fingerprint_hex: str) -> None:
        """The next match's first deal, sealed: Start cuts it."""
        head = " ".join(fingerprint_hex[i : i + 4] for i in range(0, 16, 4))
        self.seal_note.setText(self.tr("First deal sealed: {fp} … Start cuts the deck.").format(fp=head))
        self.seal_note.setToolTip(self.tr("Fingerprint (SHA-256): {fp}").format(fp=fingerprint_hex))
        # Start's description only while the lobby is in sight: the next match's seal comes as a match starts, and
        # an older Orca, its focus still on Start, read "First deal sealed: …" of a deal not yet played.
        if self.isVisible():
            self.start.setAccessibleDescription(self.seal_note.text())

    def showEvent(self, event: QShowEvent) -> None:
        self.start.setAccessibleDescription(self.seal_note.text())  # the seal Start cuts, before the focus comes
        super().showEvent(event)

    def _start(self) -> None:
        if self.has_friends():
            self.roomRequested.emit()
            return
        try:
            setup = self.setup()
        except RulesError as exc:
            self.problem.setText(self.tr("Cannot start: {reason}.").format(reason=exc))
            return
        self.startRequested.emit(setup)
