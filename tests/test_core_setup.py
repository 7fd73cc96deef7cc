"""scripts/venv.sh's compiled-search-core block: a compiler and the Python headers asked for when missing,
and the install stamp keyed on the core's sources."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START, END = "# ---- The compiled search core", "# ---- end of the compiled search core"


def core_block() -> str:
    text = (ROOT / "scripts" / "venv.sh").read_text()
    return text[text.index(START) : text.index(END)]


def run_block(tmp_path: Path, compiler: str, include: str) -> subprocess.CompletedProcess[str]:
    """The block with apt_install_missing faked (it prints what it was asked for) and an interpreter that
    reports `compiler` and `include` as its C compiler and headers folder."""
    python = tmp_path / "python"
    python.write_text(
        f'#!/bin/sh\ncase "$2" in *CC*) echo {compiler} ;; *include*) echo {include} ;; *) echo 3.11 ;; esac\n'
    )
    python.chmod(0o755)
    script = f'apt_install_missing() {{ echo "apt $*"; }}\npython={python}\n{core_block()}\n'
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=30)


def test_a_missing_compiler_or_headers_is_installed(tmp_path: Path) -> None:
    run = run_block(tmp_path, "no-such-cc-anywhere", str(tmp_path))  # no compiler, no Python.h
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["apt gcc python3.11-dev"]


def test_nothing_is_installed_when_both_are_there(tmp_path: Path) -> None:
    (tmp_path / "Python.h").write_text("")
    run = run_block(tmp_path, "sh", str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""


def test_the_install_stamp_covers_the_cores_sources() -> None:
    venv = (ROOT / "scripts" / "venv.sh").read_text()
    key = venv[venv.index("install_key() {") :].split("}", 1)[0]
    assert "core_key" in key
    script = f"{core_block()}\ncore_key"
    run = subprocess.run(
        ["bash", "-c", f"python={sys.executable}\napt_install_missing() {{ :; }}\n{script}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,
    )
    assert (ROOT / "dominoes_desktop/engine/analysis/_core.c").read_text() in run.stdout
    assert (ROOT / "setup.py").read_text() in run.stdout
