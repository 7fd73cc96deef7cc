"""Five at the table (session 26, review26b F8): the two seats across the table share the top band, and after draws
their rows ran into each other (cross_12: CPU 3 with 35 tiles under CPU 2's 4) and CPU 2's plate dropped below
the rows. Each row now keeps to its half of the band, shrinking and then wrapping into more lines. And the keys'
end choice in the move log's words (review26b F4)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRectF, QSizeF
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.layout import Layout
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.look.looks import Look
from dominoes_desktop.ui.play.table_questions import end_choice_words
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.table.scene import SeatState, TableScene, TableState

# The table's room in scene units, scene units per pixel and the words' scale, as the view sets them (see
# test_polish25's ROOMS).
ROOMS = {
    "1024x700": ((1150.0, 942.6), 1.43, 1.0),
    "1920x1080": ((1294.3, 880.0), 0.856, 1.5),
}
TOP = (2, 3)  # counter-clockwise from you: CPU 2 top right, CPU 3 top left
# (CPU 2's tiles, CPU 3's): the extremes, the review's cases (35 under 4; 23 beside 13) and a few mixed.
COUNTS = [(1, 1), (40, 40), (1, 40), (40, 1), (4, 35), (35, 4), (23, 13), (13, 23), (7, 7), (12, 30), (20, 20)]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    LANGUAGE.install("en")


def _layout(preset: str) -> Layout:
    """The preset's table after its opening double and a tile on it."""
    rules = build_rules(preset, {"players": 5})
    top = rules.set_top
    layout = Layout(rules.layout)
    layout.place_pose(Tile(top, top), 1)
    layout.place(Tile(top, top - 1), 0, 2)
    return layout


def _state(preset: str, counts: tuple[int, int], most: int = 0) -> TableState:
    seats = []
    for seat in range(5):
        count = counts[TOP.index(seat)] if seat in TOP else 5
        tiles = tuple(Tile(6, k % 7) for k in range(count)) if seat == 0 else ()
        seats.append(
            SeatState("You" if seat == 0 else f"CPU {seat}", count, tiles, most=max(most if seat == 3 else 0, count))
        )
    return TableState(_layout(preset), seats, 0)


def _scene(room: str) -> TableScene:
    (width, height), pixel, words = ROOMS[room]
    scene = TableScene(Look())
    scene.set_area(QSizeF(width, height), pixel, words)
    return scene


def _drawn(scene: TableScene) -> tuple[dict[int, QRectF], dict[int, list[QRectF]]]:
    """Each seat's plate as drawn, and each of its tiles' bodies (without the room kept above for a pointer)."""
    plates, tiles = {}, {}
    units = scene.plate_units()
    for seat, plate in scene.plates.items():
        box = plate.boundingRect()
        plates[seat] = QRectF(plate.pos() + box.topLeft() * units, box.size() * units)
        items = list(scene.rack_items.values()) if seat == 0 else scene.back_items[seat]
        tiles[seat] = [item.mapRectToScene(item.body_rect()) for item in items]
    return plates, tiles


@pytest.mark.parametrize("room", list(ROOMS))
@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("preset", ["classic_block", "cross_9", "cross_12"])
def test_five_seats_rows_across_the_table_keep_apart(qtbot: QtBot, room: str, language: str, preset: str) -> None:
    LANGUAGE.install(language)
    for counts in COUNTS:
        scene = _scene(room)
        state = _state(preset, counts)
        scene.sync(state, animate=False)
        plates, tiles = _drawn(scene)
        inside = scene.area
        felt = scene.felt_rect(state)
        middle = inside.center().x()
        for seat, mine in tiles.items():
            assert mine, (seat, counts)
            for tile in mine:
                assert inside.contains(tile), (seat, counts, tile)
                assert not tile.intersects(felt), (seat, counts, tile, felt)
                for other in plates:
                    if other != seat:
                        assert not tile.intersects(plates[other]), (seat, other, counts)
                for other, theirs in tiles.items():
                    if other != seat:
                        assert not any(tile.intersects(them) for them in theirs), (seat, other, counts)
        # Each top seat in its own half, its plate in its own corner beside its tiles.
        assert all(tile.left() > middle for tile in tiles[2]), counts
        assert all(tile.right() < middle for tile in tiles[3]), counts
        assert plates[2].left() > max(tile.right() for tile in tiles[2]), counts
        assert plates[3].right() < min(tile.left() for tile in tiles[3]), counts
        assert plates[2].top() < inside.top() + 10 and plates[3].top() < inside.top() + 10, counts


@pytest.mark.parametrize("room", list(ROOMS))
def test_a_top_row_that_wrapped_loses_tiles_from_its_last_line(qtbot: QtBot, room: str) -> None:
    """A hand in play: CPU 3 held 30 tiles (wrapped) and plays them down; the plates and the felt stay put, and the
    tiles still held keep their places from one move to the next (only the last line's re-centre)."""
    scene = _scene(room)
    before: tuple[list[QRectF], QRectF, dict[int, QRectF]] | None = None
    for count in range(30, 0, -1):
        state = _state("cross_12", (4, count), most=30)
        scene.sync(state, animate=False)
        plates, tiles = _drawn(scene)
        felt = scene.felt_rect(state)
        if before is not None:
            kept, was_felt, was_plates = before
            assert felt == was_felt, count
            # CPU 3's plate narrows by a digit ("9 tiles") from its corner; the others do not change.
            assert plates[3].topLeft() == was_plates[3].topLeft(), count
            assert all(plates[seat] == was_plates[seat] for seat in (0, 1, 2, 4)), count
            moved = [a for a, b in zip(tiles[3], kept, strict=False) if a != b]
            last_line = [t for t in kept if abs(t.top() - kept[-1].top()) < 0.5]
            assert all(any(abs(m.top() - t.top()) < 0.5 for t in last_line) for m in moved), count
        before = tiles[3], felt, plates


# ---- the keyboard's end choice in the move log's words (review26b F4) ----------------------------------------------


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["6-1 on the 6 (1 of 2)", "6-1 on the 6 by the double (2 of 2)"]),
        ("es", ["6-1 al 6 (1 de 2)", "6-1 al 6 del doble (2 de 2)"]),
    ],
)
def test_the_end_choice_names_an_end_by_the_double_as_the_move_log_does(
    qtbot: QtBot, language: str, words: list[str]
) -> None:
    """All Fives: after 6-6, 6-5, 5-4 and 6-4 both open ends show a 6, one of them the double's. The keys' end choice
    said "6-1 on double 6" where the move log, the coach and the skill page say "6-1 on the 6 by the double"."""
    LANGUAGE.install(language)
    rules = build_rules("all_fives", {"players": 2})
    hands = [[Tile(6, 6), Tile(5, 4), Tile(6, 1), Tile(0, 0)], [Tile(6, 5), Tile(6, 4), Tile(3, 3), Tile(2, 2)]]
    hand = Hand(rules, hands, [], 0)
    for tile, end in ((Tile(6, 6), None), (Tile(6, 5), 6), (Tile(5, 4), 5), (Tile(6, 4), 4)):
        [move] = [m for m in hand.legal_moves() if m.tile == tile and m.end == end]
        hand.apply(move)
    moves = hand.plays([Tile(6, 1)])
    assert [end_choice_words(hand, moves, k) for k in range(len(moves))] == words


def test_a_top_row_with_no_room_left_is_drawn_small_never_mirrored(qtbot: QtBot) -> None:
    """review26c F2: a small window zoomed in left the five seats' top rows no room (negative), and their tiles came
    out at a negative scale: drawn tiny, mirrored and under the plates. The row's scale has a floor."""
    scene = _scene("1024x700")
    for room in (-120.0, 0.0, 5.0):
        scale, lines = scene._seat_scale(SeatState("CPU 3", 13, (), most=13), "x", room, wrap=True)
        assert scale > 0.1 and lines >= 1, (room, scale)
