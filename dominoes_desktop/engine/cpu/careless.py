"""How likely a seat is to play carelessly, read from the public record of the hand (session 25, issue 32 item 4).

Two kinds of player are weighed against each other: a careless one, who plays any tile that fits, each play
alike (the random level's way), and a sensible one, who plays by play_model's fitted chances. Each play seen with
a choice is a likelihood ratio between them; the Expert cannot see what the seat held when it played, so the
likelihood of the seat's plays under each kind is averaged over worlds its view allows (knowledge.sample_world,
unweighted: the prior over the hidden tiles, the passes allowing), each seat's tiles then rebuilt from its tiles
now and its later plays. The posterior chance of "careless" then weighs the next seat's reply (reply.CARELESS):
the uniform mean over its replies, or the perfect reply.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Sequence

from ..knowledge import infer, sample_world, weight_back_in_time
from ..play_model import FITTED_WEIGHTS, Sighting, play_log_chance, play_options, seen_plays
from ..tiles import Tile
from ..view import PlayerView

# Before any play is seen the two kinds are taken as alike: the Expert meets every level (and people) across the
# lobby and the record of one hand decides; a lower prior would need a whole hand of careless plays to move.
CARELESS_PRIOR = 0.5
READING_WORLDS = 24  # worlds the likelihoods are averaged over (a play's fitting tiles vary little among them)
# The sensible kind: play_model's logit without its uniform share (that share is the careless part of the levels'
# plays the model was fitted to), its weights doubled (the fit's are flattened by the random level's plays among
# its data). A session probe (20 Puerto Rican deals, the next seat's chance at each decision): with the fit as it
# is a random seat read 0.62 after 6 plays and Hard 0.41; doubled, 0.85 and 0.49.
SENSIBLE_SHARE = 1.0
SENSIBLE_SHARPNESS = 2.0
SENSIBLE_WEIGHTS = tuple(SENSIBLE_SHARPNESS * w for w in FITTED_WEIGHTS)


def careless_log_chance(sighting: Sighting, held: Collection[Tile]) -> float:
    """The log chance of the play seen for a careless player holding `held`: one of the plays that fit, each
    alike (0 where only one fitted: the play tells nothing)."""
    options = len(play_options(held, sighting.ends))
    return -math.log(options) if options > 1 else 0.0


def _sensible_log_chance(sighting: Sighting, held: set[Tile]) -> float:
    return play_log_chance(sighting, held, SENSIBLE_WEIGHTS, SENSIBLE_SHARE)


def _seat_and_tile(sighting: Sighting) -> tuple[int, Tile]:
    return sighting.seat, sighting.tile


def posterior(careless: float, sensible: float, prior: float = CARELESS_PRIOR) -> float:
    """The chance of "careless" given the plays' likelihoods under each kind."""
    odds = prior * careless
    total = odds + (1.0 - prior) * sensible
    return prior if total <= 0.0 else odds / total


def careless_chances(
    view: PlayerView,
    seats: Sequence[int],
    rng: random.Random,
    worlds: int = READING_WORLDS,
    prior: float = CARELESS_PRIOR,
) -> dict[int, float]:
    """The chance that each of `seats` plays carelessly, from the plays it made this hand as the view saw them:
    the prior where it made none the model reads (knowledge.unread_seats: a seat that drew)."""
    seen = seen_plays(view)
    mine = {seat: [s for s in seen if s.seat == seat] for seat in seats}
    read = [seat for seat in seats if mine[seat]]
    found = dict.fromkeys(seats, prior)
    if not read:
        return found
    knowledge = infer(view)
    careless = dict.fromkeys(read, 0.0)
    sensible = dict.fromkeys(read, 0.0)
    for _ in range(worlds):
        hands = sample_world(view, knowledge, rng).hands
        for seat in read:
            careless[seat] += weight_back_in_time(mine[seat], hands, _seat_and_tile, careless_log_chance)
            sensible[seat] += weight_back_in_time(mine[seat], hands, _seat_and_tile, _sensible_log_chance)
    for seat in read:
        found[seat] = posterior(careless[seat], sensible[seat], prior)
    return found


def _fitted_log_chance(sighting: Sighting, held: set[Tile]) -> float:
    return play_log_chance(sighting, held)


def mixed_weigher(view: PlayerView, chances: dict[int, float]) -> Callable[[Sequence[Sequence[Tile]]], float]:
    """How likely the plays the view has seen are in a world of these hands, each seat in `chances` a mixture of
    the two kinds by its chance of carelessness (the careless kind's plays tell nothing of its tiles but what
    fitted), the other seats as play_model.fitted_weight weighs them."""
    seen = seen_plays(view)
    by_seat = {seat: [s for s in seen if s.seat == seat] for seat in {s.seat for s in seen}}

    def weigh(hands: Sequence[Sequence[Tile]]) -> float:
        weight = 1.0
        for seat, plays in by_seat.items():
            fitted = weight_back_in_time(plays, hands, _seat_and_tile, _fitted_log_chance)
            p = chances.get(seat, 0.0)
            if p > 0.0:
                fitted = p * weight_back_in_time(plays, hands, _seat_and_tile, careless_log_chance) + (1 - p) * fitted
            weight *= fitted
        return weight

    return weigh
