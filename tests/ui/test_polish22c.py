"""Review 22's findings on the screen-reader work: "Speak through the table's description" (for Orca before 45.2)
keeps each announcement where it was put, reaches whatever has the focus, and its setting is on disk at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store.skill import JudgedHand
from dominoes_desktop.ui.play.controller import MatchSetup, default_seats
from dominoes_desktop.ui.shell.announce import ANNOUNCER
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.store_service import QueuedHand

from .conftest import idle, known_deal, recording, saying, start
from .driving import finish_hand_by_keys, make_window, my_turn, settle
from .test_pass_and_play import TWO_PEOPLE, begin
from .test_player_polish import judged
from .test_polish22 import focused_table


def test_a_cpu_round_leaves_each_announcement_in_the_description(
    qtbot: QtBot, describing: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every refresh (after each move) set the focused tile's words again, so each move put in the description was
    replaced at once: "You played 6-5 on the 6", "one blank, not playable now", "CPU 1 played …", "one blank, …"
    (review 22, finding 1). Now the description holds the words said, one after the other."""
    window = describing
    start(window, "jamaican", seed=1)
    assert my_turn(window)
    view = focused_table(qtbot, window)
    rack = view.table.items_for_rack()
    view.focus_index = next(i for i, item in enumerate(rack) if item.legal)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Right)  # the keys read the tile, as before
    assert "playable" in view.accessibleDescription()
    seen = recording(monkeypatch, view)
    with saying() as lines:
        qtbot.keyClick(view, Qt.Key.Key_Return)
        if view.choosing is not None:
            qtbot.keyClick(view, Qt.Key.Key_Return)
        idle(window)
        settle(qtbot, window)
    assert [line for line in lines if "CPU 1" in line], lines
    assert [text.rstrip("\u00a0") for text in seen] == lines  # each said, in order, and nothing between


def test_the_hand_end_reaches_the_focused_button(qtbot: QtBot, describing: MainWindow) -> None:
    """The sheet over the table takes the focus, and the words went only to a focused table: the hand's result was
    never heard through the description (review 22, finding 2b). What is said while the sheet has the focus goes to
    the focused button of the same window, which gets its own description back when the focus leaves it."""
    window = describing
    start(window, "classic_block", seed=2)
    said: list[tuple[QWidget | None, str]] = []

    def heard(text: str) -> None:
        said.append((QApplication.focusWidget(), text))

    ANNOUNCER.said.connect(heard)
    try:
        finish_hand_by_keys(qtbot, window)
    finally:
        ANNOUNCER.said.disconnect(heard)
    button = QApplication.focusWidget()
    assert isinstance(button, QPushButton) and window.game.hand_end.isAncestorOf(button), button
    off_table = [text for focus, text in said if focus is button]
    assert off_table and any("point" in text for text in off_table), said
    # Session 23: the hand's result is read with the sheet as it takes the focus, so it is no longer put in the
    # button's description as well (heard twice); what is said later while the sheet has the focus still is.
    assert button.accessibleDescription() == ""
    qtbot.keyClick(button, Qt.Key.Key_S)  # the score, asked with the focus on the sheet
    assert button.accessibleDescription().rstrip("\u00a0") == window.voice.score_words()
    view = window.game.table
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=2000)
    qtbot.waitUntil(lambda: button.accessibleDescription() == "", timeout=2000)  # its own again (it has none)


def test_the_describe_setting_is_on_disk_at_once_and_names_45_2(qtbot: QtBot, window: MainWindow) -> None:
    """The menu said "Orca before 45" where the documents say 45.2 (Orca 45.0 and 45.1 speak no announcement
    either), and the setting reached the file only on the next turn of the event loop (review 22, findings 4, 5)."""
    window.describe_action.trigger()
    try:
        assert "describe=true" in Path(window.settings.store.fileName()).read_text(encoding="utf-8")
    finally:
        window.describe_action.trigger()
    assert "describe=false" in Path(window.settings.store.fileName()).read_text(encoding="utf-8")
    assert window.describe_action.text().endswith("(Orca before 45.2)")


@pytest.fixture
def two_people(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[MainWindow, list[QueuedHand]]]:
    """A window keeping its data in `tmp_path`, with two people at the table whose hands are queued for the judge,
    the judge itself not run (each test hands the judgements in), and the hands queued."""
    window = make_window(qtbot, tmp_path)
    store = window.skill.store
    monkeypatch.setattr(store, "judge_with", lambda _run: None)
    queued: list[QueuedHand] = []
    queue = store.queue_hand

    def keep(hand: QueuedHand) -> None:
        queued.append(hand)
        queue(hand)

    monkeypatch.setattr(store, "queue_hand", keep)
    begin(window, seats=TWO_PEOPLE, seed=3)
    yield window, queued
    window.controller.runner.wait(5000)


def came(window: MainWindow, hand: QueuedHand, losses: tuple[float, ...]) -> None:
    """The judge's answer for `hand`, as the store gives it."""
    window.skill.store.handJudged.emit(
        JudgedHand(hand.origin, hand.player, "jamaican", False, False, 0.0, "", judged(losses))
    )


def end_the_hand(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.autoplay(10_000)
    qtbot.waitUntil(lambda: window.game.hand_end.isVisible(), timeout=30_000)


def test_each_judgement_says_only_its_own_words(qtbot: QtBot, two_people: tuple[MainWindow, list[QueuedHand]]) -> None:
    """With two people, each judgement said the whole line again: the first person's words twice (review 22,
    finding 3). Each person's words are said once, as their judgement comes."""
    window, queued = two_people
    end_the_hand(qtbot, window)
    assert [hand.player for hand in queued] == ["Ana", "Beto"]
    with saying() as lines:
        came(window, queued[0], (0.0, 3.0))
        came(window, queued[1], (0.0,))
    assert len(lines) == 2, lines
    assert lines[0].startswith("Ana: Luck") and "Beto" not in lines[0], lines
    assert lines[1].startswith("Beto: Luck") and "Ana" not in lines[1], lines
    line = window.skill.line
    assert line is not None and "Ana" in line.text() and "Beto" in line.text()  # the sheet shows both


def test_a_judgement_come_before_the_sheet_shows_is_said_with_it(
    qtbot: QtBot, two_people: tuple[MainWindow, list[QueuedHand]]
) -> None:
    """A judgement that came while the sheet was not in sight was never said (review 22, finding 3): it is said
    as the sheet shows."""
    window, queued = two_people
    end_the_hand(qtbot, window)
    sheet = window.game.hand_end
    sheet.hide()
    with saying() as lines:
        came(window, queued[0], (0.0, 3.0))
        assert lines == []
        sheet.show()
    assert len(lines) == 1 and lines[0].startswith("Ana: Luck"), lines


@pytest.mark.parametrize("language", ["en", "es"])
def test_h_says_why_it_gives_no_hint(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """ACCESSIBILITY.md promised that a key that does nothing says why, and H said nothing with hints off for the
    match or before the person's turn (review 22): it says why, at once, in the game's language."""
    if language != "en":
        window.set_language(language)
    off, wait = {
        "en": ("Hints are off for this match.", "Wait for your turn."),
        "es": ("Las pistas están desactivadas en esta partida.", "Espera tu turno."),
    }[language]
    with saying() as lines:
        seats = tuple(default_seats(4))
        window.start_match(MatchSetup(build_rules("jamaican"), seats, hints=False), 1, known_deal(1))
        idle(window)
        assert my_turn(window)
        view = focused_table(qtbot, window)
        del lines[:]
        qtbot.keyClick(view, Qt.Key.Key_H)
        assert lines == [off]
        begin(window, seats=TWO_PEOPLE, seed=3)
        assert window.game.table.curtain, "the screen is passed before a person's turn"
        view = focused_table(qtbot, window)
        del lines[:]
        qtbot.keyClick(view, Qt.Key.Key_H)
        assert lines == [wait]


def test_spanish_target_and_view_items_read_apart(qtbot: QtBot, window: MainWindow) -> None:
    """In Spanish the target was "Objetivo" on its box but "meta" (the goal's word) in the same row's choice and
    in the duplicate match's text; and two View items in a row began with "Pasar", the second not about passing
    (review 22)."""
    window.set_language("es")
    lobby = window.lobby
    choices = [lobby.goal.itemText(i) for i in range(lobby.goal.count())]
    assert "Hasta un objetivo" in choices and not [text for text in choices if "meta" in text], choices
    lobby.select("jamaican")
    lobby.duplicate.setChecked(True)
    (preface,) = [line for line in lobby.rules_view.toPlainText().splitlines() if line.startswith("Cada reparto")]
    assert "sin objetivo" in preface and "meta" not in preface, preface
    auto_pass, auto_next = window.auto_pass_action.text(), window.auto_next_action.text()
    assert auto_pass.startswith("Pasar") and not auto_next.startswith("Pasar"), (auto_pass, auto_next)
    assert auto_next.replace("&", "") == "Seguir con la siguiente mano automáticamente"
