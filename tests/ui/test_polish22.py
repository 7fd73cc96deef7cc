"""Session 22's look at the lobby: five seats at the middle sizes, the partners' row, a column that overflows."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QMenu
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.moves import Move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.lobby.lobby_page import LobbyPage
from dominoes_desktop.ui.play.controller import MatchSetup, default_seats
from dominoes_desktop.ui.shell.announce import ANNOUNCER, spoken_symbols
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.view import TableView, describe_tile

from .conftest import idle, known_deal, saying, start
from .driving import finish_hand_by_keys, my_turn
from .test_fitting import clipped
from .test_no_dead_clicks import _win_a_hand_for_our_side
from .test_polish20 import seats_column_well
from .test_polish21 import resized


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def beside_the_level(lobby: LobbyPage) -> bool:
    return abs(lobby.fill.y() - lobby.level.y()) < lobby.level.height()


@pytest.mark.parametrize("language", ["en", "es"])
def test_five_seats_at_the_middle_sizes_take_skill_without_luck(
    qtbot: QtBot, window: MainWindow, language: str
) -> None:
    """At 1280x800 and 1366x768 with five seats 62-64 px stayed empty under the seats while the rules beside them
    showed 197-230 px: "Skill without luck" missed its place there by 15-60 px. The partners' row (no choice with
    five seats) is hidden, the preset's changes are said beside "Reset to preset" and the level's words run under
    its label: the box goes under the seats, and nothing is cut or scrolls."""
    if language != "en":
        window.set_language(language)
    lobby = window.lobby
    lobby.select("classic_block")
    lobby.players.setValue(5)
    assert lobby.custom.text(), "five seats change the preset: its note is shown"
    for size in ((1280, 800), (1366, 768)):
        resized(qtbot, window, size)
        assert lobby.options_area.widget().isAncestorOf(lobby.duplicate_box), size
        assert not lobby.options_area.verticalScrollBar().isVisible(), f"the seats' column scrolls at {size}"
        assert clipped(lobby) == [], size
        assert beside_the_level(lobby), size
        well = seats_column_well(lobby)
        assert 0 <= well <= lobby.options_area.viewport().height() // 12, f"{well} px empty at {size}"
        assert lobby.rules_view.height() >= 300, (size, lobby.rules_view.height())
        # The note beside the button, on its row: not under it.
        assert abs(lobby.custom.geometry().center().y() - lobby.reset.geometry().center().y()) <= 2, size


def test_the_partners_row_is_there_only_with_four_seats(qtbot: QtBot, window: MainWindow) -> None:
    """Two, three or five seats cannot play as partners: the row said so greyed, in room the seats needed."""
    lobby = window.lobby
    lobby.select("jamaican")
    assert lobby.pairing.isVisible() and lobby.pairing.isEnabled()
    lobby.select("classic_block")
    for seats, shown in ((5, False), (3, False), (2, False), (4, True)):
        lobby.players.setValue(seats)
        assert lobby.pairing.isVisible() == shown, seats
        label = lobby.rules_form.labelForField(lobby.pairing)
        assert label is not None and label.isVisible() == shown, seats


def test_a_column_too_tall_takes_the_compact_seats_when_they_make_it_fit(qtbot: QtBot, window: MainWindow) -> None:
    """The room under the seats was counted from 0 where the column was already too tall (a long note shown), so
    the form with the fill tick beside the difficulty seemed to leave room empty and lost to the form that
    overflowed: the column scrolled where the compact seats made it fit. Note by note, the column never scrolls
    while the seats keep their taller form."""
    lobby = window.lobby
    lobby.select("classic_block")
    lobby.players.setValue(5)
    resized(qtbot, window, (1280, 800))
    for lines in range(1, 16):
        lobby.problem.setText("\n".join(["Cannot start: a reason said at length."] * lines))
        lobby.place_side_boxes()
        qtbot.wait(50)
        scrolls = lobby.options_area.verticalScrollBar().isVisible()
        assert not (scrolls and not beside_the_level(lobby)), f"{lines} lines: scrolls with the taller seats"


SPANISH_TS = Path(__file__).resolve().parents[2] / "resources" / "translations" / "dominoes_es.ts"


def accelerators(menu: QMenu) -> list[str]:
    """The letters after "&" of a menu's items and submenus (a "&&" is a plain ampersand)."""
    letters = []
    for action in menu.actions():
        text = action.text().replace("&&", "")
        if "&" in text:
            letters.append(text[text.index("&") + 1].casefold())
    return letters


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_menus_letters_are_its_own(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """Alt and a letter reaches one item of an open menu: Spanish's View menu had "&Tu vista" and "&Tamaño
    normal", and "&Sonido", "&salgo yo" and "mano &sola" (the first was taken each time), its Game menu "sala",
    "servidor" and "Salir" on S; English had "room" and "rules" on R, "Zoom in" and "by itself" on I."""
    if language != "en":
        window.set_language(language)
    menus = [action.menu() for action in window.menuBar().actions()]
    for menu in [m for m in menus if isinstance(m, QMenu)]:
        letters = accelerators(menu)
        assert letters and len(letters) == len(set(letters)), (menu.title(), letters)


def test_spanish_says_one_word_for_each_thing() -> None:
    """An end is a "punta" (the rules said so, the refusals and the screen reader "extremo"); a tile "cabe" (and
    "encaja" in the same screens); a side is an "equipo" (the rules still said "bando"); a level's name is the
    lobby's (the lobby and the skill page said "Media" beside "Experto", Learn "Medio"); "Fives" is "Cincos"."""
    translations = [
        "".join(message.itertext()) for message in ElementTree.parse(SPANISH_TS).getroot().iter("translation")
    ]
    for word in ("extremo", "bando", "Quintos", "Nada encaja", "fichas encaja", "ficha encaja", "Media"):
        assert not [words for words in translations if word in words.split() or word in words], word


def test_spanish_goal_and_target_are_two_words(qtbot: QtBot, window: MainWindow) -> None:
    """A screen reader heard "Meta, Jugar a una meta" and then "Meta, 6": the goal's label and the target's name
    were the same word (a11y audit, session 22). The target is "Objetivo", and the preset's note names it so."""
    window.set_language("es")
    lobby = window.lobby
    (goal,) = (label for label in lobby.findChildren(QLabel) if label.buddy() is lobby.goal)
    assert goal.text().replace("&", "") == "Meta"
    assert lobby.target.accessibleName() == "Objetivo"
    lobby.select("jamaican")
    lobby.target.setValue(lobby.target.value() + 1)
    assert lobby.custom.text() == "Con cambios: objetivo"


def focused_table(qtbot: QtBot, window: MainWindow) -> TableView:
    view = window.game.table
    window.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=2000)
    return view


def two_end_turn(window: MainWindow) -> tuple[Tile, list[Move]]:
    """A turn of the person's with a tile that fits two ends, and its plays (the CPUs' moves before it vary)."""
    for seed in range(1, 60):
        start(window, "jamaican", seed=seed)
        if not my_turn(window):
            continue
        plays: dict[Tile, list[Move]] = {}
        for move in window.controller.legal_moves():
            if move.tile is not None:
                plays.setdefault(move.tile, []).append(move)
        two = [(tile, moves) for tile, moves in plays.items() if len(moves) == 2]
        if two:
            return two[0]
    raise AssertionError("no tile fitting two ends in 60 deals")


def end_said(move: Move) -> str:
    """The move as the move log words it (review26b F4: the choice said "on double 5")."""
    return f"{move.tile} on the {move.end}" + (" by the double" if move.on_double else "")


def test_a_listener_hears_which_end_enter_takes(qtbot: QtBot, window: MainWindow) -> None:
    """A tile that fits two ends: Enter said "choose an end", and the arrows then moved a marker only drawn, so a
    listener chose blind (a11y audit, session 22, the first finding to block play). The first end is said with
    the question, each arrow's end is the table's description (read as it changes, as the rack's tiles are; not
    announced as well, which said it twice: review 22, finding 2), and Enter takes it."""
    tile, moves = two_end_turn(window)
    view = focused_table(qtbot, window)
    rack = [item.tile for item in view.table.items_for_rack()]
    view.focus_index = rack.index(tile)
    with saying() as lines:
        qtbot.keyClick(view, Qt.Key.Key_Return)
        first = f"{end_said(moves[0])} (1 of 2)"
        assert any("choose an end" in line and line.endswith(first) for line in lines), lines
        count = len(lines)
        qtbot.keyClick(view, Qt.Key.Key_Right)
        second = f"{end_said(moves[1])} (2 of 2)"
        assert view.accessibleDescription() == second
        assert len(lines) == count, lines[count:]  # said once, by the description's change (review 22, 2)
        hand = window.controller.hand
        assert hand is not None
        played = len(hand.history)
        qtbot.keyClick(view, Qt.Key.Key_Return)
        assert hand.history[played].move == moves[1]


def test_a_listener_hears_why_a_key_did_nothing(qtbot: QtBot, window: MainWindow) -> None:
    """Enter on a tile that does not fit, P while a tile fits: only the status bar said why, which a screen reader
    does not read (a11y audit, session 22). Each refusal is said at once."""
    start(window, "jamaican", seed=1)
    assert my_turn(window)
    view = focused_table(qtbot, window)
    items = view.table.items_for_rack()
    view.focus_index = next(i for i, item in enumerate(items) if not item.legal)
    with saying() as lines:
        qtbot.keyClick(view, Qt.Key.Key_Return)
        assert lines and "does not fit: the open ends show" in lines[-1], lines
        qtbot.keyClick(view, Qt.Key.Key_P)
        assert lines[-1] == "You cannot pass: a tile of yours fits."
        qtbot.keyClick(view, Qt.Key.Key_D)
        assert lines[-1] == "You cannot draw: a tile of yours fits."


def test_choices_a_screen_reader_names_by_their_label(qtbot: QtBot, window: MainWindow) -> None:
    """On Linux Qt names a combo box by its value, whatever its accessible name: the seats' kinds were heard as
    "CPU", "CPU", "CPU", the difficulty as "Medium" (a11y audit, session 22).
    Each has a label whose buddy it is, which AT-SPI gives it as its name."""
    lobby = window.lobby
    labels = {label.buddy(): label.text() for label in lobby.findChildren(QLabel) if label.buddy() is not None}
    for n, row in enumerate(lobby.seat_rows, start=1):
        assert labels.get(row.kind) == f"Player {n}"
    assert labels.get(lobby.level) == "CPU difficulty"


def test_the_lobbys_rules_are_read_line_by_line_with_the_arrows(qtbot: QtBot, window: MainWindow) -> None:
    """The lobby's house rules took the focus, but Down only scrolled them: no caret moved, so a screen reader had
    no line to read (a11y audit, session 22). Down now moves a caret through them."""
    text = window.lobby.rules_view
    window.activateWindow()
    text.setFocus()
    qtbot.waitUntil(text.hasFocus, timeout=2000)
    before = text.textCursor().position()
    for _ in range(3):
        qtbot.keyClick(text, Qt.Key.Key_Down)
    assert text.textCursor().position() > before


@pytest.mark.parametrize("from_log", [False, True])
def test_ctrl_shift_tab_comes_back_to_the_table_from_the_side_panel(
    qtbot: QtBot, window: MainWindow, from_log: bool
) -> None:
    """Ctrl+Tab left the table for the side panel, and Ctrl+Shift+Tab, as documented, was to bring the focus
    back: from Hint or the move log it did nothing (a11y audit, session 22)."""
    window.resize(1024, 700)
    start(window, "jamaican", seed=8)
    view = focused_table(qtbot, window)
    qtbot.keyClick(view, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    reached = QApplication.focusWidget()
    assert reached is not None and window.game.side.isAncestorOf(reached), reached
    if from_log:
        log = window.game.log
        log.setFocus()
        qtbot.waitUntil(log.hasFocus, timeout=2000)
        reached = log
    back = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(reached, Qt.Key.Key_Backtab, back)
    assert view.hasFocus(), QApplication.focusWidget()


def test_the_match_ends_button_has_its_words_when_it_takes_the_focus(qtbot: QtBot, window: MainWindow) -> None:
    """At a match's end the focus came to "Play again" while its name was still "New match" (renamed a moment
    later): a screen reader reads the name as the focus comes, and the listener heard "New match" (a11y audit,
    session 22). Since session 25 the focus goes to Rematch, "New match" beside it: each is named when the focus
    comes to it."""
    start(window, "classic_block", seed=2, single_round=True)
    again = window.game.hand_end.again
    rematch = window.game.hand_end.rematch
    named: list[str] = []

    def focused(_old: object, new: object) -> None:
        if new is rematch:
            named.append(rematch.accessibleName())

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.focusChanged.connect(focused)
    try:
        finish_hand_by_keys(qtbot, window)
        qtbot.waitUntil(lambda: bool(named), timeout=5000)
    finally:
        app.focusChanged.disconnect(focused)
    assert named[0] == "Rematch: the same players and rules again", named
    assert again.text() == "New match" and again.accessibleName() == "New match"
    assert window.game.turn.text() == "Match over", "T said the hand was over, not the match"


def test_a_screen_reader_reads_the_words_of_the_tile_tracker(qtbot: QtBot, window: MainWindow) -> None:
    """A label has no text of its own for AT-SPI, only its name: the tile tracker was named "Tile tracker" and a
    listener never heard what it said (a11y audit, session 22). Its name is its words, what it is its
    description."""
    from PySide6.QtGui import QAccessible

    start(window, "jamaican", seed=3)
    tracker = window.game.tracker
    tracker.setText("Unseen by number: 0 4, 1 5")
    interface = QAccessible.queryAccessibleInterface(tracker)
    assert interface is not None
    assert interface.text(QAccessible.Text.Name) == tracker.text()
    assert tracker.accessibleDescription() == "Tile tracker"


def test_enter_takes_the_lobby_back_to_the_table(qtbot: QtBot, window: MainWindow) -> None:
    """In the lobby with a match open, Enter on the focused "Back to the table" did nothing (Space did; a11y
    audit, session 22)."""
    start(window, "jamaican", seed=4)
    qtbot.mouseClick(window.game.lobby_button, Qt.MouseButton.LeftButton)  # the tests' window does not ask
    assert window.stack.currentWidget() is window.lobby and window.back_button.isVisible()
    window.activateWindow()
    window.back_button.setFocus()
    qtbot.waitUntil(window.back_button.hasFocus, timeout=2000)
    qtbot.keyClick(window.back_button, Qt.Key.Key_Return)
    assert window.stack.currentWidget() is window.game


def test_s_says_the_points_made_this_hand(qtbot: QtBot, window: MainWindow) -> None:
    """In the fives games S said "CPU 1 0" while the panel showed "0 +10 CPU 1", and read the panel's footnote
    glued to the goal (a11y audit, session 22): the points made this hand are said with each side's score."""
    for seed in range(1, 30):
        start(window, "all_fives", seed=seed)
        hand = window.controller.hand
        for _ in range(12):
            if hand is None or hand.is_over or any(hand.end_points):
                break
            window.controller.autoplay(1)
            hand = window.controller.hand
        if hand is not None and not hand.is_over and any(hand.end_points):
            break
    else:
        raise AssertionError("no points made in a hand still in play")
    words = window.voice.score_words()
    made = next(points for points in hand.end_points if points)
    assert f", plus {made} this hand" in words, words
    assert "added to the score" not in words, words


def test_a_listener_hears_the_turn_timers_last_seconds(qtbot: QtBot, window: MainWindow) -> None:
    """With a turn timer the listener heard nothing until "Your time ran out" (the clock's label was named "Turn
    timer", its time unread; a11y audit, session 22): its last seconds are said once, T says the time left,
    and the clock is named by its words."""
    seats = tuple(default_seats(4))
    window.start_match(MatchSetup(build_rules("jamaican"), seats, timer_seconds=7), 3, known_deal(3))
    idle(window)
    clock = window.game.clock
    with saying() as lines:
        qtbot.waitUntil(lambda: my_turn(window) and bool(clock.text()), timeout=5000)
        assert clock.accessibleName() == "" and clock.accessibleDescription() == "Turn timer"
        window.voice.speak_turn()
        assert lines[-1].endswith(clock.text()) and "left" in lines[-1], lines[-1]
        qtbot.waitUntil(lambda: any(line.endswith("seconds left") for line in lines), timeout=6000)
        warned = [line for line in lines if line.endswith("seconds left")]
        assert len(warned) == 1 and warned[0] in ("5 seconds left", "4 seconds left"), warned


def test_m_reads_the_new_tiles_while_who_leads_is_asked(qtbot: QtBot, window: MainWindow) -> None:
    """Asked who leads, a sighted player looks at the new rack; M said "No hand at the table", so a listener
    chose blind (a11y audit, session 22). M says the tiles dealt."""
    start(window, "jamaican", seed=2, target=30)
    _win_a_hand_for_our_side(window)
    qtbot.mouseClick(window.game.hand_end.next, Qt.MouseButton.LeftButton)  # cuts and deals
    idle(window)
    assert window.game.leader_choice.isVisible()
    match = window.controller.match
    assert match is not None and match.deal is not None
    words = window.voice.fits_words()
    assert words.startswith("Your tiles: "), words
    assert {str(tile) for tile in match.deal.hands[0]} == set(tiles_named(words)), words


def tiles_named(words: str) -> list[str]:
    return re.findall(r"\d+-\d+", words)


def test_older_orca_hears_the_table_through_its_description(qtbot: QtBot, window: MainWindow) -> None:
    """Orca before 45.2 speaks no announcement (Debian 12's 43.1 heard no turn, no move, no answer; a11y audit,
    session 22) but reads the focused table's description as it changes: with the View menu's setting on, what
    is said goes there too, the same words twice still a change; off, the description is the focused tile's."""
    start(window, "jamaican", seed=1)
    assert my_turn(window)
    view = focused_table(qtbot, window)
    window.describe_action.trigger()
    try:
        assert ANNOUNCER.describe
        qtbot.keyClick(view, Qt.Key.Key_P)
        first = view.accessibleDescription()
        assert first == "You cannot pass: a tile of yours fits."
        qtbot.keyClick(view, Qt.Key.Key_P)
        assert view.accessibleDescription() != first and view.accessibleDescription().strip() == first
        qtbot.keyClick(view, Qt.Key.Key_Right)
        assert "playable" in view.accessibleDescription()  # the arrows read the tiles again
    finally:
        window.describe_action.trigger()
    assert not ANNOUNCER.describe
    qtbot.keyClick(view, Qt.Key.Key_P)
    assert "playable" in view.accessibleDescription()


def test_m_says_which_end_scores(qtbot: QtBot, window: MainWindow) -> None:
    """M said "5-2 on double 5 or 2, scoring 15": heard aloud, both ends scored (a11y audit, session 22). A tile
    with a scoring end is said end by end."""
    from dominoes_desktop.ui.play.table_questions import end_words, fits_words

    for seed in range(1, 80):
        start(window, "all_fives", seed=seed)
        hand = window.controller.hand
        for _ in range(10):
            if hand is None or hand.is_over or not my_turn(window):
                break
            plays: dict[Tile, list[Move]] = {}
            for move in window.controller.legal_moves():
                if move.tile is not None:
                    plays.setdefault(move.tile, []).append(move)
            found = [
                (tile, moves)
                for tile, moves in plays.items()
                if len(moves) > 1 and len({"scoring" in end_words(hand, m) for m in moves}) == 2
            ]
            if found:
                tile, moves = found[0]
                words = fits_words(hand, window.controller.rack(window.game.table.bottom))
                assert all(f"{tile} on {end_words(hand, move)}" in words for move in moves), words
                assert " or " not in words.split(f"{tile} on ")[1].split(";")[0], words
                return
            window.controller.autoplay(1)
            hand = window.controller.hand
    pytest.skip("no tile with one scoring end and one not in these deals")


def test_the_match_end_is_said_once_in_words(qtbot: QtBot, window: MainWindow) -> None:
    """At a match's end "Match over" was said twice (the headline, then the sheet's own), an empty rack as "—"
    and a rounding as "→", which speech reads as symbols or skips (a11y audit, session 22)."""
    start(window, "classic_block", seed=2, single_round=True)
    with saying() as lines:
        finish_hand_by_keys(qtbot, window)
    end = [line for line in lines if "Match over" in line or "pips" in line]
    assert sum(line.count("Match over") for line in end) == 1, end
    assert not [line for line in lines if "—" in line or "→" in line], lines
    # (An empty rack is "no tiles" on the sheet itself since session 23: only the rounding's arrow is put in words.)
    assert spoken_symbols("You. no tiles. 0 pips. Rounded: You: 18 → 20.") == (
        "You. no tiles. 0 pips. Rounded: You: 18 to 20."
    )


def test_the_rounding_is_said_in_spanish(spanish: None) -> None:
    """The rounding's arrow in the player's words: "18 a 20" (its translation was once dropped as unused, since
    the only caller is this function, and Spanish speech said "18 to 20")."""
    assert spoken_symbols("Tú: 18 → 20.") == "Tú: 18 a 20."


def test_f_says_the_tile_turned_over(qtbot: QtBot, window: MainWindow) -> None:
    """F turned the focused tile end over end and said nothing (a11y audit, session 22): the table's description
    reads the tile as it now lies, as the arrows read the rack (an announcement as well said it twice)."""
    start(window, "jamaican", seed=1)
    view = focused_table(qtbot, window)
    items = view.table.items_for_rack()
    view.focus_index = next(i for i, item in enumerate(items) if item.tile is not None and not item.tile.is_double)
    tile = items[view.focus_index].tile
    assert tile is not None
    with saying() as lines:
        qtbot.keyClick(view, Qt.Key.Key_F)
    assert lines == [], lines  # said once, by the description's change (review 22, finding 2)
    assert view.accessibleDescription().startswith(f"{describe_tile(tile, flipped=True)}, ")
    assert describe_tile(tile, flipped=True) != describe_tile(tile)
