"""Session 20's leftovers at the table and in the lobby: the hint in one wording, a figure shown one way, the
lobby's columns at 1920x1080, a disabled button plainly disabled."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu.players import decision
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.shell.i18n import LANGUAGE, whole_or_tenths
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import my_turn


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def test_the_status_bar_says_the_hint_in_the_side_panels_words(qtbot: QtBot, window: MainWindow) -> None:
    """English said "Hint: Play 6-4 on the 4" in the side panel and "Hint: play 6-4 on the 4." on the status bar."""
    start(window, "jamaican", seed=8)
    page = window.game
    assert my_turn(window)
    for move, words in (
        (Move.play(Tile(6, 4), 4), "Hint: Play 6-4 on the 4"),
        (Move.play(Tile(6, 6)), "Hint: Pose 6-6"),
        (Move(MoveKind.DRAW), "Hint: Draw from the stock"),
    ):
        window.controller.hintReady.emit(decision(move, "unworded"))
        qtbot.waitUntil(lambda words=words: window.statusBar().currentMessage() == words)
        assert page.turn.text() == words


@pytest.mark.parametrize(("language", "mark"), [("en", "."), ("es", ",")])
def test_a_figure_is_whole_bare_or_to_one_decimal_in_the_players_language(language: str, mark: str) -> None:
    """The coach's losses and the duplicate sheet's scores: "3", never "3.0"; "2.5" or "2,5"; a third "0.3"."""
    LANGUAGE.install(language)
    assert [whole_or_tenths(v) for v in (3, 3.0, Fraction(6, 2), -0.0)] == ["3", "3", "3", "0"]
    assert whole_or_tenths(2.5) == whole_or_tenths(Fraction(5, 2)) == f"2{mark}5"
    assert whole_or_tenths(Fraction(1, 3)) == f"0{mark}3"
