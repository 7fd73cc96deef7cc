"""The scene level: a TableScene built from a table state alone, with no view and no window, shows what the
state says (the line on the table, the bottom seat's rack face up, the others as backs, a plate per seat),
and the same state always lays out the same way."""

from __future__ import annotations

import random

from PySide6.QtCore import QSizeF
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.seats import Cpu, SeededTable
from dominoes_desktop.session.table import Session
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.table.scene import SeatState, TableScene, TableState


def hand_after(moves: int, preset: str = "jamaican", seed: int = 4) -> Hand:
    rules = build_rules(preset)
    cpus = [Cpu(make_player("random", s), rng=random.Random(s)) for s in range(rules.players)]
    session = Session(Match(rules, seed), cpus, SeededTable(seeds=[seed]))
    while session.match.hand is None or len(session.match.hand.history) < moves:
        session.step()
    assert session.match.hand is not None
    return session.match.hand


def state_of(hand: Hand, bottom: int = 0) -> TableState:
    seats = [
        SeatState(f"Seat {s}", len(tiles), tuple(tiles) if s == bottom else (), to_play=s == hand.turn)
        for s, tiles in enumerate(hand.hands)
    ]
    return TableState(hand.layout, seats, bottom, stock=len(hand.stock))


def test_a_scene_is_built_from_a_table_state_without_a_window(qtbot: QtBot) -> None:
    hand = hand_after(6)
    scene = TableScene.of(state_of(hand), Look())
    assert scene.views() == []  # no view, no window
    assert set(scene.table_items) == set(hand.layout.tiles_on_table())
    assert set(scene.rack_items) == set(hand.hands[0])
    for seat in range(1, 4):
        assert len(scene.back_items.get(seat, [])) == len(hand.hands[seat])
    assert sorted(scene.plates) == [0, 1, 2, 3]
    assert all(item.scene() is scene for item in scene.table_items.values())


def test_the_next_state_moves_the_played_tile_to_the_line(qtbot: QtBot) -> None:
    moves = 6
    while True:  # the first move from the 7th on that lays a tile (not a pass)
        before, after = hand_after(moves), hand_after(moves + 1)
        played = set(after.layout.tiles_on_table()) - set(before.layout.tiles_on_table())
        if played:
            break
        moves += 1
    scene = TableScene.of(state_of(before), Look())
    seat = after.history[-1].seat
    backs = len(scene.back_items.get(seat, [])) if seat != 0 else len(scene.rack_items)
    scene.sync(state_of(after), animate=False)
    assert set(scene.table_items) == set(after.layout.tiles_on_table()) and len(played) == 1
    assert not played & set(scene.rack_items)
    now = len(scene.back_items.get(seat, [])) if seat != 0 else len(scene.rack_items)
    assert now == backs - 1  # the tile left the seat that played it


def test_the_same_state_lays_out_the_same_in_the_same_room(qtbot: QtBot) -> None:
    hand = hand_after(8)
    size = QSizeF(900.0, 700.0)
    one, two = TableScene.of(state_of(hand), Look(), size), TableScene.of(state_of(hand), Look(), size)
    assert {t: i.pos() for t, i in one.table_items.items()} == {t: i.pos() for t, i in two.table_items.items()}
    assert {t: i.pos() for t, i in one.rack_items.items()} == {t: i.pos() for t, i in two.rack_items.items()}
    assert one.sceneRect() == two.sceneRect()
