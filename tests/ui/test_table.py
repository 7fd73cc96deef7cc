"""The table driven like a player: clicks, drags and keys on the real view."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt, QTimer
from PySide6.QtGui import QImage, QKeyEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import full_set
from dominoes_desktop.ui.play.controller import default_seats
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings

from .conftest import start
from .driving import click_item, hand_over, idle, my_turn, play_turn_by_clicks, play_turn_by_keys


def test_one_click_starts_the_default_match(qtbot: QtBot, window: MainWindow) -> None:
    assert window.stack.currentWidget() is window.lobby
    assert window.lobby.current_preset() == "jamaican"
    qtbot.mouseClick(window.lobby.start, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is window.game
    rules = window.controller.rules
    assert rules is not None and rules.preset == "jamaican"
    assert [s.human for s in window.controller.seats] == [True, False, False, False]
    assert {s.level for s in window.controller.seats[1:]} == {"medium"}


@pytest.mark.parametrize("preset", ["jamaican", "draw", "all_fives", "cross"])
def test_a_whole_hand_played_by_clicking(qtbot: QtBot, window: MainWindow, preset: str) -> None:
    start(window, preset, seed=5)
    with qtbot.waitSignal(window.controller.handEnded, timeout=20_000):
        for _ in range(200):
            idle(window)
            if hand_over(window):
                break
            assert my_turn(window) or window.controller.waiting is not None
            play_turn_by_clicks(qtbot, window)
    assert window.game.hand_end.isVisible()
    assert "pips" in window.game.hand_end.text.text()


def test_a_whole_hand_by_keyboard_only(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=8)
    with qtbot.waitSignal(window.controller.handEnded, timeout=20_000):
        for _ in range(200):
            if hand_over(window):
                break
            play_turn_by_keys(qtbot, window)
    next_button = window.game.hand_end.next
    assert next_button.isVisible() and next_button.hasFocus()
    qtbot.keyClick(next_button, Qt.Key.Key_Return)
    if window.game.leader_choice.isVisible():  # our side won: we say which of us leads, by keyboard too
        focused = QApplication.focusWidget()
        assert focused is not None and focused.parent() is window.game.leader_choice
        qtbot.keyClick(focused, Qt.Key.Key_Return)
    assert window.controller.hand is not None and not window.controller.hand.is_over


def test_a_held_return_does_not_go_through_the_hand_end_sheet(qtbot: QtBot, window: MainWindow) -> None:
    """Auto-repeated Return (a key held since the last play) clicks nothing on the sheet; a fresh press does."""
    start(window, "jamaican", seed=8)
    with qtbot.waitSignal(window.controller.handEnded, timeout=20_000):
        for _ in range(200):
            if hand_over(window):
                break
            play_turn_by_keys(qtbot, window)
    next_button = window.game.hand_end.next
    assert next_button.isVisible() and next_button.hasFocus()
    before = window.controller.hand
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.KeyPress):
            held = QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, "", True)
            QApplication.sendEvent(next_button, held)
    qtbot.wait(50)
    assert window.game.hand_end.isVisible(), "a held key went on to the next hand"
    assert window.controller.hand is before and not window.game.leader_choice.isVisible()
    qtbot.keyClick(next_button, Qt.Key.Key_Return)
    if window.game.leader_choice.isVisible():
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, Qt.Key.Key_Return)
    assert window.controller.hand is not None and not window.controller.hand.is_over


def _find_two_end_choice(window: MainWindow) -> object:
    """Play seeds until the person holds a tile that fits two different ends."""
    for seed in range(1, 400):
        start(window, "jamaican", seed=seed)
        for _ in range(40):
            if hand_over(window) or not my_turn(window):
                break
            view = window.game.table
            for item in view.table.items_for_rack():
                if item.tile is not None and len(view.moves_for(item.tile)) == 2:
                    return item
            window.controller.play(window.controller.legal_moves()[0])
    raise AssertionError("no position with a choice of ends")


def test_choosing_an_end(qtbot: QtBot, window: MainWindow) -> None:
    item = _find_two_end_choice(window)
    view = window.game.table
    tile = item.tile  # type: ignore[attr-defined]
    moves = view.moves_for(tile)
    click_item(qtbot, window, item)
    assert len(view.table.markers) == 2, "markers appear on both ends"
    assert window.controller.hand is not None and tile in window.controller.hand.hands[0], "nothing played yet"
    played = []
    window.controller.movePlayed.connect(lambda seat, move: played.append((seat, move)))
    click_item(qtbot, window, view.table.markers[1])
    assert played[0] == (0, moves[1])


def test_dragging_a_tile_to_an_end(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=2)
    view = window.game.table
    for _ in range(60):
        legal = [i for i in view.table.items_for_rack() if i.legal and len(view.moves_for(i.tile)) == 1]
        if legal and window.controller.hand and not window.controller.hand.layout.empty:
            break
        play_turn_by_clicks(qtbot, window)
    item = legal[0]
    tile = item.tile
    move = view.moves_for(tile)[0]
    spot = view._end_spot(move)
    viewport = view.viewport()
    start_point = view.mapFromScene(item.sceneBoundingRect().center())
    end_point = view.mapFromScene(spot.x, spot.y)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start_point)
    for k in range(1, 6):
        point = start_point + (end_point - start_point) * k / 5
        qtbot.mouseMove(viewport, QPoint(int(point.x()), int(point.y())))
    played: list[tuple[int, Move]] = []
    window.controller.movePlayed.connect(lambda seat, move: played.append((seat, move)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end_point)
    assert (view.bottom, move) in played, "the tile dropped on its end is played there"


def test_an_illegal_click_is_refused_and_says_why(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=1)
    view = window.game.table
    for _ in range(60):
        illegal = [i for i in view.table.items_for_rack() if not i.legal]
        hand = window.controller.hand
        placed = hand is not None and not hand.layout.empty
        if illegal and placed and my_turn(window) and window.controller.legal_moves()[0].kind is MoveKind.PLAY:
            break
        play_turn_by_clicks(qtbot, window)
    hand = window.controller.hand
    assert hand is not None
    before = list(hand.hands[0])
    with qtbot.waitSignal(view.status) as blocker:
        click_item(qtbot, window, illegal[0])
    assert "does not fit" in blocker.args[0]
    assert hand.hands[0] == before
    assert "does not fit" in window.statusBar().currentMessage()


def screenshot(tmp_path: Path, name: str, *flags: str) -> QImage:
    """Run the real command in its own process and load the PNG it wrote."""
    shot = tmp_path / f"{name}.png"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "dominoes_desktop",
            "--screenshot",
            str(shot),
            "--config",
            str(tmp_path / "cfg"),
            *flags,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return QImage(str(shot))


def test_the_screenshot_command_writes_the_table(tmp_path: Path) -> None:
    image = screenshot(tmp_path, "table", "--moves", "6", "--seed", "4", "--size", "1024x700")
    assert (image.width(), image.height()) == (1024, 700)
    colours = {image.pixel(x, y) for x in range(0, 1024, 16) for y in range(0, 700, 16)}
    assert len(colours) > 40, "the screenshot is not blank"


@pytest.mark.parametrize("screen", ["lobby", "rules", "hand-end", "settings", "stats"])
def test_every_screenshot_screen(tmp_path: Path, screen: str) -> None:
    assert screenshot(tmp_path, screen, "--screen", screen).width() > 100


def test_version_flag() -> None:
    run = subprocess.run([sys.executable, "-m", "dominoes_desktop", "--version"], capture_output=True, text=True)
    assert run.returncode == 0 and "Dominoes Desktop" in run.stdout


def test_the_event_loop_runs_while_hard_cpus_think(qtbot: QtBot, settings: Settings) -> None:
    win = MainWindow(settings, pace_ms=0, threaded=True)
    qtbot.addWidget(win)
    win.show()
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(5)
    rules = build_rules("jamaican")
    seats = default_seats(4, "hard")
    seats[0] = seats[0].__class__("CPU 0", False, "hard")  # all CPUs: they play on while we watch
    win.controller.new_match(rules, seats, 3)
    qtbot.waitUntil(lambda: win.controller.last_result is not None, timeout=60_000)
    timer.stop()
    win.controller.runner.wait(10_000)
    assert len(gaps) > 50
    # A CPU thinking on the UI thread would stall it at every one of its ~20 decisions (a hard decision takes
    # ~150 ms); a busy machine may add a few long frames of its own, so count them rather than time the worst.
    long_frames = sum(gap > 0.12 for gap in gaps)
    assert long_frames < 6, f"the UI stalled {long_frames} times for over 120 ms"
    assert max(gaps) < 1.0, f"the UI stalled for {max(gaps) * 1000:.0f} ms"


def test_monkey_clicks_and_keys_leave_the_game_consistent(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=13)
    rng = random.Random(7)
    view = window.game.table
    viewport = view.viewport()
    keys = [
        Qt.Key.Key_Left,
        Qt.Key.Key_Right,
        Qt.Key.Key_Tab,
        Qt.Key.Key_Return,
        Qt.Key.Key_P,
        Qt.Key.Key_D,
        Qt.Key.Key_Escape,
        Qt.Key.Key_Up,
        Qt.Key.Key_Down,
        Qt.Key.Key_Space,
    ]
    for i in range(1000):
        if window.game.hand_end.isVisible():
            if window.controller.match is not None and window.controller.match.is_over:
                start(window, "jamaican", seed=rng.randrange(1000))
            else:
                qtbot.mouseClick(window.game.hand_end.next, Qt.MouseButton.LeftButton)
        if window.controller.leader_choice_pending if hasattr(window.controller, "leader_choice_pending") else False:
            pass
        if window.game.leader_choice.isVisible():
            buttons = window.game.leader_choice.findChildren(type(window.game.hand_end.next))
            qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
        if rng.random() < 0.5:
            point = QPoint(rng.randrange(viewport.width()), rng.randrange(viewport.height()))
            qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point)
        else:
            qtbot.keyClick(view, rng.choice(keys))
        if i % 50 == 0:
            QApplication.processEvents()
        hand = window.controller.hand
        if hand is not None:
            rules = hand.rules
            places = [t for h in hand.hands for t in h] + hand.stock + hand.layout.tiles_on_table()
            assert len(places) == len(set(places))
            assert set(places) <= set(full_set(rules.set_top, rules.removed_tiles))
    assert window.controller.match is not None
