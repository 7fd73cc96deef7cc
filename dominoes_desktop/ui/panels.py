"""Side panels: the scores, the move log, and the hand-end summary."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
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


# The name the lobby gives the one person at the screen, in every language the game speaks: shown in the
# language in use now, so a match begun in English says "Tú" once the game speaks Spanish.
YOU_NAMES = frozenset({"You", "Tú"})


def shown_name(name: str) -> str:
    return translate("GameController", "You") if name in YOU_NAMES else name


def side_name(rules: Rules, seats: list[SeatConfig], side: int) -> str:
    return translate("Moves", " & ").join(shown_name(seats[s].name) for s in rules.seats_of(side))


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

    def show_scores(
        self,
        rules: Rules,
        seats: list[SeatConfig],
        scores: list[int],
        hand_number: int,
        over: bool = False,
        running: list[int] | None = None,
        goal: str | None = None,
    ) -> None:
        """`hand_number`: the hand in play (or the last one dealt); `running`: points made so far this hand, per
        side, in games that score ends as they are made; `goal`: said instead of the target (a duplicate play)."""
        lines = []
        for side, score in enumerate(scores):
            made = running[side] if running else 0
            extra = f" <span style='color:#7dff9a'><b>+{made}</b></span>" if made else ""
            lines.append(f"<b>{score}</b>{extra} &nbsp; {escape(side_name(rules, seats, side))}")
        if rules.single_round:
            target = self.tr("Single round")
        elif rules.scoring.counts_hands:
            target = self.tr("First to {n} hands").format(n=rules.target)
        else:
            target = self.tr("First to {n} points").format(n=rules.target)
        if rules.target_needs_zero_opponent:
            target += self.tr(" (six-love: an opponent must be on zero)")
        if goal is not None:
            target = goal
        target = escape(target)
        if goal is not None:
            self.title.setText(self.tr("Score · this play"))
        elif over:
            self.title.setText(self.tr("Score · match over"))
        else:
            self.title.setText(self.tr("Score · hand {n}").format(n=max(1, hand_number)))
        if running and any(running):
            target += "<br>" + self.tr("+ points made this hand, added to the score as they are claimed")
        self.body.setText("<br>".join(lines) + f"<br><small>{target}</small>")


class MoveLog(QListWidget):
    """Every play, pass and draw of the hand, newest at the bottom."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("moveLog")
        self.setAccessibleName(self.tr("Move log"))

    def add(self, text: str) -> None:
        self.addItem(text)
        self.scrollToBottom()


def describe_move(name: str, move: Move, yours: bool = False, points: int = 0) -> str:
    """One line of the move log. `yours`: the one person at the table, addressed as "you" (Spanish
    conjugates the verb for that, so these are sentences of their own)."""
    if yours:
        return _describe_your_move(move, points)
    name = shown_name(name)
    if move.kind is MoveKind.PLAY:
        if move.end is None:
            return translate("Moves", "{name} played {tile} (pose)").format(name=name, tile=move.tile)
        return translate("Moves", "{name} played {tile} on the {end}").format(name=name, tile=move.tile, end=move.end)
    if move.kind is MoveKind.PASS:
        return translate("Moves", "{name} passed").format(name=name)
    if move.kind is MoveKind.DRAW:
        return translate("Moves", "{name} drew from the stock").format(name=name)
    if move.kind is MoveKind.CLAIM:
        return translate("Moves", "{name} claimed {points}").format(name=name, points=points)
    return translate("Moves", "{name} called Muggins: {points}").format(name=name, points=points)


def _describe_your_move(move: Move, points: int) -> str:
    if move.kind is MoveKind.PLAY:
        if move.end is None:
            return translate("Moves", "You played {tile} (pose)").format(tile=move.tile)
        return translate("Moves", "You played {tile} on the {end}").format(tile=move.tile, end=move.end)
    if move.kind is MoveKind.PASS:
        return translate("Moves", "You passed")
    if move.kind is MoveKind.DRAW:
        return translate("Moves", "You drew from the stock")
    if move.kind is MoveKind.CLAIM:
        return translate("Moves", "You claimed {points}").format(points=points)
    return translate("Moves", "You called Muggins: {points}").format(points=points)


class HandEndPanel(QFrame):
    """The hand's summary on an opaque sheet beside (or, on a narrow table, below) the board, so the final
    position stays in sight: winner, points, bonuses, pips; the deal seed under Details; then go on."""

    nextRequested = Signal()
    newMatchRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handEnd")
        self.setAutoFillBackground(True)  # opaque: no tile shows through the pip table
        self.text = QLabel("")
        self.text.setObjectName("handEndText")
        self.text.setWordWrap(True)
        self.details_button = QPushButton(self.tr("Details ▸"))
        self.details_button.setObjectName("details")
        self.details_button.setCheckable(True)
        self.details_button.setAccessibleName(self.tr("Details of the deal"))
        self.details_button.installEventFilter(RETURN_CLICKS)
        self.details = QLabel("")
        self.details.setObjectName("handEndDetails")
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.hide()
        self.details_button.toggled.connect(self._show_details)
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
        buttons = QGridLayout()
        buttons.addWidget(self.next, 0, 0, 1, 2)
        buttons.addWidget(self.review, 1, 0)
        buttons.addWidget(self.again, 1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.details)
        layout.addStretch(1)
        layout.addLayout(buttons)
        self.hide()

    def _show_details(self, shown: bool) -> None:
        self.details.setVisible(shown)
        self.details_button.setText(self.tr("Details ▾") if shown else self.tr("Details ▸"))

    def headline(self, result: HandResult, seats: list[SeatConfig], match_over: bool = False) -> str:
        if result.winner_seat is None:
            head = self.tr("Locked table (tranque) and a tie: nobody wins this hand.")
        elif result.end.value == "domino":
            head = self.tr("{name} went out (domino).").format(name=shown_name(seats[result.winner_seat].name))
        else:
            head = self.tr("{name} won the locked table.").format(name=shown_name(seats[result.winner_seat].name))
        return self.tr("Match over.") + " " + head if match_over else head

    def show_result(self, rules: Rules, seats: list[SeatConfig], result: HandResult, winner: int | None) -> None:
        head = self.headline(result, seats)
        lines = []
        if winner is not None:
            sweep = rules.target_needs_zero_opponent and all(
                score == 0 for side, score in enumerate(result.scores) if side != winner
            )
            won = self.tr("{side} won the match.").format(side=side_name(rules, seats, winner))
            if sweep and rules.six_love_reset:
                won += " " + self.tr("Six-love!")
            over = self.tr("Match over")
            lines.append(f"<h1>{escape(over)}</h1><h3>{escape(won)}</h3>")
        lines.append(f"<h2>{escape(head)}</h2>")
        if result.winner_side is not None:
            side = side_name(rules, seats, result.winner_side)
            if result.reset and rules.six_love_reset:
                lines.append("<p>" + escape(self.tr("A reply! Both scores go back to zero.")) + "</p>")
            elif rules.scoring.counts_hands:
                text = self.tr("%n hand(s) to {side}.", "", result.points).format(side=side)
                lines.append("<p>" + escape(text) + "</p>")
            else:
                text = self.tr("%n point(s) to {side}.", "", result.points).format(side=side)
                lines.append("<p>" + escape(text) + "</p>")
        bonuses = {"capicua": self.tr("Capicúa!"), "key_bone": self.tr("Key bone!")}
        if result.bonus:
            lines.append("<p><b>" + escape(" ".join(bonuses.get(b, b) for b in result.bonus)) + "</b></p>")
        if result.reset and rules.cutthroat_reset:
            lines.append("<p>" + escape(self.tr("Everyone has won a hand: the scores go back to zero.")) + "</p>")
        if any(result.end_points):
            points = ", ".join(f"{side_name(rules, seats, s)} {p}" for s, p in enumerate(result.end_points) if p)
            lines.append("<p>" + escape(self.tr("End points this hand: {points}.").format(points=points)) + "</p>")
        pips = [self.tr("%n pip(s)", "", result.pips[s]) for s in range(len(seats))]
        rows = "".join(
            f"<tr><td>{escape(shown_name(seats[s].name))}</td>"
            f"<td>{' '.join(str(t) for t in result.remaining[s]) or '—'}</td>"
            f"<td align='right'>{escape(pips[s])}</td></tr>"
            for s in range(len(seats))
        )
        lines.append(f"<table cellspacing='6'>{rows}</table>")
        self.text.setText("".join(lines))
        self.details.setText(
            escape(self.tr("Deal seed {seed}: it deals this hand again for a review or a fair-deal check.")).format(
                seed=result.seed
            )
        )
        self.details_button.setChecked(False)
        self.next.setVisible(winner is None)
        self.again.setText(self.tr("Play again") if winner is not None else self.tr("New match"))
        self.show()
        self.raise_()
        (self.next if winner is None else self.again).setFocus()
