"""CPU decisions in a worker process: the window's process hands a seat's view over a pipe and gets the
move back, so a CPU that thinks never holds the window's interpreter lock. Pure Python, no Qt."""

from __future__ import annotations

from multiprocessing.connection import Connection
from typing import NamedTuple

from ..view import PlayerView
from .players import CpuPlayer, Decision, HardPlayer, make_player


class Ask(NamedTuple):
    """One decision to make. `player` names a CPU kept between requests (a seat's), or None for a
    one-off hard search (a hint, a timed-out person's move)."""

    request: int
    player: tuple[int, str, int] | None  # (seat, level, seed)
    movetime_ms: float | None
    view: PlayerView


class Answer(NamedTuple):
    request: int
    decision: Decision | None
    error: str  # empty when the CPU answered


def serve(conn: Connection) -> None:
    """The worker's loop: answer each Ask until the pipe closes or None arrives."""
    players: dict[tuple[int, str, int], CpuPlayer] = {}
    while True:
        try:
            ask = conn.recv()
        except (EOFError, OSError):
            return
        if ask is None:
            return
        try:
            if ask.player is None:
                player: CpuPlayer = HardPlayer(ask.request, movetime_ms=ask.movetime_ms or 150.0)
            else:
                player = players.get(ask.player) or players.setdefault(
                    ask.player, make_player(ask.player[1], ask.player[2], ask.movetime_ms)
                )
            answer = Answer(ask.request, player.decide(ask.view), "")
        except Exception as exc:  # a CPU bug must not end the worker: the window plays on without it
            answer = Answer(ask.request, None, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return
