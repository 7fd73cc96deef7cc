"""Local-network discovery, the server's side: a UDP broadcast asks, every server with listed rooms answers.
(The desktop asks on Qt's own sockets, in the Join dialog.)

The answer carries the server's certificate fingerprint (`fp`, 64 hex digits; absent for a plain server),
so a room picked from the list is pinned like a room joined from a link. Discovery itself is plain UDP: a
machine on the same network could answer in the host's place with its own fingerprint, so the Join dialog
shows the fingerprint's first digits, which the host's room window shows too, and a link stays the sure way.

Only senders on a local network are answered (private, link-local and loopback addresses), each at most a
few times a second: the answer is some sixty times the size of the question and carries every listed room's
code, so where the port is reachable from the internet it must not be a reflector nor a list of invites.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import time
from typing import Any, Protocol, cast

from . import protocol


class Listing(Protocol):
    """What discovery needs of a server: its port and the rooms it lists (the server, without importing it)."""

    @property
    def port(self) -> int: ...

    @property
    def fingerprint(self) -> str: ...

    def listed_rooms(self) -> list[dict[str, Any]]: ...


LOCAL_NETWORKS = tuple(
    ipaddress.ip_network(n)
    for n in (
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",  # private (RFC 1918)
        "169.254.0.0/16",  # link-local
        "127.0.0.0/8",  # this machine
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "::1/128",
    )
)
ANSWERS_PER_S = 2.0  # a Join dialog asks once a second or so
ANSWERS_BURST = 5.0
MAX_SENDERS = 4096  # senders remembered for their rate; beyond, those whose bucket is full again are forgotten


def on_local_network(host: str) -> bool:
    """True for an address a local network uses: private, link-local or loopback (IPv4-mapped ones too)."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])  # fe80::1%eth0: the zone is not part of the address
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in network for network in LOCAL_NETWORKS)


class DiscoveryResponder(asyncio.DatagramProtocol):
    def __init__(self, server: Listing) -> None:
        self.server = server
        self.transport: asyncio.DatagramTransport | None = None
        self._buckets: dict[str, tuple[float, float]] = {}  # sender -> (answers it may still have, when counted)

    def allowed(self, sender: str, now: float) -> bool:
        """Count one answer to `sender`; False when it has had its share (ANSWERS_PER_S, bursts of ANSWERS_BURST)."""
        tokens, then = self._buckets.get(sender, (ANSWERS_BURST, now))
        tokens = min(ANSWERS_BURST, tokens + (now - then) * ANSWERS_PER_S)
        if tokens < 1:
            self._buckets[sender] = (tokens, now)
            return False
        if sender not in self._buckets and len(self._buckets) >= MAX_SENDERS:
            full_after = ANSWERS_BURST / ANSWERS_PER_S
            self._buckets = {s: b for s, b in self._buckets.items() if now - b[1] < full_after}
            if len(self._buckets) >= MAX_SENDERS:  # a flood from many senders at once: no answer for newcomers
                return False
        self._buckets[sender] = (tokens - 1, now)
        return True

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.DatagramTransport, transport)  # a datagram endpoint's own transport

    def datagram_received(self, data: bytes, addr: tuple[str | Any, int]) -> None:
        if data.strip() != protocol.DISCOVERY_MAGIC or self.transport is None:
            return
        sender = str(addr[0])
        if not on_local_network(sender) or not self.allowed(sender, time.monotonic()):
            return
        rooms = self.server.listed_rooms()[:20]  # one datagram; a home network has a few rooms at most
        if rooms:
            reply: dict[str, Any] = {"v": protocol.PROTOCOL_VERSION, "port": self.server.port, "rooms": rooms}
            if self.server.fingerprint:
                reply["fp"] = self.server.fingerprint
            self.transport.sendto(json.dumps(reply).encode()[:1400], addr)
