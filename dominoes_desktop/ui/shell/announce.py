"""What a screen reader meets at the table: announcements, the overlays on the table in the accessibility tree,
and keys that speak what is otherwise only drawn (S the score, E the open ends, C the tiles each player holds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleInterface,
    QAction,
    QKeySequence,
    QShortcut,
    QTextDocumentFragment,
)
from PySide6.QtWidgets import QAccessibleWidget, QLineEdit, QWidget

from ...engine.moves import Move, MoveKind
from .i18n import translate

if TYPE_CHECKING:
    from ...engine.match import HandResult  # for its type only: the lobby paints without the match's modules
    from ..play.game_page import GamePage

TABLE_VIEW_CLASS = "TableView"


class Announcer(QObject):
    """Speaks through the platform's accessibility bridge (AT-SPI on Linux: Orca reads it at once) and tells
    anyone listening in the window (the status bar, tests) what was said."""

    said = Signal(str)

    def say(self, source: QWidget, text: str) -> None:
        text = text.strip()
        if not text:
            return
        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(source, text))
        self.said.emit(text)


ANNOUNCER = Announcer()


def say(source: QWidget, text: str) -> None:
    ANNOUNCER.say(source, text)


def _table_interface(key: str, widget: QObject) -> QAccessibleInterface | None:
    """The table view as a plain widget: Qt's scroll-area interface lists only the viewport and scroll bars, so
    the sheets and panels laid over the table (hand end, cut, leader, curtain, redeal) were out of the tree."""
    if key == TABLE_VIEW_CLASS and isinstance(widget, QWidget):
        return QAccessibleWidget(widget, QAccessible.Role.Client, "")
    return None


_installed: list[bool] = []


def expose_table_overlays() -> None:
    """Once per process: the table's overlays join the accessibility tree where they are drawn."""
    if not _installed:
        QAccessible.installFactory(_table_interface)
        _installed.append(True)


def name_clear_buttons(root: QWidget) -> None:
    """A search field's clear button says what it does (Qt leaves it without a name)."""
    fields = root.findChildren(QLineEdit) + ([root] if isinstance(root, QLineEdit) else [])
    for field in fields:
        action = field.findChild(QAction, "_q_qlineeditclearaction")
        if action is not None:
            action.setText(translate("Voice", "Clear the search"))
            action.setToolTip(translate("Voice", "Clear the search"))


def plain(html: str) -> str:
    """Rich text as one spoken line: paragraphs and table rows become sentences."""
    lines = [line.strip() for line in QTextDocumentFragment.fromHtml(html).toPlainText().splitlines()]
    return " ".join(line if line.endswith((".", "!", "?", ":")) else line + "." for line in lines if line)


def joined(items: list[str]) -> str:
    """'5', '5 and 2', '5, 2 and 6' in the language in use."""
    if len(items) < 2:
        return "".join(items)
    return translate("Voice", "{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


class TableVoice(QObject):
    """Says at the table what a sighted player sees: whose turn when it is the person's, the hint, each player's
    tiles after they move, the hand-end sheet whole; and answers S, E and C at any time."""

    def __init__(self, page: GamePage) -> None:
        super().__init__(page)
        self.page = page
        self.last_turn = ""
        controller = page.controller
        for key, speak in (("S", self.speak_score), ("E", self.speak_ends), ("C", self.speak_counts)):
            shortcut = QShortcut(QKeySequence(key), page)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)  # typing in a chat box is not eaten
            shortcut.activated.connect(speak)
        # Connected after the page's own slots: these read what the page has just written.
        controller.stateChanged.connect(self._turn_changed)
        page.table.choosingChanged.connect(self._turn_changed)
        controller.hintReady.connect(self._hint_ready)  # a method: gone with the page when the language changes
        controller.movePlayed.connect(self._moved)
        controller.handEnded.connect(self._hand_ended)
        self._name_overlays()

    def _say(self, text: str) -> None:
        say(self.page.log, text)

    def _name_overlays(self) -> None:
        page = self.page
        for widget, name in (
            (page.hand_end, translate("Voice", "End of the hand")),
            (page.cut_panel, translate("Voice", "Sealed deal")),
            (page.leader_choice, translate("Voice", "Who leads")),
            (page.curtain, translate("Voice", "Pass the screen")),
            (page.redeal, translate("Voice", "Redeal")),
        ):
            widget.setAccessibleName(name)

    # ---- what is said as it happens -------------------------------------------------------------

    def _turn_changed(self) -> None:
        """The person's turn (or the end choice) is said once each time it comes round; a CPU's turn is told
        by its move."""
        page = self.page
        text = page.turn.text()
        mine = page.controller.human_turn() == page.table.bottom and not page.table.curtain
        if not mine:
            self.last_turn = ""
            return
        if text != self.last_turn:
            self.last_turn = text
            self._say(text)

    def _hint_ready(self, _decision: object) -> None:
        self._say(self.page.turn.text())

    def _moved(self, seat: int, move: Move) -> None:
        """After another player's play or draw, how many tiles they hold (a pass says itself in the log)."""
        page = self.page
        hand = page.controller.shown_hand()
        if hand is None or seat == page.table.bottom or move.kind not in (MoveKind.PLAY, MoveKind.DRAW):
            return
        if hand.is_over:
            return
        self._say(self.holds(seat))  # after the page has said the move itself

    def _hand_ended(self, result: HandResult) -> None:
        """The sheet whole after its headline, which the page says: points, bonuses, every rack's pips."""
        page = self.page
        for button in (page.hand_end.next, page.hand_end.again):
            button.setAccessibleName(button.text())  # "Play again" once the match is over, not "New match"
        sheet = plain(page.hand_end.text.text())
        headline = page.hand_end.headline(result, page.controller.seats)
        self._say(sheet.replace(headline, "", 1))

    # ---- what is said when asked ----------------------------------------------------------------

    def holds(self, seat: int) -> str:
        from ..play.panels import shown_name  # the table's own wording of names

        hand = self.page.controller.shown_hand()
        count = len(hand.hands[seat]) if hand is not None else 0
        name = shown_name(self.page.controller.seats[seat].name)
        return self.tr("%n tile(s) left for {name}.", "", count).format(name=name)

    def score_words(self) -> str:
        from ..play.panels import side_name

        controller = self.page.controller
        rules = controller.rules
        if rules is None:
            return translate("Voice", "No match at the table.")
        sides = [
            translate("Voice", "{side} {score}").format(side=side_name(rules, controller.seats, side), score=score)
            for side, score in enumerate(controller.scores)
        ]
        title = self.page.scores.title.text()
        lines = QTextDocumentFragment.fromHtml(self.page.scores.body.text()).toPlainText().splitlines()
        goal = " ".join(line.strip() for line in lines[len(sides) :] if line.strip())
        return translate("Voice", "{title}: {sides}. {goal}.").format(title=title, sides="; ".join(sides), goal=goal)

    def ends_words(self) -> str:
        hand = self.page.controller.shown_hand()
        if hand is None:
            return translate("Voice", "No hand at the table.")
        ends = [str(end) for end in hand.layout.open_ends()]
        if not ends:
            return translate("Voice", "No tile on the table yet.")
        return translate("Voice", "Open ends: {ends}").format(ends=joined(ends))

    def counts_words(self) -> str:
        from ..play.panels import shown_name

        controller = self.page.controller
        hand = controller.shown_hand()
        if hand is None:
            return translate("Voice", "No hand at the table.")
        counts = [
            translate("Voice", "{name} {count}").format(name=shown_name(controller.seats[seat].name), count=len(tiles))
            for seat, tiles in enumerate(hand.hands)
        ]
        text = translate("Voice", "Tiles in hand: {counts}.").format(counts="; ".join(counts))
        if hand.stock:
            text += " " + self.tr("%n tile(s) in the stock.", "", len(hand.stock))
        return text

    def speak_score(self) -> None:
        self._say(self.score_words())

    def speak_ends(self) -> None:
        self._say(self.ends_words())

    def speak_counts(self) -> None:
        self._say(self.counts_words())
