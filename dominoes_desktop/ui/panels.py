"""Side panels: the scores, the move log, and the hand-end summary."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..engine.match import HandResult
from ..engine.moves import Move, MoveKind
from ..engine.rules import Rules
from .controller import SeatConfig


class ReturnClicks(QObject):
    """Enter or Return on a focused button inside a panel clicks it, as in a dialog (keyboard play)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QPushButton)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            watched.click()
            return True
        return False


RETURN_CLICKS = ReturnClicks()


def side_name(rules: Rules, seats: list[SeatConfig], side: int) -> str:
    return " & ".join(seats[s].name for s in rules.seats_of(side))


class ScorePanel(QFrame):
    """Scores per side, the target, and the six-love marker."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scores")
        self.title = QLabel("Score")
        self.title.setObjectName("panelTitle")
        self.body = QLabel("")
        self.body.setObjectName("scoreBody")
        self.body.setWordWrap(True)
        self.body.setAccessibleName("Scores")
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.body)

    def show_scores(self, rules: Rules, seats: list[SeatConfig], scores: list[int], hand_index: int) -> None:
        unit = "hands" if rules.scoring.counts_hands else "points"
        lines = []
        for side, score in enumerate(scores):
            lines.append(f"<b>{score}</b> &nbsp; {side_name(rules, seats, side)}")
        target = "Single round" if rules.single_round else f"First to {rules.target} {unit}"
        if rules.target_needs_zero_opponent:
            target += " (six-love: an opponent must be on zero)"
        self.title.setText(f"Score · hand {hand_index + 1}")
        self.body.setText("<br>".join(lines) + f"<br><small>{target}</small>")


class MoveLog(QListWidget):
    """Every play, pass and draw of the hand, newest at the bottom."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("moveLog")
        self.setAccessibleName("Move log")

    def add(self, text: str) -> None:
        self.addItem(text)
        self.scrollToBottom()


def describe_move(name: str, move: Move) -> str:
    if move.kind is MoveKind.PLAY:
        where = f" on the {move.end}" if move.end is not None else " (pose)"
        return f"{name} played {move.tile}{where}"
    if move.kind is MoveKind.PASS:
        return f"{name} passed"
    if move.kind is MoveKind.DRAW:
        return f"{name} drew from the stock"
    if move.kind is MoveKind.CLAIM:
        return f"{name} claimed the points"
    return f"{name} called Muggins!"


class HandEndPanel(QFrame):
    """The hand's summary over the table: winner, points, bonuses, pips, the deal seed; then go on."""

    nextRequested = Signal()
    newMatchRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handEnd")
        self.text = QLabel("")
        self.text.setObjectName("handEndText")
        self.text.setWordWrap(True)
        self.next = QPushButton("Next hand")
        self.review = QPushButton("Review the hand")
        self.review.setAccessibleName("Review the hand")
        self.review.installEventFilter(RETURN_CLICKS)
        self.next.setAccessibleName("Next hand")
        self.again = QPushButton("New match")
        self.again.setAccessibleName("New match")
        self.next.clicked.connect(self.nextRequested)
        self.again.clicked.connect(self.newMatchRequested)
        self.next.installEventFilter(RETURN_CLICKS)
        self.again.installEventFilter(RETURN_CLICKS)
        buttons = QHBoxLayout()
        buttons.addWidget(self.review)
        buttons.addStretch(1)
        buttons.addWidget(self.again)
        buttons.addWidget(self.next)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addLayout(buttons)
        self.hide()

    def show_result(self, rules: Rules, seats: list[SeatConfig], result: HandResult, winner: int | None) -> None:
        unit = "hand" if rules.scoring.counts_hands else "points"
        if result.winner_seat is None:
            head = "Locked table (tranque) and a tie: nobody wins this hand."
        else:
            how = "went out (domino)" if result.end.value == "domino" else "won the locked table"
            head = f"{seats[result.winner_seat].name} {how}."
        lines = [f"<h2>{head}</h2>"]
        if result.winner_side is not None:
            if result.reset and rules.six_love_reset:
                lines.append("<p>A reply! Both scores go back to zero.</p>")
            else:
                amount = f"{result.points} {unit}" if unit == "points" else f"{result.points} hand(s)"
                lines.append(f"<p>{side_name(rules, seats, result.winner_side)} score {amount}.</p>")
        bonuses = {"capicua": "Capicúa!", "key_bone": "Key bone!"}
        if result.bonus:
            lines.append("<p><b>" + " ".join(bonuses.get(b, b) for b in result.bonus) + "</b></p>")
        if result.reset and rules.cutthroat_reset:
            lines.append("<p>Everyone has won a hand: the scores go back to zero.</p>")
        if any(result.end_points):
            points = ", ".join(f"{side_name(rules, seats, s)} {p}" for s, p in enumerate(result.end_points) if p)
            lines.append(f"<p>End points this hand: {points}.</p>")
        pips = "".join(
            f"<tr><td>{seats[s].name}</td><td>{' '.join(str(t) for t in result.remaining[s]) or '—'}</td>"
            f"<td align='right'>{result.pips[s]} pips</td></tr>"
            for s in range(len(seats))
        )
        lines.append(f"<table cellspacing='6'>{pips}</table>")
        lines.append(f"<p><small>Deal seed {result.seed}</small></p>")
        if winner is not None:
            sweep = rules.target_needs_zero_opponent and all(
                score == 0 for side, score in enumerate(result.scores) if side != winner
            )
            celebration = " Six-love!" if sweep and rules.six_love_reset else ""
            lines.append(f"<h2>{side_name(rules, seats, winner)} win the match!{celebration}</h2>")
        self.text.setText("".join(lines))
        self.next.setVisible(winner is None)
        self.again.setText("Play again" if winner is not None else "New match")
        self.show()
        self.raise_()
        (self.next if winner is None else self.again).setFocus()
