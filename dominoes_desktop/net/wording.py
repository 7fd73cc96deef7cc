"""The room protocol's words for the engine's decisions (docs/PROTOCOL.md, "Playing").

Pure functions and one small writer, no loop and no I/O: what a pending decision is called on the wire
(`decision`), the answers a seat may send (`legal`), an `act` string read back as the engine's action
(`parse`), the public events (`Words.event`) and a seat's view (`Words.view`). The room hands out nothing
itself: its session does (session/table.py); this module only says it in the protocol's words.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.decisions import (
    Action,
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    Cut,
    CutDeck,
    Dealt,
    Event,
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
from ..engine.match import Match
from ..engine.moves import parse_move
from ..engine.view import PlayerView
from . import fairdeal

DECLINE = "decline"
REDEAL = "redeal"
KEEP = "keep"
CUT = "cut:HEX"


class ActionError(Exception):
    """An `act` that does not answer the decision: `code` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def decision(pending: Pending) -> str:
    """The protocol's name for a pending decision. The table deals (NextHand) and cuts with everyone: `cut`."""
    if isinstance(pending, NextHand | CutDeck):
        return "cut"
    if isinstance(pending, RedealOffer):
        return "redeal"
    if isinstance(pending, ChooseLeader):
        return "lead"
    if isinstance(pending, PlayTurn):
        return "turn"
    if isinstance(pending, ClaimWindow):
        return "claim"
    if isinstance(pending, MugginsWindow):
        return "muggins"
    assert isinstance(pending, MatchOver)
    return "over"


def deciders(pending: Pending) -> tuple[int, ...]:
    """The seats whose answer the match takes now (a cut: those who have not cut yet)."""
    if isinstance(pending, NextHand | MatchOver):
        return ()
    return pending.seats


def legal(pending: Pending, seat: int) -> list[str]:
    """The answers `seat` may give now ([] when it has nothing to decide)."""
    if seat not in deciders(pending):
        return []
    if isinstance(pending, CutDeck):
        return [CUT]
    if isinstance(pending, RedealOffer):
        return [REDEAL, KEEP]
    if isinstance(pending, ChooseLeader):
        return [f"lead:{s}" for s in pending.seats]
    if isinstance(pending, ClaimWindow):
        return ["claim", DECLINE]
    if isinstance(pending, MugginsWindow):
        return [f"muggins:{seat}", DECLINE]
    assert isinstance(pending, PlayTurn)
    return [m.notation() for m in pending.moves]


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
    try:
        return parse_move(text)
    except DominoError as exc:
        raise ActionError("illegal", str(exc)) from None


def reveal(proof: FairDeal) -> dict[str, Any]:
    """A room's deal revealed at its hand's end: the secret and every seat's wire cut (PROTOCOL.md)."""
    cuts = {seat: cut.decode("ascii", "replace") for seat, cut in enumerate(proof.cuts)}
    return {"digest": proof.fingerprint, "secret": proof.secret.hex(), "cuts": cuts}


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
                "result": result.as_json(),
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
        # The one seat view as a bot request (PlayerView.to_request's fields, in its order), written here so
        # that the hand's public record, shared by every view of the hand, is written once per move.
        request: dict[str, Any] = {
            "preset": self.preset,
            "options": self.options,
            "hand_index": view.hand_index,
            "seat": view.seat,
            "hand": [str(t) for t in view.tiles],
            "leader": view.leader,
            "moves": self._public_moves(view),
            "scores": list(view.scores),
            "hand_sizes": list(view.hand_sizes),
            "stock": view.stock,
        }
        if view.legal is not None:
            request["legal"] = [m.notation() for m in view.legal]
        return request

    def _public_moves(self, view: PlayerView) -> list[dict[str, Any]]:
        """The hand's public record; every view of a hand repeats it, so it is written once per move and
        shared (the encoder only reads it), and kept encoded too (`encoded_moves`)."""
        index, written = self._written
        if index != view.hand_index or len(written) > len(view.moves):
            written = []
            self._written = (view.hand_index, written)
            self._encoded = []
        for turn in view.moves[len(written) :]:
            move = {"seat": turn.seat, "move": turn.move.notation()}
            written.append(move)
            self._encoded.append(json.dumps(move, separators=(",", ":")).encode())
        return written

    def encoded_moves(self, moves: list[dict[str, Any]]) -> bytes | None:
        """`moves` (a view's public record) as JSON, from the record encoded once per move; None if `moves` is
        not the shared record."""
        if moves is not self._written[1] or len(self._encoded) != len(moves):
            return None
        return b"[" + b",".join(self._encoded) + b"]"
