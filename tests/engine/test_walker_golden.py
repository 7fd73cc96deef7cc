"""The readers of recorded hands say today what they said before the record's walkers became one: the coach,
the fair coach, `forced_moves` and a seat's public replay, on the hands of tests/data/walker_golden.json
(Jamaican, All Fives with claims and Muggins, a draw game with stock, Cuban, a cross of five), written by
benchmarks/walker_golden.py on the code before the change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.walker_golden import public_replay
from dominoes_desktop.engine.analysis.coach import hands_of_case, judge_hand, recorded_from_archive
from dominoes_desktop.engine.analysis.fair import forced_moves, judge_hand_view
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.record import record_from_json

GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "data" / "walker_golden.json").read_text())
MATCHES = {m["preset"]: m for m in GOLDEN["matches"]}


@pytest.mark.parametrize("preset", sorted(MATCHES))
def test_the_readers_of_a_recorded_hand_say_what_they_said(preset: str) -> None:
    stored = MATCHES[preset]
    match = Match.from_record(record_from_json(stored["record"]))
    rules = match.rules
    assert len(match.archive) == len(stored["hands"])
    from_file = hands_of_case(stored["record"])  # the same hands read as a case (the coach's command)
    for expected, (deal, played), read in zip(stored["hands"], match.archive, from_file, strict=True):
        index = expected["index"]
        recorded = recorded_from_archive(rules, index, deal, played)
        assert [j.as_json() for j in judge_hand(recorded, budget=GOLDEN["budget"])] == expected["coach"]
        assert [j.as_json() for j in judge_hand(read, budget=GOLDEN["budget"])] == expected["coach"]
        fair = judge_hand_view(recorded, GOLDEN["fair_seats"], seed=index + 1, budget=GOLDEN["budget"])
        assert [f.as_json() for f in fair] == expected["fair"]
        forced = [[ply, seat, move.notation(), list(ends)] for ply, seat, move, ends in forced_moves(recorded)]
        assert forced == expected["forced"]
        for seen in expected["public"]:
            assert public_replay(rules, deal, played, seen["moves"]) == seen
