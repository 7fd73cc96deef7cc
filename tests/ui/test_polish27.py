"""polish27: what the reviews of session 26 left (the hand review's scores, the lobby's refusals and its list)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings

from .driving import POOL, review_of_two_cpu_hands


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def lobby_window(qtbot: QtBot, settings: Settings, language: str, size: tuple[int, int]) -> MainWindow:
    LANGUAGE.install(language)
    window = MainWindow(settings, pace_ms=0, threaded=False, cpu_pool=POOL)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


# ---- 1. the hand review's list: whose score is whose ------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "preset", "labels"),
    [
        (
            "en",
            "jamaican",
            (
                "Hand 1: 1 hand to you & CPU 2. Match score: 1 for you & CPU 2, 0 for CPU 1 & CPU 3.",
                "Hand 2: 1 hand to you & CPU 2. Match score: 2 for you & CPU 2, 0 for CPU 1 & CPU 3.",
            ),
        ),
        (
            "es",
            "jamaican",
            (
                "Mano 1: 1 mano para ti y CPU 2. Marcador: 1 para ti y CPU 2, 0 para CPU 1 y CPU 3.",
                "Mano 2: 1 mano para ti y CPU 2. Marcador: 2 para ti y CPU 2, 0 para CPU 1 y CPU 3.",
            ),
        ),
        (
            "en",
            "classic_draw",
            (
                "Hand 1: 28 points to you. Match score: 28 for you, 0 for CPU 1, 0 for CPU 2, 0 for CPU 3.",
                "Hand 2: 3 points to you. Match score: 31 for you, 0 for CPU 1, 0 for CPU 2, 0 for CPU 3.",
            ),
        ),
        (
            "es",
            "cutthroat",
            (
                "Mano 1: 1 mano para CPU 1. Marcador: 0 para ti, 1 para CPU 1, 0 para CPU 2.",
                "Mano 2: 1 mano para ti. Marcador: 1 para ti, 1 para CPU 1, 0 para CPU 2.",
            ),
        ),
    ],
)
def test_the_reviews_hand_list_puts_each_score_before_its_side(
    qtbot: QtBot, language: str, preset: str, labels: tuple[str, ...]
) -> None:
    """ "Hand 1: You & CPU 2 won 1 · score after it You & CPU 2: 1 · CPU 1 & CPU 3: 0" ran the lead-in into the
    names ("after it You"), named the winner twice, and put a score right after a name's own number ("CPU 2: 1",
    "CPU 2 1" to a screen reader that says no colon); Spanish "Tú y CPU 2 +1 · marcador después Tú y CPU 2: 1".
    Now the hand's points are said as its sheet says them, and each score comes before its side, the sides a comma
    apart, a pause every reader makes (review26b F5)."""
    LANGUAGE.install(language)
    review, _ = review_of_two_cpu_hands(qtbot, preset)
    shown = tuple(review.hands.itemText(index) for index in range(review.hands.count()))
    assert shown == labels
    for label in shown:
        # No name's number ("CPU 2") before a score with no comma or full stop between, the pauses a reader makes.
        assert not re.search(r"CPU \d+[^\w,.]{0,3}\d", label), label


# ---- 4. the lobby's refusals in the player's language ----------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "preset", "style", "words"),
    [
        ("en", "jamaican", "block", "Cannot start: a double-6 set deals 4 players at most 7 tiles each."),
        (
            "es",
            "jamaican",
            "block",
            "No se puede empezar: un juego doble 6 da como mucho 7 fichas a cada uno de 4 jugadores.",
        ),
        (
            "en",
            "jamaican",
            "draw",
            "Cannot start: a draw game must leave tiles in the stock: a double-6 set deals 4 players at most 6 tiles "
            "each.",
        ),
        (
            "es",
            "all_fives",
            "draw",
            "No se puede empezar: este robo debe dejar tres fichas en el pozo (dos duermen, una se puede robar): un "
            "juego doble 6 da como mucho 6 fichas a cada uno de 4 jugadores.",
        ),
    ],
)
def test_a_deal_too_large_is_refused_in_the_players_language(
    qtbot: QtBot, settings: Settings, language: str, preset: str, style: str, words: str
) -> None:
    """Jamaican, Up once on "Tiles each" (8 of 28 tiles to each of 4): the lobby said "No se puede empezar: 4 players
    can each be dealt 1 to 7 tiles from a double-6 set of 28 tiles, not 8.", the engine's English inside the Spanish.
    Each kind of deal too large (a block game, a draw game, the fives' draw) is said in the player's language, with
    the largest deal that plays, and Start waits for a deal that does."""
    window = lobby_window(qtbot, settings, language, (1024, 700))
    lobby = window.lobby
    lobby.select(preset)
    lobby.style_box.setCurrentIndex(lobby.style_box.findData(style))
    lobby.deal_size.setFocus()
    for _ in range(lobby.deal_size.maximum()):
        if lobby.problem.text():
            break
        assert lobby.start.isEnabled()
        qtbot.keyClick(lobby.deal_size, Qt.Key.Key_Up)
    assert lobby.problem.text() == words
    assert not lobby.start.isEnabled()
    qtbot.keyClick(lobby.deal_size, Qt.Key.Key_Down)  # the largest deal the words name plays
    assert lobby.problem.text() == "" and lobby.start.isEnabled()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Cannot start: a double-6 set deals 4 players at most 7 tiles each."),
        ("es", "No se puede empezar: un juego doble 6 da como mucho 7 fichas a cada uno de 4 jugadores."),
    ],
)
def test_enter_on_a_preset_with_a_deal_too_large_is_refused_in_the_players_language(
    qtbot: QtBot, settings: Settings, language: str, words: str
) -> None:
    """Enter on a preset's row starts the match, Start greyed or not: with 8 tiles each typed for Jamaican it said
    the engine's English reason, the sentence the greyed Start had shown in the player's language replaced."""
    window = lobby_window(qtbot, settings, language, (1024, 700))
    lobby = window.lobby
    lobby.deal_size.setFocus()
    qtbot.keyClick(lobby.deal_size, Qt.Key.Key_Up)
    assert lobby.deal_size.value() == 8 and not lobby.start.isEnabled()
    lobby.presets.setFocus()
    qtbot.waitUntil(lobby.presets.hasFocus)
    qtbot.keyClick(lobby.presets, Qt.Key.Key_Return)
    assert lobby.problem.text() == words
    assert window.controller.match is None, "no match started"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Cannot start: nobody plays at this screen: choose “Person at this screen” for one of the players."),
        ("es", "No se puede empezar: nadie juega en esta pantalla: elige «Persona aquí» para uno de los jugadores."),
    ],
)
def test_a_table_of_cpus_is_refused_in_the_players_language(
    qtbot: QtBot, settings: Settings, language: str, words: str
) -> None:
    """Player 1 made a CPU, Start: "No se puede empezar: at least one seat must be a person.", in English."""
    window = lobby_window(qtbot, settings, language, (1024, 700))
    lobby = window.lobby
    first = lobby.seat_rows[0].kind
    first.setCurrentIndex(first.findData("cpu"))
    qtbot.mouseClick(lobby.start, Qt.MouseButton.LeftButton)
    assert lobby.problem.text() == words


# ---- 5. the chosen preset in view -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "size"), [("es", (1024, 700)), ("es", (1920, 1080)), ("en", (1024, 700)), ("en", (1920, 1080))]
)
def test_the_chosen_preset_stays_in_view_as_the_page_settles_and_as_the_arrows_step(
    qtbot: QtBot, settings: Settings, language: str, size: tuple[int, int]
) -> None:
    """The last preset chosen with Down, then the language switched: the new page scrolled its list to the row
    while it was taller, then settled shorter, and the row's last line was cut under the list's edge ("de tres." in
    Spanish, "three both score." in English; at 1920x1080 in both languages offscreen, where the Down arrow alone
    left no row out of view). The chosen row is whole in view once the page settles, and at every step of the
    arrows through the list after it."""
    other = "en" if language == "es" else "es"
    window = lobby_window(qtbot, settings, other, size)
    presets = window.lobby.presets
    presets.setFocus()
    for _ in range(presets.count()):
        qtbot.keyClick(presets, Qt.Key.Key_Down)
    assert presets.currentRow() == presets.count() - 1
    window.set_language(language)
    lobby = window.lobby
    presets = lobby.presets
    qtbot.wait(300)  # the page's placing after it is shown (the side boxes, the title's line)

    def whole_in_view() -> bool:
        return presets.viewport().rect().contains(presets.visualItemRect(presets.currentItem()))

    assert presets.currentRow() == presets.count() - 1 and whole_in_view(), presets.visualItemRect(
        presets.currentItem()
    )
    presets.setFocus()
    for key in [Qt.Key.Key_Up] * presets.count() + [Qt.Key.Key_Down] * presets.count():
        qtbot.keyClick(presets, key)
        assert whole_in_view(), (key, presets.currentRow())
