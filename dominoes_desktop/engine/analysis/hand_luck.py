"""A hand's luck in points: what the deal and the stock gave each side, as a fixed reference team fares with them.

    luck(side) = R(side | the hand as dealt) - R0(side | what was known before the deal)

R is the mean result for `side` (its points in the hand less every other side's: `solver.side_value` of the
hand's gains, bonuses included, no resets) when every seat is played by the **reference player**, the playout
policy (the heaviest tile that fits, doubles first, with `REFERENCE_NOISE` of noise: `analysis.playout`), over
`LUCK_PLAYOUTS` playouts of the hand exactly as it was dealt: every seat's tiles, the stock in its drawing
order (so the draws are in it), the leader and the tile the leader had to pose. The playouts are seeded from
the deal itself, so the same deal has the same luck at any table: the two tables of a duplicate match get
the same luck, and their luck-adjusted results differ exactly as their results do.

R0 is the same mean over `PRIOR_DEALS` shuffles (seeded 0, 1, ...; `PRIOR_PLAYOUTS` playouts each), as
things stood before the deal:
- when the deal decides who leads (the match's first hand, a hand after no winner or a win where the rules
  go back to the first hand's rule): the leader is whom the rules pick from each shuffle (the highest double,
  posed where the rules say so; a random seat where a random side leads), and R0 is the same for every side
  by symmetry, so it is taken as the mean over the sides (0 with two sides): holding the lead is luck;
- when the leader was known before the deal (the last hand's winner leads, or the next seat after a blocked
  hand): the same leader seat in every shuffle, no forced pose; the lead was earned, not dealt.

With two sides a hand's luck is zero-sum: side 0's luck is minus side 1's (the same playouts, negated).
The luck-adjusted result is result - luck: how much better than the reference team the side did with
these tiles, plus what a hand is worth on average to it before the deal.
"""

from __future__ import annotations

import random
import zlib
from functools import cache

from ..deal import Dealer
from ..decisions import HandResult
from ..hand import Hand, HandOutcome
from ..match import heaviest_tile_holder, highest_double_holder
from ..moves import CLAIM
from ..rules import AfterNoWinner, AfterWin, Opening, Rules
from ..tiles import Tile
from .playout import play_out, supports
from .solver import hand_gains, side_value

LUCK_PLAYOUTS = 256  # playouts of a dealt hand: the reference result's standard error is about 1/16 of a
# hand's spread (a double-6 partner game: about 1.5 pips), some 3 ms with the compiled kernel
PRIOR_DEALS = 4000  # shuffles for what a hand is worth before its deal, per rule set and leader
PRIOR_PLAYOUTS = 2
REFERENCE_NOISE = 3.0  # the playout policy's noise (as the Hard CPU's playouts: `cpu.search.ROLLOUT_NOISE`)


def lead_from_deal(rules: Rules, hand_index: int, previous: HandResult | None) -> bool:
    """Whether the deal decided who led hand `hand_index` (the match's opening rule), rather than the hand
    before it (its winner, or the seat after the last leader when nobody won)."""
    if hand_index == 0 or previous is None:
        return True
    if previous.winner_seat is None:
        return rules.after_no_winner is not AfterNoWinner.ROTATE
    return rules.after_win is AfterWin.FIRST_HAND_RULE


def hand_luck(start: Hand, from_deal: bool) -> tuple[float, ...]:
    """Each side's luck in the hand `start` (as dealt, before its first move), in the rules' points."""
    rules = start.rules
    dealt = reference_result(start)
    before = prior(rules, None if from_deal else start.leader)
    return tuple(d - b for d, b in zip(dealt, before, strict=True))


def reference_result(start: Hand) -> tuple[float, ...]:
    """Each side's mean result over `LUCK_PLAYOUTS` reference playouts of `start`, seeded from its deal."""
    return _mean_results(start, random.Random(deal_seed(start)), LUCK_PLAYOUTS)


def deal_seed(start: Hand) -> int:
    """A seed that is the same for the same deal, leader and forced pose wherever it is dealt."""
    text = "|".join(
        [
            ";".join(",".join(str(t) for t in h) for h in start.hands),
            ",".join(str(t) for t in start.stock),
            str(start.leader),
            str(start.forced_pose),
        ]
    )
    return zlib.crc32(text.encode())


@cache
def prior(rules: Rules, leader: int | None) -> tuple[float, ...]:
    """Each side's mean result before a deal: `leader` leads every shuffle, or (None) the rules' opening
    picks the leader from each (see the module's docstring). Cached: the same for every hand of the rules."""
    dealer = Dealer(rules)
    rng = random.Random(0x1CC)
    totals = [0.0] * rules.sides
    for number in range(PRIOR_DEALS):
        deal = dealer.deal(number)
        if leader is not None:
            start = Hand(rules, deal.hands, deal.stock, leader, None)
        else:
            seat, pose = _opening(rules, deal.hands, number)
            start = Hand(rules, deal.hands, deal.stock, seat, pose)
        for side, value in enumerate(_mean_results(start, rng, PRIOR_PLAYOUTS)):
            totals[side] += value
    means = [t / PRIOR_DEALS for t in totals]
    if leader is None:  # every side is every other's mirror when the deal picks the leader
        level = sum(means) / len(means)
        return (level,) * rules.sides
    return tuple(means)


def _opening(rules: Rules, hands: tuple[tuple[Tile, ...], ...], number: int) -> tuple[int, Tile | None]:
    """Who leads a shuffle under the opening rule, and the tile they must pose (as `Match` picks them)."""
    if rules.opening is Opening.RANDOM_TEAM_ANY:
        return number % rules.players, None
    holder = highest_double_holder(hands)
    seat, tile = holder if holder is not None else heaviest_tile_holder(hands)
    return seat, tile if rules.opening.must_pose_double else None


def _mean_results(start: Hand, rng: random.Random, playouts: int) -> tuple[float, ...]:
    rules = start.rules
    totals = [0.0] * rules.sides
    for _ in range(playouts):
        facts = _play(start, rng)
        gains = hand_gains(rules, facts, facts.end_points)
        for side in range(rules.sides):
            totals[side] += side_value(gains, side)
    return tuple(t / playouts for t in totals)


def _play(start: Hand, rng: random.Random) -> HandOutcome:
    """One reference playout of `start` (not changed)."""
    if supports(start.rules):
        return play_out(start, rng.random, REFERENCE_NOISE)
    # The layouts the kernel leaves to `Hand` (cross, spinners): the same policy, move by move.
    from ..cpu.search import ROLLOUT_NOISE, _rollout_move

    assert ROLLOUT_NOISE == REFERENCE_NOISE

    hand = start.copy()
    while hand.outcome is None:
        if hand.pending is not None:
            hand.apply(CLAIM)  # in playouts everybody claims at once
            continue
        hand.apply_legal(_rollout_move(hand, rng))
    return hand.outcome_facts()
