"""The facts behind the coach's plain words on one decision: what each move left open, who had shown they
lacked those numbers, what the mover kept to follow with, the points it made at once, how often it came out
ahead over the worlds, and, with every tile shown, which hidden tile made hindsight's choice better.

Only what the deciding seat could see goes into the first facts (its tiles, the table, the passes); the
hindsight tile is the one fact from the face-up deal, and is said as such ("you could not have known").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Hand
from ..knowledge import infer
from ..moves import Move, MoveKind
from ..tiles import Tile
from .coach import Judged, RecordedHand
from .fair import FairJudged
from .solver import scored_by_play
from .worlds import view_at

STOCK = -1  # where a hidden tile was: in the stock


@dataclass(frozen=True)
class MoveFacts:
    """One option as the deciding seat could see it."""

    move: Move
    ends: tuple[int, ...]  # the open ends after it (none if it ended the hand)
    stuck: tuple[int, ...]  # the other seats that had shown they lack every one of those ends
    follow: int  # the mover's tiles left that fit those ends
    scored: int  # end points it made at once (games that score the ends)
    ahead: float  # the weight of the worlds in which it leaves the mover's side ahead in the hand
    went_out: bool  # it was the mover's last tile


@dataclass(frozen=True)
class Reasons:
    """The facts for one judged decision: the move played, the best other move (for a best move, the
    next best), each seat's shown voids, and hindsight's tile (with every tile shown)."""

    seat: int
    played: MoveFacts
    other: MoveFacts | None  # None when every other option was the same move in effect
    voids: tuple[tuple[int, ...], ...]  # per seat, the numbers it had shown it lacked
    hindsight_best: Move | None  # the face-up coach's best move, when it is not the one played
    hindsight_loss: float  # what the face-up coach says the played move gave away
    hidden_tile: Tile | None  # the hidden tile that made hindsight's move better
    hidden_at: int | None  # where it was: a seat or STOCK


def position_before(recorded: RecordedHand, ply: int) -> Hand:
    return recorded.before(ply)  # the hand's record walked once (the record's one walker)


def _facts(position: Hand, move: Move, voids: list[frozenset[int]], ahead: float) -> MoveFacts:
    seat = position.turn
    after = position.copy()
    after.apply_legal(move)
    scored = scored_by_play(after) if move.kind is MoveKind.PLAY else 0
    if after.is_over:
        return MoveFacts(move, (), (), 0, scored, ahead, not after.hands[seat])
    ends = tuple(after.layout.open_ends())
    stuck = tuple(
        s for s in range(position.rules.players) if s != seat and voids[s] and all(e in voids[s] for e in ends)
    )
    follow = sum(1 for t in after.hands[seat] if any(e in (t.high, t.low) for e in ends))
    return MoveFacts(move, ends, stuck, follow, scored, ahead, False)


def explain_fair(recorded: RecordedHand, fair: FairJudged, face_up: Judged | None = None) -> Reasons:
    """The facts for the words under a decision judged over the worlds (`face_up`: the same decision judged
    with every tile shown, for hindsight's line)."""
    judged = fair.judged
    position = position_before(recorded, judged.ply)
    view = view_at(position, judged.seat, recorded.index, recorded.lead_by_rule)
    voids = list(infer(view).voids)
    ranked = sorted(judged.options, key=lambda m: -judged.value_of(m))
    played = _facts(position, judged.played, voids, fair.ahead(judged.played))
    others = [m for m in ranked if m != judged.played]
    other = _facts(position, others[0], voids, fair.ahead(others[0])) if others else None
    hindsight: Move | None = None
    hidden: Tile | None = None
    where: int | None = None
    loss = 0.0
    if face_up is not None and face_up.loss > 0:
        hindsight = next(m for m in face_up.best if m != judged.played)
        loss = face_up.loss
        hidden, where = _telling_tile(position, judged.seat, hindsight, judged.played)
    return Reasons(
        judged.seat,
        played,
        other,
        tuple(tuple(sorted(v)) for v in voids),
        hindsight,
        loss,
        hidden,
        where,
    )


def _telling_tile(position: Hand, seat: int, better: Move, played: Move) -> tuple[Tile | None, int | None]:
    """A hidden tile whose place made `better` better with every tile shown: of the tiles the seat could not
    see, one with a number that the two moves leave open differently (doubles first, then the heaviest),
    and where it was."""
    ends: list[set[int]] = []
    for move in (better, played):
        after = position.copy()
        after.apply_legal(move)
        ends.append(set() if after.is_over else set(after.layout.open_ends()))
    numbers = (ends[0] ^ ends[1]) or ends[0] | ends[1]
    where: dict[Tile, int] = {}
    for s, tiles in enumerate(position.hands):
        if s != seat:
            where.update(dict.fromkeys(tiles, s))
    where.update(dict.fromkeys(position.stock, STOCK))
    candidates = [t for t in where if t.high in numbers or t.low in numbers]
    if not candidates:
        return None, None
    tile = max(candidates, key=lambda t: (t.is_double, t.pips))
    return tile, where[tile]
