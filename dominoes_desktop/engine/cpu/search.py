"""Hard's search: sample hidden hands consistent with the table, play each candidate out, average."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..analysis.playout import play_out, supports
from ..hand import Hand
from ..knowledge import infer, sample_world
from ..moves import CLAIM, Move, MoveKind
from ..view import PlayerView
from .evaluation import outcome_value

MAX_WORLDS = 2000

# The CPUs' clock for their thinking time: the wall's at a table, where a person waits on it. The strength
# benchmarks switch to the process's CPU time (use_clock), so that a machine shared with other work weakens
# no level and two runs on one machine stay comparable.
_clock: Callable[[], float] = time.perf_counter


def now() -> float:
    """The CPUs' clock, in seconds."""
    return _clock()


def use_clock(clock: Callable[[], float]) -> None:
    """Time the CPUs' thinking in this process with `clock` (time.perf_counter or time.process_time)."""
    global _clock
    _clock = clock


ROLLOUT_NOISE = 3.0  # how loosely the playout policy follows "heaviest tile first"


def _rollout_move(hand: Hand, rng: random.Random) -> Move:
    """The playout policy: the heaviest tile that fits, doubles first, with a little noise."""
    moves = hand.legal_moves()
    if len(moves) == 1:
        return moves[0]
    best = moves[0]
    best_key = -1.0
    for move in moves:
        tile = move.tile
        assert tile is not None
        key = tile.high + tile.low + (4.0 if tile.high == tile.low else 0.0) + rng.random() * ROLLOUT_NOISE
        if key > best_key:
            best, best_key = move, key
    return best


def settle_claim(hand: Hand) -> None:
    """Claim at once whatever a play scored: in playouts and searches everybody claims (points missed are a
    human matter)."""
    if hand.pending is not None:
        hand.apply(CLAIM)


def playout(hand: Hand, side: int, rng: random.Random) -> float:
    """Play `hand` to its end with the playout policy and return its worth to `side`."""
    if hand.outcome is None and supports(hand.rules):
        return outcome_value(hand.rules, play_out(hand, rng.random, ROLLOUT_NOISE), side)
    settle_claim(hand)
    while hand.outcome is None:
        hand.apply_legal(_rollout_move(hand, rng))
        if hand.pending is not None:
            settle_claim(hand)
    return outcome_value(hand.rules, hand.outcome_facts(), side)


def monte_carlo(
    view: PlayerView,
    plays: list[Move],
    rng: random.Random,
    deadline: float | None,
    worlds_wanted: int = MAX_WORLDS,
    breather: float = 0.0,
    weigh: Callable[[Hand], float] | None = None,
) -> Move:
    """Evaluate every candidate on the same sampled worlds until the deadline (or, with no deadline,
    on exactly `worlds_wanted` worlds, so that a decision can be reproduced); return the best.

    `breather` seconds of sleep after each world let another thread (a window drawing itself) run freely.
    `weigh` gives each world a weight (how likely it is given the plays seen); without it they count alike."""
    knowledge = infer(view)
    side = view.rules.side_of(view.seat)
    totals = dict.fromkeys(plays, 0.0)
    worlds = 0
    while worlds < worlds_wanted and (worlds == 0 or deadline is None or now() < deadline):
        world = sample_world(view, knowledge, rng)
        weight = 1.0 if weigh is None else weigh(world)
        for move in plays:
            trial = world.copy()
            trial.apply_legal(move)
            totals[move] += weight * playout(trial, side, rng)
        worlds += 1
        if breather:
            time.sleep(breather)
    # Every candidate saw the same worlds and weights: the totals rank them as their means would.
    return max(plays, key=lambda m: (totals[m], m.kind is MoveKind.PLAY and m.tile is not None and m.tile.pips))
