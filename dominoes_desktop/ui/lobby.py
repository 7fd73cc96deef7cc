"""Host a match: choose a preset and the CPUs, then Start. One click starts the default match."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..engine.presets import PRESETS, build_rules
from ..engine.rules import Rules
from .rules_page import SPECIAL, rules_html

GROUPS = (("caribbean", "Caribbean"), ("classic", "Classic"), ("points", "Point games"))


class LobbyPage(QWidget):
    """The start screen: presets grouped by family, a rules preview, CPU difficulty, Start."""

    startRequested = Signal(object, str)  # Rules, CPU level

    def __init__(self, initial: str = "jamaican", level: str = "medium", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lobby")
        title = QLabel("Host a match")
        title.setObjectName("title")
        subtitle = QLabel("Pick your house rules, then press Start.")
        self.presets = QListWidget()
        self.presets.setAccessibleName("Presets")
        for group, heading in GROUPS:
            header = QListWidgetItem(heading)
            header.setFlags(Qt.ItemFlag.NoItemFlags)
            font = header.font()
            font.setBold(True)
            header.setFont(font)
            self.presets.addItem(header)
            for preset_id, preset in PRESETS.items():
                if preset.group == group:
                    item = QListWidgetItem(f"   {preset.rules.name}")
                    item.setData(Qt.ItemDataRole.UserRole, preset_id)
                    item.setToolTip(SPECIAL.get(preset_id, ""))
                    self.presets.addItem(item)
        self.rules_view = QTextBrowser()
        self.rules_view.setAccessibleName("House rules")
        self.level = QComboBox()
        self.level.setAccessibleName("CPU difficulty")
        for value, label in (("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")):
            self.level.addItem(label, value)
        self.level.setCurrentIndex(max(0, self.level.findData(level)))
        self.start = QPushButton("Start")
        self.start.setObjectName("start")
        self.start.setAccessibleName("Start the match")
        self.start.setDefault(True)
        self.start.setAutoDefault(True)
        self.start.clicked.connect(self._start)
        options = QGroupBox("Seats")
        form = QFormLayout(options)
        form.addRow("You and", QLabel("CPU players in the other seats"))
        form.addRow("CPU difficulty", self.level)
        left = QVBoxLayout()
        left.addWidget(self.presets, 1)
        left.addWidget(options)
        left.addWidget(self.start)
        columns = QHBoxLayout()
        columns.addLayout(left, 2)
        columns.addWidget(self.rules_view, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(subtitle)
        layout.addLayout(columns, 1)
        self.presets.currentItemChanged.connect(self._show_rules)
        self.select(initial)
        self.presets.itemActivated.connect(lambda _item: self._start())

    def select(self, preset_id: str) -> None:
        for row in range(self.presets.count()):
            if self.presets.item(row).data(Qt.ItemDataRole.UserRole) == preset_id:
                self.presets.setCurrentRow(row)
                return

    def current_preset(self) -> str:
        item = self.presets.currentItem()
        value = item.data(Qt.ItemDataRole.UserRole) if item else None
        return str(value) if value else "jamaican"

    def current_rules(self) -> Rules:
        return build_rules(self.current_preset())

    def _show_rules(self) -> None:
        self.rules_view.setHtml(rules_html(self.current_rules()))

    def _start(self) -> None:
        self.startRequested.emit(self.current_rules(), str(self.level.currentData()))
