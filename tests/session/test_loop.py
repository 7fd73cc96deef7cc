"""The one driver loop (session/table.py) without Qt: stale answers, a reseat, a rewritten match, answers
that come from inside the loop, and who chooses a side's leader."""

from __future__ import annotations

import random

import pytest

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import (
    ChooseLeader,
    Lead,
    MatchOver,
    NextHand,
    PlayTurn,
)
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.seats import Cpu, SeededTable, Waiting
from dominoes_desktop.session.table import Ask, Session, StaleAnswer


class Asked:
    """A person's seat that writes down what it is asked."""

    def __init__(self) -> None:
        self.asks: list[Ask] = []
        self.seat = Waiting(self.asks.append)


def random_cpu(seat: int) -> Cpu:
    return Cpu(make_player("random", seat), rng=random.Random(seat))


def person_against_cpus(preset: str = "jamaican", seed: int = 5) -> tuple[Session, Asked]:
    rules = build_rules(preset)
    you = Asked()
    seats = [you.seat] + [random_cpu(s) for s in range(1, rules.players)]
    return Session(Match(rules, seed), seats, SeededTable()), you


def play_to_your_turn(session: Session, you: Asked) -> Ask:
    """Advance until the person (seat 0) is asked to play; CPUs answer at once meanwhile."""
    session.advance()
    for _ in range(200):
        ask = you.asks[-1] if you.asks else None
        if ask is not None and ask.serial == session.serial and isinstance(ask.pending, PlayTurn):
            return ask
        assert ask is not None, "the person was never asked"
        if isinstance(ask.pending, ChooseLeader):
            session.answer(0, Lead(ask.pending.seats[0]), ask.serial)
        else:
            session.answer(0, ask.pending.moves[0], ask.serial)  # type: ignore[union-attr]
    raise AssertionError("no turn of the person's came")


def test_an_answer_to_a_decision_that_is_gone_is_refused_and_changes_nothing() -> None:
    session, you = person_against_cpus()
    ask = play_to_your_turn(session, you)
    assert isinstance(ask.pending, PlayTurn)
    session.answer(0, ask.pending.moves[0], ask.serial)
    history = list(session.match.hand.history) if session.match.hand else []
    serial = session.serial
    with pytest.raises(StaleAnswer, match=f"decision {ask.serial} is no longer pending"):
        session.answer(0, ask.pending.moves[0], ask.serial)
    assert session.serial == serial
    assert (list(session.match.hand.history) if session.match.hand else []) == history


def test_a_cpu_reseated_in_a_waiting_seat_answers_at_once() -> None:
    session, you = person_against_cpus()
    ask = play_to_your_turn(session, you)
    session.reseat(0, random_cpu(0))
    assert session.serial > ask.serial  # the CPU played the person's turn, and play went on
    with pytest.raises(StaleAnswer):
        session.answer(0, ask.pending.moves[0], ask.serial)  # type: ignore[union-attr]


def test_a_person_reseated_is_asked_the_decision_again() -> None:
    session, you = person_against_cpus()
    ask = play_to_your_turn(session, you)
    again = Asked()
    session.reseat(0, again.seat)
    assert [a.serial for a in again.asks] == [ask.serial]  # the same decision, asked of the new answerer
    assert again.asks[0].pending == ask.pending


def test_a_rewritten_match_asks_everyone_anew_under_a_new_number() -> None:
    session, you = person_against_cpus()
    ask = play_to_your_turn(session, you)
    asked = len(you.asks)
    session.advance()
    assert len(you.asks) == asked  # asked once: advancing again asks nobody twice
    session.rewritten()
    assert len(you.asks) == asked + 1 and you.asks[-1].serial == ask.serial + 1
    with pytest.raises(StaleAnswer):
        session.answer(0, ask.pending.moves[0], ask.serial)  # type: ignore[union-attr]


def test_an_answer_given_from_inside_the_loop_does_not_recurse() -> None:
    """A person's seat that answers while it is being asked (a host answering on the spot): the loop goes
    on in the same call, and never nests a second loop inside the first."""
    rules = build_rules("jamaican")
    depth: list[int] = []
    session: Session

    def eager(ask: Ask) -> None:
        depth.append(1)
        if len(depth) > 1:
            raise AssertionError("the loop was entered again")
        try:
            if isinstance(ask.pending, PlayTurn):
                session.answer(ask.seat, ask.pending.moves[0], ask.serial)
            elif isinstance(ask.pending, ChooseLeader):
                session.answer(ask.seat, Lead(ask.pending.seats[0]), ask.serial)
        finally:
            depth.pop()

    seats = [Waiting(eager)] + [random_cpu(s) for s in range(1, rules.players)]
    session = Session(Match(rules, 9), seats, SeededTable(seeds=[1]))
    session.advance()
    # One advance played the whole match: the person answered from inside, the CPUs and the table at once.
    assert isinstance(session.pending(), MatchOver) and len(session.match.results) > 1


def test_a_listener_that_advances_is_heard_once_more_and_not_nested() -> None:
    rules = build_rules("jamaican")
    you = Asked()
    calls: list[int] = []
    session = Session(Match(rules, 2), [you.seat] + [random_cpu(s) for s in (1, 2, 3)], SeededTable())

    def heard(events: object) -> None:
        calls.append(session.serial)
        session.advance()  # inside the loop: one more round when done, not a nested loop

    session.listener = heard
    session.advance()
    assert calls and calls == sorted(calls) and len(set(calls)) == len(calls)
    assert you.asks and you.asks[-1].serial == session.serial


def leader_choice(people: set[int]) -> Session:
    """A Jamaican match after its first hand, its winners to choose their leader; `people` wait."""
    rules = build_rules("jamaican")
    for seed in range(40):
        session = Session(
            Match(rules, seed), [random_cpu(s) for s in range(rules.players)], SeededTable(seeds=[seed, seed + 1])
        )
        while not session.match.results:
            session.step()
        while isinstance(session.pending(), NextHand):
            session.step()
        pending = session.pending()
        if isinstance(pending, ChooseLeader) and len(pending.seats) == 2:
            for seat in people:
                session.seats[seat] = Waiting(lambda ask: None)
            return session
    raise AssertionError("no side chose its leader")


def test_a_side_of_cpus_leaves_its_leader_to_the_first_of_them() -> None:
    session = leader_choice(set())
    pending = session.pending()
    assert isinstance(pending, ChooseLeader)
    assert session.awaited() == [pending.seats[0]]


def test_where_a_side_has_a_person_the_person_chooses_its_leader() -> None:
    first = leader_choice(set())
    pending = first.pending()
    assert isinstance(pending, ChooseLeader)
    person = pending.seats[1]
    session = leader_choice({person})
    assert session.awaited() == [person]
    session.advance()  # the CPU partner does not choose over the person's head
    assert isinstance(session.pending(), ChooseLeader)
    session.answer(person, Lead(person))
    assert session.match.hand is not None and session.match.hand.turn == person


def test_a_session_needs_a_seat_for_every_player() -> None:
    rules = build_rules("jamaican")
    with pytest.raises(ValueError, match="needs 4 seats, not 3"):
        Session(Match(rules), [random_cpu(s) for s in range(3)], SeededTable())
