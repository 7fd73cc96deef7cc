"""A blind player plays whole matches by ear: every key event goes to what has the keyboard focus, and every
decision is taken from what the game's announcer said (ui/shell/announce.py, the words that reach AT-SPI as
announcements) and what the focused control is called, as a screen reader gives them. Each answer heard is
checked against the table: the ends, the line, what each player is out of (never more than their passes and
draws showed), the tiles held, the tiles that fit; every move is said once, and the person's turn once.
In English and Spanish, Jamaican, Cross and All Fives, and as a guest in a room joined by an invite link.

At the end, the same game under Xvfb with Qt's AT-SPI bridge on, and a driver in Debian's own Python with
pyatspi (what Orca uses) that finds everything through the accessibility tree, listens to what the game
says, and answers with keys and actions as a blind player would. It needs the system packages
python3-pyatspi, at-spi2-core, dbus-x11 and xvfb (scripts/test.sh installs them on Debian and Ubuntu); it
is skipped, saying which is missing, only when they are absent.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.layout import Layout
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.net import invite
from dominoes_desktop.ui.play.controller import MatchSetup, SeatConfig
from dominoes_desktop.ui.play.game_page import GamePage
from dominoes_desktop.ui.play.table_questions import ends_words, fits_words, line_words
from dominoes_desktop.ui.room.net_dialogs import open_invite
from dominoes_desktop.ui.shell.announce import ANNOUNCER, SHORT_TURN_KEY
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings
from dominoes_desktop.ui.table.view import describe_tile

from .driving import POOL, idle, known_deal
from .test_network_play import open_host, take_turn

# What the player listens for, in each language (the game's own words, as a player learns them).
WORDS = {
    "en": {
        "turn": "Your turn",
        "drew": "You drew ",
        "pass": "Nothing fits: pass (P).",
        "draw": "Nothing fits: draw (D).",
        "choose": "choose an end",
        "ends": "Open ends: ",
        "line": "The line, left to right: ",
        "centre": "Centre ",
        "out": " is out of ",
        "nobody": "Nobody has shown a number they lack yet.",
        "tiles": "Tiles in hand: ",
        "for": " for ",
        "fits": "Fits: ",
        "none": "None of your tiles fits.",
        "count": "Count ",
        "score": "Score · ",
        "keys": "Keys: L the line",
        "short": "Short turn announcements.",
        "full": "Full turn announcements.",
    },
    "es": {
        "turn": "Tu turno",
        "drew": "Robaste ",
        "pass": "Ninguna ficha cabe: pasa (P).",
        "draw": "Ninguna ficha cabe: roba (D).",
        "choose": "elige una punta",
        "ends": "Puntas abiertas: ",
        "line": "La línea, de izquierda a derecha: ",
        "centre": "Centro ",
        "out": " no tiene ",
        "nobody": "Nadie ha mostrado aún un número que le falte.",
        "tiles": "Fichas en mano: ",
        "for": " para ",
        "fits": "Caben: ",
        "none": "Ninguna de tus fichas cabe.",
        "count": "Suman ",
        "score": "Marcador",
        "keys": "Teclas: L la línea",
        "short": "Avisos de turno breves.",
        "full": "Avisos de turno completos.",
    },
}
TILE = re.compile(r"(\d+)-(\d+)")


class Heard(list[str]):
    """What the announcer says (what reaches AT-SPI as announcements), in order, from one window: with a host
    and a guest in one process, each hears only their own table."""

    window: QWidget | None = None

    def take(self, source: QWidget, text: str) -> None:
        if self.window is None or source.window() is self.window:
            self.append(text)


@pytest.fixture
def heard() -> Iterator[Heard]:
    lines = Heard()
    ANNOUNCER.saidBy.connect(lines.take)
    yield lines
    ANNOUNCER.saidBy.disconnect(lines.take)
    LANGUAGE.install("en")


def tiles_in(text: str) -> list[Tile]:
    return [Tile.of(int(a), int(b)) for a, b in TILE.findall(text)]


def numbers_after(text: str, prefix: str) -> list[int]:
    """The numbers of the sentence that starts at `prefix` ("Open ends: 6 and 3." → [6, 3])."""
    at = text.index(prefix) + len(prefix)
    end = text.find(".", at)
    return [int(n) for n in re.findall(r"\d+", text[at : end if end >= 0 else None])]


class Ear:
    """The blind player at one table page: keys to the focused control, decisions from what is said."""

    def __init__(self, qtbot: QtBot, page: GamePage, heard: Heard, language: str, wait: Callable[[], None]):
        self.qtbot, self.page, self.heard, self.words = qtbot, page, heard, WORDS[language]
        self.model = page.controller
        self.wait = wait  # let the others play: the CPUs think, a sighted host clicks
        self.read = 0  # announcements listened to so far
        self.turn_said: str | None = None  # a turn announcement not yet answered
        self.turns: list[str] = []  # every turn announcement, in order
        self.answers: Counter[str] = Counter()  # questions asked, by key
        self.logs: list[str] = []  # every hand's move log, as the page wrote it at the hand's end
        self.logged: set[int] = set()
        self.short = False

    # ---- the keyboard and the ear -------------------------------------------------------------

    def focus(self) -> QWidget:
        widget = self.page.window().focusWidget()
        assert widget is not None and (widget is self.page or self.page.isAncestorOf(widget)), (
            f"the keys are on {widget!r}, off the table page: a keyboard player is stuck"
        )
        return widget

    def press(self, key: Qt.Key) -> None:
        self.qtbot.keyClick(self.focus(), key)

    def ask(self, key: Qt.Key) -> str:
        """One key, one answer: said at once, in one announcement."""
        self.listen()
        before = len(self.heard)
        self.press(key)
        assert len(self.heard) == before + 1, (chr(key), self.heard[before:])
        self.answers[chr(key)] += 1
        self.read = len(self.heard)
        return self.heard[-1]

    def listen(self) -> None:
        w = self.words
        for line in self.heard[self.read :]:
            if line.startswith(w["turn"]) or (line.startswith(w["drew"]) and w["turn"] in line):
                assert self.turn_said is None, f"the turn was said twice: {self.turn_said!r}, then {line!r}"
                self.turn_said = line
                self.turns.append(line)
        self.read = len(self.heard)

    # ---- a whole match ------------------------------------------------------------------------

    def play_match(self, seconds: float = 90.0) -> None:
        deadline = time.monotonic() + seconds
        while self.step():
            assert time.monotonic() < deadline, (
                f"the match did not end in {seconds:.0f} s; last heard: {self.heard[-5:]}"
            )

    def step(self) -> bool:
        """One thing a blind player does; False once the match is over and its score heard."""
        self.wait()
        self.listen()
        page, model = self.page, self.model
        if page.hand_end.isVisible() and model.last_result is not None:
            self.keep_log()
        if page.hand_end.isVisible() and model.match_over:
            score = self.ask(Qt.Key.Key_S)
            assert self.words["score"] in score, score
            return False
        focus = self.focus()
        if isinstance(focus, QAbstractButton) and focus.isVisible():
            # A question over the table (next hand and its cut, who leads, a claim, Muggins, a redeal): its
            # first answer has the focus, and its name is what the screen reader reads.
            assert accessible_name(focus), "a focused control has a name"
            self.press(Qt.Key.Key_Space if not focus.text() else Qt.Key.Key_Return)
            return True
        if focus is page.table and self.turn_said is not None:
            self.play_turn()

        return True

    def keep_log(self) -> None:
        number = self.model.hand_number
        if number not in self.logged:
            self.logged.add(number)
            lines = self.page.log_lines() or []
            self.logs += [line for line in lines if not line.startswith("—")]

    def play_turn(self) -> None:
        w, model, page = self.words, self.model, self.page
        said, self.turn_said = self.turn_said, None
        assert said is not None
        if model.human_turn() != page.table.bottom:
            # Nothing fitted and "Pass for me when nothing fits" (on by default) passed: said, nothing to do.
            assert said.endswith(w["pass"]) or self.short, f"{said!r} was said, but it is not the person's turn"
            return
        hand = model.shown_hand()
        assert hand is not None
        ends = sorted(hand.layout.arms[i].end for i in hand.layout.open_arms())
        legal = model.legal_moves()
        if ends and not self.short:
            assert sorted(numbers_after(said, w["ends"])) == ends, (said, ends)
        elif ends:
            assert sorted(numbers_after(said, ": ")) == ends, (said, ends)
        self.check_answers()
        if legal[0].kind is MoveKind.PASS:
            assert said.endswith(w["pass"]) or self.short, said
            self.press(Qt.Key.Key_P)
            return
        if legal[0].kind is MoveKind.DRAW:
            assert said.endswith(w["draw"]) or self.short, said
            self.press(Qt.Key.Key_D)
            return
        fits = self.ask(Qt.Key.Key_M)
        assert fits.startswith(w["fits"]) or hand.layout.pose is None, fits  # leading: "You may pose …"
        assert set(tiles_in(fits)) == {m.tile for m in legal}, (fits, legal)
        self.play_tile(tiles_in(fits)[0])

    def play_tile(self, tile: Tile) -> None:
        """Arrows along the rack, listening to each tile's name, then Enter (and Enter again on the first end
        offered when it fits two)."""
        view = self.page.table
        words = describe_tile(tile)
        for _ in range(len(self.model.rack(view.bottom)) + 1):
            description = accessible_description(view)
            if description.startswith(words + ","):
                break
            self.press(Qt.Key.Key_Right)
        else:
            raise AssertionError(f"{words!r} was never read out on the rack")
        before = len(self.heard)
        self.press(Qt.Key.Key_Return)
        if any(self.words["choose"] in line for line in self.heard[before:]):
            self.press(Qt.Key.Key_Return)
        self.read = len(self.heard)
        self.listen()

    def check_answers(self) -> None:
        """Every question asked at the person's turn, its answer checked against the table."""
        w, model, view = self.words, self.model, self.page.table
        hand = model.shown_hand()
        rules = model.rules
        assert hand is not None and rules is not None
        ends = self.ask(Qt.Key.Key_E)
        if hand.layout.pose is not None:
            assert sorted(numbers_after(ends, w["ends"])) == sorted(
                hand.layout.arms[i].end for i in hand.layout.open_arms()
            ), ends
            if rules.end_scoring.value != "none":
                assert numbers_after(ends, w["count"])[0] == hand.layout.end_total(), ends
        line = self.ask(Qt.Key.Key_L)
        placed = [p.tile for p in hand.layout.placements]
        assert Counter(tiles_in(line)) == Counter(placed), (line, placed)
        if placed and rules.layout.value == "line":
            halves = [int(n) for pair in TILE.findall(line) for n in pair]
            assert all(halves[i] == halves[i + 1] for i in range(1, len(halves) - 1, 2)), f"in order: {line}"
        elif placed:
            assert line.startswith(w["centre"]), line
        out = self.ask(Qt.Key.Key_N)
        knowledge = model.knowledge(view.bottom)
        assert knowledge is not None
        names = [seat_name(model, seat) for seat in range(rules.players)]
        for seat, void in enumerate(knowledge.voids):
            shown: set[int] = set()
            for turn in hand.history:  # never more than the seat's passes and draws showed
                if turn.seat == seat and turn.move.kind in (MoveKind.PASS, MoveKind.DRAW):
                    shown |= set(turn.stuck_on)
            if seat == view.bottom or not void:
                assert f"{names[seat]}{w['out']}" not in out, out
                continue
            sentence = next(s for s in out.split(". ") if s.startswith(names[seat] + w["out"]))
            said = set(numbers_after(sentence + ".", w["out"]))
            assert said == set(void) and said <= shown, (out, void, shown)
        if not any(v for s, v in enumerate(knowledge.voids) if s != view.bottom):
            assert out == w["nobody"], out
        counts = self.ask(Qt.Key.Key_C)
        assert counts.startswith(w["tiles"]), counts
        # Each count before its seat ("7 for you, 6 for CPU 1"), as the scores are said.
        said_counts = [
            int(re.findall(r"(\d+)" + w["for"] + re.escape(seat_name(model, seat, True)) + r"[,.]", counts)[0])
            for seat in range(rules.players)
        ]
        assert said_counts == [model.rack_size(seat) for seat in range(rules.players)], counts

    # ---- what was heard, in all -------------------------------------------------------------

    def check_transcript(self) -> None:
        """Every move said once (the move log's lines, each as often as the logs hold it), the person's turn
        said once for each of their moves, and the questions asked at every turn."""
        logged = Counter(self.logs)
        spoken = Counter(line for line in self.heard if line in logged)
        assert spoken == logged, (logged - spoken, spoken - logged)
        assert self.turns, "the person's turn was said"
        passed_for_me = QCoreApplication.translate("GamePage", "You pass")  # shown on the felt; the log says it
        assert passed_for_me not in self.heard, 'a pass made for the person is said once ("You passed")'
        assert self.answers["M"] >= 2 and all(self.answers[key] >= self.answers["M"] for key in "ELNC"), self.answers


def accessible_name(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    return interface.text(QAccessible.Text.Name)


def accessible_description(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    return interface.text(QAccessible.Text.Description)


def seat_name(model: object, seat: int, after_preposition: bool = False) -> str:
    from dominoes_desktop.ui.play.panels import shown_name

    return shown_name(model.seats[seat].name, after_preposition)  # type: ignore[attr-defined]


# ---- the answers' words, on tables laid by hand ----------------------------------------------------------------


def laid(preset: str, *plays: tuple[str, int]) -> Hand:
    """A hand of `preset` whose table holds the pose, then each (tile, arm) in turn."""
    rules = build_rules(preset)
    hand = Hand(rules, [[] for _ in range(rules.players)], [], 0)
    layout = Layout(rules.layout)
    for tile_text, arm in plays:
        a, b = (int(n) for n in tile_text.split("-"))
        tile = Tile.of(a, b)
        if layout.pose is None:
            layout.place_pose(tile, 0)
        else:
            layout.place(tile, arm, 0)
    hand.layout = layout
    return hand


def test_the_line_is_read_left_to_right_as_drawn_and_a_cross_arm_by_arm() -> None:
    line = laid("jamaican", ("6-4", -1), ("6-2", 0), ("4-1", 1), ("2-2", 0))
    assert line_words(line.layout) == "The line, left to right: 2-2, 2-6, 6-4, 4-1."
    assert ends_words(line) == "Open ends: 2 and 1"  # no count where ends score nothing
    cross = laid("cross_9", ("5-5", -1), ("5-3", 0), ("3-3", 0), ("5-1", 1))
    assert line_words(cross.layout) == (
        "Centre 5-5. Right: 5-3, 3-3, ends on 3. Left: 5-1, ends on 1. Up: empty, open on 5. "
        "Down: empty, open on 5. Branch of 3-3: empty, open on 3. Branch of 3-3: empty, open on 3."
    )
    assert ends_words(cross) == "Open ends: 5 and 5"  # the pose's arms first, as the rules say


def test_the_fives_ends_are_counted_with_their_doubles_and_each_play_says_what_it_would_score() -> None:
    posed = laid("all_fives", ("5-5", -1))
    assert ends_words(posed) == "Open ends: 5 and 5. Count 10: scores 10."  # a double posed alone counts once
    hand = laid("all_fives", ("5-5", -1), ("5-0", 0))
    assert ends_words(hand) == "Open ends: 0 and double 5. Count 10: scores 10."
    rack = [Tile.of(0, 0), Tile.of(5, 2), Tile.of(6, 1)]
    assert fits_words(hand, rack) == "Fits: 0-0 on 0, scoring 10; 5-2 on double 5."
    assert fits_words(hand, [Tile.of(6, 1)]) == "None of your tiles fits."
    threes = laid("fives_threes", ("6-3", -1))
    assert ends_words(threes) == "Open ends: 6 and 3. Count 9: scores 9."


def test_in_pass_and_play_each_person_hears_their_turn_once_their_tiles_are_shown(
    qtbot: QtBot, tmp_path: Path, heard: Heard
) -> None:
    window = MainWindow(Settings(open_settings(tmp_path / "config")), pace_ms=0, threaded=False, cpu_pool=POOL)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    seats = (SeatConfig("Ana", True), SeatConfig("CPU 1", False), SeatConfig("Beto", True), SeatConfig("CPU 3", False))
    window.start_match(MatchSetup(build_rules("jamaican"), seats), 8, known_deal(8))
    idle(window)
    page = window.game
    names = [line for line in heard if ", your turn" in line]
    assert page.curtain.isVisible() and not names, "nothing of a turn is said while the rack is hidden"
    person = window.controller.human_turn()
    assert person is not None
    # The curtain's button is found and pressed through its accessible action, as a screen reader's object
    # navigation does (the keys stay on the hidden rack as the hand starts: the curtain is not focused).
    button = QAccessible.queryAccessibleInterface(page.curtain_button)
    assert button is not None and button.text(QAccessible.Text.Name).startswith("Show ")
    action = button.actionInterface()
    assert action is not None
    action.doAction(action.pressAction())
    qtbot.waitUntil(lambda: not page.curtain.isVisible(), timeout=3000)  # (the press is animated)
    name = window.controller.seats[person].name
    said = [line for line in heard if line.startswith(f"{name}, your turn")]
    assert len(said) == 1 and ("Open ends: " in said[0] or ": you lead." in said[0]), (heard[-5:], window.focusWidget())


def play_alone(qtbot: QtBot, tmp_path: Path, heard: Heard, language: str, preset: str, seed: int,
               **options: object) -> tuple[MainWindow, Ear]:  # fmt: skip
    """You and CPUs (easy: they answer at once) in `language`, the first deal known from `seed`; the whole
    match played by ear."""
    window = MainWindow(Settings(open_settings(tmp_path / "config")), pace_ms=0, threaded=False, cpu_pool=POOL)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.set_language(language)
    window.quick_start(build_rules(preset, dict(options)), "easy", seed, known_deal(seed))
    ear = Ear(qtbot, window.game, heard, language, lambda: idle(window))
    ear.play_match()
    ear.check_transcript()
    return window, ear


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_blind_player_plays_a_jamaican_match_by_ear(
    qtbot: QtBot, tmp_path: Path, heard: Heard, language: str
) -> None:
    window, ear = play_alone(qtbot, tmp_path, heard, language, "jamaican", seed=8, target=2)
    w = ear.words
    assert window.controller.match_over and len(ear.logged) >= 2, "the match went on past its first hand"
    assert all(turn.startswith(w["turn"]) for turn in ear.turns)
    assert any(w["ends"] in turn for turn in ear.turns)
    # The hand-end sheet is read whole: every rack's pips.
    assert any(re.search(r"\d+ (pips?|tantos?)\.", line) for line in heard), heard[-10:]
    window.close()


def test_a_cross_game_is_heard_arm_by_arm_and_the_turn_can_be_said_short(
    qtbot: QtBot, tmp_path: Path, heard: Heard
) -> None:
    """In Spanish: the cross's centre and arms, and V makes the turn its ends alone, kept in the settings."""
    window = MainWindow(Settings(open_settings(tmp_path / "config")), pace_ms=0, threaded=False, cpu_pool=POOL)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.set_language("es")
    window.quick_start(build_rules("cross", {"single_round": True}), "easy", 4, known_deal(4))
    ear = Ear(qtbot, window.game, heard, "es", lambda: idle(window))
    ear.wait()
    window.game.table.setFocus()
    assert ear.ask(Qt.Key.Key_K).startswith(WORDS["es"]["keys"])
    assert ear.ask(Qt.Key.Key_V) == WORDS["es"]["short"]
    ear.short = True
    assert window.settings.store.value(SHORT_TURN_KEY, False, type=bool) is True
    ear.play_match()
    ear.check_transcript()
    short = [turn for turn in ear.turns if WORDS["es"]["ends"] not in turn]
    assert short and all(
        re.fullmatch(r"(Robaste .+\. )?Tu turno: [\d, doble]+\.( Pasa\.| Roba\.)?", t) for t in short
    ), short
    arms = [line for line in heard if line.startswith("Centro ")]
    assert arms and any(re.search(r"(Derecha|Izquierda|Arriba|Abajo): \d+-\d+", line) for line in arms), arms
    mine = window.game.table.bottom
    drew = sum(
        t.move.kind is MoveKind.DRAW and t.seat == mine for _, hand in window.controller.archive for t in hand.history
    )
    assert sum(turn.startswith("Robaste ") for turn in ear.turns) == drew, (drew, ear.turns)  # the tile drawn, said
    # The setting is read back by the next window, and V turns it off again.
    again = MainWindow(Settings(open_settings(tmp_path / "config")), pace_ms=0, threaded=False, cpu_pool=POOL)
    qtbot.addWidget(again)
    again.show()
    window.close()
    assert again.game is not None and again.voice.short  # the table's voice reads it as it is made
    again.stack.setCurrentWidget(again.game)  # the table shown (no match: its keys still answer)
    again.activateWindow()
    qtbot.waitUntil(again.isActiveWindow, timeout=5000)
    again.game.table.setFocus()
    qtbot.keyClick(again.game.table, Qt.Key.Key_V)
    assert heard[-1] == WORDS["es"]["full"] and not again.voice.short
    assert Settings(open_settings(tmp_path / "config")).store.value(SHORT_TURN_KEY, True, type=bool) is False
    again.close()


def test_all_fives_is_heard_with_its_count_its_claims_and_what_each_play_would_score(
    qtbot: QtBot, tmp_path: Path, heard: Heard
) -> None:
    window, ear = play_alone(qtbot, tmp_path, heard, "en", "all_fives", seed=5, single_round=True)
    assert ear.answers["E"] >= 2
    counts = [line for line in heard if line.startswith("Open ends: ") and "Count " in line]
    assert counts and all(re.search(r"Count \d+: scores (nothing|\d+)\.$", line) for line in counts), counts
    assert any(re.fullmatch(r"(You|CPU \d) claimed \d+", line) for line in heard), "claims are said"
    window.close()


def test_a_guest_in_a_room_joined_by_invite_link_plays_by_ear(qtbot: QtBot, heard: Heard) -> None:
    """In Spanish: Ben joins Ana's room from her invite link and plays by ear while Ana, sighted, clicks."""
    LANGUAGE.install("es")
    host, _ = open_host(qtbot, {"single_round": True})
    try:
        ana = host.window
        link = ana.invite_text().replace(ana.address.split(":")[0], "127.0.0.1")
        ben = open_invite(None, invite.parse(link), "Ben")
        qtbot.addWidget(ben)
        heard.window = ben
        qtbot.waitUntil(lambda: ben.seat == 1, timeout=15000)
        ana.start_button.click()
        ben.activateWindow()
        qtbot.waitUntil(ben.isActiveWindow, timeout=5000)

        def others() -> None:  # Ana, sighted, clicks what her table offers; the CPUs play in the room
            qtbot.wait(5)
            take_turn(qtbot, ana)

        ear = Ear(qtbot, ben.page, heard, "es", others)
        ear.play_match()
        ear.check_transcript()
        assert ben.controller.match_over
        assert any(line.startswith("Ana ") for line in ear.logs), "the host's moves are said to the guest"
    finally:
        host.stop()


DRIVER = Path(__file__).with_name("screen_reader_driver.py")
SYSTEM_PYTHON = "/usr/bin/python3"
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"


def missing_system_packages() -> list[str]:
    missing = []
    if shutil.which("Xvfb") is None:
        missing.append("xvfb")
    if shutil.which("dbus-launch") is None:
        missing.append("dbus-x11")
    if not Path(BUS_LAUNCHER).exists():
        missing.append("at-spi2-core")
    if (
        not Path(SYSTEM_PYTHON).exists()
        or subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, timeout=60).returncode != 0
    ):
        missing.append("python3-pyatspi")
    return missing


def stop(process: subprocess.Popen[bytes] | subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[dict[str, str]]:
    """An X display, a session bus and the accessibility bus on it: the environment a screen reader meets."""
    missing = missing_system_packages()
    if missing:
        pytest.skip(
            "the screen-reader test needs the system packages "
            + ", ".join(missing)
            + " (scripts/test.sh installs them)"
        )
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    started: list[int] = []
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number.isdigit(), "Xvfb did not start"
        env = dict(os.environ, DISPLAY=f":{number}", HOME=str(tmp_path), XDG_RUNTIME_DIR=str(runtime))
        env.pop("WAYLAND_DISPLAY", None)
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        bus = subprocess.run(["dbus-launch", "--sh-syntax"], env=env, capture_output=True, text=True, check=True)
        for line in bus.stdout.splitlines():
            key, _, value = line.partition("=")
            if key in ("DBUS_SESSION_BUS_ADDRESS", "DBUS_SESSION_BUS_PID"):
                env[key] = value.rstrip(";").strip("'")
        started.append(int(env["DBUS_SESSION_BUS_PID"]))
        launcher = subprocess.Popen([BUS_LAUNCHER, "--launch-immediately"], env=env, stderr=subprocess.DEVNULL)
        time.sleep(1)
        yield env
        stop(launcher)
    finally:
        for pid in started:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        stop(xvfb)


def run_match(env: dict[str, str], config: Path, mode: str = "play") -> dict[str, object]:
    config.mkdir(parents=True, exist_ok=True)
    # A screen reader's player's saved view: no motion, CPUs at the quick pace.
    (config / "settings.ini").write_text("[view]\nmotion=reduced\nspeed=fast\nlanguage=en\n")
    game_env = dict(env, QT_QPA_PLATFORM="xcb", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
    game = subprocess.Popen(
        [sys.executable, "-m", "dominoes_desktop", "--config", str(config)],
        env=game_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        driver = subprocess.run(
            [SYSTEM_PYTHON, str(DRIVER), mode], env=env, capture_output=True, text=True, timeout=400
        )
    finally:
        stop(game)
    assert driver.returncode == 0, driver.stderr[-3000:]
    return json.loads(driver.stdout)


def test_a_screen_reader_plays_a_whole_match(desktop: dict[str, str], tmp_path: Path) -> None:
    """Jamaican partners to two hands, played by keys and button actions found through AT-SPI alone; what the
    player heard is kept in transcript.json beside the test's files."""
    out = run_match(desktop, tmp_path / "data")
    (tmp_path / "transcript.json").write_text(json.dumps(out, indent=1))
    heard: list[str] = out["heard"]  # type: ignore[assignment]
    done: list[str] = out["done"]  # type: ignore[assignment]
    seen: dict[str, list[str]] = out["seen"]  # type: ignore[assignment]
    said = [line.removeprefix("announce: ") for line in heard if line.startswith("announce: ")]
    assert out["problem"] == "", out["problem"]
    assert out["hands"] >= 2, "the match went on past its first hand"
    assert seen["unnamed controls"] == [], "every control on the lobby, the table and the sheets has a name"
    # The sealed deal: announced whole, four groups of the fingerprint; its panel and deck in the tree.
    assert any(re.search(r"Deal sealed: ([0-9a-f]{4} ){4}…", line) for line in said), said[:3]
    # Issue 34: Start cuts the first deal (its seal said above); the deck is shown for a redeal, if one comes.
    if "cut panel" in seen:
        assert "push button: Cut the deck" in seen["cut panel"]
    # Who leads, when the person's side won a hand: the panel found by its name, its answers inside it.
    if "leader choice" in seen:
        assert "push button: You lead" in seen["leader choice"], seen["leader choice"]
    # Whose turn, the rack tile by tile, the ends and the score on request, the others' tiles, passes.
    assert any(line.startswith("Your turn") for line in said), "the turn is said as it comes"
    assert any(re.fullmatch(r"focus: Domino table \| [a-z]+ [a-z]+, playable", line) for line in heard)
    assert any(re.fullmatch(r"Open ends: \d+ and \d+", line) for line in said), "E speaks the open ends"
    assert sum(line.startswith("Score · ") for line in said) >= 2, "S speaks the score, at the start and the end"
    # C, pressed at the person's first turn: every player's tiles, as many as the plays heard so far leave them
    # (the 6-6 leads the first hand, so the CPUs before the person may have played already; nobody draws).
    asked = [i for i, line in enumerate(said) if line.startswith("Tiles in hand: ")]
    assert asked, "C speaks every player's tiles"
    counts = re.fullmatch(
        r"Tiles in hand: (\d+) for you, (\d+) for CPU 1, (\d+) for CPU 2, (\d+) for CPU 3\.", said[asked[0]]
    )
    assert counts is not None, f"C speaks every player's tiles: {said[asked[0]]!r}"
    before = said[: asked[0]]
    players = ("You", "CPU 1", "CPU 2", "CPU 3")
    expected = tuple(str(7 - sum(line.startswith(f"{who} played ") for line in before)) for who in players)
    assert counts.groups() == expected, (said[asked[0]], before)
    # One key per question: the line in order, what each player is out of, the tiles of mine that fit.
    assert any(line.startswith("The line, left to right: ") for line in said), "L speaks the line"
    assert any(" is out of " in line or line.startswith("Nobody has shown") for line in said), "N speaks the voids"
    assert any(line.startswith(("Fits: ", "You may pose", "None of your tiles")) for line in said), "M: what fits"
    assert any(line.endswith(" passed") for line in said)
    plays = [entry.split("(play ")[1].rstrip(")") for entry in done if "(play " in entry]
    assert len(plays) >= 4 and sum(line.startswith("You played ") for line in said) == len(plays)
    # The hand-end sheet: its whole text spoken and in the tree with its buttons.
    first = seen["hand-end sheet 1"]
    assert "push button: Next hand" in first and "push button: Review the hand" in first
    assert any("pips" in text for text in first if text.startswith("label: "))
    assert any(re.search(r"\d+ pips?\.", line) for line in said), "the sheet's pip table is spoken"
    last = seen[f"hand-end sheet {out['hands']}"]
    assert "push button: New match" in last and "push button: Next hand" not in last
    assert any(line.startswith("Match over.") for line in said)
