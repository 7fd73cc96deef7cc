"""Replay a recorded match from a JSON case and print what happened (`--check` compares with "expect").

    python -m dominoes_desktop.engine.replay CASE.json [--check]

Exit codes: 0 all expected keys match, 1 one differs, 2 the case itself is invalid. An invalid case,
whatever it holds (a FIFO, /dev/zero, numbers of thousands of digits, deep nesting), gives exit 2 and one
line on stderr: never 1, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .deal import Deal
from .decisions import ClaimWindow, DealHand, LetGo, MugginsWindow
from .errors import DominoError
from .hand import Hand
from .inputs import FileRefused, limit_int_conversion, parse_json, read_bounded
from .match import Match
from .moves import Move, MoveKind, parse_move
from .presets import rules_from_json
from .rules import Rules, Style
from .tiles import Tile, full_set

MAX_CASE_BYTES = 16 * 1024 * 1024


class CaseError(Exception):
    """The case file cannot be replayed; the message says where and why."""


def _tiles(raw: Any, what: str, in_set: frozenset[Tile], seen: set[Tile]) -> tuple[Tile, ...]:
    if not isinstance(raw, list):
        raise CaseError(f"{what} must be a list of tiles")
    tiles = []
    for text in raw:
        if not isinstance(text, str):
            raise CaseError(f"{what}: {text!r} is not a tile")
        try:
            tile = Tile.parse(text)
        except DominoError as exc:
            raise CaseError(f"{what}: {exc}") from None
        if tile not in in_set:
            raise CaseError(f"{what}: {tile} is not in this set")
        if tile in seen:
            raise CaseError(f"{what}: {tile} is dealt twice")
        seen.add(tile)
        tiles.append(tile)
    return tuple(tiles)


def parse_deal(rules: Rules, raw_hand: dict[str, Any], where: str) -> Deal:
    """A hand's deal from a case, validated (the coach reads cases the same way)."""
    in_set = frozenset(full_set(rules.set_top, rules.removed_tiles))
    raw_deal = raw_hand.get("deal")
    if not isinstance(raw_deal, list) or len(raw_deal) != rules.players:
        raise CaseError(f"{where}, deal: expected {rules.players} hands, one per seat")
    seen: set[Tile] = set()
    hands = tuple(_tiles(h, f"{where}, deal of seat {i}", in_set, seen) for i, h in enumerate(raw_deal))
    if len({len(h) for h in hands}) != 1:
        raise CaseError(f"{where}, deal: every seat must be dealt the same number of tiles")
    stock = _tiles(raw_hand.get("stock", []), f"{where}, stock", in_set, seen)
    if rules.style is Style.BLOCK:
        stock = ()
    sleeping = tuple(t for t in full_set(rules.set_top, rules.removed_tiles) if t not in seen)
    return Deal(hands, stock, sleeping, None)


def case_rules_and_hands(case: Any) -> tuple[Rules, list[Any]]:
    """A case's rules and its raw hands, the first checks every reader of replay cases makes; CaseError if invalid."""
    if not isinstance(case, dict):
        raise CaseError("the case must be a JSON object")
    try:
        rules = rules_from_json(case)
    except DominoError as exc:
        raise CaseError(str(exc)) from None
    raw_hands = case.get("hands")
    if not isinstance(raw_hands, list):
        raise CaseError("'hands' must be a list")
    return rules, raw_hands


def replay(case: Any) -> dict[str, Any]:
    """Play the case's hands through the engine and return the result JSON; raise CaseError if invalid."""
    rules, raw_hands = case_rules_and_hands(case)
    match = Match(rules)
    for h, raw_hand in enumerate(raw_hands):
        play_recorded_hand(match, h, raw_hand)
    return {"hands": [r.as_json() for r in match.results], "scores": list(match.scores), "match_winner": match.winner}


def play_recorded_hand(match: Match, h: int, raw_hand: Any) -> tuple[Hand, list[Move]]:
    """Deal and play one hand of a case through the match's state machine; CaseError if invalid.

    Returns the hand as dealt (before its first move) and the moves played, for readers that judge them."""
    where = f"hand {h}"
    if not isinstance(raw_hand, dict):
        raise CaseError(f"{where}: must be an object")
    if match.is_over:
        raise CaseError(f"{where}: the match was already won by side {match.winner}")
    fixed = parse_deal(match.rules, raw_hand, where)
    leader = raw_hand.get("leader")
    if leader is not None and (isinstance(leader, bool) or not isinstance(leader, int)):
        raise CaseError(f"{where}: 'leader' must be a seat number")
    try:
        match.apply(None, DealHand(deal=fixed, leader=leader))
    except DominoError as exc:
        raise CaseError(f"{where}: {exc}") from None
    assert match.hand is not None
    start = match.hand.copy()
    raw_moves = raw_hand.get("moves")
    if not isinstance(raw_moves, list):
        raise CaseError(f"{where}: 'moves' must be a list")
    moves = []
    for m, text in enumerate(raw_moves):
        try:
            move = parse_move(text)
            replay_move(match, h, move)
        except DominoError as exc:
            raise CaseError(f"{where}, move {m} ({text}): {exc}") from None
        moves.append(move)
    let_points_go(match)
    if match.hand_index == h:
        raise CaseError(f"{where}: the moves stop before the hand is over")
    return start, moves


def let_points_go(match: Match) -> None:
    """A record names only the claims made: every window it passes by was let go."""
    while isinstance(window := match.pending(), ClaimWindow | MugginsWindow):
        match.apply(window.seats[0], LetGo())


def replay_move(match: Match, hand_index: int, move: Move) -> None:
    if move.kind in (MoveKind.CLAIM, MoveKind.MUGGINS):
        match.apply(None, move)
        return
    let_points_go(match)
    if match.hand_index != hand_index:
        raise CaseError(f"the hand is already over ({match.results[-1].end})")
    match.apply(None, move)


def differences(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where `actual` differs from `expected`, looking only at the keys `expected` has."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{path}{key}: expected {json.dumps(value)}, missing")
            else:
                found += differences(value, actual[key], f"{path}{key}.")
        return found
    if isinstance(expected, list) and isinstance(actual, list) and expected and isinstance(expected[0], dict):
        if len(expected) != len(actual):
            return [f"{path.rstrip('.')}: expected {len(expected)} entries, got {len(actual)}"]
        found = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found += differences(e, a, f"{path}{i}.")
        return found
    if expected != actual:
        return [f"{path.rstrip('.')}: expected {json.dumps(expected)}, got {json.dumps(actual)}"]
    return []


def load_case(path: Path) -> Any:
    """The case's JSON: a regular file of at most MAX_CASE_BYTES, numbers of sane length; CaseError if not."""
    try:
        return parse_json(read_bounded(path, MAX_CASE_BYTES))
    except FileRefused as exc:
        raise CaseError(f"{path}: {exc}") from None


def _checked(path: Path, check: bool) -> tuple[dict[str, Any], Any]:
    """Load and replay the case: (result, expect). Every fault of the case becomes a CaseError."""
    try:
        case = load_case(path)
        result = replay(case)
        expect = case.get("expect") if check else None
        if check and not isinstance(expect, dict):
            raise CaseError("--check needs an 'expect' object in the case")
        return result, expect
    except CaseError:
        raise
    except RecursionError:
        raise CaseError("the case is nested too deeply") from None
    except Exception as exc:
        # The checks are meant to catch every invalid case; one they miss is still an invalid case (exit 2),
        # never a "mismatch" (exit 1) nor a traceback.
        raise CaseError(f"the case cannot be replayed ({type(exc).__name__}: {exc})") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.engine.replay", description=__doc__)
    parser.add_argument("case", type=Path)
    parser.add_argument("--check", action="store_true", help="compare with the case's 'expect'")
    args = parser.parse_args(argv)
    limit_int_conversion()
    try:
        result, expect = _checked(args.case, args.check)
    except CaseError as exc:
        print(f"error: {' '.join(str(exc).split())[:500]}", file=sys.stderr)
        return 2
    if not args.check:
        print(json.dumps(result))
        return 0
    assert isinstance(expect, dict)
    try:
        diffs = differences(expect, result)
    except RecursionError:
        print("error: the case's 'expect' is nested too deeply", file=sys.stderr)
        return 2
    for line in diffs:
        print(f"mismatch: {line}")
    if diffs:
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
