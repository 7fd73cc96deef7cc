"""audit25: friends' rooms played from outside and by people in three game windows (session 25)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.lobby.lobby_page import LobbyPage
from dominoes_desktop.ui.room.net_dialogs import host_name
from dominoes_desktop.ui.shell.i18n import LANGUAGE

from .test_room_table import offline_ben, room


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def test_a_spanish_guest_reads_a_host_who_gave_no_name_in_spanish(qtbot: QtBot) -> None:
    """audit24b 5: the English host's app named a host who gave no name "Host", and a Spanish guest read "Host
    pasó" and "Host" on the plate. The host's app now sends one untranslated name for it, which each guest's app
    words in its own language."""
    LANGUAGE.install("en")
    lobby = LobbyPage("jamaican")
    qtbot.addWidget(lobby)
    sent_by_the_english_host = host_name(lobby)
    LANGUAGE.install("es")
    spanish_lobby = LobbyPage("jamaican")
    qtbot.addWidget(spanish_lobby)
    assert host_name(spanish_lobby) == sent_by_the_english_host  # one name on the wire, whatever the host's language
    window, _ = offline_ben(qtbot)
    state = room()
    state["seats"][0]["name"] = sent_by_the_english_host
    window.controller.receive(state)
    assert window.controller.name(0) == "Anfitrión"
    assert "Anfitrión" in window.seats.item(0).text() and "Host" not in window.seats.item(0).text()
    LANGUAGE.install("en")
    window.controller.receive(state)
    assert window.controller.name(0) == "Host"


def test_a_host_is_named_by_the_name_they_last_joined_a_room_with(qtbot: QtBot) -> None:
    """A host who left the lobby's "You" but gave a name to join a room before is called by it, not "Host"; the
    lobby's own name, when changed, comes first."""
    lobby = LobbyPage("jamaican")
    qtbot.addWidget(lobby)
    assert host_name(lobby, "  Marisol ") == "Marisol"
    lobby.seat_rows[0].name.setText("Ana")
    assert host_name(lobby, "Marisol") == "Ana"


def test_a_guest_named_host_keeps_the_name(qtbot: QtBot) -> None:
    """Only the host's seat is worded again: a guest who calls themselves "Host" is shown so."""
    LANGUAGE.install("es")
    window, _ = offline_ben(qtbot)
    state = room()
    state["seats"][1]["name"] = "Host"
    window.controller.receive(state)
    assert window.controller.name(1) == "Host"
