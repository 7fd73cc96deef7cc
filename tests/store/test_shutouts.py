"""The statistics count six-loves as the rule book does (a match won while the loser has zero, in one hand or
more), whatever the table cheers it as (engine.shutout: a six-love, a shutout, or a match won in one hand); what
older versions recorded loads as it was."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store.stats import Statistics

from ..engine.test_match import SIDE_ONE_DOMINOES, play_deal
from .test_skill import OLD_DATABASE

PLAYERS = [("Ana", True, "medium"), ("CPU 1", False, "hard"), ("Beto", True, "medium"), ("CPU 3", False, "hard")]


def won_by_side_one(preset: str, before: list[int], **options: object) -> Match:
    """A real hand (seat 1, a CPU, goes out) played from the scores `before`: the match decided."""
    match = Match(build_rules(preset, {"deal_size": 2, **options}))
    match.scores = list(before)
    play_deal(match, *SIDE_ONE_DOMINOES)
    assert match.winner == 1
    return match


def counted(tmp_path: Path, match: Match) -> tuple[int, int, int]:
    """(the match's six-love mark, Ana's six-loves taken, the CPUs' six-loves given) once recorded."""
    stats = Statistics(tmp_path)
    stats.record("Home", match, PLAYERS)
    rows = {row.player: row.values for row in stats.table("Home")}
    assert stats.db is not None
    (mark,) = stats.db.execute("SELECT six_love FROM matches").fetchone()
    stats.close()
    return mark, rows["Ana"]["six_love_taken"], rows["CPU (hard)"]["six_love_given"]


def test_a_six_love_is_counted(tmp_path: Path) -> None:
    assert counted(tmp_path, won_by_side_one("six_love", [0, 5])) == (1, 1, 1)


def test_a_puerto_rican_match_won_with_the_loser_on_zero_is_counted(tmp_path: Path) -> None:
    match = won_by_side_one("puerto_rican", [0, 190])
    assert match.scores == [0, 205]
    assert counted(tmp_path, match) == (1, 1, 1)


def test_a_match_of_one_hand_counts_as_the_rule_book_says(tmp_path: Path) -> None:
    match = won_by_side_one("draw", [0, 0], target=1)
    assert match.scores[0] == 0 and len(match.results) == 1
    assert counted(tmp_path, match) == (1, 1, 1)


def test_nothing_is_counted_while_the_loser_has_scored(tmp_path: Path) -> None:
    assert counted(tmp_path, won_by_side_one("jamaican", [2, 5])) == (0, 0, 0)


def test_older_statistics_keep_what_they_counted(tmp_path: Path) -> None:
    """The version 2 database holds a Dominican 38-0 won in one hand, counted a six-love: it loads as it was."""
    shutil.copy(OLD_DATABASE, tmp_path / "statistics.sqlite3")
    before = sqlite3.connect(tmp_path / "statistics.sqlite3")
    assert before.execute("SELECT six_love FROM matches").fetchall() == [(1,)]
    before.close()
    stats = Statistics(tmp_path)
    rows = {row.player: row.values for row in stats.table("Home")}
    assert rows["Ana"]["six_love_given"] == 1 and rows["CPU (hard)"]["six_love_taken"] == 1
    stats.close()
