"""The compiled search core against the pure-Python one: the same values and the same playouts, position for
position, in every scoring family (engine/analysis/core.py, _core.c)."""

from __future__ import annotations

import contextlib
import gc
import itertools
import random
import threading
import time
import weakref
from collections.abc import Iterator
from dataclasses import replace

import pytest

from dominoes_desktop.engine.analysis import solver as solver_module
from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.analysis.core import CompiledSearch, core_name
from dominoes_desktop.engine.analysis.playout import CompiledKernel, Kernel, kernel_for
from dominoes_desktop.engine.analysis.solver import (
    ARM_BITS,
    ArmsSolver,
    GenericSolver,
    LineSolver,
    OutOfBudget,
    PureArmsSolver,
    PureLineSolver,
    value_bound,
)
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import CLAIM
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import Rules

from .helpers import start_hand

# Each family's presets, and how many tiles are left in the hands when positions start being compared
# (late enough that the pure search, the slow side, takes milliseconds).
FAMILIES: dict[str, list[tuple[Rules, int]]] = {
    "block and draw points": [
        (build_rules("block"), 13),
        (build_rules("draw"), 9),
        (build_rules("classic_block"), 12),
        (build_rules("classic_draw"), 9),
        (build_rules("classic_draw", {"players": 2}), 9),
        (build_rules("room", {"players": 3}), 11),
    ],
    "fives": [
        (build_rules("all_fives"), 9),
        (build_rules("fives_threes"), 9),
        (build_rules("all_fives", {"players": 2}), 9),
        (build_rules("fives_threes", {"players": 3}), 9),
    ],
    "caribbean partners": [
        (build_rules("jamaican"), 14),
        (build_rules("six_love"), 14),
        (build_rules("puerto_rican"), 13),
        (build_rules("dominican"), 13),
        (build_rules("cutthroat"), 13),
    ],
    "cuban double-9": [(build_rules("cuban"), 17)],
    # Both bonuses where tiles sleep and a stock is left: the key bone looks past the hands.
    "bonuses with sleeping tiles": [
        (replace(build_rules("cuban"), capicua_bonus=30, key_bone_bonus=1), 17),
        (replace(build_rules("classic_draw"), capicua_bonus=5, key_bone_bonus=2), 9),
    ],
}
POSITIONS = 1000  # per family
# Cross and spinner games (`ArmsSolver`): the compiled search holds sets up to double-12 (two words a hand).
ARMS_FAMILIES: dict[str, list[tuple[Rules, int]]] = {
    "cross": [(build_rules("cross"), 8), (build_rules("cross", {"players": 2}), 7)],
    "spinners double-9": [(build_rules("cross_9"), 7), (build_rules("cross_9", {"players": 3}), 6)],
    "spinners double-12": [
        (build_rules("cross_12"), 6),
        (build_rules("cross_12", {"style": "block", "deal_size": 20}), 9),
    ],
}
ARMS_PURE_BUDGET = 200_000  # a hand whose pure search needs more (long draws from a big stock) is left out


def hands_of(rules: Rules, seed: int) -> Iterator[Hand]:
    """Seeded hands of `rules`, dealt as the match deals them, before their first move."""
    for k in range(10_000):
        yield start_hand(Match(rules, seed * 10_000 + k))


def late_positions(start: Hand, tiles_left: int, rng: random.Random) -> Iterator[Hand]:
    """The positions of one hand played at random, from when `tiles_left` tiles are in the hands (after the
    pose, points claimed) to its end."""
    hand = start.copy()
    while not hand.is_over:
        if hand.pending is not None:
            hand.apply(CLAIM)
            continue
        if hand.layout.placements and sum(len(h) for h in hand.hands) <= tiles_left:
            yield hand.copy()
        hand.apply(rng.choice(hand.legal_moves()))


def test_the_compiled_core_is_built() -> None:
    """The set-up (scripts/venv.sh) installs a compiler and builds it: a missing one is a broken set-up."""
    assert core_name() == "compiled", "the compiled search core is not built: rerun scripts/venv.sh (README)"
    rules = build_rules("jamaican")
    assert LineSolver(rules, [], 0, 0).compiled
    assert isinstance(kernel_for(rules.set_top, rules.removed_tiles), CompiledKernel)


def test_sets_beyond_64_tiles_stay_with_the_pure_core() -> None:
    rules = build_rules("classic_block", {"set": 12})
    assert not LineSolver(rules, [], 0, 0).compiled
    assert type(kernel_for(rules.set_top, rules.removed_tiles)) is Kernel


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_compiled_and_pure_solvers_give_the_same_values(family: str) -> None:
    """On at least POSITIONS positions of the family, every side's value is the same, searched the coach's
    way: one solver a side along a hand, its table kept between positions."""
    compared = 0
    presets = FAMILIES[family]
    rng = random.Random(family)
    for turn in range(10_000):
        if compared >= POSITIONS:
            break
        rules, tiles_left = presets[turn % len(presets)]
        start = next(hands_of(rules, turn))
        dealt = list(start.stock)
        pure = [PureLineSolver(rules, dealt, start.leader, side) for side in range(rules.sides)]
        fast = [LineSolver(rules, dealt, start.leader, side) for side in range(rules.sides)]
        assert all(s.compiled for s in fast) and not any(s.compiled for s in pure)
        for solver in pure + fast:
            solver.budget = 10**7
        for hand in late_positions(start, tiles_left, rng):
            expected = [s.value(hand, len(dealt)) for s in pure]
            assert [s.value(hand, len(dealt)) for s in fast] == expected, (rules.preset, turn, hand.history)
            compared += 1
    assert compared >= POSITIONS


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_compiled_and_pure_kernels_play_the_same_playouts(family: str) -> None:
    """From at least POSITIONS positions of the family (the deal before its pose included), the same draws
    give the same outcome, for the uniform policy and the greedy one with and without noise."""
    compared = 0
    presets = FAMILIES[family]
    rng = random.Random(family)
    for turn in range(10_000):
        if compared >= POSITIONS:
            break
        rules, _ = presets[turn % len(presets)]
        start = next(hands_of(rules, turn))
        pure, fast = Kernel(rules.set_top, rules.removed_tiles), CompiledKernel(rules.set_top, rules.removed_tiles)
        hand = start.copy()
        while not hand.is_over:
            for noise in (None, 0.0, 3.0):
                seed = rng.randrange(2**32)
                expected = pure.run(hand, random.Random(seed).random, noise)
                assert fast.run(hand, random.Random(seed).random, noise) == expected, (rules.preset, turn, noise)
            compared += 1
            hand.apply(CLAIM if hand.pending is not None else rng.choice(hand.legal_moves()))
    assert compared >= POSITIONS


def test_a_compiled_search_lets_other_threads_run() -> None:
    """The search holds no Python object, so it lets go of the interpreter: a window's thread keeps running
    while a CPU thinks in another (with the interpreter held, it would stop for the whole search)."""
    rules = build_rules("cuban")
    start = next(hands_of(rules, 7))
    start.apply(start.legal_moves()[0])  # the pose: a whole double-9 hand to search, more than the budget
    solver = LineSolver(rules, [], start.leader, 0)
    solver.budget = 4_000_000  # about 0.3 s at the compiled core's speed: long enough to tell
    done = threading.Event()
    spent: list[float] = []

    def think() -> None:
        began = time.perf_counter()
        with contextlib.suppress(OutOfBudget):
            solver.value(start, 0)
        spent.append(time.perf_counter() - began)
        done.set()

    worker = threading.Thread(target=think)
    ticks = [time.perf_counter()]
    worker.start()
    while not done.is_set():
        time.sleep(0.001)
        ticks.append(time.perf_counter())
    worker.join()
    longest = max(b - a for a, b in itertools.pairwise(ticks))
    assert spent[0] > 0.05, "the search was too short to tell"
    assert longest < spent[0] / 2, (longest, spent[0])


def test_a_compiled_solver_and_its_table_go_with_their_last_reference() -> None:
    """No cycle through the search: the Expert makes a solver a world, and each table (a few MB) must not
    wait for a full garbage collection to be freed."""
    rules = build_rules("jamaican")
    start = next(hands_of(rules, 3))
    start.apply(start.legal_moves()[0])
    solver = LineSolver(rules, [], start.leader, 0)
    solver.budget = 20_000
    with contextlib.suppress(OutOfBudget):
        solver.value(start, 0)
    gone = weakref.ref(solver)
    gc.disable()
    try:
        del solver
        assert gone() is None
    finally:
        gc.enable()


def test_the_compiled_core_refuses_what_lies_outside_the_set() -> None:
    """Indexes from Python are checked before any mask is shifted by them: one-line errors, no crash."""
    assert CompiledSearch is not None
    rules = build_rules("jamaican")
    kernel = Kernel(rules.set_top, rules.removed_tiles)
    settings = [28, 4, rules.teams, [1, -1, 1, -1], kernel.suit, kernel.high, kernel.low, [], False, False, 0]
    settings += [False, False, 0, 0, 0, 0, 0, 1000]
    search = CompiledSearch(*settings)
    with pytest.raises(ValueError, match="stock tile outside the set"):
        CompiledSearch(*settings[:7], [40], *settings[8:])
    with pytest.raises(ValueError, match="position outside the set"):
        search.search([1, 2, 4, 8], 0, 0, 7, False, 1, False, -1, 1, 0, 0, 100)
    with pytest.raises(ValueError, match="one hand a seat"):
        search.search([1, 2], 0, 0, 1, False, 1, False, -1, 1, 0, 0, 100)
    full = (1 << 28) - 1  # hands over the set's every tile: the search's slots by tiles held would overrun
    with pytest.raises(ValueError, match="held twice"):
        search.search([full] * 4, 0, 0, 1, False, 1, False, -1, 1, 0, 0, 100)
    with pytest.raises(ValueError, match="outside the set"):
        search.search([1 << 28, 2, 4, 8], 0, 0, 1, False, 1, False, -1, 1, 0, 0, 100)
    # A tile drawn twice (a stock listing it twice, or a hand holding a tile still to draw) would overrun the
    # forced steps' undo list, which holds one draw and one play a tile.
    with pytest.raises(ValueError, match="stock tile listed twice"):
        CompiledSearch(*settings[:7], [5, 6, 5], *settings[8:])
    drawing = CompiledSearch(*settings[:7], [20, 21], *settings[8:])
    with pytest.raises(ValueError, match="held and still in the stock"):
        drawing.search([1 << 21, 2, 4, 8], 0, 0, 1, False, 1, False, -1, 1, 0, 0, 100)


@pytest.mark.parametrize("family", sorted(ARMS_FAMILIES))
def test_compiled_and_pure_cross_and_spinner_solvers_give_the_same_values(family: str) -> None:
    """As the line games': at least POSITIONS positions of the family, every side's value, one solver a side
    along a hand."""
    compared = 0
    presets = ARMS_FAMILIES[family]
    rng = random.Random(family)
    for turn in range(10_000):
        if compared >= POSITIONS:
            break
        rules, tiles_left = presets[turn % len(presets)]
        start = next(hands_of(rules, turn))
        dealt = list(start.stock)
        pure = [PureArmsSolver(rules, dealt, start.leader, side) for side in range(rules.sides)]
        fast = [ArmsSolver(rules, dealt, start.leader, side) for side in range(rules.sides)]
        assert all(s.compiled for s in fast) and not any(s.compiled for s in pure)
        for solver in pure:
            solver.budget = ARMS_PURE_BUDGET
        for solver in fast:
            solver.budget = 10**8  # its table is bounded: it may need more nodes than the pure one
        for hand in late_positions(start, tiles_left, rng):
            try:
                expected = [s.value(hand, len(dealt)) for s in pure]
            except OutOfBudget:
                break
            assert [s.value(hand, len(dealt)) for s in fast] == expected, (rules.preset, turn, hand.history)
            compared += 1
    assert compared >= POSITIONS


@pytest.mark.parametrize(("preset", "players", "tiles_left"), [("cross", 2, 6), ("cross_9", 2, 4), ("cross_12", 2, 4)])
def test_the_cross_and_spinner_search_agrees_with_the_search_over_hands(
    preset: str, players: int, tiles_left: int
) -> None:
    """The mask search's values are the game's: the same as the search over `Hand` copies (the engine's own
    moves, layout and scoring) on every position of short hands, poses still filling included."""
    rules = build_rules(preset, {"players": players})
    rng = random.Random(preset)
    compared = 0
    for turn in range(40):
        start = next(hands_of(rules, turn))
        dealt = list(start.stock)
        masks = [PureArmsSolver(rules, dealt, start.leader, side) for side in range(rules.sides)]
        copies = [GenericSolver(rules, side) for side in range(rules.sides)]
        for solver in copies:
            solver.budget = 20_000  # a Hand copy a node: a hand too long to search so is left out
        for solver in masks:
            solver.budget = 10**7  # null-window passes: it may need more nodes than the one full-window search
        for hand in late_positions(start, tiles_left, rng):
            try:
                expected = [s.value(hand) for s in copies]
            except OutOfBudget:
                break
            assert [s.value(hand, len(dealt)) for s in masks] == expected, hand.history
            compared += 1
    assert compared >= 80


def test_double_12_crosses_run_in_the_compiled_core() -> None:
    assert ArmsSolver(build_rules("cross_9"), [], 0, 0).compiled
    assert ArmsSolver(build_rules("cross_12"), [], 0, 0).compiled
    assert ArmsSolver(build_rules("cross_12", {"players": 3}), [], 0, 0).compiled


def test_a_number_on_sixteen_ends_is_searched_alike() -> None:
    """In double-12 a number shows on 16 ends (the pose's four and one a tile) only once every tile of it is
    down: the compiled search keeps that count as 15, which fits the same tiles, so the values are the same
    as the pure search's, which counts 16."""
    rules = build_rules("cross_12", {"players": 2})
    rng = random.Random(16)
    for _ in range(20):
        pure, fast = PureArmsSolver(rules, [], 0, 0), ArmsSolver(rules, [], 0, 0)
        assert fast.compiled
        kernel, n = fast.kernel, fast.n
        free = [i for i in range(n) if 12 not in (kernel.high[i], kernel.low[i])]
        rng.shuffle(free)
        packed = sum(1 << i for i in free[:5]) | sum(1 << (i + n) for i in free[5:10])
        shown = rng.sample(range(12), 2)
        ends = (16 << (ARM_BITS * 12)) + sum(1 << (ARM_BITS * v) for v in shown)
        values = []
        for solver in (pure, fast):
            solver.pose_end = 12
            solver.budget = 10**7
            solver.nodes = 0
            values.append(solver._search(packed, 0, 0, ends, 0, -solver.bound - 1, solver.bound + 1))
        assert values[0] == values[1], (packed, ends)


def test_the_compiled_core_refuses_a_stock_longer_than_the_set() -> None:
    """A stock of more tiles than the set is refused (a line search keeps what rests in the stock from each
    draw on in 65 slots: a longer stock of tiles in the set wrote past them)."""
    assert CompiledSearch is not None
    rules = build_rules("jamaican")
    kernel = Kernel(rules.set_top, rules.removed_tiles)
    settings = [28, 4, rules.teams, [1, -1, 1, -1], kernel.suit, kernel.high, kernel.low, [0] * 29, False, False, 0]
    settings += [False, False, 0, 0, 0, 0, 0, 1000]
    for stock in ([0] * 29, [0] * 128):
        with pytest.raises(ValueError, match=r"stock: \d+ items, at most 28"):
            CompiledSearch(*settings[:7], stock, *settings[8:])
    assert CompiledSearch(*settings[:7], list(range(28)), *settings[8:]).entries() == 0


def test_the_wide_compiled_search_refuses_what_lies_outside_it() -> None:
    core = ArmsSolver(build_rules("cross_12"), [], 0, 0)._core
    assert core is not None
    counts = [0] * 13
    with pytest.raises(ValueError, match="outside 0-16"):
        core.search_arms([1, 2, 4, 8], 0, 0, [17, *counts[1:]], 0, 12, -1, 1, 0, 100)
    with pytest.raises(OverflowError):
        core.search_arms([1 << 128, 2, 4, 8], 0, 0, counts, 0, 12, -1, 1, 0, 100)
    with pytest.raises(OverflowError):
        core.search_arms([-1, 2, 4, 8], 0, 0, counts, 0, 12, -1, 1, 0, 100)
    with pytest.raises(ValueError, match="for a cross or spinner game"):
        core.search([1, 2, 4, 8], 0, 0, 1, False, 1, False, -1, 1, 0, 0, 100)


def test_the_compiled_cross_search_refuses_what_lies_outside_it() -> None:
    rules = build_rules("cross_9")
    solver = ArmsSolver(rules, [], 0, 0)
    core = solver._core
    assert core is not None
    counts = [0] * 10
    with pytest.raises(ValueError, match="outside 0-15"):
        core.search_arms([1, 2, 4, 8], 0, 0, [16, *counts[1:]], 0, 9, -1, 1, 0, 100)
    with pytest.raises(ValueError, match="one count a number"):
        core.search_arms([1, 2, 4, 8], 0, 0, counts[:7], 0, 9, -1, 1, 0, 100)
    with pytest.raises(ValueError, match="position outside the set"):
        core.search_arms([1, 2, 4, 8], 0, 0, counts, 5, 9, -1, 1, 0, 100)
    with pytest.raises(ValueError, match="for a line game"):
        assert LineSolver(build_rules("jamaican"), [], 0, 0)._core is not None
        LineSolver(build_rules("jamaican"), [], 0, 0)._core.search_arms([1, 2, 4, 8], 0, 0, counts, 0, 6, -1, 1, 0, 9)


@pytest.mark.parametrize(("preset", "hands", "least"), [("cross", 20, 100), ("cross_9", 14, 20)])
def test_positions_while_the_pose_arms_fill_agree_in_every_search(preset: str, hands: int, least: int) -> None:
    """Right after the pose only its bare arms take tiles: small deals (3 tiles each) reach those positions
    with searches short enough for the search over `Hand` copies, the pure masks and the compiled core."""
    rules = build_rules(preset, {"players": 2, "deal_size": 3})
    rng = random.Random(preset)
    filling = 0
    for turn in range(hands):
        start = next(hands_of(rules, turn))
        dealt = list(start.stock)
        copies = [GenericSolver(rules, side) for side in range(rules.sides)]
        pure = [PureArmsSolver(rules, dealt, start.leader, side) for side in range(rules.sides)]
        fast = [ArmsSolver(rules, dealt, start.leader, side) for side in range(rules.sides)]
        for solver in copies:
            solver.budget = 20_000
        for masks in pure + fast:
            masks.budget = 10**7
        hand = start.copy()
        while not hand.is_over:
            if hand.layout.placements:
                try:
                    expected = [s.value(hand) for s in copies]
                except OutOfBudget:
                    break
                assert [s.value(hand, len(dealt)) for s in pure] == expected, hand.history
                assert [s.value(hand, len(dealt)) for s in fast] == expected, hand.history
                filling += hand.layout.filling_pose_arms
            hand.apply(rng.choice(hand.legal_moves()))
    assert filling >= least


@pytest.mark.parametrize(
    ("preset", "options", "tiles_left"),
    [("jamaican", {}, 20), ("cross_12", {"style": "block", "deal_size": 20}, 13)],
)
def test_a_full_compiled_table_replaces_entries_and_keeps_the_values(
    monkeypatch: pytest.MonkeyPatch, preset: str, options: dict[str, object], tiles_left: int
) -> None:
    """At its largest the compiled table stops growing and new positions replace the least searched ones in
    their few slots: the values stay the pure search's (a table held to 64 slots, overfilled)."""
    monkeypatch.setattr(solver_module, "COMPILED_TABLE_ENTRIES", 30)
    rules = build_rules(preset, options)
    pure_cls, fast_cls = (PureArmsSolver, ArmsSolver) if preset == "cross_12" else (PureLineSolver, LineSolver)
    rng = random.Random(preset)
    overfilled = 0
    for turn in range(40):
        start = next(hands_of(rules, turn))
        dealt = list(start.stock)
        hand = next(late_positions(start, tiles_left, rng), None)
        if hand is None:
            continue
        pure, fast = pure_cls(rules, dealt, start.leader, 0), fast_cls(rules, dealt, start.leader, 0)
        pure.budget, fast.budget = 300_000, 10**8
        try:
            expected = pure.value(hand, len(dealt))
        except OutOfBudget:
            continue
        assert fast._core is not None
        assert fast.value(hand, len(dealt)) == expected, (turn, hand.history)
        overfilled += fast._core.entries() > 64 * 6 // 10  # past the growing table's limit: only when full
        if overfilled >= 10:
            break
    assert overfilled >= 10


def test_the_pip_count_bound_settles_a_window_past_the_pips_left() -> None:
    """In a pips game without end points no side can lose more than its own pips and the stock's: a null-window
    search below that is settled at the first position with a choice, with a bound the full search agrees with."""
    rules = build_rules("cuban")
    rng = random.Random(7)
    settled = 0
    for turn in range(20):
        start = next(hands_of(rules, turn))
        dealt = list(start.stock)
        for hand in late_positions(start, 16, rng):
            fast = LineSolver(rules, dealt, start.leader, 0)
            state = fast.state_of(hand, len(dealt))
            if len(hand.legal_moves()) < 2:
                continue
            own = sum(t.pips for seat, tiles in enumerate(hand.hands) if rules.teams[seat] == 0 for t in tiles)
            beta = -own  # the side's value is never below -own: the window (beta - 1, beta) fails high at once
            fast.nodes, fast.budget = 0, 10**7
            found = fast._search(*state, beta - 1, beta)
            assert found >= beta and fast.nodes == 1
            assert fast.value(hand, len(dealt)) >= found  # the bound holds
            settled += 1
            break
    assert settled >= 10


@pytest.mark.parametrize("masks", [LineSolver, PureLineSolver])
def test_a_double_at_an_end_shares_the_entry_where_ends_do_not_score(masks: type[LineSolver]) -> None:
    """Where the ends score nothing (Cuban), a double lying at an open end changes no play nor value: the same
    position with and without it is one table entry, so the second search of a window is answered by the first's
    entry at its first node (the key held the double, and searched it again, before session 21)."""
    rules = build_rules("cuban")
    rng = random.Random(5)
    shared = 0
    for turn in range(40):
        start = next(hands_of(rules, turn))
        dealt = list(start.stock)
        for hand in late_positions(start, 20, rng):
            left_arm, right_arm = hand.layout.arms
            if not left_arm.double_at_end or right_arm.double_at_end or len(hand.legal_moves()) < 2:
                continue
            solver = masks(rules, dealt, start.leader, 0)
            state = solver.state_of(hand, len(dealt))
            assert state[5] is True  # the left end's double
            solver.budget = 10**8
            solver.nodes = 0
            first = solver._search(*state, -10, 10)
            solver.nodes = 0
            assert solver._search(*state[:5], False, *state[6:], -10, 10) == first
            assert solver.nodes == 1
            fresh = masks(rules, dealt, start.leader, 0)  # searched from nothing, without the double: the same value
            fresh.budget = 10**8
            assert fresh._search(*state[:5], False, *state[6:], -10, 10) == first
            shared += 1
            break
        if shared >= 5:
            break
    assert shared >= 5


@pytest.mark.parametrize(("preset", "tiles_left"), [("cuban", 17), ("block", 13), ("all_fives", 9)])
def test_the_compiled_table_keeps_both_bounds_of_a_position(preset: str, tiles_left: int) -> None:
    """MTD(f)'s passes search one position at one window after another: the first shows the value is at least
    v, the next at most v, and the table then holds both (before session 22 the second replaced the first), so
    a third search of any window is answered at its first node, with the value."""
    if CompiledSearch is None:
        pytest.skip("the compiled core is not built")
    rules = build_rules(preset)
    rng = random.Random(preset)
    answered = 0
    for seed in range(30):
        start = next(hands_of(rules, seed))
        dealt = list(start.stock)
        for hand in itertools.islice(late_positions(start, tiles_left, rng), 0, 6, 2):
            solver = LineSolver(rules, dealt, start.leader, 0)
            if len(solver.moves(hand)) < 2:
                continue  # a forced play: the search walks to the next choice before it reads the table
            exact = LineSolver(rules, dealt, start.leader, 0)
            exact.budget = 10**8
            value = exact.value(hand, len(dealt))
            solver.budget = 10**8
            state = solver.state_of(hand, len(dealt))
            bound = False
            for alpha, beta in ((value - 1, value), (value, value + 1)):
                solver.nodes = 0
                assert solver._search(*state, alpha, beta) == value  # fail-soft, yet never past the value
                bound = bound or solver.nodes == 1  # settled by the pip-count bound: nothing stored
            if bound:
                continue
            for alpha, beta in ((value - 1, value), (value, value + 1), (value - 7, value + 7)):
                solver.nodes = 0
                assert solver._search(*state, alpha, beta) == value
                assert solver.nodes == 1
            answered += 1
    assert answered >= 10


def test_the_compiled_table_at_its_shipped_size_keeps_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """`COMPILED_TABLE_ENTRIES` is small on purpose (a table within the processor's cache): double-9 searches
    of a few hundred thousand nodes overfill it, and their values must be those of a table that never
    replaces an entry (only the nodes may differ)."""
    shipped = solver_module.COMPILED_TABLE_ENTRIES
    rules = build_rules("cuban")
    rng = random.Random("shipped table")
    overfilled = 0
    for turn in range(4):
        start = next(hands_of(rules, turn))
        dealt = list(start.stock)
        hand = next(late_positions(start, 33, rng))
        values = []
        for entries in (shipped, 10**7):
            monkeypatch.setattr(solver_module, "COMPILED_TABLE_ENTRIES", entries)
            solver = LineSolver(rules, dealt, start.leader, 0)
            solver.budget = 10**8
            values.append(solver.value(hand, len(dealt)))
            assert solver._core is not None
            overfilled += entries == shipped and solver._core.entries() > shipped
        assert values[0] == values[1], (turn, hand.history)
    assert overfilled >= 2  # the shipped table was full and replaced entries


@pytest.mark.parametrize(("preset", "tiles_left"), [("cuban", 17), ("all_fives", 9), ("jamaican", 14), ("cross_9", 10)])
def test_a_guess_moves_where_the_search_starts_never_the_value(preset: str, tiles_left: int) -> None:
    """`Judge.option_value`'s guess (the fair coach passes the same option's value in the decision's last
    deal): every option of the positions is worth the same from any guess, the value itself, near, far or past
    the bounds; and from the value itself the searches take fewer nodes than from afar (it is used)."""
    rules = build_rules(preset)
    rng = random.Random(preset)
    far = value_bound(rules) + 5
    near_nodes = far_nodes = compared = 0
    for seed in range(40):
        start = next(hands_of(rules, seed))
        for hand in itertools.islice(late_positions(start, tiles_left, rng), 0, 12, 2):
            side = rules.teams[hand.turn]
            for move in hand.legal_moves():
                plain = Judge(rules, start, 10**8).option_value(hand, move, side, True, 0)
                for guess in (plain, plain + 1, plain - 3, far, -far):
                    judge = Judge(rules, start, 10**8)
                    assert judge.option_value(hand, move, side, True, 0, guess=guess) == plain, (seed, move, guess)
                    if guess == plain:
                        near_nodes += judge.searched
                    elif guess == far:
                        far_nodes += judge.searched
                compared += 1
    assert compared >= 60
    assert near_nodes < far_nodes


@pytest.mark.parametrize("guess", [0, 40, -200])
def test_the_search_gallops_to_a_far_value_and_finds_it_exactly(guess: int) -> None:
    """`MaskSolver.value`'s driver over null-window tests that only ever say the least they must (the value is
    at least the bound, or under it by one: the weakest answers a search may give): it finds every value in
    the range exactly, from a far guess in a number of tests that grows with the distance's logarithm, not
    with the distance (one point a test, as plain MTD(f) takes there)."""
    solver = PureLineSolver(build_rules("cuban"), (), 0, 0)
    bound = solver.bound
    for value in [-bound, -bound + 1, -150, -37, -1, 0, 1, 2, 39, 41, 163, bound - 1, bound]:
        tests = 0

        def weakest(*args: int, value: int = value) -> int:
            nonlocal tests
            tests += 1
            beta = args[-1]
            return beta if value >= beta else beta - 1

        solver.state_of = lambda hand, dealt: ()  # type: ignore[method-assign]
        solver._search = weakest  # type: ignore[method-assign]
        solver.last_value = guess
        assert solver.value(Hand.__new__(Hand), 0) == value, (guess, value)
        assert tests <= 2 * max(1, abs(value - guess)).bit_length() + 3, (guess, value, tests)


@pytest.mark.parametrize(
    ("rules", "tiles_left"),
    [(build_rules("classic_draw", {"players": 2, "set": 9}), 9), (build_rules("cuban"), 22)],
    ids=["double-9 draw for two", "cuban"],
)
def test_a_compiled_solver_stopped_by_its_budget_then_any_window_keeps_the_values(
    rules: Rules, tiles_left: int
) -> None:
    """The coach searches on with a solver whose last search ran past its budget, and the table's bounds answer
    windows of every width: after a stopped search, the value is the pure search's, and a search of any window
    brackets it as a fail-soft search must (long forced draws from a big stock in the two-player double-9 game)."""
    if CompiledSearch is None:
        pytest.skip("the compiled core is not built")
    rng = random.Random(rules.preset)
    checked = 0
    for seed in range(200):
        if checked >= 40:
            break
        start = next(hands_of(rules, seed))
        dealt = list(start.stock)
        pure = PureLineSolver(rules, dealt, start.leader, 0)
        pure.budget = 100_000  # a position the pure search takes longer over is left out
        fast = LineSolver(rules, dealt, start.leader, 0)
        for hand in itertools.islice(late_positions(start, tiles_left, rng), 0, 4):
            try:
                expected = pure.value(hand, len(dealt))
            except OutOfBudget:
                continue
            fast.budget = 50
            with contextlib.suppress(OutOfBudget):
                fast.value(hand, len(dealt))
            fast.budget = 10**8
            assert fast.value(hand, len(dealt)) == expected, (seed, hand.history)
            state = fast.state_of(hand, len(dealt))
            for _ in range(4):
                alpha = expected + rng.randint(-30, 10)
                beta = alpha + rng.randint(1, 40)
                found = fast._search(*state, alpha, beta)
                if found <= alpha:
                    assert expected <= found, (alpha, beta, found, expected)
                elif found >= beta:
                    assert expected >= found, (alpha, beta, found, expected)
                else:
                    assert found == expected, (alpha, beta, found, expected)
            checked += 1
    assert checked >= 40
