"""audit24b: the games audit24 did not play, played by keys (All Fives with Muggins, Draw, the Double-nine Cross,
Cutthroat, a duplicate match, a friends' room): what a player saw that was wrong, on the real widgets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import HandResult, MugginsWindow
from dominoes_desktop.engine.hand import HandEnd
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig, default_seats
from dominoes_desktop.ui.play.panels import HandEndPanel
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE, plain
from dominoes_desktop.ui.shell.main_window import MainWindow

from .driving import idle, known_deal, make_window
from .test_duplicate import click, finish_hand, start_duplicate_from_lobby


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def _reach_my_turn(window: MainWindow, draw: bool = False) -> bool:
    """Play the first legal tile for the person until it is their turn with (if `draw`) only a draw to make;
    False if that turn never comes in this hand."""
    controller = window.controller
    for _ in range(60):
        idle(window)
        moves = controller.legal_moves() if controller.human_turn() == 0 else []
        if moves and (not draw or moves[0].kind is MoveKind.DRAW):
            return True
        if moves:
            controller.play(moves[0])
    return False


def _to_my_turn(window: MainWindow, draw: bool = False) -> None:
    assert _reach_my_turn(window, draw), "the person never had the turn asked for"


@pytest.mark.parametrize(
    ("language", "spoken_to", "named"),
    [
        ("en", "Your turn: no tile fits, so draw (D).", "You,"),
        ("es", "Te toca: ninguna ficha cabe, así que roba (D).", "Tú,"),
    ],
)
def test_the_turn_line_speaks_to_the_one_person_without_naming_them(
    window: MainWindow, language: str, spoken_to: str, named: str
) -> None:
    """Draw es 1920: the side panel said "Tú, te toca: ninguna ficha cabe, así que roba (D)." (en "You, your turn:
    ...") to the one person at the screen, a name and a pronoun at once."""
    LANGUAGE.install(language)
    window.start_match(MatchSetup(build_rules("draw"), tuple(default_seats(4))), 5, known_deal(5))
    _to_my_turn(window, draw=True)
    assert window.game.turn.text() == spoken_to
    window.controller.play(window.controller.legal_moves()[0])
    _to_my_turn(window)
    assert not window.game.turn.text().startswith(named), window.game.turn.text()


def test_people_sharing_the_screen_are_still_named_on_their_turn(window: MainWindow) -> None:
    you = default_seats(4)[0].name
    seats = (SeatConfig(you, True), SeatConfig("CPU 1", False), SeatConfig(you, True), SeatConfig("CPU 3", False))
    window.start_match(MatchSetup(build_rules("jamaican"), seats), 3, known_deal(3))
    idle(window)
    page = window.game
    if page.curtain.isVisible():
        page.curtain_button.click()
    assert window.controller.human_turn() is not None
    assert page.turn.text().startswith("Player 1, your turn") or page.turn.text().startswith("Player 3, your turn")


def _muggins_offered_to_me(window: MainWindow) -> int:
    """All Fives against easy CPUs (who forget a claim now and then), the person playing their first legal move,
    until a CPU's unclaimed points are offered to the person as Muggins; the seed that did it."""
    offered: list[int] = []
    window.controller.mugginsOffered.connect(lambda seats, points: offered.append(points))
    for seed in range(1, 60):
        offered.clear()
        window.quick_start(build_rules("all_fives"), "easy", seed, known_deal(seed))
        for _ in range(40):
            idle(window)
            if offered or window.controller.hand is None or window.controller.hand.is_over:
                break
            moves = window.controller.legal_moves() if window.controller.human_turn() == 0 else []
            if window.game.claim_box.isVisible() and window.game.claim_button.isVisible():
                window.controller.claim()
            elif moves:
                window.controller.play(moves[0])
        if offered:
            return seed
    raise AssertionError("no seed offered the person a Muggins")


def test_a_muggins_offered_to_the_person_waits_for_their_call(window: MainWindow) -> None:
    """af2 (easy CPUs, en 1024): "5 points were left unclaimed. Call Muggins to take them!" was shown and said,
    and 0.02 s later "CPU 3 called Muggins: 5": a CPU's call landed at once, the person's offer untakeable."""
    _muggins_offered_to_me(window)
    page = window.game
    idle(window)
    assert isinstance(window.controller.waiting, MugginsWindow), "a CPU took the points offered to the person"
    call = page.muggins_buttons.itemAt(0).widget()
    assert call is not None and call.hasFocus()
    assert call.text() == "Muggins! (You)", "a button for the person only, not for the CPUs offered it too"
    QTest.keyClick(call, Qt.Key.Key_Return)
    idle(window)
    hand = window.controller.hand
    assert hand is not None
    calls = [t.move for t in hand.history if t.move.kind is MoveKind.MUGGINS]
    assert calls and calls[-1].caller == 0, "the person's Muggins, by Enter, took the points"


def test_a_muggins_the_person_lets_go_is_then_the_cpus(window: MainWindow) -> None:
    _muggins_offered_to_me(window)
    page = window.game
    idle(window)
    said: list[str] = []
    page.happened.connect(said.append)
    page.play_on_button.click()  # "Let them go"
    idle(window)
    assert not isinstance(window.controller.waiting, MugginsWindow)
    assert (
        window.controller.hand is None
        or window.controller.thinking is not None
        or window.controller.human_turn() is not None
    )


def test_a_duplicate_plays_sheet_gives_no_match_score_of_its_own(qtbot: QtBot, tmp_path: Path) -> None:
    """Duplicate of 4 deals (en 1024): each play's sheet said "Match score: You & CPU 2: 1 · CPU 1 & CPU 3: 0." (and
    said it aloud), always 1-0 or 0-1 since a play is a match of one hand, never where the duplicate stands."""
    window = make_window(qtbot, tmp_path)
    start_duplicate_from_lobby(qtbot, window, deals=4)
    for _ in range(2):
        finish_hand(qtbot, window)
        sheet = plain(window.game.hand_end.text.text())
        assert "Play " in sheet and " of 8" in sheet, sheet
        assert "Match score" not in sheet, sheet
        click(qtbot, window.game.hand_end.next)


def jamaican_hand_played_to_its_sheet(window: MainWindow) -> None:
    """A Jamaican match's first hand (deal 3), the person playing the first move that fits, to the hand's sheet."""
    window.start_match(MatchSetup(build_rules("jamaican"), tuple(default_seats(4))), 3, known_deal(3))
    for _ in range(80):
        idle(window)
        if window.game.hand_end.isVisible():
            break
        moves = window.controller.legal_moves() if window.controller.human_turn() == 0 else []
        if moves:
            window.controller.play(moves[0])


def test_a_hand_of_a_match_still_says_the_match_score(window: MainWindow) -> None:
    jamaican_hand_played_to_its_sheet(window)
    assert "Match score" in plain(window.game.hand_end.text.text())


def test_the_keys_go_to_the_tile_just_drawn(qtbot: QtBot, window: MainWindow) -> None:
    """Classic draw es 1920: after "Robaste del pozo" the drawn 3-1 fitted, but the keys stayed on the rack's first
    tile (5-1, which did not), so Enter tried the wrong tile."""
    view = window.game.table
    for seed in range(5, 40):
        window.start_match(MatchSetup(build_rules("draw"), tuple(default_seats(4))), seed, known_deal(seed))
        if not _reach_my_turn(window, draw=True):
            continue  # the CPUs' play never left the person only a draw in this deal
        view.setFocus()
        moves = window.controller.legal_moves()
        while moves and moves[0].kind is MoveKind.DRAW:
            qtbot.keyClick(view, Qt.Key.Key_D)
            idle(window)
            hand = window.controller.hand
            assert hand is not None
            rack = view.table.items_for_rack()
            assert rack[view.focus_index].tile == hand.hands[0][-1], "the keys on the tile just drawn"
            moves = window.controller.legal_moves() if window.controller.human_turn() == 0 else []
        if moves and moves[0].kind is MoveKind.PLAY:
            rack = view.table.items_for_rack()
            assert rack[view.focus_index].legal, "the tile drawn fits: Enter plays it"
            return
    raise AssertionError("no deal where a draw brought a tile that fits")


def all_fives_hand_played_with_claims(window: MainWindow) -> None:
    """An All Fives hand (deal 3) to its end, the person playing the first tile that fits and claiming each score."""
    window.start_match(MatchSetup(build_rules("all_fives"), tuple(default_seats(4))), 3, known_deal(3))
    for _ in range(80):
        idle(window)
        if window.game.hand_end.isVisible():
            return
        if window.game.claim_box.isVisible() and window.game.claim_button.isVisible():
            window.controller.claim()
            continue
        moves = window.controller.legal_moves() if window.controller.human_turn() == 0 else []
        if moves:
            window.controller.play(moves[0])


def test_the_reviews_hand_list_names_each_score_when_each_plays_for_themselves(window: MainWindow) -> None:
    """All Fives (en 1024), the review after the match: "Hand 5: You won 35 · score after it 130 to 40 to 80 to 50",
    four numbers and no names."""
    all_fives_hand_played_with_claims(window)
    match = window.controller.match
    assert match is not None and match.results
    review = ReviewDialog(match, window.controller.seats, window.look, window)
    label = review.hands.itemText(0)
    scores = match.results[0].scores
    assert f"{scores[0]} for you, {scores[1]} for CPU 1, {scores[2]} for CPU 2, {scores[3]} for CPU 3." in label, label
    review.deleteLater()


def test_a_cutthroat_reset_is_told_before_the_zeros(qtbot: QtBot) -> None:
    """Cutthroat es 1024: "1 mano para CPU 2. / Marcador de la partida: Tú: 0 · CPU 1: 0 · CPU 2: 0. / Todos han
    ganado una mano: los marcadores vuelven a cero.": a won hand, then all zeros, the why a line later."""
    hand = HandResult(
        hand_index=5,
        seed=11,
        leader=0,
        end=HandEnd.BLOCKED,
        winner_seat=2,
        winner_side=2,
        points=1,
        bonus=(),
        reset=True,
        end_points=(0, 0, 0),
        pips=(22, 14, 7),
        remaining=((Tile(5, 5),), (Tile(4, 0),), (Tile(2, 2),)),
        scores=(0, 0, 0),
    )
    panel = HandEndPanel()
    qtbot.addWidget(panel)
    panel.show_result(build_rules("cutthroat"), default_seats(3), hand, None)
    text = plain(panel.text.text()).replace("\xa0", " ")
    why = text.index("Everyone has won a hand: the scores go back to zero.")
    assert why < text.index("Match score: 0 for you, 0 for CPU 1, 0 for CPU 2."), text


def test_tab_leaves_the_table_for_the_sheet_between_hands(qtbot: QtBot, window: MainWindow) -> None:
    """Fives and threes es 1024, between hands: Tab from "Entrenador" went to the table, and 19 more Tabs stayed
    there (walking the rack), "Repasar la mano" and "Siguiente mano" out of Tab's reach."""
    jamaican_hand_played_to_its_sheet(window)
    sheet = window.game.hand_end
    assert sheet.isVisible()
    view = window.game.table
    view.setFocus()
    reached = set()
    for _ in range(30):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        if isinstance(focus, QPushButton) and sheet.isAncestorOf(focus):
            reached.add(focus)
    assert sheet.next in reached, "Tab reaches Next hand again"


def test_tab_still_walks_the_rack_during_a_hand(qtbot: QtBot, window: MainWindow) -> None:
    window.start_match(MatchSetup(build_rules("jamaican"), tuple(default_seats(4))), 3, known_deal(3))
    _to_my_turn(window)
    view = window.game.table
    view.setFocus()
    at = view.focus_index
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is view and view.focus_index == at + 1


def test_the_review_says_the_points_each_claim_took(window: MainWindow) -> None:
    """Fives and threes es 1024, the review after the hand: "Jugada 28 de 28: CPU 3 se anotó 0" where the table had
    said "CPU 3 se anotó 5": every claim in the review read 0."""
    all_fives_hand_played_with_claims(window)
    match = window.controller.match
    assert match is not None
    review = ReviewDialog(match, window.controller.seats, window.look, window)
    claims = [k for k, turn in enumerate(review.played.history) if turn.move.kind is MoveKind.CLAIM]
    assert claims, "the hand had claims"
    for k in claims:
        review.go(k + 1)
        caption = review.caption.text()
        assert "claimed" in caption and not caption.endswith("claimed 0"), caption
    review.deleteLater()
