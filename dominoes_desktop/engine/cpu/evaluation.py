"""How good a finished hand, a hand of tiles, or a single move looks to one side."""

from __future__ import annotations

from collections.abc import Sequence

from ..hand import Hand, HandOutcome
from ..moves import Move, MoveKind
from ..rules import Rules, Scoring
from ..scoring import bonuses, hand_points, winner_seat
from ..tiles import Tile


def outcome_value(rules: Rules, facts: HandOutcome, side: int) -> float:
    """A finished hand's worth to `side`: +1/-1 in hand-count games, the points margin otherwise."""
    winner = winner_seat(rules, facts)
    if rules.scoring is Scoring.ONE_PER_HAND:
        if winner is None:
            return 0.0
        return 1.0 if rules.teams[winner] == side else -1.0
    gains = list(facts.end_points)
    if winner is not None:
        gains[rules.teams[winner]] += hand_points(rules, facts.end, winner, facts.pips) + sum(
            v for _, v in bonuses(rules, facts)
        )
    mine = gains[side]
    best_other = max(g for s, g in enumerate(gains) if s != side)
    # A small premium for winning the hand itself: it also decides who leads next.
    won = 0.0 if winner is None else (5.0 if rules.teams[winner] == side else -5.0)
    return float(mine - best_other) + won


def hand_strength(tiles: Sequence[Tile]) -> float:
    """How good a hand is to lead with: doubles, long suits, and few heavy orphans."""
    suits: dict[int, int] = {}
    doubles = pips = 0
    for high, low in tiles:
        suits[high] = suits.get(high, 0) + 1
        if high == low:
            doubles += 1
        else:
            suits[low] = suits.get(low, 0) + 1
        pips += high + low
    return max(suits.values(), default=0) * 2.0 + doubles * 1.5 - pips * 0.05


def play_score(
    hand: Hand, move: Move, seat: int, voids: Sequence[frozenset[int]] | None = None, weight_pips: float = 1.0
) -> float:
    """A quick judgement of one play: dump weight, place doubles, keep control, score and deny points.

    Without `voids` the seat's passes are ignored, as a beginner would."""
    if move.kind is not MoveKind.PLAY:
        return 0.0
    tile = move.tile
    assert tile is not None
    rules = hand.rules
    mine = [t for t in hand.hands[seat] if t != tile]
    score = tile.pips * weight_pips
    if tile.is_double:
        score += 4.0
    if move.end is None:
        new_end = tile.high
        others = [tile.low]
    else:
        new_end = tile.other(move.end)
        ends = hand.layout.open_ends()
        others = list(ends)
        if move.end in others:
            others.remove(move.end)
    # Keep control: an end we can follow is good; ends we hold many of are ours.
    follow = sum(1 for t in mine if t.has(new_end))
    score += 2.5 * min(follow, 2)
    if rules.partners:
        partner_side = rules.teams[seat]
        nxt = (seat + 1) % rules.players
        partner = next(s for s in rules.seats_of(partner_side) if s != seat)
        if voids is not None:
            # Close the next opponent out, keep the partner in.
            ends_after = [new_end, *others]
            if all(e in voids[nxt] for e in ends_after):
                score += 6.0
            if all(e in voids[partner] for e in ends_after):
                score -= 4.0
    elif voids is not None:
        nxt = (seat + 1) % rules.players
        if all(e in voids[nxt] for e in [new_end, *others]):
            score += 5.0
    if rules.end_scoring.value != "none":
        twin = hand.copy()
        twin.apply_legal(move)
        points = twin.pending.points if twin.pending else 0
        points += sum(twin.end_points) - sum(hand.end_points)
        score += points * 1.5
    # Finishing the hand is almost always right.
    if not mine:
        score += 100.0
    return score
