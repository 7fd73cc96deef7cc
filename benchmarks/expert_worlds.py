"""Where the Expert spends its clock: hands of four Experts, and for each decision it searched (forced ones
left out), by the tiles in the seat's hand, whether the exact search over sampled worlds answered or fell back
to playouts, how many worlds it judged exactly and its CPU milliseconds. Prints JSON per preset.

    python benchmarks/expert_worlds.py [--presets puerto_rican,jamaican] [--hands 3] [--movetime-ms 700]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.engine.cpu import expert, search
from dominoes_desktop.engine.cpu.players import ExpertPlayer
from dominoes_desktop.engine.moves import Move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_table import CpuTable

# One searched decision: tiles in the hand, exact (or played out), worlds judged exactly, CPU ms.
Record = tuple[int, bool, int, float]


def watch(records: list[Record]) -> None:
    """Record every exact search of the Expert in this process (a world judged is one weighing of a world)."""
    exact_pimc = expert.exact_pimc
    weigher = expert.world_weigher

    def counted(
        view: PlayerView, plays: list[Move], seed: int, deadline: float, max_worlds: int = expert.MAX_WORLDS
    ) -> dict[Move, float] | None:
        worlds = [0]

        def counting_weigher(seen: PlayerView) -> Callable[[Sequence[Sequence[Tile]]], float]:
            weigh = weigher(seen)

            def one_world(hands: Sequence[Sequence[Tile]]) -> float:
                worlds[0] += 1
                return weigh(hands)

            return one_world

        expert.world_weigher = counting_weigher
        started = time.process_time()
        try:
            means = exact_pimc(view, plays, seed, deadline, max_worlds)
        finally:
            expert.world_weigher = weigher
        records.append((len(view.tiles), means is not None, worlds[0], (time.process_time() - started) * 1000.0))
        return means

    expert.exact_pimc = counted


def summary(records: list[Record]) -> dict[str, dict[str, object]]:
    by_tiles: dict[str, dict[str, object]] = {}
    for tiles in sorted({r[0] for r in records}, reverse=True):
        mine = [r for r in records if r[0] == tiles]
        exact = [r for r in mine if r[1]]
        by_tiles[str(tiles)] = {
            "decisions": len(mine),
            "exact": len(exact),
            "worlds_median": statistics.median(r[2] for r in exact) if exact else 0,
            "worlds_range": [min(r[2] for r in exact), max(r[2] for r in exact)] if exact else [],
            "exact_ms_median": round(statistics.median(r[3] for r in mine), 1),
        }
    return by_tiles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default="puerto_rican,jamaican")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--movetime-ms", type=float, default=700.0)
    args = parser.parse_args()
    search.use_clock(time.process_time)  # as benchmarks/strength.py: the CPUs think on this process's CPU time
    records: list[Record] = []
    watch(records)
    report: dict[str, object] = {}
    for preset in args.presets.split(","):
        records.clear()
        rules = build_rules(preset)
        for deal in range(args.hands):
            players = [ExpertPlayer(seat, movetime_ms=args.movetime_ms) for seat in range(rules.players)]
            CpuTable(rules, players, deal).play_hand(deal_seed=deal)
        report[preset] = summary(records)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
