"""How well the Expert's model of a player's plays (knowledge.evidence_weight: heavy tiles and numbers held
more of, softly, a share of the time; any tile that fits otherwise) predicts the plays of real levels, with
every hand known. Hands of STRONG's team against WEAK's; for each play that had a choice, the log chance the
model gives the tile played, less a uniform pick's (nats a play; 0: the plays tell the worlds nothing), for
the model as shipped and for a grid of its temperature, habit share and follow bonus. If a setting other
than the shipped one fitted the levels clearly better, the worlds' weights would read more by taking it.

    python benchmarks/evidence_fit.py [--presets puerto_rican,jamaican] [--pairs expert:hard] [--deals 30]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.strength import make, seat_players, use_clock
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import (
    EVIDENCE_TEMPERATURE,
    FOLLOW_BONUS,
    HABIT_SHARE,
    _heft,
    play_log_chance,
    plays_on_ends,
)
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import Move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Choice:
    """A play with a choice: the level that made it, the tile played, the open ends, the tiles then held."""

    level: str
    tile: Tile
    ends: tuple[int, ...]
    held: frozenset[Tile]

    def fitting(self) -> list[Tile]:
        return [t for t in self.held if t.high in self.ends or t.low in self.ends]


@dataclass(frozen=True, slots=True)
class Model:
    temperature: float
    habit_share: float
    follow_bonus: float

    def log_chance(self, choice: Choice) -> float:
        """The log chance of the tile played, as evidence_weight takes it with this model's settings."""
        return play_log_chance(
            choice.tile, choice.ends, set(choice.held), self.temperature, self.habit_share, self.follow_bonus
        )


SHIPPED = Model(EVIDENCE_TEMPERATURE, HABIT_SHARE, FOLLOW_BONUS)
GRID = [Model(t, s, b) for t in (1.0, 2.0, 3.0, 4.0, 6.0, 10.0) for s in (0.5, 0.8, 0.95) for b in (0.0, FOLLOW_BONUS)]


def choices_of(hand: Hand, levels: list[str]) -> list[Choice]:
    """The plays with a choice of a line hand played out (no draws), each seat's tiles then held rebuilt from
    its tiles left and what it played after."""
    held = [set(h) for h in hand.hands]
    found = []
    for seat, tile, before in reversed(plays_on_ends(hand.layout.placements)):
        held[seat].add(tile)
        choice = Choice(levels[seat], tile, before, frozenset(held[seat]))
        if len(choice.fitting()) > 1:
            found.append(choice)
    return found


def play_hands(preset: str, strong: str, weak: str, deals: int, seed: int) -> list[Choice]:
    """The choices made in `deals` hands, STRONG's team on side 0 (on the clock the process's CPUs think on)."""
    rules = build_rules(preset)
    found: list[Choice] = []
    last: list[Hand] = []  # the hand in play, kept after it ends (the match lets go of it once scored)

    def keep(match: Match, seat: int, move: Move) -> None:
        if match.hand is not None:
            last[:] = [match.hand]

    for d in range(deals):
        deal_seed = seed * 1_000_003 + d
        levels = [strong if rules.teams[s] == 0 else weak for s in range(rules.players)]
        table = seat_players(rules, [make(level, deal_seed + s, None) for s, level in enumerate(levels)], deal_seed)
        table.play_hand(observer=keep, deal_seed=deal_seed)
        found.extend(choices_of(last[0], levels))
    return found


def fit(choices: list[Choice]) -> dict[str, dict[str, object]]:
    """By level: plays, the heaviest tile's share of them, and the model's gain over a uniform pick, as
    shipped and at the grid's best setting."""
    report: dict[str, dict[str, object]] = {}
    for level in sorted({c.level for c in choices}):
        mine = [c for c in choices if c.level == level]
        uniform = sum(-math.log(len(c.fitting())) for c in mine) / len(mine)

        def gain(model: Model, of: list[Choice] = mine, base: float = uniform) -> float:
            return sum(model.log_chance(c) for c in of) / len(of) - base

        best = max(GRID, key=gain)
        heaviest = sum(1 for c in mine if max(c.fitting(), key=_heft) == c.tile) / len(mine)
        report[level] = {
            "plays": len(mine),
            "heaviest_share": round(heaviest, 3),
            "shipped_gain": round(gain(SHIPPED), 4),
            "best": {"temperature": best.temperature, "habit_share": best.habit_share, "follow": best.follow_bonus},
            "best_gain": round(gain(best), 4),
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default="puerto_rican,jamaican")
    parser.add_argument("--pairs", default="expert:hard", help="STRONG:WEAK,...")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=77)
    args = parser.parse_args()
    use_clock("cpu")  # as strength.py: the machine's other work weakens no level (set for the process, here alone)
    for preset in args.presets.split(","):
        for pair in args.pairs.split(","):
            strong, weak = pair.split(":")
            started = time.perf_counter()
            report = fit(play_hands(preset, strong, weak, args.deals, args.seed))
            line = {"preset": preset, "pair": pair, "deals": args.deals, "levels": report}
            print(json.dumps({**line, "seconds": round(time.perf_counter() - started, 1)}), flush=True)


if __name__ == "__main__":
    main()
