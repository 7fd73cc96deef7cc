"""Fair deals: commitment, cut, reveal; an empty cut deals exactly as before there were cuts."""

from __future__ import annotations

import hashlib
import json
import struct
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_desktop.engine.deal import Dealer, shuffle_order
from dominoes_desktop.engine.decisions import AnswerRedeal, DealHand, Dealt, RedealOffer
from dominoes_desktop.engine.fairness import FairDeal, ProofError, fingerprint, short, verify
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import PRESETS, build_rules

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
    other_cut = replace(fair, cut=b"\x01\x03")
    verdict = verify(rules, other_cut, dealt)
    assert verdict.fingerprint_ok and not verdict.deal_ok
    assert fair.with_cut(b"again") is fair, "a cut once taken stands"


def test_the_match_deals_from_the_commitment_and_keeps_the_proof() -> None:
    rules = build_rules("all_fives")
    match = Match(rules, seed=3)
    fair = FairDeal.commit()
    match.fair_next = fair.with_cut(b"cut")
    events = match.apply(None, DealHand())  # the state machine deals the next hand
    assert Dealt(0) in events
    deal = match.deal
    assert deal is not None
    assert match.fair_next is None
    proof = match.proofs[0]
    assert proof.fingerprint == fair.fingerprint == fingerprint(fair.seed, fair.salt)
    assert verify(rules, proof, deal).ok
    assert deal.hands == Dealer(rules).deal(fair.seed, b"cut").hands


def test_a_redeal_through_the_state_machine_drops_the_proof() -> None:
    """Cuban: a seat dealt five doubles may have the table dealt again; that deal is not the committed one."""
    rules = build_rules("cuban")
    seed, salt = 2, bytes(16)  # seed 2 with this cut deals some seat five doubles
    match = Match(rules, seed=1)
    match.fair_next = FairDeal(seed, salt, fingerprint(seed, salt), b"cut")
    match.apply(None, DealHand())
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
    good = FairDeal(seed, salt, fingerprint(seed, salt), b"\x01").as_json()
    assert FairDeal.from_json(good).fingerprint == fingerprint(seed, salt)
    with pytest.raises(ProofError) as refused:
        FairDeal.from_json(good | {field: value})
    assert "\n" not in str(refused.value) and field in str(refused.value)


def test_without_a_commitment_the_match_deals_as_before() -> None:
    rules = build_rules("jamaican")
    a, b = Match(rules, seed=9), Match(rules, seed=9)
    b.fair_next = None
    assert a.deal_next().hands == b.deal_next().hands
    assert not b.proofs


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
    from dominoes_desktop.engine.cpu import make_player
    from dominoes_desktop.engine.fairness import verify_case
    from dominoes_desktop.engine.simulate import Table
    from dominoes_desktop.store.matchfile import SeatRecord, match_from_json, match_to_json

    rules = build_rules("jamaican")
    table = Table(rules, [make_player("medium", s) for s in range(4)], 8)
    table.play_hand()
    table.match.fair_next = FairDeal.commit().with_cut(b"\x05")
    table.play_hand()
    seats = [SeatRecord(f"S{s}", False, "medium") for s in range(4)]
    saved = match_to_json(table.match, {}, seats, {})
    assert "fair" not in saved["hands"][0] and "fair" in saved["hands"][1]
    assert verify_case(json.loads(json.dumps(saved))) == [{"hand": 1, "fingerprint": True, "deal": True, "fair": True}]
    again = match_from_json(json.loads(json.dumps(saved))).match
    assert again.proofs[1] == table.match.proofs[1]
