"""The bot protocol: one JSON request a line on stdin, one JSON answer a line on stdout.

    python -m dominoes_desktop.engine.bot --level hard [--seed N] [--movetime-ms MS]

Each request describes what one seat may see; the answer is that seat's move in replay notation,
with a one-line reason (`why`) and the time spent (`ms`). Bad requests get {"error": "..."} and the
bot keeps reading. Logs go to stderr; stdout carries answers only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import IO, Any

from .cpu import LEVELS, CpuPlayer, make_player
from .errors import DominoError
from .hand import Turn
from .moves import MoveKind, parse_move
from .presets import rules_from_json
from .tiles import Tile, heaviness
from .view import PlayerView, pose_is_forced


class RequestError(Exception):
    """A request that cannot be answered; the message goes back as {"error": ...}."""


def _int(request: dict[str, Any], key: str, default: int | None = None) -> int:
    value = request.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"'{key}' must be a whole number")
    return value


def _int_list(request: dict[str, Any], key: str, length: int) -> tuple[int, ...]:
    value = request.get(key)
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise RequestError(f"'{key}' must be a list of {length} whole numbers")
    return tuple(value)


def view_from_request(request: Any) -> PlayerView:
    """Build the seat's PlayerView from a request, checking it describes a possible position."""
    if not isinstance(request, dict):
        raise RequestError("a request must be a JSON object")
    try:
        rules = rules_from_json(request)
    except DominoError as exc:
        raise RequestError(str(exc)) from None
    seat = _int(request, "seat")
    if not 0 <= seat < rules.players:
        raise RequestError(f"there is no seat {seat} in a {rules.players}-player game")
    leader = _int(request, "leader")
    if not 0 <= leader < rules.players:
        raise RequestError(f"there is no seat {leader} to lead")
    hand_index = _int(request, "hand_index", 0)
    raw_hand = request.get("hand")
    if not isinstance(raw_hand, list) or not all(isinstance(t, str) for t in raw_hand):
        raise RequestError("'hand' must be a list of tiles like \"6-4\"")
    raw_moves = request.get("moves", [])
    if not isinstance(raw_moves, list):
        raise RequestError("'moves' must be a list")
    try:
        tiles = tuple(Tile.parse(t) for t in raw_hand)
        moves = []
        for i, item in enumerate(raw_moves):
            if not isinstance(item, dict) or not isinstance(item.get("move"), str):
                raise RequestError(f'move {i} must be an object like {{"seat": 2, "move": "6-5"}}')
            mover = _int(item, "seat")
            moves.append(Turn(mover, parse_move(item["move"])))
    except DominoError as exc:
        raise RequestError(str(exc)) from None
    stock = _int(request, "stock", 0)
    if stock < 0:
        raise RequestError("'stock' cannot be negative")
    hand_sizes = (
        _int_list(request, "hand_sizes", rules.players)
        if "hand_sizes" in request
        else tuple(len(tiles) if s == seat else rules.hand_size for s in range(rules.players))
    )
    scores = _int_list(request, "scores", rules.sides) if "scores" in request else (0,) * rules.sides
    forced = None
    if seat == leader and not any(m.move.kind is MoveKind.PLAY for m in moves) and pose_is_forced(rules, hand_index):
        doubles = [t for t in tiles if t.is_double]
        forced = max(doubles) if doubles else max(tiles, key=heaviness, default=None)
    view = PlayerView(rules, seat, hand_index, tiles, leader, tuple(moves), hand_sizes, stock, scores, forced)
    try:
        view.public  # noqa: B018 - replays and checks the public moves
    except DominoError as exc:
        raise RequestError(str(exc)) from None
    return view


def answer(player: CpuPlayer, request: Any) -> dict[str, Any]:
    started = time.perf_counter()
    view = view_from_request(request)
    if view.public.is_over and view.public.pending is None:
        raise RequestError("the hand is already over")
    claim = player.claim(view)
    if claim is not None:
        move, why = claim, "Take the points." if claim.kind is MoveKind.CLAIM else "They missed their points!"
    elif view.to_play != view.seat or view.public.is_over:
        own = view.public.claim_moves(view.seat)
        if not own:
            raise RequestError(f"it is seat {view.to_play}'s turn, not seat {view.seat}'s")
        move, why = own[0], "Take the points."
    else:
        decision = player.decide(view)
        move, why = decision.move, decision.why
    return {"move": move.notation(), "why": why, "ms": round((time.perf_counter() - started) * 1000, 2)}


def serve(player: CpuPlayer, source: IO[str], sink: IO[str]) -> None:
    for line in source:
        if not line.strip():
            continue
        try:
            reply = answer(player, json.loads(line))
        except json.JSONDecodeError as exc:
            reply = {"error": f"not valid JSON: {exc.msg} at column {exc.colno}"}
        except RequestError as exc:
            reply = {"error": str(exc)}
        except RecursionError:
            reply = {"error": "the request is nested too deeply"}
        sink.write(json.dumps(reply) + "\n")
        sink.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.engine.bot", description=__doc__)
    parser.add_argument("--level", choices=LEVELS, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--movetime-ms", type=float, default=None, help="hard's thinking time per move")
    args = parser.parse_args(argv)
    serve(make_player(args.level, args.seed, args.movetime_ms), sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
