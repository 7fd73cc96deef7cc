"""An edited seal (a hand's sealed deal, or the sealed next deal) in a match file or an autosave (issue 24):
the match still loads and plays on, the hand is listed as unverifiable, and the file is no damaged save (it
is not moved aside). An edited seed deals other tiles than the moves were played on: the tiles dealt, written
beside the record, are the ones played, and that hand too is named (a file without them is refused).
Loading never changes what was saved."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import Cut, DealAgain, Seal
from dominoes_desktop.engine.fairness import FairDeal, fingerprint, seal_holds
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.store import matchfile
from dominoes_desktop.store.autosave import CURRENT, Autosave
from dominoes_desktop.store.matchfile import (
    MatchFileError,
    SeatRecord,
    load_file,
    loads,
    match_from_json,
    match_to_json,
)
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


def test_an_untouched_save_loads_by_the_records_one_walk_and_an_edited_one_is_folded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A save whose deals give their written tiles is the record walked once (`match.positions`); only a deal
    edited in the file sends the load to the walk that folds it."""
    folding = matchfile._rebuilt_folding
    folded: list[int] = []

    def spy(*args: Any) -> Match:
        folded.append(1)
        return folding(*args)

    monkeypatch.setattr(matchfile, "_rebuilt_folding", spy)
    data = saved_match()
    untouched = loads(json.dumps(data)).match
    assert folded == [] and len(untouched.archive) == 2
    seal(data, 1)["seed"] += 1
    edited = loads(json.dumps(data)).match
    assert folded == [1] and [h.history for _, h in edited.archive] == [h.history for _, h in untouched.archive]


@pytest.mark.parametrize("hand", [0, 1])
def test_an_edited_seed_of_a_hand_loads_on_the_tiles_played_and_is_named(hand: int) -> None:
    """The seed gives the tiles, so an edited one deals others than the moves were played on: the tiles written
    beside the record ("dealt") are the ones played, and the hand is named as not verifiable. Hand 2 follows a
    won hand: its leader was chosen (a Lead answer, folded into the deal)."""
    data = saved_match()
    original = loads(json.dumps(data)).match
    seal(data, hand)["seed"] += 1
    saved = loads(json.dumps(data))
    assert saved.unverifiable == (hand,)
    match = saved.match
    assert [deal for deal, _ in match.archive] == [deal for deal, _ in original.archive]
    assert [h.history for _, h in match.archive] == [h.history for _, h in original.archive]
    assert match.results == original.results and type(match.pending()) is type(original.pending())
    assert match.proofs[hand].seed == seal(data, hand)["seed"], "the edited seal is kept, never mended"


def test_edited_seeds_in_a_cuban_match_keep_each_hands_leader_and_side_drawn() -> None:
    table = CpuTable(build_rules("cuban", {"target": 999}), [make_player("medium", s) for s in range(4)], 5)
    for hand in range(3):
        # Seals of fixed seeds: a random one now and then dealt five doubles, and the deal sent back took the
        # seal edited below (the tiles written are the ones played, not the ones sent back): the file failed.
        seed, salt = 1000 + hand, bytes([hand]) * 16
        deal_sealed(table.match, FairDeal(seed, salt, fingerprint(seed, salt)), b"\x03")
        table.play_hand()
    data = match_to_json(table.match, {}, SEATS, {})
    for hand in range(3):
        seal(data, hand)["salt"] = flip(seal(data, hand)["salt"])
        seal(data, hand)["seed"] ^= 1
    saved = loads(json.dumps(data))
    assert saved.unverifiable == (0, 1, 2)
    assert saved.match.results == table.match.results
    assert [h.leader for _, h in saved.match.archive] == [h.leader for _, h in table.match.archive]


def test_a_file_saved_without_the_tiles_dealt_and_an_edited_seed_is_refused_in_one_line() -> None:
    """Files written before the tiles were kept beside the record (no "dealt"): nothing says which tiles were
    played, so the moves do not replay, and the file is refused as damaged."""
    data = saved_match()
    del data["dealt"]
    seal(data, 0)["seed"] += 1
    with pytest.raises(MatchFileError) as refused:
        loads(json.dumps(data))
    assert "\n" not in str(refused.value) and "action" in str(refused.value)


def test_loading_never_changes_what_was_saved(tmp_path: Path) -> None:
    """The file is read, never written; the data read is not changed; the match loaded saves as it was read,
    an edited seal included (it stays named after the save)."""
    for edit in (False, True):
        data = saved_match()
        if edit:
            seal(data, 1)["seed"] += 1
        path = tmp_path / f"match{edit}.domino"
        path.write_text(json.dumps(data))
        before = path.read_bytes()
        kept = json.loads(json.dumps(data))
        saved = match_from_json(data)
        assert data == kept, "the data read is left as it was"
        assert path.read_bytes() == before and load_file(path).unverifiable == saved.unverifiable
        again = match_to_json(saved.match, saved.options, list(saved.seats), saved.table)
        if not edit:
            assert again == data
        else:
            assert loads(json.dumps(again)).unverifiable == (1,)
            proofs = [a[1]["deal"]["proof"] for a in again["actions"] if isinstance(a[1], dict) and "deal" in a[1]]
            assert [p["seed"] for p in proofs] == [seal(data, 1)["seed"]], "saved again with the edited seed"


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


def test_an_edited_seed_of_a_deal_played_again_loads_and_stays_out_of_deal_luck() -> None:
    first = CpuTable(build_rules("jamaican"), [make_player("medium", s) for s in range(4)], 3)
    deal_sealed(first.match, FairDeal.commit(), b"\x05")
    first.play_hand()
    table = CpuTable(build_rules("jamaican"), [make_player("medium", s) for s in range(4)], 12)
    table.match.apply(None, DealAgain(first.match.proofs[0]))
    table.play_hand()
    data = match_to_json(table.match, {}, SEATS, {})
    again = next(entry[1]["again"] for entry in data["actions"] if isinstance(entry[1], dict) and "again" in entry[1])
    again["seed"] += 1
    saved = loads(json.dumps(data))
    assert saved.unverifiable == (0,) and saved.match.chosen_deals == {0}
    assert saved.match.results == table.match.results


def test_a_seed_edited_in_every_hand_loads_in_one_walk_of_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal whose tiles are not the ones written is answered again from the match as it stood before that deal,
    not by walking the record again from its start: a file with every seed edited takes about as many answers to
    load as the same file untouched (walking again from the start took some twenty times as many for 40 hands,
    growing with the square of the hands: hours for a hostile file of the largest size)."""
    hands = 40
    table = CpuTable(build_rules("jamaican", {"target": 999}), [make_player("easy", s) for s in range(4)], 7)
    for h in range(hands):
        deal_sealed(table.match, FairDeal.commit(), bytes([h]))
        table.play_hand()
    data = match_to_json(table.match, {"target": 999}, SEATS, {})
    answers = 0
    apply = Match.apply

    def counted(match: Match, seat: int | None, action: Any) -> Any:
        nonlocal answers
        answers += 1
        return apply(match, seat, action)

    monkeypatch.setattr(Match, "apply", counted)
    assert loads(json.dumps(data)).unverifiable == ()
    untouched, answers = answers, 0
    for h in range(hands):
        seal(data, h)["seed"] += 1
    saved = loads(json.dumps(data))
    assert saved.unverifiable == tuple(range(hands))
    assert saved.match.results == table.match.results
    assert answers <= 2 * untouched, f"{answers} answers applied to load, {untouched} for the file untouched"


@pytest.mark.parametrize("foreseen", ["nothing", "the tiles written"])
def test_a_deal_not_foreseen_to_deal_other_tiles_is_still_folded(
    monkeypatch: pytest.MonkeyPatch, foreseen: str
) -> None:
    """A deal's answers, answered alone first, say whether it deals other tiles than the written ones. Should they
    tell nothing, the match is kept before the deal and walked back to; should they be wrong (a deal foreseen to
    give its written tiles that does not), the answers before it are taken again: the same match either way."""
    data = saved_match()
    untouched = loads(json.dumps(data)).match
    seal(data, 1)["seed"] += 1
    expected = loads(json.dumps(data))
    written = iter(deal for deal, _ in untouched.archive)
    dealt_alone = matchfile._dealt_alone

    def wrong(*args: Any) -> Any:
        alone = dealt_alone(*args)
        return None if foreseen == "nothing" else alone._replace(deal=next(written))

    monkeypatch.setattr(matchfile, "_dealt_alone", wrong)
    saved = loads(json.dumps(data))
    assert saved.unverifiable == expected.unverifiable == (1,)
    assert saved.match.record == expected.match.record and saved.match.results == expected.match.results
