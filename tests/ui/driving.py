"""Helpers that play the bottom seat the way a person does: clicks and keys on the real view."""

from __future__ import annotations

import hashlib
import itertools
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QEventLoop, QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import ClaimWindow, MugginsWindow
from dominoes_desktop.engine.fairness import SALT_BYTES, FairDeal, fingerprint
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_pool import CpuPool
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play import controller as play_controller
from dominoes_desktop.ui.play.controller import SeatConfig
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings
from dominoes_desktop.ui.table.tile_item import TileItem


def view_point(window: MainWindow, item: TileItem | object) -> QPoint:
    view = window.game.table
    return view.mapFromScene(item.sceneBoundingRect().center())  # type: ignore[attr-defined]


def click_item(qtbot: QtBot, window: MainWindow, item: object) -> None:
    qtbot.mouseClick(window.game.table.viewport(), Qt.MouseButton.LeftButton, pos=view_point(window, item))


def my_turn(window: MainWindow) -> bool:
    return window.controller.human_turn() == window.game.table.bottom


def hand_over(window: MainWindow) -> bool:
    hand = window.controller.hand
    return hand is None or hand.is_over


def settle(qtbot: QtBot, window: MainWindow) -> None:
    """Wait for flying tiles to land, as a person would before clicking."""
    qtbot.waitUntil(lambda: not window.game.table.table.animating, timeout=5000)


def settle_decisions(qtbot: QtBot, window: MainWindow) -> None:
    """Claim points offered to us and call Muggins when offered, by clicking the side panel."""
    page = window.game
    for _ in range(10):
        waiting = window.controller.waiting
        if waiting is None:
            return
        if isinstance(waiting, ClaimWindow):
            qtbot.mouseClick(page.claim_button, Qt.MouseButton.LeftButton)
        elif isinstance(waiting, MugginsWindow):
            first = page.muggins_buttons.itemAt(0)
            assert first is not None and first.widget() is not None
            qtbot.mouseClick(first.widget(), Qt.MouseButton.LeftButton)
        else:
            return


def _turn_handled(qtbot: QtBot, window: MainWindow, draw_by_key: bool) -> bool:
    """What every turn starts with: let tiles land, answer claims, and pass or draw when that is all there is.
    True when nothing is left to do this turn."""
    idle(window)
    settle(qtbot, window)
    settle_decisions(qtbot, window)
    if hand_over(window) or not my_turn(window):
        return True
    view = window.game.table
    kind = window.controller.legal_moves()[0].kind
    if kind is MoveKind.PASS:
        qtbot.keyClick(view, Qt.Key.Key_P)
    elif kind is MoveKind.DRAW and draw_by_key:
        qtbot.keyClick(view, Qt.Key.Key_D)
    elif kind is MoveKind.DRAW:
        qtbot.mouseClick(window.game.draw_button, Qt.MouseButton.LeftButton)
    return kind is not MoveKind.PLAY


def play_turn_by_clicks(qtbot: QtBot, window: MainWindow) -> None:
    """Click the first playable tile (and its first end if asked); press P or D when stuck."""
    if _turn_handled(qtbot, window, draw_by_key=False):
        return
    view = window.game.table
    legal = [item for item in view.table.items_for_rack() if item.legal]
    assert legal, "the view highlights the playable tiles"
    click_item(qtbot, window, legal[0])
    settle(qtbot, window)
    if view.table.markers:
        click_item(qtbot, window, view.table.markers[0])


def play_turn_by_keys(qtbot: QtBot, window: MainWindow) -> None:
    """Arrow to the first playable tile and press Enter (Enter again for the end); P or D when stuck."""
    if _turn_handled(qtbot, window, draw_by_key=True):
        return
    view = window.game.table
    rack = view.table.items_for_rack()
    target = next(i for i, item in enumerate(rack) if item.legal)
    while view.focus_index != target:
        qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    if view.choosing is not None:
        qtbot.keyClick(view, Qt.Key.Key_Return)


def finish_hand_by_keys(qtbot: QtBot, window: MainWindow) -> None:
    """Play the person's turns by keys until the hand is over and its end sheet shows."""
    for _ in range(80):
        if hand_over(window):
            break
        play_turn_by_keys(qtbot, window)
    qtbot.waitUntil(lambda: window.game.hand_end.isVisible(), timeout=10_000)


def reviewed_hand(qtbot: QtBot, window: MainWindow) -> ReviewDialog:
    """The hand just finished (finish_hand_by_keys), opened in the hand review."""
    match = window.controller.match
    assert match is not None
    review = ReviewDialog(match, window.controller.seats, window.look, window)
    qtbot.addWidget(review)
    review.show()
    qtbot.waitExposed(review)
    return review


def play_to_a_choice_of_tiles(qtbot: QtBot, window: MainWindow, turns: int = 6) -> None:
    """Play the person's turns by keys until one has more than one tile that fits (within `turns` turns)."""
    for _ in range(turns):
        idle(window)
        if my_turn(window) and len({m.tile for m in window.controller.legal_moves()}) > 1:
            break
        play_turn_by_keys(qtbot, window)
    assert my_turn(window)


POOL = CpuPool(workers=1)  # the CPUs of every test window think in one worker process


def make_window(qtbot: QtBot, folder: Path) -> MainWindow:
    """A game window keeping its settings, saves and statistics in `folder`, its CPUs thinking in the pool."""
    window = MainWindow(Settings(open_settings(folder)), pace_ms=0, threaded=False, data_dir=folder, cpu_pool=POOL)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def _known_secret(seed: int) -> tuple[int, bytes]:
    secret = hashlib.sha256(f"a known deal|{seed}".encode()).digest()
    return int.from_bytes(secret[:6], "big"), secret[16 : 16 + SALT_BYTES]


def known_deals_from(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """From now on every deal is sealed from known secrets (`seed`, `seed` + 1, ...) and every cut is the same
    bytes: a match's later hands, sealed and cut as always, deal the same tiles every run."""
    seeds = itertools.count(seed)

    def commit() -> FairDeal:
        deal_seed, salt = _known_secret(next(seeds))
        return FairDeal(deal_seed, salt, fingerprint(deal_seed, salt))

    monkeypatch.setattr(FairDeal, "commit", staticmethod(commit))
    monkeypatch.setattr(play_controller, "cut_from_gesture", lambda *gesture: b"test cut")


def known_deal(seed: int) -> FairDeal:
    """A fair deal made from `seed` alone, cut: a match started with it as its first deal (`DealAgain`) deals
    the same tiles every time (later deals are sealed and cut as always)."""
    deal_seed, salt = _known_secret(seed)
    return FairDeal(deal_seed, salt, fingerprint(deal_seed, salt)).with_cut(b"test")


def idle(window: MainWindow, timeout_s: float = 20.0) -> None:
    """Let the CPUs play (they think in the CPU pool) until the table waits for a person, or the deck."""
    deadline = time.monotonic() + timeout_s
    while window.controller.thinking is not None:
        assert time.monotonic() < deadline, "the CPUs did not answer in time"
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.001)
    QApplication.processEvents()


def cut_the_deck(qtbot: QtBot, window: MainWindow) -> None:
    """Cut the sealed deal on the table as a person does (Space on the deck); then let the CPUs play."""
    deck = window.game.cut_panel.deck
    assert window.game.cut_panel.isVisible(), "the sealed deck waits for the cut"
    qtbot.keyClick(deck, Qt.Key.Key_Space)
    idle(window)


def review_of_two_cpu_hands(qtbot: QtBot, preset: str) -> tuple[ReviewDialog, Match]:
    """The hand review of two hands of `preset` played by Medium CPUs (deals 7 and 8), seat 0 named "You"."""
    rules = build_rules(preset)
    table = CpuTable(rules, [make_player("medium", 7 + s) for s in range(rules.players)], 7)
    for hand in range(2):
        table.play_hand(deal_seed=7 + hand)
    seats = [SeatConfig("You", True)] + [SeatConfig(f"CPU {s}", False) for s in range(1, rules.players)]
    review = ReviewDialog(table.match, seats, Look())
    qtbot.addWidget(review)
    return review, table.match
