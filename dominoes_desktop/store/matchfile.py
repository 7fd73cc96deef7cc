"""Match files (.domino): JSON that replays a match move for move. Data only: never executed or
unpickled, size-limited, and validated with readable errors.

The format extends REPLAY.md's cases: `preset`, `options` and `hands` (each with `deal`, `stock`,
`leader`, `moves`) are the same, so a finished match can be checked with the replay command. It adds
the seats, the table's helpers, each hand's deal seed and the match's random state, so play can go on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..engine.deal import Deal
from ..engine.errors import DominoError
from ..engine.match import Match
from ..engine.moves import parse_move
from ..engine.presets import rules_from_json
from ..engine.rules import Rules
from ..engine.tiles import Tile, full_set

FORMAT = "dominoes-desktop-match"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
MAX_HANDS = 5000


class MatchFileError(Exception):
    """A match file that cannot be read; the message says why, on one line."""


@dataclass(frozen=True)
class SeatRecord:
    name: str
    human: bool
    level: str


@dataclass(frozen=True)
class SavedMatch:
    """A match restored from a file: the engine's Match, positioned where the file stopped."""

    match: Match
    options: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    table: dict[str, Any]  # timer_seconds, on_timeout, open_hands, tracker, hints, stats_group


def _hand_record(deal: Deal, leader: int, moves: list[str]) -> dict[str, Any]:
    return {
        "seed": deal.seed,
        "deal": [[str(t) for t in tiles] for tiles in deal.hands],
        "stock": [str(t) for t in deal.stock],
        "leader": leader,
        "moves": moves,
    }


def match_to_json(
    match: Match, options: dict[str, Any], seats: list[SeatRecord], table: dict[str, Any]
) -> dict[str, Any]:
    """Everything needed to replay the match and go on: finished hands, the hand in play, the RNG."""
    history = [
        (deal, hand.leader, [turn.move.notation() for turn in hand.history]) for deal, hand in match.played_hands()
    ]
    rng_version, rng_words, gauss = match.rng_state()
    return {
        "format": FORMAT,
        "version": VERSION,
        "preset": match.rules.preset,
        "options": options,
        "seed": match.seed,
        "rng": [rng_version, list(rng_words), gauss],
        "seats": [{"name": s.name, "human": s.human, "level": s.level} for s in seats],
        "table": table,
        "hands": [_hand_record(deal, leader, moves) for deal, leader, moves in history],
        "practice": match.practice,  # a move was taken back: the statistics may count it apart
    }


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise MatchFileError(message)


def _tiles(raw: Any, where: str, rules: Rules) -> tuple[Tile, ...]:
    _require(isinstance(raw, list) and all(isinstance(t, str) for t in raw), f"{where} must list tiles")
    in_set = set(full_set(rules.set_top, rules.removed_tiles))
    try:
        tiles = tuple(Tile.parse(t) for t in raw)
    except DominoError as exc:
        raise MatchFileError(f"{where}: {exc}") from None
    _require(all(t in in_set for t in tiles), f"{where} holds a tile that is not in the set")
    return tiles


def match_from_json(data: Any) -> SavedMatch:
    """Rebuild the match by replaying every move; raise MatchFileError on anything wrong."""
    _require(isinstance(data, dict), "the file is not a match (expected a JSON object)")
    _require(data.get("format") == FORMAT, "the file is not a Dominoes Desktop match")
    _require(data.get("version") == VERSION, f"match files of version {data.get('version')!r} are not supported")
    try:
        rules = rules_from_json(data)
    except DominoError as exc:
        raise MatchFileError(str(exc)) from None
    options = dict(data.get("options") or {})
    seed = data.get("seed")
    _require(isinstance(seed, int) and not isinstance(seed, bool), "'seed' must be a whole number")
    raw_seats = data.get("seats")
    _require(
        isinstance(raw_seats, list) and len(raw_seats) == rules.players, f"'seats' must list the {rules.players} seats"
    )
    seats = []
    for i, raw in enumerate(raw_seats):
        _require(
            isinstance(raw, dict)
            and isinstance(raw.get("name"), str)
            and isinstance(raw.get("human"), bool)
            and raw.get("level") in ("random", "easy", "medium", "hard"),
            f"seat {i} is not valid",
        )
        seats.append(SeatRecord(raw["name"][:40], raw["human"], raw["level"]))
    table = data.get("table") or {}
    _require(isinstance(table, dict), "'table' must be an object")
    raw_hands = data.get("hands")
    _require(isinstance(raw_hands, list) and len(raw_hands) <= MAX_HANDS, "'hands' must be a list of hands")
    match = Match(rules, seed)
    for h, raw in enumerate(raw_hands):
        where = f"hand {h + 1}"
        _require(isinstance(raw, dict), f"{where} is not valid")
        _require(not match.is_over, f"{where} comes after the match was won")
        deal_raw = raw.get("deal")
        _require(isinstance(deal_raw, list) and len(deal_raw) == rules.players, f"{where}: the deal is not valid")
        hands = tuple(_tiles(tiles, f"{where}, seat {s + 1}", rules) for s, tiles in enumerate(deal_raw))
        stock = _tiles(raw.get("stock", []), f"{where}, stock", rules)
        seen = [t for h_ in hands for t in h_] + list(stock)
        _require(len(seen) == len(set(seen)), f"{where}: a tile is dealt twice")
        sleeping = tuple(t for t in full_set(rules.set_top, rules.removed_tiles) if t not in set(seen))
        deal_seed = raw.get("seed")
        _require(
            deal_seed is None or (isinstance(deal_seed, int) and not isinstance(deal_seed, bool)),
            f"{where}: the deal seed must be a whole number",
        )
        leader = raw.get("leader")
        _require(isinstance(leader, int) and not isinstance(leader, bool), f"{where}: the leader must be a seat")
        moves = raw.get("moves")
        _require(isinstance(moves, list), f"{where}: 'moves' must be a list")
        try:
            match.use_deal(Deal(hands, stock, sleeping, deal_seed))
            hand = match.start_hand(leader, any_leader=True)
            for m, text in enumerate(moves):
                try:
                    hand.apply(parse_move(text))
                except DominoError as exc:
                    raise MatchFileError(f"{where}, move {m + 1} ({text}): {exc}") from None
        except DominoError as exc:
            raise MatchFileError(f"{where}: {exc}") from None
        last = h == len(raw_hands) - 1
        if hand.is_over and not (last and hand.pending is not None):
            match.finish_hand()
        else:
            _require(last, f"{where} stops before its end, but more hands follow")
    rng = data.get("rng")
    _require(
        isinstance(rng, list)
        and len(rng) == 3
        and isinstance(rng[1], list)
        and len(rng[1]) == 625
        and all(isinstance(w, int) and 0 <= w < 2**32 for w in rng[1][:624]),
        "the random state is damaged",
    )
    try:
        match.set_rng_state((rng[0], tuple(rng[1]), rng[2]))
    except (TypeError, ValueError) as exc:
        raise MatchFileError(f"the random state is damaged ({exc})") from None
    match.practice = data.get("practice") is True
    return SavedMatch(match, options, tuple(seats), table)


def loads(text: str | bytes) -> SavedMatch:
    if len(text) > MAX_BYTES:
        raise MatchFileError(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise MatchFileError(f"the file is damaged: not valid JSON ({exc})") from None
    except RecursionError:
        raise MatchFileError("the file is damaged: nested too deeply") from None
    return match_from_json(data)
