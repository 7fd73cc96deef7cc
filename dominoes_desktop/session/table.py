"""The one driver loop of every table.

A `Session` holds a match and who answers each seat. `advance()` asks the match what it waits for
(`Match.pending()`) and hands that decision to whoever answers: an answerer may answer at once (a CPU's quick
decision, the clock's cut) or later, through `answer()` (a person's click, a CPU thinking in the pool, a
remote player's message). Every answer becomes `Match.apply`; the events go to the session's listener. The
desktop table, the room server, simulations, the soak and the duplicate match all drive their matches so;
nothing else hands out decisions. A duplicate match moves on to its next play within the same loop: the
table, asked the finished play's next hand, answers the duplicate match's NextPlay, and the session goes on
with the new play (`moved_on`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple, Protocol

from ..engine.decisions import (
    Action,
    ChooseLeader,
    CutDeck,
    Event,
    MatchOver,
    NextHand,
    Pending,
    PlayTurn,
)
from ..engine.errors import IllegalMove
from ..engine.match import Match


class Ask(NamedTuple):
    """A decision handed to one answerer: `seat` (None: the table itself) is to answer `pending`, which the
    session numbered `serial` (an answer for an older number is for a decision that is gone). A tuple: one is
    made for every decision of every simulated hand."""

    serial: int
    seat: int | None
    pending: Pending


# An Ask made without a call into Python (a NamedTuple's own constructor is one): a simulation makes one for
# every decision of every hand.
_ask = partial(tuple.__new__, Ask)


class Answerer(Protocol):
    """Whoever answers a seat (or the table)."""

    @property
    def waits(self) -> bool:
        """True for a person or a remote player: where a side chooses, they choose before any CPU."""

    def ask(self, session: Session, ask: Ask) -> Action | None:
        """The answer now, or None: it will come later through `session.answer(ask.seat, action, ask.serial)`."""


class StaleAnswer(IllegalMove):
    """An answer to a decision that is no longer pending."""


Listener = Callable[[list[Event]], None]


class Session:
    """A match and its answerers; the loop that hands out every pending decision."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[Answerer],
        table: Answerer,
        listener: Listener | None = None,
    ) -> None:
        if len(seats) != match.rules.players:
            raise ValueError(f"{match.rules.name} needs {match.rules.players} seats, not {len(seats)}")
        self.match = match
        self.seats = list(seats)
        self.table = table
        self.listener = listener
        self.serial = 0  # moves on with every answer applied
        self._asked: set[int | None] = set()  # who has been asked the decision numbered `serial`
        self._advancing = False
        self._again = False

    # ---- what is pending, and for whom ----------------------------------------------------------

    def pending(self) -> Pending:
        return self.match.pending()

    def awaited(self, pending: Pending | None = None) -> list[int | None]:
        """Who is to answer now: the table (None) for a deal, or seats. Where a side chooses its leader, its
        people choose; only a side of CPUs leaves it to the first of them."""
        pending = self.pending() if pending is None else pending
        if isinstance(pending, MatchOver):
            return []
        if isinstance(pending, NextHand) or (isinstance(pending, CutDeck) and not pending.seats):
            return [None]
        seats: list[int | None] = list(pending.seats)
        if isinstance(pending, ChooseLeader):
            people: list[int | None] = [s for s in pending.seats if self.seats[s].waits]
            return people or seats[:1]
        return seats

    def answerer(self, seat: int | None) -> Answerer:
        return self.table if seat is None else self.seats[seat]

    # ---- answers --------------------------------------------------------------------------------

    def answer(self, seat: int | None, action: Action, serial: int | None = None) -> list[Event]:
        """Apply `seat`'s answer (None: the table's) to the decision numbered `serial` (None: the one pending
        now), then hand out what comes next. IllegalMove (StaleAnswer for an old number) if it does not
        answer what the match waits for."""
        if serial is not None and serial != self.serial:
            raise StaleAnswer(
                f"decision {serial} is no longer pending (now {self.serial})",
                code="stale",
                serial=serial,
                now=self.serial,
            )
        events = self._apply(seat, action)
        self.advance()
        return events

    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        events = self.match.apply(seat, action)
        self.serial += 1
        self._asked = set()
        if self.listener is not None:
            self.listener(events)
        return events

    def reseat(self, seat: int, answerer: Answerer) -> None:
        """Another answerer takes the seat (a CPU for a player who left, the player back); it is asked anew."""
        self.seats[seat] = answerer
        self._asked.discard(seat)
        self.advance()

    def moved_on(self, match: Match, seats: Sequence[Answerer] | None = None) -> None:
        """The table went on to another match (a duplicate match's next play), its seats answered by `seats`
        (None: the same): an answer for the match before is stale; everyone is asked anew."""
        if len(seats if seats is not None else self.seats) != match.rules.players:
            raise ValueError(f"{match.rules.name} needs {match.rules.players} seats")
        self.match = match
        if seats is not None:
            self.seats = list(seats)
        self.rewritten()

    def rewritten(self) -> None:
        """The match was changed by other means than an answer (a move taken back): everything is asked anew."""
        self.serial += 1
        self._asked = set()
        self.advance()

    # ---- the loop -------------------------------------------------------------------------------

    def step(self) -> list[Event]:
        """Hand out the pending decision and apply the first answer that comes at once; nothing more. A
        simulation drives its table so, one decision at a time, to stop where it likes (a hand's end)."""
        pending = self.match.pending()
        if isinstance(pending, NextHand):  # the common cases of a simulation, taken without building lists
            action = self.table.ask(self, _ask((self.serial, None, pending)))
            return [] if action is None else self._apply(None, action)
        seats = pending.seats
        if isinstance(pending, (PlayTurn, ChooseLeader)):
            answerers = self.seats
            for one in seats:
                if answerers[one].waits:
                    break
            else:  # a CPU's turn, or a side of CPUs choosing: the first of them answers
                first = seats[0]
                action = answerers[first].ask(self, _ask((self.serial, first, pending)))
                return [] if action is None else self._apply(first, action)
        for seat in self.awaited(pending):
            action = self.answerer(seat).ask(self, Ask(self.serial, seat, pending))
            if action is not None:
                return self._apply(seat, action)
        return []

    def advance(self) -> None:
        """Hand the pending decision to everyone who is to answer it and has not been asked; apply the answers
        that come at once, and go on until the match waits for an answer to come later."""
        if self._advancing:  # asked again from inside (a listener answered): one more round when done
            self._again = True
            return
        self._advancing = True
        try:
            self._again = True
            while self._again:
                self._again = False
                self._round()
        finally:
            self._advancing = False

    def _round(self) -> None:
        while True:
            pending = self.pending()
            answered = False
            for seat in self.awaited(pending):
                if seat in self._asked:
                    continue
                self._asked.add(seat)
                ask = Ask(self.serial, seat, pending)
                action = self.answerer(seat).ask(self, ask)
                if action is not None:
                    self._apply(seat, action)
                    answered = True
                    break
                if ask.serial != self.serial:  # the answerer answered through `answer` meanwhile
                    answered = True
                    break
            if not answered:
                return
