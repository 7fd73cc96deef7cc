"""A duplicate match's next play as a decision of the same loop: the finished play waits for NextPlay, which
the table answers (at once when the clock plays, else when asked), and the session goes on with the new play."""

from __future__ import annotations

import random

import pytest

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import Cut, NextHand
from dominoes_desktop.engine.duplicate import DuplicateMatch, NextPlay, PlayNext, PlaySet
from dominoes_desktop.engine.errors import IllegalMove
from dominoes_desktop.engine.fairness import cut_from_gesture
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.seats import Cpu, DuplicateDeals
from dominoes_desktop.session.table import Session, StaleAnswer


def cpus(players: int) -> list[Cpu]:
    return [Cpu(make_player("random", s), rng=random.Random(s)) for s in range(players)]


def test_a_clock_played_duplicate_match_runs_every_play_in_one_advance() -> None:
    rules = build_rules("jamaican")
    duplicate = DuplicateMatch.create(rules, 2, seed=3, sealed_by=11)
    seated: list[int] = []

    def reseat(dup: DuplicateMatch) -> None:
        seated.append(dup.index)

    session = Session(duplicate.match, cpus(4), DuplicateDeals(duplicate, clock_plays=True, reseat=reseat))
    session.advance()
    assert duplicate.is_over and duplicate.index == duplicate.total_plays - 1
    assert seated == list(range(1, duplicate.total_plays))  # every play after the first was seated
    assert session.match is duplicate.match
    # Every play of a deal held the same tiles.
    records = duplicate.records()
    assert len(records) == duplicate.total_plays
    for record in records:
        again = [r for r in records if r.play.deal == record.play.deal]
        assert all(r.dealt.same_tiles(record.dealt) for r in again)


def test_the_next_play_waits_for_the_person_and_old_answers_are_stale() -> None:
    duplicate = DuplicateMatch.create(build_rules("jamaican"), 2, seed=5, sealed_by=12)
    table = DuplicateDeals(duplicate)  # a person's table: "Next play" is theirs to ask
    session = Session(duplicate.match, cpus(4), table)
    session.advance()  # the first play: sealed, cut by the clock, played by the CPUs
    assert duplicate.play_over
    first, serial = session.match, session.serial
    pending = duplicate.pending()
    assert isinstance(pending, NextPlay) and pending.index == 1 and pending.sealed is not None
    assert isinstance(session.pending(), NextHand)  # the finished play's next hand: the table does not deal it
    session.advance()
    assert session.match is first and session.serial == serial  # it waits for the person
    with pytest.raises(IllegalMove, match="the next play is to be set"):
        duplicate.apply(0, PlayNext())
    cut = cut_from_gesture("click", 1, 2)
    assert table.play_next(session, cut)
    assert session.match is duplicate.match and duplicate.match is not first and session.serial > serial
    proof = duplicate.match.proofs[0]  # the next play's deal, dealt for the first time with the person's cut
    assert proof.fingerprint == pending.sealed.fingerprint and proof.cuts == (cut,) and duplicate.next_cut is None
    with pytest.raises(StaleAnswer):
        session.answer(None, Cut(cut), serial)  # an answer for the play that is gone


def test_play_next_before_the_play_is_over_is_refused() -> None:
    duplicate = DuplicateMatch.create(build_rules("jamaican"), 1, seed=1, sealed_by=3)
    with pytest.raises(IllegalMove, match="has not finished its hand"):
        duplicate.apply(None, PlayNext())
    assert not DuplicateDeals(duplicate).play_next(Session(duplicate.match, cpus(4), DuplicateDeals(duplicate)), None)


def test_play_next_says_where_the_line_up_sits() -> None:
    duplicate = DuplicateMatch.create(build_rules("jamaican"), 1, seed=2, sealed_by=4)
    session = Session(duplicate.match, cpus(4), DuplicateDeals(duplicate))
    session.advance()
    events = duplicate.apply(None, PlayNext())
    assert events == [PlaySet(1, duplicate.line_up_at())] and duplicate.line_up_at() == (3, 0, 1, 2)
