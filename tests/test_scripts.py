"""The set-up scripts: shellcheck-clean, and they never install into the system's Python."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
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
    assert ".venv" in (ROOT / ".gitignore").read_text().split()  # the folder, or a worktree's link to one
    libs = (ROOT / "scripts" / "qt-system-libs.sh").read_text()
    for package in ("libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0", "libxkbcommon-x11-0", "libxcb-xinerama0"):
        assert package in libs


# ---- set-up that waits, stays quiet, and installs only what the tests run need (issue 27) -------------------

FAKE_APT = """#!/usr/bin/env bash
# apt-get as another package manager's lock leaves it: refused while $LOCKED_FOR calls remain, then noisy success.
count=$(cat "$STATE/calls" 2>/dev/null || echo 0)
echo $((count + 1)) >"$STATE/calls"
echo "apt-get $*" >>"$STATE/log"
if [ "$count" -lt "$LOCKED_FOR" ]; then
    echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (unattended-upgr)" >&2
    echo "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?" >&2
    exit 100
fi
if [ "$1" = "-q" ] && [ "$FAIL_WITH" != "" ] && [[ "$*" == *install* ]]; then
    echo "$FAIL_WITH" >&2
    exit 100
fi
echo "Unpacking libxcb-cursor0 (0.1.4-1) ..."
echo "Setting up libxcb-cursor0 (0.1.4-1) ..."
"""


def fake_tools(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    tools = {
        "apt-get": FAKE_APT,
        "dpkg-query": "#!/bin/sh\nexit 0\n",  # nothing installed
        "id": '#!/bin/sh\n[ "$1" = "-u" ] && echo 0 || /usr/bin/id "$@"\n',  # root: no sudo
        "sleep": "#!/bin/sh\nexit 0\n",  # the wait's pauses take no time here; their count is what is checked
    }
    for name, text in tools.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return bin_dir


def set_up_system(
    tmp_path: Path, locked_for: int, wait: str = "", fail_with: str = ""
) -> subprocess.CompletedProcess[str]:
    """Source qt-system-libs.sh as play.sh does, in an empty folder, with apt-get faked."""
    bin_dir = fake_tools(tmp_path)
    state = tmp_path / "state"
    state.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", STATE=str(state), LOCKED_FOR=str(locked_for))
    env["FAIL_WITH"] = fail_with
    if wait:
        env["APT_LOCK_WAIT"] = wait
    script = ROOT / "scripts" / "qt-system-libs.sh"
    return subprocess.run(
        ["bash", "-c", f"set -euo pipefail; source {script}"], cwd=work, env=env, capture_output=True, text=True
    )


def apt_calls(tmp_path: Path) -> list[str]:
    return (tmp_path / "state" / "log").read_text().splitlines()


def test_the_set_up_waits_for_another_package_managers_lock_and_keeps_apt_quiet(tmp_path: Path) -> None:
    run = set_up_system(tmp_path, locked_for=3)
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("Waiting for another package manager to finish (up to 300 seconds)") == 1
    assert "Unpacking" not in run.stderr + run.stdout, "apt's own output is kept back when it works"
    assert "may be missing" not in run.stderr and "Could not get lock" not in run.stderr
    calls = apt_calls(tmp_path)
    assert calls[:3] == ["apt-get -q -y update"] * 3, "the update waited through the lock"
    assert calls[3].startswith("apt-get -q -y update") and calls[4].startswith("apt-get -q -y install libgl1")
    assert "libxcb-cursor0" in (tmp_path / "work" / ".venv" / ".dominoes-desktop-system-packages").read_text()


def test_the_wait_is_bounded_and_then_says_why(tmp_path: Path) -> None:
    run = set_up_system(tmp_path, locked_for=1000, wait="9")
    assert run.returncode == 0, "the game may still start: the set-up warns"
    assert run.stderr.count("Waiting for another package manager") == 1
    assert "still holds the lock after 9 seconds" in run.stderr and "held by process 4242" in run.stderr
    assert "Qt's system libraries may be missing" in run.stderr
    assert len(apt_calls(tmp_path)) == 4, "tried every 3 seconds for 9 seconds, not once more per package"
    assert not (tmp_path / "work" / ".venv" / ".dominoes-desktop-system-packages").exists()


def test_apts_output_is_shown_when_it_fails(tmp_path: Path) -> None:
    run = set_up_system(tmp_path, locked_for=0, fail_with="E: Unable to locate package libxcb-cursor0")
    assert "Waiting" not in run.stderr
    assert "E: Unable to locate package libxcb-cursor0" in run.stderr and "apt-get install libgl1" in run.stderr
    assert "warning: could not install:" in run.stderr


@pytest.mark.parametrize(
    ("arguments", "packaging"),
    [
        ("", True),  # the whole suite, as CI runs it
        ("-x -q", True),
        ("-x tests/engine", False),
        ("tests/store tests/ui -k stats", False),
        ("tests/packaging/test_appimage.py::test_appimage_runs", True),
        ("tests/packaging", True),
        ("tests", True),
        (".", True),
    ],
)
def test_the_packaging_toolchain_comes_only_with_the_packaging_tests(arguments: str, packaging: bool) -> None:
    text = (ROOT / "scripts" / "test.sh").read_text()
    function = text[
        text.index("runs_packaging_tests() {") : text.index("\n}\n", text.index("runs_packaging_tests")) + 3
    ]
    run = subprocess.run(
        ["bash", "-c", f"{function}\nruns_packaging_tests {arguments}"], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == (0 if packaging else 1), run.stderr
    assert "pyinstaller" in (ROOT / "pyproject.toml").read_text().split("packaging = [")[1].split("]")[0]
    assert "pyinstaller" not in (ROOT / "pyproject.toml").read_text().split("test = [")[1].split("]")[0]


def test_readme_lists_every_preset_id_and_every_screen() -> None:
    from dominoes_desktop.app import SCREENS
    from dominoes_desktop.engine.presets import PRESETS

    readme = (ROOT / "README.md").read_text()
    missing = [p for p in PRESETS if f"`{p}`" not in readme] + [s for s in SCREENS if f"`{s}`" not in readme]
    assert missing == []


def test_a_misspelt_preset_is_one_line_naming_the_spelling() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop", "--preset", "puerto-rican"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unknown preset 'puerto-rican'; did you mean puerto_rican?")
    assert "jamaican" in lines[0] and "fives_threes" in lines[0]


@pytest.mark.parametrize(
    ("arguments", "every"),
    [
        ("", True),
        ("-x -q -k stats", True),
        ("tests", True),
        (".", True),
        ("tests/ui", False),
        ("tests/engine tests/store", False),
    ],
)
def test_the_whole_suite_starts_with_the_lint_and_type_checks(arguments: str, every: bool) -> None:
    text = (ROOT / "scripts" / "test.sh").read_text()
    function = text[text.index("runs_every_test() {") : text.index("\n}\n", text.index("runs_every_test() {")) + 3]
    run = subprocess.run(["bash", "-c", f"{function}\nruns_every_test {arguments}"], cwd=ROOT, capture_output=True)
    assert run.returncode == (0 if every else 1)
    block = text[text.index('if runs_every_test "$@"; then') : text.index('"$venv_python" -m pytest "$@"')]
    for command in (".venv/bin/ruff check", ".venv/bin/ruff format --check", ".venv/bin/mypy --strict"):
        assert (
            f"{command} --quiet dominoes_desktop" in block or f"{command} --no-error-summary dominoes_desktop" in block
        )


@pytest.mark.parametrize(
    ("exits", "runs", "status"),
    [((0,), 1, 0), ((1,), 1, 1), ((139, 0), 2, 0), ((134, 1), 2, 1), ((139, 139), 2, 139)],
)
def test_a_whole_run_that_dies_of_a_signal_runs_once_more(
    tmp_path: Path, exits: tuple[int, ...], runs: int, status: int
) -> None:
    """test.sh runs the whole suite again once when pytest died of a signal (the UI suite's rare Qt crash), never
    when tests failed, and a second crash fails the run."""
    text = (ROOT / "scripts" / "test.sh").read_text()
    function = text[text.index("runs_every_test() {") : text.index("\n}\n", text.index("runs_every_test() {")) + 3]
    tail = text[text.index("status=0\n") :]
    (tmp_path / "exits").write_text("\n".join(map(str, exits)) + "\n")
    fake = tmp_path / "python"
    fake.write_text(
        '#!/bin/bash\necho run >> "$(dirname "$0")/runs"\ncode=$(head -n 1 "$(dirname "$0")/exits")\n'
        'sed -i 1d "$(dirname "$0")/exits"\nexit "$code"\n'
    )
    fake.chmod(0o755)
    run = subprocess.run(
        ["bash", "-c", f"{function}\nvenv_python={fake}\nset --\n{tail}"], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == status, run.stderr
    assert (tmp_path / "runs").read_text().count("run") == runs
    assert ("running it once more" in run.stderr) == (runs == 2)
