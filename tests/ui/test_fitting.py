"""Nothing clipped at the smallest window the game supports (1024x700), in every language and theme; the lobby's
way back to the table is a button of its own size."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.look.looks import themes
from dominoes_desktop.ui.play.controller import default_seats
from dominoes_desktop.ui.play.panels import ButtonRow, ScorePanel
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def clipped(root: QWidget) -> list[str]:
    """Every shown button under `root` narrower than its label needs (the style's padding included)."""
    return [
        f"{b.text()!r}: {b.width()} < {b.sizeHint().width()}"
        for b in root.findChildren(QPushButton)
        if b.isVisibleTo(root) and b.width() < b.sizeHint().width()
    ]


def settle(qtbot: QtBot) -> None:
    qtbot.wait(30)  # layouts that rearrange on a resize settle in the next passes of the event loop


@pytest.mark.parametrize("language", ["en", "es"])
def test_side_panel_buttons_fit_at_1024x700_in_every_theme(qtbot: QtBot, window: MainWindow, language: str) -> None:
    if language != "en":
        window.set_language(language)
    window.resize(1024, 700)
    start(window, "all_fives", seed=4)  # draw and pass shown as well as hint
    game = window.game
    settle(qtbot)
    assert game.draw_button.isVisibleTo(game.side) and game.hint_button.isVisibleTo(game.side)
    assert game.side.width() <= 260, "the automatic panel at this size is narrow: the case that clipped"
    for theme in themes().values():
        window.apply_look(replace(window.look, theme=theme))
        settle(qtbot)
        assert clipped(game.side) == [], f"{language}, {theme.id}"
    # The panel dragged to its narrowest still clips nothing: the buttons stack instead.
    game.panel_width = 200
    game.size_panel()
    settle(qtbot)
    assert clipped(game.side) == []
    assert game.action_row.columns < 3
    # And the hand's end sheet.
    window.controller.autoplay(10_000)
    settle(qtbot)
    assert game.hand_end.isVisible()
    assert clipped(game.hand_end) == []


def test_a_button_row_stacks_when_narrow_and_spreads_when_wide(qtbot: QtBot) -> None:
    buttons = [QPushButton(text) for text in ("Robar (D)", "Pasar (P)", "Pista (H)")]
    row = ButtonRow(buttons)
    qtbot.addWidget(row)
    need = max(b.sizeHint().width() for b in buttons)
    row.resize(need * 3 + 40, 40)
    row.show()
    settle(qtbot)
    assert row.columns == 3
    row.resize(need * 2 + 20, 80)
    settle(qtbot)
    assert row.columns == 2 and all(b.width() >= need for b in buttons)
    assert buttons[2].width() > buttons[0].width(), "a lone last button takes the row"
    buttons[2].hide()  # hints off: the two left fit side by side again
    settle(qtbot)
    assert row.columns == 2 and buttons[0].y() == buttons[1].y()
    row.resize(need - 5, 120)
    settle(qtbot)
    assert row.columns == 1


def test_back_to_the_table_is_a_normal_button_beside_start(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1024, 700)
    start(window, "jamaican", seed=3)
    window.controller.autoplay(2)
    window.leave_for_lobby()
    settle(qtbot)
    back, begin = window.back_button, window.lobby.start
    assert back.isVisible()
    assert back.width() <= back.sizeHint().width() + 4, "sized to its words, not the lobby's width"
    assert back.width() < window.lobby.width() // 3
    assert abs(back.geometry().center().y() - begin.geometry().center().y()) <= 2, "on Start's row"
    assert back.width() >= back.sizeHint().width() and begin.width() >= begin.sizeHint().width()


def test_the_turn_line_keeps_its_height_through_a_hand(qtbot: QtBot, window: MainWindow) -> None:
    """ "CPU 1 is thinking…" after a four-line "your turn" does not pull the buttons below it up and down."""
    window.resize(1024, 700)
    start(window, "jamaican", seed=3)
    settle(qtbot)
    game = window.game
    game.turn.setText("You, your turn: click a highlighted tile, or use the arrows and Enter. " * 2)
    settle(qtbot)
    tall, buttons_y = game.turn.height(), game.action_row.y()
    game.turn.setText("CPU 1 is thinking…")
    settle(qtbot)
    assert game.turn.height() == tall and game.action_row.y() == buttons_y
    game.turn.release()  # a new hand: the line follows its text again
    settle(qtbot)
    assert game.turn.height() < tall


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1920, 1080)])
def test_the_hand_end_sheet_lies_over_the_side_panel_and_the_board_keeps_the_rest(
    qtbot: QtBot, window: MainWindow, size: tuple[int, int]
) -> None:
    """Issue 27: at 1280x800 the sheet squeezed the board into the left half; now it lies over the side panel
    (idle between hands) and the board keeps the window's width but the part of the sheet beyond the panel."""
    window.resize(*size)
    start(window, "jamaican", seed=5)
    window.controller.autoplay(10_000)
    settle(qtbot)
    game = window.game
    sheet = game.hand_end
    assert sheet.isVisible() and clipped(sheet) == []
    sheet_box = sheet.geometry()
    side_box = game.side.geometry().translated(game.side.parentWidget().mapTo(game, game.side.pos()) - game.side.pos())
    assert sheet_box.right() >= side_box.right() - 10 and sheet_box.left() <= side_box.left()
    view = game.table
    viewport = view.viewport()
    shown = viewport.geometry().translated(view.mapTo(game, view.rect().topLeft()))
    assert not shown.intersects(sheet_box), "no part of the board under the sheet"
    assert shown.width() >= size[0] * 0.6, (shown.width(), size)


def test_the_scores_keep_their_height_when_the_first_points_of_a_hand_come(qtbot: QtBot) -> None:
    """All Fives at 1024x700: the first points of hand 2 added a wrapped line under the scores, the side panel's
    least height grew 13 px and the window grew with it (the status bar moved from y=648 to 661)."""
    rules = build_rules("all_fives", {})
    seats = default_seats(rules.players)
    panel = ScorePanel()
    qtbot.addWidget(panel)
    panel.setFixedWidth(200)
    panel.show()
    heights = []
    for running in (None, [0] * rules.sides, [10] + [0] * (rules.sides - 1)):
        panel.show_scores(rules, seats, [55] + [0] * (rules.sides - 1), 2, running=running)
        settle(qtbot)
        heights.append(panel.minimumSizeHint().height())
    assert len(set(heights)) == 1, heights


def combo_cut(box: QComboBox, text: str | None = None) -> bool:
    """Whether the chosen text (or `text`) is wider than the room the style leaves it (padding and arrow out)."""
    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    field = box.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, box
    )
    return box.fontMetrics().horizontalAdvance(box.currentText() if text is None else text) > field.width()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_lobbys_choices_and_labels_are_whole_at_1024x700(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """In Spanish "Persona en esta…", "Jugadores 1 y 3 contra 2 y…" and "Bloqueo (se pasa sin ficha…" were cut."""
    window.set_language(language)
    window.resize(1024, 700)
    lobby = window.lobby
    lobby.players.setValue(4)
    lobby.seat_rows[1].kind.setCurrentIndex(lobby.seat_rows[1].kind.findData("person"))
    settle(qtbot)
    problems = []
    for box in lobby.findChildren(QComboBox):
        if not box.isVisibleTo(lobby):
            continue
        texts = [box.itemText(i) for i in range(box.count())]
        widest = max(box.view().fontMetrics().horizontalAdvance(t) for t in texts)
        if box.view().minimumWidth() < widest:
            problems.append(f"list of {box.accessibleName()!r} narrower than {widest}")
        if combo_cut(box) and box.toolTip() != box.currentText():
            problems.append(f"{box.currentText()!r} cut with no tooltip")
        # Those the reviewer found cut are shown whole now, not only in a tooltip.
        whole = [row.kind for row in lobby.seat_rows] + [lobby.pairing, lobby.style_box, lobby.goal, lobby.on_timeout]
        problems += [f"{text!r} cut" for text in texts if box in whole and combo_cut(box, text)]
    for label in lobby.findChildren(QLabel):
        shown = label.isVisibleTo(lobby) and label.text() and not label.wordWrap() and "<" not in label.text()
        if shown and label.fontMetrics().horizontalAdvance(label.text()) > label.contentsRect().width():
            problems.append(f"label {label.text()!r}: {label.width()}")
    assert not problems, problems
    scroll = lobby.findChild(QScrollArea)
    assert scroll is not None and not scroll.horizontalScrollBar().isVisible(), "the options column scrolls sideways"
