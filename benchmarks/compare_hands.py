"""Two strength runs on the same deals, hand by hand: from the `--hands-log` files of benchmarks/strength.py
(each line a hand: deal, strong_side, strong_won, margin), the hands one run's stronger level won and the
other's lost (with a two-sided sign test on them), the mean paired difference of the margins with its 95% interval,
and the deals that differ.

    python benchmarks/compare_hands.py FIRST.jsonl SECOND.jsonl [--list 10]
    python benchmarks/compare_hands.py --total PART.jsonl [PART.jsonl ...]

`--total` adds up logs of disjoint deals (a run and the run that went on from its last deal, --first-deal):
hands, the stronger level's share of decided hands with its 95% interval, the mean margin with its interval.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.confidence import wilson

Key = tuple[int, int]


def load(path: str) -> dict[Key, dict[str, object]]:
    """The hands of a log by (deal, strong_side); a hand logged twice keeps its last line."""
    hands: dict[Key, dict[str, object]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            hand = json.loads(line)
            hands[(int(hand["deal"]), int(hand["strong_side"]))] = hand
    return hands


def sign_test(first: int, second: int) -> float:
    """Two-sided exact sign test on the hands won by one run only: the chance, were each such hand as likely
    either run's, of a split at least this uneven."""
    n = first + second
    fewer = min(first, second)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(fewer + 1)) / 2**n) if n else 1.0


def compare(first: dict[Key, dict[str, object]], second: dict[Key, dict[str, object]]) -> dict[str, object]:
    """The hands both logs played: wins of each, hands won by one only, paired margin difference."""
    common = sorted(set(first) & set(second))
    only_first = [k for k in common if first[k]["strong_won"] is True and second[k]["strong_won"] is not True]
    only_second = [k for k in common if second[k]["strong_won"] is True and first[k]["strong_won"] is not True]
    diffs = [float(second[k]["margin"]) - float(first[k]["margin"]) for k in common]  # type: ignore[arg-type]
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return {
        "hands": len(common),
        "first_won": sum(first[k]["strong_won"] is True for k in common),
        "second_won": sum(second[k]["strong_won"] is True for k in common),
        "won_by_first_only": len(only_first),
        "won_by_second_only": len(only_second),
        "sign_test_p": round(sign_test(len(only_first), len(only_second)), 4),
        "margin_second_minus_first": round(mean, 3),
        "margin_95ci": [round(mean - half, 3), round(mean + half, 3)],
        "first_only": only_first,
        "second_only": only_second,
    }


def total(parts: list[dict[Key, dict[str, object]]]) -> dict[str, object]:
    """The hands of logs of disjoint deals added up (a hand in two logs is an error: the deals overlap)."""
    hands: dict[Key, dict[str, object]] = {}
    for part in parts:
        overlap = set(hands) & set(part)
        if overlap:
            raise ValueError(f"the logs overlap: {sorted(overlap)[:5]}")
        hands.update(part)
    won = sum(h["strong_won"] is True for h in hands.values())
    decided = sum(h["strong_won"] is not None for h in hands.values())
    low, high = wilson(won, decided)
    margins = [float(h["margin"]) for h in hands.values()]  # type: ignore[arg-type]
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    return {
        "hands": len(hands),
        "won": won,
        "decided": decided,
        "share_of_decided": round(won / max(1, decided), 4),
        "share_95ci": [round(low, 4), round(high, 4)],
        "mean_margin_per_hand": round(mean, 3),
        "margin_95ci": [round(mean - half, 3), round(mean + half, 3)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("logs", nargs="+")
    parser.add_argument("--total", action="store_true", help="add up the logs (disjoint deals) instead")
    parser.add_argument("--list", type=int, default=10, help="how many differing hands of each kind to list")
    args = parser.parse_args()
    if args.total:
        print(json.dumps(total([load(path) for path in args.logs])))
        return
    if len(args.logs) != 2:
        parser.error("two logs to compare (or --total)")
    found = compare(load(args.logs[0]), load(args.logs[1]))
    found["first_only"] = found["first_only"][: args.list]  # type: ignore[index]
    found["second_only"] = found["second_only"][: args.list]  # type: ignore[index]
    print(json.dumps(found))


if __name__ == "__main__":
    main()
