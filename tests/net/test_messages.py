"""Typed protocol messages: every message a real room sends reads back as itself, and a hostile or buggy
server's messages (truncated, mistyped, huge, unknown, surrogates, deep, 10 MB) are refused by the desktop
client in one line each, with no exception in any Qt slot, the room window's included."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from dominoes_desktop.net import messages, protocol
from dominoes_desktop.net.client import play_seat, random_chooser
from dominoes_desktop.net.protocol import ProtocolError
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run


def recorded_lines() -> list[bytes]:
    """Every line a room sent its host and a guest through a whole match, with talk, an error and a pong."""

    async def body(server: Server) -> list[bytes]:
        host, code, _ = await open_room(server, ["host", "friend", "cpu:easy", "cpu:medium"], record=True)
        guest, _ = await join(server, code, "Bén ☃", record=True)
        host.send({"t": "chat", "phrase": "hello"})
        guest.send({"t": "chat", "text": "salut à tous"})
        host.send({"t": "ping", "n": 7})
        guest.send({"t": "start"})  # refused: not the host
        host.send({"t": "start"})
        done = await asyncio.gather(play_seat(host, random_chooser(1)), play_seat(guest, random_chooser(2)))
        assert done == ["over", "over"]
        guest.send({"t": "leave"})
        await guest.expect("bye")
        await host.close()
        assert host.raw is not None and guest.raw is not None
        return [line for line in bytes(host.raw + guest.raw).split(b"\n") if line]

    return run(body, timeout=120)


@pytest.fixture(scope="module")
def lines() -> list[bytes]:
    return recorded_lines()


def test_every_message_a_room_sends_reads_back_as_itself(lines: list[bytes]) -> None:
    kinds: set[str] = set()
    for line in lines:
        raw = json.loads(line)
        message = messages.parse_server(line)
        assert message.to_json() == raw
        assert type(message).from_json(raw) == message
        kinds.add(raw["t"] if raw["t"] != "event" else f"event:{raw['e']}")
    for kind in ("welcome", "joined", "room", "view", "chat", "error", "pong", "bye", "event:move", "event:hand_end"):
        assert kind in kinds


def test_every_client_message_reads_back_and_a_bad_one_gets_its_code() -> None:
    sent = [
        {"t": "hello", "v": 1},
        {
            "t": "create",
            "name": "A",
            "preset": "cuban",
            "options": {"target": 100},
            "seats": ["host", "cpu:hard"],
            "wait_s": 30,
            "cpu_delay_ms": 600,
            "lan": True,
            "title": "Ana's",
        },
        {"t": "join", "code": "K7Q-2MX", "name": "Ben"},
        {"t": "rejoin", "code": "K7Q-2MX", "token": "abc"},
        {"t": "start"},
        {"t": "act", "d": 41, "action": "5-4@5"},
        {"t": "chat", "phrase": "good_play"},
        {"t": "chat", "text": "nice one"},
        {"t": "mute", "seat": 1, "on": False},
        {"t": "ping", "n": 7},
        {"t": "leave"},
        {"t": "settings", "wait_s": 60},
        {"t": "settings", "wait_s": 3.5},  # fractions, as a create's
    ]
    for raw in sent:
        assert messages.parse_client(raw).to_json() == raw
    bad = [
        ({"t": "act", "d": True, "action": "pass"}, protocol.E_BAD_MESSAGE),
        ({"t": "act", "d": 2**60, "action": "pass"}, protocol.E_BAD_MESSAGE),
        ({"t": "act", "d": 1}, protocol.E_BAD_MESSAGE),
        ({"t": "act", "d": 1, "action": "x" * 81}, protocol.E_BAD_MESSAGE),
        ({"t": "chat", "text": "\ud800"}, protocol.E_BAD_MESSAGE),
        ({"t": "mute", "seat": 1, "on": 1}, protocol.E_BAD_MESSAGE),
        ({"t": "create", "name": "A", "preset": "cuban", "seats": "host"}, protocol.E_BAD_ROOM),
        ({"t": "create", "name": "A", "preset": "cuban", "seats": ["host"], "wait_s": 601}, protocol.E_BAD_ROOM),
        ({"t": "create", "name": "A", "preset": "cuban", "seats": ["host"], "options": []}, protocol.E_BAD_ROOM),
        ({"t": "settings", "wait_s": 600.5}, protocol.E_BAD_MESSAGE),
        ({"t": "teleport"}, protocol.E_UNKNOWN_TYPE),
    ]
    for raw, code in bad:
        with pytest.raises(ProtocolError) as caught:
            messages.parse_client(raw)
        assert caught.value.code == code, raw
        assert "\n" not in str(caught.value)


# ---- a hostile server, seen by the desktop's own client -----------------------------------------

BAD_VALUES: list[Any] = ["x", "\ud800", 10**30, -1, True, None, [], {}, 1.5, "9" * 5000, [[[[[[[[[[[]]]]]]]]]]]]


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a JSON value (objects' keys and lists' items), the value itself last."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            yield from leaves(item, (*path, index))
    if path:
        yield path


def mutated(raw: dict[str, Any], rng: random.Random, per_message: int) -> Iterator[bytes]:
    """`raw` with one field removed or replaced by a bad value, at paths chosen at random; and broken lines."""
    paths = list(leaves(raw))
    for path in rng.sample(paths, min(per_message, len(paths))):
        for bad in [*rng.sample(BAD_VALUES, 3), "<removed>"]:
            copy_ = copy.deepcopy(raw)
            holder = copy_
            for step in path[:-1]:
                holder = holder[step]
            if bad == "<removed>":
                if isinstance(holder, dict):
                    del holder[path[-1]]
                else:
                    del holder[path[-1]]
            else:
                holder[path[-1]] = bad
            yield json.dumps(copy_).encode()
    line = json.dumps(raw).encode()
    yield line[: len(line) // 2]
    yield line.replace(b'"t"', b'"T"', 1)


HOSTILE_LINES = [
    b"this is not json",
    b"\xff\xfe",
    b"[1, 2, 3]",
    b"null",
    b'{"t": 7}',
    b'{"t": "make_me_a_sandwich"}',
    b'{"t": "view"}',
    b'{"t": "room", "seats": "many"}',
    b'{"t": "joined", "code": "K7Q-2MX", "seat": 1e400, "token": "x"}',
    b'{"t": "joined", "code": "K7Q-2MX", "seat": ' + b"9" * 5000 + b', "token": "x"}',
    b'{"t": "chat", "seat": 1, "name": "\\ud800", "text": "hi"}',
    b'{"t": "error", "code": "x", "msg": "' + b"y" * 5000 + b'"}',
    b'{"t": "event", "e": "move", "hand": 0, "seat": 1, "move": "7-7@9"}',
    b'{"t": "event", "e": "hand_start", "hand": 0, "leader": -1, "hand_sizes": [7], "stock": 0}',
    b'{"t": "event", "e": "mystery", "seat": "all"}',
    b"[" * 5000 + b"]" * 5000,
    b'{"t": "pong", "n": NaN}',
]


def test_a_hostile_server_is_refused_in_one_line_each_and_never_raises_in_a_slot(
    lines: list[bytes], qtbot: Any
) -> None:
    from dominoes_desktop.ui.room.room_window import RoomWindow

    with socket.socket() as probe:  # a port nobody listens on: the window's own connection fails at once
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    window = RoomWindow("127.0.0.1", port, {"t": "join", "code": "AAA-AAA", "name": "Me"})
    qtbot.addWidget(window)
    room_socket = window.controller.socket
    assert room_socket is not None
    refused: list[str] = []
    received: list[dict[str, Any]] = []
    room_socket.refused.connect(refused.append)
    room_socket.received.connect(received.append)

    rng = random.Random(17)
    seen: dict[str, bytes] = {}
    for line in lines:  # one sample of every kind of message the room sent, the guest's view of the game
        raw = json.loads(line)
        seen.setdefault(raw["t"] + ":" + str(raw.get("e", raw.get("decision", ""))), line)
    cases = [*HOSTILE_LINES]
    for line in seen.values():
        cases.extend(mutated(json.loads(line), rng, per_message=12))
    assert len(cases) > 300

    outcomes = {"refused": 0, "accepted": 0}
    with qtbot.capture_exceptions() as exceptions:
        for line in lines[: len(lines) // 2]:  # the window in the middle of a real match first
            room_socket.feed(line + b"\n")
        for case in cases:
            refused.clear()
            received.clear()
            room_socket.feed(case + b"\n")
            assert len(refused) + len(received) == 1, case[:200]
            if refused:
                assert "\n" not in refused[0] and 0 < len(refused[0]) <= 320
                outcomes["refused"] += 1
            else:
                outcomes["accepted"] += 1  # a mutation that is still a valid message (an unknown key, a name)
        refused.clear()
        room_socket.feed(b'{"t": "chat", "text": "' + b"z" * (10 << 20) + b'"}\n')  # a 10 MB line
        assert len(refused) == 1 and "too_big" in refused[0]
        room_socket.feed(lines[-1] + b"\n")  # and the connection reads on
        assert received[-1] == json.loads(lines[-1])
    assert not exceptions, exceptions[:3]
    print(
        f"\n{len(cases)} hostile lines: {outcomes['refused']} refused in one line, {outcomes['accepted']} still valid"
    )
    assert outcomes["refused"] > outcomes["accepted"]


def test_names_and_chat_are_cleaned_to_the_words_that_print() -> None:
    """Zero-width characters leave no gap, a line separator is a space, no space is doubled or left at an end."""
    assert protocol.printable_words("a \u200b b") == "a b"
    assert protocol.printable_words("\u200b hi\u2028there\ufeff ") == "hi there"
    assert protocol.clean_name("  Ana   María ") == "Ana María"
    assert protocol.clean_name("x" * 23 + " y") == "x" * 23  # cut to 24 characters, no trailing space
    with pytest.raises(ProtocolError):
        protocol.clean_name("\u200b \ufeff")
