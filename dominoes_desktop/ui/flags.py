"""Rack flags: the SVGs in resources/flags, drawn with QtSvg and clipped to their rectangle."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from ..resources import resources_dir

# ISO 3166 code -> name, in the order the settings list shows them.
FLAGS: dict[str, str] = {
    "jm": "Jamaica",
    "tt": "Trinidad and Tobago",
    "bb": "Barbados",
    "bs": "Bahamas",
    "pr": "Puerto Rico",
    "do": "Dominican Republic",
    "cu": "Cuba",
    "ht": "Haiti",
    "gd": "Grenada",
    "lc": "Saint Lucia",
    "vc": "Saint Vincent and the Grenadines",
    "ag": "Antigua and Barbuda",
    "dm": "Dominica",
    "kn": "Saint Kitts and Nevis",
    "gy": "Guyana",
    "bz": "Belize",
    "ky": "Cayman Islands",
    "tc": "Turks and Caicos",
    "vi": "US Virgin Islands",
    "pa": "Panama",
    "co": "Colombia",
    "ve": "Venezuela",
    "cr": "Costa Rica",
    "ni": "Nicaragua",
    "hn": "Honduras",
    "sr": "Suriname",
    "aw": "Aruba",
    "cw": "Curaçao",
    "bq": "Bonaire",
    "sx": "Sint Maarten",
    "mq": "Martinique",
    "gp": "Guadeloupe",
    "ms": "Montserrat",
    "ai": "Anguilla",
    "vg": "British Virgin Islands",
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
    return [
        code
        for code, name in FLAGS.items()
        if not needle or needle in name.casefold() or plain in name.casefold().replace("ç", "c") or needle == code
    ]
