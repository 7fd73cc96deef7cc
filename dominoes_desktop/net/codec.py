"""The one codec of the room protocol (docs/PROTOCOL.md, "Playing"): every engine value on the wire, both ways.

Pure functions and small values, no loop and no I/O. The server writes with it: a pending decision's name
(`decision`) and answers (`legal`), an `act` read back as the engine's action (`parse`), the public events
and each seat's view (`Words`). A client reads with it: a `view` message as the decision, its answers as the
engine's actions and the seat's PlayerView (`decode_view`), an event as the engine's event (`decode_event`),
and its own answers written back (`encode_action`). `tests/net/test_codec.py` round-trips every type.
net/messages.py keeps the envelopes and their bounds; the room hands out nothing itself: its session does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..engine.decisions import (
    Action,
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    Cut,
    CutDeck,
    Dealt,
    Event,
    HandResult,
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
    Pending,
    PlayTurn,
    RedealAnswered,
    RedealOffer,
)
from ..engine.errors import DominoError
from ..engine.fairness import FairDeal
from ..engine.hand import HandEnd
from ..engine.match import Match
from ..engine.moves import CLAIM, Move, MoveKind, parse_move, read_move
from ..engine.presets import rules_from_json
from ..engine.rules import Rules
from ..engine.tiles import Tile
from ..engine.view import PlayerView, RequestError, view_from_request
from . import fairdeal
from .protocol import E_BAD_MESSAGE, ProtocolError

if TYPE_CHECKING:
    from .messages import Event as EventMessage
    from .messages import View as ViewMessage


class Decision(StrEnum):
    """What the room waits for, by its name on the wire."""

    CUT = "cut"
    REDEAL = "redeal"
    LEAD = "lead"
    TURN = "turn"
    CLAIM = "claim"
    MUGGINS = "muggins"
    OVER = "over"
    DEAL = "deal"  # an older server's name for a deal being made: nothing to answer


DECLINE = "decline"
REDEAL = "redeal"
KEEP = "keep"
CUT = "cut:HEX"


class ActionError(Exception):
    """An `act` that does not answer the decision: `code` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def decision(pending: Pending) -> Decision:
    """The protocol's name for a pending decision. The table deals (NextHand) and cuts with everyone: `cut`."""
    if isinstance(pending, NextHand | CutDeck):
        return Decision.CUT
    if isinstance(pending, RedealOffer):
        return Decision.REDEAL
    if isinstance(pending, ChooseLeader):
        return Decision.LEAD
    if isinstance(pending, PlayTurn):
        return Decision.TURN
    if isinstance(pending, ClaimWindow):
        return Decision.CLAIM
    if isinstance(pending, MugginsWindow):
        return Decision.MUGGINS
    assert isinstance(pending, MatchOver)
    return Decision.OVER


def deciders(pending: Pending) -> tuple[int, ...]:
    """The seats whose answer the match takes now (a cut: those who have not cut yet)."""
    if isinstance(pending, NextHand | MatchOver):
        return ()
    return pending.seats


def answers(pending: Pending, seat: int) -> tuple[Action, ...]:
    """The engine's actions `seat` may answer now (a cut apart: its bytes are the client's to choose)."""
    if seat not in deciders(pending) or isinstance(pending, CutDeck):
        return ()
    if isinstance(pending, RedealOffer):
        return (AnswerRedeal(True), AnswerRedeal(False))
    if isinstance(pending, ChooseLeader):
        return tuple(Lead(s) for s in pending.seats)
    if isinstance(pending, ClaimWindow):
        return (CLAIM, LetGo())
    if isinstance(pending, MugginsWindow):
        return (Move(MoveKind.MUGGINS, caller=seat), LetGo())
    assert isinstance(pending, PlayTurn)
    return pending.moves


def legal(pending: Pending, seat: int) -> list[str]:
    """The answers `seat` may give now, in the protocol's words ([] when it has nothing to decide)."""
    if isinstance(pending, CutDeck) and seat in pending.seats:
        return [CUT]
    return [encode_action(a) for a in answers(pending, seat)]


def encode_action(action: Action) -> str:
    """An engine action as an `act` writes it."""
    if isinstance(action, Cut):
        return f"cut:{action.material.decode('ascii')}"  # a wire cut's text is its material
    if isinstance(action, AnswerRedeal):
        return REDEAL if action.redeal else KEEP
    if isinstance(action, Lead):
        return f"lead:{action.seat}"
    if isinstance(action, LetGo):
        return DECLINE
    if isinstance(action, Move):
        return action.notation()
    raise ValueError(f"{type(action).__name__} is the table's to take, never sent")


def decode_action(text: str) -> Action | None:
    """An answer as a `view` lists it, as the engine's action (None for the cut's template); ProtocolError if
    it is none of the protocol's answers."""
    if text == CUT:
        return None
    if text in (REDEAL, KEEP):
        return AnswerRedeal(text == REDEAL)
    if text == DECLINE:
        return LetGo()
    if text.startswith("lead:") and text[5:].isdigit():
        return Lead(int(text[5:]))
    if text.startswith("cut:") and fairdeal.valid_cut(text[4:]):
        return Cut(text[4:].encode("ascii"))
    try:
        return parse_move(text)
    except DominoError as exc:
        raise ProtocolError(E_BAD_MESSAGE, f"'{text[:20]}' is no answer: {exc}") from None


def timeout_action(pending: Pending, seat: int) -> str | None:
    """What a guest whose time ran out answers (PROTOCOL.md, "The turn clock"): keep a deal, lead from the
    first seat offered, play the first legal move, claim what they scored, let an opponent's points go. None
    for a cut (the host's app cuts for the late) and when the seat has nothing to decide."""
    answers = legal(pending, seat)
    if not answers or isinstance(pending, CutDeck):
        return None
    if isinstance(pending, RedealOffer):
        return KEEP
    if isinstance(pending, MugginsWindow):
        return DECLINE
    return answers[0]  # a lead's first seat, a turn's first move, a claim's "claim"


def parse(pending: Pending, seat: int, text: str) -> Action:
    """`seat`'s `act` string as the engine's action; ActionError (`not_your_decision`, `illegal`) if it cannot
    answer the decision. Whether the match takes it is the match's to say (a move may still not fit)."""
    if seat not in deciders(pending):
        raise ActionError("not_your_decision", f"seat {seat} has nothing to decide now ({decision(pending)})")
    if isinstance(pending, CutDeck):
        cut = text.removeprefix("cut:")
        if not text.startswith("cut:") or not fairdeal.valid_cut(cut):
            raise ActionError("illegal", "a cut is 'cut:' and 1 to 64 lower-case hexadecimal digits")
        return Cut(cut.encode("ascii"))  # the wire cut's text is the cut (PROTOCOL.md, "Fair deals")
    if isinstance(pending, RedealOffer):
        if text not in (REDEAL, KEEP):
            raise ActionError("illegal", f"answer '{REDEAL}' or '{KEEP}', not '{text[:20]}'")
        return AnswerRedeal(text == REDEAL)
    if isinstance(pending, ChooseLeader):
        number = text.removeprefix("lead:")
        if not text.startswith("lead:") or not number.isdigit():
            raise ActionError("illegal", f"answer like lead:{pending.seats[0]}, not '{text[:20]}'")
        return Lead(int(number))
    if text == DECLINE and isinstance(pending, ClaimWindow | MugginsWindow):
        return LetGo()
    # A pose offered: nothing is on the table, so a play's '@x' is refused in the empty table's words.
    first = isinstance(pending, PlayTurn) and any(m.kind is MoveKind.PLAY and m.end is None for m in pending.moves)
    try:
        return read_move(text, posed=not first)
    except DominoError as exc:
        raise ActionError("illegal", str(exc)) from None


def reveal(proof: FairDeal) -> dict[str, Any]:
    """A room's deal revealed at its hand's end: the secret and every seat's wire cut (PROTOCOL.md)."""
    cuts = {seat: cut.decode("ascii", "replace") for seat, cut in enumerate(proof.cuts)}
    return {"digest": proof.fingerprint, "secret": proof.secret.hex(), "cuts": cuts}


_MOVE_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)  # made once (json.dumps makes one a call)


class Words:
    """The public events and each seat's view of one match, in the protocol's words. It follows the hand the
    events are about, and writes a hand's public record once per move for every view that repeats it."""

    def __init__(self, preset: str, options: dict[str, Any], match: Match) -> None:
        self.preset = preset
        self.options = options
        self.match = match
        self.hand = match.hand_index  # the hand the events are about
        self._written: tuple[int, list[dict[str, Any]]] = (-1, [])
        self._encoded: list[bytes] = []  # each move of `_written`, encoded
        self._joined = b"[]"  # `_encoded` as one JSON list (every view of a move repeats it)
        self._joined_moves = 0  # the moves `_joined` holds

    def event(self, event: Event) -> dict[str, Any] | None:
        """A public event as the protocol sends it; None for what it does not tell (a seal, a cut, a kept
        deal: the room says those itself)."""
        match = self.match
        if isinstance(event, Dealt):
            self.hand = event.hand_index
            return {"e": "dealt", "hand": event.hand_index, "redeal_by": event.redeal_by}
        if isinstance(event, HandStarted):
            self.hand = event.hand_index
            hand = match.hand
            assert hand is not None
            sizes = [len(h) for h in hand.hands]
            return {"e": "hand_start", "hand": event.hand_index, "leader": event.leader, "hand_sizes": sizes,
                    "stock": len(hand.stock)}  # fmt: skip
        if isinstance(event, Moved):
            return {"e": "move", "hand": self.hand, "seat": event.seat, "move": event.move.notation(),
                    "gains": list(event.gains)}  # fmt: skip
        if isinstance(event, LetGoBy):
            return {"e": "let_go", "hand": self.hand, "seat": event.seat}
        if isinstance(event, RedealAnswered):
            return {"e": "redeal", "seat": event.seat} if event.redeal else None
        if isinstance(event, HandScored):
            result = event.result
            return {
                "e": "hand_end",
                "hand": result.hand_index,
                "result": {**result.as_json(), "leader": result.leader},
                "remaining": [[str(t) for t in tiles] for tiles in result.remaining],
                "scores": list(result.scores),
            }
        if isinstance(event, MatchWon):
            return {"e": "match_end", "winner": event.winner, "scores": list(match.scores)}
        return None  # Sealed, CutBy

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see, as the bot protocol's request (BOT.md): its tiles and the public record.
        Between hands (a deal waiting for its cuts, a redeal) it holds no tiles."""
        match = self.match
        base: dict[str, Any] = {"preset": self.preset, "options": self.options, "hand_index": match.hand_index}
        if match.hand is None:
            # A deal waiting for its cuts (a redeal's too) holds no tiles yet: the last deal's are given up.
            deal = None if isinstance(match.pending(), NextHand | CutDeck) else match.deal
            tiles = [] if deal is None else [str(t) for t in deal.hands[seat]]
            return base | {"seat": seat, "hand": tiles, "leader": None, "moves": [], "scores": list(match.scores)}
        view = PlayerView.of(match, seat)
        # The hand's public record, shared by every view of the hand, is written once per move.
        return view.to_request(self.preset, self.options, self._public_moves(view))

    def _public_moves(self, view: PlayerView) -> list[dict[str, Any]]:
        """The hand's public record; every view of a hand repeats it, so it is written once per move and
        shared (the encoder only reads it), and kept encoded too (`encoded_moves`)."""
        index, written = self._written
        if index != view.hand_index or len(written) > len(view.moves):
            written = []
            self._written = (view.hand_index, written)
            self._encoded = []
            self._joined_moves = -1
        for turn in view.moves[len(written) :]:
            move = {"seat": turn.seat, "move": turn.move.notation()}
            written.append(move)
            self._encoded.append(_MOVE_ENCODER.encode(move).encode())
        return written

    def encoded_moves(self, moves: list[dict[str, Any]]) -> bytes | None:
        """`moves` (a view's public record) as JSON, from the record encoded once per move; None if `moves` is
        not the shared record."""
        if moves is not self._written[1] or len(self._encoded) != len(moves):
            return None
        if self._joined_moves != len(moves):  # the record grows by a move; a new hand's starts anew
            self._joined = b"[" + b",".join(self._encoded) + b"]"
            self._joined_moves = len(moves)
        return self._joined


# ---- what a client reads --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """A `view` message as a client reads it: the decision, its answers, the seat's own tiles and view."""

    d: int
    decision: Decision
    legal: tuple[str, ...]  # the answers as the wire writes them (`cut:HEX` is a template)
    actions: tuple[Action, ...]  # the same as the engine's actions, the cut's template apart
    seat: int
    hand_index: int
    tiles: tuple[Tile, ...]  # the seat's own tiles (between hands: the deal's, or none)
    scores: tuple[int, ...]
    view: PlayerView | None  # the hand in play as this seat may see it; None between hands
    rules: Rules | None = None
    commit: str | None = None
    time_s: int | None = None

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats a lead may name."""
        return tuple(a.seat for a in self.actions if isinstance(a, Lead))


def decode_view(message: ViewMessage) -> Asked:
    """A checked `view` message (messages.View) read with the engine: ProtocolError, one line, if its view
    describes no possible position or its answers are none of the protocol's."""
    request = message.view
    actions = tuple(a for a in (decode_action(t) for t in message.legal) if a is not None)
    try:
        decision_name = Decision(message.decision)
    except ValueError:
        raise ProtocolError(E_BAD_MESSAGE, f"'{message.decision}' is no decision") from None
    in_play = request.get("leader") is not None and "hand_sizes" in request
    view = rules = None
    try:
        if in_play:
            view = view_from_request(request)
            rules = view.rules
        tiles = tuple(Tile.parse(t) for t in request.get("hand", []))
    except (RequestError, DominoError) as exc:
        raise ProtocolError(E_BAD_MESSAGE, f"view: {exc}") from None
    if rules is None:
        try:
            rules = rules_from_json(request)
        except DominoError:
            rules = None  # rules this app does not know: the seat's tiles are still shown
    return Asked(
        message.d,
        decision_name,
        tuple(message.legal),
        actions,
        int(request["seat"]),
        int(request["hand_index"]),
        tiles,
        tuple(int(s) for s in request.get("scores", [])),
        view,
        rules,
        message.commit,
        message.time_s,
    )


@dataclass(frozen=True)
class Told:
    """A public event of the match as a client reads it: the engine's event, the hand it is about (when the
    wire says), and a hand start's counts."""

    event: Event
    hand: int | None = None
    hand_sizes: tuple[int, ...] = ()
    stock: int = 0


def decode_event(message: EventMessage, rules: Rules | None = None, leader: int = 0) -> Told | None:
    """A checked `event` message (messages.Event) as the engine's event; None for the room's own events
    (start, commit, cut, drops, clocks: the room window reads those). ProtocolError if a match event cannot be
    one (with `rules`: a hand's end that does not fit the table). `leader`: the hand's, when its end has none."""
    fields, kind = message.fields, message.e
    try:
        if kind == "dealt":
            return Told(Dealt(int(fields["hand"]), fields.get("redeal_by")), int(fields["hand"]))
        if kind == "hand_start":
            started = HandStarted(int(fields["hand"]), int(fields["leader"]))
            sizes = tuple(int(n) for n in fields["hand_sizes"])
            return Told(started, started.hand_index, sizes, int(fields["stock"]))
        if kind == "move":
            gains = tuple(int(g) for g in fields.get("gains") or ())
            return Told(Moved(int(fields["seat"]), parse_move(str(fields["move"])), gains), int(fields["hand"]))
        if kind == "let_go":
            return Told(LetGoBy(int(fields["seat"])), int(fields["hand"]))
        if kind == "redeal":
            return Told(RedealAnswered(int(fields["seat"]), True))
        if kind == "hand_end":
            result = hand_result(fields, leader, rules)
            if result is None:
                raise ProtocolError(E_BAD_MESSAGE, "'hand_end' does not describe a hand of this table")
            return Told(HandScored(result), result.hand_index)
        if kind == "match_end":
            winner = fields.get("winner")
            sides = rules.sides if rules is not None else None
            if not isinstance(winner, int) or (sides is not None and not 0 <= winner < sides):
                return None  # a match without a winning side of this table: nothing to celebrate
            return Told(MatchWon(winner))
    except (DominoError, KeyError, TypeError, ValueError) as exc:
        raise ProtocolError(E_BAD_MESSAGE, f"event '{kind}': {exc}") from None
    return None


def hand_result(message: dict[str, Any], leader: int, rules: Rules | None = None) -> HandResult | None:
    """A hand_end event's fields as the hand summary (None if it cannot be read, or, with `rules`, if it does
    not fit the table: a rack, a pip count, a score for each seat or side, a winner among them)."""
    try:
        result = dict(message["result"])
        remaining = tuple(tuple(Tile.parse(t) for t in rack) for rack in message["remaining"])
        summary = HandResult(
            hand_index=int(message["hand"]),
            seed=None,
            leader=int(result.get("leader", leader)),
            end=HandEnd(str(result.get("end", "blocked"))),
            winner_seat=None if result.get("winner_seat") is None else int(result["winner_seat"]),
            winner_side=None if result.get("winner_side") is None else int(result["winner_side"]),
            points=int(result.get("points", 0)),
            bonus=tuple(str(b) for b in result.get("bonus", [])),
            reset=bool(result.get("reset", False)),
            end_points=tuple(int(p) for p in result.get("end_points", [])),
            pips=tuple(int(p) for p in result.get("pips", [sum(t.high + t.low for t in r) for r in remaining])),
            remaining=remaining,
            scores=tuple(int(s) for s in message["scores"]),
        )
    except (DominoError, KeyError, TypeError, ValueError):
        return None
    if rules is not None and not fits(summary, rules):
        return None
    return summary


def fits(result: HandResult, rules: Rules) -> bool:
    """Whether a hand summary from the room has what the table reads for each seat and side of `rules`."""
    seats, sides = rules.players, rules.sides
    return (
        len(result.remaining) == seats
        and len(result.pips) == seats
        and len(result.scores) == sides
        and len(result.end_points) in (0, sides)
        and (result.winner_seat is None or 0 <= result.winner_seat < seats)
        and (result.winner_side is None or 0 <= result.winner_side < sides)
        and 0 <= result.leader < seats
    )
