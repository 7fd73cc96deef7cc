"""Rooms on an in-process server, driven by asyncio clients."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from dominoes_desktop.net.client import Client
from dominoes_desktop.net.room import Room
from dominoes_desktop.net.server import Server

T = TypeVar("T")


def run(body: Callable[[Server], Awaitable[T]], timeout: float = 60.0, **settings: Any) -> T:
    """Run a test body against a fresh server (made with `settings`) on a loopback port, stopping it afterwards."""

    async def main() -> T:
        server = Server(**settings)
        await server.start("127.0.0.1", 0)
        try:
            async with asyncio.timeout(timeout):
                return await body(server)
        finally:
            await server.stop()

    return asyncio.run(main())


async def open_room(
    server: Server, seats: list[str], preset: str = "puerto_rican", record: bool = False, **extra: Any
) -> tuple[Client, str, Room]:
    host = Client(record=record)
    await host.connect("127.0.0.1", server.port)
    host.send({"t": "create", "name": "Host", "preset": preset, "seats": seats, **extra})
    joined = await host.expect("joined")
    return host, joined["code"], server.rooms[joined["code"]]


async def join(server: Server, code: str, name: str = "Guest", record: bool = False) -> tuple[Client, dict[str, Any]]:
    guest = Client(record=record)
    await guest.connect("127.0.0.1", server.port)
    guest.send({"t": "join", "code": code, "name": name})
    return guest, await guest.expect("joined")
