"""The program's one CPU pool outlives any runner that did not make it."""

from __future__ import annotations

from dominoes_desktop.session.cpu_pool import CpuPool
from dominoes_desktop.ui.play.cpu_worker import CpuRunner, desktop_pool


def test_a_runner_stopping_never_closes_a_pool_someone_else_gave() -> None:
    given = CpuPool()
    try:
        assert CpuRunner(pool=given).pool is given  # a window given the pool: it becomes the program's
        later = CpuRunner()  # a window of its own (no pool given) finds the program's pool: the given one
        assert later.pool is given
        later.stop()
        assert not given.closed, "the pool's closing is left to whoever gave it"
    finally:
        given.close()


def test_a_runner_closes_the_pool_it_made_when_the_program_ends() -> None:
    desktop_pool(CpuPool()).close()  # a given pool, already closed: the next runner makes its own
    runner = CpuRunner()
    made = runner.pool
    assert not made.closed
    runner.stop()
    assert made.closed
