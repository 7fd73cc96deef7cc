"""cli/rate.py: a CPU level rated through a person's path, and a saved match's seat rated again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dominoes_desktop.cli import rate as rate_cli
from dominoes_desktop.engine.analysis.rating import HandJudgement, judge_hands, rate
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.record import record_to_json
from dominoes_desktop.session.cpu_table import CpuTable

KEYS = {"rating", "ci95", "decisions", "hands", "luck_mean", "adjusted_mean", "result_mean", "family"}


def _line(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    found = json.loads(out[0])
    assert isinstance(found, dict)
    return found


def test_a_tiny_run_prints_one_json_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands.jsonl"
    argv = ["--level", "easy", "--preset", "jamaican", "--hands", "2", "--seed", "2", "--out", str(out)]
    assert rate_cli.main(argv) == 0
    line = _line(capsys)
    assert set(line) >= KEYS and line["hands"] == 2 and line["family"] == "hands" and line["level"] == "easy"
    hands = [HandJudgement.from_json(json.loads(text)) for text in out.read_text().splitlines()]
    assert [h.hand for h in hands] == [0, 1] and all(h.seat == 0 for h in hands)
    again = rate(hands)
    assert line["rating"] == pytest.approx(again.value, abs=1e-4) and line["decisions"] == again.decisions
    assert line["adjusted_mean"] == pytest.approx(sum(h.adjusted() for h in hands) / 2, abs=1e-4)


def test_a_saved_match_is_rated_as_its_hands_are(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = build_rules("jamaican")
    table = CpuTable(rules, [make_player("medium", s) for s in range(4)], 5)
    table.play_hand(deal_seed=70)
    path = tmp_path / "match.domino"
    path.write_text(json.dumps(record_to_json(table.match.record)))
    assert rate_cli.main(["--match", str(path), "--seat", "1", "--seed", "3"]) == 0
    line = _line(capsys)
    expected = rate(judge_hands(table.match.record, 1, seed=3))
    assert line["hands"] == 1 and line["seat"] == 1
    assert line["rating"] == pytest.approx(expected.value, abs=1e-4)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--level", "grandmaster", "--preset", "jamaican", "--hands", "2"], "unknown level"),
        (["--level", "easy", "--preset", "nowhere", "--hands", "2"], "nowhere"),
        (["--level", "easy", "--preset", "jamaican", "--hands", "0"], "--hands must be"),
        (["--level", "easy", "--preset", "jamaican"], "give --level, --preset and --hands"),
        (["--level", "easy", "--preset", "jamaican", "--hands", "2", "--seat", "1"], "--seat goes with --match"),
        (["--match", "x.domino"], "--match needs --seat"),
        (["--level", "easy", "--preset", "jamaican", "--hands", "2", "--jobs", "0"], "--jobs must be"),
    ],
)
def test_bad_arguments_are_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        rate_cli.main(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert message in err[-1]


def test_a_bad_match_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.domino"
    path.write_text('{"format": "dominoes-desktop-match", "version": 2, "preset": "jamaican", "actions": [[0, "x"]]}')
    assert rate_cli.main(["--match", str(path), "--seat", "0"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    assert captured.err.startswith("error: ")


def test_ctrl_c_is_quiet(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(*_: object) -> list[object]:
        raise KeyboardInterrupt

    monkeypatch.setattr(rate_cli, "run_level", interrupted)
    assert rate_cli.main(["--level", "easy", "--preset", "jamaican", "--hands", "2"]) == 130
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_worker_processes_give_the_same_line() -> None:
    """--jobs 2 (spawned workers) rates the same hands the same way as one process."""
    argv = [sys.executable, "-m", "dominoes_desktop.cli.rate", "--level", "medium", "--preset", "all_fives"]
    argv += ["--hands", "4", "--seed", "4"]
    lines = []
    for jobs in ("1", "2"):
        done = subprocess.run([*argv, "--jobs", jobs], capture_output=True, text=True, timeout=300, check=True)
        line = json.loads(done.stdout)
        lines.append({k: line[k] for k in ("rating", "ci95", "decisions", "hands", "luck_mean", "adjusted_mean")})
    assert lines[0] == lines[1]


def test_the_coach_command_prints_the_same_losses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/RATING.md: the coach's command line, judging by the seat's view with the same seed, prints one
    line per counted decision with the loss the rating counts."""
    from dominoes_desktop.cli import coach as coach_cli

    rules = build_rules("jamaican")
    table = CpuTable(rules, [make_player("easy", s) for s in range(4)], 9)
    table.play_hand(deal_seed=90)
    path = tmp_path / "match.domino"
    path.write_text(json.dumps(record_to_json(table.match.record)))
    assert coach_cli.main([str(path), "--judge", "view", "--seat", "2", "--seed", "6", "--workers", "1"]) == 0
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    (judged,) = judge_hands(table.match.record, 2, seed=6)
    assert [(line["ply"], line["loss"]) for line in lines] == [
        (d.ply, pytest.approx(d.loss, abs=1e-2)) for d in judged.counted
    ]
