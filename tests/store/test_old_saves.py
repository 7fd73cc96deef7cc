"""Files written before the record (tests/data/old_saves, made by the code of commit 8192eb2): match files and
autosaves of version 1, a duplicate match, rooms' records. Today's readers load them to the same place, and
the next save writes them in the record's codec, which reads back to the same match."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.engine.cases import case_rules_and_hands
from dominoes_desktop.engine.cases import replay as replay_case
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.net.record import replay, room_record
from dominoes_desktop.store.autosave import CURRENT, Autosave
from dominoes_desktop.store.matchfile import SavedMatch, duplicate_to_json, load_file, loads, match_to_json
from tests.engine.record_driver import summary

OLD = Path(__file__).resolve().parents[1] / "data" / "old_saves"
EXPECTED: dict[str, dict[str, Any]] = json.loads((OLD / "expected.json").read_text())
MATCH_FILES = sorted(name for name in EXPECTED if name.endswith(".domino"))
ROOMS = sorted(name for name in EXPECTED if name.endswith(".json"))


def seen(saved: SavedMatch) -> dict[str, Any]:
    """What expected.json noted of each file as the older code read it back."""
    match = saved.match
    return {
        "scores": list(match.scores),
        "hand_index": match.hand_index,
        "winner": match.winner,
        "moves_in_play": None if match.hand is None else len(match.hand.history),
        "pending": type(match.pending()).__name__,
        "practice": match.practice,
        "proofs": sorted(match.proofs),
        "chosen": sorted(match.chosen_deals),
    }


def written_again(saved: SavedMatch) -> dict[str, Any]:
    data = match_to_json(saved.match, saved.options, list(saved.seats), saved.table)
    if saved.duplicate is not None:
        data["duplicate"] = duplicate_to_json(saved.duplicate, list(saved.line_up))
    return data


@pytest.mark.parametrize("name", MATCH_FILES)
def test_an_old_match_file_loads_where_it_stood_and_is_written_in_the_codec(name: str) -> None:
    saved = load_file(OLD / name)
    expected = {k: v for k, v in EXPECTED[name].items() if k not in ("duplicate_index", "summary_total")}
    assert seen(saved) == expected
    assert json.loads((OLD / name).read_text())["version"] == 1
    data = written_again(saved)
    assert data["version"] == 2 and "hands" not in data
    again = loads(json.dumps(data))
    assert summary(again.match) == summary(saved.match)
    assert (again.seats, again.options, again.table, again.unverifiable) == (
        saved.seats,
        saved.options,
        saved.table,
        saved.unverifiable,
    )
    if saved.duplicate is not None:
        assert again.duplicate is not None
        assert again.duplicate.index == saved.duplicate.index == EXPECTED[name]["duplicate_index"]
        assert again.duplicate.summary() == saved.duplicate.summary()
        assert [str(t) for t in (saved.duplicate.summary().your_total, saved.duplicate.summary().cpu_total)] == [
            str(v) for v in EXPECTED[name]["summary_total"]
        ]
        assert again.line_up == saved.line_up


def test_an_old_autosave_resumes_and_its_next_save_is_the_codec(tmp_path: Path) -> None:
    (tmp_path / CURRENT).write_bytes((OLD / "autosave_cuban_redeal_practice.domino").read_bytes())
    autosave = Autosave(tmp_path)
    loaded = autosave.load()
    assert loaded.saved is not None and loaded.message == "" and loaded.saved.match.practice
    autosave.save(written_again(loaded.saved))
    again = Autosave(tmp_path).load()
    assert again.saved is not None and summary(again.saved.match) == summary(loaded.saved.match)
    assert json.loads((tmp_path / CURRENT).read_text())["version"] == 2


@pytest.mark.parametrize("name", ROOMS)
def test_an_old_rooms_record_replays_where_it_stood_and_saves_as_the_codec(name: str) -> None:
    saved = json.loads((OLD / name).read_text())
    match = replay(build_rules(saved["preset"], saved["options"]), saved["record"])
    expected = EXPECTED[name]
    assert list(match.scores) == expected["scores"] and match.hand_index == expected["hand_index"]
    assert (None if match.hand is None else len(match.hand.history)) == expected["moves_in_play"]
    assert type(match.pending()).__name__ == expected["pending"]
    resaved = json.loads(json.dumps(room_record(match, saved["options"])))  # the room's next save: the codec
    assert resaved["format"] == "dominoes-desktop-match" and resaved["version"] == 2
    again = replay(build_rules(saved["preset"], saved["options"]), resaved)
    assert again.record == match.record and summary(again) == summary(match)


def test_a_finished_match_in_the_codec_is_still_a_case_for_replay_and_the_coach() -> None:
    old = json.loads((OLD / "match_jamaican_finished.domino").read_text())
    data = json.loads(json.dumps(written_again(load_file(OLD / "match_jamaican_finished.domino"))))
    assert replay_case(data) == replay_case(old)
    _, hands = case_rules_and_hands(data)  # what the coach and the fairness check read
    kept = ("deal", "stock", "leader", "moves")
    assert [{k: h[k] for k in kept} for h in hands] == [{k: h[k] for k in kept} for h in old["hands"]]
