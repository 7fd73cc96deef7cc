"""Local-network discovery, the server's side: a UDP broadcast asks, every server with listed rooms answers.
(The desktop asks on Qt's own sockets, in the Join dialog.)

The answer carries the server's certificate fingerprint (`fp`, 64 hex digits; absent for a plain server),
so a room picked from the list is pinned like a room joined from a link. Discovery itself is plain UDP: a
machine on the same network could answer in the host's place with its own fingerprint, so the Join dialog
shows the fingerprint's first digits, which the host's room window shows too, and a link stays the sure way.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Protocol, cast

from . import protocol


class Listing(Protocol):
    """What discovery needs of a server: its port and the rooms it lists (the server, without importing it)."""

    @property
    def port(self) -> int: ...

    @property
    def fingerprint(self) -> str: ...

    def listed_rooms(self) -> list[dict[str, Any]]: ...


class DiscoveryResponder(asyncio.DatagramProtocol):
    def __init__(self, server: Listing) -> None:
        self.server = server
        self.transport: asyncio.DatagramTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.DatagramTransport, transport)  # a datagram endpoint's own transport

    def datagram_received(self, data: bytes, addr: tuple[str | Any, int]) -> None:
        if data.strip() != protocol.DISCOVERY_MAGIC or self.transport is None:
            return
        rooms = self.server.listed_rooms()[:20]  # one datagram; a home network has a few rooms at most
        if rooms:
            reply: dict[str, Any] = {"v": protocol.PROTOCOL_VERSION, "port": self.server.port, "rooms": rooms}
            if self.server.fingerprint:
                reply["fp"] = self.server.fingerprint
            self.transport.sendto(json.dumps(reply).encode()[:1400], addr)
