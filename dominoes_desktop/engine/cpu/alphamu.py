"""Win or lose instead of points, and alpha-mu (issue 32 item 4, session 21; both screened, off as shipped:
docs/STRENGTH.md).

The strength asked of the Expert is a share of hands won; in points games its exact values are the points
margin, which may trade a likelier win for a bigger one. `WinTest` answers, for one world whose tiles are all
known, whether a side is ahead (+1), level (0, a blocked hand with no winner) or behind (-1) once an option is
played and both sides play perfectly from there: one null-window test around 0 (does the side come out ahead?)
and, if not, one more (does it at least draw?), where the exact value takes an MTD(f) of several. In the
solver's value a won hand is always worth more than 0 (the winner scores the pips left, and some are always
left) and a hand with no winner 0, so the sign of the value is what the benchmark counts (a hand won, a hand
with no winner, a hand lost). `alpha_mu_means` searches the worlds together with it (see below).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..analysis.coach import Judge
from ..analysis.solver import (
    LineSolver,
    OutOfBudget,
    after_play,
    hand_gains,
    side_value,
    supports_masks,
)
from ..hand import Hand
from ..knowledge import infer, sample_world
from ..moves import Move
from ..rules import EndScoring, Rules
from ..tiles import Tile
from ..view import PlayerView
from .search import now


def wins_decide(rules: Rules) -> bool:
    """Whether the hand's result is all its worth to the side: no points are scored during it (the ends' count), so
    coming out ahead is winning it. The win-or-lose objective is for these games only."""
    return rules.end_scoring is EndScoring.NONE


def sign(value: float) -> int:
    return (value > 0) - (value < 0)


class WinTest:
    """Whether `side` comes out of a hand ahead, level or behind after an option, in worlds of one decision
    (`budget`: nodes a test may visit; OutOfBudget past them). Keeps the solver's table between tests, like
    the coach's Judge (which values what the line search does not cover: the sign of its exact value)."""

    def __init__(self, world: Hand, side: int, budget: int) -> None:
        self.rules = world.rules
        self.side = side
        self.budget = budget
        self.dealt_stock = len(world.stock)  # the world's stock, as the solver takes it: as dealt from here
        self._judge = Judge(world.rules, world, budget)
        self._solver = (
            LineSolver(world.rules, tuple(world.stock), world.leader, side) if supports_masks(world.rules) else None
        )

    def outcome(self, hand: Hand, move: Move) -> int:
        """+1, 0 or -1: `side` ahead, level or behind at the end of `hand` once `move` is played, perfect play
        from both sides after it."""
        child, gains = after_play(hand, move)
        if child.layout.empty or self._solver is None:
            self._judge.budget = self.budget
            return sign(self._judge.option_value(hand, move, self.side, True, 0))
        made = side_value(gains, self.side)
        if self.ahead(child, made):
            return 1
        return 0 if self.ahead(child, made + 1) else -1

    def ahead(self, hand: Hand, made: int) -> bool:
        """Whether `side` ends `hand` (after its pose) ahead, perfect play from both sides, when the plays so
        far made it `made` points more than the others: one null-window test (are the points to come at least
        1 - made?), with the whole node budget (an option's two tests may take it twice)."""
        rules = self.rules
        if hand.is_over:
            return made + side_value(hand_gains(rules, hand.outcome_facts(), [0] * rules.sides), self.side) > 0
        solver = self._solver
        assert solver is not None, "a line game's position"
        solver.budget = self.budget
        solver.nodes = 0
        return solver._search(*solver.state_of(hand, self.dealt_stock), -made, 1 - made) >= 1 - made


# ---- alpha-mu ---------------------------------------------------------------------------------------------
#
# PIMC's flaw is strategy fusion: in each world its own later choices are made knowing the world. alpha-mu
# (Cazenave & Ventos, "The alpha-mu Search Algorithm for the Game of Bridge", 2020) searches the worlds together.
# A result is the set of worlds the side wins (a bit mask over the worlds: win or lose keeps the fronts small); a
# node's value is a Pareto front of them (no set inside another). At the seat's own nodes ONE move serves every
# world still in play (it knows its tiles, not the world): the front is the union of its moves'. At the others'
# each world gets its own best move, as PIMC gives them (the paper's opponents, who are taken to see every tile):
# every combination of their moves' results, world by world the least for the opponents, the most for the
# partner. (The partner sees its own tiles, so one move for every world would wrong it; one move for the worlds
# that deal it alike splits every world into its own subtree, where the seat's later moves fuse again.) After
# `depth` of the seat's moves each world is valued by the exact solver (with depth 1 it is PIMC).


class TimeUp(Exception):
    """The search passed its deadline."""


def pareto(masks: list[int]) -> list[int]:
    """The masks no other one contains (each once), biggest first."""
    kept: list[int] = []
    for mask in sorted(set(masks), key=int.bit_count, reverse=True):
        if not any(mask & k == mask for k in kept):
            kept.append(mask)
    return kept


def combined(front: list[int], other: list[int], covered: int, live: int) -> list[int]:
    """Every combination, world by world the least, of `front` (over `live`) and `other` (over the worlds
    `covered`; the others keep `front`'s result)."""
    rest = live & ~covered
    return pareto([a & (b | rest) for a in front for b in other])


def joined(front: list[int], other: list[int]) -> list[int]:
    """Every combination, world by world the most, of two fronts (a world outside a front's worlds counts as
    lost in it)."""
    return pareto([a | b for a in front for b in other])


class AlphaMu:
    """The seat's options valued over `worlds` (positions of one decision, the seat to move) by alpha-mu; each
    world's result by its test (`tests`, by world: the side ahead at the end?). Raises TimeUp past `deadline`
    (`clock`'s time)."""

    def __init__(
        self,
        worlds: list[Hand],
        tests: Sequence[WinTest],
        seat: int,
        deadline: float,
        clock: Callable[[], float],
    ) -> None:
        self.worlds = worlds
        self.tests = tests
        self.seat = seat
        self.rules = worlds[0].rules
        self.side = self.rules.side_of(seat)
        self.deadline = deadline
        self.clock = clock
        self.nodes = 0

    def fronts(self, plays: list[Move], depth: int) -> dict[Move, list[int]]:
        """Each play's front of the sets of worlds won, the seat's next `depth - 1` moves searched."""
        every = dict(enumerate(self.worlds))
        return {move: self._after(every, move, depth - 1, 0) for move in plays}

    def _after(self, hands: dict[int, Hand], move: Move, depth: int, made: int) -> list[int]:
        """The front once `move` is played in each of `hands` (world index: position)."""
        children: dict[int, Hand] = {}
        gains: list[int] = []  # the play's end points are public: the same in every world
        for world, hand in hands.items():
            children[world], gains = after_play(hand, move)
        return self._front(children, depth, made + side_value(gains, self.side))

    def _front(self, hands: dict[int, Hand], depth: int, made: int) -> list[int]:
        """The front of `hands` (one public position, a world each), `made`: the side's points more than the
        others' so far; `depth`: the seat's moves still searched together."""
        self.nodes += 1
        if self.nodes % 64 == 0 and self.clock() > self.deadline:
            raise TimeUp
        live = sum(1 << w for w in hands)
        first = next(iter(hands.values()))
        turn = first.turn
        if first.is_over or (turn == self.seat and depth == 0):
            return [sum(1 << w for w, hand in hands.items() if self.tests[w].ahead(hand, made))]
        if turn == self.seat:
            by_rack: dict[frozenset[Tile], dict[int, Hand]] = {}
            for w, hand in hands.items():
                by_rack.setdefault(frozenset(hand.hands[turn]), {})[w] = hand
            if len(by_rack) > 1:
                # The seat has drawn other tiles in other worlds: each rack is a position of its own, its move its own.
                found = [0]
                for worlds in by_rack.values():
                    found = joined(found, self._front(worlds, depth, made))
                return found
            found = []
            for move in first.legal_moves():  # the seat's tiles are the same in every world here
                found = pareto(found + self._after(hands, move, depth - 1, made))
                if found[0] == live:
                    break  # every world won
            return found
        by_move: dict[Move, dict[int, Hand]] = {}  # the worlds where each move is legal
        for w, hand in hands.items():
            for move in hand.legal_moves():
                by_move.setdefault(move, {})[w] = hand
        if self.rules.side_of(turn) == self.side:  # the partner: world by world its best move
            front = [0]
            for move, worlds in by_move.items():
                front = joined(front, self._after(worlds, move, depth, made))
                if front[0] == live:
                    break  # every world won
            return front
        front = [live]
        for move, worlds in by_move.items():
            covered = sum(1 << w for w in worlds)
            front = combined(front, self._after(worlds, move, depth, made), covered, live)
            if front == [0]:
                break  # every world lost
        return front


FIRST_WORLDS = 8  # worlds of the first search; each next one doubles them while the clock allows
MOST_WORLDS = 128


def alpha_mu_means(
    view: PlayerView,
    plays: list[Move],
    seed: int,
    deadline: float,
    depth: int,
    weigh: Callable[[Sequence[Sequence[Tile]]], float],
    budget: int,
    dealt_out: bool,
) -> dict[Move, float] | None:
    """Each play's best weighted share of the worlds won (the set of its front that wins the most), as the mean
    of +1 a world won and -1 a world not (the win objective's scale, so the Expert's tie margin means the same),
    by alpha-mu searches over more and more sampled worlds (`weigh`: a world's weight by its hands) until the
    deadline; the last search finished counts. None when none finished (or a world was too big to test in
    `budget` nodes). `dealt_out`: every tile is held or on the table, so one solver's table serves every world
    (expert.every_tile_seen_or_held)."""
    if view.public.layout.empty or not supports_masks(view.rules) or not wins_decide(view.rules):
        return None  # a lead, a layout the line search does not cover, or points scored during the hand
    rng = random.Random(seed)
    knowledge = infer(view)
    side = view.rules.side_of(view.seat)
    means: dict[Move, float] | None = None
    count = FIRST_WORLDS
    while count <= MOST_WORLDS and now() < deadline:
        weights: dict[tuple[object, ...], float] = {}
        worlds: dict[tuple[object, ...], Hand] = {}
        for _ in range(count):
            world = sample_world(view, knowledge, rng)
            key = (*(frozenset(h) for h in world.hands), tuple(world.stock))  # the stock's order is its draws
            worlds[key] = world
            weights[key] = weights.get(key, 0.0) + weigh(world.hands)
        hands = list(worlds.values())
        weight = [weights[k] for k in worlds]
        if dealt_out:
            tests = [WinTest(hands[0], side, budget)] * len(hands)
        else:
            tests = [WinTest(world, side, budget) for world in hands]
        try:
            fronts = AlphaMu(hands, tests, view.seat, deadline, now).fronts(plays, depth)
        except (TimeUp, OutOfBudget):
            break
        total = sum(weight)
        if total <= 0.0:
            break
        means = {
            move: 2.0 * max(sum(weight[w] for w in range(len(hands)) if mask >> w & 1) for mask in front) / total - 1.0
            for move, front in fronts.items()
        }
        if len(hands) < count // 2:
            break  # few worlds are left to tell apart: more samples would repeat them
        count *= 2
    return means
