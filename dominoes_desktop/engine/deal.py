"""Shuffling and dealing from a seed, so that any hand can be dealt again exactly."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable
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


def shuffle_order(count: int, seed: int, attempt: int) -> list[int]:
    """An order of `count` tiles drawn from (seed, attempt), as indexes: each tile gets a 32-bit key from
    SHAKE-128 of the two, and the keys sort them (ties by index). The same on every machine, uniform, and
    cheaper than seeding a Mersenne Twister."""
    stream = hashlib.shake_128(seed.to_bytes(16, "little", signed=True) + attempt.to_bytes(4, "little"))
    keys = list(_keys_format(count).unpack(stream.digest(4 * count)))  # a list's __getitem__ is the faster key
    return sorted(range(count), key=keys.__getitem__)


def deal_with_order(rules: Rules, seed: int) -> tuple[Deal, list[int]]:
    """Shuffle with `seed`; reshuffle while the opening rule needs a double and none was dealt. Also returns
    the shuffle as indexes into the full set, which the playout kernel deals from directly."""
    all_tiles = full_set(rules.set_top, rules.removed_tiles)
    count = len(all_tiles)
    size = rules.hand_size
    dealt = rules.players * size
    asleep = rules.style is Style.BLOCK  # block games leave the undealt tiles asleep; draw games stack them
    needs_double = rules.opening.redeals_without_double
    attempt = 0
    while True:
        order = shuffle_order(count, seed, attempt)
        attempt += 1
        tiles: tuple[Tile, ...] = itemgetter(*order)(all_tiles)  # a tuple: every set has many tiles
        hands = _hands_of(size, dealt)(tiles)
        rest = tiles[dealt:]
        result = Deal(hands, (), rest, seed) if asleep else Deal(hands, rest, (), seed)
        if not needs_double or result.doubles_dealt():
            return result, order


def deal(rules: Rules, seed: int) -> Deal:
    return deal_with_order(rules, seed)[0]


@cache
def _hands_of(size: int, dealt: int) -> Callable[[tuple[Tile, ...]], tuple[tuple[Tile, ...], ...]]:
    """Cuts the shuffled tiles into hands in one call (a tuple of them: every table has two seats or more)."""
    cutter: Callable[[tuple[Tile, ...]], tuple[tuple[Tile, ...], ...]] = itemgetter(
        *[slice(at, at + size) for at in range(0, dealt, size)]
    )
    return cutter
