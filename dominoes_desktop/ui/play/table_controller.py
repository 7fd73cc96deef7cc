"""TableController: what every table page's controller is, local or one seat of a room: the notices the table
model names (session/table_model.py), the View settings that answer for the person, and the person's open
decision turned into notices in one place.

Two controllers derive from it: the local table (ui/play/controller.py's GameController: the session's loop,
people at this screen and CPUs in the pool) and a room's seat (ui/room/room_controller.py's RoomController:
what the room sends that seat). Each says what the person here is asked (`_person_asked`, with the decision's
number) and reads its own table (`legal_moves`, `human_turn`, `waiting`, `is_human`); the notices, passing when
nothing fits, and leading when the side won are this class's, the same at both tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from ...engine.decisions import ChooseLeader, ClaimWindow, MugginsWindow, Pending, RedealOffer
from ...engine.match import HandResult
from ...engine.moves import Move, MoveKind
from ...session.clock import TurnClock
from ...session.table_model import SeatConfig

AUTO_PASS_MS = 700  # the person sees their turn come and "You pass" before the table passes for them


class TableController(QObject):
    """A table as the table page sees it (see the module's doc); not made by itself."""

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
    autoPassed = Signal(int)  # the person's seat: nothing fitted, so the table passed for them

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        auto_cut: bool = False,
        auto_pass: bool = False,
        lead_when_won: bool = False,
    ) -> None:
        super().__init__(parent)
        self.auto_cut = auto_cut  # the clock cuts each sealed deal for the person ("Cut the deck for me")
        self.auto_pass = auto_pass  # pass for the person here when no tile of theirs fits (a View setting)
        self.lead_when_won = lead_when_won  # when the person's side wins a hand, they lead the next unasked
        self.seats: list[SeatConfig] = []
        self.line_up: list[SeatConfig] = []  # duplicate: the seats as the lobby filled them for the first plays
        self.last_result: HandResult | None = None
        # The seats nobody has taken yet (a room's friend seats before its match): their plates say so.
        self.open_seats: frozenset[int] = frozenset()
        self.clock = TurnClock()  # on the person's open decision, when it is timed

    # ---- what each table answers, from what it holds (declared for the checker; each table defines them) -----
    if TYPE_CHECKING:

        def is_human(self, seat: int) -> bool: ...
        def human_turn(self) -> int | None: ...
        def legal_moves(self) -> list[Move]: ...
        @property
        def waiting(self) -> Pending | None: ...
        def _decision_key(self) -> object:
            """The number of the decision open now: what a delayed answer checks it is still for."""

        def play(self, move: Move) -> bool: ...
        def choose_leader(self, seat: int) -> None: ...

    # ---- the person's open decision, told once for both tables -------------------------------------------------

    def _person_asked(self, asked: Pending | tuple[int, Sequence[Move]]) -> None:
        """A person here is asked: their turn (seat, moves) or another decision. The widgets are told; with the
        View settings the table answers for them (a pass when nothing fits, the lead when their side won),
        after the question is drawn, as a move like any other."""
        key = self._decision_key()
        if isinstance(asked, tuple):
            seat, moves = asked
            self.turnStarted.emit(seat, list(moves))
            if self._only_a_pass(seat, moves):
                QTimer.singleShot(AUTO_PASS_MS, self, lambda: self._pass_for(seat, key))
        elif isinstance(asked, RedealOffer):
            self.redealOffered.emit(asked.seat)
        elif isinstance(asked, ChooseLeader):
            person = self._leads_by_setting(asked)
            if person is None:
                self.leaderChoiceNeeded.emit(asked.seats)
            else:
                QTimer.singleShot(0, self, lambda: self._lead_by_setting(person, key))
        elif isinstance(asked, ClaimWindow):
            self.claimOffered.emit(asked.seat, asked.points)
        elif isinstance(asked, MugginsWindow):
            self.mugginsOffered.emit(asked.seats, asked.points)

    def _only_a_pass(self, seat: int, moves: Sequence[Move]) -> bool:
        """The person asked the table to pass for them, and a pass is all their turn allows."""
        return self.auto_pass and self.is_human(seat) and bool(moves) and all(m.kind is MoveKind.PASS for m in moves)

    def _pass_for(self, seat: int, key: object) -> None:
        """The pass goes, unless the turn was answered already (P pressed), taken back, or the match left."""
        if key != self._decision_key() or self.human_turn() != seat:
            return
        moves = self.legal_moves()
        if not self._only_a_pass(seat, moves):
            return
        self.autoPassed.emit(seat)
        self.play(moves[0])

    def _leads_by_setting(self, asked: ChooseLeader) -> int | None:
        """The person who leads without being asked ("when my side wins, I lead"): the side's one person here;
        None when the setting is off, or the side has no person here, or two (they choose)."""
        people = [seat for seat in asked.seats if self.is_human(seat)]
        return people[0] if self.lead_when_won and len(people) == 1 else None

    def _lead_by_setting(self, seat: int, key: object) -> None:
        waiting = self.waiting
        if key != self._decision_key() or not isinstance(waiting, ChooseLeader) or seat not in waiting.seats:
            return  # answered already, taken back, or the match left
        self.choose_leader(seat)
