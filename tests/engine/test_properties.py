"""Property tests: random legal play in every preset and option mix keeps every rule's invariants."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_desktop.cli.soak import main as soak_main
from dominoes_desktop.cli.soak import play_checked_match
from dominoes_desktop.engine.analysis.playout import SUPPORTED, declined, kernel_for, play_out, supports
from dominoes_desktop.engine.decisions import (
    AnswerRedeal,
    ChooseLeader,
    DealHand,
    HandScored,
    Lead,
    PlayedOut,
    RedealOffer,
)
from dominoes_desktop.engine.errors import RulesError
from dominoes_desktop.engine.hand import Hand, HandOutcome
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import CLAIM, Move, MoveKind
from dominoes_desktop.engine.presets import PRESETS, build_rules
from dominoes_desktop.engine.rules import EndScoring, Rules
from dominoes_desktop.engine.tiles import Tile

from .helpers import start_hand

OPTION_MIXES: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {},
    optional={
        "set": st.sampled_from([6, 9, 12]),
        "players": st.integers(2, 5),
        "partners": st.booleans(),
        "style": st.sampled_from(["block", "draw"]),
        "single_round": st.booleans(),
        "target": st.integers(1, 150),
    },
)


def rules_for(preset: str, options: dict[str, Any]) -> Rules:
    """The rules `options` make with `preset`; when the mix doesn't fit the preset (3 players for partners), the
    player count, then the set, stay the preset's: every example plays a match (none is thrown away)."""
    for left_out in ((), ("players", "partners"), ("players", "partners", "set")):
        try:
            return build_rules(preset, {k: v for k, v in options.items() if k not in left_out})
        except RulesError:
            continue
    return build_rules(preset, {k: v for k, v in options.items() if k in ("style", "single_round", "target")})


# The presets the playout kernel plays; each option mix of theirs stays one it plays (rules_for keeps the layout).
KERNEL_PRESETS = sorted(p for p in PRESETS if supports(build_rules(p)))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), options=OPTION_MIXES, seed=st.integers(0, 2**32))
def test_random_matches_keep_every_invariant(preset: str, options: dict[str, Any], seed: int) -> None:
    rules = rules_for(preset, options)
    # Keep matches short: long targets add time, not coverage.
    cap = 6 if rules.scoring.counts_hands else 60
    if rules.target > cap:
        rules = rules_for(preset, options | {"target": cap})
    match, _ = play_checked_match(rules, seed)
    assert match.is_over


def greedy(hand: Hand) -> Move:
    """The playout kernel's policy with no noise, written against the generic Hand."""

    def key(m: Move) -> tuple[float, int, int, int, bool]:
        tile = m.tile
        assert tile is not None
        return (
            tile.pips + (4.0 if tile.is_double else 0.0),
            tile.high,
            tile.low,
            -1 if m.end is None else m.end,
            m.on_double,
        )

    moves = hand.legal_moves()
    return max(moves, key=key) if moves[0].kind is MoveKind.PLAY else moves[0]


def uniform(hand: Hand, index: dict[Tile, int], rnd: Callable[[], float]) -> Move:
    """The playout kernel's uniform policy written against the generic Hand: the legal moves listed by arm
    (the pose's first end, then its second), each arm's by tile index; a draw only when there is a choice,
    and always for a free pose."""
    moves = hand.legal_moves()
    if moves[0].kind is not MoveKind.PLAY:
        return moves[0]
    layout = hand.layout
    if layout.empty:
        if hand.forced_pose is not None:
            return moves[0]
        ordered = sorted(moves, key=lambda m: index[m.tile])
        return ordered[int(rnd() * len(ordered))]
    counting = hand.rules.end_scoring is not EndScoring.NONE
    first = layout.arms[0]
    first_key = (first.end, first.double_at_end and counting)
    ordered = sorted(moves, key=lambda m: ((m.end, m.on_double) != first_key, index[m.tile]))
    return ordered[int(rnd() * len(ordered))] if len(ordered) > 1 else ordered[0]


def hand_part_way(preset: str, options: dict[str, Any], seed: int, prefix: int) -> Hand:
    """A line-game hand dealt from `seed`, up to `prefix` random moves in (fewer when one more would end it)."""
    rules = rules_for(preset, options)
    assert supports(rules), declined(rules)
    match = Match(rules, seed)
    hand = start_hand(match)
    rng = random.Random(seed)
    for _ in range(prefix):
        after = hand.copy()
        after.apply(rng.choice(hand.legal_moves()))
        if after.is_over:  # nothing would be left to play out
            break
        hand = after
    return hand


def played_by_the_hand(hand: Hand, policy: Callable[[Hand], Move]) -> HandOutcome:
    """`hand` played to its end by the generic engine, points claimed as they come, as the kernel does."""
    slow = hand.copy()
    while not slow.is_over or slow.pending is not None:
        slow.apply(CLAIM if slow.pending is not None else policy(slow))
    return slow.outcome_facts()


def same_outcome(fast: HandOutcome, slow: HandOutcome) -> bool:
    """Equal, but for the order of each seat's leftover tiles."""
    return fast._replace(remaining=tuple(sorted(r) for r in fast.remaining)) == slow._replace(
        remaining=tuple(sorted(r) for r in slow.remaining)
    )


PART_WAY = {
    "preset": st.sampled_from(KERNEL_PRESETS),
    "options": OPTION_MIXES,
    "seed": st.integers(0, 2**32),
    "prefix": st.integers(0, 12),
}


@settings(max_examples=120, deadline=None)
@given(**PART_WAY)
def test_the_playout_kernel_plays_exactly_like_the_hand(
    preset: str, options: dict[str, Any], seed: int, prefix: int
) -> None:
    hand = hand_part_way(preset, options, seed, prefix)
    assert same_outcome(play_out(hand, random.Random(seed).random, noise=0.0), played_by_the_hand(hand, greedy))


@settings(max_examples=120, deadline=None)
@given(**PART_WAY)
def test_random_playouts_play_uniformly_like_the_hand(
    preset: str, options: dict[str, Any], seed: int, prefix: int
) -> None:
    hand = hand_part_way(preset, options, seed, prefix)
    index = kernel_for(hand.rules.set_top, hand.rules.removed_tiles).index
    rnd = random.Random(seed + 1).random
    slow = played_by_the_hand(hand, lambda h: uniform(h, index, rnd))
    assert same_outcome(play_out(hand, random.Random(seed + 1).random), slow)


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(KERNEL_PRESETS), options=OPTION_MIXES, seed=st.integers(0, 2**32))
def test_a_hand_played_out_by_the_kernel_is_scored_but_not_archived(
    preset: str, options: dict[str, Any], seed: int
) -> None:
    rules = rules_for(preset, options)
    assert supports(rules), declined(rules)
    match = Match(rules, seed)
    while match.hand is None:
        pending = match.pending()
        if isinstance(pending, ChooseLeader):
            match.apply(pending.seats[0], Lead(pending.seats[0]))
        elif isinstance(pending, RedealOffer):
            match.apply(pending.seat, AnswerRedeal(False))
        else:
            match.apply(None, DealHand())
    assert match.hand is not None
    facts = play_out(match.hand, random.Random(seed).random)
    events = match.apply(None, PlayedOut(facts))
    result = next(e.result for e in events if isinstance(e, HandScored))
    assert result.pips == facts.pips and match.archive == []  # scored, but no moves to archive


def test_the_kernel_declines_rules_it_does_not_know() -> None:
    rules = build_rules("jamaican")
    assert supports(rules) and declined(rules) == []
    assert declined(build_rules("cross")) == ["layout=cross"]
    every_field_but_one = {name: values for name, values in SUPPORTED.items() if name != "blocked"}
    assert declined(rules, every_field_but_one) == ["blocked"], "a parameter it was not told of: decline"


def test_the_soak_command_reports_what_it_checked(capsys: Any) -> None:
    assert soak_main(["--hands", "300", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] >= 300 and len(report["checked"]) == 5
