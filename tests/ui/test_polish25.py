"""A match's end and a pass as a player meets them (session 25, audit24 findings 9, 10 and 15): one line for a pass
the table makes for the person, a rematch of the same table from the match's end sheet, and the top seat's plate
in two lines where its name would push a side seat's plate away from its tiles."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.ui.play.controller import AUTO_PASS_MS
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import saying, start
from .driving import click_item, hand_over, idle, my_turn, settle


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


# ---- a pass made for the person: one line (audit24 finding 9) ------------------------------------------------------


def _play_first_tile(qtbot: QtBot, window: MainWindow) -> None:
    view = window.game.table
    legal = [item for item in view.table.items_for_rack() if item.legal]
    click_item(qtbot, window, legal[0])
    settle(qtbot, window)
    if view.table.markers:
        click_item(qtbot, window, view.table.markers[0])


def _passed_for_me(qtbot: QtBot, window: MainWindow) -> tuple[list[str], list[str]]:
    """Play the first tile that fits until the table passes for the person; the status bar's lines and the
    announcer's words from the turn that was passed to the next move."""
    shown: list[str] = []
    window.statusBar().messageChanged.connect(shown.append)
    for seed in range(1, 12):
        start(window, "jamaican", seed=seed)
        for _ in range(40):
            idle(window)
            settle(qtbot, window)
            if hand_over(window):
                break
            if not my_turn(window):
                continue
            moves = window.controller.legal_moves()
            if not all(m.kind is MoveKind.PASS for m in moves):
                _play_first_tile(qtbot, window)
                continue
            hand = window.controller.hand
            assert hand is not None
            before = len(hand.history)
            window.controller.pace_ms = 10_000  # the CPU after the pass waits: the pass's line stays to be read
            shown.clear()
            with saying() as said:
                qtbot.waitUntil(lambda h=hand, b=before: len(h.history) > b, timeout=AUTO_PASS_MS + 3000)
                qtbot.wait(200)
            return [line for line in shown if line], said
    raise AssertionError("the table never passed for the person")


def test_a_pass_made_for_you_is_one_line_in_the_status_bar_and_said_once(qtbot: QtBot, window: MainWindow) -> None:
    shown, said = _passed_for_me(qtbot, window)
    assert shown == ["You pass"], shown  # was "You pass", then in the same instant "You passed"
    assert window.statusBar().currentMessage() == "You pass"
    assert said.count("You passed") == 1 and "You pass" not in said, said  # said once, as the move log's line
    assert "You pass" in window.game.table.table.float_texts


def test_a_pass_made_for_you_reads_one_spanish_line(qtbot: QtBot, window: MainWindow) -> None:
    window.set_language("es")
    shown, said = _passed_for_me(qtbot, window)
    assert shown == ["Pasas"], shown
    assert said.count("Pasaste") == 1 and "Pasas" not in said, said
