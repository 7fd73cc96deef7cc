"""mends26 1: a guest's ask for another match is the protocol's `again`, which each window words in its own
language: a Spanish guest's ask reads "Ben asks for another match." to an English host (it read "Ben says:
¿Otra partida?", the guest's words sent as table talk), with the host's "Play again" at hand."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.shell.i18n import LANGUAGE

from .test_network_play import english, played_out  # noqa: F401 (english: the fixture)


def test_a_spanish_guests_ask_reads_in_the_english_hosts_words_and_in_spanish_to_a_spanish_host(qtbot: QtBot) -> None:
    host, ana, ben = played_out(qtbot)
    try:
        # The language is the process's: Ben clicks while it is Spanish, Ana hears him once it is English again
        # (nothing is read from the connection until the test waits).
        LANGUAGE.install("es")
        ben.play_again()
        assert "Pediste otra partida al anfitrión." in ben.log.toPlainText()
        LANGUAGE.install("en")
        qtbot.waitUntil(lambda: "Ben asks for another match." in ana.log.toPlainText(), timeout=5000)
        assert "Otra" not in ana.log.toPlainText() and "says" not in ana.log.toPlainText()
        assert ana.status.text() == "Ben asks for another match: press Play again."
        again = ana.page.hand_end.again
        assert again.isVisible() and again.isEnabled() and again.text() == "Play again"
        assert "asks for another match" not in ben.log.toPlainText(), "his own ask is said once, on his click"
        # The same event read by a host whose language is Spanish: her own words.
        LANGUAGE.install("es")
        ana.receive({"t": "event", "e": "again", "seat": 1, "name": "Ben"})
        assert "Ben pide otra partida." in ana.log.toPlainText()
        assert ana.status.text() == "Ben pide otra partida: pulsa Jugar otra vez."
        LANGUAGE.install("en")
        ben.play_again()  # a second click cannot ask twice: the room would refuse it anyway
        qtbot.wait(300)
        assert "refused" not in ben.log.toPlainText()
    finally:
        host.stop()
