"""Moves as small immutable values, and their replay notation ("6-4@6", "pass", "muggins:2")."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .errors import NotationError
from .tiles import Tile, shown, small_number


class MoveKind(StrEnum):
    PLAY = "play"
    PASS = "pass"
    DRAW = "draw"
    CLAIM = "claim"  # the player who just scored end points takes them
    MUGGINS = "muggins"  # an opponent takes points the player missed


class Move(NamedTuple):
    """One action. A play names the number it joins (`end`) unless it is the pose."""

    kind: MoveKind
    tile: Tile | None = None
    end: int | None = None
    on_double: bool = False  # joined at an end where a double lies (told apart only under fives)
    caller: int | None = None  # the seat calling Muggins

    @staticmethod
    def play(tile: Tile, end: int | None = None, on_double: bool = False) -> Move:
        return Move(MoveKind.PLAY, tile, end, on_double)

    @property
    def pips(self) -> int:
        """A play's pips; 0 for any other move (of two like options, the heavier is played first)."""
        return self.tile.pips if self.kind is MoveKind.PLAY and self.tile is not None else 0

    def notation(self) -> str:
        if self.kind is MoveKind.PLAY:
            assert self.tile is not None
            if self.end is None:
                return str(self.tile)
            return f"{self.tile}@{self.end}{'d' if self.on_double else ''}"
        if self.kind is MoveKind.MUGGINS:
            return f"muggins:{self.caller}"
        return self.kind.value

    def __str__(self) -> str:
        return self.notation()


PASS = Move(MoveKind.PASS)
DRAW = Move(MoveKind.DRAW)
CLAIM = Move(MoveKind.CLAIM)


def parse_move(text: str) -> Move:
    """Read replay notation. A play without '@' has end None: the hand decides if that is ambiguous."""
    if not isinstance(text, str):
        raise NotationError(f"a move must be a string, not {shown(repr(text))}")
    word = text.strip()
    if word == "pass":
        return PASS
    if word == "draw":
        return DRAW
    if word == "claim":
        return CLAIM
    if word.startswith("muggins:"):
        seat = small_number(word.removeprefix("muggins:"))
        if seat is None:
            raise NotationError(f"'{shown(text)}' must name the calling seat, like muggins:2")
        return Move(MoveKind.MUGGINS, caller=seat)
    tile_text, at, end_text = word.partition("@")
    tile = Tile.parse(tile_text)
    if not at:
        return Move.play(tile)
    on_double = end_text.endswith("d")
    end = small_number(end_text.removesuffix("d"))
    if end is None:
        raise NotationError(f"'{shown(text)}' must name the end after '@', like 6-4@6")
    if not tile.has(end):
        raise NotationError(f"'{shown(text)}': tile {tile} cannot join an end showing {end}")
    return Move.play(tile, end, on_double)


def parse_first_move(text: str) -> Move:
    """A move written for a hand's first play, with nothing on the table yet: as `parse_move`, but a play whose
    '@' names an end its tile cannot show is refused in the empty table's words (there is no end to name), not
    as if an open end existed."""
    try:
        return parse_move(text)
    except NotationError as refused:
        if not isinstance(text, str) or "@" not in text:
            raise
        try:
            tile = Tile.parse(text.strip().partition("@")[0])
        except NotationError:  # not a tile play ("muggins:x@1"): parse_move's own words, not the tile reader's
            raise refused from None
        raise NotationError(first_tile_refusal(text, tile)) from None


def read_move(text: str, posed: bool) -> Move:
    """A recorded move read where its hand stands: `parse_move` once a tile lies on the table (`posed`),
    `parse_first_move` before, where an '@x' names no end yet. The replay cases and the bot's requests read so."""
    return parse_move(text) if posed else parse_first_move(text)


def first_tile_refusal(text: str, tile: Tile) -> str:
    """The one-line refusal of a play written with '@' as a hand's first tile: no tile lies on the table yet."""
    return f"'{shown(text)}': nothing is on the table yet, so the first tile takes no end: send {tile}"
