"""Replay a recorded match from a JSON case and print what happened (`--check` compares with "expect").

    python -m dominoes_desktop.engine.replay CASE.json [--check]

Exit codes: 0 all expected keys match, 1 one differs, 2 the case itself is invalid. An invalid case,
whatever it holds (a FIFO, /dev/zero, numbers of thousands of digits, deep nesting), gives exit 2 and one
line on stderr: never 1, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.cases import CaseError, differences, error_line, read_case, replay
from ..engine.inputs import limit_int_conversion
from .exits import quiet_exits


def _checked(path: Path, check: bool) -> tuple[dict[str, Any], Any]:
    """Load and replay the case: (result, expect). Every fault of the case becomes a CaseError (exit 2),
    never a "mismatch" (exit 1) nor a traceback."""

    def replayed(case: Any) -> tuple[dict[str, Any], Any]:
        result = replay(case)
        expect = case.get("expect") if check else None
        if check and not isinstance(expect, dict):
            raise CaseError("--check needs an 'expect' object in the case")
        return result, expect

    return read_case(path, replayed)


@quiet_exits
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.engine.replay", description=__doc__)
    parser.add_argument("case", type=Path)
    parser.add_argument("--check", action="store_true", help="compare with the case's 'expect'")
    args = parser.parse_args(argv)
    limit_int_conversion()
    try:
        result, expect = _checked(args.case, args.check)
    except CaseError as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    if not args.check:
        print(json.dumps(result))
        return 0
    assert isinstance(expect, dict)
    try:
        diffs = differences(expect, result)
    except RecursionError:
        print("error: the case's 'expect' is nested too deeply", file=sys.stderr)
        return 2
    for line in diffs:
        print(f"mismatch: {line}")
    if diffs:
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
