"""A room's match saved as the record's codec document (engine/record.py: the rules and options, the seed, and
every answer `Match.apply` took, seals and cuts included), and the match rebuilt from it (a resumed room).

A deal still waiting for its cuts is left out of the save: the room, resumed, seals a new one.

Rooms saved before the codec kept a list of entries of their own; they are read one way, through a session
answering the same decisions:

- `["fair", proof]`: a deal, sealed by the host's commitment and cut by every seat (the proof holds the secret
  and each seat's cut, in seat order): `Seal` of the commitment with every seat to cut, then each seat's `Cut`.
- `["a", seat, action]`: any other answer of a seat, in the record's codec (`"6-4@6"`, `{"lead": 2}`...).
- `["act", seat, action]`: a seat's answer in the protocol's words (`6-4@6`, `lead:2`, `redeal`, `decline`...).
- `["deal", seed]`: a deal in rooms saved before deals were sealed (the match dealt from `Random(seed)`).
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.decisions import Cut, CutDeck, DealHand, Seal
from ..engine.errors import DominoError
from ..engine.fairness import FairDeal, ProofError
from ..engine.match import Match
from ..engine.record import Record, RecordError, decode_action, record_from_json, record_to_json
from ..engine.rules import Rules
from ..session.seats import Waiting
from ..session.table import Session
from .wording import ActionError, parse


def room_record(match: Match, options: dict[str, Any]) -> dict[str, Any]:
    """The room's match as the record's codec document, for its save (`options`: the room's, beside its preset).
    A deal waiting for its cuts is left out (its seal and the cuts in so far): the resumed room seals anew."""
    record = match.record
    actions = record.actions
    if isinstance(match.pending(), CutDeck):
        sealed_at = max(i for i, (_, action) in enumerate(actions) if isinstance(action, Seal))
        actions = actions[:sealed_at]
    return record_to_json(Record(record.rules, record.seed, actions, record.practice, options))


def replay(rules: Rules, saved: object) -> Match:
    """The match a room's save leaves (`rules`: the room's): a codec document, or the entry list of a room
    saved before the codec. ValueError (one line) if it does not fit."""
    if isinstance(saved, dict):
        try:
            return Match.from_record(record_from_json(saved, rules))
        except RecordError as exc:
            raise ValueError(f"the saved match does not replay: {exc}") from None
    if not isinstance(saved, list):
        raise ValueError("the saved match is not a record")
    first: Any = saved[0] if saved else None
    # Rooms saved before deals were sealed: their first deal came from the match's shuffle seeded so.
    seeded = isinstance(first, list) and len(first) == 2 and first[0] == "deal" and _whole(first[1])
    match = Match(rules, first[1] if seeded else 0)
    nobody = Waiting(lambda ask: None)
    session = Session(match, [nobody] * rules.players, nobody)
    for index, entry in enumerate(saved):
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
