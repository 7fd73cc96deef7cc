"""Issue 34: the table's loose ends, driven as a player would (keys alone where a keyboard player would)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import ChooseLeader, CutDeck, PlayTurn
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig, default_seats
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import idle, known_deal, known_deals_from, my_turn, play_to_a_choice_of_tiles, play_turn_by_keys


def to_a_won_hand_end(window: MainWindow) -> None:
    """Hands played through by a stand-in for the person until their side has won one, the sheet showing. The
    deals after the first are random: a run of eleven lost hands happened (a fresh clone, session 20), so up to 40."""
    for _ in range(40):
        window.controller.autoplay(10_000)
        idle(window)
        result = window.controller.last_result
        if result is not None and result.winner_side == 0 and not window.controller.match_over:
            return
        window.game._next_hand()
        idle(window)
    raise AssertionError(
        f"the person's side never won a hand: {window.controller.pending!r} {window.controller.last_result!r}"
    )


def _focused() -> QPushButton:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QPushButton), f"the focus is on {widget!r}, not a choice"
    return widget


def test_the_leader_choice_is_reached_and_answered_by_keys_alone(qtbot: QtBot, window: MainWindow) -> None:
    """From a won hand's end: Enter on Next hand, the leader panel's first choice has the focus, Tab and the
    arrows move among its choices only, Enter chooses, and the first play is made by keys (twice over: the
    panel is built again each hand)."""
    start(window, "jamaican", seed=2, target=30)  # hands after the first are dealt at random: room to win some
    game = window.game
    for _round in range(2):
        to_a_won_hand_end(window)
        next_button = game.hand_end.next
        window.activateWindow()
        next_button.setFocus()
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        idle(window)
        assert isinstance(window.controller.pending, ChooseLeader)
        assert game.leader_choice.isVisible()
        choices = [b for b in game.leader_choice.findChildren(QPushButton) if b.isVisibleTo(game.leader_choice)]
        assert len(choices) == 3  # you, your partner, and you from now on (a setting)
        assert _focused() is choices[0] and choices[0].text() == "You lead"
        qtbot.keyClick(_focused(), Qt.Key.Key_Tab)
        assert _focused() is choices[1], "Tab goes to the partner's choice"
        qtbot.keyClick(_focused(), Qt.Key.Key_Tab)
        assert _focused() is choices[2], "then to leading from now on"
        qtbot.keyClick(_focused(), Qt.Key.Key_Tab)
        assert _focused() is choices[0], "and round within the panel, not into the rack"
        qtbot.keyClick(_focused(), Qt.Key.Key_Down)
        assert _focused() is choices[1]
        qtbot.keyClick(_focused(), Qt.Key.Key_Up)
        assert _focused() is choices[0]
        qtbot.keyClick(_focused(), Qt.Key.Key_Return)
        idle(window)
        hand = window.controller.hand
        assert hand is not None and hand.leader == 0 and not game.leader_choice.isVisible()
        assert game.table.hasFocus(), "the keys are back on the rack"
        assert my_turn(window)
        before = len(hand.history)
        play_turn_by_keys(qtbot, window)
        assert len(hand.history) > before, "the first play made by keys"


def test_a_new_match_starts_clean(qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match left at its leader question (its log, scores and plates showing), then another of a different
    preset: nothing of the first is on the page, before its deal is cut and after."""
    # Every deal known (a random Cuban deal once gave a CPU five doubles: its redeal came back to be cut, and
    # the test, expecting a question, failed): the Cuban deal here asks the person's side who leads.
    known_deals_from(monkeypatch, 16)
    start(window, "jamaican", seed=2, target=30)
    to_a_won_hand_end(window)
    game = window.game
    qtbot.mouseClick(game.hand_end.next, Qt.MouseButton.LeftButton)
    idle(window)
    assert game.leader_choice.isVisible() and game.log.count() > 0
    old_log = game.log.lines()
    old_plates = {seat: list(plate.lines) for seat, plate in game.table.table.plates.items()}
    window.quick_start(build_rules("cuban", {}), "medium", seed=11)  # its first deal sealed: it waits for the cut
    idle(window)
    assert not game.leader_choice.isVisible(), "the last match's question is gone"
    assert not game.hand_end.isVisible() and not game.claim_box.isVisible() and not game.redeal.isVisible()
    assert game.log.count() == 0, f"the last match's moves are gone: {game.log.lines()}"
    qtbot.wait(window.look.animation_ms + 50)  # a celebration the last match had due: not on this one
    assert game.moments.item is None and game.table.table.rising is None
    plates = {seat: list(plate.lines) for seat, plate in game.table.table.plates.items()}
    assert all(plates[seat] != old_plates[seat] for seat in old_plates), "no plate tells the last match's tiles"
    assert game.cut_panel.isVisible(), "the new deal waits for its cut"
    assert game.scores.body.text().count("<b>0</b>") == 2
    assert "First to 6 hands" not in game.scores.body.text()
    qtbot.keyClick(game.cut_panel.deck, Qt.Key.Key_Space)
    idle(window)
    rules = window.controller.rules
    assert rules is not None and rules.preset == "cuban"
    assert window.controller.hand is None and isinstance(window.controller.pending, ChooseLeader)
    assert game.leader_choice.isVisible(), "the person's side was drawn to lead: who leads is asked"
    qtbot.keyClick(_focused(), Qt.Key.Key_Return)
    idle(window)
    hand = window.controller.hand
    assert hand is not None and len(game.table.table.rack_items) == len(window.controller.rack(0)) == 10
    play_turn_by_keys(qtbot, window)
    idle(window)
    assert game.log.lines()[:1] == ["— Hand 1 —"] and len(game.log.lines()) == 1 + len(hand.history)
    assert game.log.lines()[1:] != old_log[1 : len(game.log.lines())]


def test_a_cpus_redeal_comes_back_to_be_cut_and_says_why(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cuban: a CPU dealt six doubles asks for a new deal; the person cut the first deck, and the new one comes
    back sealed, saying who asked for it; Space cuts it and the hand is dealt."""
    known_deals_from(monkeypatch, 16)  # the Cuban deal these give CPU 1 six of the ten doubles
    window.quick_start(build_rules("cuban", {}), "medium", seed=11)
    idle(window)
    game = window.game
    qtbot.keyClick(game.cut_panel.deck, Qt.Key.Key_Space)
    idle(window)
    pending = window.controller.pending
    assert isinstance(pending, CutDeck) and pending.redeal_by == 1, pending
    assert game.cut_panel.isVisible() and not game.leader_choice.isVisible() and not game.redeal.isVisible()
    assert game.cut_panel.title.text() == "CPU 1 asked for a new deal: cut the new deck"
    qtbot.keyClick(game.cut_panel.deck, Qt.Key.Key_Space)
    idle(window)
    assert not game.cut_panel.isVisible()
    assert window.controller.hand is not None or game.leader_choice.isVisible() or game.redeal.isVisible()


def test_the_turn_clock_shows_a_drawn_clock_not_a_missing_glyph(qtbot: QtBot, window: MainWindow) -> None:
    seats = tuple(default_seats(4))
    window.start_match(MatchSetup(build_rules("jamaican"), seats, timer_seconds=30), 3, known_deal(3))
    idle(window)
    clock = window.game.clock
    qtbot.waitUntil(lambda: my_turn(window) and bool(clock.text()), timeout=5000)
    metrics = QFontMetrics(clock.font())
    assert all(metrics.inFontUcs4(ord(c)) for c in clock.text()), f"a character the font lacks: {clock.text()!r}"
    image = clock.grab().toImage()
    icon = clock.contentsMargins().left()
    assert icon >= metrics.height(), "room for the clock before the words"
    background = image.pixelColor(1, 1)
    drawn = sum(image.pixelColor(x, y) != background for x in range(icon) for y in range(image.height()))
    assert drawn > 20, "the clock is drawn before the words"


def test_pass_and_play_people_are_passed_for_when_nothing_fits(qtbot: QtBot, window: MainWindow) -> None:
    """Two people at one screen, "Pass for me when nothing fits" on (the default): a person with nothing that
    fits is passed for, as one person alone is, and the curtain goes on to the next person."""
    assert window.controller.auto_pass
    seats = (SeatConfig("Ana", True), SeatConfig("CPU 1", False), SeatConfig("Ben", True), SeatConfig("CPU 3", False))
    window.start_match(MatchSetup(build_rules("jamaican"), seats), 3, known_deal(3))
    controller = window.controller
    for _ in range(400):
        idle(window)
        pending = controller.pending
        if isinstance(pending, PlayTurn) and controller.is_human(pending.seat):
            if all(m.kind is MoveKind.PASS for m in pending.moves):
                seat = pending.seat
                with qtbot.waitSignal(controller.autoPassed, timeout=3000) as passed:
                    pass
                assert passed.args == [seat]
                idle(window)
                hand = controller.shown_hand()
                assert hand is not None and any(t.seat == seat and t.move.kind is MoveKind.PASS for t in hand.history)
                actor = controller.human_turn()
                if window.game.curtain.isVisible():
                    assert window.game.curtain_seat == actor, "the curtain names the person to play now"
                return
            controller.play(pending.moves[0])
        elif isinstance(pending, ChooseLeader):
            controller.choose_leader(pending.seats[0])
        elif controller.hand is None or controller.hand.is_over:
            window.game._next_hand()
    raise AssertionError("no person was left with only a pass")


def test_after_ctrl_z_the_keys_stay_on_the_rack(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=8)
    game = window.game
    window.activateWindow()
    game.table.setFocus()
    for _ in range(3):
        play_turn_by_keys(qtbot, window)
        idle(window)
    hand = window.controller.hand
    assert hand is not None and my_turn(window)
    played = len(hand.history)
    qtbot.keyClick(game.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # says it makes practice
    assert game.undo_note.isVisible()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    idle(window)
    hand = window.controller.hand
    assert hand is not None and len(hand.history) < played and my_turn(window)
    assert QApplication.focusWidget() is game.table, f"the keys went to {QApplication.focusWidget()!r}"
    before = game.table.focus_index
    qtbot.keyClick(game.table, Qt.Key.Key_Right)
    assert game.table.focus_index == (before + 1) % len(game.table.table.items_for_rack()), "arrows move on tiles"
    assert "practice" not in game.turn.text().lower()
    status = window.statusBar().currentMessage()
    assert "Undo again" not in status and status == "Your move was taken back: this match is practice."


def test_a_hint_moves_the_keys_to_the_tile_it_names(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=8)
    game = window.game
    view = game.table
    play_to_a_choice_of_tiles(qtbot, window)
    with qtbot.waitSignal(window.controller.hintReady, timeout=10_000) as hinted:
        qtbot.keyClick(view, Qt.Key.Key_H)
    tile = hinted.args[0].move.tile
    rack = view.table.items_for_rack()
    assert rack[view.focus_index].tile == tile, "the focus is on the hinted tile"
    hand = window.controller.hand
    assert hand is not None
    played = len(hand.history)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    if view.choosing is not None:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert len(hand.history) > played and hand.history[played].move.tile == tile, "Enter plays it"


def test_the_hand_end_sheet_says_where_the_match_stands(qtbot: QtBot, window: MainWindow) -> None:
    """The side panel with the scores is under the hand-end sheet: the sheet says the match score itself."""
    start(window, "jamaican", seed=2, target=30)
    to_a_won_hand_end(window)
    result = window.controller.last_result
    assert result is not None and window.game.hand_end.isVisible()
    ours, theirs = result.scores
    text = window.game.hand_end.text.text().replace("\xa0", " ")  # (each side held together by no-break spaces)
    assert f"Match score: {ours} for you &amp; CPU 2, {theirs} for CPU 1 &amp; CPU 3." in text, text
