"""The dialogs grow with the window as its pages do: at 1920x1080 the Statistics dialog opened at its 1024x700 size
with 13 px words (its tables, tabs and charts too) beside a lobby and a table half as large again, and a combo box's
open list kept its 1024x700 words under a combo box whose words had grown; a room's tabs and talk kept theirs in
a side panel grown round them. The rules, the look, the Join dialog and the review grow as well, and the review's
table fills its view from the moment it opens."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QFont, QFontInfo, QFontMetrics, QTextLayout, QTextOption
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QLabel, QPushButton, QTextBrowser, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.learn.rules_page import RulesDialog
from dominoes_desktop.ui.look.look_dialog import LookDialog
from dominoes_desktop.ui.look.look_style import PAGE_SCALE_MAX
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.room.net_dialogs import JoinDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.store_service import StoreService

from .conftest import start
from .driving import make_window
from .test_duplicate import start_duplicate_from_lobby
from .test_grows_with_the_window import LARGE, SMALL, at_size, pixels
from .test_network_play import free_udp_port
from .test_room_table import offline_ben


def open_stats(qtbot: QtBot, window: MainWindow, folder: Path) -> StatsDialog:
    store = StoreService(folder, threaded=False, parent=window)
    store.start()
    dialog = StatsDialog(store, "Home", window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    return dialog


def words_of(dialog: StatsDialog) -> list[int]:
    """The pixel sizes of the dialog's words: a label, a field, a table and its header, a tab, a button, the
    Skill page's headline and the deal luck's sentence."""
    widgets: list[QWidget] = [
        dialog.why,
        dialog.group,
        dialog.table,
        dialog.table.horizontalHeader(),
        dialog.tabs.tabBar(),
        dialog.export,
        dialog.skill.headline,
        dialog.luck.summary,
    ]
    return [pixels(widget) for widget in widgets]


def popup_words(qtbot: QtBot, combo: QComboBox) -> tuple[int, int]:
    """The pixel size of an open combo box's items, and the height of its first item."""
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible, timeout=2000)
    size = QFontInfo(view.font()).pixelSize(), view.visualRect(view.model().index(0, 0)).height()
    combo.hidePopup()
    qtbot.waitUntil(lambda: not view.isVisible(), timeout=2000)
    return size


def test_the_statistics_grow_with_the_window(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    at_size(qtbot, window, SMALL)
    small_dialog = open_stats(qtbot, window, tmp_path / "small")
    small_size = small_dialog.size()
    small = words_of(small_dialog)
    small_popup = popup_words(qtbot, small_dialog.group)
    small_dialog.close()

    at_size(qtbot, window, LARGE)
    dialog = open_stats(qtbot, window, tmp_path / "large")
    assert dialog.width() >= small_size.width() * 1.4 and dialog.height() >= small_size.height() * 1.4, (
        "opens as much larger as the window is"
    )
    large = words_of(dialog)
    for before, after in zip(small, large, strict=True):
        assert abs(after - before * PAGE_SCALE_MAX) <= 1, (small, large)
    words, item = popup_words(qtbot, dialog.group)
    assert abs(words - small_popup[0] * PAGE_SCALE_MAX) <= 1, "the open list's words as large as the field's"
    assert item >= QFontMetrics(dialog.group.view().font()).height(), "its items as tall as their words"
    charts = (dialog.chart, dialog.luck.chart, dialog.skill.chart)
    assert [chart.words_scale for chart in charts] == [PAGE_SCALE_MAX] * 3, "the charts' own words"
    # Made smaller by the player, its words go back to their size at 1024x700.
    dialog.resize(small_size)
    qtbot.waitUntil(lambda: dialog.size() == small_size, timeout=2000)
    assert words_of(dialog) == small
    assert [chart.words_scale for chart in charts] == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_lobby_s_open_lists_grow_with_its_fields(qtbot: QtBot, window: MainWindow, language: str) -> None:
    window.set_language(language)
    combo = window.lobby.seat_rows[1].kind
    at_size(qtbot, window, SMALL)
    small = popup_words(qtbot, combo)
    at_size(qtbot, window, LARGE)
    words, item = popup_words(qtbot, combo)
    assert abs(words - small[0] * PAGE_SCALE_MAX) <= 1, (small, words)
    assert item >= QFontMetrics(combo.view().font()).height(), (small, item)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_room_s_tabs_and_talk_grow_with_its_side_panel(qtbot: QtBot, language: str) -> None:
    """At 1920x1080 a room's side panel had grown but for its "Moves" and "Players and talk" tabs, the talk's log,
    its phrases and its line to type: 12 px under a 21 px score."""
    LANGUAGE.install(language)
    window, _sent = offline_ben(qtbot)
    qtbot.waitExposed(window)
    words = (window.tabs.tabBar(), window.log, window.say_phrase, window.phrases, window.chat, window.page.turn)

    def sizes(size: tuple[int, int]) -> list[int]:
        window.resize(*size)
        qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=2000)
        qtbot.wait(50)
        return [pixels(widget) for widget in words]

    small, large = sizes(SMALL), sizes(LARGE)
    for before, after in zip(small, large, strict=True):
        assert abs(after - before * PAGE_SCALE_MAX) <= 1, (small, large)
    bar = window.tabs.tabBar()
    needed = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
    assert needed <= window.tabs.width(), "both tabs' words whole, in the larger size too"
    window.close()


def finished_hand(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=2)
    window.controller.autoplay(10_000)
    qtbot.waitUntil(lambda: window.game.hand_end.isVisible(), timeout=30_000)


def review_of(window: MainWindow) -> ReviewDialog:
    match = window.controller.match
    assert match is not None
    return ReviewDialog(match, window.controller.seats, window.look, window)


def shown(qtbot: QtBot, dialog: QDialog) -> QDialog:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.wait(50)
    return dialog


def test_the_review_s_table_fills_its_view_as_it_opens(qtbot: QtBot, window: MainWindow) -> None:
    """The hand under review was fitted to the view before the dialog's layout had sized it: 18% small in a
    1000x700 dialog until it was resized, and half its size in a dialog opened over a 1920x1080 window."""
    finished_hand(qtbot, window)
    for size in (SMALL, LARGE):
        at_size(qtbot, window, size)
        review = shown(qtbot, review_of(window))
        assert isinstance(review, ReviewDialog)
        port, area = review.view.viewport().size(), review.scene_.sceneRect()
        fit = min(port.width() / area.width(), port.height() / area.height())
        assert abs(review.view.transform().m11() - fit) <= 0.02 * fit, (size, review.view.transform().m11(), fit)
        if size == LARGE:
            assert review.width() >= 1000 * 1.4, "as much larger as the window under it"
        review.close()


Opener = Callable[[MainWindow], QDialog]
OPENERS: dict[str, Opener] = {
    "rules": lambda window: RulesDialog(window.current_rules(), window),
    "look": lambda window: LookDialog(window.look, window),
    "join": lambda window: JoinDialog(window, discovery_port=free_udp_port(), name="Ana"),
}


@pytest.mark.parametrize("name", sorted(OPENERS))
def test_a_dialog_opens_as_large_as_the_window_under_it(qtbot: QtBot, window: MainWindow, name: str) -> None:
    """The rules, the look and the Join dialog opened at their 1024x700 size, with its words, over a window at
    1920x1080."""
    opened: list[tuple[QSize, list[int]]] = []
    for size in (SMALL, LARGE):
        at_size(qtbot, window, size)
        dialog = shown(qtbot, OPENERS[name](window))
        words = [w for w in dialog.findChildren(QWidget) if isinstance(w, (QLabel, QPushButton, QTextBrowser))]
        assert words, name
        opened.append((dialog.size(), [pixels(w) for w in words]))
        dialog.close()
    (small_size, small), (large_size, large) = opened
    assert large_size.width() >= small_size.width() * 1.4 and large_size.height() >= small_size.height() * 1.4
    for before, after in zip(small, large, strict=True):
        assert abs(after - before * PAGE_SCALE_MAX) <= 1, (small, large)


def test_the_look_s_flags_grow_with_its_words(qtbot: QtBot, window: MainWindow) -> None:
    """The flags beside the countries' names kept their 32x24 of 1024x700 beside words half as large again."""
    icons = []
    for size in (SMALL, LARGE):
        at_size(qtbot, window, size)
        dialog = shown(qtbot, LookDialog(window.look, window))
        assert isinstance(dialog, LookDialog)
        jamaica = next(
            dialog.flags.item(row) for row in range(dialog.flags.count()) if dialog.flags.item(row).text() == "Jamaica"
        )
        drawn = jamaica.icon().availableSizes()
        icons.append((dialog.flags.iconSize().height(), max(s.height() for s in drawn)))
        dialog.close()
    (small_box, small_drawn), (large_box, large_drawn) = icons
    assert small_box >= small_drawn > 0, "the list's icons as large as the flags drawn"
    assert large_box == round(small_box * PAGE_SCALE_MAX) and large_drawn == round(small_drawn * PAGE_SCALE_MAX), icons


def test_the_duplicate_results_grow_with_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    """The duplicate match's results kept the 13 px words of 1024x700 over a table at 1920x1080; measured before
    the dialog was laid out, a row of the larger words wrapped and stood two lines tall."""
    window = make_window(qtbot, tmp_path)
    start_duplicate_from_lobby(qtbot, window, deals=4)
    window.controller.autoplay(10_000)
    qtbot.waitUntil(lambda: window.game.hand_end.isVisible(), timeout=30_000)
    seen = []
    for size in (SMALL, LARGE):
        at_size(qtbot, window, size)
        window.show_duplicate_results()
        sheet = window.game.results
        assert sheet is not None
        qtbot.waitUntil(sheet.isVisible, timeout=2000)
        qtbot.wait(50)
        table = sheet.table
        total = table.item(table.rowCount() - 1, 0)
        assert total is not None and total.font().bold()
        rows = [table.rowHeight(row) for row in range(table.rowCount())]
        seen.append((pixels(sheet.heading), pixels(table), QFontInfo(total.font()).pixelSize(), sheet.width()))
        assert max(rows) - min(rows) <= 2, f"every row one line tall: {rows}"
        # No empty well above the buttons: the dialog's least height, set from the table's first and taller
        # guess, kept it 140 px taller than its words at 1024x700.
        box = sheet.findChild(QDialogButtonBox)
        assert box is not None
        well = box.geometry().top() - sheet.fairness.geometry().bottom()
        assert well <= 2 * sheet.layout().spacing() + 1, (size, well)  # type: ignore[union-attr]
        sheet.close()
    (*small, small_width), (*large, large_width) = seen
    for before, after in zip(small, large, strict=True):
        assert abs(after - before * PAGE_SCALE_MAX) <= 1, seen
    assert large_width >= small_width * 1.4, seen


def wrapped_lines(font: QFont, text: str, width: int) -> list[str]:
    """`text` word-wrapped at `width` in `font`, as Qt lays it out: its lines' words."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        lines.append(text[line.textStart() : line.textStart() + line.textLength()].strip())
    layout.endLayout()
    return lines


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["1024x700", "1920x1080"])
def test_the_results_table_fits_its_dialog(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    """Statistics ▸ Results in Spanish at 1920x1080 scrolled sideways, its last column past the dialog's edge: every
    column fits the dialog's width (its header's words wrapped), no word of a header or a cell cut."""
    from dominoes_desktop.store.stats import Statistics
    from tests.store.test_stats import scripted_match
    from tests.ui.test_stats_truth import PLAYERS

    stats = Statistics(tmp_path)
    stats.record("Home", scripted_match(), PLAYERS)
    stats.close()
    window.set_language(language)
    at_size(qtbot, window, size)
    dialog = open_stats(qtbot, window, tmp_path)
    table = dialog.table
    qtbot.waitUntil(lambda: table.rowCount() > 0, timeout=5000)
    qtbot.wait(100)
    if language == "es":
        assert table.horizontalHeaderItem(3).text() == "Ganadas\N{NO-BREAK SPACE}/ perdidas", "read in Spanish"
    assert table.horizontalScrollBar().maximum() == 0, (table.horizontalScrollBar().maximum(), table.width())
    header = table.horizontalHeader()
    bold = QFont(header.font())
    bold.setBold(True)  # as the look's style sheet draws a section's words
    header_words = QFontMetrics(bold)
    cell_words = QFontMetrics(table.font())
    for column in range(table.columnCount()):
        width = header.sectionSize(column)
        title = table.horizontalHeaderItem(column).text()
        longest = max(header_words.horizontalAdvance(word) for word in title.split(" "))  # no-break spaces hold
        assert longest <= width, (title, longest, width)
        lines = max(1, len(title.split(" ")))  # at worst a word a line
        assert header.height() >= min(lines, 2) * header_words.height(), (title, header.height())
        # A pair's slash stays with the word before it: "Ganadas / perdidas" had a line of its own for "/".
        margin = header.sectionSizeHint(column) - header_words.horizontalAdvance(title)  # as ColumnsFit takes it
        assert "/" not in wrapped_lines(bold, title, width - margin), title
        for row in range(table.rowCount()):
            text = table.item(row, column).text()
            assert cell_words.horizontalAdvance(text) <= width, (text, width)
    dialog.close()
