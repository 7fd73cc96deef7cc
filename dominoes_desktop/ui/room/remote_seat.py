"""A window that plays one seat of a room over the network: the host's own seat or an invited friend's.

It knows only what the room sends this seat (its view, public events, the room's state and table talk)
and answers the decisions the room hands it. Every deal is checked when the host reveals it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
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

from ...engine.errors import DominoError
from ...engine.moves import MoveKind, parse_move
from ...engine.presets import build_rules
from ...engine.rules import Rules
from ...net import protocol
from ...net.client import DealChecker
from ..look.flags import flag_pixmap
from ..look.look_style import palette, stylesheet, text_on
from ..look.looks import Look
from ..play.fair_deal import CutPanel
from ..shell.i18n import translate
from .net_client import RoomSocket
from .room_table import RoomSeat, RoomTableView

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
# A player who has not cut this long before the host's app would cut for them has the clock cut for them
# (still their own cut): the room never waits on a cut, and the cut is never the host's.
CUT_BEFORE_HOST_S = 1.5
LEAST_CUT_WAIT_MS = 3000
SIDE_LEAST, SIDE_MOST = 260, 400  # the side panel's width, in pixels


class RoomWindow(QWidget):
    """Plays one seat of a room. `address` is the invite's host:port, shown (with the code) to the host."""

    closedRoom = Signal()

    autoCutChanged = Signal(bool)  # "Cut the deck for me" ticked or unticked on the cut panel

    def __init__(
        self,
        host: str,
        port: int,
        first: dict[str, Any],
        address: str = "",
        parent: QWidget | None = None,
        look: Look | None = None,
        auto_cut: bool | None = None,
    ) -> None:
        """`look` and `auto_cut` default to the parent window's (the game's look and "Cut the deck for me")."""
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setWindowTitle(self.tr("Dominoes Desktop: room"))
        # 1100x720, or less on a smaller screen: on a 1024x700 laptop the room's side panel started off screen.
        free = self.screen().availableGeometry().size()
        self.resize(QSize(min(1100, free.width() - 16), min(720, free.height() - 40)).expandedTo(QSize(640, 480)))
        found = getattr(parent, "look", None)
        self.look = look or (found if isinstance(found, Look) else Look())
        settings = getattr(parent, "settings", None)
        if auto_cut is None:
            auto_cut = bool(settings.auto_cut()) if settings is not None and hasattr(settings, "auto_cut") else False
        if settings is not None and hasattr(settings, "save_auto_cut"):
            self.autoCutChanged.connect(settings.save_auto_cut)
        self.auto_cut = auto_cut
        self.wait_s = 30.0
        self.rules: Rules | None = None
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
        self._cut_sent: object = None  # the decision number of the cut this app sent (one cut a deal)
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
        self._auto_cut.timeout.connect(lambda: self.cut(("clock",)))
        self.apply_look(self.look)

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

        # The table: the local game's scene and view, drawn from this seat's view of the room.
        self.seat_model = RoomSeat(self)
        self.seat_model.acted.connect(self.act)
        self.board = RoomTableView(self.seat_model, self.look)
        self.board.setMinimumSize(480, 360)
        self.board.status.connect(self._board_says)
        self.board.rulesRequested.connect(self.show_rules)
        # Hints would be a CPU whispering to one player at a table of people: rooms give none.
        self.board.hintRequested.connect(self._no_hints)
        self.cut_panel = CutPanel(compact=False, parent=self.board)
        self.cut_panel.cutRequested.connect(self.cut)
        self.cut_panel.autoCutChanged.connect(self._auto_cut_changed)
        self.board.installEventFilter(self)
        self.actions_box = QHBoxLayout()
        self.actions_box.addStretch(1)
        table = QVBoxLayout()
        table.setContentsMargins(0, 0, 0, 0)
        table.addWidget(self.board, 1)
        table.addLayout(self.actions_box)

        # Beside it, like the local game's side panel: where the game stands, who is here, table talk.
        self.status = QLabel(self.tr("Connecting…"))
        self.status.setObjectName("roomStatus")
        self.status.setWordWrap(True)
        self.counts = QLabel()
        self.counts.setObjectName("roomScores")
        self.counts.setWordWrap(True)
        self.fairness = QLabel()
        self.fairness.setWordWrap(True)
        self.fairness.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.seats = QListWidget()
        self.seats.setAccessibleName(self.tr("Players (tick to mute)"))
        self.seats.itemChanged.connect(self._mute_changed)
        people = QGroupBox(self.tr("Players (tick to mute)"))
        QVBoxLayout(people).addWidget(self.seats)
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
        phrases = QHBoxLayout()
        phrases.addWidget(self.phrase, 1)
        phrases.addWidget(say_phrase)
        self.side = QFrame()
        self.side.setObjectName("roomSide")
        self.side.setFixedWidth(SIDE_LEAST)
        side = QVBoxLayout(self.side)
        side.setContentsMargins(8, 0, 0, 0)
        side.addWidget(self.status)
        side.addWidget(self.counts)
        side.addWidget(self.fairness)
        side.addWidget(people, 1)
        side.addWidget(self.log, 2)
        side.addLayout(phrases)
        side.addWidget(self.chat)

        main = QHBoxLayout()
        main.addLayout(table, 1)
        main.addWidget(self.side)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.addLayout(top)
        layout.addLayout(main, 1)

    def apply_look(self, look: Look) -> None:
        """The local look (theme, finish, pips, flag backs) on this room's table and panel."""
        self.look = look
        self.setPalette(palette(look.theme))
        theme = look.theme
        log_text = text_on(theme.log, theme.panel_text)
        # The window's own additions to the game's style: the table talk reads like the side panel's lists.
        self.setStyleSheet(
            stylesheet(look) + f" RoomWindow {{ background: {theme.panel}; }}"
            f" QPlainTextEdit {{ background: {theme.log}; color: {log_text}; border: 1px solid {theme.accent};"
            " border-radius: 6px; }"
            f" QListWidget::indicator {{ width: 12px; height: 12px; border: 2px solid {theme.accent};"
            f" border-radius: 3px; background: {theme.log}; }}"
            f" QListWidget::indicator:checked {{ background: {theme.accent}; }}"
            " #roomStatus { font-weight: bold; font-size: 15px; } #roomScores { font-size: 14px; }"
        )
        self.board.apply_look(look, flag_pixmap(look.flag))
        self.cut_panel.set_theme(look.theme)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.PaletteChange):
            # The game window restyles itself when its look changes: the room's table follows it.
            found = getattr(self.parentWidget(), "look", None)
            if isinstance(found, Look) and hasattr(self, "board") and found != self.look:
                self.apply_look(found)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.board and event.type() == QEvent.Type.Resize:
            self._place_cut_panel()
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        # The side panel keeps one width whatever its texts say, so the table does not jump as they change.
        self.side.setFixedWidth(max(SIDE_LEAST, min(SIDE_MOST, int(self.width() * 0.27))))
        super().resizeEvent(event)

    def _place_cut_panel(self) -> None:
        panel, rect = self.cut_panel, self.board.rect()
        panel.adjustSize()
        panel.move((rect.width() - panel.width()) // 2, max(0, (rect.height() - panel.height()) // 2 - 40))

    def _float_points(self, move: str, gains: Any) -> None:
        """End points scored by a play rise from the tile, as at home."""
        points = max((g for g in gains if isinstance(g, int)), default=0) if isinstance(gains, list) else 0
        played = parse_move(move)
        if points > 0 and played.kind is MoveKind.PLAY and played.tile is not None:
            tile = played.tile
            QTimer.singleShot(0, self.board, lambda: self.board.table.float_text(f"+{points}", tile))

    def show_rules(self) -> None:
        """The house rules of this room (the table's ? key)."""
        from ..shell.main_window import RulesDialog  # the main window imports this module: imported when asked

        if self.rules is not None:
            RulesDialog(self.rules, self).show()

    def _no_hints(self) -> None:
        self.status.setText(self.tr("Rooms give no hints."))

    def _board_says(self, text: str) -> None:
        self.status.setText(text)

    def _attach(self, socket: RoomSocket) -> None:
        socket.received.connect(self.receive)
        socket.closed.connect(self._closed)

    # ---- messages --------------------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        self.checker.see(message)
        kind = message.get("t")
        if kind == "joined":
            self.code, self.seat, self.token = message["code"], message["seat"], message["token"]
            self.seat_model.own_seat = self.seat
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
        self.wait_s = float(message.get("wait_s", self.wait_s))
        if self.rules is None:
            try:
                self.rules = build_rules(str(message.get("preset", "")), dict(message.get("options") or {}))
            except (DominoError, TypeError, ValueError):
                self.rules = None  # the scores are then shown per side number
        self.seats.blockSignals(True)
        self.seats.clear()
        self.names = []
        for seat in message["seats"]:
            # Numbered as the lobby numbers them (player 3 is "CPU 2"): the room called the lobby's CPU 2 "CPU 3".
            cpu_name = self.tr("CPU {n}").format(n=seat["seat"])
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
        self.seat_model.names = list(self.names)
        self.seat_model.stateChanged.emit()
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
        decision = message["decision"]
        legal: list[str] = message["legal"]
        self._clear_actions()
        if decision == "cut":
            # Between hands the view has no hand in it: the table keeps the hand just finished, face up.
            self.seat_model.show(self.view, "cut", [])
            # The room may send the cut again while this app's cut is on its way: one cut a deal, or the deal
            # check would hold a cut the room never used.
            if not legal or message.get("d") == self._cut_sent:
                self.cut_panel.hide()
                return
            self._offer_cut(str(message.get("commit") or ""))
            return
        self.cut_panel.hide()
        self.moves = [str(m["move"]) for m in self.view.get("moves", [])]
        self.seat_model.show(self.view, decision, legal if decision == "turn" else [])
        self._show_scores(self.view.get("scores", []))
        if not legal:
            self._show_waiting()
            return
        if decision == "turn":
            plays = any("-" in action for action in legal)
            self.status.setText(
                self.tr("Your turn: click a raised tile, or drag it onto an end.")
                if plays
                else self.tr("Your turn: nothing of yours fits.")
            )
            for action, kind in (("draw", MoveKind.DRAW), ("pass", MoveKind.PASS)):
                if action in legal:
                    self._action_button(self._word(action), lambda checked=False, k=kind: self.board.draw_or_pass(k))
            self.board.setFocus()
            return
        self.status.setText(
            {
                "redeal": self.tr("You were dealt five doubles: deal again?"),
                "lead": self.tr("Your side chooses who leads."),
                "claim": self.tr("You scored points: claim them!"),
                "muggins": self.tr("They missed their points: call Muggins?"),
            }.get(decision, decision)
        )
        for action in legal:
            self._action_button(self._word(action), lambda checked=False, a=action: self.act(a))

    def _show_waiting(self) -> None:
        """Whom the table waits for, when it is someone else's turn."""
        hand = self.seat_model.hand
        if hand is not None and not hand.is_over and hand.turn != self.seat and self.seat_model.remaining is None:
            self.status.setText(self.tr("Waiting for {name}…").format(name=self._name(hand.turn)))
        else:
            self.status.setText(self.tr("Waiting for the others…"))

    def _offer_cut(self, commit: str) -> None:
        """The sealed deck on the table: the guest cuts it with a click or a key; with "Cut the deck for me"
        the clock cuts at once, and otherwise shortly before the host's app would cut for this seat."""
        self.status.setText(self.tr("Cut the deck: click it, or press Space."))
        self.cut_panel.set_theme(self.look.theme)
        self.cut_panel.show_fingerprint(commit, 1, self.auto_cut, self.auto_cut)
        self._place_cut_panel()
        self.cut_panel.raise_()
        if self.auto_cut:
            QTimer.singleShot(0, self, lambda: self.cut(("clock",)))
            return
        self.cut_panel.deck.setFocus()
        host_waits_ms = max(self.wait_s, 5.0) * 1000
        self._auto_cut.start(int(max(LEAST_CUT_WAIT_MS, host_waits_ms - CUT_BEFORE_HOST_S * 1000)))

    def _auto_cut_changed(self, on: bool) -> None:
        self.auto_cut = on
        self.autoCutChanged.emit(on)
        if on:
            self.cut(("clock",))

    def _show_scores(self, scores: list[int]) -> None:
        if not scores:
            return
        rules = self.rules
        parts = []
        for side, points in enumerate(scores):
            seats = rules.seats_of(side) if rules is not None else [side]
            names = translate("Moves", " & ").join(self._name(s) for s in seats)
            parts.append(self.tr("{names}: {points}").format(names=names, points=points))
        self.counts.setText(self.tr("Scores") + "\n" + "\n".join(parts))

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

    def act(self, action: str) -> None:
        self.socket.send({"t": "act", "d": self.decision.get("d", 0), "action": action})
        self._clear_actions()
        self.seat_model.wait()

    def cut(self, gesture: tuple[object, ...] = ()) -> None:
        """Cut the deck (a click, a key, or the clock); the cut is this app's own, whatever made it."""
        if self.decision.get("decision") == "cut" and self.decision.get("legal"):
            self._cut_sent = self.decision.get("d")
            self.act(f"cut:{self.checker.cut(gesture)}")
            self.decision = {}
            self.cut_panel.hide()
            self.status.setText(self.tr("You cut the deck. Waiting for the others…"))

    def _event(self, message: dict[str, Any]) -> None:
        kind = message["e"]
        name = self._name(int(message.get("seat", -1)))
        if kind == "move":
            self.moves.append(message["move"])
            self.seat_model.moved(int(message["seat"]), str(message["move"]))
            if not self.seat_model.legal and self.seat_model.remaining is None:
                self._show_waiting()
            self._float_points(str(message["move"]), message.get("gains"))
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
            self.seat_model.reveal([list(tiles) for tiles in message.get("remaining", [])])
            self._show_scores(list(message["scores"]))
            self.status.setText(self.tr("Hand {n} is over: every rack is face up.").format(n=message["hand"] + 1))
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
        bar = self.log.verticalScrollBar()
        bar.setValue(bar.maximum())  # the newest line in sight, even before the window was first laid out

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
