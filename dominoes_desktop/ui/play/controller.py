"""GameController: the local table, a thin Qt adapter over the table's session (session/table.py); it is the
table model (session/table_model.py) that the table page reads, as a room's seat is.

The session holds the match and who answers each seat: people at this screen (`Waiting`: the controller turns
what they are asked into signals for the widgets), CPUs (`PoolCpu`: every decision of theirs made in the CPU
pool's worker processes, from what their seat may see, and answered on the UI thread, their turns paced; no
CPU player is built in this process), and the table itself (`_Table`: it seals each deal and lets the person's
click or the clock cut it). The session hands out every decision; the controller only turns a person's
clicks into answers, and the events of each answer into signals. Views draw from the match's state.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ...engine.cpu import Decision
from ...engine.decisions import (
    Action,
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    Cut,
    CutDeck,
    DealAgain,
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
    PlayTurn,
    RedealOffer,
    Seal,
)
from ...engine.duplicate import DuplicateMatch
from ...engine.errors import DominoError
from ...engine.fairness import FairDeal, cut_from_gesture
from ...engine.match import Match
from ...engine.moves import CLAIM, Move, MoveKind
from ...engine.rules import Rules
from ...engine.view import PlayerView
from ...session.cpu_pool import CpuPool
from ...session.local_table import LocalTable
from ...session.seats import DuplicateDeals, PoolCpu, Post, Waiting
from ...session.table import Answerer, Ask, Session
from ...session.table_model import SeatConfig
from ..shell.groups import HOME_GROUP
from ..shell.i18n import translate
from ..shell.ui_thread import poster
from ..shell.wording import error_text
from .cpu_worker import CpuRunner
from .table_controller import AUTO_PASS_MS, TableController

log = logging.getLogger(__name__)

TIMEOUT_THINK_MS = 60  # the best move played for a person whose time ran out
HINT_THINK_MS = 250


__all__ = ["AUTO_PASS_MS", "GameController", "MatchSetup", "SeatConfig", "default_seats"]


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
    stats_group: str = HOME_GROUP
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


class _Table:
    """The table's answerer: it seals every deal (or deals it as the match was asked to: a deal played again, a
    duplicate play) and cuts it with the person's gesture, or by the clock when nobody at the screen cuts."""

    waits = False

    def __init__(self, controller: GameController) -> None:
        self.controller = controller
        self.first: Action | None = None  # how the match's first deal is dealt, if not sealed and cut
        self.first_cut: bytes | None = None  # the match's first deal cut by the press that started it

    def ask(self, session: Session, ask: Ask) -> Action | None:
        pending = ask.pending
        controller = self.controller
        if isinstance(pending, NextHand):
            first, self.first = self.first, None
            if first is not None:
                return first
            deals = controller.deals
            if deals is not None:
                return deals.ask(session, ask)  # nothing once its play is over: "Next play"
            return Seal(FairDeal.commit())
        if isinstance(pending, CutDeck) and not pending.seats:
            deals = controller.deals
            if deals is not None and deals.duplicate.next_cut is not None:
                return deals.ask(session, ask)  # the cut given with "Next play"
            # The clock cuts at once a match's first deal and a redeal; after a hand, "Next hand" cuts.
            if controller.clock_cuts() and (pending.hand_index == 0 or pending.redeal_by is not None):
                return Cut(cut_from_gesture("table"))
            first_cut, self.first_cut = self.first_cut, None
            if first_cut is not None and pending.hand_index == 0 and pending.redeal_by is None:
                return Cut(first_cut)  # Start, pressed after its seal was shown, was the cut
            controller._changed()  # the sealed deck is shown
        return None


class GameController(TableController, LocalTable):
    """The local table: the table page's notices and the person's clicks over the session's loop (the module's
    doc); the notices and the View settings are TableController's, as at a room's seat."""

    comingSealChanged = Signal(str)  # the fingerprint of the next match's first deal, sealed ahead (Start cuts it)

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        pace_ms: int = 700,
        paused: bool = False,
        pool: CpuPool | None = None,
    ) -> None:
        super().__init__(parent)
        self.pace_ms = pace_ms
        self.paused = paused  # CPUs wait to be driven by `autoplay` (screenshots)
        self.match: Match | None = None
        self.session: Session | None = None
        self.runner = CpuRunner(self, pool)
        self._generation = 0  # the session's number: what a session that is gone posts is dropped
        self._token = 0  # a timed-out person's best move for an older token is for a position that is gone
        self.thinking: int | None = None  # seat whose CPU (or, timed out, whose best move) is being thought of
        self._hint_token = 0
        self._hint_for: tuple[int | None, int, int] = (None, 0, -1)  # the seat and position a hint is for
        self._batching = False  # inside one answer: the table changed signal goes out once, at its end
        self._dirty = False
        self._won: int | None = None
        self._offered: tuple[int, type] | None = None  # (serial, kind) of the last offer signalled to people
        self.duplicate: DuplicateMatch | None = None  # a duplicate match: its play at the table is `match`
        self.deals: DuplicateDeals | None = None  # its table: it deals each play, and sets the next one
        self._duplicate_done = False
        # CPUs' Muggins calls held while a person is offered the same points (`_run_posted`)
        self._held: list[tuple[int, Callable[[], None]]] = []
        self._table = _Table(self)
        # The next match's first deal, sealed before the lobby's Start is pressed: its fingerprint is shown beside
        # Start, so the press that starts the match can be its cut (the seal comes first, as for any cut).
        self.coming_seal = FairDeal.commit()
        self.turn_seconds = 0  # the lobby's turn timer for people at this screen (0: none)
        self.on_timeout = "best"  # what is played for a person whose time ran out (see `time_out`)
        self._post = poster(self)  # what the CPU pool's threads post, run on the UI thread while this lives

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
                if self._held:
                    self._release_held()

    def _person_may_call_muggins(self) -> bool:
        pending = self.pending
        return isinstance(pending, MugginsWindow) and any(self.is_human(seat) for seat in pending.seats)

    def _release_held(self) -> None:
        """The CPUs' held Muggins calls, once no person here is offered the points any more."""
        if not self._held or self._person_may_call_muggins():
            return
        held, self._held = self._held, []
        for generation, call in held:
            self._run(generation, call)

    def _changed(self) -> None:
        if self._batching:
            self._dirty = True
        else:
            self.stateChanged.emit()

    # ---- state the views read ------------------------------------------------------------------

    # ---- the session: who answers each seat ------------------------------------------------------

    def _seat(self, match: Match, seats: list[SeatConfig]) -> Session:
        """A new session for `match`: people wait for their clicks, CPUs think in the pool. Whatever the last
        session's CPUs still post is dropped."""
        self._generation += 1
        self._token += 1
        self.thinking = None
        self._held = []
        self.clock.stop()
        self._offered = None
        self._table = _Table(self)
        self.session = Session(match, self._answerers(match, seats), self._table, self._listener())
        return self.session

    def _answerers(self, match: Match, seats: list[SeatConfig]) -> list[Answerer]:
        """Who answers each seat of `match`: people wait for their clicks, CPUs think in the pool."""
        self.match = match
        self.seats = list(seats)
        answerers: list[Answerer] = []
        pool, owner = self.runner.pool, self.runner.owner
        for seat, config in enumerate(seats):
            if config.human:
                answerers.append(Waiting(self._notify))
                continue
            key = (owner, seat, config.level, match.seed + seat)
            answerers.append(
                PoolCpu(pool, key, self._poster(), self._poster(paced=False), self._cpu_failed, self._cpu_thinks)
            )
        return answerers

    def _poster(self, paced: bool = True) -> Post:
        """Runs what the pool's thread posts on the UI thread: a CPU's turn after the table's pace, so a
        person sees each move; its quick decisions (a leader, a redeal, a claim) at once."""
        generation = self._generation

        def post(call: Callable[[], None]) -> None:  # on the pool's thread: queued to the UI thread
            self._post(lambda: self._run_posted(generation, paced, call))

        return post

    def _run_posted(self, generation: int, paced: bool, call: Callable[[], None]) -> None:
        if generation != self._generation:
            return
        if not paced and self._person_may_call_muggins():
            # A CPU's call waits for the person offered the same points ("Muggins!" or "Let them go"): run at
            # once it took them 0.02 s after "Call Muggins to take them!" was shown and said, an offer no
            # person could ever take (audit24b). Run again after the person's answer: the session drops it
            # if that answer changed the decision, and asks the CPU again.
            self._held.append((generation, call))
            self.thinking = None
            self._changed()
            return
        if paced and self.pace_ms > 0:
            QTimer.singleShot(self.pace_ms, self, lambda: self._run(generation, call))
        else:
            self._run(generation, call)

    def _run(self, generation: int, call: Callable[[], None]) -> None:
        if generation != self._generation:
            return
        with self._batch():
            try:
                call()
            except DominoError as exc:
                self.error.emit(error_text(exc))

    def _cpu_thinks(self, ask: Ask) -> bool:
        """A CPU is asked (its turn, or a quick decision): shown as thinking until it answers; False while
        `paused` (then `autoplay` plays it)."""
        assert ask.seat is not None
        if isinstance(ask.pending, PlayTurn):
            self.turnStarted.emit(ask.seat, [])
        self._changed()
        if self.paused:
            return False
        self.thinking = ask.seat
        return True

    def _listener(self) -> Callable[[list[Event]], None]:
        generation = self._generation

        def heard(events: list[Event]) -> None:
            if generation == self._generation:
                self._announce(events)

        return heard

    def _notify(self, ask: Ask) -> None:
        """A person at this screen is asked: tell the widgets (once for a decision several of them share)."""
        pending = ask.pending
        self._changed()
        if isinstance(pending, PlayTurn):
            if self.turn_seconds > 0:
                self.clock.start(ask.serial, self.turn_seconds, time.monotonic())
            self._person_asked((pending.seat, pending.moves))
            return
        key = (ask.serial, type(pending))
        if key != self._offered:
            self._offered = key
            self._person_asked(pending)

    def _decision_key(self) -> object:
        """This session's number and its decision's: an answer made later is for the decision still open."""
        return (self._generation, self.session.serial if self.session is not None else -1)

    def _announce(self, events: list[Event]) -> None:
        self._token += 1
        self.thinking = None
        self.clock.stop()
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

    def _go(self, session: Session) -> None:
        """Hand out what the match waits for, the table changed signal going out once."""
        with self._batch():
            self._changed()
            session.advance()

    def _act(self, seat: int | None, action: Action) -> bool:
        """Answer the pending decision as `seat` (None: the table); the session hands out what comes next."""
        session = self.session
        if session is None:
            return False
        with self._batch():
            try:
                session.answer(seat, action)
            except DominoError as exc:
                self.error.emit(error_text(exc))
                return False
        return True

    def _cpu_failed(self, seat: int, why: str) -> None:
        log.error("CPU %s: %s", seat, why)
        self.error.emit(
            self.tr("A CPU player had a problem ({reason}); it plays its first legal tile.").format(reason=why)
        )

    # ---- starting --------------------------------------------------------------------------

    def new_match(
        self,
        rules: Rules,
        seats: list[SeatConfig],
        seed: int,
        first_deal: int | FairDeal | DealHand | None = None,
        start_cut: tuple[object, ...] | None = None,
    ) -> None:
        """A new match. Its first deal is sealed and waits for the cut (`sealed_deal`), or, given `start_cut`
        (the gesture that started the match), is the coming seal, shown before that gesture, cut by it.
        `first_deal` deals it again instead: a cut fair deal's proof (the same seed and cut, so the same
        tiles), a deal seed, or a whole recorded deal with its leader."""
        if len(seats) != rules.players:
            raise ValueError(f"{rules.name} needs {rules.players} seats")
        self.duplicate = self.deals = None
        self.last_result = None
        session = self._seat(Match(rules, seed), seats)
        if isinstance(first_deal, FairDeal):
            self._table.first = DealAgain(first_deal)
        elif isinstance(first_deal, DealHand):
            self._table.first = first_deal
        elif first_deal is not None:
            self._table.first = DealHand(first_deal)
        elif start_cut is not None:
            self._table.first = Seal(self.coming_seal)
            self._table.first_cut = cut_from_gesture(*start_cut)
            self.coming_seal = FairDeal.commit()  # a seal is cut once: the next match's is a new one
            self.comingSealChanged.emit(self.coming_seal.fingerprint)
        self._go(session)

    def resume(self, match: Match, seats: list[SeatConfig], duplicate: DuplicateMatch | None = None) -> None:
        """Go on with a match restored from a save, at the exact decision where it stopped (`duplicate`: the
        duplicate match whose play at the table `match` is). A deal sealed when it was saved waits for its cut."""
        self.duplicate = duplicate
        self.deals = None if duplicate is None else DuplicateDeals(duplicate, reseat=self._reseat_play)
        session = self._seat(match, seats)
        self.last_result = match.results[-1] if match.results else None
        if match.hand is not None:
            self.handStarted.emit(match.hand_index)
        elif self.last_result is not None:
            self.handEnded.emit(self.last_result)
            if match.winner is not None and duplicate is None:
                self.matchEnded.emit(match.winner)
        self._go(session)

    # ---- a person's answers ----------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        """A person's move. Refused (with an error signal) unless it is their legal move now."""
        seat = self.human_turn()
        if seat is None:
            self.error.emit(self.tr("It is not your turn."))
            return False
        return self._act(seat, move)

    def answer_redeal(self, redeal: bool) -> None:
        """The person dealt enough doubles says whether the table is dealt again (a new deal, sealed and cut)."""
        pending = self.pending
        if isinstance(pending, RedealOffer) and self.is_human(pending.seat):
            self._act(pending.seat, AnswerRedeal(redeal))

    # ---- the fair deal: sealed, cut, dealt -------------------------------------------------------

    def cut_deck(self, *gesture: object) -> bool:
        """The deck is cut (by a click or key, described by `gesture`; by the clock when the person asked it
        to cut for them) and the sealed deal is dealt. In a duplicate match, after a play: the next play."""
        material = cut_from_gesture("clock") if self.clock_cuts() else cut_from_gesture(*gesture)
        duplicate = self.duplicate
        if duplicate is not None and duplicate.play_over:
            return self._next_play(material)
        pending = self.pending
        if not isinstance(pending, CutDeck) or pending.seats:
            return False
        return self._act(None, Cut(material))

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
        with self._batch():
            while self.session is not None:
                pending = self.pending
                if not isinstance(pending, ClaimWindow | MugginsWindow):
                    break
                people = [s for s in pending.seats if self.is_human(s)]
                if not people or not self._act(people[0], LetGo()):
                    break

    # ---- duplicate matches (issue 17): each deal played again with the person in a CPU's seat ----------

    def new_duplicate(
        self, rules: Rules, seats: list[SeatConfig], deals: int, seed: int, sealed_by: int | None = None
    ) -> None:
        """A duplicate match of `deals` deals; `seats` is the line-up of the first plays (one person)."""
        people = [i for i, s in enumerate(seats) if s.human]
        if len(seats) != rules.players or len(people) != 1:
            raise ValueError("a duplicate match is one person against CPUs")
        self.duplicate = DuplicateMatch.create(rules, deals, seed, people[0], sealed_by=sealed_by)
        self.deals = DuplicateDeals(self.duplicate, reseat=self._reseat_play)
        self.line_up = list(seats)
        match = self.duplicate.match
        session = self._seat(match, [self.line_up[entry] for entry in self.duplicate.line_up_at()])
        self.last_result = None
        self.playChanged.emit()
        self._go(session)  # the first deal is sealed and waits for the cut, as any match's first deal

    def resume_duplicate(self, duplicate: DuplicateMatch, line_up: list[SeatConfig]) -> None:
        """Go on with a saved duplicate match, at its play at the table."""
        self.duplicate = duplicate
        self.line_up = list(line_up)
        self.match = duplicate.match
        self.seats = [self.line_up[entry] for entry in duplicate.line_up_at()]
        self.playChanged.emit()
        self.resume(duplicate.match, self.seats, duplicate)

    def _reseat_play(self, duplicate: DuplicateMatch) -> list[Answerer]:
        """The next play is at the table: the line-up seated moved round by its rotation (the session goes on
        with it, and with these answerers)."""
        match = duplicate.match
        answerers = self._answerers(match, [self.line_up[entry] for entry in duplicate.line_up_at()])
        self._token += 1
        self.thinking = None
        self.clock.stop()
        self._offered = None
        self.last_result = match.results[-1] if match.results else None
        self.playChanged.emit()
        self._changed()
        return answerers

    def _next_play(self, cut: bytes) -> bool:
        """The next play at the table, a decision of the table's loop (the duplicate match's NextPlay). When
        it deals its deal for the first time, that deal's commitment was shown on the hand-end sheet, and
        `cut` cuts it (as "Next hand" cuts a match's next deal); a later play deals again from the first
        play's proof, with no new cut."""
        deals, session = self.deals, self.session
        if deals is None or session is None:
            return False
        with self._batch():
            return deals.play_next(session, cut)

    # ---- taking a move back -----------------------------------------------------------------------

    def undo_seat(self) -> int | None:
        """Whose move Undo takes back: the one person against CPUs; at pass-and-play, the person at the screen
        (whose turn it is, or, while the CPUs play on, who moved last: their tiles are still the ones shown)."""
        people, match = self.people(), self.match
        if len(people) <= 1 or match is None:
            return people[0] if people else None
        actor = self.human_turn()
        if actor is not None:
            return actor
        hand = match.hand
        return next((t.seat for t in reversed(hand.history) if self.is_human(t.seat)), None) if hand else None

    def can_undo(self) -> bool:
        """As at a CPU table (LocalTable.can_undo), and at pass-and-play for the person at the screen, who takes
        back their own last move and the CPUs' answers to it, never another person's move: once another person
        has moved after it, it stands (an undo would erase their move, and its author would play again knowing
        it). So Undo is theirs from their move until the next person's turn; the position goes back to their own
        turn, and no other person's tiles are shown."""
        if len(self.people()) <= 1:
            return super().can_undo()
        seat, match = self.undo_seat(), self.match
        if seat is None or match is None or match.is_over or (self.duplicate is not None and self.duplicate.is_over):
            return False
        hand = match.hand
        index = match.undo_point(seat) if hand is not None and not hand.is_over else None
        if hand is None or index is None:
            return False
        return not any(turn.seat != seat and self.is_human(turn.seat) for turn in hand.history[index + 1 :])

    def undo(self) -> bool:
        """Take back the person's last move and the moves after it; the match becomes practice."""
        seat = self.undo_seat()
        if not self.can_undo() or seat is None:
            self.error.emit(self.tr("There is no move of yours to take back."))
            return False
        match, session = self.match, self.session
        assert match is not None and session is not None
        self._token += 1  # a best move still being thought of is for a position that is gone
        self.thinking = None
        self.clock.stop()
        had_hand = match.hand is not None
        # Undo cuts the match's record before the person's last move and plays it again, at a new session.
        match = match.taken_back(seat)
        if self.duplicate is not None:
            self.duplicate.resume_current(match)
        session = self._seat(match, self.seats)
        with self._batch():
            if not had_hand:
                self.last_result = match.results[-1] if match.results else None
                self.handStarted.emit(match.hand_index)
            self.historyRewritten.emit()
            self._changed()
            session.advance()  # a CPU still thinking thought about a position that is gone: asked anew
        return True

    # ---- the turn timer and the hint ---------------------------------------------------------

    def time_turns(self, seconds: int, on_timeout: str) -> None:
        """The lobby's turn timer for the people at this screen (0: none), and what is played when it runs
        out: "best" (the hint's move), "first" (the first legal tile), "pass" (when allowed)."""
        self.turn_seconds, self.on_timeout = max(0, seconds), on_timeout

    def clock_ran_out(self) -> None:
        """The clock on the person's turn ran out (the page saw it reach 0): the lobby's choice is played."""
        pending = self.pending
        if not isinstance(pending, PlayTurn) or self.session is None:
            return
        if self.clock.expired(self.session.serial, time.monotonic()):
            self.clock.stop()
            self.time_out(pending.seat, self.on_timeout)

    def time_out(self, seat: int, action: str) -> None:
        """The person's time ran out: play the lobby's choice for them (the best move is thought of
        in the CPU pool, like any CPU move)."""
        pending, match = self.pending, self.match
        if self.human_turn() != seat or not isinstance(pending, PlayTurn) or match is None:
            return
        if action != "best":
            # "first" and "pass" agree: the first legal move is the pass or draw when stuck, else the first tile.
            self._timed_out(seat, pending.moves[0], action)
            return
        self.thinking = seat
        token = self._token
        legal = pending.moves

        def decided(answer_token: int, decision: Decision) -> None:
            if answer_token == self._token and self.thinking == seat:
                self.thinking = None
                self._timed_out(seat, decision.move if decision.move in legal else legal[0], action)

        def failed(answer_token: int, why: str) -> None:
            if answer_token == self._token and self.thinking == seat:
                self.thinking = None
                self._cpu_failed(seat, why)
                self._timed_out(seat, legal[0], action)

        self.runner.ask(token, PlayerView.of(match, seat), None, TIMEOUT_THINK_MS, decided, failed)

    def _timed_out(self, seat: int, move: Move, action: str) -> None:
        if self._act(seat, move):
            self.timedOut.emit(seat, move, action)

    def request_hint(self) -> None:
        """Ask the hard CPU, in the CPU pool, what the person to play should do."""
        seat = self.human_turn()
        if seat is None or self.match is None:
            self.error.emit(self.tr("A hint is for your own turn."))
            return
        self._hint_token += 1
        self._hint_for = self._hint_position(seat)
        view = PlayerView.of(self.match, seat)
        self.runner.ask(self._hint_token, view, None, HINT_THINK_MS, self._hint_decided, self._hint_failed)

    def _hint_position(self, seat: int | None) -> tuple[int | None, int, int]:
        hand = self.match.hand if self.match is not None else None
        return (seat, id(hand), len(hand.history) if hand is not None else -1)

    def _hint_decided(self, token: int, decision: Decision) -> None:
        # Only for the seat and the position it was asked for: at pass-and-play a late answer must never tell
        # the next person what the last one held.
        if token == self._hint_token and self._hint_position(self.human_turn()) == self._hint_for:
            self.hintReady.emit(decision)

    def _hint_failed(self, token: int, why: str) -> None:
        log.error("the hint failed: %s", why)  # no hint this time: the person plays on

    # ---- driving without a person (screenshots) -----------------------------------------------

    def autoplay(self, moves: int, stand_in: str = "medium") -> None:
        """Play `moves` turns at once, on this thread, up to the hand's end: the screenshot command's table (its
        CPUs `paused`) and tests. The same loop as any table: a session of stand-ins (the table's CPUs, and a
        CPU of level `stand_in` for each person, all in the CPU pool, waited for here) steps the match; the
        table's own session then asks everyone anew."""
        session, match = self.session, self.match
        if session is None or match is None:
            return
        pool, owner = self.runner.pool, self.runner.owner
        stand_ins: list[Answerer] = [
            PoolCpu(pool, (owner, seat, stand_in if config.human else config.level, match.seed + seat))
            for seat, config in enumerate(self.seats)
        ]
        driver = Session(match, stand_ins, self._table, self._listener())
        with self._batch():
            hand_index = match.hand_index
            played = 0
            while played < moves and match.hand_index == hand_index and not match.is_over:
                turn = isinstance(match.pending(), PlayTurn)
                if not driver.step():
                    break  # the table waits for a person's cut
                played += turn
            session.rewritten()
