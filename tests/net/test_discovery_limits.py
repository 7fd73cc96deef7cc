"""Local-network discovery answers only local senders, a few times a second each (issue 35 item 4)."""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

import pytest

from dominoes_desktop.net import discovery, protocol
from dominoes_desktop.net.discovery import DiscoveryResponder

from .helpers import open_room, run


class Listing:
    port = 47815
    fingerprint = "ab" * 32

    def listed_rooms(self) -> list[dict[str, Any]]:
        return [{"code": "K7Q-2MX", "host": "Ana", "free": 2}]


class Sent:
    """A datagram transport that keeps what it is asked to send."""

    def __init__(self) -> None:
        self.to: list[Any] = []

    def sendto(self, data: bytes, addr: Any) -> None:
        self.to.append(addr)


def responder() -> tuple[DiscoveryResponder, Sent]:
    answering = DiscoveryResponder(Listing())
    sent = Sent()
    answering.transport = sent  # type: ignore[assignment]
    return answering, sent


@pytest.mark.parametrize(
    "sender",
    [
        "192.168.1.20",
        "10.1.2.3",
        "172.20.0.5",
        "169.254.7.7",
        "127.0.0.1",
        "::1",
        "fe80::1%eth0",
        "fd00::5",
        "::ffff:192.168.1.20",
    ],
)
def test_a_sender_on_the_local_network_is_answered(sender: str) -> None:
    answering, sent = responder()
    answering.datagram_received(protocol.DISCOVERY_MAGIC, (sender, 5000))
    assert sent.to == [(sender, 5000)]


@pytest.mark.parametrize(
    "sender", ["8.8.8.8", "100.64.0.1", "172.32.0.1", "192.0.2.1", "2001:db8::1", "::ffff:8.8.8.8", "not an address"]
)
def test_a_sender_outside_the_local_network_is_not_answered(sender: str) -> None:
    answering, sent = responder()
    for _ in range(3):
        answering.datagram_received(protocol.DISCOVERY_MAGIC, (sender, 5000))
    assert sent.to == []


def test_one_sender_is_answered_a_few_times_a_second_and_others_still_are(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr(discovery.time, "monotonic", lambda: clock[0])
    answering, sent = responder()
    for _ in range(100):  # a flood within one instant
        answering.datagram_received(protocol.DISCOVERY_MAGIC, ("192.168.1.66", 5000))
    assert len(sent.to) == discovery.ANSWERS_BURST
    answering.datagram_received(protocol.DISCOVERY_MAGIC, ("192.168.1.20", 5000))
    assert sent.to[-1] == ("192.168.1.20", 5000)  # a neighbour's own question is not crowded out
    clock[0] += 10.0  # ten seconds on, at two a second: the flooder gets its burst back, no more
    for _ in range(100):
        answering.datagram_received(protocol.DISCOVERY_MAGIC, ("192.168.1.66", 5000))
    assert len([a for a in sent.to if a[0] == "192.168.1.66"]) == 2 * discovery.ANSWERS_BURST


def test_the_senders_remembered_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "MAX_SENDERS", 50)
    answering, sent = responder()
    for i in range(200):  # all at once: the newcomers beyond the bound wait for old ones to be forgotten
        answering.datagram_received(protocol.DISCOVERY_MAGIC, (f"10.0.{i // 250}.{i % 250}", 5000))
    assert len(answering._buckets) <= 50 and len(sent.to) == 50


def test_a_real_question_over_loopback_is_answered() -> None:
    async def body(server: Any) -> None:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        assert await server.start_discovery(port)
        host, code, _ = await open_room(server, ["host", "friend", "cpu:easy", "cpu:easy"], lan=True)
        loop = asyncio.get_running_loop()
        heard: asyncio.Queue[bytes] = asyncio.Queue()

        class Ask(asyncio.DatagramProtocol):
            def datagram_received(self, data: bytes, addr: object) -> None:
                heard.put_nowait(data)

        transport, _ = await loop.create_datagram_endpoint(Ask, local_addr=("127.0.0.1", 0))
        for _ in range(20):
            transport.sendto(protocol.DISCOVERY_MAGIC, ("127.0.0.1", port))
        reply = json.loads(await asyncio.wait_for(heard.get(), 5))
        assert reply["rooms"][0]["code"] == code
        await asyncio.sleep(0.3)
        assert heard.qsize() + 1 == discovery.ANSWERS_BURST  # twenty asked at once: five answered
        transport.close()
        await host.close()

    run(body)
