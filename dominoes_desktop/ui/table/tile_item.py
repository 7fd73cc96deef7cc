"""A domino drawn by the program: face with pips, finish, bevel and shadow; or its back with a flag."""

from __future__ import annotations

import math
import time
from collections import OrderedDict

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)
from shiboken6 import isValid

from ...engine.tiles import Tile
from ..look.look_style import contrast, text_on
from ..look.looks import PIN_COLORS, PIP_COLORS, Finish, Look, Theme

UNIT = 40.0  # a tile is 2 x 1 units

# Where the pips of 0..9 sit in a unit square (fractions of the half); 10..12 use a 3x4 grid.
_PIP_SPOTS: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
    7: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.5, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
    8: [(0.22, 0.22), (0.5, 0.22), (0.78, 0.22), (0.25, 0.5), (0.75, 0.5), (0.22, 0.78), (0.5, 0.78), (0.78, 0.78)],
    9: [(x, y) for y in (0.22, 0.5, 0.78) for x in (0.22, 0.5, 0.78)],
}


# A tile's body (shadow, face or back) is painted once per look, tile, orientation and screen size into a shared
# pixmap; items draw that pixmap and only their marks (legal, hover, newest...) by hand. Painting a face by hand
# costs 1-5 ms (gradients, drilled pips, grain): a table's tiles all repainted at once (a deal, the camera drawing
# back at a hand's end) stalled the window for 50-190 ms. At a new scale a body is first drawn from the nearest
# scale already painted, stretched, and painted sharp a few at a time between frames.
ART_CACHE_SIZE = 600
ART_STEPS = 12  # screen scales are rounded up to steps of 2^(1/12) (6%): a zoom reuses what it painted
ART_BUDGET_S = 0.006  # painting sharp bodies between frames: at most this long at a time
_ART: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()
_SCALES: dict[tuple[object, ...], set[float]] = {}  # the scales painted so far, per body
_SHARPEN: dict[tuple[object, ...], list[TileItem]] = {}  # bodies drawn stretched, waiting to be painted sharp
_SHADOW = QPointF(3.5, 4.5)
DARK_FACE = 110  # a finish whose light colour is darker than this is a dark face (pips drawn light)


def art_scale(transform: QTransform) -> float:
    """Device pixels per scene unit for an item painted through `transform`, rounded up to a cache step."""
    length = transform.map(QLineF(0.0, 0.0, 1.0, 0.0)).length()
    length = max(0.05, min(8.0, length))
    return round(float(2 ** (math.ceil(math.log2(length) * ART_STEPS - 1e-6) / ART_STEPS)), 4)


def _keep(body: tuple[object, ...], scale: float, art: QPixmap) -> None:
    _ART[(*body, scale)] = art
    _SCALES.setdefault(body, set()).add(scale)
    while len(_ART) > ART_CACHE_SIZE:
        old, _ = _ART.popitem(last=False)
        left = _SCALES.get(old[:-1])
        if left is not None:
            left.discard(float(old[-1]))  # type: ignore[arg-type]
            if not left:
                del _SCALES[old[:-1]]


def _sharpen() -> None:
    """Paint the waiting bodies at their own scale, a few at a time, and have their tiles drawn again."""
    started = time.perf_counter()
    while _SHARPEN and time.perf_counter() - started < ART_BUDGET_S:
        key, items = next(iter(_SHARPEN.items()))
        del _SHARPEN[key]
        alive = [i for i in items if isValid(i) and i.scene() is not None]
        body, scale = key[:-1], float(key[-1])  # type: ignore[arg-type]
        if key not in _ART and alive and alive[0].art_key() == body:
            _keep(body, scale, alive[0].render_art(alive[0].art_rect(), scale))
        for item in alive:
            item.update()
    if _SHARPEN:
        QTimer.singleShot(0, _sharpen)


def _art_for(item: TileItem, scale: float) -> QPixmap:
    body = item.art_key()
    key = (*body, scale)
    art = _ART.get(key)
    if art is not None:
        _ART.move_to_end(key)
        return art
    painted = _SCALES.get(body)
    if painted:
        nearest = min(painted, key=lambda s: abs(math.log(s / scale)))
        if not _SHARPEN:
            QTimer.singleShot(0, _sharpen)
        _SHARPEN.setdefault(key, []).append(item)
        return _ART[(*body, nearest)]
    art = item.render_art(item.art_rect(), scale)
    _keep(body, scale, art)
    return art


def pip_spots(n: int) -> list[tuple[float, float]]:
    if n in _PIP_SPOTS:
        return _PIP_SPOTS[n]
    grid = [(x, y) for y in (0.17, 0.39, 0.61, 0.83) for x in (0.22, 0.5, 0.78)]
    return grid[:n]


HINT_COLOR = "#00e5ff"  # the hint's ring
FOCUS_COLOR = "#ffffff"  # the keyboard focus ring (a black line inside it)


class TileItem(QGraphicsObject):
    """One tile. `tile` None draws a back. Long side horizontal unless `vertical`."""

    def __init__(self, tile: Tile | None, look: Look, *, vertical: bool = False, face_up: bool = True) -> None:
        super().__init__()
        self.tile = tile
        self.look = look
        self.vertical = vertical
        self.face_up = face_up and tile is not None
        self.first = tile.high if tile else 0  # the number drawn on the top / left half
        self.legal = False
        self.selected_for_play = False
        self.focused = False
        self.newest = False
        self.star = False
        self.hinted = False
        self.hovered = False  # the pointer is over it: playable tiles answer
        self.back_flag: QPixmap | None = None
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    # ---- state the scene sets --------------------------------------------------------------------

    def set_first(self, number: int) -> None:
        """Which number is drawn first (top or left): tiles on the table show their joined end inward."""
        if number != self.first:
            self.first = number
            self.update()

    def set_flags(
        self,
        *,
        legal: bool | None = None,
        selected: bool | None = None,
        focused: bool | None = None,
        newest: bool | None = None,
        star: bool | None = None,
        hinted: bool | None = None,
    ) -> None:
        before = (self.legal, self.selected_for_play, self.focused, self.newest, self.star, self.hinted)
        if hinted is not None:
            self.hinted = hinted
        if legal is not None:
            self.legal = legal
        if selected is not None:
            self.selected_for_play = selected
        if focused is not None:
            self.focused = focused
        if newest is not None:
            self.newest = newest
        if star is not None:
            self.star = star
        if (self.legal, self.selected_for_play, self.focused, self.newest, self.star, self.hinted) != before:
            self.update()  # repaint only what changed: paints cost the UI thread the GIL

    def set_face(self, *, vertical: bool, face_up: bool) -> None:
        if (vertical, face_up) != (self.vertical, self.face_up):
            self.prepareGeometryChange()
            self.vertical = vertical
            self.face_up = face_up
            self.update()

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = True
        if self.legal:
            self.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = False
        if self.legal:
            self.update()
        super().hoverLeaveEvent(event)

    def size(self) -> tuple[float, float]:
        return (UNIT, 2 * UNIT) if self.vertical else (2 * UNIT, UNIT)

    def boundingRect(self) -> QRectF:
        w, h = self.size()
        return QRectF(-w / 2 - 6, -h / 2 - 18, w + 14, h + 26)  # room above for the chosen tile's pointer

    def body_rect(self) -> QRectF:
        w, h = self.size()
        return QRectF(-w / 2, -h / 2, w, h)

    def halves(self) -> tuple[QRectF, QRectF]:
        body = self.body_rect()
        if self.vertical:
            return (
                QRectF(body.left(), body.top(), body.width(), body.height() / 2),
                QRectF(body.left(), body.center().y(), body.width(), body.height() / 2),
            )
        return (
            QRectF(body.left(), body.top(), body.width() / 2, body.height()),
            QRectF(body.center().x(), body.top(), body.width() / 2, body.height()),
        )

    # ---- painting --------------------------------------------------------------------------------

    def art_rect(self) -> QRectF:
        """The body and its shadow, with a pixel of room for the antialiased edge."""
        return self.body_rect().adjusted(-1.0, -1.0, _SHADOW.x() + 1.0, _SHADOW.y() + 1.0)

    def art_key(self) -> tuple[object, ...]:
        """Everything the cached body depends on (not the marks, drawn over it)."""
        look = self.look
        if self.face_up and self.tile is not None:
            return ("face", self.tile, self.first, self.vertical, look.finish, look.pips, look.pin)
        flag = self.back_flag.cacheKey() if self.back_flag is not None and not self.back_flag.isNull() else 0
        return ("back", self.vertical, look.theme.rail, look.theme.accent, flag)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        body = self.body_rect()
        radius = UNIT * 0.16
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        scale = art_scale(painter.worldTransform())
        device = painter.device()
        if device is not None:
            scale = round(scale * device.devicePixelRatioF(), 4)
        art = _art_for(self, scale)
        painter.drawPixmap(self.art_rect(), art, QRectF(art.rect()))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_marks(painter, body, radius)

    def render_art(self, target: QRectF, scale: float) -> QPixmap:
        art = QPixmap(max(1, math.ceil(target.width() * scale)), max(1, math.ceil(target.height() * scale)))
        art.fill(Qt.GlobalColor.transparent)
        painter = QPainter(art)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.scale(art.width() / target.width(), art.height() / target.height())
        painter.translate(-target.left(), -target.top())
        self.paint_body(painter)
        painter.end()
        return art

    def paint_body(self, painter: QPainter) -> None:
        """The shadow and the face (or back), by hand: what the shared pixmaps hold."""
        body = self.body_rect()
        radius = UNIT * 0.16
        # Shadow first, offset down-right.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(body.translated(_SHADOW), radius, radius)
        if self.face_up and self.tile is not None:
            self._paint_face(painter, body, radius, self.look.finish)
        else:
            paint_tile_back(painter, body, radius, self.look.theme, self.back_flag)

    def _paint_face(self, painter: QPainter, body: QRectF, radius: float, finish: Finish) -> None:
        gradient = QLinearGradient(body.topLeft(), body.bottomRight())
        gradient.setColorAt(0.0, QColor(finish.light))
        gradient.setColorAt(1.0, QColor(finish.dark))
        path = QPainterPath()
        path.addRoundedRect(body, radius, radius)
        painter.fillPath(path, QBrush(gradient))
        painter.save()
        painter.setClipPath(path)
        self._paint_texture(painter, body, finish)
        painter.restore()
        # Bevel: a light edge top-left and a dark edge bottom-right.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(255, 255, 255, 150), 1.6))
        painter.drawRoundedRect(body.adjusted(1.5, 1.5, -1.5, -1.5), radius, radius)
        painter.setPen(QPen(QColor(finish.edge), 1.2))
        painter.drawRoundedRect(body, radius, radius)
        # The divider between the halves.
        assert self.tile is not None
        first, second = self.first, self.tile.other(self.first)
        top, bottom = self.halves()
        painter.setPen(QPen(QColor(finish.edge), 1.4))
        if self.vertical:
            y = body.center().y()
            painter.drawLine(QPointF(body.left() + 5, y), QPointF(body.right() - 5, y))
        else:
            x = body.center().x()
            painter.drawLine(QPointF(x, body.top() + 5), QPointF(x, body.bottom() - 5))
        pip_color = QColor(finish.pip)
        second_color = QColor("#fdfbf3") if finish.texture == "two_tone" else pip_color
        self._paint_number(painter, top, first, pip_color)
        self._paint_number(painter, bottom, second, second_color)
        self._paint_pin(painter, body)

    def _paint_texture(self, painter: QPainter, body: QRectF, finish: Finish) -> None:
        seed = (self.tile.high * 13 + self.tile.low) if self.tile else 0
        if finish.texture == "two_tone":
            _, second_half = self.halves()
            painter.fillRect(second_half, QColor(finish.second))
        elif finish.texture == "marble":
            pen = QPen(QColor(finish.second), 0.9)
            for k in range(4):
                path = QPainterPath()
                y0 = body.top() + body.height() * (0.15 + 0.25 * k)
                path.moveTo(body.left(), y0)
                for step in range(1, 9):
                    x = body.left() + body.width() * step / 8
                    y = y0 + math.sin(step * 1.3 + seed + k * 2.1) * body.height() * 0.12
                    path.lineTo(x, y)
                vein = QColor(finish.second).lighter(100 + 15 * k)
                vein.setAlpha(120 - 20 * k)
                pen.setColor(vein)
                painter.strokePath(path, pen)
        elif finish.texture == "wood":
            pen = QPen(QColor(finish.second), 1.0)
            count = 9
            for k in range(count):
                path = QPainterPath()
                frac = (k + 0.5) / count
                if self.vertical:
                    x0 = body.left() + body.width() * frac
                    path.moveTo(x0, body.top())
                    for step in range(1, 11):
                        y = body.top() + body.height() * step / 10
                        path.lineTo(x0 + math.sin(step * 0.9 + seed * 0.7 + k) * 1.8, y)
                else:
                    y0 = body.top() + body.height() * frac
                    path.moveTo(body.left(), y0)
                    for step in range(1, 11):
                        x = body.left() + body.width() * step / 10
                        path.lineTo(x, y0 + math.sin(step * 0.9 + seed * 0.7 + k) * 1.8)
                painter.strokePath(path, pen)
        elif finish.texture == "pearl":
            sheen = QRadialGradient(
                body.center() + QPointF(-body.width() * 0.2, -body.height() * 0.25),
                max(body.width(), body.height()) * 0.7,
            )
            # On a dark face (Onyx) a bright sheen washed out the white pips at the top-left: only a glint there.
            dark_face = QColor(finish.light).lightness() < DARK_FACE
            sheen.setColorAt(0.0, QColor(255, 255, 255, 36 if dark_face else 150))
            sheen.setColorAt(0.45, QColor(finish.second).lighter(105))
            tint = QColor(finish.second)
            tint.setAlpha(40)
            sheen.setColorAt(1.0, tint)
            painter.fillRect(body, QBrush(sheen))

    def _paint_number(self, painter: QPainter, half: QRectF, number: int, color: QColor) -> None:
        style = self.look.pips
        if style == "automatic":
            style = "numerals" if number > 6 else "classic"  # 10, 11 and 12 in dots are hard to tell apart
        if style == "numerals":
            font = QFont("DejaVu Sans")
            font.setBold(True)
            font.setPixelSize(int(UNIT * (0.62 if number < 10 else 0.5)))
            painter.setFont(font)
            painter.setPen(color)
            painter.drawText(half, Qt.AlignmentFlag.AlignCenter, str(number))
            return
        if style == "colored" and number:
            color = QColor(PIP_COLORS[number % len(PIP_COLORS)])
            if self.look.finish.texture == "two_tone" or QColor(self.look.finish.light).lightness() < DARK_FACE:
                color = color.lighter(140)
        inset = half.adjusted(half.width() * 0.08, half.height() * 0.08, -half.width() * 0.08, -half.height() * 0.08)
        spots = pip_spots(number)
        radius = UNIT * (0.085 if number <= 6 else 0.07 if number <= 9 else 0.058)
        if QColor(self.look.finish.light).lightness() < DARK_FACE:
            radius *= 1.15  # light pips on a dark face read smaller than dark pips on a light one
        painter.setPen(Qt.PenStyle.NoPen)
        for fx, fy in spots:
            center = QPointF(inset.left() + fx * inset.width(), inset.top() + fy * inset.height())
            drill = QRadialGradient(center - QPointF(radius * 0.3, radius * 0.3), radius * 1.3)
            drill.setColorAt(0.0, color.lighter(160))
            drill.setColorAt(0.7, color)
            drill.setColorAt(1.0, color.darker(140))
            painter.setBrush(QBrush(drill))
            painter.drawEllipse(center, radius, radius)

    def _paint_pin(self, painter: QPainter, body: QRectF) -> None:
        if self.look.pin not in PIN_COLORS:
            return
        light, dark = PIN_COLORS[self.look.pin]
        center = body.center()
        r = UNIT * 0.075
        grad = QRadialGradient(center - QPointF(r * 0.4, r * 0.4), r * 1.5)
        grad.setColorAt(0.0, QColor(light))
        grad.setColorAt(1.0, QColor(dark))
        painter.setPen(QPen(QColor(dark).darker(130), 0.6))
        painter.setBrush(QBrush(grad))
        painter.drawEllipse(center, r, r)

    def _paint_marks(self, painter: QPainter, body: QRectF, radius: float) -> None:
        theme = self.look.theme
        if self.legal and self.hovered and not self.selected_for_play:
            # Hover: the tile brightens and its ring thickens, so a playable tile answers the pointer.
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 55))
            painter.drawRoundedRect(body, radius, radius)
            painter.setPen(QPen(QColor(theme.highlight), 5.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-3, -3, 3, 3), radius + 2, radius + 2)
        if self.selected_for_play:
            # Chosen, its end still to pick: a solid ring and a pointer above, besides standing out of the rack.
            painter.setPen(QPen(QColor(theme.accent), 5.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-4, -4, 4, 4), radius + 3, radius + 3)
            tip = QPointF(body.center().x(), body.top() - 6)
            pointer = QPainterPath()
            pointer.moveTo(tip)
            pointer.lineTo(tip + QPointF(-8, -10))
            pointer.lineTo(tip + QPointF(8, -10))
            pointer.closeSubpath()
            painter.setPen(QPen(QColor(0, 0, 0, 200), 1.2))
            painter.setBrush(QColor(theme.accent))
            painter.drawPath(pointer)
        if self.legal:
            # Legal tiles get a glow and a dot, so colour is never the only signal.
            painter.setPen(QPen(QColor(theme.highlight), 3.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-2.5, -2.5, 2.5, 2.5), radius + 2, radius + 2)
            painter.setPen(QPen(QColor(0, 0, 0, 180), 1))
            painter.setBrush(QColor(theme.highlight))
            dot = (
                QPointF(body.center().x(), body.top() - 1)
                if self.vertical
                else QPointF(body.left() - 1, body.center().y())
            )
            painter.drawEllipse(dot, 3.5, 3.5)
        if self.newest:
            painter.setPen(QPen(QColor(theme.accent), 2.6, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-3, -3, 3, 3), radius + 2, radius + 2)
        if self.hinted:
            # The hint: a ring hugging the tile (over the legal glow) and a star above it. It stays inside the
            # focus ring, so the hinted tile (which takes the keys) shows both at once.
            painter.setPen(QPen(QColor(HINT_COLOR), 2.8))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-2.0, -2.0, 2.0, 2.0), radius + 1.5, radius + 1.5)
        if self.focused:
            # The focus ring, outermost and over every other mark: solid white, a black line inside it parting
            # it from the hint's ring and the legal glow (a dotted line blurred it to grey on a small rack).
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("#000000"), 1.0))
            painter.drawRoundedRect(body.adjusted(-3.7, -3.7, 3.7, 3.7), radius + 3, radius + 3)
            painter.setPen(QPen(QColor(FOCUS_COLOR), 2.2))
            painter.drawRoundedRect(body.adjusted(-5.1, -5.1, 5.1, 5.1), radius + 4, radius + 4)
        if self.star:
            self._paint_star(painter, QPointF(body.right() - 7, body.top() + 7))
        if self.hinted:
            self._paint_star(painter, QPointF(body.center().x(), body.top() - 2))

    def _paint_star(self, painter: QPainter, center: QPointF) -> None:
        path = QPainterPath()
        outer, inner = 6.5, 2.8
        for k in range(10):
            r = outer if k % 2 == 0 else inner
            angle = -math.pi / 2 + k * math.pi / 5
            point = QPointF(center.x() + r * math.cos(angle), center.y() + r * math.sin(angle))
            if k == 0:
                path.moveTo(point)
            else:
                path.lineTo(point)
        path.closeSubpath()
        painter.setPen(QPen(QColor("#5a3b00"), 0.8))
        painter.setBrush(QColor(self.look.theme.accent))
        painter.drawPath(path)


def paint_tile_back(
    painter: QPainter, body: QRectF, radius: float, theme: Theme, flag: QPixmap | None = None, marked: bool = True
) -> None:
    """A tile's back, as the table's tiles and the sealed deck (fair_deal) both draw it: the rail's colour and,
    when `marked`, the flag or else an accent ring and pin."""
    base = QColor(theme.rail)
    gradient = QLinearGradient(body.topLeft(), body.bottomRight())
    gradient.setColorAt(0.0, base.lighter(135))
    gradient.setColorAt(1.0, base.darker(120))
    path = QPainterPath()
    path.addRoundedRect(body, radius, radius)
    painter.fillPath(path, QBrush(gradient))
    side = min(body.width(), body.height())
    inner = body.adjusted(side * 0.125, side * 0.125, -side * 0.125, -side * 0.125)
    if marked and flag is not None and not flag.isNull():
        painter.save()
        painter.setClipPath(path)
        painter.setOpacity(0.92)
        painter.drawPixmap(inner.toRect(), flag)
        painter.restore()
    elif marked:
        # On a light back (high contrast's white rail) the accent ring would vanish and the back could pass
        # for a blank face: a dark ring and a hatch mark it as a back.
        light = contrast(theme.accent, theme.rail) < 3.0
        ring = QColor(text_on(theme.rail)) if light else QColor(theme.accent)
        if light:
            hatch = QBrush(ring, Qt.BrushStyle.BDiagPattern)
            painter.save()
            painter.setClipPath(path)
            painter.fillRect(inner, hatch)
            painter.restore()
        painter.setPen(QPen(ring, 2.0 if light else 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(inner, radius * 0.7, radius * 0.7)
        painter.drawEllipse(body.center(), side * 0.16, side * 0.16)
    painter.setPen(QPen(QColor(0, 0, 0, 160), 1.2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(body, radius, radius)
