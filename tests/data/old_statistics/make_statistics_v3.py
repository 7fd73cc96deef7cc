"""Made statistics-v3.sqlite3, the statistics database as the game wrote it before the luck's version was kept
(schema 3, commit a49a089): run with that commit's code, never with today's.

    PYTHONPATH=CHECKOUT_OF_a49a089 python tests/data/old_statistics/make_statistics_v3.py OUT_FOLDER

Ana's and Beto's finished matches (the results' tables), and in the skill record three hands judged by the
judge of then (a draw game's first hand, drawing from the stock; a Jamaican match's second hand, its leader
known before the deal; a practice hand), and one hand still queued."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from dominoes_desktop.engine.analysis.rating import judge_hand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store import skill
from dominoes_desktop.store.skill import QueuedHand
from dominoes_desktop.store.stats import Statistics
from tests.engine.record_driver import step


def played(preset: str, seed: int, hands: int) -> Match:
    match = Match(build_rules(preset, {}), seed)
    rng = random.Random(seed)
    while len(match.results) < hands and not match.is_over:
        step(match, rng)
    return match


def main() -> None:
    stats = Statistics(Path(sys.argv[1]))
    assert stats.db is not None, stats.message
    db = stats.db
    draw = played("draw", 5, 1)
    jamaican = played("jamaican", 11, 2)
    finished = played("draw", 8, 10_000)
    stats.record("Home", finished, [("Ana", True, ""), ("CPU (medium)", False, "medium")] * 2)
    hands = [
        QueuedHand.of(draw.record, 0, 0, "Ana", practice=False, duplicate=False),
        QueuedHand.of(jamaican.record, 1, 0, "Ana", practice=False, duplicate=False),
        QueuedHand.of(jamaican.record, 1, 2, "Beto", practice=True, duplicate=False),
        QueuedHand.of(draw.record, 0, 1, "Beto", practice=False, duplicate=False),  # left queued
    ]
    for hand in hands:
        skill.queue_hand(db, hand)
    for waiting, hand in zip(skill.queued(db)[:3], hands[:3], strict=True):
        record = jamaican.record if hand.preset == "jamaican" else draw.record
        skill.keep_judgement(db, waiting.id, judge_hand(record, hand.hand, hand.seat))
    stats.close()


if __name__ == "__main__":
    main()
