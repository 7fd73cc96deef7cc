"""Who wins a hand, what it is worth, and its bonuses (rule book sections 5, 6 and 8)."""

from __future__ import annotations

from collections.abc import Sequence

from .hand import HandEnd, HandOutcome
from .rules import BlockedRule, LayoutKind, Rules, Scoring


def side_pips(rules: Rules, pips: Sequence[int]) -> list[int]:
    totals = [0] * rules.sides
    for seat, count in enumerate(pips):
        totals[rules.teams[seat]] += count
    return totals


def _lightest_seat(rules: Rules, pips: Sequence[int], side: int) -> int:
    return min(rules.seats_of(side), key=lambda s: (pips[s], s))


def blocked_winner(rules: Rules, pips: Sequence[int], leader: int) -> int | None:
    """The winning seat of a blocked hand, or None when nobody wins it."""
    if rules.blocked is BlockedRule.LOWEST_PLAYER:
        low = min(pips)
        lowest = [s for s, p in enumerate(pips) if p == low]
        if len({rules.teams[s] for s in lowest}) > 1:
            return None
        return lowest[0]
    totals = side_pips(rules, pips)
    low = min(totals)
    lowest_sides = [side for side, total in enumerate(totals) if total == low]
    if len(lowest_sides) == 1:
        return _lightest_seat(rules, pips, lowest_sides[0])
    poser_side = rules.teams[leader]
    if rules.blocked is BlockedRule.LOWEST_SIDE_STARTER_TIES and poser_side in lowest_sides:
        return _lightest_seat(rules, pips, poser_side)
    return None


def _round_to_five(n: int) -> int:
    return (n + 2) // 5 * 5


def hand_points(rules: Rules, end: HandEnd, winner_seat: int, pips: Sequence[int]) -> int:
    """Points of a won hand, before bonuses."""
    scoring = rules.scoring
    if scoring is Scoring.ONE_PER_HAND:
        return 1
    if scoring is Scoring.ALL_PIPS:
        return sum(pips)
    winner_side = rules.teams[winner_seat]
    if scoring is Scoring.OPPONENTS_PIPS:
        return sum(pips) - sum(map(pips.__getitem__, rules.seats_of(winner_side)))
    return sum(counted for _side, _pips, counted in losers_counts(rules, end, winner_seat, pips))


def losers_counts(rules: Rules, end: HandEnd, winner_seat: int, pips: Sequence[int]) -> list[tuple[int, int, int]]:
    """The porch counts, side by side: (losing side, its pips less the winner's on a locked table, what that
    scores: rounded to the nearest five under PORCH_FIVES)."""
    winner_side = rules.teams[winner_seat]
    totals = side_pips(rules, pips)
    own = totals[winner_side] if end is HandEnd.BLOCKED else 0
    rounded = rules.scoring is Scoring.PORCH_FIVES
    counts = []
    for side, total in enumerate(totals):
        if side != winner_side:
            amount = max(0, total - own)
            counts.append((side, amount, _round_to_five(amount) if rounded else amount))
    return counts


def is_capicua(rules: Rules, outcome: HandOutcome) -> bool:
    """The domino was a non-double that fitted both of two different open ends."""
    if outcome.end is not HandEnd.DOMINO or rules.layout is not LayoutKind.LINE:
        return False
    tile, ends = outcome.last_tile, outcome.ends_before
    if tile is None or outcome.joined is None or len(ends) != 2 or ends[0] == ends[1]:
        return False
    return not tile.is_double and {tile.high, tile.low} == set(ends)


def is_key_bone(outcome: HandOutcome) -> bool:
    """The domino joined an end showing x and left no tile with x unplayed anywhere."""
    return outcome.end is HandEnd.DOMINO and outcome.joined is not None and outcome.joined_exhausted


def bonuses(rules: Rules, outcome: HandOutcome) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    if rules.capicua_bonus and is_capicua(rules, outcome):
        found.append(("capicua", rules.capicua_bonus))
    if rules.key_bone_bonus and is_key_bone(outcome):
        found.append(("key_bone", rules.key_bone_bonus))
    return found


def winner_seat(rules: Rules, outcome: HandOutcome) -> int | None:
    if outcome.end is HandEnd.DOMINO:
        return outcome.last_seat
    return blocked_winner(rules, outcome.pips, outcome.leader)
