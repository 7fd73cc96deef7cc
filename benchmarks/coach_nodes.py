"""Where the fair coach's search work goes: the solver nodes each sampled world of a decision takes.

For the person's (seat 0) decisions of the benchmark's hands (as coach_speed.py makes them) at the given
plies, every option of each of the decision's first --worlds worlds (the fair coach's own draws, seed 0) is
searched exactly with a budget of --cap nodes per option. Prints one JSON line per decision: the nodes each
world took (all its options), the most one option's search took, how many worlds a search of the coach's
budget (`coach.budget_for`) could not finish, and, with --walk, the nodes the same searches take when MTD(f)
starts at each option's true value (the least a better first guess could leave: what the walk from the
guess costs is the difference). Then a summary: median and worst nodes a world, the share of worlds past the
budget, and the nodes searched, the CPU they took and the nodes a second in this process.

    python benchmarks/coach_nodes.py [--preset cuban] [--hands 5] [--plies 0-3] [--worlds 8] [--walk]
        [--table-entries N] [--passes] [--steps] [--brackets]

With --bound-others, each world is searched a second time as a verdict that needs exact values only for the
option played and the best one would be: a fresh table, the played option and the candidate best (the best
of the exact searches, or the played one where they did not finish) searched exactly, then one null-window
search for every other option ("is it worth no more than the best so far?"; one that is worth more is searched
exactly and becomes the candidate). Prints that world's nodes and whether every search fitted the coach's
budget, and in the summary the nodes against those of searching every option exactly, and how many worlds
past the budget would fit. Session 14 (issue 32 item 2), the idea measured and dropped:

    nice -n 10 python benchmarks/coach_nodes.py --preset cuban --hands 10 --plies 0-3 --worlds 4 \
        --cap 12000000 --bound-others

(nodes 0.57 of searching every option exactly in Cuban, 0.38 in cross_9, 0.13 in cross_12; of the decisions
with a world past the budget 0/8, 2/10 and 1/10 would fit). Tried in the fair coach itself (its lanes, shared
tables and rounds; every other option's value taken as the bound it was shown under), 10 hands each, view-1:
approximate decisions cuban 10/52 -> 10/52, cross_9 10/32 -> 9/32, cross_12 25/31 -> 23/31.

With --passes, prints each world's null-window searches (MTD(f)'s passes) per option search, and in the
summary their median and most; with --steps, each world is searched a second time (a fresh table) by an
MTD(f) whose step grows: each search tries `step` past the bound the last one found, doubled while the
searches fail the same way, a quarter of it when they turn (C*-like), printed beside the plain searches' nodes.
Session 16 (issue 32 item 2) measured, on these commands, what a leaner exact search could take off:

    nice -n 10 python benchmarks/coach_nodes.py --preset cuban --hands 10 --plies 0-3 --worlds 4 \
        --cap 12000000 --passes --steps
    nice -n 10 python benchmarks/coach_nodes.py --preset cross_9 --hands 10 --plies 0-60 --worlds 2 \
        --cap 12000000 --passes --steps

and cross_12 (`--hands 6 --plies 0-60 --worlds 1 --cap 4000000`). MTD(f) from the sibling option's value
takes many passes in the pips games: a median of 14 null-window searches a value in Cuban (most 80), 7 in
cross_9 (86), 3 in cross_12 (129); the growing step takes 8 (most 17), 6 (19), 3 (10), yet most nodes lie in
the searches near the value: nodes of the worlds both finished 0.918 of the plain ones in Cuban, 1.114 in
cross_9, 1.000 in cross_12; worlds with a search past the coach's budget 30 -> 29 of 36, 17 -> 18 of 64,
10 -> 10 of 16.
Dropped, as were these changes to _core.c, measured on the first Cuban decisions (plies 0-3 of 6 hands, one world
each: 28 option searches at the coach's 2,000,000-node budget, 24 past it on main, 19 with the growing step) and
on cross_12 (62 searches, 36 past it either way): a history heuristic by seat and option (as the first key after
the table's move, with the two-bound table below and the step: 25 past in Cuban, cross_12 36; as the last key 19
and 36; with this benchmark's Cuban command at 2 worlds, first key, nodes 1.24x), enhanced transposition cut-offs
(every child's entry probed before any is searched: Cuban nodes 0.996x at 1.38x the CPU), a table keeping both
bounds of a position (nodes 1.005x on 4 Cuban hands' first decisions at a 12,000,000 cap: at 19,000 entries a
search's millions of positions leave little for the next pass), a full window giving up first what no search
since the last call has read or stored (Cuban 24, cross_12 35, cross_9 15 of 57 as before), a bigger table
(75,000 and 300,000 entries, with the step: Cuban 19 and 18, cross_12 35 and 35, at more CPU a node), and a bonus
in the line search's order for a play the partner can follow (10, 40 or 150: 25 or 26 past).

With --brackets, each world is searched a second time (a fresh table) at the coach's budget (`coach.budget_for`)
and every option's search that runs past it keeps the range MTD(f) had narrowed its value to when it stopped (the
value bound where no test had gone that way); for each world past the budget, prints the options' ranges, the
played option's loss range against the best, and the grades that range allows, and in the summary how many of
those worlds one grade covers (a grade the world's ranges would settle) and how many of their stopped searches had
found no lower bound at all. Session 23 (issue 32 item 2):

    nice -n 10 python benchmarks/coach_nodes.py --preset cross_9 --hands 10 --plies 0-60 --worlds 4 \
        --cap 2000000 --brackets

Session 12's figures (the first decisions of a Cuban hand, plies 1-3):

    nice -n 10 python benchmarks/coach_nodes.py --preset cuban --plies 1-3 --worlds 8 --walk

and the compiled table's size (`solver.COMPILED_TABLE_ENTRIES`): nodes against nodes a second,

    nice -n 10 python benchmarks/coach_nodes.py --preset cuban --plies 1-3 --worlds 2 --table-entries 600000
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.coach_speed import recorded_hands  # noqa: E402
from dominoes_desktop.engine.analysis import solver as solver_module  # noqa: E402
from dominoes_desktop.engine.analysis.coach import Judge, budget_for, decisions_to_judge, grade  # noqa: E402
from dominoes_desktop.engine.analysis.fair import world_seed  # noqa: E402
from dominoes_desktop.engine.analysis.solver import (  # noqa: E402
    ArmsSolver,
    LineSolver,
    MaskSolver,
    OutOfBudget,
    after_play,
    hand_gains,
    side_value,
    supports_arms,
    supports_masks,
)
from dominoes_desktop.engine.analysis.worlds import sample_worlds, view_at  # noqa: E402
from dominoes_desktop.engine.hand import Hand  # noqa: E402
from dominoes_desktop.engine.moves import Move  # noqa: E402
from dominoes_desktop.engine.rules import Rules  # noqa: E402

PASSES: list[int] = []  # the null-window searches of each value search of a counting solver, in order


def counting(masks: type[MaskSolver], steps: bool) -> type[MaskSolver]:
    """`masks` recording in PASSES how many null-window searches each value takes; with `steps`, its MTD(f)
    tries each next search `step` past the last bound, doubled while they fail the same way, a quarter of it
    when they turn (the same value: each search still moves one bound towards the other)."""

    class Counting(masks):  # type: ignore[valid-type,misc]
        def _search(self, *args: Any, **kwargs: Any) -> int:
            PASSES[-1] += 1
            return int(super()._search(*args, **kwargs))

        def value(self, hand: Hand, dealt_stock: int) -> int:
            PASSES.append(0)
            if not steps:
                return int(super().value(hand, dealt_stock))
            self.nodes = 0
            state = self.state_of(hand, dealt_stock)
            low, high = -self.bound, self.bound
            test, step, rising = self.last_value, 1, None
            while low < high:
                test = max(low + 1, min(high, test))
                found = self._search(*state, test - 1, test)
                up = found >= test
                step = step * 2 if up is rising else max(1, step // 4)
                rising = up
                if up:
                    low, test = found, found + step
                else:
                    high, test = found, found - step + 1
            self.last_value = low
            return low

    return Counting


BRACKET: list[int] = [0, 0]  # the range the last value search of a bracketing solver narrowed its value to


def bracketing(masks: type[MaskSolver]) -> type[MaskSolver]:
    """`masks` keeping in BRACKET the range each value search has narrowed its value to (as `MaskSolver.value`
    does: a test that reaches its bound raises the low end, one that does not lowers the high end), so that a
    search stopped by its budget still says what it had found."""

    class Bracketing(masks):  # type: ignore[valid-type,misc]
        def _search(self, *args: Any, **kwargs: Any) -> int:
            found = int(super()._search(*args, **kwargs))
            if found >= args[-1]:  # beta: the value is at least `found`
                BRACKET[0] = max(BRACKET[0], found)
            else:
                BRACKET[1] = min(BRACKET[1], found)
            return found

        def value(self, hand: Hand, dealt_stock: int) -> int:
            BRACKET[:] = [-self.bound, self.bound]
            return int(super().value(hand, dealt_stock))

    return Bracketing


def bracket_world(
    rules: Rules, world: Hand, options: list[Move], side: int, budget: int
) -> tuple[list[tuple[float, float]], bool, int, int]:
    """Each option's value range in one world at `budget` nodes a search (one table for the world, as the coach
    keeps): (v, v) for a search that finished, else the range MTD(f) had narrowed it to; whether any search ran
    past the budget, how many of those had found no lower bound (the range's low end still the value bound), and
    the nodes searched."""
    judge = Judge(rules, world, budget)
    search_side, sign = judge._side_for_search(side)
    masks = LineSolver if supports_masks(rules) else ArmsSolver
    solver = judge._masks[search_side] = bracketing(masks)(rules, judge.dealt_stock, judge.leader, search_side)
    ranges: list[tuple[float, float]] = []
    past = no_floor = 0
    for move in options:
        try:
            value = judge.option_value(world, move, side, True, 0)
            ranges.append((value, value))
        except OutOfBudget:
            past += 1
            low, high = BRACKET
            no_floor += low == -solver.bound if sign > 0 else high == solver.bound
            now = side_value(after_play(world, move)[1], side)
            ranges.append((now + low, now + high) if sign > 0 else (now - high, now - low))
    return ranges, past > 0, no_floor, judge.searched


def search_world(
    rules: Rules,
    world: Hand,
    options: list[Move],
    side: int,
    cap: int,
    guesses: list[float] | None,
    count: bool = False,
    steps: bool = False,
) -> tuple[list[int], list[float | None]]:
    """Each option's nodes and exact value (None past `cap`) in one world, one table for its options as the
    coach keeps; with `guesses`, each search's MTD(f) starts at that value (to come, as the solver sees it);
    with `count` or `steps`, searched by `counting`'s solver."""
    judge = Judge(rules, world, cap)
    search_side = 0 if rules.sides == 2 else side
    masks = LineSolver if supports_masks(rules) else ArmsSolver if supports_arms(rules) else None
    if (count or steps) and masks is not None:
        judge._masks[search_side] = counting(masks, steps)(rules, judge.dealt_stock, judge.leader, search_side)
    nodes: list[int] = []
    values: list[float | None] = []
    for o, move in enumerate(options):
        if guesses is not None and masks is not None:
            if search_side not in judge._masks:  # made now, so that its first search starts at the guess
                judge._masks[search_side] = masks(rules, judge.dealt_stock, judge.leader, search_side)
            judge._masks[search_side].last_value = _solver_view(rules, side, guesses[o])
        before = judge.searched
        try:
            values.append(judge.option_value(world, move, side, True, 0))
        except OutOfBudget:
            values.append(None)
        nodes.append(judge.searched - before)
    return nodes, values


def at_most(judge: Judge, hand: Hand, move: Move, side: int, top: int) -> bool:
    """Whether `move` in `hand` is worth at most `top` to `side` (as `Judge.option_value` counts it): one
    null-window search of the coach's solver, its nodes counted in `judge.searched`; OutOfBudget past them."""
    rules = judge.rules
    child, gains = after_play(hand, move)
    if child.is_over:
        return side_value(hand_gains(rules, child.outcome_facts(), gains), side) <= top
    search_side, sign = judge._side_for_search(side)
    masks = LineSolver if supports_masks(rules) else ArmsSolver
    solver = judge._masks.get(search_side)
    if solver is None:
        solver = judge._masks[search_side] = masks(rules, judge.dealt_stock, judge.leader, search_side)
    solver.budget, solver.nodes = judge.budget, 0
    state = solver.state_of(child, len(judge.dealt_stock))
    limit = top - side_value(gains, side)  # what the points to come may be at most, for `side`
    try:
        if sign > 0:
            return bool(solver._search(*state, limit, limit + 1) <= limit)
        return bool(solver._search(*state, -limit - 1, -limit) >= -limit)  # the search's side is the other
    finally:
        judge.searched += solver.nodes


def bound_others(
    rules: Rules, world: Hand, options: list[Move], side: int, cap: int, played: int, candidate: int
) -> tuple[list[int], bool]:
    """Each option's nodes in one world judged as `--bound-others` says, and whether every search finished
    within `cap` nodes (one table for the world, as the coach keeps)."""
    judge = Judge(rules, world, cap)
    nodes = [0] * len(options)
    top: int | None = None
    try:
        for o in dict.fromkeys((played, candidate)):
            before = judge.searched
            value = int(judge.option_value(world, options[o], side, True, 0))
            nodes[o] = judge.searched - before
            top = value if top is None else max(top, value)
        assert top is not None
        for o in range(len(options)):
            if o in (played, candidate):
                continue
            before = judge.searched
            if not at_most(judge, world, options[o], side, top):
                top = int(judge.option_value(world, options[o], side, True, 0))  # better: the new candidate
            nodes[o] = judge.searched - before
    except OutOfBudget:
        return nodes, False
    return nodes, True


def _solver_view(rules: Rules, side: int, value: float) -> int:
    """An option's value to come for `side` as the mask solver holds it (with two sides it searches for side
    0), the move's own points apart (none in the games it searches with a guess that matters: no end points)."""
    return int(value) if rules.sides != 2 or side == 0 else -int(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="cuban")
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1, help="the hands' seed (coach_speed.py's)")
    parser.add_argument("--plies", default="0-3", help="A-B: the decisions judged")
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--cap", type=int, default=30_000_000, help="nodes per option search at most")
    parser.add_argument("--walk", action="store_true", help="also search again from each option's true value")
    parser.add_argument("--table-entries", type=int, default=None, help="the compiled table's largest size")
    parser.add_argument(
        "--bound-others", action="store_true", help="also judge each world needing exact values of two options only"
    )
    parser.add_argument("--passes", action="store_true", help="count each value search's null-window searches")
    parser.add_argument("--steps", action="store_true", help="also search each world by an MTD(f) of growing steps")
    parser.add_argument(
        "--brackets", action="store_true", help="also search each world at the coach's budget, keeping stopped ranges"
    )
    args = parser.parse_args()
    if args.table_entries is not None:
        solver_module.COMPILED_TABLE_ENTRIES = args.table_entries
    first, last = (int(p) for p in args.plies.split("-"))
    rules = recorded_hands(args.preset, 1, args.seed)[0].rules
    per_world: list[int] = []
    walked = [0, 0]  # nodes of the worlds searched again from their true values: as the coach, from them
    past_budget = 0
    bounded = [0, 0, 0, 0]  # nodes of the worlds both ways finished (exact, bounded); worlds past the budget, fitting
    searched = 0
    passes: list[int] = []  # each plain value search's null-window searches (--passes)
    stepped = [0, 0, 0, 0]  # nodes of the worlds both ways finished (plain, growing steps); worlds past the budget
    stepped_passes: list[int] = []
    brackets = [0, 0, 0, 0]  # worlds past the budget, of them one grade covering them; stopped searches, no floor
    started = time.process_time()
    for recorded in recorded_hands(args.preset, args.hands, args.seed):
        rules = recorded.rules
        budget = budget_for(rules)
        for ply, position, played, _ in decisions_to_judge(recorded, (0,)):
            if not first <= ply <= last:
                continue
            view = view_at(position, position.turn, recorded.index)
            worlds = sample_worlds(view, args.worlds, world_seed(0, recorded.index, ply))
            side = rules.teams[position.turn]
            options = position.legal_moves()
            row: dict[str, Any] = {"hand": recorded.index, "ply": ply, "options": len(options), "worlds": []}
            for world in worlds:
                first_pass = len(PASSES)
                nodes, values = search_world(rules, world.hand, options, side, args.cap, None, args.passes)
                searched += sum(nodes)
                per_world.append(sum(nodes))
                past_budget += max(nodes) > budget
                entry: dict[str, Any] = {"nodes": sum(nodes), "most_one_option": max(nodes)}
                if args.passes:
                    entry["passes"] = PASSES[first_pass:]
                    passes.extend(PASSES[first_pass:])
                if args.steps:
                    first_pass = len(PASSES)
                    stepped_nodes, stepped_values = search_world(
                        rules, world.hand, options, side, args.cap, None, steps=True
                    )
                    searched += sum(stepped_nodes)
                    entry["steps_nodes"] = sum(stepped_nodes)
                    entry["steps_passes"] = PASSES[first_pass:]
                    stepped_passes.extend(PASSES[first_pass:])
                    stepped[2] += max(nodes) > budget
                    stepped[3] += max(stepped_nodes) > budget
                    if None not in values and None not in stepped_values:
                        assert stepped_values == values, (values, stepped_values)
                        stepped[0] += sum(nodes)
                        stepped[1] += sum(stepped_nodes)
                if args.walk and all(v is not None for v in values):
                    guesses: list[float] = [v for v in values if v is not None]
                    guessed, _ = search_world(rules, world.hand, options, side, args.cap, guesses)
                    searched += sum(guessed)
                    entry["from_true_value"] = sum(guessed)
                    walked[0] += sum(nodes)
                    walked[1] += sum(guessed)
                if args.bound_others:
                    p = options.index(played)
                    known = [v for v in values if v is not None]
                    best = values.index(max(known)) if len(known) == len(values) else p
                    cheap, fits = bound_others(rules, world.hand, options, side, args.cap, p, best)
                    searched += sum(cheap)
                    entry["bound_others"] = sum(cheap) if fits else None
                    entry["bound_others_fit"] = fits and max(cheap) <= budget
                    if fits and len(known) == len(values):
                        bounded[0] += sum(nodes)
                        bounded[1] += sum(cheap)
                    if max(nodes) > budget:
                        bounded[2] += 1
                        bounded[3] += fits and max(cheap) <= budget
                if args.brackets:
                    ranges, past, no_floor, bracket_nodes = bracket_world(rules, world.hand, options, side, budget)
                    searched += bracket_nodes
                    if past:
                        p = options.index(played)
                        best = (max(r[0] for r in ranges), max(r[1] for r in ranges))
                        loss = (max(0.0, best[0] - ranges[p][1]), best[1] - ranges[p][0])
                        grades = sorted({grade(rules, loss[0]).name, grade(rules, loss[1]).name})
                        entry["brackets"] = {"ranges": ranges, "loss": loss, "grades": grades}
                        brackets[0] += 1
                        brackets[1] += len(grades) == 1
                        brackets[2] += sum(r[0] != r[1] for r in ranges)
                        brackets[3] += no_floor
                row["worlds"].append(entry)
            print(json.dumps(row), flush=True)
    cpu = time.process_time() - started
    if per_world:
        print(
            json.dumps(
                {
                    "preset": args.preset,
                    "worlds": len(per_world),
                    "median_nodes_a_world": statistics.median(per_world),
                    "worst_nodes_a_world": max(per_world),
                    "worlds_past_the_budget": past_budget,
                    "budget_per_search": budget_for(rules),
                    "nodes": searched,
                    "cpu_s": round(cpu, 2),
                    "nodes_per_s": round(searched / max(cpu, 1e-9)),
                    "from_true_value_share": round(walked[1] / walked[0], 3) if walked[0] else None,
                    "bound_others_share": round(bounded[1] / bounded[0], 3) if bounded[0] else None,
                    "past_budget_bound_others_fit": bounded[3] if args.bound_others else None,
                    "passes_median": statistics.median(passes) if passes else None,
                    "passes_most": max(passes) if passes else None,
                    "steps_nodes_share": round(stepped[1] / stepped[0], 3) if stepped[0] else None,
                    "steps_passes_median": statistics.median(stepped_passes) if stepped_passes else None,
                    "steps_passes_most": max(stepped_passes) if stepped_passes else None,
                    "worlds_past_the_budget_plain_then_steps": stepped[2:] if args.steps else None,
                    "brackets_past_one_grade_stopped_no_floor": brackets if args.brackets else None,
                }
            )
        )


if __name__ == "__main__":
    main()
