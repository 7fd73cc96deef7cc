"""The wire format of docs/PROTOCOL.md: one JSON object a line, each at most MAX_LINE bytes.

Only framing, limits and the checks every message gets live here; what a message does is the room's business.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from typing import Any, Final

from ..engine.inputs import FileRefused, parse_json

PROTOCOL_VERSION: Final = 2
SUPPORTED_VERSIONS: Final = (1, 2)  # version 2 only adds messages and fields: a version 1 client plays on
MAX_LINE: Final = 8192  # bytes, the newline included; a whole view of a double-12 hand fits in well under half
DEFAULT_PORT: Final = 47815
DISCOVERY_PORT: Final = 47816
DISCOVERY_MAGIC: Final = b"DOMINOES-DESKTOP-ROOMS?"

# An invite code: 6 letters from an alphabet without look-alikes (0/O, 1/I/L), written XXX-XXX. 31**6 is
# about 8.9e8 codes; with wrong guesses limited to a few a minute per address, guessing one is hopeless.
CODE_ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

QUICK_PHRASES: Final = ("good_play", "six_love", "well_played", "oops", "hurry", "thanks", "good_game", "hello")
MAX_CHAT: Final = 200  # characters of free text
MAX_NAME: Final = 24
DEFAULT_TURN_S: Final = 60  # a guest's time for one decision when the room's `create` names none
MIN_TURN_S: Final = 1
MAX_TURN_S: Final = 600
TIMEOUTS_TO_CPU: Final = 2  # timeouts in a row after which a CPU plays the seat until its player acts again

# Error codes (the `code` of an error message). The text beside it is for people and logs.
E_BAD_JSON: Final = "bad_json"
E_TOO_BIG: Final = "too_big"
E_BAD_MESSAGE: Final = "bad_message"
E_UNKNOWN_TYPE: Final = "unknown_type"
E_VERSION: Final = "version"
E_HELLO_FIRST: Final = "hello_first"
E_WRONG_CODE: Final = "wrong_code"
E_TOO_MANY_GUESSES: Final = "too_many_guesses"
E_ROOM_FULL: Final = "room_full"
E_BAD_TOKEN: Final = "bad_token"
E_NOT_HOST: Final = "not_host"
E_NOT_SEATED: Final = "not_seated"
E_NOT_YOUR_DECISION: Final = "not_your_decision"
E_STALE: Final = "stale"
E_ILLEGAL: Final = "illegal"
E_BAD_ROOM: Final = "bad_room"
E_RATE: Final = "rate_limited"
E_DROPPED: Final = "dropped_for_abuse"
E_MUTED: Final = "chat_refused"
E_STATE: Final = "wrong_state"
E_FULL_SERVER: Final = "server_full"
E_TOO_MANY_ROOMS: Final = "too_many_rooms"  # one address holds as many open rooms as it may
E_INTERNAL: Final = "internal"
E_TIMEOUT: Final = "timeout"  # no hello in time, or idle outside a room: the connection is closed
E_TOO_MANY_CONNECTIONS: Final = "too_many_connections"  # one address holds as many connections as it may

CLIENT_TYPES: Final = frozenset(
    {
        "hello",
        "create",
        "join",
        "rejoin",
        "start",
        "act",
        "chat",
        "mute",
        "ping",
        "leave",
        "settings",
        "cpu_seat",
        "remove",
        "back",
        "again",
    }
)


class ProtocolError(Exception):
    """A message that breaks the protocol; `code` is one of the E_ constants."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# Made once (json.dumps with options makes an encoder for every call): the server encodes every message here.
# No check for cycles (a set of every container's id, kept while encoding): a message is made of fresh dicts
# and lists, and one with a cycle would still fail (RecursionError), not hang. A view is encoded faster.
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def encode(message: dict[str, Any]) -> bytes:
    """One message as one line. Compact separators: every byte counts at 200 rooms."""
    return _ENCODER.encode(message).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """A received line as a message with a known `t`, or ProtocolError."""
    try:
        message = parse_json(line)  # refuses over-long numbers, NaN and deep nesting too
    except FileRefused as exc:
        raise ProtocolError(E_BAD_JSON, str(exc)) from None
    if not isinstance(message, dict):
        raise ProtocolError(E_BAD_MESSAGE, "a message must be a JSON object")
    kind = message.get("t")
    if not isinstance(kind, str):
        raise ProtocolError(E_BAD_MESSAGE, "a message needs a string 't' (its type)")
    return message


class LineBuffer:
    """Splits received bytes into lines of at most MAX_LINE bytes. A longer line is reported once, as
    None, and skipped up to its newline, so one oversized message cannot wedge the connection."""

    def __init__(self, limit: int = MAX_LINE) -> None:
        self._limit = limit
        self._data = bytearray()
        self._skipping = False

    def feed(self, chunk: bytes) -> Iterator[bytes | None]:
        self._data += chunk
        while True:
            at = self._data.find(b"\n")
            if at < 0:
                if len(self._data) >= self._limit:
                    self._data.clear()
                    if not self._skipping:
                        self._skipping = True
                        yield None
                return
            line = bytes(self._data[:at])
            del self._data[: at + 1]
            if self._skipping:
                self._skipping = False
                continue
            if at + 1 > self._limit:
                yield None
                continue
            if line.strip():
                yield line


def new_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
    return f"{raw[:3]}-{raw[3:]}"


def normalise_code(text: str) -> str:
    """Accept an invite typed loosely: lower case, spaces, without the dash."""
    raw = "".join(ch for ch in text.upper() if ch.isalnum())
    return f"{raw[:3]}-{raw[3:]}" if len(raw) == 6 else raw


def parse_invite(text: str) -> tuple[str, int, str]:
    """'192.168.1.20:47815 K7Q-2MX' (or with '/' between) -> (host, port, code); ValueError if unreadable."""
    parts = text.replace("/", " ").replace(",", " ").split()
    if len(parts) != 2:
        raise ValueError("an invite reads like 192.168.1.20:47815 K7Q-2MX")
    address, code = parts
    host, colon, port_text = address.rpartition(":")
    if not colon or not port_text.isdigit() or not host:
        raise ValueError("the address needs a port, like 192.168.1.20:47815")
    port = int(port_text)
    if not 0 < port < 65536:
        raise ValueError("a port is a number from 1 to 65535")
    code = normalise_code(code)
    if len(code) != 7 or any(ch not in CODE_ALPHABET for ch in code.replace("-", "")):
        raise ValueError("an invite code is six letters and digits, like K7Q-2MX")
    return host.strip("[]"), port, code


def string(message: dict[str, Any], key: str, limit: int, *, required: bool = True) -> str:
    value = message.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise ProtocolError(E_BAD_MESSAGE, f"'{key}' must be a string")
    if len(value) > limit:
        raise ProtocolError(E_BAD_MESSAGE, f"'{key}' is longer than {limit} characters")
    return value


def printable_words(text: str) -> str:
    """Text as shown: characters that do not print dropped (zero-width ones), every run of white space (line
    separators too) one space, none at either end."""
    kept = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or ch.isprintable())
    return " ".join(kept.split())


def clean_name(text: str) -> str:
    """A display name: printable words, cut to its length, not empty."""
    name = printable_words(text)[:MAX_NAME].rstrip()
    if not name:
        raise ProtocolError(E_BAD_MESSAGE, "a name cannot be empty")
    return name
