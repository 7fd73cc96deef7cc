"""Polish 25b: what session 25's audits left in the shell, the store, the coach window and the rooms, each test
failing on the code before its fix."""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.logging import _QtMessageCapture as QtLog  # the type of pytest-qt's qtlog fixture
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play import coach_panel
from dominoes_desktop.ui.play.coach_panel import CoachDialog
from dominoes_desktop.ui.play.controller import SeatConfig

from .conftest import saying

ROUNDS = 20  # the crash audit25b saw came in about one run in five of twenty closings


def _coach_on_a_hand(parent: QWidget) -> CoachDialog:
    """The coach on a Jamaican hand (about a third of a second of judging), shown, still judging."""
    rules = build_rules("jamaican")
    table = CpuTable(rules, [make_player("easy" if s == 0 else "medium", 4 + s) for s in range(4)], 4)
    table.play_hand(deal_seed=4)
    seats = [SeatConfig("You", True)] + [SeatConfig(f"CPU {s}", False) for s in range(1, 4)]
    deal, hand = table.match.archive[-1]
    dialog = CoachDialog(rules, seats, deal, hand, 0, Look(), parent)
    dialog.show()
    return dialog


def _judging_done(qtbot: QtBot) -> None:
    qtbot.waitUntil(lambda: not coach_panel._RUNNING, timeout=120_000)
    qtbot.wait(50)  # what the worker posted, delivered (or dropped) on this thread


def _by_escape(qtbot: QtBot, dialog: CoachDialog, _parent: QWidget) -> None:
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)


def _by_the_windows_close(_qtbot: QtBot, dialog: CoachDialog, _parent: QWidget) -> None:
    dialog.close()


def _by_leaving_the_page(_qtbot: QtBot, _dialog: CoachDialog, parent: QWidget) -> None:
    parent.deleteLater()  # a language switch deletes the game page the coach was opened on


def _deleted_at_once(_qtbot: QtBot, dialog: CoachDialog, _parent: QWidget) -> None:
    shiboken6.delete(dialog)


def _closed_and_let_go(_qtbot: QtBot, dialog: CoachDialog, _parent: QWidget) -> None:
    dialog.setParent(None)  # a window of its own, as pytest-qt closes one: closed, deleted later, let go
    dialog.close()
    dialog.deleteLater()


CLOSINGS: list[Callable[[QtBot, CoachDialog, QWidget], None]] = [
    _by_escape,
    _by_the_windows_close,
    _by_leaving_the_page,
    _deleted_at_once,
    _closed_and_let_go,
]


def test_a_coach_closed_and_deleted_while_it_judges_is_never_reached_by_its_verdict(qtbot: QtBot, qtlog: QtLog) -> None:
    """The real coach window closed and deleted mid-judging, twenty times, each way a player can (Escape and the
    window's close on the Skill page's coach, which deletes itself on close; the page under it deleted; deleted
    outright): the verdict came from the worker thread as a signal emitted at the dying window, and a test run
    crashed so (audit25b). Now it is posted to the UI thread and dropped there for a deleted window."""
    for round_ in range(ROUNDS):
        parent = QWidget()
        dialog = _coach_on_a_hand(parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        task = dialog.task
        assert task in coach_panel._RUNNING and not dialog.rows, "closed while it judges"
        with saying() as said:
            CLOSINGS[round_ % len(CLOSINGS)](qtbot, dialog, parent)
            qtbot.waitUntil(lambda d=dialog: not shiboken6.isValid(d))  # type: ignore[misc]
            assert task in coach_panel._RUNNING, "deleted before its verdict came"
            _judging_done(qtbot)
        assert said == []
        if shiboken6.isValid(parent):
            shiboken6.delete(parent)
        del dialog, task
    # Qt's word for an object used or destroyed off its thread ("QBasicTimer::stop: Failed. Possibly trying to stop
    # from a different thread" came before the crash): never.
    assert [r.message for r in qtlog.records if "thread" in r.message.lower()] == []


def test_a_coach_closed_while_it_judges_says_nothing_when_its_verdict_comes(qtbot: QtBot) -> None:
    """The hand review's coach is only hidden by Escape: its verdict, come a moment later, was said over whatever
    the player had gone back to."""
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = _coach_on_a_hand(parent)
    assert dialog.task in coach_panel._RUNNING
    with saying() as said:
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        assert not dialog.isVisible()
        _judging_done(qtbot)
    assert dialog.rows, "the verdict still fills the window, for when it is opened again"
    assert said == []
