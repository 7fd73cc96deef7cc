"""The coach: every decision of a finished hand judged exactly, now that every tile is known.

    python -m dominoes_desktop.engine.analysis.coach CASE.json [--budget NODES]

prints one JSON object a line for every decision where the deciding seat had more than one distinct option:

    {"hand": 0, "ply": 12, "seat": 2, "played": "6-1@6", "values": {"6-1@6": 1, "4-4@4": -1}, "loss": 0,
     "grade": "best"}

`ply` is the index of the move in the hand's `moves`; options are in replay notation, one per distinct
result. A decision too big to search within the node budget is estimated by playouts instead and carries
`"approximate": true`. Exit 2 with one line on a bad case, as replay does.

Value of an option (see `solver` for the search): the deciding side's points in this hand minus the points
every other side scores in it (bonuses and end points included; a blocked hand with no winner is 0; six-love
and cutthroat resets are ignored), when every seat sees every tile and the stock order as it was dealt, the
deciding side maximises and every other side minimises (exact minimax with two sides, "paranoid" with three
or more). In end-scoring games every point made is taken as claimed by its scorer. Hand-count presets score
a won hand as their rules do (1, plus a key bone where the rules pay one).

Loss = best value - the played option's value. Grades, by scoring family (`family`):

    family   scoring                          best   fine        loose        blunder
    hands    one point per hand won           0      < 0.5       < 1.5        >= 1.5 (a won hand thrown away)
    pips     pips of the losers' tiles        0      <= 5        <= 20        > 20
    fives    end points (fives, threes)       0      <= 5        <= 15        > 15

(In hand-count games exact losses are whole numbers: 1 is a win turned into no winner, or a lost bonus;
2 a win turned into a loss. "Fine" there only shows up on approximate grades.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any

from ..cases import case_rules_and_hands, play_recorded_hand
from ..deal import Deal
from ..hand import Hand
from ..match import HandStep, Match, hand_moves, positions
from ..moves import Move, MoveKind
from ..record import Record, hand_record
from ..rules import EndScoring, Rules, Scoring, Style
from ..tiles import full_set
from .core import arms_fit, solver_fits
from .solver import (
    DEFAULT_BUDGET,
    ArmsSolver,
    GenericSolver,
    LineSolver,
    MaskSolver,
    OutOfBudget,
    after_play,
    hand_gains,
    rollout_value,
    scored_by_play,
    side_value,
    supports_arms,
    supports_masks,
)

EPSILON = 1e-9
BIG_SET_BUDGET = 100_000  # nodes per search in sets larger than double-6, where a position too big to search
# is seldom saved by a bigger budget: giving up sooner leaves more time for the estimates. Measured in session 16
# (benchmarks/coach_speed.py --presets cuban,cross_9,cross_12 --ways view-2 --hands 10, one after the other):
# 100,000 left 10/52, 9/32 and 25/31 decisions approximate at 0.88, 0.75 and 0.51 s a hand (median); 300,000
# 8/52, 9/32, 25/31 at 1.72, 1.66, 1.73 s; 600,000 6/52, 9/32, 25/31 at 2.98, 3.27, 4.20 s (worst 8.9 s)
# Session 24, the crosses with the compiled core (benchmarks/coach_speed.py --presets cross_9,cross_12 --ways view-2
# --hands 10 --budget N, seed 1, one after the other, load 0.0-3.0): 2 million compiled nodes (as shipped) left 10/32
# and 25/31 approximate at 0.39 and 0.25 s a hand (median; worst 0.82 and 0.91 s); 10 million 8/32 and 25/31 at 1.04
# and 1.26 s (worst 3.2 and 2.7 s); 40 million 7/32 and 22/31 at 3.5 and 7.7 s (worst 11.8 and 16.0 s). Their dear
# worlds are the openings with a 35- or 71-tile stock, out of reach of an exact search at any budget the time allows
BIG_LINE_BUDGET = 1_050_000  # nodes per search in a block line game of a set larger than double-6 that the compiled
# core runs (Cuban; a game with a stock keeps BIG_SET_BUDGET, not measured with more): there a bigger budget does save
# positions. Its opening worlds take 2 to 11 million compiled nodes an option; those of the double-nine and
# double-twelve crosses, with a stock to draw from, more than 400 million for one null-window test. Measured in
# session 20 (benchmarks/coach_speed.py --presets cuban --ways view-2 --hands 10 --budget N, seed 1, an earlier form
# of the galloping MTD(f)): 2 million compiled nodes (100,000 here) left 10/52 decisions approximate at 0.52 s a hand
# (median, busy); 6 million 7/52 at 0.98 s (worst 1.6 s); 9 million 6/52 at 1.82 s (worst 4.1 s); 12 million 6/52 at
# 1.97 s (worst 4.9 s); 24 million 3/52 at 4.5 s (worst 15 s). As shipped: 8/52 and 7/56 (seed 2) at 1.09 and 1.06 s
# (worst 1.9 and 2.4 s). Session 21, with the killer move (solver.KILLER_RANK): 6 million 7/52 and 7/56, 9 million 6/52
# and 6/56 at 1.65 and 1.71 s (worst 3.9 and 5.2 s), 12 million 6/52 and 3/56 at 1.76 and 1.75 s (worst 5.2 and 5.4 s).
# Session 22, the compiled line search 1.48x the nodes a second (fair.py's docstring), the same command and --seed 2,
# median and worst busy seconds a hand: 6 million 7/52 and 7/56 at 0.74 and 0.53 s (worst 1.5 and 0.9 s); 12 million
# 6/52 and 3/56 at 0.86 and 0.88 s (worst 2.6 and 2.7 s); 18 million 4/52 and 1/56 at 1.32 and 1.10 s (worst 3.8 and
# 4.0 s); 21 million 3/52 and 1/56 at 1.87 and 1.09 s (worst 6.7 and 3.9 s); 24 million (shipped) 2/52 and 1/56 at
# 1.87 and 1.11 s (worst 6.9 and 4.0 s; seed 1 again 6.7 s); 30 million 2/52 and 1/56 at 1.90 and 1.12 s (worst 8.8
# and 4.2 s). Within the 5% from 24 million, not yet its 6 s worst on seed 1: that hand's dear worlds are
# searched exactly from 21 million on. --seed 3 at 24 million: 3/53 at 1.12 s (worst 6.87 s), before 8/53 at 0.63 s
# Then a pose's options, not its worlds, shared out over the lanes (fair.py's docstring), seeds 1, 3 and 2: 24
# million 2/52, 3/53 and 1/56 at 1.91, 1.13 and 1.09 s (worst 6.00, 6.08 and 5.95 s); 21 million (shipped) 3/52,
# 3/53 and 1/56 (7/161, 4.3%) at 1.70, 1.13 and 1.09 s (worst 4.76, 4.50 and 5.96 s; seed 2 again 6.07 s).
# Session 23, a pose's other lane no longer searching what is estimated (fair.Board), seeds 1, 2 and 3: 21 million
# 3/52, 1/56 and 3/53 at 1.35, 1.20 and 1.17 s (worst 3.82, 2.56 and 4.46 s); 24 million 2/52, 1/56 and 3/53 at
# 1.92, 1.18 and 1.28 s (worst 6.21, 2.40 and 5.63 s); 30 million the same decisions at worst 6.13, 2.53, 5.69 s.
ROLLOUTS = 64  # playouts per option when a decision is estimated
COMPILED_SCALE = 20  # how many times the pure-Python budgets the coach gives a search the compiled core runs
# (it searches about 90 times as many nodes a second). Measured (benchmarks/coach_speed.py, view-2): 10x left
# Cuban 6/26 decisions approximate and room 1/21, 20x 5/26 and 0/21 at under a second a hand, 60x 4/26 and
# 0/21 at over two and a half; a bigger hand allowance alone did not steady the grades


class Grade(StrEnum):
    BEST = "best"
    FINE = "fine"
    LOOSE = "loose"
    BLUNDER = "blunder"


# Upper bounds of the losses graded fine and loose, per scoring family (see the module's table).
THRESHOLDS: dict[str, tuple[float, float]] = {
    "hands": (0.5, 1.5),
    "pips": (5.0, 20.0),
    "fives": (5.0, 15.0),
}


def compiled_serves(rules: Rules) -> bool:
    """Whether the compiled core runs this game's searches (line games of sets it holds: `core.solver_fits`;
    cross and spinner games without end points or bonuses up to double-12: `core.arms_fit`); double-12 line
    games are searched in pure Python."""
    tiles = len(full_set(rules.set_top, rules.removed_tiles))
    return (supports_masks(rules) and solver_fits(rules, tiles)) or (supports_arms(rules) and arms_fit(rules, tiles))


def budget_scale(rules: Rules) -> int:
    """How many times the pure-Python node budgets this game's searches get: `COMPILED_SCALE` where the
    compiled core runs them, else 1."""
    return COMPILED_SCALE if compiled_serves(rules) else 1


def budget_for(rules: Rules) -> int:
    """Nodes a search may visit before a decision is estimated instead."""
    if rules.set_top <= 6:
        return DEFAULT_BUDGET * budget_scale(rules)
    if rules.style is Style.BLOCK and supports_masks(rules) and compiled_serves(rules):
        return BIG_LINE_BUDGET * COMPILED_SCALE
    return BIG_SET_BUDGET * budget_scale(rules)


def family(rules: Rules) -> str:
    """Which grading scale a rule set uses: hands won, pips, or end points."""
    if rules.scoring is Scoring.ONE_PER_HAND:
        return "hands"
    if rules.end_scoring is not EndScoring.NONE:
        return "fives"
    return "pips"


def grade(rules: Rules, loss: float) -> Grade:
    if loss <= EPSILON:
        return Grade.BEST
    fine, loose = THRESHOLDS[family(rules)]
    if family(rules) == "hands":
        if loss < fine:
            return Grade.FINE
        return Grade.LOOSE if loss < loose else Grade.BLUNDER
    if loss <= fine:
        return Grade.FINE
    return Grade.LOOSE if loss <= loose else Grade.BLUNDER


@dataclass(frozen=True)
class Judged:
    """One decision judged: who, what was played, every distinct option's value, the loss and the grade."""

    hand: int
    ply: int
    seat: int
    played: Move
    options: tuple[Move, ...]
    values: tuple[float, ...]  # by option
    exact: bool
    loss: float
    grade: Grade

    @property
    def best(self) -> tuple[Move, ...]:
        """The best option(s), the played one first if it is among them."""
        top = max(self.values)
        found = [m for m, v in zip(self.options, self.values, strict=True) if v >= top - EPSILON]
        return tuple(sorted(found, key=lambda m: m != self.played))

    def value_of(self, move: Move) -> float:
        return self.values[self.options.index(move)]

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hand": self.hand,
            "ply": self.ply,
            "seat": self.seat,
            "played": self.played.notation(),
            "values": {m.notation(): _number(v) for m, v in zip(self.options, self.values, strict=True)},
            "loss": _number(self.loss),
            "grade": self.grade.value,
        }
        if not self.exact:
            out["approximate"] = True
        return out


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 2)


@dataclass(frozen=True)
class RecordedHand:
    """A hand as it was dealt and played, as a record: a match of its own whose first answer deals the hand
    (`DealHand`: the deal, the leader, and a free lead where the hand had no forced pose) and whose other
    answers are the hand's moves (claims included; windows passed by were let go). Every reader walks it
    with the record's one walker (`match.hand_moves`, a view over `positions`). `first_ply`: the moves
    before it are judged by nobody (a hand judged from part-way through). `lead_by_rule`: whether the match's
    first-hand rule chose the leader (`Match.led_by_rule`; None: taken to be so in hand 0 alone)."""

    index: int
    record: Record
    first_ply: int = 0
    lead_by_rule: bool | None = None

    @property
    def rules(self) -> Rules:
        return self.record.rules

    @cached_property
    def start(self) -> Hand:
        """The hand as dealt, before its first move."""
        for step in hand_moves(self.record):
            return step.before.copy()
        return self._walked[-1].copy()  # a hand of no moves

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """The hand's moves as the walk resolved them (each play's end filled in)."""
        return tuple(step.move for step in hand_moves(self.record))

    def before(self, ply: int) -> Hand:
        """The hand just before its move `ply` (after the last move when `ply` is their number)."""
        return self._walked[ply].copy()

    @cached_property
    def _walked(self) -> tuple[Hand, ...]:
        """The hand after each of its moves (the deal first), kept from one walk of its record."""
        found: list[Hand] = []
        for position in positions(self.record, windows_let_go=True):
            match = position.match
            hand = match.hand if match.hand is not None or not match.archive else match.archive[-1][1]
            if hand is not None and len(hand.history) == len(found):
                found.append(hand.copy())
        return tuple(found)


class Judge:
    """Judges the positions of one dealt hand (every tile known), keeping the solvers' tables between
    decisions. The coach and the Expert CPU (in each sampled world) use it."""

    def __init__(self, rules: Rules, start: Hand, budget: int) -> None:
        self.rules = rules
        self.dealt_stock = tuple(start.stock)
        self.leader = start.leader
        self.budget = budget
        self._masks: dict[int, MaskSolver] = {}
        self._generic: dict[int, GenericSolver] = {}
        self.searched = 0  # nodes visited by every search so far (the fair coach weighs what more worlds cost)

    def _side_for_search(self, side: int) -> tuple[int, int]:
        """The side to search for, and the sign that turns its value into `side`'s: with two sides one
        table serves both, values negated."""
        if self.rules.sides == 2:
            return 0, 1 if side == 0 else -1
        return side, 1

    def to_come(self, hand: Hand, side: int, guess: int | None = None) -> int:
        """Exact points to come for `side` from `hand` (not over); OutOfBudget if too big. `guess`: what they
        are likely to be, where the mask search's MTD(f) starts (the value is the same whatever it is; the
        nodes are fewer the closer it lies); else it starts at the last value found."""
        search_side, sign = self._side_for_search(side)
        masks = LineSolver if supports_masks(self.rules) else ArmsSolver if supports_arms(self.rules) else None
        if masks is not None and not hand.layout.empty:
            solver = self._masks.get(search_side)
            if solver is None:
                solver = self._masks[search_side] = masks(self.rules, self.dealt_stock, self.leader, search_side)
            solver.budget = self.budget
            if guess is not None:
                solver.last_value = sign * guess  # the solver's values are its search side's
            try:
                return sign * solver.value(hand, len(self.dealt_stock))
            finally:
                self.searched += solver.nodes
        generic = self._generic.get(search_side)
        if generic is None:
            generic = self._generic[search_side] = GenericSolver(self.rules, search_side)
        generic.budget = max(1, self.budget // 8)
        try:
            return sign * generic.value(hand)
        finally:
            self.searched += generic.nodes * 8  # a Hand copy costs about eight masks' nodes (the budgets' ratio)

    def option_value(
        self,
        hand: Hand,
        move: Move,
        side: int,
        exact: bool,
        seed: int,
        playouts: int = ROLLOUTS,
        guess: float | None = None,
    ) -> float:
        """Points to come for `side` once `move` is played in `hand`, the move's own end points included
        (estimated by `playouts` playouts when not `exact`). `guess`: what it is likely worth (the same
        option's value in a like deal), where an exact search starts (`to_come`): the same value, fewer nodes
        the closer it lies."""
        rules = self.rules
        child, gains = after_play(hand, move)
        if child.is_over:
            return side_value(hand_gains(rules, child.outcome_facts(), gains), side)
        now = side_value(gains, side)
        if exact:
            return now + self.to_come(child, side, None if guess is None else round(guess) - now)
        return now + rollout_value(child, side, seed, playouts)

    def judge(self, hand: Hand, side: int, seed: int = 0, exact: bool = True) -> tuple[list[Move], list[float], bool]:
        """Every distinct option of the seat to play and its points to come; exact unless too big (or
        `exact` is False: estimate straight away)."""
        options = hand.legal_moves()
        if exact:
            try:
                return options, [self.option_value(hand, m, side, True, seed) for m in options], True
            except OutOfBudget:
                pass
        return options, [self.option_value(hand, m, side, False, seed) for m in options], False


def claimed_so_far(rules: Rules, hand: Hand, tally: list[int], move: Move, seat: int) -> None:
    """Adds the end points `move` (just applied to `hand` by `seat`) made, as if claimed by its scorer."""
    if move.kind is MoveKind.PLAY:
        tally[rules.teams[seat]] += scored_by_play(hand)


LANES = 2  # how a hand's searches are shared out (see `judge_hand`); fixed, so the output never depends on
# how many processes run them


@dataclass(frozen=True)
class LaneTask:
    """One lane of a hand's searches: every `lanes`-th option search, in the order `judge_hand` runs them."""

    recorded: RecordedHand
    seats: tuple[int, ...] | None
    budget: int
    lane: int
    lanes: int


@dataclass(frozen=True)
class EstimateTask:
    """The playout estimates of some decisions (by their index in the list of decisions to judge)."""

    recorded: RecordedHand
    seats: tuple[int, ...] | None
    decisions: tuple[int, ...]


# What a lane or an estimate task sends back: (decision, option, value); a lane's value is None where the
# search ran past its budget (or came after one that did).
Found = list[tuple[int, int, float | None]]
MapLanes = Callable[[Callable[[Any], Any], Sequence[Any]], Iterable[Any]]  # like the builtin map


def decisions_to_judge(recorded: RecordedHand, seats: Sequence[int] | None) -> list[tuple[int, Hand, Move, list[int]]]:
    """Every decision with more than one distinct option (of `seats`, or of all), in the order of play:
    its ply, the position before it, the move played, and the end points claimed so far by side."""
    rules = recorded.rules
    tally = [0] * rules.sides
    todo: list[tuple[int, Hand, Move, list[int]]] = []
    played: HandStep | None = None  # the last move, applied by the walker once it walks on
    first = recorded.first_ply
    for step in hand_moves(recorded.record):  # the hand's record, walked by the record's one walker
        if played is not None:
            claimed_so_far(rules, step.before, tally, played.move, played.seat)  # claims leave the ends alone
            played = None
        if step.is_claim:
            continue
        hand = step.before
        if step.ply >= first and (seats is None or step.seat in seats) and len(step.options) > 1:
            todo.append((step.ply, hand.copy(), step.move, list(tally)))
        played = step
    return todo


def judge_lane(task: LaneTask) -> Found:
    """One lane's exact searches, from the last decision to the first with one table throughout: the late
    positions are small, and what their searches learn makes the earlier ones cheaper. Once a search runs
    past its budget every earlier decision is left to the estimates (it has more tiles in play)."""
    recorded = task.recorded
    rules = recorded.rules
    todo = decisions_to_judge(recorded, task.seats)
    judge = Judge(rules, recorded.start, task.budget)
    found: Found = []
    searching = True
    unit = 0  # the option searches, counted in the order the lanes run them, go round the lanes in turn
    for d in range(len(todo) - 1, -1, -1):
        position = todo[d][1]
        side = rules.teams[position.turn]
        for o, move in enumerate(position.legal_moves()):
            unit += 1
            if (unit - 1) % task.lanes != task.lane:
                continue
            value: float | None = None
            if searching:
                try:
                    value = judge.option_value(position, move, side, True, 0)
                except OutOfBudget:
                    searching = False
            found.append((d, o, value))
    return found


def estimate_decisions(task: EstimateTask) -> Found:
    """Playout estimates of every option of the given decisions (seeded by hand and ply: reproducible)."""
    recorded = task.recorded
    rules = recorded.rules
    todo = decisions_to_judge(recorded, task.seats)
    judge = Judge(rules, recorded.start, 0)
    found: Found = []
    for d in task.decisions:
        ply, position = todo[d][0], todo[d][1]
        side = rules.teams[position.turn]
        for o, move in enumerate(position.legal_moves()):
            found.append((d, o, judge.option_value(position, move, side, False, recorded.index * 1000 + ply)))
    return found


def judge_hand(
    recorded: RecordedHand,
    seats: Sequence[int] | None = None,
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    map_lanes: MapLanes | None = None,
) -> list[Judged]:
    """Every decision with more than one distinct option in a recorded hand (of `seats`, or of all).

    The option searches are shared out over `LANES` lanes, each with its own table (`judge_lane`);
    `map_lanes` (like the builtin `map`, the default) runs them, in worker processes if the caller's is a
    pool's. Which lane searches what is fixed, so the result is the same however they are run. A decision
    is exact when every one of its options was searched within the budget, and then every later decision
    is too; the others are estimated by playouts, every option of them (the same way)."""
    rules = recorded.rules
    seat_list = None if seats is None else tuple(seats)
    todo = decisions_to_judge(recorded, seat_list)
    run: MapLanes = map_lanes or map
    limit = budget_for(rules) if budget is None else budget
    values: dict[tuple[int, int], float | None] = {}
    lanes = [LaneTask(recorded, seat_list, limit, lane, LANES) for lane in range(LANES)]
    for done, lane_found in enumerate(run(judge_lane, lanes)):
        values.update(((d, o), v) for d, o, v in lane_found)
        if progress is not None:
            progress(done + 1, LANES + 1)
    exact = [all(values[d, o] is not None for o in range(len(todo[d][1].legal_moves()))) for d in range(len(todo))]
    for d in range(len(todo) - 2, -1, -1):
        exact[d] = exact[d] and exact[d + 1]  # an earlier position has more tiles in play: too big as well
    rough = [d for d in range(len(todo)) if not exact[d]]
    if rough:
        tasks = [EstimateTask(recorded, seat_list, tuple(rough[lane::LANES])) for lane in range(LANES)]
        for estimated in run(estimate_decisions, [t for t in tasks if t.decisions]):
            values.update(((d, o), v) for d, o, v in estimated)
    if progress is not None:
        progress(LANES + 1, LANES + 1)
    found: list[Judged] = []
    for d, (ply, position, played, before) in enumerate(todo):
        seat = position.turn
        side = rules.teams[seat]
        options = position.legal_moves()
        worth = [v for v in (values[d, o] for o in range(len(options))) if v is not None]
        assert len(worth) == len(options)
        so_far = side_value(before, side)
        loss = max(worth) - worth[options.index(played)]
        found.append(
            Judged(
                recorded.index,
                ply,
                seat,
                played,
                tuple(options),
                tuple(so_far + v for v in worth),
                exact[d],
                loss,
                grade(rules, loss),
            )
        )
    return found


def hands_of_case(case: Any) -> list[RecordedHand]:
    """The hands of a replay case, checked by the engine as replay checks them; CaseError if invalid."""
    rules, raw_hands = case_rules_and_hands(case)
    match = Match(rules)  # the match's state machine decides the order of play, as replay drives it
    found = []
    for h, raw_hand in enumerate(raw_hands):
        play_recorded_hand(match, h, raw_hand)
        deal, played = match.archive[-1]
        found.append(recorded_from_archive(rules, h, deal, played, lead_by_rule=match.led_by_rule.get(h)))
    return found


def recorded_from_archive(
    rules: Rules, index: int, deal: Deal, played: Hand, first_ply: int = 0, lead_by_rule: bool | None = None
) -> RecordedHand:
    """A hand the game archived (its deal and the finished Hand) as the coach takes it; `first_ply`: judged
    from that move on; `lead_by_rule`: the match's `led_by_rule` of the hand, where the match is at hand."""
    moves = (turn.move for turn in played.history)
    record = hand_record(rules, deal, played.leader, played.forced_pose, moves)
    return RecordedHand(index, record, first_ply, lead_by_rule)
