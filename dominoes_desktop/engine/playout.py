"""A fast playout kernel for line games: hands as bit masks, no Move objects, auto-claimed points.

Simulation and CPU search play thousands of hands a second through it. It follows the same rules as
`Hand` (the tests play both side by side with a deterministic policy and compare every outcome), but
keeps no history: what it returns is the `HandOutcome` that scoring needs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, reduce
from operator import itemgetter, or_

from .deal import cut_hands
from .hand import Hand, HandEnd, HandOutcome
from .rules import EndScoring, LayoutKind, Rules, Style
from .tiles import Tile, full_set

Random = Callable[[], float]


def supports(rules: Rules) -> bool:
    return rules.layout is LayoutKind.LINE


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


class _LowBits(dict[int, tuple[int, ...]]):
    """A mask's set bits, lowest first, each as a power of two; worked out the first time a mask is asked
    for. The playout loop's pools are a hand's tiles of one number, so few masks ever come up."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        bits = []
        rest = mask
        while rest:
            low = rest & -rest
            bits.append(low)
            rest ^= low
        found = self[mask] = tuple(bits)
        return found


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
        self.bits = [1 << i for i in range(len(self.tiles))]
        self.bit_tile = {1 << i: t for i, t in enumerate(self.tiles)}
        self.low_bits = _LowBits()
        # Keyed by a tile's bit, so the playout loop never turns a bit back into an index: the pip total
        # gives the far end (joined to x, a tile shows pips - x), and whether it is a double.
        self.bit_pips = {1 << i: t.pips for i, t in enumerate(self.tiles)}
        self.bit_double = {1 << i: t.is_double for i, t in enumerate(self.tiles)}
        self._leftovers = _Leftovers(self.tiles)
        # How much the playout policy wants to get rid of a tile: its weight, doubles first.
        self.weight = [t.pips + (4.0 if t.is_double else 0.0) for t in self.tiles]

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

    def run(self, hand: Hand, rnd: Random, noise: float | None) -> HandOutcome:
        """Play `hand` (a line game not over yet) to its end and return its outcome; `hand` is not changed.

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
        if not placements:
            pose = None if hand.forced_pose is None else self.index[hand.forced_pose]
            return self._play(
                rules, hand.leader, hm, stock, end_points, hand.turn, hand.passes_in_row, pose, None, rnd, noise
            )
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
            rules, hand.leader, hm, stock, end_points, hand.turn, hand.passes_in_row, None, position, rnd, noise
        )

    def play_deal(
        self,
        rules: Rules,
        order: Sequence[int],
        leader: int,
        pose: Tile | None,
        rnd: Random,
        noise: float | None = None,
    ) -> HandOutcome:
        """Play a fresh hand straight from its shuffle: `order` lists the tiles by index into the set (as
        `deal.shuffle_order` gives them), dealt in turn to each seat, the rest the stock. Simulations use it:
        no Hand to build, and no tile to look up."""
        dealt = rules.hand_size * rules.players
        # Each seat's tiles as bits, straight from the shuffle, and summed into masks: all in C, no loop here.
        held = cut_hands(rules.hand_size, dealt)(itemgetter(*order)(self.bits))
        hm = list(map(sum, held))
        if noise is None and rules.style is Style.BLOCK and rules.end_scoring is EndScoring.NONE:
            # The pose: the one the rules force, or the k-th of the leader's tiles by index, as in _play.
            first = self.bit[pose] if pose is not None else sorted(held[leader])[int(rnd() * len(held[leader]))]
            return self._random_block_deal(rules, hm, leader, first, rnd)
        stock = list(order[dealt:]) if rules.style is not Style.BLOCK else []
        forced = None if pose is None else self.index[pose]
        return self._play(rules, leader, hm, stock, [0] * rules.sides, leader, 0, forced, None, rnd, noise)

    def _random_block_deal(self, rules: Rules, hm: list[int], leader: int, first: int, rnd: Random) -> HandOutcome:
        """`_play` cut down to a fresh deal between random players in a block game without end points, from
        the leader's pose (`first`, its bit) on."""
        start_hands = reduce(or_, hm)
        hm[leader] ^= first
        last_tile: Tile | None = self.bit_tile[first]
        left, right = self.bit_tile[first]
        if hm[leader]:
            outcome, bit, to_left, left, right, turn = self._random_block(
                hm, (leader + 1) % rules.players, 0, left, right, rules.players, rnd
            )
        else:
            outcome, bit = HandEnd.DOMINO, 0
        joined: int | None = None
        ends_before: tuple[int, ...] = ()
        if bit:
            last_tile, joined, ends_before = self._last_play(bit, to_left, left, right)
        else:
            turn = leader  # nothing went down after the pose
        placed = start_hands & ~reduce(or_, hm)
        return self._outcome(leader, outcome, hm, placed, turn, last_tile, joined, ends_before, [0] * rules.sides)

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
        position: tuple[int, int, Tile, int | None, tuple[int, ...], int, bool, int, bool] | None,
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
        if noise is None and not counting and not drawing:
            outcome, bit, to_left, left, right, turn = self._random_block(hm, turn, passes, left, right, players, rnd)
            if bit:
                last_seat = turn
        else:  # the general loop
            while True:
                mine = hm[turn]
                on_left = mine & on_left_suit
                # One move per tile when both ends are the same to the rules; two when they differ.
                distinct = left != right or (counting and left_double != right_double)
                on_right = mine & on_right_suit if distinct else 0
                if on_left or on_right:
                    if noise is not None:
                        choice, to_left = self._greedy(
                            on_left,
                            on_right,
                            left,
                            right,
                            (left_double and counting, right_double and counting),
                            noise,
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

    def _random_block(
        self, hm: list[int], turn: int, passes: int, left: int, right: int, players: int, rnd: Random
    ) -> tuple[HandEnd, int, bool, int, int, int]:
        """The general loop below cut down to random players in a block game without end points, the case
        simulations run by the million. Returns how it ended, the last tile's bit (0: none was played) and
        end, the open ends, and the seat that ended it: the domino's player, or after a block the last to
        play (every other seat has passed since, and then that seat too)."""
        suit, bit_pips, low_bits, following = self.suit, self.bit_pips, self.low_bits, _FOLLOWING[players]
        on_left_suit, on_right_suit = suit[left], suit[right]
        bit = 0
        to_left = True
        while True:
            mine = hm[turn]
            on_left = mine & on_left_suit
            on_right = mine & on_right_suit if left != right else 0
            # The k-th legal move: of the left pool's tiles by index, then the right's. A lone move takes no draw.
            if on_right:
                if on_left:
                    lefts = low_bits[on_left]
                    n_left = len(lefts)
                    k = int(rnd() * (n_left + on_right.bit_count()))
                    if k < n_left:
                        bit, to_left = lefts[k], True
                    else:
                        bit, to_left = low_bits[on_right][k - n_left], False
                elif on_right & (on_right - 1):
                    rights = low_bits[on_right]
                    bit, to_left = rights[int(rnd() * len(rights))], False
                else:
                    bit, to_left = on_right, False
            elif on_left:
                if on_left & (on_left - 1):
                    lefts = low_bits[on_left]
                    bit, to_left = lefts[int(rnd() * len(lefts))], True
                else:
                    bit, to_left = on_left, True
            else:
                passes += 1
                if passes >= players:
                    return HandEnd.BLOCKED, bit, to_left, left, right, turn
                turn = following[turn]
                continue
            mine ^= bit
            hm[turn] = mine
            if to_left:
                left = bit_pips[bit] - left
                on_left_suit = suit[left]
            else:
                right = bit_pips[bit] - right
                on_right_suit = suit[right]
            if not mine:
                return HandEnd.DOMINO, bit, to_left, left, right, turn
            passes = 0
            turn = following[turn]

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


@cache
def kernel_for(set_top: int, removed: tuple[Tile, ...]) -> Kernel:
    return Kernel(set_top, removed)


def play_out(hand: Hand, rnd: Random, noise: float | None = None) -> HandOutcome:
    """Play a line-game hand to its end without changing it (see Kernel.run)."""
    return kernel_for(hand.rules.set_top, hand.rules.removed_tiles).run(hand, rnd, noise)
