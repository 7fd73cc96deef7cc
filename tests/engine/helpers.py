"""Small builders the engine tests share."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.moves import parse_move
from dominoes_desktop.engine.rules import Rules
from dominoes_desktop.engine.tiles import Tile

DATA = Path(__file__).resolve().parents[1] / "data"
# The rule book's public example cases, copied into the repository (scripts/refresh-rule-cases.sh), next to
# the project's own cases (tests/data/own-cases): tests never read outside the repository.
RULE_CASES = DATA / "rule-cases"
OWN_CASES = DATA / "own-cases"


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
