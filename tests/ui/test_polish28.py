"""The score panel says each score before its side, as the hand-end sheet, the S key and the hand review do
(session 28): "10 for you & CPU 2", where it read "10   You & CPU 2" (figure, then the side's names), and its
accessible name said that with the sides run into full stops. Each test drives the game's own panel."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.play.panels import scores_said, side_said
from dominoes_desktop.ui.shell.i18n import LANGUAGE, plain, translate
from dominoes_desktop.ui.shell.main_window import MainWindow

from .driving import idle, known_deal

GAMES = [  # team and solo games, 2 to 5 seats
    ("jamaican", {}),
    ("cutthroat", {}),
    ("classic_draw", {"players": 2}),
    ("classic_block", {"players": 5}),
]


def _accessible_name(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    return str(interface.text(QAccessible.Text.Name))


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("preset", "options"), GAMES)
def test_the_panel_says_each_score_before_its_side_as_the_sheet_does(
    qtbot: QtBot, window: MainWindow, preset: str, options: dict[str, object], language: str
) -> None:
    LANGUAGE.install(language)
    try:
        window.quick_start(build_rules(preset, options), "medium", 1, known_deal(1))
        idle(window)
        controller = window.controller
        rules = controller.rules
        assert rules is not None
        panel = window.game.scores
        scores = [7 * side + 12 for side in range(rules.sides)]
        panel.show_scores(rules, controller.seats, scores, 2)
        lines = plain(panel.body.text()).split(". ")
        wanted = [side_said(rules, controller.seats, side, score) for side, score in enumerate(scores)]
        assert lines[: rules.sides] == wanted
        goal = lines[rules.sides]
        name = _accessible_name(panel.body)
        assert name == f"{translate('ScorePanel', 'Scores')}: {scores_said(rules, controller.seats, scores)}. {goal}"
        # The S key reads the match's scores in the same words, the panel's title before them.
        panel.show_scores(rules, controller.seats, controller.scores, 1)
        said = scores_said(rules, controller.seats, controller.scores)
        assert _accessible_name(panel.body) == f"{translate('ScorePanel', 'Scores')}: {said}. {goal}"
        assert window.voice.score_words() == f"{panel.title.text()}: {said}. {goal}"
    finally:
        LANGUAGE.install("en")


def test_a_side_s_points_made_this_hand_are_shown_after_it_and_said_as_the_s_key_says_them(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.quick_start(build_rules("all_fives", {"partners": False}), "medium", 1, known_deal(1))
    idle(window)
    controller = window.controller
    rules = controller.rules
    assert rules is not None
    panel = window.game.scores
    panel.show_scores(rules, controller.seats, [30, 0, 5, 0], 1, running=[0, 0, 15, 0])
    text = panel.body.text()
    assert (
        "<b>30</b> for you<br>" in text and "<b>5</b> for CPU 2 <span style='color:#7dff9a'><b>+15</b></span>" in text
    )
    name = _accessible_name(panel.body)
    assert name.startswith("Scores: 30 for you; 0 for CPU 1; 5 for CPU 2, plus 15 this hand; 0 for CPU 3. First to ")
    assert name.endswith(". + points made this hand, added to the score as they are claimed.")
