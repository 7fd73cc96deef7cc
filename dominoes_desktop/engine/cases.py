"""Recorded matches as JSON cases (REPLAY.md): parse them, check their deals, and rebuild them through
the match's decisions (`Match.apply`). A case is read one way into the match's record (`case_record`); a
match file in the record's own codec (engine/record.py) replays and verifies here too."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .deal import Deal, read_deal
from .decisions import ClaimWindow, DealHand, LetGo, MugginsWindow
from .errors import DealError, DominoError, NotationError
from .fairness import FairDeal, ProofError, verify
from .hand import Hand
from .inputs import FileRefused, json_shown, parse_json, read_bounded
from .match import Match, positions
from .moves import Move, MoveKind, read_move
from .presets import rules_from_json
from .record import FORMAT, VERSION, Record, RecordError, record_from_json
from .rules import Rules
from .tiles import shown

MAX_CASE_BYTES = 16 * 1024 * 1024
CASE_FIELDS = ("preset", "options", "hands", "expect")
HAND_FIELDS = ("deal", "stock", "leader", "moves")
CASE_VERSION = 1  # a match file of version 1 is a case (its hands' deals and moves) with extra fields
T = TypeVar("T")


class CaseError(Exception):
    """The case file cannot be replayed; the message says where and why."""


def parse_deal(rules: Rules, raw_hand: dict[str, Any], where: str) -> Deal:
    """A hand's deal from a case, validated (`deal.read_deal`): every reader of cases (replay, the coach,
    fairness, duplicate) comes here."""
    check_field_names(raw_hand, HAND_FIELDS, f"{where}: ")
    try:
        return read_deal(rules, raw_hand.get("deal"), raw_hand.get("stock"))
    except DealError as exc:
        raise CaseError(f"{where}, {exc}") from None


def case_rules_and_hands(case: Any) -> tuple[Rules, list[Any]]:
    """A case's rules and its raw hands, the first checks every reader of replay cases makes; CaseError if invalid."""
    if not isinstance(case, dict):
        raise CaseError("the case must be a JSON object")
    if is_record(case):  # a match file in the record's codec: its hands as a case's (the coach reads them so)
        match = replayed(case)
        return match.rules, [hand_as_case(deal, hand) for deal, hand in match.played_hands()]
    check_field_names(case, CASE_FIELDS, "")
    try:
        rules = rules_from_json(case)
    except DominoError as exc:
        raise CaseError(str(exc)) from None
    raw_hands = case.get("hands")
    if not isinstance(raw_hands, list):
        raise CaseError("'hands' must be a list")
    return rules, raw_hands


def check_field_names(raw: dict[str, Any], known: tuple[str, ...], where: str) -> None:
    """Other fields are ignored (a case's `note`, a saved file's seeds and seats), but a misspelt known one
    (`"lead": 3`, `"option": {...}`, `"stok"`) would replay the case under other rules, or another deal,
    without a word: a name a slip away from a known one is refused (`near_miss`)."""
    for name in raw:
        meant = near_miss(name, known)
        if meant is not None:
            raise CaseError(f"{where}unknown field '{shown(name, 40)}' (did you mean '{meant}'?)")


def near_miss(name: str, known: tuple[str, ...]) -> str | None:
    """The known name `name` was likely meant as: one letter added, dropped, changed, or two neighbours
    swapped; in other capitals; or cut short (three letters at least, like `lead` for `leader`)."""
    if name in known:
        return None
    for field in known:
        same_length = len(name) == len(field)
        if (
            (len(name) >= 3 and field.startswith(name))
            or _one_slip(name, field)
            or (same_length and name.lower() == field)
        ):
            return field
    return None


def _one_slip(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        apart = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        swapped = (
            len(apart) == 2 and apart[1] == apart[0] + 1 and a[apart[0]] == b[apart[1]] and a[apart[1]] == b[apart[0]]
        )
        return len(apart) == 1 or swapped
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def is_record(case: Any) -> bool:
    """A match file in the record's codec, not a case of hands (which a match file of version 1 still is).
    CaseError for a match file of a version this game does not read: read as a plain case, it printed a
    result for a file it does not understand."""
    if not isinstance(case, dict) or case.get("format") != FORMAT:
        return False
    version = case.get("version")
    if type(version) is not int or version not in (CASE_VERSION, VERSION):  # `true` is no 1, 2.0 no 2
        what = "no version" if version is None else f"version {json.dumps(version)} is not one this game reads"
        raise CaseError(f'{what}: a match file ("format": "{FORMAT}") is of version 1 or 2')
    return version == VERSION


def replayed(case: Any) -> Match:
    """The match a case (or a match file in the record's codec) leaves; CaseError if invalid."""
    if is_record(case):
        try:
            return Match.from_record(record_from_json(case))
        except RecordError as exc:
            raise CaseError(str(exc)) from None
    rules, raw_hands = case_rules_and_hands(case)
    match = Match(rules)
    for h, raw_hand in enumerate(raw_hands):
        play_recorded_hand(match, h, raw_hand)
    return match


def case_record(case: Any) -> Record:
    """A case read one way into the record of the match it plays (every window it passes by let go)."""
    return replayed(case).record


def hand_as_case(deal: Deal, hand: Hand) -> dict[str, Any]:
    """A hand played, as a case writes it (REPLAY.md): its deal, stock, leader and moves."""
    return {
        "deal": [[str(t) for t in tiles] for tiles in deal.hands],
        "stock": [str(t) for t in deal.stock],
        "leader": hand.leader,
        "moves": [turn.move.notation() for turn in hand.history],
    }


def replay(case: Any) -> dict[str, Any]:
    """Play the case's hands through the engine and return the result JSON; raise CaseError if invalid."""
    match = replayed(case)
    return {"hands": [r.as_json() for r in match.results], "scores": list(match.scores), "match_winner": match.winner}


def play_recorded_hand(
    match: Match, h: int, raw_hand: Any, *, proof: FairDeal | None = None, chosen: bool = False
) -> tuple[Hand, list[Move]]:
    """Deal and play one hand of a case through the match's state machine; CaseError if invalid. `proof` and
    `chosen` are kept with the deal (a saved match's).

    Returns the hand as dealt (before its first move) and the moves played, for readers that judge them."""
    where = f"hand {h}"
    if not isinstance(raw_hand, dict):
        raise CaseError(f"{where}: must be an object")
    if match.is_over:
        raise CaseError(f"{where}: the match was already won by side {match.winner}")
    fixed = parse_deal(match.rules, raw_hand, where)
    leader = raw_hand.get("leader")
    if leader is not None and (isinstance(leader, bool) or not isinstance(leader, int)):
        raise CaseError(f"{where}: 'leader' must be a seat number, not {json_shown(leader)}")
    return play_hand(match, h, fixed, leader, raw_hand.get("moves"), proof=proof, chosen=chosen)


def play_hand(
    match: Match,
    h: int,
    fixed: Deal,
    leader: int | None,
    raw_moves: Any,
    *,
    proof: FairDeal | None = None,
    chosen: bool = False,
) -> tuple[Hand, list[Move]]:
    """Deal `fixed` and play the recorded moves (replay notation) through the match's decisions; CaseError,
    naming hand `h` and the move, if they do not replay."""
    where = f"hand {h}"
    try:
        match.apply(None, DealHand(deal=fixed, leader=leader, proof=proof, chosen=chosen))
    except DominoError as exc:
        raise CaseError(f"{where}: {exc}") from None
    assert match.hand is not None
    start = match.hand.copy()
    if not isinstance(raw_moves, list):
        raise CaseError(f"{where}: 'moves' must be a list")
    try:
        moves = walk_moves(match, raw_moves)
    except MoveError as exc:
        raise CaseError(f"{where}, move {exc.index} ({shown(exc.text)}): {exc.reason}") from None
    let_points_go(match)
    if match.hand_index == h:
        raise CaseError(f"{where}: the moves stop before the hand is over")
    return start, moves


def let_points_go(match: Match) -> None:
    """A record names only the claims made: every window it passes by was let go."""
    while isinstance(window := match.pending(), ClaimWindow | MugginsWindow):
        match.apply(window.seats[0], LetGo())


class MoveError(CaseError):
    """A recorded move that does not read or does not replay: its place among the moves, its text, the reason."""

    def __init__(self, index: int, text: str, reason: str) -> None:
        super().__init__(f"move {index} ({text}): {reason}")
        self.index, self.text, self.reason = index, text, reason


def walk_moves(match: Match, raw_moves: list[Any]) -> list[Move]:
    """A hand's recorded moves (replay notation), read and walked on from `match` by the record's one walker
    (`match.positions`, as a record of moves alone: a claim or Muggins takes pending points, even after the
    hand's final pass (REPLAY.md), any other move first lets pending points go). MoveError names the first
    move that does not read or does not replay."""
    moves: list[Move] = []
    unread: MoveError | None = None
    posed = match.hand is not None and not match.hand.layout.empty  # before the pose, no '@x' can name an end
    for m, text in enumerate(raw_moves):
        try:
            if not isinstance(text, str):  # in the file's words (null, true), where the parser says Python's
                raise NotationError(f"a move must be a string, not {json_shown(text)}")
            moves.append(read_move(text, posed))
            posed = posed or moves[-1].kind is MoveKind.PLAY
        except DominoError as exc:
            unread = MoveError(m, text if isinstance(text, str) else json_shown(text), str(exc))
            break  # the moves before it are walked first: a move refused before it is named first
    try:
        for _ in positions(
            Record(match.rules, actions=tuple((None, move) for move in moves)), windows_let_go=True, on=match
        ):
            pass
    except RecordError as exc:
        assert exc.at is not None
        text = raw_moves[exc.at]
        raise MoveError(exc.at, text if isinstance(text, str) else json_shown(text), exc.reason) from None
    if unread is not None:
        raise unread
    return moves


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
    if not same_json(expected, actual):
        return [f"{path.rstrip('.')}: expected {json.dumps(expected)}, got {json.dumps(actual)}"]
    return []


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values: true and false equal only themselves (Python's `False == 0` let another engine's
    `"winner_seat": false` pass for seat 0), numbers by value (JSON has one kind: 10 equals 10.0), lists item
    by item, objects key by key."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[key], b[key]) for key in a)
    return type(a) is type(b) and a == b  # strings, null


def load_case(path: Path) -> Any:
    """The case's JSON: a regular file of at most MAX_CASE_BYTES, numbers of sane length; CaseError if not."""
    try:
        return parse_json(read_bounded(path, MAX_CASE_BYTES))
    except FileRefused as exc:
        raise CaseError(f"{path}: {exc}") from None


def read_case(path: Path, use: Callable[[Any], T]) -> T:
    """Load the case at `path` and give it to `use` (replay, the coach's reading, fairness): what every
    command that reads cases does first. Every fault of the case comes out as a CaseError: the checks are
    meant to catch every invalid case, and one they miss is still an invalid case, never a traceback."""
    try:
        return use(load_case(path))
    except CaseError:
        raise
    except RecursionError:
        raise CaseError("the case is nested too deeply") from None
    except Exception as exc:
        raise CaseError(f"the case cannot be read ({type(exc).__name__}: {exc})") from None


def error_line(exc: Exception) -> str:
    """The one line a command prints for an invalid case: whitespace folded, at most 500 characters."""
    return "error: " + " ".join(str(exc).split())[:500]


def verify_case(case: Any) -> list[dict[str, Any]]:
    """One verdict per hand of a replay case that carries a "fair" object. Every hand's deal is checked as
    replay checks it, proof or not: a deal the rules never deal is no deal to vouch for. A match file in the
    record's codec: one verdict per dealt hand with a proof."""
    if is_record(case):
        match = replayed(case)
        return [
            {"hand": h, "fingerprint": v.fingerprint_ok, "deal": v.deal_ok, "fair": v.ok}
            for h, (deal, _) in enumerate(match.played_hands())
            if h in match.proofs
            for v in (verify(match.rules, match.proofs[h], deal),)
        ]
    rules, raw_hands = case_rules_and_hands(case)
    found = []
    for h, raw_hand in enumerate(raw_hands):
        if not isinstance(raw_hand, dict):
            raise CaseError(f"hand {h}: must be an object")
        dealt = parse_deal(rules, raw_hand, f"hand {h}")
        if "fair" not in raw_hand:
            continue
        try:
            proof = FairDeal.from_json(raw_hand["fair"])
        except ProofError as exc:
            raise CaseError(f"hand {h}, {exc}") from None
        verdict = verify(rules, proof, dealt)
        found.append({"hand": h, "fingerprint": verdict.fingerprint_ok, "deal": verdict.deal_ok, "fair": verdict.ok})
    return found
