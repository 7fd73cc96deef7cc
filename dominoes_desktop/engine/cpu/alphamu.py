"""Win or lose instead of points (issue 32 item 4, session 21): whether a side comes out of a hand ahead,
by null-window tests of the exact solver.

The strength asked of the Expert is a share of hands won; in points games its exact values are the points
margin, which may trade a likelier win for a bigger one. `WinTest` answers, for one world whose tiles are all
known, whether a side is ahead (+1), level (0, a blocked hand with no winner) or behind (-1) once an option is
played and both sides play perfectly from there: one null-window test around 0 (does the side come out ahead?)
and, if not, one more (does it at least draw?), where the exact value takes an MTD(f) of several. In the
solver's value a won hand is always worth more than 0 (the winner scores the pips left, and some are always
left) and a hand with no winner 0, so the sign of the value is what the benchmark counts (a hand won, a hand
with no winner, a hand lost).
"""

from __future__ import annotations

from ..analysis.coach import Judge
from ..analysis.solver import LineSolver, hand_gains, scored_by_play, side_value, supports_masks
from ..hand import Hand
from ..moves import Move, MoveKind


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
        rules = self.rules
        child = hand.copy()
        seat = child.turn
        child.apply_legal(move)
        gains = [0] * rules.sides
        gains[rules.teams[seat]] += scored_by_play(child) if move.kind is MoveKind.PLAY else 0
        if child.is_over:
            return sign(side_value(hand_gains(rules, child.outcome_facts(), gains), self.side))
        solver = self._solver
        if solver is None or child.layout.empty:
            self._judge.budget = self.budget
            return sign(self._judge.option_value(hand, move, self.side, True, 0))
        made = side_value(gains, self.side)  # the value is made + the points to come
        state = solver.state_of(child, self.dealt_stock)
        solver.budget = self.budget
        solver.nodes = 0
        if solver._search(*state, -made, 1 - made) >= 1 - made:  # null window: points to come >= 1 - made?
            return 1
        return 0 if solver._search(*state, -made - 1, -made) >= -made else -1
