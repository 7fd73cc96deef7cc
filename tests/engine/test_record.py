"""The record (engine/record.py): a match is its record. Rebuilt from it, cloned, written and read by the
codec, or cut short (undo), it is the same match, seat views and all."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_desktop.engine.analysis.playout import play_out
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import DealHand, Lead, PlayedOut, PlayTurn
from dominoes_desktop.engine.errors import IllegalMove
from dominoes_desktop.engine.hand import Hand, Turn
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import Move, parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.record import (
    Record,
    RecordError,
    hand_steps,
    record_from_json,
    record_to_json,
)
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_table import CpuTable

from .helpers import DATA
from .record_driver import PRESETS, drive, step, summary

UNDO_CASES = json.loads((DATA / "undo_cases.json").read_text())["cases"]


def views(match: Match) -> list[PlayerView | None]:
    """Every seat's view while a hand is in play (what a seat is shown)."""
    if match.hand is None:
        return []
    return [PlayerView.of(match, seat) for seat in range(match.rules.players)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32), st.integers(0, 160))
def test_a_match_rebuilt_from_its_record_is_the_same_match(name: str, seed: int, steps: int) -> None:
    match = drive(name, seed, steps)
    record = match.record
    rebuilt = Match.from_record(record)
    assert summary(rebuilt) == summary(match)
    assert views(rebuilt) == views(match)
    assert rebuilt.record == record
    # ... and so is a clone, which goes its own way from there
    twin = match.clone()
    assert summary(twin) == summary(match) and twin.record == record
    rng = random.Random(seed)
    for _ in range(12):
        step(twin, rng)
    assert summary(match) == summary(rebuilt), "stepping the clone leaves the match alone"
    # ... and so is the record written by the codec and read back (the writer names the host options)
    named = replace(record, options=PRESETS[name][1])
    assert record_from_json(json.loads(json.dumps(record_to_json(named)))) == named


@pytest.mark.parametrize("case", UNDO_CASES, ids=lambda c: f"{c['preset']}-{c['seed']}")
def test_undo_by_truncation_is_the_old_take_back(case: dict[str, object]) -> None:
    """Match.take_back on the code before the record left these matches (tests/data/undo_cases.json): the
    record cut before the seat's last move and played again leaves the same."""
    match = drive(str(case["preset"]), int(case["seed"]), int(case["steps"]))  # type: ignore[call-overload]
    undone = match.taken_back(int(case["seat"]))  # type: ignore[call-overload]
    assert summary(undone) == case["after"]
    assert match.actions_taken - undone.actions_taken >= int(case["gone"])  # type: ignore[call-overload]


def test_nothing_to_take_back_is_refused_and_the_match_is_unchanged() -> None:
    match = Match(build_rules("jamaican"), 4)
    match.apply(None, DealHand())
    before = summary(match)
    seat = next(s for s in range(4) if match.undo_point(s) is None)
    with pytest.raises(IllegalMove) as refused:
        match.taken_back(seat)
    assert refused.value.code == "nothing_to_undo" and summary(match) == before


def test_a_simulated_match_is_recorded_and_rebuilds() -> None:
    """Random simulations go through apply: the kernel's played-out hands are answers of the record."""
    rules = build_rules("puerto_rican")
    table = CpuTable(rules, [make_player("random", s) for s in range(4)], 5)
    table.play_match()
    record = table.match.record
    assert any(isinstance(action, PlayedOut) for _, action in record.actions)
    again = Match.from_record(record)
    assert again.scores == table.match.scores and again.results == table.match.results
    assert again.winner == table.match.winner is not None
    with pytest.raises(RecordError, match="played out"):
        record_to_json(record)


def test_a_played_out_hand_must_be_the_hand_in_play() -> None:
    match = Match(build_rules("puerto_rican"), 1)
    match.apply(None, DealHand())
    pending = match.pending()
    assert match.hand is not None and isinstance(pending, PlayTurn)
    facts = play_out(match.hand, random.Random(0).random)
    match.apply(None, pending.moves[0])
    with pytest.raises(IllegalMove):
        match.apply(None, PlayedOut(facts))  # the hand has moves now: it is not the hand as dealt
    assert match.results == []


def test_a_record_that_does_not_replay_names_its_action() -> None:
    match = drive("jamaican", 3, 30)
    actions = list(match.record.actions)
    first_move = next(i for i, (_, action) in enumerate(actions) if isinstance(action, Move))
    actions.insert(first_move + 1, (None, Lead(0)))  # a hand in play waits for a move, not a leader
    with pytest.raises(RecordError, match=rf"action {first_move + 2} \(Lead\)"):
        Match.from_record(Record(match.rules, match.seed, tuple(actions)))


def test_hand_review_walks_the_hand_as_it_was_played() -> None:
    match = drive("all_fives", 11, 400)
    assert match.archive, "a hand was finished"
    _, played = match.archive[0]
    for steps in (0, 1, len(played.history) // 2, len(played.history)):
        position = match.position(0, steps)
        assert position.history == played.history[:steps]
    start = match.position(0, 0)
    walked = list(hand_steps(start, [t.move for t in played.history]))
    assert [s.move for s in walked] == [t.move for t in played.history]
    assert [s.seat for s in walked] == [t.seat for t in played.history]
    assert start.history == [], "the walk leaves the hand it starts from alone"


def test_one_walker_serves_review_the_seat_view_and_the_move_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand review walks the match's record (`positions`), and a seat's public replay (its view, the move log's
    points, a guest following events) walks the hand with the same hand walker the coaches use: neither keeps
    a walk of its own."""
    import dominoes_desktop.engine.match as match_module
    import dominoes_desktop.engine.view as view_module

    match = drive("all_fives", 11, 400)
    walks: list[str] = []
    record_walker, hand_walker = match_module.positions, view_module.hand_steps

    def spy_positions(record: Record) -> Any:
        walks.append("record")
        return record_walker(record)

    def spy_hand_steps(*args: Any, **kwargs: Any) -> Any:
        walks.append("hand")
        return hand_walker(*args, **kwargs)

    monkeypatch.setattr(match_module, "positions", spy_positions)
    monkeypatch.setattr(view_module, "hand_steps", spy_hand_steps)
    played = match.archive[0][1]
    assert match.position(0, 3).history == played.history[:3] and walks == ["record"]
    walks.clear()
    in_play = (
        match if match.hand is not None else Match.from_record(match.record.truncated(len(match.record.actions) - 3))
    )
    assert in_play.hand is not None and in_play.hand.history
    view = PlayerView.of(in_play, 0)
    walks.clear()
    assert tuple(view.public.history) == view.moves and walks == ["hand"]


def test_the_public_walk_refuses_what_no_seat_could_do_and_names_the_move() -> None:
    rules = build_rules("block")
    hand = Hand(rules, [[Tile(6, 6), Tile(-1, -1)], [Tile(-1, -1)], [Tile(-1, -1)], [Tile(-1, -1)]], [], 0, None)
    with pytest.raises(IllegalMove, match=r"move 0 \(draw\): nobody draws in a block game"):
        list(hand_steps(hand, [Turn(0, parse_move("draw"))], public=True))
    with pytest.raises(IllegalMove, match=r"move 4 \(6-6\): seat 2 moved out of turn"):
        list(hand_steps(hand, [Turn(2, parse_move("6-6"))], public=True, first_ply=4))
    walked = [s.seat for s in hand_steps(hand, [Turn(0, parse_move("6-6")), Turn(1, parse_move("pass"))], public=True)]
    assert walked == [0, 1] and len(hand.history) == 2, "a public walk is on the replay it is given"
