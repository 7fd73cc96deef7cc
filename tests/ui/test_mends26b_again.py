"""review26 2-4: a guest's ask for another match (`again`) as the host and the guest meet it.

2. The ask moved the host's keyboard focus to "Play again": the host typing in the table talk started a match with
   one Space. The focus stays; the status line says the ask, once.
3. A guest back after asking was offered the button again, and the room's refusal of a second ask was shown in
   English: the ask is kept across a rejoin (one a match), and the refusals are worded in the player's language.
4. An older host refuses `again` (unknown_type): the ask goes to the table talk as the old line, once, and the guest
   is told so."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.room.room_window import RoomWindow
from dominoes_desktop.ui.shell.i18n import LANGUAGE

from .conftest import saying
from .test_network_play import english, played_out  # noqa: F401 (english: the fixture)


def test_a_guests_ask_leaves_the_hosts_focus_in_the_table_talk(qtbot: QtBot) -> None:
    host, ana, ben = played_out(qtbot)
    try:
        ana.raise_()
        ana.activateWindow()
        qtbot.waitUntil(ana.isActiveWindow, timeout=3000)
        ana.chat.setFocus(Qt.FocusReason.MouseFocusReason)
        qtbot.waitUntil(ana.chat.hasFocus, timeout=3000)
        qtbot.keyClicks(ana.chat, "gg")
        with saying() as said:
            ben.play_again()
            qtbot.waitUntil(lambda: "Ben asks for another match." in ana.log.toPlainText(), timeout=5000)
            qtbot.wait(200)
        assert ana.chat.hasFocus() and QApplication.focusWidget() is ana.chat, "the focus stays in the table talk"
        again = ana.page.hand_end.again
        assert again.isVisible() and again.isEnabled() and again.text() == "Play again"
        assert said.count("Ben asks for another match: press Play again.") == 1, said
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)  # the host goes on typing
        qtbot.keyClicks(ana.chat, "wp")
        qtbot.wait(800)
        assert ana.state == "over", "no match started"
        assert ana.chat.text() == "gg wp"
    finally:
        host.stop()


def test_a_guest_back_after_asking_is_not_offered_the_ask_again(qtbot: QtBot) -> None:
    host, ana, ben = played_out(qtbot, wait_s=0.3)
    try:
        ben.play_again()
        qtbot.waitUntil(lambda: "Ben asks for another match." in ana.log.toPlainText(), timeout=5000)
        assert ben.controller.socket is not None
        ben.controller.socket.drop()
        qtbot.waitUntil(lambda: "Disconnected" in ben.status.text(), timeout=15000)
        ben.rejoin()  # the seat's token back
        qtbot.waitUntil(lambda: "Ben is back" in ana.log.toPlainText(), timeout=15000)
        qtbot.waitUntil(lambda: ben.log.toPlainText().count("The match is over.") == 2, timeout=5000)
        again = ben.page.hand_end.again
        assert again.text() == "Asked for another match" and not again.isEnabled(), "one ask a match"
        ben.play_again()
        qtbot.wait(500)
        assert ana.log.toPlainText().count("Ben asks for another match.") == 1
        assert "refused" not in ben.log.toPlainText()
    finally:
        host.stop()


def test_a_second_ask_from_a_new_window_is_refused_in_the_players_language(qtbot: QtBot) -> None:
    host, ana, ben = played_out(qtbot)
    try:
        ben.play_again()
        qtbot.waitUntil(lambda: "Ben asks for another match." in ana.log.toPlainText(), timeout=5000)
        ben.close()  # the seat is kept after the match's start; the invite opened again takes it back
        qtbot.waitUntil(lambda: not ana._room_seats[1]["connected"], timeout=5000)
        back = RoomWindow("127.0.0.1", host.server.port, {"t": "join", "code": ana.code, "name": "Ben"},
                          pin=ana.fingerprint)  # fmt: skip
        qtbot.addWidget(back)
        back.show()
        qtbot.waitUntil(lambda: back.seat == 1 and back.page.hand_end.again.isEnabled(), timeout=15000)
        LANGUAGE.install("es")
        back.play_again()  # this window cannot know of the ask made in the one closed
        qtbot.waitUntil(lambda: "Ya pediste otra partida." in back.log.toPlainText(), timeout=5000)
        assert "already" not in back.log.toPlainText() and "La sala no lo aceptó" not in back.log.toPlainText()
        again = back.page.hand_end.again
        assert again.text() == "Otra partida pedida" and not again.isEnabled()
        back.receive({"t": "error", "code": "not_seated", "msg": "take a seat first", "re": "again"})
        assert back.log.toPlainText().splitlines()[-1] == "La sala no aceptó tu petición de otra partida."
    finally:
        LANGUAGE.install("en")
        host.stop()


def test_an_older_hosts_refusal_sends_the_ask_as_table_talk_once_and_says_so(qtbot: QtBot) -> None:
    host, ana, ben = played_out(qtbot)
    try:
        ben.play_again()
        qtbot.waitUntil(lambda: "Ben asks for another match." in ana.log.toPlainText(), timeout=5000)
        old = {"t": "error", "code": "unknown_type", "msg": "unknown message type 'again'", "re": "again"}
        ben.receive(old)  # as a host's app from before `again` answers it
        ben.receive(old)
        assert ben.log.toPlainText().splitlines()[-1] == (
            "The host's app is older: your ask was sent in the table talk instead."
        )
        assert ben.log.toPlainText().count("table talk instead") == 1
        qtbot.waitUntil(lambda: "Ben says: Another match?" in ana.log.toPlainText(), timeout=5000)
        qtbot.wait(300)
        assert ana.log.toPlainText().count("Ben says: Another match?") == 1, "once"
        assert "refused" not in ben.log.toPlainText()
        again = ben.page.hand_end.again
        assert again.text() == "Asked for another match" and not again.isEnabled()
    finally:
        host.stop()
