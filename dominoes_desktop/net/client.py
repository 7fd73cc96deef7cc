"""An asyncio client of the room server: tests, the bot bridge and the benchmark play through it."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
from collections.abc import Awaitable, Callable
from typing import Any

from ..engine.errors import DominoError
from ..engine.moves import MoveKind, parse_move
from ..engine.presets import build_rules
from ..engine.rules import Rules
from ..engine.tiles import Tile
from . import fairdeal, messages, protocol, tls
from .codec import Decision


@functools.lru_cache(maxsize=4096)
def played_tile(text: str) -> Tile | None:
    """The tile a move's text plays (None for a pass, a draw, a claim), read once for each text: a table
    repeats the same few hundred, and a benchmark's bots each read every move of their table."""
    move = parse_move(text)
    return move.tile if move.kind is MoveKind.PLAY else None


class Client:
    """One connection: `send` a message, `recv` the next one. `raw` keeps every byte received, if asked."""

    def __init__(self, record: bool = False) -> None:
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.raw = bytearray() if record else None
        self._lines = protocol.LineBuffer(limit=1 << 20)
        self._queue: list[bytes] = []
        self.last: messages.ServerMessage | None = None
        self.fingerprint = ""  # of the server's certificate, on a TLS connection

    async def connect(self, host: str, port: int, pin: str | None = None, private: bool = False) -> dict[str, Any]:
        """Connect and say hello. With a `pin` (a fingerprint, net.tls) the connection is TLS and the server's
        certificate must have that fingerprint (tls.PinMismatch, before a byte is sent, if not); `private`
        alone is TLS without a pin. `fingerprint` then holds what the server showed."""
        if pin is None and not private:
            self.reader, self.writer = await asyncio.open_connection(host, port)
        else:
            self.reader, self.writer = await asyncio.open_connection(host, port, ssl=tls.client_context())
            shown = self.writer.get_extra_info("ssl_object")
            try:
                self.fingerprint = tls.check_pin(shown.getpeercert(binary_form=True) if shown else None, pin)
            except tls.PinMismatch:
                await self.close()
                raise
        self.send(messages.Hello(protocol.PROTOCOL_VERSION).to_json())
        return await self.expect("welcome")

    def send(self, message: dict[str, Any]) -> None:
        assert self.writer is not None
        self.writer.write(protocol.encode(message))

    def send_raw(self, data: bytes) -> None:
        assert self.writer is not None
        self.writer.write(data)

    async def recv(self) -> dict[str, Any] | None:
        """The next message, checked (messages.parse_server: ProtocolError if the server broke the protocol),
        or None when the server has closed the connection. `last` holds it as a typed message."""
        assert self.reader is not None
        while not self._queue:
            chunk = await self.reader.read(65536)
            if not chunk:
                return None
            if self.raw is not None:
                self.raw += chunk
            self._queue.extend(line for line in self._lines.feed(chunk) if line is not None)
        message = protocol.decode(self._queue.pop(0))
        self.last = messages.parse_server(message)
        return message

    async def expect(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """Read until a message of type `kind`; an error message raises."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv()
                if message is None:
                    raise ConnectionError(f"closed while waiting for '{kind}'")
                if message["t"] == kind:
                    return message
                if message["t"] == "error" and kind != "error":
                    raise RuntimeError(f"{message['code']}: {message['msg']}")

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()


class DealChecker:
    """Follows one seat's deals and checks each revealed deal at the hand's end (fairdeal.verify)."""

    def __init__(self, preset: str = "", options: dict[str, Any] | None = None) -> None:
        self.rules: Rules | None = build_rules(preset, options or {}) if preset else None
        self.seat = -1
        self.commit: str | None = None
        self.dealt: list[Tile] | None = None
        self.own_cut: str | None = None
        self.plays: list[tuple[int, Tile]] = []
        self.verified = 0
        self.failures: list[str] = []

    def cut(self, gesture: object = None) -> str:
        self.own_cut = fairdeal.new_cut(gesture)
        return self.own_cut

    def see(self, message: dict[str, Any]) -> None:
        t = message.get("t")
        if t == "view":
            view = message["view"]
            self.seat = int(view["seat"])
            if self.rules is None:
                try:
                    self.rules = build_rules(view["preset"], view.get("options") or {})
                except (DominoError, TypeError, ValueError):
                    self.rules = None  # a view of rules this app does not know: no deal can be checked
        if t == "event" and message.get("e") == "commit" and message["digest"] != self.commit:
            # A new deal (a rejoin re-sends the commitment of the deal in play: what was seen of it stands)
            self.commit, self.dealt, self.plays = message["digest"], None, []
        elif t == "view" and self.dealt is None and message["decision"] != Decision.CUT:
            view = message["view"]
            if not view.get("moves"):
                self.dealt = [Tile.parse(x) for x in view["hand"]]
        elif t == "event" and message.get("e") == "move":
            tile = played_tile(message["move"])
            if tile is not None:
                self.plays.append((message["seat"], tile))
        elif t == "event" and message.get("e") == "hand_end" and isinstance(message.get("reveal"), dict):
            self.check(message["reveal"])

    def check(self, reveal: dict[str, Any]) -> None:
        rules, seat = self.rules, self.seat
        if self.commit is None or self.dealt is None or rules is None or seat < 0:
            return  # joined mid-hand: nothing of this deal to hold the host to
        cuts = {int(k): v for k, v in reveal["cuts"].items()}
        try:
            problem = fairdeal.verify(
                rules, self.commit, reveal["secret"], cuts, seat, self.dealt, self.plays, self.own_cut
            )
        except (DominoError, ValueError, TypeError, KeyError, IndexError) as exc:  # a reveal that cannot even be read
            problem = f"the reveal cannot be checked: {exc}"
        if problem is None and reveal["digest"] != self.commit:
            problem = "the reveal names another fingerprint than the one committed to"
        if problem:
            self.failures.append(problem)
        else:
            self.verified += 1
        self.commit, self.dealt, self.own_cut = None, None, None


Chooser = Callable[[dict[str, Any]], Awaitable[str]]


async def play_seat(
    client: Client,
    choose: Chooser,
    checker: DealChecker | None = None,
    on_message: Callable[[dict[str, Any]], None] | None = None,
) -> str:
    """Answer every decision sent to this client's seat until the match ends or the room closes.
    Returns why it stopped: "over", "host_left" or "closed"."""
    checker = checker or DealChecker()
    while True:
        message = await client.recv()
        if message is None:
            return "closed"
        if on_message is not None:
            on_message(message)
        t = message["t"]
        checker.see(message)
        if t == "host_left":
            return "host_left"
        if t == "room" and message["state"] == "over":
            return "over"
        if t == "view" and message["legal"]:
            if message["decision"] == Decision.CUT:
                action = f"cut:{checker.cut()}"
            else:
                action = await choose(message)
            client.send(messages.Act(message["d"], action).to_json())


def random_chooser(seed: int = 0) -> Chooser:
    rng = random.Random(seed)

    async def choose(message: dict[str, Any]) -> str:
        legal = [a for a in message["legal"] if a != "decline"] or message["legal"]
        return str(rng.choice(legal))

    return choose
