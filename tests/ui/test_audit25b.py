"""audit25b: the screens around the table, by keys and through a screen reader's eyes (session 25); each test on
the real widgets, failing on the code before its fix."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTableWidget, QTextBrowser, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.analysis.rating import Family
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.duplicate import DuplicateMatch
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.record import record_to_json
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.store.autosave import CURRENT, Autosave, Loaded
from dominoes_desktop.store.skill import Costly
from dominoes_desktop.ui.learn.rules_page import RulesDialog
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.coach_panel import CoachDialog
from dominoes_desktop.ui.play.controller import SeatConfig, default_seats
from dominoes_desktop.ui.play.duplicate_sheet import DuplicateResults, verdict
from dominoes_desktop.ui.play.fair_deal import verify_text
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.store_service import StoreService

from ..engine.test_duplicate import play_through
from ..store.test_saves import _json, _played_match
from .conftest import saying, start
from .driving import finish_hand_by_keys, make_window, reviewed_hand
from .test_coach_panel import near_tie_row
from .test_deal_luck import record_matches
from .test_polish25b import told_at_start
from .test_skill_page import a_draw_hand_judged, skill_page


@pytest.fixture
def stats_store(tmp_path: Path) -> Iterator[StoreService]:
    """Two finished Jamaican matches recorded: the statistics' tables have rows."""
    record_matches(tmp_path, 2).close()
    service = StoreService(tmp_path, threaded=False)
    service.start()
    yield service
    service.close()


def filled(qtbot: QtBot, table: QTableWidget) -> None:
    qtbot.waitUntil(lambda: table.rowCount() > 0, timeout=10_000)


def test_tab_leaves_the_statistics_tables(qtbot: QtBot, stats_store: StoreService) -> None:
    """Tab walked the Results and Deal luck tables cell by cell and wrapped round: Tab never left them, and the
    buttons and the other tabs were out of the keys' reach (only Escape, closing the dialog, got out)."""
    dialog = StatsDialog(stats_store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    for page, table in ((0, dialog.table), (dialog.tabs.indexOf(dialog.luck), dialog.luck.table)):
        dialog.tabs.setCurrentIndex(page)
        filled(qtbot, table)
        table.setFocus()
        table.setCurrentCell(0, 0)
        assert dialog.focusWidget() is table
        QTest.keyClick(table, Qt.Key.Key_Tab)
        assert dialog.focusWidget() is not table, table.accessibleName()
        # The arrows still go from cell to cell.
        table.setFocus()
        table.setCurrentCell(0, 0)
        QTest.keyClick(table, Qt.Key.Key_Right)
        assert (table.currentRow(), table.currentColumn()) == (0, 1)


def test_the_coachs_verdict_is_said_when_it_comes(qtbot: QtBot) -> None:
    """The coach opens on Close with "Judging each decision…"; its verdict came as a change of the label's text
    alone, and a listener on Close heard nothing of it."""
    rules = build_rules("jamaican")
    table = CpuTable(rules, [make_player("easy" if s == 0 else "medium", 4 + s) for s in range(4)], 4)
    table.play_hand(deal_seed=4)
    seats = [SeatConfig("You", True)] + [SeatConfig(f"CPU {s}", False) for s in range(1, 4)]
    deal, hand = table.match.archive[-1]
    with saying() as said:
        dialog = CoachDialog(rules, seats, deal, hand, 0, Look())
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitUntil(lambda: bool(dialog.rows), timeout=120_000)
    verdict = dialog.status.text()
    assert verdict.startswith("Best decisions on what you could see: ")
    assert said == [verdict]


def test_the_duplicates_verdict_is_read_by_what_it_says(qtbot: QtBot) -> None:
    """The results sheet's heading ("You scored 2 more than the CPUs with the same tiles. Every deal was played
    …") was named "Verdict": all a screen reader read of the result was that word."""
    duplicate = DuplicateMatch.create(build_rules("jamaican"), 2, 3, sealed_by=3)
    play_through(duplicate, level="easy", seed=3, person="random")
    assert duplicate.is_over
    sheet = DuplicateResults(duplicate, default_seats(duplicate.rules.players), None)
    qtbot.addWidget(sheet)
    sheet.show()
    name = sheet.heading.accessibleName()
    assert name.startswith(verdict(duplicate) + " Every deal was played 2 times on the same tiles"), name


def test_a_rules_link_is_said_and_takes_the_caret_to_its_section(qtbot: QtBot) -> None:
    """House rules by keys: Tab onto "How the CPUs play" said nothing, and Enter scrolled the view to it while the
    caret stayed on the link, so the first arrow brought the view back to the top and a screen reader read on from
    there."""
    dialog = RulesDialog(build_rules("jamaican"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    text = dialog.findChild(QTextBrowser)
    assert text is not None
    text.setFocus()
    with saying() as said:
        qtbot.keyClick(text, Qt.Key.Key_Tab)
        qtbot.waitUntil(lambda: len(said) == 1)
        qtbot.keyClick(text, Qt.Key.Key_Tab)
        qtbot.waitUntil(lambda: len(said) == 2)
        qtbot.keyClick(text, Qt.Key.Key_Tab)  # on to Close
        qtbot.wait(50)
        text.setFocus()
        qtbot.keyClick(text, Qt.Key.Key_Backtab)  # and back, onto the last link
        qtbot.waitUntil(lambda: len(said) == 3)
    assert said == ["How to play well, link", "How the CPUs play, link", "How the CPUs play, link"]
    with saying() as said:
        qtbot.keyClick(text, Qt.Key.Key_Return)
    assert said == ["How the CPUs play"]
    top = text.verticalScrollBar().value()
    assert top > 0
    qtbot.keyClick(text, Qt.Key.Key_Down)
    assert text.verticalScrollBar().value() >= top, "the first arrow read on from the section, not from the top"
    line = text.textCursor().block().text()
    assert line and line in text.document().toPlainText().split("How the CPUs play", 1)[1], line


def test_the_reviews_deal_is_said_hand_by_hand(qtbot: QtBot, window: MainWindow) -> None:
    """Hand review, First: "Dealt (deal seed 5891474133606159810). 25 moves." was all a listener heard of the deal,
    while the picture shows every hand face up."""
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    review = reviewed_hand(qtbot, window)
    with saying() as said:
        review.first.setFocus()
        qtbot.keyClick(review.first, Qt.Key.Key_Space)
    dealt = review.match.position(review.index, 0).hands
    assert said and said[-1].startswith("Dealt: You: ") and said[-1].endswith(f" {len(review.played.history)} moves.")
    assert "; CPU 1: " in said[-1] and "seed" not in said[-1]
    assert all(str(tile) in said[-1] for hand in dealt for tile in hand), said[-1]
    assert review.caption.accessibleName() == said[-1]
    assert review.caption.text().startswith("Dealt (deal seed "), "the seed still shown"


def test_the_reviews_ends_keep_the_focus_on_the_steps_without_a_detour(qtbot: QtBot, window: MainWindow) -> None:
    """First (and Last) disabled the focused button before moving the focus: Qt passed it to "Verify this deal"
    on the way, and a screen reader said "Verify this deal" before "Next move"."""
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    review = reviewed_hand(qtbot, window)
    review.activateWindow()
    qtbot.waitActive(review)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    went: list[QWidget | None] = []
    app.focusChanged.connect(lambda _old, new: went.append(new))
    for button, lands in ((review.first, review.forward), (review.last, review.back)):
        button.setFocus()
        qtbot.waitUntil(lambda button=button: app.focusWidget() is button)  # type: ignore[misc]
        went.clear()
        qtbot.keyClick(button, Qt.Key.Key_Space)
        assert app.focusWidget() is lands
        assert went == [lands], [w.accessibleName() if w is not None else None for w in went]


def test_a_damaged_save_is_told_in_the_players_language(qtbot: QtBot, tmp_path: Path, spanish: None) -> None:
    """A Spanish game, its autosave cut short: the box "Partida guardada" said "The save autosave.domino is damaged
    (the file is damaged: not valid JSON (Expecting ',' delimiter at line 1, column 901)); …" in English."""
    autosave = Autosave(tmp_path)
    table = _played_match()
    autosave.save(_json(table))
    table.step()
    autosave.save(_json(table))
    (tmp_path / CURRENT).write_text((tmp_path / CURRENT).read_text()[:900])
    service = StoreService(tmp_path, threaded=False)
    service.start()
    answers: list[Loaded] = []
    service.autosaveLoaded.connect(answers.append)
    try:
        service.load_autosave()
        qtbot.waitUntil(lambda: bool(answers))
    finally:
        service.close()
    loaded = answers[0]
    assert loaded.saved is not None, "the previous save is resumed"
    kept = next(p.name for p in tmp_path.iterdir() if "damaged" in p.name)
    assert loaded.message == (
        f"La partida guardada autosave.domino estaba dañada; se guardó como {kept}. "
        "Se usó la partida guardada anterior."
    )


def test_damaged_statistics_are_told_in_the_players_language(qtbot: QtBot, tmp_path: Path, spanish: None) -> None:
    """The statistics truncated: "The statistics were damaged (database disk image is malformed); …" in English."""
    record_matches(tmp_path, 1).close()
    database = tmp_path / "statistics.sqlite3"
    database.write_bytes(database.read_bytes()[:2000])
    told = told_at_start(qtbot, tmp_path)
    kept = next(p.name for p in tmp_path.iterdir() if "damaged" in p.name)
    assert told == [
        ("statistics", f"Las estadísticas estaban dañadas; se guardaron como {kept} y se empezó un registro nuevo.")
    ]


def test_the_fair_deal_check_says_how_to_check_it_without_the_game(qtbot: QtBot) -> None:
    """Verify this deal gave the fingerprint, the seed, the salt and the cut, and the game's own word that they agree:
    nothing said how a doubting player could check it with anything else. The recipe it gives is followed here."""
    duplicate = DuplicateMatch.create(build_rules("jamaican"), 1, 5, sealed_by=5)
    play_through(duplicate, level="easy", seed=5)
    match = duplicate.match
    proof = match.proofs[0]
    ok, text = verify_text(match, 0, match.archive[0][0])
    assert ok and f"Salt: {proof.salt.hex()}" in text
    recipe = text.rsplit("\n\n", 1)[1]
    assert recipe.startswith('To check the fingerprint yourself: it is the SHA-256 of the bytes of "'), recipe
    domain = recipe.split('"')[1].encode()
    assert "16 bytes (little-endian, two's complement)" in recipe
    secret = domain + proof.seed.to_bytes(16, "little", signed=True) + proof.salt
    assert hashlib.sha256(secret).hexdigest() == proof.fingerprint


def test_the_skill_page_names_the_person_in_spanish(qtbot: QtBot, tmp_path: Path, spanish: None) -> None:
    """Statistics in Spanish: Results and Deal luck said "Tú", the Skill page's Player box "You"."""
    LANGUAGE.install("en")
    window = make_window(qtbot, tmp_path)
    try:
        a_draw_hand_judged(qtbot, window)
        LANGUAGE.install("es")
        page = skill_page(qtbot, window)
        assert page.player.currentData() == "You" and page.player.currentText() == "Tú"
    finally:
        window.controller.runner.wait(5000)


def test_the_coach_opened_from_the_skill_page_names_the_seats(qtbot: QtBot, tmp_path: Path) -> None:
    """The Skill page's costliest decision opened the coach with the seats named "1", "2", …: its Move column read
    "17 · 1" (es too) where the coach from the review reads "17 · You"."""
    window = make_window(qtbot, tmp_path)
    try:
        a_draw_hand_judged(qtbot, window)
        page = skill_page(qtbot, window)
        rules = build_rules("jamaican")
        table = CpuTable(rules, [make_player("easy", s) for s in range(4)], 2)
        table.play_hand(deal_seed=2)
        record = json.dumps(record_to_json(table.match.record))
        found = Costly(record, 0, 2, 2, "jamaican", Family.HANDS, "", (), 0.5, "Weak")
        coach = page.open_coach(found)
        assert isinstance(coach, CoachDialog)
        assert coach.seat_names == ["Player 1", "Player 2", "You", "Player 4"]
        qtbot.waitUntil(lambda: bool(coach.rows), timeout=120_000)
        first = coach.tree.topLevelItem(0)
        assert first is not None and first.text(0).endswith(" · You"), first.text(0)
        coach.close()
    finally:
        window.controller.runner.wait(5000)


def test_a_near_tie_under_a_tenth_is_not_said_as_zero_better(qtbot: QtBot) -> None:
    """A near tie lost by less than 0.05 read "another move did 0 better on average", as if there were no
    difference (the coach on a Jamaican hand, en 1920)."""
    table, seats, tie_row = near_tie_row()
    assert tie_row.fair is not None
    tiny = replace(tie_row.fair, judged=replace(tie_row.fair.judged, loss=0.03))
    deal, hand = table.match.archive[-1]
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=120_000)  # its judging done before it is closed
    words = dialog.near_tie_text(tiny)
    assert "did 0 better" not in words
    assert "another move did a little better on average (less than 0.1), give or take 0.1" in words, words
    assert "did 0.2 better" in dialog.near_tie_text(tie_row.fair)


def test_an_empty_statistics_table_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    """With no match played the Results table was an empty table to a screen reader; "No finished matches yet"
    was only painted on the chart under it."""
    service = StoreService(tmp_path, threaded=False)
    service.start()
    try:
        dialog = StatsDialog(service)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
        assert dialog.table.rowCount() == 0
        assert dialog.table.accessibleDescription() == "No finished matches yet"
    finally:
        service.close()


def test_a_filled_statistics_table_has_no_empty_words(qtbot: QtBot, stats_store: StoreService) -> None:
    dialog = StatsDialog(stats_store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    assert dialog.table.rowCount() > 0 and dialog.table.accessibleDescription() == ""


@pytest.mark.parametrize("preset", ["cutthroat", "all_fives", "classic_block", "cross"])
def test_the_rules_of_a_game_without_sides_say_when_the_table_locks(qtbot: QtBot, preset: str) -> None:
    """Cutthroat, the classic, cross and fives games' "When the table locks" said only who wins a locked table, never
    when a table locks, which the partners' games say (a misplaced conditional dropped the sentence)."""
    dialog = RulesDialog(build_rules(preset))
    qtbot.addWidget(dialog)
    text = dialog.findChild(QTextBrowser)
    assert text is not None
    lines = text.document().toPlainText().split("\n")
    locks = lines[lines.index("When the table locks") + 1]
    assert locks.startswith("When every player passes in turn, the table is locked (a block). The player with"), locks
