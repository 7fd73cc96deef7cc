"""GameController: a thin adapter between the engine's match and the table.

The match says what it waits for (`Match.pending()`); the controller hands that decision to a person's
widgets (a signal) or to a CPU task, and turns the answer (a click, a CPU's decision) into
`Match.apply`. It decides nothing about the order of play. Views draw from the match's state.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ...engine.cpu import CpuPlayer, Decision, choose_leader, make_player, wants_redeal
from ...engine.cpu.knowledge import Knowledge, infer
from ...engine.cpu.players import HardPlayer
from ...engine.decisions import (
    Action,
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    DealHand,
    Event,
    HandScored,
    HandStarted,
    Lead,
    LetGo,
    MatchWon,
    Moved,
    MugginsWindow,
    NextHand,
    Pending,
    PlayTurn,
    RedealOffer,
)
from ...engine.duplicate import DuplicateMatch
from ...engine.errors import DominoError
from ...engine.fairness import FairDeal, cut_from_gesture
from ...engine.hand import Hand
from ...engine.match import HandResult, Match
from ...engine.moves import CLAIM, Move, MoveKind
from ...engine.rules import Rules
from ...engine.view import PlayerView
from ..shell.i18n import translate
from ..shell.wording import error_text
from .cpu_worker import CpuRunner

log = logging.getLogger(__name__)

TIMEOUT_THINK_MS = 60  # the best move played for a person whose time ran out
HINT_THINK_MS = 250


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
    duplicate_deals: int = 0  # a duplicate match of this many deals against the CPUs (issue 17); 0: a match

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
    historyRewritten = Signal()  # moves were taken back: everything drawn from history is drawn again
    error = Signal(str)  # a readable one-line message, in the player's language
    playChanged = Signal()  # duplicate match: the next play is at the table, the seats moved round
    duplicateOver = Signal()  # duplicate match: its last play has scored its hand
    stateChanged = Signal()  # anything on the table changed

    auto_cut = False  # the clock cuts each sealed deal for the person ("Cut the deck for me"); set per window
    # False: every hand is dealt from the match's seeded generator, unsealed, as before issue 17 (for tests of
    # other features that count on a seed's tiles). The game always seals.
    sealed_deals = True

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
        if threaded:
            self.runner.start()  # now, not at the first CPU turn: starting a process takes a moment
        self._token = 0  # a CPU answer for an older token is for a position that is gone
        self.thinking: int | None = None  # seat whose CPU is deciding
        self.pending: Pending | None = None  # what the match waits for, as last handed out
        self.last_result: HandResult | None = None
        self._hint_token = 0
        self._batching = False  # inside one answer: the table changed signal goes out once, at its end
        self._dirty = False
        self._won: int | None = None
        self.duplicate: DuplicateMatch | None = None  # a duplicate match: its play at the table is `match`
        self.line_up: list[SeatConfig] = []  # duplicate: the seats as the lobby filled them for the first plays
        self._duplicate_done = False
        # Fair deals (issue 17): every deal is sealed (its fingerprint shown) before it is cut and dealt.
        self._redeal_by: int | None = None  # a seat asked for a redeal: it is dealt once the deck is cut

    @contextmanager
    def _batch(self) -> Iterator[None]:
        """One person's or CPU's answer and what follows it at once: views and the autosave hear of it
        once. A won match is announced last, when everything else is drawn."""
        outer = self._batching
        self._batching = True
        try:
            yield
        finally:
            if not outer:
                self._batching = False
                if self._dirty:
                    self._dirty = False
                    self.stateChanged.emit()
                won, self._won = self._won, None
                if won is not None and self.duplicate is None:  # a duplicate play may reach a target: no matter
                    self.matchEnded.emit(won)
                if self._duplicate_done:
                    self._duplicate_done = False
                    self.duplicateOver.emit()

    def _changed(self) -> None:
        if self._batching:
            self._dirty = True
        else:
            self.stateChanged.emit()

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

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def waiting(self) -> Pending | None:
        """A decision besides a turn that play waits on a person for (redeal, leader, claim, Muggins)."""
        pending = self.pending
        if isinstance(pending, RedealOffer | ChooseLeader | ClaimWindow | MugginsWindow) and any(
            self.is_human(s) for s in pending.seats
        ):
            return pending
        return None

    def human_turn(self) -> int | None:
        """The seat of the person who must play now, if any."""
        pending = self.pending
        if isinstance(pending, PlayTurn) and self.is_human(pending.seat) and self.thinking is None:
            return pending.seat
        return None

    def legal_moves(self) -> list[Move]:
        pending = self.pending
        return list(pending.moves) if isinstance(pending, PlayTurn) and self.human_turn() is not None else []

    def knowledge(self, seat: int) -> Knowledge | None:
        """What `seat` can infer of the hidden tiles (the tile tracker)."""
        view = self.view_for(seat)
        return infer(view) if view is not None else None

    def review_position(self, hand_index: int, steps: int) -> Hand:
        """A finished hand as it stood after its first `steps` moves (hand review)."""
        assert self.match is not None
        return self.match.position(hand_index, steps)

    # ---- starting --------------------------------------------------------------------------

    def new_match(
        self, rules: Rules, seats: list[SeatConfig], seed: int, first_deal: int | FairDeal | None = None
    ) -> None:
        """A new match. Its first deal is sealed and waits for the cut (`sealed_deal`); `first_deal` deals
        it again instead: a cut fair deal's proof (the same seed and cut, so the same tiles) or a deal seed."""
        if len(seats) != rules.players:
            raise ValueError(f"{rules.name} needs {rules.players} seats")
        self._token += 1
        self.thinking = None
        self.duplicate = None
        self.match = Match(rules, seed)
        self.seats = list(seats)
        self.cpus = {i: self._cpu(s.level, seed + i) for i, s in enumerate(seats) if not s.human}
        self.last_result = None
        self._redeal_by = None
        if isinstance(first_deal, FairDeal):
            self.match.deal_again(first_deal)
            first_deal = None
        if first_deal is not None or self.match.fair_next is not None:
            self._act(None, DealHand(first_deal))
            return
        with self._batch():
            self._changed()
            self._advance()

    def resume(self, match: Match, seats: list[SeatConfig], duplicate: DuplicateMatch | None = None) -> None:
        """Go on with a match restored from a save, at the exact decision where it stopped (`duplicate`: the
        duplicate match whose play at the table `match` is)."""
        self.duplicate = duplicate
        self._token += 1
        self.thinking = None
        self.match = match
        self.seats = list(seats)
        self.cpus = {i: self._cpu(s.level, match.seed + i) for i, s in enumerate(seats) if not s.human}
        self.last_result = match.results[-1] if match.results else None
        self._redeal_by = None
        if match.hand is not None:
            self.handStarted.emit(match.hand_index)
        elif self.last_result is not None:
            self.handEnded.emit(self.last_result)
            if match.winner is not None and duplicate is None:
                self.matchEnded.emit(match.winner)
        with self._batch():
            self._changed()
            self._advance()

    def _cpu(self, level: str, seed: int) -> CpuPlayer:
        """A CPU for this table: it answers claims here; its turns are thought of in the worker process
        (or right here when the controller runs without threads, in tests)."""
        return make_player(level, seed)

    # ---- the one loop: hand each pending decision to a person or a CPU -------------------------

    def _act(self, seat: int | None, action: Action) -> bool:
        """Apply an answer; report the events as signals; hand out what comes next."""
        match = self.match
        if match is None:
            return False
        try:
            events = match.apply(seat, action)
        except DominoError as exc:
            self.error.emit(error_text(exc))
            return False
        self._token += 1
        with self._batch():
            self._announce(events)
            self._advance()
        return True

    def _announce(self, events: list[Event]) -> None:
        won: int | None = None
        for event in events:
            if isinstance(event, HandStarted):
                self.handStarted.emit(event.hand_index)
            elif isinstance(event, Moved):
                self.movePlayed.emit(event.seat, event.move)
                for side, gain in enumerate(event.gains):
                    if gain:
                        self.pointsScored.emit(side, gain)
            elif isinstance(event, HandScored):
                self.last_result = event.result
                self.handEnded.emit(event.result)
                self._duplicate_done = self.duplicate is not None and self.duplicate.is_over
            elif isinstance(event, MatchWon):
                won = event.winner
        self._changed()
        if won is not None:
            self._won = won

    def _advance(self) -> None:
        """Give the pending decision to whoever makes it. CPUs answer quick questions (a redeal, a
        leader, a claim) at once and think about a turn on a worker; a person gets a signal and the
        match waits."""
        match = self.match
        if match is None:
            return
        while True:
            pending = self.pending = match.pending()
            if isinstance(pending, PlayTurn):
                self._start_turn(pending)
                return
            quick = self._cpu_answer(pending)
            if quick is None:
                if self._offer(pending):
                    self._changed()
                return
            seat, action = quick
            self._announce(match.apply(seat, action))

    def _cpu_answer(self, pending: Pending) -> tuple[int | None, Action] | None:
        """A CPU's answer to a decision that needs no search, if a CPU makes it; None if it waits."""
        match = self.match
        assert match is not None
        if isinstance(pending, NextHand) and self.duplicate is not None and match.hand_index > 0:
            return None  # a duplicate play is one hand: the next deal is the next play's (see `cut_deck`)
        if isinstance(pending, NextHand) and not self.sealed_deals:
            return (None, DealHand()) if match.hand_index == 0 else None
        if isinstance(pending, NextHand) and match.fair_next is not None and match.fair_next.cut_taken:
            return None, DealHand()  # a deal played again from its proof: cut already, dealt at once
        if isinstance(pending, NextHand):
            self._seal()
            if match.hand_index == 0 and self._clock_cuts():
                return None, DealHand()  # the engine cuts a sealed deal by the clock
            return None  # the first deal waits for the cut; a later one for "Next hand" too
        if isinstance(pending, RedealOffer) and self._redeal_by is not None:
            return None  # the redeal waits for the cut
        if isinstance(pending, RedealOffer) and not self.is_human(pending.seat):
            assert match.deal is not None
            wants = wants_redeal(match.deal.hands[pending.seat], pending.doubles)
            return self._redeal_answer(pending.seat, wants)
        if isinstance(pending, ChooseLeader) and not any(self.is_human(s) for s in pending.seats):
            assert match.deal is not None
            leader = choose_leader({s: match.deal.hands[s] for s in pending.seats})
            return pending.seats[0], Lead(leader)
        if isinstance(pending, ClaimWindow | MugginsWindow):
            for seat in pending.seats:
                if not self.is_human(seat):
                    claim = self.cpus[seat].claim(PlayerView.of(match, seat))
                    return seat, LetGo() if claim is None else claim
        return None

    def _offer(self, pending: Pending) -> bool:
        """A decision only people make: ask them. False for the next hand and the match's end, which
        the hand-end panel shows already."""
        if isinstance(pending, NextHand) or self._redeal_by is not None:
            return self.match is not None and self.match.fair_next is not None  # the table shows the seal
        if isinstance(pending, RedealOffer):
            self.redealOffered.emit(pending.seat)
        elif isinstance(pending, ChooseLeader):
            self.leaderChoiceNeeded.emit(pending.seats)
        elif isinstance(pending, ClaimWindow):
            self.claimOffered.emit(pending.seat, pending.points)
        elif isinstance(pending, MugginsWindow):
            self.mugginsOffered.emit(pending.seats, pending.points)
        else:
            return False
        return True

    def _start_turn(self, pending: PlayTurn) -> None:
        seat = pending.seat
        if self.is_human(seat):
            self._changed()
            self.turnStarted.emit(seat, list(pending.moves))
            return
        self.turnStarted.emit(seat, [])
        if self.paused:
            return
        self.thinking = seat
        self._changed()
        cpu = self.cpus[seat]
        self._think(self._token, seat, cpu, (seat, cpu.level, self._match().seed + seat), None, self._cpu_decided)

    def _think(
        self,
        token: int,
        seat: int,
        player: CpuPlayer,
        worker_player: tuple[int, str, int] | None,
        movetime_ms: float | None,
        done: Callable[[int, Decision], None],
    ) -> None:
        """Ask for `seat`'s move off the UI thread, in the worker process (`worker_player` names the CPU
        there; None for a one-off hard search); without threads (tests) `player` decides right here."""
        view = PlayerView.of(self._match(), seat)
        if self.threaded:
            self.runner.ask(token, view, worker_player, movetime_ms, done, self._cpu_failed)
            return
        try:
            decision = player.decide(view)
        except Exception as exc:  # a CPU bug must not take the game down with it
            log.exception("CPU decision failed")
            self._cpu_failed(token, str(exc))
        else:
            done(token, decision)

    def _match(self) -> Match:
        assert self.match is not None
        return self.match

    def _cpu_decided(self, token: int, decision: Decision) -> None:
        if token != self._token or self.thinking is None:
            return  # a decision for a position that is gone
        seat = self.thinking
        if self.pace_ms > 0:
            QTimer.singleShot(self.pace_ms, lambda: self._cpu_apply(token, seat, decision.move))
        else:
            self._cpu_apply(token, seat, decision.move)

    def _cpu_apply(self, token: int, seat: int, move: Move) -> None:
        if token != self._token:
            return
        self.thinking = None
        pending = self.pending
        if isinstance(pending, PlayTurn) and move not in pending.moves:
            log.error("CPU %s chose an illegal move %s: it plays its first legal move", seat, move)
            move = pending.moves[0]
        self._act(seat, move)

    def _cpu_failed(self, token: int, message: str) -> None:
        if token != self._token or self.thinking is None or not isinstance(self.pending, PlayTurn):
            return
        self.error.emit(
            self.tr("A CPU player had a problem ({reason}); it plays its first legal tile.").format(reason=message)
        )
        self._cpu_apply(token, self.thinking, self.pending.moves[0])

    # ---- a person's answers ----------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        """A person's move. Refused (with an error signal) unless it is their legal move now."""
        seat = self.human_turn()
        if seat is None:
            self.error.emit(self.tr("It is not your turn."))
            return False
        return self._act(seat, move)

    def start_next_hand(self, deal_seed: int | None = None) -> None:
        """Deal the next hand: from `deal_seed`, or the sealed deal cut by the clock (in a duplicate match: the
        next play, its deal cut by the clock when it is dealt for the first time)."""
        if deal_seed is not None:
            if isinstance(self.pending, NextHand) and self.duplicate is None:
                self._act(None, DealHand(deal_seed))
            return
        self.cut_deck("next")

    def answer_redeal(self, redeal: bool) -> None:
        """The person dealt enough doubles says whether the table is dealt again."""
        pending = self.pending
        if isinstance(pending, RedealOffer) and self.is_human(pending.seat) and self._redeal_by is None:
            answer = self._redeal_answer(pending.seat, redeal)
            if answer is None:
                with self._batch():
                    self._changed()
                    self._advance()
            else:
                self._act(*answer)

    # ---- the fair deal: sealed, cut, dealt -------------------------------------------------------

    def _seal(self) -> FairDeal:
        """The coming deal's commitment, made once: a resumed match keeps the one its save holds."""
        match = self._match()
        if match.fair_next is None:
            match.fair_next = FairDeal.commit()
        return match.fair_next

    def _clock_cuts(self) -> bool:
        """Nobody at this screen cuts: only CPUs play, or the person asked to be cut for."""
        return self.auto_cut or not self.people()

    def _redeal_answer(self, seat: int, redeal: bool) -> tuple[int, Action] | None:
        """A redeal is a new deal: sealed, then cut by the person (None: it waits) or by the clock."""
        if not redeal or not self.sealed_deals:
            return seat, AnswerRedeal(redeal)
        self._seal()
        if self._clock_cuts():
            return seat, AnswerRedeal(True)
        self._redeal_by = seat
        return None

    def sealed_deal(self) -> FairDeal | None:
        """The commitment of the deal that waits for its cut (the first of a match, the next after a hand,
        a redeal; in a duplicate match, after a play, the next play's deal when it is dealt for the first
        time), or None. Its seed is never shown before its hand ends: only the fingerprint."""
        match = self.match
        if self.duplicate is not None and self.duplicate.play_over:
            return self.duplicate.next_sealed() if self.sealed_deals else None
        if match is None or match.fair_next is None:
            return None
        if isinstance(self.pending, NextHand) or self._redeal_by is not None:
            return match.fair_next
        return None

    def cut_deck(self, *gesture: object) -> bool:
        """The deck is cut (by a click or key, described by `gesture`) and the sealed deal is dealt."""
        match = self.match
        sealed = self.sealed_deal()
        if self.duplicate is not None and self.duplicate.play_over:
            return self._next_play(sealed, ("clock",) if self._clock_cuts() else gesture)
        if match is not None and not self.sealed_deals and isinstance(self.pending, NextHand):
            return self._act(None, DealHand())
        if match is None or sealed is None:
            return False
        parts = ("clock",) if self._clock_cuts() else gesture
        match.fair_next = sealed.with_cut(cut_from_gesture(*parts))
        redeal_by, self._redeal_by = self._redeal_by, None
        if redeal_by is not None:
            return self._act(redeal_by, AnswerRedeal(True))
        return self._act(None, DealHand())

    def choose_leader(self, seat: int) -> None:
        """A person's side picks which partner leads."""
        pending = self.pending
        if not isinstance(pending, ChooseLeader) or seat not in pending.seats:
            self.error.emit(self.tr("That seat cannot lead this hand."))
            return
        chooser = next((s for s in pending.seats if self.is_human(s)), pending.seats[0])
        self._act(chooser, Lead(seat))

    def claim(self) -> None:
        """The person who just scored claims the points."""
        pending = self.pending
        if not isinstance(pending, ClaimWindow) or not self.is_human(pending.seat):
            self.error.emit(self.tr("There are no points of yours to claim."))
            return
        self._act(pending.seat, CLAIM)

    def call_muggins(self, seat: int) -> None:
        """A person takes the points an opponent left unclaimed."""
        pending = self.pending
        if not isinstance(pending, MugginsWindow) or seat not in pending.seats or not self.is_human(seat):
            self.error.emit(self.tr("There are no missed points to take."))
            return
        self._act(seat, Move(MoveKind.MUGGINS, caller=seat))

    def play_on(self) -> None:
        """The people offered the points let them go: play goes on."""
        match = self.match
        pending = self.pending
        with self._batch():
            while match is not None and isinstance(pending, ClaimWindow | MugginsWindow):
                people = [s for s in pending.seats if self.is_human(s)]
                if not people:
                    break
                self._announce(match.apply(people[0], LetGo()))
                pending = self.pending = match.pending()
            self._token += 1
            self._advance()

    # ---- duplicate matches (issue 17): each deal played again with the person in a CPU's seat ----------

    def new_duplicate(
        self, rules: Rules, seats: list[SeatConfig], deals: int, seed: int, sealed_by: int | None = None
    ) -> None:
        """A duplicate match of `deals` deals; `seats` is the line-up of the first plays (one person)."""
        people = [i for i, s in enumerate(seats) if s.human]
        if len(seats) != rules.players or len(people) != 1:
            raise ValueError("a duplicate match is one person against CPUs")
        self.duplicate = DuplicateMatch.create(rules, deals, seed, people[0], sealed_by=sealed_by)
        self.line_up = list(seats)
        self._redeal_by = None
        self._seat_play()
        with self._batch():  # the first deal is sealed and waits for the cut, as any match's first deal
            self._changed()
            self._advance()

    def resume_duplicate(self, duplicate: DuplicateMatch, line_up: list[SeatConfig]) -> None:
        """Go on with a saved duplicate match, at its play at the table."""
        self.duplicate = duplicate
        self.line_up = list(line_up)
        self._seat_play()
        self.resume(duplicate.match, self.seats, duplicate)

    def _seat_play(self) -> None:
        """Seat the line-up for the play at the table: everyone moved round by the play's rotation."""
        duplicate = self.duplicate
        assert duplicate is not None
        self._token += 1
        self.thinking = None
        self.match = duplicate.match
        self.seats = [self.line_up[entry] for entry in duplicate.line_up_at()]
        self.cpus = {i: self._cpu(s.level, self.match.seed + i) for i, s in enumerate(self.seats) if not s.human}
        self.last_result = self.match.results[-1] if self.match.results else None
        self.playChanged.emit()

    def _next_play(self, sealed: FairDeal | None, gesture: tuple[object, ...]) -> bool:
        """The next play at the table. When it deals its deal for the first time, `sealed` is that deal's
        commitment, shown on the hand-end sheet, and `gesture` cuts it (as "Next hand" cuts a match's next
        deal); a later play deals again from the first play's proof, with no new cut."""
        duplicate = self.duplicate
        if duplicate is None or not duplicate.play_over or duplicate.is_over:
            return False
        match = duplicate.next_play()
        if sealed is not None and match.fair_next is not None and not match.fair_next.cut_taken:
            match.fair_next = match.fair_next.with_cut(cut_from_gesture(*gesture))
        self._redeal_by = None
        self._seat_play()
        return self._act(None, DealHand())

    # ---- taking a move back -----------------------------------------------------------------------

    def can_undo(self) -> bool:
        """Undo is for one person playing CPUs, once they have a move to take back."""
        people = self.people()
        if self.match is None or len(people) != 1 or (self.duplicate is not None and self.duplicate.is_over):
            return False
        return self.match.undo_point(people[0]) is not None

    def undo(self) -> bool:
        """Take back the person's last move and the CPU moves after it; the match becomes practice."""
        if not self.can_undo():
            self.error.emit(self.tr("There is no move of yours to take back."))
            return False
        match = self._match()
        self._token += 1  # a CPU still thinking thinks about a position that is gone
        self.thinking = None
        had_hand = match.hand is not None
        match.take_back(self.people()[0])
        with self._batch():
            if not had_hand:
                self.last_result = match.results[-1] if match.results else None
                self.handStarted.emit(match.hand_index)
            self.historyRewritten.emit()
            self._changed()
            self._advance()
        return True

    # ---- the turn timer and the hint ---------------------------------------------------------

    def time_out(self, seat: int, action: str) -> None:
        """The person's time ran out: play the lobby's choice for them (the best move is thought of
        off the UI thread, like any CPU move)."""
        if self.human_turn() != seat or not isinstance(self.pending, PlayTurn):
            return
        if action != "best":
            # "first" and "pass" agree: the first legal move is the pass or draw when stuck, else the first tile.
            self._timed_out(seat, self.pending.moves[0], action)
            return
        self.thinking = seat
        token = self._token

        def decided(answer_token: int, decision: Decision) -> None:
            if answer_token == self._token and self.thinking == seat:
                self.thinking = None
                self._timed_out(seat, decision.move, action)

        self._think(token, seat, HardPlayer(token, movetime_ms=TIMEOUT_THINK_MS), None, TIMEOUT_THINK_MS, decided)

    def _timed_out(self, seat: int, move: Move, action: str) -> None:
        if self._act(seat, move):
            self.timedOut.emit(seat, move, action)

    def request_hint(self) -> None:
        """Ask the hard CPU, off the UI thread, what the person to play should do."""
        seat = self.human_turn()
        if seat is None:
            self.error.emit(self.tr("A hint is for your own turn."))
            return
        self._hint_token += 1
        hard = HardPlayer(self._hint_token, movetime_ms=HINT_THINK_MS)
        self._think(self._hint_token, seat, hard, None, HINT_THINK_MS, self._hint_decided)

    def _view(self, seat: int) -> PlayerView:
        return PlayerView.of(self._match(), seat)

    def _hint_decided(self, token: int, decision: Decision) -> None:
        if token == self._hint_token and self.human_turn() is not None:
            self.hintReady.emit(decision)

    # ---- driving without a person (screenshots, tests) ---------------------------------------

    def autoplay(self, moves: int, stand_in: CpuPlayer | None = None) -> None:
        """Answer `moves` turns synchronously, the person's by a stand-in CPU, up to the hand's end."""
        with self._batch():
            helper = stand_in or make_player("medium", 0)
            match = self.match
            if match is None:
                return
            self.thinking = None
            self._token += 1
            hand_index = match.hand_index
            played = 0
            while played < moves and match.hand_index == hand_index and not match.is_over:
                pending = match.pending()
                action: Action
                seat = pending.seats[0] if pending.seats else None
                if isinstance(pending, PlayTurn):
                    player = self.cpus.get(pending.seat, helper)
                    action = player.decide(PlayerView.of(match, pending.seat)).move
                    played += 1
                elif isinstance(pending, RedealOffer):
                    action = AnswerRedeal(False)
                elif isinstance(pending, ChooseLeader):
                    action = Lead(pending.seats[0])
                elif isinstance(pending, ClaimWindow):
                    action = CLAIM
                elif isinstance(pending, MugginsWindow):
                    action = Move(MoveKind.MUGGINS, caller=pending.seats[0])
                else:
                    break
                self._announce(match.apply(seat, action))
            self._advance()
