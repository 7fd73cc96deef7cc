"""What one seat may see of a hand in play. CPU players and the table read the game only through this."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from .errors import IllegalMove
from .hand import Hand, Turn
from .match import Match
from .moves import Move, MoveKind
from .rules import AfterWin, Rules, Style
from .tiles import Tile, full_set

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
    forced_pose: Tile | None = None

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
        )

    @cached_property
    def public(self) -> Hand:
        """The hand rebuilt from public moves; every tile nobody here can see is HIDDEN."""
        return replay_public(self)

    @property
    def to_play(self) -> int:
        return self.public.turn

    def legal_moves(self) -> list[Move]:
        """This seat's moves now: its turn's moves (if its turn) and any claim or Muggins open to it."""
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
    _check_tiles(view)
    rules = view.rules
    played: list[list[Tile]] = [[] for _ in range(rules.players)]
    draws = 0
    for turn in view.moves:
        if not 0 <= turn.seat < rules.players:
            raise IllegalMove(f"there is no seat {turn.seat}")
        if turn.move.kind is MoveKind.PLAY and turn.move.tile is not None:
            played[turn.seat].append(turn.move.tile)
        elif turn.move.kind is MoveKind.DRAW:
            draws += 1
    # Each seat holds what it will play plus a HIDDEN tile, so no replayed play ends the hand early.
    hands = [[*tiles, HIDDEN] for tiles in played]
    hand = Hand(rules, hands, [HIDDEN] * (draws + view.stock), view.leader, view.forced_pose)
    for i, turn in enumerate(view.moves):
        move = turn.move
        try:
            if move.kind in (MoveKind.CLAIM, MoveKind.MUGGINS):
                hand.apply(move, turn.seat)
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
    return hand


def pose_is_forced(rules: Rules, hand_index: int) -> bool:
    """Whether the rules make the leader pose a named tile (used where the match history is not known)."""
    first_rule_applies = hand_index == 0 or rules.after_win is AfterWin.FIRST_HAND_RULE
    return first_rule_applies and rules.opening.must_pose_double
