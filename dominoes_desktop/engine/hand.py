"""One hand in play: whose turn, the legal moves, applying them, and how the hand ended."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from .errors import IllegalMove
from .layout import Layout
from .moves import CLAIM, DRAW, PASS, Move, MoveKind
from .rules import EndScoring, LayoutKind, Rules, Style
from .tiles import Tile


class HandEnd(StrEnum):
    DOMINO = "domino"
    BLOCKED = "blocked"


class HandOutcome(NamedTuple):
    """The facts of a finished hand that scoring needs, however the hand was played out."""

    end: HandEnd
    leader: int
    last_seat: int | None  # who placed the last tile
    last_tile: Tile | None
    joined: int | None  # the number the last tile was joined to (None for a pose)
    ends_before: tuple[int, ...]  # open ends just before the last tile (capicua)
    joined_exhausted: bool  # after the last tile, every tile with `joined` is on the table (key bone)
    pips: tuple[int, ...]
    remaining: tuple[tuple[Tile, ...], ...]
    end_points: tuple[int, ...]


class PendingPoints(NamedTuple):
    """End points scored by `seat`'s last play that nobody has claimed yet."""

    seat: int
    points: int


class Turn(NamedTuple):
    """One entry of the public history: who did what."""

    seat: int
    move: Move
    stuck_on: tuple[int, ...] = ()  # for a pass or draw: the open ends the seat could not match


class Hand:
    """The state of one hand. Mutable, but only through `apply`; `copy` gives an independent twin."""

    __slots__ = (
        "_counts_doubles",
        "end_points",
        "ends_before_last_play",
        "forced_pose",
        "hands",
        "history",
        "layout",
        "leader",
        "outcome",
        "passes_in_row",
        "pending",
        "rules",
        "stock",
        "turn",
    )

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Tile]],
        stock: Sequence[Tile],
        leader: int,
        forced_pose: Tile | None = None,
    ) -> None:
        self.rules = rules
        self.hands: list[list[Tile]] = [list(h) for h in hands]
        self.stock: list[Tile] = list(stock)
        self.leader = leader
        self.turn = leader
        self.forced_pose = forced_pose
        self.layout = Layout(rules.layout)
        self.history: list[Turn] = []
        self.passes_in_row = 0
        self.end_points = [0] * rules.sides
        self.pending: PendingPoints | None = None
        self.outcome: HandEnd | None = None
        self.ends_before_last_play: tuple[int, ...] = ()
        self._counts_doubles = rules.end_scoring is not EndScoring.NONE

    def copy(self) -> Hand:
        twin = Hand.__new__(Hand)
        twin.rules = self.rules
        twin.hands = [list(h) for h in self.hands]
        twin.stock = list(self.stock)
        twin.leader = self.leader
        twin.turn = self.turn
        twin.forced_pose = self.forced_pose
        twin.layout = self.layout.copy()
        twin.history = list(self.history)
        twin.passes_in_row = self.passes_in_row
        twin.end_points = list(self.end_points)
        twin.pending = self.pending
        twin.outcome = self.outcome
        twin.ends_before_last_play = self.ends_before_last_play
        twin._counts_doubles = self._counts_doubles
        return twin

    # ---- what may be done -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def plays(self, tiles: Sequence[Tile]) -> list[Move]:
        """Every distinct legal play of these tiles: one per tile and per end that differs to the rules."""
        layout = self.layout
        if layout.pose is None:
            if self.forced_pose is not None:
                return [Move.play(self.forced_pose)] if self.forced_pose in tiles else []
            if layout.kind is not LayoutKind.LINE:
                return [Move.play(t) for t in tiles if t.high == t.low]
            return [Move.play(t) for t in tiles]
        arms = layout.arms
        open_arms = layout.open_arms()
        counts_doubles = self._counts_doubles
        moves: list[Move] = []
        for tile in tiles:
            high, low = tile
            seen: list[tuple[int, bool]] = []
            for i in open_arms:
                arm = arms[i]
                end = arm.end
                if end in (high, low):
                    key = (end, arm.double_at_end and counts_doubles)
                    if key not in seen:
                        seen.append(key)
                        moves.append(Move(MoveKind.PLAY, tile, key[0], key[1]))
        return moves

    def stuck_move(self) -> Move:
        """What a player with no legal tile must do: draw or pass, by the style in force."""
        style = self.rules.style
        stock = len(self.stock)
        if style is Style.DRAW and stock:
            return DRAW
        if style is Style.ALL_FIVES_DRAW and stock > 2:
            return DRAW
        return PASS

    def legal_moves(self) -> list[Move]:
        """The moves of the seat whose turn it is (claims are apart: see `claim_moves`)."""
        if self.outcome is not None:
            return []
        moves = self.plays(self.hands[self.turn])
        return moves or [self.stuck_move()]

    def claim_moves(self, seat: int) -> list[Move]:
        """Claim or Muggins open to `seat` right now, if any."""
        pending = self.pending
        if pending is None:
            return []
        if seat == pending.seat:
            return [CLAIM]
        if self.rules.side_of(seat) != self.rules.side_of(pending.seat):
            return [Move(MoveKind.MUGGINS, caller=seat)]
        return []

    def resolve(self, move: Move) -> Move:
        """Fill in the end of a play written without '@', or refuse it as ambiguous or illegal."""
        if move.kind is not MoveKind.PLAY or self.outcome is not None:
            return move
        tile = move.tile
        assert tile is not None
        if tile not in self.hands[self.turn]:
            raise IllegalMove(f"seat {self.turn} does not hold {tile}", code="not_held", tile=tile)
        options = self.plays([tile])
        if not options and self.layout.empty:  # no end exists yet: the pose rule is what refuses it
            raise self._pose_refusal(tile)
        if not options:
            raise IllegalMove(
                f"{tile} does not fit any open end ({self._ends_text()})",
                code="does_not_fit",
                tile=tile,
                ends=", ".join(str(e) for e in self.layout.open_ends()),
            )
        if self.layout.empty:
            return options[0]
        if move.end is None:
            if len(options) > 1:
                choices = ", ".join(m.notation() for m in options)
                raise IllegalMove(
                    f"{tile} fits more than one end: say which ({choices})", code="ambiguous_end", tile=tile
                )
            return options[0]
        for option in options:
            if option.end == move.end and option.on_double == move.on_double:
                return option
        if not move.on_double:
            for option in options:
                if option.end == move.end:
                    return option
        where = f"an end showing {move.end}" + (" where a double lies" if move.on_double else "")
        raise IllegalMove(
            f"{tile} cannot be played on {where} ({self._ends_text()})", code="wrong_end", tile=tile, end=move.end
        )

    def _pose_refusal(self, tile: Tile) -> IllegalMove:
        """Why `tile` cannot be the hand's first tile, in the empty table's words (it named open ends: none)."""
        pose = self.forced_pose
        if pose is not None:
            return IllegalMove(
                f"{tile} cannot be the first tile: this hand's first tile must be {pose}, send {pose}",
                code="pose_must_be",
                tile=tile,
                pose=pose,
            )
        return IllegalMove(
            f"{tile} cannot be the first tile: the first tile must be a double", code="pose_double", tile=tile
        )

    def _ends_text(self) -> str:
        ends = self.layout.open_ends()
        return "open ends " + ", ".join(str(e) for e in ends) if ends else "no tile on the table yet"

    # ---- doing it -------------------------------------------------------------------------

    def apply(self, move: Move, seat: int | None = None) -> None:
        """Apply a move of the seat to play (or a claim / Muggins); raise IllegalMove if not allowed."""
        if move.kind is MoveKind.CLAIM or move.kind is MoveKind.MUGGINS:
            self._apply_claim(move, seat)
            return
        if self.outcome is not None:
            raise IllegalMove(f"the hand is over ({self.outcome.value}): no more moves", code="hand_over")
        if seat is not None and seat != self.turn:
            raise IllegalMove(
                f"it is seat {self.turn}'s turn, not seat {seat}'s", code="not_your_turn", seat=seat, turn=self.turn
            )
        move = self.resolve(move)
        legal = self.legal_moves()
        if move not in legal:
            if move.kind is MoveKind.PASS and legal[0].kind is MoveKind.PLAY:
                raise IllegalMove(
                    f"seat {self.turn} cannot pass while holding a playable tile", code="pass_while_playable"
                )
            if move.kind is MoveKind.PASS:
                raise IllegalMove(f"seat {self.turn} must draw, not pass: the stock has tiles", code="must_draw")
            if move.kind is MoveKind.DRAW and legal[0].kind is MoveKind.PLAY:
                raise IllegalMove(
                    f"seat {self.turn} cannot draw while holding a playable tile", code="draw_while_playable"
                )
            if move.kind is MoveKind.DRAW:
                raise IllegalMove(
                    f"seat {self.turn} cannot draw: the stock is empty or down to its sleepers", code="cannot_draw"
                )
            raise IllegalMove(
                f"{move.notation()} is not a legal move for seat {self.turn}", code="not_legal", move=move.notation()
            )
        self.apply_legal(move)

    def apply_legal(self, move: Move) -> None:
        """Apply a move known to be in `legal_moves()` (search and simulation skip the check)."""
        kind = move.kind
        seat = self.turn
        players = self.rules.players
        if kind is MoveKind.PLAY:
            tile = move.tile
            assert tile is not None
            self.hands[seat].remove(tile)
            layout = self.layout
            if layout.pose is None:
                self.ends_before_last_play = ()
                layout.place_pose(tile, seat)
            else:
                self.ends_before_last_play = tuple(a.end for a in layout.arms)
                layout.place(tile, self._arm_for(move), seat)
            self.passes_in_row = 0
            self.pending = None
            if self._counts_doubles:
                points = self.rules.end_scoring.points(layout.end_total())
                if points:
                    if self.rules.claims:
                        self.pending = PendingPoints(seat, points)
                    else:
                        self.end_points[self.rules.teams[seat]] += points
            self.history.append(Turn(seat, move))
            if not self.hands[seat]:
                self.outcome = HandEnd.DOMINO
                return
            self.turn = (seat + 1) % players
        elif kind is MoveKind.DRAW:
            self.hands[seat].append(self.stock.pop(0))
            self.history.append(Turn(seat, move, tuple(self.layout.open_ends())))
            if self.rules.style is Style.ALL_FIVES_DRAW:
                self.turn = (seat + 1) % players
        else:
            self.history.append(Turn(seat, move, tuple(self.layout.open_ends())))
            self.passes_in_row += 1
            if self.passes_in_row >= players:
                self.outcome = HandEnd.BLOCKED
                return
            self.turn = (seat + 1) % players

    def _arm_for(self, move: Move) -> int:
        arm = self.layout.arm_for(move.end, move.on_double, self._counts_doubles)
        if arm is not None:
            return arm
        raise IllegalMove(f"no open end shows {move.end}", code="no_such_end", end=move.end)

    def _apply_claim(self, move: Move, seat: int | None) -> None:
        pending = self.pending
        if not self.rules.claims:
            if self.rules.end_scoring is EndScoring.NONE:  # no end points at all: "scored automatically" misleads
                raise IllegalMove("this game scores no end points: there is nothing to claim", code="no_end_points")
            raise IllegalMove(
                "points are scored automatically in this game: there is nothing to claim", code="no_claims"
            )
        if pending is None:
            raise IllegalMove("there are no unclaimed points to take", code="nothing_to_claim")
        if move.kind is MoveKind.CLAIM:
            claimer = pending.seat
            if seat is not None and seat != claimer:
                raise IllegalMove(f"only seat {claimer} can claim those points", code="not_your_points", seat=claimer)
        else:
            claimer = move.caller if move.caller is not None else -1
            if not 0 <= claimer < self.rules.players:
                raise IllegalMove(f"there is no seat {claimer} to call Muggins", code="no_such_seat", seat=claimer)
            if self.rules.side_of(claimer) == self.rules.side_of(pending.seat):
                raise IllegalMove(f"seat {claimer} cannot call Muggins on its own side", code="own_side", seat=claimer)
        self.end_points[self.rules.side_of(claimer)] += pending.points
        self.pending = None
        self.history.append(Turn(claimer, move))

    # ---- facts about the hand ------------------------------------------------------------

    def outcome_facts(self) -> HandOutcome:
        """What scoring needs of this finished hand."""
        assert self.outcome is not None
        placements = self.layout.placements
        last = placements[-1] if placements else None
        joined = last.joined if last else None
        exhausted = False
        if joined is not None:
            in_set = self.rules.set_top + 1 - sum(1 for t in self.rules.removed_tiles if t.has(joined))
            exhausted = sum(1 for p in placements if p.tile.has(joined)) == in_set
        return HandOutcome(
            end=self.outcome,
            leader=self.leader,
            last_seat=last.seat if last else None,
            last_tile=last.tile if last else None,
            joined=joined,
            ends_before=self.ends_before_last_play,
            joined_exhausted=exhausted,
            pips=tuple(self.pips()),
            remaining=tuple(tuple(h) for h in self.hands),
            end_points=tuple(self.end_points),
        )

    def pips(self) -> list[int]:
        return [sum(t.high + t.low for t in h) for h in self.hands]
