"""Soak test: random legal play across every preset and option mix, checking invariants on every move.

    python -m dominoes_desktop.cli.soak [--hands 100000] [--seed 0]

Checks, per move: every tile in exactly one place (a hand, the stock, the table, asleep); every listed
play fits an open end and every unlisted tile does not; pass and draw only when nothing fits. Per hand:
scores change by exactly the hand's points and end points, or reset to zero; pips add up. Per match:
it ends. Prints a JSON report of what it checked; exits 1 on the first violation.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.decisions import (
    Action,
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    Cut,
    CutDeck,
    DealHand,
    HandScored,
    Lead,
    LetGo,
    MugginsWindow,
    NextHand,
    PlayTurn,
    RedealOffer,
    Seal,
)
from ..engine.errors import RulesError
from ..engine.fairness import SALT_BYTES, SEED_BITS, FairDeal, fingerprint
from ..engine.hand import Hand
from ..engine.match import HandResult, Match
from ..engine.moves import CLAIM, Move, MoveKind
from ..engine.presets import PRESETS, build_rules
from ..engine.rules import Rules
from ..engine.tiles import Tile, full_set
from ..session.table import Ask, Session
from .exits import quiet_exits

MAX_HANDS_PER_MATCH = 3000


class InvariantBroken(AssertionError):
    """A rule of the game was violated; the message says which."""


def check_tiles_conserved(hand: Hand, sleeping: Sequence[Tile]) -> None:
    rules = hand.rules
    places = [t for h in hand.hands for t in h] + hand.stock + hand.layout.tiles_on_table() + list(sleeping)
    if len(places) != len(set(places)):
        raise InvariantBroken("a tile is in two places")
    if set(places) != set(full_set(rules.set_top, rules.removed_tiles)):
        raise InvariantBroken("tiles went missing or appeared")


def check_legal_moves(hand: Hand) -> list[Move]:
    """Every listed play fits; every tile not listed does not fit; pass and draw only when stuck."""
    moves = hand.legal_moves()
    layout = hand.layout
    listed = {m.tile for m in moves if m.kind is MoveKind.PLAY}
    if layout.empty:
        if not listed:
            raise InvariantBroken("the leader has no pose")
        return moves
    ends = set(layout.open_ends())
    for tile in hand.hands[hand.turn]:
        if (tile.high in ends or tile.low in ends) != (tile in listed):
            raise InvariantBroken(f"{tile} was {'listed' if tile in listed else 'missed'} with ends {ends}")
    for move in moves:
        if move.kind is MoveKind.PLAY:
            if move.end not in ends or move.tile is None or not move.tile.has(move.end):
                raise InvariantBroken(f"{move} does not fit the ends {ends}")
        elif listed:
            raise InvariantBroken("pass or draw offered while a tile fits")
    return moves


@dataclass
class SoakSeat:
    """Answers every decision of its seat at random (a legal move, a claim now and then, any allowed leader,
    a redeal or not, a cut), checking the invariants of each turn first."""

    rng: random.Random
    claim_rate: float
    limit: int
    moves_played: int = 0
    waits: bool = False

    def ask(self, session: Session, ask: Ask) -> Action | None:
        pending, match, rng = ask.pending, session.match, self.rng
        if isinstance(pending, RedealOffer):
            return AnswerRedeal(rng.random() < 0.5)
        if isinstance(pending, ChooseLeader):
            return Lead(rng.choice(pending.seats))
        if isinstance(pending, ClaimWindow):
            return CLAIM if rng.random() < self.claim_rate else LetGo()
        if isinstance(pending, MugginsWindow):
            return Move(MoveKind.MUGGINS, caller=ask.seat) if rng.random() < 0.5 else LetGo()
        if isinstance(pending, CutDeck):
            return Cut(rng.randbytes(rng.randrange(0, 33)))
        assert isinstance(pending, PlayTurn)
        hand = match.hand
        assert hand is not None and match.deal is not None
        check_tiles_conserved(hand, match.deal.sleeping)
        if list(pending.moves) != check_legal_moves(hand):
            raise InvariantBroken("the pending turn lists other moves than the hand")
        self.moves_played += 1
        if self.moves_played > self.limit * (match.hand_index + 1):
            raise InvariantBroken("a hand that never ends")
        return rng.choice(pending.moves)


@dataclass
class SoakTable:
    """Deals every other hand or so sealed and cut (by the table, or by some seats), the others unsealed."""

    rng: random.Random
    waits: bool = False

    def ask(self, session: Session, ask: Ask) -> Action | None:
        rng = self.rng
        if isinstance(ask.pending, CutDeck):
            return Cut(rng.randbytes(8))
        if rng.random() < 0.5:
            return DealHand()
        players = session.match.rules.players
        seed, salt = rng.getrandbits(SEED_BITS), rng.randbytes(SALT_BYTES)
        cutters = tuple(s for s in range(players) if rng.random() < 0.5)
        return Seal(FairDeal(seed, salt, fingerprint(seed, salt)), cutters)


def play_checked_match(rules: Rules, seed: int, claim_rate: float = 0.7) -> tuple[Match, int]:
    """Play one match through the session, every decision answered at random, checking every invariant;
    return it and its move count."""
    rng = random.Random(seed)
    match = Match(rules, seed)
    limit = 4 * len(full_set(rules.set_top, rules.removed_tiles)) * rules.players
    seat = SoakSeat(rng, claim_rate, limit)
    session = Session(match, [seat] * rules.players, SoakTable(rng))
    before = list(match.scores)
    while not match.is_over:
        if match.hand_index >= MAX_HANDS_PER_MATCH:
            raise InvariantBroken(f"the match did not end in {MAX_HANDS_PER_MATCH} hands")
        if isinstance(match.pending(), NextHand):
            before = list(match.scores)
        events = session.step()
        if not events:
            raise InvariantBroken(f"nobody answered {match.pending()}")
        for event in events:
            if isinstance(event, HandScored):
                check_hand_scored(match, event.result, before)
    return match, seat.moves_played


def check_hand_scored(match: Match, result: HandResult, before: list[int]) -> None:
    rules = match.rules
    gained = result.side_points()
    if result.reset:
        if match.scores != [0] * rules.sides:
            raise InvariantBroken("a reset left points on the board")
    elif match.scores != [b + g for b, g in zip(before, gained, strict=True)]:
        raise InvariantBroken("scores changed other than the rules say")
    if sum(result.pips) != sum(t.pips for h in result.remaining for t in h):
        raise InvariantBroken("pip counts do not add up")


def random_rules(rng: random.Random) -> Rules:
    """A preset with a random host option mix that the rules accept; long targets are shortened."""
    while True:
        preset = rng.choice(sorted(PRESETS))
        options: dict[str, Any] = {}
        if rng.random() < 0.5:
            options["players"] = rng.randint(2, 5)
        if rng.random() < 0.3:
            options["set"] = rng.choice([6, 9, 12])
        if rng.random() < 0.3:
            options["partners"] = rng.random() < 0.5
        if rng.random() < 0.2:
            options["style"] = rng.choice(["block", "draw"])
        if rng.random() < 0.2:
            options["single_round"] = True
        try:
            rules = build_rules(preset, options)
        except RulesError:
            continue
        cap = 6 if rules.scoring.counts_hands else 60
        return build_rules(preset, options | {"target": min(rules.target, cap)})


@quiet_exits
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.cli.soak", description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    hands = moves = matches = 0
    per_preset: Counter[str] = Counter()
    started = time.perf_counter()
    while hands < args.hands:
        rules = random_rules(rng)
        seed = rng.getrandbits(32)
        try:
            match, played = play_checked_match(rules, seed)
        except InvariantBroken as exc:
            changed = ", ".join(rules.customised) or "no options"
            print(f"error: {rules.preset} ({changed}) seed {seed}: {exc}", file=sys.stderr)
            return 1
        hands += match.hand_index
        moves += played
        matches += 1
        per_preset[rules.preset] += match.hand_index
    report = {
        "hands": hands,
        "matches": matches,
        "moves_checked": moves,
        "hands_per_preset": dict(sorted(per_preset.items())),
        "seconds": round(time.perf_counter() - started, 1),
        "checked": [
            "every tile in exactly one place after every move",
            "no legal play missed or invented; pass and draw only when nothing fits",
            "scores change only by the hand's points and end points, or reset to zero",
            "pip counts add up",
            "every hand and every match ends",
        ],
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
