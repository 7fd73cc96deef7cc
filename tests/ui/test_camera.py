"""The camera: steady while the line grows, tiles large, the line centred, zoom that keeps the seats in view."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from PySide6.QtCore import QAbstractAnimation, QRectF
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings
from dominoes_desktop.ui.table.tile_item import TileItem

from .conftest import start


def _px(window: MainWindow, item: TileItem) -> QRectF:
    view = window.game.table
    return QRectF(view.mapFromScene(item.mapRectToScene(item.body_rect())).boundingRect())


def _size(qtbot: QtBot, window: MainWindow, width: int, height: int) -> None:
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.width() == width and window.height() == height, timeout=3000)
    window.game.size_panel()
    window.game.table.fit()


def test_tiles_are_large_at_1280x800(qtbot: QtBot, window: MainWindow) -> None:
    _size(qtbot, window, 1280, 800)
    start(window, "jamaican", seed=3)
    window.controller.autoplay(6)
    view = window.game.table
    table_tile = next(iter(view.table.table_items.values()))
    rack_tile = next(iter(view.table.rack_items.values()))
    assert max(_px(window, table_tile).width(), _px(window, table_tile).height()) >= 64
    assert _px(window, rack_tile).height() >= 72


def test_the_camera_holds_still_while_the_line_grows(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=5)
    view = window.game.table
    scene = view.table
    scale, felt = view.camera_scale, scene.felt.rect()
    # A plate moves only when its words change width (" · passed", "1 tile"): tiles laid or drawn do not move it.
    plates = {seat: (plate.pos(), plate.boundingRect().width()) for seat, plate in scene.plates.items()}
    for _ in range(8):
        window.controller.autoplay(1)  # your move and the CPUs' answers
        hand = window.controller.hand
        if hand is None or hand.is_over:
            break
        assert scene.fit_ratio == 1.0
        assert view.camera_scale == scale
        assert scene.felt.rect() == felt
        now = {seat: (plate.pos(), plate.boundingRect().width()) for seat, plate in scene.plates.items()}
        assert now.keys() == plates.keys()
        for seat, (pos, width) in now.items():
            if width == plates[seat][1]:
                assert pos == plates[seat][0], f"seat {seat}'s plate moved"
        plates = now


def test_the_line_is_centred_on_the_felt(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=5)
    window.controller.autoplay(9)
    scene = window.game.table.table
    left, top, right, bottom = scene.plan.bounds(40.0 * scene.line_scale, ends=False)  # the tiles
    centre = scene.felt.rect().center()
    assert abs((left + right) / 2 - centre.x()) < 1
    assert abs((top + bottom) / 2 - centre.y()) < 1


def test_a_crowded_table_draws_back_smoothly_and_only_then(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "cross_12", seed=2)
    view = window.game.table
    natural = view.natural_scale()
    scales = []
    for _ in range(40):
        window.controller.autoplay(1)
        running = view._zooming.state() == QAbstractAnimation.State.Running
        scales.append(view._zooming.endValue() if running else view.camera_scale)
        hand = window.controller.hand
        if hand is None or hand.is_over:
            break
    assert all(b <= a + 1e-9 for a, b in pairwise(scales))  # only ever draws back in a hand
    assert scales[0] == natural
    assert view.table.fit_ratio == 1.0  # after drawing back, the whole layout fits


def test_zooming_in_keeps_every_seat_on_screen(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=5)
    window.controller.autoplay(6)
    view = window.game.table
    before = view.camera_scale
    view.zoom(1.15)
    view.zoom(1.15)
    assert view.camera_scale > before * 1.3
    visible = view.viewport().rect()
    for plate in view.table.plates.values():
        rect = plate.deviceTransform(view.viewportTransform()).mapRect(plate.boundingRect()).toRect()
        assert visible.contains(rect), (rect, visible)


def test_the_side_panel_narrows_on_small_windows(qtbot: QtBot, window: MainWindow) -> None:
    start(window)
    _size(qtbot, window, 1024, 700)
    qtbot.waitUntil(lambda: window.game.side.width() <= 230, timeout=3000)
    _size(qtbot, window, 1600, 1000)
    qtbot.waitUntil(lambda: window.game.side.width() >= 300, timeout=3000)
    window.game.show_panel(False)
    assert window.game.side.isHidden()


def test_window_geometry_and_panel_width_are_kept(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(open_settings(tmp_path / "cfg"))
    first = MainWindow(settings, pace_ms=0, threaded=False)
    qtbot.addWidget(first)
    first.resize(760, 560)  # within the offscreen test screen, which restoreGeometry keeps windows inside
    first.show()
    qtbot.waitExposed(first)
    first.game.panel_width = 280
    first.save_window()
    again = MainWindow(Settings(open_settings(tmp_path / "cfg")), pace_ms=0, threaded=False)
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (760, 560)
    assert again.game.panel_width == 280


def test_a_turned_line_leaves_even_space_on_both_sides(qtbot: QtBot, window: MainWindow) -> None:
    """The line is centred on its tiles (not on the invisible spot where the next tile would go), so a line that
    turned at one edge has as much felt to its left as to its right; its open ends stay on the felt."""
    _size(qtbot, window, 1280, 800)
    start(window, "jamaican", seed=7)
    scene = window.game.table.table
    checked = 0
    for _ in range(28):
        window.controller.autoplay(1)
        hand = window.controller.hand
        if hand is None or hand.is_over:
            break
        plan = scene.plan
        if not any(spot.vertical and not tile.is_double for tile, spot in plan.spots.items()):
            continue  # not turned yet
        inner = scene.felt.rect().adjusted(30, 30, -30, -30)
        left, _, right, _ = plan.bounds(40.0, ends=False)
        e_left, _, e_right, _ = plan.bounds(40.0)
        if e_right - e_left < inner.width() - 80:
            assert abs((left - inner.left()) - (inner.right() - right)) < 20, (left, right, inner)
        assert inner.left() - 1 <= e_left and e_right <= inner.right() + 1
        checked += 1
    assert checked, "the line turned at an edge"
