"""A room: seats, invite, the match it hosts, and the rules of talking to it.

The room runs on one asyncio loop. It owns the only engine, a match driven by the one session loop
(session/table.py): the session hands each pending decision to whoever answers the seat (`Waiting` for a
connected person, whose view the room sends; a `Cpu` thinking in the CPU pool for CPU seats, empty friends'
seats and players gone past their wait; `Away` for a player within their wait) and deals through the table
(the host's commitment, then every seat's cut). The room sends each seat nothing but its own view, public
events, the room's state and table talk, in the protocol's words (codec.py). Transport is not its
business: a seat's peer is anything with `send(message)` and `close()`.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import json
import logging
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from ..engine.cpu.players import LEVELS
from ..engine.deal import Deal
from ..engine.decisions import (
    Action,
    Cut,
    CutBy,
    CutDeck,
    Dealt,
    HandScored,
    HandStarted,
    Moved,
    Pending,
    RedealAnswered,
    Sealed,
)
from ..engine.decisions import Event as EngineEvent
from ..engine.errors import DominoError
from ..engine.fairness import FairDeal
from ..engine.inputs import whole_number
from ..engine.match import Match
from ..engine.presets import build_rules
from ..session.clock import TurnClock
from ..session.cpu_pool import CpuPool
from ..session.seats import ClockTable, PoolCpu, Waiting
from ..session.table import Answerer, Ask, Session
from . import fairdeal, protocol
from .codec import ActionError, Decision, Words, decision, legal, parse, reveal, timeout_action
from .messages import (
    MAX_SERIAL,
    Act,
    Chat,
    HostLeft,
    Joined,
    Mute,
    Remove,
    Removed,
    RoomInfo,
    Say,
    SeatCpu,
    SeatInfo,
    Settings,
    View,
)
from .messages import Event as EventMessage
from .protocol import ProtocolError
from .record import replay, room_record

log = logging.getLogger(__name__)
_rooms = itertools.count(1)

Event = dict[str, Any]

# Where a view's public record goes, spliced in already encoded: no text field may hold a control character,
# so nothing else in a view encodes to this.
_MOVES_MARK = "\x00moves\x00"
_MOVES_MARK_JSON = json.dumps(_MOVES_MARK, ensure_ascii=False).encode()


def _event_message(event: Event) -> EventMessage:
    """A public event (as the room's log keeps it) in its envelope."""
    return EventMessage(str(event["e"]), {k: v for k, v in event.items() if k != "e"})


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
    cpu_why: str = ""  # why a CPU plays a person's seat: "dropped", "timeouts" (until they act), "host"
    muted: set[int] = field(default_factory=set)  # seats whose talk this seat does not want
    drop_timer: asyncio.TimerHandle | None = None
    turn_timer: asyncio.TimerHandle | None = None  # rings by the time the guest's clock runs out (or earlier)
    timed_d: int | None = None  # the guest's decision its clock times now (None: nothing timed)
    clock: TurnClock = field(default_factory=TurnClock)  # on the decision it was sent (the loop's clock)
    timeouts: int = 0  # the guest's timeouts in a row
    chat_budget: float = 5.0
    chat_at: float = 0.0
    asked_again: int = -1  # the match after which this seat's guest asked for another (one ask a match)

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


def wire_cut() -> bytes:
    """A cut the host's app makes (for a CPU, an absent or a late player): a wire cut, its text's ASCII bytes,
    exactly as if a player had sent it (PROTOCOL.md, "Fair deals")."""
    return fairdeal.new_cut().encode("ascii")


@dataclass
class Away:
    """A player who lost the connection, within their wait: the host's app cuts for them at once; every other
    decision waits for them, or for the CPU that takes the seat when the wait is over."""

    waits: bool = True

    def ask(self, session: Session, ask: Ask) -> Action | None:
        return Cut(wire_cut()) if isinstance(ask.pending, CutDeck) else None


@dataclass
class RoomConfig:
    preset: str
    options: dict[str, Any]
    seats: list[tuple[SeatKind, str]]  # kind and CPU level per seat
    wait_s: float = 30.0  # how long a dropped player's seat waits before a CPU plays it
    cpu_delay_s: float = 0.0  # a pause before each CPU answer, so people can follow
    lan: bool = False  # listed to local-network discovery (with its code)
    title: str = ""
    turn_s: int | None = None  # a guest's seconds for each decision (None until the server gives its default)


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
    turn = message.get("turn_s")
    if turn is not None and (
        isinstance(turn, bool) or not isinstance(turn, int) or not protocol.MIN_TURN_S <= turn <= protocol.MAX_TURN_S
    ):
        raise ProtocolError(
            protocol.E_BAD_ROOM, f"'turn_s' must be from {protocol.MIN_TURN_S} to {protocol.MAX_TURN_S} seconds"
        )
    lan = message.get("lan") is True
    return RoomConfig(preset, dict(options), seats, float(wait), delay / 1000, lan, title, turn)


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
        self.session: Session | None = None  # the match and who answers each seat, once it has started
        self.words: Words | None = None
        self.deals: list[tuple[int, Deal]] = []  # every deal with its hand's index, those dealt again included
        self._on_closed = on_closed
        self._loop: asyncio.AbstractEventLoop | None = None
        self._seeds: dict[int, int] = {}  # each CPU seat's player in the pool, seeded at random
        self._due: set[int] = set()  # seats to send their view when the session has done what it can
        self._sent: dict[int, int] = {}  # seat -> the decision number of the last view it was sent
        self._cut_d = 0  # the decision number of the cut the table waits for (one number for every cut)
        # Decisions numbered by the room's earlier matches: `d` grows through every match at the table (a new
        # match's session numbers from 0 again, and a client that keeps the numbers it answered would take the
        # next match's first cut for one it had answered).
        self._d_base = 0
        self._wire_cut: int | None = None  # the seat whose cut came from the wire, while it is applied
        self._cut_timer: asyncio.TimerHandle | None = None
        self._saved_reveal: dict[str, Any] | None = None  # a resumed room's hand dealt before sealed deals
        self.saver: Callable[[dict[str, Any] | None], None] | None = None  # keeps the room to resume it
        self._save_handle: asyncio.TimerHandle | None = None
        self.moves_applied = 0
        self.log: list[Event] = []  # every public event, for tests and the hand's record
        self._dealt_proof: FairDeal | None = None  # the proof of the last deal dealt (a redeal reveals it)
        self.match_number = 0  # which of the room's matches is played (`start` after `match_end` adds one)

    @property
    def match(self) -> Match | None:
        return self.session.match if self.session is not None else None

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
        # Another person: the mutes of whoever sat here (removed, or gone from the lobby) were theirs, and so were
        # the others' mutes of them ("mute" is by seat; without this a newcomer was deaf and muted from the start).
        free.muted.clear()
        for other in self.seats:
            other.muted.discard(free.index)
        released = self._take_back(free, quietly=True)
        self._joined(free)  # the joiner hears `joined` first, as one coming back does, then the table's news
        if released:
            self._event({"e": "cpu_released", "seat": free.index, "name": free.name})
        return free

    def _token_seat(self, token: str) -> Seat | None:
        seat = next((s for s in self.seats if s.token and secrets.compare_digest(s.token, token)), None)
        # The host's seat has no return while the room lives (the host leaving closes it); only a room
        # resumed from its save waits for its host.
        if seat is None or (seat.kind is SeatKind.HOST and seat.peer is not None):
            return None
        return seat

    def holds_token(self, token: str) -> bool:
        """Whether `token` opens a seat of this room now."""
        return self._token_seat(token) is not None

    def rejoin(self, peer: Peer, token: str) -> Seat:
        """The seat's player back: they get `joined`, the room, the deal's commitment and their view, and only
        then the events of their return (everyone's)."""
        seat = self._token_seat(token)
        if seat is None:
            raise ProtocolError(protocol.E_BAD_TOKEN, "no seat has that code and token")
        if seat.peer is not None:  # a half-open old connection: the token holder is the one back
            old, seat.peer = seat.peer, None
            old.close()
        seat.peer = peer
        released = self._take_back(seat, quietly=True)
        self._joined(seat)
        self._event({"e": "rejoined", "seat": seat.index, "name": seat.name})
        if released:
            self._event({"e": "cpu_released", "seat": seat.index, "name": seat.name})
        return seat

    def _joined(self, seat: Seat) -> None:
        assert seat.peer is not None
        seat.peer.send(Joined(self.code, seat.index, seat.token).to_json())
        self.broadcast_state()
        if self.state is RoomState.PLAYING:
            self._send_current(seat)
        elif self.state is RoomState.OVER:  # a player back after the end is told how it ended
            ended = next((e for e in reversed(self.log) if e.get("e") == "match_end"), None)
            if ended is not None:
                seat.peer.send(_event_message(ended).to_json())

    def _take_back(self, seat: Seat, quietly: bool = False) -> bool:
        """The seat's person plays it again (a CPU stops); True if a CPU was playing it. `quietly`: the caller
        tells the others."""
        if seat.drop_timer is not None:
            seat.drop_timer.cancel()
            seat.drop_timer = None
        was_cpu = seat.cpu_playing and self.state is RoomState.PLAYING
        seat.cpu_playing, seat.cpu_why, seat.timeouts = False, "", 0
        if was_cpu and not quietly:
            self._event({"e": "cpu_released", "seat": seat.index, "name": seat.name})
        return was_cpu

    def left(self, peer: Peer) -> None:
        """A player said goodbye: before the match their seat is free for someone else; during it, it is
        kept for them as after a lost connection. The host's goodbye closes the room for the others (the
        host gets `bye`, not the news of its own leaving)."""
        seat = self.seat_of(peer)
        if seat is not None and seat.index == self.host_seat:
            seat.peer = None
            self.close("The host has left: this room is closed.")
            return
        if seat is not None and seat.kind is SeatKind.FRIEND and self.state is RoomState.LOBBY:
            seat.peer, seat.name, seat.token = None, "", ""
            self.broadcast_state()
            return
        self.disconnected(peer, left=True)

    def disconnected(self, peer: Peer, left: bool = False) -> None:
        """The connection at a seat is gone. `left`: its own client said `leave` (the others are told the player
        left the room, not that the connection was lost); nothing a client sends says so of another seat."""
        seat = self.seat_of(peer)
        if seat is None:
            return
        if seat.index == self.host_seat:
            self.close("The host has left: this room is closed.")
            return
        seat.peer = None
        self._stop_clock(seat)
        if self.state is not RoomState.PLAYING:
            self.broadcast_state()
            return
        if seat.cpu_playing:  # a CPU already plays it (its player timed out or the host handed it): it goes on
            seat.cpu_why = "dropped"
            self.broadcast_state()
            return
        wait = self.config.wait_s
        self._event(
            {"e": "dropped", "seat": seat.index, "name": seat.name, "wait_s": wait, **({"left": True} if left else {})}
        )
        loop = asyncio.get_running_loop()
        seat.drop_timer = loop.call_later(wait, self._cpu_takes, seat)
        self.broadcast_state()
        self._reseat(seat)  # away: the host's app cuts for them; their decisions wait for the CPU

    def _cpu_takes(self, seat: Seat) -> None:
        seat.drop_timer = None
        if seat.peer is not None or self.state is not RoomState.PLAYING:
            return
        seat.cpu_playing, seat.cpu_why = True, "dropped"
        self._event({"e": "cpu_takeover", "seat": seat.index, "name": seat.name, "why": "dropped"})
        self.broadcast_state()
        self._reseat(seat)

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
            self._stop_clock(seat, disarm=True)
            if seat.peer is not None:
                peer, seat.peer = seat.peer, None
                peer.send(HostLeft(reason).to_json())
                peer.close()
        if self._own_cpu:
            self.cpu.close()
        else:
            self.cpu.forget(self.owner)
        self._on_closed(self)

    # ---- who answers each seat ---------------------------------------------------------------

    def _answerer(self, seat: Seat) -> Answerer:
        if self.is_cpu(seat):
            return self._cpu_answerer(seat)
        if seat.connected:
            return Waiting(functools.partial(self._asked, seat.index))
        return Away()

    def _asked(self, index: int, ask: Ask) -> None:
        """The session asks a person's seat: its view goes out once the session has done what it can."""
        self._due.add(index)

    def _cpu_answerer(self, seat: Seat) -> Answerer:
        """The seat's CPU, kept in the pool: its turns and its quick decisions made there (nothing of it is built
        on the room's loop), each answer after the room's delay; its cuts at once."""
        index = seat.index
        seed = self._seeds.setdefault(index, secrets.randbits(32))
        answerer: Answerer | None = None

        def post(answer: Callable[[], None]) -> None:  # from the pool's thread: back to the loop
            def guarded() -> None:
                if self.session is not None and self.session.answerer(index) is answerer:
                    answer()  # unless another has taken the seat meanwhile (its player back)

            assert self._loop is not None
            self._loop.call_soon_threadsafe(self._later, self.config.cpu_delay_s, guarded)

        def failed(at: int, why: str) -> None:
            log.warning("room %s: the CPU of seat %d failed, it plays its first legal move: %s", self.code, at, why)

        answerer = PoolCpu(
            self.cpu, (self.owner, index, seat.level, seed), post, post, failed, cut=lambda at: wire_cut()
        )
        return answerer

    def _reseat(self, seat: Seat) -> None:
        session = self.session
        if session is not None and self.state is RoomState.PLAYING:
            answerer = self._answerer(seat)
            self._run(lambda: session.reseat(seat.index, answerer))

    # ---- the loop's callbacks ----------------------------------------------------------------

    def _later(self, delay: float, answer: Callable[[], None]) -> None:
        assert self._loop is not None
        if delay > 0:
            self._loop.call_later(delay, self._run, answer)
        else:
            self._run(answer)

    def _run(self, step: Callable[[], None]) -> None:
        """Let the session take a step (an answer come later, a seat's new answerer), then send the views
        it asked for. A CPU's failure never takes the room down: it is logged and the room goes on."""
        if self.session is None or self.state is not RoomState.PLAYING:
            return
        try:
            step()
        except Exception:
            log.exception("room %s: a step of the match failed", self.code)
        self._flush()

    # ---- what the room says ------------------------------------------------------------------

    def state_message(self) -> dict[str, Any]:
        config = self.config
        seats = tuple(SeatInfo(**s.state()) for s in self.seats)
        return RoomInfo(self.code, self.state.value, self.host_seat, config.preset, config.options, config.wait_s,
                        config.title, seats, config.turn_s, self.match_number).to_json()  # fmt: skip

    def broadcast_state(self) -> None:
        self._broadcast(self.state_message())

    def _broadcast(self, message: dict[str, Any]) -> None:
        line = protocol.encode(message)
        for seat in self.seats:
            if seat.peer is not None:
                seat.peer.send_line(line)

    def _event(self, event: Event) -> None:
        self.log.append(event)
        # The envelope messages.Event writes ({"t": "event", "e": ..., its fields}), without making one: every
        # move is an event.
        self._broadcast({"t": EventMessage.T, "e": event["e"], **event})

    def _wire_d(self, pending: Pending) -> int:
        """The number of the decision pending, as the room's views carry it: every cut of a deal answers one
        decision (numbered when the deal was sealed); anything else, the session's own number; both after the
        numbers of the room's earlier matches."""
        assert self.session is not None
        return self._d_base + (self._cut_d if isinstance(pending, CutDeck) else self.session.serial)

    def _flush(self) -> None:
        """Send the views due: to each seat asked a decision, or whose tiles changed, or that came back; once
        per decision number, and only ever for the decision pending now (never an old one's)."""
        session, words = self.session, self.words
        if session is None or words is None:
            return
        pending = session.pending()
        d = self._wire_d(pending)
        due, self._due = self._due, set()
        for index in sorted(due):
            seat = self.seats[index]
            # A seat a CPU plays because its player timed out still sees its tiles (and may act to come back).
            if seat.peer is None or (self.is_cpu(seat) and seat.cpu_why != "timeouts") or self._sent.get(index) == d:
                continue
            self._sent[index] = d
            name, answers = decision(pending), tuple(legal(pending, index))
            commit = time_s = None
            if name is Decision.CUT:
                sealed = session.match.sealed
                commit = sealed.fingerprint if sealed is not None else None
            elif answers and self._clocked(seat):
                time_s = self._start_clock(seat, d)
            message = View(d, name, answers, words.view(index), commit, time_s)
            seat.peer.send_line(self._view_line(message))
        if session.match.is_over and self.state is RoomState.PLAYING:
            self.state = RoomState.OVER
            if self._cut_timer is not None:
                self._cut_timer.cancel()
            self.broadcast_state()
            self._save_soon()

    def _view_line(self, message: View) -> bytes:
        """A view message, encoded. The hand's public record, repeated in every view of the hand, is spliced in
        as it was encoded once per move (the largest part of a late view, and of the server's encoding)."""
        assert self.words is not None
        view = message.view
        moves = self.words.encoded_moves(view["moves"]) if view["moves"] else None
        if moves is None:
            return protocol.encode(message.to_json())
        line = protocol.encode({**message.to_json(), "view": {**view, "moves": _MOVES_MARK}})
        return line.replace(_MOVES_MARK_JSON, moves, 1)

    def _send_current(self, seat: Seat) -> None:
        """Everything a seat (back) in the match needs to pick the game up: the deal's commitment, its view."""
        session = self.session
        if session is None or seat.peer is None:
            return
        match = session.match
        proof = match.sealed or match.proofs.get(match.hand_index)  # the deal to come, or the one in play
        if proof is not None:
            seat.peer.send(
                _event_message({"e": "commit", "hand": match.hand_index, "digest": proof.fingerprint}).to_json()
            )
        self._sent.pop(seat.index, None)
        self._due.add(seat.index)
        self._reseat(seat)  # a Waiting answerer for them: the session asks them anew (and the view goes out)

    # ---- playing -----------------------------------------------------------------------------

    def start(self, by: Peer) -> None:
        seat = self.seat_of(by)
        if seat is None or seat.index != self.host_seat:
            raise ProtocolError(protocol.E_NOT_HOST, "only the host starts the match")
        if self.state is RoomState.PLAYING:
            raise ProtocolError(protocol.E_STATE, "the match is being played")
        if self.state is RoomState.OVER:  # another match at the same table
            self.match_number += 1
            if self.session is not None:  # the next match numbers on from the last one's final decision
                self._d_base += self.session.serial + 1
            self.deals, self._sent, self._due, self._cut_d = [], {}, set(), 0
            self._saved_reveal = None
        self.state = RoomState.PLAYING
        for s in self.seats:
            s.timeouts = 0
            s.clock.stop()
            self._stop_clock(s)
            if s.kind is SeatKind.FRIEND and not s.connected:
                s.cpu_playing, s.cpu_why = True, "dropped"  # an empty friend's seat: a CPU plays until it is taken
            elif s.kind is SeatKind.FRIEND:
                s.cpu_playing, s.cpu_why = False, ""  # a new match: every guest here plays their own seat
        self._event({"e": "start", "players": [s.name or None for s in self.seats], "match": self.match_number})
        self.broadcast_state()
        self._begin(Match(build_rules(self.config.preset, self.config.options)))
        session = self.session
        assert session is not None
        self._run(session.advance)

    def _begin(self, match: Match) -> None:
        """Seat the match's answerers: the session drives it from here."""
        self._loop = asyncio.get_running_loop()
        self.words = Words(self.config.preset, self.config.options, match)
        table = ClockTable(tuple(range(len(self.seats))))  # the host's commitment; every seat cuts the deal
        self.session = Session(match, [self._answerer(s) for s in self.seats], table, self._heard)

    def _heard(self, events: list[EngineEvent]) -> None:
        """The session's listener: one answer's events, told to everyone in the protocol's words."""
        session, words = self.session, self.words
        assert session is not None and words is not None
        match = session.match
        for event in events:
            if isinstance(event, Sealed):
                self._cut_d = session.serial
                self._event({"e": "commit", "hand": event.hand_index, "digest": event.fingerprint})
                self._start_cut_timer()
                # Every seat a person plays or watches gets the cut's view: one asked to cut is sent it anyway, but
                # one whose CPU plays it after its timeouts (and cuts at once) got it only when its CPU had played
                # the hand's last tile, the view of that move going out once the deal waited for its cuts.
                self._due.update(self._people())
                continue
            if isinstance(event, RedealAnswered) and event.redeal:
                said = words.event(event)
                proof = self._dealt_proof  # the deal given up (the match forgets it), revealed as at a hand's end
                if said is not None and proof is not None:
                    said["reveal"] = reveal(proof)
                if said is not None:
                    self._event(said)
                continue
            if isinstance(event, CutBy):
                if event.seat is not None and event.seat == self._wire_cut:
                    self._event({"e": "cut", "seat": event.seat})  # a player's cut (the others go unsaid)
                continue
            if isinstance(event, Dealt):
                self._stop_cut_timer()
                assert match.deal is not None
                self.deals.append((event.hand_index, match.deal))
                self._dealt_proof = match.proofs.get(event.hand_index)
                self._due.update(self._people())  # everyone's tiles are new
            elif isinstance(event, HandStarted):
                self._due.update(self._people())
            elif isinstance(event, Moved):
                self.moves_applied += 1
                self._due.add(event.seat)  # the mover's own tiles changed; others follow from the event
            said = words.event(event)
            if said is None:
                continue
            if isinstance(event, HandScored):
                shown = self._reveal(event.result.hand_index)
                if shown is not None:
                    said = {**said, "reveal": shown}
            self._event(said)
        self._save_soon()

    def _people(self) -> list[int]:
        """The seats a connected person plays (or watches, while a CPU plays it after their timeouts)."""
        return [s.index for s in self.seats if s.peer is not None and (not self.is_cpu(s) or s.cpu_why == "timeouts")]

    def _reveal(self, hand_index: int) -> dict[str, Any] | None:
        match = self.match
        proof = match.proofs.get(hand_index) if match is not None else None
        if proof is not None:
            return reveal(proof)
        saved, self._saved_reveal = self._saved_reveal, None
        return saved

    def expects(self, by: Peer, serial: object) -> bool:
        """Whether an answer from this peer with this decision number is one the room waits for."""
        session = self.session
        seat = self.seat_of(by)
        if session is None or seat is None or self.state is not RoomState.PLAYING:
            return False
        pending = session.pending()
        return serial == self._wire_d(pending) and seat.index in session.awaited(pending)

    def act(self, by: Peer, message: Act) -> None:
        seat = self.seat_of(by)
        if seat is None:
            raise ProtocolError(protocol.E_NOT_SEATED, "take a seat first")
        session = self.session
        if self.state is not RoomState.PLAYING or session is None:
            raise ProtocolError(protocol.E_STATE, "no match is being played")
        if seat.cpu_why == "timeouts":  # the player acts again: the seat is theirs from this decision on
            self.back(by)
        pending = session.pending()
        now, d = self._wire_d(pending), message.d
        if d > now:
            raise ProtocolError(protocol.E_BAD_MESSAGE, f"decision {d} has not been asked yet (now {now})")
        if d < now:
            raise ProtocolError(protocol.E_STALE, f"decision {d} is no longer pending (now {now})")
        try:
            action = parse(pending, seat.index, message.action)
        except ActionError as exc:
            raise ProtocolError(protocol.E_ILLEGAL if exc.code == "illegal" else exc.code, str(exc)) from None
        before = session.serial
        self._wire_cut = seat.index if isinstance(action, Cut) else None
        self._stop_clock(seat)
        seat.timeouts = 0
        try:
            session.answer(seat.index, action)
        except DominoError as exc:
            if session.serial == before:  # refused: nothing changed
                code = protocol.E_NOT_YOUR_DECISION if exc.code == "not_your_decision" else protocol.E_ILLEGAL
                raise ProtocolError(code, str(exc)) from None
            log.exception("room %s: after seat %d's answer", self.code, seat.index)
        finally:
            self._wire_cut = None
            self._flush()

    # ---- the turn clock and the host's say over guests' seats --------------------------------

    def _clocked(self, seat: Seat) -> bool:
        """A guest's decisions are timed (the host's are not: the room is theirs to stall or close)."""
        return (
            seat.kind is SeatKind.FRIEND
            and not self.is_cpu(seat)
            and bool(self.config.turn_s)
            and self._loop is not None
        )

    def _start_clock(self, seat: Seat, d: int) -> int:
        """Time the guest's decision `d`; the seconds it has left. The same decision sent again (after a
        rejoin) keeps its first deadline: reconnecting does not buy time."""
        assert self._loop is not None and self.config.turn_s
        left = seat.clock.start(d, self.config.turn_s, self._loop.time())
        seat.timed_d = d
        # One timer a seat, set again only when it rings before the decision timed now is due: not a timer
        # made and cancelled for every decision (a guest at full speed makes dozens a second).
        timer = seat.turn_timer
        if timer is None or timer.when() > seat.clock.deadline:
            if timer is not None:
                timer.cancel()
            seat.turn_timer = self._loop.call_at(seat.clock.deadline, self._clock_rings, seat)
        return math.ceil(left)

    def _stop_clock(self, seat: Seat, *, disarm: bool = False) -> None:
        """The guest's decision is no longer timed; `disarm` takes the seat's timer away too (the room closes)."""
        seat.timed_d = None
        if disarm and seat.turn_timer is not None:
            seat.turn_timer.cancel()
            seat.turn_timer = None

    def _clock_rings(self, seat: Seat) -> None:
        seat.turn_timer = None
        d = seat.timed_d
        if d is None or self._loop is None:
            return  # answered, nothing timed since
        if self._loop.time() < seat.clock.deadline:  # a later decision is timed now: ring at its deadline
            seat.turn_timer = self._loop.call_at(seat.clock.deadline, self._clock_rings, seat)
            return
        seat.timed_d = None
        self._timed_out(seat, d)

    def _timed_out(self, seat: Seat, d: int) -> None:
        """The guest's time for decision `d` is up: the timeout action is taken for them; after
        TIMEOUTS_TO_CPU in a row a CPU plays the seat until they act again."""
        session = self.session
        if session is None or self.state is not RoomState.PLAYING or seat.peer is None or self.is_cpu(seat):
            return
        pending = session.pending()
        if self._wire_d(pending) != d or seat.index not in session.awaited(pending):
            return  # answered meanwhile, by them or by another
        answer = timeout_action(pending, seat.index)
        if answer is None:
            return
        seat.timeouts += 1
        self._event({"e": "timeout", "seat": seat.index, "name": seat.name, "d": d, "action": answer})
        serial = session.serial
        # The CPU takes the seat before the timeout action is applied: applied first, an action that ended the
        # hand had the next deal's cut view (legal) go to the guest before the takeover, and the guest's app, cutting
        # by its clock, gave the seat straight back (an `act`) to a guest who was away.
        if seat.timeouts >= protocol.TIMEOUTS_TO_CPU:
            self._hand_to_cpu(seat, "timeouts")

        def time_out() -> None:
            if session.serial != serial:
                return  # the seat's CPU answered first
            try:
                session.answer(seat.index, parse(pending, seat.index, answer))
            except (ActionError, DominoError):
                log.exception("room %s: seat %d's timeout action was refused", self.code, seat.index)

        self._run(time_out)

    def _hand_to_cpu(self, seat: Seat, why: str) -> None:
        self._stop_clock(seat)
        seat.cpu_playing, seat.cpu_why = True, why
        self._event({"e": "cpu_takeover", "seat": seat.index, "name": seat.name, "why": why})
        self.broadcast_state()
        self._reseat(seat)

    def back(self, by: Peer) -> None:
        """A player whose seat a CPU took after their timeouts takes it back."""
        seat = self.seat_of(by)
        if seat is None:
            raise ProtocolError(protocol.E_NOT_SEATED, "take a seat first")
        if seat.cpu_why != "timeouts" or self.state is not RoomState.PLAYING:
            return  # nothing to take back: harmless
        self._take_back(seat)
        self.broadcast_state()
        self._send_current(seat)

    def _guest_seat(self, by: Peer, index: int) -> Seat:
        host = self.seat_of(by)
        if host is None or host.index != self.host_seat:
            raise ProtocolError(protocol.E_NOT_HOST, "only the host decides who plays a seat")
        if index >= len(self.seats) or self.seats[index].kind is not SeatKind.FRIEND:
            raise ProtocolError(protocol.E_BAD_MESSAGE, f"seat {index} is not a guest's seat")
        return self.seats[index]

    def seat_cpu(self, by: Peer, message: SeatCpu) -> None:
        """The host hands a guest's seat to a CPU (`on`), or gives it back to its connected player. Either is
        done, or already so, or refused with an error that says why: never dropped unsaid."""
        seat = self._guest_seat(by, message.seat)
        if self.state is not RoomState.PLAYING:
            raise ProtocolError(protocol.E_STATE, "no match is being played")
        if message.on and not seat.cpu_playing:
            self._hand_to_cpu(seat, "host")
        elif message.on and seat.cpu_why == "timeouts":
            # A CPU already plays it until its player acts again: from now on, until the host gives it back.
            seat.cpu_why = "host"
        elif not message.on and seat.cpu_playing:
            if not seat.connected:  # nobody to give it to: the CPU plays on until its player is back
                raise ProtocolError(
                    protocol.E_STATE, f"nobody is connected at seat {seat.index} to play it: a CPU plays it meanwhile"
                )
            self._take_back(seat)
            self.broadcast_state()
            self._send_current(seat)

    def remove(self, by: Peer, message: Remove) -> None:
        """The host removes a guest: they are told and let go, their token opens nothing any more, and the seat
        is free for someone else (a CPU plays it meanwhile during the match)."""
        seat = self._guest_seat(by, message.seat)
        if not seat.taken:
            raise ProtocolError(protocol.E_STATE, f"nobody holds seat {seat.index}")
        name, peer = seat.name, seat.peer
        if seat.drop_timer is not None:
            seat.drop_timer.cancel()
            seat.drop_timer = None
        self._stop_clock(seat)
        seat.peer, seat.name, seat.token, seat.timeouts = None, "", "", 0
        if peer is not None:
            peer.send(Removed("The host has removed you from this room.").to_json())
            peer.close()
        if self.state is RoomState.PLAYING:
            self._event({"e": "removed", "seat": seat.index, "name": name})
            if not seat.cpu_playing:
                self._hand_to_cpu(seat, "removed")
                return
        self.broadcast_state()

    # ---- the fair deal -----------------------------------------------------------------------

    def _start_cut_timer(self) -> None:
        self._stop_cut_timer()
        if self._loop is not None:
            wait = max(self.config.wait_s, 5.0)
            self._cut_timer = self._loop.call_later(wait, self._cuts_overdue, self._cut_d)

    def _stop_cut_timer(self) -> None:
        if self._cut_timer is not None:
            self._cut_timer.cancel()
            self._cut_timer = None

    def _cuts_overdue(self, cut_d: int) -> None:
        """The host's app cuts for every player who has not cut in time."""
        self._cut_timer = None
        session = self.session
        if session is None or self.state is not RoomState.PLAYING or cut_d != self._cut_d:
            return

        def cut_for_the_late() -> None:
            pending = session.pending()
            if not isinstance(pending, CutDeck) or not pending.seats:
                return
            late = list(pending.seats)
            self._event({"e": "cut_timeout", "seats": late})
            for index in late:
                if isinstance(session.pending(), CutDeck):
                    session.answer(index, Cut(wire_cut()))

        self._run(cut_for_the_late)

    # ---- keeping the room, to resume it ------------------------------------------------------

    def _save_soon(self) -> None:
        """Save at most twice a second: a room's save is for the host's next start, not for every move."""
        if self.saver is not None and self._save_handle is None and self._loop is not None:
            self._save_handle = self._loop.call_later(0.5, self.save)

    def save(self) -> None:
        self._save_handle = None
        if self.saver is not None and self.state is not RoomState.CLOSED:
            self.saver(self.snapshot() if self.state is RoomState.PLAYING else None)

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to open the room again: its code, seats and tokens, and the match as the record's
        codec document (record.py: every answer applied, each deal as its seal and cuts). A deal still waiting
        for its cuts is not kept: a new one is sealed. The hand in play's reveal is kept too (rooms saved
        before deals were sealed have no proof to reveal it from)."""
        config = self.config
        seats = [kind.value if kind is not SeatKind.CPU else f"cpu:{level}" for kind, level in config.seats]
        match = self.match
        in_play = self._saved_reveal
        if match is not None and match.deal is not None and match.hand_index in match.proofs:
            in_play = reveal(match.proofs[match.hand_index])
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
                "turn_s": config.turn_s,
            },
            "seats": [{"name": s.name, "token": s.token} for s in self.seats],
            "record": [] if match is None else room_record(match, config.options),
            "reveal": in_play,
            # Where the table's numbers stand, so the room opened again goes on from them: decision numbers
            # only grow at a table, and `match` counts its matches (rooms saved before these start from 0).
            "d": self._d_base + (self.session.serial if self.session is not None else 0),
            "match": self.match_number,
        }

    @staticmethod
    def restore(data: Any, on_closed: Callable[[Room], None] = lambda room: None, cpu: CpuPool | None = None) -> Room:
        """A room from its snapshot, its match rebuilt through the same decisions; friends get the usual wait
        to come back. ValueError (or ProtocolError) if the snapshot cannot be a room."""
        if not isinstance(data, dict) or data.get("v") != 1 or not isinstance(data.get("config"), dict):
            raise ValueError("not a saved room")
        config = parse_config(data["config"])
        code = protocol.normalise_code(str(data.get("code", "")))
        saved_seats = data.get("seats")
        if not isinstance(saved_seats, list) or len(saved_seats) != len(config.seats):
            raise ValueError("the saved seats do not match the room")
        if not all(isinstance(saved, dict) for saved in saved_seats):
            raise ValueError("the saved seats do not match the room")
        record = data.get("record")
        match = replay(build_rules(config.preset, config.options), record)  # ValueError if it does not fit
        room = Room(code, config, on_closed, cpu)
        d, number = data.get("d"), data.get("match")
        if isinstance(d, int) and whole_number(d, 0, MAX_SERIAL // 2):  # room enough for the numbers to come
            room._d_base = d + 1
        if isinstance(number, int) and whole_number(number, 0, MAX_SERIAL):
            room.match_number = number
        for seat, saved in zip(room.seats, saved_seats, strict=True):
            seat.name = str(saved.get("name", ""))[: protocol.MAX_NAME]
            seat.token = str(saved.get("token", ""))
        saved_reveal = data.get("reveal")
        if isinstance(saved_reveal, dict) and match.hand_index not in match.proofs:
            room._saved_reveal = saved_reveal
        room.state = RoomState.PLAYING
        loop = asyncio.get_running_loop()
        for seat in room.seats:
            if seat.kind is SeatKind.FRIEND:
                if seat.taken:
                    seat.drop_timer = loop.call_later(config.wait_s, room._cpu_takes, seat)
                else:
                    seat.cpu_playing = True
        room._begin(match)  # nobody is asked anything until someone takes a seat back
        return room

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
        if message.phrase is not None:
            out = Chat(seat.index, seat.name, phrase=message.phrase).to_json()
        else:
            text = protocol.printable_words(message.text or "")
            if not text:
                raise ProtocolError(protocol.E_BAD_MESSAGE, "an empty message")
            out = Chat(seat.index, seat.name, text=text).to_json()
        for other in self.seats:
            if other.peer is not None and seat.index not in other.muted:
                other.peer.send(out)

    def again(self, by: Peer) -> None:
        """A guest asks for another match at this table: told to every seat once per guest and match; refused in
        one line otherwise (the host starts one itself; before the match's end there is nothing to play again)."""
        seat = self.seat_of(by)
        if seat is None:
            raise ProtocolError(protocol.E_NOT_SEATED, "take a seat first")
        if seat.index == self.host_seat:
            raise ProtocolError(protocol.E_STATE, "the host starts another match itself: send start")
        if self.state is not RoomState.OVER:
            raise ProtocolError(protocol.E_STATE, "ask for another match once this one is over")
        if seat.asked_again == self.match_number:
            raise ProtocolError(protocol.E_STATE, "you have already asked for another match")
        seat.asked_again = self.match_number
        self._event({"e": "again", "seat": seat.index, "name": seat.name})

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
