"""The CPU levels: random, easy, medium, hard and expert. Each decides from a PlayerView alone."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..knowledge import Knowledge, infer
from ..levels import LEVELS as LEVELS  # re-exported: net.room names the levels from here
from ..moves import Move, MoveKind
from ..tiles import Tile
from ..view import PlayerView
from .evaluation import hand_strength, play_score
from .search import monte_carlo, now

# The Expert on a short clock, for analysis and ratings (many thousands of decisions): not offered at a table.
# make_player(FAST_EXPERT) plays it; the bot protocol's --level takes it too.
FAST_EXPERT = "expert_fast"
FAST_EXPERT_MS = 50.0  # what it promises: p95 of its decisions at most this
ANALYSIS_LEVELS = (FAST_EXPERT,)


# Why a CPU chose its move, by code: the UI words these in the player's language, the bot protocol in English.
REASONS = {
    "pass": "No tile fits: pass.",
    "draw": "No tile fits: draw from the stock.",
    "only": "{tile} is the only tile that fits.",
    "random": "A tile picked at random.",
    "domino": "Domino with {tile}!",
    "lead_double": "Lead with {tile}: doubles are hard to place later.",
    "lead_heaviest": "Lead with {tile}: it is your heaviest.",
    "next_void": "Play {tile}: the next player has shown no {number}s.",
    "place_double": "Place the double {tile} while it still fits.",
    "open_held": "Play {tile} to open {number}s, which you hold.",
    "heavy": "Get rid of the heavy {tile}.",
    "options": "{tile} keeps your options open.",
}


@dataclass(frozen=True, slots=True)
class Decision:
    """A chosen move, and why (the hint shows it): a reason code and the values its wording needs."""

    move: Move
    reason: str
    params: tuple[tuple[str, str], ...] = ()

    @property
    def why(self) -> str:
        """The reason in English (the bot protocol, logs)."""
        return REASONS.get(self.reason, self.reason).format(**dict(self.params))


def decision(move: Move, reason: str, **params: object) -> Decision:
    return Decision(move, reason, tuple((k, str(v)) for k, v in params.items()))


class CpuPlayer(Protocol):
    level: str

    def decide(self, view: PlayerView) -> Decision:
        """The move for the seat whose turn it is."""

    def claim(self, view: PlayerView) -> Move | None:
        """A claim or Muggins call to make now, if any."""


def _forced(moves: list[Move]) -> Decision | None:
    """A turn with a single option needs no thought."""
    if len(moves) != 1:
        return None
    only = moves[0]
    if only.kind is MoveKind.PASS:
        return decision(only, "pass")
    if only.kind is MoveKind.DRAW:
        return decision(only, "draw")
    return decision(only, "only", tile=only.tile)


def _turn_moves(view: PlayerView) -> list[Move]:
    return [m for m in view.legal_moves() if m.kind not in (MoveKind.CLAIM, MoveKind.MUGGINS)]


class _Cpu:
    """What every level shares: its RNG, and how it handles claims and Muggins."""

    level = "cpu"
    forget_claim = 0.0  # chance of not claiming its own points

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def claim(self, view: PlayerView) -> Move | None:
        """Claim own unclaimed points, or call Muggins on an opponent's; None to let them be."""
        for move in view.public.claim_moves(view.seat):
            if move.kind is MoveKind.MUGGINS:
                return move
            if self.rng.random() >= self.forget_claim:
                return move
        return None


class RandomPlayer(_Cpu):
    level = "random"

    def decide(self, view: PlayerView) -> Decision:
        move = self.rng.choice(_turn_moves(view))
        # A pass or a draw is the only move then, not a tile picked (bot25: "A tile picked at random." for a pass).
        return decision(move, {MoveKind.PASS: "pass", MoveKind.DRAW: "draw"}.get(move.kind, "random"))


class EasyPlayer(_Cpu):
    """A beginner: mostly plays whatever fits, keeps heavy tiles too long, forgets a claim now and then."""

    level = "easy"
    forget_claim = 0.25
    # Its plays by whim (any tile that fits). At 0.3 the fair coach could not tell it from Medium in the games
    # to hands (Jamaican 11.6 and 11.3 hundredths of a hand a decision); at 0.65 it gives away clearly more in
    # every family (docs/RATING.md, the calibration); its other plays keep a beginner's feel for doubles and follows.
    careless = 0.65

    def decide(self, view: PlayerView) -> Decision:
        moves = _turn_moves(view)
        quick = _forced(moves)
        if quick:
            return quick
        # Plays by feel: doubles and tiles it can follow, heavy tiles kept too long, passes ignored.
        world = view.world([list(view.tiles) if s == view.seat else [] for s in range(view.rules.players)])
        plays = [m for m in moves if m.kind is MoveKind.PLAY]
        if self.rng.random() < self.careless:
            choice = self.rng.choice(plays)
        else:
            scored = [
                (play_score(world, m, view.seat, None, weight_pips=0.3) + self.rng.random() * 10.0, m) for m in plays
            ]
            choice = max(scored, key=lambda sm: sm[0])[1]
        return explain(view, choice)


class MediumPlayer(_Cpu):
    """Sound habits: dump weight, place doubles, keep control, count passes, take and deny points."""

    level = "medium"

    def decide(self, view: PlayerView) -> Decision:
        moves = _turn_moves(view)
        quick = _forced(moves)
        if quick:
            return quick
        knowledge = infer(view)
        world = view.world([list(view.tiles) if s == view.seat else [] for s in range(view.rules.players)])
        plays = [m for m in moves if m.kind is MoveKind.PLAY]
        scored = [(play_score(world, m, view.seat, knowledge.voids) + self.rng.random() * 0.01, m) for m in plays]
        best = max(scored, key=lambda sm: sm[0])[1]
        return explain(view, best, knowledge)


class HardPlayer(_Cpu):
    """A club player: counts tiles and passes, samples the hidden hands, and plays each candidate out."""

    level = "hard"

    def __init__(
        self, seed: int = 0, movetime_ms: float = 150.0, worlds: int | None = None, breather_ms: float = 0.0
    ) -> None:
        super().__init__(seed)
        self.movetime_ms = movetime_ms
        self.worlds = worlds  # a fixed number of sampled worlds instead of a time budget (reproducible)
        self.breather_ms = breather_ms  # a pause after each world, leaving the interpreter to a window

    def decide(self, view: PlayerView) -> Decision:
        moves = _turn_moves(view)
        quick = _forced(moves)
        if quick:
            return quick
        plays = [m for m in moves if m.kind is MoveKind.PLAY]
        if self.worlds is not None:
            best = monte_carlo(view, plays, self.rng, None, self.worlds)
        else:
            deadline = now() + self.movetime_ms / 1000.0
            best = monte_carlo(view, plays, self.rng, deadline, breather=self.breather_ms / 1000.0)
        return explain(view, best)


class ExpertPlayer(HardPlayer):
    """The coach's best move under a clock: sampled worlds weighed by the plays seen, each judged by the
    exact solver once the hand is small enough to search in the time (see expert.py)."""

    level = "expert"
    tie_break = True  # near ties of the exact values settled by playouts (expert.near_best); off: plain PIMC

    def __init__(self, seed: int = 0, movetime_ms: float = 700.0) -> None:
        super().__init__(seed, movetime_ms)

    def decide(self, view: PlayerView) -> Decision:
        moves = _turn_moves(view)
        quick = _forced(moves)
        if quick:
            return quick
        plays = [m for m in moves if m.kind is MoveKind.PLAY]
        return explain(view, self.choose(view, plays))

    def choose(self, view: PlayerView, plays: list[Move]) -> Move:
        """The play among `plays` (two or more), by the Expert's search."""
        from .expert import TIE_SHARE, expert_choice  # the exact solver and the coach load with the first decision

        share = TIE_SHARE if self.tie_break else 0.0
        return expert_choice(view, plays, self.rng.getrandbits(32), self.movetime_ms, share)


class FastExpertPlayer(ExpertPlayer):
    """The Expert for analysis and ratings: the same search on a clock of FAST_EXPERT_MS a move. It aims at
    FAST_EXPERT_AIM of it, since a world or a playout round already begun runs to its end."""

    level = FAST_EXPERT
    # Kept as measured for analysis and ratings (97% of whole matches against the greedy team at p95 <= 50 ms,
    # docs/STRENGTH.md): on its short clock the tie break's playouts would take a fifth of its exact worlds.
    tie_break = False

    def __init__(self, seed: int = 0, movetime_ms: float = FAST_EXPERT_MS) -> None:
        super().__init__(seed, movetime_ms * FAST_EXPERT_AIM)


FAST_EXPERT_AIM = 0.8  # of its clock the fast Expert plans to use: the rest absorbs a world or a playout round begun


def explain(view: PlayerView, move: Move, knowledge: Knowledge | None = None) -> Decision:
    """The move with one short reason for the hint."""
    tile = move.tile
    assert tile is not None
    if len(view.tiles) == 1:
        return decision(move, "domino", tile=tile)
    if view.public.layout.empty:
        return decision(move, "lead_double" if tile.is_double else "lead_heaviest", tile=tile)
    new_end = tile.other(move.end) if move.end is not None else tile.low
    knowledge = knowledge or infer(view)
    nxt = (view.seat + 1) % view.rules.players
    if new_end in knowledge.voids[nxt] and view.rules.side_of(nxt) != view.rules.side_of(view.seat):
        return decision(move, "next_void", tile=tile, number=new_end)
    if tile.is_double:
        return decision(move, "place_double", tile=tile)
    if sum(1 for t in view.tiles if t != tile and t.has(new_end)) >= 2:
        return decision(move, "open_held", tile=tile, number=new_end)
    if tile.pips >= 9:
        return decision(move, "heavy", tile=tile)
    return decision(move, "options", tile=tile)


def make_player(level: str, seed: int = 0, movetime_ms: float | None = None) -> CpuPlayer:
    """A CPU of `level`; `movetime_ms` sets the thinking time of the levels that search (hard, expert)."""
    kind = _BY_LEVEL.get(level)
    if kind is None:
        raise ValueError(f"unknown CPU level '{level}' (choose {', '.join(LEVELS + ANALYSIS_LEVELS)})")
    if movetime_ms is not None and issubclass(kind, HardPlayer):
        return kind(seed, movetime_ms=movetime_ms)
    return kind(seed)


_BY_LEVEL: dict[str, type[RandomPlayer | EasyPlayer | MediumPlayer | HardPlayer]] = {
    kind.level: kind for kind in (RandomPlayer, EasyPlayer, MediumPlayer, HardPlayer, ExpertPlayer, FastExpertPlayer)
}


def choose_leader(hands: dict[int, tuple[Tile, ...]]) -> int:
    """A CPU side picks the partner whose hand is stronger (each partner judges only its own tiles)."""
    return max(sorted(hands), key=lambda seat: hand_strength(hands[seat]))


def wants_redeal(tiles: Sequence[Tile], doubles_needed: int) -> bool:
    """A CPU asks for the Cuban redeal whenever it may."""
    return doubles_needed > 0 and sum(t.is_double for t in tiles) >= doubles_needed
