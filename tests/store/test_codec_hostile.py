"""Hostile saves in the record's codec (version 2): mutated documents and bytes load or are refused in one
line, and a damaged autosave never costs the previous generation."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_desktop.store.autosave import CURRENT, PREVIOUS, Autosave
from dominoes_desktop.store.matchfile import MatchFileError, loads, match_to_json
from tests.hostile.corpus import SAVE, mutated_bytes, mutated_documents


def _codec_save() -> dict[str, Any]:
    """The hostile corpus's real autosave (version 1, Dominican, third hand in play), saved again in the codec."""
    saved = loads(json.dumps(SAVE))
    return match_to_json(saved.match, saved.options, list(saved.seats), saved.table)


RECORD = _codec_save()
RECORD_BYTES = json.dumps(RECORD).encode()
GOOD_ACTIONS = len(RECORD["actions"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated_documents(RECORD).map(json.dumps), mutated_bytes(RECORD_BYTES)))
def test_mutated_records_load_or_are_refused_in_one_line(data: str | bytes) -> None:
    try:
        saved = loads(data)
    except MatchFileError as exc:
        assert str(exc) and "\n" not in str(exc) and len(str(exc)) <= 300
        return
    assert saved.match.rules.players == len(saved.seats)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated_documents(RECORD).map(json.dumps), mutated_bytes(RECORD_BYTES)))
def test_a_mutated_record_never_costs_the_previous_generation(data: str | bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / CURRENT).write_bytes(data if isinstance(data, bytes) else data.encode())
        (root / "good.domino").write_bytes(RECORD_BYTES)
        shutil.copy(root / "good.domino", root / PREVIOUS)
        loaded = Autosave(root).load()
        assert loaded.saved is not None, "either the mutated save or the previous one is offered"
        if loaded.message:
            assert loaded.saved.match.actions_taken == GOOD_ACTIONS
            assert (root / PREVIOUS).read_bytes() == RECORD_BYTES, "the good save is intact"
            assert any(p.name.startswith("autosave.damaged-") for p in root.iterdir())


def test_hand_made_damage_gives_one_clear_line() -> None:
    cases = {
        "an unknown action": lambda d: d["actions"].append([0, {"fly": 1}]),
        "a seat that is not one": lambda d: d["actions"][5].__setitem__(0, 7),
        "an illegal move": lambda d: d["actions"].append([None, "6-6@6"]),
        "a deal of 13 tiles": lambda d: d["actions"].__setitem__(0, [None, {"deal": {"hands": [["6-6"] * 13] * 4}}]),
        "actions not a list": lambda d: d.__setitem__("actions", "many"),
        "a huge cut": lambda d: d["actions"].append([0, {"cut": "ab" * 500}]),
    }
    for what, damage in cases.items():
        data = json.loads(json.dumps(RECORD))
        damage(data)
        try:
            loads(json.dumps(data))
        except MatchFileError as exc:
            assert str(exc) and "\n" not in str(exc), what
        else:
            raise AssertionError(f"{what} loaded")
