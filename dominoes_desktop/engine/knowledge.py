"""What a seat can infer about hidden tiles, sampling hidden hands consistent with it, and how likely each
sampled world is given the plays seen under the habit player (the coach weighs the worlds by it; the Expert
by play_model's fitted model since session 18, and by this one when expert.FITTED_WORLDS is off)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .hand import Hand
from .layout import Placement
from .moves import MoveKind
from .rules import LayoutKind, Style
from .tiles import Tile
from .view import PlayerView


@dataclass(frozen=True, slots=True)
class Knowledge:
    """For each seat, the numbers it has shown it does not hold; and the tiles nobody here can see."""

    voids: tuple[frozenset[int], ...]
    unseen: tuple[Tile, ...]


def infer(view: PlayerView) -> Knowledge:
    """The open ends each seat could not match when it passed or had to draw."""
    rules = view.rules
    voids: list[set[int]] = [set() for _ in range(rules.players)]
    for turn in view.public.history:
        kind = turn.move.kind
        if kind is MoveKind.PASS or kind is MoveKind.DRAW:
            voids[turn.seat].update(turn.stuck_on)
            if kind is MoveKind.DRAW and rules.style is Style.ALL_FIVES_DRAW:
                # The drawn tile is unknown and the turn ends: it may hold any number.
                voids[turn.seat].clear()
    voids[view.seat].clear()
    return Knowledge(tuple(frozenset(v) for v in voids), tuple(view.unseen()))


def sample_world(view: PlayerView, knowledge: Knowledge, rng: random.Random) -> Hand:
    """A full hand: the seat's own tiles, and the unseen tiles dealt to the others where they may be."""
    rules = view.rules
    sizes = view.hand_sizes
    seats = [s for s in range(rules.players) if s != view.seat]
    for attempt in range(40):
        pool = list(knowledge.unseen)
        rng.shuffle(pool)
        hands: list[list[Tile]] = [[] for _ in range(rules.players)]
        hands[view.seat] = list(view.tiles)
        # Fill the most constrained seats first so their few possible tiles are still free.
        order = sorted(seats, key=lambda s: -len(knowledge.voids[s]))
        strict = attempt < 30
        ok = True
        for seat in order:
            void = knowledge.voids[seat] if strict else frozenset()
            need = sizes[seat]
            taken: list[Tile] = []
            rest: list[Tile] = []
            for tile in pool:
                if len(taken) < need and tile.high not in void and tile.low not in void:
                    taken.append(tile)
                else:
                    rest.append(tile)
            if len(taken) < need:
                ok = False
                break
            hands[seat] = taken
            pool = rest
        if ok:
            return view.world(hands, pool[: view.stock])
    raise RuntimeError("no deal of the unseen tiles fits what the table has shown")


EVIDENCE_TEMPERATURE = 6.0  # how loosely people are taken to follow "heaviest tile first" (pips, +4 a double)
FOLLOW_BONUS = 3.0  # how much a play that opens a number the player holds more of is preferred, in pips
HABIT_SHARE = 0.8  # of a player's plays, those taken to follow the habits; the rest any tile that fits (a
# beginner, a trap): no world is ruled out by one odd play, and the weights never collapse onto a few worlds


def _heft(tile: Tile) -> float:
    return tile.pips + (4.0 if tile.is_double else 0.0)


Play = TypeVar("Play")

# One play seen: who played it, the tile, and the open ends it was chosen on.
Evidence = tuple[tuple[int, Tile, tuple[int, ...]], ...]


def play_evidence(view: PlayerView) -> Evidence:
    """The plays of the other seats after the pose, with the open ends each was chosen on (line layouts;
    a seat that ever drew is left out, its hand at the time is not known)."""
    rules = view.rules
    if rules.layout is not LayoutKind.LINE:
        return ()
    unread = unread_seats(view)
    plays = plays_on_ends(view.public.layout.placements)
    return tuple(play for play in plays if play[0] not in unread)


def unread_seats(view: PlayerView) -> set[int]:
    """The seats whose plays tell the seat nothing of their hands: its own, and every seat that ever drew (its
    hand at the time of a play is not known)."""
    return {view.seat} | {t.seat for t in view.moves if t.move.kind is MoveKind.DRAW}


def plays_on_ends(placements: Sequence[Placement]) -> Evidence:
    """Every play after the pose of a line layout, in order: its seat, its tile, and the open ends it was
    chosen on."""
    if not placements:
        return ()
    pose = placements[0].tile
    ends = [pose.high, pose.low]
    seen: list[tuple[int, Tile, tuple[int, ...]]] = []
    for placement in placements[1:]:
        joined = placement.joined
        assert joined is not None
        seen.append((placement.seat, placement.tile, tuple(ends)))
        ends[ends.index(joined)] = placement.tile.other(joined)
    return tuple(seen)


def _follows(tile: Tile, ends: tuple[int, ...], held: set[Tile]) -> bool:
    """Whether playing `tile` on one of `ends` leaves a number the player holds another tile of."""
    opened = {tile.other(end) for end in ends if tile.has(end)}
    return any(t != tile and (t.high in opened or t.low in opened) for t in held)


def evidence_weight(evidence: Evidence, hands: Sequence[Sequence[Tile]]) -> float:
    """How likely the plays seen are in a world where the seats hold `hands` now: the product over the plays
    of the chance that a player picks the tile played among the tiles it then held that fitted, when it
    prefers, softly (EVIDENCE_TEMPERATURE), heavy tiles and plays that open a number it holds more of (the
    habits every club player has, and the signal a partner reads), HABIT_SHARE of the time, and otherwise
    picks any that fits."""
    return weight_back_in_time(
        evidence, hands, lambda play: play[:2], lambda play, held: play_log_chance(play[1], play[2], held)
    )


def weight_back_in_time(
    plays: Sequence[Play],
    hands: Sequence[Sequence[Tile]],
    seat_and_tile: Callable[[Play], tuple[int, Tile]],
    log_chance: Callable[[Play, set[Tile]], float],
) -> float:
    """The product of each play's chance (`log_chance` of the play and the tiles its seat then held), each
    seat's tiles rebuilt from its tiles now (`hands`) and its later plays, going back from the last play."""
    held = [set(h) for h in hands]
    log_weight = 0.0
    for play in reversed(plays):
        seat, tile = seat_and_tile(play)
        mine = held[seat]
        mine.add(tile)  # going back in time, the seat held what it played from then on
        log_weight += log_chance(play, mine)
    return math.exp(max(log_weight, -600.0))  # never 0: a world the sampler dealt is possible


def play_log_chance(
    tile: Tile,
    ends: tuple[int, ...],
    held: set[Tile],
    temperature: float = EVIDENCE_TEMPERATURE,
    habit_share: float = HABIT_SHARE,
    follow_bonus: float = FOLLOW_BONUS,
) -> float:
    """The log chance that a player holding `held` (`tile` among them) picks `tile` on `ends`, as
    `evidence_weight` takes it (0 where it was the only tile that fitted: the play tells nothing). The
    settings are the shipped ones unless given (benchmarks/evidence_fit.py tries others)."""
    fitting = [t for t in held if t.high in ends or t.low in ends]
    if len(fitting) <= 1:
        return 0.0
    utility = {t: _heft(t) + (follow_bonus if _follows(t, ends, held) else 0.0) for t in fitting}
    scale = max(utility.values())
    total = sum(math.exp((u - scale) / temperature) for u in utility.values())
    habit = math.exp((utility[tile] - scale) / temperature) / total
    return math.log(habit_share * habit + (1.0 - habit_share) / len(fitting))


def weighted_worlds(view: PlayerView, rng: random.Random, count: int) -> list[tuple[Hand, float]]:
    """`count` worlds consistent with the seat's view, each with its evidence weight (not normalised)."""
    knowledge = infer(view)
    evidence = play_evidence(view)
    worlds = []
    for _ in range(count):
        world = sample_world(view, knowledge, rng)
        worlds.append((world, evidence_weight(evidence, world.hands)))
    return worlds
