"""The local game's table for a seat of a room: the scene and the view's clicks, drags and keys, fed only by
what the room sends that seat.

- `follow_move`, `room_table_state`: pure. The seat's last view (exactly a bot-protocol request, BOT.md)
  brought up to date with the public moves since, and what the table shows of it. Nothing here can show a
  tile the seat may not see: its own tiles and the public record are all there is, until the hand's end
  reveals every rack.
- `RoomSeat`: what the table view asks of a controller (the hand on the table, this seat's legal moves,
  whether it is its turn), answered from that request; a move becomes an `act` for the pending decision.
- `RoomTableView`: the table view drawing `room_table_state` instead of a local match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QWidget

from ...engine.errors import DominoError
from ...engine.hand import Hand
from ...engine.moves import Move, MoveKind, parse_move
from ...engine.tiles import Tile
from ...engine.view import PlayerView, RequestError, view_from_request
from ..look.looks import Look
from ..play.controller import GameController
from ..table.drawn import Showing, most_held_from, newest_tile, passed_seats
from ..table.scene import SeatState, TableState
from ..table.view import TableView

TURN_KINDS = (MoveKind.PLAY, MoveKind.PASS, MoveKind.DRAW)


def in_play(request: dict[str, Any] | None) -> bool:
    """Whether a view's request describes a hand in play (between hands it has no leader)."""
    return request is not None and request.get("leader") is not None and "hand_sizes" in request


def follow_move(request: dict[str, Any], seat: int, move: str) -> dict[str, Any]:
    """The request after a public move: the record grows, a play takes a tile from its seat's count (and
    from the rack, when the seat is this one) and a draw gives one from the stock. The tile this seat draws
    comes with its next view: until then its rack and count stay as they were."""
    sizes = list(request.get("hand_sizes", []))
    hand = list(request.get("hand", []))
    stock = int(request.get("stock", 0))
    parsed = parse_move(move)
    own = seat == request.get("seat")
    if 0 <= seat < len(sizes):
        if parsed.kind is MoveKind.PLAY:
            sizes[seat] = max(0, sizes[seat] - 1)
            if own:
                hand = [t for t in hand if Tile.parse(t) != parsed.tile]
        elif parsed.kind is MoveKind.DRAW:
            sizes[seat] += 0 if own else 1
            stock = max(0, stock - 1)
    moves = [*request.get("moves", []), {"seat": seat, "move": move}]
    return request | {"moves": moves, "hand": hand, "hand_sizes": sizes, "stock": stock}


def player_view(request: dict[str, Any] | None) -> PlayerView | None:
    """The seat's PlayerView, or None between hands or for a request that does not describe a position."""
    if not in_play(request):
        return None
    try:
        return view_from_request(request)
    except (RequestError, DominoError):
        return None


def room_table_state(
    request: dict[str, Any] | None,
    names: Sequence[str],
    showing: Showing,
    legal: Sequence[str] = (),
    remaining: Sequence[Sequence[str]] | None = None,
) -> TableState:
    """What the table shows this seat: its own tiles face up (or, once `remaining` is revealed at the hand's
    end, every rack), the others' backs and counts, the layout, passes, whose turn. `legal`: the room's
    answers to this seat's pending decision; its plays raise their tiles."""
    view = player_view(request)
    if view is None or request is None:
        return TableState(None, [], showing.bottom)  # before the first deal: the bare table, as at home
    rules, public, bottom = view.rules, view.public, view.seat
    sizes = list(view.hand_sizes)
    revealed = [tuple(Tile.parse(t) for t in tiles) for tiles in remaining] if remaining is not None else None
    passed = passed_seats(public)
    most = most_held_from(sizes, view.moves)
    turn = public.turn if revealed is None and not public.is_over else -1
    seats = []
    for seat in range(rules.players):
        name = names[seat] if seat < len(names) else str(seat + 1)
        note = ""
        if revealed is not None and seat < len(revealed):
            tiles = revealed[seat]
            count = len(tiles)
            pips = [sum(t.high + t.low for t in rack) for rack in revealed]
            note = QCoreApplication.translate("TableView", "%n pip(s)", "", pips[seat])  # as drawn.py words it
        else:
            tiles = view.tiles if seat == bottom else ()
            count = sizes[seat]
        partner = rules.partners and seat != bottom and rules.side_of(seat) == rules.side_of(bottom)
        seats.append(SeatState(name, count, tiles, partner, seat == turn, seat in passed, note, max(most[seat], count)))
    playable = frozenset(
        move.tile for move in (parse_move(a) for a in legal if "-" in a) if move.kind is MoveKind.PLAY and move.tile
    )
    if revealed is not None:
        playable = frozenset()
    return TableState(
        public.layout,
        seats,
        bottom,
        playable,
        newest_tile(public),
        view.stock,
        list(showing.rack_order),
        showing.flipped,
        showing.hinted if playable else None,
        showing.chosen if playable else None,
    )


class RoomSeat(QObject):
    """The table view's controller for a seat of a room: it reads the seat's request and answers the pending
    turn with `acted` (a move in replay notation); the room checks it like any other answer."""

    stateChanged = Signal()
    handStarted = Signal(int)
    acted = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.request: dict[str, Any] | None = None
        self.names: list[str] = []
        self.decision = ""
        self.legal: list[str] = []
        self.remaining: list[list[str]] | None = None
        self.own_seat = 0  # the room's seat for this window, before any view names it
        self._view: PlayerView | None = None

    def show(self, request: dict[str, Any] | None, decision: str = "", legal: Sequence[str] = ()) -> None:
        """A new view from the room (or the same one followed by public moves)."""
        new_hand = in_play(request) and (
            not in_play(self.request)
            or self.remaining is not None
            or (request or {}).get("hand_index") != (self.request or {}).get("hand_index")
        )
        if in_play(request) or self.request is None:
            self.request = request
            self._view = player_view(request)
        if new_hand:
            self.remaining = None
        self.decision, self.legal = decision, list(legal)
        if new_hand:
            self.handStarted.emit(int((request or {}).get("hand_index", 0)))
        self.stateChanged.emit()

    def moved(self, seat: int, move: str) -> None:
        """A public move: the table follows it at once (this seat's own tiles come with its next view)."""
        if in_play(self.request) and self.request is not None and self.remaining is None:
            self.request = follow_move(self.request, seat, move)
            self._view = player_view(self.request)
            self.legal = []
        self.stateChanged.emit()

    def reveal(self, remaining: list[list[str]]) -> None:
        self.remaining = remaining
        self.legal = []
        self.stateChanged.emit()

    def wait(self) -> None:
        """This seat's answer has gone: nothing to click until the room asks again."""
        self.legal = []
        self.stateChanged.emit()

    @property
    def seat(self) -> int:
        return self._view.seat if self._view is not None else self.own_seat

    @property
    def hand(self) -> Hand | None:
        """The hand as this seat may know it: the layout and the turn (other racks are hidden tiles)."""
        return self._view.public if self._view is not None else None

    def own_tiles(self) -> list[Tile]:
        return list(self._view.tiles) if self._view is not None else []

    def human_turn(self) -> int | None:
        return self._view.seat if self._view is not None and self.decision == "turn" and self.legal else None

    def legal_moves(self) -> list[Move]:
        """This seat's turn's moves, as the engine resolves them (ends and doubles), those the room offered."""
        if self.human_turn() is None or self._view is None:
            return []
        offered = set(self.legal)
        moves = [m for m in self._view.legal_moves() if m.kind in TURN_KINDS]
        return [m for m in moves if m.notation() in offered]

    def play(self, move: Move) -> bool:
        if self.human_turn() is None:
            return False
        self.acted.emit(move.notation())
        self.wait()
        return True


class RoomTableView(TableView):
    """The local table, drawn for a seat of a room from `room_table_state`."""

    def __init__(self, seat: RoomSeat, look: Look, parent: QWidget | None = None) -> None:
        self.seat_model = seat
        # The view asks a controller only what RoomSeat answers (hand, legal_moves, human_turn, play and the
        # two signals); state() and reset_rack() below replace the two places that read a whole match.
        super().__init__(cast(GameController, seat), look, parent)

    def state(self) -> TableState:
        model = self.seat_model
        self.bottom = model.seat
        showing = Showing(
            self.bottom,
            rack_order=tuple(self.rack_order),
            flipped=frozenset(self.flipped),
            hinted=self.hinted,
            chosen=self.choosing[0] if self.choosing is not None else None,
        )
        return room_table_state(model.request, model.names, showing, model.legal, model.remaining)

    def reset_rack(self) -> None:
        self.rack_order = self.seat_model.own_tiles()
        self.flipped = set()
        self.hinted = None
