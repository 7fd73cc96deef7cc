"""Session 22's look at the lobby: five seats at the middle sizes, the partners' row, a column that overflows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.lobby.lobby_page import LobbyPage
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .test_fitting import clipped
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
