"""The one process pool: CPU questions before background jobs (the coach's searches), a CPU's quick decisions
made in its worker from what its seat may see, and jobs that fail or are cancelled without hanging."""

from __future__ import annotations

import math
import os
import threading
import time
from concurrent.futures import Future
from typing import Any

import pytest

from dominoes_desktop.engine.cpu import choose_leader, make_player, wants_redeal
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_pool import (
    JOB_WORKER_NICENESS,
    ChooseLead,
    ClaimNow,
    CpuError,
    CpuPool,
    CpuPoolClosed,
    Redeal,
)

from .test_loop import person_against_cpus, play_to_your_turn


def a_view() -> PlayerView:
    session, you = person_against_cpus()
    play_to_your_turn(session, you)
    return PlayerView.of(session.match, 0)


def finished_in_order(futures: dict[str, Future[Any]]) -> list[str]:
    order: list[str] = []
    lock = threading.Lock()
    for name, future in futures.items():

        def done(_: Future[Any], name: str = name) -> None:
            with lock:
                order.append(name)

        future.add_done_callback(done)
    for future in futures.values():
        future.exception(timeout=60)
    return order


def test_a_cpu_question_goes_before_the_jobs_that_wait() -> None:
    """One worker, no worker kept for jobs: the CPU's turn waits only for the job in hand, never for queued ones."""
    view = a_view()
    with CpuPool(workers=1) as pool:
        pool.think(("t", 0, "random", 1), view).result(timeout=60)  # the worker is up
        futures: dict[str, Future[Any]] = {f"job{i}": pool.run(time.sleep, 0.4) for i in range(3)}
        worker = pool._shared.slots[0]
        assert worker is not None
        deadline = time.monotonic() + 10
        while worker.in_hand == 0 and time.monotonic() < deadline:  # job0 is in hand, the others queued
            time.sleep(0.01)
        assert worker.in_hand == 1 and len(pool._shared.jobs) == 2
        futures["cpu"] = pool.think(("t", 0, "random", 1), view)
        assert finished_in_order(futures) == ["job0", "cpu", "job1", "job2"]


def test_with_a_worker_kept_for_jobs_a_cpu_never_waits_behind_one() -> None:
    view = a_view()
    with CpuPool(workers=2, job_workers=1) as pool:
        pool.start()
        pool.think(("t", 0, "easy", 1), view).result(timeout=60)
        assert pool._shared.slots[1] is None  # the job worker starts with the first job, not with the game
        jobs = [pool.run(time.sleep, 3.0) for _ in range(2)]
        time.sleep(0.2)
        started = time.monotonic()
        for seat in range(4):
            assert pool.think(("t", seat, "easy", seat), view).result(timeout=60).move in view.legal_moves()
        assert time.monotonic() - started < 2.0  # not behind a 3 s job
        assert not jobs[0].done() or not jobs[1].done()
        assert set(pool._shared.assigned.values()) == {0}  # no CPU placed on the job worker
        assert [job.result(timeout=60) for job in jobs] == [None, None]


def test_a_pool_keeps_a_worker_for_cpus() -> None:
    with pytest.raises(ValueError, match="job_workers must be below workers"):
        CpuPool(workers=1, job_workers=1)


def test_map_keeps_the_order_and_a_failing_job_fails_alone() -> None:
    with CpuPool(workers=2) as pool:
        assert pool.map(math.sqrt, [4.0, 9.0, 16.0]) == [2.0, 3.0, 4.0]
        with pytest.raises(CpuError, match="ValueError: math domain error"):
            pool.map(math.sqrt, [1.0, -1.0])
        assert pool.run(math.sqrt, 25.0).result(timeout=60) == 5.0
        assert pool.wait_idle(5)


def test_closing_fails_the_jobs_that_wait_and_cancel_drops_them() -> None:
    pool = CpuPool(workers=1)
    first = pool.run(time.sleep, 0.5)
    queued = [pool.run(time.sleep, 5) for _ in range(3)]
    assert pool.cancel_jobs() == 3 or first.done()
    for future in queued:
        with pytest.raises(CpuPoolClosed, match="cancelled"):
            future.result(timeout=5)
    late = pool.run(time.sleep, 5)
    pool.close()
    with pytest.raises(CpuError):
        late.result(timeout=10)
    assert pool.wait_idle(1)


def test_quick_decisions_are_made_in_the_worker_as_in_process() -> None:
    view = a_view()
    strong = (*(Tile(n, n) for n in range(5)), Tile(6, 5), Tile(6, 4))
    weak = (Tile(1, 0), Tile(2, 0), Tile(3, 0), Tile(4, 0), Tile(5, 0), Tile(6, 0), Tile(2, 1))
    here = make_player("medium", 7)
    with CpuPool(workers=1) as pool:
        key = ("t", 0, "medium", 7)
        assert pool.decide(key, ChooseLead({1: weak, 3: strong})).result(timeout=60) == choose_leader(
            {1: weak, 3: strong}
        )
        assert pool.decide(key, Redeal(strong, 5)).result(timeout=60) is wants_redeal(strong, 5) is True
        assert pool.decide(key, Redeal(weak, 5)).result(timeout=60) is False
        assert pool.decide(key, ClaimNow(view)).result(timeout=60) == here.claim(view)


def stamped_sleep(seconds: float) -> tuple[float, float]:
    """A job that says when it ran (the system's monotonic clock is the same in every process)."""
    began = time.monotonic()
    time.sleep(seconds)
    return began, time.monotonic()


def test_low_jobs_come_after_the_coach_one_at_a_time_and_never_on_a_cpus_worker() -> None:
    """Issue 33: the rating's judge runs at low priority: one low job at a time in the pool, so a coach's job
    queued after it finds a lane, and a low job waiting never goes before a coach's job waiting."""
    view = a_view()
    with CpuPool(workers=3, job_workers=2) as pool:
        pool.start()
        pool.map(time.sleep, [0.0, 0.0])  # both job workers are up
        low = [pool.run(stamped_sleep, 0.8, low=True) for _ in range(2)]
        time.sleep(0.2)
        coach = [pool.run(stamped_sleep, 0.3) for _ in range(3)]
        assert pool.think(("t", 0, "easy", 1), view).result(timeout=60).move in view.legal_moves()
        lows = [future.result(timeout=60) for future in low]
        coaches = [future.result(timeout=60) for future in coach]
        assert lows[0][1] <= lows[1][0]  # never two low jobs at once
        assert coaches[0][0] < lows[0][1]  # the coach did not wait for the low job in hand
        # Every coach job was handed out before the second low one; each begins in its own process, so the stamps
        # may cross by a scheduler's tick (a coach job kept waiting behind the low one would begin 0.8 s later).
        assert max(began for began, _ in coaches) <= lows[1][0] + 0.05
        assert set(pool._shared.assigned.values()) == {0}


def test_a_job_no_worker_took_can_be_cancelled_and_never_runs() -> None:
    """A closing window takes back its skill judge's hand waiting in the shared pool: it never holds the worker
    the next window's CPUs need. A job a worker has begun cannot be cancelled; its answer lands."""
    with CpuPool(workers=1) as pool:
        begun = pool.run(stamped_sleep, 0.5)
        waiting = pool.run(stamped_sleep, 5.0, low=True)
        deadline = time.monotonic() + 60
        while not begun.running() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert begun.running() and not begun.cancel()
        assert waiting.cancel() and waiting.cancelled()
        assert pool.wait_idle(30), "the cancelled job is not waited for"
        assert len(begun.result(timeout=30)) == 2
        assert pool.run(math.sqrt, 16.0).result(timeout=60) == 4.0


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="POSIX priorities")
def test_a_worker_kept_for_jobs_yields_to_the_program_and_the_cpus_worker() -> None:
    """The coach and the skill judge run below the window and the CPUs: on a busy machine frames and turns first."""
    view = a_view()
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    with CpuPool(workers=2, job_workers=1) as pool:
        pool.think(("t", 0, "easy", 1), view).result(timeout=60)
        assert pool.run(os.nice, 0).result(timeout=60) == min(19, ours + JOB_WORKER_NICENESS)
        cpus_worker = pool._shared.slots[0]
        assert cpus_worker is not None and cpus_worker.process is not None and cpus_worker.process.pid
        assert os.getpriority(os.PRIO_PROCESS, cpus_worker.process.pid) == ours
