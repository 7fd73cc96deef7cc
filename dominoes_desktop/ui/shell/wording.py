"""Engine errors in the player's language: the engine names a problem by a code and its parameters,
and this is where they become words; and a move as a player says it, one wording for every screen."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ...engine.cpu import Decision
from ...engine.errors import DominoError, NotationError
from ...engine.moves import Move, MoveKind, parse_move
from .i18n import translate

CONTEXT = "EngineError"

MESSAGES: dict[str, object] = {
    "not_your_turn": QT_TRANSLATE_NOOP("EngineError", "It is not your turn."),
    "not_your_decision": QT_TRANSLATE_NOOP("EngineError", "That is not yours to decide now."),
    "wrong_action": QT_TRANSLATE_NOOP("EngineError", "That does not answer what the table waits for."),
    "match_over": QT_TRANSLATE_NOOP("EngineError", "The match is over."),
    "no_hand": QT_TRANSLATE_NOOP("EngineError", "No hand is in play."),
    "hand_over": QT_TRANSLATE_NOOP("EngineError", "The hand is over: no more moves."),
    "hand_not_over": QT_TRANSLATE_NOOP("EngineError", "The hand is not over yet."),
    "not_held": QT_TRANSLATE_NOOP("EngineError", "You do not hold {tile}."),
    "does_not_fit": QT_TRANSLATE_NOOP("EngineError", "{tile} does not fit any open end ({ends})."),
    "pose_must_be": QT_TRANSLATE_NOOP("EngineError", "{tile} cannot be the first tile: this hand starts with {pose}."),
    "pose_double": QT_TRANSLATE_NOOP(
        "EngineError", "{tile} cannot be the first tile: the first tile must be a double."
    ),
    "ambiguous_end": QT_TRANSLATE_NOOP("EngineError", "{tile} fits more than one end: say which."),
    "wrong_end": QT_TRANSLATE_NOOP("EngineError", "{tile} cannot be played on an end showing {end}."),
    "no_such_end": QT_TRANSLATE_NOOP("EngineError", "No open end shows {end}."),
    "pass_while_playable": QT_TRANSLATE_NOOP("EngineError", "You cannot pass while holding a playable tile."),
    "must_draw": QT_TRANSLATE_NOOP("EngineError", "You must draw, not pass: the stock has tiles."),
    "draw_while_playable": QT_TRANSLATE_NOOP("EngineError", "You cannot draw while holding a playable tile."),
    "cannot_draw": QT_TRANSLATE_NOOP("EngineError", "You cannot draw: the stock is empty or down to its sleepers."),
    "not_legal": QT_TRANSLATE_NOOP("EngineError", "{move} is not a legal move now."),
    "no_claims": QT_TRANSLATE_NOOP("EngineError", "Points are scored automatically in this game."),
    "no_end_points": QT_TRANSLATE_NOOP("EngineError", "This game scores no end points: there is nothing to claim."),
    "nothing_to_claim": QT_TRANSLATE_NOOP("EngineError", "There are no unclaimed points to take."),
    "not_your_points": QT_TRANSLATE_NOOP("EngineError", "Only the player who scored can claim those points."),
    "own_side": QT_TRANSLATE_NOOP("EngineError", "You cannot call Muggins on your own side."),
    "no_such_seat": QT_TRANSLATE_NOOP("EngineError", "There is no seat {seat}."),
    "may_not_lead": QT_TRANSLATE_NOOP("EngineError", "That seat may not lead this hand."),
    "not_dealt": QT_TRANSLATE_NOOP("EngineError", "The hand has not been dealt yet."),
    "hand_begun": QT_TRANSLATE_NOOP("EngineError", "The hand has already begun."),
    "no_double_dealt": QT_TRANSLATE_NOOP("EngineError", "No double was dealt: these rules deal again."),
    "nothing_to_undo": QT_TRANSLATE_NOOP("EngineError", "There is no move of yours to take back."),
}
UNKNOWN = QT_TRANSLATE_NOOP("EngineError", "That is not allowed now.")


def error_text(error: DominoError) -> str:
    """The error in the player's language; a code without words of its own gets a general sentence."""
    template = str(MESSAGES.get(error.code, UNKNOWN))
    try:
        return translate(CONTEXT, template).format(**{k: str(v) for k, v in error.params.items()})
    except (KeyError, IndexError):
        return translate(CONTEXT, str(UNKNOWN))


REASON_CONTEXT = "HintReason"

# Why the hint suggests its move (engine.cpu.players.REASONS has the bot's English sentences), said after the
# hint's own advice: "Hint: Play 6-4 on the 4 (the next player has shown no 4s)". The advice names the move, so
# these do not name it again (whole sentences did: "Play 6-4 on the 4 (Play 6-4: the next player …)").
HINT_WHY: dict[str, object] = {
    "pass": QT_TRANSLATE_NOOP("HintReason", "nothing fits"),
    "draw": QT_TRANSLATE_NOOP("HintReason", "nothing fits"),
    "only": QT_TRANSLATE_NOOP("HintReason", "the only tile that fits"),
    "random": QT_TRANSLATE_NOOP("HintReason", "picked at random"),
    "domino": QT_TRANSLATE_NOOP("HintReason", "your last tile: domino!"),
    "lead_double": QT_TRANSLATE_NOOP("HintReason", "doubles are hard to place later"),
    "lead_heaviest": QT_TRANSLATE_NOOP("HintReason", "your heaviest tile"),
    "next_void": QT_TRANSLATE_NOOP("HintReason", "the next player has shown no {number}s"),
    "place_double": QT_TRANSLATE_NOOP("HintReason", "a double, placed while it still fits"),
    "open_held": QT_TRANSLATE_NOOP("HintReason", "it opens {number}s, which you hold"),
    "heavy": QT_TRANSLATE_NOOP("HintReason", "it gets rid of a heavy tile"),
    "options": QT_TRANSLATE_NOOP("HintReason", "it keeps your options open"),
}


def hint_why(decision: Decision) -> str:
    """Why the hint suggests its move, after the advice that names it; "" for a reason without words."""
    template = HINT_WHY.get(decision.reason)
    if template is None:
        return ""
    try:
        return translate(REASON_CONTEXT, str(template)).format(**dict(decision.params))
    except (KeyError, IndexError):
        return ""


def move_words(move: Move | str) -> str:
    """A move as a player says it ("5-3 on the 3", "6-6 (pose)", "pass"), not in its notation ("5-3@3"): the
    skill page and the coach say their moves so, and a room's timeout too. `move` is a Move or its notation
    (the skill record and the room's messages keep notation); notation that names no move is given back as is.
    A play at an end where a double lies (All Fives' spinner ends: both open ends may show the 6) says so, "6-4
    on the 6 by the double", as the engine tells the two ends apart. Lower case: said inside sentences."""
    if isinstance(move, str):
        notation = move
        try:
            move = parse_move(notation)
        except NotationError:
            return notation
    if move.kind is MoveKind.PLAY and move.tile is not None:
        if move.end is None:
            return translate("MoveWords", "{tile} (pose)").format(tile=move.tile)
        if move.on_double:
            return translate("MoveWords", "{tile} on the {end} by the double").format(tile=move.tile, end=move.end)
        return translate("MoveWords", "{tile} on the {end}").format(tile=move.tile, end=move.end)
    if move.kind is MoveKind.PASS:
        return translate("MoveWords", "pass")
    if move.kind is MoveKind.DRAW:
        return translate("MoveWords", "draw")
    return move.notation()
