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

from .conftest import saying
from .test_network_play import english, join_ben, open_host, play_until  # noqa: F401 (english: the fixture)


def test_a_guests_ask_leaves_the_hosts_focus_in_the_table_talk(qtbot: QtBot) -> None:
    host, _ = open_host(qtbot, {"single_round": True})
    try:
        ana = host.window
        ben = join_ben(qtbot, host)
        ana.start_button.click()
        play_until(qtbot, [ana, ben], lambda: ana.state == "over" and ben.state == "over")
        qtbot.waitUntil(lambda: ana.page.hand_end.isVisible(), timeout=5000)
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
