"""A match: hands in sequence, scores per side, resets, the target, and who opens next."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import NamedTuple

from .deal import Deal, Dealer
from .decisions import (
    Action,
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    Cut,
    CutBy,
    CutDeck,
    DealAgain,
    DealHand,
    Dealt,
    Event,
    HandResult,
    HandScored,
    HandStarted,
    Lead,
    LetGo,
    LetGoBy,
    MatchOver,
    MatchWon,
    Moved,
    MugginsWindow,
    NextHand,
    Pending,
    PlayedOut,
    PlayTurn,
    RedealAnswered,
    RedealOffer,
    Seal,
    Sealed,
)
from .errors import DominoError, IllegalMove
from .fairness import MAX_CUT_BYTES, FairDeal
from .hand import Hand, HandOutcome
from .moves import Move, MoveKind
from .record import Entry, Record, RecordError, action_text, undo_entry
from .rules import AfterNoWinner, AfterWin, Opening, Rules
from .scoring import bonuses, hand_points, winner_seat
from .tiles import Tile, heaviness

__all__ = ["HandResult", "Match", "OpeningPlan"]


class OpeningPlan(NamedTuple):
    """Who may lead the coming hand and what they must pose."""

    seats: tuple[int, ...]  # more than one: that side chooses which partner leads
    pose: Tile | None  # the tile the rules make the leader pose, if any
    random_side: bool = False  # the side was drawn at random (a recorded game may name any seat)
    by_rule: bool = False  # the first-hand rule chose the leader (not the last winner, a rotation or a free lead)


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
    """Plays hands one after another until a side wins.

    Drive it as a state machine: `pending()` says what the match waits for and which seats decide it;
    `apply(seat, action)` answers it (or raises a coded IllegalMove) and returns what happened. Steps that
    need nobody (starting a hand when one seat must lead, scoring a finished hand) happen by themselves.
    `apply` is the only way to change it, and it keeps every answer in `record`: `from_record` rebuilds it."""

    def __init__(self, rules: Rules, seed: int = 0, *, practice: bool = False) -> None:
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        self._dealer = Dealer(rules)
        self.scores = [0] * rules.sides
        self.results: list[HandResult] = []
        self.deal: Deal | None = None
        self.plan: OpeningPlan | None = None
        self.hand: Hand | None = None
        self.winner: int | None = None
        self.archive: list[tuple[Deal, Hand]] = []  # every hand finished move by move, for review and saving
        self.practice = practice  # a move was taken back: the match does not count in the statistics
        self.chosen_deals: set[int] = set()  # hands dealt from a deal a person chose (a deal played again)
        # By hand index: whether the first-hand rule chose that hand's leader, so that what leading shows is read
        # (knowledge.opening_shows, opening_holder) in exactly those hands: not in a hand played again or a
        # room's hand rebuilt as a match of its own (hand 0 there, led freely), and also in a later hand the rule
        # led again after a hand nobody won.
        self.led_by_rule: dict[int, bool] = {}
        self._redealt = False
        self._redeal_by: int | None = None  # the seat whose redeal request waits for the new deal
        self._redeal_declined: set[int] = set()
        # (hand index, placements, hand over) of the points the window is for: a hand that ends blocked offers
        # the last tile's unclaimed points once more, as they stay claimable after the final pass (REPLAY.md).
        self._window: tuple[int, int, bool] = (-1, -1, False)
        self._let_go: set[int] = set()  # seats that let those points go
        self._version = 0  # counts changes made through the match, so `pending` is worked out once per state
        self._cached: tuple[tuple[int, int], Pending] | None = None
        # Fair deals (fairness.py): the sealed coming deal, the cuts it has had, and the proofs by hand index.
        self._sealed: FairDeal | None = None
        self._cutters: tuple[int, ...] = ()
        self._cuts: dict[int, bytes] = {}
        self.proofs: dict[int, FairDeal] = {}
        # Every answer `apply` took, in order: the match's record, kept as two lists (a simulation keeps thousands
        # of answers a second, and a pair made for each is work for the garbage collector).
        self._seats: list[int | None] = []
        self._answers: list[Action] = []
        # Archived hands walked for review (`position`), by their place in `archive`: a finished hand never
        # changes, so each is walked once.
        self._reviewed: dict[int, tuple[Hand, ...]] = {}

    # ---- the record ----------------------------------------------------------------------------

    @property
    def record(self) -> Record:
        """The match as the answers it took: `Match.from_record(match.record)` is this match again."""
        return Record(self.rules, self.seed, tuple(zip(self._seats, self._answers, strict=True)), self.practice)

    @property
    def actions_taken(self) -> int:
        return len(self._answers)

    @property
    def last_answer(self) -> Entry | None:
        """The last `(seat, action)` of the record, without copying the record."""
        return (self._seats[-1], self._answers[-1]) if self._answers else None

    @staticmethod
    def from_record(record: Record) -> Match:
        """The match `record` leaves, rebuilt through the same answers; RecordError if one does not replay."""
        match: Match | None = None
        for position in positions(record):
            match = position.match
        assert match is not None
        return match

    def clone(self) -> Match:
        """An independent copy of the match as it stands (the same record, the same random state)."""
        twin = copy.copy(self)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin.scores = list(self.scores)
        twin.results = list(self.results)
        twin.archive = list(self.archive)  # a finished hand is never changed again: shared
        twin.hand = None if self.hand is None else self.hand.copy()
        twin.chosen_deals = set(self.chosen_deals)
        twin.led_by_rule = dict(self.led_by_rule)
        twin._redeal_declined = set(self._redeal_declined)
        twin._let_go = set(self._let_go)
        twin._cuts = dict(self._cuts)
        twin.proofs = dict(self.proofs)
        twin._seats = list(self._seats)
        twin._answers = list(self._answers)
        twin._reviewed = dict(self._reviewed)  # positions of finished hands: shared, copied when read
        twin._cached = None
        return twin

    @property
    def sealed(self) -> FairDeal | None:
        """The commitment of the deal that waits for its cuts (only its fingerprint may be shown), or None."""
        return self._sealed

    @property
    def hand_index(self) -> int:
        return len(self.results)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    # ---- the state machine ---------------------------------------------------------------------

    def pending(self) -> Pending:
        """What the match waits for now, and from which seats."""
        hand = self.hand
        cached = self._cached
        if cached is not None and cached[0] == (self._version, -1 if hand is None else len(hand.history)):
            return cached[1]  # every change made through the match, or to its hand, changes the key
        self._settle(None)
        key = (self._version, -1 if self.hand is None else len(self.hand.history))
        found = self._work_out_pending()
        self._cached = (key, found)
        return found

    def _work_out_pending(self) -> Pending:
        if self.winner is not None:
            return MatchOver(self.winner)
        sealed = self._sealed
        if sealed is not None:
            waiting = tuple(s for s in self._cutters if s not in self._cuts)
            return CutDeck(self.hand_index, sealed.fingerprint, waiting, self._redeal_by)
        if self.deal is None or self.plan is None:
            return NextHand(self.hand_index, self._redeal_by)
        hand = self.hand
        if hand is None:
            offers = self.redeal_seats()
            if offers:
                return RedealOffer(offers[0], self.rules.redeal_doubles)
            return ChooseLeader(self.plan.seats, self.plan.pose)
        window = self._open_window(hand)
        if window is not None:
            return window
        return PlayTurn(hand.turn, tuple(hand.legal_moves()))

    def apply(self, seat: int | None, action: Action) -> list[Event]:
        """Answer the pending decision as `seat` (None: the one seat it names, or the table); return the
        events in order. Raises IllegalMove, with a code, if the action does not answer it."""
        events: list[Event] = []
        if isinstance(action, Move) and action.kind in (MoveKind.CLAIM, MoveKind.MUGGINS):
            # Points stay claimable while they are pending, even after a window closed (a recorded game).
            self._settle(events)
            if self.hand is None:
                raise IllegalMove("no hand is in play", code="no_hand")
            self._move(seat, action, events)
            self._settle(events)
            self._seats.append(seat)
            self._answers.append(action)
            return events
        if isinstance(action, PlayedOut):
            self._played_out(action, events)
            self._seats.append(None)
            self._answers.append(action)
            return events
        pending = self.pending()
        if isinstance(pending, MatchOver):
            raise IllegalMove(
                f"the match is over: side {pending.winner} won it", code="match_over", side=pending.winner
            )
        if seat is not None and pending.seats and seat not in pending.seats:
            raise IllegalMove(
                f"seat {seat} is not the one to decide now", code="not_your_decision", seat=seat, waiting=pending.seats
            )
        if isinstance(pending, NextHand) and isinstance(action, (DealHand, Seal, DealAgain)):
            self._deal_decision(action, events)
        elif isinstance(action, Cut) and isinstance(pending, CutDeck):
            self._cut(seat, action, pending, events)
        elif isinstance(action, AnswerRedeal) and isinstance(pending, RedealOffer):
            self._version += 1
            if action.redeal:  # the table is dealt again: a new deal, sealed and cut like any other
                self._redeal_by = pending.seat
                self.proofs.pop(self.hand_index, None)
                self.deal = None
                self.plan = None
            else:
                self._redeal_declined.add(pending.seat)
            events.append(RedealAnswered(pending.seat, action.redeal))
        elif isinstance(action, Lead) and isinstance(pending, ChooseLeader):
            self._start_hand(action.seat)
            events.append(HandStarted(self.hand_index, action.seat))
        elif isinstance(action, LetGo) and isinstance(pending, ClaimWindow | MugginsWindow):
            actor = pending.seats[0] if seat is None else seat
            self._version += 1
            self._let_go.add(actor)
            events.append(LetGoBy(actor))
        elif isinstance(action, Move) and isinstance(pending, PlayTurn):
            seat = pending.seat if seat is None else seat  # kept with the seat that played it
            self._move(seat, action, events)
        else:
            raise IllegalMove(
                f"{_action_text(action)} does not answer what the match waits for ({_pending_text(pending)})",
                code="wrong_action",
                waiting=type(pending).__name__,
            )
        self._settle(events)
        self._seats.append(seat)
        self._answers.append(action)
        return events

    def _played_out(self, action: PlayedOut, events: list[Event]) -> None:
        """A simulation's hand, played to its end by the playout kernel from the hand in play as it was dealt
        (no moves yet: the outcome stands for all of them). Checked without working out what is pending: a
        simulation meets this every hand."""
        hand = self.hand
        if hand is None or hand.history or self.winner is not None:
            raise IllegalMove("a hand is played out from its deal, before its first move", code="wrong_action")
        if action.outcome.leader != hand.leader:
            raise IllegalMove("the hand played out is not the hand in play", code="wrong_action")
        events.append(HandScored(self._finish_hand(action.outcome)))
        if self.winner is not None:
            events.append(MatchWon(self.winner))  # nothing else follows by itself: the next deal waits

    def _move(self, seat: int | None, move: Move, events: list[Event]) -> None:
        hand = self.hand
        assert hand is not None
        before = tuple(hand.end_points)
        mover = hand.turn if seat is None else seat
        if move.kind is MoveKind.CLAIM and seat is None and hand.pending is not None:
            mover = hand.pending.seat
        elif move.kind is MoveKind.MUGGINS and move.caller is not None:
            mover = move.caller
        hand.apply(move, seat)
        played = hand.history[-1].move  # the move as resolved (its end filled in)
        gains = tuple(after - was for after, was in zip(hand.end_points, before, strict=True))
        events.append(Moved(mover, played, gains))

    def _open_window(self, hand: Hand) -> ClaimWindow | MugginsWindow | None:
        pending = hand.pending
        if pending is None:
            return None
        key = (self.hand_index, len(hand.layout.placements), hand.outcome is not None)
        if key != self._window:
            self._window = key
            self._let_go = set()
        if pending.seat not in self._let_go:
            return ClaimWindow(pending.seat, pending.points)
        side = self.rules.side_of(pending.seat)
        callers = tuple(
            (pending.seat + i) % self.rules.players
            for i in range(1, self.rules.players)
            if self.rules.side_of((pending.seat + i) % self.rules.players) != side
        )
        open_to = tuple(s for s in callers if s not in self._let_go)
        return MugginsWindow(open_to, pending.seat, pending.points) if open_to else None

    def _settle(self, events: list[Event] | None) -> None:
        """Take the steps nobody decides: begin a hand one seat must lead, score a finished hand (the events go
        to `events`; None: nobody hears them, and no list is made for them on every look at what is pending)."""
        while self.winner is None:
            hand = self.hand
            if hand is None:
                plan = self.plan
                if self.deal is None or plan is None or len(plan.seats) != 1 or self.redeal_seats():
                    return
                self._start_hand(plan.seats[0])
                if events is not None:
                    events.append(HandStarted(self.hand_index, plan.seats[0]))
            elif hand.outcome is not None and self._open_window(hand) is None:
                result = self._finish_hand()
                if events is not None:
                    events.append(HandScored(result))
                    if self.winner is not None:
                        events.append(MatchWon(self.winner))
            else:
                return

    def _leader(self) -> int:
        assert self.hand is not None
        return self.hand.leader

    # ---- taking a move back --------------------------------------------------------------------------

    def undo_point(self, seat: int) -> int | None:
        """Where `seat`'s last turn move of the current (or just finished) hand begins in its history."""
        hand = self.hand
        if hand is None:
            if self.deal is not None or not self.archive or len(self.archive) != len(self.results):
                return None
            hand = self.archive[-1][1]
        for index in range(len(hand.history) - 1, -1, -1):
            turn = hand.history[index]
            if turn.seat == seat and turn.move.kind in (MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS):
                return index
        return None

    def taken_back(self, seat: int) -> Match:
        """The match without `seat`'s last move and every answer after it: its record cut there and played
        again (a practice match from then on). Works in the hand in play, or in the hand just scored until
        the next is dealt. IllegalMove if the seat has no move to take back."""
        index = self.undo_point(seat)
        if index is None:
            raise IllegalMove(f"seat {seat} has no move to take back", code="nothing_to_undo", seat=seat)
        hand = self.hand if self.hand is not None else self.archive[-1][1]
        at = undo_entry(self._answers, len(hand.history), index)
        return Match.from_record(self.record.taken_back(at))

    def position(self, hand_index: int, steps: int) -> Hand:
        """A finished hand (by its place in `archive`) as it stood after its first `steps` moves. The first
        look at a hand walks the match's record (`positions`) through it once and keeps each of its
        positions: stepping through a review is then a copy, not a walk."""
        played = self.archive[hand_index][1]
        if not 0 <= steps <= len(played.history):
            raise IllegalMove(f"hand {hand_index + 1} has {len(played.history)} moves, not {steps}")
        walked = self._reviewed.get(hand_index)
        if walked is None:
            walked = self._reviewed[hand_index] = self._hand_positions(hand_index)
        if steps >= len(walked):
            raise RecordError(f"the record does not reach move {steps} of hand {hand_index + 1}")
        return walked[steps].copy()

    def _hand_positions(self, hand_index: int) -> tuple[Hand, ...]:
        """Archived hand `hand_index` after each of its moves (its deal first), walked once on the record."""
        found: list[Hand] = []
        for position in positions(self.record):
            walked = position.match
            archived = len(walked.archive)
            if archived > hand_index:  # its last move finished it
                finished = walked.archive[hand_index][1]
                if len(finished.history) == len(found):
                    found.append(finished.copy())
                break
            hand = walked.hand
            if archived == hand_index and hand is not None and len(hand.history) == len(found):
                found.append(hand.copy())
        return tuple(found)

    # ---- dealing ----------------------------------------------------------------------

    def _deal_decision(self, action: DealHand | Seal | DealAgain, events: list[Event]) -> None:
        """Answer NextHand: seal the coming deal (it then waits for its cuts), deal a finished deal again from
        its proof, or deal unsealed (a seed, the match's shuffle, a recorded deal)."""
        self._check_not_over()
        if isinstance(action, Seal):
            cutters = tuple(sorted(set(action.cutters)))
            if any(not 0 <= s < self.rules.players for s in cutters):
                raise IllegalMove("a deal is cut by seats of the table", code="no_such_seat", seat=max(cutters))
            self._version += 1
            self._sealed, self._cutters, self._cuts = action.commitment.sealed, cutters, {}
            events.append(Sealed(self.hand_index, action.commitment.fingerprint))
            return
        if isinstance(action, DealAgain):
            self._deal_from_proof(action.proof, events, chosen=True)
            return
        if action.deal is not None:
            redeal_by = self._redeal_by
            # A rebuilt match draws what the live one drew, so that what it deals next is the same.
            if action.proof is not None and action.proof.deal(self.rules).same_tiles(action.deal):
                self._rng.seed(action.proof.draw_seed())
            elif action.from_shuffle:
                self._rng.getrandbits(48)
            plan = self._use_deal(action.deal)
            if action.free_lead and action.leader is not None:
                # A hand played again as it was: its leader leads any tile, as after a won hand.
                plan = self.plan = OpeningPlan((action.leader,), None)
            if action.proof is not None:
                self.proofs[self.hand_index] = action.proof
            if action.chosen:
                self.chosen_deals.add(self.hand_index)
            # A record that names no leader where a side was drawn at random: seat 0 led it.
            leader = 0 if action.leader is None and plan.random_side else action.leader
            events.append(Dealt(self.hand_index, redeal_by))
            self._start_hand(leader, any_leader=True)
            events.append(HandStarted(self.hand_index, self._leader()))
            return
        self._deal_unsealed(action.seed, events)

    def _deal_unsealed(self, seed: int | None, events: list[Event]) -> None:
        """Deal from the match's shuffle, or from a given seed (not chance's: deal luck leaves it out, luck.py)."""
        if seed is not None:
            self.chosen_deals.add(self.hand_index)
        self._dealt(self._dealer.deal(self._rng.getrandbits(48) if seed is None else seed), events)

    def _cut(self, seat: int | None, action: Cut, pending: CutDeck, events: list[Event]) -> None:
        if len(action.material) > MAX_CUT_BYTES:
            raise IllegalMove(f"a cut is at most {MAX_CUT_BYTES} bytes", code="bad_cut")
        if pending.seats:
            cutter = pending.seats[0] if seat is None else seat
            if cutter not in pending.seats:
                raise IllegalMove(
                    f"seat {cutter} has no cut to make", code="not_your_decision", seat=cutter, waiting=pending.seats
                )
        else:
            cutter = -1  # the table's one cut
        self._version += 1
        self._cuts[cutter] = action.material
        events.append(CutBy(None if cutter < 0 else cutter))
        if cutter >= 0 and any(s not in self._cuts for s in self._cutters):
            return
        sealed = self._sealed
        assert sealed is not None
        proof = sealed.with_cuts([self._cuts[s] for s in sorted(self._cuts)])
        self._sealed, self._cutters, self._cuts = None, (), {}
        self._deal_from_proof(proof, events, chosen=False)

    def _deal_from_proof(self, proof: FairDeal, events: list[Event], *, chosen: bool) -> None:
        """Deal from a cut proof. What the rules draw at random besides the deal (the side that leads) is drawn
        from the proof too, so it is as far out of anyone's hands as the deal (fairness.FairDeal.draw_seed)."""
        self._rng.seed(proof.draw_seed())
        hand_index = self.hand_index
        self._dealt(proof.deal(self.rules), events)
        self.proofs[hand_index] = proof
        if chosen:
            self.chosen_deals.add(hand_index)

    def _dealt(self, deal: Deal, events: list[Event]) -> None:
        redeal_by, self._redeal_by = self._redeal_by, None
        self._redealt = redeal_by is not None
        if not self._redealt:
            self._redeal_declined = set()
        self._set_deal(deal)
        events.append(Dealt(self.hand_index, redeal_by))

    def _use_deal(self, fixed: Deal) -> OpeningPlan:
        """Play a deal given from outside (a recorded game) instead of shuffling."""
        self._check_not_over()
        if self.rules.opening.redeals_without_double and not fixed.doubles_dealt():
            raise IllegalMove("no double was dealt, and these rules deal again in that case", code="no_double_dealt")
        self._redealt = True  # a recorded deal is the one that was played
        self._redeal_by = None
        self._set_deal(fixed)
        assert self.plan is not None
        return self.plan

    def _set_deal(self, new: Deal) -> None:
        self._version += 1
        self.deal = new
        self.plan = self._opening_plan(new.hands)
        self.hand = None

    def redeal_seats(self) -> tuple[int, ...]:
        """Seats that may still ask for the whole table to be dealt again (Cuban: five doubles)."""
        need = self.rules.redeal_doubles
        if not need or self._redealt or self.deal is None or self.hand is not None:
            return ()
        return tuple(
            seat
            for seat, tiles in enumerate(self.deal.hands)
            if sum(t.is_double for t in tiles) >= need and seat not in self._redeal_declined
        )

    def _first_hand_plan(self, hands: tuple[tuple[Tile, ...], ...]) -> OpeningPlan:
        opening = self.rules.opening
        if opening is Opening.RANDOM_TEAM_ANY:
            side = self._rng.randrange(self.rules.sides)
            return OpeningPlan(self.rules.seats_of(side), None, random_side=True, by_rule=True)
        holder = highest_double_holder(hands)
        if holder is None:
            holder = heaviest_tile_holder(hands)
        seat, tile = holder
        return OpeningPlan((seat,), tile if opening.must_pose_double else None, by_rule=True)

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

    def _start_hand(self, leader: int | None = None, *, any_leader: bool = False) -> Hand:
        """Begin play. `any_leader` lets a recorded game name any seat where a side was drawn at random."""
        if self.deal is None or self.plan is None:
            raise IllegalMove("deal before starting a hand", code="not_dealt")
        if self.hand is not None:
            raise IllegalMove("the hand has already begun", code="hand_begun")
        plan = self.plan
        if leader is None:
            leader = self.default_leader()
        elif not 0 <= leader < self.rules.players:
            raise IllegalMove(f"there is no seat {leader} to lead", code="no_such_seat", seat=leader)
        elif leader not in plan.seats and not (plan.random_side and any_leader):
            allowed = " or ".join(f"seat {s}" for s in plan.seats)
            raise IllegalMove(
                f"seat {leader} may not lead this hand: {allowed} leads",
                code="may_not_lead",
                seat=leader,
                allowed=plan.seats,
            )
        self._version += 1
        self.hand = Hand(self.rules, self.deal.hands, self.deal.stock, leader, plan.pose)
        self.led_by_rule[self.hand_index] = plan.by_rule
        return self.hand

    def _finish_hand(self, facts: HandOutcome | None = None) -> HandResult:
        """Score the finished hand, apply resets, and decide the match if it is decided. `facts`: the outcome
        of the hand in play as the playout kernel played it (`PlayedOut`: nothing is archived, no moves)."""
        hand = self.hand
        if self.deal is None or hand is None or (facts is None and hand.outcome is None):
            raise IllegalMove("the hand is not over yet", code="hand_not_over")
        if facts is None:
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
        self._version += 1
        self.results.append(result)
        if hand.outcome is not None:
            self.archive.append((deal, hand))
        self.hand = None
        self.deal = None
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
            raise IllegalMove(f"the match is over: side {self.winner} won it", code="match_over", side=self.winner)


class Position(NamedTuple):
    """One step of the walk: the answer at `at` (-1: before any), who gave it, what it did, and the match
    after it."""

    at: int
    seat: int | None
    action: Action | None
    events: list[Event]
    match: Match


def positions(record: Record, *, windows_let_go: bool = False, on: Match | None = None) -> Iterator[Position]:
    """The one walker of a record: a fresh match (or `on`, a match the answers carry on from), then the same
    match after each answer in turn, applied by `Match.apply` (live, not copied: clone what you keep).
    RecordError, naming the answer, if one does not replay.

    `windows_let_go`: a record of moves alone (a hand's history, a REPLAY.md case) names only the claims
    made, so a window still open when a turn's move comes was let go by every seat it was open to; those
    let-gos are answered here (kept in the match's record, their events with the move's). A move once its
    hand is scored is refused as made after the hand's end."""
    match = Match(record.rules, record.seed, practice=record.practice) if on is None else on
    yield Position(-1, None, None, [], match)
    for index, (seat, action) in enumerate(record.actions):
        try:
            events: list[Event] = []
            if windows_let_go and isinstance(action, Move):
                hand = match.hand
                if (
                    hand is not None
                    and hand.pending is not None  # no points pending: no window (`_open_window`)
                    and action.kind not in (MoveKind.CLAIM, MoveKind.MUGGINS)
                ):
                    while isinstance(window := match.pending(), ClaimWindow | MugginsWindow):
                        events += match.apply(window.seats[0], LetGo())
                if match.hand is None and match.results:
                    raise IllegalMove(f"the hand is already over ({match.results[-1].end})", code="hand_over")
            events += match.apply(seat, action)
        except DominoError as exc:
            raise RecordError(f"action {index + 1} ({action_text(action)}): {exc}", index, str(exc)) from None
        yield Position(index, seat, action, events, match)


class HandStep(NamedTuple):
    """One move of a recorded hand as the walk meets it: its ply (its place among the hand's moves), the seat
    that made it, the hand just before it (live: copy what you keep), the move as the hand resolves it (its
    end filled in), and the moves the seat could have made instead (as the match offered them; none for a
    claim)."""

    ply: int
    seat: int
    before: Hand
    move: Move
    options: tuple[Move, ...]

    @property
    def is_claim(self) -> bool:
        return self.move.kind is MoveKind.CLAIM or self.move.kind is MoveKind.MUGGINS


def hand_moves(record: Record) -> Iterator[HandStep]:
    """The moves of a hand's record (its deal, then its moves: `coach.RecordedHand`) as `positions` walks
    it, each seen just before the walk applies it: a view over the walk, which does the applying (windows
    the record passes by are let go). Claims and Muggins are steps too (their seat: the claimer); readers
    skip what they do not judge. RecordError, naming the answer, if a move does not replay."""
    actions = record.actions
    ply = 0
    for position in positions(record, windows_let_go=True):
        following = position.at + 1
        if following == len(actions):
            return
        seat, action = actions[following]
        hand = position.match.hand
        if not isinstance(action, Move) or hand is None:
            continue  # not a move; or a move with no hand in play, which the walk refuses next
        if action.kind is MoveKind.CLAIM or action.kind is MoveKind.MUGGINS:
            claimer = seat if seat is not None else action.caller
            if claimer is None:
                claimer = hand.pending.seat if hand.pending is not None else hand.turn
            yield HandStep(ply, claimer, hand, action, ())
        else:
            # What the match offers now (worked out once: the walk's apply finds it kept); a window the record
            # passes by is not offered moves, and is let go before the move.
            pending = position.match.pending()
            options = pending.moves if isinstance(pending, PlayTurn) else tuple(hand.legal_moves())
            try:
                resolved = action if action in options else hand.resolve(action)
            except DominoError as exc:
                raise RecordError(f"action {following + 1} ({action_text(action)}): {exc}") from None
            yield HandStep(ply, hand.turn, hand, resolved, options)
        ply += 1


def replayed_hand(
    rules: Rules,
    proof: FairDeal,
    started: HandStarted,
    answers: list[tuple[int, Action]],
    previous: HandResult | None = None,
) -> Match:
    """One finished hand as a seat that played it rebuilds it once its deal is revealed (a room's guest), as a
    match of its own: the record of its deal from the revealed proof and its leader, then every public move
    and let-go in order, walked (`positions`). Its lead is the first-hand rule's where the rules gave it to the
    rule (hand 0; after `previous`, the hand before it, as `lead_from_deal` says), else free, as the winner of a
    hand leads; with `previous` unknown a later hand is led freely (it then reads less of the lead, never more:
    tried by the rule first, a winner who held the highest double was rebuilt as led by the rule, review29b).
    DominoError if the moves do not replay on that deal."""
    deal = proof.deal(rules)
    if started.hand_index == 0:
        by_rule = True
    elif previous is not None and previous.hand_index == started.hand_index - 1:
        by_rule = lead_from_deal(rules, started.hand_index, previous)
    else:
        by_rule = False

    def replay(free_lead: bool) -> Match:
        dealt = DealHand(deal=deal, leader=started.leader, proof=proof, free_lead=free_lead)
        match: Match | None = None
        try:
            for position in positions(Record(rules, proof.seed, ((None, dealt), *answers))):
                match = position.match
        except RecordError as exc:
            raise DominoError(str(exc)) from None
        assert match is not None
        if not match.results:
            raise DominoError("the hand's moves end before the hand does")
        return match

    try:
        return replay(free_lead=not by_rule)
    except DominoError:
        if not by_rule:
            raise
        return replay(free_lead=True)  # a hand-made record whose leader the rule would not have chosen


def lead_from_deal(rules: Rules, hand_index: int, previous: HandResult | None) -> bool:
    """Whether the deal decided who led hand `hand_index` (the match's opening rule), rather than the hand
    before it (its winner, or the seat after the last leader when nobody won)."""
    if hand_index == 0 or previous is None:
        return True
    if previous.winner_seat is None:
        return rules.after_no_winner is not AfterNoWinner.ROTATE
    return rules.after_win is AfterWin.FIRST_HAND_RULE


def _action_text(action: Action) -> str:
    return action.notation() if isinstance(action, Move) else type(action).__name__


def _pending_text(pending: Pending) -> str:
    seats = ", ".join(str(s) for s in pending.seats)
    return type(pending).__name__ + (f" from seat {seats}" if seats else "")
