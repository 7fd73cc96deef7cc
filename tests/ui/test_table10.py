"""Issue 34's last table items, driven on the real window as a player would."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QFontInfo, QFontMetrics
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.analysis.coach import Grade
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store.autosave import Autosave
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.coach_panel import CoachDialog
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import idle, known_deal, make_window, play_turn_by_keys
from .test_coach_panel import near_tie_row


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


def test_draws_in_a_row_are_one_line_of_the_move_log(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 34, a reviewer's first complaint in the draw games: "You drew from the stock" eight times over
    buried the plays in the move log. A seat's draws in a row are one line whose count grows (said again as it
    grows), in both languages."""
    start(window, "cross_12", seed=3, players=5)
    view = window.game.table
    said: list[str] = []
    window.game.happened.connect(said.append)
    while window.controller.legal_moves()[0].kind is MoveKind.DRAW:
        qtbot.keyClick(view, Qt.Key.Key_D)
        idle(window)
    lines = window.game.log.lines()
    assert said[-3:] == [f"You drew {n} tiles from the stock" for n in (6, 7, 8)], said
    assert "You drew 8 tiles from the stock" in lines, lines
    assert not any(line == "You drew from the stock" for line in lines), lines
    assert sum("drew" in line for line in lines) == len({line for line in lines if "drew" in line}), lines
    LANGUAGE.install("es")
    window.game.show_history()
    spanish = window.game.log.lines()
    assert "Robaste 8 fichas del pozo" in spanish, spanish


def _pass_and_play_to_a_persons_turn(qtbot: QtBot, window: MainWindow, moves: int) -> tuple[int, bool]:
    """Ana, CPU 1, Beto and CPU 3 at one screen, played by keys (each person lifting the curtain with Return)
    until a person whose own moves numbered `moves` has a turn with a choice, their tiles shown: their seat,
    and whether Ctrl+Z was tried (and did nothing) while the curtain called a person after a move."""
    seats = (SeatConfig("Ana", True), SeatConfig("CPU 1", False), SeatConfig("Beto", True), SeatConfig("CPU 3", False))
    window.start_match(MatchSetup(build_rules("jamaican"), seats), 3, known_deal(3))
    idle(window)
    controller, page = window.controller, window.game
    view = page.table
    moved: dict[int, int] = {}
    checked_curtain = False
    for _ in range(60):
        idle(window)
        if page.curtain.isVisible():
            if moved:  # someone moved: Undo waits for the person called to the screen
                hand = controller.hand
                assert hand is not None
                history = len(hand.history)
                assert not page.undo_button.isEnabled()
                qtbot.keyClick(page.curtain_button, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
                assert controller.hand is not None and len(controller.hand.history) == history
                assert not controller.practice
                checked_curtain = True
            qtbot.keyClick(page.curtain_button, Qt.Key.Key_Return)
            continue
        actor = controller.human_turn()
        if actor is None or actor != view.bottom:
            continue
        if moved.get(actor, 0) >= moves and len(controller.legal_moves()) > 1:
            return actor, checked_curtain
        if controller.legal_moves()[0].kind is MoveKind.PLAY:
            moved[actor] = moved.get(actor, 0) + 1
        play_turn_by_keys(qtbot, window)
    raise AssertionError("no person came to a turn with a choice")


def test_pass_and_play_has_undo_and_hint_for_the_person_at_the_screen(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 34: pass-and-play had no Undo (and a hint's late answer could reach the next person). By keys alone:
    the person whose turn it is asks a hint (of their own tiles). Their last move is theirs to take back only
    until another person moves after it: at their turn, after the other person's move, Undo is off and Ctrl+Z
    takes nothing back (a reviewer saw Ana's undo erase Beto's move, and Ana play again knowing it). Right after
    their own move, while the CPUs answer it, Ctrl+Z (twice: the first says the match becomes practice) takes it
    back: the position goes back to their own turn, every other person's move kept, their own tiles the only
    ones face up. While the curtain calls the next person, Undo is off and Ctrl+Z does nothing."""
    actor, checked_curtain = _pass_and_play_to_a_persons_turn(qtbot, window, 1)
    assert checked_curtain
    controller, page = window.controller, window.game
    view = page.table
    hand = controller.hand
    assert hand is not None
    mine = set(hand.hands[actor])
    with qtbot.waitSignal(controller.hintReady, timeout=10_000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_H)
    assert blocker.args[0].move.tile in mine and view.hinted in mine
    last = max(i for i, turn in enumerate(hand.history) if turn.seat == actor)
    assert any(t.seat != actor and controller.is_human(t.seat) for t in hand.history[last + 1 :]), "Beto moved since"
    history = list(hand.history)
    assert page.undo_button.isVisible() and not page.undo_button.isEnabled()
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    idle(window)
    assert controller.hand is not None and controller.hand.history == history, "the other person's move erased"
    assert not controller.practice and page.undo_note.isHidden()
    # The person's own move: the CPUs answer it at the table's pace, the next person not called yet.
    controller.pace_ms = 60_000
    held = len(hand.hands[actor])
    play_turn_by_keys(qtbot, window)
    after = controller.hand
    assert after is not None and len(after.history) == len(history) + 1 and controller.human_turn() is None
    assert not page.curtain.isVisible() and page.undo_button.isEnabled()
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not controller.practice and page.undo_note.isVisible()
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    idle(window)
    assert controller.practice
    hand = controller.hand
    assert hand is not None and controller.human_turn() == actor == view.bottom
    assert hand.history == history, "back to the person's turn, every other person's move kept"
    assert len(hand.hands[actor]) == held
    assert not page.curtain.isVisible() and not view.curtain
    face_up = [seat for seat, state in enumerate(view.table.state.seats) if state.tiles]
    assert face_up == [actor], face_up


def test_a_late_hint_never_reaches_the_next_person(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34: a hint asked by one person and answered after the turn has passed to the other person (the
    first played on without waiting for it) is dropped: it would tell the next person what the last one held."""
    first, _ = _pass_and_play_to_a_persons_turn(qtbot, window, 0)
    controller, page = window.controller, window.game
    view = page.table
    late: list[Callable[[], None]] = []
    ask = controller.runner.ask

    def held_hint(token: int, seen: Any, player: Any, movetime: Any, done: Any, failed: Any) -> None:
        if player is None:  # the hint's one-off search: its answer held back until the next person's turn
            ask(token, seen, player, movetime, lambda t, d: late.append(lambda: done(t, d)), failed)
        else:
            ask(token, seen, player, movetime, done, failed)

    monkeypatch.setattr(controller.runner, "ask", held_hint)
    qtbot.keyClick(view, Qt.Key.Key_H)
    play_turn_by_keys(qtbot, window)  # without waiting for the hint
    for _ in range(20):
        idle(window)
        if page.curtain.isVisible():
            qtbot.keyClick(page.curtain_button, Qt.Key.Key_Return)
        elif controller.human_turn() not in (None, first):
            break
    else:
        raise AssertionError("the turn never came to the other person")
    assert controller.human_turn() == view.bottom != first and not view.curtain
    qtbot.waitUntil(lambda: bool(late), timeout=10_000)
    hints: list[object] = []
    controller.hintReady.connect(hints.append)
    late[0]()
    idle(window)
    assert hints == [] and view.hinted is None, "the first person's hint reached the next person"
    assert not page.turn.text().startswith("Hint"), page.turn.text()


@pytest.mark.parametrize("size", [(980, 500), (1470, 990)])
def test_the_coach_shows_the_costliest_rows_long_why_whole(qtbot: QtBot, size: tuple[int, int]) -> None:
    """Issue 34: the coach window cut the costliest (bold, selected) row's long "Why" short with an ellipsis,
    its height worked out in the plain font. Every row is as tall as its words need in its own font, at the
    window's width on a 1024x700 screen, and in a window half as large again, where the words are (its height
    was worked out in the bold words' 1024x700 size, and "could.…" ended the row at 1920x1080)."""
    table, seats, tie_row = near_tie_row()
    assert tie_row.fair is not None
    # Graded a slip, the row is the costliest decision (a Best row never carries the star): bold, long words.
    slip = replace(tie_row, fair=replace(tie_row.fair, judged=replace(tie_row.fair.judged, grade=Grade.LOOSE)))
    deal, hand = table.match.archive[-1]
    LANGUAGE.install("es")  # the longer words
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    dialog.resize(*size)
    dialog.show()
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=120_000)
    dialog.show_judged([slip])
    qtbot.wait(50)
    tree = dialog.tree
    item = tree.topLevelItem(0)
    assert item is not None and item.font(5).bold() and "★" in item.text(0)
    tree.setCurrentItem(item)
    width = tree.header().sectionSize(5) - 8
    drawn = item.font(5).resolve(tree.font())  # the row's boldness over the list's words, as the list draws it
    assert drawn.bold() and QFontInfo(drawn).pixelSize() == QFontInfo(tree.font()).pixelSize()
    needed = QFontMetrics(drawn).boundingRect(QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap, item.text(5))
    assert tree.visualItemRect(item).height() >= needed.height(), (tree.visualItemRect(item), needed)


def test_spanish_says_tantos_for_pips_and_puntos_for_the_score(qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 34: Spanish said "puntos" for the pips left in a hand as well as for the match's points ("20 puntos
    para CPU 1 y CPU 3" beside "CPU 2 · 5 puntos"). Pips are "tantos" everywhere (the hand-end sheet, the
    plates, the rules), points stay "puntos"."""
    LANGUAGE.install("es")
    window = make_window(qtbot, tmp_path)
    start(window, "puerto_rican", seed=5)
    window.controller.autoplay(10_000)
    idle(window)
    sheet = window.game.hand_end.text.text()
    assert re.search(r"\d+ tantos?\b", sheet), sheet
    assert all(m.group(0).endswith(" para") for m in re.finditer(r"\d+ puntos? para|\d+ puntos?\b", sheet)), sheet
    plates = [line for plate in window.game.table.table.plates.values() for line in plate.lines]
    assert any(re.search(r"\d+ tantos?\b", line) for line in plates), plates
    assert not any("punto" in line for line in plates), plates


def test_closing_at_the_hands_end_asks_nothing_and_does_not_hang(qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 34: a close at the hand's end waited on a "Quit?" box nobody answered (the screenshot scripts hung
    there; so would a session logging out). Between hands nothing is in play: the window closes at once, the
    match kept (the autosave holds the hand just scored); mid-hand it still asks."""
    shown: list[str] = []

    def refuse() -> None:  # a box left open would hang the close: answered Stay, and noted
        for box in QApplication.topLevelWidgets():
            if isinstance(box, QMessageBox) and box.isVisible():
                shown.append(box.text())
                box.reject()

    window = make_window(qtbot, tmp_path / "ended")
    window.ask_before_leaving = True
    try:
        start(window, "jamaican", seed=4)
        window.controller.autoplay(10_000)
        idle(window)
        assert window.game.hand_end.isVisible() and window.match_in_progress()
        match = window.controller.match
        assert match is not None and match.hand is None and len(match.results) == 1
        QTimer.singleShot(200, refuse)
        window.close()
        assert not shown and not window.isVisible()
    finally:
        window.ask_before_leaving = False
    kept = Autosave(tmp_path / "ended").load().saved
    assert kept is not None, "the match was not kept"
    assert kept.match.hand is None and kept.match.results == match.results and kept.match.scores == match.scores

    window = make_window(qtbot, tmp_path / "mid_hand")
    window.ask_before_leaving = True
    try:
        start(window, "jamaican", seed=4)
        assert window.controller.hand is not None and not window.controller.hand.is_over
        QTimer.singleShot(200, refuse)
        window.close()
        assert len(shown) == 1 and "not over" in shown[0], shown
        assert window.isVisible(), "Stay keeps the window open"
    finally:
        window.ask_before_leaving = False
