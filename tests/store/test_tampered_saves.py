"""Saves edited by hand (issue 35 item 7): a deleted proof or a "chosen" mark written in is named as a hand
that cannot be verified; a duplicate match's deal not dealt yet takes no cut from the file, and its bad seal
costs nothing already played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.engine.duplicate import DuplicateMatch
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store.matchfile import MatchFileError, loads, match_to_json
from tests.store.test_duplicate_saves import saved, step_until

OLD = Path(__file__).resolve().parents[1] / "data" / "old_saves"


def old(name: str) -> dict[str, Any]:
    return json.loads((OLD / name).read_text())  # type: ignore[no-any-return]


def test_a_deleted_proof_is_named() -> None:
    data = old("autosave_all_fives_claims.domino")  # every hand sealed and cut
    assert loads(json.dumps(data)).unverifiable == ()
    del data["hands"][1]["fair"]
    saved_match = loads(json.dumps(data))
    assert saved_match.unverifiable == (1,) and 1 not in saved_match.match.proofs


def test_a_chosen_mark_written_on_a_later_hand_is_named() -> None:
    data = old("autosave_all_fives_claims.domino")
    data["hands"][1]["chosen"] = True  # would hide the hand from deal luck
    assert loads(json.dumps(data)).unverifiable == (1,)
    first = old("autosave_draw_chosen.domino")  # "Play this deal again" in a match of its own: its first hand
    assert loads(json.dumps(first)).match.chosen_deals == {1}
    assert 1 in loads(json.dumps(first)).unverifiable, "a later hand is never a deal played again"


def test_a_chosen_mark_written_on_the_first_hand_is_named_in_both_formats() -> None:
    """The first hand is where "Play this deal again" deals, and the game writes that as a deal dealt again from
    its proof: a "chosen" mark written in by hand on it hid the hand from deal luck with no word said."""
    data = old("autosave_all_fives_claims.domino")
    data["hands"][0]["chosen"] = True
    first = loads(json.dumps(data))
    assert first.match.chosen_deals == {0} and first.unverifiable == (0,)
    written = match_to_json(first.match, first.options, list(first.seats), first.table)
    assert loads(json.dumps(written)).unverifiable == (0,)  # and in the record's codec, the next save


def test_a_duplicate_match_of_more_deals_than_the_lobby_offers_is_refused() -> None:
    _, data = _duplicate_save()
    deals = data["duplicate"]["deals"]
    data["duplicate"]["deals"] = deals + [deals[-1]] * (13 - len(deals))  # the lobby offers 4, 8 or 12
    with pytest.raises(MatchFileError, match="1 to 12 sealed deals"):
        loads(json.dumps(data))
    data["duplicate"]["deals"] = data["duplicate"]["deals"][:12]
    assert loads(json.dumps(data)).duplicate is not None


def test_tiles_written_out_without_a_proof_are_named_in_the_codec_too() -> None:
    """Read back and saved again in the record's codec, a hand whose proof was deleted keeps its tiles with no
    proof (and no seed that deals them): it still cannot be verified."""
    data = old("autosave_dominican_fair_next.domino")
    del data["hands"][0]["fair"]
    first = loads(json.dumps(data))
    assert first.unverifiable[:1] == (0,)
    written = match_to_json(first.match, first.options, list(first.seats), first.table)
    assert loads(json.dumps(written)).unverifiable[:1] == (0,)


def _duplicate_save() -> tuple[DuplicateMatch, dict[str, Any]]:
    dup = DuplicateMatch.create(build_rules("jamaican"), 3, 5, sealed_by=5)
    step_until(dup, 1, moves=4)  # deal 1 played, deal 2 at the table, deal 3 to come
    return dup, saved(dup)


def test_a_cut_written_in_for_a_deal_to_come_is_not_taken() -> None:
    dup, data = _duplicate_save()
    assert data["duplicate"]["deals"][2]["cut"] is None
    data["duplicate"]["deals"][2]["cut"] = "ab" * 8  # chosen by whoever edits the file: it would choose the tiles
    again = loads(json.dumps(data)).duplicate
    assert again is not None and not again.proofs[2].cut_taken
    assert again.proofs[2] == dup.proofs[2]


def test_a_bad_seal_of_a_deal_to_come_loads_and_is_named() -> None:
    _, data = _duplicate_save()
    data["duplicate"]["deals"][2]["seed"] += 1
    loaded = loads(json.dumps(data))
    assert loaded.duplicate is not None and loaded.duplicate.index == 1
    assert loaded.unverifiable_deals == (2,)
