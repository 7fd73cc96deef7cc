"""sheet27: the hand-end sheet says its scores as the hand review does, each figure before its side ("Match score:
10 for you & CPU 2, 0 for CPU 1 & CPU 3."), where "End points this hand: You & CPU 2 10" and "Final score: CPU 1:
0" ran a name ending in a number into a figure ("CPU 2 10" to a screen reader that says no colon); the S key and the
room's table talk say them so too."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import HandResult
from dominoes_desktop.engine.hand import HandEnd
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import Rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.play.controller import default_seats
from dominoes_desktop.ui.play.panels import HandEndPanel, scores_said
from dominoes_desktop.ui.shell.i18n import LANGUAGE, plain
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start

# A name ending in a number, or a person's own name, then a figure: "CPU 2 10", "CPU 3: 0", "You 5", "Tú: 12".
NAME_THEN_FIGURE = re.compile(r"(\bCPU \d+|\bYou|\byou|\bTú|\bti|\bPlayer \d+|\bJugador \d+):?\s+\d")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


# What each seat holds at the locked table: seat 1 the lightest, and its side (1 and 3) the lighter of two.
RACKS = (Tile(6, 5), Tile(4, 0), Tile(6, 4), Tile(3, 2), Tile(5, 5))


def hand(rules: Rules, scores: tuple[int, ...], end_points: tuple[int, ...] | None = None) -> HandResult:
    """A locked table won by seat 1 (its side), with every line the sheet can have for `rules`."""
    return HandResult(
        hand_index=2,
        seed=5,
        leader=0,
        end=HandEnd.BLOCKED,
        winner_seat=1,
        winner_side=rules.side_of(1),
        points=12,
        bonus=(),
        reset=False,
        end_points=end_points or (0,) * rules.sides,
        pips=tuple(tile.pips for tile in RACKS[: rules.players]),
        remaining=tuple((tile,) for tile in RACKS[: rules.players]),
        scores=scores,
    )


TABLES = {
    # partners, a locked table told by the sides' pips; All Fives' end points and rounded counts; five for themselves
    "dominican": ({}, (72, 125), None),
    "all_fives": ({}, (5, 45, 20, 5), (5, 10, 0, 15)),
    "classic_draw": ({"players": 5}, (0, 31, 7, 12, 3), None),
}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("preset", sorted(TABLES))
def test_no_figure_follows_a_name_on_the_hand_end_sheet(qtbot: QtBot, language: str, preset: str) -> None:
    """Between hands and at the match's end, on the sheet and in the headline (the status line and the screen
    reader's words): every score, pip count and end point before its side; the sheet's scores in the words
    scores_said gives the hand review."""
    LANGUAGE.install(language)
    options, scores, end_points = TABLES[preset]
    rules = build_rules(preset, options)
    seats = default_seats(rules.players)
    result = hand(rules, scores, end_points)
    for winner in (None, 1):
        panel = HandEndPanel()
        qtbot.addWidget(panel)
        panel.show_result(rules, seats, result, rules.side_of(1) if winner else None)
        text = plain(panel.text.text()).replace("\xa0", " ")
        said = panel.headline(rules, result, seats, winner is not None)
        for words in (text, said):
            assert not NAME_THEN_FIGURE.search(words), (NAME_THEN_FIGURE.search(words), words)
        assert scores_said(rules, seats, scores) + "." in text, text
        if winner:
            assert scores_said(rules, seats, scores) + "." in said, said
    if preset == "dominican":  # the sides' pips, a list of sides, end as a sentence on the sheet itself too
        pips = {"en": "pips for CPU 1 &amp; CPU 3.</p>", "es": "tantos para CPU 1 y CPU 3.</p>"}
        assert pips[language] in panel.text.text().replace("\xa0", " "), panel.text.text()
    if end_points:
        made = (
            "5 for you, 10 for CPU 1, 15 for CPU 3" if language == "en" else "5 para ti, 10 para CPU 1, 15 para CPU 3"
        )
        assert made in text, text


def test_the_s_key_says_each_score_before_its_side(qtbot: QtBot, window: MainWindow) -> None:
    """S said "Score · hand 1: You & CPU 2 0; CPU 1 & CPU 3 0." (the name's number, then the score)."""
    start(window, "jamaican", seed=2)
    words = window.voice.score_words()
    assert words.startswith("Score · hand 1: 0 for you & CPU 2, 0 for CPU 1 & CPU 3. "), words
    assert not NAME_THEN_FIGURE.search(words), words
