"""Match files (.domino) and autosaves: the match's record (engine/record.py: the rules, the seats and
every answer `Match.apply` took, seals and cuts included) in the record's codec, version 2, with the table's
helpers beside it and, for a duplicate match, its deals and the records of its finished plays. Data only:
never executed or unpickled, size-limited, and validated with readable errors. A finished match file is
checked by the replay command too (engine/cases.py reads the codec).

Files of version 1 (REPLAY.md's cases plus the seats, each hand's deal seed, "fair" proof and "chosen" mark,
and the coming deal's "fair_next") are read one way, replayed through the match's decisions: the match they
leave holds their record, and the next save writes version 2.

A seal that does not match its seed and salt (or a proof that does not deal the hand's tiles) is no reason
to refuse the file: the hand is listed as unverifiable, for the player to be told, and never silently trusted.
The tiles each sealed deal gave are written beside the record ("dealt"), so that a seed edited in the file
(which would deal other tiles than the moves were played on) still loads, on the tiles played. Loading never
changes what was saved: the match loaded saves as it was read, an edited seal included.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ..engine.cases import MoveError, let_points_go, walk_moves
from ..engine.cpu import LEVELS
from ..engine.deal import Deal, Dealer, check_deal_counts
from ..engine.decisions import (
    Action,
    AnswerRedeal,
    DealAgain,
    DealHand,
    Dealt,
    Event,
    Lead,
    NextHand,
    Seal,
)
from ..engine.duplicate import MAX_DEALS, DuplicateError, DuplicateMatch, duplicate_rules
from ..engine.errors import DominoError
from ..engine.fairness import FairDeal, ProofError, fingerprint, seal_holds
from ..engine.match import Match, positions
from ..engine.presets import rules_from_json
from ..engine.record import (
    VERSION,
    Entry,
    Record,
    RecordError,
    action_text,
    actions_from_json,
    actions_to_json,
    decode_action,
    encode_action,
    record_from_json,
    record_to_json,
)
from ..engine.record import SeatRecord as SeatRecord  # re-exported: the store's callers name seats so
from ..engine.rules import Rules
from ..engine.tiles import Tile, full_set, shown
from . import HOME_GROUP
from .files import FileRefused, parse_json, read_bounded, whole_number

FORMAT = "dominoes-desktop-match"
OLD_VERSION = 1  # hands of deals and moves: read one way
MAX_BYTES = 4 * 1024 * 1024
MAX_HANDS = 5000
MAX_SEED = 2**64 - 1
MAX_TIMER_SECONDS = 600  # the lobby's longest turn timer
TIMEOUT_ACTIONS = ("best", "first", "pass")
TABLE_FLAGS = ("open_hands", "tracker", "hints")


class MatchFileError(Exception):
    """A match file that cannot be read; the message says why, on one line, in English (for the log). `kind` is
    the trouble for the player's words: "unreadable" (the file could not be read), "too_big", "not_match" (not a
    Dominoes Desktop match), "version" (another version's), "damaged" (anything else wrong in it)."""

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class SavedMatch:
    """A match restored from a file: the engine's Match, positioned where the file stopped."""

    match: Match
    options: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    table: dict[str, Any]  # timer_seconds, on_timeout, open_hands, tracker, hints, stats_group
    duplicate: DuplicateMatch | None = None  # a duplicate match, whose play at the table `match` is
    line_up: tuple[SeatRecord, ...] = ()  # duplicate: the seats of the first plays (`seats`: this play's)
    # Hands (0-based) whose seal does not match (an edited "fair" proof, or an edited "fair_next" for the hand
    # it deals): the match loads and plays on, and the player is told those hands cannot be verified.
    unverifiable: tuple[int, ...] = ()
    # Duplicate: deals (0-based) not dealt yet whose seal does not match its seed: they load, to be told.
    unverifiable_deals: tuple[int, ...] = ()

    @property
    def is_over(self) -> bool:
        return self.duplicate.is_over if self.duplicate is not None else self.match.is_over


def match_to_json(
    match: Match, options: dict[str, Any], seats: list[SeatRecord], table: dict[str, Any]
) -> dict[str, Any]:
    """Everything needed to rebuild the match and go on: its record, with the seats, and the table's helpers."""
    record = match.record
    kept = Record(record.rules, record.seed, record.actions, record.practice, options, tuple(seats))
    data = record_to_json(kept) | {"table": table}
    dealt = _sealed_deals(match)
    if dealt:
        # The tiles each sealed deal gave, beside the record that derives them from the seal: a seal edited in
        # the file then still loads, on the tiles that were played, and is named as not verifiable.
        data["dealt"] = [[h, _deal_json(deal)] for h, deal in sorted(dealt.items())]
    return data


def _deals(match: Match) -> dict[int, Deal]:
    """The match's deals by hand: every hand played, and the one being played (its deal dealt)."""
    deals = {index: deal for index, (deal, _) in enumerate(match.played_hands())}
    if match.deal is not None:
        deals[match.hand_index] = match.deal
    return deals


def _sealed_deals(match: Match) -> dict[int, Deal]:
    """The deals, by hand, that came from a proof (a seal and its cuts, or a deal played again)."""
    return {h: deal for h, deal in _deals(match).items() if h in match.proofs}


def _deal_json(deal: Deal) -> Any:
    written = encode_action(DealHand(deal=deal))  # the codec's deal: every seat's tiles, stock, sleeping
    assert isinstance(written, dict)
    return written["deal"]


def _written_deals(rules: Rules, raw: Any) -> dict[int, Deal]:
    """The file's "dealt": the tiles each sealed deal gave, checked like any recorded deal."""
    if raw is None:
        return {}
    _require(isinstance(raw, list) and len(raw) <= MAX_HANDS, "'dealt' must list the hands' deals")
    found: dict[int, Deal] = {}
    for entry in raw:
        _require(
            isinstance(entry, list) and len(entry) == 2 and whole_number(entry[0], 0, MAX_HANDS),
            "'dealt' must list [hand, deal] pairs",
        )
        try:
            action = decode_action(rules, {"deal": entry[1]})
        except RecordError as exc:
            raise MatchFileError(f"dealt, hand {entry[0] + 1}: {exc}") from None
        _require(isinstance(action, DealHand) and action.deal is not None, f"dealt, hand {entry[0] + 1}: no tiles")
        assert isinstance(action, DealHand) and action.deal is not None
        found[entry[0]] = action.deal
    return found


class _DealBegun(NamedTuple):
    """Where the walk goes back to should a deal not give the tiles written for it: the match as it stood before
    the deal's first answer (a Seal, DealAgain or DealHand), if kept (a copy costs as much as the record so far),
    how many answers it had taken then, that answer, and where it is in the file's record."""

    match: Match | None
    taken: int
    action: Seal | DealAgain | DealHand
    at: int


class _DealtAlone(NamedTuple):
    """A deal's answers as a match of its own answers them: the one that deals, the tiles dealt, their proof."""

    last: int
    deal: Deal
    proof: FairDeal


def _rebuilt(record: Record, written: dict[int, Deal]) -> Match:
    """The match the record leaves, every sealed deal standing on the tiles written beside it: the record's
    one walk (`positions`) while every deal gives its written tiles (a file nobody edited); from the first that
    does not, the walk that folds edited deals (`_rebuilt_folding`). RecordError, naming the file's answer, if
    one does not replay."""
    actions = record.actions
    match: Match | None = None
    for position in positions(record):
        match = position.match
        dealt = next((e for e in position.events if isinstance(e, Dealt)), None)
        if dealt is None or dealt.hand_index not in written or dealt.hand_index not in match.proofs:
            continue
        tiles = written[dealt.hand_index]
        if match.deal is not None and not match.deal.same_tiles(tiles) and not _sent_back(actions, position.at + 1):
            return _rebuilt_folding(record, written)  # an edited deal: folded as it is met
    assert match is not None
    return match


def _rebuilt_folding(record: Record, written: dict[int, Deal]) -> Match:
    """The match the record leaves, every sealed deal standing on the tiles written beside it. A deal whose seal
    does not give those tiles (a seed or salt edited in the file) is answered as the tiles, with the seal kept as
    its proof: the match stands on the tiles that were played, and the proof, not holding, names the hand as not
    verifiable. The deal's leader and declined redeals, which the tiles decide again, are folded into it.

    One walk of the record, however many deals are edited (a walk from the start for each took hours for a
    hostile file of the largest size). A deal's tiles come from its answers alone (a seal and its cuts, a proof,
    tiles): answered first in a match of their own, they say whether to fold the deal before walking it. Should
    that not be told, the match is kept (cloned) before the deal, and the walk goes back there if the deal does
    not give its written tiles. RecordError, naming the file's answer, if one does not replay."""
    actions = record.actions
    match = Match(record.rules, record.seed, practice=record.practice)
    begun: _DealBegun | None = None
    at = 0
    while at < len(actions):
        seat, action = actions[at]
        if written and isinstance(action, Seal | DealAgain | DealHand):
            tiles = written.get(match.hand_index)
            alone = None
            if tiles is not None and isinstance(match.pending(), NextHand):
                alone = _dealt_alone(record.rules, actions, at)
                if alone is not None and not alone.deal.same_tiles(tiles) and not _sent_back(actions, alone.last + 1):
                    at = _folded(match, actions, at, alone.last + 1, alone.proof, tiles)  # foreseen: folded unwalked
                    continue
            kept = match.clone() if tiles is not None and alone is None else None
            begun = _DealBegun(kept, match.actions_taken, action, at)
        events = _applied(match, at, seat, action)
        at += 1
        dealt = next((e for e in events if isinstance(e, Dealt)), None)
        if dealt is None or dealt.hand_index not in written or dealt.hand_index not in match.proofs:
            continue
        tiles = written[dealt.hand_index]
        if match.deal is None or match.deal.same_tiles(tiles) or _sent_back(actions, at):
            continue
        assert begun is not None  # only a deal's first answer, or a cut of a sealed one, deals from a proof
        proof, start = match.proofs[dealt.hand_index], begun.at
        # Not kept (foreseen to give its tiles: never otherwise, as far as known): the answers before it again.
        match = begun.match if begun.match is not None else Match.from_record(match.record.truncated(begun.taken))
        at = _folded(match, actions, start, at, proof, tiles)
        begun = None  # nothing deals again before the next deal's first answer
    return match


def _folded(match: Match, actions: tuple[Entry, ...], start: int, end: int, proof: FairDeal, tiles: Deal) -> int:
    """Answer the deal begun at `start` and dealt by the answer before `end` as the tiles written for it, with its
    proof, and its declined redeals and chosen leader folded in; where the walk goes on."""
    leader = None
    while end < len(actions) and isinstance(actions[end][1], AnswerRedeal):
        end += 1  # declined (a deal sent back is never folded): the written tiles are the ones played
    chosen = actions[end][1] if end < len(actions) else None
    if isinstance(chosen, Lead):
        leader = chosen.seat
        end += 1
    again = isinstance(actions[start][1], DealAgain)  # a deal played again stays out of deal luck
    _applied(match, start, None, DealHand(deal=tiles, leader=leader, proof=proof, chosen=again))
    return end


def _dealt_alone(rules: Rules, actions: tuple[Entry, ...], at: int) -> _DealtAlone | None:
    """The deal begun by the answer at `at` (a Seal and its cuts, a DealAgain, a DealHand), answered in a match of
    its own: the tiles come from those answers alone. None if they deal nothing from a proof there."""
    probe = Match(rules)
    try:
        for last in range(at, min(at + 2 + rules.players, len(actions))):  # the seal, then a cut by each seat
            probe.apply(*actions[last])
            if probe.deal is not None:
                return _DealtAlone(last, probe.deal, probe.proofs[0]) if 0 in probe.proofs else None
    except DominoError:
        return None
    return None


def _applied(match: Match, at: int, seat: int | None, action: Action) -> list[Event]:
    """`match.apply`, a refusal named as the record's answer number `at` (0-based)."""
    try:
        return match.apply(seat, action)
    except DominoError as exc:
        raise RecordError(f"action {at + 1} ({action_text(action)}): {exc}") from None


def _sent_back(actions: tuple[Entry, ...], at: int) -> bool:
    """Whether the deal just dealt is sent back by the answers from `at` (its redeal offers, until one is taken)."""
    while at < len(actions) and isinstance(action := actions[at][1], AnswerRedeal):
        if action.redeal:
            return True
        at += 1
    return False


def _require(condition: bool, message: str, kind: str = "damaged") -> None:
    if not condition:
        raise MatchFileError(message, kind)


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
    """Rebuild the match from its record (version 1: by replaying every move); MatchFileError on anything wrong."""
    _require(isinstance(data, dict), "the file is not a match (expected a JSON object)", "not_match")
    _require(data.get("format") == FORMAT, "the file is not a Dominoes Desktop match", "not_match")
    version = data.get("version")
    # Only a whole number names another version of the game: a file without one, or with "2" or true, is damaged.
    numbered = isinstance(version, int) and not isinstance(version, bool)
    _require(numbered, f"'version' must be a whole number, not {shown(repr(version))}")
    _require(version in (OLD_VERSION, VERSION), f"match files of version {version!r} are not supported", "version")
    if version == OLD_VERSION:
        return _match_from_version_1(data)
    try:
        base_rules = rules_from_json(data)
    except DominoError as exc:
        raise MatchFileError(str(exc)) from None
    rules = duplicate_rules(base_rules) if "duplicate" in data else base_rules  # the play at the table's rules
    table = _table(data.get("table"))
    try:
        record = record_from_json(data, rules)
    except RecordError as exc:
        raise MatchFileError(str(exc)) from None
    _require(len(record.seats) == rules.players, f"'seats' must list the {rules.players} seats")
    for i, seat in enumerate(record.seats):
        _require(seat.level in LEVELS, f"seat {i} is not valid")
    try:
        # A duplicate match's play stands on its deal's seal, which the duplicate part checks strictly.
        written = {} if "duplicate" in data else _written_deals(rules, data.get("dealt"))
        match = _rebuilt(record, written)
    except RecordError as exc:
        raise MatchFileError(str(exc)) from None
    marked = _unverifiable(match, "duplicate" in data)
    options = dict(record.options)
    if "duplicate" in data:
        duplicate, line_up, bad_seals = _duplicate_from_json(data["duplicate"], base_rules, match)
        return SavedMatch(match, options, record.seats, table, duplicate, line_up, marked, bad_seals)
    return SavedMatch(match, options, record.seats, table, unverifiable=marked)


def _unverifiable(match: Match, duplicate: bool = False) -> tuple[int, ...]:
    """The hands whose seal does not hold: a proof that is not its seed's and salt's, or does not deal the
    hand's tiles, a deal with no proof that its seed does not deal either (a proof deleted, tiles written in),
    and a sealed coming deal that is not (the hand it is about to deal). And the hands a "chosen" mark leaves
    out of deal luck on the file's word alone (`duplicate`: the match is a duplicate match's play, whose deal
    the duplicate match checks)."""
    deals = _deals(match)
    dealer = Dealer(match.rules)
    found = [
        h
        for h, deal in sorted(deals.items())
        if (h in match.proofs and not seal_holds(match.rules, match.proofs[h], deal))
        or (h not in match.proofs and (deal.seed is None or not dealer.deal(deal.seed).same_tiles(deal)))
    ]
    # "Play this deal again" deals a new match's first hand: a later hand marked chosen (left out of deal luck)
    # was marked by hand.
    found += [h for h in match.chosen_deals if h > 0 and h not in found]
    # The game deals a deal played again from its proof ("again"); a first hand written out with a "chosen" mark
    # (a file of version 1, or its record) says so on its own word, which nothing here can check.
    first = next(
        (action for _, action in match.record.actions if isinstance(action, DealHand | DealAgain | Seal)), None
    )
    if isinstance(first, DealHand) and first.chosen and 0 in match.chosen_deals and not duplicate and 0 not in found:
        found.append(0)
    sealed = match.sealed
    if sealed is not None and not seal_holds(match.rules, sealed, None):
        found.append(match.hand_index)
    return tuple(sorted(found))


def _match_from_version_1(data: Any) -> SavedMatch:
    """A file of version 1: its hands replayed through the match's decisions, as they were played."""
    try:
        rules = rules_from_json(data)
    except DominoError as exc:
        raise MatchFileError(str(exc)) from None
    base_rules = rules
    if "duplicate" in data:
        rules = duplicate_rules(rules)  # the play at the table is played under the duplicate rules
    options = dict(data.get("options") or {})
    seed = data.get("seed")
    _require(whole_number(seed, 0, MAX_SEED), "'seed' must be a whole number from 0 to 2^64 - 1")
    raw_seats = data.get("seats")
    _require(
        isinstance(raw_seats, list) and len(raw_seats) == rules.players, f"'seats' must list the {rules.players} seats"
    )
    seats = [_seat(raw, f"seat {i}") for i, raw in enumerate(raw_seats)]
    table = _table(data.get("table"))
    raw_hands = data.get("hands")
    _require(isinstance(raw_hands, list) and len(raw_hands) <= MAX_HANDS, "'hands' must be a list of hands")
    match = Match(rules, seed, practice=data.get("practice") is True)
    unverifiable: list[int] = []
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
            deal_seed is None or whole_number(deal_seed, 0, MAX_SEED),
            f"{where}: the deal seed must be a whole number from 0 to 2^64 - 1",
        )
        leader = raw.get("leader")
        _require(whole_number(leader, 0, rules.players - 1), f"{where}: the leader must be a seat")
        moves = raw.get("moves")
        _require(isinstance(moves, list), f"{where}: 'moves' must be a list")
        try:  # rebuilt through the match's decisions, as it was played
            proof = FairDeal.from_json(raw["fair"]) if "fair" in raw else None
            chosen = raw.get("chosen") is True
            check_deal_counts(rules, [len(h_) for h_ in hands], len(stock) if "stock" in raw else None)
            dealt = Deal(hands, stock, sleeping, deal_seed)
            from_shuffle = proof is None and not chosen and deal_seed is not None
            match.apply(
                None, DealHand(deal=dealt, leader=leader, proof=proof, chosen=chosen, from_shuffle=from_shuffle)
            )
            if proof is not None and not seal_holds(rules, proof, dealt):
                unverifiable.append(h)
            try:
                walk_moves(match, moves)
            except MoveError as exc:
                raise MatchFileError(f"{where}, move {exc.index + 1} ({exc.text}): {exc.reason}") from None
            if h < len(raw_hands) - 1:
                let_points_go(match)
        except DominoError as exc:
            raise MatchFileError(f"{where}: {exc}") from None
        _require(
            match.hand_index > h or h == len(raw_hands) - 1, f"{where} stops before its end, but more hands follow"
        )
    if "fair_next" in data:
        try:
            sealed = FairDeal.from_json(data["fair_next"]).sealed  # any cut in it is not taken yet
        except DominoError as exc:
            raise MatchFileError(f"fair_next: {str(exc).removeprefix('fair: ')}") from None
        if isinstance(match.pending(), NextHand):
            match.apply(None, Seal(sealed))
            if not seal_holds(rules, sealed, None):
                unverifiable.append(match.hand_index)  # the hand it is about to deal
    marked = tuple(sorted(set(unverifiable) | set(_unverifiable(match, "duplicate" in data))))
    if "duplicate" in data:
        duplicate, line_up, bad_seals = _duplicate_from_json(data["duplicate"], base_rules, match, OLD_VERSION)
        return SavedMatch(match, options, tuple(seats), table, duplicate, line_up, marked, bad_seals)
    return SavedMatch(match, options, tuple(seats), table, unverifiable=marked)


# ---- duplicate matches (issue 17) -------------------------------------------------------------------------


def duplicate_to_json(duplicate: DuplicateMatch, line_up: list[SeatRecord]) -> dict[str, Any]:
    """A duplicate match's own part of a match file (the play at the table is the file's match): its sealed
    deals, the line-up, and each finished play's leader and moves. A play's tiles are not written: they come
    from its deal's seed and cut, so every play of a deal is read back with the same tiles. The seeds of deals
    still to come are in the file (as the autosave keeps any match's random state): nothing is hidden from the
    person whose computer it is, but nothing can be changed without failing the check against the seals."""
    return {
        "seed": duplicate.seed,
        "person": duplicate.person,
        "deals": [
            p.as_json() if p.cut_taken else p.sealed.as_json() | {"cut": None}
            for p in (duplicate.proof(d) for d in range(duplicate.deals))
        ],
        "line_up": [{"name": s.name, "human": s.human, "level": s.level} for s in line_up],
        "plays": [
            {"actions": actions_to_json(play.match.record.actions), "practice": play.practice}
            for play in duplicate.finished
            if play.match is not None
        ],
    }


def _duplicate_from_json(
    raw: Any, rules: Rules, current: Match, version: int = VERSION
) -> tuple[DuplicateMatch, tuple[SeatRecord, ...], tuple[int, ...]]:
    """The duplicate part of a match file, every finished play played again; MatchFileError on anything wrong."""
    _require(isinstance(raw, dict), "'duplicate' must be an object")
    seed, person = raw.get("seed"), raw.get("person")
    _require(whole_number(seed, 0, MAX_SEED), "duplicate: 'seed' must be a whole number from 0 to 2^64 - 1")
    _require(whole_number(person, 0, rules.players - 1), "duplicate: 'person' must be a seat")
    raw_deals = raw.get("deals")
    _require(
        isinstance(raw_deals, list) and 1 <= len(raw_deals) <= MAX_DEALS,
        f"duplicate: 'deals' must list 1 to {MAX_DEALS} sealed deals",
    )
    proofs = []
    for d, deal in enumerate(raw_deals):
        where = f"duplicate deal {d + 1}"
        _require(isinstance(deal, dict), f"{where} is not valid")
        cut = deal.get("cut")
        _require(cut is None or isinstance(cut, str), f"{where}: 'cut' must be hex digits or null")
        try:  # "cut": null is a deal not dealt yet (sealed, no cut); "cut" or "cuts" as in any proof
            proof = FairDeal.from_json({k: v for k, v in deal.items() if k != "cut" or cut is not None})
        except ProofError as exc:
            raise MatchFileError(f"{where}: {exc}") from None
        proofs.append(proof)
    raw_plays = raw.get("plays")
    # Deals come to the table in order in the first rotation: those past the play at the table are not dealt yet,
    # so they have no cut (one written in would choose their tiles) and a bad seal of theirs costs nothing played.
    dealt = min(len(proofs), len(raw_plays) + 1) if isinstance(raw_plays, list) else len(proofs)
    proofs[dealt:] = [proof.sealed for proof in proofs[dealt:]]
    for d, proof in enumerate(proofs[:dealt]):
        _require(
            fingerprint(proof.seed, proof.salt) == proof.fingerprint,
            f"duplicate deal {d + 1}: the seed does not match its seal",
        )
    bad_seals = tuple(d for d in range(dealt, len(proofs)) if not seal_holds(rules, proofs[d], None))
    raw_line_up = raw.get("line_up")
    _require(
        isinstance(raw_line_up, list) and len(raw_line_up) == rules.players,
        f"duplicate: 'line_up' must list the {rules.players} seats",
    )
    line_up = tuple(_seat(s, f"duplicate line-up seat {i}") for i, s in enumerate(raw_line_up))
    _require(
        [s.human for s in line_up].count(True) == 1 and line_up[person].human,
        "duplicate: the line-up must be one person, in seat 'person', and CPUs",
    )
    plays = raw.get("plays")
    duplicate = DuplicateMatch(rules, proofs, seed, person)
    _require(
        isinstance(plays, list) and len(plays) < duplicate.total_plays,
        "duplicate: 'plays' must list the plays finished",
    )
    for p, play in enumerate(plays):
        where = f"duplicate play {p + 1}"
        _require(isinstance(play, dict), f"{where} is not valid")
        if version == VERSION:  # each play's record; version 1 kept its leader and moves
            try:
                actions = actions_from_json(duplicate.rules, play.get("actions"))
                duplicate.restore_record(actions, play.get("practice") is True)
            except RecordError as exc:
                raise MatchFileError(f"{where}: {exc}") from None
            except DuplicateError as exc:
                raise MatchFileError(f"duplicate {exc}") from None
            continue
        leader, moves = play.get("leader"), play.get("moves")
        _require(whole_number(leader, 0, rules.players - 1), f"{where}: the leader must be a seat")
        _require(
            isinstance(moves, list) and all(isinstance(m, str) for m in moves), f"{where}: 'moves' must list moves"
        )
        try:
            duplicate.restore_play(leader, moves, play.get("practice") is True)
        except DuplicateError as exc:
            raise MatchFileError(f"duplicate {exc}") from None
    try:
        duplicate.resume_current(current)
    except DuplicateError as exc:
        raise MatchFileError(f"duplicate: {exc}") from None
    return duplicate, line_up, bad_seals


def _seat(raw: Any, where: str) -> SeatRecord:
    _require(
        isinstance(raw, dict)
        and isinstance(raw.get("name"), str)
        and isinstance(raw.get("human"), bool)
        and raw.get("level") in LEVELS,
        f"{where} is not valid",
    )
    return SeatRecord(raw["name"][:40], raw["human"], raw["level"])


def _table(raw: Any) -> dict[str, Any]:
    """The table's helpers, each of its own type and range: a hand-edited "false" is not true."""
    table = {} if raw is None else raw
    _require(isinstance(table, dict), "'table' must be an object")
    timer = table.get("timer_seconds", 0)
    _require(
        timer is None or whole_number(timer, 0, MAX_TIMER_SECONDS),
        f"'timer_seconds' must be a whole number from 0 to {MAX_TIMER_SECONDS}",
    )
    _require(table.get("on_timeout", "best") in TIMEOUT_ACTIONS, "'on_timeout' must be best, first or pass")
    for flag in TABLE_FLAGS:
        _require(isinstance(table.get(flag, False), bool), f"'{flag}' must be true or false")
    group = table.get("stats_group", HOME_GROUP)
    _require(isinstance(group, str), "'stats_group' must be text")
    return dict(table)


def loads(text: str | bytes) -> SavedMatch:
    """A match from the text of a .domino file; MatchFileError, with one line, on anything wrong."""
    if len(text) > MAX_BYTES:
        raise MatchFileError(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MiB", "too_big")
    try:
        data = parse_json(text)
    except FileRefused as exc:
        raise MatchFileError(f"the file is damaged: {exc}") from None
    try:
        return match_from_json(data)
    except MatchFileError as exc:
        # One line, whatever a hostile file put in the names it quotes (a "tile" with a line break in it).
        raise MatchFileError(_one_line(exc), exc.kind) from None
    except RecursionError:
        raise MatchFileError("the file is damaged: nested too deeply") from None
    except Exception as exc:
        # The validation above is meant to catch every fault; should a hostile file still reach an engine
        # check it did not foresee, the file is refused like any other damaged one instead of stopping the game.
        raise MatchFileError(f"the file is damaged ({type(exc).__name__}: {_one_line(exc)})") from None


def load_file(path: Path) -> SavedMatch:
    """Read and check a .domino file: a regular file of at most MAX_BYTES, read no further than that."""
    try:
        data = read_bounded(path, MAX_BYTES)
    except FileRefused as exc:
        try:
            too_big = path.stat().st_size > MAX_BYTES  # told apart for the player's words, not by the English line
        except OSError:
            too_big = False
        raise MatchFileError(str(exc), "too_big" if too_big else "unreadable") from None
    return loads(data)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200]
