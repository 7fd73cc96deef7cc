"""Build the bundle and the .deb here, install the .deb, and start the installed game offscreen."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.packaging.linux_builds import MIB, felt_is_on_screen, linux_packaging, tree_size

pytestmark = linux_packaging


def test_build_install_and_start_the_deb(linux_build: Path, tmp_path: Path) -> None:
    dist = linux_build
    bundle = dist / "dominoes-desktop"
    debs = sorted(dist.glob("dominoes-desktop_*.deb"))
    assert debs, "no .deb was built"
    deb = debs[-1]
    print(f"bundle {tree_size(bundle) / MIB:.1f} MiB, .deb {deb.stat().st_size / MIB:.1f} MiB")
    # Private rooms (issue 26) brought libssl/libcrypto and cryptography's compiled core: about 16 MiB unpacked.
    assert tree_size(bundle) <= 145 * MIB, f"bundle is {tree_size(bundle) / MIB:.1f} MiB"
    assert deb.stat().st_size <= 44 * MIB, f".deb is {deb.stat().st_size / MIB:.1f} MiB"
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
        felt_is_on_screen(shot)
        version = subprocess.run(["/usr/bin/dominoes-desktop", "--version"], capture_output=True, text=True, env=env)
        assert "Dominoes Desktop" in version.stdout and "(search core: compiled)" in version.stdout
    finally:
        subprocess.run(["dpkg", "-r", "dominoes-desktop"], capture_output=True)
