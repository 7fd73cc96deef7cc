"""Tiles and domino sets."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .errors import NotationError


class Tile(NamedTuple):
    """One domino; always stored high end first, so `4-6` and `6-4` are the same value."""

    high: int
    low: int

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def has(self, number: int) -> bool:
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The end left open when this tile is joined to `number`."""
        return self.low if self.high == number else self.high

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    @staticmethod
    def of(a: int, b: int) -> Tile:
        return Tile(a, b) if a >= b else Tile(b, a)

    @staticmethod
    def parse(text: str) -> Tile:
        parts = text.strip().split("-")
        numbers = [small_number(p) for p in parts]
        if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
            raise NotationError(f"'{shown(text)}' is not a tile (write it like 6-4)")
        return Tile.of(numbers[0], numbers[1])


def small_number(text: str) -> int | None:
    """The number written in 1 to 3 ASCII digits, or None. Nothing in a set of dominoes needs more, and
    int() would take "²" or a 5,000-digit string to a ValueError (or to seconds of work)."""
    if 1 <= len(text) <= 3 and text.isascii() and text.isdigit():
        return int(text)
    return None


def shown(text: str, limit: int = 24) -> str:
    """Text quoted in a one-line error, cut short: a hostile file may hold megabytes where a tile belongs."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def heaviness(tile: Tile) -> tuple[int, int]:
    """Sort key for 'the heaviest tile': pip total, then the higher high end."""
    return (tile.pips, tile.high)


@cache
def full_set(top: int, removed: tuple[Tile, ...] = ()) -> tuple[Tile, ...]:
    """Every tile of double-`top`, heaviest first, less the removed ones."""
    tiles = [Tile(a, b) for a in range(top, -1, -1) for b in range(a, -1, -1)]
    gone = set(removed)
    return tuple(sorted((t for t in tiles if t not in gone), key=heaviness, reverse=True))
