"""Your rack never runs under a plate: a draw game's long hand (the five-player cross's person drew up to 19 tiles and
"You · 19 tiles" and "Stock: 52" lay on the ends of the rack at 1024x700) shrinks, then lies in two rows, then
overlaps evenly, in play and at the hand's end, at every size from 1024x700; drawn from the state alone."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.scene import TableScene, TableState

from .conftest import start
from .driving import idle
from .test_nothing_covered import _resize, _tile_box, coverings

SIZES = [(1024, 700), (1280, 800)]


def _rack_problems(window: MainWindow, where: str) -> list[str]:
    found, _ = coverings(window)
    problems = [f"{where}: {p}" for p in found if " on rack " in p]
    for item in window.game.table.table.rack_items.values():
        box = _tile_box(window, item)
        if min(box.width(), box.height()) < 20:  # each half still read at a glance
            problems.append(f"{where}: rack {item.tile} drawn {box.width():.0f} px wide")
    return problems


def _with_rack(state: TableState, count: int) -> TableState:
    """`state` with the bottom seat holding `count` tiles of the double-12 set that are not on the table."""
    laid = {p.tile for p in state.layout.placements} if state.layout is not None else set()
    others = {t for i, s in enumerate(state.seats) if i != state.bottom for t in s.tiles}
    free = [Tile(a, b) for a in range(13) for b in range(a + 1) if Tile(a, b) not in laid | others]
    tiles = tuple(free[:count])
    seats = list(state.seats)
    mine = seats[state.bottom]
    seats[state.bottom] = replace(mine, tiles=tiles, count=count, most=max(count, mine.most))
    return replace(state, seats=seats, rack_order=list(tiles), legal=frozenset(tiles[::3]))


def test_the_play_testers_cross_rack_clears_the_plates(qtbot: QtBot, window: MainWindow) -> None:
    """The play-tester's game: five at the cross, seed 1; the person holds 19 tiles after 14 moves."""
    start(window, "cross_12", seed=1, players=5)
    window.controller.autoplay(14)
    idle(window)
    scene = window.game.table.table
    assert len(scene.rack_items) >= 17
    problems = []
    for stage in ("in play", "hand end"):
        if stage == "hand end":
            window.controller.autoplay(10_000)
            idle(window)
            assert window.game.hand_end.isVisible()
        for size in SIZES:
            _resize(qtbot, window, size)
            problems += _rack_problems(window, f"{stage} {size} {len(scene.rack_items)} tiles")
    assert problems == [], problems


@pytest.mark.parametrize("count", [19, 21, 24])
def test_a_long_rack_clears_every_plate(qtbot: QtBot, window: MainWindow, count: int) -> None:
    start(window, "cross_12", seed=1, players=5)
    window.controller.autoplay(6)
    idle(window)
    scene = window.game.table.table
    problems = []
    for stage in ("in play", "hand end"):
        if stage == "hand end":
            window.controller.autoplay(10_000)
            idle(window)
        for size in SIZES:
            _resize(qtbot, window, size)
            assert scene.state is not None
            state = _with_rack(scene.state, count)
            if stage == "in play":
                state = replace(state, stock=max(state.stock, 40))
            scene.sync(state, animate=False)
            qtbot.wait(10)
            assert len(scene.rack_items) == count
            problems += _rack_problems(window, f"{stage} {size} {count} tiles")
            # Drawn from the state alone: the same state laid out afresh is the same drawing.
            fresh = TableScene.of(state, scene.look, scene.area.size())
            fresh.set_area(scene.area.size(), scene.pixel, scene.words)
            fresh.sync(state, animate=False)
            assert [d for d in fresh.describe() if d[0] == "rack"] == [d for d in scene.describe() if d[0] == "rack"], (
                "the rack depends on the state alone"
            )
    assert problems == [], problems


def test_a_rack_of_up_to_24_fits_its_room() -> None:
    for count in range(1, 40):
        for room in (600.0, 800.0, 1200.0):
            scale, lines, pitch = TableScene.rack_fit(count, room)
            per_row = -(-count // lines)
            assert (per_row - 1) * pitch + 40.0 * scale <= room + 1e-6, (count, room)
            assert scale >= 0.85 - 1e-9
