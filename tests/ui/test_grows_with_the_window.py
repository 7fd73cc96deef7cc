"""The lobby and the sealed deck's panel grow with the window as the table's side panel and the hand-end sheet do
(at 1920x1080 they kept their 1024x700 size: 13 px words beside tiles twice as large), by the one scale all of them
share; the hand-end sheet's lines read in its own size and hold a side's names together; the Join dialog keeps no
empty row."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QFontInfo, QFontMetrics
from PySide6.QtWidgets import QGroupBox, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import PRESETS, build_rules
from dominoes_desktop.ui.look.look_style import PAGE_SCALE_MAX
from dominoes_desktop.ui.room.net_dialogs import JoinDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .test_network_play import free_udp_port

SMALL, LARGE = (1024, 700), (1920, 1080)


def pixels(widget: QWidget) -> int:
    widget.ensurePolished()
    return QFontInfo(widget.font()).pixelSize()


def at_size(qtbot: QtBot, window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=2000)
    qtbot.wait(200)  # the lobby arranges its columns once laid out in the new size


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_lobby_grows_with_the_window(qtbot: QtBot, window: MainWindow, language: str) -> None:
    window.set_language(language)
    lobby = window.lobby
    row = lobby.seat_rows[1]
    words = (lobby.level_note, row.label, row.name, row.kind, lobby.start, lobby.rules_view)
    at_size(qtbot, window, SMALL)
    small = [pixels(widget) for widget in words]
    small_icon = lobby.presets.iconSize()
    at_size(qtbot, window, LARGE)
    large = [pixels(widget) for widget in words]
    # 1920x1080 is past the largest scale, the same one the side panel and the sheets over the table grow by.
    for before, after in zip(small, large, strict=True):
        assert abs(after - before * PAGE_SCALE_MAX) <= 1, (small, large)
    assert lobby.presets.iconSize() == small_icon * PAGE_SCALE_MAX, "the presets' flags grow with their words"
    # Sized to their words in the larger font: a CPU's name and the longest kind of player still show whole.
    name_width = QFontMetrics(row.name.font()).horizontalAdvance(row.name.text())
    assert row.name.width() >= name_width + 12
    assert row.kind.minimumSizeHint().width() >= QFontMetrics(row.kind.font()).horizontalAdvance(
        lobby.seat_rows[0].kind.currentText()
    )
    assert row.kind.height() >= QFontMetrics(row.kind.font()).height() + 8, "the fields as tall as their words"
    at_size(qtbot, window, SMALL)
    assert [pixels(widget) for widget in words] == small, "back at 1024x700, back to its size there"


def test_the_cut_the_deck_panel_grows_with_the_table(qtbot: QtBot, window: MainWindow) -> None:
    at_size(qtbot, window, SMALL)
    window.quick_start(build_rules("jamaican"), seed=3)  # sealed: the deck waits for the cut
    panel = window.game.cut_panel
    qtbot.waitUntil(panel.isVisible, timeout=3000)
    small = (pixels(panel.title), pixels(panel.seal), pixels(panel.hint), panel.deck.width(), panel.width())
    at_size(qtbot, window, LARGE)
    large = (pixels(panel.title), pixels(panel.seal), pixels(panel.hint), panel.deck.width(), panel.width())
    for before, after in zip(small, large, strict=True):
        assert abs(after - before * PAGE_SCALE_MAX) <= 2, (small, large)
    table = window.game.table
    middle = panel.mapTo(table, panel.rect().center())
    assert abs(middle.x() - table.width() // 2) <= 2 and abs(middle.y() - table.height() // 2) <= 2, "centred"


def test_the_hand_end_sheet_s_lines_read_whole(qtbot: QtBot, window: MainWindow) -> None:
    """The fingerprint line was in <small> (about 10 px at 1024x700, the sheet's least legible line), and the
    match score wrapped inside a side's names ("CPU 1 &" at a line's end, "CPU 3: 31" on the next)."""
    at_size(qtbot, window, SMALL)
    start(window, "jamaican", seed=2)
    window.controller.autoplay(10_000)
    qtbot.waitUntil(lambda: window.game.hand_end.isVisible(), timeout=30_000)
    sheet = window.game.hand_end
    proof = next(label for label in sheet.findChildren(QWidget) if label.objectName() == "dealSeal")
    assert proof.isVisible()
    line = QFontMetrics(proof.font()).lineSpacing()
    assert proof.heightForWidth(4000) >= line, "the fingerprint line in the sheet's own size, not smaller"
    said = sheet.text.text().replace("&amp;", "&")
    nb = "\N{NO-BREAK SPACE}"
    # Each score held to its side, which comes after it now ("1 for you & CPU 2, 0 for CPU 1 & CPU 3."): test_sheet27.
    for side in (rf"\d+{nb}for{nb}you{nb}&{nb}CPU{nb}2, ", rf"\d+{nb}for{nb}CPU{nb}1{nb}&{nb}CPU{nb}3\."):
        assert re.search(side, said), said


def test_the_join_dialog_keeps_no_empty_row(qtbot: QtBot) -> None:
    """Under the invite field an empty row (what the invite says of its host, with none typed) left a blank line."""
    LANGUAGE.install("en")
    dialog = JoinDialog(discovery_port=free_udp_port(), name="Ana")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    invite_foot = dialog.invite.mapTo(dialog, QPoint(0, dialog.invite.height())).y()
    gap = dialog.name.mapTo(dialog, QPoint(0, 0)).y() - invite_foot
    assert gap <= 12, f"{gap} px between the invite and the name"
    assert not dialog.checked.isVisible() and not dialog.problem.isVisible()
    dialog.invite.setText("dominoes://192.0.2.7:47815/K7Q-2MX")
    qtbot.wait(20)
    assert dialog.checked.isVisible() and "Room K7Q-2MX" in dialog.checked.text(), "an invite typed is told"
    dialog.invite.clear()
    qtbot.wait(20)
    assert not dialog.checked.isVisible()


def test_a_larger_lobby_fills_its_seats_column(qtbot: QtBot, window: MainWindow) -> None:
    """At 1920x1080 a third of the seats' column was empty under them: the right column's boxes go there when they
    fit whole (which of them, by the seats: test_polish20, test_polish20b). Wherever "Skill without luck" is, it is
    whole in view, and at 1024x700 it is under the rules."""
    window.set_language("es")
    lobby = window.lobby
    area = next(
        a for a in lobby.findChildren(QScrollArea) if a.widget() is not None and a.widget().isAncestorOf(lobby.set_top)
    )
    lobby.select(next(pid for pid, preset in PRESETS.items() if preset.max_players == 5))
    # At 1920x1080 four or five seats leave "At the table" room there instead (test_polish20, test_polish20b).
    cases = ((4, LARGE, None), (5, LARGE, None), (4, SMALL, False), (4, (1366, 768), None), (4, (1280, 1024), None))
    for players, size, in_seats_column in cases:  # None: in either column, as it fits
        lobby.players.setValue(players)
        assert lobby.players.value() == players
        at_size(qtbot, window, size)
        box = next(g for g in lobby.findChildren(QGroupBox) if g.title() == "Habilidad sin suerte")
        left = box.mapTo(lobby, QPoint(0, 0)).x()
        column = area.mapTo(lobby, QPoint(0, 0)).x()
        placed = column <= left < column + area.width()
        assert in_seats_column is None or placed == in_seats_column, (players, size)
        if placed:  # whole in view, nothing to scroll to
            port = area.viewport()
            top = box.mapTo(port, QPoint(0, 0))
            assert port.rect().contains(top) and port.rect().contains(top + QPoint(box.width() - 1, box.height() - 1))
