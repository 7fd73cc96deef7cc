"""The documents' shell examples (docs/REPLAY.md, docs/COACH.md), found and run as a reader pasting them runs them:
each shell block that names a command, the text block just after it being what it prints."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def document(name: str) -> str:
    return (ROOT / "docs" / name).read_text(encoding="utf-8")


def shell_examples(text: str, command: str) -> list[tuple[str, str]]:
    """Each example: a shell block that runs `command`, and the text block just after it (what it prints)."""
    pattern = r"```sh\n(.*?)```\s*```text\n(.*?)```"
    return [(script, shown) for script, shown in re.findall(pattern, text, re.S) if command in script]


def assert_examples_print_what_is_shown(examples: list[tuple[str, str]], folder: Path, timeout_s: float) -> None:
    """The examples in order, in one folder (a later one may use a file an earlier one wrote), by bash with the
    game's interpreter first on PATH and this tree's code importable; stdout and stderr together."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),  # this tree's command, not another checkout's
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    for script, shown in examples:
        run = subprocess.run(
            ["bash", "-c", "set -u\n" + script],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=timeout_s,
        )
        assert run.stdout == shown, f"the example\n{script}\nprints\n{run.stdout}"
