"""Side panels: the scores, the move log, and the hand-end summary."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from itertools import pairwise

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, QSize, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QPainter, QPaintEvent, QPen, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QGridLayout,
    QLabel,
    QLayout,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...engine.hand import Hand, Turn
from ...engine.match import HandResult
from ...engine.moves import Move, MoveKind
from ...engine.rules import BlockedRule, EndScoring, Rules, Scoring
from ...engine.scoring import losers_counts, side_pips
from ...engine.shutout import Shutout, shutout
from ...engine.tiles import Tile
from ...engine.view import replay_moves
from ..look.look_style import scaled_words_style
from ..shell.i18n import NO_BREAK, plain, translate
from .controller import SeatConfig

PRESS_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


class ReturnClicks(QObject):
    """Enter or Return on a focused button inside a panel clicks it, as in a dialog (keyboard play), once per
    deliberate press: an auto-repeated press (a key held down) is eaten, so a held Return that clicked "Next
    hand" cannot go on through the sheet that follows, the cut deck and the lobby behind them."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QPushButton)
            and event.key() in PRESS_KEYS
        ):
            if event.isAutoRepeat():
                return True  # a key held since before this button had the focus: not a press meant for it
            if event.key() == Qt.Key.Key_Space:
                return False  # the button's own Space: it clicks on release, as everywhere
            watched.click()
            return True
        return False


RETURN_CLICKS = ReturnClicks()


NEXT_KEYS = (Qt.Key.Key_Tab, Qt.Key.Key_Down, Qt.Key.Key_Right)
PREVIOUS_KEYS = (Qt.Key.Key_Backtab, Qt.Key.Key_Up, Qt.Key.Key_Left)


class KeptFocus(QObject):
    """The keys of a panel that asks one question over the table (who leads, a redeal): Tab and the arrows go
    round its own buttons only, never into the rack under it (whose Tab moves among tiles), and Esc brings the
    focus back to its first button; Enter chooses (RETURN_CLICKS)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if not isinstance(watched, QPushButton) or event.key() not in (*NEXT_KEYS, *PREVIOUS_KEYS, Qt.Key.Key_Escape):
            return False
        panel = watched.parentWidget()
        if panel is None:
            return False
        buttons = [b for b in panel.findChildren(QPushButton) if b.isVisibleTo(panel) and b.isEnabled()]
        if watched not in buttons:
            return False
        if event.key() == Qt.Key.Key_Escape:
            chosen = buttons[0]
        else:
            step = 1 if event.key() in NEXT_KEYS else -1
            chosen = buttons[(buttons.index(watched) + step) % len(buttons)]
        chosen.setFocus(Qt.FocusReason.TabFocusReason)
        return True


KEPT_FOCUS = KeptFocus()


class ButtonRow(QWidget):
    """Buttons side by side while each has room for its words, else on as many rows as that takes: a narrow
    side panel, a longer language or a larger font never clips a label ("Draw (D" at 1024x700)."""

    def __init__(self, buttons: list[QPushButton], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.buttons = buttons
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # narrower than the row: it stacks
        self.columns = 0
        for widget in buttons:
            widget.setParent(self)
            widget.installEventFilter(self)  # shown or hidden: the others share its room
        self._arrange(len(buttons))

    def shown(self) -> list[QPushButton]:
        return [b for b in self.buttons if not b.isHidden()]

    def columns_for(self, width: int) -> int:
        """The most buttons a row of `width` pixels holds with every label whole (at least one)."""
        shown = self.shown()
        need = max((b.sizeHint().width() for b in shown), default=0)
        spacing = max(0, self.grid.horizontalSpacing())
        columns = max(1, len(shown))
        while columns > 1 and columns * need + (columns - 1) * spacing > width:
            columns -= 1
        return columns

    def _arrange(self, columns: int) -> None:
        self.columns = columns
        for widget in self.buttons:
            self.grid.removeWidget(widget)
        for column in range(self.grid.columnCount()):
            self.grid.setColumnStretch(column, 0)
        shown = self.shown()
        for i, widget in enumerate(shown):
            last = i == len(shown) - 1
            span = columns - i % columns if last else 1  # a short last row: its last button takes the rest
            self.grid.addWidget(widget, i // columns, i % columns, 1, span)
        for column in range(columns):
            self.grid.setColumnStretch(column, 1)  # equal widths, as the row had before

    def minimumSizeHint(self) -> QSize:
        """As narrow as its widest button (stacked), as tall as it is arranged now."""
        widest = max((b.sizeHint().width() for b in self.shown()), default=0)
        return QSize(widest, self.grid.minimumSize().height())

    def refit(self) -> None:
        if self.width() > 0:
            self._arrange(self.columns_for(self.width()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.columns_for(event.size().width()) != self.columns:
            self._arrange(self.columns_for(event.size().width()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent, QEvent.Type.FontChange):
            self.refit()
        return False

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange, QEvent.Type.LanguageChange):
            self.refit()


# The name the lobby gives the one person at the screen, in every language the game speaks: shown in the
# language in use now, so a match begun in English says "Tú" once the game speaks Spanish.
YOU_NAMES = frozenset({"You", "Tú"})


def shown_name(name: str, after_preposition: bool = False) -> str:
    """`after_preposition`: "1 hand to you", Spanish "para ti" (not "to You", "para Tú")."""
    if name not in YOU_NAMES:
        return name
    if after_preposition:
        return QCoreApplication.translate("GameController", "you", "after a preposition: 1 hand to you")
    return translate("GameController", "You")


def person_name(name: str, seat: int, people: int, after_preposition: bool = False) -> str:
    """A seat's name at a screen with `people` persons: their own, or "Player 2" where the lobby left the generic
    "You" and more than one person plays here (the curtain and the plate then say the same)."""
    if people > 1 and (name in YOU_NAMES or not name.strip()):
        return translate("GamePage", "Player {n}").format(n=seat + 1)
    return shown_name(name, after_preposition)


def kept_name(seats: Sequence[SeatConfig], seat: int) -> str:
    """The name the statistics keep for a seat's person: at a shared screen as their plate names them ("Player
    1" where the lobby left the generic "You": the Results, Deal luck and Skill pages said "Tú" for a person who
    was "Jugador 1" all match, visual29); the one person's as the lobby named them ("You", shown in the language
    of the day)."""
    people = sum(s.human for s in seats)
    return person_name(seats[seat].name, seat, people) if people > 1 else seats[seat].name


def side_name(rules: Rules, seats: list[SeatConfig], side: int, after_preposition: bool = False) -> str:
    """A side's players by the names their plates show: with two or more people at this screen, the generic
    "You" is "Player 1" here too, not "You & CPU 2" in the scores beside a plate and a curtain saying "Player 1"."""
    people = sum(seat.human for seat in seats)
    names = (
        person_name(seats[s].name, s, people) if people > 1 else shown_name(seats[s].name, after_preposition)
        for s in rules.seats_of(side)
    )
    return translate("Moves", " & ").join(names)


def side_said(rules: Rules, seats: list[SeatConfig], side: int, value: int | str, kept: bool = False) -> str:
    """One side's value before its names: "1 for you & CPU 2", "12 pips for you", "12 → 10 for CPU 1". A name
    ending in a number ran into a score ("score after it You & CPU 2: 1", "CPU 2 1" to a screen reader that says no
    colon: review26b F5). `kept`: the value held to its words and the side's names held together (non-breaking
    spaces), for a sheet whose lines wrap between sides, or a long name between its words, never at a figure."""
    names = side_name(rules, seats, side, after_preposition=True)
    if kept:
        # The wording's own spaces held ("10 for" never ends a line), the names' joiner and figures too.
        joiner = translate("Moves", " & ")
        return figure_for(value, held(names.replace(joiner, joiner.replace(" ", NO_BREAK))), kept)
    return figure_for(value, names)


def figure_for(value: int | str, names: str, kept: bool = False) -> str:
    """The one wording of a figure and whose it is, the figure first: "10 for you & CPU 2" (a score, the pips, the
    tiles a seat holds); `names` as said after a preposition. `kept`: the wording's own spaces non-breaking."""
    words = translate("Scores", "{points} for {side}")
    return (words.replace(" ", NO_BREAK) if kept else words).format(points=value, side=names)


def sides_said(
    rules: Rules, seats: list[SeatConfig], values: Iterable[tuple[int, int | str]], kept: bool = False
) -> str:
    """Each (side, value) as side_said says it, a comma after each side: a comma is a pause every reader makes,
    where " · " may be said as nothing."""
    return ", ".join(side_said(rules, seats, side, value, kept) for side, value in values)


def scores_said(rules: Rules, seats: list[SeatConfig], scores: Sequence[int | str], kept: bool = False) -> str:
    """Every side's score as sides_said says it. The hand review's list, the resume question, the hand-end sheet
    (match, final score), the S key and a room's table talk say the scores so, in one wording."""
    return sides_said(rules, seats, enumerate(scores), kept)


def running_scores_said(
    rules: Rules, seats: list[SeatConfig], scores: Sequence[int], made: Sequence[int] | None = None
) -> str:
    """Every side's score as scores_said says it, and where a side has made points this hand not yet in its
    score, those after it: "0 for CPU 3, plus 15 this hand", the sides a semicolon apart then. The S key and the
    score panel say the scores so."""
    made = made or [0] * len(scores)
    if not any(made):
        return scores_said(rules, seats, scores)
    return "; ".join(
        translate("Voice", "{said}, plus {points} this hand").format(
            said=side_said(rules, seats, side, score), points=made[side]
        )
        if made[side]
        else side_said(rules, seats, side, score)
        for side, score in enumerate(scores)
    )


def sides_count_together(rules: Rules) -> bool:
    """A locked table decided by the partners' pips counted together (the Dominican and Puerto Rican side rules),
    not by the lightest seat alone: its headline names the side, its sheet shows each side's pips."""
    return rules.partners and rules.blocked is not BlockedRule.LOWEST_PLAYER


class SteadyLabel(QLabel):
    """A label that keeps the tallest height its texts have needed at this width: "CPU 1 is thinking…" after a
    four-line "your turn" no longer pulls the buttons below it up and down at every turn."""

    def setText(self, text: str) -> None:
        super().setText(text)
        self._hold()

    def _hold(self) -> None:
        if self.width() <= 0:
            return
        need = self.heightForWidth(self.width()) if self.wordWrap() else self.sizeHint().height()
        if need > self.minimumHeight():
            self.setMinimumHeight(need)

    def release(self) -> None:
        """Start afresh (a new hand): the height follows the text again."""
        self.setMinimumHeight(0)
        self._hold()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.setMinimumHeight(0)  # narrower or wider: the texts wrap anew
            self._hold()


class ClockLabel(QLabel):
    """The turn clock's words ("0:25 left") after a small clock drawn in the label's own colour: a font
    without the stopwatch character drew a missing-glyph box there."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self._icon_room()

    def _icon_room(self) -> None:
        size = self.fontMetrics().height()
        self.setContentsMargins(size + size // 3, 0, 0, 0)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._icon_room()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.text():
            return
        size = self.fontMetrics().height()
        radius = size * 0.4
        centre = QPointF(size / 2, self.height() / 2)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.palette().windowText().color(), max(1.5, size / 10))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawEllipse(centre, radius, radius)
        painter.drawLine(centre, centre + QPointF(0, -radius * 0.65))  # the hands at ten past twelve
        painter.drawLine(centre, centre + QPointF(radius * 0.5, radius * 0.2))
        painter.end()


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
        # Each score before its side, as the hand-end sheet, the S key and the review say them ("10 for you &
        # CPU 2"), the figures in a column at the left edge; the points made this hand, in green, after the side.
        lines = []
        made = [running[side] if running else 0 for side in range(len(scores))]
        for side, score in enumerate(scores):
            extra = f" <span style='color:#7dff9a'><b>+{made[side]}</b></span>" if made[side] else ""
            names = escape(side_name(rules, seats, side, after_preposition=True))
            lines.append(figure_for(f"<b>{score}</b>", names) + extra)
        if rules.single_round:
            target = self.tr("Single round")
        elif rules.scoring.counts_hands:
            target = self.tr("First to %n hand(s)", "", rules.target)
        else:
            target = self.tr("First to %n point(s)", "", rules.target)
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
        if rules.end_scoring is not EndScoring.NONE:
            # Said all along, not only once a point is made: the panel's height (and so the window's least
            # height) stays the same from hand to hand; it grew 13 px at the first points of hand 2.
            target += "<br>" + self.tr("+ points made this hand, added to the score as they are claimed")
        self.body.setText("<br>".join(lines) + f"<br><small>{target}</small>")
        # AT-SPI reads a label by its name alone: a fixed "Scores" hid the scores; the title, then what it shows,
        # the scores in the S key's words (the "+15" said as "plus 15 this hand").
        said = running_scores_said(rules, seats, scores, made)
        self.body.setAccessibleName(self.tr("Scores") + ": " + said + ". " + plain(f"<small>{target}</small>"))


class MoveLog(QListWidget):
    """Every play, pass and draw of the hand, newest at the bottom."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("moveLog")
        self.setAccessibleName(self.tr("Move log"))
        # A long line ("CPU 2 played 12-5 on the 12") wraps in a narrow panel instead of running off its edge.
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        # The newest line stays in sight when the log's room shrinks (a claim box opening above it hid the last
        # moves), unless the player has scrolled up to read back.
        self.following = True
        # Whether the player left the log on its newest line (or has not been in it yet): coming back, they are
        # taken to the newest move only then, not away from a move they had gone back to read.
        self.left_at_newest = True
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def _scrolled(self, value: int) -> None:
        self.following = value >= self.verticalScrollBar().maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self.following:
            self.verticalScrollBar().setValue(high)

    def focusInEvent(self, event: QFocusEvent) -> None:
        # Coming in (Ctrl+Tab, then Tab), the newest move is the current line, as it is the one in sight: Qt made
        # the first, "— Hand 1 —", current, and a screen reader read from there. A line the player had gone back
        # to stays current: every return jumped to the newest and lost their place.
        if self.count() and (self.currentRow() < 0 or self.left_at_newest):
            self.setCurrentRow(self.count() - 1)
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.left_at_newest = self.currentRow() < 0 or self.currentRow() == self.count() - 1
        super().focusOutEvent(event)

    def add(self, text: str) -> None:
        self.addItem(text)
        self.scrollToBottom()

    def lines(self) -> list[str]:
        return [self.item(row).text() for row in range(self.count())]

    def show_lines(self, lines: list[str]) -> list[str]:
        """Show `lines`, the log as the record gives it: when they go on from what is shown, only the new ones
        are added (and returned, to be told); otherwise the log is written again (and nothing is new)."""
        shown = self.lines()
        if lines[: len(shown)] == shown:
            added = lines[len(shown) :]
            for text in added:
                self.addItem(text)
            if added:
                self.scrollToBottom()
            return added
        last = len(shown) - 1
        if shown and len(lines) > last and lines[:last] == shown[:last]:
            # Only the last line grew (a seat's draws in a row, counted on one line): it is said again.
            self.item(last).setText(lines[last])
            for text in lines[last + 1 :]:
                self.addItem(text)
            self.scrollToBottom()
            return lines[last:]
        self.clear()
        self.addItems(lines)
        self.scrollToBottom()
        return []


class MoveRecord:
    """A hand's moves as its public record gives them, each with the points it took (a claim, Muggins, an
    end-scoring play), worked out by the seat view's replay (engine.view.replay_moves): the same for the
    local table and a room's seat, which knows no hidden tile. Worked out again when the record changes."""

    def __init__(self) -> None:
        self._key: tuple[int, int | None, Tile | None] | None = None
        self._turns: tuple[Turn, ...] = ()
        self._moves: list[tuple[int, Move, int]] = []

    def moves(self, rules: Rules, hand: Hand) -> list[tuple[int, Move, int]]:
        """(seat, move, points) of every entry of `hand`'s history."""
        history = tuple(hand.history)
        key = (id(hand), hand.leader, hand.forced_pose)
        if key != self._key or history != self._turns:
            _, gains = replay_moves(rules, hand.leader, hand.forced_pose, history, len(hand.stock))
            self._moves = [(turn.seat, turn.move, sum(points)) for turn, points in zip(history, gains, strict=True)]
            self._key, self._turns = key, history
        return list(self._moves)


def describe_move(name: str, move: Move, yours: bool = False, points: int = 0) -> str:
    """One line of the move log. `yours`: the one person at the table, addressed as "you" (Spanish
    conjugates the verb for that, so these are sentences of their own)."""
    if yours:
        return _describe_your_move(move, points)
    name = shown_name(name)
    if move.kind is MoveKind.PLAY:
        if move.end is None:
            return translate("Moves", "{name} played {tile} (pose)").format(name=name, tile=move.tile)
        if move.on_double:  # the fives games' end where a double lies, told from another end showing the same number
            return translate("Moves", "{name} played {tile} on the {end} by the double").format(
                name=name, tile=move.tile, end=move.end
            )
        return translate("Moves", "{name} played {tile} on the {end}").format(name=name, tile=move.tile, end=move.end)
    if move.kind is MoveKind.PASS:
        return translate("Moves", "{name} passed").format(name=name)
    if move.kind is MoveKind.DRAW:
        return translate("Moves", "{name} drew from the stock").format(name=name)
    if move.kind is MoveKind.CLAIM:
        return translate("Moves", "{name} claimed {points}").format(name=name, points=points)
    return translate("Moves", "{name} called Muggins: {points}").format(name=name, points=points)


class Moves(QObject):
    """The move log's words that have plural forms (the class gives them the "Moves" context, as translate()
    gives the others: lupdate reads plural forms from tr() only)."""

    def draws(self, name: str, tiles: int, yours: bool) -> str:
        if yours:
            return self.tr("You drew %n tile(s) from the stock", "", tiles)
        return self.tr("{name} drew %n tile(s) from the stock", "", tiles).format(name=shown_name(name))


def describe_draws(name: str, tiles: int, yours: bool = False) -> str:
    """One line of the move log for a seat's draws in a row (more than one)."""
    return Moves().draws(name, tiles, yours)


def _describe_your_move(move: Move, points: int) -> str:
    if move.kind is MoveKind.PLAY:
        if move.end is None:
            return translate("Moves", "You played {tile} (pose)").format(tile=move.tile)
        if move.on_double:
            return translate("Moves", "You played {tile} on the {end} by the double").format(
                tile=move.tile, end=move.end
            )
        return translate("Moves", "You played {tile} on the {end}").format(tile=move.tile, end=move.end)
    if move.kind is MoveKind.PASS:
        return translate("Moves", "You passed")
    if move.kind is MoveKind.DRAW:
        return translate("Moves", "You drew from the stock")
    if move.kind is MoveKind.CLAIM:
        return translate("Moves", "You claimed {points}").format(points=points)
    return translate("Moves", "You called Muggins: {points}").format(points=points)


COLUMN_GAP = 12  # px after a column of the hand-end sheet's pip table, over the table's spacing


def held(words: str) -> str:
    """`words` with each figure kept to what comes before it (a non-breaking space before every number and arrow):
    a list of them wraps between items, never before a side's figure ("CPU 3:" at a line's end and "1." alone on
    the next), and a long name still wraps between its words (kept whole, it was cut inside one)."""
    return re.sub(r" (?=[\d→])", NO_BREAK, words)


def tab_stops_in_reading_order(layout: QLayout | None) -> list[QWidget]:
    """The widgets Tab can stop at under `layout`, in the order its rows and columns read (a grid's cells row by
    row, a row or column along its direction), looking into the layouts of widgets that are no stops themselves."""
    if layout is None:
        return []
    items = [layout.itemAt(i) for i in range(layout.count())]
    if isinstance(layout, QGridLayout):
        cells: list[tuple[int, int]] = []
        for i in range(layout.count()):
            position: tuple[int, int, int, int] = layout.getItemPosition(i)  # type: ignore[assignment]
            cells.append((position[0], position[1]))
        items = [item for _, item in sorted(zip(cells, items, strict=True), key=lambda pair: pair[0])]
    elif isinstance(layout, QBoxLayout) and layout.direction() in (
        QBoxLayout.Direction.RightToLeft,
        QBoxLayout.Direction.BottomToTop,
    ):
        items.reverse()
    stops: list[QWidget] = []
    for item in items:
        if item is None:
            continue
        widget = item.widget()
        if widget is None:
            stops += tab_stops_in_reading_order(item.layout())
        elif widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            stops.append(widget)
        else:
            stops += tab_stops_in_reading_order(widget.layout())
    return stops


class HandEndPanel(QFrame):
    """The hand's summary on an opaque sheet beside (or, on a narrow table, below) the board, so the final
    position stays in sight: winner, points, bonuses, pips; the deal seed under Details; then go on."""

    nextRequested = Signal()
    newMatchRequested = Signal()
    rematchRequested = Signal()  # the match's end: the same table again at once (offered only where it is wired)

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
        # At a match's end, where "Next hand" was: the same rules, seats and CPUs again, its first deal sealed ahead
        # and cut by the press, as the lobby's Start does (the note under the buttons shows the seal first).
        self.rematch = QPushButton(self.tr("Rematch"))
        self.rematch.setObjectName("rematch")
        self.rematch.setAccessibleName(self.tr("Rematch: the same players and rules again"))
        self.rematch.hide()
        self.rematch_note = QLabel("")
        self.rematch_note.setObjectName("rematchSeal")
        self.rematch_note.setWordWrap(True)
        self.rematch_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.rematch_note.hide()
        # The next match's seal (GameController.coming_seal), set by the window that starts a rematch: None (a
        # room's sheet, whose own buttons ask its host) offers none.
        self.rematch_seal: str | None = None
        self.next.clicked.connect(self.nextRequested)
        self.again.clicked.connect(self.newMatchRequested)
        self.rematch.clicked.connect(self.rematchRequested)
        self.next.installEventFilter(RETURN_CLICKS)
        self.again.installEventFilter(RETURN_CLICKS)
        self.rematch.installEventFilter(RETURN_CLICKS)
        buttons = QGridLayout()
        buttons.addWidget(self.next, 0, 0, 1, 2)
        buttons.addWidget(self.rematch, 0, 0, 1, 2)  # in Next hand's place: never both shown
        buttons.addWidget(self.review, 1, 0)
        buttons.addWidget(self.again, 1, 1)
        self.buttons = buttons
        # The deal's particulars (Details, and the fair deal's proof and next cut, which DealSeal adds): under
        # the result on a sheet beside the board, at its right on a wide sheet below the board, where the pip
        # table leaves room, so the sheet takes less of the board's height.
        self.aside = QWidget()
        self.aside.setObjectName("handEndAside")
        aside = QVBoxLayout(self.aside)
        aside.setContentsMargins(0, 0, 0, 0)
        aside.setSpacing(4)
        aside.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignLeft)
        aside.addWidget(self.details)
        aside.addStretch(1)
        self.body = QGridLayout()
        self.body.setContentsMargins(0, 0, 0, 0)
        self.body.setHorizontalSpacing(18)
        self.body.addWidget(self.text, 0, 0)
        self.one_row = True  # so that the first set_one_row arranges the sheet
        self.text_scale = 1.0
        layout = QVBoxLayout(self)
        layout.setSpacing(6)
        layout.addLayout(self.body)
        layout.addLayout(buttons)
        layout.addWidget(self.rematch_note)
        layout.addStretch(1)  # a sheet as tall as the side panel it lies on: its words and buttons at the top
        self.set_one_row(False)
        self.hide()

    def set_text_scale(self, scale: float) -> None:
        """The sheet's words `scale` times their size in the look's style sheet (1: as at 1024x700)."""
        scale = round(scale, 2)
        if scale == self.text_scale:
            return
        self.text_scale = scale
        self.setStyleSheet(scaled_words_style(scale) if scale > 1.0 else "")

    def set_one_row(self, one_row: bool) -> None:
        """The buttons in one row (the sheet docked below a narrow board: it then takes less of the board's
        height), or the first across the sheet and the rest in pairs (beside the board). Buttons others added to
        the grid (Coach) keep their order."""
        if one_row == self.one_row:
            return
        self.one_row = one_row
        body = self.body
        body.removeWidget(self.aside)
        for column in range(body.columnCount()):
            body.setColumnStretch(column, 0)
        for row in range(body.rowCount()):
            body.setRowStretch(row, 0)
        if one_row:
            body.addWidget(self.text, 0, 0, Qt.AlignmentFlag.AlignTop)
            body.addWidget(self.aside, 0, 1)
            body.setColumnStretch(0, 5)
            body.setColumnStretch(1, 6)
        else:
            body.addWidget(self.text, 0, 0)
            body.addWidget(self.aside, 1, 0)
            body.setColumnStretch(0, 1)
        grid = self.buttons
        placed: list[tuple[int, int, QWidget]] = []
        for i in range(grid.count()):
            item = grid.itemAt(i)
            widget = item.widget() if item is not None else None
            if widget is not None:
                position: tuple[int, int, int, int] = grid.getItemPosition(i)  # type: ignore[assignment]
                placed.append((position[0], position[1], widget))
        widgets = [w for _, _, w in sorted(placed, key=lambda p: (p[0], p[1])) if w is not self.rematch]
        for widget in [*widgets, self.rematch]:
            grid.removeWidget(widget)
        for column in range(grid.columnCount()):
            grid.setColumnStretch(column, 0)
        if one_row:
            for column, widget in enumerate(widgets):
                grid.addWidget(widget, 0, column)
                grid.setColumnStretch(column, 1)
            grid.addWidget(self.rematch, 0, 0)  # Next hand's place
            return
        grid.addWidget(widgets[0], 0, 0, 1, 2)
        grid.addWidget(self.rematch, 0, 0, 1, 2)
        rest = widgets[1:]
        for k, widget in enumerate(rest):
            lone = k == len(rest) - 1 and k % 2 == 0
            grid.addWidget(widget, 1 + k // 2, k % 2, 1, 2 if lone else 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        self.follow_reading_order()

    def follow_reading_order(self) -> None:
        """Tab through the sheet as it reads, top to bottom and left to right: Details, the deck, "Cut the deck for
        me", then the buttons. By creation it went Next, Review, New match, Details, deck, box, Coach, as the
        widgets others add (the deal's seal, Coach) came to the sheet."""
        stops = tab_stops_in_reading_order(self.layout())
        for before, after in pairwise(stops):
            QWidget.setTabOrder(before, after)

    def showEvent(self, event: QShowEvent) -> None:
        # Again each time it shows: the seal's deck and the Coach button are added after the sheet is made.
        self.follow_reading_order()
        super().showEvent(event)

    def _show_details(self, shown: bool) -> None:
        self.details.setVisible(shown)
        self.details_button.setText(self.tr("Details ▾") if shown else self.tr("Details ▸"))

    def _seat_name(self, seats: list[SeatConfig], seat: int) -> str:
        """A seat as the page names it: "Player 1" where two or more people share the screen (as the plate and
        the curtain say), else the seat's own name ("You" for the one person)."""
        return person_name(seats[seat].name, seat, sum(s.human for s in seats))

    def _is_you(self, seats: list[SeatConfig], seat: int) -> bool:
        return seats[seat].name in YOU_NAMES and sum(s.human for s in seats) <= 1

    def bonus_words(self, bonus: tuple[str, ...]) -> str:
        words = {"capicua": self.tr("Capicúa!"), "key_bone": self.tr("Key bone!")}
        return " ".join(words.get(b, b) for b in bonus)

    def headline(self, rules: Rules, result: HandResult, seats: list[SeatConfig], match_over: bool = False) -> str:
        """The hand's end in one line, as a player says it ("CPU 3 dominó.", "¡Dominaste!"), a bonus first
        ("Capicúa! CPU 3 went out."); a side's win of a locked table under a side rule by the side. At a match's
        end: who won the match and the final score first (the status line and the screen reader's words)."""
        seat = result.winner_seat
        if seat is None:
            head = self.tr("Locked table and a tie: nobody wins this hand.")
        elif result.end.value == "domino":
            if self._is_you(seats, seat):
                head = self.tr("You went out (domino).")
            else:
                head = self.tr("{name} went out (domino).").format(name=self._seat_name(seats, seat))
            if result.bonus:
                head = self.bonus_words(result.bonus) + " " + head
        elif sides_count_together(rules):
            # The partners' pips counted together decided it: the side won, not the lightest seat.
            side = rules.side_of(seat)
            people = [s for s in range(len(seats)) if seats[s].human]
            if len(people) == 1 and rules.side_of(people[0]) == side and self._is_you(seats, people[0]):
                head = self.tr("Your side wins the locked table.")
            else:
                head = self.tr("{side} win the locked table.").format(side=side_name(rules, seats, side))
        elif self._is_you(seats, seat):
            head = self.tr("You won the locked table.")
        else:
            head = self.tr("{name} won the locked table.").format(name=self._seat_name(seats, seat))
        if not match_over:
            return head
        if result.winner_side is not None and len(result.scores) == rules.sides:
            won = self.tr("{side} won the match.").format(side=side_name(rules, seats, result.winner_side))
            final = self.tr("Final score: {scores}.").format(scores=scores_said(rules, seats, result.scores))
            return " ".join((self.tr("Match over."), won, final, head))
        return self.tr("Match over.") + " " + head

    def _sum_words(self, rules: Rules, result: HandResult) -> str:
        """Where a hand's points come from when a bonus is in them: " (8 in hand + 30 for the capicúa)"."""
        values = {"capicua": rules.capicua_bonus, "key_bone": rules.key_bone_bonus}
        extra = [(b, values.get(b, 0)) for b in result.bonus if values.get(b, 0)]
        if not extra:
            return ""
        base = result.points - sum(v for _, v in extra)
        if rules.scoring.counts_hands:
            parts = [self.tr("%n for the hand", "", base)]
        else:
            parts = [self.tr("%n in hand", "losers' pips", base)]
        for name, value in extra:
            if name == "capicua":
                parts.append(self.tr("%n for the capicúa", "", value))
            elif name == "key_bone":
                parts.append(self.tr("%n for the key bone", "", value))
            else:
                parts.append(f"{value} {name}")
        # Each part held whole ("30 de capicúa"): the line wraps between them, never inside one.
        return " (" + " + ".join(part.replace(" ", NO_BREAK) for part in parts) + ")"

    def _side_pips(self, rules: Rules, seats: list[SeatConfig], result: HandResult) -> list[str]:
        """A locked table under a side rule: each side's pips together, and on a tie the rule that settled it."""
        if result.end.value != "blocked" or not sides_count_together(rules):
            return []
        totals = side_pips(rules, result.pips)
        # The pips before their side ("12 pips for you & CPU 2"), as the scores are said: "CPU 2: 12 pips" was "CPU 2
        # 12 pips" to a screen reader. Held together: the line wraps between the sides, as the match score's does.
        pips = [self.tr("%n pip(s)", "", total).replace(" ", NO_BREAK) for total in totals]
        lines = [sides_said(rules, seats, enumerate(pips), kept=True) + "."]  # a list of sides: a sentence
        # A tie nobody wins is said by the headline; a tie won is won by the rule named here.
        if totals.count(min(totals)) > 1 and result.winner_side is not None:
            lines.append(self.tr("A tie: the side that posed the first tile wins it."))
        return lines

    def show_result(
        self, rules: Rules, seats: list[SeatConfig], result: HandResult, winner: int | None, duplicate: bool = False
    ) -> None:
        """The sheet for `result`; `duplicate`: a duplicate match's play (a match of one hand of its own)."""
        head = self.headline(rules, result, seats)
        lines = []
        if winner is not None:
            won = self.tr("{side} won the match.").format(side=side_name(rules, seats, winner))
            swept = shutout(rules, result.scores, winner, result)  # the words the table cheers (GamePage)
            if swept is Shutout.SIX_LOVE:
                won += " " + self.tr("Six-love!")
            elif swept is Shutout.SHUTOUT:
                won += " " + self.tr("Shutout!")
            over = self.tr("Match over")
            # A name held to its number: "Partida ganada: Jugador 1 y CPU" over a lone "2." at 1024x700 (session 25).
            lines.append(f"<h1>{escape(over)}</h1><h3>{escape(held(won))}</h3>")
            if len(result.scores) == rules.sides:
                final = self.tr("Final score: {scores}.").format(scores=scores_said(rules, seats, result.scores, True))
                lines.append("<p><b>" + escape(final) + "</b></p>")
        lines.append(f"<h2>{escape(head)}</h2>")
        if result.winner_side is not None:
            side = side_name(rules, seats, result.winner_side, after_preposition=True)
            if result.reset and rules.six_love_reset:
                lines.append("<p>" + escape(self.tr("A reply! Both scores go back to zero.")) + "</p>")
            elif rules.scoring.counts_hands:
                text = self.tr("%n hand(s) to {side}.", "", result.points).format(side=side)
                lines.append("<p>" + escape(text.removesuffix(".") + self._sum_words(rules, result) + ".") + "</p>")
            else:
                text = self.tr("%n point(s) to {side}.", "", result.points).format(side=side)
                lines.append("<p>" + escape(text.removesuffix(".") + self._sum_words(rules, result) + ".") + "</p>")
            if rules.scoring is Scoring.PORCH_FIVES and result.winner_seat is not None:
                # The count is not the pips shown below: each loser's is rounded to five (All Fives).
                counts = losers_counts(rules, result.end, result.winner_seat, result.pips)
                # Each count before its side ("12 → 10 for CPU 1"), as the scores are said.
                each = sides_said(
                    rules,
                    seats,
                    ((side, f"{pips}{NO_BREAK}→{NO_BREAK}{points}") for side, pips, points in counts),
                    True,
                )
                text = self.tr("Each loser's pips are rounded to the nearest 5: {each}.").format(each=each)
                lines.append("<p>" + escape(text) + "</p>")
        for line in self._side_pips(rules, seats, result):
            lines.append("<p>" + escape(line) + "</p>")
        # Why the scores are all zero before they are shown (after them, a won hand read "0 · 0 · 0": audit24b).
        if result.reset and rules.cutthroat_reset:
            lines.append("<p>" + escape(self.tr("Everyone has won a hand: the scores go back to zero.")) + "</p>")
        # Where the match stands, the side panel hidden. Not in a duplicate's play: a match of one hand, its "Match
        # score" was always 1-0 or 0-1, never the duplicate's standing (the note under the headline says that).
        if winner is None and len(result.scores) == rules.sides and not duplicate:
            standing = scores_said(rules, seats, result.scores, kept=True)
            lines.append("<p>" + escape(self.tr("Match score: {scores}.").format(scores=standing)) + "</p>")
        if any(result.end_points):
            # Each side's points before its names ("10 for you & CPU 2"): "You & CPU 2 10" ran a name into a figure.
            made = ((s, p) for s, p in enumerate(result.end_points) if p)
            points = sides_said(rules, seats, made, kept=True)
            lines.append("<p>" + escape(self.tr("End points this hand: {points}.").format(points=points)) + "</p>")
        pips = [self.tr("%n pip(s)", "", result.pips[s]) for s in range(len(seats))]
        # The name, the tiles and the pips a gap apart that reads as columns: 6 px between them read "CPU 3 6-3 1-0
        # 38 pips" as one list at 1920x1080.
        apart = f"style='padding-right: {COLUMN_GAP}px'"
        # An empty rack in words: a bare "—" meant nothing to a newcomer and was read "em dash" (or not at all).
        empty = escape(self.tr("no tiles"))
        rows = "".join(
            f"<tr><td {apart}>{escape(self._seat_name(seats, s))}</td>"
            f"<td {apart}>{' '.join(str(t) for t in result.remaining[s]) or empty}</td>"
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
        # A room's seat is never told the deal's seed (the room's panel says whether each deal checked out).
        self.details_button.setVisible(result.seed is not None)
        self.next.setVisible(winner is None)
        # Named by what it does, at a match's end too: it opens the lobby (its Start focused) for the next match, where
        # "Play again" promised a rematch (audit24 finding 10). Named again each time: a room's sheet renames it.
        again = self.tr("New match")
        self.again.setText(again)
        self.again.setAccessibleName(again)
        # The rematch a player who just finished wants (session 25), focused: Enter plays the same table again.
        rematch = winner is not None and not duplicate and self.rematch_seal is not None
        self.rematch.setVisible(rematch)
        self.rematch_note.setVisible(rematch)
        if rematch and self.rematch_seal is not None:
            self.show_rematch_seal(self.rematch_seal)
        self.show()
        self.raise_()
        (self.next if winner is None else self.rematch if rematch else self.again).setFocus()

    def show_rematch_seal(self, fingerprint_hex: str) -> None:
        """The rematch's first deal, sealed before the press that cuts it (as the lobby shows Start's)."""
        self.rematch_seal = fingerprint_hex
        head = " ".join(fingerprint_hex[i : i + 4] for i in range(0, 16, 4))
        note = self.tr("First deal sealed: {fp} … Rematch cuts the deck.").format(fp=head)
        self.rematch_note.setText(note)
        self.rematch_note.setToolTip(self.tr("Fingerprint (SHA-256): {fp}").format(fp=fingerprint_hex))
        self.rematch.setAccessibleDescription(note)
