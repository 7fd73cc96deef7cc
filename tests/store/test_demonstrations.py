"""--watch and --screenshot never write over a person's match (issue 24): --watch refuses in one line, a
screenshot shows a temporary copy, and every file of the player's folder is byte-identical afterwards."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from dominoes_desktop.store.autosave import CURRENT, FINISHED, PREVIOUS, persons_save

SAVE = Path(__file__).parents[1] / "hostile" / "data" / "autosave.domino"  # P0 is a person


def game_env(home: Path) -> dict[str, str]:
    return dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_RUNTIME_DIR=str(home / "run"),
    )


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def players_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(SAVE, folder / CURRENT)
    shutil.copy(SAVE, folder / PREVIOUS)
    return folder


def run_game(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dominoes_desktop", *arguments],
        env=game_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_watch_refuses_a_folder_holding_a_persons_match(tmp_path: Path) -> None:
    folder = players_folder(tmp_path)
    before = snapshot(folder)
    run = run_game(tmp_path, "--watch", "--config", str(folder), "--pace-ms", "0")
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), run.stderr
    assert "holds a person's match (autosave.domino)" in lines[0] and "--watch would replace it" in lines[0]
    assert snapshot(folder) == before
    assert sorted(p.name for p in folder.iterdir()) == [CURRENT, PREVIOUS], "not even a lock or settings file"


def test_a_screenshot_of_a_persons_folder_shows_a_copy_and_writes_nothing(tmp_path: Path) -> None:
    folder = players_folder(tmp_path)
    before = snapshot(folder)
    shot = tmp_path / "shot.png"
    run = run_game(tmp_path, "--screenshot", str(shot), "--config", str(folder), "--resume", "--moves", "4")
    assert run.returncode == 0, run.stderr[-2000:]
    assert shot.stat().st_size > 10_000
    assert "Saved match" not in run.stderr, "the copy held the person's match, resumed for the picture"
    assert snapshot(folder) == before
    assert sorted(p.name for p in folder.iterdir()) == [CURRENT, PREVIOUS]


def test_a_stats_screenshot_of_a_persons_folder_leaves_it_alone(tmp_path: Path) -> None:
    folder = players_folder(tmp_path)
    before = snapshot(folder)
    run = run_game(tmp_path, "--screenshot", str(tmp_path / "s.png"), "--config", str(folder), "--screen", "stats")
    assert run.returncode == 0, run.stderr[-2000:]
    assert snapshot(folder) == before


def test_what_counts_as_a_persons_match(tmp_path: Path) -> None:
    assert persons_save(tmp_path) is None
    cpus_only = json.loads(SAVE.read_text())
    for seat in cpus_only["seats"]:
        seat["human"] = False
    (tmp_path / CURRENT).write_text(json.dumps(cpus_only))
    assert persons_save(tmp_path) is None, "a watched CPU match may be watched over again"
    (tmp_path / FINISHED).write_text("{half a save")
    assert persons_save(tmp_path) == tmp_path / FINISHED, "an unreadable save may be the person's: kept"
    (tmp_path / FINISHED).unlink()
    os.mkfifo(tmp_path / PREVIOUS)
    assert persons_save(tmp_path) is None, "a pipe holds nobody's match (and is never read: it would hang)"
    shutil.copy(SAVE, tmp_path / CURRENT)
    assert persons_save(tmp_path) == tmp_path / CURRENT
