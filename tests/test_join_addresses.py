"""The Join dialog reads a port and a host in the game's own words (issue 35 item 9): only ASCII digits make a
port, and a broadcast or multicast address is not a host."""

from __future__ import annotations

import socket

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.net import invite
from dominoes_desktop.ui.room.net_dialogs import JoinDialog

PORT_WORDS = "That invite cannot be read: a port is a number from 1 to 65535."
BAD_PORTS = ["²", "\uff14\uff17\uff18\uff11\uff15", "٤٧٨١٥", "9" * 5000, "0", "65536", "-1", "+80", "4_7815"]
NOT_ONE_COMPUTER = ["255.255.255.255", "224.0.0.1", "239.255.255.250", "[ff02::1]", "0.0.0.0", "[::]"]


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def dialog(qtbot: QtBot) -> JoinDialog:
    shown = JoinDialog(discovery_port=free_udp_port())
    qtbot.addWidget(shown)
    shown.name.setText("Ana")
    return shown


@pytest.mark.parametrize("port", BAD_PORTS)
def test_a_bad_port_is_refused_in_the_dialogs_words(dialog: JoinDialog, port: str) -> None:
    for text in (f"dominoes://192.168.1.20:{port}/K7Q-2MX", f"192.168.1.20:{port} K7Q-2MX"):
        dialog.invite.setText(text)
        assert dialog.checked.text() == PORT_WORDS, text
        dialog._accept()
        assert dialog.problem.text() == PORT_WORDS and dialog.choice is None


@pytest.mark.parametrize("host", NOT_ONE_COMPUTER)
def test_broadcast_multicast_and_empty_hosts_are_refused(dialog: JoinDialog, host: str) -> None:
    dialog.invite.setText(f"dominoes://{host}:47815/K7Q-2MX")
    shown = host.strip("[]")
    assert dialog.checked.text() == (
        f"That invite cannot be read: {shown} is not one computer's address "
        "(it is a broadcast, multicast or empty address)."
    )
    dialog._accept()
    assert dialog.choice is None


def test_good_addresses_still_join(dialog: JoinDialog) -> None:
    for text, host, port in [
        ("dominoes://192.168.1.20:47815/K7Q-2MX", "192.168.1.20", 47815),
        ("dominoes://[2001:db8::7]/K7Q-2MX", "2001:db8::7", 47815),
        ("dominoes://rooms.example.org:1/K7Q-2MX", "rooms.example.org", 1),
        ("10.0.0.255:65535 K7Q-2MX", "10.0.0.255", 65535),  # a host address that ends in 255 is one computer
    ]:
        dialog.invite.setText(text)
        assert dialog.checked.text().startswith("Room K7Q-2MX at "), text
        assert (invite.parse(text).host, invite.parse(text).port) == (host, port)
    dialog._accept()
    assert dialog.choice is not None and dialog.choice.port == 65535


def test_a_discovery_answer_with_a_port_that_is_not_a_number_is_ignored(qtbot: QtBot, dialog: JoinDialog) -> None:
    """A machine on the network answering discovery with "port": true or 47815.0 lists no room."""
    target = ("127.0.0.1", dialog._udp.localPort())
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
        for host, port in [("W", "true"), ("X", '"47815"'), ("Y", "47815.0"), ("Z", "70000"), ("Ana", "47815")]:
            room = f'{{"code": "K7Q-2MX", "host": "{host}", "free": 1}}'
            sender.sendto(f'{{"v": 2, "port": {port}, "rooms": [{room}]}}'.encode(), target)
    qtbot.waitUntil(lambda: dialog.found.count() > 0, timeout=5000)
    qtbot.wait(200)  # any answer after the good one would be listed by now
    listed = [dialog.found.item(i).text() for i in range(dialog.found.count())]
    assert len(listed) == 1 and listed[0].startswith("Ana's table") and "127.0.0.1:47815 K7Q-2MX" in listed[0]
