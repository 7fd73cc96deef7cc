"""Deals a player can prove fair: commit to a secret seed, take the player's cut, reveal after the hand.

1. Before the deal the game draws a secret seed and a salt and shows the fingerprint
   SHA-256("dominoes-desktop deal v1" | seed as 16 bytes | salt): it is now bound to that seed.
2. Then it takes a cut from the person (a click or key, or the clock when nobody is asked), and deals from
   the seed with the cut hashed in (deal.shuffle_order). The cut comes after the commitment, so the program
   cannot pick a deal after seeing it; the person, not knowing the seed, cannot steer the deal with it.
3. After the hand the seed and salt are revealed: anyone can recompute the fingerprint and the deal.

    python -m dominoes_desktop.engine.fairness CASE.json

checks every hand of a replay case that carries a "fair" object ({"fingerprint", "seed", "salt", "cut"},
hex strings but the seed) and prints one JSON line per hand; exit 1 if one fails, 2 on a bad case.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import secrets
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .deal import Deal, Dealer
from .errors import DominoError
from .rules import Rules

DOMAIN = b"dominoes-desktop deal v1"
SEED_BITS = 64
SALT_BYTES = 16
FINGERPRINT_BYTES = 32  # SHA-256
MAX_CUT_BYTES = 64  # a gesture's cut is 8 bytes; a little room, but bounded
_HEX = re.compile(r"(?:[0-9a-fA-F]{2})*")


def fingerprint(seed: int, salt: bytes) -> str:
    """The commitment to a seed, as 64 hex digits."""
    return hashlib.sha256(DOMAIN + seed.to_bytes(16, "little", signed=True) + salt).hexdigest()


def short(fingerprint_hex: str) -> str:
    """What the table shows of a fingerprint: its first 16 hex digits, in groups of four."""
    head = fingerprint_hex[:16]
    return " ".join(head[i : i + 4] for i in range(0, 16, 4))


class ProofError(DominoError):
    """A deal's proof is not in the expected shape."""


@dataclass(frozen=True)
class FairDeal:
    """One deal's commitment and, once taken, the cut. `seed` and `salt` stay secret until the hand ends."""

    seed: int
    salt: bytes
    fingerprint: str
    cut: bytes | None = None  # None until the cut is taken

    @staticmethod
    def commit() -> FairDeal:
        seed = secrets.randbits(SEED_BITS)
        salt = secrets.token_bytes(SALT_BYTES)
        return FairDeal(seed, salt, fingerprint(seed, salt))

    def with_cut(self, cut: bytes) -> FairDeal:
        if self.cut is not None:
            return self  # the first cut stands: nobody may cut twice
        return replace(self, cut=cut)

    def deal(self, rules: Rules) -> Deal:
        assert self.cut is not None, "take the cut before dealing"
        return Dealer(rules).deal(self.seed, self.cut)

    def as_json(self) -> dict[str, Any]:
        """What a replay case or match file keeps to verify the deal (after the hand: it reveals the seed)."""
        return {
            "fingerprint": self.fingerprint,
            "seed": self.seed,
            "salt": self.salt.hex(),
            "cut": (self.cut or b"").hex(),
        }

    @staticmethod
    def from_json(raw: Any) -> FairDeal:
        """A proof as `as_json` writes it; ProofError (one line) if it is not one. Strict: a saved file may be
        hostile, so every field has its type, its length and its digits checked."""
        if not isinstance(raw, dict):
            raise ProofError("'fair' must be an object with fingerprint, seed, salt and cut")
        seed = raw.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
            raise ProofError(f"fair: 'seed' must be a whole number from 0 to 2^{SEED_BITS} - 1")
        salt = _hex_field(raw, "salt", SALT_BYTES, SALT_BYTES)
        cut = _hex_field(raw, "cut", 0, MAX_CUT_BYTES)
        committed = _hex_field(raw, "fingerprint", FINGERPRINT_BYTES, FINGERPRINT_BYTES)
        return FairDeal(seed, salt, committed.hex(), cut)


def _hex_field(raw: dict[str, Any], name: str, least: int, most: int) -> bytes:
    """A field of hex digits decoding to `least`..`most` bytes; ProofError otherwise."""
    text = raw.get(name)
    if not isinstance(text, str) or len(text) > 2 * most or not _HEX.fullmatch(text):
        raise ProofError(f"fair: '{name}' must be a string of hex digits, at most {2 * most} of them")
    if not least <= len(text) // 2 <= most:
        count = f"{least * 2}" if least == most else f"{least * 2} to {most * 2}"
        raise ProofError(f"fair: '{name}' must hold {count} hex digits")
    return bytes.fromhex(text)


def cut_from_gesture(*parts: object) -> bytes:
    """A cut from what the person did (when, where they clicked, which key): hashed, so its size is fixed."""
    text = "|".join(str(p) for p in (time.time_ns(), *parts))
    return hashlib.sha256(text.encode()).digest()[:8]


@dataclass(frozen=True)
class Verdict:
    """The check of one deal: the fingerprint matches the revealed seed, and the seed and cut deal it."""

    fingerprint_ok: bool
    deal_ok: bool

    @property
    def ok(self) -> bool:
        return self.fingerprint_ok and self.deal_ok


def verify(rules: Rules, proof: FairDeal, dealt: Deal) -> Verdict:
    """Recompute the fingerprint and the deal from the revealed seed, salt and cut; compare."""
    fingerprint_ok = fingerprint(proof.seed, proof.salt) == proof.fingerprint
    again = Dealer(rules).deal(proof.seed, proof.cut or b"")
    deal_ok = again.hands == tuple(tuple(h) for h in dealt.hands) and tuple(again.stock) == tuple(dealt.stock)
    return Verdict(fingerprint_ok, deal_ok)


def verify_case(case: Any) -> list[dict[str, Any]]:
    """One verdict per hand of a replay case that carries a "fair" object."""
    from .replay import (  # replay plays matches, and matches deal through this module
        CaseError,
        case_rules_and_hands,
        parse_deal,
    )

    rules, raw_hands = case_rules_and_hands(case)
    found = []
    for h, raw_hand in enumerate(raw_hands):
        if not isinstance(raw_hand, dict):
            raise CaseError(f"hand {h}: must be an object")
        if "fair" not in raw_hand:
            continue
        dealt = parse_deal(rules, raw_hand, f"hand {h}")
        try:
            proof = FairDeal.from_json(raw_hand["fair"])
        except ProofError as exc:
            raise CaseError(f"hand {h}, {exc}") from None
        verdict = verify(rules, proof, dealt)
        found.append({"hand": h, "fingerprint": verdict.fingerprint_ok, "deal": verdict.deal_ok, "fair": verdict.ok})
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.engine.fairness", description=__doc__)
    parser.add_argument("case", type=Path)
    args = parser.parse_args(argv)
    from .replay import CaseError, load_case

    try:
        verdicts = verify_case(load_case(args.case))
    except CaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line in verdicts:
        print(json.dumps(line))
    return 0 if all(line["fair"] for line in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
