"""Random matches driven through `Match.pending()` / `Match.apply` only (seals, cuts, redeals, leaders, claims,
Muggins and let-gos included), and a summary of where a match stands: what the record's tests compare. It
uses only what the match offered before the record too, so that files made by the older code can be checked."""

from __future__ import annotations

import random
from typing import Any

from dominoes_desktop.engine.decisions import (
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    Cut,
    CutDeck,
    DealHand,
    Lead,
    LetGo,
    MatchOver,
    MugginsWindow,
    NextHand,
    PlayTurn,
    RedealOffer,
    Seal,
)
from dominoes_desktop.engine.fairness import SALT_BYTES, FairDeal, fingerprint
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import CLAIM, Move, MoveKind
from dominoes_desktop.engine.presets import build_rules

PRESETS: dict[str, tuple[str, dict[str, Any]]] = {
    "draw": ("draw", {}),
    "all_fives": ("all_fives", {"target": 150}),
    "cuban": ("cuban", {}),
    "cross_5": ("cross", {"players": 5}),
    "jamaican": ("jamaican", {}),
}


def drive(name: str, seed: int, steps: int) -> Match:
    """A match of preset `name` after `steps` random answers (fewer if it ends), dealt sealed or not at random."""
    preset, options = PRESETS[name]
    match = Match(build_rules(preset, options), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        step(match, rng)
    return match


def step(match: Match, rng: random.Random) -> bool:
    """One random answer to what the match waits for; False once it is over."""
    pending = match.pending()
    if isinstance(pending, MatchOver):
        return False
    if isinstance(pending, NextHand):
        if rng.random() < 0.5:
            seed = rng.getrandbits(64)
            salt = rng.getrandbits(8 * SALT_BYTES).to_bytes(SALT_BYTES, "little")
            cutters = tuple(s for s in range(match.rules.players) if rng.random() < 0.3)
            match.apply(None, Seal(FairDeal(seed, salt, fingerprint(seed, salt)), cutters))
        else:
            match.apply(None, DealHand())
    elif isinstance(pending, CutDeck):
        seat = pending.seats[0] if pending.seats else None
        match.apply(seat, Cut(bytes([rng.randrange(256), rng.randrange(256)])))
    elif isinstance(pending, RedealOffer):
        match.apply(pending.seat, AnswerRedeal(rng.random() < 0.6))
    elif isinstance(pending, ChooseLeader):
        match.apply(None, Lead(rng.choice(pending.seats)))
    elif isinstance(pending, PlayTurn):
        match.apply(pending.seat, rng.choice(pending.moves))
    elif isinstance(pending, ClaimWindow):
        match.apply(pending.seat, CLAIM if rng.random() < 0.7 else LetGo())
    else:
        assert isinstance(pending, MugginsWindow)
        caller = rng.choice(pending.seats)
        muggins = Move(MoveKind.MUGGINS, caller=caller)
        match.apply(caller, muggins if rng.random() < 0.5 else LetGo())
    return True


def summary(match: Match) -> dict[str, Any]:
    """Where the match stands, in JSON: scores, results, the hand in play, what it waits for."""
    hand = match.hand
    return {
        "hand_index": match.hand_index,
        "scores": list(match.scores),
        "results": [r.as_json() for r in match.results],
        "winner": match.winner,
        "practice": match.practice,
        "pending": repr(match.pending()),
        "proofs": {str(h): p.as_json() for h, p in sorted(match.proofs.items())},
        "chosen": sorted(match.chosen_deals),
        "archive": [[repr(deal), [t.move.notation() for t in played.history]] for deal, played in match.archive],
        "deal": repr(match.deal),
        "hand": None
        if hand is None
        else {
            "hands": [[str(t) for t in tiles] for tiles in hand.hands],
            "stock": [str(t) for t in hand.stock],
            "table": [str(t) for t in hand.layout.tiles_on_table()],
            "end_points": list(hand.end_points),
            "turn": hand.turn,
            "pending": repr(hand.pending),
            "outcome": None if hand.outcome is None else hand.outcome.value,
            "history": [[t.seat, t.move.notation()] for t in hand.history],
        },
    }
