"""Expert: the coach's best move under a clock.

It samples the worlds its seat cannot tell apart (knowledge.sample_world: the unseen tiles dealt where the
passes allow), weighs each by how likely the plays seen are in it (play_model.fitted_weight: a model of
sensible play fitted to the levels' plays; world_weigher), and judges
every option in each world with the coach's exact solver (solver.py: points to come, both sides playing
perfectly from there). It plays the option with the best weighted mean: the coach's expected value, on as
many worlds as its time allows; options that perfect play values alike (within a small margin) are told apart
by playouts against players who err, in the last fifth of its clock (near_best). When a world is too big to search in the time (early in a hand), it plays
out each option instead, on evidence-weighted worlds, for the whole of its time (the first world is searched
with a quarter of a world's nodes, so finding that out costs little of the clock). In a hand dealt out (no
stock) one solver table serves all the worlds of a decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..analysis.coach import Judge
from ..analysis.core import solver_fits
from ..analysis.solver import OutOfBudget
from ..hand import Hand
from ..knowledge import Evidence, evidence_weight, infer, play_evidence, sample_world
from ..moves import Move
from ..play_model import (
    FITTED_SHARE,
    FITTED_WEIGHTS,
    Sighting,
    decision_sighting,
    fitted_weight,
    option_features,
    partner_of,
    play_log_chance,
    seen_plays,
)
from ..rules import Rules, Scoring
from ..tiles import Tile, full_set
from ..view import PlayerView
from .alphamu import WinTest, alpha_mu_means, sign, wins_decide
from .careless import careless_chances, mixed_weigher
from .reply import CARELESS, MODEL, Leaves, Points, Wins, replied_value, reply_sighting
from .search import monte_carlo, now

__all__ = [
    "Evidence",
    "every_tile_seen_or_held",
    "evidence_weight",
    "exact_pimc",
    "expert_choice",
    "node_rate",
    "play_evidence",
    "settled",
    "win_bonus",
    "win_first",
    "world_weigher",
]

# Solver nodes a millisecond, by the core that searches (they set a world's node budget). Measured as the
# Expert spends them (every option of a position judged in one world, benchmarks/expert_node_rate.py, CPU
# time, load about 3 on this project's 2 cores): pure Python 270-330; the compiled core's median 9,200 on
# Puerto Rican, 13,900 on Jamaican and block (slowest position 5,900), 7,500 on Cuban double-9 (slowest
# 1,240: a search of a million nodes outgrows its table). The compiled figure is below the slowest 28-tile
# position: a budget too big costs the clock more than one too small, and a world that runs slow is caught
# by the first world's probe (a quarter of the budget) and the pace check after it.
PURE_NODE_RATE = 240
COMPILED_NODE_RATE = 6_000
MIN_WORLDS = 8  # exact worlds wanted in the time before the average is trusted; fewer and it plays out
FEWEST_WORLDS = 4  # exact worlds that, if the clock ran out before MIN_WORLDS, still beat starting over
MAX_WORLDS = 400  # late in a hand a world costs a millisecond: enough to settle the mean
# (session 26: with the compiled core 400 worlds are reached at the median decision from 6 tiles in hand down,
# where the clock has room left; a benchmark seat raises it, docs/STRENGTH.md)
SETTLED_AFTER = 24  # worlds before the clock may stop early because the best option is clear
SETTLED_Z = 3.0  # how many standard errors the best option's lead over the next must be to stop early
PROBE_SHARE = 4  # the first world gets this fraction of a world's nodes: early in a hand it fails, and a failure
# that cost a whole world's share of the clock (four times that on a loaded machine) starves the playouts


# The worlds are weighed by play_model's fitted model of play rather than knowledge's habit player (session 18:
# it reads the partner's and Hard's plays better and was not worse in paired screening; docs/STRENGTH.md).
FITTED_WORLDS = True

# Each world's value of an option: whether the side comes out ahead (+1), level (0) or behind (-1) rather than the
# points margin (alphamu.WinTest: the share of hands won is what is asked; session 21 screens it).
WIN_OBJECTIVE = False
# From this many tiles in the seat's hand down, the worlds are searched together by alpha-mu (alphamu.py: the
# seat's next ALPHA_MU_DEPTH - 1 moves one for every world, the worlds valued won or lost) instead of one by one;
# 0: never (session 21 screens it).
ALPHA_MU_TILES = 0
ALPHA_MU_DEPTH = 2
# Points a won hand counts beyond its margin in each world's value of an option: v + WIN_BONUS * sign(v). Minimax
# commutes with a non-decreasing transform of the end values, so this is the exact value under "win first, points
# second" (a bonus far above a hand's points) or a blend of the two (one near them) from the same search, unlike
# WIN_OBJECTIVE's separate tests. Only where the hand's points are all scored at its end (wins_decide) and counted in
# points (games counted in hands value hands already). 0: points only, as shipped (session 22 screens it).
WIN_BONUS = 0.0
# How the next seat's reply to each option is valued in each world: "" by minimax (PIMC: as if it saw the Expert's
# hand), "model" by play_model's chances of its plays given its own tiles, "softmin" by a quantal response on the
# replies' exact values (reply.py; session 23 screens them), "careless" by the next seat's read chance of playing
# any tile that fits (session 25). Off ("") as shipped. With WIN_OBJECTIVE the values
# weighed are the signs of the outcomes after each reply (session 24 screens the two together).
EXPERT_REPLY = ""
# With EXPERT_REPLY "careless" (session 25 screens it): the next seat's chance of playing any tile that fits, read
# from its plays this hand (careless.py), weighs its reply as the uniform mean over its replies against the perfect
# reply. Below this chance the reply is the perfect one: the mixture would move a value by less than a twentieth of
# the replies' spread, and a search a reply costs a third of the worlds where the clock binds (session 23).
CARELESS_FLOOR = 0.05
READING_SEED = 0xCA7E  # the reading's own worlds: the valued worlds are drawn as with the switch off
# The worlds weighed with each opponent a mixture of the two kinds by its read chance (careless.mixed_weigher): a
# careless seat's plays say nothing of its tiles but what fitted, where the fitted model reads its choices as
# sensible ones (session 25 screens it). Off as shipped.
CARELESS_WORLDS = False
# The worlds' weights raised to this power (session 26 screens it): 1 as shipped; 0 counts every world alike,
# between 0 and 1 tempers a model of play that may read too much into plays (a random team's tell nothing), above 1
# sharpens one that reads too little.
WEIGHT_POWER = 1.0
# A convention between partners (session 28 screens it): among the options whose exact means lie within
# SIGNAL_POINTS of the best (SIGNAL_HANDS in games counted in hands), the one the fitted model of play expects most
# of a seat holding this hand, so that the partner's plays say more of its tiles; 0: off (near ties go to playouts).
SIGNAL_POINTS = 0.0
SIGNAL_HANDS = 0.0
# The partner's plays read with the fitted model's weights times PARTNER_SHARPNESS and PARTNER_SHARE of them taken
# for the model's (a partner that keeps the convention follows the model more closely than the plays it was fitted
# on); 1 and the fitted share as shipped.
PARTNER_SHARPNESS = 1.0
PARTNER_SHARE = FITTED_SHARE


def win_bonus(rules: Rules) -> float:
    """The points a won hand counts beyond its margin in these rules: WIN_BONUS where it applies, else 0."""
    if not wins_decide(rules) or rules.scoring is Scoring.ONE_PER_HAND:
        return 0.0
    return WIN_BONUS


def win_first(value: float, bonus: float) -> float:
    """A world's points margin `value` with `bonus` points more for a hand won and less for one lost."""
    return value + bonus * sign(value)


def world_weigher(view: PlayerView) -> Callable[[Sequence[Sequence[Tile]]], float]:
    """How likely the plays the seat has seen are in a world of these hands, under the Expert's model of play
    (kept by hands: late in a hand many of the sampled worlds deal the few hidden tiles alike)."""
    if FITTED_WORLDS and CARELESS_WORLDS:
        rules = view.rules
        opponents = [s for s in range(rules.players) if rules.side_of(s) != rules.side_of(view.seat)]
        read = careless_chances(view, opponents, random.Random(READING_SEED))
        weigh = mixed_weigher(view, {seat: p for seat, p in read.items() if p >= CARELESS_FLOOR})
    elif FITTED_WORLDS:
        seen = seen_plays(view)
        log_chance = partner_reader(view)

        def weigh(hands: Sequence[Sequence[Tile]]) -> float:
            return fitted_weight(seen, hands, log_chance)
    else:
        evidence = play_evidence(view)

        def weigh(hands: Sequence[Sequence[Tile]]) -> float:
            return evidence_weight(evidence, hands)

    known: dict[tuple[frozenset[Tile], ...], float] = {}
    power = WEIGHT_POWER

    def kept(hands: Sequence[Sequence[Tile]]) -> float:
        key = tuple(frozenset(h) for h in hands)
        if key not in known:
            known[key] = weigh(hands) if power == 1.0 else weigh(hands) ** power
        return known[key]

    return kept


def partner_reader(view: PlayerView) -> Callable[[Sighting, set[Tile]], float]:
    """The log chance of a play seen, the partner's read with PARTNER_SHARPNESS and PARTNER_SHARE."""
    partner = partner_of(view.rules, view.seat)
    if partner is None or (PARTNER_SHARPNESS == 1.0 and PARTNER_SHARE == FITTED_SHARE):
        return play_log_chance
    sharp = tuple(w * PARTNER_SHARPNESS for w in FITTED_WEIGHTS)
    share = PARTNER_SHARE

    def log_chance(sighting: Sighting, held: set[Tile]) -> float:
        if sighting.seat == partner:
            return play_log_chance(sighting, held, sharp, share)
        return play_log_chance(sighting, held)

    return log_chance


def signalled(view: PlayerView, means: dict[Move, float], win_only: bool) -> Move | None:
    """The convention's choice among the options within the signal margin of the best (SIGNAL_POINTS or
    SIGNAL_HANDS): the play the fitted model of play expects most of this hand; None where the convention
    does not apply (off, one option close, a pose, a layout the model does not read)."""
    hands = win_only or view.rules.scoring is Scoring.ONE_PER_HAND
    margin = SIGNAL_HANDS if hands else SIGNAL_POINTS
    if margin <= 0.0:
        return None
    top = max(means.values())
    close = [m for m in means if means[m] >= top - margin]
    if len(close) < 2:
        return None
    sighting = decision_sighting(view)
    if sighting is None:
        return None
    scores: dict[tuple[Tile | None, int | None], float] = {
        option: sum(w * f for w, f in zip(FITTED_WEIGHTS, row, strict=True))
        for option, row in option_features(sighting, view.tiles)
    }
    if any((m.tile, m.end) not in scores for m in close):
        return None
    return max(close, key=lambda m: (scores[(m.tile, m.end)], means[m]))


def settled(samples: list[tuple[float, list[float]]]) -> bool:
    """Whether the best option's weighted mean leads the next best's by SETTLED_Z standard errors of the
    paired difference over the worlds (`samples`: each world's weight and its values by option)."""
    if len(samples) < SETTLED_AFTER or len(samples[0][1]) < 2:
        return len(samples) >= SETTLED_AFTER
    weights = sum(w for w, _ in samples)
    means = [sum(w * v[i] for w, v in samples) / weights for i in range(len(samples[0][1]))]
    first, second = sorted(range(len(means)), key=lambda i: -means[i])[:2]
    lead = means[first] - means[second]
    spread = sum(w * (v[first] - v[second] - lead) ** 2 for w, v in samples) / weights
    effective = weights * weights / sum(w * w for w, _ in samples)  # worlds' worth, given unequal weights
    return lead > 0 and lead * lead * effective > SETTLED_Z * SETTLED_Z * spread


def node_rate(rules: Rules) -> int:
    """Solver nodes a millisecond for these rules: the compiled core's rate when it searches them."""
    tiles = len(full_set(rules.set_top, rules.removed_tiles))
    return COMPILED_NODE_RATE if solver_fits(rules, tiles) else PURE_NODE_RATE


def every_tile_seen_or_held(view: PlayerView) -> bool:
    """Whether every tile is in a hand or on the table (no stock, none asleep): then a position's key is the
    whole position, and one solver table serves every world of a decision (what one world's search learns
    serves the next)."""
    placed = len(view.public.layout.placements)
    return view.stock == 0 and sum(view.hand_sizes) + placed == len(
        full_set(view.rules.set_top, view.rules.removed_tiles)
    )


def exact_pimc(
    view: PlayerView, plays: list[Move], seed: int, deadline: float, max_worlds: int | None = None
) -> dict[Move, float] | None:
    """Weighted mean exact value of each play over sampled worlds until the deadline (with WIN_OBJECTIVE, of
    whether the side comes out ahead, level or behind: +1, 0, -1; with a win bonus, of win_first's points; with
    EXPERT_REPLY, the next seat's reply weighed by its chances, each (play, reply) valued as above); None when the
    worlds are too big to search enough of them in the time (the caller then plays out)."""
    if max_worlds is None:
        max_worlds = MAX_WORLDS  # read at the call: a benchmark seat may set it (session 26)
    rng = random.Random(seed)
    knowledge = infer(view)
    side = view.rules.side_of(view.seat)
    weigh = world_weigher(view)
    started = now()
    span = max(0.0, deadline - started)
    # Each world gets the nodes it could search in its share of the time; a bigger one is skipped.
    node_budget = max(500, int(node_rate(view.rules) * 1000.0 * span / MIN_WORLDS))
    samples: list[tuple[float, list[float]]] = []
    skipped = 0
    dealt_out = every_tile_seen_or_held(view)
    leaves: Leaves | None = None
    win_objective = WIN_OBJECTIVE and wins_decide(view.rules)
    bonus = 0.0 if win_objective else win_bonus(view.rules)  # a sign has no points to add a bonus to
    reply = EXPERT_REPLY
    # What is public when the next seat replies to each play: the same in every world.
    sightings = [reply_sighting(view.public, move) for move in plays] if reply == MODEL else [None] * len(plays)
    careless = 0.0
    if reply == CARELESS:
        after = (view.seat + 1) % view.rules.players
        chance = careless_chances(view, [after], random.Random(seed ^ READING_SEED))[after]
        careless = chance if chance >= CARELESS_FLOOR else 0.0
    while len(samples) < max_worlds:
        world = sample_world(view, knowledge, rng)
        # The world's stock is a guess in the order it was sampled: the solver takes it as the order dealt.
        if leaves is None or not dealt_out:
            leaves = (
                Wins(WinTest(world, side, node_budget), world)
                if win_objective
                else Points(Judge(view.rules, world, node_budget), side)
            )
        leaves.budget = node_budget if samples or skipped else node_budget // PROBE_SHARE
        try:
            # Each world's value of a play: the win objective's sign or the points margin (the leaves), after the
            # next seat's modelled reply (EXPERT_REPLY) or PIMC's perfect one.
            values = [
                win_first(
                    replied_value(leaves, world, move, reply, sighting, careless)
                    if reply
                    else leaves.option(world, move),
                    bonus,
                )
                for move, sighting in zip(plays, sightings, strict=True)
            ]
        except OutOfBudget:
            skipped += 1
            if skipped > len(samples):  # most worlds are too big: exact values would be a biased few
                return None
            continue
        samples.append((weigh(world.hands), values))
        worlds = len(samples)
        clock = now()
        if worlds == 1 and (clock - started) * MIN_WORLDS > span:
            return None  # at this pace too few worlds: the playouts get the time instead
        # Stop when another world of the mean cost would end past the deadline (keeps the clock's p95).
        if clock + (clock - started) / (worlds + skipped) > deadline and worlds >= FEWEST_WORLDS:
            break
        if clock >= deadline or (worlds % 8 == 0 and settled(samples)):
            break
    weights = sum(w for w, _ in samples)
    if len(samples) < FEWEST_WORLDS or weights <= 0.0:
        return None
    return {m: sum(w * v[i] for w, v in samples) / weights for i, m in enumerate(plays)}


# Perfect play from both sides values many options alike: a hand lost (or won) whatever the seat does, or
# points that come out the same. Against perfect players the choice among them is indifferent; against real
# ones it is not (a lost hand may still be won if an opponent errs). So among the options within TIE_POINTS
# (games in points; TIE_HANDS of a hand in games counted in hands) of the best exact mean, playouts with the
# Hard level's policy (a player who errs) choose, for TIE_SHARE of the clock (kept from the exact search). With a
# win bonus the means count it TIE_HANDS of a hand too: TIE_POINTS plus the bonus's share of a hand won.
TIE_HANDS = 0.02
TIE_POINTS = 0.5
TIE_SHARE = 0.2


def near_best(rules: Rules, means: dict[Move, float], win_only: bool = False, bonus: float = 0.0) -> list[Move]:
    """The options whose exact mean is within the tie margin of the best, best first (`win_only`: the means
    are of hands won and lost, whatever the scoring; `bonus`: the points means count a hand won beyond its margin)."""
    hands = win_only or rules.scoring is Scoring.ONE_PER_HAND
    margin = TIE_HANDS if hands else TIE_POINTS + bonus * TIE_HANDS
    top = max(means.values())
    return sorted((m for m in means if means[m] >= top - margin), key=lambda m: (-means[m], -m.pips))


def expert_choice(
    view: PlayerView, plays: list[Move], rng_seed: int, movetime_ms: float, tie_share: float = TIE_SHARE
) -> Move:
    """The expert's play: the best weighted mean of the exact values over sampled worlds (near ties settled
    by playouts), or of playouts on weighted worlds while the hand is too big to search in the time."""
    started = now()
    deadline = started + movetime_ms / 1000.0
    exact_until = started + (1.0 - tie_share) * movetime_ms / 1000.0
    weigh_hands = world_weigher(view)
    means = None
    if len(view.tiles) <= ALPHA_MU_TILES:
        budget = int(node_rate(view.rules) * (exact_until - started) * 1000.0 / MIN_WORLDS)
        dealt_out = every_tile_seen_or_held(view)
        means = alpha_mu_means(view, plays, rng_seed, exact_until, ALPHA_MU_DEPTH, weigh_hands, budget, dealt_out)
    win_only = (WIN_OBJECTIVE and wins_decide(view.rules)) or means is not None
    bonus = 0.0 if win_only else win_bonus(view.rules)
    if means is None:
        means = exact_pimc(view, plays, rng_seed, exact_until)

    def weigh(world: Hand) -> float:
        return weigh_hands(world.hands)

    if means is None:
        return monte_carlo(view, plays, random.Random(rng_seed), deadline, weigh=weigh)
    convention = signalled(view, means, win_only)
    if convention is not None:
        return convention
    tied = near_best(view.rules, means, win_only, bonus)
    if len(tied) == 1 or tie_share <= 0.0:
        return tied[0]
    until = min(deadline, now() + tie_share * movetime_ms / 1000.0)
    return monte_carlo(view, tied, random.Random(rng_seed ^ 0x5EED), until, weigh=weigh)
