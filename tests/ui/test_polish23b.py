"""What a player saw wrong at the table and in the lobby (session 23's look as a player, visual23): the leader
question that said a drawn side had won, a seat named two ways at pass-and-play, the curtain on a plate, the
invited friend's name box, the lobby's rules cut, and one hand's decisions read three ways. Each test drives the
real widgets."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QStyle, QStyleOptionFrame, QTextBrowser
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.analysis.hand_luck import LUCK_VERSION
from dominoes_desktop.engine.analysis.rating import DecisionJudgement, Family, HandJudgement
from dominoes_desktop.engine.decisions import ChooseLeader, DealAgain
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store import skill
from dominoes_desktop.store.skill import QueuedHand
from dominoes_desktop.store.stats import Statistics
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.review.skill_recorder import LuckLine
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE, plain
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.store_service import StoreService
from tests.store.test_skill import one_hand

from .driving import hand_over, idle, known_deal, play_turn_by_clicks, settle

SOLO = [SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("CPU 2", False), SeatConfig("CPU 3", False)]
# Two people at one screen, the first left with the lobby's "You" (as visual23 played it).
TWO = [SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("Beto", True), SeatConfig("CPU 3", False)]


def _cuban_seed_drawn_for(side_seat: int) -> int:
    """A seed whose first Cuban deal draws the side of `side_seat` to lead, with no redeal offered first."""
    rules = build_rules("cuban")
    for seed in range(500):
        match = Match(rules, seed)
        match.apply(None, DealAgain(known_deal(seed)))
        pending = match.pending()
        if isinstance(pending, ChooseLeader) and side_seat in pending.seats:
            return seed
    raise AssertionError("no such seed")


# ---- 1. the leader question says why the side leads -------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_side_drawn_by_lot_at_0_0_is_not_told_it_won(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """Cuban draws the first hand's side by lot: at 0-0, before any hand, the question said "Your side won"."""
    LANGUAGE.install(language)
    seed = _cuban_seed_drawn_for(0)
    window.start_match(MatchSetup(build_rules("cuban"), SOLO), seed, known_deal(seed))
    idle(window)
    page = window.game
    assert page.leader_choice.isVisible()
    shown = [label.text() for label in page.leader_choice.findChildren(QLabel) if label.isVisible()]
    assert shown and shown[0] == page.leader_question(), shown
    if language == "en":
        assert "drawn by lot" in shown[0] and "won" not in shown[0], shown[0]
    else:
        assert "sorteo" in shown[0] and "anó" not in shown[0], shown[0]


# ---- 2. one name for a seat at pass-and-play ------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_scores_name_a_seat_as_its_plate_and_the_curtain_do(
    qtbot: QtBot, window: MainWindow, language: str
) -> None:
    """Two people at one screen, the first left as "You": the plate, the curtain and the turn line said "Player 1",
    the score panel "You & CPU 2"."""
    LANGUAGE.install(language)
    window.start_match(MatchSetup(build_rules("jamaican"), TWO), 3, known_deal(3))
    idle(window)
    page = window.game
    assert page.curtain.isVisible()
    assert page.person_name(page.curtain_seat) in plain(page.curtain_text.text())
    player_1 = page.person_name(0)
    assert player_1 == ("Player 1" if language == "en" else "Jugador 1")
    scores = plain(page.scores.body.text())
    assert player_1 in scores and "You" not in scores and "Tú" not in scores, scores
    assert page.table.table.plates[0].lines[0].startswith(player_1), page.table.table.plates[0].lines


# ---- 3. the curtain lies on no plate ----------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1920, 1055)])
def test_the_curtain_lies_on_no_plate(qtbot: QtBot, window: MainWindow, language: str, size: tuple[int, int]) -> None:
    """Spanish at 1024x700: "Pásale la pantalla a Jugador 1" lay about 12 px on the plate "Jugador 1 / 7 fichas"."""
    LANGUAGE.install(language)
    window.start_match(MatchSetup(build_rules("jamaican"), TWO), 3, known_deal(3))
    idle(window)
    page = window.game
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=3000)
    settle(qtbot, window)
    qtbot.wait(50)
    for turn in range(3):  # the first person's curtain, and the next ones' after a move each
        if hand_over(window):
            break
        assert page.curtain.isVisible()
        curtain = page.curtain.geometry()
        assert page.table.rect().contains(curtain), (curtain, page.table.rect())
        plates = page._plate_boxes()
        assert plates
        covered = [box for box in plates if box.intersects(curtain)]
        assert covered == [], f"turn {turn}: the curtain {curtain} lies on {covered}"
        qtbot.mouseClick(page.curtain_button, Qt.MouseButton.LeftButton)
        play_turn_by_clicks(qtbot, window)
        idle(window)
        settle(qtbot, window)
        qtbot.wait(20)
    assert isinstance(plates[0], QRect)


# ---- 4. an invited friend's name box reads whole ----------------------------------------------------------


def _room_for_text(field: QLineEdit) -> int:
    """The width a line edit draws its text (and its placeholder) in, as QLineEdit's paintEvent works it out."""
    option = QStyleOptionFrame()
    field.initStyleOption(option)
    contents = field.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, field)
    margins = field.textMargins()
    return contents.width() - margins.left() - margins.right() - 2 * 2  # QLineEditPrivate::horizontalMargin


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("language", ["en", "es"])
def test_an_invited_friend_s_name_box_shows_its_words_whole_at_1024x700(
    qtbot: QtBot, window: MainWindow, language: str, players: int
) -> None:
    """At 1024x700 the greyed words read "Their own na…" / "Su propio n…"."""
    window.set_language(language)
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 700), timeout=3000)
    lobby = window.lobby
    lobby.select("jamaican" if players == 4 else "classic_block")
    lobby.players.setValue(players)
    row = lobby.seat_rows[2]
    row.kind.setCurrentIndex(row.kind.findData("friend"))
    qtbot.wait(50)
    words = row.name.placeholderText()
    assert words and row.name.text() == "" and row.name.isVisible()
    need = row.name.fontMetrics().horizontalAdvance(words)
    assert _room_for_text(row.name) >= need, (words, _room_for_text(row.name), need)


# ---- 5. the lobby's rules show whole lines ----------------------------------------------------------------


def _lines(view: QTextBrowser) -> list[tuple[float, float]]:
    """Each line of the text as laid out: its top and bottom, from the top of the text."""
    lines = []
    block = view.document().begin()
    while block.isValid():
        layout = block.layout()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            top = layout.position().y() + line.y()
            lines.append((top, top + line.height()))
        block = block.next()
    return lines


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_lobby_s_rules_end_under_a_whole_line_in_a_short_window(
    qtbot: QtBot, window: MainWindow, language: str
) -> None:
    """The lobby maximized on a 1024x700 screen: the rules view showed two lines and the third cut in half."""
    window.set_language(language)
    lobby = window.lobby
    lobby.select("jamaican")
    view = lobby.rules_view
    checked = 0
    for height in range(600, 720, 7):
        window.resize(1024, height)
        qtbot.waitUntil(lambda h=height: window.height() == h, timeout=3000)  # type: ignore[misc]
        qtbot.wait(10)
        bottom = view.viewport().height()
        lines = _lines(view)
        assert lines[-1][1] > bottom, "more text than room: the case looked at"
        cut = [(top, end) for top, end in lines if top < bottom < end - 0.5]
        assert cut == [], f"{height} px tall window: the view's foot at {bottom} cuts {cut}"
        checked += 1
    assert checked >= 15


# ---- 6. one hand's decisions read one way: a Best move (a near tie's small loss) gives nothing away ----------


def _hand(family: Family, decisions: tuple[tuple[float, str], ...], seat: int = 0) -> HandJudgement:
    """A judged hand: (loss, grade) per decision as the judge keeps them (a near tie: graded best, a loss > 0),
    and a forced pass."""
    judged = tuple(
        DecisionJudgement(0, ply, ("6-6", "5-1"), "5-1", ("6-6",), loss, grade, False)
        for ply, (loss, grade) in enumerate(decisions)
    )
    forced = DecisionJudgement(0, len(decisions), ("pass",), "pass", ("pass",), 0.0, "best", True)
    return HandJudgement(0, seat, family, (*judged, forced), 1.0, 0.0, LUCK_VERSION)


def test_the_sheet_counts_near_ties_as_the_coach_does(qtbot: QtBot) -> None:
    """Every move Best or "Best, a near tie": the coach said "Given away in all: 0", the sheet "your decisions
    -0.5: small losses only, no slip"."""
    line = LuckLine()
    qtbot.addWidget(line)
    near_ties = _hand(Family.HANDS, ((0.2, "best"), (0.3, "best"), (0.0, "best")))
    assert line.hand_words(near_ties, "You", several=False) == "Luck 0 · your decisions 0: no slip"
    mixed = _hand(Family.POINTS, ((0.4, "best"), (6.0, "fine"), (2.0, "fine")))
    assert line.hand_words(mixed, "You", several=False) == (
        "Luck 0 · your decisions \N{MINUS SIGN}8: small losses only, no slip"
    )
    match = line.match_words([near_ties, near_ties], "You", several=False)
    assert "your decisions 0 " in match, match


def test_the_skill_page_lists_no_near_tie_as_a_costly_decision(qtbot: QtBot, tmp_path: Path) -> None:
    """The skill page listed near-tie Best moves as "costliest decisions (cost 0.2 / 0.1)"."""
    stats = Statistics(tmp_path)
    assert stats.db is not None
    for seat, decisions in ((0, ((0.2, "best"), (1.0, "loose"))), (2, ((0.1, "best"), (0.0, "best")))):
        skill.queue_hand(stats.db, QueuedHand.of(one_hand().record, 0, seat, "Ana", practice=False, duplicate=False))
        [waiting] = skill.queued(stats.db)
        skill.keep_judgement(stats.db, waiting.id, _hand(Family.HANDS, decisions, seat))
    stats.close()
    store = StoreService(tmp_path, threaded=False)
    store.start()
    dialog = StatsDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.tabs.setCurrentWidget(dialog.skill)
    page = dialog.skill
    qtbot.waitUntil(lambda: page.snapshot is not None and bool(page.snapshot.families), timeout=10_000)
    shown = [button.text() for button in page.costly_buttons if button.isVisible()]
    assert len(shown) == 1 and "(cost 1.0)" in shown[0], shown
    dialog.close()
    store.close()
