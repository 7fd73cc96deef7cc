"""Fair deals: commitment, cut, reveal; an empty cut deals exactly as before there were cuts."""

from __future__ import annotations

import hashlib
import json
import random
import struct
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_desktop.engine.deal import Dealer, shuffle_order
from dominoes_desktop.engine.decisions import (
    AnswerRedeal,
    Cut,
    CutDeck,
    DealHand,
    Dealt,
    NextHand,
    RedealOffer,
    Seal,
    Sealed,
)
from dominoes_desktop.engine.fairness import FairDeal, ProofError, fingerprint, short, verify
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import PRESETS, build_rules
from tests.engine.helpers import deal_sealed

ROOT = Path(__file__).resolve().parents[2]


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**48), st.integers(0, 3), st.sampled_from([28, 55, 91]))
def test_an_empty_cut_shuffles_as_the_original_formula(seed: int, attempt: int, count: int) -> None:
    """The shuffle before cuts existed, written out again: SHAKE-128 of seed and attempt, keys sorted."""
    stream = hashlib.shake_128(seed.to_bytes(16, "little", signed=True) + attempt.to_bytes(4, "little"))
    keys = struct.unpack(f"<{count}I", stream.digest(4 * count))
    assert shuffle_order(count, seed, attempt) == sorted(range(count), key=lambda i: keys[i])
    assert shuffle_order(count, seed, attempt, b"") == shuffle_order(count, seed, attempt)


def test_a_cut_changes_the_deal() -> None:
    dealer = Dealer(build_rules("jamaican"))
    plain = dealer.deal(42)
    cut = [dealer.deal(42, bytes([b])) for b in range(5)]
    assert all(d.hands != plain.hands for d in cut)
    assert len({d.hands for d in cut}) == 5


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_committed_deal_verifies_and_a_tampered_one_does_not(preset: str) -> None:
    rules = build_rules(preset)
    fair = FairDeal.commit().with_cut(b"\x01\x02")
    dealt = fair.deal(rules)
    assert verify(rules, fair, dealt).ok
    assert not verify(rules, replace(fair, seed=fair.seed + 1), dealt).fingerprint_ok
    other_cut = replace(fair, cuts=(b"\x01\x03",))
    verdict = verify(rules, other_cut, dealt)
    assert verdict.fingerprint_ok and not verdict.deal_ok
    assert fair.with_cut(b"again") is fair, "a cut once taken stands"


def test_the_match_deals_from_the_commitment_and_keeps_the_proof() -> None:
    rules = build_rules("all_fives")
    match = Match(rules, seed=3)
    fair = FairDeal.commit()
    sealed = match.apply(None, Seal(fair))  # the state machine seals the next deal, then waits for its cut
    assert sealed == [Sealed(0, fair.fingerprint)]
    assert match.pending() == CutDeck(0, fair.fingerprint, ())
    events = match.apply(None, Cut(b"cut"))
    assert Dealt(0) in events
    deal = match.deal
    assert deal is not None
    assert match.sealed is None
    proof = match.proofs[0]
    assert proof.fingerprint == fair.fingerprint == fingerprint(fair.seed, fair.salt)
    assert verify(rules, proof, deal).ok
    assert deal.hands == Dealer(rules).deal(fair.seed, b"cut").hands


def test_a_redeal_through_the_state_machine_drops_the_proof() -> None:
    """Cuban: a seat dealt five doubles may have the table dealt again; that deal is not the committed one."""
    rules = build_rules("cuban")
    seed, salt = 2, bytes(16)  # seed 2 with this cut deals some seat five doubles
    match = Match(rules, seed=1)
    deal_sealed(match, FairDeal(seed, salt, fingerprint(seed, salt)), b"cut")
    assert 0 in match.proofs
    offer = match.pending()
    assert isinstance(offer, RedealOffer)
    match.apply(offer.seat, AnswerRedeal(True))
    assert 0 not in match.proofs and match.deal != Dealer(rules).deal(seed, b"cut")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", True),
        ("seed", -1),
        ("seed", 2**64),
        ("seed", "12"),
        ("salt", 7),
        ("salt", "00" * 15),
        ("salt", "zz" * 16),
        ("salt", "0" * 31),
        ("cut", None),
        ("cut", "ab" * 65),
        ("cut", " ab"),
        ("fingerprint", "ab" * 31),
        ("fingerprint", ["ab"]),
    ],
)
def test_a_hostile_proof_is_refused_in_one_line(field: str, value: object) -> None:
    seed, salt = 5, bytes(range(16))
    good = FairDeal(seed, salt, fingerprint(seed, salt)).with_cut(b"\x01").as_json()
    assert FairDeal.from_json(good).fingerprint == fingerprint(seed, salt)
    with pytest.raises(ProofError) as refused:
        FairDeal.from_json(good | {field: value})
    assert "\n" not in str(refused.value) and field in str(refused.value)


def test_without_a_commitment_the_match_deals_as_before() -> None:
    rules = build_rules("jamaican")
    a = Match(rules, seed=9)
    a.apply(None, DealHand())
    assert a.deal is not None and a.deal.hands == Dealer(rules).deal(random.Random(9).getrandbits(48)).hands
    assert not a.proofs


def test_fingerprint_is_shown_short() -> None:
    assert short("0123456789abcdef" + "0" * 48) == "0123 4567 89ab cdef"


def _case(fair: FairDeal, rules_preset: str = "jamaican") -> dict[str, object]:
    rules = build_rules(rules_preset)
    deal = fair.deal(rules)
    return {
        "preset": rules_preset,
        "hands": [
            {
                "deal": [[str(t) for t in h] for h in deal.hands],
                "moves": [],
                "fair": fair.as_json(),
            }
        ],
    }


def test_command_verifies_a_case(tmp_path: Path) -> None:
    fair = FairDeal.commit().with_cut(b"\x07")
    path = tmp_path / "case.json"
    path.write_text(json.dumps(_case(fair)))
    run = [sys.executable, "-m", "dominoes_desktop.engine.fairness", str(path)]
    out = subprocess.run(run, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0 and json.loads(out.stdout) == {
        "hand": 0,
        "fingerprint": True,
        "deal": True,
        "fair": True,
    }
    case = _case(fair)
    case["hands"][0]["fair"]["cut"] = "08"  # type: ignore[index]
    path.write_text(json.dumps(case))
    out = subprocess.run(run, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1 and json.loads(out.stdout)["deal"] is False
    case["hands"][0]["fair"] = {"seed": "x"}  # type: ignore[index]
    path.write_text(json.dumps(case))
    out = subprocess.run(run, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1


def test_a_saved_match_keeps_the_proofs_and_can_be_verified() -> None:
    from dominoes_desktop.engine.cases import verify_case
    from dominoes_desktop.engine.cpu import make_player
    from dominoes_desktop.session.cpu_table import CpuTable
    from dominoes_desktop.store.matchfile import SeatRecord, match_from_json, match_to_json

    rules = build_rules("jamaican")
    table = CpuTable(rules, [make_player("medium", s) for s in range(4)], 8)
    table.play_hand()
    deal_sealed(table.match, FairDeal.commit(), b"\x05")
    table.play_hand()
    seats = [SeatRecord(f"S{s}", False, "medium") for s in range(4)]
    saved = match_to_json(table.match, {}, seats, {})
    kinds = [next(iter(action)) for _, action in saved["actions"] if isinstance(action, dict)]
    assert kinds[0] == "deal" and "proof" not in saved["actions"][0][1]["deal"], "the first hand: the shuffle's"
    assert kinds.count("seal") == 1 and kinds.count("cut") == 1, "the second: sealed and cut"
    assert verify_case(json.loads(json.dumps(saved))) == [{"hand": 1, "fingerprint": True, "deal": True, "fair": True}]
    again = match_from_json(json.loads(json.dumps(saved))).match
    assert again.proofs[1] == table.match.proofs[1]


# ---- one mechanism, one or more cuts -------------------------------------------------------------------


def test_a_proof_of_the_first_version_still_checks() -> None:
    """A proof written before several cuts existed: one "cut", hashed in as it is."""
    seed, salt = 123456789, bytes(range(16))
    rules = build_rules("jamaican")
    old = {"fingerprint": fingerprint(seed, salt), "seed": seed, "salt": salt.hex(), "cut": "0a0b0c"}
    dealt = Dealer(rules).deal(seed, b"\x0a\x0b\x0c")
    proof = FairDeal.from_json(old)
    assert proof.cuts == (b"\x0a\x0b\x0c",) and proof.as_json() == old
    assert verify(rules, proof, dealt).ok


@settings(max_examples=40, deadline=None)
@given(st.lists(st.binary(min_size=0, max_size=64), min_size=2, max_size=4), st.integers(0, 3))
def test_several_cuts_in_seat_order_deal_and_verify(cuts: list[bytes], changed: int) -> None:
    rules = build_rules("jamaican")
    fair = FairDeal.commit().with_cuts(cuts)
    dealt = fair.deal(rules)
    assert verify(rules, fair, dealt).ok
    again = FairDeal.from_json(json.loads(json.dumps(fair.as_json())))
    assert again == fair and "cuts" in fair.as_json()
    # Any one seat's cut, changed after the commitment, deals other tiles.
    seat = changed % len(cuts)
    other = list(cuts)
    other[seat] = cuts[seat] + b"!"
    assert fair.sealed.with_cuts(other).deal(rules).hands != dealt.hands
    assert not verify(rules, fair.sealed.with_cuts(other), dealt).deal_ok


def test_cuts_in_another_seat_order_deal_other_tiles() -> None:
    rules = build_rules("draw")
    fair = FairDeal.commit()
    assert fair.with_cuts([b"a", b"b"]).deal(rules).hands != fair.with_cuts([b"b", b"a"]).deal(rules).hands


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.binary(min_size=16, max_size=16), st.binary(min_size=1, max_size=16))
def test_the_cut_taken_after_the_commitment_changes_the_deal(seed: int, salt: bytes, cut: bytes) -> None:
    """Whatever the sealed seed, the cut moves the deal away from the seed alone: the program cannot know
    the tiles when it seals, and two different cuts deal differently."""
    rules = build_rules("jamaican")
    sealed = FairDeal(seed, salt, fingerprint(seed, salt))
    alone = sealed.deal(rules)
    cut = sealed.with_cut(cut)
    assert cut.fingerprint == sealed.fingerprint, "the cut does not change what was sealed"
    assert cut.deal(rules).hands != alone.hands
    assert sealed.with_cut(cut.cuts[0] + b"x").deal(rules).hands != cut.deal(rules).hands


@pytest.mark.parametrize("what", ["seed", "salt", "cut", "fingerprint", "tiles"])
def test_every_kind_of_tampering_is_detected(what: str) -> None:
    rules = build_rules("cuban")
    fair = FairDeal.commit().with_cuts([b"\x01", b"\x02", b"\x03", b"\x04"])
    dealt = fair.deal(rules)
    if what == "seed":
        fair = replace(fair, seed=fair.seed ^ 1)
    elif what == "salt":
        fair = replace(fair, salt=bytes(16))
    elif what == "cut":
        fair = replace(fair, cuts=(b"\x01", b"\x02", b"\x03", b"\x05"))
    elif what == "fingerprint":
        fair = replace(fair, fingerprint="0" * 64)
    else:
        swapped = (dealt.hands[1], dealt.hands[0], *dealt.hands[2:])
        dealt = dealt._replace(hands=swapped)
    assert not verify(rules, fair, dealt).ok


def test_the_room_and_the_screen_share_the_one_mechanism() -> None:
    """net.fairdeal is the engine's FairDeal in the protocol's words: the room's secret is seed and salt,
    its fingerprint the engine's, its deal the engine's deal with every seat's cut in seat order."""
    from dominoes_desktop.net import fairdeal

    rules = build_rules("jamaican")
    made = fairdeal.commit()
    sealed = FairDeal.from_secret(made.secret)
    assert sealed.fingerprint == made.digest == fingerprint(sealed.seed, sealed.salt)
    cuts = {2: "c", 0: "ab", 1: "0f" * 16, 3: "d"}
    expected = sealed.with_cuts([b"ab", b"0f" * 16, b"c", b"d"]).deal(rules)
    assert fairdeal.deal_of(rules, made.secret, cuts) == expected
    proof = fairdeal.proof(made.secret, cuts, made.digest)
    assert verify(rules, FairDeal.from_json(proof.as_json()), expected).ok
    with pytest.raises(ProofError):
        FairDeal.from_secret(b"short")


def test_a_sealed_redeal_is_dealt_from_its_own_commitment() -> None:
    rules = build_rules("cuban")
    seed, salt = 2, bytes(16)
    match = Match(rules, seed=1)
    deal_sealed(match, FairDeal(seed, salt, fingerprint(seed, salt)), b"cut")
    offer = match.pending()
    assert isinstance(offer, RedealOffer)
    match.apply(offer.seat, AnswerRedeal(True))
    assert match.pending() == NextHand(0, redeal_by=offer.seat), "a redeal is a new deal: sealed and cut"
    second = deal_sealed(match, FairDeal.commit(), b"again")
    assert match.proofs[0] == second.with_cut(b"again") and match.sealed is None
    assert match.deal is not None and verify(rules, match.proofs[0], match.deal).ok


@pytest.mark.parametrize(
    "broken",
    [
        {"cuts": []},
        {"cuts": "ab"},
        {"cuts": ["ab"] * 9},
        {"cuts": ["ab", 7]},
        {"cuts": ["ab", "zz"]},
        {"cut": "ab", "cuts": ["ab", "cd"]},
    ],
)
def test_a_hostile_list_of_cuts_is_refused_in_one_line(broken: dict[str, object]) -> None:
    seed, salt = 5, bytes(range(16))
    good = FairDeal(seed, salt, fingerprint(seed, salt)).as_json()
    with pytest.raises(ProofError) as refused:
        FairDeal.from_json(good | broken)
    assert "\n" not in str(refused.value) and "cut" in str(refused.value)


def test_command_verifies_a_case_with_several_cuts(tmp_path: Path) -> None:
    fair = FairDeal.commit().with_cuts([b"\x01", b"\x02", b"\x03", b"\x04"])
    case = _case(fair)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    run = [sys.executable, "-m", "dominoes_desktop.engine.fairness", str(path)]
    out = subprocess.run(run, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["fair"] is True
    case["hands"][0]["fair"]["cuts"][2] = "09"  # type: ignore[index]
    path.write_text(json.dumps(case))
    out = subprocess.run(run, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1 and json.loads(out.stdout) == {
        "hand": 0,
        "fingerprint": True,
        "deal": False,
        "fair": False,
    }


def test_every_rule_case_still_replays_and_checks_with_a_proof_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "fair" is optional in a replay case: replay ignores it, so adding one breaks no case."""
    from dominoes_desktop.engine import replay

    fair = FairDeal.commit().with_cuts([b"\x01", b"\x02"]).as_json()
    cases = sorted((ROOT / "tests" / "data" / "rule-cases").glob("*.json"))
    assert len(cases) >= 30
    for source in cases:
        case = json.loads(source.read_text())
        for hand in case["hands"]:
            hand["fair"] = fair
        path = tmp_path / source.name
        path.write_text(json.dumps(case))
        assert replay.main([str(path), "--check"]) == 0, (source.name, capsys.readouterr())
