"""review26 1: an invite opened again brought up a room window that held no seat (its join refused: the room full,
or not the host the invite named) and nothing joined. Only a window that holds the seat's token, or whose join is
still unanswered, by the invite's fingerprint, is brought to the front; else a new window joins."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from dominoes_desktop.net.invite import Invite
from dominoes_desktop.ui.room.net_dialogs import open_invite

from .test_network_play import english  # noqa: F401 (the fixture)
from .test_room25 import guest, two_friends_room


def game_window(qtbot: QtBot) -> QMainWindow:
    game = QMainWindow()  # the game window the invite is opened from
    qtbot.addWidget(game)
    game.show()
    return game


def test_an_invite_opened_again_after_the_room_was_full_joins_in_a_new_window(qtbot: QtBot) -> None:
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        guest(qtbot, host, "Ben")
        cy = guest(qtbot, host, "Cy")
        game = game_window(qtbot)
        link = Invite("127.0.0.1", host.server.port, ana.code, ana.fingerprint)
        dee = open_invite(game, link, "Dee")
        qtbot.addWidget(dee)
        qtbot.waitUntil(lambda: "every friend's seat in this room is taken" in dee.log.toPlainText(), timeout=15000)
        assert dee.seat == -1 and not dee.ended
        cy.close()  # in the lobby Cy's leave frees seat 2
        qtbot.waitUntil(lambda: "Cy" not in ana.controller.names, timeout=5000)
        again = open_invite(game, link, "Dee")
        qtbot.addWidget(again)
        assert again is not dee, "the refused window holds no seat"
        qtbot.waitUntil(lambda: again.seat == 2, timeout=15000)
        qtbot.waitUntil(lambda: ana.controller.names[2] == "Dee", timeout=5000)
    finally:
        host.stop()


def test_an_invite_with_the_right_fingerprint_after_a_wrong_one_joins_in_a_new_window(qtbot: QtBot) -> None:
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        game = game_window(qtbot)
        wrong = open_invite(game, Invite("127.0.0.1", host.server.port, ana.code, "00" * 32), "Ben")
        qtbot.addWidget(wrong)
        qtbot.waitUntil(lambda: "not the host" in wrong.status.text(), timeout=15000)
        right = open_invite(game, Invite("127.0.0.1", host.server.port, ana.code, ana.fingerprint), "Ben")
        qtbot.addWidget(right)
        assert right is not wrong, "the window pinned to another host holds no seat here"
        qtbot.waitUntil(lambda: right.seat == 1, timeout=15000)
        qtbot.waitUntil(lambda: ana.controller.names[1] == "Ben", timeout=5000)
    finally:
        host.stop()


def test_a_window_still_joining_is_brought_to_the_front_but_not_for_another_fingerprint(qtbot: QtBot) -> None:
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        game = game_window(qtbot)
        link = Invite("127.0.0.1", host.server.port, ana.code, ana.fingerprint)
        ben = open_invite(game, link, "Ben")
        qtbot.addWidget(ben)
        assert ben.seat == -1 and ben.live(), "nothing read yet: the join is unanswered"
        assert open_invite(game, link, "Ben") is ben
        other = open_invite(game, Invite("127.0.0.1", host.server.port, ana.code, "11" * 32), "Ben")
        qtbot.addWidget(other)
        assert other is not ben, "an invite naming another host's certificate is not this window's"
        qtbot.waitUntil(lambda: ben.seat == 1, timeout=15000)
        assert open_invite(game, link, "Ben") is ben, "seated"
    finally:
        host.stop()


def test_a_seat_whose_connection_was_lost_is_taken_back_by_its_invite(qtbot: QtBot) -> None:
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        game = game_window(qtbot)
        link = Invite("127.0.0.1", host.server.port, ana.code, ana.fingerprint)
        ben = guest(qtbot, host, "Ben")
        assert ben.controller.socket is not None
        ben.controller.socket.drop()
        qtbot.waitUntil(lambda: "Disconnected" in ben.status.text(), timeout=15000)
        assert open_invite(game, link, "Ben") is ben, "the window that holds Ben's seat"
        qtbot.waitUntil(lambda: ben.live() and ben.controller.socket is not None and ben.controller.socket.connected(),
                        timeout=15000)  # fmt: skip
        qtbot.waitUntil(lambda: "Reconnecting" not in ben.status.text() and ben.seat == 1, timeout=15000)
        qtbot.wait(300)
        assert ana.controller.names.count("Ben") == 1, "Ben holds one seat"
    finally:
        host.stop()


def test_a_kept_seat_is_taken_back_by_the_right_invite_after_a_wrong_one(qtbot: QtBot) -> None:
    """The window refused by its pin had sent nothing, yet it still named the kept token as its own: the right
    invite's window then joined as a newcomer (another seat) instead of taking Ben's seat back."""
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        ben = guest(qtbot, host, "Ben")
        ana.start_button.click()
        qtbot.waitUntil(lambda: ben.state == "playing", timeout=15000)
        ben.close()  # during the match his seat is kept: the invite opened again takes it back with its token
        qtbot.waitUntil(lambda: not ana._room_seats[1]["connected"], timeout=5000)
        game = game_window(qtbot)
        wrong = open_invite(game, Invite("127.0.0.1", host.server.port, ana.code, "00" * 32), "Ben")
        qtbot.addWidget(wrong)
        qtbot.waitUntil(lambda: "not the host" in wrong.status.text(), timeout=15000)
        right = open_invite(game, Invite("127.0.0.1", host.server.port, ana.code, ana.fingerprint), "Ben")
        qtbot.addWidget(right)
        assert right is not wrong
        qtbot.waitUntil(lambda: right.seat >= 0, timeout=15000)
        assert right.seat == 1, "Ben's own seat, not another"
        qtbot.waitUntil(lambda: ana._room_seats[1]["connected"], timeout=5000)
        assert ana.controller.names.count("Ben") == 1
    finally:
        host.stop()


def test_a_full_room_refuses_a_spanish_guest_in_spanish_and_says_there_is_no_seat(qtbot: QtBot, spanish: None) -> None:
    """The room's refusal was the server's English text ("every friend's seat in this room is taken") in a Spanish
    window, and its status line went on saying "Connecting…"."""
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        guest(qtbot, host, "Ben")
        guest(qtbot, host, "Cy")
        link = Invite("127.0.0.1", host.server.port, ana.code, ana.fingerprint)
        game = game_window(qtbot)  # held: the room window is its child
        dee = open_invite(game, link, "Dee")
        qtbot.addWidget(dee)
        full = "todos los asientos de amigos de esta sala están ocupados"
        qtbot.waitUntil(lambda: full in dee.log.toPlainText(), timeout=15000)
        assert "every friend's seat" not in dee.log.toPlainText()
        assert dee.status.text() == f"Sin asiento en esta sala: {full}"
        # Nothing of the window is to press (Start was shown and answered in English: audit26 F3).
        assert not dee.start_button.isVisible() and not dee.copy.isVisible() and not dee.page.isEnabled()
    finally:
        host.stop()
