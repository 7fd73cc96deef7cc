"""The room's one window on the engine: what decision is pending, who decides it, and applying an answer.

A remote seat is just another way a pending decision gets answered: the room asks `pending()`, sends each
deciding seat its `view()` and `legal()` answers, and passes what comes back to `act()`, which either
changes the match or raises ActionError with a code. CPU seats answer through `cpu_action()`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from ..engine.cpu import CpuPlayer, choose_leader, wants_redeal
from ..engine.deal import Deal
from ..engine.errors import DominoError, IllegalMove
from ..engine.match import HandResult, Match
from ..engine.moves import MoveKind, parse_move
from ..engine.presets import build_rules
from ..engine.rules import Rules
from ..engine.view import PlayerView

Event = dict[str, Any]


class Kind(StrEnum):
    DEAL = "deal"  # the next deal needs a seed: the room runs the commitment and the cuts
    REDEAL = "redeal"  # seats dealt enough doubles may ask for the table to be dealt again
    LEAD = "lead"  # a side chooses which partner leads
    TURN = "turn"  # the seat to play moves; others may claim or call Muggins beside it
    CLAIM = "claim"  # the hand is over but points are unclaimed: each seat that may take them answers
    OVER = "over"


class Pending(NamedTuple):
    kind: Kind
    seats: tuple[int, ...]  # seats whose answer is awaited
    optional: tuple[int, ...] = ()  # seats that may answer without being waited for (claims beside a turn)
    any_of: bool = False  # one answer from `seats` settles it (a side choosing its leader)


class ActionError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


DECLINE = "decline"
REDEAL = "redeal"
KEEP = "keep"


class MatchDriver:
    """Drives an engine Match one decision at a time."""

    def __init__(self, preset: str, options: Mapping[str, Any] | None = None) -> None:
        self.preset = preset
        self.options = dict(options or {})
        self.rules: Rules = build_rules(preset, self.options)
        self.match = Match(self.rules)
        self.serial = 0  # grows with every change, so an answer to an old decision is recognised
        self._redealt = False
        self._need_deal = False
        self._redeal_answers: set[int] = set()
        self._declined: set[int] = set()
        self.last_result: HandResult | None = None
        self.deals: list[tuple[int, Deal]] = []  # every deal with its hand's index, those dealt again included

    # ---- what is pending ------------------------------------------------------------------

    def pending(self) -> Pending:
        match = self.match
        if match.is_over:
            return Pending(Kind.OVER, ())
        hand = match.hand
        if hand is None:
            if match.deal is None or self._need_deal:
                return Pending(Kind.DEAL, ())
            redeal = tuple(s for s in match.redeal_seats() if s not in self._redeal_answers)
            if redeal and not self._redealt:
                return Pending(Kind.REDEAL, redeal)
            assert match.plan is not None
            return Pending(Kind.LEAD, match.plan.seats, any_of=True)
        claimers = tuple(s for s in range(self.rules.players) if hand.claim_moves(s))
        if hand.is_over:
            return Pending(Kind.CLAIM, tuple(s for s in claimers if s not in self._declined))
        return Pending(Kind.TURN, (hand.turn,), tuple(s for s in claimers if s != hand.turn))

    def legal(self, seat: int) -> list[str]:
        """The answers `seat` may give now ([] when it has nothing to decide)."""
        pending = self.pending()
        if seat not in pending.seats and seat not in pending.optional:
            return []
        if pending.kind is Kind.REDEAL:
            return [REDEAL, KEEP]
        if pending.kind is Kind.LEAD:
            return [f"lead:{s}" for s in pending.seats]
        hand = self.match.hand
        assert hand is not None
        moves = [m.notation() for m in hand.claim_moves(seat)]
        if pending.kind is Kind.CLAIM:
            return [*moves, DECLINE]
        if seat == hand.turn:
            moves += [m.notation() for m in hand.legal_moves()]
        return moves

    # ---- answers ----------------------------------------------------------------------------

    def deal(self, seed: int) -> list[Event]:
        """Deal from a seed everyone contributed to; the match's own RNG is reseeded from it too, as the
        rules that draw a leading side at random use it."""
        match = self.match
        if self.pending().kind is not Kind.DEAL:
            raise ActionError("wrong_state", "no deal is due")
        redeal = match.deal is not None
        match.set_rng_state(_state_from(seed))
        match.deal_next(seed)
        self._redealt = redeal
        self._need_deal = False
        self._redeal_answers = set()
        self._declined = set()
        self.serial += 1
        assert match.deal is not None
        self.deals.append((match.hand_index, match.deal))
        events: list[Event] = [{"e": "dealt", "hand": match.hand_index, "redeal": redeal}]
        return events + self._auto()

    def act(self, seat: int, action: str) -> list[Event]:
        pending = self.pending()
        if seat not in pending.seats and seat not in pending.optional:
            raise ActionError("not_your_decision", f"seat {seat} has nothing to decide now ({pending.kind.value})")
        try:
            events = self._act(pending, seat, action)
        except DominoError as exc:
            raise ActionError("illegal", str(exc)) from None
        self.serial += 1
        return events + self._auto()

    def _act(self, pending: Pending, seat: int, action: str) -> list[Event]:
        match = self.match
        if pending.kind is Kind.REDEAL:
            if action == REDEAL:
                self._need_deal = True  # the deal stays until a new seed arrives: DEAL is pending again
                return [{"e": "redeal", "seat": seat}]
            if action != KEEP:
                raise IllegalMove(f"answer '{REDEAL}' or '{KEEP}', not '{action}'")
            self._redeal_answers.add(seat)
            return []
        if pending.kind is Kind.LEAD:
            leader_text = action.removeprefix("lead:")
            if not action.startswith("lead:") or not leader_text.isdigit():
                raise IllegalMove(f"answer like lead:{pending.seats[0]}, not '{action}'")
            return self._start(int(leader_text))
        hand = match.hand
        assert hand is not None
        if pending.kind is Kind.CLAIM and action == DECLINE:
            self._declined.add(seat)
            return self._maybe_finish()
        move = parse_move(action)
        if move.kind is MoveKind.MUGGINS and move.caller != seat:
            raise IllegalMove(f"seat {seat} can only call Muggins as itself (muggins:{seat})")
        if move.kind not in (MoveKind.CLAIM, MoveKind.MUGGINS) and pending.kind is Kind.CLAIM:
            raise IllegalMove("the hand is over: claim, call Muggins or decline")
        if move.kind not in (MoveKind.CLAIM, MoveKind.MUGGINS) and seat != hand.turn:
            raise IllegalMove(f"it is seat {hand.turn}'s turn, not seat {seat}'s")
        if move.kind is MoveKind.PLAY:
            move = hand.resolve(move)  # the event names the end, so every client lays it the same way
        hand.apply(move, seat)
        events: list[Event] = [{"e": "move", "hand": match.hand_index, "seat": seat, "move": move.notation()}]
        return events + self._maybe_finish()

    def _start(self, leader: int) -> list[Event]:
        hand = self.match.start_hand(leader)
        return [
            {
                "e": "hand_start",
                "hand": self.match.hand_index,
                "leader": leader,
                "hand_sizes": [len(h) for h in hand.hands],
                "stock": len(hand.stock),
            }
        ]

    def _auto(self) -> list[Event]:
        """Steps nobody decides: a lone leader starts at once; a finished hand with nothing to claim ends."""
        pending = self.pending()
        if pending.kind is Kind.LEAD and len(pending.seats) == 1:
            self.serial += 1
            return self._start(pending.seats[0]) + self._auto()
        return []

    def _maybe_finish(self) -> list[Event]:
        hand = self.match.hand
        if hand is None or not hand.is_over or self.pending().seats:
            return []
        result = self.match.finish_hand()
        self.last_result = result
        self._declined = set()
        event: Event = {
            "e": "hand_end",
            "hand": result.hand_index,
            "result": result.as_json(),
            "remaining": [[str(t) for t in tiles] for tiles in result.remaining],
            "scores": list(result.scores),
        }
        events = [event]
        if self.match.is_over:
            events.append({"e": "match_end", "winner": self.match.winner, "scores": list(self.match.scores)})
        return events

    # ---- what a seat sees -------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see, as the bot protocol's request (BOT.md): its tiles and the public record."""
        match = self.match
        base: dict[str, Any] = {"preset": self.preset, "options": self.options, "hand_index": match.hand_index}
        if match.hand is None:
            tiles = [str(t) for t in match.deal.hands[seat]] if match.deal is not None else []
            scores = list(match.scores)
            return base | {"seat": seat, "hand": tiles, "leader": None, "moves": [], "scores": scores}
        view = PlayerView.of(match, seat)
        return base | {
            "seat": seat,
            "hand": [str(t) for t in view.tiles],
            "leader": view.leader,
            "moves": [{"seat": t.seat, "move": t.move.notation()} for t in view.moves],
            "scores": list(view.scores),
            "hand_sizes": list(view.hand_sizes),
            "stock": view.stock,
        }

    def cpu_action(self, seat: int, player: CpuPlayer) -> str | None:
        """The answer a CPU gives for `seat` now (None: it lets an optional claim go)."""
        pending = self.pending()
        match = self.match
        if pending.kind is Kind.REDEAL:
            assert match.deal is not None
            return REDEAL if wants_redeal(match.deal.hands[seat], self.rules.redeal_doubles) else KEEP
        if pending.kind is Kind.LEAD:
            assert match.deal is not None
            # A CPU judges only the hands of the side's CPU seats the room lets it see: its own side's.
            return f"lead:{choose_leader({s: match.deal.hands[s] for s in pending.seats})}"
        view = PlayerView.of(match, seat)
        claim = player.claim(view)
        if claim is not None:
            return claim.notation()
        if pending.kind is Kind.CLAIM:
            return DECLINE
        if seat in pending.optional:
            return None
        return player.decide(view).move.notation()


def _state_from(seed: int) -> tuple[int, tuple[int, ...], float | None]:
    version, words, gauss = random.Random(seed).getstate()
    return version, tuple(words), gauss
