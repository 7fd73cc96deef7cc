"""polish26: what the audits left on the screens around the table (session 26)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QStyle, QStyleOptionComboBox
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.moves import DRAW, PASS, Move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.store.skill import Costly
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.coach_panel import CoachDialog
from dominoes_desktop.ui.play.controller import SeatConfig
from dominoes_desktop.ui.play.panels import describe_move
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings
from dominoes_desktop.ui.shell.wording import move_words

from .conftest import read_at_focus
from .driving import POOL, make_window, review_of_two_cpu_hands
from .test_skill_page import a_draw_hand_judged, skill_page


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    win = make_window(qtbot, tmp_path)
    yield win
    win.controller.runner.wait(5000)


# ---- 1. one wording of a move ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "move", "words"),
    [
        ("en", Move.play(Tile(5, 3), 3), "5-3 on the 3"),
        ("en", "5-3@3", "5-3 on the 3"),
        ("en", Move.play(Tile(6, 4), 6, on_double=True), "6-4 on the 6 by the double"),
        ("en", "6-4@6d", "6-4 on the 6 by the double"),
        ("en", "6-6", "6-6 (pose)"),
        ("en", PASS, "pass"),
        ("en", "draw", "draw"),
        ("en", "lead:3", "lead:3"),  # notation of no move: given back as it is
        ("es", "6-4@6d", "6-4 al 6 del doble"),
        ("es", Move.play(Tile(5, 3), 3), "5-3 al 3"),
        ("es", Move.play(Tile(6, 6)), "6-6 (salida)"),
        ("es", "pass", "pasar"),
        ("es", DRAW, "robar"),
    ],
)
def test_one_wording_of_a_move_from_a_move_or_its_notation(
    qtbot: QtBot, language: str, move: Move | str, words: str
) -> None:
    LANGUAGE.install(language)
    assert move_words(move) == words


@pytest.mark.parametrize(
    ("language", "yours", "words"),
    [
        ("en", False, "CPU 1 played 6-4 on the 6 by the double"),
        ("en", True, "You played 6-4 on the 6 by the double"),
        ("es", False, "CPU 1 jugó 6-4 al 6 del doble"),
        ("es", True, "Jugaste 6-4 al 6 del doble"),
    ],
)
def test_the_move_log_says_a_play_by_the_double_as_the_coach_does(
    qtbot: QtBot, language: str, yours: bool, words: str
) -> None:
    """The move log read "CPU 1 played 6-4 on the 6" at either end showing a 6 in All Fives, where the coach, the
    skill page and a room's timeout now say which: the one where the double lies."""
    LANGUAGE.install(language)
    assert describe_move("CPU 1", Move.play(Tile(6, 4), 6, on_double=True), yours) == words
    assert "double" not in describe_move("CPU 1", Move.play(Tile(6, 4), 6), yours)
    assert "doble" not in describe_move("CPU 1", Move.play(Tile(6, 4), 6), yours)


def test_the_coach_says_a_play_by_a_spinner_double_as_such(qtbot: QtBot) -> None:
    """An All Fives hand whose person played 6-5 at the end where the 6-6 lies: the coach's Move column read
    "6-5 on the 6", the same as at the other end showing a 6; the table's room said "by the double"."""
    rules = build_rules("all_fives")
    table = CpuTable(rules, [make_player("easy" if s == 0 else "medium", 1 + s) for s in range(rules.players)], 1)
    table.play_hand(deal_seed=1)
    deal, hand = table.match.archive[-1]
    seats = [SeatConfig("You", True)] + [SeatConfig(f"CPU {s}", False) for s in range(1, rules.players)]
    for language, words in (("en", "6-5 on the 6 by the double"), ("es", "6-5 al 6 del doble")):
        LANGUAGE.install(language)
        dialog = CoachDialog(rules, seats, deal, hand, 0, Look())
        qtbot.addWidget(dialog)
        qtbot.waitUntil(lambda dialog=dialog: bool(dialog.rows), timeout=60_000)
        shown = [dialog.tree.topLevelItem(k).text(1) for k in range(dialog.tree.topLevelItemCount())]  # type: ignore[union-attr]
        assert words in shown, shown


def test_the_skill_page_says_a_costly_play_by_the_double_as_such(qtbot: QtBot, window: MainWindow) -> None:
    """The skill page's costliest decisions read "you played 6-4 on the 6; best 5-4 on the 4" for a play at the
    end where a double lies, as the coach and the room now say it."""
    a_draw_hand_judged(qtbot, window)
    page = skill_page(qtbot, window)
    snapshot = page.snapshot
    assert snapshot is not None
    [family] = snapshot.families
    costly = Costly("{}", 0, 0, 3, "draw", family.family, "6-4@6d", ("5-4@4", "4-4@4d"), 2.0, "blunder")
    assert all(box.isVisibleTo(page) for box in (page.player, page.family))  # choices once there are some
    page.snapshot = replace(snapshot, costly=(costly,))
    page._show_family()
    said = page.costly_buttons[0].text()
    assert "you played 6-4 on the 6 by the double; best 5-4 on the 4 / 4-4 on the 4 by the double" in said, said


# ---- 2. the lobby's goal in words ------------------------------------------------------------------------


def words_room(box: QComboBox) -> int:
    """The width a combo box draws its current text in (its edit field, inside the frame, padding and arrow)."""
    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    field = box.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, box
    )
    return field.width()


@pytest.mark.parametrize("larger", [0, 2])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_lobby_goal_shows_its_words_whole_at_1024x700(
    qtbot: QtBot, settings: Settings, language: str, larger: int
) -> None:
    """The goal's choice was cut ("Meta: Hasta un objetiv"): the target's box beside it kept ~110 px for at most
    four digits. Now the number box is as wide as "1000" and its arrows need, and the goal's words have the room,
    with the desktop's font or one 2 points larger (where the old lobby cut "Play to a targe"); the options column
    never scrolls sideways at 1024x700 with the desktop's font.

    With the test's own font the old lobby cut the goal only 2 points larger: its Spanish words fitted with 2 px to
    spare (106 of 108), cut on the reporter's wider desktop font. The number box's spare room beside "1000" (60 px
    then, 10 now) fails the old lobby at every font and language (review26b F6)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.font()
    font = app.font()
    font.setPointSizeF(font.pointSizeF() + larger)
    app.setFont(font)
    try:
        LANGUAGE.install(language)
        window = MainWindow(settings, pace_ms=0, threaded=False, cpu_pool=POOL)
        qtbot.addWidget(window)
        window.resize(1024, 700)
        window.show()
        qtbot.waitExposed(window)
        lobby = window.lobby
        qtbot.waitUntil(lambda: lobby.goal.width() > 0)
        qtbot.wait(50)  # the side boxes are placed once the columns are laid out
        goal, target = lobby.goal, lobby.target
        for index in range(goal.count()):
            goal.setCurrentIndex(index)
            metrics = goal.fontMetrics()
            assert metrics.horizontalAdvance(goal.currentText()) <= words_room(goal), (goal.currentText(), goal.width())
        target.setValue(target.maximum())
        edit = target.lineEdit()
        assert edit is not None
        spare = edit.contentsRect().width() - edit.fontMetrics().horizontalAdvance(edit.text())
        assert 4 <= spare <= 20, (spare, edit.width())  # "1000" whole, and the rest of the room left to the goal
        if not larger:
            assert lobby.options_area.horizontalScrollBar().maximum() == 0
    finally:
        app.setFont(before)


# ---- 3. the empty skill page ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Nothing judged yet. Finish a hand you play: your decisions in it are judged in the background"),
        ("es", "Aún no hay nada juzgado. Termina una mano que juegues: tus decisiones en ella se juzgan"),
    ],
)
def test_the_empty_skill_page_says_there_is_nothing_yet_and_how_to_get_some(
    qtbot: QtBot, window: MainWindow, language: str, words: str
) -> None:
    """No hand judged yet: the page showed two blank choices (Player, Family) and an empty headline, which a
    screen reader read as "Your error rate" and nothing more. The choices are hidden, and the headline, the first
    Tab stop after the tabs, says there is nothing yet and how to get some."""
    window.set_language(language)
    dialog = StatsDialog(window.store, "", window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.tabs.setCurrentWidget(dialog.skill)
    page = dialog.skill
    qtbot.waitUntil(lambda: page.snapshot is not None, timeout=10_000)
    assert not page.snapshot.families  # type: ignore[union-attr]
    for box in (page.player, page.family):
        assert not box.isVisibleTo(page) and not page.choice_labels[box].isVisibleTo(page)
    assert page.headline.isVisibleTo(page) and page.headline.text().startswith(words)
    assert not page.status.isVisibleTo(page)  # said once, not again on the status line
    # Nothing to export, and no empty "where you stand" label for a screen reader to list (audit26 F6).
    assert not page.export.isEnabled() and not page.place.isVisibleTo(page)
    tab_bar = dialog.tabs.tabBar()
    tab_bar.setFocus()
    qtbot.waitUntil(tab_bar.hasFocus)
    with read_at_focus(page.headline) as heard:
        qtbot.keyClick(tab_bar, Qt.Key.Key_Tab)
    assert heard and heard[0].startswith(words), heard


# ---- 4. the hand review's scores, each with its side -----------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "preset", "sides"),
    [
        ("en", "jamaican", ("you & CPU 2", "CPU 1 & CPU 3")),
        ("es", "jamaican", ("ti y CPU 2", "CPU 1 y CPU 3")),
        ("en", "cutthroat", ("you", "CPU 1", "CPU 2")),
        ("es", "classic_draw", ("ti", "CPU 1", "CPU 2", "CPU 3")),
    ],
)
def test_the_reviews_hand_list_says_whose_score_is_whose(
    qtbot: QtBot, language: str, preset: str, sides: tuple[str, ...]
) -> None:
    """Jamaican partners: "Hand 2: CPU 1 & CPU 3 won 1 · score after it 0 to 2" did not say which side had which
    number. Each score is named with its side, as each player's already was in a game without sides."""
    LANGUAGE.install(language)
    review, match = review_of_two_cpu_hands(qtbot, preset)
    for index, result in enumerate(match.results):
        to = "for" if language == "en" else "para"  # the number first since polish27 (review26b F5)
        named = ", ".join(f"{score} {to} {side}" for side, score in zip(sides, result.scores, strict=True)) + "."
        assert review.hands.itemText(index).endswith(named), review.hands.itemText(index)
