"""A room: seats, invite, the match it hosts, and the rules of talking to it.

The room runs on one asyncio loop. It owns the only engine (through MatchDriver) and sends each seat
nothing but its own view, public events, the room's state and table talk. Transport is not its business:
a seat's peer is anything with `send(message)` and `close()`.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple, Protocol

from ..engine.cpu import CpuPlayer, choose_leader, make_player, wants_redeal
from ..engine.cpu.players import LEVELS
from ..engine.errors import DominoError
from ..engine.presets import build_rules
from ..engine.view import PlayerView
from ..session.cpu_pool import CpuError, CpuPool, CpuPoolClosed, PlayerKey
from . import fairdeal, protocol
from .game import DECLINE, KEEP, REDEAL, ActionError, Event, Kind, MatchDriver, Pending
from .messages import Act, Mute, Say, Settings
from .protocol import ProtocolError

log = logging.getLogger(__name__)
_rooms = itertools.count(1)


class Peer(Protocol):
    def send(self, message: dict[str, Any]) -> None: ...

    def send_line(self, line: bytes) -> None:
        """A message already encoded (protocol.encode): a broadcast is encoded once for every seat."""

    def close(self) -> None: ...


class SeatKind(StrEnum):
    HOST = "host"  # the person who opened the room
    FRIEND = "friend"  # a person invited with the code
    CPU = "cpu"


class RoomState(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"
    CLOSED = "closed"


@dataclass
class Seat:
    index: int
    kind: SeatKind
    level: str = "medium"  # the CPU that plays it when nobody does
    name: str = ""
    token: str = ""  # given to whoever takes the seat; rejoining needs it
    peer: Peer | None = None
    cpu_playing: bool = False
    muted: set[int] = field(default_factory=set)  # seats whose talk this seat does not want
    drop_timer: asyncio.TimerHandle | None = None
    chat_budget: float = 5.0
    chat_at: float = 0.0

    @property
    def connected(self) -> bool:
        return self.peer is not None

    @property
    def taken(self) -> bool:
        return bool(self.token)

    def state(self) -> dict[str, Any]:
        return {
            "seat": self.index,
            "kind": self.kind.value,
            "name": self.name,
            "level": self.level,
            "taken": self.taken,
            "connected": self.connected,
            "cpu": self.cpu_playing or self.kind is SeatKind.CPU,
        }


class CpuQuestion(NamedTuple):
    """What a CPU answering for a seat may know, taken on the loop when the seat's turn comes."""

    pending: Pending
    seat: int
    view: PlayerView | None
    own_side_hands: dict[int, tuple[Any, ...]]
    redeal_doubles: int


def quick_answer(question: CpuQuestion, player: CpuPlayer) -> str:
    """A CPU's answer that needs no search: a redeal, the side's leader, a claim or Muggins."""
    kind = question.pending.kind
    if kind is Kind.REDEAL:
        tiles = question.own_side_hands[question.seat]
        return REDEAL if wants_redeal(tiles, question.redeal_doubles) else KEEP
    if kind is Kind.LEAD:
        return f"lead:{choose_leader(question.own_side_hands)}"
    view = question.view
    assert view is not None and kind in (Kind.CLAIM, Kind.MUGGINS)
    claim = player.claim(view)
    return DECLINE if claim is None else claim.notation()


@dataclass
class RoomConfig:
    preset: str
    options: dict[str, Any]
    seats: list[tuple[SeatKind, str]]  # kind and CPU level per seat
    wait_s: float = 30.0  # how long a dropped player's seat waits before a CPU plays it
    cpu_delay_s: float = 0.0  # a pause before each CPU answer, so people can follow
    lan: bool = False  # listed to local-network discovery (with its code)
    title: str = ""


def parse_config(message: dict[str, Any]) -> RoomConfig:
    """A `create` message as a room configuration, or ProtocolError(bad_room)."""
    preset = protocol.string(message, "preset", 40)
    options = message.get("options") or {}
    if not isinstance(options, dict):
        raise ProtocolError(protocol.E_BAD_ROOM, "'options' must be an object")
    try:
        rules = build_rules(preset, options)
    except DominoError as exc:
        raise ProtocolError(protocol.E_BAD_ROOM, str(exc)) from None
    raw = message.get("seats")
    if not isinstance(raw, list) or len(raw) != rules.players:
        raise ProtocolError(protocol.E_BAD_ROOM, f"'seats' must list {rules.players} seats")
    seats: list[tuple[SeatKind, str]] = []
    for item in raw:
        if not isinstance(item, str):
            raise ProtocolError(protocol.E_BAD_ROOM, "a seat is 'host', 'friend' or 'cpu:LEVEL'")
        kind, _, level = item.partition(":")
        if kind not in ("host", "friend", "cpu") or (level and level not in LEVELS):
            raise ProtocolError(protocol.E_BAD_ROOM, f"'{item}' is not 'host', 'friend' or 'cpu:LEVEL'")
        seats.append((SeatKind(kind), level or "medium"))
    if sum(kind is SeatKind.HOST for kind, _ in seats) != 1:
        raise ProtocolError(protocol.E_BAD_ROOM, "exactly one seat is the host's")
    wait = message.get("wait_s", 30)
    delay = message.get("cpu_delay_ms", 0)
    if not isinstance(wait, int | float) or isinstance(wait, bool) or not 0 <= wait <= 600:
        raise ProtocolError(protocol.E_BAD_ROOM, "'wait_s' must be from 0 to 600 seconds")
    if not isinstance(delay, int) or isinstance(delay, bool) or not 0 <= delay <= 5000:
        raise ProtocolError(protocol.E_BAD_ROOM, "'cpu_delay_ms' must be from 0 to 5000")
    title = protocol.string(message, "title", 40, required=False)
    return RoomConfig(preset, dict(options), seats, float(wait), delay / 1000, message.get("lan") is True, title)


class Room:
    def __init__(
        self,
        code: str,
        config: RoomConfig,
        on_closed: Callable[[Room], None] = lambda room: None,
        cpu: CpuPool | None = None,
    ) -> None:
        """`cpu`: the server's pool, which decides every CPU turn; without one the room has a pool of its own
        (one worker), closed with the room."""
        self.code = code
        self._own_cpu = cpu is None
        self.cpu = cpu if cpu is not None else CpuPool(workers=1)
        self.owner = f"room {code} #{next(_rooms)}"  # this room's CPUs in the pool (a code can come again)
        self.config = config
        self.seats = [Seat(i, kind, level) for i, (kind, level) in enumerate(config.seats)]
        self.host_seat = next(s.index for s in self.seats if s.kind is SeatKind.HOST)
        self.state = RoomState.LOBBY
        self.driver: MatchDriver | None = None
        self._on_closed = on_closed
        self._cpu_keys: dict[int, PlayerKey] = {}  # each CPU seat's player in the pool, seeded at random
        self._claimers: dict[PlayerKey, CpuPlayer] = {}
        self._asked: set[tuple[int, int]] = set()  # (serial, seat) a view or a CPU question went to
        # The deal in the making: the host's commitment, and the cuts received for it.
        self._commitment: fairdeal.Commitment | None = None
        self._cuts: dict[int, str] = {}
        self._cut_serial = 0
        self._cut_timer: asyncio.TimerHandle | None = None
        self._reveal: dict[str, Any] | None = None
        self._advancing = False
        self._again = False
        self.saver: Callable[[dict[str, Any] | None], None] | None = None  # keeps the room to resume it
        self._save_handle: asyncio.TimerHandle | None = None
        self.moves_applied = 0
        self.log: list[Event] = []  # every public event, for tests and the hand's record

    # ---- seats -------------------------------------------------------------------------------

    def seat_host(self, peer: Peer, name: str) -> Seat:
        seat = self.seats[self.host_seat]
        seat.peer, seat.name, seat.token = peer, name, secrets.token_urlsafe(18)
        self._joined(seat)
        return seat

    def join(self, peer: Peer, name: str) -> Seat:
        if self.state not in (RoomState.LOBBY, RoomState.PLAYING):
            raise ProtocolError(protocol.E_STATE, "this room's match is over")
        free = next((s for s in self.seats if s.kind is SeatKind.FRIEND and not s.taken), None)
        if free is None:
            raise ProtocolError(protocol.E_ROOM_FULL, "every friend's seat in this room is taken")
        free.peer, free.name, free.token = peer, name, secrets.token_urlsafe(18)
        self._take_back(free)
        self._joined(free)
        return free

    def rejoin(self, peer: Peer, token: str) -> Seat:
        seat = next((s for s in self.seats if s.token and secrets.compare_digest(s.token, token)), None)
        # The host's seat has no return while the room lives (the host leaving closes it); only a room
        # resumed from its save waits for its host.
        if seat is None or (seat.kind is SeatKind.HOST and seat.peer is not None):
            raise ProtocolError(protocol.E_BAD_TOKEN, "that seat token is not for this room")
        if seat.peer is not None:  # a half-open old connection: the token holder is the one back
            old, seat.peer = seat.peer, None
            old.close()
        seat.peer = peer
        self._take_back(seat)
        self._event({"e": "rejoined", "seat": seat.index, "name": seat.name})
        self._joined(seat)
        return seat

    def _joined(self, seat: Seat) -> None:
        assert seat.peer is not None
        seat.peer.send({"t": "joined", "code": self.code, "seat": seat.index, "token": seat.token})
        self.broadcast_state()
        if self.state is RoomState.PLAYING:
            self._send_current(seat)
            self.advance()

    def _take_back(self, seat: Seat) -> None:
        if seat.drop_timer is not None:
            seat.drop_timer.cancel()
            seat.drop_timer = None
        was_cpu = seat.cpu_playing
        seat.cpu_playing = False
        if was_cpu and self.state is RoomState.PLAYING:
            self._event({"e": "cpu_released", "seat": seat.index, "name": seat.name})

    def left(self, peer: Peer) -> None:
        """A player said goodbye: before the match their seat is free for someone else; during it, it is
        kept for them as after a lost connection."""
        seat = self.seat_of(peer)
        if seat is not None and seat.kind is SeatKind.FRIEND and self.state is RoomState.LOBBY:
            seat.peer, seat.name, seat.token = None, "", ""
            self.broadcast_state()
            return
        self.disconnected(peer)

    def disconnected(self, peer: Peer) -> None:
        seat = self.seat_of(peer)
        if seat is None:
            return
        if seat.index == self.host_seat:
            self.close("The host has left: this room is closed.")
            return
        seat.peer = None
        if self.state is not RoomState.PLAYING:
            self.broadcast_state()
            return
        wait = self.config.wait_s
        self._event({"e": "dropped", "seat": seat.index, "name": seat.name, "wait_s": wait})
        loop = asyncio.get_running_loop()
        seat.drop_timer = loop.call_later(wait, self._cpu_takes, seat)
        self.broadcast_state()

    def _cpu_takes(self, seat: Seat) -> None:
        seat.drop_timer = None
        if seat.peer is not None or self.state is not RoomState.PLAYING:
            return
        seat.cpu_playing = True
        self._event({"e": "cpu_takeover", "seat": seat.index, "name": seat.name})
        self.broadcast_state()
        self._asked = {key for key in self._asked if key[1] != seat.index}
        self.advance()

    def seat_of(self, peer: Peer) -> Seat | None:
        return next((s for s in self.seats if s.peer is peer), None)

    def is_cpu(self, seat: Seat) -> bool:
        return seat.kind is SeatKind.CPU or seat.cpu_playing

    def close(self, reason: str) -> None:
        if self.state is RoomState.CLOSED:
            return
        self.state = RoomState.CLOSED
        if self._cut_timer is not None:
            self._cut_timer.cancel()
        for seat in self.seats:
            if seat.drop_timer is not None:
                seat.drop_timer.cancel()
            if seat.peer is not None:
                peer, seat.peer = seat.peer, None
                peer.send({"t": "host_left", "msg": reason})
                peer.close()
        if self._own_cpu:
            self.cpu.close()
        else:
            self.cpu.forget(self.owner)
        self._on_closed(self)

    # ---- what the room says ------------------------------------------------------------------

    def state_message(self) -> dict[str, Any]:
        return {
            "t": "room",
            "code": self.code,
            "state": self.state.value,
            "host_seat": self.host_seat,
            "preset": self.config.preset,
            "options": self.config.options,
            "wait_s": self.config.wait_s,
            "title": self.config.title,
            "seats": [s.state() for s in self.seats],
        }

    def broadcast_state(self) -> None:
        self._broadcast(self.state_message())

    def _broadcast(self, message: dict[str, Any]) -> None:
        line = protocol.encode(message)
        for seat in self.seats:
            if seat.peer is not None:
                seat.peer.send_line(line)

    def _event(self, event: Event) -> None:
        self.log.append(event)
        self._broadcast({"t": "event", **event})

    def _send_view(self, seat: Seat, pending: Pending | None = None) -> None:
        driver = self.driver
        if driver is None or seat.peer is None:
            return
        pending = pending or driver.pending()
        if pending.kind is Kind.DEAL:
            deciding = seat.index in self._awaited_cuts()
            seat.peer.send(
                {
                    "t": "view",
                    "d": self._cut_serial,
                    "decision": "cut",
                    "legal": ["cut:HEX"] if deciding else [],
                    "commit": self._commitment.digest if self._commitment else None,
                    "view": driver.view(seat.index),
                }
            )
            return
        seat.peer.send(
            {
                "t": "view",
                "d": driver.serial,
                "decision": pending.kind.value,
                "legal": driver.legal(seat.index),
                "view": driver.view(seat.index),
            }
        )

    def _send_current(self, seat: Seat) -> None:
        """Everything a seat needs to pick up the game: the deal's commitment and its view now."""
        if self._commitment is not None and seat.peer is not None:
            seat.peer.send({"t": "event", "e": "commit", "hand": self._hand_index(), "digest": self._commitment.digest})
        self._send_view(seat)

    def _hand_index(self) -> int:
        return self.driver.match.hand_index if self.driver else 0

    # ---- playing -----------------------------------------------------------------------------

    def start(self, by: Peer) -> None:
        seat = self.seat_of(by)
        if seat is None or seat.index != self.host_seat:
            raise ProtocolError(protocol.E_NOT_HOST, "only the host starts the match")
        if self.state is not RoomState.LOBBY:
            raise ProtocolError(protocol.E_STATE, "the match has already started")
        self.driver = MatchDriver(self.config.preset, self.config.options)
        self.state = RoomState.PLAYING
        for s in self.seats:
            if s.kind is SeatKind.FRIEND and not s.connected:
                s.cpu_playing = True  # an empty friend's seat: a CPU plays until someone takes it
        self._event({"e": "start", "players": [s.name or None for s in self.seats]})
        self.broadcast_state()
        self.advance()

    def advance(self) -> None:
        """Bring the game to the next decision that waits for someone, asking whoever must answer."""
        if self._advancing:  # asked again from inside: go round once more when this pass is done
            self._again = True
            return
        self._advancing = True
        try:
            self._again = True
            while self._again and self.driver is not None and self.state is RoomState.PLAYING:
                self._again = False
                self._advance(self.driver)
        finally:
            self._advancing = False

    def _advance(self, driver: MatchDriver) -> None:
        pending = driver.pending()
        if pending.kind is Kind.OVER:
            self.state = RoomState.OVER
            self.broadcast_state()
            return
        if pending.kind is Kind.DEAL:
            self._cut_round(driver)
            return
        serial = driver.serial
        people = [s for s in pending.seats if not self.is_cpu(self.seats[s])]
        for index in people:
            seat = self.seats[index]
            if (serial, index) not in self._asked and seat.peer is not None:
                self._asked.add((serial, index))
                self._send_view(seat, pending)
        cpus = [s for s in pending.seats if self.is_cpu(self.seats[s])]
        if pending.any_of and people:
            cpus = []  # a person on the side chooses
        for index in cpus:
            if (serial, index) not in self._asked:
                self._asked.add((serial, index))
                self._ask_cpu(driver, index, pending)

    def _ask_cpu(self, driver: MatchDriver, index: int, pending: Pending) -> None:
        match = driver.match
        view = driver.player_view(index)
        side = {s: match.deal.hands[s] for s in pending.seats} if match.deal is not None else {}
        question = CpuQuestion(pending, index, view, side, driver.rules.redeal_doubles)
        seat = self.seats[index]
        key = self._cpu_keys.get(index)
        if key is None or key[2] != seat.level:
            key = self._cpu_keys[index] = (self.owner, index, seat.level, secrets.randbits(32))
        asyncio.get_running_loop().create_task(self._cpu_turn(question, key, driver.serial))

    async def _cpu_turn(self, question: CpuQuestion, key: PlayerKey, serial: int) -> None:
        try:
            await self._cpu_answers(question, key, serial)
        except Exception:  # a CPU must never take the room down; log it and let the seat's wait run out
            log.exception("room %s: the CPU of seat %d failed", self.code, question.seat)

    async def _cpu_answers(self, question: CpuQuestion, key: PlayerKey, serial: int) -> None:
        if self.config.cpu_delay_s:
            await asyncio.sleep(self.config.cpu_delay_s)
        if question.pending.kind is Kind.TURN:
            # Every turn of every level is decided in the server's CPU pool (worker processes): the loop
            # goes on answering everyone while a CPU thinks.
            assert question.view is not None
            answer = await self._think(question.view, key)
        else:
            answer = quick_answer(question, self._claimer(key))  # no search: a redeal, a leader, a claim
        driver = self.driver
        if driver is None or self.state is not RoomState.PLAYING or driver.serial != serial:
            return
        if not self.is_cpu(self.seats[question.seat]):
            return  # the player came back while the CPU thought; their view is on its way
        if answer is None:  # the pool could not answer: the game goes on rather than wait for ever
            answer = driver.legal(question.seat)[0]
        self._apply(question.seat, answer)

    async def _think(self, view: PlayerView, key: PlayerKey, tries: int = 3) -> str | None:
        """The CPU's move from the pool; asked again if its worker died (the pool starts another)."""
        for attempt in range(1, tries + 1):
            try:
                decision = await asyncio.wrap_future(self.cpu.think(key, view))
            except CpuPoolClosed:
                return None
            except CpuError as exc:
                log.warning("room %s: the CPU of seat %d failed (try %d): %s", self.code, view.seat, attempt, exc)
                continue
            return decision.move.notation()
        return None

    def _claimer(self, key: PlayerKey) -> CpuPlayer:
        """The seat's CPU for claims and Muggins, here in the room: a claim is a look at the record, no search."""
        player = self._claimers.get(key)
        if player is None:
            player = self._claimers[key] = make_player(key[2], key[3])
        return player

    def expects(self, by: Peer, serial: object) -> bool:
        """Whether an answer from this peer with this decision number is one the room waits for."""
        driver = self.driver
        seat = self.seat_of(by)
        if driver is None or seat is None or self.state is not RoomState.PLAYING:
            return False
        pending = driver.pending()
        if pending.kind is Kind.DEAL:
            return serial == self._cut_serial and seat.index in self._awaited_cuts()
        return serial == driver.serial and seat.index in pending.seats

    def act(self, by: Peer, message: Act) -> None:
        seat = self.seat_of(by)
        if seat is None:
            raise ProtocolError(protocol.E_NOT_SEATED, "take a seat first")
        if self.state is not RoomState.PLAYING or self.driver is None:
            raise ProtocolError(protocol.E_STATE, "no match is being played")
        action, serial = message.action, message.d
        if self.driver.pending().kind is Kind.DEAL:
            self._receive_cut(seat, serial, action)
            return
        if serial != self.driver.serial:
            raise ProtocolError(protocol.E_STALE, f"decision {serial} is no longer pending (now {self.driver.serial})")
        self._apply(seat.index, action)

    def _apply(self, seat: int, action: str) -> None:
        driver = self.driver
        assert driver is not None
        try:
            events = driver.act(seat, action)
        except ActionError as exc:
            raise ProtocolError(protocol.E_ILLEGAL if exc.code == "illegal" else exc.code, str(exc)) from None
        self._after(events, mover=seat)

    def _after(self, events: list[Event], mover: int | None) -> None:
        driver = self.driver
        assert driver is not None
        everyone = False
        for event in events:
            kind = event["e"]
            if kind == "move":
                self.moves_applied += 1
            if kind == "hand_end" and self._reveal is not None:
                event = {**event, "reveal": self._reveal}
                self._reveal = None
            self._event(event)
            everyone = everyone or kind in ("hand_start", "dealt")
        if everyone and driver.pending().kind is not Kind.DEAL:
            for seat in self.seats:  # everyone's tiles are new
                if seat.peer is not None and not self.is_cpu(seat):
                    self._send_view(seat)
                    self._asked.add((driver.serial, seat.index))
        if mover is not None:  # the mover's own tiles changed; others follow from the public event
            seat = self.seats[mover]
            if seat.peer is not None and (driver.serial, mover) not in self._asked:
                self._asked.add((driver.serial, mover))
                self._send_view(seat)
        self._asked = {key for key in self._asked if key[0] >= driver.serial - 1}
        self._save_soon()
        self.advance()

    # ---- keeping the room, to resume it ------------------------------------------------------

    def _save_soon(self) -> None:
        """Save at most twice a second: a room's save is for the host's next start, not for every move."""
        if self.saver is not None and self._save_handle is None:
            self._save_handle = asyncio.get_running_loop().call_later(0.5, self.save)

    def save(self) -> None:
        self._save_handle = None
        if self.saver is not None and self.state is not RoomState.CLOSED:
            self.saver(self.snapshot() if self.state is RoomState.PLAYING else None)

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to open the room again: its code, seats and tokens, and the match as the record
        of every answer (the deals come from their seeds). The next deal's commitment is not kept: a new one
        is made. The hand in play's reveal is kept, so its deal can still be checked at its end."""
        config = self.config
        seats = [kind.value if kind is not SeatKind.CPU else f"cpu:{level}" for kind, level in config.seats]
        return {
            "v": 1,
            "code": self.code,
            "config": {
                "preset": config.preset,
                "options": config.options,
                "seats": seats,
                "wait_s": config.wait_s,
                "cpu_delay_ms": round(config.cpu_delay_s * 1000),
                "lan": config.lan,
                "title": config.title,
            },
            "seats": [{"name": s.name, "token": s.token} for s in self.seats],
            "record": self.driver.record if self.driver is not None else [],
            "reveal": self._reveal,
        }

    @staticmethod
    def restore(data: Any, on_closed: Callable[[Room], None] = lambda room: None, cpu: CpuPool | None = None) -> Room:
        """A room from its snapshot, its match where it was; friends get the usual wait to come back.
        ValueError (or ProtocolError) if the snapshot cannot be a room."""
        if not isinstance(data, dict) or data.get("v") != 1 or not isinstance(data.get("config"), dict):
            raise ValueError("not a saved room")
        config = parse_config(data["config"])
        code = protocol.normalise_code(str(data.get("code", "")))
        room = Room(code, config, on_closed, cpu)
        saved_seats = data.get("seats")
        if not isinstance(saved_seats, list) or len(saved_seats) != len(room.seats):
            raise ValueError("the saved seats do not match the room")
        for seat, saved in zip(room.seats, saved_seats, strict=True):
            seat.name = str(saved.get("name", ""))[: protocol.MAX_NAME]
            seat.token = str(saved.get("token", ""))
        record = data.get("record")
        if not isinstance(record, list):
            raise ValueError("the saved match is not a record")
        try:
            room.driver = MatchDriver.replay(config.preset, config.options, record)
        except ActionError as exc:
            raise ValueError(f"the saved match does not replay: {exc}") from None
        reveal = data.get("reveal")
        room._reveal = reveal if isinstance(reveal, dict) else None
        room.state = RoomState.PLAYING
        loop = asyncio.get_running_loop()
        for seat in room.seats:
            if seat.kind is SeatKind.FRIEND:
                if seat.taken:
                    seat.drop_timer = loop.call_later(config.wait_s, room._cpu_takes, seat)
                else:
                    seat.cpu_playing = True
        return room

    # ---- the fair deal -----------------------------------------------------------------------

    def _awaited_cuts(self) -> list[int]:
        return [s.index for s in self.seats if s.index not in self._cuts and not self.is_cpu(s) and s.connected]

    def _cut_round(self, driver: MatchDriver) -> None:
        if self._commitment is None:
            self._commitment = fairdeal.commit()
            self._cuts = {}
            self._cut_serial = driver.serial
            self._event({"e": "commit", "hand": driver.match.hand_index, "digest": self._commitment.digest})
            for seat in self.seats:
                if seat.peer is not None and not self.is_cpu(seat):
                    self._send_view(seat)
            wait = max(self.config.wait_s, 5.0)
            self._cut_timer = asyncio.get_running_loop().call_later(wait, self._cuts_overdue)
        for seat in self.seats:
            if seat.index not in self._cuts and (self.is_cpu(seat) or not seat.connected):
                self._cuts[seat.index] = fairdeal.new_cut()  # the host's app cuts for CPUs and absent players
        if self._awaited_cuts():
            return
        self._deal(driver)

    def _cuts_overdue(self) -> None:
        self._cut_timer = None
        if self._commitment is None or self.state is not RoomState.PLAYING:
            return
        late = self._awaited_cuts()
        for index in late:
            self._cuts[index] = fairdeal.new_cut()
        if late:
            self._event({"e": "cut_timeout", "seats": late})
        self.advance()

    def _receive_cut(self, seat: Seat, serial: int, action: str) -> None:
        if serial != self._cut_serial:
            raise ProtocolError(protocol.E_STALE, f"decision {serial} is no longer pending (now {self._cut_serial})")
        cut = action.removeprefix("cut:")
        if not action.startswith("cut:") or not fairdeal.valid_cut(cut):
            raise ProtocolError(protocol.E_ILLEGAL, "a cut is 'cut:' and 1 to 64 lower-case hexadecimal digits")
        if seat.index in self._cuts:
            raise ProtocolError(protocol.E_NOT_YOUR_DECISION, "this seat has already cut this deal")
        self._cuts[seat.index] = cut
        self._event({"e": "cut", "seat": seat.index})
        self.advance()

    def _deal(self, driver: MatchDriver) -> None:
        commitment = self._commitment
        assert commitment is not None
        if self._cut_timer is not None:
            self._cut_timer.cancel()
            self._cut_timer = None
        cuts = dict(self._cuts)
        self._commitment = None
        self._reveal = {"digest": commitment.digest, "secret": commitment.secret.hex(), "cuts": cuts}
        events = driver.deal_fair(fairdeal.proof(commitment.secret, cuts, commitment.digest))
        self._after(events, mover=None)

    # ---- table talk --------------------------------------------------------------------------

    def chat(self, by: Peer, message: Say, now: float) -> None:
        seat = self.seat_of(by)
        if seat is None:
            raise ProtocolError(protocol.E_NOT_SEATED, "take a seat first")
        seat.chat_budget = min(5.0, seat.chat_budget + (now - seat.chat_at) * 0.5)
        seat.chat_at = now
        if seat.chat_budget < 1:
            raise ProtocolError(protocol.E_MUTED, "slow down: one message every two seconds")
        seat.chat_budget -= 1
        out: dict[str, Any] = {"t": "chat", "seat": seat.index, "name": seat.name}
        if message.phrase is not None:
            out["phrase"] = message.phrase
        else:
            text = " ".join((message.text or "").split())
            text = "".join(ch for ch in text if ch.isprintable())
            if not text:
                raise ProtocolError(protocol.E_BAD_MESSAGE, "an empty message")
            out["text"] = text
        for other in self.seats:
            if other.peer is not None and seat.index not in other.muted:
                other.peer.send(out)

    def mute(self, by: Peer, message: Mute) -> None:
        seat = self.seat_of(by)
        if seat is None:
            raise ProtocolError(protocol.E_NOT_SEATED, "take a seat first")
        other = message.seat
        if other >= len(self.seats):
            raise ProtocolError(
                protocol.E_BAD_MESSAGE, f"'seat' must be a whole number from 0 to {len(self.seats) - 1}"
            )
        if message.on:
            seat.muted.add(other)
        else:
            seat.muted.discard(other)

    def settings(self, by: Peer, message: Settings) -> None:
        seat = self.seat_of(by)
        if seat is None or seat.index != self.host_seat:
            raise ProtocolError(protocol.E_NOT_HOST, "only the host changes the room's settings")
        self.config.wait_s = float(message.wait_s)
        self.broadcast_state()

    def summary(self) -> dict[str, Any]:
        """What local-network discovery tells about a room listed there."""
        host = self.seats[self.host_seat]
        free = sum(1 for s in self.seats if s.kind is SeatKind.FRIEND and not s.taken)
        return {
            "code": self.code,
            "host": host.name,
            "title": self.config.title,
            "preset": self.config.preset,
            "free": free,
            "state": self.state.value,
        }
