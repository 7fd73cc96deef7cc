"""The call carrier's type (`Post`) is written once, in a module the start-up path imports without the
session's heavy parts (seats pulls the engine's CPUs and the pool)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "dominoes_desktop"


def test_post_is_assigned_in_one_module_only() -> None:
    assigned = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and any(isinstance(t, ast.Name) and t.id == "Post" for t in (getattr(node, "targets", None) or [node.target]))
    )
    assert assigned == ["session/post.py"]


def test_the_seats_the_judge_and_the_ui_relay_name_the_same_alias() -> None:
    from dominoes_desktop.session import judging, post, seats
    from dominoes_desktop.ui.shell import ui_thread

    assert seats.Post is post.Post and judging.Post is post.Post and ui_thread.Post is post.Post


def test_the_alias_module_imports_nothing_heavy() -> None:
    code = (
        "import sys; import dominoes_desktop.session.post; "
        "print(sorted(m for m in sys.modules if m.startswith('dominoes_desktop.') or m.startswith('PySide6')))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert found == "['dominoes_desktop.session', 'dominoes_desktop.session.post']"
