"""Resume in the real window, hand review, replaying a deal, and statistics written at match end."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import ClaimWindow
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store.autosave import Autosave
from dominoes_desktop.ui.play.controller import MatchSetup, default_seats
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.main_window import MainWindow

from .driving import cut_the_deck, hand_over, idle, known_deal, known_deals_from, make_window, play_turn_by_clicks
from .test_pass_and_play import _play_until


def test_a_match_resumes_at_the_exact_move(qtbot: QtBot, tmp_path: Path) -> None:
    first = make_window(qtbot, tmp_path)
    setup = MatchSetup(build_rules("puerto_rican"), tuple(default_seats(4)), timer_seconds=30, tracker=True)
    first.start_match(setup, seed=12)
    cut_the_deck(qtbot, first)
    for _ in range(3):
        play_turn_by_clicks(qtbot, first)
    idle(first)
    first.store.wait_idle()
    hand = first.controller.hand
    assert hand is not None
    history, scores, tiles = list(hand.history), list(first.controller.match.scores), list(hand.hands[0])  # type: ignore[union-attr]
    first.close()

    second = make_window(qtbot, tmp_path)
    loaded = Autosave(tmp_path).load()
    assert loaded.saved is not None
    second.resume(loaded.saved)
    again = second.controller.hand
    assert again is not None and again.history == history and again.hands[0] == tiles
    assert second.controller.match.scores == scores  # type: ignore[union-attr]
    assert second.game.setup is not None and second.game.setup.timer_seconds == 30 and second.game.setup.tracker
    assert second.game.log.count() == len(history) + 1, "the move log comes back too"
    play_turn_by_clicks(qtbot, second)  # and play goes on


def _finish_a_hand(qtbot: QtBot, window: MainWindow) -> None:
    for _ in range(200):
        if hand_over(window):
            return
        play_turn_by_clicks(qtbot, window)


def test_hand_review_steps_through_a_finished_hand(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    window.quick_start(build_rules("jamaican"), seed=4)
    cut_the_deck(qtbot, window)
    _finish_a_hand(qtbot, window)
    match = window.controller.match
    assert match is not None and match.results
    dialog = ReviewDialog(match, window.controller.seats, window.look, window)
    qtbot.addWidget(dialog)
    total = len(match.archive[-1][1].history)
    assert dialog.step == total and not dialog.forward.isEnabled()
    qtbot.mouseClick(dialog.first, Qt.MouseButton.LeftButton)
    assert dialog.step == 0 and dialog.scene_.plan.spots == {}
    faces = [len(seat.tiles) for seat in dialog.scene_.state.seats]  # type: ignore[union-attr]
    assert faces == [7, 7, 7, 7], "every hand is shown face up"
    qtbot.mouseClick(dialog.forward, Qt.MouseButton.LeftButton)
    assert dialog.step == 1 and len(dialog.scene_.plan.spots) == 1 and "Move 1 of" in dialog.caption.text()
    deal = match.archive[-1][0]
    with qtbot.waitSignal(dialog.replayDeal) as blocker:
        qtbot.mouseClick(dialog.again, Qt.MouseButton.LeftButton)
    again = blocker.args[0]
    assert again.proof == match.proofs[0], "the deal's proof: its seed and cut deal the same tiles"
    assert again.deal == deal and again.leader == match.archive[-1][1].leader, "dealt and led as it was"
    window.replay_deal(blocker.args[0])
    idle(window)
    assert window.controller.match is not None and window.controller.match.archive == []
    hand = window.controller.hand
    assert hand is not None
    assert window.controller.match.deal is not None and window.controller.match.deal.hands == deal.hands


def test_playing_a_deal_again_asks_before_dropping_the_match(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From hand review mid-match, "Play this deal again" threw the match under way away without a word."""
    window = make_window(qtbot, tmp_path)
    window.quick_start(build_rules("jamaican"), seed=4, first_deal=known_deal(4))
    _finish_a_hand(qtbot, window)
    match = window.controller.match
    assert match is not None and not match.is_over
    asked: list[str] = []

    def answer(title: str, text: str, leave: str, stay: str) -> bool:
        asked.append(title)
        return False  # "Keep this match"

    monkeypatch.setattr(window, "confirm", answer)
    window.replay_deal(match.archive[-1][0].seed)
    assert asked and window.controller.match is match
    monkeypatch.setattr(window, "confirm", lambda *_args: True)
    window.replay_deal(match.archive[-1][0].seed)
    assert window.controller.match is not match


def test_statistics_are_written_when_a_match_ends(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    window.start_match(
        MatchSetup(build_rules("jamaican", {"single_round": True}), tuple(default_seats(4)), stats_group="Friday"),
        seed=7,
    )
    cut_the_deck(qtbot, window)
    for _ in range(5):
        _finish_a_hand(qtbot, window)
        if window.controller.match is not None and window.controller.match.is_over:
            break
        qtbot.mouseClick(window.game.hand_end.next, Qt.MouseButton.LeftButton)
        idle(window)
        if window.game.leader_choice.isVisible():
            window.controller.choose_leader(window.controller.match.plan.seats[0])  # type: ignore[union-attr]
    assert window.controller.match is not None and window.controller.match.is_over
    assert window.stats is not None
    rows = window.stats.table("Friday")
    assert {r.player for r in rows} == {"You", "CPU (medium)"}
    assert sum(r.values["matches"] for r in rows if r.player == "You") == 1
    assert Autosave(tmp_path).load().saved is None, "a finished match is not offered for resuming"
    dialog = StatsDialog(window.store, "Friday", window)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 2
    you = dialog.snapshot.luck.of("You") if dialog.snapshot else None
    assert you is not None and len(you.hands) == len(window.controller.match.results), "every hand's deal is kept"
    out = tmp_path / "stats.csv"
    dialog.export_csv(out)
    assert out.read_text().startswith("group,player,preset")


def test_a_resumed_hand_logs_a_claim_with_the_points_it_took(qtbot: QtBot, tmp_path: Path) -> None:
    """The move log is the hand's record: after a resume, a claim shows its real points, not "claimed 0"."""
    first = make_window(qtbot, tmp_path)
    solo = tuple(default_seats(4))
    for seed in range(1, 40):
        first.start_match(MatchSetup(build_rules("all_fives"), solo), seed, known_deal(seed))
        idle(first)
        _play_until(qtbot, first, lambda: first.controller.waiting is not None)
        if isinstance(first.controller.waiting, ClaimWindow) and first.controller.waiting.seat == 0:
            break
    else:
        raise AssertionError("no points of the person's to claim")
    offer = first.controller.waiting
    assert isinstance(offer, ClaimWindow) and offer.points > 0
    line = f"You claimed {offer.points}"
    qtbot.mouseClick(first.game.claim_button, Qt.MouseButton.LeftButton)
    assert line in first.game.log.lines()
    idle(first)
    first.store.wait_idle()
    logged = first.game.log.lines()
    first.close()

    second = make_window(qtbot, tmp_path)
    loaded = Autosave(tmp_path).load()
    assert loaded.saved is not None
    second.resume(loaded.saved)
    assert line in second.game.log.lines(), "the claim's points come from the record"
    assert second.game.log.lines() == logged, "the log is the same as before the resume"
    assert not any(text.endswith("claimed 0") for text in second.game.log.lines())


def test_the_resume_question_names_each_side_with_its_score(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "(hand 2, score 1 to 0)" did not say whose 1 it was: each side is named with its score, as the hand
    review's list names them."""
    from PySide6.QtWidgets import QMessageBox

    # Known deals, cut as always: a fresh cut ends about one Jamaican hand in 60 level, leaving no score to name.
    known_deals_from(monkeypatch, 4)
    first = make_window(qtbot, tmp_path)
    first.quick_start(build_rules("jamaican"), seed=4)
    cut_the_deck(qtbot, first)
    _finish_a_hand(qtbot, first)
    idle(first)
    first.store.wait_idle()
    assert first.controller.match is not None and first.controller.match.proofs[0].cuts == (b"test cut",)
    scores = list(first.controller.match.scores)
    assert sum(scores) > 0
    first.close()

    asked: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "question", lambda _parent, _title, text: asked.append(text) or QMessageBox.StandardButton.No
    )
    second = make_window(qtbot, tmp_path)
    second._autosave_loaded(Autosave(tmp_path).load())
    assert len(asked) == 1
    assert f"(hand 2; match score: {scores[0]} for you & CPU 2, {scores[1]} for CPU 1 & CPU 3)" in asked[0], asked[0]
