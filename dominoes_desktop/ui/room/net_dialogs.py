"""Hosting and joining rooms from the desktop: the lobby's "Friend (invited)" seats open a room on a server
inside this app; Game ▸ Join a room takes an invite (typed, or picked from rooms found on the network)."""

from __future__ import annotations

import json
import tempfile
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
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

from ...net import invite, protocol, tls, upnp
from ...net.thread import ServerThread
from ..look.form_rows import level_label
from ..look.grows import grows_with_window
from ..play.cpu_worker import desktop_pool
from ..shell.i18n import translate
from ..shell.settings import Settings
from .room_controller import UNNAMED_HOST
from .room_window import RoomWindow, seat_window


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


def host_name(lobby: Any, remembered: str = "") -> str:
    """The name the room shows for the host's seat: the lobby's person, but not the lobby's default "You",
    which every guest read as themselves ("You's table", "Seat 1 · You · host"); then the name the person last
    gave to join a room (`remembered`); else UNNAMED_HOST, which every guest's app words in its own language."""
    name = next((row.name.text().strip() for row in lobby.seat_rows if row.kind.currentData() == "person"), "")
    if name and name != translate("LobbyPage", "You"):
        return name
    return remembered.strip() or UNNAMED_HOST


def remembered_name(window: QWidget | None) -> str:
    """The name this app's person last gave to join a room ("" when none, or no game window's settings)."""
    settings = getattr(window, "settings", None)
    return settings.player_name() if isinstance(settings, Settings) else ""


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
        identity: tls.Identity | None = None,
        router_url: str | None = None,
    ) -> None:
        """`request` is a `create` message, or a saved room (with its "record") to open again. With
        `identity` (the game's own certificate) the room is private: guests pin its fingerprint. The home
        router is asked to open the room's port (UPnP; `router_url`: its description, when it does not answer
        discovery), off the UI thread; the window then says what to share and what to do if it would not."""
        self.server = ServerThread(save_path, identity, desktop_pool())  # the rooms' CPUs in the program's pool
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
        fingerprint = identity.fingerprint if identity is not None else None
        self.window = RoomWindow(
            "127.0.0.1", bound, first, f"{lan_address()}:{bound}", parent, pin=fingerprint, private=bool(fingerprint)
        )
        self.window.add_share_address(
            translate("NetDialogs", "This network: {a}").format(a=lan_address()), self.window.address
        )
        self.window.closedRoom.connect(self.stop)
        self.router = RouterCheck(self.window, bound, lan_address(), router_url)
        self.window.show_reach(translate("NetDialogs", "Asking the router to open port {port}…").format(port=bound))

    def stop(self) -> None:
        self.server.stop()
        self.router.close()


class RouterCheck(QObject):
    """Asks the home router to open the room's port on a worker thread, then tells the room window what
    friends can use: the link for this network, the internet one, or what to do by hand."""

    answered = Signal(object)  # a net.upnp.Reach, from the worker thread

    def __init__(self, window: RoomWindow, port: int, lan: str, root_url: str | None) -> None:
        super().__init__(window)
        self.window, self.port, self.root_url = window, port, root_url
        self.reach: upnp.Reach | None = None
        self._room_closed = threading.Event()  # read by the worker: the room closed before the router answered
        self.answered.connect(self._answered)  # this object lives on the UI thread: queued there
        closed, answered = self._room_closed, self.answered
        threading.Thread(
            target=_ask_router, args=(port, lan, root_url, closed, answered), name="router-port", daemon=True
        ).start()

    @Slot(object)
    def _answered(self, reach: upnp.Reach) -> None:
        self.reach = reach
        if reach.public:
            self.window.add_share_address(
                translate("NetDialogs", "The internet: {a}").format(a=reach.public), f"{reach.public}:{reach.port}"
            )
        self.window.show_reach(reach_summary(reach), reach_text(reach))

    def close(self) -> None:
        """The room is closed: the router forgets the port (best effort, off the UI thread)."""
        self._room_closed.set()
        if self.reach is not None and self.reach.opened:
            self.reach = None
            threading.Thread(target=upnp.close_port, args=(self.port, self.root_url), daemon=True).start()


def _ask_router(port: int, lan: str, root_url: str | None, closed: threading.Event, answered: Any) -> None:
    """The worker: ask, then hand the answer to the window, or, if the room closed meanwhile, take the port
    back at once (the window is gone: nobody would)."""
    reach = upnp.open_port(port, lan, root_url)
    if not closed.is_set():
        try:
            answered.emit(reach)
            return
        except RuntimeError:  # the window (and this signal's object) was deleted while the router answered
            pass
    if reach.opened:
        upnp.close_port(port, root_url)


def reach_summary(reach: upnp.Reach) -> str:
    """One line for the room's panel: can friends outside this network reach the room?"""
    if reach.opened and reach.public_is_reachable:
        return translate("NetDialogs", "Outside this network: port {port} is open.").format(port=reach.port)
    if reach.opened:
        return translate("NetDialogs", "Outside this network: not reachable (see the table talk).")
    return translate("NetDialogs", "Outside this network: forward port {port} to {lan} (see the table talk).").format(
        port=reach.port, lan=reach.lan
    )


def reach_text(reach: upnp.Reach) -> str:
    """What the host reads about friends outside this network, and what to do when they cannot reach it."""
    if reach.opened and reach.public_is_reachable:
        return translate(
            "NetDialogs",
            "The router opened port {port}: friends elsewhere join with the internet link ({public}); "
            "friends here, with the network link.",
        ).format(port=reach.port, public=reach.public)
    if reach.opened:
        return translate(
            "NetDialogs",
            "The router opened port {port}, but its internet address ({public}) is shared by your provider: "
            "friends elsewhere cannot reach this computer. Play with friends on this network, or host the table on "
            "a room server.",
        ).format(port=reach.port, public=reach.public or "?")
    return translate(
        "NetDialogs",
        "Friends on this network can join. For friends elsewhere, forward TCP port {port} to this computer "
        '({lan}) in your router\'s settings ("port forwarding"), then share the internet link. '
        "The router did not do it itself: {why}.",
    ).format(port=reach.port, lan=reach.lan, why=router_problem(reach))


def router_problem(reach: upnp.Reach) -> str:
    """Why the router did not open the port: the kind in the player's words, then the router's own, if any."""
    why = translate("NetDialogs", ROUTER_PROBLEMS.get(reach.problem, reach.problem))
    return f"{why} ({reach.detail})" if reach.detail else why


# Why the router did not open the port, in the player's words (upnp.Reach.problem's kinds; its own words, often
# errno 0's "Success", go to the log: audit26 F4).
ROUTER_PROBLEMS = {
    upnp.NO_UPNP: QT_TRANSLATE_NOOP("NetDialogs", "this build of the game cannot ask routers"),
    upnp.NO_ROUTER: QT_TRANSLATE_NOOP("NetDialogs", "no router answered (UPnP is off, or there is none)"),
    upnp.REFUSED: QT_TRANSLATE_NOOP("NetDialogs", "the router refused"),
}


_UNKEPT: list[tls.Identity] = []


def own_identity(window: QWidget | None) -> tls.Identity:
    """The game's own certificate, kept in its data folder ("tls"), made the first time a room is hosted.
    A window that keeps no files (no data folder) gets one for this run only, in a temporary folder."""
    folder = getattr(getattr(window, "store", None), "folder", None)
    if folder is not None:
        return tls.own_identity(Path(folder) / "tls")
    if not _UNKEPT:
        _UNKEPT.append(tls.make_identity(Path(tempfile.mkdtemp(prefix="dominoes-tls-"))))
    return _UNKEPT[0]


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
        return _show(RoomHost(saved, window, save_path=path, identity=own_identity(window)))
    except (OSError, ValueError, KeyError, TypeError, protocol.ProtocolError) as exc:
        status.showMessage(translate("NetDialogs", "The room cannot be reopened: {reason}").format(reason=exc), 8000)
        return None


def host_on_server(window: QMainWindow, lobby: Any, address: str | None = None) -> RoomWindow | None:
    """Open a room for the lobby's table on a room server (`dominoes-desktop serve`) instead of here."""
    if address is None:
        address, ok = QInputDialog.getText(
            window,
            translate("NetDialogs", "Host on a server"),
            translate("NetDialogs", "The server's address and fingerprint (like example.org:47815#3f2a…):"),
        )
        if not ok:
            return None
    where, _, fragment = address.strip().partition("#")
    try:
        host, port = invite._address(where, default_port=False)
        invite.check_one_computer(host)
        pin = tls.normalise_fingerprint(fragment) if fragment.strip() else None
    except ValueError:
        window.statusBar().showMessage(
            translate("NetDialogs", "A server's address reads like example.org:47815 (then # and its fingerprint)."),
            8000,
        )
        return None
    request = room_request(lobby, host_name(lobby, remembered_name(window)))
    if isinstance(request, str):
        window.statusBar().showMessage(translate("NetDialogs", "Cannot start: {reason}.").format(reason=request), 8000)
        return None
    shown = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    room = RoomWindow(host, port, request, shown, window, pin=pin)
    room.show()
    return room


def host_room(window: QMainWindow, lobby: Any) -> RoomHost | None:
    """Open a room for the lobby's table (the lobby's "Friend (invited)" seats) and show its invite."""
    request = room_request(lobby, host_name(lobby, remembered_name(window)))
    if isinstance(request, str):
        lobby.problem.setText(translate("NetDialogs", "Cannot start: {reason}.").format(reason=request))
        return None
    try:
        host = RoomHost(request, window, save_path=room_file(window), identity=own_identity(window))
    except (OSError, ValueError) as exc:
        lobby.problem.setText(translate("NetDialogs", "Cannot open a room: {reason}.").format(reason=exc))
        return None
    return _show(host)


class RoomList(QListWidget):
    """The rooms found on this network; while there are none it says so (a blank box read as still loading)."""

    def __init__(self, empty: str) -> None:
        super().__init__()
        self.empty = empty

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.count() == 0:
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
            words = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
            painter.drawText(self.viewport().rect().adjusted(12, 12, -12, -12), words, self.empty)


class JoinDialog(QDialog):
    """Type an invite or pick a room found on the local network; give a name; join."""

    def __init__(
        self, parent: QWidget | None = None, discovery_port: int = protocol.DISCOVERY_PORT, name: str = ""
    ) -> None:
        """`name`: the name given last time, offered again."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Join a room"))
        self.invite = QLineEdit()
        self.invite.setPlaceholderText("dominoes://192.168.1.20:47815/K7Q-2MX#3f2a9c1e…")
        self.invite.setAccessibleName(self.tr("Invite link"))
        self.invite.setMinimumWidth(self.fontMetrics().horizontalAdvance("m" * 44))
        self.invite.textChanged.connect(self._read_invite)
        self.checked = QLabel()  # what the invite says of the host: its fingerprint, or that it names none
        self.checked.setWordWrap(True)
        self.name = QLineEdit()
        self.name.setMaxLength(protocol.MAX_NAME)
        self.name.setAccessibleName(self.tr("Your name"))
        self.name.setText(name)
        self.found = RoomList(
            self.tr(
                "No room has answered yet. A room opened on this network shows here; for one elsewhere, paste the "
                "invite link its host sent you."
            )
        )
        self.found.setAccessibleName(self.tr("Rooms on this network"))
        self.found.currentItemChanged.connect(self._picked)
        self.search = QPushButton(self.tr("Search the network again"))
        self.search.clicked.connect(self.discover)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        form = QFormLayout()
        # Labels level with their fields' words (they sat about 5 px above them, seen at 1024x700 in Spanish).
        form.addRow(level_label(self.tr("Invite link:"), self.invite), self.invite)
        form.addRow("", self.checked)
        form.addRow(level_label(self.tr("Your name:"), self.name), self.name)
        self.form = form
        form.setRowVisible(self.checked, False)  # shown once there is an invite to say something of (read_invite)
        self.problem.hide()  # an empty row above Join until there is a problem to tell
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.join = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.join.setText(self.tr("Join"))
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("Rooms found on this network:")))
        layout.addWidget(self.found)
        layout.addWidget(self.search)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.choice: invite.Invite | None = None
        # Each room found, by its identity (port, code, host's name): the address it is listed at, and its line.
        self._rooms: dict[tuple[int, str, str], tuple[str, QListWidgetItem]] = {}
        self._port = discovery_port
        self._udp = QUdpSocket(self)
        self._udp.readyRead.connect(self._answers)
        self._udp.bind(QHostAddress(QHostAddress.SpecialAddress.AnyIPv4), 0)
        grows_with_window(self, self.sizeHint())  # its words as large as the window's under it
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
                port = reply["port"]
                if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
                    continue  # not a server's answer: a port is a whole number from 1 to 65535
                rooms = list(reply["rooms"])
                fingerprint = tls.normalise_fingerprint(str(reply["fp"])) if "fp" in reply else None
            except (ValueError, KeyError, TypeError):
                continue
            for room in rooms:
                if isinstance(room, dict) and isinstance(room.get("code"), str):
                    self.add_room(host, port, room, fingerprint)

    def add_room(self, address: str, port: int, room: dict[str, Any], fingerprint: str | None = None) -> None:
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
        shown = f"{address}:{port} {room['code']}"
        try:
            link = invite.Invite(address, port, protocol.normalise_code(str(room["code"])), fingerprint).link()
        except ValueError:
            return
        # A host who gave no name is worded as their seat is in this app's language ("Mesa de Host" before).
        host = str(room.get("host", "?"))
        host = translate("NetDialogs", "Host") if host == UNNAMED_HOST else host
        item.setText(
            self.tr("{host}'s table · %n free seat(s) · {invite}", "", max(0, int(room.get("free", 0)))).format(
                host=host[:24], invite=shown
            )
        )
        item.setData(256, link if fingerprint else shown)
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

    def fill(self, link: str) -> None:
        """An invite opened from outside (a clicked link, or one pasted): everything it says filled in."""
        try:
            text = invite.parse(link).link()  # the link alone, written out whole, not the chat line around it
        except ValueError:
            text = link.strip()  # as given: the line under it says what is wrong
        self.invite.setText(text)
        self.invite.setCursorPosition(0)  # the address and the code in sight; the fingerprint runs on after them
        if self.name.text().strip():
            self.join.setDefault(True)
            self.join.setFocus()  # the name given last time is offered: Enter joins with it
        else:
            self.name.setFocus()

    def _read_invite(self) -> None:
        said = self._invite_words(self.invite.text().strip())
        self.checked.setText(said)
        # With nothing to say the row is hidden: empty, it left a blank line between the invite and the name.
        self.form.setRowVisible(self.checked, bool(said))

    def _invite_words(self, text: str) -> str:
        """What the invite typed says of the room and its host ("" when none is typed)."""
        try:
            read = invite.parse(text) if text else None
            if read is not None:
                invite.check_one_computer(read.host)
        except ValueError as exc:
            return self.tr("That invite cannot be read: {why}.").format(why=exc)
        if read is None:
            return ""
        if read.fingerprint:
            return self.tr("Room {code} at {address}. Private: the host is checked by its fingerprint, {f}…").format(
                code=read.code, address=f"{read.host}:{read.port}", f=tls.short_fingerprint(read.fingerprint)
            )
        return self.tr(
            "Room {code} at {address}. This invite has no fingerprint: the connection is private, "
            "but the host cannot be checked. Ask for the invite link."
        ).format(code=read.code, address=f"{read.host}:{read.port}")

    def _accept(self) -> None:
        try:
            chosen = invite.parse(self.invite.text())
            invite.check_one_computer(chosen.host)
        except ValueError as exc:
            self.problem.setText(self.tr("That invite cannot be read: {why}.").format(why=exc))
            self.problem.show()
            return
        if not self.name.text().strip():
            self.problem.setText(self.tr("Give your name, so the table knows who you are."))
            self.problem.show()
            return
        self.choice = chosen
        self.accept()


def join_room(window: QWidget, dialog: JoinDialog | None = None, link: str = "") -> RoomWindow | None:
    """The Join dialog (filled from `link`, an invite opened from outside), then the room's window."""
    settings = getattr(window, "settings", None)  # the game window's: the name last given is offered again
    remembered = settings if isinstance(settings, Settings) else None
    dialog = dialog or JoinDialog(window, name=remembered.player_name() if remembered is not None else "")
    if link:
        dialog.fill(link)
    if dialog.exec() != QDialog.DialogCode.Accepted or dialog.choice is None:
        return None
    name = dialog.name.text().strip()
    if remembered is not None:
        remembered.save_player_name(name)
    return open_invite(window, dialog.choice, name)


def open_invite(window: QWidget | None, chosen: invite.Invite, name: str) -> RoomWindow:
    """The room window for the invite: the one of this app already holding (or taking) `name`'s seat there, by the
    invite's fingerprint, brought to the front (a second window would have joined as someone else) and reconnected
    if its connection was lost; else a new one that joins."""
    holder = seat_window(chosen.host, chosen.port, chosen.code, name, chosen.fingerprint)
    if holder is not None:
        status = getattr(window, "statusBar", None)
        holder.bring_to_front((lambda text: status().showMessage(text, 12_000)) if callable(status) else None)
        if not holder.live():  # the seat is kept by its token: the invite takes it back, as Reconnect does
            holder.rejoin()
        return holder
    first = {"t": "join", "code": chosen.code, "name": name}
    room = RoomWindow(chosen.host, chosen.port, first, parent=window, pin=chosen.fingerprint)
    room.show()
    return room
