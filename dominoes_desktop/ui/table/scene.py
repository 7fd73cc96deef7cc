"""The table scene: the felt, the tiles in play, every seat's rack, name plates and end markers.

It is redrawn from a TableState (what the bottom seat may see, or everything once the hand is over)
and reports clicks and drags as signals; it never changes the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QSizeF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPixmap, QRadialGradient
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ...engine.layout import Layout
from ...engine.tiles import Tile
from ..look.looks import Look
from ..shell.i18n import translate
from .geometry import EndSpot, TablePlan, plan_table
from .tile_item import UNIT, TileItem

RACK_GAP = 8.0
DROP_ON_RACK = 60.0  # a drop this close to the rack's line moves the tile along the rack
DROP_ON_END = 3 * 40.0  # and this close to an open end plays it there
DROP_ON_TABLE = 80.0  # above the rack by this much: on the table
BACK_SCALE = 0.62
REVEAL_SCALE = 1.0  # a hand shown face up at the hand's end: read at a glance
LINE_GAP = 0.2 * UNIT  # between the two lines of a long hand shown at the end
RACK_SCALE = 1.2  # your own tiles are drawn larger than the table's: they are read closely
# The table's room, in scene units, at the camera's natural scale: the view shows at least this much.
NATURAL_AREA = QSizeF(1150.0, 880.0)
# The line's tiles as large as the felt allows, on these steps: on a large felt a short line is drawn larger (up
# to the size of your own rack's tiles and beyond), and steps down only as the line grows (issue 34).
LINE_SCALES = (1.7, 1.5, 1.3, 1.15, 1.0)
TOP_BAND = 2.1 * UNIT  # the seat(s) across the table
SIDE_BAND = 2.3 * UNIT  # seats left and right
BOTTOM_BAND = 3.2 * UNIT  # your rack
# Your rack shrinks to fit between its plate and the stock plate, down to RACK_LEAST; past that (a draw game's long
# hand) it lies in two rows, no larger than RACK_TWO_ROWS, and past that too its tiles overlap evenly. Only the
# number of tiles and the room decide: the rack is drawn from the state alone.
RACK_LEAST = 0.85
RACK_TWO_ROWS = 0.95
RACK_ROW_GAP = 0.45 * UNIT  # between your rack's two rows: a playable tile's lift stays clear of the row above
RACK_MARGIN = 0.8 * UNIT  # the bottom band's height beyond the rack's rows (a playable tile stands up into it)
RAIL = 0.75 * UNIT  # the felt's rail, kept clear of tiles
# Five's rows across the table each keep to their half of the top band: shrunk to these, then wrapped (more lines).
WRAP_LEAST = 0.35
WRAP_LEAST_FACES = 0.6
WRAP_LINES = 3
WRAP_FLOOR = 0.15  # a row never drawn smaller, however little room a zoomed small window leaves (never mirrored)
MIDDLE_GAP = 1.0 * UNIT  # between those two rows: wider than their tiles' gaps, so they read as two
PLATE_FULL_SCALE = 0.7  # the camera scale below which name plates start to shrink
FLOAT_MS = 1200  # a score rising from the table is gone after this


@dataclass
class SeatState:
    """One seat as the bottom seat may see it."""

    name: str
    count: int
    tiles: tuple[Tile, ...] = ()  # face up: the bottom seat's own, or everyone's once the hand is over
    partner: bool = False
    to_play: bool = False
    passed: bool = False  # its last action was a pass (shown until it plays)
    note: str = ""
    most: int = 0  # the most tiles it has held this hand: its plate stays beside the widest its row has been
    dealt: bool = True  # False before a deal: its plate says no count (a room's open seats said "0 tiles")


class Rise(NamedTuple):
    """A score rising from the table: its label, its animation, and where the label started."""

    label: QGraphicsSimpleTextItem
    animation: QVariantAnimation
    start: QPointF


@dataclass
class TableState:
    layout: Layout | None
    seats: list[SeatState]
    bottom: int  # the seat drawn at the bottom, face up
    legal: frozenset[Tile] = frozenset()
    newest: Tile | None = None
    stock: int = 0
    rack_order: list[Tile] = field(default_factory=list)
    flipped: frozenset[Tile] = frozenset()
    hinted: Tile | None = None
    chosen: Tile | None = None  # a rack tile that fits more than one end, while its end is chosen


@dataclass
class SeatPlace:
    """Where one seat sits: its slot, its tiles' anchor and direction and size, the box they fill, its plate."""

    slot: str
    anchor: QPointF
    along: str
    scale: float
    tiles: QRectF
    plate: QPointF  # the plate's centre
    lines: int = 1  # a long hand shown at the hand's end lies in two lines
    pitch: float = 0.0  # your rack: from one tile to the next along a row (less than a tile: they overlap)


@dataclass
class Seating:
    felt: QRectF
    places: dict[int, SeatPlace]
    stock: QPointF | None  # the stock plate's centre, when there is a stock


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height() if rect.isValid() else 0.0


def _apart(a: QRectF, b: QRectF) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    dx = max(0.0, max(a.left(), b.left()) - min(a.right(), b.right()))
    dy = max(0.0, max(a.top(), b.top()) - min(a.bottom(), b.bottom()))
    return math.hypot(dx, dy)


def _clear_of(felt: QRectF, plates: list[QRectF], gap: float) -> QRectF:
    """The felt drawn back, on whichever side costs it least, from every plate that reaches into it."""
    for plate in plates:
        box = plate.adjusted(-gap, -gap, gap, gap)
        if not felt.intersects(box):
            continue
        cuts = [
            QRectF(felt.left(), box.bottom(), felt.width(), felt.bottom() - box.bottom()),
            QRectF(felt.left(), felt.top(), felt.width(), box.top() - felt.top()),
            QRectF(box.right(), felt.top(), felt.right() - box.right(), felt.height()),
            QRectF(felt.left(), felt.top(), box.left() - felt.left(), felt.height()),
        ]
        felt = max(cuts, key=_area)
    return felt


def _keep_inside(shift: float, least: float, most: float) -> float:
    """`shift` brought within [least, most] (when that range is empty, its middle)."""
    if least > most:
        return (least + most) / 2
    return min(max(shift, least), most)


def _two_lines(name: str, partner: str) -> list[str]:
    """A plate's name in two lines: the seat's name over its partner mark, or a long name broken at the space
    nearest its middle (a name with no space stays whole, as does one whose only break leaves a bare number)."""
    if partner:
        return [name, partner.strip()]
    # Never a number on a line of its own: "Jugador 3" broke into "Jugador" over "3" (visual28); such a name stays
    # whole, as a name with no space does.
    spaces = [i for i, c in enumerate(name) if c == " " and not name[i + 1 :].strip().isdigit()]
    spaces = [i for i in spaces if not name[:i].strip().isdigit()]
    if not spaces:
        return [name]
    cut = min(spaces, key=lambda i: abs(2 * i - len(name)))
    return [name[:cut], name[cut + 1 :]]


def seat_slots(players: int) -> list[str]:
    """Where each seat sits, counting counter-clockwise from the bottom (next player on the right)."""
    return {
        2: ["bottom", "top"],
        3: ["bottom", "right", "left"],
        4: ["bottom", "right", "top", "left"],
        5: ["bottom", "right", "top_right", "top_left", "left"],
    }.get(players, ["bottom"] * players)


class EndMarker(QGraphicsObject):
    """A place a selected tile may go; clicking it plays the tile there."""

    clicked = Signal(int)

    def __init__(self, index: int, spot: EndSpot, look: Look) -> None:
        super().__init__()
        self.index = index
        self.spot = spot
        self.look = look
        self.focused = False
        self.setPos(spot.x, spot.y)
        self.setZValue(50)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def boundingRect(self) -> QRectF:
        w, h = (UNIT, 2 * UNIT) if self.spot.vertical else (2 * UNIT, UNIT)
        return QRectF(-w / 2 - 4, -h / 2 - 4, w + 8, h + 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.boundingRect().adjusted(4, 4, -4, -4)
        color = QColor(self.look.theme.highlight)
        fill = QColor(color)
        fill.setAlpha(110 if self.focused else 60)
        painter.setBrush(fill)
        painter.setPen(QPen(color, 3.0 if self.focused else 2.0, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(rect, 6, 6)
        font = QFont("DejaVu Sans")
        font.setBold(True)
        font.setPixelSize(int(UNIT * 0.5))
        painter.setFont(font)
        painter.setPen(QColor("#000000"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(self.spot.number))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.clicked.emit(self.index)
        event.accept()


def _widest(lines: list[str], kept: str) -> int:
    """A plate's widest line, in characters: what its width follows (NamePlate.boundingRect)."""
    return max((len(line) for line in [*lines, kept]), default=4)


class NamePlate(QGraphicsObject):
    """A seat's name, tile count, partner mark and pass flag; it glows while that seat is to play."""

    def __init__(self, look: Look) -> None:
        super().__init__()
        self.look = look
        self.lines: list[str] = []
        self.kept = ""  # words it may come to say ("7 tiles · thinking…"): it stays as wide as them meanwhile
        self.to_play = False
        # The words a layout weighs before it settles them (TableScene._seating): set_text repaints the plate.
        self.planned: tuple[list[str], str] | None = None
        self.setZValue(40)
        # Names stay the same size on screen however far the camera draws back.
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_text(self, lines: list[str], to_play: bool, kept: str = "") -> None:
        if lines == self.lines and to_play == self.to_play and kept == self.kept:
            return  # the scene is laid out after every move: a plate repaints only when its words change
        self.prepareGeometryChange()
        self.lines = lines
        self.kept = kept
        self.to_play = to_play
        self.update()

    def boundingRect(self) -> QRectF:
        return self.box(self.lines, self.kept)

    @staticmethod
    def box(lines: list[str], kept: str) -> QRectF:
        """The plate's box with `lines` on it, keeping room for `kept`."""
        width = _widest(lines, kept) * 9.5 + 28
        return QRectF(-width / 2, -22, width, 22 * max(1, len(lines)) + 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.boundingRect()
        theme = self.look.theme
        painter.setBrush(QColor(theme.accent) if self.to_play else QColor(0, 0, 0, 150))
        painter.setPen(QPen(QColor(theme.highlight) if self.to_play else QColor(255, 255, 255, 90), 2))
        painter.drawRoundedRect(rect, 10, 10)
        font = QFont("DejaVu Sans")
        font.setPixelSize(16)
        font.setBold(self.to_play)
        painter.setFont(font)
        painter.setPen(QColor("#1a1a1a") if self.to_play else QColor(theme.panel_text))
        # A plate keeps room for a last line it may not have ("passed", "thinking…"): the words it has stand in the
        # middle of it, not at its top over an empty line.
        said = list(self.lines)
        while said and not said[-1]:
            said.pop()
        top = rect.top() + 4 + 22 * (len(self.lines) - len(said)) / 2
        for i, line in enumerate(said):
            painter.drawText(QRectF(rect.left(), top + 22 * i, rect.width(), 22), Qt.AlignmentFlag.AlignCenter, line)


def _retire(animation: QAbstractAnimation | None) -> None:
    """An animation taken over by another (or its tile gone) stopped, and deleted by Qt once control returns."""
    if animation is not None:
        animation.stop()  # stop() sends no `finished`
        animation.deleteLater()


class TableScene(QGraphicsScene):
    """Holds every item and lays it out from a TableState."""

    # What the person meant, not where the mouse was: the view turns these into moves.
    rackTileClicked = Signal(object)  # Tile
    tileDroppedOnEnd = Signal(object, int)  # Tile, the arm whose open end it was dropped on
    tileDroppedOnTable = Signal(object)  # Tile dropped on the table away from any end
    tileDroppedAway = Signal(object)  # Tile let go neither on the rack nor on the table: it goes back
    rackReordered = Signal(list)  # the rack's tiles, left to right, after one was moved along it
    rackTileFlipped = Signal(object)  # Tile: right-clicked or double-clicked
    endMarkerClicked = Signal(int)

    def __init__(self, look: Look) -> None:
        super().__init__()
        self.look = look
        self.felt = QGraphicsRectItem()
        self.felt.setZValue(-100)
        self.felt.setPen(Qt.PenStyle.NoPen)
        # Its gradient painted once per size into a pixmap: a moving tile no longer repaints the felt beneath it.
        self.felt.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._felt_key: tuple[object, ...] = ()
        self.addItem(self.felt)
        self.table_items: dict[Tile, TileItem] = {}
        self.rack_items: dict[Tile, TileItem] = {}
        self.back_items: dict[int, list[TileItem]] = {}
        self.plates: dict[int, NamePlate] = {}
        # The plates last split to two lines, and the room and names they were split for (see _seating).
        self._split_kept: tuple[tuple[int, int, tuple[str, ...]], set[int]] | None = None
        self.labels: list[QGraphicsSimpleTextItem] = []
        self.markers: list[EndMarker] = []
        self.plan = TablePlan({}, [], [])
        self.state: TableState | None = None
        self.flag_pixmap: QPixmap | None = None
        self._animations: dict[TileItem, QPropertyAnimation] = {}  # kept referenced while they run
        self._resizing: dict[TileItem, QPropertyAnimation] = {}  # tiles shrinking from the rack's size
        self._drag: tuple[TileItem, QPointF, QPointF] | None = None
        self.rack_y = 0.0
        self.rack_reach = 0.0  # from the rack's middle to its rows' middles: half a row's pitch in two rows
        self._rack_slots: dict[Tile, tuple[int, float]] = {}  # each rack tile's row and place along it
        self.area = QRectF(QPointF(-NATURAL_AREA.width() / 2, -NATURAL_AREA.height() / 2), NATURAL_AREA)
        self.fit_ratio = 1.0
        self.pixel = 1.0  # scene units per screen pixel (the view's camera sets it)
        self.words = 1.0  # how much larger than at 1024x700 the window's words are: the plates' words grow as much
        self.float_texts: list[str] = []  # what rose from the table, newest last (what the player was told)
        self.rising: Rise | None = None  # the "+10" rising now: one at a time, a new one sends it away
        self._floats_done: list[QVariantAnimation] = []  # finished, kept until their `finished` has been sent
        self._plans: dict[object, tuple[TablePlan, float, float]] = {}  # plan, its fit ratio, the line's scale
        self._planned_scale = 1.0  # the line scale of the plan `_plan` gave last
        self.line_scale = 1.0  # the line's tiles' size (LINE_SCALES), at most what it was earlier in the hand
        self._line_kept: tuple[object, int, float] | None = None  # (the hand's first tile, tiles, scale) laid out
        self.rows = False  # cross and spinner games drawn as labelled rows (the View setting) instead of a cross
        self.stock_plate = NamePlate(look)
        self.addItem(self.stock_plate)

    @classmethod
    def of(cls, state: TableState, look: Look, size: QSizeF = NATURAL_AREA) -> TableScene:
        """The scene of a table state, laid out at once in a room of `size` scene units: with no view and no
        window (what a table shows can be built and checked so, and drawn into an image)."""
        scene = cls(look)
        scene.set_area(size)
        scene.sync(state, animate=False)
        return scene

    # ---- the look ------------------------------------------------------------------------

    def set_look(self, look: Look, flag: QPixmap | None = None) -> None:
        self.look = look
        self.rows = look.arms == "rows"
        self.flag_pixmap = flag
        for item in self._all_tiles():
            item.look = look
            item.back_flag = flag
            item.update()
        for plate in [*self.plates.values(), self.stock_plate]:
            plate.look = look
            plate.update()
        if self.state is not None:
            self.sync(self.state, animate=False)

    def _all_tiles(self) -> list[TileItem]:
        backs = [item for items in self.back_items.values() for item in items]
        return [*self.table_items.values(), *self.rack_items.values(), *backs]

    # ---- redrawing ------------------------------------------------------------------------

    def set_area(self, size: QSizeF, pixel: float = 1.0, words: float = 1.0) -> None:
        """The room the view shows, in scene units: the felt and the seats are laid out to fill it. `pixel`:
        scene units per screen pixel, for the items drawn at a fixed size on screen (name plates); `words`: how
        much larger than at 1024x700 the window's words are (look_style.window_scale), the plates' with them."""
        self.area = QRectF(-size.width() / 2, -size.height() / 2, size.width(), size.height())
        self.pixel = pixel
        self.words = words

    def plate_scale(self) -> float:
        """Name plates keep their size on screen while the camera is near its natural scale, and shrink (to three
        quarters at most) when the table is drawn small (a small window with the hand's end sheet docked below),
        so they do not cover the felt and each other. In a larger window they grow as its other words do (at
        1920x1080 they had stayed the size of 1024x700's beside a side panel half as large again)."""
        return max(0.75, min(1.0, (1.0 / self.pixel) / PLATE_FULL_SCALE)) * self.words

    def plate_units(self) -> float:
        """Scene units per unit of a plate's own drawing."""
        return self.pixel * self.plate_scale()

    def felt_rect(self, state: TableState) -> QRectF:
        """The felt for `state` in the current room: what the seats and their plates leave of it."""
        return self._seating(state).felt

    def _plan(self, state: TableState) -> tuple[TablePlan, float]:
        """The layout planned for the felt of the current room and centred on it, and how well it fits
        (1.0: it fits; 0.8: the room would have to be 1/0.8 times larger)."""
        felt = self.felt_rect(state)
        inner = felt.adjusted(RAIL, RAIL, -RAIL, -RAIL)
        layout = state.layout
        if layout is None:
            self._planned_scale = 1.0
            return TablePlan({}, [], []), 1.0
        # The same table in the same room plans the same: the camera asks several times per move.
        largest = self._largest_line_scale(layout)
        key = (
            tuple(p.tile for p in layout.placements),
            round(inner.x(), 3),
            round(inner.y(), 3),
            round(inner.width(), 3),
            round(inner.height(), 3),
            self.rows,
            largest,
        )
        cached = self._plans.get(key)
        if cached is None:
            cached = self._plan_scaled(layout, inner, largest)
            if len(self._plans) > 32:
                self._plans.clear()
            self._plans[key] = cached
        plan, ratio, self._planned_scale = cached
        return plan, ratio

    def _largest_line_scale(self, layout: Layout) -> float:
        """The line never grows back during a hand: at most the scale it was last laid out at, while the same
        hand's line only grows (a new hand, or moves taken back, start again from the largest)."""
        kept = self._line_kept
        placements = layout.placements
        if kept is None or not placements or kept[0] != placements[0].tile or len(placements) < kept[1]:
            return LINE_SCALES[0]
        return kept[2]

    def _plan_scaled(self, layout: Layout, inner: QRectF, largest: float) -> tuple[TablePlan, float, float]:
        """The plan at the largest scale of the line's tiles whose plan fits the felt (else at 1, drawn back by
        the camera as before); its ratio; the scale kept in `line_scale` by `sync`."""
        for scale in LINE_SCALES:
            if scale > largest + 1e-9 or scale == 1.0:
                continue
            plan, ratio = self._plan_fresh(layout, inner, UNIT * scale)
            left, top, right, bottom = plan.bounds(UNIT * scale)
            # Room for a turn or two more at this size before it steps down: a line that only just fits would
            # change size at nearly every move.
            if ratio >= 1.0 and right - left <= inner.width() * 0.8 and bottom - top <= inner.height() * 0.8:
                return plan, ratio, scale
        plan, ratio = self._plan_fresh(layout, inner, UNIT)
        return plan, ratio, 1.0

    def _plan_fresh(self, layout: Layout, inner: QRectF, unit: float = UNIT) -> tuple[TablePlan, float]:
        # Cross arms may turn a unit past their limit, so the limit stays a unit inside the rail.
        plan = plan_table(layout, unit, inner.width() / 2 - unit, self.rows, inner.height() / 2 - unit)
        left, top, right, bottom = plan.bounds(unit)
        width, height = right - left, bottom - top
        ratio = min(
            1.0,
            inner.width() / width if width > 0 else 1.0,
            inner.height() / height if height > 0 else 1.0,
        )
        # Centred on its tiles, so a line that turned at one edge leaves even space on both sides; then moved
        # as little as it takes to keep the open ends' next spots on the felt too.
        centre = inner.center()
        t_left, t_top, t_right, t_bottom = plan.bounds(unit, ends=False)
        dx = _keep_inside(centre.x() - (t_left + t_right) / 2, inner.left() - left, inner.right() - right)
        dy = _keep_inside(centre.y() - (t_top + t_bottom) / 2, inner.top() - top, inner.bottom() - bottom)
        if width > inner.width():
            dx = centre.x() - (left + right) / 2
        if height > inner.height():
            dy = centre.y() - (top + bottom) / 2
        return plan.shifted(dx, dy), ratio

    def fit_ratio_for(self, state: TableState) -> float:
        return self._plan(state)[1]

    def sync(self, state: TableState, animate: bool = True) -> None:
        """Lay everything out for `state`; tiles that moved fly to their new place.

        The felt fills the view's room; the line is planned to the felt's width and centred on it. When it no
        longer fits, `fit_ratio` says by how much the view must draw back (it never changes scale otherwise)."""
        self.state = state
        self.clear_markers()
        if not animate:
            self.clear_rising()  # drawn afresh (a resize, a new look, a screenshot): no score left in mid-air
        duration = self.look.animation_ms if animate else 0
        seating = self._seating(state)
        self.plan, self.fit_ratio = self._plan(state)
        self.line_scale = self._planned_scale
        placements = state.layout.placements if state.layout is not None else ()
        self._line_kept = (placements[0].tile, len(placements), self.line_scale) if placements else None
        self._sync_table(state, duration)
        self._sync_labels()
        self._sync_seats(state, seating, duration)
        self._paint_felt(seating.felt)
        # The room, and the line where it runs past it (zoomed in): not every item's box, which changes as tiles
        # fly in from the plates and so moved the scene (a repaint of the whole view) at every move.
        left, top, right, bottom = self.plan.bounds(UNIT * self.line_scale)
        bounds = self.area.united(QRectF(left, top, right - left, bottom - top).adjusted(-UNIT, -UNIT, UNIT, UNIT))
        if bounds != self.sceneRect():  # setting it, even to the same rect, makes the view look again
            self.setSceneRect(bounds)

    def _paint_felt(self, rect: QRectF) -> None:
        theme = self.look.theme
        key = (rect.getRect(), theme.felt, theme.felt_edge, theme.rail)
        if key == self._felt_key:
            return  # a new brush repaints the whole felt, even the same one: only when the room or theme changes
        self._felt_key = key
        gradient = QRadialGradient(rect.center(), max(rect.width(), rect.height()) * 0.65)
        gradient.setColorAt(0.0, QColor(theme.felt).lighter(112))
        gradient.setColorAt(0.75, QColor(theme.felt))
        gradient.setColorAt(1.0, QColor(theme.felt_edge))
        self.felt.setRect(rect)
        self.felt.setBrush(QBrush(gradient))
        self.felt.setPen(QPen(QColor(theme.rail), UNIT * 0.45))

    def _sync_table(self, state: TableState, duration: int) -> None:
        plan = self.plan
        for tile in list(self.table_items):
            if tile not in plan.spots:
                self._discard(self.table_items.pop(tile))
        pose = state.layout.pose if state.layout is not None else None
        for tile, spot in plan.spots.items():
            item = self.table_items.get(tile)
            if item is None:
                item = self.rack_items.pop(tile, None)  # the bottom seat's own tile flies from its rack
                if item is None:
                    item = TileItem(tile, self.look)
                    item.back_flag = self.flag_pixmap
                    item.setPos(self._launch_point(tile))
                    self.addItem(item)
                self.table_items[tile] = item
            item.set_face(vertical=spot.vertical, face_up=True)
            item.setZValue(10)
            if item.cursor().shape() != Qt.CursorShape.ArrowCursor:  # setting a cursor costs: only on change
                item.setCursor(Qt.CursorShape.ArrowCursor)
            item.set_first(spot.first)
            # A tile played from the rack leaves its marks there: the hint's ring and star stayed on the played tile
            # to the hand's end, a second star beside the pose's.
            item.set_flags(
                legal=False, selected=False, focused=False, newest=tile == state.newest, star=tile == pose, hinted=False
            )
            # A rack tile shrinks (or grows) to the line's size as it goes.
            self._move(item, QPointF(spot.x, spot.y), duration, self.line_scale)

    def _launch_point(self, tile: Tile) -> QPointF:
        """Where a tile played by another seat starts its flight: that seat's rack."""
        if self.state is not None and self.state.layout is not None:
            for placement in reversed(self.state.layout.placements):
                if placement.tile == tile and placement.seat in self.plates:
                    return self.plates[placement.seat].pos()
        return QPointF(0, 0)

    def _sync_labels(self) -> None:
        for label in self.labels:
            self.removeItem(label)
        self.labels = []
        for arm_label in self.plan.labels:
            text = QGraphicsSimpleTextItem(translate("TableScene", "from {tile}").format(tile=arm_label.text))
            font = QFont("DejaVu Sans")
            font.setPixelSize(15)
            font.setBold(True)
            text.setFont(font)
            text.setBrush(QColor(self.look.theme.panel_text))
            text.setPos(arm_label.x, arm_label.y - 10)
            text.setZValue(5)
            self.addItem(text)
            self.labels.append(text)

    def _plate_lines(
        self, seat_state: SeatState, yours: bool, stacked: bool, split: bool = False
    ) -> tuple[list[str], str]:
        """A seat's plate: its name, its count, and one thing known of it, the newest ("thinking…", or the pips
        at the hand's end over "passed"), on a line of its own when `stacked`, else after the count; and the
        longest line it may come to have, which it keeps room for. `split` (stacked only): the name in two lines
        ("Jugador 3" over "(compañero)"), a narrower plate.

        A plate that grew as its seat thought ("4 fichas · pensando…" across the table at 1024x700 in Spanish)
        pushed the felt back, or another plate to another corner, for that one turn: the whole table jumped."""
        partner = translate("TableScene", " (partner)") if seat_state.partner else ""
        name = seat_state.name + partner
        count = self.tr("%n tile(s)", "", seat_state.count)
        shown_count = count if seat_state.dealt else ""  # no "0 tiles" before a deal: nothing is dealt yet
        passed = translate("TableScene", "passed")
        known = [passed] if seat_state.passed else []
        if seat_state.note:
            known.append(seat_state.note)
        newest = known[-1] if known else ""
        # Your own seat never thinks at your table: its plate beside your rack keeps no room for it.
        may_say = [passed, newest, *([] if yours else [translate("TableView", "thinking…")])]
        longest = max(may_say, key=len)
        # Before a deal the note takes the count's line (and the plate keeps the dealt plate's room: the felt
        # does not move at the deal for a plate's width).
        said = [shown_count, newest] if shown_count else [newest, ""]
        if stacked and split:
            return [*_two_lines(seat_state.name, partner), *said], longest
        if stacked:
            return [name, *said], longest
        return [name, " · ".join(part for part in said if part)], f"{count} · {longest}"

    def _seat_scale(self, seat_state: SeatState, along: str, room: float, wrap: bool = False) -> tuple[float, int]:
        """The size of a seat's tiles and in how many lines they lie: backs small, a hand shown at the hand's end
        large enough to read (in two lines when one would make it small: a draw game's long hand), and both drawn
        smaller when a long row would not fit its `room` (scene units).

        `wrap`: the row must stay within `room` (five's two rows across share the top band): it shrinks down to
        WRAP_LEAST (backs) or WRAP_LEAST_FACES, then wraps into up to WRAP_LINES lines, and past that shrinks."""
        scale = REVEAL_SCALE if seat_state.tiles else BACK_SCALE
        count = max(len(seat_state.tiles), 1) if seat_state.tiles else max(seat_state.count, seat_state.most, 1)
        if wrap:
            least = WRAP_LEAST_FACES if seat_state.tiles else WRAP_LEAST
            fit = scale
            for lines in range(1, WRAP_LINES + 1):
                length = self._row_span(False, -(-count // lines), along, 1.0)
                fit = max(WRAP_FLOOR, min(scale, room / length)) if length > 0 else scale
                if fit >= least:
                    return fit, lines
            return fit, WRAP_LINES
        best = (0.0, 1)
        for lines in (1, 2) if seat_state.tiles and count > 6 else (1,):
            length = self._row_span(False, -(-count // lines), along, 1.0)
            fit = max(0.35, min(scale, room / length)) if length > 0 else scale
            if fit > best[0] + 0.1:  # a second line only when it makes the tiles clearly larger
                best = (fit, lines)
        return best

    @staticmethod
    def rack_fit(count: int, room: float) -> tuple[float, int, float]:
        """Your rack's tile scale, its rows and the pitch along a row, for `count` tiles in `room` scene units:
        as large as RACK_SCALE, shrunk to fit down to RACK_LEAST, then two rows, then overlapping tiles."""
        count = max(count, 1)

        def fit(per_row: int) -> float:
            return room / ((per_row * (UNIT + RACK_GAP) - RACK_GAP) or 1.0)

        scale = min(RACK_SCALE, fit(count))
        if scale >= RACK_LEAST or count <= 1:
            return scale, 1, (UNIT + RACK_GAP) * scale
        per_row = -(-count // 2)
        scale = max(RACK_LEAST, min(RACK_TWO_ROWS, fit(per_row)))
        pitch = (UNIT + RACK_GAP) * scale
        if (per_row - 1) * pitch + UNIT * scale > room and per_row > 1:
            pitch = max(UNIT * scale * 0.35, (room - UNIT * scale) / (per_row - 1))  # overlapping evenly
        return scale, 2, pitch

    def _rack_room(self, state: TableState) -> float:
        """The width your rack may take: the room less, on each side, its plate or the stock plate's width."""
        bottom = self._plate_size(self.plates[state.bottom]).width()
        stock = self._plate_size(self.stock_plate).width() if state.stock > 0 else 0.0
        return max(UNIT * 4, self.area.width() - 2 * (max(bottom, stock) + 0.3 * UNIT + 6))

    def _rack_band(self, scale: float, lines: int) -> float:
        return max(BOTTOM_BAND, lines * 2 * UNIT * scale + (lines - 1) * RACK_ROW_GAP + RACK_MARGIN)

    def _seating(self, state: TableState) -> Seating:
        """Where every seat's tiles and name plate go, and the felt: plates are placed in the bands around the
        felt where they cover no seat's tiles, and the felt then keeps clear of every plate, so no plate ever
        lies on a tile of the line."""
        players = len(state.seats)
        slots = seat_slots(players)
        for seat in list(self.plates):
            if seat >= players:
                self.removeItem(self.plates.pop(seat))
        stacks: list[int] = []  # the seats whose plates have a line of their own for the name
        for seat, seat_state in enumerate(state.seats):
            plate = self.plates.get(seat)
            if plate is None:
                plate = NamePlate(self.look)
                self.plates[seat] = plate
                self.addItem(plate)
            slot = slots[(seat - state.bottom) % players]
            # Three lines, their height kept, where the band is that tall anyway: your rack's, and the top band
            # between the side seats' corner plates; across the table with no side seats (two at the table) or in
            # five's top corners the band is only two lines tall, and the note follows the count.
            stacked = slot in ("bottom", "left", "right") or (slot == "top" and players > 2)
            if stacked:
                stacks.append(seat)
            plate.planned = self._plate_lines(seat_state, seat == state.bottom, stacked)
            plate.setScale(self.plate_scale())
        area = self.area
        gap = 0.3 * UNIT
        self.stock_plate.set_text([translate("TableScene", "Stock: {n}").format(n=state.stock)], False)
        self.stock_plate.setScale(self.plate_scale())
        rack_scale, rack_lines, rack_pitch = RACK_SCALE, 1, (UNIT + RACK_GAP) * RACK_SCALE
        if 0 <= state.bottom < players:
            mine = state.seats[state.bottom]
            rack_scale, rack_lines, rack_pitch = self.rack_fit(max(len(mine.tiles), mine.most), self._rack_room(state))
        band = self._rack_band(rack_scale, rack_lines)
        # Each seat's tiles first (their size and lines, worked out on the room as a whole), then the bands
        # round the felt as thick as those tiles need; the seats across the table first, as the side seats'
        # columns (in the five-player table) stay below the plates under the top band.
        sizes: dict[int, tuple[float, int]] = {}
        top, side = TOP_BAND, SIDE_BAND if players >= 3 else 0.4 * UNIT
        others = [seat for seat in range(players) if seat != state.bottom]
        alongs = {seat: self._slot_anchor(slots[(seat - state.bottom) % players], area)[1] for seat in others}
        for seat in sorted(others, key=lambda seat: alongs[seat] == "y"):
            seat_state, along = state.seats[seat], alongs[seat]
            room = area.height() * 0.55 if along == "y" else area.width() * (0.32 if players < 5 else 0.28)
            if along == "y" and players == 5:
                # Under its plate, which sits under the top band: see _fixed_plate.
                side_y = (area.top() + top + area.bottom() - band) / 2 + 0.4 * UNIT
                below = area.top() + top + 2 * gap + self._plate_size(self.plates[seat]).height()
                room = min(room, 2 * (side_y - below))
            slot = slots[(seat - state.bottom) % players]
            wrap = players == 5 and slot in ("top_left", "top_right")
            if wrap:
                # Its half of the band, from beside its corner plate (_fixed_plate) to the middle: a long row ran
                # on under the other seat's row and pushed that seat's plate below it (review26b F8). The plate as
                # wide as at the most tiles held: one digit less ("9 tiles") must not resize the row and the band.
                most = replace(seat_state, count=max(seat_state.count, seat_state.most))
                at_most = NamePlate.box(*self._plate_lines(most, False, seat in stacks)).width() * self.plate_units()
                widest = max(self._plate_size(self.plates[seat]).width(), at_most)
                room = area.width() / 2 - widest - 4 - gap - MIDDLE_GAP / 2
            sizes[seat] = scale, lines = self._seat_scale(seat_state, along, room, wrap)
            thick = lines * 2 * UNIT * scale + (lines - 1) * LINE_GAP
            if along == "x":
                top = max(top, thick + 0.3 * UNIT)
            elif players >= 3:
                side = max(side, thick + 0.5 * UNIT)
        felt = area.adjusted(side, top, -side, -band)
        fixed = {
            seat: self._fixed_plate(players, slots[(seat - state.bottom) % players], seat, felt) for seat in others
        }
        places: dict[int, SeatPlace] = {}
        taken: list[QRectF] = []  # every seat's tiles, then every plate placed
        for seat, seat_state in enumerate(state.seats):
            slot = slots[(seat - state.bottom) % players]
            anchor, along = self._slot_anchor(slot, felt)
            if seat == state.bottom:
                scale = rack_scale
                count = max(len(seat_state.tiles), seat_state.most)
                span = self._rack_span(-(-count // rack_lines), rack_scale, rack_pitch)
                rows = rack_lines * 2 * UNIT * scale + (rack_lines - 1) * RACK_ROW_GAP
                width, height = span, rows + 0.6 * UNIT
                box = QRectF(anchor.x() - width / 2, anchor.y() - rows / 2 - 0.6 * UNIT, width, height)
            else:
                scale, lines = sizes[seat]
                count = len(seat_state.tiles) if seat_state.tiles else max(seat_state.count, seat_state.most)
                span = self._row_span(False, -(-count // lines), along, scale)
                thick = lines * 2 * UNIT * scale + (lines - 1) * LINE_GAP
                corner = fixed.get(seat)
                if corner is not None and along == "x":
                    # A row across the table starts clear of its plate in the corner.
                    beside = self._plate_rect(self.plates[seat], corner)
                    middle = area.center().x()
                    x = anchor.x()
                    if slot == "top_left":
                        x = min(max(x, beside.right() + gap + span / 2), middle - MIDDLE_GAP / 2 - span / 2)
                    else:
                        x = max(min(x, beside.left() - gap - span / 2), middle + MIDDLE_GAP / 2 + span / 2)
                    anchor = QPointF(x, anchor.y())
                if corner is not None and along == "y":
                    # A side seat's column hangs from its plate, its first tile just under it, and shortens from
                    # the bottom as the seat plays: centred on the side, it lay farther from its plate than the row
                    # across the table beside that plate did (polish26).
                    top_y = self._plate_rect(self.plates[seat], corner).bottom() + gap
                    shown = len(seat_state.tiles) if seat_state.tiles else seat_state.count
                    drawn = self._row_span(False, -(-max(shown, 1) // lines), along, scale)
                    anchor = QPointF(anchor.x(), top_y + drawn / 2)
                    box = QRectF(anchor.x() - thick / 2, top_y, thick, span)
                else:
                    box = (
                        QRectF(anchor.x() - span / 2, anchor.y() - thick / 2, span, thick)
                        if along == "x"
                        else QRectF(anchor.x() - thick / 2, anchor.y() - span / 2, thick, span)
                    )
            lines = rack_lines if seat == state.bottom else sizes[seat][1]
            places[seat] = SeatPlace(slot, anchor, along, scale, box, QPointF(), lines, rack_pitch)
            taken.append(box)
        tiles = list(taken)
        stock = self._place_plates(state, places, fixed, list(tiles))
        # A wide plate ("Jugador 3 (compañero)" across the table at 1024x700) took the corner a side seat's plate
        # stands in above its column: that plate fell to the corner below, beside your rack's plate, as if that seat
        # sat beside you (audit24 finding 15); or a wide plate in a corner reached nearer the row across the table
        # than its own column. Such a plate takes its name in two lines, where that makes room.
        # A plate split once stays split while the room and the names stay (review25): re-judged at each move, it
        # went back to one line when the rows shrank, and the felt jumped between two moves of a hand.
        key = (round(area.width()), round(area.height()), tuple(seat_state.name for seat_state in state.seats))
        sticky = self._split_kept[1] if self._split_kept is not None and self._split_kept[0] == key else set()
        crowded = before = self._crowding(places)
        split: set[int] = set()
        for _ in range(2):
            more = set()
            for seat in (crowded | sticky) - split:
                plate = self.plates[seat]
                if seat not in stacks or fixed.get(seat) is not None or plate.planned is None:
                    continue  # (five at the table: the plates have spots of their own)
                words, kept = self._plate_lines(state.seats[seat], seat == state.bottom, True, split=True)
                if _widest(words, kept) < _widest(*plate.planned):  # a short name ("CPU 1") stays whole
                    plate.planned = words, kept
                    more.add(seat)
            if not more:
                break
            split |= more
            stock = self._place_plates(state, places, fixed, list(tiles))
            crowded = self._crowding(places)
        if split - sticky and len(crowded) >= len(before):  # no better: the new ones as they were (taller take felt)
            for seat in split - sticky:
                self.plates[seat].planned = self._plate_lines(state.seats[seat], seat == state.bottom, True)
            split &= sticky
            stock = self._place_plates(state, places, fixed, list(tiles))
        self._split_kept = (key, split)
        for seat, seat_state in enumerate(state.seats):  # the words settled: a plate repaints only if they changed
            plate = self.plates[seat]
            if plate.planned is not None:
                plate.set_text(plate.planned[0], seat_state.to_play, plate.planned[1])
                plate.planned = None
        plates = [self._plate_rect(self.plates[seat], places[seat].plate) for seat in places]
        if stock is not None:
            plates.append(self._plate_rect(self.stock_plate, stock))
        return Seating(_clear_of(felt, plates, 0.15 * UNIT), places, stock)

    def _place_plates(
        self, state: TableState, places: dict[int, SeatPlace], fixed: dict[int, QPointF | None], taken: list[QRectF]
    ) -> QPointF | None:
        """Every seat's plate placed (in `places`) clear of `taken` (every seat's tiles), then the stock's: where
        the stock plate goes, if there is a stock."""
        area = self.area
        for seat in range(len(state.seats)):
            plate = self.plates[seat]
            place = places[seat]
            spots = self._plate_spots(place, plate)
            corner = fixed.get(seat)
            point = self._place_plate(plate, spots if corner is None else [corner, *spots], taken)
            place.plate = point
            taken.append(self._plate_rect(plate, point))
        if state.stock <= 0:
            return None
        size = self._plate_size(self.stock_plate)
        w, h = size.width() / 2 + 4, size.height() / 2 + 4
        corners = [
            QPointF(area.right() - w, area.bottom() - h),
            QPointF(area.right() - w, area.top() + h),
            QPointF(area.left() + w, area.bottom() - h),
            QPointF(area.left() + w, area.top() + h),
        ]
        return self._place_plate(self.stock_plate, corners, taken)

    def _crowding(self, places: dict[int, SeatPlace]) -> set[int]:
        """The seats whose plates crowd the table: the seat across the table when a side seat's plate is not in the
        corner above its column (its first spot, see _plate_spots), and any seat whose plate lies as near another
        seat's tiles as its own."""
        crowding: set[int] = set()
        across = [seat for seat, place in places.items() if place.slot == "top"]
        rects = {seat: self._plate_rect(self.plates[seat], place.plate) for seat, place in places.items()}
        for seat, place in places.items():
            if place.slot in ("left", "right"):
                first = self._plate_spots(place, self.plates[seat])[0]
                if abs(place.plate.x() - first.x()) > 0.5 or abs(place.plate.y() - first.y()) > 0.5:
                    crowding.update(across)
            own = _apart(rects[seat], place.tiles)
            if any(_apart(rects[seat], other.tiles) <= own for s, other in places.items() if s != seat):
                crowding.add(seat)
        return crowding

    def _fixed_plate(self, players: int, slot: str, seat: int, felt: QRectF) -> QPointF | None:
        """Five at the table: every plate has a spot of its own that no row's width moves, so the plates stay
        put from play to the hand's end (when the hands shown face up change every row's size). The seats across
        the table have the top corners, their rows starting beside them; the side seats sit under those, at the
        top of their columns, which stay below them. Other tables choose among the spots of _plate_spots."""
        if players != 5 or slot not in ("top_left", "top_right", "left", "right"):
            return None
        size = self._plate_size(self.plates[seat])
        w, h = size.width() / 2, size.height() / 2
        area = self.area
        x = area.left() + w + 4 if slot in ("top_left", "left") else area.right() - w - 4
        y = area.top() + h + 4 if slot.startswith("top") else felt.top() + 0.3 * UNIT + h
        return QPointF(x, y)

    def _plate_size(self, plate: NamePlate) -> QSizeF:
        box = plate.boundingRect() if plate.planned is None else NamePlate.box(*plate.planned)
        return QSizeF(box.width() * self.plate_units(), box.height() * self.plate_units())

    def _plate_rect(self, plate: NamePlate, centre: QPointF) -> QRectF:
        size = self._plate_size(plate)
        return QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(), size.height())

    def _plate_spots(self, place: SeatPlace, plate: NamePlate) -> list[QPointF]:
        """Where a seat's plate may go, best first: beside its row (a seat at the side: in the corner above or
        below its column, where it takes no room from the felt)."""
        size = self._plate_size(plate)
        w, h = size.width() / 2, size.height() / 2
        area, box, gap = self.area, place.tiles, 0.3 * UNIT
        top_corner = area.top() + h + 4
        bottom_corner = area.bottom() - h - 4
        if place.slot in ("left", "right"):
            x = area.left() + w + 4 if place.slot == "left" else area.right() - w - 4
            return [
                QPointF(x, top_corner),
                QPointF(x, bottom_corner),
                QPointF(box.center().x(), box.top() - gap - h),
                QPointF(box.center().x(), box.bottom() + gap + h),
            ]
        # Beside its row; a row across the table in a band thinner than the plate: level with the corners' plates.
        y = box.center().y() if place.slot == "bottom" else max(box.center().y(), top_corner)
        left = QPointF(box.left() - gap - w, y)
        right = QPointF(box.right() + gap + w, y)
        row = [right, left] if place.slot == "top_right" else [left, right]
        if place.slot == "bottom":
            return row
        return [*row, QPointF(box.center().x(), top_corner), QPointF(box.center().x(), box.bottom() + gap + h)]

    def _place_plate(self, plate: NamePlate, spots: list[QPointF], taken: list[QRectF]) -> QPointF:
        """The first spot whose plate lies inside the room on nothing already placed; else the one covering least."""
        room = self.area.adjusted(1, 1, -1, -1)

        def covered(point: QPointF) -> float:
            rect = self._plate_rect(plate, point)
            out = 0.0 if room.contains(rect) else 1.0
            return out + sum(_area(rect.intersected(other)) for other in taken)

        best = min(range(len(spots)), key=lambda i: (covered(spots[i]) > 0, covered(spots[i]), i))
        point = spots[best]
        rect = self._plate_rect(plate, point)
        # Kept inside the room.
        dx = max(0.0, room.left() - rect.left()) - max(0.0, rect.right() - room.right())
        dy = max(0.0, room.top() - rect.top()) - max(0.0, rect.bottom() - room.bottom())
        return QPointF(point.x() + dx, point.y() + dy)

    def _sync_seats(self, state: TableState, seating: Seating, duration: int) -> None:
        players = len(state.seats)
        # Only what this state has: a seat gone (a smaller table) or now drawn as the rack loses its backs.
        for seat in list(self.back_items):
            if seat >= players or seat == state.bottom:
                for item in self.back_items.pop(seat):
                    self._discard(item)
        for seat, seat_state in enumerate(state.seats):
            place = seating.places[seat]
            if seat == state.bottom:
                self._sync_rack(state, seat_state, place, duration)
            else:
                self._sync_backs(seat, seat_state, place.anchor, place.along, place.scale, place.lines)
            plate = self.plates[seat]
            box = plate.boundingRect()
            units = self.plate_units()
            # setPos is the plate's origin: its box is centred on the spot chosen.
            plate.setPos(
                place.plate - QPointF((box.left() + box.right()) / 2 * units, (box.top() + box.bottom()) / 2 * units)
            )
        self.stock_plate.setVisible(seating.stock is not None)
        if seating.stock is not None:
            box = self.stock_plate.boundingRect()
            units = self.plate_units()
            self.stock_plate.setPos(
                seating.stock - QPointF((box.left() + box.right()) / 2 * units, (box.top() + box.bottom()) / 2 * units)
            )

    def _slot_anchor(self, slot: str, felt: QRectF) -> tuple[QPointF, str]:
        """Where a seat's tiles sit: in the band between the felt and the edge of the view's room."""
        area = self.area
        top_y = (area.top() + felt.top()) / 2
        side_y = felt.center().y() + 0.4 * UNIT
        points = {
            "bottom": (QPointF(felt.center().x(), (felt.bottom() + area.bottom()) / 2 + 0.1 * UNIT), "x"),
            "top": (QPointF(felt.center().x(), top_y), "x"),
            "right": (QPointF((felt.right() + area.right()) / 2, side_y), "y"),
            "left": (QPointF((felt.left() + area.left()) / 2, side_y), "y"),
            "top_right": (QPointF(felt.center().x() + felt.width() * 0.25, top_y), "x"),
            "top_left": (QPointF(felt.center().x() - felt.width() * 0.25, top_y), "x"),
        }
        return points[slot]

    @staticmethod
    def _row_span(rack: bool, count: int, along: str, scale: float = BACK_SCALE) -> float:
        """How long a row of `count` tiles is: the rack's (see _sync_rack) or a seat's tiles (_sync_backs)."""
        if count <= 0:
            return 0.0
        if rack:
            return TableScene._rack_span(count, RACK_SCALE, (UNIT + RACK_GAP) * RACK_SCALE)
        step = (UNIT + RACK_GAP) * scale if along == "x" else (UNIT + RACK_GAP * 0.5) * scale
        return step * (count - 1) + (UNIT if along == "x" else 2 * UNIT) * scale

    @staticmethod
    def _rack_span(per_row: int, scale: float, pitch: float) -> float:
        """How long one row of your rack is: `per_row` tiles `pitch` apart."""
        return (per_row - 1) * pitch + UNIT * scale if per_row > 0 else 0.0

    def _sync_rack(self, state: TableState, seat_state: SeatState, place: SeatPlace, duration: int) -> float:
        tiles = [t for t in state.rack_order if t in seat_state.tiles] + [
            t for t in seat_state.tiles if t not in state.rack_order
        ]
        for tile in list(self.rack_items):
            if tile not in tiles:
                self._discard(self.rack_items.pop(tile))
        anchor, scale, lines, pitch = place.anchor, place.scale, max(1, place.lines), place.pitch
        per_row = -(-len(tiles) // lines) if tiles else 0
        row_pitch = 2 * UNIT * scale + RACK_ROW_GAP
        self.rack_y = anchor.y()
        self.rack_reach = (lines - 1) * row_pitch / 2
        self._rack_slots = {}
        for index, tile in enumerate(tiles):
            line, i = divmod(index, per_row) if per_row else (0, index)
            in_row = min(per_row, len(tiles) - line * per_row)
            width = self._rack_span(in_row, scale, pitch)
            lift = -UNIT * 0.25 if tile in state.legal else 0.0
            if state.chosen == tile:
                lift = -UNIT * 0.6  # the tile whose end is being chosen stands up out of the rack
            x = anchor.x() - width / 2 + UNIT * scale / 2 + i * pitch
            y = anchor.y() + (line - (lines - 1) / 2) * row_pitch
            target = QPointF(x, y + lift)
            self._rack_slots[tile] = (line, x)
            item = self.rack_items.get(tile)
            if item is None:
                item = TileItem(tile, self.look, vertical=True)
                item.back_flag = self.flag_pixmap
                item.setScale(scale)
                item.setPos(target)  # a new hand's tiles appear in place; only moves fly
                self.addItem(item)
                self.rack_items[tile] = item
            item.set_face(vertical=True, face_up=True)
            item.set_first(tile.low if tile in state.flipped else tile.high)
            # Left to right, the lower row over the upper (overlapping tiles each show their left side); the tile
            # with the keyboard focus is raised over its neighbours by the view.
            item.setZValue(20 + 0.01 * index + (2 if item.focused else 0))
            legal = tile in state.legal
            shape = Qt.CursorShape.PointingHandCursor if legal else Qt.CursorShape.ArrowCursor
            if item.cursor().shape() != shape:
                item.setCursor(shape)
            item.set_flags(
                legal=legal, newest=False, star=False, hinted=tile == state.hinted, selected=tile == state.chosen
            )
            if self._drag is None or self._drag[0] is not item:
                self._move(item, target, duration, scale)
        return self._rack_span(per_row, scale, pitch)

    def _sync_backs(
        self, seat: int, seat_state: SeatState, anchor: QPointF, along: str, scale: float, lines: int = 1
    ) -> float:
        items = self.back_items.setdefault(seat, [])
        faces = list(seat_state.tiles)
        wanted = len(faces) if faces else seat_state.count
        while len(items) > wanted:
            self._discard(items.pop())
        while len(items) < wanted:
            item = TileItem(None, self.look, vertical=along == "x", face_up=False)
            item.back_flag = self.flag_pixmap
            item.setZValue(15)
            self.addItem(item)
            items.append(item)
        step = (UNIT + RACK_GAP) * scale if along == "x" else (UNIT + RACK_GAP * 0.5) * scale
        # Backs fill their lines as laid out for the most the seat has held, so a wrapped row loses tiles from its
        # last line and the lines above stay put; each line centred on the anchor.
        held = len(items) if faces else max(len(items), seat_state.most)
        per_line = max(1, -(-held // max(1, lines)))
        pitch = 2 * UNIT * scale + LINE_GAP  # from one line to the next, across the row
        span = 0.0
        for index, item in enumerate(items):
            line, i = divmod(index, per_line)
            span = step * (min(per_line, len(items) - line * per_line) - 1)
            across = (line - (lines - 1) / 2) * pitch
            tile = faces[index] if faces else None
            if tile != item.tile:
                item.tile = tile
                item.update()
            item.set_face(vertical=along == "x", face_up=tile is not None)
            if tile is not None:
                item.set_first(tile.high)
            offset = -span / 2 + i * step
            item.setScale(scale)
            item.setPos(anchor + (QPointF(offset, across) if along == "x" else QPointF(across, offset)))
        widest = step * (min(per_line, len(items)) - 1) if items else 0.0
        return widest + (UNIT if along == "x" else 2 * UNIT) * scale

    def _move(self, item: TileItem, target: QPointF, duration: int, scale: float | None = None) -> None:
        """Slide `item` to `target` over `duration` ms (0: put it there; reduced motion), resizing it to `scale`.

        Each animation is the child of the tile it moves and tells the scene it is done through a bound method:
        one made without a parent and told so through a closure over itself and its tile stayed alive with that
        tile for good (after 30 hands, thousands of animations and hundreds of tiles no longer on the table)."""
        _retire(self._animations.pop(item, None))
        if scale is not None and abs(item.scale() - scale) > 1e-3:
            _retire(self._resizing.pop(item, None))
            if duration > 0:
                shrink = QPropertyAnimation(item, b"scale", item)
                shrink.setDuration(duration)
                shrink.setEndValue(scale)
                shrink.setEasingCurve(QEasingCurve.Type.OutCubic)
                # Counted in `animating`: a tile still shrinking from the rack's size has not landed.
                self._resizing[item] = shrink
                shrink.finished.connect(self._resized)
                shrink.start()
            else:
                item.setScale(scale)
        if duration <= 0 or (item.pos() - target).manhattanLength() < 1:
            item.setPos(target)
            return
        animation = QPropertyAnimation(item, b"pos", item)
        animation.setDuration(duration)
        animation.setEndValue(target)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._animations[item] = animation
        animation.finished.connect(self._moved)
        animation.start()

    def _moved(self) -> None:
        self._done(self._animations)

    def _resized(self) -> None:
        self._done(self._resizing)

    def _done(self, running: dict[TileItem, QPropertyAnimation]) -> None:
        """The animation that just finished leaves `running`, and is deleted once its signal has been sent."""
        finished = self.sender()
        for item, animation in list(running.items()):
            if animation is finished:
                del running[item]
                animation.deleteLater()

    def _discard(self, item: TileItem) -> None:
        for animations in (self._animations, self._resizing):
            _retire(animations.pop(item, None))
        self.removeItem(item)

    @property
    def animating(self) -> bool:
        running = [*self._animations.values(), *self._resizing.values()]
        return any(a.state() == QPropertyAnimation.State.Running for a in running)

    # ---- scores rising from the table ----------------------------------------------------------

    def float_text(self, text: str, tile: Tile | None) -> None:
        """`text` rises from `tile` (or the middle of the felt) and fades, gone after FLOAT_MS; with reduced motion
        it stays still as it fades. One at a time: a new score sends the one before away, so they never pile up
        over the line."""
        self.clear_rising()
        self.float_texts.append(text)
        del self.float_texts[:-10]
        spot = self.plan.spots.get(tile) if tile is not None else None  # where the tile lies (or is landing)
        start = QPointF(spot.x, spot.y) if spot is not None else self.felt.rect().center()
        label = QGraphicsSimpleTextItem(text)
        font = QFont("DejaVu Sans")
        font.setPixelSize(int(UNIT * 0.9))
        font.setBold(True)
        label.setFont(font)
        label.setBrush(QColor(self.look.theme.highlight))
        label.setPen(QPen(QColor(0, 0, 0, 220), 2.0))
        label.setZValue(90)
        label.setOpacity(0.0)
        box = label.boundingRect()
        label.setPos(start - QPointF(box.width() / 2, box.height() / 2 + UNIT * 0.6))
        self.addItem(label)
        # Held by `rising` alone (no parent, no closure over the label or the scene), told through bound methods.
        rise = QVariantAnimation()
        rise.setDuration(FLOAT_MS)
        rise.setStartValue(0.0)
        rise.setEndValue(1.0)
        rise.valueChanged.connect(self._float_step)
        rise.finished.connect(self._float_finished)
        self.rising = Rise(label, rise, label.pos())
        rise.start()

    def _rise_of(self, animation: object) -> Rise | None:
        # A score sent away was stopped, but a signal it sent may still be on its way: only the one rising counts.
        return self.rising if self.rising is not None and self.rising.animation is animation else None

    def _float_step(self, value: float) -> None:
        rise = self._rise_of(self.sender())
        if rise is None:
            return
        if self.look.motion != "reduced":
            rise.label.setPos(rise.start - QPointF(0, UNIT * 1.8 * value))
        # In quickly, held, then out: off the tiles it rose from within the second.
        rise.label.setOpacity(min(1.0, value / 0.1, max(0.0, (1.0 - value) / 0.45)))

    def _float_finished(self) -> None:
        rise = self._rise_of(self.sender())
        if rise is None:
            return
        # The animation sending this is let go after its signal (dropped now, Python would delete it mid-signal).
        self._floats_done.append(rise.animation)
        QTimer.singleShot(0, self, self._floats_done.clear)
        self.clear_rising()

    def clear_rising(self) -> None:
        """The rising score gone: a new one rises, or the scene is drawn afresh (resize, look, deal)."""
        rise, self.rising = self.rising, None
        if rise is not None:
            rise.animation.stop()  # stop() does not emit finished
            self.removeItem(rise.label)

    # ---- end markers -------------------------------------------------------------------------

    def show_markers(self, spots: list[EndSpot]) -> list[EndMarker]:
        self.clear_markers()
        for i, spot in enumerate(spots):
            marker = EndMarker(i, spot, self.look)
            marker.setScale(self.line_scale)  # as large as the line's tiles
            marker.clicked.connect(self.endMarkerClicked)
            self.addItem(marker)
            self.markers.append(marker)
        return self.markers

    def clear_markers(self) -> None:
        for marker in self.markers:
            self.removeItem(marker)
        self.markers = []

    # ---- clicks and drags on the rack ---------------------------------------------------------

    def rack_tile_at(self, point: QPointF) -> TileItem | None:
        """The topmost rack tile under `point`, by its body (not its shadow)."""
        for item in self.items(point):
            if not isinstance(item, TileItem) or item not in self.rack_items.values():
                continue
            if item.mapRectToScene(item.body_rect()).contains(point):
                return item
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            turned = self.rack_tile_at(event.scenePos())
            if turned is not None and turned.tile is not None:
                self.rackTileFlipped.emit(turned.tile)  # the player turns a rack tile end over end
                event.accept()
                return
        item = self.rack_tile_at(event.scenePos()) if event.button() == Qt.MouseButton.LeftButton else None
        if item is None:
            super().mousePressEvent(event)
            return
        self._drag = (item, event.scenePos(), item.pos())
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._drag is None:
            super().mouseMoveEvent(event)
            return
        item, start, origin = self._drag
        if (event.scenePos() - start).manhattanLength() > 8:  # any tile can be moved along the rack
            item.setZValue(60)
            item.setPos(origin + event.scenePos() - start)
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._drag is None:
            super().mouseReleaseEvent(event)
            return
        item, start, origin = self._drag
        self._drag = None
        assert item.tile is not None
        if (event.scenePos() - start).manhattanLength() <= 8:
            item.setPos(origin)
            self.rackTileClicked.emit(item.tile)
        else:
            self._dropped(item, event.scenePos())
        event.accept()

    def _dropped(self, item: TileItem, point: QPointF) -> None:
        """Say what a drag that ended at `point` meant: a new place on the rack, an end, or the table."""
        tile = item.tile
        assert tile is not None
        if abs(point.y() - self.rack_y) < DROP_ON_RACK + self.rack_reach:
            others = [i for i in self.items_for_rack() if i is not item]
            order = [i.tile for i in others if i.tile is not None]
            line = 1 if self.rack_reach > 0 and point.y() > self.rack_y else 0
            slots = [self._rack_slots.get(t, (0, 0.0)) for t in order]
            order.insert(sum(1 for slot in slots if slot < (line, point.x())), tile)
            self.rackReordered.emit(order)
            return
        near = [
            (abs(spot.x - point.x()) + abs(spot.y - point.y()), spot.arm)
            for spot in self.plan.ends
            if abs(spot.x - point.x()) + abs(spot.y - point.y()) < DROP_ON_END
        ]
        if near:
            self.tileDroppedOnEnd.emit(tile, min(near)[1])
        elif point.y() < self.rack_y - DROP_ON_TABLE:
            self.tileDroppedOnTable.emit(tile)
        else:
            self.tileDroppedAway.emit(tile)

    def describe(self) -> list[tuple[object, ...]]:
        """Every item that shows part of the game, as plain values in a fixed order: two scenes that
        describe the same are the same drawing (tests compare a table before and after a reload)."""
        out: list[tuple[object, ...]] = []

        def tile(kind: str, item: TileItem) -> tuple[object, ...]:
            pos = item.pos()
            return (
                kind,
                item.tile,
                round(pos.x(), 1),
                round(pos.y(), 1),
                item.face_up,
                item.vertical,
                item.first,
                item.legal,
                item.newest,
                item.star,
                item.hinted,
            )

        out += sorted((tile("table", i) for i in self.table_items.values()), key=repr)
        out += [tile("rack", i) for i in self.items_for_rack()]
        for seat in sorted(self.back_items):
            out += [tile(f"back {seat}", i) for i in self.back_items[seat]]
        for seat in sorted(self.plates):
            plate = self.plates[seat]
            out.append(("plate", seat, tuple(plate.lines), plate.to_play, round(plate.pos().x(), 1)))
        out.append(("stock", self.stock_plate.isVisible(), tuple(self.stock_plate.lines)))
        out += [("label", label.text()) for label in self.labels]
        return out

    def items_for_rack(self) -> list[TileItem]:
        """Rack items left to right."""
        slots = self._rack_slots
        return sorted(
            self.rack_items.values(),
            key=lambda item: slots.get(item.tile, (0, item.pos().x())) if item.tile is not None else (0, 0.0),
        )
