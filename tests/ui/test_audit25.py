"""audit25: friends' rooms played from outside and by people in three game windows (session 25)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.lobby.lobby_page import LobbyPage
from dominoes_desktop.ui.room.net_dialogs import host_name
from dominoes_desktop.ui.room.room_window import RoomWindow, keep_seat, seat_key
from dominoes_desktop.ui.shell.i18n import LANGUAGE

from .test_network_play import ben_moves, join_ben, open_host, play_until
from .test_room_table import offline_ben, room, view


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


def test_a_guest_who_closed_the_room_takes_the_seat_back_by_opening_the_same_invite(qtbot: QtBot) -> None:
    """audit25: Ben closed his room window mid-hand and opened the same invite again: the room answered "every
    friend's seat in this room is taken" (his own seat kept for a token his app had forgotten) and his window
    stayed on "Connecting…". His app keeps the seat's token, and the invite takes the seat back."""
    host, _ = open_host(qtbot, {"target": 30}, wait_s=30)
    try:
        ana = host.window
        ben = join_ben(qtbot, host)
        ana.start_button.click()
        play_until(qtbot, [ana, ben], lambda: ben_moves(ben) >= 2)
        ben.close()
        qtbot.waitUntil(lambda: "Ben left the room" in ana.log.toPlainText(), timeout=15000)  # on purpose
        again = RoomWindow(
            "127.0.0.1", host.server.port, {"t": "join", "code": ana.code.lower(), "name": "Ben"}, pin=ana.fingerprint
        )
        qtbot.addWidget(again)
        again.show()
        qtbot.waitUntil(lambda: "Ben is back" in ana.log.toPlainText(), timeout=15000)
        assert again.seat == 1 and "refused" not in again.log.toPlainText()
        play_until(qtbot, [ana, again], lambda: ben_moves(again) >= ben_moves(ana) > 0)
    finally:
        host.stop()


def test_an_invite_whose_kept_seat_is_gone_joins_as_anyone_does(qtbot: QtBot) -> None:
    """A token kept for a room that no longer knows it (the guest was removed, a room reopened elsewhere) is
    refused; the window then joins with the invite's code, without a refusal in the table talk."""
    host, _ = open_host(qtbot, {"target": 30})
    try:
        ana = host.window
        keep_seat(None, seat_key("127.0.0.1", host.server.port, ana.code), "Ben", "not-a-token")
        ben = join_ben(qtbot, host)
        assert ben.seat == 1 and "refused" not in ben.log.toPlainText()
    finally:
        host.stop()


@pytest.mark.parametrize(
    ("language", "action", "words"),
    [
        ("en", "4-1@1", "Time ran out for Ben: 4-1 on the 1 was played for them."),
        ("en", "6-4@6d", "Time ran out for Ben: 6-4 on the 6 by the double was played for them."),
        ("es", "6-4@6d", "Se le acabó el tiempo a Ben: se jugó 6-4 al 6 del doble en su lugar."),
        ("es", "4-1@1", "Se le acabó el tiempo a Ben: se jugó 4-1 al 1 en su lugar."),
        ("en", "6-6", "Time ran out for Ben: 6-6 (pose) was played for them."),
        ("es", "pass", "Se le acabó el tiempo a Ben: la sala pasó en su lugar."),
        ("en", "draw", "Time ran out for Ben: the room drew for them."),
        ("en", "lead:3", "Time ran out for Ben: the room answered for them."),
    ],
)
def test_the_rooms_answer_for_a_guest_out_of_time_is_told_in_words(
    qtbot: QtBot, language: str, action: str, words: str
) -> None:
    """audit25: the table talk read "Se le acabó el tiempo a Lucía: se jugó 4-1@1 en su lugar.", the protocol's
    notation, in every window."""
    LANGUAGE.install(language)
    window, _ = offline_ben(qtbot)
    window.controller.receive({"t": "event", "e": "timeout", "seat": 1, "name": "Ben", "d": 9, "action": action})
    assert window.log.toPlainText().splitlines()[-1] == words


def test_the_talk_tab_keeps_its_rows_apart_at_1024x700_with_the_clock_shown(qtbot: QtBot) -> None:
    """audit25: at 1024x700 in Spanish, once the turn clock's row was on the side panel, the talk tab's seat list
    was drawn over the deal's fingerprint ("Asiento 4 · CPU 3 · juega una CPU" over "Huella de este reparto"):
    the list kept the height of all its rows whatever was left."""
    LANGUAGE.install("es")
    window, _ = offline_ben(qtbot)
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 700), timeout=2000)
    window.controller.receive({"t": "event", "e": "commit", "hand": 1, "digest": "9c7b8edaa0eb64d1" * 4})
    asked = view(7, ["3-1@3", "2-0@2"])
    asked["time_s"] = 15
    window.controller.receive(asked)  # Ben's timed turn: the clock's row shows, and stays
    qtbot.waitUntil(lambda: window.page.clock.isVisible(), timeout=2000)
    window.tabs.setCurrentIndex(1)
    window.say_log("Lucía dice: ¡Buena jugada!")
    qtbot.wait(100)
    rows = [window.seats, window.fairness, window.log, window.say_phrase, window.chat]
    for above, below in itertools.pairwise(rows):
        assert above.geometry().bottom() < below.geometry().top(), (above, below)
    assert window.seats.height() >= window.seats.minimumHeight() > 0


def test_the_side_panel_is_as_wide_as_the_tabs_with_the_talk_tab_current(qtbot: QtBot) -> None:
    """audit25: at 1024x700 in Spanish the talk tab read "Jugadores y c" behind scroll arrows once it was the
    current tab: the side panel was fitted to the tabs with the moves' tab current,
    and the current tab is drawn bold, wider."""
    LANGUAGE.install("es")
    window, _ = offline_ben(qtbot)
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 700), timeout=2000)
    margins = window.page.side_layout.contentsMargins()
    for tab in (1, 0, 1):
        window.tabs.setCurrentIndex(tab)
        qtbot.wait(50)
        needed = window.tabs.tabBar().sizeHint().width() + margins.left() + margins.right()
        assert window.page.side.minimumWidth() >= needed, (tab, window.page.side.minimumWidth(), needed)
