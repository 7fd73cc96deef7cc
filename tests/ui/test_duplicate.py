"""A duplicate match in the real window: chosen in the lobby by clicks, played by clicks to the results sheet,
kept by the autosave mid-match and resumed exactly, recorded in the stats group Duplicate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.duplicate import entry_at
from dominoes_desktop.engine.fairness import short
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store.autosave import Autosave
from dominoes_desktop.store.matchfile import MatchFileError, loads
from dominoes_desktop.store.stats import CPU_GROUP
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.play.duplicate_sheet import DASH, verdict
from dominoes_desktop.ui.shell.main_window import MainWindow

from .driving import cut_the_deck, hand_over, idle, make_window, play_turn_by_clicks


def click(qtbot: QtBot, widget: object) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)  # type: ignore[arg-type]


def click_deck(qtbot: QtBot, deck: QWidget) -> None:
    qtbot.mouseClick(deck, Qt.MouseButton.LeftButton, pos=deck.rect().center())


def tick(qtbot: QtBot, box: QCheckBox) -> None:
    """Click a check box on its box (a click on a check box's label area may miss the indicator)."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=box.rect().center())


def start_duplicate_from_lobby(qtbot: QtBot, window: MainWindow, deals: int = 4) -> None:
    lobby = window.lobby
    assert lobby.duplicate.isEnabled(), lobby.duplicate_note.text()
    tick(qtbot, lobby.duplicate)
    assert lobby.duplicate.isChecked() and lobby.duplicate_deals.isEnabled()
    lobby.duplicate_deals.setCurrentIndex(lobby.duplicate_deals.findData(deals))
    assert not lobby.goal.isEnabled(), "a duplicate match has no target"
    click(qtbot, lobby.start)
    assert window.controller.duplicate is not None
    cut_the_deck(qtbot, window)  # the first deal is sealed and waits for the person's cut


def finish_hand(qtbot: QtBot, window: MainWindow) -> None:
    for _ in range(300):
        if hand_over(window):
            return
        play_turn_by_clicks(qtbot, window)
    raise AssertionError("the hand did not end")


def test_the_lobby_offers_duplicate_only_to_one_person_against_cpus(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    assert lobby.duplicate.isEnabled() and "same tiles" in lobby.duplicate_note.text()
    second = lobby.seat_rows[1].kind
    second.setCurrentIndex(second.findData("person"))
    assert not lobby.duplicate.isEnabled() and "pass-and-play" in lobby.duplicate_note.text()
    second.setCurrentIndex(second.findData("friend"))
    assert not lobby.duplicate.isEnabled() and "friends" in lobby.duplicate_note.text()
    second.setCurrentIndex(second.findData("cpu"))
    assert lobby.duplicate.isEnabled()
    tick(qtbot, lobby.duplicate)
    setup = lobby.setup()
    assert setup.duplicate_deals == 8 and setup.stats_group == "Duplicate"
    second.setCurrentIndex(second.findData("person"))  # chosen, then the table changed: no duplicate
    assert lobby.setup().duplicate_deals == 0


def test_a_duplicate_match_is_played_by_clicks_to_its_results(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    start_duplicate_from_lobby(qtbot, window, deals=4)
    duplicate = window.controller.duplicate
    assert duplicate is not None and duplicate.total_plays == 8
    page = window.game
    dealt: dict[int, object] = {}
    for play in range(8):
        assert duplicate.index == play
        deal, rotation = duplicate.current
        line = page.duplicate_line.text()
        assert f"deal {deal + 1} of 4" in line
        if rotation == 0:
            assert "first play" in line and page.table.bottom == 0
        else:
            # Jamaican partners: the person's side takes the other side's seats; CPU 1 sat in seat 1.
            assert "second play" in line and "CPU 1's seat" in line and page.table.bottom == 1
            assert window.controller.seats[0].name == "CPU 3" and window.controller.seats[1].name == "You"
        match = window.controller.match
        assert match is not None and match.deal is not None
        if deal in dealt:
            assert match.deal.hands == dealt[deal], "the same tiles reach the same seats"
        dealt[deal] = match.deal.hands
        finish_hand(qtbot, window)
        assert page.hand_end.isVisible()
        if play < 7:
            assert page.hand_end.next.text() == "Next play"
            click(qtbot, page.hand_end.next)
    assert duplicate.is_over and page.hand_end.next.text() == "See the results"
    click(qtbot, page.hand_end.next)
    sheet = page.results
    assert sheet is not None and sheet.isVisible()
    assert sheet.table.rowCount() == 5, "four deals and the total"
    summary = duplicate.summary()
    assert verdict(duplicate) in sheet.heading.text()
    total = sheet.table.item(4, 3)
    sign = "+" if summary.margin > 0 else "\N{MINUS SIGN}" if summary.margin < 0 else ""
    assert total is not None and total.text() == sign + str(abs(int(summary.margin)))
    assert "every one checks" in sheet.fairness.text()
    qtbot.waitUntil(lambda: window.stats is not None and bool(window.stats.table("Duplicate")), timeout=5000)
    assert window.stats is not None
    rows = window.stats.table("Duplicate")
    you = next(r for r in rows if r.player == "You")
    assert you.values["matches"] == 1 and you.values["points_for"] == summary.your_total
    assert Autosave(tmp_path).load().saved is None, "a finished duplicate match is not offered again"
    sheet.close()


def test_a_duplicate_match_resumes_mid_second_play_exactly(qtbot: QtBot, tmp_path: Path) -> None:
    first = make_window(qtbot, tmp_path)
    start_duplicate_from_lobby(qtbot, first, deals=4)
    duplicate = first.controller.duplicate
    assert duplicate is not None
    for _ in range(5):  # every deal once, then the first deal again, from the CPU's seat
        finish_hand(qtbot, first)
        click(qtbot, first.game.hand_end.next)
    for _ in range(2):
        play_turn_by_clicks(qtbot, first)
    hand = first.controller.hand
    assert hand is not None and duplicate.index == 5 and duplicate.current.rotation == 1
    history, line = list(hand.history), first.game.duplicate_line.text()
    summary = duplicate.summary()
    first.close()

    second = make_window(qtbot, tmp_path)
    loaded = Autosave(tmp_path).load()
    assert loaded.saved is not None and loaded.saved.duplicate is not None
    second.resume(loaded.saved)
    again = second.controller.duplicate
    assert again is not None and again.index == 5 and again.summary() == summary
    assert second.controller.hand is not None and second.controller.hand.history == history
    assert second.game.duplicate_line.text() == line and second.game.table.bottom == 1
    assert [s.name for s in second.controller.seats] == [
        first.controller.line_up[entry_at(seat, 1, 4)].name for seat in range(4)
    ]
    # Play goes on to the end, and the proof of every play still checks.
    for _ in range(3):
        finish_hand(qtbot, second)
        click(qtbot, second.game.hand_end.next)
    finish_hand(qtbot, second)
    assert again.is_over


def test_a_damaged_duplicate_part_is_refused_in_one_line(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    start_duplicate_from_lobby(qtbot, window, deals=4)
    finish_hand(qtbot, window)
    click(qtbot, window.game.hand_end.next)
    data = window.match_json()
    assert data is not None
    good = loads(json.dumps(data))
    assert good.duplicate is not None and good.duplicate.index == 1
    data["duplicate"]["deals"][0]["seed"] += 1  # a seed that is not the one sealed
    with pytest.raises(MatchFileError, match="does not match its seal"):
        loads(json.dumps(data))
    data["duplicate"]["deals"][0]["seed"] -= 1
    data["duplicate"]["plays"][0]["actions"] = data["duplicate"]["plays"][0]["actions"][:3]
    with pytest.raises(MatchFileError, match="duplicate play 1"):
        loads(json.dumps(data))


def test_switching_language_mid_duplicate_keeps_the_seat_and_the_play(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    start_duplicate_from_lobby(qtbot, window, deals=4)
    for _ in range(4):
        finish_hand(qtbot, window)
        click(qtbot, window.game.hand_end.next)
    play_turn_by_clicks(qtbot, window)
    hand = window.controller.hand
    window.set_language("es")
    assert window.controller.hand is hand and window.game.table.bottom == 1
    assert "segunda jugada" in window.game.duplicate_line.text()
    assert "asiento de CPU 1" in window.game.duplicate_line.text()
    # The results' columns: "Fichas repartidas a ti y CPU 2" (it said "a Tú y CPU 2", the name as a subject).
    window.show_duplicate_results()
    sheet = window.game.results
    assert sheet is not None
    headers = [sheet.table.horizontalHeaderItem(column).text() for column in (1, 2)]  # type: ignore[union-attr]
    assert headers[0].startswith("Fichas repartidas a\nti y CPU 2\n") and "Tú" not in str(headers), headers
    sheet.close()
    finish_hand(qtbot, window)
    assert window.game.hand_end.next.text() == "Siguiente jugada"
    window.set_language("en")


def test_the_results_so_far_show_only_what_was_played(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    window.show_duplicate_results()
    assert window.game.results is None, "no duplicate match: a word in the status bar instead"
    start_duplicate_from_lobby(qtbot, window, deals=4)
    for _ in range(5):
        finish_hand(qtbot, window)
        click(qtbot, window.game.hand_end.next)
    window.show_duplicate_results()
    sheet = window.game.results
    assert sheet is not None and sheet.isVisible() and "so far" in sheet.heading.text()
    cells = [[sheet.table.item(r, c).text() for c in range(4)] for r in range(4)]  # type: ignore[union-attr]
    assert cells[0][3] != "not played yet", "deal 1 was played from both sides"
    assert all(row[3] == "not played yet" for row in cells[1:]), "the other deals wait for their second play"
    assert all(DASH in row[1] for row in cells) and "…" not in str(cells)
    assert cells[1][1].endswith("not played yet") and cells[1][2].startswith("not played yet"), "played once so far"
    # Issue 34: "is played", not "was played twice", while plays are to come; Enter closes, not "New match".
    assert "Every deal is played 2 times" in sheet.heading.text()
    close = sheet.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)  # type: ignore[union-attr]
    assert close.isDefault() and not sheet.new_match.isDefault()
    qtbot.keyClick(sheet, Qt.Key.Key_Return)
    assert not sheet.isVisible() and window.controller.duplicate is not None and not window.controller.duplicate.is_over
    assert window.stack.currentWidget() is window.game


def test_a_deals_first_play_is_cut_on_the_deck_and_its_second_play_deals_it_again(qtbot: QtBot, tmp_path: Path) -> None:
    """One mechanism for every deal: the first play of a deal is sealed and waits for the person's click on
    the deck; the second play deals again from that proof (same seed and cut, same tiles), with no cut, and
    deal luck counts the deal once."""
    window = make_window(qtbot, tmp_path)
    rules = build_rules("classic_block", {"players": 2})
    seats = (SeatConfig("You", True, "easy"), SeatConfig("CPU 1", False, "easy"))
    window.start_match(MatchSetup(rules, seats, stats_group="Duplicate", duplicate_deals=1), seed=11)
    controller, page = window.controller, window.game
    duplicate = controller.duplicate
    assert duplicate is not None and duplicate.total_plays == 2
    sealed = controller.sealed_deal()
    assert controller.hand is None and sealed is not None and sealed == duplicate.proofs[0], "nothing dealt yet"
    qtbot.waitUntil(page.cut_panel.isVisible, timeout=3000)
    assert short(sealed.fingerprint) in page.cut_panel.seal.text()
    click_deck(qtbot, page.cut_panel.deck)
    idle(window)
    first = controller.match
    assert first is not None and first.deal is not None and not page.cut_panel.isVisible()
    proof = first.proofs[0]
    assert proof.fingerprint == sealed.fingerprint and len(proof.cuts) == 1, "the click cut the sealed deal"
    assert not first.chosen_deals, "the first play is chance's deal"
    tiles = first.deal.hands
    finish_hand(qtbot, window)
    assert page.hand_end.isVisible() and controller.sealed_deal() is None, "the next play brings no new deal"
    assert page.deal_seal.cut.isHidden() and "again" in page.deal_seal.label.text()
    click(qtbot, page.hand_end.next)
    second = controller.match
    assert second is not None and second is not first and second.deal is not None, "dealt at once"
    assert not page.cut_panel.isVisible() and controller.sealed_deal() is None
    assert second.deal.hands == tiles and second.proofs[0] == proof, "the same seed and cut: the same tiles"
    assert second.chosen_deals == {0}, "dealt again from the proof: not chance's deal a second time"
    assert short(proof.fingerprint) in page.duplicate_line.text() and "no new cut" in page.duplicate_line.text()
    assert page.table.bottom == 1, "the person holds the CPU's tiles of the first play"
    finish_hand(qtbot, window)
    assert duplicate.is_over
    qtbot.waitUntil(lambda: window.stats is not None and bool(window.stats.table("Duplicate")), timeout=5000)
    assert window.stats is not None
    luck = window.stats.deal_luck("Duplicate")
    you, cpus = luck.of("You"), luck.of(CPU_GROUP)
    assert you is not None and cpus is not None
    assert len(you.hands) == len(cpus.hands) == 1, "deal luck counts the deal once, as its first play dealt it"
    assert you.hands[0].doubles.observed == sum(t.is_double for t in tiles[0]), "your own tiles, first play"
