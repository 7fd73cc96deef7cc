"""What a player saw wrong (session 28's look at the game as a player, visual28): the coach's Move column naming
the person "You" in Spanish, its Why running an end's number into a count ("on the 1 5 times in 10"), the luck
lines naming a seat "Tú" beside plates saying "Jugador 1", a plate breaking "Jugador 3" into "Jugador" over "3",
a shared screen's match-end sheet cut short, the skill page saying its rating twice, and a stray line beside the
room's tabs. Each test drives the real widgets."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.analysis.hand_luck import LUCK_VERSION
from dominoes_desktop.engine.analysis.rating import DecisionJudgement, Family, HandJudgement
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store import skill
from dominoes_desktop.store.skill import JudgedHand, QueuedHand
from dominoes_desktop.store.stats import Statistics
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.coach_panel import CoachDialog
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE, plain
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.store_service import StoreService
from tests.store.test_skill import one_hand

from .driving import hand_over, idle, known_deal, make_window, play_turn_by_clicks, settle
from .test_coach_panel import near_tie_row
from .test_room_table import offline_ben

# Two people at one screen, both left with the lobby's generic names (as visual28 played it).
TWO = [SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("You", True), SeatConfig("CPU 3", False)]


def _coach(qtbot: QtBot, seats: list[SeatConfig] | None = None) -> CoachDialog:
    """The coach on the near-tie hand of test_coach_panel, its own verdict in (seat 0 named "You")."""
    table, own_seats, _ = near_tie_row()
    deal, hand = table.match.archive[-1]
    dialog = CoachDialog(table.match.rules, seats or own_seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=120_000)
    return dialog


# ---- 1. the coach names the person as the table does -----------------------------------------------------


@pytest.mark.parametrize(("language", "you"), [("en", "You"), ("es", "Tú")])
def test_the_coach_names_the_person_as_the_plates_do(qtbot: QtBot, language: str, you: str) -> None:
    """A match begun in English, the game in Spanish since: the coach's Move column said "1 · You ★"."""
    LANGUAGE.install(language)
    dialog = _coach(qtbot)
    moves = [dialog.tree.topLevelItem(i).text(0) for i in range(dialog.tree.topLevelItemCount())]
    assert moves and all(re.fullmatch(rf"\d+ · {you}( ★)?", move) for move in moves), moves


def test_the_coach_names_two_people_at_one_screen_as_their_plates(qtbot: QtBot) -> None:
    """Two people at the screen, the first left as "You": the plates say "Player 1", so does the coach."""
    _, seats, _ = near_tie_row()
    two = [seats[0], seats[1], SeatConfig("Beto", True), *seats[3:]]
    dialog = _coach(qtbot, two)
    rows = [(row.seat, dialog.tree.topLevelItem(i).text(0)) for i, row in enumerate(dialog.rows)]
    assert rows and all(text.split(" · ")[1].startswith("Player 1") for seat, text in rows if seat == 0), rows
    assert all("You" not in text for _, text in rows), rows


# ---- 2. a count never follows an end's number ------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_coach_never_runs_an_ends_number_into_a_count(qtbot: QtBot, language: str) -> None:
    """ "it comes out ahead 6 times in 10, 3-1 on the 1 5 times in 10": the end's 1 and the count's 5 read as
    one number. The other move now comes after its count."""
    LANGUAGE.install(language)
    _, _, tie_row = near_tie_row()
    reasons, fair = tie_row.reasons, tie_row.fair
    assert reasons is not None and fair is not None
    mine = replace(reasons.played, went_out=False, stuck=(), scored=0, follow=1, ahead=0.6)
    other = replace(mine, ahead=0.5)
    dialog = _coach(qtbot)
    text = dialog.best_text(fair.judged, replace(reasons, played=mine, other=other))
    count = "6 times in 10" if language == "en" else "6 veces de cada 10"
    assert count in text, text
    # No number (an end, "on the 1"; "al 1") straight before another count ("5 times", "5 veces").
    assert not re.search(r"\d (\d+) (times?|vez|veces)", text), text


# ---- 3. the luck lines name each person as the plates do -------------------------------------------------


def _judgement(seat: int) -> HandJudgement:
    decisions = (DecisionJudgement(0, 0, ("6-6", "5-1"), "5-1", ("6-6",), 0.0, "best", False),)
    return HandJudgement(0, seat, Family.HANDS, decisions, 0.0, 0.0, LUCK_VERSION)


def _finish_shared_hand(qtbot: QtBot, window: MainWindow) -> None:
    """Play a hand at one screen by clicks, lifting the curtain for each person, to its end sheet."""
    page = window.game
    for _ in range(200):
        idle(window)
        settle(qtbot, window)
        if hand_over(window):
            break
        if page.curtain.isVisible():
            qtbot.mouseClick(page.curtain_button, Qt.MouseButton.LeftButton)
            continue
        play_turn_by_clicks(qtbot, window)
    qtbot.waitUntil(lambda: page.hand_end.isVisible(), timeout=10_000)


@pytest.mark.parametrize(("language", "first"), [("en", "Player 1"), ("es", "Jugador 1")])
def test_the_luck_lines_name_each_person_as_the_plates_do(
    qtbot: QtBot, tmp_path: Path, language: str, first: str
) -> None:
    """Pass and play, the first seat left as "You": every plate and score said "Jugador 1", the sheet's luck
    lines "Tú: Suerte 0 · tus decisiones 0…"."""
    LANGUAGE.install(language)
    window = make_window(qtbot, tmp_path)
    window.start_match(MatchSetup(build_rules("jamaican"), TWO), 3, known_deal(3))
    _finish_shared_hand(qtbot, window)
    recorder = window._skill
    for origin, (_, seat) in list(recorder._ours.items()):
        judged = JudgedHand(origin, "", "jamaican", False, False, 0.0, "", _judgement(seat))
        window.store.handJudged.emit(judged)
    line = recorder.line
    assert line is not None and line.isVisible()
    said = plain(line.text())
    assert window.game.table.table.plates[0].lines[0] == first
    assert f"{first}:" in said and "You:" not in said and "Tú:" not in said, said
    window.controller.runner.wait(5000)


# ---- 4. a plate never puts a bare number on a line ------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_no_plate_puts_a_number_on_a_line_of_its_own(
    qtbot: QtBot, window: MainWindow, language: str, size: tuple[int, int]
) -> None:
    """Pass and play in Spanish at 1024x700: the plate beside Jugador 3's rack read "Jugador" over "3"."""
    LANGUAGE.install(language)
    window.resize(*size)
    window.start_match(MatchSetup(build_rules("jamaican"), TWO), 3, known_deal(3))
    page = window.game
    seen = 0
    for _ in range(12):
        idle(window)
        settle(qtbot, window)
        if hand_over(window):
            break
        if page.curtain.isVisible():
            qtbot.mouseClick(page.curtain_button, Qt.MouseButton.LeftButton)
            settle(qtbot, window)
            qtbot.wait(20)
            for seat, plate in page.table.table.plates.items():
                bare = [line for line in plate.lines if line.strip().isdigit()]
                assert bare == [], f"seat {seat}'s plate: {plate.lines}"
                seen += 1
            continue
        play_turn_by_clicks(qtbot, window)
    assert seen >= 8  # both people's turns looked at, every plate each time


# ---- 5. the hand-end sheet keeps every line of its result ------------------------------------------------


def _squeezed(window: MainWindow) -> list[str]:
    """The sheet's wrapped labels drawn shorter than their words need at their width, and any button or label
    reaching past the sheet's foot."""
    sheet = window.game.hand_end
    found = []
    for label in sheet.findChildren(QLabel):
        if not label.isVisibleTo(sheet) or not label.wordWrap() or not label.text():
            continue
        needed = label.heightForWidth(label.width())
        if label.height() < needed:
            found.append(f"{plain(label.text())[:40]!r}: {label.height()} of {needed} px")
        bottom = label.mapTo(sheet, label.rect().bottomLeft()).y()
        if bottom > sheet.height():
            found.append(f"{plain(label.text())[:40]!r} ends at {bottom}, the sheet at {sheet.height()}")
    return found


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_shared_screens_match_end_shows_its_whole_result_at_1024x700(
    qtbot: QtBot, tmp_path: Path, language: str
) -> None:
    """Pass and play in Spanish at 1024x700, a one-hand match: the match's end, the pips of every seat and each
    person's two luck lines did not fit the sheet; the pip table lost its last two rows."""
    LANGUAGE.install(language)
    window = make_window(qtbot, tmp_path)
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 700), timeout=3000)
    window.start_match(MatchSetup(build_rules("jamaican", {"target": 1}), TWO), 3, known_deal(3))
    _finish_shared_hand(qtbot, window)
    assert window.controller.match_over
    recorder = window._skill
    for origin, (_, seat) in list(recorder._ours.items()):
        window.store.handJudged.emit(JudgedHand(origin, "", "jamaican", False, False, 0.0, "", _judgement(seat)))
    assert recorder.line is not None and recorder.line.isVisible()
    qtbot.wait(50)  # the sheet laid out again with its luck lines
    assert _squeezed(window) == []
    window.controller.runner.wait(5000)


# ---- 6. the skill page says its rating once ---------------------------------------------------------------


def _skill_page_with(qtbot: QtBot, tmp_path: Path, hands: int) -> tuple[str, str]:
    """The skill page's headline (its text, plain, and what a screen reader hears) over `hands` judged hands."""
    stats = Statistics(tmp_path)
    assert stats.db is not None
    for k in range(hands):
        origin = QueuedHand.of(one_hand().record, 0, 0, "Ana", practice=False, duplicate=False)
        skill.queue_hand(stats.db, replace(origin, origin=f"{origin.origin}-{k}"))
        [waiting] = skill.queued(stats.db)
        decisions = (DecisionJudgement(0, 0, ("6-6", "5-1"), "5-1", ("6-6",), 0.3 * (k % 3), "fine", False),)
        skill.keep_judgement(stats.db, waiting.id, HandJudgement(0, 0, Family.HANDS, decisions, 1.0, 0.0, LUCK_VERSION))
    stats.close()
    store = StoreService(tmp_path, threaded=False)
    store.start()
    dialog = StatsDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.tabs.setCurrentWidget(dialog.skill)
    page = dialog.skill
    qtbot.waitUntil(lambda: page.snapshot is not None and bool(page.snapshot.families), timeout=10_000)
    said = plain(page.headline.text()), page.headline.accessibleDescription()
    dialog.close()
    store.close()
    return said


def test_the_skill_page_says_its_rating_once_while_every_hand_is_recent(qtbot: QtBot, tmp_path: Path) -> None:
    """Three hands judged: "Error rate: 23.4 (…), provisional: 3 decisions so far" and, on the next line, "Last 100
    hands: 23.4 (…), provisional: 3 decisions so far", the same words again."""
    text, heard = _skill_page_with(qtbot, tmp_path, 3)
    assert text.startswith("Error rate: ") and "provisional" in text, text
    assert "Last 100 hands" not in text and "Last 100 hands" not in heard, (text, heard)
    rating = text.removeprefix("Error rate: ").split(" (")[0]
    assert text.count(rating + " (") == 1 and heard.count(rating + " (") == 1, (text, heard)


def test_the_skill_page_says_the_last_100_hands_apart_once_there_are_more(qtbot: QtBot, tmp_path: Path) -> None:
    """Past 100 hands the last 100 are a rating of their own: said on their line, as before."""
    text, heard = _skill_page_with(qtbot, tmp_path, 101)
    assert "Last 100 hands: " in text and "Last 100 hands " in heard, (text, heard)


# ---- 7. nothing stray beside the room's tabs --------------------------------------------------------------


def test_no_stroke_beside_the_room_s_tabs(qtbot: QtBot) -> None:
    """The room window's "Moves | Players and talk" tabs had a light line in the empty strip at their right: the
    tab bar's base, drawn in document mode."""
    window, _ = offline_ben(qtbot)
    qtbot.wait(50)
    bar = window.tabs.tabBar()
    last = bar.tabRect(bar.count() - 1)
    picture = window.grab().toImage()  # the window whole: the strip shows the panel's colour behind the tabs
    left = bar.mapTo(window, last.topRight()).x() + 4
    right = window.tabs.mapTo(window, window.tabs.rect().topRight()).x()
    top = bar.mapTo(window, last.topLeft()).y()
    assert left < right - 4, "an empty strip beside the tabs"
    light = [
        (x, y)
        for x in range(left, right)
        for y in range(top, top + last.height() + 2)
        if picture.pixelColor(x, y).lightness() > 150
    ]
    assert light == [], light[:5]


# ---- 8. the tile tracker says why it is blank behind the curtain ------------------------------------------


@pytest.mark.parametrize(("language", "hidden"), [("en", "Hidden until"), ("es", "Oculto hasta")])
def test_the_tile_tracker_says_why_it_is_blank_behind_the_curtain(
    qtbot: QtBot, window: MainWindow, language: str, hidden: str
) -> None:
    """Pass and play with the tile tracker: while the curtain called the next person the tracker was an empty
    dark box under the turn line."""
    LANGUAGE.install(language)
    window.resize(1920, 1055)
    window.start_match(MatchSetup(build_rules("jamaican"), TWO, tracker=True), 3, known_deal(3))
    idle(window)
    page = window.game
    assert page.curtain.isVisible() and page.tracker.isVisible()
    behind = plain(page.tracker.text())
    assert hidden in behind and "/" not in behind, behind  # why it is blank, and no "6:3/7" count of unseen tiles
    qtbot.mouseClick(page.curtain_button, Qt.MouseButton.LeftButton)
    idle(window)
    shown = plain(page.tracker.text())
    assert hidden not in shown and "/" in shown, shown  # the person's own counts, once their tiles show
