"""Small builders the engine tests share."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from dominoes_desktop.engine.decisions import AnswerRedeal, ChooseLeader, Cut, DealHand, Lead, RedealOffer, Seal
from dominoes_desktop.engine.fairness import FairDeal
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import parse_move
from dominoes_desktop.engine.rules import Rules
from dominoes_desktop.engine.tiles import Tile

DATA = Path(__file__).resolve().parents[1] / "data"
# The rule book's public example cases, copied into the repository (scripts/refresh-rule-cases.sh), next to
# the project's own cases (tests/data/own-cases): tests never read outside the repository.
RULE_CASES = DATA / "rule-cases"
OWN_CASES = DATA / "own-cases"


def deal_sealed(match: Match, commitment: FairDeal | None = None, *cuts: bytes) -> FairDeal:
    """Seal the match's next deal with `commitment` and cut it, through its decisions: one cut is the table's,
    several are seats 0, 1, ... in order (no cut given: the table cuts b"cut"). Returns the commitment."""
    commitment = commitment or FairDeal.commit()
    cuts = cuts or (b"cut",)
    match.apply(None, Seal(commitment, tuple(range(len(cuts))) if len(cuts) > 1 else ()))
    for seat, cut in enumerate(cuts):
        match.apply(seat if len(cuts) > 1 else None, Cut(cut))
    return commitment


def start_hand(match: Match, seed: int | None = None) -> Hand:
    """Deal the match's next hand unsealed (its shuffle, or `seed`) and begin it, through its decisions: no
    redeal asked, the rules' leader leads."""
    match.apply(None, DealHand(seed))
    while match.hand is None:
        pending = match.pending()
        if isinstance(pending, RedealOffer):
            match.apply(pending.seat, AnswerRedeal(False))
        elif isinstance(pending, ChooseLeader):
            match.apply(None, Lead(match.default_leader()))
        else:
            raise AssertionError(f"a dealt hand waits for {pending}")
    return match.hand


def tiles(text: str) -> list[Tile]:
    """'6-6 6-5 4-1' -> tiles."""
    return [Tile.parse(t) for t in text.split()]


def make_hand(rules: Rules, deal: Sequence[str], stock: str = "", leader: int = 0, pose: str | None = None) -> Hand:
    return Hand(rules, [tiles(h) for h in deal], tiles(stock), leader, Tile.parse(pose) if pose else None)


def play(hand: Hand, *moves: str) -> Hand:
    """Apply moves in replay notation, each by the seat whose turn it is (claims by their owner)."""
    for text in moves:
        hand.apply(parse_move(text))
    return hand
