"""The skill record (issue 33): hands queued durably, judged once, practice apart, kept through the upgrade from
today's statistics database, and moved to another computer as one file (a bad file changes nothing). Each hand's
luck carries its definition's version: luck of another version is worked out again in the background (the
decisions not judged again) and never summed with today's."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.engine.analysis import rating
from dominoes_desktop.engine.analysis.hand_luck import LUCK_VERSION
from dominoes_desktop.engine.analysis.rating import DecisionJudgement, Family, HandJudgement, judge_hand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.record import record_from_json
from dominoes_desktop.session.judging import JudgeTask, Judging, judge_task
from dominoes_desktop.store import skill
from dominoes_desktop.store.skill import DatabaseQueue, QueuedHand, SkillFileError
from dominoes_desktop.store.stats import SCHEMA_VERSION, Statistics

from ..engine.record_driver import step

OLD_DATABASE = Path(__file__).parent.parent / "data" / "old_statistics" / "statistics-v2.sqlite3"
# Today's database before the luck's version (schema 3): made by make_statistics_v3.py with the code of then.
V3_DATABASE = OLD_DATABASE.with_name("statistics-v3.sqlite3")


def one_hand(seed: int = 5) -> Match:
    """A draw game after its first hand, played at random through the match's own decisions."""
    match = Match(build_rules("draw", {}), seed)
    rng = random.Random(seed)
    while not match.results:
        step(match, rng)
    return match


def a_hand(player: str = "Ana", *, seat: int = 0, practice: bool = False, duplicate: bool = False) -> QueuedHand:
    return QueuedHand.of(one_hand().record, 0, seat, player, practice=practice, duplicate=duplicate)


def judgement(
    seat: int = 0, losses: tuple[float, ...] = (0.0, 2.0), *, luck: float = 3.0, luck_version: int = LUCK_VERSION
) -> HandJudgement:
    decisions = tuple(
        DecisionJudgement(
            0, ply, ("6-6", "5-1"), "5-1" if loss else "6-6", ("6-6",), loss, "loose" if loss else "best", False
        )
        for ply, loss in enumerate(losses)
    )
    forced = DecisionJudgement(0, len(losses), ("pass",), "pass", ("pass",), 0.0, "best", True)
    return HandJudgement(0, seat, Family.POINTS, (*decisions, forced), 38.0, luck, luck_version)


def open_db(folder: Path) -> sqlite3.Connection:
    stats = Statistics(folder)
    assert stats.db is not None, stats.message
    return stats.db


def test_a_hand_is_queued_once_and_judged_once(tmp_path: Path) -> None:
    db = open_db(tmp_path)
    hand = a_hand()
    assert skill.queue_hand(db, hand)
    assert not skill.queue_hand(db, a_hand())  # the same hand again (the sheet drawn again): not twice
    [waiting] = skill.queued(db)
    assert (waiting.player, waiting.hand, waiting.seat, waiting.preset) == ("Ana", 0, 0, "draw")
    kept = skill.keep_judgement(db, waiting.id, judgement())
    assert kept is not None and kept.judgement == judgement()
    assert skill.queued(db) == [] and skill.waiting(db) == 0
    assert skill.keep_judgement(db, waiting.id, judgement()) is None  # already kept
    assert not skill.queue_hand(db, a_hand())  # judged: never queued again
    [found] = skill.judged_hands(db, "Ana")
    assert [d.loss for d in found.judgement.decisions] == [0.0, 2.0, 0.0]
    assert [d.forced for d in found.judgement.decisions] == [False, False, True]
    assert found.judgement.decisions[1].grade == "loose" and found.judgement.decisions[1].options == ("6-6", "5-1")


def test_a_crash_leaves_the_queue_where_it_was(tmp_path: Path) -> None:
    """A process that queued two hands and judged one dies (its connection never closed): the next start finds
    the other still queued, and the judged one kept."""
    db = open_db(tmp_path)
    skill.queue_hand(db, a_hand("Ana", seat=0))
    skill.queue_hand(db, a_hand("Beto", seat=2))
    first, second = skill.queued(db)
    skill.keep_judgement(db, first.id, judgement())
    # The judgement of the second was computed, and the process died before keeping it.
    db2 = open_db(tmp_path)  # the next start, beside the dead one's open connection
    assert [h.origin for h in skill.queued(db2)] == [second.origin]
    assert [h.player for h in skill.judged_hands(db2)] == ["Ana"]
    db.close()


def test_a_hand_the_judge_keeps_failing_on_is_marked_and_left(tmp_path: Path) -> None:
    db = open_db(tmp_path)
    skill.queue_hand(db, a_hand())
    [waiting] = skill.queued(db)
    for _ in range(skill.MAX_TRIES):
        assert skill.queued(db) != []
        skill.judge_failed(db, waiting.id, "RatingError: the hand cannot be judged")
    assert skill.queued(db) == [] and skill.waiting(db) == 0
    assert db.execute("SELECT failed FROM skill_queue").fetchone() == ("RatingError: the hand cannot be judged",)


def test_practice_is_kept_apart_and_never_rated_with_the_rest(tmp_path: Path) -> None:
    db = open_db(tmp_path)
    skill.queue_hand(db, a_hand(seat=0))
    skill.queue_hand(db, a_hand(seat=2, practice=True))  # a hint in the hand
    one, practice = skill.queued(db)
    assert practice.practice and not one.practice
    skill.keep_judgement(db, one.id, judgement(0, (0.0, 2.0)))
    skill.keep_judgement(db, practice.id, judgement(2, (9.0, 9.0, 9.0)))
    [points] = skill.snapshot(db, "Ana").families
    assert points.all_time.hands == 1 and points.all_time.decisions == 2
    assert points.practice is not None and points.practice_hands == 1 and points.practice.decisions == 3
    assert points.all_time.value < points.practice.value
    assert points.luck == 3.0 and points.adjusted == 35.0


def test_a_match_with_undo_is_practice(tmp_path: Path) -> None:
    record = one_hand().record
    undone = type(record)(record.rules, record.seed, record.actions, True, record.options, record.seats)
    assert QueuedHand.of(undone, 0, 0, "Ana", practice=False, duplicate=False).practice


def test_the_snapshot_says_the_costliest_decisions_and_the_records(tmp_path: Path) -> None:
    db = open_db(tmp_path)
    for seat, losses in ((0, (0.0, 1.0)), (2, (5.0, 0.0)), (1, (0.0, 0.0)), (3, (3.0, 4.0))):
        skill.queue_hand(db, a_hand(seat=seat))
        [waiting] = skill.queued(db)
        skill.keep_judgement(db, waiting.id, judgement(seat, losses))
    found = skill.snapshot(db)
    assert found.player == "Ana" and found.players == ("Ana",)
    assert [(c.seat, c.loss) for c in found.costly] == [(2, 5.0), (3, 4.0), (3, 3.0)]
    [points] = found.families
    assert points.clean_run == 1  # hand 3 alone had no slip
    assert points.best_recent is None  # fewer than 100 hands
    assert [p.hands for p in points.series] == [1, 2, 3, 4]
    assert points.series[-1].value == pytest.approx(points.all_time.value)


def test_the_old_database_opens_upgraded_with_every_match_kept(tmp_path: Path) -> None:
    """A statistics database written by the game before the skill record (schema 2, made with the code of then):
    opened by this one, its matches and deals are all there, and the skill record works in it."""
    shutil.copy(OLD_DATABASE, tmp_path / "statistics.sqlite3")
    stats = Statistics(tmp_path)
    assert stats.db is not None and not stats.message
    assert stats.db.execute("SELECT version FROM schema_version").fetchone() == (SCHEMA_VERSION,)
    rows = {row.player: row.values for row in stats.table("Home")}
    assert rows["Ana"]["points_for"] == 38 and rows["CPU (hard)"]["matches_lost"] == 1
    assert len(stats.deal_luck("Home").players) == 3
    assert skill.queue_hand(stats.db, a_hand())
    stats.close()
    again = Statistics(tmp_path)  # and opened again: nothing migrates twice
    assert again.db is not None and skill.waiting(again.db) == 1
    assert {row.player for row in again.table("Home")} == {"Ana", "Beto", "CPU (hard)"}


def test_export_and_import_round_trip(tmp_path: Path) -> None:
    here = open_db(tmp_path / "here")
    skill.queue_hand(here, a_hand(seat=0))
    skill.queue_hand(here, a_hand(seat=2, practice=True))
    skill.queue_hand(here, a_hand(seat=1))  # still waiting when exported: judged on the other computer
    one, practice, _ = skill.queued(here)
    skill.keep_judgement(here, one.id, judgement(0))
    skill.keep_judgement(here, practice.id, judgement(2, (1.0,)))
    path = tmp_path / "skill.json"
    assert skill.export_file(here, path) == 2
    there = open_db(tmp_path / "there")
    assert skill.import_file(there, path) == 2
    assert skill.import_file(there, path) == 0  # the same file twice: nothing doubled
    assert [(h.origin, h.practice, h.judgement) for h in skill.judged_hands(there)] == [
        (h.origin, h.practice, h.judgement) for h in skill.judged_hands(here)
    ]
    assert [h.origin for h in skill.queued(there)] == [h.origin for h in skill.queued(here)]
    assert skill.export_text(there) == skill.export_text(here)


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"\x00\xff not text", "not valid UTF-8"),
        (b'{"format": ', "not valid JSON"),
        (b"[]", "not a Dominoes Desktop skill file"),
        (json.dumps({"format": "dominoes-desktop-skill", "version": 9, "hands": []}).encode(), "version 9"),
        (json.dumps({"format": "dominoes-desktop-skill", "version": 1}).encode(), "lists no hands"),
    ],
)
def test_a_bad_file_is_refused_in_one_line(tmp_path: Path, content: bytes, said: str) -> None:
    db = open_db(tmp_path)
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SkillFileError, match=said) as refused:
        skill.import_file(db, path)
    assert "\n" not in str(refused.value) and str(refused.value).startswith("bad.json")


def test_a_file_bad_in_its_last_hand_changes_nothing(tmp_path: Path) -> None:
    here = open_db(tmp_path / "here")
    for seat in (0, 1):
        skill.queue_hand(here, a_hand(seat=seat))
    for waiting in skill.queued(here):
        skill.keep_judgement(here, waiting.id, judgement(waiting.seat))
    data = json.loads(skill.export_text(here))
    data["hands"][1]["judgement"]["decisions"][0]["loss"] = -4  # a loss below nothing: not the judge's
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    there = open_db(tmp_path / "there")
    with pytest.raises(SkillFileError, match="hand 2"):
        skill.import_file(there, path)
    assert skill.judged_hands(there) == []
    data["hands"][1]["judgement"] = json.loads(skill.export_text(here))["hands"][1]["judgement"]
    data["hands"][0]["record"]["actions"] = "many"
    path.write_text(json.dumps(data))
    with pytest.raises(SkillFileError, match="hand 1"):
        skill.import_file(there, path)
    assert skill.judged_hands(there) == []
    assert not (tmp_path / "there" / "missing.json").exists()
    with pytest.raises(SkillFileError, match=r"missing\.json could not be read"):
        skill.import_file(there, tmp_path / "there" / "missing.json")


def test_a_duplicate_deal_is_won_when_both_plays_together_beat_the_other_table(tmp_path: Path) -> None:
    """The two plays of a deal share its seed: +10 with one side's cards and -4 with the other's beat the other
    table (which made +4 with the first side's cards); a deal played once is not compared."""
    db = open_db(tmp_path)
    record = one_hand(7).record
    for seat, result in ((0, 10.0), (1, -4.0)):
        skill.queue_hand(db, QueuedHand.of(record, 0, seat, "Ana", practice=False, duplicate=True))
        [waiting] = skill.queued(db)
        base = judgement(seat)
        skill.keep_judgement(db, waiting.id, HandJudgement(0, seat, base.family, base.decisions, result, 0.0))
    skill.queue_hand(db, QueuedHand.of(one_hand(8).record, 0, 0, "Ana", practice=False, duplicate=True))
    [waiting] = skill.queued(db)
    skill.keep_judgement(db, waiting.id, judgement(0))
    found = skill.snapshot(db, "Ana")
    assert (found.duplicate_won, found.duplicate_deals) == (1, 1)


# ---- the luck's version ----------------------------------------------------------------------------------------


def run_here(function: Any, argument: Any, *, low: bool = False) -> Future[Any]:
    """The pool's `run`, in this process: the job done before it returns."""
    done: Future[Any] = Future()
    try:
        done.set_result(function(argument))
    except Exception as exc:
        done.set_exception(exc)
    return done


def no_coach(*_args: object, **_kwargs: object) -> object:
    raise AssertionError("the decisions were judged again")


def test_todays_database_migrates_and_its_luck_is_worked_out_again_without_judging_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database of schema 3 (made by the game before the luck's version was kept): opened, its judgements keep
    their decisions and are marked of an unknown luck (0), left out of the sums; the judge works their luck out
    again in the background after the hands that wait to be judged, the coach never asked; then they count."""
    shutil.copy(V3_DATABASE, tmp_path / "statistics.sqlite3")
    stats = Statistics(tmp_path)
    db = stats.db
    assert db is not None and not stats.message
    assert db.execute("SELECT version FROM schema_version").fetchone() == (SCHEMA_VERSION,)
    assert {row.player for row in stats.table("Home")} == {"Ana", "CPU (medium)"}
    before = skill.judged_hands(db)
    assert [(h.player, h.preset, h.practice) for h in before] == [
        ("Ana", "draw", False),
        ("Ana", "jamaican", False),
        ("Beto", "jamaican", True),
    ]
    assert all(h.judgement.luck_version == 0 and not h.judgement.luck_current for h in before)
    assert db.execute("SELECT DISTINCT luck_version FROM skill_hands").fetchall() == [(0,)]
    ana = skill.snapshot(db, "Ana")
    assert ana.waiting == 1 and ana.luck_waiting == 3
    for family in ana.families:  # the old luck is in no sum, and the hands it leaves out are said
        assert (family.luck, family.adjusted, family.luck_hands, family.luck_pending) == (0.0, 0.0, 0, 1)
        assert family.all_time.hands == 1  # the rating itself is as it was

    queue = DatabaseQueue(db)
    [first, *stale] = queue.queued(4, ())
    assert first.id > 0 and not first.judged  # the hand still to be judged comes first
    assert [h.origin for h in stale] == [h.origin for h in before] and all(h.id < 0 and h.judged for h in stale)
    assert [h.origin for h in queue.queued(4, (first.id, stale[0].id))] == [h.origin for h in before[1:]]
    monkeypatch.setattr(rating, "judge_hand_view", no_coach)
    for waiting in stale:
        kept = queue.keep(
            waiting.id, judge_task(JudgeTask(waiting.record, waiting.hand, waiting.seat, judged=waiting.judged))
        )
        assert kept is not None and kept.origin == waiting.origin
    monkeypatch.undo()

    after = skill.judged_hands(db)
    assert skill.luck_waiting(db) == 0 and [h.origin for h in queue.queued(4, ())] == [first.origin]
    for old, new in zip(before, after, strict=True):
        assert new.judgement.decisions == old.judgement.decisions and new.judgement.result == old.judgement.result
        assert new.judgement.luck_version == LUCK_VERSION
        record = record_from_json(json.loads(new.record))
        assert new.judgement.luck == judge_hand(record, new.judgement.hand, new.judgement.seat).luck
    assert db.execute("SELECT DISTINCT luck_version FROM skill_hands").fetchall() == [(LUCK_VERSION,)]
    for family in skill.snapshot(db, "Ana").families:
        [hand] = [h.judgement for h in after if h.player == "Ana" and h.judgement.family is family.family]
        assert (family.luck, family.luck_hands, family.luck_pending) == (hand.luck, 1, 0)
        assert family.adjusted == hand.result - hand.luck
    stats.close()
    again = Statistics(tmp_path)  # opened again: nothing migrates twice, nothing is redone
    assert again.db is not None and skill.luck_waiting(again.db) == 0 and skill.waiting(again.db) == 1


def test_luck_of_another_definition_is_never_summed_with_todays(tmp_path: Path) -> None:
    db = open_db(tmp_path)
    for seat, version, luck in ((0, LUCK_VERSION, 3.0), (1, 0, 100.0), (2, LUCK_VERSION + 1, -50.0)):
        skill.queue_hand(db, a_hand(seat=seat))
        [waiting] = skill.queued(db)
        skill.keep_judgement(db, waiting.id, judgement(seat, luck=luck, luck_version=version))
    [points] = skill.snapshot(db, "Ana").families
    assert (points.luck, points.adjusted, points.luck_hands, points.luck_pending) == (3.0, 35.0, 1, 2)
    assert points.all_time.hands == 3
    assert skill.luck_waiting(db) == 1  # the older definition's is worked out again; a newer game's is left as it is


def test_the_background_judge_works_out_old_luck_again_and_keeps_the_decisions(tmp_path: Path) -> None:
    """Through the judge as the store service runs it (session/judging.py over DatabaseQueue), in this process:
    a hand judged with luck of an old definition gets today's luck of its hand, its decisions as they were kept
    (made up here: judging them again would change them); a judgement the record cannot be relucked for is
    counted, tried MAX_TRIES times, then left out of the queue (and of the sums)."""
    db = open_db(tmp_path)
    hand = a_hand()
    skill.queue_hand(db, hand)
    skill.queue_hand(db, a_hand(seat=1))
    [waiting, other] = skill.queued(db)
    kept = judgement(luck=999.0, luck_version=0)
    skill.keep_judgement(db, waiting.id, kept)
    wrong = HandJudgement(7, 1, Family.POINTS, kept.decisions, 0.0, 5.0, 0)  # the match has no hand 7
    skill.keep_judgement(db, other.id, wrong)
    told: list[object] = []
    posted: list[Callable[[], None]] = []  # the owner's thread: what the judge posts runs after its callback
    judging = Judging(DatabaseQueue(db), run_here, posted.append, judged=told.append)
    judging.pump()
    while posted:
        posted.pop(0)()
    [found, failed] = skill.judged_hands(db)
    assert found.judgement == HandJudgement(
        0, 0, Family.POINTS, kept.decisions, 38.0, judge_hand(one_hand().record, 0, 0).luck, LUCK_VERSION
    )
    assert found.judgement.luck != 999.0 and len(told) == 1
    assert failed.judgement.luck_version == 0 and skill.luck_waiting(db) == 0 and not judging.busy
    assert db.execute(
        "SELECT luck_tries, luck_failed FROM skill_hands WHERE origin = ?", (failed.origin,)
    ).fetchone() == (
        skill.MAX_TRIES,
        "there is no finished hand 7",
    )
    [points] = skill.snapshot(db, "Ana").families
    assert (points.luck_hands, points.luck_pending) == (1, 1)


def test_a_luck_worked_out_for_another_hand_is_not_kept_and_counts_as_a_try(tmp_path: Path) -> None:
    db = open_db(tmp_path)
    skill.queue_hand(db, a_hand())
    [waiting] = skill.queued(db)
    skill.keep_judgement(db, waiting.id, judgement(luck=999.0, luck_version=0))
    queue = DatabaseQueue(db)
    [stale] = queue.queued(1, ())
    assert queue.keep(stale.id, judgement(seat=3, luck=1.0)) is None  # not its seat
    [found] = skill.judged_hands(db)
    assert (found.judgement.luck, found.judgement.luck_version) == (999.0, 0)
    assert db.execute("SELECT luck_tries FROM skill_hands").fetchone() == (1,)
    kept = queue.keep(stale.id, judgement(luck=1.0))
    assert kept is not None and (kept.judgement.luck, kept.judgement.luck_version) == (1.0, LUCK_VERSION)
    assert queue.keep(stale.id, judgement(luck=2.0)) is None  # today's already: nothing more
    assert skill.judged_hands(db)[0].judgement == kept.judgement


def test_a_skill_file_of_older_luck_is_imported_and_its_luck_worked_out_again(tmp_path: Path) -> None:
    here = open_db(tmp_path / "here")
    skill.queue_hand(here, a_hand())
    [waiting] = skill.queued(here)
    skill.keep_judgement(here, waiting.id, judgement())
    data = json.loads(skill.export_text(here))
    assert data["hands"][0]["judgement"]["luck_version"] == LUCK_VERSION
    del data["hands"][0]["judgement"]["luck_version"]  # as the game wrote it before the version was kept
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    there = open_db(tmp_path / "there")
    assert skill.import_file(there, path) == 1
    assert skill.luck_waiting(there) == 1 and skill.waiting(there) == 0
    [stale] = skill.stale_luck(there)
    assert stale.id < 0 and HandJudgement.from_json(json.loads(stale.judged)).luck_version == 0


def test_a_judged_row_that_cannot_be_read_does_not_hold_up_the_luck_of_the_others(tmp_path: Path) -> None:
    """A stale row whose judgement cannot be read (never shown either) is given up on at once: before, it stayed
    first in line for ever, so the judge (one hand at a time) never reached the stale rows after it, and it was
    counted as waiting for good."""
    db = open_db(tmp_path)
    for seat in (0, 1):
        skill.queue_hand(db, a_hand(seat=seat))
        [waiting, *_] = skill.queued(db)
        skill.keep_judgement(db, waiting.id, judgement(seat, luck=999.0, luck_version=0))
    [bad, good] = db.execute("SELECT id FROM skill_hands ORDER BY id").fetchall()
    db.execute("UPDATE skill_hands SET judgement = '{not json' WHERE id = ?", bad)
    db.commit()
    queue = DatabaseQueue(db)
    assert [h.id for h in queue.queued(1, ())] == [-good[0]]
    assert skill.luck_waiting(db) == 1
    assert db.execute("SELECT luck_tries FROM skill_hands WHERE id = ?", bad).fetchone() == (skill.MAX_TRIES,)


def test_two_games_opening_an_old_database_at_once_both_open_it(tmp_path: Path) -> None:
    """Two games started together on a database to migrate: the second waits for the first's migration and
    opens the database migrated. Before, the migration began as a reader and, the other game having written
    since, SQLite refused it at once ('database is locked', no wait): the statistics were unavailable to it
    (some 19 tries in 20)."""
    for trial in range(5):
        folder = tmp_path / str(trial)
        folder.mkdir()
        shutil.copy(V3_DATABASE, folder / "statistics.sqlite3")
        start = threading.Barrier(2)
        opened: list[tuple[bool, str, list[tuple[int]]]] = []

        def open_it(
            folder: Path = folder,
            start: threading.Barrier = start,
            opened: list[tuple[bool, str, list[tuple[int]]]] = opened,
        ) -> None:
            start.wait()
            stats = Statistics(folder)
            versions = stats.db.execute("SELECT version FROM schema_version").fetchall() if stats.db else []
            opened.append((stats.db is not None, stats.message, versions))
            stats.close()

        games = [threading.Thread(target=open_it) for _ in range(2)]
        for game in games:
            game.start()
        for game in games:
            game.join()
        assert opened == [(True, "", [(SCHEMA_VERSION,)])] * 2, trial
