"""The screen reader's leftovers at the table (session 23): what "Speak through the table's description" (Orca before
45.2) still said twice, an empty rack shown as "—", the first end of a choice said twice, the move log losing the
player's place, and the look dialog's nameless preview. Each test drives the real widgets as a listener does."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.look.look_dialog import LookDialog
from dominoes_desktop.ui.shell.announce import ANNOUNCER
from dominoes_desktop.ui.shell.i18n import plain
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.view import describe_tile

from .conftest import idle, read_at_focus, recording, saying, start
from .driving import finish_hand_by_keys, my_turn, play_turn_by_keys, settle
from .test_polish22 import end_said, focused_table, two_end_turn

NBSP = "\u00a0"


Described = list[tuple[QWidget, str, QWidget | None]]


@pytest.fixture
def described(monkeypatch: pytest.MonkeyPatch) -> Described:
    """Every description set from Python on any widget, in order: (the widget, the words, the focus then)."""
    seen: Described = []
    original: Callable[[QWidget, str], None] = QWidget.setAccessibleDescription

    def record(widget: QWidget, text: str) -> None:
        seen.append((widget, text, QApplication.focusWidget()))
        original(widget, text)

    monkeypatch.setattr(QWidget, "setAccessibleDescription", record)
    return seen


def read_out(seen: Described) -> list[str]:
    """What a screen reader reads of those: the descriptions set on the widget that has the focus."""
    return [text.rstrip(NBSP) for widget, text, focus in seen if widget is focus]


# ---- 1. "Speak through the table's description" on ----------------------------------------------------


def test_the_hand_s_result_is_read_once_with_the_sheet_not_again_as_its_button_s_description(
    qtbot: QtBot, describing: MainWindow, described: Described
) -> None:
    """The sheet takes the focus with its words, which Orca 43.1 reads as the focus comes in ("End of the hand
    panel. CPU 3 went out (domino). 42 points to CPU 3. …"); the headline and the sheet were then put in the
    focused Next hand's description too and read again. They are still announced (for a newer Orca), once."""
    window = describing
    start(window, "jamaican", seed=2)
    sheet = window.game.hand_end
    with saying() as lines:
        finish_hand_by_keys(qtbot, window)
        settle(qtbot, window)
    result = window.controller.last_result
    assert result is not None
    rules = window.controller.rules
    assert rules is not None
    headline = sheet.headline(rules, result, window.controller.seats)
    focus = QApplication.focusWidget()
    assert isinstance(focus, QPushButton) and sheet.isAncestorOf(focus), focus
    assert plain(sheet.text.text()).startswith(headline)  # what the focus reads
    on_sheet = [text for widget, text, focus in described if widget is focus and sheet.isAncestorOf(widget) and text]
    assert on_sheet == [], on_sheet
    assert lines.count(headline) == 1 and sum("pips" in line for line in lines) == 1, lines[-3:]


def test_the_sealed_deal_s_line_is_read_once_before_the_table_takes_the_focus(
    qtbot: QtBot, describing: MainWindow, described: Described
) -> None:
    """Start cuts the first deal and the table takes the focus; the seal's line was then put in the table's
    description, which Orca 43.1 read with the table's focus ("Domino table. Deal sealed: …") and again as a change.
    It is said from Start, while Start has the focus, before the table takes it."""
    window = describing
    focuses: list[QWidget | None] = []
    app = QApplication.instance()
    assert isinstance(app, QApplication)

    def moved(_old: QWidget | None, new: QWidget | None) -> None:
        focuses.append(new)

    app.focusChanged.connect(moved)
    lobby = window.lobby
    lobby.start.setFocus()
    qtbot.waitUntil(lobby.start.hasFocus, timeout=2000)
    del focuses[:]
    with saying() as lines:
        qtbot.keyClick(lobby.start, Qt.Key.Key_Space)
        idle(window)
    app.focusChanged.disconnect(moved)  # (the announcer's own connection stays)
    sealed = [line for line in lines if line.startswith("Deal sealed: ")]
    assert len(sealed) == 1 and sealed[0].endswith("Start cut the deck."), lines
    heard = read_out(described)
    assert heard.count(sealed[0]) == 1, heard
    (where,) = [widget for widget, text, focus in described if text.rstrip(NBSP) == sealed[0] and widget is focus]
    assert where is lobby.start  # before the table had the focus
    view = window.game.table
    assert view in focuses and not [text for widget, text, _ in described if widget is view and "sealed" in text]


def test_the_rack_s_stale_words_are_not_read_as_the_sheet_takes_the_focus(
    qtbot: QtBot, describing: MainWindow, described: Described, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The focus leaving the table gave it back its own description (the focused tile's words) before Qt told the
    screen reader of the focus's move: Orca 43.1 read "six four, playable" between the last move and the sheet.
    The words come back once the focus has moved, when a screen reader no longer reads the table's changes."""
    window = describing
    start(window, "jamaican", seed=2)
    view = focused_table(qtbot, window)
    qtbot.keyClick(view, Qt.Key.Key_Right)  # the table has its own words: a tile
    sheet = window.game.hand_end
    moving: list[bool] = []
    for button in (sheet.next, sheet.again):
        focus_it = button.setFocus

        def wrapped(*args: object, focus_it: Callable[..., None] = focus_it) -> None:
            moving.append(True)
            try:
                focus_it(*args)
            finally:
                moving.pop()

        monkeypatch.setattr(button, "setFocus", wrapped)
    while_moving: list[str] = []
    original: Callable[[str], None] = view.setAccessibleDescription

    def record(text: str) -> None:
        if moving:
            while_moving.append(text)
        original(text)

    monkeypatch.setattr(view, "setAccessibleDescription", record)
    finish_hand_by_keys(qtbot, window)
    assert sheet.isAncestorOf(QApplication.focusWidget())
    assert while_moving == []
    qtbot.wait(20)
    assert "playable" in view.accessibleDescription()  # its own again (a tile's words), once the focus had moved


@pytest.mark.parametrize("describe", [True, False])
def test_next_hand_brings_the_focus_to_the_new_rack_s_tile(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, describe: bool
) -> None:
    """Enter on Next hand: the sheet hid with the focus and Qt passed it to the table before the deal, so Orca 43.1
    read the last hand's tile there ("Domino table. six five, not playable now."), and never the new rack's. The
    table takes the focus once the new tiles are on the rack, with the focused one's words, set once."""
    if describe:
        window.describe_action.trigger()
    try:
        start(window, "jamaican", seed=2)
        finish_hand_by_keys(qtbot, window)
        view = window.game.table
        seen = recording(monkeypatch, view)
        with read_at_focus(view) as at_focus:
            button = QApplication.focusWidget()
            assert button is window.game.hand_end.next
            qtbot.keyClick(button, Qt.Key.Key_Return)
            idle(window)
        read_once_with_a_rack_tile(window, at_focus, seen)
    finally:
        if ANNOUNCER.describe:
            window.describe_action.trigger()


@pytest.mark.parametrize("describe", [True, False])
def test_start_brings_the_focus_to_the_dealt_rack_s_tile(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, describe: bool
) -> None:
    """Start by keys: the lobby hid with the focus and Qt passed it to the table before the deal; the rack's first
    tile was then set as the table's description, which Orca 43.1 read twice ("six two, not playable now." with the
    focus, as it read the description then, and again as a change). The table takes the focus with the tile's
    words already there, and they are not set again."""
    if describe:
        window.describe_action.trigger()
    try:
        view = window.game.table
        lobby = window.lobby
        lobby.start.setFocus()
        qtbot.waitUntil(lobby.start.hasFocus, timeout=2000)
        seen = recording(monkeypatch, view)
        with read_at_focus(view) as at_focus:
            qtbot.keyClick(lobby.start, Qt.Key.Key_Space)
            idle(window)
        read_once_with_a_rack_tile(window, at_focus, seen)
    finally:
        if ANNOUNCER.describe:
            window.describe_action.trigger()


def test_the_next_match_s_seal_is_not_put_on_start_as_the_match_starts(
    qtbot: QtBot, window: MainWindow, described: Described
) -> None:
    """The next match's seal came as the match started and was set as Start's description while Orca 43.1 still had
    Start as its focus (the table not yet focused): it read "First deal sealed: …" of a deal not yet played. It is
    set when the lobby shows again, before Start takes the focus."""
    lobby = window.lobby
    lobby.start.setFocus()
    qtbot.waitUntil(lobby.start.hasFocus, timeout=2000)
    shown = lobby.start.accessibleDescription()
    assert shown.startswith("First deal sealed: ")
    del described[:]
    qtbot.keyClick(lobby.start, Qt.Key.Key_Space)
    idle(window)
    assert [text for widget, text, _ in described if widget is lobby.start] == []
    window.show_lobby()
    coming = lobby.start.accessibleDescription()
    assert coming != shown and coming == lobby.seal_note.text() and lobby.start.hasFocus()
    assert window.controller.coming_seal.fingerprint in lobby.seal_note.toolTip()


# ---- 2. the sheet's empty rack in words --------------------------------------------------------------------


@pytest.mark.parametrize(("language", "words"), [("en", "no tiles"), ("es", "sin fichas")])
def test_an_empty_rack_on_the_sheet_is_said_in_words(
    qtbot: QtBot, window: MainWindow, language: str, words: str
) -> None:
    """The sheet showed a bare "—" for the rack of whoever went out; only the spoken copy said "no tiles"."""
    if language != "en":
        window.set_language(language)
    start(window, "jamaican", seed=2)
    with saying() as lines:
        finish_hand_by_keys(qtbot, window)
    result = window.controller.last_result
    assert result is not None and result.end.value == "domino"
    shown = plain(window.game.hand_end.text.text())
    assert words in shown and "—" not in shown, shown
    assert any(words in line for line in lines) and not [line for line in lines if "—" in line], lines


# ---- 3. the first end of a choice, the setting off ---------------------------------------------------------


def test_the_first_end_of_a_choice_is_said_once(qtbot: QtBot, window: MainWindow, described: Described) -> None:
    """A tile that fits two ends: the table's description became its first end ("6-5 on 5 (1 of 2)"), then the
    turn's line ending in the same words was said. It is said once, with the question; the arrows still say each
    end by the description, and Esc the tile put back."""
    assert not ANNOUNCER.describe
    tile, moves = two_end_turn(window)
    view = focused_table(qtbot, window)
    rack = [item.tile for item in view.table.items_for_rack()]
    view.focus_index = rack.index(tile)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Left)  # the keys read the tile
    tile_words = view.accessibleDescription().rstrip(NBSP)
    assert "playable" in tile_words
    first = f"{end_said(moves[0])} (1 of 2)"
    del described[:]
    with saying() as lines:
        qtbot.keyClick(view, Qt.Key.Key_Return)
        heard = read_out(described) + lines
        assert sum(first in text for text in heard) == 1, heard
        assert any("choose an end" in line and line.endswith(first) for line in lines), lines
        qtbot.keyClick(view, Qt.Key.Key_Right)
        assert read_out(described)[-1] == f"{end_said(moves[1])} (2 of 2)"
        count = len(described)
        qtbot.keyClick(view, Qt.Key.Key_Escape)
        assert view.choosing is None
        assert read_out(described[count:]) == [tile_words]  # the tile put back, read as a change


def test_escape_from_a_choice_at_once_reads_the_tile_again(
    qtbot: QtBot, window: MainWindow, described: Described
) -> None:
    """Esc before any arrow: the description still holds the tile's words (the choice no longer replaces them), and
    the same words set again would be no change to read; they differ by a no-break space."""
    tile, _ = two_end_turn(window)
    view = focused_table(qtbot, window)
    rack = [item.tile for item in view.table.items_for_rack()]
    view.focus_index = rack.index(tile)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    before = view.accessibleDescription()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert view.choosing is not None and view.accessibleDescription() == before
    count = len(described)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    after = view.accessibleDescription()
    assert after != before and after.rstrip(NBSP) == before.rstrip(NBSP)
    assert read_out(described[count:]) == [before.rstrip(NBSP)]


# ---- 4. the move log keeps the player's place ---------------------------------------------------------------


def test_the_move_log_keeps_the_line_the_player_went_back_to(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=2)
    for _ in range(2):
        play_turn_by_keys(qtbot, window)
    idle(window)
    log = window.game.log
    view = window.game.table
    assert log.count() > 4
    log.setFocus(Qt.FocusReason.TabFocusReason)  # Ctrl+Tab, then Tab
    assert log.currentRow() == log.count() - 1  # the newest, the first time
    qtbot.keyClick(log, Qt.Key.Key_Up)
    qtbot.keyClick(log, Qt.Key.Key_Up)
    back = log.currentRow()
    assert back == log.count() - 3
    view.setFocus(Qt.FocusReason.BacktabFocusReason)  # Ctrl+Shift+Tab, back to the table
    log.setFocus(Qt.FocusReason.TabFocusReason)
    assert log.currentRow() == back, "the place the player left"
    qtbot.keyClick(log, Qt.Key.Key_End)
    view.setFocus(Qt.FocusReason.BacktabFocusReason)
    shown = log.count()
    assert my_turn(window)
    play_turn_by_keys(qtbot, window)
    idle(window)
    assert log.count() > shown
    log.setFocus(Qt.FocusReason.TabFocusReason)
    assert log.currentRow() == log.count() - 1, "left at the newest: the newest again, new moves and all"


# ---- 5. the look dialog's preview ----------------------------------------------------------------------


def test_the_look_preview_s_viewport_is_named(qtbot: QtBot, window: MainWindow) -> None:
    """Its viewport, what a screen reader meets of the picture, was a nameless "filler"."""
    dialog = LookDialog(window.look, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    interface = QAccessible.queryAccessibleInterface(dialog.preview.viewport())
    assert interface is not None
    assert interface.text(QAccessible.Text.Name) == "Preview of the table"


def read_once_with_a_rack_tile(window: MainWindow, at_focus: list[str], seen: list[str]) -> None:
    """The table took the focus once, with one of the rack's tiles in its words, set once (not again after)."""
    rack = window.controller.rack(window.game.table.bottom)
    assert len(at_focus) == 1, at_focus
    tile, _, fits = at_focus[0].rstrip(NBSP).partition(", ")
    assert tile in {describe_tile(t) for t in rack} and "playable" in fits, (at_focus, rack)
    assert sum(text.rstrip(NBSP) == at_focus[0].rstrip(NBSP) for text in seen) == 1, seen  # not set again
