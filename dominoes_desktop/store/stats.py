"""Statistics in SQLite (WAL): every finished match, by stats group and preset, per player and CPU level,
and what every seat was dealt in every hand (deal luck: engine/luck.py says what chance gives).

The database is created and migrated by the game (a schema_version table: 1 had matches and results, 2 added
deals, 3 the skill record of store/skill.py, 4 the version of each judged hand's luck; matches recorded before 2
have no deals, and nothing is made up for them). Three troubles are told apart,
because they call for opposite answers:

- busy: another process holds a lock. The database is healthy; the result waits (the store service
  retries off the UI thread, then keeps it in a small pending file that is recorded next time).
- cannot write: a read-only folder, a full disk, a database from a newer version (told apart as `NEWER`, so the
  player is told that, not a reason matched in English words). Play goes on; the player is told once.
- damaged: SQLite says the file is not a database, or it fails its integrity check. Only then is it
  moved aside (never deleted) and a new record started.
"""

from __future__ import annotations

import contextlib
import csv
import enum
import io
import json
import math
import os
import sqlite3
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.analysis.luck import DealSet, Draw, Measure, Step, Tally, match_deals, running, tally
from ..engine.errors import NotationError
from ..engine.hand import HandEnd
from ..engine.match import Match
from ..engine.tiles import Tile
from . import HOME_GROUP
from .autosave import write_atomically
from .files import FileRefused, move_aside, parse_json, read_bounded, whole_number
from .skill import SKILL_SCHEMA, add_luck_columns

SCHEMA_VERSION = 4  # 2: the deals table; 3: the skill record (store/skill.py); 4: its luck's version
DB_NAME = "statistics.sqlite3"
PENDING_NAME = "statistics-pending.json"
PENDING_FORMAT = "dominoes-desktop-pending-statistics"
MAX_PENDING = 500  # results kept waiting for a busy database; far more than a season of busy evenings
MAX_PENDING_BYTES = 8 * 1024 * 1024  # 500 long matches with every seat's deals (~4 KB each) fit twice over
MAX_NAME = 60
PRACTICE_GROUP = "Practice"  # matches where a move was taken back: kept apart so they never flatter a record

SCHEMA = (
    """
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
CREATE TABLE IF NOT EXISTS deals (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    hand INTEGER NOT NULL,          -- the hand's number in the match, from 0
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,           -- as in results
    human INTEGER NOT NULL,
    tiles INTEGER NOT NULL,         -- tiles dealt to the seat (the deal size; draws are not counted)
    doubles INTEGER NOT NULL,
    pips INTEGER NOT NULL,
    set_top INTEGER NOT NULL,       -- 6, 9, 12: double-six, -nine, -twelve
    removed TEXT NOT NULL,          -- tiles taken out of the set, like "0-0"; "" for none
    dealt INTEGER NOT NULL,         -- tiles dealt to the whole table
    needs_double INTEGER NOT NULL   -- the dealer deals again while no double is dealt: chance is conditioned
);
CREATE INDEX IF NOT EXISTS deals_match ON deals(match_id);
"""
    + SKILL_SCHEMA
)
MAX_SET_TOP = 18  # far above any set played; bounds the work a hand-edited database can ask of a read
CPU_GROUP = ""  # deal luck's name for every CPU seat together

ROW_COUNTS = (  # what a seat's row of a match result counts
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
)

# A player's totals: the matches, every count of a result row, and the longest run of matches won.
COLUMNS = ("matches", "matches_won", "matches_lost", *ROW_COUNTS, "best_streak")


@dataclass(frozen=True)
class PlayerStats:
    player: str
    preset: str
    values: dict[str, int]


class Trouble(enum.Enum):
    BUSY = "busy"
    CANNOT_WRITE = "cannot write"
    DAMAGED = "damaged"
    NEWER = "newer"  # made by a newer version of the game: neither written nor moved aside


NEWER_VERSION = "made by a newer version of the game"  # the reason in English (the log; Trouble.NEWER for code)


class StatsUnavailable(Exception):
    """The database cannot take or give statistics now; `trouble` says why, the message says it in one line."""

    def __init__(self, trouble: Trouble, message: str) -> None:
        super().__init__(message)
        self.trouble = trouble


_BUSY = {"SQLITE_BUSY", "SQLITE_LOCKED"}
_DAMAGED = {"SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT"}


def classify(exc: sqlite3.Error) -> Trouble:
    """Which trouble an SQLite error means. Anything not known to be damage counts as "cannot write", so a
    healthy database is never moved aside on an error nobody foresaw."""
    name = (getattr(exc, "sqlite_errorname", "") or "").split("_(")[0]
    base = name if name.count("_") <= 1 else "_".join(name.split("_")[:2])
    text = str(exc).lower()
    if base in _BUSY or "locked" in text or "busy" in text:
        return Trouble.BUSY
    if base in _DAMAGED or "not a database" in text or "malformed" in text:
        return Trouble.DAMAGED
    return Trouble.CANNOT_WRITE


def into_wal(db: sqlite3.Connection, wait_s: float) -> None:
    """Put the database in write-ahead mode, waiting up to `wait_s` for another game that holds it. SQLite
    answers this pragma "database is locked" at once, without its busy wait, while another connection is in
    the middle of making the same new database: two games started together on a first run each raced it."""
    give_up = time.monotonic() + wait_s
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if classify(exc) is not Trouble.BUSY or time.monotonic() >= give_up:
                raise
            time.sleep(0.01)


@dataclass(frozen=True)
class ResultRow:
    player: str
    seat: int
    won: bool
    counts: tuple[int, ...]  # in ROW_COUNTS order


@dataclass(frozen=True)
class DealRow:
    """What one seat was dealt at the start of one hand (draws are not counted)."""

    hand: int
    seat: int
    player: str
    human: bool
    tiles: int
    doubles: int
    pips: int

    def valid_for(self, deal_set: DealSet) -> bool:
        """Whether these facts could come from a deal of that set (a hand-edited file or database may say
        anything; what cannot be true is left out, never shown)."""
        return (
            whole_number(self.hand, 0, 100_000)
            and whole_number(self.seat, 0, 9)
            and 0 < len(self.player) <= MAX_NAME
            and whole_number(self.tiles, 1, deal_set.dealt)
            and whole_number(self.doubles, 0, self.tiles)
            and whole_number(self.pips, 0, 2 * deal_set.set_top * self.tiles)
        )


def removed_text(tiles: tuple[Tile, ...]) -> str:
    return " ".join(str(t) for t in tiles)


def deal_set_from(set_top: Any, removed: Any, dealt: Any, needs_double: Any) -> DealSet | None:
    """The deal set these stored values name, or None when they name none the game could have dealt."""
    if not (whole_number(set_top, 1, MAX_SET_TOP) and isinstance(removed, str) and isinstance(needs_double, bool)):
        return None
    try:
        gone = tuple(Tile.parse(t) for t in removed.split())
    except NotationError:
        return None
    whole = DealSet(set_top, (), 1, False).tiles
    if len(set(gone)) != len(gone) or not set(gone) <= set(whole):
        return None
    found = DealSet(set_top, gone, 1, needs_double)
    if not whole_number(dealt, 1, len(found.tiles)) or (needs_double and not any(t.is_double for t in found.tiles)):
        return None
    return DealSet(set_top, gone, dealt, needs_double)


@dataclass(frozen=True)
class MatchRecord:
    """One finished match as the database keeps it: plain data, so it can wait in the pending file."""

    group: str
    preset: str
    finished_at: float
    winner_side: int | None
    hands: int
    six_love: bool
    rows: tuple[ResultRow, ...]
    deal_set: DealSet | None = None  # None: what was dealt is not known (a match recorded before deals were)
    deals: tuple[DealRow, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "group": self.group,
            "preset": self.preset,
            "finished_at": self.finished_at,
            "winner_side": self.winner_side,
            "hands": self.hands,
            "six_love": self.six_love,
            "rows": [[r.player, r.seat, r.won, list(r.counts)] for r in self.rows],
        }
        if self.deal_set is not None:
            s = self.deal_set
            data["deal_set"] = [s.set_top, removed_text(s.removed), s.dealt, s.needs_double]
            data["deals"] = [[d.hand, d.seat, d.player, d.human, d.tiles, d.doubles, d.pips] for d in self.deals]
        return data

    @staticmethod
    def _deals_from_json(raw: dict[str, Any]) -> tuple[DealSet | None, tuple[DealRow, ...]] | None:
        """The deal facts of a pending record: (None, ()) when it has none (written before they were kept),
        None when they are not what the game writes."""
        if "deal_set" not in raw and "deals" not in raw:
            return None, ()
        set_raw, rows_raw = raw.get("deal_set"), raw.get("deals")
        if not (isinstance(set_raw, list) and len(set_raw) == 4 and isinstance(rows_raw, list)):
            return None
        deal_set = deal_set_from(*set_raw)
        if deal_set is None or len(rows_raw) > 10 * 1000:
            return None
        rows = []
        for row in rows_raw:
            if not (isinstance(row, list) and len(row) == 7 and isinstance(row[2], str) and isinstance(row[3], bool)):
                return None
            found = DealRow(*row)
            if not found.valid_for(deal_set):
                return None
            rows.append(found)
        return deal_set, tuple(rows)

    @staticmethod
    def from_json(raw: Any) -> MatchRecord | None:
        """The record, or None when anything in it is not what the game writes."""
        if not isinstance(raw, dict):
            return None
        rows_raw = raw.get("rows")
        if not (
            isinstance(raw.get("group"), str)
            and 0 < len(raw["group"]) <= MAX_NAME
            and isinstance(raw.get("preset"), str)
            and 0 < len(raw["preset"]) <= MAX_NAME
            and isinstance(raw.get("finished_at"), float)
            and math.isfinite(raw["finished_at"])
            and (raw.get("winner_side") is None or whole_number(raw["winner_side"], 0, 9))
            and whole_number(raw.get("hands"), 0, 100_000)
            and isinstance(raw.get("six_love"), bool)
            and isinstance(rows_raw, list)
            and 0 < len(rows_raw) <= 10
        ):
            return None
        rows = []
        for row in rows_raw:
            if not (
                isinstance(row, list)
                and len(row) == 4
                and isinstance(row[0], str)
                and 0 < len(row[0]) <= MAX_NAME
                and whole_number(row[1], 0, 9)
                and isinstance(row[2], bool)
                and isinstance(row[3], list)
                and len(row[3]) == len(ROW_COUNTS)
                and all(whole_number(v, 0, 10**9) for v in row[3])
            ):
                return None
            rows.append(ResultRow(row[0], row[1], row[2], tuple(row[3])))
        deals = MatchRecord._deals_from_json(raw)
        if deals is None:
            return None
        return MatchRecord(
            raw["group"],
            raw["preset"],
            raw["finished_at"],
            raw["winner_side"],
            raw["hands"],
            raw["six_love"],
            tuple(rows),
            *deals,
        )


def match_record(group: str, match: Match, players: list[tuple[str, bool, str]]) -> MatchRecord:
    """What a finished match adds to the statistics: `players` is (name, human, level) per seat.

    A match where Undo was used is practice: it is counted in its own group, never in the player's."""
    if match.practice:
        group = PRACTICE_GROUP
    rules = match.rules
    winner = match.winner
    six_love = (
        winner is not None
        and rules.sides > 1
        and all(score == 0 for side, score in enumerate(match.scores) if side != winner)
    )
    rows = []
    labels = [player_label(name, human, level)[:MAX_NAME] or "?" for name, human, level in players]
    for seat in range(len(players)):
        side = rules.side_of(seat)
        row = dict.fromkeys(ROW_COUNTS, 0)
        for result in match.results:
            gains = result.side_points()
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
        row["six_love_given"] = int(six_love and won)
        row["six_love_taken"] = int(six_love and not won)
        rows.append(ResultRow(labels[seat], seat, won, tuple(row[k] for k in ROW_COUNTS)))
    # What each seat was dealt, as the match's record says.
    facts = match_deals(match.record)
    deals = tuple(
        DealRow(f.hand, f.seat, labels[f.seat], players[f.seat][1], f.tiles, f.doubles, f.pips) for f in facts
    )
    return MatchRecord(
        group[:MAX_NAME] or HOME_GROUP,
        rules.preset,
        time.time(),
        winner,
        len(match.results),
        six_love,
        tuple(rows),
        DealSet.of(rules) if deals else None,
        deals,
    )


def csv_cell(value: object) -> object:
    """A spreadsheet runs a cell that begins with = + - @ (or a tab or return) as a formula: a player named
    `=HYPERLINK(...)` must stay text, so such cells get a leading apostrophe."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def player_label(name: str, human: bool, level: str) -> str:
    return name if human else f"CPU ({level})"


def best_streak(history: list[bool]) -> int:
    best = run = 0
    for won in history:
        run = run + 1 if won else 0
        best = max(best, run)
    return best


@dataclass(frozen=True)
class LuckHand:
    """One hand for one person (or the CPUs together): what was dealt, and what chance gives."""

    finished_at: float  # when its match finished
    match_id: int
    hand: int
    preset: str
    doubles: Draw
    pips: Draw

    def draw(self, measure: Measure) -> Draw:
        return self.doubles if measure is Measure.DOUBLES else self.pips


@dataclass(frozen=True)
class PlayerLuck:
    player: str  # a person's name, or CPU_GROUP for every CPU seat together
    hands: tuple[LuckHand, ...]  # in the order played
    unrecorded: int  # matches of this player finished before deals were recorded: not counted, not guessed
    # Worked out with the read, on the store's worker, so the screen only shows them (years of hands are many).
    tallies: dict[Measure, Tally] = field(default_factory=dict, compare=False)
    runs: dict[Measure, tuple[Step, ...]] = field(default_factory=dict, compare=False)

    @staticmethod
    def of(player: str, hands: tuple[LuckHand, ...], unrecorded: int) -> PlayerLuck:
        draws = {measure: [h.draw(measure) for h in hands] for measure in Measure}
        return PlayerLuck(
            player,
            hands,
            unrecorded,
            {measure: tally(found) for measure, found in draws.items()},
            {measure: running(found) for measure, found in draws.items()},
        )


@dataclass(frozen=True)
class DealLuck:
    players: tuple[PlayerLuck, ...]  # people by name, then the CPUs

    def of(self, player: str) -> PlayerLuck | None:
        return next((p for p in self.players if p.player == player), None)


@dataclass(frozen=True)
class StatsSnapshot:
    group: str
    groups: list[str]
    rows: list[PlayerStats]
    histories: dict[tuple[str, str], list[bool]]
    luck: DealLuck


class Statistics:
    """The statistics database in the game's data folder. Opening never raises: `trouble` and `message`
    say what went wrong (`db` is then None, except when a damaged database was replaced by a new one)."""

    def __init__(self, folder: Path, *, busy_ms: int = 2000, check: bool = True) -> None:
        self.folder = folder
        self.path = folder / DB_NAME
        self.pending_path = folder / PENDING_NAME
        self.busy_ms = busy_ms
        self.message = ""  # for the player when the database was moved aside or cannot be used
        # A damaged file of results waiting was set aside: (its name, the name kept as or ""), for the player.
        self.pending_set_aside: tuple[str, str] | None = None
        self.kept_as = ""  # the name a damaged database was kept as (the message's words, in parts)
        self.trouble: Trouble | None = None
        self.db: sqlite3.Connection | None = None
        self.reopen(check)

    def reopen(self, check: bool = True) -> None:
        """Open (again, after a busy start) the database; a damaged one is moved aside and a new one started."""
        if self.db is not None:
            return
        self.trouble = None
        self.kept_as = ""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._cannot_use(Trouble.CANNOT_WRITE, f"the data folder cannot be made ({exc.strerror or exc})")
            return
        try:
            self.db = self._open(check)
            return
        except StatsUnavailable as exc:
            if exc.trouble is not Trouble.DAMAGED:
                self._cannot_use(exc.trouble, str(exc))
                return
            reason = str(exc)
        aside = self._move_aside()
        if aside is None:
            self._cannot_use(Trouble.CANNOT_WRITE, f"the statistics are damaged ({reason}) and could not be moved")
            return
        try:
            self.db = self._open(check)
        except StatsUnavailable as exc:
            self._cannot_use(exc.trouble, str(exc))
            return
        self.kept_as = aside.name
        self.message = (
            f"The statistics were damaged ({reason}); they were kept as {aside.name} and a new record started."
        )

    def _cannot_use(self, trouble: Trouble, reason: str) -> None:
        self.trouble = trouble
        self.kept_as = ""
        if trouble is Trouble.BUSY:
            self.message = f"The statistics are in use by another program ({reason}); results will be recorded later."
        else:
            self.message = f"The statistics cannot be recorded ({reason}); the game goes on without them."

    def _move_aside(self) -> Path | None:
        aside = move_aside(self.path)
        if aside is None:
            return None
        for suffix in ("-wal", "-shm"):
            extra = Path(str(self.path) + suffix)
            if os.path.lexists(extra):
                try:
                    os.replace(extra, Path(str(aside) + suffix))
                except OSError:
                    extra.unlink(missing_ok=True)
        return aside

    def _open(self, check: bool) -> sqlite3.Connection:
        try:
            mode = os.stat(self.path).st_mode
        except FileNotFoundError:
            mode = None
        except OSError as exc:
            raise StatsUnavailable(Trouble.CANNOT_WRITE, exc.strerror or str(exc)) from None
        if mode is not None and not stat.S_ISREG(mode):
            raise StatsUnavailable(Trouble.DAMAGED, "it is not a regular file")
        db: sqlite3.Connection | None = None
        try:
            # check_same_thread off: the store service opens it on its worker, which then owns it alone.
            db = sqlite3.connect(self.path, timeout=self.busy_ms / 1000, check_same_thread=False)
            db.execute("PRAGMA foreign_keys=ON")
            into_wal(db, self.busy_ms / 1000)
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = db.execute("SELECT version FROM schema_version").fetchone()
            if row is not None and not whole_number(row[0], 0, SCHEMA_VERSION):
                # Checked before any table is made: a newer game's database is left exactly as it is.
                raise StatsUnavailable(Trouble.NEWER, f"{NEWER_VERSION} (schema {row[0]!r})")
            # Missing tables are made (a new database, one a hand lost, one from version 1 or 2: migrating only
            # adds tables (2 the deals, 3 the skill record), every recorded match stays as it was) and the version
            # set, in one transaction; then 4's columns, in one of their own (checked at every open).
            # One that sets the version holds the write lock from its start: begun as a reader, SQLite would
            # refuse it at once (no wait) after another game's migration, and the version written is written
            # only if still wanted, as another game may have written it while this one waited.
            version = ""
            if row is None:
                version = (
                    f"INSERT INTO schema_version SELECT {SCHEMA_VERSION}"
                    " WHERE NOT EXISTS (SELECT 1 FROM schema_version);"
                )
            elif row[0] < SCHEMA_VERSION:
                version = f"UPDATE schema_version SET version = {SCHEMA_VERSION} WHERE version < {SCHEMA_VERSION};"
            begin = "BEGIN IMMEDIATE" if version else "BEGIN"
            db.executescript(f"{begin}; {SCHEMA} {version} COMMIT;")
            add_luck_columns(db)
            if check:
                result = db.execute("PRAGMA quick_check").fetchone()
                if result is None or result[0] != "ok":
                    raise StatsUnavailable(
                        Trouble.DAMAGED, f"integrity check failed: {str(result[0])[:120] if result else 'no answer'}"
                    )
            db.commit()
        except sqlite3.Error as exc:
            if db is not None:
                db.close()
            raise StatsUnavailable(classify(exc), str(exc)) from None
        except StatsUnavailable:
            if db is not None:
                db.close()
            raise
        return db

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def _need(self) -> sqlite3.Connection:
        if self.db is None:
            raise StatsUnavailable(self.trouble or Trouble.CANNOT_WRITE, self.message or "not open")
        return self.db

    def record(self, group: str, match: Match, players: list[tuple[str, bool, str]]) -> int:
        """Record a finished match: `players` is (name, human, level) per seat."""
        return self.write(match_record(group, match, players))

    def write(self, record: MatchRecord) -> int:
        """Insert one match; StatsUnavailable (busy, cannot write, damaged) when it cannot be."""
        db = self._need()
        try:
            with db:
                return self._insert(db, record)
        except sqlite3.Error as exc:
            raise StatsUnavailable(classify(exc), str(exc)) from None

    @staticmethod
    def _insert(db: sqlite3.Connection, record: MatchRecord) -> int:
        cursor = db.execute(
            "INSERT INTO matches (stats_group, preset, finished_at, winner_side, hands, six_love) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (record.group, record.preset, record.finished_at, record.winner_side, record.hands, int(record.six_love)),
        )
        match_id = int(cursor.lastrowid or 0)
        for row in record.rows:
            db.execute(
                "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (match_id, row.player, row.seat, int(row.won), *row.counts),
            )
        deal_set = record.deal_set
        if deal_set is not None:
            kept = (deal_set.set_top, removed_text(deal_set.removed), deal_set.dealt, int(deal_set.needs_double))
            db.executemany(
                "INSERT INTO deals VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (match_id, d.hand, d.seat, d.player, int(d.human), d.tiles, d.doubles, d.pips, *kept)
                    for d in record.deals
                ],
            )
        return match_id

    # ---- results waiting for a busy database -------------------------------------------------

    def pending(self) -> list[MatchRecord]:
        """The results waiting in the pending file. A damaged pending file is moved aside, not trusted."""
        if not os.path.lexists(self.pending_path):
            return []
        try:
            raw = parse_json(read_bounded(self.pending_path, MAX_PENDING_BYTES))
        except FileRefused:
            self._set_pending_aside()
            return []
        if not isinstance(raw, dict) or raw.get("format") != PENDING_FORMAT or not isinstance(raw.get("records"), list):
            self._set_pending_aside()
            return []
        found = [MatchRecord.from_json(r) for r in raw["records"][:MAX_PENDING]]
        return [r for r in found if r is not None]

    def _set_pending_aside(self) -> None:
        """Move the damaged pending file aside (kept, never deleted) and note it for the player: (its name, the
        name it was kept as, or "" when it could not be moved)."""
        aside = move_aside(self.pending_path)
        self.pending_set_aside = (self.pending_path.name, aside.name if aside is not None else "")

    def keep_pending(self, records: list[MatchRecord]) -> None:
        """Write the waiting results (OSError when even that cannot be done)."""
        if not records:
            self.pending_path.unlink(missing_ok=True)
            return
        kept = [r.to_json() for r in records[-MAX_PENDING:]]
        text = json.dumps({"format": PENDING_FORMAT, "records": kept})
        for older in kept:
            if len(text.encode()) <= MAX_PENDING_BYTES:
                break
            # Too much to read back: the oldest records give up their deal facts first, never their results.
            older.pop("deal_set", None)
            older.pop("deals", None)
            text = json.dumps({"format": PENDING_FORMAT, "records": kept})
        write_atomically(self.pending_path, text)

    def flush_pending(self) -> int:
        """Record the waiting results, each once (a crash after the insert and before the pending file was
        cleared must not count a match twice). Returns how many were added; StatsUnavailable if busy."""
        records = self.pending()
        if not records:
            return 0
        db = self._need()
        added = 0
        try:
            with db:
                for record in records:
                    known = db.execute(
                        "SELECT 1 FROM matches WHERE finished_at = ? AND stats_group = ? AND preset = ?",
                        (record.finished_at, record.group, record.preset),
                    ).fetchone()
                    if known is None:
                        self._insert(db, record)
                        added += 1
        except sqlite3.Error as exc:
            raise StatsUnavailable(classify(exc), str(exc)) from None
        # Recorded: if the pending file cannot be cleared, the duplicate check keeps a second flush from
        # counting them again.
        with contextlib.suppress(OSError):
            self.keep_pending([])
        return added

    def _rows(self, sql: str, params: tuple[object, ...] = ()) -> list[Any]:
        db = self._need()
        try:
            return db.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise StatsUnavailable(classify(exc), str(exc)) from None

    def groups(self) -> list[str]:
        return [r[0] for r in self._rows("SELECT DISTINCT stats_group FROM matches ORDER BY stats_group")]

    # One row per player and match: a CPU level (or a name) in several seats of one match is one player there.
    # Partners share their side's hands and points, so the side's figures are taken once, from the player's
    # best-placed seat (a winning one first); dominoes, capicúas and key bones are each seat's own, so they add.
    _PER_MATCH = """
        SELECT match_id, player, won, hands_won, hands_lost, blocks_won, points_for, points_against,
               six_love_given, six_love_taken, dominoes, capicuas, key_bones
        FROM (SELECT r.match_id, r.player, r.won, r.hands_won, r.hands_lost, r.blocks_won, r.points_for,
                     r.points_against, r.six_love_given, r.six_love_taken,
                     SUM(r.dominoes) OVER seats AS dominoes, SUM(r.capicuas) OVER seats AS capicuas,
                     SUM(r.key_bones) OVER seats AS key_bones,
                     ROW_NUMBER() OVER (PARTITION BY r.match_id, r.player
                                        ORDER BY r.won DESC, r.points_for DESC, r.seat) AS pick
              FROM results r JOIN matches m ON m.id = r.match_id
              WHERE m.stats_group = ?
              WINDOW seats AS (PARTITION BY r.match_id, r.player))
        WHERE pick = 1"""

    def table(self, group: str, histories: dict[tuple[str, str], list[bool]] | None = None) -> list[PlayerStats]:
        """Totals per player and preset within a stats group (`histories`: the group's, when already read).
        Each match counts once for each player in it, however many seats the player had."""
        rows = self._rows(
            f"""SELECT p.player, m.preset, COUNT(*), SUM(p.won), SUM(1 - p.won), SUM(p.hands_won),
                      SUM(p.hands_lost), SUM(p.dominoes), SUM(p.blocks_won), SUM(p.points_for),
                      SUM(p.points_against), SUM(p.six_love_given), SUM(p.six_love_taken), SUM(p.capicuas),
                      SUM(p.key_bones)
               FROM ({self._PER_MATCH}) p JOIN matches m ON m.id = p.match_id
               GROUP BY p.player, m.preset ORDER BY p.player, m.preset""",
            (group,),
        )
        if histories is None:
            histories = self.histories(group)
        found = []
        for row in rows:
            values = dict(zip(COLUMNS[:-1], (int(v) for v in row[2:]), strict=True))
            values["best_streak"] = best_streak(histories.get((row[0], row[1]), []))
            found.append(PlayerStats(row[0], row[1], values))
        return found

    def histories(self, group: str) -> dict[tuple[str, str], list[bool]]:
        """Every player's match results in a group, by (player, preset), in order: True for a win (one per
        match: a player in several seats won when one of them did)."""
        found: dict[tuple[str, str], list[bool]] = {}
        for player, preset, won in self._rows(
            """SELECT r.player, m.preset, MAX(r.won) FROM results r JOIN matches m ON m.id = r.match_id
               WHERE m.stats_group = ? GROUP BY m.id, r.player ORDER BY m.finished_at, m.id, MIN(r.seat)""",
            (group,),
        ):
            found.setdefault((player, preset), []).append(bool(won))
        return found

    def last_group(self) -> str | None:
        """The group the most recently finished match went to (None before the first)."""
        rows = self._rows("SELECT stats_group FROM matches ORDER BY finished_at DESC, id DESC LIMIT 1")
        return str(rows[0][0]) if rows else None

    def history(self, group: str, player: str, preset: str) -> list[bool]:
        """The player's match results in order: True for a win."""
        return self.histories(group).get((player, preset), [])

    def deal_luck(self, group: str) -> DealLuck:
        """What every person (and the CPUs together) was dealt in the group's hands, against chance, in the
        order played. Several seats of one player in one hand count as one draw of their tiles together."""
        # Thousands of matches make hundreds of thousands of rows: the sets and chances met are worked out once
        # each, and every row is checked with plain comparisons (a hand-edited row is left out, never shown).
        sets: dict[tuple[Any, ...], DealSet | None] = {}
        chances: dict[tuple[int, int], tuple[Draw, Draw]] = {}  # by (id of the set, tiles drawn)
        hands: dict[
            tuple[str, int, int], list[Any]
        ] = {}  # (who, match, hand) -> [when, preset, set, tiles, doubles, pips]
        for row in self._rows(
            """SELECT m.id, m.finished_at, m.preset, d.hand, d.seat, d.player, d.human, d.tiles, d.doubles, d.pips,
                      d.set_top, d.removed, d.dealt, d.needs_double
               FROM deals d JOIN matches m ON m.id = d.match_id
               WHERE m.stats_group = ? ORDER BY m.finished_at, m.id, d.hand, d.seat""",
            (group,),
        ):
            match_id, finished_at, preset, hand, seat, player, human, tiles, doubles, pips = row[:10]
            key = row[10:]
            if key not in sets:
                needs = key[3]
                sets[key] = deal_set_from(key[0], key[1], key[2], bool(needs) if needs in (0, 1) else None)
            deal_set = sets[key]
            if not (
                deal_set is not None
                and type(hand) is int
                and type(seat) is int
                and type(tiles) is int
                and type(doubles) is int
                and type(pips) is int
                and human in (0, 1)
                and type(player) is str
                and type(preset) is str
                and type(finished_at) is float
                and 0 <= hand <= 100_000
                and 0 <= seat <= 9
                and 0 < len(player) <= MAX_NAME
                and 0 < tiles <= deal_set.dealt
                and 0 <= doubles <= tiles
                and 0 <= pips <= 2 * deal_set.set_top * tiles
            ):
                continue
            who = player if human else CPU_GROUP
            entry = hands.setdefault((who, match_id, hand), [finished_at, preset, deal_set, 0, 0, 0])
            if entry[2] is not deal_set:  # one object per set met (`sets`)
                continue  # one hand is dealt from one set: a row saying otherwise was not written by the game
            entry[3] += tiles
            entry[4] += doubles
            entry[5] += pips
        by_player: dict[str, list[LuckHand]] = {}
        for (who, match_id, hand), (finished_at, preset, deal_set, tiles, doubles, pips) in hands.items():
            if tiles > deal_set.dealt:
                continue
            chance = chances.get((id(deal_set), tiles))
            if chance is None:
                found = [deal_set.chance(measure, tiles) for measure in (Measure.DOUBLES, Measure.PIPS)]
                chance = chances[(id(deal_set), tiles)] = (
                    Draw(0, found[0].mean, found[0].variance),
                    Draw(0, found[1].mean, found[1].variance),
                )
            by_player.setdefault(who, []).append(
                LuckHand(
                    finished_at,
                    match_id,
                    hand,
                    preset,
                    Draw(doubles, chance[0].expected, chance[0].variance),
                    Draw(pips, chance[1].expected, chance[1].variance),
                )
            )
        # Matches without deals: results keep no "person" flag, so the CPUs are known by their label, "CPU (level)".
        unrecorded: dict[str, int] = {}
        for player, count in self._rows(
            """SELECT CASE WHEN r.player LIKE 'CPU (%)' THEN ? ELSE r.player END AS who, COUNT(DISTINCT m.id)
               FROM results r JOIN matches m ON m.id = r.match_id
               WHERE m.stats_group = ? AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.match_id = m.id)
               GROUP BY who""",
            (CPU_GROUP, group),
        ):
            unrecorded[str(player)] = int(count)
        names = sorted(set(by_player) | set(unrecorded), key=lambda who: (who == CPU_GROUP, who.casefold()))
        return DealLuck(
            tuple(PlayerLuck.of(who, tuple(by_player.get(who, ())), unrecorded.get(who, 0)) for who in names)
        )

    def snapshot(self, group: str) -> StatsSnapshot:
        """All the statistics screen shows for a group, read at once (on the store service's worker). An empty
        `group` is the one the last finished match went to (Practice, after an Undo), or Home before any."""
        group = group or self.last_group() or HOME_GROUP
        histories = self.histories(group)
        return StatsSnapshot(group, self.groups(), self.table(group, histories), histories, self.deal_luck(group))

    def reset(self, group: str) -> None:
        db = self._need()
        try:
            with db:
                db.execute("DELETE FROM matches WHERE stats_group = ?", (group,))
        except sqlite3.Error as exc:
            raise StatsUnavailable(classify(exc), str(exc)) from None

    def csv(self, group: str) -> str:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["group", "player", "preset", *COLUMNS])
        for stats in self.table(group):
            cells = [group, stats.player, stats.preset, *(stats.values[c] for c in COLUMNS)]
            writer.writerow([csv_cell(cell) for cell in cells])
        return out.getvalue()
