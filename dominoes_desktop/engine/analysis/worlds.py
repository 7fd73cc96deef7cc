"""The worlds a seat cannot tell apart at one decision, and how likely each is.

A world is a full deal of the tiles the seat could not see (the other hands, the stock) consistent with its
view at that moment: its own tiles, the tiles played, every hand's size, the stock's size, and the numbers a
seat showed it lacks by passing or drawing. Worlds are drawn by the CPUs' sampler (`engine.knowledge`: every
deal that fits equally likely, counted and listed here by the same `Dealer`) and weighted by the plays seen
under the habit player's model (`engine.knowledge.evidence_weight`): a world in which a seat held heavy tiles
it could have played, yet played a light one, is less likely than one in which it had no better choice. (Since
session 18 the Expert weighs its own worlds by a model fitted to the levels' plays, `engine.play_model`; the
coach keeps the habit player, whose grades and their steadiness were measured.)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..hand import Hand
from ..knowledge import dealer_for, evidence_weight, infer, lead_count, opening_holder, play_evidence, weighted_worlds
from ..rules import Style
from ..tiles import Tile
from ..view import PlayerView


def view_at(position: Hand, seat: int, hand_index: int = 0, lead_by_rule: bool | None = None) -> PlayerView:
    """What `seat` could see in `position` (a hand in play with every tile known): its own tiles and the
    public record, nothing of the other hands; `lead_by_rule` as `PlayerView` has it."""
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
        lead_by_rule=lead_by_rule,
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


def count_worlds(view: PlayerView) -> int | None:
    """How many deals of the unseen tiles fit `view` (each a world, all equally likely before the plays seen
    weigh them), or None when the worlds are not mere deals (a stock a seat may still draw from, in order) or
    too many to count within the dealer's bound (`engine.knowledge.DEALER_TABLES`: huge views of big sets).
    Tiles that may lie in the same places are alike to the count: it deals each such group at once
    (`engine.knowledge.Dealer`, whose deals the sampler draws from). In a block game the tiles asleep are a
    place too: which tiles sleep tells two worlds apart. Where the leader held the highest double
    (`engine.knowledge.opening_holder`) only the deals that say so count (`engine.knowledge.lead_count`: counted
    by the tile that gave the lead, as the sampler draws them)."""
    if _drawn_from(view):
        return None
    count = dealer_for(view).count
    if count is None or opening_holder(view) is None:
        return count
    return lead_count(view)


def _drawn_from(view: PlayerView) -> bool:
    """Whether a seat may still draw from the stock, so that its order matters."""
    return bool(view.stock) and view.rules.style is not Style.BLOCK


def every_world(view: PlayerView) -> list[SampledWorld]:
    """Every world that fits `view` (`count_worlds` of them, in one order whatever the seed), each weighted
    by the plays seen as `sample_worlds` weighs them: judged over all of them, a decision's verdict owes
    nothing to the luck of a sample."""
    if _drawn_from(view):
        raise ValueError("the worlds of a hand whose stock may still be drawn from are not deals of tiles")
    evidence = play_evidence(view)
    return [
        SampledWorld(view.world(hands, stock), evidence_weight(evidence, hands))
        for hands, stock in _fitting_deals(view)
    ]


def _fitting_deals(view: PlayerView) -> Iterator[tuple[list[Sequence[Tile]], list[Tile]]]:
    """Every deal of the unseen tiles that fits `view`, as its hands and stock, in one order: the dealer's, less
    those that would have given the lead to another seat (`engine.knowledge.opening_holder`)."""
    deals = dealer_for(view)
    holds = opening_holder(view)
    for lots in deals.every():
        hands, stock = deals.placed(view, lots)
        if holds is None or holds(hands):
            yield hands, stock


def consistent(view: PlayerView, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile]) -> bool:
    """Whether a world fits `view`: the seat's own tiles, every hand's size and the stock's, the unseen tiles
    each in one place at most, no tile of a number a seat showed it lacked, and none the hand's first tile showed no
    hand held (`knowledge.opening_shows`), and the leader holding the highest double dealt where that gave it the lead
    (`knowledge.opening_holder`). (For checking a sample.)"""
    knowledge = infer(view)
    if tuple(hands[view.seat]) != view.tiles or len(stock) != view.stock:
        return False
    if any(len(h) != size for h, size in zip(hands, view.hand_sizes, strict=True)):
        return False
    hidden = [t for s, h in enumerate(hands) if s != view.seat for t in h] + list(stock)
    unseen = set(knowledge.unseen)
    if len(set(hidden)) != len(hidden) or not set(hidden) <= unseen:
        return False
    if not all(knowledge.may_hold(s, t) for s, h in enumerate(hands) if s != view.seat for t in h):
        return False
    holds = opening_holder(view)
    return holds is None or holds(hands)
