"""A fast playout kernel for line games: hands as bit masks, no Move objects, auto-claimed points.

Simulation and CPU search play thousands of hands a second through it. It follows the same rules as
`Hand` (the tests play both side by side with a deterministic policy and compare every outcome), but
keeps no history: what it returns is the `HandOutcome` that scoring needs. `Kernel` is the pure-Python
kernel; `CompiledKernel` runs the same hand loop in C (core.py), and `kernel_for` picks it when it is built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from functools import cache, reduce
from operator import or_

from ..hand import Hand, HandEnd, HandOutcome
from ..layout import Placement
from ..rules import EndScoring, LayoutKind, Rules, Style
from ..tiles import Tile, full_set
from .core import CompiledPlayout, fits

Random = Callable[[], float]
# A hand after its pose, as the kernel takes it: the tiles placed as a mask, the last placement's seat,
# tile and joined number, the ends before it, and each open end and whether a double lies there.
Position = tuple[int, int, Tile, int | None, tuple[int, ...], int, bool, int, bool]


ANY = None  # a rule parameter the kernel need not know: it decides nothing inside a line hand's play

# Every rule parameter, and the values of it the kernel plays as `Hand` does. It is derived from the
# `Rules` fields by name: a parameter added to the rules and not listed here makes the kernel decline.
SUPPORTED: dict[str, frozenset[object] | None] = {
    "layout": frozenset({LayoutKind.LINE}),
    "style": frozenset(Style),
    "end_scoring": frozenset(EndScoring),
    "claims": ANY,  # playouts claim every point at once: missed points are a human matter
    "set_top": ANY,
    "players": ANY,
    "teams": ANY,
    "hand_size": ANY,
    "removed_tiles": ANY,
    # What happens around a hand (who leads, what it scores): the match decides it from the outcome.
    "preset": ANY,
    "name": ANY,
    "opening": ANY,
    "after_win": ANY,
    "after_no_winner": ANY,
    "blocked": ANY,
    "scoring": ANY,
    "target": ANY,
    "capicua_bonus": ANY,
    "key_bone_bonus": ANY,
    "six_love_reset": ANY,
    "cutthroat_reset": ANY,
    "target_needs_zero_opponent": ANY,
    "single_round": ANY,
    "redeal_doubles": ANY,
    "customised": ANY,
    "sides": ANY,
}


def declined(rules: Rules, supported: dict[str, frozenset[object] | None] = SUPPORTED) -> list[str]:
    """The rule parameters, with their values, that the kernel cannot play: unknown ones included."""
    out = []
    for item in fields(rules):
        if item.name not in supported:
            out.append(item.name)
            continue
        values = supported[item.name]
        if values is not None and getattr(rules, item.name) not in values:
            out.append(f"{item.name}={getattr(rules, item.name)}")
    return out


def supports(rules: Rules) -> bool:
    """Whether the kernel plays hands under these rules exactly as `Hand` would."""
    return _supports(rules)


@cache
def _supports(rules: Rules) -> bool:
    return not declined(rules)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _kth_bit(mask: int, k: int) -> int:
    """The index of the k-th set bit of `mask`, counting from the lowest (k = 0)."""
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


_FOLLOWING = [[(seat + 1) % players for seat in range(players)] for players in range(7)]  # next seat, by table size
_HELD_LIMIT = 1 << 16  # masks remembered per set, enough for every small leftover in double-six and -nine


class _Leftovers(dict[int, tuple[tuple[Tile, ...], int]]):
    """The tiles of a mask of leftover tiles, and their pips, remembered: hands end with few tiles, so the
    same small masks come back again and again. A new mask is read a byte at a time."""

    def __init__(self, tiles: tuple[Tile, ...]) -> None:
        super().__init__()
        self._by_byte = []  # for each byte of a mask: the tiles and pips of each of its values
        for at in range(0, len(tiles), 8):
            chunk = [
                tuple(tiles[at + j] for j in range(8) if value >> j & 1 and at + j < len(tiles)) for value in range(256)
            ]
            self._by_byte.append((chunk, [sum(t.pips for t in held) for held in chunk]))

    def __missing__(self, mask: int) -> tuple[tuple[Tile, ...], int]:
        tiles: tuple[Tile, ...] = ()
        pips = 0
        rest = mask
        for tiles_of, pips_of in self._by_byte:
            if not rest:
                break
            tiles += tiles_of[rest & 255]
            pips += pips_of[rest & 255]
            rest >>= 8
        if len(self) < _HELD_LIMIT:
            self[mask] = (tiles, pips)
        return tiles, pips


class Kernel:
    """Lookup tables for one set: tile index <-> Tile, halves, pips, and each number's tiles as a mask."""

    def __init__(self, set_top: int, removed: tuple[Tile, ...]) -> None:
        self.tiles = full_set(set_top, removed)
        self.index = {t: i for i, t in enumerate(self.tiles)}
        self.high = [t.high for t in self.tiles]
        self.low = [t.low for t in self.tiles]
        self.suit = [0] * (set_top + 1)
        for i, t in enumerate(self.tiles):
            self.suit[t.high] |= 1 << i
            self.suit[t.low] |= 1 << i
        self.bit = {t: 1 << i for i, t in enumerate(self.tiles)}
        self.bit_tile = {1 << i: t for i, t in enumerate(self.tiles)}
        # Keyed by a tile's bit, so the playout loop never turns a bit back into an index: the pip total
        # gives the far end (joined to x, a tile shows pips - x), and whether it is a double.
        self.bit_pips = {1 << i: t.pips for i, t in enumerate(self.tiles)}
        self.bit_double = {1 << i: t.is_double for i, t in enumerate(self.tiles)}
        self._leftovers = _Leftovers(self.tiles)
        # How much the playout policy wants to get rid of a tile: its weight, doubles first.
        self.weight = [t.pips + (4.0 if t.is_double else 0.0) for t in self.tiles]
        # An attribute, so that the compiled kernel's is its C function itself (no call in between).
        self.run: Callable[[Hand, Random, float | None], HandOutcome] = self.run_here

    def _greedy(
        self,
        on_left: int,
        on_right: int,
        left: int,
        right: int,
        doubles: tuple[bool, bool],
        noise: float,
        rnd: Random,
    ) -> tuple[int, bool]:
        """The playout policy's pick: heaviest tile (doubles first), noise added, ties by tile then end."""
        weight, high, low = self.weight, self.high, self.low
        best_key: tuple[float, int, int, int, bool] | None = None
        choice, to_left = -1, True
        for pool, side_left, end, on_double in (
            (on_left, True, left, doubles[0]),
            (on_right, False, right, doubles[1]),
        ):
            while pool:
                lowbit = pool & -pool
                pool ^= lowbit
                i = lowbit.bit_length() - 1
                key = (weight[i] + noise * rnd() if noise else weight[i], high[i], low[i], end, on_double)
                if best_key is None or key > best_key:
                    best_key, choice, to_left = key, i, side_left
        return choice, to_left

    def run_here(self, hand: Hand, rnd: Random, noise: float | None) -> HandOutcome:
        """`run` in Python. Play `hand` (a line game not over yet) to its end and return its outcome;
        `hand` is not changed.

        `noise` None: every legal move equally likely. Otherwise the heaviest tile (doubles first) with
        `noise` times a uniform draw added to each weight; noise 0 breaks ties by tile, then end.
        """
        rules = hand.rules
        tile_bit = self.bit
        hm = [sum(map(tile_bit.__getitem__, h)) for h in hand.hands]
        stock = [self.index[t] for t in hand.stock] if rules.style is not Style.BLOCK else []
        end_points = list(hand.end_points)
        if hand.pending is not None:
            end_points[rules.teams[hand.pending.seat]] += hand.pending.points
        layout = hand.layout
        placements = layout.placements
        pose: int | None = None
        position: Position | None = None
        if not placements:
            pose = None if hand.forced_pose is None else self.index[hand.forced_pose]
        else:
            last = placements[-1]
            arm_left, arm_right = layout.arms
            position = (
                sum(tile_bit[p.tile] for p in placements),
                last.seat,
                last.tile,
                last.joined,
                hand.ends_before_last_play,
                arm_left.end,
                arm_left.double_at_end,
                arm_right.end,
                arm_right.double_at_end,
            )
        return self._play(
            rules, hand.leader, hm, stock, end_points, hand.turn, hand.passes_in_row, pose, position, rnd, noise
        )

    def _last_play(self, bit: int, to_left: bool, left: int, right: int) -> tuple[Tile, int, tuple[int, int]]:
        """The last tile played, the number it was joined to and the ends before it, worked back from the
        tile's bit, the end it went to, and where the ends finished."""
        joined = self.bit_pips[bit] - (left if to_left else right)
        return self.bit_tile[bit], joined, ((joined, right) if to_left else (left, joined))

    def _play(
        self,
        rules: Rules,
        leader: int,
        hm: list[int],
        stock: list[int],
        end_points: list[int],
        turn: int,
        passes: int,
        pose: int | None,
        position: Position | None,
        rnd: Random,
        noise: float | None,
    ) -> HandOutcome:
        """The playout itself, from each seat's tiles as masks and the stock as indexes. `position` is None
        before the pose (`pose` the tile the rules force, if any), else the tiles placed as a mask, the last
        placement's seat, tile and joined number, the ends before it, and each open end and whether a double
        lies there."""
        players = rules.players
        teams = rules.teams
        high, low, suit = self.high, self.low, self.suit
        draw_all = rules.style is Style.DRAW
        draw_one = rules.style is Style.ALL_FIVES_DRAW
        drawing = draw_all or draw_one
        stock_at = 0
        counting = rules.end_scoring is not EndScoring.NONE
        threes = rules.end_scoring is EndScoring.FIVES_AND_THREES
        outcome = HandEnd.BLOCKED

        if position is None:
            if pose is not None:
                choice = pose
            elif noise is None:
                mine = hm[turn]
                choice = _kth_bit(mine, int(rnd() * mine.bit_count()))
            else:
                options = _bits(hm[turn])
                choice = max(options, key=lambda i: (self.weight[i] + noise * rnd(), high[i], low[i]))
            hm[turn] ^= 1 << choice
            placed = 1 << choice
            left, right = high[choice], low[choice]
            left_double = right_double = left == right
            if counting:
                total = left + right
                if total % 5 == 0 or (threes and total % 3 == 0):
                    end_points[teams[turn]] += total
            last_seat: int | None = turn
            last_tile: Tile | None = self.tiles[choice]
            joined: int | None = None
            ends_before: tuple[int, ...] = ()
            if not hm[turn]:
                return self._outcome(leader, HandEnd.DOMINO, hm, placed, turn, last_tile, None, (), end_points)
            turn = (turn + 1) % players
        else:
            placed, last_seat, last_tile, joined, ends_before, left, left_double, right, right_double = position

        bit = 0  # the last tile played in the loop
        to_left = True
        start_hands = reduce(or_, hm)
        following = _FOLLOWING[players]
        bit_pips, bit_double = self.bit_pips, self.bit_double
        on_left_suit, on_right_suit = suit[left], suit[right]  # recomputed only when an end changes
        # One move per tile when both ends are the same to the rules; two when they differ.
        distinct = left != right or (counting and left_double != right_double)
        uniform = noise is None
        spread = 0.0 if noise is None else noise
        while True:
            mine = hm[turn]
            on_left = mine & on_left_suit
            on_right = mine & on_right_suit if distinct else 0
            if on_left or on_right:
                if not uniform:
                    choice, to_left = self._greedy(
                        on_left,
                        on_right,
                        left,
                        right,
                        (left_double and counting, right_double and counting),
                        spread,
                        rnd,
                    )
                    bit = 1 << choice
                else:
                    # Uniform over the legal moves: the k-th set bit of the left pool, then of the right.
                    # A lone legal move takes no draw.
                    if not on_right:
                        pool, to_left = on_left, True
                        k = int(rnd() * on_left.bit_count()) if on_left & (on_left - 1) else 0
                    elif not on_left:
                        pool, to_left = on_right, False
                        k = int(rnd() * on_right.bit_count()) if on_right & (on_right - 1) else 0
                    else:
                        n_left = on_left.bit_count()
                        k = int(rnd() * (n_left + on_right.bit_count()))
                        if k < n_left:
                            pool, to_left = on_left, True
                        else:
                            pool, to_left, k = on_right, False, k - n_left
                    while k:
                        pool &= pool - 1
                        k -= 1
                    bit = pool & -pool
                mine ^= bit
                hm[turn] = mine
                if to_left:
                    left = bit_pips[bit] - left
                    on_left_suit = suit[left]
                else:
                    right = bit_pips[bit] - right
                    on_right_suit = suit[right]
                if counting:
                    if to_left:
                        left_double = bit_double[bit]
                    else:
                        right_double = bit_double[bit]
                    total = (left * 2 if left_double else left) + (right * 2 if right_double else right)
                    if total and (total % 5 == 0 or (threes and total % 3 == 0)):
                        end_points[teams[turn]] += total
                distinct = left != right or (counting and left_double != right_double)
                last_seat = turn
                passes = 0
                if not mine:
                    outcome = HandEnd.DOMINO
                    break
            elif drawing and ((draw_all and stock_at < len(stock)) or (draw_one and len(stock) - stock_at > 2)):
                start_hands |= 1 << stock[stock_at]
                hm[turn] = mine | 1 << stock[stock_at]
                stock_at += 1
                if draw_all:
                    continue
            else:
                passes += 1
                if passes >= players:
                    break
            turn = following[turn]

        if bit:
            last_tile, joined, ends_before = self._last_play(bit, to_left, left, right)
        placed |= start_hands & ~reduce(or_, hm)
        return self._outcome(leader, outcome, hm, placed, last_seat, last_tile, joined, ends_before, end_points)

    def _outcome(
        self,
        leader: int,
        outcome: HandEnd,
        hm: list[int],
        placed: int,
        last_seat: int | None,
        last_tile: Tile | None,
        joined: int | None,
        ends_before: tuple[int, ...],
        end_points: list[int],
    ) -> HandOutcome:
        remaining, pips = zip(*map(self._leftovers.__getitem__, hm), strict=True)
        return HandOutcome(  # by position, as this runs for every playout
            outcome,  # end
            leader,
            last_seat,
            last_tile,
            joined,
            ends_before,
            joined is not None and not (self.suit[joined] & ~placed),  # joined_exhausted
            pips,
            remaining,
            tuple(end_points),
        )


class CompiledKernel(Kernel):
    """The same kernel with `run` in C (core.py, _core.c): the same outcome for the same draws of `rnd`,
    move for move, read from the same attributes of the hand. `run_here` stays the pure one."""

    def __init__(self, set_top: int, removed: tuple[Tile, ...]) -> None:
        super().__init__(set_top, removed)
        if CompiledPlayout is None or not fits(len(self.tiles), 2):
            raise RuntimeError("the compiled search core is not built for this set")
        self._core = CompiledPlayout(
            self.tiles,
            self.high,
            self.low,
            self.suit,
            HandOutcome,
            HandEnd.DOMINO,
            HandEnd.BLOCKED,
            Style.BLOCK,
            Style.DRAW,
            Style.ALL_FIVES_DRAW,
            EndScoring.NONE,
            EndScoring.FIVES_AND_THREES,
            self.run_here,  # for more seats than the compiled core holds
            # A placement's tile by position (a NamedTuple), else by name.
            Placement._fields.index("tile") if issubclass(Placement, tuple) else 1 << 30,
        )
        self.run = self._core.run


@cache
def kernel_for(set_top: int, removed: tuple[Tile, ...]) -> Kernel:
    """The set's kernel: the compiled one when it is built and the set fits it."""
    if fits(len(full_set(set_top, removed)), 2):
        return CompiledKernel(set_top, removed)
    return Kernel(set_top, removed)


def play_out(hand: Hand, rnd: Random, noise: float | None = None) -> HandOutcome:
    """Play a line-game hand to its end without changing it (see Kernel.run_here)."""
    return kernel_for(hand.rules.set_top, hand.rules.removed_tiles).run(hand, rnd, noise)
