"""Render the application icon (resources/icons/dominoes-desktop.svg) to PNGs and a Windows .ico.

    python packaging/make_icons.py

Writes resources/icons/hicolor/<size>x<size>/apps/dominoes-desktop.png for the Linux desktop, and
resources/icons/dominoes-desktop.ico and .png (512) for PyInstaller on Windows and macOS. The icons are kept in
the repository; a file is rewritten only when the SVG draws something else, so a build leaves the tree clean.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(renderer: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def same_picture(image: QImage, path: Path) -> bool:
    """Whether `path` already holds `image`, give or take the last bit of rounding that differs between Qt builds."""
    old = QImage(str(path))
    if old.isNull() or old.size() != image.size():
        return False
    # The converted images stay referenced while their bits are copied.
    old_rgba = old.convertToFormat(QImage.Format.Format_RGBA8888)
    new_rgba = image.convertToFormat(QImage.Format.Format_RGBA8888)
    old_bytes, new_bytes = bytes(old_rgba.constBits()), bytes(new_rgba.constBits())
    return old_bytes == new_bytes or max(abs(a - b) for a, b in zip(old_bytes, new_bytes, strict=True)) <= 1


def save(image: QImage, path: Path) -> bool:
    return same_picture(image, path) or image.save(str(path))


def main() -> int:
    _app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(ICONS / "dominoes-desktop.svg"))
    if not renderer.isValid():
        print("error: the icon SVG does not load", file=sys.stderr)
        return 1
    for size in SIZES:
        folder = ICONS / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        save(render(renderer, size), folder / "dominoes-desktop.png")
    save(render(renderer, 512), ICONS / "dominoes-desktop.png")
    if not save(render(renderer, 256), ICONS / "dominoes-desktop.ico"):
        print("warning: this Qt cannot write .ico; Windows builds convert the PNG instead", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
