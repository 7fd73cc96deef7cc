"""Side panels: the scores, the move log, and the hand-end summary."""

from __future__ import annotations

from html import escape

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
from .i18n import translate


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
    return translate("Moves", " & ").join(seats[s].name for s in rules.seats_of(side))


class ScorePanel(QFrame):
    """Scores per side, the target, and the six-love marker."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scores")
        self.title = QLabel(self.tr("Score"))
        self.title.setObjectName("panelTitle")
        self.body = QLabel("")
        self.body.setObjectName("scoreBody")
        self.body.setWordWrap(True)
        self.body.setAccessibleName(self.tr("Scores"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.body)

    def show_scores(self, rules: Rules, seats: list[SeatConfig], scores: list[int], hand_index: int) -> None:
        lines = [f"<b>{score}</b> &nbsp; {escape(side_name(rules, seats, side))}" for side, score in enumerate(scores)]
        if rules.single_round:
            target = self.tr("Single round")
        elif rules.scoring.counts_hands:
            target = self.tr("First to {n} hands").format(n=rules.target)
        else:
            target = self.tr("First to {n} points").format(n=rules.target)
        if rules.target_needs_zero_opponent:
            target += self.tr(" (six-love: an opponent must be on zero)")
        self.title.setText(self.tr("Score · hand {n}").format(n=hand_index + 1))
        self.body.setText("<br>".join(lines) + f"<br><small>{escape(target)}</small>")


class MoveLog(QListWidget):
    """Every play, pass and draw of the hand, newest at the bottom."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("moveLog")
        self.setAccessibleName(self.tr("Move log"))

    def add(self, text: str) -> None:
        self.addItem(text)
        self.scrollToBottom()


def describe_move(name: str, move: Move, yours: bool = False) -> str:
    """One line of the move log. `yours`: the one person at the table, addressed as "you" (Spanish
    conjugates the verb for that, so these are sentences of their own)."""
    if yours:
        return _describe_your_move(move)
    if move.kind is MoveKind.PLAY:
        if move.end is None:
            return translate("Moves", "{name} played {tile} (pose)").format(name=name, tile=move.tile)
        return translate("Moves", "{name} played {tile} on the {end}").format(name=name, tile=move.tile, end=move.end)
    if move.kind is MoveKind.PASS:
        return translate("Moves", "{name} passed").format(name=name)
    if move.kind is MoveKind.DRAW:
        return translate("Moves", "{name} drew from the stock").format(name=name)
    if move.kind is MoveKind.CLAIM:
        return translate("Moves", "{name} claimed the points").format(name=name)
    return translate("Moves", "{name} called Muggins!").format(name=name)


def _describe_your_move(move: Move) -> str:
    if move.kind is MoveKind.PLAY:
        if move.end is None:
            return translate("Moves", "You played {tile} (pose)").format(tile=move.tile)
        return translate("Moves", "You played {tile} on the {end}").format(tile=move.tile, end=move.end)
    if move.kind is MoveKind.PASS:
        return translate("Moves", "You passed")
    if move.kind is MoveKind.DRAW:
        return translate("Moves", "You drew from the stock")
    if move.kind is MoveKind.CLAIM:
        return translate("Moves", "You claimed the points")
    return translate("Moves", "You called Muggins!")


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
        self.next = QPushButton(self.tr("Next hand"))
        self.review = QPushButton(self.tr("Review the hand"))
        self.review.setAccessibleName(self.tr("Review the hand"))
        self.review.installEventFilter(RETURN_CLICKS)
        self.next.setAccessibleName(self.tr("Next hand"))
        self.again = QPushButton(self.tr("New match"))
        self.again.setAccessibleName(self.tr("New match"))
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
        if result.winner_seat is None:
            head = self.tr("Locked table (tranque) and a tie: nobody wins this hand.")
        elif result.end.value == "domino":
            head = self.tr("{name} went out (domino).").format(name=seats[result.winner_seat].name)
        else:
            head = self.tr("{name} won the locked table.").format(name=seats[result.winner_seat].name)
        lines = [f"<h2>{escape(head)}</h2>"]
        if result.winner_side is not None:
            side = side_name(rules, seats, result.winner_side)
            if result.reset and rules.six_love_reset:
                lines.append("<p>" + escape(self.tr("A reply! Both scores go back to zero.")) + "</p>")
            elif rules.scoring.counts_hands:
                lines.append(
                    "<p>" + escape(self.tr("{side} score {n} hand(s).").format(side=side, n=result.points)) + "</p>"
                )
            else:
                lines.append(
                    "<p>" + escape(self.tr("{side} score {n} points.").format(side=side, n=result.points)) + "</p>"
                )
        bonuses = {"capicua": self.tr("Capicúa!"), "key_bone": self.tr("Key bone!")}
        if result.bonus:
            lines.append("<p><b>" + escape(" ".join(bonuses.get(b, b) for b in result.bonus)) + "</b></p>")
        if result.reset and rules.cutthroat_reset:
            lines.append("<p>" + escape(self.tr("Everyone has won a hand: the scores go back to zero.")) + "</p>")
        if any(result.end_points):
            points = ", ".join(f"{side_name(rules, seats, s)} {p}" for s, p in enumerate(result.end_points) if p)
            lines.append("<p>" + escape(self.tr("End points this hand: {points}.").format(points=points)) + "</p>")
        pip_word = self.tr("{n} pips")
        rows = "".join(
            f"<tr><td>{escape(seats[s].name)}</td><td>{' '.join(str(t) for t in result.remaining[s]) or '—'}</td>"
            f"<td align='right'>{escape(pip_word.format(n=result.pips[s]))}</td></tr>"
            for s in range(len(seats))
        )
        lines.append(f"<table cellspacing='6'>{rows}</table>")
        lines.append("<p><small>" + escape(self.tr("Deal seed {seed}").format(seed=result.seed)) + "</small></p>")
        if winner is not None:
            sweep = rules.target_needs_zero_opponent and all(
                score == 0 for side, score in enumerate(result.scores) if side != winner
            )
            text = self.tr("{side} win the match!").format(side=side_name(rules, seats, winner))
            if sweep and rules.six_love_reset:
                text += " " + self.tr("Six-love!")
            lines.append(f"<h2>{escape(text)}</h2>")
        self.text.setText("".join(lines))
        self.next.setVisible(winner is None)
        self.again.setText(self.tr("Play again") if winner is not None else self.tr("New match"))
        self.show()
        self.raise_()
        (self.next if winner is None else self.again).setFocus()
