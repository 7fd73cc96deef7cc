"""Shuffling and dealing from a seed, so that any hand can be dealt again exactly."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .rules import Rules, Style
from .tiles import Tile, full_set


@dataclass(frozen=True, slots=True)
class Deal:
    """Each seat's tiles, the stock in drawing order, and the tiles left asleep."""

    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    sleeping: tuple[Tile, ...]
    seed: int | None

    def doubles_dealt(self) -> bool:
        return any(t.is_double for h in self.hands for t in h)


def deal(rules: Rules, seed: int) -> Deal:
    """Shuffle with `seed`; reshuffle while the opening rule needs a double and none was dealt."""
    rng = random.Random(seed)
    tiles = list(full_set(rules.set_top, rules.removed_tiles))
    size, players = rules.hand_size, rules.players
    while True:
        rng.shuffle(tiles)
        hands = tuple(tuple(tiles[i * size : (i + 1) * size]) for i in range(players))
        rest = tuple(tiles[players * size :])
        # Block games leave the undealt tiles asleep; draw games stack them as the stock.
        if rules.style is Style.BLOCK:
            result = Deal(hands, (), rest, seed)
        else:
            result = Deal(hands, rest, (), seed)
        if result.doubles_dealt() or not rules.opening.redeals_without_double:
            return result
