"""A hand's luck in points: what the deal and the stock gave each side, as a fixed reference team fares with them.

In games where nothing is drawn (every tile dealt, or the undealt ones sleep), a panel of two teams:

    luck(side) = LUCK_SHARE x (R(side | the hand as dealt) - R0(side | what was known before the deal))
               + LUCK_SHARE x (E(side | the hand as dealt) - E0(side | what was known before the deal))

where E and E0 are R and R0 (below) for a team of four Easy CPUs (`PANEL_LEVEL`, `PANEL_TEAMS` plays).

In games that draw from the stock, GNU Backgammon's luck of each chance event: the deal, then each draw,

    luck(side) = DRAWING_DEAL_SHARE x (S(side | the hands as dealt) - R0(side))
                 + DRAW_SHARE x sum over the hand's draws (anybody's) of (V(side | the tile drawn) - mean over the
                   tiles the stock could have given of V(side | that tile))

where S and V are the reference team's mean result with the stock's order shuffled for each play (nobody knows
it: the order is the draws' luck, counted draw by draw, `shuffled_value`), V from the position of the draw
with that tile drawn (`draw_luck`; the same seeds for every tile, so that the tiles' values differ by the tile).

R is the mean result for `side` (its points in the hand less every other side's: `solver.side_value` of the
hand's gains, bonuses included, no resets) when a **reference team** plays the hand exactly as it was dealt
(every seat's tiles, the stock in its drawing order, the leader and the tile the leader had to pose): four
Medium CPUs (`REFERENCE_LEVEL`), each deciding from its own view as at a table, `LUCK_TEAMS` times, seeded
from the deal itself. So the same deal has the same luck at any table: the two tables of a duplicate match get
the same luck of the deal, and where nothing is drawn their luck-adjusted results differ exactly as their
results do. (The reference used to be the playout policy, the heaviest tile that fits with noise: its value
of a deal correlated 0.1 to 0.4 with the results, a Medium table's 0.2 to 0.9; docs/RATING.md.) Measured side
by side and not kept (benchmarks/rating_luck.py): the deal's exact value face up (double dummy: deterministic
and cheap on double 6, but it correlates 0.13 to 0.30 with what players make of a deal, and widens the
adjusted spreads), a team of Hard CPUs (less than Medium's for every level), and more Medium plays (eight already
agree 0.94 with sixteen more; 32 plays change no level's adjusted spread by more than 2%).

R0 is what a hand was worth before its deal:
- when the deal decides who leads (the match's first hand, a hand after no winner or a win where the rules
  go back to the first hand's rule), every side is every other's mirror, so R0 is the same for every side
  and drops out of the centred luck below: holding the lead is luck;
- when the leader was known before the deal (the last hand's winner leads, or the next seat after a blocked
  hand), R0 is the reference team's mean over `PRIOR_DEALS` shuffles (seeded 0, 1, ...) with that leader and
  no forced pose: the lead was earned, not dealt. It is worked out once per rules (for seat 0 leading; another
  leader's is the same turned round the table), some 2.5 s a level: for the shipped presets it is not, but read
  from `luck_priors` (written by benchmarks/rating_priors.py, exactly what working it out gives, keyed by the
  rules' parameters that decide a hand: `prior_key`), so the judge's first such hand does not wait for it.

`LUCK_SHARE` (one half of each team's margin): what a deal gives a Medium table is not what it gives every
player. The same deals replayed by each CPU level (benchmarks/rating_luck.py --replays) show a deal's worth to
one level agreeing only in part with its worth to another (correlations 0.1 to 0.6), so the fixed estimate that
serves a player of any strength best is the mean of two unlike teams' margins: Easy's worth of a deal agrees
best with every level's, Medium's explains Medium's results. On the same deals replayed by every level (--floor)
the panel's luck-adjusted results vary less than the Medium team's half did for 11 of 12 levels and rules (by
1 to 4% of the spread; 1% more for the twelfth: docs/RATING.md), for some 0.2 s a double-6 hand, not 0.04 s.

Each side's luck is centred (less the mean over the sides), so it is zero-sum: with two sides side 0's luck is
minus side 1's (as the results are); with three or four sides (Cutthroat, All Fives, Room) the lucks of a
hand add up to 0 too, a deal's luck being one side's share of it against the others.
The luck-adjusted result is result - luck: the result with the deal's estimated worth to the side taken out.

The draws (DRAWING_DEAL_SHARE, DRAW_SHARE, measured on the fives' calibration deals, each replayed by every
level: benchmarks/rating_luck.py --floor): with the stock's order in the deal, the luck of the draws a Medium
table would make was counted, not of those the table made; counted draw by draw, every level's luck-adjusted
results in the fives vary less than with the deal's half alone (docs/RATING.md). A draw's luck is the table's
own: the two tables of a duplicate deal share the deal's luck, not their draws'. It costs some 0.3 s a hand
that draws (four Medium plays of each of up to `DRAW_TILES` tiles a draw), in the background judge.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import fields
from enum import Enum
from functools import cache

from ..deal import Dealer
from ..hand import Hand, HandOutcome
from ..match import lead_from_deal as lead_from_deal  # the rule's lead, told by the hand before (re-exported)
from ..moves import CLAIM, DRAW
from ..rules import AfterNoWinner, AfterWin, Rules, Style
from .solver import hand_gains, side_value
from .worlds import view_at

LUCK_VERSION = 1  # the definition's version, kept with every hand's luck the skill record stores: raise it with
# any change that changes a hand's luck (a share, a team, its plays, the seeds), and the stored luck of other
# versions is worked out again in the background (store/skill.py). 0: luck stored before versions were kept.
REFERENCE_LEVEL = "medium"  # the CPU level of the four seats of the reference team
LUCK_TEAMS = 8  # plays of a dealt hand by the reference team (Medium breaks its ties at random, and a tie
# broken another way can turn a hand: eight plays take most of that out; some 35 ms a double-6 hand)
PANEL_LEVEL = "easy"  # where nothing is drawn, the panel's second team: four Easy CPUs
PANEL_TEAMS = 32  # its plays of a dealt hand (Easy plays by whim two times in three: it needs more plays than
# Medium; some 0.17 s a double-6 hand)
LUCK_SHARE = 0.5  # where nothing is drawn, the share of each panel team's margin counted as luck (see above)
DRAWING_DEAL_SHARE = 0.75  # where the stock is drawn from: the share of the deal's worth (over every stock order)
DRAW_SHARE = 0.6  # and of each draw's luck (docs/RATING.md: measured on the calibration's deals)
PRIOR_DEALS = 400  # shuffles for what a hand is worth before its deal when the leader was known (once per
# rules, some 2 s): its standard error is about a twentieth of a hand's spread


def leader_can_be_known(rules: Rules) -> bool:
    """Whether a hand of these rules can have its leader known before its deal (its luck then needs `prior`):
    the last hand's winner leads, or the seat after the last leader when nobody won (`lead_from_deal`)."""
    return rules.after_win is not AfterWin.FIRST_HAND_RULE or rules.after_no_winner is AfterNoWinner.ROTATE


def hand_luck(start: Hand, from_deal: bool, draws: Sequence[tuple[int, Hand]] | None) -> tuple[float, ...]:
    """Each side's luck in the hand `start` (as dealt, before its first move), in the rules' points; the
    sides' lucks add up to 0. `draws`: the hand's draws from the stock, each its ply and the hand just before
    it (`draw_luck`), whose luck counts too; None for the deal's luck alone."""
    rules = start.rules
    leader = None if from_deal else start.leader
    before = prior(rules, leader)
    if not draws_from_stock(rules):
        # The panel: the Medium team's margin and the Easy team's, each against its own prior, half of each.
        dealt = centred(reference_result(start))
        easy = centred(panel_result(start))
        easy_before = prior(rules, leader, PANEL_LEVEL)
        return tuple(
            LUCK_SHARE * ((d - b) + (e - eb)) for d, b, e, eb in zip(dealt, before, easy, easy_before, strict=True)
        )
    # The stock's order is the draws' luck, counted draw by draw: the deal's worth is over every order.
    dealt = shuffled_value(start, deal_seed(start), LUCK_TEAMS)
    drawn = draw_luck(start, draws) if draws is not None else (0.0,) * rules.sides
    return tuple(DRAWING_DEAL_SHARE * (d - b) + DRAW_SHARE * w for d, b, w in zip(dealt, before, drawn, strict=True))


def reference_result(start: Hand) -> tuple[float, ...]:
    """Each side's mean result over `LUCK_TEAMS` plays of `start` by the reference team, seeded from its deal."""
    base = deal_seed(start)
    return mean_results(start, [base * LUCK_TEAMS + k for k in range(LUCK_TEAMS)])


def panel_result(start: Hand) -> tuple[float, ...]:
    """Each side's mean result over `PANEL_TEAMS` plays of `start` by four Easy CPUs, seeded from its deal."""
    base = deal_seed(start)
    return mean_results(start, [base * PANEL_TEAMS + k for k in range(PANEL_TEAMS)], PANEL_LEVEL)


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


def prior(rules: Rules, leader: int | None, level: str = REFERENCE_LEVEL) -> tuple[float, ...]:
    """Each side's centred mean result before a deal by a team of four `level` CPUs: `leader` leads every
    shuffle, or (None) the rules' opening picks the leader from each, which is the same for every side: 0 (see
    the module's docstring). Cached: the same for every hand of the rules."""
    # The level always passed on: a cache keyed by the arguments as written worked the Medium prior out twice
    # (some 2 s) when `prior(rules, 0)` followed `prior(rules, 1)`, which asks for `prior(rules, 0, level)`.
    return _prior(rules, leader, level)


@cache
def _prior(rules: Rules, leader: int | None, level: str) -> tuple[float, ...]:
    if leader is None:
        return (0.0,) * rules.sides
    turned = _turned_sides(rules, leader)
    if leader != 0 and turned is not None:
        at_zero = _prior(rules, 0, level)
        return tuple(at_zero[turned[side]] for side in range(rules.sides))
    if leader == 0:
        shipped = shipped_prior(rules, level)
        if shipped is not None:
            return shipped
    return worked_out_prior(rules, leader, level)


def worked_out_prior(rules: Rules, leader: int, level: str) -> tuple[float, ...]:
    """`prior` worked out: the `level` team's centred mean result over `PRIOR_DEALS` shuffles with `leader`
    leading (some 2.5 s a double-6 rule set)."""
    dealer = Dealer(rules)
    totals = [0.0] * rules.sides
    for number in range(PRIOR_DEALS):
        deal = dealer.deal(number)
        start = Hand(rules, deal.hands, deal.stock, leader, None)
        for side, value in enumerate(mean_results(start, [number], level)):
            totals[side] += value
    return centred(tuple(t / PRIOR_DEALS for t in totals))


# Rules fields that decide nothing within a hand (its name, the match's target, who leads the next hand, resets):
# left out of `prior_key`, so that a house rule on them keeps the shipped priors.
MATCH_FIELDS = frozenset(
    {
        "preset",
        "name",
        "customised",
        "target",
        "after_win",
        "after_no_winner",
        "six_love_reset",
        "cutthroat_reset",
        "target_needs_zero_opponent",
        "single_round",
        "redeal_doubles",  # a seat's request for a new deal is the match's, not the dealer's
        "sides",  # from `teams`
    }
)


def prior_key(rules: Rules) -> str:
    """The rules' parameters a hand's play and result depend on, as text: the key of the shipped priors
    (`luck_priors.PRIORS`). Every field of the rules but `MATCH_FIELDS`, so a field added later keys too."""
    return ";".join(
        f"{f.name}={_key_text(getattr(rules, f.name))}" for f in fields(rules) if f.name not in MATCH_FIELDS
    )


def _key_text(value: object) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return "(" + ",".join(_key_text(v) for v in value) + ")"
    return str(value)


def shipped_prior(rules: Rules, level: str) -> tuple[float, ...] | None:
    """The prior with seat 0 leading as benchmarks/rating_priors.py worked it out for the shipped presets
    (`luck_priors`), or None: rules not among them, or priors of another definition."""
    from . import luck_priors

    if luck_priors.LUCK_VERSION != LUCK_VERSION or luck_priors.PRIOR_DEALS != PRIOR_DEALS:
        return None
    return luck_priors.PRIORS.get((prior_key(rules), level))


def _turned_sides(rules: Rules, leader: int) -> tuple[int, ...] | None:
    """For each side, the side that sits where it would if `leader` were seat 0 (so its prior is that side's
    with seat 0 leading); None when the sides do not turn into one another round the table."""
    players = rules.players
    found: dict[int, int] = {}
    for seat in range(players):
        side, there = rules.teams[seat], rules.teams[(seat - leader) % players]
        if found.setdefault(side, there) != there:
            return None
    return tuple(found[side] for side in range(rules.sides))


def centred(values: tuple[float, ...]) -> tuple[float, ...]:
    level = sum(values) / len(values)
    return tuple(v - level for v in values)


def mean_results(start: Hand, seeds: list[int], level: str = REFERENCE_LEVEL) -> tuple[float, ...]:
    """Each side's mean result over plays of `start` by four `level` CPUs, one play a seed."""
    totals = [0.0] * start.rules.sides
    for seed in seeds:
        for side, value in enumerate(team_result(start, seed, level)):
            totals[side] += value
    return tuple(t / len(seeds) for t in totals)


def team_result(start: Hand, seed: int, level: str = REFERENCE_LEVEL) -> tuple[float, ...]:
    """Each side's result (`solver.side_value`) in one play of `start` by four `level` CPUs (`team_play`)."""
    rules = start.rules
    facts = team_play(start, seed, level)
    gains = hand_gains(rules, facts, facts.end_points)
    return tuple(side_value(gains, side) for side in range(rules.sides))


def team_play(start: Hand, seed: int, level: str = REFERENCE_LEVEL) -> HandOutcome:
    """One play of `start` (not changed) by four `level` CPUs (the reference team), each seat deciding from its
    own view."""
    from ..cpu.players import make_player  # the CPUs load with the first luck worked out

    rules = start.rules
    players = [make_player(level, seed * rules.players + seat) for seat in range(rules.players)]
    hand = start.copy()
    while hand.outcome is None:
        if hand.pending is not None:
            hand.apply(CLAIM)  # everybody claims at once
            continue
        hand.apply_legal(players[hand.turn].decide(view_at(hand, hand.turn)).move)
    return hand.outcome_facts()


DRAW_PLAYS = 4  # Medium plays from each tile a draw could have given (the same seeds for every tile, so that
# the tiles' values differ by the tile, not by the plays' noise)
DRAW_TILES = 8  # tiles a draw is weighed against at most (a seeded sample, the drawn one always among them)
MAX_DRAWS = 12  # draws weighed in a hand at most (a seeded sample; a draw's luck averages 0, so the others are
# only left out): the double-9 and double-12 cross games draw up to 30 times a hand, each Medium play slow


def draws_from_stock(rules: Rules) -> bool:
    """Whether a hand of these rules takes tiles from the stock as it goes (each draw is then a chance event)."""
    return rules.style is not Style.BLOCK


def draw_luck(start: Hand, draws: Sequence[tuple[int, Hand]]) -> tuple[float, ...]:
    """Each side's luck of the draws from the stock of the hand dealt as `start`, each given as its ply and the
    hand just before it (from the record's one walker): at each draw (anybody's), the reference team's value
    after the tile drawn less its mean over the tiles the stock could have given (every tile in it equally
    likely; each tile's value from `DRAW_PLAYS` plays by four Medium CPUs, the rest of the stock shuffled).
    GNU Backgammon's luck of a roll of the dice. Zero-sum. At most `MAX_DRAWS` draws of a hand are weighed."""
    rules = start.rules
    total = [0.0] * rules.sides
    # Seeded by what the table holds, not by the stock's order: every tile a draw could have given is weighed
    # alike, whichever came.
    base = deal_seed(Hand(rules, start.hands, sorted(start.stock), start.leader, start.forced_pose))
    weighed_draws = list(draws)
    if len(weighed_draws) > MAX_DRAWS:
        weighed_draws = sorted(random.Random(base).sample(weighed_draws, MAX_DRAWS), key=lambda d: d[0])
    for ply, hand in weighed_draws:
        seed = base + ply
        positions = list(range(1, len(hand.stock)))
        random.Random(seed).shuffle(positions)
        values = []
        for position in [0, *positions[: DRAW_TILES - 1]]:
            after = hand.copy()
            after.stock.insert(0, after.stock.pop(position))
            after.apply_legal(DRAW)
            values.append(shuffled_value(after, seed, DRAW_PLAYS))
        for side in range(rules.sides):
            total[side] += values[0][side] - sum(v[side] for v in values) / len(values)
    return tuple(total)


def shuffled_value(state: Hand, seed: int, plays: int) -> tuple[float, ...]:
    """Each side's centred mean result over `plays` plays of `state` by the reference team, the stock's order
    shuffled anew for each play (nobody at the table knows it), seeded by `seed`."""
    rules = state.rules
    rng = random.Random(seed)
    totals = [0.0] * rules.sides
    for _ in range(plays):
        hand = state.copy()
        hand.stock.sort()  # the stock's order does not count: only which tiles are in it
        rng.shuffle(hand.stock)
        for side, value in enumerate(team_result(hand, rng.randrange(1 << 30))):
            totals[side] += value
    return centred(tuple(t / plays for t in totals))
