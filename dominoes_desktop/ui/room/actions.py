"""The ways into a room from the main window: the Game menu's network entries and the lobby's "host a room".
The network code (the room server, its protocol, the room window) loads when one is first used, not with the
window (start-up)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from ..shell.i18n import translate


def _dialogs() -> ModuleType:
    from . import net_dialogs

    return net_dialogs


def network_actions(window: QMainWindow, lobby: Callable[[], Any]) -> list[QAction]:
    """Game menu entries for network play (`lobby` gives the lobby page now: it is made again on a language
    change)."""
    join = QAction(translate("NetDialogs", "&Join a room…"), window)
    join.triggered.connect(lambda: _dialogs().join_room(window))
    reopen = QAction(translate("NetDialogs", "Reopen my last &room"), window)
    reopen.triggered.connect(lambda: _dialogs().reopen_room(window))
    on_server = QAction(translate("NetDialogs", "Host this table on a &server…"), window)
    on_server.triggered.connect(lambda: _dialogs().host_on_server(window, lobby()))
    return [join, reopen, on_server]


def host_room(window: QMainWindow, lobby: Any) -> None:
    """The lobby's Start with invited friends: open a room on this computer."""
    _dialogs().host_room(window, lobby)
