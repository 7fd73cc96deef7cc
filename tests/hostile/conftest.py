"""Windows these tests close mid-match must not stop to ask "Leave the match?": nobody is there to answer."""

from __future__ import annotations

import pytest

from dominoes_desktop.ui.shell.main_window import MainWindow


@pytest.fixture(autouse=True)
def no_questions_on_close(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MainWindow, "ask_before_leaving", False)
