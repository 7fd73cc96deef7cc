"""Writes dominoes_desktop/engine/analysis/luck_priors.py: what a hand is worth before its deal (hand_luck's
prior, R0 and E0) for every shipped preset whose next leader can be known before the deal, worked out once here
so that no judge pays for it (some 2.5 s a double-6 rule set and level, 5 s double-9).

    nice -n 10 python benchmarks/rating_priors.py [--jobs 1]
    python benchmarks/rating_priors.py --check      # recompute every shipped prior, compare exactly; exit 1 if any differs

The priors are deterministic (the shuffles seeded 0, 1, ..., the CPUs seeded from them), so the module holds
exactly what `hand_luck.worked_out_prior` gives, keyed by `hand_luck.prior_key` (the rules' parameters that
decide a hand) and the level; rules that differ (house rules) find no key and work their prior out. Run it
again whenever LUCK_VERSION or PRIOR_DEALS changes, or anything the Medium and Easy CPUs or a hand's play do
(tests/engine/test_luck_priors.py recomputes a few and fails when they no longer agree).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.engine.analysis.hand_luck import (
    LUCK_VERSION,
    PANEL_LEVEL,
    PRIOR_DEALS,
    REFERENCE_LEVEL,
    draws_from_stock,
    leader_can_be_known,
    prior_key,
    worked_out_prior,
)
from dominoes_desktop.engine.presets import PRESETS, build_rules

MODULE = Path(__file__).resolve().parents[1] / "dominoes_desktop" / "engine" / "analysis" / "luck_priors.py"


def wanted() -> list[tuple[str, str]]:
    """(preset, level) for every prior a shipped preset's luck can ask for, one a key."""
    found: dict[tuple[str, str], tuple[str, str]] = {}
    for name in PRESETS:
        rules = build_rules(name)
        if not leader_can_be_known(rules):
            continue
        levels = [REFERENCE_LEVEL] if draws_from_stock(rules) else [REFERENCE_LEVEL, PANEL_LEVEL]
        for level in levels:
            found.setdefault((prior_key(rules), level), (name, level))
    return list(found.values())


def work_out(job: tuple[str, str]) -> tuple[str, str, str, tuple[float, ...], float]:
    preset, level = job
    rules = build_rules(preset)
    start = time.process_time()
    value = worked_out_prior(rules, 0, level)
    return preset, level, prior_key(rules), value, time.process_time() - start


def module_text(rows: list[tuple[str, str, str, tuple[float, ...], float]]) -> str:
    lines = [
        '"""What a hand is worth before its deal, seat 0 leading (hand_luck.prior), for the shipped presets:',
        'written by benchmarks/rating_priors.py, never by hand. Keyed by hand_luck.prior_key and the level."""',
        "",
        f"LUCK_VERSION = {LUCK_VERSION}",
        f"PRIOR_DEALS = {PRIOR_DEALS}",
        "",
        "PRIORS: dict[tuple[str, str], tuple[float, ...]] = {",
    ]
    for preset, level, key, value, _ in sorted(rows, key=lambda r: (r[0], r[1])):
        lines.append(f"    # {preset}, {level}")
        lines.append(f"    ({key!r}, {level!r}): ({', '.join(repr(v) for v in value)},),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="recompute and compare with the module; write nothing")
    args = parser.parse_args()
    jobs = wanted()
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = []
        for row in pool.map(work_out, jobs):
            print(f"{row[0]} {row[1]}: {row[4]:.2f} s CPU", file=sys.stderr, flush=True)
            rows.append(row)
    if args.check:
        from dominoes_desktop.engine.analysis import luck_priors

        differ = [r[:2] for r in rows if luck_priors.PRIORS.get((r[2], r[1])) != r[3]]
        stale = luck_priors.LUCK_VERSION != LUCK_VERSION or luck_priors.PRIOR_DEALS != PRIOR_DEALS
        print(f"{len(rows)} priors; differ: {differ}; module of another definition: {stale}")
        raise SystemExit(1 if differ or stale else 0)
    MODULE.write_text(module_text(rows), encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--quiet", str(MODULE)], check=True
    )  # as `ruff format` keeps it
    print(f"wrote {MODULE} ({len(rows)} priors)")


if __name__ == "__main__":
    main()
