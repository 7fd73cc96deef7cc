"""Expert: perfect-information Monte Carlo with the coach's exact solver.

Like hard it samples worlds consistent with its seat's view (knowledge.sample_world: the unseen tiles dealt
where the passes allow), but it judges each option in a world with the exact solver (solver.py, the value the
coach uses) instead of a playout. Early in a hand a world is too big to search in time: then it plays as hard
does (playouts), so it is never weaker for want of time.
"""

from __future__ import annotations

import random
import time

from ..coach import Judge
from ..moves import Move, MoveKind
from ..solver import OutOfBudget
from ..view import PlayerView
from .knowledge import infer, sample_world
from .search import monte_carlo

WORLD_BUDGET = 12_000  # solver nodes for one world's options before the position counts as too big
MIN_WORLDS = 8  # exact worlds wanted before trusting the average; fewer in time and it falls back
EXACT_SHARE = 0.6  # of the move time, what the exact worlds may take before playouts take over
FALLBACK_MS = 150.0  # the least time left for playouts (hard's move time)


def exact_pimc(
    view: PlayerView, plays: list[Move], seed: int, deadline: float, max_worlds: int = 200
) -> dict[Move, float] | None:
    """Mean exact value of each play over sampled worlds until the deadline; None if even one world is too
    big to search (the caller then uses playouts)."""
    rng = random.Random(seed)
    knowledge = infer(view)
    side = view.rules.side_of(view.seat)
    totals = dict.fromkeys(plays, 0.0)
    worlds = 0
    while worlds < max_worlds and (worlds < MIN_WORLDS or time.perf_counter() < deadline):
        world = sample_world(view, knowledge, rng)
        # The world's stock is a guess in the order it was sampled: the solver takes it as the order dealt.
        judge = Judge(view.rules, world, WORLD_BUDGET)
        try:
            for move in plays:
                totals[move] += judge.option_value(world, move, side, True, 0)
        except OutOfBudget:
            return None
        worlds += 1
        if worlds < MIN_WORLDS and time.perf_counter() > deadline:
            return None
    return {m: total / worlds for m, total in totals.items()}


def expert_choice(view: PlayerView, plays: list[Move], rng_seed: int, movetime_ms: float) -> tuple[Move, bool]:
    """The expert's play, and whether it came from the exact solver (False: playouts, as hard)."""
    started = time.perf_counter()
    deadline = started + movetime_ms / 1000.0
    means = exact_pimc(view, plays, rng_seed, started + EXACT_SHARE * movetime_ms / 1000.0)
    if means is None:
        # Too big to search: playouts as hard plays them, with at least hard's own time left for them.
        playouts_until = max(deadline, time.perf_counter() + FALLBACK_MS / 1000.0)
        best = monte_carlo(view, plays, random.Random(rng_seed), playouts_until)
        return best, False
    best = max(plays, key=lambda m: (means[m], m.kind is MoveKind.PLAY and m.tile is not None and m.tile.pips))
    return best, True
