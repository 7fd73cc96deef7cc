"""Pass-and-play at one screen, the people's decisions, and the helpers at the table."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu import Decision
from dominoes_desktop.engine.cpu.players import HardPlayer
from dominoes_desktop.engine.decisions import ClaimWindow, DealAgain, MugginsWindow
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import full_set
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.scene import TableState

from .driving import hand_over, idle, known_deal, my_turn, play_turn_by_clicks, settle, settle_decisions

SOLO = (SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("CPU 2", False), SeatConfig("CPU 3", False))
TWO_PEOPLE = (SeatConfig("Ana", True), SeatConfig("CPU 1", False), SeatConfig("Beto", True), SeatConfig("CPU 3", False))


def begin(
    window: MainWindow,
    preset: str = "jamaican",
    seats: tuple[SeatConfig, ...] = TWO_PEOPLE,
    seed: int = 3,
    **setup: Any,
) -> None:
    """A match whose first deal is known from `seed`; returns when the table waits for a person."""
    window.start_match(MatchSetup(build_rules(preset), seats, **setup), seed, known_deal(seed))
    idle(window)


def test_no_person_sees_another_persons_tiles(qtbot: QtBot, window: MainWindow) -> None:
    controller = window.controller
    page = window.game
    scene = page.table.table
    violations: list[str] = []
    drawn = 0
    original = scene.sync

    def checked_sync(state: TableState, animate: bool = True) -> None:
        nonlocal drawn
        drawn += 1
        actor = controller.human_turn()
        hand = controller.hand
        if hand is not None and not hand.is_over:
            for seat, seat_state in enumerate(state.seats):
                if seat_state.tiles and controller.is_human(seat) and seat != actor:
                    violations.append(f"{seat_state.name}'s tiles face up while {actor} is to play")
        original(state, animate)

    scene.sync = checked_sync  # type: ignore[method-assign]
    begin(window)
    curtains = 0
    for _ in range(300):
        if hand_over(window):
            break
        if page.curtain.isVisible():
            curtains += 1
            qtbot.mouseClick(page.curtain_button, Qt.MouseButton.LeftButton)
            continue
        play_turn_by_clicks(qtbot, window)
    assert hand_over(window)
    assert curtains >= 2, "each person was handed the screen"
    assert drawn > 10 and violations == []
    result = controller.last_result
    assert result is not None
    assert page.hand_end.isVisible(), "all hands are shown when the hand is over"


def test_with_one_person_there_is_no_curtain(qtbot: QtBot, window: MainWindow) -> None:
    begin(
        window,
        seats=SOLO,
    )
    for _ in range(200):
        if hand_over(window):
            break
        assert not window.game.curtain.isVisible()
        play_turn_by_clicks(qtbot, window)
    assert hand_over(window)


def test_timer_expiry_plays_the_chosen_action(qtbot: QtBot, window: MainWindow) -> None:
    begin(
        window,
        seats=SOLO,
        timer_seconds=1,
        on_timeout="first",
    )
    qtbot.waitUntil(lambda: my_turn(window), timeout=5000)
    expected = window.controller.legal_moves()[0]
    assert window.game.clock.text().endswith(" left")
    with qtbot.waitSignal(window.controller.timedOut, timeout=5000) as blocker:
        pass
    seat, move, action = blocker.args
    assert (seat, move, action) == (0, expected, "first")
    log = window.game.log
    assert any("Your time ran out: " in log.item(i).text() for i in range(log.count())), "the log says why"


def test_timer_best_move_is_thought_in_the_cpu_pool_and_played(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The best move for a person whose time ran out is the hard CPU's, thought in the pool's worker process:
    a hard CPU deciding in the window's process fails the test."""

    def not_here(self: HardPlayer, view: PlayerView) -> Decision:
        raise AssertionError("a CPU thought in the window's process")

    monkeypatch.setattr(HardPlayer, "decide", not_here)
    begin(window, seats=SOLO, timer_seconds=1, on_timeout="best", seed=4)
    qtbot.waitUntil(lambda: my_turn(window), timeout=5000)
    legal = tuple(window.controller.legal_moves())
    assert len([m for m in legal if m.kind is MoveKind.PLAY]) > 1, "the person has a choice to make (seed 4)"
    hand = window.controller.hand
    assert hand is not None
    turn = len(hand.history)
    with qtbot.waitSignal(window.controller.timedOut, timeout=10000) as blocker:
        pass
    seat, move, action = blocker.args
    assert (seat, action) == (0, "best") and move in legal
    assert hand.history[turn].seat == 0 and hand.history[turn].move == move, "and it was played"


def _play_until(qtbot: QtBot, window: MainWindow, condition: Any) -> None:
    for _ in range(400):
        if condition() or hand_over(window):
            return
        settle(qtbot, window)
        if window.controller.waiting is not None:
            return
        play_turn_by_clicks(qtbot, window)


def test_claiming_points_with_the_claim_button(qtbot: QtBot, window: MainWindow) -> None:
    solo = SOLO
    for seed in range(1, 40):
        begin(window, "all_fives", seats=solo, seed=seed)
        _play_until(qtbot, window, lambda: window.controller.waiting is not None)
        waiting = window.controller.waiting
        if isinstance(waiting, ClaimWindow):
            break
    else:
        raise AssertionError("no scoring play for the person")
    hand = window.controller.hand
    assert hand is not None and hand.pending is not None
    points = hand.pending.points
    assert window.game.claim_box.isVisible() and str(points) in window.game.claim_button.text()
    assert window.controller.human_turn() is None, "play waits for the claim"
    before = list(hand.end_points)
    qtbot.mouseClick(window.game.claim_button, Qt.MouseButton.LeftButton)
    assert hand.end_points[0] == before[0] + points


def test_points_left_unclaimed_go_to_a_cpu_muggins(qtbot: QtBot, window: MainWindow) -> None:
    solo = SOLO
    for seed in range(1, 40):
        begin(window, "all_fives", seats=solo, seed=seed)
        _play_until(qtbot, window, lambda: window.controller.waiting is not None)
        if isinstance(window.controller.waiting, ClaimWindow):
            break
    calls: list[tuple[int, Any]] = []
    window.controller.movePlayed.connect(lambda seat, move: calls.append((seat, move)))
    qtbot.mouseClick(window.game.play_on_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(calls), timeout=10_000)  # the CPU decides in its worker process
    assert calls[0][1].kind is MoveKind.MUGGINS and calls[0][0] != 0


def test_a_person_calls_muggins_on_a_forgetful_cpu(qtbot: QtBot, window: MainWindow) -> None:
    duel = (SeatConfig("You", True), SeatConfig("CPU 1", False, "easy"))
    for seed in range(1, 60):
        window.start_match(MatchSetup(build_rules("all_fives", {"players": 2}), duel), seed, known_deal(seed))
        _play_until(qtbot, window, lambda: window.controller.waiting is not None)
        if isinstance(window.controller.waiting, MugginsWindow):
            break
        settle_decisions(qtbot, window)
    else:
        raise AssertionError("no missed points")
    hand = window.controller.hand
    assert hand is not None and hand.pending is not None
    points = hand.pending.points
    before = hand.end_points[0]
    first = window.game.muggins_buttons.itemAt(0)
    assert first is not None and first.widget() is not None
    qtbot.mouseClick(first.widget(), Qt.MouseButton.LeftButton)
    assert hand.end_points[0] == before + points


def test_the_hint_suggests_a_legal_move(qtbot: QtBot, window: MainWindow) -> None:
    begin(
        window,
        seats=SOLO,
        seed=5,
    )
    _play_until(qtbot, window, lambda: my_turn(window) and len(window.controller.legal_moves()) > 1)
    legal = window.controller.legal_moves()
    with qtbot.waitSignal(window.controller.hintReady, timeout=10_000) as blocker:
        qtbot.mouseClick(window.game.hint_button, Qt.MouseButton.LeftButton)
    decision = blocker.args[0]
    assert decision.move in legal and decision.why
    assert window.game.table.hinted == decision.move.tile
    hinted = [item for item in window.game.table.table.rack_items.values() if item.hinted]
    assert [item.tile for item in hinted] == [decision.move.tile]


def test_the_tracker_counts_what_the_seat_cannot_see(qtbot: QtBot, window: MainWindow) -> None:
    begin(
        window,
        seats=SOLO,
        seed=9,
        tracker=True,
    )
    for _ in range(4):
        play_turn_by_clicks(qtbot, window)
    hand = window.controller.hand
    assert hand is not None
    seen = set(hand.hands[0]) | set(hand.layout.tiles_on_table())
    unseen = [t for t in full_set(6) if t not in seen]
    text = window.game.tracker.text()
    for number in range(7):
        count = sum(1 for t in unseen if t.has(number))
        assert f"<b>{number}</b>:{count}/7" in text
    for turn in hand.history:
        if turn.move.kind is MoveKind.PASS and turn.seat != 0:
            assert f"{window.controller.seats[turn.seat].name} has no" in text


def test_open_hands_show_every_rack(qtbot: QtBot, window: MainWindow) -> None:
    begin(
        window,
        seats=SOLO,
        open_hands=True,
    )
    state = window.game.table.state()
    assert all(seat.tiles for seat in state.seats)


def test_rack_tiles_can_be_reordered_and_flipped(qtbot: QtBot, window: MainWindow) -> None:
    begin(
        window,
        seats=SOLO,
        seed=2,
    )
    view = window.game.table
    settle(qtbot, window)
    rack = view.table.items_for_rack()
    last = rack[-1]
    tile = last.tile
    start = view.mapFromScene(last.sceneBoundingRect().center())
    first_place = view.mapFromScene(rack[0].sceneBoundingRect().center())
    target = QPoint(first_place.x() - 30, first_place.y())
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for k in range(1, 6):
        qtbot.mouseMove(viewport, start + (target - start) * k / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)
    settle(qtbot, window)
    assert view.table.items_for_rack()[0].tile == tile
    item = view.table.rack_items[tile]  # type: ignore[index]
    first = item.first
    qtbot.mouseClick(viewport, Qt.MouseButton.RightButton, pos=view.mapFromScene(item.sceneBoundingRect().center()))
    assert item.first != first or tile.is_double  # type: ignore[union-attr]
    plain = next(i for i in view.table.items_for_rack() if i.tile is not None and not i.tile.is_double)
    before = plain.first
    qtbot.mouseClick(viewport, Qt.MouseButton.RightButton, pos=view.mapFromScene(plain.sceneBoundingRect().center()))
    assert plain.first != before, "a right click turns the tile end over end"


def test_a_person_dealt_five_doubles_is_offered_the_cuban_redeal(qtbot: QtBot, window: MainWindow) -> None:
    from dominoes_desktop.engine.match import Match

    rules = build_rules("cuban")

    def offered(seed: int) -> bool:
        match = Match(rules, seed)
        match.apply(None, DealAgain(known_deal(seed)))
        return 0 in match.redeal_seats()

    seed = next(s for s in range(20_000) if offered(s))
    deals: list[int] = []
    window.controller.handStarted.connect(lambda index: deals.append(index))
    window.start_match(MatchSetup(rules, SOLO), seed, known_deal(seed))
    page = window.game
    assert page.redeal.isVisible() and window.controller.hand is None, "play waits for the person's answer"
    dealt = window.controller.match.deal  # type: ignore[union-attr]
    qtbot.mouseClick(page.redeal_yes, Qt.MouseButton.LeftButton)
    assert not page.redeal.isVisible()
    assert page.cut_panel.isVisible(), "the new deal is sealed and waits for the cut"
    qtbot.keyClick(page.cut_panel.deck, Qt.Key.Key_Space)
    match = window.controller.match
    assert match is not None and match.deal is not None and dealt is not None
    assert match.deal.hands != dealt.hands and match.proofs[0].seed != known_deal(seed).seed, "dealt again"
    assert match.redeal_seats() == (), "a redeal is granted once a hand"
    if window.game.leader_choice.isVisible():
        window.controller.choose_leader(window.controller.pending.seats[0])  # type: ignore[union-attr]
    # The side that chooses is drawn from the new deal's seed: when it is the CPUs', they answer from the pool.
    qtbot.waitUntil(lambda: window.controller.hand is not None, timeout=20_000)
    assert deals == [0]
