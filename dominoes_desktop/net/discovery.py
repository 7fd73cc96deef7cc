"""Finding rooms on the local network: a UDP broadcast asks, every server with listed rooms answers."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from typing import TYPE_CHECKING, Any, cast

from . import protocol

if TYPE_CHECKING:
    from .server import Server


class DiscoveryResponder(asyncio.DatagramProtocol):
    def __init__(self, server: Server) -> None:
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


def find_rooms(timeout_s: float = 0.8, port: int = protocol.DISCOVERY_PORT) -> list[dict[str, Any]]:
    """Broadcast a question and gather the answers: each room with the address and port to join it at."""
    found: list[dict[str, Any]] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.settimeout(0.1)
        for target in ("255.255.255.255", "127.0.0.1"):
            try:
                sock.sendto(protocol.DISCOVERY_MAGIC, (target, port))
            except OSError:
                continue
        deadline = time.monotonic() + timeout_s
        seen: set[tuple[str, int, str]] = set()
        while time.monotonic() < deadline:
            try:
                data, (host, _) = sock.recvfrom(2048)
            except TimeoutError:
                continue
            except OSError:
                break
            try:
                reply = json.loads(data)
                rooms = reply["rooms"]
                room_port = int(reply["port"])
            except (ValueError, KeyError, TypeError):
                continue
            for room in rooms if isinstance(rooms, list) else []:
                if not isinstance(room, dict) or not isinstance(room.get("code"), str):
                    continue
                key = (host, room_port, room["code"])
                if key not in seen:
                    seen.add(key)
                    found.append({**room, "address": host, "port": room_port})
    return found
