"""Hosting and joining rooms from the desktop: the lobby's "Friend (invited)" seats open a room on a server
inside this app; Game ▸ Join a room takes an invite (typed, or picked from rooms found on the network)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface, QUdpSocket
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...net import protocol
from ...net.thread import ServerThread
from ..shell.i18n import translate
from .room_window import RoomWindow


def lan_address() -> str:
    """This computer's address on the local network, for the invite (loopback if it has none)."""
    for address in QNetworkInterface.allAddresses():
        if address.protocol() is QAbstractSocket.NetworkLayerProtocol.IPv4Protocol and not address.isLoopback():
            return address.toString()
    return "127.0.0.1"


def room_request(lobby: Any, name: str) -> dict[str, Any] | str:
    """The `create` message for the lobby's table, or why it cannot be a room. The first person at this
    screen is the host's seat; CPUs and empty seats (when CPUs fill them) stay CPUs."""
    players = lobby.players.value()
    level = str(lobby.level.currentData())
    seats: list[str] = []
    for row in lobby.seat_rows[:players]:
        kind = row.kind.currentData()
        if kind == "person":
            if "host" in seats:
                return translate("NetDialogs", "only one person plays at this screen in a room: invite the others")
            seats.append("host")
        elif kind == "friend":
            seats.append("friend")
        elif kind == "empty" and not lobby.fill.isChecked():
            return translate("NetDialogs", "seat {n} is empty: fill it, or let CPUs fill empty seats").format(
                n=len(seats) + 1
            )
        else:
            seats.append(f"cpu:{level}")
    if "host" not in seats:
        return translate("NetDialogs", "one seat must be yours (a person at this screen)")
    request = {
        "t": "create",
        "name": name,
        "preset": lobby.current_preset(),
        "options": lobby.options(),
        "seats": seats,
        "wait_s": 30,
        "cpu_delay_ms": 700,
        "lan": True,
    }
    turn_s = int(lobby.timer.currentData() or 0)  # the lobby's turn timer times the guests; Off: the server's default
    return {**request, "turn_s": turn_s} if turn_s else request


def host_name(lobby: Any) -> str:
    """The name the room shows for the host's seat: the lobby's person, but not the lobby's default "You",
    which every guest read as themselves ("You's table", "Seat 1 · You · host")."""
    name = next((row.name.text().strip() for row in lobby.seat_rows if row.kind.currentData() == "person"), "")
    return name if name and name != translate("LobbyPage", "You") else translate("NetDialogs", "Host")


HOSTS: list[RoomHost] = []
ROOM_FILE = "room.json"


class RoomHost:
    """The server a hosting desktop runs for its room, and the window of the host's own seat."""

    def __init__(
        self,
        request: dict[str, Any],
        parent: QWidget | None = None,
        port: int = protocol.DEFAULT_PORT,
        discovery_port: int = protocol.DISCOVERY_PORT,
        save_path: Path | None = None,
    ) -> None:
        """`request` is a `create` message, or a saved room (with its "record") to open again."""
        self.server = ServerThread(save_path)
        saved = "record" in request
        bound = self.server.start(port=int(request.get("port", port)) if saved else port, discovery_port=discovery_port)
        first = request
        if saved:
            try:
                code = self.server.restore(request)
            except Exception:
                self.server.stop()
                raise
            first = {"t": "rejoin", "code": code, "token": request["seats"][_host_seat(request)]["token"]}
        self.window = RoomWindow("127.0.0.1", bound, first, f"{lan_address()}:{bound}", parent)
        self.window.closedRoom.connect(self.stop)

    def stop(self) -> None:
        self.server.stop()


def _host_seat(saved: dict[str, Any]) -> int:
    return list(saved["config"]["seats"]).index("host")


def room_file(window: QMainWindow) -> Path | None:
    """Where the host's open room is kept beside the autosave (None when the window keeps no saves)."""
    autosave = getattr(window, "autosave", None)
    return None if autosave is None else Path(autosave.folder) / ROOM_FILE


def _show(host: RoomHost) -> RoomHost:
    HOSTS.append(host)  # kept until its window closes, which stops its server
    host.window.closedRoom.connect(lambda: HOSTS.remove(host) if host in HOSTS else None)
    host.window.show()
    return host


def reopen_room(window: QMainWindow) -> RoomHost | None:
    """Open the room kept from the last session again; its players rejoin with their seats' tokens."""
    path = room_file(window)
    status = window.statusBar()
    if path is None or not path.exists():
        status.showMessage(translate("NetDialogs", "There is no room to reopen."), 6000)
        return None
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        return _show(RoomHost(saved, window, save_path=path))
    except (OSError, ValueError, KeyError, TypeError, protocol.ProtocolError) as exc:
        status.showMessage(translate("NetDialogs", "The room cannot be reopened: {reason}").format(reason=exc), 8000)
        return None


def host_on_server(window: QMainWindow, lobby: Any, address: str | None = None) -> RoomWindow | None:
    """Open a room for the lobby's table on a room server (`dominoes-desktop serve`) instead of here."""
    if address is None:
        address, ok = QInputDialog.getText(
            window,
            translate("NetDialogs", "Host on a server"),
            translate("NetDialogs", "The server's address (like example.org:47815):"),
        )
        if not ok:
            return None
    host, colon, port_text = address.strip().rpartition(":")
    if not colon or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        window.statusBar().showMessage(
            translate("NetDialogs", "A server's address reads like example.org:47815."), 8000
        )
        return None
    request = room_request(lobby, host_name(lobby))
    if isinstance(request, str):
        window.statusBar().showMessage(translate("NetDialogs", "Cannot start: {reason}.").format(reason=request), 8000)
        return None
    room = RoomWindow(host.strip("[]"), int(port_text), request, address.strip(), window)
    room.show()
    return room


def host_room(window: QMainWindow, lobby: Any) -> RoomHost | None:
    """Open a room for the lobby's table (the lobby's "Friend (invited)" seats) and show its invite."""
    request = room_request(lobby, host_name(lobby))
    if isinstance(request, str):
        lobby.problem.setText(translate("NetDialogs", "Cannot start: {reason}.").format(reason=request))
        return None
    try:
        host = RoomHost(request, window, save_path=room_file(window))
    except OSError as exc:
        lobby.problem.setText(translate("NetDialogs", "Cannot open a room: {reason}.").format(reason=exc))
        return None
    return _show(host)


class JoinDialog(QDialog):
    """Type an invite or pick a room found on the local network; give a name; join."""

    def __init__(self, parent: QWidget | None = None, discovery_port: int = protocol.DISCOVERY_PORT) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Join a room"))
        self.invite = QLineEdit()
        self.invite.setPlaceholderText("192.168.1.20:47815 K7Q-2MX")
        self.invite.setAccessibleName(self.tr("Invite"))
        self.name = QLineEdit()
        self.name.setMaxLength(protocol.MAX_NAME)
        self.name.setAccessibleName(self.tr("Your name"))
        self.found = QListWidget()
        self.found.setAccessibleName(self.tr("Rooms on this network"))
        self.found.currentItemChanged.connect(self._picked)
        self.search = QPushButton(self.tr("Search the network again"))
        self.search.clicked.connect(self.discover)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Invite:"), self.invite)
        form.addRow(self.tr("Your name:"), self.name)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Join"))
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("Rooms found on this network:")))
        layout.addWidget(self.found)
        layout.addWidget(self.search)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.choice: tuple[str, int, str] | None = None
        # Each room found, by its identity (port, code, host's name): the address it is listed at, and its line.
        self._rooms: dict[tuple[int, str, str], tuple[str, QListWidgetItem]] = {}
        self._port = discovery_port
        self._udp = QUdpSocket(self)
        self._udp.readyRead.connect(self._answers)
        self._udp.bind(QHostAddress(QHostAddress.SpecialAddress.AnyIPv4), 0)
        QTimer.singleShot(0, self.discover)

    def discover(self) -> None:
        self.found.clear()
        self._rooms.clear()
        for target in (QHostAddress(QHostAddress.SpecialAddress.Broadcast), QHostAddress("127.0.0.1")):
            self._udp.writeDatagram(protocol.DISCOVERY_MAGIC, target, self._port)

    def _answers(self) -> None:
        while self._udp.hasPendingDatagrams():
            datagram = self._udp.receiveDatagram()
            host = datagram.senderAddress().toString().removeprefix("::ffff:")
            try:
                reply = json.loads(bytes(datagram.data().data()))
                port = int(reply["port"])
                rooms = list(reply["rooms"])
            except (ValueError, KeyError, TypeError):
                continue
            for room in rooms:
                if isinstance(room, dict) and isinstance(room.get("code"), str):
                    self.add_room(host, port, room)

    def add_room(self, address: str, port: int, room: dict[str, Any]) -> None:
        """List one announced room. A room heard twice (as 192.0.2.2 and, from this computer, as 127.0.0.1) is
        one room: it keeps one line, with the network address, which friends' invites use too."""
        key = (port, str(room["code"]), str(room.get("host", "")))
        known = self._rooms.get(key)
        if known is not None:
            if not (QHostAddress(known[0]).isLoopback() and not QHostAddress(address).isLoopback()):
                return
            item = known[1]
        else:
            item = QListWidgetItem()
            self.found.addItem(item)
        self._rooms[key] = (address, item)
        invite = f"{address}:{port} {room['code']}"
        item.setText(
            self.tr("{host}'s table · {free} free seat(s) · {invite}").format(
                host=str(room.get("host", "?"))[:24], free=int(room.get("free", 0)), invite=invite
            )
        )
        item.setData(256, invite)
        if self.found.currentItem() is item:
            self._picked(item)
        self._fit_rooms()

    def _fit_rooms(self) -> None:
        """The list as wide as its longest line (the address at its end was cut), up to most of the screen."""
        metrics = self.found.fontMetrics()
        widest = max(
            (metrics.horizontalAdvance(self.found.item(i).text()) for i in range(self.found.count())), default=0
        )
        screen = self.screen().availableGeometry().width() if self.screen() is not None else 1024
        want = min(
            widest + 2 * self.found.frameWidth() + self.found.verticalScrollBar().sizeHint().width() + 16, screen - 80
        )
        if want > self.found.minimumWidth():
            self.found.setMinimumWidth(want)
            self.adjustSize()

    def _picked(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.invite.setText(str(item.data(256)))

    def _accept(self) -> None:
        try:
            self.choice = protocol.parse_invite(self.invite.text())
        except ValueError as exc:
            self.problem.setText(self.tr("That invite cannot be read: {why}.").format(why=exc))
            return
        if not self.name.text().strip():
            self.problem.setText(self.tr("Give your name, so the table knows who you are."))
            return
        self.accept()


def join_room(window: QWidget, dialog: JoinDialog | None = None) -> RoomWindow | None:
    dialog = dialog or JoinDialog(window)
    if dialog.exec() != QDialog.DialogCode.Accepted or dialog.choice is None:
        return None
    host, port, code = dialog.choice
    room = RoomWindow(host, port, {"t": "join", "code": code, "name": dialog.name.text().strip()}, parent=window)
    room.show()
    return room
