"""Expert: perfect-information Monte Carlo with the coach's exact solver.

Like hard it samples worlds consistent with its seat's view (knowledge.sample_world: the unseen tiles dealt
where the passes allow), but it judges each option in a world with the exact solver (solver.py, the value the
coach uses) instead of a playout. Early in a hand a world is too big to search in time: then it plays as hard
does (playouts), so it is never weaker for want of time.

The worlds are weighted by the evidence of the plays seen (`evidence_weight`): a world in which a seat held
heavy tiles it could have played, yet played a light one, is less likely than one in which it had no better
choice. Passes already rule worlds out (the sampler deals no tile of a number a seat passed on).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..analysis.coach import Judge
from ..analysis.solver import OutOfBudget
from ..moves import Move, MoveKind
from ..rules import LayoutKind
from ..tiles import Tile
from ..view import PlayerView
from .knowledge import infer, sample_world
from .search import monte_carlo

WORLD_BUDGET = 18_000  # solver nodes for one world's options before the position counts as too big (a node
# costs about two thirds of what it did when this was 12 000)
MIN_WORLDS = 8  # exact worlds wanted before trusting the average; fewer in time and it falls back
EXACT_SHARE = 0.6  # of the move time, what the exact worlds may take before playouts take over
FALLBACK_MS = 150.0  # the least time left for playouts (hard's move time)
EVIDENCE_TEMPERATURE = 6.0  # how loosely people are taken to follow "heaviest tile first" (pips, +4 a double)


def _heft(tile: Tile) -> float:
    return tile.pips + (4.0 if tile.is_double else 0.0)


# One play seen: who played it, the tile, and the open ends it was chosen on.
Evidence = tuple[tuple[int, Tile, tuple[int, ...]], ...]


def play_evidence(view: PlayerView) -> Evidence:
    """The plays of the other seats after the pose, with the open ends each was chosen on (line layouts;
    a seat that ever drew is left out, its hand at the time is not known)."""
    rules = view.rules
    if rules.layout is not LayoutKind.LINE:
        return ()
    drew = {t.seat for t in view.moves if t.move.kind is MoveKind.DRAW}
    placements = view.public.layout.placements
    if not placements:
        return ()
    pose = placements[0].tile
    ends = [pose.high, pose.low]
    seen: list[tuple[int, Tile, tuple[int, ...]]] = []
    for placement in placements[1:]:
        joined = placement.joined
        assert joined is not None
        if placement.seat != view.seat and placement.seat not in drew:
            seen.append((placement.seat, placement.tile, tuple(ends)))
        ends[ends.index(joined)] = placement.tile.other(joined)
    return tuple(seen)


def evidence_weight(evidence: Evidence, hands: Sequence[Sequence[Tile]]) -> float:
    """How likely the plays seen are in a world where the seats hold `hands` now: the product over the plays
    of the chance that a player who prefers heavy tiles (softly, EVIDENCE_TEMPERATURE) picks the tile played
    among the tiles it then held that fitted."""
    held = [set(h) for h in hands]
    log_weight = 0.0
    for seat, tile, ends in reversed(evidence):
        held[seat].add(tile)  # going back in time, the seat held what it played from then on
        fitting = [t for t in held[seat] if t.high in ends or t.low in ends]
        if len(fitting) > 1:
            scale = max(_heft(t) for t in fitting)
            total = sum(math.exp((_heft(t) - scale) / EVIDENCE_TEMPERATURE) for t in fitting)
            log_weight += (_heft(tile) - scale) / EVIDENCE_TEMPERATURE - math.log(total)
    return math.exp(max(log_weight, -600.0))  # never 0: a world the sampler dealt is possible


def exact_pimc(
    view: PlayerView, plays: list[Move], seed: int, deadline: float, max_worlds: int = 200
) -> dict[Move, float] | None:
    """Mean exact value of each play over sampled worlds until the deadline; None if even one world is too
    big to search (the caller then uses playouts)."""
    rng = random.Random(seed)
    knowledge = infer(view)
    side = view.rules.side_of(view.seat)
    evidence = play_evidence(view)
    totals = dict.fromkeys(plays, 0.0)
    weights = 0.0
    worlds = 0
    while worlds < max_worlds and (worlds < MIN_WORLDS or time.perf_counter() < deadline):
        world = sample_world(view, knowledge, rng)
        # The world's stock is a guess in the order it was sampled: the solver takes it as the order dealt.
        judge = Judge(view.rules, world, WORLD_BUDGET)
        weight = evidence_weight(evidence, world.hands)
        try:
            values = [judge.option_value(world, move, side, True, 0) for move in plays]
        except OutOfBudget:
            return None
        for move, value in zip(plays, values, strict=True):
            totals[move] += weight * value
        weights += weight
        worlds += 1
        if worlds < MIN_WORLDS and time.perf_counter() > deadline:
            return None
    return {m: total / weights for m, total in totals.items()}


def expert_choice(view: PlayerView, plays: list[Move], rng_seed: int, movetime_ms: float) -> Move:
    """The expert's play: from the exact solver in sampled worlds, or playouts as hard's when too big to search."""
    started = time.perf_counter()
    deadline = started + movetime_ms / 1000.0
    means = exact_pimc(view, plays, rng_seed, started + EXACT_SHARE * movetime_ms / 1000.0)
    if means is None:
        # Too big to search: playouts as hard plays them, with at least hard's own time left for them.
        playouts_until = max(deadline, time.perf_counter() + FALLBACK_MS / 1000.0)
        return monte_carlo(view, plays, random.Random(rng_seed), playouts_until)
    return max(plays, key=lambda m: (means[m], m.kind is MoveKind.PLAY and m.tile is not None and m.tile.pips))
