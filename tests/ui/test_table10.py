"""Issue 34's last table items, driven on the real window as a player would."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import idle


def _body(item: object) -> QRectF:
    return item.mapRectToScene(item.body_rect())  # type: ignore[attr-defined, no-any-return]


def test_the_snake_turns_with_a_tile_laid_across_the_corner(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 34: the line's corners were drawn as staircases (the turning tile stood half a row below the row it
    ended, the next row half a row further). A turn is a domino table's: the corner tile's joined half lies level
    with the row it ends, and the next row starts under (or over) its far half, touching it."""
    window.resize(1024, 700)
    start(window, "jamaican", seed=5)
    window.controller.autoplay(10_000)
    idle(window)
    qtbot.waitUntil(lambda: not window.game.table.table.animating, timeout=5000)
    scene = window.game.table.table
    layout = scene.state.layout
    assert layout is not None
    corners = 0
    for arm in layout.arms:
        boxes = [_body(scene.table_items[tile]) for tile in arm.tiles]
        for before, corner, after in zip(boxes, boxes[1:], boxes[2:], strict=False):
            upright = corner.height() > corner.width() and before.width() > before.height()
            if not upright or abs(after.center().y() - before.center().y()) < corner.width():
                continue  # a crosswise double in its row, not a corner
            corners += 1
            unit = corner.width()
            halves = (corner.top() + unit / 2, corner.bottom() - unit / 2)
            level = min(abs(before.center().y() - half) for half in halves)
            assert level < 1, f"the corner tile's joined half is {level:.0f} px off its row (a staircase)"
            touching = min(abs(after.top() - corner.bottom()), abs(after.bottom() - corner.top()))
            assert touching < 1, f"the next row starts {touching:.0f} px from the corner tile"
            under = min(after.right(), corner.right()) - max(after.left(), corner.left())
            assert abs(under - unit) < 1, "the next row's first tile lies under the corner tile's far half"
    assert corners >= 2, "this hand's line turns at both ends"
