"""The controller without a window: scripted seats, signal spies, and the match deciding the order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import PlayTurn
from dominoes_desktop.engine.moves import Move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.play.controller import GameController, SeatConfig
from dominoes_desktop.ui.shell.i18n import LANGUAGE

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
    yield GameController(pace_ms=0, threaded=False)
    LANGUAGE.install("en")


def first_person_turn(controller: GameController, seed: int = 1, preset: str = "jamaican") -> Spy:
    spy = Spy(controller)
    controller.new_match(build_rules(preset), SOLO, seed)
    assert controller.human_turn() == 0, "the CPUs before the person played at once"
    return spy


def test_cpus_play_until_the_person_must_decide(controller: GameController) -> None:
    spy = first_person_turn(controller)
    assert spy.named("handStarted") == [(0,)]
    pending = controller.pending
    assert isinstance(pending, PlayTurn) and pending.seat == 0
    assert spy.named("turnStarted")[-1] == (0, list(pending.moves))
    cpu_moves = [args for args in spy.named("movePlayed") if args[0] != 0]
    assert len(cpu_moves) == len(controller.hand.history)  # type: ignore[union-attr]


def test_a_person_move_is_applied_and_the_cpus_answer(controller: GameController) -> None:
    spy = first_person_turn(controller)
    move = controller.legal_moves()[0]
    before = len(spy.named("movePlayed"))
    history = len(controller.hand.history)  # type: ignore[union-attr]
    assert controller.play(move)
    played = spy.named("movePlayed")[before:]
    assert played[0] == (0, move)
    assert [seat for seat, _ in played] == [s % 4 for s in range(len(played))], "then each CPU in turn"
    hand = controller.hand
    assert hand is not None and [(t.seat, t.move) for t in hand.history[history:]] == played


def test_an_illegal_move_is_refused_in_the_players_language(controller: GameController) -> None:
    spy = first_person_turn(controller)
    hand = controller.hand
    assert hand is not None
    foreign = next(t for t in hand.hands[1])
    LANGUAGE.install("es")
    assert not controller.play(Move.play(foreign))
    assert spy.named("error")[-1] == (f"No tienes la ficha {foreign}.",)
    LANGUAGE.install("en")
    assert not controller.play(Move.play(foreign))
    assert spy.named("error")[-1] == (f"You do not hold {foreign}.",)


def test_undo_takes_back_the_persons_move_and_the_cpus_after_it(controller: GameController) -> None:
    spy = first_person_turn(controller, seed=4)
    hand = controller.hand
    assert hand is not None
    length = len(hand.history)
    rack = list(hand.hands[0])
    pending = controller.pending
    assert controller.play(controller.legal_moves()[0])
    assert controller.can_undo()
    assert controller.undo()
    again = controller.hand
    assert again is not None and len(again.history) == length and again.hands[0] == rack
    assert controller.pending == pending and controller.human_turn() == 0
    assert spy.named("historyRewritten") == [()]
    assert controller.match is not None and controller.match.practice, "a match with Undo is practice"


def test_undo_is_off_with_two_people_at_the_screen(controller: GameController) -> None:
    seats = [SeatConfig("Ana", True), SeatConfig("CPU 1", False), SeatConfig("Ben", True), SeatConfig("CPU 3", False)]
    controller.new_match(build_rules("jamaican"), seats, 2)
    person = controller.human_turn()
    assert person is not None
    controller.play(controller.legal_moves()[0])
    assert not controller.can_undo() and not controller.undo()


def test_a_cpu_decision_for_a_position_that_is_gone_is_dropped(controller: GameController) -> None:
    first_person_turn(controller)
    controller.thinking = 1
    stale = controller._token - 1
    from dominoes_desktop.engine.cpu import Decision

    controller._cpu_decided(stale, Decision(Move.play(Tile(6, 6)), "random"))
    assert controller.human_turn() is None and controller.thinking == 1, "nothing was played"


def test_ctrl_z_in_the_window_takes_the_move_back(qtbot: QtBot, tmp_path: Path) -> None:
    from PySide6.QtCore import Qt

    from dominoes_desktop.ui.shell.main_window import MainWindow
    from dominoes_desktop.ui.shell.settings import Settings, open_settings

    from .driving import play_turn_by_clicks, settle

    window = MainWindow(Settings(open_settings(tmp_path)), pace_ms=0, threaded=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.quick_start(build_rules("jamaican"), "medium", 5)
    settle(qtbot, window)
    hand = window.controller.hand
    assert hand is not None and window.game.undo_button.isVisible() and not window.game.undo_button.isEnabled()
    before = len(hand.history)
    log_lines = window.game.log.count()
    play_turn_by_clicks(qtbot, window)
    assert window.game.undo_button.isEnabled()
    qtbot.keyClick(window.game.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    hand = window.controller.hand
    assert hand is not None and len(hand.history) == before
    assert window.game.log.count() == log_lines, "the move log is drawn again from the history"
    assert window.controller.human_turn() == 0


def test_the_hints_reason_is_worded_in_the_players_language(controller: GameController) -> None:
    from dominoes_desktop.engine.cpu.players import REASONS, decision
    from dominoes_desktop.ui.shell.wording import REASONS as WORDED
    from dominoes_desktop.ui.shell.wording import reason_text

    assert {code: str(text) for code, text in WORDED.items()} == REASONS, "every reason has the same English words"
    hint = decision(Move.play(Tile(6, 4)), "next_void", tile=Tile(6, 4), number=4)
    assert reason_text(hint) == hint.why == "Play 6-4: the next player has shown no 4s."
    LANGUAGE.install("es")
    assert reason_text(hint) == "Juega 6-4: el siguiente jugador ha mostrado que no tiene 4."
