"""What a screen reader is told and finds, checked in-process through Qt's accessibility interfaces; and words
that outlive their moment or read wrong in Spanish."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface, QAction
from PySide6.QtWidgets import QLineEdit, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.look.look_dialog import LookDialog
from dominoes_desktop.ui.play.controller import SeatConfig
from dominoes_desktop.ui.play.panels import side_name
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import saying, start
from .driving import cut_the_deck, hand_over, idle, my_turn, play_turn_by_keys


@pytest.fixture
def said() -> Iterator[list[str]]:
    with saying() as lines:
        yield lines


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def name_of(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    return interface.text(QAccessible.Text.Name)


def children_names(widget: QWidget) -> list[str]:
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    names = []
    for i in range(interface.childCount()):
        child = interface.child(i)
        if child is not None:
            names.append(child.text(QAccessible.Text.Name))
    return names


def tree_names(widget: QWidget) -> list[str]:
    """Every name in the accessibility tree under `widget`, as a screen reader walks it (by interfaces, not by
    the widgets' parents: a panel Qt leaves out of the tree is not found)."""
    names: list[str] = []

    def walk(interface: QAccessibleInterface, depth: int) -> None:
        names.append(interface.text(QAccessible.Text.Name))
        for i in range(interface.childCount()):
            child = interface.child(i)
            if child is not None and depth < 30:
                walk(child, depth + 1)

    root = QAccessible.queryAccessibleInterface(widget)
    assert root is not None
    walk(root, 0)
    return names


def test_s_e_and_c_speak_the_score_the_ends_and_the_tiles(qtbot: QtBot, window: MainWindow, said: list[str]) -> None:
    start(window, "jamaican", seed=8)
    play_turn_by_keys(qtbot, window)
    idle(window)
    view = window.game.table
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_E)
    hand = window.controller.hand
    assert hand is not None
    ends = [str(e) for e in hand.layout.open_ends()]
    assert said[-1] == "Open ends: " + (
        " and ".join(ends) if len(ends) == 2 else ", ".join(ends[:-1]) + " and " + ends[-1]
    )
    qtbot.keyClick(view, Qt.Key.Key_S)
    assert re.fullmatch(r"Score · hand 1: 0 for you & CPU 2, 0 for CPU 1 & CPU 3\. First to 6 hands\.", said[-1]), said[
        -1
    ]
    qtbot.keyClick(view, Qt.Key.Key_C)
    counts = ", ".join(
        f"{len(tiles)} for {name}" for name, tiles in zip(["you", "CPU 1", "CPU 2", "CPU 3"], hand.hands, strict=True)
    )
    assert said[-1] == f"Tiles in hand: {counts}."


def test_whose_turn_is_named_by_its_text_and_said_when_it_is_yours(
    qtbot: QtBot, window: MainWindow, said: list[str]
) -> None:
    start(window, "jamaican", seed=8)
    turn = window.game.turn
    assert my_turn(window)
    assert name_of(turn) == turn.text() and "your turn" in turn.text().lower()
    assert any(line.startswith("Your turn. Open ends: ") for line in said)  # said once, with the ends
    window.set_language("es")  # the page is made again: the old one's voice is gone with it
    window.set_language("en")
    turn = window.game.turn
    window.game.ask_hint()
    qtbot.waitUntil(lambda: any(line.startswith("Hint: ") for line in said), timeout=10000)
    assert name_of(turn).startswith("Hint: ")
    assert [line for line in said if line.startswith("Hint: ")] == [turn.text()], "said once, by the page shown"


def test_others_tiles_and_passes_are_said(qtbot: QtBot, window: MainWindow, said: list[str]) -> None:
    start(window, "jamaican", seed=8)
    for _ in range(6):
        play_turn_by_keys(qtbot, window)
    assert any(re.fullmatch(r"CPU \d (played \d-\d on the \d|passed)", line) for line in said), said  # once, briefly
    assert any(line.startswith("You played ") for line in said)


def test_the_overlays_are_in_the_accessibility_tree(qtbot: QtBot, window: MainWindow) -> None:
    window.quick_start(build_rules("jamaican"), "medium")
    idle(window)
    page = window.game
    assert page.cut_panel.isVisible()
    assert "Sealed deal" in tree_names(window)
    assert "Cut the deck" in children_names(page.cut_panel)
    cut_the_deck(qtbot, window)
    for _ in range(200):
        if hand_over(window):
            break
        play_turn_by_keys(qtbot, window)
    assert page.hand_end.isVisible() and "End of the hand" in tree_names(window)
    inside = children_names(page.hand_end)
    window.set_language("es")  # the page whose interfaces were asked for is dropped: nothing dangles
    QCoreApplication.processEvents()
    assert "Fin de la mano" in tree_names(window)
    window.set_language("en")
    page = window.game
    assert "Next hand" in inside and "Review the hand" in inside
    sheet_text = name_of(page.hand_end.text)
    assert (
        "pip" in sheet_text
        and page.hand_end.headline(window.controller.rules, window.controller.last_result, window.controller.seats)
        in sheet_text
    )  # type: ignore[arg-type]


def test_every_control_is_named(qtbot: QtBot, window: MainWindow) -> None:
    volume = [a for a in window.findChildren(QAction) if a.text() == "Volume"]
    assert volume, "the volume slider's menu item has a name"
    for root in (window.lobby, LookDialog(window.look, window)):
        for field in root.findChildren(QLineEdit):
            clear = field.findChild(QAction, "_q_qlineeditclearaction")
            if clear is not None:
                assert clear.text() == "Clear the search"


def test_spanish_pronouns_and_one_product_name(window: MainWindow) -> None:
    window.set_language("es")
    rules = build_rules("jamaican")
    seats = [
        SeatConfig("You", True),
        SeatConfig("CPU 1", False),
        SeatConfig("CPU 2", False),
        SeatConfig("CPU 3", False),
    ]
    ours = side_name(rules, seats, 0, after_preposition=True)
    assert ours == "ti y CPU 2"
    assert QCoreApplication.translate("HandEndPanel", "%n hand(s) to {side}.", "", 1).format(side=ours) == (
        "1 mano para ti y CPU 2."
    )
    assert side_name(rules, seats, 0) == "Tú y CPU 2"  # as the subject, in the score
    title = window.windowTitle()
    assert title == "Dominó de Escritorio"
    for context, text in (("MainWindow", "Quit Dominoes Desktop?"), ("RoomWindow", "Dominoes Desktop: room")):
        assert title in QCoreApplication.translate(context, text)


def test_status_words_do_not_outlive_their_moment(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=8)
    for _ in range(200):
        if hand_over(window):
            break
        play_turn_by_keys(qtbot, window)
    said_at_end = window.statusBar().currentMessage()
    assert said_at_end, "the hand's end is told"
    window.set_language("es")  # a language chosen at the hand's end does not welcome anyone to the table
    assert "Bienvenido" not in window.statusBar().currentMessage()
    window.game.hand_end.next.click()
    idle(window)
    if window.game.leader_choice.isVisible():  # our side won: we say who leads
        window.game.leader_choice.findChildren(QPushButton)[0].click()
        idle(window)
    hand = window.controller.hand
    assert hand is not None and not hand.is_over, (window.controller.waiting, window.controller.sealed_fingerprint())
    now = window.statusBar().currentMessage()
    assert said_at_end not in now and "dominó" not in now.casefold()
