"""A room's match kept as the record of every answer applied, and the match rebuilt from it (a resumed room).

Entries, in order:

- `["fair", proof]`: a deal, sealed by the host's commitment and cut by every seat (engine.fairness: the proof
  holds the secret and each seat's cut, in seat order). It rebuilds as the same decisions: `Seal` of the
  commitment with every seat to cut, then each seat's `Cut`.
- `["a", seat, action]`: any other answer of a seat, in the record's codec (engine/record.py: a move in replay
  notation, `{"lead": 2}`, `{"redeal": true}`, `{"let_go": true}`).

Read one way, from rooms saved before the record's codec:

- `["act", seat, action]`: a seat's answer in the protocol's words (`6-4@6`, `lead:2`, `redeal`, `decline`...).
- `["deal", seed]`: a deal in rooms saved before deals were sealed (the match dealt from `Random(seed)`).

A deal is written once its cuts are all in: a room saved while a deal waits for cuts seals a fresh one.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.decisions import Cut, CutBy, DealHand, Dealt, Event, Seal
from ..engine.errors import DominoError
from ..engine.fairness import FairDeal, ProofError
from ..engine.match import Match
from ..engine.record import RecordError, decode_action, encode_action
from ..engine.rules import Rules
from ..session.seats import Waiting
from ..session.table import Session
from .wording import ActionError, parse

Entry = list[Any]


def entry_of(events: list[Event], match: Match) -> Entry | None:
    """The record's entry for the answer that made `events` (one answer's events, as a session's listener
    hears them), or None when there is nothing to keep yet (a seal, a cut that leaves others to cut)."""
    answer = match.last_answer
    if not events or answer is None:
        return None
    seat, action = answer
    if isinstance(action, Seal | Cut):  # a deal is kept once, as its proof, when its last cut is in
        dealt = next((e for e in events if isinstance(e, Dealt)), None)
        proof = None if dealt is None else match.proofs.get(dealt.hand_index)
        return ["fair", proof.as_json()] if isinstance(events[0], CutBy) and proof is not None else None
    if isinstance(action, DealHand):
        return None  # a room seals every deal
    return ["a", seat, encode_action(action)]


def replay(rules: Rules, record: object) -> Match:
    """The match `record` leaves, rebuilt through a session answering the same decisions; ValueError (one
    line) if the record does not fit."""
    if not isinstance(record, list):
        raise ValueError("the saved match is not a record")
    first: Any = record[0] if record else None
    # Rooms saved before deals were sealed: their first deal came from the match's shuffle seeded so.
    seeded = isinstance(first, list) and len(first) == 2 and first[0] == "deal" and _whole(first[1])
    match = Match(rules, first[1] if seeded else 0)
    nobody = Waiting(lambda ask: None)
    session = Session(match, [nobody] * rules.players, nobody)
    for index, entry in enumerate(record):
        try:
            _apply(session, entry, shuffled=seeded and index == 0)
        except (DominoError, ActionError, RecordError) as exc:
            raise ValueError(f"the saved match does not replay (entry {index}): {exc}") from None
    return match


def _apply(session: Session, entry: object, *, shuffled: bool) -> None:
    players = session.match.rules.players
    if not isinstance(entry, list) or not entry:
        raise ValueError(f"not a record entry: {str(entry)[:60]}")
    kind = entry[0]
    if kind == "fair" and len(entry) == 2:
        try:
            proof = FairDeal.from_json(entry[1])
        except ProofError as exc:
            raise ValueError(str(exc)) from None
        if len(proof.cuts) != players:
            raise ValueError(f"a room's deal is cut by all {players} seats, not {len(proof.cuts)}")
        session.answer(None, Seal(proof.sealed, tuple(range(players))))
        for seat, cut in enumerate(proof.cuts):
            session.answer(seat, Cut(cut))
    elif kind == "deal" and len(entry) == 2 and _whole(entry[1]):
        seed = None if shuffled else random.Random(entry[1]).getrandbits(48)
        session.answer(None, DealHand(seed))
    elif kind == "a" and len(entry) == 3 and (entry[1] is None or _whole(entry[1])):
        session.answer(entry[1], decode_action(session.match.rules, entry[2]))
    elif kind == "act" and len(entry) == 3 and _whole(entry[1]) and isinstance(entry[2], str):
        seat, text = entry[1], entry[2]
        session.answer(seat, parse(session.pending(), seat, text))
    else:
        raise ValueError(f"not a record entry: {str(entry)[:60]}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
