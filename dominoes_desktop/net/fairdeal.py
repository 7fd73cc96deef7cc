"""A room's deal nobody controls, in the protocol's words, on the engine's one fair-deal mechanism.

The host commits to a secret (engine.fairness: a seed and a salt, 32 bytes), every player's app sends a cut
(`cut:HEX` on the wire), and the deal comes from both: `FairDeal.with_cuts` in seat order, then the engine
deals as it does at a single screen. A wire cut is its text (1 to 64 lower-case hex digits) taken as ASCII
bytes, so any cut a client may send is a cut the engine takes. At the hand's end the host reveals the
secret; `verify` recomputes the deal and checks it against the commitment, the player's own tiles and every
public play (see docs/PROTOCOL.md, "Fair deals").
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

from ..engine.deal import Deal
from ..engine.fairness import FairDeal, ProofError, fingerprint_of_secret
from ..engine.rules import Rules
from ..engine.tiles import Tile

MAX_CUT_HEX: Final = 64


class Commitment(NamedTuple):
    secret: bytes
    digest: str  # hex; the only part shown before the hand ends


def commit() -> Commitment:
    made = FairDeal.commit()
    return Commitment(made.secret, made.fingerprint)


def fingerprint(secret: bytes) -> str:
    return fingerprint_of_secret(secret)


def new_cut() -> str:
    """A player's own cut: what the app contributes when its player does not pick one."""
    return secrets.token_hex(16)


def valid_cut(text: object) -> bool:
    return isinstance(text, str) and 0 < len(text) <= MAX_CUT_HEX and all(ch in "0123456789abcdef" for ch in text)


def proof(secret: bytes, cuts: Mapping[int, str], digest: str | None = None) -> FairDeal:
    """The engine's proof of a room's deal: the secret's commitment with every seat's cut, in seat order.
    ProofError if the secret is not one."""
    ordered = [cuts[seat].encode("ascii") for seat in sorted(cuts)]
    return FairDeal.from_secret(secret, digest).with_cuts(ordered)


def deal_of(rules: Rules, secret: bytes, cuts: Mapping[int, str]) -> Deal:
    return proof(secret, cuts).deal(rules)


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
    if not all(valid_cut(cut) for cut in cuts.values()):
        return "the revealed cuts are not hexadecimal"
    try:
        deal = deal_of(rules, secret, cuts)
    except ProofError as exc:
        return str(exc)
    if sorted(deal.hands[seat]) != sorted(dealt):
        return "this player's tiles are not the ones the revealed deal gives"
    for who, tile in plays:
        if tile not in deal.hands[who] and tile not in deal.stock:
            return f"seat {who} played {tile}, which the revealed deal did not give it"
    return None
