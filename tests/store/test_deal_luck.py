"""Deal luck in the statistics: every seat's dealt tiles recorded per hand, read back against chance; an older
database migrates without losing a match; nothing is made up for matches recorded before."""

from __future__ import annotations

import dataclasses
import json
import math
import sqlite3
from pathlib import Path

import pytest

from dominoes_desktop.engine.analysis.luck import DealSet, Measure, tally
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.store import stats as stats_module
from dominoes_desktop.store.stats import (
    CPU_GROUP,
    DB_NAME,
    SCHEMA_VERSION,
    MatchRecord,
    Statistics,
    match_record,
)

from .test_stats import scripted_match

PLAYERS = [("Ana", True, "medium"), ("CPU 1", False, "hard"), ("Beto", True, "medium"), ("CPU 3", False, "easy")]

# The database as version 1 of the game made it, word for word: the migration must take it as it is.
SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY, stats_group TEXT NOT NULL, preset TEXT NOT NULL, finished_at REAL NOT NULL,
    winner_side INTEGER, hands INTEGER NOT NULL, six_love INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE, player TEXT NOT NULL, seat INTEGER NOT NULL,
    won INTEGER NOT NULL, hands_won INTEGER NOT NULL, hands_lost INTEGER NOT NULL, dominoes INTEGER NOT NULL,
    blocks_won INTEGER NOT NULL, points_for INTEGER NOT NULL, points_against INTEGER NOT NULL,
    six_love_given INTEGER NOT NULL, six_love_taken INTEGER NOT NULL, capicuas INTEGER NOT NULL,
    key_bones INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS results_player ON results(player);
INSERT INTO schema_version VALUES (1);
INSERT INTO matches VALUES (1, 'Home', 'jamaican', 1700000000.0, 0, 9, 0);
INSERT INTO results VALUES (1, 'Ana', 0, 1, 6, 3, 4, 2, 6, 3, 0, 0, 0, 0);
INSERT INTO results VALUES (1, 'CPU (hard)', 1, 0, 3, 6, 2, 1, 3, 6, 0, 0, 0, 0);
INSERT INTO results VALUES (1, 'Beto', 2, 1, 6, 3, 2, 2, 6, 3, 0, 0, 0, 0);
INSERT INTO results VALUES (1, 'CPU (hard)', 3, 0, 3, 6, 1, 1, 3, 6, 0, 0, 0, 0);
"""


def played_match(seed: int, preset: str = "jamaican") -> Match:
    """A whole match played by CPUs, every hand kept move by move."""
    rules = build_rules(preset, {"target": 3} if preset == "jamaican" else {"single_round": True})
    table = CpuTable(rules, [make_player("easy", seed * 10 + s) for s in range(rules.players)], seed)
    table.play_match()
    assert table.match.is_over and len(table.match.archive) == len(table.match.results)
    return table.match


def test_every_seat_of_every_hand_is_recorded_and_read_against_chance(tmp_path: Path) -> None:
    stats = Statistics(tmp_path)
    stats.record("Home", scripted_match(), PLAYERS)
    luck = stats.deal_luck("Home")
    assert [p.player for p in luck.players] == ["Ana", "Beto", CPU_GROUP]
    # The scripted Dominican deal, 2 tiles each of double-6, all 28 in play: Ana 6-6 5-1, Beto 6-1 4-4,
    # the CPUs 6-5 0-0 and 3-3 2-0 (counted as one draw of four tiles).
    ana = luck.of("Ana")
    assert ana is not None and ana.unrecorded == 0 and len(ana.hands) == 1
    hand = ana.hands[0]
    assert (hand.preset, hand.hand, hand.doubles.observed, hand.pips.observed) == ("dominican", 0, 1, 18)
    assert hand.doubles.expected == 0.5 and hand.pips.expected == 12.0
    assert hand.doubles.variance == pytest.approx(2 * 0.25 * 0.75 * 26 / 27)
    cpus = luck.of(CPU_GROUP)
    assert cpus is not None and len(cpus.hands) == 1
    assert (cpus.hands[0].doubles.observed, cpus.hands[0].pips.observed) == (2, 19)
    assert cpus.hands[0].doubles.expected == 1.0
    assert cpus.hands[0].doubles.variance == pytest.approx(4 * 0.25 * 0.75 * 24 / 27)  # one draw of 4, not 2+2


def test_many_matches_read_back_hand_by_hand_in_order(tmp_path: Path) -> None:
    stats = Statistics(tmp_path)
    matches = [played_match(seed) for seed in range(3)]
    for match in matches:
        stats.record("Home", match, PLAYERS)
    ana = stats.deal_luck("Home").of("Ana")
    assert ana is not None
    deals = [deal.hands[0] for match in matches for deal, _ in match.archive]
    assert [h.doubles.observed for h in ana.hands] == [sum(t.is_double for t in d) for d in deals]
    assert [h.pips.observed for h in ana.hands] == [sum(t.pips for t in d) for d in deals]
    found = tally(h.draw(Measure.DOUBLES) for h in ana.hands)
    assert found.hands == len(deals) and found.expected == pytest.approx(1.75 * len(deals))
    order = [(h.finished_at, h.match_id, h.hand) for h in ana.hands]
    assert order == sorted(order)


def test_the_redeal_rule_is_kept_so_chance_is_conditioned(tmp_path: Path) -> None:
    stats = Statistics(tmp_path)
    match = played_match(4, "all_fives")
    stats.record("Home", match, [("Ana", True, "m"), *PLAYERS[1:]])
    ana = stats.deal_luck("Home").of("Ana")
    assert ana is not None and ana.hands
    chance = DealSet.of(match.rules).chance(Measure.DOUBLES, 5)
    assert ana.hands[0].doubles.expected == chance.mean


def test_a_version_1_database_migrates_and_keeps_every_match(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.executescript(SCHEMA_1)
    db.close()
    stats = Statistics(tmp_path)
    assert stats.message == "" and stats.db is not None
    assert stats.db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    rows = {r.player: r.values for r in stats.table("Home")}
    assert rows["Ana"]["hands_won"] == 6 and rows["CPU (hard)"]["matches"] == 1, "two seats, one match"
    luck = stats.deal_luck("Home")
    before = {p.player: (len(p.hands), p.unrecorded) for p in luck.players}
    assert before == {"Ana": (0, 1), "Beto": (0, 1), CPU_GROUP: (0, 1)}, "older matches are counted, not invented"
    stats.record("Home", scripted_match(), PLAYERS)
    after = {p.player: (len(p.hands), p.unrecorded) for p in stats.deal_luck("Home").players}
    assert after == {"Ana": (1, 1), "Beto": (1, 1), CPU_GROUP: (1, 1)}
    stats.close()
    assert Statistics(tmp_path).table("Home"), "opening again migrates nothing twice"


def test_a_newer_database_is_not_touched(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.executescript(SCHEMA_1.replace("VALUES (1);", "VALUES (99);"))
    db.close()
    assert Statistics(tmp_path).db is None
    db = sqlite3.connect(tmp_path / DB_NAME)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "deals" not in tables and db.execute("SELECT version FROM schema_version").fetchall() == [(99,)]


def test_reset_takes_the_deals_with_the_matches(tmp_path: Path) -> None:
    stats = Statistics(tmp_path)
    stats.record("Home", scripted_match(), PLAYERS)
    stats.record("Friday", scripted_match(), PLAYERS)
    stats.reset("Home")
    assert stats.deal_luck("Home").players == ()
    assert stats.deal_luck("Friday").of("Ana") is not None
    assert stats._rows("SELECT COUNT(*) FROM deals")[0][0] == 4


def test_pending_records_keep_their_deals_and_older_ones_without_are_taken(tmp_path: Path) -> None:
    stats = Statistics(tmp_path)
    record = match_record("Home", scripted_match(), PLAYERS)
    assert record.deal_set is not None and len(record.deals) == 4
    assert MatchRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
    older = record.to_json()
    del older["deal_set"], older["deals"]
    older["finished_at"] += 1.0
    taken = MatchRecord.from_json(older)
    assert taken is not None and taken.deals == () and taken.deal_set is None
    stats.keep_pending([record, taken])
    assert stats.flush_pending() == 2
    ana = stats.deal_luck("Home").of("Ana")
    assert ana is not None and len(ana.hands) == 1 and ana.unrecorded == 1


@pytest.mark.parametrize(
    "spoil",
    [
        lambda r: r["deals"][0].__setitem__(5, 9),  # more doubles than tiles
        lambda r: r["deals"][0].__setitem__(6, 10**6),  # more pips than the set has
        lambda r: r["deals"][0].__setitem__(3, "yes"),  # human not a bool
        lambda r: r["deals"][0].__setitem__(4, 0),  # no tiles
        lambda r: r["deal_set"].__setitem__(0, 10**9),  # a set no one could deal
        lambda r: r["deal_set"].__setitem__(1, "9-9"),  # removing a tile the set lacks
        lambda r: r["deal_set"].__setitem__(1, "x-y"),
        lambda r: r["deal_set"].__setitem__(2, 29),  # more tiles dealt than the set has
        lambda r: r["deal_set"].__setitem__(3, 1),  # not a bool
        lambda r: r.__setitem__("deals", "many"),
        lambda r: r.__setitem__("deal_set", [6]),
        lambda r: r["deals"].append([0, 1, "Ana", True, 2, 1]),
    ],
)
def test_a_pending_record_with_impossible_deals_is_refused(spoil: object) -> None:
    raw = json.loads(json.dumps(match_record("Home", scripted_match(), PLAYERS).to_json()))
    spoil(raw)  # type: ignore[operator]
    assert MatchRecord.from_json(raw) is None


def test_hand_edited_deal_rows_are_left_out_never_shown_or_fatal(tmp_path: Path) -> None:
    stats = Statistics(tmp_path)
    stats.record("Home", scripted_match(), PLAYERS)
    assert stats.db is not None
    with stats.db:
        good = "(1, 5, 0, 'Ana', 1, 2, 1, 3, 6, '', 8, 0)"
        for row in (
            "(1, 1, 0, 'Ana', 1, 'two', 1, 3, 6, '', 8, 0)",
            "(1, 2, 0, 'Ana', 1, 2, 1, 3, 1000000, '', 8, 0)",
            "(1, 3, 0, 'Ana', 1, 2, 1, 3, 6, '0-0 0-0', 8, 0)",
            "(1, 4, 0, 'Ana', 1, 2, 1, 3, 6, '', 8, 'maybe')",
            "(1, 6, 0, 'Ana', 1, 2, 1, 3, 6, '', 1, 0)",  # more tiles held than the table was dealt
            "(1, 7, 0, 'Ana', 7, 2, 1, 3, 6, '', 8, 0)",
            "(1, 8, 0, NULL, 1, 2, 1, 3, 6, '', 8, 0)",
            good,
        ):
            stats.db.execute(f"INSERT INTO deals VALUES {row}".replace("NULL", "''"))
    ana = stats.deal_luck("Home").of("Ana")
    assert ana is not None and [h.hand for h in ana.hands] == [0, 5]
    assert ana.hands[1].doubles.observed == 1 and math.isclose(ana.hands[1].doubles.expected, 0.5)


def test_the_snapshot_holds_what_the_screen_shows(tmp_path: Path) -> None:
    stats = Statistics(tmp_path)
    for _ in range(2):
        stats.record("Home", scripted_match(), PLAYERS)
    snapshot = stats.snapshot("Home")
    assert snapshot.groups == ["Home"] and {r.player for r in snapshot.rows} == {
        "Ana",
        "Beto",
        "CPU (hard)",
        "CPU (easy)",
    }
    assert snapshot.histories[("Ana", "dominican")] == [True, True]
    assert snapshot.histories[("CPU (hard)", "dominican")] == [False, False]
    ana = snapshot.luck.of("Ana")
    assert ana is not None and len(ana.hands) == 2


def test_a_lost_deals_table_is_made_again(tmp_path: Path) -> None:
    Statistics(tmp_path).close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("DROP TABLE deals")
    db.commit()
    db.close()
    stats = Statistics(tmp_path)
    stats.record("Home", scripted_match(), PLAYERS)
    ana = stats.deal_luck("Home").of("Ana")
    assert ana is not None and len(ana.hands) == 1


def test_a_full_pending_file_gives_up_the_oldest_deals_never_a_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stats = Statistics(tmp_path)
    record = match_record("Home", scripted_match(), PLAYERS)
    records = [dataclasses.replace(record, finished_at=record.finished_at + i) for i in range(20)]
    one = len(json.dumps(record.to_json()))
    monkeypatch.setattr(stats_module, "MAX_PENDING_BYTES", 20 * one - 10)  # not quite room for all the deals
    stats.keep_pending(records)
    kept = stats.pending()
    assert len(kept) == 20 and kept[0].deals == () and kept[-1].deals == record.deals
    assert stats.flush_pending() == 20
