"""The protocol's messages (docs/PROTOCOL.md) as small frozen dataclasses, checked on both ends.

Every message the server sends and every message a client sends has a class with `to_json()` (the wire
dict) and a strict `from_json(raw)` that raises ProtocolError with a one-line reason for any missing,
mistyped or oversized field: strings and lists are bounded, whole numbers are in range (a bool is not a
number), text holds no lone surrogates, free-form objects (rule options, a hand's result) are bounded in
size and depth. Unknown keys are ignored, as the protocol promises; a message of an unknown type is refused.

    parse_client(raw)  what the server does with every line a client sends
    parse_server(raw)  what a client does with every line the server sends
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, TypeVar

from ..engine.errors import DominoError
from ..engine.moves import parse_move
from . import protocol
from .codec import Decision
from .protocol import E_BAD_MESSAGE, E_BAD_ROOM, E_UNKNOWN_TYPE, ProtocolError

MAX_SEATS: Final = 16
MAX_SERIAL: Final = 2**53  # decision numbers, ping numbers: what a JSON double holds exactly
MAX_POINTS: Final = 10**9
MAX_TILES: Final = 100  # tiles in one list (a hand, a rack): a double-12 set has 91
MAX_MOVES: Final = 2000  # a hand's public record
MAX_TEXT: Final = 1000  # a server's message text (an error's, the host leaving)
MAX_LEGAL: Final = 512
DECISIONS: Final = frozenset(Decision)
ROOM_STATES: Final = frozenset({"lobby", "playing", "over", "closed"})
SEAT_KINDS: Final = frozenset({"host", "friend", "cpu"})

_TILE = re.compile(r"\d{1,2}-\d{1,2}")
_HEX = re.compile(r"[0-9a-f]{1,256}")
_ACTION = re.compile(r"cut:HEX|cut:[0-9a-f]{1,64}|redeal|keep|decline|claim|pass|draw|lead:\d{1,2}|muggins:\d{1,2}")

Raw = Mapping[str, Any] | bytes | str


def _fail(where: str, why: str, code: str = E_BAD_MESSAGE) -> ProtocolError:
    return ProtocolError(code, f"'{where}' {why}")


# ---- values -------------------------------------------------------------------------------------


# Characters no text field may hold: control characters (C0, DEL, C1) and the bidirectional controls that
# can make a name or a title read as something else.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def text(value: object, where: str, limit: int, code: str = E_BAD_MESSAGE) -> str:
    """A string of at most `limit` characters that Qt and UTF-8 can hold (no lone surrogates), without
    control characters."""
    if not isinstance(value, str):
        raise _fail(where, "must be a string", code)
    if len(value) > limit:
        raise _fail(where, f"is longer than {limit} characters", code)
    if value.isascii():
        if not value.isprintable() and _CONTROL.search(value):
            raise _fail(where, "holds a control character", code)
        return value
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _fail(where, "holds a lone surrogate", code) from None
    if _CONTROL.search(value):
        raise _fail(where, "holds a control character", code)
    return value


def whole(value: object, where: str, low: int, high: int, code: str = E_BAD_MESSAGE) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(where, f"must be a whole number from {low} to {high}", code)
    return value


def number(value: object, where: str, low: float, high: float, code: str = E_BAD_MESSAGE) -> float | int:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise _fail(where, f"must be a number from {low:g} to {high:g}", code)
    return value


def flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "must be true or false")
    return value


def items(value: object, where: str, limit: int, code: str = E_BAD_MESSAGE) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, "must be a list", code)
    if len(value) > limit:
        raise _fail(where, f"has more than {limit} items", code)
    return value


def obj(value: object, where: str, code: str = E_BAD_MESSAGE) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, "must be an object", code)
    return value


def plain(value: object, where: str, depth: int = 6, code: str = E_BAD_MESSAGE) -> Any:
    """Free-form JSON (rule options, a hand's result): bounded strings, lists, objects and numbers."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return whole(value, where, -MAX_SERIAL, MAX_SERIAL, code)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _fail(where, "must be a finite number", code)
        return value
    if isinstance(value, str):
        return text(value, where, 400, code)
    if depth <= 0:
        raise _fail(where, "is nested too deeply", code)
    if isinstance(value, list):
        return [plain(v, f"{where}[{i}]", depth - 1, code) for i, v in enumerate(items(value, where, MAX_MOVES, code))]
    if isinstance(value, dict):
        if len(value) > 64:
            raise _fail(where, "has more than 64 keys", code)
        return {text(k, where, 40, code): plain(v, f"{where}.{k}", depth - 1, code) for k, v in value.items()}
    raise _fail(where, "is not JSON", code)


def seat(value: object, where: str) -> int:
    return whole(value, where, 0, MAX_SEATS - 1)


def tile(value: object, where: str) -> str:
    if not _TILE.fullmatch(text(value, where, 5)):
        raise _fail(where, "must be a tile like 6-4")
    return str(value)


def tiles(value: object, where: str) -> list[str]:
    return [tile(t, f"{where}[{i}]") for i, t in enumerate(items(value, where, MAX_TILES))]


def notation(value: object, where: str) -> str:
    """A move in replay notation (6-4@6, pass, draw, claim, muggins:2)."""
    move = text(value, where, 16)
    try:
        parse_move(move)
    except (DominoError, ValueError):
        raise _fail(where, "is not a move in replay notation") from None
    return move


def action(value: object, where: str) -> str:
    """An answer the room offers: a move, or one of the other decisions' answers."""
    answer = text(value, where, 80)
    if not _ACTION.fullmatch(answer):
        notation(answer, where)
    return answer


def points(value: object, where: str) -> list[int]:
    return [whole(v, f"{where}[{i}]", -MAX_POINTS, MAX_POINTS) for i, v in enumerate(items(value, where, MAX_SEATS))]


def counts(value: object, where: str) -> list[int]:
    return [whole(v, f"{where}[{i}]", 0, 1000) for i, v in enumerate(items(value, where, MAX_SEATS))]


def _get(raw: Mapping[str, Any], key: str, t: str) -> Any:
    if key not in raw:
        raise ProtocolError(E_BAD_MESSAGE, f"'{t}' needs '{key}'")
    return raw[key]


def _or(value: object, default: object) -> object:
    """`value`, or `default` when it is null or missing (not when it is merely empty or false)."""
    return default if value is None else value


def _optional(raw: Mapping[str, Any], key: str, check: Callable[[object, str], Any]) -> Any:
    value = raw.get(key)
    return None if value is None else check(value, key)


# ---- the messages -------------------------------------------------------------------------------

M = TypeVar("M", bound="Message")


@dataclass(frozen=True, slots=True)
class Message:
    T: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T}

    @classmethod
    def from_json(cls: type[M], raw: Raw) -> M:
        data = _object(raw)
        if data.get("t") != cls.T:
            raise ProtocolError(E_BAD_MESSAGE, f"not a '{cls.T}' message")
        return cls._parse(data)

    @classmethod
    def _parse(cls: type[M], raw: Mapping[str, Any]) -> M:
        return cls()


def _object(raw: Raw) -> dict[str, Any]:
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if isinstance(raw, bytes):
        return protocol.decode(raw)
    if not isinstance(raw, dict) or not isinstance(raw.get("t"), str):
        raise ProtocolError(E_BAD_MESSAGE, "a message is a JSON object with a string 't'")
    return raw


# Server -> client ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Welcome(Message):
    T: ClassVar[str] = "welcome"
    v: int  # the version this connection speaks: the one the hello asked for
    max_line: int
    versions: tuple[int, ...] = ()  # every version the server speaks

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "v": self.v, "max_line": self.max_line, "versions": list(self.versions)}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Welcome:
        versions = tuple(whole(v, "versions", 0, 1000) for v in items(raw.get("versions", []), "versions", 16))
        return cls(
            whole(_get(raw, "v", cls.T), "v", 0, 1000),
            whole(_get(raw, "max_line", cls.T), "max_line", 1, 2**31),
            versions,
        )


@dataclass(frozen=True, slots=True)
class Joined(Message):
    T: ClassVar[str] = "joined"
    code: str
    seat: int
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "code": self.code, "seat": self.seat, "token": self.token}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Joined:
        return cls(
            text(_get(raw, "code", cls.T), "code", 20),
            seat(_get(raw, "seat", cls.T), "seat"),
            text(_get(raw, "token", cls.T), "token", 100),
        )


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat in a `room` message."""

    seat: int
    kind: str
    name: str
    level: str
    taken: bool
    connected: bool
    cpu: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "level": self.level, "taken": self.taken,
                "connected": self.connected, "cpu": self.cpu}  # fmt: skip

    @classmethod
    def from_json(cls, raw: object, where: str) -> SeatInfo:
        data = obj(raw, where)
        kind = text(_get(data, "kind", where), f"{where}.kind", 10)
        if kind not in SEAT_KINDS:
            raise _fail(f"{where}.kind", "must be host, friend or cpu")
        return cls(
            seat(_get(data, "seat", where), f"{where}.seat"),
            kind,
            text(_get(data, "name", where), f"{where}.name", 100),
            text(_get(data, "level", where), f"{where}.level", 20),
            flag(_get(data, "taken", where), f"{where}.taken"),
            flag(_get(data, "connected", where), f"{where}.connected"),
            flag(_get(data, "cpu", where), f"{where}.cpu"),
        )


@dataclass(frozen=True, slots=True)
class RoomInfo(Message):
    """The room's state (`room`), sent to everyone on every change."""

    T: ClassVar[str] = "room"
    code: str
    state: str
    host_seat: int
    preset: str
    options: dict[str, Any]
    wait_s: float | int
    title: str
    seats: tuple[SeatInfo, ...]
    turn_s: int | None = None  # version 2: a guest's time for each decision
    match: int = 0  # version 2: which of the room's matches (0 the first; `start` after `match_end` adds one)

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "code": self.code, "state": self.state, "host_seat": self.host_seat,
                "preset": self.preset, "options": self.options, "wait_s": self.wait_s, "title": self.title,
                "seats": [s.to_json() for s in self.seats], "turn_s": self.turn_s, "match": self.match}  # fmt: skip

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> RoomInfo:
        state = text(_get(raw, "state", cls.T), "state", 10)
        if state not in ROOM_STATES:
            raise _fail("state", "must be lobby, playing, over or closed")
        seats = tuple(
            SeatInfo.from_json(s, f"seats[{i}]")
            for i, s in enumerate(items(_get(raw, "seats", cls.T), "seats", MAX_SEATS))
        )
        host = seat(_get(raw, "host_seat", cls.T), "host_seat")
        if host >= len(seats):
            raise _fail("host_seat", "is not one of the seats")
        return cls(
            text(_get(raw, "code", cls.T), "code", 20),
            state,
            host,
            text(_get(raw, "preset", cls.T), "preset", 40),
            plain(obj(_or(raw.get("options"), {}), "options"), "options"),
            number(raw.get("wait_s", 30), "wait_s", 0, 600),
            text(raw.get("title", ""), "title", 100),
            seats,
            _optional(raw, "turn_s", lambda v, w: whole(v, w, 0, protocol.MAX_TURN_S)),
            whole(raw.get("match", 0), "match", 0, 1_000_000),
        )


def seat_view(raw: object) -> dict[str, Any]:
    """A seat's view (a bot-protocol request, BOT.md): checked field by field, kept as the dict it is."""
    view = obj(raw, "view")
    plain(view, "view")  # bounded everywhere, no surrogates; the fields below in detail
    text(_get(view, "preset", "view"), "view.preset", 40)
    obj(_or(view.get("options"), {}), "view.options")
    whole(_get(view, "hand_index", "view"), "view.hand_index", 0, 100_000)
    seat(_get(view, "seat", "view"), "view.seat")
    tiles(_get(view, "hand", "view"), "view.hand")
    _optional(view, "leader", lambda v, w: seat(v, f"view.{w}"))
    for i, turn in enumerate(items(view.get("moves", []), "view.moves", MAX_MOVES)):
        turn = obj(turn, f"view.moves[{i}]")
        seat(_get(turn, "seat", "view.moves"), f"view.moves[{i}].seat")
        notation(_get(turn, "move", "view.moves"), f"view.moves[{i}].move")
    points(view.get("scores", []), "view.scores")
    if "hand_sizes" in view:
        counts(view["hand_sizes"], "view.hand_sizes")
    if "stock" in view:
        whole(view["stock"], "view.stock", 0, 1000)
    return view


@dataclass(frozen=True, slots=True)
class View(Message):
    """A decision for the seat (or its tiles changed): its view, the decision and its answers."""

    T: ClassVar[str] = "view"
    d: int
    decision: str
    legal: tuple[str, ...]
    view: dict[str, Any]
    commit: str | None = None  # the deal's fingerprint, with a `cut` decision
    time_s: int | None = None  # version 2: the seconds this seat has to answer, when its clock runs

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.T, "d": self.d, "decision": self.decision, "legal": list(self.legal)}
        if self.decision == Decision.CUT:
            out["commit"] = self.commit
        if self.time_s is not None:
            out["time_s"] = self.time_s
        out["view"] = self.view
        return out

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> View:
        decision = text(_get(raw, "decision", cls.T), "decision", 10)
        if decision not in DECISIONS:
            raise _fail("decision", f"must be one of {', '.join(sorted(DECISIONS))}")
        legal = tuple(
            action(a, f"legal[{i}]") for i, a in enumerate(items(_get(raw, "legal", cls.T), "legal", MAX_LEGAL))
        )
        commit = _optional(raw, "commit", lambda v, w: text(v, w, 128))
        time_s = _optional(raw, "time_s", lambda v, w: whole(v, w, 0, protocol.MAX_TURN_S))
        return cls(
            whole(_get(raw, "d", cls.T), "d", 0, MAX_SERIAL),
            decision,
            legal,
            seat_view(raw.get("view")),
            commit,
            time_s,
        )


def _reveal(value: object, where: str) -> dict[str, Any]:
    reveal = obj(value, where)
    text(_get(reveal, "digest", where), f"{where}.digest", 128)
    if not _HEX.fullmatch(text(_get(reveal, "secret", where), f"{where}.secret", 256)):
        raise _fail(f"{where}.secret", "must be hexadecimal")
    cuts = obj(_get(reveal, "cuts", where), f"{where}.cuts")
    if len(cuts) > MAX_SEATS:
        raise _fail(f"{where}.cuts", f"has more than {MAX_SEATS} seats")
    for key, cut in cuts.items():
        if not key.isdigit() or int(key) >= MAX_SEATS:
            raise _fail(f"{where}.cuts", "is keyed by seat numbers")
        if not _HEX.fullmatch(text(cut, f"{where}.cuts.{key}", 64)):
            raise _fail(f"{where}.cuts.{key}", "must be hexadecimal")
    return reveal


def _hand(v: object, w: str) -> int:
    return whole(v, w, 0, 100_000)


def _name(v: object, w: str) -> str:
    return text(v, w, 100)


def _opt_seat(v: object, w: str) -> int | None:
    return None if v is None else seat(v, w)


def _seats(v: object, w: str) -> list[int]:
    return [seat(s, f"{w}[{i}]") for i, s in enumerate(items(v, w, MAX_SEATS))]


def _players(v: object, w: str) -> list[str | None]:
    return [None if p is None else _name(p, f"{w}[{i}]") for i, p in enumerate(items(v, w, MAX_SEATS))]


def _racks(v: object, w: str) -> list[list[str]]:
    return [tiles(r, f"{w}[{i}]") for i, r in enumerate(items(v, w, MAX_SEATS))]


def _wait(v: object, w: str) -> float | int:
    return number(v, w, 0, 600)


def _digest(v: object, w: str) -> str:
    return text(v, w, 128)


def _result(v: object, w: str) -> dict[str, Any]:
    return obj(v, w)  # free-form (REPLAY.md's hand summary); bounded by the event's own check


_Check = Callable[[object, str], Any]
_WHO: dict[str, _Check] = {"seat": seat, "name": _name}
# Each event kind's fields (all required but those in _OPTIONAL). A kind not here is accepted as it is
# (new kinds do not change the protocol's version); its `seat`, if any, must still be a seat.
EVENTS: Final[dict[str, dict[str, _Check]]] = {
    "start": {"players": _players},
    "commit": {"hand": _hand, "digest": _digest},
    "cut": {"seat": seat},
    "cut_timeout": {"seats": _seats},
    "dealt": {"hand": _hand, "redeal_by": _opt_seat},
    "redeal": {"seat": seat},
    "hand_start": {"hand": _hand, "leader": seat, "hand_sizes": counts, "stock": lambda v, w: whole(v, w, 0, 1000)},
    "move": {"hand": _hand, "seat": seat, "move": notation, "gains": points},
    "let_go": {"hand": _hand, "seat": seat},
    "hand_end": {"hand": _hand, "result": _result, "remaining": _racks, "scores": points, "reveal": _reveal},
    "match_end": {"winner": _opt_seat, "scores": points},
    "dropped": {"seat": seat, "name": _name, "wait_s": _wait, "left": flag},  # left: said `leave` (optional)
    "cpu_takeover": {**_WHO, "why": lambda v, w: text(v, w, 20)},
    "rejoined": _WHO,
    "cpu_released": _WHO,
    "timeout": {**_WHO, "d": lambda v, w: whole(v, w, 0, MAX_SERIAL), "action": action},
    "removed": _WHO,
    "again": _WHO,  # a guest asks for another match (their `again`)
}
_OPTIONAL: Final = frozenset({"gains", "reveal", "redeal_by", "winner", "why", "left"})


@dataclass(frozen=True, slots=True)
class Event(Message):
    """A public event (`e` names it) with its fields."""

    T: ClassVar[str] = "event"
    e: str
    fields: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "e": self.e, **self.fields}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Event:
        kind = text(_get(raw, "e", cls.T), "e", 32)
        fields = {k: v for k, v in raw.items() if k not in ("t", "e")}
        plain(fields, kind, depth=8)
        for key, check in EVENTS.get(kind, {}).items():
            if key in fields:
                if fields[key] is not None or key not in _OPTIONAL:
                    check(fields[key], key)
            elif key not in _OPTIONAL:
                raise ProtocolError(E_BAD_MESSAGE, f"event '{kind}' needs '{key}'")
        if kind not in EVENTS and "seat" in fields:
            seat(fields["seat"], "seat")
        return cls(kind, fields)


@dataclass(frozen=True, slots=True)
class Chat(Message):
    """Table talk as the room passes it on: a quick phrase or free text, from a seat."""

    T: ClassVar[str] = "chat"
    seat: int
    name: str
    phrase: str | None = None
    text: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.T, "seat": self.seat, "name": self.name}
        if self.phrase is not None:
            out["phrase"] = self.phrase
        else:
            out["text"] = self.text
        return out

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Chat:
        phrase = _optional(raw, "phrase", lambda v, w: text(v, w, 40))
        said = _optional(raw, "text", lambda v, w: text(v, w, MAX_TEXT))
        if (phrase is None) == (said is None):
            raise ProtocolError(E_BAD_MESSAGE, "'chat' needs one of 'phrase' and 'text'")
        return cls(seat(_get(raw, "seat", cls.T), "seat"), _name(_get(raw, "name", cls.T), "name"), phrase, said)


@dataclass(frozen=True, slots=True)
class Error(Message):
    T: ClassVar[str] = "error"
    code: str
    msg: str
    re: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "code": self.code, "msg": self.msg, "re": self.re}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Error:
        return cls(
            text(_get(raw, "code", cls.T), "code", 40),
            text(raw.get("msg", ""), "msg", MAX_TEXT),
            _optional(raw, "re", lambda v, w: text(v, w, 20)),
        )


@dataclass(frozen=True, slots=True)
class Pong(Message):
    T: ClassVar[str] = "pong"
    n: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "n": self.n}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Pong:
        return cls(_optional(raw, "n", lambda v, w: whole(v, w, -MAX_SERIAL, MAX_SERIAL)))


@dataclass(frozen=True, slots=True)
class Bye(Message):
    T: ClassVar[str] = "bye"


@dataclass(frozen=True, slots=True)
class Removed(Message):
    """The host removed this seat's player from the room; the connection closes after it."""

    T: ClassVar[str] = "removed"
    msg: str

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "msg": self.msg}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Removed:
        return cls(text(raw.get("msg", ""), "msg", MAX_TEXT))


@dataclass(frozen=True, slots=True)
class HostLeft(Message):
    T: ClassVar[str] = "host_left"
    msg: str

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "msg": self.msg}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> HostLeft:
        return cls(text(raw.get("msg", ""), "msg", MAX_TEXT))


# Client -> server ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello(Message):
    T: ClassVar[str] = "hello"
    v: int

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "v": self.v}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Hello:
        return cls(whole(_get(raw, "v", cls.T), "v", 0, 2**31))


@dataclass(frozen=True, slots=True)
class Create(Message):
    """Open a room. Fields that make the room unplayable are refused `bad_room`, as parse_config does."""

    T: ClassVar[str] = "create"
    name: str
    preset: str
    seats: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    wait_s: float | int = 30
    cpu_delay_ms: int = 0
    lan: bool = False
    title: str = ""
    turn_s: int | None = None  # None: the server's default

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "name": self.name, **self.config()}

    def config(self) -> dict[str, Any]:
        """The room's configuration, as net.room.parse_config reads it."""
        config = {"preset": self.preset, "options": self.options, "seats": list(self.seats), "wait_s": self.wait_s,
                  "cpu_delay_ms": self.cpu_delay_ms, "lan": self.lan, "title": self.title}  # fmt: skip
        return config if self.turn_s is None else {**config, "turn_s": self.turn_s}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Create:
        seats = items(_get(raw, "seats", cls.T), "seats", MAX_SEATS, E_BAD_ROOM)
        return cls(
            text(_get(raw, "name", cls.T), "name", 100),
            text(_get(raw, "preset", cls.T), "preset", 40),
            tuple(text(s, "seats", 20, E_BAD_ROOM) for s in seats),
            plain(obj(_or(raw.get("options"), {}), "options", E_BAD_ROOM), "options", code=E_BAD_ROOM),
            number(raw.get("wait_s", 30), "wait_s", 0, 600, E_BAD_ROOM),
            whole(raw.get("cpu_delay_ms", 0), "cpu_delay_ms", 0, 5000, E_BAD_ROOM),
            flag(raw.get("lan", False), "lan"),
            text(_or(raw.get("title"), ""), "title", 40),
            _optional(raw, "turn_s", lambda v, w: whole(v, w, protocol.MIN_TURN_S, protocol.MAX_TURN_S, E_BAD_ROOM)),
        )


@dataclass(frozen=True, slots=True)
class Join(Message):
    T: ClassVar[str] = "join"
    code: str
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "code": self.code, "name": self.name}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Join:
        return cls(text(_get(raw, "code", cls.T), "code", 20), text(_get(raw, "name", cls.T), "name", 100))


@dataclass(frozen=True, slots=True)
class Rejoin(Message):
    T: ClassVar[str] = "rejoin"
    code: str
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "code": self.code, "token": self.token}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Rejoin:
        return cls(text(_get(raw, "code", cls.T), "code", 20), text(_get(raw, "token", cls.T), "token", 100))


@dataclass(frozen=True, slots=True)
class Start(Message):
    T: ClassVar[str] = "start"


@dataclass(frozen=True, slots=True)
class Act(Message):
    T: ClassVar[str] = "act"
    d: int
    action: str

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "d": self.d, "action": self.action}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Act:
        return cls(whole(_get(raw, "d", cls.T), "d", 0, MAX_SERIAL), text(_get(raw, "action", cls.T), "action", 80))


@dataclass(frozen=True, slots=True)
class Say(Message):
    """A client's table talk (`chat`): one of the quick phrases, or free text."""

    T: ClassVar[str] = "chat"
    phrase: str | None = None
    text: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "phrase": self.phrase} if self.phrase is not None else {"t": self.T, "text": self.text}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Say:
        phrase = raw.get("phrase")
        if phrase is not None:
            if phrase not in protocol.QUICK_PHRASES:
                raise ProtocolError(E_BAD_MESSAGE, f"unknown quick phrase {str(phrase)[:20]!r}")
            return cls(phrase=str(phrase))
        return cls(text=text(_get(raw, "text", cls.T), "text", protocol.MAX_CHAT))


@dataclass(frozen=True, slots=True)
class Mute(Message):
    T: ClassVar[str] = "mute"
    seat: int
    on: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "seat": self.seat, "on": self.on}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Mute:
        return cls(seat(_get(raw, "seat", cls.T), "seat"), flag(raw.get("on", True), "on"))


@dataclass(frozen=True, slots=True)
class Ping(Message):
    T: ClassVar[str] = "ping"
    n: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "n": self.n}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Ping:
        return cls(_optional(raw, "n", lambda v, w: whole(v, w, -MAX_SERIAL, MAX_SERIAL)))


@dataclass(frozen=True, slots=True)
class Leave(Message):
    T: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Settings(Message):
    T: ClassVar[str] = "settings"
    wait_s: float | int  # as a create's: fractions allowed

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "wait_s": self.wait_s}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Settings:
        return cls(number(_get(raw, "wait_s", cls.T), "wait_s", 0, 600))


@dataclass(frozen=True, slots=True)
class SeatCpu(Message):
    """The host hands a guest's seat to a CPU (`on`), or gives it back to its player."""

    T: ClassVar[str] = "cpu_seat"
    seat: int
    on: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "seat": self.seat, "on": self.on}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> SeatCpu:
        return cls(seat(_get(raw, "seat", cls.T), "seat"), flag(raw.get("on", True), "on"))


@dataclass(frozen=True, slots=True)
class Remove(Message):
    """The host removes a guest from the room: their token no longer opens the seat."""

    T: ClassVar[str] = "remove"
    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"t": self.T, "seat": self.seat}

    @classmethod
    def _parse(cls, raw: Mapping[str, Any]) -> Remove:
        return cls(seat(_get(raw, "seat", cls.T), "seat"))


@dataclass(frozen=True, slots=True)
class Back(Message):
    """A player whose seat a CPU took after their timeouts is back: their decisions are theirs again."""

    T: ClassVar[str] = "back"


@dataclass(frozen=True, slots=True)
class Again(Message):
    """A guest asks the host for another match at the same table, once the match is over: the room tells every
    seat (event `again`), and each client words it in its own language (never free text in the asker's)."""

    T: ClassVar[str] = "again"


ServerMessage = Welcome | Joined | RoomInfo | View | Event | Chat | Error | Pong | Bye | HostLeft | Removed
ClientMessage = (
    Hello
    | Create
    | Join
    | Rejoin
    | Start
    | Act
    | Say
    | Mute
    | Ping
    | Leave
    | Settings
    | SeatCpu
    | Remove
    | Back
    | Again
)

SERVER_TYPES: Final[dict[str, type[Message]]] = {
    c.T: c for c in (Welcome, Joined, RoomInfo, View, Event, Chat, Error, Pong, Bye, HostLeft, Removed)
}
CLIENT_TYPES: Final[dict[str, type[Message]]] = {
    c.T: c
    for c in (Hello, Create, Join, Rejoin, Start, Act, Say, Mute, Ping, Leave, Settings, SeatCpu, Remove, Back, Again)
}
assert frozenset(CLIENT_TYPES) == protocol.CLIENT_TYPES


def _parse(raw: Raw, types: Mapping[str, type[Message]]) -> Message:
    data = _object(raw)
    kind = data["t"]
    cls = types.get(kind)
    if cls is None:
        raise ProtocolError(E_UNKNOWN_TYPE, f"unknown message type '{text_preview(kind)}'")
    return cls._parse(data)


def parse_client(raw: Raw) -> ClientMessage:
    """A client's message, checked; ProtocolError (with the protocol's code) if it is not one."""
    message = _parse(raw, CLIENT_TYPES)
    assert isinstance(message, ClientMessage)
    return message


def parse_server(raw: Raw) -> ServerMessage:
    """A server's message, checked; ProtocolError with a one-line reason if it is not one."""
    message = _parse(raw, SERVER_TYPES)
    assert isinstance(message, ServerMessage)
    return message


def text_preview(value: object, limit: int = 20) -> str:
    """A bit of a refused value for an error line: printable, short, without surrogates."""
    shown = "".join(ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF else "?" for ch in str(value)[:limit])
    return shown
