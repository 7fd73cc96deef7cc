"""A deal nobody controls: the host commits to a secret, every player adds a cut, the deal comes from both.

    commitment = SHA-256("dominoes-deal/1" | secret)          sent before any cut is asked for
    mix        = first 12 bytes of SHA-256(secret | "seat:cut;" for every seat in order), as an integer
    deal       = the engine's Dealer(rules).deal(Random(mix).getrandbits(48)): the match's RNG is set from
                 the mix and the engine deals from it as it always does (a Cuban redeal too)

The host cannot steer the deal (the secret is fixed before it sees a cut) and a player cannot either (a cut
is chosen without knowing the secret). At the hand's end the host reveals the secret; `verify` recomputes
the deal and checks it against the commitment, the player's own tiles and every public play.

This lives in the net package until the engine has its own commitment and cut (issue 17); `derive_seed`
and `verify` are the two places to switch.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

from ..engine.deal import Deal, Dealer
from ..engine.rules import Rules
from ..engine.tiles import Tile

DOMAIN: Final = b"dominoes-deal/1"
MAX_CUT_HEX: Final = 64


class Commitment(NamedTuple):
    secret: bytes
    digest: str  # hex; the only part shown before the hand ends


def commit() -> Commitment:
    secret = secrets.token_bytes(32)
    return Commitment(secret, fingerprint(secret))


def fingerprint(secret: bytes) -> str:
    return hashlib.sha256(DOMAIN + secret).hexdigest()


def new_cut() -> str:
    """A player's own cut: what the app contributes when its player does not pick one."""
    return secrets.token_hex(16)


def valid_cut(text: object) -> bool:
    return isinstance(text, str) and 0 < len(text) <= MAX_CUT_HEX and all(ch in "0123456789abcdef" for ch in text)


def derive_seed(secret: bytes, cuts: Mapping[int, str]) -> int:
    mix = hashlib.sha256(secret)
    for seat in sorted(cuts):
        mix.update(f"{seat}:{cuts[seat]};".encode())
    return int.from_bytes(mix.digest()[:12], "little")


def deal_seed(secret: bytes, cuts: Mapping[int, str]) -> int:
    return random.Random(derive_seed(secret, cuts)).getrandbits(48)


def deal_of(rules: Rules, secret: bytes, cuts: Mapping[int, str]) -> Deal:
    return Dealer(rules).deal(deal_seed(secret, cuts))


def verify(
    rules: Rules,
    digest: str,
    secret_hex: str,
    cuts: Mapping[int, str],
    seat: int,
    dealt: Sequence[Tile],
    plays: Sequence[tuple[int, Tile]] = (),
    own_cut: str | None = None,
) -> str | None:
    """None if the revealed deal checks out, else one line saying what does not."""
    try:
        secret = bytes.fromhex(secret_hex)
    except ValueError:
        return "the revealed secret is not hexadecimal"
    if fingerprint(secret) != digest:
        return "the revealed secret does not match the fingerprint shown before the deal"
    if own_cut is not None and cuts.get(seat) != own_cut:
        return "the host did not use this player's cut"
    deal = deal_of(rules, secret, cuts)
    if sorted(deal.hands[seat]) != sorted(dealt):
        return "this player's tiles are not the ones the revealed deal gives"
    for who, tile in plays:
        if tile not in deal.hands[who] and tile not in deal.stock:
            return f"seat {who} played {tile}, which the revealed deal did not give it"
    return None
