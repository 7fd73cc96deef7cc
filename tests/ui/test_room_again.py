"""Issue 34: a room plays another match at the same table, from the "Match over" sheets (host and guest)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.room.room_window import RoomWindow

from .test_network_play import english, join_ben, open_host, play_until, played_out  # noqa: F401 (english: the fixture)
from .test_room_table import offline_ben, request, view


def test_the_host_plays_again_and_the_guest_sees_the_new_match_start_clean(qtbot: QtBot) -> None:
    host, _ = open_host(qtbot, {"single_round": True})
    try:
        ana = host.window
        ben = join_ben(qtbot, host, (1024, 700))
        for window in (ana, ben):  # before any hand: nothing is "over"
            window.page.refresh()
            assert window.page.turn.text() == "Waiting for the first deal."
        ana.start_button.click()
        both_over = lambda: ana.state == "over" and ben.state == "over"  # noqa: E731
        play_until(qtbot, [ana, ben], both_over)
        qtbot.waitUntil(lambda: ana.page.hand_end.isVisible() and ben.page.hand_end.isVisible(), timeout=5000)
        for window in (ana, ben):  # a seat is never told the deal's seed: no "Deal seed None" under Details
            assert not window.page.hand_end.details_button.isVisible()
            assert "None" not in window.page.hand_end.details.text() or window.page.hand_end.details.isHidden()
        again = ana.page.hand_end.again
        assert again.isVisible() and again.text() == "Play again", "the host's sheet offers another match"
        assert ana.focusWidget() is again, "and has the keys"
        asked = ben.page.hand_end.again
        assert asked.isVisible() and asked.text() == "Ask for another match"
        asked.click()
        qtbot.waitUntil(lambda: "Ben asks for another match." in ana.log.toPlainText(), timeout=5000)
        assert not asked.isEnabled(), "asked once"
        old_log = ben.page.log.lines()
        assert len(old_log) > 1
        again.click()
        qtbot.waitUntil(lambda: ana.state == "playing" and ben.state == "playing", timeout=15000)
        qtbot.waitUntil(lambda: ben.page.cut_panel.isVisible(), timeout=5000)  # the new match's first cut is his
        for window in (ana, ben):
            page = window.page
            assert not page.hand_end.isVisible(), "the last match's sheet is gone"
            assert window.controller.last_result is None and window.controller.winner is None
            assert window.controller.scores == [0, 0]
            assert page.log.lines() != old_log
            assert "over" not in window.status.text()
        play_until(qtbot, [ana, ben], both_over)
        qtbot.waitUntil(lambda: ben.page.hand_end.isVisible(), timeout=5000)
        assert ana.page.hand_end.again.isVisible() and ben.page.hand_end.again.isEnabled(), "and again after it"
    finally:
        host.stop()


def _answer_the_question(qtbot: QtBot, button_text: str) -> list[str]:
    """Click `button_text` on the question box when it opens; the box's text is put in the list returned."""
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.append(box.text())
        chosen = next(b for b in box.buttons() if b.text() == button_text)
        chosen.click()

    QTimer.singleShot(20, answer)
    return seen


def test_the_host_is_asked_before_closing_and_the_guest_learns_of_it_at_once(qtbot: QtBot) -> None:
    host, ana, ben = played_out(qtbot, (1024, 700))
    try:
        seen = _answer_the_question(qtbot, "Keep the room open")
        assert not ana.may_close(), "the host kept the room"
        assert seen and "Close the room?" in seen[0]
        assert ana.isVisible() and ana.state == "over"
        assert not ben.page.hand_end.findChildren(QMessageBox)
        _answer_the_question(qtbot, "Close the room")
        assert ana.may_close()
        ana.close()
        # The guest, looking at the hand-end sheet (which lies over the side panel), is told at once.
        qtbot.waitUntil(lambda: ben.notice is not None and ben.notice.isVisible(), timeout=5000)
        assert ben.notice is not None and "host" in ben.notice.text() and "closed" in ben.notice.text()
        assert not ben.page.hand_end.next.isEnabled(), "no Next hand into a closed room"
    finally:
        host.stop()


def test_a_guest_who_asked_for_it_is_passed_for_when_nothing_fits(qtbot: QtBot) -> None:
    """Ben's view: open ends 2 and 3, none of his tiles has either; the room offers him only the pass."""

    def ticked(window: RoomWindow) -> None:
        qtbot.waitUntil(lambda: "Disconnected" in window.status.text(), timeout=5000)  # the port is nobody's
        window.controller.auto_pass = True  # the View setting "Pass for me when nothing fits"

    ben, sent = offline_ben(qtbot, ticked)
    stuck = request()
    stuck["hand"] = ["4-4", "1-0", "5-5", "1-1", "5-0", "5-4"]
    said: list[str] = []
    ben.page.happened.connect(said.append)
    ben.controller.receive(view(7, ["pass"], stuck))
    assert ben.controller.human_turn() == 1 and not sent, "his turn is shown first"
    qtbot.waitUntil(lambda: bool(sent), timeout=3000)
    assert sent == [{"t": "act", "d": 7, "action": "pass"}]
    assert "You pass" in said
    ben.controller.auto_pass = False  # unticked: the pass is his to press
    ben.controller.receive(view(8, ["pass"], stuck))
    qtbot.wait(1000)
    assert len(sent) == 1 and ben.controller.human_turn() == 1
