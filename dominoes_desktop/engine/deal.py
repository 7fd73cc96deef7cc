"""Shuffling and dealing from a seed, so that any hand can be dealt again exactly."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from operator import itemgetter
from typing import Any, NamedTuple, TypeVar

from .errors import DealError, DominoError
from .inputs import json_shown
from .moves import Move, MoveKind
from .rules import Rules, Style
from .tiles import Tile, full_set

T = TypeVar("T")


class Deal(NamedTuple):
    """Each seat's tiles, the stock in drawing order, and the tiles left asleep."""

    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    sleeping: tuple[Tile, ...]
    seed: int | None

    def doubles_dealt(self) -> bool:
        return any(t.is_double for h in self.hands for t in h)

    def same_tiles(self, other: Deal) -> bool:
        """The same tiles to the same seats and the same stock in the same order (seeds aside)."""
        return tuple(map(tuple, self.hands)) == tuple(map(tuple, other.hands)) and tuple(self.stock) == tuple(
            other.stock
        )


@cache
def _keys_format(count: int) -> struct.Struct:
    return struct.Struct(f"<{count}I")


def shuffle_order(count: int, seed: int, attempt: int, cut: bytes = b"") -> list[int]:
    """An order of `count` tiles drawn from (seed, attempt), as indexes: each tile gets a 32-bit key from
    SHAKE-128 of the two, and the keys sort them (ties by index). The same on every machine, uniform, and
    cheaper than seeding a Mersenne Twister. A `cut` (the player's, see fairness.py) is hashed in after
    them; an empty cut deals exactly as without one."""
    stream = hashlib.shake_128(seed.to_bytes(16, "little", signed=True) + attempt.to_bytes(4, "little") + cut)
    keys = list(_keys_format(count).unpack(stream.digest(4 * count)))  # a list's __getitem__ is the faster key
    return sorted(range(count), key=keys.__getitem__)


class Dealer:
    """Deals hands under one set of rules, from a seed, with what every deal needs worked out once."""

    __slots__ = ("_asleep", "_count", "_cut", "_dealt", "_needs_double", "_tiles")

    def __init__(self, rules: Rules) -> None:
        self._tiles = full_set(rules.set_top, rules.removed_tiles)
        self._count = len(self._tiles)
        self._dealt = rules.players * rules.hand_size
        self._cut = cut_hands(rules.hand_size, self._dealt)
        self._asleep = rules.style is Style.BLOCK  # block games leave the undealt tiles asleep; draw games stack them
        self._needs_double = rules.opening.redeals_without_double

    def deal(self, seed: int, cut: bytes = b"") -> Deal:
        """Shuffle with `seed` (and `cut`, see fairness.py); reshuffle while the opening rule needs a double and
        none was dealt."""
        attempt = 0
        while True:
            order = shuffle_order(self._count, seed, attempt, cut)
            attempt += 1
            tiles: tuple[Tile, ...] = itemgetter(*order)(self._tiles)  # a tuple: every set has many tiles
            hands, rest = self._cut(tiles), tiles[self._dealt :]
            result = Deal(hands, (), rest, seed) if self._asleep else Deal(hands, rest, (), seed)
            if not self._needs_double or result.doubles_dealt():
                return result


def _listed_tiles(raw: Any, what: str, in_set: frozenset[Tile], seen: set[Tile]) -> tuple[Tile, ...]:
    if not isinstance(raw, list):
        raise DealError(f"{what} must be a list of tiles")
    tiles = []
    for text in raw:
        if not isinstance(text, str):
            raise DealError(f"{what}: {json_shown(text)} is not a tile")
        try:
            tile = Tile.parse(text)
        except DominoError as exc:
            raise DealError(f"{what}: {exc}") from None
        if tile not in in_set:
            raise DealError(f"{what}: {tile} is not in this set")
        if tile in seen:
            raise DealError(f"{what}: {tile} is dealt twice")
        seen.add(tile)
        tiles.append(tile)
    return tuple(tiles)


def read_deal(rules: Rules, raw_hands: Any, raw_stock: Any = None, raw_sleeping: Any = None) -> Deal:
    """A deal written as lists of tile texts (a replay case's, a match record's), checked: tiles of the set, none
    twice, and the shape the rules deal (`check_deal_counts`). `raw_stock` None: no stock was written;
    `raw_sleeping` None: the tiles nobody was dealt sleep, else the list must hold exactly them. The one reader
    of written deals; DealError, one line naming the list at fault."""
    in_set = frozenset(full_set(rules.set_top, rules.removed_tiles))
    # "lists", not "hands": a case's top-level "hands" are the match's hands, and this is one hand's deal.
    wanted = f"expected {rules.players} lists of tiles (one per seat)"
    if raw_hands is None:
        raise DealError(f"deal: missing; {wanted}")
    if not isinstance(raw_hands, list):
        raise DealError(f"deal: {wanted}, not {json_shown(raw_hands)}")
    if len(raw_hands) != rules.players:
        raise DealError(f"deal: {wanted}, not {len(raw_hands)}")
    seen: set[Tile] = set()
    hands = tuple(_listed_tiles(h, f"deal of seat {i}", in_set, seen) for i, h in enumerate(raw_hands))
    stock = () if raw_stock is None else _listed_tiles(raw_stock, "stock", in_set, seen)
    if raw_sleeping is None:
        sleeping = tuple(t for t in full_set(rules.set_top, rules.removed_tiles) if t not in seen)
    else:
        sleeping = _listed_tiles(raw_sleeping, "sleeping tiles", in_set, seen)
        if len(seen) != len(in_set):
            raise DealError("deal: not every tile of the set is dealt, in the stock or asleep")
    check_deal_counts(rules, [len(h) for h in hands], None if raw_stock is None else len(stock))
    return Deal(hands, stock, sleeping, None)


def check_deal_counts(rules: Rules, dealt: Sequence[int], stock: int | None) -> None:
    """The one check of a deal's shape against the rules in force (REPLAY.md; RULES.md sections 9, 9b, 10):
    every seat is dealt exactly the rules' deal size; a drawing style stacks every undealt tile in the stock,
    a block style lets them sleep and has no stock. `dealt` is each seat's count as dealt, `stock` the stock's
    (None: none was given). DealError, one line, if the rules never deal this."""
    size = rules.hand_size
    name = f"{rules.name} ({', '.join(rules.customised)} changed)" if rules.customised else rules.name
    for seat, held in enumerate(dealt):
        if held != size:
            raise DealError(
                f"deal: seat {seat} is dealt {held} tile{'' if held == 1 else 's'}, but {name} deals "
                f"{size} each to {rules.players} players from a double-{rules.set_top} set",
                code="deal_size",
                seat=seat,
                held=held,
                size=size,
            )
    undealt = len(full_set(rules.set_top, rules.removed_tiles)) - rules.players * size
    if rules.style is Style.BLOCK:
        if stock:
            raise DealError(
                f"stock: a block game has no stock (its {undealt} undealt tiles sleep), but {stock} "
                f"{'is' if stock == 1 else 'are'} listed",
                code="block_stock",
                listed=stock,
            )
        return
    if stock is None:
        raise DealError(
            f"stock: missing; a draw game lists its {undealt} undealt tiles, in drawing order",
            code="no_stock",
            undealt=undealt,
        )
    if stock != undealt:
        raise DealError(
            f"stock: {stock} tile{'' if stock == 1 else 's'} listed, but a draw game stacks every undealt tile, "
            f"{undealt} here",
            code="stock_count",
            listed=stock,
            undealt=undealt,
        )


def check_counts_in_play(rules: Rules, held: Sequence[int], stock: int, moves: Iterable[tuple[int, Move]]) -> None:
    """`check_deal_counts` for a hand in play (a bot request): each seat's tiles now, plus what it has played
    and less what it has drawn since the deal, and the stock now plus the draws, must be a deal of these rules."""
    dealt = list(held)
    drawn = 0
    for seat, move in moves:
        if move.kind is MoveKind.PLAY:
            dealt[seat] += 1
        elif move.kind is MoveKind.DRAW:
            dealt[seat] -= 1
            drawn += 1
    check_deal_counts(rules, dealt, stock + drawn)


@cache
def cut_hands(size: int, dealt: int) -> Callable[[tuple[T, ...]], tuple[tuple[T, ...], ...]]:
    """Cuts a shuffle into hands in one call (a tuple of them: every table has two seats or more)."""
    cutter: Callable[[tuple[T, ...]], tuple[tuple[T, ...], ...]] = itemgetter(
        *[slice(at, at + size) for at in range(0, dealt, size)]
    )
    return cutter
