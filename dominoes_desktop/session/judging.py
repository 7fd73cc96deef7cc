"""The skill rating's judge in the background (issue 33 item 1): queued hands, judged one at a time at low
priority in the one process pool, each judgement kept as it comes.

Pure Python, no Qt, no I/O of its own: the queue is the store's (store/skill.py keeps it in the statistics
database, so a quit or a crash resumes it where it was), and every call to it is made on one thread, the
owner's (the store service's worker): `post` carries the pool's answers there.

    judging = Judging(queue, pool.run, post)
    judging.pump()          # after a hand was queued, and at start: sends what waits, a hand at a time

A hand the judge fails on is tried again later (the queue counts the tries and gives up after a few); a pool
that is closing leaves the hand queued for next time. Once stopped (its owner is closing), the judge posts
nothing more, and the hands it sent that no worker has begun leave the pool: a window's judge never answers
into a window that is gone, nor holds the pool's worker for the next one.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any, NamedTuple, Protocol

from ..engine.analysis.rating import HandJudgement, judge_hand, relucked
from ..engine.record import record_from_json
from .cpu_pool import CpuPoolClosed
from .post import Post

log = logging.getLogger(__name__)

IN_FLIGHT = 1  # hands sent to the pool at once: the rating never holds more than one worker


class JudgeTask(NamedTuple):
    """What a worker needs to judge one hand: the match record (the codec's JSON text), the hand, the seat;
    `judged`: the hand's judgement kept already (JSON text), whose luck alone is to be worked out again."""

    record: str
    hand: int
    seat: int
    seed: int = 0
    judged: str = ""


def judge_task(task: JudgeTask) -> HandJudgement:
    """In a worker: the fair coach on the seat's decisions of the hand, and the hand's luck (the luck alone, by
    today's definition, for a hand judged already)."""
    record = record_from_json(json.loads(task.record))
    if task.judged:
        return relucked(record, HandJudgement.from_json(json.loads(task.judged)))
    return judge_hand(record, task.hand, task.seat, task.seed)


class Waiting(Protocol):
    """A queued hand, as the store's queue gives it."""

    @property
    def id(self) -> int: ...
    @property
    def record(self) -> str: ...
    @property
    def hand(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def judged(self) -> str: ...


class SkillQueue(Protocol):
    """The store's queue of hands to judge (store/skill.py), called on the owner's thread only."""

    def queued(self, limit: int, skip: Sequence[int]) -> Sequence[Waiting]: ...
    def keep(self, queue_id: int, judgement: HandJudgement) -> object: ...
    def failed(self, queue_id: int, why: str) -> None: ...


Run = Callable[..., "Future[Any]"]


class Judging:
    """Sends queued hands to the pool as low-priority jobs, and keeps each judgement when it comes back."""

    def __init__(
        self,
        queue: SkillQueue,
        run: Run,
        post: Post,
        *,
        judged: Callable[[object], None] | None = None,
        in_flight: int = IN_FLIGHT,
    ) -> None:
        """`run(function, argument, low=True)`: the pool's; `post(call)`: runs `call` on the owner's thread;
        `judged(kept)`: told each hand kept (what `queue.keep` returned), on the owner's thread."""
        self.queue = queue
        self.run = run
        self.post = post
        self.judged = judged
        self.in_flight = in_flight
        self.sent: dict[int, Future[Any]] = {}  # queue ids in the pool now, and their futures
        self.stopped = False
        self._posting = threading.Lock()  # `stop` waits for a post under way: none starts after it

    def pump(self) -> int:
        """Send what waits, up to `in_flight` hands in the pool at once; how many were sent now."""
        if self.stopped:
            return 0
        room = self.in_flight - len(self.sent)
        if room <= 0:
            return 0
        sent = 0
        for waiting in self.queue.queued(room, tuple(self.sent)):
            try:
                task = JudgeTask(waiting.record, waiting.hand, waiting.seat, judged=waiting.judged)
                future = self.run(judge_task, task, low=True)
            except Exception as exc:  # the pool cannot take it now: the hand stays queued
                log.warning("the skill judge could not start: %s", exc)
                break
            self.sent[waiting.id] = future
            future.add_done_callback(self._answered(waiting.id))
            sent += 1
        return sent

    def _answered(self, queue_id: int) -> Callable[[Future[Any]], None]:
        """The pool's callback for one hand (on its reader thread): carried to the owner's thread."""

        def answered(done: Future[Any]) -> None:
            with self._posting:
                if not self.stopped and not done.cancelled():
                    self.post(lambda: self._came(queue_id, done))

        return answered

    def _came(self, queue_id: int, future: Future[Any]) -> None:
        """On the owner's thread: keep the judgement (or count the failure), then send the next hand."""
        self.sent.pop(queue_id, None)
        error = future.exception()
        if isinstance(error, CpuPoolClosed) or self.stopped:
            return  # the program is closing: the hand stays queued for next time
        if error is not None:
            log.warning("the skill judge failed on a hand: %s", error)
            self.queue.failed(queue_id, str(error))
        else:
            kept = self.queue.keep(queue_id, future.result())
            if kept is not None and self.judged is not None:
                self.judged(kept)
        self.pump()

    def stop(self) -> None:
        """Send nothing more and post nothing more (the owner is closing); the hands sent that no worker has
        begun are taken back from the pool. What is queued stays queued for next time."""
        with self._posting:
            self.stopped = True
        for future in list(self.sent.values()):  # stop may come from another thread than the owner's
            future.cancel()  # a hand being judged now cannot be: its answer is dropped

    @property
    def busy(self) -> bool:
        return bool(self.sent)
