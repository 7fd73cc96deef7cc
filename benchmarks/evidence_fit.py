"""How well a model of a player's plays predicts the plays of real levels, with every hand known: the Expert's
habit player (knowledge.evidence_weight: heavy tiles and numbers held more of, softly, a share of the time; any
tile that fits otherwise), a grid of its settings, and (session 18) the fitted model of engine/play_model.py.
Hands of STRONG's team against WEAK's; for each play that had a choice, the log chance the model gives the tile
played, less a uniform pick's (nats a play; 0: the plays tell the worlds nothing).

`--fit` fits play_model's weights by maximum likelihood on the deals before `--test-from` of the hands played
(or read from `--corpus`, files that `--save` wrote) and reports, on the deals from `--test-from` on (held
out), nats a play over a uniform pick for the shipped habit model and the fitted one, and their paired
difference with a 95% interval (plays of one hand taken together).

    python benchmarks/evidence_fit.py [--presets puerto_rican,jamaican] [--pairs expert:hard] [--deals 30]
        [--save PATH] [--corpus PATH,...] [--fit] [--test-from 100]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.strength import make, seat_players, use_clock
from dominoes_desktop.engine import play_model
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import (
    EVIDENCE_TEMPERATURE,
    FOLLOW_BONUS,
    HABIT_SHARE,
    _heft,
    play_log_chance,
)
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.play_model import (
    Sighting,
    logit_chances,
    option_chances,
    option_features,
    play_options,
    sightings_of,
)
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Choice:
    """A play with a choice: the level that made it, the tile played, the open ends, the tiles then held, and
    (for the fitted model) the play with what was public then."""

    level: str
    tile: Tile
    ends: tuple[int, ...]
    held: frozenset[Tile]
    sighting: Sighting | None = None
    hand: int = 0  # which hand of the corpus: plays of one hand are taken together for the intervals

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

# A hand as --save writes it: preset, deal, the level by seat, the tiles left by seat, the public history
# (seat, kind, tile, end joined, ends stuck on).
Record = dict[str, Any]


def _tile(pair: list[int] | None) -> Tile | None:
    return None if pair is None else Tile(pair[0], pair[1])


def _pair(tile: Tile | None) -> list[int] | None:
    return None if tile is None else [tile.high, tile.low]


def record_of(preset: str, deal: int, levels: list[str], hand: Hand) -> Record:
    return {
        "preset": preset,
        "deal": deal,
        "levels": levels,
        "hands": [[[t.high, t.low] for t in tiles] for tiles in hand.hands],
        "history": [
            [t.seat, t.move.kind.value, _pair(t.move.tile), t.move.end, list(t.stuck_on)] for t in hand.history
        ],
    }


def choices_of(record: Record, index: int = 0) -> list[Choice]:
    """The plays with a choice (of a tile, or of the end for one tile) of a line hand played out (no draws),
    each seat's tiles then held rebuilt from its tiles left and what it played after."""
    rules = build_rules(str(record["preset"]))
    levels: list[str] = record["levels"]
    held = [{Tile(h, lo) for h, lo in tiles} for tiles in record["hands"]]
    turns = [
        (seat, MoveKind(kind), _tile(tile), end, tuple(stuck)) for seat, kind, tile, end, stuck, *_ in record["history"]
    ]
    found = []
    for sighting in reversed(sightings_of(rules, turns)):
        held[sighting.seat].add(sighting.tile)
        choice = Choice(
            levels[sighting.seat], sighting.tile, sighting.ends, frozenset(held[sighting.seat]), sighting, index
        )
        if len(play_options(choice.held, choice.ends)) > 1:
            found.append(choice)
    return found


def play_records(preset: str, strong: str, weak: str, deals: int, seed: int, save: str = "") -> list[Record]:
    """`deals` hands, STRONG's team on side 0 (on the clock the process's CPUs think on), each added to `save`
    as a JSON line when given."""
    rules = build_rules(preset)
    found: list[Record] = []
    last: list[Hand] = []  # the hand in play, kept after it ends (the match lets go of it once scored)

    def keep(match: Match, seat: int, move: Move) -> None:
        if match.hand is not None:
            last[:] = [match.hand]

    for d in range(deals):
        deal_seed = seed * 1_000_003 + d
        levels = [strong if rules.teams[s] == 0 else weak for s in range(rules.players)]
        table = seat_players(rules, [make(level, deal_seed + s, None) for s, level in enumerate(levels)], deal_seed)
        table.play_hand(observer=keep, deal_seed=deal_seed)
        found.append(record_of(preset, d, levels, last[0]))
        if save:
            with open(save, "a", encoding="utf-8") as out:
                print(json.dumps(found[-1]), file=out)
    return found


def play_hands(preset: str, strong: str, weak: str, deals: int, seed: int) -> list[Choice]:
    """The choices of a tile made in `deals` hands, STRONG's team on side 0."""
    played = play_records(preset, strong, weak, deals, seed)
    return [c for i, r in enumerate(played) for c in choices_of(r, i) if len(c.fitting()) > 1]


def fit(choices: list[Choice]) -> dict[str, dict[str, object]]:
    """By level: plays, the heaviest tile's share of them, and the model's gain over a uniform pick, as
    shipped and at the grid's best setting."""
    report: dict[str, dict[str, object]] = {}
    for level in sorted({c.level for c in choices}):
        mine = [c for c in choices if c.level == level and len(c.fitting()) > 1]
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


# The fit: a conditional logit (softmax over the plays that fit) mixed with a uniform pick, by expectation-
# maximisation: each play's chance of coming from the model rather than the uniform pick, then Newton steps on
# the logit's likelihood with the plays weighed by that chance, and the share set to the chances' mean.
RIDGE = 0.01  # a small pull of the weights towards 0: no feature's weight runs off where the plays never vary it
FIT_ROUNDS = 30

Options = list[tuple[list[tuple[float, ...]], int]]  # each play: the features of each play that fitted, the one made


def options_of(choices: Sequence[Choice]) -> Options:
    found: Options = []
    for c in choices:
        assert c.sighting is not None
        options = option_features(c.sighting, c.held)
        made = [option for option, _ in options].index((c.tile, c.sighting.joined))
        found.append(([row for _, row in options], made))
    return found


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix x = vector (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    rows = [[*row, v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[col][col] != 0.0:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit_model(options: Options, rounds: int = FIT_ROUNDS) -> tuple[list[float], float]:
    """The weights and the share of the model that make the plays made likeliest."""
    size = len(options[0][0][0])
    weights = [0.0] * size
    share = 0.8
    for _ in range(rounds):
        gradient = [-RIDGE * w for w in weights]
        hessian = [[RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
        responsibility = 0.0
        for rows, made in options:
            chances = logit_chances(rows, weights)
            model = share * chances[made]
            resp = model / (model + (1.0 - share) / len(rows))
            responsibility += resp
            mean = [sum(p * row[k] for p, row in zip(chances, rows, strict=True)) for k in range(size)]
            for k in range(size):
                gradient[k] += resp * (rows[made][k] - mean[k])
            for p, row in zip(chances, rows, strict=True):
                centred = [row[k] - mean[k] for k in range(size)]
                for i in range(size):
                    for j in range(size):
                        hessian[i][j] += resp * p * centred[i] * centred[j]
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        share = responsibility / len(options)
    return weights, share


def fitted_log_chance(choice: Choice, weights: Sequence[float], share: float) -> float:
    """The log chance of the tile played under the fitted model (its plays on either end added up)."""
    assert choice.sighting is not None
    chances = option_chances(choice.sighting, set(choice.held), weights, share)
    return math.log(sum(p for (tile, _), p in chances.items() if tile == choice.tile))


def held_out(choices: Sequence[Choice], weights: Sequence[float], share: float) -> dict[str, object]:
    """Nats a play over a uniform pick of the tile, for the shipped habit model and the fitted one, and the
    fitted one's lead with its 95% interval (the plays of a hand taken together, a ratio's delta method)."""
    uniform = [-math.log(len(c.fitting())) for c in choices]
    shipped = [SHIPPED.log_chance(c) - u for c, u in zip(choices, uniform, strict=True)]
    fitted = [fitted_log_chance(c, weights, share) - u for c, u in zip(choices, uniform, strict=True)]
    by_hand: dict[int, list[float]] = {}
    for c, s, f in zip(choices, shipped, fitted, strict=True):
        by_hand.setdefault(c.hand, [0.0, 0.0])
        by_hand[c.hand][0] += f - s
        by_hand[c.hand][1] += 1.0
    lead = sum(d for d, _ in by_hand.values()) / len(choices)
    groups = len(by_hand)
    spread = sum((d - lead * n) ** 2 for d, n in by_hand.values()) * groups / max(1, groups - 1)
    half = 1.96 * math.sqrt(spread) / len(choices)
    return {
        "plays": len(choices),
        "hands": groups,
        "shipped_gain": round(sum(shipped) / len(choices), 4),
        "fitted_gain": round(sum(fitted) / len(choices), 4),
        "fitted_minus_shipped": round(lead, 4),
        "difference_95ci": [round(lead - half, 4), round(lead + half, 4)],
    }


def fit_report(records: Sequence[Record], test_from: int) -> dict[str, object]:
    """Fit on the deals before `test_from`, report on the rest (all levels together and by level)."""
    choices = [c for i, r in enumerate(records) for c in choices_of(r, i)]
    train = [c for c in choices if int(records[c.hand]["deal"]) < test_from]
    # Scored on the choices of a tile, as the habit model sees them (the choice of an end for the one tile
    # that fits tells the habit model nothing, and the fitted one is scored on the tile).
    test = [c for c in choices if int(records[c.hand]["deal"]) >= test_from and len(c.fitting()) > 1]
    weights, share = fit_model(options_of(train))
    report: dict[str, object] = {
        "train_plays": len(train),
        "weights": dict(zip(play_model.FEATURES, (round(w, 3) for w in weights), strict=True)),
        "share": round(share, 3),
        "train": held_out([c for c in train if len(c.fitting()) > 1], weights, share),
        "held_out": held_out(test, weights, share),
    }
    for level in sorted({c.level for c in test}):
        report[f"held_out_{level}"] = held_out([c for c in test if c.level == level], weights, share)
    for preset in sorted({str(r["preset"]) for r in records}):
        report[f"held_out_{preset}"] = held_out(
            [c for c in test if records[c.hand]["preset"] == preset], weights, share
        )
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default="puerto_rican,jamaican")
    parser.add_argument("--pairs", default="expert:hard", help="STRONG:WEAK,...")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--save", default="", help="add each hand played to this file (JSON lines)")
    parser.add_argument("--corpus", default="", help="files of hands --save wrote, comma-separated: play none")
    parser.add_argument("--fit", action="store_true", help="fit play_model's weights and report held-out deals")
    parser.add_argument("--test-from", type=int, default=100, help="deals from this index on are held out")
    args = parser.parse_args()
    use_clock("cpu")  # as strength.py: the machine's other work weakens no level (set for the process, here alone)
    records: list[Record] = []
    if args.corpus:
        for path in args.corpus.split(","):
            records.extend(json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line)
    else:
        for preset in args.presets.split(","):
            for pair in args.pairs.split(","):
                strong, weak = pair.split(":")
                started = time.perf_counter()
                played = play_records(preset, strong, weak, args.deals, args.seed, args.save)
                records.extend(played)
                report = fit([c for i, r in enumerate(played) for c in choices_of(r, i)])
                line = {"preset": preset, "pair": pair, "deals": args.deals, "levels": report}
                print(json.dumps({**line, "seconds": round(time.perf_counter() - started, 1)}), flush=True)
    if args.fit:
        print(json.dumps(fit_report(records, args.test_from)), flush=True)


if __name__ == "__main__":
    main()
