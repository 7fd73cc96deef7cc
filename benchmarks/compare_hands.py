"""Two strength runs on the same deals, hand by hand: from the `--hands-log` files of benchmarks/strength.py
(each line a hand: deal, strong_side, strong_won, margin), the hands one run's stronger level won and the
other's lost, the mean paired difference of the margins with its 95% interval, and the deals that differ.

    python benchmarks/compare_hands.py FIRST.jsonl SECOND.jsonl [--list 10]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path

Key = tuple[int, int]


def load(path: str) -> dict[Key, dict[str, object]]:
    """The hands of a log by (deal, strong_side); a hand logged twice keeps its last line."""
    hands: dict[Key, dict[str, object]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            hand = json.loads(line)
            hands[(int(hand["deal"]), int(hand["strong_side"]))] = hand
    return hands


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
        "margin_second_minus_first": round(mean, 3),
        "margin_95ci": [round(mean - half, 3), round(mean + half, 3)],
        "first_only": only_first,
        "second_only": only_second,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--list", type=int, default=10, help="how many differing hands of each kind to list")
    args = parser.parse_args()
    found = compare(load(args.first), load(args.second))
    found["first_only"] = found["first_only"][: args.list]  # type: ignore[index]
    found["second_only"] = found["second_only"][: args.list]  # type: ignore[index]
    print(json.dumps(found))


if __name__ == "__main__":
    main()
