"""Issue 27: nothing covers a tile. Name plates, the stock plate, the hand-end sheet and the table's overlays never lie
on a tile of the line (nor plates on a seat's tiles), at every window size from 1024x700 to 2560x1440, for every
family of presets (partners, cutthroat, two-player draw, All Fives, the double-12 cross with five players), in a
hand under way and at the hand's end; the line uses the felt, and a hand shown at the end is drawn large."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.look.look_style import contrast
from dominoes_desktop.ui.look.looks import FINISHES, Look
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.scene import NamePlate
from dominoes_desktop.ui.table.tile_item import TileItem

from .conftest import start
from .driving import idle

SIZES = [(1024, 700), (1280, 800), (1920, 1080), (2560, 1440)]
FAMILIES = [  # preset, options, moves into the hand
    ("jamaican", {}, 14),
    ("cutthroat", {}, 10),
    ("classic_draw", {}, 10),
    ("all_fives", {}, 12),
    ("cross_12", {"players": 5}, 40),
]


def _tile_box(window: MainWindow, item: TileItem) -> QRectF:
    view = window.game.table
    return QRectF(view.mapFromScene(item.mapRectToScene(item.body_rect())).boundingRect())


def _plate_box(window: MainWindow, plate: NamePlate) -> QRectF:
    """A plate is drawn at its own size on screen (it ignores the camera): its box in viewport pixels."""
    view = window.game.table
    origin = QPointF(view.mapFromScene(plate.pos()))
    box = plate.boundingRect()
    k = plate.scale()
    return QRectF(origin + box.topLeft() * k, origin + box.bottomRight() * k)


def _widget_box(window: MainWindow, widget: QWidget) -> QRectF:
    viewport = window.game.table.viewport()
    top_left = viewport.mapFrom(widget.parentWidget(), widget.pos())
    return QRectF(top_left.x(), top_left.y(), widget.width(), widget.height())


def coverings(window: MainWindow) -> tuple[list[str], int]:
    """What lies on a tile (in viewport pixels, a pixel of slack), and how many pairs were checked."""
    game = window.game
    scene = game.table.table
    line = [(f"table {item.tile}", _tile_box(window, item)) for item in scene.table_items.values()]
    seats = [(f"rack {item.tile}", _tile_box(window, item)) for item in scene.rack_items.values()]
    seats += [(f"seat {s}", _tile_box(window, i)) for s, items in scene.back_items.items() for i in items]
    plates = [(f"plate {s}", _plate_box(window, p)) for s, p in scene.plates.items()]
    if scene.stock_plate.isVisible():
        plates.append(("stock", _plate_box(window, scene.stock_plate)))
    overlays = [
        (name, _widget_box(window, widget))
        for name, widget in (
            ("hand-end sheet", game.hand_end),
            ("leader choice", game.leader_choice),
            ("cut panel", game.cut_panel),
            ("redeal", game.redeal),
        )
        if widget.isVisible()
    ]
    problems, pairs = [], 0
    for cover, box in plates + overlays:
        for name, tile in line + (seats if cover.startswith(("plate", "stock")) else []):
            pairs += 1
            shrunk = tile.adjusted(1, 1, -1, -1)
            if box.intersects(shrunk):
                problems.append(f"{cover} on {name}")
    for i, (first, a) in enumerate(plates):  # and plates on each other
        for second, b in plates[i + 1 :]:
            pairs += 1
            if a.adjusted(1, 1, -1, -1).intersects(b):
                problems.append(f"{first} on {second}")
    return problems, pairs


def _resize(qtbot: QtBot, window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=3000)
    window.game.size_panel()
    qtbot.wait(20)
    window.game.table.fit()


@pytest.mark.parametrize(("preset", "options", "moves"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_no_plate_sheet_or_overlay_lies_on_a_tile(
    qtbot: QtBot, window: MainWindow, preset: str, options: dict[str, object], moves: int
) -> None:
    start(window, preset, seed=3, **options)
    checked, problems = 0, []
    for stage, count in (("full hand", 0), ("in play", moves), ("hand end", 10_000)):
        window.controller.autoplay(count)
        idle(window)
        for size in SIZES:
            _resize(qtbot, window, size)
            found, pairs = coverings(window)
            checked += pairs
            problems += [f"{stage} {size}: {p}" for p in found]
    assert window.game.hand_end.isVisible(), "the hand's end was reached"
    assert checked > 500
    print(f"\n{preset}: {len(problems)} coverings in {checked} pairs")
    assert problems == [], f"{len(problems)} coverings in {checked} pairs checked: {problems[:6]}"


def test_a_long_line_spans_most_of_the_felt_at_1280x800(qtbot: QtBot, window: MainWindow) -> None:
    _resize(qtbot, window, (1280, 800))
    start(window, "jamaican", seed=3)
    window.controller.autoplay(10_000)  # the whole hand: 18 tiles laid
    idle(window)
    scene = window.game.table.table
    assert len(scene.table_items) >= 14
    xs = [box for box in (item.sceneBoundingRect() for item in scene.table_items.values())]
    span = max(b.right() for b in xs) - min(b.left() for b in xs)
    felt = scene.felt.rect().width()
    assert span >= 0.5 * felt, (span, felt)
    # And the felt is most of the window, the hand-end sheet beside it (it was squeezed into the left half).
    view = window.game.table
    on_screen = view.mapFromScene(scene.felt.rect()).boundingRect().width()
    assert on_screen >= 0.5 * window.width(), (on_screen, window.width())


def test_hands_shown_at_the_hands_end_are_read_at_a_glance(qtbot: QtBot, window: MainWindow) -> None:
    _resize(qtbot, window, (1024, 700))
    start(window, "jamaican", seed=3)
    window.controller.autoplay(10_000)
    idle(window)
    scene = window.game.table.table
    shown = [item for items in scene.back_items.values() for item in items if item.face_up]
    assert shown, "the CPUs' tiles are turned face up"
    for item in shown:
        box = _tile_box(window, item)
        assert min(box.width(), box.height()) >= 22, "each half at least 22 px: its pips are read"


@pytest.mark.parametrize("finish_id", sorted(FINISHES))
def test_every_finish_reads_at_the_smallest_table(qtbot: QtBot, finish_id: str) -> None:
    """Issue 27: Onyx was hard to read at 1024x700 (a bright sheen under its white pips). Each pip of a 4-4 drawn
    at the camera's smallest natural scale stands out from the face beside it by at least 3:1 (WCAG's contrast
    ratio, sampled from the pixels)."""
    look = replace(Look(), finish=FINISHES[finish_id])
    item = TileItem(Tile(4, 4), look, vertical=True)
    scene = QGraphicsScene()
    scene.addItem(item)
    scale = 0.6  # the table's scale at 1024x700 with the side panel
    body = item.body_rect()
    image = QImage(int(body.width() * scale) + 4, int(body.height() * scale) + 4, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(2, 2, body.width() * scale, body.height() * scale), body)
    painter.end()
    worst = 99.0
    for half in (0, 1):  # each half a unit square: pips at the quarter points, the face empty at its middle
        top = body.top() + half * body.height() / 2
        size = body.width()
        inset = size * 0.08
        for fx, fy in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)):
            pip = QPointF(body.left() + inset + fx * (size - 2 * inset), top + inset + fy * (size - 2 * inset))
            face = QPointF(pip.x(), pip.y() + (1 if fy < 0.5 else -1) * size * 0.16)  # the face just beside it
            colours = [
                image.pixelColor(int((p.x() - body.left()) * scale) + 2, int((p.y() - body.top()) * scale) + 2)
                for p in (pip, face)
            ]
            worst = min(worst, contrast(colours[0].name(), colours[1].name()))
    print(f"\n{finish_id}: {worst:.2f}")
    assert worst >= 3.0, f"{finish_id}: {worst:.2f}"


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)], ids=["1024x700", "1920x1080"])
def test_plates_stay_put_from_play_to_the_hands_end_in_the_five_player_cross(
    qtbot: QtBot, window: MainWindow, size: tuple[int, int]
) -> None:
    """Issue 34: at 1024x700 in the five-player cross, a side seat's plate sat beside its column in play and
    jumped to the top corner at the hand's end (the top seat's plate had moved out of that corner). Each plate
    has a spot of its own there, whatever the rows' widths (the layout stays a function of the state alone):
    where it sits in the table's room (which the wider hand-end sheet narrows) moves by less than a tenth of
    the room."""
    _resize(qtbot, window, size)
    start(window, "cross_12", seed=3, players=5)
    window.controller.autoplay(14)
    idle(window)
    scene = window.game.table.table

    def where() -> dict[int, tuple[float, float]]:
        window.game.table.fit()
        room = scene.area
        return {
            seat: ((p.x() - room.left()) / room.width(), (p.y() - room.top()) / room.height())
            for seat, p in ((seat, plate.sceneBoundingRect().center()) for seat, plate in scene.plates.items())
        }

    in_play = where()
    window.controller.autoplay(10_000)
    idle(window)
    assert window.game.hand_end.isVisible()
    at_end = where()
    for seat, (x, y) in in_play.items():
        moved = max(abs(at_end[seat][0] - x), abs(at_end[seat][1] - y))
        assert moved < 0.1, f"seat {seat}'s plate moved {moved:.0%} of the room: {(x, y)} -> {at_end[seat]}"
