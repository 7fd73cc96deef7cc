"""A form's row label level with its field."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


def level_label(text: str, buddy: QWidget) -> QLabel:
    """A label as tall as its field's row, its words in the row's middle: level with the field's words. A form
    gives a label of its own words' height the top of a taller field's row (the lobby's "Set" and Your view's
    labels sat 4 to 6 px above their fields' words)."""
    label = QLabel(text)
    label.setBuddy(buddy)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
    return label
