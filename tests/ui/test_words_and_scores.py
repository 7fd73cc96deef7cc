"""Words, the hand-end sheet and running scores, read off the real widgets."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start


def _finish_hand(window: MainWindow) -> None:
    window.controller.autoplay(10_000)


def test_hand_end_sheet_is_opaque_beside_the_board_with_the_seed_under_details(
    qtbot: QtBot, window: MainWindow
) -> None:
    LANGUAGE.install("en")  # as the game does at start: English plural forms ("1 hand", "2 pips")
    start(window, "jamaican", seed=3)
    _finish_hand(window)
    sheet = window.game.hand_end
    qtbot.waitUntil(sheet.isVisible)
    view = window.game.table
    felt = view.mapFromScene(view.table.felt.sceneBoundingRect()).boundingRect()
    assert not QRect(sheet.geometry()).intersects(felt), "the final position stays in sight"
    # Opaque: a point of the sheet with nothing on it shows the sheet's own colour, not the felt behind it.
    shot = window.game.grab(QRect(sheet.x() + 8, sheet.y() + sheet.height() - 8, 1, 1)).toImage()  # over the panel
    assert shot.pixelColor(0, 0).name() == QColor(window.look.theme.panel).darker(115).name()
    seed = str(window.controller.last_result.seed)  # type: ignore[union-attr]
    assert seed not in sheet.text.text()
    assert not sheet.details.isVisible()
    qtbot.mouseClick(sheet.details_button, Qt.MouseButton.LeftButton)
    assert sheet.details.isVisible() and seed in sheet.details.text()
    assert "hand(s)" not in sheet.text.text() and "pip(s)" not in sheet.text.text()
    assert "to " in sheet.text.text()


def test_match_over_says_so_and_the_score_title_does_not_count_on(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=3, target=1)
    _finish_hand(window)
    assert window.controller.match is not None and window.controller.match.is_over
    assert "Match over" in window.game.hand_end.text.text()
    assert window.game.scores.title.text() == "Score · match over"
    assert "Match over" in window.statusBar().currentMessage()


def test_hints_are_advice_in_words(window: MainWindow) -> None:
    page = window.game
    assert page.advice(Move(MoveKind.PLAY, Tile(6, 1), 6)) == "Play 6-1 on the 6"
    # All Fives' spinner: both open ends may show the 6; the hint says which, as the move log does.
    assert page.advice(Move.play(Tile(6, 4), 6, on_double=True)) == "Play 6-4 on the 6 by the double"
    assert page.advice(Move(MoveKind.PLAY, Tile(6, 6))) == "Pose 6-6"
    assert page.advice(Move(MoveKind.PASS)) == "Pass"


def test_the_status_bar_says_what_just_happened(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=3)
    window.controller.autoplay(3)
    last = window.game.log.item(window.game.log.count() - 1).text()
    assert window.statusBar().currentMessage() == last


def test_the_person_is_tu_in_spanish_even_in_a_match_begun_in_english(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=3)
    window.controller.autoplay(2)
    window.set_language("es")
    try:
        plate = window.game.table.table.plates[window.game.table.bottom]
        assert plate.lines[0].startswith("Tú")
        assert "You" not in window.game.scores.body.text()
    finally:
        LANGUAGE.install("en")


def test_curtains_name_people_not_you(qtbot: QtBot, window: MainWindow) -> None:
    from dominoes_desktop.ui.play.controller import SeatConfig

    from .test_pass_and_play import begin

    seats = (SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("Beto", True), SeatConfig("CPU 3", False))
    begin(window, "jamaican", seats=seats, seed=2)
    page = window.game
    qtbot.waitUntil(page.curtain.isVisible)
    words = page.curtain_text.text() + page.curtain_button.text()
    assert "You" not in words
    assert page.person_name(0) == "Player 1" and page.person_name(2) == "Beto"


def test_running_scores_rise_and_are_logged_with_their_points(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "all_fives", seed=4)
    page = window.game
    scored: list[Tile] = []  # the tile just laid each time points are scored (the CPUs answer in one go)

    def note_scoring_tile(_side: int, _points: int) -> None:
        hand = window.controller.hand
        if hand is not None and hand.layout.placements:
            scored.append(hand.layout.placements[-1].tile)

    window.controller.pointsScored.connect(note_scoring_tile)
    seen_running = False
    floated = False
    for _ in range(60):
        window.controller.autoplay(1)
        hand = window.controller.hand
        if hand is None:
            break
        if any(hand.end_points):
            seen_running = seen_running or "<b>+" in page.scores.body.text()  # the +N mark, not the note
        qtbot.wait(1)  # the "+N" rises once the table is laid out for the scoring move
        scene = window.game.table.table
        if scene.rising is not None and not floated:
            floated = True
            assert scored, "points were scored"
            spot = scene.plan.spots[scored[-1]]
            centre = scene.rising.label.sceneBoundingRect().center()
            assert abs(centre.x() - spot.x) < 40 and spot.y - 120 < centre.y() < spot.y + 10, "it rises from its tile"
        if seen_running and floated:
            break
    assert seen_running and floated
    qtbot.wait(10)  # the claim line is written once its points are known
    claims = [page.log.item(i).text() for i in range(page.log.count()) if "claimed" in page.log.item(i).text()]
    assert claims and all(line.split()[-1].isdigit() for line in claims)
