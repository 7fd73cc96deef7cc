"""An exact solver for a hand whose every tile is known: alpha-beta with a transposition table.

The value it computes (the coach's and the Expert CPU's) is, for a deciding side:

    the deciding side's points in this hand minus the points every other side scores in it (bonuses and
    end points included; a blocked hand with no winner is 0; six-love and cutthroat resets are ignored),
    when every seat sees every tile and the stock order as it was dealt, the deciding side maximises and
    every other side minimises (exact minimax with two sides; "paranoid" with three or more). In
    end-scoring games every point made is taken as claimed by its scorer. Hand-count presets score a won
    hand as their rules do (1, plus a key bone where the rules pay one).

Line layouts are searched over bit masks (each seat's tiles one int, packed into one key with the open ends,
whose turn it is and how far the stock has been drawn; a hand is blocked as soon as nobody can play nor
draw, so the passes in a row need no place in the key). The move generator is the same as `Hand`'s (the
tests compare them move for move on random hands), and who wins and what a finished hand is worth come from
`scoring`, so the rules live in one place. Cross and spinner layouts without end points or bonuses (the
classic cross games) are searched over masks too (`ArmsSolver`: the open ends counted by number); any other
layout over `Hand` copies (`GenericSolver`), generic but slower; every search gives up past a node budget and
says so.

Speed (issue 17): the searches of one hand share a transposition table (`coach.judge_lane`), turns with
one option or none skip it, moves are ordered by the table's best move then by what blocks the next seat,
the killer move (line games), doubles, follow-ups and weight, and each search is an MTD(f) from the last value
found.

Compiled (issue 32): where the compiled core is built (core.py), `LineSolver` runs that search in C, node
for node the same, the same values (tests/engine/test_search_core.py compares them); `PureLineSolver`
always runs it here. `ArmsSolver` runs in C for sets up to double-12 (`core.arms_fit`: two 64-bit words
a hand past double-9), `PureArmsSolver` always here; line games of double-12 are searched in Python.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..hand import Hand, HandEnd, HandOutcome
from ..moves import Move, MoveKind
from ..rules import EndScoring, LayoutKind, Rules, Scoring, Style
from ..scoring import bonuses, hand_points, winner_seat
from ..tiles import Tile, full_set
from .core import BLOCKED_CODES, LAYOUT_CODES, SCORING_CODES, CompiledSearch, arms_fit, solver_fits

if TYPE_CHECKING:
    from ._core import LineSearch
from .playout import kernel_for, play_out

_EXACT, _LOWER, _UPPER = 0, 1, 2
DEFAULT_BUDGET = 250_000  # nodes per search before it gives up (two or three seconds on this machine)
COMPILED_TABLE_ENTRIES = 19_000  # positions the compiled search's table grows to; past them a new one replaces the
# least searched of the few where it could go (emptying it instead took 3x the nodes on an opening Cuban decision).
# Small on purpose: 32,768 slots, 1.5 MB at four seats, within a processor's cache. At 600,000 (50 MB) every probe
# missed it, half the search's time: Cuban's first decisions took 22% fewer nodes but twice as long, and the
# fair coach's CPU a hand fell by 39% (Cuban), 46% (block), 37% (double-nine cross) with the same grades,
# worlds and approximate decisions (5 hands each); 9,000 left one more Cuban decision approximate. The pure
# search's dict grows without end, but fills 50 times slower. Session 22 (a window of 4 slots): 38,000 and 76,000
# entries took 0.95x and 0.90x the nodes on Cuban's first decisions at the same CPU, yet the fair coach's worst Cuban
# hand 8.0 and 9.5 s against 6.7 to 6.9 s (fair.py's docstring).

KILLER_RANK = 90  # the line search's rank bonus for the killer move, added as the others are: less than a play the next
# seat cannot follow gets (100), more than a follow-up (20) or any tile's weight. Session 21, the compiled search on the
# first decisions of 6 Cuban hands (28 option searches, one world each, uncapped, the same values): 0.85x the nodes
# (0.82x with the ends' doubles out of the key where ends do not score); as the first key after the table's move 0.94x,
# at 30 0.91x.

Search = Callable[..., int]  # a pure search: a state (`state_of`), then alpha and beta


class OutOfBudget(Exception):
    """The search visited more nodes than it was allowed."""


def hand_gains(rules: Rules, facts: HandOutcome, claimed: Sequence[int]) -> list[int]:
    """Points per side of a finished hand: end points as claimed by their scorers (`claimed`), plus the
    winner's hand points and bonuses, by the engine's own scoring. No resets."""
    gains = list(claimed)
    winner = winner_seat(rules, facts)
    if winner is not None:
        won = hand_points(rules, facts.end, winner, facts.pips)
        if rules.capicua_bonus or rules.key_bone_bonus:
            won += sum(v for _, v in bonuses(rules, facts))
        gains[rules.teams[winner]] += won
    return gains


def side_value(gains: Sequence[int], side: int) -> int:
    """The deciding side's points minus those of every other side."""
    return 2 * gains[side] - sum(gains)


def after_play(hand: Hand, move: Move) -> tuple[Hand, list[int]]:
    """The position once `move` is played in `hand` (a copy), and the end points that play made, by side."""
    rules = hand.rules
    child = hand.copy()
    seat = child.turn
    child.apply_legal(move)
    gains = [0] * rules.sides
    gains[rules.teams[seat]] += scored_by_play(child) if move.kind is MoveKind.PLAY else 0
    return child, gains


def scored_by_play(hand: Hand) -> int:
    """End points the last play made (as it lies now on the table), 0 in games without end scoring."""
    return (
        hand.rules.end_scoring.points(hand.layout.end_total()) if hand.rules.end_scoring is not EndScoring.NONE else 0
    )


def value_bound(rules: Rules) -> int:
    """No hand's points to come, for any side, can be further from 0 than this."""
    bonus = rules.capicua_bonus + rules.key_bone_bonus
    if rules.scoring is Scoring.ONE_PER_HAND:
        return 1 + bonus
    tiles = full_set(rules.set_top, rules.removed_tiles)
    bound = sum(t.pips for t in tiles) + 5 * rules.sides + bonus  # porch-fives rounds each side up to 5
    if rules.end_scoring is not EndScoring.NONE:
        bound += 4 * rules.set_top * len(tiles)  # no play can make more than its two ends, doubles counted twice
    return bound


def supports_masks(rules: Rules) -> bool:
    return rules.layout is LayoutKind.LINE


def supports_arms(rules: Rules) -> bool:
    """Whether `ArmsSolver` searches these rules: cross and spinner layouts where no end scores and no bonus is
    paid (the classic cross games), so that which arm shows which number is all the layout says to the value."""
    return (
        rules.layout is not LayoutKind.LINE
        and rules.end_scoring is EndScoring.NONE
        and not (rules.capicua_bonus or rules.key_bone_bonus)
    )


ARM_BITS = 5  # bits a count of open ends takes in the pure key (at most 4 + set_top arms show one number)
ARM_MASK = (1 << ARM_BITS) - 1


class MaskSolver:
    """Exact values of positions of one dealt hand over bit masks, for one maximising side: what the line
    search (`LineSolver`) and the cross and spinner one (`ArmsSolver`) share.

    With two sides the search is run for side 0 and negated for side 1, so one table serves both; with
    three or more each deciding side needs its own solver (paranoid: everybody else against it).

    The search runs in the compiled core when it is built and the rules fit it (`compiled` says which),
    in pure Python otherwise (`PureLineSolver` and `PureArmsSolver` always): the same values, node counts may
    differ."""

    def __init__(self, rules: Rules, stock: Sequence[Tile], leader: int, max_side: int) -> None:
        assert self.serves(rules)
        self.rules = rules
        self.leader = leader
        self.max_side = max_side
        kernel = kernel_for(rules.set_top, rules.removed_tiles)
        self.kernel = kernel
        self.n = len(kernel.tiles)
        self.full = (1 << self.n) - 1
        self.stock = tuple(kernel.index[t] for t in stock)
        # Tiles still in the stock from each draw position on (key bone: a tile there is not on the table).
        self.stock_rest = [0] * (len(self.stock) + 1)
        for at in range(len(self.stock) - 1, -1, -1):
            self.stock_rest[at] = self.stock_rest[at + 1] | 1 << self.stock[at]
        self.sleeping = 0  # set when a position is first given (what was never dealt nor stocked)
        self.counting = rules.end_scoring is not EndScoring.NONE
        self.threes = rules.end_scoring is EndScoring.FIVES_AND_THREES
        self.sign = [1 if rules.teams[s] == max_side else -1 for s in range(rules.players)]
        self.table: dict[int, tuple[int, int, int]] = {}  # the pure search's (the compiled one keeps its own)
        self.nodes = 0
        self.budget = DEFAULT_BUDGET
        self._end_cache: dict[tuple[int, int], int] = {}
        self._pips = [kernel.high[i] + kernel.low[i] for i in range(self.n)]
        self._order_cache: dict[int, tuple[int, ...]] = {}
        self._codes: dict[int, tuple[int, ...]] = {}
        self._bonus = bool(rules.capicua_bonus or rules.key_bone_bonus)
        self._flat_domino = rules.scoring is Scoring.ONE_PER_HAND
        self._mask_pips: dict[int, int] = {}
        self._doubles = [kernel.high[i] == kernel.low[i] for i in range(self.n)]
        self.players = rules.players
        self.small_bits = self._small_bits()  # the key: the packed hands above the small fields
        self.bound = value_bound(rules)
        # The compiled search holds no reference back to the solver: its table (a few MB) goes as soon as
        # the solver does, not at the next full garbage collection.
        self._core = self._make_core()
        self.compiled = self._core is not None
        self._pure = None if self._core is not None else self._pure_search()
        self.last_value = 0  # the first guess of the next search: a sibling option is often worth as much

    @staticmethod
    def serves(rules: Rules) -> bool:
        """Whether this solver's search covers the rules' layout."""
        raise NotImplementedError

    def _small_bits(self) -> int:
        """How many bits of the key the fields besides the packed hands take."""
        raise NotImplementedError

    def state_of(self, hand: Hand, dealt_stock: int) -> tuple[Any, ...]:
        """The search state of `hand` after its pose and not over (`dealt_stock`: the stock as dealt)."""
        raise NotImplementedError

    def _search(self, *args: Any, **kwargs: Any) -> int:
        """One null-window search from a state (`state_of`) then alpha and beta."""
        raise NotImplementedError

    def _make_core(self) -> LineSearch | None:
        raise NotImplementedError

    def _pure_search(self) -> Search:
        raise NotImplementedError

    def value(self, hand: Hand, dealt_stock: int) -> int:
        """Points to come (for `max_side`, as the module defines value) from a line-game position after the
        pose; raises OutOfBudget past the node budget. MTD(f): null-window searches within the widest range
        the value can take (so a side that finds the most it could hope for stops looking, decisive in
        hand-count games), the first one at the value the last search found (a sibling option's, often
        the same or close: 6% fewer nodes on double-9 pips hands than starting from 0), the next ones
        galloping towards the value, then halving the range it lies in (11% and 39% fewer nodes on two sets of
        Cuban's opening worlds than stepping from bound to bound)."""
        self.nodes = 0
        state = self.state_of(hand, dealt_stock)
        low, high = -self.bound, self.bound
        beta = self.last_value + 1 if self.last_value == low else self.last_value
        # While the tests go the same way, each sets its bound further past the value the last one returned,
        # twice as far each time (a far guess: Cuban's opening worlds stepped one point a test over 40 points,
        # 100,000 to 2 million nodes a test); once they have gone both ways, the value lies between the two
        # bounds, and each test halves that range.
        step = 1
        rising: bool | None = None  # whether the last test found the value at least its bound
        bracketed = False
        while low < high:
            found = self._search(*state, beta - 1, beta)
            went_up = found >= beta
            bracketed = bracketed or (rising is not None and went_up is not rising)
            step = step * 2 if went_up is rising else 1
            rising = went_up
            if went_up:
                low = found
            else:
                high = found
            if bracketed:
                beta = (low + high + 1) // 2
            elif went_up:
                beta = min(high, low + step)
            else:
                beta = max(low + 1, high - step + 1)
        self.last_value = low
        return low

    # ---- the search -------------------------------------------------------------------

    def _pips_of(self, mask: int) -> int:
        known = self._mask_pips.get(mask)
        if known is not None:
            return known
        pips = self._pips
        start = mask
        total = 0
        while mask:
            low = mask & -mask
            total += pips[low.bit_length() - 1]
            mask ^= low
        self._mask_pips[start] = total
        return total

    def _seat_pips(self, packed: int) -> list[int]:
        n, full = self.n, self.full
        return [self._pips_of((packed >> (s * n)) & full) for s in range(self.rules.players)]

    def _blocked_value(self, packed: int) -> int:
        key = (packed, -1)
        cached = self._end_cache.get(key)
        if cached is not None:
            return cached
        pips = self._seat_pips(packed)
        facts = HandOutcome(HandEnd.BLOCKED, self.leader, None, None, None, (), False, tuple(pips), (), ())
        value = self._end_cache[key] = self._won_value(facts)
        return value

    def _won_value(self, facts: HandOutcome) -> int:
        rules = self.rules
        winner = winner_seat(rules, facts)
        if winner is None:
            return 0
        won = hand_points(rules, facts.end, winner, facts.pips)
        if self._bonus:
            won += sum(v for _, v in bonuses(rules, facts))
        return won * self.sign[winner]

    def _domino_value(
        self, packed: int, seat: int, index: int, joined: int, before: tuple[int, int], stock_at: int
    ) -> int:
        if not self._bonus:
            # A hand-count win is worth the same whatever is left in the hands: one entry per seat.
            key = (0, seat) if self._flat_domino else (packed, seat)
            cached = self._end_cache.get(key)
            if cached is None:
                facts = HandOutcome(
                    HandEnd.DOMINO, self.leader, seat, None, None, (), False, tuple(self._seat_pips(packed)), (), ()
                )
                cached = self._end_cache[key] = self._won_value(facts)
            return cached
        kernel = self.kernel
        n, full = self.n, self.full
        held = 0
        for s in range(self.rules.players):
            held |= (packed >> (s * n)) & full
        # Every tile with the joined number on the table: none in a hand, the stock or asleep.
        exhausted = not (kernel.suit[joined] & (held | self.sleeping | self.stock_rest[stock_at]))
        facts = HandOutcome(
            HandEnd.DOMINO,
            self.leader,
            seat,
            kernel.tiles[index],
            joined,
            before,
            exhausted,
            tuple(self._seat_pips(packed)),
            (),
            (),
        )
        return self._won_value(facts)

    def _indexes(self, pool: int) -> tuple[int, ...]:
        found = self._order_cache.get(pool)
        if found is None:
            idx = []
            rest = pool
            while rest:
                low = rest & -rest
                idx.append(low.bit_length() - 1)
                rest ^= low
            found = self._order_cache[pool] = tuple(idx)
        return found


class LineSolver(MaskSolver):
    """Exact values of line-game positions of one dealt hand, for one maximising side.

    With two sides the search is run for side 0 and negated for side 1, so one table serves both; with
    three or more each deciding side needs its own solver (paranoid: everybody else against it).

    The search runs in the compiled core when it is built and the rules fit it (`compiled` says which),
    in pure Python otherwise (`PureLineSolver` always): the same values, node counts may differ."""

    @staticmethod
    def serves(rules: Rules) -> bool:
        return supports_masks(rules)

    def _small_bits(self) -> int:
        return ((len(self.stock) + 1) * 8 * 32 * 32).bit_length()  # stock drawn, turn, the two ends

    # ---- positions --------------------------------------------------------------------

    def state_of(self, hand: Hand, dealt_stock: int) -> tuple[int, int, int, int, int, bool, int, bool]:
        """The search state of a line-game `hand` after its pose and not over: packed hands, stock drawn,
        turn, passes, and each open end with whether a double lies there. `dealt_stock` is the length of
        the stock as dealt."""
        kernel = self.kernel
        n = self.n
        packed = 0
        held = 0
        for seat, tiles in enumerate(hand.hands):
            mask = sum(kernel.bit[t] for t in tiles)
            held |= mask
            packed |= mask << (seat * n)
        stock_at = dealt_stock - len(hand.stock)
        placed = sum(kernel.bit[p.tile] for p in hand.layout.placements)
        self.sleeping = self.full & ~(held | placed | self.stock_rest[stock_at])
        left_arm, right_arm = hand.layout.arms
        return (
            packed,
            stock_at,
            hand.turn,
            hand.passes_in_row,
            left_arm.end,
            left_arm.double_at_end,
            right_arm.end,
            right_arm.double_at_end,
        )

    def options(self, mine: int, left: int, ld: bool, right: int, rd: bool) -> tuple[int, ...]:
        """The distinct plays of a seat holding `mine` on these ends, as codes (tile index * 2 + 1 for the
        left end, + 0 for the right): one per tile and per end that differs to the rules, as `Hand.plays`."""
        suit = self.kernel.suit
        on_left = mine & suit[left]
        on_right = mine & suit[right] if left != right or (self.counting and ld != rd) else 0
        key = on_left << self.n | on_right
        codes = self._codes.get(key)
        if codes is None:
            codes = self._codes[key] = tuple(i * 2 + 1 for i in self._indexes(on_left)) + tuple(
                i * 2 for i in self._indexes(on_right)
            )
        return codes

    def move_of(self, code: int, left: int, ld: bool, right: int, rd: bool) -> Move:
        """The engine's Move for an option code, on a line with these open ends."""
        tile = self.kernel.tiles[code >> 1]
        if code & 1:
            return Move.play(tile, left, ld and self.counting)
        return Move.play(tile, right, rd and self.counting)

    def moves(self, hand: Hand) -> list[Move]:
        """The plays of the seat to move in a line-game `hand` after its pose, as the search sees them."""
        packed, _, turn, _, left, ld, right, rd = self.state_of(hand, len(hand.stock))
        mine = (packed >> (turn * self.n)) & self.full
        return [self.move_of(code, left, ld, right, rd) for code in self.options(mine, left, ld, right, rd)]

    def _make_core(self) -> LineSearch | None:
        """The compiled search (_core.c) with its own table, when it is built and the rules fit it."""
        if CompiledSearch is None or not solver_fits(self.rules, self.n):
            return None
        rules = self.rules
        style = rules.style
        kernel = self.kernel
        return CompiledSearch(
            self.n,
            self.players,
            rules.teams,
            self.sign,
            kernel.suit,
            kernel.high,
            kernel.low,
            self.stock,
            style is Style.DRAW or style is Style.ALL_FIVES_DRAW,
            style is Style.DRAW,  # the drawer plays on; in all-fives draw the turn passes
            2 if style is Style.ALL_FIVES_DRAW else 0,
            self.counting,
            self.threes,
            self.leader,
            SCORING_CODES[rules.scoring],
            BLOCKED_CODES[rules.blocked],
            rules.capicua_bonus,
            rules.key_bone_bonus,
            COMPILED_TABLE_ENTRIES,
        )

    def _search(
        self,
        packed: int,
        stock_at: int,
        turn: int,
        passes: int,
        left: int,
        ld: bool,
        right: int,
        rd: bool,
        alpha: int,
        beta: int,
    ) -> int:
        """One null-window search of `value`: the compiled one (the node count and the budget kept here as
        the pure search keeps them), or the pure one."""
        core = self._core
        if core is None:
            assert self._pure is not None
            return self._pure(packed, stock_at, turn, passes, left, ld, right, rd, alpha, beta)
        n, full = self.n, self.full
        hands = [(packed >> (seat * n)) & full for seat in range(self.players)]
        value, self.nodes = core.search(
            hands, stock_at, turn, left, ld, right, rd, alpha, beta, self.sleeping, self.nodes, self.budget
        )
        if value is None:
            raise OutOfBudget
        return value

    def _pure_search(self) -> Search:
        """The alpha-beta search as a closure: what every node reads (the table, the per-tile tables, the
        rules' flags) is bound once here instead of looked up on `self` at every node."""
        solver = self
        table = self.table
        n, full = self.n, self.full
        suit = self.kernel.suit
        pips = self._pips
        doubles = self._doubles
        signs = self.sign
        players = self.players
        small_bits = self.small_bits
        stock = self.stock
        stock_len = len(self.stock)
        draw_style = self.rules.style
        draws_again = draw_style is Style.DRAW  # the drawer plays on; in all-fives draw the turn passes
        draws = draw_style is Style.DRAW or draw_style is Style.ALL_FIVES_DRAW
        keep_in_stock = 2 if draw_style is Style.ALL_FIVES_DRAW else 0
        counting = self.counting
        threes = self.threes
        codes_cache = self._codes
        indexes = self._indexes
        both_ends = counting  # a double at one end only makes the two ends differ when the ends score
        blocked_value = self._blocked_value
        domino_value = self._domino_value
        exact, lower, upper = _EXACT, _LOWER, _UPPER
        weight = [pips[i] + (50 if doubles[i] else 0) for i in range(n)]  # move ordering, doubles first
        killers = [-1] * (n + 1)  # by tiles left in the hands: the last option that cut off there
        # For each pair of open ends, the tiles that fit either, in every seat's part of the packed hands.
        top = self.rules.set_top
        fitting_anywhere = [
            [sum((suit[a] | suit[b]) << (seat * n) for seat in range(players)) for b in range(top + 1)]
            for a in range(top + 1)
        ]

        def search(
            packed: int,
            stock_at: int,
            turn: int,
            passes: int,
            left: int,
            ld: bool,
            right: int,
            rd: bool,
            alpha: int,
            beta: int,
        ) -> int:
            solver.nodes += 1
            if solver.nodes > solver.budget:
                raise OutOfBudget
            shift = turn * n
            mine = (packed >> shift) & full
            nxt = turn + 1 if turn + 1 < players else 0
            # The distinct plays, as codes (tile index * 2 + 1 on the left end, + 0 on the right), as
            # `options` makes them.
            on_left = mine & suit[left]
            on_right = mine & suit[right] if left != right or (both_ends and ld != rd) else 0
            # Forced turns (a pass, a draw, the only play: two nodes in three) skip the table: their
            # successor's entry serves as well, and the key and the entry cost more than the turn.
            if not (on_left or on_right):
                if draws and stock_len - stock_at > keep_in_stock:
                    packed |= 1 << (stock[stock_at] + shift)
                    following = turn if draws_again else nxt
                    return search(packed, stock_at + 1, following, passes, left, ld, right, rd, alpha, beta)
                # Nobody can draw: if nobody can play either, everybody would pass in turn, and the hand
                # is blocked now (so the passes in a row need not be counted, nor be part of the key).
                if not packed & fitting_anywhere[left][right]:
                    return blocked_value(packed)
                return search(packed, stock_at, nxt, passes + 1, left, ld, right, rd, alpha, beta)
            codes_key = on_left << n | on_right
            options = codes_cache.get(codes_key)
            if options is None:
                options = codes_cache[codes_key] = tuple(i * 2 + 1 for i in indexes(on_left)) + tuple(
                    i * 2 for i in indexes(on_right)
                )
            if len(options) == 1:
                option = options[0]
                i = option >> 1
                after = packed ^ (1 << (i + shift))
                if option & 1:
                    new_left, new_ld, new_right, new_rd = pips[i] - left, doubles[i], right, rd
                    joined = left
                else:
                    new_left, new_ld, new_right, new_rd = left, ld, pips[i] - right, doubles[i]
                    joined = right
                gained = 0
                if counting:
                    total = (new_left * 2 if new_ld else new_left) + (new_right * 2 if new_rd else new_right)
                    if total and (total % 5 == 0 or (threes and total % 3 == 0)):
                        gained = signs[turn] * total
                if not mine & (mine - 1):
                    return gained + domino_value(after, turn, i, joined, (left, right), stock_at)
                return gained + search(
                    after, stock_at, nxt, 0, new_left, new_ld, new_right, new_rd, alpha - gained, beta - gained
                )
            # One int for the key; the two ends are interchangeable, so one key serves both orders, and a double
            # at an end matters only where the ends score.
            end_a, end_b = left * 2 + (ld and counting), right * 2 + (rd and counting)
            if end_a > end_b:
                end_a, end_b = end_b, end_a
            key = (packed << small_bits) | ((stock_at * 8 + turn) * 32 + end_a) * 32 + end_b
            entry = table.get(key)
            hint = -1
            if entry is not None:
                flag, stored, hint = entry
                if flag == exact:
                    return stored
                if flag == lower:
                    if stored >= beta:
                        return stored
                    if stored > alpha:
                        alpha = stored
                elif stored <= alpha:
                    return stored
                elif stored < beta:
                    beta = stored
            alpha0, beta0 = alpha, beta
            sign = signs[turn]
            single = not mine & (mine - 1)  # one tile left: whatever it plays is a domino
            # Try first what the table found best here, then plays after which the next seat cannot
            # follow (passes decide most hands), then the killer move (the last play to cut off with as many
            # tiles left in the hands: a sibling position's refutation), then doubles (hard to place later),
            # then plays that leave the player a tile to follow with, then the heaviest tiles. One int per
            # option sorts as (rank, option) would.
            next_mine = (packed >> (nxt * n)) & full
            left_in_hands = packed.bit_count()
            killer = killers[left_in_hands]
            keyed = []
            for option in options:
                i = option >> 1
                ends = suit[pips[i] - left] | suit[right] if option & 1 else suit[left] | suit[pips[i] - right]
                rank = weight[i] if next_mine & ends else weight[i] + 100
                if mine & ends & ~(1 << i):
                    rank += 20
                if option == hint:
                    rank += 1_000_000
                elif option == killer:
                    rank += KILLER_RANK
                keyed.append(rank << 8 | option)
            if len(keyed) == 2:  # most choices are between two plays: no sort needed
                first, second = keyed
                options = (first & 255, second & 255) if first > second else (second & 255, first & 255)
            else:
                keyed.sort(reverse=True)
                options = tuple([k & 255 for k in keyed])
            maximising = sign > 0
            best = -(10**9) if maximising else 10**9
            best_move = -1
            for option in options:
                i = option >> 1
                after = packed ^ (1 << (i + shift))
                if option & 1:
                    new_left, new_ld, new_right, new_rd = pips[i] - left, doubles[i], right, rd
                    joined = left
                else:
                    new_left, new_ld, new_right, new_rd = left, ld, pips[i] - right, doubles[i]
                    joined = right
                gained = 0
                if counting:
                    total = (new_left * 2 if new_ld else new_left) + (new_right * 2 if new_rd else new_right)
                    if total and (total % 5 == 0 or (threes and total % 3 == 0)):
                        gained = sign * total
                if single:
                    value = gained + domino_value(after, turn, i, joined, (left, right), stock_at)
                else:
                    value = gained + search(
                        after, stock_at, nxt, 0, new_left, new_ld, new_right, new_rd, alpha - gained, beta - gained
                    )
                if maximising:
                    if value > best:
                        best, best_move = value, option
                        if value > alpha:
                            alpha = value
                elif value < best:
                    best, best_move = value, option
                    if value < beta:
                        beta = value
                if alpha >= beta:
                    killers[left_in_hands] = option
                    break
            table[key] = (upper if best <= alpha0 else lower if best >= beta0 else exact, best, best_move)
            return best

        return search


class PureLineSolver(LineSolver):
    """The line solver in pure Python whatever is built: what the tests and the benchmark compare the
    compiled search with."""

    def _make_core(self) -> LineSearch | None:
        return None


class ArmsSolver(MaskSolver):
    """Exact values of cross and spinner positions (`supports_arms`) of one dealt hand, for one maximising side.

    With no end scoring and no bonus, a layout is worth to the search only how many open ends show each
    number (one count a number, packed `ARM_BITS` bits apiece in `ends`) and, while the pose's four arms are
    being started, how many are still bare (`unstarted`: only they take tiles, all showing the pose's number).
    A play joined to number v on an arm takes one v end away and shows the tile's other number; a double in a
    spinner game adds two more ends of its number. Everything else (draws, the blocked hand, the domino, the
    table and its key, the MTD(f) driver) is the line search's. The search runs in the compiled core where it
    fits (`compiled`), in pure Python otherwise (`PureArmsSolver` always): the same values."""

    def __init__(self, rules: Rules, stock: Sequence[Tile], leader: int, max_side: int) -> None:
        self.spinners = rules.layout is LayoutKind.SPINNERS
        self.numbers = rules.set_top + 1
        self.pose_end = 0  # set when a position is first given (the pose is the same for a whole hand)
        super().__init__(rules, stock, leader, max_side)

    @staticmethod
    def serves(rules: Rules) -> bool:
        return supports_arms(rules)

    def _small_bits(self) -> int:
        # ends, stock drawn, turn, bare pose arms, the pose's number
        return ARM_BITS * self.numbers + ((len(self.stock) + 1) * 8 * 8 * 16).bit_length()

    def state_of(self, hand: Hand, dealt_stock: int) -> tuple[int, int, int, int, int]:
        """The search state of a cross or spinner `hand` after its pose and not over: packed hands, stock drawn,
        turn, the open ends counted by number, and the pose's arms still bare."""
        kernel = self.kernel
        n = self.n
        packed = 0
        held = 0
        for seat, tiles in enumerate(hand.hands):
            mask = sum(kernel.bit[t] for t in tiles)
            held |= mask
            packed |= mask << (seat * n)
        stock_at = dealt_stock - len(hand.stock)
        placed = sum(kernel.bit[p.tile] for p in hand.layout.placements)
        self.sleeping = self.full & ~(held | placed | self.stock_rest[stock_at])
        layout = hand.layout
        assert layout.pose is not None
        filling = layout.filling_pose_arms
        unstarted = 0
        ends = 0
        for arm in layout.arms:
            if filling and arm.from_pose and not arm.started:
                unstarted += 1
            else:
                ends += 1 << (ARM_BITS * arm.end)
        self.pose_end = layout.pose.high
        return packed, stock_at, hand.turn, ends, unstarted

    def _search(self, packed: int, stock_at: int, turn: int, ends: int, unstarted: int, alpha: int, beta: int) -> int:
        """One null-window search of `value`: the compiled one (the node count and the budget kept here), or
        the pure one."""
        core = self._core
        if core is None:
            assert self._pure is not None
            return self._pure(packed, stock_at, turn, ends, unstarted, alpha, beta)
        n, full = self.n, self.full
        hands = [(packed >> (seat * n)) & full for seat in range(self.players)]
        counts = [(ends >> (ARM_BITS * v)) & ARM_MASK for v in range(self.numbers)]
        value, self.nodes = core.search_arms(
            hands, stock_at, turn, counts, unstarted, self.pose_end, alpha, beta, self.nodes, self.budget
        )
        if value is None:
            raise OutOfBudget
        return value

    def _make_core(self) -> LineSearch | None:
        """The compiled search (_core.c, its cross and spinner mode) when it is built and the rules fit it."""
        if CompiledSearch is None or not arms_fit(self.rules, self.n):
            return None
        rules = self.rules
        style = rules.style
        kernel = self.kernel
        return CompiledSearch(
            self.n,
            self.players,
            rules.teams,
            self.sign,
            kernel.suit,
            kernel.high,
            kernel.low,
            self.stock,
            style is Style.DRAW or style is Style.ALL_FIVES_DRAW,
            style is Style.DRAW,
            2 if style is Style.ALL_FIVES_DRAW else 0,
            False,
            False,
            self.leader,
            SCORING_CODES[rules.scoring],
            BLOCKED_CODES[rules.blocked],
            0,
            0,
            COMPILED_TABLE_ENTRIES,
            LAYOUT_CODES[rules.layout],
        )

    def _pure_search(self) -> Search:
        """The search as a closure, as `LineSolver._pure_search`."""
        solver = self
        table = self.table
        n, full = self.n, self.full
        suit = self.kernel.suit
        high, low = self.kernel.high, self.kernel.low
        pips = self._pips
        doubles = self._doubles
        signs = self.sign
        players = self.players
        small_bits = self.small_bits
        stock = self.stock
        stock_len = len(self.stock)
        draw_style = self.rules.style
        draws_again = draw_style is Style.DRAW
        draws = draw_style is Style.DRAW or draw_style is Style.ALL_FIVES_DRAW
        keep_in_stock = 2 if draw_style is Style.ALL_FIVES_DRAW else 0
        spinners = self.spinners
        numbers = self.numbers
        blocked_value = self._blocked_value
        domino_value = self._domino_value
        indexes = self._indexes
        exact, lower, upper = _EXACT, _LOWER, _UPPER
        weight = [pips[i] + (50 if doubles[i] else 0) for i in range(n)]
        one = [1 << (ARM_BITS * v) for v in range(numbers)]
        fits: dict[int, tuple[int, int]] = {}  # ends -> (the tiles that fit an open end, in every seat's part)

        def fit_of(ends: int, unstarted: int) -> tuple[int, int]:
            key = -1 - solver.pose_end if unstarted else ends
            found = fits.get(key)
            if found is None:
                tiles = 0
                if unstarted:
                    tiles = suit[solver.pose_end]
                else:
                    for v in range(numbers):
                        if (ends >> (ARM_BITS * v)) & ARM_MASK:
                            tiles |= suit[v]
                found = fits[key] = (tiles, sum(tiles << (seat * n) for seat in range(players)))
            return found

        def after(ends: int, unstarted: int, i: int, joined: int) -> int:
            """The ends once tile i is joined to `joined`."""
            shown = pips[i] - joined
            ends += one[shown]
            if not unstarted:
                ends -= one[joined]
            if spinners and doubles[i]:
                ends += 2 * one[joined]
            return ends

        def search(packed: int, stock_at: int, turn: int, ends: int, unstarted: int, alpha: int, beta: int) -> int:
            solver.nodes += 1
            if solver.nodes > solver.budget:
                raise OutOfBudget
            shift = turn * n
            mine = (packed >> shift) & full
            nxt = turn + 1 if turn + 1 < players else 0
            fit, fit_anywhere = fit_of(ends, unstarted)
            playable = mine & fit
            if not playable:
                if draws and stock_len - stock_at > keep_in_stock:
                    packed |= 1 << (stock[stock_at] + shift)
                    following = turn if draws_again else nxt
                    return search(packed, stock_at + 1, following, ends, unstarted, alpha, beta)
                if not packed & fit_anywhere:
                    return blocked_value(packed)
                return search(packed, stock_at, nxt, ends, unstarted, alpha, beta)
            # Options as codes: tile index * 2 + 1 joined by its high number, + 0 by its low one.
            options = []
            pose_end = solver.pose_end
            for i in indexes(playable):
                h, lo = high[i], low[i]
                if unstarted:
                    options.append(i * 2 + 1 if h == pose_end else i * 2)
                    continue
                if (ends >> (ARM_BITS * h)) & ARM_MASK:
                    options.append(i * 2 + 1)
                if lo != h and (ends >> (ARM_BITS * lo)) & ARM_MASK:
                    options.append(i * 2)
            single = not mine & (mine - 1)
            left_bare = unstarted - 1 if unstarted else 0
            if len(options) == 1:
                option = options[0]
                i = option >> 1
                joined = high[i] if option & 1 else low[i]
                played = packed ^ (1 << (i + shift))
                if single:
                    return domino_value(played, turn, i, joined, (joined, joined), stock_at)
                return search(played, stock_at, nxt, after(ends, unstarted, i, joined), left_bare, alpha, beta)
            small = ((ends * (stock_len + 1) + stock_at) * 8 + turn) * 128 + (
                unstarted * 16 + pose_end if unstarted else 0
            )
            key = (packed << small_bits) | small
            entry = table.get(key)
            hint = -1
            if entry is not None:
                flag, stored, hint = entry
                if flag == exact:
                    return stored
                if flag == lower:
                    if stored >= beta:
                        return stored
                    if stored > alpha:
                        alpha = stored
                elif stored <= alpha:
                    return stored
                elif stored < beta:
                    beta = stored
            alpha0, beta0 = alpha, beta
            sign = signs[turn]
            # The line search's order: the table's best move, plays the next seat cannot follow, doubles,
            # plays that leave the player a follow-up, the heaviest tiles.
            next_mine = (packed >> (nxt * n)) & full
            keyed = []
            for option in options:
                i = option >> 1
                joined = high[i] if option & 1 else low[i]
                fit_after = fit_of(after(ends, unstarted, i, joined), left_bare)[0]
                rank = weight[i] if next_mine & fit_after else weight[i] + 100
                if mine & fit_after & ~(1 << i):
                    rank += 20
                if option == hint:
                    rank += 1_000_000
                keyed.append(rank << 16 | option)
            keyed.sort(reverse=True)
            maximising = sign > 0
            best = -(10**9) if maximising else 10**9
            best_move = -1
            for rank_option in keyed:
                option = rank_option & 0xFFFF
                i = option >> 1
                joined = high[i] if option & 1 else low[i]
                played = packed ^ (1 << (i + shift))
                if single:
                    value = domino_value(played, turn, i, joined, (joined, joined), stock_at)
                else:
                    value = search(played, stock_at, nxt, after(ends, unstarted, i, joined), left_bare, alpha, beta)
                if maximising:
                    if value > best:
                        best, best_move = value, option
                        if value > alpha:
                            alpha = value
                elif value < best:
                    best, best_move = value, option
                    if value < beta:
                        beta = value
                if alpha >= beta:
                    break
            table[key] = (upper if best <= alpha0 else lower if best >= beta0 else exact, best, best_move)
            return best

        return search


class PureArmsSolver(ArmsSolver):
    """The cross and spinner solver in pure Python whatever is built (what the tests compare with)."""

    def _make_core(self) -> LineSearch | None:
        return None


class GenericSolver:
    """The same value over `Hand` copies, for what the bit masks do not cover (a cross or spinner game that scores
    its ends or pays bonuses)."""

    def __init__(self, rules: Rules, max_side: int) -> None:
        self.rules = rules
        self.max_side = max_side
        self.sign = [1 if rules.teams[s] == max_side else -1 for s in range(rules.players)]
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.budget = DEFAULT_BUDGET // 8  # a Hand copy costs far more than a mask

    def value(self, hand: Hand) -> int:
        """Points to come for `max_side` from `hand` (not over, points scored so far not counted)."""
        self.nodes = 0
        bound = value_bound(self.rules)
        return self._search(hand, -bound, bound)

    def _key(self, hand: Hand) -> tuple[object, ...]:
        arms = tuple(sorted((a.end, a.double_at_end, a.from_pose, a.started) for a in hand.layout.arms))
        return (
            tuple(frozenset(h) for h in hand.hands),
            len(hand.stock),
            hand.turn,
            hand.passes_in_row,
            arms,
            hand.layout.filling_pose_arms,
        )

    def _search(self, hand: Hand, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        key = self._key(hand)
        entry = self.table.get(key)
        if entry is not None:
            low, high = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        alpha0, beta0 = alpha, beta
        maximising = self.sign[hand.turn] > 0
        best = -(10**9) if maximising else 10**9
        moves = hand.legal_moves()
        moves.sort(key=lambda m: -(m.tile.pips if m.tile is not None else 0))
        for move in moves:
            seat = hand.turn
            child = hand.copy()
            child.apply_legal(move)
            value = self.sign[seat] * scored_by_play(child) if move.tile is not None else 0
            if child.is_over:
                value += self.end_value(child)
            else:
                value += self._search(child, alpha - value, beta - value)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        low, high = self.table.get(key, (-(10**9), 10**9))
        if best <= alpha0:
            high = min(high, best)
        elif best >= beta0:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best

    def end_value(self, hand: Hand) -> int:
        """What the finish of a hand (its winner's points and bonuses, end points apart) is worth."""
        facts = hand.outcome_facts()
        gains = hand_gains(self.rules, facts, [0] * self.rules.sides)
        return sum(g * (1 if side == self.max_side else -1) for side, g in enumerate(gains))


def rollout_value(hand: Hand, max_side: int, seed: int, playouts: int) -> float:
    """An estimate for positions too big to search: the mean, over `playouts` games from here in which every
    seat plays the heaviest tile that fits (with a little noise) and everything is claimed, of the points to
    come for `max_side` (as the value defines them)."""
    rules = hand.rules
    rng = random.Random(seed)
    total = 0
    for _ in range(playouts):
        to_come = [0] * rules.sides
        if supports_masks(rules):
            facts = play_out(hand, rng.random, 3.0)
            # The kernel starts from the points already on the scores and the pending ones: take them off.
            to_come = [after - before for after, before in zip(facts.end_points, hand.end_points, strict=True)]
            if hand.pending is not None:
                to_come[rules.teams[hand.pending.seat]] -= hand.pending.points
        else:
            trial = hand.copy()
            while not trial.is_over:
                seat = trial.turn
                move = max(trial.legal_moves(), key=lambda m: _weight(m.tile) + rng.random() * 3.0)
                trial.apply_legal(move)
                if move.tile is not None:
                    to_come[rules.teams[seat]] += scored_by_play(trial)
            facts = trial.outcome_facts()
        total += side_value(hand_gains(rules, facts, to_come), max_side)
    return total / playouts


def _weight(tile: Tile | None) -> float:
    return 0.0 if tile is None else tile.pips + (4.0 if tile.is_double else 0.0)
