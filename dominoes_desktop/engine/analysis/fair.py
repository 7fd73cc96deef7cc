"""The fair coach: each decision judged by what the deciding seat could know at that moment.

For a decision, the worlds the seat could not tell apart are sampled (`worlds.sample_worlds`: the unseen
tiles dealt where the passes allow, weighted by the plays seen, as the Expert weighs them). In each world
every option gets the coach's exact value (`coach.Judge`: the deciding side's points minus the others',
everybody playing perfectly from there, with the points already claimed). An option's value is the weighted
mean over the worlds; the loss and the grade come from those means, with the face-up coach's families and
thresholds. A world too big to search within the budget is estimated by playouts, and its decision is then
approximate.

Worlds per decision: `FIRST_WORLDS` first; a decision whose grade is not settled by them (the loss could lie
on the other side of a grade's threshold, by the spread of the worlds' losses) gets `MORE_WORLDS` more (but
the pose, the costliest decision of all, whose worlds are searched from the first play on), and
one still unsettled `LAST_WORLDS` more if its position is small (late in the hand, where worlds are cheap).
World k of a decision is drawn from a seed made of the judging seed, the hand and the ply, so a judgement is
the same however many processes run it, and judging again with another seed draws other worlds.

Sharing the work: worlds go round `LANES` lanes (world k to lane k % LANES), each lane judging its
decisions from the last to the first. Worlds of a hand dealt out entirely (no stock, nothing asleep) share
one solver table in a lane, keyed by the whole position, so what one world's search learns serves another's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..hand import Hand
from ..moves import Move
from ..record import hand_steps
from ..rules import Rules
from ..tiles import Tile, full_set
from .coach import (
    EPSILON,
    LANES,
    THRESHOLDS,
    Grade,
    Judge,
    Judged,
    MapLanes,
    RecordedHand,
    budget_for,
    decisions_to_judge,
    family,
    grade,
)
from .solver import OutOfBudget, side_value
from .worlds import sample_worlds, view_at

FIRST_WORLDS = 16  # worlds every decision is judged over
MORE_WORLDS = 32  # more for a decision whose grade the first ones leave unsettled
LAST_WORLDS = 64  # more again for one still unsettled, when its position is small enough to search cheaply
SMALL_POSITION = 20  # tiles in the hands at most, for the last round (a double-6 hand's first plays are bigger)
WORLD_ROLLOUTS = 16  # playouts per option in a world too big to search (the worlds average them further)


@dataclass(frozen=True)
class WorldJudged:
    """One sampled world of a decision: every seat's tiles and the stock as sampled, its weight (the worlds
    of a decision sum to 1) and each option's exact value in it (points claimed so far included)."""

    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    weight: float
    values: tuple[float, ...]  # by option, as the decision's options
    exact: bool

    def as_json(self, seat: int, options: Sequence[Move]) -> dict[str, Any]:
        return {
            "hands": {str(s): [str(t) for t in h] for s, h in enumerate(self.hands) if s != seat},
            "stock": [str(t) for t in self.stock],
            "weight": self.weight,
            "values": {m.notation(): _number(v) for m, v in zip(options, self.values, strict=True)},
        }


@dataclass(frozen=True)
class FairJudged:
    """A decision judged over the worlds its seat could not tell apart: the verdict (values are the weighted
    means) and the worlds behind it."""

    judged: Judged
    worlds: tuple[WorldJudged, ...]

    def as_json(self, with_worlds: bool = False) -> dict[str, Any]:
        out = self.judged.as_json()
        if with_worlds:
            out["worlds"] = [w.as_json(self.judged.seat, self.judged.options) for w in self.worlds]
        return out

    def ahead(self, move: Move) -> float:
        """The share of the worlds (by weight) in which `move` leaves the deciding side ahead in the hand."""
        o = self.judged.options.index(move)
        return sum(w.weight for w in self.worlds if w.values[o] > 0)


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 4)


def world_seed(seed: int, hand: int, ply: int) -> int:
    return (seed * 1_000_003 + hand) * 1009 + ply


@dataclass(frozen=True)
class WorldTask:
    """One lane's share of the worlds of some decisions (by index in the list of decisions): worlds
    `start` to `stop` of each, the lane taking every `lanes`-th."""

    recorded: RecordedHand
    seats: tuple[int, ...] | None
    decisions: tuple[int, ...]
    start: int
    stop: int
    lane: int
    lanes: int
    seed: int
    budget: int


# What a lane sends back: (decision, world index, hands, stock, raw weight, values, exact).
WorldFound = list[tuple[int, int, tuple[tuple[Tile, ...], ...], tuple[Tile, ...], float, tuple[float, ...], bool]]


def _dealt_out(rules: Rules, world: Hand) -> bool:
    """Whether every tile of the set is in a hand or on the table: then no world has a stock or a sleeping
    tile, and one solver table can serve all of them (a position's key is the whole position)."""
    held = sum(len(h) for h in world.hands) + len(world.layout.placements)
    return not world.stock and held == len(full_set(rules.set_top, rules.removed_tiles))


def judge_worlds(task: WorldTask) -> WorldFound:
    """A lane's worlds, from the last decision to the first. Once a search runs past its budget, the lane
    estimates every earlier decision's worlds straight away (they have more tiles in play)."""
    recorded = task.recorded
    rules = recorded.rules
    todo = decisions_to_judge(recorded, task.seats)
    found: WorldFound = []
    searching = True
    shared: Judge | None = None
    for d in sorted(task.decisions, reverse=True):
        ply, position, _, before = todo[d]
        seat = position.turn
        side = rules.teams[seat]
        options = position.legal_moves()
        so_far = side_value(before, side)
        worlds = sample_worlds(
            view_at(position, seat, recorded.index), task.stop, world_seed(task.seed, recorded.index, ply)
        )
        for k in range(task.start, task.stop):
            if k % task.lanes != task.lane:
                continue
            world = worlds[k].hand
            values: list[float] | None = None
            if searching:
                if _dealt_out(rules, world):
                    if shared is None:
                        shared = Judge(rules, world, task.budget)
                    judge = shared
                else:
                    judge = Judge(rules, world, task.budget)
                try:
                    values = [judge.option_value(world, m, side, True, 0) for m in options]
                except OutOfBudget:
                    searching = False
            exact = values is not None
            if values is None:
                rough = Judge(rules, world, 0)
                seed = world_seed(task.seed, ply, k)
                values = [rough.option_value(world, m, side, False, seed, WORLD_ROLLOUTS) for m in options]
            found.append(
                (
                    d,
                    k,
                    tuple(tuple(h) for h in world.hands),
                    tuple(world.stock),
                    worlds[k].weight,
                    tuple(so_far + v for v in values),
                    exact,
                )
            )
    return found


def _verdict(recorded: RecordedHand, decision: tuple[int, Hand, Move, list[int]], worlds: list[WorldJudged]) -> Judged:
    rules = recorded.rules
    ply, position, played, _ = decision
    options = position.legal_moves()
    means = [sum(w.weight * w.values[o] for w in worlds) for o in range(len(options))]
    loss = max(means) - means[options.index(played)]
    exact = all(w.exact for w in worlds)
    _, margin = loss_and_margin(worlds, options, played)
    return Judged(
        recorded.index,
        ply,
        position.turn,
        played,
        tuple(options),
        tuple(means),
        exact,
        loss,
        fair_grade(rules, loss, margin),
    )


def loss_and_margin(worlds: Sequence[WorldJudged], options: Sequence[Move], played: Move) -> tuple[float, float]:
    """The loss of `played` (the best mean value less its mean value) and two standard errors of it: the
    worlds' own losses against the option best on average, their weighted spread over the worlds' worth
    (weights counted: n = 1 / sum of squared weights)."""
    means = [sum(w.weight * w.values[o] for w in worlds) for o in range(len(options))]
    best = means.index(max(means))
    p = options.index(played)
    losses = [w.values[best] - w.values[p] for w in worlds]
    mean = means[best] - means[p]
    spread = sum(w.weight * (x - mean) ** 2 for w, x in zip(worlds, losses, strict=True))
    effective = 1.0 / max(EPSILON, sum(w.weight**2 for w in worlds))
    return mean, 2.0 * math.sqrt(spread / effective)


def fair_grade(rules: Rules, loss: float, margin: float) -> Grade:
    """The grade of a loss measured over sampled worlds: none (best) when it is within its margin of
    error of nothing, the face-up coach's thresholds otherwise. (Without the margin, a move as good as the
    best but for the luck of the sample would be graded best or fine as the seed fell.)"""
    if loss <= max(EPSILON, margin):
        return Grade.BEST
    return grade(rules, loss)


def settled(rules: Rules, worlds: Sequence[WorldJudged], options: Sequence[Move], played: Move) -> bool:
    """Whether more worlds are unlikely to change the grade: no threshold lies within the loss's margin."""
    loss, margin = loss_and_margin(worlds, options, played)
    if loss <= margin:
        return loss + margin <= min(THRESHOLDS[family(rules)]) / 2
    return not any(loss - margin < cut < loss + margin for cut in THRESHOLDS[family(rules)])


def judge_hand_view(
    recorded: RecordedHand,
    seats: Sequence[int] | None = None,
    seed: int = 0,
    budget: int | None = None,
    map_lanes: MapLanes | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[FairJudged]:
    """Every decision with more than one distinct option in a recorded hand (of `seats`, or of all), judged
    over the worlds its seat could not tell apart. `map_lanes` runs the lanes as in `coach.judge_hand`."""
    rules = recorded.rules
    seat_list = None if seats is None else tuple(seats)
    todo = decisions_to_judge(recorded, seat_list)
    run: MapLanes = map_lanes or map
    limit = budget_for(rules) if budget is None else budget
    raw: dict[int, dict[int, tuple[Any, ...]]] = {d: {} for d in range(len(todo))}

    def round_of(decisions: Sequence[int], start: int, stop: int) -> None:
        tasks = [
            WorldTask(recorded, seat_list, tuple(decisions), start, stop, lane, LANES, seed, limit)
            for lane in range(LANES)
        ]
        for lane_found in run(judge_worlds, tasks):
            for d, k, *rest in lane_found:
                raw[d][k] = tuple(rest)

    def worlds_of(d: int) -> list[WorldJudged]:
        entries = [raw[d][k] for k in sorted(raw[d])]
        total = sum(e[2] for e in entries)
        return [WorldJudged(h, s, w / total, v, x) for h, s, w, v, x in entries]

    if todo:
        round_of(range(len(todo)), 0, FIRST_WORLDS)
    if progress is not None:
        progress(1, 2)
    # The pose is left to its first worlds: every tile of the hand is an option and the whole hand is to be
    # searched in each world (two thirds of the worst double-6 hand's judging, with more worlds).
    unsettled = [
        d
        for d in range(len(todo))
        if not todo[d][1].layout.empty and not settled(rules, worlds_of(d), todo[d][1].legal_moves(), todo[d][2])
    ]
    if unsettled:
        round_of(unsettled, FIRST_WORLDS, FIRST_WORLDS + MORE_WORLDS)
    still = [
        d
        for d in unsettled
        if sum(len(h) for h in todo[d][1].hands) <= SMALL_POSITION
        and not settled(rules, worlds_of(d), todo[d][1].legal_moves(), todo[d][2])
    ]
    if still:
        round_of(still, FIRST_WORLDS + MORE_WORLDS, FIRST_WORLDS + MORE_WORLDS + LAST_WORLDS)
    if progress is not None:
        progress(2, 2)
    found = []
    for d, decision in enumerate(todo):
        worlds = worlds_of(d)
        found.append(FairJudged(_verdict(recorded, decision, worlds), tuple(worlds)))
    return found


def forced_moves(
    recorded: RecordedHand, seats: Sequence[int] | None = None
) -> list[tuple[int, int, Move, tuple[int, ...]]]:
    """The moves of `seats` (or of all) that had no alternative: (ply, seat, move, the open ends it was made
    on), in the order of play."""
    found = []
    for step in hand_steps(recorded.start, recorded.moves):  # the record's one walker of a hand
        hand = step.before
        if not step.is_claim and (seats is None or step.seat in seats) and len(hand.legal_moves()) == 1:
            found.append((step.ply, step.seat, step.move, tuple(hand.layout.open_ends())))
    return found
