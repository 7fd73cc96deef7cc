"""The Linux packages are built once per test session: the PyInstaller bundle feeds the .deb and the AppImage."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.packaging.linux_builds import APPIMAGE_HEADERS, APPIMAGE_TOOLS, DIST, ROOT, missing_or_skip


@pytest.fixture(scope="session")
def linux_build() -> Path:
    """packaging/linux/build.sh, run once: the bundle, the .deb and the tar.gz in dist/."""
    missing_or_skip([] if shutil.which("desktop-file-validate") else ["desktop-file-utils"], "the .deb")
    build = subprocess.run(
        ["bash", str(ROOT / "packaging/linux/build.sh")], capture_output=True, text=True, timeout=2400
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return DIST


@pytest.fixture(scope="session")
def appimage(linux_build: Path) -> Path:
    """packaging/linux/build_appimage.sh on the bundle linux_build made (no second PyInstaller run)."""
    missing = [package for tool, package in APPIMAGE_TOOLS.items() if not shutil.which(tool)]
    missing += [package for header, package in APPIMAGE_HEADERS.items() if not Path(header).exists()]
    missing_or_skip(missing, "the AppImage")
    build = subprocess.run(
        ["bash", str(ROOT / "packaging/linux/build_appimage.sh")], capture_output=True, text=True, timeout=1200
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    images = sorted(linux_build.glob("DominoesDesktop-*-x86_64.AppImage"))
    assert images, "no AppImage was built"
    return images[-1]
