"""Information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley & Whitehouse 2012) for the Expert.

One tree over the public moves from the deciding seat's view. Each iteration deals the hidden tiles afresh
(a world drawn from a pool of sampled worlds in proportion to their weight: how likely the plays seen are in
it), walks the tree by UCB among the moves legal in that world (a move's availability count, the times it
could have been chosen, stands for the parent's visits), adds a node where it chooses (forced steps, and with
modelled seats their plays, add theirs on the way), and values the hand from there: by the exact solver when
the position is small enough to search in the node budget, else by a heaviest-first playout (the compiled
kernel). Every seat's choices in the tree are made on the statistics of all the worlds, not on
the hand of one, so the search does not assume, as PIMC does, that each seat sees every tile; past the tree's
edge the exact value still does.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..analysis.coach import Judge
from ..analysis.playout import play_out, supports
from ..analysis.solver import OutOfBudget, hand_gains, side_value
from ..hand import Hand, HandOutcome
from ..knowledge import infer, sample_world
from ..moves import Move
from ..play_model import Record, option_chances, sightings_of
from ..rules import Rules
from ..tiles import Tile
from ..view import PlayerView
from .expert import every_tile_seen_or_held, node_rate, world_weigher
from .players import ExpertPlayer
from .search import ROLLOUT_NOISE, now, settle_claim

EXPLORATION = 0.7  # UCB's constant, in units of the mean size of the values seen (points or hands alike)
POOL_SHARE = 0.1  # of the clock, at most, spent sampling and weighing the pool of worlds
POOL_SIZE = 256  # worlds in the pool at most
LEAF_SHARE = 40  # a leaf's exact search gets the nodes of 1/LEAF_SHARE of the clock
CHECK_EVERY = 32  # iterations between looks at whether the choice is made (the clock is read every one)
GIVE_UP_EXACT = 16  # leaves too big to search, beyond those searched, before the rest are played out


class Node:
    """A public move's node: the side that made it, its visits, its summed value to that side, and how often
    it was legal when its parent was reached (its availability)."""

    __slots__ = ("available", "children", "side", "total", "visits")

    def __init__(self, side: int) -> None:
        self.side = side
        self.visits = 0
        self.total = 0.0
        self.available = 1
        self.children: dict[Move, Node] = {}


@dataclass(frozen=True, slots=True)
class TreeResult:
    """What a search found: the move it plays and each root option's visits and mean value to the seat."""

    move: Move
    visits: dict[Move, int]
    means: dict[Move, float]
    iterations: int
    exact_leaves: int


def side_margins(rules: Rules, facts: HandOutcome, end_points: Sequence[int]) -> list[float]:
    """Each side's margin in a hand that ended so (points, or hands in games counted in hands)."""
    gains = hand_gains(rules, facts, end_points)
    return [float(side_value(gains, s)) for s in range(rules.sides)]


def finished_values(rules: Rules, hand: Hand) -> list[float]:
    """Each side's margin in a finished hand."""
    return side_margins(rules, hand.outcome_facts(), hand.end_points)


def playout_values(rules: Rules, hand: Hand, rng: random.Random) -> list[float]:
    """Each side's margin once `hand` is played out by the heaviest-first policy (the compiled kernel)."""
    facts = play_out(hand, rng.random, ROLLOUT_NOISE)
    return side_margins(rules, facts, facts.end_points)


def _pick(moves: Sequence[Move], node: Node, scale: float) -> tuple[Move, Node | None]:
    """UCB among the moves legal here (each one's availability counted): an untried one first, the
    heaviest, else the best upper bound."""
    children = node.children
    untried: list[Move] = []
    best: Move | None = None
    best_key = -math.inf
    for move in moves:
        child = children.get(move)
        if child is None:
            untried.append(move)
            continue
        child.available += 1
        key = child.total / child.visits + scale * math.sqrt(math.log(child.available) / child.visits)
        if key > best_key:
            best, best_key = move, key
    if untried:
        return max(untried, key=lambda move: move.pips), None
    assert best is not None
    return best, children[best]


class Leaves:
    """Values the hands at the tree's edge: exactly where the solver searches them in its node budget (two
    sides only: one search serves both), else by a playout. Once more leaves were too big than were
    searched (GIVE_UP_EXACT spare), the rest of the decision plays out."""

    def __init__(self, view: PlayerView, worlds: list[Hand], budget: int, rng: random.Random) -> None:
        rules = view.rules
        self.rules = rules
        self.worlds = worlds
        self.budget = budget
        self.rng = rng
        self.dealt_out = every_tile_seen_or_held(view)
        self.judges: dict[int, Judge] = {}
        self.exact = budget > 0 and rules.sides == 2
        self.searched = 0
        self.too_big = 0

    def values(self, hand: Hand, world: int) -> list[float]:
        """Each side's margin from `hand` on, a position of the pool's world `world`."""
        rules = self.rules
        if hand.outcome is not None:
            return finished_values(rules, hand)
        if self.exact and not hand.layout.empty:
            key = 0 if self.dealt_out else world
            judge = self.judges.get(key)
            if judge is None:
                judge = self.judges[key] = Judge(rules, self.worlds[world], self.budget)
            try:
                value = float(side_value(hand.end_points, 0) + judge.to_come(hand, 0))
            except OutOfBudget:
                self.too_big += 1
                self.exact = self.too_big <= self.searched + GIVE_UP_EXACT
            else:
                self.searched += 1
                return [value, -value]
        return playout_values(rules, hand, self.rng)


def modelled_play(hand: Hand, moves: list[Move], rng: random.Random) -> Move:
    """A play drawn by play_model's fitted model of sensible play for the seat to move, from its own tiles and
    what is public: how the tree takes the other seats to choose (they know their own hands, and only those)."""
    rules = hand.rules
    turns: list[Record] = [(t.seat, t.move.kind, t.move.tile, t.move.end, t.stuck_on) for t in hand.history]
    first = moves[0]
    turns.append((hand.turn, first.kind, first.tile, first.end, ()))
    now_seen = sightings_of(rules, turns)[-1]  # the public facts of this turn (the tile in it is any that fits)
    chances = option_chances(now_seen, hand.hands[hand.turn])
    pick = rng.random() * sum(chances.values())
    for move in moves:
        assert move.tile is not None and move.end is not None
        pick -= chances.get((move.tile, move.end), 0.0)
        if pick <= 0.0:
            return move
    return moves[-1]


def _decided(root: Node, plays: list[Move], left: float) -> bool:
    """Whether the most visited option leads every other by more visits than `left` iterations could give."""
    counts = sorted((root.children[m].visits if m in root.children else 0 for m in plays), reverse=True)
    return len(counts) < 2 or counts[0] - counts[1] > left


def tree_search(
    view: PlayerView,
    plays: list[Move],
    seed: int,
    deadline: float | None,
    weigh: Callable[[Sequence[Sequence[Tile]]], float] | None = None,
    leaf_nodes: int = 0,
    iterations_wanted: int = 0,
    modelled: bool = False,
) -> TreeResult:
    """Search from the seat's view until the deadline, or until no other option can catch the most visited
    one in the time left; with no deadline, for exactly `iterations_wanted` iterations on a full pool of
    worlds (a decision reproduced). The root's options are `plays`.

    `weigh` gives each sampled world's weight (without it they count alike); `leaf_nodes` is the solver's
    node budget for a leaf (0: every leaf is played out, none searched). `modelled`: the other seats' plays
    in the tree are drawn by the fitted model of play (modelled_play) from their own tiles in the world, and
    only the seat's own choices are searched by UCB."""
    rules = view.rules
    rng = random.Random(seed)
    knowledge = infer(view)
    started = now()
    # The pool: worlds and their cumulative weights, sampled for at most POOL_SHARE of the clock.
    worlds: list[Hand] = []
    cumulative: list[float] = []
    total_weight = 0.0
    pool_until = None if deadline is None else started + POOL_SHARE * max(0.0, deadline - started)
    while len(worlds) < POOL_SIZE and (len(worlds) < 8 or pool_until is None or now() < pool_until):
        world = sample_world(view, knowledge, rng)
        settle_claim(world)
        total_weight += 1.0 if weigh is None else weigh(world.hands)
        worlds.append(world)
        cumulative.append(total_weight)
    leaves = Leaves(view, worlds, leaf_nodes, rng)
    searching = now()
    root = Node(rules.side_of(view.seat))
    allowed = set(plays)
    scale_sum = 0.0
    iterations = 0
    while True:
        iterations += 1
        index = min(bisect.bisect_right(cumulative, rng.random() * total_weight), len(worlds) - 1)
        hand = worlds[index].copy()
        node = root
        path: list[Node] = []
        scale = EXPLORATION * (scale_sum / (iterations - 1) if iterations > 1 and scale_sum > 0.0 else 1.0)
        while hand.outcome is None:
            moves = hand.legal_moves()
            if node is root:
                moves = [m for m in moves if m in allowed]
            if modelled and hand.turn != view.seat and len(moves) > 1 and not hand.layout.empty:
                move = modelled_play(hand, moves, rng)
                child = node.children.get(move)
                expanded = False
            else:
                move, child = _pick(moves, node, scale)
                expanded = child is None and len(moves) > 1  # a forced step adds its node and walks on
            if child is None:
                child = node.children[move] = Node(rules.side_of(hand.turn))
            hand.apply_legal(move)
            settle_claim(hand)
            path.append(child)
            node = child
            if expanded:
                break
        values = leaves.values(hand, index)
        scale_sum += abs(values[root.side])
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.side]
        if deadline is None:
            if iterations >= iterations_wanted:
                break
        elif iterations % CHECK_EVERY == 0 or now() >= deadline:
            clock = now()
            # The pace since the pool was dealt (counting its sampling in would foresee too few iterations left).
            pace = iterations / max(clock - searching, 1e-9)
            if clock >= deadline or _decided(root, plays, pace * (deadline - clock)):
                break
    visits = {m: root.children[m].visits if m in root.children else 0 for m in plays}
    means = {m: root.children[m].total / root.children[m].visits for m in plays if visits[m]}
    best = max(plays, key=lambda m: (visits[m], means.get(m, -math.inf)))
    return TreeResult(best, visits, means, iterations, leaves.searched)


class TreeExpertPlayer(ExpertPlayer):
    """The Expert by information-set tree search on its weighted worlds, leaves valued by the exact solver
    where it can search them: a benchmark seat (benchmarks/strength.py, session 20; not shipped: it did not
    beat the PIMC Expert, docs/STRENGTH.md). `modelled`: the other seats in the tree play by the fitted model
    of play; the PIMC Expert's choice once the seat holds fewer than `pimc_below` tiles, and in layouts the
    playout kernel does not play."""

    def __init__(self, seed: int = 0, movetime_ms: float = 700.0, modelled: bool = False, pimc_below: int = 0) -> None:
        super().__init__(seed, movetime_ms)
        self.modelled = modelled
        self.pimc_below = pimc_below

    def choose(self, view: PlayerView, plays: list[Move]) -> Move:
        if not supports(view.rules) or len(view.tiles) < self.pimc_below:
            return super().choose(view, plays)
        seed = self.rng.getrandbits(32)
        leaf_nodes = int(node_rate(view.rules) * self.movetime_ms / LEAF_SHARE)
        deadline = now() + self.movetime_ms / 1000.0
        weigh = world_weigher(view)
        return tree_search(view, plays, seed, deadline, weigh, leaf_nodes, modelled=self.modelled).move
