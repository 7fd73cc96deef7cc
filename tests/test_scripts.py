"""The set-up scripts: shellcheck-clean, and they never install into the system's Python."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p for p in ROOT.rglob("*.sh") if ".venv" not in p.parts and ".git" not in p.parts)


def test_every_shell_script_is_shellcheck_clean() -> None:
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.skip("shellcheck is not installed")
    run = subprocess.run([shellcheck, "-x", *map(str, SCRIPTS)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:]


def test_the_scripts_use_the_project_venv_only() -> None:
    for name in ("play.sh", "test.sh"):
        text = (ROOT / "scripts" / name).read_text()
        assert "source scripts/venv.sh" in text and '"$venv_python"' in text
        assert "python3 -m pip" not in text, "pip into the system interpreter fails under PEP 668"
    venv = (ROOT / "scripts" / "venv.sh").read_text()
    assert "-m venv .venv" in venv and ".venv/bin/python -m pip install" in venv
    assert ".venv/" in (ROOT / ".gitignore").read_text().split()
    libs = (ROOT / "scripts" / "qt-system-libs.sh").read_text()
    for package in ("libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0", "libxkbcommon-x11-0", "libxcb-xinerama0"):
        assert package in libs
