"""net/codec.py, the one codec: every engine value the room puts on the wire reads back as the same value, and a
guest's table (net.guest) follows the events with the engine's rules and says when the room disagrees."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from dominoes_desktop.engine.decisions import (
    Action,
    Cut,
    CutDeck,
    HandScored,
    MatchOver,
    Moved,
    NextHand,
    RedealOffer,
    Seal,
)
from dominoes_desktop.engine.duplicate import seeded_commitments
from dominoes_desktop.engine.fairness import FairDeal
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.net import messages
from dominoes_desktop.net.codec import (
    CUT,
    Decision,
    Words,
    answers,
    deciders,
    decision,
    decode_action,
    decode_event,
    decode_view,
    encode_action,
    legal,
)
from dominoes_desktop.net.guest import GuestTable
from dominoes_desktop.net.protocol import ProtocolError


def view_fields(view: PlayerView) -> tuple[Any, ...]:
    """What a seat's view says, the public record by seat and notation."""
    moves = tuple((t.seat, t.move.notation()) for t in view.moves)
    return (view.rules, view.seat, view.hand_index, view.tiles, view.leader, moves, view.hand_sizes, view.stock,
            view.scores, view.legal)  # fmt: skip


def play(preset: str, options: dict[str, Any], seed: int, counts: Counter[str]) -> None:
    """A match played at random, every pending decision, action, event and view through the codec and back."""
    rng = random.Random(seed)
    rules = build_rules(preset, options)
    match = Match(rules, seed)
    words = Words(preset, options, match)
    while True:
        pending = match.pending()
        name = decision(pending)
        assert isinstance(name, Decision)
        for seat in range(rules.players):
            offered = legal(pending, seat)
            typed = [decode_action(text) for text in offered]
            if isinstance(pending, CutDeck) and seat in pending.seats:
                assert offered == [CUT] and typed == [None]
            else:
                assert tuple(typed) == answers(pending, seat)
            raw = {"t": "view", "d": 1, "decision": name.value, "legal": offered, "view": words.view(seat)}
            asked = decode_view(messages.View.from_json(raw))
            assert asked.decision is name and asked.seat == seat and asked.legal == tuple(offered)
            if match.hand is not None:
                assert asked.view is not None
                assert view_fields(asked.view) == view_fields(PlayerView.of(match, seat))
                counts["views"] += 1
        if isinstance(pending, MatchOver):
            return
        seat: int | None
        action: Action
        if isinstance(pending, NextHand):
            # Sealed from the test's seed, not the system's secrets: the same deals, the same kinds met, each run.
            seat, action = None, Seal(seeded_commitments(1, rng.getrandbits(32))[0], tuple(range(rules.players)))
        elif isinstance(pending, CutDeck):
            seat, action = pending.seats[0], Cut(f"{rng.getrandbits(32):x}".encode("ascii"))
        else:
            seat = rng.choice(deciders(pending))
            options_now = answers(pending, seat)
            action = options_now[0] if isinstance(pending, RedealOffer) else rng.choice(options_now)
        if not isinstance(action, Seal):  # the table seals: no seat sends it
            assert decode_action(encode_action(action)) == action
        counts[type(action).__name__] += 1
        for event in match.apply(seat, action):
            said = words.event(event)
            if said is None:
                continue
            told = decode_event(messages.Event.from_json({"t": "event", **said}), rules)
            if isinstance(event, HandScored):
                assert told is not None and told.event == HandScored(event.result._replace(seed=None))
            elif said["e"] != "redeal" or event.redeal:  # type: ignore[union-attr]
                assert told is not None and told.event == event, said
            counts[type(event).__name__] += 1


def test_every_engine_value_on_the_wire_reads_back_as_itself() -> None:
    counts: Counter[str] = Counter()
    for seed, (preset, options) in enumerate(
        [
            ("jamaican", {"target": 1}),
            ("all_fives", {"target": 31}),
            ("cuban", {"target": 40}),
            ("draw", {"target": 30}),
            ("cross", {"players": 5, "target": 20}),
        ]
    ):
        play(preset, options, seed, counts)
    for kind in ("Seal", "Cut", "Move", "Lead", "LetGo", "Dealt", "HandStarted", "Moved", "HandScored", "MatchWon"):
        assert counts[kind] > 0, kind
    assert counts["views"] > 100


def test_an_answer_that_is_none_of_the_protocol_s_is_one_clear_line() -> None:
    with pytest.raises(ProtocolError, match="is no answer"):
        decode_action("6-9@x")
    with pytest.raises(ValueError, match="never sent"):
        encode_action(Seal(FairDeal.commit()))


# ---- a guest's table ------------------------------------------------------------------------------------

REQUEST = {
    "preset": "puerto_rican", "options": {}, "hand_index": 1, "seat": 1, "leader": 0,
    "hand": ["4-4", "3-1", "2-0", "5-5", "1-1", "5-0"],
    "moves": [{"seat": 0, "move": "6-6"}, {"seat": 1, "move": "6-4@6"}, {"seat": 2, "move": "pass"},
              {"seat": 3, "move": "6-2@6"}],
    "scores": [10, 20], "hand_sizes": [6, 6, 7, 6], "stock": 0,
}  # fmt: skip


def hear(table: GuestTable, message: dict[str, Any]) -> object:
    return table.hear(messages.parse_server(message))


def view(request: dict[str, Any], d: int = 1) -> dict[str, Any]:
    return {"t": "view", "d": d, "decision": "turn", "legal": [], "view": request}


def move(seat: int, notation: str, gains: list[int] | None = None, hand: int = 1) -> dict[str, Any]:
    return {"t": "event", "e": "move", "hand": hand, "seat": seat, "move": notation, "gains": gains or [0, 0]}


def test_a_guest_follows_moves_with_the_engine_and_agrees_with_the_next_view() -> None:
    table = GuestTable()
    hear(table, view(REQUEST))
    hear(table, move(0, "4-3@4"))
    told = hear(table, move(1, "3-1@3"))
    assert told is not None and isinstance(told.event, Moved)  # type: ignore[attr-defined]
    followed = table.view
    assert followed is not None and followed.public.layout.open_ends() == [1, 2]
    assert followed.tiles == tuple(t for t in followed.tiles) and len(followed.tiles) == 5
    after = {**REQUEST, "hand": ["4-4", "2-0", "5-5", "1-1", "5-0"], "hand_sizes": [5, 5, 7, 6],
             "moves": [*REQUEST["moves"], {"seat": 0, "move": "4-3@4"}, {"seat": 1, "move": "3-1@3"}]}  # fmt: skip
    hear(table, view(after, 2))
    assert table.problems == []


def test_a_move_that_does_not_follow_is_said_and_the_next_view_resyncs() -> None:
    table = GuestTable()
    hear(table, view(REQUEST))
    hear(table, move(0, "6-2@2"))  # 6-2 is on the table already
    assert len(table.problems) == 1 and "does not follow" in table.problems[0]
    hear(table, move(1, "2-0@2"))  # not followed: the table waits for the room's view
    assert len(table.problems) == 1
    hear(table, view({**REQUEST, "hand_index": 1}, 2))
    assert len(table.problems) == 1 and table.view is not None and len(table.view.moves) == 4


def test_a_view_that_disagrees_with_what_was_followed_is_said_and_taken() -> None:
    table = GuestTable()
    hear(table, view(REQUEST))
    hear(table, move(0, "4-3@4"))
    other = {**REQUEST, "hand_sizes": [5, 6, 7, 6],
             "moves": [*REQUEST["moves"], {"seat": 0, "move": "5-2@2"}]}  # fmt: skip
    hear(table, view(other, 2))
    assert len(table.problems) == 1 and "move 5" in table.problems[0]
    assert table.view is not None and table.view.moves[-1].move == parse_move("5-2@2")


def test_points_the_rules_here_do_not_give_are_said() -> None:
    table = GuestTable()
    hear(table, view(REQUEST))
    hear(table, move(0, "4-3@4", gains=[5, 0]))  # Puerto Rican scores no end points
    assert len(table.problems) == 1 and "scores [5, 0]" in table.problems[0]


def test_a_hand_end_with_other_racks_than_the_table_s_is_said() -> None:
    table = GuestTable()
    hear(table, view(REQUEST))
    remaining = [["1-0"] * 6, ["4-4", "3-1", "2-0", "5-5", "1-1", "6-1"], ["0-0"] * 7, ["3-3"] * 6]
    result = {"end": "blocked", "winner_seat": 0, "winner_side": 0, "points": 10, "end_points": [], "pips": [1] * 4}
    hear(
        table, {"t": "event", "e": "hand_end", "hand": 1, "result": result, "remaining": remaining, "scores": [20, 20]}
    )
    assert len(table.problems) == 1 and "racks" in table.problems[0]


def test_a_hostile_room_s_messages_are_refused_or_said_never_a_crash() -> None:
    """Views and events bent at random: each is read, refused in one line (ProtocolError) or followed and its
    disagreement said; nothing else is ever raised."""
    rng = random.Random(31)
    tiles = [f"{a}-{b}" for a in range(7) for b in range(a + 1)] + ["9-9", "6-6"]
    moves = ["pass", "draw", "claim", "muggins:1", "6-6", "4-3@4", "3-1@3", "2-0@2", "5-5@5", "4-4@4d"]
    refused = said = 0
    for _ in range(400):
        table = GuestTable()
        messages_in: list[dict[str, Any]] = [view(REQUEST)]
        for _ in range(6):
            if rng.random() < 0.7:
                gains = [rng.randint(-5, 30) for _ in range(rng.choice([0, 2, 3]))]
                messages_in.append(move(rng.randint(0, 5), rng.choice(moves), gains, hand=rng.choice([0, 1, 1, 2])))
            elif rng.random() < 0.5:
                bent = {**REQUEST, "hand": rng.sample(tiles, rng.randint(0, 7)),
                        "hand_sizes": [rng.randint(0, 8) for _ in range(rng.choice([3, 4]))],
                        "stock": rng.randint(0, 3), "leader": rng.randint(0, 4)}  # fmt: skip
                messages_in.append(view(bent, 2))
            else:
                remaining = [rng.sample(tiles, rng.randint(0, 6)) for _ in range(rng.choice([3, 4]))]
                result = {"end": rng.choice(["domino", "blocked", "won"]), "winner_seat": rng.randint(0, 5),
                          "winner_side": rng.randint(0, 2), "leader": rng.randint(0, 5)}  # fmt: skip
                messages_in.append({"t": "event", "e": "hand_end", "hand": 1, "result": result,
                                    "remaining": remaining, "scores": [1, 2]})  # fmt: skip
        for message in messages_in:
            try:
                hear(table, message)
            except ProtocolError:
                refused += 1
        said += len(table.problems)
    assert refused > 50 and said > 50


def test_a_seat_a_cpu_plays_follows_its_own_draws_and_their_plays_without_views() -> None:
    """No view comes while a CPU plays the seat: the tile it drew is unknown until the seat plays it."""
    table = GuestTable()
    game = {"preset": "draw", "options": {}, "hand_index": 0, "seat": 1, "leader": 0,
            "hand": ["1-0", "2-0", "3-0", "4-0", "5-1"], "moves": [{"seat": 0, "move": "6-6"}],
            "scores": [0, 0], "hand_sizes": [4, 5, 5, 5], "stock": 8}  # fmt: skip
    hear(table, view(game))
    hear(table, move(1, "draw", hand=0))
    hear(table, move(1, "6-2@6", hand=0))  # the tile it drew
    assert table.problems == [] and table.view is not None and table.state is not None
    assert table.state.owed == 0 and table.view.hand_sizes == (4, 5, 5, 5) and len(table.view.tiles) == 5
    hear(table, move(2, "2-2@2", hand=0))
    assert table.problems == []
