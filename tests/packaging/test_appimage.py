"""Build the AppImage from the same bundle as the .deb, look inside it, and start it offscreen."""

from __future__ import annotations

import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.packaging.linux_builds import MIB, ROOT, felt_is_on_screen, linux_packaging

pytestmark = linux_packaging
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def game_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TMPDIR=str(tmp_path), **extra)
    env.pop("PYTHONPATH", None)
    return env


def test_the_appimage_is_small_and_says_what_it_is(appimage: Path, tmp_path: Path) -> None:
    size = appimage.stat().st_size
    print(f"AppImage {size / MIB:.1f} MiB")
    assert size <= 120 * MIB, f"the AppImage is {size / MIB:.1f} MiB"
    assert appimage.name == f"DominoesDesktop-{VERSION}-x86_64.AppImage"
    header = appimage.read_bytes()[:11]
    assert header[:4] == b"\x7fELF" and header[8:11] == b"AI\x02", "not a type-2 AppImage"
    assert os.access(appimage, os.X_OK)
    if shutil.which("readelf"):  # the slots AppImage tools read update information and signatures from
        sections = subprocess.run(["readelf", "-S", "-W", str(appimage)], capture_output=True, text=True).stdout
        assert ".upd_info" in sections and ".sha256_sig" in sections

    extract = subprocess.run(
        [str(appimage), "--appimage-extract"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert extract.returncode == 0, extract.stderr
    appdir = tmp_path / "squashfs-root"
    assert os.access(appdir / "AppRun", os.X_OK)
    assert os.access(appdir / "usr/lib/dominoes-desktop/dominoes-desktop", os.X_OK)
    assert (appdir / "usr/lib/dominoes-desktop/_internal/resources/flags/jm.svg").is_file()
    assert (appdir / ".DirIcon").resolve() == (appdir / "dominoes-desktop.png").resolve()
    assert (appdir / "usr/share/icons/hicolor/256x256/apps/dominoes-desktop.png").is_file()
    assert (appdir / "usr/share/icons/hicolor/scalable/apps/dominoes-desktop.svg").is_file()
    entry = (appdir / "dominoes-desktop.desktop").read_text(encoding="utf-8")
    assert "Exec=dominoes-desktop" in entry and "Icon=dominoes-desktop" in entry
    assert f"X-AppImage-Version={VERSION}" in entry
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(appdir / "dominoes-desktop.desktop")], capture_output=True)
        assert check.returncode == 0, check.stdout
    metainfo = (appdir / "usr/share/metainfo/dominoes-desktop.appdata.xml").read_text(encoding="utf-8")
    assert f'<release version="{VERSION}"/>' in metainfo


@pytest.mark.parametrize("mode", ["extract-and-run", "fuse"])
def test_the_appimage_starts_the_game(appimage: Path, tmp_path: Path, mode: str) -> None:
    if mode == "fuse" and not Path("/dev/fuse").exists():  # as root, libfuse mounts without fusermount3
        pytest.skip("no FUSE here: the extract-and-run case covers this machine")
    extra = {"APPIMAGE_EXTRACT_AND_RUN": "1"} if mode == "extract-and-run" else {}
    shot = tmp_path / f"{mode}.png"
    run = subprocess.run(
        [str(appimage), "--screenshot", str(shot), "--moves", "6", "--config", str(tmp_path / "cfg")],
        capture_output=True,
        text=True,
        timeout=180,
        env=game_env(tmp_path, **extra),
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert "FUSE mount failed" not in run.stderr
    felt_is_on_screen(shot)
    # Nothing left behind: no mount point, no extracted copy.
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith((".mount_", "appimage_extracted_"))]
    version = subprocess.run(
        [str(appimage), "--version"], capture_output=True, text=True, env=game_env(tmp_path, **extra), timeout=120
    )
    assert "Dominoes Desktop" in version.stdout and "(search core: compiled)" in version.stdout
