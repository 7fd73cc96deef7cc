"""The coach window: judged off the UI thread, one row per decision of the person, costliest highlighted."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QStyleOptionViewItem, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.analysis.coach import Grade, recorded_from_archive
from dominoes_desktop.engine.analysis.fair import forced_moves, judge_hand_view
from dominoes_desktop.engine.analysis.reasons import explain_fair
from dominoes_desktop.engine.analysis.worlds import consistent, count_worlds, view_at
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.deal import Deal
from dominoes_desktop.engine.decisions import DealHand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import full_set
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.coach_panel import WINDOW_SEED, CoachDialog, CoachRow, open_coach, tiles_pixmap
from dominoes_desktop.ui.play.controller import SeatConfig
from dominoes_desktop.ui.shell.i18n import LANGUAGE, whole_or_tenths
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.wording import move_words

from ..engine.helpers import tiles
from .conftest import start
from .driving import finish_hand_by_keys


def _played(preset: str, seed: int) -> tuple[CpuTable, list[SeatConfig]]:
    rules = build_rules(preset)
    table = CpuTable(rules, [make_player("easy" if s == 0 else "medium", seed + s) for s in range(rules.players)], seed)
    table.play_hand(deal_seed=seed)
    seats = [SeatConfig("You", True)] + [SeatConfig(f"CPU {s}", False) for s in range(1, rules.players)]
    return table, seats


def said_in_a_cell(move: Move) -> str:
    """A move in the coach's Move column, in English: "6-5 on the 6", "6-6 (pose)", "Pass"."""
    if move.kind is MoveKind.PASS:
        return "Pass"
    if move.kind is MoveKind.DRAW:
        return "Draw"
    assert move.kind is MoveKind.PLAY and move.tile is not None, move
    if move.end is None:
        return f"{move.tile} (pose)"
    return f"{move.tile} on the {move.end}" + (" by the double" if move.on_double else "")


def near_tie_row() -> tuple[CpuTable, list[SeatConfig], CoachRow]:
    """A Jamaican hand's first decision of the person's made a near tie: Best, another option 0.2 better on
    average, a margin of 0.1 (its Why is long)."""
    table, seats = _played("jamaican", 4)
    deal, hand = table.match.archive[-1]
    recorded = recorded_from_archive(table.match.rules, 0, deal, hand)
    fair = judge_hand_view(recorded, seats=[0], seed=WINDOW_SEED)[0]
    judged = fair.judged
    played = judged.options.index(judged.played)
    top = max(v for o, v in enumerate(judged.values) if o != played)  # another option did 0.2 better
    values = tuple(top - 0.2 if o == played else v for o, v in enumerate(judged.values))
    tie = replace(fair, margin=0.1, close=None, judged=replace(judged, grade=Grade.BEST, loss=0.2, values=values))
    return table, seats, CoachRow(tie.judged.ply, 0, tie.judged.played, tie, None, explain_fair(recorded, tie))


def test_the_coach_lists_the_persons_decisions(qtbot: QtBot) -> None:
    """Every move of the person's: decisions graded by what they could see, only moves said as such, each
    with words about tiles and ends (never a bare "one of the best moves")."""
    table, seats = _played("jamaican", 4)
    deal, hand = table.match.archive[-1]
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.rows) or "No decision" in dialog.status.text(), timeout=120_000)
    recorded = recorded_from_archive(table.match.rules, 0, deal, hand)
    expected = judge_hand_view(recorded, seats=[0], seed=WINDOW_SEED)
    only = forced_moves(recorded, [0])
    assert [r.ply for r in dialog.rows] == sorted([f.judged.ply for f in expected] + [ply for ply, *_ in only])
    assert [r.judged for r in dialog.rows if r.judged is not None] == [f.judged for f in expected]
    assert all(r.seat == 0 for r in dialog.rows)
    assert dialog.tree.topLevelItemCount() == len(dialog.rows)
    for index, row in enumerate(dialog.rows):
        item = dialog.tree.topLevelItem(index)
        assert item is not None
        # The cell as the player sees it (its widget's words and tile), and as a screen reader reads it (the item's
        # text), in words spelt out here: compared with the function that fills it, only "@" could fail (review26b F7).
        cell = dialog.tree.itemWidget(item, 1)
        assert cell is not None
        labels = cell.findChildren(QLabel)
        [words] = [label for label in labels if label.text()]
        assert words.text() == said_in_a_cell(row.played) == item.text(1), (words.text(), row.played)
        pictures = [label for label in labels if not label.pixmap().isNull()]
        assert len(pictures) == (1 if row.played.kind is MoveKind.PLAY else 0), row.played  # the tile played, drawn
        assert item.text(5) == dialog.why_text(row) and item.text(5)
        assert "best moves here" not in item.text(5)
        judged = row.judged
        if judged is None:
            assert item.text(2) == "Only move"
        elif judged.grade is not Grade.BEST or (row.fair is not None and row.fair.near_tie):
            # a near tie is Best, and names the move that did better on average
            assert item.text(3) and item.text(3) != dialog.tr("✓ your move")
            assert (row.fair is not None and row.fair.near_tie) == ("near tie" in item.text(2))
        else:
            assert item.text(3) == dialog.tr("✓ your move"), "a best move says so rather than leaving Best blank"
    slips = [r.judged.loss for r in dialog.rows if r.judged is not None and r.judged.grade is not Grade.BEST]
    starred = [i for i in range(dialog.tree.topLevelItemCount()) if "★" in dialog.tree.topLevelItem(i).text(0)]  # type: ignore[union-attr]
    assert len(starred) == (1 if max(slips, default=0) > 0 else 0), "the star marks a loss the Loss column shows"
    for index in starred:  # never on a Best row, whose Loss reads 0
        assert dialog.rows[index].judged is not None and dialog.rows[index].judged.grade is not Grade.BEST  # type: ignore[union-attr]
    # Issue 34: one unit in the summary (the Loss column's), the star explained, no "Best" beside a loss.
    summary = dialog.status.text()
    assert "counted in hands" in summary and "Points given away" not in summary, summary
    assert ("★ marks the costliest decision." in summary) == bool(starred)
    shown = sum(r.judged.loss for r in dialog.rows if r.judged is not None and r.judged.grade is not Grade.BEST)
    assert f"Given away in all: {whole_or_tenths(shown)}," in summary, "the sum of the Loss column"
    for index, row in enumerate(dialog.rows):
        item = dialog.tree.topLevelItem(index)
        assert item is not None
        if row.judged is not None and row.judged.grade is Grade.BEST:
            assert item.text(4) == "0", "a best move gives nothing away"
        # Selected, a row's words keep their colour, and the words under a tile picture are not painted.
        dialog.tree.setCurrentItem(item)
        option = QStyleOptionViewItem()
        cell = dialog.tree.indexFromItem(item, 1)
        dialog.tree.itemDelegateForColumn(1).initStyleOption(option, cell)  # type: ignore[union-attr]
        assert dialog.tree.indexWidget(cell) is None or option.text == ""
    palette = dialog.tree.palette()
    assert palette.color(palette.ColorRole.HighlightedText) == palette.color(palette.ColorRole.Text)


def test_hindsight_is_a_second_line_never_the_grade(qtbot: QtBot) -> None:
    """On this hand the face-up coach calls a move a blunder that was the best bet on what the person could
    see: the grade is the fair one, and the face-up verdict is a line of its own that names the hidden tile."""
    table, seats = _played("jamaican", 3)
    deal, hand = table.match.archive[-1]
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=120_000)
    differing = [
        (i, r)
        for i, r in enumerate(dialog.rows)
        if r.judged is not None and r.face_up is not None and r.face_up.grade is not r.judged.grade
    ]
    assert differing
    for index, row in differing:
        assert row.judged is not None and row.face_up is not None
        item = dialog.tree.topLevelItem(index)
        assert item is not None
        assert item.text(2).startswith(dialog.grade_name(row.judged.grade))
        first, second = item.text(5).split("\n")
        assert first and not first.startswith("With every tile shown")
        assert second.startswith("With every tile shown:") and "could not have known" in second
        assert item.sizeHint(5).height() >= 2 * dialog.tree.fontMetrics().height(), "both lines show"


def test_tiles_are_drawn_side_by_side() -> None:
    from dominoes_desktop.engine.tiles import Tile

    one = tiles_pixmap([Tile(6, 6)], Look())
    three = tiles_pixmap([Tile(6, 6), Tile(5, 1), Tile(0, 0)], Look())
    assert one.height() == three.height() and three.width() > 2 * one.width()


def test_coach_button_on_the_hand_end_sheet(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=2)
    finish_hand_by_keys(qtbot, window)
    buttons = [b for b in window.game.hand_end.findChildren(QPushButton) if b is window.game.coach_button]
    assert buttons and buttons[0].isVisible()
    buttons[0].click()
    dialogs = window.game.findChildren(CoachDialog)
    assert dialogs
    qtbot.waitUntil(lambda: dialogs[0].tree.isVisible() or "No decision" in dialogs[0].status.text(), timeout=60_000)


def test_rules_pages_link_to_the_learning_pages(qtbot: QtBot, window: MainWindow) -> None:
    from dominoes_desktop.ui.learn.learn_pages import HOW_CPUS_PLAY, PLAY_WELL
    from dominoes_desktop.ui.learn.rules_page import rules_html

    for preset in ("jamaican", "all_fives", "classic_draw"):
        page = rules_html(build_rules(preset))
        for anchor in (PLAY_WELL, HOW_CPUS_PLAY):
            assert f"href='#{anchor}'" in page and f"name='{anchor}'" in page
    fives, block = rules_html(build_rules("all_fives")), rules_html(build_rules("jamaican"))
    assert fives.index("Before each play add up") < fives.index("Count the tiles")
    assert block.index("Count the tiles") < block.index("Before each play add up")
    window.set_language("es")
    try:
        assert "Cómo jugar bien" in rules_html(build_rules("jamaican"))
        assert "Cómo juegan las CPU" in rules_html(build_rules("jamaican"))
    finally:
        window.set_language("en")  # the translator is the application's: leave it as the next test expects


def test_the_link_on_the_rules_page_scrolls_to_the_tips(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QTextBrowser

    from dominoes_desktop.ui.shell.main_window import RulesDialog

    dialog = RulesDialog(build_rules("jamaican"), window)
    qtbot.addWidget(dialog)
    dialog.resize(620, 640)
    dialog.show()
    qtbot.waitExposed(dialog)
    browser = dialog.findChild(QTextBrowser)
    assert browser is not None and browser.verticalScrollBar().value() == 0
    link = browser.cursorRect(browser.document().find("How to play well"))
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=link.center() - QPoint(20, 0))
    assert browser.verticalScrollBar().value() > 0
    assert browser.document().toPlainText().startswith("Jamaican partners"), "still the rules page, scrolled"


def test_the_coach_says_moves_in_words_and_grades_read_on_every_list(qtbot: QtBot) -> None:
    from dominoes_desktop.engine.tiles import Tile
    from dominoes_desktop.ui.look.look_style import contrast
    from dominoes_desktop.ui.play.coach_panel import GRADE_COLOURS

    table, seats = _played("jamaican", 4)
    deal, hand = table.match.archive[-1]
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    assert move_words(Move(MoveKind.PLAY, Tile(5, 3), 3)) == "5-3 on the 3"
    assert move_words(Move(MoveKind.PLAY, Tile(6, 6))) == "6-6 (pose)"
    for background in ("#0f2a1a", "#000000", "#ffffff", "#f4e4c1"):
        palette = dialog.tree.palette()
        palette.setColor(dialog.tree.backgroundRole(), background)
        dialog.tree.setPalette(palette)
        for grade in GRADE_COLOURS:
            assert contrast(dialog.grade_colour(grade).name(), background) >= 3.0, (grade, background)


def test_the_coach_window_only_grows_to_its_verdict(qtbot: QtBot) -> None:
    """It opened tall and empty while judging, then jumped to a third of that height: now it starts small."""
    from dominoes_desktop.ui.play.coach_panel import MAX_HEIGHT, MIN_HEIGHT

    table, seats = _played("jamaican", 4)
    deal, hand = table.match.archive[-1]
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    dialog.show()
    waiting = dialog.height()
    qtbot.waitUntil(lambda: dialog.tree.isVisible() or "No decision" in dialog.status.text(), timeout=120_000)
    assert waiting == MIN_HEIGHT
    assert MIN_HEIGHT <= dialog.height() <= MAX_HEIGHT and dialog.height() >= waiting


def test_a_close_call_is_said_in_words_beside_the_kinder_grade(qtbot: QtBot) -> None:
    """A near-tie (a threshold within the loss's margin) keeps the kinder grade and says why in words."""
    table, seats = _played("jamaican", 4)
    deal, hand = table.match.archive[-1]
    recorded = recorded_from_archive(table.match.rules, 0, deal, hand)
    fair = judge_hand_view(recorded, seats=[0], seed=WINDOW_SEED)[0]
    near = replace(fair, margin=0.3, close=Grade.LOOSE, judged=replace(fair.judged, grade=Grade.FINE, loss=0.6))
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=120_000)  # its own verdict first, then this one
    dialog.show_judged([CoachRow(near.judged.ply, 0, near.judged.played, near, None, explain_fair(recorded, near))])
    item = dialog.tree.topLevelItem(0)
    assert item is not None and item.text(2) == "Fine, a close call"
    assert item.text(5).startswith("A close call between Fine and Weak:") and "0.6 on average, give or take 0.3" in (
        item.text(5)
    )


def near_tie_shown(qtbot: QtBot) -> tuple[CoachDialog, QTreeWidgetItem]:
    """A coach dialog showing a near tie's row (`near_tie_row`), and that row."""
    table, seats, tie_row = near_tie_row()
    deal, hand = table.match.archive[-1]
    assert tie_row.fair is not None and tie_row.fair.near_tie
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=120_000)
    dialog.show_judged([tie_row])
    item = dialog.tree.topLevelItem(0)
    assert item is not None
    return dialog, item


def test_a_near_tie_is_best_and_said_so_with_the_better_move_shown(qtbot: QtBot) -> None:
    """A move another option beat on average by less than a loss worth a word is Best, called a near tie:
    the better move is shown and the words give the difference and its margin."""
    dialog, item = near_tie_shown(qtbot)
    assert item.text(2) == "Best, a near tie"
    assert item.text(3) and item.text(3) != "✓ your move"  # the better move is shown
    assert item.text(5).startswith("A near tie:") and "0.2 better on average, give or take 0.1" in item.text(5)
    # Its Loss reads 0, so the costliest decision's star is not on it, and the summary does not explain one.
    assert item.text(4) == "0" and "★" not in item.text(0)
    assert "★" not in dialog.status.text()


def test_the_coach_writes_decimals_in_the_players_language(qtbot: QtBot) -> None:
    """In Spanish the coach wrote "0.2 más en promedio" where the Deal luck page writes "0,2": a decimal comma."""
    LANGUAGE.install("es")
    _, item = near_tie_shown(qtbot)
    assert item.text(2) == "Mejor, casi un empate"
    assert "0,2" in item.text(5) and "0,1" in item.text(5) and "0.2" not in item.text(5), item.text(5)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Best decisions on what you could see: 1 of 1."),
        ("es", "Mejores decisiones con lo que podías ver: 1 de 1."),
    ],
)
def test_the_coachs_summary_counts_after_its_words(qtbot: QtBot, language: str, words: str) -> None:
    """The summary of one decision read "1 of 1 decisions were the best" and "1 de 1 decisiones fueron las mejores",
    agreeing with neither number: the count comes after its words."""
    LANGUAGE.install(language)
    dialog, _ = near_tie_shown(qtbot)
    assert dialog.status.text().startswith(words), dialog.status.text()


def test_the_coachs_counts_agree_with_their_nouns(qtbot: QtBot) -> None:
    """The coach wrote "comes out ahead 1 times in 10" and, in Spanish, "te guardó 1 fichas" and "1 veces de
    cada 10": a count's noun follows it, one or many, in both languages."""
    table, seats, tie_row = near_tie_row()
    deal, hand = table.match.archive[-1]
    reasons, fair = tie_row.reasons, tie_row.fair
    assert reasons is not None and fair is not None
    kept_one = replace(reasons.played, went_out=False, stuck=(), scored=0, follow=1, ahead=0.1)
    kept_none = replace(kept_one, follow=0, ahead=0.5)
    dialog = CoachDialog(table.match.rules, seats, deal, hand, 0, Look())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=120_000)  # its own verdict first: it says these words
    for language, one, many, kept in (
        ("en", "1 time in 10", "5 times in 10", "kept 1 of your tiles"),
        ("es", "1 vez de cada 10", "5 veces de cada 10", "te guardó 1 ficha para"),
    ):
        LANGUAGE.install(language)
        assert dialog.times_in_ten(0.1) == one and dialog.times_in_ten(0.5) == many
        assert kept in dialog.best_text(fair.judged, replace(reasons, played=kept_one, other=kept_none))
        ahead = dialog.best_text(fair.judged, replace(reasons, played=kept_none, other=kept_one))
        assert one in ahead and many in ahead, ahead


def test_the_coach_on_a_hand_led_freely_reads_nothing_from_its_lead(qtbot: QtBot, window: MainWindow) -> None:
    """A later hand played again is its match's hand 0, led as the last winner led it (review29): the coach's
    window, opened from that match, takes the match's word that no rule chose the leader; told nothing it read
    the lead as a first hand's and no world the seat could imagine fitted its real deal."""
    rules = build_rules("room", {"players": 2, "deal_size": 3})
    hands = (tuple(tiles("6-6 4-0 5-3")), tuple(tiles("2-2 5-4 1-0")))
    rest = tuple(t for t in full_set(rules.set_top, rules.removed_tiles) if t not in {*hands[0], *hands[1]})
    match = Match(rules, 1)
    match.apply(None, DealHand(deal=Deal(hands, (), rest, None), leader=1, free_lead=True))
    while match.hand is not None and match.hand.outcome is None:
        match.apply(match.hand.turn, match.hand.legal_moves()[0])
    assert match.led_by_rule == {0: False} and match.archive
    seats = [SeatConfig("You", True), SeatConfig("CPU 1", False)]
    open_coach(window, match, seats, Look())
    dialogs = [w for w in window.findChildren(CoachDialog)]
    assert len(dialogs) == 1
    dialog = dialogs[0]
    qtbot.waitUntil(lambda: bool(dialog.rows) or "No decision" in dialog.status.text(), timeout=120_000)
    assert dialog.recorded.lead_by_rule is False
    start_position = dialog.recorded.start
    view = view_at(start_position, 0, 0, dialog.recorded.lead_by_rule)
    assert count_worlds(view) and consistent(view, tuple(tuple(h) for h in start_position.hands), ())
    dialog.close()
