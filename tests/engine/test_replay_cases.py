"""The replay command against every rule case kept in the repository, and its errors on bad cases.

tests/data/rule-cases is the rule book's public cases, copied by scripts/refresh-rule-cases.sh; tests/data/own-cases
holds the project's own, worked out by hand from RULES.md.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.engine import replay

from .helpers import OWN_CASES, RULE_CASES

SHARED_CASES = sorted(RULE_CASES.glob("*.json"))
OWN = sorted(OWN_CASES.glob("*.json"))
CASES = SHARED_CASES + OWN


def test_the_cases_are_in_the_repository() -> None:
    assert len(SHARED_CASES) >= 38, f"expected the rule book's cases in {RULE_CASES}"
    assert {"room-match-11", "room-players4-partnersTrue-12"} <= {c.stem for c in SHARED_CASES}
    assert len(OWN) >= 10, f"expected the project's own cases in {OWN_CASES}"
    for case in CASES:
        assert "expect" in json.loads(case.read_text()), f"{case.name} has nothing to check"


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.stem}" for c in CASES])
def test_every_case_replays_exactly(case: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What `python -m dominoes_desktop.engine.replay CASE --check` does, in this process."""
    assert replay.main([str(case), "--check"]) == 0, capsys.readouterr().out
    assert capsys.readouterr().out.strip() == "ok"


@pytest.mark.parametrize("case", ["room-players4-partnersTrue-12.json"])
def test_the_check_command_itself(case: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.replay", str(RULE_CASES / case), "--check"],
        capture_output=True,
        text=True,
    )
    assert (run.returncode, run.stdout.strip(), run.stderr) == (0, "ok", "")


def test_the_command_line_entry_point(tmp_path: Path) -> None:
    case = RULE_CASES / "capicua-8.json"
    run = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.replay", str(case)], capture_output=True, text=True
    )
    assert run.returncode == 0
    result = json.loads(run.stdout)
    assert result["scores"] == [209, 169] and result["match_winner"] == 0
    assert result["hands"][5]["bonus"] == ["capicua"]


def _base() -> dict[str, Any]:
    return json.loads((RULE_CASES / "jamaican-match-1.json").read_text())


def _run(tmp_path: Path, case: Any, capsys: pytest.CaptureFixture[str], raw: str | None = None) -> tuple[int, str]:
    path = tmp_path / "case.json"
    path.write_text(raw if raw is not None else json.dumps(case))
    code = replay.main([str(path), "--check"])
    captured = capsys.readouterr()
    return code, captured.err + captured.out


def test_a_wrong_expectation_exits_1_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _base()
    case["expect"]["hands"][0]["points"] = 99
    code, out = _run(tmp_path, case, capsys)
    assert code == 1
    assert "hands.0.points: expected 99, got 1" in out


def _mutated(change: str) -> dict[str, Any]:
    case = _base()
    hand = case["hands"][0]
    if change == "unknown preset":
        case["preset"] = "martian"
    elif change == "tile not in set":
        hand["deal"][0][0] = "7-7"
    elif change == "tile dealt twice":
        hand["deal"][1][0] = hand["deal"][0][1]
    elif change == "illegal move":
        hand["moves"][1] = hand["deal"][1][0] if hand["deal"][1][0] != "6-1" else hand["deal"][1][1]
    elif change == "move after the end":
        hand["moves"].append("pass")
    elif change == "draw in a block game":
        hand["moves"][1] = "draw"
    elif change == "bad option":
        case["options"] = {"deal_size": 9}
    elif change == "pairs of seats":
        case["options"] = {"partners": [[0, 1], [2, 3]]}
    elif change == "opposite pairs of seats":
        case["options"] = {"partners": [[0, 2], [1, 3]]}
    elif change == "draw with no stock":
        case["options"] = {"style": "draw", "deal_size": 7}
    return case


@pytest.mark.parametrize(
    "change",
    [
        "unknown preset",
        "tile not in set",
        "tile dealt twice",
        "illegal move",
        "move after the end",
        "draw in a block game",
        "bad option",
        "pairs of seats",
        "opposite pairs of seats",
        "draw with no stock",
    ],
)
def test_an_invalid_case_exits_2_with_one_line(change: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(tmp_path, _mutated(change), capsys)
    assert code == 2
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert "Traceback" not in out


def test_errors_name_the_hand_and_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _mutated("draw in a block game")
    code, out = _run(tmp_path, case, capsys)
    assert code == 2 and "hand 0, move 1" in out


def test_bad_json_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(tmp_path, None, capsys, raw="{not json")
    assert code == 2 and "not valid JSON" in out


def test_pass_while_holding_a_playable_tile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = {
        "preset": "jamaican",
        "hands": [
            {
                "deal": [
                    ["6-6", "6-5", "0-0", "1-1", "2-2", "3-3", "4-4"],
                    ["6-4", "5-0", "5-1", "5-2", "5-3", "5-4", "5-5"],
                    ["6-3", "4-0", "4-1", "4-2", "4-3", "3-0", "3-1"],
                    ["6-2", "6-1", "6-0", "3-2", "2-0", "2-1", "1-0"],
                ],
                "moves": ["6-6", "pass"],
            }
        ],
    }
    code, out = _run(tmp_path, case, capsys)
    assert code == 2 and "cannot pass while holding a playable tile" in out and "move 1" in out


def test_a_draw_from_an_empty_stock(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads((RULE_CASES / "draw-match-1.json").read_text())
    hand = case["hands"][0]
    hand["stock"] = []
    code, out = _run(tmp_path, case, capsys)
    assert code == 2 and "hand 0" in out


def test_an_ambiguous_end_must_be_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads((RULE_CASES / "capicua-8.json").read_text())
    moves = case["hands"][0]["moves"]
    index = moves.index("6-4@4")
    broken = copy.deepcopy(case)
    broken["hands"][0]["moves"][index] = "6-4"
    code, out = _run(tmp_path, broken, capsys)
    assert code == 2 and "more than one end" in out and f"move {index}" in out


def _room_case() -> dict[str, Any]:
    return json.loads((RULE_CASES / "room-players4-partnersTrue-12.json").read_text())


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 4, "partners": [[0, 2], [1, 3]]}, "not pairs of seats"),
        ({"players": 4, "partners": [[0, 1], [2, 3]]}, "partners always sit opposite"),
        ({"players": 4, "partners": "yes"}, "must be true or false"),
        ({"set": 12}, "double-6 or double-9 set"),
        ({"style": "draw", "deal_size": 7}, "a draw game must leave tiles in the stock"),
        ({"style": "all_fives_draw"}, 'style must be "block" or "draw", not "all_fives_draw"'),
        ({"style": "sideways"}, 'style must be "block" or "draw", not "sideways"'),
    ],
)
def test_the_new_kinds_of_bad_case_exit_2(
    options: dict[str, Any], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = _room_case()
    case["options"] = options
    code, out = _run(tmp_path, case, capsys)
    lines = out.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], out


def test_pairs_of_seats_exit_2_from_the_command(tmp_path: Path) -> None:
    case = _room_case()
    case["options"]["partners"] = [[0, 1], [2, 3]]
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps(case))
    run = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.replay", str(path), "--check"], capture_output=True, text=True
    )
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1 and "pairs of seats" in run.stderr
