"""What a seat can infer about hidden tiles, and sampling hidden hands consistent with it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..hand import Hand
from ..moves import MoveKind
from ..rules import Style
from ..tiles import Tile
from ..view import PlayerView


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
