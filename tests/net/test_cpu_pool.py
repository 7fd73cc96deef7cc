"""The CPU pool: worker processes that answer as the same seeded CPU would in-process, keep each player on
one worker, fail (never hang) when a worker dies, and stop with the pool."""

from __future__ import annotations

import random
import time

import pytest

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import DealHand, MatchOver, NextHand, PlayTurn
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.net.codec import legal, parse
from dominoes_desktop.session.cpu_pool import CpuError, CpuPool, CpuPoolClosed, CpuWorkerDied
from dominoes_desktop.session.seats import Waiting
from dominoes_desktop.session.table import Session


def turn_views(preset: str = "puerto_rican", seed: int = 3, hands: int = 2) -> list[tuple[int, PlayerView]]:
    """Every turn with a choice in `hands` hands of a match played at random: (seat, its view)."""
    rng = random.Random(seed)
    rules = build_rules(preset, {})
    nobody = Waiting(lambda ask: None)
    session = Session(Match(rules), [nobody] * rules.players, nobody)
    views: list[tuple[int, PlayerView]] = []
    dealt = 0
    while True:
        pending = session.pending()
        if isinstance(pending, MatchOver):
            break
        if isinstance(pending, NextHand):
            if dealt == hands:
                break
            dealt += 1
            session.answer(None, DealHand(rng.getrandbits(32)))
            continue
        seat = pending.seats[0]
        answers = legal(pending, seat)
        if isinstance(pending, PlayTurn) and len(answers) > 1:
            views.append((seat, PlayerView.of(session.match, seat)))
        session.answer(seat, parse(pending, seat, rng.choice(answers)))
    return views


def test_the_pool_answers_as_the_same_seeded_cpu_in_process() -> None:
    views = turn_views()
    assert len(views) > 20
    with CpuPool(workers=2) as pool:
        for level in ("random", "easy", "medium"):
            here = {seat: make_player(level, 100 + seat) for seat in range(4)}
            futures = [pool.think(("test", seat, level, 100 + seat), view) for seat, view in views]
            there = [future.result(timeout=30) for future in futures]
            assert there == [here[seat].decide(view) for seat, view in views], level


def test_one_player_stays_on_one_worker_and_players_spread_over_the_workers() -> None:
    with CpuPool(workers=2) as pool:
        _, view = turn_views(hands=1)[0]
        keys = [("a", s, "medium", s) for s in range(4)]
        for key in keys * 3:
            pool.think(key, view).result(timeout=30)
        slots = pool._shared.assigned
        assert sorted(slots[key] for key in keys) == [0, 0, 1, 1]
        pool.forget("a")
        assert not pool._shared.assigned
        assert pool.wait_idle(5)


def test_a_one_off_search_and_a_failing_cpu() -> None:
    seat, view = turn_views(hands=1)[0]
    with CpuPool() as pool:
        decision = pool.think(None, view, movetime_ms=20).result(timeout=30)
        assert decision.move in view.legal_moves()
        with pytest.raises(CpuError, match="unknown CPU level"):
            pool.think(("t", seat, "grandmaster", 1), view).result(timeout=30)
        assert pool.think(("t", seat, "easy", 1), view).result(timeout=30).move in view.legal_moves()


def test_a_worker_that_dies_fails_its_futures_and_the_next_request_starts_another() -> None:
    views = turn_views(hands=1)
    with CpuPool() as pool:
        pool.think(("t", 0, "random", 1), views[0][1]).result(timeout=30)  # started
        worker = pool._shared.slots[0]
        assert worker is not None and worker.process is not None
        # The worker busy for seconds (a search with the compiled core ends in a tenth of a second), and three
        # CPU questions sent to it meanwhile.
        busy = pool.run(time.sleep, 5.0)
        time.sleep(0.3)
        slow = [pool.think(None, view, movetime_ms=2000) for _, view in views[:3]]
        time.sleep(0.2)
        worker.process.kill()
        for future in [busy, *slow]:
            with pytest.raises(CpuWorkerDied):
                future.result(timeout=10)
        assert pool.wait_idle(1)
        again = pool.think(("t", 0, "random", 1), views[1][1]).result(timeout=30)
        assert again.move in views[1][1].legal_moves()
        assert pool._shared.slots[0] is not worker


def test_close_stops_the_workers_fails_what_is_outstanding_and_is_idempotent() -> None:
    views = turn_views(hands=1)
    pool = CpuPool(workers=2)
    pool.start()
    # Both workers busy for seconds, and CPU questions queued behind them.
    first, second = pool.run(time.sleep, 5.0), pool.run(time.sleep, 5.0)
    time.sleep(0.3)
    behind = [pool.think(None, view) for _, view in (views * 4)[:20]]  # seconds of thinking queued behind it
    started = time.monotonic()
    time.sleep(0.3)
    processes = [w.process for w in pool._shared.slots if w is not None and w.process is not None]
    pool.close()
    pool.close()
    assert time.monotonic() - started < 20  # two workers, each: 2 s to stop, 2 s to end, then killed and reaped
    assert all(not p.is_alive() for p in processes)
    assert first.done() and second.done() and all(f.done() for f in behind)  # answered or failed: never hanging
    assert isinstance(behind[-1].exception(), CpuPoolClosed)  # still queued at the stop: failed by it
    with pytest.raises(CpuPoolClosed):
        pool.think(None, views[0][1]).result(timeout=1)
    assert pool.wait_idle(0.1)
