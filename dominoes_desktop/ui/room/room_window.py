"""A window that plays one seat of a room over the network: the host's own seat or an invited friend's.

It is the local game's table page (table, scores, move log, look, cut panel, hand-end sheet) driven by a
RoomController, with the room's own panels in its side panel: the room's state and invite, the players (tick
to mute), whether each deal checked out when the host revealed it, and the table talk.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleInterface,
    QCloseEvent,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAccessibleWidget,
    QApplication,
    QComboBox,
    QLabel,
    QLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...engine.errors import NotationError
from ...engine.match import HandResult
from ...engine.moves import MoveKind, parse_move
from ...engine.shutout import six_love_game
from ...net import invite, protocol, tls
from ...net.codec import Decision
from ..learn.rules_page import RulesDialog
from ..look.flags import flag_pixmap
from ..look.look_style import palette, stylesheet, text_on
from ..look.looks import Look
from ..play.controller import MatchSetup
from ..play.cpu_worker import desktop_pool
from ..play.game_page import PANEL_MIN, GamePage
from ..play.panels import RETURN_CLICKS, ButtonRow, scores_said
from ..review.skill_recorder import SkillRecorder
from ..shell.announce import TableVoice, say
from ..shell.i18n import translate
from ..shell.settings import MIN_ROOM_SIZE, Settings
from ..shell.store_service import StoreService
from ..shell.wording import move_words
from .room_controller import RoomController

MIN_ROOM = QSize(*MIN_ROOM_SIZE)  # the smallest room window
CASCADE_STEP = 32  # px between room windows opened one after another
ACTIVATION_CHECK_MS = 300  # after a raise: a window system that refuses focus (stealing prevention) has said so
TALK_TAB = 1  # the tab of the players and the table talk, after the moves'
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
# A room's refusals a player meets, in the player's words: the server's `msg` is English, for people and logs
# (docs/PROTOCOL.md); a code not listed here is shown with that text.
REFUSALS = {
    protocol.E_ROOM_FULL: QT_TRANSLATE_NOOP("RoomRefusal", "every friend's seat in this room is taken"),
    protocol.E_WRONG_CODE: QT_TRANSLATE_NOOP("RoomRefusal", "no room has that code: check the invite"),
    protocol.E_TOO_MANY_GUESSES: QT_TRANSLATE_NOOP(
        "RoomRefusal", "too many wrong room codes: the server closed the connection"
    ),
    protocol.E_FULL_SERVER: QT_TRANSLATE_NOOP("RoomRefusal", "the server holds as many rooms as it can: try later"),
    protocol.E_TOO_MANY_ROOMS: QT_TRANSLATE_NOOP("RoomRefusal", "this computer already holds as many rooms as it may"),
    protocol.E_TOO_MANY_CONNECTIONS: QT_TRANSLATE_NOOP(
        "RoomRefusal", "this computer already holds as many connections as it may"
    ),
    protocol.E_MUTED: QT_TRANSLATE_NOOP("RoomRefusal", "slow down: one message every two seconds"),
    protocol.E_RATE: QT_TRANSLATE_NOOP("RoomRefusal", "too many messages at once"),
    protocol.E_DROPPED: QT_TRANSLATE_NOOP("RoomRefusal", "too many bad messages: the server closed the connection"),
    protocol.E_VERSION: QT_TRANSLATE_NOOP("RoomRefusal", "the server speaks another version of the game's protocol"),
    protocol.E_TIMEOUT: QT_TRANSLATE_NOOP("RoomRefusal", "the connection was idle too long and was closed"),
    protocol.E_INTERNAL: QT_TRANSLATE_NOOP("RoomRefusal", "the server could not handle that message"),
    protocol.E_NOT_SEATED: QT_TRANSLATE_NOOP("RoomRefusal", "this window holds no seat in the room"),
    protocol.E_BAD_TOKEN: QT_TRANSLATE_NOOP("RoomRefusal", "the seat kept for you is not in this room any more"),
}


def refusal_words(message: dict[str, Any]) -> str:
    """Why the room refused, in the player's language where the code is one a player meets."""
    code = message.get("code")
    if isinstance(code, str) and code in REFUSALS:
        return translate("RoomRefusal", REFUSALS[code])
    return str(message.get("msg", ""))


# The "six_love" phrase (its key is the protocol's) in a game that is not the six-love game: a match won with the
# others on zero is a shutout there (engine.shutout), and the table's cheer says so too.
SHUTOUT_PHRASE = QT_TRANSLATE_NOOP("RoomWindow", "Shutout!")


class SeatsList(QListWidget):
    """The room's players, a row a seat, as tall as its rows (wrapped ones too) up to MOST_LINES lines of its words,
    a scroll bar beyond: at a fixed 96 px, at 1024x700 in Spanish, the fourth seat showed half a line."""

    MOST_LINES = 9
    LEAST_PX = 40
    wanted = LEAST_PX  # px: every row, up to MOST_LINES lines

    def fit(self) -> None:
        self.doItemsLayout()  # the rows wrapped to the present width
        rows = self.contentsSize().height()
        most = self.fontMetrics().lineSpacing() * self.MOST_LINES
        frame = 2 * self.frameWidth()
        self.wanted = max(self.LEAST_PX, min(rows, most)) + frame
        # As tall as its rows where the panel has the room, less where it has not (at 1024x700, once the turn
        # clock's row was shown, a list of fixed height was drawn over the deal's fingerprint below it).
        self.setMinimumHeight(self.LEAST_PX + frame)
        self.setMaximumHeight(self.wanted)
        # No scroll bar while every row is in sight: one shown for a moment narrowed the rows and kept itself.
        fits = rows <= most and self.height() >= self.wanted
        self.setVerticalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if fits else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.wanted)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()  # a narrower panel wraps more rows; the height it sets leaves the width, and so the rows, alone

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit()  # the panel's words larger in a larger window: taller rows


def _room_interface(key: str, widget: QObject) -> QAccessibleInterface | None:
    """The room's window as a window (a frame on AT-SPI): a plain top-level QWidget is a "filler", so Orca said
    neither that a window opened nor its title ("Dominoes Desktop: room A3Y-UNF"), only the focused table."""
    if key == "RoomWindow" and isinstance(widget, QWidget):
        return QAccessibleWidget(widget, QAccessible.Role.Window, "")
    return None


_factory: list[bool] = []
# The seats this app holds as a guest, by server and room code: an invite opened again (the room window closed,
# the game started again) takes the seat back with its token. A `join` was refused "every friend's seat in this
# room is taken", the guest's own seat kept for a token nobody held any more. Each token is kept under the name
# its seat was taken with: only a join under that name takes it back, and only while no other window of this app
# holds that seat (review25 1: a second guest in the same app sent the first one's token and took their seat).
SEATS_KEY = "rooms/seats"
KEPT_SEATS = 20  # rooms, and names in a room
_seats: dict[str, dict[str, str]] = {}  # without the game's settings (a window opened on its own)


def seat_key(host: str, port: int, code: str) -> str:
    return f"{host}:{port}/{protocol.normalise_code(code)}"


def kept_seats(settings: Settings | None) -> dict[str, dict[str, str]]:
    """The guest seats' tokens this app keeps, by seat_key and then by name, oldest first."""
    if settings is None:
        return {key: dict(names) for key, names in _seats.items()}
    raw = settings.store.value(SEATS_KEY, "")
    try:
        data = json.loads(raw) if isinstance(raw, str) and raw else {}
    except ValueError:  # a damaged value: no seat kept
        data = {}
    if not isinstance(data, dict):
        return {}
    # A token kept without a name (an older version's) is dropped: whose seat it was is not known.
    return {
        str(key): {str(name): str(token) for name, token in names.items()}
        for key, names in data.items()
        if isinstance(names, dict)
    }


def keep_seat(settings: Settings | None, key: str, name: str, token: str) -> None:
    """Keep `token` as `name`'s seat in the room `key`."""
    seats = kept_seats(settings)
    names = seats.pop(key, {})
    names.pop(name, None)
    names[name] = token
    while len(names) > KEPT_SEATS:
        names.pop(next(iter(names)))
    seats[key] = names
    while len(seats) > KEPT_SEATS:
        seats.pop(next(iter(seats)))
    _store_seats(settings, seats)


def forget_seat(settings: Settings | None, key: str, name: str) -> None:
    """The seat kept as `name`'s in the room `key` no longer opens (refused, removed, the room closed): forgotten,
    so it is sent at most once (review25 8: each refused token cost the address one of its free wrong codes)."""
    seats = kept_seats(settings)
    names = seats.get(key, {})
    if names.pop(name, None) is None:
        return
    if not names:
        del seats[key]
    _store_seats(settings, seats)


def _store_seats(settings: Settings | None, seats: dict[str, dict[str, str]]) -> None:
    if settings is None:
        _seats.clear()
        _seats.update(seats)
    else:
        settings.store.setValue(SEATS_KEY, json.dumps(seats))
        settings.store.sync()


def seat_window(host: str, port: int, code: str, name: str, fingerprint: str | None = None) -> RoomWindow | None:
    """The open room window of this app that holds (or is taking) `name`'s guest seat in that room, if any; with a
    `fingerprint` (the invite's), only one that checks the host by that fingerprint."""
    wanted = protocol.normalise_code(code)
    return next((w for w in room_windows() if w.holds_guest_seat(host, port, wanted, name, fingerprint)), None)


def room_windows() -> list[RoomWindow]:
    """This app's room windows (each a window of its own), as Qt lists its top-level widgets."""
    return [widget for widget in QApplication.topLevelWidgets() if isinstance(widget, RoomWindow)]


class RoomWindow(QWidget):
    """Plays one seat of a room. `address` is the invite's host:port, shown (with the code) to the host.
    The connection is TLS unless `private` is False; with a `pin` (the invite's fingerprint) it goes only to
    the server whose certificate has that fingerprint."""

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
        pin: str | None = None,
        private: bool = True,
    ) -> None:
        """`look` and `auto_cut` default to the parent window's (the game's look and "Cut the deck for me")."""
        if not _factory:  # once per process, before the first room window's interface is asked for
            QAccessible.installFactory(_room_interface)
            _factory.append(True)
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setWindowTitle(self.tr("Dominoes Desktop: room"))
        # 1100x720, or less on a smaller screen: on a 1024x700 laptop the room's side panel started off screen.
        free = self.screen().availableGeometry()
        settings = getattr(parent, "settings", None)
        self.settings = settings if isinstance(settings, Settings) else None
        kept = self.settings.room_size() if self.settings is not None else None
        width, height = kept or (1100, 720)
        self.resize(QSize(min(width, free.width() - 16), min(height, free.height() - 40)).expandedTo(MIN_ROOM))
        self._cascade(free)
        found = getattr(parent, "look", None)
        self.look = look or (found if isinstance(found, Look) else Look())
        if auto_cut is None:
            auto_cut = bool(settings.auto_cut()) if settings is not None and hasattr(settings, "auto_cut") else False
        if settings is not None and hasattr(settings, "save_auto_cut"):
            self.autoCutChanged.connect(settings.save_auto_cut)
        self.server = (host, port)
        self.pin, self.private = pin, private
        self.fingerprint = pin or ""  # of the server's certificate: the invite link carries it
        self.address = address or f"{host}:{port}"
        self.ended = False
        self.notice: QMessageBox | None = None  # the room closed under this seat: said over the table at once
        self.muted: set[int] = set()
        auto_pass = bool(settings.auto_pass()) if settings is not None and hasattr(settings, "auto_pass") else False
        self.controller = RoomController(self, auto_cut=bool(auto_cut), auto_pass=auto_pass)
        if self.settings is not None:  # a tick in the game window's View menu reaches an open room
            self.controller.follow_auto_pass(self.settings.auto_pass)
        self.page = GamePage(self.controller, self.look)
        self.voice = TableVoice(self.page, getattr(settings, "store", None))  # a screen reader hears the room's table
        self._set_up: tuple[object, ...] = ()
        self._build()
        self.controller.message.connect(self.receive)
        self.controller.closed.connect(self._closed)
        self.controller.secured.connect(self._secured)
        self.controller.error.connect(self._says)
        self.controller.matchEnded.connect(lambda _side: self.page.show_last_result())
        self.controller.handEnded.connect(lambda _result: self._offer_again())  # after the page's sheet
        # Issue 33: the person's finished hands are judged in the background, as at a local table.
        store = getattr(parent, "store", None)
        self.skill: SkillRecorder | None = None
        if isinstance(store, StoreService):
            self.skill = SkillRecorder(self.controller, store, lambda: desktop_pool().run, self)
            self.skill.show_on(self.page.hand_end)
        # A join for a room whose seat this app holds takes the seat back; the join itself if the token is gone.
        self._guest = first.get("t") == "join"
        self._join: dict[str, Any] | None = None
        self._asked_code = str(first.get("code", ""))  # the room asked for, before it answers
        self._name = str(first.get("name", ""))
        self._joining = self._guest  # the room has not yet answered this window's join (or rejoin)
        # The room's match in play (its `room` message numbers them) and the one this guest asked another match
        # after: one ask a match, kept across a rejoin (the room replays `match_end` to a seat back after it).
        self._match_number = 0
        self._asked_after = -1
        self._old_host = False  # the host's app refused `again` as unknown: the ask goes as table talk
        self._token_sent = self._kept_token(host, port) if self._guest else ""
        if self._token_sent:
            self._join, first = first, {"t": "rejoin", "code": first["code"], "token": self._token_sent}
        self.controller.open(host, port, first, pin, private)
        self.apply_look(self.look)

    def _kept_token(self, host: str, port: int) -> str:
        """The token kept for this join's name in its room, unless another window of this app holds that seat (the
        same invite opened twice): "" for a plain join."""
        token = kept_seats(self.settings).get(seat_key(host, port, self._asked_code), {}).get(self._name, "")
        held = any(other is not self and not other.ended and token in other.tokens() for other in room_windows())
        return "" if held else token

    def holds_guest_seat(self, host: str, port: int, code: str, name: str, fingerprint: str | None = None) -> bool:
        """Whether this window is `name`'s guest seat in the room at host:port with that (normalised) code: it holds
        the seat's token or its join is still unanswered. A window whose join was refused (the room full, not the
        host the invite named) holds nothing: the invite opened again joins in a new window (review26 1). With a
        `fingerprint`, the window must check the host by it (an invite without one names no other host)."""
        own_code = protocol.normalise_code(self.code or self._asked_code)
        if not self._guest or self.ended or self.server != (host, port) or (own_code, self._name) != (code, name):
            return False
        if fingerprint is not None and fingerprint != (self.pin or self.fingerprint):
            return False
        return bool(self.controller.token) or (self._joining and self.live())

    def live(self) -> bool:
        """Whether this window's connection is open or still opening."""
        socket = self.controller.socket
        return socket is not None and socket.live()

    def bring_to_front(self, told: Callable[[str], None] | None = None) -> None:
        """Raise and activate this window (its invite was opened again); when the window system keeps it behind,
        say so with `told` (the game window's status line), else in this window's own status line."""
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()

        def check() -> None:
            if self.isActiveWindow():
                return
            text = self.tr("Your seat in room {code} is already open in its own window.").format(
                code=self.code or self._asked_code
            )
            (told or self._status)(text)

        QTimer.singleShot(ACTIVATION_CHECK_MS, self, check)

    def tokens(self) -> set[str]:
        """The seat tokens this window holds or has asked the room for (its rejoin not yet answered)."""
        return {self.controller.token, self._token_sent} - {""}

    # ---- layout ----------------------------------------------------------------------------------

    def _build(self) -> None:
        page = self.page
        page.undo_offered = False  # a room takes no move back
        page.lobby_button.hide()
        page.hand_end.again.hide()  # between hands; at the match's end: another match (`_offer_again`)
        page.hand_end.newMatchRequested.connect(self.play_again)
        page.hand_end.review.hide()
        page.coach_button.hide()
        page.rules_button.clicked.connect(self.show_rules)
        page.table.hintRequested.connect(self._no_hints)
        page.autoCutChanged.connect(self.autoCutChanged)
        # The room at the top of the side panel: where it stands and its invite.
        self.status = QLabel(self.tr("Connecting…"))
        self.status.setObjectName("roomStatus")
        self.status.setWordWrap(True)
        self.invite = QLabel()
        self.invite.setWordWrap(True)
        self.invite.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.privacy = QLabel()
        self.privacy.setWordWrap(True)
        self.privacy.setObjectName("roomPrivacy")
        self.sharing = QComboBox()  # which of the host's addresses the link names (this network, the internet)
        self.sharing.setAccessibleName(self.tr("Address to share"))
        self.sharing.currentIndexChanged.connect(self._show_invite)
        self.sharing.hide()
        self.reach = QLabel()  # whether friends outside this network can reach the room, and what to do if not
        self.reach.setWordWrap(True)
        self.reach.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reach.hide()
        self.copy = QPushButton(self.tr("Copy invite link"))
        self.copy.clicked.connect(self.copy_invite)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.clicked.connect(lambda: self.controller.send({"t": "start"}))
        self.reconnect = QPushButton(self.tr("Reconnect"))
        self.reconnect.clicked.connect(self.rejoin)
        self.reconnect.hide()
        for button in (self.copy, self.start_button, self.reconnect):
            # Enter clicks them, as at the table page: a button outside a dialog takes only Space, so a listener's
            # Enter on Start did nothing at all.
            button.installEventFilter(RETURN_CLICKS)
        self.room_row = ButtonRow([self.copy, self.start_button, self.reconnect])
        side = page.side_layout
        for index, widget in enumerate(
            (self.status, self.invite, self.sharing, self.privacy, self.reach, self.room_row)
        ):
            side.insertWidget(index, widget)
        # Below the move log: the players, the deal check and the table talk.
        self.seats = SeatsList()
        self.seats.setAccessibleName(self.tr("Players (tick to mute)"))
        self.seats.setToolTip(self.seats.accessibleName())  # the ticks beside the others' names say nothing alone
        self.seats.itemChanged.connect(self._mute_changed)
        # The host's say over a guest's seat: a right click (or the menu key) on it.
        self.seats.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.seats.customContextMenuRequested.connect(self._seat_menu_at)
        self._room_seats: list[dict[str, Any]] = []
        # A row too long for the side panel ("Asiento 3 · CPU 2 · juega una CPU" at 1024x700) wraps, not clipped.
        self.seats.setWordWrap(True)
        self.seats.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.fairness = QLabel()
        self._sealed_with = ""  # the fingerprint the deal in play was sealed with
        self._checks = (0, 0)  # the deals this seat had checked (fair, not) at the last hand's end
        self.fairness.setWordWrap(True)
        self.fairness.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setAccessibleName(self.tr("Table talk"))
        self.log.setPlaceholderText(self.tr("What the players say at the table shows here."))  # not a blank box
        # The quick phrases in a menu, each said as it is picked: a menu is as wide as its longest phrase, where a
        # box beside a Say button in the side panel cut "¡Buena jug…" at 1024x700.
        self.say_phrase = QPushButton(self.tr("Say a phrase"))
        self.phrases = QMenu(self.say_phrase)  # the side panel's words' size (scaled_panel_style) reaches it
        self.phrases.setAccessibleName(self.say_phrase.text())  # a popup without a name was named after the program
        for key in PHRASES:
            self.phrases.addAction(self._phrase(key)).setData(key)
        self.phrases.triggered.connect(lambda action: self.controller.send({"t": "chat", "phrase": action.data()}))
        self.say_phrase.setMenu(self.phrases)
        self.say_phrase.installEventFilter(RETURN_CLICKS)  # Enter opens the phrases, as Space does
        self.chat = QLineEdit()
        self.chat.setMaxLength(protocol.MAX_CHAT)
        self.chat.setPlaceholderText(self.tr("Say something short…"))
        self.chat.returnPressed.connect(self.say)
        # The moves and the table talk as two tabs in the room the page's move log had: at 1100x720 both under
        # one another showed two moves, and squeezed the score above them until it was cut.
        talk = QWidget()
        talk_layout = QVBoxLayout(talk)
        talk_layout.setContentsMargins(0, 4, 0, 0)
        for widget, stretch in ((self.seats, 0), (self.fairness, 0), (self.log, 1)):
            talk_layout.addWidget(widget, stretch)
        talk_layout.addWidget(self.say_phrase)
        talk_layout.addWidget(self.chat)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("roomTabs")
        self.tabs.setDocumentMode(True)
        # No base line: in document mode it showed as a stray light stroke in the strip beside the tabs (visual28).
        self.tabs.tabBar().setDrawBase(False)
        at = side.indexOf(page.log_title)
        side.removeWidget(page.log_title)
        page.log_title.hide()
        side.removeWidget(page.log)
        self.tabs.addTab(page.log, self.tr("Moves"))
        self.tabs.addTab(talk, self.tr("Players and talk"))
        self.tabs.currentChanged.connect(self._tab_seen)
        self.tabs.tabBar().installEventFilter(self)
        side.insertWidget(at, self.tabs, 1)
        for scrolled in (page.log, self.log):
            scrolled.setMinimumHeight(40)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(page)
        # The window keeps the size it was given: the side panel's least height grew with the claim box, and the
        # window with it (1024x700 to 1024x763, its rack under a 768-high laptop's screen edge); the side panel
        # lays out within the window's height as the game window's does. The smallest room window stays.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.setMinimumSize(MIN_ROOM)

    @property
    def code(self) -> str:
        return self.controller.code

    @property
    def seat(self) -> int:
        return self.controller.own_seat

    @property
    def names(self) -> list[str]:
        return self.controller.names

    @property
    def state(self) -> str:
        return self.controller.state

    @property
    def checker(self) -> Any:
        return self.controller.checker

    def apply_look(self, look: Look) -> None:
        """The local look (theme, finish, pips, flag backs) on this room's table and panel."""
        self.look = look
        self.setPalette(palette(look.theme))
        theme = look.theme
        log_text = text_on(theme.log, theme.panel_text)
        self.setStyleSheet(
            stylesheet(look) + f" QPlainTextEdit {{ background: {theme.log}; color: {log_text};"
            f" border: 1px solid {theme.accent}; border-radius: 6px; }}"
            f" QListWidget::indicator {{ width: 12px; height: 12px; border: 2px solid {theme.accent};"
            f" border-radius: 3px; background: {theme.log}; }}"
            f" QListWidget::indicator:checked {{ background: {theme.accent}; }}"
            " #roomStatus { font-weight: bold; }"
        )
        self.page.table.apply_look(look, flag_pixmap(look.flag))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.PaletteChange):
            # The game window restyles itself when its look changes: the room's table follows it.
            found = getattr(self.parentWidget(), "look", None)
            if isinstance(found, Look) and hasattr(self, "page") and found != self.look:
                self.apply_look(found)

    def show_rules(self) -> None:
        """The house rules of this room (the Rules button and the table's ? key)."""
        rules = self.controller.rules
        if rules is not None:
            RulesDialog(rules, self).show()

    def _no_hints(self) -> None:
        self._status(self.tr("Rooms give no hints."), asked=True)  # the answer to H

    def _says(self, text: str) -> None:
        self._status(text)

    def _status(self, text: str, asked: bool = False) -> None:
        """The room's status line, also said to a screen reader (it is not otherwise told that the room waits for
        Start, or that the connection was lost); the table's own news is said by the page."""
        changed = text != self.status.text()
        self.status.setText(text)
        if self.isVisible() and (changed or asked):
            say(self.status, text, asked)

    def _set_up_page(self) -> None:
        """The page set for this seat (at the bottom of the table) once the room's rules and seat are known."""
        controller = self.controller
        rules = controller.rules
        key = (rules, controller.own_seat, tuple(controller.names))
        if rules is None or controller.own_seat < 0 or key == self._set_up:
            return
        first = not self._set_up
        self._set_up = key
        for action in self.phrases.actions():  # the room's game known: "Six-love!" or "Shutout!"
            action.setText(self._phrase(str(action.data())))
        if first:
            self.page.start(MatchSetup(rules, tuple(controller.seats), hints=False))
        self.page.table.bottom = controller.own_seat
        self.page.refresh()
        self.page.table.refresh()

    def _offer_again(self, focus: bool = True) -> None:
        """The sheet at a match's end offers another match at the same table: the host plays it, a guest
        asks the host for it (the protocol's `again`, which each window words in its own language). `focus`: the
        button takes the focus (not at a guest's ask, which came while the host may be typing: review26 2)."""
        again = self.page.hand_end.again
        if self.controller.winner is None or self.state != "over":
            again.hide()
            return
        host = self.seat == self.controller.host_seat
        if not host and self._asked_after == self._match_number:
            self._asked_shown()
            again.show()
            return
        words = self.tr("Play again") if host else self.tr("Ask for another match")
        again.setText(words)
        again.setAccessibleName(words)
        again.setEnabled(True)
        again.show()
        if focus and self.page.hand_end.isVisible():
            again.setFocus()

    def play_again(self) -> None:
        """ "Play again" on the sheet: the host starts another match; a guest asks for one, once."""
        if self.state != "over":
            return
        if self.seat == self.controller.host_seat:
            self.controller.send({"t": "start"})
            return
        if self._asked_after == self._match_number:  # asked already: the room takes one ask a match
            return
        self._asked_after = self._match_number
        if self._old_host:
            self._ask_in_talk()
        else:
            # A message of the protocol, not table talk: an English host read a Spanish guest's "¿Otra partida?".
            self.controller.send({"t": "again"})
        self._asked_shown()
        self.say_log(self.tr("You asked the host for another match."))

    def _asked_shown(self) -> None:
        again = self.page.hand_end.again
        words = self.tr("Asked for another match")
        again.setEnabled(False)
        again.setText(words)
        again.setAccessibleName(words)

    def _ask_in_talk(self) -> None:
        """The ask as a line of table talk, in this player's words: what a host's app from before `again` reads."""
        self.controller.send({"t": "chat", "text": self.tr("Another match?")})

    def _again_refused(self, message: dict[str, Any]) -> None:
        """The room's refusal of this guest's ask, in the player's language (the room's `msg` is English)."""
        code = message.get("code")
        if code == protocol.E_UNKNOWN_TYPE:
            # A host's app from before `again`: the ask goes as the table-talk line it used to be, once.
            if not self._old_host:
                self._old_host = True
                self._ask_in_talk()
                self.say_log(self.tr("The host's app is older: your ask was sent in the table talk instead."))
            return
        if code == protocol.E_STATE and self.state == "over" and self.seat != self.controller.host_seat:
            self._asked_after = self._match_number  # asked before (this window closed, or its app started again)
            self._asked_shown()
            self.say_log(self.tr("You have already asked for another match."))
            return
        self.say_log(self.tr("The room did not take your ask for another match."))

    # ---- messages --------------------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "joined":
            self._join, self._joining = None, False
            if self._guest:
                keep_seat(
                    self.settings, seat_key(*self.server, str(message["code"])), self._name, str(message["token"])
                )
            self.reconnect.hide()
            self._show_invite()
            self._set_up_page()
        elif kind == "room":
            self._match_number = int(message.get("match", 0))
            self._room(message)
        elif kind == "view":
            if message.get("decision") == Decision.CUT and message.get("legal"):
                self.status.setText(self.tr("Cut the deck: click it, or press Space."))
            else:
                self.status.setText(self.tr("Playing: room {code}").format(code=self.code))
        elif kind == "event":
            self._event(message)
        elif kind == "chat":
            self._chat(message)
        elif kind == "error" and message.get("code") == protocol.E_BAD_TOKEN and self._join is not None:
            self._forget_seat(str(self._join.get("code", "")))
            self.controller.send(self._join)  # the seat kept is gone (removed, another room): join as anyone does
            self._join, self._token_sent = None, ""
        elif kind == "error" and message.get("re") == "again":
            self._again_refused(message)
        elif kind == "error":
            why = refusal_words(message)
            if message.get("re") in ("join", "rejoin"):  # no seat taken (a seat refused its token is not held)
                self._joining, self._token_sent, self.controller.token = False, "", ""
                self.status.setText(self.tr("No seat in this room: {why}").format(why=why))  # not "Connecting…"
                # Nothing here is this window's to press: it looked live, and Start answered in English (audit26).
                self.start_button.hide()
                self.copy.hide()
                self.page.setEnabled(False)
            if message.get("code") == protocol.E_BAD_TOKEN:  # Reconnect's token refused: never sent again
                self._forget_seat(self.code)
            self.say_log(self.tr("The room refused that: {why}").format(why=why))
        elif kind == "removed":
            self.ended = True
            self._forget_seat(self.code)
            self._tell(self.tr("The host has removed you from this room."))
        elif kind == "host_left":
            self.ended = True
            if self.controller.token and self.seat != self.controller.host_seat and self.state == "playing":
                # The host may reopen the room from their save: the seat's token takes it back then.
                self.reconnect.show()
                self._tell(self.tr("The host has closed the room. If they reopen it, press Reconnect."))
            else:
                self._forget_seat(self.code)  # the room is gone for good: no save of it to reopen
                self._tell(self.tr("The host has closed the room."))

    def _forget_seat(self, code: str) -> None:
        if self._guest:
            forget_seat(self.settings, seat_key(*self.server, code), self._name)

    def _tell(self, text: str) -> None:
        """The room is gone for this seat: said at once, over whatever the table shows (the hand-end sheet lies
        over the side panel's status line), and nothing on the page goes on into it."""
        self.status.setText(text)
        page = self.page
        page.hand_end.next.setEnabled(False)
        page.cut_panel.hide()
        page.announce(text)
        if self.notice is None:
            self.notice = QMessageBox(QMessageBox.Icon.Information, self.tr("Room closed"), "", parent=self)
            self.notice.setWindowModality(Qt.WindowModality.NonModal)
        self.notice.setText(text)
        self.notice.open()

    def may_close(self) -> bool:
        """The host is asked before closing a room that others play in (it ends the match for them)."""
        others = any(s["kind"] == "friend" and s["connected"] for s in self._room_seats)
        if self.ended or self.seat != self.controller.host_seat or not (others or self.state == "playing"):
            return True
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Close the room?"),
            self.tr("Close the room?"),
            QMessageBox.StandardButton.NoButton,
            self,
        )
        box.setInformativeText(self.tr("Everyone at this table leaves with it: the match ends for your guests."))
        close = box.addButton(self.tr("Close the room"), QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton(self.tr("Keep the room open"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.exec()
        return box.clickedButton() is close

    def seat_menu(self, seat: int) -> QMenu | None:
        """What the host may do with a guest's seat during the match: let a CPU play it or give it back, or
        remove the guest. None for anyone else's window or another seat."""
        info = next((s for s in self._room_seats if s["seat"] == seat), None)
        if self.seat != self.controller.host_seat or info is None or info["kind"] != "friend" or not info["taken"]:
            return None
        name = self.controller.name(seat)
        menu = QMenu(self.seats)  # the side panel's words' size (scaled_panel_style) reaches it through its list
        menu.setAccessibleName(name)  # what it is about (unnamed, AT-SPI named it after the program, in English)
        if self.state == "playing":
            if not info["cpu"]:
                cpu = menu.addAction(self.tr("Let a CPU play for {name}").format(name=name))
                cpu.triggered.connect(lambda: self.controller.send({"t": "cpu_seat", "seat": seat, "on": True}))
            elif info["connected"]:
                back = menu.addAction(self.tr("Give the seat back to {name}").format(name=name))
                back.triggered.connect(lambda: self.controller.send({"t": "cpu_seat", "seat": seat, "on": False}))
        remove = menu.addAction(self.tr("Remove {name} from the room").format(name=name))
        remove.triggered.connect(lambda: self.controller.send({"t": "remove", "seat": seat}))
        return menu

    def _seat_menu_at(self, point: QPoint) -> None:
        item = self.seats.itemAt(point)
        menu = self.seat_menu(int(item.data(Qt.ItemDataRole.UserRole))) if item is not None else None
        if menu is not None:
            menu.exec(self.seats.viewport().mapToGlobal(point))

    def _room(self, message: dict[str, Any]) -> None:
        self._room_seats = list(message["seats"])
        self.seats.blockSignals(True)
        self.seats.clear()
        for seat in message["seats"]:
            name = self.controller.name(int(seat["seat"]))
            if seat["kind"] == "host":
                where = self.tr("host")
                if name.casefold() == where.casefold():  # the default name "Host": "Seat 1 · Host · host" said it twice
                    where = self.tr("here")
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
                # The tick box says nothing on its own (only a screen reader heard "tick to mute"): its hover words.
                item.setToolTip(self.tr("Hide what {name} says at the table (ticked: hidden)").format(name=name))
            item.setData(Qt.ItemDataRole.UserRole, seat["seat"])
            self.seats.addItem(item)
        self.seats.blockSignals(False)
        self.seats.fit()
        self._set_up_page()
        is_host = self.seat == self.controller.host_seat
        # A guest reads whether the connection is the host's; the host's panel is full enough (invite,
        # addresses, the router), and its hover text says the same.
        self.privacy.setVisible(not is_host)
        if is_host:
            self.invite.setToolTip("\n".join(filter(None, (self.invite_text(), self.privacy.toolTip()))))
        self.start_button.setVisible(is_host and self.seat >= 0 and self.state == "lobby")
        if self.state == "lobby":
            self._status(
                self.tr("Invite players, then press Start.") if is_host else self.tr("Waiting for the host to start.")
            )
        elif self.state == "over":
            self.status.setText(self.tr("The match is over."))

    def _show_invite(self) -> None:
        if not self.code:
            return
        # Short in the panel (a 1024x700 screen leaves it little room); the whole link is copied, and shown
        # on hovering.
        self.invite.setText(self.tr("Invite: {code} at {address}").format(code=self.code, address=self.share_address()))
        self.invite.setToolTip(self.invite_text())
        self.setWindowTitle(self.tr("Dominoes Desktop: room {code}").format(code=self.code))

    def share_address(self) -> str:
        """host:port the invite names: the address picked in the sharing list, or the window's own."""
        picked = self.sharing.currentData()
        return str(picked) if picked else self.address

    def add_share_address(self, label: str, address: str, select: bool = False) -> None:
        """Offer another address for the invite (the list shows when there is more than one)."""
        found = self.sharing.findData(address)
        if found < 0:
            self.sharing.addItem(label, address)
            found = self.sharing.count() - 1
        else:
            self.sharing.setItemText(found, label)
        if select:
            self.sharing.setCurrentIndex(found)
        self.sharing.setVisible(self.sharing.count() > 1)
        self._show_invite()

    def invite_text(self) -> str:
        """The invite link: dominoes://HOST:PORT/CODE#FINGERPRINT (net.invite)."""
        try:
            host, port = invite._address(self.share_address(), default_port=True)
        except ValueError:
            host, port = self.server
        return invite.Invite(host, port, self.code, self.fingerprint or None).link()

    def copy_invite(self) -> None:
        QGuiApplication.clipboard().setText(self.invite_text())
        self.say_log(self.tr("Invite link copied: {invite}").format(invite=self.invite_text()))

    def _secured(self, fingerprint: str) -> None:
        self.fingerprint = fingerprint
        short = tls.short_fingerprint(fingerprint)
        if self.pin:
            self.privacy.setText(self.tr("Private · host checked · {f}…").format(f=short[:9]))
            self.privacy.setToolTip(
                self.tr("Private connection; the host is the one the invite names ({f}…).").format(f=short)
            )
        else:
            self.privacy.setText(self.tr("Private · host not checked"))
            self.privacy.setToolTip(
                self.tr(
                    "Private connection, but the host was not checked: the invite had no fingerprint ({f}…)."
                ).format(f=short)
            )
            self.say_log(self.privacy.toolTip())
        self._show_invite()

    def show_reach(self, summary: str, detail: str = "") -> None:
        """Whether friends outside this network can reach the room: one line in the panel; what to do about
        it, in full, in the table talk (and on hovering)."""
        self.reach.setText(summary)
        self.reach.setToolTip(detail)
        self.reach.setVisible(bool(summary))
        if detail:
            self.say_log(detail)

    def _event(self, message: dict[str, Any]) -> None:
        kind = message["e"]
        name = self.controller.name(int(message.get("seat", -1)))
        if kind == "start":
            self._asked_after = -1  # a match begins: another is asked for at its end, afresh
        if kind == "hand_end":
            # Each score before its side, as the sheet says them: "10 : 0" said nobody's.
            scores = [int(s) for s in message["scores"]]
            rules = self.controller.rules
            said = (
                scores_said(rules, self.controller.seats, scores)
                if rules is not None and len(scores) == rules.sides
                else " : ".join(str(s) for s in scores)
            )
            self.say_log(self.tr("Hand {n} is over. Match score: {scores}.").format(n=message["hand"] + 1, scores=said))
            self._fairness()
            self._seal_line(message)
            self.status.setText(self.tr("Hand {n} is over: every rack is face up.").format(n=message["hand"] + 1))
        elif kind == "match_end":
            self.say_log(self.tr("The match is over."))
            self._offer_again()
        elif kind == "start" and int(message.get("match", 0)) > 0:
            # Another match at this table: the page starts clean, as a local new match does.
            self.page.clear_table()
            self.page.table.refresh()
            self.page.refresh()
            self.say_log(self.tr("A new match begins."))
        elif kind == "commit":
            self._sealed_with = str(message["digest"])
            self.fairness.setText(self.tr("This deal's fingerprint: {f}").format(f=str(message["digest"])[:16]))
        elif kind == "dropped":
            if message.get("left") is True:  # they closed their room window: not a lost connection (audit25 R7)
                said = self.tr("{name} left the room; a CPU plays for them in {n} s unless they return.")
            else:
                said = self.tr("{name} lost the connection; a CPU plays for them in {n} s unless they return.")
            self.say_log(said.format(name=name, n=round(message["wait_s"])))
        elif kind == "cpu_takeover":
            self.say_log(self.tr("A CPU now plays for {name}.").format(name=name))
        elif kind == "rejoined":
            self.say_log(self.tr("{name} is back.").format(name=name))
        elif kind == "redeal":
            self.say_log(self.tr("{name} asks for a new deal.").format(name=name))
        elif kind == "timeout":
            self.say_log(self._timed_out(message.get("name") or name, str(message.get("action", ""))))
        elif kind == "removed":
            self.say_log(self.tr("The host removed {name} from the room.").format(name=message.get("name") or name))
        elif kind == "again" and int(message.get("seat", -1)) != self.seat:  # one's own ask is said on the click
            asked = self.tr("{name} asks for another match.").format(name=name)
            self.say_log(asked)
            if self.seat == self.controller.host_seat and self.state == "over":
                # "Play again" at hand on the sheet, but the focus stays where the host has it: a Space meant for
                # the table talk started a match. The status line says it (to a screen reader too, once).
                self._offer_again(focus=False)
                self._status(self.tr("{name} asks for another match: press Play again.").format(name=name))

    def _timed_out(self, name: str, action: str) -> str:
        """The room's answer for a guest whose time ran out, in words: the table talk read "se jugó 4-1@1 en su
        lugar", the protocol's notation."""
        try:
            move = parse_move(action)
        except NotationError:  # not a move: a claim, a redeal's answer, a choice of leader
            return self.tr("Time ran out for {name}: the room answered for them.").format(name=name)
        if move.kind is MoveKind.PASS:
            return self.tr("Time ran out for {name}: the room passed for them.").format(name=name)
        if move.kind is MoveKind.DRAW:
            return self.tr("Time ran out for {name}: the room drew for them.").format(name=name)
        if move.kind is not MoveKind.PLAY or move.tile is None:
            return self.tr("Time ran out for {name}: the room answered for them.").format(name=name)
        return self.tr("Time ran out for {name}: {action} was played for them.").format(
            name=name, action=move_words(move)
        )

    def _seal_line(self, message: dict[str, Any]) -> None:
        """The hand-end sheet's line on the deal, as a local table's says how it was sealed: here, with this
        seat's check of the host's reveal (the seed itself is the host's, and stays unnamed)."""
        reveal = message.get("reveal")
        digest = str(reveal.get("digest", "")) if isinstance(reveal, dict) else ""
        digest = digest or self._sealed_with
        if not digest:
            return
        checker = self.controller.checker
        counts = (checker.verified, len(checker.failures))
        if counts == self._checks:
            verdict: bool | None = None  # this deal was not checked here
        else:
            verdict = len(checker.failures) == self._checks[1]
        self._checks = counts
        self.page.deal_seal.checked(digest, verdict, checker.failures[-1] if checker.failures else "")

    def _tab_seen(self, index: int) -> None:
        if index == TALK_TAB:
            self.tabs.setTabText(TALK_TAB, self.tr("Players and talk"))
        self._fit_tabs()  # the current tab is drawn bold: the bar is wider with the talk tab current

    def _talk_unseen(self) -> None:
        """Something said while the moves are shown: the talk tab says so (a screen reader hears it anyway)."""
        if self.tabs.currentIndex() != TALK_TAB:
            self.tabs.setTabText(TALK_TAB, self.tr("Players and talk •"))
            self._fit_tabs()

    def _fit_tabs(self) -> None:
        """The side panel at least as wide as the tabs' words: at 1024x700 the talk tab's were cut behind scroll
        arrows ("Jugadores y cl"; the unseen talk's "•" in English)."""
        margins = self.page.side_layout.contentsMargins()
        bar = self.tabs.tabBar()
        # As wide as the widest the tabs can be at the present words' size (either current, drawn bold; the talk
        # tab's "•"), so the panel does not narrow and widen as the tabs are switched. Not the widest they have
        # ever been: after a large window the panel stayed as wide for good (review25 5).
        plain = QFontMetrics(bar.font())
        bold_font = QFont(bar.font())
        bold_font.setBold(True)
        bold = QFontMetrics(bold_font)
        texts = [bar.tabText(index) for index in range(bar.count())]

        def words(current: int, talk: str) -> int:
            shown = [talk if index == TALK_TAB else text for index, text in enumerate(texts)]
            # As the tab bar measures a tab's words (a pixel off with horizontalAdvance).
            return sum(
                (bold if i == current else plain).size(Qt.TextFlag.TextShowMnemonic, text).width()
                for i, text in enumerate(shown)
            )

        now = words(bar.currentIndex(), texts[TALK_TAB])
        others = [words(TALK_TAB, self.tr("Players and talk"))]
        others += [words(index, self.tr("Players and talk •")) for index in range(bar.count()) if index != TALK_TAB]
        needed = bar.sizeHint().width() + max(0, *(other - now for other in others))
        self.page.side.setMinimumWidth(max(PANEL_MIN, needed + margins.left() + margins.right()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tabs.tabBar() and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_tabs()  # the panel's words grew or shrank with the window: the tabs' width with them
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_tabs()  # the tabs' words measured in the style they are shown in

    def _fairness(self) -> None:
        checker = self.controller.checker
        if checker.failures:
            self.fairness.setText(self.tr("This deal did NOT check out: {why}").format(why=checker.failures[-1]))
        elif checker.verified:
            self.fairness.setText(self.tr("Deals checked and fair: {n}").format(n=checker.verified))

    def _chat(self, message: dict[str, Any]) -> None:
        phrase = message.get("phrase")
        text = self._phrase(phrase) if phrase in PHRASES else str(message.get("text", ""))
        # The speaker named as their seat is (review25 2: a Spanish guest read "Host dice: hola" for a host who gave
        # no name); the message's own name for a seat this window does not know.
        seat = message.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(self.controller.names):
            name = self.controller.name(seat)
        else:
            name = str(message.get("name", "?"))
        self.say_log(self.tr("{name} says: {text}").format(name=name, text=text))
        self._talk_unseen()

    def _phrase(self, key: str) -> str:
        """A quick phrase in the player's language, in the words of the room's game."""
        text = PHRASES[key]
        rules = self.controller.rules
        if key == "six_love" and not (rules is not None and six_love_game(rules)):
            text = SHUTOUT_PHRASE
        return translate("RoomWindow", str(text))

    def say(self) -> None:
        text = self.chat.text().strip()
        if text:
            self.controller.send({"t": "chat", "text": text})
            self.chat.clear()

    def _mute_changed(self, item: QListWidgetItem) -> None:
        seat = int(item.data(Qt.ItemDataRole.UserRole))
        on = item.checkState() is Qt.CheckState.Checked
        (self.muted.add if on else self.muted.discard)(seat)
        self.controller.send({"t": "mute", "seat": seat, "on": on})

    def say_log(self, text: str) -> None:
        self.log.appendPlainText(text)
        bar = self.log.verticalScrollBar()
        bar.setValue(bar.maximum())  # the newest line in sight, even before the window was first laid out

    @property
    def last_result(self) -> HandResult | None:
        return self.controller.last_result

    # ---- connection ------------------------------------------------------------------------------

    def _closed(self, why: str) -> None:
        if self._joining:  # unanswered, the join took no seat: the kept token it sent is free for another window
            self._joining, self._token_sent = False, ""
        if self.ended:
            return
        socket = self.controller.socket
        if socket is not None and socket.pin_refused:
            self._status(why)  # one line: not the host the invite names, so nothing was sent
            return
        if self.controller.token and self.seat != self.controller.host_seat and self.state == "playing":
            self._status(self.tr("Connection lost. Your seat is kept: reconnect to take it back."))
            self.reconnect.show()
        else:
            self._status(self.tr("Disconnected. {why}").format(why=why))

    def rejoin(self) -> None:
        self.ended = False
        self.reconnect.hide()
        self._status(self.tr("Reconnecting…"))
        controller = self.controller
        first = {"t": "rejoin", "code": controller.code, "token": controller.token}
        controller.open(*self.server, first, self.pin or self.fingerprint or None, self.private)

    def _cascade(self, free: QRect) -> None:
        """Below and right of the room window opened last (they opened on top of each other), in the screen."""
        others = [w for w in room_windows() if w is not self]
        shown = [w for w in others if w.isVisible()]
        if not shown:
            return
        at = shown[-1].pos() + QPoint(CASCADE_STEP, CASCADE_STEP)
        room = QSize(free.right() - at.x(), free.bottom() - at.y())
        if room.width() < MIN_ROOM.width() or room.height() < MIN_ROOM.height():
            step = CASCADE_STEP * (len(shown) % 4)  # no room below: from the screen's corner again
            at = free.topLeft() + QPoint(step, step)
            room = QSize(free.right() - at.x(), free.bottom() - at.y())
        self.resize(self.size().boundedTo(room))  # a step smaller on a screen it nearly fills
        self.move(at)

    def closeEvent(self, event: QCloseEvent) -> None:
        if event.spontaneous() and not self.may_close():  # the person closed it (not the game, nor a test)
            event.ignore()
            return
        if self.settings is not None:
            self.settings.save_room_size(self.width(), self.height())  # the next room opens as large
        if not self.ended:
            # The host's leave closes the room for the guests, who are told so at once; a guest's tells the others
            # they left the room (their seat is kept: the same invite takes it back), not that their connection
            # was lost (audit25 R7).
            self.controller.leave()
            if self.state == "lobby" and self.code:
                self._forget_seat(self.code)  # before the match a guest's leave frees the seat for someone else
        self.ended = True
        self.controller.close()
        self.closedRoom.emit()
        super().closeEvent(event)
