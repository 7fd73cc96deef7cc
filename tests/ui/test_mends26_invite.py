"""mends26 3: an invite opened for a seat that a room window of this app already holds brings that window to the
front (it opened a second window, which joined as someone else, and left the first one behind)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.net.invite import Invite
from dominoes_desktop.ui.room.net_dialogs import open_invite
from dominoes_desktop.ui.room.room_window import RoomWindow

from .test_network_play import english  # noqa: F401 (the fixture)
from .test_room25 import guest, two_friends_room


def rooms() -> list[RoomWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, RoomWindow) and not w.ended]


def test_the_invite_of_an_open_seat_brings_its_window_to_the_front(qtbot: QtBot) -> None:
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        ben = guest(qtbot, host, "Ben")
        game = QMainWindow()  # the game window the invite was opened from
        qtbot.addWidget(game)
        game.show()
        game.activateWindow()
        ben.showMinimized()
        before = rooms()
        link = Invite("127.0.0.1", host.server.port, ana.code.lower().replace("-", ""), ana.fingerprint)
        assert open_invite(game, link, "Ben") is ben, "the window that holds Ben's seat"
        assert rooms() == before, "no second window, no second seat"
        assert not ben.isMinimized() and ben.isVisible()
        qtbot.waitUntil(
            lambda: ben.isActiveWindow() or "already open" in game.statusBar().currentMessage(), timeout=3000
        )
        qtbot.wait(400)
        assert ana.controller.names.count("Ben") == 1, "Ben holds one seat"
        cy = open_invite(game, link, "Cy")  # another name: a seat of their own, in a window of their own
        qtbot.addWidget(cy)
        qtbot.waitUntil(lambda: cy.seat == 2, timeout=15000)
        assert cy is not ben
    finally:
        host.stop()


def test_a_window_kept_behind_says_so_in_the_game_windows_status(qtbot: QtBot) -> None:
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        ben = guest(qtbot, host, "Ben")
        game = QMainWindow()
        qtbot.addWidget(game)
        game.show()
        ben.activateWindow = lambda: None  # type: ignore[method-assign]  # a window system that refuses focus
        blocker = QWidget()  # and keeps another window active
        qtbot.addWidget(blocker)
        blocker.show()
        blocker.activateWindow()
        qtbot.waitUntil(blocker.isActiveWindow, timeout=3000)
        link = Invite("127.0.0.1", host.server.port, ana.code, ana.fingerprint)
        assert open_invite(game, link, "Ben") is ben
        qtbot.waitUntil(lambda: game.statusBar().currentMessage() != "", timeout=3000)
        assert game.statusBar().currentMessage() == f"Your seat in room {ana.code} is already open in its own window."
    finally:
        host.stop()
