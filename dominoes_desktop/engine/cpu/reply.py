"""The next seat's reply as its own view would choose it, for the Expert's worlds (session 23, issue 32 item 4).

In each sampled world PIMC values an option by minimax: the next seat replies as if it saw the Expert's hand.
It does not. Here the option's value in the world is the mean, over the next seat's legal replies, of the exact
value of the option then that reply, each reply weighed by how likely the next seat is to choose it:

- "model": play_model's fitted chances of a play given the tiles that seat holds in the world and what is
  public (its own view: it knows its hand, not the Expert's);
- "softmin": a quantal response, chances falling off as exp(-(v - best) / T) with the reply's exact value v
  (the Expert's side's), T a temperature in the game's points (or hands).

A forced reply (one legal move, a pass) and a hand the option ends are valued exactly, as PIMC does; all play
after the reply stays exact (the solver's minimax).

What "exact" values is the leaves' choice (session 24): `Points`, the side's points margin (the coach's Judge), or
`Wins`, its sign (ahead +1, level 0, behind -1: the win-or-lose objective, alphamu.WinTest's null-window tests), so
the modelled reply and the win objective compose on one path.

- "careless" (session 25): a mixture of two kinds of player, by the chance `careless` that the next seat plays
  any tile that fits (careless.py reads it from the hand's plays): that chance on each reply alike, the rest on
  the perfect reply (the least value: PIMC's). At 0 the value is PIMC's exact one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from ..analysis.coach import Judge
from ..analysis.solver import after_play, hand_gains, side_value, supports_masks
from ..hand import Hand
from ..moves import Move, MoveKind
from ..play_model import Record, Sighting, option_chances, sightings_of
from ..rules import LayoutKind, Rules, Scoring
from ..tiles import Tile
from .alphamu import WinTest, sign

MODEL = "model"
SOFTMIN = "softmin"
CARELESS = "careless"
SOFTMIN_POINTS = 5.0  # the softmin's temperature in games scored in points (a reply 5 points worse: e^-1 as likely)
SOFTMIN_HANDS = 0.25  # in games counted in hands (a reply that throws a won hand away: e^-8 as likely)


def temperature(in_hands: bool) -> float:
    """The softmin's temperature in the values' units (`in_hands`: hands won and lost, else points)."""
    return SOFTMIN_HANDS if in_hands else SOFTMIN_POINTS


class Leaves(Protocol):
    """How one world's positions are valued for the deciding side, exactly (both sides playing perfectly)."""

    rules: Rules
    side: int  # the side whose values they are
    in_hands: bool  # the values count hands won and lost (else points)
    budget: int  # nodes a search may visit (OutOfBudget past them)

    def option(self, hand: Hand, move: Move) -> float:
        """The value once `move` is played in `hand` (PIMC's: every later move perfect)."""
        ...

    def reached(self, hand: Hand, gains: Sequence[int]) -> float:
        """The value of `hand` (over or not), reached from the decision with `gains` made by side on the way."""
        ...


class Points:
    """The side's points margin from here on: the coach's Judge (its table kept between searches)."""

    def __init__(self, judge: Judge, side: int) -> None:
        self.judge = judge
        self.side = side
        self.rules = judge.rules
        self.in_hands = judge.rules.scoring is Scoring.ONE_PER_HAND

    @property
    def budget(self) -> int:
        return self.judge.budget

    @budget.setter
    def budget(self, nodes: int) -> None:
        self.judge.budget = nodes

    def option(self, hand: Hand, move: Move) -> float:
        return self.judge.option_value(hand, move, self.side, True, 0)

    def reached(self, hand: Hand, gains: Sequence[int]) -> float:
        if hand.is_over:
            return float(side_value(hand_gains(self.rules, hand.outcome_facts(), gains), self.side))
        return float(side_value(gains, self.side) + self.judge.to_come(hand, self.side))


class Wins:
    """Whether the side comes out ahead (+1), level (0) or behind (-1): the sign of Points' value, by WinTest's
    null-window tests where the line solver searches (one or two cheap tests instead of an MTD(f) of several),
    else by the exact value."""

    def __init__(self, test: WinTest, world: Hand) -> None:
        """`world`: the position of the decision the test's worlds share (its stock as dealt from there)."""
        self.test = test
        self.side = test.side
        self.rules = test.rules
        self.in_hands = True
        # Where the null-window tests do not search (a hand over, a layout other than a line): the exact value.
        self._points = Points(Judge(test.rules, world, test.budget), test.side)

    @property
    def budget(self) -> int:
        return self.test.budget

    @budget.setter
    def budget(self, nodes: int) -> None:
        self.test.budget = nodes

    def option(self, hand: Hand, move: Move) -> float:
        return float(self.test.outcome(hand, move))

    def reached(self, hand: Hand, gains: Sequence[int]) -> float:
        if hand.is_over or not supports_masks(self.rules):
            self._points.budget = self.test.budget
            return float(sign(self._points.reached(hand, gains)))
        made = side_value(gains, self.side)
        if self.test.ahead(hand, made):
            return 1.0
        return 0.0 if self.test.ahead(hand, made + 1) else -1.0


def softmin_chances(values: Sequence[float], temp: float) -> list[float]:
    """Chances of replies whose exact values (the Expert's side's) are `values`, for a seat that minimises them
    and errs by the softmin at temperature `temp`."""
    low = min(values)
    exps = [math.exp(-(v - low) / temp) for v in values]
    total = sum(exps)
    return [x / total for x in exps]


def careless_chances_of(values: Sequence[float], careless: float) -> list[float]:
    """Chances of replies whose exact values (the Expert's side's) are `values`, for a seat that plays any of
    them alike with chance `careless` and otherwise perfectly (the least value; ties share it)."""
    low = min(values)
    perfect = [v == low for v in values]
    even = careless / len(values)
    share = (1.0 - careless) / sum(perfect)
    return [even + (share if best else 0.0) for best in perfect]


def reply_sighting(hand: Hand, move: Move) -> Sighting | None:
    """What is public when the next seat replies to `move` played in `hand` (the same in every world of a
    view: the history, and the move), as play_model sees a play; None where the model does not read plays
    (layouts other than a line) or the move is not a play."""
    rules = hand.rules
    if rules.layout is not LayoutKind.LINE or move.kind is not MoveKind.PLAY or move.tile is None:
        return None
    turns: list[Record] = [(t.seat, t.move.kind, t.move.tile, t.move.end, t.stuck_on) for t in hand.history]
    seat = hand.turn
    turns.append((seat, MoveKind.PLAY, move.tile, move.end, ()))
    ends = [move.tile.high, move.tile.low] if hand.layout.empty else _line_ends(hand, move)
    # A stand-in reply (any tile on an open end): the sighting's public facts are those before it.
    stand_in = Tile.of(ends[0], ends[0])
    turns.append(((seat + 1) % rules.players, MoveKind.PLAY, stand_in, ends[0], ()))
    seen = sightings_of(rules, turns)
    return seen[-1] if seen else None


def _line_ends(hand: Hand, move: Move) -> list[int]:
    assert move.tile is not None and move.end is not None
    ends = list(hand.layout.open_ends())
    ends[ends.index(move.end)] = move.tile.other(move.end)
    return ends


def model_chances(sighting: Sighting, held: Sequence[Tile], replies: Sequence[Move]) -> list[float] | None:
    """play_model's chances of each reply for a seat holding `held`; None if a reply is not a play the model
    knows (then the option is valued exactly)."""
    chances = option_chances(sighting, held)
    found: list[float] = []
    for reply in replies:
        if reply.tile is None or reply.end is None or (reply.tile, reply.end) not in chances:
            return None
        found.append(chances[(reply.tile, reply.end)])
    total = sum(found)
    return [p / total for p in found]


def replied_value(
    leaves: Leaves,
    world: Hand,
    move: Move,
    mode: str,
    sighting: Sighting | None = None,
    careless: float = 0.0,
) -> float:
    """The leaves' value (for their side) once `move` is played in `world` and the next seat replies by `mode`
    (MODEL: play_model's chances given its tiles and `sighting`, the public facts from reply_sighting; SOFTMIN: a
    quantal response on the replies' values; CARELESS: any reply alike with chance `careless`, else the perfect
    one); exact where the reply is forced, the hand ends, the next seat is of the leaves' side, the model cannot
    read the reply, or `careless` is 0. OutOfBudget as Judge.option_value."""
    rules = leaves.rules
    if mode == CARELESS and careless <= 0.0:
        return leaves.option(world, move)  # the perfect reply alone: PIMC's value, without a search a reply
    child, gains = after_play(world, move)
    if child.is_over or rules.side_of(child.turn) == leaves.side:
        return leaves.option(world, move)
    replies = child.legal_moves()
    if len(replies) <= 1 or (mode == MODEL and sighting is None):
        return leaves.option(world, move)
    chances: list[float] | None = None
    if mode == MODEL:
        assert sighting is not None
        chances = model_chances(sighting, child.hands[child.turn], replies)
        if chances is None:
            return leaves.option(world, move)
    values: list[float] = []
    for reply in replies:
        grand, more = after_play(child, reply)
        values.append(leaves.reached(grand, [a + b for a, b in zip(gains, more, strict=True)]))
    if mode == CARELESS:
        chances = careless_chances_of(values, careless)
    elif chances is None:
        chances = softmin_chances(values, temperature(leaves.in_hands))
    return sum(p * v for p, v in zip(chances, values, strict=True))
