"""RoomController: the table page's controller for one seat of a room, fed by the room connection.

It offers the table page what GameController offers (the same signals, and what the views read: the rules, the
seats, the hand as this seat may know it, its rack, legal moves, the pending decision for the person, the
results), but it knows only what the room sends this seat: its view (a bot-protocol request, BOT.md), the
public events, the room's state and the table talk. The person's clicks become `act` messages; the room checks
them like any other answer. Nothing here can show a tile the seat may not see: its own tiles and the public
record are all there is, until the hand's end reveals every rack.

- `follow_move`, `player_view`: pure. The seat's last view brought up to date with the public moves since.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ...engine.errors import DominoError
from ...engine.hand import Hand, HandEnd
from ...engine.knowledge import Knowledge, infer
from ...engine.match import HandResult, Match
from ...engine.moves import Move, MoveKind, parse_move
from ...engine.presets import build_rules
from ...engine.rules import Rules
from ...engine.tiles import Tile
from ...engine.view import PlayerView, RequestError, view_from_request
from ...net.client import DealChecker
from ..play.controller import SeatConfig
from ..shell.i18n import translate
from .net_client import RoomSocket

TURN_KINDS = (MoveKind.PLAY, MoveKind.PASS, MoveKind.DRAW)
OFFERS = ("redeal", "lead", "claim", "muggins")  # decisions besides a turn that play waits on this seat for
# A player who has not cut this long before the host's app would cut for them has the clock cut for them
# (still their own cut): the room never waits on a cut, and the cut is never the host's.
CUT_BEFORE_HOST_S = 1.5
LEAST_CUT_WAIT_MS = 3000


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


def hand_result(message: dict[str, Any], leader: int, rules: Rules | None = None) -> HandResult | None:
    """The room's hand_end event as the hand summary the hand-end sheet shows (None if it cannot be read, or,
    with `rules`, if it does not fit the table: a rack, a pip count, a score for each seat or side as the
    rules have them, and a winner among them; the sheet reads each of them by seat and side)."""
    try:
        result = dict(message["result"])
        remaining = tuple(tuple(Tile.parse(t) for t in rack) for rack in message["remaining"])
        summary = HandResult(
            hand_index=int(message["hand"]),
            seed=None,
            leader=leader,
            end=HandEnd(str(result.get("end", "blocked"))),
            winner_seat=None if result.get("winner_seat") is None else int(result["winner_seat"]),
            winner_side=None if result.get("winner_side") is None else int(result["winner_side"]),
            points=int(result.get("points", 0)),
            bonus=tuple(str(b) for b in result.get("bonus", [])),
            reset=bool(result.get("reset", False)),
            end_points=tuple(int(p) for p in result.get("end_points", [])),
            pips=tuple(int(p) for p in result.get("pips", [sum(t.high + t.low for t in r) for r in remaining])),
            remaining=remaining,
            scores=tuple(int(s) for s in message["scores"]),
        )
    except (DominoError, KeyError, TypeError, ValueError):
        return None
    if rules is not None and not fits(summary, rules):
        return None
    return summary


def fits(result: HandResult, rules: Rules) -> bool:
    """Whether a hand summary from the room has what the table reads for each seat and side of `rules`."""
    seats, sides = rules.players, rules.sides
    return (
        len(result.remaining) == seats
        and len(result.pips) == seats
        and len(result.scores) == sides
        and len(result.end_points) in (0, sides)
        and (result.winner_seat is None or 0 <= result.winner_seat < seats)
        and (result.winner_side is None or 0 <= result.winner_side < sides)
        and 0 <= result.leader < seats
    )


class RoomController(QObject):
    """One seat of a room, as the table page sees a controller."""

    handStarted = Signal(int)
    turnStarted = Signal(int, list)
    movePlayed = Signal(int, object)
    pointsScored = Signal(int, int)
    autoPassed = Signal(int)  # a local table passes for its person (issue 27); a room seat never does
    leaderChoiceNeeded = Signal(tuple)
    handEnded = Signal(object)
    matchEnded = Signal(int)
    claimOffered = Signal(int, int)
    mugginsOffered = Signal(tuple, int)
    redealOffered = Signal(int)
    timedOut = Signal(int, object, str)
    hintReady = Signal(object)
    historyRewritten = Signal()
    error = Signal(str)
    playChanged = Signal()
    duplicateOver = Signal()
    stateChanged = Signal()

    message = Signal(dict)  # every message from the room, once this controller has followed it
    closed = Signal(str)  # the connection ended (why, in the socket's words)
    secured = Signal(str)  # the connection is private: the fingerprint of the server's certificate
    autoCutChanged = Signal(bool)

    # What a local match has and a room's seat never holds: no match, no CPU thinking here, no duplicate play.
    match: Match | None = None
    thinking: int | None = None
    duplicate: None = None
    pace_ms = 0

    def __init__(self, parent: QObject | None = None, auto_cut: bool = False) -> None:
        super().__init__(parent)
        self.auto_cut = auto_cut
        self.own_seat = -1
        self.code = ""
        self.token = ""
        self.state = "lobby"
        self.host_seat = 0
        self.wait_s = 30.0
        self.names: list[str] = []
        self.seats: list[SeatConfig] = []
        self.line_up: list[SeatConfig] = []
        self._rules: Rules | None = None
        self.request: dict[str, Any] | None = None  # the seat's last view, followed by the public moves since
        self.view: PlayerView | None = None
        self.decision: dict[str, Any] = {}  # the room's last `view` message: its decision and answers
        self.legal: list[str] = []  # the answers still open to this seat ([] once it answered)
        # The room's clock on this seat's open decision: (its number, the seconds it had when it came), or None.
        self.timed: tuple[int, int] | None = None
        self.last_result: HandResult | None = None
        self.match_scores: list[int] = []
        self.won: int | None = None
        self.last_gains = 0
        self.checker = DealChecker()
        self._cut_sent: object = None  # the decision number of the cut this app sent (one cut a deal)
        self.socket: RoomSocket | None = None
        self._clock_cut = QTimer(self)
        self._clock_cut.setSingleShot(True)
        self._clock_cut.timeout.connect(lambda: self.cut_deck("clock"))

    # ---- the connection ----------------------------------------------------------------------------

    def open(
        self, host: str, port: int, first: dict[str, Any], pin: str | None = None, private: bool = True
    ) -> RoomSocket:
        """Connect (again, after a drop): `first` is the create, join or rejoin message; TLS unless `private`
        is False, and with a `pin` only to the server whose certificate has that fingerprint."""
        old = self.socket
        if old is not None:
            old.silence()
            old.deleteLater()
        socket = RoomSocket(self)
        socket.received.connect(self.receive)
        socket.closed.connect(self._closed)
        socket.secured.connect(self.secured)
        self.socket = socket
        socket.open(host, port, first, pin, private)
        return socket

    def send(self, message: dict[str, Any]) -> None:
        if self.socket is not None:
            self.socket.send(message)

    def close(self) -> None:
        self._clock_cut.stop()
        if self.socket is not None:
            self.socket.silence()
            self.socket.drop()

    def _closed(self, why: str) -> None:
        self._clock_cut.stop()
        self.legal = []
        self.timed = None
        self.stateChanged.emit()
        self.closed.emit(why)

    def act(self, action: str) -> None:
        """Answer the pending decision: nothing more to click until the room asks again."""
        self.send({"t": "act", "d": self.decision.get("d", 0), "action": action})
        self.legal = []
        self.timed = None
        self._clock_cut.stop()
        self.stateChanged.emit()

    # ---- messages ------------------------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        self.checker.see(message)
        kind = message.get("t")
        if kind == "joined":
            self.code, self.own_seat, self.token = message["code"], int(message["seat"]), message["token"]
            self._seat_people()
        elif kind == "room":
            self._room(message)
        elif kind == "view":
            self._view(message)
        elif kind == "event":
            self._event(message)
        elif kind == "host_left":
            self._clock_cut.stop()
            self.legal = []
            self.stateChanged.emit()
        self.message.emit(message)

    def _room(self, message: dict[str, Any]) -> None:
        self.state = str(message["state"])
        self.host_seat = int(message["host_seat"])
        self.wait_s = float(message.get("wait_s", self.wait_s))
        if self._rules is None:
            try:
                self._rules = build_rules(str(message.get("preset", "")), dict(message.get("options") or {}))
            except (DominoError, TypeError, ValueError):
                self._rules = None
        names = []
        for seat in message["seats"]:
            # Numbered as the lobby numbers them (player 3 is "CPU 2").
            cpu_name = translate("RoomWindow", "CPU {n}").format(n=seat["seat"])
            names.append(seat["name"] or (cpu_name if seat["kind"] == "cpu" else translate("RoomWindow", "(waiting)")))
        self.names = names
        self._seat_people()
        self.stateChanged.emit()

    def _seat_people(self) -> None:
        rules = self.rules
        count = rules.players if rules is not None else len(self.names)
        self.seats = [SeatConfig(self.name(s), s == self.own_seat) for s in range(count)]

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return translate("RoomWindow", "Seat {n}").format(n=seat + 1)

    def _view(self, message: dict[str, Any]) -> None:
        self.decision = message
        decision = str(message["decision"])
        request = message["view"]
        self.legal = list(message["legal"])
        seconds = message.get("time_s")
        if self.legal and isinstance(seconds, int) and not isinstance(seconds, bool) and seconds > 0:
            self.timed = (int(message["d"]), seconds)  # the room answers for this seat when it runs out
        else:
            self.timed = None
        if self.rules is None:
            try:
                self._rules = build_rules(str(request["preset"]), dict(request.get("options") or {}))
                self._seat_people()
            except (DominoError, TypeError, ValueError, KeyError):
                pass
        if decision == "cut":
            # The room may send the cut again while this app's cut is on its way: one cut a deal.
            if message.get("d") == self._cut_sent:
                self.legal = []
            self.stateChanged.emit()
            if self.legal:
                self._offer_cut()
            return
        new_hand = in_play(request) and (
            not in_play(self.request)
            or self.last_result is not None
            or request.get("hand_index") != (self.request or {}).get("hand_index")
        )
        if in_play(request) or self.request is None:
            self.request = request
            self.view = player_view(request)
        if new_hand and self.view is not None:
            self.last_result = None
            self.handStarted.emit(self.view.hand_index)
        self.stateChanged.emit()
        view = self.view
        if not self.legal or view is None:
            return
        seat = view.seat
        if decision == "turn":
            self.turnStarted.emit(seat, self.legal_moves())
        elif decision == "redeal":
            self.redealOffered.emit(seat)
        elif decision == "lead":
            seats = tuple(int(a.split(":")[1]) for a in self.legal if a.startswith("lead:") and a[5:].isdigit())
            self.leaderChoiceNeeded.emit(seats)
        elif decision == "claim":
            self.claimOffered.emit(seat, self.last_gains)
        elif decision == "muggins":
            self.mugginsOffered.emit((seat,), self.last_gains)

    def _offer_cut(self) -> None:
        """With "Cut the deck for me" the clock cuts at once; otherwise it cuts shortly before the host's app
        would cut for this seat, if the person has not."""
        if self.auto_cut:
            QTimer.singleShot(0, self, lambda: self.cut_deck("clock"))
            return
        host_waits_ms = max(self.wait_s, 5.0) * 1000
        self._clock_cut.start(int(max(LEAST_CUT_WAIT_MS, host_waits_ms - CUT_BEFORE_HOST_S * 1000)))

    def _event(self, message: dict[str, Any]) -> None:
        kind = message["e"]
        if kind == "move":
            seat, notation = int(message["seat"]), str(message["move"])
            gains = [g for g in message.get("gains") or [] if isinstance(g, int)]
            self.last_gains = max(gains, default=0)
            if in_play(self.request) and self.request is not None and self.last_result is None:
                try:
                    self.request = follow_move(self.request, seat, notation)
                except DominoError:
                    return
                self.view = player_view(self.request)
                self.legal = []
            try:
                move = parse_move(notation)
            except DominoError:
                return
            self.movePlayed.emit(seat, move)
            for side, gain in enumerate(gains):
                if gain:
                    self.pointsScored.emit(side, gain)
            self.stateChanged.emit()
        elif kind == "hand_end":
            leader = self.view.leader if self.view is not None else 0
            result = hand_result(message, leader, self.rules)
            self.legal = []
            if result is None:
                return
            self.match_scores = list(result.scores)
            self.last_result = result
            self.handEnded.emit(result)
            self.stateChanged.emit()
        elif kind == "match_end":
            winner = message.get("winner")
            self.state = "over"
            sides = self.rules.sides if self.rules is not None else 0
            if isinstance(winner, int) and 0 <= winner < sides:
                self.won = winner
                self.matchEnded.emit(winner)
            self.stateChanged.emit()

    # ---- what the table page reads -------------------------------------------------------------------

    @property
    def rules(self) -> Rules | None:
        return self._rules

    @property
    def hand(self) -> Hand | None:
        """The hand in play as this seat may know it: the layout and the turn (other racks are hidden tiles)."""
        return self.view.public if self.view is not None and self.last_result is None else None

    def shown_hand(self) -> Hand | None:
        return self.view.public if self.view is not None else None

    def rack(self, seat: int) -> tuple[Tile, ...]:
        """Only this seat's own tiles: the others' racks are counts, drawn as backs."""
        view = self.view
        return view.tiles if view is not None and seat == view.seat and self.last_result is None else ()

    def rack_size(self, seat: int) -> int:
        view = self.view
        return view.hand_sizes[seat] if view is not None and 0 <= seat < len(view.hand_sizes) else 0

    def stock_size(self) -> int:
        return self.view.stock if self.view is not None else 0

    def turn_seat(self) -> int:
        hand = self.hand
        return hand.turn if hand is not None and not hand.is_over else -1

    @property
    def scores(self) -> list[int]:
        if self.last_result is not None or self.view is None:
            sides = self.rules.sides if self.rules is not None else 0
            return list(self.match_scores) or [0] * sides
        return list(self.view.scores)

    @property
    def hand_number(self) -> int:
        view = self.view
        return view.hand_index + 1 if view is not None else 0

    @property
    def match_over(self) -> bool:
        return self.state == "over"

    @property
    def winner(self) -> int | None:
        return self.won

    def hand_proof(self) -> None:
        return None  # the room's panel says whether each deal checked out

    def people(self) -> list[int]:
        return [self.own_seat] if self.own_seat >= 0 else []

    def is_human(self, seat: int) -> bool:
        return seat == self.own_seat and seat >= 0

    @property
    def waiting(self) -> str | None:
        """A decision besides a turn the room waits on this seat for (redeal, leader, claim, Muggins)."""
        decision = str(self.decision.get("decision", ""))
        return decision if decision in OFFERS and self.legal else None

    def human_turn(self) -> int | None:
        view = self.view
        if view is not None and self.decision.get("decision") == "turn" and self.legal and self.last_result is None:
            return view.seat
        return None

    def legal_moves(self) -> list[Move]:
        """This seat's turn's moves, as the engine resolves them (ends and doubles), those the room offered."""
        view = self.view
        if self.human_turn() is None or view is None:
            return []
        offered = set(self.legal)
        return [m for m in view.legal_moves() if m.kind in TURN_KINDS and m.notation() in offered]

    def knowledge(self, seat: int) -> Knowledge | None:
        return infer(self.view) if self.view is not None and seat == self.view.seat else None

    def can_undo(self) -> bool:
        return False

    def sealed_fingerprint(self) -> str | None:
        """The fingerprint of the deal this seat is asked to cut, or None."""
        if self.decision.get("decision") == "cut" and self.legal:
            return str(self.decision.get("commit") or "")
        return None

    # ---- the person's answers --------------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        if self.human_turn() is None or move.notation() not in self.legal:
            self.error.emit(translate("GameController", "It is not your turn."))
            return False
        self.act(move.notation())
        return True

    def cut_deck(self, *gesture: object) -> bool:
        """Cut the deck (a click, a key, or the clock); the cut is this app's own, whatever made it."""
        if self.sealed_fingerprint() is None:
            return False
        self._cut_sent = self.decision.get("d")
        self.act(f"cut:{self.checker.cut(gesture)}")
        return True

    def answer_redeal(self, redeal: bool) -> None:
        answer = "redeal" if redeal else "keep"
        if self.waiting == "redeal" and answer in self.legal:
            self.act(answer)

    def choose_leader(self, seat: int) -> None:
        if self.waiting == "lead" and f"lead:{seat}" in self.legal:
            self.act(f"lead:{seat}")

    def claim(self) -> None:
        if self.waiting == "claim" and "claim" in self.legal:
            self.act("claim")

    def call_muggins(self, seat: int) -> None:
        calls = [a for a in self.legal if a.startswith("muggins")]
        if self.waiting == "muggins" and calls:
            self.act(calls[0])

    def play_on(self) -> None:
        if self.waiting in ("claim", "muggins") and "decline" in self.legal:
            self.act("decline")

    def undo(self) -> bool:
        return False

    def time_out(self, seat: int, action: str) -> None:
        """Rooms keep their own clock (a CPU plays for a seat that is away)."""

    def request_hint(self) -> None:
        # Hints would be a CPU whispering to one player at a table of people: rooms give none.
        self.error.emit(translate("RoomWindow", "Rooms give no hints."))
