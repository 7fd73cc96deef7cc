"""What a player saw wrong (session 28's look at the game as a player, visual28): the coach's Move column naming
the person "You" in Spanish, its Why running an end's number into a count ("on the 1 5 times in 10"), the luck
lines naming a seat "Tú" beside plates saying "Jugador 1", and a plate breaking "Jugador 3" into "Jugador" over
"3". Each test drives the real widgets."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.analysis.hand_luck import LUCK_VERSION
from dominoes_desktop.engine.analysis.rating import DecisionJudgement, Family, HandJudgement
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store.skill import JudgedHand
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.coach_panel import CoachDialog
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.shell.i18n import LANGUAGE, plain
from dominoes_desktop.ui.shell.main_window import MainWindow

from .driving import hand_over, idle, known_deal, make_window, play_turn_by_clicks, settle
from .test_coach_panel import near_tie_row

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
