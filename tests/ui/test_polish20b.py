"""Session 20's second polish: the lobby with five seats at 1024x700 and 1920x1080, in both languages."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QTextDocument, QTextLayout, QTextTable
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import PRESETS, build_rules
from dominoes_desktop.ui.lobby.lobby_page import LobbyPage
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.play.game_page import GamePage
from dominoes_desktop.ui.shell.i18n import LANGUAGE, NO_BREAK, last_words_together
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import make_window
from .test_fitting import clipped
from .test_player_polish import judged
from .test_polish20 import seats_column_well

FIVE_SEAT_PRESETS = [preset_id for preset_id, preset in PRESETS.items() if preset.max_players >= 5]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def sized(qtbot: QtBot, window: MainWindow, language: str, size: tuple[int, int]) -> LobbyPage:
    if language != "en":
        window.set_language(language)
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=2000)
    qtbot.wait(200)  # the lobby arranges its columns once laid out in the new size
    return window.lobby


def seated(qtbot: QtBot, lobby: LobbyPage, preset_id: str, seats: int) -> None:
    lobby.select(preset_id)
    lobby.players.setValue(seats)
    assert lobby.players.value() == seats, (preset_id, seats)
    qtbot.wait(40)  # the seats shown and the boxes beside them settle in the next passes of the event loop


def test_the_five_seat_presets_are_those_the_lobby_offers_five_seats() -> None:
    """The classic and cross games seat up to five; the tests below go through each of them."""
    assert {"classic_block", "classic_draw", "cross"} <= set(FIVE_SEAT_PRESETS)
    assert all(PRESETS[preset_id].min_players <= 2 for preset_id in FIVE_SEAT_PRESETS)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_small_lobby_shows_every_seat_whole(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """Spanish at 1024x700 with five seats: "Fichas cada uno" took a row of its own (the set's row left it no room
    beside its field), the seats' column was 26 px short, showed both scroll bars and cut "La CPU ocupa los
    asientos vacíos". Every preset that seats five, from two seats to five, is seen whole, nothing scrolled."""
    lobby = sized(qtbot, window, language, (1024, 700))
    area = lobby.options_area
    (deal_words,) = (label for label in lobby.findChildren(QLabel) if label.buddy() is lobby.deal_size)
    for preset_id in FIVE_SEAT_PRESETS:
        for seats in range(PRESETS[preset_id].min_players, 6):
            seated(qtbot, lobby, preset_id, seats)
            where = (language, preset_id, seats)
            assert not area.horizontalScrollBar().isVisible(), f"the seats' column scrolls sideways: {where}"
            assert not area.verticalScrollBar().isVisible(), f"the seats' column scrolls: {where}"
            port = area.viewport()
            bottom = lobby.fill.mapTo(port, QPoint(0, lobby.fill.height())).y()
            assert lobby.fill.isVisible() and bottom <= port.height(), where
            words = deal_words.mapTo(lobby, deal_words.rect().center()).y()
            field = lobby.deal_size.mapTo(lobby, lobby.deal_size.rect().center()).y()
            assert abs(words - field) <= 2, f"the deal's words on a row above their field: {where}"
            assert clipped(lobby) == [], where


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_large_lobbys_seats_column_is_full_with_any_seats(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """At 1920x1080 with five seats "At the table" missed the seats' column by a row and "Skill without luck" alone
    left 85 px (Spanish) to 106 px (English) empty under it; with two seats 232-253 px. "At the table" packs its
    fields into fewer rows there (the hands beside the clock) and both boxes go where they fit."""
    lobby = sized(qtbot, window, language, (1920, 1080))
    area = lobby.options_area
    for seats in range(2, 6):
        seated(qtbot, lobby, "classic_draw", seats)
        assert not area.verticalScrollBar().isVisible(), f"the seats' column scrolls with {seats} seats"
        well = seats_column_well(lobby)
        assert 0 <= well <= area.viewport().height() // 12, f"{well} px empty under the boxes with {seats} seats"
        assert clipped(lobby) == [], seats
        for field in (lobby.timer, lobby.visibility, lobby.on_timeout, lobby.stats_group, lobby.duplicate_deals):
            assert field.width() >= field.minimumSizeHint().width(), (seats, field.accessibleName())
    # Five seats no longer need the hands beside the clock to fit: with the partners' row gone (session 22) the
    # box takes a form a row taller, and the well under it stays as small as above.
    assert area.widget().isAncestorOf(lobby.table_box), "five seats leave room for the table's helpers"


def wrapped_lines(label: QLabel) -> list[str]:
    """The lines a word-wrapped label shows its words in, laid out as the label lays them at its width."""
    text = label.text()
    layout = QTextLayout(text, label.font())
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(label.contentsRect().width())
        lines.append(text[line.textStart() : line.textStart() + line.textLength()].strip())
    layout.endLayout()
    return lines


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_sealed_decks_words_leave_no_word_alone_on_a_line(qtbot: QtBot, tmp_path: Path, language: str) -> None:
    """Spanish at 1024x700 left "repartir." alone on the cut's second line: for one person and for pass-and-play,
    at 1024x700 and 1920x1080, the invitation to cut fits one line or ends on a line of two words or more."""
    LANGUAGE.install(language)
    window = make_window(qtbot, tmp_path)
    people = (SeatConfig("Ana", True), SeatConfig("CPU 1", False), SeatConfig("Ben", True), SeatConfig("CPU 3", False))
    for seed, seats in ((1, None), (2, people)):
        if seats is None:
            window.quick_start(build_rules("jamaican"), seed=seed)
        else:
            window.start_match(MatchSetup(build_rules("jamaican"), seats), seed=seed)
        panel = window.game.cut_panel
        for size in ((1024, 700), (1920, 1080)):
            window.resize(*size)
            qtbot.waitUntil(lambda size=size: (window.width(), window.height()) == size, timeout=2000)
            qtbot.wait(100)
            assert panel.isVisible() and panel.hint.text()
            lines = wrapped_lines(panel.hint)
            assert len(lines) == 1 or len(lines[-1].split()) >= 2, (size, lines)
            assert panel.hint.height() >= panel.hint.heightForWidth(panel.hint.width()), "the words are cut"


def hand_ended(qtbot: QtBot, window: MainWindow, language: str, size: tuple[int, int] | None = None) -> GamePage:
    """The game page with a Jamaican match's first hand played out by the CPUs and its sheet shown, in `language`
    (the window at `size` first, if given)."""
    if language != "en":
        window.set_language(language)
    if size is not None:
        window.resize(*size)
    start(window, "jamaican", seed=4)
    window.controller.autoplay(10_000)
    page = window.game
    qtbot.waitUntil(page.hand_end.isVisible, timeout=5000)
    return page


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_hand_end_sheets_sealed_deck_leaves_no_word_alone(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """On the 1920x1080 hand-end sheet "Cut the deck for me" sat beside the invitation and squeezed it into three
    lines, "repartir." alone on the last: the box goes under the words unless they keep one line beside it."""
    page = hand_ended(qtbot, window, language)
    row = page.deal_seal.cut
    for size in ((1920, 1080), (1024, 700), (1280, 800)):
        window.resize(*size)
        qtbot.waitUntil(lambda size=size: (window.width(), window.height()) == size, timeout=2000)
        qtbot.wait(100)
        assert row.isVisible() and row.auto.isVisible() and row.hint.text()
        lines = wrapped_lines(row.hint)
        assert len(lines) <= 2 and (len(lines) == 1 or len(lines[-1].split()) >= 2), (size, lines)
        if row.auto.y() == row.hint.y():  # beside the words: they keep one line there
            assert len(lines) == 1, (size, lines)
        assert row.hint.height() >= row.hint.heightForWidth(row.hint.width()), "the words are cut"


def column_gaps(label: QLabel) -> list[float]:
    """The blank between one cell's words and the next cell's, in each row of the table a rich-text label shows."""
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setHtml(label.text())
    layout = document.documentLayout()
    (table,) = (frame for frame in document.rootFrame().childFrames() if isinstance(frame, QTextTable))
    gaps = []
    for row in range(table.rows()):
        cells = [table.cellAt(row, column).firstCursorPosition().block() for column in range(table.columns())]
        for block, after in pairwise(cells):
            words = block.layout().lineAt(0)
            end = layout.blockBoundingRect(block).left() + words.x() + words.naturalTextWidth()
            start = layout.blockBoundingRect(after).left() + after.layout().lineAt(0).x()
            gaps.append(start - end)
    return gaps


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_hand_end_pip_table_reads_as_columns(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """At 1920x1080 the sheet's pip table read "CPU 3 6-3 6-0 … 1-0 38 pips": 6 px between a name, its tiles and
    their pips, no wider than a space between two tiles. Its columns are now farther apart than two spaces."""
    page = hand_ended(qtbot, window, language, (1920, 1080))
    label = page.hand_end.text
    gaps = column_gaps(label)
    space = label.fontMetrics().horizontalAdvance("  ")
    assert gaps and min(gaps) >= space, (gaps, space)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_luck_line_leaves_no_word_alone(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """At 1920x1080 the Spanish sheet's luck line ended on "entrenador" alone ("… un desliz, mira el /
    entrenador"): at any window size its last two words share a line."""
    hand_ended(qtbot, window, language)
    recorder = window._skill
    match = recorder._current()
    assert match is not None and recorder.line is not None
    recorder._judged[(len(match.results) - 1, 0)] = judged((0.0, 3.0, 2.0))  # two slips: the coach is named
    recorder._write_line()
    line = recorder.line
    wrapped = 0
    for width in range(1024, 1921, 16):
        window.resize(width, 700 + (width - 1024) * 380 // 896)
        qtbot.waitUntil(lambda width=width: window.width() == width, timeout=2000)
        qtbot.wait(20)
        lines = wrapped_lines(line)
        wrapped += len(lines) > 1
        assert len(lines) == 1 or len(lines[-1].split()) >= 2, (window.width(), lines)
    assert wrapped, "the line wrapped at some size"


def test_the_lobby_keeps_working_when_its_seats_column_is_already_too_tall(qtbot: QtBot, window: MainWindow) -> None:
    """In Spanish at 1366x768, five seats of the classic draw game with the duplicate match on and the deal at its
    most (its "Cannot start" note shown) make the seats' column taller than its room: placing the side boxes took
    the fullest of no placing at all and raised on every resize and option change. Both boxes stay beside the
    rules and the lobby still answers."""
    lobby = sized(qtbot, window, "es", (1366, 768))
    seated(qtbot, lobby, "classic_draw", 5)
    lobby.duplicate.setChecked(True)
    lobby.deal_size.setValue(lobby.deal_size.maximum())
    qtbot.wait(40)
    assert lobby.problem.isVisible() and lobby.problem.text(), "the deal is too big for five seats: a note says so"
    for size in ((1300, 720), (1366, 768)):
        window.resize(*size)
        qtbot.waitUntil(lambda size=size: (window.width(), window.height()) == size, timeout=2000)
        qtbot.wait(200)
        middle = lobby.options_area.widget()
        assert not middle.isAncestorOf(lobby.table_box) and not middle.isAncestorOf(lobby.duplicate_box), size


def test_the_last_two_words_are_joined_and_only_they() -> None:
    """The no-break space goes between the last two words, a trailing space is no gap between words, and one
    word is left as it is."""
    assert last_words_together("cut and deal.") == f"cut and{NO_BREAK}deal."
    assert last_words_together("cut and deal. ") == f"cut and{NO_BREAK}deal."
    assert last_words_together("deal.") == "deal."
