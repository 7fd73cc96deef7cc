"""A room driven by its session, watched message by message at the room itself (no sockets): every view
carries the decision pending when it is sent, never an older one (after a seat's last tile, after a redeal),
a redeal's cut view shows none of the discarded tiles, and an answer to a decision not yet asked is refused
as a bad message, not as a stale one."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from dominoes_desktop.engine.fairness import FairDeal
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.net import protocol
from dominoes_desktop.net.client import DealChecker
from dominoes_desktop.net.messages import Act
from dominoes_desktop.net.protocol import ProtocolError
from dominoes_desktop.net.room import Room, parse_config


class Peer:
    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []
        self.read = 0

    def send(self, message: dict[str, Any]) -> None:
        self.got.append(json.loads(protocol.encode(message)))

    def send_line(self, line: bytes) -> None:
        self.got.append(json.loads(line))

    def close(self) -> None:
        pass

    def unread(self) -> list[dict[str, Any]]:
        new, self.read = self.got[self.read :], len(self.got)
        return new


def first_cuts(hand: int, seat: int) -> str:
    return f"{hand:02x}{seat:02x}"


def redeal_secret() -> FairDeal:
    """A commitment whose first deal, cut by the seats as `play` cuts it, gives a seat five doubles (Cuban)."""
    rules = build_rules("cuban", {})
    while True:
        made = FairDeal.commit()
        deal = made.with_cuts([first_cuts(0, s).encode("ascii") for s in range(4)]).deal(rules)
        if any(sum(t.is_double for t in tiles) >= 5 for tiles in deal.hands):
            return made


async def play(
    room: Room, peers: list[Peer], hands: int, seed: int = 1, answered: dict[int, int] | None = None
) -> list[DealChecker]:
    """Every seat answers its latest view at once, as a client would, until `hands` hands are over; the first
    redeal offered is taken. Cuts are this test's own (the first deal's are `first_cuts`)."""
    rng = random.Random(seed)
    checkers = [DealChecker() for _ in peers]
    answered = dict(answered or {})  # seat -> the decision number it last answered
    ended = 0
    redealt = False
    while room.state.value == "playing" and ended < hands:
        progress = False
        for seat, peer in enumerate(peers):
            latest = None
            for message in peer.unread():
                checkers[seat].see(message)
                if message.get("e") == "hand_end":
                    ended += seat == 0
                if message["t"] == "view" and message["legal"]:
                    latest = message
                elif message["t"] == "view":
                    latest = None
            if latest is None or answered.get(seat) == latest["d"]:
                continue
            answered[seat] = latest["d"]
            legal = latest["legal"]
            if latest["decision"] == "cut":
                hand = latest["view"]["hand_index"]
                action = f"cut:{first_cuts(hand, seat)}" if hand == 0 and not redealt else f"cut:{checkers[seat].cut()}"
                checkers[seat].own_cut = action.removeprefix("cut:")
            elif latest["decision"] == "redeal":
                action = "keep" if redealt else "redeal"
                redealt = True
            else:
                action = rng.choice([a for a in legal if a != "decline"] or legal)
            try:
                room.act(peer, Act(latest["d"], action))
            except ProtocolError as exc:
                assert exc.code == protocol.E_STALE, exc  # a side's other seat chose first
            progress = True
        if not progress:
            await asyncio.sleep(0)
    return checkers


async def cuban_room(monkeypatch: pytest.MonkeyPatch) -> tuple[Room, list[Peer]]:
    made = [redeal_secret()]
    real = FairDeal.commit
    monkeypatch.setattr(FairDeal, "commit", staticmethod(lambda: made.pop() if made else real()))
    return started_room("cuban", {"target": 500})


def started_room(preset: str, options: dict[str, Any], turn_s: int | None = None) -> tuple[Room, list[Peer]]:
    """A room of a host and three friends, each seat a Peer of this test, its match started."""
    seats = ["host", "friend", "friend", "friend"]
    config = parse_config({"preset": preset, "options": options, "seats": seats, "turn_s": turn_s})
    room = Room("ABC-DEF", config)
    peers = [Peer() for _ in range(4)]
    room.seat_host(peers[0], "Ana")
    for index, peer in enumerate(peers[1:]):
        room.join(peer, f"F{index}")
    room.start(peers[0])
    return room, peers


def test_views_carry_only_the_decision_pending_after_a_last_tile_and_after_a_redeal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def body() -> tuple[Room, list[Peer], list[DealChecker]]:
        room, peers = await cuban_room(monkeypatch)
        try:
            return room, peers, await play(room, peers, hands=3)
        finally:
            room.close("done")

    room, peers, checkers = asyncio.run(body())
    assert any(e["e"] == "redeal" for e in room.log), "the first deal was dealt again"
    for seat, peer in enumerate(peers):
        numbers = [m["d"] for m in peer.got if m["t"] == "view"]
        assert numbers == sorted(numbers), f"seat {seat} was sent a view of an older decision"
        commit = None
        after_end = False
        for message in peer.got:
            if message.get("e") == "commit":
                commit = message["digest"]
            if message.get("e") == "hand_end":
                after_end = True
            if message["t"] != "view":
                continue
            if after_end:  # the first view after a hand's last tile: the next deal's cut, sealed already
                assert message["decision"] == "cut" and message["commit"] == commit and message["legal"], message
                after_end = False
            if message["decision"] == "cut":
                assert message["view"]["hand"] == [] and message["commit"] == commit  # no tile of a deal gone
        redeal_at = next(i for i, m in enumerate(peer.got) if m.get("e") == "redeal")
        cut_view = next(m for m in peer.got[redeal_at:] if m["t"] == "view")
        assert cut_view["decision"] == "cut" and cut_view["view"]["hand"] == []
    assert all(c.verified >= 3 and not c.failures for c in checkers)  # the redeal's deal and the others
    assert [index for index, _ in room.deals][:2] == [0, 0]


def test_an_answer_to_a_decision_not_yet_asked_is_a_bad_message_an_old_one_is_stale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def body() -> None:
        room, peers = await cuban_room(monkeypatch)
        try:
            view = next(m for m in peers[1].got if m["t"] == "view")
            assert view["decision"] == "cut"
            for d, code in ((view["d"] + 1, protocol.E_BAD_MESSAGE), (view["d"] - 1, protocol.E_STALE)):
                with pytest.raises(ProtocolError) as refused:
                    room.act(peers[1], Act(d, "cut:ab"))
                assert refused.value.code == code
            room.act(peers[1], Act(view["d"], "cut:ab"))  # the cut's number stands while others cut
            room.act(peers[2], Act(view["d"], "cut:cd"))
            with pytest.raises(ProtocolError) as twice:
                room.act(peers[1], Act(view["d"], "cut:ef"))
            assert twice.value.code == protocol.E_NOT_YOUR_DECISION
            await play(room, peers, hands=1, answered={1: view["d"], 2: view["d"]})
            turn = room.session.serial if room.session is not None else 0
            seat = next(s for s in range(4) if room.session is not None and s in room.session.awaited())
            with pytest.raises(ProtocolError) as future:
                room.act(peers[seat], Act(turn + 5, "pass"))
            assert future.value.code == protocol.E_BAD_MESSAGE
        finally:
            room.close("done")

    asyncio.run(body())


def test_every_view_s_public_record_is_its_hand_s_moves_so_far() -> None:
    """The public record a view repeats is written and encoded once a move and reused: every view of every
    hand still carries exactly that hand's moves up to it, each seat's as the events told them."""

    async def body() -> list[Peer]:
        room, peers = started_room("puerto_rican", {"target": 100_000})
        try:
            await play(room, peers, hands=4, seed=7)
        finally:
            room.close("done")
        return peers

    peers = asyncio.run(body())
    for peer in peers:
        told: list[dict[str, Any]] = []  # the hand's moves so far, from the events
        views = 0
        for message in peer.got:
            if message.get("e") == "hand_start":
                told = []
            elif message.get("e") == "move":
                told.append({"seat": message["seat"], "move": message["move"]})
            elif message["t"] == "view" and message["view"]["leader"] is not None:
                assert message["view"]["moves"] == told
                views += 1
        assert views > 40  # four hands' worth


def test_a_guest_seat_keeps_one_turn_timer_over_its_decisions() -> None:
    """The guests' clocks time every decision they are sent, with one timer a seat (set again only when it
    rings before the decision timed is due), not a timer made and cancelled every decision."""

    async def body() -> tuple[int, int, float]:
        loop = asyncio.get_running_loop()
        armed = 0
        real_call_at, real_call_later = loop.call_at, loop.call_later

        def counted(real: Any) -> Any:
            def call(when: float, callback: Any, *args: Any, **kwargs: Any) -> Any:
                nonlocal armed
                armed += getattr(callback, "__name__", "") in ("_clock_rings", "_timed_out")
                return real(when, callback, *args, **kwargs)

            return call

        loop.call_at, loop.call_later = counted(real_call_at), counted(real_call_later)  # type: ignore[method-assign]
        started = loop.time()
        room, peers = started_room("puerto_rican", {"target": 100_000}, turn_s=30)
        try:
            await play(room, peers, hands=2, seed=3)
        finally:
            room.close("done")
        timed = sum(1 for peer in peers for m in peer.got if m["t"] == "view" and m.get("time_s"))
        return timed, armed, loop.time() - started

    timed, armed, seconds = asyncio.run(body())
    assert timed > 30  # the guests' turns were timed
    assert seconds < 30 and armed <= 3  # within the clock's time: one timer for each guest seat


def test_a_guest_s_timer_that_rings_before_the_decision_is_due_waits_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    async def body() -> list[tuple[int, float]]:
        loop = asyncio.get_running_loop()
        room, _ = started_room("puerto_rican", {"target": 100_000}, turn_s=1)
        out: list[tuple[int, float]] = []
        started = loop.time()
        monkeypatch.setattr(room, "_timed_out", lambda seat, d: out.append((d, loop.time() - started)))
        seat = room.seats[1]
        try:
            room._start_clock(seat, 1000)  # due at 1 s
            await asyncio.sleep(0.5)
            room._stop_clock(seat)  # answered
            room._start_clock(seat, 1001)  # due at 1.5 s: the timer set for 1 s rings early and waits
            await asyncio.sleep(2.0)
        finally:
            room.close("done")
        return out

    (timed_out,) = asyncio.run(body())
    assert timed_out[0] == 1001 and 1.45 <= timed_out[1] < 1.9
