"""The bot protocol: one JSON request a line on stdin, one JSON answer a line on stdout.

    python -m dominoes_desktop.engine.bot --level hard [--seed N] [--movetime-ms MS]

Each request describes what one seat may see; the answer is that seat's move in replay notation,
with a one-line reason (`why`) and the time spent (`ms`). Bad requests get {"error": "..."} and the
bot keeps reading, whatever the line holds: invalid UTF-8, a line of megabytes, numbers of thousands of
digits, impossible hand sizes, deep nesting. Logs go to stderr; stdout carries answers only.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import IO, Any

from ..engine.cpu import ANALYSIS_LEVELS, LEVELS, CpuPlayer, make_player
from ..engine.deal import check_counts_in_play
from ..engine.errors import DealError, IllegalMove
from ..engine.inputs import FileRefused, limit_int_conversion, parse_json
from ..engine.moves import Move, MoveKind
from ..engine.view import PlayerView, RequestError, view_from_request
from .exits import quiet_exits

MAX_LINE_BYTES = 1024 * 1024  # a request of a long draw game is a few KiB


def read_requests(source: IO[bytes] | IO[str]) -> Iterator[str | RequestError]:
    """Each line of the input, decoded; or the error to answer for a line that is not UTF-8 or too long
    (the rest of an over-long line is skipped, so the next line is read as the next request)."""
    while True:
        line = source.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_LINE_BYTES:
            while line and not (line.endswith(b"\n") if isinstance(line, bytes) else line.endswith("\n")):
                line = source.readline(MAX_LINE_BYTES)
            yield RequestError(f"the request is longer than {MAX_LINE_BYTES // 1024} KiB")
            continue
        if isinstance(line, bytes):
            try:
                yield line.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield RequestError(f"the request is not valid UTF-8 (byte {exc.start})")
            continue
        yield line


def answer(player: CpuPlayer, request: Any) -> dict[str, Any]:
    started = time.perf_counter()
    view = view_from_request(request)
    if view.legal is not None and not view.legal:  # a seat asked always has an answer, be it a pass or a draw
        raise RequestError("'legal' is empty: list the seat's moves (a pass or a draw is one), or leave 'legal' out")
    _check_deal(view)
    listed = _check_legal(view, request)
    if listed is not None:
        view = replace(view, legal=listed)
    if view.public.is_over and view.public.pending is None:
        raise RequestError("the hand is already over")
    claim = player.claim(view)
    if claim is not None and view.legal is not None and claim not in view.legal:
        claim = None  # the match offers no such call now (BOT.md: the answer is one of `legal`): play on
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
    return {"move": _as_listed(move, view, request), "why": why, "ms": round((time.perf_counter() - started) * 1000, 2)}


def _as_listed(move: Move, view: PlayerView, request: dict[str, Any]) -> str:
    """The move as `legal` spelled it, when the request gave it: "3-5@5" listed is answered "3-5@5", not "5-3@5",
    so that an engine comparing the answer with its list as text finds it there."""
    if view.legal is not None:  # resolved by _check_legal, in the list's order
        for listed, text in zip(view.legal, request["legal"], strict=True):
            if listed == move:
                return str(text).strip()
    return move.notation()


def _check_deal(view: PlayerView) -> None:
    """The tiles in hand, played and drawn, and the stock, must add up to a deal of the rules in force: REPLAY.md's
    deal sizes and stocks, for a hand in play (a request without hand_sizes is given the sizes its moves leave)."""
    try:
        check_counts_in_play(view.rules, view.hand_sizes, view.stock, ((turn.seat, turn.move) for turn in view.moves))
    except DealError as exc:
        raise RequestError(f"hand_sizes, stock and moves do not add up to a deal: {exc}") from None


def _check_legal(view: PlayerView, request: dict[str, Any]) -> tuple[Move, ...] | None:
    """The answer is one of `legal` when a request gives it (BOT.md), so each move listed must be one the rules let
    the seat make now: a tile it holds that fits an open end, a pass or draw only when it is stuck, a claim or
    Muggins open to it, a pose of a tile it holds (which pose rule applies is the match's word: a request alone
    cannot tell whether the last hand had a winner, or that a hand was dealt with a free lead). A list naming
    anything else describes an impossible position: without this check the bot answered "5-5" from
    {"legal": ["5-5"]} without holding it, and "pass" while holding a tile that fits. Returned: the list with each
    play resolved to the end it goes on ("6-3" listed where only the 6 end fits is 6-3@6), as the searching levels
    need it; None without a list."""
    if view.legal is None:
        return None
    bare = view_from_request({key: value for key, value in request.items() if key != "legal"})
    allowed = bare.legal_moves()
    own_turn = bare.to_play == view.seat and not bare.public.is_over
    world = bare.world([list(view.tiles) if s == view.seat else [] for s in range(view.rules.players)])
    resolved: list[Move] = []
    for move in view.legal:
        if move.kind is not MoveKind.PLAY:
            if move not in allowed:
                can = ", ".join(m.notation() for m in allowed) or "nothing"
                raise RequestError(f"'legal' lists {move.notation()}, but seat {view.seat}'s moves here are: {can}")
        elif not own_turn:
            raise RequestError(f"'legal' lists {move.notation()}, but it is not seat {view.seat}'s turn to play")
        elif world.layout.empty:
            if move.tile not in view.tiles:
                raise RequestError(f"'legal' lists {move.notation()}, but seat {view.seat} does not hold it")
        else:
            try:
                move = world.resolve(move)
            except IllegalMove as exc:
                raise RequestError(
                    f"'legal' lists {move.notation()}, which seat {view.seat} cannot play: {exc}"
                ) from None
        resolved.append(move)
    return tuple(resolved)


def reply_to(player: CpuPlayer, line: str) -> dict[str, Any]:
    """The answer to one request line: a move, or {"error": ...} for anything wrong with it."""
    try:
        return answer(player, parse_json(line))
    except FileRefused as exc:
        return {"error": f"the request is {exc}" if str(exc).startswith(("not", "nested")) else str(exc)}
    except RequestError as exc:
        return {"error": str(exc)}
    except RecursionError:
        return {"error": "the request is nested too deeply"}
    except Exception as exc:
        # The checks above are meant to catch every bad request; one they miss must still get an answer
        # and leave the bot reading, as the protocol promises.
        return {"error": f"the request cannot be answered ({type(exc).__name__}: {' '.join(str(exc).split())[:200]})"}


def serve(player: CpuPlayer, source: IO[bytes] | IO[str], sink: IO[str]) -> None:
    for line in read_requests(source):
        if isinstance(line, RequestError):
            reply = {"error": str(line)}
        elif not line.strip():
            continue
        else:
            reply = reply_to(player, line)
        sink.write(json.dumps(reply) + "\n")
        sink.flush()


@quiet_exits
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.engine.bot", description=__doc__)
    parser.add_argument("--level", choices=LEVELS + ANALYSIS_LEVELS, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--movetime-ms", type=float, default=None, help="hard's thinking time per move")
    limit_int_conversion()  # also for --seed: a 5,000-digit seed is refused, not converted
    args = parser.parse_args(argv)
    if args.movetime_ms is not None and not 0 < args.movetime_ms <= 3_600_000:  # also refuses nan
        parser.error("--movetime-ms must be more than 0 and at most 3600000")
    source = sys.stdin.buffer if sys.stdin is not None else io.BytesIO()  # started with stdin closed: no requests
    serve(make_player(args.level, args.seed, args.movetime_ms), source, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
