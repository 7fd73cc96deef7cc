"""Session 21's look at the lobby and the table as a player meets them: the middle sizes' lobby, Spanish at
1024x700, the keyboard alone."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QComboBox, QStyle, QStyleOptionComboBox
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.lobby.lobby_page import LobbyPage, whole_length
from dominoes_desktop.ui.look.look_style import contrast
from dominoes_desktop.ui.look.looks import themes
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import my_turn
from .test_fitting import clipped, combo_cut
from .test_polish20 import seats_column_well
from .test_readable import _fill_and_words
from .test_room_table import offline_ben


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def resized(qtbot: QtBot, window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=2000)
    qtbot.wait(200)  # the lobby arranges its columns once laid out in the new size


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_middle_sizes_lobby_takes_skill_without_luck_beside_four_seats(
    qtbot: QtBot, window: MainWindow, language: str
) -> None:
    """At 1280x800 and 1366x768 with four seats neither side box fitted under the seats (126 px stayed empty there)
    while the rules beside them showed a 213-230 px slice: the fill tick goes beside the difficulty, and "Skill
    without luck" under the seats. At 1024x700 the tick keeps its own row and both boxes stay beside the rules."""
    if language != "en":
        window.set_language(language)
    lobby = window.lobby
    lobby.select("jamaican")
    assert lobby.players.value() == 4
    for size in ((1280, 800), (1366, 768), (1024, 700)):
        resized(qtbot, window, size)
        in_seats_column = lobby.options_area.widget().isAncestorOf(lobby.duplicate_box)
        assert in_seats_column == (size != (1024, 700)), size
        assert not lobby.options_area.verticalScrollBar().isVisible(), f"the seats' column scrolls at {size}"
        assert clipped(lobby) == [], size
        assert lobby.fill.width() >= lobby.fill.sizeHint().width(), size
        beside_the_level = abs(lobby.fill.y() - lobby.level.y()) < lobby.level.height()
        assert beside_the_level == in_seats_column, size
        if in_seats_column:
            well = seats_column_well(lobby)
            assert 0 <= well <= lobby.options_area.viewport().height() // 12, f"{well} px empty at {size}"
            assert lobby.rules_view.height() >= 300, size
        else:
            assert lobby.fill.y() > lobby.level_note.y()


def test_spanish_seats_leave_the_narrow_lobby_room_to_spare(qtbot: QtBot, window: MainWindow) -> None:
    """Spanish at 1024x700 with five seats needed 396 of the seats' column's 399 px, for "Persona en esta pantalla"
    shown whole: back from 1920x1080 a scroll bar took its room, the notes wrapped a line more and the column
    scrolled. "Persona aquí" leaves it room to spare, there and back."""
    window.set_language("es")
    lobby = window.lobby
    lobby.select("classic_block")
    lobby.players.setValue(5)
    area = lobby.options_area
    for size in ((1024, 700), (1920, 1080), (1024, 700)):
        resized(qtbot, window, size)
        assert not area.verticalScrollBar().isVisible(), size
        assert not area.horizontalScrollBar().isVisible(), size
    spare = area.maximumViewportSize().width() - area.widget().minimumSizeHint().width()
    assert spare >= 40, f"{spare} px to spare"
    for row in lobby.seat_rows:  # the kinds still shown whole
        assert row.kind.width() >= row.kind.minimumSizeHint().width()
        assert row.kind.minimumContentsLength() >= whole_length(row.kind)


SPANISH_TS = Path(__file__).resolve().parents[2] / "resources" / "translations" / "dominoes_es.ts"


def test_spanish_words_one_way_for_the_side_the_deck_and_whoever_timed_out(qtbot: QtBot, window: MainWindow) -> None:
    """Spanish said a side both "lado" (a calque) and "equipo", the deck "mazo" and "baraja", and a timed-out
    player "él" whoever it was: "equipo", "baraja", and the impersonal "se" (or "en su lugar") throughout."""
    window.set_language("es")
    choices = [window.lobby.on_timeout.itemText(i) for i in range(window.lobby.on_timeout.count())]
    assert choices == ["Se hace la mejor jugada", "Se juega su primera ficha válida", "Se pasa si se puede"]
    menu_words = [action.text() for action in window.findChildren(QAction)]
    assert "Cuando gana mi equipo, &salgo yo" in menu_words
    assert not [words for words in menu_words if "lado" in words.split()]
    translations = [
        "".join(message.itertext()) for message in ElementTree.parse(SPANISH_TS).getroot().iter("translation")
    ]
    for calque in (" por él", " mazo", " tu lado", " mi lado"):
        assert not [words for words in translations if calque in words], calque


def cut_choices(lobby: LobbyPage) -> list[str]:
    """Every choice of the lobby's shown lists wider than the room its box shows a choice in."""
    return [
        f"{box.accessibleName()}: {box.itemText(index)!r}"
        for box in lobby.choice_boxes
        if box.isVisible()
        for index in range(box.count())
        if combo_cut(box, box.itemText(index))
    ]


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_lobby_choice_shows_whole_at_every_size(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """A chosen "Open hands (practice)" read "Open hands (practi" beside the clock at 1920x1080 (five seats), Spanish
    "Manos abiertas (práctica)" lost its last letters beside the rules at 1280x800, and a longer Spanish goal
    ("Jugar hasta una meta") showed "Jugar hasta una m" at 1024x700: every choice of every list the lobby shows
    fits its box, with four and five seats, at the four sizes."""
    if language != "en":
        window.set_language(language)
    lobby = window.lobby
    for preset in ("jamaican", "classic_block"):
        lobby.select(preset)
        lobby.players.setValue(lobby.players.maximum())
        for size in ((1024, 700), (1280, 800), (1366, 768), (1920, 1080)):
            resized(qtbot, window, size)
            assert cut_choices(lobby) == [], (preset, size)


def field_fill_and_words(box: QComboBox) -> tuple[str, str, str]:
    """A drawn combo box's fill and words (in the room it shows its choice in) and its drop-down button's fill."""
    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    style = box.style()
    words = style.subControlRect(QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, box)
    arrow = style.subControlRect(QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxArrow, box)
    fill, letters = _fill_and_words(box.grab(words).toImage())
    return fill, letters, _fill_and_words(box.grab(arrow).toImage())[0]


@pytest.mark.parametrize("theme_id", sorted(themes()))
def test_a_disabled_choice_looks_disabled(qtbot: QtBot, window: MainWindow, theme_id: str) -> None:
    """The deals of an unticked duplicate match (and the partners of five seats, a single round's target) kept an
    enabled field's bright words and accent arrow: a player tried to open them. Disabled, a field has the disabled
    button's look, its words faint but legible."""
    window.apply_look(replace(window.look, theme=themes()[theme_id]))
    lobby = window.lobby
    resized(qtbot, window, (1024, 700))
    assert not lobby.duplicate.isChecked() and not lobby.duplicate_deals.isEnabled()
    assert lobby.set_top.isEnabled()
    _, enabled_words, enabled_arrow = field_fill_and_words(lobby.set_top)
    fill, words, arrow = field_fill_and_words(lobby.duplicate_deals)
    theme = window.look.theme
    assert contrast(words, fill) >= 3.0, (words, fill)
    assert contrast(words, enabled_words) >= 1.5, (words, enabled_words)  # fainter: beach 1.8, the others more
    assert arrow != enabled_arrow == theme.accent.lower(), arrow  # no accent button to press


def test_ctrl_tab_leaves_the_rack_for_the_side_panel(qtbot: QtBot, window: MainWindow) -> None:
    """Tab moves along the rack while you hold tiles (as documented), and nothing else left it: the side panel's
    buttons, the move log and New match were out of the keyboard's reach. Ctrl+Tab leaves the table, forward to the
    side panel, Ctrl+Shift+Tab back; Tab still moves along the rack."""
    window.resize(1024, 700)
    start(window, "jamaican", seed=8)
    assert my_turn(window)
    view = window.game.table
    window.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=2000)
    before = view.focus_index
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert view.hasFocus() and view.focus_index != before, "Tab moves along the rack"
    qtbot.keyClick(view, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    reached = QApplication.focusWidget()
    assert reached is not None and reached is not view and window.game.side.isAncestorOf(reached), reached
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=2000)
    back = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(view, Qt.Key.Key_Backtab, back)
    behind = QApplication.focusWidget()
    assert behind is not None and behind is not view and behind is not reached, "back, not on again"
    assert (
        behind is view.previousInFocusChain()
        or behind.isAncestorOf(view.previousInFocusChain())
        or (view.previousInFocusChain().isAncestorOf(behind))
    ), behind
    assert "Ctrl+Tab" in window.voice.keys_words()


def test_a_rooms_mute_tick_says_what_it_does(qtbot: QtBot) -> None:
    """Each other person's seat in a room's list has a tick box and no word of what it does (a screen reader heard
    "tick to mute"; the eye saw a bare square): hovering it says it."""
    room, _ = offline_ben(qtbot)
    items = [room.seats.item(row) for row in range(room.seats.count())]
    ticks = [item for item in items if item.data(Qt.ItemDataRole.CheckStateRole) is not None]  # a box drawn
    assert ticks, "the host's seat can be muted"
    for item in ticks:
        name = room.controller.name(int(item.data(Qt.ItemDataRole.UserRole)))
        assert item.toolTip() == f"Hide what {name} says at the table (ticked: hidden)"
    assert all(not item.toolTip() for item in items if item not in ticks)


def test_a_custom_presets_title_has_no_second_brackets(qtbot: QtBot, window: MainWindow) -> None:
    """ "Block (classic) (custom)", "Bloqueo (clásico) (personalizada)": the rules' title says a preset was changed
    after a dot, in both languages."""
    for language, title in (("en", "Block (classic) · custom"), ("es", "Bloqueo (clásico) · con cambios")):
        if language != "en":
            window.set_language(language)
        lobby = window.lobby  # the page made again in the new language
        lobby.select("classic_block")
        lobby.players.setValue(5)
        assert lobby.rules_view.toPlainText().splitlines()[0] == title
    assert window.lobby.custom.text() == "Con cambios: asientos", "the note under the rules says it as the title"
