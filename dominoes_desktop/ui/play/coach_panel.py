"""The coach: each of the person's decisions in a finished hand, graded, with the better move and why.

The judging (an exact search, see engine/coach.py) runs on a worker thread, its searches shared by two worker
processes; the dialog shows "Judging…" until it is done, then one row per decision: the move number, what was
played, the grade, the best alternative(s) as tiles, the loss in points, and one plain sentence. The costliest
decision is highlighted.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStyleOptionGraphicsItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...engine.analysis.coach import (
    LANES,
    Grade,
    Judged,
    Outcome,
    RecordedHand,
    Why,
    explain,
    family,
    judge_hand,
    recorded_from_archive,
)
from ...engine.deal import Deal
from ...engine.hand import Hand
from ...engine.match import Match
from ...engine.moves import Move, MoveKind
from ...engine.rules import Rules
from ...engine.tiles import Tile
from ...session.cpu_pool import end_with_parent
from ..look.look_style import contrast
from ..look.looks import Look
from ..table.tile_item import TileItem
from .controller import SeatConfig

log = logging.getLogger(__name__)

TILE_HEIGHT = 32  # pixels of one tile in the list
MAX_TILES_SHOWN = 4  # best alternatives drawn as tiles; all of them are named in the text
MIN_HEIGHT = 280  # the window while it judges, and its least height
MAX_HEIGHT = 560  # the verdict scrolls beyond this


def tiles_pixmap(tiles: Sequence[Tile], look: Look, height: int = TILE_HEIGHT) -> QPixmap:
    """Tiles side by side, drawn as the table draws them (same finish and pips)."""
    items = [TileItem(tile, look) for tile in tiles]
    if not items:
        return QPixmap()
    w, h = items[0].size()
    gap = h * 0.2
    scale = height / (h + 8)
    pixmap = QPixmap(max(1, round((len(items) * (w + gap) + 8) * scale)), height)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.scale(scale, scale)
    option = QStyleOptionGraphicsItem()
    for i, item in enumerate(items):
        painter.save()
        painter.translate(4 + w / 2 + i * (w + gap), 4 + h / 2)
        item.paint(painter, option, None)
        painter.restore()
    painter.end()
    return pixmap


class CoachSignals(QObject):
    judged = Signal(object)  # list of (Judged, Why | None)
    failed = Signal(str)


class CoachTask(QRunnable):
    """Judges one hand's decisions of some seats, and works out the why of each that was not best."""

    def __init__(self, recorded: RecordedHand, seats: Sequence[int]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the dialog holds it until it reports
        self.recorded = recorded
        self.seats = tuple(seats)
        self.signals = CoachSignals()

    def run(self) -> None:
        try:
            self._judge()
        finally:
            _RUNNING.discard(self)

    def _judge(self) -> None:
        try:
            found: list[tuple[Judged, Why | None]] = []
            try:
                judged_hand = judge_hand(self.recorded, self.seats, map_lanes=_lanes_pool().map)
            except BrokenExecutor:  # no worker processes here (a locked-down system): this thread alone
                log.warning("coach workers unavailable, judging in one process")
                judged_hand = judge_hand(self.recorded, self.seats)
            for judged in judged_hand:
                why = explain(self.recorded, judged) if judged.grade is not Grade.BEST else None
                found.append((judged, why))
        except Exception as exc:  # a coach bug must not take the game down with it
            log.exception("coach failed")
            self.signals.failed.emit(str(exc))
        else:
            self.signals.judged.emit(found)


_RUNNING: set[CoachTask] = set()
_POOL: list[ProcessPoolExecutor] = []  # the coach's worker processes, started with the first judging
_POOL_LOCK = threading.Lock()


def _lanes_pool() -> ProcessPoolExecutor:
    """Two worker processes for the coach's searches (spawned: the window's threads are not copied), kept
    for the next hand; they stay idle between judgings and end with the program, however it ends."""
    with _POOL_LOCK:
        if not _POOL:
            context = multiprocessing.get_context("spawn")
            _POOL.append(ProcessPoolExecutor(max_workers=LANES, mp_context=context, initializer=end_with_parent))
        return _POOL[0]


def end_coach_workers() -> None:
    """The game is closing: cancel what waits and let the coach's workers go (an idle worker ends now, one
    in a search ends with this process: see end_with_parent)."""
    with _POOL_LOCK:
        pools = list(_POOL)
        _POOL.clear()
    for pool in pools:
        pool.shutdown(wait=False, cancel_futures=True)


def _tile_of(move: Move) -> Tile | None:
    return move.tile if move.kind is MoveKind.PLAY else None


class CoachDialog(QDialog):
    """The coach's verdict on one finished hand, for the person's seats (every seat with only CPUs)."""

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[SeatConfig],
        deal: Deal,
        played: Hand,
        hand_index: int,
        look: Look,
        parent: QWidget | None = None,
        pool: QThreadPool | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Coach: hand {n}").format(n=hand_index + 1))
        # Small while it judges, then as tall as the verdict needs: it no longer opens tall and empty and then
        # jumps to a third of its height.
        self.resize(980, MIN_HEIGHT)
        self.rules = rules
        self.seat_names = [seat.name for seat in seats]
        self.look = look
        people = [s for s, seat in enumerate(seats) if seat.human]
        self.seats = people or list(range(rules.players))
        self.recorded = recorded_from_archive(rules, hand_index, deal, played)
        self.status = QLabel(self.tr("Judging every decision with every tile in the open…"))
        self.status.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setAccessibleName(self.tr("Decisions"))
        self.tree.setColumnCount(6)
        self.tree.setHeaderLabels(
            [self.tr("Move"), self.tr("Played"), self.tr("Grade"), self.tr("Best"), self.tr("Loss"), self.tr("Why")]
        )
        self.tree.setRootIsDecorated(False)
        self.tree.setWordWrap(True)
        header = self.tree.header()
        for column in range(5):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.tree.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setText(self.tr("Close"))
        close.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.tree, 1)
        layout.addWidget(buttons)
        self.rows: list[tuple[Judged, Why | None]] = []
        self.task = CoachTask(self.recorded, self.seats)
        self.task.signals.judged.connect(self.show_judged)
        self.task.signals.failed.connect(self._failed)
        _RUNNING.add(self.task)  # the task outlives the window if it is closed before the verdict
        (pool or QThreadPool.globalInstance()).start(self.task)

    # ---- the verdict -----------------------------------------------------------------------------

    def show_judged(self, found: list[tuple[Judged, Why | None]]) -> None:
        self.rows = found
        self.tree.clear()
        if not found:
            self.status.setText(self.tr("No decision to judge: every move of yours in this hand was forced."))
            return
        costliest = max(found, key=lambda jw: jw[0].loss)[0]
        unit = self._unit()
        total = sum(j.loss for j, _ in found)
        best = sum(1 for j, _ in found if j.grade is Grade.BEST)
        summary = self.tr("{best} of {n} decisions were the best possible. Points given away in all: {loss}.").format(
            best=best, n=len(found), loss=_points(total)
        )
        if any(not j.exact for j, _ in found):
            summary += " " + self.tr("Grades marked ≈ are estimates: those positions were too big to search exactly.")
        self.status.setText(summary + " " + unit)
        for judged, why in found:
            item = QTreeWidgetItem()
            name = self.seat_names[judged.seat]
            item.setText(0, self.tr("{k} · {name}").format(k=judged.ply + 1, name=name))
            played_tile = _tile_of(judged.played)
            cells: list[tuple[int, list[Tile], str]] = [
                (1, [played_tile] if played_tile is not None else [], self.move_words(judged.played))
            ]
            item.setText(2, self.grade_name(judged.grade) + ("" if judged.exact else " ≈"))
            item.setForeground(2, QBrush(self.grade_colour(judged.grade)))
            if judged.grade is not Grade.BEST:
                alternatives = [m for m in judged.best if m != judged.played]
                best_tiles = [t for t in (_tile_of(m) for m in alternatives) if t is not None]
                cells.append((3, best_tiles[:MAX_TILES_SHOWN], ", ".join(self.move_words(m) for m in alternatives)))
            else:
                item.setText(3, self.tr("✓ your move"))  # an empty cell read as if nothing better was shown
                item.setForeground(3, QBrush(self.grade_colour(Grade.BEST)))
            item.setText(4, _points(judged.loss))
            item.setTextAlignment(4, Qt.AlignmentFlag.AlignCenter)
            item.setText(5, self.sentence(judged, why))
            item.setToolTip(5, item.text(5))
            if judged is costliest and judged.loss > 0:
                bold = QFont(self.font())
                bold.setBold(True)
                for column in range(6):
                    item.setFont(column, bold)
                    item.setBackground(column, QBrush(self.costliest_fill()))
                item.setText(0, item.text(0) + " ★")
                item.setToolTip(0, self.tr("The costliest decision of the hand"))
            self.tree.addTopLevelItem(item)
            for column, tiles, text in cells:
                # Tiles drawn as on the table, the notation beside them (and as the text a screen reader reads).
                item.setText(column, text)
                item.setForeground(column, QBrush(QColor(0, 0, 0, 0)))
                self.tree.setItemWidget(item, column, self._tiles_cell(tiles, text))
        self.tree.show()
        self._fit_height()

    def _fit_height(self) -> None:
        """As tall as its rows need (a hand has a handful of decisions), at most MAX_HEIGHT."""
        rows = sum(self.tree.sizeHintForRow(i) for i in range(self.tree.topLevelItemCount()))
        header = self.tree.header().sizeHint().height()
        layout = self.layout()
        spacing = layout.spacing() * 3 if layout is not None else 18
        chrome = self.status.sizeHint().height() + 60 + spacing  # the summary and the Close row
        self.resize(self.width(), max(MIN_HEIGHT, min(MAX_HEIGHT, rows + header + chrome + 16)))

    def costliest_fill(self) -> QColor:
        """A warm tint for the costliest decision, light enough on a dark list for its grade still to read."""
        base = QColor(self.tree.palette().color(self.tree.backgroundRole()))
        return QColor(255, 214, 102, 60 if base.lightness() < 128 else 110)

    def _tiles_cell(self, tiles: Sequence[Tile], text: str) -> QWidget:
        cell = QWidget()
        # The list's own colours: the window's style sheet may colour labels for the dark table instead.
        text_colour = self.tree.palette().color(self.tree.foregroundRole()).name()
        cell.setStyleSheet(f"QLabel {{ color: {text_colour}; background: transparent; }}")
        row = QHBoxLayout(cell)
        row.setContentsMargins(2, 1, 2, 1)
        if tiles:
            picture = QLabel()
            picture.setPixmap(tiles_pixmap(tiles, self.look))
            row.addWidget(picture)
        label = QLabel(text)
        row.addWidget(label)
        row.addStretch(1)
        return cell

    def _failed(self, error: str) -> None:
        self.status.setText(self.tr("The coach could not judge this hand: {error}").format(error=error))

    def _unit(self) -> str:
        kind = family(self.rules)
        if kind == "hands":
            return self.tr("(Loss is counted in hands: 1 is a won hand turned into no winner, 2 into a lost one.)")
        return self.tr("(Loss is counted in points of this hand, for your side against the others.)")

    def move_words(self, move: Move) -> str:
        """A move as a player says it ("5-3 on the 3"), not in the engine's notation ("5-3@3")."""
        if move.kind is MoveKind.PLAY and move.tile is not None:
            if move.end is None:
                return self.tr("{tile} (pose)").format(tile=move.tile)
            return self.tr("{tile} on the {end}").format(tile=move.tile, end=move.end)
        if move.kind is MoveKind.PASS:
            return self.tr("Pass")
        if move.kind is MoveKind.DRAW:
            return self.tr("Draw")
        return move.notation()

    def grade_colour(self, grade: Grade) -> QColor:
        """The grade's colour, light on a dark list and deep on a light one, so it always reads."""
        base = self.tree.palette().color(self.tree.backgroundRole()).name()
        deep, light = GRADE_COLOURS[grade]
        return QColor(deep if contrast(deep, base) >= contrast(light, base) else light)

    def grade_name(self, grade: Grade) -> str:
        return {
            Grade.BEST: self.tr("Best"),
            Grade.FINE: self.tr("Fine"),
            Grade.LOOSE: self.tr("Loose"),
            Grade.BLUNDER: self.tr("Blunder"),
        }[grade]

    def _outcome_text(self, outcome: Outcome) -> str:
        return {
            Outcome.WIN: self.tr("your side wins the hand"),
            Outcome.LOSS: self.tr("the other side wins the hand"),
            Outcome.NOBODY: self.tr("the table locks with no winner"),
        }[outcome]

    def sentence(self, judged: Judged, why: Why | None) -> str:
        """One plain sentence: why the best move was better, or that the move was best."""
        if judged.grade is Grade.BEST:
            if len(judged.best) > 1:
                return self.tr("One of the best moves here.")
            return self.tr("The best move here.")
        if why is None:
            return self.tr("{best} was worth more.").format(best=self.move_words(judged.best[0]))
        # In words with their ends: the same tile on another end reads "5-3 on the 3 ... than 5-3 on the 5".
        best, played = self.move_words(why.best), self.move_words(judged.played)
        if why.blocks_next:
            ends = ", ".join(str(e) for e in why.blocked_on)
            return self.tr("{best} would have left the next player with nothing to play on {ends}.").format(
                best=best, ends=ends
            )
        if why.best_outcome is not None and why.played_outcome is not None and why.best_outcome != why.played_outcome:
            return self.tr("With {best}, {good}; after {played}, {bad}.").format(
                best=best,
                good=self._outcome_text(why.best_outcome),
                played=played,
                bad=self._outcome_text(why.played_outcome),
            )
        if family(self.rules) == "hands":
            return self.tr("{best} kept a bonus within reach that {played} gave up.").format(best=best, played=played)
        return self.tr("{best} leaves the others fewer points: {n} more for your side than {played}.").format(
            best=best, n=_points(judged.loss), played=played
        )


GRADE_COLOURS = {  # (on a light list, on a dark one)
    Grade.BEST: ("#1b5e20", "#81c784"),
    Grade.FINE: ("#33691e", "#c5e1a5"),
    Grade.LOOSE: ("#a84300", "#ffb74d"),
    Grade.BLUNDER: ("#b71c1c", "#ff8a80"),
}


def _points(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def open_coach(parent: QWidget, match: Match | None, seats: Sequence[SeatConfig], look: Look, index: int = -1) -> None:
    """The coach on a finished hand of `match` (the last by default), as a window of its own."""
    if match is None or not match.archive:
        return
    number = index if index >= 0 else len(match.archive) - 1
    deal, played = match.archive[number]
    dialog = CoachDialog(match.rules, seats, deal, played, number, look, parent)
    dialog.setModal(False)
    dialog.show()
