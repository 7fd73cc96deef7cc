"""A room's window in words a player reads: an open seat named, not a word in brackets ("(waiting) (partner)" on
its plate, "Host & (waiting)" in the scores), and the table talk's box saying what shows there while it is empty
(a blank box at 1024x700 and 1920x1080, visual23)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.shell.i18n import LANGUAGE

from .test_room_table import offline_ben, room


@pytest.mark.parametrize(
    ("language", "open_seat", "talk"), [("en", "Open seat", "players say"), ("es", "Asiento libre", "jugadores")]
)
def test_an_open_seat_is_named_and_the_empty_talk_says_what_it_is_for(
    qtbot: QtBot, language: str, open_seat: str, talk: str
) -> None:
    LANGUAGE.install(language)
    window, _sent = offline_ben(qtbot)
    lobby = room("lobby")
    lobby["seats"][2] = {"seat": 2, "name": "", "kind": "friend", "cpu": False, "connected": False}
    window.controller.receive(lobby)
    assert window.controller.names[2] == open_seat
    assert not any(name.startswith("(") for name in window.controller.names), window.controller.names
    assert window.log.toPlainText() == "" and talk in window.log.placeholderText()
