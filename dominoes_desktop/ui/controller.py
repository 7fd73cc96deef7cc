"""GameController: the one place that turns intentions (a click, a CPU's decision) into engine moves.

It wraps the engine's Match and the CPU players and reports everything through signals; views redraw
from those signals and never change game state themselves.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from ..engine.cpu import CpuPlayer, Decision, choose_leader, make_player, wants_redeal
from ..engine.errors import DominoError
from ..engine.hand import Hand
from ..engine.match import HandResult, Match
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .cpu_worker import CpuRunner, CpuTask

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """Who sits in a seat: a person at this screen, or a CPU at some level."""

    name: str
    human: bool
    level: str = "medium"


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """Everything the lobby decides: the rules in force, who sits where, and the table's helpers."""

    rules: Rules
    seats: tuple[SeatConfig, ...]
    timer_seconds: int = 0  # 0: no turn timer
    on_timeout: str = "best"  # best (the hint's move), first (first legal tile), pass (when allowed)
    open_hands: bool = False
    tracker: bool = False
    stats_group: str = "Home"


def default_seats(players: int, level: str = "medium") -> list[SeatConfig]:
    return [SeatConfig("You", True)] + [SeatConfig(f"CPU {i}", False, level) for i in range(1, players)]


class GameController(QObject):
    handStarted = Signal(int)  # hand index
    turnStarted = Signal(int, list)  # seat, its legal moves (empty list while a CPU thinks)
    movePlayed = Signal(int, object)  # seat, Move (plays, passes, draws, claims)
    pointsScored = Signal(int, int)  # side, points (end points during a hand)
    leaderChoiceNeeded = Signal(tuple)  # seats a person's side may lead with
    handEnded = Signal(object)  # HandResult
    matchEnded = Signal(int)  # winning side
    error = Signal(str)  # a readable one-line message
    stateChanged = Signal()  # anything on the table changed

    def __init__(
        self, parent: QObject | None = None, *, pace_ms: int = 700, threaded: bool = True, paused: bool = False
    ) -> None:
        super().__init__(parent)
        self.pace_ms = pace_ms
        self.threaded = threaded
        self.paused = paused  # CPUs wait to be driven by `autoplay` (screenshots, tests)
        self.match: Match | None = None
        self.seats: list[SeatConfig] = []
        self.cpus: dict[int, CpuPlayer] = {}
        self.runner = CpuRunner(self)
        self._token = 0
        self.thinking: int | None = None  # seat whose CPU is deciding
        self.last_result: HandResult | None = None

    # ---- state the views read ------------------------------------------------------------------

    @property
    def rules(self) -> Rules | None:
        return self.match.rules if self.match else None

    @property
    def hand(self) -> Hand | None:
        return self.match.hand if self.match else None

    def view_for(self, seat: int) -> PlayerView | None:
        if self.match is None or self.match.hand is None:
            return None
        return PlayerView.of(self.match, seat)

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].human

    def human_turn(self) -> int | None:
        """The seat of the person who must act now, if any."""
        hand = self.hand
        if hand is None or hand.is_over or self.thinking is not None:
            return None
        return hand.turn if self.is_human(hand.turn) else None

    def legal_moves(self) -> list[Move]:
        seat = self.human_turn()
        return self.hand.legal_moves() if seat is not None and self.hand else []

    # ---- starting --------------------------------------------------------------------------

    def new_match(self, rules: Rules, seats: list[SeatConfig], seed: int) -> None:
        if len(seats) != rules.players:
            raise ValueError(f"{rules.name} needs {rules.players} seats")
        self._token += 1
        self.match = Match(rules, seed)
        self.seats = list(seats)
        self.cpus = {i: make_player(s.level, seed + i) for i, s in enumerate(seats) if not s.human}
        self.last_result = None
        self.start_next_hand()

    def start_next_hand(self) -> None:
        match = self.match
        if match is None or match.is_over or match.hand is not None:
            return
        self._token += 1
        match.deal_next()
        for seat in match.redeal_seats():
            assert match.deal is not None
            if not self.is_human(seat) and wants_redeal(match.deal.hands[seat], match.rules.redeal_doubles):
                match.request_redeal(seat)
                break
        assert match.plan is not None and match.deal is not None
        seats = match.plan.seats
        if len(seats) > 1:
            if any(self.is_human(s) for s in seats):
                self.leaderChoiceNeeded.emit(seats)
                self.stateChanged.emit()
                return
            self._begin(choose_leader({s: match.deal.hands[s] for s in seats}))
        else:
            self._begin(seats[0])

    def choose_leader(self, seat: int) -> None:
        """A person's side picks which partner leads."""
        match = self.match
        if match is None or match.plan is None or match.hand is not None or seat not in match.plan.seats:
            self.error.emit("That seat cannot lead this hand.")
            return
        self._begin(seat)

    def _begin(self, leader: int) -> None:
        assert self.match is not None
        self.match.start_hand(leader)
        self.handStarted.emit(self.match.hand_index)
        self.stateChanged.emit()
        self._next_turn()

    # ---- playing ---------------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        """A person's intention. Refused (with an error signal) unless it is their legal move now."""
        seat = self.human_turn()
        if seat is None or self.hand is None:
            self.error.emit("It is not your turn.")
            return False
        try:
            self._apply(seat, move)
        except DominoError as exc:
            self.error.emit(str(exc))
            return False
        self._after_move()
        return True

    def _apply(self, seat: int, move: Move) -> None:
        hand = self.hand
        assert hand is not None
        before = list(hand.end_points)
        hand.apply(move, seat)
        self.movePlayed.emit(seat, move)
        self._announce_points(before)

    def _announce_points(self, before: list[int]) -> None:
        hand = self.hand
        assert hand is not None
        for side, (old, new) in enumerate(zip(before, hand.end_points, strict=True)):
            if new != old:
                self.pointsScored.emit(side, new - old)

    def _settle_claims(self) -> None:
        """Points waiting to be claimed: CPUs claim their own and call Muggins; a person's are claimed
        for them (the Claim button and Muggins window arrive with pass-and-play)."""
        hand = self.hand
        assert hand is not None
        while hand.pending is not None:
            owner = hand.pending.seat
            claim: Move | None = None
            if self.is_human(owner):
                claim = hand.claim_moves(owner)[0]
                seat = owner
            else:
                view = self.view_for(owner)
                assert view is not None
                claim = self.cpus[owner].claim(view)
                seat = owner
                if claim is None:
                    for other in range(hand.rules.players):
                        if not self.is_human(other) and other != owner:
                            other_view = self.view_for(other)
                            assert other_view is not None
                            claim = self.cpus[other].claim(other_view)
                            if claim is not None:
                                seat = other
                                break
            if claim is None:
                return
            self._apply(seat, claim)

    def _after_move(self) -> None:
        self._settle_claims()
        self.stateChanged.emit()
        if self.hand is not None and self.hand.is_over:
            self._finish_hand()
            return
        self._next_turn()

    def _next_turn(self) -> None:
        hand = self.hand
        if hand is None or hand.is_over:
            return
        seat = hand.turn
        if self.is_human(seat):
            self.turnStarted.emit(seat, hand.legal_moves())
            return
        self.turnStarted.emit(seat, [])
        if self.paused:
            return
        view = self.view_for(seat)
        assert view is not None
        self.thinking = seat
        token = self._token
        if self.threaded:
            task = CpuTask(token, self.cpus[seat], view)
            task.signals.decided.connect(self._cpu_decided)
            task.signals.failed.connect(self._cpu_failed)
            self.runner.start(task)
        else:
            self._cpu_decided(token, self.cpus[seat].decide(view))

    def _cpu_decided(self, token: int, decision: Decision) -> None:
        if token != self._token or self.thinking is None:
            return  # a decision for a hand that is gone
        seat = self.thinking
        if self.pace_ms > 0:
            QTimer.singleShot(self.pace_ms, lambda: self._cpu_apply(token, seat, decision.move))
        else:
            self._cpu_apply(token, seat, decision.move)

    def _cpu_apply(self, token: int, seat: int, move: Move) -> None:
        if token != self._token:
            return
        self.thinking = None
        try:
            self._apply(seat, move)
        except DominoError as exc:  # would be a CPU bug: report it, play on with a legal move
            log.error("CPU %s made an illegal move %s: %s", seat, move, exc)
            assert self.hand is not None
            self._apply(seat, self.hand.legal_moves()[0])
        self._after_move()

    def _cpu_failed(self, token: int, message: str) -> None:
        if token != self._token or self.thinking is None:
            return
        hand = self.hand
        assert hand is not None
        self.error.emit(f"A CPU player had a problem ({message}); it plays its first legal tile.")
        self._cpu_apply(token, self.thinking, hand.legal_moves()[0])

    def _finish_hand(self) -> None:
        assert self.match is not None
        self._token += 1
        result = self.match.finish_hand()
        self.last_result = result
        self.handEnded.emit(result)
        self.stateChanged.emit()
        if self.match.winner is not None:
            self.matchEnded.emit(self.match.winner)

    # ---- driving without a person (screenshots, tests) ---------------------------------------

    def autoplay(self, moves: int, stand_in: CpuPlayer | None = None) -> None:
        """Play `moves` actions synchronously, the person's turns by a stand-in CPU."""
        helper = stand_in or make_player("medium", 0)
        for _ in range(moves):
            hand = self.hand
            if hand is None or hand.is_over:
                break
            seat = hand.turn
            view = self.view_for(seat)
            assert view is not None
            player = self.cpus.get(seat, helper)
            self.thinking = None
            self._apply(seat, player.decide(view).move)
            self._settle_claims()
            if hand.is_over:
                self._finish_hand()
                break
        self.stateChanged.emit()
