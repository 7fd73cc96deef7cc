"""The room's one window on the engine's state machine (Match.pending / Match.apply).

A remote seat is just another way a pending decision gets answered: the room asks `pending()`, sends each
deciding seat its `view()` and the answers `legal()` to it, and passes what comes back to `act()`, which
answers the match or raises ActionError with the engine's code. The only thing added here is the deal:
the match waits for the next hand (or a redeal) until the room brings the host's commitment with every
player's cut.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from ..engine.deal import Deal
from ..engine.decisions import (
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    DealHand,
    Dealt,
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
    PlayTurn,
    RedealOffer,
)
from ..engine.decisions import Event as EngineEvent
from ..engine.decisions import Pending as EnginePending
from ..engine.errors import DominoError
from ..engine.fairness import FairDeal, ProofError
from ..engine.match import Match
from ..engine.moves import parse_move
from ..engine.presets import build_rules
from ..engine.rules import Rules
from ..engine.view import PlayerView

Event = dict[str, Any]


class Kind(StrEnum):
    """A pending decision as the protocol names it."""

    DEAL = "deal"  # the next deal (or a redeal) needs a seed: the room runs the commitment and the cuts
    REDEAL = "redeal"  # a seat dealt enough doubles may ask for the table to be dealt again
    LEAD = "lead"  # a side chooses which partner leads
    TURN = "turn"  # the seat to play moves
    CLAIM = "claim"  # the last player may claim the points they scored
    MUGGINS = "muggins"  # opponents may take points the scorer let go
    OVER = "over"


class Pending(NamedTuple):
    kind: Kind
    seats: tuple[int, ...]  # seats whose answer is awaited
    any_of: bool = False  # one answer from `seats` settles it (a side choosing its leader)


class ActionError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


DECLINE = "decline"
REDEAL = "redeal"
KEEP = "keep"


def rng_state(seed: int) -> tuple[int, tuple[int, ...], float | None]:
    version, words, gauss = random.Random(seed).getstate()
    return version, tuple(words), gauss


class MatchDriver:
    """Drives an engine Match one decision at a time, in the protocol's words."""

    def __init__(self, preset: str, options: Mapping[str, Any] | None = None) -> None:
        self.preset = preset
        self.options = dict(options or {})
        self.rules: Rules = build_rules(preset, self.options)
        self.match = Match(self.rules)
        self.serial = 0  # grows with every change, so an answer to an old decision is recognised
        self.deals: list[tuple[int, Deal]] = []  # every deal with its hand's index, those dealt again included
        self._redeal_by: int | None = None  # a seat asked for a redeal: it waits for a fresh seed
        self._hand = 0
        self._pending: tuple[int, Pending] | None = None
        self._engine: tuple[int, EnginePending] | None = None
        self._written: tuple[int, list[dict[str, Any]]] = (-1, [])
        # Every answer applied, in order: ["fair", proof] (a deal, engine.fairness: the proof holds the
        # secret and the cuts), ["deal", seed] (a deal in rooms saved before) or ["act", seat, action].
        # Replaying it into a new driver rebuilds the match exactly (a resumed room).
        self.record: list[list[Any]] = []

    # ---- what is pending ------------------------------------------------------------------

    def pending(self) -> Pending:
        """What is awaited now. Worked out once per change: the room asks often, the answer changes only
        when an action is applied (which moves `serial` on)."""
        cached = self._pending
        if cached is not None and cached[0] == self.serial:
            return cached[1]
        pending = self._work_out_pending()
        self._pending = (self.serial, pending)
        return pending

    def _engine_pending(self) -> EnginePending:
        cached = self._engine
        if cached is not None and cached[0] == self.serial:
            return cached[1]
        pending = self.match.pending()
        self._engine = (self.serial, pending)
        return pending

    def _work_out_pending(self) -> Pending:
        if self._redeal_by is not None:
            return Pending(Kind.DEAL, ())
        pending = self._engine_pending()
        if isinstance(pending, NextHand):
            return Pending(Kind.DEAL, ())
        if isinstance(pending, RedealOffer):
            return Pending(Kind.REDEAL, pending.seats)
        if isinstance(pending, ChooseLeader):
            return Pending(Kind.LEAD, pending.seats, any_of=True)
        if isinstance(pending, PlayTurn):
            return Pending(Kind.TURN, pending.seats)
        if isinstance(pending, ClaimWindow):
            return Pending(Kind.CLAIM, pending.seats)
        if isinstance(pending, MugginsWindow):
            return Pending(Kind.MUGGINS, pending.seats)
        assert isinstance(pending, MatchOver)
        return Pending(Kind.OVER, ())

    def legal(self, seat: int) -> list[str]:
        """The answers `seat` may give now ([] when it has nothing to decide)."""
        pending = self.pending()
        if seat not in pending.seats:
            return []
        if pending.kind is Kind.REDEAL:
            return [REDEAL, KEEP]
        if pending.kind is Kind.LEAD:
            return [f"lead:{s}" for s in pending.seats]
        if pending.kind is Kind.CLAIM:
            return ["claim", DECLINE]
        if pending.kind is Kind.MUGGINS:
            return [f"muggins:{seat}", DECLINE]
        engine = self._engine_pending()
        assert isinstance(engine, PlayTurn)
        return [m.notation() for m in engine.moves]

    # ---- answers ----------------------------------------------------------------------------

    def deal_fair(self, proof: FairDeal) -> list[Event]:
        """Deal (or deal again) from the host's commitment and every player's cut (engine.fairness: the deal
        is `proof.deal(rules)`, as at a single screen). Rules that draw the leading side at random draw it
        from `proof.draw_seed()`, as far out of anyone's hands as the deal."""
        if self.pending().kind is not Kind.DEAL:
            raise ActionError("wrong_state", "no deal is due")
        self.match.set_rng_state(rng_state(proof.draw_seed()))
        self.match.fair_next = proof
        events = self._deal_due()
        self.record.append(["fair", proof.as_json()])
        return events

    def deal(self, seed: int) -> list[Event]:
        """Deal from a seed alone: the match's RNG is set from it and the engine deals from the RNG. Rooms
        saved before deals were made through engine.fairness recorded their deals so ("deal" entries)."""
        if self.pending().kind is not Kind.DEAL:
            raise ActionError("wrong_state", "no deal is due")
        self.match.set_rng_state(rng_state(seed))
        self.match.fair_next = None
        events = self._deal_due()
        self.record.append(["deal", seed])
        return events

    def _deal_due(self) -> list[Event]:
        redeal_by, self._redeal_by = self._redeal_by, None
        action = DealHand() if redeal_by is None else AnswerRedeal(True)
        return self._apply(redeal_by, action)

    def act(self, seat: int, action: str) -> list[Event]:
        events = self._answer(seat, action)
        self.record.append(["act", seat, action])
        return events

    @staticmethod
    def replay(preset: str, options: Mapping[str, Any], record: list[Any]) -> MatchDriver:
        """A driver brought to where `record` left its match; ActionError or ValueError if it does not fit."""
        driver = MatchDriver(preset, options)
        for entry in record:
            if not isinstance(entry, list) or not entry:
                raise ValueError(f"not a record entry: {entry!r}")
            if entry[0] == "deal" and len(entry) == 2 and isinstance(entry[1], int):
                driver.deal(entry[1])
            elif entry[0] == "fair" and len(entry) == 2:
                try:
                    proof = FairDeal.from_json(entry[1])
                except ProofError as exc:
                    raise ValueError(str(exc)) from None
                driver.deal_fair(proof)
            elif entry[0] == "act" and len(entry) == 3 and isinstance(entry[1], int) and isinstance(entry[2], str):
                driver.act(entry[1], entry[2])
            else:
                raise ValueError(f"not a record entry: {entry!r}")
        return driver

    def _answer(self, seat: int, action: str) -> list[Event]:
        pending = self.pending()
        if seat not in pending.seats:
            raise ActionError("not_your_decision", f"seat {seat} has nothing to decide now ({pending.kind.value})")
        if pending.kind is Kind.REDEAL:
            if action == REDEAL:
                self._redeal_by = seat  # the deal stays until a new seed arrives
                self.serial += 1
                return [{"e": "redeal", "seat": seat}]
            if action != KEEP:
                raise ActionError("illegal", f"answer '{REDEAL}' or '{KEEP}', not '{action[:20]}'")
            return self._apply(seat, AnswerRedeal(False))
        if pending.kind is Kind.LEAD:
            text = action.removeprefix("lead:")
            if not action.startswith("lead:") or not text.isdigit():
                raise ActionError("illegal", f"answer like lead:{pending.seats[0]}, not '{action[:20]}'")
            return self._apply(seat, Lead(int(text)))
        if action == DECLINE and pending.kind in (Kind.CLAIM, Kind.MUGGINS):
            return self._apply(seat, LetGo())
        try:
            move = parse_move(action)
        except DominoError as exc:
            raise ActionError("illegal", str(exc)) from None
        return self._apply(seat, move)

    def _apply(self, seat: int | None, action: Any) -> list[Event]:
        try:
            events = self.match.apply(seat, action)
        except DominoError as exc:
            code = "not_your_decision" if exc.code == "not_your_decision" else "illegal"
            raise ActionError(code, str(exc)) from None
        self.serial += 1
        return [self._event(e) for e in events]

    def _event(self, event: EngineEvent) -> Event:
        match = self.match
        if isinstance(event, Dealt):
            self._hand = event.hand_index
            assert match.deal is not None
            self.deals.append((event.hand_index, match.deal))
            return {"e": "dealt", "hand": event.hand_index, "redeal_by": event.redeal_by}
        if isinstance(event, HandStarted):
            self._hand = event.hand_index
            hand = match.hand
            assert hand is not None
            sizes = [len(h) for h in hand.hands]
            return {"e": "hand_start", "hand": event.hand_index, "leader": event.leader, "hand_sizes": sizes,
                    "stock": len(hand.stock)}  # fmt: skip
        if isinstance(event, Moved):
            return {"e": "move", "hand": self._hand, "seat": event.seat, "move": event.move.notation(),
                    "gains": list(event.gains)}  # fmt: skip
        if isinstance(event, LetGoBy):
            return {"e": "let_go", "hand": self._hand, "seat": event.seat}
        if isinstance(event, HandScored):
            result = event.result
            return {
                "e": "hand_end",
                "hand": result.hand_index,
                "result": result.as_json(),
                "remaining": [[str(t) for t in tiles] for tiles in result.remaining],
                "scores": list(result.scores),
            }
        assert isinstance(event, MatchWon)
        return {"e": "match_end", "winner": event.winner, "scores": list(match.scores)}

    # ---- what a seat sees -------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see, as the bot protocol's request (BOT.md): its tiles and the public record."""
        match = self.match
        base: dict[str, Any] = {"preset": self.preset, "options": self.options, "hand_index": match.hand_index}
        if match.hand is None:
            tiles = [str(t) for t in match.deal.hands[seat]] if match.deal is not None else []
            return base | {"seat": seat, "hand": tiles, "leader": None, "moves": [], "scores": list(match.scores)}
        view = PlayerView.of(match, seat)
        return base | {
            "seat": seat,
            "hand": [str(t) for t in view.tiles],
            "leader": view.leader,
            "moves": self._public_moves(view),
            "scores": list(view.scores),
            "hand_sizes": list(view.hand_sizes),
            "stock": view.stock,
        }

    def _public_moves(self, view: PlayerView) -> list[dict[str, Any]]:
        """The hand's public record in the protocol's words. Every view of a hand repeats it, so it is
        written once per move and shared (the encoder only reads it)."""
        index, written = self._written
        if index != view.hand_index or len(written) > len(view.moves):
            written = []
            self._written = (view.hand_index, written)
        for turn in view.moves[len(written) :]:
            written.append({"seat": turn.seat, "move": turn.move.notation()})
        return written

    def player_view(self, seat: int) -> PlayerView | None:
        return PlayerView.of(self.match, seat) if self.match.hand is not None else None
