"""A window's CPUs (PoolCpu): every decision of theirs made in the pool and answered on the host's loop (here,
the test's thread); an answer for a decision that has gone is dropped; a CPU that fails answers simply."""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterator

import pytest

from dominoes_desktop.engine.decisions import PlayTurn
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_pool import CpuPool
from dominoes_desktop.session.seats import PoolCpu, SeededTable
from dominoes_desktop.session.table import Answerer, Session


@pytest.fixture(scope="module")
def pool() -> Iterator[CpuPool]:
    with CpuPool(workers=1) as pool:
        yield pool


def table(pool: CpuPool, level: str = "random") -> tuple[Session, queue.Queue[Callable[[], None]], list[str]]:
    posted: queue.Queue[Callable[[], None]] = queue.Queue()
    failures: list[str] = []
    rules = build_rules("jamaican")
    cpus: list[Answerer] = [
        PoolCpu(pool, ("test", seat, level, seat), posted.put, failed=lambda seat, why: failures.append(why))
        for seat in range(rules.players)
    ]
    return Session(Match(rules, 7), cpus, SeededTable(seeds=[7])), posted, failures


def test_pooled_cpus_play_a_hand_through_the_host_s_loop(pool: CpuPool) -> None:
    session, posted, failures = table(pool)
    session.advance()
    while not session.match.results:
        posted.get(timeout=30)()  # the host runs each answer on its own loop
    assert not failures and session.match.results[0].hand_index == 0


def test_an_answer_for_a_decision_that_has_gone_is_dropped(pool: CpuPool) -> None:
    session, posted, _ = table(pool)
    session.advance()
    while not isinstance(session.pending(), PlayTurn):
        posted.get(timeout=30)()
    stale = posted.get(timeout=30)  # the answer to this turn, arrived
    session.rewritten()  # meanwhile the position was rewritten (a move taken back): it is asked anew
    serial = session.serial
    stale()
    assert session.serial == serial and not session.match.hand.history  # type: ignore[union-attr]
    posted.get(timeout=30)()  # the answer to the question asked anew is played
    assert session.serial == serial + 1


def test_a_cpu_that_fails_plays_its_first_legal_move_and_says_why(pool: CpuPool) -> None:
    session, posted, failures = table(pool, level="grandmaster")
    session.advance()
    while not session.match.hand or not session.match.hand.history:
        pending = session.pending()
        posted.get(timeout=30)()
    assert isinstance(pending, PlayTurn)
    assert session.match.hand.history[0].move == pending.moves[0]
    assert failures and all("unknown CPU level 'grandmaster'" in why for why in failures)
