"""What a CPU worker process answers: a seat's view in, the CPU's move out, so a CPU that thinks never holds
the caller's interpreter lock (a window's, or a room server's event loop). Pure Python, no Qt; the worker's
loop and its pipe are session.cpu_pool's."""

from __future__ import annotations

from typing import NamedTuple

from ..view import PlayerView
from .players import CpuPlayer, Decision, HardPlayer, make_player

PlayerKey = tuple[str, int, str, int]  # (owner id, seat, level, seed): one CPU, kept between requests


class Ask(NamedTuple):
    """One decision to make. `player` names a CPU kept between requests (a seat's), or None for a
    one-off hard search (a hint, a timed-out person's move)."""

    request: int
    player: PlayerKey | None
    movetime_ms: float | None
    view: PlayerView


class Forget(NamedTuple):
    """Drop every CPU of `owner` (a window's game or a room is over)."""

    owner: str


class Answer(NamedTuple):
    request: int
    decision: Decision | None
    error: str  # empty when the CPU answered


def answer(players: dict[PlayerKey, CpuPlayer], ask: Ask) -> Answer:
    """One Ask answered by the CPU it names (made on first use), or by a one-off hard search."""
    try:
        if ask.player is None:
            player: CpuPlayer = HardPlayer(ask.request, movetime_ms=ask.movetime_ms or 150.0)
        else:
            player = players.get(ask.player) or players.setdefault(
                ask.player, make_player(ask.player[2], ask.player[3], ask.movetime_ms)
            )
        return Answer(ask.request, player.decide(ask.view), "")
    except Exception as exc:  # a CPU bug must not end the worker: the caller plays on without it
        return Answer(ask.request, None, f"{type(exc).__name__}: {exc}")
