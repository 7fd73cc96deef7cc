"""Where in a hand the Expert's choices cost it (issue 32 item 4, session 26).

Plays the Expert's team against `--opponent` (random or hard) on the strength benchmark's duplicate deals (the
same dealing, seats and seeds as benchmarks/strength.py's duels: each deal once per side) and, at every Expert
decision with two or more plays, records the tiles in its hand, how it decided (`exact`: the exact search over
sampled worlds; `playouts`: the fall-back to Hard's playouts when a world is too big to search in the time) and
the cost of its choice judged on the TRUE deal: the exact solver's value of each play with every hand known (the
seer's values, engine/analysis/coach.Judge), cost = best value - chosen value (points in Puerto Rican, hands in
games counted in hands). A true-deal solve past `--budget` nodes is counted unsolved.

The seer's values assume perfect opponents. Against the random team (`--opponent random`) each play is also valued
with the next seat's reply taken as the random player makes it (the mean over its fitting replies, every later move
perfect: reply.replied_value's careless mixture at 1): `cost_rnd`, a truer cost against that team one reply deep.

Prints one JSON line a phase (tiles in hand 7..1 by `exact` / `playouts`): decisions, solved, the share with cost >
0, mean cost a decision, total cost; and the totals. `--log` keeps each decision as a JSON line (its true values,
the play chosen, the exact search's best before the tie break, the worlds it drew).

`--variants expert,NAME,...` asks each variant (a name of strength.SWITCHED_EXPERTS, or `expert`: the shipped one
replayed) for its play at each decision, on one seed for all (the same worlds drawn), and judges it alike: a paired
screen decision by decision, each variant against the replay, the replay against the Expert's own play.
`--reference-worlds N` also judges the exact search's choice on N worlds with no clock.
`--told POINTS`: where the Expert's choice costs POINTS or more (seer), asks the shipped Expert again on that
decision's seed and clock, with its worlds drawn as they were (the replay: the noise floor), told its partner's
true hand, told the next seat's, the previous seat's, or both opponents' (told_world), each answer judged alike.

    python benchmarks/expert_losses.py --preset puerto_rican --deals 50 --seed 1 --opponent random [--jobs 1]
        [--level expert] [--budget 3000000] [--log PATH] [--max-minutes 0] [--first-deal 0]
        [--variants expert,expert_flat] [--reference-worlds 0] [--told 0]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import strength
from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.analysis.solver import OutOfBudget
from dominoes_desktop.engine.cpu import expert, search
from dominoes_desktop.engine.cpu.players import Decision
from dominoes_desktop.engine.cpu.reply import CARELESS, Points, replied_value
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import Knowledge
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView

Record = dict[str, Any]


class Paths:
    """How the Expert decided its last decision: exact_pimc's answer (means, or None: it played out). The
    module's exact_pimc is wrapped in this process only, so the Expert decides as shipped."""

    def __init__(self) -> None:
        self.last: bool | None = None
        self.tied = 0
        self.top: Move | None = None  # the best exact mean, before the tie break's playouts
        self.worlds = 0
        self.shipped = expert.exact_pimc

        self.drawn = 0  # worlds exact_pimc drew in the last decision (skipped ones included)
        self.sample = expert.sample_world

    def counted(self, *args: Any, **kwargs: Any) -> Any:
        self.drawn += 1
        return self.sample(*args, **kwargs)

    def traced(self, *args: Any, **kwargs: Any) -> dict[Move, float] | None:
        self.drawn = 0
        means = self.shipped(*args, **kwargs)
        self.worlds = self.drawn
        self.last = means is not None
        self.tied = 0 if means is None else len(expert.near_best(args[0].rules, means))
        self.top = None if means is None else max(means, key=lambda m: means[m])
        return means


PATHS = Paths()


def true_values(match: Match, view: PlayerView, plays: list[Move], budget: int, random_reply: bool) -> Record:
    """The plays' exact values on the true deal for the seat's side (and with the next seat's reply random);
    None where the solve is past `budget` nodes."""
    assert match.hand is not None
    truth = match.hand.copy()
    side = view.rules.side_of(view.seat)
    judge = Judge(view.rules, truth, budget)
    found: Record = {"seer": None, "rnd": None}
    try:
        found["seer"] = [judge.option_value(truth, m, side, True, 0) for m in plays]
    except OutOfBudget:
        return found
    if random_reply:
        leaves = Points(judge, side)
        with contextlib.suppress(OutOfBudget):
            found["rnd"] = [replied_value(leaves, truth, m, CARELESS, None, 1.0) for m in plays]
    return found


def reference_choice(view: PlayerView, plays: list[Move], worlds: int, seed: int) -> Move | None:
    """The Expert's exact search with no clock: the best weighted mean over `worlds` sampled worlds, every one
    searched to the end (no early stop), without the tie break; None where exact_pimc gives none. What the shipped
    search would choose if time were no object: its cost against the Expert's says what the clock loses."""
    settled_after = expert.SETTLED_AFTER
    expert.SETTLED_AFTER = worlds + 1  # no early stop on a clear lead: all the worlds asked
    try:
        means = PATHS.shipped(view, plays, seed, search.now() + 3600.0, worlds)
    finally:
        expert.SETTLED_AFTER = settled_after
    return None if means is None else max(plays, key=lambda m: means[m])


def variant_choice(view: PlayerView, plays: list[Move], switches: dict[str, object], seed: int) -> Move:
    """The Expert's play with `switches` (module settings of expert.py, as strength.SwitchedExpert sets them) on
    its shipped clock and a given seed: variants asked with one seed draw the same worlds."""
    shipped = {name: getattr(expert, name) for name in switches}
    for name, value in switches.items():
        setattr(expert, name, value)
    try:
        return expert.expert_choice(view, plays, seed, EXPERT_MS)
    finally:
        for name, value in shipped.items():
            setattr(expert, name, value)


EXPERT_MS = 700.0  # the shipped Expert's clock (players.ExpertPlayer)


def told_world(view: PlayerView, knowledge: Knowledge, rng: Any, truth: Hand, told: tuple[int, ...]) -> Hand:
    """A world as knowledge.sample_world draws it, but with the `told` seats holding their true tiles: the rest of
    the unseen tiles dealt to the other hidden seats where they may be (their voids kept while they can be)."""
    known = {t for s in told for t in truth.hands[s]}
    hidden = [s for s in range(view.rules.players) if s != view.seat and s not in told]
    for attempt in range(40):
        pool: list[Tile] = [t for t in knowledge.unseen if t not in known]
        rng.shuffle(pool)
        hands: list[list[Tile]] = [list(truth.hands[s]) if s in told else [] for s in range(view.rules.players)]
        hands[view.seat] = list(view.tiles)
        ok = True
        for seat in sorted(hidden, key=lambda s: -len(knowledge.voids[s])):
            void = knowledge.voids[seat] if attempt < 30 else frozenset()
            taken = [t for t in pool if t.high not in void and t.low not in void][: view.hand_sizes[seat]]
            if len(taken) < view.hand_sizes[seat]:
                ok = False
                break
            hands[seat] = taken
            pool = [t for t in pool if t not in taken]
        if ok:
            return view.world(hands, pool[: view.stock])
    raise RuntimeError("no deal of the unseen tiles fits what the table has shown")


def told_choice(view: PlayerView, plays: list[Move], truth: Hand, told: tuple[int, ...], seed: int) -> Move:
    """The shipped Expert's play on its clock and `seed`, its worlds (exact search, tie break and fall-back
    playouts alike) drawn with the `told` seats' true hands given; no seat told: its replay on that seed."""
    samplers = (expert.sample_world, search.sample_world)

    def drawn(v: PlayerView, knowledge: Knowledge, rng: Any) -> Hand:
        return told_world(v, knowledge, rng, truth, told)

    if told:
        expert.sample_world = search.sample_world = drawn
    try:
        return expert.expert_choice(view, plays, seed, EXPERT_MS)
    finally:
        expert.sample_world, search.sample_world = samplers


# The views a big mistake is asked again on (--told): as it was; told the partner's hand; told one opponent's (the
# next seat's, the previous seat's): as much hidden as told the partner's where three hands are hidden; told both
# opponents' (where every tile is dealt, as in Puerto Rican, that tells the partner's too: the seer's view).
TOLD_VIEWS = ("replay", "partner", "next", "previous", "opponents")


def told_seats(rules: Any, seat: int, name: str) -> tuple[int, ...]:
    """The seats whose hands the view `name` of TOLD_VIEWS gives the seat at `seat`."""
    side = rules.side_of(seat)
    others = [s for s in range(rules.players) if s != seat]
    if name == "partner":
        return tuple(s for s in others if rules.side_of(s) == side)
    if name == "opponents":
        return tuple(s for s in others if rules.side_of(s) != side)
    if name in ("next", "previous"):
        return ((seat + (1 if name == "next" else -1)) % rules.players,)
    return ()


class Judged:
    """The Expert with each decision's choice judged on the true deal (outside its clock: the judging runs
    before it decides, and it thinks on the CPU time of its own decision)."""

    def __init__(
        self,
        player: strength.Timed,
        budget: int,
        random_reply: bool,
        deal: int,
        side: int,
        reference: int = 0,
        variants: tuple[str, ...] = (),
        told: float = 0.0,
    ) -> None:
        self.player = player
        self.told = told
        self.variants = variants
        self.reference = reference
        self.level = player.level
        self.budget = budget
        self.random_reply = random_reply
        self.deal = deal
        self.side = side
        self.match: Match | None = None
        self.records: list[Record] = []

    def decide(self, view: PlayerView) -> Decision:
        moves = [m for m in view.legal_moves() if m.kind not in (MoveKind.CLAIM, MoveKind.MUGGINS)]
        plays = [m for m in moves if m.kind is MoveKind.PLAY]
        if len(moves) < 2 or len(plays) < 2:
            return self.player.decide(view)
        assert self.match is not None
        started = time.process_time()
        values = true_values(self.match, view, plays, self.budget, self.random_reply)
        solve_ms = (time.process_time() - started) * 1000.0
        referred = reference_choice(view, plays, self.reference, self.deal) if self.reference else None
        seed = (self.deal * 8 + view.seat) * 8 + len(view.tiles)
        varied = {
            name: variant_choice(view, plays, strength.SWITCHED_EXPERTS.get(name, {}), seed) for name in self.variants
        }
        PATHS.last = None
        chosen = self.player.decide(view)
        index = plays.index(chosen.move)
        record: Record = {
            "deal": self.deal,
            "side": self.side,
            "seat": view.seat,
            "tiles": len(view.tiles),
            "plays": len(plays),
            "path": "exact" if PATHS.last else "playouts",
            "tied": PATHS.tied if PATHS.last else 0,
            "top": None if not PATHS.last or PATHS.top is None else plays.index(PATHS.top),
            "chosen": index,
            "worlds": PATHS.worlds,
            "reference": None if referred is None else plays.index(referred),
            "ms": round(self.player.cpu_ms[-1], 1),
            "solve_ms": round(solve_ms, 1),
        }
        for name in ("seer", "rnd"):
            found = values[name]
            if found is not None:
                record[f"cost_{name}"] = max(found) - found[index]
                record[f"values_{name}"] = found
                for name_v, move in varied.items():
                    record[f"{name_v}_{name}"] = max(found) - found[plays.index(move)]
                if referred is not None:
                    record[f"ref_{name}"] = max(found) - found[plays.index(referred)]
        if self.told and values["seer"] is not None and record["cost_seer"] >= self.told:
            # A big mistake asked again on the same seed: the replay (noise floor), then told partner, opponents.
            truth = self.match.hand
            assert truth is not None
            for name in TOLD_VIEWS:
                move = told_choice(view, plays, truth, told_seats(view.rules, view.seat, name), seed)
                for key in ("seer", "rnd"):
                    if values[key] is not None:
                        record[f"told_{name}_{key}"] = max(values[key]) - values[key][plays.index(move)]
        self.records.append(record)
        return chosen

    def claim(self, view: PlayerView) -> Move | None:
        return self.player.claim(view)


def _deals(
    preset: str,
    level: str,
    opponent: str,
    deals: range,
    seed: int,
    budget: int,
    reference: int,
    variants: tuple[str, ...],
    stop_at: float,
    log: str,
    told: float = 0.0,
) -> list[Record]:
    """The Expert's judged decisions on `deals` (each once per side), as strength._duel_deals plays them."""
    strength.use_clock("cpu")
    expert.exact_pimc = PATHS.traced
    expert.sample_world = PATHS.counted
    rules = build_rules(preset)
    records: list[Record] = []
    for d in deals:
        if stop_at and time.time() > stop_at:
            break
        deal_seed = seed * 1_000_003 + d
        for strong_side in range(rules.sides):
            players: list[Any] = []
            for s in range(rules.players):
                if rules.teams[s] == strong_side:
                    players.append(
                        Judged(
                            strength.make(level, deal_seed + s, None),
                            budget,
                            opponent == "random",
                            d,
                            strong_side,
                            reference,
                            variants,
                            told,
                        )
                    )
                else:
                    players.append(strength.make(opponent, deal_seed + s, None))
            table = strength.seat_players(rules, players, deal_seed)
            for player in players:
                if isinstance(player, Judged):
                    player.match = table.match
            result = table.play_hand(deal_seed=deal_seed)
            won = None if result.winner_side is None else result.winner_side == strong_side
            hand = [r for p in players if isinstance(p, Judged) for r in p.records]
            for r in hand:
                r["won"] = won
            records.extend(hand)
            if log:
                with open(log, "a", encoding="utf-8") as out:
                    for r in hand:
                        print(json.dumps(r), file=out)
    return records


def phases(records: list[Record], key: str) -> list[Record]:
    """By tiles in hand (most first) and path: decisions, solved, share with cost > 0, mean and total cost."""
    groups: dict[tuple[int, str], list[Record]] = {}
    for r in records:
        groups.setdefault((r["tiles"], r["path"]), []).append(r)
        groups.setdefault((0, "all"), []).append(r)
    rows: list[Record] = []
    for (tiles, path), found in sorted(groups.items(), key=lambda g: (-g[0][0] if g[0][0] else 99, g[0][1])):
        costs = [r[key] for r in found if key in r]
        refs = [r[key.replace("cost_", "ref_")] for r in found if key.replace("cost_", "ref_") in r]
        rows.append(
            {
                "value": key,
                "tiles": tiles or "all",
                "path": path,
                "decisions": len(found),
                "solved": len(costs),
                "share_cost": round(sum(c > 0 for c in costs) / len(costs), 3) if costs else None,
                "mean_cost": round(statistics.fmean(costs), 2) if costs else None,
                "total_cost": round(sum(costs), 1),
                "reference_mean_cost": round(statistics.fmean(refs), 2) if refs else None,
                "p50_ms": round(statistics.median(r["ms"] for r in found), 1),
            }
        )
    return rows


def variant_rows(records: list[Record], key: str, variants: tuple[str, ...]) -> list[Record]:
    """Each variant against the Expert on the same decisions, by tiles in hand and in all: how often the two
    chose differently, and the variant's mean cost minus the Expert's with its 95% interval. The Expert is its
    replay on the variants' seed (the same worlds drawn) where `expert` is among the variants, else its own play;
    the replay itself is set against the Expert's own play (what another seed alone changes)."""
    rows: list[Record] = []
    replayed = f"expert_{key[len('cost_') :]}" if "expert" in variants else key
    for name in variants:
        field = f"{name}_{key[len('cost_') :]}"
        base = key if name == "expert" else replayed  # the replay against the Expert's own play: the seeds' noise
        for tiles in (*range(7, 0, -1), 0):
            found = [r for r in records if field in r and base in r and (tiles == 0 or r["tiles"] == tiles)]
            if not found:
                continue
            diffs = [r[field] - r[base] for r in found]
            mean = statistics.fmean(diffs)
            half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
            rows.append(
                {
                    "variant": name,
                    "against": "expert replayed" if base != key else "expert",
                    "value": key,
                    "tiles": tiles or "all",
                    "decisions": len(found),
                    "cost_differs": sum(d != 0 for d in diffs),
                    "variant_mean_cost": round(statistics.fmean(r[field] for r in found), 2),
                    "expert_mean_cost": round(statistics.fmean(r[base] for r in found), 2),
                    "difference": round(mean, 2),
                    "difference_95ci": [round(mean - half, 2), round(mean + half, 2)],
                }
            )
    return rows


def told_rows(records: list[Record], key: str, threshold: float) -> list[Record]:
    """The big mistakes asked again (--told): for the replay and each view told hands, its mean cost with its 95%
    interval, and the share of the decisions whose answer still costs `threshold` or more (mistakes kept)."""
    rows: list[Record] = []
    value = key[len("cost_") :]
    found = [r for r in records if f"told_replay_{value}" in r]
    if not found:
        return rows
    for name in ("own", *TOLD_VIEWS):
        field = key if name == "own" else f"told_{name}_{value}"
        costs = [r[field] for r in found]
        mean = statistics.fmean(costs)
        half = 1.96 * statistics.stdev(costs) / len(costs) ** 0.5 if len(costs) > 1 else 0.0
        rows.append(
            {
                "told": name,
                "value": key,
                "decisions": len(costs),
                "mean_cost": round(mean, 2),
                "mean_cost_95ci": [round(mean - half, 2), round(mean + half, 2)],
                "kept": round(sum(c >= threshold for c in costs) / len(costs), 3),
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="puerto_rican")
    parser.add_argument("--deals", type=int, default=50, help="deals, each played once per side")
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", choices=("random", "hard"), default="random")
    parser.add_argument("--level", default="expert", help="the judged team's level: expert or one of SWITCHED_EXPERTS")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--reference-worlds",
        type=int,
        default=0,
        help="also choose by the exact search on this many worlds with no clock, and judge that choice (0: not)",
    )
    parser.add_argument(
        "--variants",
        default="",
        help="NAME,...: at each decision also the play of each (expert: the shipped one again on another seed; "
        "or a name of strength.SWITCHED_EXPERTS), judged alike on the same decisions",
    )
    parser.add_argument(
        "--told",
        type=float,
        default=0.0,
        help="where the Expert's choice costs this many points or more (seer), ask it again on the same seed: as it "
        "was, told its partner's hand, the next or previous seat's, both opponents' (0: not)",
    )
    parser.add_argument("--budget", type=int, default=3_000_000, help="nodes a true-deal solve may visit")
    parser.add_argument("--log", default="", help="add each judged decision to this file (JSON lines)")
    parser.add_argument("--max-minutes", type=float, default=0.0, help="start no new deal after this (0: no limit)")
    args = parser.parse_args()
    if args.level != "expert" and args.level not in strength.SWITCHED_EXPERTS:
        parser.error("--level: expert or one of SWITCHED_EXPERTS")
    variants = tuple(v for v in args.variants.split(",") if v)
    for name in variants:
        if name != "expert" and name not in strength.SWITCHED_EXPERTS:
            parser.error(f"--variants: '{name}' is expert or one of SWITCHED_EXPERTS")
    stop_at = time.time() + 60 * args.max_minutes if args.max_minutes > 0 else 0.0
    started = time.perf_counter()
    parts = strength._in_parts(args.jobs, args.deals, args.first_deal)
    task: Callable[..., list[Record]] = _deals
    common = (args.preset, args.level, args.opponent)
    tail = (args.seed, args.budget, args.reference_worlds, variants, stop_at, args.log, args.told)
    if args.jobs <= 1:
        records = task(*common, parts[0], *tail)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(task, *common, part, *tail) for part in parts]
            records = [r for f in futures for r in f.result()]
    keys = ["cost_seer"] + (["cost_rnd"] if args.opponent == "random" else [])
    for key in keys:
        for row in phases(records, key):
            print(json.dumps(row), flush=True)
        for row in variant_rows(records, key, variants):
            print(json.dumps(row), flush=True)
        for row in told_rows(records, key, args.told):
            print(json.dumps(row), flush=True)
    head = {"preset": args.preset, "opponent": args.opponent, "level": args.level, "deals": args.deals}
    print(json.dumps({**head, "decisions": len(records), "seconds": round(time.perf_counter() - started, 1)}))


if __name__ == "__main__":
    main()
