"""What one seat may see of a hand in play. CPU players and the table read the game only through this."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import pairwise
from typing import Any

from .decisions import (
    ClaimWindow,
    Dealt,
    Event,
    HandResult,
    HandScored,
    HandStarted,
    Moved,
    MugginsWindow,
    Pending,
    PlayTurn,
    RedealAnswered,
)
from .errors import DominoError, IllegalMove
from .hand import Hand, Turn
from .match import Match
from .moves import CLAIM, Move, MoveKind, read_move
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
    lead_by_rule: bool | None = None  # the first-hand rule chose the leader, as the match says (`rule_chose_leader`)

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
            lead_by_rule=match.led_by_rule.get(match.hand_index),
        )

    @property
    def rule_chose_leader(self) -> bool:
        """Whether the match's first-hand rule (the holder of the highest double) chose this hand's leader, so
        that leading shows something of the deal: as the match said (`lead_by_rule`), else (a bot's request, a
        room's view) in a match's first hand. A later hand's winner, a hand played again and a room's hand
        rebuilt as a match of its own (its hand 0) are led freely."""
        return self.hand_index == 0 if self.lead_by_rule is None else self.lead_by_rule

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

    def after(self, seat: int, move: Move) -> tuple[PlayerView, tuple[int, ...]]:
        """This view after a public move, the move applied by the engine's rules to the public hand (no replay
        of the hand), and the end points each side took by it; IllegalMove if the move does not follow. The
        face of a tile this seat draws is not in the move: its rack and count wait for its next view."""
        if not 0 <= seat < self.rules.players:
            raise IllegalMove(f"there is no seat {seat}")
        hand = self.public.copy()
        tiles, sizes, stock = list(self.tiles), list(self.hand_sizes), self.stock
        if move.kind is MoveKind.PLAY and move.tile is not None:
            tile = move.tile
            if tile in {p.tile for p in hand.layout.placements}:
                raise IllegalMove(f"{tile} is on the table already")
            if seat == self.seat:
                if tile not in tiles:
                    raise IllegalMove(f"seat {seat} does not hold {tile}")
                tiles.remove(tile)
            elif tile in tiles or sizes[seat] == 0:
                raise IllegalMove(f"seat {seat} cannot hold {tile}")
            hand.hands[seat].insert(0, tile)
            sizes[seat] -= 1
        elif move.kind is MoveKind.DRAW:
            if stock == 0:
                raise IllegalMove(f"seat {seat} drew from an empty stock")
            stock -= 1
            if seat != self.seat:
                sizes[seat] += 1
        (points,) = _public_points(hand, [Turn(seat, move)], len(self.moves))
        moves = (*self.moves, Turn(seat, move))
        posed = self.forced_pose if move.kind is not MoveKind.PLAY else None
        view = PlayerView(
            self.rules, self.seat, self.hand_index, tuple(tiles), self.leader, moves, tuple(sizes), stock,
            self.scores, posed if not any(t.move.kind is MoveKind.PLAY for t in self.moves) else None,
            lead_by_rule=self.lead_by_rule,
        )  # fmt: skip
        vars(view)["public"] = hand  # the cached public hand: followed one move, never replayed
        return view, points

    @cached_property
    def move_points(self) -> tuple[tuple[int, ...], ...]:
        """The end points each side took by each public move (a claim or a scoring play), in order."""
        return replay_public_points(self)[1]

    def to_request(
        self, preset: str, options: dict[str, Any], moves: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """The view as a bot-protocol request (BOT.md), `legal` included: what a CPU outside the game, and a
        room's guest, is given. `moves`: the public record already written (a room writes it once a move)."""
        request: dict[str, Any] = {
            "preset": preset,
            "options": options,
            "hand_index": self.hand_index,
            "seat": self.seat,
            "hand": [str(t) for t in self.tiles],
            "leader": self.leader,
            "moves": moves if moves is not None else [{"seat": t.seat, "move": t.move.notation()} for t in self.moves],
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
    return hand, _public_points(hand, moves)


def follow_public_move(hand: Hand, turn: Turn, ply: int) -> None:
    """A seat's public hand (tiles nobody has shown are HIDDEN, each rack holds what it will play) follows one
    public move it was told, by the engine's rules: an event applied to a seat's view, not a walk of the
    match's record (that is `match.positions`, and only it). The tile must fit, the seat must be the one to
    move and nobody draws in a block game; what a hidden rack could have played instead is not asked.
    IllegalMove names the move (`ply`: its place in the hand)."""
    seat, move = turn.seat, turn.move
    try:
        if move.kind is MoveKind.CLAIM or move.kind is MoveKind.MUGGINS:
            hand.apply(move, seat)
            return
        if hand.is_over:
            raise IllegalMove("the hand is already over")
        if seat != hand.turn:
            raise IllegalMove(f"seat {seat} moved out of turn (seat {hand.turn} was to play)")
        if move.kind is MoveKind.DRAW and hand.rules.style is Style.BLOCK:
            raise IllegalMove("nobody draws in a block game")
        resolved = hand.resolve(move)
        if resolved.tile is not None and resolved not in hand.plays([resolved.tile]):
            raise IllegalMove(f"{move.notation()} does not fit")
    except IllegalMove as exc:
        raise IllegalMove(f"move {ply} ({move.notation()}): {exc}") from None
    hand.apply_legal(resolved)


def _public_points(hand: Hand, moves: Sequence[Turn], first_ply: int = 0) -> tuple[tuple[int, ...], ...]:
    """A seat's public hand follows public moves (`follow_public_move`, changed in place); the end points
    each side took by each."""
    ends = [tuple(hand.end_points)]
    for ply, turn in enumerate(moves, first_ply):
        follow_public_move(hand, turn, ply)
        ends.append(tuple(hand.end_points))
    return tuple(tuple(a - b for a, b in zip(after, before, strict=True)) for before, after in pairwise(ends))


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


def _legal(request: dict[str, Any], posed: bool = True) -> tuple[Move, ...] | None:
    """The request's `legal`; before the pose (`posed` False) a play's impossible '@x' in the empty table's words."""
    raw = request.get("legal")
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) > 200 or not all(isinstance(m, str) for m in raw):
        raise RequestError("'legal' must be a list of moves in replay notation")
    try:
        return tuple(read_move(m, posed) for m in raw)
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
        posed = False  # before the first play nothing is on the table: no '@x' can name an end
        for i, item in enumerate(raw_moves):
            if not isinstance(item, dict) or not isinstance(item.get("move"), str):
                raise RequestError(f'move {i} must be an object like {{"seat": 2, "move": "6-5"}}')
            mover = _int(item, "seat", high=rules.players - 1)
            move = read_move(item["move"], posed)
            posed = posed or move.kind is MoveKind.PLAY
            moves.append(Turn(mover, move))
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
    legal = _legal(request, posed)
    forced = None if seat != leader or posed else _forced_pose(rules, hand_index, tiles, legal)
    view = PlayerView(rules, seat, hand_index, tiles, leader, tuple(moves), hand_sizes, stock, scores, forced, legal)
    try:
        view.public  # noqa: B018 - replays and checks the public moves
    except DominoError as exc:
        raise RequestError(str(exc)) from None
    return view


# ---- a seat's table that follows the referee's events ------------------------------------------------------


class Desync(DominoError):
    """The referee's events or view and this seat's table disagree. `resynced` is the table taken as the
    referee has it (when a view came with the news), so play goes on from the referee's word."""

    default_code = "desync"

    def __init__(self, message: str, resynced: PublicView | None = None) -> None:
        super().__init__(message)
        self.resynced = resynced


@dataclass(frozen=True)
class PublicView:
    """One seat's table as a guest keeps it: the referee's last view of the seat, brought up to date with the
    public events by the engine's own rules (`apply`), and checked against the referee's next view (`sync`).
    Whatever the two disagree on raises Desync: a guest's table never drifts silently."""

    seat: int
    hand_index: int = 0
    view: PlayerView | None = None  # the hand in play (or just ended) as this seat knows it; None before its view
    scores: tuple[int, ...] = ()  # the match's, by side, as last told
    result: HandResult | None = None  # the hand's summary, once it has ended
    leader: int | None = None  # the hand's leader, as its start said
    owed: int = 0  # tiles this seat drew whose faces come with its next view

    def apply(self, event: Event, hand: int | None = None) -> PublicView:
        """The table after one public event (`hand`: the hand the referee says it is about, when it says)."""
        if isinstance(event, Dealt):
            return replace(self, hand_index=event.hand_index, view=None, result=None, leader=None, owed=0)
        if isinstance(event, HandStarted):
            return replace(self, hand_index=event.hand_index, view=None, result=None, leader=event.leader, owed=0)
        if isinstance(event, RedealAnswered) and event.redeal:
            return replace(self, view=None, leader=None, owed=0)
        if isinstance(event, Moved):
            return self._moved(event, hand)
        if isinstance(event, HandScored):
            return self._scored(event.result)
        return self  # a let-go, a kept deal, the match won: nothing on the table changes

    def _moved(self, event: Moved, hand: int | None) -> PublicView:
        view = self.view
        if view is None:
            return self  # no view of this hand yet (a seat a CPU plays gets none): the next one brings it whole
        where = f"hand {view.hand_index + 1}, move {len(view.moves) + 1}"
        if self.result is not None or (hand is not None and hand != view.hand_index):
            raise Desync(f"{where}: the room moved in hand {(hand or 0) + 1}, this table is not playing it")
        owed = self.owed
        drawn = event.move.tile
        if event.seat == self.seat and owed and drawn is not None and drawn not in view.tiles:
            # A tile this seat drew while no view came (a CPU plays the seat), shown now by its play.
            sizes = list(view.hand_sizes)
            sizes[self.seat] += 1
            view, owed = replace(view, tiles=(*view.tiles, drawn), hand_sizes=tuple(sizes), legal=None), owed - 1
        try:
            after, points = view.after(event.seat, event.move)
        except IllegalMove as exc:
            raise Desync(f"{where}: seat {event.seat}'s {event.move.notation()} does not follow here: {exc}") from None
        if event.gains and tuple(event.gains) != points:
            raise Desync(f"{where}: the room scores {list(event.gains)}, the rules here {list(points)}")
        own_draw = event.move.kind is MoveKind.DRAW and event.seat == self.seat
        return replace(self, view=after, owed=owed + own_draw)

    def _scored(self, result: HandResult) -> PublicView:
        view = self.view
        if view is not None and self.result is None and result.hand_index == view.hand_index:
            counts = [len(rack) for rack in result.remaining]
            own = result.remaining[self.seat] if self.seat < len(result.remaining) else ()
            sizes = list(view.hand_sizes)
            if 0 <= self.seat < len(sizes):
                sizes[self.seat] += self.owed
            if counts != sizes or (not self.owed and Counter(own) != Counter(view.tiles)):
                raise Desync(
                    f"hand {view.hand_index + 1}: the room ends it with racks of {counts} tiles (this seat's:"
                    f" {' '.join(map(str, own))}), this table has {sizes} ({' '.join(map(str, view.tiles))})"
                )
        return replace(self, result=result, scores=tuple(result.scores))

    def sync(self, view: PlayerView) -> PublicView:
        """The table as the referee's new view of the hand in play says; Desync (the table resynced with it)
        if what this table followed disagrees with it."""
        taken = replace(self, hand_index=view.hand_index, view=view, scores=view.scores, result=None, owed=0)
        followed = self.view
        problem = None
        if self.leader is not None and self.hand_index == view.hand_index and view.leader != self.leader:
            problem = f"the hand's start named seat {self.leader} to lead, the view seat {view.leader}"
        elif followed is not None and self.result is None and followed.hand_index == view.hand_index:
            problem = disagreement(followed, view, self.owed)
        if problem is not None:
            raise Desync(f"hand {view.hand_index + 1}: {problem}", taken)
        return taken


def disagreement(followed: PlayerView, told: PlayerView, owed: int = 0) -> str | None:
    """How a view a seat followed from the events differs from the referee's view of the same hand (None: it
    does not); `owed`: tiles the seat drew since the referee last showed its rack."""
    ours = [(t.seat, t.move.notation()) for t in followed.moves]
    theirs = [(t.seat, t.move.notation()) for t in told.moves]
    if ours != theirs:
        at = next(
            (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), min(len(ours), len(theirs))
        )
        said = " ".join(f"{s}:{m}" for s, m in theirs[at : at + 1]) or "nothing"
        kept = " ".join(f"{s}:{m}" for s, m in ours[at : at + 1]) or "nothing"
        return f"move {at + 1} is {said} at the room, {kept} here"
    sizes = list(followed.hand_sizes)
    sizes[followed.seat] += owed
    if sizes != list(told.hand_sizes) or followed.stock != told.stock:
        return f"the room counts racks {list(told.hand_sizes)} and stock {told.stock}, this table {sizes} and {followed.stock}"
    missing = Counter(followed.tiles) - Counter(told.tiles)
    if missing or len(told.tiles) != len(followed.tiles) + owed:
        return f"the room gives this seat {' '.join(map(str, told.tiles))}, this table holds {' '.join(map(str, followed.tiles))}"
    if followed.scores != told.scores or followed.leader != told.leader:
        return f"the room has scores {list(told.scores)} and leader {told.leader}, this table {list(followed.scores)} and {followed.leader}"
    return None
