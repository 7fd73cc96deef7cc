"""The coming deal's commitment (issue 17) in match files and autosaves: kept until the deal, the same after a
crash, never a reason to lose a save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_desktop.engine.cases import verify_case
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import ChooseLeader, Cut, DealAgain, Seal
from dominoes_desktop.engine.fairness import FairDeal, verify
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.store.autosave import CURRENT, PREVIOUS, Autosave
from dominoes_desktop.store.matchfile import MatchFileError, SeatRecord, loads, match_to_json
from tests.engine.helpers import deal_sealed

SEATS = [SeatRecord(f"S{s}", s == 0, "medium") for s in range(4)]


def played_table(preset: str = "jamaican", hands: int = 1) -> CpuTable:
    table = CpuTable(build_rules(preset), [make_player("medium", s) for s in range(4)], 11)
    for _ in range(hands):
        deal_sealed(table.match, FairDeal.commit(), b"\x01\x02")
        table.play_hand()
    return table


def test_the_commitment_survives_a_save_and_deals_the_same_seed_after_reload(tmp_path: Path) -> None:
    table = played_table()
    sealed = FairDeal.commit()
    table.match.apply(None, Seal(sealed))
    data = match_to_json(table.match, {}, SEATS, {})
    last = data["actions"][-1][1]["seal"]
    assert last == {"fingerprint": sealed.fingerprint, "seed": sealed.seed, "salt": sealed.salt.hex()}
    saves = Autosave(tmp_path)
    saves.save(data)
    loaded = saves.load().saved
    assert loaded is not None
    again = loaded.match
    assert again.sealed == sealed, "the same fingerprint, seed and salt: no second roll"
    again.apply(None, Cut(b"cut"))
    assert again.deal is not None and again.proofs[1].fingerprint == sealed.fingerprint
    assert verify(again.rules, again.proofs[1], again.deal).ok


def test_a_deal_waiting_for_its_leader_keeps_its_commitment() -> None:
    """A hand dealt but not begun is kept as dealt: its seal and its cut, the leader still to choose."""
    table = played_table("jamaican", hands=1)
    match = table.match
    if match.is_over:
        pytest.skip("the match ended")
    sealed = deal_sealed(match, FairDeal.commit(), b"x")
    if not isinstance(match.pending(), ChooseLeader):
        assert match.hand is not None  # the rules chose the leader: the hand is saved move by move
        return
    data = match_to_json(match, {}, SEATS, {})
    again = loads(json.dumps(data)).match
    assert isinstance(again.pending(), ChooseLeader) and again.deal == match.deal
    assert again.proofs[again.hand_index] == match.proofs[match.hand_index]
    assert again.proofs[again.hand_index].fingerprint == sealed.fingerprint


def test_a_finished_match_keeps_no_commitment_and_its_proofs_verify() -> None:
    table = played_table("jamaican", hands=1)
    while not table.match.is_over:
        deal_sealed(table.match, FairDeal.commit(), b"a", b"b", b"c", b"d")
        table.play_hand()
    data = match_to_json(table.match, {}, SEATS, {})
    assert not isinstance(data["actions"][-1][1], dict) or "seal" not in data["actions"][-1][1]
    verdicts = verify_case(json.loads(json.dumps(data)))
    assert verdicts and all(v["fair"] for v in verdicts) and len(verdicts) == len(table.match.results)


def test_a_damaged_commitment_is_one_line_and_the_previous_save_is_used(tmp_path: Path) -> None:
    table = played_table()
    table.match.apply(None, Seal(FairDeal.commit()))
    good = match_to_json(table.match, {}, SEATS, {})
    broken = json.loads(json.dumps(good))
    broken["actions"][-1][1]["seal"]["salt"] = "not hex"
    with pytest.raises(MatchFileError) as refused:
        loads(json.dumps(broken))
    assert "'salt'" in str(refused.value) and "\n" not in str(refused.value)
    (tmp_path / PREVIOUS).write_text(json.dumps(good))
    (tmp_path / CURRENT).write_text(json.dumps(broken))
    loaded = Autosave(tmp_path).load()
    assert loaded.saved is not None and loaded.saved.match.sealed == table.match.sealed
    assert "damaged" in loaded.message and "salt" in loaded.message
    assert json.loads((tmp_path / PREVIOUS).read_text()) == good, "the good save is intact"


def test_a_deal_played_again_stays_out_of_deal_luck_after_a_reload() -> None:
    """'Play this deal again' marks its hand as chosen; the mark survives a save, so a resumed match does not
    count that hand as chance's in the statistics."""
    first = played_table()
    proof = first.match.proofs[0]
    table = CpuTable(build_rules("jamaican"), [make_player("medium", s) for s in range(4)], 12)
    table.match.apply(None, DealAgain(proof))
    table.play_hand()
    deal_sealed(table.match, FairDeal.commit(), b"\x03")
    table.play_hand()
    assert table.match.chosen_deals == {0}
    data = json.loads(json.dumps(match_to_json(table.match, {}, SEATS, {})))
    assert loads(json.dumps(data)).match.chosen_deals == {0}
