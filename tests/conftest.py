"""Test set-up: Qt without a screen, and settings kept in a temporary folder."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any QApplication exists
os.environ.setdefault("QT_ACCESSIBILITY", "1")


def pytest_sessionfinish(session: object, exitstatus: int) -> None:
    session.config.stash_exitstatus = int(exitstatus)  # type: ignore[attr-defined]


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: object) -> None:
    """PySide6 can crash during interpreter teardown on Linux after every test has passed; leave before it."""
    code = getattr(config, "stash_exitstatus", None)
    if code is not None:
        import sys

        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
