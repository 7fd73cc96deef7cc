"""The table model: what the table page, its side panel and its sheets read and ask of a table, local or
remote, without asking which it is.

Two tables implement it: a local match (ui/play/controller.py's GameController: the session's loop with
people at this screen and CPUs in the pool) and one seat of a room (ui/room/room_controller.py's
RoomController: what the room sends that seat). Qt-free: the notices are Qt signals in both, but the model
asks of them only `connect` and `emit`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..engine.deal import Deal
from ..engine.decisions import Pending
from ..engine.duplicate import DuplicateMatch
from ..engine.fairness import FairDeal
from ..engine.hand import Hand
from ..engine.knowledge import Knowledge
from ..engine.match import HandResult
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.tiles import Tile
from .clock import TurnClock


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """Who sits in a seat: a person at this screen, or a CPU at some level."""

    name: str
    human: bool
    level: str = "medium"


class Notice(Protocol):
    """Something a table tells whoever listens (a Qt signal in both tables)."""

    def connect(self, slot: Callable[..., object], /) -> object: ...

    def emit(self, *args: object) -> object: ...


class TableModel(Protocol):
    """One table as the table page sees it (see the module's doc)."""

    # ---- what it tells ----------------------------------------------------------------------------------
    @property
    def handStarted(self) -> Notice: ...  # hand index
    @property
    def turnStarted(self) -> Notice: ...  # seat, its legal moves (empty while a CPU thinks)
    @property
    def movePlayed(self) -> Notice: ...  # seat, Move
    @property
    def pointsScored(self) -> Notice: ...  # side, points
    @property
    def leaderChoiceNeeded(self) -> Notice: ...  # seats a person's side may lead with
    @property
    def handEnded(self) -> Notice: ...  # HandResult
    @property
    def matchEnded(self) -> Notice: ...  # winning side
    @property
    def claimOffered(self) -> Notice: ...  # a person's seat, the points to claim
    @property
    def mugginsOffered(self) -> Notice: ...  # people who may call Muggins, the points
    @property
    def redealOffered(self) -> Notice: ...  # a person's seat that may ask for a redeal
    @property
    def timedOut(self) -> Notice: ...  # seat, the move played for them, the lobby's action
    @property
    def hintReady(self) -> Notice: ...  # Decision
    @property
    def historyRewritten(self) -> Notice: ...  # moves were taken back
    @property
    def error(self) -> Notice: ...  # a one-line message in the player's language
    @property
    def playChanged(self) -> Notice: ...  # duplicate: the next play is at the table
    @property
    def duplicateOver(self) -> Notice: ...  # duplicate: its last play has scored
    @property
    def stateChanged(self) -> Notice: ...  # anything on the table changed
    @property
    def autoPassed(self) -> Notice: ...  # the person's seat: the table passed for them

    # ---- what the screen may see ------------------------------------------------------------------------
    @property
    def rules(self) -> Rules | None: ...
    @property
    def seats(self) -> list[SeatConfig]: ...
    @property
    def hand(self) -> Hand | None:
        """The hand in play as this screen may know it."""

    @property
    def last_result(self) -> HandResult | None: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def match_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def practice(self) -> bool:
        """The match no longer counts (a move was taken back)."""

    @property
    def waiting(self) -> Pending | None:
        """A decision besides a turn that play waits on a person here for (redeal, leader, claim, Muggins)."""

    @property
    def thinking(self) -> int | None:
        """The seat whose move is being thought of at this table (a CPU's, a timed-out person's)."""

    @property
    def pace_ms(self) -> int: ...
    @property
    def duplicate(self) -> DuplicateMatch | None: ...
    @property
    def line_up(self) -> list[SeatConfig]: ...
    @property
    def open_seats(self) -> frozenset[int]:
        """The seats nobody has taken yet (a room's friend seats before its match): none at a local table."""

    @property
    def clock(self) -> TurnClock:
        """The clock on the person's open decision, when it is timed."""

    @property
    def archive(self) -> list[tuple[Deal, Hand]]:
        """The hands finished at this table as dealt and played (the coach's), those this screen may see."""

    auto_cut: bool  # the clock cuts each sealed deal for the person here
    lead_when_won: bool  # the person here leads, unasked, whenever their side wins a hand

    def shown_hand(self) -> Hand | None: ...
    def rack(self, seat: int) -> tuple[Tile, ...]: ...
    def rack_size(self, seat: int) -> int: ...
    def stock_size(self) -> int: ...
    def turn_seat(self) -> int: ...
    def hand_proof(self) -> FairDeal | None: ...
    def people(self) -> list[int]: ...
    def is_human(self, seat: int) -> bool: ...
    def human_turn(self) -> int | None: ...
    def legal_moves(self) -> list[Move]: ...
    def knowledge(self, seat: int) -> Knowledge | None: ...
    def can_undo(self) -> bool: ...
    def sealed_fingerprint(self) -> str | None: ...
    def redeal_asked_by(self) -> int | None:
        """The seat whose redeal sent the deck back to be cut again, while it waits for that cut."""

    def next_deal_waits(self) -> bool:
        """Between hands, the next deal is not dealt yet (it waits for its cut)."""

    # ---- what a person here asks ------------------------------------------------------------------------
    def play(self, move: Move) -> bool: ...
    def cut_deck(self, *gesture: object) -> bool: ...
    def answer_redeal(self, redeal: bool) -> None: ...
    def choose_leader(self, seat: int) -> None: ...
    def claim(self) -> None: ...
    def call_muggins(self, seat: int) -> None: ...
    def play_on(self) -> None: ...
    def undo(self) -> bool: ...
    def request_hint(self) -> None: ...
    def time_turns(self, seconds: int, on_timeout: str) -> None:
        """The lobby's turn timer for the people here (0: none) and what is played when it runs out; a table
        whose clock is kept elsewhere (a room's) keeps that one."""

    def clock_ran_out(self) -> None:
        """The clock shown for the person's decision ran out (a table that keeps it plays the lobby's choice)."""
