"""docs/BOT.md's examples, run through the real bot (a process, as a reader pasting them runs it): every answer a
move the rules allow, the very move and reason the document shows for the seeded levels, and each error word for
word."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.engine.cpu.players import HardPlayer
from dominoes_desktop.engine.cpu.search import MAX_WORLDS
from dominoes_desktop.engine.moves import parse_move
from dominoes_desktop.engine.view import view_from_request

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "BOT.md"
SEEDED = {"random", "easy", "medium"}  # the same answers under the same seed; hard and expert search a clock


def examples() -> list[tuple[list[str], list[str], list[dict[str, Any]]]]:
    """Each example: the command's arguments, its request lines, and the answers the document shows."""
    text = DOC.read_text(encoding="utf-8")
    found = []
    pattern = r"```sh\n(python -m dominoes_desktop\.engine\.bot [^\n]*) <<'EOF'\n(.*?)\nEOF\n```\s*```json\n(.*?)```"
    for command, requests, answers in re.findall(pattern, text, re.S):
        found.append(
            (
                shlex.split(command)[3:],
                requests.splitlines(),
                [json.loads(line) for line in answers.strip().splitlines()],
            )
        )
    return found


def test_the_document_has_its_examples() -> None:
    levels = [args[args.index("--level") + 1] for args, _, _ in examples()]
    assert levels == ["medium", "easy", "easy", "hard"]
    assert sum(len(requests) for _, requests, _ in examples()) == 17


def allowed(request: dict[str, Any]) -> set[str]:
    """The moves the rules let the request's seat make (its legal list, when it gives one)."""
    if "legal" in request:
        return set(request["legal"])
    view = view_from_request(request)
    moves = view.legal_moves() if view.to_play == view.seat else []
    return {m.notation() for m in [*moves, *view.public.claim_moves(view.seat)]}


@pytest.mark.parametrize("example", range(4))
def test_each_example_is_what_the_bot_answers(example: int) -> None:
    args, requests, shown = examples()[example]
    run = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.bot", *args],
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this tree's bot, not another checkout's
    )
    assert run.returncode == 0 and run.stderr == "", run.stderr[-2000:]
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(answers) == len(requests) == len(shown)
    level = args[args.index("--level") + 1]
    for line, answer, expected in zip(requests, answers, shown, strict=True):
        if "error" in expected:
            assert answer == expected
            continue
        request = json.loads(line)
        assert set(answer) == {"move", "why", "ms"} and isinstance(answer["ms"], int | float)
        assert answer["move"] in allowed(request), (answer, request)
        parse_move(answer["move"])  # in notation
        if level in SEEDED:
            assert (answer["move"], answer["why"]) == (expected["move"], expected["why"])


def section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    return text[start : text.index("\n## ", start + 1)]


def test_the_time_section_says_where_hard_stops() -> None:
    """review26 5: "Time" said `hard` may answer sooner "when the choice is clear"; it stops at its clock or at
    search.MAX_WORLDS sampled worlds, whichever comes first, and the document must name that cap."""
    time = " ".join(section("Time").split())
    assert f"sampled {MAX_WORLDS:,} worlds, whichever comes first" in time
    assert "`MAX_WORLDS` in `engine/cpu/search.py`" in time
    assert "It does not stop early because the choice looks clear." in time


def test_a_longer_clock_buys_hard_nothing_past_its_worlds() -> None:
    """What "Time" says: with a clock far longer than its worlds take, `hard` samples exactly MAX_WORLDS worlds,
    so it answers as `hard` held to that many worlds with no clock does (the same seed, the same worlds)."""
    line = examples()[0][1][2]  # the Puerto Rican request "Time" measures
    view = view_from_request(json.loads(line))
    clocked = HardPlayer(seed=0, movetime_ms=3_600_000).decide(view)
    counted = HardPlayer(seed=0, worlds=MAX_WORLDS).decide(view)
    assert clocked == counted
