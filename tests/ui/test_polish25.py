"""A match's end and a pass as a player meets them (session 25, audit24 findings 9, 10 and 15): one line for a pass
the table makes for the person, a rematch of the same table from the match's end sheet, and the top seat's plate
in two lines where its name would push a side seat's plate away from its tiles."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import reduce
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QRectF, QSizeF, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules, host_options
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.store.matchfile import match_from_json
from dominoes_desktop.store.stats import Statistics
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.controller import AUTO_PASS_MS, MatchSetup, SeatConfig
from dominoes_desktop.ui.play.panels import HandEndPanel
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.scene import SeatState, TableScene, TableState

from .conftest import saying, start
from .driving import click_item, hand_over, idle, known_deal, make_window, my_turn, settle


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


# ---- a pass made for the person: one line (audit24 finding 9) ------------------------------------------------------


def _play_first_tile(qtbot: QtBot, window: MainWindow) -> None:
    view = window.game.table
    legal = [item for item in view.table.items_for_rack() if item.legal]
    click_item(qtbot, window, legal[0])
    settle(qtbot, window)
    if view.table.markers:
        click_item(qtbot, window, view.table.markers[0])


def _passed_for_me(qtbot: QtBot, window: MainWindow) -> tuple[list[str], list[str]]:
    """Play the first tile that fits until the table passes for the person; the status bar's lines and the
    announcer's words from the turn that was passed to the next move."""
    shown: list[str] = []
    window.statusBar().messageChanged.connect(shown.append)
    for seed in range(1, 12):
        start(window, "jamaican", seed=seed)
        for _ in range(40):
            idle(window)
            settle(qtbot, window)
            if hand_over(window):
                break
            if not my_turn(window):
                continue
            moves = window.controller.legal_moves()
            if not all(m.kind is MoveKind.PASS for m in moves):
                _play_first_tile(qtbot, window)
                continue
            hand = window.controller.hand
            assert hand is not None
            before = len(hand.history)
            window.controller.pace_ms = 10_000  # the CPU after the pass waits: the pass's line stays to be read
            shown.clear()
            with saying() as said:
                qtbot.waitUntil(lambda h=hand, b=before: len(h.history) > b, timeout=AUTO_PASS_MS + 3000)
                qtbot.wait(200)
            return [line for line in shown if line], said
    raise AssertionError("the table never passed for the person")


def test_a_pass_made_for_you_is_one_line_in_the_status_bar_and_said_once(qtbot: QtBot, window: MainWindow) -> None:
    shown, said = _passed_for_me(qtbot, window)
    assert shown == ["You pass"], shown  # was "You pass", then in the same instant "You passed"
    assert window.statusBar().currentMessage() == "You pass"
    assert said.count("You passed") == 1 and "You pass" not in said, said  # said once, as the move log's line
    assert "You pass" in window.game.table.table.float_texts


def test_a_pass_made_for_you_reads_one_spanish_line(qtbot: QtBot, window: MainWindow) -> None:
    window.set_language("es")
    shown, said = _passed_for_me(qtbot, window)
    assert shown == ["Pasas"], shown
    assert said.count("Pasaste") == 1 and "Pasas" not in said, said


# ---- a rematch at the match's end (audit24 finding 10) -----------------------------------------------------------

SEATS = (
    SeatConfig("Ana", True),
    SeatConfig("Rita", False, "easy"),
    SeatConfig("Beto", False, "hard"),
    SeatConfig("Cruz", False, "medium"),
)


def _setup(people: tuple[int, ...] = (0,)) -> MatchSetup:
    rules = build_rules("jamaican", {"target": 1})
    seats = tuple(SeatConfig(s.name, i in people, s.level) for i, s in enumerate(SEATS))
    return MatchSetup(rules, seats, hints=False, stats_group="Casa", options=host_options(rules))


def _played_out(window: MainWindow, setup: MatchSetup) -> None:
    """A match of one hand played to its end by stand-ins for the people: the sheet says the match is over."""
    window.start_match(setup, 3, known_deal(3))
    idle(window)
    _to_the_match_end(window)


def _to_the_match_end(window: MainWindow) -> None:
    """The match in play played on by stand-ins for the people until it is over. A hand that ends level (about
    one Jamaican hand in 60: the CPUs' seed is new each match, and Hard plays by its clock) wins no game, and the
    next deal waits for the person's cut, which autoplay does not make: Next hand cuts it, as the person would."""
    for _ in range(8):
        window.controller.autoplay(10_000)
        idle(window)
        if window.controller.match_over:
            break
        if window.game.hand_end.isVisible():
            window.game.hand_end.next.click()
            idle(window)
    assert window.controller.match_over


def _matches_in_stats(folder: Path, player: str) -> int:
    stats = Statistics(folder)
    try:
        return sum(row.values["matches"] for row in stats.table("Casa") if row.player == player)
    finally:
        stats.close()


def test_enter_at_a_match_s_end_plays_a_rematch_of_the_same_table(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    setup = _setup()
    _played_out(window, setup)
    sheet = window.game.hand_end
    qtbot.waitUntil(sheet.rematch.hasFocus, timeout=3000)
    assert sheet.rematch.text() == "Rematch" and sheet.again.text() == "New match" and sheet.again.isVisible()
    finished = window.controller.match
    assert finished is not None
    seal = window.controller.coming_seal.fingerprint
    assert seal[:4] in sheet.rematch_note.text() and sheet.rematch_note.isVisible(), "the seal is shown first"
    window.store.wait_idle()
    assert _matches_in_stats(tmp_path, "Ana") == 1

    focused = QApplication.focusWidget()
    assert focused is not None
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    idle(window)
    rematch = window.controller.match
    assert rematch is not None and rematch is not finished and not rematch.is_over
    assert window.stack.currentWidget() is window.game, "at once, not through the lobby"
    assert rematch.rules == finished.rules and window.game.setup == setup
    assert window.controller.seats == list(setup.seats), "the same names, people and CPU levels"
    assert rematch.seed != finished.seed
    assert rematch.proofs[0].fingerprint == seal, "its first deal is the seal the sheet showed, cut by the press"
    assert window.controller.coming_seal.fingerprint != seal, "a seal is cut once"
    assert not sheet.isVisible() and window.controller.hand is not None
    assert window.game.table.hasFocus() or window.game.isAncestorOf(QApplication.focusWidget()), "keys at the table"

    window.store.wait_idle()
    assert _matches_in_stats(tmp_path, "Ana") == 1, "the finished match counted once, the rematch not yet"
    _to_the_match_end(window)
    window.store.wait_idle()
    assert _matches_in_stats(tmp_path, "Ana") == 2, "the rematch is a match record of its own"


def test_a_finished_match_opened_again_is_not_counted_again(qtbot: QtBot, tmp_path: Path) -> None:
    """Opening a finished match again (a saved file, the last match) showed its end and recorded it in the
    statistics a second time (review25); its Rematch is then a match of its own."""
    first = make_window(qtbot, tmp_path)
    _played_out(first, _setup())
    first.store.wait_idle()
    assert _matches_in_stats(tmp_path, "Ana") == 1
    data = first.match_json()
    assert data is not None
    first.close()
    second = make_window(qtbot, tmp_path)
    second.resume(match_from_json(data))
    idle(second)
    second.store.wait_idle()
    assert _matches_in_stats(tmp_path, "Ana") == 1, "the match was counted when it ended"
    sheet = second.game.hand_end
    qtbot.waitUntil(sheet.rematch.isVisible, timeout=3000)
    sheet.rematch.click()
    idle(second)
    _to_the_match_end(second)
    second.store.wait_idle()
    assert _matches_in_stats(tmp_path, "Ana") == 2


def test_new_match_beside_the_rematch_still_opens_the_lobby(qtbot: QtBot, window: MainWindow) -> None:
    _played_out(window, _setup())
    sheet = window.game.hand_end
    qtbot.waitUntil(sheet.rematch.hasFocus, timeout=3000)
    finished = window.controller.match
    sheet.again.click()
    assert window.stack.currentWidget() is window.lobby and window.lobby.start.hasFocus()
    assert window.controller.match is finished, "no match started"


def test_a_pass_and_play_rematch_seats_the_same_people_behind_the_curtain(qtbot: QtBot, window: MainWindow) -> None:
    setup = _setup(people=(0, 2))
    _played_out(window, setup)
    sheet = window.game.hand_end
    qtbot.waitUntil(sheet.rematch.hasFocus, timeout=3000)
    qtbot.keyClick(sheet.rematch, Qt.Key.Key_Return)
    idle(window)
    assert [(s.name, s.human, s.level) for s in window.controller.seats] == [
        (s.name, s.human, s.level) for s in setup.seats
    ]
    page = window.game
    assert page.curtain.isVisible(), "the CPUs played up to a person's turn: that person is called to the screen"
    assert page.curtain_button.hasFocus()


def test_the_rematch_reads_in_spanish(qtbot: QtBot, window: MainWindow) -> None:
    window.set_language("es")
    _played_out(window, _setup())
    sheet = window.game.hand_end
    qtbot.waitUntil(sheet.rematch.hasFocus, timeout=3000)
    assert sheet.rematch.text() == "Revancha" and sheet.again.text() == "Partida nueva"
    assert sheet.rematch_note.text().startswith("Primer reparto sellado: ")
    assert sheet.rematch_note.text().endswith("… Revancha corta la baraja.")
    assert sheet.rematch.accessibleName() == "Revancha: los mismos jugadores y las mismas reglas"
    with saying() as said:
        qtbot.keyClick(sheet.rematch, Qt.Key.Key_Return)
        idle(window)
    assert any("La revancha cortó la baraja." in line for line in said), said


def test_a_sheet_whose_window_starts_no_rematch_offers_none(qtbot: QtBot) -> None:
    """A friends' room's sheet (its own page, its "New match" button renamed by the room) is never given the next
    match's seal: no Rematch shows there, its own button keeps the focus."""
    from dominoes_desktop.engine.decisions import HandResult
    from dominoes_desktop.engine.hand import HandEnd
    from dominoes_desktop.ui.play.controller import default_seats

    panel = HandEndPanel()
    qtbot.addWidget(panel)
    rules = build_rules("jamaican", {"target": 1})
    won = HandResult(
        hand_index=0,
        seed=11,
        leader=0,
        end=HandEnd.DOMINO,
        winner_seat=0,
        winner_side=0,
        points=1,
        bonus=(),
        reset=False,
        end_points=(0, 0),
        pips=(0, 5, 3, 9),
        remaining=((), (), (), ()),
        scores=(1, 0),
    )
    panel.show_result(rules, default_seats(4), won, winner=0)
    assert panel.rematch.isHidden() and panel.rematch_note.isHidden() and not panel.again.isHidden()
    panel.show_rematch_seal("ab" * 32)
    panel.show_result(rules, default_seats(4), won, winner=0)
    assert not panel.rematch.isHidden() and "abab abab abab abab" in panel.rematch_note.text()
    panel.show_result(rules, default_seats(4), won, winner=None)
    assert panel.rematch.isHidden(), "between hands: Next hand"


# ---- each seat's plate by its own tiles (audit24 finding 15) -------------------------------------------------------

# The room the view gives the scene (its size in scene units, scene units per pixel, the words' scale), as a window
# of that size gives it with the side panel shown: 1024x700, 1280x800, 1366x768, 1600x900, 1920x1080.
ROOMS = {
    "1024x700": ((1150.0, 942.6), 1.43, 1.0),
    "1280x800": ((1172.2, 880.0), 1.164, 1.143),
    "1366x768": ((1304.8, 880.0), 1.214, 1.097),
    "1600x900": ((1297.3, 880.0), 1.03, 1.286),
    "1920x1080": ((1294.3, 880.0), 0.856, 1.5),
}


def _apart(a: QRectF, b: QRectF) -> float:
    dx = max(0.0, max(a.left(), b.left()) - min(a.right(), b.right()))
    dy = max(0.0, max(a.top(), b.top()) - min(a.bottom(), b.bottom()))
    return float((dx * dx + dy * dy) ** 0.5)


def _drawn(scene: TableScene, state: TableState) -> tuple[dict[int, QRectF], dict[int, QRectF]]:
    """Each seat's plate as drawn (its box in scene units) and the box round its tiles as drawn."""
    plates = {}
    for seat, plate in scene.plates.items():
        box, units = plate.boundingRect(), scene.plate_units()
        plates[seat] = QRectF(plate.pos() + box.topLeft() * units, box.size() * units)
    tiles = {}
    for seat in range(len(state.seats)):
        items = list(scene.rack_items.values()) if seat == state.bottom else scene.back_items[seat]
        tiles[seat] = reduce(QRectF.united, (item.sceneBoundingRect() for item in items))
    return plates, tiles


def _pass_and_play(players: int, counts: int, shown: bool) -> TableState:
    """Two people sharing the screen, partners across the table where there are four: "Player 3 (partner)" on top."""
    person = QCoreApplication.translate("GamePage", "Player {n}")
    seats = []
    for seat in range(players):
        human = seat == 0 or (players == 4 and seat == 2)
        name = person.format(n=seat + 1) if human else f"CPU {seat}"
        tiles = tuple(Tile(6, k) for k in range(counts)) if shown or seat == 0 else ()
        note = "12 pips" if shown else ""
        seats.append(SeatState(name, counts, tiles, partner=players == 4 and seat == 2, passed=seat == 1, note=note))
    return TableState(None, seats, 0)


@pytest.mark.parametrize("room", list(ROOMS))
@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])  # five (polish26): the side seats' plates were nearer the top rows
def test_each_seat_s_plate_stands_by_its_own_tiles(qtbot: QtBot, room: str, language: str, players: int) -> None:
    LANGUAGE.install(language)
    (width, height), pixel, words = ROOMS[room]
    for counts, shown, most in ((7, False, 0), (3, False, 0), (7, True, 0), (3, False, 7)):
        scene = TableScene(Look())
        scene.set_area(QSizeF(width, height), pixel, words)
        state = _pass_and_play(players, counts, shown)
        # (3, False, 7): a hand in play, each seat down to 3 of the 7 tiles it held, its plate kept beside the 7.
        state = replace(state, seats=[replace(each, most=most) for each in state.seats])
        scene.sync(state, animate=False)
        plates, tiles = _drawn(scene, state)
        for seat, plate in plates.items():
            for other, box in plates.items():
                overlap = plate.intersected(box)
                assert other == seat or overlap.width() < 0.5 or overlap.height() < 0.5, (seat, other, counts, shown)
            own = _apart(plate, tiles[seat])
            for other, box in tiles.items():
                assert other == seat or own < _apart(plate, box), (
                    f"{scene.plates[seat].lines[0]}'s plate nearer {scene.plates[other].lines[0]}'s tiles",
                    counts,
                    shown,
                )


def test_the_partner_s_plate_takes_two_lines_only_where_it_needs_them(qtbot: QtBot) -> None:
    """Spanish at 1024x700: "Jugador 3 (compañero)" was wider than the room beside its row, and CPU 3's plate fell
    to the bottom-left corner beside Jugador 1's (audit24 finding 15). English there, and Spanish at 1920x1080,
    keep the name on one line."""
    for language, room, lines in (
        ("es", "1024x700", ["Jugador 3", "(compañero)"]),
        ("es", "1920x1080", ["Jugador 3 (compañero)"]),
        ("en", "1024x700", ["Player 3 (partner)"]),
    ):
        LANGUAGE.install(language)
        (width, height), pixel, words = ROOMS[room]
        scene = TableScene(Look())
        scene.set_area(QSizeF(width, height), pixel, words)
        state = _pass_and_play(4, 7, False)
        scene.sync(state, animate=False)
        top = scene.plates[2].lines
        assert top[: len(lines)] == lines and top[len(lines)] == ("7 fichas" if language == "es" else "7 tiles")
        plates, tiles = _drawn(scene, state)
        assert plates[3].bottom() < tiles[3].top(), (
            f"{language} {room}: CPU 3's plate in the top corner, above its tiles"
        )


def test_the_partner_s_plate_keeps_its_two_lines_through_the_hand(qtbot: QtBot) -> None:
    """Spanish pass and play at 1024x700: the split was judged again at each move, and once the rows had shrunk
    (4, 4, 4, 5 tiles) the top plate went back to one line and the felt's top jumped between two moves (review25).
    Split once, it stays so while the room and the names stay."""
    LANGUAGE.install("es")
    (width, height), pixel, words = ROOMS["1024x700"]
    scene = TableScene(Look())
    scene.set_area(QSizeF(width, height), pixel, words)
    counts, seen = [7, 7, 7, 7], set()
    for step in range(24):
        seat = step % 4
        state = _pass_and_play(4, 7, False)
        seats = [replace(each, count=counts[n], tiles=each.tiles[: counts[n]]) for n, each in enumerate(state.seats)]
        state = replace(state, seats=seats)
        scene.sync(state, animate=False)
        seen.add((tuple(scene.plates[2].lines[:2]), round(scene.felt_rect(state).top(), 1)))
        counts[seat] -= 1
    assert len(seen) == 1 and next(iter(seen))[0] == ("Jugador 3", "(compañero)"), seen


def test_a_plate_in_two_lines_repaints_only_when_its_words_change(qtbot: QtBot) -> None:
    """The layout weighs the name in two lines before it settles the plate's words: the plate across the table is not
    written whole, then in two lines again, at every move of another seat (each write repaints it)."""
    LANGUAGE.install("es")
    (width, height), pixel, words = ROOMS["1024x700"]
    scene = TableScene(Look())
    scene.set_area(QSizeF(width, height), pixel, words)
    state = _pass_and_play(4, 7, False)
    scene.sync(state, animate=False)
    top = scene.plates[2]
    assert top.lines[:2] == ["Jugador 3", "(compañero)"]
    updates: list[int] = []
    original = top.update
    top.update = lambda *args: updates.append(1) or original(*args)  # type: ignore[method-assign]
    state.seats[1] = replace(state.seats[1], count=6, passed=False)  # CPU 1 played a tile
    scene.sync(state, animate=False)
    scene.felt_rect(state)
    assert updates == [] and top.lines[:2] == ["Jugador 3", "(compañero)"]


def test_tab_at_a_match_s_end_reads_rematch_then_the_buttons_beside_it(qtbot: QtBot, window: MainWindow) -> None:
    """Rematch stands in Next hand's place: Tab goes Details, Rematch, Review, New match, Coach, as the sheet reads."""
    _played_out(window, _setup())
    sheet = window.game.hand_end
    qtbot.waitUntil(sheet.rematch.hasFocus, timeout=3000)
    window.activateWindow()
    reading = [sheet.details_button, sheet.rematch, sheet.review, sheet.again, window.game.coach_button]
    assert all(w.isVisible() for w in reading) and not sheet.next.isVisible()
    sheet.details_button.setFocus()
    qtbot.waitUntil(sheet.details_button.hasFocus, timeout=2000)
    reached: list[QWidget | None] = [sheet.details_button]
    for _ in range(len(reading) - 1):
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    assert reached == reading


def test_a_friends_room_s_match_end_offers_no_rematch(qtbot: QtBot) -> None:
    """A room's sheet keeps its own button ("Play again" for the host, "Ask for another match" for a guest), focused;
    the Rematch the room cannot start is never shown there."""
    from .test_network_play import played_out

    host, ana, ben = played_out(qtbot, (1024, 700))
    try:
        for window in (ana, ben):
            assert window.page.hand_end.rematch.isHidden() and window.page.hand_end.rematch_note.isHidden()
        assert ana.focusWidget() is ana.page.hand_end.again and ana.page.hand_end.again.text() == "Play again"
    finally:
        host.stop()


def test_the_match_s_winners_line_keeps_each_name_with_its_number(qtbot: QtBot) -> None:
    """Pass and play in Spanish at 1024x700: "Partida ganada: Jugador 1 y CPU" over a lone "2."."""
    from dominoes_desktop.engine.decisions import HandResult
    from dominoes_desktop.engine.hand import HandEnd

    LANGUAGE.install("es")
    panel = HandEndPanel()
    qtbot.addWidget(panel)
    you = QCoreApplication.translate("GameController", "You")
    seats = [SeatConfig(you, True), SeatConfig("CPU 1", False), SeatConfig(you, True), SeatConfig("CPU 3", False)]
    won = HandResult(0, 11, 0, HandEnd.DOMINO, 2, 0, 1, (), False, (0, 0), (9, 5, 0, 6), ((), (), (), ()), (1, 0))
    panel.show_result(build_rules("jamaican", {"target": 1}), seats, won, winner=0)
    assert "<h3>Partida ganada: Jugador\xa01 y Jugador\xa03.</h3>" in panel.text.text()
