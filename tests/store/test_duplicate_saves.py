"""A duplicate match in the autosave and in match files: kept mid-play, read back to the same position, and
refused with one readable line when its part of the file does not add up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.duplicate import DuplicateMatch
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.session.seats import DuplicateDeals
from dominoes_desktop.store.autosave import Autosave
from dominoes_desktop.store.duplicate_record import duplicate_record
from dominoes_desktop.store.matchfile import MatchFileError, SeatRecord, duplicate_to_json, loads, match_to_json
from dominoes_desktop.store.stats import Statistics

LINE_UP = [SeatRecord("You", True, "medium")] + [SeatRecord(f"CPU {i}", False, "easy") for i in (1, 2, 3)]


def step_until(dup: DuplicateMatch, plays: int, moves: int = 0) -> None:
    """CPUs play every seat through pending()/apply(): `plays` whole plays, then `moves` steps of the next."""
    while dup.index < plays:
        table = CpuTable(
            dup.rules,
            [make_player("easy", s) for s in range(dup.rules.players)],
            0,
            match=dup.match,
            table=DuplicateDeals(dup),
        )
        while not dup.play_over:
            table.step()
        if dup.is_over:
            return
        dup.next_play()
    table = CpuTable(
        dup.rules,
        [make_player("easy", s) for s in range(dup.rules.players)],
        0,
        match=dup.match,
        table=DuplicateDeals(dup),
    )
    for _ in range(moves):
        table.step()


def saved(dup: DuplicateMatch) -> dict[str, Any]:
    seats = [LINE_UP[entry] for entry in dup.line_up_at()]
    data = match_to_json(dup.match, {}, seats, {"stats_group": "Duplicate"})
    data["duplicate"] = duplicate_to_json(dup, LINE_UP)
    return data


@pytest.mark.parametrize(("preset", "plays"), [("jamaican", 4), ("cuban", 4), ("all_fives", 4), ("jamaican", 0)])
def test_the_autosave_keeps_a_duplicate_match_mid_play(tmp_path: Path, preset: str, plays: int) -> None:
    dup = DuplicateMatch.create(build_rules(preset), 3, 11, sealed_by=11)
    step_until(dup, plays, moves=7)
    autosave = Autosave(tmp_path)
    autosave.save(saved(dup))
    autosave.save(saved(dup))  # two generations
    loaded = autosave.load()
    assert loaded.saved is not None and loaded.message == ""
    again = loaded.saved.duplicate
    assert again is not None and again.index == plays and again.summary() == dup.summary()
    assert again.match.hand is not None and dup.match.hand is not None
    assert again.match.hand.history == dup.match.hand.history
    assert [r.dealt.hands for r in again.records()] == [r.dealt.hands for r in dup.records()]
    assert loaded.saved.line_up == tuple(LINE_UP)
    assert again.rules.redeal_doubles == 0, "the play at the table is read back under the duplicate rules"
    step_until(again, again.total_plays)  # and it plays on to its end
    assert again.is_over


def test_a_finished_duplicate_match_is_not_offered_again_but_its_file_opens(tmp_path: Path) -> None:
    dup = DuplicateMatch.create(build_rules("cutthroat"), 2, 3, sealed_by=3)
    step_until(dup, dup.total_plays)
    assert dup.is_over
    autosave = Autosave(tmp_path)
    autosave.save(saved(dup) | {"seats": [s.__dict__ for s in LINE_UP[:3]]})
    assert autosave.load().saved is None, "the duplicate match is over"


def test_the_record_sums_every_play_per_player(tmp_path: Path) -> None:
    dup = DuplicateMatch.create(build_rules("jamaican"), 2, 5, sealed_by=5)
    step_until(dup, dup.total_plays)
    record = duplicate_record(dup, [(s.name, s.human, s.level) for s in LINE_UP])
    assert record.group == "Duplicate" and record.hands == 4 and not record.six_love
    assert [r.seat for r in record.rows] == [0, 1, 2, 3] and record.rows[0].player == "You"
    summary = dup.summary()
    points_for = record.rows[0].counts[4]  # ROW_COUNTS: hands_won, hands_lost, dominoes, blocks_won, points_for
    assert points_for == summary.your_total
    assert record.rows[0].won == (summary.margin > 0) and record.rows[1].won == (summary.margin < 0)
    stats = Statistics(tmp_path)
    stats.write(record)
    assert {row.player for row in stats.table("Duplicate")} == {"You", "CPU (easy)"}
    stats.close()


def damaged(change: str) -> dict[str, Any]:
    dup = DuplicateMatch.create(build_rules("jamaican"), 2, 1, sealed_by=1)
    step_until(dup, 2, moves=3)
    data = saved(dup)
    part = data["duplicate"]
    if change == "seal":
        part["deals"][1]["salt"] = "00" * 16
    elif change == "cut":
        part["deals"][0]["cut"] = None
    elif change == "person":
        part["line_up"][0]["human"] = False
    elif change == "plays":
        part["plays"] = part["plays"] * 3
    elif change == "moves":
        moves = [entry for entry in part["plays"][1]["actions"] if isinstance(entry[1], str)]
        moves[2][1] = "0-0@6"
    elif change == "tiles":  # the play at the table claims other tiles than its deal's seal gives
        again = next(
            entry[1]["again"] for entry in data["actions"] if isinstance(entry[1], dict) and "again" in entry[1]
        )
        again["cut"] = "00" * 8
    elif change == "shape":
        data["duplicate"] = ["not", "an", "object"]
    return data


@pytest.mark.parametrize("change", ["seal", "cut", "person", "plays", "moves", "tiles", "shape"])
def test_a_duplicate_part_that_does_not_add_up_is_refused_in_one_line(change: str) -> None:
    with pytest.raises(MatchFileError) as caught:
        loads(json.dumps(damaged(change)))
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 300
