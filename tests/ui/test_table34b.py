"""Issue 34's rough items at the table, driven on the real window as a player would."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import ChooseLeader
from dominoes_desktop.engine.fairness import verify
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.record import record_from_json
from dominoes_desktop.engine.scoring import losers_counts
from dominoes_desktop.store.skill import QueuedHand
from dominoes_desktop.ui.learn.rules_page import rules_sections
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig, default_seats
from dominoes_desktop.ui.play.panels import side_name
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import idle, known_deal, make_window
from .test_table34 import to_a_won_hand_end


def test_play_this_deal_again_replays_the_hand_as_it_was_led(qtbot: QtBot, window: MainWindow) -> None:
    """A later hand (its leader chosen by the side that won the last, any tile first) played again from hand
    review: the same tiles, the same leader, no first-hand pose, and its seal still verifies; the first hand
    played again keeps the first-hand rule (the double six posed by its holder)."""
    start(window, "jamaican", seed=2)
    to_a_won_hand_end(window)
    game = window.game
    qtbot.keyClick(game.hand_end.next, Qt.Key.Key_Return)
    idle(window)
    assert isinstance(window.controller.pending, ChooseLeader)
    partner = [b for b in game.leader_choice.findChildren(QPushButton) if b.isVisibleTo(game.leader_choice)][1]
    qtbot.keyClick(partner, Qt.Key.Key_Return)  # the partner leads: not who the first-hand rule would pick
    idle(window)
    window.controller.autoplay(10_000)
    idle(window)
    match = window.controller.match
    assert match is not None and len(match.results) >= 2
    index = len(match.results) - 1
    played = match.archive[index][1]
    assert played.leader == 2 and played.forced_pose is None
    for hand_index, leader, pose in (
        (index, 2, None),
        (0, match.archive[0][1].leader, match.archive[0][1].forced_pose),
    ):
        dialog = ReviewDialog(match, window.controller.seats, window.look, window)
        qtbot.addWidget(dialog)
        dialog.hands.setCurrentIndex(hand_index)
        dealt = match.archive[hand_index][0]
        with qtbot.waitSignal(dialog.replayDeal) as replay:
            qtbot.mouseClick(dialog.again, Qt.MouseButton.LeftButton)
        window.replay_deal(replay.args[0])
        idle(window)
        again = window.controller.match
        hand = window.controller.hand
        assert again is not None and again is not match and hand is not None and again.deal is not None
        assert again.deal.hands == dealt.hands, "the same tiles"
        assert hand.leader == leader and hand.forced_pose == pose, "the same leader and opening"
        assert not game.leader_choice.isVisible() and not game.cut_panel.isVisible()
        assert again.chosen_deals == {0}
        assert verify(again.rules, again.proofs[0], again.deal).ok, "its seal still verifies"
        window.controller.autoplay(10_000)  # played through, it is an ordinary hand
        idle(window)
        assert again.results and again.archive[0][1].leader == leader
        QApplication.processEvents()


@pytest.mark.parametrize("preset_id", ["room", "cutthroat", "all_fives"])
def test_rules_for_everyone_for_themselves_speak_of_players_not_sides(qtbot: QtBot, preset_id: str) -> None:
    rules = build_rules(preset_id, {"partners": False} if preset_id == "all_fives" else {})
    assert not rules.partners
    text = " ".join(body for _title, body in rules_sections(rules))
    for sides in ("the side with the fewest", "The side with the fewest", "first side", "for their side"):
        assert sides not in text, (sides, text)
    assert "The player with the fewest pips wins" in text


def test_a_target_of_one_is_said_in_the_singular_in_both_languages(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=2, target=1)
    assert "First to 1 hand<" in window.game.scores.body.text() or "First to 1 hand" in window.game.scores.body.text()
    assert "1 hands" not in window.game.scores.body.text()
    rules = window.controller.rules
    assert rules is not None
    assert "reach 1 hand wins" in " ".join(body for _t, body in rules_sections(rules))
    window.set_language("es")
    idle(window)
    text = window.game.scores.body.text()
    assert "a 1 mano" in text and "1 manos" not in text, text
    assert "llegue a 1 mano." in " ".join(body for _t, body in rules_sections(rules))


def test_the_all_fives_hand_end_says_each_losers_pips_are_rounded_to_five(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "all_fives", seed=4)
    for _ in range(6):
        window.controller.autoplay(10_000)
        idle(window)
        result = window.controller.last_result
        if result is not None and result.winner_seat is not None:
            break
        window.game._next_hand()
        idle(window)
    result = window.controller.last_result
    rules = window.controller.rules
    assert result is not None and result.winner_seat is not None and rules is not None
    text = unescape(window.game.hand_end.text.text()).replace("\xa0", " ")  # (each side's figures held together)
    assert "Each loser's pips are rounded to the nearest 5:" in text, text
    counts = losers_counts(rules, result.end, result.winner_seat, result.pips)
    assert counts and all(points % 5 == 0 and abs(points - pips) <= 2 for _side, pips, points in counts)
    for side, pips, points in counts:  # (each count before its side, as the scores are said)
        assert f"{pips} → {points} for {side_name(rules, window.controller.seats, side, True)}" in text


def test_the_line_uses_a_large_felt_and_shrinks_only_as_it_grows(qtbot: QtBot, window: MainWindow) -> None:
    """At 1920x1080 the first tiles of the line are drawn larger than at the natural size, as large as the felt
    has room for; as the line grows they step down, never up, and every tile of the line is on the felt."""
    window.resize(1920, 1080)
    start(window, "jamaican", seed=5)
    view = window.game.table
    scene = view.table
    idle(window)
    sizes = []
    for _ in range(40):
        hand = window.controller.hand
        if hand is None or hand.is_over:
            break
        window.controller.autoplay(1)
        idle(window)
        view.fit()
        if window.controller.hand is None or window.controller.hand.is_over:
            break
        sizes.append(scene.line_scale)
        felt = scene.felt.rect()
        for item in scene.table_items.values():
            assert abs(item.scale() - scene.line_scale) < 1e-6 or scene.animating
            assert felt.contains(item.sceneBoundingRect()), "the line stays on the felt"
    assert sizes and sizes[0] > 1.2, f"a short line on a large felt is drawn large: {sizes}"
    assert sizes == sorted(sizes, reverse=True), f"the line only ever steps down: {sizes}"
    shown = next(iter(scene.table_items.values()))
    assert shown.sceneBoundingRect().height() * view.camera_scale >= 40 * 1.0, "larger on screen than before"


def test_pass_and_play_names_each_person_the_same_on_the_curtain_plate_and_turn_line(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Two people left with the lobby's "You": the curtain says "Pass to Player 3", and so do that seat's plate
    and the turn line (not "You"), through turns taken by clicks on the curtain's button."""
    seats = (SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("You", True), SeatConfig("CPU 3", False))
    window.start_match(MatchSetup(build_rules("jamaican"), seats), 3, known_deal(3))
    idle(window)
    game = window.game
    seen = set()
    for _ in range(12):
        idle(window)
        if window.controller.hand is None or window.controller.hand.is_over:
            break
        if game.curtain.isVisible():
            seat = game.curtain_seat
            name = f"Player {seat + 1}"
            assert f"Pass to {name}" in game.curtain_text.text()
            assert game.table.table.plates[seat].lines[0].startswith(name), game.table.table.plates[seat].lines
            assert all("You" not in plate.lines[0] for plate in game.table.table.plates.values())
            qtbot.mouseClick(game.curtain_button, Qt.MouseButton.LeftButton)
            assert game.turn.text().startswith(name), game.turn.text()
            seen.add(seat)
        if window.controller.human_turn() is not None and not game.curtain.isVisible():
            window.controller.autoplay(1)
    assert seen == {0, 2}, seen


def test_a_hand_of_a_five_player_cross_is_queued_for_the_judge_with_its_five_players(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Playing each game through: every hand of a five-player cross failed in the skill judge ("action 2: the
    seat is not one"), its record queued without the lobby's options, so read back as a four-player cross."""
    window = make_window(qtbot, tmp_path)
    queued: list[QueuedHand] = []
    monkeypatch.setattr(window.store, "queue_hand", queued.append)
    rules = build_rules("cross_12", {"players": 5})
    seats = tuple(default_seats(5))
    window.start_match(MatchSetup(rules, seats, options={"players": 5}), 3, known_deal(3))
    idle(window)
    window.controller.autoplay(10_000)
    idle(window)
    assert queued, "the person's hand was queued for the judge"
    record = record_from_json(json.loads(queued[0].record))
    assert record.rules.players == 5 and record.rules == rules
    judge = Match.from_record(record)  # the judge's first step: the hand as it was played, read back
    assert len(judge.results) == 1
