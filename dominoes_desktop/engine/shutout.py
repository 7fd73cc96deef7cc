"""A match won with every other side on zero, named by what it is in that game: a six-love where hands are counted
one each to six (the Jamaican, Trinidad and Barbados matches, three-handed Cutthroat, and the six-love game whose
rules make every win one), a shutout anywhere else. The table's cheer, its sound and the room's quick phrase ask
here, so they say the same thing. (The statistics keep the rule book's count of six-loves: any match won while the
loser has zero, one hand or more.)"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .decisions import HandResult
from .rules import Rules, Scoring


class Shutout(StrEnum):
    SIX_LOVE = "six_love"
    SHUTOUT = "shutout"


def six_love_game(rules: Rules) -> bool:
    """A game whose shutout is a six-love: hands counted one each to six (a Jamaican, Trinidad or Barbados 6-0, and
    Cutthroat's 6-0-0), or the six-love game, where the winner's opponents must be on zero and a reply sets both
    scores back."""
    counted_to_six = rules.scoring is Scoring.ONE_PER_HAND and rules.target == 6
    return counted_to_six or (rules.six_love_reset and rules.target_needs_zero_opponent)


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
