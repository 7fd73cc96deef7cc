"""Rooms: seats and tokens, a dropped player's seat played by a CPU until they return, the host leaving,
table talk with mutes, and deals every player can verify."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.net import fairdeal, protocol
from dominoes_desktop.net.client import Client, DealChecker, play_seat, random_chooser
from dominoes_desktop.net.server import Server

from .helpers import join, open_room, run


class Drop(Exception):
    pass


def test_a_dropped_guest_is_played_by_a_cpu_until_they_rejoin_with_the_seat_token() -> None:
    async def body(server: Server) -> None:
        host, code, room = await open_room(server, ["host", "friend", "cpu:easy", "cpu:easy"], wait_s=0.2)
        guest, joined = await join(server, code, "Ben")
        token, seat = joined["token"], joined["seat"]
        host_seen: list[dict[str, Any]] = []
        host.send({"t": "start"})
        host_play = asyncio.create_task(play_seat(host, random_chooser(1), on_message=host_seen.append))
        answered = 0
        base = random_chooser(2)

        async def drops_after_three(message: dict[str, Any]) -> str:
            nonlocal answered
            answered += 1
            if answered > 3 and message["decision"] == "turn":
                raise Drop
            return await base(message)

        try:
            await play_seat(guest, drops_after_three)
        except Drop:
            await guest.close()
        while not any(m.get("e") == "cpu_takeover" for m in host_seen):
            await asyncio.sleep(0.02)
        dropped = next(m for m in host_seen if m.get("e") == "dropped")
        assert (dropped["seat"], dropped["name"], dropped["wait_s"]) == (seat, "Ben", 0.2)
        moves_while_away = room.moves_applied

        back = Client()
        await back.connect("127.0.0.1", server.port)
        back.send({"t": "rejoin", "code": code, "token": "not-the-token"})
        assert (await back.expect("error"))["code"] == protocol.E_BAD_TOKEN
        back.send({"t": "rejoin", "code": code, "token": token})
        again = await back.expect("joined")
        assert (again["seat"], again["token"]) == (seat, token)
        checker = DealChecker()
        back_seen: list[dict[str, Any]] = []
        assert await play_seat(back, random_chooser(4), checker, back_seen.append) == "over"
        views = [m for m in back_seen if m["t"] == "view"]
        assert views and all(v["view"]["seat"] == seat for v in views)
        assert back_seen.index(views[0]) <= 3  # the view to pick the game up comes with the seat
        assert await host_play == "over"
        assert any(m.get("e") == "rejoined" and m["seat"] == seat for m in host_seen)
        assert any(m.get("e") == "cpu_released" and m["seat"] == seat for m in host_seen)
        assert room.moves_applied > moves_while_away
        assert checker.verified >= 1 and not checker.failures
        states = [m["seats"][seat]["cpu"] for m in host_seen if m.get("t") == "room"]
        assert True in states and states[-1] is False

    run(body)


def test_the_host_leaving_ends_the_room_with_a_message_to_all() -> None:
    async def body(server: Server) -> None:
        host, code, _ = await open_room(server, ["host", "friend", "friend", "cpu"])
        guests = [(await join(server, code, name))[0] for name in ("Ben", "Cy")]
        host.send({"t": "start"})
        await guests[0].expect("view")
        await host.close()
        for guest in guests:
            message = await guest.expect("host_left")
            assert "host" in message["msg"]
            assert await guest.recv() is None  # and the connection is closed
        while code in server.rooms:
            await asyncio.sleep(0.01)

    run(body)


def test_table_talk_reaches_everyone_but_those_who_muted_the_speaker() -> None:
    async def body(server: Server) -> None:
        host, code, _ = await open_room(server, ["host", "friend", "friend", "cpu"])
        ben, _ = await join(server, code, "Ben")
        cy, _ = await join(server, code, "Cy")
        cy.send({"t": "mute", "seat": 1})
        cy.send({"t": "ping", "n": 1})
        await cy.expect("pong")
        ben.send({"t": "chat", "text": "beep\x07"})  # a control character: refused, nobody hears it
        assert (await ben.expect("error"))["code"] == protocol.E_BAD_MESSAGE
        ben.send({"t": "chat", "phrase": "good_play"})
        ben.send({"t": "chat", "text": "  nice   one "})
        for client in (host, ben):
            assert (await client.expect("chat"))["phrase"] == "good_play"
            said = await client.expect("chat")
            assert (said["seat"], said["name"], said["text"]) == (1, "Ben", "nice one")
        host.send({"t": "chat", "text": "hi"})
        heard = await cy.expect("chat")
        assert heard["seat"] == 0  # Ben's two messages never reached Cy
        ben.send({"t": "chat", "phrase": "no_such_phrase"})
        assert (await ben.expect("error"))["code"] == protocol.E_BAD_MESSAGE
        for _ in range(6):
            ben.send({"t": "chat", "phrase": "thanks"})
        assert (await ben.expect("error"))["code"] == protocol.E_MUTED

    run(body)


def test_a_late_friend_takes_over_the_seat_a_cpu_kept_for_them() -> None:
    async def body(server: Server) -> None:
        host, code, room = await open_room(server, ["host", "friend", "cpu", "cpu"], cpu_delay_ms=20)
        host.send({"t": "start"})
        host_play = asyncio.create_task(play_seat(host, random_chooser(1)))
        while room.moves_applied < 3:
            await asyncio.sleep(0.01)
        late, joined = await join(server, code, "Late")
        assert joined["seat"] == 1 and not room.seats[1].cpu_playing
        assert await play_seat(late, random_chooser(5)) == "over"
        assert await host_play == "over"

    run(body)


def test_the_revealed_deal_is_checked_against_the_commitment_the_cuts_and_the_plays() -> None:
    rules_json = {"preset": "draw"}
    from dominoes_desktop.engine.presets import rules_from_json

    rules = rules_from_json(rules_json)
    made = fairdeal.commit()
    cuts = {0: "ab", 1: fairdeal.new_cut(), 2: "c", 3: "d"}
    deal = fairdeal.deal_of(rules, made.secret, cuts)
    mine = list(deal.hands[1])
    plays = [(0, deal.hands[0][0]), (3, deal.stock[0])]
    assert fairdeal.verify(rules, made.digest, made.secret.hex(), cuts, 1, mine, plays, cuts[1]) is None
    other = fairdeal.commit()
    assert "fingerprint" in str(fairdeal.verify(rules, made.digest, other.secret.hex(), cuts, 1, mine))
    assert "cut" in str(fairdeal.verify(rules, made.digest, made.secret.hex(), cuts, 1, mine, own_cut="ff"))
    changed = {**cuts, 2: "cd"}
    assert "tiles" in str(fairdeal.verify(rules, made.digest, made.secret.hex(), changed, 1, mine))
    stranger = next(t for t in deal.hands[2] if t not in deal.hands[0])
    assert "seat 0" in str(fairdeal.verify(rules, made.digest, made.secret.hex(), cuts, 1, mine, [(0, stranger)]))
    assert fairdeal.verify(rules, made.digest, "zz", cuts, 1, mine) is not None
    assert not fairdeal.valid_cut("") and not fairdeal.valid_cut("XY") and fairdeal.valid_cut("0a")
    assert isinstance(mine[0], Tile)


def test_invites_are_read_loosely_and_refused_clearly() -> None:
    assert protocol.parse_invite("192.168.1.20:47815 k7q2mx") == ("192.168.1.20", 47815, "K7Q-2MX")
    assert protocol.parse_invite("example.org:9000/K7Q-2MX") == ("example.org", 9000, "K7Q-2MX")
    for bad in ["192.168.1.20 K7Q-2MX", "host:99999 K7Q-2MX", "host:1 K7Q", "host:1 K7Q-2M0", ""]:
        try:
            protocol.parse_invite(bad)
        except ValueError as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{bad!r} was accepted")
    code = protocol.new_code()
    assert len(code) == 7 and code[3] == "-" and protocol.normalise_code(code.lower()) == code


def test_a_saved_room_opens_again_where_it_was_and_its_players_take_their_seats_back() -> None:
    saved: list[dict[str, Any] | None] = []

    async def first_session(server: Server) -> tuple[dict[str, Any], list[str], str]:
        server.room_saver = saved.append
        host, code, room = await open_room(server, ["host", "friend", "cpu:easy", "cpu:easy"], "draw", wait_s=5)
        guest, joined = await join(server, code, "Ben")
        host.send({"t": "start"})
        players = [asyncio.create_task(play_seat(c, random_chooser(i))) for i, c in enumerate((host, guest))]
        while room.moves_applied < 6:
            await asyncio.sleep(0.005)
        for task in players:  # the host's app stops here (a crash, a closed laptop)
            task.cancel()
        room.save()  # what the half-second timer would write next
        assert saved and saved[-1] is not None
        history = [f"{t.seat}:{t.move.notation()}" for t in room.match.hand.history]  # type: ignore[union-attr]
        return saved[-1], history, joined["token"]

    snapshot, history, guest_token = run(first_session)
    snapshot = json.loads(json.dumps(snapshot))  # as it comes back from the file
    assert snapshot["record"]["format"] == "dominoes-desktop-match", "the record's codec, not entries of its own"
    assert snapshot["code"] and len(history) >= 6

    async def second_session(server: Server) -> None:
        room = server.restore_room(snapshot)
        hand = room.match.hand  # type: ignore[union-attr]
        assert hand is not None and [f"{t.seat}:{t.move.notation()}" for t in hand.history] == history
        host = Client()
        await host.connect("127.0.0.1", server.port)
        host.send({"t": "rejoin", "code": room.code, "token": snapshot["seats"][0]["token"]})
        assert (await host.expect("joined"))["seat"] == 0
        guest = Client()
        await guest.connect("127.0.0.1", server.port)
        guest.send({"t": "rejoin", "code": room.code, "token": guest_token})
        assert (await guest.expect("joined"))["seat"] == 1
        checks = [DealChecker(), DealChecker()]
        done = await asyncio.gather(
            play_seat(host, random_chooser(3), checks[0]), play_seat(guest, random_chooser(4), checks[1])
        )
        assert done == ["over", "over"] and not checks[0].failures and not checks[1].failures
        assert room.match is not None and room.match.is_over
        assert not room.seats[1].cpu_playing  # Ben came back within the wait

    run(second_session)
    with pytest.raises(ValueError):
        asyncio.run(_restore({**snapshot, "record": [["act", 0, "9-9"]]}))


async def _restore(data: dict[str, Any]) -> None:
    Server().restore_room(data)


def test_a_friend_who_leaves_the_lobby_frees_the_seat_for_another() -> None:
    async def body(server: Server) -> None:
        _host, code, room = await open_room(server, ["host", "friend", "cpu", "cpu"])
        first, _ = await join(server, code, "Ben")
        first.send({"t": "leave"})
        await first.expect("bye")
        assert not room.seats[1].taken
        _second, joined = await join(server, code, "Cy")
        assert joined["seat"] == 1 and room.seats[1].name == "Cy"

    run(body)


def test_a_rooms_save_is_the_records_codec_and_a_damaged_one_is_refused() -> None:
    import random

    from dominoes_desktop.engine.deal import Dealer
    from dominoes_desktop.engine.decisions import Cut, CutDeck, NextHand, Seal
    from dominoes_desktop.engine.fairness import FairDeal, verify
    from dominoes_desktop.engine.match import Match
    from dominoes_desktop.engine.presets import build_rules
    from dominoes_desktop.engine.record import FORMAT, encode_action
    from dominoes_desktop.net.codec import legal, parse
    from dominoes_desktop.net.record import replay, room_record
    from dominoes_desktop.session.seats import Waiting
    from dominoes_desktop.session.table import Session

    rules = build_rules("jamaican", {})
    match = Match(rules)
    nobody = Waiting(lambda ask: None)
    session = Session(match, [nobody] * 4, nobody)
    made = fairdeal.commit()
    cuts = {0: "a1", 1: "b2", 2: "c3", 3: "d4"}
    session.answer(None, Seal(FairDeal.from_secret(made.secret, made.digest), (0, 1, 2, 3)))
    for seat, cut in cuts.items():  # a wire cut is its text's ASCII bytes
        session.answer(seat, Cut(cut.encode("ascii")))
    for _ in range(6):
        pending = session.pending()
        seat = pending.seats[0]
        session.answer(seat, parse(pending, seat, legal(pending, seat)[0]))
    saved = json.loads(json.dumps(room_record(match, {"target": 100})))
    assert saved["format"] == FORMAT and saved["preset"] == "jamaican" and saved["options"] == {"target": 100}
    assert match.proofs[0] == fairdeal.proof(made.secret, cuts, made.digest)  # the deal players verify
    assert match.deal is not None and verify(rules, match.proofs[0], match.deal).ok
    again = replay(rules, saved)
    assert again.deal == match.deal and again.hand is not None and match.hand is not None
    assert again.hand.history == match.hand.history and again.record == match.record
    damaged = json.loads(json.dumps(saved))
    damaged["actions"][0][1]["seal"]["seed"] = "not a number"
    with pytest.raises(ValueError, match="seed"):
        replay(rules, damaged)
    # A save while a deal waits for its cuts leaves that deal out: the resumed room seals a new one.
    waiting = Match(rules)
    waiting.apply(None, Seal(FairDeal.commit(), (0, 1, 2, 3)))
    waiting.apply(0, Cut(b"x"))
    assert isinstance(waiting.pending(), CutDeck) and room_record(waiting, {})["actions"] == []
    assert isinstance(replay(rules, room_record(waiting, {})).pending(), NextHand)
    # Rooms saved before the codec: their entry lists are read one way, to the same match.
    entries = [["fair", match.proofs[0].as_json()]]
    entries += [["a", seat, encode_action(a)] for seat, a in match.record.actions if not isinstance(a, Seal | Cut)]
    assert replay(rules, json.loads(json.dumps(entries))).record == match.record
    with pytest.raises(ValueError, match="entry 1"):
        replay(rules, [entries[0], ["act", 9, "pass"]])
    old = replay(rules, [["deal", 12345]])  # a room saved before deals were sealed: deals by seed
    assert old.deal == Dealer(rules).deal(random.Random(12345).getrandbits(48)) and not old.proofs


def test_a_friend_joining_a_seat_a_cpu_holds_mid_match_hears_joined_first_then_the_cpu_let_go() -> None:
    async def body(server: Server) -> None:
        host, code, room = await open_room(server, ["host", "friend", "cpu:easy", "cpu:easy"], cpu_delay_ms=0)
        host.send({"t": "start"})
        await host.expect("view")
        assert room.seats[1].cpu_playing  # nobody took the friend's seat: a CPU plays it
        guest = Client()
        await guest.connect("127.0.0.1", server.port)
        guest.send({"t": "join", "code": code, "name": "Ben"})
        first = await guest.recv()
        assert first is not None and first["t"] == "joined" and first["seat"] == 1
        released = await guest.expect("event")
        while released.get("e") != "cpu_released":
            released = await guest.expect("event")
        assert (released["seat"], released["name"]) == (1, "Ben")
        assert not room.seats[1].cpu_playing

    run(body)


def test_a_guest_who_leaves_mid_match_is_told_as_leaving_and_a_lost_connection_as_lost() -> None:
    """Closing the room window on purpose was told to the others as "Ben lost the connection" (audit25 R7): the
    room now marks the `dropped` of a seat whose own client said `leave`. Only a seat's own goodbye marks it: a
    leave naming another seat leaves the sender's seat, and a cut connection is never marked."""

    async def body(server: Server) -> None:
        host, code, room = await open_room(server, ["host", "friend", "friend", "friend"], wait_s=30)
        guests = [(await join(server, code, name))[0] for name in ("Ben", "Cy", "Di")]
        host.send({"t": "start"})
        while (await host.expect("event"))["e"] != "commit":  # the match is under way
            pass
        guests[0].send({"t": "leave"})
        await guests[0].expect("bye")
        guests[1].send({"t": "leave", "seat": 3})  # a hostile goodbye for Di's seat
        await guests[1].expect("bye")
        await guests[2].close()
        dropped: dict[int, dict[str, Any]] = {}
        while len(dropped) < 3:
            message = await host.expect("event")
            if message["e"] == "dropped":
                dropped[message["seat"]] = message
        assert dropped[1]["left"] is True and dropped[2]["left"] is True
        assert "left" not in dropped[3], "Di's connection was cut: nobody said goodbye for her"
        assert all(not seat.connected for seat in room.seats[1:])

    run(body)
