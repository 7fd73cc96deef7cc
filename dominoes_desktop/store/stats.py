"""Statistics in SQLite (WAL): every finished match, by stats group and preset, per player and CPU level.

The database is created and migrated by the game (a schema_version table). A damaged database is moved
aside with a message and a fresh one started; it is never crashed on.
"""

from __future__ import annotations

import csv
import io
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine.hand import HandEnd
from ..engine.match import Match

SCHEMA_VERSION = 1
DB_NAME = "statistics.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    stats_group TEXT NOT NULL,
    preset TEXT NOT NULL,
    finished_at REAL NOT NULL,
    winner_side INTEGER,
    hands INTEGER NOT NULL,
    six_love INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    player TEXT NOT NULL,          -- a person's name, or "CPU (level)"
    seat INTEGER NOT NULL,
    won INTEGER NOT NULL,          -- the player's side won the match
    hands_won INTEGER NOT NULL,
    hands_lost INTEGER NOT NULL,
    dominoes INTEGER NOT NULL,     -- hands this player went out in
    blocks_won INTEGER NOT NULL,   -- locked hands the player's side won
    points_for INTEGER NOT NULL,
    points_against INTEGER NOT NULL,
    six_love_given INTEGER NOT NULL,
    six_love_taken INTEGER NOT NULL,
    capicuas INTEGER NOT NULL,
    key_bones INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS results_player ON results(player);
"""

COLUMNS = (
    "matches",
    "matches_won",
    "matches_lost",
    "hands_won",
    "hands_lost",
    "dominoes",
    "blocks_won",
    "points_for",
    "points_against",
    "six_love_given",
    "six_love_taken",
    "capicuas",
    "key_bones",
    "best_streak",
)


@dataclass(frozen=True)
class PlayerStats:
    player: str
    preset: str
    values: dict[str, int]


class StatsError(Exception):
    pass


def player_label(name: str, human: bool, level: str) -> str:
    return name if human else f"CPU ({level})"


class Statistics:
    """The statistics database in the game's data folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / DB_NAME
        self.message = ""  # set when a damaged database had to be moved aside
        folder.mkdir(parents=True, exist_ok=True)
        try:
            self.db = self._open()
        except sqlite3.DatabaseError as exc:
            aside = self.path.with_name(f"statistics.damaged-{time.strftime('%Y%m%d-%H%M%S')}.sqlite3")
            os.replace(self.path, aside)
            for suffix in ("-wal", "-shm"):
                extra = Path(str(self.path) + suffix)
                if extra.exists():
                    os.replace(extra, Path(str(aside) + suffix))
            self.message = (
                f"The statistics were damaged ({exc}); they were kept as {aside.name} and a new record started."
            )
            self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(SCHEMA)
            row = db.execute("SELECT version FROM schema_version").fetchone()
            if row is None:
                db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
            elif row[0] > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"made by a newer version of the game (schema {row[0]})")
            check = db.execute("PRAGMA integrity_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check[0] if check else 'no answer'}")
            db.commit()
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()

    def record(self, group: str, match: Match, players: list[tuple[str, bool, str]]) -> int:
        """Record a finished match: `players` is (name, human, level) per seat."""
        rules = match.rules
        winner = match.winner
        six_love = (
            winner is not None
            and rules.sides > 1
            and all(score == 0 for side, score in enumerate(match.scores) if side != winner)
        )
        with self.db:
            cursor = self.db.execute(
                "INSERT INTO matches (stats_group, preset, finished_at, winner_side, hands, six_love) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (group, rules.preset, time.time(), winner, len(match.results), int(six_love)),
            )
            match_id = int(cursor.lastrowid or 0)
            for seat, (name, human, level) in enumerate(players):
                side = rules.side_of(seat)
                row = dict.fromkeys(
                    (
                        "hands_won",
                        "hands_lost",
                        "dominoes",
                        "blocks_won",
                        "points_for",
                        "points_against",
                        "capicuas",
                        "key_bones",
                    ),
                    0,
                )
                for result in match.results:
                    gains = list(result.end_points)
                    if result.winner_side is not None:
                        gains[result.winner_side] += result.points
                    row["points_for"] += gains[side]
                    row["points_against"] += sum(g for s, g in enumerate(gains) if s != side)
                    if result.winner_side is None:
                        continue
                    if result.winner_side == side:
                        row["hands_won"] += 1
                        if result.end is HandEnd.BLOCKED:
                            row["blocks_won"] += 1
                        if result.winner_seat == seat and result.end is HandEnd.DOMINO:
                            row["dominoes"] += 1
                            row["capicuas"] += "capicua" in result.bonus
                            row["key_bones"] += "key_bone" in result.bonus
                    else:
                        row["hands_lost"] += 1
                won = winner is not None and winner == side
                self.db.execute(
                    "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        match_id,
                        player_label(name, human, level),
                        seat,
                        int(won),
                        row["hands_won"],
                        row["hands_lost"],
                        row["dominoes"],
                        row["blocks_won"],
                        row["points_for"],
                        row["points_against"],
                        int(six_love and won),
                        int(six_love and not won),
                        row["capicuas"],
                        row["key_bones"],
                    ),
                )
        return match_id

    def groups(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT DISTINCT stats_group FROM matches ORDER BY stats_group")]

    def table(self, group: str) -> list[PlayerStats]:
        """Totals per player and preset within a stats group."""
        rows = self.db.execute(
            """SELECT r.player, m.preset, COUNT(*), SUM(r.won), SUM(1 - r.won), SUM(r.hands_won),
                      SUM(r.hands_lost), SUM(r.dominoes), SUM(r.blocks_won), SUM(r.points_for),
                      SUM(r.points_against), SUM(r.six_love_given), SUM(r.six_love_taken), SUM(r.capicuas),
                      SUM(r.key_bones)
               FROM results r JOIN matches m ON m.id = r.match_id
               WHERE m.stats_group = ? GROUP BY r.player, m.preset ORDER BY r.player, m.preset""",
            (group,),
        ).fetchall()
        found = []
        for row in rows:
            values = dict(zip(COLUMNS[:-1], (int(v) for v in row[2:]), strict=True))
            values["best_streak"] = self.best_streak(group, row[0], row[1])
            found.append(PlayerStats(row[0], row[1], values))
        return found

    def history(self, group: str, player: str, preset: str) -> list[bool]:
        """The player's match results in order: True for a win."""
        return [
            bool(r[0])
            for r in self.db.execute(
                """SELECT r.won FROM results r JOIN matches m ON m.id = r.match_id
               WHERE m.stats_group = ? AND r.player = ? AND m.preset = ? ORDER BY m.finished_at, m.id""",
                (group, player, preset),
            )
        ]

    def best_streak(self, group: str, player: str, preset: str) -> int:
        best = run = 0
        for won in self.history(group, player, preset):
            run = run + 1 if won else 0
            best = max(best, run)
        return best

    def reset(self, group: str) -> None:
        with self.db:
            self.db.execute("DELETE FROM matches WHERE stats_group = ?", (group,))

    def csv(self, group: str) -> str:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["group", "player", "preset", *COLUMNS])
        for stats in self.table(group):
            writer.writerow([group, stats.player, stats.preset, *(stats.values[c] for c in COLUMNS)])
        return out.getvalue()
