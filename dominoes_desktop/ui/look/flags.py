"""Rack flags: the SVGs in resources/flags, drawn with QtSvg and clipped to their rectangle."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QT_TRANSLATE_NOOP, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from ...resources import resources_dir
from ..shell.i18n import translate

# ISO 3166 code -> name, in the order the settings list shows them.
FLAGS: dict[str, object] = {  # names in English; translated where shown
    "jm": QT_TRANSLATE_NOOP("Flags", "Jamaica"),
    "tt": QT_TRANSLATE_NOOP("Flags", "Trinidad and Tobago"),
    "bb": QT_TRANSLATE_NOOP("Flags", "Barbados"),
    "bs": QT_TRANSLATE_NOOP("Flags", "Bahamas"),
    "pr": QT_TRANSLATE_NOOP("Flags", "Puerto Rico"),
    "do": QT_TRANSLATE_NOOP("Flags", "Dominican Republic"),
    "cu": QT_TRANSLATE_NOOP("Flags", "Cuba"),
    "ht": QT_TRANSLATE_NOOP("Flags", "Haiti"),
    "gd": QT_TRANSLATE_NOOP("Flags", "Grenada"),
    "lc": QT_TRANSLATE_NOOP("Flags", "Saint Lucia"),
    "vc": QT_TRANSLATE_NOOP("Flags", "Saint Vincent and the Grenadines"),
    "ag": QT_TRANSLATE_NOOP("Flags", "Antigua and Barbuda"),
    "dm": QT_TRANSLATE_NOOP("Flags", "Dominica"),
    "kn": QT_TRANSLATE_NOOP("Flags", "Saint Kitts and Nevis"),
    "gy": QT_TRANSLATE_NOOP("Flags", "Guyana"),
    "bz": QT_TRANSLATE_NOOP("Flags", "Belize"),
    "ky": QT_TRANSLATE_NOOP("Flags", "Cayman Islands"),
    "tc": QT_TRANSLATE_NOOP("Flags", "Turks and Caicos"),
    "vi": QT_TRANSLATE_NOOP("Flags", "US Virgin Islands"),
    "pa": QT_TRANSLATE_NOOP("Flags", "Panama"),
    "co": QT_TRANSLATE_NOOP("Flags", "Colombia"),
    "ve": QT_TRANSLATE_NOOP("Flags", "Venezuela"),
    "cr": QT_TRANSLATE_NOOP("Flags", "Costa Rica"),
    "ni": QT_TRANSLATE_NOOP("Flags", "Nicaragua"),
    "hn": QT_TRANSLATE_NOOP("Flags", "Honduras"),
    "sr": QT_TRANSLATE_NOOP("Flags", "Suriname"),
    "aw": QT_TRANSLATE_NOOP("Flags", "Aruba"),
    "cw": QT_TRANSLATE_NOOP("Flags", "Curaçao"),
    "bq": QT_TRANSLATE_NOOP("Flags", "Bonaire"),
    "sx": QT_TRANSLATE_NOOP("Flags", "Sint Maarten"),
    "mq": QT_TRANSLATE_NOOP("Flags", "Martinique"),
    "gp": QT_TRANSLATE_NOOP("Flags", "Guadeloupe"),
    "ms": QT_TRANSLATE_NOOP("Flags", "Montserrat"),
    "ai": QT_TRANSLATE_NOOP("Flags", "Anguilla"),
    "vg": QT_TRANSLATE_NOOP("Flags", "British Virgin Islands"),
}


def flag_codes() -> list[str]:
    return list(FLAGS)


@cache
def _renderer(code: str) -> QSvgRenderer:
    return QSvgRenderer(str(resources_dir() / "flags" / f"{code}.svg"))


def flag_pixmap(code: str, width: int = 96, height: int = 72) -> QPixmap | None:
    """The flag drawn into a width x height pixmap, clipped to it; None for 'plain' or a missing file."""
    if code not in FLAGS:
        return None
    renderer = _renderer(code)
    if not renderer.isValid():
        return None
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(0, 0, width, height)
    painter.setClipRect(rect)  # some artwork reaches outside its view box
    renderer.render(painter, rect)
    painter.end()
    return pixmap


def matching_flags(text: str) -> list[str]:
    """Codes whose name or code contains `text` (case and accents loosely ignored)."""
    needle = text.strip().casefold()
    plain = needle.replace("ç", "c")
    found = []
    for code, name in FLAGS.items():
        shown = {str(name).casefold(), translate("Flags", name).casefold()}
        if not needle or needle == code or any(needle in n or plain in n.replace("ç", "c") for n in shown):
            found.append(code)
    return found
