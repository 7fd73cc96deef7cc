"""The game screen: the table, the side panel (scores, turn, helpers, move log) and its overlays."""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ...engine.cpu import Decision
from ...engine.decisions import ClaimWindow, MugginsWindow
from ...engine.fairness import short
from ...engine.match import HandResult, Match
from ...engine.moves import Move, MoveKind
from ...engine.rules import AfterWin, Opening
from ...engine.shutout import shutout
from ...engine.tiles import full_set
from ..look.look_style import page_scale, scaled_panel_style, scaled_words_style
from ..look.looks import Look
from ..shell.announce import say
from ..shell.i18n import translate
from ..shell.wording import hint_why
from ..table.drawn import shown_hand
from ..table.moments import MomentPlayer
from ..table.view import TableView
from .coach_button import add_coach_button
from .controller import MatchSetup
from .duplicate_sheet import DuplicateResults, hand_end_note, seal_line, status_line
from .fair_deal import CutPanel, DealSeal, gesture_here
from .panels import (
    KEPT_FOCUS,
    RETURN_CLICKS,
    ButtonRow,
    ClockLabel,
    HandEndPanel,
    MoveLog,
    MoveRecord,
    ScorePanel,
    SteadyLabel,
    describe_draws,
    describe_move,
    person_name,
    shown_name,
)

MOMENT_WORDS = {
    "domino": QT_TRANSLATE_NOOP("GamePage", "Domino!"),
    "capicua": QT_TRANSLATE_NOOP("GamePage", "Capicúa!"),
    "six_love": QT_TRANSLATE_NOOP("GamePage", "Six-love!"),
    "shutout": QT_TRANSLATE_NOOP("GamePage", "Shutout!"),
    "match_won": QT_TRANSLATE_NOOP("GamePage", "Match won!"),
}

TIMEOUT_WORDS = {
    "best": QT_TRANSLATE_NOOP("GamePage", "the best move"),
    "first": QT_TRANSLATE_NOOP("GamePage", "the first legal tile"),
    "pass": QT_TRANSLATE_NOOP("GamePage", "a pass"),
}


if TYPE_CHECKING:
    from ...engine.hand import Hand
    from ...session.table_model import TableModel

LEADER_PANEL_WIDTH = 340
WARN_SECONDS = 5  # a turn timer's last seconds, said once to a screen reader
AUTO_NEXT_MS = 2600  # with "next hand by itself": the result stays on the table this long
PANEL_MIN = 200
PANEL_MAX = 480
SHEET_WIDENS_BY = 20  # px at a time: a hand-end sheet too short for its words widens until they fit
PANEL_AUTO_AT_1 = 320  # the automatic panel's widest at 1024x700; it grows with its words in a larger window


def button(text: str, name: str) -> QPushButton:
    widget = QPushButton(text)
    widget.setAccessibleName(name)
    widget.installEventFilter(RETURN_CLICKS)
    return widget


class GamePage(QWidget):
    """The table view with the side panel; overlays for the hand end, the leader choice and the curtain."""

    happened = Signal(str)  # what just happened at the table, in words: the status bar shows it
    moment = Signal(str)  # a celebration began: "domino", "capicua", "six_love", "shutout" or "match_won" (its sound)
    autoCutChanged = Signal(bool)  # the person ticked or unticked "Cut the deck for me"
    leaderRuleChanged = Signal(bool)  # the person chose to lead, without being asked, whenever their side wins

    def __init__(self, controller: TableModel, look: Look, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setup: MatchSetup | None = None
        self.table = TableView(controller, look)
        self.side = QWidget()
        self.side.setObjectName("side")
        self.side.setMinimumWidth(PANEL_MIN)
        self.side.setMaximumWidth(PANEL_MAX)
        self.panel_width: int | None = None  # the width the player dragged the panel to; None: automatic
        self.panel_scale = 1.0  # the side panel's words: as large as at 1024x700, larger in a larger window
        self.scores = ScorePanel()
        self.turn = SteadyLabel("")
        self.turn.setObjectName("turn")
        self.turn.setWordWrap(True)
        self.turn.setAccessibleDescription(self.tr("Whose turn"))  # its name is its text: what is said changes
        self.clock = ClockLabel()
        self.clock.setObjectName("clock")
        self.clock.setAccessibleDescription(self.tr("Turn timer"))  # its name is its words: the time left
        self.clock.hide()
        self.log = MoveLog()
        # The log takes what room is left and gives it back first: with no least height of its own, a claim box
        # in a short window (1024x700, Spanish: four lines) gets its words whole, the log shorter for a move.
        policy = self.log.sizePolicy()
        policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
        self.log.setSizePolicy(policy)
        self.draw_button = button(self.tr("Draw (D)"), self.tr("Draw a tile"))
        self.pass_button = button(self.tr("Pass (P)"), self.tr("Pass"))
        self.hint_button = button(self.tr("Hint (H)"), self.tr("Hint"))
        self.rules_button = button(self.tr("Rules (?)"), self.tr("House rules"))
        self.lobby_button = button(self.tr("New match"), self.tr("New match"))
        self.undo_button = button(self.tr("Undo (Ctrl+Z)"), self.tr("Take back your last move"))
        self.undo_button.clicked.connect(self.undo)
        self.undo_shortcut = QShortcut(QKeySequence.StandardKey.Undo, self)
        self.undo_shortcut.activated.connect(self.undo)
        # Said before the first undo of a match, which then takes a second press: undo makes the match practice.
        self.undo_note = QLabel(
            self.tr(
                "Undo makes this match practice: it will not count in your statistics. Undo again to take your move back."
            )
        )
        self.undo_note.setObjectName("undoNote")
        self.undo_note.setWordWrap(True)
        self.undo_note.hide()
        self.auto_next = False  # deal the next hand by itself, without the hand-end sheet (a View setting)
        self.going_on = False  # the hand is over and the next is about to be dealt by itself
        self.draw_button.clicked.connect(lambda: self.table.draw_or_pass(MoveKind.DRAW))
        self.pass_button.clicked.connect(lambda: self.table.draw_or_pass(MoveKind.PASS))
        self.hint_button.clicked.connect(self.ask_hint)
        # Claims and Muggins: a person decides, play waits.
        self.claim_box = QFrame()
        self.claim_box.setObjectName("claimBox")
        self.claim_text = QLabel("")
        self.claim_text.setWordWrap(True)
        self.claim_button = button(self.tr("Claim"), self.tr("Claim the points"))
        self.muggins_buttons = QVBoxLayout()
        self.play_on_button = button(self.tr("Play on"), self.tr("Play on without taking the points"))
        self.claim_button.clicked.connect(controller.claim)
        self.play_on_button.clicked.connect(controller.play_on)
        claim_layout = QVBoxLayout(self.claim_box)
        claim_layout.addWidget(self.claim_text)
        claim_layout.addWidget(self.claim_button)
        claim_layout.addLayout(self.muggins_buttons)
        claim_layout.addWidget(self.play_on_button)
        self.claim_box.hide()
        self.tracker = QLabel("")
        self.tracker.setObjectName("tracker")
        self.tracker.setWordWrap(True)
        # Its name is its words (a fixed name hid them from a screen reader); what they are, its description.
        self.tracker.setAccessibleDescription(self.tr("Tile tracker"))
        self.tracker.hide()
        # Side by side while every label fits, stacked when the panel is narrow (1024x700, Spanish).
        self.action_row = ButtonRow([self.draw_button, self.pass_button, self.hint_button])
        self.more_row = ButtonRow([self.rules_button, self.lobby_button])
        side = QVBoxLayout(self.side)
        self.side_layout = side  # a room's window adds its panels here (its state, players, table talk)
        self.undo_offered = True  # one person against CPUs may take a move back; a room's seat may not
        # Duplicate match (issue 17): which deal and play, and whose seat the person holds.
        self.duplicate_line = QLabel("")
        self.duplicate_line.setObjectName("duplicateLine")
        self.duplicate_line.setWordWrap(True)
        self.duplicate_line.setAccessibleDescription(self.tr("Duplicate match"))
        self.duplicate_line.hide()
        side.addWidget(self.duplicate_line)
        side.addWidget(self.scores)
        # The buttons above the turn's words: however many lines those take, Draw, Pass, Hint and Undo stay put.
        side.addWidget(self.action_row)
        side.addWidget(self.undo_button)
        side.addWidget(self.undo_note)
        side.addWidget(self.turn)
        side.addWidget(self.clock)
        side.addWidget(self.claim_box)
        side.addWidget(self.tracker)
        log_title = self.log_title = QLabel(self.tr("Moves"))
        log_title.setObjectName("panelTitle")
        side.addWidget(log_title)
        side.addWidget(self.log, 1)
        side.addWidget(self.more_row)
        # The panel beside the table narrows with the window and can be dragged wider, narrower or shut.
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setCollapsible(0, False)
        self.splitter.setCollapsible(1, True)
        self.splitter.setHandleWidth(5)
        self.splitter.splitterMoved.connect(self._panel_dragged)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.splitter)
        # The sheet lies over the side panel (whose buttons have nothing to do between hands) and only as much of
        # the table as it needs beyond it, so the final position keeps most of the window.
        self.hand_end = HandEndPanel(self)
        # Issue 17, fair deals: the sealed deck, cut by the person, on the empty table or on the hand-end sheet.
        self.deal_seal = DealSeal(self.hand_end, self.hand_end.next)
        self.cut_panel = CutPanel(compact=False, parent=self.table)
        # The sheet is as tall as its words: the deal seed shown or hidden under Details, it is docked again.
        self.hand_end.details_button.toggled.connect(self._details_toggled)
        for panel in (self.cut_panel, self.deal_seal.cut):
            panel.cutRequested.connect(self._cut)
            panel.autoCutChanged.connect(self._auto_cut_changed)
        self.coach_button = add_coach_button(  # issue 17: the coach on the hand just finished
            self.hand_end,
            self.hand_end.review,
            self._open_coach,
        )
        self.coach_button.installEventFilter(RETURN_CLICKS)  # Enter opens it, as it does its neighbours on the sheet
        self.leader_choice = self._overlay("leaderChoice")
        self.overlay_scale = 1.0  # the questions' words over the table: as large as at 1024x700
        self.curtain = self._overlay("curtain")
        self.curtain_text = QLabel("")
        self.curtain_text.setObjectName("curtainText")
        self.curtain_button = button(self.tr("Show my tiles"), self.tr("Show my tiles"))
        self.curtain_button.clicked.connect(self._lift_curtain)
        curtain_layout = QVBoxLayout(self.curtain)
        curtain_layout.addWidget(self.curtain_text)
        curtain_layout.addWidget(self.curtain_button)
        self.curtain_seat = -1
        self.redeal = self._overlay("redeal")
        self.redeal_text = QLabel("")
        self.redeal_yes = button(self.tr("Deal again"), self.tr("Ask for a redeal"))
        self.redeal_no = button(self.tr("Keep my tiles"), self.tr("Keep these tiles"))
        self.redeal_yes.clicked.connect(lambda: self._answer_redeal(True))
        self.redeal_no.clicked.connect(lambda: self._answer_redeal(False))
        redeal_layout = QVBoxLayout(self.redeal)
        redeal_layout.addWidget(self.redeal_text)
        redeal_layout.addWidget(self.redeal_yes)
        redeal_layout.addWidget(self.redeal_no)
        for answer in (self.redeal_yes, self.redeal_no):
            answer.installEventFilter(KEPT_FOCUS)
        self.countdown = QTimer(self)
        self.countdown.setInterval(1000)
        self.countdown.timeout.connect(self._tick)
        self.timed_key: Hashable | None = None  # the decision the clock shown is on
        self.warned_key: Hashable | None = None  # the decision whose last seconds were said
        self.table.installEventFilter(self)
        self.hand_end.installEventFilter(self)
        controller.stateChanged.connect(self.refresh)
        controller.movePlayed.connect(self._log_move)
        controller.handStarted.connect(self._hand_started)
        controller.handEnded.connect(self._hand_ended)
        controller.leaderChoiceNeeded.connect(self._choose_leader)
        controller.claimOffered.connect(self._claim_offered)
        controller.mugginsOffered.connect(self._muggins_offered)
        controller.redealOffered.connect(self._redeal_offered)
        controller.timedOut.connect(self._timed_out)
        controller.hintReady.connect(self._hint_ready)
        controller.pointsScored.connect(self._points_scored)
        controller.autoPassed.connect(self._auto_passed)
        self.moments = MomentPlayer()
        self.matches = 0  # the matches started on this page (what is still to be shown of the last one is not)
        self.hands = 0  # the hands dealt on this page: a celebration still to come is the last hand's, not shown
        self.record = MoveRecord()  # the move log is the hand's record, each move with the points it took
        self._notes: dict[tuple[int, int], str] = {}  # (hand number, move index): a line told after that move
        self._pass_shown = False  # the status bar says the pass made for the person: its log line is not put over it
        self.table.hintRequested.connect(self.ask_hint)
        self.table.choosingChanged.connect(self.refresh)
        # After every decision made in the panel, the keys go back to the rack.
        for decided in (self.draw_button, self.pass_button, self.hint_button, self.claim_button, self.play_on_button):
            decided.clicked.connect(self.back_to_rack)
        self.hand_end.nextRequested.connect(self._next_hand)
        controller.playChanged.connect(self._play_changed)
        self.results: DuplicateResults | None = None
        controller.historyRewritten.connect(self._history_rewritten)

    def auto_panel_width(self) -> int:
        """The side panel's width when the player has not chosen one: a fifth of the window, within limits that
        grow with the panel's words."""
        return max(PANEL_MIN, min(round(PANEL_AUTO_AT_1 * self.panel_scale), int(self.width() * 0.21)))

    def scale_panel(self) -> None:
        """The side panel's words, buttons and move log grow with the window as the table and the hand-end sheet
        do (at 1920x1080 they were the 13-15 px of 1024x700 beside tiles twice as large)."""
        scale = round(self.sheet_scale(), 2)
        if scale != self.panel_scale:
            self.panel_scale = scale
            self.side.setStyleSheet(scaled_panel_style(scale) if scale > 1.0 else "")

    def size_panel(self) -> None:
        if self.side.isHidden():
            return
        total = self.splitter.width()
        want = min(self.panel_width or self.auto_panel_width(), int(total * 0.45))
        self.splitter.setSizes([max(1, total - want), want])

    def _panel_dragged(self, _pos: int, _index: int) -> None:
        sizes = self.splitter.sizes()
        if sizes[1] == 0:
            self.side.hide()  # dragged shut: View ▸ Side panel brings it back
        else:
            self.panel_width = sizes[1]

    def show_panel(self, shown: bool) -> None:
        self.side.setVisible(shown)
        if shown:
            self.size_panel()

    def undo(self) -> None:
        """Undo (the button or Ctrl+Z): the first of a match that still counts says first that it makes the match
        practice, and takes a second press."""
        if not self._undo_at_screen():
            return  # pass-and-play: the next person is called to the screen, their move is not taken back
        if not self.controller.can_undo():
            self.controller.undo()  # says why not
            return
        if not self.controller.practice and self.undo_note.isHidden():
            self.undo_note.show()
            self.announce(self.undo_note.text())
            self.happened.emit(self.undo_note.text())
            return
        self.undo_note.hide()
        # Pass-and-play: the rack hid as the CPUs played on after the person's move; back at their own turn, the
        # person still at the screen sees it again.
        curtain, self.table.curtain = self.table.curtain, False
        # Said in place of the warning, which no longer stands, and before the undo: the turn it brings back is said
        # as the state changes, and a listener heard "Your turn" first, then why (a11y audit, session 22). The
        # undo cannot be refused here: can_undo() held just above.
        taken = self.tr("Your move was taken back: this match is practice.")
        self.announce(taken)
        if self.controller.undo():
            self.happened.emit(taken)  # after the undo: the status bar keeps it over the turn's changes
        else:
            self.table.curtain = curtain

    def _undo_at_screen(self) -> bool:
        """Undo is for the person at the screen: never while the curtain calls the next person; at pass-and-play,
        while the CPUs answer a person's move (the rack hidden), the person who made it."""
        if self.curtain.isVisible():
            return False
        if not self.table.curtain:
            return True
        controller, hand = self.controller, self.controller.hand
        if controller.human_turn() is not None or hand is None:
            return False
        mover = next((turn.seat for turn in reversed(hand.history) if controller.is_human(turn.seat)), None)
        return mover == self.table.bottom

    def _auto_passed(self, seat: int) -> None:
        """Nothing fitted and the game passes for the person: said briefly, on the table and in the status bar, which
        keeps it: the move log's line for the pass ("You passed") is said to a screen reader but not put over it
        (the status bar showed "You pass" and in the same instant "You passed": audit24 finding 9)."""
        words = (
            self.tr("You pass")
            if len(self._people()) == 1
            else self.tr("{name} passes").format(name=self.person_name(seat))
        )
        self.table.table.float_text(words, None)
        self.happened.emit(words)  # (a screen reader hears the pass once, as the move log's line)
        self._pass_shown = True

    def back_to_rack(self) -> None:
        if self.isVisible() and not self.curtain.isVisible() and not self.hand_end.isVisible():
            self.table.setFocus()

    def _overlay(self, name: str) -> QFrame:
        frame = QFrame(self.table)
        frame.setObjectName(name)
        frame.hide()
        return frame

    def start(self, setup: MatchSetup) -> None:
        self.setup = setup
        people = [i for i, s in enumerate(setup.seats) if s.human]
        self.table.bottom = people[0] if people else 0
        self.table.open_hands = setup.open_hands
        self.table.curtain = False
        self.clear_table()
        self.tracker.setVisible(setup.tracker)
        self.hint_button.setVisible(setup.hints)
        self.clock.setVisible(setup.timer_seconds > 0)
        self.controller.time_turns(setup.timer_seconds, setup.on_timeout)

    def clear_table(self) -> None:
        """Nothing of the last match stays on the page for the next: its questions, sheets, move log and the
        notes on it, its faces shown; the scores and plates are drawn from the new match as it starts."""
        self.hide_hand_end()
        for overlay in (self.leader_choice, self.redeal, self.curtain, self.cut_panel, self.claim_box, self.undo_note):
            overlay.hide()
        self._clear_muggins()
        self.countdown.stop()
        self.timed_key = None
        self.going_on = False
        self.table.reveal = False
        self.log.clear()
        self._notes = {}
        self.record = MoveRecord()
        self.turn.release()
        self.turn.setText("")
        self._pass_shown = False
        self.matches += 1  # a celebration still to come is the last match's
        self.moments.clear()
        self.table.table.clear_rising()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Words that come after the sheet opened (the luck line, once judged) may need a wider sheet.
        if (
            watched is self.hand_end
            and event.type() == QEvent.Type.LayoutRequest
            and not self.hand_end.isHidden()
            and self._sheet_width_to_fit(self.hand_end.minimumWidth()) != self.hand_end.width()
        ):
            self._dock_hand_end()
        if watched is self.table and event.type() == QEvent.Type.Resize:
            self._place_overlays()
            if self.curtain.isVisible():  # again once the table has laid its plates out at the new size
                QTimer.singleShot(0, self, self._place_curtain)
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Ctrl+Shift+Tab from the side panel goes back to the table, as docs/ACCESSIBILITY.md says: the panel's
        buttons and the move log ignore Tab with Ctrl, which came up to here and went nowhere (a11y audit,
        session 22). The table handles its own Ctrl+Tab keys."""
        control = event.modifiers() & Qt.KeyboardModifier.ControlModifier
        backwards = event.key() == Qt.Key.Key_Backtab or event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        focus = QApplication.focusWidget()
        if (
            control
            and backwards
            and event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
            and focus is not None
            and self.side.isAncestorOf(focus)
        ):
            self.table.setFocus(Qt.FocusReason.BacktabFocusReason)
            event.accept()
            return
        super().keyPressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.scale_panel()
        self.size_panel()
        if not self.hand_end.isHidden():
            self._dock_hand_end()

    def _place_overlays(self) -> None:
        rect = self.table.rect()
        if not self.hand_end.isHidden():
            self._dock_hand_end()
        scale = round(self.sheet_scale(), 2)
        if scale != self.overlay_scale:  # the questions over the table grow with it, as the hand-end sheet does
            self.overlay_scale = scale
            for question in (self.leader_choice, self.redeal, self.curtain):
                question.setStyleSheet(scaled_words_style(scale) if scale > 1.0 else "")
            self.leader_choice.setFixedWidth(round(LEADER_PANEL_WIDTH * scale))
            self.cut_panel.set_scale(scale)
        for overlay in (self.leader_choice, self.redeal, self.cut_panel):
            overlay.adjustSize()
            overlay.move((rect.width() - overlay.width()) // 2, (rect.height() - overlay.height()) // 2)
        self._place_curtain()

    def _place_curtain(self) -> None:
        """The curtain covers the rack it hides, not the board everyone may see, nor the plates beside that rack
        (its own person's name and the stock): centred when it clears them, else slid along the rack clear of
        them, else just above them (Spanish at 1024x700 lay 12 px on "Jugador 1")."""
        rect, curtain, gap = self.table.rect(), self.curtain, 8
        curtain.adjustSize()
        width, height = curtain.width(), curtain.height()
        top = max(0, rect.height() - height - gap)
        band = QRect(0, top, rect.width(), height)
        plates = [box for box in self._plate_boxes() if box.intersects(band)]
        middle = rect.width() // 2
        left = max((box.right() + 1 + gap for box in plates if box.center().x() < middle), default=0)
        right = min((box.left() - gap for box in plates if box.center().x() >= middle), default=rect.width())
        x = (rect.width() - width) // 2
        if right - left >= width:
            x = min(max(x, left), right - width)
        elif plates:
            top = max(0, min(box.top() for box in plates) - gap - height)
        curtain.move(x, top)

    def _plate_boxes(self) -> list[QRect]:
        """The name plates and the stock plate as they lie on the screen, in the table view's coordinates (a plate
        is drawn at its own size on screen, whatever the camera's scale)."""
        view, scene = self.table, self.table.table
        plates = list(scene.plates.values())
        if scene.stock_plate.isVisible():
            plates.append(scene.stock_plate)
        boxes = []
        for plate in plates:
            origin = view.viewport().mapTo(view, view.mapFromScene(plate.pos()))
            box, k = plate.boundingRect(), plate.scale()
            boxes.append(
                QRect(
                    QPoint(origin.x() + math.floor(box.left() * k), origin.y() + math.floor(box.top() * k)),
                    QPoint(origin.x() + math.ceil(box.right() * k), origin.y() + math.ceil(box.bottom() * k)),
                )
            )
        return boxes

    def _dock_hand_end(self) -> None:
        """The hand-end sheet at the right of the window, over the side panel; the board moves over to make room
        for the rest of it, so the final position stays in sight and nothing of it lies under the sheet."""
        view = self.table
        self.hand_end.set_one_row(False)
        scale = self.sheet_scale()
        self.hand_end.set_text_scale(scale)
        sheet_w = max(300, min(round(420 * scale), self.width() // 3))
        if not self.side.isHidden():  # the whole of the side panel (a panel dragged wide too) and its handle
            side_left = self.side.mapTo(self, self.side.rect().topLeft()).x() - self.splitter.handleWidth()
            sheet_w = max(sheet_w, self.width() - side_left)
        self.hand_end.setFixedWidth(self._sheet_width_to_fit(sheet_w))
        self.hand_end.setMinimumHeight(0)
        # From the top of the page to its foot and to its right edge, over the side panel it lies on: nothing of
        # the panel shows round its edges (an 8 px strip of it did, above, below and beside the sheet).
        self.hand_end.setFixedHeight(self.height())
        left = self.width() - self.hand_end.width()
        view_right = view.mapTo(self, view.rect().topRight()).x()
        view.set_reserved(max(0, view_right - left + 8), 0)
        self.hand_end.move(left, 0)
        self.hand_end.raise_()

    def _sheet_width_to_fit(self, least: int) -> int:
        """The sheet's width, `least` or wider (the board moving over), until its words fit the page's height, at
        most half the page. Two people's luck lines at a shared screen's match end squeezed the result at 1024x700:
        its pip table lost its last rows (visual28)."""
        layout = self.hand_end.layout()
        most = max(least, self.width() // 2)
        width = least
        while layout is not None and width < most and layout.totalHeightForWidth(width) > self.height():
            width = min(most, width + SHEET_WIDENS_BY)
        return width

    def sheet_scale(self) -> float:
        """How much larger than at 1024x700 the hand-end sheet's words are: as the table's tiles and plates grow
        with the window, so do they (a larger window, a larger sheet), up to half as large again."""
        return page_scale(self.width(), self.height())

    def _open_coach(self) -> None:
        from .coach_panel import open_coach_on  # the exact solver loads when the coach is asked for

        controller = self.controller
        match = getattr(controller, "match", None)  # a local table's: which hands the first-hand rule led
        led = match.led_by_rule if isinstance(match, Match) else None
        open_coach_on(self, controller.rules, controller.archive, controller.seats, self.table.look, -1, led)

    def _details_toggled(self, _shown: bool) -> None:
        if not self.hand_end.isHidden():
            self._dock_hand_end()

    def hide_hand_end(self) -> None:
        self.hand_end.hide()
        self.table.set_reserved(0, 0)

    # ---- redrawing the side panel ------------------------------------------------------------

    def _titled_hand(self) -> int:
        """The hand the score panel's title names: the one in play; between hands, the one just ended, until the
        next is dealt: then that one, its tiles on the racks while its leader or a redeal is chosen. (The title
        said "Score · hand 1" while the leader of hand 2 was asked; a room's seat, whose `hand_number` is 0 with
        no hand in play, said "hand 1" between any two hands.) 0 before a match's first hand."""
        controller = self.controller
        if controller.hand is not None:
            return controller.hand_number
        result = controller.last_result
        if result is None:
            return 0
        return result.hand_index + (2 if self._racks_dealt() else 1)

    def _racks_dealt(self) -> bool:
        """Whether tiles lie on the racks: a hand in play, or the next one dealt while its leader is chosen."""
        controller = self.controller
        return any(controller.rack_size(seat) for seat in range(len(controller.seats)))

    def refresh(self) -> None:
        controller = self.controller
        rules = controller.rules
        if rules is None:
            return
        self._check_curtain()
        self._show_duplicate_line()
        self._show_seal()
        in_play = controller.hand
        hand_number = self._titled_hand()
        running = list(in_play.end_points) if in_play is not None else None
        goal = self.tr("Duplicate: this play is one hand; every deal counts") if controller.duplicate else None
        over = controller.match_over and goal is None
        self.scores.show_scores(rules, controller.seats, controller.scores, hand_number, over, running, goal)
        mine = controller.human_turn() == self.table.bottom and not self.table.curtain
        moves = controller.legal_moves() if mine else []
        can_draw = any(m.kind is MoveKind.DRAW for m in moves)
        can_pass = any(m.kind is MoveKind.PASS for m in moves)
        self.draw_button.setEnabled(can_draw)
        self.pass_button.setEnabled(can_pass)  # offered only when it is the only move
        self.draw_button.setVisible(rules.style.value != "block")
        self.hint_button.setEnabled(mine and bool(moves))
        # At pass-and-play, for the person at the screen: from their move until the curtain calls the next person.
        undo = controller.can_undo() and self._undo_at_screen()
        self.undo_button.setVisible(self.undo_offered and bool(controller.people()))
        self.undo_button.setEnabled(undo)
        self.undo_shortcut.setEnabled(undo)
        hand = controller.hand
        if hand is None and controller.sealed_fingerprint() is not None and self.cut_panel.isVisible():
            self.turn.setText(self.tr("The deal is sealed: cut the deck to deal."))
        elif hand is None and not self.leader_choice.isHidden():
            self.turn.setText(self.tr("Who leads this hand?"))
        elif hand is None and not self.redeal.isHidden():
            self.turn.setText(self.tr("Deal again?"))
        elif hand is None and controller.last_result is None:
            self.turn.setText(self.tr("Waiting for the first deal."))  # (a room before its start: no hand yet)
        elif controller.match_over:  # T said "Hand over" after the last hand (a11y audit, session 22)
            self.turn.setText(translate("HandEndPanel", "Match over"))
        elif hand is None or hand.is_over:
            self.turn.setText(self.tr("Hand over"))
        elif (waiting := controller.waiting) is not None:
            if isinstance(waiting, ClaimWindow):  # what the box below asks, not a vague "waiting"
                self.turn.setText(self.tr("Claim your points or play on (below)."))
            elif isinstance(waiting, MugginsWindow):
                self.turn.setText(self.tr("Call Muggins or let them go (below)."))
            else:
                self.turn.setText(self.tr("Waiting for a decision…"))
        elif mine:
            self.turn.setText(self._your_turn(hand, can_pass, can_draw))
        else:
            name = person_name(controller.seats[hand.turn].name, hand.turn, len(self._people()))
            thinking = controller.thinking is not None
            self.turn.setText(
                (self.tr("{name} is thinking…") if thinking else self.tr("{name} to play")).format(name=name)
            )
        if controller.waiting is None:
            self._hide_claim_box()
        self._update_tracker()
        self._update_clock()

    def _hide_claim_box(self) -> None:
        """The claim box away, the focus it held back on the table: hidden with the focus, Qt gave it to the move
        log, and a screen reader began reading the log (a11y audit, session 22)."""
        focus = QApplication.focusWidget()
        if focus is not None and self.claim_box.isAncestorOf(focus):
            self.table.setFocus()
        self.claim_box.hide()

    def _has_played(self, hand: Hand) -> bool:
        """The person at the screen has played a tile in this match (a later hand, or earlier in this one)."""
        seat = self.table.bottom
        earlier = self.controller.hand_number > 1
        return earlier or any(t.seat == seat and t.move.kind is MoveKind.PLAY for t in hand.history)

    def _update_tracker(self) -> None:
        if self.setup is None or not self.setup.tracker:
            self.tracker.setText("")
            return
        if self.table.curtain:
            # The counts would tell the next person what the last one saw; an empty box read as a broken panel
            # (visual28): its title stays, and why it is blank.
            self.tracker.setText(
                "<b>"
                + self.tr("Tile tracker")
                + "</b><br>"
                + self.tr("Hidden until the next player shows their tiles.")
            )
            return
        controller = self.controller
        knowledge = controller.knowledge(self.table.bottom) if controller.hand is not None else None
        rules = controller.rules
        if knowledge is None or rules is None:
            # No hand in play: the counts it showed were the last hand's, one move before its end, even beside the
            # next hand's tiles ("CPU 3 has no 6" of a hand gone), or nothing at all before the first deal (visual29).
            # As behind the curtain: its title, and when it fills in.
            if controller.match_over:
                when = self.tr("Fills in when a new match begins.")
            elif controller.last_result is not None and not self._racks_dealt():
                when = self.tr("Fills in when the next hand begins.")
            else:
                when = self.tr("Fills in when the hand begins.")
            self.tracker.setText("<b>" + self.tr("Tile tracker") + "</b><br>" + when)
            return
        top = rules.set_top
        counts = [sum(1 for t in knowledge.unseen if t.has(n)) for n in range(top + 1)]
        in_set = [sum(1 for t in full_set(top, rules.removed_tiles) if t.has(n)) for n in range(top + 1)]
        unseen = " ".join(f"<b>{n}</b>:{c}/{in_set[n]}" for n, c in enumerate(counts))
        lines = [
            "<b>" + self.tr("Tile tracker") + "</b><br>" + self.tr("Unseen by number: {counts}").format(counts=unseen)
        ]
        for seat, void in enumerate(knowledge.voids):
            if seat != self.table.bottom and void:
                numbers = ", ".join(str(n) for n in sorted(void))
                lines.append(self.tr("{name} has no {numbers}").format(name=self.person_name(seat), numbers=numbers))
        self.tracker.setText("<br>".join(lines))

    # ---- pass-and-play curtain ------------------------------------------------------------------

    def _your_turn(self, hand: Hand, can_pass: bool, can_draw: bool) -> str:
        """The turn line on the person's turn. The one person at the screen is spoken to ("Your turn"), not
        named and spoken to ("You, your turn", es "Tú, te toca": audit24b); people sharing the screen are
        named by their plate, so each knows whose turn it is."""
        people = len(self._people())
        if people > 1:
            name = person_name(self.controller.seats[self.table.bottom].name, self.table.bottom, people)
            if self.table.choosing is not None:
                return self.tr(
                    "{name}, {tile} fits two ends: choose an end (click a marked end, or arrows and Enter; "
                    "Esc to choose another tile)."
                ).format(name=name, tile=self.table.choosing[0])
            if can_pass:
                return self.tr("{name}, your turn: no tile fits, so pass (P).").format(name=name)
            if can_draw:
                return self.tr("{name}, your turn: no tile fits, so draw (D).").format(name=name)
            if self._has_played(hand):
                # Issue 34 (side panels full of text): how to play is said until the person's first play only.
                return self.tr("{name}, your turn.").format(name=name)
            return self.tr("{name}, your turn: click a highlighted tile, or use the arrows and Enter.").format(
                name=name
            )
        if self.table.choosing is not None:
            return self.tr(
                "{tile} fits two ends: choose an end (click a marked end, or arrows and Enter; Esc to choose "
                "another tile)."
            ).format(tile=self.table.choosing[0])
        if can_pass:
            return self.tr("Your turn: no tile fits, so pass (P).")
        if can_draw:
            return self.tr("Your turn: no tile fits, so draw (D).")
        if self._has_played(hand):
            return self.tr("Your turn.")
        return self.tr("Your turn: click a highlighted tile, or use the arrows and Enter.")

    def _people(self) -> list[int]:
        return self.controller.people()

    def _check_curtain(self) -> None:
        """With two or more people, every rack stays hidden except the one person whose turn it is, and
        theirs only once they say they are at the screen."""
        if len(self._people()) < 2:
            return
        hand = self.controller.hand
        if hand is None or hand.is_over:
            return
        actor = self.controller.human_turn()
        if self.curtain.isVisible() and actor != self.curtain_seat:
            self.curtain.hide()  # the turn went on without them (the game passed for them): the next person's
        if not self.table.curtain and actor != self.table.bottom:
            self.table.curtain = True
            self.table.refresh()
        if self.table.curtain and actor is not None and not self.curtain.isVisible():
            self.curtain_seat = actor
            name = self.person_name(actor)
            self.curtain_text.setText(
                "<h2>"
                + self.tr("Pass to {name}").format(name=name)
                + "</h2><p>"
                + self.tr("Everyone else, look away.")
                + "</p>"
            )
            self.curtain_button.setText(self.tr("I'm {name}: show my tiles").format(name=name))
            self.curtain_button.setAccessibleName(self.tr("Show {name}'s tiles").format(name=name))
            self.curtain.show()
            self.curtain.raise_()
            self._place_overlays()
            self.curtain_button.setFocus()

    def person_name(self, seat: int) -> str:
        """A seat's name where more than one person could be meant (the curtain, a shared screen's words, another
        seat than the one person's own): their own, or "Player 2" when the lobby left the generic "You"."""
        return person_name(self.controller.seats[seat].name, seat, max(2, len(self._people())))

    def _lift_curtain(self) -> None:
        if self.controller.human_turn() != self.curtain_seat:
            self.curtain.hide()
            return
        self.table.bottom = self.curtain_seat
        self.table.curtain = False
        self.controller.clock.restart(time.monotonic())  # the turn was hidden: its person gets the full time
        self.table.reset_rack()
        self.curtain.hide()
        self.table.refresh()
        self.refresh()
        self.table.setFocus()

    # ---- claims, Muggins, redeal, leader -------------------------------------------------------

    def _claim_offered(self, seat: int, points: int) -> None:
        if len(self._people()) == 1:  # the one person here: no "You: your play scored 5."
            words = self.tr(
                "Your play scored {points}. Claim it before the next tile, or an opponent may call Muggins."
            )
        else:
            words = self.tr(
                "{name}: your play scored {points}. Claim it before the next tile, or an opponent may call Muggins."
            )
        self.claim_text.setText(words.format(name=self.person_name(seat), points=points))
        self.claim_button.setText(self.tr("Claim {points}").format(points=points))
        self.claim_button.show()
        self._clear_muggins()
        self.play_on_button.setText(self.tr("Play on"))
        self.claim_box.show()
        self.claim_button.setFocus()

    def _muggins_offered(self, seats: tuple[int, ...], points: int) -> None:
        self.claim_text.setText(
            self.tr("{points} points were left unclaimed. Call Muggins to take them!").format(points=points)
        )
        self.claim_button.hide()
        self._clear_muggins()
        # A button for each person here offered the points, not for the CPUs offered them too: "Muggins! (CPU 3)",
        # first and focused, answered Enter with "There are no missed points to take." (audit24b)
        for seat in (s for s in seats if self.controller.is_human(s)):
            name = shown_name(self.controller.seats[seat].name)
            after = shown_name(self.controller.seats[seat].name, after_preposition=True)  # "for you", "para ti"
            if len(self._people()) > 1:
                name = after = self.person_name(seat)  # "Player 1", as its plate, not "You" of a shared screen
            call = button(
                self.tr("Muggins! ({name})").format(name=name), self.tr("Muggins for {name}").format(name=after)
            )
            call.clicked.connect(lambda _=False, s=seat: self.controller.call_muggins(s))
            call.clicked.connect(self.back_to_rack)
            self.muggins_buttons.addWidget(call)
        self.play_on_button.setText(self.tr("Let them go"))
        self.claim_box.show()
        first = self.muggins_buttons.itemAt(0)
        widget = first.widget() if first is not None else None
        if widget is not None:
            widget.setFocus()

    def _clear_muggins(self) -> None:
        while self.muggins_buttons.count():
            item = self.muggins_buttons.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()

    def _redeal_offered(self, seat: int) -> None:
        doubles = self.controller.rules.redeal_doubles if self.controller.rules else 5
        # Named only where two or more people share the screen, by their plate's name ("Tú, te tocaron" was a name
        # and a pronoun to the one person; audit24 finding 16).
        if len(self._people()) >= 2:
            dealt = self.tr("{name}, you were dealt {n} or more doubles.").format(
                name=self.person_name(seat), n=doubles
            )
        else:
            dealt = self.tr("You were dealt {n} or more doubles.").format(n=doubles)
        self.redeal_text.setText(
            "<h3>"
            + dealt
            + "</h3><p>"
            + self.tr("You may ask for the whole table to be dealt again, once this hand.")
            + "</p>"
        )
        self.redeal.show()
        self.redeal.raise_()
        self._place_overlays()
        self.refresh()  # the turn line asks the question too (it said "Waiting for the first deal.")
        self.redeal_no.setFocus()

    def _answer_redeal(self, yes: bool) -> None:
        self.redeal.hide()
        self.controller.answer_redeal(yes)
        self.back_to_rack()

    def _choose_leader(self, seats: tuple[int, ...]) -> None:
        """Asked once the new hand is dealt (its tiles on the rack): one panel of one size, its first choice (the
        person, when they may lead) focused every hand."""
        box = self.leader_choice.layout()
        if box is None:
            box = QVBoxLayout(self.leader_choice)
        while box.count():  # out of the layout now, not when deleted later: the panel keeps one size
            item = box.takeAt(0)
            gone = item.widget() if item is not None else None
            if gone is not None:
                gone.hide()
                gone.deleteLater()
        question = QLabel(self.leader_question())
        question.setWordWrap(True)
        box.addWidget(question)
        people = [s for s in seats if self.controller.is_human(s)]
        for seat in sorted(seats, key=lambda s: s not in people):
            if self.controller.is_human(seat) and len(self._people()) == 1:
                words = self.tr("You lead")
            else:
                words = self.tr("{name} leads").format(name=self.person_name(seat))
            choice = button(words, words)
            choice.installEventFilter(KEPT_FOCUS)
            choice.clicked.connect(lambda _=False, s=seat: self._leader_chosen(s))
            box.addWidget(choice)
        if len(people) == 1:
            # The question need never come again: the setting "when my side wins, I lead" (View menu).
            words = self.tr("You lead, and always from now on")
            always = button(words, self.tr("You lead this hand and whenever your side wins; the View menu asks again"))
            always.setToolTip(self.tr("Not asked again: View ▸ When my side wins, I lead"))
            always.installEventFilter(KEPT_FOCUS)
            always.clicked.connect(lambda _=False, s=people[0]: self._always_lead(s))
            box.addWidget(always)
        self.leader_choice.setFixedWidth(round(LEADER_PANEL_WIDTH * self.overlay_scale))
        self.table.reveal = False  # the last hand's faces are put away with it
        self.table.refresh()  # the new deal on the rack, the last hand's tiles gone
        self.announce(question.text())
        self.happened.emit(question.text())
        self.leader_choice.show()
        self.leader_choice.raise_()
        self._place_overlays()
        choices = [b for b in self.leader_choice.findChildren(QPushButton) if b.isVisibleTo(self.leader_choice)]
        if choices:  # (last hand's buttons, hidden, are deleted later: not them)
            choices[0].setFocus(Qt.FocusReason.OtherFocusReason)

    def leader_question(self) -> str:
        """Why the person's side may choose its leader, as the engine's rules decide it (match._opening_plan): it
        won the last hand, or it was drawn by lot (a Cuban match's first hand: at 0-0 no side has won)."""
        rules, last = self.controller.rules, self.controller.last_result
        won = last is not None and last.winner_side is not None
        if rules is not None and won and rules.after_win is AfterWin.WINNING_TEAM_CHOICE:
            why = self.tr("Your side won the last hand: who leads this hand?")
        elif rules is not None and rules.opening is Opening.RANDOM_TEAM_ANY:
            if last is None:
                why = self.tr("Your side was drawn by lot to lead the first hand: who leads it?")
            elif last.winner_seat is None:
                why = self.tr("Nobody won the last hand; your side was drawn by lot to lead this one: who leads it?")
            else:
                why = self.tr("Your side was drawn by lot to lead this hand: who leads it?")
        else:
            why = self.tr("Your side chooses who leads this hand: who leads it?")
        return why + " " + self.tr("Your new tiles are on your rack.")

    def _always_lead(self, seat: int) -> None:
        self.controller.lead_when_won = True
        self.leaderRuleChanged.emit(True)
        self._leader_chosen(seat)

    def _leader_chosen(self, seat: int) -> None:
        self.leader_choice.hide()
        self.controller.choose_leader(seat)
        self.back_to_rack()

    # ---- the turn timer -----------------------------------------------------------------------

    def _update_clock(self) -> None:
        """The clock on the person's open decision, as the table keeps it (the lobby's timer at a local table,
        the room's at a room's): shown counting down; when it runs out the table is told."""
        clock = self.controller.clock
        running = clock.running and not self.table.curtain
        if running:  # shown from the first timed decision on, so the panel below does not jump
            self.clock.show()
        if not running:
            self.countdown.stop()
            self.timed_key = None
            self.clock.setText("")
            return
        if clock.key != self.timed_key or not self.countdown.isActive():
            self.timed_key = clock.key
            self.countdown.start()
        self._show_clock()

    def _seconds_left(self) -> int:
        return math.ceil(self.controller.clock.left(time.monotonic()))

    def _show_clock(self) -> None:
        left = self._seconds_left()
        self.clock.setText(self.tr("{time} left").format(time=f"{left // 60}:{left % 60:02d}"))

    def _tick(self) -> None:
        self._show_clock()
        clock = self.controller.clock
        if not clock.running or clock.key != self.timed_key:
            self.countdown.stop()
            return
        left = clock.left(time.monotonic())
        if 0 < left <= WARN_SECONDS and self.warned_key != clock.key:
            # A listener heard nothing until the time had run out (a11y audit, session 22): the last seconds are
            # said once, at once.
            self.warned_key = clock.key
            from ..shell.announce import say

            say(self.log, self.tr("%n second(s) left", "", math.ceil(left)), asked=True)
        if left > 0:
            return
        self.countdown.stop()
        self.controller.clock_ran_out()

    def _timed_out(self, seat: int, move: Move, action: str) -> None:
        hand = shown_hand(self.controller)
        if hand is None:
            return
        played = [i for i, turn in enumerate(hand.history) if turn.seat == seat and turn.move == move]
        if not played:
            return
        words = self.tr(str(TIMEOUT_WORDS.get(action, action)))
        if self.controller.is_human(seat) and len(self._people()) == 1:  # the one person here: "you", not "You"
            note = self.tr("Your time ran out: {action} was played for you.").format(action=words)
        else:
            note = self.tr("Time ran out for {name}: {action} was played for them.").format(
                name=self.person_name(seat), action=words
            )
        self._notes[(self._hand_number(), played[-1])] = note
        self._sync_log()

    # ---- hints --------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """H: a hint on the person's turn. Otherwise why not, at once: H said nothing, taken for a hint still being
        worked out (review 22). A room's window gives its own answer ("Rooms give no hints.")."""
        if self.setup is not None and not self.setup.hints:
            self.table.refuse(self.tr("Hints are off for this match."))
            return
        if self.controller.human_turn() == self.table.bottom and not self.table.curtain:
            self.turn.setText(self.tr("Thinking of a hint…"))
            self.controller.request_hint()
        elif self.setup is not None:
            self.table.refuse(translate("TableView", "Wait for your turn."))

    def _hint_ready(self, decision: Decision) -> None:
        advice, why = self.advice(decision.move), hint_why(decision)
        if why:
            words = self.tr("Hint: {advice} ({why})").format(advice=advice, why=why)
        else:
            words = self.tr("Hint: {advice}").format(advice=advice)
        self.turn.setText(words)
        self.table.show_hint(decision.move, words)  # the status bar in the same words

    def advice(self, move: Move) -> str:
        """A move as advice in words: "Play 6-1 on the 6", "Pose 6-6", "Pass", "Draw from the stock"; always said
        after "Hint: ", so Spanish has it in lower case ("Pista: roba del pozo")."""
        if move.kind is MoveKind.PLAY and move.tile is not None:
            if move.end is None:
                return self.tr("Pose {tile}").format(tile=move.tile)
            if move.on_double:  # both open ends may show the 6 (a spinner): say which, as the move log does
                return self.tr("Play {tile} on the {end} by the double").format(tile=move.tile, end=move.end)
            return self.tr("Play {tile} on the {end}").format(tile=move.tile, end=move.end)
        if move.kind is MoveKind.DRAW:
            return self.tr("Draw from the stock")
        return self.tr("Pass", 'advice, after "Hint: "')  # its own words: the Pass button is "Pasar", the advice "pasa"

    # ---- the log and the hand's end ------------------------------------------------------------

    def _history_rewritten(self) -> None:
        """Moves were taken back: the log and the table are drawn again from the match's history."""
        self.hand_end.hide()
        self.claim_box.hide()
        self.redeal.hide()
        self.leader_choice.hide()
        self.cut_panel.hide()
        self.table.reveal = False
        self.show_history()
        self.table.refresh()
        self.refresh()
        self.back_to_rack()  # the keys stay on the tiles (not on whatever follows a panel just hidden)

    def show_history(self) -> None:
        """The move log written again from the record: the hand in play, or the hand just finished (its sheet
        showing); after a resume or a move taken back."""
        self.log.clear()
        self._sync_log(news=False)

    def _hand_number(self) -> int:
        return self.controller.hand_number

    def log_lines(self) -> list[str] | None:
        """The move log as the match's record gives it: the hand's number, then each move (a claim with the
        points it took), with what was said of a move (time ran out) after it. None: no hand to show."""
        controller = self.controller
        rules, hand = controller.rules, shown_hand(controller)
        if rules is None or hand is None:
            return None
        number = self._hand_number()
        lines = [self.tr("— Hand {n} —").format(n=number)]
        one_person = len(self._people()) == 1
        drawing: tuple[int, int] | None = None  # (seat, tiles) of the draws that make the last line
        for index, (seat, move, points) in enumerate(self.record.moves(rules, hand)):
            yours = controller.is_human(seat) and one_person
            # People sharing the screen by the names their plates show ("Player 1 played", not "You played" or
            # the Spanish "Tú jugó"; audit24 finding 14).
            name = self.person_name(seat) if controller.is_human(seat) else controller.seats[seat].name
            if move.kind is MoveKind.DRAW and drawing is not None and drawing[0] == seat:
                # A seat drawing tile after tile is one line, its count growing: the plays stay in sight.
                drawing = (seat, drawing[1] + 1)
                lines[-1] = describe_draws(name, drawing[1], yours)
            else:
                lines.append(describe_move(name, move, yours, points))
                drawing = (seat, 1) if move.kind is MoveKind.DRAW else None
            note = self._notes.get((number, index))
            if note is not None:
                lines.append(note)
                drawing = None
        return lines

    def _sync_log(self, news: bool = True) -> None:
        """Bring the move log up to the record; `news`: the new lines are also told to screen readers and the
        status bar (not when a resumed hand's log is written again: the status bar keeps what the resume said)."""
        lines = self.log_lines()
        if lines is None:
            return
        added = self.log.show_lines(lines)
        if news:
            for text in added:
                self.announce(text)
                if self._pass_shown:  # the pass the table made for the person, in the status bar already
                    self._pass_shown = False
                    continue
                self.happened.emit(text)

    def _log_move(self, seat: int, move: Move) -> None:
        self._sync_log()
        hand = self.controller.hand
        mine = seat == self.table.bottom and self.controller.is_human(seat)
        if move.kind is MoveKind.DRAW and mine and hand is not None and hand.hands[seat]:
            self.table.focus_tile(hand.hands[seat][-1])  # a draw adds the stock's tile at the end

    def _points_scored(self, side: int, points: int) -> None:
        self.table.float_points(points)

    def announce(self, text: str, shown_on: QWidget | None = None) -> None:
        """Tell a screen reader what just happened at the table (`shown_on`: see announce.Announcer.say)."""
        self.log.setAccessibleDescription(text)
        say(self.log, text, shown_on=shown_on)

    # ---- the fair deal: the sealed deck and its cut -----------------------------------------------

    def _show_seal(self) -> None:
        """The deal waiting for its cut: on the hand-end sheet when it is up, else on the empty table."""
        controller = self.controller
        sealed = controller.sealed_fingerprint()
        people = len(self._people())
        clock = controller.auto_cut or people == 0
        on_sheet = not self.hand_end.isHidden()
        row = self.deal_seal.cut
        was = (row.isHidden(), row.seal.text(), row.hint.text())
        self.deal_seal.show_next(sealed if on_sheet else None, people, clock, controller.auto_cut)
        if on_sheet and sealed is not None and not clock and controller.duplicate is not None:
            row.hint.setText(self.tr("Click the deck, or Next play, to cut it and deal."))  # the button's name here
        if on_sheet and was != (row.isHidden(), row.seal.text(), row.hint.text()):
            self._dock_hand_end()  # the sheet grew or shrank
        if sealed is None or on_sheet or clock or self.going_on:
            self.cut_panel.hide()  # (going on by itself: "Next hand" is pressed for the person, which cuts)
            return
        appearing = self.cut_panel.isHidden()
        self.cut_panel.set_theme(self.table.look.theme)
        self.cut_panel.show_fingerprint(sealed, people, clock, controller.auto_cut)
        # A CPU's redeal at a local table (a room's host cuts its own): else the deck the person just cut comes
        # back with no word of why.
        redeal_by = controller.redeal_asked_by()
        if redeal_by is not None:
            self.cut_panel.title.setText(
                self.tr("{name} asked for a new deal: cut the new deck").format(name=self.person_name(redeal_by))
            )
        self.cut_panel.raise_()
        self._place_overlays()
        if appearing:
            # After whatever started the match has put the keys on the table: Space then cuts at once.
            QTimer.singleShot(0, self.cut_panel.deck, self._focus_deck)
            said = self.cut_panel.seal.text() + " " + self.cut_panel.hint.text()
            self.announce(said if redeal_by is None else self.cut_panel.title.text() + ". " + said)

    def say_cut_by_start(self, fingerprint: str, start: QWidget, rematch: bool = False) -> None:
        """The first deal is cut by Start (or the match's end sheet's Rematch), its seal shown beside it: said as the
        deck would have said it, from `start` while it still has the focus (see MainWindow.start_match)."""
        sealed = translate("FairDeal", "Deal sealed: {fp} …").format(fp=short(fingerprint))
        text = sealed + " " + (self.tr("Rematch cut the deck.") if rematch else self.tr("Start cut the deck."))
        self.log.setAccessibleDescription(text)
        say(start, text)

    def _focus_deck(self) -> None:
        if self.cut_panel.isVisible():
            self.cut_panel.deck.setFocus()

    def _let_go_of_sheet_focus(self) -> None:
        """The focus on the hand-end sheet or the cut panel let go of, not passed on as they hide: Qt gave it to the
        table before the deal, and a screen reader read the last hand's tile there ("six five, not playable now"),
        then never the new rack's. The deal puts it on the new rack (_hand_started)."""
        focus = QApplication.focusWidget()
        if focus is not None and (self.hand_end.isAncestorOf(focus) or self.cut_panel.isAncestorOf(focus)):
            focus.clearFocus()

    def _cut(self, gesture: tuple[object, ...]) -> None:
        self._let_go_of_sheet_focus()
        self.cut_panel.hide()
        if self.hand_end.isVisible():
            self.table.reveal = False  # the last hand's tiles are gathered for the deal (see drawn.table_state)
        self.hide_hand_end()
        self.table.refresh()
        self.controller.cut_deck(*gesture)
        if self.isVisible() and QApplication.focusWidget() is None:
            # No deal at once (a room's, dealt when every cut is in): the keys stay here, without the last hand's
            # tile for a screen reader to read as the focus comes; the deal's refresh puts the new tile's words.
            self.table.forget_tile_words()
            self.table.setFocus()

    def _auto_cut_changed(self, on: bool) -> None:
        waiting_on_table = self.cut_panel.isVisible()
        self.controller.auto_cut = on
        self.autoCutChanged.emit(on)
        if on and waiting_on_table:
            self._cut(("clock",))  # "cut for me" from the sealed deck itself: the clock cuts this deal too
            return
        self._show_seal()

    def _hand_started(self, index: int) -> None:
        self._let_go_of_sheet_focus()  # a deal that came without this page's cut (a room's clock) too
        # The last hand's "Domino!" ends with it: its confetti fell over the new rack and the leader question when
        # Next hand was pressed within its 1.5 s (audit24 finding 11).
        self.hands += 1
        self._pass_shown = False
        self.moments.clear()
        self.cut_panel.hide()
        self.hide_hand_end()
        self.turn.release()
        self.leader_choice.hide()
        self.curtain.hide()
        self.claim_box.hide()
        self._notes = {key: note for key, note in self._notes.items() if key[0] <= index}
        self.show_history()
        if len(self._people()) >= 2:
            self.table.curtain = True
        # The new tiles on the rack before the focus comes: it comes with the focused one's words (see _cut).
        self.table.refresh()
        self.table.setFocus()

    def _hand_ended(self, result: HandResult) -> None:
        rules = self.controller.rules
        assert rules is not None
        self.curtain.hide()
        self.claim_box.hide()
        self.countdown.stop()
        self.table.curtain = False
        self.table.reveal = True
        self.table.refresh()
        duplicate = self.controller.duplicate
        winner = self.controller.winner if duplicate is None else None  # a duplicate play's target does not count
        self.hand_end.show_result(rules, self.controller.seats, result, winner, duplicate is not None)
        self.deal_seal.seal(self.controller.hand_proof())
        self.deal_seal.cut.set_theme(self.table.look.theme)
        if duplicate is None:
            self.hand_end.next.setText(translate("HandEndPanel", "Next hand"))  # after a duplicate match's "Next play"
            self.hand_end.next.setAccessibleName(translate("HandEndPanel", "Next hand"))
        else:
            self._duplicate_hand_end()
        self._show_seal()
        self._place_overlays()
        headline = self.hand_end.headline(rules, result, self.controller.seats, winner is not None)
        only_cpus = not self._people() and self.controller.winner is None
        going_on = (
            not only_cpus
            and self.auto_next
            and self.controller.winner is None
            and duplicate is None
            and len(self._people()) == 1
        )
        if going_on:
            # The person asked to go on by themselves: the result is said and seen on the table (every hand face
            # up), the sheet stays away, and the next hand is dealt after a moment.
            self.going_on = True
            self.hide_hand_end()
            self.cut_panel.hide()
            self.table.table.float_text(headline, None)
            QTimer.singleShot(AUTO_NEXT_MS, self._next_hand_if_idle)
        # The sheet, focused, is read whole as the focus comes in (with it the headline): not in a description too.
        # At a match's end the status line says who won the match and the final score; the announcer says the hand's
        # headline only, as the sheet's words said after it (who won, the final score) would say them twice.
        said = headline
        if winner is not None:
            said = (
                translate("HandEndPanel", "Match over.")
                + " "
                + self.hand_end.headline(rules, result, self.controller.seats)
            )
        self.announce(said, shown_on=self.hand_end)
        self.happened.emit(headline)
        self._celebrate(result)
        self.undo_note.hide()
        if only_cpus:
            # Only CPUs at the table: after a look at the result, the next hand is dealt by itself.
            QTimer.singleShot(max(600, self.controller.pace_ms * 3), self._next_hand_if_idle)

    def _moment_for(self, result: HandResult) -> str | None:
        """The moment a hand's end is worth: the match won by a side with a person in it (a six-love or a shutout
        when the others scored nothing in a match of more than one hand: engine.shutout), else a capicúa or a
        domino by anyone."""
        controller = self.controller
        rules = controller.rules
        if rules is None:
            return None
        winner = controller.winner if controller.duplicate is None else None
        people_sides = {rules.side_of(s) for s in self._people()}
        if winner is not None and (winner in people_sides or not people_sides):
            swept = shutout(rules, controller.scores, winner, result)
            return "match_won" if swept is None else str(swept)
        if winner is not None:
            return None  # the match lost: its last hand is not cheered
        if "capicua" in result.bonus:
            return "capicua"
        if result.end.value == "domino":
            return "domino"
        return None

    def _celebrate(self, result: HandResult) -> None:
        kind = self._moment_for(result)
        if kind is None:
            return
        scene = self.table.table
        match, hand = self.matches, self.hands

        def celebrate() -> None:  # after the last tile has landed, over the middle of the felt
            if match == self.matches and hand == self.hands:
                self.moments.show(scene, scene.felt.rect().center(), self.tr(str(MOMENT_WORDS[kind])), self.table.look)

        QTimer.singleShot(self.table.look.animation_ms, self, celebrate)
        self.moment.emit(kind)

    def _next_hand_if_idle(self) -> None:
        self.going_on = False
        controller = self.controller
        waiting = controller.hand is None and controller.winner is None and controller.last_result is not None
        if waiting and controller.next_deal_waits() and self.isVisible():
            self._next_hand()

    def show_last_result(self) -> None:
        """The hand-end summary again (after the screen was rebuilt in another language)."""
        if self.controller.last_result is not None:
            self._hand_ended(self.controller.last_result)

    def _next_hand(self) -> None:
        duplicate = self.controller.duplicate
        if duplicate is not None and duplicate.is_over:
            self.show_duplicate_results()
            return
        self._cut(gesture_here("next"))  # in a duplicate match: the next play, its deal cut if it is new

    # ---- duplicate match (issue 17) ---------------------------------------------------------------

    def _show_duplicate_line(self) -> None:
        duplicate = self.controller.duplicate
        self.duplicate_line.setVisible(duplicate is not None)
        if duplicate is not None:
            self.duplicate_line.setText(
                "<b>" + escape(status_line(duplicate, self.controller.line_up), quote=False) + "</b>"
            )

    def _play_changed(self) -> None:
        """The next play of a duplicate match: the person's seat moved, so their rack is drawn at the bottom."""
        people = self.controller.people()
        if people:
            self.table.bottom = people[0]
        self.table.reset_rack()
        self.hide_hand_end()
        self._show_duplicate_line()
        duplicate = self.controller.duplicate
        if duplicate is not None:  # said in the status bar and to screen readers too: the panel may be shut
            line = status_line(duplicate, self.controller.line_up)
            self.announce(line)
            self.happened.emit(line)

    def _duplicate_hand_end(self) -> None:
        """The end-of-hand sheet in a duplicate match: the score so far, how the play was dealt and what comes
        next (a new deal's sealed deck to cut is the fair-deal row, as after any hand), Next play."""
        duplicate = self.controller.duplicate
        assert duplicate is not None
        coming = seal_line(duplicate)
        if coming:
            shown = self.deal_seal.label.text() + "<br>" if self.deal_seal.label.isVisibleTo(self.hand_end) else ""
            self.deal_seal.label.setText(shown + "<small>" + escape(coming, quote=False) + "</small>")
            self.deal_seal.label.show()
        text = self.hand_end.text.text()
        at = text.find("</h2>") + len("</h2>") if "</h2>" in text else len(text)
        self.hand_end.text.setText(text[:at] + hand_end_note(duplicate) + text[at:])  # under the headline: in sight
        over = duplicate.is_over
        text = self.tr("See the results") if over else self.tr("Next play")
        self.hand_end.next.setText(text)
        self.hand_end.next.setAccessibleName(text)
        self.hand_end.next.show()
        self.hand_end.again.setText(self.tr("New match"))
        self.hand_end.again.setAccessibleName(self.tr("New match"))
        self.hand_end.next.setFocus()

    def show_duplicate_results(self) -> None:
        duplicate = self.controller.duplicate
        if duplicate is None:
            return
        self.results = DuplicateResults(duplicate, self.controller.line_up, self)
        self.results.accepted.connect(self.hand_end.newMatchRequested)
        self.results.open()
