"""The lobby says where each CPU level stands on the strength ladder (docs/STRENGTH.md), in both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.lobby.lobby_page import LADDER_REFERENCE, LADDER_STEPS, LobbyPage
from dominoes_desktop.ui.shell.i18n import LANGUAGE

LADDER = Path(__file__).resolve().parents[2] / "docs" / "STRENGTH.md"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def ladder_elo() -> dict[str, int]:
    """Each player's Elo in the ladder's table (| player | Elo | interval | hands |)."""
    rows = re.findall(r"^\| (\w+) \| (-?\d+) \| \[", LADDER.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return {name: int(elo) for name, elo in rows}


def test_the_lobby_quotes_the_ladder() -> None:
    elo = ladder_elo()
    assert set(LADDER_REFERENCE) | set(LADDER_REFERENCE.values()) <= set(elo), "the ladder rates them all"
    for level, step in LADDER_STEPS.items():
        assert step == round((elo[level] - elo[LADDER_REFERENCE[level]]) / 10) * 10, level


def test_the_level_box_says_its_place_in_both_languages(qtbot: QtBot) -> None:
    for language, words in (("en", "Expert: about {elo} points of Elo above Hard."), ("es", "Experto: unos {elo}")):
        LANGUAGE.install(language)
        lobby = LobbyPage(level="expert")
        qtbot.addWidget(lobby)
        index = lobby.level.findData("expert")
        tip = lobby.level.itemData(index, Qt.ItemDataRole.ToolTipRole)
        assert tip.startswith(words.format(elo=LADDER_STEPS["expert"])), tip
        assert lobby.level.accessibleDescription() == tip, "a screen reader says the chosen level's place"
