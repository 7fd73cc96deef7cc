"""Issue 34 item 3, one click a hand: the presses a Jamaican hand takes beyond the plays, counted on the real window
from the lobby's Start, with the mouse and with the keys alone."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.decisions import ChooseLeader
from dominoes_desktop.engine.fairness import verify
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings

from .conftest import start
from .driving import POOL, hand_over, idle, my_turn, play_turn_by_clicks, play_turn_by_keys
from .test_table34 import to_a_won_hand_end

CLICKS_BEFORE = "mouse: Start + cut, then Next hand + who leads after a won hand (2, 2 or 1 beyond the plays)"


@dataclass
class Presses:
    """Presses a person made: on plays (tiles, ends, the arrows to them) and on everything else (ceremony)."""

    plays: int = 0
    ceremony: int = 0


class CountingBot:
    """A qtbot whose clicks and key presses are counted, as plays or as ceremony."""

    def __init__(self, qtbot: QtBot, presses: Presses) -> None:
        self.qtbot = qtbot
        self.presses = presses
        self.ceremony = True

    def __getattr__(self, name: str) -> object:
        return getattr(self.qtbot, name)

    def _count(self) -> None:
        if self.ceremony:
            self.presses.ceremony += 1
        else:
            self.presses.plays += 1

    def mouseClick(self, *args: object, **kwargs: object) -> None:
        self._count()
        self.qtbot.mouseClick(*args, **kwargs)  # type: ignore[arg-type]

    def keyClick(self, *args: object, **kwargs: object) -> None:
        self._count()
        self.qtbot.keyClick(*args, **kwargs)  # type: ignore[arg-type]


def _press(bot: CountingBot, widget: QWidget, by_keys: bool) -> None:
    """Press a button as the person would: a click, or (keys) Tab to it from wherever the focus is, then Enter."""
    if not by_keys:
        bot.mouseClick(widget, Qt.MouseButton.LeftButton)
        return
    for _ in range(30):
        if QApplication.focusWidget() is widget:
            break
        bot.keyClick(QApplication.focusWidget() or widget.window(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is widget, f"Tab never reaches {widget!r}"
    bot.keyClick(widget, Qt.Key.Key_Return)


def _between_hands(window: MainWindow, bot: CountingBot, by_keys: bool) -> None:
    """Whatever stands between the table and a hand in play: the sealed deck, a redeal offer, who leads."""
    game = window.game
    for _ in range(6):
        idle(window)
        if window.controller.hand is not None:
            return
        if game.cut_panel.isVisible():
            _press(bot, game.cut_panel.deck, by_keys)
        elif game.leader_choice.isVisible():
            choices = [b for b in game.leader_choice.findChildren(QPushButton) if b.isVisibleTo(game.leader_choice)]
            _press(bot, choices[0], by_keys)
        elif game.redeal.isVisible():
            no = [b for b in game.redeal.findChildren(QPushButton) if b.isVisibleTo(game.redeal)]
            _press(bot, no[-1], by_keys)
    assert window.controller.hand is not None, "the hand never started"


def _play_hand(qtbot: QtBot, window: MainWindow, bot: CountingBot, by_keys: bool) -> None:
    bot.ceremony = False
    for _ in range(60):
        idle(window)
        if hand_over(window):
            break
        if my_turn(window):
            if by_keys:
                play_turn_by_keys(bot, window)  # type: ignore[arg-type]
            else:
                play_turn_by_clicks(bot, window)  # type: ignore[arg-type]
    idle(window)
    assert hand_over(window)
    bot.ceremony = True


def count_hands(qtbot: QtBot, window: MainWindow, by_keys: bool, hands: int) -> list[Presses]:
    """From the lobby's Start, `hands` hands of Jamaican played to their end; the presses of each (a hand's
    ceremony: what starts it, Start or Next hand, and what comes before its first play)."""
    window.show_lobby()
    window.lobby.select("jamaican")
    counted: list[Presses] = []
    for index in range(hands):
        presses = Presses()
        bot = CountingBot(qtbot, presses)
        if index == 0:
            seal = window.lobby.seal_note.text()
            _press(bot, window.lobby.start, by_keys)
        else:
            seal = window.game.deal_seal.cut.seal.text()
            _press(bot, window.game.hand_end.next, by_keys)
        _between_hands(window, bot, by_keys)
        _play_hand(qtbot, window, bot, by_keys)
        counted.append(presses)
        # The press that started the hand cut the deal whose seal was shown before it: the proof holds.
        proof, rules, hand = window.controller.hand_proof(), window.controller.rules, window.controller.shown_hand()
        assert proof is not None and rules is not None and hand is not None and proof.cuts[0]
        head = " ".join(proof.fingerprint[i : i + 4] for i in range(0, 16, 4))
        assert head in seal, (head, seal)
        deal, _ = window.controller.archive[-1]
        assert verify(rules, proof, deal).ok
        if window.controller.match_over:
            break
    return counted


def test_a_jamaican_hand_takes_one_press_beyond_its_plays_with_the_mouse(qtbot: QtBot, window: MainWindow) -> None:
    """Start cuts the first deal, Next hand each next one, and with "when my side wins, I lead" (set once in the
    View menu) nothing is asked before the first play."""
    window.lead_action.trigger()
    counted = count_hands(qtbot, window, by_keys=False, hands=3)
    print("mouse", counted)
    assert all(p.ceremony == 1 for p in counted), counted


def test_a_jamaican_hand_takes_one_press_beyond_its_plays_with_the_keys(qtbot: QtBot, window: MainWindow) -> None:
    window.lead_action.trigger()
    counted = count_hands(qtbot, window, by_keys=True, hands=3)
    print("keys", counted)
    assert all(p.ceremony == 1 for p in counted), counted


def test_when_my_side_wins_i_lead_is_chosen_once_by_keys_and_kept(
    qtbot: QtBot, window: MainWindow, settings: Settings
) -> None:
    """The leader panel's third choice, reached by Tab and pressed with Enter: the person leads this hand, the
    setting is kept (QSettings), and the next won hand starts with their lead, unasked."""
    start(window, "jamaican", seed=2, target=30)  # hands after the first are dealt at random: room to win some
    game = window.game
    assert not window.lead_action.isChecked() and settings.leader_choice() == "ask"
    to_a_won_hand_end(window)
    game.hand_end.next.setFocus()
    qtbot.keyClick(game.hand_end.next, Qt.Key.Key_Return)
    idle(window)
    assert isinstance(window.controller.pending, ChooseLeader) and game.leader_choice.isVisible()
    for _ in range(2):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    always = QApplication.focusWidget()
    assert isinstance(always, QPushButton) and always.text() == "You lead, and always from now on"
    qtbot.keyClick(always, Qt.Key.Key_Return)
    idle(window)
    hand = window.controller.hand
    assert hand is not None and hand.leader == 0 and not game.leader_choice.isVisible()
    assert settings.leader_choice() == "me" and window.lead_action.isChecked()
    for _ in range(3):  # the next won hand: Next hand is all it takes
        to_a_won_hand_end(window)
        qtbot.keyClick(game.hand_end.next, Qt.Key.Key_Return)
        idle(window)
        qtbot.waitUntil(lambda: window.controller.hand is not None, timeout=3000)
        assert not game.leader_choice.isVisible()
        hand = window.controller.hand
        assert hand is not None and hand.leader == 0
    again = MainWindow(settings, pace_ms=0, threaded=False, cpu_pool=POOL)
    qtbot.addWidget(again)
    assert again.lead_action.isChecked() and again.controller.lead_when_won
    window.lead_action.trigger()  # off again: the table asks
    assert settings.leader_choice() == "ask" and not window.controller.lead_when_won
