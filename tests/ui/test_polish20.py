"""Session 20's leftovers at the table and in the lobby: the hint in one wording, a figure shown one way, the
lobby's columns at 1920x1080, a disabled button plainly disabled."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QGroupBox, QLabel
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu.players import decision
from dominoes_desktop.engine.moves import PASS, Move, MoveKind
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.lobby.lobby_page import LobbyPage
from dominoes_desktop.ui.look.look_style import contrast
from dominoes_desktop.ui.shell.i18n import LANGUAGE, whole_or_tenths
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import my_turn
from .test_coach_panel import near_tie_shown
from .test_fitting import clipped
from .test_readable import _fill_and_words


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
def test_a_figure_is_whole_bare_or_to_one_decimal_in_the_players_language(
    qapp: QApplication, language: str, mark: str
) -> None:
    """The coach's losses and the duplicate sheet's scores: "3", never "3.0"; "2.5" or "2,5"; a third "0.3"."""
    LANGUAGE.install(language)
    assert [whole_or_tenths(v) for v in (3, 3.0, Fraction(6, 2), -0.0)] == ["3", "3", "3", "0"]
    assert whole_or_tenths(2.5) == whole_or_tenths(Fraction(5, 2)) == f"2{mark}5"
    assert whole_or_tenths(Fraction(1, 3)) == f"0{mark}3"
    # Near a whole number, the whole number (an average's float error showed "3.0" and "-0.0").
    assert [whole_or_tenths(v) for v in (2.96, -0.04, Fraction(-1, 30), 4.97)] == ["3", "0", "0", "5"]
    assert whole_or_tenths(-1.5) == f"-1{mark}5"


def seats_column_well(lobby: LobbyPage) -> int:
    """The empty height under the last box of the seats' column, in its scroll area's view."""
    port = lobby.options_area.viewport()
    boxes = [box for box in lobby.options_area.widget().findChildren(QGroupBox) if box.isVisible()]
    return port.height() - max(box.mapTo(port, QPoint(0, box.height())).y() for box in boxes)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_large_lobbys_seats_column_keeps_no_empty_well(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """At 1920x1080 "Skill without luck" under the seats left a blank fifth of the column under it (175 px in
    English, 161 in Spanish): "At the table" fills it; at 1024x700 both boxes stay beside the rules and nothing is
    cut."""
    if language != "en":
        window.set_language(language)
    lobby = window.lobby
    for size in ((1920, 1080), (1024, 700), (1920, 1080)):  # and back: the boxes move both ways
        window.resize(*size)
        qtbot.waitUntil(lambda size=size: (window.width(), window.height()) == size, timeout=2000)
        qtbot.wait(200)  # the lobby arranges its columns once laid out in the new size
        in_seats_column = lobby.options_area.widget().isAncestorOf(lobby.table_box)
        assert in_seats_column == (size == (1920, 1080)), size
        assert not lobby.options_area.verticalScrollBar().isVisible(), f"the seats' column scrolls at {size}"
        if in_seats_column:
            well = seats_column_well(lobby)
            assert 0 <= well <= lobby.options_area.viewport().height() // 12, f"{well} px empty under the boxes"
            assert lobby.timer.y() < lobby.on_timeout.y() < lobby.helpers.y()  # the tick boxes are the helpers' own
        assert clipped(lobby) == [], size
        for field in (lobby.timer, lobby.on_timeout, lobby.stats_group, lobby.duplicate_deals):
            assert field.width() >= field.minimumSizeHint().width(), (size, field.accessibleName())


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_disabled_start_looks_disabled(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """Start is disabled while the house rules cannot be played (more tiles each than the set holds): it kept its
    accent face and bold dark words, its own look outranking every disabled button's, and looked ready to press."""
    if language != "en":
        window.set_language(language)
    lobby = window.lobby
    lobby.start.ensurePolished()
    ready = _fill_and_words(lobby.start.grab().toImage())
    lobby.deal_size.setValue(lobby.deal_size.maximum())
    assert not lobby.start.isEnabled() and lobby.problem.text(), "the rules cannot be played"
    qtbot.wait(20)
    fill, words = _fill_and_words(lobby.start.grab().toImage())
    panel = window.look.theme.panel
    assert contrast(fill, panel) < 1.05 and contrast(words, fill) >= 3.0, (fill, words, ready)
    assert contrast(words, ready[1]) >= 2.0, (words, ready)


def test_the_coachs_tile_cells_keep_a_gap_before_the_next_column(qtbot: QtBot) -> None:
    """At 1920x1080 the Played column's widest words ran into the Grade column's ("6-6 (salida)Única jugada"):
    a tile cell ends its words a gap before the next column, as wide as the widest words need."""
    dialog, _ = near_tie_shown(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    tree = dialog.tree
    for column in (1, 3):
        gaps = []
        for index in range(tree.topLevelItemCount()):
            cell = tree.itemWidget(tree.topLevelItem(index), column)  # type: ignore[arg-type]
            if cell is None:
                continue
            words = cell.findChildren(QLabel)[-1]
            assert words.text() and words.width() >= words.sizeHint().width(), words.text()
            gaps.append(tree.header().sectionSize(column) - (words.x() + words.width()))
        assert gaps and min(gaps) >= 8, (column, gaps)


def test_a_pass_in_the_coach_stands_in_the_played_words_column(qtbot: QtBot) -> None:
    """ "27 · You Pass": a pass has no tile picture, so its word sat 7 px after the Move column's words and read as
    one phrase with them. It stands where the played tiles' words stand."""
    dialog, _ = near_tie_shown(qtbot)
    tile_row = dialog.rows[0] if dialog.rows else None
    assert tile_row is not None
    played = replace(tile_row, ply=tile_row.ply + 4, played=PASS, fair=None, face_up=None, reasons=None)
    dialog.show_judged([*dialog.rows[:1], played])
    dialog.show()
    qtbot.waitExposed(dialog)
    tree = dialog.tree
    words_x = []
    for index in range(tree.topLevelItemCount()):
        cell = tree.itemWidget(tree.topLevelItem(index), 1)  # type: ignore[arg-type]
        assert cell is not None
        words = cell.findChildren(QLabel)[-1]
        words_x.append(words.x())
    assert tree.topLevelItem(1).text(1) == "Pass"  # type: ignore[union-attr]
    assert len(words_x) == 2 and abs(words_x[0] - words_x[1]) <= 2, words_x


def test_tab_goes_down_the_seats_column_then_the_right_one(qtbot: QtBot, window: MainWindow) -> None:
    """At 1920x1080 "At the table" sits under the seats, but Tab went from the seats to the rules beside them and
    the duplicate match, then back to it: Tab goes down the middle column, then down the right one, at any size."""
    lobby = window.lobby
    for size in ((1920, 1080), (1024, 700), (1920, 1080)):
        window.resize(*size)
        qtbot.waitUntil(lambda size=size: (window.width(), window.height()) == size, timeout=2000)
        qtbot.wait(200)  # the lobby arranges its columns once laid out in the new size
        lobby.fill.setFocus()
        stops = []
        while QApplication.focusWidget() is not lobby.start and len(stops) < 30:
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            stops.append(QApplication.focusWidget())
        middle = lobby.options_area.widget()
        columns = [not middle.isAncestorOf(w) for w in stops if w is not lobby.start]
        assert stops[-1] is lobby.start and columns == sorted(columns), size  # the middle's first, then the right's
        assert lobby.timer in stops and lobby.duplicate in stops and lobby.rules_view in stops, size
        assert (size == (1920, 1080)) == middle.isAncestorOf(lobby.table_box), "the table's box moves with the size"
