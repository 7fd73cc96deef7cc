"""GameController: the one place that turns intentions (a click, a CPU's decision) into engine moves.

It wraps the engine's Match and the CPU players and reports everything through signals; views redraw
from those signals and never change game state themselves.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ..engine.cpu import CpuPlayer, Decision, choose_leader, make_player, wants_redeal
from ..engine.cpu.players import HardPlayer
from ..engine.errors import DominoError
from ..engine.hand import Hand
from ..engine.match import HandResult, Match
from ..engine.moves import Move, MoveKind
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .cpu_worker import CpuRunner, CpuTask
from .i18n import translate

log = logging.getLogger(__name__)

BREATHER_MS = 0.4


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
    hints: bool = True
    stats_group: str = "Home"
    options: dict[str, Any] = field(default_factory=dict)  # the host options over the preset

    def table(self) -> dict[str, Any]:
        """The helpers as a match file keeps them."""
        return {
            "timer_seconds": self.timer_seconds,
            "on_timeout": self.on_timeout,
            "open_hands": self.open_hands,
            "tracker": self.tracker,
            "hints": self.hints,
            "stats_group": self.stats_group,
        }


def default_seats(players: int, level: str = "medium") -> list[SeatConfig]:
    you = translate("GameController", "You")
    return [SeatConfig(you, True)] + [
        SeatConfig(translate("GameController", "CPU {n}").format(n=i), False, level) for i in range(1, players)
    ]


class GameController(QObject):
    handStarted = Signal(int)  # hand index
    turnStarted = Signal(int, list)  # seat, its legal moves (empty list while a CPU thinks)
    movePlayed = Signal(int, object)  # seat, Move (plays, passes, draws, claims)
    pointsScored = Signal(int, int)  # side, points (end points during a hand)
    leaderChoiceNeeded = Signal(tuple)  # seats a person's side may lead with
    handEnded = Signal(object)  # HandResult
    matchEnded = Signal(int)  # winning side
    claimOffered = Signal(int, int)  # a person's seat, the points their play scored (they must claim them)
    mugginsOffered = Signal(tuple, int)  # people who may call Muggins, the points left unclaimed
    redealOffered = Signal(int)  # a person dealt enough doubles to ask for a redeal
    timedOut = Signal(int, object, str)  # seat, the move played for them, the action chosen in the lobby
    hintReady = Signal(object)  # Decision: the hard CPU's suggestion for the person to play
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
        # A decision only a person can make, that play waits for: ("claim" | "muggins" | "redeal", seats).
        self.waiting: tuple[str, tuple[int, ...]] | None = None
        self._declined: set[tuple[str, int]] = set()  # (claim | muggins, history length) let pass
        self._hint_token = 0

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
        if hand is None or hand.is_over or self.thinking is not None or self.waiting is not None:
            return None
        return hand.turn if self.is_human(hand.turn) else None

    def legal_moves(self) -> list[Move]:
        seat = self.human_turn()
        return self.hand.legal_moves() if seat is not None and self.hand else []

    # ---- starting --------------------------------------------------------------------------

    def new_match(self, rules: Rules, seats: list[SeatConfig], seed: int, first_deal: int | None = None) -> None:
        """A new match; `first_deal` deals its first hand from that deal seed (replaying a deal)."""
        if len(seats) != rules.players:
            raise ValueError(f"{rules.name} needs {rules.players} seats")
        self._token += 1
        self.waiting = None
        self.match = Match(rules, seed)
        self.seats = list(seats)
        self.cpus = {i: self._cpu(s.level, seed + i) for i, s in enumerate(seats) if not s.human}
        self.last_result = None
        self.start_next_hand(first_deal)

    def resume(self, match: Match, seats: list[SeatConfig]) -> None:
        """Go on with a match restored from a save, at the exact move where it stopped."""
        self._token += 1
        self.waiting = None
        self._declined.clear()
        self.match = match
        self.seats = list(seats)
        self.cpus = {i: self._cpu(s.level, match.seed + i) for i, s in enumerate(seats) if not s.human}
        self.last_result = match.results[-1] if match.results else None
        if match.hand is not None:
            self.handStarted.emit(match.hand_index)
            self._after_move()
        elif self.last_result is not None:
            self.handEnded.emit(self.last_result)
            self.stateChanged.emit()
            if match.winner is not None:
                self.matchEnded.emit(match.winner)
        else:
            self.start_next_hand()

    def _cpu(self, level: str, seed: int) -> CpuPlayer:
        """A CPU for this table. Thinking on a thread beside the window, hard pauses briefly between
        samples so the window is never kept waiting for Python's interpreter lock."""
        if level == "hard" and self.threaded:
            return HardPlayer(seed, breather_ms=BREATHER_MS)
        return make_player(level, seed)

    def start_next_hand(self, deal_seed: int | None = None) -> None:
        match = self.match
        if match is None or match.is_over or match.hand is not None:
            return
        self._token += 1
        match.deal_next(deal_seed)
        self._declined.clear()
        for seat in match.redeal_seats():
            assert match.deal is not None
            if self.is_human(seat):
                self.waiting = ("redeal", (seat,))
                self.redealOffered.emit(seat)
                self.stateChanged.emit()
                return
            if wants_redeal(match.deal.hands[seat], match.rules.redeal_doubles):
                match.request_redeal(seat)
                break
        self._choose_leader_and_begin()

    def answer_redeal(self, redeal: bool) -> None:
        """The person dealt five doubles says whether the table is dealt again."""
        match = self.match
        if match is None or self.waiting is None or self.waiting[0] != "redeal":
            return
        seat = self.waiting[1][0]
        self.waiting = None
        if redeal:
            match.request_redeal(seat)
        self._choose_leader_and_begin()

    def _choose_leader_and_begin(self) -> None:
        match = self.match
        assert match is not None and match.plan is not None and match.deal is not None
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
            self.error.emit(self.tr("That seat cannot lead this hand."))
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
            self.error.emit(self.tr("It is not your turn."))
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

    def _settle_claims(self) -> bool:
        """Points waiting to be claimed. CPUs claim their own (easy ones sometimes forget) and always
        call Muggins on missed points; a person is asked. True while play waits for a person."""
        hand = self.hand
        assert hand is not None
        while hand.pending is not None:
            owner, points = hand.pending
            key = len(hand.history)
            if self.is_human(owner):
                if ("claim", key) not in self._declined:
                    self.waiting = ("claim", (owner,))
                    self.claimOffered.emit(owner, points)
                    return True
            else:
                claim = self.cpus[owner].claim(self._view(owner))
                if claim is not None:
                    self._apply(owner, claim)
                    continue
            # Unclaimed: the opponents may take the points.
            opponents = [s for s in range(hand.rules.players) if hand.rules.side_of(s) != hand.rules.side_of(owner)]
            caller = next((s for s in opponents if not self.is_human(s) and self.cpus[s].claim(self._view(s))), None)
            if caller is not None:
                self._apply(caller, Move(MoveKind.MUGGINS, caller=caller))
                continue
            people = tuple(s for s in opponents if self.is_human(s))
            if people and ("muggins", key) not in self._declined:
                self.waiting = ("muggins", people)
                self.mugginsOffered.emit(people, points)
                return True
            return False
        return False

    def _view(self, seat: int) -> PlayerView:
        view = self.view_for(seat)
        assert view is not None
        return view

    def claim(self) -> None:
        """The person who just scored claims the points."""
        if self.waiting is None or self.waiting[0] != "claim" or self.hand is None:
            self.error.emit(self.tr("There are no points of yours to claim."))
            return
        seat = self.waiting[1][0]
        self.waiting = None
        self._apply(seat, Move(MoveKind.CLAIM))
        self._after_move()

    def call_muggins(self, seat: int) -> None:
        """A person takes the points an opponent left unclaimed."""
        if self.waiting is None or self.waiting[0] != "muggins" or seat not in self.waiting[1]:
            self.error.emit(self.tr("There are no missed points to take."))
            return
        self.waiting = None
        self._apply(seat, Move(MoveKind.MUGGINS, caller=seat))
        self._after_move()

    def play_on(self) -> None:
        """The person lets the points go (unclaimed, or not called): play goes on."""
        if self.waiting is None or self.waiting[0] not in ("claim", "muggins") or self.hand is None:
            return
        self._declined.add((self.waiting[0], len(self.hand.history)))
        self.waiting = None
        self._after_move()

    def _after_move(self) -> None:
        if self._settle_claims():
            self.stateChanged.emit()
            return
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
        self.error.emit(
            self.tr("A CPU player had a problem ({reason}); it plays its first legal tile.").format(reason=message)
        )
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

    # ---- the turn timer and the hint ---------------------------------------------------------

    def time_out(self, seat: int, action: str) -> None:
        """The person's time ran out: play the lobby's choice for them."""
        if self.human_turn() != seat or self.hand is None:
            return
        if action == "best":
            move = HardPlayer(self._token, movetime_ms=60).decide(self._view(seat)).move
        else:
            # "first" and "pass" agree: the first legal move is the pass or draw when stuck, else the first tile.
            move = self.hand.legal_moves()[0]
        self._apply(seat, move)
        self.timedOut.emit(seat, move, action)
        self._after_move()

    def request_hint(self) -> None:
        """Ask the hard CPU, off the UI thread, what the person to play should do."""
        seat = self.human_turn()
        if seat is None:
            self.error.emit(self.tr("A hint is for your own turn."))
            return
        self._hint_token += 1
        task = CpuTask(self._hint_token, HardPlayer(self._hint_token, movetime_ms=250), self._view(seat))
        task.signals.decided.connect(self._hint_decided)
        if self.threaded:
            self.runner.start(task)
        else:
            task.run()

    def _hint_decided(self, token: int, decision: Decision) -> None:
        if token == self._hint_token and self.human_turn() is not None:
            self.hintReady.emit(decision)

    # ---- driving without a person (screenshots, tests) ---------------------------------------

    def autoplay(self, moves: int, stand_in: CpuPlayer | None = None) -> None:
        """Play `moves` actions synchronously, the person's turns by a stand-in CPU."""
        helper = stand_in or make_player("medium", 0)
        match = self.match
        if match is not None and match.hand is None and self.waiting is not None and self.waiting[0] == "redeal":
            self.answer_redeal(False)
        if match is not None and match.hand is None and match.plan is not None and not match.is_over:
            self.choose_leader(match.plan.seats[0])
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
            while self._settle_claims():  # a person's points: the stand-in claims them
                waiting = self.waiting
                self.waiting = None
                assert waiting is not None
                if waiting[0] == "claim":
                    self._apply(waiting[1][0], Move(MoveKind.CLAIM))
                else:
                    self._apply(waiting[1][0], Move(MoveKind.MUGGINS, caller=waiting[1][0]))
            if hand.is_over:
                self._finish_hand()
                break
        self.stateChanged.emit()
