"""Motion: tiles slide from the rack or a plate to their place at the chosen speed; reduced motion puts them
there at once; the next CPU move waits for the last tile to land."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QAbstractAnimation
from PySide6.QtWidgets import QGraphicsSimpleTextItem
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.controller import SeatConfig
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import SPEEDS, Settings, open_settings
from dominoes_desktop.ui.table.scene import FLOAT_MS

from .conftest import start


def _newest_flight(window: MainWindow, move: Move) -> QAbstractAnimation | None:
    scene = window.game.table.table
    item = scene.table_items.get(move.tile) if move.tile is not None else None
    return scene._animations.get(item) if item is not None else None  # type: ignore[arg-type]


def test_a_cpu_tile_slides_from_its_plate_at_the_chosen_speed(qtbot: QtBot, window: MainWindow) -> None:
    window.apply_look(replace(window.look, motion="full", speed="slow"))
    start(window, "jamaican", seed=3)
    flights = []
    window.controller.movePlayed.connect(
        lambda seat, move: flights.append((seat, move)) if move.kind is MoveKind.PLAY else None
    )
    for _ in range(6):
        window.controller.autoplay(1)
        if flights and not window.controller.is_human(flights[-1][0]):
            break
    _seat, move = flights[-1]
    flight = _newest_flight(window, move)
    assert flight is not None and flight.state() == QAbstractAnimation.State.Running
    assert flight.duration() == Look(speed="slow").animation_ms
    qtbot.waitUntil(lambda: not window.game.table.table.animating, timeout=3000)
    spot = window.game.table.table.plan.spots[move.tile]  # type: ignore[index]
    item = window.game.table.table.table_items[move.tile]  # type: ignore[index]
    assert (item.pos().x(), item.pos().y()) == (spot.x, spot.y)


def test_reduced_motion_puts_tiles_in_place_at_once(qtbot: QtBot, window: MainWindow) -> None:
    window.apply_look(replace(window.look, motion="reduced"))
    start(window, "jamaican", seed=3)
    for _ in range(5):
        window.controller.autoplay(1)
        assert not window.game.table.table.animating


def test_the_next_cpu_move_waits_for_the_tile_to_land(qtbot: QtBot, tmp_path: Path) -> None:
    for speed in SPEEDS:
        look = Look(speed=speed)
        win = MainWindow(Settings(open_settings(tmp_path / speed)), threaded=False)
        win.apply_look(replace(win.look, speed=speed, motion="full"))
        assert win.controller.pace_ms > look.animation_ms
    win = MainWindow(Settings(open_settings(tmp_path / "watch")), threaded=False)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.apply_look(replace(win.look, speed="fast", motion="full"))
    in_flight: list[bool] = []
    win.controller.movePlayed.connect(lambda seat, move: in_flight.append(win.game.table.table.animating))
    rules = build_rules("jamaican")
    seats = [SeatConfig(f"CPU {i}", False, "easy") for i in range(4)]
    win.controller.new_match(rules, seats, 5)
    qtbot.waitUntil(lambda: len(in_flight) >= 6, timeout=20_000)
    win.controller._token += 1  # stop the watched match before the window goes
    assert not any(in_flight[1:]), "a CPU played while the last tile was still in the air"


def _float_labels(window: MainWindow) -> list[str]:
    """Score labels ("+10") anywhere in the scene, drawn or not yet removed."""
    scene = window.game.table.table
    return [
        item.text()
        for item in scene.items()
        if isinstance(item, QGraphicsSimpleTextItem) and item.text().startswith("+")
    ]


def test_scores_rise_one_at_a_time_and_are_gone_after_their_animation(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "all_fives", seed=4)
    scene = window.game.table.table
    tiles = list(scene.table_items) or [None]
    scene.float_text("+10", tiles[0])
    scene.float_text("+5", tiles[-1])
    scene.float_text("+15", None)
    assert _float_labels(window) == ["+15"], "a new score sends the one before away: they never pile up"
    rise = scene.rising
    assert rise is not None and rise.label.text() == "+15"
    start_y = rise.label.pos().y()
    qtbot.wait(FLOAT_MS // 2)
    if scene.rising is rise:  # rising while it lasts
        assert rise.label.pos().y() < start_y
    qtbot.waitUntil(lambda: scene.rising is None, timeout=FLOAT_MS + 2000)
    assert _float_labels(window) == []


def test_no_score_is_left_in_a_redrawn_scene(qtbot: QtBot, window: MainWindow) -> None:
    """Played quickly (as the screenshot mode does), the scores of the last moves are not frozen over the line
    when the table is drawn afresh."""
    start(window, "all_fives", seed=4)
    scored = []
    window.controller.pointsScored.connect(lambda _side, points: scored.append(points))
    for _ in range(30):
        window.controller.autoplay(1)
        qtbot.wait(1)
        if len(scored) >= 2:
            break
    assert scored and _float_labels(window), "a score rose from the table"
    window.game.table.fit()  # a resize, a new look, a screenshot
    assert _float_labels(window) == [] and window.game.table.table.rising is None
    assert not any(
        entry[0] == "label" and str(entry[1]).startswith("+") for entry in window.game.table.table.describe()
    )
