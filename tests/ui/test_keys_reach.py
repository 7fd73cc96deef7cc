"""A hand and the new dialogs played by keys alone (Tab, arrows, Enter, Space, Escape) at 1024x700: what the
keyboard tour under Xvfb found. A Tab stop that showed no focus (the lobby's options area, the Your view
preview, the picture in the hand review) and the sheet's Coach button, deaf to Enter beside neighbours that
answer it."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QApplication, QDialogButtonBox, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.look.look_dialog import LookDialog
from dominoes_desktop.ui.look.look_style import VIEW_FOCUS_PX, button_fill, contrast
from dominoes_desktop.ui.look.looks import Theme, themes
from dominoes_desktop.ui.play.coach_panel import CoachDialog
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import finish_hand_by_keys, reviewed_hand


def tab_stops(top: QWidget) -> list[QWidget]:
    """The widgets Tab reaches in `top`, in its focus chain, from its first."""
    stops: list[QWidget] = []
    widget = top.nextInFocusChain()
    while widget is not top and len(stops) < 500:
        if (
            widget.window() is top.window()
            and widget.isVisible()
            and widget.isEnabled()
            and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        ):
            stops.append(widget)
        widget = widget.nextInFocusChain()
    return stops


def test_the_lobby_s_options_area_is_no_tab_stop(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1024, 700)
    qtbot.wait(100)
    areas = [stop for stop in tab_stops(window) if isinstance(stop, QScrollArea)]
    assert areas == [], "a Tab stop that shows no focus: the fields inside it are the stops"
    assert any(stop is window.lobby.start for stop in tab_stops(window)), "its fields and Start still are"


def test_enter_on_the_sheet_s_coach_button_opens_the_coach(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1024, 700)
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    coach = window.game.coach_button
    coach.setFocus()
    qtbot.keyClick(coach, Qt.Key.Key_Return)
    dialogs = window.game.findChildren(CoachDialog)
    assert dialogs, "Enter opens the coach, as it clicks Next hand and Review the hand beside it"
    qtbot.keyClick(dialogs[0], Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialogs[0].isVisible(), timeout=2000)


def tabbed_from(qtbot: QtBot, first: QWidget, presses: int) -> list[QWidget | None]:
    """The widgets that have the focus from `first` on, Tab pressed `presses` times on whichever has it."""
    first.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is first, timeout=2000)
    reached: list[QWidget | None] = [first]
    for _ in range(presses):
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    return reached


def test_tab_goes_through_the_hand_end_sheet_as_it_reads(qtbot: QtBot, window: MainWindow) -> None:
    """Top to bottom, left to right: Details, the deck, "Cut the deck for me", Next hand, Review, New match, Coach;
    beside the board (buttons in pairs) and below it (in one row). It went Next, Review, New match, Details, deck,
    box, Coach (the keyboard tour of session 17)."""
    window.resize(1024, 700)
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    sheet = window.game.hand_end
    cut = window.game.deal_seal.cut
    reading: list[QWidget | None] = [
        sheet.details_button,
        cut.deck,
        cut.auto,
        sheet.next,
        sheet.review,
        sheet.again,
        window.game.coach_button,
    ]
    assert all(w is not None and w.isVisible() and w.isEnabled() for w in reading), "all of them are on the sheet"
    window.activateWindow()
    assert tabbed_from(qtbot, sheet.details_button, len(reading) - 1) == reading
    sheet.set_one_row(True)  # as the sheet is docked below a narrow board
    assert tabbed_from(qtbot, sheet.details_button, len(reading) - 1) == reading


def test_the_dialogs_pictures_are_no_tab_stops(qtbot: QtBot, window: MainWindow) -> None:
    """Your view's preview and the review's table: pictures that took the focus and showed none."""
    window.resize(1024, 700)
    look = LookDialog(window.look, window)
    qtbot.addWidget(look)
    look.show()
    qtbot.waitExposed(look)
    assert look.preview not in tab_stops(look)
    qtbot.keyClick(look, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not look.isVisible(), timeout=2000)
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    review = reviewed_hand(qtbot, window)
    stops = tab_stops(review)
    assert review.view not in stops and stops, stops
    row = [stops.index(button) for button in (review.verify, review.again, review.coach)]
    assert row == sorted(row), "Tab goes along the buttons' row as it reads: Verify, Play again, Coach"
    qtbot.keyClick(review, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not review.isVisible(), timeout=2000)


def edge_in(view: QAbstractItemView, colour: QColor) -> int:
    """How many pixels in from its left edge, half way down, `view` is drawn in `colour`: its frame's width."""
    image = view.grab().toImage()
    y = image.height() // 2
    width = 0
    while width < image.width() and image.pixelColor(width, y).name() == colour.name():
        width += 1
    return width


def marked_when_focused(qtbot: QtBot, view: QAbstractItemView, elsewhere: QWidget, theme: Theme) -> tuple[int, int]:
    """The width of `view`'s edge in the theme's highlight with the focus on it and then on `elsewhere`."""
    highlight = QColor(theme.highlight)
    marks = []
    for focused in (view, elsewhere):
        focused.setFocus()
        qtbot.waitUntil(focused.hasFocus, timeout=2000)
        marks.append(edge_in(view, highlight))
    return marks[0], marks[1]


def test_a_focused_list_is_edged_in_the_highlight_on_every_theme(qtbot: QtBot, window: MainWindow) -> None:
    """The coach's list of decisions showed its focus only by a faint box round one cell, and Your view's flags by
    2 px of the highlight beside a selected row in the accent, hard to see on the dark themes (keyboard tour,
    session 17): a focused list, tree or table is edged VIEW_FOCUS_PX wide in the highlight, as a button is."""
    window.resize(1024, 700)
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    for theme in themes().values():
        window.apply_look(dataclasses.replace(window.look, theme=theme))
        window.game.coach_button.click()
        coach = window.game.findChildren(CoachDialog)[-1]
        qtbot.waitUntil(coach.tree.isVisible, timeout=30_000)
        coach.activateWindow()
        coach.tree.setCurrentItem(coach.tree.topLevelItem(0))
        close = coach.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
        assert marked_when_focused(qtbot, coach.tree, close, theme) == (VIEW_FOCUS_PX, 0), theme.id
        coach.close()
        look = LookDialog(window.look, window)
        qtbot.addWidget(look)
        look.show()
        qtbot.waitExposed(look)
        look.activateWindow()
        assert marked_when_focused(qtbot, look.flags, look.search, theme) == (VIEW_FOCUS_PX, 0), theme.id
        look.close()


def current_cell_edge(view: QAbstractItemView) -> set[str]:
    """The colours of the current cell's outermost pixels in its right half (clear of a flag, a tile or words)."""
    image = view.viewport().grab().toImage()
    cell = view.visualRect(view.currentIndex())
    middle = cell.center().x()
    ring = [(x, y) for x in range(middle, cell.right() + 1) for y in (cell.top(), cell.bottom())]
    ring += [(cell.right(), y) for y in range(cell.top(), cell.bottom() + 1)]
    return {image.pixelColor(x, y).name() for x, y in ring}


def test_a_focused_list_draws_no_box_over_its_current_cell(qtbot: QtBot, window: MainWindow) -> None:
    """The style's box round the current cell (a frame and a lighter fill) overlapped the VIEW_FOCUS_PX edge that
    says the list has the focus: the cell is drawn as its row is, in one colour to its edge."""
    window.resize(1024, 700)
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    window.game.coach_button.click()
    coach = window.game.findChildren(CoachDialog)[-1]
    qtbot.waitUntil(coach.tree.isVisible, timeout=30_000)
    coach.activateWindow()
    coach.tree.setCurrentItem(coach.tree.topLevelItem(1))
    look = LookDialog(window.look, window)
    qtbot.addWidget(look)
    for dialog, view in ((coach, coach.tree), (look, look.flags)):
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.activateWindow()
        view.setFocus()
        qtbot.waitUntil(view.hasFocus, timeout=2000)
        assert view.currentIndex().isValid() and len(current_cell_edge(view)) == 1, type(dialog).__name__
        dialog.close()


def test_the_reviews_step_icons_stand_out_on_every_theme(qtbot: QtBot, window: MainWindow) -> None:
    """The review's First, Back, Next and Last icons were the style's, drawn near-black: smudges beside the words
    on the dark themes' buttons. They are drawn in the buttons' words' colour, as readable as the words."""
    window.resize(1024, 700)
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    match = window.controller.match
    assert match is not None
    for theme in themes().values():
        review = ReviewDialog(match, window.controller.seats, dataclasses.replace(window.look, theme=theme), window)
        qtbot.addWidget(review)
        fill = button_fill(theme)
        for button in (review.first, review.back, review.forward, review.last):
            image = button.icon().pixmap(16).toImage()
            drawn = {
                image.pixelColor(x, y).name()
                for x in range(image.width())
                for y in range(image.height())
                if image.pixelColor(x, y).alpha() > 200
            }
            assert drawn, button.text()
            assert min(contrast(colour, fill) for colour in drawn) >= 4.5, (theme.id, button.text(), drawn)
        review.close()
