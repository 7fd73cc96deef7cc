"""The local table's state as the table model reads it (session/table_model.py): a match, its session and
who sits where, read without Qt. ui/play/controller.py's GameController is this table with Qt's signals,
the person's clicks and the CPU pool's answers; tests read it without a window (tests/session)."""

from __future__ import annotations

from ..engine.deal import Deal
from ..engine.decisions import ChooseLeader, ClaimWindow, CutDeck, MugginsWindow, Pending, PlayTurn, RedealOffer
from ..engine.duplicate import DuplicateMatch
from ..engine.fairness import FairDeal
from ..engine.hand import Hand
from ..engine.knowledge import Knowledge, infer
from ..engine.match import HandResult, Match
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.tiles import Tile
from ..engine.view import PlayerView
from .table import Session
from .table_model import SeatConfig


class LocalTable:
    """What a local table shows and who may act at it, read from its match and session (a mixin: the table
    that holds them sets these)."""

    match: Match | None
    session: Session | None
    seats: list[SeatConfig]
    thinking: int | None  # the seat whose move is being thought of (a CPU's, a timed-out person's)
    duplicate: DuplicateMatch | None
    last_result: HandResult | None
    auto_cut: bool

    @property
    def rules(self) -> Rules | None:
        return self.match.rules if self.match else None

    @property
    def hand(self) -> Hand | None:
        return self.match.hand if self.match else None

    @property
    def pending(self) -> Pending | None:
        """What the match waits for now."""
        return self.session.pending() if self.session is not None else None

    def view_for(self, seat: int) -> PlayerView | None:
        if self.match is None or self.match.hand is None:
            return None
        return PlayerView.of(self.match, seat)

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].human

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def clock_cuts(self) -> bool:
        """Nobody at this screen cuts: only CPUs play, or the person asked to be cut for."""
        return self.auto_cut or not self.people()

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

    # ---- what the table page reads: what the screen may see (a room's controller answers the same) ----------

    def shown_hand(self) -> Hand | None:
        """The hand in play, or after a hand the one just finished (its tiles stay on the table)."""
        match = self.match
        if match is None:
            return None
        if match.hand is not None:
            return match.hand
        if match.deal is None and match.archive and len(match.archive) == len(match.results):
            return match.archive[-1][1]
        return None

    def rack(self, seat: int) -> tuple[Tile, ...]:
        """A seat's tiles in the hand in play, or as dealt while the match waits for a leader or a redeal answer
        (the table shows them only to whom it may)."""
        hand = self.hand
        if hand is not None:
            return tuple(hand.hands[seat])
        deal = self.match.deal if self.match is not None else None
        return tuple(deal.hands[seat]) if deal is not None and self.match is not None and not self.match.is_over else ()

    def rack_size(self, seat: int) -> int:
        return len(self.rack(seat))

    def stock_size(self) -> int:
        hand = self.hand
        return len(hand.stock) if hand is not None else 0

    def turn_seat(self) -> int:
        """The seat to play in the hand in play, or -1."""
        pending = self.pending
        return pending.seat if isinstance(pending, PlayTurn) and self.hand is not None else -1

    @property
    def scores(self) -> list[int]:
        return list(self.match.scores) if self.match is not None else []

    @property
    def hand_number(self) -> int:
        """The hand in play's number (from 1), or the last one's between hands."""
        match = self.match
        if match is None:
            return 0
        return match.hand_index + 1 if match.hand is not None else max(1, match.hand_index)

    @property
    def match_over(self) -> bool:
        return self.match is not None and self.match.is_over

    @property
    def winner(self) -> int | None:
        return self.match.winner if self.match is not None else None

    @property
    def practice(self) -> bool:
        return self.match is not None and self.match.practice

    @property
    def archive(self) -> list[tuple[Deal, Hand]]:
        return list(self.match.archive) if self.match is not None else []

    def next_deal_waits(self) -> bool:
        match = self.match
        return match is not None and match.hand is None and match.deal is None and not match.is_over

    def hand_proof(self) -> FairDeal | None:
        """How the hand just finished was dealt (its seed is shown once it is over)."""
        match = self.match
        return match.proofs.get(len(match.results) - 1) if match is not None else None

    def sealed_fingerprint(self) -> str | None:
        sealed = self.sealed_deal()
        return sealed.fingerprint if sealed is not None else None

    def redeal_asked_by(self) -> int | None:
        pending = self.pending
        return pending.redeal_by if isinstance(pending, CutDeck) else None

    def sealed_deal(self) -> FairDeal | None:
        """The commitment of the deal that waits for its cut (the first of a match, the next after a hand,
        a redeal; in a duplicate match, after a play, the next play's deal when it is dealt for the first
        time), or None. Its seed is never shown before its hand ends: only the fingerprint."""
        duplicate = self.duplicate
        if duplicate is not None and duplicate.play_over:
            return duplicate.next_sealed()
        if self.match is None or not isinstance(self.pending, CutDeck):
            return None
        return self.match.sealed

    def can_undo(self) -> bool:
        """Undo is for one person playing CPUs, once they have a move to take back in the hand in play: never
        across a hand's end (the result is told, the next deal sealed) nor after the match."""
        people = self.people()
        if self.match is None or len(people) != 1 or (self.duplicate is not None and self.duplicate.is_over):
            return False
        hand = self.match.hand
        if hand is None or hand.is_over or self.match.is_over:
            return False
        return self.match.undo_point(people[0]) is not None
