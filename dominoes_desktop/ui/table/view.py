"""The table's view: fits the scene, turns clicks, drags and keys into intentions for the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEasingCurve, QPointF, QSizeF, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QPixmap,
    QPolygonF,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from ...engine.moves import Move, MoveKind
from ...engine.tiles import Tile
from ..look.look_style import window_scale
from ..look.looks import Look
from ..shell.announce import ANNOUNCER, describe_anew, expose_table_overlays
from ..shell.i18n import translate
from .drawn import Showing, newest_tile, shown_hand, table_state

if TYPE_CHECKING:
    from ...session.table_model import TableModel as TableController
from .geometry import EndSpot
from .scene import NATURAL_AREA, TableScene, TableState

MIN_SCALE = 0.3
MAX_SCALE = 1.35

NUMBER_NAMES = (
    QT_TRANSLATE_NOOP("TableView", "blank"),
    QT_TRANSLATE_NOOP("TableView", "one"),
    QT_TRANSLATE_NOOP("TableView", "two"),
    QT_TRANSLATE_NOOP("TableView", "three"),
    QT_TRANSLATE_NOOP("TableView", "four"),
    QT_TRANSLATE_NOOP("TableView", "five"),
    QT_TRANSLATE_NOOP("TableView", "six"),
    QT_TRANSLATE_NOOP("TableView", "seven"),
    QT_TRANSLATE_NOOP("TableView", "eight"),
    QT_TRANSLATE_NOOP("TableView", "nine"),
    QT_TRANSLATE_NOOP("TableView", "ten"),
    QT_TRANSLATE_NOOP("TableView", "eleven"),
    QT_TRANSLATE_NOOP("TableView", "twelve"),
)


def describe_tile(tile: Tile, flipped: bool = False) -> str:
    """A tile in words, for screen readers: "six four" (`flipped`, turned end over end on the rack: "four six")."""
    ends = (tile.low, tile.high) if flipped else (tile.high, tile.low)
    return " ".join(translate("TableView", NUMBER_NAMES[n]) for n in ends)


class TableView(QGraphicsView):
    """Shows the table for the bottom seat and plays that seat's moves through the controller."""

    status = Signal(str)  # a one-line message for the status bar (why a tile cannot be played, ...)
    # Why a key or a click did nothing (a tile that does not fit, a pass not allowed): the screen reader says it,
    # the status bar alone was silent to a listener (a11y audit, session 22).
    refused = Signal(str)
    rulesRequested = Signal()
    hintRequested = Signal()
    choosingChanged = Signal()  # a tile that fits two ends was chosen, or the choice ended

    def __init__(self, controller: TableController, look: Look, parent: QWidget | None = None) -> None:
        # Before the view exists: a screen reader's bridge asks for a widget's interface as it is made, and Qt
        # keeps the first it gives (the scroll area's, whose only child is the viewport: the overlays on the
        # table, "Who leads" among them, were then out of the tree for good).
        expose_table_overlays()
        super().__init__(parent)
        self.controller = controller
        self.look = look
        self.table = TableScene(look)  # held here: a scene kept only in a local would be collected
        self.setScene(self.table)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(self.tr("Domino table"))
        # The viewport is focused with the view: unnamed, a screen reader met a nameless "filler" (a11y audit, A18).
        self.viewport().setAccessibleName(self.tr("Domino table"))
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.bottom = 0
        self.reveal = False  # all hands face up: the hand is over
        self.open_hands = False  # every rack face up, for practice
        self.curtain = False  # pass-and-play: every rack hidden until the next person shows theirs
        self.focus_index = 0
        # A person's turn has begun and the rack's keys are still to be put on a tile that fits (see _turn_started).
        self._focus_a_fit = False
        self.choosing: tuple[Tile, list[Move]] | None = None
        self.marker_focus = 0
        # The focused tile's words as last set: a refresh after every move set them again and so overwrote, at once,
        # each announcement put in the description for an older Orca (review 22, finding 1).
        self._tile_words = ""
        self.rack_order: list[Tile] = []
        self.flipped: set[Tile] = set()  # rack tiles shown low end first: the player's own arrangement
        self.hinted: Tile | None = None
        self.zoom_level = 1.0
        self.camera_scale = 1.0
        self._camera_dirty = True
        self._pan_from: QPointF | None = None
        self._zooming = QVariantAnimation(self)
        self._zooming.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self._zooming.valueChanged.connect(self._apply_scale)
        self.table.rackTileClicked.connect(self.tile_clicked)
        self.table.tileDroppedOnEnd.connect(self.dropped_on_end)
        self.table.tileDroppedOnTable.connect(self.dropped_on_table)
        self.table.tileDroppedAway.connect(self.dropped_away)
        self.table.rackReordered.connect(self.set_rack_order)
        self.table.rackTileFlipped.connect(self.flip)
        self.table.endMarkerClicked.connect(self.end_chosen)
        controller.stateChanged.connect(self.refresh)
        controller.handStarted.connect(self._new_hand)
        controller.turnStarted.connect(self._turn_started)
        self.apply_look(look)

    # ---- drawing --------------------------------------------------------------------------------

    def apply_look(self, look: Look, flag: QPixmap | None = None) -> None:
        self.look = look
        room = QColor(look.theme.felt_edge).darker(150)
        self.setBackgroundBrush(room)
        # The strip kept free for the hand's end sheet is the room's colour too, not a band of the panel's.
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, room)
        self.setPalette(palette)
        self.setAutoFillBackground(True)
        # And by a style sheet: a window's own style sheet (a room's) painted the margins white past the palette.
        self.setStyleSheet(f"QGraphicsView {{ background: {room.name()}; border: none; }}")
        self.table.set_look(look, flag)
        self.fit()

    def _new_hand(self, _index: int) -> None:
        self.curtain = False
        self.reveal = False
        self.choosing = None
        self.focus_index = 0
        self.reset_rack()

    def _turn_started(self, _seat: int, moves: list[Move]) -> None:
        """A person's turn with a tile to play: the rack's keys go to a tile that fits (the first one, unless the
        tile they are on fits), once the rack shows the turn (at a shared screen, once the curtain is lifted). They
        stayed on the rack's first tile, or where the last play left them, where Enter said "not playable now"."""
        self._focus_a_fit = any(m.kind is MoveKind.PLAY for m in moves)

    def _put_focus_on_a_fit(self) -> None:
        rack = self.table.items_for_rack()
        fits = [i for i, item in enumerate(rack) if item.legal]
        if not fits:
            return  # not shown yet (the curtain, a tile still flying in), or it is not this person's turn here
        self._focus_a_fit = False
        if not (0 <= self.focus_index < len(rack) and rack[self.focus_index].legal):
            self.focus_index = fits[0]

    def reset_rack(self) -> None:
        """The bottom seat's tiles in dealt order, none flipped: each person's arrangement lasts a hand."""
        self.rack_order = list(self.controller.rack(self.bottom))
        self.flipped = set()
        self.hinted = None

    def state(self) -> TableState:
        """The table as the match's state shows it to the bottom seat (see drawn.table_state)."""
        showing = Showing(
            self.bottom,
            self.reveal,
            self.open_hands,
            self.curtain,
            tuple(self.rack_order),
            frozenset(self.flipped),
            self.hinted,
            self.choosing[0] if self.choosing is not None else None,
        )
        return table_state(self.controller, showing)

    def refresh(self) -> None:
        self._lay_out(animate=self.isVisible())

    def set_reserved(self, right: int, bottom: int) -> None:
        """Keep a strip of the view free (for the hand-end sheet): the table lays itself out in the rest."""
        margins = self.viewportMargins()
        if (margins.right(), margins.bottom()) != (right, bottom):
            size = self.viewport().size()
            self.setViewportMargins(0, 0, right, bottom)
            if self.viewport().size() == size:  # else its resize event has laid the table out already
                self.fit()

    def float_points(self, points: int) -> None:
        """A short "+10" rising from the end that just scored."""
        if points > 0:
            hand = shown_hand(self.controller)
            tile = newest_tile(hand) if hand is not None else None  # the match has it already; the scene not yet
            # After the table has been laid out for the move that scored (the controller reports the points first).
            QTimer.singleShot(0, self, lambda: self.table.float_text(f"+{points}", tile))

    def natural_scale(self) -> float:
        """The camera's scale for this window: tiles as large as the room allows (see NATURAL_AREA)."""
        size = self.viewport().size()
        if size.width() < 10 or size.height() < 10:
            return 1.0
        fit = min(size.width() / NATURAL_AREA.width(), size.height() / NATURAL_AREA.height())
        return max(MIN_SCALE, min(MAX_SCALE, fit))

    def _lay_out(self, animate: bool) -> None:
        """Lay the table out for the window. The scale stays as it is unless the layout no longer fits (then
        it draws back just enough, smoothly), the window changes size, the player zooms or a hand begins."""
        if self.choosing is not None and not self.moves_for(self.choosing[0]):
            self.choosing = None  # the turn moved on
        state = self.state()
        size = self.viewport().size()
        scale = self.natural_scale() * self.zoom_level
        window = self.window()
        words = window_scale(window.width(), window.height())
        for _ in range(8):
            self.table.set_area(QSizeF(size.width() / scale, size.height() / scale), 1 / scale, words)
            ratio = self.table.fit_ratio_for(state)
            if ratio >= 0.999 or self.zoom_level > 1.0 or scale <= MIN_SCALE:
                break
            scale = max(MIN_SCALE, scale * ratio * 0.97)
        self.table.sync(state, animate=animate)
        if self.choosing is not None:
            self.table.show_markers([self._end_spot(m) for m in self.choosing[1]])
        if self._focus_a_fit:
            self._put_focus_on_a_fit()
        self._show_focus()
        self._set_scale(scale, animate and self.look.animation_ms > 0)

    def _set_scale(self, scale: float, animate: bool) -> None:
        if abs(scale - self.camera_scale) < 1e-4 and not self._camera_dirty:
            return
        self._camera_dirty = False
        self._zooming.stop()
        if animate and abs(scale - self.camera_scale) > 1e-3:
            self._zooming.setStartValue(self.camera_scale)
            self._zooming.setEndValue(scale)
            self._zooming.setDuration(max(200, self.look.animation_ms))
            self._zooming.start()
        else:
            self._apply_scale(scale)

    def _apply_scale(self, scale: float) -> None:
        self.camera_scale = float(scale)
        area = self.table.area
        self.resetTransform()
        if self.look.camera == "tilted":
            # A perspective: the far side of the table recedes into a narrower, lower edge.
            corners = QPolygonF([area.topLeft(), area.topRight(), area.bottomRight(), area.bottomLeft()])
            inset, drop = area.width() * 0.09, area.height() * 0.08
            leaning = QPolygonF(
                [
                    area.topLeft() + QPointF(inset, drop),
                    area.topRight() + QPointF(-inset, drop),
                    area.bottomRight(),
                    area.bottomLeft(),
                ]
            )
            tilt = QTransform()
            if QTransform.quadToQuad(corners, leaning, tilt):
                self.setTransform(tilt)
        self.scale(self.camera_scale, self.camera_scale)
        self.centerOn(area.center())

    def zoom(self, factor: float) -> None:
        """Table zoom: >1 closer, <1 further, 0 back to the natural scale. The room shrinks with the zoom, so
        the seats stay at the edges of the view; a line that no longer fits can then be panned."""
        self.zoom_level = 1.0 if factor == 0 else max(0.6, min(2.5, self.zoom_level * factor))
        self._camera_dirty = True
        self._lay_out(animate=False)

    def fit(self, force: bool = True) -> None:
        self._camera_dirty = self._camera_dirty or force
        self._lay_out(animate=False)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom(1.15 if event.angleDelta().y() > 0 else 1 / 1.15)
            event.accept()
            return
        super().wheelEvent(event)  # scrolls (pans) when the zoomed table is larger than the view

    def mousePressEvent(self, event: QMouseEvent) -> None:
        item = self.itemAt(event.position().toPoint())
        background = item is None or item is self.table.felt
        if event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and background and self._can_pan()
        ):
            self._pan_from = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(delta.y()))
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def _can_pan(self) -> bool:
        return self.horizontalScrollBar().maximum() > 0 or self.verticalScrollBar().maximum() > 0

    # ---- intentions ------------------------------------------------------------------------

    def moves_for(self, tile: Tile) -> list[Move]:
        return [m for m in self.controller.legal_moves() if m.kind is MoveKind.PLAY and m.tile == tile]

    def tile_clicked(self, tile: Tile) -> None:
        if self.controller.human_turn() != self.bottom or self.curtain:
            self.refuse(self.tr("Wait for your turn."))
            return
        moves = self.moves_for(tile)
        if not moves:
            hand = self.controller.hand
            ends = ", ".join(str(e) for e in hand.layout.open_ends()) if hand else ""
            if ends:
                self.refuse(self.tr("{tile} does not fit: the open ends show {ends}.").format(tile=tile, ends=ends))
            else:
                self.refuse(self.tr("{tile} cannot lead.").format(tile=tile))
            return
        if len(moves) == 1:
            self.play(moves[0])
            return
        self.choosing = (tile, moves)
        self.marker_focus = 0
        self.refresh()  # the chosen tile stands up out of the rack, its ends marked
        self.status.emit(self.tr("{tile} fits more than one end: choose an end.").format(tile=tile))
        self.choosingChanged.emit()

    def refuse(self, text: str) -> None:
        """Why a key did nothing, said at once (the table's voice answers `refused`) and on the status bar."""
        self.status.emit(text)
        self.refused.emit(text)

    def choice_words(self) -> str:
        """The end the keys have marked for the tile being placed, as a listener needs it to choose ("5-2 on
        double 5 (1 of 2)"; in the fives games what it scores), or "" when no end is being chosen."""
        hand = self.controller.hand
        if self.choosing is None or hand is None:
            return ""
        from ..play.table_questions import end_choice_words

        return end_choice_words(hand, self.choosing[1], self.marker_focus)

    def _end_spot(self, move: Move) -> EndSpot:
        hand = self.controller.hand
        assert hand is not None
        arm = hand.layout.arm_for(move.end, move.on_double, hand.rules.end_scoring.value != "none")
        return self.table.plan.ends[arm if arm is not None else 0]

    def end_chosen(self, index: int) -> None:
        if self.choosing is None:
            return
        _, moves = self.choosing
        if 0 <= index < len(moves):
            self.play(moves[index])

    def _may_play(self, tile: Tile) -> list[Move]:
        """The moves of a dropped tile, or none (it goes back to the rack) when it is not ours to play."""
        if self.controller.human_turn() != self.bottom or self.curtain:
            self.refresh()
            return []
        moves = self.moves_for(tile)
        if not moves:
            self.refresh()
            self.tile_clicked(tile)  # says why
        return moves

    def dropped_on_end(self, tile: Tile, arm: int) -> None:
        moves = self._may_play(tile)
        hand = self.controller.hand
        if not moves or hand is None:
            return
        doubles = hand.rules.end_scoring.value != "none"
        for move in moves:
            if move.end is None or hand.layout.arm_for(move.end, move.on_double, doubles) == arm:
                self.play(move)
                return
        self.dropped_away(tile)

    def dropped_on_table(self, tile: Tile) -> None:
        moves = self._may_play(tile)
        if len(moves) == 1:
            self.play(moves[0])  # the only place it can go
        elif moves:
            self.dropped_away(tile)

    def dropped_away(self, tile: Tile) -> None:
        self.refresh()
        self.tile_clicked(tile)

    def set_rack_order(self, order: list[Tile]) -> None:
        """The person moved a tile along their rack: only how it is shown changes."""
        self.rack_order = order
        self.refresh()

    def show_hint(self, move: Move, words: str) -> None:
        """Mark the tile `move` plays and say the hint (`words`, the side panel's line) on the status bar."""
        self.hinted = move.tile
        self.refresh()
        rack = [item.tile for item in self.table.items_for_rack()]
        if move.tile in rack:  # the keys go to the tile hinted: Enter plays it
            self.focus_index = rack.index(move.tile)
            self._show_focus(force=True)
        self.status.emit(words)

    def focus_tile(self, tile: Tile) -> None:
        """The rack's keys on `tile` (the tile just drawn: Enter plays it if it fits, where the keys stayed on the
        rack's first tile, which may not fit: audit24b)."""
        self.refresh()
        rack = [item.tile for item in self.table.items_for_rack()]
        if tile in rack:
            self.focus_index = rack.index(tile)
            self._show_focus(force=True)

    def flip(self, tile: Tile) -> None:
        """Turn a rack tile end over end; only how it is shown changes."""
        self.flipped ^= {tile}
        self.refresh()
        # F said nothing (a11y audit, session 22): the tile as it now lies is said as the rack's tiles are, by the
        # description's change; an announcement too said it twice (review 22, finding 2).
        self._show_focus(force=True)

    def play(self, move: Move) -> None:
        chose = self.choosing is not None
        self.choosing = None
        self.hinted = None
        self.table.clear_markers()
        self.controller.play(move)
        if chose:
            self.choosingChanged.emit()

    def stop_choosing(self) -> None:
        """Put the chosen tile back: another tile may be chosen."""
        if self.choosing is None:
            return
        self.choosing = None
        self.table.clear_markers()
        self.refresh()
        self.choosingChanged.emit()

    def draw_or_pass(self, kind: MoveKind) -> None:
        moves = self.controller.legal_moves()
        if self.controller.human_turn() != self.bottom or self.curtain:
            self.refuse(self.tr("Wait for your turn."))
            return
        wanted = [m for m in moves if m.kind is kind]
        if wanted:
            self.play(wanted[0])
        elif kind is MoveKind.PASS:
            self.refuse(
                self.tr("You cannot pass: a tile of yours fits.")
                if moves and moves[0].kind is MoveKind.PLAY
                else self.tr("You must draw from the stock first.")
            )
        else:
            self.refuse(
                self.tr("You cannot draw: a tile of yours fits.")
                if moves and moves[0].kind is MoveKind.PLAY
                else self.tr("There is nothing to draw.")
            )

    # ---- keyboard ---------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        rack = self.table.items_for_rack()
        if key == Qt.Key.Key_Question or (
            key == Qt.Key.Key_Slash and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self.rulesRequested.emit()
        elif key == Qt.Key.Key_D:
            self.draw_or_pass(MoveKind.DRAW)
        elif key == Qt.Key.Key_H:
            self.hintRequested.emit()
        elif key == Qt.Key.Key_F and rack and self.choosing is None:
            tile = rack[min(self.focus_index, len(rack) - 1)].tile
            if tile is not None:
                self.flip(tile)
        elif key == Qt.Key.Key_P:
            self.draw_or_pass(MoveKind.PASS)
        elif key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and (
            event.modifiers() & Qt.KeyboardModifier.ControlModifier or self._between_hands()
        ):
            # Tab moves along the rack: Ctrl+Tab leaves the table for the side panel, as it leaves a text field (the
            # panel's buttons, the move log and New match were out of reach of the keyboard while a tile was held).
            # With no hand in play (its sheet up) the rack's tiles are only shown and Tab itself leaves the table:
            # it walked the rack for good, the sheet's "Next hand" out of reach without Ctrl+Tab (audit24b).
            forward = key == Qt.Key.Key_Tab and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            super().focusNextPrevChild(forward)
        elif self.choosing is not None and key in (
            Qt.Key.Key_Left,
            Qt.Key.Key_Right,
            Qt.Key.Key_Up,
            Qt.Key.Key_Down,
            Qt.Key.Key_Tab,
        ):
            step = -1 if key in (Qt.Key.Key_Left, Qt.Key.Key_Up) else 1
            self.marker_focus = (self.marker_focus + step) % len(self.choosing[1])
            # Which end Enter now takes: only drawn before, a listener chose blind (in the fives games one end
            # scores and the other may not). Said by the description's change alone, as the rack's tiles are: an
            # announcement too said each arrow twice (review 22, finding 2).
            self._show_focus(force=True)
        elif self.choosing is not None and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.end_chosen(self.marker_focus)
        elif self.choosing is not None and key == Qt.Key.Key_Escape:
            self.stop_choosing()
            self._show_focus(force=True)  # the tile put back, read as the arrows read it
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and rack:
            step = -1 if key in (Qt.Key.Key_Left, Qt.Key.Key_Backtab) else 1
            self.focus_index = (self.focus_index + step) % len(rack)
            self._show_focus(force=True)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and rack:
            self.focus_index = min(self.focus_index, len(rack) - 1)
            tile = rack[self.focus_index].tile
            if tile is not None:
                self.tile_clicked(tile)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def focusNextPrevChild(self, next: bool) -> bool:
        return False

    def _between_hands(self) -> bool:
        hand = self.controller.hand
        return hand is None or hand.is_over

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._show_focus(force=True)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._show_focus()

    def forget_tile_words(self) -> None:
        """No tile's words in the description (the rack is about to change): the next refresh sets the new
        focused tile's, even words the same as the last ones."""
        self.setAccessibleDescription("")
        self._tile_words = ""

    def _show_focus(self, force: bool = False) -> None:
        """Mark the focused tile or end, and put its words in the description when they changed (`force`: a key
        that moves the focus, or the focus coming in, sets them even over an announcement left there)."""
        rack = self.table.items_for_rack()
        has_focus = self.hasFocus()
        if rack:
            self.focus_index = min(self.focus_index, len(rack) - 1)
        for i, item in enumerate(rack):
            item.set_flags(focused=has_focus and self.choosing is None and i == self.focus_index)
            item.setZValue(20 + 0.01 * i + (2 if item.focused else 0))  # a focused tile is never under another
        for marker in self.table.markers:
            marker.focused = marker.index == self.marker_focus
            marker.update()
        words = ""
        if has_focus and self.choosing is not None:
            words = self.choice_words()
        elif rack and has_focus and self.choosing is None:
            tile = rack[self.focus_index].tile
            if tile is not None:
                fits = self.tr("playable") if rack[self.focus_index].legal else self.tr("not playable now")
                said = describe_tile(tile, tile in self.flipped)
                words = self.tr("{tile}, {fits}").format(tile=said, fits=fits)
        # With the words said put in the description (an older Orca), only a key sets the tile's there: a move
        # that changed the focused tile (one played) overwrote the move's own words at once. The first end of a
        # choice is said with its question (the turn's voice): set here too, it was heard twice.
        changed = words != self._tile_words and not ANNOUNCER.describe and self.choosing is None
        if words and (force or changed):
            # The same words again for a key (Esc putting back a tile whose words the choice never replaced, an
            # arrow on a one-tile rack) are read again (describe_anew).
            describe_anew(self, words)
            if self.choosing is None:  # (an end's words are not the tile's: Esc puts the tile's back once)
                self._tile_words = words
        elif not words:
            self._tile_words = ""
