"""Moments: a short celebration on the felt for a domino, a capicúa, a six-love and a match won. A banner swells
and fades while tile-coloured pieces burst from it; under reduced motion the banner only fades in and out, still,
and no piece flies. It lies over the middle of the felt for under two seconds and takes no clicks."""

from __future__ import annotations

import math
import random

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from ..look.looks import Look

MOMENT_MS = 1800
PIECES = 28


class Moment(QGraphicsObject):
    """The banner and its pieces, drawn at a fixed size on screen (like the name plates), as one item."""

    def __init__(self, text: str, look: Look, still: bool, seed: int = 0) -> None:
        super().__init__()
        self.text = text
        self.look = look
        self.still = still
        self.progress = 0.0
        self.setZValue(95)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsObject.GraphicsItemFlag.ItemIgnoresTransformations)
        self.font = QFont("DejaVu Sans")
        self.font.setPixelSize(46)
        self.font.setBold(True)
        width = QFontMetricsF(self.font).horizontalAdvance(text)
        self.box = QRectF(-width / 2 - 28, -40, width + 56, 80)
        rng = random.Random(seed)
        # Each piece: its direction, speed, spin and colour (the theme's accent, highlight and the tile face).
        colours = [look.theme.accent, look.theme.highlight, look.finish.light]
        self.pieces = [
            (rng.uniform(0, 2 * math.pi), rng.uniform(120, 260), rng.uniform(-3, 3), QColor(colours[i % 3]))
            for i in range(0 if still else PIECES)
        ]

    def show_progress(self, value: float) -> None:
        self.progress = value
        self.update()

    def boundingRect(self) -> QRectF:
        reach = 0 if self.still else 300
        return self.box.adjusted(-reach, -reach, reach, reach)

    def opacity_at(self, t: float) -> float:
        """In quickly, held, out over the last third."""
        return max(0.0, min(1.0, t / 0.12, (1.0 - t) / 0.33))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        t = self.progress
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setOpacity(self.opacity_at(t))
        for angle, speed, spin, colour in self.pieces:
            distance = speed * (1 - (1 - t) ** 2)  # fast out, slowing
            centre = QPointF(math.cos(angle) * distance, math.sin(angle) * distance + 120 * t * t)  # and falling
            painter.save()
            painter.translate(centre)
            painter.rotate(math.degrees(spin * t * 4))
            painter.setBrush(colour)
            painter.setPen(QPen(QColor(0, 0, 0, 120), 1))
            painter.drawRoundedRect(QRectF(-5, -9, 10, 18), 2, 2)
            painter.restore()
        grow = 1.0 if self.still else 0.6 + 0.4 * min(1.0, t / 0.18) + 0.05 * math.sin(min(1.0, t / 0.18) * math.pi)
        painter.scale(grow, grow)
        theme = self.look.theme
        painter.setBrush(QColor(0, 0, 0, 190))
        painter.setPen(QPen(QColor(theme.highlight), 3))
        painter.drawRoundedRect(self.box, 18, 18)
        path = QPainterPath()
        metrics = QFontMetricsF(self.font)
        path.addText(-metrics.horizontalAdvance(self.text) / 2, metrics.ascent() / 2 - 4, self.font, self.text)
        painter.setPen(QPen(QColor(0, 0, 0, 230), 4))
        painter.setBrush(QColor(theme.highlight))
        painter.drawPath(path)


class MomentPlayer:
    """Runs one moment at a time on a scene: a new one sends the last away."""

    def __init__(self) -> None:
        self.item: Moment | None = None
        self.animation: QVariantAnimation | None = None
        self.shown: list[str] = []  # every moment's words, newest last (what a player saw; tests read it)

    def show(self, scene: object, centre: QPointF, text: str, look: Look) -> Moment:
        from PySide6.QtWidgets import QGraphicsScene

        assert isinstance(scene, QGraphicsScene)
        self.clear()
        still = look.motion == "reduced" or look.animation_ms <= 0
        item = Moment(text, look, still, seed=len(self.shown))
        item.setPos(centre)
        scene.addItem(item)
        # The banner's own child, told through its bound method: no closure keeps the banner (or its scene) alive,
        # and the two go together.
        animation = QVariantAnimation(item)
        animation.setDuration(MOMENT_MS)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.valueChanged.connect(item.show_progress)
        animation.finished.connect(self.clear)
        self.item, self.animation = item, animation
        self.shown.append(text)
        del self.shown[:-10]
        animation.start()
        return item

    def clear(self) -> None:
        animation, item = self.animation, self.item
        self.animation = self.item = None
        if animation is not None:
            animation.stop()
        if item is not None:
            # Hidden now, deleted by Qt once control returns (its animation with it): deleted here, as Python
            # would once the banner left the scene, it went in the middle of its animation's `finished`.
            item.hide()
            item.deleteLater()
