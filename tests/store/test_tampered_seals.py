"""An edited seal (a hand's sealed deal, or the sealed next deal) in a match file or an autosave (issue 24):
the match still loads and plays on, the hand is listed as unverifiable, and the file is no damaged save (it
is not moved aside). An edited seed deals other tiles than the moves were played on: that file does not
replay, and is refused in one line like any damaged file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import Cut, Seal
from dominoes_desktop.engine.fairness import FairDeal, seal_holds
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.store.autosave import CURRENT, Autosave
from dominoes_desktop.store.matchfile import MatchFileError, SeatRecord, load_file, loads, match_to_json
from tests.engine.helpers import deal_sealed

SEATS = [SeatRecord(f"S{s}", s == 0, "medium") for s in range(4)]


def saved_match() -> dict[str, Any]:
    """Two fair hands played (a long match: neither ends it) and the third deal sealed."""
    table = CpuTable(build_rules("jamaican", {"target": 99}), [make_player("medium", s) for s in range(4)], 11)
    for _ in range(2):
        deal_sealed(table.match, FairDeal.commit(), b"\x01\x02")
        table.play_hand()
    table.match.apply(None, Seal(FairDeal.commit()))
    return match_to_json(table.match, {}, SEATS, {})


def seal(data: dict[str, Any], hand: int) -> dict[str, Any]:
    """The commitment a saved match's hand number `hand` was sealed with (in the record's answers)."""
    found = [entry[1]["seal"] for entry in data["actions"] if isinstance(entry[1], dict) and "seal" in entry[1]]
    return found[hand]  # type: ignore[no-any-return]


def flip(hex_text: str) -> str:
    """The same hex digits with the last one changed."""
    return hex_text[:-1] + ("0" if hex_text[-1] != "0" else "1")


def test_an_untouched_save_has_no_unverifiable_hand() -> None:
    assert loads(json.dumps(saved_match())).unverifiable == ()


def test_an_edited_fingerprint_of_a_hand_loads_and_is_named() -> None:
    data = saved_match()
    seal(data, 1)["fingerprint"] = flip(seal(data, 1)["fingerprint"])
    saved = loads(json.dumps(data))
    assert saved.unverifiable == (1,)
    assert len(saved.match.archive) == 2, "the match is whole and plays on"


def test_an_edited_seed_of_a_hand_deals_other_tiles_and_is_refused() -> None:
    data = saved_match()
    seal(data, 0)["seed"] += 1  # the tiles come from the seed: the moves no longer fit them
    with pytest.raises(MatchFileError) as refused:
        loads(json.dumps(data))
    assert "\n" not in str(refused.value) and "action" in str(refused.value)


def test_an_edited_sealed_next_deal_marks_the_hand_it_deals() -> None:
    data = saved_match()
    seal(data, 2)["fingerprint"] = flip(seal(data, 2)["fingerprint"])
    saved = loads(json.dumps(data))
    assert saved.unverifiable == (2,), "hand 3, the one the seal is about to deal"
    match = saved.match
    match.apply(None, Cut(b"cut"))
    assert match.deal is not None
    assert not seal_holds(match.rules, match.proofs[2], match.deal), "the hand dealt from it never verifies"
    # Saved during that hand and read back: still named, now as that hand's own proof.
    again = loads(json.dumps(match_to_json(match, {}, SEATS, {})))
    assert 2 in again.unverifiable


def test_a_match_file_with_an_edited_seal_opens(tmp_path: Path) -> None:
    data = saved_match()
    seal(data, 0)["salt"] = flip(seal(data, 0)["salt"])
    path = tmp_path / "edited.domino"
    path.write_text(json.dumps(data))
    saved = load_file(path)
    assert saved.unverifiable == (0,)


def test_an_autosave_with_an_edited_seal_loads_and_stays_in_place(tmp_path: Path) -> None:
    data = saved_match()
    seal(data, 2)["fingerprint"] = flip(seal(data, 2)["fingerprint"])
    (tmp_path / CURRENT).write_text(json.dumps(data))
    before = (tmp_path / CURRENT).read_bytes()
    loaded = Autosave(tmp_path).load()
    assert loaded.saved is not None and loaded.saved.unverifiable == (2,)
    assert loaded.message == "", "an edited seal is no damaged save: nothing is moved aside"
    assert (tmp_path / CURRENT).read_bytes() == before
