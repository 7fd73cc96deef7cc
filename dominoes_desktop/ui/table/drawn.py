"""What the table shows, worked out from the match's state and history alone, so that a table drawn
after a resume, a language switch or a new window is the same table."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from ...engine.hand import Hand, Turn
from ...engine.moves import MoveKind
from ...engine.tiles import Tile
from ..play.panels import person_name
from ..shell.i18n import translate
from .scene import SeatState, TableState

if TYPE_CHECKING:
    from ...session.table_model import TableModel as TableController  # a local match or a room's seat


@dataclass(frozen=True, slots=True)
class Showing:
    """How the bottom seat looks at the table: the view's own choices, none of them game state."""

    bottom: int
    reveal: bool = False  # every rack face up: the hand is over
    open_hands: bool = False  # every rack face up, for practice
    curtain: bool = False  # pass-and-play: every rack hidden until the next person shows theirs
    rack_order: tuple[Tile, ...] = ()
    flipped: frozenset[Tile] = frozenset()
    hinted: Tile | None = None
    chosen: Tile | None = None  # a rack tile that fits more than one end, while its end is chosen


def shown_hand(controller: TableController) -> Hand | None:
    """The hand in play, or after a hand the one just finished (its tiles stay on the table)."""
    return controller.shown_hand()


def passed_seats(hand: Hand) -> frozenset[int]:
    """Seats whose last action this hand was a pass: the mark stays until they play again."""
    last: dict[int, MoveKind] = {}
    for turn in hand.history:
        if turn.move.kind in (MoveKind.PLAY, MoveKind.PASS):
            last[turn.seat] = turn.move.kind
    return frozenset(seat for seat, kind in last.items() if kind is MoveKind.PASS)


def most_held_from(sizes: Sequence[int], turns: Iterable[Turn]) -> list[int]:
    """The most tiles each seat has held this hand, worked back from its count now (`sizes`) and the hand's
    moves so far: what a seat's view shows too, so the room's table counts the same way."""
    turns = list(turns)
    held = list(sizes)
    for turn in turns:  # back to the deal: a play took a tile from the hand, a draw gave one
        if turn.move.kind is MoveKind.PLAY:
            held[turn.seat] += 1
        elif turn.move.kind is MoveKind.DRAW:
            held[turn.seat] -= 1
    most = list(held)
    for turn in turns:
        if turn.move.kind is MoveKind.PLAY:
            held[turn.seat] -= 1
        elif turn.move.kind is MoveKind.DRAW:
            held[turn.seat] += 1
            most[turn.seat] = max(most[turn.seat], held[turn.seat])
    return most


def newest_tile(hand: Hand) -> Tile | None:
    placements = hand.layout.placements
    return placements[-1].tile if placements else None


def table_state(controller: TableController, showing: Showing) -> TableState:
    """The table for the bottom seat, from what the controller lets this screen see: a local match's racks, or
    a room's seat view (its own tiles; the others are counts, drawn as backs) until the hand's end shows all."""
    rules = controller.rules
    if rules is None or not controller.seats:
        return TableState(None, [], showing.bottom)
    in_play = controller.hand
    shown = controller.shown_hand()
    # Dealt, with the leader (or a redeal) still to choose: the new tiles are shown, not the last hand's.
    dealt = in_play is not None or bool(controller.rack(showing.bottom))
    # The hand's end put away (Next hand pressed, a room waiting for the others): the tiles are gathered for the
    # next deal, and the table is drawn as before a deal, so the felt does not move from the last hand's reveal
    # to the next hand's backs.
    if not dealt and not showing.reveal and controller.last_result is not None:
        shown = None
    result = controller.last_result if not dealt and shown is not None else None
    turn = controller.turn_seat() if in_play is not None else -1
    people = len(controller.people())
    # With several people at one screen, a rack shows only while its owner is the one to act.
    hidden = showing.curtain or (people > 1 and controller.human_turn() != showing.bottom)
    passed = passed_seats(shown) if shown is not None else frozenset()
    if dealt:
        sizes = [controller.rack_size(seat) for seat in range(len(controller.seats))]
    elif result is not None:
        sizes = [len(tiles) for tiles in result.remaining]
    else:
        sizes = [0] * len(controller.seats)
    most = most_held_from(sizes, shown.history) if shown is not None else [0] * len(controller.seats)
    seats = []
    for seat, config in enumerate(controller.seats):
        if dealt:
            count = sizes[seat]
            # A new deal waiting for its leader is never revealed: the last hand's reveal ends with that hand.
            shown_all = showing.reveal and in_play is not None
            show = shown_all or (not hidden and (seat == showing.bottom or showing.open_hands))
            tiles = controller.rack(seat) if show else ()
        elif result is not None and seat < len(result.remaining):
            tiles = result.remaining[seat]
            count = len(tiles)
        else:
            tiles, count = (), 0  # nothing dealt yet (a match's first deal, a room waiting for its players)
        partner = rules.partners and seat != showing.bottom and rules.side_of(seat) == rules.side_of(showing.bottom)
        note = translate("TableView", "thinking…") if controller.thinking == seat else ""
        if seat in controller.open_seats:
            note = translate("TableView", "waiting for a player")
        if result is not None and seat < len(result.pips):
            note = QCoreApplication.translate("TableView", "%n pip(s)", "", result.pips[seat])
        seats.append(
            SeatState(
                person_name(config.name, seat, people),  # as the pass-and-play curtain names them
                count,
                tiles,
                partner,
                seat == turn,
                seat in passed,
                note,
                max(most[seat], count),
                dealt or result is not None,
            )
        )
    legal = frozenset(m.tile for m in controller.legal_moves() if m.kind is MoveKind.PLAY and m.tile)
    if controller.human_turn() != showing.bottom or hidden:
        legal = frozenset()
    return TableState(
        shown.layout if shown is not None else None,
        seats,
        showing.bottom,
        legal,
        newest_tile(shown) if shown is not None else None,
        controller.stock_size() if in_play is not None else 0,
        list(showing.rack_order),
        showing.flipped,
        showing.hinted if legal else None,
        showing.chosen if legal else None,
    )
