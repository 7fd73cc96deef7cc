"""A room server on a background thread, for the desktop app that hosts a room itself."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from ..session.cpu_pool import CpuPool
from . import protocol
from .server import Server
from .tls import Identity


class ServerThread:
    """Runs a Server on its own asyncio loop in a daemon thread. `start` returns the bound port. With a
    `save_path`, its rooms are kept there (on the server's thread) while a match goes on, to resume."""

    def __init__(
        self, save_path: Path | None = None, tls: Identity | None = None, cpu_pool: CpuPool | None = None
    ) -> None:
        """With `tls` (the game's own certificate) every connection is private; guests pin its fingerprint. The
        rooms' CPUs think in `cpu_pool` (the program's one pool, kept open at `stop`), or in one CPU process."""
        self.server = Server(max_rooms=8, cpu_workers=1, cpu_pool=cpu_pool)
        self.tls = tls
        self.save_path = save_path
        if save_path is not None:
            self.server.room_saver = self._save
        self.port = 0
        self.fingerprint = tls.fingerprint if tls is not None else ""
        self.discovery = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def start(
        self,
        host: str = "0.0.0.0",
        port: int = protocol.DEFAULT_PORT,
        discovery: bool = True,
        discovery_port: int = protocol.DISCOVERY_PORT,
    ) -> int:
        """Listen on `port` (or, if it is taken, any free port); raises OSError if neither works."""
        ready: Future[int] = Future()
        loop = asyncio.new_event_loop()
        self._loop = loop

        async def begin() -> None:
            try:
                try:
                    bound = await self.server.start(host, port, self.tls)
                except OSError:
                    bound = await self.server.start(host, 0, self.tls)
                if discovery:
                    self.discovery = await self.server.start_discovery(discovery_port)
            except Exception as exc:  # whatever it is, the caller must hear of it rather than wait
                ready.set_exception(exc)
                return
            ready.set_result(bound)

        def run() -> None:
            asyncio.set_event_loop(loop)
            starting = loop.create_task(begin())
            loop.run_forever()
            starting.cancel()
            loop.run_until_complete(self.server.stop())
            loop.close()

        self._thread = threading.Thread(target=run, name="room-server", daemon=True)
        self._thread.start()
        self.port = ready.result(timeout=10)
        return self.port

    def _save(self, snapshot: dict[str, Any] | None) -> None:
        path = self.save_path
        assert path is not None
        if snapshot is None:  # the match is over: nothing to resume
            path.unlink(missing_ok=True)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.tmp")
        temporary.write_text(json.dumps({**snapshot, "port": self.port}), encoding="utf-8")
        os.replace(temporary, path)

    def restore(self, snapshot: dict[str, Any]) -> str:
        """Open a saved room on this (started) server; its code, or ValueError."""
        loop = self._loop
        assert loop is not None

        async def restore() -> str:
            return self.server.restore_room(snapshot).code

        return asyncio.run_coroutine_threadsafe(restore(), loop).result(timeout=10)

    def stop(self) -> None:
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        self._loop = self._thread = None
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
