"""The fair coach over every world (session 27): the same line for any seed, and a draw game whose stock is empty
judged over its every world. Cases from an outside reader of docs/COACH.md, in tests/data/coach-cases."""

from __future__ import annotations

import json
from fractions import Fraction

from dominoes_desktop.engine.analysis.coach import RecordedHand, hands_of_case
from dominoes_desktop.engine.analysis.fair import FairJudged, WorldJudged, judge_hand_view, weighted_means
from dominoes_desktop.engine.analysis.reasons import position_before
from dominoes_desktop.engine.analysis.worlds import count_worlds, view_at
from dominoes_desktop.engine.rules import Style

from .helpers import DATA

CASES = DATA / "coach-cases"


def _recorded(name: str) -> RecordedHand:
    (recorded,) = hands_of_case(json.loads((CASES / name).read_text()))
    return recorded


def _worlds_as_json(fair: FairJudged) -> list[str]:
    """The decision's worlds, each as printed, in one order whatever the order drawn."""
    return sorted(json.dumps(w.as_json(fair.judged.seat, fair.judged.options), sort_keys=True) for w in fair.worlds)


def test_a_decision_judged_over_every_world_prints_the_same_for_any_seed() -> None:
    """Ply 22 of the case: 60 worlds, every one judged for any seed. Summed in the order each seed drew them, the
    means differed in their last bit (`6-3@3` printed 1 for seed 0 and 1.0 for seed 2)."""
    recorded = _recorded("jamaican-every-world-late.json")
    by_seed = {seed: judge_hand_view(recorded, seats=(1,), seed=seed) for seed in (0, 2)}
    lines = {seed: {f.judged.ply: f for f in found} for seed, found in by_seed.items()}
    checked = [ply for ply, fair in lines[0].items() if fair.whole and lines[2][ply].whole]
    assert 22 in checked
    for ply in checked:
        a, b = lines[0][ply], lines[2][ply]
        assert json.dumps(a.as_json()) == json.dumps(b.as_json())
        assert _worlds_as_json(a) == _worlds_as_json(b)
    assert lines[0][22].as_json()["values"]["6-3@3"] == 1
    assert [w.as_json(1, lines[0][22].judged.options) for w in lines[0][22].worlds] != [
        w.as_json(1, lines[2][22].judged.options) for w in lines[2][22].worlds
    ], "the seeds should draw the worlds in other orders"


def test_the_weighted_means_are_exact_and_free_of_the_worlds_order() -> None:
    weights = [0.1, 0.2, 0.3, 0.4, 1 / 3, 1e-17, 2.5e-3]
    rows = [(1.0, 3.0 * k - 5.5, -7.0, 0.1 * k) for k in range(len(weights))]
    worlds = [WorldJudged((), (), w, row, True) for w, row in zip(weights, rows, strict=True)]
    means = weighted_means(worlds, 4)
    assert means[0] == 1.0 and means[2] == -7.0
    for k in range(len(worlds)):
        assert weighted_means(worlds[k:] + worlds[:k], 4) == means
        assert weighted_means(list(reversed(worlds[k:] + worlds[:k])), 4) == means
    exact = [
        sum(Fraction(w) * Fraction(row[o]) for w, row in zip(weights, rows, strict=True))
        / sum(Fraction(w) for w in weights)
        for o in range(4)
    ]
    assert means == [float(x) for x in exact]


def test_a_draw_game_whose_stock_is_empty_is_judged_over_every_world() -> None:
    """Ply 34 of a two-player draw game: the stock drawn out, seat 1's six tiles are every tile seat 0 has not
    seen: one world, judged once, not sixteen draws of it. (Before the inference of what a seat that drew lacks
    was mended, no deal fitted the passes as read, and the sampler's worlds served.)"""
    recorded = _recorded("classic_draw-players2-stock-emptied.json")
    position = position_before(recorded, 34)
    assert not position.stock and recorded.rules.style is not Style.BLOCK
    assert count_worlds(view_at(position, 0, recorded.index)) == 1
    fair = {f.judged.ply: f for f in judge_hand_view(recorded, seats=(0,), seed=0)}[34]
    assert fair.whole and len(fair.worlds) == 1 and fair.margin == 0.0
    world = fair.worlds[0]
    assert sorted(world.hands[1]) == sorted(position.hands[1]) and world.stock == ()
