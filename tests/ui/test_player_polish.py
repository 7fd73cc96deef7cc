"""What a player reads and sees, checked on the real widgets: the Skill page of a player's first hands (its chart was one
band under axis labels of "inf", its decisions in the record's notation, "over 1 hands") and the match's luck line
("0 slips in 1 hands"); the hint's marks left on a played tile."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFontInfo, QPalette
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.analysis.hand_luck import LUCK_VERSION
from dominoes_desktop.engine.analysis.rating import (
    PROVISIONAL_BELOW,
    DecisionJudgement,
    Family,
    HandJudgement,
    Rating,
)
from dominoes_desktop.store import skill
from dominoes_desktop.store.skill import QueuedHand
from dominoes_desktop.ui.lobby.lobby_page import LADDER_STEPS, LobbyPage
from dominoes_desktop.ui.review.skill_page import SkillPage, placement
from dominoes_desktop.ui.review.skill_recorder import LuckLine
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.store_service import StoreService
from tests.store.test_skill import one_hand, open_db

from .conftest import start
from .driving import play_to_a_choice_of_tiles, settle
from .test_room_table import offline_ben


def judged(losses: tuple[float, ...], chosen: str = "5-3@3", best: str = "6-3@3") -> HandJudgement:
    """A hand of the person's in seat 0: one decision a loss, graded loose when it cost anything."""
    decisions = tuple(
        DecisionJudgement(
            0, ply, (best, chosen), chosen if loss else best, (best,), loss, "loose" if loss else "best", False
        )
        for ply, loss in enumerate(losses)
    )
    return HandJudgement(0, 0, Family.POINTS, decisions, 10.0, 4.0, LUCK_VERSION)


def keep(folder: Path, seed: int, judgement: HandJudgement, *, practice: bool = False) -> None:
    db = open_db(folder)
    hand = QueuedHand.of(one_hand(seed).record, 0, 0, "You", practice=practice, duplicate=False)
    assert skill.queue_hand(db, hand)
    [waiting] = skill.queued(db)
    assert skill.keep_judgement(db, waiting.id, judgement) is not None
    db.close()


@pytest.fixture
def first_hands(tmp_path: Path) -> Path:
    """A player's record after two judged hands (the first alone has no interval) and one practice hand."""
    keep(tmp_path, 5, judged((0.0, 30.0, 0.0)))
    keep(tmp_path, 6, judged((10.0, 0.0, 0.0, 0.0), chosen="4-2@4", best="0-0@0"))
    keep(tmp_path, 7, judged((0.0, 2.0)), practice=True)
    return tmp_path


@pytest.fixture
def page(qtbot: QtBot, first_hands: Path) -> Iterator[SkillPage]:
    yield from skill_page_of(qtbot, first_hands)


def skill_page_of(qtbot: QtBot, folder: Path) -> Iterator[SkillPage]:
    """Statistics ▸ Skill on the record in `folder`, as the player opens it."""
    store = StoreService(folder, threaded=False)
    store.start()
    dialog = StatsDialog(store, "")
    qtbot.addWidget(dialog)
    dialog.resize(900, 640)
    dialog.show()
    dialog.tabs.setCurrentWidget(dialog.skill)
    page = dialog.skill
    qtbot.waitUntil(lambda: page.snapshot is not None and bool(page.snapshot.families), timeout=10_000)
    yield page
    dialog.close()
    store.close()


def test_the_skill_chart_of_the_first_hands_is_drawn_to_a_finite_scale(qtbot: QtBot, page: SkillPage) -> None:
    chart = page.chart
    [first, second] = chart.points
    assert math.isinf(first.high) and math.isfinite(second.high), "the first hand alone has no interval"
    # Above the band's finite end (the last point, at the right) lies the chart's own ground, not the band (the
    # band scaled to an infinite top covered the whole chart).
    qtbot.waitExposed(chart)
    image = chart.grab().toImage()
    area = QRect(chart.rect()).adjusted(46, 24, -96, -26)
    ground = QColor(chart.palette().color(QPalette.ColorRole.Base))
    assert image.pixelColor(area.right() - 3, area.top() + 4) == ground
    assert math.isfinite(chart.top) and chart.top >= second.high
    assert area.bottom() - area.height() * second.high / chart.top > area.top() + 8, "the band ends under the top"
    assert chart.top >= max(level[0] for level in chart.levels.values()), "every CPU level's line is on the chart"


def test_the_skill_page_says_moves_and_counts_as_a_player_does(page: SkillPage) -> None:
    costly = [button.text() for button in page.costly_buttons if button.isVisible()]
    assert costly[0] == "Hand 1, move 2: you played 5-3 on the 3; best 6-3 on the 3 (cost 30)"
    assert all("@" not in words for words in costly)
    assert "over 1 hand." in page.practice.text()
    assert "provisional: 7 decisions so far" in page.headline.text()
    assert "best over 100 hands in a row: not yet, it takes 100 hands" in page.records.text()


@pytest.mark.parametrize(
    ("language", "to_go", "levels", "placed"),
    [
        ("en", "after 293 more decisions", "the CPU levels: Easy ", "You play like"),
        ("es", "tras 293 decisiones más", "los niveles de la CPU: Fácil ", "Juegas como"),
    ],
)
def test_a_provisional_rating_is_not_placed_among_the_levels(
    qtbot: QtBot, first_hands: Path, language: str, to_go: str, levels: str, placed: str
) -> None:
    """After two hands the page read "You play like Expert: 0.0 ± 0.0" (and "Juegas como Difícil: 9.5 ± 14.0"
    after eight): a provisional rating is not placed; the page says how many more decisions until it is, and
    still gives the CPU levels' figures. Seven decisions counted, 300 place a player."""
    LANGUAGE.install(language)
    for page in skill_page_of(qtbot, first_hands):
        words = page.place.text()
        assert placed not in words and to_go in words and levels in words, words
        assert page.place.accessibleDescription() == words, "a screen reader hears the same words"


def test_a_rating_past_the_provisional_count_is_placed() -> None:
    found = Rating(5.0, (4.0, 6.0), PROVISIONAL_BELOW, 40, False, Family.POINTS)
    words = placement(found, "points")
    assert words.startswith("You play like ") and words.endswith(".") and "± 1.0" in words, words
    one_short = placement(Rating(5.0, (4.0, 6.0), PROVISIONAL_BELOW - 1, 40, True, Family.POINTS), "points")
    assert "after 1 more decision;" in one_short, one_short


def test_the_match_line_counts_its_slips_and_hands(qtbot: QtBot) -> None:
    line = LuckLine()
    qtbot.addWidget(line)
    one = line.match_words([judged((0.0, 3.0))], "You", several=False)
    assert one == "This match: luck +4 · your decisions \N{MINUS SIGN}3 (1 slip in 1 hand)"
    two = line.match_words([judged((0.0,)), judged((0.0,))], "You", several=False)
    assert two.endswith("(0 slips in 2 hands)")


def test_a_hinted_tile_once_played_leaves_the_hint_in_the_rack(qtbot: QtBot, window: MainWindow) -> None:
    """H, then Enter plays the hinted tile: on the table it is a played tile like any other (its cyan ring and
    star stayed on it to the hand's end, a second star beside the pose's)."""
    start(window, "jamaican", seed=8)
    view = window.game.table
    play_to_a_choice_of_tiles(qtbot, window)
    with qtbot.waitSignal(window.controller.hintReady, timeout=10_000) as hint:
        qtbot.keyClick(view, Qt.Key.Key_H)
    tile = hint.args[0].move.tile
    qtbot.keyClick(view, Qt.Key.Key_Return)
    if view.choosing is not None:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tile in view.table.table_items, timeout=5000)
    settle(qtbot, window)
    played = view.table.table_items[tile]
    assert not played.hinted, "the hint's ring and star left on the played tile"
    assert not any(item.hinted for item in view.table.items_for_rack())


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_room_s_tabs_keep_their_words_at_1024x700(qtbot: QtBot, language: str) -> None:
    """A room's side panel at 1024x700: "Jugadores y charla" was cut to "Jugadores y cl" behind scroll arrows,
    and the talk tab's unseen mark ("•") went past the English one's end."""
    LANGUAGE.install(language)
    window, _sent = offline_ben(qtbot)
    qtbot.waitExposed(window)
    qtbot.wait(50)
    tabs = window.tabs
    for unseen in (False, True):
        if unseen:
            tabs.setCurrentIndex(0)
            window._talk_unseen()
            qtbot.wait(50)
        bar = tabs.tabBar()
        needed = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
        assert needed <= tabs.width(), f"{[bar.tabText(i) for i in range(bar.count())]}: {needed} > {tabs.width()}"
    window.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_partner_s_plate_reads_with_one_space(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """The partner's plate read "CPU 2  (partner)", two spaces wide."""
    LANGUAGE.install(language)
    start(window, "jamaican", seed=3)
    names = [entry[2][0] for entry in window.game.table.table.describe() if entry[0] == "plate"]
    partner = " (partner)" if language == "en" else " (compañero)"
    assert any(name.endswith(partner) for name in names), names
    assert not any("  " in name for name in names), names


def test_the_hand_line_tells_small_losses_from_none(qtbot: QtBot) -> None:
    """Decisions that gave away points, none of them a slip, read "your decisions -14: no slip" (seen on the sheet);
    the line says the losses were small ones."""
    line = LuckLine()
    qtbot.addWidget(line)
    small = line.hand_words(judged_fine((4.0, 5.0, 5.0)), "You", several=False)
    assert small == "Luck +4 · your decisions \N{MINUS SIGN}14: small losses only, no slip"
    none = line.hand_words(judged_fine((0.0, 0.0)), "You", several=False)
    assert none == "Luck +4 · your decisions 0: no slip"


def judged_fine(losses: tuple[float, ...]) -> HandJudgement:
    """A hand whose every loss is graded fine (too small to be a slip)."""
    decisions = tuple(
        DecisionJudgement(0, ply, ("6-6", "5-1"), "5-1", ("6-6",), loss, "fine" if loss else "best", False)
        for ply, loss in enumerate(losses)
    )
    return HandJudgement(0, 0, Family.POINTS, decisions, 10.0, 4.0, LUCK_VERSION)


def test_the_sheet_s_luck_line_is_as_large_as_its_other_words(qtbot: QtBot, window: MainWindow) -> None:
    """The luck line ("Luck +8 · your decisions -2: one slip") was in the window's small base size beside the
    sheet's words (16 px beside 20 at 1920x1080): now the same size as them, at 1024x700 and larger."""
    start(window, "jamaican", seed=2)
    window.controller.autoplay(10_000)
    qtbot.waitUntil(lambda: window.game.hand_end.isVisible(), timeout=30_000)
    line = window.skill.line
    assert line is not None
    for size in ((1024, 700), (1920, 1080)):
        window.resize(*size)
        qtbot.wait(50)
        sheet_words = window.game.hand_end.text
        assert pixels(line) == pixels(sheet_words), size


def pixels(widget: QWidget) -> int:
    widget.ensurePolished()
    return QFontInfo(widget.font()).pixelSize()


@pytest.mark.parametrize(
    ("language", "expert"), [("en", "Expert: about {elo} points"), ("es", "Experto: unos {elo} puntos")]
)
def test_the_chosen_cpu_level_says_what_it_means_on_the_screen(qtbot: QtBot, language: str, expert: str) -> None:
    """What each CPU level means was only a tooltip in the open list and a screen reader's words: the chosen
    level's words are on the screen under the box, the same words, and follow the choice."""
    LANGUAGE.install(language)
    lobby = LobbyPage(level="easy")
    qtbot.addWidget(lobby)
    lobby.resize(1024, 660)
    lobby.show()
    qtbot.waitExposed(lobby)
    box = lobby.level
    for _ in range(box.count()):
        tip = box.itemData(box.currentIndex(), Qt.ItemDataRole.ToolTipRole)
        assert tip and box.accessibleDescription() == tip
        shown = [label for label in lobby.findChildren(QLabel) if label.isVisible() and label.text() == tip]
        assert len(shown) == 1, f"{tip!r} is not on the screen"
        under = shown[0].mapTo(lobby, shown[0].rect().topLeft())
        assert under.y() >= box.mapTo(lobby, box.rect().bottomLeft()).y(), "under the box"
        box.setFocus()
        qtbot.keyClick(box, Qt.Key.Key_Down)  # the next level, as the keyboard chooses it
    assert shown[0].text().startswith(expert.format(elo=LADDER_STEPS["expert"]))
