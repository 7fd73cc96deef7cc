"""What a player saw wrong (session 29's walk of the game as a player, visual29): the score panel naming the hand
just ended while the next one's leader was asked, ... Each test drives the real widgets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPushButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import ChooseLeader
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.coach_panel import CoachDialog, CoachTask
from dominoes_desktop.ui.play.controller import MatchSetup, default_seats
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE, plain
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import hand_over, idle, known_deal, known_deals_from, make_window, my_turn, play_turn_by_keys, settle
from .test_coach_panel import near_tie_row
from .test_network_play import join_ben, open_host, play_until
from .test_room_table import offline_ben
from .test_table34 import to_a_won_hand_end
from .test_visual28 import TWO, _finish_shared_hand

# ---- 1. the score panel names the hand on the table ------------------------------------------------------


def test_the_score_title_names_the_new_hand_while_its_leader_is_chosen(qtbot: QtBot, window: MainWindow) -> None:
    """A hand won, Next hand pressed: the new tiles were on the rack and "Who leads this hand?" asked, the score
    panel still said "Score · hand 1"."""
    start(window, "jamaican", seed=2, target=30)
    to_a_won_hand_end(window)
    page = window.game
    result = window.controller.last_result
    assert result is not None
    ended = result.hand_index + 1
    assert page.scores.title.text() == f"Score · hand {ended}", "the sheet's hand, while the sheet shows"
    qtbot.mouseClick(page.hand_end.next, Qt.MouseButton.LeftButton)
    idle(window)
    assert isinstance(window.controller.pending, ChooseLeader) and page.leader_choice.isVisible()
    assert window.controller.rack(0), "the new deal on the rack"
    assert page.scores.title.text() == f"Score · hand {ended + 1}"
    choices = [b for b in page.leader_choice.findChildren(QPushButton) if b.isVisible()]
    qtbot.mouseClick(choices[0], Qt.MouseButton.LeftButton)
    idle(window)
    assert window.controller.hand is not None
    assert page.scores.title.text() == f"Score · hand {ended + 1}", "and so on once it is led"


def test_the_score_title_names_the_new_hand_while_its_redeal_is_offered(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cuban, hand 2 dealt the person five doubles: "Deal again?" asked over the new tiles, the panel said hand 1."""
    known_deals_from(monkeypatch, 11)  # the deals sealed from here on: hand 2's gives you five doubles
    window.start_match(MatchSetup(build_rules("cuban", {"target": 500}), tuple(default_seats(4))), 12, known_deal(12))
    page, controller = window.game, window.controller
    for _ in range(30):
        idle(window)
        if page.hand_end.isVisible():
            break
        if page.redeal.isVisible():
            qtbot.mouseClick(page.redeal_no, Qt.MouseButton.LeftButton)
        elif isinstance(controller.pending, ChooseLeader):
            controller.choose_leader(controller.pending.seats[0])
        controller.autoplay(10_000)
    qtbot.waitUntil(page.hand_end.isVisible, timeout=10_000)
    assert page.scores.title.text() == "Score · hand 1"
    qtbot.mouseClick(page.hand_end.next, Qt.MouseButton.LeftButton)
    idle(window)
    assert page.redeal.isVisible() and controller.hand is None
    assert page.scores.title.text() == "Score · hand 2"


def test_a_rooms_score_title_names_the_new_hand_while_its_leader_is_chosen(qtbot: QtBot) -> None:
    """A room's hand over and the next dealt, its leader asked on one side: the host's and the guest's score
    panels said "Score · hand 1" (a seat's hand number is 0 with no hand in play), whatever hand was dealt."""
    host, _ = open_host(qtbot, {"target": 60}, preset="jamaican")
    try:
        ana = host.window
        ben = join_ben(qtbot, host)
        ana.start_button.click()
        play_until(qtbot, [ana, ben], lambda: ben.controller.last_result is not None, 120)
        assert all(w.page.scores.title.text() == "Score · hand 1" for w in (ana, ben)), "hand 1 just ended"
        asked = lambda: any(w.page.leader_choice.isVisible() for w in (ana, ben))  # noqa: E731
        play_until(qtbot, [ana, ben], asked, 60)
        for window in (ana, ben):  # the one asked, and the one waiting for the answer
            qtbot.waitUntil(lambda window=window: bool(window.controller.dealt), timeout=5000)
            assert window.controller.hand is None and window.page.table.state().seats[window.seat].tiles
            assert window.page.scores.title.text() == "Score · hand 2", window.seat
    finally:
        host.stop()


# ---- 2. a seat nobody has taken says so, not "0 tiles" --------------------------------------------------


def _lobby(taken: str = "") -> dict[str, Any]:
    """Ana's room before its match, as the room sends it: Ben in seat 1, seat 2 a friend's seat nobody has
    taken yet (or `taken`, once someone has), seat 3 a CPU."""
    kinds = ["host", "friend", "friend", "cpu"]
    names = ["Ana", "Ben", taken, ""]
    seats = [
        {"seat": i, "kind": kind, "name": names[i], "level": "medium", "taken": kind != "friend" or bool(names[i]),
         "connected": kind != "cpu" and bool(names[i]), "cpu": kind == "cpu"}
        for i, kind in enumerate(kinds)
    ]  # fmt: skip
    return {"t": "room", "state": "lobby", "host_seat": 0, "seats": seats, "preset": "jamaican", "options": {}}


@pytest.mark.parametrize(("language", "waiting"), [("en", "waiting for a player"), ("es", "esperando jugador")])
def test_a_seat_nobody_has_taken_says_it_waits_for_a_player(qtbot: QtBot, language: str, waiting: str) -> None:
    """A room before its match: every plate said "0 tiles", the open seat's too ("Open seat / 0 tiles")."""
    LANGUAGE.install(language)
    window, _ = offline_ben(qtbot)
    window.controller.receive(_lobby())
    qtbot.wait(20)
    plates = window.page.table.table.plates
    lines = {seat: [line for line in plate.lines if line] for seat, plate in plates.items()}
    assert lines[2][-1] == waiting, lines
    assert all(len(said) == 1 for seat, said in lines.items() if seat != 2), lines  # a name, and no count
    window.controller.receive(_lobby(taken="Cy"))
    qtbot.wait(20)
    lines = {seat: [line for line in plate.lines if line] for seat, plate in plates.items()}
    assert lines[2] == ["Cy"], lines


def test_no_plate_counts_tiles_before_the_first_deal(qtbot: QtBot, window: MainWindow) -> None:
    """The first deal sealed, waiting for its cut: "You / 0 tiles", "CPU 1 / 0 tiles"; the count comes with the
    deal."""
    window.quick_start(build_rules("jamaican"), "medium", 3)
    idle(window)
    page = window.game
    assert page.cut_panel.isVisible()
    plates = page.table.table.plates
    assert all([line for line in plate.lines if line] == [plate.lines[0]] for plate in plates.values()), [
        plate.lines for plate in plates.values()
    ]
    qtbot.keyClick(page.cut_panel.deck, Qt.Key.Key_Space)
    idle(window)
    assert all(any(line.endswith(" tiles") for line in plate.lines) for plate in plates.values())


# ---- 3. the statistics name each person at a shared screen as their plate did ------------------------------


@pytest.mark.parametrize(("language", "first"), [("en", "Player 1"), ("es", "Jugador 1")])
def test_the_statistics_name_each_person_at_a_shared_screen_as_their_plate(
    qtbot: QtBot, tmp_path: Path, language: str, first: str
) -> None:
    """Two people at one screen, both left "You": their plates said "Jugador 1" and "Jugador 3" all match; the
    Results page then had one row, "Tú", for both; Deal luck and Skill said "Tú" too."""
    LANGUAGE.install(language)
    window = make_window(qtbot, tmp_path)
    window.start_match(MatchSetup(build_rules("jamaican", {"target": 1}), TWO), 3, known_deal(3))
    _finish_shared_hand(qtbot, window)
    assert window.controller.match_over
    plates = [first, first.replace("1", "3")]
    said = [window.game.table.table.plates[seat].lines[0] for seat in (0, 2)]
    assert [line.startswith(name) for line, name in zip(said, plates, strict=True)] == [True, True], said
    window.store.wait_idle()
    dialog = StatsDialog(window.store, "", window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.snapshot is not None and dialog.table.rowCount() > 0, timeout=10_000)
    results = {dialog.table.item(row, 0).text() for row in range(dialog.table.rowCount())}
    luck = dialog.luck.player
    lucky = {luck.itemText(i) for i in range(luck.count())}
    dialog.tabs.setCurrentWidget(dialog.skill)
    skill = dialog.skill
    qtbot.waitUntil(lambda: skill.snapshot is not None and bool(skill.snapshot.players), timeout=10_000)
    whose = {skill.player.itemText(i) for i in range(skill.player.count())}
    for names in (results, lucky, whose):
        assert set(plates) <= names and not names & {"You", "Tú"}, (plates, results, lucky, whose)
    dialog.close()
    window.controller.runner.wait(5000)


# ---- 4. the rack's keys start a turn on a tile that fits ---------------------------------------------------


def test_each_turn_begins_with_the_keys_on_a_tile_that_fits(qtbot: QtBot, window: MainWindow) -> None:
    """A keyboard player's turn: the focus was on the rack's first tile (or where the last play left it), which
    often did not fit: Enter said "not playable now". Every turn with a tile to play starts on one that does."""
    start(window, "jamaican", seed=3)
    view = window.game.table
    window.activateWindow()
    view.setFocus()
    turns = 0
    for _ in range(40):
        idle(window)
        settle(qtbot, window)
        if hand_over(window):
            break
        if my_turn(window) and any(m.kind is MoveKind.PLAY for m in window.controller.legal_moves()):
            rack = view.table.items_for_rack()
            focused = [item for item in rack if item.focused]
            assert focused == [rack[view.focus_index]] and focused[0].legal, (
                [(str(item.tile), item.legal) for item in rack],
                view.focus_index,
            )
            assert "playable" in view.accessibleDescription() and "not playable" not in view.accessibleDescription()
            turns += 1
            qtbot.keyClick(view, Qt.Key.Key_Return)  # the tile the keys are on, played
            if view.choosing is not None:
                qtbot.keyClick(view, Qt.Key.Key_Return)
            continue
        play_turn_by_keys(qtbot, window)
    assert turns >= 3


def test_at_a_shared_screen_the_keys_are_on_a_tile_that_fits_once_the_curtain_lifts(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Two people at one screen: behind the curtain the rack is hidden; lifted, each person's keys are on a tile
    that fits."""
    window.start_match(MatchSetup(build_rules("jamaican"), TWO), 3, known_deal(3))
    page, view = window.game, window.game.table
    window.activateWindow()
    looked = 0
    for _ in range(60):
        idle(window)
        settle(qtbot, window)
        if hand_over(window) or looked >= 4:
            break
        if page.curtain.isVisible():
            qtbot.mouseClick(page.curtain_button, Qt.MouseButton.LeftButton)
            idle(window)
            settle(qtbot, window)
            if my_turn(window) and any(m.kind is MoveKind.PLAY for m in window.controller.legal_moves()):
                view.setFocus()
                rack = view.table.items_for_rack()
                assert rack[view.focus_index].legal, [(str(item.tile), item.legal) for item in rack]
                looked += 1
            continue
        play_turn_by_keys(qtbot, window)
    assert looked >= 3


# ---- 5. the tile tracker between hands ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "first", "next_hand"),
    [
        ("en", "Fills in when the hand begins.", "Fills in when the next hand begins."),
        ("es", "Se rellena cuando empieza la mano.", "Se rellena cuando empieza la siguiente mano."),
    ],
)
def test_the_tile_tracker_says_when_it_fills_in_between_hands(
    qtbot: QtBot, window: MainWindow, language: str, first: str, next_hand: str
) -> None:
    """With the tile tracker: before the first deal it was an empty box; after a hand it kept that hand's counts
    from one move before its end, beside the sheet and then beside the next hand's tiles ("CPU 3 has no 6")."""
    LANGUAGE.install(language)
    window.start_match(MatchSetup(build_rules("jamaican", {"target": 60}), tuple(default_seats(4)), tracker=True), 3)
    idle(window)
    page = window.game
    tracker = page.tracker
    assert page.cut_panel.isVisible() and tracker.isVisible()
    said = plain(tracker.text())
    assert said.endswith(first) and "/" not in said, said
    qtbot.keyClick(page.cut_panel.deck, Qt.Key.Key_Space)
    idle(window)
    qtbot.waitUntil(lambda: "/" in plain(tracker.text()), timeout=5000)  # the counts of the hand in play
    window.controller.autoplay(10_000)
    idle(window)
    qtbot.waitUntil(page.hand_end.isVisible, timeout=10_000)
    said = plain(tracker.text())
    assert said.endswith(next_hand) and "/" not in said, said
    qtbot.mouseClick(page.hand_end.next, Qt.MouseButton.LeftButton)
    idle(window)
    said = plain(tracker.text())
    if window.controller.hand is None:  # the new tiles on the rack, its leader asked
        assert said.endswith(first) and "/" not in said, said
    else:
        assert "/" in said, said  # the new hand's counts


# ---- 6. the coach's window is painted before it judges ------------------------------------------------------


class _Paints(QObject):
    """Every CoachDialog paint, as the application delivers it."""

    def __init__(self) -> None:
        super().__init__()
        self.painted = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(watched, CoachDialog):
            self.painted += 1
        return False


def test_the_coach_window_shows_its_judging_words_before_it_judges(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Coach on the hand-end sheet: the judge began with the window, its thread holding the interpreter while the
    window came up, and the window stood unpainted, blank, for up to a second. It judges once its "Judging each
    decision…" is painted."""
    start(window, "jamaican", seed=2)
    window.controller.autoplay(10_000)
    idle(window)
    page = window.game
    qtbot.waitUntil(page.hand_end.isVisible, timeout=10_000)
    paints = _Paints()
    QApplication.instance().installEventFilter(paints)
    seen: list[int] = []
    judge = CoachTask.run

    def run(task: CoachTask) -> None:
        seen.append(paints.painted)  # read on the judge's thread as it starts
        judge(task)

    monkeypatch.setattr(CoachTask, "run", run)
    try:
        qtbot.mouseClick(page.coach_button, Qt.MouseButton.LeftButton)
        [dialog] = page.findChildren(CoachDialog)
        assert dialog.isVisible() and dialog.status.text().startswith("Judging each decision")
        qtbot.waitUntil(lambda: bool(dialog.rows) or "No decision" in dialog.status.text(), timeout=60_000)
    finally:
        QApplication.instance().removeEventFilter(paints)
    assert seen and seen[0] > 0, "the judge began before the window was painted"


def test_a_coach_window_not_painted_judges_all_the_same(qtbot: QtBot) -> None:
    """Opened and not painted (behind another window, the game minimized): its verdict is ready when looked at."""
    table, seats, _ = near_tie_row()
    deal, hand = table.match.archive[-1]
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=120_000)
    assert not dialog.isVisible()


def test_the_coach_window_grows_to_its_verdict_on_the_screen(qtbot: QtBot, window: MainWindow) -> None:
    """Its verdict in, the window grows as tall as its rows need: grown from its top, at 1920x1080 it ran off the
    screen's foot, its Close button with it."""
    start(window, "jamaican", seed=2)
    window.controller.autoplay(10_000)
    idle(window)
    page = window.game
    qtbot.waitUntil(page.hand_end.isVisible, timeout=10_000)
    qtbot.mouseClick(page.coach_button, Qt.MouseButton.LeftButton)
    [dialog] = page.findChildren(CoachDialog)
    before = dialog.height()
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=60_000)
    screen = dialog.screen()
    assert screen is not None and dialog.height() > before
    room, frame = screen.availableGeometry(), dialog.frameGeometry()  # (the tests' screen is narrower than the window)
    assert room.top() <= frame.top() and frame.bottom() <= room.bottom(), (room, frame)
    close = dialog.findChild(QDialogButtonBox)
    assert close is not None and close.mapToGlobal(QPoint(0, close.height())).y() <= room.bottom() + 1
