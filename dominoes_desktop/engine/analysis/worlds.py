"""The worlds a seat cannot tell apart at one decision, and how likely each is.

A world is a full deal of the tiles the seat could not see (the other hands, the stock) consistent with its
view at that moment: its own tiles, the tiles played, every hand's size, the stock's size, and the numbers a
seat showed it lacks by passing or drawing. Worlds are drawn by the CPUs' sampler (`engine.knowledge`) and
weighted by the plays seen under the habit player's model (`engine.knowledge.evidence_weight`): a world in
which a seat held heavy tiles it could have played, yet played a light one, is less likely than one in which it
had no better choice. (Since session 18 the Expert weighs its own worlds by a model fitted to the levels' plays,
`engine.play_model`; the coach keeps the habit player, whose grades and their steadiness were measured.)
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from ..hand import Hand
from ..knowledge import evidence_weight, infer, play_evidence, weighted_worlds
from ..rules import Style
from ..tiles import Tile
from ..view import PlayerView


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


@dataclass(frozen=True)
class SampledWorld:
    """One world: the full hand (every seat's tiles, the stock in a sampled order) and its raw weight."""

    hand: Hand
    weight: float


def sample_worlds(view: PlayerView, count: int, seed: int) -> list[SampledWorld]:
    """`count` worlds consistent with `view`, the same ones for the same seed, each weighted by the plays seen
    under the habit player's model (one weighting: `engine.knowledge.weighted_worlds`)."""
    return [SampledWorld(world, weight) for world, weight in weighted_worlds(view, random.Random(seed), count)]


def _places(view: PlayerView) -> tuple[list[Tile], list[tuple[int, ...]], list[int]] | None:
    """The unseen tiles, where each may lie (the other seats by index, the stock last) and how many tiles each
    place holds; None when the stock's order matters (a seat may still draw from it), so that the worlds are
    not mere deals of tiles to places."""
    if view.stock and view.rules.style is not Style.BLOCK:
        return None
    knowledge = infer(view)
    seats = [s for s in range(view.rules.players) if s != view.seat]
    sizes = [view.hand_sizes[s] for s in seats] + [view.stock]
    tiles = list(knowledge.unseen)
    allowed = [
        tuple(
            p
            for p in range(len(sizes))
            if sizes[p]
            and (
                p == len(seats) or (t.high not in knowledge.voids[seats[p]] and t.low not in knowledge.voids[seats[p]])
            )
        )
        for t in tiles
    ]
    return tiles, allowed, sizes


def _counter(allowed: Sequence[tuple[int, ...]]) -> Callable[[int, tuple[int, ...]], int]:
    """ways(i, needs): how many ways tiles i, i+1, ... can fill the places' `needs`."""

    @cache
    def ways(i: int, needs: tuple[int, ...]) -> int:
        if i == len(allowed):
            return 1
        return sum(ways(i + 1, _less(needs, p)) for p in allowed[i] if needs[p])

    return ways


def _less(needs: tuple[int, ...], place: int) -> tuple[int, ...]:
    return (*needs[:place], needs[place] - 1, *needs[place + 1 :])


def count_worlds(view: PlayerView) -> int | None:
    """How many deals of the unseen tiles fit `view` (each a world, all equally likely before the plays seen
    weigh them), or None when the worlds are not mere deals (a stock a seat may still draw from, in order).
    Tiles that may lie in the same places are alike to the count: it deals each such group at once."""
    places = _places(view)
    if places is None:
        return None
    _, allowed, sizes = places
    counts: dict[tuple[int, ...], int] = {tuple(sizes): 1}  # places' room left -> deals so far
    for where, many in Counter(allowed).items():
        following: defaultdict[tuple[int, ...], int] = defaultdict(int)
        for room, deals in counts.items():
            for split, ways in _splits(many, [room[p] for p in where]):
                left = list(room)
                for p, k in zip(where, split, strict=True):
                    left[p] -= k
                following[tuple(left)] += deals * ways
        counts = following
    return counts.get((0,) * len(sizes), 0)


def _splits(many: int, rooms: Sequence[int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each way to put `many` alike tiles in places with `rooms` free (how many in each), with the number of
    ways to choose which tiles go where (a multinomial)."""
    if not rooms:
        if many == 0:
            yield (), 1
        return
    for k in range(min(many, rooms[0]) + 1):
        for rest, ways in _splits(many - k, rooms[1:]):
            yield (k, *rest), ways * math.comb(many, k)


def every_world(view: PlayerView) -> list[SampledWorld]:
    """Every world that fits `view` (`count_worlds` of them, in one order whatever the seed), each weighted
    by the plays seen as `sample_worlds` weighs them: judged over all of them, a decision's verdict owes
    nothing to the luck of a sample."""
    places = _places(view)
    if places is None:
        raise ValueError("the worlds of a hand whose stock may still be drawn from are not deals of tiles")
    tiles, allowed, sizes = places
    ways = _counter(allowed)
    seats = [s for s in range(view.rules.players) if s != view.seat]
    evidence = play_evidence(view)
    lots: list[list[Tile]] = [[] for _ in sizes]
    found: list[SampledWorld] = []

    def deal(i: int, needs: tuple[int, ...]) -> None:
        if i == len(tiles):
            hands: list[tuple[Tile, ...]] = [()] * view.rules.players
            hands[view.seat] = tuple(view.tiles)
            for place, seat in enumerate(seats):
                hands[seat] = tuple(lots[place])
            found.append(SampledWorld(view.world(hands, tuple(lots[-1])), evidence_weight(evidence, hands)))
            return
        for p in allowed[i]:
            if needs[p] and ways(i + 1, _less(needs, p)):
                lots[p].append(tiles[i])
                deal(i + 1, _less(needs, p))
                lots[p].pop()

    deal(0, tuple(sizes))
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
