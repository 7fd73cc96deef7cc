"""Autosave, resume after a real kill -9, damaged saves, match files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dominoes_desktop.engine import replay
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.store.autosave import CURRENT, PREVIOUS, Autosave
from dominoes_desktop.store.matchfile import MatchFileError, SeatRecord, loads, match_to_json


def saved_moves(path: Path) -> int:
    data = json.loads(path.read_text())
    return sum(isinstance(action, str) for _, action in data["actions"])  # a move is in replay notation


def start_game(folder: Path, pause_ms: int = 0) -> subprocess.Popen[bytes]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if pause_ms:
        env["DOMINOES_DESKTOP_SAVE_PAUSE_MS"] = str(pause_ms)
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dominoes_desktop",
            "--config",
            str(folder),
            "--watch",
            "--preset",
            "jamaican",
            "--seed",
            "21",
            "--pace-ms",
            "5",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def wait_for(condition: object, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


@pytest.mark.parametrize("moves_before_kill", [3, 17, 40])
def test_resume_after_kill_9_loses_no_saved_move(tmp_path: Path, moves_before_kill: int) -> None:
    game = start_game(tmp_path)
    current = tmp_path / CURRENT
    try:
        wait_for(lambda: current.exists() and saved_moves(current) >= moves_before_kill)
        seen = saved_moves(current)
        game.send_signal(signal.SIGKILL)
    finally:
        game.wait(10)
    loaded = Autosave(tmp_path).load()
    assert loaded.message == ""
    assert loaded.saved is not None
    restored = loaded.saved.match
    moves = sum(len(hand.history) for _, hand in restored.played_hands())
    assert moves >= seen, "every move seen saved before the kill is still there"


def test_kill_9_in_the_middle_of_a_write(tmp_path: Path) -> None:
    game = start_game(tmp_path, pause_ms=400)
    current = tmp_path / CURRENT
    try:
        wait_for(lambda: current.exists() and saved_moves(current) >= 4)
        wait_for(lambda: any(p.name.endswith(".tmp") and p.name.startswith(".autosave") for p in tmp_path.iterdir()))
        before = saved_moves(current)
        game.send_signal(signal.SIGKILL)  # the new save is written but not yet renamed into place
    finally:
        game.wait(10)
    loaded = Autosave(tmp_path).load()
    assert loaded.saved is not None and loaded.message == ""
    assert sum(len(h.history) for _, h in loaded.saved.match.played_hands()) >= before


def _played_match(preset: str = "dominican", hands: int = 3, seed: int = 4) -> CpuTable:
    rules = build_rules(preset)
    table = CpuTable(rules, [make_player("medium", i) for i in range(rules.players)], seed)
    for _ in range(hands):
        if not table.match.is_over:
            table.play_hand()
    if not table.match.is_over:
        table.start_hand()
        for _ in range(6):
            table.step()
    return table


def _json(table: CpuTable) -> dict[str, object]:
    seats = [SeatRecord(f"P{i}", i == 0, "medium") for i in range(table.rules.players)]
    return match_to_json(table.match, {}, seats, {"timer_seconds": 0, "stats_group": "Home"})


def test_a_damaged_save_falls_back_to_the_previous_generation(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path)
    table = _played_match()
    autosave.save(_json(table))
    table.step()
    autosave.save(_json(table))
    good_previous = saved_moves(tmp_path / PREVIOUS)
    (tmp_path / CURRENT).write_text((tmp_path / CURRENT).read_text()[:200])  # truncated
    loaded = Autosave(tmp_path).load()
    assert "damaged" in loaded.message and "previous save was used" in loaded.message
    assert loaded.saved is not None
    assert sum(len(h.history) for _, h in loaded.saved.match.played_hands()) == good_previous
    kept = [p for p in tmp_path.iterdir() if "damaged" in p.name]
    assert len(kept) == 1 and kept[0].read_text().startswith('{"format"'), "the damaged file is kept, not deleted"


@pytest.mark.parametrize(
    "damage",
    [
        "",
        "not json at all",
        '{"format": "something else"}',
        '{"format": "dominoes-desktop-match", "version": 99}',
        "[[[[[[[[[[",
        "\x00\xff\xfe",
    ],
)
def test_damaged_files_give_one_readable_line(damage: str) -> None:
    with pytest.raises(MatchFileError) as info:
        loads(damage.encode("latin-1"))
    assert "\n" not in str(info.value) and str(info.value)


def test_tampered_moves_are_refused(tmp_path: Path) -> None:
    data = _json(_played_match())
    moves = [entry for entry in data["actions"] if isinstance(entry[1], str)]  # type: ignore[attr-defined]
    moves[3][1] = "6-6"
    with pytest.raises(MatchFileError, match=r"action \d+ \(6-6\)"):
        loads(json.dumps(data))
    big = "[" * 10 + "]" * 10
    with pytest.raises(MatchFileError):
        loads(big)


def test_a_match_file_round_trips_move_for_move(tmp_path: Path) -> None:
    table = _played_match("all_fives", hands=2, seed=9)
    data = _json(table)
    restored = loads(json.dumps(data)).match
    assert restored.scores == table.match.scores
    assert [r.points for r in restored.results] == [r.points for r in table.match.results]
    for (deal_a, hand_a), (deal_b, hand_b) in zip(restored.played_hands(), table.match.played_hands(), strict=True):
        assert deal_a == deal_b and hand_a.history == hand_b.history
    assert restored.record == table.match.record
    table.play_hand()
    CpuTable(table.rules, table.players, match=restored).play_hand()
    assert restored.played_hands()[-1][0] == table.match.played_hands()[-1][0], "the next deal is the same"


def test_a_finished_match_file_is_a_replay_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = build_rules("jamaican")
    table = CpuTable(rules, [make_player("easy", i) for i in range(4)], 3)
    table.play_match()
    path = tmp_path / "match.domino"
    path.write_text(json.dumps(_json(table)))
    assert replay.main([str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["scores"] == table.match.scores and result["match_winner"] == table.match.winner


def test_oversized_files_are_refused() -> None:
    with pytest.raises(MatchFileError, match="larger than"):
        loads(b" " * (5 * 1024 * 1024))
