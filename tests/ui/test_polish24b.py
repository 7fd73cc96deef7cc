"""The hand's end and the match's end as a player of the island reads them (audit24 findings 2, 3, 4, 6, 8, 11): the
final score said at a match's end, a bonus named with its points, a side's locked table told by the sides' pips,
the names the page uses for people, the Spanish a Caribbean player speaks, no confetti over the next deal."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import HandResult
from dominoes_desktop.engine.hand import HandEnd
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig, default_seats
from dominoes_desktop.ui.play.panels import HandEndPanel
from dominoes_desktop.ui.shell.i18n import LANGUAGE, plain
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import played_to_a_domino, saying, start
from .driving import idle, known_deal

RACKS = ((Tile(5, 4),), (Tile(6, 0),), (Tile(2, 0),), ())


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def result(
    end: HandEnd,
    winner_seat: int | None,
    pips: tuple[int, int, int, int],
    points: int,
    scores: tuple[int, int],
    bonus: tuple[str, ...] = (),
    leader: int = 0,
) -> HandResult:
    return HandResult(
        hand_index=3,
        seed=11,
        leader=leader,
        end=end,
        winner_seat=winner_seat,
        winner_side=None if winner_seat is None else winner_seat % 2,
        points=points,
        bonus=bonus,
        reset=False,
        end_points=(0, 0),
        pips=pips,
        remaining=RACKS,
        scores=scores,
    )


def sheet(
    qtbot: QtBot, preset: str, hand: HandResult, winner: int | None = None, seats: list[SeatConfig] | None = None
) -> str:
    panel = HandEndPanel()
    qtbot.addWidget(panel)
    panel.show_result(build_rules(preset), seats or default_seats(4), hand, winner)
    return plain(panel.text.text()).replace("\xa0", " ")


def headline(qtbot: QtBot, preset: str, hand: HandResult, winner: int | None = None) -> str:
    panel = HandEndPanel()
    qtbot.addWidget(panel)
    rules = build_rules(preset)
    panel.show_result(rules, default_seats(4), hand, winner)
    return panel.headline(rules, hand, default_seats(4), winner is not None).replace("\xa0", " ")


# ---- 1. the final score at a match's end (finding 2) ------------------------------------------------------------


def test_the_match_end_states_the_final_score_on_the_sheet_and_in_its_headline(qtbot: QtBot) -> None:
    last = result(HandEnd.DOMINO, 0, (0, 12, 0, 7), 19, (153, 74))
    assert "Final score: 153 for you & CPU 2, 74 for CPU 1 & CPU 3." in sheet(qtbot, "cuban", last, winner=0)
    said = headline(qtbot, "cuban", last, winner=0)  # the status line and the screen reader's words
    assert said.startswith(
        "Match over. You & CPU 2 won the match. Final score: 153 for you & CPU 2, 74 for CPU 1 & CPU 3."
    )
    LANGUAGE.install("es")
    assert "Resultado final: 153 para ti y CPU 2, 74 para CPU 1 y CPU 3." in sheet(qtbot, "cuban", last, winner=0)
    # Between hands the match score stays as it was, without a final score.
    going_on = sheet(qtbot, "cuban", result(HandEnd.DOMINO, 0, (0, 12, 0, 7), 19, (53, 74)))
    assert (
        "Resultado final" not in going_on
        and "Marcador de la partida: 53 para ti y CPU 2, 74 para CPU 1 y CPU 3." in going_on
    )


def test_a_match_won_at_the_table_says_its_final_score_once_and_shows_it_in_the_status_line(
    qtbot: QtBot, window: MainWindow
) -> None:
    start(window, "jamaican", seed=3, target=1)
    with saying() as said:
        window.controller.autoplay(10_000)
        idle(window)
    assert window.controller.match_over
    scores = window.controller.scores
    final = f"Final score: {scores[0]} for you & CPU 2, {scores[1]} for CPU 1 & CPU 3."
    assert sum(line.replace("\xa0", " ").count(final) for line in said) == 1, said[-3:]
    status = window.statusBar().currentMessage()
    assert status.startswith("Match over. ") and " won the match. " + final in status


# ---- 2. a bonus named with its points (finding 3) -------------------------------------------------------------------


def test_a_dominican_capicua_shows_where_its_points_come_from_and_heads_the_sheet(qtbot: QtBot) -> None:
    capicua = result(HandEnd.DOMINO, 3, (6, 0, 2, 0), 38, (40, 90), bonus=("capicua",))
    text = sheet(qtbot, "dominican", capicua)
    assert "38 points to CPU 1 & CPU 3 (8 in hand + 30 for the capicúa)." in text
    assert headline(qtbot, "dominican", capicua) == "Capicúa! CPU 3 went out (domino)."
    LANGUAGE.install("es")
    text = sheet(qtbot, "dominican", capicua)
    assert "38 puntos para CPU 1 y CPU 3 (8 tantos + 30 de capicúa)." in text
    assert headline(qtbot, "dominican", capicua) == "¡Capicúa! CPU 3 dominó."


def test_a_six_love_key_bone_is_counted_hand_plus_bonus(qtbot: QtBot) -> None:
    key_bone = result(HandEnd.DOMINO, 3, (6, 0, 2, 0), 2, (0, 4), bonus=("key_bone",))
    assert "2 hands to CPU 1 & CPU 3 (1 for the hand + 1 for the key bone)." in sheet(qtbot, "six_love", key_bone)
    assert headline(qtbot, "six_love", key_bone) == "Key bone! CPU 3 went out (domino)."


# ---- 3. a side's locked table (finding 4) -----------------------------------------------------------------------


def test_a_dominican_block_is_told_by_the_sides_pips_and_won_by_a_side(qtbot: QtBot) -> None:
    block = result(HandEnd.BLOCKED, 1, (21, 9, 11, 17), 32, (72, 225))
    text = sheet(qtbot, "dominican", block)
    assert "32 pips for you & CPU 2, 26 pips for CPU 1 & CPU 3." in text
    assert headline(qtbot, "dominican", block) == "CPU 1 & CPU 3 win the locked table."
    assert "A tie" not in text
    LANGUAGE.install("es")
    assert "32 tantos para ti y CPU 2, 26 tantos para CPU 1 y CPU 3." in sheet(qtbot, "dominican", block)
    assert headline(qtbot, "dominican", block) == "Tranque: gana la pareja de CPU 1 y CPU 3."


def test_a_tied_dominican_block_names_the_rule_that_gave_it_to_the_side_that_posed(qtbot: QtBot) -> None:
    tie = result(HandEnd.BLOCKED, 0, (10, 12, 10, 8), 20, (20, 30), leader=2)
    text = sheet(qtbot, "dominican", tie)
    assert "20 pips for you & CPU 2, 20 pips for CPU 1 & CPU 3." in text
    assert "A tie: the side that posed the first tile wins it." in text
    assert headline(qtbot, "dominican", tie) == "Your side wins the locked table."
    LANGUAGE.install("es")
    assert "Empate: gana la pareja que salió." in sheet(qtbot, "dominican", tie)
    assert headline(qtbot, "dominican", tie) == "Tranque: gana tu pareja."


def test_a_puerto_rican_tie_nobody_wins_shows_the_sides_and_no_spanish_word_in_english(qtbot: QtBot) -> None:
    tie = result(HandEnd.BLOCKED, None, (10, 12, 10, 8), 0, (20, 30))
    text = sheet(qtbot, "puerto_rican", tie)
    assert headline(qtbot, "puerto_rican", tie) == "Locked table and a tie: nobody wins this hand."
    assert "20 pips for you & CPU 2, 20 pips for CPU 1 & CPU 3." in text and "A tie:" not in text
    # A Jamaican or Trinidadian calls it a block: the English headline has no "(tranque)" for any house.
    assert "tranque" not in headline(qtbot, "jamaican", result(HandEnd.BLOCKED, None, (5, 5, 9, 9), 0, (1, 1)))
    LANGUAGE.install("es")
    assert headline(qtbot, "puerto_rican", tie) == "Tranque y empate: nadie gana esta mano."


def test_the_lowest_player_rule_keeps_naming_the_seat(qtbot: QtBot) -> None:
    block = result(HandEnd.BLOCKED, 1, (21, 9, 11, 17), 1, (2, 3))
    text = sheet(qtbot, "jamaican", block)
    assert headline(qtbot, "jamaican", block) == "CPU 1 won the locked table."
    assert "32 pips ·" not in text and "A tie" not in text


# ---- 4. pass and play: the sheet's rows by the page's names (finding 6) ---------------------------------------------


def test_pass_and_play_rows_name_the_people_as_the_plates_do(qtbot: QtBot) -> None:
    seats = default_seats(4)
    seats[2] = SeatConfig(seats[0].name, True)
    domino = result(HandEnd.DOMINO, 1, (9, 0, 2, 0), 1, (0, 1))
    text = sheet(qtbot, "jamaican", domino, seats=seats)
    assert "Player 1. 5-4. 9 pips." in text and "Player 3. 2-0. 2 pips." in text
    assert "You." not in text
    LANGUAGE.install("es")
    seats = default_seats(4)
    seats[2] = SeatConfig(seats[0].name, True)
    text = sheet(qtbot, "jamaican", domino, seats=seats)
    assert "Jugador 1. 5-4. 9 tantos." in text and "Tú" not in text


@pytest.mark.parametrize(("language", "person", "generic"), [("en", "Player 1 ", "You "), ("es", "Jugador 1 ", "Tú ")])
def test_pass_and_play_move_list_names_the_people_as_the_plates_do(
    qtbot: QtBot, window: MainWindow, language: str, person: str, generic: str
) -> None:
    """audit24 finding 14's leftover: the move list said "Tú jugó 6-4 al 6" for Jugador 1."""
    LANGUAGE.install(language)
    you = default_seats(4)[0].name
    seats = (SeatConfig(you, True), SeatConfig("CPU 1", False), SeatConfig(you, True), SeatConfig("CPU 3", False))
    window.start_match(MatchSetup(build_rules("jamaican"), seats), 3, known_deal(3))
    idle(window)
    window.controller.autoplay(10_000)
    idle(window)
    lines = window.game.log_lines()
    assert lines is not None and len(lines) > 4
    assert any(line.startswith(person) for line in lines), lines
    assert not any(line.startswith(generic) for line in lines), lines


# ---- 5. the Spanish headlines a Caribbean player says (finding 8) ---------------------------------------------------


def test_spanish_headlines_say_who_went_out_as_a_player_says_it(qtbot: QtBot) -> None:
    LANGUAGE.install("es")
    assert headline(qtbot, "cuban", result(HandEnd.DOMINO, 0, (0, 5, 0, 7), 12, (12, 0))) == "¡Dominaste!"
    assert headline(qtbot, "cuban", result(HandEnd.DOMINO, 3, (5, 0, 7, 0), 12, (0, 12))) == "CPU 3 dominó."
    blocked = result(HandEnd.BLOCKED, 1, (21, 9, 11, 17), 1, (2, 3))
    assert headline(qtbot, "jamaican", blocked) == "CPU 1 ganó el tranque."
    assert headline(qtbot, "jamaican", result(HandEnd.BLOCKED, 0, (3, 9, 11, 17), 1, (3, 2))) == "Ganaste el tranque."
    LANGUAGE.install("en")
    assert headline(qtbot, "cuban", result(HandEnd.DOMINO, 0, (0, 5, 0, 7), 12, (12, 0))) == "You went out (domino)."


# ---- 6. no confetti over the next deal (finding 11) -----------------------------------------------------------------


def test_the_next_hand_ends_the_last_hands_celebration(qtbot: QtBot, window: MainWindow) -> None:
    played_to_a_domino(window)
    game = window.game
    qtbot.waitUntil(lambda: game.moments.item is not None, timeout=3000)
    hands = len(window.controller.match.results)
    game.hand_end.next.click()
    qtbot.waitUntil(lambda: window.controller.hand is not None and not window.controller.hand.is_over, timeout=5000)
    assert len(window.controller.match.results) == hands
    assert game.moments.item is None


def test_a_celebration_still_to_come_is_not_shown_over_the_next_deal(qtbot: QtBot, window: MainWindow) -> None:
    played_to_a_domino(window)
    game = window.game
    game.moments.clear()  # what had come already; the one still to come is made again, as at a hand's end
    last = window.controller.last_result
    assert last is not None
    game._celebrate(last)
    game.hand_end.next.click()  # before the last tile has landed
    qtbot.waitUntil(lambda: window.controller.hand is not None and not window.controller.hand.is_over, timeout=5000)
    qtbot.wait(window.look.animation_ms + 300)
    assert game.moments.item is None


# ---- 7. the match's end button named for what it does (finding 10) --------------------------------------------------


def test_the_match_ends_button_says_new_match_and_opens_the_lobby(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "jamaican", seed=3, target=1)
    window.controller.autoplay(10_000)
    idle(window)
    assert window.controller.match_over
    again = window.game.hand_end.again
    qtbot.waitUntil(window.game.hand_end.rematch.hasFocus, timeout=3000)  # the rematch first (session 25)
    assert again.isVisible() and again.text() == again.accessibleName() == "New match"
    again.click()
    assert window.stack.currentWidget() is window.lobby, "it opens the lobby: no rematch is promised"


# ---- the redeal offer (audit24 finding 16) ------------------------------------------------------------------------


def _redeal_seed() -> int:
    from dominoes_desktop.engine.decisions import DealAgain
    from dominoes_desktop.engine.match import Match

    rules = build_rules("cuban")
    for seed in range(20_000):
        match = Match(rules, seed)
        match.apply(None, DealAgain(known_deal(seed)))
        if 0 in match.redeal_seats():
            return seed
    raise AssertionError("no deal of five doubles to seat 0")


@pytest.mark.parametrize(
    ("language", "dealt", "turn"),
    [
        ("en", "You were dealt 5 or more doubles.", "Deal again?"),
        ("es", "Te tocaron 5 dobles o más.", "¿Repartir de nuevo?"),
    ],
)
def test_the_redeal_offer_speaks_to_the_one_person_and_the_turn_line_asks_it(
    window: MainWindow, language: str, dealt: str, turn: str
) -> None:
    LANGUAGE.install(language)
    seed = _redeal_seed()
    seats = tuple(default_seats(4))  # the one person, named "You" in the language in use
    window.start_match(MatchSetup(build_rules("cuban"), seats), seed, known_deal(seed))
    page = window.game
    assert page.redeal.isVisible() and window.controller.hand is None
    offer = plain(page.redeal_text.text())
    assert offer.startswith(dealt), offer
    assert page.turn.text() == turn


def test_pass_and_play_names_player_1_in_the_leader_choice_and_a_pass(qtbot: QtBot, window: MainWindow) -> None:
    """The review's probe: at a shared screen the seat the lobby left as "You" was "You leads" in the leader choice
    and "You passes" when the game passed for it, beside a plate saying "Player 1"."""
    you = default_seats(4)[0].name
    seats = (SeatConfig(you, True), SeatConfig("CPU 1", False), SeatConfig(you, True), SeatConfig("CPU 3", False))
    window.start_match(MatchSetup(build_rules("jamaican"), seats), 3, known_deal(3))
    idle(window)
    page = window.game
    said: list[str] = []
    page.happened.connect(said.append)
    page._auto_passed(0)
    assert said[-1] == "Player 1 passes" and page.table.table.float_texts[-1] == "Player 1 passes"
    page._choose_leader((0, 2))
    words = [b.text() for b in page.leader_choice.findChildren(QPushButton) if not b.isHidden()]
    assert "Player 1 leads" in words and "Player 3 leads" in words, words
    assert not any(w.startswith("You") for w in words), words
