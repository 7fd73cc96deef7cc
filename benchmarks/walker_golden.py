"""The readers of recorded hands, pinned: writes tests/data/walker_golden.json, which
tests/engine/test_walker_golden.py compares against (the coach, the fair coach, `forced_moves` and a seat's
public replay must say the same after the record's walkers became one).

    python benchmarks/walker_golden.py [--write]

Each match is played by a seeded random driver through `Match.apply` (claims taken or let go at random), so
the hands do not change when the CPU players do; the file keeps the records (the record's codec) and what
every reader said of their hands on the code that wrote it."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dominoes_desktop.engine.analysis.coach import judge_hand, recorded_from_archive  # noqa: E402
from dominoes_desktop.engine.analysis.fair import forced_moves, judge_hand_view  # noqa: E402
from dominoes_desktop.engine.deal import Deal  # noqa: E402
from dominoes_desktop.engine.decisions import (  # noqa: E402
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    DealHand,
    Lead,
    LetGo,
    MatchOver,
    MugginsWindow,
    NextHand,
    PlayTurn,
    RedealOffer,
)
from dominoes_desktop.engine.hand import Hand  # noqa: E402
from dominoes_desktop.engine.match import Match  # noqa: E402
from dominoes_desktop.engine.moves import CLAIM, Move, MoveKind  # noqa: E402
from dominoes_desktop.engine.presets import build_rules  # noqa: E402
from dominoes_desktop.engine.record import Record, record_to_json  # noqa: E402
from dominoes_desktop.engine.rules import Rules  # noqa: E402
from dominoes_desktop.engine.view import replay_moves  # noqa: E402

GOLDEN = ROOT / "tests" / "data" / "walker_golden.json"
# (preset, options, match seed, hands): Jamaican, All Fives with claims, a draw game with stock, Cuban (with
# redeal offers), a cross of five
MATCHES: list[tuple[str, dict[str, Any], int, int]] = [
    ("jamaican", {}, 11, 2),
    ("all_fives", {}, 12, 2),
    ("draw", {}, 13, 2),
    ("cuban", {}, 14, 1),
    ("cross", {"players": 5}, 15, 1),
]
BUDGET = 200_000  # the coach's node budget here: some decisions exact, the largest estimated
FAIR_SEATS = (0,)


def played_record(preset: str, options: dict[str, Any], seed: int, hands: int) -> Record:
    """A match of `hands` finished hands, every decision answered by a seeded random choice."""
    rules = build_rules(preset, options)
    rng = random.Random(seed)
    match = Match(rules, seed)
    while len(match.results) < hands:
        pending = match.pending()
        if isinstance(pending, MatchOver):
            break
        if isinstance(pending, NextHand):
            match.apply(None, DealHand())
        elif isinstance(pending, RedealOffer):
            match.apply(pending.seat, AnswerRedeal(rng.random() < 0.3))
        elif isinstance(pending, ChooseLeader):
            match.apply(pending.seats[0], Lead(rng.choice(pending.seats)))
        elif isinstance(pending, ClaimWindow):
            match.apply(pending.seat, CLAIM if rng.random() < 0.6 else LetGo())
        elif isinstance(pending, MugginsWindow):
            caller = pending.seats[0]
            take = rng.random() < 0.6
            match.apply(caller, Move(MoveKind.MUGGINS, caller=caller) if take else LetGo())
        elif isinstance(pending, PlayTurn):
            match.apply(pending.seat, rng.choice(pending.moves))
        else:
            raise SystemExit(f"the driver has no answer to {pending}")
    return Record(match.rules, match.seed, match.record.actions, options=options)


def readings(record: Record) -> list[dict[str, Any]]:
    """What every reader says of each finished hand of the record."""
    match = Match.from_record(record)
    rules = match.rules
    found = []
    for index, (deal, played) in enumerate(match.archive):
        recorded = recorded_from_archive(rules, index, deal, played)
        coach = [j.as_json() for j in judge_hand(recorded, budget=BUDGET)]
        fair = [f.as_json() for f in judge_hand_view(recorded, FAIR_SEATS, seed=index + 1, budget=BUDGET)]
        forced = [[ply, seat, move.notation(), list(ends)] for ply, seat, move, ends in forced_moves(recorded)]
        public = []
        history = played.history
        for cut in sorted({0, len(history) // 3, len(history) // 2, len(history)}):
            public.append(public_replay(rules, deal, played, cut))
        found.append({"index": index, "coach": coach, "fair": fair, "forced": forced, "public": public})
    return found


def public_replay(rules: Rules, deal: Deal, played: Hand, cut: int) -> dict[str, Any]:
    """What a seat's public replay of the first `cut` moves of `played` says (the test reads it the same way)."""
    history = played.history
    drawn = sum(1 for t in history[:cut] if t.move.kind is MoveKind.DRAW)
    hand, points = replay_moves(rules, played.leader, played.forced_pose, history[:cut], len(deal.stock) - drawn)
    return {
        "moves": cut,
        "points": [list(p) for p in points],
        "turn": hand.turn,
        "ends": list(hand.layout.open_ends()),
        "end_points": list(hand.end_points),
        "over": hand.is_over,
    }


def golden() -> dict[str, Any]:
    out = []
    for preset, options, seed, hands in MATCHES:
        record = played_record(preset, options, seed, hands)
        out.append({"preset": preset, "record": record_to_json(record), "hands": readings(record)})
    return {"budget": BUDGET, "fair_seats": list(FAIR_SEATS), "matches": out}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write tests/data/walker_golden.json")
    args = parser.parse_args()
    data = golden()
    if args.write:
        GOLDEN.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"wrote {GOLDEN} ({GOLDEN.stat().st_size} bytes)")
    else:
        for m in data["matches"]:
            print(m["preset"], [len(h["coach"]) for h in m["hands"]], [len(h["fair"]) for h in m["hands"]])


if __name__ == "__main__":
    main()
