"""review25: friends' rooms as a second guest in the same app, a guest in Spanish and a kept seat refused."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.net import tls
from dominoes_desktop.ui.room.net_dialogs import JoinDialog, RoomHost
from dominoes_desktop.ui.room.room_controller import UNNAMED_HOST
from dominoes_desktop.ui.room.room_window import SEATS_KEY, RoomWindow, keep_seat, kept_seats, seat_key
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.settings import Settings, open_settings

from .test_network_play import free_udp_port, open_host
from .test_room_table import offline_ben, room

TALK_TAB = 1


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def two_friends_room(qtbot: QtBot) -> RoomHost:
    """Ana's room with two friends' seats (1 and 2) and a CPU."""
    request = {"t": "create", "name": "Ana", "preset": "puerto_rican", "options": {"target": 30},
               "seats": ["host", "friend", "friend", "cpu:easy"], "wait_s": 30, "cpu_delay_ms": 0, "lan": True}  # fmt: skip
    host = RoomHost(
        request, port=0, discovery_port=free_udp_port(), identity=tls.make_identity(Path(tempfile.mkdtemp()))
    )
    qtbot.addWidget(host.window)
    host.window.show()
    qtbot.waitUntil(lambda: bool(host.window.code), timeout=15000)
    return host


def guest(qtbot: QtBot, host: RoomHost, name: str) -> RoomWindow:
    """`name` opens the invite of Ana's room in this app, and is seated."""
    ana = host.window
    window = RoomWindow(
        "127.0.0.1", host.server.port, {"t": "join", "code": ana.code, "name": name}, pin=ana.fingerprint
    )
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.seat >= 0, timeout=15000)
    return window


def test_two_guests_in_one_app_take_two_seats(qtbot: QtBot) -> None:
    """review25 1: Cy opened the room's invite in the app where Ben had joined it: the app sent Ben's kept token,
    the room gave Ben's seat to Cy's window (under Ben's name) and cut Ben off."""
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        ben = guest(qtbot, host, "Ben")
        assert ben.seat == 1
        cy = guest(qtbot, host, "Cy")
        qtbot.waitUntil(lambda: ana.controller.names[:3] == ["Ana", "Ben", "Cy"], timeout=15000)
        assert (ben.seat, cy.seat) == (1, 2)
        assert "Connection lost" not in ben.status.text() and ben.controller.socket is not None
    finally:
        host.stop()


def test_the_same_invite_opened_twice_does_not_take_the_open_window_s_seat(qtbot: QtBot) -> None:
    """Ben opens the same invite again while his room window is open: a plain join (the room's second friend's
    seat), not his own seat's token, so his first window keeps its seat."""
    host = two_friends_room(qtbot)
    try:
        ben = guest(qtbot, host, "Ben")
        again = guest(qtbot, host, "Ben")
        assert (ben.seat, again.seat) == (1, 2)
    finally:
        host.stop()


def test_a_kept_seat_goes_back_only_to_its_name_with_the_other_guest_still_there(qtbot: QtBot) -> None:
    """Ben and Cy at one computer: Ben closes his window during the match; Cy's window stays. Ben's seat waits
    for him: Dee, opening the invite in the same app, is not given it, and Ben, opening it again, is."""
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        ben = guest(qtbot, host, "Ben")
        cy = guest(qtbot, host, "Cy")
        ana.start_button.click()
        qtbot.waitUntil(lambda: ben.state == "playing", timeout=15000)
        ben.close()
        qtbot.waitUntil(lambda: "Ben left the room" in ana.log.toPlainText(), timeout=15000)
        dee = RoomWindow(
            "127.0.0.1", host.server.port, {"t": "join", "code": ana.code, "name": "Dee"}, pin=ana.fingerprint
        )
        qtbot.addWidget(dee)
        dee.show()
        qtbot.waitUntil(lambda: "refused" in dee.log.toPlainText(), timeout=15000)  # every friend's seat is taken
        assert dee.seat != 1 and ana.controller.names[1] == "Ben"
        back = guest(qtbot, host, "Ben")
        qtbot.waitUntil(lambda: "Ben is back" in ana.log.toPlainText(), timeout=15000)
        assert (back.seat, cy.seat) == (1, 2) and "refused" not in back.log.toPlainText()
    finally:
        host.stop()


def test_the_settings_keep_each_guest_s_seat_under_their_name(tmp_path: Path) -> None:
    """Two guests of one room at one computer each keep their own seat's token (with a comma and quotes in a
    name, as settings.ini writes them); a token kept by an older version, with no name, is not sent for anyone."""
    settings = Settings(open_settings(tmp_path / "config"))
    settings.store.setValue(SEATS_KEY, '{"127.0.0.1:47815/ABC-123": "old-token"}')
    assert kept_seats(settings) == {}
    room = seat_key("127.0.0.1", 47815, "abc123")
    keep_seat(settings, room, "Ben", "t1")
    keep_seat(settings, room, 'Cy "C", jr', "t2")
    again = Settings(open_settings(tmp_path / "config"))
    assert kept_seats(again) == {room: {"Ben": "t1", 'Cy "C", jr': "t2"}}


def test_a_spanish_guest_reads_a_host_who_gave_no_name_in_spanish_in_the_table_talk(qtbot: QtBot) -> None:
    """review25 2: the seat read "Anfitrión", but the table talk "Host dice: hola" (the message's own name)."""
    LANGUAGE.install("es")
    window, _ = offline_ben(qtbot)
    state = room()
    state["seats"][0]["name"] = UNNAMED_HOST
    window.controller.receive(state)
    window.controller.receive({"t": "chat", "seat": 0, "name": UNNAMED_HOST, "text": "hola"})
    assert window.log.toPlainText().splitlines()[-1] == "Anfitrión dice: hola"
    window.controller.receive({"t": "chat", "seat": 1, "name": "Ben", "text": "¡buena!"})
    assert window.log.toPlainText().splitlines()[-1] == "Ben dice: ¡buena!"


def test_the_room_list_words_a_host_who_gave_no_name_as_the_seat_does(qtbot: QtBot) -> None:
    """review25 2: the LAN room list read "Mesa de Host" for a host who gave no name; a host named Ana reads so."""
    LANGUAGE.install("es")
    dialog = JoinDialog(discovery_port=free_udp_port())
    qtbot.addWidget(dialog)
    dialog.add_room("192.0.2.2", 47815, {"code": "K7Q-2MX", "host": UNNAMED_HOST, "free": 2})
    dialog.add_room("192.0.2.3", 47815, {"code": "K7Q-2MX", "host": "Ana", "free": 1})
    rows = [dialog.found.item(row).text() for row in range(dialog.found.count())]
    assert rows[0].startswith("Mesa de Anfitrión ·") and "Host" not in rows[0], rows
    assert rows[1].startswith("Mesa de Ana ·"), rows


def test_a_kept_seat_the_room_does_not_know_is_forgotten_once_refused(qtbot: QtBot) -> None:
    """review25 8: a token kept for a room that is gone was sent at every invite opened again, each time one of
    the address's free wrong codes (bad token, then the join's wrong code). Once refused, it is forgotten."""
    host, _ = open_host(qtbot, {"target": 30})
    try:
        key = seat_key("127.0.0.1", host.server.port, "ZZZ-999")
        keep_seat(None, key, "Ben", "a-token-of-a-closed-room")
        gone = RoomWindow("127.0.0.1", host.server.port, {"t": "join", "code": "zzz999", "name": "Ben"})
        qtbot.addWidget(gone)
        gone.show()
        qtbot.waitUntil(lambda: "refused" in gone.log.toPlainText(), timeout=15000)  # the join: no such room
        assert "Ben" not in kept_seats(None).get(key, {})
    finally:
        host.stop()


def test_a_removed_guest_s_seat_is_forgotten(qtbot: QtBot) -> None:
    """The host removed Ben: his app no longer keeps the seat's token, which the room would refuse."""
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        ben = guest(qtbot, host, "Ben")
        key = seat_key("127.0.0.1", host.server.port, ana.code)
        assert "Ben" in kept_seats(None)[key]
        ana.controller.send({"t": "remove", "seat": 1})
        qtbot.waitUntil(lambda: ben.ended, timeout=15000)
        assert "Ben" not in kept_seats(None).get(key, {})
    finally:
        host.stop()


def test_a_guest_who_leaves_before_the_match_forgets_the_seat_they_gave_up(qtbot: QtBot) -> None:
    """Before the match a guest's leave frees the seat for anyone: its token opens nothing any more."""
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        ben = guest(qtbot, host, "Ben")
        key = seat_key("127.0.0.1", host.server.port, ana.code)
        ben.close()
        qtbot.waitUntil(lambda: ana.controller.names[1] != "Ben", timeout=15000)
        assert "Ben" not in kept_seats(None).get(key, {})
    finally:
        host.stop()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_side_panel_narrows_again_when_a_large_window_is_made_small(qtbot: QtBot, language: str) -> None:
    """review25 5: the side panel's least width was the widest the tabs had ever been, and their words grow with
    the window: after 1920x1080 a window back at 1024x700 kept a panel 273 px wide, not 200, the table 58 px
    narrower for good. It is the widest the tabs can be at the words' present size, whichever tab is current."""
    LANGUAGE.install(language)
    window, _ = offline_ben(qtbot)
    margins = window.page.side_layout.contentsMargins()
    bar = window.tabs.tabBar()

    def least(size: tuple[int, int]) -> list[int]:
        """The panel's least width with each tab current (the talk tab's "•" in view), at `size`."""
        window.resize(*size)
        qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=2000)
        qtbot.wait(50)
        widths = []
        for tab in (0, TALK_TAB, 0):
            window.tabs.setCurrentIndex(tab)
            if tab != TALK_TAB:
                window.controller.receive({"t": "chat", "seat": 0, "name": "Ana", "text": "hola"})
            qtbot.wait(20)
            assert window.page.side.minimumWidth() >= bar.sizeHint().width() + margins.left() + margins.right()
            widths.append(window.page.side.minimumWidth())
        return widths

    small = least((1024, 700))
    assert len(set(small)) == 1, small  # the panel does not narrow and widen as the tabs are switched
    large = least((1920, 1080))
    assert len(set(large)) == 1 and large[0] > small[0], (small, large)
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.page.side.minimumWidth() == small[0], timeout=2000)  # no tab switched yet
    assert least((1024, 700)) == small


def test_a_token_refused_on_reconnect_is_forgotten(qtbot: QtBot) -> None:
    """Reconnect sends the seat's token; refused (bad_token: the seat was given away, the room made again), it
    was kept and sent again at the next invite. Now it is forgotten as a refused join's is."""
    host = two_friends_room(qtbot)
    try:
        ana = host.window
        ben = guest(qtbot, host, "Ben")
        key = seat_key("127.0.0.1", host.server.port, ana.code)
        keep_seat(None, key, "Ben", "a-token-the-room-never-gave")
        ben.controller.token = "a-token-the-room-never-gave"
        ben.rejoin()
        qtbot.waitUntil(lambda: "Ben" not in kept_seats(None).get(key, {}), timeout=15000)
    finally:
        host.stop()
