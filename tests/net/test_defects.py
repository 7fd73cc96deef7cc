"""The server defects an outside client met (issue 26, item 6), each pinned down; and protocol version 2's
negotiation and rematch."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from dominoes_desktop.net import protocol
from dominoes_desktop.net.client import Client, play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run


async def until(client: Client, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    while True:
        message = await client.recv()
        assert message is not None
        if seen is not None:
            seen.append(message)
        if message["t"] == kind:
            return message


async def drain(client: Client, seconds: float) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    try:
        async with asyncio.timeout(seconds):
            while (message := await client.recv()) is not None:
                got.append(message)
    except TimeoutError:
        pass
    return got


def test_a_rejoin_gets_joined_room_commit_and_view_then_events_and_no_view_twice() -> None:
    async def body(server: Server) -> None:
        host, code, room = await open_room(server, ["host", "friend", "cpu:random", "cpu:random"], wait_s=60)
        guest, joined = await join(server, code, "Ben")
        host.send({"t": "start"})
        playing = asyncio.create_task(play_seat(host, random_chooser(1)))
        while True:  # the guest plays until its first turn of the hand, then drops
            view = await until(guest, "view")
            if view["decision"] == "cut" and view["legal"]:
                guest.send({"t": "act", "d": view["d"], "action": "cut:12"})
            elif view["decision"] == "turn" and view["legal"]:
                break
        await guest.close()
        while room.seats[1].connected:
            await asyncio.sleep(0.01)
        back = Client()
        await back.connect("127.0.0.1", server.port)
        back.send({"t": "rejoin", "code": code, "token": joined["token"]})
        got = await drain(back, 0.5)
        kinds = [m["t"] if m["t"] != "event" else m["e"] for m in got]
        assert kinds[:5] == ["joined", "room", "commit", "view", "rejoined"], kinds
        proof = room.match.proofs[room.match.hand_index] if room.match else None
        assert proof is not None and got[2]["digest"] == proof.fingerprint  # the hand in play's commitment
        views = [m["d"] for m in got if m["t"] == "view"]
        assert len(views) == len(set(views))  # no view twice
        playing.cancel()

    run(body)


def test_the_hosts_leave_is_answered_bye_and_the_others_are_told() -> None:
    async def body(server: Server) -> None:
        host, code, _ = await open_room(server, ["host", "friend", "cpu", "cpu"])
        guest, _ = await join(server, code)
        host.send({"t": "leave"})
        answers = await drain(host, 1)
        assert [m["t"] for m in answers if m["t"] != "room"] == ["bye"]
        assert (await guest.expect("host_left"))["msg"]

    run(body)


def test_an_act_for_a_decision_not_yet_asked_is_not_called_stale() -> None:
    async def body(server: Server) -> None:
        host, _, _ = await open_room(server, ["host", "cpu:random", "cpu:random", "cpu:random"], wait_s=60)
        host.send({"t": "start"})
        view = await until(host, "view")
        host.send({"t": "act", "d": view["d"] + 1000, "action": "pass"})
        error = await host.expect("error")
        assert error["code"] == protocol.E_BAD_MESSAGE and "not been asked" in error["msg"]

    run(body)


def test_a_late_rejoiner_is_told_the_match_ended_and_another_match_can_follow() -> None:
    async def body(server: Server) -> None:
        seats = ["host", "friend", "cpu:random", "cpu:random"]
        host, code, room = await open_room(server, seats, options={"target": 20}, wait_s=0)
        guest, joined = await join(server, code, "Ben")
        await guest.close()
        host.send({"t": "start"})
        assert await play_seat(host, random_chooser(4)) == "over"
        back = Client()
        await back.connect("127.0.0.1", server.port)
        back.send({"t": "rejoin", "code": code, "token": joined["token"]})
        got = await drain(back, 0.5)
        assert [m.get("e") for m in got if m["t"] == "event"] == ["match_end", "rejoined"]
        assert got[1]["state"] == "over"
        await back.close()  # a CPU keeps the seat in the next match
        while room.seats[1].connected:
            await asyncio.sleep(0.01)
        host.send({"t": "start"})  # another match at the same table
        started = await until(host, "room")
        while started["state"] != "playing":  # the rooms sent before (the rejoin's) come first
            started = await until(host, "room")
        assert started["match"] == 1
        assert await play_seat(host, random_chooser(5)) == "over"
        assert [e.get("match") for e in room.log if e["e"] == "start"] == [0, 1]

    run(body, timeout=120)


def test_version_negotiation_keeps_version_1_and_refuses_others() -> None:
    async def body(server: Server) -> None:
        for v, answer in ((1, "welcome"), (2, "welcome"), (3, "error"), (0, "error")):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(protocol.encode({"t": "hello", "v": v}))
            reply = protocol.decode(await reader.readline())
            assert reply["t"] == answer
            if answer == "welcome":
                assert reply["v"] == v and reply["versions"] == [1, 2]
            else:
                assert reply["code"] == protocol.E_VERSION
            writer.close()

    run(body)


@pytest.mark.parametrize("preset", ["cuban", "puerto_rican", "all_fives"])
def test_views_never_go_back_never_repeat_and_a_cut_shows_no_tiles(preset: str) -> None:
    """Four people (bots) play a whole match: each seat's views carry rising decision numbers, never one it
    has answered, never the same twice; a deal waiting for its cuts (a redeal's too) shows no tiles."""

    async def seat(client: Client, rng: random.Random, problems: list[str]) -> None:
        answered: set[int] = set()
        last = -1
        while (m := await client.recv()) is not None:
            if m["t"] == "event" and m["e"] == "match_end":
                return
            if m["t"] != "view":
                continue
            d = m["d"]
            if d < last or d in answered:
                problems.append(f"view {d} after {last} (answered: {d in answered})")
            last = d
            if m["decision"] == "cut" and m["view"]["hand"]:
                problems.append(f"a cut view with tiles {m['view']['hand']}")
            if m["legal"]:
                action = f"cut:{rng.getrandbits(32):x}" if m["decision"] == "cut" else rng.choice(m["legal"])
                client.send({"t": "act", "d": d, "action": action})
                answered.add(d)

    async def body(server: Server) -> None:
        host, code, _ = await open_room(server, ["host", "friend", "friend", "friend"], preset, options={"target": 60})
        guests = [(await join(server, code, f"G{i}"))[0] for i in range(3)]
        host.send({"t": "start"})
        problems: list[str] = []
        await asyncio.gather(*(seat(c, random.Random(i), problems) for i, c in enumerate([host, *guests])))
        assert problems == []

    run(body, timeout=120)


def test_a_redeal_reveals_the_deal_given_up_and_the_cut_after_it_shows_no_tiles() -> None:
    """Cuban: a seat dealt five doubles may ask for a redeal. Four bots play (asking for every redeal they are
    offered) until one happens: its event reveals the deal given up, which checks against the commitment
    and gives the asker its five doubles; the cut views that follow hold no tiles."""
    from dominoes_desktop.engine.presets import build_rules
    from dominoes_desktop.net import fairdeal

    async def seat(client: Client, rng: random.Random, seen: list[tuple[int, dict[str, Any]]], index: int) -> None:
        while (m := await client.recv()) is not None:
            seen.append((index, m))
            if m["t"] == "view" and m["legal"]:
                if m["decision"] == "cut":
                    action = f"cut:{rng.getrandbits(32):x}"
                elif m["decision"] == "redeal":
                    action = "redeal"
                else:
                    action = rng.choice(m["legal"])
                client.send({"t": "act", "d": m["d"], "action": action})

    async def body(server: Server) -> None:
        options = {"target": 100_000}
        host, code, room = await open_room(server, ["host", "friend", "friend", "friend"], "cuban", options=options)
        guests = [(await join(server, code, f"G{i}"))[0] for i in range(3)]
        host.send({"t": "start"})
        seen: list[tuple[int, dict[str, Any]]] = []
        tasks = [asyncio.create_task(seat(c, random.Random(i), seen, i)) for i, c in enumerate([host, *guests])]
        while not any(e["e"] == "redeal" for e in room.log):
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        for task in tasks:
            task.cancel()
        at = next(i for i, e in enumerate(room.log) if e["e"] == "redeal")
        redeal = room.log[at]
        commit = next(e for e in reversed(room.log[:at]) if e["e"] == "commit")
        reveal = redeal["reveal"]
        assert reveal["digest"] == commit["digest"] == fairdeal.fingerprint(bytes.fromhex(reveal["secret"]))
        given_up = fairdeal.deal_of(
            build_rules("cuban", options),
            bytes.fromhex(reveal["secret"]),
            {int(s): c for s, c in reveal["cuts"].items()},
        )
        assert sum(t.is_double for t in given_up.hands[redeal["seat"]]) >= 5
        hand = commit["hand"]
        after = [m for _, m in seen if m["t"] == "view" and m["decision"] == "cut" and m["view"]["hand_index"] == hand]
        after_redeal = after[len(after) // 2 :]  # the redeal's cut views come after the first deal's
        assert after_redeal and all(m["view"]["hand"] == [] for m in after_redeal)

    run(body, timeout=120)


def test_a_version_1_client_still_plays_a_whole_match() -> None:
    async def body(server: Server) -> None:
        old = Client()
        old.reader, old.writer = await asyncio.open_connection("127.0.0.1", server.port)
        old.send({"t": "hello", "v": 1})
        assert (await old.expect("welcome"))["v"] == 1
        old.send({"t": "create", "name": "Old", "preset": "draw", "seats": ["host", "cpu:random", "cpu:random", "cpu:random"],
                  "options": {"target": 30}})  # fmt: skip
        await old.expect("joined")
        old.send({"t": "start"})
        assert await play_seat(old, random_chooser(9)) == "over"

    run(body, timeout=90)
