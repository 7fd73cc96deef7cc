"""Statistics: exactly what happened, per player and CPU level; a damaged database is set aside."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from dominoes_desktop.engine.deal import Deal
from dominoes_desktop.engine.decisions import DealHand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.store.stats import Statistics


def scripted_match() -> Match:
    """Dominican, 2 tiles each, target 30: a capicúa domino by seat 0 wins it in one hand."""
    match = Match(build_rules("dominican", {"deal_size": 2, "target": 30}))
    deal = [[Tile(6, 6), Tile(5, 1)], [Tile(6, 5), Tile(0, 0)], [Tile(6, 1), Tile(4, 4)], [Tile(3, 3), Tile(2, 0)]]
    match.apply(None, DealHand(deal=Deal(tuple(tuple(h) for h in deal), (), (), 77)))
    for text in ("6-6", "6-5", "6-1", "pass", "5-1@5"):
        match.apply(None, parse_move(text))
    return match


def test_statistics_record_exactly_what_happened(tmp_path: Path) -> None:
    match = scripted_match()
    assert match.winner == 0 and match.scores == [38, 0]
    stats = Statistics(tmp_path)
    players = [("Ana", True, "medium"), ("CPU 1", False, "hard"), ("Beto", True, "medium"), ("CPU 3", False, "hard")]
    stats.record("Family", match, players)
    rows = {row.player: row.values for row in stats.table("Family")}
    assert set(rows) == {"Ana", "Beto", "CPU (hard)"}
    ana = rows["Ana"]
    assert (ana["matches"], ana["matches_won"], ana["hands_won"], ana["dominoes"], ana["capicuas"]) == (1, 1, 1, 1, 1)
    assert (ana["points_for"], ana["points_against"], ana["six_love_given"], ana["best_streak"]) == (38, 0, 1, 1)
    beto = rows["Beto"]
    assert (beto["matches_won"], beto["dominoes"], beto["capicuas"], beto["hands_won"]) == (1, 0, 0, 1)
    cpus = rows["CPU (hard)"]  # two partner seats, one player in this match: counted once (issue 27)
    assert (cpus["matches"], cpus["matches_lost"], cpus["hands_lost"], cpus["points_against"]) == (1, 1, 1, 38)
    assert cpus["six_love_taken"] == 1 and cpus["best_streak"] == 0
    assert stats.histories("Family")[("CPU (hard)", "dominican")] == [False]
    assert stats.groups() == ["Family"]
    assert "Ana,dominican,1,1,0,1,0,1,0,38,0,1,0,1,0,1" in stats.csv("Family")
    stats.reset("Family")
    assert stats.table("Family") == []


def test_best_streak(tmp_path: Path) -> None:
    stats = Statistics(tmp_path)
    players = [("Ana", True, "medium"), ("CPU 1", False, "easy"), ("Ana 2", True, "medium"), ("CPU 3", False, "easy")]
    for _ in range(3):
        stats.record("Home", scripted_match(), players)
    assert {r.player: r.values["best_streak"] for r in stats.table("Home")}["Ana"] == 3


def test_the_database_is_versioned_and_uses_wal(tmp_path: Path) -> None:
    Statistics(tmp_path).close()
    db = sqlite3.connect(tmp_path / "statistics.sqlite3")
    assert db.execute("SELECT version FROM schema_version").fetchone() == (4,)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_damaged_database_is_moved_aside(tmp_path: Path) -> None:
    (tmp_path / "statistics.sqlite3").write_bytes(b"this is not a database" * 100)
    stats = Statistics(tmp_path)
    assert "damaged" in stats.message
    assert any("damaged" in p.name for p in tmp_path.iterdir())
    stats.record(
        "Home", scripted_match(), [("A", True, "m"), ("B", False, "easy"), ("C", True, "m"), ("D", False, "easy")]
    )
    assert stats.table("Home")


def test_a_cpu_level_on_both_sides_counts_one_match(tmp_path: Path) -> None:
    """You with a CPU partner against two CPUs, all "medium": CPU (medium) played one match, and won it (its
    winning seat's side figures), with the dominoes of all its seats."""
    stats = Statistics(tmp_path)
    players = [
        ("You", True, "medium"),
        ("CPU 1", False, "medium"),
        ("CPU 2", False, "medium"),
        ("CPU 3", False, "medium"),
    ]
    for _ in range(2):
        stats.record("Home", scripted_match(), players)
    rows = {row.player: row.values for row in stats.table("Home")}
    cpus = rows["CPU (medium)"]
    assert (cpus["matches"], cpus["matches_won"], cpus["matches_lost"]) == (2, 2, 0)
    assert (cpus["hands_won"], cpus["hands_lost"], cpus["points_for"], cpus["dominoes"]) == (2, 0, 76, 0)
    assert rows["You"]["matches"] == 2 and rows["You"]["dominoes"] == 2
    assert "Home,CPU (medium),dominican,2,2,0," in stats.csv("Home")


def test_an_empty_group_is_the_one_the_last_match_went_to(tmp_path: Path) -> None:
    stats = Statistics(tmp_path)
    players = [("You", True, "medium"), ("CPU 1", False, "easy"), ("CPU 2", False, "easy"), ("CPU 3", False, "easy")]
    assert stats.snapshot("").group == "Home", "before any match"
    stats.record("Club", scripted_match(), players)
    assert stats.snapshot("").group == "Club"
    practice = scripted_match()
    practice.practice = True  # a move was taken back
    stats.record("Club", practice, players)
    snapshot = stats.snapshot("")
    assert snapshot.group == "Practice" and snapshot.groups == ["Club", "Practice"]
    assert [row.values["matches"] for row in snapshot.rows if row.player == "You"] == [1]
    assert stats.snapshot("Club").group == "Club", "a group asked for by name is that group"
