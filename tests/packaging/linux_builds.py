"""What the Linux packaging tests share: where things are, the tools each build needs, the screenshot check."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
MIB = 1024 * 1024

# What building the AppImage needs beyond the .deb (Debian package names).
APPIMAGE_TOOLS = {"mksquashfs": "squashfs-tools", "gcc": "gcc"}
APPIMAGE_HEADERS = {
    "/usr/include/squashfuse/ll.h": "libsquashfuse-dev",
    "/usr/include/fuse3/fuse_lowlevel.h": "libfuse3-dev",
    "/usr/include/zstd.h": "libzstd-dev",
    "/usr/include/lz4.h": "liblz4-dev",
    "/usr/include/lzma.h": "liblzma-dev",
    "/usr/include/lzo/lzo1x.h": "liblzo2-dev",
    "/usr/include/zlib.h": "zlib1g-dev",
}

linux_packaging = pytest.mark.skipif(
    not (
        sys.platform.startswith("linux")
        and shutil.which("dpkg-deb")
        and shutil.which("apt-get")
        and hasattr(os, "geteuid")
        and os.geteuid() == 0
    ),
    reason="the Linux packages are built and installed on Debian as root (CI and the developers' machines)",
)


def tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def missing_or_skip(missing: list[str], what: str) -> None:
    """Fail on CI, where every tool must be installed (scripts/test.sh); elsewhere skip with what to install."""
    if not missing:
        return
    message = f"{what} needs the Debian packages: {' '.join(sorted(set(missing)))}"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def felt_is_on_screen(shot: Path) -> None:
    """The screenshot is the table: 1280 wide, the felt green over most of the play area."""
    image = QImage(str(shot))
    assert image.width() == 1280, f"{shot} is not a screenshot of the window"
    greens = sum(
        1
        for x in range(0, 900, 10)
        for y in range(150, 600, 10)
        if QColor(image.pixel(x, y)).green() > QColor(image.pixel(x, y)).red() + 30
    )
    assert greens > 1000, "the table's felt is on screen"
