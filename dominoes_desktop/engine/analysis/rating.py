"""The error rate: a player's skill from their own decisions, with the luck of the deal taken out.

Each hand a seat played is judged by the fair coach (`fair.judge_hand_view`: every decision by what the seat
could know then, over the worlds it could not tell apart). The rating of a run of hands of one scoring family
is the mean loss per non-forced decision, on the family's fixed scale:

    rating = 100 x (sum of the losses) / (non-forced decisions) / HAND_UNIT[family]

that is, hundredths of a typical hand's worth given away per decision (lower is better, 0 is perfect play by
what the seat could know). `HAND_UNIT` is what a hand is worth in each family, measured once and fixed
(docs/RATING.md): one hand in the games to hands, 20 pips in the games scored in pips, 40 end points in the
fives games, so that the three families read alike. A forced decision (one distinct option) is kept but not
counted.

The 95% interval treats each hand as one cluster (its decisions share the deal and the play, so they are not
independent): the cluster-robust standard error of the ratio (losses over decisions, by the delta method),
the rating +- 1.96 of them, never below 0. Fewer than `PROVISIONAL_BELOW` non-forced decisions: provisional.

A hand's luck and luck-adjusted result are in `hand_luck` (points of the rules, for the seat's side).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..cpu.players import ANALYSIS_LEVELS, LEVELS
from ..hand import Hand
from ..match import Match
from ..moves import MoveKind
from ..record import Record, RecordError
from ..rules import Rules
from .coach import Grade, MapLanes, RecordedHand, recorded_from_archive
from .coach import family as coach_family
from .fair import FairJudged, forced_moves, judge_hand_view
from .hand_luck import LUCK_VERSION, hand_luck, lead_from_deal
from .solver import hand_gains, side_value

RATING_NAME_EN = "Error rate"
RATING_NAME_ES = "Índice de error"
RATING_UNIT_EN = "hundredths of a hand given away per decision"
RATING_UNIT_ES = "centésimas de mano regaladas por decisión"

PROVISIONAL_BELOW = 300  # non-forced decisions before a rating is more than provisional (docs/RATING.md)
LAST_HANDS = 100  # the recent rating: the last this many hands
Z95 = 1.959964
JSON_VERSION = 1


class RatingError(ValueError):
    """A hand that cannot be judged, or a stored judgement that cannot be read; the message is one line."""


class Family(StrEnum):
    """The rating's scoring families: a loss means the same thing within one, not across them."""

    FIVES = "fives"  # All Fives, Fives and Threes, ... (end points)
    POINTS = "points"  # block and draw games and Caribbean games to points, scored in pips
    HANDS = "hands"  # Caribbean games played to hands (one per hand)


_FROM_COACH = {"fives": Family.FIVES, "pips": Family.POINTS, "hands": Family.HANDS}

# What a hand is worth in each family, in its points: the mean size of a hand's result between reference
# players (the playout policy in every seat) on the family's calibration preset, rounded (docs/RATING.md:
# jamaican 0.98 hands, puerto_rican 20.3 pips, all_fives 38.5 points: rating_calibration.py --hand-units).
HAND_UNIT: dict[Family, float] = {Family.HANDS: 1.0, Family.POINTS: 20.0, Family.FIVES: 40.0}


def family_of(rules: Rules) -> Family:
    """The rating family of a rule set (the coach's grading family)."""
    return _FROM_COACH[coach_family(rules)]


@dataclass(frozen=True)
class DecisionJudgement:
    """One decision of one seat, as the fair coach judged it."""

    hand: int  # hand index in the match
    ply: int  # index of the move in the hand
    options: tuple[str, ...]  # the legal options, in the record's action text
    chosen: str
    best: tuple[str, ...]
    loss: float  # in the family's unit (>= 0)
    grade: str  # coach Grade value
    forced: bool  # one option only: not counted in the rating
    exact: bool = True  # every world searched exactly (else some were estimated by playouts)
    margin: float = 0.0  # the loss's margin of error over the sampled worlds (two standard errors)

    @property
    def given_away(self) -> float:
        """What the decision gave away as the coach's Loss column shows it: nothing for a forced move or a Best one
        (a near tie's small loss lies within the judge's margin), else its loss. The hand-end sheet's "your
        decisions" and the costliest decisions count so, as the coach does (a hand of Best moves read "your
        decisions -0.5" on the sheet, "Given away in all: 0" in the coach and "cost 0.2" on the skill page)."""
        return 0.0 if self.forced or self.grade == Grade.BEST.value else self.loss

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "ply": self.ply,
            "options": list(self.options),
            "chosen": self.chosen,
            "best": list(self.best),
            "loss": _number(self.loss),
            "grade": self.grade,
            "forced": self.forced,
            "exact": self.exact,
            "margin": _number(self.margin),
        }

    @staticmethod
    def from_json(raw: Any) -> DecisionJudgement:
        _need(isinstance(raw, dict), "a decision must be a JSON object")
        options = _texts(raw.get("options"), "'options'")
        best = _texts(raw.get("best"), "'best'")
        chosen = raw.get("chosen")
        _need(isinstance(chosen, str) and chosen in options, "'chosen' must be one of the options")
        _need(set(best) <= set(options), "'best' must be among the options")
        grade = raw.get("grade")
        _need(grade in _GRADES, f"'grade' must be one of {', '.join(sorted(_GRADES))}")
        forced = raw.get("forced")
        exact = raw.get("exact", True)
        _need(isinstance(forced, bool) and isinstance(exact, bool), "'forced' and 'exact' must be true or false")
        return DecisionJudgement(
            _whole(raw.get("hand"), "'hand'"),
            _whole(raw.get("ply"), "'ply'"),
            options,
            chosen,
            best,
            _amount(raw.get("loss"), "'loss'", low=0.0),
            grade,
            forced,
            exact,
            _amount(raw.get("margin", 0.0), "'margin'", low=0.0),
        )


_GRADES = frozenset(grade.value for grade in Grade)  # the coach's grades, as the judgement keeps them
SLIP_GRADES = frozenset({Grade.LOOSE.value, Grade.BLUNDER.value})


@dataclass(frozen=True)
class HandJudgement:
    """One seat's hand: its decisions judged, what its side made, and its side's luck (family unit)."""

    hand: int
    seat: int
    family: Family
    decisions: tuple[DecisionJudgement, ...]
    result: float  # points the seat's side made in the hand, less the other sides' (no resets)
    luck: float  # the side's luck in the same unit (deal + draws): hand_luck
    luck_version: int = LUCK_VERSION  # the luck's definition (hand_luck.LUCK_VERSION); 0: not recorded

    @property
    def luck_current(self) -> bool:
        """Whether the luck is of today's definition (luck of other versions is never summed with it)."""
        return self.luck_version == LUCK_VERSION

    def adjusted(self) -> float:
        """The luck-adjusted result: the result less the luck."""
        return self.result - self.luck

    @property
    def counted(self) -> tuple[DecisionJudgement, ...]:
        """The decisions the rating counts (the non-forced ones)."""
        return tuple(d for d in self.decisions if not d.forced)

    def loss(self) -> float:
        """The sum of the counted decisions' losses (family unit)."""
        return sum(d.loss for d in self.decisions if not d.forced)

    def given_away(self) -> float:
        """What the hand's decisions gave away in all, as the coach counts it (`DecisionJudgement.given_away`)."""
        return sum(d.given_away for d in self.decisions)

    def slips(self) -> tuple[DecisionJudgement, ...]:
        """The counted decisions graded loose or blunder (what the hand-end line calls slips), in play order."""
        return tuple(d for d in self.decisions if not d.forced and d.grade in SLIP_GRADES)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": JSON_VERSION,
            "hand": self.hand,
            "seat": self.seat,
            "family": self.family.value,
            "decisions": [d.to_json() for d in self.decisions],
            "result": _number(self.result),
            "luck": _number(self.luck),
            "luck_version": self.luck_version,
        }

    @staticmethod
    def from_json(raw: Any) -> HandJudgement:
        """A judgement as `to_json` writes it; RatingError (one line) if it is not one."""
        _need(isinstance(raw, dict), "a hand judgement must be a JSON object")
        _need(
            raw.get("version") == JSON_VERSION, f"hand judgements of version {raw.get('version')!r} are not supported"
        )
        family = raw.get("family")
        _need(family in {f.value for f in Family}, f"'family' must be one of {', '.join(f.value for f in Family)}")
        raw_decisions = raw.get("decisions")
        _need(isinstance(raw_decisions, list), "'decisions' must be a list")
        decisions = []
        for index, item in enumerate(raw_decisions):
            try:
                decisions.append(DecisionJudgement.from_json(item))
            except RatingError as exc:
                raise RatingError(f"decision {index + 1}: {exc}") from None
        return HandJudgement(
            _whole(raw.get("hand"), "'hand'"),
            _whole(raw.get("seat"), "'seat'"),
            Family(family),
            tuple(decisions),
            _amount(raw.get("result"), "'result'"),
            _amount(raw.get("luck"), "'luck'"),
            # Judgements kept before the luck's version was: luck of a definition nobody can tell now.
            _whole(raw.get("luck_version", 0), "'luck_version'"),
        )


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise RatingError(message)


def _whole(raw: Any, what: str) -> int:
    _need(isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < 1_000_000, f"{what} must be a whole number")
    return int(raw)


def _amount(raw: Any, what: str, low: float = -math.inf) -> float:
    _need(
        isinstance(raw, int | float) and not isinstance(raw, bool) and math.isfinite(raw) and raw >= low,
        f"{what} must be a number" + ("" if low == -math.inf else f" of at least {low:g}"),
    )
    return float(raw)


def _texts(raw: Any, what: str) -> tuple[str, ...]:
    _need(isinstance(raw, list) and all(isinstance(t, str) for t in raw), f"{what} must list texts")
    return tuple(raw)


def _number(value: float) -> int | float:
    """Whole numbers as integers; others in full (JSON keeps a float exactly)."""
    return int(value) if float(value).is_integer() else float(value)


# ---- judging ----------------------------------------------------------------------------------------


def judge_hand(
    record: Record,
    hand: int,
    seat: int,
    seed: int = 0,
    *,
    budget: int | None = None,
    map_lanes: MapLanes | None = None,
) -> HandJudgement:
    """The fair coach on `seat`'s decisions of finished hand `hand` of `record` (by what the seat could know),
    plus the hand's result and luck for the seat's side. RatingError (one line) if the hand cannot be judged.
    `budget` and `map_lanes` as in `fair.judge_hand_view`."""
    return judge_hands(record, seat, (hand,), seed, budget=budget, map_lanes=map_lanes)[0]


def judge_hands(
    record: Record,
    seat: int,
    hands: Sequence[int] | None = None,
    seed: int = 0,
    *,
    budget: int | None = None,
    map_lanes: MapLanes | None = None,
) -> list[HandJudgement]:
    """`judge_hand` for several finished hands of one record (default: all), replaying the record once."""
    match = finished_match(record)
    rules = record.rules
    _need(0 <= seat < rules.players, f"there is no seat {seat}: the game has seats 0 to {rules.players - 1}")
    wanted = range(len(match.results)) if hands is None else hands
    found = []
    for index in wanted:
        _need(
            0 <= index < len(match.results),
            f"there is no finished hand {index}: the match has {len(match.results)} (from 0)",
        )
        found.append(_judge(match, index, seat, seed, budget, map_lanes))
    return found


def finished_match(record: Record) -> Match:
    """The match `record` leaves, its finished hands all kept move by move; RatingError otherwise."""
    try:
        match = Match.from_record(record)
    except RecordError as exc:
        raise RatingError(str(exc)) from None
    _need(len(match.archive) == len(match.results), "a hand of this match was played out without its moves")
    return match


def stock_draws(recorded: RecordedHand, played: Hand) -> list[tuple[int, Hand]]:
    """The draws from the stock of `played` (recorded as `recorded`): each one's ply and the hand just before
    it, as `hand_luck` weighs them."""
    return [(ply, recorded.before(ply)) for ply, turn in enumerate(played.history) if turn.move.kind is MoveKind.DRAW]


def _judge(
    match: Match, index: int, seat: int, seed: int, budget: int | None, map_lanes: MapLanes | None
) -> HandJudgement:
    rules = match.rules
    deal, played = match.archive[index]
    recorded = recorded_from_archive(rules, index, deal, played, lead_by_rule=match.led_by_rule.get(index))
    judged = judge_hand_view(recorded, (seat,), seed, budget, map_lanes)
    decisions = [_decision(index, fair) for fair in judged]
    for ply, _, move, _ in forced_moves(recorded, (seat,)):
        text = move.notation()
        decisions.append(DecisionJudgement(index, ply, (text,), text, (text,), 0.0, "best", True))
    decisions.sort(key=lambda d: d.ply)
    side = rules.teams[seat]
    facts = played.outcome_facts()
    result = side_value(hand_gains(rules, facts, facts.end_points), side)
    luck = _luck(match, index, seat, recorded, played)
    return HandJudgement(index, seat, family_of(rules), tuple(decisions), float(result), luck)


def _luck(match: Match, index: int, seat: int, recorded: RecordedHand, played: Hand) -> float:
    """The luck of `seat`'s side in finished hand `index` of `match` (today's definition)."""
    rules = match.rules
    previous = match.results[index - 1] if index > 0 else None
    # As the match led it: a room's hand rebuilt as a match of its own is its hand 0, led freely (review29).
    from_deal = match.led_by_rule.get(index, lead_from_deal(rules, index, previous))
    return hand_luck(recorded.start, from_deal, stock_draws(recorded, played))[rules.teams[seat]]


def relucked(record: Record, judged: HandJudgement) -> HandJudgement:
    """`judged` (a hand of `record`) with its luck worked out again by today's definition, its decisions as they
    were (not judged again: the luck's definition changed, the coach did not). RatingError (one line) if the
    hand is not one of the record's."""
    match = finished_match(record)
    rules = match.rules
    _need(0 <= judged.seat < rules.players, f"there is no seat {judged.seat}")
    _need(judged.hand < len(match.results), f"there is no finished hand {judged.hand}")
    _need(judged.family is family_of(rules), f"the hand is not of the {judged.family.value} family")
    deal, played = match.archive[judged.hand]
    recorded = recorded_from_archive(rules, judged.hand, deal, played, lead_by_rule=match.led_by_rule.get(judged.hand))
    luck = _luck(match, judged.hand, judged.seat, recorded, played)
    return replace(judged, luck=luck, luck_version=LUCK_VERSION)


def _decision(index: int, fair: FairJudged) -> DecisionJudgement:
    judged = fair.judged
    return DecisionJudgement(
        index,
        judged.ply,
        tuple(m.notation() for m in judged.options),
        judged.played.notation(),
        tuple(m.notation() for m in judged.best),
        max(0.0, judged.loss),
        judged.grade.value,
        False,
        judged.exact,
        fair.margin,
    )


# ---- the rating -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rating:
    value: float  # the error rate: 100 x mean loss per non-forced decision / HAND_UNIT (lower is better)
    ci95: tuple[float, float]
    decisions: int  # non-forced decisions counted
    hands: int
    provisional: bool  # fewer than PROVISIONAL_BELOW decisions
    family: Family | None = None  # None when no hand was rated


def rate(hands: Iterable[HandJudgement]) -> Rating:
    """The error rate of hands of one family, with its 95% interval (per-hand clusters; module docstring).
    ValueError if the families are mixed. No decision to count: value and interval are NaN."""
    clusters: list[tuple[float, int]] = []
    family: Family | None = None
    for judged in hands:
        if family is None:
            family = judged.family
        elif judged.family is not family:
            raise ValueError(f"one rating is of one family: {family.value} and {judged.family.value} are mixed")
        counted = judged.counted
        clusters.append((sum(d.loss for d in counted), len(counted)))
    decisions = sum(n for _, n in clusters)
    provisional = decisions < PROVISIONAL_BELOW
    if family is None or decisions == 0:
        return Rating(math.nan, (math.nan, math.nan), decisions, len(clusters), provisional, family)
    scale = 100.0 / HAND_UNIT[family]
    mean, error = ratio_and_error(clusters)
    value = mean * scale
    low, high = max(0.0, mean - Z95 * error) * scale, (mean + Z95 * error) * scale
    return Rating(value, (low, high), decisions, len(clusters), provisional, family)


def ratio_and_error(clusters: Sequence[tuple[float, int]]) -> tuple[float, float]:
    """The ratio sum(y) / sum(n) over clusters (y, n) and its cluster-robust standard error (the delta
    method, with the small-sample factor H / (H - 1)); infinite with fewer than two clusters."""
    total = sum(n for _, n in clusters)
    ratio = sum(y for y, _ in clusters) / total
    count = len(clusters)
    if count < 2:
        return ratio, math.inf
    spread = sum((y - ratio * n) ** 2 for y, n in clusters)
    return ratio, math.sqrt(count / (count - 1) * spread) / total


def last_hands(hands: Sequence[HandJudgement], count: int = LAST_HANDS) -> list[HandJudgement]:
    """The last `count` hands of a run in the order played (the recent rating is `rate` of them)."""
    return list(hands[-count:]) if count > 0 else []


# ---- the CPU levels' ratings (the calibration table) ------------------------------------------------


@dataclass(frozen=True)
class LevelRating:
    """A CPU level's error rate in one family, as benchmarks/rating_calibration.py measured it."""

    level: str
    family: Family
    preset: str  # the rules its hands were played under
    value: float
    ci95: tuple[float, float]
    decisions: int
    hands: int


def calibration(text: str | None = None) -> dict[Family, tuple[LevelRating, ...]]:
    """The CPU levels' error rates by family, weakest level first (the levels' own order), from the table
    the calibration benchmark writes (`rating_levels.CALIBRATION_JSON`, or `text`); RatingError if unreadable."""
    if text is None:
        from .rating_levels import CALIBRATION_JSON

        text = CALIBRATION_JSON
    try:
        raw = json.loads(text)
    except ValueError as exc:
        raise RatingError(f"the calibration table is not JSON: {exc}") from None
    _need(isinstance(raw, dict) and isinstance(raw.get("families"), dict), "the calibration table lists no families")
    found: dict[Family, tuple[LevelRating, ...]] = {}
    for name, entry in raw["families"].items():
        _need(name in {f.value for f in Family}, f"the calibration table's family {name!r} is not one")
        _need(isinstance(entry, dict) and isinstance(entry.get("levels"), dict), f"family {name}: no levels")
        preset = entry.get("preset")
        _need(isinstance(preset, str), f"family {name}: no preset")
        levels = []
        for level, cell in entry["levels"].items():
            _need(level in LEVELS + ANALYSIS_LEVELS, f"family {name}: {level!r} is not a CPU level")
            _need(isinstance(cell, dict), f"family {name}, {level}: not an object")
            ci = cell.get("ci95")
            _need(isinstance(ci, list) and len(ci) == 2, f"family {name}, {level}: 'ci95' must be two numbers")
            levels.append(
                LevelRating(
                    level,
                    Family(name),
                    preset,
                    _amount(cell.get("rating"), "'rating'", low=0.0),
                    (_amount(ci[0], "'ci95'", low=0.0), _amount(ci[1], "'ci95'", low=0.0)),
                    _whole(cell.get("decisions"), "'decisions'"),
                    _whole(cell.get("hands"), "'hands'"),
                )
            )
        found[Family(name)] = tuple(sorted(levels, key=lambda lv: (LEVELS + ANALYSIS_LEVELS).index(lv.level)))
    return found


def nearest_level(value: float, levels: Sequence[LevelRating]) -> LevelRating | None:
    """The level whose error rate is nearest `value` (None when there are none or `value` is not a number)."""
    if not levels or not math.isfinite(value):
        return None
    return min(levels, key=lambda lv: abs(lv.value - value))
