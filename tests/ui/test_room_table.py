"""What a room's seat sees on the table, from its view (a bot-protocol request) and the public moves alone."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.room.room_table import (
    RoomSeat,
    RoomTableView,
    follow_move,
    player_view,
    room_table_state,
)
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.table.drawn import Showing, most_held_from

NAMES = ["Ana", "Ben", "CPU 3", "CPU 4"]


@pytest.fixture(autouse=True)
def english(qtbot: QtBot) -> Iterator[None]:
    LANGUAGE.install("en")  # the pip notes are read in English (plural forms come from the translation)
    yield


def request() -> dict[str, Any]:
    """Seat 1 (Ben) to play in a Puerto Rican hand: open ends 3 and 2; seat 2 has passed."""
    return {
        "preset": "puerto_rican", "options": {}, "hand_index": 1, "seat": 1, "leader": 0,
        "hand": ["4-4", "3-1", "2-0", "5-5", "1-1", "5-0"],
        "moves": [{"seat": 0, "move": "6-6"}, {"seat": 1, "move": "6-4@6"}, {"seat": 2, "move": "pass"},
                  {"seat": 3, "move": "6-2@6"}, {"seat": 0, "move": "4-3@4"}],
        "scores": [10, 20], "hand_sizes": [5, 6, 7, 6], "stock": 0,
    }  # fmt: skip


def test_the_seat_sees_its_own_rack_the_others_backs_the_layout_and_whose_turn() -> None:
    state = room_table_state(request(), NAMES, Showing(0), ["3-1@3", "2-0@2"])
    assert state.bottom == 1  # the seat the view is for is drawn at the bottom, whatever `Showing` said
    assert state.layout is not None
    assert [p.tile for p in state.layout.placements] == [Tile(6, 6), Tile(6, 4), Tile(6, 2), Tile(4, 3)]
    assert state.layout.open_ends() == [3, 2]
    assert [s.name for s in state.seats] == NAMES
    assert [s.count for s in state.seats] == [5, 6, 7, 6]
    assert state.seats[1].tiles == tuple(Tile.parse(t) for t in request()["hand"])
    assert [s.tiles for s in state.seats if s is not state.seats[1]] == [(), (), ()]  # no other tile, ever
    assert [s.to_play for s in state.seats] == [False, True, False, False]
    assert [s.passed for s in state.seats] == [False, False, True, False]
    assert [s.partner for s in state.seats] == [False, False, False, True]  # seats 1 and 3 are a side
    assert state.legal == {Tile(3, 1), Tile(2, 0)}
    assert state.newest == Tile(4, 3) and state.stock == 0
    assert [s.most for s in state.seats] == [7, 7, 7, 7]  # each held seven at the deal


def test_only_the_room_s_offered_plays_are_raised() -> None:
    assert room_table_state(request(), NAMES, Showing(1), []).legal == frozenset()  # not asked: nothing to click
    assert room_table_state(request(), NAMES, Showing(1), ["2-0@2"]).legal == {Tile(2, 0)}
    assert room_table_state(request(), NAMES, Showing(1), ["pass"]).legal == frozenset()


def test_public_moves_are_followed_and_the_request_is_left_as_it_was() -> None:
    before = request()
    kept = copy.deepcopy(before)
    after = follow_move(before, 1, "3-1@3")
    assert before == kept
    assert after["hand_sizes"] == [5, 5, 7, 6] and after["moves"][-1] == {"seat": 1, "move": "3-1@3"}
    # The seat's own rack changes with its next view; a move alone never invents a tile.
    drew = follow_move({**before, "preset": "draw", "stock": 10}, 2, "draw")
    assert drew["hand_sizes"] == [5, 6, 8, 6] and drew["stock"] == 9
    passed = follow_move(before, 1, "pass")
    assert passed["hand_sizes"] == before["hand_sizes"]
    state = room_table_state(follow_move(before, 1, "2-0@2"), NAMES, Showing(1))  # its own play, before its view
    assert state.layout is not None and state.layout.open_ends() == [3, 0]
    assert Tile(2, 0) not in state.seats[1].tiles and state.seats[1].count == 5
    own_draw = follow_move({**before, "seat": 2, "preset": "draw", "stock": 10}, 2, "draw")
    assert own_draw["hand_sizes"] == before["hand_sizes"] and own_draw["stock"] == 9  # its tile comes with its view
    assert [s.to_play for s in state.seats] == [False, False, True, False]


def test_the_reveal_turns_every_rack_face_up_with_its_pips_and_nothing_is_playable() -> None:
    remaining = [["5-1", "0-0"], ["4-4"], ["6-5", "6-1", "3-3"], []]
    state = room_table_state(request(), NAMES, Showing(1), ["3-1@3"], remaining)
    assert [s.tiles for s in state.seats] == [tuple(Tile.parse(t) for t in r) for r in remaining]
    assert [s.count for s in state.seats] == [2, 1, 3, 0]
    assert [s.note for s in state.seats] == ["6 pips", "8 pips", "24 pips", "0 pips"]
    assert not any(s.to_play for s in state.seats) and state.legal == frozenset()


def test_before_any_hand_the_table_is_empty_with_its_name_plates() -> None:
    between = {"preset": "puerto_rican", "options": {}, "hand_index": 0, "seat": 1, "hand": [], "leader": None,
               "moves": [], "scores": [0, 0]}  # fmt: skip
    for view in (None, between):
        state = room_table_state(view, NAMES, Showing(1))
        assert state.layout is None and state.seats == [] and state.bottom == 1
    broken = {**request(), "hand": ["6-6", "4-4"]}  # 6-6 is on the table already: not a position
    assert player_view(broken) is None and room_table_state(broken, NAMES, Showing(1)).layout is None


def test_the_most_held_follows_draws() -> None:
    view = player_view(
        {
            "preset": "draw",
            "options": {},
            "hand_index": 1,
            "seat": 0,
            "leader": 0,
            "hand": ["1-0", "2-0", "3-0", "4-0"],
            "moves": [
                {"seat": 0, "move": "6-6"},
                {"seat": 1, "move": "draw"},
                {"seat": 1, "move": "draw"},
                {"seat": 1, "move": "6-5@6"},
            ],
            "scores": [0, 0],
            "hand_sizes": [4, 6, 5, 5],
            "stock": 6,
        }
    )
    assert view is not None
    # Seat 1: five at the deal, seven after two draws, six after its play.
    assert most_held_from([4, 6, 5, 5], view.moves) == [5, 7, 5, 5]


def test_a_click_on_a_raised_tile_answers_the_pending_turn(qtbot: QtBot) -> None:
    seat = RoomSeat()
    seat.names = NAMES
    board = RoomTableView(seat, Look())
    qtbot.addWidget(board)
    board.resize(900, 640)
    board.show()
    acted: list[str] = []
    seat.acted.connect(acted.append)
    seat.show(request(), "turn", ["3-1@3", "2-0@2"])
    assert seat.human_turn() == 1 and [m.notation() for m in seat.legal_moves()] == ["3-1@3", "2-0@2"]
    assert board.rack_order == [Tile.parse(t) for t in request()["hand"]]  # a new hand: the dealt order
    board.tile_clicked(Tile(5, 5))  # does not fit: says why, sends nothing
    assert acted == []
    board.tile_clicked(Tile(2, 0))
    assert acted == ["2-0@2"] and seat.human_turn() is None and seat.legal == []
    board.tile_clicked(Tile(3, 1))  # answered already: nothing more goes out
    assert acted == ["2-0@2"]
    seat.show({**request(), "hand": ["4-4", "5-5", "1-1", "5-0", "5-1", "0-0"]}, "turn", ["pass"])  # none fits
    board.draw_or_pass(MoveKind.PASS)
    assert acted == ["2-0@2", "pass"]


def test_a_tile_that_fits_two_ends_waits_for_its_end_by_click_or_by_drop(qtbot: QtBot) -> None:
    seat = RoomSeat()
    seat.names = NAMES
    board = RoomTableView(seat, Look())
    qtbot.addWidget(board)
    board.resize(900, 640)
    board.show()
    acted: list[str] = []
    seat.acted.connect(acted.append)
    fits_both = {**request(), "hand": ["4-4", "3-2", "2-0", "5-5", "1-1", "5-0"]}
    seat.show(fits_both, "turn", ["3-2@3", "3-2@2", "2-0@2"])
    board.tile_clicked(Tile(3, 2))
    assert acted == [] and board.choosing is not None and len(board.table.markers) == 2  # ends marked
    assert board.state().chosen == Tile(3, 2)
    choices = [m.notation() for m in board.choosing[1]]
    assert sorted(choices) == ["3-2@2", "3-2@3"]
    board.end_chosen(1)
    assert acted == [choices[1]] and board.choosing is None and not board.table.markers
    seat.show(fits_both, "turn", ["3-2@3", "3-2@2", "2-0@2"])  # asked again: now dropped onto the 3's end
    hand = seat.hand
    assert hand is not None
    arm = hand.layout.arm_for(3, False, False)
    assert arm is not None
    item = board.table.rack_items[Tile(3, 2)]
    spot = next(spot for spot in board.table.plan.ends if spot.arm == arm)
    grab = board.mapFromScene(item.sceneBoundingRect().center())
    qtbot.mousePress(board.viewport(), Qt.MouseButton.LeftButton, pos=grab)
    qtbot.mouseMove(board.viewport(), board.mapFromScene(QPointF(spot.x, spot.y + 40)))
    qtbot.mouseRelease(board.viewport(), Qt.MouseButton.LeftButton, pos=board.mapFromScene(QPointF(spot.x, spot.y)))
    assert acted[-1] == "3-2@3" and len(acted) == 2


def test_the_room_window_fits_a_small_screen(qtbot: QtBot) -> None:
    """It opened 1100 wide whatever the screen: on a 1024x700 laptop its side panel (Start, Copy invite) was cut off."""
    from dominoes_desktop.ui.room.remote_seat import RoomWindow

    room = RoomWindow("127.0.0.1", 9, {"t": "join", "code": "ABC-123", "name": "Ben"})
    qtbot.addWidget(room)
    free = room.screen().availableGeometry()
    assert free.width() < 1100, "the test screen is the small one this is about"
    assert room.width() <= free.width() and room.height() <= free.height()


def test_the_room_names_cpus_as_the_lobby_does(qtbot: QtBot) -> None:
    """The lobby's players 3 and 4 are "CPU 2" and "CPU 3"; the room listed them as "CPU 3" and "CPU 4"."""
    from dominoes_desktop.ui.lobby.lobby_page import LobbyPage
    from dominoes_desktop.ui.room.remote_seat import RoomWindow

    lobby = LobbyPage("jamaican")
    qtbot.addWidget(lobby)
    room = RoomWindow("127.0.0.1", 9, {"t": "join", "code": "ABC-123", "name": "Ben"})
    qtbot.addWidget(room)
    kinds = ["host", "friend", "cpu", "cpu"]
    seats = [
        {"seat": i, "name": ["Ana", "Ben", "", ""][i], "kind": kind, "cpu": kind == "cpu", "connected": True}
        for i, kind in enumerate(kinds)
    ]
    room._room({"state": "lobby", "host_seat": 0, "seats": seats, "preset": "jamaican"})
    assert room.names == ["Ana", "Ben", lobby.seat_rows[2].name.text(), lobby.seat_rows[3].name.text()]
    assert room.names[2:] == ["CPU 2", "CPU 3"]
