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

from dominoes_desktop.engine.analysis.coach import decisions_to_judge, recorded_from_archive
from dominoes_desktop.engine.analysis.fair import forced_moves
from dominoes_desktop.engine.analysis.playout import play_out
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import DealHand, Lead, LetGo, PlayedOut, PlayTurn
from dominoes_desktop.engine.errors import IllegalMove
from dominoes_desktop.engine.hand import Hand, Turn
from dominoes_desktop.engine.match import Match, hand_moves, positions
from dominoes_desktop.engine.moves import Move, parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.record import (
    Record,
    RecordError,
    hand_record,
    record_from_json,
    record_to_json,
)
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView, follow_public_move
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
    deal, played = match.archive[0]
    for steps in (0, 1, len(played.history) // 2, len(played.history)):
        position = match.position(0, steps)
        assert position.history == played.history[:steps]
    record = hand_record(match.rules, deal, played.leader, played.forced_pose, [t.move for t in played.history])
    walked = [(s.ply, s.seat, s.move, len(s.before.history), s.options) for s in hand_moves(record)]
    assert [w[2] for w in walked] == [t.move for t in played.history]
    assert [w[1] for w in walked] == [t.seat for t in played.history]
    assert [w[0] for w in walked] == [w[3] for w in walked] == list(range(len(played.history)))
    assert all(move in options or move.kind.value in ("claim", "muggins") for _, _, move, _, options in walked)


def test_one_walker_serves_review_the_coaches_and_the_guest(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand review walks the match's record (`positions`) once for a hand, however many steps are looked at;
    the coach's and the fair coach's readers walk the hand's record with the same walker; a seat's public
    view walks no record (it follows the public moves it was told)."""
    import dominoes_desktop.engine.match as match_module

    match = drive("all_fives", 11, 400)
    walks: list[str] = []
    walker = match_module.positions

    def spy_positions(record: Record, **options: Any) -> Any:
        walks.append("record")
        return walker(record, **options)

    monkeypatch.setattr(match_module, "positions", spy_positions)
    deal, played = match.archive[0]
    for steps in (3, 0, len(played.history), 3):
        assert match.position(0, steps).history == played.history[:steps]
    assert walks == ["record"], "a reviewed hand is walked once"
    walks.clear()
    recorded = recorded_from_archive(match.rules, 0, deal, played)
    assert decisions_to_judge(recorded, None) and forced_moves(recorded) is not None
    assert walks == ["record", "record"]
    walks.clear()
    in_play = (
        match if match.hand is not None else Match.from_record(match.record.truncated(len(match.record.actions) - 3))
    )
    assert in_play.hand is not None and in_play.hand.history
    walks.clear()
    view = PlayerView.of(in_play, 0)
    assert tuple(view.public.history) == view.moves and walks == []


def test_a_record_of_moves_alone_lets_the_windows_it_passes_go() -> None:
    """An archived hand's history names the claims made, not the windows let go: walked as a record of moves
    alone, each window still open at a turn's move is let go by every seat it was open to (and kept in the
    walk's record); walked as a full record it is refused, naming the move."""
    match = Match(build_rules("all_fives"), 3)
    while not match.archive:  # every point let go, every turn its first move
        pending = match.pending()
        if isinstance(pending, PlayTurn):
            match.apply(pending.seat, pending.moves[0])
        else:
            match.apply(pending.seats[0] if pending.seats else None, LetGo() if pending.seats else DealHand())
    let_go = []
    for deal, played in match.archive:
        record = hand_record(match.rules, deal, played.leader, played.forced_pose, [t.move for t in played.history])
        walked = None
        for position in positions(record, windows_let_go=True):
            walked = position.match
        assert walked is not None
        last = walked.archive[0][1] if walked.archive else walked.hand  # its last window may still be open
        assert last is not None and last.history == played.history
        if any(isinstance(action, LetGo) for _, action in walked.record.actions):
            let_go.append(record)
    assert let_go, "a hand passed a window by"
    record = let_go[0]
    with pytest.raises(RecordError, match=r"action \d+ \(.+\): .*does not answer"):
        for _ in positions(record):
            pass


def test_a_hand_judged_from_part_way_judges_only_what_follows() -> None:
    match = drive("jamaican", 5, 200)
    deal, played = match.archive[0]
    whole = decisions_to_judge(recorded_from_archive(match.rules, 0, deal, played), None)
    first = whole[len(whole) // 2][0]
    later = decisions_to_judge(recorded_from_archive(match.rules, 0, deal, played, first_ply=first), None)
    assert [d[0] for d in later] == [d[0] for d in whole if d[0] >= first] and 0 < len(later) < len(whole)
    assert [(d[2], d[3]) for d in later] == [(d[2], d[3]) for d in whole if d[0] >= first]


def test_the_public_walk_refuses_what_no_seat_could_do_and_names_the_move() -> None:
    rules = build_rules("block")
    hand = Hand(rules, [[Tile(6, 6), Tile(-1, -1)], [Tile(-1, -1)], [Tile(-1, -1)], [Tile(-1, -1)]], [], 0, None)
    with pytest.raises(IllegalMove, match=r"move 0 \(draw\): nobody draws in a block game"):
        follow_public_move(hand, Turn(0, parse_move("draw")), 0)
    with pytest.raises(IllegalMove, match=r"move 4 \(6-6\): seat 2 moved out of turn"):
        follow_public_move(hand, Turn(2, parse_move("6-6")), 4)
    for ply, turn in enumerate([Turn(0, parse_move("6-6")), Turn(1, parse_move("pass"))]):
        follow_public_move(hand, turn, ply)
    assert [t.seat for t in hand.history] == [0, 1], "a seat's public hand follows the moves it is told"
