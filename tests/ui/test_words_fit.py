"""Every word right in both languages: at 1024x700 no label or button on any screen or dialog is clipped, and
the Spanish screens show no English left untranslated."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QGraphicsView,
    QLabel,
    QListWidget,
    QPushButton,
    QRadioButton,
    QTextBrowser,
    QWidget,
)
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.learn.rules_page import RulesDialog
from dominoes_desktop.ui.look.look_dialog import LookDialog
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.room.net_dialogs import JoinDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.store_service import StoreService

from .conftest import start
from .driving import cut_the_deck, hand_over, idle, play_turn_by_keys

SMALL = (1024, 700)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def _inside_scrolled_content(widget: QWidget) -> bool:
    """Words in a scrolled area may run past its edge: the player scrolls to them."""
    parent = widget.parentWidget()
    while parent is not None:
        grand = parent.parentWidget()
        if (
            isinstance(grand, QAbstractScrollArea)
            and not isinstance(grand, QGraphicsView)
            and parent is grand.viewport()
        ):
            return True
        parent = grand
    return False


def _shown(widget: QWidget, root: QWidget) -> bool:
    return widget.isVisibleTo(root) and widget.width() > 0 and widget.height() > 0


def clipped(root: QWidget) -> list[str]:
    """Labels, buttons and boxes whose words need more room than the widget has, or that reach outside the
    widget that holds them."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not _shown(widget, root) or _inside_scrolled_content(widget) or widget.objectName().startswith("qt_"):
            continue
        if isinstance(widget, QLabel):
            text = widget.text()
            if not text.strip() or (widget.pixmap() is not None and not widget.pixmap().isNull()):
                continue
            inner = widget.rect()
            if widget.wordWrap():
                need_h = widget.heightForWidth(inner.width())  # margins and the style's padding included
                need_h = need_h if need_h > 0 else widget.sizeHint().height()
                # A word too long for the width overflows even a wrapping label.
                longest = max((widget.fontMetrics().horizontalAdvance(w) for w in _plain(text).split()), default=0)
                need_w = longest
            else:
                need_w, need_h = widget.sizeHint().width(), widget.sizeHint().height()
            if need_w > inner.width() + 1 or need_h > inner.height() + 1:
                found.append(
                    f"{_where(widget)} label {_plain(text)[:60]!r}: needs {need_w}x{need_h}, has {inner.width()}x{inner.height()}"
                )
        elif isinstance(widget, QPushButton | QCheckBox | QRadioButton):
            text = widget.text().replace("&", "")
            if not text.strip():
                continue
            need = widget.sizeHint()
            if need.width() > widget.width() + 1 or widget.fontMetrics().height() > widget.height():
                found.append(f"{_where(widget)} button {text!r}: needs {need.width()}, has {widget.width()}")
        elif isinstance(widget, QComboBox):
            text = widget.currentText()
            room = widget.width() - 28  # the arrow and the frame
            if text and widget.fontMetrics().horizontalAdvance(text) > room + 1:
                found.append(
                    f"{_where(widget)} box {text!r}: needs {widget.fontMetrics().horizontalAdvance(text)}, has {room}"
                )
        else:
            continue
        # Inside its parent: a widget pushed past the edge of what holds it is cut there.
        parent = widget.parentWidget()
        if parent is not None and widget is not root and not parent.rect().contains(widget.geometry()):
            outside = widget.geometry().intersected(parent.rect())
            if outside != widget.geometry() and not isinstance(parent, QAbstractScrollArea):
                found.append(
                    f"{_where(widget)} {type(widget).__name__} {_text(widget)[:40]!r} reaches outside its parent"
                )
    return found


def _plain(text: str) -> str:
    return re.sub(r"<[^>]+>", " ", text).replace("&nbsp;", " ").replace("&amp;", "&")


def _text(widget: QWidget) -> str:
    if isinstance(widget, QLabel):
        return _plain(widget.text())
    if isinstance(widget, QAbstractButton):
        return widget.text()
    return ""


def _where(widget: QWidget) -> str:
    names = []
    node: QWidget | None = widget
    while node is not None and len(names) < 3:
        names.append(node.objectName() or type(node).__name__)
        node = node.parentWidget()
    return "/".join(reversed(names))


def _settle(window: MainWindow) -> None:
    for _ in range(3):
        QApplication.processEvents()


def _screens(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> Iterator[tuple[str, Callable[[], QWidget]]]:
    """Every screen and dialog a player meets, in the state that has the most words."""
    yield "lobby", lambda: window.lobby
    window.quick_start(build_rules("jamaican"), "medium")  # the sealed deck waits for the cut
    idle(window)
    yield "table with the sealed deck", lambda: window.game
    start(window, "all_fives", seed=3)
    yield "table, your turn", lambda: window.game
    for _ in range(200):
        if hand_over(window):
            break
        play_turn_by_keys(qtbot, window)
    yield "hand-end sheet", lambda: window.game
    match = window.controller.match
    assert match is not None
    look = LookDialog(window.look, window)
    rules = RulesDialog(window.current_rules(), window)
    store = StoreService(tmp_path, threaded=False, parent=window)
    store.start()
    stats = StatsDialog(store, "Home", window)
    review = ReviewDialog(match, window.controller.seats, window.look, window)
    for dialog in (look, rules, stats, review):
        qtbot.addWidget(dialog)
    for name, dialog in (("look dialog", look), ("rules dialog", rules), ("statistics", stats), ("review", review)):
        dialog.show()
        yield name, lambda d=dialog: d  # type: ignore[misc]
        dialog.hide()
    join = JoinDialog(window, discovery_port=0)
    qtbot.addWidget(join)
    join.show()
    yield "join a room", lambda: join
    join.hide()
    people = (SeatConfig("Ana", True), SeatConfig("CPU 1", False), SeatConfig("Ben", True), SeatConfig("CPU 3", False))
    window.start_match(MatchSetup(build_rules("jamaican"), people))
    idle(window)
    yield "pass-and-play, the sealed deck", lambda: window.game
    cut_the_deck(qtbot, window)
    assert window.game.curtain.isVisible(), "the rack waits behind the curtain for Ana or Ben"
    yield "pass-and-play curtain", lambda: window.game
    start(window, "jamaican", seed=5, target=1)
    for _ in range(200):
        if hand_over(window):
            break
        play_turn_by_keys(qtbot, window)
    yield "match over", lambda: window.game


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_words_clipped_at_1024x700(qtbot: QtBot, window: MainWindow, tmp_path: Path, language: str) -> None:
    window.set_language(language)
    window.resize(*SMALL)
    _settle(window)
    problems: list[str] = []
    seen = []
    for name, root in _screens(qtbot, window, tmp_path):
        widget = root()
        if isinstance(widget, QDialog):
            widget.resize(min(widget.width(), SMALL[0]), min(widget.height(), SMALL[1]))
        _settle(window)
        seen.append(name)
        problems += [f"{name}: {p}" for p in clipped(widget)]
    assert len(seen) == 12
    assert problems == [], "\n".join(problems)


def visible_words(root: QWidget) -> list[str]:
    """Every word a player can read on a screen: labels, buttons, boxes, lists, tool tips, titles."""
    words = [root.windowTitle()]
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        words += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]  # what is spoken too
        if isinstance(widget, QLabel | QAbstractButton):
            words.append(_text(widget))
        elif isinstance(widget, QComboBox):
            words += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QListWidget):
            words += [widget.item(i).text() for i in range(widget.count())]
        elif isinstance(widget, QTextBrowser):
            words.append(widget.toPlainText())
    return [w for w in words if w and w.strip()]


# Words that are the same in English and Spanish, or names: they may appear on a Spanish screen.
ALLOWED = {
    "cpu", "muggins", "all", "fives", "domino", "dominoes", "sha", "ok", "hex", "pip", "onyx", "jamaica", "trinidad",
    "tobago", "barbados", "puerto", "rico", "cuba", "la", "de", "no", "a", "e", "s", "c", "d", "p", "h", "f", "z",
    "ctrl", "esc", "total", "capicúa", "tranque", "español", "english", "home", "practice",
}  # fmt: skip
# English words that no Spanish sentence of the game uses: one of them on a Spanish screen is English left over.
ENGLISH = re.compile(
    r"\b(the|and|you|your|played|passed|hand|hands|match|score|points?|tiles?|draw|pass|hint|undo|rules|new|"
    r"next|review|play|again|details|deal|sealed|cut|deck|click|press|space|show|won|went|out|locked|table|"
    r"statistics|medium|easy|hard|expert|level|players?|seats?|partners|target|lead|leads|turn|stock|over|"
    r"practice|home|wins?|lost|games?|finish|theme|flag|sound|volume|view|zoom|language|motion|speed)\b",
    re.IGNORECASE,
)


def english_left(words: list[str]) -> list[str]:
    left = []
    for text in words:
        for match in ENGLISH.finditer(text):
            if match.group(0).lower() not in ALLOWED:
                left.append(f"{match.group(0)!r} in {text[:70]!r}")
                break
    return left


def test_no_english_left_on_spanish_screens(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.set_language("es")
    window.resize(*SMALL)
    problems: list[str] = []
    for name, root in _screens(qtbot, window, tmp_path):
        widget = root()
        problems += [f"{name}: {p}" for p in english_left(visible_words(widget))]
    problems += [f"status bar: {p}" for p in english_left([window.statusBar().currentMessage()])]
    problems += [f"menu: {p}" for p in english_left([a.text() for a in window.menuBar().actions()])]
    assert problems == [], "\n".join(problems)


def test_the_check_finds_english_and_clipping(qtbot: QtBot) -> None:
    """The two checks above can fail: an English sentence and a label squeezed below its words are found."""
    assert english_left(["Tú jugaste 6-4", "CPU 1 pasó"]) == []
    assert english_left(["Mano 2", "Next hand"]) != []
    holder = QWidget()
    holder.resize(400, 100)
    qtbot.addWidget(holder)
    label = QLabel("Marcador · partida terminada", holder)
    label.setGeometry(QRect(0, 0, 60, 20))
    holder.show()
    assert clipped(holder) != []
    label.adjustSize()
    assert clipped(holder) == []
