"""The turn clock: how long a timed decision has, and what is left of it. One for every table: a local table
times the person at the screen (the lobby's turn timer), a room times each guest's decision (and the guest's
own table shows the room's clock). Pure bookkeeping on a clock the caller reads (`time.monotonic`, an event
loop's `time()`): whoever keeps it arms its own timer and asks `expired` when it fires."""

from __future__ import annotations

from collections.abc import Hashable


class TurnClock:
    """The clock on one seat's open decision, named by a key (the decision's number). Started again for the
    same decision (a guest who rejoins, a view sent again) it keeps its first deadline: asking again buys no
    time; `restart` gives the full time again (a person who could not see their turn: pass-and-play's
    curtain)."""

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self.seconds = 0.0
        self.deadline = 0.0

    @property
    def running(self) -> bool:
        return self.key is not None

    def start(self, key: Hashable, seconds: float, now: float) -> float:
        """Time decision `key` with `seconds` (kept if it is the one already timed); the seconds left."""
        if seconds <= 0:
            raise ValueError(f"a turn clock needs a positive time, not {seconds}")
        if key != self.key:
            self.key, self.seconds, self.deadline = key, float(seconds), now + seconds
        return self.left(now)

    def restart(self, now: float) -> float:
        """The decision timed now gets its full time again; the seconds left (0 when none is timed)."""
        if self.key is None:
            return 0.0
        self.deadline = now + self.seconds
        return self.seconds

    def left(self, now: float) -> float:
        """Seconds left on the decision timed now (0 when none is, or its time is up)."""
        return max(0.0, self.deadline - now) if self.key is not None else 0.0

    def expired(self, key: Hashable, now: float) -> bool:
        """Whether the time of decision `key` is up (False once another decision is timed, or none)."""
        return key == self.key and self.key is not None and now >= self.deadline

    def stop(self) -> None:
        """Nothing is timed (the decision was answered, the match is over): the next start is fresh."""
        self.key = None
        self.seconds = self.deadline = 0.0
