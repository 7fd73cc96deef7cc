"""The Coach button on a panel (the end-of-hand sheet, hand review), and how a button is put beside another
in whatever layout holds it. Apart from the coach window, which loads the exact solver, so that a table opens
without it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QBoxLayout, QGridLayout, QLayout, QPushButton, QWidget


def add_coach_button(panel: QWidget, beside: QPushButton, open_coach: Callable[[], None]) -> QPushButton:
    """A "Coach" button put next to `beside` in `panel` (the end-of-hand sheet, hand review), without the
    panel having to know about the coach."""
    button = QPushButton(QCoreApplication.translate("CoachDialog", "Coach"))
    button.setAccessibleName(QCoreApplication.translate("CoachDialog", "Coach: what you should have played"))
    button.clicked.connect(open_coach)
    place_beside(panel, beside, button, after=True)
    return button


def place_beside(panel: QWidget, beside: QWidget, button: QWidget, *, after: bool) -> None:
    """Put `button` next to `beside` in whatever layout holds it: a row or column takes it before or after,
    a grid (the end-of-hand sheet) a new row across its columns; with no such layout, the panel's own."""
    holder = layout_holding(panel.layout(), beside)
    if isinstance(holder, QBoxLayout):
        holder.insertWidget(holder.indexOf(beside) + (1 if after else 0), button)
    elif isinstance(holder, QGridLayout):
        holder.addWidget(button, holder.rowCount(), 0, 1, max(1, holder.columnCount()))
    elif (top := panel.layout()) is not None:
        top.addWidget(button)


def layout_holding(layout: QLayout | None, widget: QWidget) -> QLayout | None:
    if layout is None:
        return None
    if layout.indexOf(widget) >= 0:
        return layout
    for i in range(layout.count()):
        item = layout.itemAt(i)
        found = layout_holding(item.layout() if item is not None else None, widget)
        if found is not None:
            return found
    return None
