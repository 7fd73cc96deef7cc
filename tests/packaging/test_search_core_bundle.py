"""The frozen game carries the compiled search core and runs it (build.spec, setup.py, engine/analysis/core.py)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.packaging.linux_builds import linux_packaging

pytestmark = linux_packaging


def test_the_frozen_game_runs_the_compiled_search_core(linux_build: Path, tmp_path: Path) -> None:
    bundle = linux_build / "dominoes-desktop"
    cores = sorted(bundle.rglob("_core*.so"))
    assert [p.parent.relative_to(bundle).as_posix() for p in cores] == ["_internal/dominoes_desktop/engine/analysis"]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONPATH", None)  # the bundle's own core, not the repository's
    version = subprocess.run(
        [str(bundle / "dominoes-desktop"), "--version"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert version.returncode == 0, version.stderr
    assert "(search core: compiled)" in version.stdout, version.stdout
