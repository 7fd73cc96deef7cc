"""benchmarks/expert_losses.py: the Expert's choices judged on the true deal, by phase (session 26)."""

from __future__ import annotations

import random

import pytest

from benchmarks.expert_losses import (
    Record,
    phases,
    reference_choice,
    told_choice,
    told_rows,
    told_seats,
    told_world,
    true_values,
    variant_choice,
    variant_rows,
)
from benchmarks.strength import SWITCHED_EXPERTS
from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.cpu import expert, search
from dominoes_desktop.engine.knowledge import infer, sample_world
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.view import PlayerView

from .helpers import start_hand
from .test_expert_weights import WORLDS, hand_means


def late_match(tiles_left: int, seed: int) -> tuple[Match, PlayerView]:
    """A Puerto Rican match whose seat to move holds `tiles_left` tiles and has a choice (heaviest-first play)."""
    match = Match(build_rules("puerto_rican"), seed)
    hand = start_hand(match)
    while True:
        plays = [m for m in hand.legal_moves() if m.kind is MoveKind.PLAY]
        if len(hand.hands[hand.turn]) <= tiles_left and len(plays) > 1:
            return match, PlayerView.of(match, hand.turn)
        hand.apply(max(hand.legal_moves(), key=lambda m: m.tile.pips if m.tile else -1))


def test_the_true_values_are_the_seers_and_a_random_reply_lies_at_or_above_them() -> None:
    for seed in (3, 11, 17):
        match, view = late_match(4, seed)
        assert match.hand is not None
        plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
        before = [list(h) for h in match.hand.hands]
        found = true_values(match, view, plays, 10**7, True)
        side = view.rules.side_of(view.seat)
        judge = Judge(view.rules, match.hand.copy(), 10**7)
        assert found["seer"] == [judge.option_value(match.hand.copy(), m, side, True, 0) for m in plays]
        # The next seat (an opponent) replying at random does no better for its side than replying perfectly.
        assert all(r >= s - 1e-9 for r, s in zip(found["rnd"], found["seer"], strict=True))
        assert [list(h) for h in match.hand.hands] == before  # the match's hand is left as it was


def test_a_solve_past_its_budget_is_unsolved() -> None:
    match, view = late_match(7, 5)
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    assert true_values(match, view, plays, 10, True) == {"seer": None, "rnd": None}


def record(tiles: int, path: str, cost: float, **more: object) -> Record:
    return {"tiles": tiles, "path": path, "ms": 5.0, "cost_seer": cost, **more}


def test_the_phases_count_decisions_costs_and_the_unsolved() -> None:
    records = [record(7, "exact", 4.0), record(7, "exact", 0.0), record(7, "playouts", 6.0), record(3, "exact", 2.0)]
    records.append({"tiles": 7, "path": "exact", "ms": 5.0})  # unsolved: no cost
    rows = {(r["tiles"], r["path"]): r for r in phases(records, "cost_seer")}
    assert rows[(7, "exact")]["decisions"] == 3 and rows[(7, "exact")]["solved"] == 2
    assert rows[(7, "exact")]["share_cost"] == 0.5 and rows[(7, "exact")]["mean_cost"] == 2.0
    assert rows[(7, "playouts")]["total_cost"] == 6.0
    assert rows[("all", "all")]["decisions"] == 5 and rows[("all", "all")]["total_cost"] == 12.0
    assert [r["tiles"] for r in phases(records, "cost_seer")] == [7, 7, 3, "all"]


def test_a_variant_is_set_against_the_expert_replayed_and_the_replay_against_the_expert() -> None:
    records = [
        record(7, "exact", 4.0, expert_seer=2.0, expert_flat_seer=0.0),
        record(7, "exact", 0.0, expert_seer=0.0, expert_flat_seer=3.0),
    ]
    rows = {(r["variant"], r["tiles"]): r for r in variant_rows(records, "cost_seer", ("expert", "expert_flat"))}
    assert rows[("expert", 7)]["difference"] == pytest.approx(-1.0)  # (2 - 4 + 0 - 0) / 2
    assert rows[("expert_flat", 7)]["difference"] == pytest.approx(0.5)  # (0 - 2 + 3 - 0) / 2
    assert rows[("expert_flat", "all")]["cost_differs"] == 2


def test_a_variants_switches_are_set_for_its_choice_only(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float] = []

    def choice(view: PlayerView, plays: list[object], seed: int, movetime: float) -> object:
        seen.append(expert.WEIGHT_POWER)
        return plays[0]

    monkeypatch.setattr(expert, "expert_choice", choice)
    _, view = late_match(4, 3)
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    for name in ("expert_flat", "expert_temper", "expert_sharp"):
        assert variant_choice(view, plays, SWITCHED_EXPERTS[name], 1) == plays[0]
    assert seen == [0.0, 0.5, 2.0] and expert.WEIGHT_POWER == 1.0


def test_the_reference_is_the_best_mean_over_all_its_worlds_and_leaves_the_early_stop_as_it_was() -> None:
    settled_after = expert.SETTLED_AFTER
    for seed in (3, 11):
        _, view = late_match(4, seed)
        plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
        means = hand_means(view, plays, 7, 1.0)
        assert reference_choice(view, plays, WORLDS, 7) == max(plays, key=lambda m: means[m])
    assert settled_after == expert.SETTLED_AFTER


def test_the_told_views_give_the_partner_one_opponent_or_both() -> None:
    rules = build_rules("puerto_rican")
    found = {name: told_seats(rules, 1, name) for name in ("replay", "partner", "next", "previous", "opponents")}
    assert found == {"replay": (), "partner": (3,), "next": (2,), "previous": (0,), "opponents": (0, 2)}


def test_a_told_world_holds_the_told_hands_and_deals_the_rest_of_the_unseen_tiles() -> None:
    for seed in (3, 11, 17):
        match, view = late_match(5, seed)
        truth = match.hand
        assert truth is not None
        knowledge = infer(view)
        for told in (told_seats(view.rules, view.seat, "partner"), told_seats(view.rules, view.seat, "next")):
            rng = random.Random(seed)
            worlds = [told_world(view, knowledge, rng, truth, told) for _ in range(20)]
            for world in worlds:
                assert world.hands[view.seat] == list(view.tiles)
                assert all(world.hands[s] == truth.hands[s] for s in told)
                assert [len(h) for h in world.hands] == list(view.hand_sizes)
                others = sorted(t for s, h in enumerate(world.hands) if s != view.seat for t in h)
                assert others == sorted(knowledge.unseen)
            # The hands left hidden are drawn, not copied from the truth.
            hidden = next(x for x in range(4) if x != view.seat and x not in told)
            assert len({tuple(sorted(w.hands[hidden])) for w in worlds}) > 1
        # Told both opponents, every tile being dealt, the one world left is the true deal.
        world = told_world(view, knowledge, random.Random(1), truth, told_seats(view.rules, view.seat, "opponents"))
        assert [sorted(h) for h in world.hands] == [sorted(h) for h in truth.hands]


def test_told_every_hand_the_expert_chooses_a_play_of_the_best_true_value_and_its_sampler_is_put_back() -> None:
    for seed in (3, 11):
        match, view = late_match(5, seed)
        assert match.hand is not None
        plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
        values = true_values(match, view, plays, 10**7, False)["seer"]
        move = told_choice(view, plays, match.hand, told_seats(view.rules, view.seat, "opponents"), 5)
        assert values[plays.index(move)] == max(values)
    assert expert.sample_world is sample_world and search.sample_world is sample_world


def test_the_told_rows_are_the_mean_costs_of_each_view_and_the_mistakes_kept() -> None:
    views = {"replay": 30.0, "partner": 0.0, "next": 20.0, "previous": 10.0, "opponents": 0.0}
    records = [record(5, "exact", 40.0, **{f"told_{k}_seer": v for k, v in views.items()})]
    records.append(record(5, "exact", 20.0, **{f"told_{k}_seer": 0.0 for k in views}))
    records.append(record(5, "exact", 2.0))  # not a big mistake: not asked again
    rows = {r["told"]: r for r in told_rows(records, "cost_seer", 20.0)}
    assert rows["own"]["decisions"] == 2 and rows["own"]["mean_cost"] == 30.0 and rows["own"]["kept"] == 1.0
    assert rows["replay"]["mean_cost"] == 15.0 and rows["replay"]["kept"] == 0.5
    assert rows["next"]["kept"] == 0.5 and rows["previous"]["kept"] == 0.0 and rows["partner"]["mean_cost"] == 0.0
