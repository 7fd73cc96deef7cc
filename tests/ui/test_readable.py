"""Every widget readable on every theme: popups, spin boxes, headers and buttons, measured on real renders."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QCheckBox, QComboBox, QGroupBox, QLabel, QMenu, QSpinBox, QStyle, QStyleOptionButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.look.look_style import button_fill, contrast, mixed, palette, text_on
from dominoes_desktop.ui.look.looks import themes
from dominoes_desktop.ui.shell.main_window import MainWindow


def _fill_and_words(image: QImage) -> tuple[str, str]:
    """The most common colour of a render (its fill) and the colour farthest from it (its words)."""
    counts: dict[int, int] = {}
    for y in range(image.height()):
        for x in range(image.width()):
            rgb = image.pixel(x, y) & 0xFFFFFF
            counts[rgb] = counts.get(rgb, 0) + 1
    fill = QColor(max(counts, key=lambda c: counts[c])).name()
    return fill, max((QColor(c).name() for c in counts), key=lambda colour: contrast(fill, colour))


def _spread(image: QImage) -> float:
    """The contrast between the most common colour (the background) and the colour farthest from it."""
    return contrast(*_fill_and_words(image))


@pytest.mark.parametrize("theme_id", sorted(themes()))
def test_text_colours_contrast_with_their_backgrounds(theme_id: str) -> None:
    theme = themes()[theme_id]
    button = button_fill(theme)
    assert contrast(text_on(button, theme.panel_text), button) >= 4.5
    assert contrast(text_on(theme.log, theme.panel_text), theme.log) >= 4.5
    assert contrast(text_on(theme.accent), theme.accent) >= 4.5
    assert contrast(text_on(theme.panel, theme.panel_text), theme.panel) >= 4.5


@pytest.mark.parametrize("theme_id", ["high_contrast", "beach", "green_felt"])
def test_combo_popup_and_buttons_render_readably(qtbot: QtBot, window: MainWindow, theme_id: str) -> None:
    window.apply_look(replace(window.look, theme=themes()[theme_id]))
    combo = window.lobby.findChildren(QComboBox)[0]
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    # An entry that is not highlighted must read as well as the highlighted one (the bug: light on light grey).
    row = 1 if combo.count() > 1 else 0
    rect = view.visualRect(view.model().index(row, 0))
    shot = view.viewport().grab(rect).toImage()
    assert _spread(shot) >= 4.5
    combo.hidePopup()
    spin = window.lobby.findChildren(QSpinBox)[0]
    spin.show()
    assert _spread(spin.grab().toImage()) >= 3.0  # the arrows on their buttons
    for button in (window.lobby.start, window.game.rules_button):
        assert _spread(button.grab().toImage()) >= 4.5


def test_the_lobby_links_read_on_the_rules_text(qtbot: QtBot, window: MainWindow) -> None:
    """Rich text takes its link colour from the palette when it is set: the lobby's rules, made with the window,
    must not keep Qt's default dark blue on the dark list."""
    document = window.lobby.rules_view.document()
    colours = []
    block = document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            char = fragments.fragment().charFormat()
            if char.isAnchor() and char.anchorHref():
                colours.append(char.foreground().color().name())
            fragments += 1
        block = block.next()
    assert colours, "the rules text links to the learning pages"
    background = window.look.theme.log
    assert all(contrast(colour, background) >= 4.5 for colour in colours), (colours, background)


@pytest.mark.parametrize("theme_id", sorted(themes()))
def test_disabled_words_stay_legible(qtbot: QtBot, window: MainWindow, theme_id: str) -> None:
    """A disabled button's words (Draw and Pass while it is not the person's turn) and a disabled menu item's stand
    out at least 3:1 from their fill, as WCAG asks of words: the beach's grey on its teal buttons stood out 1.2:1,
    the rum shop's 1.2:1 on red, the night's 2:1."""
    window.apply_look(replace(window.look, theme=themes()[theme_id]))
    drawn = []
    for button, enabled in ((window.game.draw_button, False), (window.game.hint_button, True)):
        button.setEnabled(enabled)
        # Its words whole, past its padding: the size hint of a button not shown yet fell short of them, and the
        # beach's enabled Hint was sampled as its fill alone.
        button.resize(button.fontMetrics().horizontalAdvance(button.text()) + 48, button.sizeHint().height())
        inside = button.rect().adjusted(8, 4, -8, -4)  # the words on the fill, not the rounded border round them
        drawn.append(_fill_and_words(button.grab(inside).toImage()))
    (fill, words), (enabled_fill, enabled_words) = drawn
    assert contrast(words, fill) >= 3.0, drawn
    # Plainly disabled: words 2:1 apart from an enabled button's (the beach's dark teal stood 1.3:1 from its black,
    # the rum shop's cream faded to 3:1 on red looked enabled) and no face of its own, only the panel.
    assert contrast(words, enabled_words) >= 2.0, drawn
    assert contrast(fill, window.look.theme.panel) < 1.05 and enabled_fill != fill, drawn
    menu = QMenu(window)
    qtbot.addWidget(menu)
    faint = menu.addAction("Copy invite link")
    faint.setEnabled(False)
    menu.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(menu.isVisible)
    assert _spread(menu.grab(menu.actionGeometry(faint)).toImage()) >= 3.0
    menu.hide()
    theme = window.look.theme
    disabled = palette(theme).color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
    on_panel = mixed(theme.panel, disabled.name(), disabled.alphaF())  # as a disabled label is drawn on the panel
    assert contrast(on_panel, theme.panel) >= 3.0


@pytest.mark.parametrize("theme_id", sorted(themes()))
def test_titles_read_on_the_panel(qtbot: QtBot, window: MainWindow, theme_id: str) -> None:
    """The lobby's title, the side panel's ("Score · hand 1", "Moves") and a group's read 4.5:1 on the panel: the
    beach's coral titles on its teal panel read 2.3:1."""
    window.apply_look(replace(window.look, theme=themes()[theme_id]))
    labels = window.lobby.findChildren(QLabel) + window.game.findChildren(QLabel)
    titles = [label for label in labels if label.objectName() in ("title", "panelTitle")]
    assert {label.objectName() for label in titles} == {"title", "panelTitle"}
    for label in titles:
        label.ensurePolished()
        assert _spread(label.grab().toImage()) >= 4.5, label.text()
    group = window.lobby.findChild(QGroupBox)
    assert group is not None and group.title()
    heading = QRect(0, 0, group.width(), group.fontMetrics().height())  # the title, above the box's border
    assert _spread(group.grab(heading).toImage()) >= 4.5, group.title()


@pytest.mark.parametrize("theme_id", sorted(themes()))
def test_a_ticked_box_shows_a_tick(qtbot: QtBot, window: MainWindow, theme_id: str) -> None:
    """A ticked box bears a mark that stands out 3:1 from its fill, so that on and off differ by more than a colour
    (WCAG's "not by colour alone"): it was a square filled with the theme's colour, alike on every theme."""
    window.apply_look(replace(window.look, theme=themes()[theme_id]))
    box = QCheckBox("Capicúa bonus", window.lobby)
    box.setChecked(True)
    box.show()
    qtbot.waitExposed(box)
    option = QStyleOptionButton()
    box.initStyleOption(option)
    mark = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
    middle = mark.adjusted(mark.width() // 4, mark.height() // 4, -(mark.width() // 4), -(mark.height() // 4))
    assert _spread(box.grab(middle).toImage()) >= 3.0, mark
    box.setChecked(False)
    assert _spread(box.grab(middle).toImage()) < 1.5  # unticked: the box's own ground, no mark
