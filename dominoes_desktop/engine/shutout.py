"""A match won with every other side on zero, named by what it is in that game: a six-love in the six-love game
(its rules make the winner's opponents be on zero, and a reply sets both back), a shutout anywhere else. The table's
cheer, its sound and the statistics all ask here, so they say the same thing."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .decisions import HandResult
from .rules import Rules


class Shutout(StrEnum):
    SIX_LOVE = "six_love"
    SHUTOUT = "shutout"


def six_love_game(rules: Rules) -> bool:
    """The six-love game: the winner's opponents must be on zero, and a reply sets both scores back."""
    return rules.six_love_reset and rules.target_needs_zero_opponent


def shutout(rules: Rules, scores: Sequence[int], winner: int | None, last: HandResult | None) -> Shutout | None:
    """What the match's win is, given the final `scores` per side, the `winner` side and the `last` hand played:
    None unless the others are all on zero and the winner's score took more than that last hand. A match taken
    in one hand (a draw game to 1 point, a Jamaican match to 1 hand, a single round, a first hand worth the
    target) held nobody to nothing: it is a match won, not a shutout. What happened decides, not the most a hand
    could score, which hangs on the deal, end points and bonuses."""
    if winner is None or last is None or rules.sides < 2 or len(scores) != rules.sides:
        return None
    if any(score != 0 for side, score in enumerate(scores) if side != winner):
        return None
    gains = last.side_points()
    if scores[winner] - gains[winner] <= 0:
        return None  # nothing on the board before the last hand: won in one hand
    return Shutout.SIX_LOVE if six_love_game(rules) else Shutout.SHUTOUT
