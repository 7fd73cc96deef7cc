"""A whole match of medium CPUs written as a match file (the record's codec), for timing the coach on a whole
match: `coach_speed.py --case FILE --ways every-2`, or the command line itself:

    python benchmarks/match_case.py --preset block --hands 12 match.json
    python -m dominoes_desktop.engine.coach match.json --judge view

It plays seeded matches from `--seed` on and writes the first that ends after exactly `--hands` hands (else the
nearest, and says so); the seeds make the same match on any machine."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dominoes_desktop.engine.cpu import make_player  # noqa: E402
from dominoes_desktop.engine.presets import build_rules  # noqa: E402
from dominoes_desktop.engine.record import record_to_json  # noqa: E402
from dominoes_desktop.session.cpu_table import CpuTable  # noqa: E402

TRIES = 200  # seeds tried for a match of the length asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="block")
    parser.add_argument("--hands", type=int, default=12, help="the match's length in hands")
    parser.add_argument("--seed", type=int, default=1, help="the first seed tried")
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    rules = build_rules(args.preset)
    nearest: tuple[int, int, dict[str, object]] | None = None
    for seed in range(args.seed, args.seed + TRIES):
        table = CpuTable(rules, [make_player("medium", seed * 10 + s) for s in range(rules.players)], seed)
        table.play_match(max_hands=4 * args.hands)
        played = len(table.match.archive)
        if nearest is None or abs(played - args.hands) < abs(nearest[0] - args.hands):
            nearest = (played, seed, record_to_json(table.match.record))
        if played == args.hands:
            break
    assert nearest is not None
    played, seed, record = nearest
    args.out.write_text(json.dumps(record))
    print(json.dumps({"preset": args.preset, "seed": seed, "hands": played, "asked": args.hands}))


if __name__ == "__main__":
    main()
