"""'Your view': finishes, pips, pin, theme, camera, motion, speed and rack flag, with a live preview."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QT_TRANSLATE_NOOP, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...engine.tiles import Tile
from ..shell.announce import name_clear_buttons
from ..shell.i18n import translate
from ..shell.settings import CAMERAS, MOTIONS, SPEEDS
from ..table.tile_item import TileItem, paint_tile_back
from .flags import FLAGS, flag_pixmap, matching_flags
from .form_rows import level_label
from .grows import grows_with_window
from .looks import ARMS, FINISHES, PINS, PIP_STYLES, Look, Theme, themes

# The room between the choices (and their preview) and the rack flags at 1024x700, growing with the dialog's words:
# the style's 6 px left the longest field's arrow all but touching the flags' list at 1920x1080.
COLUMN_GAP_AT_1 = 18

PIP_NAMES = {
    "automatic": QT_TRANSLATE_NOOP("LookDialog", "Automatic (numerals for 7 to 12)"),
    "classic": QT_TRANSLATE_NOOP("LookDialog", "Classic dots"),
    "colored": QT_TRANSLATE_NOOP("LookDialog", "Coloured dots"),
    "numerals": QT_TRANSLATE_NOOP("LookDialog", "Numerals"),
}
PIN_NAMES = {
    "brass": QT_TRANSLATE_NOOP("LookDialog", "Brass"),
    "silver": QT_TRANSLATE_NOOP("LookDialog", "Silver"),
    "none": QT_TRANSLATE_NOOP("LookDialog", "None"),
}
CAMERA_NAMES = {"top": QT_TRANSLATE_NOOP("LookDialog", "Top-down"), "tilted": QT_TRANSLATE_NOOP("LookDialog", "Tilted")}
MOTION_NAMES = {
    "full": QT_TRANSLATE_NOOP("LookDialog", "Full"),
    "reduced": QT_TRANSLATE_NOOP("LookDialog", "Reduced (no flying tiles)"),
}
ARMS_NAMES = {
    "cross": QT_TRANSLATE_NOOP("LookDialog", "Drawn as a cross"),
    "rows": QT_TRANSLATE_NOOP("LookDialog", "One row per arm (small screens)"),
}
SPEED_NAMES = {
    "slow": QT_TRANSLATE_NOOP("LookDialog", "Slow"),
    "normal": QT_TRANSLATE_NOOP("LookDialog", "Normal"),
    "fast": QT_TRANSLATE_NOOP("LookDialog", "Fast"),
}


class LookPreview(QGraphicsView):
    """A face, a double with big numbers, and a back, on the theme's felt."""

    def __init__(self, look: Look, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumSize(360, 170)
        self.setAccessibleName(self.tr("Preview of the table"))
        # And its viewport, which a screen reader meets as the picture itself: unnamed, it was a nameless "filler"
        # (as the table's viewport was, a11y audit A18).
        self.viewport().setAccessibleName(self.tr("Preview of the table"))
        # A picture, not a control: as a Tab stop it took the focus and showed none (keyboard tour at 1024x700).
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.preview = QGraphicsScene(self)
        self.setScene(self.preview)
        self.felt = QGraphicsRectItem(QRectF(-200, -75, 420, 150))
        self.preview.addItem(self.felt)
        self.tiles = [
            TileItem(Tile(6, 4), look),
            TileItem(Tile(9, 9), look, vertical=True),
            TileItem(Tile(12, 5), look),
            TileItem(None, look, vertical=True, face_up=False),
        ]
        for item, x in zip(self.tiles, (-135, -50, 40, 150), strict=True):
            item.setPos(x, 0)
            self.preview.addItem(item)
        self.show_look(look)

    def show_look(self, look: Look) -> None:
        self.felt.setBrush(QColor(look.theme.felt))
        self.felt.setPen(QColor(look.theme.rail))
        flag = flag_pixmap(look.flag)
        for item in self.tiles:
            item.look = look
            item.back_flag = flag
            item.update()
        self.setBackgroundBrush(QColor(look.theme.felt_edge))
        self._fit()

    def _fit(self) -> None:
        self.fitInView(self.felt.rect().adjusted(-10, -10, 10, 10), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()


def plain_back(theme: Theme, width: int, height: int) -> QPixmap:
    """The plain back (no flag) a flag's swatch size, drawn as the table draws a tile's back."""
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    body = QRectF(1, 1, width - 2, height - 2)  # its outline whole inside the swatch
    paint_tile_back(painter, body, height * 0.15, theme)
    painter.end()
    return pixmap


class LookDialog(QDialog):
    lookChosen = Signal(object)  # Look

    def __init__(self, look: Look, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Your view"))
        self.look = look
        self.finish = self._combo(self.tr("Tile finish"), {f.id: f.name for f in FINISHES.values()}, look.finish.id)
        self.pips = self._combo(self.tr("Pips"), PIP_NAMES, look.pips)
        self.pin = self._combo(self.tr("Centre pin"), PIN_NAMES, look.pin)
        self.theme = self._combo(self.tr("Table theme"), {t.id: t.name for t in themes().values()}, look.theme.id)
        self.camera = self._combo(self.tr("Camera"), CAMERA_NAMES, look.camera)
        self.motion = self._combo(self.tr("Motion"), MOTION_NAMES, look.motion)
        self.speed = self._combo(self.tr("Animation speed"), SPEED_NAMES, look.speed)
        self.arms = self._combo(self.tr("Cross games"), ARMS_NAMES, look.arms)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search flags"))
        self.search.setAccessibleName(self.tr("Search flags"))
        self.search.setClearButtonEnabled(True)
        name_clear_buttons(self.search)
        self.flags = QListWidget()
        self.flags.setAccessibleName(self.tr("Rack flag"))
        self.flag_icon_at_1 = QSize(32, 24)  # as large as the flags are drawn (the list's own is the style's, -1)
        self.flags.setIconSize(self.flag_icon_at_1)
        self.flag_scale = 1.0  # the flags drawn larger in a larger dialog, as its words are
        self.no_match = QLabel(self.tr("No flags match"))
        self.no_match.setAccessibleName(self.tr("No flags match"))
        self.no_match.hide()
        self.flag_choice = look.flag  # kept while a search hides it
        self._fill_flags("")
        self.preview = LookPreview(look)
        form = QFormLayout()
        for label, widget in (
            (self.tr("Tile finish"), self.finish),
            (self.tr("Pips"), self.pips),
            (self.tr("Centre pin"), self.pin),
            (self.tr("Table theme"), self.theme),
            (self.tr("Camera"), self.camera),
            (self.tr("Motion"), self.motion),
            (self.tr("Animation speed"), self.speed),
            (self.tr("Cross games"), self.arms),
        ):
            form.addRow(level_label(label, widget), widget)
        flags_box = QVBoxLayout()
        flags_box.addWidget(QLabel(self.tr("Rack flag (the backs of your tiles)")))
        flags_box.addWidget(self.search)
        flags_box.addWidget(self.flags, 1)
        flags_box.addWidget(self.no_match)
        columns = QHBoxLayout()
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.preview, 1)
        columns.addLayout(left, 3)
        columns.addLayout(flags_box, 2)
        self.columns, self.flags_box = columns, flags_box
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addWidget(buttons)
        for combo in (self.finish, self.pips, self.pin, self.theme, self.camera, self.motion, self.speed, self.arms):
            combo.currentIndexChanged.connect(self._changed)
        self.theme.currentIndexChanged.connect(self._plain_swatch)
        self.flags.currentItemChanged.connect(self._changed)
        self.search.textChanged.connect(self._fill_flags)
        self._gap(1.0)
        grows_with_window(self, QSize(820, 560), self._scaled)  # its words as large as the window's under it

    def _combo(self, name: str, choices: dict[str, object], current: str) -> QComboBox:
        combo = QComboBox()
        combo.setAccessibleName(name)
        for value, label in choices.items():
            combo.addItem(translate("LookDialog", label), value)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        return combo

    def _fill_flags(self, text: str) -> None:
        chosen = self.flag_choice
        self.flags.blockSignals(True)
        self.flags.clear()
        codes = matching_flags(text)
        drawn = self.flag_icon_at_1 * self.flag_scale  # the list's icon size (resizeEvent), rounded as Qt rounds it
        width, height = drawn.width(), drawn.height()
        if not text.strip() or "plain".startswith(text.strip().casefold()):
            plain = QListWidgetItem(self.tr("Plain"))
            plain.setData(Qt.ItemDataRole.UserRole, "plain")
            # No flag, but a flag's room: its row as tall as the others and its name in line with theirs (it
            # stood at the list's edge in a thin strip above the flags). Its swatch is the plain back itself:
            # an empty cell beside the name looked unfinished.
            plain.setIcon(QIcon(plain_back(self._theme_shown(), width, height)))
            self.flags.addItem(plain)
        for code in codes:
            item = QListWidgetItem(translate("Flags", FLAGS[code]))
            item.setData(Qt.ItemDataRole.UserRole, code)
            pixmap = flag_pixmap(code, width, height)
            if pixmap is not None:
                item.setIcon(QIcon(pixmap))
            self.flags.addItem(item)
        for row in range(self.flags.count()):
            if self.flags.item(row).data(Qt.ItemDataRole.UserRole) == chosen:
                self.flags.setCurrentRow(row)
        self.flags.blockSignals(False)
        self.no_match.setVisible(self.flags.count() == 0)

    def _theme_shown(self) -> Theme:
        return themes().get(str(self.theme.currentData()), self.look.theme)

    def _plain_swatch(self) -> None:
        """The plain back's swatch in the theme chosen now (a tile's back is the table's rail colour)."""
        size = self.flags.iconSize()
        for row in range(self.flags.count()):
            item = self.flags.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == "plain":
                item.setIcon(QIcon(plain_back(self._theme_shown(), size.width(), size.height())))

    def _gap(self, scale: float) -> None:
        """The columns COLUMN_GAP_AT_1 apart `scale` times over: a margin beside the flags makes up the layout's
        spacing to it (a spacing of its own would be the rows' too: a layout's spacing is its inner layouts')."""
        gap = round(COLUMN_GAP_AT_1 * scale)
        self.flags_box.setContentsMargins(max(0, gap - self.columns.spacing()), 0, 0, 0)

    def _scaled(self, scale: float) -> None:
        """The flags and the gap between the columns as much larger as the dialog's words."""
        self._gap(scale)
        self.flag_scale = scale
        self.flags.setIconSize(self.flag_icon_at_1 * scale)
        self._fill_flags(self.search.text())

    def current_flag(self) -> str:
        return self.flag_choice

    def chosen(self) -> Look:
        return replace(
            self.look,
            finish=FINISHES[str(self.finish.currentData())],
            pips=str(self.pips.currentData()) if self.pips.currentData() in PIP_STYLES else "automatic",
            pin=str(self.pin.currentData()) if self.pin.currentData() in PINS else "brass",
            theme=themes()[str(self.theme.currentData())],
            camera=str(self.camera.currentData()) if self.camera.currentData() in CAMERAS else "top",
            motion=str(self.motion.currentData()) if self.motion.currentData() in MOTIONS else "full",
            speed=str(self.speed.currentData()) if self.speed.currentData() in SPEEDS else "normal",
            arms=str(self.arms.currentData()) if self.arms.currentData() in ARMS else "cross",
            flag=self.current_flag(),
        )

    def _changed(self) -> None:
        item = self.flags.currentItem()
        if item is not None:
            self.flag_choice = str(item.data(Qt.ItemDataRole.UserRole))
        self.preview.show_look(self.chosen())

    def _accept(self) -> None:
        self.lookChosen.emit(self.chosen())
        self.accept()
