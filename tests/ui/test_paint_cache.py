"""Painting the table cheaply: tile bodies come from shared pixmaps painted once per look and size, and a move
repaints only what it changed."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.look.looks import FINISHES, Look
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table import tile_item
from dominoes_desktop.ui.table.tile_item import TileItem

from .conftest import start


def art_cache_size() -> int:
    return len(tile_item._ART)


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    """Every painted body forgotten: earlier tests may have filled the cache to its limit."""
    tile_item._ART.clear()
    tile_item._SCALES.clear()
    tile_item._SHARPEN.clear()


def _image(item: TileItem, scale: float, by_hand: bool) -> QImage:
    image = QImage(220, 220, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#205030"))
    painter = QPainter(image)
    painter.translate(110, 110)
    painter.scale(scale, scale)
    if by_hand:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        item.paint_body(painter)
    else:
        item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    return image


def _difference(a: QImage, b: QImage) -> float:
    """Mean absolute difference per channel, 0 to 255."""
    total = 0
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            total += abs(p.red() - q.red()) + abs(p.green() - q.green()) + abs(p.blue() - q.blue())
    return total / (3 * (a.width() // 2) * (a.height() // 2))


def test_a_cached_tile_looks_as_one_painted_by_hand(qtbot: QtBot) -> None:
    for finish in ("ivory", "cherry", "marble", "two_tone"):
        look = replace(Look(), finish=FINISHES[finish])
        for vertical, face_up in ((False, True), (True, True), (True, False)):
            item = TileItem(Tile(6, 5), look, vertical=vertical, face_up=face_up)
            cached, by_hand = _image(item, 1.25, False), _image(item, 1.25, True)
            assert _difference(cached, by_hand) < 1.5, (finish, vertical, face_up)


def test_tiles_share_their_painted_bodies(qtbot: QtBot) -> None:
    look = replace(Look(), pips="numerals")
    first, second = TileItem(Tile(9, 3), look), TileItem(Tile(9, 3), look)
    before = art_cache_size()
    _image(first, 1.0, False)
    assert art_cache_size() == before + 1
    _image(second, 1.0, False)
    assert art_cache_size() == before + 1, "the same tile in the same look and size is painted once"
    _image(second, 1.02, False)  # within a cache step: the same pixmap, drawn a little larger
    assert art_cache_size() == before + 1
    first.set_first(3)  # turned end over end: another body
    _image(first, 1.0, False)
    assert art_cache_size() == before + 2


def test_at_a_new_scale_a_stretched_body_is_shown_then_painted_sharp(qtbot: QtBot) -> None:
    look = replace(Look(), pips="colored")
    item = TileItem(Tile(4, 2), look)
    _image(item, 1.0, False)
    before = art_cache_size()
    stretched = _image(item, 0.6, False)  # the camera drew back: the 1.0 body, smaller
    assert art_cache_size() == before and tile_item._SHARPEN
    assert _difference(stretched, _image(item, 0.6, True)) < 6
    tile_item._SHARPEN.clear()


def test_a_move_keeps_the_scene_rect_and_the_felt(qtbot: QtBot, window: MainWindow) -> None:
    """Tiles flying in from the plates no longer move the scene (a repaint of the whole view) at every move."""
    start(window, "jamaican", seed=3)
    scene = window.game.table.table
    rect = scene.sceneRect()
    felt_key = scene._felt_key
    brush = scene.felt.brush()
    for _ in range(4):
        window.controller.autoplay(1)
        assert scene.sceneRect() == rect
        assert scene._felt_key == felt_key and scene.felt.brush() == brush
    window.resize(1100, 760)
    qtbot.waitUntil(lambda: scene._felt_key != felt_key, timeout=2000)
    assert isinstance(scene.sceneRect(), QRectF)


def test_a_plate_repaints_only_when_its_words_change(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=3)
    plate = window.game.table.table.plates[1]
    updates: list[int] = []
    original = plate.update
    plate.update = lambda *args: updates.append(1) or original(*args)  # type: ignore[method-assign]
    plate.set_text(list(plate.lines), plate.to_play, plate.kept)
    assert updates == []
    plate.set_text([*plate.lines[:1], "changed"], plate.to_play, plate.kept)
    assert updates == [1]
    assert plate.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache  # words painted once, then blitted


def test_a_back_on_a_light_rail_is_marked_as_a_back(qtbot: QtBot) -> None:
    """High contrast's rail is white: a back drawn in it must not pass for a blank face."""
    from dominoes_desktop.ui.look.looks import themes

    look = replace(Look(), theme=themes()["high_contrast"], high_contrast=True)
    back = _image(TileItem(None, look, vertical=True, face_up=False), 1.5, True)
    inner = [back.pixelColor(x, y).lightness() for x in range(100, 120) for y in range(80, 140)]
    assert min(inner) < 80, "dark marks on the white back"
