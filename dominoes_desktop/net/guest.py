"""A guest's table: what the room sends one seat, read with the codec and followed with the engine's rules.

The room's referee runs the only full engine; a guest knows its own tiles and the public record. It keeps
them as a PublicView (engine/view.py): the referee's last view of the seat, each public event applied by
the same Hand rules the referee uses, and each new view checked against what was followed. A disagreement
is a Desync: said (`problems`), and the table is taken as the referee has it from its next view on, never
patched over silently. Qt-free: the desktop's RoomController and the loopback tests hold one each.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from ..engine.decisions import Dealt, HandStarted, Moved
from ..engine.rules import Rules
from ..engine.view import Desync, PlayerView, PublicView
from .codec import Asked, Told, decode_event, decode_view
from .messages import Event, Joined, ServerMessage, View

log = logging.getLogger(__name__)


class GuestTable:
    """One seat of a room as its guest follows it: `hear` each checked server message."""

    def __init__(self) -> None:
        self.seat = -1
        self.rules: Rules | None = None
        self.state: PublicView | None = None
        self.asked: Asked | None = None  # the room's last decision for this seat
        self.problems: list[str] = []  # every desync, in one line each, oldest first
        self._lost = False  # a move did not follow: nothing more is followed until the room's next view

    @property
    def view(self) -> PlayerView | None:
        """The hand in play (or just ended) as this seat knows it."""
        return self.state.view if self.state is not None else None

    def hear(self, message: ServerMessage) -> Asked | Told | None:
        """Follow one message: a view (the decision and the seat's view, checked against what this table
        followed) or a match event (applied by the engine's rules); None for anything else. ProtocolError if
        the message cannot be read as the engine's values; a desync is said in `problems`, never raised."""
        if isinstance(message, Joined):
            self.seat = message.seat
            self.state = None
            return None
        if isinstance(message, View):
            return self._asked(decode_view(message))
        if isinstance(message, Event):
            state = self.state
            leader = state.leader if state is not None and state.leader is not None else 0
            if state is not None and state.view is not None:
                leader = state.view.leader
            told = decode_event(message, self.rules, leader)
            if told is not None:
                self._told(told)
            return told
        return None

    def _asked(self, asked: Asked) -> Asked:
        self.asked = asked
        self.seat = asked.seat
        if asked.rules is not None:
            self.rules = asked.rules
        state = self.state if self.state is not None and self.state.seat == asked.seat else PublicView(asked.seat)
        if asked.view is None:
            self.state = replace(state, scores=asked.scores) if state.view is None else state
            return asked
        if self._lost:
            self._lost = False
            self.state = replace(state, view=None, result=None).sync(asked.view)
            return asked
        try:
            self.state = state.sync(asked.view)
        except Desync as exc:
            self._say(str(exc))
            self.state = exc.resynced
        return asked

    def _told(self, told: Told) -> None:
        state = self.state if self.state is not None else PublicView(max(self.seat, 0))
        event = told.event
        if self._lost and isinstance(event, Moved):
            return
        if isinstance(event, Dealt | HandStarted):
            self._lost = False
        try:
            self.state = state.apply(event, told.hand)
        except Desync as exc:
            self._say(f"{exc}; this table waits for the room's next view")
            self._lost = True

    def _say(self, problem: str) -> None:
        log.warning("seat %d lost step with the room: %s", self.seat, problem)
        self.problems.append(problem)
