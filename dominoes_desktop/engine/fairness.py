"""Deals a player can prove fair: commit to a secret seed, take the cuts, reveal after the hand.

One mechanism for every deal, at this screen and in a network room:

1. Before the deal the dealer (this program, or a room's host) draws a secret seed (64 bits) and a salt
   (16 bytes) and shows the fingerprint

       fingerprint = SHA-256("dominoes-desktop deal v1" | seed as 16 bytes, little-endian, signed | salt)

   It is now bound to that seed. The 32 bytes after the domain are the deal's *secret* (a network room
   sends them as hex when it reveals the deal).
2. Then it takes one or more cuts: the person at this screen (a click or key on the deck, or the clock when
   they asked to be cut for), or every player of a room, ordered by seat. Each cut is 0 to 64 bytes.
3. It deals from the seed with the cuts mixed in: `Dealer(rules).deal(seed, material)` (deal.shuffle_order
   hashes `material` after the seed). `material` is the one cut itself when there is one (so a proof of
   the first version, with its single "cut", still checks), else every cut prefixed by its length in one
   byte, in seat order. No cut at all deals exactly as the game dealt before there were cuts.
   The cuts come after the commitment, so the dealer cannot pick a deal after seeing them; a player, not
   knowing the seed, cannot steer the deal with a cut.
4. After the hand the seed and salt are revealed: anyone can recompute the fingerprint and the deal.

    python -m dominoes_desktop.engine.fairness CASE.json

checks every hand of a replay case (REPLAY.md) that carries the optional "fair" object and prints one JSON
line per hand: `{"hand": 0, "fingerprint": true, "deal": true, "fair": true}`; exit 1 if one fails, 2 on a
bad case (one line). A replay ignores "fair"; it is:

    "fair": {"fingerprint": "<64 hex digits>", "seed": <0 .. 2^64-1>, "salt": "<32 hex digits>",
             "cut": "<0 to 128 hex digits>"}                  one cut (the person at the screen)
    "fair": {..., "cuts": ["<hex>", "<hex>", ...]}           several cuts, in seat order (a network room)

Neither "cut" nor "cuts": the deal was not cut (dealt from the seed alone).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .errors import DominoError

if TYPE_CHECKING:  # the dealer is imported by the one method that deals: a seal is made without it (start-up)
    from .deal import Deal
    from .rules import Rules

DOMAIN = b"dominoes-desktop deal v1"
SEED_BITS = 64
SEED_BYTES = 16  # the seed as it is hashed (deal.shuffle_order hashes it the same way)
SALT_BYTES = 16
SECRET_BYTES = SEED_BYTES + SALT_BYTES
FINGERPRINT_BYTES = 32  # SHA-256
MAX_CUT_BYTES = 64  # a gesture's cut is 8 bytes, a room's 32 hex digits; a little room, but bounded
MAX_CUTS = 8  # one per seat
_HEX = re.compile(r"(?:[0-9a-fA-F]{2})*")


def fingerprint(seed: int, salt: bytes) -> str:
    """The commitment to a seed, as 64 hex digits."""
    return fingerprint_of_secret(secret_of(seed, salt))


def secret_of(seed: int, salt: bytes) -> bytes:
    """The bytes the fingerprint commits to: the seed (16 bytes) and the salt."""
    return seed.to_bytes(SEED_BYTES, "little", signed=True) + salt


def fingerprint_of_secret(secret: bytes) -> str:
    return hashlib.sha256(DOMAIN + secret).hexdigest()


def short(fingerprint_hex: str) -> str:
    """What the table shows of a fingerprint: its first 16 hex digits, in groups of four."""
    head = fingerprint_hex[:16]
    return " ".join(head[i : i + 4] for i in range(0, 16, 4))


def cut_material(cuts: Sequence[bytes]) -> bytes:
    """What the shuffle hashes after the seed: one cut as it is; several, each after its length (seat order)."""
    if len(cuts) == 1:
        return cuts[0]
    return b"".join(len(cut).to_bytes(1, "little") + cut for cut in cuts)


class ProofError(DominoError):
    """A deal's proof is not in the expected shape."""


@dataclass(frozen=True)
class FairDeal:
    """One deal's commitment and, once taken, its cuts (ordered by seat). `seed` and `salt` stay secret until
    the hand ends; `fingerprint` is what is shown before the deal."""

    seed: int
    salt: bytes
    fingerprint: str
    cuts: tuple[bytes, ...] = ()
    cut_taken: bool = False  # the cuts are in: nobody may cut this deal again

    @staticmethod
    def commit() -> FairDeal:
        seed = secrets.randbits(SEED_BITS)
        salt = secrets.token_bytes(SALT_BYTES)
        return FairDeal(seed, salt, fingerprint(seed, salt))

    @staticmethod
    def from_secret(secret: bytes, committed: str | None = None) -> FairDeal:
        """The commitment a room's secret (seed and salt, 32 bytes) makes; `committed` is the fingerprint
        shown before the deal (by default, the one the secret gives)."""
        if len(secret) != SECRET_BYTES:
            raise ProofError(f"a deal's secret is {SECRET_BYTES} bytes, not {len(secret)}")
        seed = int.from_bytes(secret[:SEED_BYTES], "little", signed=True)
        salt = secret[SEED_BYTES:]
        return FairDeal(seed, salt, committed or fingerprint(seed, salt))

    @property
    def secret(self) -> bytes:
        return secret_of(self.seed, self.salt)

    @property
    def sealed(self) -> FairDeal:
        """The commitment alone, without any cut (what a save keeps before the deal)."""
        return replace(self, cuts=(), cut_taken=False)

    def with_cut(self, cut: bytes) -> FairDeal:
        """The one cut of the person at this screen."""
        return self.with_cuts((cut,))

    def with_cuts(self, cuts: Sequence[bytes]) -> FairDeal:
        """Every cut, in seat order. The first cuts taken stand: nobody may cut twice."""
        if self.cut_taken:
            return self
        if not cuts or len(cuts) > MAX_CUTS or any(len(cut) > MAX_CUT_BYTES for cut in cuts):
            raise ProofError(f"a deal takes 1 to {MAX_CUTS} cuts of at most {MAX_CUT_BYTES} bytes")
        return replace(self, cuts=tuple(cuts), cut_taken=True)

    def deal(self, rules: Rules) -> Deal:
        """The deal the seed and the cuts give (the seed alone before the cut)."""
        from .deal import Dealer

        return Dealer(rules).deal(self.seed, cut_material(self.cuts))

    def draw_seed(self) -> int:
        """A number from the secret and the cuts for what the rules draw at random besides the deal (a room
        draws the side that leads from it), so that it is as far out of anyone's hands as the deal."""
        mixed = hashlib.sha256(b"draw|" + self.secret + cut_material(self.cuts)).digest()
        return int.from_bytes(mixed[:12], "little")

    def as_json(self) -> dict[str, Any]:
        """What a replay case or match file keeps to verify the deal (after the hand: it reveals the seed).
        Before the cut: the commitment alone."""
        found: dict[str, Any] = {"fingerprint": self.fingerprint, "seed": self.seed, "salt": self.salt.hex()}
        if len(self.cuts) == 1:
            found["cut"] = self.cuts[0].hex()
        elif self.cuts:
            found["cuts"] = [cut.hex() for cut in self.cuts]
        return found

    @staticmethod
    def from_json(raw: Any) -> FairDeal:
        """A proof as `as_json` writes it; ProofError (one line) if it is not one. Strict: a saved file may be
        hostile, so every field has its type, its length and its digits checked."""
        if not isinstance(raw, dict):
            raise ProofError("'fair' must be an object with fingerprint, seed, salt and cut")
        seed = raw.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
            raise ProofError(f"fair: 'seed' must be a whole number from 0 to 2^{SEED_BITS} - 1")
        salt = _hex_field(raw.get("salt"), "salt", SALT_BYTES, SALT_BYTES)
        committed = _hex_field(raw.get("fingerprint"), "fingerprint", FINGERPRINT_BYTES, FINGERPRINT_BYTES)
        proof = FairDeal(seed, salt, committed.hex())
        if "cut" in raw and "cuts" in raw:
            raise ProofError("fair: give 'cut' (one cut) or 'cuts' (several), not both")
        if "cut" in raw:
            return proof.with_cut(_hex_field(raw["cut"], "cut", 0, MAX_CUT_BYTES))
        if "cuts" in raw:
            cuts = raw["cuts"]
            if not isinstance(cuts, list) or not 1 <= len(cuts) <= MAX_CUTS:
                raise ProofError(f"fair: 'cuts' must list 1 to {MAX_CUTS} cuts, in seat order")
            return proof.with_cuts([_hex_field(cut, "cuts", 0, MAX_CUT_BYTES) for cut in cuts])
        return proof


def _hex_field(text: Any, name: str, least: int, most: int) -> bytes:
    """A field of hex digits decoding to `least`..`most` bytes; ProofError otherwise."""
    if not isinstance(text, str) or len(text) > 2 * most or not _HEX.fullmatch(text):
        raise ProofError(f"fair: '{name}' must be a string of hex digits, at most {2 * most} of them")
    if not least <= len(text) // 2 <= most:
        count = f"{least * 2}" if least == most else f"{least * 2} to {most * 2}"
        raise ProofError(f"fair: '{name}' must hold {count} hex digits")
    return bytes.fromhex(text)


def cut_from_gesture(*parts: object) -> bytes:
    """A cut from what the person did (when, where they clicked, which key), or the clock's ("clock", "cpu"),
    mixed with fresh random bytes so that nobody can foresee it: hashed, so its size is fixed."""
    text = "|".join(str(p) for p in (time.time_ns(), secrets.token_hex(8), *parts))
    return hashlib.sha256(text.encode()).digest()[:8]


@dataclass(frozen=True)
class Verdict:
    """The check of one deal: the fingerprint matches the revealed seed, and the seed and cuts deal it."""

    fingerprint_ok: bool
    deal_ok: bool

    @property
    def ok(self) -> bool:
        return self.fingerprint_ok and self.deal_ok


def verify(rules: Rules, proof: FairDeal, dealt: Deal) -> Verdict:
    """Recompute the fingerprint and the deal from the revealed seed, salt and cuts; compare."""
    fingerprint_ok = fingerprint(proof.seed, proof.salt) == proof.fingerprint
    again = proof.deal(rules)
    deal_ok = again.same_tiles(dealt)
    return Verdict(fingerprint_ok, deal_ok)


def seal_holds(rules: Rules, proof: FairDeal, dealt: Deal | None) -> bool:
    """A loaded seal can be trusted: its fingerprint is its seed's and salt's and, once cut, its seed and cuts
    deal `dealt` (None: a seal not dealt yet). False for an edited one: that hand cannot be verified."""
    if fingerprint(proof.seed, proof.salt) != proof.fingerprint:
        return False
    if dealt is None or not proof.cut_taken:
        return True
    try:
        return verify(rules, proof, dealt).ok
    except DominoError:
        return False


if __name__ == "__main__":  # the documented command; the tool lives in cli/
    from ..cli.fairness import main

    sys.exit(main())
