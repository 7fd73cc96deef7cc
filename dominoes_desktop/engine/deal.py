"""Shuffling and dealing from a seed, so that any hand can be dealt again exactly."""

from __future__ import annotations

import hashlib
import struct
from functools import cache
from operator import itemgetter
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


@cache
def _keys_format(count: int) -> struct.Struct:
    return struct.Struct(f"<{count}I")


def shuffled(tiles: tuple[Tile, ...], seed: int, attempt: int) -> tuple[Tile, ...]:
    """The tiles in an order drawn from (seed, attempt): each gets a 32-bit key from SHAKE-128 of the two,
    and the keys sort them (ties by position). The same on every machine, uniform, and cheaper than seeding
    a Mersenne Twister."""
    count = len(tiles)
    stream = hashlib.shake_128(seed.to_bytes(16, "little", signed=True) + attempt.to_bytes(4, "little"))
    keys = list(_keys_format(count).unpack(stream.digest(4 * count)))  # a list's __getitem__ is the faster key
    order = sorted(range(count), key=keys.__getitem__)
    picked: tuple[Tile, ...] = itemgetter(*order)(tiles)  # a tuple: every set has many tiles
    return picked


def deal(rules: Rules, seed: int) -> Deal:
    """Shuffle with `seed`; reshuffle while the opening rule needs a double and none was dealt."""
    all_tiles = full_set(rules.set_top, rules.removed_tiles)
    size = rules.hand_size
    dealt = rules.players * size
    asleep = rules.style is Style.BLOCK  # block games leave the undealt tiles asleep; draw games stack them
    needs_double = rules.opening.redeals_without_double
    attempt = 0
    while True:
        tiles = shuffled(all_tiles, seed, attempt)
        attempt += 1
        hands = tuple([tiles[i : i + size] for i in range(0, dealt, size)])
        rest = tiles[dealt:]
        result = Deal(hands, (), rest, seed) if asleep else Deal(hands, rest, (), seed)
        if not needs_double or result.doubles_dealt():
            return result
