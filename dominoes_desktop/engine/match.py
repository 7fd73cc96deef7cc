"""A match: hands in sequence, scores per side, resets, the target, and who opens next."""

from __future__ import annotations

import random
from typing import NamedTuple

from .deal import Deal, Dealer
from .errors import IllegalMove
from .fairness import FairDeal, cut_from_gesture
from .hand import Hand, HandEnd, HandOutcome
from .rules import AfterNoWinner, AfterWin, Opening, Rules
from .scoring import bonuses, hand_points, winner_seat
from .tiles import Tile, heaviness


class OpeningPlan(NamedTuple):
    """Who may lead the coming hand and what they must pose."""

    seats: tuple[int, ...]  # more than one: that side chooses which partner leads
    pose: Tile | None  # the tile the rules make the leader pose, if any
    random_side: bool = False  # the side was drawn at random (a recorded game may name any seat)


class HandResult(NamedTuple):
    """How a hand ended and what it did to the scores: the hand summary."""

    hand_index: int
    seed: int | None
    leader: int
    end: HandEnd
    winner_seat: int | None
    winner_side: int | None
    points: int  # to the winning side, bonuses included; 0 when nobody won or on a six-love reply
    bonus: tuple[str, ...]
    reset: bool
    end_points: tuple[int, ...]
    pips: tuple[int, ...]
    remaining: tuple[tuple[Tile, ...], ...]
    scores: tuple[int, ...]  # per side after this hand

    def as_json(self) -> dict[str, object]:
        return {
            "end": self.end.value,
            "winner_seat": self.winner_seat,
            "winner_side": self.winner_side,
            "points": self.points,
            "bonus": list(self.bonus),
            "reset": self.reset,
            "end_points": list(self.end_points),
            "pips": list(self.pips),
        }


def highest_double_holder(hands: tuple[tuple[Tile, ...], ...]) -> tuple[int, Tile] | None:
    top = max((max(tiles).high for tiles in hands if tiles), default=-1)  # tiles are stored high end first
    for number in range(top, -1, -1):  # from the highest double that can have been dealt, down
        double = Tile(number, number)
        for seat, tiles in enumerate(hands):
            if double in tiles:
                return seat, double
    return None


def heaviest_tile_holder(hands: tuple[tuple[Tile, ...], ...]) -> tuple[int, Tile]:
    return max(((s, t) for s, tiles in enumerate(hands) for t in tiles), key=lambda st: heaviness(st[1]))


class Match:
    """Plays hands one after another until a side wins. Drive it: deal, start, play, finish."""

    def __init__(self, rules: Rules, seed: int = 0) -> None:
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        self._dealer = Dealer(rules)
        self.scores = [0] * rules.sides
        self.results: list[HandResult] = []
        self.deal: Deal | None = None
        self.deal_order: list[int] | None = None  # the shuffle behind `deal` (None for a deal given from outside)
        self.plan: OpeningPlan | None = None
        self.hand: Hand | None = None
        self.winner: int | None = None
        self.archive: list[tuple[Deal, Hand]] = []  # every hand finished move by move, for review and saving
        self._redealt = False
        # Fair deals (fairness.py): a commitment made for the next deal, and the proofs by hand index.
        self.fair_next: FairDeal | None = None
        self.proofs: dict[int, FairDeal] = {}

    def rng_state(self) -> tuple[int, tuple[int, ...], float | None]:
        """The match's random state, so a saved match deals the same hands when resumed."""
        version, words, gauss = self._rng.getstate()
        return version, tuple(words), gauss

    def set_rng_state(self, state: tuple[int, tuple[int, ...], float | None]) -> None:
        self._rng.setstate(state)

    @property
    def hand_index(self) -> int:
        return len(self.results)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    # ---- dealing ----------------------------------------------------------------------

    def deal_next(self, seed: int | None = None) -> Deal:
        """Shuffle and deal the next hand from the match's seeded RNG (or a given deal seed)."""
        self._check_not_over()
        self._redealt = False
        if seed is None and self.fair_next is not None:  # deal from the committed seed and the cut
            fair, self.fair_next = self.fair_next.with_cut(cut_from_gesture("auto")), None
            self._set_deal(*self._dealer.deal(fair.seed, fair.cut or b""))
            self.proofs[self.hand_index] = fair
            assert self.deal is not None
            return self.deal
        self._set_deal(*self._dealer.deal(self._rng.getrandbits(48) if seed is None else seed))
        assert self.deal is not None
        return self.deal

    def use_deal(self, fixed: Deal) -> OpeningPlan:
        """Play a deal given from outside (a recorded game) instead of shuffling."""
        self._check_not_over()
        if self.rules.opening.redeals_without_double and not fixed.doubles_dealt():
            raise IllegalMove("no double was dealt, and these rules deal again in that case")
        self._set_deal(fixed, None)
        assert self.plan is not None
        return self.plan

    def _set_deal(self, new: Deal, order: list[int] | None) -> None:
        self.deal = new
        self.deal_order = order
        self.plan = self._opening_plan(new.hands)
        self.hand = None

    def redeal_seats(self) -> tuple[int, ...]:
        """Seats that may ask for the whole table to be dealt again (Cuban: five doubles)."""
        need = self.rules.redeal_doubles
        if not need or self._redealt or self.deal is None or self.hand is not None:
            return ()
        return tuple(seat for seat, tiles in enumerate(self.deal.hands) if sum(t.is_double for t in tiles) >= need)

    def request_redeal(self, seat: int) -> Deal:
        if seat not in self.redeal_seats():
            raise IllegalMove(f"seat {seat} may not ask for a redeal now")
        self._set_deal(*self._dealer.deal(self._rng.getrandbits(48)))
        self.proofs.pop(self.hand_index, None)  # a redeal is not the committed deal
        self._redealt = True
        assert self.deal is not None
        return self.deal

    def _first_hand_plan(self, hands: tuple[tuple[Tile, ...], ...]) -> OpeningPlan:
        opening = self.rules.opening
        if opening is Opening.RANDOM_TEAM_ANY:
            side = self._rng.randrange(self.rules.sides)
            return OpeningPlan(self.rules.seats_of(side), None, random_side=True)
        holder = highest_double_holder(hands)
        if holder is None:
            holder = heaviest_tile_holder(hands)
        seat, tile = holder
        return OpeningPlan((seat,), tile if opening.must_pose_double else None)

    def _opening_plan(self, hands: tuple[tuple[Tile, ...], ...]) -> OpeningPlan:
        if not self.results:
            return self._first_hand_plan(hands)
        last = self.results[-1]
        if last.winner_seat is None:
            if self.rules.after_no_winner is AfterNoWinner.ROTATE:
                return OpeningPlan(((last.leader + 1) % self.rules.players,), None)
            return self._first_hand_plan(hands)
        if self.rules.after_win is AfterWin.WINNING_TEAM_CHOICE:
            assert last.winner_side is not None
            return OpeningPlan(self.rules.seats_of(last.winner_side), None)
        if self.rules.after_win is AfterWin.WINNER:
            return OpeningPlan((last.winner_seat,), None)
        return self._first_hand_plan(hands)

    def default_leader(self) -> int:
        """The leader when nobody chooses: the last winner if they may lead, else the first allowed seat."""
        assert self.plan is not None
        if self.results and self.results[-1].winner_seat in self.plan.seats:
            winner = self.results[-1].winner_seat
            assert winner is not None
            return winner
        return self.plan.seats[0]

    # ---- playing ----------------------------------------------------------------------

    def start_hand(self, leader: int | None = None, *, any_leader: bool = False) -> Hand:
        """Begin play. `any_leader` lets a recorded game name any seat where a side was drawn at random."""
        if self.deal is None or self.plan is None:
            raise IllegalMove("deal before starting a hand")
        plan = self.plan
        if leader is None:
            leader = self.default_leader()
        elif not 0 <= leader < self.rules.players:
            raise IllegalMove(f"there is no seat {leader} to lead")
        elif leader not in plan.seats and not (plan.random_side and any_leader):
            allowed = " or ".join(f"seat {s}" for s in plan.seats)
            raise IllegalMove(f"seat {leader} may not lead this hand: {allowed} leads")
        self.hand = Hand(self.rules, self.deal.hands, self.deal.stock, leader, plan.pose)
        return self.hand

    def finish_hand(self, facts: HandOutcome | None = None) -> HandResult:
        """Score the finished hand, apply resets, and decide the match if it is decided.

        `facts` lets a fast playout hand in the outcome instead of a played Hand: of the hand in play, or of
        the dealt hand played out from its deal without starting it (then nothing is archived: no moves).
        """
        hand = self.hand
        if self.deal is None or (facts is None and (hand is None or hand.outcome is None)):
            raise IllegalMove("the hand is not over yet")
        if facts is None:
            assert hand is not None
            facts = hand.outcome_facts()
        rules = self.rules
        winner = winner_seat(rules, facts)
        if any(facts.end_points):
            self.scores = [score + points for score, points in zip(self.scores, facts.end_points, strict=True)]
        points = 0
        bonus: tuple[str, ...] = ()
        reset = False
        winner_side = None if winner is None else rules.teams[winner]
        if winner is not None and winner_side is not None:
            replying = rules.six_love_reset and any(
                score > 0 for side, score in enumerate(self.scores) if side != winner_side
            )
            if replying:
                self.scores = [0] * rules.sides
                reset = True
            else:
                if rules.capicua_bonus or rules.key_bone_bonus:
                    found = bonuses(rules, facts)
                    bonus = tuple(name for name, _ in found)
                    points = sum(v for _, v in found)
                points += hand_points(rules, facts.end, winner, facts.pips)
                self.scores[winner_side] += points
                if rules.cutthroat_reset and all(score > 0 for score in self.scores):
                    self.scores = [0] * rules.sides
                    reset = True
        deal = self.deal
        assert deal is not None
        result = HandResult(  # by position: this runs for every simulated hand
            len(self.results),  # hand_index
            deal.seed,
            facts.leader,
            facts.end,
            winner,
            winner_side,
            points,
            bonus,
            reset,
            facts.end_points,
            facts.pips,
            facts.remaining,
            tuple(self.scores),
        )
        self.results.append(result)
        if hand is not None:
            self.archive.append((deal, hand))
        self.hand = None
        self.deal = None
        self.deal_order = None
        self.plan = None
        self.winner = self._decided_winner()
        return result

    def _decided_winner(self) -> int | None:
        scores = self.scores
        best = max(scores)
        if not self.rules.single_round and best < self.rules.target:
            return None  # the usual case, checked first: nobody has reached the target
        if scores.count(best) > 1:
            return None
        side = scores.index(best)
        if self.rules.single_round:
            return side
        if self.rules.target_needs_zero_opponent and not any(
            score == 0 for other, score in enumerate(scores) if other != side
        ):
            return None
        return side

    def played_hands(self) -> list[tuple[Deal, Hand]]:
        """Every hand dealt so far, finished ones first, then the one in play."""
        current = [(self.deal, self.hand)] if self.deal is not None and self.hand is not None else []
        return self.archive + current

    def _check_not_over(self) -> None:
        if self.winner is not None:
            raise IllegalMove(f"the match is over: side {self.winner} won it")
