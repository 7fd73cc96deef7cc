"""Build the bundle and the .deb here, install the .deb, and start the installed game offscreen."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

ROOT = Path(__file__).resolve().parents[2]
MIB = 1024 * 1024

pytestmark = pytest.mark.skipif(
    not (
        sys.platform.startswith("linux")
        and shutil.which("dpkg-deb")
        and shutil.which("apt-get")
        and hasattr(os, "geteuid")
        and os.geteuid() == 0
    ),
    reason="the .deb is built and installed on Debian as root (CI and the developers' machines)",
)


def tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def test_build_install_and_start_the_deb(tmp_path: Path) -> None:
    build = subprocess.run(
        ["bash", str(ROOT / "packaging/linux/build.sh")], capture_output=True, text=True, timeout=1800
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    dist = ROOT / "dist"
    bundle = dist / "dominoes-desktop"
    debs = sorted(dist.glob("dominoes-desktop_*.deb"))
    assert debs, "no .deb was built"
    deb = debs[-1]
    assert tree_size(bundle) <= 110 * MIB, f"bundle is {tree_size(bundle) / MIB:.1f} MiB"
    assert deb.stat().st_size <= 35 * MIB, f".deb is {deb.stat().st_size / MIB:.1f} MiB"
    assert sorted(dist.glob("dominoes-desktop-*-linux-*.tar.gz"))
    contents = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True).stdout
    for path in (
        "./opt/dominoes-desktop/dominoes-desktop",
        "./usr/bin/dominoes-desktop",
        "./usr/share/applications/dominoes-desktop.desktop",
        "./usr/share/icons/hicolor/256x256/apps/dominoes-desktop.png",
        "./opt/dominoes-desktop/_internal/resources/flags/jm.svg",
    ):
        assert path in contents

    install = subprocess.run(["apt-get", "install", "-y", "-qq", str(deb)], capture_output=True, text=True)
    if install.returncode != 0:  # the package lists may be missing on a fresh machine
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        install = subprocess.run(["apt-get", "install", "-y", "-qq", str(deb)], capture_output=True, text=True)
    assert install.returncode == 0, install.stderr[-2000:]
    try:
        shot = tmp_path / "installed.png"
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        env.pop("PYTHONPATH", None)
        run = subprocess.run(
            ["/usr/bin/dominoes-desktop", "--screenshot", str(shot), "--moves", "6", "--config", str(tmp_path / "cfg")],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
            cwd=tmp_path,
        )
        assert run.returncode == 0, run.stderr
        image = QImage(str(shot))
        assert image.width() == 1280
        greens = sum(
            1
            for x in range(0, 900, 10)
            for y in range(150, 600, 10)
            if QColor(image.pixel(x, y)).green() > QColor(image.pixel(x, y)).red() + 30
        )
        assert greens > 1000, "the table's felt is on screen"
        version = subprocess.run(["/usr/bin/dominoes-desktop", "--version"], capture_output=True, text=True, env=env)
        assert "Dominoes Desktop" in version.stdout
    finally:
        subprocess.run(["dpkg", "-r", "dominoes-desktop"], capture_output=True)
