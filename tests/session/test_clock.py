"""The one turn clock (session/clock.py): a deadline that asking again does not move, and what is left."""

from __future__ import annotations

import pytest

from dominoes_desktop.session.clock import TurnClock


def test_a_decision_timed_again_keeps_its_first_deadline() -> None:
    clock = TurnClock()
    assert not clock.running and clock.left(100.0) == 0.0
    assert clock.start(7, 30, now=100.0) == 30.0
    assert clock.start(7, 30, now=112.5) == 17.5  # sent again (a rejoin): no time bought
    assert not clock.expired(7, 129.9) and clock.expired(7, 130.0)
    assert clock.left(140.0) == 0.0


def test_the_next_decision_starts_fresh_and_the_old_one_never_expires() -> None:
    clock = TurnClock()
    clock.start(1, 10, now=0.0)
    assert clock.start(2, 10, now=8.0) == 10.0
    assert not clock.expired(1, 50.0)  # a timer armed for decision 1 that fires late does nothing
    assert clock.expired(2, 18.0)


def test_stop_and_restart() -> None:
    clock = TurnClock()
    assert clock.restart(5.0) == 0.0  # nothing timed: nothing to give
    clock.start("turn", 20, now=0.0)
    assert clock.restart(15.0) == 20.0 and clock.left(30.0) == 5.0  # the curtain hid the turn: full time again
    clock.stop()
    assert not clock.running and not clock.expired("turn", 99.0)
    assert clock.start("turn", 20, now=50.0) == 20.0  # after a stop, the same key is timed anew


def test_a_clock_needs_time() -> None:
    with pytest.raises(ValueError, match="positive time, not 0"):
        TurnClock().start(1, 0, now=0.0)
