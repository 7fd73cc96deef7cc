"""The room server: asyncio streams, one JSON line per message (docs/PROTOCOL.md).

It holds many rooms. Every client is limited in message size and rate; a client that keeps breaking the
protocol is dropped. Wrong invite codes are limited per connection and slowed per address, but a right code
or a seat's token is never refused for someone else's guesses. A connection must say hello soon and may not
sit idle outside a room; one address may hold only so many connections. Any bad message gets an error answer
and changes nothing, so the room plays on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import ssl
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from ..session.cpu_pool import CpuPool, default_workers
from . import messages, protocol
from .discovery import DiscoveryResponder
from .messages import (
    Act,
    Again,
    Back,
    Bye,
    ClientMessage,
    Create,
    Error,
    Hello,
    Join,
    Leave,
    Mute,
    Ping,
    Pong,
    Rejoin,
    Remove,
    Say,
    SeatCpu,
    Settings,
    Start,
    Welcome,
)
from .protocol import ProtocolError
from .room import Room, RoomState, parse_config
from .tls import Identity

log = logging.getLogger(__name__)

RATE_PER_S = 20.0  # messages a second a client may keep up (a person sends a handful; a bot a few dozen)
RATE_BURST = 40.0
STRIKES_TO_DROP = 25.0  # errors a client may run up (one strike each, fading at STRIKE_FADE_PER_S)
STRIKE_FADE_PER_S = 0.5
GUESSES_PER_CONNECTION = 5  # wrong codes one connection may try; the next ends it
GUESS_FREE = 3  # wrong codes a minute from one address answered at once
# Beyond those, one address's wrong codes are answered one at a time, GUESS_DELAY_S apart, doubling with each
# up to GUESS_DELAY_MAX_S, over all its connections: an address cannot guess faster by opening more of them.
GUESS_DELAY_S = 0.5
GUESS_DELAY_MAX_S = 8.0
HANDSHAKE_S = 10.0  # a connection says hello within this, or is closed
IDLE_S = 120.0  # a connection outside any room that says nothing this long is closed
CONNECTIONS_PER_ADDRESS = 32  # a household's devices, with room to spare; 0: no limit (behind a proxy)
# Open rooms one address may hold: a household behind one router hosts a few tables, not hundreds.
ROOMS_PER_ADDRESS = 10
SLOW_CLIENT_BYTES = 1 << 20  # a client that does not read what it is sent is let go


TLS_READ_BUFFER = 4 * 1024  # a client's messages are a few hundred bytes; a longer one takes a few reads
LISTEN_BACKLOG = 1024  # asyncio's 100 drops connections when a thousand guests come back at once (a restart)


def lighter_tls_buffers() -> None:
    """asyncio gives every TLS connection a read buffer of 256 KiB, allocated and zeroed whole at the start
    (asyncio.sslproto.SSLProtocol.max_size): 2,000 connections held half a gigabyte of them. A few KiB are all
    a read needs (measured: 4 KiB costs 30 KB a connection, 16 KiB 43 KB, 1 KiB 27 KB). The size is a class
    attribute with no other way in, so it is set for the process: it is only a read size."""
    from asyncio import sslproto

    if sslproto.SSLProtocol.max_size > TLS_READ_BUFFER:
        sslproto.SSLProtocol.max_size = TLS_READ_BUFFER


class Connection(asyncio.Protocol):
    """One client, past its TLS handshake: the protocol of its transport (what it reads comes to
    `data_received`, no task or stream reader in between: a move costs the server a few reads and writes, and
    their Python is a good part of it). Implements the room's Peer: `send` queues a line, `close` ends it."""

    def __init__(self, server: Server, address: str) -> None:
        self.server = server
        self.address = address
        self.transport: asyncio.Transport | None = None  # from connection_made on
        self.counted = False  # while it holds one of the server's (and its address's) places
        self.room: Room | None = None
        self.greeted = False
        self.closed = False
        self._tokens = RATE_BURST
        self._refilled = time.monotonic()
        self._strikes = 0.0
        self._struck = time.monotonic()
        self._told_rate = 0.0
        self._out = bytearray()
        self._lines = protocol.LineBuffer()
        self._unread: deque[bytes | None] = deque()  # lines read, waiting while a slowed wrong code is
        self._early = bytearray()  # what came with the handshake's end, before connection_made
        self._write_paused = False
        self.version = protocol.PROTOCOL_VERSION  # what the client's hello asked for
        self.wrong_guesses = 0
        self.paused_until = 0.0  # a slowed wrong code: its answer, and anything more read, wait until then
        self._held: tuple[str, str, str | None] | None = None  # that answer
        self._unpause: asyncio.TimerHandle | None = None
        self.heard = time.monotonic()
        self._watch: asyncio.TimerHandle | None = None
        self._loop = asyncio.get_running_loop()  # asked once: a move sends a line to every seat

    # ---- the transport's side ----------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        # A client that does not read what it is sent is not read from either (pause_writing, below),
        # and is let go at SLOW_CLIENT_BYTES.
        transport.set_write_buffer_limits(high=SLOW_CLIENT_BYTES // 4)
        self.server.clients.add(self)
        self.watch(self.server.handshake_s)
        if self._early:
            early, self._early = bytes(self._early), bytearray()
            self.data_received(early)

    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        if self.transport is None:
            self._early += data
            return
        self._unread.extend(self._lines.feed(data))
        self._take_unread()

    def eof_received(self) -> bool:
        return False  # the client is done: close

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._out.clear()
        for handle in (self._watch, self._unpause):
            if handle is not None:
                handle.cancel()
        self.server.gone(self)
        if self.room is not None:
            room, self.room = self.room, None
            room.disconnected(self)

    def pause_writing(self) -> None:
        self._write_paused = True
        if self.transport is not None:
            self.transport.pause_reading()

    def resume_writing(self) -> None:
        self._write_paused = False
        if self.transport is not None and not self.paused_until and not self.closed:
            self.transport.resume_reading()

    def _take_unread(self) -> None:
        """Handle the lines read, in order, until a slowed wrong code makes the rest (and reading) wait."""
        unread = self._unread
        while unread and not self.closed and not self.paused_until:
            self.receive(unread.popleft())
        if self.paused_until and not self.closed and self._unpause is None:
            assert self.transport is not None
            self.transport.pause_reading()
            self._unpause = self._loop.call_later(max(0.0, self.paused_until - time.monotonic()), self._go_on)

    def _go_on(self) -> None:
        """A slowed wrong code's time is up: its answer, then the lines that waited, then reading again."""
        self._unpause = None
        self.paused_until = 0.0
        held, self._held = self._held, None
        if held is not None:
            self.error(*held)
        self._take_unread()
        if not self.paused_until and not self._write_paused and not self.closed and self.transport is not None:
            self.transport.resume_reading()

    # ---- the room's side ---------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        self.send_line(protocol.encode(message))

    def send_line(self, line: bytes) -> None:
        if self.closed:
            return
        # What one step of the room sends a client (an event, then a view) goes out in one write at the
        # end of the loop's turn: the system call, not the encoding, is the server's largest cost. One
        # callback a turn writes for every client with something to send (not one callback a client).
        if not self._out:
            self.server.to_flush(self)
        self._out += line

    def _flush(self) -> None:
        if self.closed or not self._out or self.transport is None:
            return
        self.transport.write(bytes(self._out))
        self._out.clear()
        if self.transport.get_write_buffer_size() > SLOW_CLIENT_BYTES:
            log.info("dropping %s: it does not read", self.address)
            self.close()

    def close(self) -> None:
        if not self.closed:
            self._flush()
            self.closed = True
            if self._watch is not None:
                self._watch.cancel()
            if self.transport is not None:
                self.transport.close()
            # The room hears of it now, not at connection_lost: a TLS transport waits up to 30 s for the
            # client's close_notify (one that stops reading never sends it), and meanwhile a client dropped for
            # abuse, or for not reading, still held its seat as connected.
            if self.room is not None:
                room, self.room = self.room, None
                room.disconnected(self)

    def watch(self, after: float) -> None:
        """Check in `after` seconds that the client has greeted and, outside a room, is not idle."""
        if self._watch is not None:
            self._watch.cancel()
        self._watch = self._loop.call_later(after, self._check_alive)

    def _check_alive(self) -> None:
        self._watch = None
        if self.closed or self.room is not None:
            return  # in a room the turn clock keeps the table moving; leaving it ends the connection
        if not self.greeted:
            self.error(protocol.E_TIMEOUT, f"no hello within {self.server.handshake_s:g} seconds: goodbye")
            self.close()
            return
        quiet = time.monotonic() - self.heard
        if quiet >= self.server.idle_s:
            self.error(protocol.E_TIMEOUT, f"nothing said for {self.server.idle_s:g} seconds outside a room: goodbye")
            self.close()
            return
        self.watch(self.server.idle_s - quiet)

    def error(self, code: str, message: str, about: str | None = None) -> None:
        self.send(Error(code, message, about).to_json())

    def strike(self, now: float) -> bool:
        """Count one abuse; True when the client has run out of patience and was dropped."""
        self._strikes = max(0.0, self._strikes - (now - self._struck) * STRIKE_FADE_PER_S) + 1
        self._struck = now
        if self._strikes >= STRIKES_TO_DROP:
            self.error(protocol.E_DROPPED, "too many bad messages: goodbye")
            self.close()
            return True
        return False

    def take_token(self, now: float) -> bool:
        self._tokens = min(RATE_BURST, self._tokens + (now - self._refilled) * RATE_PER_S)
        self._refilled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def receive(self, line: bytes | None) -> None:
        now = time.monotonic()
        self.heard = now
        raw: dict[str, Any] | None = None
        try:
            if line is None:
                raise ProtocolError(protocol.E_TOO_BIG, f"a message may have at most {protocol.MAX_LINE} bytes")
            raw = protocol.decode(line)
            message = messages.parse_client(raw)  # every field checked before anything acts on it
            # An answer to a decision the room is waiting for is paced by the room, not by the client:
            # a bot at full speed answers hundreds a second. Everything else is rate-limited.
            answer = isinstance(message, Act) and self.room is not None and self.room.expects(self, message.d)
            if not answer and not self.take_token(now):
                if now - self._told_rate >= 1.0:  # one answer a second: one per flooded line would feed the flood
                    self._told_rate = now
                    self.error(protocol.E_RATE, f"more than {RATE_PER_S:.0f} messages a second")
                self.strike(now)
                return
            self.server.dispatch(self, message, now)
        except ProtocolError as exc:
            if exc.code != protocol.E_STALE and self.strike(now):  # a stale answer is a race, not abuse
                return
            about = messages.text_preview(raw["t"]) if raw is not None else None  # the refused message's type
            if self.paused_until:
                self._held = (exc.code, str(exc), about)
                return
            self.error(exc.code, str(exc), about)
        except Exception:  # a fault of ours must not cost the player the connection, nor the room its game
            log.exception("message from %s failed", self.address)
            about = messages.text_preview(raw["t"]) if raw is not None else None
            self.error(protocol.E_INTERNAL, "the server could not handle that message", about)


class Arrival(asyncio.Protocol):
    """A connection just accepted, before it is a Connection: the server counts it (or refuses it) at once;
    plain, it is a Connection from there; TLS, once its handshake (start_tls) is through."""

    def __init__(self, server: Server) -> None:
        self.server = server

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.server.arrived(transport)


class Server:
    def __init__(
        self,
        max_rooms: int = 2000,
        max_clients: int = 10000,
        rooms_per_address: int = ROOMS_PER_ADDRESS,
        cpu_workers: int | None = None,
        cpu_pool: CpuPool | None = None,
        connections_per_address: int = CONNECTIONS_PER_ADDRESS,
        handshake_s: float = HANDSHAKE_S,
        idle_s: float = IDLE_S,
        turn_s: int | None = None,
    ) -> None:
        """Every CPU of every room thinks in one pool of worker processes: `cpu_pool` (kept open at `stop`),
        or one of the server's own with `cpu_workers` processes (default min(2, CPUs)), closed at `stop`."""
        self._own_cpu = cpu_pool is None
        self.cpu = cpu_pool if cpu_pool is not None else CpuPool(cpu_workers or default_workers())
        self.rooms: dict[str, Room] = {}
        self.max_rooms = max_rooms
        self.rooms_per_address = rooms_per_address  # 0: no limit (behind a proxy every client shares one address)
        self._owners: dict[str, str] = {}  # room code -> the address that created it, while the room is open
        self.max_clients = max_clients
        self.clients: set[Connection] = set()
        self._guesses: dict[str, deque[float]] = {}  # address -> when its recent wrong codes came
        self._guess_slot: dict[str, float] = {}  # address -> when its next slowed wrong code may be answered
        self.connections_per_address = connections_per_address  # 0: no limit
        self._per_address: dict[str, int] = {}
        self._accepted = 0  # connections held, handshaking ones too (`clients` has those past the handshake)
        self._tls: ssl.SSLContext | None = None
        self._handshaking: set[asyncio.Transport] = set()  # connections still in their TLS handshake
        self._handshakes: set[asyncio.Future[None]] = set()  # their handshakes (a task is kept while it runs)
        self.handshake_s = handshake_s
        self.idle_s = idle_s
        self.turn_s = turn_s  # a room's turn clock when its `create` names none (None: the protocol's default)
        self._server: asyncio.base_events.Server | None = None
        self._discovery: asyncio.DatagramTransport | None = None
        self.port = 0
        self.fingerprint = ""  # of the TLS certificate, when the server has one (discovery announces it)
        self.room_saver: Callable[[dict[str, Any] | None], None] | None = None  # rooms created are kept with it
        self._unflushed: list[Connection] = []  # clients with lines queued this turn of the loop

    def to_flush(self, client: Connection) -> None:
        """Write `client`'s queued lines at the end of this turn of the loop, with every other client's."""
        if not self._unflushed:
            asyncio.get_running_loop().call_soon(self._flush_all)
        self._unflushed.append(client)

    def _flush_all(self) -> None:
        clients, self._unflushed = self._unflushed, []
        for client in clients:
            client._flush()

    def restore_room(self, data: Any) -> Room:
        """Open a saved room again under its code (ValueError if it cannot be); its players rejoin."""
        room = Room.restore(data, self._closed, self.cpu)
        if room.config.turn_s is None:  # saved before rooms had a turn clock
            room.config.turn_s = self.turn_s if self.turn_s is not None else protocol.DEFAULT_TURN_S
        if room.code in self.rooms:
            raise ValueError(f"a room with code {room.code} is already open")
        room.saver = self.room_saver
        self.rooms[room.code] = room
        return room

    async def start(self, host: str = "127.0.0.1", port: int = 0, tls: Identity | None = None) -> int:
        """Listen; with `tls` every connection is TLS with that certificate (a plain one fails its handshake).
        The socket listens plain and each connection turns to TLS after it is counted: the per-address limit
        then holds from the moment of accepting, handshakes included (a listener with `ssl=` would hand over a
        connection, for counting, only once its handshake was done)."""
        self.fingerprint = tls.fingerprint if tls is not None else ""
        self._tls = tls.server_context() if tls is not None else None
        if self._tls is not None:
            lighter_tls_buffers()
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(lambda: Arrival(self), host, port, backlog=LISTEN_BACKLOG)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def start_discovery(self, port: int = protocol.DISCOVERY_PORT) -> bool:
        """Answer local-network discovery broadcasts; False if the port is taken (discovery is a nicety)."""
        loop = asyncio.get_running_loop()
        try:
            transport, _ = await loop.create_datagram_endpoint(
                lambda: DiscoveryResponder(self),
                local_addr=("0.0.0.0", port),
                reuse_port=hasattr(socket, "SO_REUSEPORT") or None,  # several servers on one machine may answer
                allow_broadcast=True,
            )
        except (OSError, ValueError) as exc:
            log.warning("local-network discovery is off: %s", exc)
            return False
        self._discovery = transport
        return True

    async def stop(self) -> None:
        for room in list(self.rooms.values()):
            room.close("The server is shutting down.")
        for client in list(self.clients):
            client.close()
        for handshaking in list(self._handshaking):
            handshaking.abort()
        if self._discovery is not None:
            self._discovery.close()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
        if self._own_cpu:
            await asyncio.to_thread(self.cpu.close)  # joins the workers: not on the loop

    def arrived(self, transport: asyncio.Transport) -> None:
        """A connection, counted from the moment it is accepted: while it shakes hands (TLS) too."""
        peer = transport.get_extra_info("peername")
        address: str = peer[0] if isinstance(peer, tuple) else "local"
        held = self._per_address.get(address, 0)
        refusal = None
        if self._accepted >= self.max_clients:
            refusal = (protocol.E_FULL_SERVER, "the server is full")
        elif self.connections_per_address and held >= self.connections_per_address:
            refusal = (
                protocol.E_TOO_MANY_CONNECTIONS,
                f"this address already has {held} connections open: close one first",
            )
        if refusal is not None:
            if self._tls is None:  # a plain client is told why; a TLS one is not shaken hands with to be told
                transport.write(protocol.encode(Error(*refusal).to_json()))
                transport.close()
            else:
                transport.abort()
            return
        self._per_address[address] = held + 1
        self._accepted += 1
        connection = Connection(self, address)
        connection.counted = True
        if self._tls is None:
            transport.set_protocol(connection)
            connection.connection_made(transport)
            return
        handshake = asyncio.ensure_future(self._handshake(transport, connection))
        self._handshakes.add(handshake)
        handshake.add_done_callback(self._handshakes.discard)

    def gone(self, connection: Connection) -> None:
        """A connection is closed (or its handshake never came through): its place is free."""
        self.clients.discard(connection)
        if connection.counted:
            connection.counted = False
            self._accepted -= 1
            left = self._per_address.pop(connection.address, 1) - 1
            if left > 0:
                self._per_address[connection.address] = left

    async def _handshake(self, raw: asyncio.Transport, connection: Connection) -> None:
        """TLS on an accepted connection, within the time a connection has to say hello; the connection
        closed if it does not come."""
        assert self._tls is not None
        self._handshaking.add(raw)
        try:
            secure = await asyncio.get_running_loop().start_tls(
                raw, connection, self._tls, server_side=True, ssl_handshake_timeout=self.handshake_s
            )
        except asyncio.CancelledError:
            self.gone(connection)
            raw.abort()
            raise
        except Exception:  # a failed or timed-out handshake, a peer gone, the server stopping
            self.gone(connection)
            raw.abort()
            return
        finally:
            self._handshaking.discard(raw)
        if secure is None:  # lost as the handshake ended: its connection_lost, on its way, frees its place
            return
        connection.connection_made(secure)

    def listed_rooms(self) -> list[dict[str, Any]]:
        return [room.summary() for room in self.rooms.values() if room.config.lan and room.state is RoomState.LOBBY]

    # ---- messages ----------------------------------------------------------------------------

    def dispatch(self, client: Connection, message: ClientMessage, now: float) -> None:
        if isinstance(message, Hello):
            if client.greeted:
                raise ProtocolError(protocol.E_STATE, "this connection has already said hello")
            if message.v not in protocol.SUPPORTED_VERSIONS:
                supported = " and ".join(str(v) for v in protocol.SUPPORTED_VERSIONS)
                raise ProtocolError(protocol.E_VERSION, f"this server speaks versions {supported}, not {message.v}")
            client.greeted = True
            client.version = message.v
            client.send(Welcome(message.v, protocol.MAX_LINE, protocol.SUPPORTED_VERSIONS).to_json())
            client.watch(self.idle_s)
            return
        if not client.greeted:
            raise ProtocolError(protocol.E_HELLO_FIRST, 'say {"t": "hello", "v": 2} first')
        if isinstance(message, Ping):
            client.send(Pong(message.n).to_json())
            return
        room = client.room
        if isinstance(message, Create | Join | Rejoin):
            if room is not None:
                raise ProtocolError(protocol.E_STATE, "this connection is already in a room")
            if isinstance(message, Create):
                self._create(client, message)
            elif isinstance(message, Join):
                self._join(client, message, now)
            else:
                self._rejoin(client, message, now)
            return
        if room is None:
            raise ProtocolError(protocol.E_NOT_SEATED, "create or join a room first")
        if isinstance(message, Act):
            room.act(client, message)
        elif isinstance(message, Start):
            room.start(client)
        elif isinstance(message, Say):
            room.chat(client, message, now)
        elif isinstance(message, Mute):
            room.mute(client, message)
        elif isinstance(message, Settings):
            room.settings(client, message)
        elif isinstance(message, SeatCpu):
            room.seat_cpu(client, message)
        elif isinstance(message, Remove):
            room.remove(client, message)
        elif isinstance(message, Back):
            room.back(client)
        elif isinstance(message, Again):
            room.again(client)
        elif isinstance(message, Leave):
            client.room = None
            room.left(client)
            client.send(Bye().to_json())  # the host's own goodbye too: the room's closing is for the others
            client.close()

    def _create(self, client: Connection, message: Create) -> None:
        if len(self.rooms) >= self.max_rooms:
            raise ProtocolError(protocol.E_FULL_SERVER, "the server holds as many rooms as it can")
        if self.rooms_per_address and self.rooms_held_by(client.address) >= self.rooms_per_address:
            # One machine must not fill the server for everyone else: rooms are cheap to ask for, not to hold.
            raise ProtocolError(
                protocol.E_TOO_MANY_ROOMS,
                f"this address already has {self.rooms_per_address} open rooms: close one first",
            )
        config = parse_config(message.config())
        name = protocol.clean_name(message.name)
        code = protocol.new_code()
        while code in self.rooms:
            code = protocol.new_code()
        if config.turn_s is None:
            config.turn_s = self.turn_s if self.turn_s is not None else protocol.DEFAULT_TURN_S
        room = Room(code, config, self._closed, self.cpu)
        room.saver = self.room_saver
        self.rooms[code] = room
        self._owners[code] = client.address
        client.room = room
        room.seat_host(client, name)

    def rooms_held_by(self, address: str) -> int:
        """Rooms created from `address` that are still open."""
        return sum(1 for owner in self._owners.values() if owner == address)

    def _closed(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        self._owners.pop(room.code, None)

    def _wrong_code(self, client: Connection, now: float, code: str, text: str) -> ProtocolError:
        """Count a wrong code (or a token that opens no seat): against the connection, which may try only a
        few, and against its address, whose wrong codes beyond the first few a minute are answered ever more
        slowly. Nothing here ever refuses a right code: only wrong ones are counted and slowed."""
        if len(self._guesses) > 10000:  # many addresses guessing: forget those whose minute is over
            self._guesses = {a: g for a, g in self._guesses.items() if g and now - g[-1] <= 60}
        guesses = self._guesses.setdefault(client.address, deque())
        while guesses and now - guesses[0] > 60:
            guesses.popleft()
        guesses.append(now)
        client.wrong_guesses += 1
        if client.wrong_guesses > GUESSES_PER_CONNECTION:
            client.error(protocol.E_TOO_MANY_GUESSES, f"{GUESSES_PER_CONNECTION} wrong codes: goodbye")
            client.close()
        beyond = len(guesses) - GUESS_FREE
        if beyond > 0:
            if len(self._guess_slot) > 10000:
                self._guess_slot = {a: t for a, t in self._guess_slot.items() if t > now}
            slot = max(now, self._guess_slot.get(client.address, 0.0))
            self._guess_slot[client.address] = slot + min(GUESS_DELAY_MAX_S, GUESS_DELAY_S * 2 ** (beyond - 1))
            client.paused_until = slot + min(GUESS_DELAY_MAX_S, GUESS_DELAY_S * 2 ** (beyond - 1))
        return ProtocolError(code, text)

    def _join(self, client: Connection, message: Join, now: float) -> None:
        room = self.rooms.get(protocol.normalise_code(message.code))
        if room is None:
            raise self._wrong_code(client, now, protocol.E_WRONG_CODE, "no room has that code")
        name = protocol.clean_name(message.name)
        client.room = room
        try:
            room.join(client, name)
        except ProtocolError:
            client.room = None
            raise

    def _rejoin(self, client: Connection, message: Rejoin, now: float) -> None:
        """A seat's token is its key, whatever the address has guessed: a right one always opens the seat. A
        wrong code or token says neither which was wrong (a rejoin cannot probe for rooms) and counts as a
        wrong code."""
        room = self.rooms.get(protocol.normalise_code(message.code))
        if room is None or not room.holds_token(message.token):
            raise self._wrong_code(client, now, protocol.E_BAD_TOKEN, "no seat has that code and token")
        client.room = room
        try:
            room.rejoin(client, message.token)
        except ProtocolError:
            client.room = None
            raise


def summary_line(server: Server) -> str:
    return json.dumps({"rooms": len(server.rooms), "clients": len(server.clients)})
