"""What session 24's whole matches, played by keys as each island's player plays them (audit24), found wrong.
Each test drives the real widgets with the keys a player presses."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import ChooseLeader, ClaimWindow, DealAgain, RedealOffer
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.scoring import blocked_winner
from dominoes_desktop.store.autosave import Autosave
from dominoes_desktop.ui.learn.rules_page import rules_html
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start
from .driving import finish_hand_by_keys, hand_over, idle, known_deal, make_window, play_turn_by_clicks

SOLO = [SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("CPU 2", False), SeatConfig("CPU 3", False)]
TWO = [SeatConfig("You", True), SeatConfig("CPU 1", False), SeatConfig("Beto", True), SeatConfig("CPU 3", False)]


def _cuban_seed_drawn_for_us() -> int:
    """A first deal whose side drawn by lot to lead is the person's (seat 0's): the table asks who leads."""
    rules = build_rules("cuban")
    for seed in range(500):
        match = Match(rules, seed)
        match.apply(None, DealAgain(known_deal(seed)))
        pending = match.pending()
        if isinstance(pending, ChooseLeader) and 0 in pending.seats:
            return seed
    raise AssertionError("no such seed")


# ---- 1. the first hand's leader question has the keys ----------------------------------------------------


def test_the_first_hands_leader_question_is_answered_by_enter(qtbot: QtBot, window: MainWindow) -> None:
    """Cuban, its first hand's side drawn by lot: Start dealt and asked who leads, then put the keys on the rack
    (MainWindow.start_match), where Enter said "Wait for your turn" and Tab stayed: a keyboard player was stuck."""
    seed = _cuban_seed_drawn_for_us()
    window.activateWindow()
    window.start_match(MatchSetup(build_rules("cuban"), tuple(SOLO)), seed, known_deal(seed))
    idle(window)
    page = window.game
    assert page.leader_choice.isVisible()
    focus = QApplication.focusWidget()
    assert focus is not None and page.leader_choice.isAncestorOf(focus), focus
    window.leave_for_lobby()  # and back: the question has the keys again, not the rack
    window.back_to_table()
    assert QApplication.focusWidget() is focus
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    idle(window)
    hand = window.controller.hand
    assert not page.leader_choice.isVisible()
    assert hand is not None and hand.leader == 0, "Enter on the first choice: you lead"


def test_pass_and_plays_first_curtain_is_lifted_by_enter(qtbot: QtBot, window: MainWindow) -> None:
    """Two people at one screen, the first to play a person: Start dealt and drew the curtain ("Pass to Player 1"),
    its button focused, then put the keys on the hidden rack, where Enter did nothing."""
    window.activateWindow()
    for seed in range(40):
        window.start_match(MatchSetup(build_rules("jamaican"), tuple(TWO)), seed, known_deal(seed))
        if window.game.curtain.isVisible():  # a person poses: the curtain came with the deal
            break
    page = window.game
    assert page.curtain.isVisible()
    focus = QApplication.focusWidget()
    assert focus is page.curtain_button, focus
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    assert not page.curtain.isVisible()
    assert not page.table.curtain, "the rack shows its tiles"


def _cuban_seed_with_our_redeal() -> int:
    """A first deal that gives the person (seat 0) five doubles: the table offers them a redeal."""
    rules = build_rules("cuban")
    for seed in range(500):
        match = Match(rules, seed)
        match.apply(None, DealAgain(known_deal(seed)))
        pending = match.pending()
        if isinstance(pending, RedealOffer) and pending.seat == 0:
            return seed
    raise AssertionError("no such seed")


def test_the_first_deals_redeal_offer_is_answered_by_enter(qtbot: QtBot, window: MainWindow) -> None:
    """Cuban, five doubles dealt to the person by Start's deal: the offer's "No" was focused, then the keys went to
    the rack (MainWindow.start_match), where Enter said "Wait for your turn"."""
    seed = _cuban_seed_with_our_redeal()
    window.activateWindow()
    window.start_match(MatchSetup(build_rules("cuban"), tuple(SOLO)), seed, known_deal(seed))
    idle(window)
    page = window.game
    assert page.redeal.isVisible()
    focus = QApplication.focusWidget()
    assert focus is page.redeal_no, focus
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    idle(window)
    assert not page.redeal.isVisible()
    assert not isinstance(window.controller.pending, RedealOffer), "answered: no redeal"


def closed_and_resumed(qtbot: QtBot, tmp_path: Path, first: MainWindow) -> MainWindow:
    """`first` closed (its match saved as a closing or killed game leaves it), then a new window resuming it."""
    first.store.wait_idle()
    first.close()
    second = make_window(qtbot, tmp_path)
    second.activateWindow()
    loaded = Autosave(tmp_path).load()
    assert loaded.saved is not None
    second.resume(loaded.saved)
    idle(second)
    return second


def test_a_match_resumed_at_the_leader_question_is_answered_by_enter(qtbot: QtBot, tmp_path: Path) -> None:
    """The game closed (or killed) while it asked who leads: resumed, the question is asked again with its first
    answer focused, not the rack."""
    seed = _cuban_seed_drawn_for_us()
    first = make_window(qtbot, tmp_path)
    first.start_match(MatchSetup(build_rules("cuban"), tuple(SOLO)), seed, known_deal(seed))
    idle(first)
    assert first.game.leader_choice.isVisible()
    second = closed_and_resumed(qtbot, tmp_path, first)
    page = second.game
    assert page.leader_choice.isVisible()
    focus = QApplication.focusWidget()
    assert focus is not None and page.leader_choice.isAncestorOf(focus), focus
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    idle(second)
    hand = second.controller.hand
    assert hand is not None and hand.leader == 0


def test_back_to_the_table_at_a_hands_end_gives_the_keys_to_the_sheet(qtbot: QtBot, window: MainWindow) -> None:
    """At a hand's end, to the lobby and "Back to the table": the keys went to the rack behind the sheet, where Enter
    said "Wait for your turn"; they go back to "Next hand", and Enter deals the next hand."""
    window.activateWindow()
    start(window, "jamaican", seed=3)
    finish_hand_by_keys(qtbot, window)
    page = window.game
    assert QApplication.focusWidget() is page.hand_end.next
    window.leave_for_lobby()
    window.back_to_table()
    assert QApplication.focusWidget() is page.hand_end.next
    qtbot.keyClick(page.hand_end.next, Qt.Key.Key_Return)
    idle(window)
    match = window.controller.match
    assert not page.hand_end.isVisible()
    assert match is not None and match.hand_index == 1, "the next hand is dealt"


def test_a_match_resumed_between_hands_goes_on_by_enter(qtbot: QtBot, tmp_path: Path) -> None:
    """Closed (or killed) on a hand's end sheet: resumed, the sheet is back with "Next hand" focused (the keys went
    to the rack behind it), and Enter deals the next hand."""
    first = make_window(qtbot, tmp_path)
    first.activateWindow()
    start(first, "jamaican", seed=3)
    finish_hand_by_keys(qtbot, first)
    second = closed_and_resumed(qtbot, tmp_path, first)
    page = second.game
    assert page.hand_end.isVisible()
    assert QApplication.focusWidget() is page.hand_end.next
    qtbot.keyClick(page.hand_end.next, Qt.Key.Key_Return)
    idle(second)
    match = second.controller.match
    assert match is not None and match.hand_index == 1 and not page.hand_end.isVisible()


# ---- the lobby's "How to play well" in the game's own set and rule ---------------------------------------


def _lobby_rules_text(window: MainWindow, preset: str) -> str:
    lobby = window.lobby
    rows = [lobby.presets.item(i) for i in range(lobby.presets.count())]
    row = next(i for i, item in enumerate(rows) if item.data(Qt.ItemDataRole.UserRole) == preset)
    lobby.presets.setCurrentRow(row)
    return lobby.rules_view.toPlainText()


def test_how_to_play_well_counts_the_cuban_set_and_its_lone_lightest_hand(window: MainWindow) -> None:
    """Cuban (double-nine, fifteen asleep, the lightest player wins a locked table): the tips said "seven of each in
    double-six" and "on a locked table both partners' pips count together", against the rules just above them."""
    text = _lobby_rules_text(window, "cuban")
    assert "10 of each in double-9. When 9 of a number are out" in text
    assert "the last one of a number may be asleep" in text
    assert "the single lightest hand wins for its side" in text
    assert "both partners' pips count together" not in text and "seven of each" not in text


def test_how_to_play_well_counts_partners_together_where_the_rule_does(window: MainWindow) -> None:
    """Dominican (the side with fewer pips wins a locked table, every tile dealt): partners' pips together, and no
    tile asleep."""
    text = _lobby_rules_text(window, "dominican")
    assert "7 of each in double-6. When 6 of a number are out" in text
    assert "both partners' pips count together" in text
    assert "asleep" not in text and "single lightest hand" not in text


def test_how_to_play_well_counts_the_blanks_cutthroat_plays_without_the_double(window: MainWindow) -> None:
    """Cutthroat plays without the 0-0: "7 of each" held for every number but the blanks (the review's finding)."""
    text = _lobby_rules_text(window, "cutthroat")
    assert "Without the 0-0, only 6 tiles have a 0." in text
    jamaican = _lobby_rules_text(window, "jamaican")
    assert "Without the" not in jamaican
    assert "between you and your partner, keep at least one hand light" in jamaican, "one hand each, not two"


def test_how_to_play_well_in_spanish_for_a_cuban(window: MainWindow) -> None:
    LANGUAGE.install("es")
    text = _lobby_rules_text(window, "cuban")
    assert "hay 10 de cada uno en el doble 9. Cuando han salido 9 de un número" in text
    assert "la última de un número puede estar dormida" in text
    assert "En un tranque gana la mano más ligera, para su equipo" in text


# ---- pass and play: the seat left as "You" is "Player 1" in what is said and in the review -----------------


def _start_with_player_1_to_pose(window: MainWindow) -> None:
    """Two people (the first left as the lobby's "You"), a deal whose first turn for a person is Player 1's."""
    page = window.game
    for seed in range(80):
        window.start_match(MatchSetup(build_rules("jamaican"), tuple(TWO)), seed, known_deal(seed))
        idle(window)
        if page.curtain.isVisible() and page.curtain_seat == 0:
            return
    raise AssertionError("no such deal")


@pytest.mark.parametrize(("language", "said"), [("en", "Player 1, your turn"), ("es", "Jugador 1, tu turno")])
def test_pass_and_plays_player_1_is_named_so_when_their_turn_is_said(
    qtbot: QtBot, window: MainWindow, language: str, said: str
) -> None:
    """The plate and the curtain said "Player 1"; the turn, as a screen reader hears it, "Tú, tu turno"."""
    LANGUAGE.install(language)
    _start_with_player_1_to_pose(window)
    qtbot.mouseClick(window.game.curtain_button, Qt.MouseButton.LeftButton)
    words = window.voice.turn_words()
    assert words.startswith(said), words


def test_pass_and_plays_review_names_player_1_as_the_plate_does(qtbot: QtBot, window: MainWindow) -> None:
    """The hand review's caption said "You played 6-4" (es "Tú jugó 6-4") for Player 1 at a shared screen."""
    _start_with_player_1_to_pose(window)
    page = window.game
    for _ in range(300):
        if hand_over(window):
            break
        if page.curtain.isVisible():
            qtbot.mouseClick(page.curtain_button, Qt.MouseButton.LeftButton)
            continue
        play_turn_by_clicks(qtbot, window)
    assert hand_over(window)
    match = window.controller.match
    assert match is not None
    review = ReviewDialog(match, window.controller.seats, window.look, window)
    qtbot.addWidget(review)
    first = next(i for i, turn in enumerate(review.played.history) if turn.seat == 0)
    review.go(first + 1)  # Player 1's first move
    caption = review.caption.text()
    assert "Player 1 played" in caption and "You" not in caption, caption
    assert review.scene_.plates[0].lines[0] == "Player 1", "the review's plate as the table's"


# ---- a locked table in each house's own word ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "word"), [("jamaican", "(a block)"), ("trinidad", "(a block)"), ("dominican", "(tranque)")]
)
def test_the_rules_name_a_locked_table_in_the_houses_word(window: MainWindow, preset: str, word: str) -> None:
    """A Jamaican (or Trinidadian) reader was told "the table is locked (tranque)": the Spanish islands' word."""
    text = _lobby_rules_text(window, preset)
    assert f"the table is locked {word}." in text
    if word != "(tranque)":
        assert "tranque" not in text


def test_the_spanish_rules_say_tranque_for_every_house(window: MainWindow) -> None:
    LANGUAGE.install("es")
    _lobby_rules_text(window, "cuban")  # (the lobby opened on Jamaican, in English: shown again on a change)
    assert "la mesa queda trancada (tranque)." in _lobby_rules_text(window, "jamaican")


def test_the_dominican_rules_tell_of_no_tied_block(window: MainWindow) -> None:
    """Dominican: a tied block goes to the side that posed, so no hand ends without a winner; the rules still said
    "After a tied block, the first hand's rule applies again" two lines above "on a tie, the side that posed wins"."""
    dominican = _lobby_rules_text(window, "dominican")
    assert "on a tie, the side that posed wins" in dominican and "After a tied block" not in dominican
    assert "After a tied block, the first hand's rule applies again." in _lobby_rules_text(window, "puerto_rican")


def test_back_to_the_table_at_a_claim_gives_the_keys_to_claim(qtbot: QtBot, window: MainWindow) -> None:
    """All Fives: my play scored and "Claim" had the keys; to the lobby and back, they were on the rack."""
    window.activateWindow()
    page = window.game
    for seed in range(1, 40):
        window.start_match(MatchSetup(build_rules("all_fives"), tuple(SOLO)), seed, known_deal(seed))
        idle(window)
        for _ in range(60):
            if hand_over(window) or isinstance(window.controller.waiting, ClaimWindow):
                break
            play_turn_by_clicks(qtbot, window)
            idle(window)
        if isinstance(window.controller.waiting, ClaimWindow):
            break
    else:
        raise AssertionError("no scoring play of mine")
    assert QApplication.focusWidget() is page.claim_button
    window.leave_for_lobby()
    window.back_to_table()
    assert QApplication.focusWidget() is page.claim_button
    qtbot.keyClick(page.claim_button, Qt.Key.Key_Return)
    assert not isinstance(window.controller.waiting, ClaimWindow), "claimed by Enter"


def test_the_dominican_rules_without_partners_tell_of_a_tied_block(qapp: object) -> None:
    """Played without partners a Dominican block can tie between two seats that did not pose, and then nobody wins
    (the review's probe): the sentence on what follows a tied block stays there."""
    alone = build_rules("dominican", {"partners": False})
    assert blocked_winner(alone, [20, 5, 5, 9], 0) is None
    assert "After a tied block" in rules_html(alone)
    assert "After a tied block" not in rules_html(build_rules("dominican", {}))
