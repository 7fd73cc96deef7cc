"""The ways into a room from the main window: the Game menu's network entries and the lobby's "host a room".
The network code (the room server, its protocol, the room window) loads when one is first used, not with the
window (start-up)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer, Slot
from PySide6.QtGui import QAction, QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMainWindow

from ..shell.i18n import translate

# Only macOS hands a link to a running application as a file-open event. Elsewhere no filter is installed: an
# application-wide filter in Python is called for every event of every widget, and wrapping each of them made
# PySide load every widget class it has (a tenth of the start-up, issue 31 item 7).
FILE_OPEN_EVENTS = sys.platform == "darwin"


def _dialogs() -> ModuleType:
    from . import net_dialogs

    return net_dialogs


def network_actions(window: QMainWindow, lobby: Callable[[], Any]) -> list[QAction]:
    """Game menu entries for network play (`lobby` gives the lobby page now: it is made again on a language
    change)."""
    join = QAction(translate("NetDialogs", "&Join a room…"), window)
    join.triggered.connect(lambda: _dialogs().join_room(window))
    reopen = QAction(translate("NetDialogs", "Reopen my &last room"), window)
    reopen.triggered.connect(lambda: _dialogs().reopen_room(window))
    on_server = QAction(translate("NetDialogs", "&Host this table on a server…"), window)
    on_server.triggered.connect(lambda: _dialogs().host_on_server(window, lobby()))
    return [join, reopen, on_server]


def host_room(window: QMainWindow, lobby: Any) -> None:
    """The lobby's Start with invited friends: open a room on this computer."""
    _dialogs().host_room(window, lobby)


def is_invite_link(text: str) -> bool:
    """Whether a command-line argument is an invite link (`dominoes://…`), which opens the Join dialog."""
    return text.strip().lower().startswith("dominoes://")


class LinkOpener(QObject):
    """Opens invite links in the main window: given at start, sent by a second copy of the game (the single
    instance's `opened`, heard on another thread: this object's slot runs on the UI thread), or delivered by
    macOS as a file-open event (clicked links reach a bundle that way, not as an argument)."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        app = QApplication.instance()
        if app is not None and FILE_OPEN_EVENTS:
            app.installEventFilter(self)

    @Slot(str)
    def open(self, link: str) -> None:
        if is_invite_link(link):
            window = self.window
            window.showNormal()
            window.raise_()
            window.activateWindow()
            # After the event that brought it: the dialog runs its own loop.
            QTimer.singleShot(0, self, lambda: _dialogs().join_room(window, link=link))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() is QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            url = event.url().toString()
            if is_invite_link(url):
                self.open(url)
                return True
        return super().eventFilter(watched, event)
