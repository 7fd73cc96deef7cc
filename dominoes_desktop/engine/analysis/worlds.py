"""The worlds a seat cannot tell apart at one decision, and how likely each is.

A world is a full deal of the tiles the seat could not see (the other hands, the stock) consistent with its
view at that moment: its own tiles, the tiles played, every hand's size, the stock's size, and the numbers a
seat showed it lacks by passing or drawing. Worlds are drawn by the CPUs' sampler (`cpu.knowledge`) and
weighted by the plays seen, as the Expert weighs them (`evidence_weight`): a world in which a seat held heavy
tiles it could have played, yet played a light one, is less likely than one in which it had no better choice.

The weighting lives here so that the coach and the Expert can share one copy (cpu/expert.py has its own
twin of these two functions today; it can import them from here).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..cpu.knowledge import infer, sample_world
from ..hand import Hand
from ..moves import MoveKind
from ..rules import LayoutKind
from ..tiles import Tile
from ..view import PlayerView

EVIDENCE_TEMPERATURE = 6.0  # how loosely players are taken to follow "heaviest tile first" (pips, +4 a double)


def view_at(position: Hand, seat: int, hand_index: int = 0) -> PlayerView:
    """What `seat` could see in `position` (a hand in play with every tile known): its own tiles and the
    public record, nothing of the other hands."""
    rules = position.rules
    return PlayerView(
        rules=rules,
        seat=seat,
        hand_index=hand_index,
        tiles=tuple(position.hands[seat]),
        leader=position.leader,
        moves=tuple(position.history),
        hand_sizes=tuple(len(h) for h in position.hands),
        stock=len(position.stock),
        scores=(0,) * rules.sides,
        forced_pose=position.forced_pose if seat == position.leader else None,
    )


def _heft(tile: Tile) -> float:
    return tile.pips + (4.0 if tile.is_double else 0.0)


# One play seen: who played it, the tile, and the open ends it was chosen on.
Evidence = tuple[tuple[int, Tile, tuple[int, ...]], ...]


def play_evidence(view: PlayerView) -> Evidence:
    """The plays of the other seats after the pose, with the open ends each was chosen on (line layouts;
    a seat that ever drew is left out, its hand at the time is not known)."""
    if view.rules.layout is not LayoutKind.LINE:
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


@dataclass(frozen=True)
class SampledWorld:
    """One world: the full hand (every seat's tiles, the stock in a sampled order) and its raw weight."""

    hand: Hand
    weight: float


def sample_worlds(view: PlayerView, count: int, seed: int) -> list[SampledWorld]:
    """`count` worlds consistent with `view`, the same ones for the same seed, each weighted by the plays seen."""
    rng = random.Random(seed)
    knowledge = infer(view)
    evidence = play_evidence(view)
    found = []
    for _ in range(count):
        world = sample_world(view, knowledge, rng)
        found.append(SampledWorld(world, evidence_weight(evidence, world.hands)))
    return found


def consistent(view: PlayerView, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile]) -> bool:
    """Whether a world fits `view`: the seat's own tiles, every hand's size and the stock's, the unseen tiles
    each in one place at most, and no tile of a number a seat showed it lacked. (For checking a sample.)"""
    knowledge = infer(view)
    if tuple(hands[view.seat]) != view.tiles or len(stock) != view.stock:
        return False
    if any(len(h) != size for h, size in zip(hands, view.hand_sizes, strict=True)):
        return False
    hidden = [t for s, h in enumerate(hands) if s != view.seat for t in h] + list(stock)
    unseen = set(knowledge.unseen)
    if len(set(hidden)) != len(hidden) or not set(hidden) <= unseen:
        return False
    return all(
        t.high not in knowledge.voids[s] and t.low not in knowledge.voids[s]
        for s, h in enumerate(hands)
        if s != view.seat
        for t in h
    )
