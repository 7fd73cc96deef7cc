"""Deal luck: what chance gives a seat's dealt tiles, exactly, and how far a run of deals strayed from it.

A shuffle deals each seat a uniform random set of `n` tiles drawn without replacement from the `N` tiles
of the set, so a hand's count of doubles (the set has `D`) is hypergeometric:

    mean n·D/N,   variance n·p·(1-p)·(N-n)/(N-1)   with p = D/N,

and its pips likewise: n·μ and n·σ²·(N-n)/(N-1), μ and σ² the mean and (population) variance of one tile's
pips over the set. Several seats of one deal counted together (the CPUs of a table) are one draw of their
tiles together, which gives the covariance between them its due.

Some rules deal again while no double was dealt to the table (`Opening.redeals_without_double`): the hands
played are then chance *given* at least one double among the `m` tiles dealt. That is worked out exactly too:
with T the doubles among those m tiles and X the seat's count (or any sum over its tiles),

    E[X | T ≥ 1] = (E[X] - P(T = 0)·E[X | T = 0]) / P(T ≥ 1),   the same for E[X²],

where P(T = 0) = C(N-D, m)/C(N, m) and, given T = 0, the seat's tiles are a uniform draw from the set's
non-doubles. Everything is computed in exact fractions and only then turned into floats.

What is *not* chance: a Cuban seat dealt five doubles may ask for a new deal. That is a player's choice (and
a rare one: 1.2% of double-9 hands of ten); the deal counted is the one played.

A run of hands is judged by its z-score: (dealt - expected) / √(sum of the variances), the hands being
independent shuffles. Within two standard deviations is what chance gives 95% of the time.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..deal import Deal
from ..decisions import Dealt, HandScored
from ..match import Match, positions
from ..record import Record
from ..rules import Rules
from ..tiles import Tile, full_set

MIN_HANDS = 10  # fewer hands than this say too little to give a verdict
WITHIN_Z = 2.0  # |z| up to this: what chance gives about 95% of the time
FAR_Z = 3.0  # beyond this: about 1 run in 370


class Measure(enum.StrEnum):
    DOUBLES = "doubles"
    PIPS = "pips"

    def of(self, tile: Tile) -> int:
        return int(tile.is_double) if self is Measure.DOUBLES else tile.pips


@dataclass(frozen=True, slots=True)
class Moments:
    """Mean and variance of a count over the tiles of one draw."""

    mean: float
    variance: float


@dataclass(frozen=True, slots=True)
class DealSet:
    """What chance needs to know about one deal: the set (its top, the tiles taken out), how many tiles the
    whole table was dealt, and whether the dealer deals again when no double was dealt."""

    set_top: int
    removed: tuple[Tile, ...]
    dealt: int
    needs_double: bool

    @staticmethod
    def of(rules: Rules) -> DealSet:
        return DealSet(
            rules.set_top, rules.removed_tiles, rules.players * rules.hand_size, rules.opening.redeals_without_double
        )

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return full_set(self.set_top, self.removed)

    def chance(self, measure: Measure, drawn: int) -> Moments:
        """Mean and variance of `measure` summed over `drawn` tiles of this deal (one seat's, or several's)."""
        mean, variance = exact_chance(measure, self.tiles, drawn, self.dealt, self.needs_double)
        return Moments(float(mean), float(variance))


def _draw(values: Sequence[int], n: int) -> tuple[Fraction, Fraction]:
    """Mean and second moment (E[S²]) of the sum of `n` values drawn without replacement from `values`."""
    count = len(values)
    mean = Fraction(sum(values), count)
    spread = sum(((v - mean) * (v - mean) for v in values), Fraction(0)) / count  # the population variance of one value
    variance = n * spread * (count - n) / (count - 1) if count > 1 else Fraction(0)
    total_mean = n * mean
    return total_mean, variance + total_mean * total_mean


@cache
def exact_chance(
    measure: Measure, tiles: tuple[Tile, ...], drawn: int, dealt: int, needs_double: bool
) -> tuple[Fraction, Fraction]:
    """Exact mean and variance of `measure` summed over `drawn` of the `dealt` tiles dealt from `tiles`,
    conditioned on a double among the dealt tiles when `needs_double` (see the module's docstring)."""
    if not 0 < drawn <= dealt <= len(tiles):
        raise ValueError(f"cannot draw {drawn} of {dealt} tiles dealt from a set of {len(tiles)}")
    mean, second = _draw([measure.of(t) for t in tiles], drawn)
    if needs_double:
        plain = [t for t in tiles if not t.is_double]
        if len(plain) == len(tiles):
            raise ValueError("a set without doubles can never deal one")
        none = Fraction(math.comb(len(plain), dealt), math.comb(len(tiles), dealt))  # P(T = 0)
        if none:
            plain_mean, plain_second = _draw([measure.of(t) for t in plain], drawn)
            mean = (mean - none * plain_mean) / (1 - none)
            second = (second - none * plain_second) / (1 - none)
    return mean, second - mean * mean


# ---- the facts of a deal ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatDeal:
    """What one seat was dealt at the start of one hand (before any draw)."""

    hand: int
    seat: int
    tiles: int
    doubles: int
    pips: int


def seat_deals(hand: int, deal: Deal) -> tuple[SeatDeal, ...]:
    return tuple(
        SeatDeal(hand, seat, len(tiles), sum(t.is_double for t in tiles), sum(t.pips for t in tiles))
        for seat, tiles in enumerate(deal.hands)
    )


def match_deals(record: Record) -> tuple[SeatDeal, ...]:
    """Every seat's deal in every finished hand of the match `record` holds that chance dealt, read by the
    record's one walker (`match.positions`): the deal as it stood when its hand was scored (a deal sent back by
    a redeal is not the one played), hands played out by the kernel included (their deal is recorded even if
    their moves are not). Left out: hands dealt from a seed chosen from outside ("Play this deal again": a deal
    picked by a person, counted once already)."""
    dealt: dict[int, Deal] = {}
    finished: list[int] = []
    walked: Match | None = None
    for position in positions(record):
        walked = position.match
        for event in position.events:
            if isinstance(event, Dealt) and walked.deal is not None:
                dealt[event.hand_index] = walked.deal
            elif isinstance(event, HandScored):
                finished.append(event.result.hand_index)
    chosen = set() if walked is None else walked.chosen_deals
    return tuple(fact for index in finished if index not in chosen for fact in seat_deals(index, dealt[index]))


# ---- a run of hands --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """One hand for one player (or group): what was dealt and what chance gives."""

    observed: int
    expected: float
    variance: float


class Verdict(enum.Enum):
    TOO_FEW = "too few"
    WITHIN = "within"
    MORE = "more"
    FEWER = "fewer"
    FAR_MORE = "far more"
    FAR_FEWER = "far fewer"


@dataclass(frozen=True, slots=True)
class Tally:
    hands: int
    observed: int
    expected: float
    variance: float

    @property
    def difference(self) -> float:
        return self.observed - self.expected

    @property
    def z(self) -> float:
        """Standard deviations from what chance gives (0 when chance allows no spread at all)."""
        return self.difference / math.sqrt(self.variance) if self.variance > 0 else 0.0

    def per_hand(self) -> tuple[float, float]:
        """Dealt and expected, on average per hand."""
        if not self.hands:
            return 0.0, 0.0
        return self.observed / self.hands, self.expected / self.hands

    @property
    def verdict(self) -> Verdict:
        if self.hands < MIN_HANDS:
            return Verdict.TOO_FEW
        z = self.z
        if abs(z) <= WITHIN_Z:
            return Verdict.WITHIN
        if z > 0:
            return Verdict.FAR_MORE if z > FAR_Z else Verdict.MORE
        return Verdict.FAR_FEWER if z < -FAR_Z else Verdict.FEWER


def tally(draws: Iterable[Draw]) -> Tally:
    hands = observed = 0
    expected = variance = 0.0
    for draw in draws:
        hands += 1
        observed += draw.observed
        expected += draw.expected
        variance += draw.variance
    return Tally(hands, observed, expected, variance)


@dataclass(frozen=True, slots=True)
class Step:
    """After a hand of the run: dealt minus expected so far, and chance's standard deviation of that."""

    difference: float
    sigma: float


def running(draws: Iterable[Draw]) -> tuple[Step, ...]:
    steps = []
    difference = variance = 0.0
    for draw in draws:
        difference += draw.observed - draw.expected
        variance += draw.variance
        steps.append(Step(difference, math.sqrt(variance)))
    return tuple(steps)
