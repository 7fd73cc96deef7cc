"""Property tests: random legal play in every preset and option mix keeps every rule's invariants."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_desktop.engine.errors import RulesError
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import CLAIM, Move, MoveKind
from dominoes_desktop.engine.playout import play_out, supports
from dominoes_desktop.engine.presets import PRESETS, build_rules
from dominoes_desktop.engine.rules import Rules
from dominoes_desktop.engine.soak import main as soak_main
from dominoes_desktop.engine.soak import play_checked_match

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


def rules_for(preset: str, options: dict[str, Any]) -> Rules | None:
    try:
        return build_rules(preset, options)
    except RulesError:
        return None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), options=OPTION_MIXES, seed=st.integers(0, 2**32))
def test_random_matches_keep_every_invariant(preset: str, options: dict[str, Any], seed: int) -> None:
    rules = rules_for(preset, options)
    if rules is None:
        return
    # Keep matches short: long targets add time, not coverage.
    cap = 6 if rules.scoring.counts_hands else 60
    if rules.target > cap:
        rules = build_rules(preset, options | {"target": cap})
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


@settings(max_examples=120, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    options=OPTION_MIXES,
    seed=st.integers(0, 2**32),
    prefix=st.integers(0, 12),
)
def test_the_playout_kernel_plays_exactly_like_the_hand(
    preset: str, options: dict[str, Any], seed: int, prefix: int
) -> None:
    rules = rules_for(preset, options)
    if rules is None or not supports(rules):
        return
    match = Match(rules, seed)
    match.deal_next()
    hand = match.start_hand()
    rng = random.Random(seed)
    for _ in range(prefix):  # start the kernel from a position part-way through the hand
        if hand.is_over:
            return
        hand.apply(rng.choice(hand.legal_moves()))
    if hand.is_over:
        return
    fast = play_out(hand, rng.random, noise=0.0)
    slow = hand.copy()
    if slow.pending is not None:
        slow.apply(CLAIM)
    while not slow.is_over:
        slow.apply(greedy(slow))
        if slow.pending is not None:
            slow.apply(CLAIM)
    facts = slow.outcome_facts()
    assert fast._replace(remaining=tuple(sorted(r) for r in fast.remaining)) == facts._replace(
        remaining=tuple(sorted(r) for r in facts.remaining)
    )


def test_the_soak_command_reports_what_it_checked(capsys: Any) -> None:
    assert soak_main(["--hands", "300", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] >= 300 and len(report["checked"]) == 5
