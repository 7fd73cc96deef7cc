"""What the session-23 look at the running game (under Xvfb, at 1024x700 and 1920x1080, English and Spanish) found
wrong and mended, each checked on the real widgets."""

from __future__ import annotations

import socket

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QFormLayout, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import ClaimWindow, MatchOver
from dominoes_desktop.engine.duplicate import DuplicateMatch
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.net import codec
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.ui.look.grows import FRAME_ROOM
from dominoes_desktop.ui.play.controller import default_seats
from dominoes_desktop.ui.play.duplicate_sheet import DuplicateResults
from dominoes_desktop.ui.room.net_dialogs import JoinDialog
from dominoes_desktop.ui.room.room_window import RoomWindow
from dominoes_desktop.ui.shell.i18n import LANGUAGE, translate
from dominoes_desktop.ui.shell.main_window import MainWindow

from ..engine.test_duplicate import play_through
from .conftest import start
from .driving import finish_hand_by_keys, reviewed_hand
from .test_grows_with_the_window import at_size
from .test_network_play import free_udp_port
from .test_room_table import offline_ben, room

SMALL_SCREEN = QRect(0, 0, 1024, 700)  # a 1024x700 laptop's free area


class SmallScreen:
    """The screen a window reports: only its free area is read (look/grows.opening_size)."""

    def availableGeometry(self) -> QRect:  # Qt's name
        return SMALL_SCREEN


def test_the_hand_review_fits_a_1024x700_screen_with_its_title_bar(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a 1024x700 screen the review opened 1000x700 below its title bar: its row of buttons (First ... Coach) lay
    under the screen's bottom edge (seen at Xvfb 1024x700, Spanish). It now opens within the screen's free area,
    its title bar included, every button whole inside it."""
    monkeypatch.setattr(MainWindow, "screen", lambda _self: SmallScreen())
    at_size(qtbot, window, (SMALL_SCREEN.width(), SMALL_SCREEN.height() - FRAME_ROOM // 2))
    start(window)
    finish_hand_by_keys(qtbot, window)
    review = reviewed_hand(qtbot, window)
    assert review.height() + FRAME_ROOM <= SMALL_SCREEN.height(), review.size()
    buttons = [b for b in review.findChildren(QPushButton) if b.isVisible()]
    assert len(buttons) >= 6, [b.text() for b in buttons]
    for button in buttons:
        place = QRect(button.mapTo(review, button.rect().topLeft()), button.size())
        assert review.rect().contains(place), (button.text(), place, review.size())
    # The board still has the room between the hand list and the buttons.
    assert review.view.viewport().height() >= SMALL_SCREEN.height() // 2, review.view.viewport().size()


def finished_duplicate_with_a_loss() -> DuplicateMatch:
    """A Jamaican duplicate match of two deals, played through by CPUs, in which the person's side scored
    less than the CPUs on some deal (the first such sealing found): the person a random player."""
    rules = build_rules("jamaican")
    for sealing in range(60):
        duplicate = DuplicateMatch.create(rules, 2, sealing, sealed_by=sealing)
        play_through(duplicate, level="easy", seed=sealing, person="random")
        if any(deal.complete and deal.margin < 0 for deal in duplicate.summary().deals):
            return duplicate
    raise AssertionError("no sealing gave a deal lost against the CPUs")


def test_the_duplicate_results_write_a_lost_margin_with_a_minus_sign(qtbot: QtBot) -> None:
    """The results sheet's Difference column wrote a deal lost against the CPUs as "-2", a hyphen, where the
    hand-end sheet and the statistics write "\N{MINUS SIGN}0.5" (seen at 1024x700, English and Spanish)."""
    duplicate = finished_duplicate_with_a_loss()
    sheet = DuplicateResults(duplicate, default_seats(duplicate.rules.players), None)
    qtbot.addWidget(sheet)
    sheet.show()
    qtbot.waitExposed(sheet)
    table = sheet.table
    margins = [table.item(row, table.columnCount() - 1) for row in range(table.rowCount())]
    shown = [item.text() for item in margins if item is not None]
    lost = [deal.margin for deal in duplicate.summary().deals if deal.complete and deal.margin < 0]
    assert lost and len(shown) == table.rowCount(), shown
    assert not any("-" in text for text in shown), shown
    assert sum(text.startswith("\N{MINUS SIGN}") for text in shown) >= len(lost), (shown, lost)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_join_dialog_s_labels_stand_level_with_their_fields(
    qtbot: QtBot, window: MainWindow, language: str
) -> None:
    """The Join dialog's "Invite link:" and "Your name:" sat about 5 px above their fields' words (the labels at
    the top of rows as tall as their fields; seen at 1024x700 in Spanish), as the lobby's and Your view's did."""
    window.set_language(language)
    at_size(qtbot, window, (1024, 700))
    dialog = JoinDialog(window, discovery_port=free_udp_port(), name="Ana")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    form = dialog.form
    levelled = 0
    for row in range(form.rowCount()):
        label_item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
        field_item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
        label = label_item.widget() if label_item is not None else None
        field = field_item.widget() if field_item is not None else None
        if not isinstance(label, QLabel) or not label.text() or field is None or not field.isVisible():
            continue
        label_middle = label.mapTo(dialog, label.rect().center()).y()
        field_middle = field.mapTo(dialog, field.rect().center()).y()
        assert abs(label_middle - field_middle) <= 1, (label.text(), label_middle, field_middle)
        assert label.buddy() is field, label.text()
        levelled += 1
    assert levelled == 2
    dialog.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_room_s_seat_list_names_a_host_called_host_once(qtbot: QtBot, language: str) -> None:
    """A host left with the default name read "Seat 1 · Host · host" ("Asiento 1 · Anfitrión · anfitrión") in the
    room's Players and talk tab (seen at 1024x700 and 1920x1080): the line now says they are here. A host with a
    name of their own keeps the word "host"."""
    LANGUAGE.install(language)
    window, _sent = offline_ben(qtbot)
    default = room()
    default["seats"][0]["name"] = translate("NetDialogs", "Host")
    window.controller.receive(default)
    lines = [window.seats.item(row).text() for row in range(window.seats.count())]
    first = lines[0].casefold()
    host = translate("NetDialogs", "Host").casefold()
    assert first.count(host) == 1, lines
    assert translate("RoomWindow", "here").casefold() in first, lines
    named = room()
    named["seats"][0]["name"] = "Ana"
    window.controller.receive(named)
    assert translate("RoomWindow", "host") in window.seats.item(0).text(), window.seats.item(0).text()


def all_fives_at_a_claim_of_seat_1() -> tuple[Match, ClaimWindow]:
    """An All Fives match played by random CPUs up to a play of seat 1 (Ben's) that scored: its claim waits."""
    rules = build_rules("all_fives")
    for seed in range(40):
        table = CpuTable(rules, [make_player("random", seed + s) for s in range(rules.players)], seed)
        for _ in range(200):
            pending = table.match.pending()
            if isinstance(pending, ClaimWindow) and pending.seat == 1 and pending.points > 0:
                return table.match, pending
            if isinstance(pending, MatchOver):
                break
            table.step()
    raise AssertionError("no seed brought a claim to seat 1")


def room_at_a_claim(qtbot: QtBot) -> tuple[RoomWindow, ClaimWindow]:
    """Ben's room window at 1024x700 (its connection going nowhere), offered the claim of an All Fives play."""
    match, claim = all_fives_at_a_claim_of_seat_1()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    window = RoomWindow("127.0.0.1", port, {"t": "join", "code": "ABC-123", "name": "Ben"}, auto_cut=False)
    qtbot.addWidget(window)
    window.controller.send = lambda _message: None  # type: ignore[method-assign]
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    window.controller.receive({"t": "joined", "code": "ABC-123", "seat": 1, "token": "t"})
    seats = room()
    seats["preset"] = "all_fives"
    window.controller.receive(seats)
    request = PlayerView.of(match, 1).to_request("all_fives", {})
    asked = {"t": "view", "d": 1, "decision": "claim", "legal": codec.legal(claim, 1), "view": request}
    window.controller.receive(asked)
    qtbot.waitUntil(window.page.claim_box.isVisible, timeout=2000)
    return window, claim


def test_a_room_s_claim_says_the_points_the_play_scored(qtbot: QtBot) -> None:
    """In an All Fives room the claim box said "Your play scored 0" and "Claim 0" (seen at 1024x700, Spanish
    "Reclamar 0"): a play that scores leaves its points unclaimed, so the move's gains were 0. The box now says
    the points the play left to claim, as the engine's own table says them."""
    window, claim = room_at_a_claim(qtbot)
    page = window.page
    assert page.claim_button.text() == translate("GamePage", "Claim {points}").format(points=claim.points)
    assert f" {claim.points}." in page.claim_text.text(), page.claim_text.text()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_room_window_keeps_its_size_when_the_claim_box_shows(qtbot: QtBot, language: str) -> None:
    """The room window grew from 1024x700 to 1024x763 as the claim box showed (the side panel's least height grew
    with it, and the window's): on a 768-high laptop its rack went under the screen's edge. It keeps its size; its
    rack, the claim's buttons and Rules stay inside it."""
    LANGUAGE.install(language)
    window, _claim = room_at_a_claim(qtbot)
    page = window.page
    for layout in (page.side.layout(), window.layout()):  # laid out now, while the claim waits
        assert layout is not None
        layout.activate()
    assert (window.width(), window.height()) == (1024, 700)
    rack = page.table.table.items_for_rack()
    assert rack
    for item in rack:
        corner = page.table.mapTo(window, page.table.mapFromScene(item.sceneBoundingRect().bottomRight()))
        assert window.rect().contains(corner), corner
    for widget in (page.claim_button, page.play_on_button, page.rules_button):
        assert widget.isVisible(), widget.text()
        corner = widget.mapTo(window, widget.rect().bottomRight())
        assert window.rect().contains(corner), (widget.text(), corner)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_friend_s_seat_a_cpu_plays_is_named_as_that_cpu(qtbot: QtBot, language: str) -> None:
    """A room started before a friend came: a CPU played their seat, named "(waiting)" all the hand ("Dominó:
    (esperando).", "20 puntos para (esperando)." on the hand-end sheet, "(esperando) (compañero)" on its plate;
    seen at 1024x700). It is named as the lobby names that CPU; a seat still waiting before the start says so."""
    LANGUAGE.install(language)
    window, _sent = offline_ben(qtbot)
    waiting = translate("RoomWindow", "Open seat")
    lobby = room("lobby")
    lobby["seats"][2] = {"seat": 2, "name": "", "kind": "friend", "cpu": False, "connected": False}
    window.controller.receive(lobby)
    assert window.controller.names[2] == waiting
    playing = room("playing")
    playing["seats"][2] = {"seat": 2, "name": "", "kind": "friend", "cpu": True, "connected": False}
    window.controller.receive(playing)
    assert window.controller.names[2] == translate("RoomWindow", "CPU {n}").format(n=2)
    assert all(waiting not in name for name in window.controller.names), window.controller.names
