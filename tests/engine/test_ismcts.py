"""The information-set tree search (engine/cpu/ismcts.py): one tree over the public moves, fresh worlds each
iteration, leaves valued by the exact solver or a playout."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.analysis.solver import value_bound
from dominoes_desktop.engine.cpu import expert, ismcts
from dominoes_desktop.engine.cpu.ismcts import TreeExpertPlayer, TreeResult, modelled_play, tree_search
from dominoes_desktop.engine.cpu.players import ExpertPlayer
from dominoes_desktop.engine.cpu.search import now
from dominoes_desktop.engine.knowledge import infer, sample_world
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.play_model import Record, option_chances, sightings_of
from dominoes_desktop.engine.view import PlayerView

from .test_expert import late_positions

LEAF_NODES = 200_000


def _plays(view: PlayerView) -> list[Move]:
    return [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]


def test_every_iteration_visits_one_of_the_seats_options_and_values_stay_in_bounds() -> None:
    for view in late_positions("puerto_rican", 3, seed=11, tiles_left=5):
        plays = _plays(view)
        result = tree_search(view, plays, 3, None, expert.world_weigher(view), LEAF_NODES, iterations_wanted=400)
        assert result.move in plays
        assert set(result.visits) == set(plays)
        assert sum(result.visits.values()) == result.iterations == 400
        assert result.visits[result.move] == max(result.visits.values()), "the most visited option is played"
        bound = value_bound(view.rules)
        assert all(-bound <= mean <= bound for mean in result.means.values())
        assert result.exact_leaves > 0, "five tiles a seat is small enough for the solver's leaves"


def test_without_a_node_budget_every_leaf_is_played_out() -> None:
    view = late_positions("jamaican", 1, seed=2, tiles_left=5)[0]
    result = tree_search(view, _plays(view), 1, None, None, 0, iterations_wanted=200)
    assert result.exact_leaves == 0 and sum(result.visits.values()) == 200


def test_a_search_is_reproduced_from_its_seed() -> None:
    view = late_positions("jamaican", 1, seed=6, tiles_left=4)[0]
    plays = _plays(view)
    first = tree_search(view, plays, 9, None, expert.world_weigher(view), LEAF_NODES, iterations_wanted=300)
    again = tree_search(view, plays, 9, None, expert.world_weigher(view), LEAF_NODES, iterations_wanted=300)
    assert first == again


def _sure_win(view: PlayerView, worlds: int) -> Move | None:
    """The one option that wins the hand in every sampled world under perfect play, the others losing it in
    some, if the position has it (games counted in hands: a value of +1 or -1)."""
    knowledge = infer(view)
    rng = random.Random(0)
    side = view.rules.side_of(view.seat)
    plays = _plays(view)
    lowest = dict.fromkeys(plays, 1.0)
    for _ in range(worlds):
        world = sample_world(view, knowledge, rng)
        judge = Judge(view.rules, world, 10**7)
        for move in plays:
            lowest[move] = min(lowest[move], judge.option_value(world, move, side, True, 0))
    winners = [m for m in plays if lowest[m] > 0]
    return winners[0] if len(winners) == 1 else None


def test_the_search_finds_the_one_option_that_wins_in_every_world() -> None:
    found = 0
    for view in late_positions("jamaican", 30, seed=21, tiles_left=3):
        winner = _sure_win(view, 40)
        if winner is None:
            continue
        result = tree_search(view, _plays(view), 4, None, expert.world_weigher(view), LEAF_NODES, iterations_wanted=300)
        assert result.move == winner
        assert result.means[winner] == max(result.means.values())
        found += 1
    assert found >= 2, "the positions hold sure wins to find"


def test_the_tree_expert_plays_legal_moves_within_its_clock() -> None:
    player = TreeExpertPlayer(5, movetime_ms=150.0)
    for view in late_positions("puerto_rican", 4, seed=3, tiles_left=7):
        started = now()
        chosen = player.decide(view).move
        assert now() - started < 0.6
        assert chosen in _plays(view)


def test_the_tree_experts_variants_play_legal_moves_and_hand_small_hands_to_pimc(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The modelled seats' tree and the hybrid decide legal moves; the hybrid asks PIMC (ExpertPlayer.choose)
    exactly when the seat holds fewer tiles than its threshold, and the tree otherwise."""
    pimc_asked: list[int] = []
    searched: list[int] = []
    shipped_choose = ExpertPlayer.choose

    def pimc(self: ExpertPlayer, view: PlayerView, plays: list[Move]) -> Move:
        pimc_asked.append(len(view.tiles))
        return shipped_choose(self, view, plays)

    def counted_search(view: PlayerView, *args: object, **kwargs: object) -> TreeResult:
        searched.append(len(view.tiles))
        return tree_search(view, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ExpertPlayer, "choose", pimc)
    monkeypatch.setattr(ismcts, "tree_search", counted_search)
    big = [view for view in late_positions("puerto_rican", 6, seed=5, tiles_left=7) if len(view.tiles) >= 5][:2]
    small = late_positions("puerto_rican", 2, seed=6, tiles_left=3)
    assert big and small
    hybrid = TreeExpertPlayer(3, movetime_ms=120.0, pimc_below=5)
    for view in big + small:
        assert hybrid.decide(view).move in _plays(view)
    assert pimc_asked == [len(view.tiles) for view in small]
    assert searched == [len(view.tiles) for view in big]
    modelled = TreeExpertPlayer(4, movetime_ms=120.0, modelled=True)
    for view in small:
        assert modelled.decide(view).move in _plays(view)
    assert len(searched) == len(big) + len(small) and len(pimc_asked) == len(small), "no threshold: the tree only"


def test_the_other_seats_in_the_tree_play_legal_moves_at_the_fitted_models_odds() -> None:
    view = late_positions("puerto_rican", 1, seed=13, tiles_left=6)[0]
    world = sample_world(view, infer(view), random.Random(2))
    moves = world.legal_moves()
    turns: list[Record] = [(t.seat, t.move.kind, t.move.tile, t.move.end, t.stuck_on) for t in world.history]
    turns.append((world.turn, MoveKind.PLAY, moves[0].tile, moves[0].end, ()))
    chances = option_chances(sightings_of(view.rules, turns)[-1], world.hands[world.turn])
    rng = random.Random(8)
    draws = 4000
    counts = Counter(modelled_play(world, moves, rng) for _ in range(draws))
    assert set(counts) <= set(moves)
    for move in moves:
        assert move.tile is not None and move.end is not None
        assert abs(counts[move] / draws - chances[(move.tile, move.end)]) < 0.03
