"""Fixtures for driving the real widgets."""

from __future__ import annotations

import faulthandler
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.shell.announce import ANNOUNCER
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings

from .driving import POOL, idle, known_deal

Handler = Callable[[QtMsgType, QMessageLogContext, str], None]
# Qt's warnings that come just before a crash (the object is then used or freed wrongly): said as loudly as a fatal
# message. The first was printed right before a segmentation fault in test_fair_deal (session 13).
CRASH_WARNINGS = (
    "deleted directly",  # "QObject: shared QObject was deleted directly. The program is malformed and may crash."
    "may crash",
    "from another thread",  # "QObject::~QObject: Timers cannot be stopped from another thread"
    "different thread",  # "Cannot send events to objects owned by a different thread"
)


@pytest.fixture(autouse=True)
def qt_fatal_said_before_the_abort(request: pytest.FixtureRequest) -> Iterator[None]:
    """A Qt fatal or critical message (or a warning that a crash may follow) goes to the terminal at once, past
    pytest's capture, then on to the handler before (pytest-qt's record): a qFatal ("QThread: Destroyed while thread is still running", a timer on a deleted
    object) aborts the run before any record of it is shown, leaving a bare "Fatal Python error: Aborted"."""
    capture = request.config.pluginmanager.getplugin("capturemanager")
    before: list[Handler | None] = []

    def said(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        crash_warning = kind is QtMsgType.QtWarningMsg and any(words in message for words in CRASH_WARNINGS)
        if kind in (QtMsgType.QtFatalMsg, QtMsgType.QtCriticalMsg) or crash_warning:
            if capture is not None:
                capture.suspend_global_capture(in_=False)
            where = f"{context.file}:{context.line} {context.function}" if context.file else "no source given"
            sys.stderr.write(f"\nQt {kind.name} in {request.node.nodeid}: {message} ({where})\n")
            sys.stderr.flush()
            if crash_warning:  # the Python code that did it, while it is still on the stack
                faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
            if capture is not None and kind is not QtMsgType.QtFatalMsg:
                capture.resume_global_capture()
        handler = before[0] if before else None
        if handler is not None:
            handler(kind, context, message)

    before.append(qInstallMessageHandler(said))
    yield
    qInstallMessageHandler(before[0])


@pytest.fixture(autouse=True)
def no_questions_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows closed at teardown mid-match would ask "Quit?" and wait; tests that check the question turn it on."""
    monkeypatch.setattr(MainWindow, "ask_before_leaving", False)


@pytest.fixture(autouse=True)
def english_as_at_start() -> None:
    """The game installs its language before the first window (English has its plural forms: "1 tile", "2 tiles");
    every test starts so, whatever language an earlier test left installed."""
    LANGUAGE.install("en")


@pytest.fixture
def spanish(qtbot: QtBot) -> Iterator[None]:
    """The game in Spanish for one test, English again after it (a translator needs the application first)."""
    LANGUAGE.install("es")
    yield
    LANGUAGE.install("en")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(open_settings(tmp_path / "config"))


@pytest.fixture
def window(qtbot: QtBot, settings: Settings) -> Iterator[MainWindow]:
    """The game window, its CPUs answering without a pause (thinking in the tests' one CPU pool)."""
    win = MainWindow(settings, pace_ms=0, threaded=False, cpu_pool=POOL)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.controller.runner.wait(5000)


def start(window: MainWindow, preset: str = "jamaican", seed: int = 1, **options: object) -> None:
    """You and CPUs, the first deal known from `seed` (`known_deal`); returns when the table waits for you."""
    window.quick_start(build_rules(preset, dict(options)), "medium", seed, known_deal(seed))
    idle(window)


def played_to_a_domino(window: MainWindow) -> None:
    """A Cutthroat hand played out by the CPUs to a domino that does not end the match (the first seed that gives
    one): its celebration on the table."""
    for seed in range(1, 20):
        start(window, "cutthroat", seed=seed)
        window.controller.autoplay(10_000)
        idle(window)
        result = window.controller.last_result
        if result is not None and result.end.value == "domino" and not window.controller.match_over:
            return
    raise AssertionError("no domino")


@pytest.fixture
def describing(window: MainWindow) -> Iterator[MainWindow]:
    """The window with the View menu's "Speak through the table's description" on, off again afterwards."""
    window.describe_action.trigger()
    assert ANNOUNCER.describe
    yield window
    if ANNOUNCER.describe:
        window.describe_action.trigger()


@contextmanager
def saying() -> Iterator[list[str]]:
    """What the announcer says while the block runs, in order (what reaches AT-SPI as announcements)."""
    lines: list[str] = []
    ANNOUNCER.said.connect(lines.append)
    try:
        yield lines
    finally:
        ANNOUNCER.said.disconnect(lines.append)


@contextmanager
def read_at_focus(widget: QWidget) -> Iterator[list[str]]:
    """The widget's accessible description each time it takes the focus while the block runs (what a screen
    reader reads with the focus)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    seen: list[str] = []

    def moved(_old: QWidget | None, new: QWidget | None) -> None:
        if new is widget:
            seen.append(widget.accessibleDescription())

    app.focusChanged.connect(moved)
    try:
        yield seen
    finally:
        app.focusChanged.disconnect(moved)


def recording(monkeypatch: pytest.MonkeyPatch, widget: QWidget) -> list[str]:
    """Every description set on `widget` from Python (the table's own and the announcer's), in order."""
    seen: list[str] = []
    original: Callable[[str], None] = widget.setAccessibleDescription

    def record(text: str) -> None:
        seen.append(text)
        original(text)

    monkeypatch.setattr(widget, "setAccessibleDescription", record)
    return seen
