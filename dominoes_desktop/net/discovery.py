"""Local-network discovery, the server's side: a UDP broadcast asks, every server with listed rooms answers.
(The desktop asks on Qt's own sockets, in the lobby.)"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Protocol, cast

from . import protocol


class Listing(Protocol):
    """What discovery needs of a server: its port and the rooms it lists (the server, without importing it)."""

    @property
    def port(self) -> int: ...

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
            reply = {"v": protocol.PROTOCOL_VERSION, "port": self.server.port, "rooms": rooms}
            self.transport.sendto(json.dumps(reply).encode()[:1400], addr)
