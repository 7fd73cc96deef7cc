"""One record of a match: the rules and options, the seats, and every `(seat, action)` that `Match.apply`
took, proofs and cuts included ("a one-to-one mapping between histories and states", as OpenSpiel puts it).

One walker steps recorded answers through the rules: `match.positions` walks a record, answer by answer,
through `Match.apply` (live: a fresh match, then the same match after each answer). Everything else reads
the record through it:

- `Match.from_record` rebuilds any match; undo (`Match.taken_back`) truncates the record and rebuilds;
- hand review (`Match.position`) walks the record once through the reviewed hand and keeps its positions;
- deal luck (`analysis.luck.match_deals`) reads each deal off the walk; the duplicate match rebuilds its
  plays from their records; a room's guest rebuilds a finished hand (`match.replayed_hand`) as the record of
  its revealed deal and the public answers;
- the coach, the fair coach and the rating read a hand as a record of its own (`coach.RecordedHand`: a
  `DealHand` with the deal, the leader and a free lead where no pose was forced, then the hand's moves; a
  `first_ply` where judging starts part-way), through `match.hand_moves`, a view over `positions` that
  shows each move with the hand just before it and the moves the match offered (`decisions_to_judge`,
  `fair.forced_moves`, `RecordedHand.start`, `.moves`, `.before`). A record of moves alone (an archived
  hand's history, a REPLAY.md case) names only the claims made: walked with `windows_let_go`, a window it
  passes by is let go by everyone it was open to, as replay does.

A seat's public view is not a walk of the record: it follows the public events it is told
(`view.follow_public_move`, behind `PlayerView.after`, `replay_moves`, the move log's points and a guest
following the room), on a hand whose unseen tiles are HIDDEN.

One versioned JSON codec writes the record for match files, autosaves and rooms. The older formats are read
one way into it: a REPLAY.md case's and a match file of version 1's hands are dealt and their moves walked by
`positions` (`cases.walk_moves`, a record of moves alone); a room's entries saved before the codec are read
each as it stands; a save whose deals were edited by hand is walked folding them (`store.matchfile`). The
match they leave holds their record. (tests/test_architecture.py checks that no other loop steps recorded
answers through the rules.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .deal import Deal, read_deal
from .decisions import (
    Action,
    AnswerRedeal,
    Cut,
    DealAgain,
    DealHand,
    Lead,
    LetGo,
    PlayedOut,
    Seal,
)
from .errors import DominoError
from .fairness import MAX_CUT_BYTES, FairDeal
from .inputs import whole_number
from .moves import Move, MoveKind, parse_move
from .presets import rules_from_json
from .rules import Rules
from .tiles import Tile

FORMAT = "dominoes-desktop-match"
VERSION = 2  # version 1: hands of deals and moves (store/matchfile.py reads it one way)
MAX_ACTIONS = 200_000  # a match of 5000 hands of about 40 actions
MAX_SEED = 2**64 - 1
MAX_NAME = 40

Entry = tuple[int | None, Action]  # the seat that answered (None: the table, or the one seat asked), the answer
TURN_KINDS = (MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS)


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says where and why, on one line. A
    refused answer: `at` is its place in the record, `reason` the rules' refusal alone."""

    def __init__(self, message: str, at: int | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.at = at
        self.reason = message if reason is None else reason


@dataclass(frozen=True)
class SeatRecord:
    """Who sat at a seat: a name, a person or a CPU, and the CPU's level (the store checks the level's name)."""

    name: str
    human: bool
    level: str


@dataclass(frozen=True)
class Record:
    """A match as the answers it took, in order. `rules` are the rules in force; `options` the host options
    they were built with (what the codec writes beside the preset); `seed` the match's shuffle."""

    rules: Rules
    seed: int = 0
    actions: tuple[Entry, ...] = ()
    practice: bool = False  # a move was taken back: the statistics keep the match apart
    options: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[SeatRecord, ...] = ()

    def truncated(self, length: int) -> Record:
        """The record of its first `length` answers."""
        return Record(self.rules, self.seed, self.actions[:length], self.practice, self.options, self.seats)

    def taken_back(self, at: int) -> Record:
        """The record without answer `at` and the ones after it, nor the points let go just before it (they
        are offered again, as the hand stood before that move); a practice match from then on."""
        while at > 0 and isinstance(self.actions[at - 1][1], LetGo):
            at -= 1
        return Record(self.rules, self.seed, self.actions[:at], True, self.options, self.seats)


def hand_record(rules: Rules, deal: Deal, leader: int, forced_pose: Tile | None, moves: Iterable[Move]) -> Record:
    """One hand as a record of its own (what the coach reads): its deal and leader, with a free lead where
    no pose was forced (as the winner of a hand leads), then its moves. It names no let-go: walk it with
    `windows_let_go` (`match.hand_moves` does)."""
    dealt = DealHand(deal=deal, leader=leader, free_lead=forced_pose is None)
    return Record(rules, 0, ((None, dealt), *((None, move) for move in moves)))


def undo_entry(actions: Sequence[Action], hand_moves: int, turn_index: int) -> int:
    """Where in the record's `actions` the hand's move number `turn_index` was answered, for a hand whose
    `hand_moves` moves are the last moves the record holds (the hand in play, or the one just scored)."""
    seen = 0
    for index in range(len(actions) - 1, -1, -1):
        if isinstance(actions[index], Move):
            seen += 1
            if seen == hand_moves - turn_index:
                return index
    raise RecordError(f"the record holds no move {turn_index + 1} of the hand")


# ---- the codec --------------------------------------------------------------------------------------


def action_text(action: Action) -> str:
    return action.notation() if isinstance(action, Move) else type(action).__name__


def encode_action(action: Action) -> str | dict[str, Any]:
    """An action in JSON: a move in replay notation (REPLAY.md), anything else an object of one key."""
    if isinstance(action, Move):
        return action.notation()
    if isinstance(action, Lead):
        return {"lead": action.seat}
    if isinstance(action, LetGo):
        return {"let_go": True}
    if isinstance(action, AnswerRedeal):
        return {"redeal": action.redeal}
    if isinstance(action, Cut):
        return {"cut": action.material.hex()}
    if isinstance(action, Seal):
        return {"seal": action.commitment.as_json(), "cutters": list(action.cutters)}
    if isinstance(action, DealAgain):
        return {"again": action.proof.as_json()}
    if isinstance(action, DealHand):
        found: dict[str, Any] = {}
        if action.seed is not None:
            found["seed"] = action.seed
        if action.deal is not None:
            deal = action.deal
            found["hands"] = [[str(t) for t in tiles] for tiles in deal.hands]
            found["stock"] = [str(t) for t in deal.stock]
            found["sleeping"] = [str(t) for t in deal.sleeping]
            found["deal_seed"] = deal.seed
        if action.leader is not None:
            found["leader"] = action.leader
        if action.proof is not None:
            found["proof"] = action.proof.as_json()
        if action.chosen:
            found["chosen"] = True
        if action.from_shuffle:
            found["from_shuffle"] = True
        if action.free_lead:
            found["free_lead"] = True
        return {"deal": found}
    assert isinstance(action, PlayedOut)
    raise RecordError("a hand played out by the kernel keeps no moves: it cannot be written")


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise RecordError(message)


def _proof(raw: Any) -> FairDeal:
    try:
        return FairDeal.from_json(raw)
    except DominoError as exc:
        raise RecordError(str(exc)) from None


def _deal(rules: Rules, raw: Mapping[str, Any]) -> Deal:
    """A recorded deal: every tile of the set once (stock and sleeping tiles written out), in the shape the
    rules deal."""
    try:
        deal = read_deal(rules, raw.get("hands"), raw.get("stock"), raw.get("sleeping", []))
    except DominoError as exc:
        raise RecordError(str(exc)) from None
    deal_seed = raw.get("deal_seed")
    _need(deal_seed is None or whole_number(deal_seed, 0, MAX_SEED), "a deal seed must be a whole number")
    return deal._replace(seed=deal_seed)


def decode_action(rules: Rules, raw: Any) -> Action:
    """An action as `encode_action` writes it; RecordError (one line) if it is not one."""
    if isinstance(raw, str):
        try:
            return parse_move(raw)
        except DominoError as exc:
            raise RecordError(str(exc)) from None
    _need(isinstance(raw, dict) and 1 <= len(raw) <= 2, f"not an action: {str(raw)[:60]}")
    players = rules.players
    if "lead" in raw:
        _need(whole_number(raw["lead"], 0, players - 1), "'lead' must be a seat")
        return Lead(raw["lead"])
    if "let_go" in raw:
        _need(raw["let_go"] is True, "'let_go' must be true")
        return LetGo()
    if "redeal" in raw:
        _need(isinstance(raw["redeal"], bool), "'redeal' must be true or false")
        return AnswerRedeal(raw["redeal"])
    if "cut" in raw:
        text = raw["cut"]
        _need(
            isinstance(text, str) and len(text) <= 2 * MAX_CUT_BYTES and len(text) % 2 == 0,
            f"'cut' must be at most {2 * MAX_CUT_BYTES} hex digits",
        )
        try:
            return Cut(bytes.fromhex(text))
        except ValueError:
            raise RecordError("'cut' must be hex digits") from None
    if "seal" in raw:
        cutters = raw.get("cutters", [])
        _need(
            isinstance(cutters, list)
            and len(cutters) <= players
            and all(whole_number(s, 0, players - 1) for s in cutters),
            "'cutters' must list seats",
        )
        return Seal(_proof(raw["seal"]), tuple(cutters))
    if "again" in raw:
        return DealAgain(_proof(raw["again"]))
    if "deal" in raw and isinstance(raw["deal"], dict) and len(raw) == 1:
        found = raw["deal"]
        known = {"seed", "hands", "stock", "sleeping", "deal_seed", "leader", "proof", "chosen"}
        known |= {"from_shuffle", "free_lead"}
        _need(set(found) <= known, f"a deal holds {', '.join(sorted(known))}")
        seed = found.get("seed")
        _need(seed is None or whole_number(seed, 0, MAX_SEED), "a deal's 'seed' must be a whole number")
        leader = found.get("leader")
        _need(leader is None or whole_number(leader, 0, players - 1), "a deal's 'leader' must be a seat")
        for flag in ("chosen", "from_shuffle", "free_lead"):
            _need(found.get(flag, False) is True or flag not in found, f"a deal's '{flag}' is true or left out")
        return DealHand(
            seed,
            _deal(rules, found) if "hands" in found else None,
            leader,
            _proof(found["proof"]) if "proof" in found else None,
            found.get("chosen", False),
            found.get("from_shuffle", False),
            found.get("free_lead", False),
        )
    raise RecordError(f"not an action: {str(raw)[:60]}")


def record_to_json(record: Record) -> dict[str, Any]:
    """The record in the codec's JSON (version `VERSION`): a match file, an autosave, a room's match."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "preset": record.rules.preset,
        "options": dict(record.options),
        "seed": record.seed,
        "practice": record.practice,
        "seats": [{"name": s.name, "human": s.human, "level": s.level} for s in record.seats],
        "actions": actions_to_json(record.actions),
    }


def actions_to_json(actions: Iterable[Entry]) -> list[list[Any]]:
    return [[seat, encode_action(action)] for seat, action in actions]


def actions_from_json(rules: Rules, raw_actions: Any) -> tuple[Entry, ...]:
    """Answers as `actions_to_json` writes them, each checked (not replayed); RecordError naming the first bad one."""
    _need(raw_actions is not None, "'actions' is missing: a match file lists every decision of its match")
    _need(isinstance(raw_actions, list), "'actions' must be a list")
    _need(len(raw_actions) <= MAX_ACTIONS, f"'actions' must list at most {MAX_ACTIONS} actions, not {len(raw_actions)}")
    actions: list[Entry] = []
    for index, raw in enumerate(raw_actions):
        _need(isinstance(raw, list) and len(raw) == 2, f"action {index + 1} must be [seat, action]")
        seat = raw[0]
        _need(seat is None or whole_number(seat, 0, rules.players - 1), f"action {index + 1}: the seat is not one")
        try:
            actions.append((seat, decode_action(rules, raw[1])))
        except RecordError as exc:
            raise RecordError(f"action {index + 1}: {exc}") from None
    return tuple(actions)


def _seat(raw: Any, where: str) -> SeatRecord:
    _need(
        isinstance(raw, dict)
        and isinstance(raw.get("name"), str)
        and isinstance(raw.get("human"), bool)
        and isinstance(raw.get("level"), str),
        f"{where} is not valid",
    )
    return SeatRecord(raw["name"][:MAX_NAME], raw["human"], raw["level"][:MAX_NAME])


def record_from_json(data: Any, rules: Rules | None = None) -> Record:
    """A record from the codec's JSON, checked field by field but not replayed (`Match.from_record` does
    that); RecordError (one line) if it is not one. `rules`: the rules in force, when not the file's own
    preset and options (a duplicate match's play)."""
    _need(isinstance(data, dict), "the record is not a JSON object")
    _need(data.get("format") == FORMAT, "the file is not a Dominoes Desktop match")
    _need(data.get("version") == VERSION, f"match records of version {data.get('version')!r} are not supported")
    if rules is None:
        try:
            rules = rules_from_json(data)
        except DominoError as exc:
            raise RecordError(str(exc)) from None
    options = data.get("options") or {}
    _need(isinstance(options, dict), "'options' must be an object")
    seed = data.get("seed", 0)
    _need(whole_number(seed, 0, MAX_SEED), "'seed' must be a whole number from 0 to 2^64 - 1")
    _need(isinstance(data.get("practice", False), bool), "'practice' must be true or false")
    raw_seats = data.get("seats", [])
    _need(
        isinstance(raw_seats, list) and len(raw_seats) in (0, rules.players),
        f"'seats' must list the {rules.players} seats",
    )
    seats = tuple(_seat(raw, f"seat {i + 1}") for i, raw in enumerate(raw_seats))
    actions = actions_from_json(rules, data.get("actions"))
    return Record(rules, seed, actions, data.get("practice", False) is True, dict(options), seats)
