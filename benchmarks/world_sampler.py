"""How close the worlds' sampler comes to drawing every deal the view allows equally likely.

Views come from hands of medium CPUs (CpuTable, one hand a deal); a view counts where a seat other than the
viewer has shown a void (without one, any fair shuffle is uniform); views whose voids allow no deal at all are
counted and left out (every sampler must break a void there). For each other view the exact chance that
each unseen tile lies with each other seat, or elsewhere (the stock, asleep), is counted over every deal that fits
(a count written here, tile by tile, apart from the engine's); each sampler draws `--samples` worlds and its
frequencies are set against those chances: the total-variation distance a tile, averaged over the view's tiles.
The noise floor is the same distance for an exact sampler (drawing tile by tile from that count) at the same
sample count: a sampler at the floor cannot be told from uniform by these samples. Also the share of views and of
samples that broke a void (a tile of a number a seat passed on in its hand), and the sampler's microseconds a
sample (CPU time: the median over views of its samples' mean; the first sample of a view, which builds the
view's tables, apart). Prints one JSON line per preset.

    python benchmarks/world_sampler.py [--presets puerto_rican,jamaican] [--deals 30] [--samples 400]
        [--seed 0] [--samplers greedy,uniform,walk]

With `--hostile N`, instead: the dealer's cost on N made-up views of a double-12 set (session 28) that a bot
request could describe, drawn at random (the seed): 3 to 5 seats each holding 8 to the most a block deal allows,
up to 10 tiles played, each other seat lacking 1 to 3 numbers. For each, the CPU seconds to build the dealer
(`knowledge.Dealer`: its count, or giving the count up past `knowledge.DEALER_TABLES` table entries), its
table entries, and the microseconds of a deal after it (views whose voids allow no deal are counted and left
out); one JSON line with the medians and worst by seat count,
and the views whose count was given up.

    python benchmarks/world_sampler.py --hostile 60 [--seed 0]

With `--walk-check N`: the walk that stands for the count past its bound, against the count, on N big views
the count can still make (`walk_check`: five seats of 6 tiles of a double-12 set), `--samples` deals each.

    python benchmarks/world_sampler.py --walk-check 4 --samples 3000 [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache, cached_property
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.engine import knowledge
from dominoes_desktop.engine.analysis.worlds import consistent
from dominoes_desktop.engine.cpu.players import CpuPlayer, Decision, make_player
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.moves import Move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile, full_set
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_table import CpuTable

Sampler = Callable[[PlayerView, knowledge.Knowledge, random.Random], Hand]


def greedy_world(view: PlayerView, known: knowledge.Knowledge, rng: random.Random) -> Hand:
    """The sampler before session 27 (knowledge.sample_world then), kept to compare: the most constrained seat
    filled first with the first shuffled tiles that fit, and after 30 failed tries the voids ignored."""
    seats = [s for s in range(view.rules.players) if s != view.seat]
    for attempt in range(40):
        pool = list(known.unseen)
        rng.shuffle(pool)
        hands: list[list[Tile]] = [[] for _ in range(view.rules.players)]
        hands[view.seat] = list(view.tiles)
        ok = True
        for seat in sorted(seats, key=lambda s: -len(known.voids[s])):
            void = known.voids[seat] if attempt < 30 else frozenset()
            taken: list[Tile] = []
            rest: list[Tile] = []
            for tile in pool:
                if len(taken) < view.hand_sizes[seat] and tile.high not in void and tile.low not in void:
                    taken.append(tile)
                else:
                    rest.append(tile)
            if len(taken) < view.hand_sizes[seat]:
                ok = False
                break
            hands[seat] = taken
            pool = rest
        if ok:
            return view.world(hands, pool[: view.stock])
    raise RuntimeError("no deal of the unseen tiles fits what the table has shown")


def walk_world(view: PlayerView, known: knowledge.Knowledge, rng: random.Random) -> Hand:
    """The dealer's walk of swaps (session 28), which stands for its count on views too big to count
    (`knowledge.DEALER_TABLES`), here on every view: the bound set to no table entry while the dealer is built."""
    bound = knowledge.DEALER_TABLES
    knowledge.DEALER_TABLES = 0
    try:
        dealer = knowledge.Dealer(known, view.seat, view.hand_sizes, view.stock)
    finally:
        knowledge.DEALER_TABLES = bound
    if dealer.count == 0:
        return knowledge.sample_world(view, known, rng)  # no deal fits: dealt as if nobody had passed
    hands, stock = dealer.placed(view, dealer.deal(rng))
    rng.shuffle(stock)
    return view.world(hands, stock)


# "uniform": the shipped sampler since session 27 (every deal that fits equally likely); "walk": its stand-in
# past the dealer's bound (session 28).
SAMPLERS: dict[str, Sampler] = {"greedy": greedy_world, "uniform": knowledge.sample_world, "walk": walk_world}


class Watching:
    """A CPU player whose views are kept."""

    def __init__(self, player: CpuPlayer, views: list[PlayerView]) -> None:
        self.player = player
        self.level = player.level
        self.views = views

    def decide(self, view: PlayerView) -> Decision:
        self.views.append(view)
        return self.player.decide(view)

    def claim(self, view: PlayerView) -> Move | None:
        return self.player.claim(view)


def played_views(preset: str, deals: int) -> list[PlayerView]:
    """Every view a medium CPU decided on, one hand of four medium CPUs a deal."""
    rules = build_rules(preset)
    views: list[PlayerView] = []
    for deal in range(deals):
        players = [Watching(make_player("medium", deal * 10 + s), views) for s in range(rules.players)]
        CpuTable(rules, players, deal).play_hand(deal_seed=deal)
    return views


class Exact:
    """The deals that fit a view, counted tile by tile: place p < len(seats) is the p-th other seat, the last
    place the stock and the tiles asleep together (where a tile lies there is not a seat's)."""

    def __init__(self, view: PlayerView) -> None:
        known = knowledge.infer(view)
        self.seats = [s for s in range(view.rules.players) if s != view.seat]
        self.tiles = list(known.unseen)
        self.sizes = (
            *(view.hand_sizes[s] for s in self.seats),
            len(self.tiles) - sum(view.hand_sizes[s] for s in self.seats),
        )
        elsewhere = len(self.seats)
        self.allowed = [
            (
                *(p for p, s in enumerate(self.seats) if t.high not in known.voids[s] and t.low not in known.voids[s]),
                elsewhere,
            )
            for t in self.tiles
        ]
        self.ways = cache(self._ways)
        self.voided = any(known.voids[s] for s in self.seats)

    def _ways(self, i: int, room: tuple[int, ...]) -> int:
        if i == len(self.tiles):
            return 0 if any(room) else 1
        return sum(self.ways(i + 1, _less(room, p)) for p in self.allowed[i] if room[p])

    @cached_property
    def chances(self) -> list[list[float]]:
        """For each tile, the chance of each place, over every deal that fits (forward counts times backward)."""
        total = self.ways(0, self.sizes)
        chances = [[0.0] * len(self.sizes) for _ in self.tiles]
        reach: dict[tuple[int, ...], int] = {self.sizes: 1}
        for i, allowed in enumerate(self.allowed):
            following: dict[tuple[int, ...], int] = {}
            for room, before in reach.items():
                for p in allowed:
                    if room[p]:
                        left = _less(room, p)
                        after = self.ways(i + 1, left)
                        if after:
                            chances[i][p] += before * after / total
                            following[left] = following.get(left, 0) + before
            reach = following
        return chances

    def draw(self, rng: random.Random) -> list[int]:
        """The place of each tile in one deal drawn with every deal that fits equally likely."""
        room = self.sizes
        places = []
        for i, allowed in enumerate(self.allowed):
            options = [(p, self.ways(i + 1, _less(room, p))) for p in allowed if room[p]]
            pick = rng.randrange(sum(w for _, w in options))
            chosen = options[-1][0]
            for p, w in options:
                pick -= w
                if pick < 0:
                    chosen = p
                    break
            places.append(chosen)
            room = _less(room, chosen)
        return places


def _less(room: tuple[int, ...], place: int) -> tuple[int, ...]:
    return (*room[:place], room[place] - 1, *room[place + 1 :])


def distance(exact: list[list[float]], counts: list[list[int]], samples: int) -> float:
    """The mean over the tiles of the total-variation distance between the counted places and the chances."""
    return statistics.fmean(
        sum(abs(c / samples - e) for c, e in zip(tile_counts, tile_chances, strict=True)) / 2
        for tile_counts, tile_chances in zip(counts, exact, strict=True)
    )


def sampled(view: PlayerView, exact: Exact, sampler: Sampler, samples: int, rng: random.Random) -> dict[str, float]:
    """One sampler on one view: its distance, samples breaking a void, first and later samples' microseconds."""
    known = knowledge.infer(view)
    index = {t: i for i, t in enumerate(exact.tiles)}
    counts = [[0] * len(exact.sizes) for _ in exact.tiles]
    broken = 0
    times: list[float] = []
    for _ in range(samples):
        started = time.process_time()
        world = sampler(view, known, rng)
        times.append(time.process_time() - started)
        broken += not consistent(view, world.hands, world.stock if view.stock else ())
        held = set()
        for p, seat in enumerate(exact.seats):
            for tile in world.hands[seat]:
                counts[index[tile]][p] += 1
                held.add(tile)
        for tile in exact.tiles:
            if tile not in held:
                counts[index[tile]][-1] += 1
    later = statistics.fmean(times[1:]) if samples > 1 else times[0]
    return {
        "tv": distance(exact.chances, counts, samples),
        "broken": broken,
        "first_us": times[0] * 1e6,
        "us": later * 1e6,
    }


def summary(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "mean": round(statistics.fmean(ordered), 4),
        "median": round(statistics.median(ordered), 4),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 4),
        "max": round(ordered[-1], 4),
    }


def measure(preset: str, deals: int, samples: int, seed: int, samplers: Sequence[str]) -> dict[str, object]:
    views = played_views(preset, deals)
    floors: list[float] = []
    results: dict[str, list[dict[str, float]]] = {name: [] for name in samplers}
    voided = contradictory = 0
    for number, view in enumerate(views):
        exact = Exact(view)
        if not exact.voided:
            continue
        voided += 1
        if not exact.ways(0, exact.sizes):
            contradictory += 1  # the voids inferred allow no deal: every sampler must break one
            continue
        rng = random.Random(seed * 1_000_003 + number)
        counts = [[0] * len(exact.sizes) for _ in exact.tiles]
        for _ in range(samples):
            for i, p in enumerate(exact.draw(rng)):
                counts[i][p] += 1
        floors.append(distance(exact.chances, counts, samples))
        for name in samplers:
            results[name].append(
                sampled(view, exact, SAMPLERS[name], samples, random.Random(seed * 1_000_003 + number))
            )
    report: dict[str, object] = {
        "preset": preset,
        "views": len(views),
        "views_with_voids": voided,
        "views_no_deal_fits": contradictory,
        "samples_a_view": samples,
        "noise_floor_tv": summary(floors),
    }
    for name, rows in results.items():
        report[name] = {
            "tv": summary([r["tv"] for r in rows]),
            "views_breaking_a_void": sum(r["broken"] > 0 for r in rows),
            "samples_breaking_a_void": int(sum(r["broken"] for r in rows)),
            "us_a_sample_median": round(statistics.median(r["us"] for r in rows), 1),
            "us_first_sample_median": round(statistics.median(r["first_us"] for r in rows), 1),
        }
    return report


def hostile(views: int, seed: int) -> dict[str, object]:
    """The dealer's build and deal on `views` made-up double-12 views (the module's docstring)."""
    rng = random.Random(seed)
    dealing = random.Random(seed + 1)  # apart, so that the views are the same whatever the deals draw
    rows: dict[int, list[dict[str, float]]] = {3: [], 4: [], 5: []}
    given_up = []
    fitless = 0
    for _ in range(views):
        players = rng.choice((3, 4, 5))
        size = rng.randint(8, 91 // players)
        tiles = list(full_set(12, ()))
        rng.shuffle(tiles)
        unseen = tuple(tiles[size + rng.randint(0, 10) :])
        voids = [frozenset(rng.sample(range(13), rng.randint(1, 3))) for _ in range(players - 1)]
        known = knowledge.Knowledge((frozenset(), *voids), unseen)
        started = time.process_time()
        dealer = knowledge.Dealer(known, 0, (size,) * players, 0)
        built = time.process_time() - started
        if dealer.count == 0:
            fitless += 1  # the voids drawn allow no deal: nothing to deal
            continue
        started = time.process_time()
        for _ in range(20):
            dealer.deal(dealing)
        dealt = (time.process_time() - started) / 20
        rows[players].append({"s": built, "entries": dealer.filled, "deal_us": dealt * 1e6})
        if dealer.count is None:
            given_up.append({"players": players, "size": size, "voids": [sorted(v) for v in voids]})
    report: dict[str, object] = {"hostile_views": views, "seed": seed, "tables_bound": knowledge.DEALER_TABLES}
    for players, found in rows.items():
        if found:
            report[f"{players}_seats"] = {
                "views": len(found),
                "build_s_median": round(statistics.median(r["s"] for r in found), 3),
                "build_s_worst": round(max(r["s"] for r in found), 3),
                "entries_median": int(statistics.median(r["entries"] for r in found)),
                "entries_worst": int(max(r["entries"] for r in found)),
                "deal_us_median": round(statistics.median(r["deal_us"] for r in found), 1),
                "deal_us_worst": round(max(r["deal_us"] for r in found), 1),
            }
    report["no_deal_fits"] = fitless
    report["given_up"] = given_up
    return report


def _places_seen(dealer: knowledge.Dealer, rng: random.Random, samples: int) -> list[list[float]]:
    """How often each unseen tile lies with each other seat, or elsewhere, over `samples` deals of `dealer`."""
    index = {t: i for i, t in enumerate(t for _, group in dealer.groups for t in group)}
    counts = [[0] * (len(dealer.seats) + 1) for _ in index]
    for _ in range(samples):
        lots = dealer.deal(rng)
        for place, lot in enumerate(lots):
            for tile in lot:
                counts[index[tile]][min(place, len(dealer.seats))] += 1
    return [[c / samples for c in row] for row in counts]


def _tv(a: list[list[float]], b: list[list[float]]) -> float:
    return statistics.fmean(
        sum(abs(x - y) for x, y in zip(ra, rb, strict=True)) / 2 for ra, rb in zip(a, b, strict=True)
    )


def walk_check(views: int, samples: int, seed: int) -> dict[str, object]:
    """The walk against the count on big views it can still count: five seats of 6 tiles of a double-12 set, each
    other seat lacking 1 to 3 numbers, the count's tables over 50,000 entries and within the bound. Per tile, the
    total-variation distance of where the walk's `samples` deals put it from where the count's deals put it,
    against the same distance between two runs of the count's deals (the noise floor)."""
    rng = random.Random(seed)
    rows = []
    while len(rows) < views:
        tiles = list(full_set(12, ()))
        rng.shuffle(tiles)
        voids = [frozenset(rng.sample(range(13), rng.randint(1, 3))) for _ in range(4)]
        known = knowledge.Knowledge((frozenset(), *voids), tuple(tiles[6:]))
        exact = knowledge.Dealer(known, 0, (6,) * 5, 0)
        if exact.count is None or exact.filled < 50_000:
            continue
        bound = knowledge.DEALER_TABLES
        knowledge.DEALER_TABLES = 0  # the walk on the same view
        try:
            walk = knowledge.Dealer(known, 0, (6,) * 5, 0)
        finally:
            knowledge.DEALER_TABLES = bound
        first = _places_seen(exact, random.Random(seed * 3 + 1), samples)
        again = _places_seen(exact, random.Random(seed * 3 + 2), samples)
        walked = _places_seen(walk, random.Random(seed * 3 + 3), samples)
        rows.append({"entries": exact.filled, "floor_tv": _tv(first, again), "walk_tv": _tv(first, walked)})
    return {
        "walk_check_views": views,
        "samples": samples,
        "seed": seed,
        "entries": [r["entries"] for r in rows],
        "floor_tv": [round(r["floor_tv"], 4) for r in rows],
        "walk_tv": [round(r["walk_tv"], 4) for r in rows],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presets", default="puerto_rican,jamaican")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0, help="the seed of the samplers' draws (the deals are 0, 1, ...)")
    parser.add_argument("--samplers", default=",".join(SAMPLERS), help=f"of {', '.join(SAMPLERS)}")
    parser.add_argument("--hostile", type=int, default=0, help="measure the dealer on this many made-up views")
    parser.add_argument("--walk-check", type=int, default=0, help="the walk against the count on this many views")
    args = parser.parse_args()
    if args.walk_check:
        print(json.dumps(walk_check(args.walk_check, args.samples, args.seed)), flush=True)
        return
    if args.hostile:
        print(json.dumps(hostile(args.hostile, args.seed)), flush=True)
        return
    samplers = args.samplers.split(",")
    for name in samplers:
        if name not in SAMPLERS:
            parser.error(f"no sampler {name!r} (there are {', '.join(SAMPLERS)})")
    for preset in args.presets.split(","):
        print(json.dumps(measure(preset, args.deals, args.samples, args.seed, samplers)), flush=True)


if __name__ == "__main__":
    main()
