"""Check the fair-deal proofs a replay case carries.

python -m dominoes_desktop.engine.fairness CASE.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine.cases import CaseError, load_case, verify_case


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.engine.fairness", description=__doc__)
    parser.add_argument("case", type=Path)
    args = parser.parse_args(argv)
    try:
        verdicts = verify_case(load_case(args.case))
    except CaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line in verdicts:
        print(json.dumps(line))
    return 0 if all(line["fair"] for line in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
