"""RoomController: the remote table, one seat of a room fed by the room connection.

It is the table model (session/table_model.py) that the table page reads, as a local match is (the same
signals, and what the views read: the rules, the seats, the hand as this seat may know it, its rack, legal
moves, the pending decision for the person as the engine names it, the results, the room's clock on the
person's decision), but it knows only what the room sends this seat: its view (a bot-protocol request, BOT.md), the
public events, the room's state and the table talk. The person's clicks become `act` messages; the room checks
them like any other answer. Nothing here can show a tile the seat may not see: its own tiles and the public
record are all there is, until the hand's end reveals every rack.

The seat's table is a net.guest.GuestTable: the room's messages read with the one codec (net/codec.py) and
followed with the engine's own rules; a table that loses step with the room says so and takes the room's
next view.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QTimer, Signal

from ...engine.deal import Deal
from ...engine.decisions import (
    Action,
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    HandResult,
    HandScored,
    HandStarted,
    Lead,
    LetGo,
    LetGoBy,
    MatchWon,
    Moved,
    MugginsWindow,
    Pending,
    RedealOffer,
)
from ...engine.duplicate import DuplicateMatch
from ...engine.errors import DominoError
from ...engine.fairness import FairDeal
from ...engine.hand import Hand
from ...engine.knowledge import Knowledge, infer
from ...engine.match import Match, replayed_hand
from ...engine.moves import CLAIM, Move, MoveKind
from ...engine.presets import build_rules
from ...engine.rules import Rules
from ...engine.tiles import Tile
from ...engine.view import PlayerView
from ...net import fairdeal, messages
from ...net.client import DealChecker
from ...net.codec import Asked, Decision, Told, encode_action
from ...net.guest import GuestTable
from ...net.protocol import ProtocolError
from ...session.table_model import SeatConfig
from ..play.table_controller import TableController
from ..shell.i18n import translate
from .net_client import RoomSocket

log = logging.getLogger(__name__)
TURN_KINDS = (MoveKind.PLAY, MoveKind.PASS, MoveKind.DRAW)
# Decisions besides a turn that play waits on this seat for.
OFFERS = (Decision.REDEAL, Decision.LEAD, Decision.CLAIM, Decision.MUGGINS)
# A player who has not cut this long before the host's app would cut for them has the clock cut for them
# (still their own cut): the room never waits on a cut, and the cut is never the host's.
CUT_BEFORE_HOST_S = 1.5
# The name a host's app sends for a host who gave none, in English whatever the host's language: every app shows
# it in its own words (a Spanish guest read the English host's default "Host" as a name).
UNNAMED_HOST = "Host"
LEAST_CUT_WAIT_MS = 3000


class RoomController(TableController):
    """One seat of a room, as the table page sees a controller (the notices and the View settings are
    TableController's, as at a local table)."""

    message = Signal(dict)  # every message from the room, once this controller has followed it
    closed = Signal(str)  # the connection ended (why, in the socket's words)
    secured = Signal(str)  # the connection is private: the fingerprint of the server's certificate
    autoCutChanged = Signal(bool)

    # What a local match has and a room's seat never holds: no CPU thinking here, no duplicate play. Its `match`
    # is only ever the last hand finished, replayed from its reveal (see `_replayed`).
    match: Match | None = None
    pace_ms = 0

    # "Pass for me when nothing fits" as the game window's View menu has it now, when the room follows it: a tick
    # there while the room is open reaches the room's next turn (`follow_auto_pass`).
    pass_setting: Callable[[], bool] | None = None

    def __init__(self, parent: QObject | None = None, auto_cut: bool = False, auto_pass: bool = False) -> None:
        super().__init__(parent, auto_cut=auto_cut, auto_pass=auto_pass)
        self.own_seat = -1
        self.code = ""
        self.token = ""
        self.state = "lobby"
        self.host_seat = 0
        self.wait_s = 30.0
        self.names: list[str] = []
        self._rules: Rules | None = None
        self.guest_table = GuestTable()  # the seat's table: the room's views, followed with the engine's rules
        self.view: PlayerView | None = None
        # The seat's new tiles while the deal waits for its leader or a redeal answer (no hand is in play yet).
        self.dealt: tuple[Tile, ...] = ()
        self.decision: dict[str, Any] = {}  # the room's last `view` message: its decision and answers
        self.legal: list[str] = []  # the answers still open to this seat ([] once it answered)
        # `clock`: the room's on this seat's open decision (the room answers for the seat when it runs out).
        self.last_mover = -1  # the seat of the last public move (whose points a Muggins call takes)
        self.match_scores: list[int] = []
        self.won: int | None = None
        self.last_gains = 0
        self.checker = DealChecker()
        # The hand in play as this seat saw it be played (its start, each move and let-go, in order): replayed
        # with the revealed deal at its end, it is the `match` the skill judge reads (a room's hand judged as a
        # local one is, issue 33 item 1).
        self._started: HandStarted | None = None
        # The hand scored last, and the one before the hand in play: whether the rule or the winner led it.
        self._scored: HandResult | None = None
        self._before_started: HandResult | None = None
        self._answers: list[tuple[int, Action]] = []
        self._said = 0  # the table's problems said so far
        self._cut_sent: object = None  # the decision number of the cut this app sent (one cut a deal)
        self.socket: RoomSocket | None = None
        self._bye = False  # the room said goodbye to this seat's leave
        self._clock_cut = QTimer(self)
        self._clock_cut.setSingleShot(True)
        self._clock_cut.timeout.connect(lambda: self.cut_deck("clock"))

    @property
    def auto_pass(self) -> bool:
        return self._auto_pass if self.pass_setting is None else bool(self.pass_setting())

    @auto_pass.setter
    def auto_pass(self, on: bool) -> None:
        """Set here, the room's own choice: it stops following the setting."""
        self._auto_pass = on
        self.pass_setting = None

    def follow_auto_pass(self, setting: Callable[[], bool]) -> None:
        self.pass_setting = setting

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

    def leave(self, wait_ms: int = 1500) -> None:
        """Leave the room on purpose (the host's leave closes it for the others, who are told at once), and
        wait a moment for the room's goodbye: the connection is cut right after."""
        socket = self.socket
        if socket is None or self.state == "closed":
            return
        self._bye = False
        self.send({"t": "leave"})
        deadline = time.monotonic() + wait_ms / 1000
        while not self._bye and self.socket is socket and socket.connected() and time.monotonic() < deadline:
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)

    def close(self) -> None:
        self._clock_cut.stop()
        if self.socket is not None:
            self.socket.silence()
            self.socket.drop()

    def _closed(self, why: str) -> None:
        self._clock_cut.stop()
        self.legal = []
        self.clock.stop()
        self.stateChanged.emit()
        self.closed.emit(why)

    def act(self, action: str) -> None:
        """Answer the pending decision: nothing more to click until the room asks again."""
        self.send(messages.Act(int(self.decision.get("d", 0)), action).to_json())
        self.legal = []
        self.clock.stop()
        self._clock_cut.stop()
        self.stateChanged.emit()

    # ---- messages ------------------------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        self.checker.see(message)
        kind = message.get("t")
        if kind == "joined":
            self.code, self.own_seat, self.token = message["code"], int(message["seat"]), message["token"]
            self._seat_people()
            self.guest_table, self._said = GuestTable(), 0  # (back) at the table: what was missed comes with the view
            self._started = None  # a hand joined in its middle was not all seen: it is not replayed
        elif kind == "room":
            self._room(message)
        elif kind in ("view", "event"):
            try:
                heard = self.guest_table.hear(messages.parse_server(message))
            except ProtocolError as exc:  # a hostile or broken room: one line, the table as it was
                log.warning("room message refused: %s", exc)
                self.legal = []
                self.error.emit(
                    translate("RoomWindow", "The room sent what this table cannot read: {why}").format(why=exc)
                )
                heard = None
            for problem in self.guest_table.problems[self._said :]:
                self.error.emit(
                    translate("RoomWindow", "This table lost step with the room: {why}").format(why=problem)
                )
            self._said = len(self.guest_table.problems)
            if isinstance(heard, Asked):
                self._view(message, heard)
            elif kind == "event":
                self._event(message, heard)
        elif kind == "bye":
            self._bye = True
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
        open_seats = set()
        for seat in message["seats"]:
            # Numbered as the lobby numbers them (player 3 is "CPU 2").
            cpu_name = translate("RoomWindow", "CPU {n}").format(n=seat["seat"])
            # A friend's seat no one has taken is played by a CPU once the match starts: named as that CPU, not as
            # an open seat ("Domino: (waiting).", "20 points to (waiting)" on the hand-end sheet). Before, it is an
            # open seat by a name, not a word in brackets ("(waiting) (partner)" on its plate, "Host & (waiting)").
            played_by_cpu = seat["kind"] == "cpu" or bool(seat.get("cpu"))
            name = seat["name"]
            if seat["kind"] == "host" and name == UNNAMED_HOST:
                name = translate("NetDialogs", "Host")
            names.append(name or (cpu_name if played_by_cpu else translate("RoomWindow", "Open seat")))
            if seat["kind"] == "friend" and not played_by_cpu and not seat.get("taken", bool(name)):
                open_seats.add(int(seat["seat"]))
        self.names = names
        self.open_seats = frozenset(open_seats)
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

    def _view(self, message: dict[str, Any], asked: Asked) -> None:
        self.decision = message
        self.legal = list(asked.legal)
        self.dealt = asked.tiles if asked.view is None else ()  # between hands: the new deal's, or none
        seconds = asked.time_s
        if self.legal and seconds:
            self.clock.start(asked.d, seconds, time.monotonic())  # the room answers when it runs out
        else:
            self.clock.stop()
        if self.rules is None and asked.rules is not None:
            self._rules = asked.rules
            self._seat_people()
        if asked.decision is Decision.CUT:
            # The room may send the cut again while this app's cut is on its way: one cut a deal.
            if asked.d == self._cut_sent:
                self.legal = []
            self.stateChanged.emit()
            if self.legal:
                self._offer_cut()
            return
        before, self.view = self.view, self.guest_table.view
        new_hand = asked.view is not None and (
            before is None or self.last_result is not None or asked.view.hand_index != before.hand_index
        )
        if new_hand and self.view is not None:
            self.last_result = None
            self.handStarted.emit(self.view.hand_index)
        self.stateChanged.emit()
        if not self.legal:
            return
        # A leader or a redeal is asked between hands, with the new deal but no hand in play (no view).
        if asked.decision is Decision.TURN and self.view is not None:
            self._person_asked((asked.seat, self.legal_moves()))
        else:
            waiting = self.waiting
            if waiting is not None:
                self._person_asked(waiting)

    def _decision_key(self) -> object:
        """The room's number of the decision open to this seat (a new match numbers them afresh)."""
        return (id(self.guest_table), self.decision.get("d"))

    def _offer_cut(self) -> None:
        """With "Cut the deck for me" the clock cuts at once; otherwise it cuts shortly before the host's app
        would cut for this seat, if the person has not."""
        if self.auto_cut:
            QTimer.singleShot(0, self, lambda: self.cut_deck("clock"))
            return
        host_waits_ms = max(self.wait_s, 5.0) * 1000
        self._clock_cut.start(int(max(LEAST_CUT_WAIT_MS, host_waits_ms - CUT_BEFORE_HOST_S * 1000)))

    def _event(self, message: dict[str, Any], told: Told | None) -> None:
        event = told.event if told is not None else None
        if isinstance(event, HandStarted):
            self._started, self._answers = event, []
            self._before_started = self._scored
        elif isinstance(event, Moved | LetGoBy):
            self._answers.append((event.seat, event.move if isinstance(event, Moved) else LetGo()))
        if isinstance(event, Moved):
            self.last_gains = max(event.gains, default=0)
            self.last_mover = event.seat
            if self.guest_table.view is not None and self.last_result is None:
                self.view = self.guest_table.view  # followed by the engine's rules (net.guest)
                self.legal = []
            self.movePlayed.emit(event.seat, event.move)
            for side, gain in enumerate(event.gains):
                if gain:
                    self.pointsScored.emit(side, gain)
            self.stateChanged.emit()
        elif isinstance(event, HandScored):
            self.legal = []
            self.match_scores = list(event.result.scores)
            self.last_result = event.result
            self.match = self._replayed(message.get("reveal"))  # before the news: the skill judge reads it
            self._scored = event.result
            self.handEnded.emit(event.result)
            self.stateChanged.emit()
        elif message.get("e") == "start" and self.last_result is not None:
            self._next_match()
        elif message.get("e") == "match_end":
            self.state = "over"
            if isinstance(event, MatchWon):
                self.won = event.winner
                self.matchEnded.emit(event.winner)
            self.stateChanged.emit()

    def _replayed(self, revealed: object) -> Match | None:
        """The hand just finished, replayed by the engine from its revealed deal and the public moves this seat
        followed (None when this seat did not see it all, or it does not replay)."""
        rules, started = self.rules, self._started
        if rules is None or started is None or not isinstance(revealed, dict):
            return None
        try:
            cuts = {int(seat): str(cut) for seat, cut in revealed["cuts"].items()}
            proof = fairdeal.proof(bytes.fromhex(str(revealed["secret"])), cuts, str(revealed["digest"]))
            return replayed_hand(rules, proof, started, self._answers, self._before_started)
        except (DominoError, KeyError, TypeError, ValueError, AttributeError) as exc:
            log.warning("the hand could not be replayed from its reveal: %s", exc)
            return None

    def _next_match(self) -> None:
        """The host started another match at the same table: nothing of the last one is this seat's any more
        (its table follows the new match from its first view; the rules and seat stay the room's)."""
        old = self.guest_table
        self.guest_table, self._said = GuestTable(), 0
        self.guest_table.seat, self.guest_table.rules = old.seat, old.rules
        self.view, self.decision, self.legal, self.dealt = None, {}, [], ()
        self.last_result, self.match_scores, self.won = None, [], None
        self.last_mover, self.last_gains = -1, 0
        self.match, self._started, self._answers = None, None, []
        self._scored = self._before_started = None  # the new match's first hand is the rule's
        self._cut_sent = None  # the new match's first cut is still to make (its numbers go on from the last match's)
        self._clock_cut.stop()
        self.clock.stop()
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
        """Only this seat's own tiles: the others' racks are counts, drawn as backs. Between hands, the new
        deal's while the leader or a redeal is chosen."""
        if self.hand is None:
            return self.dealt if seat == self.own_seat else ()
        view = self.view
        return view.tiles if view is not None and seat == view.seat else ()

    def rack_size(self, seat: int) -> int:
        if self.hand is None:
            return len(self.dealt) if self.dealt and 0 <= seat < len(self.seats) else 0  # every seat is dealt alike
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

    def hand_proof(self) -> FairDeal | None:
        return None  # the room's panel says whether each deal checked out

    @property
    def thinking(self) -> int | None:
        return None  # a CPU of the room thinks on the server

    @property
    def duplicate(self) -> DuplicateMatch | None:
        return None  # rooms play matches

    @property
    def practice(self) -> bool:
        return False  # nothing is taken back in a room

    @property
    def archive(self) -> list[tuple[Deal, Hand]]:
        return []  # a seat never sees how the others were dealt: no coach in a room

    def next_deal_waits(self) -> bool:
        return self.sealed_fingerprint() is not None

    def people(self) -> list[int]:
        return [self.own_seat] if self.own_seat >= 0 else []

    def is_human(self, seat: int) -> bool:
        return seat == self.own_seat and seat >= 0

    def _offer(self) -> Decision | None:
        """A decision besides a turn the room waits on this seat for (redeal, leader, claim, Muggins)."""
        decision = self.decision.get("decision")
        return Decision(decision) if decision in OFFERS and self.legal else None

    @property
    def waiting(self) -> Pending | None:
        """That decision as the engine names it."""
        offer, seat = self._offer(), self.own_seat
        if offer is None:
            return None
        if offer is Decision.REDEAL:
            return RedealOffer(seat, self.rules.redeal_doubles if self.rules is not None else 0)
        if offer is Decision.LEAD:
            return ChooseLeader(tuple(int(a[5:]) for a in self.legal if a.startswith("lead:") and a[5:].isdigit()))
        if offer is Decision.CLAIM:
            return ClaimWindow(seat, self.unclaimed_points())
        return MugginsWindow((seat,), self.last_mover, self.unclaimed_points())

    def unclaimed_points(self) -> int:
        """The points the last play left to claim, as the public replay of the hand counts them. A play that
        scores leaves its points unclaimed, so its Moved event gains nothing: the claim box said "Your play
        scored 0", "Claim 0" (an All Fives room, seen at 1024x700)."""
        view = self.view
        if view is not None:
            try:
                pending = view.public.pending
            except DominoError:
                pending = None
            if pending is not None:
                return pending.points
        return self.last_gains

    def human_turn(self) -> int | None:
        view = self.view
        if (
            view is not None
            and self.decision.get("decision") == Decision.TURN
            and self.legal
            and self.last_result is None
        ):
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
        if self.decision.get("decision") == Decision.CUT and self.legal:
            return str(self.decision.get("commit") or "")
        return None

    def redeal_asked_by(self) -> int | None:
        """Not told to a room's seats: the host's redealt deck is cut by the host, the guests' by the clock."""
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

    def _answer(self, decision: Decision, answer: str) -> None:
        """Send `answer` if the room waits on this seat for `decision` and offered it."""
        if self._offer() is decision and answer in self.legal:
            self.act(answer)

    def answer_redeal(self, redeal: bool) -> None:
        self._answer(Decision.REDEAL, encode_action(AnswerRedeal(redeal)))

    def choose_leader(self, seat: int) -> None:
        self._answer(Decision.LEAD, encode_action(Lead(seat)))

    def claim(self) -> None:
        self._answer(Decision.CLAIM, encode_action(CLAIM))

    def call_muggins(self, seat: int) -> None:
        self._answer(Decision.MUGGINS, encode_action(Move(MoveKind.MUGGINS, caller=self.own_seat)))

    def play_on(self) -> None:
        if self._offer() in (Decision.CLAIM, Decision.MUGGINS) and encode_action(LetGo()) in self.legal:
            self.act(encode_action(LetGo()))

    def undo(self) -> bool:
        return False

    def time_turns(self, seconds: int, on_timeout: str) -> None:
        """A room times its guests itself (the host's settings, sent with each decision)."""

    def clock_ran_out(self) -> None:
        """The room keeps the clock: it plays the timeout action for this seat and says so."""

    def request_hint(self) -> None:
        # Hints would be a CPU whispering to one player at a table of people: rooms give none.
        self.error.emit(translate("RoomWindow", "Rooms give no hints."))
