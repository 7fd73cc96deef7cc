"""Answers from the CPU pool's threads reach the UI thread through the program's relay, never as a signal of a
window's object: an answer that outlives its window (a CPU still thinking, a skill judgement, when a test's window
is closed and deleted) touches nothing of it (issue 31: "Fatal Python error: Aborted" in a test run once)."""

from __future__ import annotations

import gc
import logging
import threading
from concurrent.futures import Future
from typing import Any, cast

import pytest
import shiboken6
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu import Decision
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_pool import CpuPool
from dominoes_desktop.ui.play import cpu_worker
from dominoes_desktop.ui.play.cpu_worker import CpuRunner
from dominoes_desktop.ui.shell.main_window import MainWindow


class HeldPool:
    """A pool whose answers the test gives, from a thread of its own (as the pool's reader threads do)."""

    closed = False

    def __init__(self) -> None:
        self.asked: list[Future[Decision]] = []

    def think(self, player: object, view: object, movetime_ms: float | None = None) -> Future[Decision]:
        future: Future[Decision] = Future()
        future.set_running_or_notify_cancel()
        self.asked.append(future)
        return future

    def forget(self, owner: str) -> None:
        pass


def answer_from_a_thread(future: Future[Decision]) -> None:
    decision = Decision(Move(MoveKind.PASS), "only")
    thread = threading.Thread(target=future.set_result, args=(decision,), name="cpu-pool-reader-test")
    thread.start()
    thread.join()


def test_an_answer_reaches_its_runner_on_the_ui_thread_and_none_reaches_a_runner_that_is_gone(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(cpu_worker, "_DESKTOP", [])  # the held pool is this test's alone
    monkeypatch.setattr(cpu_worker, "_GIVEN", [])
    pool = HeldPool()
    heard: list[tuple[str, int, bool]] = []
    ui_thread = threading.get_ident()

    def runner_that_hears(name: str) -> CpuRunner:
        runner = CpuRunner(None, cast(CpuPool, pool))
        done: Any = lambda token, _decision: heard.append((name, token, threading.get_ident() == ui_thread))  # noqa: E731
        runner.ask(7, cast(PlayerView, None), None, None, done, lambda token, why: heard.append((why, token, False)))
        return runner

    alive = runner_that_hears("alive")
    gone = runner_that_hears("gone")
    shiboken6.delete(gone)  # its window closed and was deleted while its CPU thought
    with caplog.at_level(logging.ERROR):
        for future in pool.asked:
            answer_from_a_thread(future)
        qtbot.waitUntil(lambda: bool(heard), timeout=5000)
        qtbot.wait(50)
    assert heard == [("alive", 7, True)], "the living runner hears, on the UI thread; the deleted one not"
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR], caplog.text
    assert shiboken6.isValid(alive)


class HeldByACycle(QObject):
    """A Qt object that only a reference cycle holds, as a closed window's table scene was; says on which thread
    it is freed (its C++ object is destroyed right after, on the same thread)."""

    def __init__(self, freed_on: list[threading.Thread]) -> None:
        super().__init__()
        self.freed_on = freed_on
        self.itself = self

    def __del__(self) -> None:
        self.freed_on.append(threading.current_thread())


def test_a_qt_object_in_cyclic_garbage_is_freed_on_the_ui_thread_whichever_thread_allocates(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Python's collector ran where allocations crossed its threshold (the pool's reader thread, unpickling an
    answer) and destroyed there a closed window's scene, a controller, a label (seen in session 13 with a collector
    on a second thread): Qt objects destroyed off their thread. The program collects on the UI thread only."""
    qtbot.wait(20)  # the window's first events: the program's relay and its collector are under way
    freed_on: list[threading.Thread] = []
    piles: list[list[list[int]]] = []
    gc.collect()  # the held object is the youngest garbage: the first collection anywhere would take it
    held = [HeldByACycle(freed_on)]

    def allocate() -> None:  # as the reader thread does, unpickling answers
        held.clear()  # garbage from here: only its cycle holds it
        piles.append([[] for _ in range(100_000)])  # far past the youngest generation's threshold, kept

    reader = threading.Thread(target=allocate, name="cpu-pool-reader-test")
    reader.start()
    reader.join()
    qtbot.waitUntil(lambda: bool(freed_on), timeout=5000)
    piles.clear()
    assert freed_on == [threading.main_thread()], f"freed on {freed_on[0].name}, not the UI thread"
