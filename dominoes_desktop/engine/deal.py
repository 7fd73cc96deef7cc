"""Shuffling and dealing from a seed, so that any hand can be dealt again exactly."""

from __future__ import annotations

import random
from typing import NamedTuple

from .rules import Rules, Style
from .tiles import Tile, full_set


class Deal(NamedTuple):
    """Each seat's tiles, the stock in drawing order, and the tiles left asleep."""

    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    sleeping: tuple[Tile, ...]
    seed: int | None

    def doubles_dealt(self) -> bool:
        return any(t.is_double for h in self.hands for t in h)


def deal(rules: Rules, seed: int) -> Deal:
    """Shuffle with `seed`; reshuffle while the opening rule needs a double and none was dealt."""
    rnd = random.Random(seed).random
    tiles = full_set(rules.set_top, rules.removed_tiles)
    size, players = rules.hand_size, rules.players
    while True:
        # Sorting by random keys shuffles as fairly as random.shuffle, in a fraction of the time.
        tiles = tuple(sorted(tiles, key=lambda _: rnd()))
        hands = tuple([tiles[i : i + size] for i in range(0, players * size, size)])
        rest = tuple(tiles[players * size :])
        # Block games leave the undealt tiles asleep; draw games stack them as the stock.
        result = Deal(hands, (), rest, seed) if rules.style is Style.BLOCK else Deal(hands, rest, (), seed)
        if result.doubles_dealt() or not rules.opening.redeals_without_double:
            return result
