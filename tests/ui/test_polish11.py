"""The last play-test's leftovers at the table: the match score's figures stay with their sides, "you" in the
middle of a sentence, the hand-end sheet's size and edges, the hint's reason, the statistics' home group."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from html import escape
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontInfo, QGuiApplication
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu.players import REASONS, decision
from dominoes_desktop.engine.decisions import ClaimWindow, HandResult
from dominoes_desktop.engine.hand import HandEnd
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.look.look_style import scaled_words_style
from dominoes_desktop.ui.play.controller import default_seats
from dominoes_desktop.ui.play.game_page import LEADER_PANEL_WIDTH
from dominoes_desktop.ui.play.panels import HandEndPanel
from dominoes_desktop.ui.shell.groups import HOME_GROUP, stored_group
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import hand_over, my_turn, play_turn_by_clicks
from .test_fitting import clipped


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def jamaican_result(winner_side: int, scores: tuple[int, int]) -> HandResult:
    """A Jamaican partners hand that `winner_side` took by a domino, the match going on at `scores`."""
    return HandResult(
        hand_index=0,
        seed=7,
        leader=0,
        end=HandEnd.DOMINO,
        winner_seat=winner_side + 2,
        winner_side=winner_side,
        points=1,
        bonus=(),
        reset=False,
        end_points=(0, 0),
        pips=(7, 8, 5, 0) if winner_side else (0, 8, 5, 9),
        remaining=((Tile(2, 2), Tile(3, 0)), (Tile(5, 3),), (Tile(5, 0),), ()),
        scores=scores,
    )


def wrapped_lines(panel: HandEndPanel, width: int, having: str) -> list[str]:
    """The paragraph of the sheet `having` these words, as the label lays it out at `width` pixels: one string per
    line on screen."""
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setDefaultFont(panel.text.font())
    document.setDocumentMargin(0)
    document.setHtml(panel.text.text())
    document.setTextWidth(width)
    document.size()  # lays the text out
    lines = []
    block = document.begin()
    while block.isValid():
        layout = block.layout()
        for i in range(layout.lineCount() if having in block.text().replace("\xa0", " ") else 0):
            line = layout.lineAt(i)
            lines.append(block.text()[line.textStart() : line.textStart() + line.textLength()].replace("\xa0", " "))
        block = block.next()
    return lines


def figure_apart(line: str) -> bool:
    """Whether a line of the sheet leaves a figure apart from its side: each figure (or count, "17 → 15") comes
    before "for"/"para" and the side's names, so a line may start with one only where its words follow, and may not
    end with one, an arrow or the "for" (the sentence's own "nearest 5:", "al 5 más cercano:" aside)."""
    line = line.strip()
    kept_whole = re.match(r"\d+ (→ \d+ )?(for|para) \S", line) or re.match(r"5(:| más)", line)
    starts_apart = re.match(r"(\d|→|for\b|para\b)", line) and not kept_whole
    ends_apart = re.search(r"((^|[,:→] ?)\d+|→|\bfor|\bpara)$", line)
    return bool(starts_apart or ends_apart)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_match_score_never_leaves_a_figure_alone_on_a_line(qtbot: QtBot, language: str) -> None:
    """Play-test: "Match score: You & CPU 2: 0 · CPU 1 & CPU 3:" and then "1." on a line of its own; now each figure
    before its side ("0 for you & CPU 2, 1 for CPU 1 & CPU 3"), kept with it too."""
    LANGUAGE.install(language)
    panel = HandEndPanel()
    qtbot.addWidget(panel)
    rules = build_rules("jamaican")
    panel.show_result(rules, default_seats(4), jamaican_result(1, (0, 1)), None)
    whole = {"en": "0 for you & CPU 2, 1 for CPU 1 & CPU 3.", "es": "0 para ti y CPU 2, 1 para CPU 1 y CPU 3."}
    assert wrapped_lines(panel, 2000, ", 1 ")[0].endswith(whole[language]), "the score's paragraph, on one line"
    # From 200 px: the sheet is never narrower than 300 (GamePage._dock_hand_end), and a side's figure and names,
    # held whole, take up to 180 px ("12 tantos para CPU 1 y CPU 3"); narrower, Qt breaks inside a held word.
    for width in range(200, 480, 2):
        lines = wrapped_lines(panel, width, ", 1 ")
        assert lines, width
        for line in lines:
            assert not figure_apart(line), f"a figure without its side at {width}px: {line!r}"


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_all_fives_sheets_lists_keep_each_sides_figures_with_it(qtbot: QtBot, language: str) -> None:
    """Play-test (All Fives, 1920x1080, Spanish): "…, CPU 2" at a line's end and "10, CPU 3 5." on the next."""
    LANGUAGE.install(language)
    panel = HandEndPanel()
    qtbot.addWidget(panel)
    result = HandResult(
        hand_index=0,
        seed=7,
        leader=0,
        end=HandEnd.BLOCKED,
        winner_seat=2,
        winner_side=2,
        points=15,
        bonus=(),
        reset=False,
        end_points=(5, 5, 10, 5),
        pips=(17, 8, 7, 10),
        remaining=((Tile(4, 4), Tile(6, 3)), (Tile(6, 2),), (Tile(4, 3),), (Tile(4, 2), Tile(2, 2))),
        scores=(5, 5, 25, 5),
    )
    panel.show_result(build_rules("all_fives"), default_seats(4), result, None)
    # The match score (25 for CPU 2), the rounded counts, the end points (10 for CPU 2).
    for having in (", 25 ", "→", ", 10 "):
        assert wrapped_lines(panel, 4000, having), having
        for width in range(200, 480, 2):
            for line in wrapped_lines(panel, width, having):
                assert not figure_apart(line), f"a figure without its side at {width}px: {line!r}"


@pytest.mark.parametrize("language", ["en", "es"])
def test_long_names_on_the_sheet_wrap_between_words_never_inside_one(qtbot: QtBot, language: str) -> None:
    """Review: a side's whole name was kept on one line (no-break spaces), so a room's two long names (24
    characters each) were cut inside a word on the sheet ("Guadalupe Esperanz" / "a Ruiz: 0"); the figures still
    stay with their side."""
    from dataclasses import replace

    LANGUAGE.install(language)
    panel = HandEndPanel()
    qtbot.addWidget(panel)
    names = [
        "Maximiliana Alexandrovna",
        "Bartholomew Fitzgeraldo",
        "Guadalupe Esperanza Ruiz",
        "Christopher Wellington",
    ]
    seats = [replace(seat, name=name) for seat, name in zip(default_seats(4), names, strict=True)]
    panel.show_result(build_rules("jamaican"), seats, jamaican_result(1, (0, 1)), None)
    for width in range(280, 480, 4):
        lines = wrapped_lines(panel, width, " · ")
        assert [w for line in lines for w in line.split()] == "".join(lines).split(), f"a word cut at {width}px"
        for line in lines:
            assert not re.match(r"\s*\d", line), f"a figure without its side at {width}px: {line!r}"


@pytest.mark.parametrize(("language", "side"), [("en", "1 hand to you & CPU 2."), ("es", "1 mano para ti y CPU 2.")])
def test_you_in_the_middle_of_a_sentence_is_not_capitalised(qtbot: QtBot, language: str, side: str) -> None:
    """Play-test: "62 points to You."; the person's name is said after a preposition in its own form."""
    LANGUAGE.install(language)
    panel = HandEndPanel()
    qtbot.addWidget(panel)
    panel.show_result(build_rules("jamaican"), default_seats(4), jamaican_result(0, (1, 0)), None)
    assert escape(side) in panel.text.text()
    assert "to You" not in panel.text.text() and "para Tú" not in panel.text.text()


FIRST_TABLE = """
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication

app = QApplication([])
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.controller import GameController
from dominoes_desktop.ui.play.game_page import GamePage
from dominoes_desktop.ui.shell.announce import TableVoice

page = GamePage(GameController(pace_ms=0), Look())
QAccessible.queryAccessibleInterface(page.table)  # as a screen reader's bridge asks, the moment a widget is made
TableVoice(page)
face = QAccessible.queryAccessibleInterface(page.table)
print([face.child(i).text(QAccessible.Text.Name) for i in range(face.childCount())])
"""


def test_the_first_tables_overlays_are_in_the_tree_however_early_a_screen_reader_asks(tmp_path: Path) -> None:
    """Play-test: AT-SPI found no "Who leads" panel. Qt keeps the first interface it gives for a widget, and the
    bridge asked for the table view's as it was made, before the interface that lists the overlays was installed
    (with the table's voice): the scroll area's, the viewport its only child. A fresh process: the first table."""
    run = subprocess.run(
        [sys.executable, "-c", FIRST_TABLE],
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    names = ast.literal_eval(run.stdout.strip().splitlines()[-1])
    assert {"Who leads", "Sealed deal", "Pass the screen", "Redeal"} <= set(names), names


def sheet_at(qtbot: QtBot, window: MainWindow, size: tuple[int, int]) -> HandEndPanel:
    """The hand-end sheet of a hand played out in a window of `size`."""
    window.resize(*size)
    start(window, "jamaican", seed=5)
    window.controller.autoplay(10_000)
    qtbot.wait(30)  # the sheet docks as the layouts settle
    sheet = window.game.hand_end
    assert sheet.isVisible()
    return sheet


def test_the_hand_end_sheet_hides_the_whole_side_panel(qtbot: QtBot, window: MainWindow) -> None:
    """Play-test: the side panel's edge showed above and below the sheet (and beside it): an 8 px strip."""
    game = window.game
    sheet = sheet_at(qtbot, window, (1024, 700))
    for size in ((1024, 700), (1920, 1080)):
        window.resize(*size)
        qtbot.wait(30)
        side = game.side.geometry().translated(game.side.parentWidget().mapTo(game, game.side.pos()) - game.side.pos())
        side = side.adjusted(-game.splitter.handleWidth(), 0, 0, 0)  # and the handle that drags it
        assert sheet.geometry().contains(side), (size, sheet.geometry(), side)
    # A side panel dragged wider than the sheet would be: still all under it.
    game.panel_width = 470
    game.size_panel()
    qtbot.wait(30)
    game._dock_hand_end()
    side = game.side.geometry().translated(game.side.parentWidget().mapTo(game, game.side.pos()) - game.side.pos())
    assert game.hand_end.geometry().contains(side.adjusted(-game.splitter.handleWidth(), 0, 0, 0))


def test_the_hand_end_sheets_words_grow_with_the_window(qtbot: QtBot, window: MainWindow) -> None:
    """Play-test: at 1920x1080 the sheet's words were as small as at 1024x700, the table round it twice as large."""
    sheet = sheet_at(qtbot, window, (1024, 700))
    small_text = QFontInfo(sheet.text.font()).pixelSize()
    small_button = QFontInfo(sheet.next.font()).pixelSize()
    small_details = QFontInfo(window.game.deal_seal.label.font()).pixelSize()
    question = window.game.redeal_yes  # and the questions over the table (a redeal, who leads, the curtain)
    question.ensurePolished()
    small_question = QFontInfo(question.font()).pixelSize()
    window.resize(1920, 1080)
    qtbot.wait(30)
    question.ensurePolished()
    assert QFontInfo(question.font()).pixelSize() >= 1.4 * small_question
    assert window.game.leader_choice.width() >= 1.4 * LEADER_PANEL_WIDTH
    assert QFontInfo(sheet.text.font()).pixelSize() >= 1.4 * small_text
    assert QFontInfo(sheet.next.font()).pixelSize() >= 1.4 * small_button
    assert QFontInfo(window.game.deal_seal.label.font()).pixelSize() >= 1.4 * small_details
    assert clipped(sheet) == []
    window.resize(1024, 700)
    qtbot.wait(30)
    assert QFontInfo(sheet.text.font()).pixelSize() == small_text, "back as it was in the smaller window"


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_hint_names_its_move_once(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """Play-test: "Hint: Play 6-4 on the 4 (Play 6-4: the next player has shown no 4s.)"."""
    if language != "en":
        window.set_language(language)
    start(window, "jamaican", seed=8)
    page = window.game
    assert my_turn(window)
    qtbot.keyClick(page.table, Qt.Key.Key_H)  # the hint as the player asks for it
    qtbot.waitUntil(lambda: page.turn.text().startswith(("Hint: ", "Pista: ")), timeout=10_000)
    shown = page.table.hinted
    assert shown is not None and page.turn.text().count(str(shown)) == 1, page.turn.text()
    for reason in REASONS:  # and every reason a CPU gives
        move = Move.play(Tile(6, 4), 4)
        window.controller.hintReady.emit(decision(move, reason, tile=Tile(6, 4), number=4))
        text = page.turn.text()
        assert text.count("6-4") == 1 and "()" not in text and "{" not in text, (reason, text)


def test_the_spanish_hint_is_in_lower_case_after_its_colon(qtbot: QtBot, window: MainWindow) -> None:
    """Spanish writes "Pista: roba del pozo", not "Pista: Roba del pozo"; the Pass button keeps its name."""
    window.set_language("es")
    start(window, "jamaican", seed=8)
    page = window.game
    assert my_turn(window)
    moves = (Move.play(Tile(6, 4), 4), Move.play(Tile(6, 6)), Move(MoveKind.DRAW), Move(MoveKind.PASS))
    for move in moves:
        for reason in ("options", "unworded"):  # with a reason in brackets and without one
            window.controller.hintReady.emit(decision(move, reason))
            text = page.turn.text()
            assert re.fullmatch(r"Pista: [a-zñ][^{}]*", text), text
    assert page.pass_button.accessibleName() == "Pasar"
    # The status bar says the hint in the side panel's words ("juega el 6-4", not "juega 6-4").
    window.controller.hintReady.emit(decision(moves[0], "unworded"))
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Pista: "))
    assert window.statusBar().currentMessage() == page.turn.text() == "Pista: juega el 6-4 al 4"


def test_the_home_group_has_one_name_in_the_lobby_and_the_statistics(window: MainWindow) -> None:
    """ "Home" was a literal in the settings and the save reader, and translated in the lobby and the statistics
    window apart; now one constant and one function (ui.shell.groups), which the lobby reads without the window."""
    from dominoes_desktop.ui.review.stats_dialog import group_name

    window.set_language("es")
    field = window.lobby.stats_group
    assert field.text() == group_name(HOME_GROUP) == "Casa"
    assert stored_group(field.text()) == stored_group("") == HOME_GROUP
    assert stored_group(" Amigos ") == "Amigos" == group_name("Amigos")
    assert window.settings.lobby_table()["stats_group"] == HOME_GROUP


def test_a_claim_is_offered_to_you_without_your_name_before_it(qtbot: QtBot, window: MainWindow) -> None:
    """Play-test (All Fives): "You: your play scored 5." in the claim box."""
    start(window, "all_fives", seed=4)
    for _ in range(200):
        if isinstance(window.controller.waiting, ClaimWindow) or hand_over(window):
            break
        play_turn_by_clicks(qtbot, window)
    assert isinstance(window.controller.waiting, ClaimWindow), "this deal offers the person a claim"
    text = window.game.claim_text.text()
    assert text.startswith("Your play scored ") and "You:" not in text, text
    assert window.game.turn.text() == "Claim your points or play on (below).", "not a vague 'Waiting for a decision'"
    # Play-test: the claim box took the move log's room and hid its newest lines; they stay in sight.
    log = window.game.log
    last = log.visualItemRect(log.item(log.count() - 1))
    assert log.viewport().rect().contains(last), (last, log.viewport().rect())


def test_the_scaled_words_keep_a_font_sized_in_pixels(qapp: object) -> None:
    """A platform theme may size the application's font in pixels (no point size: -1); the sheets' scaled words
    then grow from its pixels rather than asking for a negative point size."""
    before = QGuiApplication.font()
    font = QGuiApplication.font()
    font.setPixelSize(14)
    QGuiApplication.setFont(font)
    try:
        style = scaled_words_style(1.5)
    finally:
        QGuiApplication.setFont(before)
    assert "QLabel, QCheckBox { font-size: 21px; }" in style, style
    assert "-" not in re.sub(r"font-size|QLabel#handEndText", "", style), style
    assert re.search(r"QLabel, QCheckBox \{ font-size: \d+\.\dpt; \}", scaled_words_style(1.5))
