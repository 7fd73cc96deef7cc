"""A table whose rules were built in code (the demonstration's quick start, a five-player cross) keeps the host
options that rebuild them: its save loads on the same rules, and its hands reach the skill judge as played."""

from __future__ import annotations

import json
import random

from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store.matchfile import match_from_json
from dominoes_desktop.ui.shell.main_window import MainWindow

from .driving import idle


def test_a_quick_started_five_player_cross_saves_and_loads_as_five(qtbot: QtBot, window: MainWindow) -> None:
    rules = build_rules("cross", {"players": 5})
    window.quick_start(rules, "medium", 4, random.Random(4).getrandbits(48))
    idle(window)
    for _ in range(200):
        window.controller.autoplay(1)
        idle(window)
        match = window.controller.match
        if match is not None and match.results:
            break
    match = window.controller.match
    assert match is not None and match.results, "the first hand did not end"
    data = window.match_json()
    assert data is not None and data["options"] == {"players": 5}
    loaded = match_from_json(json.loads(json.dumps(data)))
    assert loaded.match.rules == rules
    assert loaded.match.results == match.results
