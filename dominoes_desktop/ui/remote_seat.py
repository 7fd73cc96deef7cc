"""A window that plays one seat of a room over the network: the host's own seat or an invited friend's.

It knows only what the room sends this seat (its view, public events, the room's state and table talk)
and answers the decisions the room hands it. Every deal is checked when the host reveals it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..net import protocol
from ..net.client import DealChecker
from .i18n import translate
from .net_client import RoomSocket

PHRASES = {
    "good_play": QT_TRANSLATE_NOOP("RoomWindow", "Good play!"),
    "six_love": QT_TRANSLATE_NOOP("RoomWindow", "Six-love!"),
    "well_played": QT_TRANSLATE_NOOP("RoomWindow", "Well played, partner."),
    "oops": QT_TRANSLATE_NOOP("RoomWindow", "Oops!"),
    "hurry": QT_TRANSLATE_NOOP("RoomWindow", "Your turn!"),
    "thanks": QT_TRANSLATE_NOOP("RoomWindow", "Thanks!"),
    "good_game": QT_TRANSLATE_NOOP("RoomWindow", "Good game!"),
    "hello": QT_TRANSLATE_NOOP("RoomWindow", "Hello, everyone!"),
}
AUTO_CUT_MS = 4000  # a player who does not cut in time has the app cut for them (still their own cut)


class RoomWindow(QWidget):
    """Plays one seat of a room. `address` is the invite's host:port, shown (with the code) to the host."""

    closedRoom = Signal()

    def __init__(
        self, host: str, port: int, first: dict[str, Any], address: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setWindowTitle(self.tr("Dominoes Desktop: room"))
        self.resize(900, 640)
        self.server = (host, port)
        self.address = address or f"{host}:{port}"
        self.code = ""
        self.seat = -1
        self.token = ""
        self.host_seat = 0
        self.state = "lobby"
        self.names: list[str] = []
        self.view: dict[str, Any] = {}
        self.decision: dict[str, Any] = {}
        self.moves: list[str] = []
        self.checker = DealChecker()
        self.ended = False
        self.muted: set[int] = set()
        self._build()
        self.socket = RoomSocket(self)
        self._attach(self.socket)
        self.socket.open(host, port, first)
        self._auto_cut = QTimer(self)
        self._auto_cut.setSingleShot(True)
        self._auto_cut.timeout.connect(self.cut)

    # ---- layout ----------------------------------------------------------------------------------

    def _build(self) -> None:
        self.invite = QLabel()
        self.invite.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy = QPushButton(self.tr("Copy invite"))
        self.copy.clicked.connect(self.copy_invite)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.clicked.connect(lambda: self.socket.send({"t": "start"}))
        self.reconnect = QPushButton(self.tr("Reconnect"))
        self.reconnect.clicked.connect(self.rejoin)
        self.reconnect.hide()
        top = QHBoxLayout()
        top.addWidget(self.invite, 1)
        top.addWidget(self.copy)
        top.addWidget(self.start_button)
        top.addWidget(self.reconnect)

        self.seats = QListWidget()
        self.seats.setAccessibleName(self.tr("Players (tick to mute)"))
        self.seats.itemChanged.connect(self._mute_changed)
        people = QGroupBox(self.tr("Players (tick to mute)"))
        QVBoxLayout(people).addWidget(self.seats)

        self.status = QLabel(self.tr("Connecting…"))
        self.status.setObjectName("roomStatus")
        self.status.setWordWrap(True)
        self.table = QLabel()
        self.table.setWordWrap(True)
        self.table.setObjectName("roomTable")
        self.hand = QLabel()
        self.hand.setObjectName("roomHand")
        self.actions_box = QHBoxLayout()
        self.actions_box.addStretch(1)
        self.fairness = QLabel()
        self.fairness.setWordWrap(True)
        self.counts = QLabel()
        self.counts.setWordWrap(True)
        play = QGroupBox(self.tr("Table"))
        grid = QGridLayout(play)
        grid.addWidget(self.status, 0, 0)
        grid.addWidget(self.counts, 6, 0)
        grid.addWidget(self.table, 1, 0)
        grid.addWidget(QLabel(self.tr("Your tiles:")), 2, 0)
        grid.addWidget(self.hand, 3, 0)
        grid.addLayout(self.actions_box, 4, 0)
        grid.addWidget(self.fairness, 5, 0)

        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setAccessibleName(self.tr("What happened"))
        self.phrase = QComboBox()
        for key, text in PHRASES.items():
            self.phrase.addItem(translate("RoomWindow", text), key)
        say_phrase = QPushButton(self.tr("Say"))
        say_phrase.clicked.connect(lambda: self.socket.send({"t": "chat", "phrase": self.phrase.currentData()}))
        self.chat = QLineEdit()
        self.chat.setMaxLength(protocol.MAX_CHAT)
        self.chat.setPlaceholderText(self.tr("Say something short…"))
        self.chat.returnPressed.connect(self.say)
        talk = QHBoxLayout()
        talk.addWidget(self.phrase)
        talk.addWidget(say_phrase)
        talk.addWidget(self.chat, 1)

        side = QVBoxLayout()
        side.addWidget(people, 1)
        main = QHBoxLayout()
        main.addWidget(play, 2)
        main.addLayout(side, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(main, 3)
        layout.addWidget(self.log, 2)
        layout.addLayout(talk)
        self.setStyleSheet(
            "#roomHand { font: bold 18px monospace; } #roomTable { font: 15px monospace; }"
            " #roomStatus { font-weight: bold; } QPushButton[tile='true'] { font: bold 15px monospace;"
            " padding: 6px 10px; }"
        )

    def _attach(self, socket: RoomSocket) -> None:
        socket.received.connect(self.receive)
        socket.closed.connect(self._closed)

    # ---- messages --------------------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        self.checker.see(message)
        kind = message.get("t")
        if kind == "joined":
            self.code, self.seat, self.token = message["code"], message["seat"], message["token"]
            self.reconnect.hide()
            self._show_invite()
        elif kind == "room":
            self._room(message)
        elif kind == "view":
            self._view(message)
        elif kind == "event":
            self._event(message)
        elif kind == "chat":
            self._chat(message)
        elif kind == "error":
            self.say_log(self.tr("The room refused that: {why}").format(why=message.get("msg", "")))
        elif kind == "host_left":
            self.ended = True
            self._clear_actions()
            if self.token and self.seat != self.host_seat and self.state == "playing":
                # The host may reopen the room from their save: the seat's token takes it back then.
                self.status.setText(self.tr("The host has left. If they reopen the room, press Reconnect."))
                self.reconnect.show()
            else:
                self.status.setText(self.tr("The host has left: this room is closed."))

    def _room(self, message: dict[str, Any]) -> None:
        self.state = message["state"]
        self.host_seat = message["host_seat"]
        self.seats.blockSignals(True)
        self.seats.clear()
        self.names = []
        for seat in message["seats"]:
            cpu_name = self.tr("CPU {n}").format(n=seat["seat"] + 1)
            name = seat["name"] or (cpu_name if seat["kind"] == "cpu" else self.tr("(waiting)"))
            self.names.append(name)
            if seat["kind"] == "host":
                where = self.tr("host")
            elif seat["cpu"]:
                where = self.tr("a CPU plays") if seat["kind"] == "cpu" else self.tr("away: a CPU plays")
            elif seat["connected"]:
                where = self.tr("here")
            else:
                where = self.tr("away")
            item = QListWidgetItem(
                self.tr("Seat {n} · {name} · {where}").format(n=seat["seat"] + 1, name=name, where=where)
            )
            if seat["seat"] != self.seat and seat["kind"] != "cpu":
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if seat["seat"] in self.muted else Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.UserRole, seat["seat"])
            self.seats.addItem(item)
        self.seats.blockSignals(False)
        is_host = self.seat == self.host_seat
        self.start_button.setVisible(is_host and self.state == "lobby")
        if self.state == "lobby":
            self.status.setText(
                self.tr("Invite players, then press Start.") if is_host else self.tr("Waiting for the host to start.")
            )
        elif self.state == "over":
            self.status.setText(self.tr("The match is over."))

    def _show_invite(self) -> None:
        self.invite.setText(self.tr("Invite: {address}  code {code}").format(address=self.address, code=self.code))
        self.setWindowTitle(self.tr("Dominoes Desktop: room {code}").format(code=self.code))

    def invite_text(self) -> str:
        return f"{self.address} {self.code}"

    def copy_invite(self) -> None:
        QGuiApplication.clipboard().setText(self.invite_text())
        self.say_log(self.tr("Invite copied: {invite}").format(invite=self.invite_text()))

    def _view(self, message: dict[str, Any]) -> None:
        self.decision = message
        self.view = message["view"]
        self.moves = [f"{m['move']}" for m in self.view.get("moves", [])]
        self.hand.setText("  ".join(f"[{t}]" for t in self.view.get("hand", [])))
        self._draw_table()
        sizes = self.view.get("hand_sizes")
        if sizes:
            tiles = " · ".join(f"{self._name(i)} {n}" for i, n in enumerate(sizes))
            scores = " : ".join(str(x) for x in self.view.get("scores", []))
            self.counts.setText(self.tr("Tiles in hand: {tiles}. Scores: {scores}").format(tiles=tiles, scores=scores))
        legal: list[str] = message["legal"]
        self._clear_actions()
        if not legal:
            if message["decision"] != "cut":
                self.status.setText(self.tr("Waiting for the others…"))
            return
        decision = message["decision"]
        if decision == "cut":
            fingerprint = str(message.get("commit") or "")[:12]
            self.status.setText(self.tr("Cut the deck: the deal's fingerprint is {f}…").format(f=fingerprint))
            self._action_button(self.tr("Cut the deck"), self.cut)
            self._auto_cut.start(AUTO_CUT_MS)
            return
        self.status.setText(
            {
                "turn": self.tr("Your turn."),
                "redeal": self.tr("You were dealt five doubles: deal again?"),
                "lead": self.tr("Your side chooses who leads."),
                "claim": self.tr("You scored points: claim them!"),
                "muggins": self.tr("They missed their points: call Muggins?"),
            }.get(decision, decision)
        )
        for action in legal:
            self._action_button(self._word(action), lambda checked=False, a=action: self.act(a), tile="-" in action)

    def _word(self, action: str) -> str:
        if action == "pass":
            return self.tr("Pass")
        if action == "draw":
            return self.tr("Draw")
        if action == "claim":
            return self.tr("Claim")
        if action == "decline":
            return self.tr("Let it go")
        if action == "redeal":
            return self.tr("Deal again")
        if action == "keep":
            return self.tr("Keep these tiles")
        if action.startswith("lead:"):
            seat = int(action.split(":")[1])
            return self.tr("{name} leads").format(name=self._name(seat))
        if action.startswith("muggins:"):
            return self.tr("Muggins!")
        tile, at, end = action.partition("@")
        return self.tr("{tile} on {end}").format(tile=tile, end=end) if at else tile

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else self.tr("Seat {n}").format(n=seat + 1)

    def _action_button(self, text: str, slot: Any, tile: bool = False) -> None:
        button = QPushButton(text)
        button.setProperty("tile", tile)
        button.clicked.connect(slot)
        self.actions_box.insertWidget(self.actions_box.count() - 1, button)

    def action_buttons(self) -> list[QPushButton]:
        found = []
        for i in range(self.actions_box.count()):
            item = self.actions_box.itemAt(i)
            widget = item.widget() if item is not None else None
            if isinstance(widget, QPushButton):
                found.append(widget)
        return found

    def _clear_actions(self) -> None:
        self._auto_cut.stop()
        for button in self.action_buttons():
            self.actions_box.removeWidget(button)
            button.hide()  # at once: deletion waits for the event loop
            button.deleteLater()

    def _draw_table(self) -> None:
        shown = [m for m in self.moves if m not in ("pass", "draw")]
        self.table.setText(self.tr("On the table: {moves}").format(moves=" · ".join(shown) or self.tr("nothing yet")))

    def act(self, action: str) -> None:
        self.socket.send({"t": "act", "d": self.decision.get("d", 0), "action": action})
        self._clear_actions()

    def cut(self) -> None:
        if self.decision.get("decision") == "cut" and self.decision.get("legal"):
            self.act(f"cut:{self.checker.cut()}")
            self.decision = {}
            self.status.setText(self.tr("You cut the deck. Waiting for the others…"))

    def _event(self, message: dict[str, Any]) -> None:
        kind = message["e"]
        name = self._name(int(message.get("seat", -1)))
        if kind == "move":
            self.moves.append(message["move"])
            self._draw_table()
            self.say_log(self.tr("{name}: {move}").format(name=name, move=self._word(message["move"])))
        elif kind == "hand_start":
            self.moves = []
            self.say_log(
                self.tr("Hand {n}: {name} leads.").format(n=message["hand"] + 1, name=self._name(message["leader"]))
            )
        elif kind == "hand_end":
            scores = " : ".join(str(s) for s in message["scores"])
            self.say_log(self.tr("Hand {n} is over. Scores: {scores}").format(n=message["hand"] + 1, scores=scores))
            self._fairness()
        elif kind == "match_end":
            self.say_log(self.tr("The match is over."))
        elif kind == "commit":
            self.fairness.setText(self.tr("This deal's fingerprint: {f}").format(f=str(message["digest"])[:16]))
        elif kind == "dropped":
            self.say_log(
                self.tr("{name} lost the connection; a CPU plays for them in {n} s unless they return.").format(
                    name=name, n=round(message["wait_s"])
                )
            )
        elif kind == "cpu_takeover":
            self.say_log(self.tr("A CPU now plays for {name}.").format(name=name))
        elif kind == "rejoined":
            self.say_log(self.tr("{name} is back.").format(name=name))
        elif kind == "redeal":
            self.say_log(self.tr("{name} asks for a new deal.").format(name=name))

    def _fairness(self) -> None:
        if self.checker.failures:
            self.fairness.setText(self.tr("This deal did NOT check out: {why}").format(why=self.checker.failures[-1]))
        elif self.checker.verified:
            self.fairness.setText(self.tr("Deals checked and fair: {n}").format(n=self.checker.verified))

    def _chat(self, message: dict[str, Any]) -> None:
        phrase = message.get("phrase")
        text = translate("RoomWindow", PHRASES[phrase]) if phrase in PHRASES else str(message.get("text", ""))
        self.say_log(self.tr("{name} says: {text}").format(name=message.get("name", "?"), text=text))

    def say(self) -> None:
        text = self.chat.text().strip()
        if text:
            self.socket.send({"t": "chat", "text": text})
            self.chat.clear()

    def _mute_changed(self, item: QListWidgetItem) -> None:
        seat = int(item.data(Qt.ItemDataRole.UserRole))
        on = item.checkState() is Qt.CheckState.Checked
        (self.muted.add if on else self.muted.discard)(seat)
        self.socket.send({"t": "mute", "seat": seat, "on": on})

    def say_log(self, text: str) -> None:
        self.log.appendPlainText(text)

    # ---- connection ------------------------------------------------------------------------------

    def _closed(self, why: str) -> None:
        self._clear_actions()
        if self.ended:
            return
        if self.token and self.seat != self.host_seat and self.state == "playing":
            self.status.setText(self.tr("Connection lost. Your seat is kept: reconnect to take it back."))
            self.reconnect.show()
        else:
            self.status.setText(self.tr("Disconnected. {why}").format(why=why))

    def rejoin(self) -> None:
        self.ended = False
        self.reconnect.hide()
        self.status.setText(self.tr("Reconnecting…"))
        old = self.socket
        old.silence()
        old.deleteLater()
        self.socket = RoomSocket(self)
        self._attach(self.socket)
        self.socket.open(*self.server, {"t": "rejoin", "code": self.code, "token": self.token})

    def closeEvent(self, event: QCloseEvent) -> None:
        self.ended = True
        self.socket.silence()
        self.socket.drop()
        self.closedRoom.emit()
        super().closeEvent(event)
