"""The table is a drawing of the match's state: reloaded, redrawn in another language, or fed synthetic
states and mouse events, the scene shows the same thing and reports what the person meant."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.layout import Layout
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import LayoutKind
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.store.autosave import Autosave
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.controller import MatchSetup, default_seats
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.drawn import passed_seats
from dominoes_desktop.ui.table.scene import SeatState, TableScene, TableState

from .driving import hand_over, idle, known_deal, make_window, play_turn_by_clicks, settle


def drawing(qtbot: QtBot, window: MainWindow) -> list[tuple[object, ...]]:
    idle(window)
    window.game.table.refresh()
    settle(qtbot, window)
    return window.game.table.table.describe()


def play_until_a_pass(qtbot: QtBot, window: MainWindow) -> None:
    for _ in range(40):
        hand = window.controller.hand
        assert hand is not None and not hand_over(window)
        if passed_seats(hand) and len(hand.history) >= 6:  # a pass mark stands on the table
            return
        play_turn_by_clicks(qtbot, window)
        idle(window)
    raise AssertionError("nobody passed")


def test_a_reloaded_match_draws_the_same_table(qtbot: QtBot, tmp_path: Path) -> None:
    first = make_window(qtbot, tmp_path)
    first.start_match(MatchSetup(build_rules("jamaican"), tuple(default_seats(4))), 3, known_deal(3))
    play_until_a_pass(qtbot, first)
    before = drawing(qtbot, first)
    first.store.wait_idle()
    assert any("passed" in " ".join(item[2]) for item in before if item[0] == "plate"), "a pass mark is drawn"
    assert any(item[0] == "table" and item[8] for item in before), "the newest tile is marked"
    first.close()

    second = make_window(qtbot, tmp_path)
    loaded = Autosave(tmp_path).load()
    assert loaded.saved is not None
    second.resume(loaded.saved)
    after = drawing(qtbot, second)
    assert len(after) == len(before)
    for was, now in zip(before, after, strict=True):
        assert was == now


def test_switching_language_mid_hand_redraws_the_same_table(qtbot: QtBot, window: MainWindow) -> None:
    window.start_match(MatchSetup(build_rules("jamaican"), tuple(default_seats(4))), 3, known_deal(3))
    play_until_a_pass(qtbot, window)
    before = drawing(qtbot, window)
    window.set_language("es")
    spanish = drawing(qtbot, window)
    assert [i for i in spanish if i[0] != "plate" and i[0] != "stock"] == [
        i for i in before if i[0] != "plate" and i[0] != "stock"
    ]
    assert any("pasó" in " ".join(item[2]) for item in spanish if item[0] == "plate")  # type: ignore[arg-type]
    window.set_language("en")
    assert drawing(qtbot, window) == before


def _seats(counts: list[int]) -> list[SeatState]:
    return [SeatState(f"P{i}", n) for i, n in enumerate(counts)]


def test_a_smaller_table_keeps_no_plate_of_a_seat_gone(qtbot: QtBot) -> None:
    scene = TableScene(Look())
    scene.sync(TableState(None, _seats([7, 7, 7, 7, 1]), 0), animate=False)
    assert sorted(scene.plates) == [0, 1, 2, 3, 4]
    scene.sync(TableState(None, _seats([7, 7, 7, 7]), 0), animate=False)
    assert sorted(scene.plates) == [0, 1, 2, 3] and all(item.scene() is scene for item in scene.plates.values())
    plates = [item for item in scene.items() if item in scene.plates.values()]
    assert len(plates) == 4


def test_the_seat_drawn_at_the_bottom_shows_no_backs_and_the_others_as_many_as_they_hold(qtbot: QtBot) -> None:
    scene = TableScene(Look())
    hands = [tuple(Tile(6, n) for n in range(k)) for k in (7, 6, 7, 7)]
    state = TableState(None, [SeatState(f"P{i}", len(h), h if i == 0 else ()) for i, h in enumerate(hands)], 0)
    scene.sync(state, animate=False)
    assert 1 in scene.back_items and len(scene.back_items[1]) == 6
    passed_on = TableState(None, [SeatState(f"P{i}", len(h), h if i == 1 else ()) for i, h in enumerate(hands)], 1)
    scene.sync(passed_on, animate=False)
    assert 1 not in scene.back_items, "the new bottom seat's backs are gone: its tiles are face up"
    assert {seat: len(items) for seat, items in scene.back_items.items()} == {0: 7, 2: 7, 3: 7}


def _release(scene: TableScene, start: QPointF, end: QPointF) -> None:
    for kind, point in (
        (QGraphicsSceneMouseEvent.Type.GraphicsSceneMousePress, start),
        (QGraphicsSceneMouseEvent.Type.GraphicsSceneMouseMove, end),
        (QGraphicsSceneMouseEvent.Type.GraphicsSceneMouseRelease, end),
    ):
        event = QGraphicsSceneMouseEvent(kind)
        event.setScenePos(point)
        event.setButton(Qt.MouseButton.LeftButton)
        event.setButtons(Qt.MouseButton.LeftButton)
        getattr(scene, {1: "mousePressEvent", 2: "mouseMoveEvent", 3: "mouseReleaseEvent"}[_kind_index(kind)])(event)


def _kind_index(kind: QGraphicsSceneMouseEvent.Type) -> int:
    return {
        QGraphicsSceneMouseEvent.Type.GraphicsSceneMousePress: 1,
        QGraphicsSceneMouseEvent.Type.GraphicsSceneMouseMove: 2,
        QGraphicsSceneMouseEvent.Type.GraphicsSceneMouseRelease: 3,
    }[kind]


def test_the_scene_reports_drops_as_meaning(qtbot: QtBot) -> None:
    scene = TableScene(Look())
    layout = Layout(LayoutKind.LINE)
    layout.place_pose(Tile(6, 6), 1)
    mine = (Tile(6, 4), Tile(3, 1), Tile(5, 2))
    scene.sync(TableState(layout, [SeatState("Me", 3, mine), *_seats([7, 7, 7])[1:]], 0), animate=False)
    order: list[list[Tile]] = []
    ends: list[tuple[Tile, int]] = []
    scene.rackReordered.connect(order.append)
    scene.tileDroppedOnEnd.connect(lambda tile, arm: ends.append((tile, arm)))
    last = scene.rack_items[Tile(5, 2)]
    first = scene.rack_items[Tile(6, 4)]
    _release(scene, last.scenePos(), first.scenePos() - QPointF(30, 0))
    assert order == [[Tile(5, 2), Tile(6, 4), Tile(3, 1)]]
    spot = scene.plan.ends[1]
    _release(scene, first.scenePos(), QPointF(spot.x, spot.y))
    assert ends == [(Tile(6, 4), spot.arm)]
