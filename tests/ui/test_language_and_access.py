"""Spanish, switched while a match goes on; and a game everyone can play (names, keyboard, contrast, zoom)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGraphicsView,
    QLineEdit,
    QTextBrowser,
    QWidget,
)
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.look.look_dialog import LookDialog
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow, RulesDialog
from dominoes_desktop.ui.shell.store_service import StoreService

from .conftest import start
from .driving import hand_over, idle, play_turn_by_keys

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "translations" / "dominoes_es.ts"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def _lupdated(ts: Path, tmp_path: Path, *options: str) -> ET.Element:
    """A copy of `ts` brought up to date by lupdate over the UI's sources (the file itself untouched)."""
    # Beside the interpreter: a plain `.venv/bin/python -m pytest` has no .venv/bin on PATH.
    lupdate = shutil.which(
        "pyside6-lupdate", path=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", os.defpath)])
    )
    assert lupdate, "pyside6-lupdate comes with PySide6"
    copy = tmp_path / f"check_{ts.name}"
    shutil.copy(ts, copy)
    sources = sorted(str(p) for p in (ROOT / "dominoes_desktop" / "ui").rglob("*.py"))
    subprocess.run([lupdate, *sources, *options, "-ts", str(copy)], check=True, capture_output=True)
    return ET.parse(copy).getroot()


def _messages(root: ET.Element) -> set[tuple[str, str]]:
    return {
        (context.findtext("name") or "", message.findtext("source") or "")
        for context in root.findall("context")
        for message in context.findall("message")
    }


def test_every_string_is_in_the_spanish_file(tmp_path: Path) -> None:
    """lupdate over the sources finds no string that the Spanish file lacks or leaves untranslated."""
    missing = []
    for context in _lupdated(TS, tmp_path).findall("context"):
        for message in context.findall("message"):
            translation = message.find("translation")
            assert translation is not None
            state = translation.get("type")
            forms = [(form.text or "").strip() for form in translation.findall("numerusform")]
            text = (translation.text or "").strip() or (all(forms) and forms)
            if state == "unfinished" or (state is None and not text):
                missing.append(f"{context.findtext('name')}: {message.findtext('source')}")
    assert missing == [], "untranslated: " + "; ".join(missing[:20])


def _plurals_lupdate_misses() -> set[tuple[str, str]]:
    """translate(context, text, comment, n) calls: lupdate reads none as a plural and skips those whose n is an
    expression (rules.target), so their numerus entries are in the files by hand."""
    found = set()
    for path in (ROOT / "dominoes_desktop" / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and len(node.args) == 4:
                context, text = node.args[:2]
                if (
                    node.func.attr == "translate"
                    and isinstance(context, ast.Constant)
                    and isinstance(text, ast.Constant)
                ):
                    found.add((str(context.value), str(text.value)))
    return found


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_translation_files_hold_only_what_the_sources_say(tmp_path: Path, language: str) -> None:
    """Words the UI no longer shows (the Results table's old headers, the room's own buttons) left the files:
    lupdate dropping what no source says finds nothing to drop but the plurals it cannot read."""
    ts = TS.with_name(f"dominoes_{language}.ts")
    kept = _messages(ET.parse(ts).getroot())
    assert len(kept) > 25
    unread = _plurals_lupdate_misses()
    assert ("Rules", "The first side to reach %n point(s) wins the match.") in unread
    assert sorted(kept - _messages(_lupdated(ts, tmp_path, "-no-obsolete")) - unread) == []


def test_switching_to_spanish_keeps_the_match(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "dominican", seed=6)
    for _ in range(3):
        play_turn_by_keys(qtbot, window)
    hand = window.controller.hand
    assert hand is not None
    history = list(hand.history)
    window.set_language("es")
    assert window.controller.hand is hand and hand.history == history, "the match goes on untouched"
    page = window.game
    texts = " ".join([page.turn.text(), page.scores.title.text(), page.log.item(0).text(), page.rules_button.text()])
    assert "Marcador" in texts and "Mano" in texts and "Reglas" in texts
    assert window.menuBar().actions()[0].text() == "&Juego"
    dialog = RulesDialog(window.current_rules(), window)
    qtbot.addWidget(dialog)
    rules = dialog.findChild(QTextBrowser).toPlainText()
    assert "Dominicano" in rules and "capicúa" in rules.casefold() and "La mesa" in rules
    window.show_lobby()
    lobby = window.lobby
    assert lobby.start.text() == "Empezar"
    assert "Caribe" in [lobby.presets.item(i).text() for i in range(lobby.presets.count())]
    assert "Reglas de la casa" in lobby.rules_view.toPlainText() or "La mesa" in lobby.rules_view.toPlainText()
    window.set_language("en")
    assert window.lobby.start.text() == "Start"


def _interactive(widget: QWidget) -> bool:
    return isinstance(
        widget,
        QAbstractButton | QComboBox | QLineEdit | QAbstractSpinBox | QAbstractItemView | QGraphicsView | QTextBrowser,
    )


def _inside_a_control(widget: QWidget) -> bool:
    """Parts Qt builds inside a control (a combo box's popup, a line edit's clear button, a table's headers)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QComboBox | QLineEdit | QAbstractSpinBox | QAbstractItemView):
            return True
        parent = parent.parentWidget()
    return False


def _unnamed(root: QWidget) -> list[str]:
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not _interactive(widget) or widget.objectName().startswith("qt_") or _inside_a_control(widget):
            continue
        name = widget.accessibleName() or (widget.text() if isinstance(widget, QAbstractButton) else "")
        if not name.strip():
            found.append(f"{type(widget).__name__} in {type(widget.parent()).__name__}")
    return found


def _started(store: StoreService) -> StoreService:
    store.start()
    return store


def test_every_interactive_widget_has_an_accessible_name(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    assert _unnamed(window.lobby) == []
    start(window, "all_fives", seed=3)
    assert _unnamed(window.game) == []
    dialogs: list[QWidget] = [
        LookDialog(window.look, window),
        RulesDialog(window.current_rules(), window),
        StatsDialog(_started(StoreService(tmp_path, threaded=False, parent=window)), "Home", window),
    ]
    for _ in range(200):
        if hand_over(window):
            break
        play_turn_by_keys(qtbot, window)
    match = window.controller.match
    assert match is not None and match.results
    dialogs.append(ReviewDialog(match, window.controller.seats, window.look, window))
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        assert _unnamed(dialog) == [], type(dialog).__name__


def test_the_focused_tile_is_described_for_screen_readers(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=8)
    view = window.game.table
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    description = view.accessibleDescription()
    assert description and ("playable" in description)
    words = description.split(",")[0].split()
    assert len(words) == 2 and all(w.isalpha() for w in words), description


def test_keyboard_reaches_everything_from_lobby_to_the_table(qtbot: QtBot, window: MainWindow) -> None:
    assert window.lobby.start.hasFocus(), "Start has the keys from the first frame"
    qtbot.keyClick(window.lobby.start, Qt.Key.Key_Space)  # Start cuts the first deal, sealed beside it
    assert window.stack.currentWidget() is window.game
    assert window.controller.match is not None and 0 in window.controller.match.proofs
    assert not window.game.cut_panel.isVisible()
    idle(window)
    assert window.game.table.hasFocus()  # Jamaican asks the person only to play (no redeal, claim, leader)
    for _ in range(200):
        if hand_over(window):
            break
        play_turn_by_keys(qtbot, window)
    assert window.game.hand_end.next.hasFocus()  # a Jamaican match is six hands: the next one is offered


def test_high_contrast_and_zoom(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=2)
    window.set_high_contrast(True)
    assert window.look.high_contrast and window.look.theme.id == "high_contrast" and window.look.pips == "numerals"
    assert window.game.table.table.look.theme.felt == "#000000"
    view = window.game.table
    before = view.transform().m11()
    window.game.table.zoom(1.5)
    assert view.transform().m11() == pytest.approx(before * 1.5, rel=0.01)
    window.game.table.zoom(0)
    assert view.transform().m11() == pytest.approx(before, rel=0.01)
    window.set_high_contrast(False)
    assert not window.look.high_contrast and window.look.theme.id != "high_contrast"


def test_moves_are_announced(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=8)
    play_turn_by_keys(qtbot, window)
    log = window.game.log
    assert log.accessibleDescription() == log.item(log.count() - 1).text()
