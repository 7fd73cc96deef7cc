"""A model of sensible play fitted to data (session 18): how likely a player is to make each play that fits,
given the tiles it held and what was public when it chose. A conditional logit (a softmax over the plays that
fit, tile and end, of a weighted sum of the play's features), mixed with a uniform pick so that no odd play
(a beginner's, a trap) rules a world out. The Expert may weigh its sampled worlds by it
(`fitted_weight`, beside knowledge.evidence_weight's habit player); benchmarks/evidence_fit.py fits it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from .knowledge import VoidsSeen, unread_seats, weight_back_in_time
from .moves import MoveKind
from .rules import LayoutKind, Rules
from .tiles import Tile
from .view import PlayerView


@dataclass(frozen=True, slots=True)
class Sighting:
    """One play seen, with what was public when it was chosen: the open ends, the numbers the next seat and
    the partner had shown they lack, the tiles of each number on the table, and the numbers the partner's and
    the previous seat's last plays opened, where still an open end."""

    seat: int
    tile: Tile
    joined: int
    ends: tuple[int, ...]
    next_void: frozenset[int]
    partner_void: frozenset[int]
    on_table: tuple[int, ...]
    partner_opened: int | None
    previous_opened: int | None


FEATURES = (
    "pips",  # the tile's pips, in sixes
    "double",
    "follow",  # tiles kept that match the number the play opens
    "playable",  # tiles kept that match an end the play leaves
    "numbers",  # distinct numbers among the tiles kept
    "next_void_ends",  # ends left that the next seat has shown it lacks
    "partner_void_ends",  # ends left that the partner has shown it lacks
    "locked_ends",  # ends left whose every tile is on the table or kept: nobody else can play on them
    "covers_partner",  # the play covers the number the partner's last play opened
    "covers_previous",  # the play covers the number the previous seat's last play opened
    "hidden_opened",  # tiles of the number the play opens that the others may hold
)

# Fitted by maximum likelihood on the plays with a choice of 200 hands of an Expert team against a Hard one,
# deals 0-99 of seed 77 in Puerto Rican and in Jamaican (hands as played by
# `python benchmarks/evidence_fit.py --presets puerto_rican,jamaican --pairs expert:hard --deals 150 --save F`),
# with `python benchmarks/evidence_fit.py --corpus F --fit --test-from 100` (docs/STRENGTH.md, session 18).
FITTED_WEIGHTS = (0.459, 2.027, 1.034, -0.351, -0.549, 0.863, -0.515, 0.974, 0.292, 0.346, -0.456)
FITTED_SHARE = 0.834  # of a player's plays, those the fit took to follow the model; the rest any play that fits


def partner_of(rules: Rules, seat: int) -> int | None:
    """The seat's partner (the next seat of its team), None when it plays alone."""
    mates = [s for s in rules.seats_of(rules.side_of(seat)) if s != seat]
    return mates[0] if mates else None


def sightings(view: PlayerView) -> tuple[Sighting, ...]:
    """Every play after the pose of a line hand (none for other layouts), in order, with its public facts."""
    if view.rules.layout is not LayoutKind.LINE:
        return ()
    return sightings_of(view.rules, [(t.seat, t.move.kind, t.move.tile, t.move.end, t.stuck_on) for t in view.moves])


Record = tuple[int, MoveKind, Tile | None, int | None, tuple[int, ...]]  # a turn: seat, kind, tile, end, stuck on


def sightings_of(rules: Rules, turns: Sequence[Record]) -> tuple[Sighting, ...]:
    """The plays after the pose among `turns` (a line hand's public history), with their public facts."""
    players = rules.players
    voids = VoidsSeen(players, rules.style)
    on_table = [0] * (rules.set_top + 1)
    opened: list[int | None] = [None] * players
    ends: list[int] = []
    seen: list[Sighting] = []
    for seat, kind, tile, end, stuck_on in turns:
        voids.note(seat, kind, stuck_on)
        if kind is not MoveKind.PLAY or tile is None:
            continue
        if not ends:
            ends = [tile.high, tile.low]
        else:
            assert end is not None
            partner = partner_of(rules, seat)
            mark = None if partner is None else opened[partner]
            previous = opened[(seat - 1) % players]
            seen.append(
                Sighting(
                    seat,
                    tile,
                    end,
                    tuple(ends),
                    voids.voids((seat + 1) % players),
                    frozenset() if partner is None else voids.voids(partner),
                    tuple(on_table),
                    mark if mark in ends else None,
                    previous if previous in ends else None,
                )
            )
            ends[ends.index(end)] = tile.other(end)
            opened[seat] = tile.other(end)
        on_table[tile.high] += 1
        if not tile.is_double:
            on_table[tile.low] += 1
    return tuple(seen)


def decision_sighting(view: PlayerView) -> Sighting | None:
    """What is public as the seat of `view` chooses its play now, as play_model sees a play (the tile and end
    are a stand-in); None before the pose and for layouts other than a line."""
    if view.rules.layout is not LayoutKind.LINE or not view.public.layout.placements:
        return None
    turns: list[Record] = [(t.seat, t.move.kind, t.move.tile, t.move.end, t.stuck_on) for t in view.moves]
    end = view.public.layout.open_ends()[0]
    turns.append((view.seat, MoveKind.PLAY, Tile.of(end, end), end, ()))
    seen = sightings_of(view.rules, turns)
    return seen[-1] if seen else None


def seen_plays(view: PlayerView) -> tuple[Sighting, ...]:
    """The plays of the other seats, as knowledge.play_evidence keeps them (knowledge.unread_seats)."""
    unread = unread_seats(view)
    return tuple(s for s in sightings(view) if s.seat not in unread)


def play_options(held: Collection[Tile], ends: tuple[int, ...]) -> list[tuple[Tile, int]]:
    """The plays that fit: each tile held and each distinct open number it matches."""
    return [(tile, end) for tile in held for end in set(ends) if tile.has(end)]


def option_features(sighting: Sighting, held: Collection[Tile]) -> list[tuple[tuple[Tile, int], tuple[float, ...]]]:
    """Each play that fits (tile, number joined) with its FEATURES, for the player of `sighting` holding
    `held`. Counted once for the hand, since every play moves one tile from it to the table (this runs for
    every play seen in every world the Expert weighs)."""
    per_number = len(sighting.on_table)
    counts = [0] * per_number  # held tiles of each number, the tile to play among them
    for t in held:
        counts[t.high] += 1
        if not t.is_double:
            counts[t.low] += 1
    numbers = sum(1 for c in counts if c)
    found: list[tuple[tuple[Tile, int], tuple[float, ...]]] = []
    for tile, joined in play_options(held, sighting.ends):
        ends = list(sighting.ends)
        opened = tile.other(joined)
        ends[ends.index(joined)] = opened
        first, second = ends[0], ends[-1]
        playable = counts[first] - tile.has(first)
        if second != first:
            both = Tile.of(first, second)
            playable += counts[second] - tile.has(second) - (both in held and both != tile)
        emptied = (counts[tile.high] == 1) + (not tile.is_double and counts[tile.low] == 1)
        row = (
            tile.pips / 6.0,
            float(tile.is_double),
            float(counts[opened] - 1),
            float(playable),
            float(numbers - emptied),
            float((first in sighting.next_void) + (second in sighting.next_void)),
            float((first in sighting.partner_void) + (second in sighting.partner_void)),
            float(sum(1 for e in {first, second} if sighting.on_table[e] + counts[e] == per_number)),
            float(joined == sighting.partner_opened),
            float(joined == sighting.previous_opened),
            float(per_number - sighting.on_table[opened] - counts[opened]),
        )
        found.append(((tile, joined), row))
    return found


def option_chances(
    sighting: Sighting, held: Collection[Tile], weights: Sequence[float] = FITTED_WEIGHTS, share: float = FITTED_SHARE
) -> dict[tuple[Tile, int], float]:
    """The chance of each play that fits, for a player holding `held` at `sighting`."""
    options = option_features(sighting, held)
    even = (1.0 - share) / len(options)
    logit = logit_chances([row for _, row in options], weights)
    return {option: share * p + even for (option, _), p in zip(options, logit, strict=True)}


def logit_chances(rows: Sequence[Sequence[float]], weights: Sequence[float]) -> list[float]:
    """The conditional logit's chance of each option from its features: a softmax of the weighted sums."""
    scores = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [x / total for x in exps]


def play_log_chance(
    sighting: Sighting, held: set[Tile], weights: Sequence[float] = FITTED_WEIGHTS, share: float = FITTED_SHARE
) -> float:
    """The log chance of the play seen (its tile on its end) for a player holding `held` (the tile among them);
    0 where it was the only play that fitted."""
    chances = option_chances(sighting, held, weights, share)
    if len(chances) <= 1:
        return 0.0
    return math.log(chances[(sighting.tile, sighting.joined)])


def fitted_weight(
    seen: Sequence[Sighting],
    hands: Sequence[Sequence[Tile]],
    log_chance: Callable[[Sighting, set[Tile]], float] = play_log_chance,
) -> float:
    """How likely the plays seen are in a world where the seats hold `hands` now, under the fitted model (or
    `log_chance`): the product of each play's chance, each seat's tiles then rebuilt from its tiles now and its
    later plays."""
    return weight_back_in_time(seen, hands, lambda sighting: (sighting.seat, sighting.tile), log_chance)
