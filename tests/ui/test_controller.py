"""The controller without a window: scripted seats, signal spies, and the match deciding the order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import CutDeck, PlayTurn
from dominoes_desktop.engine.moves import Move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.play.controller import GameController, SeatConfig
from dominoes_desktop.ui.shell.i18n import LANGUAGE

from .driving import POOL, idle, known_deal

SOLO = [SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("CPU 2", False), SeatConfig("CPU 3", False)]


class Spy:
    """Every signal the controller sends, in order."""

    def __init__(self, controller: GameController) -> None:
        self.seen: list[tuple[str, tuple[Any, ...]]] = []
        for name in (
            "handStarted",
            "turnStarted",
            "movePlayed",
            "handEnded",
            "error",
            "historyRewritten",
            "claimOffered",
            "leaderChoiceNeeded",
        ):
            getattr(controller, name).connect(lambda *args, name=name: self.seen.append((name, args)))

    def named(self, name: str) -> list[tuple[Any, ...]]:
        return [args for seen, args in self.seen if seen == name]


@pytest.fixture
def controller(qtbot: QtBot) -> Iterator[GameController]:
    controller = GameController(pace_ms=0, pool=POOL)
    yield controller
    controller.runner.wait(5000)
    LANGUAGE.install("en")


def cpus_answered(qtbot: QtBot, controller: GameController) -> None:
    """Wait for the CPUs (thinking in the pool) to play up to a person's decision."""
    qtbot.waitUntil(lambda: controller.thinking is None, timeout=20_000)


def first_person_turn(qtbot: QtBot, controller: GameController, seed: int = 1, preset: str = "jamaican") -> Spy:
    spy = Spy(controller)
    controller.new_match(build_rules(preset), SOLO, seed, known_deal(seed))
    cpus_answered(qtbot, controller)
    assert controller.human_turn() == 0, "the CPUs before the person played"
    return spy


def test_cpus_play_until_the_person_must_decide(qtbot: QtBot, controller: GameController) -> None:
    spy = first_person_turn(qtbot, controller)
    assert spy.named("handStarted") == [(0,)]
    pending = controller.pending
    assert isinstance(pending, PlayTurn) and pending.seat == 0
    assert spy.named("turnStarted")[-1] == (0, list(pending.moves))
    cpu_moves = [args for args in spy.named("movePlayed") if args[0] != 0]
    assert len(cpu_moves) == len(controller.hand.history)  # type: ignore[union-attr]


def test_a_person_move_is_applied_and_the_cpus_answer(qtbot: QtBot, controller: GameController) -> None:
    spy = first_person_turn(qtbot, controller)
    move = controller.legal_moves()[0]
    before = len(spy.named("movePlayed"))
    history = len(controller.hand.history)  # type: ignore[union-attr]
    assert controller.play(move)
    cpus_answered(qtbot, controller)
    played = spy.named("movePlayed")[before:]
    assert played[0] == (0, move)
    assert [seat for seat, _ in played] == [s % 4 for s in range(len(played))], "then each CPU in turn"
    hand = controller.hand
    assert hand is not None and [(t.seat, t.move) for t in hand.history[history:]] == played


def test_an_illegal_move_is_refused_in_the_players_language(qtbot: QtBot, controller: GameController) -> None:
    spy = first_person_turn(qtbot, controller)
    hand = controller.hand
    assert hand is not None
    foreign = next(t for t in hand.hands[1])
    LANGUAGE.install("es")
    assert not controller.play(Move.play(foreign))
    assert spy.named("error")[-1] == (f"No tienes la ficha {foreign}.",)
    LANGUAGE.install("en")
    assert not controller.play(Move.play(foreign))
    assert spy.named("error")[-1] == (f"You do not hold {foreign}.",)


def test_undo_takes_back_the_persons_move_and_the_cpus_after_it(qtbot: QtBot, controller: GameController) -> None:
    spy = first_person_turn(qtbot, controller, seed=4)
    hand = controller.hand
    assert hand is not None
    length = len(hand.history)
    rack = list(hand.hands[0])
    pending = controller.pending
    assert controller.play(controller.legal_moves()[0])
    cpus_answered(qtbot, controller)
    assert controller.can_undo()
    assert controller.undo()
    again = controller.hand
    assert again is not None and len(again.history) == length and again.hands[0] == rack
    assert controller.pending == pending and controller.human_turn() == 0
    assert spy.named("historyRewritten") == [()]
    assert controller.match is not None and controller.match.practice, "a match with Undo is practice"


def test_undo_with_two_people_takes_back_only_the_move_of_the_person_at_the_screen(
    qtbot: QtBot, controller: GameController
) -> None:
    """Pass-and-play (issue 34): Undo is the person's at the screen, who takes back their own move only, back to
    their own turn; the next person, with no move of their own yet, has nothing to take back. Once another person
    has moved after it, a move stands: an undo would erase the other person's move (a reviewer saw Ana's undo
    take back Ben's answer too, and Ana could play again knowing it)."""
    seats = [SeatConfig("Ana", True), SeatConfig("CPU 1", False), SeatConfig("Ben", True), SeatConfig("CPU 3", False)]
    controller.new_match(build_rules("jamaican"), seats, 2, known_deal(2))
    qtbot.waitUntil(lambda: controller.human_turn() is not None, timeout=20_000)
    person = controller.human_turn()
    assert person is not None
    controller.play(controller.legal_moves()[0])
    qtbot.waitUntil(lambda: controller.human_turn() not in (None, person), timeout=20_000)
    other = controller.human_turn()
    assert other is not None
    assert not controller.can_undo() and not controller.undo()  # the other person has no move to take back
    assert controller.undo_seat() != person
    controller.play(controller.legal_moves()[0])
    qtbot.waitUntil(lambda: controller.human_turn() == person, timeout=20_000)
    hand = controller.hand
    assert hand is not None and any(turn.seat == other for turn in hand.history)
    history = list(hand.history)
    assert not controller.can_undo() and not controller.undo(), "the other person's move would be erased"
    after = controller.hand
    assert after is not None and after.history == history and not controller.practice
    # From the person's own move to the next person's turn (the CPUs' answers paced), Undo is theirs.
    controller.pace_ms = 60_000
    controller.play(controller.legal_moves()[0])
    assert controller.human_turn() is None and controller.undo_seat() == person
    assert controller.can_undo() and controller.undo()
    again = controller.hand
    assert again is not None and again.history == history, "back to the person's turn, the other's move kept"
    assert controller.human_turn() == person and controller.practice


def test_a_cpu_answer_for_a_position_taken_back_is_dropped(qtbot: QtBot, controller: GameController) -> None:
    first_person_turn(qtbot, controller, seed=4)
    hand = controller.hand
    assert hand is not None
    length = len(hand.history)
    assert controller.play(controller.legal_moves()[0])
    assert controller.thinking == 1, "CPU 1 thinks in the pool"
    assert controller.undo()  # before its answer comes
    assert controller.runner.wait(10_000)
    qtbot.wait(50)  # the answer, queued to this thread, is run (and dropped)
    again = controller.hand
    assert again is not None and len(again.history) == length and controller.human_turn() == 0


def test_a_cpu_answer_for_a_match_that_is_gone_is_dropped(qtbot: QtBot, controller: GameController) -> None:
    first_person_turn(qtbot, controller)
    assert controller.play(controller.legal_moves()[0])
    assert controller.thinking == 1
    old = controller.match
    assert old is not None
    played = len(old.hand.history)  # type: ignore[union-attr]
    controller.new_match(build_rules("jamaican"), SOLO, 9, known_deal(9))
    cpus_answered(qtbot, controller)
    assert controller.runner.wait(10_000)
    qtbot.wait(50)
    assert old.hand is not None and len(old.hand.history) == played, "the old match got no answer"


def test_a_new_match_waits_for_the_persons_cut(qtbot: QtBot, controller: GameController) -> None:
    spy = Spy(controller)
    controller.new_match(build_rules("jamaican"), SOLO, 3)
    sealed = controller.sealed_deal()
    assert isinstance(controller.pending, CutDeck) and sealed is not None
    assert controller.pending.fingerprint == sealed.fingerprint and controller.hand is None
    assert spy.named("handStarted") == []
    assert controller.cut_deck("click", 10, 20)
    cpus_answered(qtbot, controller)
    match = controller.match
    assert match is not None and match.hand is not None and spy.named("handStarted") == [(0,)]
    proof = match.proofs[0]
    assert proof.fingerprint == sealed.fingerprint and proof.cut_taken, "dealt from the sealed deal, cut"


def test_a_table_of_cpus_is_cut_by_the_clock(qtbot: QtBot, controller: GameController) -> None:
    cpus = [SeatConfig(f"CPU {i}", False) for i in range(4)]
    controller.new_match(build_rules("jamaican"), cpus, 3)
    match = controller.match
    assert match is not None and match.hand is not None and match.proofs[0].cut_taken
    qtbot.waitUntil(lambda: len(match.hand.history) >= 4 if match.hand else True, timeout=20_000)


def test_a_deal_played_again_deals_the_same_tiles(qtbot: QtBot, controller: GameController) -> None:
    controller.new_match(build_rules("jamaican"), SOLO, 3, known_deal(7))
    first = controller.match
    assert first is not None and first.deal is not None
    controller.new_match(build_rules("jamaican"), SOLO, 8, known_deal(7))
    again = controller.match
    assert again is not None and again.deal is not None and again is not first
    assert again.deal.hands == first.deal.hands and 0 in again.chosen_deals


def test_ctrl_z_in_the_window_takes_the_move_back(qtbot: QtBot, tmp_path: Path) -> None:
    from PySide6.QtCore import Qt

    from dominoes_desktop.ui.shell.main_window import MainWindow
    from dominoes_desktop.ui.shell.settings import Settings, open_settings

    from .driving import play_turn_by_clicks, settle

    window = MainWindow(Settings(open_settings(tmp_path)), pace_ms=0, threaded=False, cpu_pool=POOL)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.quick_start(build_rules("jamaican"), "medium", 5, known_deal(5))
    idle(window)
    settle(qtbot, window)
    hand = window.controller.hand
    assert hand is not None and window.game.undo_button.isVisible() and not window.game.undo_button.isEnabled()
    before = len(hand.history)
    log_lines = window.game.log.count()
    play_turn_by_clicks(qtbot, window)
    idle(window)
    assert window.game.undo_button.isEnabled()
    qtbot.keyClick(window.game.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    # The first undo of a match that counts says first that it makes the match practice; nothing is taken back.
    assert window.game.undo_note.isVisible() and "practice" in window.game.undo_note.text()
    assert not window.controller.match.practice and len(window.controller.hand.history) > before
    qtbot.keyClick(window.game.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.game.undo_note.isVisible() and window.controller.match.practice
    hand = window.controller.hand
    assert hand is not None and len(hand.history) == before
    assert window.game.log.count() == log_lines, "the move log is drawn again from the history"
    assert window.controller.human_turn() == 0


def test_the_hints_reason_is_worded_in_the_players_language(controller: GameController) -> None:
    from dominoes_desktop.engine.cpu.players import REASONS, decision
    from dominoes_desktop.ui.shell.wording import HINT_WHY, hint_why

    assert set(HINT_WHY) == set(REASONS), "every reason the CPUs give has words after the hint's advice"
    hint = decision(Move.play(Tile(6, 4)), "next_void", tile=Tile(6, 4), number=4)
    assert hint_why(hint) == "the next player has shown no 4s"
    LANGUAGE.install("es")
    assert hint_why(hint) == "el siguiente jugador ha mostrado que no tiene 4"


def test_the_turn_clock_plays_the_lobby_choice_only_once_it_has_run_out(
    qtbot: QtBot, controller: GameController, monkeypatch: pytest.MonkeyPatch
) -> None:
    controller.time_turns(20, "first")
    spy = first_person_turn(qtbot, controller)
    pending = controller.pending
    assert isinstance(pending, PlayTurn) and controller.clock.running
    assert controller.session is not None and controller.clock.key == controller.session.serial
    played, timed = len(spy.named("movePlayed")), controller.clock.key
    controller.clock_ran_out()  # 20 s are not up: nothing is played for the person
    assert len(spy.named("movePlayed")) == played and controller.human_turn() == 0
    timed_out: list[tuple[int, Move, str]] = []
    controller.timedOut.connect(lambda seat, move, action: timed_out.append((seat, move, action)))
    now = controller.clock.deadline
    monkeypatch.setattr("dominoes_desktop.ui.play.controller.time.monotonic", lambda: now)
    controller.clock_ran_out()
    assert timed_out == [(0, pending.moves[0], "first")]
    assert controller.clock.key != timed  # the answered turn's clock is gone (stopped, or on a later turn)
