"""Check the fair-deal proofs a replay case carries.

python -m dominoes_desktop.engine.fairness CASE.json

Exit codes: 0 every proof holds, 1 one does not, 2 the case itself is invalid (one line on stderr; every
hand's deal is checked as replay checks it, proof or not).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine.cases import CaseError, error_line, read_case, verify_case
from ..engine.inputs import limit_int_conversion
from .exits import quiet_exits


def main(argv: Sequence[str] | None = None) -> int:
    # Not a decorator: engine/fairness.py imports this `main` in a cycle, where mypy needs a plain signature.
    return quiet_exits(_main)(argv)


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.engine.fairness", description=__doc__)
    parser.add_argument("case", type=Path)
    limit_int_conversion()
    args = parser.parse_args(argv)
    try:
        verdicts = read_case(args.case, verify_case)
    except CaseError as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    for line in verdicts:
        print(json.dumps(line))
    return 0 if all(line["fair"] for line in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
