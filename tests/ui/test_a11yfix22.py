"""Screen-reader findings of the a11y22 audit, fixed in the room's window, the review and rules dialogs, the
statistics and the labels of the side panel and the hand-end sheet: each test meets the real widgets as a
listener does (keys to the focused control; what a QLabel is called, which is all AT-SPI reads of it; what the
game announces)."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QComboBox, QTextBrowser, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.learn.rules_page import RulesDialog
from dominoes_desktop.ui.play.panels import scores_said
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.room.room_window import RoomWindow
from dominoes_desktop.ui.shell.i18n import LANGUAGE, plain
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import saying, start
from .driving import finish_hand_by_keys, idle, known_deal, make_window, play_turn_by_keys, reviewed_hand


@pytest.fixture(autouse=True)
def english(qtbot: QtBot) -> Iterator[None]:
    LANGUAGE.install("en")
    yield


@pytest.fixture
def heard() -> Iterator[list[str]]:
    """What the announcer says, in order (what reaches AT-SPI as announcements)."""
    with saying() as lines:
        yield lines


def accessible_name(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    return str(interface.text(QAccessible.Text.Name))


def words(text: str) -> str:
    """Text as heard: spaces of any kind (line breaks, no-break spaces) and full stops aside."""
    return re.sub(r"[\s.]+", " ", text).strip()


# ---- the room's window (A8, A17) ---------------------------------------------------------------------


def lobby_room() -> dict[str, Any]:
    """The room in its lobby: Ana hosts, Ben is invited, two CPUs."""
    seats = [
        {"seat": i, "name": name, "kind": kind, "cpu": kind == "cpu", "connected": True}
        for i, (name, kind) in enumerate((("Ana", "host"), ("Ben", "friend"), ("", "cpu"), ("", "cpu")))
    ]
    return {"t": "room", "state": "lobby", "host_seat": 0, "seats": seats, "preset": "puerto_rican", "options": {}}


def hosting(qtbot: QtBot) -> tuple[RoomWindow, list[dict[str, Any]]]:
    """The host's window of a room still in its lobby, its connection going nowhere; what it sends is kept."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    window = RoomWindow("127.0.0.1", port, {"t": "create", "name": "Ana"}, auto_cut=False)
    qtbot.addWidget(window)
    sent: list[dict[str, Any]] = []
    window.controller.send = sent.append  # type: ignore[method-assign]
    window.resize(1024, 700)
    window.show()
    window.controller.receive({"t": "joined", "code": "ABC-123", "seat": 0, "token": "t"})
    window.controller.receive(lobby_room())
    return window, sent


def test_enter_on_the_room_s_start_button_starts_the_match(qtbot: QtBot) -> None:
    window, sent = hosting(qtbot)
    start = window.start_button
    assert start.isVisible()
    start.setFocus()
    qtbot.keyClick(start, Qt.Key.Key_Return)  # a listener tabs to "Start push button" and presses Enter
    assert sent == [{"t": "start"}]
    qtbot.keyClick(window.copy, Qt.Key.Key_Enter)  # the keypad's Enter too, on the invite's button
    assert window.log.toPlainText().startswith("Invite link copied: dominoes://")


def test_the_room_s_status_is_said_waiting_for_start_a_lost_connection_and_no_hints(
    qtbot: QtBot, heard: list[str]
) -> None:
    window, _ = hosting(qtbot)
    assert heard.count("Invite players, then press Start.") == 1  # what the room waits for, as the window opens
    window.controller.receive(lobby_room())  # the room again (a guest came or went): not said again
    assert heard.count("Invite players, then press Start.") == 1
    window.page.table.hintRequested.emit()  # H at a room's table
    assert heard[-1] == "Rooms give no hints."
    window.controller.closed.emit("The server went away.")
    assert heard[-1] == "Disconnected. The server went away."


def test_the_room_s_window_is_a_window_named_by_its_title(qtbot: QtBot) -> None:
    window, _ = hosting(qtbot)
    interface = QAccessible.queryAccessibleInterface(window)
    assert interface is not None
    assert interface.role() == QAccessible.Role.Window  # a "frame" on AT-SPI, not a "filler"
    assert interface.text(QAccessible.Text.Name) == "Dominoes Desktop: room ABC-123"


# ---- hand review (A10) --------------------------------------------------------------------------------


def test_stepping_through_a_reviewed_hand_says_each_move_and_the_caption_reads_as_it_shows(
    qtbot: QtBot, window: MainWindow, heard: list[str]
) -> None:
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    review = reviewed_hand(qtbot, window)
    total = len(review.played.history)
    last = review.caption.text()
    assert last.startswith(f"Move {total} of {total}: ")
    assert accessible_name(review.caption) == last  # its text, not a fixed "Move"
    before = len(heard)
    review.back.setFocus()
    qtbot.keyClick(review.back, Qt.Key.Key_Space)  # "Previous move", as a listener presses it
    turn = review.played.history[total - 2]
    who = window.controller.seats[turn.seat].name
    said = heard[before:]
    assert said == [review.caption.text()], said
    assert said[0].startswith(f"Move {total - 1} of {total}: ") and ("You" if turn.seat == 0 else who) in said[0]
    assert accessible_name(review.caption) == said[0]
    review.resize(review.width() + 40, review.height())  # refitted, not stepped: nothing more is said
    qtbot.wait(50)
    assert heard[before + 1 :] == []
    review.forward.setFocus()
    qtbot.keyClick(review.forward, Qt.Key.Key_Space)  # "Next move" to the last one: the focus stays on the steps
    assert heard[-1] == last and review.focusWidget() is review.back
    qtbot.keyClick(review.back, Qt.Key.Key_Space)
    assert heard[-1] == said[0]
    review.first.setFocus()
    qtbot.keyClick(review.first, Qt.Key.Key_Space)  # "First move": the focus goes on to Next, not off the steps
    assert heard[-1].startswith("Dealt: You: ") and review.focusWidget() is review.forward


# ---- the house rules (A9) -----------------------------------------------------------------------------


def test_the_rules_are_read_line_by_line_with_the_arrows(qtbot: QtBot) -> None:
    dialog = RulesDialog(build_rules("jamaican"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    text = dialog.findChild(QTextBrowser)
    text.setFocus()
    lines = []
    for _ in range(3):  # a caret that moves is what a screen reader reads lines from
        qtbot.keyClick(text, Qt.Key.Key_Down)
        lines.append(text.textCursor().position())
    assert lines == sorted(set(lines)) and lines[0] > 0, lines
    qtbot.keyClick(text, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert text.textCursor().atEnd()
    assert not text.textCursor().hasSelection()  # read, not selected: nothing was changed by reading


# ---- labels named by what they show (A5) ----------------------------------------------------------------


def test_the_labels_of_the_panel_the_sheet_and_the_statistics_are_read_with_their_text(
    qtbot: QtBot, tmp_path: Path, heard: list[str]
) -> None:
    """A QLabel has no text interface on AT-SPI: its accessible name is all a listener reads. A fixed title
    ("Scores", "Luck and your decisions", "Fair deal", "Your records", "Practice", ...) hid what they show."""
    window = make_window(qtbot, tmp_path)
    try:
        assert window.skill is not None
        window.skill.start()
        window.quick_start(build_rules("draw", {"target": 300}), "medium", 4, known_deal(4))
        idle(window)
        body = window.game.scores.body
        # What it shows, the sides a comma apart as the sheet says them (session 28), where its lines ran into stops.
        controller = window.controller
        assert controller.rules is not None
        said = scores_said(controller.rules, controller.seats, controller.scores)
        assert accessible_name(body) == f"Scores: {said}. First to 300 points."
        assert words(plain(body.text())).startswith(words(said.replace(",", ".")))
        assert "First to 300 points" in accessible_name(body)
        window.controller.autoplay(200)
        sheet = window.game.hand_end
        qtbot.waitUntil(sheet.isVisible, timeout=30_000)
        scores = accessible_name(body)
        assert scores.startswith("Scores: ") and any(str(n) in scores for n in window.controller.scores)
        seal = window.game.deal_seal.label
        assert seal.isVisible() and accessible_name(seal).startswith("This deal was sealed with fingerprint ")
        line = window.skill.line
        assert line is not None
        qtbot.waitUntil(lambda: "·" in line.text(), timeout=60_000)  # "Luck +8 · your decisions -2: …"
        judged = plain(line.text())
        assert words(accessible_name(line)) == words(judged)
        assert judged in heard, heard[-3:]  # said when it comes, after the sheet was said
        dialog = StatsDialog(window.store, "", window)
        qtbot.addWidget(dialog)
        dialog.show()
        problem = "The statistics could not be read: the disk is full."
        window.store.statisticsRead.emit(dialog._asked, problem)  # the store's answer when it cannot read them
        assert accessible_name(dialog.status) == problem
        dialog.refresh()  # read again, now without a problem
        page = dialog.skill
        dialog.tabs.setCurrentWidget(page)
        qtbot.waitUntil(lambda: page.snapshot is not None and bool(page.snapshot.families), timeout=10_000)
        assert page.records.text().startswith("Records: ")
        for label in (page.records, page.practice, dialog.luck.summary):
            assert label.text() and words(accessible_name(label)) == words(plain(label.text())), label.text()
    finally:
        window.controller.runner.wait(5000)


# ---- the statistics' combo boxes (A4) -----------------------------------------------------------------


def labelled_by(widget: QWidget) -> list[str]:
    """The labels a screen reader names `widget` by (AT-SPI's labelled-by relation: a QLabel whose buddy it is).
    On Linux a combo box's own name is its value ("Home"), whatever setAccessibleName says."""
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    return [str(other.text(QAccessible.Text.Name)) for other, _ in interface.relations(QAccessible.RelationFlag.Label)]


def test_every_combo_box_of_the_statistics_is_labelled(qtbot: QtBot, window: MainWindow) -> None:
    dialog = StatsDialog(window.store, "", window)
    qtbot.addWidget(dialog)
    dialog.show()
    labels = {}
    for page in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(page)
        for combo in dialog.findChildren(QComboBox):
            # The skill page's choices are hidden while they have nothing to choose (polish26): labelled all the same.
            if combo.isVisible() or combo in dialog.skill.choice_labels:
                labels[combo] = labelled_by(combo)
    assert labels[dialog.group] == ["Stats group"]
    assert labels[dialog.skill.player] == ["Player"] and labels[dialog.skill.family] == ["Family"]
    assert len(labels) == 5 and all(len(names) == 1 for names in labels.values()), labels.values()


# ---- the move log (A18) -------------------------------------------------------------------------------


def test_tabbing_into_the_move_log_lands_on_the_newest_move(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=2)
    for _ in range(2):
        play_turn_by_keys(qtbot, window)
    idle(window)
    log = window.game.log
    assert log.count() > 3
    log.setFocus(Qt.FocusReason.TabFocusReason)  # as Ctrl+Tab, then Tab, bring it
    assert log.currentRow() == log.count() - 1
    interface = QAccessible.queryAccessibleInterface(log)
    assert interface is not None and interface.focusChild() is not None
    assert interface.focusChild().text(QAccessible.Text.Name) == log.item(log.count() - 1).text()
