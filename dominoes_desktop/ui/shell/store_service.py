"""The store service: every read and write of the game's files, queued on one worker thread.

The window asks (save this match, record these statistics, open that file) and goes on; answers come
back as signals on the UI thread. The UI thread never waits on an fsync or on a database lock:

- autosaves are coalesced (only the newest unsaved state is written; it holds every earlier move);
- a busy statistics database is retried on the worker a few times, the result waiting meanwhile in a
  small pending file that is recorded at the next chance, this session or the next;
- match files are read with the same bounded, validated reader as the autosave.

With `threaded=False` (tests, screenshots) each request runs at once on the caller's thread, in order.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import itertools
import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from .i18n import translate
from .ui_thread import poster

# This service alone imports store/ (tests/test_architecture.py). The views take from here what they need of
# it: the values and types they show, moving a damaged settings file aside, and the pure builders of what the
# service writes (a match's save and its statistics record, made on the caller's thread from the match there).
# They are imported on first use, not with this module: the lobby's first paint needs none of them (start-up,
# issue 31 item 7), and the store's modules bring most of the engine with them.
if TYPE_CHECKING:
    from ...session.judging import Judging
    from ...store.autosave import Autosave, Loaded, write_atomically
    from ...store.duplicate_record import DUPLICATE_GROUP, duplicate_record
    from ...store.files import move_aside
    from ...store.matchfile import (
        MatchFileError,
        SavedMatch,
        SeatRecord,
        duplicate_to_json,
        load_file,
        match_to_json,
    )
    from ...store.skill import (
        DatabaseQueue,
        JudgedHand,
        QueuedHand,
        SkillFileError,
        SkillSnapshot,
        export_file,
        import_file,
        queue_hand,
        snapshot,
    )
    from ...store.stats import (
        CPU_GROUP,
        PRACTICE_GROUP,
        DealLuck,
        LuckHand,
        MatchRecord,
        PlayerLuck,
        Statistics,
        StatsSnapshot,
        StatsUnavailable,
        Trouble,
        match_record,
    )

_FROM_STORE = {
    "autosave": ("Autosave", "Loaded", "write_atomically"),
    "duplicate_record": ("DUPLICATE_GROUP", "duplicate_record"),
    "files": ("move_aside",),
    "matchfile": ("MatchFileError", "SavedMatch", "SeatRecord", "duplicate_to_json", "load_file", "match_to_json"),
    "stats": (
        "CPU_GROUP",
        "PRACTICE_GROUP",
        "DealLuck",
        "LuckHand",
        "MatchRecord",
        "PlayerLuck",
        "Statistics",
        "StatsSnapshot",
        "StatsUnavailable",
        "Trouble",
        "match_record",
    ),
    "skill": (
        "DatabaseQueue",
        "JudgedHand",
        "QueuedHand",
        "SkillFileError",
        "SkillSnapshot",
        "export_file",
        "import_file",
        "queue_hand",
        "snapshot",
    ),
}
_MODULE_OF = {name: module for module, names in _FROM_STORE.items() for name in names}


def _import_store(module: str) -> None:
    """Put the names this service takes from store/`module` into this module's namespace."""
    found = importlib.import_module(f"{__package__.rsplit('.', 2)[0]}.store.{module}")
    for name in _FROM_STORE[module]:
        globals()[name] = getattr(found, name)


def _import_all_of_the_store() -> None:
    """Everything the service's own code uses (its methods read the names as globals)."""
    for module in _FROM_STORE:
        _import_store(module)


def __getattr__(name: str) -> Any:
    """A name of the store's asked of this module (PEP 562): imported the first time, then kept here."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    _import_store(module)
    return globals()[name]


__all__ = [
    "CPU_GROUP",
    "DUPLICATE_GROUP",
    "PRACTICE_GROUP",
    "Autosave",
    "DealLuck",
    "JudgedHand",
    "Loaded",
    "LuckHand",
    "MatchRecord",
    "PlayerLuck",
    "QueuedHand",
    "SavedMatch",
    "SeatRecord",
    "SkillSnapshot",
    "Statistics",
    "StatsSnapshot",
    "StoreService",
    "duplicate_record",
    "duplicate_to_json",
    "match_record",
    "match_to_json",
    "move_aside",
]

log = logging.getLogger(__name__)


def stats_sentence(stats: Statistics) -> str:
    """What the statistics' trouble is, for the player, in their language: the store's sentence was English in a
    Spanish game, with SQLite's words in it (audit25b). SQLite's reason goes to the log."""
    log.warning("%s", stats.message)
    if not stats.kept_as:
        if stats.trouble is Trouble.BUSY:
            return translate(
                "StoreService", "The statistics are in use by another program; results will be recorded later."
            )
        if stats.trouble is Trouble.NEWER:
            return newer_words()
        return translate("StoreService", "The statistics cannot be recorded; the game goes on without them.")
    return translate(
        "StoreService", "The statistics were damaged; they were kept as {kept} and a new record started."
    ).format(kept=stats.kept_as)


def newer_words() -> str:
    return translate(
        "StoreService", "The statistics were made by a newer version of the game; this version leaves them as they are."
    )


def failure_words(problem: OSError | Exception | str) -> str:
    """Why a file or the database could not be written, in the player's words (the system's and SQLite's reasons
    are English whatever the game's language); the reason itself goes to the log."""
    log.warning("store: %s", problem)
    code = problem.errno if isinstance(problem, OSError) else None
    text = str(problem).lower()
    if code == errno.ENOSPC or "full" in text:
        return translate("StoreService", "the disk is full")
    if code == errno.EROFS or "read-only" in text or "readonly" in text:
        return translate("StoreService", "the disk or folder is read-only")
    if code in (errno.EACCES, errno.EPERM) or "permission" in text:
        return translate("StoreService", "the game may not write there")
    return translate("StoreService", "the file could not be written")


def skill_file_words(name: str, error: SkillFileError) -> str:
    """Why a skill file was not imported, in the player's words ("bad.json: not a Dominoes Desktop skill file" was
    English in the Spanish game: audit25b); the store's line, naming the entry at fault, goes to the log."""
    log.warning("skill file refused: %s", error)
    words = {
        "unreadable": translate("StoreService", "{file} could not be read."),
        "not-skill": translate("StoreService", "{file} is not a Dominoes Desktop skill file."),
        "version": translate("StoreService", "{file} was made by another version of the game."),
    }
    return words.get(error.kind, translate("StoreService", "{file} is damaged: nothing was imported.")).format(
        file=name
    )


def match_file_words(error: MatchFileError) -> str:
    """Why a match file could not be opened, in the player's words (the reader's English line, naming the field
    at fault, goes to the log): a Spanish game read "the file is not a Dominoes Desktop match"."""
    log.warning("match file refused: %s", error)
    words = {
        "unreadable": translate("StoreService", "the file could not be read"),
        "too_big": translate("StoreService", "the file is too large to be a match"),
        "not_match": translate("StoreService", "it is not a Dominoes Desktop match"),
        "version": translate("StoreService", "it was made by another version of the game"),
    }
    return words.get(error.kind, translate("StoreService", "the file is damaged"))


def internal_words(detail: str) -> str:
    """A store task that failed unexpectedly, for the player: the fault itself (Python's English) goes to the log."""
    log.error("store task failed: %s", detail)
    return translate("StoreService", "an unexpected fault; the log has the details")


def pending_set_aside_words(name: str, kept: str) -> str:
    """The damaged file of results waiting to be recorded was set aside: said once, naming the file."""
    if kept:
        return translate(
            "StoreService",
            "The file of results waiting to be recorded ({name}) was damaged; it was kept as {kept}. "
            "Nothing else was lost.",
        ).format(name=name, kept=kept)
    return translate(
        "StoreService",
        "The file of results waiting to be recorded ({name}) is damaged and could not be moved aside, so it is "
        "ignored. Nothing else was lost.",
    ).format(name=name)


def in_words(loaded: Loaded) -> Loaded:
    """The autosave's answer with its sentence for the player in their language: which save was damaged, the name
    it was kept as, and that the previous save was used (the parser's reason goes to the log)."""
    if not loaded.damaged:
        return loaded
    log.warning("%s", loaded.message)
    parts = [
        (
            translate("StoreService", "The saved match {name} was damaged; it was kept as {kept}.")
            if damaged.kept_as
            else translate(
                "StoreService", "The saved match {name} was damaged and could not be moved aside, so it was ignored."
            )
        ).format(name=damaged.name, kept=damaged.kept_as)
        for damaged in loaded.damaged
    ]
    if loaded.fell_back:
        parts.append(translate("StoreService", "The previous save was used instead."))
    return replace(loaded, message=" ".join(parts))


RETRY_SECONDS = (2.0, 5.0, 15.0, 30.0)  # a busy database: when to try the waiting results again
IDLE_WAIT_SECONDS = 10.0  # how long closing the window waits for the last writes


class StoreService(QObject):
    """Autosave, statistics and match files for one data folder (or none: then only match files)."""

    # What went wrong, as (kind, detail); the window words it for the player, once per kind:
    # "autosave", "last-match" (a write failed: detail is the system's reason), "statistics" (detail is the
    # store's sentence about the database at start), "statistics-busy", "statistics-kept", "statistics-lost"
    # (detail is SQLite's reason), "internal" (a store task failed unexpectedly).
    problem = Signal(str, str)
    autosaveLoaded = Signal(object)  # Loaded
    matchFileSaved = Signal(str, str)  # path, the reason it failed ("" when saved)
    matchFileOpened = Signal(str, object, str)  # path, SavedMatch or None, the reason it failed
    statisticsRecorded = Signal(int)  # how many finished matches reached the database
    # The statistics screen's reads: (request number, StatsSnapshot, or a sentence saying why there is none).
    statisticsRead = Signal(int, object)
    statisticsExported = Signal(str, str)  # path, the reason it failed ("" when written)
    # The skill record (issue 33): the Skill page's reads (request number, SkillSnapshot or a sentence), a queued
    # hand's judgement kept (JudgedHand), a skill file written or read (kind "export"/"import", path, the reason
    # it failed or "", how many hands).
    skillRead = Signal(int, object)
    handJudged = Signal(object)
    skillFile = Signal(str, str, str, int)

    def __init__(self, folder: Path | None, *, threaded: bool = True, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.threaded = threaded
        self._autosave: Autosave | None = None  # made at its first use (the store's modules load then)
        self.stats: Statistics | None = None
        self._latest: dict[str, Any] | None = None  # the newest state not yet written
        self._latest_lock = threading.Lock()
        self._told: set[str] = set()  # troubles already told to the player this session
        self._retries = 0
        self._retry_at: float | None = None
        self._tasks: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._requests = itertools.count(1)
        self._started = False
        self._closed = False
        self._judging: Judging | None = None  # the background judge of the skill record, once given a pool
        self._to_ui = poster(self)  # a call for the judge from the pool's thread, run on the UI thread (no worker)

    @property
    def autosave(self) -> Autosave | None:
        """The data folder's autosave (None without a folder)."""
        if self._autosave is None and self.folder is not None:
            _import_all_of_the_store()
            self._autosave = Autosave(self.folder)
        return self._autosave

    def start(self) -> None:
        """Open the statistics and record the results waiting from last time (connect the signals first). The
        window calls it after its first paint; the first request (or wait_idle) calls it sooner. Once only."""
        if self._started:
            return
        self._started = True
        _import_all_of_the_store()  # here, before the worker's first task reads the store's names
        if self.threaded and self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._run, name="store-service", daemon=True)
            self._thread.start()
        self._submit(self._start)

    # ---- the queue ------------------------------------------------------------------------------

    def _submit(self, task: Callable[[], None]) -> None:
        if not self._started and not self._closed:
            self.start()  # the statistics open first: a request never runs before them
        if self._thread is None:
            self._guarded(task)
        else:
            self._tasks.put(task)

    def _run(self) -> None:
        while True:
            timeout = None if self._retry_at is None else max(0.0, self._retry_at - time.monotonic())
            try:
                task = self._tasks.get(timeout=timeout)
            except queue.Empty:
                self._retry_at = None
                self._guarded(self._retry_pending)
                continue
            try:
                if task is None:
                    return
                self._guarded(task)
            finally:
                self._tasks.task_done()

    def _guarded(self, task: Callable[[], None]) -> None:
        """A task that fails unexpectedly reports it and leaves the service running."""
        try:
            task()
        except Exception as exc:
            log.exception("store task failed")
            self.problem.emit("internal", internal_words(f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"))

    def wait_idle(self, timeout: float = IDLE_WAIT_SECONDS) -> bool:
        """Block until every queued request has run (closing the window; tests). True when idle."""
        if not self._started and not self._closed:
            self.start()
        if self._thread is None:
            return True
        done = threading.Event()
        self._tasks.put(done.set)
        return done.wait(timeout)

    def close(self) -> None:
        """Finish the queued writes (bounded wait), stop the worker and close the database."""
        self._closed = True
        if self._judging is not None:
            self._judging.stop()  # what waits stays queued in the database for next time
        if self._thread is not None:
            self.wait_idle()
            self._tasks.put(None)
            self._thread.join(IDLE_WAIT_SECONDS)
            self._thread = None
        if self.stats is not None:
            with contextlib.suppress(Exception):
                self.stats.close()

    # ---- start-up ---------------------------------------------------------------------------------

    def _start(self) -> None:
        # Stale temporary files are cleaned by the start-up that holds the folder's lock (app.py), not here: a
        # window may also be opened on a folder another copy is writing (--screenshot --resume --config).
        if self.folder is None:
            return
        self.stats = Statistics(self.folder)
        if self.stats.message:
            self._tell("statistics", stats_sentence(self.stats))
        if self.stats.db is not None:
            self._flush_pending()
        elif self.stats.trouble is Trouble.BUSY:
            self._schedule_retry()

    def _tell(self, kind: str, detail: str, once: str = "") -> None:
        """Say it once a session: a player told the statistics are busy need not hear it after every match. `once`:
        what is said once, when not the kind of trouble (each file set aside is its own news)."""
        key = once or kind
        if key not in self._told:
            self._told.add(key)
            self.problem.emit(kind, detail)

    def load_autosave(self) -> None:
        """Read the unfinished match; the answer comes as autosaveLoaded(Loaded)."""

        def task() -> None:
            self.autosaveLoaded.emit(in_words(self.autosave.load()) if self.autosave is not None else Loaded(None))

        self._submit(task)

    # ---- the match in progress ------------------------------------------------------------------

    def save(self, data: dict[str, Any]) -> None:
        """Autosave this state (the newest wins if several wait)."""
        if self.autosave is None:
            return
        with self._latest_lock:
            waiting = self._latest is not None
            self._latest = data
        if not waiting:
            self._submit(self._write_latest)

    def _write_latest(self) -> None:
        with self._latest_lock:
            data, self._latest = self._latest, None
        if data is None or self.autosave is None:
            return
        try:
            self.autosave.save(data)
        except OSError as exc:
            self.problem.emit("autosave", failure_words(exc))

    def finish_match(self, record: MatchRecord | None) -> None:
        """The match is over: record its statistics, then keep it as the last match (after any waiting save)."""

        def task() -> None:
            self._write_latest()
            if record is not None and self.stats is not None:
                self._record(record)
            if self.autosave is not None:
                try:
                    self.autosave.finish()
                except OSError as exc:
                    self.problem.emit("last-match", failure_words(exc))

        self._submit(task)

    # ---- statistics -------------------------------------------------------------------------------

    def _record(self, record: MatchRecord) -> None:
        stats = self.stats
        assert stats is not None
        if stats.db is None:
            stats.reopen()
        try:
            self._flush_pending()
            stats.write(record)
            self.statisticsRecorded.emit(1)
            return
        except StatsUnavailable as exc:
            trouble, reason = exc.trouble, str(exc)
        if trouble is Trouble.DAMAGED:
            stats.close()
            stats.reopen()  # moves the damaged database aside, starts a new one
            if stats.message:
                self.problem.emit("statistics", stats_sentence(stats))
            try:
                stats.write(record)
                self.statisticsRecorded.emit(1)
                return
            except StatsUnavailable as again:
                trouble, reason = again.trouble, str(again)
        self._wait(record, trouble, reason)

    def _wait(self, record: MatchRecord, trouble: Trouble, reason: str) -> None:
        """Keep the result in the pending file so the next chance records it."""
        stats = self.stats
        assert stats is not None
        try:
            stats.keep_pending([*stats.pending(), record])
            kept = True
        except OSError:
            kept = False
        self._pending_news()
        if trouble is Trouble.BUSY and kept:
            self._tell("statistics-busy", reason)  # its sentence names no reason
            self._schedule_retry()
        elif kept:
            self._tell("statistics-kept", failure_words(reason))
        else:
            self._tell("statistics-lost", failure_words(reason))

    def _schedule_retry(self) -> None:
        if self._thread is None or self._retries >= len(RETRY_SECONDS):
            return
        self._retry_at = time.monotonic() + RETRY_SECONDS[self._retries]
        self._retries += 1

    def _retry_pending(self) -> None:
        stats = self.stats
        if stats is None:
            return
        if stats.db is None:
            stats.reopen()
            if stats.db is None:
                if stats.trouble is Trouble.BUSY:
                    self._schedule_retry()
                return
        self._flush_pending()

    def _pending_news(self) -> None:
        """A damaged file of waiting results was set aside as the store read it: the player is told once a file
        (keyed on the kind alone, a second file set aside in the session went without a word: review26 8)."""
        stats = self.stats
        aside = stats.pending_set_aside if stats is not None else None
        if aside is not None:
            self._tell(
                "pending-set-aside", pending_set_aside_words(*aside), once="pending-set-aside:" + "/".join(aside)
            )

    def _flush_pending(self) -> None:
        stats = self.stats
        if stats is None or stats.db is None:
            return
        try:
            added = stats.flush_pending()
        except StatsUnavailable as exc:
            if exc.trouble is Trouble.BUSY:
                self._schedule_retry()
            return
        finally:
            self._pending_news()
        if added:
            self._retries = 0
            self.statisticsRecorded.emit(added)

    # ---- the statistics screen: every read and write on the worker ---------------------------------

    def _readable(self) -> Statistics:
        """The open statistics, reopened if they were not; StatsUnavailable saying why when they cannot be."""
        stats = self.stats
        if stats is None:
            raise StatsUnavailable(Trouble.CANNOT_WRITE, "the game has no data folder")
        if stats.db is None:
            stats.reopen()
        if stats.db is None:
            raise StatsUnavailable(stats.trouble or Trouble.CANNOT_WRITE, stats.message or "not open")
        return stats

    @staticmethod
    def _sentence(exc: StatsUnavailable) -> str:
        """Why the statistics cannot be shown, as one sentence in the player's language (the store's reason, in
        English, to the log)."""
        log.warning("statistics unavailable: %s", exc)
        if exc.trouble is Trouble.BUSY:
            return translate("StoreService", "The statistics are in use by another program; try again later.")
        if exc.trouble is Trouble.DAMAGED:
            return translate("StoreService", "The statistics are damaged.")
        if exc.trouble is Trouble.NEWER:
            return newer_words()
        return translate("StoreService", "The statistics cannot be read here.")

    def read_statistics(self, group: str, *, reset: bool = False) -> int:
        """Read what the statistics screen shows for `group` (after deleting the group's matches when `reset`).
        Returns the request's number; the answer comes as statisticsRead(number, StatsSnapshot or a sentence
        saying why there is none)."""
        number = next(self._requests)

        def task() -> None:
            try:
                stats = self._readable()
                if reset:
                    stats.reset(group)
                answer: object = stats.snapshot(group)
            except StatsUnavailable as exc:
                answer = self._sentence(exc)
            self.statisticsRead.emit(number, answer)

        self._submit(task)
        return number

    def export_statistics(self, group: str, path: Path) -> None:
        """Write the group's table as CSV; the answer comes as statisticsExported(path, reason or "")."""

        def task() -> None:
            try:
                path.write_text(self._readable().csv(group), encoding="utf-8")
            except StatsUnavailable as exc:
                self.statisticsExported.emit(str(path), self._sentence(exc))
                return
            except OSError as exc:
                self.statisticsExported.emit(str(path), failure_words(exc))
                return
            self.statisticsExported.emit(str(path), "")

        self._submit(task)

    # ---- match files --------------------------------------------------------------------------------

    def save_match_file(self, path: Path, data: dict[str, Any]) -> None:
        def task() -> None:
            try:
                write_atomically(path, json.dumps(data, indent=1))
            except OSError as exc:
                self.matchFileSaved.emit(str(path), failure_words(exc))
                return
            self.matchFileSaved.emit(str(path), "")

        self._submit(task)

    def open_match_file(self, path: Path) -> None:
        def task() -> None:
            try:
                saved = load_file(path)
            except MatchFileError as exc:
                self.matchFileOpened.emit(str(path), None, match_file_words(exc))
                return
            self.matchFileOpened.emit(str(path), saved, "")

        self._submit(task)

    # ---- the skill record (issue 33): hands queued for the judge, the Skill page ------------------------

    def judge_with(self, run: Callable[..., Any]) -> None:
        """Judge the queued hands in the background with the pool's `run` (low-priority jobs), starting with
        what a quit or a crash left waiting."""

        def task() -> None:
            from ...session.judging import Judging  # the judge (and the coach it runs) loads when first asked

            if self._judging is None:
                stats = self.stats
                if stats is None or stats.db is None:
                    return
                self._judging = Judging(DatabaseQueue(stats.db), run, self._post_judging, judged=self.handJudged.emit)
            self._judging.pump()

        self._submit(task)

    def _post_judging(self, call: Callable[[], None]) -> None:
        """The judge's answers (from the pool's thread) run where every other request does."""
        if self._thread is not None:
            self._tasks.put(call)
        else:
            self._to_ui(lambda: self._guarded(call))

    def queue_hand(self, hand: QueuedHand) -> None:
        """Queue a person's finished hand for the judge (kept in the database first: a crash loses nothing)."""

        def task() -> None:
            import sqlite3  # with the store, after the lobby's first paint

            try:
                queue_hand(self._readable().db, hand)  # type: ignore[arg-type]
            except (StatsUnavailable, sqlite3.Error) as exc:
                log.warning("a hand could not be queued for the skill judge: %s", exc)
                return
            if self._judging is not None:
                self._judging.pump()

        self._submit(task)

    def read_skill(self, player: str = "") -> int:
        """Read what the Skill page shows for `player` ("" the last to play); the answer comes as
        skillRead(number, SkillSnapshot or a sentence saying why there is none)."""
        number = next(self._requests)

        def task() -> None:
            import sqlite3

            try:
                answer: object = snapshot(self._readable().db, player)  # type: ignore[arg-type]
            except StatsUnavailable as exc:
                answer = self._sentence(exc)
            except sqlite3.Error as exc:
                log.warning("skill record: %s", exc)
                answer = translate("StoreService", "The skill record could not be read.")
            self.skillRead.emit(number, answer)

        self._submit(task)
        return number

    def export_skill(self, path: Path) -> None:
        """Write the skill record to one file; the answer comes as skillFile("export", path, reason, hands)."""

        def task() -> None:
            import sqlite3

            try:
                hands = export_file(self._readable().db, path)  # type: ignore[arg-type]
            except StatsUnavailable as exc:
                self.skillFile.emit("export", str(path), self._sentence(exc), 0)
            except (OSError, sqlite3.Error) as exc:
                self.skillFile.emit("export", str(path), failure_words(exc), 0)
            else:
                self.skillFile.emit("export", str(path), "", hands)

        self._submit(task)

    def import_skill(self, path: Path) -> None:
        """Add a skill file's hands to this record (nothing changed when it is not one); the answer comes as
        skillFile("import", path, reason, hands added)."""

        def task() -> None:
            import sqlite3

            try:
                added = import_file(self._readable().db, path)  # type: ignore[arg-type]
            except StatsUnavailable as exc:
                self.skillFile.emit("import", str(path), self._sentence(exc), 0)
            except SkillFileError as exc:
                self.skillFile.emit("import", str(path), skill_file_words(path.name, exc), 0)
            except sqlite3.Error as exc:
                self.skillFile.emit("import", str(path), failure_words(exc), 0)
            else:
                self.skillFile.emit("import", str(path), "", added)
                if self._judging is not None:
                    self._judging.pump()  # hands that were waiting on the other computer

        self._submit(task)
