"""What one seat may see of a hand in play. CPU players and the table read the game only through this."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .decisions import ClaimWindow, MugginsWindow, Pending, PlayTurn
from .errors import DominoError, IllegalMove
from .hand import Hand, Turn
from .match import Match
from .moves import CLAIM, Move, MoveKind, parse_move
from .presets import rules_from_json
from .rules import AfterWin, Rules, Style
from .tiles import Tile, full_set, heaviness

# Stands for a tile nobody at this seat can see, while public moves are replayed onto a layout.
HIDDEN = Tile(-1, -1)


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge: its own tiles and everything public. Nothing about other hands."""

    rules: Rules
    seat: int
    hand_index: int
    tiles: tuple[Tile, ...]
    leader: int
    moves: tuple[Turn, ...]  # public history of this hand; a draw shows no tile
    hand_sizes: tuple[int, ...]
    stock: int
    scores: tuple[int, ...]  # per side, before this hand
    forced_pose: Tile | None = None  # the tile the match makes this seat pose, as the match says
    legal: tuple[Move, ...] | None = None  # this seat's answers now, as the match says (None: worked out)

    @staticmethod
    def of(match: Match, seat: int) -> PlayerView:
        """The view of `seat` in the match's hand in play."""
        hand = match.hand
        if hand is None:
            raise IllegalMove("no hand is in play")
        scores = tuple(match.scores) if not match.results else match.results[-1].scores
        return PlayerView(
            rules=match.rules,
            seat=seat,
            hand_index=match.hand_index,
            tiles=tuple(hand.hands[seat]),
            leader=hand.leader,
            moves=tuple(hand.history),
            hand_sizes=tuple(len(h) for h in hand.hands),
            stock=len(hand.stock),
            scores=scores,
            forced_pose=hand.forced_pose if seat == hand.leader else None,
            legal=_legal_of(match.pending(), seat),
        )

    @cached_property
    def public(self) -> Hand:
        """The hand rebuilt from public moves; every tile nobody here can see is HIDDEN."""
        return replay_public(self)

    @property
    def to_play(self) -> int:
        return self.public.turn

    def legal_moves(self) -> list[Move]:
        """This seat's moves now: its turn's moves (if its turn) and any claim or Muggins open to it, as the
        match says when the view comes from it (or a request gave them), else worked out from the rules."""
        if self.legal is not None:
            return list(self.legal)
        hand = self.public
        moves = list(hand.claim_moves(self.seat))
        if hand.turn == self.seat and not hand.is_over:
            world = self.world([list(self.tiles) if s == self.seat else [] for s in range(self.rules.players)])
            moves += world.legal_moves()
        return moves

    def unseen(self) -> list[Tile]:
        """Tiles this seat cannot see: in other hands, in the stock, or asleep."""
        known = set(self.tiles) | {p.tile for p in self.public.layout.placements}
        return [t for t in full_set(self.rules.set_top, self.rules.removed_tiles) if t not in known]

    def world(self, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile] = ()) -> Hand:
        """A complete hand consistent with this view, given every seat's tiles and the stock."""
        world = self.public.copy()
        world.hands = [list(h) for h in hands]
        world.stock = list(stock) if stock else [HIDDEN] * self.stock
        return world

    @cached_property
    def move_points(self) -> tuple[tuple[int, ...], ...]:
        """The end points each side took by each public move (a claim or a scoring play), in order."""
        return replay_public_points(self)[1]

    def to_request(self, preset: str, options: dict[str, Any]) -> dict[str, Any]:
        """The view as a bot-protocol request (BOT.md), `legal` included: what a CPU outside the game, and a
        room's guest, is given."""
        request: dict[str, Any] = {
            "preset": preset,
            "options": options,
            "hand_index": self.hand_index,
            "seat": self.seat,
            "hand": [str(t) for t in self.tiles],
            "leader": self.leader,
            "moves": [{"seat": turn.seat, "move": turn.move.notation()} for turn in self.moves],
            "scores": list(self.scores),
            "hand_sizes": list(self.hand_sizes),
            "stock": self.stock,
        }
        if self.legal is not None:
            request["legal"] = [m.notation() for m in self.legal]
        return request


def _legal_of(pending: Pending, seat: int) -> tuple[Move, ...] | None:
    """What the match lets `seat` answer now, in moves: its turn, or the points it may claim or take (None
    when the match waits for no move of this seat)."""
    if isinstance(pending, PlayTurn) and pending.seat == seat:
        return pending.moves
    if isinstance(pending, ClaimWindow) and pending.seat == seat:
        return (CLAIM,)
    if isinstance(pending, MugginsWindow) and seat in pending.seats:
        return (Move(MoveKind.MUGGINS, caller=seat),)
    return None


def _check_tiles(view: PlayerView) -> None:
    rules = view.rules
    in_set = set(full_set(rules.set_top, rules.removed_tiles))
    seen: set[Tile] = set()
    for tile in view.tiles:
        if tile not in in_set:
            raise IllegalMove(f"{tile} is not in this set")
        if tile in seen:
            raise IllegalMove(f"{tile} is in the hand twice")
        seen.add(tile)
    for turn in view.moves:
        played = turn.move.tile
        if turn.move.kind is MoveKind.PLAY and played is not None:
            if played not in in_set:
                raise IllegalMove(f"{played} is not in this set")
            if played in seen:
                raise IllegalMove(f"{played} is both played and in the hand, or played twice")
            seen.add(played)
    if len(view.hand_sizes) != rules.players:
        raise IllegalMove(f"hand_sizes must list {rules.players} seats")
    if view.hand_sizes[view.seat] != len(view.tiles):
        raise IllegalMove("hand_sizes does not match the tiles in hand")
    if sum(view.hand_sizes) + view.stock + len(seen) - len(view.tiles) > len(in_set):
        raise IllegalMove("more tiles are accounted for than the set holds")


def replay_public(view: PlayerView) -> Hand:
    """Rebuild the layout, turn, passes and claims from public moves, checking each play fits."""
    return replay_public_points(view)[0]


def replay_public_points(view: PlayerView) -> tuple[Hand, tuple[tuple[int, ...], ...]]:
    """The public replay, and the end points each side took by each move."""
    _check_tiles(view)
    return replay_moves(view.rules, view.leader, view.forced_pose, view.moves, view.stock)


def replay_moves(
    rules: Rules, leader: int, forced_pose: Tile | None, moves: Sequence[Turn], stock: int
) -> tuple[Hand, tuple[tuple[int, ...], ...]]:
    """A hand rebuilt from its public moves alone (every tile nobody has shown is HIDDEN; `stock` tiles are
    left to draw), and the end points each side took by each move: the one replay behind a seat's view and a
    hand's move log. IllegalMove if a move does not fit."""
    played: list[list[Tile]] = [[] for _ in range(rules.players)]
    draws = 0
    for turn in moves:
        if not 0 <= turn.seat < rules.players:
            raise IllegalMove(f"there is no seat {turn.seat}")
        if turn.move.kind is MoveKind.PLAY and turn.move.tile is not None:
            played[turn.seat].append(turn.move.tile)
        elif turn.move.kind is MoveKind.DRAW:
            draws += 1
    # Each seat holds what it will play plus a HIDDEN tile, so no replayed play ends the hand early.
    hands = [[*tiles, HIDDEN] for tiles in played]
    hand = Hand(rules, hands, [HIDDEN] * (draws + stock), leader, forced_pose)
    points: list[tuple[int, ...]] = []
    for i, turn in enumerate(moves):
        move = turn.move
        before = tuple(hand.end_points)
        try:
            if move.kind in (MoveKind.CLAIM, MoveKind.MUGGINS):
                hand.apply(move, turn.seat)
                points.append(tuple(a - b for a, b in zip(hand.end_points, before, strict=True)))
                continue
            if hand.is_over:
                raise IllegalMove("the hand is already over")
            if turn.seat != hand.turn:
                raise IllegalMove(f"seat {turn.seat} moved out of turn (seat {hand.turn} was to play)")
            if move.kind is MoveKind.PLAY:
                assert move.tile is not None
                resolved = hand.resolve(move)
                if resolved not in hand.plays([move.tile]):
                    raise IllegalMove(f"{move.notation()} does not fit")
                hand.apply_legal(resolved)
            elif move.kind is MoveKind.DRAW and rules.style is Style.BLOCK:
                raise IllegalMove("nobody draws in a block game")
            else:
                hand.apply_legal(move)
        except IllegalMove as exc:
            raise IllegalMove(f"move {i} ({move.notation()}): {exc}") from None
        points.append(tuple(a - b for a, b in zip(hand.end_points, before, strict=True)))
    return hand, tuple(points)


# ---- the seat view as the bot protocol (BOT.md) and rooms write it ----------------------------------------

MAX_SCORE = 10**9
MAX_HAND_INDEX = 100_000


class RequestError(Exception):
    """A request (BOT.md) that describes no possible position; the message goes back as {"error": ...}."""


def _int(request: dict[str, Any], key: str, default: int | None = None, low: int = 0, high: int = MAX_SCORE) -> int:
    value = request.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"'{key}' must be a whole number")
    if not low <= value <= high:
        raise RequestError(f"'{key}' must be from {low} to {high}, not {value}")
    return value


def _int_list(request: dict[str, Any], key: str, length: int, high: int) -> tuple[int, ...]:
    value = request.get(key)
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= high for v in value)
    ):
        raise RequestError(f"'{key}' must be a list of {length} whole numbers from 0 to {high}")
    return tuple(value)


def _legal(request: dict[str, Any]) -> tuple[Move, ...] | None:
    raw = request.get("legal")
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) > 200 or not all(isinstance(m, str) for m in raw):
        raise RequestError("'legal' must be a list of moves in replay notation")
    try:
        return tuple(parse_move(m) for m in raw)
    except DominoError as exc:
        raise RequestError(f"legal: {exc}") from None


def _forced_pose(rules: Rules, hand_index: int, tiles: tuple[Tile, ...], legal: tuple[Move, ...] | None) -> Tile | None:
    """The tile the leader must pose, before the first play. With `legal` the match has said it: one tile
    offered out of several held is forced. Without it (BOT.md) the first-hand rule is taken to apply to the
    first hand and, where it applies again, to a hand after a won one."""
    if legal is not None:
        offered = {m.tile for m in legal if m.kind is MoveKind.PLAY}
        return offered.pop() if len(offered) == 1 and len(tiles) > 1 else None
    first_rule = hand_index == 0 or rules.after_win is AfterWin.FIRST_HAND_RULE
    if not (first_rule and rules.opening.must_pose_double):
        return None
    doubles = [t for t in tiles if t.is_double]
    return max(doubles) if doubles else max(tiles, key=heaviness, default=None)


def _held_now(dealt: int, seat: int, moves: Sequence[Turn]) -> int:
    """A seat's tiles now, by the public moves: the deal, less what it played, plus what it drew (never below 0:
    a seat said to play more than it was dealt is then refused for its count, not sampled a negative hand)."""
    kinds = [turn.move.kind for turn in moves if turn.seat == seat]
    return max(0, dealt - kinds.count(MoveKind.PLAY) + kinds.count(MoveKind.DRAW))


def view_from_request(request: Any) -> PlayerView:
    """The seat's PlayerView from a bot-protocol request (BOT.md) or a room's view, checking it describes a
    possible position; RequestError, one line, if not."""
    if not isinstance(request, dict):
        raise RequestError("a request must be a JSON object")
    try:
        rules = rules_from_json(request)
    except DominoError as exc:
        raise RequestError(str(exc)) from None
    seat = _int(request, "seat", high=rules.players - 1)
    leader = _int(request, "leader", high=rules.players - 1)
    hand_index = _int(request, "hand_index", 0, high=MAX_HAND_INDEX)
    raw_hand = request.get("hand")
    if not isinstance(raw_hand, list) or not all(isinstance(t, str) for t in raw_hand):
        raise RequestError("'hand' must be a list of tiles like \"6-4\"")
    raw_moves = request.get("moves", [])
    if not isinstance(raw_moves, list):
        raise RequestError("'moves' must be a list")
    try:
        tiles = tuple(Tile.parse(t) for t in raw_hand)
        moves = []
        for i, item in enumerate(raw_moves):
            if not isinstance(item, dict) or not isinstance(item.get("move"), str):
                raise RequestError(f'move {i} must be an object like {{"seat": 2, "move": "6-5"}}')
            mover = _int(item, "seat", high=rules.players - 1)
            moves.append(Turn(mover, parse_move(item["move"])))
    except DominoError as exc:
        raise RequestError(str(exc)) from None
    set_size = len(full_set(rules.set_top, rules.removed_tiles))
    stock = _int(request, "stock", 0, high=set_size)
    # Hand sizes bound the deal the hard CPU samples for the hidden hands: a negative size let the sum pass
    # the engine's count check and then no deal could fit.
    hand_sizes = (
        _int_list(request, "hand_sizes", rules.players, set_size)
        if "hand_sizes" in request
        else tuple(len(tiles) if s == seat else _held_now(rules.hand_size, s, moves) for s in range(rules.players))
    )
    scores = _int_list(request, "scores", rules.sides, MAX_SCORE) if "scores" in request else (0,) * rules.sides
    legal = _legal(request)
    posed = any(m.move.kind is MoveKind.PLAY for m in moves)
    forced = None if seat != leader or posed else _forced_pose(rules, hand_index, tiles, legal)
    view = PlayerView(rules, seat, hand_index, tiles, leader, tuple(moves), hand_sizes, stock, scores, forced, legal)
    try:
        view.public  # noqa: B018 - replays and checks the public moves
    except DominoError as exc:
        raise RequestError(str(exc)) from None
    return view
