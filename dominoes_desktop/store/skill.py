"""The skill record (issue 33): every finished hand of a person, queued to be judged, and its judgement once made.

Two tables in the statistics database (schema 3, see store/stats.py; 4 added the luck's version):

- `skill_queue`: a hand waiting for the fair coach (the match record up to the hand's end, the hand, the seat).
  It is written when the hand ends and deleted in the same transaction that keeps its judgement, so a quit or a
  crash leaves every hand either queued or judged, never lost and never judged twice.
- `skill_hands`: the judgement of one hand for one seat (rating.HandJudgement as JSON: each decision's options,
  loss, grade and whether it was forced), with the person's name, the preset and whether it was practice (Undo
  or a hint: kept apart, never rated with the rest), and the version of the luck's definition that made its luck
  (hand_luck.LUCK_VERSION; 0 for luck kept before versions were).

A hand whose luck is of an older version than today's has it worked out again in the background, through the same
queue the judge takes its hands from (`DatabaseQueue`: the hands to judge first, then those): the luck alone,
the decisions kept as they were judged. Until then its luck is left out of every sum (`snapshot`), never
added to luck of today's definition.

The record can be exported to one file and imported on another computer: the file is checked whole before
anything is written, and a hand already kept (the same origin) is not kept twice.
"""

from __future__ import annotations

import hashlib
import json
import math
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.record import Record, RecordError, record_from_json, record_to_json
from .autosave import write_atomically
from .files import FileRefused, parse_json, read_bounded, whole_number

if TYPE_CHECKING:
    # The rating (and the coach it brings) loads with the first read of the skill record, not with the
    # statistics: the store opens the database for every match, the skill record only when it is asked for.
    from ..engine.analysis.rating import Family, HandJudgement, Rating

SKILL_SCHEMA = """
CREATE TABLE IF NOT EXISTS skill_queue (
    id INTEGER PRIMARY KEY,
    origin TEXT NOT NULL UNIQUE,    -- which hand of which match for which seat (`origin_of`)
    player TEXT NOT NULL,           -- the person's name
    preset TEXT NOT NULL,
    record TEXT NOT NULL,           -- the match's record up to the hand's end (engine.record's JSON)
    hand INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    practice INTEGER NOT NULL,      -- Undo or a hint in the hand (or the match): never rated with the rest
    duplicate INTEGER NOT NULL,     -- a play of a duplicate match
    queued_at REAL NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    failed TEXT NOT NULL DEFAULT '' -- why the judge gave up on it, after MAX_TRIES
);
CREATE TABLE IF NOT EXISTS skill_hands (
    id INTEGER PRIMARY KEY,
    origin TEXT NOT NULL UNIQUE,
    player TEXT NOT NULL,
    preset TEXT NOT NULL,
    family TEXT NOT NULL,
    practice INTEGER NOT NULL,
    duplicate INTEGER NOT NULL,
    played_at REAL NOT NULL,        -- when the hand ended (the queue's time)
    record TEXT NOT NULL,           -- as in skill_queue: the coach opens on it
    judgement TEXT NOT NULL,        -- rating.HandJudgement.to_json()
    luck_version INTEGER NOT NULL DEFAULT 0,  -- the judgement's luck_version (0: kept before versions were)
    luck_tries INTEGER NOT NULL DEFAULT 0,    -- times its luck could not be worked out again
    luck_failed TEXT NOT NULL DEFAULT ''      -- why, after MAX_TRIES
);
CREATE INDEX IF NOT EXISTS skill_hands_player ON skill_hands(player, family, practice, played_at);
"""
# Schema 4: what a database of schema 3 lacks (its judgements' luck of an unrecorded definition: version 0).
LUCK_COLUMNS = (
    ("luck_version", "INTEGER NOT NULL DEFAULT 0"),
    ("luck_tries", "INTEGER NOT NULL DEFAULT 0"),
    ("luck_failed", "TEXT NOT NULL DEFAULT ''"),
)
LUCK_INDEX = "CREATE INDEX IF NOT EXISTS skill_hands_luck ON skill_hands(luck_version)"

EXPORT_FORMAT = "dominoes-desktop-skill"
EXPORT_VERSION = 1
MAX_EXPORT_BYTES = 256 * 1024 * 1024  # years of hands with their records; far above a real file
MAX_TRIES = 3  # a hand the judge fails on this often is kept in the queue, marked, and not tried again
MAX_NAME = 60
RECENT_HANDS = 100  # "last 100 hands"
COSTLY_FROM = 10  # the costliest decisions are looked for in the last ten hands
SERIES_POINTS = 80  # at most this many points on the rating-over-time chart
SLIP_GRADES = ("loose", "blunder")  # a decision graded so is a slip


class SkillFileError(ValueError):
    """A skill file that cannot be imported (one line, in English, for the log); nothing was changed. `kind` says
    which trouble it is, for the player's words in their language (ui/shell/store_service.skill_file_words):
    "unreadable", "not-skill", "version" or "damaged"."""

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


def origin_of(record: Record, hand: int, seat: int) -> str:
    """A hand's identity: the record up to its end (seed, rules and every answer), the hand and the seat."""
    text = json.dumps(record_to_json(record), sort_keys=True, separators=(",", ":"))
    return f"{hashlib.sha256(text.encode()).hexdigest()[:32]}:{hand}:{seat}"


@dataclass(frozen=True)
class QueuedHand:
    """A finished hand of a person, waiting to be judged."""

    origin: str
    player: str
    preset: str
    record: str  # engine.record JSON text
    hand: int
    seat: int
    practice: bool
    duplicate: bool
    queued_at: float
    id: int = 0  # the queue's row, once queued; minus the skill_hands row of a hand whose luck is to be redone
    judged: str = ""  # a hand judged already, whose luck alone is to be worked out again: its judgement (JSON)

    @staticmethod
    def of(record: Record, hand: int, seat: int, player: str, *, practice: bool, duplicate: bool) -> QueuedHand:
        return QueuedHand(
            origin_of(record, hand, seat),
            player[:MAX_NAME] or "?",
            record.rules.preset,
            json.dumps(record_to_json(record), separators=(",", ":")),
            hand,
            seat,
            practice or record.practice,
            duplicate,
            time.time(),
        )


@dataclass(frozen=True)
class JudgedHand:
    """One judged hand as the skill record keeps it."""

    origin: str
    player: str
    preset: str
    practice: bool
    duplicate: bool
    played_at: float
    record: str
    judgement: HandJudgement


def add_luck_columns(db: sqlite3.Connection) -> None:
    """The migration to schema 4 (store/stats.py calls it at every open, after the tables are made): the luck's
    version and its tries added to a skill_hands table made before them, in one transaction that holds the
    write lock from the start, so two games opening the database at once do not both add them. A database that
    has them is only read (no write lock asked for: another program writing to it does not hold the game up)."""
    if _luck_columns_in_place(db):
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        have = _columns(db)  # again, under the lock
        for name, kind in LUCK_COLUMNS:
            if name not in have:
                db.execute(f"ALTER TABLE skill_hands ADD COLUMN {name} {kind}")
        db.execute(LUCK_INDEX)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _columns(db: sqlite3.Connection) -> set[str]:
    return {str(row[1]) for row in db.execute("PRAGMA table_info(skill_hands)")}


def _luck_columns_in_place(db: sqlite3.Connection) -> bool:
    indexed = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'skill_hands_luck'").fetchone()
    return indexed is not None and {name for name, _ in LUCK_COLUMNS} <= _columns(db)


def queue_hand(db: sqlite3.Connection, hand: QueuedHand) -> bool:
    """Queue a finished hand (once: the same hand queued or judged again is ignored). True when it was added."""
    with db:
        if db.execute("SELECT 1 FROM skill_hands WHERE origin = ?", (hand.origin,)).fetchone():
            return False
        cursor = db.execute(
            "INSERT OR IGNORE INTO skill_queue (origin, player, preset, record, hand, seat, practice, duplicate,"
            " queued_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                hand.origin,
                hand.player,
                hand.preset,
                hand.record,
                hand.hand,
                hand.seat,
                int(hand.practice),
                int(hand.duplicate),
                hand.queued_at,
            ),
        )
        return cursor.rowcount == 1


def queued(db: sqlite3.Connection, limit: int = 100, skip: Sequence[int] = ()) -> list[QueuedHand]:
    """The hands waiting to be judged, oldest first (the ones given up on left out; `skip`: ids in hand)."""
    rows = db.execute(
        "SELECT id, origin, player, preset, record, hand, seat, practice, duplicate, queued_at FROM skill_queue"
        " WHERE tries < ? ORDER BY queued_at, id LIMIT ?",
        (MAX_TRIES, limit + len(skip)),
    ).fetchall()
    found = [
        QueuedHand(r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), bool(r[8]), r[9], r[0])
        for r in rows
        if r[0] not in skip
    ]
    return found[:limit]


def waiting(db: sqlite3.Connection) -> int:
    """How many hands wait to be judged (not counting the ones given up on)."""
    return int(db.execute("SELECT COUNT(*) FROM skill_queue WHERE tries < ?", (MAX_TRIES,)).fetchone()[0])


def keep_judgement(db: sqlite3.Connection, queue_id: int, judgement: HandJudgement) -> JudgedHand | None:
    """Keep a queued hand's judgement and take it off the queue, in one transaction (a crash leaves it queued).
    None when the hand is no longer queued (judged already, or its group was reset)."""
    with db:
        row = db.execute(
            "SELECT origin, player, preset, record, practice, duplicate, queued_at FROM skill_queue WHERE id = ?",
            (queue_id,),
        ).fetchone()
        if row is None:
            return None
        origin, player, preset, record, practice, duplicate, queued_at = row
        db.execute(
            "INSERT OR IGNORE INTO skill_hands (origin, player, preset, family, practice, duplicate, played_at,"
            " record, judgement, luck_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                origin,
                player,
                preset,
                str(judgement.family),
                practice,
                duplicate,
                queued_at,
                record,
                json.dumps(judgement.to_json(), separators=(",", ":")),
                judgement.luck_version,
            ),
        )
        db.execute("DELETE FROM skill_queue WHERE id = ?", (queue_id,))
    return JudgedHand(origin, player, preset, bool(practice), bool(duplicate), queued_at, record, judgement)


def _luck_stale() -> tuple[str, tuple[int]]:
    """The SQL condition on skill_hands (and its parameters) of a luck of an older version than today's. A newer
    game's luck is left as it is (in no sum here): an older game working it out again would make the newer one
    work it out once more, back and forth, each time the two games take turns on one database."""
    from ..engine.analysis.hand_luck import LUCK_VERSION

    return "luck_version < ?", (LUCK_VERSION,)


def stale_luck(db: sqlite3.Connection, limit: int = 100, skip: Sequence[int] = ()) -> list[QueuedHand]:
    """The judged hands whose luck is of another definition than today's, oldest first, as the judge takes
    them (`QueuedHand.judged` set, the id minus the row's; the ones given up on left out; `skip`: ids in hand)."""
    stale, params = _luck_stale()
    rows = db.execute(
        "SELECT id, origin, player, preset, record, judgement, practice, duplicate, played_at FROM skill_hands"
        f" WHERE {stale} AND luck_tries < ? ORDER BY id LIMIT ?",
        (*params, MAX_TRIES, limit + len(skip)),
    ).fetchall()
    found = []
    unreadable = []
    for row_id, origin, player, preset, record, raw, practice, duplicate, played_at in rows:
        if -row_id in skip:
            continue
        try:
            kept = json.loads(raw)
            hand, seat = kept["hand"], kept["seat"]
        except (ValueError, TypeError, KeyError):
            hand = seat = None
        if not (whole_number(hand, 0, 1_000_000) and whole_number(seat, 0, 9)):
            # A row the game could not have written (never shown either: `judged_hands`): given up on now, or
            # it would stay first in line and hold up every stale row after it.
            unreadable.append(row_id)
            continue
        found.append(
            QueuedHand(
                origin, player, preset, record, hand, seat, bool(practice), bool(duplicate), played_at, -row_id, raw
            )
        )
    if unreadable:
        with db:
            db.executemany(
                "UPDATE skill_hands SET luck_tries = ?, luck_failed = 'its judgement cannot be read' WHERE id = ?",
                [(MAX_TRIES, row_id) for row_id in unreadable],
            )
        if len(found) < limit and len(rows) == limit + len(skip):  # the rows after them, in their place
            return found + stale_luck(db, limit - len(found), skip)
    return found[:limit]


def luck_waiting(db: sqlite3.Connection) -> int:
    """How many judged hands wait for their luck to be worked out again (not counting the ones given up on)."""
    stale, params = _luck_stale()
    sql = f"SELECT COUNT(*) FROM skill_hands WHERE {stale} AND luck_tries < ?"
    return int(db.execute(sql, (*params, MAX_TRIES)).fetchone()[0])


def keep_luck(db: sqlite3.Connection, row_id: int, relucked: HandJudgement) -> JudgedHand | None:
    """Keep the luck worked out again for judged hand `row_id` (skill_hands): its judgement as kept, with
    `relucked`'s luck and version. None when the row is gone or its luck is today's already; and when
    `relucked` is not of its hand, counted as a failure (`luck_failed`), so that it is not sent again and again."""
    from ..engine.analysis.rating import HandJudgement

    stale, params = _luck_stale()
    with db:
        row = db.execute(
            "SELECT origin, player, preset, practice, duplicate, played_at, record, judgement FROM skill_hands"
            f" WHERE id = ? AND {stale}",
            (row_id, *params),
        ).fetchone()
        if row is None:
            return None
        origin, player, preset, practice, duplicate, played_at, record, raw = row
        try:
            kept = HandJudgement.from_json(json.loads(raw))
        except (ValueError, TypeError):
            kept = None
        if kept is None or (kept.hand, kept.seat, kept.family) != (relucked.hand, relucked.seat, relucked.family):
            _count_luck_failure(db, row_id, "the luck worked out is not of this hand")
            return None
        judgement = replace(kept, luck=relucked.luck, luck_version=relucked.luck_version)
        db.execute(
            "UPDATE skill_hands SET judgement = ?, luck_version = ?, luck_tries = 0, luck_failed = '' WHERE id = ?",
            (json.dumps(judgement.to_json(), separators=(",", ":")), judgement.luck_version, row_id),
        )
    return JudgedHand(origin, player, preset, bool(practice), bool(duplicate), played_at, record, judgement)


def luck_failed(db: sqlite3.Connection, row_id: int, why: str) -> None:
    """The luck of judged hand `row_id` could not be worked out again: tried later, given up after MAX_TRIES (its
    luck then stays out of the sums)."""
    with db:
        _count_luck_failure(db, row_id, why)


def _count_luck_failure(db: sqlite3.Connection, row_id: int, why: str) -> None:
    db.execute(
        "UPDATE skill_hands SET luck_tries = luck_tries + 1, luck_failed = ? WHERE id = ?",
        (" ".join(why.split())[:200], row_id),
    )


def judge_failed(db: sqlite3.Connection, queue_id: int, why: str) -> None:
    """The judge could not judge a queued hand: tried again later, and given up on after MAX_TRIES (kept, marked)."""
    with db:
        db.execute(
            "UPDATE skill_queue SET tries = tries + 1, failed = ? WHERE id = ?", (" ".join(why.split())[:200], queue_id)
        )


def judged_hands(db: sqlite3.Connection, player: str | None = None) -> list[JudgedHand]:
    """Every judged hand (of `player`, or of everyone), in the order played. A row the game could not have
    written (a hand-edited database) is left out, never shown."""
    sql = "SELECT origin, player, preset, practice, duplicate, played_at, record, judgement FROM skill_hands"
    params: tuple[Any, ...] = ()
    if player is not None:
        sql += " WHERE player = ?"
        params = (player,)
    from ..engine.analysis.rating import HandJudgement

    found = []
    for origin, name, preset, practice, duplicate, played_at, record, raw in db.execute(
        sql + " ORDER BY played_at, id", params
    ):
        try:
            judgement = HandJudgement.from_json(json.loads(raw))
        except (ValueError, TypeError):
            continue
        found.append(JudgedHand(origin, name, preset, bool(practice), bool(duplicate), played_at, record, judgement))
    return found


def players(db: sqlite3.Connection) -> list[str]:
    """The people with a judged or queued hand, the one who played last first."""
    rows = db.execute(
        "SELECT player, MAX(at) FROM (SELECT player, played_at AS at FROM skill_hands"
        " UNION ALL SELECT player, queued_at AS at FROM skill_queue) GROUP BY player ORDER BY MAX(at) DESC, player"
    ).fetchall()
    return [str(r[0]) for r in rows]


class DatabaseQueue:
    """The queue as the background judge (session/judging.py) uses it, over one connection: the hands to judge,
    then the judged hands whose luck is to be worked out again (ids below 0: minus their skill_hands row)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def queued(self, limit: int, skip: Sequence[int]) -> list[QueuedHand]:
        found = queued(self.db, limit, skip)
        return found + stale_luck(self.db, limit - len(found), skip) if len(found) < limit else found

    def keep(self, queue_id: int, judgement: HandJudgement) -> JudgedHand | None:
        if queue_id < 0:
            return keep_luck(self.db, -queue_id, judgement)
        return keep_judgement(self.db, queue_id, judgement)

    def failed(self, queue_id: int, why: str) -> None:
        if queue_id < 0:
            luck_failed(self.db, -queue_id, why)
        else:
            judge_failed(self.db, queue_id, why)


# ---- what the Skill page shows ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Point:
    """The rating over the last RECENT_HANDS hands, after hand `hands` of the family."""

    hands: int
    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Costly:
    """One of the costliest decisions of the person's last hands: what the coach opens on."""

    record: str  # the match's record JSON
    hand: int
    seat: int
    ply: int
    preset: str
    family: Family
    chosen: str
    best: tuple[str, ...]
    loss: float
    grade: str


@dataclass(frozen=True)
class FamilySkill:
    family: Family
    all_time: Rating
    recent: Rating  # the last RECENT_HANDS hands
    series: tuple[Point, ...]
    best_recent: float | None  # the best (lowest) rating over any RECENT_HANDS hands in a row, once there are that many
    clean_run: int  # the most hands in a row without a slip
    luck: float  # the summed luck of the hands whose luck is of today's definition, in the family's unit
    adjusted: float  # the summed luck-adjusted result of the same hands
    practice: Rating | None  # practice hands, rated apart (None: none)
    practice_hands: int
    luck_hands: int = 0  # the hands the two sums are over
    luck_pending: int = 0  # hands whose luck is of another definition, in no sum: waiting to be worked out
    # again, or given up on after MAX_TRIES (`luck_failed`: those never leave this count)


@dataclass(frozen=True)
class SkillSnapshot:
    player: str
    players: tuple[str, ...]
    families: tuple[FamilySkill, ...]
    costly: tuple[Costly, ...]
    duplicate_won: int  # duplicate deals where the person's adjusted result beat the other table's
    duplicate_deals: int
    waiting: int  # hands still to be judged
    luck_waiting: int = 0  # judged hands whose luck waits to be worked out again (`luck_waiting`)


def _slipped(judgement: HandJudgement) -> bool:
    return any(not d.forced and d.grade in SLIP_GRADES for d in judgement.decisions)


def _series(judgements: Sequence[HandJudgement]) -> tuple[Point, ...]:
    """The rating over the last RECENT_HANDS hands after each hand, at most SERIES_POINTS of them."""
    from ..engine.analysis.rating import rate

    count = len(judgements)
    if not count:
        return ()
    step = max(1, math.ceil(count / SERIES_POINTS))
    ends = sorted({*range(step, count + 1, step), count})
    points = []
    for end in ends:
        found = rate(judgements[max(0, end - RECENT_HANDS) : end])
        if found.decisions:
            points.append(Point(end, found.value, found.ci95[0], found.ci95[1]))
    return tuple(points)


def _best_recent(judgements: Sequence[HandJudgement]) -> float | None:
    """The best (lowest) rating over any RECENT_HANDS hands in a row: the window is found with sums slid along
    (one pass), then rated as every rating is."""
    from ..engine.analysis.rating import rate

    if len(judgements) < RECENT_HANDS:
        return None
    losses = [j.loss() for j in judgements]
    counts = [len(j.counted) for j in judgements]
    loss, count = sum(losses[:RECENT_HANDS]), sum(counts[:RECENT_HANDS])
    best, start = (loss / count if count else math.inf), 0
    for i in range(RECENT_HANDS, len(judgements)):
        loss += losses[i] - losses[i - RECENT_HANDS]
        count += counts[i] - counts[i - RECENT_HANDS]
        if count and loss / count < best:
            best, start = loss / count, i - RECENT_HANDS + 1
    if math.isinf(best):
        return None
    return rate(judgements[start : start + RECENT_HANDS]).value


def _clean_run(judgements: Iterable[HandJudgement]) -> int:
    best = run = 0
    for judgement in judgements:
        run = 0 if _slipped(judgement) else run + 1
        best = max(best, run)
    return best


def _duplicate_wins(hands: Sequence[JudgedHand]) -> tuple[int, int]:
    """Duplicate deals compared with the other table: (won, compared). Every play of a deal has the deal's seed
    (engine/duplicate.py), and the person plays it once from each side: with cards A they made r1, with the
    other table's cards B r2, so the other table made -r2 with cards A, and the person beat it when r1 + r2 > 0."""
    by_deal: dict[str, list[float]] = {}
    for judged in hands:
        if not judged.duplicate or judged.practice:
            continue
        try:
            seed = json.loads(judged.record).get("seed")
        except (ValueError, AttributeError):
            continue
        by_deal.setdefault(f"{seed}:{judged.judgement.hand}", []).append(judged.judgement.result)
    won = compared = 0
    for results in by_deal.values():
        if len(results) == 2:
            compared += 1
            won += results[0] + results[1] > 0
    return won, compared


def snapshot(db: sqlite3.Connection, player: str = "") -> SkillSnapshot:
    """All the Skill page shows for `player` ("" for the one who played last)."""
    from ..engine.analysis.rating import Family, rate

    names = players(db)
    player = player or (names[0] if names else "")
    hands = judged_hands(db, player) if player else []
    families = []
    for family in Family:
        rated = [h.judgement for h in hands if h.judgement.family is family and not h.practice]
        practice = [h.judgement for h in hands if h.judgement.family is family and h.practice]
        if not rated and not practice:
            continue
        lucky = [j for j in rated if j.luck_current]  # never a sum of lucks of two definitions
        families.append(
            FamilySkill(
                family,
                rate(rated),
                rate(rated[-RECENT_HANDS:]),
                _series(rated),
                _best_recent(rated),
                _clean_run(rated),
                sum(j.luck for j in lucky),
                sum(j.adjusted() for j in lucky),
                rate(practice) if practice else None,
                len(practice),
                len(lucky),
                len(rated) - len(lucky),
            )
        )
    recent = [h for h in hands if not h.practice][-COSTLY_FROM:]
    costly = sorted(
        (
            Costly(
                h.record,
                h.judgement.hand,
                h.judgement.seat,
                d.ply,
                h.preset,
                h.judgement.family,
                d.chosen,
                d.best,
                d.loss,
                d.grade,
            )
            for h in recent
            for d in h.judgement.decisions
            if d.given_away > 0
        ),
        key=lambda c: -c.loss,
    )[:3]
    won, compared = _duplicate_wins(hands)
    return SkillSnapshot(
        player, tuple(names), tuple(families), tuple(costly), won, compared, waiting(db), luck_waiting(db)
    )


# ---- one file to move the record to another computer ------------------------------------------------------


def export_text(db: sqlite3.Connection) -> str:
    """Every judged hand, and every hand still queued, as one JSON document."""
    judged = [
        {
            "origin": origin,
            "player": player,
            "preset": preset,
            "practice": bool(practice),
            "duplicate": bool(duplicate),
            "played_at": played_at,
            "record": json.loads(record),
            "judgement": json.loads(judgement),
        }
        for origin, player, preset, practice, duplicate, played_at, record, judgement in db.execute(
            "SELECT origin, player, preset, practice, duplicate, played_at, record, judgement FROM skill_hands"
            " ORDER BY played_at, id"
        )
    ]
    waiting_hands = [
        {
            "origin": h.origin,
            "player": h.player,
            "preset": h.preset,
            "practice": h.practice,
            "duplicate": h.duplicate,
            "played_at": h.queued_at,
            "record": json.loads(h.record),
            "hand": h.hand,
            "seat": h.seat,
        }
        for h in queued(db, limit=10**9)
    ]
    return json.dumps({"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "hands": judged, "queue": waiting_hands})


def export_file(db: sqlite3.Connection, path: Path) -> int:
    """Write the skill record to `path` (atomically); how many judged hands it holds. OSError on failure."""
    text = export_text(db)
    write_atomically(path, text)
    return len(json.loads(text)["hands"])


def _entry(raw: Any, where: str) -> tuple[str, str, str, bool, bool, float, str]:
    """The fields every entry of a skill file shares, checked; SkillFileError naming the entry otherwise."""
    if not isinstance(raw, dict):
        raise SkillFileError(f"{where} is not an object")
    origin, player, preset = raw.get("origin"), raw.get("player"), raw.get("preset")
    played_at, record = raw.get("played_at"), raw.get("record")
    if not (isinstance(origin, str) and 0 < len(origin) <= 120):
        raise SkillFileError(f"{where} has no origin")
    if not (isinstance(player, str) and 0 < len(player) <= MAX_NAME):
        raise SkillFileError(f"{where} has no player's name")
    if not (isinstance(preset, str) and 0 < len(preset) <= MAX_NAME):
        raise SkillFileError(f"{where} has no preset")
    if not (isinstance(raw.get("practice"), bool) and isinstance(raw.get("duplicate"), bool)):
        raise SkillFileError(f"{where}: 'practice' and 'duplicate' must be true or false")
    if not (isinstance(played_at, int | float) and not isinstance(played_at, bool) and math.isfinite(played_at)):
        raise SkillFileError(f"{where} has no time")
    try:
        record_from_json(record)
    except RecordError as exc:
        raise SkillFileError(f"{where}: {exc}") from None
    return origin, player, preset, raw["practice"], raw["duplicate"], float(played_at), json.dumps(record)


def import_text(db: sqlite3.Connection, text: str | bytes) -> int:
    """Add the hands of a skill file (exported here or on another computer) to this record; how many were new.
    The whole file is checked first: SkillFileError (one line) and nothing changed when it is not one."""
    try:
        raw = parse_json(text)
    except FileRefused as exc:
        raise SkillFileError(f"not a skill file ({exc})", "not-skill") from None
    if not isinstance(raw, dict) or raw.get("format") != EXPORT_FORMAT:
        raise SkillFileError("not a Dominoes Desktop skill file", "not-skill")
    if raw.get("version") != EXPORT_VERSION:
        raise SkillFileError(f"skill files of version {raw.get('version')!r} are not supported", "version")
    from ..engine.analysis.rating import HandJudgement, RatingError

    hands_raw, queue_raw = raw.get("hands"), raw.get("queue", [])
    if not (isinstance(hands_raw, list) and isinstance(queue_raw, list)):
        raise SkillFileError("the skill file lists no hands")
    rows = []
    for index, entry in enumerate(hands_raw):
        where = f"hand {index + 1}"
        fields = _entry(entry, where)
        try:
            judgement = HandJudgement.from_json(entry.get("judgement"))
        except (RatingError, ValueError, TypeError) as exc:
            raise SkillFileError(f"{where}: {exc}") from None
        rows.append((*fields, judgement))
    waiting_rows = []
    for index, entry in enumerate(queue_raw):
        where = f"queued hand {index + 1}"
        fields = _entry(entry, where)
        if not (whole_number(entry.get("hand"), 0, 100_000) and whole_number(entry.get("seat"), 0, 9)):
            raise SkillFileError(f"{where} has no hand or seat")
        waiting_rows.append((*fields, entry["hand"], entry["seat"]))
    added = 0
    with db:
        for origin, player, preset, practice, duplicate, played_at, record, judgement in rows:
            cursor = db.execute(
                "INSERT OR IGNORE INTO skill_hands (origin, player, preset, family, practice, duplicate, played_at,"
                " record, judgement, luck_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    origin,
                    player,
                    preset,
                    str(judgement.family),
                    int(practice),
                    int(duplicate),
                    played_at,
                    record,
                    json.dumps(judgement.to_json(), separators=(",", ":")),
                    judgement.luck_version,  # a file of older luck: worked out again here, in the background
                ),
            )
            added += cursor.rowcount
            db.execute("DELETE FROM skill_queue WHERE origin = ?", (origin,))
        for origin, player, preset, practice, duplicate, played_at, record, hand, seat in waiting_rows:
            if db.execute("SELECT 1 FROM skill_hands WHERE origin = ?", (origin,)).fetchone():
                continue
            db.execute(
                "INSERT OR IGNORE INTO skill_queue (origin, player, preset, record, hand, seat, practice, duplicate,"
                " queued_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (origin, player, preset, record, hand, seat, int(practice), int(duplicate), played_at),
            )
    return added


def import_file(db: sqlite3.Connection, path: Path) -> int:
    """Import a skill file; SkillFileError (one line) and nothing changed when it cannot be."""
    try:
        data = read_bounded(path, MAX_EXPORT_BYTES)
    except FileRefused as exc:
        raise SkillFileError(f"{path.name} could not be read ({exc})", "unreadable") from None
    try:
        return import_text(db, data)
    except SkillFileError as exc:
        raise SkillFileError(f"{path.name}: {exc}", exc.kind) from None
