"""Hand review: step back and forth through any finished hand, every tile shown, with the scores. A hand whose
fair-deal seal does not match (an edited save) is marked, and says it cannot be verified."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from ...engine.decisions import DealHand
from ...engine.fairness import seal_holds
from ...engine.match import Match
from ..look.grows import grows_with_window
from ..look.look_style import palette
from ..look.looks import Look
from ..play.coach_button import add_coach_button
from ..play.controller import SeatConfig
from ..play.fair_deal import add_verify_button
from ..play.panels import MoveRecord, describe_move, person_name, scores_said, side_name
from ..play.table_questions import joined
from ..shell.announce import say
from ..shell.i18n import translate
from ..table.scene import NATURAL_AREA, SeatState, TableScene, TableState

ICON_PX = 16  # the media icons' size on the step buttons (QPushButton's own)


def tinted(icon: QIcon, colour: QColor) -> QIcon:
    """`icon` in one colour: the style draws its media icons dark, smudges beside the words on the themes'
    buttons (the first three themes' dark green ones above all)."""
    pixmap = icon.pixmap(ICON_PX)
    painter = QPainter(pixmap)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
    painter.fillRect(pixmap.rect(), colour)
    painter.end()
    return QIcon(pixmap)


class ReviewDialog(QDialog):
    # The deal to start a new match from: its fair-deal proof (the same seed and cut deal the same tiles), or
    # a bare deal seed (48 bits: too big for a Qt int) for a hand dealt before fair deals.
    replayDeal = Signal(object)

    def __init__(self, match: Match, seats: list[SeatConfig], look: Look, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Hand review"))
        self.grows = grows_with_window(self, QSize(1000, 700))  # its words as large as the window's under it
        self.match = match
        self.seats = seats
        self.people = sum(1 for seat in seats if seat.human)
        self.record = MoveRecord()  # each move with the points it took, as the move log reads them
        self.scene_ = TableScene(look)  # held by the dialog: a scene in a local would be collected
        self.view = QGraphicsView(self.scene_)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setAccessibleName(self.tr("The hand under review"))
        # Stepped with its buttons: as a Tab stop the picture took the focus and showed none.
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hands = QComboBox()
        self.hands.setAccessibleName(self.tr("Hand"))
        rules = match.rules
        self.unverifiable = unverifiable_hands(match)
        for i, result in enumerate(match.results):
            # As the hand's sheet says it, the number first: "You & CPU 2 won 1 · score after it You & CPU 2: 1 ·
            # ..." named the winner twice and ran a name's number into a score (review26b F5).
            if result.winner_side is None:
                won = self.tr("nobody won")
            else:
                winner = side_name(rules, seats, result.winner_side, after_preposition=True)
                won = (
                    self.tr("%n hand(s) to {side}", "", result.points)
                    if rules.scoring.counts_hands
                    else self.tr("%n point(s) to {side}", "", result.points)
                ).format(side=winner)
            # Each score with its side: "130 to 40 to 80 to 50" named nobody (audit24b), and two sides' "0 to 2" did
            # not say which was whose.
            score = scores_said(rules, seats, result.scores)
            label = self.tr("Hand {n}: {won}. Match score: {score}.").format(n=i + 1, won=won, score=score)
            if i in self.unverifiable:
                label += " ⚠ " + self.tr("This hand cannot be verified.")
            self.hands.addItem(label, i)
        self.step = 0
        # Named by its text (AT-SPI reads a label's name only: a fixed "Move" hid the move), and said as it changes.
        self.caption = QLabel("")
        self.seal_warning = QLabel("⚠ " + self.tr("This hand's seal does not match: it cannot be verified."))
        self.seal_warning.setWordWrap(True)
        self.seal_warning.setStyleSheet("font-weight: bold")
        self.seal_warning.hide()
        # The style's own media icons (fonts without the ⏮ ⏭ signs drew them as empty boxes), in the buttons' words'
        # colour.
        words = palette(look.theme).color(QPalette.ColorRole.ButtonText)

        def icon(kind: QStyle.StandardPixmap) -> QIcon:
            return tinted(self.style().standardIcon(kind), words)

        pixmap = QStyle.StandardPixmap
        self.first = QPushButton(icon(pixmap.SP_MediaSkipBackward), self.tr("First"))
        self.back = QPushButton(icon(pixmap.SP_MediaSeekBackward), self.tr("Back"))
        self.forward = QPushButton(icon(pixmap.SP_MediaSeekForward), self.tr("Next"))
        self.last = QPushButton(icon(pixmap.SP_MediaSkipForward), self.tr("Last"))
        self.forward.setLayoutDirection(Qt.LayoutDirection.RightToLeft)  # its arrow after the word, pointing on
        self.last.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
        self.again = QPushButton(self.tr("Play this deal again"))
        for button, name in (
            (self.first, self.tr("First move")),
            (self.back, self.tr("Previous move")),
            (self.forward, self.tr("Next move")),
            (self.last, self.tr("Last move")),
            (self.again, self.tr("Play this deal again")),
        ):
            button.setAccessibleName(name)
        self.first.clicked.connect(lambda: self.go(0))
        self.back.clicked.connect(lambda: self.go(self.step - 1))
        self.forward.clicked.connect(lambda: self.go(self.step + 1))
        self.last.clicked.connect(lambda: self.go(len(self.played.history)))
        self.again.clicked.connect(self._again)
        controls = QHBoxLayout()
        for button in (self.first, self.back, self.forward, self.last):
            controls.addWidget(button)
        controls.addStretch(1)
        controls.addWidget(self.again)
        layout = QVBoxLayout(self)
        layout.addWidget(self.hands)
        layout.addWidget(self.seal_warning)
        layout.addWidget(self.view, 1)
        self.view.viewport().installEventFilter(self)
        layout.addWidget(self.caption)
        layout.addLayout(controls)
        self.verify = add_verify_button(self, self.again, match, self.hands.currentData)  # issue 17: fair deals
        self.coach = add_coach_button(  # issue 17: the coach on the hand under review
            self, self.again, lambda: _open_coach(self, match, seats, look, int(self.hands.currentData()))
        )
        # Tab goes along the row as it reads: Verify stands before Play again (it went Play again, Verify, Coach).
        for before, after in ((self.last, self.verify), (self.verify, self.again), (self.again, self.coach)):
            QWidget.setTabOrder(before, after)
        self.hands.currentIndexChanged.connect(lambda _i: self.show_hand(int(self.hands.currentData())))
        if match.results:
            self.hands.setCurrentIndex(len(match.results) - 1)
            self.show_hand(len(match.results) - 1)

    def show_hand(self, index: int) -> None:
        self.index = index
        self.deal, self.played = self.match.archive[index]
        self.seal_warning.setVisible(index in self.unverifiable)
        self.go(len(self.played.history))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The table fitted (and its plates placed) whenever the view's viewport changes size. Fitted on the
        # dialog's own resize, it was fitted before the layout had sized the view, and the first hand shown was
        # drawn for the view's size before it opened: 18% small at 1000x700, half its size at 1500x1020.
        if watched is self.view.viewport() and event.type() == QEvent.Type.Resize and hasattr(self, "played"):
            self.go(self.step)
        return False

    def go(self, step: int) -> None:
        self.step = max(0, min(step, len(self.played.history)))
        hand = self.match.position(self.index, self.step)  # the engine plays the hand again
        seats = [  # named as the table's plates name them ("Player 1", not "You", at a shared screen)
            SeatState(person_name(self.seats[s].name, s, self.people), len(tiles), tuple(tiles))
            for s, tiles in enumerate(hand.hands)
        ]
        # Plates are drawn at screen size: the scene places them for the scale fitInView is about to give it.
        port = self.view.viewport().size()
        fit = min(port.width() / NATURAL_AREA.width(), port.height() / NATURAL_AREA.height())
        self.scene_.set_area(NATURAL_AREA, 1 / max(0.1, fit), self.grows.scale)  # its plates' words as its own
        self.scene_.sync(TableState(hand.layout, seats, 0, stock=len(hand.stock)), animate=False)
        self.view.fitInView(self.scene_.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        total = len(self.played.history)
        spoken = ""
        if self.step == 0:
            text = self.tr("Dealt (deal seed {seed}). {n} moves.").format(seed=self.deal.seed, n=total)
            # What the picture shows, every hand face up, said (the seed is for Verify): a listener heard a
            # nineteen-digit number and never the tiles each player was dealt (audit25b).
            spoken = self.tr("Dealt: {hands}. {n} moves.").format(
                hands="; ".join(f"{seat.name}: {joined([str(t) for t in seat.tiles])}" for seat in seats), n=total
            )
        else:
            turn = self.played.history[self.step - 1]
            # A claim's or a Muggins' points, as the move log has them: without them each read "claimed 0" (audit24b).
            points = self.record.moves(self.match.rules, self.played)[self.step - 1][2]
            text = self.tr("Move {k} of {n}: {move}").format(
                k=self.step,
                n=total,
                move=describe_move(  # two people: "Player 1 played", as the plate says, not "Tú jugó"
                    person_name(self.seats[turn.seat].name, turn.seat, self.people),
                    turn.move,
                    self.seats[turn.seat].human and self.people == 1,
                    points,
                ),
            )
        if text != self.caption.text():
            self.caption.setText(text)
            self.caption.setAccessibleName(spoken or text)
            if self.isVisible():  # a step, or another hand: said at once, as the answer to the key pressed
                say(self.caption, spoken or text, asked=True)
        focused = self.focusWidget()
        enabled = {
            self.back: self.step > 0,
            self.first: self.step > 0,
            self.forward: self.step < total,
            self.last: self.step < total,
        }
        # At the last move the focus stays on the steps (Qt passed it on to "Verify this deal", which a listener's
        # next Space pressed), moved before its button is disabled: moved after, a screen reader heard "Verify
        # this deal" on the way (audit25b).
        if focused in (self.forward, self.last) and not enabled[focused]:
            self.back.setEnabled(enabled[self.back])
            self.back.setFocus()
        elif focused in (self.first, self.back) and not enabled[focused]:
            self.forward.setEnabled(enabled[self.forward])
            self.forward.setFocus()
        for button, on in enabled.items():
            button.setEnabled(on)
        self.again.setEnabled(self._deal_again() is not None)

    def _deal_again(self) -> object:
        """The hand as it was dealt and led: the same tiles (with its proof, so it still verifies), the same
        leader, and the same opening (the rules' forced pose, or any tile as after a won hand)."""
        proof = self.match.proofs.get(self.index)
        return DealHand(
            deal=self.deal,
            leader=self.played.leader,
            proof=proof if proof is not None and proof.cut_taken else None,
            chosen=True,
            free_lead=self.played.forced_pose is None,
        )

    def _again(self) -> None:
        again = self._deal_again()
        if again is not None:
            self.replayDeal.emit(again)
            self.accept()


def unverifiable_hands(match: Match) -> frozenset[int]:
    """The finished hands whose seal does not match what was dealt (an edited save): never trusted."""
    return frozenset(
        index
        for index, (deal, _played) in enumerate(match.archive)
        if (proof := match.proofs.get(index)) is not None and not seal_holds(match.rules, proof, deal)
    )


def seal_mismatch_note(hands: Sequence[int]) -> str:
    """What the status line says when a loaded match has seals that do not match (0-based hand indices)."""
    if len(hands) == 1:
        return translate("ReviewDialog", "The seal of hand {n} does not match: that hand cannot be verified.").format(
            n=hands[0] + 1
        )
    return translate("ReviewDialog", "The seals of hands {list} do not match: those hands cannot be verified.").format(
        list=", ".join(str(hand + 1) for hand in hands)
    )


def _open_coach(parent: QWidget, match: Match, seats: Sequence[SeatConfig], look: Look, index: int) -> None:
    from ..play.coach_panel import open_coach  # the exact solver loads when the coach is asked for

    open_coach(parent, match, seats, look, index)
